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
mod tables;
mod take;

pub use archive::{Manifest, Refusal, verify};
pub use restore::{Restored, restore};
pub use routes::{BackupStatus, ScheduleInfo, router};
pub use schedule::{KeptBackup, Schedule, start};
pub use take::{Taken, take};
