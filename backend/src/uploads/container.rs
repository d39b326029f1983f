//! Walking an image file's container: whether a PNG, WebP or GIF is whole (nothing cut off,
//! nothing glued behind), and where the segments, the scan and the end of a JPEG lie.

pub(crate) const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

/// IHDR first, chunks that fit, and nothing after IEND.
pub(crate) fn png_is_complete(bytes: &[u8]) -> bool {
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
pub(crate) fn webp_is_complete(bytes: &[u8]) -> bool {
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
pub(crate) fn gif_is_complete(bytes: &[u8]) -> bool {
    gif_frames(bytes).is_some()
}

/// The number of frames of a whole GIF (see [`gif_is_complete`]), counted without decoding any.
pub(crate) fn gif_frames(bytes: &[u8]) -> Option<usize> {
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
    let &flags = bytes.get(10)?;
    let mut pos = 13 + table_size(flags);
    let mut frames = 0;
    loop {
        let next = match bytes.get(pos) {
            Some(0x3B) => return (frames > 0 && pos + 1 == bytes.len()).then_some(frames),
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
            _ => return None,
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
