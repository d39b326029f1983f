//! Routes written and documented once, placed at each list's paths.
//!
//! Lists that share one implementation (every plain list, the booking kinds, the image lists)
//! differ only by data: their handlers are documented once on a template path that starts with
//! [`TEMPLATE`] (`/kind`, `/kind/{id}`, `/kind/export/pdf`), and [`place`] copies them to one
//! list's paths (`/api/contacts`, `/api/abhishek-bookings`, ...), with the list's tag, operation
//! ids and role (docs/DESIGN.md §10), and hands the handlers the list's kind (or view) as an
//! `Extension`.
use axum::Extension;
use utoipa::openapi::{Paths, RefOr, path::Operation, schema::Schema, security::SecurityRequirement};
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouter};

use super::list::{AdminList, sort_fields};
use crate::{roles::Role, state::AppState};

/// The start of every template path.
pub const TEMPLATE: &str = "/kind";

/// The routes of `routes` (documented on a [`TEMPLATE`] path) at `base` instead: tagged `tag`,
/// operation ids prefixed with `tag` (`abhishek-bookings_list`), each operation that takes an
/// administrator token open to `role`, and `kind` given to the handlers as `Extension(kind)`.
pub fn place<S, K>(routes: UtoipaMethodRouter<S>, base: &str, tag: &str, role: Role, kind: K) -> UtoipaMethodRouter<S>
where
    S: Clone + Send + Sync + 'static,
    K: Clone + Send + Sync + 'static,
{
    place_named(routes, base, tag, tag, role, kind)
}

/// [`place`], with operation ids prefixed with `operation` instead of the tag (a list that
/// offers the same operations at a second path, e.g. `families_spec_export_excel`).
pub fn place_named<S, K>(
    (schemas, paths, method_router): UtoipaMethodRouter<S>,
    base: &str,
    tag: &str,
    operation: &str,
    role: Role,
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
        for op in operations(&mut item) {
            op.tags = Some(vec![tag.to_owned()]);
            let suffix = op.operation_id.take().unwrap_or_default();
            op.operation_id = Some(format!("{operation}_{suffix}"));
            if takes_admin_token(op) {
                op.security = Some(vec![SecurityRequirement::new("bearer", [role.name()])]);
            }
        }
        placed.paths.insert(path, item);
    }
    (schemas, placed, method_router.layer(Extension(kind)))
}

/// The export routes of `routes` (placed at `…/export/excel` and `…/export/pdf`) at the
/// specification's own export paths, `…/excel` and `…/pdf`.
pub fn at_spec_export_paths<S>((schemas, mut paths, method_router): UtoipaMethodRouter<S>) -> UtoipaMethodRouter<S>
where
    S: Clone + Send + Sync + 'static,
{
    paths.paths = paths.paths.into_iter().map(|(path, item)| (path.replacen("/export/", "/", 1), item)).collect();
    (schemas, paths, method_router)
}

/// Every operation of `router` that takes `sort` states the values it accepts: empty (the
/// default order), each of `fields`, and each with `-` (descending).
pub fn with_sort_fields<S>(mut router: OpenApiRouter<S>, fields: &[&str]) -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
{
    let values: Vec<serde_json::Value> = sort_values(fields).into_iter().map(Into::into).collect();
    for item in router.get_openapi_mut().paths.paths.values_mut() {
        for op in operations(item) {
            for parameter in op.parameters.iter_mut().flatten() {
                let RefOr::T(parameter) = parameter else { continue };
                if parameter.name != "sort" {
                    continue;
                }
                if let Some(RefOr::T(Schema::Object(schema))) = parameter.schema.as_mut() {
                    schema.enum_values = Some(values.clone());
                }
            }
        }
    }
    router
}

/// The values `sort` accepts: empty (the default order), each field, and each field with `-`.
pub fn sort_values(fields: &[&str]) -> Vec<String> {
    let mut values = vec![String::new()];
    for field in fields {
        values.push((*field).to_owned());
        values.push(format!("-{field}"));
    }
    values
}

/// Whether an operation names the `bearer` scheme (an administrator token) among its security
/// requirements.
fn takes_admin_token(op: &Operation) -> bool {
    op.security.iter().flatten().any(|requirement| {
        serde_json::to_value(requirement).ok().is_some_and(|value| value.get("bearer").is_some())
    })
}

fn operations(item: &mut utoipa::openapi::PathItem) -> impl Iterator<Item = &mut Operation> {
    [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch].into_iter().filter_map(Option::as_mut)
}

/// `router` as the routes of list `K`: its tag described ([`AdminList::TAG`]), and every
/// operation that takes `sort` stating `K`'s sort fields.
pub fn declare<K: AdminList>(router: OpenApiRouter<AppState>) -> OpenApiRouter<AppState> {
    let tag = K::TAG;
    let router = if tag.name.is_empty() { router } else { crate::api_doc::tagged([tag]).merge(router) };
    with_sort_fields(router, &sort_fields::<K>())
}
