//! The four image lists: upload, list, serve, delete; gallery filters; batches; live events.

use reqwest::{StatusCode, multipart::Form};
use serde_json::{Value, json};

use crate::{helpers::*, images::*};

const KINDS: [(&str, &str); 4] =
    [("events", "uploads"), ("gallery", "uploads"), ("magazines", "magazines"), ("career", "career")];

async fn list(app: &TestApp, path: &str) -> (Vec<Value>, String) {
    let response = app.get(path, None).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    let total = response.headers()["x-total-count"].to_str().unwrap().to_owned();
    (response.json().await.unwrap(), total)
}

#[tokio::test]
async fn each_kind_is_uploaded_listed_served_byte_for_byte_and_deleted_with_its_files() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    for (i, (kind, folder)) in KINDS.into_iter().enumerate() {
        let original = jpeg(900, 600, i as u32);
        let item = upload(&app, kind, original.clone(), "गणेशोत्सव २०२६", &token).await;
        let name = item["image"].as_str().unwrap().to_owned();
        assert_eq!(item["url"], format!("/{folder}/{name}"));
        assert_eq!(item["content_type"], "image/jpeg");
        assert_eq!((item["width"].as_u64(), item["height"].as_u64()), (Some(900), Some(600)));
        assert_eq!(item["bytes"], json!(original.len()));
        assert_eq!(item["description"], "गणेशोत्सव २०२६");

        let (listed, total) = list(&app, &format!("/api/{kind}")).await;
        assert_eq!(total, "1", "{kind} lists only its own images");
        assert_eq!(listed[0]["id"], item["id"]);
        assert_eq!(listed[0]["variants"], item["variants"]);

        let served = app.get(item["url"].as_str().unwrap(), None).await;
        assert_eq!(served.status(), StatusCode::OK);
        assert_eq!(served.headers()["content-type"], "image/jpeg");
        assert_eq!(served.headers()["x-content-type-options"], "nosniff");
        assert_eq!(served.headers()["cache-control"], "public, max-age=31536000, immutable");
        assert!(served.headers().contains_key("etag"));
        assert_eq!(served.bytes().await.unwrap(), original, "a JPEG without metadata is stored byte for byte");

        let variants = item["variants"].as_array().unwrap().clone();
        assert_eq!(variants.iter().map(|v| v["width"].as_u64().unwrap()).collect::<Vec<_>>(), [320, 640]);
        let mut on_disk = vec![name.clone()];
        for variant in &variants {
            let served = app.get(variant["url"].as_str().unwrap(), None).await;
            assert_eq!(served.headers()["content-type"], "image/webp");
            let decoded = image::load_from_memory(&served.bytes().await.unwrap()).unwrap();
            assert_eq!(decoded.width() as u64, variant["width"].as_u64().unwrap());
            on_disk.push(variant["url"].as_str().unwrap().rsplit('/').next().unwrap().to_owned());
        }
        for file in &on_disk {
            assert!(files_in(&app, folder).contains(file), "{file} is in files/{folder}");
        }

        let id = item["id"].as_i64().unwrap();
        assert_eq!(app.delete(&format!("/api/{kind}/{id}"), Some(&token)).await.status(), StatusCode::NO_CONTENT);
        for file in &on_disk {
            assert!(!files_in(&app, folder).contains(file), "{file} is gone from disk");
        }
        error_body(app.get(item["url"].as_str().unwrap(), None).await, StatusCode::NOT_FOUND).await;
        assert_eq!(list(&app, &format!("/api/{kind}")).await.1, "0");
        error_body(app.delete(&format!("/api/{kind}/{id}"), Some(&token)).await, StatusCode::NOT_FOUND).await;
    }
}

#[tokio::test]
async fn an_image_of_one_list_cannot_be_deleted_through_another() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let item = upload(&app, "magazines", jpeg(100, 140, 1), "", &token).await;
    let id = item["id"].as_i64().unwrap();
    error_body(app.delete(&format!("/api/career/{id}"), Some(&token)).await, StatusCode::NOT_FOUND).await;
    error_body(app.delete("/api/career/not-a-number", Some(&token)).await, StatusCode::NOT_FOUND).await;
    assert_eq!(list(&app, "/api/magazines").await.1, "1");
}

