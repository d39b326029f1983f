//! The published content in memory: what `GET /api/site` answers, the documents' letterhead
//! and the pages rendered from it. Replaced whole on a publish, so a reader sees one version.
use std::sync::{Arc, RwLock};

use axum::body::Bytes;
use sea_orm::{ActiveModelTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryOrder, Set};

use super::{
    content::SiteContent,
    entity::{DRAFT_ID, draft, version},
};
use crate::documents::Letterhead;

/// One published version.
#[derive(Debug)]
pub struct PublishedSite {
    pub version: i32,
    pub content: SiteContent,
    /// The content as `GET /api/site` sends it.
    pub json: Bytes,
}

impl PublishedSite {
    pub fn new(version: i32, content: SiteContent) -> Self {
        let json = Bytes::from(serde_json::to_vec(&content).expect("the content serialises"));
        PublishedSite { version, content, json }
    }

    fn from_row(row: &version::Model) -> anyhow::Result<Self> {
        let content: SiteContent = serde_json::from_str(&row.content)
            .map_err(|err| anyhow::anyhow!("site version {} does not read as content: {err}", row.id))?;
        Ok(Self::new(row.id, content))
    }
}

/// The current [`PublishedSite`], swapped whole.
pub struct Published {
    current: RwLock<Arc<PublishedSite>>,
}

impl Published {
    /// The newest version; on a fresh install the sample is published first (and becomes the
    /// draft), as version 1.
    pub async fn load(db: &DatabaseConnection) -> anyhow::Result<Self> {
        seed(db).await?;
        let newest = version::Entity::find().order_by_desc(version::Column::Id).one(db).await?;
        let newest = newest.ok_or_else(|| anyhow::anyhow!("no site version after seeding"))?;
        Ok(Published { current: RwLock::new(Arc::new(PublishedSite::from_row(&newest)?)) })
    }

    /// The newest version in the database (another instance may have published it).
    pub async fn read_newest(db: &impl ConnectionTrait) -> anyhow::Result<PublishedSite> {
        PublishedSite::from_row(&newest(db).await?)
    }

    pub fn current(&self) -> Arc<PublishedSite> {
        self.current.read().unwrap_or_else(|poison| poison.into_inner()).clone()
    }

    /// Takes `site` unless a newer version is already in place (two publishes finishing out
    /// of order).
    pub fn replace(&self, site: PublishedSite) {
        let mut current = self.current.write().unwrap_or_else(|poison| poison.into_inner());
        if site.version >= current.version {
            *current = Arc::new(site);
        }
    }

    pub fn letterhead(&self) -> Letterhead {
        let name = &self.current().content.organisation.name;
        Letterhead { en: name.en.clone(), mr: name.mr.clone() }
    }
}

/// Publishes the sample and makes it the draft when there is no version yet. Two instances
/// starting at once on one database: the draft's fixed id lets only one insert it, and the
/// version is written in the same transaction.
async fn seed(db: &DatabaseConnection) -> anyhow::Result<()> {
    if version::Entity::find().one(db).await?.is_some() {
        return Ok(());
    }
    let txn = crate::db::begin_write(db).await?;
    if version::Entity::find().one(&txn).await?.is_some() {
        return Ok(());
    }
    let now = chrono::Utc::now().fixed_offset();
    // Stored as the server writes content, so that "unchanged" compares equal.
    let sample = serde_json::to_string(&SiteContent::sample())?;
    version::ActiveModel {
        content: Set(sample.clone()),
        sample: Set(true),
        published_at: Set(now),
        published_by: Set(String::new()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    if draft::Entity::find_by_id(DRAFT_ID).one(&txn).await?.is_none() {
        draft::ActiveModel {
            id: Set(DRAFT_ID),
            content: Set(sample),
            revision: Set(1),
            sample: Set(true),
            saved_at: Set(None),
            saved_by: Set(None),
        }
        .insert(&txn)
        .await?;
    }
    txn.commit().await?;
    Ok(())
}

/// The newest version's row (the published one).
pub async fn newest(db: &impl ConnectionTrait) -> Result<version::Model, sea_orm::DbErr> {
    version::Entity::find()
        .order_by_desc(version::Column::Id)
        .one(db)
        .await?
        .ok_or_else(|| sea_orm::DbErr::RecordNotFound("site version".into()))
}
