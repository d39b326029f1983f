//! The uploads core through the API: files judged by content, camera metadata removed, names
//! generated, the body limit, and serving (types, caching, ranges, no way out of the folder).
use reqwest::{StatusCode, multipart::Form};
use serde_json::json;

use crate::{helpers::*, images::*};

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
const SVG: &[u8] = br#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>"#;
const HTML: &[u8] = b"<!DOCTYPE html><html><body><script>alert(1)</script></body></html>";

#[tokio::test]
async fn files_that_are_not_images_are_refused_whatever_their_name_or_declared_type() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let mut polyglot = png(8, 8)[..33].to_vec();
    polyglot.extend_from_slice(HTML);
    let truncated = jpeg(200, 100, 1)[..400].to_vec();
    for (bytes, name, declared) in [
        (b"hello, this is text".to_vec(), "photo.png", "image/png"),
        (PDF.to_vec(), "poster.jpg", "image/jpeg"),
        (SVG.to_vec(), "logo.svg", "image/svg+xml"),
        (HTML.to_vec(), "page.gif", "image/gif"),
        (polyglot, "mixed.png", "image/png"),
        (truncated, "cut.jpg", "image/jpeg"),
    ] {
        let form = Form::new().part("image", file_part(bytes, name, declared));
        let response = post_form(&app, "/api/gallery", form, Some(&token)).await;
        let body = error_body(response, StatusCode::UNSUPPORTED_MEDIA_TYPE).await;
        assert_eq!(body["error"], "The file is not a JPEG, PNG, WebP or GIF image.", "{name}");
    }
    assert!(files_in(&app, "uploads").is_empty());
    let listed: Vec<serde_json::Value> = app.get("/api/gallery", None).await.json().await.unwrap();
    assert!(listed.is_empty());
}

#[tokio::test]
async fn a_request_without_an_image_is_refused_under_the_image_field() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let expected = json!({"image": "Please choose an image to upload."});
    let only_text = Form::new().text("description", "no file");
    assert_fields(post_form(&app, "/api/events", only_text, Some(&token)).await, expected.clone()).await;
    // What a browser sends when the file chooser was left empty.
    let empty = Form::new().part("image", file_part(Vec::new(), "", "application/octet-stream"));
    assert_fields(post_form(&app, "/api/events", empty, Some(&token)).await, expected.clone()).await;
    let other_name = Form::new().part("file", file_part(jpeg(32, 32, 1), "p.jpg", "image/jpeg"));
    assert_fields(post_form(&app, "/api/events", other_name, Some(&token)).await, expected).await;
    // A JSON body is not a multipart upload.
    let json_body = app.post("/api/events", json!({"image": "x"}), Some(&token)).await;
    error_body(json_body, StatusCode::UNSUPPORTED_MEDIA_TYPE).await;
}

#[tokio::test]
async fn a_body_over_the_upload_limit_is_a_413_json_error_even_in_the_middle_of_a_part() {
    let app = TestApp::spawn_with(|config| config.max_upload_bytes = 64 * 1024).await;
    let token = app.admin_token().await;
    let big = jpeg(1200, 1200, 9);
    assert!(big.len() > 64 * 1024, "the photo is {} bytes", big.len());
    let form = Form::new().text("description", "big").part("image", file_part(big, "big.jpg", "image/jpeg"));
    let body = error_body(post_form(&app, "/api/gallery", form, Some(&token)).await, StatusCode::PAYLOAD_TOO_LARGE).await;
    assert_eq!(body["error"], "Request body is too large");
    assert!(files_in(&app, "uploads").is_empty());
}

#[tokio::test]
async fn the_client_file_name_is_never_used_for_the_stored_file() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    for name in ["../../jwt_secret", "..\\..\\evil.jpg", "/etc/passwd", "photo.php.jpg", "%2e%2e%2fx.jpg"] {
        let form = Form::new().part("image", file_part(jpeg(32, 32, 2), name, "image/jpeg"));
        let response = post_form(&app, "/api/magazines", form, Some(&token)).await;
        assert_eq!(response.status(), StatusCode::CREATED, "{name}");
        let items: Vec<serde_json::Value> = response.json().await.unwrap();
        let stored = items[0]["image"].as_str().unwrap();
        assert!(samiti::uploads::is_stored_name(stored) && stored.ends_with(".jpg"), "{stored}");
    }
    assert_eq!(files_in(&app, "magazines").len(), 5, "every file landed in its folder");
    let secret = std::fs::read(app.data_dir().join("jwt_secret")).unwrap();
    assert!(secret.len() >= 32, "the secret next to the folder is untouched");
}

/// A GET sent byte for byte as written: an HTTP client would resolve `..`, `%2e%2e` and `\\`
/// before sending, and the server must hold even when a client does not.
async fn raw_get(app: &TestApp, path: &str) -> (u16, String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let address = app.address.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {address}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let response = String::from_utf8_lossy(&response).into_owned();
    let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
    let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    (status, head.to_lowercase(), body.to_owned())
}

