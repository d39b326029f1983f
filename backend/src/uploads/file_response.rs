//! A stored file as an HTTP response, for the public folders and the signed private links.
use std::path::PathBuf;

use axum::{
    extract::Request,
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use tower::ServiceExt;
use tower_http::services::ServeFile;

use crate::error::Error;

/// A stored file through `ServeFile` (ETag, ranges, 304) with its content type; the caller adds
/// its caching. A missing file is `Err` with the JSON 404, a failure to read it the JSON 500.
pub(super) async fn serve_file(path: PathBuf, content_type: &'static str, request: Request) -> Result<Response, Response> {
    let response = match ServeFile::new(path).oneshot(request).await {
        Ok(response) => response.map(axum::body::Body::new),
        Err(err) => return Err(Error::Internal(err.into()).into_response()),
    };
    if response.status() == StatusCode::NOT_FOUND {
        return Err(Error::NotFound.into_response());
    }
    let mut response = response.into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    Ok(response)
}
