//! The routes of every image list, written and documented once on template paths (`/kind`,
//! `/kind/{id}`, ...) and placed at each list's paths from its facts ([`MediaKind::facts`]);
//! each handler is handed its kind as an `Extension`.
use axum::{
    Extension, Json,
    extract::{RawQuery, State},
    http::{HeaderMap, StatusCode},
    response::Response,
};
use sea_orm::DatabaseConnection;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::{
    item::MediaItem,
    kinds::MediaKind,
    list::{self, GalleryFilter, KindView, MediaList},
    upload::{self, GalleryUpload, MediaUpload},
};
use crate::{
    admin_list::{self, AdminList, ExportFormat, ExportQuery, ListQuery, NoFilter, place},
    auth::AdminUser,
    error::{Result, responses},
    extract::{Multipart, Path, Query},
    state::AppState,
};

/// The list, newest first (public), filtered, sorted and paged; without query
/// parameters it is answered from memory with an `ETag` (`If-None-Match` → 304).
#[utoipa::path(get, path = "/kind", operation_id = "list",
    params(ListQuery, NoFilter),
    responses(
        (status = 200, description = "One page of the list", body = Vec<MediaItem>,
            headers(("x-total-count" = u64, description = "Rows in the whole filtered list"),
                ("etag" = String, description = "Strong tag of this content (without query parameters)"))),
        (status = 304, description = "The content of the tag in `If-None-Match` is still current",
            headers(("etag" = String, description = "The current tag"))),
        (status = 400, description = "Unknown sort field, bad paging or filter", body = crate::error::ErrorBody),
        responses::ServerErrors,
    ))]
async fn list(
    State(state): State<AppState>,
    Extension(kind): Extension<MediaKind>,
    headers: HeaderMap,
    RawQuery(raw): RawQuery,
    Query(query): Query<ListQuery>,
    Query(filter): Query<NoFilter>,
) -> Result<Response> {
    list::public_list(state, kind, headers, raw, query, &filter).await
}

/// The list, newest first (public), filtered, sorted and paged; without query
/// parameters it is answered from memory with an `ETag` (`If-None-Match` → 304).
#[utoipa::path(get, path = "/kind", operation_id = "list",
    params(ListQuery, GalleryFilter),
    responses(
        (status = 200, description = "One page of the list", body = Vec<MediaItem>,
            headers(("x-total-count" = u64, description = "Rows in the whole filtered list"),
                ("etag" = String, description = "Strong tag of this content (without query parameters)"))),
        (status = 304, description = "The content of the tag in `If-None-Match` is still current",
            headers(("etag" = String, description = "The current tag"))),
        (status = 400, description = "Unknown sort field, bad paging or filter", body = crate::error::ErrorBody),
        responses::ServerErrors,
    ))]
async fn list_by_month(
    State(state): State<AppState>,
    Extension(kind): Extension<MediaKind>,
    headers: HeaderMap,
    RawQuery(raw): RawQuery,
    Query(query): Query<ListQuery>,
    Query(filter): Query<GalleryFilter>,
) -> Result<Response> {
    list::public_list(state, kind, headers, raw, query, &filter).await
}

/// Upload one image, or several at once (administrator). All or nothing: when one
/// file is refused, none is stored.
#[utoipa::path(post, path = "/kind", operation_id = "upload",
    security(("bearer" = [])),
    // The encoding tells clients (and the fuzzer) that each image part is an image file.
    request_body(content((MediaUpload = "multipart/form-data",
        encoding(("image" = (content_type = "image/jpeg, image/png, image/webp, image/gif")))))),
    responses(
        (status = 201, description = "The images stored, in the order sent", body = Vec<MediaItem>),
        (status = 400, description = "The body is not a well-formed multipart body, or has a part the upload does not take", body = crate::error::ErrorBody),
        (status = 413, description = "The body is larger than the configured limit", body = crate::error::ErrorBody),
        (status = 415, description = "A file is not a JPEG, PNG, WebP or GIF image, or the body is not multipart", body = crate::error::ErrorBody),
        (status = 422, description = "No image, too many, or an invalid field", body = crate::error::ErrorBody),
        responses::AdminErrors, responses::ServerErrors,
    ))]
async fn upload(
    _admin: AdminUser,
    Extension(kind): Extension<MediaKind>,
    State(state): State<AppState>,
    multipart: Multipart,
) -> Result<(StatusCode, Json<Vec<MediaItem>>)> {
    upload::upload::<MediaUpload>(state, kind, multipart).await
}

