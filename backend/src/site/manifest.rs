//! `/manifest.webmanifest`: the client's manifest (its icons, colours, start page) with the
//! published names, so that a phone that installs the site shows the organisation's own name.
use axum::{
    Router,
    extract::State,
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
    routing::get,
};
use serde_json::{Value, json};

use super::content::SiteContent;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/manifest.webmanifest", get(manifest))
}

/// The build's manifest with the names of `content`: Marathi first (the visitors' language),
/// then English.
pub fn with_names(mut manifest: Value, content: &SiteContent) -> Value {
    let org = &content.organisation;
    if let Value::Object(fields) = &mut manifest {
        fields.insert("name".into(), json!(format!("{} · {}", org.name.mr, org.name.en)));
        fields.insert("short_name".into(), json!(org.short_name.mr));
    }
    manifest
}

async fn manifest(State(state): State<AppState>) -> Response {
    let file = state.config.static_dir.join("manifest.webmanifest");
    let Ok(text) = tokio::fs::read(&file).await else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let Ok(built) = serde_json::from_slice::<Value>(&text) else {
        tracing::warn!(file = %file.display(), "the client's manifest is not JSON");
        return StatusCode::NOT_FOUND.into_response();
    };
    let body = with_names(built, &state.site.current().content).to_string();
    let headers = [
        (header::CONTENT_TYPE, HeaderValue::from_static("application/manifest+json")),
        (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
    ];
    (headers, body).into_response()
}
