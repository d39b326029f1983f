//! The routes of the four lists, written once: `media_routes!` only names each kind's paths and
//! tag (the OpenAPI document needs literal paths); the handlers are generic over the kind.
use std::marker::PhantomData;

use axum::{
    Json,
    extract::{Multipart, Path, Query, RawQuery, State, multipart::MultipartRejection, rejection::{PathRejection, QueryRejection}},
    http::{HeaderMap, StatusCode},
    response::Response,
};
use chrono::Datelike;
use sea_orm::{ActiveModelTrait, ColumnTrait, Condition, EntityTrait, QueryFilter, Select, Set, TransactionTrait};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;

use super::{MediaKind, entity::{self, Column, Model}};
use crate::{
    admin_list::{self, AdminList, ListQuery, moment, text},
    documents::{Bilingual, Cell, Column as DocColumn, Lang},
    error::{Error, Result},
    state::AppState,
    uploads::{self, IMAGES, StoredFile},
    validation::{FormRules, Rule, Validate, parse_valid},
};

/// Images one request may carry (the dashboard sends one per request; a batch is allowed).
pub const MAX_FILES: usize = 20;
/// The public lists' page when none is asked for: a generous one.
pub const PUBLIC_PER_PAGE: u64 = 60;
pub const TOO_MANY_FILES: &str = "Please choose at most 20 images at a time.";
pub const INVALID_YEAR: &str = "Please choose a valid year.";
pub const INVALID_MONTH: &str = "Please choose a valid month.";
pub use crate::uploads::UNKNOWN_FIELD;

/// An image of a list, with what a page needs for `srcset` and `width`/`height`.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct MediaItem {
    pub id: i32,
    /// The stored file name.
    #[schema(example = "3f9a0c1e5b7d4a2f8e6c0b9d1a3f5e7c.jpg")]
    pub image: String,
    /// The original, as uploaded (without camera metadata).
    #[schema(example = "/uploads/3f9a0c1e5b7d4a2f8e6c0b9d1a3f5e7c.jpg")]
    pub url: String,
    #[schema(example = "image/jpeg")]
    pub content_type: String,
    /// Of the image as displayed.
    pub width: Option<u32>,
    pub height: Option<u32>,
    pub bytes: u64,
    /// Alternative text and caption (any script; may be empty).
    #[schema(example = "गणेशोत्सव २०२६")]
    pub description: String,
    /// The month the photo belongs to.
    pub year: i32,
    pub month: u32,
    #[schema(value_type = String, format = DateTime)]
    pub created_at: chrono::DateTime<chrono::FixedOffset>,
    /// Resized WebP copies, narrowest first; none wider than the original.
    pub variants: Vec<MediaVariant>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct MediaVariant {
    pub width: u32,
    #[schema(example = "/uploads/3f9a0c1e5b7d4a2f8e6c0b9d1a3f5e7c-640.webp")]
    pub url: String,
}

impl MediaItem {
    fn new(kind: MediaKind, model: Model) -> Self {
        let folder = kind.folder();
        let variants = model
            .variants
            .split(',')
            .filter_map(|width| width.trim().parse::<u32>().ok())
            .map(|width| MediaVariant { width, url: uploads::url(folder, &uploads::variant_name(&model.image, width)) })
            .collect();
        Self {
            id: model.id,
            url: uploads::url(folder, &model.image),
            image: model.image,
            content_type: model.content_type,
            width: model.width.and_then(|w| u32::try_from(w).ok()),
            height: model.height.and_then(|h| u32::try_from(h).ok()),
            bytes: u64::try_from(model.bytes).unwrap_or_default(),
            description: model.description,
            year: model.year,
            month: u32::try_from(model.month).unwrap_or_default(),
            created_at: model.created_at,
            variants,
        }
    }
}

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

/// A list kind as a type, so that each kind is its own [`AdminList`].
pub trait Kind: Send + Sync + 'static {
    const KIND: MediaKind;
    const TITLE: Bilingual;
}

macro_rules! kinds {
    ($($marker:ident = $kind:expr, $title:literal, $title_mr:literal;)*) => {$(
        pub struct $marker;
        impl Kind for $marker {
            const KIND: MediaKind = $kind;
            const TITLE: Bilingual = Bilingual::new($title, $title_mr);
        }
    )*};
}

