//! Every table a backup holds, and the schema versions it knows.
use migration::{Migrator, MigratorTrait};

use super::rows::{Table, rows};

/// Every table, parents before the rows that point at them (a restore inserts in this order and
/// empties in the reverse). A table missing here makes every backup fail, never go without it.
pub(super) static TABLES: &[&dyn Table] = &[
    &rows::<crate::auth::entity::Entity>(),
    &rows::<crate::audit::entity::Entity>(),
    &rows::<crate::notifications::entity::Entity>(),
    &rows::<crate::contacts::entity::Entity>(),
    &rows::<crate::subscribers::entity::Entity>(),
    &rows::<crate::media::entity::Entity>(),
    &rows::<crate::bookings::entity::Entity>(),
    &rows::<crate::bookings::capacity::store::limit::Entity>(),
    &rows::<crate::bookings::capacity::store::blocked::Entity>(),
    &rows::<crate::families::entity::head::Entity>(),
    &rows::<crate::families::entity::member::Entity>(),
    &rows::<crate::matrimony::entity::Entity>(),
    &rows::<crate::matrimony::profiles::entity::Entity>(),
    &rows::<crate::site::entity::version::Entity>(),
    &rows::<crate::site::entity::draft::Entity>(),
    &rows::<crate::updates::entity::Entity>(),
    &rows::<crate::mail::entity::body::Entity>(),
    &rows::<crate::mail::entity::Entity>(),
];

/// The names of this program's migrations, in the order they apply: the schema versions.
pub(super) fn known_migrations() -> Vec<String> {
    Migrator::migrations().iter().map(|migration| migration.name().to_owned()).collect()
}
