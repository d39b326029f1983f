//! `admin_list_routes!` writes the four administrator routes of a list (list, delete, Excel
//! and PDF export) for one `AdminList` kind, each documented in the OpenAPI document. The
//! routes only differ by their paths and types, so they are written once here.

/// Usage, inside a feature module:
/// `admin_list_routes!(kind = ContactList, item = Contact, tag = "contacts",
///     list = "/api/contacts", by_id = "/api/contacts/{id}",
///     excel = "/api/contacts/export/excel", pdf = "/api/contacts/export/pdf");`
/// It defines `admin_router()`. `on_delete` optionally names an async fn run after a delete.
#[macro_export]
macro_rules! admin_list_routes {
    (kind = $kind:ty, item = $item:ty, tag = $tag:tt,
     list = $list:tt, by_id = $by_id:tt, excel = $excel:tt, pdf = $pdf:tt
     $(, on_delete = $on_delete:path)?) => {
        /// The list, filtered, sorted and paged (administrator).
        #[utoipa::path(get, path = $list, tag = $tag, operation_id = concat!($tag, "_list"), security(("bearer" = [])),
            params($crate::admin_list::ListQuery),
            responses(
                (status = 200, description = "One page of the list", body = Vec<$item>,
                    headers(("x-total-count" = u64, description = "Rows in the whole filtered list"))),
                (status = 400, description = "Unknown sort field or bad paging", body = $crate::error::ErrorBody),
                $crate::error::responses::AdminErrors, $crate::error::responses::ServerErrors,
            ))]
        async fn admin_list(
            _admin: $crate::auth::AdminUser,
            axum::extract::State(db): axum::extract::State<sea_orm::DatabaseConnection>,
            query: Result<axum::extract::Query<$crate::admin_list::ListQuery>, axum::extract::rejection::QueryRejection>,
        ) -> $crate::error::Result<axum::response::Response> {
            let axum::extract::Query(query) = query?;
            $crate::admin_list::list::<$kind>(&db, &query).await
        }

        /// Delete one row (administrator).
        #[utoipa::path(delete, path = $by_id, tag = $tag, operation_id = concat!($tag, "_delete"), security(("bearer" = [])),
            params(("id" = i32, Path, description = "Row id")),
            responses(
                (status = 204, description = "Deleted"),
                $crate::error::responses::AdminErrors, $crate::error::responses::NotFound,
                $crate::error::responses::ServerErrors,
            ))]
        async fn admin_delete(
            _admin: $crate::auth::AdminUser,
            axum::extract::State(state): axum::extract::State<$crate::state::AppState>,
            id: Result<axum::extract::Path<i32>, axum::extract::rejection::PathRejection>,
        ) -> $crate::error::Result<axum::http::StatusCode> {
            let axum::extract::Path(id) = id?;
            #[allow(unused_variables)]
            let deleted = $crate::admin_list::delete::<$kind>(&state.db, id).await?;
            $( $on_delete(&state, &deleted).await?; )?
            Ok(axum::http::StatusCode::NO_CONTENT)
        }

        $crate::admin_list_export_routes!(kind = $kind, tag = $tag, excel = $excel, pdf = $pdf);

        /// The list's administrator routes.
        pub fn admin_router() -> utoipa_axum::router::OpenApiRouter<$crate::state::AppState> {
            utoipa_axum::router::OpenApiRouter::new()
                .routes(utoipa_axum::routes!(admin_list))
                .routes(utoipa_axum::routes!(admin_delete))
                .merge(export_router())
        }
    };
}

