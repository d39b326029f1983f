//! Routes written and documented once, placed at each kind's paths.
//!
//! Kinds that share one implementation (the booking kinds, the image lists) differ only by
//! data: their handlers are documented once on a template path that starts with [`TEMPLATE`]
//! (`/kind`, `/kind/{id}`, `/kind/export/pdf`), and [`place`] copies them to one kind's paths
//! (`/api/abhishek-bookings`, ...), with the kind's tag and operation ids, and hands the
//! handlers the kind as an `Extension`.
use axum::Extension;
use utoipa::openapi::{Paths, path::Operation};
use utoipa_axum::router::UtoipaMethodRouter;

/// The start of every template path.
pub const TEMPLATE: &str = "/kind";

/// The routes of `routes` (documented on a [`TEMPLATE`] path) at `base` instead: tagged `tag`,
/// operation ids prefixed with `tag` (`abhishek-bookings_list`), and `kind` given to the
/// handlers as `Extension(kind)`.
pub fn place<S, K>(
    (schemas, paths, method_router): UtoipaMethodRouter<S>,
    base: &str,
    tag: &str,
    kind: K,
) -> UtoipaMethodRouter<S>
where
    S: Clone + Send + Sync + 'static,
    K: Clone + Send + Sync + 'static,
{
    let mut placed = Paths::new();
    for (path, mut item) in paths.paths {
        let path = match path.strip_prefix(TEMPLATE) {
            Some(rest) => format!("{base}{rest}"),
            None => path,
        };
        for operation_of in [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch] {
            if let Some(op) = operation_of.as_mut() {
                retag(op, tag);
            }
        }
        placed.paths.insert(path, item);
    }
    (schemas, placed, method_router.layer(Extension(kind)))
}

fn retag(op: &mut Operation, tag: &str) {
    op.tags = Some(vec![tag.to_owned()]);
    let suffix = op.operation_id.take().unwrap_or_default();
    op.operation_id = Some(format!("{tag}_{suffix}"));
}

/// A document that holds only the kinds' tags (name, description), for the kinds' router to
/// start from, so that each kind's tag is described where its facts are.
pub fn tags(tags: impl IntoIterator<Item = (String, String)>) -> utoipa::openapi::OpenApi {
    let mut doc = utoipa::openapi::OpenApi::default();
    doc.tags = Some(
        tags.into_iter()
            .map(|(name, description)| {
                let mut tag = utoipa::openapi::tag::Tag::new(name);
                tag.description = Some(description);
                tag
            })
            .collect(),
    );
    doc
}
