//! The PDF confirmation of a booking, rendered from `confirmation.typ` with a QR code that
//! opens the public check page.
use qrcode::{QrCode, render::svg};
use serde_json::json;

use super::{
    entity::Model as Booking,
    kinds::{BookingForm, BookingKind, CANCELLED},
};
use crate::documents::{DocumentError, Letterhead, pdf::render_pdf};

const TEMPLATE: &str = concat!(include_str!("../documents/breakable.typ"), include_str!("confirmation.typ"));

/// The URL the QR code encodes: the client's check page for this booking.
pub fn check_url(origin: &str, booking: &Booking) -> String {
    format!("{origin}/booking/{}?code={}", booking.reference, booking.code)
}

/// The QR code of `data` as an SVG document, black on white.
pub fn qr_svg(data: &str) -> Result<String, DocumentError> {
    let code = QrCode::new(data.as_bytes()).map_err(|_| DocumentError::InvalidInputs)?;
    Ok(code
        .render::<svg::Color>()
        .min_dimensions(240, 240)
        .dark_color(svg::Color("#000000"))
        .light_color(svg::Color("#ffffff"))
        .build())
}

fn row(label_en: &str, label_mr: &str, value: impl ToString) -> serde_json::Value {
    json!({"label_en": label_en, "label_mr": label_mr, "value": value.to_string()})
}

/// Renders the confirmation of `booking` of `kind`; `url` is what its QR code encodes.
pub fn render(kind: BookingKind, booking: &Booking, url: &str, letterhead: &Letterhead) -> Result<Vec<u8>, DocumentError> {
    let mut rows = vec![
        row("Full name", "पूर्ण नाव", &booking.full_name),
        row("Email", "ईमेल", &booking.email),
        row("Phone", "दूरध्वनी", &booking.phone),
    ];
    match kind.facts().form {
        BookingForm::Room => {
            rows.push(row("Check-in", "आगमन दिनांक", booking.date));
            if let Some(end) = booking.end_date {
                rows.push(row("Check-out", "प्रस्थान दिनांक", end));
            }
            rows.push(row("Guests", "पाहुणे (व्यक्ती)", booking.people));
            if let Some(room_type) = &booking.room_type {
                let marathi = match room_type.as_str() {
                    "deluxe" => "डिलक्स",
                    "suite" => "सूट",
                    _ => "साधी",
                };
                rows.push(row("Room type", "खोलीचा प्रकार", format!("{marathi} / {room_type}")));
            }
        }
        _ => {
            rows.push(row("Puja date", "पूजेचा दिनांक", booking.date));
            rows.push(row("Puja time", "पूजेची वेळ", booking.puja_time.as_deref().unwrap_or("")));
            if let Some(puja_type) = &booking.puja_type {
                rows.push(row("Puja type", "पूजेचा प्रकार", puja_type));
            }
            if let Some(gotra) = &booking.gotra {
                rows.push(row("Gotra", "गोत्र", gotra));
            }
            rows.push(row("Participants", "सहभागी व्यक्ती", booking.people));
        }
    }
    if let Some(requests) = &booking.special_requests {
        rows.push(row("Special requests", "विशेष विनंती", requests));
    }
    let (offering_en, offering_mr) = kind.facts().offering;
    let issued = booking.created_at.with_timezone(&chrono_tz::Asia::Kolkata).format("%Y-%m-%d %H:%M IST");
    let inputs = json!({
        "org_mr": letterhead.mr,
        "org_en": letterhead.en,
        "title_en": "Booking confirmation",
        "title_mr": "आरक्षणाची पावती",
        "offering_en": offering_en,
        "offering_mr": offering_mr,
        "reference": booking.reference,
        "status": if booking.status == CANCELLED { "रद्द / Cancelled" } else { "निश्चित / Confirmed" },
        "check_url": url,
        "qr_svg": qr_svg(url)?,
        "rows": rows,
        "issued": issued.to_string(),
    });
    render_pdf(TEMPLATE, inputs)
}
