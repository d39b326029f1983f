//! What an uploaded file really is, judged by its bytes alone (never by its name or declared type).
//!
//! An image must both start with its format's magic bytes, have a container structure that is
//! complete (no truncated file, no other file glued behind it) and have a header that the decoder
//! accepts; only then is it that kind. Everything else (text, SVG, HTML, polyglots) is `None`.
use std::io::Cursor;

use image::{ImageDecoder, ImageFormat, ImageReader};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::container::{PNG_SIGNATURE, gif_is_complete, jpeg_layout, png_is_complete, webp_is_complete};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum FileKind {
    Jpeg,
    Png,
    Webp,
    Gif,
    Pdf,
}

/// What the image lists accept.
pub const IMAGES: &[FileKind] = &[FileKind::Jpeg, FileKind::Png, FileKind::Webp, FileKind::Gif];
/// What a matrimonial biodata or horoscope may be.
pub const BIODATA: &[FileKind] = &[FileKind::Jpeg, FileKind::Png, FileKind::Pdf];

impl FileKind {
    pub fn extension(self) -> &'static str {
        match self {
            FileKind::Jpeg => "jpg",
            FileKind::Png => "png",
            FileKind::Webp => "webp",
            FileKind::Gif => "gif",
            FileKind::Pdf => "pdf",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            FileKind::Jpeg => "image/jpeg",
            FileKind::Png => "image/png",
            FileKind::Webp => "image/webp",
            FileKind::Gif => "image/gif",
            FileKind::Pdf => "application/pdf",
        }
    }

    pub fn is_image(self) -> bool {
        self != FileKind::Pdf
    }

    /// The kind of a stored name's extension (only the extensions `extension` produces).
    pub fn from_extension(ext: &str) -> Option<FileKind> {
        [
            FileKind::Jpeg,
            FileKind::Png,
            FileKind::Webp,
            FileKind::Gif,
            FileKind::Pdf,
        ]
        .into_iter()
        .find(|kind| kind.extension() == ext)
    }

    pub(crate) fn image_format(self) -> Option<ImageFormat> {
        match self {
            FileKind::Jpeg => Some(ImageFormat::Jpeg),
            FileKind::Png => Some(ImageFormat::Png),
            FileKind::Webp => Some(ImageFormat::WebP),
            FileKind::Gif => Some(ImageFormat::Gif),
            FileKind::Pdf => None,
        }
    }
}

/// What the bytes really are: magic bytes AND a complete structure AND a successful header decode
/// for images (a text file named .png, an SVG, an HTML page, a truncated or corrupt image, a PNG
/// header followed by HTML = None); PDF by its `%PDF-` header and an `%%EOF` in its last 1 KB.
pub fn detect(bytes: &[u8]) -> Option<FileKind> {
    let kind = if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        jpeg_layout(bytes).map(|_| FileKind::Jpeg)
    } else if bytes.starts_with(PNG_SIGNATURE) {
        png_is_complete(bytes).then_some(FileKind::Png)
    } else if bytes.len() >= 12 && bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WEBP" {
        webp_is_complete(bytes).then_some(FileKind::Webp)
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        gif_is_complete(bytes).then_some(FileKind::Gif)
    } else if bytes.starts_with(b"%PDF-") {
        let tail = &bytes[bytes.len().saturating_sub(1024)..];
        return memchr::memmem::find(tail, b"%%EOF").map(|_| FileKind::Pdf);
    } else {
        None
    }?;
    // The container is whole; the decoder must also accept the header (sizes, colour types...).
    decoder_dimensions(kind, bytes).map(|_| kind)
}

/// Width and height as the image is displayed (EXIF orientation 5–8 swaps them for JPEG).
pub fn dimensions(kind: FileKind, bytes: &[u8]) -> Option<(u32, u32)> {
    decoder_dimensions(kind, bytes)
}

fn decoder_dimensions(kind: FileKind, bytes: &[u8]) -> Option<(u32, u32)> {
    let format = kind.image_format()?;
    let mut decoder = ImageReader::with_format(Cursor::new(bytes), format)
        .into_decoder()
        .ok()?;
    let (width, height) = decoder.dimensions();
    if width == 0 || height == 0 {
        return None;
    }
    // Only JPEG orientation is honoured by browsers for <img>, so only JPEG swaps.
    let swapped = kind == FileKind::Jpeg && orientation_swaps(decoder.orientation().ok()?);
    Some(if swapped {
        (height, width)
    } else {
        (width, height)
    })
}

/// Whether showing the image upright turns it a quarter (EXIF orientations 5 to 8).
pub(crate) fn orientation_swaps(orientation: image::metadata::Orientation) -> bool {
    use image::metadata::Orientation::*;
    matches!(
        orientation,
        Rotate90 | Rotate270 | Rotate90FlipH | Rotate270FlipH
    )
}

