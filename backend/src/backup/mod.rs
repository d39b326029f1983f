//! Backup and restore (docs/DESIGN.md §13): one file holding every table as portable rows,
//! every stored file the rows name and a manifest (`archive`); taken in one snapshot while the
//! site takes writes (`take`), restored into either database after every checksum is checked
//! (`restore`), taken on a schedule inside `samiti serve` (`schedule`), and downloaded fresh by
//! an owner from the dashboard (`routes`).
mod archive;
mod restore;
mod routes;
mod rows;
mod schedule;
mod take;

pub use archive::{Manifest, Refusal, verify};
pub use restore::{Restored, restore};
pub use routes::{BackupStatus, ScheduleInfo, router};
pub use schedule::{KeptBackup, Schedule, start};
pub use take::{Taken, take};

use migration::{MigratorTrait, Migrator};
use rows::{Table, rows};

/// Every table, parents before the rows that point at them (a restore inserts in this order and
/// empties in the reverse). A table missing here makes every backup fail, never go without it.
static TABLES: &[&dyn Table] = &[
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
];

/// The names of this program's migrations, in the order they apply: the schema versions.
fn known_migrations() -> Vec<String> {
    Migrator::migrations().iter().map(|migration| migration.name().to_owned()).collect()
}
