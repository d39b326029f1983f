//! The profile routes: the public registration, the members' matches gallery with its signed
//! file links, and the administrators' moderation (list, exports, edit, delete, upload to the
//! gallery and take back).
use axum::{
    Json,
    extract::{Multipart, Path, Query, Request, State, multipart::MultipartRejection, rejection::{PathRejection, QueryRejection}},
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use chrono::{DateTime, FixedOffset, Months, NaiveDate, Utc};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait, IntoActiveModel,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
    sea_query::{Expr, ExprTrait, Func, LikeExpr},
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    entity::{self, Column, Model},
    requests::{ProfileFields, ProfileForm, ProfileInput, ProfileUpdate, read_form},
};
use crate::{
    admin_list::{self, AdminList, ListFilter, ListQuery, MAX_PAGE, MAX_SEARCH_CHARS, moment, text},
    auth::{AdminUser, MessageResponse},
    db::begin_write,
    documents::{Cell, Column as DocColumn},
    error::{Error, Result, responses},
    matrimony::{MemberOrAdmin, entity as account},
    realtime::RealtimeEvent,
    state::AppState,
    uploads::{self, BIODATA, Folder, IMAGES, StoredFile, private::SignedFile},
    validation::{age_on, today_in_india},
};

pub const PROFILE_REGISTERED: &str = "Profile Registered Successfully";
/// The matches gallery's page when none is asked for, and its largest.
pub const MATCHES_PER_PAGE: u64 = 24;
pub const MATCHES_MAX_PER_PAGE: u64 = 100;
/// The ages the gallery's filter takes.
pub const FILTER_AGES: std::ops::RangeInclusive<u32> = 18..=100;
/// The width of the photo variant handed out as the thumbnail: the widest made up to this.
pub const THUMB_MAX_WIDTH: u32 = 640;

/// Where a profile stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ProfileStatus {
    /// Registered, not visible to members.
    Pending,
    /// On the matches gallery.
    Uploaded,
}

impl ProfileStatus {
    pub const fn as_str(self) -> &'static str {
        match self {
            ProfileStatus::Pending => "pending",
            ProfileStatus::Uploaded => "uploaded",
        }
    }

    fn of(model: &Model) -> Self {
        if model.status == ProfileStatus::Uploaded.as_str() { ProfileStatus::Uploaded } else { ProfileStatus::Pending }
    }
}

/// A profile as members see it on the matches gallery: never an e-mail address, a mobile
/// number or anything of an account. Files come as short-lived signed links.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct PublicProfile {
    pub id: i32,
    #[schema(example = "Son")]
    pub profile_for: String,
    #[schema(example = "सुरेश पाटील")]
    pub name: String,
    #[schema(example = "Male")]
    pub gender: String,
    #[schema(value_type = String, format = Date, example = "1998-04-12")]
    pub dob: NaiveDate,
    /// Whole years today, in India.
    #[schema(example = 28)]
    pub age: i32,
    pub religion: String,
    pub caste: String,
    pub occupation: String,
    pub education: String,
    pub location: String,
    pub height: String,
    pub about: String,
    /// The photo as uploaded (without camera metadata).
    pub photo: Option<SignedFile>,
    /// A smaller WebP copy of the photo for cards and thumbnails, when the photo is wide enough
    /// to have one.
    pub photo_thumb: Option<SignedFile>,
    /// Of the photo as displayed.
    pub photo_width: Option<u32>,
    pub photo_height: Option<u32>,
    /// The biodata (PDF or image), when one was sent.
    pub biodata: Option<SignedFile>,
    /// When an administrator put it on the gallery (null while pending).
    #[schema(value_type = Option<String>, format = DateTime)]
    pub uploaded_at: Option<DateTime<FixedOffset>>,
}

