//! Live updates: a broadcast hub and the `/ws` WebSocket that forwards its events (DESIGN §6).
//!
//! On PostgreSQL, events also travel through `LISTEN/NOTIFY`, so that clients of every server
//! instance on the same database receive them.
mod pg_bridge;
mod socket;

use serde::Serialize;
use tokio::sync::broadcast;
use ts_rs::TS;

use crate::public_cache::PublicCache;

pub use socket::router;

/// A message the server sends on `/ws`, as JSON text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, serde::Deserialize, TS)]
#[serde(tag = "type")]
pub enum RealtimeEvent {
    /// The notification list changed: refetch it.
    #[serde(rename = "notification_updated")]
    NotificationUpdated,
    /// An administrator put a matrimonial profile on the matches page.
    #[serde(rename = "profileUploaded")]
    ProfileUploaded { id: i32 },
    /// A matrimonial profile was removed.
    #[serde(rename = "profileDeleted")]
    ProfileDeleted { id: i32 },
    /// An image list (events, gallery, magazines, career) changed: refetch it.
    #[serde(rename = "media_updated")]
    MediaUpdated { kind: crate::media::MediaKind },
    /// A booking list changed (new, cancelled or deleted booking): refetch it.
    #[serde(rename = "bookings_updated")]
    BookingsUpdated { kind: crate::bookings::BookingKind },
    /// The family registry changed (a family registered, corrected or deleted): refetch it.
    #[serde(rename = "familiesUpdated")]
    FamiliesUpdated,
}

#[derive(Clone)]
pub struct Hub {
    local: broadcast::Sender<RealtimeEvent>,
    bridge: Option<pg_bridge::Bridge>,
    /// Public list snapshots, dropped for each event before anyone hears of it.
    public_cache: PublicCache,
}

impl Hub {
    /// A hub for this process only.
    pub fn local(public_cache: PublicCache) -> Self {
        // A slow client that falls this far behind skips events instead of holding others up.
        let (local, _) = broadcast::channel(256);
        Self { local, bridge: None, public_cache }
    }

    /// A hub whose events also reach the other instances sharing this PostgreSQL database.
    pub async fn connect(db: &sea_orm::DatabaseConnection, public_cache: PublicCache) -> anyhow::Result<Self> {
        let mut hub = Self::local(public_cache);
        if db.get_database_backend() == sea_orm::DatabaseBackend::Postgres {
            hub.bridge =
                Some(pg_bridge::Bridge::start(db, hub.local.clone(), hub.public_cache.clone()).await?);
        }
        Ok(hub)
    }

    pub fn subscribe(&self) -> broadcast::Receiver<RealtimeEvent> {
        self.local.subscribe()
    }

    /// Announces a change this instance has made (after it is stored). This instance's stale
    /// snapshots go at once, so the next read already shows the change.
    pub async fn publish(&self, event: RealtimeEvent) {
        self.public_cache.apply(&event);
        match &self.bridge {
            // The bridge delivers it back to this instance too, exactly once.
            Some(bridge) => bridge.publish(&event).await,
            None => {
                // No receivers is not an error: nobody is watching.
                let _ = self.local.send(event);
            }
        }
    }
}
