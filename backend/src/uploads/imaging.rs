//! Decoding an uploaded image safely (size limits before any pixel) and making its small lossy
//! WebP copies for phones. Camera metadata is removed from JPEGs in [`super::jpeg_metadata`].
use std::io::Cursor;

use image::{
    DynamicImage, ImageDecoder, ImageError, ImageReader, Limits, imageops::FilterType,
    metadata::Orientation,
};

use super::{
    container::gif_frames,
    detect::{FileKind, orientation_swaps},
};

/// The widths (in pixels) of the WebP copies made for phones and tablets.
pub const VARIANT_WIDTHS: &[u32] = &[320, 640, 1280];
/// Decompression-bomb guard: larger images are refused before any pixel is decoded.
pub const MAX_SIDE: u32 = 12_000;
pub const MAX_PIXELS: u64 = 50_000_000;
/// Most a decoder may allocate (a 50-megapixel RGBA picture fits).
const MAX_DECODED_BYTES: u64 = 256 * 1024 * 1024;
/// Most pixels an animated GIF may hold over all its frames: a phone decodes every frame.
pub const MAX_ANIMATION_PIXELS: u64 = 100_000_000;
/// Quality of a JPEG re-encoded at a smaller size.
const JPEG_QUALITY: u8 = 85;
/// libwebp's quality factor: ~80 keeps photos clean at a fraction of the JPEG's bytes.
pub const WEBP_QUALITY: f32 = 78.0;

#[derive(Debug, thiserror::Error)]
pub enum ImagingError {
    #[error("The file could not be read as an image.")]
    Unreadable,
    #[error("The image is too large: at most 12000 pixels on a side and 50 megapixels.")]
    TooLarge,
    #[error("The animation is too large: at most 100 megapixels over all its frames.")]
    AnimationTooLarge,
    #[error("The image could not be converted.")]
    Encode,
}

impl From<ImageError> for ImagingError {
    fn from(err: ImageError) -> Self {
        match err {
            ImageError::Limits(_) => ImagingError::TooLarge,
            _ => ImagingError::Unreadable,
        }
    }
}

/// One resized copy: its size as displayed and its WebP bytes.
#[derive(Debug, Clone)]
pub struct Variant {
    pub width: u32,
    pub height: u32,
    pub bytes: Vec<u8>,
}

/// Refuses pictures too large to decode safely (also worth calling before storing one that is
/// never decoded here, since browsers would have to).
pub fn check_dimensions(width: u32, height: u32) -> Result<(), ImagingError> {
    if width > MAX_SIDE || height > MAX_SIDE || u64::from(width) * u64::from(height) > MAX_PIXELS {
        return Err(ImagingError::TooLarge);
    }
    Ok(())
}

/// Resized variants for phones, encoded as lossy WebP, one for each `width` in `widths` that is
/// smaller than the displayed width of the original (never enlarged), aspect kept, EXIF
/// orientation applied, GIF = first frame, alpha kept for PNG/WebP/GIF. CPU-heavy: callers run it
/// with spawn_blocking. Ascending by width. Refuses (TooLarge) images beyond MAX_SIDE or
/// MAX_PIXELS before decoding their pixels.
pub fn webp_variants(
    kind: FileKind,
    bytes: &[u8],
    widths: &[u32],
) -> Result<Vec<Variant>, ImagingError> {
    let (decoder, orientation) = bounded_decoder(kind, bytes)?;
    let (width, height) = decoder.dimensions();
    let swapped = orientation_swaps(orientation);
    let (shown_width, shown_height) = if swapped {
        (height, width)
    } else {
        (width, height)
    };

    let mut targets: Vec<u32> = widths
        .iter()
        .copied()
        .filter(|&w| w > 0 && w < shown_width)
        .collect();
    targets.sort_unstable();
    targets.dedup();
    if targets.is_empty() {
        return Ok(Vec::new());
    }

    let mut source = eight_bit(DynamicImage::from_decoder(decoder)?);
    // Largest first, each made from the previous one: cheaper, and every step shrinks by ≤ ~3x.
    // The pixels are turned upright only after shrinking, when there are few of them.
    let mut variants = Vec::with_capacity(targets.len());
    for &target in targets.iter().rev() {
        let target_height = scaled(shown_height, target, shown_width);
        let (w, h) = if swapped {
            (target_height, target)
        } else {
            (target, target_height)
        };
        let resized = source.resize_exact(w, h, FilterType::Triangle);
        let mut upright = resized.clone();
        upright.apply_orientation(orientation);
        variants.push(Variant {
            width: target,
            height: target_height,
            bytes: encode_webp(&upright)?,
        });
        source = resized;
    }
    variants.reverse();
    Ok(variants)
}

