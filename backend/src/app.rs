//! Assembles the application: state, routes of every feature, the OpenAPI document and the
//! layers around them.
use std::sync::Arc;

use axum::{Router, extract::DefaultBodyLimit, http::{HeaderName, HeaderValue, Method, header}};
use tower_http::{
    catch_panic::CatchPanicLayer,
    compression::{CompressionLayer, Predicate, predicate::{NotForContentType, SizeAbove}},
    cors::CorsLayer,
    trace::TraceLayer,
};
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_swagger_ui::SwaggerUi;

use crate::{
    auth::{self, throttle::LoginThrottle, token::TokenKeys},
    config::Config,
    contacts, db, notifications,
    openapi::ApiDoc,
    public_cache::{self, PublicCache},
    realtime::{self, Hub},
    state::AppState,
    subscribers, web,
};

/// Connects to the database, applies pending migrations and builds the state.
pub async fn build_state(config: Config) -> anyhow::Result<AppState> {
    let db = db::connect(&config).await?;
    db::migrate(&db).await?;
    let secret = config.load_or_create_jwt_secret()?;
    let public_cache = PublicCache::default();
    let hub = Hub::connect(&db, public_cache.clone()).await?;
    Ok(AppState {
        tokens: Arc::new(TokenKeys::new(&secret, config.token_ttl)),
        throttle: Arc::new(LoginThrottle::default()),
        config: Arc::new(config),
        hub,
        public_cache,
        db,
    })
}

/// Every documented route of the API.
pub fn api_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .nest("/api/admin", auth::router())
        .merge(notifications::router())
        .merge(contacts::router())
        .merge(subscribers::router())
}

/// The OpenAPI document, as served and as committed in `openapi.json`.
pub fn openapi() -> utoipa::openapi::OpenApi {
    api_routes().split_for_parts().1
}

pub fn router(state: AppState) -> Router {
    let (api, openapi) = api_routes().split_for_parts();
    let app = Router::new()
        .merge(api)
        .merge(realtime::router())
        .merge(SwaggerUi::new("/swagger-ui").url("/api-docs/openapi.json", openapi))
        .layer(DefaultBodyLimit::max(state.config.max_upload_bytes))
        .with_state(state.clone())
        .fallback_service(web::client(&state.config.static_dir));
    let mut app = Layers::apply_first(app, Layers::NAMES.len(), &state.public_cache);
    if let Some(origin) = &state.config.cors_origin {
        match origin.parse::<HeaderValue>() {
            Ok(origin) => {
                app = app.layer(
                    CorsLayer::new()
                        .allow_origin(origin)
                        .allow_methods([Method::GET, Method::POST, Method::PUT, Method::DELETE])
                        .allow_headers([header::AUTHORIZATION, header::CONTENT_TYPE])
                        .expose_headers([header::CONTENT_DISPOSITION, HeaderName::from_static("x-total-count")]),
                )
            }
            Err(_) => tracing::warn!(origin, "SAMITI_CORS_ORIGIN is not a valid origin; CORS stays off"),
        }
    }
    app
}

/// The layers around every request, innermost first. They run on every request, public list
/// reads served from memory included, so each is kept cheap (`examples/middleware_cost.rs`
/// measures them one by one).
pub struct Layers;

impl Layers {
    pub const NAMES: &[&str] =
        &["json_errors", "catch_panic", "security_headers", "compression", "trace", "public_snapshots"];

    /// `app` wrapped in the first `count` layers of [`Self::NAMES`].
    pub fn apply_first(mut app: Router, count: usize, public_cache: &PublicCache) -> Router {
        for layer in &Self::NAMES[..count.min(Self::NAMES.len())] {
            app = match *layer {
                "json_errors" => app.layer(axum::middleware::from_fn(web::json_errors)),
                "catch_panic" => app.layer(CatchPanicLayer::custom(web::panic_response)),
                "security_headers" => app.layer(axum::middleware::from_fn(web::security_headers)),
                // Compressing a few hundred bytes costs more than sending them.
                "compression" => app.layer(CompressionLayer::new().compress_when(
                    SizeAbove::new(1024)
                        .and(NotForContentType::GRPC)
                        .and(NotForContentType::IMAGES)
                        .and(NotForContentType::SSE),
                )),
                // Its spans and events are at DEBUG: only worth their cost when someone reads them.
                "trace" if tracing::enabled!(target: "tower_http::trace", tracing::Level::DEBUG) => {
                    app.layer(TraceLayer::new_for_http())
                }
                "trace" => app,
                _ => app.layer(public_cache::FastPathLayer {
                    cache: public_cache.clone(),
                    headers: web::insert_security_headers,
                }),
            };
        }
        app
    }
}

/// Serves until SIGTERM or Ctrl-C, then finishes the requests in flight.
pub async fn serve(config: Config) -> anyhow::Result<()> {
    let bind = config.bind;
    let state = build_state(config).await?;
    let listener = tokio::net::TcpListener::bind(bind).await?;
    tracing::info!("listening on http://{}", listener.local_addr()?);
    axum::serve(
        listener,
        router(state).into_make_service_with_connect_info::<std::net::SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown_signal())
    .await?;
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! { _ = ctrl_c => {}, _ = terminate => {} }
    tracing::info!("shutting down");
}
