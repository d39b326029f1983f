//! The routes of every image list, written and documented once on template paths (`/kind`,
//! `/kind/{id}`, ...) and placed at each list's paths from its facts ([`MediaKind::facts`]);
//! each handler is handed its kind as an `Extension`.
use axum::{
    Extension, Json,
    extract::{RawQuery, State},
    http::{HeaderMap, StatusCode},
    response::Response,
};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    item::MediaItem,
    kinds::MediaKind,
    list::{self, GalleryFilter, KindView, MediaList},
    upload::{self, GalleryUpload, MediaEdit, MediaMove, MediaUpload},
};
use crate::{
    admin_list::{ListQuery, NoFilter, place, sort_fields, with_sort_fields},
    api_doc::tagged,
    auth::AdminUser,
    error::{Result, responses},
    extract::{Multipart, Path, Query},
    validation::Valid,
    roles::Role,
    state::AppState,
};

/// The public list and the upload of the lists whose list takes `$filter` and whose upload
/// takes `$body`: the gallery's (by month), and every other's.
macro_rules! list_and_upload {
    ($list:ident, $upload:ident, filter = $filter:ident, body = $body:ident) => {
        /// The list, newest first (public), filtered, sorted and paged; without query
        /// parameters it is answered from memory with an `ETag` (`If-None-Match` → 304).
        #[utoipa::path(get, path = "/kind", operation_id = "list",
            params(ListQuery, $filter),
            responses(
                (status = 200, description = "One page of the list", body = Vec<MediaItem>,
                    headers(("x-total-count" = u64, description = "Rows in the whole filtered list"),
                        ("etag" = String, description = "Strong tag of this content (without query parameters)"))),
                (status = 304, description = "The content of the tag in `If-None-Match` is still current",
                    headers(("etag" = String, description = "The current tag"))),
                (status = 400, description = "Unknown sort field, bad paging or filter", body = crate::error::ErrorBody),
                responses::ServerErrors,
            ))]
        async fn $list(
            State(state): State<AppState>,
            Extension(kind): Extension<MediaKind>,
            headers: HeaderMap,
            RawQuery(raw): RawQuery,
            Query(query): Query<ListQuery>,
            Query(filter): Query<$filter>,
        ) -> Result<Response> {
            list::public_list(state, kind, headers, raw, query, &filter).await
        }

        /// Upload one image, or several at once (administrator). All or nothing: when one
        /// file is refused, none is stored.
        #[utoipa::path(post, path = "/kind", operation_id = "upload",
            security(("bearer" = [])),
            // The encoding tells clients (and the fuzzer) that each image part is an image file.
            request_body(content(($body = "multipart/form-data",
                encoding(("image" = (content_type = "image/jpeg, image/png, image/webp, image/gif")))))),
            responses(
                (status = 201, description = "The images stored, in the order sent", body = Vec<MediaItem>),
                (status = 400, description = "The body is not a well-formed multipart body, or has a part the upload does not take", body = crate::error::ErrorBody),
                (status = 413, description = "The body is larger than the configured limit", body = crate::error::ErrorBody),
                (status = 415, description = "A file is not a JPEG, PNG, WebP or GIF image, or the body is not multipart", body = crate::error::ErrorBody),
                (status = 422, description = "No image, too many, or an invalid field", body = crate::error::ErrorBody),
                responses::AdminErrors, responses::ServerErrors,
            ))]
        async fn $upload(
            admin: AdminUser,
            Extension(kind): Extension<MediaKind>,
            State(state): State<AppState>,
            multipart: Multipart,
        ) -> Result<(StatusCode, Json<Vec<MediaItem>>)> {
            upload::upload::<$body>(state, &admin, kind, multipart).await
        }
    };
}

list_and_upload!(list, upload, filter = NoFilter, body = MediaUpload);
list_and_upload!(list_by_month, upload_by_month, filter = GalleryFilter, body = GalleryUpload);

/// Delete one image and its files (administrator).
#[utoipa::path(delete, path = "/kind/{id}", operation_id = "delete",
    security(("bearer" = [])),
    params(("id" = i32, Path, description = "Image id")),
    responses(
        (status = 204, description = "Deleted"),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
async fn delete(
    admin: AdminUser,
    Extension(kind): Extension<MediaKind>,
    State(state): State<AppState>,
    Path(id): Path<i32>,
) -> Result<StatusCode> {
    upload::delete(state, &admin, kind, id).await
}

/// Correct an image's description and, in the gallery, the month it belongs to (administrator).
#[utoipa::path(put, path = "/kind/{id}", operation_id = "edit",
    security(("bearer" = [])),
    params(("id" = i32, Path, description = "Image id")),
    request_body = MediaEdit,
    responses(
        (status = 200, description = "The image as changed", body = MediaItem),
        responses::AdminErrors, responses::NotFound, responses::BodyErrors, responses::ServerErrors,
    ))]
async fn edit(
    admin: AdminUser,
    Extension(kind): Extension<MediaKind>,
    State(state): State<AppState>,
    Path(id): Path<i32>,
    Valid(input): Valid<MediaEdit>,
) -> Result<Json<MediaItem>> {
    Ok(Json(upload::edit(state, &admin, kind, id, input).await?))
}

/// Move an image one place up or down in its list (administrator; the gallery's within its month).
#[utoipa::path(post, path = "/kind/{id}/move", operation_id = "move",
    security(("bearer" = [])),
    params(("id" = i32, Path, description = "Image id")),
    request_body = MediaMove,
    responses(
        (status = 204, description = "Moved, or already at that end"),
        responses::AdminErrors, responses::NotFound, responses::BodyErrors, responses::ServerErrors,
    ))]
async fn move_image(
    admin: AdminUser,
    Extension(kind): Extension<MediaKind>,
    State(state): State<AppState>,
    Path(id): Path<i32>,
    Valid(input): Valid<MediaMove>,
) -> Result<StatusCode> {
    upload::move_item(state, &admin, kind, id, input.direction).await
}

crate::admin_list_export_routes!(list = MediaList, filter = NoFilter, view = KindView);

/// The routes of every image list.
pub fn router() -> OpenApiRouter<AppState> {
    let tags = MediaKind::ALL.map(|kind| (kind.as_str().to_owned(), kind.facts().description.to_owned()));
    let mut router = tagged(tags);
    for kind in MediaKind::ALL {
        router = router.merge(kind_router(kind));
    }
    with_sort_fields(router, &sort_fields::<MediaList>())
}

/// One list's routes at `/api/{name}...`, from its facts.
fn kind_router(kind: MediaKind) -> OpenApiRouter<AppState> {
    let name = kind.as_str();
    let base = format!("/api/{name}");
    let at = |routes| place(routes, &base, name, Role::Content, kind);
    let list_and_upload = if kind.facts().by_month {
        routes!(list_by_month, upload_by_month)
    } else {
        routes!(list, upload)
    };
    let mut router = OpenApiRouter::new()
        .routes(at(list_and_upload))
        .routes(at(routes!(delete, edit)))
        .routes(at(routes!(move_image)));
    for routes in export_routes() {
        router = router.routes(place(routes, &base, name, Role::Content, KindView(kind)));
    }
    router
}
