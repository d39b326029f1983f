//! Storing an upload: judged by its content, cleaned of camera metadata, written under a
//! generated name with its WebP variants, and removed again with them.
use std::borrow::Cow;

use axum::body::Bytes;

use super::{
    detect::{self, FileKind},
    files::Files,
    folder::{Folder, is_stored_name, variant_name},
    imaging, jpeg_metadata,
};
use crate::{
    config::Config,
    error::{Error, Result},
};

/// A file written to its folder.
#[derive(Debug, Clone)]
pub struct StoredFile {
    /// Generated: 32 hex characters, a dot and the extension of the detected kind.
    pub name: String,
    pub kind: FileKind,
    pub bytes: u64,
    /// Of the image as displayed (EXIF orientation applied).
    pub width: Option<u32>,
    pub height: Option<u32>,
    /// Widths of the WebP variants made, ascending.
    pub variants: Vec<u32>,
}

/// The 415 message naming what `accept` allows.
pub fn refusal(accept: &[FileKind]) -> String {
    let names: Vec<&str> = accept
        .iter()
        .map(|kind| match kind {
            FileKind::Jpeg => "JPEG",
            FileKind::Png => "PNG",
            FileKind::Webp => "WebP",
            FileKind::Gif => "GIF",
            FileKind::Pdf => "PDF",
        })
        .collect();
    let list = match names.split_last() {
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    };
    if accept.iter().all(|kind| kind.is_image()) {
        format!("The file is not a {list} image.")
    } else {
        format!("The file is not a {list} file.")
    }
}

/// What is written for one upload: the file as stored and its variants.
struct Prepared {
    data: Bytes,
    size: Option<(u32, u32)>,
    variants: Vec<(u32, Vec<u8>)>,
}

/// Judges `bytes` by their content (415 naming what `accept` allows), removes camera metadata
/// from a JPEG without re-encoding it, writes it under a generated name, and for an image with
/// `variants` writes the resized WebP variants. The work on the pixels runs off the async
/// runtime. On any failure nothing is left behind (a store that cannot be reached is 503).
pub async fn store(config: &Config, files: &Files, folder: Folder, bytes: Bytes, accept: &[FileKind], variants: bool) -> Result<StoredFile> {
    let kind = detect::detect(&bytes)
        .filter(|kind| accept.contains(kind))
        .ok_or_else(|| Error::UnsupportedFile(refusal(accept)))?;
    let max_side = config.max_image_side;
    let prepared = tokio::task::spawn_blocking(move || prepare(kind, bytes, variants, max_side))
        .await
        .map_err(|err| Error::Internal(err.into()))??;
    let name = format!("{}.{}", random_hex(), kind.extension());
    let stored = StoredFile {
        name: name.clone(),
        kind,
        bytes: prepared.data.len() as u64,
        width: prepared.size.map(|(w, _)| w),
        height: prepared.size.map(|(_, h)| h),
        variants: prepared.variants.iter().map(|(width, _)| *width).collect(),
    };
    let mut parts = vec![(name.clone(), prepared.data)];
    parts.extend(prepared.variants.into_iter().map(|(width, bytes)| (variant_name(&name, width), Bytes::from(bytes))));
    let mut done: Vec<String> = Vec::with_capacity(parts.len());
    for (file, contents) in parts {
        if let Err(err) = files.put(folder, &file, contents).await {
            for written in &done {
                let _ = files.delete(folder, written).await;
            }
            return Err(err);
        }
        done.push(file);
    }
    Ok(stored)
}

/// An image larger than `max_side` on its long side is stored reduced to it
/// ([`imaging::reduced`]): the original is not kept.
fn prepare(kind: FileKind, bytes: Bytes, variants: bool, max_side: u32) -> Result<Prepared> {
    let unreadable = || Error::UnsupportedFile("The image could not be read.".to_owned());
    let mut data = match kind {
        FileKind::Jpeg => match jpeg_metadata::strip_jpeg_metadata(&bytes).map_err(|_| unreadable())? {
            Cow::Borrowed(_) => bytes.clone(),
            Cow::Owned(stripped) => Bytes::from(stripped),
        },
        _ => bytes,
    };
    if kind.is_image() {
        match imaging::reduced(kind, &data, max_side) {
            Ok(Some(smaller)) => data = Bytes::from(smaller),
            Ok(None) => {}
            Err(err @ imaging::ImagingError::AnimationTooLarge) => return Err(Error::UnsupportedFile(err.to_string())),
            Err(_) => return Err(unreadable()),
        }
    }
    // A PDF with variants asked for (a magazine) is shown by its first page: the variants are
    // that page's, and the size is the page's as drawn.
    if variants && kind == FileKind::Pdf {
        let (cover, width, height) =
            super::pdf_cover::first_page_png(&data).ok_or_else(|| Error::UnsupportedFile("The PDF could not be read.".to_owned()))?;
        let variants = imaging::webp_variants(FileKind::Png, &cover, imaging::VARIANT_WIDTHS)
            .map_err(|_| unreadable())?
            .into_iter()
            .map(|variant| (variant.width, variant.bytes))
            .collect();
        return Ok(Prepared { data, size: Some((width, height)), variants });
    }
    let size = if kind.is_image() { Some(detect::dimensions(kind, &data).ok_or_else(unreadable)?) } else { None };
    let variants = if variants && kind.is_image() {
        imaging::webp_variants(kind, &data, imaging::VARIANT_WIDTHS)
            .map_err(|_| unreadable())?
            .into_iter()
            .map(|variant| (variant.width, variant.bytes))
            .collect()
    } else {
        Vec::new()
    };
    Ok(Prepared { data, size, variants })
}

fn random_hex() -> String {
    let bytes: [u8; 16] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Removes a stored file and its variants; missing files are not an error, and a name that is
/// not one we generate is never turned into a path. A store that cannot be reached leaves them
/// (logged): the row is gone, and an orphan file harms no one.
pub async fn remove(files: &Files, folder: Folder, name: &str) {
    if !is_stored_name(name) {
        return;
    }
    let mut names = vec![name.to_owned()];
    names.extend(imaging::VARIANT_WIDTHS.iter().map(|width| variant_name(name, *width)));
    for name in names {
        if files.delete(folder, &name).await.is_err() {
            tracing::warn!(name, "could not remove an uploaded file");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::uploads::detect::{BIODATA, IMAGES};

    #[test]
    fn the_refusal_names_what_is_accepted() {
        assert_eq!(refusal(IMAGES), "The file is not a JPEG, PNG, WebP or GIF image.");
        assert_eq!(refusal(BIODATA), "The file is not a JPEG, PNG or PDF file.");
    }
}
