use std::{path::PathBuf, time::Duration};

use reqwest::{Method, Response, StatusCode};
use samiti::{app, config::Config};
use serde_json::{Value, json};

pub const ADMIN_EMAIL: &str = "admin@example.org";
pub const ADMIN_PASSWORD: &str = "correct horse battery";

pub struct TestApp {
    pub address: String,
    pub database_url: String,
    pub client: reqwest::Client,
    _data_dir: tempfile::TempDir,
    _database: Option<PostgresDatabase>,
}

/// A PostgreSQL database made for one test and dropped after it.
struct PostgresDatabase {
    admin_url: String,
    name: String,
}

impl Drop for PostgresDatabase {
    fn drop(&mut self) {
        let (admin_url, name) = (self.admin_url.clone(), self.name.clone());
        // Drop runs outside async code; a short-lived runtime on its own thread does the work.
        let _ = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build();
            if let Ok(runtime) = runtime {
                runtime.block_on(async {
                    use sea_orm::ConnectionTrait;
                    if let Ok(db) = sea_orm::Database::connect(&admin_url).await {
                        let _ = db
                            .execute_unprepared(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"))
                            .await;
                    }
                });
            }
        })
        .join();
    }
}

pub fn on_postgres() -> bool {
    std::env::var("SAMITI_TEST_DATABASE").is_ok_and(|v| v == "postgres")
}

async fn fresh_postgres() -> (String, PostgresDatabase) {
    use sea_orm::ConnectionTrait;
    let admin_url = std::env::var("SAMITI_TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/test".into());
    let name = format!("samiti_test_{}", uuid::Uuid::new_v4().simple());
    let db = sea_orm::Database::connect(&admin_url).await.expect("PostgreSQL is reachable");
    db.execute_unprepared(&format!("CREATE DATABASE \"{name}\"")).await.expect("create test database");
    let base = admin_url.rsplit_once('/').map(|(base, _)| base).unwrap_or(&admin_url);
    (format!("{base}/{name}"), PostgresDatabase { admin_url, name })
}

/// A data folder and a database (SQLite in the folder, or a PostgreSQL database of its own),
/// removed after the test; nothing runs on it until an app is spawned on it.
pub struct Site {
    pub data_dir: tempfile::TempDir,
    pub database_url: String,
    database: Option<PostgresDatabase>,
}

impl Site {
    pub async fn fresh(postgres: bool) -> Self {
        let data_dir = tempfile::tempdir().expect("temp dir");
        let (database_url, database) = if postgres {
            let (url, db) = fresh_postgres().await;
            (url, Some(db))
        } else {
            (format!("sqlite://{}?mode=rwc", data_dir.path().join("test.db").display()), None)
        };
        Self { data_dir, database_url, database }
    }

    /// The settings every test's app starts from.
    pub fn config(&self) -> Config {
        let mut config = Config::defaults(self.data_dir.path().to_path_buf());
        config.bind = "127.0.0.1:0".parse().unwrap();
        config.database_url = self.database_url.clone();
        config.static_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/client");
        config.max_upload_bytes = 1024 * 1024;
        config.token_ttl = Duration::from_secs(3600);
        // docs/DESIGN.md §5: test suites run without the public writes' limits; the tests of
        // the limits turn them on.
        config.rate_limits = false;
        config
    }
}

impl TestApp {
    pub async fn spawn() -> Self {
        Self::spawn_with(|_| {}).await
    }

    pub async fn spawn_with(adjust: impl FnOnce(&mut Config)) -> Self {
        Self::spawn_stoppable(adjust, std::future::pending()).await.0
    }

