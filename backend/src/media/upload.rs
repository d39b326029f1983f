//! Uploading images (every one judged first, all stored or none) and deleting them with their
//! files.
use axum::{Json, http::StatusCode};
use chrono::Datelike;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter, Set, TransactionTrait};
use serde::Deserialize;
use serde_json::{Map, Value};
use utoipa::ToSchema;

use super::{
    entity::{self, Column, Model},
    item::MediaItem,
    kinds::MediaKind,
};
use crate::{
    audit::{self, Action, Changes},
    auth::AdminUser,
    db::one_or_404,
    error::{Error, Result},
    extract::Multipart,
    state::AppState,
    uploads::{self, IMAGES, StoredFile},
    validation::{FormRules, Rule, Validate, parse_valid},
};

/// Images one request may carry (the dashboard sends one per request; a batch is allowed).
pub const MAX_FILES: usize = 20;
pub const TOO_MANY_FILES: &str = "Please choose at most 20 images at a time.";
pub const INVALID_YEAR: &str = "Please choose a valid year.";
pub const INVALID_MONTH: &str = "Please choose a valid month.";
pub use crate::uploads::UNKNOWN_FIELD;

/// The multipart body of an upload to the events, magazines or career list. The description is
/// checked with the shared rules; a part of another name is refused.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MediaUpload {
    /// One or more images (JPEG, PNG, WebP or GIF), at most 20; judged by their content.
    // Never read from the text parts: files come through `Parts`.
    #[serde(default)]
    #[schema(value_type = Vec<String>, format = Binary, required = true, min_items = 1, max_items = 20)]
    pub image: Vec<String>,
    /// Alternative text and caption, in any script.
    #[serde(default)]
    pub description: String,
}

/// The multipart body of an upload to the gallery: as [`MediaUpload`], and the month the photos
/// belong to.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct GalleryUpload {
    /// One or more images (JPEG, PNG, WebP or GIF), at most 20; judged by their content.
    #[serde(default)]
    #[schema(value_type = Vec<String>, format = Binary, required = true, min_items = 1, max_items = 20)]
    pub image: Vec<String>,
    /// Alternative text and caption, in any script.
    #[serde(default)]
    pub description: String,
    /// The year the photos belong to, 2000 to next year (default: the year of upload, in India).
    #[serde(default)]
    #[schema(value_type = i32, minimum = 2000)]
    pub year: Option<String>,
    /// The month the photos belong to, 1 to 12 (default: the month of upload, in India).
    #[serde(default)]
    #[schema(value_type = i32, minimum = 1, maximum = 12)]
    pub month: Option<String>,
}

const DESCRIPTION_RULES: FormRules =
    &[("description", &[Rule::MaxLength { max: 300, message: "Maximum 300 characters allowed" }])];

impl Validate for MediaUpload {
    const FORM: &'static str = "media";
    const RULES: FormRules = DESCRIPTION_RULES;
}

impl Validate for GalleryUpload {
    const FORM: &'static str = "galleryUpload";
    const RULES: FormRules = DESCRIPTION_RULES;
}

/// What an upload says besides its images.
pub struct UploadFields {
    pub description: String,
    pub year: Option<String>,
    pub month: Option<String>,
}

/// An upload body: its text part names and how they are read.
pub trait UploadForm: Validate {
    const TEXT_FIELDS: &'static [&'static str];
    fn fields(self) -> UploadFields;
}

impl UploadForm for MediaUpload {
    const TEXT_FIELDS: &'static [&'static str] = &["description"];
    fn fields(self) -> UploadFields {
        UploadFields { description: self.description, year: None, month: None }
    }
}

impl UploadForm for GalleryUpload {
    const TEXT_FIELDS: &'static [&'static str] = &["description", "year", "month"];
    fn fields(self) -> UploadFields {
        UploadFields { description: self.description, year: self.year, month: self.month }
    }
}

