//! Assembles the application: state, routes of every feature, the OpenAPI document and the
//! layers around them.
use std::sync::Arc;

use axum::{Router, extract::DefaultBodyLimit, http::{HeaderName, HeaderValue, Method, header}};
use tower_http::{
    catch_panic::CatchPanicLayer,
    compression::{CompressionLayer, Predicate, predicate::{NotForContentType, SizeAbove}},
    cors::CorsLayer,
    timeout::RequestBodyTimeoutLayer,
    trace::TraceLayer,
};
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_swagger_ui::SwaggerUi;

use crate::{
    access::{self, RoleRoutes},
    audit_log,
    auth::{self, throttle::LoginThrottle, token::TokenKeys},
    config::Config,
    connections,
    bookings, contacts, db, families, matrimony, media, notifications,
    openapi::ApiDoc,
    openapi_rules,
    public_cache::{self, PublicCache},
    public_writes::{self, LimitedRoutes},
    rate_limit::RateLimiter,
    realtime::{self, Hub},
    server,
    state::AppState,
    subscribers, uploads, web,
};

/// Connects to the database, applies pending migrations and builds the state.
pub async fn build_state(config: Config) -> anyhow::Result<AppState> {
    let db = db::connect(&config).await?;
    db::migrate(&db).await?;
    let secret = config.load_or_create_jwt_secret()?;
    let public_cache = PublicCache::default();
    let hub = Hub::connect(&db, public_cache.clone()).await?;
    let prerendered = Arc::new(web::Prerendered::load(&config).await);
    let site = Arc::new(crate::site::Published::load(&db).await?);
    if let Some(days) = config.audit_keep_days {
        crate::audit::keep_for(db.clone(), days);
    }
    let files = uploads::Files::open(&config)?;
    let backups = match &config.backups {
        Some(settings) => {
            let schedule = crate::backup::Schedule::new(settings, &config)?;
            crate::backup::start(schedule.clone(), db.clone(), files.clone());
            Some(Arc::new(schedule))
        }
        None => None,
    };
    let config_mail = config.mail.clone();
    let state = AppState {
        tokens: Arc::new(TokenKeys::new(&secret, config.token_ttl)),
        links: Arc::new(uploads::private::LinkSigner::new(&secret)?),
        files: files.clone(),
        backups: backups.clone(),
        throttle: Arc::new(LoginThrottle::default()),
        rate_limits: Arc::new(RateLimiter::new(config.rate_limits, config.rate_limit_exempt.clone(), config.daily_upload_bytes)),
        config: Arc::new(config),
        hub,
        public_cache,
        prerendered,
        mail: crate::mail::Mail::new(config_mail),
        site,
        db,
        stopping: Default::default(),
    };
    crate::mail::start(
        state.db.clone(),
        state.mail.clone(),
        bookings::mail_attachments(state.db.clone(), state.site.clone()),
        state.stopping.subscribe(),
    );
    crate::site::pages::at_start(&state).await;
    crate::site::pages::follow(state.clone());
    Ok(state)
}

/// Every documented route of the API. The document lists the features' tags in this order.
pub fn api_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .nest("/api/admin", auth::router())
        .merge(notifications::router())
        .merge(contacts::router())
        .merge(subscribers::router())
        .merge(crate::updates::router())
        .merge(crate::mail::router())
        .merge(matrimony::router())
        .merge(families::router())
        .merge(media::router())
        .merge(bookings::router())
        .merge(audit_log::router())
        .merge(crate::backup::router())
        .merge(crate::site::public_router())
        .merge(crate::site::admin_router())
}

/// The OpenAPI document, as served and as committed in `openapi.json`, with the rules applied.
pub fn openapi() -> serde_json::Value {
    openapi_rules::apply(&api_routes().split_for_parts().1)
}

/// The width of the committed `openapi.json`'s lines (as far as they can be broken).
pub const OPENAPI_FILE_WIDTH: usize = 160;

/// The OpenAPI document as committed in `openapi.json`: compact, but each operation, parameter
/// and response that does not fit a line on lines of its own, so that a change reads in a diff.
pub fn openapi_file() -> String {
    crate::json_layout::to_string(&openapi(), OPENAPI_FILE_WIDTH)
}

