//! The booking routes, written once and instantiated for each kind by `booking_routes!`.
use std::{marker::PhantomData, sync::LazyLock};

use axum::{
    Json,
    extract::{Path, Query, State, rejection::{PathRejection, QueryRejection}},
    http::{HeaderMap, HeaderValue, header},
    response::Response,
};
use chrono::{Datelike, NaiveDate};
use rand::{Rng, distr::Alphanumeric};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseConnection, EntityTrait, IntoActiveModel, QueryFilter,
    QueryOrder, Select, Set,
};
use serde::{Deserialize, Serialize, Serializer, ser::SerializeMap};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    Booking, BookingKind, CANCELLED, CONFIRMED, capacity, confirmation,
    entity::{self, Column},
    requests::{MarkandeyaBookingInput, NewBooking, PujaBookingInput, RoomBookingInput},
};
use crate::{
    admin_list::{self, AdminList, ListFilter, ListQuery, moment, text},
    auth::{
        AdminUser,
        throttle::{LoginThrottle, Verdict},
    },
    client_ip::ClientIp,
    documents::{Bilingual, Cell, Column as DocColumn, Lang},
    error::{Error, Result, responses},
    events::RealtimeEvent,
    state::AppState,
    validation::{Valid, today_in_india},
};

/// A row of an administrator list: the booked values under the form's field names.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct BookingRow {
    id: i32,
    kind: BookingKind,
    reference: String,
    /// `confirmed` or `cancelled`.
    status: String,
    #[schema(value_type = String, format = DateTime)]
    #[serde(rename = "created_at")]
    created_at: String,
    full_name: String,
    email: String,
    phone: String,
    /// Room bookings.
    #[schema(value_type = Option<String>, format = Date)]
    check_in: Option<String>,
    #[schema(value_type = Option<String>, format = Date)]
    check_out: Option<String>,
    guests: Option<i32>,
    room_type: Option<super::RoomType>,
    /// Puja bookings.
    #[schema(value_type = Option<String>, format = Date)]
    puja_date: Option<String>,
    puja_time: Option<String>,
    puja_type: Option<String>,
    participants: Option<i32>,
    /// Markandeya only.
    gotra: Option<String>,
    special_requests: Option<String>,
}

impl Serialize for Booking {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("id", &self.id)?;
        map.serialize_entry("kind", &self.kind)?;
        map.serialize_entry("reference", &self.reference)?;
        map.serialize_entry("status", &self.status)?;
        map.serialize_entry("created_at", &self.created_at)?;
        map.serialize_entry("fullName", &self.full_name)?;
        map.serialize_entry("email", &self.email)?;
        map.serialize_entry("phone", &self.phone)?;
        if self.kind == BookingKind::Room.as_str() {
            map.serialize_entry("checkIn", &self.date)?;
            map.serialize_entry("checkOut", &self.end_date)?;
            map.serialize_entry("guests", &self.people)?;
            map.serialize_entry("roomType", &self.room_type)?;
        } else {
            map.serialize_entry("pujaDate", &self.date)?;
            map.serialize_entry("pujaTime", &self.puja_time)?;
            map.serialize_entry("pujaType", &self.puja_type)?;
            map.serialize_entry("participants", &self.people)?;
            if self.kind == BookingKind::Markandeya.as_str() {
                map.serialize_entry("gotra", &self.gotra)?;
            }
        }
        map.serialize_entry("specialRequests", &self.special_requests)?;
        map.end()
    }
}

/// A kind as a type, so that each kind is its own [`AdminList`].
pub trait Kind: Send + Sync + 'static {
    const KIND: BookingKind;
}

macro_rules! kinds {
    ($($marker:ident = $kind:expr;)*) => {$(
        pub struct $marker;
        impl Kind for $marker {
            const KIND: BookingKind = $kind;
        }
    )*};
}

kinds! {
    Room = BookingKind::Room;
    Markandeya = BookingKind::Markandeya;
    Poshavvadevi = BookingKind::Poshavvadevi;
    Shitaladevi = BookingKind::Shitaladevi;
}

/// The administrator list (search, sort, exports) of one kind.
pub struct BookingList<K>(PhantomData<K>);

