//! Everything around the API: the built client (its prerendered pages in the visitor's
//! language, `index.html` for other client routes), robots.txt and sitemap.xml, cache and
//! security headers, and JSON bodies for the errors axum answers by itself.
mod prerendered;
mod security_headers;
mod unpacked;

use std::{path::Path, sync::Arc};

use axum::{
    Router,
    body::Body,
    extract::Request,
    http::{HeaderValue, StatusCode, header},
    middleware::Next,
    response::{IntoResponse, Response},
    routing::get,
};
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

use crate::error::{Error, ErrorBody};

pub use prerendered::{Language, ORIGIN_PLACEHOLDER, Prerendered, choose_language};
pub use unpacked::{ClientFile, unpack as unpack_client};
pub use security_headers::{CONTENT_SECURITY_POLICY, PERMISSIONS_POLICY, SecurityHeaders, security_headers};

/// Parts of the site that belong to the server, never to the client's router. `/magazines`
/// and `/career` are client pages, while the files below them are the server's.
fn is_server_path(path: &str) -> bool {
    const EXACT: &[&str] = &["/api", "/notifications", "/ws"];
    const BELOW: &[&str] =
        &["/api/", "/api-docs/", "/notifications/", "/uploads/", "/magazines/", "/career/", "/swagger-ui/"];
    EXACT.contains(&path) || BELOW.iter().any(|prefix| path.starts_with(prefix))
}

/// The built client (its prerendered pages, `index.html` for other client routes) with
/// robots.txt and sitemap.xml, or a note when it is not built.
pub fn client(static_dir: &Path, pages: Arc<Prerendered>) -> Router {
    let site_files = Router::new()
        .route("/robots.txt", get({
            let pages = pages.clone();
            move || async move { pages.robots() }
        }))
        .route("/sitemap.xml", get({
            let pages = pages.clone();
            move || async move { pages.sitemap() }
        }));
    let index = static_dir.join("index.html");
    if !index.exists() {
        tracing::warn!(dir = %static_dir.display(), "client not built: run `npm run build` in frontend/");
        return site_files.fallback(|request: Request| async move {
            if is_server_path(request.uri().path()) {
                return Error::NotFound.into_response();
            }
            (StatusCode::SERVICE_UNAVAILABLE, "The web client is not built. Run: cd frontend && npm ci && npm run build")
                .into_response()
        });
    }
    let files = ServeDir::new(static_dir).precompressed_gzip().precompressed_br();
    let index = ServeFile::new(index);
    let serve = move |request: Request| {
        let (files, index, pages) = (files.clone(), index.clone(), pages.clone());
        async move {
            if let Some(page) = pages.answer(&request) {
                return page;
            }
            let path = request.uri().path().to_owned();
            // The build's own copies, whose links still hold the origin placeholder.
            if path.starts_with("/prerender/") {
                return StatusCode::NOT_FOUND.into_response();
            }
            let headers = request.headers().clone();
            let response = files.oneshot(request).await.into_response();
            // Only client routes fall back to the app; a missing file (an old asset name, an
            // image) is a 404 that no cache keeps as the app.
            if response.status() != StatusCode::NOT_FOUND || looks_like_a_file(&path) {
                return response;
            }
            // The shell with the published content, once the server rendered it; the build's
            // (with the sample) before.
            if let Some(shell) = pages.shell(&headers) {
                return shell;
            }
            let index_request = Request::builder().uri("/index.html").body(Body::empty()).unwrap_or_default();
            index.oneshot(index_request).await.into_response()
        }
    };
    site_files.fallback(serve).layer(axum::middleware::from_fn(client_headers))
}

/// A path whose last segment has an extension (`/assets/app-1a2b.js`, `/logo.png`) names a
/// file; the client's routes never do.
fn looks_like_a_file(path: &str) -> bool {
    path.starts_with("/assets/") || path.rsplit('/').next().is_some_and(|last| last.contains('.'))
}

async fn client_headers(request: Request, next: Next) -> Response {
    let path = request.uri().path().to_owned();
    if is_server_path(&path) {
        return Error::NotFound.into_response();
    }
    let mut response = next.run(request).await;
    // Vite names built assets by their content hash, so they never change under a URL.
    let cache = if !response.status().is_success() && response.status() != StatusCode::NOT_MODIFIED {
        "no-store"
    } else if path.starts_with("/assets/") {
        "public, max-age=31536000, immutable"
    } else if path.starts_with("/locales/") || path.starts_with("/images/") || path == "/manifest.webmanifest" {
        "public, max-age=3600"
    } else {
        "no-cache"
    };
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}

/// Rewrites the plain-text errors axum answers by itself (unknown method, bad path or query
/// parameters) into the JSON error body on the API's paths.
pub async fn json_errors(request: Request, next: Next) -> Response {
    let on_api = is_server_path(request.uri().path());
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !on_api || !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let message = match status {
        StatusCode::NOT_FOUND => "Not found".to_owned(),
        StatusCode::METHOD_NOT_ALLOWED => "Method not allowed".to_owned(),
        StatusCode::PAYLOAD_TOO_LARGE => "Request body is too large".to_owned(),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "Unsupported media type".to_owned(),
        s if s.is_server_error() => "Internal server error".to_owned(),
        s => s.canonical_reason().unwrap_or("Bad request").to_owned(),
    };
    let mut json = (status, axum::Json(ErrorBody::new(message))).into_response();
    for name in [header::ALLOW, header::WWW_AUTHENTICATE] {
        if let Some(value) = response.headers().get(&name) {
            json.headers_mut().insert(name, value.clone());
        }
    }
    json
}

/// A panic in a handler becomes a 500 with no internal detail; the panic is logged.
pub fn panic_response(panic: Box<dyn std::any::Any + Send + 'static>) -> Response<Body> {
    let detail = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("unknown panic");
    tracing::error!(detail, "handler panicked");
    Error::Internal(anyhow::anyhow!("panic")).into_response()
}

#[cfg(test)]
mod tests {
    use axum::{body::to_bytes, routing::get};
    use tower::ServiceExt;
    use tower_http::catch_panic::CatchPanicLayer;

    use super::*;

    async fn boom() -> &'static str {
        panic!("secret internal detail")
    }

    #[tokio::test]
    async fn a_panicking_handler_answers_500_json_without_detail() {
        let app = Router::new()
            .route("/api/boom", get(boom))
            .layer(CatchPanicLayer::custom(panic_response));
        let request = Request::builder().uri("/api/boom").body(Body::empty()).unwrap();
        let response = app.oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = to_bytes(response.into_body(), 1024).await.unwrap();
        let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(body, serde_json::json!({"error": "Internal server error"}));
    }

    #[test]
    fn client_pages_and_server_files_are_told_apart() {
        for page in ["/", "/magazines", "/career", "/contact", "/admin/dashboard/notifications"] {
            assert!(!is_server_path(page), "{page} is a client page");
        }
        for server in ["/api", "/api/contacts", "/notifications", "/notifications/3", "/magazines/a.jpg", "/ws"] {
            assert!(is_server_path(server), "{server} is the server's");
        }
    }
}
