//! Uploading images (every one judged first, all stored or none) and deleting them with their
//! files.
use axum::{Json, http::StatusCode};
use chrono::Datelike;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder, QuerySelect, Set};
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
    uploads::{self, StoredFile},
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
        if !uploads::detect::detect(bytes).is_some_and(|detected| kind.accepts().contains(&detected)) {
            return Err(Error::UnsupportedFile(uploads::refusal(kind.accepts())));
        }
    }
    let folder = kind.folder();
    let mut stored: Vec<StoredFile> = Vec::with_capacity(parts.files.len());
    for (_, bytes) in parts.files {
        match uploads::store(&state.config, &state.files, folder, bytes, kind.accepts(), true).await {
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
    let txn = crate::db::begin_write(&state.db).await?;
    let now = chrono::Utc::now().fixed_offset();
    let mut rows = Vec::with_capacity(stored.len());
    // New images come first, in the order sent.
    let mut position = top_position(&txn, kind).await? + i32::try_from(stored.len()).unwrap_or(0);
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
            position: Set(position),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        position -= 1;
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

/// The highest position in a list (0 when empty).
async fn top_position(db: &impl ConnectionTrait, kind: MediaKind) -> Result<i32> {
    let top: Option<Option<i32>> = entity::Entity::find()
        .select_only()
        .column_as(Column::Position.max(), "top")
        .filter(Column::Kind.eq(kind.as_str()))
        .into_tuple()
        .one(db)
        .await?;
    Ok(top.flatten().unwrap_or(0))
}

/// A correction of an image's description and, in the gallery, of the month it belongs to.
#[derive(Debug, Deserialize, ToSchema)]
pub struct MediaEdit {
    /// Alternative text and caption, in any script.
    #[serde(default)]
    pub description: String,
    /// The gallery's year, 2000 to next year (the other lists ignore it).
    #[serde(default)]
    #[schema(value_type = Option<i32>, minimum = 2000)]
    pub year: Option<serde_json::Value>,
    /// The gallery's month, 1 to 12 (the other lists ignore it).
    #[serde(default)]
    #[schema(value_type = Option<i32>, minimum = 1, maximum = 12)]
    pub month: Option<serde_json::Value>,
}

impl Validate for MediaEdit {
    const FORM: &'static str = "mediaEdit";
    const RULES: FormRules = DESCRIPTION_RULES;
}

/// A JSON number or numeric text as the upload's text part would carry it.
fn as_text(value: &Option<serde_json::Value>) -> Option<String> {
    match value {
        Some(serde_json::Value::Number(n)) => Some(n.to_string()),
        Some(serde_json::Value::String(s)) => Some(s.clone()),
        Some(serde_json::Value::Null) | None => None,
        Some(_) => Some("not a number".into()),
    }
}

/// `PUT /api/{kind}/{id}` (administrator): a new description, and a new month in the gallery.
pub async fn edit(state: AppState, admin: &AdminUser, kind: MediaKind, id: i32, input: MediaEdit) -> Result<MediaItem> {
    let fields = UploadFields { description: input.description, year: as_text(&input.year), month: as_text(&input.month) };
    let txn = crate::db::begin_write(&state.db).await?;
    let before = one_or_404(&txn, entity::Entity::find_by_id(id).filter(Column::Kind.eq(kind.as_str()))).await?;
    let mut row = before.clone().into_active_model();
    row.description = Set(fields.description.trim().to_owned());
    if kind.facts().by_month {
        let given = |value: &Option<String>| value.as_deref().is_some_and(|v| !v.trim().is_empty());
        let (year, month) = belongs_to(&fields)?;
        if given(&fields.year) {
            row.year = Set(year);
        }
        if given(&fields.month) {
            row.month = Set(month);
        }
    }
    let row = row.update(&txn).await?;
    admin.record(&txn, Action::Update, Some(id), format!("Changed image #{id} of {}", kind.as_str()), audit::changed(&before, &row)).await?;
    txn.commit().await?;
    state.hub.publish(crate::events::RealtimeEvent::MediaUpdated { kind }).await;
    Ok(MediaItem::new(kind, row))
}

/// Which way an image moves in its list.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Towards the top (shown earlier).
    Up,
    /// Towards the bottom.
    Down,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct MediaMove {
    pub direction: Direction,
}

impl Validate for MediaMove {
    const FORM: &'static str = "mediaMove";
    const RULES: FormRules = &[(
        "direction",
        &[Rule::Required { message: "Choose up or down" }, Rule::OneOf { values: &["up", "down"], message: "Choose up or down" }],
    )];
}

/// `POST /api/{kind}/{id}/move` (administrator): the image changes places with its neighbour
/// above or below (in the gallery, within its month). At the top or the bottom nothing moves.
pub async fn move_item(state: AppState, admin: &AdminUser, kind: MediaKind, id: i32, direction: Direction) -> Result<StatusCode> {
    let txn = crate::db::begin_write(&state.db).await?;
    let item = one_or_404(&txn, entity::Entity::find_by_id(id).filter(Column::Kind.eq(kind.as_str()))).await?;
    // The list's order is position, then upload time, then id, each descending: the neighbour
    // is the next row in that order on the chosen side.
    let mut neighbours = entity::Entity::find().filter(Column::Kind.eq(kind.as_str())).filter(Column::Id.ne(id));
    if kind.facts().by_month {
        neighbours = neighbours.filter(Column::Year.eq(item.year)).filter(Column::Month.eq(item.month));
    }
    let mut ordered: Vec<Model> = neighbours.order_by_desc(Column::Position).order_by_desc(Column::CreatedAt).order_by_desc(Column::Id).all(&txn).await?;
    ordered.push(item.clone());
    ordered.sort_by(|a, b| (b.position, b.created_at, b.id).cmp(&(a.position, a.created_at, a.id)));
    let at = ordered.iter().position(|row| row.id == id).unwrap_or(0);
    let other = match direction {
        Direction::Up if at > 0 => ordered[at - 1].clone(),
        Direction::Down if at + 1 < ordered.len() => ordered[at + 1].clone(),
        _ => return Ok(StatusCode::NO_CONTENT),
    };
    // Distinct positions for the two, so that the swap holds whatever their upload times.
    let (high, low) = if other.position != item.position {
        (other.position.max(item.position), other.position.min(item.position))
    } else {
        (item.position + 1, item.position)
    };
    let (item_to, other_to) = match direction {
        Direction::Up => (high, low),
        Direction::Down => (low, high),
    };
    for (row, position) in [(&item, item_to), (&other, other_to)] {
        let mut active = row.clone().into_active_model();
        active.position = Set(position);
        active.update(&txn).await?;
    }
    let word = match direction { Direction::Up => "up", Direction::Down => "down" };
    let changes = Changes::created(Map::from_iter([("moved".to_owned(), Value::String(word.into())), ("past".to_owned(), Value::from(other.id))]));
    admin.record(&txn, Action::Update, Some(id), format!("Moved image #{id} of {} {word}", kind.as_str()), changes).await?;
    txn.commit().await?;
    state.hub.publish(crate::events::RealtimeEvent::MediaUpdated { kind }).await;
    Ok(StatusCode::NO_CONTENT)
}