#[cfg(test)]
pub(crate) mod tests {
    use std::io::Cursor;

    use exif::{Field, In, Rational, Tag, Value, experimental::Writer};
    use image::{DynamicImage, ImageBuffer, Rgb, Rgba};

    use super::*;

    /// A JPEG segment: marker, big-endian length, payload.
    pub fn segment(marker: u8, payload: &[u8]) -> Vec<u8> {
        let mut out = vec![0xFF, marker];
        out.extend_from_slice(
            &u16::try_from(payload.len() + 2)
                .expect("small")
                .to_be_bytes(),
        );
        out.extend_from_slice(payload);
        out
    }

    /// Exif as a phone writes it: orientation, camera, date, GPS position and a thumbnail.
    pub fn camera_exif(orientation: u16) -> Vec<u8> {
        let field = |tag, ifd_num, value| Field {
            tag,
            ifd_num,
            value,
        };
        let degrees = |d, m, s| {
            Value::Rational(vec![
                Rational { num: d, denom: 1 },
                Rational { num: m, denom: 1 },
                Rational { num: s, denom: 100 },
            ])
        };
        let fields = [
            field(
                Tag::Orientation,
                In::PRIMARY,
                Value::Short(vec![orientation]),
            ),
            field(
                Tag::Make,
                In::PRIMARY,
                Value::Ascii(vec![b"PhoneMaker".to_vec()]),
            ),
            field(
                Tag::DateTimeOriginal,
                In::PRIMARY,
                Value::Ascii(vec![b"2026:09:12 10:00:00".to_vec()]),
            ),
            field(
                Tag::GPSLatitudeRef,
                In::PRIMARY,
                Value::Ascii(vec![b"N".to_vec()]),
            ),
            field(Tag::GPSLatitude, In::PRIMARY, degrees(18, 31, 2043)),
            field(
                Tag::GPSLongitudeRef,
                In::PRIMARY,
                Value::Ascii(vec![b"E".to_vec()]),
            ),
            field(Tag::GPSLongitude, In::PRIMARY, degrees(73, 51, 1234)),
        ];
        let thumbnail = jpeg(32, 24);
        let mut writer = Writer::new();
        for field in &fields {
            writer.push_field(field);
        }
        writer.set_jpeg(&thumbnail, In::THUMBNAIL);
        let mut tiff = Cursor::new(Vec::new());
        writer.write(&mut tiff, true).expect("write exif");
        [b"Exif\0\0".as_slice(), &tiff.into_inner()].concat()
    }

    /// `jpeg` with these segments inserted right after its APP0, and `trailer` after its EOI.
    pub fn with_segments(jpeg: &[u8], segments: &[Vec<u8>], trailer: &[u8]) -> Vec<u8> {
        assert_eq!(jpeg[2..4], [0xFF, 0xE0], "the encoder writes JFIF first");
        let app0_end = 4 + usize::from(u16::from_be_bytes([jpeg[4], jpeg[5]]));
        [
            &jpeg[..app0_end],
            &segments.concat(),
            &jpeg[app0_end..],
            trailer,
        ]
        .concat()
    }

