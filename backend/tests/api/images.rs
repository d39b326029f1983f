//! Images made for the tests, and uploading them as a browser does.
use reqwest::{Response, multipart};

use crate::helpers::TestApp;

/// A photo-like image (gradients and noise, which compress like a photo, not a flat colour).
pub fn photo(width: u32, height: u32, seed: u32) -> image::RgbImage {
    let mut state = seed.wrapping_mul(2_654_435_761).wrapping_add(1);
    image::RgbImage::from_fn(width, height, |x, y| {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        let noise = (state % 24) as u8;
        let r = ((x * 255 / width.max(1)) as u8).saturating_add(noise);
        let g = ((y * 255 / height.max(1)) as u8).saturating_add(noise / 2);
        let b = (((x + y) * 127 / (width + height).max(1)) as u8).wrapping_add(seed as u8);
        image::Rgb([r, g, b])
    })
}

/// A JPEG as the `image` crate writes it: a JFIF header and no camera metadata.
pub fn jpeg(width: u32, height: u32, seed: u32) -> Vec<u8> {
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 85)
        .encode_image(&photo(width, height, seed))
        .unwrap();
    out
}

pub fn png(width: u32, height: u32) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(photo(width, height, 7)).write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

/// `jpeg` with an Exif APP1 segment right after SOI holding Orientation 6 and a GPS position
/// (latitude N 18° 31′), as a phone camera writes it.
pub fn with_gps_exif(jpeg: &[u8]) -> Vec<u8> {
    let mut tiff = Vec::new();
    tiff.extend_from_slice(b"II*\0");
    tiff.extend_from_slice(&8u32.to_le_bytes());
    // IFD0 at 8: Orientation and the pointer to the GPS IFD.
    let entry = |tiff: &mut Vec<u8>, tag: u16, kind: u16, count: u32, value: u32| {
        tiff.extend_from_slice(&tag.to_le_bytes());
        tiff.extend_from_slice(&kind.to_le_bytes());
        tiff.extend_from_slice(&count.to_le_bytes());
        tiff.extend_from_slice(&value.to_le_bytes());
    };
    tiff.extend_from_slice(&2u16.to_le_bytes());
    entry(&mut tiff, 0x0112, 3, 1, 6);
    entry(&mut tiff, 0x8825, 4, 1, 38);
    tiff.extend_from_slice(&0u32.to_le_bytes());
    // GPS IFD at 38: latitude reference and latitude (three rationals at 68).
    tiff.extend_from_slice(&2u16.to_le_bytes());
    entry(&mut tiff, 0x0001, 2, 2, u32::from_le_bytes(*b"N\0\0\0"));
    entry(&mut tiff, 0x0002, 5, 3, 68);
    tiff.extend_from_slice(&0u32.to_le_bytes());
    assert_eq!(tiff.len(), 68);
    for (numerator, denominator) in [(18u32, 1u32), (31, 1), (0, 1)] {
        tiff.extend_from_slice(&numerator.to_le_bytes());
        tiff.extend_from_slice(&denominator.to_le_bytes());
    }
    let mut payload = b"Exif\0\0".to_vec();
    payload.extend_from_slice(&tiff);
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&[0xFF, 0xE1]);
    out.extend_from_slice(&((payload.len() + 2) as u16).to_be_bytes());
    out.extend_from_slice(&payload);
    out.extend_from_slice(&jpeg[2..]);
    out
}

/// The bytes from the first SOS marker on: the compressed image itself.
pub fn scan_data(jpeg: &[u8]) -> &[u8] {
    let at = jpeg.windows(2).position(|w| w == [0xFF, 0xDA]).expect("a JPEG has a start of scan");
    &jpeg[at..]
}

/// A multipart part holding a file, named as a browser would send it.
pub fn file_part(bytes: Vec<u8>, file_name: &str, content_type: &str) -> multipart::Part {
    multipart::Part::bytes(bytes).file_name(file_name.to_owned()).mime_str(content_type).unwrap()
}

/// `POST path` with a multipart body.
pub async fn post_form(app: &TestApp, path: &str, form: multipart::Form, token: Option<&str>) -> Response {
    let mut request = app.client.post(app.url(path)).multipart(form);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    request.send().await.expect("request sent")
}

/// Uploads one image with a description; asserts 201 and returns the created item.
pub async fn upload(app: &TestApp, kind: &str, bytes: Vec<u8>, description: &str, token: &str) -> serde_json::Value {
    let form = multipart::Form::new()
        .part("image", file_part(bytes, "photo.jpg", "image/jpeg"))
        .text("description", description.to_owned());
    let response = post_form(app, &format!("/api/{kind}"), form, Some(token)).await;
    assert_eq!(response.status(), reqwest::StatusCode::CREATED, "upload to {kind}");
    let mut items: Vec<serde_json::Value> = response.json().await.unwrap();
    assert_eq!(items.len(), 1);
    items.remove(0)
}

/// The files in one upload folder (none when the folder does not exist yet).
pub fn files_in(app: &TestApp, folder: &str) -> Vec<String> {
    let dir = app.data_dir().join("files").join(folder);
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    names.sort();
    names
}
