//! The room at the pilgrim lodge and the three abhishek offerings: one table and one generic
//! implementation parameterised by [`BookingKind`] data (paths, file names, prefix, rules).
pub mod capacity;
mod confirmation;
mod entity;
pub mod kinds;
mod requests;
mod routes;

pub use entity::Model as Booking;
pub use kinds::{BookingKind, RoomType};
pub use requests::{MarkandeyaBookingInput, PujaBookingInput, RoomBookingInput};
pub use capacity::BlockedDateInput;
pub use routes::{BookingCheck, BookingList, BookingRow, Markandeya, Poshavvadevi, Room, Shitaladevi, router};

use crate::documents::Bilingual;

/// A booking is `confirmed` when made and `cancelled` when an administrator cancels it.
pub const CONFIRMED: &str = "confirmed";
pub const CANCELLED: &str = "cancelled";

impl BookingKind {
    pub const ALL: [BookingKind; 4] =
        [BookingKind::Room, BookingKind::Markandeya, BookingKind::Poshavvadevi, BookingKind::Shitaladevi];

    /// The name in the table, in JSON and in live events.
    pub const fn as_str(self) -> &'static str {
        match self {
            BookingKind::Room => "room",
            BookingKind::Markandeya => "markandeya",
            BookingKind::Poshavvadevi => "poshavvadevi",
            BookingKind::Shitaladevi => "shitaladevi",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == value)
    }

    /// The start of its references (`ALN-2026-00042`).
    pub const fn prefix(self) -> &'static str {
        match self {
            BookingKind::Room => "ALN",
            BookingKind::Markandeya => "MRK",
            BookingKind::Poshavvadevi => "PSV",
            BookingKind::Shitaladevi => "SHT",
        }
    }

    /// The file name of its PDF confirmation.
    pub const fn confirmation_file(self) -> &'static str {
        match self {
            BookingKind::Room => "booking_confirmation.pdf",
            BookingKind::Markandeya => "abhishek_booking_confirmation.pdf",
            BookingKind::Poshavvadevi => "poshavvadevi_booking_confirmation.pdf",
            BookingKind::Shitaladevi => "shitaladevi_booking_confirmation.pdf",
        }
    }

    /// The title of its administrator list (spec §2) and of its exports, in both languages.
    pub const fn title(self) -> Bilingual {
        match self {
            BookingKind::Room => Bilingual::new("Alandi Room Bookings", "आळंदी खोली आरक्षणे"),
            BookingKind::Markandeya => Bilingual::new("Markandeya Abhishek Bookings", "मार्कंडेय अभिषेक आरक्षणे"),
            BookingKind::Poshavvadevi => Bilingual::new("Poshavvadevi Abhishek Bookings", "पोशव्वादेवी अभिषेक आरक्षणे"),
            BookingKind::Shitaladevi => Bilingual::new("Shitaladevi Abhishek Bookings", "शीतलादेवी अभिषेक आरक्षणे"),
        }
    }

    /// The file name (without extension) of its exports.
    pub const fn file_stem(self) -> &'static str {
        match self {
            BookingKind::Room => "bookings",
            BookingKind::Markandeya => "abhishek_bookings",
            BookingKind::Poshavvadevi => "poshavvadevi_bookings",
            BookingKind::Shitaladevi => "shitaladevi_bookings",
        }
    }

    /// What the confirmation says is booked, in English and Marathi.
    pub const fn offering(self) -> (&'static str, &'static str) {
        match self {
            BookingKind::Room => ("Room at the Alandi pilgrim lodge", "आळंदी भक्तनिवासातील खोली"),
            BookingKind::Markandeya => ("Markandeya Abhishek", "मार्कंडेय अभिषेक"),
            BookingKind::Poshavvadevi => ("Poshavvadevi Abhishek", "पोशव्वादेवी अभिषेक"),
            BookingKind::Shitaladevi => ("Shitaladevi Abhishek", "शीतलादेवी अभिषेक"),
        }
    }
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
