//! The matchmaking board (Vadhu Var Mandal): member accounts, their sign-in, a forgotten
//! password, the guard on member routes, and the profiles with their moderation.
pub(crate) mod entity;
mod extractor;
mod password;
pub mod profiles;
mod routes;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub use extractor::{MemberOrAdmin, MemberUser};
pub use profiles::{ProfileFields, ProfileUpdate};
pub use password::{ForgottenPassword, MemberPasswordReset, NewMemberPassword};
pub use routes::{MemberLogin, MemberRegistration};

pub fn router() -> OpenApiRouter<AppState> {
    routes::router().merge(password::router()).merge(profiles::router())
}
