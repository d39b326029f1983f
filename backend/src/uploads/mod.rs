//! The uploads core: files judged by their content, cleaned of camera metadata, stored under
//! generated names, with small WebP copies of images for phones, and served with long-lived
//! caching. Shared by the media lists and the matrimonial section.
pub mod detect;
pub mod imaging;
pub mod private;

mod serve;

use std::{
    borrow::Cow,
    collections::HashMap,
    io::Write,
    path::{Path, PathBuf},
};

use axum::{body::Bytes, extract::Multipart, http::StatusCode};

pub use detect::{BIODATA, FileKind, IMAGES};
pub use serve::router;

use crate::{
    config::Config,
    error::{Error, Result},
};

/// One of the folders under `$SAMITI_DATA_DIR/files/`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Folder {
    /// Event posters and gallery photos, served at `/uploads/`.
    Uploads,
    /// Magazine covers, served at `/magazines/`.
    Magazines,
    /// Employment notices, served at `/career/`.
    Career,
    /// Matrimonial photos and biodata: never served at a public URL, only through short-lived
    /// signed links ([`private`]).
    Private,
}

impl Folder {
    pub fn dir_name(self) -> &'static str {
        match self {
            Folder::Uploads => "uploads",
            Folder::Magazines => "magazines",
            Folder::Career => "career",
            Folder::Private => "private",
        }
    }

    pub fn path(self, config: &Config) -> PathBuf {
        config.data_dir.join("files").join(self.dir_name())
    }
}

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

/// The parts of a multipart request.
#[derive(Debug, Default)]
pub struct Parts {
    /// Non-empty file parts, by field name, in the order sent.
    pub files: Vec<(String, Bytes)>,
    /// Every other named part, as text (a repeated name keeps the last).
    pub texts: HashMap<String, String>,
}

pub const CHOOSE_IMAGE: &str = "Please choose an image to upload.";
pub const CHOOSE_FILE: &str = "Please choose a file to upload.";
/// A multipart part of a name the form does not have (400).
pub const UNKNOWN_FIELD: &str = "The upload has a field it does not take.";

/// Reads a multipart request: the parts named in `file_fields` as bytes, the others as text.
/// 413 when the body limit is hit (also in the middle of a part), 400 for a malformed body,
/// 422 under the first of `file_fields` when no file came at all. A browser sends an empty
/// part when nothing was chosen, so empty files count as absent.
pub async fn read_parts(multipart: Multipart, file_fields: &[&str]) -> Result<Parts> {
    let parts = read_optional_parts(multipart, file_fields).await?;
    if parts.files.is_empty() {
        if let Some(first) = file_fields.first() {
            let message = if first.contains("image") || first.contains("photo") { CHOOSE_IMAGE } else { CHOOSE_FILE };
            return Err(Error::field(first, message));
        }
    }
    Ok(parts)
}

