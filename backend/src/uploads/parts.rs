//! Reading a multipart upload form into its files and its text fields.
use std::collections::HashMap;

use axum::{body::Bytes, extract::Multipart, http::StatusCode};

use crate::error::{Error, Result};

/// The parts of a multipart request.
#[derive(Debug, Default)]
pub struct Parts {
    /// Non-empty file parts, by field name, in the order sent.
    pub files: Vec<(String, Bytes)>,
    /// Every other named part, as text (a repeated name keeps the last).
    pub texts: HashMap<String, String>,
}

pub const CHOOSE_IMAGE: &str = "Please choose an image to upload.";
pub const CHOOSE_FILE: &str = "Please choose a file to upload.";
/// A multipart part of a name the form does not have (400).
pub const UNKNOWN_FIELD: &str = "The upload has a field it does not take.";

/// Reads a multipart request: the parts named in `file_fields` as bytes, the others as text.
/// 413 when the body limit is hit (also in the middle of a part), 400 for a malformed body,
/// 422 under the first of `file_fields` when no file came at all. A browser sends an empty
/// part when nothing was chosen, so empty files count as absent.
pub async fn read_parts(multipart: Multipart, file_fields: &[&str]) -> Result<Parts> {
    let parts = read_optional_parts(multipart, file_fields).await?;
    if parts.files.is_empty() {
        if let Some(first) = file_fields.first() {
            let message = if first.contains("image") || first.contains("photo") { CHOOSE_IMAGE } else { CHOOSE_FILE };
            return Err(Error::field(first, message));
        }
    }
    Ok(parts)
}

/// As [`read_parts`], for a request whose files are all optional (an edit that may keep them).
pub async fn read_optional_parts(mut multipart: Multipart, file_fields: &[&str]) -> Result<Parts> {
    fn refused(err: axum::extract::multipart::MultipartError) -> Error {
        if err.status() == StatusCode::PAYLOAD_TOO_LARGE { Error::PayloadTooLarge } else { Error::MalformedBody }
    }
    let mut parts = Parts::default();
    while let Some(field) = multipart.next_field().await.map_err(refused)? {
        let Some(name) = field.name().map(str::to_owned) else {
            field.bytes().await.map_err(refused)?;
            continue;
        };
        if file_fields.contains(&name.as_str()) {
            let bytes = field.bytes().await.map_err(refused)?;
            if !bytes.is_empty() {
                parts.files.push((name, bytes));
            }
        } else {
            let text = field.text().await.map_err(refused)?;
            parts.texts.insert(name, text);
        }
    }
    Ok(parts)
}
