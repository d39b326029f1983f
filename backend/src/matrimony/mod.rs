//! The matchmaking board (Vadhu Var Mandal): member accounts, their sign-in and the guard on
//! member routes.
mod entity;
mod extractor;
mod routes;

pub use extractor::{MemberOrAdmin, MemberUser};
pub use routes::{MemberLogin, MemberRegistration, router};
