//! Public lists served from memory: the encoded response of a list (identity, gzip and brotli
//! bytes, a strong `ETag`) is kept until the data behind it changes, so a read costs about what
//! serving a file costs, and a client holding the current `ETag` gets `304 Not Modified`.
//!
//! A list kind (for example [`NOTIFICATIONS`]) keeps a few snapshots keyed by its raw query
//! string (at most [`MAX_KEYS_PER_KIND`]; usually only the empty query is worth keeping). Its
//! handler builds them through [`PublicCache::respond`]; once built, [`FastPath`] answers
//! from them in front of every other layer, for the paths in [`ROUTES`]. Snapshots are
//! dropped by [`PublicCache::invalidate_each`] for every hub event that changes the kind: the hub calls it
//! when this instance publishes (so an administrator's own change is visible at once) and
//! before it hands an event from another instance to the WebSocket clients (so a client that
//! refetches on the event never gets the old list back).
mod fast_path;
mod snapshot;
mod store;

pub use fast_path::{FastPath, FastPathLayer, NOTIFICATIONS};
pub use snapshot::Snapshot;
pub use store::{MAX_KEYS_PER_KIND, PublicCache};
