//! The family registry: a head of family with the members of the household, registered whole
//! by visitors and looked up, corrected and exported by administrators.
mod requests;

pub use requests::{FamilyRegistration, HeadInput, MAX_MEMBERS, MemberInput, SEXES, STATUSES, TOO_MANY_MEMBERS};
