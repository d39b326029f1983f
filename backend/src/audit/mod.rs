//! The audit log (docs/DESIGN.md §11): every change an administrator makes is recorded once, by
//! the feature that makes it, on the same connection or transaction as the change, so an entry
//! never exists without its change and a change that rolls back leaves none.
pub mod entity;
mod record;

pub use record::{Action, Actor, Changes, Entry, changed, changed_fields, keep_for, prune, record, row};
