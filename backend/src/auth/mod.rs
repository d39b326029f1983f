//! Administrator accounts, password hashing, tokens and the guard on administrator routes.
pub mod entity;
pub mod extractor;
pub mod password;
mod routes;
mod sign_in;
mod users;
pub mod throttle;
pub mod token;

pub use extractor::AdminUser;
pub use sign_in::sign_in;
pub use routes::{AdminCredentials, AdminLogin, MessageResponse, PasswordChange, create_admin_from_cli};
pub use users::{AdminAccount, AdminRolesUpdate, AdminUserCreate, PasswordReset};

/// The administrators' routes: sign-in and registration, and the owners' management of
/// administrators.
pub fn router() -> utoipa_axum::router::OpenApiRouter<crate::state::AppState> {
    routes::router().merge(users::router())
}
