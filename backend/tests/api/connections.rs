//! No client can exhaust the server's connections: WebSockets count like any connection, one
//! address holds at most its share, idle sockets are closed; and outdated password hashes are
//! replaced on sign-in.
use std::{net::SocketAddr, time::Duration};

use futures_util::{SinkExt, StreamExt};
use reqwest::StatusCode;
use samiti::auth::password;
use sea_orm::{ConnectionTrait, Statement};
use tokio::{io::AsyncWriteExt, net::TcpSocket};
use tokio_tungstenite::tungstenite::{Message, client::IntoClientRequest};

use crate::helpers::{ADMIN_EMAIL, ADMIN_PASSWORD, TestApp};

/// Another client address on the loopback network (Linux answers all of 127.0.0.0/8).
const OTHER_CLIENT: [u8; 4] = [127, 0, 0, 2];

fn server_address(app: &TestApp) -> SocketAddr {
    app.address.trim_start_matches("http://").parse().unwrap()
}

async fn tcp_from(app: &TestApp, from: [u8; 4]) -> std::io::Result<tokio::net::TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::from((from, 0)))?;
    socket.connect(server_address(app)).await
}

type Socket = tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>;

/// A WebSocket from 127.0.0.1, or the error that refused it.
async fn websocket(app: &TestApp) -> Result<Socket, String> {
    let stream = tcp_from(app, [127, 0, 0, 1]).await.map_err(|err| err.to_string())?;
    let request = app.url("/ws").replace("http://", "ws://").into_client_request().unwrap();
    let handshake = tokio::time::timeout(Duration::from_secs(10), tokio_tungstenite::client_async(request, stream));
    match handshake.await {
        Ok(Ok((socket, _))) => Ok(socket),
        Ok(Err(err)) => Err(err.to_string()),
        Err(_) => Err("no answer".into()),
    }
}

/// A client at another address.
fn other_client() -> reqwest::Client {
    reqwest::Client::builder().local_address(std::net::IpAddr::from(OTHER_CLIENT)).build().unwrap()
}

#[tokio::test]
async fn websockets_past_the_per_client_limit_are_refused_while_others_are_served() {
    let app = TestApp::spawn_with(|config| config.max_connections_per_client = 3).await;
    let mut open = Vec::new();
    for _ in 0..3 {
        open.push(websocket(&app).await.expect("within the limit"));
    }
    assert!(websocket(&app).await.is_err(), "a fourth socket from the same address is refused");
    // Another address is answered.
    let response = other_client().get(app.url("/notifications")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    // A closed socket gives its place back.
    let mut first = open.remove(0);
    first.close(None).await.unwrap();
    while first.next().await.is_some() {}
    let mut reopened = None;
    for _ in 0..50 {
        if let Ok(socket) = websocket(&app).await {
            reopened = Some(socket);
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(reopened.is_some(), "a place freed by a closed socket is taken again");
}

#[tokio::test]
async fn an_upgraded_connection_still_counts_against_the_connection_limit() {
    let app = TestApp::spawn_with(|config| config.max_connections = 2).await;
    let _first = websocket(&app).await.unwrap();
    let mut second = websocket(&app).await.unwrap();
    // Both places are held by sockets: a request waits for one of them to close.
    let client = other_client();
    let url = app.url("/notifications");
    let request = tokio::spawn(async move { client.get(url).send().await.map(|r| r.status()) });
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(!request.is_finished(), "no place is free while two sockets are open");
    second.close(None).await.unwrap();
    let status = tokio::time::timeout(Duration::from_secs(10), request).await.expect("served once a socket closed");
    assert_eq!(status.unwrap().unwrap(), StatusCode::OK);
}

#[tokio::test]
async fn an_idle_websocket_is_closed_and_one_that_speaks_stays_open() {
    let app = TestApp::spawn_with(|config| config.ws_idle_timeout = Duration::from_secs(1)).await;
    let mut idle = websocket(&app).await.unwrap();
    let mut talking = websocket(&app).await.unwrap();
    let ended = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            // Pongs are answered by the library on the next read: they do not keep a socket open.
            tokio::select! {
                message = idle.next() => match message {
                    Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
                    Some(Ok(_)) => {}
                    _ => return None,
                },
                () = tokio::time::sleep(Duration::from_millis(300)) => {
                    talking.send(Message::Text("ping".into())).await.expect("the talking socket stays open");
                }
            }
        }
    })
    .await
    .expect("the idle socket is closed");
    assert_eq!(ended, Some(1001));
    talking.send(Message::Text("ping".into())).await.expect("the talking socket is still open");
}

#[tokio::test]
async fn slow_clients_from_one_address_cannot_fill_the_server() {
    let app = TestApp::spawn_with(|config| {
        config.max_connections = 8;
        config.max_connections_per_client = 4;
        config.header_timeout = Duration::from_secs(30);
    })
    .await;
    // Twenty connections that send half a header and wait: only four are kept.
    let mut slow = Vec::new();
    for _ in 0..20 {
        if let Ok(mut stream) = tcp_from(&app, [127, 0, 0, 1]).await {
            let _ = stream.write_all(b"GET /notifications HTTP/1.1\r\nHost: x\r\n").await;
            slow.push(stream);
        }
    }
    let response = tokio::time::timeout(Duration::from_secs(10), other_client().get(app.url("/notifications")).send())
        .await
        .expect("another client is served")
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
}

#[tokio::test]
async fn an_exempt_address_is_not_limited() {
    let app = TestApp::spawn_with(|config| {
        config.max_connections_per_client = 1;
        config.rate_limit_exempt = vec!["127.0.0.1".parse().unwrap()];
    })
    .await;
    let _first = websocket(&app).await.unwrap();
    let _second = websocket(&app).await.expect("an exempt proxy holds more than the per-client limit");
}

async fn stored_hash(db: &sea_orm::DatabaseConnection) -> String {
    let row = db
        .query_one_raw(Statement::from_string(db.get_database_backend(), "SELECT password_hash FROM admins"))
        .await
        .unwrap()
        .unwrap();
    row.try_get("", "password_hash").unwrap()
}

#[tokio::test]
async fn a_hash_made_with_other_parameters_is_replaced_on_sign_in() {
    let app = TestApp::spawn().await;
    app.admin_token().await;
    let db = sea_orm::Database::connect(&app.database_url).await.unwrap();
    let older = password::hash_with_params(ADMIN_PASSWORD, 8 * 1024, 1);
    db.execute_raw(Statement::from_sql_and_values(
        db.get_database_backend(),
        match db.get_database_backend() {
            sea_orm::DatabaseBackend::Postgres => "UPDATE admins SET password_hash = $1",
            _ => "UPDATE admins SET password_hash = ?",
        },
        [older.clone().into()],
    ))
    .await
    .unwrap();
    app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let replaced = stored_hash(&db).await;
    assert_ne!(replaced, older);
    assert!(replaced.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{replaced}");
    assert!(!password::needs_rehash(&replaced));
    // The new hash signs in; the stored one no longer changes.
    app.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(stored_hash(&db).await, replaced);
}
