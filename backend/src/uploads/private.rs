//! Private files (matrimonial photos and biodata) reach a browser only through short-lived
//! signed links, `/api/profile/files/{name}?expires={unix}&sig={hex}`: `sig` is an HMAC-SHA256
//! over the name and the expiry, keyed by a key derived from the server's token secret. A name
//! alone opens nothing, an altered link is refused, and a link ends at its expiry, which may lie
//! at most [`SIGNED_LINK_TTL`] (and the rounding step) ahead.
use axum::{
    extract::Request,
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use chrono::{DateTime, TimeZone, Utc};
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;
use utoipa::ToSchema;

use super::{detect::FileKind, file_response::serve_file, files::Files, folder::{Folder, is_stored_name}};
use crate::error::Error;

/// How long a signed link lives.
pub const SIGNED_LINK_TTL: std::time::Duration = std::time::Duration::from_secs(15 * 60);
/// Expiries are rounded up to a whole minute, so that lists read within the same minute hand out
/// the same URLs and the browser's cache can answer the second time.
pub const EXPIRY_STEP_SECS: i64 = 60;
/// Where the links point.
pub const ROUTE: &str = "/api/profile/files";

/// A short-lived link to a private file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct SignedFile {
    /// Relative URL carrying its expiry and signature; it stops working at `expires_at`.
    #[schema(example = "/api/profile/files/3f9a0c1e5b7d4a2f8e6c0b9d1a3f5e7c.jpg?expires=1795000000&sig=9c1f…")]
    pub url: String,
    #[schema(example = "image/jpeg")]
    pub content_type: String,
    #[schema(value_type = String, format = DateTime)]
    pub expires_at: DateTime<Utc>,
}

/// Signs and checks links with a key of its own (never the token key itself).
pub struct LinkSigner {
    keyed: Hmac<Sha256>,
}

impl LinkSigner {
    pub fn new(secret: &[u8]) -> anyhow::Result<Self> {
        let invalid = |_| anyhow::anyhow!("the link key could not be made");
        let mut derive = Hmac::<Sha256>::new_from_slice(secret).map_err(invalid)?;
        derive.update(b"samiti: private file links");
        let key = derive.finalize().into_bytes();
        Ok(Self { keyed: Hmac::<Sha256>::new_from_slice(&key).map_err(invalid)? })
    }

    fn mac(&self, name: &str, expires: i64) -> Hmac<Sha256> {
        let mut mac = self.keyed.clone();
        mac.update(name.as_bytes());
        mac.update(b"\n");
        mac.update(expires.to_string().as_bytes());
        mac
    }

    /// The link to `name` that expires at `expires` (Unix seconds).
    pub fn url(&self, name: &str, expires: i64) -> String {
        let sig: String = self.mac(name, expires).finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect();
        format!("{ROUTE}/{name}?expires={expires}&sig={sig}")
    }

    /// A link to `name` valid from `now` for [`SIGNED_LINK_TTL`] (rounded up to the minute).
    pub fn link(&self, name: &str, now: DateTime<Utc>) -> SignedFile {
        let ttl = i64::try_from(SIGNED_LINK_TTL.as_secs()).unwrap_or(i64::MAX);
        let at = now.timestamp().saturating_add(ttl);
        let expires = at.div_euclid(EXPIRY_STEP_SECS).saturating_add(i64::from(at.rem_euclid(EXPIRY_STEP_SECS) != 0))
            .saturating_mul(EXPIRY_STEP_SECS);
        SignedFile {
            url: self.url(name, expires),
            content_type: content_type(name).to_owned(),
            expires_at: Utc.timestamp_opt(expires, 0).single().unwrap_or(now),
        }
    }

    /// Whether `sig` signs `name` with `expires`, and `expires` lies between `now` and the
    /// longest life a link is given.
    pub fn check(&self, name: &str, expires: i64, sig: &str, now: DateTime<Utc>) -> bool {
        let ttl = i64::try_from(SIGNED_LINK_TTL.as_secs()).unwrap_or(i64::MAX);
        let latest = now.timestamp().saturating_add(ttl).saturating_add(EXPIRY_STEP_SECS);
        if expires < now.timestamp() || expires > latest {
            return false;
        }
        let Some(sig) = from_hex(sig) else { return false };
        // Compared in constant time.
        self.mac(name, expires).verify_slice(&sig).is_ok()
    }
}