/// Upload one image, or several at once (administrator). All or nothing: when one
/// file is refused, none is stored.
#[utoipa::path(post, path = "/kind", operation_id = "upload",
    security(("bearer" = [])),
    // The encoding tells clients (and the fuzzer) that each image part is an image file.
    request_body(content((GalleryUpload = "multipart/form-data",
        encoding(("image" = (content_type = "image/jpeg, image/png, image/webp, image/gif")))))),
    responses(
        (status = 201, description = "The images stored, in the order sent", body = Vec<MediaItem>),
        (status = 400, description = "The body is not a well-formed multipart body, or has a part the upload does not take", body = crate::error::ErrorBody),
        (status = 413, description = "The body is larger than the configured limit", body = crate::error::ErrorBody),
        (status = 415, description = "A file is not a JPEG, PNG, WebP or GIF image, or the body is not multipart", body = crate::error::ErrorBody),
        (status = 422, description = "No image, too many, or an invalid field", body = crate::error::ErrorBody),
        responses::AdminErrors, responses::ServerErrors,
    ))]
async fn upload_by_month(
    _admin: AdminUser,
    Extension(kind): Extension<MediaKind>,
    State(state): State<AppState>,
    multipart: Multipart,
) -> Result<(StatusCode, Json<Vec<MediaItem>>)> {
    upload::upload::<GalleryUpload>(state, kind, multipart).await
}

/// Delete one image and its files (administrator).
#[utoipa::path(delete, path = "/kind/{id}", operation_id = "delete",
    security(("bearer" = [])),
    params(("id" = i32, Path, description = "Image id")),
    responses(
        (status = 204, description = "Deleted"),
        responses::AdminErrors, responses::NotFound, responses::ServerErrors,
    ))]
async fn delete(
    _admin: AdminUser,
    Extension(kind): Extension<MediaKind>,
    State(state): State<AppState>,
    Path(id): Path<i32>,
) -> Result<StatusCode> {
    upload::delete(state, kind, id).await
}

/// The filtered list as an Excel workbook (administrator).
#[utoipa::path(get, path = "/kind/export/excel", operation_id = "export_excel", security(("bearer" = [])),
    params(ListQuery, NoFilter, ExportQuery),
    responses(
        (status = 200, description = "Excel workbook (attachment)",
            content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = Vec<u8>),
        (status = 400, description = "Unknown language or sort field, bad paging or filter", body = crate::error::ErrorBody),
        responses::AdminErrors, responses::ServerErrors,
    ))]
async fn export_excel(
    _admin: AdminUser,
    Extension(kind): Extension<MediaKind>,
    State(db): State<DatabaseConnection>,
    Query(query): Query<ListQuery>,
    Query(filter): Query<NoFilter>,
    Query(export): Query<ExportQuery>,
) -> Result<Response> {
    admin_list::export_as::<MediaList>(&db, &query, &filter, export.lang(), ExportFormat::Excel, &KindView(kind)).await
}

/// The filtered list as a PDF table (administrator).
#[utoipa::path(get, path = "/kind/export/pdf", operation_id = "export_pdf", security(("bearer" = [])),
    params(ListQuery, NoFilter, ExportQuery),
    responses(
        (status = 200, description = "PDF document (attachment)", content_type = "application/pdf", body = Vec<u8>),
        (status = 400, description = "Unknown language or sort field, bad paging or filter", body = crate::error::ErrorBody),
        responses::AdminErrors, responses::ServerErrors,
    ))]
async fn export_pdf(
    _admin: AdminUser,
    Extension(kind): Extension<MediaKind>,
    State(db): State<DatabaseConnection>,
    Query(query): Query<ListQuery>,
    Query(filter): Query<NoFilter>,
    Query(export): Query<ExportQuery>,
) -> Result<Response> {
    admin_list::export_as::<MediaList>(&db, &query, &filter, export.lang(), ExportFormat::Pdf, &KindView(kind)).await
}

/// The routes of every image list.
pub fn router() -> OpenApiRouter<AppState> {
    let tags = MediaKind::ALL.map(|kind| (kind.as_str().to_owned(), kind.facts().description.to_owned()));
    let mut router = OpenApiRouter::with_openapi(admin_list::tags(tags));
    for kind in MediaKind::ALL {
        router = router.merge(kind_router(kind));
    }
    router
}

/// One list's routes at `/api/{name}...`, from its facts.
fn kind_router(kind: MediaKind) -> OpenApiRouter<AppState> {
    let name = kind.as_str();
    let base = format!("/api/{name}");
    let at = |routes| place(routes, &base, name, kind);
    let list_and_upload = if kind.facts().by_month {
        routes!(list_by_month, upload_by_month)
    } else {
        routes!(list, upload)
    };
    OpenApiRouter::new()
        .routes(at(list_and_upload))
        .routes(at(routes!(delete)))
        .routes(at(routes!(export_excel)))
        .routes(at(routes!(export_pdf)))
}

/// Every list by OpenAPI tag, with the fields `sort` accepts.
pub fn sorted_lists() -> Vec<(&'static str, Vec<&'static str>)> {
    let fields: Vec<&'static str> = MediaList::SORTABLE.iter().map(|(field, _)| *field).collect();
    MediaKind::ALL.map(|kind| (kind.as_str(), fields.clone())).into()
}