#[tokio::test]
async fn variants_are_made_only_below_the_original_width_and_are_smaller_webp() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let original = jpeg(2000, 1500, 3);
    let item = upload(&app, "gallery", original.clone(), "", &token).await;
    let widths: Vec<u64> = item["variants"].as_array().unwrap().iter().map(|v| v["width"].as_u64().unwrap()).collect();
    assert_eq!(widths, [320, 640, 1280]);
    for variant in item["variants"].as_array().unwrap() {
        let bytes = app.get(variant["url"].as_str().unwrap(), None).await.bytes().await.unwrap();
        assert!(bytes.len() < original.len(), "{} bytes < {}", bytes.len(), original.len());
        let decoded = image::load_from_memory_with_format(&bytes, image::ImageFormat::WebP).unwrap();
        let width = variant["width"].as_u64().unwrap() as u32;
        assert_eq!((decoded.width(), decoded.height()), (width, width * 3 / 4));
    }
    let small = upload(&app, "gallery", png(300, 200), "", &token).await;
    assert_eq!(small["variants"], json!([]), "never enlarged");
    assert_eq!(small["content_type"], "image/png");
}

#[tokio::test]
async fn the_gallery_filters_by_year_by_month_and_by_both() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    for (year, month) in [(2024, 9), (2025, 9), (2025, 3), (2026, 1)] {
        let form = Form::new()
            .part("image", file_part(jpeg(64, 48, year as u32 + month), "p.jpg", "image/jpeg"))
            .text("year", year.to_string())
            .text("month", month.to_string());
        assert_eq!(post_form(&app, "/api/gallery", form, Some(&token)).await.status(), StatusCode::CREATED);
    }
    let months = |items: &[Value]| -> Vec<(i64, i64)> {
        items.iter().map(|i| (i["year"].as_i64().unwrap(), i["month"].as_i64().unwrap())).collect()
    };
    let (all, _) = list(&app, "/api/gallery").await;
    assert_eq!(months(&all), [(2026, 1), (2025, 9), (2025, 3), (2024, 9)], "newest month first");
    let (items, total) = list(&app, "/api/gallery?year=2025").await;
    assert_eq!((months(&items), total.as_str()), (vec![(2025, 9), (2025, 3)], "2"));
    let (items, _) = list(&app, "/api/gallery?month=9").await;
    assert_eq!(months(&items), [(2025, 9), (2024, 9)], "a month alone is that month of every year");
    let (items, _) = list(&app, "/api/gallery?year=2025&month=3").await;
    assert_eq!(months(&items), [(2025, 3)]);
    let (items, _) = list(&app, "/api/gallery?year=2023").await;
    assert!(items.is_empty());
    error_body(app.get("/api/gallery?month=13", None).await, StatusCode::BAD_REQUEST).await;
    error_body(app.get("/api/gallery?year=last", None).await, StatusCode::BAD_REQUEST).await;
    let (page, total) = list(&app, "/api/gallery?per_page=1&page=2").await;
    assert_eq!((months(&page), total.as_str()), (vec![(2025, 9)], "4"));
    // The same filters typed in Devanagari digits.
    let (items, _) = list(&app, "/api/gallery?year=२०२५&month=३").await;
    assert_eq!(months(&items), [(2025, 3)]);
    let (page, _) = list(&app, "/api/gallery?per_page=१&page=२").await;
    assert_eq!(months(&page), [(2025, 9)]);
    error_body(app.get("/api/gallery?month=१३", None).await, StatusCode::BAD_REQUEST).await;
}

