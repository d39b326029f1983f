//! Mail (docs/DESIGN.md §14) against a real SMTP server on loopback (`scripts/smtp-sink.py`,
//! aiosmtpd): booking confirmations with their PDF, double opt-in, updates to confirmed
//! subscribers only with one-click unsubscribe, an outage followed by exactly one delivery,
//! refusals given up with their reason and sent again on request, a refused login, header
//! injection, and two instances sending one outbox without a duplicate.
use std::{
    collections::HashSet,
    path::PathBuf,
    process::{Child, Command, Stdio},
    time::Duration,
};

use mail_parser::{Message, MessageParser, MimeHeaders};
use reqwest::StatusCode;
use samiti::config::{Config, MailSettings, SmtpRelay};
use serde_json::{Value, json};

use crate::{
    bookings::room,
    helpers::{ADMIN_EMAIL, TestApp, assert_fields, error_body, pdf_text},
};

/// The test SMTP server: a child process writing each message it accepts to a folder.
pub struct SmtpSink {
    pub port: u16,
    dir: tempfile::TempDir,
    auth: Option<String>,
    child: Option<Child>,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

impl SmtpSink {
    pub async fn start() -> SmtpSink {
        SmtpSink::start_with(None).await
    }

    /// A server that asks for `user:password`.
    pub async fn start_with(auth: Option<&str>) -> SmtpSink {
        let mut sink = SmtpSink { port: free_port(), dir: tempfile::tempdir().unwrap(), auth: auth.map(str::to_owned), child: None };
        sink.run().await;
        sink
    }

    /// Starts the server (again) on its port, keeping what it received.
    pub async fn run(&mut self) {
        let python = std::env::var("SAMITI_TEST_SMTP_PYTHON")
            .expect("SAMITI_TEST_SMTP_PYTHON: run scripts/test.sh, or eval \"$(scripts/smtp-sink.sh env)\" first");
        let script = std::env::var("SAMITI_TEST_SMTP_SINK").map(PathBuf::from).expect("SAMITI_TEST_SMTP_SINK");
        let mut command = Command::new(python);
        command.arg(script).arg("--port").arg(self.port.to_string()).arg("--dir").arg(self.dir.path());
        if let Some(auth) = &self.auth {
            command.arg("--auth").arg(auth);
        }
        self.child = Some(command.stdout(Stdio::null()).spawn().expect("the SMTP server starts"));
        for _ in 0..300 {
            if tokio::net::TcpStream::connect(("127.0.0.1", self.port)).await.is_ok() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the SMTP server did not answer on port {}", self.port);
    }

    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// `ok`, `tempfail` (451) or `permfail` (550), from the next message on.
    pub fn set_mode(&self, mode: &str) {
        std::fs::write(self.dir.path().join("mode"), mode).unwrap();
    }

    /// Every message received so far, in the order received.
    pub fn received(&self) -> Vec<Vec<u8>> {
        let mut names: Vec<PathBuf> = std::fs::read_dir(self.dir.path())
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|e| e == "eml"))
            .collect();
        names.sort();
        names.iter().map(|path| std::fs::read(path).unwrap()).collect()
    }

