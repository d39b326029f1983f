//! Backup and restore (docs/DESIGN.md §13): the restore drill (a site with every kind of row
//! and file, backed up with `samiti backup`, restored with `samiti restore` into a fresh SQLite
//! site and a fresh PostgreSQL database, compared through the API), refusals of damaged files,
//! of a target that holds a site and of a newer schema, an older schema migrated after its
//! rows, failures that leave no file behind, the schedule and the owner's download.
use std::{
    collections::BTreeMap,
    io::{Read, Write},
    path::{Path, PathBuf},
    process::{Command, Output},
    time::Duration,
};

use regex::Regex;
use reqwest::{StatusCode, multipart::Form};
use serde_json::{Value, json};

use crate::{bookings, families, helpers::*, images::*, profiles, roles, site};

/// `samiti <args>` against a site's data folder and database, as an operator runs it.
fn samiti(data_dir: &Path, database_url: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_samiti"))
        .args(args)
        .env("SAMITI_DATA_DIR", data_dir)
        .env("DATABASE_URL", database_url)
        .env("RUST_LOG", "warn")
        .output()
        .expect("the samiti binary runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// What [`fill`] made that the API does not list: the bookings' check codes and a member.
struct Filled {
    checks: Vec<(String, String)>,
    heads: Vec<i64>,
}

const MEMBER_PASSWORD: &str = "Plain-Secret-42";

/// A site with every kind of row and file: administrators with roles, contacts, subscribers,
/// notifications, an image of each media list (with variants), the four bookings (one
/// cancelled), capacity and a closed date, a family with members, a matrimonial account and a
/// profile with its photo and biodata (published), the site content with an uploaded image
/// (a second version), and the audit entries all of it made.
async fn fill(app: &TestApp, owner: &str) -> Filled {
    roles::add_admin(app, owner, "editor@example.org", &["content", "bookings"]).await;
    for (name, message) in [("Sunita", "Namaskar"), ("सुनीता पाटील", "देवळाची वेळ कळवा")] {
        let body = json!({"full_name": name, "email": "sunita@example.org", "message": message});
        assert_eq!(app.post("/api/contacts", body, None).await.status(), StatusCode::CREATED);
    }
    for value in ["reader@example.org", "9876543210"] {
        assert_eq!(app.post("/api/subscribers", json!({"value": value}), None).await.status(), StatusCode::CREATED);
    }
    assert_eq!(app.post("/notifications", json!({"message": "सत्संग रविवारी"}), Some(owner)).await.status(), StatusCode::CREATED);
    for (n, kind) in ["events", "gallery", "magazines", "career"].into_iter().enumerate() {
        let form = Form::new().part("image", file_part(jpeg(900, 600, n as u32 + 1), "photo.jpg", "image/jpeg")).text("description", "उत्सव");
        assert_eq!(post_form(app, &format!("/api/{kind}"), form, Some(owner)).await.status(), StatusCode::CREATED, "{kind}");
    }
    let mut checks = Vec::new();
    for (path, _, _, body) in bookings::kinds() {
        let response = app.post(path, body, None).await;
        assert!(response.status().is_success(), "{path}: {}", response.status());
        let header = |name: &str| response.headers()[name].to_str().unwrap().to_owned();
        checks.push((header("x-booking-reference"), header("x-booking-code")));
    }
    let rooms: Vec<Value> = app.get("/api/bookings", Some(owner)).await.json().await.unwrap();
    let cancelled = app.post(&format!("/api/bookings/{}/cancel", rooms[0]["id"]), json!({}), Some(owner)).await;
    assert!(cancelled.status().is_success(), "cancel: {}", cancelled.status());
    let capacity = json!({
        "rooms": {"standard": 5, "deluxe": 2, "suite": null},
        "pujas_per_day": {"markandeya": 20, "poshavvadevi": null, "shitaladevi": null},
    });
    assert_eq!(app.put("/api/bookings/capacity", capacity, Some(owner)).await.status(), StatusCode::OK);
    let closed = json!({"kind": "room", "date": (samiti::validation::today_in_india() + chrono::Days::new(40)).to_string(), "reason": "उत्सव"});
    assert_eq!(app.post("/api/bookings/blocked-dates", closed, Some(owner)).await.status(), StatusCode::CREATED);
    let body = json!({"head": families::head(), "familyMembers": [families::member("सुनीता", "पत्नी"), families::member("अनुष्का", "मुलगी")]});
    let head = families::register(app, body).await["id"].as_i64().unwrap();
    let account = json!({"profile_for": "Son", "email": "asha@example.org", "mobile": "9876543211", "password": MEMBER_PASSWORD});
    assert_eq!(app.post("/api/matrimony/register", account, None).await.status(), StatusCode::CREATED);
    let form = profiles::form(
        &profiles::fields("सुरेश पाटील"),
        vec![("profile_photo", jpeg(900, 1200, 7)), ("biodata", b"%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n".to_vec())],
    );
    assert_eq!(post_form(app, "/api/profile/register", form, Some(&app.member_token().await)).await.status(), StatusCode::CREATED);
    let listed: Vec<Value> = app.get("/api/profile/profiles", Some(owner)).await.json().await.unwrap();
    let published = app.post(&format!("/api/profile/upload-profile/{}", listed[0]["id"]), json!({}), Some(owner)).await;
    assert!(published.status().is_success());
    let uploaded = post_form(app, "/api/admin/site/images", Form::new().part("file", file_part(jpeg(1200, 500, 9), "slide.jpg", "image/jpeg")), Some(owner)).await;
    assert_eq!(uploaded.status(), StatusCode::CREATED);
    let image: Value = uploaded.json().await.unwrap();
    let url = image["url"].as_str().expect("the uploaded image's url").to_owned();
    site::publish_with(app, owner, |content| {
        site::rename(content);
        content["slides"][0]["image"] = json!(url);
    })
    .await;
    Filled { checks, heads: vec![head] }
}

/// Signed links carry their own expiry and signature: the same file, another link. And
/// PostgreSQL keeps times to the microsecond: SQLite's nanoseconds are cut on the way there.
fn unsigned(text: &str) -> String {
    let link = Regex::new(r"\?expires=\d+&sig=[0-9a-f]{64}").unwrap();
    let expiry = Regex::new(r#""expires_at":"[^"]*""#).unwrap();
    let nanos = Regex::new(r"(\.\d{6})\d+(Z|[+-]\d\d:\d\d)").unwrap();
    let text = expiry.replace_all(&link.replace_all(text, "?signed"), r#""expires_at":"…""#).into_owned();
    nanos.replace_all(&text, "$1$2").into_owned()
}

/// Everything the API shows of the site to its owner and to a visitor, by request.
async fn seen(app: &TestApp, owner: &str, filled: &Filled, audit_up_to: Option<i64>) -> BTreeMap<String, Value> {
    let mut paths: Vec<String> = [
        "/api/contacts", "/api/subscribers", "/notifications", "/api/events", "/api/gallery", "/api/magazines", "/api/career",
        "/api/bookings", "/api/abhishek-bookings", "/api/poshavvadevi-bookings", "/api/shitaladevi-bookings",
        "/api/bookings/blocked-dates", "/api/bookings/capacity", "/api/heads", "/api/profile/profiles",
        "/api/profile/uploaded-profiles", "/api/admin/users", "/api/admin/site", "/api/admin/site/versions",
        "/api/admin/site/versions/1", "/api/admin/site/versions/2", "/api/site",
    ]
    .into_iter()
    .map(|path| if path.starts_with("/api/") && !path.contains("/site") && !path.contains("capacity") { format!("{path}?per_page=100") } else { path.to_owned() })
    .collect();
    for head in &filled.heads {
        paths.push(format!("/api/heads/{head}"));
        paths.push(format!("/api/family-members/{head}"));
    }
    for (reference, code) in &filled.checks {
        paths.push(format!("/api/bookings/verify/{reference}?code={code}"));
    }
    let mut seen = BTreeMap::new();
    for path in paths {
        let response = app.get(&path, Some(owner)).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let total = response.headers().get("x-total-count").map(|v| v.to_str().unwrap().to_owned());
        let body: Value = serde_json::from_str(&unsigned(&response.text().await.unwrap())).unwrap();
        seen.insert(path, json!({"total": total, "body": body}));
    }
    // The audit log up to the backup: the restored site adds its own sign-ins after it.
    let entries: Vec<Value> = serde_json::from_str(&unsigned(&app.get("/api/admin/audit?per_page=100", Some(owner)).await.text().await.unwrap())).unwrap();
    let up_to = audit_up_to.unwrap_or_else(|| entries.iter().filter_map(|e| e["id"].as_i64()).max().unwrap());
    let kept: Vec<Value> = entries.into_iter().filter(|e| e["id"].as_i64().unwrap() <= up_to).collect();
    seen.insert("/api/admin/audit".into(), json!(kept));
    seen
}

fn max_audit_id(seen: &BTreeMap<String, Value>) -> i64 {
    seen["/api/admin/audit"].as_array().unwrap().iter().filter_map(|e| e["id"].as_i64()).max().unwrap()
}

/// The stored files the seen pages point at: public URLs, and private names with their link.
fn files_in(app: &TestApp, owner_seen: &BTreeMap<String, Value>, links: &BTreeMap<String, String>) -> Vec<(String, String)> {
    let text = serde_json::to_string(owner_seen).unwrap();
    let public = Regex::new(r"/(?:uploads|magazines|career)/[0-9a-f]{32}(?:-\d+)?\.[a-z]+").unwrap();
    let mut found: Vec<(String, String)> = public.find_iter(&text).map(|m| (m.as_str().to_owned(), app.url(m.as_str()))).collect();
    found.extend(links.iter().map(|(name, link)| (name.clone(), app.url(link))));
    found.sort();
    found.dedup();
    found
}

/// The signed links of the private files, by name, as the administrator's list gives them.
async fn private_links(app: &TestApp, owner: &str) -> BTreeMap<String, String> {
    let text = app.get("/api/profile/profiles?per_page=100", Some(owner)).await.text().await.unwrap();
    let link = Regex::new(r"/api/profile/files/([0-9a-f]{32}[^?]*)\?expires=\d+&sig=[0-9a-f]{64}").unwrap();
    link.captures_iter(&text).map(|found| (found[1].to_owned(), found[0].to_owned())).collect()
}

async fn bytes(app: &TestApp, url: &str) -> Vec<u8> {
    let response = app.client.get(url).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{url}");
    response.bytes().await.unwrap().to_vec()
}

#[tokio::test]
async fn restore_drill_a_site_comes_back_whole_on_sqlite_and_on_postgresql() {
    let app = TestApp::spawn().await;
    let owner = app.admin_token().await;
    let filled = fill(&app, &owner).await;
    let before = seen(&app, &owner, &filled, None).await;
    let before_links = private_links(&app, &owner).await;
    let before_files = files_in(&app, &before, &before_links);
    assert!(before_files.len() >= 14, "images, variants, photo and biodata: {before_files:?}");
    assert_eq!(before_links.len(), 3, "the photo, its variant and the biodata: {before_links:?}");

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("site.tar.gz");
    let taken = samiti(app.data_dir(), &app.database_url, &["backup", "--out", file.to_str().unwrap()]);
    assert!(taken.status.success(), "backup: {}", stderr(&taken));
    assert!(stderr(&taken).contains("Backup written to"), "{}", stderr(&taken));
    let manifest = samiti::backup::verify(&file).expect("the backup verifies");
    assert_eq!(manifest.tables["contacts"], 2);
    assert_eq!(manifest.tables["bookings"], 4, "the four kinds share a table");
    assert_eq!(manifest.tables["family_members"], 2);
    assert!(manifest.tables["site_versions"] >= 2);
    assert!(manifest.tables["audit_log"] > 10);

    for postgres in [false, true] {
        let target = Site::fresh(postgres).await;
        let restored = samiti(target.data_dir.path(), &target.database_url, &["restore", file.to_str().unwrap()]);
        assert!(restored.status.success(), "restore (postgres: {postgres}): {}", stderr(&restored));
        let (copy, _) = TestApp::spawn_on(target, |_| {}, std::future::pending()).await;
        // The same password signs in, on a new secret: the old tokens do not, new links work.
        let copy_owner = copy.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
        assert_eq!(copy.get("/api/admin/verify", Some(&owner)).await.status(), StatusCode::UNAUTHORIZED);
        let after = seen(&copy, &copy_owner, &filled, Some(max_audit_id(&before))).await;
        for (path, value) in &before {
            assert_eq!(same_moments(&after[path]), same_moments(value), "{path} (postgres: {postgres})");
        }
        let after_links = private_links(&copy, &copy_owner).await;
        assert_eq!(after_links.keys().collect::<Vec<_>>(), before_links.keys().collect::<Vec<_>>());
        let after_files = files_in(&copy, &after, &after_links);
        assert_eq!(after_files.len(), before_files.len());
        for ((name, original), (_, copied)) in before_files.iter().zip(&after_files) {
            assert_eq!(bytes(&copy, copied).await, bytes(&app, original).await, "{name} byte for byte (postgres: {postgres})");
        }
        let member = copy.post("/api/auth/login", json!({"emailOrMobile": "asha@example.org", "password": MEMBER_PASSWORD}), None).await;
        assert_eq!(member.status(), StatusCode::OK, "the member's password (postgres: {postgres})");
        // New rows take the ids after the restored ones.
        let body = json!({"full_name": "Ravi", "email": "ravi@example.org", "message": "Namaskar"});
        let created: Value = copy.post("/api/contacts", body, None).await.json().await.unwrap();
        assert_eq!(created["id"], 3, "postgres: {postgres}");
    }
}

/// A backup of a fresh site with one contact and one image, taken by the library.
async fn small_backup(dir: &Path) -> (TestApp, PathBuf) {
    let app = TestApp::spawn().await;
    let owner = app.admin_token().await;
    let body = json!({"full_name": "Sunita", "email": "sunita@example.org", "message": "Namaskar"});
    assert_eq!(app.post("/api/contacts", body, None).await.status(), StatusCode::CREATED);
    let form = Form::new().part("image", file_part(jpeg(900, 600, 3), "photo.jpg", "image/jpeg"));
    assert_eq!(post_form(&app, "/api/gallery", form, Some(&owner)).await.status(), StatusCode::CREATED);
    let file = dir.join("small.tar.gz");
    let taken = samiti(app.data_dir(), &app.database_url, &["backup", "--out", file.to_str().unwrap()]);
    assert!(taken.status.success(), "{}", stderr(&taken));
    (app, file)
}

/// The tables of a site's database (SQLite) and the files in its folder.
fn what_is_in(site: &Site) -> (Vec<String>, usize) {
    let database = site.data_dir.path().join("test.db");
    let tables = if database.exists() {
        let output = Command::new("python3")
            .args(["-c", "import sqlite3,sys; print('\\n'.join(r[0] for r in sqlite3.connect(sys.argv[1]).execute(\"select name from sqlite_master where type='table'\")))"])
            .arg(&database)
            .output()
            .unwrap();
        String::from_utf8_lossy(&output.stdout).lines().filter(|line| !line.is_empty()).map(str::to_owned).collect()
    } else {
        Vec::new()
    };
    let files = walk(&site.data_dir.path().join("files"));
    (tables, files)
}

fn walk(dir: &Path) -> usize {
    std::fs::read_dir(dir).map_or(0, |entries| {
        entries.flatten().map(|entry| if entry.path().is_dir() { walk(&entry.path()) } else { 1 }).sum()
    })
}

#[tokio::test]
async fn a_damaged_cut_short_or_foreign_file_is_refused_before_anything_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, file) = small_backup(dir.path()).await;
    let whole = std::fs::read(&file).unwrap();
    let mut flipped = whole.clone();
    let middle = flipped.len() / 2;
    flipped[middle] ^= 0x55;
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("one byte changed", flipped),
        ("cut short", whole[..whole.len() * 2 / 3].to_vec()),
        ("not a backup", b"PK\x03\x04 a zip, say".to_vec()),
        ("a tar.gz without a manifest", tar_gz(&[("tables/contacts.jsonl", b"{}\n")])),
    ];
    for (case, bytes) in cases {
        let bad = dir.path().join("bad.tar.gz");
        std::fs::write(&bad, &bytes).unwrap();
        let target = Site::fresh(false).await;
        let output = samiti(target.data_dir.path(), &target.database_url, &["restore", bad.to_str().unwrap()]);
        assert!(!output.status.success(), "{case}: refused");
        let message = stderr(&output);
        assert!(
            ["damaged", "could not be read", "no manifest", "not a samiti backup"].iter().any(|m| message.contains(m)),
            "{case}: a clear message: {message}"
        );
        assert_eq!(what_is_in(&target), (Vec::new(), 0), "{case}: nothing written");
    }
}

fn tar_gz(parts: &[(&str, &[u8])]) -> Vec<u8> {
    let mut builder = tar::Builder::new(flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast()));
    for (path, bytes) in parts {
        let mut header = tar::Header::new_gnu();
        header.set_size(bytes.len() as u64);
        header.set_mode(0o600);
        builder.append_data(&mut header, path, *bytes).unwrap();
    }
    builder.into_inner().unwrap().finish().unwrap()
}