impl<K: Kind> AdminList for BookingList<K> {
    type Entity = entity::Entity;
    type Model = Booking;
    const SORTABLE: &'static [(&'static str, Column)] = &[
        ("created_at", Column::CreatedAt),
        ("date", Column::Date),
        ("fullName", Column::FullName),
        ("status", Column::Status),
        ("reference", Column::Reference),
        ("id", Column::Id),
    ];
    const SEARCHABLE: &'static [Column] = &[Column::FullName, Column::Email, Column::Phone, Column::Reference];
    const FILE_STEM: &'static str = K::KIND.file_stem();
    const TITLE: Bilingual = K::KIND.title();

    fn export_columns(lang: Lang) -> Vec<DocColumn> {
        let room = K::KIND == BookingKind::Room;
        let column = |en, mr, width| DocColumn::new(lang.pick(en, mr), width);
        let mut columns = vec![
            column("Reference", "आरक्षण क्रमांक", 1.3),
            column("Status", "स्थिती", 0.8),
            column("Full name", "पूर्ण नाव", 1.5),
            column("Email", "ईमेल", 1.8),
            column("Phone", "दूरध्वनी", 1.0),
        ];
        columns.extend(if room {
            [
                column("Check-in", "आगमन दिनांक", 0.9),
                column("Check-out", "प्रस्थान दिनांक", 0.9),
                column("Room type", "खोलीचा प्रकार", 1.0),
                column("Guests", "पाहुणे (व्यक्ती)", 0.7),
            ]
        } else {
            [
                column("Puja date", "पूजेचा दिनांक", 0.9),
                column("Puja time", "पूजेची वेळ", 0.9),
                column("Puja type", "पूजेचा प्रकार", 1.0),
                column("Participants", "सहभागी व्यक्ती", 0.7),
            ]
        });
        if K::KIND == BookingKind::Markandeya {
            columns.push(column("Gotra", "गोत्र", 1.0));
        }
        columns.push(column("Special requests", "विशेष विनंती", 2.0));
        columns.push(column("Booked", "आरक्षण केल्याचा दिनांक", 1.3));
        columns
    }

    fn export_row(b: &Booking, lang: Lang) -> Vec<Cell> {
        let optional = |value: &Option<String>| value.as_deref().map(text).unwrap_or(Cell::Empty);
        let mut cells = vec![
            text(&b.reference),
            text(shown(&b.status, lang)),
            text(&b.full_name),
            text(&b.email),
            text(&b.phone),
            Cell::Date(b.date),
        ];
        if K::KIND == BookingKind::Room {
            cells.push(b.end_date.map(Cell::Date).unwrap_or(Cell::Empty));
            cells.push(b.room_type.as_deref().map(|room| text(shown(room, lang))).unwrap_or(Cell::Empty));
        } else {
            cells.push(optional(&b.puja_time));
            cells.push(optional(&b.puja_type));
        }
        cells.push(Cell::Integer(b.people.into()));
        if K::KIND == BookingKind::Markandeya {
            cells.push(optional(&b.gotra));
        }
        cells.push(optional(&b.special_requests));
        cells.push(moment(b.created_at));
        cells
    }

    fn scope(select: Select<entity::Entity>) -> Select<entity::Entity> {
        select.filter(Column::Kind.eq(K::KIND.as_str()))
    }
}

/// A stored status or room type as the lists show it: the stored word in English, the
/// glossary's word in Marathi.
fn shown(value: &str, lang: Lang) -> &str {
    let marathi = match value {
        CONFIRMED => "निश्चित",
        CANCELLED => "रद्द",
        "standard" => "साधी",
        "deluxe" => "डिलक्स",
        "suite" => "सूट",
        _ => value,
    };
    lang.pick(value, marathi)
}

/// The administrator list's own filters; dates take Devanagari digits too.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BookingFilter {
    /// Booked date (check-in or puja date) on or after this day.
    #[param(value_type = Option<String>, format = Date)]
    #[serde(default, deserialize_with = "crate::validation::latin_query")]
    pub from: Option<NaiveDate>,
    /// Booked date on or before this day.
    #[param(value_type = Option<String>, format = Date)]
    #[serde(default, deserialize_with = "crate::validation::latin_query")]
    pub to: Option<NaiveDate>,
    /// `confirmed` or `cancelled`.
    #[param(pattern = "^(confirmed|cancelled)$")]
    pub status: Option<String>,
}