kinds! {
    Events = MediaKind::Events, "Event posters", "कार्यक्रमांची पोस्टर";
    Gallery = MediaKind::Gallery, "Gallery", "छायाचित्र दालन";
    Magazines = MediaKind::Magazines, "Magazines", "मासिके";
    Career = MediaKind::Career, "Employment", "रोजगार";
}

/// The administrator list (search, sort, exports) of one kind.
pub struct MediaList<K>(PhantomData<K>);

impl<K: Kind> AdminList for MediaList<K> {
    type Entity = entity::Entity;
    type Model = Model;
    const SORTABLE: &'static [(&'static str, Column)] = &[
        ("created_at", Column::CreatedAt),
        ("id", Column::Id),
        ("year", Column::Year),
        ("month", Column::Month),
        ("description", Column::Description),
        ("bytes", Column::Bytes),
    ];
    const SEARCHABLE: &'static [Column] = &[Column::Description];
    const FILE_STEM: &'static str = K::KIND.as_str();
    const TITLE: Bilingual = K::TITLE;

    fn export_columns(lang: Lang) -> Vec<DocColumn> {
        vec![
            DocColumn::new(lang.pick("Id", "क्रमांक"), 0.5),
            DocColumn::new(lang.pick("Image", "प्रतिमा"), 3.0),
            DocColumn::new(lang.pick("Description", "वर्णन"), 3.0),
            DocColumn::new(lang.pick("Month", "महिना"), 0.8),
            DocColumn::new(lang.pick("Bytes", "आकार (बाइट)"), 0.9),
            DocColumn::new(lang.pick("Uploaded", "अपलोड दिनांक"), 1.4),
        ]
    }

    fn export_row(m: &Model, _lang: Lang) -> Vec<Cell> {
        vec![
            Cell::Integer(m.id.into()),
            text(&uploads::url(K::KIND.folder(), &m.image)),
            text(&m.description),
            text(&format!("{:04}-{:02}", m.year, m.month)),
            Cell::Integer(m.bytes),
            moment(m.created_at),
        ]
    }

    fn scope(select: Select<entity::Entity>) -> Select<entity::Entity> {
        select.filter(Column::Kind.eq(K::KIND.as_str()))
    }

    /// The gallery by the month the photos belong to, newest month first; the others newest first.
    fn default_order() -> Vec<Column> {
        match K::KIND {
            MediaKind::Gallery => vec![Column::Year, Column::Month, Column::CreatedAt],
            _ => vec![Column::CreatedAt],
        }
    }
}

/// Extra filters of a public list.
pub trait Filter: for<'de> Deserialize<'de> + Send + 'static {
    fn condition(&self) -> Result<Condition>;
}

/// The lists other than the gallery take no filter.
#[derive(Debug, Deserialize, IntoParams)]
pub struct NoFilter {}

impl Filter for NoFilter {
    fn condition(&self) -> Result<Condition> {
        Ok(Condition::all())
    }
}

/// The gallery's filters; either alone (a month alone means that month of every year). Both
/// take Devanagari digits too.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GalleryFilter {
    /// The year the photos belong to.
    #[serde(default, deserialize_with = "crate::validation::latin_query")]
    pub year: Option<i32>,
    /// The month the photos belong to, 1 to 12.
    #[param(minimum = 1, maximum = 12)]
    #[serde(default, deserialize_with = "crate::validation::latin_query")]
    pub month: Option<i32>,
}

impl Filter for GalleryFilter {
    fn condition(&self) -> Result<Condition> {
        let mut condition = Condition::all();
        if let Some(year) = self.year {
            condition = condition.add(Column::Year.eq(year));
        }
        if let Some(month) = self.month {
            if !(1..=12).contains(&month) {
                return Err(Error::BadRequest("month must be between 1 and 12".into()));
            }
            condition = condition.add(Column::Month.eq(month));
        }
        Ok(condition)
    }
}