#[tokio::test]
async fn no_spelling_of_a_path_reaches_outside_the_upload_folder() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let item = upload(&app, "events", jpeg(32, 32, 1), "", &token).await;
    let name = item["image"].as_str().unwrap();
    let secret = std::fs::read(app.data_dir().join("jwt_secret")).unwrap();
    for path in [
        "/uploads/../jwt_secret".to_owned(),
        "/uploads/..%2fjwt_secret".to_owned(),
        "/uploads/..%2F..%2Fjwt_secret".to_owned(),
        "/uploads/%2e%2e%2fjwt_secret".to_owned(),
        "/uploads/%2e%2e/jwt_secret".to_owned(),
        "/uploads/..%5cjwt_secret".to_owned(),
        "/uploads/..\\jwt_secret".to_owned(),
        "/uploads/%2e%2e%5c%2e%2e%5cjwt_secret".to_owned(),
        "/magazines/..%2f..%2ftest.db".to_owned(),
        "/career/%2e%2e%2f%2e%2e%2ftest.db".to_owned(),
        format!("/magazines/..%2fuploads%2f{name}"),
        format!("/uploads/{}", name.to_uppercase()),
        format!("/uploads/{name}%00.png"),
        "/uploads/0123456789abcdef0123456789abcdef.jpg".to_owned(),
        "/uploads/".to_owned(),
    ] {
        let (status, head, body) = raw_get(&app, &path).await;
        // 400 is hyper refusing a request line it cannot parse; anything that is parsed is a
        // JSON 404.
        assert!(status == 404 || status == 400, "{path}: {head}");
        assert!(status == 400 || head.contains("content-type: application/json"), "{path}: {head}");
        assert!(!body.contains(&String::from_utf8_lossy(&secret).to_string()), "{path}");
    }
    // The same file is not served from another kind's folder either.
    error_body(app.get(&format!("/career/{name}"), None).await, StatusCode::NOT_FOUND).await;
}

#[tokio::test]
async fn camera_metadata_is_removed_through_the_api_with_the_pixels_and_orientation_kept() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let plain = jpeg(320, 240, 4);
    let from_camera = with_gps_exif(&plain);
    let before = exif::Reader::new().read_from_container(&mut std::io::Cursor::new(&from_camera)).unwrap();
    assert!(before.get_field(exif::Tag::GPSLatitude, exif::In::PRIMARY).is_some(), "the fixture carries GPS");

    let item = upload(&app, "gallery", from_camera.clone(), "", &token).await;
    let stored = app.get(item["url"].as_str().unwrap(), None).await.bytes().await.unwrap().to_vec();
    assert!(stored.len() < from_camera.len());
    let after = exif::Reader::new().read_from_container(&mut std::io::Cursor::new(&stored)).unwrap();
    assert!(after.get_field(exif::Tag::GPSLatitude, exif::In::PRIMARY).is_none(), "GPS gone");
    assert!(after.get_field(exif::Tag::GPSLatitudeRef, exif::In::PRIMARY).is_none(), "GPS gone");
    let orientation = after.get_field(exif::Tag::Orientation, exif::In::PRIMARY).unwrap();
    assert_eq!(orientation.value.get_uint(0), Some(6), "the photo still displays upright");
    assert_eq!(scan_data(&stored), scan_data(&from_camera), "not re-encoded");
    let pixels = |bytes: &[u8]| image::load_from_memory(bytes).unwrap().to_rgb8().into_raw();
    assert_eq!(pixels(&stored), pixels(&plain), "pixels untouched");
    // Orientation 6 turns the 320x240 photo upright: it is displayed 240 wide and 320 high.
    assert_eq!((item["width"].as_u64(), item["height"].as_u64()), (Some(240), Some(320)));
}

#[tokio::test]
async fn files_are_served_with_etags_and_ranges() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let original = jpeg(300, 200, 5);
    let item = upload(&app, "career", original.clone(), "", &token).await;
    let url = app.url(item["url"].as_str().unwrap());
    let full = app.client.get(&url).send().await.unwrap();
    let etag = full.headers()["etag"].clone();
    let again = app.client.get(&url).header("if-none-match", etag).send().await.unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    let part = app.client.get(&url).header("range", "bytes=10-19").send().await.unwrap();
    assert_eq!(part.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(part.bytes().await.unwrap(), original[10..20]);
    let head = app.client.head(&url).send().await.unwrap();
    assert_eq!(head.status(), StatusCode::OK);
    assert_eq!(head.headers()["content-length"], original.len().to_string().as_str());
}

#[tokio::test]
async fn upload_folders_are_readable_by_the_owner_only() {
    use std::os::unix::fs::PermissionsExt;
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    upload(&app, "events", jpeg(32, 32, 1), "", &token).await;
    let mode = std::fs::metadata(app.data_dir().join("files/uploads")).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o700);
    let no_temp_left = files_in(&app, "uploads").iter().all(|name| !name.ends_with(".tmp"));
    assert!(no_temp_left);
}
