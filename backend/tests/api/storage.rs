//! Files on an S3-compatible store: a real Garage server, started by scripts/test.sh
//! (`scripts/s3-server.sh`), each test in a folder of its own in the bucket. Uploads, variants
//! and private files live in the bucket and are served from it; two instances on one database
//! and one bucket share them; a store that cannot be reached answers 503, stores nothing and is
//! used again when it returns; `samiti storage migrate` moves a site's files into the bucket;
//! scheduled backups go off-site; a backup of a site on S3 restores into a local folder.
use std::{
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    time::Duration,
};

use reqwest::{StatusCode, multipart::Form};
use samiti::config::{Config, S3Settings};
use serde_json::Value;

use crate::{helpers::*, images::*, profiles};

/// The store scripts/test.sh started, from the settings it exported.
fn s3() -> S3Settings {
    let var = |name: &str| {
        std::env::var(name).unwrap_or_else(|_| panic!("{name} is not set: start the test store with `eval \"$(scripts/s3-server.sh start DIR)\"` (scripts/test.sh does)"))
    };
    S3Settings {
        endpoint: Some(var("AWS_ENDPOINT_URL")),
        region: Some(var("AWS_REGION")),
        access_key_id: Some(var("AWS_ACCESS_KEY_ID")),
        secret_access_key: Some(var("AWS_SECRET_ACCESS_KEY")),
    }
}

/// A folder of the test bucket no other test uses.
fn fresh_bucket_folder() -> String {
    let bucket = std::env::var("SAMITI_TEST_S3_BUCKET").unwrap_or_else(|_| "samiti-test".into());
    format!("s3://{bucket}/{}", uuid::Uuid::new_v4().simple())
}

fn on_bucket(url: &str) -> impl FnOnce(&mut Config) + use<> {
    let url = url.to_owned();
    move |config: &mut Config| {
        config.storage_url = Some(url);
        config.s3 = s3();
    }
}

/// The objects under `url`, by key.
async fn objects(url: &str) -> Vec<String> {
    use futures_util::TryStreamExt;
    let store = samiti::uploads::bucket_store(url, &s3()).unwrap();
    let listed: Vec<object_store::ObjectMeta> = store.list(None).try_collect().await.unwrap();
    let mut keys: Vec<String> = listed.into_iter().map(|meta| meta.location.to_string()).collect();
    keys.sort();
    keys
}

async fn upload_gallery(app: &TestApp, token: &str, seed: u32) -> Value {
    let form = Form::new().part("image", file_part(jpeg(900, 600, seed), "photo.jpg", "image/jpeg"));
    let response = post_form(app, "/api/gallery", form, Some(token)).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json::<Vec<Value>>().await.unwrap().remove(0)
}

async fn body_of(app: &TestApp, path: &str) -> (StatusCode, Vec<u8>) {
    let response = app.get(path, None).await;
    (response.status(), response.bytes().await.unwrap().to_vec())
}