/// `GET /api/{kind}` (public). Without query parameters it is answered from the snapshot cache.
pub async fn list<K: Kind, F: Filter>(
    state: AppState,
    headers: HeaderMap,
    raw: Option<String>,
    query: std::result::Result<Query<ListQuery>, QueryRejection>,
    filter: std::result::Result<Query<F>, QueryRejection>,
) -> Result<Response> {
    let Query(mut query) = query?;
    let Query(filter) = filter?;
    let condition = filter.condition()?;
    query.per_page.get_or_insert(PUBLIC_PER_PAGE);
    let db = state.db.clone();
    let build = async move {
        let (rows, total) = admin_list::page::<MediaList<K>>(&db, &query, condition).await?;
        let items: Vec<MediaItem> = rows.into_iter().map(|row| MediaItem::new(K::KIND, row)).collect();
        Ok(admin_list::with_total(total, items))
    };
    // Searches, filters and other pages go to the database.
    if raw.is_some_and(|raw| !raw.is_empty()) {
        return build.await;
    }
    state.public_cache.respond(K::KIND.as_str(), "", &headers, build).await
}

/// `POST /api/{kind}` (administrator): stores every image or none.
pub async fn upload<K: Kind, U: UploadForm>(
    state: AppState,
    multipart: std::result::Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<Vec<MediaItem>>)> {
    let multipart = multipart.map_err(|_| Error::UnsupportedMediaType)?;
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
    let folder = K::KIND.folder();
    let mut stored: Vec<StoredFile> = Vec::with_capacity(parts.files.len());
    for (_, bytes) in parts.files {
        match uploads::store(&state.config, folder, bytes, IMAGES, true).await {
            Ok(file) => stored.push(file),
            Err(err) => {
                discard(&state, folder, &stored).await;
                return Err(err);
            }
        }
    }
    let rows = match insert(&state, K::KIND, &stored, &description, year, month).await {
        Ok(rows) => rows,
        Err(err) => {
            discard(&state, folder, &stored).await;
            return Err(err);
        }
    };
    state.hub.publish(crate::events::RealtimeEvent::MediaUpdated { kind: K::KIND }).await;
    let items = rows.into_iter().map(|row| MediaItem::new(K::KIND, row)).collect();
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

/// The rows of the stored files, in one transaction.
async fn insert(
    state: &AppState,
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
    txn.commit().await?;
    Ok(rows)
}

async fn discard(state: &AppState, folder: uploads::Folder, stored: &[StoredFile]) {
    for file in stored {
        uploads::remove(&state.config, folder, &file.name).await;
    }
}

/// `DELETE /api/{kind}/{id}` (administrator): the row, then its files and variants.
pub async fn delete<K: Kind>(state: AppState, id: std::result::Result<Path<i32>, PathRejection>) -> Result<StatusCode> {
    let Path(id) = id?;
    let row = entity::Entity::find_by_id(id)
        .filter(Column::Kind.eq(K::KIND.as_str()))
        .one(&state.db)
        .await?
        .ok_or(Error::NotFound)?;
    entity::Entity::delete_by_id(id).exec(&state.db).await?;
    uploads::remove(&state.config, K::KIND.folder(), &row.image).await;
    state.hub.publish(crate::events::RealtimeEvent::MediaUpdated { kind: K::KIND }).await;
    Ok(StatusCode::NO_CONTENT)
}

/// Writes one kind's routes, each documented with its own path, tag and operation ids.
macro_rules! media_routes {
    ($module:ident, marker = $marker:ty, filter = $filter:ty, upload = $upload:ty, tag = $tag:tt,
     list = $list:tt, by_id = $by_id:tt, excel = $excel:tt, pdf = $pdf:tt) => {
        pub mod $module {
            use super::*;

            /// The list, newest first (public), filtered, sorted and paged; without query
            /// parameters it is answered from memory with an `ETag` (`If-None-Match` → 304).
            #[utoipa::path(get, path = $list, tag = $tag, operation_id = concat!($tag, "_list"),
                params(ListQuery, $filter),
                responses(
                    (status = 200, description = "One page of the list", body = Vec<MediaItem>,
                        headers(("x-total-count" = u64, description = "Rows in the whole filtered list"),
                            ("etag" = String, description = "Strong tag of this content (without query parameters)"))),
                    (status = 304, description = "The content of the tag in `If-None-Match` is still current",
                        headers(("etag" = String, description = "The current tag"))),
                    (status = 400, description = "Unknown sort field, bad paging or filter", body = crate::error::ErrorBody),
                    crate::error::responses::ServerErrors,
                ))]
            async fn list(
                State(state): State<AppState>,
                headers: HeaderMap,
                RawQuery(raw): RawQuery,
                query: std::result::Result<Query<ListQuery>, QueryRejection>,
                filter: std::result::Result<Query<$filter>, QueryRejection>,
            ) -> Result<Response> {
                super::list::<$marker, $filter>(state, headers, raw, query, filter).await
            }

            /// Upload one image, or several at once (administrator). All or nothing: when one
            /// file is refused, none is stored.
            #[utoipa::path(post, path = $list, tag = $tag, operation_id = concat!($tag, "_upload"),
                security(("bearer" = [])),
                // The encoding tells clients (and the fuzzer) that each image part is an image file.
                request_body(content(($upload = "multipart/form-data",
                    encoding(("image" = (content_type = "image/jpeg, image/png, image/webp, image/gif")))))),
                responses(
                    (status = 201, description = "The images stored, in the order sent", body = Vec<MediaItem>),
                    (status = 400, description = "The body is not a well-formed multipart body, or has a part the upload does not take", body = crate::error::ErrorBody),
                    (status = 413, description = "The body is larger than the configured limit", body = crate::error::ErrorBody),
                    (status = 415, description = "A file is not a JPEG, PNG, WebP or GIF image, or the body is not multipart", body = crate::error::ErrorBody),
                    (status = 422, description = "No image, too many, or an invalid field", body = crate::error::ErrorBody),
                    crate::error::responses::AdminErrors, crate::error::responses::ServerErrors,
                ))]
            async fn upload(
                _admin: crate::auth::AdminUser,
                State(state): State<AppState>,
                multipart: std::result::Result<Multipart, MultipartRejection>,
            ) -> Result<(StatusCode, Json<Vec<MediaItem>>)> {
                super::upload::<$marker, $upload>(state, multipart).await
            }

            /// Delete one image and its files (administrator).
            #[utoipa::path(delete, path = $by_id, tag = $tag, operation_id = concat!($tag, "_delete"),
                security(("bearer" = [])),
                params(("id" = i32, Path, description = "Image id")),
                responses(
                    (status = 204, description = "Deleted"),
                    crate::error::responses::AdminErrors, crate::error::responses::NotFound,
                    crate::error::responses::ServerErrors,
                ))]
            async fn delete(
                _admin: crate::auth::AdminUser,
                State(state): State<AppState>,
                id: std::result::Result<Path<i32>, PathRejection>,
            ) -> Result<StatusCode> {
                super::delete::<$marker>(state, id).await
            }

            crate::admin_list_export_routes!(kind = MediaList<$marker>, tag = $tag, excel = $excel, pdf = $pdf);

            pub fn router() -> OpenApiRouter<AppState> {
                OpenApiRouter::new()
                    .routes(utoipa_axum::routes!(list, upload))
                    .routes(utoipa_axum::routes!(delete))
                    .merge(export_router())
            }
        }
    };
}

media_routes!(events, marker = Events, filter = NoFilter, upload = MediaUpload, tag = "events",
    list = "/api/events", by_id = "/api/events/{id}",
    excel = "/api/events/export/excel", pdf = "/api/events/export/pdf");
media_routes!(gallery, marker = Gallery, filter = GalleryFilter, upload = GalleryUpload, tag = "gallery",
    list = "/api/gallery", by_id = "/api/gallery/{id}",
    excel = "/api/gallery/export/excel", pdf = "/api/gallery/export/pdf");
media_routes!(magazines, marker = Magazines, filter = NoFilter, upload = MediaUpload, tag = "magazines",
    list = "/api/magazines", by_id = "/api/magazines/{id}",
    excel = "/api/magazines/export/excel", pdf = "/api/magazines/export/pdf");
media_routes!(career, marker = Career, filter = NoFilter, upload = MediaUpload, tag = "career",
    list = "/api/career", by_id = "/api/career/{id}",
    excel = "/api/career/export/excel", pdf = "/api/career/export/pdf");

/// The routes of the four lists.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(events::router())
        .merge(gallery::router())
        .merge(magazines::router())
        .merge(career::router())
}