/// The image re-encoded in its own format at `max_side` pixels on its long side when it is
/// larger (aspect kept, EXIF orientation applied to the pixels, no metadata), or None when it
/// fits and is kept as sent. A GIF is reduced to its first frame; an animation beyond
/// [`MAX_ANIMATION_PIXELS`] over all its frames is refused whatever its size. The decoder's
/// limits hold as in [`webp_variants`]: nothing beyond `MAX_DECODED_BYTES` is decoded.
pub fn reduced(kind: FileKind, bytes: &[u8], max_side: u32) -> Result<Option<Vec<u8>>, ImagingError> {
    let (decoder, orientation) = bounded_decoder(kind, bytes)?;
    let (width, height) = decoder.dimensions();
    if kind == FileKind::Gif {
        let frames = gif_frames(bytes).ok_or(ImagingError::Unreadable)? as u64;
        if frames * u64::from(width) * u64::from(height) > MAX_ANIMATION_PIXELS {
            return Err(ImagingError::AnimationTooLarge);
        }
    }
    if width.max(height) <= max_side {
        return Ok(None);
    }
    let (new_width, new_height) = if width >= height {
        (max_side, scaled(height, max_side, width))
    } else {
        (scaled(width, max_side, height), max_side)
    };
    // Area averaging straight into the small picture: no full-size intermediate in floats.
    let mut image = eight_bit(DynamicImage::from_decoder(decoder)?).thumbnail_exact(new_width, new_height);
    image.apply_orientation(orientation);
    let mut out = Vec::new();
    match kind {
        FileKind::Jpeg => {
            let rgb = DynamicImage::ImageRgb8(image.to_rgb8());
            rgb.write_with_encoder(image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY))
                .map_err(|_| ImagingError::Encode)?;
        }
        FileKind::Webp => out = encode_webp(&image)?,
        FileKind::Png => {
            image.write_to(&mut Cursor::new(&mut out), image::ImageFormat::Png).map_err(|_| ImagingError::Encode)?;
        }
        FileKind::Gif => {
            // The fastest palette search: the slowest takes seconds on a picture this size.
            let rgba = image.to_rgba8();
            image::codecs::gif::GifEncoder::new_with_speed(&mut out, 30)
                .encode(rgba.as_raw(), rgba.width(), rgba.height(), image::ExtendedColorType::Rgba8)
                .map_err(|_| ImagingError::Encode)?;
        }
        FileKind::Pdf => return Err(ImagingError::Unreadable),
    }
    Ok(Some(out))
}

/// A decoder for `bytes` that refuses (TooLarge) an image beyond MAX_SIDE or MAX_PIXELS before
/// decoding any pixel, and may allocate at most MAX_DECODED_BYTES; with the orientation to
/// show it upright (JPEG only, as browsers do).
fn bounded_decoder(kind: FileKind, bytes: &[u8]) -> Result<(Box<dyn ImageDecoder + '_>, Orientation), ImagingError> {
    let format = kind.image_format().ok_or(ImagingError::Unreadable)?;
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODED_BYTES);
    reader.limits(limits);
    let mut decoder = reader.into_decoder()?;
    let (width, height) = decoder.dimensions();
    check_dimensions(width, height)?;
    if decoder.total_bytes() > MAX_DECODED_BYTES {
        return Err(ImagingError::TooLarge);
    }
    let orientation = match kind {
        FileKind::Jpeg => decoder.orientation().unwrap_or(Orientation::NoTransforms),
        _ => Orientation::NoTransforms,
    };
    Ok((Box::new(decoder), orientation))
}

/// Eight bits per channel, with alpha only when the image has some (what the encoders take).
fn eight_bit(image: DynamicImage) -> DynamicImage {
    match image {
        image @ (DynamicImage::ImageRgb8(_) | DynamicImage::ImageRgba8(_)) => image,
        image if image.color().has_alpha() => DynamicImage::ImageRgba8(image.to_rgba8()),
        image => DynamicImage::ImageRgb8(image.to_rgb8()),
    }
}

/// `length * to / from`, rounded, at least 1.
fn scaled(length: u32, to: u32, from: u32) -> u32 {
    let value = (u64::from(length) * u64::from(to) + u64::from(from) / 2) / u64::from(from);
    u32::try_from(value).unwrap_or(u32::MAX).max(1)
}

