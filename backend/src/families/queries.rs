//! The registry's reads and writes shared by its handlers.
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, EntityTrait, IntoActiveModel, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};

use super::{
    entity::{
        Head, Member,
        head::{self, Column as HeadColumn},
        member::{self, Column as MemberColumn},
    },
    requests::{HeadInput, name_key},
};
use crate::{db::lock_or_404, error::Result};

/// The earliest head, other than `except`, that `head` may duplicate: the same WhatsApp number,
/// or the same first name and surname (ignoring case and spaces) and date of birth.
pub(super) async fn earlier_match(db: &impl ConnectionTrait, input: &HeadInput, before: Option<i32>) -> Result<Option<i32>> {
    let same_person = Condition::all()
        .add(HeadColumn::NameKey.eq(name_key(&input.first_name, &input.surname)))
        .add(HeadColumn::Dob.eq(input.dob));
    let mut select = head::Entity::find()
        .filter(Condition::any().add(HeadColumn::Whatsapp.eq(input.whatsapp.trim())).add(same_person));
    if let Some(id) = before {
        select = select.filter(HeadColumn::Id.lt(id));
    }
    Ok(select.order_by_asc(HeadColumn::Id).one(db).await?.map(|h| h.id))
}

/// The head, locked until the transaction ends (`FOR UPDATE` on PostgreSQL; SQLite's write lock
/// is already held), so that two changes to one family's members are counted one after the other.
pub(super) async fn lock_head(db: &impl ConnectionTrait, id: i32) -> Result<Head> {
    lock_or_404::<head::Entity>(db, id).await
}

pub(super) async fn members_of(db: &impl ConnectionTrait, head_id: i32) -> Result<Vec<Member>> {
    Ok(member::Entity::find()
        .filter(MemberColumn::HeadId.eq(head_id))
        .order_by_asc(MemberColumn::Id)
        .all(db)
        .await?)
}

/// Stores the head's count of members after a member is added or removed.
pub(super) async fn recount(db: &impl ConnectionTrait, head: Head) -> Result<Head> {
    let count = member::Entity::find().filter(MemberColumn::HeadId.eq(head.id)).count(db).await?;
    let mut row = head.into_active_model();
    row.member_count = Set(i32::try_from(count).unwrap_or(i32::MAX));
    Ok(row.update(db).await?)
}
