//! The first page of a PDF as a picture (a magazine's cover), rendered by hayro (pure Rust, the
//! rasteriser Typst already builds with). The page is drawn on white, `COVER_WIDTH` pixels wide,
//! so that every WebP variant width is made from it; text in fonts the PDF does not embed is
//! drawn with the bundled Noto Sans.
use std::sync::Arc;

use hayro::hayro_interpret::{InterpreterSettings, font::FontQuery};
use hayro::hayro_syntax::Pdf;
use hayro::{RenderCache, RenderSettings, render};

/// Wider than the widest variant (`imaging::VARIANT_WIDTHS`), which are made below the width.
pub const COVER_WIDTH: u32 = 1300;
/// A page taller than this many times its width is drawn cut at that height (a cover is a page).
const MAX_ASPECT: f32 = 3.0;

static NOTO_SANS: &[u8] = include_bytes!("../../assets/fonts/NotoSans-Regular.ttf");

/// The first page as a PNG with its pixel size; `None` when the file cannot be read as a PDF
/// or has no page.
pub fn first_page_png(pdf: &[u8]) -> Option<(Vec<u8>, u32, u32)> {
    let pdf = Pdf::new(pdf.to_vec()).ok()?;
    let pages = pdf.pages();
    let page = pages.first()?;
    let (width, height) = page.render_dimensions();
    if !(width.is_finite() && height.is_finite()) || width < 1.0 || height < 1.0 {
        return None;
    }
    let scale = COVER_WIDTH as f32 / width;
    let pixel_height = (height * scale).min(COVER_WIDTH as f32 * MAX_ASPECT).round() as u16;
    let settings = InterpreterSettings {
        font_resolver: Arc::new(|query| match query {
            FontQuery::Standard(_) | FontQuery::Fallback(_) => Some((Arc::new(NOTO_SANS) as _, 0)),
        }),
        ..Default::default()
    };
    let render_settings = RenderSettings {
        x_scale: scale,
        y_scale: scale,
        width: Some(COVER_WIDTH as u16),
        height: Some(pixel_height.max(1)),
        bg_color: hayro::vello_cpu::color::palette::css::WHITE,
        ..Default::default()
    };
    let cache = RenderCache::new();
    let pixmap = render(page, &cache, &settings, &render_settings);
    let (w, h) = (u32::from(pixmap.width()), u32::from(pixmap.height()));
    // Drawn on opaque white, so the premultiplied pixels are the plain ones.
    let pixels = image::RgbaImage::from_raw(w, h, pixmap.data_as_u8_slice().to_vec())?;
    let mut png = Vec::new();
    image::DynamicImage::ImageRgba8(pixels).to_rgb8().write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png).ok()?;
    Some((png, w, h))
}
