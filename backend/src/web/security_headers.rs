//! The security headers every response carries (the content security policy, `nosniff`,
//! frame and referrer rules, HSTS over https). Only the site itself may frame its pages: the
//! dashboard's site content editor previews a public page in a frame (docs/DESIGN.md §12).
use axum::{
    extract::{Request, State},
    http::{HeaderMap, HeaderValue, header},
    middleware::Next,
    response::Response,
};

use crate::config::Config;

pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; \
    script-src 'self'; \
    style-src 'self' 'unsafe-inline'; \
    img-src 'self' data: blob:; \
    font-src 'self' data:; \
    connect-src 'self'; \
    frame-src 'self' https://www.google.com https://maps.google.com; \
    object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'";

/// Browser features the site never uses, switched off for it and anything it embeds.
pub const PERMISSIONS_POLICY: &str =
    "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=()";

/// Headers set on every response, worked out once at start. The public snapshot fast path,
/// which answers before the middleware runs, adds them too.
#[derive(Clone)]
pub struct SecurityHeaders {
    /// Only when the site is served over https (`SAMITI_PUBLIC_URL`): over plain http a browser
    /// ignores it, and sending it from a development machine would pin localhost to https.
    hsts: Option<HeaderValue>,
}

impl SecurityHeaders {
    pub fn new(config: &Config) -> Self {
        let https = config.public_url.as_deref().is_some_and(|url| url.starts_with("https://"));
        Self { hsts: https.then(|| HeaderValue::from_static("max-age=31536000; includeSubDomains")) }
    }

    /// The values are constants, checked once at compile time rather than on every response.
    pub fn insert(&self, headers: &mut HeaderMap) {
        const NOSNIFF: HeaderValue = HeaderValue::from_static("nosniff");
        const REFERRER: HeaderValue = HeaderValue::from_static("strict-origin-when-cross-origin");
        const SAME_ORIGIN: HeaderValue = HeaderValue::from_static("SAMEORIGIN");
        const PERMISSIONS: HeaderValue = HeaderValue::from_static(PERMISSIONS_POLICY);
        const CSP: HeaderValue = HeaderValue::from_static(CONTENT_SECURITY_POLICY);
        headers.insert(header::X_CONTENT_TYPE_OPTIONS, NOSNIFF);
        headers.insert(header::REFERRER_POLICY, REFERRER);
        headers.insert(header::X_FRAME_OPTIONS, SAME_ORIGIN);
        headers.insert("permissions-policy", PERMISSIONS);
        if let Some(hsts) = &self.hsts {
            headers.insert(header::STRICT_TRANSPORT_SECURITY, hsts.clone());
        }
        headers.entry(header::CONTENT_SECURITY_POLICY).or_insert(CSP);
    }
}

pub async fn security_headers(
    State(headers): State<SecurityHeaders>,
    request: Request,
    next: Next,
) -> Response {
    let mut response = next.run(request).await;
    headers.insert(response.headers_mut());
    response
}
