//! The uploads core: files judged by their content, cleaned of camera metadata, stored under
//! generated names, with small WebP copies of images for phones. Shared by the media lists and
//! the matrimonial section.
pub mod detect;
pub mod imaging;