/// Lossy WebP through libwebp's one-call API (the image crate only writes lossless WebP, which
/// makes photos larger than their JPEG).
fn encode_webp(image: &DynamicImage) -> Result<Vec<u8>, ImagingError> {
    let channels: u32 = match image {
        DynamicImage::ImageRgb8(_) => 3,
        DynamicImage::ImageRgba8(_) => 4,
        _ => return Err(ImagingError::Encode),
    };
    let pixels = image.as_bytes();
    let (width, height) = (image.width(), image.height());
    let stride = width * channels;
    if pixels.len() as u64 != u64::from(stride) * u64::from(height) {
        return Err(ImagingError::Encode);
    }
    let (width, height, stride) = (
        i32::try_from(width).map_err(|_| ImagingError::Encode)?,
        i32::try_from(height).map_err(|_| ImagingError::Encode)?,
        i32::try_from(stride).map_err(|_| ImagingError::Encode)?,
    );
    let mut output: *mut u8 = std::ptr::null_mut();
    let encode = if channels == 4 { libwebp_sys::WebPEncodeRGBA } else { libwebp_sys::WebPEncodeRGB };
    // SAFETY: `pixels` holds `height` rows of `stride` bytes (checked above) and outlives the
    // call; libwebp writes a buffer it allocated into `output` and returns its length.
    let length = unsafe { encode(pixels.as_ptr(), width, height, stride, WEBP_QUALITY, &mut output) };
    if output.is_null() {
        return Err(ImagingError::Encode);
    }
    // SAFETY: `output` points to `length` bytes owned by libwebp; copied, then freed once.
    let encoded = unsafe { std::slice::from_raw_parts(output, length) }.to_vec();
    unsafe { libwebp_sys::WebPFree(output.cast()) };
    if encoded.is_empty() {
        return Err(ImagingError::Encode);
    }
    Ok(encoded)
}

#[cfg(test)]
mod tests {
    use image::{GenericImageView, ImageFormat, Rgb, RgbImage};

    use super::*;
    use crate::uploads::detect::{
        detect, dimensions,
        tests::{camera_exif, encode, jpeg, photo, segment, with_segments},
    };

    fn decoded_webp(variant: &Variant) -> DynamicImage {
        assert_eq!(detect(&variant.bytes), Some(FileKind::Webp));
        image::load_from_memory_with_format(&variant.bytes, ImageFormat::WebP)
            .expect("decode variant")
    }

    #[test]
    fn variants_are_webp_only_below_the_original_width_with_the_aspect_kept() {
        let original = encode(&photo(1000, 700), ImageFormat::Jpeg);
        let variants = webp_variants(FileKind::Jpeg, &original, VARIANT_WIDTHS).expect("variants");
        let sizes: Vec<(u32, u32)> = variants.iter().map(|v| (v.width, v.height)).collect();
        assert_eq!(
            sizes,
            [(320, 224), (640, 448)],
            "1280 would enlarge a 1000-pixel photo"
        );
        for variant in &variants {
            let decoded = decoded_webp(variant);
            assert_eq!(
                (decoded.width(), decoded.height()),
                (variant.width, variant.height)
            );
            assert!(
                !decoded.color().has_alpha(),
                "a photo needs no alpha channel"
            );
            assert!(
                variant.bytes.len() < original.len(),
                "{} ≥ {}",
                variant.bytes.len(),
                original.len()
            );
        }
        // lossy: far smaller than a lossless copy of the same pixels
        let lossless = encode(&decoded_webp(&variants[1]), ImageFormat::WebP);
        assert!(
            variants[1].bytes.len() * 3 < lossless.len(),
            "{} vs {}",
            variants[1].bytes.len(),
            lossless.len()
        );

        let exactly_640 = encode(&photo(640, 480), ImageFormat::Png);
        let variants =
            webp_variants(FileKind::Png, &exactly_640, VARIANT_WIDTHS).expect("variants");
        assert_eq!(variants.iter().map(|v| v.width).collect::<Vec<_>>(), [320]);
        assert!(
            webp_variants(
                FileKind::Png,
                &encode(&photo(300, 200), ImageFormat::Png),
                VARIANT_WIDTHS
            )
            .expect("variants")
            .is_empty()
        );
    }

