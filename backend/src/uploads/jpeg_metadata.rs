//! Camera metadata removed from a JPEG without touching its compressed picture.
use std::borrow::Cow;

use image::metadata::Orientation;

use super::{
    container::{Segment, jpeg_layout},
    imaging::ImagingError,
};

/// A JPEG without camera metadata, WITHOUT re-encoding: removes APP1 Exif (GPS, camera, dates,
/// thumbnails) and XMP, APP13 (IPTC/Photoshop), COM and every other APPn segment (maker notes,
/// multi-picture indexes), and anything after the end-of-image marker (appended pictures or
/// videos); keeps JFIF/APP0, ICC (APP2), Adobe (APP14), the tables and the image data. When the
/// original had an EXIF orientation other than 1, writes a minimal Exif APP1 with only that
/// Orientation tag so the photo still displays upright. A JPEG that had none of these is returned
/// byte for byte (Cow::Borrowed).
pub fn strip_jpeg_metadata(bytes: &[u8]) -> Result<Cow<'_, [u8]>, ImagingError> {
    let layout = jpeg_layout(bytes).ok_or(ImagingError::Unreadable)?;
    let is_exif =
        |segment: &Segment| segment.marker == 0xE1 && segment.payload(bytes).starts_with(b"Exif\0");
    let keeps = |segment: &Segment| {
        let payload = segment.payload(bytes);
        match segment.marker {
            0xE0 => payload.starts_with(b"JFIF\0"),
            0xE2 => payload.starts_with(b"ICC_PROFILE\0"),
            0xEE => payload.starts_with(b"Adobe"),
            // what this function writes, so that stripping twice changes nothing
            0xE1 => is_orientation_only_exif(&bytes[segment.start..segment.end]),
            0xE3..=0xED | 0xEF | 0xFE => false,
            _ => true,
        }
    };
    if layout.segments.iter().all(keeps) && layout.end == bytes.len() {
        return Ok(Cow::Borrowed(bytes));
    }
    // The first Exif segment is the one readers honour; the TIFF data follows "Exif\0\0".
    let orientation = layout
        .segments
        .iter()
        .find(|segment| is_exif(segment))
        .and_then(|segment| segment.payload(bytes).get(6..))
        .and_then(Orientation::from_exif_chunk)
        .filter(|orientation| *orientation != Orientation::NoTransforms);

    let mut out = Vec::with_capacity(bytes.len());
    out.extend_from_slice(&bytes[..2]);
    let mut orientation = orientation;
    for segment in &layout.segments {
        if keeps(segment) {
            out.extend_from_slice(&bytes[segment.start..segment.end]);
        } else if is_exif(segment) {
            // in place of the original Exif, so the segment order stays familiar to readers
            if let Some(orientation) = orientation.take() {
                out.extend_from_slice(&orientation_only_exif(orientation));
            }
        }
    }
    out.extend_from_slice(&bytes[layout.scan_start..layout.end]);
    Ok(Cow::Owned(out))
}

fn is_orientation_only_exif(segment: &[u8]) -> bool {
    segment
        .get(10..)
        .and_then(Orientation::from_exif_chunk)
        .is_some_and(|orientation| segment == orientation_only_exif(orientation))
}

/// An APP1 segment whose Exif holds one field: Orientation (0x0112, SHORT).
fn orientation_only_exif(orientation: Orientation) -> [u8; 36] {
    let mut segment = [0u8; 36];
    segment[..4].copy_from_slice(&[0xFF, 0xE1, 0x00, 34]);
    segment[4..10].copy_from_slice(b"Exif\0\0");
    // big-endian TIFF header, IFD0 at offset 8
    segment[10..18].copy_from_slice(&[b'M', b'M', 0, 42, 0, 0, 0, 8]);
    // one entry: tag, type SHORT, count 1, the value left-aligned; then no next IFD
    segment[18..20].copy_from_slice(&[0, 1]);
    segment[20..32].copy_from_slice(&[
        0x01,
        0x12,
        0,
        3,
        0,
        0,
        0,
        1,
        0,
        orientation.to_exif(),
        0,
        0,
    ]);
    segment
}

#[cfg(test)]
pub(crate) mod tests {
    use std::io::Cursor;

    use exif::{In, Reader, Tag};

    use super::*;
    use crate::uploads::detect::{
        FileKind, detect, dimensions,
        tests::{camera_exif, jpeg, segment, with_segments},
    };

    /// Everything from the first scan to the end of the image.
    fn scan_data(jpeg: &[u8]) -> &[u8] {
        let layout = jpeg_layout(jpeg).expect("a whole JPEG");
        &jpeg[layout.scan_start..layout.end]
    }

    fn exif_of(jpeg: &[u8]) -> Option<exif::Exif> {
        Reader::new()
            .read_from_container(&mut Cursor::new(jpeg))
            .ok()
    }

    fn markers(jpeg: &[u8]) -> Vec<u8> {
        jpeg_layout(jpeg)
            .expect("a whole JPEG")
            .segments
            .iter()
            .map(|s| s.marker)
            .collect()
    }

