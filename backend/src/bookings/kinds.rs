//! The booking kinds and their facts, each stated once: the routes, the OpenAPI operations,
//! the capacity limits, the exports, the confirmations and the client's generated table
//! (`bindings/bookingKinds.ts`) all read them from [`BookingKind::facts`].
//!
//! To add a kind: a variant below, its entry in `ALL` and its arm in `facts` (see
//! docs/ARCHITECTURE.md, "Add a booking kind").
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use crate::roles::Role;

/// What is booked: the pilgrim-lodge room or one of the abhishek offerings. Its lowercase name
/// is stored in the table and sent in JSON and live events.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "lowercase")]
pub enum BookingKind {
    Room,
    Markandeya,
    Poshavvadevi,
    Shitaladevi,
}

/// The form a kind is booked with (its request body and rule table).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BookingForm {
    /// Check-in, check-out, guests and room type (`RoomBookingInput`).
    Room,
    /// A puja with a puja type from a fixed list and the gotra (`MarkandeyaBookingInput`).
    Markandeya,
    /// A puja with a free puja type (`PujaBookingInput`).
    Puja,
}

/// Everything that distinguishes one booking kind from another.
#[derive(Debug, Clone, Copy)]
pub struct KindFacts {
    /// Its name (`room`): the table's `kind`, JSON and live events.
    pub name: &'static str,
    /// The stem of its API paths and its OpenAPI tag: `/api/{stem}`, `/api/{stem}/{id}`,
    /// `/api/{stem}/{id}/cancel`, `/api/{stem}/export/{excel,pdf}` (docs/SPECIFICATION.md §7).
    pub stem: &'static str,
    /// The OpenAPI tag's description.
    pub description: &'static str,
    /// The specification also names `/api/{stem}/excel` and `/api/{stem}/pdf` for this kind:
    /// the OpenAPI tag of those two operations.
    pub spec_files_tag: Option<&'static str>,
    pub form: BookingForm,
    /// The start of its references (`ALN-2026-00042`).
    pub prefix: &'static str,
    /// The file name of its PDF confirmation.
    pub confirmation_file: &'static str,
    /// The file name (without extension) of its exports.
    pub export_file_stem: &'static str,
    /// The booking page's title, in English and Marathi.
    pub title: (&'static str, &'static str),
    /// What the confirmation says is booked, in English and Marathi.
    pub offering: (&'static str, &'static str),
    /// The title of its administrator list and its exports (docs/SPECIFICATION.md §2).
    pub list_title: (&'static str, &'static str),
    /// The client's booking page.
    pub page: &'static str,
    pub role: Role,
}

impl BookingKind {
    pub const ALL: [BookingKind; 4] =
        [BookingKind::Room, BookingKind::Markandeya, BookingKind::Poshavvadevi, BookingKind::Shitaladevi];

    pub const fn facts(self) -> &'static KindFacts {
        match self {
            BookingKind::Room => &KindFacts {
                name: "room",
                stem: "bookings",
                description: "Alandi room bookings and the public booking check",
                spec_files_tag: None,
                form: BookingForm::Room,
                prefix: "ALN",
                confirmation_file: "booking_confirmation.pdf",
                export_file_stem: "bookings",
                title: ("Alandi Room Booking", "आळंदी खोली आरक्षण"),
                offering: ("Room at the Alandi pilgrim lodge", "आळंदी भक्तनिवासातील खोली"),
                list_title: ("Alandi Room Bookings", "आळंदी खोली आरक्षणे"),
                page: "/onlineServices/alandiRoomBooking",
                role: Role::Bookings,
            },
            BookingKind::Markandeya => &KindFacts {
                name: "markandeya",
                stem: "abhishek-bookings",
                description: "Markandeya abhishek bookings",
                spec_files_tag: None,
                form: BookingForm::Markandeya,
                prefix: "MRK",
                confirmation_file: "abhishek_booking_confirmation.pdf",
                export_file_stem: "abhishek_bookings",
                title: ("Markandeya Abhishek", "मार्कंडेय अभिषेक"),
                offering: ("Markandeya Abhishek", "मार्कंडेय अभिषेक"),
                list_title: ("Markandeya Abhishek Bookings", "मार्कंडेय अभिषेक आरक्षणे"),
                page: "/onlineServices/markandeyaAbhishek",
                role: Role::Bookings,
            },
            BookingKind::Poshavvadevi => &KindFacts {
                name: "poshavvadevi",
                stem: "poshavvadevi-bookings",
                description: "Poshavvadevi abhishek bookings",
                spec_files_tag: Some("poshavvadevi-bookings-files"),
                form: BookingForm::Puja,
                prefix: "PSV",
                confirmation_file: "poshavvadevi_booking_confirmation.pdf",
                export_file_stem: "poshavvadevi_bookings",
                title: ("Poshavvadevi Abhishek", "पोशव्वादेवी अभिषेक"),
                offering: ("Poshavvadevi Abhishek", "पोशव्वादेवी अभिषेक"),
                list_title: ("Poshavvadevi Abhishek Bookings", "पोशव्वादेवी अभिषेक आरक्षणे"),
                page: "/onlineServices/poshavvadeviAbhishek",
                role: Role::Bookings,
            },
            BookingKind::Shitaladevi => &KindFacts {
                name: "shitaladevi",
                stem: "shitaladevi-bookings",
                description: "Shitaladevi abhishek bookings",
                spec_files_tag: Some("shitaladevi-bookings-files"),
                form: BookingForm::Puja,
                prefix: "SHT",
                confirmation_file: "shitaladevi_booking_confirmation.pdf",
                export_file_stem: "shitaladevi_bookings",
                title: ("Shitaladevi Abhishek", "शीतलादेवी अभिषेक"),
                offering: ("Shitaladevi Abhishek", "शीतलादेवी अभिषेक"),
                list_title: ("Shitaladevi Abhishek Bookings", "शीतलादेवी अभिषेक आरक्षणे"),
                page: "/onlineServices/shitaladeviAbhishek",
                role: Role::Bookings,
            },
        }
    }

    /// Every kind's name, in the order of `ALL` (the closed-date form's choices).
    pub const NAMES: [&'static str; Self::ALL.len()] = {
        let mut names = [""; Self::ALL.len()];
        let mut i = 0;
        while i < names.len() {
            names[i] = Self::ALL[i].as_str();
            i += 1;
        }
        names
    };

    /// The name in the table, in JSON and in live events.
    pub const fn as_str(self) -> &'static str {
        self.facts().name
    }

    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == value)
    }

    /// Booked by the day (a puja) rather than by the night (the room).
    pub fn is_puja(self) -> bool {
        self.facts().form != BookingForm::Room
    }
}

