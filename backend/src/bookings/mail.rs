//! A booking's confirmation by e-mail (docs/DESIGN.md §14): written in the language of the page
//! it was made from, with the reference, the dates, the check page's link and the PDF attached
//! (rendered when the message is sent, by [`attachments`]).
use std::sync::Arc;

use sea_orm::{DatabaseConnection, DatabaseTransaction, EntityTrait};

use super::{
    confirmation,
    entity::{self, Model as Booking},
    kinds::{BookingForm, BookingKind},
};
use crate::{
    documents::{Lang, Letterhead},
    error::Result,
    mail::{self, Kind, Letter, Mail, NewMessage, Part},
    site::Published,
};

/// Writes the confirmation of `booking` on its transaction, when it has an address and mail is on.
pub async fn queue(txn: &DatabaseTransaction, mail: &Mail, booking: &Booking, kind: BookingKind, lang: Lang, link: String, letterhead: &Letterhead) -> Result<()> {
    if !mail.is_on() || booking.email.trim().is_empty() {
        return Ok(());
    }
    let composed = mail::compose::compose(&letter(booking, kind, lang, letterhead));
    let body = mail::store_body(txn, &composed).await?;
    let mut message = NewMessage::new(Kind::Booking, &booking.email, lang, body);
    message.link = Some(link);
    message.booking_id = Some(booking.id);
    mail.queue(txn, message).await?;
    Ok(())
}

fn letter<'a>(booking: &Booking, kind: BookingKind, lang: Lang, letterhead: &'a Letterhead) -> Letter<'a> {
    let facts = kind.facts();
    let t = |en: &str, mr: &str| lang.pick(en, mr).to_owned();
    let offering = lang.pick(facts.offering.0, facts.offering.1);
    let mut rows = vec![(t("Booking reference", "आरक्षण क्रमांक"), booking.reference.clone())];
    match facts.form {
        BookingForm::Room => {
            rows.push((t("Check-in", "आगमन दिनांक"), lang.date(booking.date)));
            if let Some(end) = booking.end_date {
                rows.push((t("Check-out", "प्रस्थान दिनांक"), lang.date(end)));
            }
            rows.push((t("Guests", "पाहुणे (व्यक्ती)"), lang.number(booking.people)));
        }
        BookingForm::Markandeya | BookingForm::Puja => {
            rows.push((t("Puja date", "पूजेचा दिनांक"), lang.date(booking.date)));
            if let Some(time) = &booking.puja_time {
                rows.push((t("Puja time", "पूजेची वेळ"), lang.digits(time)));
            }
            rows.push((t("Participants", "सहभागी व्यक्ती"), lang.number(booking.people)));
        }
    }
    let subject = match lang {
        Lang::En => format!("Booking confirmed: {}", booking.reference),
        Lang::Mr => format!("आरक्षण निश्चित: {}", booking.reference),
    };
    Letter {
        lang,
        organisation: letterhead.name(lang),
        subject,
        parts: vec![
            Part::Para(match lang {
                Lang::En => format!("Dear {},", booking.full_name),
                Lang::Mr => format!("नमस्कार {},", booking.full_name),
            }),
            Part::Para(match lang {
                Lang::En => format!("Your booking is confirmed: {offering}."),
                Lang::Mr => format!("आपले आरक्षण निश्चित झाले आहे: {offering}."),
            }),
            Part::Facts(rows),
            Part::Button(t("See your booking", "आपले आरक्षण पाहा")),
            Part::Para(t(
                "Your confirmation is attached as a PDF. Please keep it with you when you come.",
                "आरक्षणाची पावती पीडीएफ स्वरूपात सोबत जोडली आहे. येताना कृपया ती सोबत ठेवा.",
            )),
            Part::Foot(t(
                "You receive this message because a booking was made with this e-mail address.",
                "या ईमेल पत्त्याने आरक्षण केले गेले म्हणून हा संदेश आपल्याला पाठवला आहे.",
            )),
        ],
    }
}

/// The PDF of a booking's message, rendered when it is sent (the worker's [`mail::Attachments`]).
pub fn attachments(db: DatabaseConnection, site: Arc<Published>) -> mail::Attachments {
    Arc::new(move |id, link| {
        let db = db.clone();
        let site = site.clone();
        Box::pin(async move {
            let Some(booking) = entity::Entity::find_by_id(id).one(&db).await? else { return Ok(None) };
            let Some(kind) = BookingKind::ALL.into_iter().find(|k| k.as_str() == booking.kind) else { return Ok(None) };
            let letterhead = site.letterhead();
            let pdf = tokio::task::spawn_blocking(move || confirmation::render(kind, &booking, &link, &letterhead)).await??;
            Ok(Some((kind.facts().confirmation_file.to_owned(), pdf)))
        })
    })
}
