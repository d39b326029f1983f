//! What every handler can reach.
use std::sync::Arc;

use axum::extract::FromRef;
use sea_orm::DatabaseConnection;

use crate::{
    auth::{throttle::LoginThrottle, token::TokenKeys},
    config::Config,
    public_cache::PublicCache,
    rate_limit::RateLimiter,
    realtime::Hub,
    server::Stopping,
    uploads::{Files, private::LinkSigner},
    site::Published,
    web::Prerendered,
};

#[derive(Clone)]
pub struct AppState {
    pub db: DatabaseConnection,
    pub config: Arc<Config>,
    /// Uploaded files: the data folder or an S3-compatible bucket (`uploads::Files`).
    pub files: Files,
    /// Scheduled backups, when configured (docs/DESIGN.md §13).
    pub backups: Option<Arc<crate::backup::Schedule>>,
    pub tokens: Arc<TokenKeys>,
    /// Signs the short-lived links to private files (matrimonial photos and biodata).
    pub links: Arc<LinkSigner>,
    pub throttle: Arc<LoginThrottle>,
    /// The public writes' per-address limits.
    pub rate_limits: Arc<RateLimiter>,
    pub hub: Hub,
    /// Public lists kept encoded in memory; the hub drops them on every change.
    pub public_cache: PublicCache,
    /// The client's prerendered public pages, read and compressed at start.
    pub prerendered: Arc<Prerendered>,
    /// The published site content (docs/DESIGN.md §12), swapped whole on a publish.
    pub site: Arc<Published>,
    /// Mail (docs/DESIGN.md §14): whether it is on; messages are written to its outbox.
    pub mail: crate::mail::Mail,
    /// Signals long-lived tasks (WebSocket clients) that the server is stopping.
    pub stopping: Stopping,
}

/// The documents' letterhead: the published name (docs/DESIGN.md §12), read per request.
impl FromRef<AppState> for crate::documents::Letterhead {
    fn from_ref(state: &AppState) -> Self {
        state.site.letterhead()
    }
}

impl FromRef<AppState> for DatabaseConnection {
    fn from_ref(state: &AppState) -> Self {
        state.db.clone()
    }
}
