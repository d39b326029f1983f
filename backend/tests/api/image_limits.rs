//! Images published at a size a phone can open: a picture beyond `max_image_side` is stored
//! reduced to it in its own format, an animation too large over all its frames is refused, and
//! a photo of ordinary size is stored as sent.
use reqwest::{StatusCode, multipart::Form};

use crate::{helpers::*, images::*};

/// Uploads `bytes` to the gallery as a browser would send them.
async fn send(app: &TestApp, bytes: Vec<u8>, name: &str, content_type: &str, token: &str) -> reqwest::Response {
    let form = Form::new().part("image", file_part(bytes, name, content_type)).text("description", "");
    post_form(app, "/api/gallery", form, Some(token)).await
}

/// The item a 201 answer created, with its (width, height) and the stored file's bytes.
async fn published(app: &TestApp, response: reqwest::Response) -> ((Option<u64>, Option<u64>), Vec<u8>) {
    assert_eq!(response.status(), StatusCode::CREATED);
    let item = response.json::<Vec<serde_json::Value>>().await.unwrap().remove(0);
    let stored = app.get(item["url"].as_str().unwrap(), None).await.bytes().await.unwrap().to_vec();
    ((item["width"].as_u64(), item["height"].as_u64()), stored)
}

/// A GIF drawn by hand: a `width` x `height` canvas and `frames` frames of one pixel each (a
/// phone still composes the whole canvas for every frame).
fn animation(width: u16, height: u16, frames: usize) -> Vec<u8> {
    let mut gif = b"GIF89a".to_vec();
    gif.extend_from_slice(&width.to_le_bytes());
    gif.extend_from_slice(&height.to_le_bytes());
    gif.extend_from_slice(&[0x80, 0, 0, 0, 0, 0, 255, 255, 255]);
    for _ in 0..frames {
        gif.extend_from_slice(&[0x21, 0xF9, 4, 0, 10, 0, 0, 0]);
        gif.extend_from_slice(&[0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0]);
        gif.extend_from_slice(&[2, 2, 0x44, 1, 0]);
    }
    gif.push(0x3B);
    gif
}

#[tokio::test]
async fn a_picture_beyond_the_limit_is_published_reduced_in_its_own_format() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    // 12000 x 4000 of one colour: a small file that would decode to 192 MB.
    let mut bomb = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(image::RgbImage::from_pixel(12_000, 4_000, image::Rgb([40, 90, 160])))
        .write_to(&mut bomb, image::ImageFormat::Png)
        .unwrap();
    let bomb = bomb.into_inner();
    assert!(bomb.len() < 1024 * 1024, "{} bytes", bomb.len());

    let (size, stored) = published(&app, send(&app, bomb, "wide.png", "image/png", &token).await).await;
    assert_eq!(size, (Some(4096), Some(1365)));
    assert_eq!(image::guess_format(&stored).unwrap(), image::ImageFormat::Png, "a PNG stays a PNG");
    let decoded = image::load_from_memory(&stored).unwrap();
    assert_eq!((decoded.width(), decoded.height()), (4096, 1365));
    assert_eq!(decoded.to_rgb8().get_pixel(2000, 700), &image::Rgb([40, 90, 160]));

    // A JPEG taller than the limit stays a JPEG; the limit is a setting.
    let app = TestApp::spawn_with(|config| config.max_image_side = 600).await;
    let token = app.admin_token().await;
    let (size, stored) = published(&app, send(&app, jpeg(500, 900, 3), "tall.jpg", "image/jpeg", &token).await).await;
    assert_eq!(size, (Some(333), Some(600)));
    assert_eq!(image::guess_format(&stored).unwrap(), image::ImageFormat::Jpeg);
}

#[tokio::test]
async fn a_photo_of_ordinary_size_is_stored_as_sent() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    let photo = jpeg(1600, 1200, 5);
    let (size, stored) = published(&app, send(&app, photo.clone(), "photo.jpg", "image/jpeg", &token).await).await;
    assert_eq!(size, (Some(1600), Some(1200)));
    assert_eq!(stored, photo, "byte for byte");
}

#[tokio::test]
async fn an_animation_too_large_over_all_its_frames_is_refused_and_a_wide_one_becomes_its_first_frame() {
    let app = TestApp::spawn().await;
    let token = app.admin_token().await;
    // 300 frames of 4000 x 4000: 4,800 megapixels for a phone to compose.
    let response = send(&app, animation(4000, 4000, 300), "moving.gif", "image/gif", &token).await;
    assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["error"], "The animation is too large: at most 100 megapixels over all its frames.");
    assert!(files_in(&app, "gallery").is_empty(), "nothing stored");

    // Six frames of 100 x 100 are fine and kept as sent.
    let small = animation(100, 100, 6);
    let (_, stored) = published(&app, send(&app, small.clone(), "small.gif", "image/gif", &token).await).await;
    assert_eq!(stored, small);

    // Beyond the side limit, an animation is published as its first frame at that size.
    let app = TestApp::spawn_with(|config| config.max_image_side = 400).await;
    let token = app.admin_token().await;
    let (size, stored) = published(&app, send(&app, animation(800, 200, 3), "wide.gif", "image/gif", &token).await).await;
    assert_eq!(size, (Some(400), Some(100)));
    assert_eq!(image::guess_format(&stored).unwrap(), image::ImageFormat::Gif);
}