/// The two export routes alone (Excel and PDF), for a list whose `GET` path is its own
/// (a public list). Defines `export_router()`. Both take the list's query and filter, and
/// `lang` (`en` or `mr`) for the language the file is written in.
#[macro_export]
macro_rules! admin_list_export_routes {
    (kind = $kind:ty, tag = $tag:tt, excel = $excel:tt, pdf = $pdf:tt) => {
        $crate::admin_list_export_routes!(kind = $kind, filter = $crate::admin_list::NoFilter, tag = $tag, excel = $excel, pdf = $pdf);
    };
    (kind = $kind:ty, filter = $filter:ty, tag = $tag:tt, excel = $excel:tt, pdf = $pdf:tt) => {
        $crate::admin_list_export_routes!(kind = $kind, filter = $filter, tag = $tag, operation = $tag, excel = $excel, pdf = $pdf);
    };
    // `operation` prefixes the operation ids when a list offers its exports at two paths.
    (kind = $kind:ty, filter = $filter:ty, tag = $tag:tt, operation = $operation:tt, excel = $excel:tt, pdf = $pdf:tt) => {
        /// The filtered list as an Excel workbook (administrator).
        #[utoipa::path(get, path = $excel, tag = $tag, operation_id = concat!($operation, "_export_excel"), security(("bearer" = [])),
            params($crate::admin_list::ListQuery, $filter, $crate::admin_list::ExportQuery),
            responses(
                (status = 200, description = "Excel workbook (attachment)",
                    content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", body = Vec<u8>),
                (status = 400, description = "Unknown language or sort field, bad paging or filter", body = $crate::error::ErrorBody),
                $crate::error::responses::AdminErrors, $crate::error::responses::ServerErrors,
            ))]
        async fn admin_export_excel(
            _admin: $crate::auth::AdminUser,
            axum::extract::State(db): axum::extract::State<sea_orm::DatabaseConnection>,
            query: Result<axum::extract::Query<$crate::admin_list::ListQuery>, axum::extract::rejection::QueryRejection>,
            filter: Result<axum::extract::Query<$filter>, axum::extract::rejection::QueryRejection>,
            export: Result<axum::extract::Query<$crate::admin_list::ExportQuery>, axum::extract::rejection::QueryRejection>,
        ) -> $crate::error::Result<axum::response::Response> {
            let axum::extract::Query(query) = query?;
            let axum::extract::Query(filter) = filter?;
            let axum::extract::Query(export) = export?;
            $crate::admin_list::export::<$kind>(&db, &query, &filter, export.lang(), $crate::admin_list::ExportFormat::Excel).await
        }

        /// The filtered list as a PDF table (administrator).
        #[utoipa::path(get, path = $pdf, tag = $tag, operation_id = concat!($operation, "_export_pdf"), security(("bearer" = [])),
            params($crate::admin_list::ListQuery, $filter, $crate::admin_list::ExportQuery),
            responses(
                (status = 200, description = "PDF document (attachment)", content_type = "application/pdf", body = Vec<u8>),
                (status = 400, description = "Unknown language or sort field, bad paging or filter", body = $crate::error::ErrorBody),
                $crate::error::responses::AdminErrors, $crate::error::responses::ServerErrors,
            ))]
        async fn admin_export_pdf(
            _admin: $crate::auth::AdminUser,
            axum::extract::State(db): axum::extract::State<sea_orm::DatabaseConnection>,
            query: Result<axum::extract::Query<$crate::admin_list::ListQuery>, axum::extract::rejection::QueryRejection>,
            filter: Result<axum::extract::Query<$filter>, axum::extract::rejection::QueryRejection>,
            export: Result<axum::extract::Query<$crate::admin_list::ExportQuery>, axum::extract::rejection::QueryRejection>,
        ) -> $crate::error::Result<axum::response::Response> {
            let axum::extract::Query(query) = query?;
            let axum::extract::Query(filter) = filter?;
            let axum::extract::Query(export) = export?;
            $crate::admin_list::export::<$kind>(&db, &query, &filter, export.lang(), $crate::admin_list::ExportFormat::Pdf).await
        }

        /// The list's export routes.
        pub fn export_router() -> utoipa_axum::router::OpenApiRouter<$crate::state::AppState> {
            utoipa_axum::router::OpenApiRouter::new()
                .routes(utoipa_axum::routes!(admin_export_excel))
                .routes(utoipa_axum::routes!(admin_export_pdf))
        }
    };
}
