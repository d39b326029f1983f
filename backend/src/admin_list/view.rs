//! What an export writes beyond the rows it selects, and the find-or-404 every feature needs.
use std::marker::PhantomData;

use sea_orm::{Condition, ConnectionTrait, EntityTrait, Select};

use super::list::AdminList;
use crate::{
    documents::{Bilingual, Cell, Column, Lang},
    error::{Error, Result},
};

/// One list of the table of `K`: the condition that narrows its rows, their default order, and
/// its export's title, file name, columns and rows. Each [`AdminList`] is one ([`ListView`]);
/// each kind of a table that several kinds share (bookings, images) is one of its own.
pub trait View<K: AdminList>: Send + Sync {
    fn title(&self) -> Bilingual;
    fn file_stem(&self) -> &'static str;
    fn columns(&self, lang: Lang) -> Vec<Column>;
    fn row(&self, model: &K::Model, lang: Lang) -> Vec<Cell>;
    /// See [`AdminList::printed_columns`].
    fn printed_columns(&self) -> Option<&'static [usize]> {
        None
    }
    fn condition(&self) -> Condition {
        Condition::all()
    }
    /// See [`AdminList::default_order`].
    fn default_order(&self) -> Vec<<K::Entity as EntityTrait>::Column> {
        K::default_order()
    }
}

/// The export an [`AdminList`] states in its constants.
pub struct ListView<K>(PhantomData<K>);

impl<K> Default for ListView<K> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

impl<K: AdminList> View<K> for ListView<K> {
    fn title(&self) -> Bilingual {
        K::TITLE
    }
    fn file_stem(&self) -> &'static str {
        K::FILE_STEM
    }
    fn columns(&self, lang: Lang) -> Vec<Column> {
        K::export_columns(lang)
    }
    fn row(&self, model: &K::Model, lang: Lang) -> Vec<Cell> {
        K::export_row(model, lang)
    }
    fn printed_columns(&self) -> Option<&'static [usize]> {
        K::printed_columns()
    }
}

/// The one row `select` finds, or 404.
pub async fn find_or_404<E: EntityTrait>(db: &impl ConnectionTrait, select: Select<E>) -> Result<E::Model> {
    select.one(db).await?.ok_or(Error::NotFound)
}
