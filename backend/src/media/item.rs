//! An image as the API answers it.
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{entity::Model, kinds::MediaKind};
use crate::uploads;

/// An image of a list, with what a page needs for `srcset` and `width`/`height`.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct MediaItem {
    pub id: i32,
    /// The stored file name.
    #[schema(example = "3f9a0c1e5b7d4a2f8e6c0b9d1a3f5e7c.jpg")]
    pub image: String,
    /// The original, as uploaded (without camera metadata).
    #[schema(example = "/uploads/3f9a0c1e5b7d4a2f8e6c0b9d1a3f5e7c.jpg")]
    pub url: String,
    #[schema(example = "image/jpeg")]
    pub content_type: String,
    /// Of the image as displayed.
    pub width: Option<u32>,
    pub height: Option<u32>,
    pub bytes: u64,
    /// Alternative text and caption (any script; may be empty).
    #[schema(example = "गणेशोत्सव २०२६")]
    pub description: String,
    /// The month the photo belongs to.
    pub year: i32,
    pub month: u32,
    #[schema(value_type = String, format = DateTime)]
    pub created_at: chrono::DateTime<chrono::FixedOffset>,
    /// Resized WebP copies, narrowest first; none wider than the original.
    pub variants: Vec<MediaVariant>,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct MediaVariant {
    pub width: u32,
    #[schema(example = "/uploads/3f9a0c1e5b7d4a2f8e6c0b9d1a3f5e7c-640.webp")]
    pub url: String,
}

impl MediaItem {
    pub fn new(kind: MediaKind, model: Model) -> Self {
        let folder = kind.folder();
        let variants = model
            .variants
            .split(',')
            .filter_map(|width| width.trim().parse::<u32>().ok())
            .map(|width| MediaVariant { width, url: uploads::url(folder, &uploads::variant_name(&model.image, width)) })
            .collect();
        Self {
            id: model.id,
            url: uploads::url(folder, &model.image),
            image: model.image,
            content_type: model.content_type,
            width: model.width.and_then(|w| u32::try_from(w).ok()),
            height: model.height.and_then(|h| u32::try_from(h).ok()),
            bytes: u64::try_from(model.bytes).unwrap_or_default(),
            description: model.description,
            year: model.year,
            month: u32::try_from(model.month).unwrap_or_default(),
            created_at: model.created_at,
            variants,
        }
    }
}
