//! The image lists and their facts, each stated once: the routes, the OpenAPI operations, the
//! exports, the live events and the public snapshots all read them from [`MediaKind::facts`].
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::uploads::{
    Folder,
    detect::{FileKind, IMAGES},
};

/// Which list an image belongs to; its lowercase name is its path stem (`/api/{name}`), the
/// table's `kind` and the name in live events.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MediaKind {
    Events,
    Gallery,
    Magazines,
    Career,
}

/// Everything that distinguishes one image list from another.
#[derive(Debug, Clone, Copy)]
pub struct MediaFacts {
    /// `/api/{name}`, `/api/{name}/{id}`, `/api/{name}/export/{excel,pdf}`; also its OpenAPI tag,
    /// its export's file name and its public snapshot's key.
    pub name: &'static str,
    /// The OpenAPI tag's description.
    pub description: &'static str,
    /// Where its files live (and so the URL they are served at).
    pub folder: Folder,
    /// The title of its administrator list and its exports, in English and Marathi.
    pub title: (&'static str, &'static str),
    /// Photos that belong to a month (the gallery): uploaded with a year and month, filtered
    /// and listed by them.
    pub by_month: bool,
    /// Also takes a PDF (a magazine issue), shown by its first page.
    pub takes_pdf: bool,
}

impl MediaKind {
    pub const ALL: [MediaKind; 4] = [MediaKind::Events, MediaKind::Gallery, MediaKind::Magazines, MediaKind::Career];

    /// The files its upload takes: images, and for a kind that takes PDFs, a PDF too.
    pub fn accepts(self) -> &'static [FileKind] {
        const WITH_PDF: &[FileKind] = &[FileKind::Jpeg, FileKind::Png, FileKind::Webp, FileKind::Gif, FileKind::Pdf];
        if self.facts().takes_pdf { WITH_PDF } else { IMAGES }
    }

    pub const fn facts(self) -> &'static MediaFacts {
        match self {
            MediaKind::Events => &MediaFacts {
                name: "events",
                description: "Event posters",
                folder: Folder::Uploads,
                title: ("Event posters", "कार्यक्रमांची पोस्टर"),
                by_month: false,
                takes_pdf: false,
            },
            MediaKind::Gallery => &MediaFacts {
                name: "gallery",
                description: "The photo gallery",
                folder: Folder::Uploads,
                title: ("Gallery", "छायाचित्र दालन"),
                by_month: true,
                takes_pdf: false,
            },
            MediaKind::Magazines => &MediaFacts {
                name: "magazines",
                description: "Magazines: a cover image, or the issue as a PDF shown by its first page",
                folder: Folder::Magazines,
                title: ("Magazines", "मासिके"),
                by_month: false,
                takes_pdf: true,
            },
            MediaKind::Career => &MediaFacts {
                name: "career",
                description: "Employment notices",
                folder: Folder::Career,
                title: ("Employment", "रोजगार"),
                by_month: false,
                takes_pdf: false,
            },
        }
    }

    /// The name in paths, in the table and in live events.
    pub const fn as_str(self) -> &'static str {
        self.facts().name
    }

    /// Where its files live (and so the URL they are served at).
    pub fn folder(self) -> Folder {
        self.facts().folder
    }

    /// The public snapshot kinds its changes make stale.
    pub fn cache_kinds(self) -> &'static [&'static str] {
        std::slice::from_ref(&self.facts().name)
    }
}
