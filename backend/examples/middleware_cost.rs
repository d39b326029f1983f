//! What each layer around the API costs per request: a handler that answers a fixed 12 KB JSON
//! list (as a snapshot does) is called in-process through the layers of `app::router`, added
//! one at a time in the same order, and the CPU time per request is printed (this thread's, from
//! `/proc/thread-self/schedstat`, best of three runs, so that other load on the machine
//! counts as little as possible). Figures only.
//!
//! Run: `cargo run -p samiti --example middleware_cost [REQUESTS]` (same build profile as the
//! server being measured; the debug build by default).

use axum::{
    Router,
    body::{Body, Bytes},
    extract::Request,
    http::{HeaderMap, HeaderValue, header},
    response::{IntoResponse, Response},
    routing::get,
};
use samiti::{app::Layer, config::Config, public_cache::{NOTIFICATIONS, PublicCache}, web::SecurityHeaders};
use tower::{Service, ServiceExt};

async fn list(body: Bytes) -> Response {
    (
        [(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))],
        body,
    )
        .into_response()
}

/// CPU time this thread has run, in nanoseconds.
fn thread_cpu_ns() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(f64::NAN)
}

/// CPU nanoseconds per request for `path` through `router`, each request with
/// `accept_encoding` if any; the best of three runs.
async fn measure(router: Router, path: &str, requests: u32, accept_encoding: Option<&'static str>) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..3 {
        best = best.min(measure_once(router.clone(), path, requests, accept_encoding).await);
    }
    best
}

async fn measure_once(router: Router, path: &str, requests: u32, accept_encoding: Option<&'static str>) -> f64 {
    let mut service = router.into_service::<Body>();
    let start = thread_cpu_ns();
    for _ in 0..requests {
        let mut request = Request::get(path).header(header::HOST, "127.0.0.1:8491");
        if let Some(value) = accept_encoding {
            request = request.header(header::ACCEPT_ENCODING, value);
        }
        let request = request.body(Body::empty()).unwrap_or_default();
        let ready = match service.ready().await {
            Ok(ready) => ready,
            Err(never) => match never {},
        };
        let response = match ready.call(request).await {
            Ok(response) => response,
            Err(never) => match never {},
        };
        let _ = axum::body::to_bytes(response.into_body(), usize::MAX).await;
    }
    (thread_cpu_ns() - start) / f64::from(requests)
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let requests: u32 = std::env::args().nth(1).and_then(|n| n.parse().ok()).unwrap_or(50_000);
    let body = Bytes::from(format!("[{}]", vec![r#"{"id":1,"message":"सूचना: सभा सायंकाळी ७ वाजता / Meeting at 7 pm","created_at":"2025-08-27T19:00:00+05:30"}"#; 100].join(",")));
    let bare = || {
        let body = body.clone();
        Router::new().route("/notifications", get(move || list(body.clone())))
    };
    // No snapshot at first: the fast path only looks and passes on.
    let cache = PublicCache::default();
    let security = SecurityHeaders::new(&Config::defaults(".".into()));
    let all = |app: Router| Layer::apply(app, &Layer::ALL, &cache, &security);
    println!("{requests} requests of a {} byte list, in-process, one thread", body.len());
    let mut previous = measure(bare(), "/notifications", requests, None).await;
    println!("{:<40} {:>8.2} µs", "handler and router only", previous / 1000.0);
    let bare_ns = previous;
    let traced = measure(bare().layer(tower_http::trace::TraceLayer::new_for_http()), "/notifications", requests, None).await;
    println!(
        "{:<40} {:>8.2} µs  ({:+.2} µs; `samiti serve` only adds it when tower_http logs at DEBUG)",
        "handler and router + trace layer",
        traced / 1000.0,
        (traced - bare_ns) / 1000.0
    );
    for (upto, layer) in Layer::ALL.iter().enumerate() {
        let ns = measure(Layer::apply(bare(), &Layer::ALL[..=upto], &cache, &security), "/notifications", requests, None).await;
        println!("{:<40} {:>8.2} µs  ({:+.2} µs)", format!("+ {layer:?}"), ns / 1000.0, (ns - previous) / 1000.0);
        previous = ns;
    }
    cache
        .respond(NOTIFICATIONS, "", &HeaderMap::new(), async { Ok(list(body.clone()).await) })
        .await
        .unwrap_or_default();
    let snapshot = measure(all(bare()), "/notifications", requests, None).await;
    println!("{:<40} {:>8.2} µs", "all layers, answered from the snapshot", snapshot / 1000.0);
    let gzip = measure(all(bare()), "/notifications", requests, Some("gzip, br")).await;
    println!("{:<40} {:>8.2} µs", "the same, client accepts gzip and br", gzip / 1000.0);
    let other = Router::new().route("/other", get(move || list(body.clone())));
    let compressed = measure(all(other), "/other", requests.min(1_000), Some("gzip, br"))
        .await;
    println!("{:<40} {:>8.2} µs", "a list compressed per request (no snapshot)", compressed / 1000.0);
}