/// Rewrites a backup's manifest with `change` (its parts' checksums stay right).
fn with_manifest(file: &Path, out: &Path, change: impl FnOnce(&mut Value)) {
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(std::fs::File::open(file).unwrap()));
    let mut parts: Vec<(String, Vec<u8>)> = Vec::new();
    for entry in archive.entries().unwrap() {
        let mut entry = entry.unwrap();
        let path = entry.path().unwrap().to_string_lossy().into_owned();
        let mut bytes = Vec::new();
        entry.read_to_end(&mut bytes).unwrap();
        if path == "manifest.json" {
            let mut manifest: Value = serde_json::from_slice(&bytes).unwrap();
            change(&mut manifest);
            bytes = serde_json::to_vec(&manifest).unwrap();
            parts.push((path, bytes));
            break;
        }
        parts.push((path, bytes));
    }
    let refs: Vec<(&str, &[u8])> = parts.iter().map(|(p, b)| (p.as_str(), b.as_slice())).collect();
    std::fs::File::create(out).unwrap().write_all(&tar_gz(&refs)).unwrap();
}

#[tokio::test]
async fn a_backup_of_a_newer_version_or_another_format_is_refused_with_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, file) = small_backup(dir.path()).await;
    let newer = dir.path().join("newer.tar.gz");
    with_manifest(&file, &newer, |manifest| manifest["schema"].as_array_mut().unwrap().push(json!("m20991231_000099_later")));
    let target = Site::fresh(false).await;
    let output = samiti(target.data_dir.path(), &target.database_url, &["restore", newer.to_str().unwrap()]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("from a newer version of the program"), "{}", stderr(&output));
    assert_eq!(what_is_in(&target), (Vec::new(), 0));

    let other = dir.path().join("other.tar.gz");
    with_manifest(&file, &other, |manifest| manifest["format_version"] = json!(2));
    let output = samiti(target.data_dir.path(), &target.database_url, &["restore", other.to_str().unwrap()]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("version 2"), "{}", stderr(&output));
}

