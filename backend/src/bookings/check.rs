//! The public check page of a booking, opened from its confirmation's QR code.
use std::sync::LazyLock;

use axum::{Json, extract::State};
use chrono::NaiveDate;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{
    entity::{self, Column},
    kinds::BookingKind,
};
use crate::{
    auth::throttle::{LoginThrottle, Verdict},
    client_ip::ClientIp,
    error::{Error, Result, responses},
    extract::{Path, Query},
    state::AppState,
};

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

/// Misses of the check page, per reference (from one address, and from anywhere) and per address.
static CHECK_MISSES: LazyLock<LoginThrottle> = LazyLock::new(LoginThrottle::default);

/// Check a booking from its confirmation's QR code (public). A wrong code is 404. Repeated
/// misses on one reference from one address are refused (429); misses on other references, or
/// on this one from elsewhere, only slow the answer down, so its booker is never locked out.
#[utoipa::path(get, path = "/api/bookings/verify/{reference}", tag = "bookings", operation_id = "bookings_verify",
    params(("reference" = String, Path, description = "Booking reference"), CheckQuery),
    responses(
        (status = 200, description = "The booking exists", body = BookingCheck),
        (status = 429, description = "Too many wrong codes for this reference from this address", body = crate::error::ErrorBody),
        responses::NotFound, responses::ServerErrors,
    ))]
pub async fn verify(
    State(state): State<AppState>,
    ClientIp(address): ClientIp,
    Path(reference): Path<String>,
    Query(query): Query<CheckQuery>,
) -> Result<Json<BookingCheck>> {
    let account = format!("booking:{reference}");
    match CHECK_MISSES.check_one(address, &account) {
        Verdict::Refused { retry_after } => return Err(Error::TooManyRequests { retry_after }),
        Verdict::Allowed { delay } if !delay.is_zero() => tokio::time::sleep(delay).await,
        Verdict::Allowed { .. } => {}
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