/// A profile as administrators see it: the public view, the contact details, its status and
/// the linked member account.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct AdminProfile {
    #[serde(flatten)]
    pub profile: PublicProfile,
    #[schema(example = "suresh@example.org")]
    pub email: String,
    #[schema(example = "9876543210")]
    pub mobile: String,
    pub status: ProfileStatus,
    /// The member account with the same e-mail or mobile, when one existed.
    pub account_id: Option<i32>,
    #[schema(value_type = String, format = DateTime)]
    pub created_at: DateTime<FixedOffset>,
    #[schema(value_type = String, format = DateTime)]
    pub updated_at: DateTime<FixedOffset>,
}

/// The links and values of one row, made at one moment.
struct Viewer<'a> {
    state: &'a AppState,
    now: DateTime<Utc>,
    today: NaiveDate,
}

impl<'a> Viewer<'a> {
    fn new(state: &'a AppState) -> Self {
        Self { state, now: Utc::now(), today: today_in_india() }
    }

    fn link(&self, name: &str) -> SignedFile {
        self.state.links.link(name, self.now)
    }

    fn public(&self, m: &Model) -> PublicProfile {
        let thumb = variants(m).filter(|width| *width <= THUMB_MAX_WIDTH).max();
        PublicProfile {
            id: m.id,
            profile_for: m.profile_for.clone(),
            name: m.name.clone(),
            gender: m.gender.clone(),
            dob: m.dob,
            age: age_on(m.dob, self.today),
            religion: m.religion.clone(),
            caste: m.caste.clone(),
            occupation: m.occupation.clone(),
            education: m.education.clone(),
            location: m.location.clone(),
            height: m.height.clone(),
            about: m.about.clone(),
            photo: Some(self.link(&m.photo)),
            photo_thumb: thumb.map(|width| self.link(&uploads::variant_name(&m.photo, width))),
            photo_width: m.photo_width.and_then(|w| u32::try_from(w).ok()),
            photo_height: m.photo_height.and_then(|h| u32::try_from(h).ok()),
            biodata: m.biodata.as_deref().map(|name| self.link(name)),
            uploaded_at: m.uploaded_at,
        }
    }

    fn admin(&self, m: &Model) -> AdminProfile {
        AdminProfile {
            profile: self.public(m),
            email: m.email.clone(),
            mobile: m.mobile.clone(),
            status: ProfileStatus::of(m),
            account_id: m.account_id,
            created_at: m.created_at,
            updated_at: m.updated_at,
        }
    }
}

fn variants(m: &Model) -> impl Iterator<Item = u32> + '_ {
    m.photo_variants.split(',').filter_map(|width| width.trim().parse::<u32>().ok())
}

/// Lists that carry personal data and signed links are kept by no cache.
fn not_stored(mut response: Response) -> Response {
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The administrators' list of profiles (search, sort, exports).
pub struct ProfileList;

impl AdminList for ProfileList {
    type Entity = entity::Entity;
    type Model = Model;
    const SORTABLE: &'static [(&'static str, Column)] = &[
        ("created", Column::CreatedAt),
        ("name", Column::Name),
        ("dob", Column::Dob),
        ("status", Column::Status),
        ("uploaded", Column::UploadedAt),
    ];
    const SEARCHABLE: &'static [Column] = &[Column::Name, Column::Email, Column::Mobile, Column::Location, Column::Caste];
    const FILE_STEM: &'static str = "matrimonial_profiles";
    const TITLE: &'static str = "Matrimonial Profiles";

    fn export_columns() -> Vec<DocColumn> {
        vec![
            DocColumn::new("Name", 1.5),
            DocColumn::new("Profile for", 0.95),
            DocColumn::new("Gender", 0.75),
            DocColumn::new("Date of birth", 1.0),
            DocColumn::new("Email", 1.7),
            DocColumn::new("Mobile", 1.15),
            DocColumn::new("Religion", 0.9),
            DocColumn::new("Caste", 1.05),
            DocColumn::new("Occupation", 1.1),
            DocColumn::new("Education", 1.0),
            DocColumn::new("Location", 1.0),
            DocColumn::new("Height", 0.65),
            DocColumn::new("Status", 0.8),
            DocColumn::new("Created", 1.2),
        ]
    }

    fn export_row(m: &Model) -> Vec<Cell> {
        vec![
            text(&m.name),
            text(&m.profile_for),
            text(&m.gender),
            Cell::Date(m.dob),
            text(&m.email),
            text(&m.mobile),
            text(&m.religion),
            text(&m.caste),
            text(&m.occupation),
            text(&m.education),
            text(&m.location),
            text(&m.height),
            text(&m.status),
            moment(m.created_at),
        ]
    }
}

