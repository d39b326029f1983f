//! Matrimonial profiles: registered by signed-in members with a photo and an optional biodata (private
//! files), moderated by administrators, and shown to signed-in members on the matches gallery
//! without any contact detail.
//!
//! - `registration`: the public registration (and the form's files and linked account, which an
//!   edit uses too);
//! - `gallery`: the members' matches gallery, one profile, and the files behind signed links;
//! - `moderation`: the administrators' list, exports, edits, deletes, upload and take back (the
//!   edit and delete serve the member's own too);
//! - `own`: a member's own profiles, their status, correction and erasure;
//! - `views`: the profiles as the routes answer with them.
pub(crate) mod entity;
mod gallery;
mod moderation;
mod own;
mod registration;
mod requests;
mod views;

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{admin_list::declare, state::AppState};

pub use gallery::MatchesQuery;
pub use moderation::{ProfileFilter, ProfileList};
pub use registration::PROFILE_REGISTERED;
pub use requests::{GENDERS, MIN_AGE, ProfileFields, ProfileUpdate};
pub use views::{AdminProfile, ProfileStatus, PublicProfile};

pub fn router() -> OpenApiRouter<AppState> {
    let router = OpenApiRouter::new()
        .routes(routes!(registration::register))
        .routes(routes!(gallery::matches))
        .routes(routes!(gallery::one_match))
        .routes(routes!(gallery::file))
        .routes(routes!(moderation::list))
        .routes(routes!(moderation::update, moderation::delete))
        .routes(routes!(moderation::publish, moderation::withdraw))
        .routes(routes!(own::mine))
        .routes(routes!(own::change, own::erase))
        .merge(moderation::export_router());
    declare::<ProfileList>(router)
}
