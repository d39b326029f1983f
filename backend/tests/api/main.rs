//! Integration tests: the real application on a random port, with a fresh database per test.
//! `SAMITI_TEST_DATABASE=postgres` runs them on PostgreSQL instead of SQLite.
mod helpers;
mod images;
mod mail;

mod access;
mod admin_auth;
mod backup;
mod bookings;
mod capacity;
mod connections;
mod contacts;
mod database_health;
mod errors_and_serving;
mod exports;
mod families;
mod hardening;
mod image_limits;
mod matrimony;
mod media;
mod notifications;
mod one_file;
mod openapi_rules;
mod prerendered;
mod profiles;
mod public_cache;
mod rate_limits;
mod roles;
mod search;
mod site;
mod site_pages;
mod storage;
mod subscribers;
mod uploads;