#[tokio::test]
async fn a_target_that_holds_a_site_is_refused_unless_it_is_to_be_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, file) = small_backup(dir.path()).await;
    let target = Site::fresh(on_postgres()).await;
    let (data_dir, database_url) = (target.data_dir.path().to_owned(), target.database_url.clone());
    let (other, _) = TestApp::spawn_on(target, |_| {}, std::future::pending()).await;
    let owner = other.admin_token().await;
    let body = json!({"full_name": "Someone else", "email": "else@example.org", "message": "Another site"});
    assert_eq!(other.post("/api/contacts", body, None).await.status(), StatusCode::CREATED);
    let form = Form::new().part("image", file_part(jpeg(700, 500, 11), "other.jpg", "image/jpeg"));
    assert_eq!(post_form(&other, "/api/events", form, Some(&owner)).await.status(), StatusCode::CREATED);
    let old_event: Vec<Value> = other.get("/api/events", None).await.json().await.unwrap();
    let old_url = old_event[0]["url"].as_str().unwrap().to_owned();

    let refused = samiti(&data_dir, &database_url, &["restore", file.to_str().unwrap()]);
    assert!(!refused.status.success());
    assert!(stderr(&refused).contains("--replace"), "{}", stderr(&refused));
    let contacts: Vec<Value> = other.get("/api/contacts", Some(&owner)).await.json().await.unwrap();
    assert_eq!(contacts[0]["full_name"], "Someone else", "untouched");

    let replaced = samiti(&data_dir, &database_url, &["restore", "--replace", file.to_str().unwrap()]);
    assert!(replaced.status.success(), "{}", stderr(&replaced));
    // The backup's administrator signs in with the backup's password (the same here).
    let owner = other.login(ADMIN_EMAIL, ADMIN_PASSWORD).await;
    let contacts: Vec<Value> = other.get("/api/contacts", Some(&owner)).await.json().await.unwrap();
    let names: Vec<&str> = contacts.iter().map(|c| c["full_name"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["Sunita"], "the backup's rows only");
    assert_eq!(other.get(&old_url, None).await.status(), StatusCode::NOT_FOUND, "the other site's files are gone");
}

