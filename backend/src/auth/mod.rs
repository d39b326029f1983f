//! Administrator accounts, password hashing, tokens and the guard on administrator routes.
pub mod entity;
pub mod extractor;
pub mod password;
mod routes;
mod sign_in;
pub mod throttle;
pub mod token;

pub use extractor::AdminUser;
pub use sign_in::sign_in;
pub use routes::{AdminCredentials, AdminLogin, MessageResponse, PasswordChange, create_admin, router};
