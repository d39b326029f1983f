//! The stored versions and the one draft (migration `m20261129_000013_site_content`).
pub mod version {
    use sea_orm::entity::prelude::*;

    /// A published version, kept whole: any of them can be brought back as the draft.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "site_versions")]
    pub struct Model {
        #[sea_orm(primary_key)]
        pub id: i32,
        /// The content as JSON text.
        pub content: String,
        /// The sample content a fresh install publishes.
        pub sample: bool,
        pub published_at: DateTimeWithTimeZone,
        pub published_by: String,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

pub mod draft {
    use sea_orm::entity::prelude::*;

    /// The one draft (id 1); `revision` counts its saves, so a save based on an older one is
    /// refused instead of overwriting someone else's.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "site_draft")]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: i32,
        pub content: String,
        pub revision: i32,
        /// Still the sample content (nothing saved over it yet).
        pub sample: bool,
        pub saved_at: Option<DateTimeWithTimeZone>,
        pub saved_by: Option<String>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// The draft's id: there is one.
pub const DRAFT_ID: i32 = 1;
