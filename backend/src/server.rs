//! The HTTP server loop: accepts connections up to a limit (per server and per client address,
//! WebSockets included, below the open-file limit), drops clients that are too slow to send
//! their request, and stops within two seconds whatever is connected.
//!
//! axum's own `serve` has no read timeouts, no connection cap and waits for every connection
//! (idle keep-alive ones included) when stopping, so the loop is written here on hyper.
use std::{future::Future, net::SocketAddr, sync::Arc, time::Duration};

use crate::{
    connections::{ConnectionSlot, PerClient, Throttled, connections_within},
    network::Network,
};

use axum::{Router, extract::ConnectInfo, http::Request};
use hyper::{body::Incoming, server::conn::http1};
use hyper_util::{
    rt::{TokioIo, TokioTimer},
    service::TowerToHyperService,
};
use tokio::{net::TcpListener, sync::{Semaphore, watch}};
use tower::Service;

/// In-flight requests get this long to finish once a stop is asked for.
pub const SHUTDOWN_GRACE: Duration = Duration::from_millis(1500);

/// Tells long-lived tasks (connections, WebSocket clients) that the server is stopping. Each
/// holds a receiver; the server waits until every receiver is gone or the grace has passed.
#[derive(Clone)]
pub struct Stopping(Arc<watch::Sender<bool>>);

impl Default for Stopping {
    fn default() -> Self {
        Stopping(Arc::new(watch::channel(false).0))
    }
}

impl Stopping {
    pub fn subscribe(&self) -> watch::Receiver<bool> {
        self.0.subscribe()
    }

    fn begin(&self) {
        self.0.send_replace(true);
    }

    async fn all_finished(&self) {
        self.0.closed().await;
    }
}

/// Resolves once `stopping` has begun.
pub async fn stopped(receiver: &mut watch::Receiver<bool>) {
    // An error means the sender is gone, which also means stopping.
    let _ = receiver.wait_for(|stop| *stop).await;
}

#[derive(Debug, Clone)]
pub struct Limits {
    pub max_connections: usize,
    /// Connections one address may hold (the TCP peer's: a proxy belongs in `exempt`).
    pub max_connections_per_client: usize,
    pub exempt: Vec<Network>,
    pub header_timeout: Duration,
    /// The process's open-file limit, if known: connections stay below it.
    pub open_files: Option<u64>,
}

impl Limits {
    /// The connection cap: the configured one, lowered to fit under the open-file limit.
    fn max_connections(&self) -> usize {
        match self.open_files {
            Some(files) if connections_within(files) < self.max_connections => {
                let max = connections_within(files);
                tracing::info!(open_files = files, max, "serving fewer connections at once to stay under the open-file limit");
                max
            }
            _ => self.max_connections,
        }
    }
}

/// Serves `app` on `listener` until `shutdown` resolves, then closes idle connections, lets
/// requests in flight finish (for at most [`SHUTDOWN_GRACE`]) and returns.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    stopping: Stopping,
    shutdown: impl Future<Output = ()>,
) {
    let max_connections = limits.max_connections();
    let slots = Arc::new(Semaphore::new(max_connections));
    let clients = PerClient::new(limits.max_connections_per_client, limits.exempt.clone());
    let [mut accept_failed, mut server_full, mut client_full] = <[Throttled; 3]>::default();
    let mut http = http1::Builder::new();
    // The header timeout also ends connections that stay idle between requests.
    http.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout).keep_alive(true);
    tokio::pin!(shutdown);
    loop {
        // Past the cap, new clients wait in the listen queue until a connection ends.
        if slots.available_permits() == 0 {
            server_full.warn("connection limit reached; new clients wait", &max_connections);
        }
        let permit = tokio::select! {
            permit = slots.clone().acquire_owned() => match permit {
                Ok(permit) => permit,
                Err(_) => break,
            },
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(err) => {
                    // Out of file descriptors and the like: wait instead of spinning.
                    accept_failed.warn("accept failed", &err);
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        // One address past its share is closed at once, so it cannot fill the server.
        let Some(place) = clients.take(peer.ip()) else {
            client_full.warn("a client holds its maximum of connections; refusing more", &peer.ip());
            continue;
        };
        let slot = ConnectionSlot::new(permit, place);
        let _ = stream.set_nodelay(true);
        let mut router = app.clone();
        let request_slot = slot.clone();
        let service = tower::service_fn(move |mut request: Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo::<SocketAddr>(peer));
            // A WebSocket takes this along, so an upgraded connection still holds its places.
            request.extensions_mut().insert(request_slot.clone());
            router.call(request)
        });
        let connection = http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service)).with_upgrades();
        let mut stop = stopping.subscribe();
        tokio::spawn(async move {
            tokio::pin!(connection);
            let result = tokio::select! {
                result = connection.as_mut() => result,
                () = stopped(&mut stop) => {
                    // Finishes the request in flight, if any, then closes.
                    connection.as_mut().graceful_shutdown();
                    connection.await
                }
            };
            if let Err(err) = result {
                tracing::debug!(%err, "connection ended with an error");
            }
            drop(slot);
        });
    }
    drop(listener);
    stopping.begin();
    if tokio::time::timeout(SHUTDOWN_GRACE, stopping.all_finished()).await.is_err() {
        tracing::warn!("stopping with connections still open");
    }
}
