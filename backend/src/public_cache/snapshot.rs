//! One encoded response: its headers and its body as is, gzip- and brotli-compressed, each with
//! a strong `ETag`, answered with `304 Not Modified` when the client holds it.
use std::io::Write;

use axum::{
    body::{Body, Bytes},
    http::{HeaderMap, HeaderName, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use sha2::{Digest, Sha256};

use crate::error::{Error, Result};

/// `no-cache`: browsers keep the list but ask again every time, with the `ETag`.
const CACHE_CONTROL: HeaderValue = HeaderValue::from_static("no-cache");
const VARY: HeaderValue = HeaderValue::from_static("accept-encoding");
const GZIP: HeaderValue = HeaderValue::from_static("gzip");
const BR: HeaderValue = HeaderValue::from_static("br");

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
    // Quality 5: the site's fifty prerendered pages (2.4 MB) take 0.16 s, against 8 s at quality
    // 11 for 10% fewer bytes (9.0 KB a page instead of 10.0 KB), so publishing answers in
    // about the time the pages take to render. A window below 2^18 bytes sends this encoder
    // down a path ten times slower for the same output, hence the floor; it is never larger
    // than the body needs.
    let window = (usize::BITS - body.len().max(1).leading_zeros()).clamp(18, 24);
    let params = brotli::enc::BrotliEncoderParams {
        quality: 5,
        lgwin: window as i32,
        size_hint: body.len(),
        ..Default::default()
    };
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
}
