//! `GET /uploads/{name}`, `/magazines/{name}`, `/career/{name}`: stored files with their type,
//! `nosniff` (added by the security headers), caching for a year (a name never changes its
//! content), `ETag` and range requests (tower-http's `ServeFile`).
use std::path::PathBuf;

use axum::{
    Router,
    extract::{Path, Request, State},
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
    routing::get,
};
use tower::ServiceExt;
use tower_http::services::ServeFile;

use super::{FileKind, Folder, is_stored_name};
use crate::{error::Error, state::AppState};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/uploads/{name}", get(|s, n, r| serve(Folder::Uploads, s, n, r)))
        .route("/magazines/{name}", get(|s, n, r| serve(Folder::Magazines, s, n, r)))
        .route("/career/{name}", get(|s, n, r| serve(Folder::Career, s, n, r)))
}

async fn serve(folder: Folder, State(state): State<AppState>, name: Result<Path<String>, axum::extract::rejection::PathRejection>, request: Request) -> Response {
    // Checked before any path is made: only generated names exist, so no spelling of `..`,
    // `%2e%2e`, `%2f` or `\` (all decoded by now) can reach outside the folder.
    let Ok(Path(name)) = name else { return Error::NotFound.into_response() };
    if !is_stored_name(&name) {
        return Error::NotFound.into_response();
    }
    let Some(kind) = name.rsplit_once('.').and_then(|(_, ext)| FileKind::from_extension(ext)) else {
        return Error::NotFound.into_response();
    };
    let path = folder.path(&state.config).join(&name);
    let mut response = match serve_file(path, kind.content_type(), request).await {
        Ok(response) => response,
        Err(answer) => return answer,
    };
    if response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED {
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=31536000, immutable"));
    }
    response
}

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
