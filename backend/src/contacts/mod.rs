//! Messages sent through the contact page's Get In Touch form.
pub(crate) mod entity;
mod routes;

pub use entity::Model as Contact;
pub use routes::{ContactInput, ContactList, ContactReview, router};
