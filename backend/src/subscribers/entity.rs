use sea_orm::entity::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

/// A subscriber to event updates. An e-mail address is `waiting` until its confirmation link is
/// opened, then `confirmed` (only these receive updates), or `unsubscribed`; a mobile number is
/// `mobile`: listed for the organisation's own WhatsApp broadcast.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, ToSchema)]
#[sea_orm(table_name = "subscribers")]
#[schema(as = Subscriber)]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// A lower-case e-mail address or a bare 10-digit mobile number.
    #[sea_orm(unique)]
    pub value: String,
    #[schema(value_type = String, format = DateTime)]
    pub created_at: DateTimeWithTimeZone,
    /// `waiting`, `confirmed`, `unsubscribed` or `mobile`.
    pub status: String,
    /// `en` or `mr`: the language of the page the subscription was made from; its messages are
    /// written in it.
    pub lang: String,
    /// The secret of the confirmation and unsubscribe links.
    #[serde(skip)]
    pub token: Option<String>,
    #[serde(skip)]
    pub confirmations_sent: i32,
    #[serde(skip)]
    pub confirmation_sent_at: Option<DateTimeWithTimeZone>,
    #[schema(value_type = Option<String>, format = DateTime)]
    pub confirmed_at: Option<DateTimeWithTimeZone>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
