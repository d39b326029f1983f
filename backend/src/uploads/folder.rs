//! Where a stored file lives: its folder (`files/<folder>/` in the data folder or the bucket),
//! its generated name and its URL.
use super::detect::FileKind;

/// One of the folders under `$SAMITI_DATA_DIR/files/`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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

    pub const ALL: [Folder; 4] = [Folder::Uploads, Folder::Magazines, Folder::Career, Folder::Private];
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
}