/// As [`read_parts`], for a request whose files are all optional (an edit that may keep them).
pub async fn read_optional_parts(mut multipart: Multipart, file_fields: &[&str]) -> Result<Parts> {
    fn refused(err: axum::extract::multipart::MultipartError) -> Error {
        if err.status() == StatusCode::PAYLOAD_TOO_LARGE { Error::PayloadTooLarge } else { Error::MalformedBody }
    }
    let mut parts = Parts::default();
    while let Some(field) = multipart.next_field().await.map_err(refused)? {
        let Some(name) = field.name().map(str::to_owned) else {
            field.bytes().await.map_err(refused)?;
            continue;
        };
        if file_fields.contains(&name.as_str()) {
            let bytes = field.bytes().await.map_err(refused)?;
            if !bytes.is_empty() {
                parts.files.push((name, bytes));
            }
        } else {
            let text = field.text().await.map_err(refused)?;
            parts.texts.insert(name, text);
        }
    }
    Ok(parts)
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
/// from a JPEG without re-encoding it, writes it under a generated name (temp file + rename),
/// and for an image with `variants` writes the resized WebP variants. The work on the pixels
/// runs off the async runtime. On any failure nothing is left behind.
pub async fn store(config: &Config, folder: Folder, bytes: Bytes, accept: &[FileKind], variants: bool) -> Result<StoredFile> {
    let kind = detect::detect(&bytes)
        .filter(|kind| accept.contains(kind))
        .ok_or_else(|| Error::UnsupportedFile(refusal(accept)))?;
    let prepared = tokio::task::spawn_blocking(move || prepare(kind, bytes, variants))
        .await
        .map_err(|err| Error::Internal(err.into()))??;
    let dir = folder.path(config);
    let name = format!("{}.{}", random_hex(), kind.extension());
    let stored = StoredFile {
        name: name.clone(),
        kind,
        bytes: prepared.data.len() as u64,
        width: prepared.size.map(|(w, _)| w),
        height: prepared.size.map(|(_, h)| h),
        variants: prepared.variants.iter().map(|(width, _)| *width).collect(),
    };
    let written = tokio::task::spawn_blocking(move || {
        crate::db::create_private_dir(&dir)?;
        let mut files = vec![(name.clone(), prepared.data.to_vec())];
        files.extend(prepared.variants.into_iter().map(|(width, bytes)| (variant_name(&name, width), bytes)));
        let mut done = Vec::new();
        for (file, contents) in &files {
            if let Err(err) = write_new(&dir, file, contents) {
                for written in &done {
                    let _ = std::fs::remove_file(dir.join(written));
                }
                return Err(anyhow::Error::from(err));
            }
            done.push(file.clone());
        }
        Ok(())
    })
    .await
    .map_err(|err| Error::Internal(err.into()))?;
    written.map_err(Error::Internal)?;
    Ok(stored)
}

fn prepare(kind: FileKind, bytes: Bytes, variants: bool) -> Result<Prepared> {
    let unreadable = || Error::UnsupportedFile("The image could not be read.".to_owned());
    let data = match kind {
        FileKind::Jpeg => match imaging::strip_jpeg_metadata(&bytes).map_err(|_| unreadable())? {
            Cow::Borrowed(_) => bytes.clone(),
            Cow::Owned(stripped) => Bytes::from(stripped),
        },
        _ => bytes,
    };
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

/// Writes `name` in `dir` through a temporary file and a rename, so that a reader never sees
/// a half-written file under the final name.
fn write_new(dir: &Path, name: &str, contents: &[u8]) -> std::io::Result<()> {
    let temp = dir.join(format!(".{name}.tmp"));
    let result = (|| {
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut file = options.open(&temp)?;
        file.write_all(contents)?;
        file.sync_all()?;
        std::fs::rename(&temp, dir.join(name))
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}

fn random_hex() -> String {
    let bytes: [u8; 16] = rand::random();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Removes a stored file and its variants; missing files are not an error, and a name that is
/// not one we generate is never turned into a path.
pub async fn remove(config: &Config, folder: Folder, name: &str) {
    if !is_stored_name(name) {
        return;
    }
    let dir = folder.path(config);
    let mut names = vec![name.to_owned()];
    names.extend(imaging::VARIANT_WIDTHS.iter().map(|width| variant_name(name, *width)));
    for name in names {
        if let Err(err) = tokio::fs::remove_file(dir.join(&name)).await {
            if err.kind() != std::io::ErrorKind::NotFound {
                tracing::warn!(error = %err, name, "could not remove an uploaded file");
            }
        }
    }
}

/// URL of a stored file or variant, e.g. `/uploads/3f9a…c1.jpg`.
pub fn url(folder: Folder, name: &str) -> String {
    format!("/{}/{name}", folder.dir_name())
}

/// Name of the WebP variant `width` wide of a stored file: `3f9a…c1-640.webp`.
pub fn variant_name(name: &str, width: u32) -> String {
    let stem = name.split_once('.').map_or(name, |(stem, _)| stem);
    format!("{stem}-{width}.webp")
}

/// Whether `name` has the shape of a name we generate: 32 lower-case hex digits, optionally
/// `-` and a width, and a known extension. Nothing else (no `/`, `\`, `..`, `%`) can pass.
pub fn is_stored_name(name: &str) -> bool {
    let Some((stem, extension)) = name.split_once('.') else { return false };
    let (hex, width) = match stem.split_once('-') {
        Some((hex, width)) => (hex, Some(width)),
        None => (stem, None),
    };
    hex.len() == 32
        && hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
        && width.is_none_or(|w| !w.is_empty() && w.len() <= 5 && w.bytes().all(|b| b.is_ascii_digit()))
        && (width.is_none() || extension == "webp")
        && FileKind::from_extension(extension).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_generated_names_are_stored_names() {
        let hex = "0123456789abcdef0123456789abcdef";
        for good in [format!("{hex}.jpg"), format!("{hex}-640.webp"), format!("{hex}.pdf")] {
            assert!(is_stored_name(&good), "{good}");
        }
        for bad in [
            format!("{hex}.exe"),
            format!("{hex}-640.jpg"),
            format!("{}.jpg", hex.to_uppercase()),
            format!("../{hex}.jpg"),
            format!("{hex}.jpg/.."),
            format!("..\\{hex}.jpg"),
            format!("{hex}-.webp"),
            "%2e%2e%2fsecret.jpg".to_owned(),
            "a.jpg".to_owned(),
            String::new(),
        ] {
            assert!(!is_stored_name(&bad), "{bad}");
        }
    }

    #[test]
    fn variant_names_and_urls() {
        let name = "0123456789abcdef0123456789abcdef.jpg";
        assert_eq!(variant_name(name, 640), "0123456789abcdef0123456789abcdef-640.webp");
        assert_eq!(url(Folder::Magazines, name), format!("/magazines/{name}"));
    }

    #[test]
    fn the_refusal_names_what_is_accepted() {
        assert_eq!(refusal(IMAGES), "The file is not a JPEG, PNG, WebP or GIF image.");
        assert_eq!(refusal(BIODATA), "The file is not a JPEG, PNG or PDF file.");
    }
}
