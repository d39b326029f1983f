//! The four image lists, by name.
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::uploads::Folder;

/// Which list an image belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MediaKind {
    Events,
    Gallery,
    Magazines,
    Career,
}

impl MediaKind {
    pub const ALL: [MediaKind; 4] = [MediaKind::Events, MediaKind::Gallery, MediaKind::Magazines, MediaKind::Career];

    /// The name in paths, in the table and in live events.
    pub const fn as_str(self) -> &'static str {
        match self {
            MediaKind::Events => "events",
            MediaKind::Gallery => "gallery",
            MediaKind::Magazines => "magazines",
            MediaKind::Career => "career",
        }
    }

    /// Where its files live (and so the URL they are served at).
    pub fn folder(self) -> Folder {
        match self {
            MediaKind::Events | MediaKind::Gallery => Folder::Uploads,
            MediaKind::Magazines => Folder::Magazines,
            MediaKind::Career => Folder::Career,
        }
    }

    /// The public snapshot kinds its changes make stale.
    pub fn cache_kinds(self) -> &'static [&'static str] {
        match self {
            MediaKind::Events => &["events"],
            MediaKind::Gallery => &["gallery"],
            MediaKind::Magazines => &["magazines"],
            MediaKind::Career => &["career"],
        }
    }
}
