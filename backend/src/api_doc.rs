//! What a feature states about its part of the OpenAPI document besides its operations: the
//! tags its operations carry, each described once, where the feature is. A feature's router
//! starts from [`tagged`]; the document's frame (`openapi.rs`) names no feature.
use utoipa::openapi::{OpenApi, tag};
use utoipa_axum::router::OpenApiRouter;

/// An OpenAPI tag: the name a feature's operations carry and what they are about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tag {
    pub name: &'static str,
    pub description: &'static str,
}

impl Tag {
    pub const fn new(name: &'static str, description: &'static str) -> Self {
        Self { name, description }
    }
}

impl From<Tag> for (String, String) {
    fn from(tag: Tag) -> Self {
        (tag.name.to_owned(), tag.description.to_owned())
    }
}

/// An empty router whose document describes `tags` (name, description), in this order. The
/// document lists tags in the order the routers are merged.
pub fn tagged<S>(tags: impl IntoIterator<Item = impl Into<(String, String)>>) -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
{
    let mut doc = OpenApi::default();
    doc.tags = Some(
        tags.into_iter()
            .map(|named| {
                let (name, description) = named.into();
                let mut tag = tag::Tag::new(name);
                tag.description = Some(description);
                tag
            })
            .collect(),
    );
    OpenApiRouter::with_openapi(doc)
}
