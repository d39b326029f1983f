//! Database migrations, one file per migration. The same migrations run on SQLite and PostgreSQL.
pub use sea_orm_migration::prelude::*;

mod m20261122_000001_create_admins;
mod m20261122_000002_create_notifications;
mod m20261122_000003_create_contacts;
mod m20261122_000004_create_subscribers;
mod m20261123_000005_admin_token_version;
mod m20261124_000006_create_media_items;
mod m20261124_000007_create_bookings;
mod m20261125_000008_create_booking_capacity;
mod m20261126_000009_create_families;
mod m20261127_000010_create_matrimony_accounts;
mod m20261126_000011_matrimony_profiles;
mod m20261128_000012_admin_roles_and_audit;
mod m20261129_000013_site_content;
mod m20261130_000014_mail;
mod m20261201_000015_review_fixes;
pub mod m20261202_000016_search_index;
pub mod m20261203_000017_sort_index;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261122_000001_create_admins::Migration),
            Box::new(m20261122_000002_create_notifications::Migration),
            Box::new(m20261122_000003_create_contacts::Migration),
            Box::new(m20261122_000004_create_subscribers::Migration),
            Box::new(m20261123_000005_admin_token_version::Migration),
            Box::new(m20261124_000006_create_media_items::Migration),
            Box::new(m20261124_000007_create_bookings::Migration),
            Box::new(m20261125_000008_create_booking_capacity::Migration),
            Box::new(m20261126_000009_create_families::Migration),
            Box::new(m20261127_000010_create_matrimony_accounts::Migration),
            Box::new(m20261126_000011_matrimony_profiles::Migration),
            Box::new(m20261128_000012_admin_roles_and_audit::Migration),
            Box::new(m20261129_000013_site_content::Migration),
            Box::new(m20261130_000014_mail::Migration),
            Box::new(m20261201_000015_review_fixes::Migration),
            Box::new(m20261202_000016_search_index::Migration),
            Box::new(m20261203_000017_sort_index::Migration),
        ]
    }
}
