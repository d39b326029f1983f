//! The organisation's own content (docs/DESIGN.md §12): one document, edited as a draft by the
//! `content` role and published as versions; `published` keeps the current one in memory for the
//! pages, `GET /api/site` and the documents' letterhead.
pub mod content;
pub mod engine;
pub mod entity;
pub mod manifest;
pub mod pages;
pub mod published;
pub mod routes;
pub mod rules;

pub use content::SiteContent;
pub use published::{Published, PublishedSite};
pub use routes::{admin_router, public_router};
