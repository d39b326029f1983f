//! Writes a photo-like JPEG for the media benchmark (`scripts/bench_media.py`): gradients with
//! detail at several scales (value noise from 3 to 200 pixels, like foliage, fabric and faces in
//! a festival photo) and fine sensor noise. Detail at every scale matters: a smooth image would
//! shrink to almost nothing once resized and flatter the figures.
//!
//! Usage: `cargo run -p samiti --example make_photo -- OUT.jpg [WIDTH HEIGHT SEED]`
//! (default 4000 x 3000, 12 megapixels, JPEG quality 90).
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = args.first().ok_or("usage: make_photo OUT.jpg [WIDTH HEIGHT SEED]")?;
    let number = |i: usize, default: u32| args.get(i).map_or(Ok(default), |v| v.parse::<u32>());
    let (width, height, seed) = (number(1, 4000)?, number(2, 3000)?, number(3, 1)?);
    let octaves = [(200.0, 60.0), (48.0, 40.0), (12.0, 28.0), (3.0, 16.0)];
    let photo = image::RgbImage::from_fn(width, height, |x, y| {
        let (fx, fy) = (x as f32 / width as f32, y as f32 / height as f32);
        let mut detail = [0.0f32; 3];
        for (channel, value) in detail.iter_mut().enumerate() {
            for (scale, amplitude) in octaves {
                *value += amplitude * value_noise(x as f32 / scale, y as f32 / scale, seed * 7 + channel as u32);
            }
        }
        let grain = (hash(x, y, seed ^ 0x5bd1) % 9) as f32 - 4.0;
        let channel = |base: f32, v: f32| (base + v + grain).clamp(0.0, 255.0) as u8;
        image::Rgb([
            channel(70.0 + 120.0 * fy, detail[0]),
            channel(90.0 + 80.0 * (1.0 - fy) * fx, detail[1]),
            channel(170.0 * (1.0 - fy), detail[2]),
        ])
    });
    let mut bytes = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut bytes, 90).encode_image(&photo)?;
    std::fs::write(out, &bytes)?;
    println!("{out}: {width}x{height}, {} bytes", bytes.len());
    Ok(())
}

fn hash(x: u32, y: u32, seed: u32) -> u32 {
    let mut h = x.wrapping_mul(0x27d4_eb2d) ^ y.wrapping_mul(0x1656_67b1) ^ seed.wrapping_mul(0x9e37_79b9);
    h ^= h >> 15;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    h
}

/// Smooth noise in -0.5..0.5: random values on a lattice, interpolated between.
fn value_noise(x: f32, y: f32, seed: u32) -> f32 {
    let (x0, y0) = (x.floor(), y.floor());
    let (tx, ty) = (x - x0, y - y0);
    let (sx, sy) = (tx * tx * (3.0 - 2.0 * tx), ty * ty * (3.0 - 2.0 * ty));
    let at = |dx: u32, dy: u32| (hash(x0 as u32 + dx, y0 as u32 + dy, seed) % 1024) as f32 / 1023.0 - 0.5;
    let top = at(0, 0) + (at(1, 0) - at(0, 0)) * sx;
    let bottom = at(0, 1) + (at(1, 1) - at(0, 1)) * sx;
    top + (bottom - top) * sy
}