/// The administrators' filter: pending or uploaded profiles only.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProfileFilter {
    /// `pending` or `uploaded`.
    #[param(pattern = "^(pending|uploaded)$")]
    pub status: Option<String>,
}

impl ListFilter for ProfileFilter {
    fn condition(&self) -> Result<Condition> {
        match self.status.as_deref() {
            None => Ok(Condition::all()),
            Some(status @ ("pending" | "uploaded")) => Ok(Condition::all().add(Column::Status.eq(status))),
            Some(_) => Err(Error::BadRequest("status must be pending or uploaded".into())),
        }
    }

    fn describe(&self) -> Option<String> {
        self.status.clone()
    }
}

crate::admin_list_export_routes!(kind = ProfileList, filter = ProfileFilter, tag = "profiles",
    excel = "/api/profile/profiles/export/excel", pdf = "/api/profile/profiles/export/pdf");

/// The matches gallery's paging and filters.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct MatchesQuery {
    /// Page number, from 1.
    #[param(minimum = 1, maximum = 10_000_000)]
    pub page: Option<u64>,
    /// Profiles per page (default 24, at most 100).
    #[param(minimum = 1, maximum = 100)]
    pub per_page: Option<u64>,
    /// `Male`, `Female` or `Other`.
    #[param(pattern = "^(Male|Female|Other)$")]
    pub gender: Option<String>,
    /// Youngest age, 18 to 100.
    #[param(minimum = 18, maximum = 100)]
    pub age_min: Option<u32>,
    /// Oldest age, 18 to 100.
    #[param(minimum = 18, maximum = 100)]
    pub age_max: Option<u32>,
    /// Part of the location, any case.
    #[param(max_length = 100)]
    pub location: Option<String>,
    /// Part of the education, any case.
    #[param(max_length = 100)]
    pub education: Option<String>,
    /// Part of the religion, caste or name, any case.
    #[param(max_length = 200)]
    pub q: Option<String>,
}

/// `column` contains `text`, ignoring case (a blank text matches everything).
fn contains(column: Column, text: &str) -> Condition {
    let text = text.trim();
    if text.is_empty() {
        return Condition::all();
    }
    let escaped = text.to_lowercase().replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    Condition::all()
        .add(Expr::expr(Func::lower(Expr::col(column))).like(LikeExpr::new(format!("%{escaped}%")).escape('\\')))
}

/// The latest date of birth of someone `years` old today (29 February counts as 28 February
/// in other years, so that its birthday is 1 March, as `age_on` counts it).
fn born_by(today: NaiveDate, years: u32) -> Option<NaiveDate> {
    today.checked_sub_months(Months::new(years.checked_mul(12)?))
}

impl MatchesQuery {
    fn paging(&self) -> Result<(u64, u64)> {
        let page = self.page.unwrap_or(1);
        let per_page = self.per_page.unwrap_or(MATCHES_PER_PAGE);
        if !(1..=MAX_PAGE).contains(&page) {
            return Err(Error::BadRequest(format!("page must be between 1 and {MAX_PAGE}")));
        }
        if !(1..=MATCHES_MAX_PER_PAGE).contains(&per_page) {
            return Err(Error::BadRequest(format!("per_page must be between 1 and {MATCHES_MAX_PER_PAGE}")));
        }
        Ok((page, per_page))
    }

