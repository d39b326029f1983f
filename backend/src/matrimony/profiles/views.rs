//! The profiles as the routes answer with them: their status, the members' view, the
//! administrators' view, with short-lived signed links to the private files.
use axum::{
    http::{HeaderValue, header},
    response::Response,
};
use chrono::{DateTime, FixedOffset, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::entity::Model;
use crate::{
    state::AppState,
    uploads::{self, private::SignedFile},
    validation::{age_on, today_in_india},
};

/// The width of the photo variant handed out as the thumbnail: the widest made up to this.
pub const THUMB_MAX_WIDTH: u32 = 640;

/// Where a profile stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ProfileStatus {
    /// Registered, not visible to members.
    Pending,
    /// On the matches gallery.
    Uploaded,
}

impl ProfileStatus {
    pub const fn as_str(self) -> &'static str {
        match self {
            ProfileStatus::Pending => "pending",
            ProfileStatus::Uploaded => "uploaded",
        }
    }

    pub(super) fn of(model: &Model) -> Self {
        if model.status == ProfileStatus::Uploaded.as_str() { ProfileStatus::Uploaded } else { ProfileStatus::Pending }
    }
}

/// A profile as members see it on the matches gallery: never an e-mail address, a mobile
/// number or anything of an account. Files come as short-lived signed links.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct PublicProfile {
    pub id: i32,
    #[schema(example = "Son")]
    pub profile_for: String,
    #[schema(example = "सुरेश पाटील")]
    pub name: String,
    #[schema(example = "Male")]
    pub gender: String,
    #[schema(value_type = String, format = Date, example = "1998-04-12")]
    pub dob: NaiveDate,
    /// Whole years today, in India.
    #[schema(example = 28)]
    pub age: i32,
    pub religion: String,
    pub caste: String,
    pub occupation: String,
    pub education: String,
    pub location: String,
    pub height: String,
    pub about: String,
    /// The photo as uploaded (without camera metadata).
    pub photo: Option<SignedFile>,
    /// A smaller WebP copy of the photo for cards and thumbnails, when the photo is wide enough
    /// to have one.
    pub photo_thumb: Option<SignedFile>,
    /// Of the photo as displayed.
    pub photo_width: Option<u32>,
    pub photo_height: Option<u32>,
    /// The biodata (PDF or image), when one was sent.
    pub biodata: Option<SignedFile>,
    /// When an administrator put it on the gallery (null while pending).
    #[schema(value_type = Option<String>, format = DateTime)]
    pub uploaded_at: Option<DateTime<FixedOffset>>,
}

/// A profile as administrators see it: the public view, the contact details, its status and
/// the linked member account.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct AdminProfile {
    #[serde(flatten)]
    pub profile: PublicProfile,
    #[schema(example = "suresh@example.org")]
    pub email: String,
    #[schema(example = "9876543210")]
    pub mobile: String,
    pub status: ProfileStatus,
    /// The member account it belongs to (none for a profile registered before profiles had one).
    pub account_id: Option<i32>,
    #[schema(value_type = String, format = DateTime)]
    pub created_at: DateTime<FixedOffset>,
    #[schema(value_type = String, format = DateTime)]
    pub updated_at: DateTime<FixedOffset>,
}

/// The links and values of one row, made at one moment.
pub(super) struct Viewer<'a> {
    state: &'a AppState,
    now: DateTime<Utc>,
    pub(super) today: NaiveDate,
}

impl<'a> Viewer<'a> {
    pub(super) fn new(state: &'a AppState) -> Self {
        Self { state, now: Utc::now(), today: today_in_india() }
    }

    fn link(&self, name: &str) -> SignedFile {
        self.state.links.link(name, self.now)
    }

    pub(super) fn public(&self, m: &Model) -> PublicProfile {
        let thumb = variants(m).filter(|width| *width <= THUMB_MAX_WIDTH).max();
        PublicProfile {
            id: m.id,
            profile_for: m.profile_for.clone(),
            name: m.name.clone(),
            gender: m.gender.clone(),
            dob: m.dob,
            age: age_on(m.dob, self.today),
            religion: m.religion.clone(),
            caste: m.caste.clone(),
            occupation: m.occupation.clone(),
            education: m.education.clone(),
            location: m.location.clone(),
            height: m.height.clone(),
            about: m.about.clone(),
            photo: Some(self.link(&m.photo)),
            photo_thumb: thumb.map(|width| self.link(&uploads::variant_name(&m.photo, width))),
            photo_width: m.photo_width.and_then(|w| u32::try_from(w).ok()),
            photo_height: m.photo_height.and_then(|h| u32::try_from(h).ok()),
            biodata: m.biodata.as_deref().map(|name| self.link(name)),
            uploaded_at: m.uploaded_at,
        }
    }

    pub(super) fn admin(&self, m: &Model) -> AdminProfile {
        AdminProfile {
            profile: self.public(m),
            email: m.email.clone(),
            mobile: m.mobile.clone(),
            status: ProfileStatus::of(m),
            account_id: m.account_id,
            created_at: m.created_at,
            updated_at: m.updated_at,
        }
    }
}

fn variants(m: &Model) -> impl Iterator<Item = u32> + '_ {
    m.photo_variants.split(',').filter_map(|width| width.trim().parse::<u32>().ok())
}

/// Lists that carry personal data and signed links are kept by no cache.
pub(super) fn not_stored(mut response: Response) -> Response {
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}
