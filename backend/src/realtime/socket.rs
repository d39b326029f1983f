use std::time::Duration;

use axum::{
    extract::{State, WebSocketUpgrade, ws::{Message, WebSocket}},
    response::Response,
    routing::get,
    Router,
};
use tokio::sync::broadcast::error::RecvError;

use crate::state::AppState;

const PING_EVERY: Duration = Duration::from_secs(25);

pub fn router() -> Router<AppState> {
    Router::new().route("/ws", get(upgrade))
}

async fn upgrade(State(state): State<AppState>, ws: WebSocketUpgrade) -> Response {
    let events = state.hub.subscribe();
    ws.on_upgrade(move |socket| forward(socket, events))
}

/// Sends every hub event to one client until it goes away. Each client has its own task and
/// receiver, so a client that stalls never blocks the others.
async fn forward(mut socket: WebSocket, mut events: tokio::sync::broadcast::Receiver<super::RealtimeEvent>) {
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    loop {
        tokio::select! {
            event = events.recv() => match event {
                Ok(event) => {
                    let Ok(text) = serde_json::to_string(&event) else { continue };
                    if socket.send(Message::Text(text.into())).await.is_err() {
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
                Some(Ok(_)) => {}
            },
            _ = ping.tick() => {
                if socket.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
            }
        }
    }
}
