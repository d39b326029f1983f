//! The find-or-404 every feature needs.
use sea_orm::{ConnectionTrait, EntityTrait, Select};

use crate::error::{Error, Result};

/// The one row `select` finds, or 404.
pub async fn find_or_404<E: EntityTrait>(db: &impl ConnectionTrait, select: Select<E>) -> Result<E::Model> {
    select.one(db).await?.ok_or(Error::NotFound)
}
