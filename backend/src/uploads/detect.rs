//! What an uploaded file really is, judged by its bytes alone (never by its name or declared type).
//!
//! An image must both start with its format's magic bytes, have a container structure that is
//! complete (no truncated file, no other file glued behind it) and have a header that the decoder
//! accepts; only then is it that kind. Everything else (text, SVG, HTML, polyglots) is `None`.
use std::io::Cursor;

use image::{ImageDecoder, ImageFormat, ImageReader};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

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

const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// IHDR first, chunks that fit, and nothing after IEND.
fn png_is_complete(bytes: &[u8]) -> bool {
    let mut pos = PNG_SIGNATURE.len();
    let mut first = true;
    while let Some(header) = bytes.get(pos..pos + 8) {
        let length = u32::from_be_bytes([header[0], header[1], header[2], header[3]]) as usize;
        let chunk_type = &header[4..8];
        if first && chunk_type != b"IHDR" {
            return false;
        }
        first = false;
        // length, type, data, CRC
        let Some(end) = pos.checked_add(12 + length) else {
            return false;
        };
        if end > bytes.len() {
            return false;
        }
        if chunk_type == b"IEND" {
            return end == bytes.len();
        }
        pos = end;
    }
    false
}

/// The RIFF size covers exactly the file, and its chunks fill it.
fn webp_is_complete(bytes: &[u8]) -> bool {
    let riff_size = u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]) as usize;
    if riff_size.checked_add(8) != Some(bytes.len()) {
        return false;
    }
    let mut pos = 12;
    while pos < bytes.len() {
        let Some(header) = bytes.get(pos..pos + 8) else {
            return false;
        };
        let size = u32::from_le_bytes([header[4], header[5], header[6], header[7]]) as usize;
        // chunks are padded to an even size
        let Some(end) = (pos + 8).checked_add(size + (size & 1)) else {
            return false;
        };
        if end > bytes.len() {
            return false;
        }
        pos = end;
    }
    pos == bytes.len() && pos > 12
}

/// Header, colour table, then extensions and frames made of sub-blocks, up to the trailer `;`
/// that must end the file; at least one frame.
fn gif_is_complete(bytes: &[u8]) -> bool {
    fn skip_sub_blocks(bytes: &[u8], mut pos: usize) -> Option<usize> {
        loop {
            let size = *bytes.get(pos)? as usize;
            pos += 1 + size;
            if size == 0 {
                return Some(pos);
            }
        }
    }
    fn table_size(flags: u8) -> usize {
        if flags & 0x80 != 0 {
            3 << ((flags & 7) + 1)
        } else {
            0
        }
    }
    let Some(&flags) = bytes.get(10) else {
        return false;
    };
    let mut pos = 13 + table_size(flags);
    let mut frames = 0;
    loop {
        let next = match bytes.get(pos) {
            Some(0x3B) => return frames > 0 && pos + 1 == bytes.len(),
            // extension: label, then sub-blocks
            Some(0x21) => skip_sub_blocks(bytes, pos + 2),
            // image: 9-byte descriptor, local colour table, LZW code size, then sub-blocks
            Some(0x2C) => {
                frames += 1;
                bytes
                    .get(pos + 9)
                    .and_then(|&flags| skip_sub_blocks(bytes, pos + 10 + table_size(flags) + 1))
            }
            _ => None,
        };
        match next {
            Some(next) if next <= bytes.len() => pos = next,
            _ => return false,
        }
    }
}

/// Where the parts of a JPEG lie: the marker segments before the first scan, where that scan
/// starts, and where the image ends (just after EOI; anything later is not part of the image).
#[derive(Debug)]
pub(crate) struct JpegLayout {
    pub segments: Vec<Segment>,
    pub scan_start: usize,
    pub end: usize,
}

/// One marker segment: `bytes[start..end]` is the marker, its length and its payload.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Segment {
    pub marker: u8,
    pub start: usize,
    pub end: usize,
}

impl Segment {
    pub fn payload<'a>(&self, bytes: &'a [u8]) -> &'a [u8] {
        &bytes[self.start + 4..self.end]
    }
}

/// Walks a JPEG from SOI through every scan to EOI. None when it is cut short or malformed.
pub(crate) fn jpeg_layout(bytes: &[u8]) -> Option<JpegLayout> {
    if !bytes.starts_with(&[0xFF, 0xD8]) {
        return None;
    }
    let mut segments = Vec::new();
    let mut scan_start = None;
    let mut pos = 2;
    loop {
        // a marker: 0xFF (possibly repeated as fill), then its code
        if *bytes.get(pos)? != 0xFF {
            return None;
        }
        while *bytes.get(pos + 1)? == 0xFF {
            pos += 1;
        }
        let marker = bytes[pos + 1];
        match marker {
            0xD9 => {
                let end = pos + 2;
                return scan_start.map(|scan_start| JpegLayout {
                    segments,
                    scan_start,
                    end,
                });
            }
            // stand-alone markers without a length
            0x01 | 0xD0..=0xD7 => {
                pos += 2;
                continue;
            }
            0x00 | 0xD8 => return None,
            _ => {}
        }
        let length = u16::from_be_bytes([*bytes.get(pos + 2)?, *bytes.get(pos + 3)?]) as usize;
        if length < 2 || pos + 2 + length > bytes.len() {
            return None;
        }
        let end = pos + 2 + length;
        if marker == 0xDA {
            scan_start.get_or_insert(pos);
            pos = skip_entropy_data(bytes, end)?;
        } else {
            if scan_start.is_none() {
                segments.push(Segment {
                    marker,
                    start: pos,
                    end,
                });
            }
            pos = end;
        }
    }
}

/// After a scan header: the position of the next marker that is not a restart marker or a
/// stuffed 0xFF 0x00 inside the compressed data.
fn skip_entropy_data(bytes: &[u8], mut pos: usize) -> Option<usize> {
    loop {
        pos += memchr::memchr(0xFF, bytes.get(pos..)?)?;
        match *bytes.get(pos + 1)? {
            0x00 | 0xD0..=0xD7 => pos += 2,
            0xFF => pos += 1,
            _ => return Some(pos),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use image::{DynamicImage, ImageBuffer, Rgb, Rgba};

    use super::*;

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