    #[test]
    fn a_photo_taken_sideways_gives_upright_portrait_variants() {
        // stored landscape with a red top-left corner; orientation 6 = turn a quarter clockwise
        let mut stored = photo(1000, 700).to_rgb8();
        for y in 0..200 {
            for x in 0..200 {
                stored.put_pixel(x, y, Rgb([250, 0, 0]));
            }
        }
        let jpeg = encode(&DynamicImage::ImageRgb8(stored), ImageFormat::Jpeg);
        let sideways = with_segments(&jpeg, &[segment(0xE1, &camera_exif(6))], b"");
        assert_eq!(dimensions(FileKind::Jpeg, &sideways), Some((700, 1000)));

        let variants = webp_variants(FileKind::Jpeg, &sideways, VARIANT_WIDTHS).expect("variants");
        let sizes: Vec<(u32, u32)> = variants.iter().map(|v| (v.width, v.height)).collect();
        assert_eq!(sizes, [(320, 457), (640, 914)]);
        let shown = decoded_webp(&variants[1]).to_rgb8();
        assert_eq!(shown.dimensions(), (640, 914));
        // the red corner is now at the top right
        let Rgb([r, g, _]) = *shown.get_pixel(630, 10);
        assert!(r > 200 && g < 60, "top right is {r},{g}");
        let Rgb([r, _, _]) = *shown.get_pixel(10, 10);
        assert!(r < 200, "top left is not red");
    }

    #[test]
    fn transparency_survives_and_a_gif_gives_its_first_frame() {
        let half_clear = image::RgbaImage::from_fn(800, 400, |x, _| {
            image::Rgba([20, 120, 220, if x < 400 { 0 } else { 255 }])
        });
        let png = encode(
            &DynamicImage::ImageRgba8(half_clear.clone()),
            ImageFormat::Png,
        );
        let variants = webp_variants(FileKind::Png, &png, &[640]).expect("variants");
        let shown = decoded_webp(&variants[0]).to_rgba8();
        assert_eq!(shown.dimensions(), (640, 320));
        assert_eq!(shown.get_pixel(10, 10)[3], 0);
        assert_eq!(shown.get_pixel(630, 10)[3], 255);

        let gif = encode(&DynamicImage::ImageRgba8(half_clear), ImageFormat::Gif);
        assert_eq!(detect(&gif), Some(FileKind::Gif));
        let variants = webp_variants(FileKind::Gif, &gif, &[320]).expect("variants");
        assert_eq!(decoded_webp(&variants[0]).dimensions(), (320, 160));
    }

    /// A real small PNG whose header is rewritten to claim `width` x `height`.
    fn png_claiming(width: u32, height: u32) -> Vec<u8> {
        let mut png = encode(
            &DynamicImage::ImageRgb8(RgbImage::new(8, 8)),
            ImageFormat::Png,
        );
        png[16..20].copy_from_slice(&width.to_be_bytes());
        png[20..24].copy_from_slice(&height.to_be_bytes());
        let crc = crc32fast::hash(&png[12..29]);
        png[29..33].copy_from_slice(&crc.to_be_bytes());
        png
    }

    #[test]
    fn decompression_bombs_are_refused_before_their_pixels_are_decoded() {
        let bomb = png_claiming(40_000, 40_000);
        assert!(bomb.len() < 1000);
        assert_eq!(dimensions(FileKind::Png, &bomb), Some((40_000, 40_000)));
        assert!(matches!(
            webp_variants(FileKind::Png, &bomb, VARIANT_WIDTHS),
            Err(ImagingError::TooLarge)
        ));
        // 7100 x 7100 = 50.4 megapixels: each side is allowed, the area is not
        let wide = png_claiming(7100, 7100);
        assert!(matches!(
            webp_variants(FileKind::Png, &wide, VARIANT_WIDTHS),
            Err(ImagingError::TooLarge)
        ));
        let tall = encode(
            &DynamicImage::ImageRgb8(RgbImage::new(1, MAX_SIDE + 1)),
            ImageFormat::Png,
        );
        assert!(matches!(
            webp_variants(FileKind::Png, &tall, &[1]),
            Err(ImagingError::TooLarge)
        ));

        assert!(check_dimensions(MAX_SIDE, 4000).is_ok());
        assert!(check_dimensions(MAX_SIDE + 1, 10).is_err());
        assert!(check_dimensions(8000, 6250).is_ok());
        assert!(check_dimensions(8000, 6251).is_err());
    }

    #[test]
    fn a_corrupt_image_gives_an_error_not_a_panic() {
        let mut jpeg = jpeg(400, 300);
        let middle = jpeg.len() / 2;
        jpeg[middle..middle + 200].fill(0x55);
        // whatever the decoder makes of it, it answers
        let _ = webp_variants(FileKind::Jpeg, &jpeg, VARIANT_WIDTHS);
        assert!(matches!(
            webp_variants(FileKind::Pdf, b"%PDF-1.7 %%EOF", VARIANT_WIDTHS),
            Err(ImagingError::Unreadable)
        ));
        assert!(matches!(
            webp_variants(FileKind::Png, b"not a png", VARIANT_WIDTHS),
            Err(ImagingError::Unreadable)
        ));
    }
}