    fn condition(&self, today: NaiveDate) -> Result<Condition> {
        let too_long = |text: &Option<String>, max: usize| text.as_deref().is_some_and(|t| t.chars().count() > max);
        if too_long(&self.location, 100) || too_long(&self.education, 100) || too_long(&self.q, MAX_SEARCH_CHARS) {
            return Err(Error::BadRequest("A filter text is too long".into()));
        }
        let mut condition = Condition::all().add(Column::Status.eq(ProfileStatus::Uploaded.as_str()));
        if let Some(gender) = self.gender.as_deref() {
            if !super::requests::GENDERS.contains(&gender) {
                return Err(Error::BadRequest("gender must be Male, Female or Other".into()));
            }
            condition = condition.add(Column::Gender.eq(gender));
        }
        for age in [self.age_min, self.age_max].into_iter().flatten() {
            if !FILTER_AGES.contains(&age) {
                return Err(Error::BadRequest("ages must be between 18 and 100".into()));
            }
        }
        if let Some(latest) = self.age_min.and_then(|years| born_by(today, years)) {
            condition = condition.add(Column::Dob.lte(latest));
        }
        // Younger than age_max + 1: born after the latest birth date of that age.
        if let Some(earliest) = self.age_max.and_then(|years| born_by(today, years + 1)) {
            condition = condition.add(Column::Dob.gt(earliest));
        }
        if let Some(location) = &self.location {
            condition = condition.add(contains(Column::Location, location));
        }
        if let Some(education) = &self.education {
            condition = condition.add(contains(Column::Education, education));
        }
        if let Some(q) = self.q.as_deref().filter(|q| !q.trim().is_empty()) {
            condition = condition.add(
                Condition::any()
                    .add(contains(Column::Religion, q))
                    .add(contains(Column::Caste, q))
                    .add(contains(Column::Name, q)),
            );
        }
        Ok(condition)
    }
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register))
        .routes(routes!(matches))
        .routes(routes!(one_match))
        .routes(routes!(file))
        .routes(routes!(list))
        .routes(routes!(update, delete))
        .routes(routes!(publish, withdraw))
        .merge(export_router())
}

/// The member account with the profile's e-mail or mobile, if there is one.
async fn linked_account(db: &impl ConnectionTrait, input: &ProfileInput) -> Result<Option<i32>> {
    let found = account::Entity::find()
        .filter(Condition::any().add(account::Column::Email.eq(input.email.as_str())).add(account::Column::Mobile.eq(input.mobile.as_str())))
        .order_by_asc(account::Column::Id)
        .one(db)
        .await?;
    Ok(found.map(|a| a.id))
}

/// The files of a form, written to the private folder; on any failure none stays.
#[derive(Default)]
struct NewFiles {
    photo: Option<StoredFile>,
    biodata: Option<StoredFile>,
}

impl NewFiles {
    async fn store(state: &AppState, form: &mut ProfileForm) -> Result<Self> {
        let mut files = NewFiles::default();
        if let Some(bytes) = form.photo.take() {
            files.photo = Some(uploads::store(&state.config, Folder::Private, bytes, IMAGES, true).await?);
        }
        if let Some(bytes) = form.biodata.take() {
            match uploads::store(&state.config, Folder::Private, bytes, BIODATA, false).await {
                Ok(stored) => files.biodata = Some(stored),
                Err(err) => {
                    files.discard(state).await;
                    return Err(err);
                }
            }
        }
        Ok(files)
    }

    async fn discard(self, state: &AppState) {
        for file in [self.photo, self.biodata].into_iter().flatten() {
            uploads::remove(&state.config, Folder::Private, &file.name).await;
        }
    }