fn from_hex(text: &str) -> Option<Vec<u8>> {
    if text.len() != 64 || !text.is_ascii() {
        return None;
    }
    (0..text.len()).step_by(2).map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok()).collect()
}

/// The content type of a stored name (variants are WebP).
pub fn content_type(name: &str) -> &'static str {
    name.rsplit_once('.')
        .and_then(|(_, extension)| FileKind::from_extension(extension))
        .map_or("application/octet-stream", FileKind::content_type)
}

/// Answers a private file for a signed link: 404 for a name that is not one we generate, 403
/// for a missing, altered or expired signature, then 404 if the file is gone. The answer may be
/// kept by the browser alone (`private`) until the link expires.
pub async fn serve(files: &Files, signer: &LinkSigner, name: &str, expires: Option<&str>, sig: Option<&str>, request: Request) -> Response {
    if !is_stored_name(name) {
        return Error::NotFound.into_response();
    }
    let now = Utc::now();
    let expires = expires.and_then(|e| e.parse::<i64>().ok());
    let (Some(expires), Some(sig)) = (expires, sig) else { return Error::Forbidden(crate::error::NOT_ALLOWED).into_response() };
    if !signer.check(name, expires, sig, now) {
        return Error::Forbidden(crate::error::NOT_ALLOWED).into_response();
    }
    let kind = content_type(name);
    let mut response = match serve_file(files, Folder::Private, name, kind, request.headers()).await {
        Ok(response) => response,
        Err(answer) => return answer,
    };
    let headers = response.headers_mut();
    let left = (expires - now.timestamp()).max(0);
    if let Ok(value) = HeaderValue::from_str(&format!("private, max-age={left}")) {
        headers.insert(header::CACHE_CONTROL, value);
    }
    if kind == FileKind::Pdf.content_type() {
        headers.insert(header::CONTENT_DISPOSITION, HeaderValue::from_static("inline; filename=\"biodata.pdf\""));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAME: &str = "0123456789abcdef0123456789abcdef.jpg";

    fn query(url: &str) -> (i64, String) {
        let (_, query) = url.split_once('?').unwrap();
        let (expires, sig) = query.split_once('&').unwrap();
        (expires.trim_start_matches("expires=").parse().unwrap(), sig.trim_start_matches("sig=").to_owned())
    }

    #[test]
    fn a_link_works_until_it_expires_and_only_for_its_name() {
        let signer = LinkSigner::new(b"a-test-secret-of-some-length-32b").unwrap();
        let now = Utc.timestamp_opt(1_800_000_030, 0).unwrap();
        let link = signer.link(NAME, now);
        let (expires, sig) = query(&link.url);
        assert_eq!(expires % EXPIRY_STEP_SECS, 0);
        assert!(expires >= now.timestamp() + 15 * 60 && expires < now.timestamp() + 16 * 60);
        assert_eq!(link.expires_at.timestamp(), expires);
        assert_eq!(link.content_type, "image/jpeg");
        assert!(link.url.starts_with(&format!("/api/profile/files/{NAME}?expires=")));
        assert!(signer.check(NAME, expires, &sig, now));
        assert!(signer.check(NAME, expires, &sig.to_uppercase(), now));
        let later = |secs: i64| Utc.timestamp_opt(expires + secs, 0).unwrap();
        assert!(signer.check(NAME, expires, &sig, later(0)));
        assert!(!signer.check(NAME, expires, &sig, later(1)), "expired");
        assert!(!signer.check(NAME, expires + 60, &sig, now), "another expiry");
        assert!(!signer.check("0123456789abcdef0123456789abcdee.jpg", expires, &sig, now), "another name");
        assert!(!signer.check(NAME, expires, &sig[..62], now));
        // A genuine signature over an expiry too far ahead is refused all the same.
        let far = now.timestamp() + 24 * 60 * 60;
        let (_, far_sig) = query(&signer.url(NAME, far));
        assert!(!signer.check(NAME, far, &far_sig, now));
        // Another secret signs differently.
        let other = LinkSigner::new(b"another-test-secret-of-length-32").unwrap();
        assert!(!other.check(NAME, expires, &sig, now));
    }
}
