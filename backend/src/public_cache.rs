//! Public lists served from memory: the encoded response of a list (identity, gzip and brotli
//! bytes, a strong `ETag`) is kept until the data behind it changes, so a read costs about what
//! serving a file costs, and a client holding the current `ETag` gets `304 Not Modified`.
//!
//! A list kind (for example [`NOTIFICATIONS`]) keeps a few snapshots keyed by its raw query
//! string (at most [`MAX_KEYS_PER_KIND`]; usually only the empty query is worth keeping). Its
//! handler builds them through [`PublicCache::respond`]; once built, [`FastPath`] answers
//! from them in front of every other layer, for the paths in [`ROUTES`]. Snapshots are
//! dropped by [`PublicCache::apply`] for every hub event that changes the kind: the hub calls it
//! when this instance publishes (so an administrator's own change is visible at once) and
//! before it hands an event from another instance to the WebSocket clients (so a client that
//! refetches on the event never gets the old list back).
use std::{
    collections::HashMap,
    future::Future,
    io::Write,
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, Ordering},
    },
};

use axum::{
    body::{Body, Bytes},
    http::{HeaderMap, HeaderName, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use sha2::{Digest, Sha256};
use tokio::sync::OnceCell;

use crate::{
    error::{Error, Result},
    realtime::RealtimeEvent,
};

/// The public notification list (`GET /notifications`).
pub const NOTIFICATIONS: &str = "notifications";

/// Paths answered from a kind's snapshot, keyed by the request's raw query, before any other
/// layer runs. A list kind that uses [`PublicCache::respond`] adds its path here.
const ROUTES: &[(&str, &str)] = &[
    ("/notifications", NOTIFICATIONS),
    ("/api/events", "events"),
    ("/api/gallery", "gallery"),
    ("/api/magazines", "magazines"),
    ("/api/career", "career"),
];

/// Snapshots a kind keeps at most; the oldest one goes first when another key arrives.
pub const MAX_KEYS_PER_KIND: usize = 8;

/// Lists whose data a hub event changes. Exhaustive on purpose: a new event must say which
/// public lists it makes stale.
fn kinds_changed_by(event: &RealtimeEvent) -> &'static [&'static str] {
    match event {
        RealtimeEvent::NotificationUpdated => &[NOTIFICATIONS],
        RealtimeEvent::MediaUpdated { kind } => kind.cache_kinds(),
        RealtimeEvent::ProfileUploaded { .. } | RealtimeEvent::ProfileDeleted { .. } => &[],
        // The booking lists are administrator lists, never cached.
        RealtimeEvent::BookingsUpdated { .. } => &[],
        // So is the family registry.
        RealtimeEvent::FamiliesUpdated => &[],
    }
}

/// `no-cache`: browsers keep the list but ask again every time, with the `ETag`.
const CACHE_CONTROL: HeaderValue = HeaderValue::from_static("no-cache");
const VARY: HeaderValue = HeaderValue::from_static("accept-encoding");
const GZIP: HeaderValue = HeaderValue::from_static("gzip");
const BR: HeaderValue = HeaderValue::from_static("br");

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
    pub fn invalidate(&self, kind: &'static str) {
        if let Some(slots) = self.lock().get_mut(kind) {
            slots.clear();
        }
    }

    /// Drops the snapshots that `event` makes stale.
    pub fn apply(&self, event: &RealtimeEvent) {
        for kind in kinds_changed_by(event) {
            self.invalidate(kind);
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
    fn peek(&self, kind: &str, key: &str) -> Option<Arc<Snapshot>> {
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

/// The layer in front of the others that answers `GET` of a path in [`ROUTES`] from its
/// snapshot, adding the security headers, so that a read served from memory costs no more than
/// the connection itself. Anything else, and a snapshot not built yet, goes on inside.
#[derive(Clone)]
pub struct FastPathLayer {
    pub cache: PublicCache,
    pub headers: crate::web::SecurityHeaders,
}

impl<S> tower::Layer<S> for FastPathLayer {
    type Service = FastPath<S>;

    fn layer(&self, inner: S) -> FastPath<S> {
        FastPath { inner, layer: self.clone() }
    }
}

#[derive(Clone)]
pub struct FastPath<S> {
    inner: S,
    layer: FastPathLayer,
}

impl<S> tower::Service<axum::extract::Request> for FastPath<S>
where
    S: tower::Service<axum::extract::Request, Response = Response>,
{
    type Response = Response;
    type Error = S::Error;
    type Future = futures_util::future::Either<
        std::future::Ready<std::result::Result<Response, S::Error>>,
        S::Future,
    >;

    fn poll_ready(&mut self, cx: &mut std::task::Context<'_>) -> std::task::Poll<std::result::Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: axum::extract::Request) -> Self::Future {
        if request.method() == axum::http::Method::GET {
            let path = request.uri().path();
            if let Some((_, kind)) = ROUTES.iter().find(|(p, _)| *p == path) {
                let key = request.uri().query().unwrap_or("");
                if let Some(snapshot) = self.layer.cache.peek(kind, key) {
                    let mut response = snapshot.response(request.headers());
                    self.layer.headers.insert(response.headers_mut());
                    return futures_util::future::Either::Left(std::future::ready(Ok(response)));
                }
            }
        }
        futures_util::future::Either::Right(self.inner.call(request))
    }
}

/// One encoding of a snapshot.
struct Variant {
    body: Bytes,
    etag: HeaderValue,
}

/// An encoded 200 response: the handler's headers (content type, `X-Total-Count`) and its
/// body as is, gzip-compressed and brotli-compressed. The prerendered pages are kept so too.
pub struct Snapshot {
    headers: Vec<(HeaderName, HeaderValue)>,
    identity: Variant,
    gzip: Variant,
    br: Variant,
}

impl Snapshot {
    pub(crate) async fn encode(response: Response) -> Result<Self> {
        let (parts, body) = response.into_parts();
        let body = axum::body::to_bytes(body, usize::MAX)
            .await
            .map_err(|err| Error::Internal(anyhow::anyhow!("reading the list body: {err}")))?;
        // Compressing a long list takes milliseconds: keep it off the request threads.
        let (gzip, br) = tokio::task::spawn_blocking({
            let body = body.clone();
            move || -> std::io::Result<(Vec<u8>, Vec<u8>)> { Ok((gzip(&body)?, brotli(&body)?)) }
        })
        .await
        .map_err(|err| Error::Internal(err.into()))?
        .map_err(|err| Error::Internal(err.into()))?;
        // One tag for the content; each encoding is its own representation, so it gets a suffix.
        let digest = Sha256::digest(&body);
        let tag: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
        let variant = |body: Bytes, suffix: &str| -> Result<Variant> {
            let etag = HeaderValue::try_from(format!("\"{tag}{suffix}\""))
                .map_err(|err| Error::Internal(err.into()))?;
            Ok(Variant { body, etag })
        };
        let headers = parts
            .headers
            .iter()
            .filter(|(name, _)| *name != header::CONTENT_LENGTH)
            .map(|(name, value)| (name.clone(), value.clone()))
            .collect();
        Ok(Self {
            headers,
            identity: variant(body, "")?,
            gzip: variant(gzip.into(), "-gz")?,
            br: variant(br.into(), "-br")?,
        })
    }

    /// The answer to one request: 304 when it already holds this content, else the best
    /// encoding it accepts.
    pub(crate) fn response(&self, request: &HeaderMap) -> Response {
        let (variant, encoding) = match preferred_encoding(request) {
            Encoding::Br => (&self.br, Some(BR)),
            Encoding::Gzip => (&self.gzip, Some(GZIP)),
            Encoding::Identity => (&self.identity, None),
        };
        let fresh = request
            .get(header::IF_NONE_MATCH)
            .is_some_and(|tags| self.matches(tags.as_bytes()));
        let mut response = if fresh {
            StatusCode::NOT_MODIFIED.into_response()
        } else {
            let mut response = Response::new(Body::from(variant.body.clone()));
            // Room for these and the security headers at once, without growing the map.
            *response.headers_mut() = HeaderMap::with_capacity(16);
            let headers = response.headers_mut();
            for (name, value) in &self.headers {
                headers.insert(name.clone(), value.clone());
            }
            if let Some(encoding) = encoding {
                headers.insert(header::CONTENT_ENCODING, encoding);
            }
            response
        };
        let headers = response.headers_mut();
        if fresh {
            // A 304 carries what a 200 would have, minus the body's own description.
            for (name, value) in &self.headers {
                if *name != header::CONTENT_TYPE {
                    headers.insert(name.clone(), value.clone());
                }
            }
        }
        headers.insert(header::ETAG, variant.etag.clone());
        headers.insert(header::CACHE_CONTROL, CACHE_CONTROL);
        headers.insert(header::VARY, VARY);
        response
    }

    /// `If-None-Match` compares weakly (RFC 9110 §13.1.2), and all encodings of one content
    /// count as the same content.
    fn matches(&self, if_none_match: &[u8]) -> bool {
        if_none_match.split(|b| *b == b',').any(|tag| {
            let tag = tag.trim_ascii();
            let tag = tag.strip_prefix(b"W/").unwrap_or(tag);
            tag == b"*"
                || [&self.identity, &self.gzip, &self.br].iter().any(|v| v.etag.as_bytes() == tag)
        })
    }
}

#[derive(Debug, PartialEq, Eq)]
enum Encoding {
    Br,
    Gzip,
    Identity,
}

/// Brotli when the client takes it (it is the smaller), else gzip, else the plain bytes.
fn preferred_encoding(request: &HeaderMap) -> Encoding {
    let (mut br, mut gzip) = (false, false);
    for value in request.get_all(header::ACCEPT_ENCODING) {
        for item in value.as_bytes().split(|b| *b == b',') {
            let mut params = item.split(|b| *b == b';');
            let name = params.next().unwrap_or_default().trim_ascii();
            let refused = params.any(|p| {
                p.trim_ascii()
                    .strip_prefix(b"q=")
                    .is_some_and(|q| q.iter().all(|b| *b == b'0' || *b == b'.'))
            });
            if refused {
                continue;
            }
            if name.eq_ignore_ascii_case(b"br") {
                br = true;
            } else if name.eq_ignore_ascii_case(b"gzip") || name == b"*" {
                gzip = true;
            }
        }
    }
    if br {
        Encoding::Br
    } else if gzip {
        Encoding::Gzip
    } else {
        Encoding::Identity
    }
}

fn gzip(body: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    encoder.write_all(body)?;
    encoder.finish()
}

fn brotli(body: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::new();
    let params = brotli::enc::BrotliEncoderParams { quality: 11, ..Default::default() };
    brotli::BrotliCompress(&mut std::io::Cursor::new(body), &mut out, &params)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(HeaderName, &'static str)]) -> HeaderMap {
        pairs.iter().map(|(n, v)| (n.clone(), HeaderValue::from_static(v))).collect()
    }

    #[test]
    fn the_encoding_follows_what_the_client_accepts() {
        let pick = |value: &'static str| preferred_encoding(&headers(&[(header::ACCEPT_ENCODING, value)]));
        assert_eq!(preferred_encoding(&HeaderMap::new()), Encoding::Identity);
        assert_eq!(pick("gzip, deflate, br, zstd"), Encoding::Br);
        assert_eq!(pick("gzip"), Encoding::Gzip);
        assert_eq!(pick("br;q=0, gzip;q=0.5"), Encoding::Gzip);
        assert_eq!(pick("br;q=0.0, gzip;q=0"), Encoding::Identity);
        assert_eq!(pick("identity"), Encoding::Identity);
    }

    async fn snapshot_of(body: &'static str) -> Snapshot {
        let response = ([(header::CONTENT_TYPE, "application/json")], body).into_response();
        Snapshot::encode(response).await.unwrap()
    }

    #[tokio::test]
    async fn each_encoding_reads_back_as_the_same_bytes() {
        use std::io::Read;
        let body = r#"[{"id":1,"message":"सूचना"}]"#.repeat(20);
        let response = ([(header::CONTENT_TYPE, "application/json")], body.clone()).into_response();
        let snapshot = Snapshot::encode(response).await.unwrap();
        let mut gunzipped = String::new();
        flate2::read::GzDecoder::new(&snapshot.gzip.body[..]).read_to_string(&mut gunzipped).unwrap();
        assert_eq!(gunzipped, body);
        let mut unbrotlied = String::new();
        brotli::Decompressor::new(&snapshot.br.body[..], 4096).read_to_string(&mut unbrotlied).unwrap();
        assert_eq!(unbrotlied, body);
        assert_eq!(&snapshot.identity.body[..], body.as_bytes());
    }

    #[tokio::test]
    async fn the_etag_depends_on_the_content_and_any_encoding_of_it_matches() {
        let a = snapshot_of("[1]").await;
        let b = snapshot_of("[2]").await;
        assert_ne!(a.identity.etag, b.identity.etag);
        assert_eq!(a.identity.etag, snapshot_of("[1]").await.identity.etag);
        let tag = a.identity.etag.to_str().unwrap().to_owned();
        assert!(a.matches(tag.as_bytes()));
        assert!(a.matches(a.gzip.etag.as_bytes()));
        assert!(a.matches(format!("\"other\", W/{tag}").as_bytes()));
        assert!(a.matches(b"*"));
        assert!(!a.matches(b.identity.etag.as_bytes()));
        assert!(!a.matches(b"\"\""));
    }

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
        cache.apply(&RealtimeEvent::ProfileDeleted { id: 1 });
        assert_eq!(read("[2]").await, "[1]", "a profile event leaves the notifications");
        cache.apply(&RealtimeEvent::NotificationUpdated);
        assert_eq!(read("[2]").await, "[2]");
    }
}
