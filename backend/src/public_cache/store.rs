//! The snapshots kept per list kind, built by the list's own handler on the first read.
use std::{
    collections::HashMap,
    future::Future,
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, Ordering},
    },
};

use axum::{
    http::{HeaderMap, StatusCode},
    response::Response,
};
use tokio::sync::OnceCell;

use super::snapshot::Snapshot;
use crate::error::{Error, Result};

/// Snapshots a kind keeps at most; the oldest one goes first when another key arrives.
pub const MAX_KEYS_PER_KIND: usize = 8;

/// A snapshot being built or built; concurrent first readers wait for one build.
type Slot = Arc<OnceCell<Arc<Snapshot>>>;

#[derive(Clone, Default)]
pub struct PublicCache {
    kinds: Arc<Mutex<HashMap<&'static str, Vec<(Box<str>, Slot)>>>>,
    /// Set while changes made elsewhere might go unheard: every read goes to the database.
    suspended: Arc<AtomicBool>,
}

impl PublicCache {
    /// Answers from the snapshot of `kind` under `key`, building it with `build` when there is
    /// none. `build` is the list's ordinary handler; an answer other than 200 is passed on and
    /// not kept.
    pub async fn respond(
        &self,
        kind: &'static str,
        key: &str,
        request: &HeaderMap,
        build: impl Future<Output = Result<Response>>,
    ) -> Result<Response> {
        if self.suspended.load(Ordering::Acquire) {
            return build.await;
        }
        let slot = self.slot(kind, key);
        let mut passed_on = None;
        let built = slot
            .get_or_try_init(|| async {
                let response = build.await.map_err(Some)?;
                if response.status() != StatusCode::OK {
                    passed_on = Some(response);
                    return Err(None);
                }
                Snapshot::encode(response).await.map(Arc::new).map_err(Some)
            })
            .await;
        match built {
            Ok(snapshot) => Ok(snapshot.response(request)),
            Err(None) => passed_on.ok_or_else(|| Error::Internal(anyhow::anyhow!("no response"))),
            Err(Some(err)) => Err(err),
        }
    }

    /// Drops every snapshot of `kind`.
    pub fn invalidate(&self, kind: &str) {
        if let Some(slots) = self.lock().get_mut(kind) {
            slots.clear();
        }
    }

    /// Drops every snapshot of each of `kinds` (the lists a hub event makes stale).
    pub fn invalidate_each(&self, kinds: &[impl AsRef<str>]) {
        for kind in kinds {
            self.invalidate(kind.as_ref());
        }
    }

    /// Drops every snapshot, for when changes may have been missed (a lost event connection).
    pub fn clear(&self) {
        self.lock().clear();
    }

    /// Stops keeping snapshots until [`resume`](Self::resume), for while changes made by other
    /// instances cannot be heard of.
    pub fn suspend(&self) {
        self.suspended.store(true, Ordering::Release);
        self.clear();
    }

    pub fn resume(&self) {
        self.suspended.store(false, Ordering::Release);
    }

    /// The snapshot of `kind` under `key` when one is built.
    pub(super) fn peek(&self, kind: &str, key: &str) -> Option<Arc<Snapshot>> {
        let kinds = self.lock();
        let (_, slot) = kinds.get(kind)?.iter().find(|(k, _)| &**k == key)?;
        slot.get().cloned()
    }

    fn slot(&self, kind: &'static str, key: &str) -> Slot {
        let mut kinds = self.lock();
        let slots = kinds.entry(kind).or_default();
        if let Some((_, slot)) = slots.iter().find(|(k, _)| &**k == key) {
            return slot.clone();
        }
        if slots.len() >= MAX_KEYS_PER_KIND {
            slots.remove(0);
        }
        let slot = Slot::default();
        slots.push((key.into(), slot.clone()));
        slot
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<&'static str, Vec<(Box<str>, Slot)>>> {
        // The map stays consistent even if a holder panicked: every change is a single step.
        self.kinds.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use axum::response::IntoResponse;

    use super::*;

    const NOTIFICATIONS: &str = "notifications";

    #[tokio::test]
    async fn a_key_beyond_the_bound_drops_the_oldest_snapshot() {
        let cache = PublicCache::default();
        for key in 0..=MAX_KEYS_PER_KIND {
            let key = key.to_string();
            let built = cache
                .respond(NOTIFICATIONS, &key, &HeaderMap::new(), async { Ok("[]".into_response()) })
                .await
                .unwrap();
            assert_eq!(built.status(), StatusCode::OK);
        }
        let kinds = cache.lock();
        let keys: Vec<&str> = kinds[NOTIFICATIONS].iter().map(|(k, _)| &**k).collect();
        assert_eq!(keys.len(), MAX_KEYS_PER_KIND);
        assert!(!keys.contains(&"0"), "the oldest key went first");
    }

    #[tokio::test]
    async fn an_answer_other_than_200_is_passed_on_and_not_kept() {
        let cache = PublicCache::default();
        let refused = cache
            .respond(NOTIFICATIONS, "", &HeaderMap::new(), async { Ok(StatusCode::BAD_REQUEST.into_response()) })
            .await
            .unwrap();
        assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
        let listed = cache
            .respond(NOTIFICATIONS, "", &HeaderMap::new(), async { Ok("[1]".into_response()) })
            .await
            .unwrap();
        assert_eq!(axum::body::to_bytes(listed.into_body(), 64).await.unwrap(), "[1]");
    }
}
