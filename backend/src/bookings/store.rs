//! Making, cancelling and deleting a booking; a new booking is answered with its PDF confirmation.
use axum::{
    Json,
    http::{HeaderMap, HeaderValue, StatusCode},
    response::Response,
};
use chrono::Datelike;
use rand::{Rng, distr::Alphanumeric};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, IntoActiveModel, QueryFilter, QueryOrder,
    QuerySelect, Set,
};

use super::{
    capacity, confirmation, mail,
    entity::{self, Column, Model as Booking},
    kinds::{BookingKind, CANCELLED, CONFIRMED},
    requests::NewBooking,
};
use crate::{
    audit::{self, Action, Changes},
    auth::AdminUser,
    admin_list,
    db::one_or_404,
    documents::Lang,
    error::{Error, Result},
    events::RealtimeEvent,
    state::AppState,
    validation::today_in_india,
};

fn new_code() -> String {
    rand::rng().sample_iter(&Alphanumeric).take(16).map(char::from).collect()
}

/// Stores the booking and, on the same transaction, its confirmation by e-mail.
async fn insert(state: &AppState, kind: BookingKind, new: &NewBooking, lang: Lang, origin: &str) -> Result<Booking> {
    let db = &state.db;
    // The capacity check, the next reference and the insert see every earlier booking.
    let _turn = capacity::lock().await;
    let prefix = format!("{}-{}-", kind.facts().prefix, today_in_india().year());
    let txn = crate::db::begin_write(db).await?;
    // What one booking may ask for (422), then whether its days have room (409).
    capacity::policy::check(&txn, kind, new).await?;
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
    let link = confirmation::check_url(origin, &booking);
    mail::queue(&txn, &state.mail, &booking, kind, lang, link, &state.site.letterhead()).await?;
    txn.commit().await?;
    state.mail.wake();
    Ok(booking)
}

/// Stores a checked booking and answers its PDF confirmation.
pub async fn book(state: &AppState, headers: &HeaderMap, kind: BookingKind, new: NewBooking) -> Result<Response> {
    let origin = state.config.origin_of(headers);
    let booking = insert(state, kind, &new, crate::mail::language_of(headers), &origin).await?;
    state.hub.publish(RealtimeEvent::BookingsUpdated { kind }).await;
    let url = confirmation::check_url(&origin, &booking);
    let reference = booking.reference.clone();
    let code = booking.code.clone();
    let letterhead = state.site.letterhead();
    let pdf = tokio::task::spawn_blocking(move || confirmation::render(kind, &booking, &url, &letterhead))
        .await
        .map_err(|err| Error::Internal(err.into()))?
        .map_err(|err| Error::Internal(err.into()))?;
    let mut response = admin_list::attachment(pdf, "application/pdf", kind.facts().confirmation_file);
    if let Ok(value) = HeaderValue::from_str(&reference) {
        response.headers_mut().insert("x-booking-reference", value);
    }
    // The booker's own check code, for the page's share link (it is also in the PDF's QR code).
    if let Ok(value) = HeaderValue::from_str(&code) {
        response.headers_mut().insert("x-booking-code", value);
    }
    Ok(response)
}

/// A booking of `kind` by id, or 404.
async fn find(db: &impl ConnectionTrait, kind: BookingKind, id: i32) -> Result<Booking> {
    one_or_404(db, entity::Entity::find_by_id(id).filter(Column::Kind.eq(kind.as_str())).lock_exclusive()).await
}

pub async fn delete(state: &AppState, admin: &AdminUser, kind: BookingKind, id: i32) -> Result<StatusCode> {
    let txn = crate::db::begin_write(&state.db).await?;
    let booking = find(&txn, kind, id).await?;
    entity::Entity::delete_by_id(booking.id).exec(&txn).await?;
    let summary = format!("Deleted booking {} of {}", booking.reference, booking.full_name);
    admin.record(&txn, Action::Delete, Some(id), summary, Changes::deleted(audit::row(&booking))).await?;
    txn.commit().await?;
    state.hub.publish(RealtimeEvent::BookingsUpdated { kind }).await;
    Ok(StatusCode::NO_CONTENT)
}

pub async fn cancel(state: &AppState, admin: &AdminUser, kind: BookingKind, id: i32) -> Result<Json<Booking>> {
    let txn = crate::db::begin_write(&state.db).await?;
    let before = find(&txn, kind, id).await?;
    let mut booking = before.clone().into_active_model();
    booking.status = Set(CANCELLED.to_owned());
    let booking = booking.update(&txn).await?;
    let summary = format!("Cancelled booking {} of {}", booking.reference, booking.full_name);
    admin.record(&txn, Action::Cancel, Some(id), summary, audit::changed(&before, &booking)).await?;
    txn.commit().await?;
    state.hub.publish(RealtimeEvent::BookingsUpdated { kind }).await;
    Ok(Json(booking))
}