    fn phone_photo(width: u32, height: u32, orientation: u16) -> Vec<u8> {
        let icc = [b"ICC_PROFILE\0\x01\x01".as_slice(), &[7u8; 64]].concat();
        let segments = [
            segment(0xE1, &camera_exif(orientation)),
            segment(0xE1, b"http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><photoshop:City>Pune</photoshop:City></x:xmpmeta>"),
            segment(0xE2, &icc),
            segment(0xED, b"Photoshop 3.0\08BIM\x04\x04\0\0\0\0\0\x0b\x1c\x02\x5a\0\x04Pune"),
            segment(0xEE, b"Adobe\0\x64\0\0\0\0\x01"),
            segment(0xFE, b"taken at the owner's home"),
        ];
        // what some phones glue after the picture (a motion clip, a depth map)
        with_segments(
            &jpeg(width, height),
            &segments,
            b"\0\0\0\x18ftypmp42 a hidden video clip",
        )
    }

    #[test]
    fn camera_metadata_is_removed_and_the_orientation_kept_without_reencoding() {
        let original = phone_photo(120, 80, 6);
        let exif = exif_of(&original).expect("the fixture carries Exif");
        assert!(
            exif.get_field(Tag::GPSLatitude, In::PRIMARY).is_some(),
            "fixture has GPS"
        );
        assert_eq!(detect(&original), Some(FileKind::Jpeg));

        let stripped = strip_jpeg_metadata(&original).expect("strip");
        assert!(matches!(stripped, Cow::Owned(_)));
        let exif = exif_of(&stripped).expect("the orientation survives in a minimal Exif");
        let tags: Vec<Tag> = exif.fields().map(|field| field.tag).collect();
        assert_eq!(tags, [Tag::Orientation], "only the orientation is left");
        let orientation = exif
            .get_field(Tag::Orientation, In::PRIMARY)
            .expect("orientation");
        assert_eq!(orientation.value.get_uint(0), Some(6));

        // the compressed picture is byte for byte the same; nothing after EOI remains
        assert_eq!(scan_data(&stripped), scan_data(&original));
        assert!(stripped.ends_with(&[0xFF, 0xD9]));
        // JFIF, the minimal Exif, ICC and Adobe are kept, in order; XMP, IPTC and COM are gone
        let kept: Vec<u8> = markers(&stripped)
            .into_iter()
            .filter(|m| (0xE0..=0xFE).contains(m))
            .collect();
        assert_eq!(kept, [0xE0, 0xE1, 0xE2, 0xEE]);
        for secret in [
            &b"Pune"[..],
            b"PhoneMaker",
            b"owner's home",
            b"2026:09:12",
            b"hidden video",
        ] {
            assert!(
                memchr::memmem::find(&stripped, secret).is_none(),
                "{:?} left",
                String::from_utf8_lossy(secret)
            );
        }
        // still a JPEG, still displayed as a portrait, and its pixels decode as before
        assert_eq!(detect(&stripped), Some(FileKind::Jpeg));
        assert_eq!(dimensions(FileKind::Jpeg, &stripped), Some((80, 120)));
        let before = image::load_from_memory(&original)
            .expect("decode")
            .to_rgb8();
        let after = image::load_from_memory(&stripped)
            .expect("decode")
            .to_rgb8();
        assert_eq!(before, after);
        // stripping again changes nothing
        assert!(matches!(
            strip_jpeg_metadata(&stripped),
            Ok(Cow::Borrowed(_))
        ));
    }

    #[test]
    fn an_upright_photo_keeps_no_exif_at_all() {
        let original = phone_photo(64, 48, 1);
        let stripped = strip_jpeg_metadata(&original).expect("strip");
        assert!(exif_of(&stripped).is_none());
        assert!(!markers(&stripped).contains(&0xE1));
        assert_eq!(scan_data(&stripped), scan_data(&original));
    }

    #[test]
    fn a_jpeg_without_metadata_is_returned_byte_for_byte() {
        let plain = jpeg(64, 48);
        let stripped = strip_jpeg_metadata(&plain).expect("strip");
        assert!(matches!(stripped, Cow::Borrowed(_)));
        assert_eq!(&*stripped, plain.as_slice());
        // with a colour profile too
        let icc = segment(
            0xE2,
            &[b"ICC_PROFILE\0\x01\x01".as_slice(), &[1u8; 16]].concat(),
        );
        let with_icc = with_segments(&plain, &[icc], b"");
        assert!(matches!(
            strip_jpeg_metadata(&with_icc),
            Ok(Cow::Borrowed(_))
        ));
    }

    #[test]
    fn a_truncated_or_foreign_file_cannot_be_stripped() {
        let plain = jpeg(64, 48);
        assert!(matches!(
            strip_jpeg_metadata(&plain[..plain.len() - 10]),
            Err(ImagingError::Unreadable)
        ));
        assert!(matches!(
            strip_jpeg_metadata(b"<html></html>"),
            Err(ImagingError::Unreadable)
        ));
    }
}
