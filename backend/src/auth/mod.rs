//! Administrator accounts, password hashing, tokens and the guard on administrator routes.
pub mod entity;
pub mod extractor;
pub mod password;
mod routes;
pub mod throttle;
pub mod token;

pub use extractor::AdminUser;
pub use routes::{AdminCredentials, AdminLogin, MessageResponse, PasswordChange, create_admin, router};