impl admin_list::ListFilter for BookingFilter {
    fn condition(&self) -> Result<Condition> {
        let mut condition = Condition::all();
        if let Some(from) = self.from {
            condition = condition.add(Column::Date.gte(from));
        }
        if let Some(to) = self.to {
            condition = condition.add(Column::Date.lte(to));
        }
        if let Some(status) = self.status.as_deref() {
            if status != CONFIRMED && status != CANCELLED {
                return Err(Error::BadRequest("status must be confirmed or cancelled".into()));
            }
            condition = condition.add(Column::Status.eq(status));
        }
        Ok(condition)
    }

    fn describe(&self, lang: Lang) -> Option<String> {
        let mut parts = Vec::new();
        if let Some(from) = self.from {
            parts.push(match lang {
                Lang::En => format!("from {from}"),
                Lang::Mr => lang.digits(&format!("{from} पासून")),
            });
        }
        if let Some(to) = self.to {
            parts.push(match lang {
                Lang::En => format!("to {to}"),
                Lang::Mr => lang.digits(&format!("{to} पर्यंत")),
            });
        }
        if let Some(status) = &self.status {
            parts.push(shown(status, lang).to_owned());
        }
        (!parts.is_empty()).then(|| parts.join(" "))
    }
}

fn new_code() -> String {
    rand::rng().sample_iter(&Alphanumeric).take(16).map(char::from).collect()
}

/// The origin the QR code points at: the configured public URL, else the request's host.
fn origin(state: &AppState, headers: &HeaderMap) -> String {
    if let Some(url) = &state.config.public_url {
        return url.clone();
    }
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| h.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | ':' | '-' | '[' | ']')))
        .unwrap_or("localhost");
    format!("http://{host}")
}

async fn insert(db: &DatabaseConnection, kind: BookingKind, new: &NewBooking) -> Result<Booking> {
    // The capacity check, the next reference and the insert see every earlier booking.
    let _turn = capacity::lock().await;
    let prefix = format!("{}-{}-", kind.prefix(), today_in_india().year());
    let txn = crate::db::begin_write(db).await?;
    capacity::reserve(&txn, kind, new).await?;
    let last = entity::Entity::find()
        .filter(Column::Kind.eq(kind.as_str()))
        .filter(Column::Reference.starts_with(&prefix))
        .order_by_desc(Column::Reference)
        .one(&txn)
        .await?;
    let next = last.and_then(|b| b.reference[prefix.len()..].parse::<u32>().ok()).unwrap_or(0) + 1;
    let booking = entity::ActiveModel {
        kind: Set(kind.as_str().to_owned()),
        reference: Set(format!("{prefix}{next:05}")),
        code: Set(new_code()),
        status: Set(CONFIRMED.to_owned()),
        full_name: Set(new.full_name.clone()),
        email: Set(new.email.clone()),
        phone: Set(new.phone.clone()),
        date: Set(new.date),
        end_date: Set(new.end_date),
        puja_time: Set(new.puja_time.clone()),
        puja_type: Set(new.puja_type.clone()),
        room_type: Set(new.room_type.map(|t| t.as_str().to_owned())),
        people: Set(new.people),
        gotra: Set(new.gotra.clone()),
        special_requests: Set(new.special_requests.clone()),
        created_at: Set(chrono::Utc::now().fixed_offset()),
        ..Default::default()
    }
    .insert(&txn)
    .await
    .map_err(|err| Error::conflict_on_unique(err, "Please try again"))?;
    txn.commit().await?;
    Ok(booking)
}

/// Stores a checked booking and answers its PDF confirmation.
async fn book(state: &AppState, headers: &HeaderMap, kind: BookingKind, new: NewBooking) -> Result<Response> {
    let booking = insert(&state.db, kind, &new).await?;
    state.hub.publish(RealtimeEvent::BookingsUpdated { kind }).await;
    let url = confirmation::check_url(&origin(state, headers), &booking);
    let reference = booking.reference.clone();
    let code = booking.code.clone();
    let pdf = tokio::task::spawn_blocking(move || confirmation::render(kind, &booking, &url))
        .await
        .map_err(|err| Error::Internal(err.into()))?
        .map_err(|err| Error::Internal(err.into()))?;
    let mut response = admin_list::attachment(pdf, "application/pdf", kind.confirmation_file());
    if let Ok(value) = HeaderValue::from_str(&reference) {
        response.headers_mut().insert("x-booking-reference", value);
    }
    // The booker's own check code, for the page's share link (it is also in the PDF's QR code).
    if let Ok(value) = HeaderValue::from_str(&code) {
        response.headers_mut().insert("x-booking-code", value);
    }
    Ok(response)
}

