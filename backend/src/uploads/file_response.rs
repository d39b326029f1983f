//! A stored file as an HTTP response, for the public folders and the signed private links, from
//! whichever store holds it ([`Files`]): its type, length, `ETag`, `Last-Modified`, a 304 for a
//! matching `If-None-Match` and one byte range (206, or 416 past the end).
use axum::{
    body::Body,
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use futures_util::TryStreamExt;
use object_store::{GetOptions, GetRange};

use super::{files::{Files, unavailable}, folder::Folder};
use crate::error::Error;

/// The file `name` in `folder` with its content type; the caller adds its caching. A missing
/// file is `Err` with the JSON 404, a store that cannot be reached the JSON 503.
pub(super) async fn serve_file(files: &Files, folder: Folder, name: &str, content_type: &'static str, headers: &HeaderMap) -> Result<Response, Response> {
    let range = match headers.get(header::RANGE).and_then(|v| v.to_str().ok()) {
        None => None,
        Some(text) => parse_range(text),
    };
    let options = GetOptions { range: range.clone(), ..GetOptions::default() };
    let found = match files.get(folder, name, options).await {
        Ok(found) => found,
        Err(object_store::Error::NotFound { .. }) => return Err(Error::NotFound.into_response()),
        Err(err) if range.is_some() => {
            // Most likely a range past the end: told as 416 with the size, if the file is there.
            return Err(match files.get(folder, name, GetOptions { head: true, ..GetOptions::default() }).await {
                Ok(found) => unsatisfiable(found.meta.size),
                Err(object_store::Error::NotFound { .. }) => Error::NotFound.into_response(),
                Err(_) => unavailable(err).into_response(),
            });
        }
        Err(err) => return Err(unavailable(err).into_response()),
    };
    let size = found.meta.size;
    let etag = found.meta.e_tag.as_deref().map(|tag| if tag.starts_with('"') || tag.starts_with("W/") { tag.to_owned() } else { format!("\"{tag}\"") });
    let last_modified = found.meta.last_modified.format("%a, %d %b %Y %H:%M:%S GMT").to_string();
    let matches = etag.as_deref().is_some_and(|tag| {
        headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()).is_some_and(|wanted| {
            wanted.split(',').map(str::trim).any(|one| one == "*" || one.trim_start_matches("W/") == tag.trim_start_matches("W/"))
        })
    });
    let mut response = if matches {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        let part = found.range.clone();
        let status = if range.is_some() { StatusCode::PARTIAL_CONTENT } else { StatusCode::OK };
        let mut response = Response::new(Body::from_stream(found.into_stream().map_err(std::io::Error::other)));
        *response.status_mut() = status;
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_LENGTH, HeaderValue::from(part.end - part.start));
        if status == StatusCode::PARTIAL_CONTENT {
            if let Ok(value) = HeaderValue::from_str(&format!("bytes {}-{}/{size}", part.start, part.end.saturating_sub(1))) {
                headers.insert(header::CONTENT_RANGE, value);
            }
        }
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
        response
    };
    let headers = response.headers_mut();
    headers.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    if let Some(value) = etag.and_then(|tag| HeaderValue::from_str(&tag).ok()) {
        headers.insert(header::ETAG, value);
    }
    if let Ok(value) = HeaderValue::from_str(&last_modified) {
        headers.insert(header::LAST_MODIFIED, value);
    }
    Ok(response)
}

/// One range of `bytes=a-b`, `bytes=a-` or `bytes=-n`; several ranges or another unit are
/// answered whole, as RFC 9110 allows.
fn parse_range(text: &str) -> Option<GetRange> {
    let spec = text.trim().strip_prefix("bytes=")?;
    if spec.contains(',') {
        return None;
    }
    let (start, end) = spec.split_once('-')?;
    let (start, end) = (start.trim(), end.trim());
    match (start.parse::<u64>().ok(), end.parse::<u64>().ok()) {
        (Some(start), Some(end)) if end >= start => Some(GetRange::Bounded(start..end.saturating_add(1))),
        (Some(start), None) if end.is_empty() => Some(GetRange::Offset(start)),
        (None, Some(last)) if start.is_empty() && last > 0 => Some(GetRange::Suffix(last)),
        _ => None,
    }
}

fn unsatisfiable(size: u64) -> Response {
    let mut response = StatusCode::RANGE_NOT_SATISFIABLE.into_response();
    if let Ok(value) = HeaderValue::from_str(&format!("bytes */{size}")) {
        response.headers_mut().insert(header::CONTENT_RANGE, value);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges() {
        assert_eq!(parse_range("bytes=0-9"), Some(GetRange::Bounded(0..10)));
        assert_eq!(parse_range("bytes=5-"), Some(GetRange::Offset(5)));
        assert_eq!(parse_range("bytes=-4"), Some(GetRange::Suffix(4)));
        for whole in ["bytes=9-1", "bytes=0-1,4-5", "items=0-1", "bytes=-0", "bytes=a-b", "bytes=-"] {
            assert_eq!(parse_range(whole), None, "{whole}");
        }
    }
}
