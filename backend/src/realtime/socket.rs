use std::time::Duration;

use axum::{
    Extension,
    extract::{State, WebSocketUpgrade, ws::{CloseFrame, Message, WebSocket, close_code}},
    http::{HeaderMap, header},
    response::{IntoResponse, Response},
    routing::get,
    Router,
};
use tokio::sync::{broadcast::error::RecvError, watch};

use crate::{config::Config, connections::ConnectionSlot, error::Error, server::stopped, state::AppState};

const PING_EVERY: Duration = Duration::from_secs(25);
/// Clients only send a short "still here" message, answer pings and close; nothing they send
/// needs more than this.
const MAX_INCOMING_BYTES: usize = 4 * 1024;
/// The server sends only short events: small buffers keep an open socket to a few KiB
/// (tungstenite's defaults are 128 KiB each way). Writes go out at once.
const READ_BUFFER_BYTES: usize = 4 * 1024;
const MAX_WRITE_BUFFER_BYTES: usize = 64 * 1024;

pub fn router() -> Router<AppState> {
    Router::new().route("/ws", get(upgrade))
}

/// `scheme://host[:port]` of an origin or URL, lower-cased, for comparing origins.
fn origin_of(url: &str) -> Option<String> {
    let uri: axum::http::Uri = url.trim().parse().ok()?;
    Some(format!("{}://{}", uri.scheme_str()?, uri.authority()?).to_ascii_lowercase())
}

/// A browser always sends `Origin` with a WebSocket upgrade: only the site's own pages (the
/// request's own host, the configured public URL or CORS origin) may listen. A request
/// without `Origin` does not come from a browser page and is allowed.
pub fn origin_allowed(headers: &HeaderMap, config: &Config) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else { return true };
    let Some(origin) = origin.to_str().ok().and_then(origin_of) else { return false };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).map(str::to_ascii_lowercase);
    let same_host = host.is_some_and(|host| {
        origin == format!("http://{host}") || origin == format!("https://{host}")
    });
    same_host
        || [&config.public_url, &config.cors_origin]
            .into_iter()
            .flatten()
            .any(|allowed| origin_of(allowed).as_deref() == Some(origin.as_str()))
}

async fn upgrade(
    State(state): State<AppState>,
    slot: Option<Extension<ConnectionSlot>>,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if !origin_allowed(&headers, &state.config) {
        return Error::Forbidden(crate::error::NOT_ALLOWED).into_response();
    }
    let events = state.hub.subscribe();
    let stop = state.stopping.subscribe();
    let idle_timeout = state.config.ws_idle_timeout;
    ws.max_frame_size(MAX_INCOMING_BYTES)
        .max_message_size(MAX_INCOMING_BYTES)
        .read_buffer_size(READ_BUFFER_BYTES)
        .write_buffer_size(0)
        .max_write_buffer_size(MAX_WRITE_BUFFER_BYTES)
        .on_upgrade(move |socket| async move {
            // The connection's places stay taken while the socket is open.
            let _slot = slot;
            forward(socket, events, stop, idle_timeout).await
        })
}

/// Sends every hub event to one client until it goes away, stays silent for `idle_timeout`, or
/// the server stops. Each client has its own task and receiver, so a client that stalls never
/// blocks the others. Only the client's own messages count as a sign of life: pongs are
/// answered automatically by any client library, an abandoned one included.
async fn forward(
    mut socket: WebSocket,
    mut events: tokio::sync::broadcast::Receiver<super::event::Event>,
    mut stop: watch::Receiver<bool>,
    idle_timeout: Duration,
) {
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    let idle = tokio::time::sleep(idle_timeout);
    tokio::pin!(idle);
    loop {
        tokio::select! {
            event = events.recv() => match event {
                Ok(event) => {
                    if socket.send(Message::Text(event.message.into())).await.is_err() {
                        break;
                    }
                }
                Err(RecvError::Lagged(skipped)) => {
                    tracing::debug!(skipped, "websocket client lagged; skipping events");
                }
                Err(RecvError::Closed) => break,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(Message::Text(_) | Message::Binary(_))) => {
                    idle.as_mut().reset(tokio::time::Instant::now() + idle_timeout);
                }
                Some(Ok(_)) => {}
            },
            () = &mut idle => {
                let frame = CloseFrame { code: close_code::AWAY, reason: "idle".into() };
                let _ = tokio::time::timeout(Duration::from_millis(500), socket.send(Message::Close(Some(frame)))).await;
                break;
            }
            _ = ping.tick() => {
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
            }
            () = stopped(&mut stop) => {
                // "Going away": the client reconnects with back-off to the next instance.
                let frame = CloseFrame { code: close_code::AWAY, reason: "server stopping".into() };
                let _ = tokio::time::timeout(Duration::from_millis(500), socket.send(Message::Close(Some(frame)))).await;
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(host: &str, origin: Option<&str>) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, host.parse().unwrap());
        if let Some(origin) = origin {
            headers.insert(header::ORIGIN, origin.parse().unwrap());
        }
        headers
    }

    #[test]
    fn only_the_sites_own_pages_may_open_the_socket() {
        let mut config = Config::defaults("./data".into());
        assert!(origin_allowed(&headers("127.0.0.1:8081", Some("http://127.0.0.1:8081")), &config));
        assert!(origin_allowed(&headers("127.0.0.1:8081", None), &config));
        assert!(!origin_allowed(&headers("127.0.0.1:8081", Some("https://evil.example")), &config));
        assert!(!origin_allowed(&headers("127.0.0.1:8081", Some("null")), &config));
        assert!(!origin_allowed(&headers("127.0.0.1:8081", Some("http://127.0.0.1:9999")), &config));
        config.public_url = Some("https://samiti.example.org".into());
        config.cors_origin = Some("http://localhost:5173".into());
        assert!(origin_allowed(&headers("10.0.0.5:8081", Some("https://samiti.example.org")), &config));
        assert!(origin_allowed(&headers("127.0.0.1:8081", Some("http://localhost:5173")), &config));
    }
}
