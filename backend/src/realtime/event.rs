//! What the hub carries.
use std::borrow::Cow;

use serde::{Deserialize, Serialize};

/// A change as the hub carries it: the message the `/ws` clients receive (JSON text, written
/// by the feature) and the public lists it makes stale, by the names the features give the
/// public cache. The hub and the cache need to know nothing else of the features.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub message: String,
    pub stale: Vec<Cow<'static, str>>,
}
