//! The family registry: a head of family with the members of the household, registered whole
//! by visitors and looked up, corrected and exported by administrators.
mod document;
pub(crate) mod entity;
mod list;
mod queries;
mod requests;
mod routes;

pub use requests::{FamilyRegistration, HeadInput, MAX_MEMBERS, MemberInput, SEXES, STATUSES, TOO_MANY_MEMBERS};
pub use entity::{Head, Member};
pub use list::HeadList;
pub use routes::{Family, Registered, router};