    /// A photo-like picture: smooth gradients with noise, so that codecs cannot cheat.
    pub fn photo(width: u32, height: u32) -> DynamicImage {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        DynamicImage::ImageRgb8(ImageBuffer::from_fn(width, height, |x, y| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let noise = (seed % 32) as u32;
            Rgb([
                ((x * 200 / width) + noise) as u8,
                ((y * 200 / height) + noise) as u8,
                (((x + y) * 100 / (width + height)) + noise + 60) as u8,
            ])
        }))
    }

    pub fn encode(image: &DynamicImage, format: ImageFormat) -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        image.write_to(&mut out, format).expect("encode fixture");
        out.into_inner()
    }

    pub fn jpeg(width: u32, height: u32) -> Vec<u8> {
        encode(&photo(width, height), ImageFormat::Jpeg)
    }

    fn png_with_alpha() -> Vec<u8> {
        let image = ImageBuffer::from_fn(40, 30, |x, _| Rgba([200, 10, 10, (x * 6) as u8]));
        encode(&DynamicImage::ImageRgba8(image), ImageFormat::Png)
    }

    fn tiny_pdf() -> Vec<u8> {
        b"%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
            .to_vec()
    }

    #[test]
    fn each_kind_is_recognised_by_its_content() {
        let photo = photo(48, 32);
        assert_eq!(detect(&jpeg(48, 32)), Some(FileKind::Jpeg));
        assert_eq!(
            detect(&encode(&photo, ImageFormat::Png)),
            Some(FileKind::Png)
        );
        assert_eq!(detect(&png_with_alpha()), Some(FileKind::Png));
        assert_eq!(
            detect(&encode(&photo, ImageFormat::WebP)),
            Some(FileKind::Webp)
        );
        assert_eq!(
            detect(&encode(&photo.to_rgba8().into(), ImageFormat::Gif)),
            Some(FileKind::Gif)
        );
        assert_eq!(detect(&tiny_pdf()), Some(FileKind::Pdf));
    }

    #[test]
    fn text_svg_and_html_are_not_images_whatever_their_name() {
        assert_eq!(detect(b"just some notes, saved as photo.png\n"), None);
        assert_eq!(
            detect(br#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#),
            None
        );
        assert_eq!(
            detect(b"<!DOCTYPE html><html><body><script>alert(1)</script></body></html>"),
            None
        );
        assert_eq!(detect(b""), None);
    }

    #[test]
    fn a_pdf_is_a_pdf_which_the_image_lists_do_not_accept() {
        let kind = detect(&tiny_pdf());
        assert_eq!(kind, Some(FileKind::Pdf));
        assert!(!IMAGES.contains(&FileKind::Pdf) && BIODATA.contains(&FileKind::Pdf));
        assert!(!FileKind::Pdf.is_image());
        // a PDF cut before its end marker is not a PDF
        let pdf = tiny_pdf();
        assert_eq!(detect(&pdf[..pdf.len() - 8]), None);
    }

    #[test]
    fn truncated_images_are_refused() {
        let jpeg = jpeg(64, 48);
        assert_eq!(
            detect(&jpeg[..jpeg.len() - 2]),
            None,
            "JPEG without its end marker"
        );
        assert_eq!(
            detect(&jpeg[..jpeg.len() / 2]),
            None,
            "JPEG cut in its scan"
        );
        assert_eq!(detect(&jpeg[..200]), None, "JPEG cut in its header");
        let png = encode(&photo(64, 48), ImageFormat::Png);
        assert_eq!(detect(&png[..png.len() - 1]), None);
        assert_eq!(detect(&png[..png.len() / 2]), None);
        let webp = encode(&photo(64, 48), ImageFormat::WebP);
        assert_eq!(detect(&webp[..webp.len() - 3]), None);
        let gif = encode(&photo(64, 48).to_rgba8().into(), ImageFormat::Gif);
        assert_eq!(detect(&gif[..gif.len() - 1]), None);
        assert_eq!(detect(&gif[..gif.len() / 2]), None);
    }

    #[test]
    fn polyglots_and_corrupt_headers_are_refused() {
        let mut png_then_html = PNG_SIGNATURE.to_vec();
        png_then_html.extend_from_slice(b"<html><script>alert(1)</script></html>");
        assert_eq!(detect(&png_then_html), None);

        let mut png_with_page_behind = encode(&photo(16, 16), ImageFormat::Png);
        png_with_page_behind.extend_from_slice(b"<html><script>alert(1)</script></html>");
        assert_eq!(detect(&png_with_page_behind), None);

        let mut gif_with_page_behind = encode(&photo(16, 16).to_rgba8().into(), ImageFormat::Gif);
        gif_with_page_behind.extend_from_slice(b"<html></html>");
        assert_eq!(detect(&gif_with_page_behind), None);

        let mut jpeg_magic_then_html = vec![0xFF, 0xD8, 0xFF, 0xE0];
        jpeg_magic_then_html.extend_from_slice(b"<html><script>alert(1)</script></html>");
        assert_eq!(detect(&jpeg_magic_then_html), None);

        // a complete structure whose header the decoder refuses: IHDR claiming a zero width
        let mut png = encode(&photo(16, 16), ImageFormat::Png);
        png[16..20].copy_from_slice(&0u32.to_be_bytes());
        assert_eq!(detect(&png), None);

        assert_eq!(detect(b"RIFF\x04\0\0\0WEBP"), None);
        assert_eq!(detect(b"GIF89a"), None);
    }

    #[test]
    fn dimensions_are_those_of_the_displayed_image() {
        assert_eq!(dimensions(FileKind::Jpeg, &jpeg(48, 32)), Some((48, 32)));
        assert_eq!(dimensions(FileKind::Png, &png_with_alpha()), Some((40, 30)));
        assert_eq!(dimensions(FileKind::Pdf, &tiny_pdf()), None);
        assert_eq!(dimensions(FileKind::Png, &jpeg(48, 32)), None);
    }

    #[test]
    fn extensions_and_content_types_round_trip() {
        for kind in [
            FileKind::Jpeg,
            FileKind::Png,
            FileKind::Webp,
            FileKind::Gif,
            FileKind::Pdf,
        ] {
            assert_eq!(FileKind::from_extension(kind.extension()), Some(kind));
            assert_eq!(kind.is_image(), kind.content_type().starts_with("image/"));
        }
        assert_eq!(FileKind::from_extension("jpeg"), None);
        assert_eq!(FileKind::from_extension("svg"), None);
        assert_eq!(
            serde_json::to_string(&FileKind::Webp).ok().as_deref(),
            Some("\"webp\"")
        );
    }
}