#[tokio::test]
async fn a_gallery_photo_belongs_to_the_month_of_upload_unless_told_and_bad_months_are_refused() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let item = upload(&app, "gallery", jpeg(64, 48, 1), "", &token).await;
    let today = chrono::Utc::now().with_timezone(&chrono_tz::Asia::Kolkata);
    use chrono::Datelike;
    assert_eq!((item["year"].as_i64(), item["month"].as_i64()), (Some(today.year() as i64), Some(today.month() as i64)));
    for (field, value, message) in [
        ("year", "1999", "Please choose a valid year."),
        ("year", &(today.year() + 2).to_string(), "Please choose a valid year."),
        ("year", "२०२५x", "Please choose a valid year."),
        ("month", "0", "Please choose a valid month."),
        ("month", "13", "Please choose a valid month."),
    ] {
        let form = Form::new().part("image", file_part(jpeg(64, 48, 2), "p.jpg", "image/jpeg")).text(field, value.to_owned());
        assert_fields(post_form(&app, "/api/gallery", form, Some(&token)).await, json!({ field: message })).await;
    }
    assert_eq!(list(&app, "/api/gallery").await.1, "1", "nothing stored by the refused uploads");
    // A year and month typed in Devanagari digits are the same year and month.
    let form = Form::new()
        .part("image", file_part(jpeg(64, 48, 3), "p.jpg", "image/jpeg"))
        .text("year", "२०२५")
        .text("month", " ०९ ");
    let response = post_form(&app, "/api/gallery", form, Some(&token)).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let items: Value = response.json().await.unwrap();
    assert_eq!((items[0]["year"].as_i64(), items[0]["month"].as_i64()), (Some(2025), Some(9)));
}

#[tokio::test]
async fn a_description_is_cleaned_and_limited_to_300_characters() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let form = Form::new()
        .part("image", file_part(jpeg(64, 48, 1), "p.jpg", "image/jpeg"))
        .text("description", "क".repeat(301));
    assert_fields(post_form(&app, "/api/events", form, Some(&token)).await, json!({"description": "Maximum 300 characters allowed"})).await;
    let item = upload(&app, "events", jpeg(64, 48, 1), "  दिवाळी\u{202e} पहाट\u{0}  ", &token).await;
    assert_eq!(item["description"], "दिवाळी पहाट");
    assert_eq!(files_in(&app, "uploads").len(), 1, "the refused upload left no file");
}

#[tokio::test]
async fn several_images_in_one_request_are_stored_together() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let mut form = Form::new().text("description", "Navratri");
    for seed in 0..3 {
        form = form.part("image", file_part(jpeg(400, 300, seed), &format!("p{seed}.jpg"), "image/jpeg"));
    }
    let response = post_form(&app, "/api/gallery", form, Some(&token)).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let created: Vec<Value> = response.json().await.unwrap();
    assert_eq!(created.len(), 3);
    assert!(created.iter().all(|item| item["description"] == "Navratri"));
    assert_eq!(list(&app, "/api/gallery").await.1, "3");
    // Three originals and their 320-wide variants.
    assert_eq!(files_in(&app, "uploads").len(), 6);

    let mut too_many = Form::new();
    for seed in 0..21 {
        too_many = too_many.part("image", file_part(jpeg(16, 16, seed), "p.jpg", "image/jpeg"));
    }
    let response = post_form(&app, "/api/gallery", too_many, Some(&token)).await;
    assert_fields(response, json!({"image": "Please choose at most 20 images at a time."})).await;
}

#[tokio::test]
async fn when_one_file_of_a_batch_is_refused_nothing_is_stored() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let form = Form::new()
        .part("image", file_part(jpeg(400, 300, 1), "a.jpg", "image/jpeg"))
        .part("image", file_part(png(400, 300), "b.png", "image/png"))
        .part("image", file_part(b"just some text".to_vec(), "c.png", "image/png"));
    let body = error_body(post_form(&app, "/api/gallery", form, Some(&token)).await, StatusCode::UNSUPPORTED_MEDIA_TYPE).await;
    assert_eq!(body["error"], "The file is not a JPEG, PNG, WebP or GIF image.");
    assert_eq!(list(&app, "/api/gallery").await.1, "0");
    assert!(files_in(&app, "uploads").is_empty(), "no file left behind: {:?}", files_in(&app, "uploads"));
}

