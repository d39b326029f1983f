//! The live messages the features announce on `/ws` (the client reads them as the
//! `RealtimeEvent` binding) and the public lists each one makes stale. A feature publishes one
//! with `state.hub.publish(RealtimeEvent::…)`; the hub carries it as text with those lists'
//! names, knowing nothing of the features.
use std::borrow::Cow;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::{bookings::BookingKind, media::MediaKind, public_cache::NOTIFICATIONS, realtime::Event};

/// A message the server sends on `/ws`, as JSON text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
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
    MediaUpdated { kind: MediaKind },
    /// A booking list changed (new, cancelled or deleted booking): refetch it.
    #[serde(rename = "bookings_updated")]
    BookingsUpdated { kind: BookingKind },
    /// The family registry changed (a family registered, corrected or deleted): refetch it.
    #[serde(rename = "familiesUpdated")]
    FamiliesUpdated,
    /// A new version of the site content was published: every instance of the server on the
    /// database serves it (`site::pages::follow`); a page already open keeps what it drew.
    #[serde(rename = "site_published")]
    SitePublished { version: i32 },
}

impl RealtimeEvent {
    /// The public lists whose data the event changes. Exhaustive on purpose: a new event must
    /// say which public lists it makes stale.
    pub fn stale_lists(&self) -> &'static [&'static str] {
    match self {
        RealtimeEvent::NotificationUpdated => &[NOTIFICATIONS],
        RealtimeEvent::MediaUpdated { kind } => kind.cache_kinds(),
        RealtimeEvent::ProfileUploaded { .. } | RealtimeEvent::ProfileDeleted { .. } => &[],
        // The booking lists are administrator lists, never cached.
        RealtimeEvent::BookingsUpdated { .. } => &[],
        // So is the family registry.
        RealtimeEvent::FamiliesUpdated => &[],
        // The site content is no public list: the pages and `/api/site` follow it themselves.
        RealtimeEvent::SitePublished { .. } => &[],
    }
}
}

impl From<RealtimeEvent> for Event {
    fn from(event: RealtimeEvent) -> Self {
        Event {
            // Plain fields and a tag: serialising cannot fail.
            message: serde_json::to_string(&event).expect("a live event serialises"),
            stale: event.stale_lists().iter().map(|&kind| Cow::Borrowed(kind)).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use axum::{http::HeaderMap, response::IntoResponse};

    use super::*;
    use crate::public_cache::PublicCache;

    #[tokio::test]
    async fn an_event_drops_only_the_lists_it_changes() {
        let cache = PublicCache::default();
        let read = |body: &'static str| {
            let cache = cache.clone();
            async move {
                let response = cache
                    .respond(NOTIFICATIONS, "", &HeaderMap::new(), async move { Ok(body.into_response()) })
                    .await
                    .unwrap();
                axum::body::to_bytes(response.into_body(), 64).await.unwrap()
            }
        };
        assert_eq!(read("[1]").await, "[1]");
        assert_eq!(read("[2]").await, "[1]", "kept until a change");
        cache.invalidate_each(RealtimeEvent::ProfileDeleted { id: 1 }.stale_lists());
        assert_eq!(read("[2]").await, "[1]", "a profile event leaves the notifications");
        cache.invalidate_each(RealtimeEvent::NotificationUpdated.stale_lists());
        assert_eq!(read("[2]").await, "[2]");
    }

    #[test]
    fn the_hub_carries_the_message_the_clients_read() {
        let event = Event::from(RealtimeEvent::ProfileUploaded { id: 7 });
        assert_eq!(event.message, r#"{"type":"profileUploaded","id":7}"#);
        assert!(event.stale.is_empty());
        assert_eq!(Event::from(RealtimeEvent::NotificationUpdated).stale, [NOTIFICATIONS]);
    }
}
