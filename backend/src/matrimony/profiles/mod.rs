//! Matrimonial profiles: registered by visitors with a photo and an optional biodata (private
//! files), moderated by administrators, and shown to signed-in members on the matches gallery
//! without any contact detail.
mod entity;
mod requests;
mod routes;

pub use requests::{GENDERS, MIN_AGE, ProfileFields, ProfileUpdate};
pub use routes::{AdminProfile, MatchesQuery, PROFILE_REGISTERED, ProfileFilter, ProfileList, ProfileStatus, PublicProfile, router};