#[tokio::test]
async fn uploads_variants_and_private_files_live_in_the_bucket_and_are_served_from_it() {
    let url = fresh_bucket_folder();
    let app = TestApp::spawn_with(on_bucket(&url)).await;
    let token = app.admin_token().await;
    let item = upload_gallery(&app, &token, 1).await;
    let path = item["url"].as_str().unwrap();
    let (status, bytes) = body_of(&app, path).await;
    assert_eq!(status, StatusCode::OK);
    assert!(bytes.starts_with(&[0xFF, 0xD8]), "a JPEG");
    let keys = objects(&url).await;
    let name = path.rsplit('/').next().unwrap();
    assert!(keys.contains(&format!("uploads/{name}")), "{keys:?}");
    assert!(keys.iter().any(|k| k.starts_with(&format!("uploads/{}-", &name[..32])) && k.ends_with(".webp")), "variants: {keys:?}");
    assert!(!app.data_dir().join("files/uploads").join(name).exists(), "not in the data folder");
    // Served with its ETag and ranges as from the folder.
    let response = app.get(path, None).await;
    let etag = response.headers()["etag"].clone();
    let again = app.client.get(app.url(path)).header("if-none-match", etag).send().await.unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    let part = app.client.get(app.url(path)).header("range", "bytes=0-9").send().await.unwrap();
    assert_eq!(part.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(part.bytes().await.unwrap().len(), 10);

    // A private file: in the bucket, reached only by its signed link.
    let form = profiles::form(&profiles::fields("सुरेश पाटील"), vec![("profile_photo", jpeg(900, 1200, 2))]);
    assert_eq!(post_form(&app, "/api/profile/register", form, Some(&app.member_token().await)).await.status(), StatusCode::CREATED);
    let listed = app.get("/api/profile/profiles", Some(&token)).await.text().await.unwrap();
    let link = regex::Regex::new(r"/api/profile/files/[0-9a-f]{32}\.jpg\?expires=\d+&sig=[0-9a-f]{64}").unwrap().find(&listed).unwrap().as_str().to_owned();
    assert_eq!(body_of(&app, &link).await.0, StatusCode::OK);
    let bare = link.split('?').next().unwrap();
    assert_eq!(app.get(bare, None).await.status(), StatusCode::FORBIDDEN);
    assert!(objects(&url).await.iter().any(|k| k.starts_with("private/")));

    // A delete removes the files from the bucket.
    assert_eq!(app.delete(&format!("/api/gallery/{}", item["id"]), Some(&token)).await.status(), StatusCode::NO_CONTENT);
    assert!(!objects(&url).await.iter().any(|k| k.contains(&name[..32])), "original and variants gone");
    assert_eq!(app.get(path, None).await.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
#[ignore = "PostgreSQL only: scripts/test.sh runs it in the PostgreSQL pass"]
async fn on_postgres_two_instances_on_one_database_and_one_bucket_share_their_files() {
    assert!(on_postgres(), "run with SAMITI_TEST_DATABASE=postgres");
    let url = fresh_bucket_folder();
    let secret = "two-instances-share-one-secret-of-32-chars";
    let a = TestApp::spawn_with(|config| {
        on_bucket(&url)(config);
        config.jwt_secret = Some(secret.into());
    })
    .await;
    let shared_db = a.database_url.clone();
    let b = TestApp::spawn_with(|config| {
        on_bucket(&url)(config);
        config.jwt_secret = Some(secret.into());
        config.database_url = shared_db;
    })
    .await;
    let token = a.admin_token().await;
    // An image uploaded through A is served by B, byte for byte.
    let item = upload_gallery(&a, &token, 3).await;
    let path = item["url"].as_str().unwrap();
    let (status, from_b) = body_of(&b, path).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(from_b, body_of(&a, path).await.1);
    // A profile registered on A and deleted on B: its files are gone for A too.
    let form = profiles::form(&profiles::fields("सुरेश पाटील"), vec![("profile_photo", jpeg(900, 1200, 4))]);
    assert_eq!(post_form(&a, "/api/profile/register", form, Some(&a.member_token().await)).await.status(), StatusCode::CREATED);
    let listed: Vec<Value> = a.get("/api/profile/profiles", Some(&token)).await.json().await.unwrap();
    let id = listed[0]["id"].as_i64().unwrap();
    let text = a.get("/api/profile/profiles", Some(&token)).await.text().await.unwrap();
    let link = regex::Regex::new(r"/api/profile/files/[0-9a-f]{32}\.jpg\?expires=\d+&sig=[0-9a-f]{64}").unwrap().find(&text).unwrap().as_str().to_owned();
    assert_eq!(body_of(&b, &link).await.0, StatusCode::OK, "B serves A's private file by A's link");
    assert_eq!(b.delete(&format!("/api/profile/profiles/{id}"), Some(&token)).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(a.get(&link, None).await.status(), StatusCode::NOT_FOUND, "gone for A");
    assert!(!objects(&url).await.iter().any(|k| k.starts_with("private/")));
}

/// A TCP relay to the store that can be cut: while down, it closes every connection at once.
struct Relay {
    port: u16,
    up: Arc<AtomicBool>,
}

async fn relay_to(target: &str) -> Relay {
    let target = target.trim_start_matches("http://").to_owned();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let up = Arc::new(AtomicBool::new(true));
    let flag = up.clone();
    tokio::spawn(async move {
        loop {
            let Ok((mut client, _)) = listener.accept().await else { return };
            if !flag.load(Ordering::SeqCst) {
                drop(client);
                continue;
            }
            let target = target.clone();
            let flag = flag.clone();
            tokio::spawn(async move {
                let Ok(mut server) = tokio::net::TcpStream::connect(&target).await else { return };
                // Cut as soon as the store goes down, even mid-connection.
                tokio::select! {
                    _ = tokio::io::copy_bidirectional(&mut client, &mut server) => {}
                    _ = async { while flag.load(Ordering::SeqCst) { tokio::time::sleep(Duration::from_millis(20)).await } } => {}
                }
            });
        }
    });
    Relay { port, up }
}

#[tokio::test]
async fn a_store_that_cannot_be_reached_answers_503_stores_nothing_and_is_used_again_when_it_returns() {
    let url = fresh_bucket_folder();
    let relay = relay_to(s3().endpoint.as_deref().unwrap()).await;
    let port = relay.port;
    let app = TestApp::spawn_with(|config| {
        on_bucket(&url)(config);
        config.s3.endpoint = Some(format!("http://127.0.0.1:{port}"));
    })
    .await;
    let token = app.admin_token().await;
    let item = upload_gallery(&app, &token, 5).await;
    let path = item["url"].as_str().unwrap().to_owned();
    let before = objects(&url).await;

    relay.up.store(false, Ordering::SeqCst);
    let form = Form::new().part("image", file_part(jpeg(900, 600, 6), "photo.jpg", "image/jpeg"));
    let refused = post_form(&app, "/api/gallery", form, Some(&token)).await;
    let body = error_body(refused, StatusCode::SERVICE_UNAVAILABLE).await;
    assert_eq!(body["error"], "File storage unavailable, please try again");
    let listed: Vec<Value> = app.get("/api/gallery", None).await.json().await.unwrap();
    assert_eq!(listed.len(), 1, "no row without its file");
    let read = app.get(&path, None).await;
    let body = error_body(read, StatusCode::SERVICE_UNAVAILABLE).await;
    assert_eq!(body["error"], "File storage unavailable, please try again");
    // The site itself serves on.
    assert_eq!(app.get("/api/site", None).await.status(), StatusCode::OK);

    relay.up.store(true, Ordering::SeqCst);
    assert_eq!(objects(&url).await, before, "no file without its row");
    assert_eq!(body_of(&app, &path).await.0, StatusCode::OK, "read again once it is back");
    upload_gallery(&app, &token, 7).await;
}

#[tokio::test]
async fn storage_migrate_moves_a_sites_files_into_the_bucket_and_the_site_serves_them_from_there() {
    let site = Site::fresh(false).await;
    let (data_dir, database_url) = (site.data_dir.path().to_owned(), site.database_url.clone());
    let (local, _) = TestApp::spawn_on(site, |_| {}, std::future::pending()).await;
    let token = local.admin_token().await;
    let item = upload_gallery(&local, &token, 8).await;
    let path = item["url"].as_str().unwrap().to_owned();
    let original = body_of(&local, &path).await.1;

    let url = fresh_bucket_folder();
    let run = || {
        std::process::Command::new(env!("CARGO_BIN_EXE_samiti"))
            .args(["storage", "migrate", "--to", &url])
            .env("SAMITI_DATA_DIR", &data_dir)
            .env("DATABASE_URL", &database_url)
            .output()
            .unwrap()
    };
    let moved = run();
    let said = String::from_utf8_lossy(&moved.stderr).into_owned();
    assert!(moved.status.success(), "{said}");
    assert!(said.contains("files copied") && said.contains("(0 were there already)"), "{said}");
    let again = run();
    assert!(String::from_utf8_lossy(&again.stderr).contains("0 files copied"), "a second run copies nothing");

    // The same site on the bucket: its local folder emptied, the image served from the bucket.
    std::fs::remove_dir_all(data_dir.join("files")).unwrap();
    let bucket_url = url.clone();
    let shared = database_url.clone();
    let on_s3 = TestApp::spawn_with(move |config| {
        on_bucket(&bucket_url)(config);
        config.database_url = shared;
    })
    .await;
    let (status, bytes) = body_of(&on_s3, &path).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(bytes, original);
}

#[tokio::test]
async fn scheduled_backups_go_off_site_and_a_backup_of_a_site_on_s3_restores_into_a_folder() {
    let url = fresh_bucket_folder();
    let backups = fresh_bucket_folder();
    let place = backups.clone();
    let app = TestApp::spawn_with(move |config| {
        on_bucket(&url)(config);
        config.backups = Some(samiti::config::BackupSchedule { place, every: Duration::from_secs(3600), keep: 3 });
    })
    .await;
    let token = app.admin_token().await;
    let item = upload_gallery(&app, &token, 9).await;
    let path = item["url"].as_str().unwrap().to_owned();
    // The schedule's first backup is taken at start; it may come before the upload.
    let mut kept = Vec::new();
    for _ in 0..100 {
        let status: Value = app.get("/api/admin/backup", Some(&token)).await.json().await.unwrap();
        assert_eq!(status["schedule"]["off_site"], true);
        kept = status["kept"].as_array().unwrap().clone();
        if !kept.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(kept.len(), 1, "taken at start, in the bucket");
    assert!(objects(&backups).await.iter().any(|k| k == kept[0]["name"].as_str().unwrap()));

    // A fresh backup with the image, downloaded by the owner, restored into a local site.
    let response = app.request(reqwest::Method::POST, "/api/admin/backup", Some(&token), None).await;
    assert_eq!(response.status(), StatusCode::OK);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("site.tar.gz");
    std::fs::write(&file, response.bytes().await.unwrap()).unwrap();
    let target = Site::fresh(false).await;
    let restored = std::process::Command::new(env!("CARGO_BIN_EXE_samiti"))
        .args(["restore", file.to_str().unwrap()])
        .env("SAMITI_DATA_DIR", target.data_dir.path())
        .env("DATABASE_URL", &target.database_url)
        .output()
        .unwrap();
    assert!(restored.status.success(), "{}", String::from_utf8_lossy(&restored.stderr));
    let (copy, _) = TestApp::spawn_on(target, |_| {}, std::future::pending()).await;
    assert_eq!(body_of(&copy, &path).await, body_of(&app, &path).await);
}
