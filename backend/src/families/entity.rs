//! The two tables of the registry. Rows serialise under the form's field names, so that what
//! an administrator reads is what the visitor sent.

/// A head of family.
/// A family's head as stored (and as its page shows it).
pub type Head = head::Model;
/// A family member as stored.
pub type Member = member::Model;

pub mod head {
    use sea_orm::entity::prelude::*;
    use serde::Serialize;
    use utoipa::ToSchema;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, ToSchema)]
    #[sea_orm(table_name = "family_heads")]
    #[serde(rename_all = "camelCase")]
    #[schema(as = HeadRow)]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i32,
        pub first_name: String,
        pub middle_name: String,
        pub last_name: String,
        pub surname: String,
        pub father_name: String,
        pub mother_name: String,
        #[schema(value_type = String, format = Date)]
        pub dob: Date,
        /// Digits text.
        pub age: String,
        pub sex: String,
        pub education: String,
        pub occupation: String,
        pub status: String,
        pub work_address: String,
        pub whatsapp: String,
        pub area: String,
        #[serde(skip)]
        #[schema(ignore)]
        pub name_key: String,
        /// The earlier head this one may duplicate: same WhatsApp number, or same first name,
        /// surname and date of birth.
        pub duplicate_of: Option<i32>,
        pub member_count: i32,
        #[serde(rename = "created_at")]
        #[schema(value_type = String, format = DateTime)]
        pub created_at: DateTimeWithTimeZone,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// A member of a household, in the order the family sent them.
pub mod member {
    use sea_orm::entity::prelude::*;
    use serde::Serialize;
    use utoipa::ToSchema;

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, ToSchema)]
    #[sea_orm(table_name = "family_members")]
    #[serde(rename_all = "camelCase")]
    #[schema(as = MemberRow)]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i32,
        pub head_id: i32,
        pub name: String,
        pub father_name: String,
        pub mother_name: String,
        pub surname: String,
        #[schema(value_type = String, format = Date)]
        pub dob: Date,
        /// Digits text.
        pub age: String,
        pub sex: String,
        pub education: String,
        pub occupation: String,
        pub status: String,
        pub work_address: String,
        pub whatsapp: String,
        pub area: String,
        /// Relationship to the head.
        pub relation: String,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}
