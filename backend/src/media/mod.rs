//! The four image lists (event posters, the photo gallery, magazine covers, employment
//! notices): one table, one generic implementation parameterised by kind.
mod entity;
mod kind;
mod routes;

pub use kind::MediaKind;
pub use routes::{
    Career, Events, Gallery, GalleryUpload, Kind, Magazines, MediaItem, MediaList, MediaUpload, MediaVariant, router,
};
