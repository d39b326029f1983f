//! The broadcast hub: features publish a change once it is stored, and every `/ws` client
//! (of every instance, through [`Bridge`] on PostgreSQL) hears of it.
use tokio::sync::broadcast;

use super::{event::Event, pg_bridge::Bridge};
use crate::public_cache::PublicCache;

#[derive(Clone)]
pub struct Hub {
    local: broadcast::Sender<Event>,
    bridge: Option<Bridge>,
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
                Some(Bridge::start(db, hub.local.clone(), hub.public_cache.clone()).await?);
        }
        Ok(hub)
    }

    pub fn subscribe(&self) -> broadcast::Receiver<Event> {
        self.local.subscribe()
    }

    /// Announces a change this instance has made (after it is stored). This instance's stale
    /// snapshots go at once, so the next read already shows the change.
    pub async fn publish(&self, event: impl Into<Event>) {
        let event = event.into();
        self.public_cache.invalidate_each(&event.stale);
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
