//! The administrator lists of the booking kinds: the row as the API shows it, search, sort,
//! filters and each kind's exports.
use chrono::NaiveDate;
use sea_orm::{ColumnTrait, Condition};
use serde::{Deserialize, Serialize, Serializer, ser::SerializeMap};
use utoipa::{IntoParams, ToSchema};

use super::{
    entity::{self, Column, Model as Booking},
    kinds::{BookingForm, BookingKind, CANCELLED, CONFIRMED, RoomType},
};
use crate::{
    admin_list::{AdminList, ListFilter, View, moment, text},
    documents::{Bilingual, Cell, Column as DocColumn, Lang},
    error::{Error, Result},
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
    room_type: Option<RoomType>,
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

/// The form a stored booking was made with.
fn form_of(booking: &Booking) -> BookingForm {
    BookingKind::parse(&booking.kind).map_or(BookingForm::Puja, |kind| kind.facts().form)
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
        let form = form_of(self);
        if form == BookingForm::Room {
            map.serialize_entry("checkIn", &self.date)?;
            map.serialize_entry("checkOut", &self.end_date)?;
            map.serialize_entry("guests", &self.people)?;
            map.serialize_entry("roomType", &self.room_type)?;
        } else {
            map.serialize_entry("pujaDate", &self.date)?;
            map.serialize_entry("pujaTime", &self.puja_time)?;
            map.serialize_entry("pujaType", &self.puja_type)?;
            map.serialize_entry("participants", &self.people)?;
            if form == BookingForm::Markandeya {
                map.serialize_entry("gotra", &self.gotra)?;
            }
        }
        map.serialize_entry("specialRequests", &self.special_requests)?;
        map.end()
    }
}

/// Search and sort of every kind's list; each kind's list is narrowed by its [`KindView`].
pub struct BookingList;

impl AdminList for BookingList {
    const ROLE: crate::roles::Role = crate::roles::Role::Bookings;
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
}

/// One kind's rows and exports.
#[derive(Debug, Clone, Copy)]
pub struct KindView(pub BookingKind);

impl View<BookingList> for KindView {
    fn title(&self) -> Bilingual {
        let (en, mr) = self.0.facts().list_title;
        Bilingual::new(en, mr)
    }

    fn file_stem(&self) -> &'static str {
        self.0.facts().export_file_stem
    }

    fn condition(&self) -> Condition {
        Condition::all().add(Column::Kind.eq(self.0.as_str()))
    }

    fn columns(&self, lang: Lang) -> Vec<DocColumn> {
        let form = self.0.facts().form;
        let column = |en, mr, width| DocColumn::new(lang.pick(en, mr), width);
        let mut columns = vec![
            column("Reference", "आरक्षण क्रमांक", 1.3),
            column("Status", "स्थिती", 0.8),
            column("Full name", "पूर्ण नाव", 1.5),
            column("Email", "ईमेल", 1.8),
            column("Phone", "दूरध्वनी", 1.0),
        ];
        columns.extend(if form == BookingForm::Room {
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
        if form == BookingForm::Markandeya {
            columns.push(column("Gotra", "गोत्र", 1.0));
        }
        columns.push(column("Special requests", "विशेष विनंती", 2.0));
        columns.push(column("Booked", "आरक्षण केल्याचा दिनांक", 1.3));
        columns
    }

    fn row(&self, b: &Booking, lang: Lang) -> Vec<Cell> {
        let form = self.0.facts().form;
        let optional = |value: &Option<String>| value.as_deref().map(text).unwrap_or(Cell::Empty);
        let mut cells = vec![
            text(&b.reference),
            text(shown(&b.status, lang)),
            text(&b.full_name),
            text(&b.email),
            text(&b.phone),
            Cell::Date(b.date),
        ];
        if form == BookingForm::Room {
            cells.push(b.end_date.map(Cell::Date).unwrap_or(Cell::Empty));
            cells.push(b.room_type.as_deref().map(|room| text(shown(room, lang))).unwrap_or(Cell::Empty));
        } else {
            cells.push(optional(&b.puja_time));
            cells.push(optional(&b.puja_type));
        }
        cells.push(Cell::Integer(b.people.into()));
        if form == BookingForm::Markandeya {
            cells.push(optional(&b.gotra));
        }
        cells.push(optional(&b.special_requests));
        cells.push(moment(b.created_at));
        cells
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

impl ListFilter for BookingFilter {
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
