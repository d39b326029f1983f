//! The built client carried inside the binary (`main.rs`, `BuiltClient`), so that a release
//! build is the whole site: at start its files are written once into
//! `$SAMITI_DATA_DIR/client/<hash>/` (the hash of every file's name and content, so a new build
//! gets a new folder and an old one is removed) and served from there like any folder.
//! `SAMITI_STATIC_DIR` names a folder to serve instead, for development.
use std::{
    borrow::Cow,
    path::{Path, PathBuf},
};

use sha2::{Digest, Sha256};

/// One file of the built client: its path below the client's root, its bytes and their SHA-256.
pub struct ClientFile {
    pub path: String,
    pub bytes: Cow<'static, [u8]>,
    pub sha256: [u8; 32],
}

/// Writes `files` into the data folder unless this build's folder is complete there already;
/// answers the folder to serve.
pub fn unpack(data_dir: &Path, mut files: Vec<ClientFile>) -> anyhow::Result<PathBuf> {
    files.sort_by(|a, b| a.path.cmp(&b.path));
    let mut hasher = Sha256::new();
    for file in &files {
        hasher.update(file.path.as_bytes());
        hasher.update([0]);
        hasher.update(file.sha256);
    }
    let hash: String = hasher.finalize().iter().take(8).map(|b| format!("{b:02x}")).collect();
    let root = data_dir.join("client");
    let dir = root.join(&hash);
    if !dir.join(".complete").exists() {
        crate::fs::create_private_dir(&root)?;
        let partial = root.join(format!(".{hash}.partial"));
        let _ = std::fs::remove_dir_all(&partial);
        for file in &files {
            // Only plain relative paths: the names come from the build, but nothing is trusted.
            anyhow::ensure!(
                !file.path.starts_with('/') && file.path.split('/').all(|part| !part.is_empty() && part != ".." && part != "."),
                "the built client holds an odd path: {}",
                file.path
            );
            let target = partial.join(&file.path);
            if let Some(parent) = target.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::write(&target, &file.bytes)?;
        }
        std::fs::write(partial.join(".complete"), hash.as_bytes())?;
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::rename(&partial, &dir)?;
    }
    // Earlier builds' folders.
    for entry in std::fs::read_dir(&root)?.flatten() {
        if entry.file_name() != hash.as_str() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
    Ok(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(path: &str, bytes: &'static [u8]) -> ClientFile {
        ClientFile { path: path.into(), bytes: Cow::Borrowed(bytes), sha256: Sha256::digest(bytes).into() }
    }

    #[test]
    fn a_build_is_unpacked_once_and_a_new_one_replaces_it() {
        let data = tempfile::tempdir().unwrap();
        let first = unpack(data.path(), vec![file("index.html", b"<p>one"), file("assets/a.js", b"1")]).unwrap();
        assert_eq!(std::fs::read(first.join("assets/a.js")).unwrap(), b"1");
        let again = unpack(data.path(), vec![file("assets/a.js", b"1"), file("index.html", b"<p>one")]).unwrap();
        assert_eq!(first, again, "the same build, the same folder");
        let second = unpack(data.path(), vec![file("index.html", b"<p>two")]).unwrap();
        assert_ne!(first, second);
        assert!(!first.exists(), "the earlier build's folder is gone");
        assert!(unpack(data.path(), vec![file("../escape", b"x")]).is_err());
    }
}
