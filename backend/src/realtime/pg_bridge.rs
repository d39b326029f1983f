//! Carries hub events between server instances through PostgreSQL `LISTEN/NOTIFY`.
use sea_orm::{DatabaseConnection, sqlx::postgres::{PgListener, PgPool}};
use tokio::sync::broadcast;

use super::event::Event;
use crate::public_cache::PublicCache;

const CHANNEL: &str = "samiti_events";

#[derive(Clone)]
pub struct Bridge {
    pool: PgPool,
}

impl Bridge {
    pub async fn start(
        db: &DatabaseConnection,
        local: broadcast::Sender<Event>,
        public_cache: PublicCache,
    ) -> anyhow::Result<Self> {
        let pool = db.get_postgres_connection_pool().clone();
        let mut listener = PgListener::connect_with(&pool).await?;
        listener.listen(CHANNEL).await?;
        tokio::spawn(async move {
            loop {
                // `try_recv` reconnects by itself on the next call after a dropped connection.
                match listener.try_recv().await {
                    Ok(Some(notification)) => {
                        public_cache.resume();
                        match serde_json::from_str::<Event>(notification.payload()) {
                            Ok(event) => {
                                // Stale snapshots go before a client can refetch on the event.
                                public_cache.invalidate_each(&event.stale);
                                let _ = local.send(event);
                            }
                            Err(err) => tracing::warn!(%err, "ignoring unreadable event"),
                        }
                    }
                    // Reconnected, but events sent while the connection was down are lost: no
                    // snapshot made before can be trusted.
                    Ok(None) => {
                        public_cache.clear();
                        public_cache.resume();
                    }
                    // Not listening until the next answer: snapshots would not hear of changes.
                    Err(err) => {
                        public_cache.suspend();
                        tracing::warn!(%err, "event listener failed; retrying");
                        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                    }
                }
            }
        });
        Ok(Self { pool })
    }

    pub async fn publish(&self, event: &Event) {
        let Ok(payload) = serde_json::to_string(event) else { return };
        let sent = sea_orm::sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(payload)
            .execute(&self.pool)
            .await;
        if let Err(err) = sent {
            tracing::warn!(%err, "could not publish event");
        }
    }
}