/// `GET <list path>` (administrator).
async fn list<K: Kind>(
    db: DatabaseConnection,
    query: std::result::Result<Query<ListQuery>, QueryRejection>,
    filter: std::result::Result<Query<BookingFilter>, QueryRejection>,
) -> Result<Response> {
    let Query(query) = query?;
    let Query(filter) = filter?;
    let (rows, total) = admin_list::page::<BookingList<K>>(&db, &query, filter.condition()?).await?;
    Ok(admin_list::with_total(total, rows))
}

async fn find<K: Kind>(db: &DatabaseConnection, id: i32) -> Result<Booking> {
    entity::Entity::find_by_id(id)
        .filter(Column::Kind.eq(K::KIND.as_str()))
        .one(db)
        .await?
        .ok_or(Error::NotFound)
}

async fn delete<K: Kind>(state: &AppState, id: i32) -> Result<axum::http::StatusCode> {
    let booking = find::<K>(&state.db, id).await?;
    entity::Entity::delete_by_id(booking.id).exec(&state.db).await?;
    state.hub.publish(RealtimeEvent::BookingsUpdated { kind: K::KIND }).await;
    Ok(axum::http::StatusCode::NO_CONTENT)
}

async fn cancel<K: Kind>(state: &AppState, id: i32) -> Result<Json<Booking>> {
    let mut booking = find::<K>(&state.db, id).await?.into_active_model();
    booking.status = Set(CANCELLED.to_owned());
    let booking = booking.update(&state.db).await?;
    state.hub.publish(RealtimeEvent::BookingsUpdated { kind: K::KIND }).await;
    Ok(Json(booking))
}

/// Writes one kind's routes, each documented with its own path, tag and operation ids.
macro_rules! booking_routes {
    ($module:ident, marker = $marker:ty, input = $input:ty, tag = $tag:tt, file = $file:literal,
     list = $list:tt, by_id = $by_id:tt, cancel = $cancel:tt, excel = $excel:tt, pdf = $pdf:tt) => {
        pub mod $module {
            use super::*;

            /// Book (public). Answers the PDF confirmation; its reference is in `X-Booking-Reference`.
            #[utoipa::path(post, path = $list, tag = $tag, operation_id = concat!($tag, "_create"), request_body = $input,
                responses(
                    (status = 200, description = concat!("The PDF confirmation (attachment ", $file, ")"),
                        content_type = "application/pdf", body = Vec<u8>,
                        headers(
                            ("x-booking-reference" = String, description = "The booking's reference, e.g. ALN-2026-00042"),
                            ("x-booking-code" = String, description = "The secret code of the public check page"),
                        )),
                    (status = 409, description = "The date is full or closed", body = crate::error::ErrorBody),
                    responses::BodyErrors, responses::ServerErrors,
                ))]
            async fn create(
                State(state): State<AppState>,
                headers: HeaderMap,
                Valid(input): Valid<$input>,
            ) -> Result<Response> {
                let new = super::new_booking(input)?;
                super::book(&state, &headers, <$marker as Kind>::KIND, new).await
            }

            /// The bookings, filtered, sorted and paged (administrator).
            #[utoipa::path(get, path = $list, tag = $tag, operation_id = concat!($tag, "_list"), security(("bearer" = [])),
                params(ListQuery, BookingFilter),
                responses(
                    (status = 200, description = "One page of the list", body = Vec<BookingRow>,
                        headers(("x-total-count" = u64, description = "Rows in the whole filtered list"))),
                    (status = 400, description = "Unknown sort field, bad paging or filter", body = crate::error::ErrorBody),
                    responses::AdminErrors, responses::ServerErrors,
                ))]
            async fn list(
                _admin: AdminUser,
                State(db): State<DatabaseConnection>,
                query: std::result::Result<Query<ListQuery>, QueryRejection>,
                filter: std::result::Result<Query<BookingFilter>, QueryRejection>,
            ) -> Result<Response> {
                super::list::<$marker>(db, query, filter).await
            }

            /// Delete one booking (administrator).
            #[utoipa::path(delete, path = $by_id, tag = $tag, operation_id = concat!($tag, "_delete"), security(("bearer" = [])),
                params(("id" = i32, Path, description = "Booking id")),
                responses(
                    (status = 204, description = "Deleted"),
                    responses::AdminErrors, responses::NotFound, responses::ServerErrors,
                ))]
            async fn delete(
                _admin: AdminUser,
                State(state): State<AppState>,
                id: std::result::Result<Path<i32>, PathRejection>,
            ) -> Result<axum::http::StatusCode> {
                let Path(id) = id?;
                super::delete::<$marker>(&state, id).await
            }

            /// Cancel one booking (administrator); answers the row.
            #[utoipa::path(post, path = $cancel, tag = $tag, operation_id = concat!($tag, "_cancel"), security(("bearer" = [])),
                params(("id" = i32, Path, description = "Booking id")),
                responses(
                    (status = 200, description = "Cancelled", body = BookingRow),
                    responses::AdminErrors, responses::NotFound, responses::ServerErrors,
                ))]
            async fn cancel(
                _admin: AdminUser,
                State(state): State<AppState>,
                id: std::result::Result<Path<i32>, PathRejection>,
            ) -> Result<Json<Booking>> {
                let Path(id) = id?;
                super::cancel::<$marker>(&state, id).await
            }

            crate::admin_list_export_routes!(kind = BookingList<$marker>, filter = BookingFilter, tag = $tag, excel = $excel, pdf = $pdf);

            pub fn router() -> OpenApiRouter<AppState> {
                OpenApiRouter::new()
                    .routes(routes!(create, list))
                    .routes(routes!(delete))
                    .routes(routes!(cancel))
                    .merge(export_router())
            }
        }
    };
}