    /// Points the row at the new files.
    fn apply(&self, row: &mut entity::ActiveModel) {
        if let Some(photo) = &self.photo {
            let widths: Vec<String> = photo.variants.iter().map(u32::to_string).collect();
            row.photo = Set(photo.name.clone());
            row.photo_width = Set(photo.width.and_then(|w| i32::try_from(w).ok()));
            row.photo_height = Set(photo.height.and_then(|h| i32::try_from(h).ok()));
            row.photo_variants = Set(widths.join(","));
        }
        if let Some(biodata) = &self.biodata {
            row.biodata = Set(Some(biodata.name.clone()));
            row.biodata_kind = Set(Some(if biodata.kind.is_image() { "image" } else { "pdf" }.to_owned()));
        }
    }
}

/// Register a matrimonial profile (public). It is pending until an administrator uploads it to
/// the matches gallery. Refused forms store nothing, no file either.
#[utoipa::path(post, path = "/api/profile/register", tag = "profiles", operation_id = "profiles_register",
    request_body(content((ProfileFields = "multipart/form-data",
        encoding(
            ("profile_photo" = (content_type = "image/jpeg, image/png, image/webp, image/gif")),
        )))),
    responses(
        (status = 201, description = "Registered (pending)", body = MessageResponse),
        (status = 400, description = "The body is not a well-formed multipart body, or has a part the form does not have", body = crate::error::ErrorBody),
        (status = 413, description = "The body is larger than the configured limit", body = crate::error::ErrorBody),
        (status = 415, description = "The photo is not a JPEG, PNG, WebP or GIF image, the biodata not a JPEG, PNG or PDF file, or the body is not multipart", body = crate::error::ErrorBody),
        (status = 422, description = "Invalid fields, or no photo; `fields` holds a message per field", body = crate::error::ErrorBody),
        responses::ServerErrors,
    ))]
async fn register(
    State(state): State<AppState>,
    multipart: std::result::Result<Multipart, MultipartRejection>,
) -> Result<(StatusCode, Json<MessageResponse>)> {
    let multipart = multipart.map_err(|_| Error::UnsupportedMediaType)?;
    let mut form = read_form(multipart, true).await?;
    let account_id = linked_account(&state.db, &form.input).await?;
    let files = NewFiles::store(&state, &mut form).await?;
    let now = Utc::now().fixed_offset();
    let mut row = entity::ActiveModel {
        account_id: Set(account_id),
        status: Set(ProfileStatus::Pending.as_str().to_owned()),
        uploaded_at: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        biodata: Set(None),
        biodata_kind: Set(None),
        ..Default::default()
    };
    form.input.apply(&mut row);
    files.apply(&mut row);
    if let Err(err) = row.insert(&state.db).await {
        files.discard(&state).await;
        return Err(err.into());
    }
    Ok((StatusCode::CREATED, Json(MessageResponse { message: PROFILE_REGISTERED.into() })))
}

/// The matches gallery (member or administrator token): uploaded profiles only, newest upload
/// first, without any contact detail. Links to photos and biodata live 15 minutes.
#[utoipa::path(get, path = "/api/profile/uploaded-profiles", tag = "profiles", operation_id = "profiles_matches",
    security(("bearer" = [])),
    params(MatchesQuery),
    responses(
        (status = 200, description = "One page of the gallery", body = Vec<PublicProfile>,
            headers(("x-total-count" = u64, description = "Profiles in the whole filtered gallery"))),
        (status = 400, description = "Bad paging or filter", body = crate::error::ErrorBody),
        (status = 401, description = "No member or administrator token, or a bad one", body = crate::error::ErrorBody),
        responses::ServerErrors,
    ))]
async fn matches(
    _viewer: MemberOrAdmin,
    State(state): State<AppState>,
    query: std::result::Result<Query<MatchesQuery>, QueryRejection>,
) -> Result<Response> {
    let Query(query) = query?;
    let viewer = Viewer::new(&state);
    let (page, per_page) = query.paging()?;
    let paginator = entity::Entity::find()
        .filter(query.condition(viewer.today)?)
        .order_by_desc(Column::UploadedAt)
        .order_by_desc(Column::Id)
        .paginate(&state.db, per_page);
    let total = paginator.num_items().await?;
    let rows = paginator.fetch_page(page - 1).await?;
    let profiles: Vec<PublicProfile> = rows.iter().map(|row| viewer.public(row)).collect();
    Ok(not_stored(admin_list::with_total(total, profiles)))
}

