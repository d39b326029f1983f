//! `GET /uploads/{name}`, `/magazines/{name}`, `/career/{name}`: stored files with their type,
//! `nosniff` (added by the security headers), caching for a year (a name never changes its
//! content), `ETag` and range requests ([`serve_file`], from the folder or the bucket).
use axum::{
    Router,
    extract::{Request, State},
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
    routing::get,
};

use super::{detect::FileKind, file_response::serve_file, folder::{Folder, is_stored_name}};
use crate::{error::Error, extract::Path, state::AppState};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/uploads/{name}", get(|s, n, r| serve(Folder::Uploads, s, n, r)))
        .route("/magazines/{name}", get(|s, n, r| serve(Folder::Magazines, s, n, r)))
        .route("/career/{name}", get(|s, n, r| serve(Folder::Career, s, n, r)))
}

async fn serve(folder: Folder, State(state): State<AppState>, Path(name): Path<String>, request: Request) -> Response {
    // Checked before any path is made: only generated names exist, so no spelling of `..`,
    // `%2e%2e`, `%2f` or `\` (all decoded by now) can reach outside the folder.
    if !is_stored_name(&name) {
        return Error::NotFound.into_response();
    }
    let Some(kind) = name.rsplit_once('.').and_then(|(_, ext)| FileKind::from_extension(ext)) else {
        return Error::NotFound.into_response();
    };
    let mut response = match serve_file(&state.files, folder, &name, kind.content_type(), request.headers()).await {
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