/// Turns a checked form into what is stored.
trait IntoNew {
    fn into_new_booking(self) -> Result<NewBooking>;
}
impl IntoNew for RoomBookingInput {
    fn into_new_booking(self) -> Result<NewBooking> {
        Ok(self.into_new())
    }
}
impl IntoNew for MarkandeyaBookingInput {
    fn into_new_booking(self) -> Result<NewBooking> {
        self.into_new()
    }
}
impl IntoNew for PujaBookingInput {
    fn into_new_booking(self) -> Result<NewBooking> {
        self.into_new()
    }
}
fn new_booking(input: impl IntoNew) -> Result<NewBooking> {
    input.into_new_booking()
}

booking_routes!(room, marker = Room, input = RoomBookingInput, tag = "bookings",
    file = "booking_confirmation.pdf",
    list = "/api/bookings", by_id = "/api/bookings/{id}", cancel = "/api/bookings/{id}/cancel",
    excel = "/api/bookings/export/excel", pdf = "/api/bookings/export/pdf");
booking_routes!(markandeya, marker = Markandeya, input = MarkandeyaBookingInput, tag = "abhishek-bookings",
    file = "abhishek_booking_confirmation.pdf",
    list = "/api/abhishek-bookings", by_id = "/api/abhishek-bookings/{id}", cancel = "/api/abhishek-bookings/{id}/cancel",
    excel = "/api/abhishek-bookings/export/excel", pdf = "/api/abhishek-bookings/export/pdf");
booking_routes!(poshavvadevi, marker = Poshavvadevi, input = PujaBookingInput, tag = "poshavvadevi-bookings",
    file = "poshavvadevi_booking_confirmation.pdf",
    list = "/api/poshavvadevi-bookings", by_id = "/api/poshavvadevi-bookings/{id}", cancel = "/api/poshavvadevi-bookings/{id}/cancel",
    excel = "/api/poshavvadevi-bookings/export/excel", pdf = "/api/poshavvadevi-bookings/export/pdf");