/// One profile of the gallery (member or administrator token), as a live page fetches it after
/// `profileUploaded`; 404 when it is not on the gallery.
#[utoipa::path(get, path = "/api/profile/uploaded-profiles/{id}", tag = "profiles", operation_id = "profiles_match",
    security(("bearer" = [])),
    params(("id" = i32, Path, description = "Profile id")),
    responses(
        (status = 200, description = "The profile", body = PublicProfile),
        (status = 401, description = "No member or administrator token, or a bad one", body = crate::error::ErrorBody),
        responses::NotFound, responses::ServerErrors,
    ))]
async fn one_match(
    _viewer: MemberOrAdmin,
    State(state): State<AppState>,
    id: std::result::Result<Path<i32>, PathRejection>,
) -> Result<Response> {
    let Path(id) = id?;
    let row = entity::Entity::find_by_id(id)
        .filter(Column::Status.eq(ProfileStatus::Uploaded.as_str()))
        .one(&state.db)
        .await?
        .ok_or(Error::NotFound)?;
    Ok(not_stored(Json(Viewer::new(&state).public(&row)).into_response()))
}

/// The signature of a link to a private file.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LinkQuery {
    /// Unix time at which the link stops working.
    #[param(value_type = i64, required = true)]
    pub expires: Option<String>,
    /// Hex HMAC-SHA256 of the name and the expiry.
    #[param(value_type = String, required = true, pattern = "^[0-9a-f]{64}$")]
    pub sig: Option<String>,
}

/// A photo or biodata through a signed link from a profile list (no token: the link is the
/// permission). 403 for a missing, altered or expired signature; the answer is cached by the
/// browser alone, until the link expires.
#[utoipa::path(get, path = "/api/profile/files/{name}", tag = "profiles", operation_id = "profiles_file",
    params(("name" = String, Path, description = "Stored file name"), LinkQuery),
    responses(
        (status = 200, description = "The file (PDFs inline as biodata.pdf)",
            content(
                (Vec<u8> = "image/jpeg"), (Vec<u8> = "image/png"), (Vec<u8> = "image/webp"), (Vec<u8> = "image/gif"),
                (Vec<u8> = "application/pdf"),
            ),
            headers(("cache-control" = String, description = "`private, max-age=<seconds until the link expires>`"))),
        (status = 403, description = "Missing, altered or expired signature", body = crate::error::ErrorBody),
        (status = 404, description = "No such file", body = crate::error::ErrorBody),
        responses::ServerErrors,
    ))]
async fn file(
    State(state): State<AppState>,
    name: std::result::Result<Path<String>, PathRejection>,
    link: std::result::Result<Query<LinkQuery>, QueryRejection>,
    request: Request,
) -> Response {
    let Ok(Path(name)) = name else { return Error::NotFound.into_response() };
    let (expires, sig) = match link {
        Ok(Query(link)) => (link.expires, link.sig),
        Err(_) => (None, None),
    };
    uploads::private::serve(&state.config, &state.links, &name, expires.as_deref(), sig.as_deref(), request).await
}

/// Every profile, pending and uploaded, filtered, sorted and paged (administrator).
#[utoipa::path(get, path = "/api/profile/profiles", tag = "profiles", operation_id = "profiles_list",
    security(("bearer" = [])),
    params(ListQuery, ProfileFilter),
    responses(
        (status = 200, description = "One page of the list", body = Vec<AdminProfile>,
            headers(("x-total-count" = u64, description = "Rows in the whole filtered list"))),
        (status = 400, description = "Unknown sort field, bad paging or filter", body = crate::error::ErrorBody),
        responses::AdminErrors, responses::ServerErrors,
    ))]