/// The lodge's room types.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema, TS)]
#[serde(rename_all = "lowercase")]
pub enum RoomType {
    Standard,
    Deluxe,
    Suite,
}

impl RoomType {
    pub const ALL: [RoomType; 3] = [RoomType::Standard, RoomType::Deluxe, RoomType::Suite];

    pub const fn as_str(self) -> &'static str {
        match self {
            RoomType::Standard => "standard",
            RoomType::Deluxe => "deluxe",
            RoomType::Suite => "suite",
        }
    }
}

/// A booking is `confirmed` when made and `cancelled` when an administrator cancels it.
pub const CONFIRMED: &str = "confirmed";
pub const CANCELLED: &str = "cancelled";

/// The client's table of kinds (`bindings/bookingKinds.ts`): paths, titles and file names.
pub fn typescript_table() -> String {
    let mut out = String::from(
        "// Generated by `samiti bindings` from backend/src/bookings/kinds.rs. Do not edit.\n\
         import type { BookingKind } from './BookingKind';\n\
         import type { Role } from './Role';\n\n\
         export type BookingForm = 'room' | 'markandeya' | 'puja';\n\n\
         export type BookingKindFacts = {\n  kind: BookingKind;\n  /** `/api/{stem}`: the booking, the list; `/{id}`, `/{id}/cancel`, `/export/excel`, `/export/pdf`. */\n  apiPath: string;\n  /** The stem of its API paths, also its dashboard section's path. */\n  stem: string;\n  form: BookingForm;\n  confirmationFile: string;\n  /** The booking page's title (an i18n key, English) and its Marathi text. */\n  title: string;\n  titleMr: string;\n  /** The administrator list's title (an i18n key, English) and its Marathi text. */\n  listTitle: string;\n  listTitleMr: string;\n  /** The client's booking page. */\n  page: string;\n  /** The administrator role that manages its bookings. */\n  role: Role;\n};\n\n\
         export const bookingKindFacts = {\n",
    );
    for kind in BookingKind::ALL {
        let f = kind.facts();
        let form = match f.form {
            BookingForm::Room => "room",
            BookingForm::Markandeya => "markandeya",
            BookingForm::Puja => "puja",
        };
        let entry = serde_json::json!({
            "kind": f.name,
            "apiPath": format!("/api/{}", f.stem),
            "stem": f.stem,
            "form": form,
            "confirmationFile": f.confirmation_file,
            "title": f.title.0,
            "titleMr": f.title.1,
            "listTitle": f.list_title.0,
            "listTitleMr": f.list_title.1,
            "page": f.page,
            "role": f.role.name(),
        });
        out.push_str(&format!("  {}: {},\n", f.name, entry));
    }
    out.push_str("} as const satisfies Record<BookingKind, BookingKindFacts>;\n\n");
    out.push_str("/** Every kind, in the server's order. */\nexport const bookingKindList: BookingKind[] = [");
    out.push_str(&BookingKind::ALL.iter().map(|k| format!("'{}'", k.as_str())).collect::<Vec<_>>().join(", "));
    out.push_str("];\n");
    out
}
