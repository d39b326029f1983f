//! The routes of every booking kind, written and documented once on template paths
//! (`/kind`, `/kind/{id}`, ...) and placed at each kind's paths from its facts
//! ([`BookingKind::facts`]); each handler is handed its kind as an `Extension`.
use axum::{
    Extension, Json,
    extract::State,
    http::{HeaderMap, StatusCode},
    response::Response,
};
use sea_orm::DatabaseConnection;
use utoipa_axum::{
    router::{OpenApiRouter, UtoipaMethodRouter},
    routes,
};

use super::{
    capacity, check,
    entity::Model as Booking,
    kinds::{BookingForm, BookingKind},
    list::{BookingFilter, BookingList, BookingRow, KindView},
    requests::{MarkandeyaBookingInput, PujaBookingInput, RoomBookingInput},
    store,
};
use crate::{
    admin_list::{self, ListFilter, ListQuery, at_spec_export_paths, place, sort_fields, with_sort_fields},
    api_doc::tagged,
    auth::AdminUser,
    error::{Result, responses},
    extract::{Path, Query},
    state::AppState,
    validation::Valid,
};

/// A create handler per booking form: the same operation, each with its form's body.
macro_rules! create_handler {
    ($name:ident, $input:ident) => {
        /// Book (public). Answers the PDF confirmation; its reference is in `X-Booking-Reference`.
        #[utoipa::path(post, path = "/kind", operation_id = "create", request_body = $input, responses(
            (status = 200, description = "The PDF confirmation (attachment {file})", content_type = "application/pdf", body = Vec<u8>,
                headers(
                    ("x-booking-reference" = String, description = "The booking's reference, e.g. ALN-2026-00042"),
                    ("x-booking-code" = String, description = "The secret code of the public check page"),
                )),
            (status = 409, description = "The date is full or closed", body = crate::error::ErrorBody),
            responses::BodyErrors, responses::ServerErrors,
        ))]
        async fn $name(
            State(state): State<AppState>,
            Extension(kind): Extension<BookingKind>,
            headers: HeaderMap,
            Valid(input): Valid<$input>,
        ) -> Result<Response> {
            store::book(&state, &headers, kind, input.into_new()?).await
        }
    };
}

create_handler!(create_room, RoomBookingInput);
create_handler!(create_markandeya, MarkandeyaBookingInput);
create_handler!(create_puja, PujaBookingInput);

/// The bookings, filtered, sorted and paged (administrator).
#[utoipa::path(get, path = "/kind", operation_id = "list", security(("bearer" = [])),
    params(ListQuery, BookingFilter),
    responses(
        (status = 200, description = "One page of the list", body = Vec<BookingRow>,
            headers(("x-total-count" = u64, description = "Rows in the whole filtered list"))),
        (status = 400, description = "Unknown sort field, bad paging or filter", body = crate::error::ErrorBody),
        responses::AdminErrors, responses::ServerErrors,
    ))]
async fn list(
    _admin: AdminUser,
    Extension(kind): Extension<BookingKind>,
    State(db): State<DatabaseConnection>,
    Query(query): Query<ListQuery>,
    Query(filter): Query<BookingFilter>,
) -> Result<Response> {
    let (rows, total) = admin_list::page_as::<BookingList>(&db, &query, filter.condition()?, &KindView(kind)).await?;
    Ok(admin_list::with_total(total, rows))
}

/// Delete one booking (administrator).
#[utoipa::path(delete, path = "/kind/{id}", operation_id = "delete", security(("bearer" = [])),
    params(("id" = i32, Path, description = "Booking id")),
    responses(
        (status = 204, description = "Deleted"),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
async fn delete(
    admin: AdminUser,
    Extension(kind): Extension<BookingKind>,
    State(state): State<AppState>,
    Path(id): Path<i32>,
) -> Result<StatusCode> {
    store::delete(&state, &admin, kind, id).await
}

/// Cancel one booking (administrator); answers the row.
#[utoipa::path(post, path = "/kind/{id}/cancel", operation_id = "cancel", security(("bearer" = [])),
    params(("id" = i32, Path, description = "Booking id")),
    responses(
        (status = 200, description = "Cancelled", body = BookingRow),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
async fn cancel(
    admin: AdminUser,
    Extension(kind): Extension<BookingKind>,
    State(state): State<AppState>,
    Path(id): Path<i32>,
) -> Result<Json<Booking>> {
    store::cancel(&state, &admin, kind, id).await
}

crate::admin_list_export_routes!(list = BookingList, filter = BookingFilter, view = KindView);

/// The booking routes of every kind, the check page and the capacity.
pub fn router() -> OpenApiRouter<AppState> {
    let mut router = tagged(tags()).routes(routes!(check::verify)).merge(capacity::router());
    for kind in BookingKind::ALL {
        router = router.merge(kind_router(kind));
    }
    router
}

/// One kind's routes at `/api/{stem}...`, from its facts.
fn kind_router(kind: BookingKind) -> OpenApiRouter<AppState> {
    let facts = kind.facts();
    let base = format!("/api/{}", facts.stem);
    let at = |routes| place(routes, &base, facts.stem, facts.role, kind);
    let create = match facts.form {
        BookingForm::Room => routes!(create_room, list),
        BookingForm::Markandeya => routes!(create_markandeya, list),
        BookingForm::Puja => routes!(create_puja, list),
    };
    let mut router = OpenApiRouter::new()
        .routes(naming_file(at(create), facts.confirmation_file))
        .routes(at(routes!(delete)))
        .routes(at(routes!(cancel)));
    for routes in export_routes() {
        router = router.routes(place(routes, &base, facts.stem, facts.role, KindView(kind)));
    }
    if let Some(tag) = facts.spec_files_tag {
        // The specification's own export paths, `/api/{stem}/excel` and `/pdf`: the same files.
        for routes in export_routes() {
            router = router.routes(at_spec_export_paths(place(routes, &base, tag, facts.role, KindView(kind))));
        }
    }
    with_sort_fields(router, &sort_fields::<BookingList>())
}

/// The confirmation's file name in the create operation's description.
fn naming_file(
    (schemas, mut paths, method_router): UtoipaMethodRouter<AppState>,
    file: &str,
) -> UtoipaMethodRouter<AppState> {
    for item in paths.paths.values_mut() {
        for response in item.post.iter_mut().flat_map(|op| op.responses.responses.values_mut()) {
            if let utoipa::openapi::RefOr::T(response) = response {
                response.description = response.description.replace("{file}", file);
            }
        }
    }
    (schemas, paths, method_router)
}

/// Each kind's OpenAPI tags (name, description).
fn tags() -> Vec<(String, String)> {
    let mut tags = Vec::new();
    for facts in BookingKind::ALL.map(BookingKind::facts) {
        tags.push((facts.stem.to_owned(), facts.description.to_owned()));
    }
    for facts in BookingKind::ALL.map(BookingKind::facts) {
        if let Some(tag) = facts.spec_files_tag {
            let name = facts.description.split(' ').next().unwrap_or_default();
            tags.push((tag.to_owned(), format!("{name} exports at the specification's own paths")));
        }
    }
    tags
}
