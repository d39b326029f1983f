//! The four image lists (event posters, the photo gallery, magazine covers, employment
//! notices): one table, one generic implementation; each list's facts are stated once, in
//! `kinds.rs`.
pub(crate) mod entity;
mod item;
mod kinds;
mod list;
mod routes;
mod upload;

pub use item::{MediaItem, MediaVariant};
pub use kinds::{MediaFacts, MediaKind};
pub use list::MediaList;
pub use routes::router;
pub use upload::{Direction, GalleryUpload, MediaEdit, MediaMove, MediaUpload};