/// `POST /api/{kind}` (administrator): stores every image or none.
pub async fn upload<U: UploadForm>(
    state: AppState,
    admin: &AdminUser,
    kind: MediaKind,
    Multipart(multipart): Multipart,
) -> Result<(StatusCode, Json<Vec<MediaItem>>)> {
    let parts = uploads::read_parts(multipart, &["image"]).await?;
    if parts.files.len() > MAX_FILES {
        return Err(Error::field("image", TOO_MANY_FILES));
    }
    if parts.texts.keys().any(|name| !U::TEXT_FIELDS.contains(&name.as_str())) {
        return Err(Error::BadRequest(UNKNOWN_FIELD.to_owned()));
    }
    let form: Map<String, Value> = parts.texts.into_iter().map(|(name, value)| (name, Value::String(value))).collect();
    let input = parse_valid::<U>(Value::Object(form))?.fields();
    let (year, month) = belongs_to(&input)?;
    let description = input.description.trim().to_owned();
    // Every file is judged before any is written, so that one refused file stores nothing.
    for (_, bytes) in &parts.files {
        if !uploads::detect::detect(bytes).is_some_and(|kind| IMAGES.contains(&kind)) {
            return Err(Error::UnsupportedFile(uploads::refusal(IMAGES)));
        }
    }
    let folder = kind.folder();
    let mut stored: Vec<StoredFile> = Vec::with_capacity(parts.files.len());
    for (_, bytes) in parts.files {
        match uploads::store(&state.config, &state.files, folder, bytes, IMAGES, true).await {
            Ok(file) => stored.push(file),
            Err(err) => {
                discard(&state, folder, &stored).await;
                return Err(err);
            }
        }
    }
    let rows = match insert(&state, admin, kind, &stored, &description, year, month).await {
        Ok(rows) => rows,
        Err(err) => {
            discard(&state, folder, &stored).await;
            return Err(err);
        }
    };
    state.hub.publish(crate::events::RealtimeEvent::MediaUpdated { kind }).await;
    let items = rows.into_iter().map(|row| MediaItem::new(kind, row)).collect();
    Ok((StatusCode::CREATED, Json(items)))
}

/// The month a new image belongs to: the gallery's `year` and `month` when given, else the
/// month of upload in the organisation's time zone.
fn belongs_to(input: &UploadFields) -> Result<(i32, i32)> {
    let today = crate::validation::today_in_india();
    let number = |value: &Option<String>| {
        value.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(|v| crate::validation::latin_digits(v).parse::<i32>())
    };
    let year = match number(&input.year) {
        None => today.year(),
        Some(Ok(year)) if (2000..=today.year() + 1).contains(&year) => year,
        Some(_) => return Err(Error::field("year", INVALID_YEAR)),
    };
    let month = match number(&input.month) {
        None => today.month() as i32,
        Some(Ok(month)) if (1..=12).contains(&month) => month,
        Some(_) => return Err(Error::field("month", INVALID_MONTH)),
    };
    Ok((year, month))
}

/// The rows of the stored files and the upload's audit entry, in one transaction.
async fn insert(
    state: &AppState,
    admin: &AdminUser,
    kind: MediaKind,
    stored: &[StoredFile],
    description: &str,
    year: i32,
    month: i32,
) -> Result<Vec<Model>> {
    let txn = state.db.begin().await?;
    let now = chrono::Utc::now().fixed_offset();
    let mut rows = Vec::with_capacity(stored.len());
    for file in stored {
        let variants: Vec<String> = file.variants.iter().map(u32::to_string).collect();
        let row = entity::ActiveModel {
            kind: Set(kind.as_str().to_owned()),
            image: Set(file.name.clone()),
            content_type: Set(file.kind.content_type().to_owned()),
            bytes: Set(i64::try_from(file.bytes).unwrap_or(i64::MAX)),
            width: Set(file.width.and_then(|w| i32::try_from(w).ok())),
            height: Set(file.height.and_then(|h| i32::try_from(h).ok())),
            variants: Set(variants.join(",")),
            description: Set(description.to_owned()),
            year: Set(year),
            month: Set(month),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        rows.push(row);
    }
    let summary = match rows.as_slice() {
        [row] => format!("Uploaded image #{} to {}", row.id, kind.as_str()),
        rows => format!("Uploaded {} images to {}", rows.len(), kind.as_str()),
    };
    let images: Vec<Value> = rows.iter().map(|row| Value::Object(audit::row(row))).collect();
    let changes = Changes::created(Map::from_iter([("images".to_owned(), Value::Array(images))]));
    admin.record(&txn, Action::Upload, rows.first().map(|row| row.id), summary, changes).await?;
    txn.commit().await?;
    Ok(rows)
}

async fn discard(state: &AppState, folder: uploads::Folder, stored: &[StoredFile]) {
    for file in stored {
        uploads::remove(&state.files, folder, &file.name).await;
    }
}

/// `DELETE /api/{kind}/{id}` (administrator): the row with its audit entry, then its files and
/// variants.
pub async fn delete(state: AppState, admin: &AdminUser, kind: MediaKind, id: i32) -> Result<StatusCode> {
    let txn = crate::db::begin_write(&state.db).await?;
    let row = one_or_404(&txn, entity::Entity::find_by_id(id).filter(Column::Kind.eq(kind.as_str()))).await?;
    entity::Entity::delete_by_id(id).exec(&txn).await?;
    let summary = format!("Deleted image #{id} of {}", kind.as_str());
    admin.record(&txn, Action::Delete, Some(id), summary, Changes::deleted(audit::row(&row))).await?;
    txn.commit().await?;
    uploads::remove(&state.files, kind.folder(), &row.image).await;
    state.hub.publish(crate::events::RealtimeEvent::MediaUpdated { kind }).await;
    Ok(StatusCode::NO_CONTENT)
}