#[tokio::test]
async fn uploads_and_deletes_are_announced_on_the_live_channel_and_refresh_the_public_list() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let mut socket = connect_ws(&app).await;
    // The public list is read (and kept in memory) before the change.
    assert_eq!(list(&app, "/api/career").await.1, "0");
    let item = upload(&app, "career", jpeg(64, 48, 1), "Clerk", &token).await;
    assert_eq!(next_event(&mut socket).await, json!({"type": "media_updated", "kind": "career"}));
    assert_eq!(list(&app, "/api/career").await.1, "1", "the kept list was dropped");
    let id = item["id"].as_i64().unwrap();
    assert_eq!(app.delete(&format!("/api/career/{id}"), Some(&token)).await.status(), StatusCode::NO_CONTENT);
    assert_eq!(next_event(&mut socket).await, json!({"type": "media_updated", "kind": "career"}));
    assert_eq!(list(&app, "/api/career").await.1, "0");
}

#[tokio::test]
async fn the_exports_list_one_kind_only() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    upload(&app, "events", jpeg(64, 48, 1), "Poster one", &token).await;
    upload(&app, "magazines", jpeg(64, 48, 2), "Cover one", &token).await;
    let response = app.get("/api/events/export/excel", Some(&token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-disposition"], "attachment; filename=\"events.xlsx\"");
    let rows = xlsx_rows(&response.bytes().await.unwrap());
    let text: Vec<String> = rows.iter().flatten().map(|cell| cell.to_string()).collect();
    assert!(text.iter().any(|cell| cell == "Poster one"));
    assert!(!text.iter().any(|cell| cell == "Cover one"));
    let pdf = app.get("/api/magazines/export/pdf?q=cover", Some(&token)).await;
    assert_eq!(pdf.status(), StatusCode::OK);
    assert!(pdf_text(&pdf.bytes().await.unwrap()).contains("Cover one"));
}

/// An uploaded image is corrected, not only deleted: its description, and in the gallery its
/// month; the administrator also orders each list (the gallery's within a month).
#[tokio::test]
async fn an_image_is_corrected_and_moved_up_or_down_in_its_list() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let ids = |items: &[Value]| items.iter().map(|item| item["id"].as_i64().unwrap()).collect::<Vec<_>>();
    let mut uploaded = Vec::new();
    for seed in 0..3 {
        uploaded.push(upload(&app, "magazines", jpeg(64, 48, seed), "", &token).await["id"].as_i64().unwrap());
    }
    let [a, b, c] = uploaded[..] else { unreachable!() };
    assert_eq!(ids(&list(&app, "/api/magazines").await.0), [c, b, a], "newest first");

    let moved = app.post(&format!("/api/magazines/{a}/move"), json!({"direction": "up"}), Some(&token)).await;
    assert_eq!(moved.status(), StatusCode::NO_CONTENT);
    assert_eq!(ids(&list(&app, "/api/magazines").await.0), [c, a, b]);
    app.post(&format!("/api/magazines/{a}/move"), json!({"direction": "up"}), Some(&token)).await;
    assert_eq!(ids(&list(&app, "/api/magazines").await.0), [a, c, b]);
    // At the top, up changes nothing; down goes back.
    app.post(&format!("/api/magazines/{a}/move"), json!({"direction": "up"}), Some(&token)).await;
    assert_eq!(ids(&list(&app, "/api/magazines").await.0), [a, c, b]);
    app.post(&format!("/api/magazines/{b}/move"), json!({"direction": "up"}), Some(&token)).await;
    assert_eq!(ids(&list(&app, "/api/magazines").await.0), [a, b, c]);
    // A new upload comes first.
    let d = upload(&app, "magazines", jpeg(64, 48, 9), "", &token).await["id"].as_i64().unwrap();
    assert_eq!(ids(&list(&app, "/api/magazines").await.0), [d, a, b, c]);
    let sideways = app.post(&format!("/api/magazines/{a}/move"), json!({"direction": "left"}), Some(&token)).await;
    assert!(sideways.status().is_client_error());
    assert_eq!(app.post(&format!("/api/events/{a}/move"), json!({"direction": "up"}), Some(&token)).await.status(), StatusCode::NOT_FOUND);

    // The description and the month are corrected; what is not a month is refused.
    let photo = upload(&app, "gallery", jpeg(64, 48, 4), "Diwali", &token).await;
    let id = photo["id"].as_i64().unwrap();
    let edited = app.put(&format!("/api/gallery/{id}"), json!({"description": " Diwali pahat ", "year": 2024, "month": "११"}), Some(&token)).await;
    assert_eq!(edited.status(), StatusCode::OK);
    let edited: Value = edited.json().await.unwrap();
    assert_eq!((edited["description"].as_str(), edited["year"].as_i64(), edited["month"].as_i64()), (Some("Diwali pahat"), Some(2024), Some(11)));
    assert_eq!(edited["image"], photo["image"]);
    assert_eq!(list(&app, "/api/gallery?year=2024&month=11").await.1, "1");
    assert_fields(app.put(&format!("/api/gallery/{id}"), json!({"month": 13}), Some(&token)).await, json!({"month": "Please choose a valid month."})).await;
    assert_fields(
        app.put(&format!("/api/gallery/{id}"), json!({"description": "x".repeat(301)}), Some(&token)).await,
        json!({"description": "Maximum 300 characters allowed"}),
    )
    .await;
    assert_eq!(app.put(&format!("/api/career/{id}"), json!({"description": "x"}), Some(&token)).await.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.put(&format!("/api/gallery/{id}"), json!({"description": "x"}), None).await.status(), StatusCode::UNAUTHORIZED);
}

