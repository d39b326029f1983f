//! The matchmaking board (Vadhu Var Mandal): member accounts, their sign-in and the guard on
//! member routes, and the profiles with their moderation.
pub(crate) mod entity;
mod extractor;
pub mod profiles;
mod routes;

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

pub use extractor::{MemberOrAdmin, MemberUser};
pub use profiles::{ProfileFields, ProfileUpdate};
pub use routes::{MemberLogin, MemberRegistration};

pub fn router() -> OpenApiRouter<AppState> {
    routes::router().merge(profiles::router())
}