    /// Waits until at least `n` messages have arrived (30 s at most); answers them all.
    pub async fn wait_for(&self, n: usize) -> Vec<Vec<u8>> {
        for _ in 0..600 {
            let received = self.received();
            if received.len() >= n {
                return received;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("{} messages arrived, {n} expected", self.received().len());
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        self.stop();
    }
}

pub fn settings(url: &str) -> MailSettings {
    MailSettings {
        relay: SmtpRelay::parse(url).unwrap(),
        from: "Samiti Office <office@samiti.example.org>".into(),
        rate_per_minute: None,
        first_retry: Duration::from_millis(300),
    }
}

/// Mail on, through the relay at `url`.
pub fn mail_on(url: String) -> impl FnOnce(&mut Config) {
    move |config| config.mail = Some(settings(&url))
}

fn parse(raw: &[u8]) -> Message<'_> {
    MessageParser::default().parse(raw).expect("a message")
}

fn envelope_to(raw: &[u8]) -> String {
    let text = String::from_utf8_lossy(raw);
    text.lines().next().unwrap().strip_prefix("X-Envelope-To: ").unwrap().to_owned()
}

async fn log(app: &TestApp, token: &str, query: &str) -> Vec<Value> {
    let response = app.get(&format!("/api/admin/mail/messages{query}"), Some(token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

/// Waits until no message of the outbox waits or is being sent (30 s at most).
async fn settled(app: &TestApp, token: &str) -> Value {
    for _ in 0..600 {
        let status: Value = app.get("/api/admin/mail", Some(token)).await.json().await.unwrap();
        if status["waiting"] == 0 && status["sending"] == 0 {
            return status;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the outbox did not settle");
}

async fn subscribe(app: &TestApp, value: &str, lang: &str) -> reqwest::Response {
    app.client
        .post(app.url("/api/subscribers"))
        .header("cookie", format!("i18next={lang}"))
        .json(&json!({"value": value}))
        .send()
        .await
        .unwrap()
}

/// The link of a message's button (the first address after the line that introduces it).
fn link_in(text: &str, path: &str) -> String {
    let start = text.find("http").unwrap_or_else(|| panic!("a link in {text}"));
    let link: String = text[start..].chars().take_while(|c| !c.is_whitespace()).collect();
    assert!(link.contains(path), "{link} goes to {path}");
    link
}

#[tokio::test]
async fn a_booking_is_mailed_in_the_language_of_its_page_with_the_check_link_and_the_pdf() {
    let sink = SmtpSink::start().await;
    let app = TestApp::spawn_with(mail_on(sink.url())).await;
    let response = app.client.post(app.url("/api/bookings")).header("cookie", "i18next=mr").json(&room("सुरेश पाटील")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let reference = response.headers()["x-booking-reference"].to_str().unwrap().to_owned();
    let code = response.headers()["x-booking-code"].to_str().unwrap().to_owned();

    let received = sink.wait_for(1).await;
    assert_eq!(envelope_to(&received[0]), "suresh@example.org");
    let message = parse(&received[0]);
    assert_eq!(message.subject(), Some(format!("आरक्षण निश्चित: {reference}").as_str()));
    assert!(message.message_id().is_some_and(|id| id.ends_with("@samiti.example.org")), "{:?}", message.message_id());
    assert!(message.date().is_some(), "a Date header");
    let text = message.body_text(0).unwrap();
    assert!(text.contains("नमस्कार सुरेश पाटील"), "{text}");
    assert!(text.contains(&reference) && text.contains("आगमन दिनांक"), "{text}");
    assert!(text.contains(&format!("{}/booking/{reference}?code={code}", app.address)), "the check page's link: {text}");
    let html = message.body_html(0).unwrap();
    assert!(html.contains("lang=\"mr\"") && html.contains(&reference));
    assert!(!html.contains("<img") && !html.contains("src="), "nothing fetched from elsewhere: no tracking");
    let attachments: Vec<_> = message.attachments().collect();
    assert_eq!(attachments.len(), 1);
    assert_eq!(attachments[0].attachment_name(), Some("booking_confirmation.pdf"));
    assert!(pdf_text(attachments[0].contents()).contains(&reference), "the PDF is the booking's confirmation");

    // The same booking from an English page: in English.
    let response = app.post("/api/abhishek-bookings", crate::bookings::markandeya("Suresh Patil"), None).await;
    let reference = response.headers()["x-booking-reference"].to_str().unwrap().to_owned();
    let received = sink.wait_for(2).await;
    let message = parse(&received[1]);
    assert_eq!(message.subject(), Some(format!("Booking confirmed: {reference}").as_str()));
    assert!(message.body_text(0).unwrap().contains("Puja date"));
    assert_eq!(message.attachments().next().unwrap().attachment_name(), Some("abhishek_booking_confirmation.pdf"));

    let token = app.admin_token().await;
    settled(&app, &token).await;
    let rows = log(&app, &token, "?status=sent&kind=booking").await;
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().all(|row| row["attempts"] == 1 && row["recipient"] == "suresh@example.org" && row["sent_at"].is_string()));
}

#[tokio::test]
async fn without_smtp_settings_forms_work_as_before_and_the_dashboard_says_mail_is_off() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    assert_eq!(app.post("/api/bookings", room("Asha Joshi"), None).await.status(), StatusCode::OK);
    let subscribed = subscribe(&app, "asha@example.org", "en").await;
    assert_eq!(subscribed.status(), StatusCode::CREATED);
    let subscribed: Value = subscribed.json().await.unwrap();
    assert_eq!(subscribed["status"], "waiting");
    assert_eq!(subscribed["confirmation_sent"], false);
    let status: Value = app.get("/api/admin/mail", Some(&token)).await.json().await.unwrap();
    assert_eq!(status["configured"], false);
    assert_eq!(status["waiting"], 0, "nothing written: {status}");
    let update = json!({"subject": {"en": "Utsav", "mr": "उत्सव"}, "body": {"en": "Come", "mr": "या"}});
    let refused = error_body(app.post("/api/admin/updates", update.clone(), Some(&token)).await, StatusCode::CONFLICT).await;
    assert_eq!(refused["error"], "Mail is not configured");
    assert_eq!(app.post("/api/admin/updates/preview", update, Some(&token)).await.status(), StatusCode::OK, "a preview needs no relay");
}

#[tokio::test]
async fn an_email_subscriber_confirms_by_the_link_and_repeats_do_not_flood_the_inbox() {
    let sink = SmtpSink::start().await;
    let app = TestApp::spawn_with(mail_on(sink.url())).await;
    let token = app.admin_token().await;

    let first = subscribe(&app, "Meera@Example.org", "mr").await;
    assert_eq!(first.status(), StatusCode::CREATED);
    let first: Value = first.json().await.unwrap();
    assert_eq!((first["status"].as_str(), first["lang"].as_str(), first["confirmation_sent"].as_bool()), (Some("waiting"), Some("mr"), Some(true)));
    // Subscribing again at once: the same answer, no second message.
    let again = subscribe(&app, "meera@example.org", "mr").await;
    assert_eq!(again.status(), StatusCode::OK);
    assert_eq!(again.json::<Value>().await.unwrap()["confirmation_sent"], false);
    // A mobile number is listed, never mailed.
    let mobile: Value = subscribe(&app, "98765 43210", "mr").await.json().await.unwrap();
    assert_eq!((mobile["status"].as_str(), mobile["confirmation_sent"].as_bool()), (Some("mobile"), Some(false)));

    let received = sink.wait_for(1).await;
    assert_eq!(envelope_to(&received[0]), "meera@example.org");
    let message = parse(&received[0]);
    assert!(message.subject().unwrap().contains("कृपया खात्री करा"), "{:?}", message.subject());
    let link = link_in(&message.body_text(0).unwrap(), "/api/subscribers/confirm/");
    assert!(message.body_html(0).unwrap().contains(&format!("href=\"{link}\"")));

    let listed = app.get("/api/subscribers?status=waiting", Some(&token)).await;
    assert_eq!(listed.headers()["x-total-count"], "1");
    // The link confirms on GET and answers a page in the subscriber's language.
    let page = app.client.get(&link).send().await.unwrap();
    assert_eq!(page.status(), StatusCode::OK);
    assert!(page.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
    let page = page.text().await.unwrap();
    assert!(page.contains("lang=\"mr\"") && page.contains("खात्री झाली"), "{page}");
    let confirmed: Vec<Value> = app.get("/api/subscribers?status=confirmed", Some(&token)).await.json().await.unwrap();
    assert_eq!(confirmed.len(), 1);
    assert_eq!(confirmed[0]["value"], "meera@example.org");
    assert!(confirmed[0].get("token").is_none(), "the link's secret is never listed");
    // Once confirmed, subscribing again is the specification's 409.
    let repeated = error_body(subscribe(&app, "meera@example.org", "en").await, StatusCode::CONFLICT).await;
    assert_eq!(repeated["error"], "This email or mobile number is already subscribed.");
    // An unknown link: a page saying so, and nothing changes.
    let unknown = app.client.get(app.url("/api/subscribers/confirm/0123456789abcdef0123456789abcdef")).send().await.unwrap();
    assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(sink.received().len(), 1, "one confirmation in all");
    assert_eq!(log(&app, &token, "?kind=confirmation").await.len(), 1);
}

async fn confirmed_subscriber(app: &TestApp, sink: &SmtpSink, address: &str, lang: &str) {
    let before = sink.received().len();
    assert_eq!(subscribe(app, address, lang).await.status(), StatusCode::CREATED);
    let received = sink.wait_for(before + 1).await;
    let raw = received.iter().find(|raw| envelope_to(raw) == address).unwrap();
    let link = link_in(&parse(raw).body_text(0).unwrap(), "/api/subscribers/confirm/");
    assert_eq!(app.client.get(&link).send().await.unwrap().status(), StatusCode::OK);
}

#[tokio::test]
async fn an_update_reaches_confirmed_subscribers_only_each_in_their_language_and_one_click_unsubscribes() {
    let sink = SmtpSink::start().await;
    let app = TestApp::spawn_with(mail_on(sink.url())).await;
    let token = app.admin_token().await;
    confirmed_subscriber(&app, &sink, "anil@example.org", "en").await;
    confirmed_subscriber(&app, &sink, "bharati@example.org", "mr").await;
    assert_eq!(subscribe(&app, "waiting@example.org", "en").await.status(), StatusCode::CREATED);
    assert_eq!(subscribe(&app, "9876543210", "en").await.status(), StatusCode::CREATED);
    let before = sink.wait_for(3).await.len();

    let update = json!({
        "subject": {"en": "Ganesh Utsav", "mr": "गणेश उत्सव"},
        "body": {"en": "The utsav starts on Friday.\n\nAll are welcome.", "mr": "उत्सव शुक्रवारी सुरू होईल.\n\nसर्वांचे स्वागत."},
    });
    let sent = app.post("/api/admin/updates", update.clone(), Some(&token)).await;
    assert_eq!(sent.status(), StatusCode::CREATED);
    let sent: Value = sent.json().await.unwrap();
    assert_eq!(sent["recipients"], 2, "confirmed e-mail subscribers only");
    let received = sink.wait_for(before + 2).await;
    let updates: Vec<&Vec<u8>> = received[before..].iter().collect();
    let to: HashSet<String> = updates.iter().map(|raw| envelope_to(raw)).collect();
    assert_eq!(to, HashSet::from(["anil@example.org".to_owned(), "bharati@example.org".to_owned()]));
    let mut unsubscribe_links = Vec::new();
    for raw in updates {
        let message = parse(raw);
        let marathi = envelope_to(raw) == "bharati@example.org";
        assert_eq!(message.subject(), Some(if marathi { "गणेश उत्सव" } else { "Ganesh Utsav" }));
        let header = message.header_raw("List-Unsubscribe").unwrap().trim().to_owned();
        assert!(header.starts_with('<') && header.ends_with('>'), "{header}");
        let link = header.trim_matches(|c| c == '<' || c == '>').to_owned();
        assert!(link.starts_with(&format!("{}/api/subscribers/unsubscribe/", app.address)), "an https-or-http URL: {link}");
        assert_eq!(message.header_raw("List-Unsubscribe-Post").map(str::trim), Some("List-Unsubscribe=One-Click"));
        let text = message.body_text(0).unwrap();
        assert!(text.contains(&link), "the link is in the text too");
        assert!(text.contains(if marathi { "सर्वांचे स्वागत" } else { "All are welcome" }));
        let html = message.body_html(0).unwrap();
        assert!(html.contains("<p style=\"margin:0 0 16px;\">The utsav starts on Friday.</p>") || marathi, "paragraphs: {html}");
        unsubscribe_links.push((marathi, link));
    }
    // Progress: all sent.
    settled(&app, &token).await;
    let listed: Vec<Value> = app.get("/api/admin/updates", Some(&token)).await.json().await.unwrap();
    assert_eq!((listed[0]["sent"].as_u64(), listed[0]["failed"].as_u64(), listed[0]["waiting"].as_u64()), (Some(2), Some(0), Some(0)));

    // One click (RFC 8058) for one, the link in the text for the other.
    for (marathi, link) in &unsubscribe_links {
        let response = if *marathi {
            app.client.get(link).send().await.unwrap()
        } else {
            app.client
                .post(link)
                .header("content-type", "application/x-www-form-urlencoded")
                .body("List-Unsubscribe=One-Click")
                .send()
                .await
                .unwrap()
        };
        assert_eq!(response.status(), StatusCode::OK);
        let page = response.text().await.unwrap();
        assert!(page.contains(if *marathi { "सूचना बंद केल्या" } else { "You are unsubscribed" }), "{page}");
    }
    let gone: Vec<Value> = app.get("/api/subscribers?status=unsubscribed", Some(&token)).await.json().await.unwrap();
    assert_eq!(gone.len(), 2);
    // An unsubscribed address never receives another update.
    let next: Value = app.post("/api/admin/updates", update, Some(&token)).await.json().await.unwrap();
    assert_eq!(next["recipients"], 0);
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(sink.received().len(), before + 2);
}

#[tokio::test]
async fn the_preview_and_the_test_show_the_message_as_sent_and_bad_input_gets_its_messages() {
    let sink = SmtpSink::start().await;
    let app = TestApp::spawn_with(mail_on(sink.url())).await;
    let token = app.admin_token().await;
    let update = json!({"subject": {"en": "Hello\r\nBcc: evil@example.net", "mr": "नमस्कार"}, "body": {"en": "<b>Come</b>", "mr": "या"}});
    let preview: Value = app.post("/api/admin/updates/preview", update.clone(), Some(&token)).await.json().await.unwrap();
    assert_eq!(preview["mr"]["subject"], "नमस्कार");
    assert!(preview["en"]["html"].as_str().unwrap().contains("&lt;b&gt;Come&lt;/b&gt;"), "typed text is escaped");
    // A line break in a subject cannot add a header.
    let test = app.post("/api/admin/updates/test", update, Some(&token)).await;
    assert_eq!(test.status(), StatusCode::ACCEPTED);
    assert_eq!(test.json::<Value>().await.unwrap()["to"], ADMIN_EMAIL);
    let received = sink.wait_for(2).await;
    for raw in &received {
        assert_eq!(envelope_to(raw), ADMIN_EMAIL, "to the administrator only");
        let message = parse(raw);
        assert!(message.header_raw("Bcc").is_none());
        assert!(message.subject().unwrap().starts_with("[Test]") || message.subject().unwrap().starts_with("[चाचणी]"));
    }
    let english = received.iter().map(|raw| parse(raw)).find(|m| m.subject().unwrap().starts_with("[Test]")).unwrap();
    assert_eq!(english.subject(), Some("[Test] Hello Bcc: evil@example.net"));

    // Empty, too long, not objects.
    let response = app.post("/api/admin/updates", json!({"subject": {"en": "", "mr": "x".repeat(151)}, "body": {}}), Some(&token)).await;
    let body = error_body(response, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(
        body["fields"],
        json!({
            "subject.en": "Please enter the subject", "subject.mr": "Maximum 150 characters allowed",
            "body.en": "Please enter the message", "body.mr": "Please enter the message",
        })
    );
    let response = app.post("/api/admin/updates", json!({"subject": "x", "body": {"en": "a", "mr": "b"}}), Some(&token)).await;
    assert_eq!(error_body(response, StatusCode::UNPROCESSABLE_ENTITY).await["fields"]["subject"], "Invalid value");
    let listed: Vec<Value> = app.get("/api/admin/updates", Some(&token)).await.json().await.unwrap();
    assert!(listed.is_empty(), "nothing half-saved");
}

#[tokio::test]
async fn a_booking_made_while_the_relay_is_down_is_delivered_exactly_once_when_it_returns() {
    let mut sink = SmtpSink::start().await;
    sink.stop();
    let app = TestApp::spawn_with(mail_on(sink.url())).await;
    let token = app.admin_token().await;
    let response = app.post("/api/bookings", room("Asha Joshi"), None).await;
    assert_eq!(response.status(), StatusCode::OK, "a booking never fails because mail is down");
    let reference = response.headers()["x-booking-reference"].to_str().unwrap().to_owned();
    // Tried and kept waiting, with the reason.
    let mut waiting = Vec::new();
    for _ in 0..200 {
        waiting = log(&app, &token, "?status=waiting").await;
        if waiting.first().is_some_and(|row| row["last_error"].is_string()) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(waiting.len(), 1, "{waiting:?}");
    assert!(waiting[0]["attempts"].as_i64().unwrap() >= 1);

    sink.run().await;
    let received = sink.wait_for(1).await;
    assert!(parse(&received[0]).subject().unwrap().contains(&reference));
    let status = settled(&app, &token).await;
    assert_eq!((status["sent"].as_u64(), status["failed"].as_u64()), (Some(1), Some(0)));
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(sink.received().len(), 1, "exactly one delivery");
}

#[tokio::test]
async fn a_refusal_is_given_up_with_its_reason_and_sent_again_on_request_and_a_busy_relay_is_retried() {
    let sink = SmtpSink::start().await;
    sink.set_mode("permfail");
    let app = TestApp::spawn_with(mail_on(sink.url())).await;
    let token = app.admin_token().await;
    assert_eq!(app.post("/api/bookings", room("Asha Joshi"), None).await.status(), StatusCode::OK);
    settled(&app, &token).await;
    let failed = log(&app, &token, "?status=failed").await;
    assert_eq!(failed.len(), 1);
    assert_eq!(failed[0]["attempts"], 1, "a 5xx is not tried again");
    assert!(failed[0]["last_error"].as_str().unwrap().contains("550"), "{}", failed[0]["last_error"]);

    // Busy (4xx) while sent again: retried until accepted.
    sink.set_mode("tempfail");
    let id = failed[0]["id"].as_i64().unwrap();
    let again = app.post(&format!("/api/admin/mail/messages/{id}/retry"), json!({}), Some(&token)).await;
    assert_eq!(again.status(), StatusCode::OK);
    for _ in 0..200 {
        let rows = log(&app, &token, "").await;
        if rows[0]["attempts"].as_i64() >= Some(2) {
            assert!(rows[0]["last_error"].as_str().unwrap().contains("451"), "{}", rows[0]);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    sink.set_mode("ok");
    sink.wait_for(1).await;
    settled(&app, &token).await;
    let rows = log(&app, &token, "").await;
    assert_eq!(rows[0]["status"], "sent");
    // Only a failed message is sent again.
    let refused = error_body(app.post(&format!("/api/admin/mail/messages/{id}/retry"), json!({}), Some(&token)).await, StatusCode::CONFLICT).await;
    assert_eq!(refused["error"], "Only a failed message can be sent again");
    assert_eq!(app.post("/api/admin/mail/messages/999999/retry", json!({}), Some(&token)).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.get("/api/admin/mail/messages?status=lost", Some(&token)).await.status(), StatusCode::BAD_REQUEST);
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(sink.received().len(), 1);
}

#[tokio::test]
async fn a_refused_login_keeps_messages_waiting_until_the_password_is_right() {
    let sink = SmtpSink::start_with(Some("samiti:right-password")).await;
    let wrong = format!("smtp://samiti:wrong@127.0.0.1:{}", sink.port);
    let (app, stop) = {
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let (app, handle) = TestApp::spawn_stoppable(mail_on(wrong), async move {
            let _ = rx.await;
        })
        .await;
        (app, (tx, handle))
    };
    let token = app.admin_token().await;
    assert_eq!(app.post("/api/bookings", room("Asha Joshi"), None).await.status(), StatusCode::OK);
    let mut rows = Vec::new();
    for _ in 0..200 {
        rows = log(&app, &token, "").await;
        if rows[0]["last_error"].is_string() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(rows[0]["status"], "waiting", "a refused login is the site's settings: tried again, {}", rows[0]);
    assert!(rows[0]["last_error"].as_str().unwrap().contains("535"), "{}", rows[0]);
    assert!(sink.received().is_empty());
    drop(stop);
    // The same site, started again with the right password: the message goes out once.
    let right = format!("smtp://samiti:right-password@127.0.0.1:{}", sink.port);
    let second = TestApp::spawn_with(|config| {
        mail_on(right)(config);
        config.database_url = app.database_url.clone();
    })
    .await;
    let received = sink.wait_for(1).await;
    assert_eq!(envelope_to(&received[0]), "suresh@example.org");
    let token = second.login(ADMIN_EMAIL, crate::helpers::ADMIN_PASSWORD).await;
    settled(&second, &token).await;
    assert_eq!(sink.received().len(), 1);
}

#[tokio::test]
async fn two_instances_on_one_database_send_one_outbox_without_a_duplicate() {
    let sink = SmtpSink::start().await;
    let secret = "two-instances-share-one-secret-of-32-chars";
    let a = TestApp::spawn_with(|config| {
        mail_on(sink.url())(config);
        config.jwt_secret = Some(secret.into());
    })
    .await;
    let b = TestApp::spawn_with(|config| {
        mail_on(sink.url())(config);
        config.jwt_secret = Some(secret.into());
        config.database_url = a.database_url.clone();
    })
    .await;
    let token = a.admin_token().await;
    // 120 confirmed subscribers, written straight into the shared database.
    {
        use sea_orm::{ConnectionTrait, Database};
        let db = Database::connect(&a.database_url).await.unwrap();
        for n in 0..120 {
            let sql = format!(
                "INSERT INTO subscribers (value, created_at, status, lang, token, confirmations_sent) \
                 VALUES ('reader{n}@example.org', '2026-01-01T00:00:00+00:00', 'confirmed', 'en', 'token{n:027}', 0)"
            );
            db.execute_unprepared(&sql).await.unwrap();
        }
    }
    let update = json!({"subject": {"en": "Annual meeting", "mr": "वार्षिक सभा"}, "body": {"en": "On Sunday.", "mr": "रविवारी."}});
    assert_eq!(a.post("/api/admin/updates", update, Some(&token)).await.status(), StatusCode::CREATED);
    let received = sink.wait_for(120).await;
    settled(&b, &token).await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    let received_now = sink.received();
    assert_eq!(received_now.len(), 120, "no duplicate (first count {})", received.len());
    let ids: HashSet<String> = received_now.iter().map(|raw| parse(raw).message_id().unwrap().to_owned()).collect();
    let to: HashSet<String> = received_now.iter().map(|raw| envelope_to(raw)).collect();
    assert_eq!((ids.len(), to.len()), (120, 120));
}

/// A message given up, written straight into the database (for the send-again route).
pub async fn failed_message(database_url: &str) -> i64 {
    use sea_orm::{ConnectionTrait, Database, Statement};
    let db = Database::connect(database_url).await.unwrap();
    let backend = db.get_database_backend();
    let now = "2026-01-01T00:00:00+00:00";
    db.execute_unprepared(&format!(
        "INSERT INTO mail_bodies (subject, text, html, created_at) VALUES ('Hello', 'Hello', '<p>Hello</p>', '{now}')"
    ))
    .await
    .unwrap();
    let newest = |row: sea_orm::QueryResult| row.try_get::<i32>("", "id").map(i64::from).unwrap_or_else(|_| row.try_get::<i64>("", "id").unwrap());
    let body = newest(db.query_one_raw(Statement::from_string(backend, "SELECT MAX(id) AS id FROM mail_bodies")).await.unwrap().unwrap());
    db.execute_unprepared(&format!(
        "INSERT INTO outbox (kind, recipient, lang, subject, body_id, message_id, status, attempts, next_attempt_at, last_error, created_at) \
         VALUES ('test', 'someone@example.org', 'en', 'Hello', {body}, '<x@samiti.example.org>', 'failed', 1, '{now}', '550 no', '{now}')"
    ))
    .await
    .unwrap();
    newest(db.query_one_raw(Statement::from_string(backend, "SELECT MAX(id) AS id FROM outbox")).await.unwrap().unwrap())
}

/// A member who forgot the password asks for a link by e-mail; the link sets a new password
/// once, within the hour; an address without an account gets the same answer and no message.
#[tokio::test]
async fn a_forgotten_member_password_is_set_again_through_a_link_that_works_once() {
    let sink = SmtpSink::start().await;
    let app = TestApp::spawn_with(mail_on(sink.url())).await;
    let account = json!({"profile_for": "Self", "email": "asha@example.org", "mobile": "9876500001", "password": "old-secret"});
    assert_eq!(app.post("/api/matrimony/register", account, None).await.status(), StatusCode::CREATED);
    let ask = |email: &'static str| {
        app.client.post(app.url("/api/auth/forgot-password")).header("cookie", "i18next=mr").json(&json!({"email": email})).send()
    };
    let nobody = ask("nobody@example.org").await.unwrap();
    assert_eq!(nobody.status(), StatusCode::ACCEPTED);
    let asked = ask("Asha@Example.org").await.unwrap();
    assert_eq!(asked.status(), StatusCode::ACCEPTED);
    assert_eq!(asked.json::<Value>().await.unwrap(), nobody.json::<Value>().await.unwrap(), "the same answer");
    let received = sink.wait_for(1).await;
    assert_eq!(envelope_to(&received[0]), "asha@example.org");
    let message = parse(&received[0]);
    assert!(message.subject().unwrap().contains("नवीन पासवर्ड"), "{:?}", message.subject());
    let link = link_in(&message.body_text(0).unwrap(), "/resetPassword?token=");
    let token = link.split("token=").nth(1).unwrap().to_owned();

    let set = |password: &'static str, token: String| app.post("/api/auth/reset-password", json!({"token": token, "password": password}), None);
    assert_fields(set("123", token.clone()).await, json!({"password": "Password must be at least 6 characters."})).await;
    let done = set("new-secret", token.clone()).await;
    assert_eq!(done.status(), StatusCode::OK);
    assert_eq!(done.json::<Value>().await.unwrap()["message"], "Password changed. You can log in now.");
    let login = |password: &'static str| app.post("/api/auth/login", json!({"emailOrMobile": "asha@example.org", "password": password}), None);
    assert_eq!(login("new-secret").await.status(), StatusCode::OK);
    assert_eq!(login("old-secret").await.status(), StatusCode::UNAUTHORIZED);
    // The link works once; a made-up or altered token never; and it signs nobody in.
    let again = error_body(set("third-secret", token.clone()).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(again["error"], "This link has expired or has already been used. Please ask for a new one.");
    error_body(set("third-secret", format!("{token}x")).await, StatusCode::BAD_REQUEST).await;
    assert_eq!(app.get("/api/profile/mine", Some(&token)).await.status(), StatusCode::UNAUTHORIZED);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(sink.received().len(), 1, "no message to an address without an account");

    // Without mail the board resets it: an owner sets the member's password from the dashboard.
    let off = TestApp::spawn().await;
    let account = json!({"profile_for": "Self", "email": "ravi@example.org", "mobile": "9876500002", "password": "old-secret"});
    off.post("/api/matrimony/register", account, None).await;
    let refused = error_body(off.post("/api/auth/forgot-password", json!({"email": "ravi@example.org"}), None).await, StatusCode::CONFLICT).await;
    assert!(refused["error"].as_str().unwrap().contains("ask the matchmaking board"), "{refused}");
    let owner = off.admin_token().await;
    let reset = off.post("/api/admin/members/1/password", json!({"password": "given-by-board"}), Some(&owner)).await;
    assert_eq!(reset.status(), StatusCode::OK);
    let signed_in = off.post("/api/auth/login", json!({"emailOrMobile": "ravi@example.org", "password": "given-by-board"}), None).await;
    assert_eq!(signed_in.status(), StatusCode::OK);
    assert_eq!(off.post("/api/admin/members/99/password", json!({"password": "given-by-board"}), Some(&owner)).await.status(), StatusCode::NOT_FOUND);
    let audit: Vec<Value> = off.get("/api/admin/audit?action=password_reset", Some(&owner)).await.json().await.unwrap();
    assert!(audit[0]["summary"].as_str().unwrap().contains("ravi@example.org"));
    assert!(!audit[0]["changes"].as_str().unwrap().contains("argon2"), "no hash in the log");
}