booking_routes!(shitaladevi, marker = Shitaladevi, input = PujaBookingInput, tag = "shitaladevi-bookings",
    file = "shitaladevi_booking_confirmation.pdf",
    list = "/api/shitaladevi-bookings", by_id = "/api/shitaladevi-bookings/{id}", cancel = "/api/shitaladevi-bookings/{id}/cancel",
    excel = "/api/shitaladevi-bookings/export/excel", pdf = "/api/shitaladevi-bookings/export/pdf");

/// The extra export paths spec §7 names (same files as `.../export/...`).
mod spec_paths {
    use super::*;
    pub mod poshavvadevi {
        use super::*;
        crate::admin_list_export_routes!(kind = BookingList<Poshavvadevi>, filter = BookingFilter, tag = "poshavvadevi-bookings-files",
            excel = "/api/poshavvadevi-bookings/excel", pdf = "/api/poshavvadevi-bookings/pdf");
    }
}

/// What the public check page shows: no phone, no e-mail, the first name only.
#[derive(Debug, Serialize, ToSchema)]
pub struct BookingCheck {
    #[schema(example = "ALN-2026-00042")]
    pub reference: String,
    pub kind: BookingKind,
    /// `confirmed` or `cancelled`.
    pub status: String,
    #[schema(value_type = String, format = Date)]
    pub date: NaiveDate,
    #[schema(value_type = Option<String>, format = Date)]
    pub end_date: Option<NaiveDate>,
    pub time: Option<String>,
    pub first_name: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CheckQuery {
    /// The secret code printed in the confirmation's QR code.
    #[param(max_length = 64)]
    pub code: Option<String>,
}

/// Misses of the check page, per client address and reference.
static CHECK_MISSES: LazyLock<LoginThrottle> = LazyLock::new(LoginThrottle::default);

/// Check a booking from its confirmation's QR code (public). A wrong code is 404; repeated
/// misses from one address are refused (429).
#[utoipa::path(get, path = "/api/bookings/verify/{reference}", tag = "bookings", operation_id = "bookings_verify",
    params(("reference" = String, Path, description = "Booking reference"), CheckQuery),
    responses(
        (status = 200, description = "The booking exists", body = BookingCheck),
        (status = 429, description = "Too many wrong codes from this address", body = crate::error::ErrorBody),
        responses::NotFound, responses::ServerErrors,
    ))]
async fn verify(
    State(state): State<AppState>,
    ClientIp(address): ClientIp,
    reference: std::result::Result<Path<String>, PathRejection>,
    query: std::result::Result<Query<CheckQuery>, QueryRejection>,
) -> Result<Json<BookingCheck>> {
    let Path(reference) = reference?;
    let Query(query) = query?;
    let account = format!("booking:{reference}");
    if let Verdict::Refused { retry_after } = CHECK_MISSES.check(address, &account) {
        return Err(Error::TooManyRequests { retry_after });
    }
    let found = entity::Entity::find().filter(Column::Reference.eq(reference.as_str())).one(&state.db).await?;
    let code = query.code.unwrap_or_default();
    let Some(booking) = found.filter(|b| !code.is_empty() && constant_time_eq(b.code.as_bytes(), code.as_bytes())) else {
        CHECK_MISSES.record_failure(address, &account);
        return Err(Error::NotFound);
    };
    let kind = BookingKind::parse(&booking.kind).ok_or(Error::NotFound)?;
    Ok(Json(BookingCheck {
        first_name: booking.full_name.split_whitespace().next().unwrap_or_default().to_owned(),
        reference: booking.reference,
        kind,
        status: booking.status,
        date: booking.date,
        end_date: booking.end_date,
        time: booking.puja_time,
    }))
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The booking routes of the four kinds and the check page.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(verify))
        .merge(capacity::router())
        .merge(room::router())
        .merge(markandeya::router())
        .merge(poshavvadevi::router())
        .merge(shitaladevi::router())
        .merge(spec_paths::poshavvadevi::export_router())
        .merge(shitaladevi_excel::export_router())
}

/// `/api/shitaladevi-bookings/excel` (spec §7); its PDF twin is offered too.
mod shitaladevi_excel {
    use super::*;
    crate::admin_list_export_routes!(kind = BookingList<Shitaladevi>, filter = BookingFilter, tag = "shitaladevi-bookings-files",
        excel = "/api/shitaladevi-bookings/excel", pdf = "/api/shitaladevi-bookings/pdf");
}
