//! The routes every administrator list shares, written and documented once, on template paths
//! (`/kind`, `/kind/{id}`, `/kind/export/excel`, `/kind/export/pdf`) that [`place`](super::place)
//! puts at one list's paths:
//!
//! - `admin_list_routes!` writes a plain list's four routes (list, delete, Excel and PDF
//!   export) and `admin_router()`, which places them at the list's `AdminList::PATH` with its
//!   tag, described and with its sort fields (`declare`);
//! - `admin_list_export_routes!` writes the two exports alone and `export_routes()`, for a list
//!   whose other routes are its own (the profiles) and for the kinds of a shared table (booking
//!   kinds, image lists), which place them with each kind's view.

/// Usage, inside a feature module: `admin_list_routes!(kind = ContactList, item = Contact);`.
/// `on_delete` optionally names an async fn run after a delete.
#[macro_export]
macro_rules! admin_list_routes {
    (kind = $kind:ty, item = $item:ty $(, on_delete = $on_delete:path)?) => {
        $crate::admin_list_routes!(kind = $kind, item = $item, filter = $crate::admin_list::NoFilter $(, on_delete = $on_delete)?);
    };
    (kind = $kind:ty, item = $item:ty, filter = $filter:ty $(, on_delete = $on_delete:path)?) => {
        /// The list, filtered, sorted and paged (administrator).
        #[utoipa::path(get, path = "/kind", operation_id = "list", security(("bearer" = [])),
            params($crate::admin_list::ListQuery, $filter),
            responses(
                (status = 200, description = "One page of the list", body = Vec<$item>,
                    headers(("x-total-count" = u64, description = "Rows in the whole filtered list"))),
                (status = 400, description = "Unknown sort field or bad paging", body = $crate::error::ErrorBody),
                $crate::error::responses::AdminErrors, $crate::error::responses::ServerErrors,
            ))]
        async fn admin_list(
            _admin: $crate::auth::AdminUser,
            axum::extract::State(db): axum::extract::State<sea_orm::DatabaseConnection>,
            $crate::extract::Query(query): $crate::extract::Query<$crate::admin_list::ListQuery>,
            $crate::extract::Query(filter): $crate::extract::Query<$filter>,
        ) -> $crate::error::Result<axum::response::Response> {
            use $crate::admin_list::ListFilter as _;
            let (rows, total) = $crate::admin_list::page::<$kind>(&db, &query, filter.condition()?).await?;
            Ok($crate::admin_list::with_total(total, rows))
        }

        /// Delete one row (administrator).
        #[utoipa::path(delete, path = "/kind/{id}", operation_id = "delete", security(("bearer" = [])),
            params(("id" = i32, Path, description = "Row id")),
            responses(
                (status = 204, description = "Deleted"),
                $crate::error::responses::AdminErrors, $crate::error::responses::NotFound,
                $crate::error::responses::ServerErrors,
            ))]
        async fn admin_delete(
            admin: $crate::auth::AdminUser,
            axum::extract::State(state): axum::extract::State<$crate::state::AppState>,
            $crate::extract::Path(id): $crate::extract::Path<i32>,
        ) -> $crate::error::Result<axum::http::StatusCode> {
            #[allow(unused_variables)]
            let deleted = $crate::admin_list::delete_recorded::<$kind>(&state.db, &admin.actor(), &admin.section, id).await?;
            $( $on_delete(&state, &deleted).await?; )?
            Ok(axum::http::StatusCode::NO_CONTENT)
        }

        $crate::admin_list_export_routes!(list = $kind, filter = $filter,
            view = $crate::admin_list::ListView<$kind>);

        /// The list's administrator routes at its path, under its tag.
        pub fn admin_router() -> utoipa_axum::router::OpenApiRouter<$crate::state::AppState> {
            use $crate::admin_list::AdminList as _;
            let at = |routes| {
                $crate::admin_list::place(routes, <$kind>::PATH, <$kind>::TAG.name, <$kind>::ROLE,
                    $crate::admin_list::ListView::<$kind>::default())
            };
            let mut router = utoipa_axum::router::OpenApiRouter::new()
                .routes(at(utoipa_axum::routes!(admin_list)))
                .routes(at(utoipa_axum::routes!(admin_delete)));
            for routes in export_routes() {
                router = router.routes(at(routes));
            }
            $crate::admin_list::declare::<$kind>(router)
        }
    };
}

/// The Excel and PDF exports of a list (`list`, an `AdminList`), each taking the list's query,
/// its `filter` and `lang`, and reading the list's `view` (a `View` of `list`) from an
/// `Extension`: placed with [`place`](super::place) and the view. Defines `export_routes()`.
#[macro_export]
macro_rules! admin_list_export_routes {
    (list = $list:ty, filter = $filter:ty, view = $view:ty) => {
        $crate::admin_list_export_routes!(@export export_excel, Excel, "/kind/export/excel",
            "The filtered list as an Excel workbook (administrator).", "Excel workbook (attachment)",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", $list, $filter, $view);
        $crate::admin_list_export_routes!(@export export_pdf, Pdf, "/kind/export/pdf",
            "The filtered list as a PDF table (administrator).", "PDF document (attachment)",
            "application/pdf", $list, $filter, $view);

        /// The two export routes, on their template paths (`/kind/export/excel`, `/pdf`).
        fn export_routes() -> [utoipa_axum::router::UtoipaMethodRouter<$crate::state::AppState>; 2] {
            [utoipa_axum::routes!(export_excel), utoipa_axum::routes!(export_pdf)]
        }
    };
    (@export $name:ident, $format:ident, $path:tt, $summary:tt, $description:tt, $content_type:tt,
        $list:ty, $filter:ty, $view:ty) => {
        #[doc = $summary]
        #[utoipa::path(get, path = $path, security(("bearer" = [])),
            params($crate::admin_list::ListQuery, $filter, $crate::admin_list::ExportQuery),
            responses(
                (status = 200, description = $description, content_type = $content_type, body = Vec<u8>),
                (status = 400, description = "Unknown language or sort field, bad paging or filter", body = $crate::error::ErrorBody),
                $crate::error::responses::AdminErrors, $crate::error::responses::ServerErrors,
            ))]
        async fn $name(
            admin: $crate::auth::AdminUser,
            axum::Extension(view): axum::Extension<$view>,
            axum::extract::State(db): axum::extract::State<sea_orm::DatabaseConnection>,
            axum::extract::State(letterhead): axum::extract::State<$crate::documents::Letterhead>,
            $crate::extract::Query(query): $crate::extract::Query<$crate::admin_list::ListQuery>,
            $crate::extract::Query(filter): $crate::extract::Query<$filter>,
            $crate::extract::Query(export): $crate::extract::Query<$crate::admin_list::ExportQuery>,
        ) -> $crate::error::Result<axum::response::Response> {
            let format = $crate::admin_list::ExportFormat::$format;
            let file = $crate::admin_list::export_as::<$list>(&db, &query, &filter, export.lang(), format, &view, &letterhead).await?;
            // Who downloaded which list (docs/DESIGN.md §11).
            use $crate::admin_list::View as _;
            $crate::admin_list::record_export(&db, &admin.actor(), &admin.section, view.file_stem(), format, &query, &filter).await?;
            Ok(file)
        }
    };
}
