//! Answering the cached public lists in front of every other layer.
use axum::response::Response;

use super::store::PublicCache;
use crate::web::SecurityHeaders;

/// The public notification list (`GET /notifications`).
pub const NOTIFICATIONS: &str = "notifications";

/// Paths answered from a kind's snapshot, keyed by the request's raw query, before any other
/// layer runs. A list kind that uses [`PublicCache::respond`] with the raw query as its key adds
/// its path here (the notifications are kept per language and day, which the handler decides).
const ROUTES: &[(&str, &str)] = &[
    ("/api/events", "events"),
    ("/api/gallery", "gallery"),
    ("/api/magazines", "magazines"),
    ("/api/career", "career"),
];

/// The layer in front of the others that answers `GET` of a path in [`ROUTES`] from its
/// snapshot, adding the security headers, so that a read served from memory costs no more than
/// the connection itself. Anything else, and a snapshot not built yet, goes on inside.
#[derive(Clone)]
pub struct FastPathLayer {
    pub cache: PublicCache,
    pub headers: SecurityHeaders,
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
