//! Writes a photo-like JPEG for the media benchmark (`scripts/bench_media.py`): smooth gradients
//! with fine noise, which compress like a real photo (a flat colour would flatter every figure).
//!
//! Usage: `cargo run -p samiti --example make_photo -- OUT.jpg [WIDTH HEIGHT SEED]`
//! (default 4000 x 3000, 12 megapixels, JPEG quality 90).
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = args.first().ok_or("usage: make_photo OUT.jpg [WIDTH HEIGHT SEED]")?;
    let number = |i: usize, default: u32| args.get(i).map_or(Ok(default), |v| v.parse::<u32>());
    let (width, height, seed) = (number(1, 4000)?, number(2, 3000)?, number(3, 1)?);
    let mut state = seed.wrapping_mul(2_654_435_761) | 1;
    let photo = image::RgbImage::from_fn(width, height, |x, y| {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        let noise = (state % 16) as f32 - 8.0;
        let (fx, fy) = (x as f32 / width as f32, y as f32 / height as f32);
        // A sky-to-ground gradient with a soft round shape, shifted by the seed.
        let shift = (seed % 7) as f32 * 0.1;
        let blob = (-(((fx - 0.5 - shift / 2.0).powi(2) + (fy - 0.45).powi(2)) * 12.0)).exp();
        let channel = |v: f32| (v + noise).clamp(0.0, 255.0) as u8;
        image::Rgb([
            channel(60.0 + 150.0 * fy + 40.0 * blob),
            channel(90.0 + 80.0 * (1.0 - fy) + 60.0 * blob * fx),
            channel(200.0 * (1.0 - fy) + 30.0 * (fx + shift).sin()),
        ])
    });
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 90).encode_image(&photo)?;
    std::fs::write(out, &bytes)?;
    println!("{out}: {width}x{height}, {} bytes", bytes.len());
    Ok(())
}