    /// An app that stops when `stop` resolves; the handle ends when the server has stopped.
    pub async fn spawn_stoppable(
        adjust: impl FnOnce(&mut Config),
        stop: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> (Self, tokio::task::JoinHandle<()>) {
        Self::spawn_on(Site::fresh(on_postgres()).await, adjust, stop).await
    }

    /// An app on `site` (a restored one, say), set up as every test's.
    pub async fn spawn_on(
        site: Site,
        adjust: impl FnOnce(&mut Config),
        stop: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> (Self, tokio::task::JoinHandle<()>) {
        let mut config = site.config();
        adjust(&mut config);
        let database_url = config.database_url.clone();
        let state = app::build_state(config).await.expect("app state");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let server = tokio::spawn(app::serve_on(listener, state, stop));
        let app = TestApp {
            address: format!("http://127.0.0.1:{port}"),
            database_url,
            client: reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap(),
            _data_dir: site.data_dir,
            _database: site.database,
        };
        (app, server)
    }

    /// The data folder of this app (database, secret, uploaded files).
    pub fn data_dir(&self) -> &std::path::Path {
        self._data_dir.path()
    }

    /// A new member of the matchmaking board (its own e-mail and mobile), signed in by the
    /// registration's answer: the token a profile is registered with.
    pub async fn member_token(&self) -> String {
        static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let account = json!({
            "profile_for": "Self", "email": format!("member{n}@example.org"),
            "mobile": format!("9{:09}", 100_000_000 + n), "password": "Plain-Secret-42",
        });
        let response = self.post("/api/matrimony/register", account, None).await;
        assert_eq!(response.status(), StatusCode::CREATED, "member registration");
        response.json::<Value>().await.unwrap()["token"].as_str().unwrap().to_owned()
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    pub async fn request(&self, method: Method, path: &str, token: Option<&str>, body: Option<Value>) -> Response {
        let mut request = self.client.request(method, self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        request.send().await.expect("request sent")
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Response {
        self.request(Method::GET, path, token, None).await
    }

    pub async fn post(&self, path: &str, body: Value, token: Option<&str>) -> Response {
        self.request(Method::POST, path, token, Some(body)).await
    }

    pub async fn put(&self, path: &str, body: Value, token: Option<&str>) -> Response {
        self.request(Method::PUT, path, token, Some(body)).await
    }

    pub async fn delete(&self, path: &str, token: Option<&str>) -> Response {
        self.request(Method::DELETE, path, token, None).await
    }

    /// Registers the first administrator and signs in.
    pub async fn admin_token(&self) -> String {
        let registered = self
            .post("/api/admin/register", json!({"email": ADMIN_EMAIL, "password": ADMIN_PASSWORD}), None)
            .await;
        assert_eq!(registered.status(), StatusCode::CREATED);
        self.login(ADMIN_EMAIL, ADMIN_PASSWORD).await
    }

    pub async fn login(&self, email: &str, password: &str) -> String {
        let response = self.post("/api/admin/login", json!({"email": email, "password": password}), None).await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json::<Value>().await.unwrap()["token"].as_str().unwrap().to_owned()
    }
}

/// A client that neither asks for nor undoes compression, so bodies are read as sent.
pub fn plain_client() -> reqwest::Client {
    reqwest::Client::builder().no_gzip().build().unwrap()
}

/// Asserts the status and that the body is the JSON error body; returns it.
pub async fn error_body(response: Response, status: StatusCode) -> Value {
    assert_eq!(response.status(), status, "unexpected status");
    let content_type = response.headers().get("content-type").cloned();
    let body: Value = response.json().await.expect("JSON error body");
    assert!(
        content_type.is_some_and(|v| v.to_str().unwrap().starts_with("application/json")),
        "error is JSON"
    );
    assert!(body["error"].is_string(), "error body has an `error` message: {body}");
    body
}

/// Asserts a 422 whose `fields` are exactly `expected`.
pub async fn assert_fields(response: Response, expected: Value) {
    let body = error_body(response, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(body["fields"], expected);
}

/// Text of a PDF, read back by poppler's `pdftotext`.
pub fn pdf_text(bytes: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.pdf");
    std::fs::write(&path, bytes).unwrap();
    let output = std::process::Command::new("pdftotext")
        .arg(&path)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) is installed");
    assert!(output.status.success(), "pdftotext reads the PDF");
    String::from_utf8(output.stdout).unwrap()
}

/// Every word of a PDF with how far its right edge is from its page's right edge (points;
/// negative when it runs over the edge), read back by poppler's `pdftotext -bbox`.
pub fn pdf_words_room(bytes: &[u8]) -> Vec<(String, f64)> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("doc.pdf");
    std::fs::write(&path, bytes).unwrap();
    let output = std::process::Command::new("pdftotext").arg("-bbox").arg(&path).arg("-").output().unwrap();
    assert!(output.status.success(), "pdftotext reads the PDF");
    let html = String::from_utf8(output.stdout).unwrap();
    let number = |tag: &str, name: &str| -> f64 {
        let start = tag.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
        tag[start..].split('"').next().unwrap().parse().unwrap()
    };
    let mut width = 0.0;
    let mut words = Vec::new();
    for line in html.lines().map(str::trim) {
        if line.starts_with("<page ") {
            width = number(line, "width");
        } else if line.starts_with("<word ") {
            let text = line.split('>').nth(1).unwrap_or("").trim_end_matches("</word").to_owned();
            words.push((text, width - number(line, "xMax")));
        }
    }
    words
}

/// Every row of the first sheet of an `.xlsx` workbook, the letterhead included.
pub fn xlsx_sheet(bytes: &[u8]) -> Vec<Vec<calamine::Data>> {
    use calamine::{Reader, Xlsx};
    let mut workbook: Xlsx<_> = calamine::open_workbook_from_rs(std::io::Cursor::new(bytes.to_vec())).unwrap();
    let sheet = workbook.sheet_names()[0].clone();
    let range = workbook.worksheet_range(&sheet).unwrap();
    range.rows().map(|row| row.to_vec()).collect()
}

/// Rows above an export's table: the organisation, the title, and the line saying when the
/// file was made.
pub const LETTERHEAD_ROWS: usize = 3;

/// The letterhead of an export workbook: its first column's three texts.
pub fn xlsx_letterhead(bytes: &[u8]) -> [String; LETTERHEAD_ROWS] {
    let sheet = xlsx_sheet(bytes);
    std::array::from_fn(|row| match sheet.get(row).and_then(|cells| cells.first()) {
        Some(calamine::Data::String(text)) => text.clone(),
        other => panic!("letterhead row {row} is text, found {other:?}"),
    })
}

/// The rows of an export workbook below its letterhead (the header row first), after checking
/// that the letterhead names the organisation.
pub fn xlsx_rows(bytes: &[u8]) -> Vec<Vec<calamine::Data>> {
    let [organisation, _, _] = xlsx_letterhead(bytes);
    assert!(
        ["Shri Samaj Seva Samiti, Pune", "श्री समाज सेवा समिती, पुणे"].contains(&organisation.as_str()),
        "the workbook names the organisation: {organisation}"
    );
    xlsx_sheet(bytes).split_off(LETTERHEAD_ROWS)
}

/// Every administrator route, for the "refused without a token" tests: each operation of the
/// OpenAPI document that requires the bearer token (and does not also take a member's), with
/// `1` for its path parameters. `access::every_operation_that_touches_administrator_data_needs_a_token`
/// checks that no such operation lacks the requirement.
pub const ADMIN_ROUTES: AdminRoutes = AdminRoutes;

/// Operations that take a member's token as well as an administrator's.
/// The routes a member's token opens (the matches gallery also an administrator's; the rest
/// a member's own profiles).
pub const MEMBER_ROUTES: &[(&str, &str)] = &[
    ("GET", "/api/profile/uploaded-profiles"),
    ("GET", "/api/profile/uploaded-profiles/{id}"),
    ("POST", "/api/profile/register"),
    ("GET", "/api/profile/mine"),
    ("PUT", "/api/profile/mine/{id}"),
    ("DELETE", "/api/profile/mine/{id}"),
];

#[derive(Clone, Copy)]
pub struct AdminRoutes;

impl AdminRoutes {
    pub fn iter(self) -> std::slice::Iter<'static, (&'static str, &'static str)> {
        static ROUTES: std::sync::LazyLock<Vec<(&'static str, &'static str)>> = std::sync::LazyLock::new(|| {
            operations(&samiti::app::openapi())
                .into_iter()
                .filter(|(method, path, operation)| {
                    requires_token(operation) && !MEMBER_ROUTES.contains(&(method.as_str(), path.as_str()))
                })
                .map(|(method, path, _)| {
                    let path = regex::Regex::new(r"\{[^}]+\}").unwrap().replace_all(&path, "1").into_owned();
                    (&*method.leak(), &*path.leak())
                })
                .collect()
        });
        ROUTES.iter()
    }
}

impl IntoIterator for AdminRoutes {
    type Item = &'static (&'static str, &'static str);
    type IntoIter = std::slice::Iter<'static, (&'static str, &'static str)>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Every operation of an OpenAPI document: method (upper case), path and the operation.
pub fn operations(doc: &Value) -> Vec<(String, String, Value)> {
    let mut found = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("path item") {
            if ["get", "put", "post", "delete", "patch"].contains(&method.as_str()) {
                found.push((method.to_uppercase(), path.clone(), operation.clone()));
            }
        }
    }
    found
}

/// The operation requires the bearer token: every alternative of its security names it.
pub fn requires_token(operation: &Value) -> bool {
    requires(operation, "bearer")
}

/// Whether the operation takes a member's token (`member` security requirement) and nothing else.
pub fn requires_member_token(operation: &Value) -> bool {
    requires(operation, "member")
}

fn requires(operation: &Value, scheme: &str) -> bool {
    operation["security"].as_array().is_some_and(|alternatives| {
        !alternatives.is_empty() && alternatives.iter().all(|alternative| alternative.get(scheme).is_some())
    })
}

/// A client of the live channel (`/ws`).
pub type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

pub async fn connect_ws(app: &TestApp) -> Socket {
    let url = app.url("/ws").replace("http://", "ws://");
    let (socket, _) = tokio_tungstenite::connect_async(url).await.expect("websocket connects");
    socket
}

/// The next event on the live channel (JSON text), skipping pings.
pub async fn next_event(socket: &mut Socket) -> Value {
    use futures_util::StreamExt;
    loop {
        let message = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .expect("an event arrives")
            .expect("socket open")
            .expect("message");
        if let tokio_tungstenite::tungstenite::Message::Text(text) = message {
            return serde_json::from_str(&text).unwrap();
        }
    }
}