/// A magazine issue may be a PDF: it is stored as sent and shown by its first page (WebP
/// copies drawn from it); the other lists take images only.
#[tokio::test]
async fn a_magazine_pdf_is_kept_and_shown_by_its_first_page() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    // A real two-page PDF: a black block on the first page, nothing on the second.
    let pdf = samiti::documents::pdf::render_pdf(
        "#set page(width: 15cm, height: 21cm, margin: 1cm)\n#rect(width: 100%, height: 50%, fill: black)\n#pagebreak()\nSecond page",
        serde_json::json!({}),
    )
    .unwrap();
    let form = Form::new().part("image", file_part(pdf.clone(), "issue.pdf", "application/pdf")).text("description", "Diwali issue");
    let response = post_form(&app, "/api/magazines", form, Some(&token)).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let item = &response.json::<Vec<Value>>().await.unwrap()[0];
    assert_eq!(item["content_type"], "application/pdf");
    assert_eq!((item["width"].as_u64(), item["height"].as_u64()), (Some(1300), Some(1820)), "the page's shape");
    let widths: Vec<u64> = item["variants"].as_array().unwrap().iter().map(|v| v["width"].as_u64().unwrap()).collect();
    assert_eq!(widths, [320, 640, 1280]);
    // The PDF is served as sent.
    let served = app.get(item["url"].as_str().unwrap(), None).await;
    assert_eq!(served.headers()["content-type"], "application/pdf");
    assert_eq!(served.bytes().await.unwrap().to_vec(), pdf);
    // The cover is the first page: dark at the top (the block), white at the bottom.
    let cover = app.get(item["variants"][1]["url"].as_str().unwrap(), None).await.bytes().await.unwrap();
    let cover = image::load_from_memory(&cover).unwrap().to_luma8();
    let (w, h) = cover.dimensions();
    assert_eq!(w, 640);
    assert!(cover.get_pixel(w / 2, h / 4)[0] < 60, "the black block is drawn");
    assert!(cover.get_pixel(w / 2, h * 7 / 8)[0] > 200, "below it the page is white");

    // Events, the gallery and employment take images only; a broken PDF is refused.
    let pdf_to = |kind: &'static str, bytes: Vec<u8>| {
        let (app, token) = (&app, &token);
        async move {
            let form = Form::new().part("image", file_part(bytes, "issue.pdf", "application/pdf"));
            post_form(app, &format!("/api/{kind}"), form, Some(token)).await
        }
    };
    error_body(pdf_to("events", pdf.clone()).await, StatusCode::UNSUPPORTED_MEDIA_TYPE).await;
    let broken = b"%PDF-1.4\nnot really a pdf\n%%EOF\n".to_vec();
    let refused = error_body(pdf_to("magazines", broken).await, StatusCode::UNSUPPORTED_MEDIA_TYPE).await;
    assert_eq!(refused["error"], "The PDF could not be read.");
    assert_eq!(list(&app, "/api/magazines").await.1, "1");
}