#[tokio::test]
async fn a_backup_of_an_older_version_is_restored_then_migrated() {
    use migration::MigratorTrait;
    use sea_orm::ConnectionTrait;
    // A database as the version before the site content left it (five migrations ago: the site
    // content, mail, the review's columns, the search indexes, then the sort indexes), with a
    // contact.
    let old = Site::fresh(false).await;
    let db = sea_orm::Database::connect(&old.database_url).await.unwrap();
    let count = migration::Migrator::migrations().len() as u32;
    migration::Migrator::up(&db, Some(count - 5)).await.unwrap();
    db.execute_unprepared(
        "INSERT INTO contacts (id, full_name, email, message, created_at) VALUES (7, 'Sunita', 'sunita@example.org', 'Namaskar', '2026-01-02 03:04:05+00:00')",
    )
    .await
    .unwrap();
    // A subscriber of before mail: its table lacks the columns mail added.
    db.execute_unprepared("INSERT INTO subscribers (id, value, created_at) VALUES (3, 'old@example.org', '2026-01-02 03:04:05+00:00')")
        .await
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("old.tar.gz");
    let taken = samiti(old.data_dir.path(), &old.database_url, &["backup", "--out", file.to_str().unwrap()]);
    assert!(taken.status.success(), "{}", stderr(&taken));
    let manifest = samiti::backup::verify(&file).unwrap();
    assert_eq!(manifest.schema.len(), count as usize - 5);
    assert!(!manifest.tables.contains_key("site_versions") && !manifest.tables.contains_key("outbox"));

    let target = Site::fresh(on_postgres()).await;
    let restored = samiti(target.data_dir.path(), &target.database_url, &["restore", file.to_str().unwrap()]);
    assert!(restored.status.success(), "{}", stderr(&restored));
    assert!(stderr(&restored).contains("5 migrations applied after it"), "{}", stderr(&restored));
    let (app, _) = TestApp::spawn_on(target, |_| {}, std::future::pending()).await;
    let owner = app.admin_token().await;
    let contacts: Vec<Value> = app.get("/api/contacts", Some(&owner)).await.json().await.unwrap();
    assert_eq!((contacts[0]["id"].as_i64(), contacts[0]["full_name"].as_str()), (Some(7), Some("Sunita")));
    assert_eq!(app.get("/api/site", None).await.status(), StatusCode::OK, "the later tables work");
    let subscribers: Vec<Value> = app.get("/api/subscribers", Some(&owner)).await.json().await.unwrap();
    assert_eq!((subscribers[0]["value"].as_str(), subscribers[0]["status"].as_str()), (Some("old@example.org"), Some("waiting")), "the later columns get their defaults");
}

