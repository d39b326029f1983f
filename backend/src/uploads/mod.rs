//! The uploads core: files judged by their content, cleaned of camera metadata, stored under
//! generated names, with small WebP copies of images for phones, and served with long-lived
//! caching. Shared by the media lists and the matrimonial section.
pub mod detect;
pub mod imaging;
pub mod jpeg_metadata;
pub mod private;

mod container;
mod file_response;
mod files;
mod folder;
mod parts;
mod pdf_cover;
mod serve;
mod storage;

pub use detect::{BIODATA, FileKind, IMAGES};
pub use files::{Copied, Files, bucket_store, copy_all};
pub use folder::{Folder, is_stored_name, url, variant_name};
pub use parts::{CHOOSE_FILE, CHOOSE_IMAGE, Parts, UNKNOWN_FIELD, read_optional_parts, read_parts};
pub use serve::router;
pub use storage::{StoredFile, refusal, remove, store};