pub fn router(state: AppState) -> Router {
    let (api, openapi) = api_routes().split_for_parts();
    let limited = LimitedRoutes::of(&openapi);
    let api = api
        .layer(axum::middleware::from_fn_with_state(RoleRoutes::of(&openapi), access::attach))
        .layer(axum::middleware::from_fn_with_state((state.clone(), limited), public_writes::limit));
    let openapi = openapi_rules::apply(&openapi);
    let app = Router::new()
        .merge(api)
        .merge(realtime::router())
        .merge(uploads::router())
        .merge(crate::site::manifest::router())
        .merge(SwaggerUi::new("/swagger-ui").external_url_unchecked("/api-docs/openapi.json", openapi))
        .layer(DefaultBodyLimit::max(state.config.max_upload_bytes))
        .layer(RequestBodyTimeoutLayer::new(state.config.body_timeout))
        .with_state(state.clone())
        .fallback_service(web::client(&state.config.static_dir, state.prerendered.clone()));
    let security = web::SecurityHeaders::new(&state.config);
    let mut app = Layer::apply(app, &Layer::ALL, &state.public_cache, &security);
    if let Some(origin) = &state.config.cors_origin {
        match origin.parse::<HeaderValue>() {
            Ok(origin) => {
                app = app.layer(
                    CorsLayer::new()
                        .allow_origin(origin)
                        .allow_methods([Method::GET, Method::POST, Method::PUT, Method::DELETE])
                        .allow_headers([header::AUTHORIZATION, header::CONTENT_TYPE])
                        .expose_headers([
                            header::CONTENT_DISPOSITION,
                            // How long a refused sign-in must wait (429), which the form says.
                            header::RETRY_AFTER,
                            HeaderName::from_static("x-total-count"),
                            HeaderName::from_static("x-booking-reference"),
                            HeaderName::from_static("x-booking-code"),
                        ]),
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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layer {
    JsonErrors,
    CatchPanic,
    SecurityHeaders,
    Compression,
    Trace,
    PublicSnapshots,
}

impl Layer {
    pub const ALL: [Layer; 6] = [
        Layer::JsonErrors,
        Layer::CatchPanic,
        Layer::SecurityHeaders,
        Layer::Compression,
        Layer::Trace,
        Layer::PublicSnapshots,
    ];

    /// `app` wrapped in `layers`, the first innermost.
    pub fn apply(mut app: Router, layers: &[Layer], cache: &PublicCache, security: &web::SecurityHeaders) -> Router {
        for layer in layers {
            app = match layer {
                Layer::JsonErrors => app.layer(axum::middleware::from_fn(web::json_errors)),
                Layer::CatchPanic => app.layer(CatchPanicLayer::custom(web::panic_response)),
                Layer::SecurityHeaders => {
                    app.layer(axum::middleware::from_fn_with_state(security.clone(), web::security_headers))
                }
                // Compressing a few hundred bytes costs more than sending them.
                Layer::Compression => app.layer(CompressionLayer::new().compress_when(
                    SizeAbove::new(1024)
                        .and(NotForContentType::GRPC)
                        .and(NotForContentType::IMAGES)
                        .and(NotForContentType::SSE)
                        .and(NotForContentType::const_new("application/gzip")),
                )),
                // Its spans and events are at DEBUG: only worth their cost when someone reads them.
                Layer::Trace if tracing::enabled!(target: "tower_http::trace", tracing::Level::DEBUG) => {
                    app.layer(TraceLayer::new_for_http())
                }
                Layer::Trace => app,
                Layer::PublicSnapshots => app.layer(public_cache::FastPathLayer {
                    cache: cache.clone(),
                    headers: security.clone(),
                }),
            };
        }
        app
    }
}

/// Serves until SIGTERM or Ctrl-C, then finishes the requests in flight (for at most
/// [`server::SHUTDOWN_GRACE`]).
pub async fn serve(config: Config) -> anyhow::Result<()> {
    let bind = config.bind;
    let state = build_state(config).await?;
    let listener = tokio::net::TcpListener::bind(bind).await?;
    tracing::info!("listening on http://{}", listener.local_addr()?);
    serve_on(listener, state, shutdown_signal()).await;
    Ok(())
}

/// Serves the application with `state` on `listener` until `shutdown` resolves.
pub async fn serve_on(
    listener: tokio::net::TcpListener,
    state: AppState,
    shutdown: impl std::future::Future<Output = ()>,
) {
    let limits = server::Limits {
        max_connections: state.config.max_connections,
        max_connections_per_client: state.config.max_connections_per_client,
        exempt: state.config.rate_limit_exempt.clone(),
        header_timeout: state.config.header_timeout,
        open_files: connections::raise_open_file_limit(),
    };
    let stopping = state.stopping.clone();
    let releasing = tokio::spawn(crate::memory::release_free_regularly());
    server::serve(listener, router(state), limits, stopping, shutdown).await;
    releasing.abort();
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
