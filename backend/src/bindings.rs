//! Writes `bindings/`: the TypeScript types OpenAPI does not describe (live events, rule
//! kinds) and the rule tables the client validates with.
use std::path::Path;

use ts_rs::{Config as TsConfig, TS};

use crate::{
    auth, bookings, contacts, families, matrimony, media, notifications,
    realtime::RealtimeEvent,
    subscribers,
    validation::{FormRules, Rule, Validate, rules_module},
};

/// Every form's rule table, by the name the client uses; once each, though several bodies may
/// share one (a profile's creation and its edit).
pub fn forms() -> Vec<(&'static str, FormRules)> {
    vec![
        form::<auth::AdminCredentials>(),
        form::<auth::AdminLogin>(),
        form::<auth::PasswordChange>(),
        form::<bookings::RoomBookingInput>(),
        form::<bookings::MarkandeyaBookingInput>(),
        form::<bookings::PujaBookingInput>(),
        form::<bookings::BlockedDateInput>(),
        form::<contacts::ContactInput>(),
        form::<families::HeadInput>(),
        form::<families::MemberInput>(),
        form::<matrimony::MemberRegistration>(),
        form::<matrimony::MemberLogin>(),
        form::<matrimony::ProfileFields>(),
        form::<media::MediaUpload>(),
        form::<media::GalleryUpload>(),
        form::<notifications::NotificationInput>(),
        form::<subscribers::SubscriberInput>(),
    ]
}

fn form<T: Validate>() -> (&'static str, FormRules) {
    (T::FORM, T::RULES)
}

pub fn write(dir: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir)?;
    let config = TsConfig::new().with_out_dir(dir);
    RealtimeEvent::export(&config)?;
    media::MediaKind::export(&config)?;
    bookings::BookingKind::export(&config)?;
    bookings::RoomType::export(&config)?;
    Rule::export(&config)?;
    std::fs::write(dir.join("validationRules.ts"), rules_module(&forms()))?;
    // The kinds' tables the client reads (paths, titles, file names).
    std::fs::write(dir.join("bookingKinds.ts"), bookings::typescript_table())?;
    Ok(())
}