async fn list(
    _admin: AdminUser,
    State(state): State<AppState>,
    query: std::result::Result<Query<ListQuery>, QueryRejection>,
    filter: std::result::Result<Query<ProfileFilter>, QueryRejection>,
) -> Result<Response> {
    let Query(query) = query?;
    let Query(filter) = filter?;
    let (rows, total) = admin_list::page::<ProfileList>(&state.db, &query, filter.condition()?).await?;
    let viewer = Viewer::new(&state);
    let profiles: Vec<AdminProfile> = rows.iter().map(|row| viewer.admin(row)).collect();
    Ok(not_stored(admin_list::with_total(total, profiles)))
}

async fn find(db: &DatabaseConnection, id: i32) -> Result<Model> {
    entity::Entity::find_by_id(id).one(db).await?.ok_or(Error::NotFound)
}

/// Edit a profile (administrator): every text field as at creation; a new `profile_photo` or
/// biodata (`janmapatrika` or `biodata`) replaces the stored one, which is deleted once the row
/// is saved. An uploaded profile is announced again so that open galleries refresh it.
#[utoipa::path(put, path = "/api/profile/profiles/{id}", tag = "profiles", operation_id = "profiles_update",
    security(("bearer" = [])),
    params(("id" = i32, Path, description = "Profile id")),
    request_body(content((ProfileUpdate = "multipart/form-data",
        encoding(
            ("profile_photo" = (content_type = "image/jpeg, image/png, image/webp, image/gif")),
        )))),
    responses(
        (status = 200, description = "Saved", body = AdminProfile),
        (status = 400, description = "The body is not a well-formed multipart body, or has a part the form does not have", body = crate::error::ErrorBody),
        (status = 413, description = "The body is larger than the configured limit", body = crate::error::ErrorBody),
        (status = 415, description = "The photo is not a JPEG, PNG, WebP or GIF image, the biodata not a JPEG, PNG or PDF file, or the body is not multipart", body = crate::error::ErrorBody),
        (status = 422, description = "Invalid fields; `fields` holds a message per field", body = crate::error::ErrorBody),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
async fn update(
    _admin: AdminUser,
    State(state): State<AppState>,
    id: std::result::Result<Path<i32>, PathRejection>,
    multipart: std::result::Result<Multipart, MultipartRejection>,
) -> Result<Json<AdminProfile>> {
    let Path(id) = id?;
    let multipart = multipart.map_err(|_| Error::UnsupportedMediaType)?;
    find(&state.db, id).await?;
    let mut form = read_form(multipart, false).await?;
    let account_id = linked_account(&state.db, &form.input).await?;
    let files = NewFiles::store(&state, &mut form).await?;
    let saved = async {
        let txn = begin_write(&state.db).await?;
        // Locked, so that two edits at once each delete the file the other did not keep.
        let old = entity::Entity::find_by_id(id).lock_exclusive().one(&txn).await?.ok_or(Error::NotFound)?;
        let mut row = old.clone().into_active_model();
        form.input.apply(&mut row);
        files.apply(&mut row);
        row.account_id = Set(account_id);
        row.updated_at = Set(Utc::now().fixed_offset());
        let saved = row.update(&txn).await?;
        txn.commit().await?;
        Ok::<_, Error>((old, saved))
    }
    .await;
    let (old, saved) = match saved {
        Ok(rows) => rows,
        Err(err) => {
            files.discard(&state).await;
            return Err(err);
        }
    };
    for (old_name, new_name) in [(Some(&old.photo), Some(&saved.photo)), (old.biodata.as_ref(), saved.biodata.as_ref())] {
        if let Some(old_name) = old_name.filter(|name| Some(*name) != new_name) {
            uploads::remove(&state.config, Folder::Private, old_name).await;
        }
    }
    if ProfileStatus::of(&saved) == ProfileStatus::Uploaded {
        state.hub.publish(RealtimeEvent::ProfileUploaded { id }).await;
    }
    Ok(Json(Viewer::new(&state).admin(&saved)))
}

/// Delete a profile and its files (administrator); open galleries drop it.
#[utoipa::path(delete, path = "/api/profile/profiles/{id}", tag = "profiles", operation_id = "profiles_delete",
    security(("bearer" = [])),
    params(("id" = i32, Path, description = "Profile id")),
    responses(
        (status = 204, description = "Deleted"),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
async fn delete(
    _admin: AdminUser,
    State(state): State<AppState>,
    id: std::result::Result<Path<i32>, PathRejection>,
) -> Result<StatusCode> {
    let Path(id) = id?;
    let row = find(&state.db, id).await?;
    let deleted = entity::Entity::delete_by_id(id).exec(&state.db).await?;
    if deleted.rows_affected == 0 {
        return Err(Error::NotFound);
    }
    for name in std::iter::once(&row.photo).chain(row.biodata.as_ref()) {
        uploads::remove(&state.config, Folder::Private, name).await;
    }
    state.hub.publish(RealtimeEvent::ProfileDeleted { id }).await;
    Ok(StatusCode::NO_CONTENT)
}

/// Sets a profile's status; the time of upload is kept when it was uploaded already.
async fn set_status(state: &AppState, id: i32, status: ProfileStatus) -> Result<Model> {
    let row = find(&state.db, id).await?;
    if ProfileStatus::of(&row) == status {
        return Ok(row);
    }
    let now = Utc::now().fixed_offset();
    let mut active = row.into_active_model();
    active.status = Set(status.as_str().to_owned());
    active.uploaded_at = Set((status == ProfileStatus::Uploaded).then_some(now));
    active.updated_at = Set(now);
    Ok(active.update(&state.db).await?)
}

/// Upload a profile to the matches gallery (administrator; empty body; doing it twice changes
/// nothing). Open galleries show it at once.
#[utoipa::path(post, path = "/api/profile/upload-profile/{id}", tag = "profiles", operation_id = "profiles_publish",
    security(("bearer" = [])),
    params(("id" = i32, Path, description = "Profile id")),
    responses(
        (status = 200, description = "On the gallery", body = AdminProfile),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
async fn publish(
    _admin: AdminUser,
    State(state): State<AppState>,
    id: std::result::Result<Path<i32>, PathRejection>,
) -> Result<Json<AdminProfile>> {
    let Path(id) = id?;
    let row = set_status(&state, id, ProfileStatus::Uploaded).await?;
    state.hub.publish(RealtimeEvent::ProfileUploaded { id }).await;
    Ok(Json(Viewer::new(&state).admin(&row)))
}

/// Take a profile back from the matches gallery (administrator): pending again, and gone from
/// open galleries.
#[utoipa::path(delete, path = "/api/profile/upload-profile/{id}", tag = "profiles", operation_id = "profiles_withdraw",
    security(("bearer" = [])),
    params(("id" = i32, Path, description = "Profile id")),
    responses(
        (status = 200, description = "Pending again", body = AdminProfile),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
async fn withdraw(
    _admin: AdminUser,
    State(state): State<AppState>,
    id: std::result::Result<Path<i32>, PathRejection>,
) -> Result<Json<AdminProfile>> {
    let Path(id) = id?;
    let row = set_status(&state, id, ProfileStatus::Pending).await?;
    state.hub.publish(RealtimeEvent::ProfileDeleted { id }).await;
    Ok(Json(Viewer::new(&state).admin(&row)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_age_bounds_agree_with_the_age_count() {
        let date = |s: &str| NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap();
        for today in ["2026-06-15", "2028-02-29", "2027-02-28", "2027-03-01", "2026-01-01"] {
            let today = date(today);
            for years in [18, 30, 100] {
                let latest = born_by(today, years).unwrap();
                assert_eq!(age_on(latest, today), years as i32, "{today} {years}");
                assert_eq!(age_on(latest.succ_opt().unwrap(), today), years as i32 - 1, "{today} {years}");
            }
        }
    }
}