#[tokio::test]
async fn a_backup_that_cannot_be_written_fails_clearly_and_leaves_no_file() {
    let dir = tempfile::tempdir().unwrap();
    let app = TestApp::spawn().await;
    let owner = app.admin_token().await;
    let form = Form::new().part("image", file_part(jpeg(1600, 1200, 5), "big.jpg", "image/jpeg"));
    assert_eq!(post_form(&app, "/api/gallery", form, Some(&owner)).await.status(), StatusCode::CREATED);
    // A folder that is a file.
    let blocker = dir.path().join("not-a-folder");
    std::fs::write(&blocker, b"x").unwrap();
    let out = blocker.join("site.tar.gz");
    let output = samiti(app.data_dir(), &app.database_url, &["backup", "--out", out.to_str().unwrap()]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("cannot write"), "{}", stderr(&output));
    // A full disk: the process may write 40 KiB (`ulimit -f`), less than the backup.
    let out = dir.path().join("site.tar.gz");
    let output = Command::new("sh")
        .arg("-c")
        .arg(format!("trap '' XFSZ; ulimit -f 40; exec \"$0\" backup --out '{}'", out.display()))
        .arg(env!("CARGO_BIN_EXE_samiti"))
        .env("SAMITI_DATA_DIR", app.data_dir())
        .env("DATABASE_URL", &app.database_url)
        .output()
        .unwrap();
    assert!(!output.status.success(), "the write failed");
    assert!(stderr(&output).to_lowercase().contains("file too large"), "{}", stderr(&output));
    let left: Vec<String> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    assert_eq!(left, vec!["not-a-folder".to_owned()], "no file, partial file or spool left");
    // The site serves on.
    assert_eq!(app.get("/api/gallery", None).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn scheduled_backups_are_taken_kept_to_their_number_listed_and_downloaded_by_an_owner() {
    let dir = tempfile::tempdir().unwrap();
    let place = dir.path().to_owned();
    let app = TestApp::spawn_with(|config| {
        config.backups = Some(samiti::config::BackupSchedule { place: place.display().to_string(), every: Duration::from_secs(1), keep: 2 });
    })
    .await;
    let owner = app.admin_token().await;
    // Backups every second: after a few, the first is gone and two are kept.
    let mut kept: Vec<Value> = Vec::new();
    let mut first: Option<String> = None;
    for _ in 0..150 {
        tokio::time::sleep(Duration::from_millis(200)).await;
        let status: Value = app.get("/api/admin/backup", Some(&owner)).await.json().await.unwrap();
        assert_eq!(status["schedule"], json!({"every_minutes": 0, "keep": 2, "off_site": false}));
        kept = status["kept"].as_array().unwrap().clone();
        let names = |k: &Value| k["name"].as_str().unwrap().to_owned();
        first = first.or_else(|| kept.first().map(names));
        let in_place: Vec<String> = std::fs::read_dir(&place).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        // Two kept, and a third for the moment between its arrival and the oldest's removal.
        assert!(in_place.iter().filter(|n| n.starts_with("samiti-backup-")).count() <= 3, "{in_place:?}");
        if kept.len() == 2 && first.as_ref().is_some_and(|first| names(&kept[0]) > *first) {
            break;
        }
    }
    assert_eq!(kept.len(), 2, "two kept");
    assert!(kept[0]["name"].as_str().unwrap() < kept[1]["name"].as_str().unwrap(), "oldest first");
    let name = kept[1]["name"].as_str().unwrap();
    let response = app.get(&format!("/api/admin/backup/kept/{name}"), Some(&owner)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-disposition"].to_str().unwrap(), format!("attachment; filename=\"{name}\""));
    let saved = dir.path().join("downloaded.tar.gz");
    std::fs::write(&saved, response.bytes().await.unwrap()).unwrap();
    assert!(samiti::backup::verify(&saved).is_ok(), "a whole backup");
    for bad in ["..%2Fetc%2Fpasswd", "samiti-backup-20990101T000000Z.tar.gz", "x"] {
        assert_eq!(app.get(&format!("/api/admin/backup/kept/{bad}"), Some(&owner)).await.status(), StatusCode::NOT_FOUND, "{bad}");
    }
}

#[tokio::test]
async fn an_owner_downloads_a_fresh_backup_and_it_is_recorded() {
    let app = TestApp::spawn().await;
    let owner = app.admin_token().await;
    let body = json!({"full_name": "Sunita", "email": "sunita@example.org", "message": "Namaskar"});
    assert_eq!(app.post("/api/contacts", body, None).await.status(), StatusCode::CREATED);
    let status: Value = app.get("/api/admin/backup", Some(&owner)).await.json().await.unwrap();
    assert_eq!(status, json!({"schedule": null, "kept": []}));
    let response = app.request(reqwest::Method::POST, "/api/admin/backup", Some(&owner), None).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/gzip");
    let disposition = response.headers()["content-disposition"].to_str().unwrap().to_owned();
    assert!(Regex::new(r#"^attachment; filename="samiti-backup-\d{8}T\d{6}Z\.tar\.gz"$"#).unwrap().is_match(&disposition), "{disposition}");
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("fresh.tar.gz");
    std::fs::write(&saved, response.bytes().await.unwrap()).unwrap();
    let manifest = samiti::backup::verify(&saved).expect("a whole backup");
    assert_eq!(manifest.tables["contacts"], 1);
    let entries = roles::audit_entries(&app, &owner, "?action=backup").await;
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0]["actor"], ADMIN_EMAIL);
    assert!(entries[0]["summary"].as_str().unwrap().starts_with("Downloaded a backup"), "{}", entries[0]);
    // Nothing is left in the data folder's work place.
    assert_eq!(walk(&app.data_dir().join("tmp")), 0);
}

/// A list's JSON with each moment's fraction of a second written without trailing zeros: the
/// same moment reads `.889Z` from one database and `.889000Z` from the other.
fn same_moments(value: &Value) -> String {
    static FRACTION: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(\d{2}:\d{2}:\d{2})\.(\d*?)0*(Z|[+-]\d{2}:\d{2})").expect("a valid pattern")
    });
    FRACTION
        .replace_all(&value.to_string(), |found: &regex::Captures| match &found[2] {
            "" => format!("{}{}", &found[1], &found[3]),
            digits => format!("{}.{digits}{}", &found[1], &found[3]),
        })
        .into_owned()
}
