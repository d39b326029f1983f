//! The backup file: a gzip-compressed tar archive (readable with `tar -tzf`) of
//! `tables/<table>.jsonl`, `files/<folder>/<name>` and, last, `manifest.json`, which names every
//! other part with its size and SHA-256. Written and read as streams, one part at a time.
use std::{
    collections::BTreeMap,
    fs::File,
    io::{self, BufReader, BufWriter, Read},
    path::Path,
};

use chrono::{DateTime, Utc};
use flate2::{Compression, read::GzDecoder, write::GzEncoder};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

pub const FORMAT: &str = "samiti-backup";
pub const FORMAT_VERSION: u32 = 1;
pub const MANIFEST: &str = "manifest.json";

/// What a backup holds, written last into it.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Manifest {
    pub format: String,
    pub format_version: u32,
    pub created_at: DateTime<Utc>,
    /// The version of the program that took it.
    pub program_version: String,
    /// The database it was read from: `sqlite` or `postgres`.
    pub database: String,
    /// The migrations applied to that database, in order: its schema version.
    pub schema: Vec<String>,
    /// Rows per table.
    pub tables: BTreeMap<String, u64>,
    /// Every other part of the archive.
    pub parts: Vec<Part>,
    /// Files a row named that were gone when the backup read them (removed meanwhile).
    #[serde(default)]
    pub missing_files: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Part {
    pub path: String,
    pub bytes: u64,
    pub sha256: String,
}

impl Manifest {
    pub fn file_count(&self) -> usize {
        self.parts.iter().filter(|part| part.path.starts_with("files/")).count()
    }
}

/// Writes an archive part by part.
pub struct Writer {
    tar: tar::Builder<GzEncoder<BufWriter<File>>>,
    parts: Vec<Part>,
}

impl Writer {
    pub fn create(path: &Path) -> io::Result<Self> {
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let file = options.open(path)?;
        // Images are compressed already: a light level keeps a backup fast.
        let gzip = GzEncoder::new(BufWriter::with_capacity(256 * 1024, file), Compression::new(3));
        Ok(Self { tar: tar::Builder::new(gzip), parts: Vec::new() })
    }

    /// Adds `bytes` bytes read from `reader` under `path`; a reader that gives fewer is an error.
    pub fn add(&mut self, path: &str, bytes: u64, reader: impl Read) -> io::Result<()> {
        let mut header = tar::Header::new_gnu();
        header.set_size(bytes);
        header.set_mode(0o600);
        header.set_mtime(0);
        header.set_entry_type(tar::EntryType::Regular);
        let mut hashing = Hashing::new(reader.take(bytes));
        self.tar.append_data(&mut header, path, &mut hashing)?;
        if hashing.count != bytes {
            return Err(io::Error::new(io::ErrorKind::UnexpectedEof, format!("{path} changed while it was read")));
        }
        self.parts.push(Part { path: path.to_owned(), bytes, sha256: hashing.hex() });
        Ok(())
    }

    /// Writes the manifest (with the parts added) and flushes everything to the disk.
    pub fn finish(mut self, mut manifest: Manifest) -> io::Result<Manifest> {
        manifest.parts = std::mem::take(&mut self.parts);
        let json = serde_json::to_vec_pretty(&manifest).map_err(io::Error::other)?;
        let mut header = tar::Header::new_gnu();
        header.set_size(json.len() as u64);
        header.set_mode(0o600);
        header.set_mtime(0);
        header.set_entry_type(tar::EntryType::Regular);
        self.tar.append_data(&mut header, MANIFEST, json.as_slice())?;
        let gzip = self.tar.into_inner()?;
        let file = gzip.finish()?.into_inner().map_err(|err| err.into_error())?;
        file.sync_all()?;
        Ok(manifest)
    }
}

/// Counts and hashes what passes through.
struct Hashing<R> {
    inner: R,
    hasher: Sha256,
    count: u64,
}

impl<R> Hashing<R> {
    fn new(inner: R) -> Self {
        Self { inner, hasher: Sha256::new(), count: 0 }
    }

    fn hex(&self) -> String {
        self.hasher.clone().finalize().iter().map(|b| format!("{b:02x}")).collect()
    }
}

impl<R: Read> Read for Hashing<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.hasher.update(&buf[..n]);
        self.count += n as u64;
        Ok(n)
    }
}

/// Why a file is not a backup that can be restored.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    #[error("the file could not be read as a backup: {0}")]
    Unreadable(String),
    #[error("the backup has no manifest: it is not a samiti backup, or it was cut short")]
    NoManifest,
    #[error("the backup is of format {found} version {version}; this program reads {FORMAT} version {FORMAT_VERSION}")]
    Format { found: String, version: u32 },
    #[error("the backup is damaged: {0}")]
    Damaged(String),
}

fn open(path: &Path) -> Result<tar::Archive<GzDecoder<BufReader<File>>>, Refusal> {
    let file = File::open(path).map_err(|err| Refusal::Unreadable(err.to_string()))?;
    Ok(tar::Archive::new(GzDecoder::new(BufReader::with_capacity(256 * 1024, file))))
}

/// Reads the whole archive once and checks it against its manifest: every part present with
/// its size and checksum, nothing else, the format known. Nothing is written.
pub fn verify(path: &Path) -> Result<Manifest, Refusal> {
    let mut archive = open(path)?;
    let mut found: BTreeMap<String, (u64, String)> = BTreeMap::new();
    let mut manifest: Option<Manifest> = None;
    let entries = archive.entries().map_err(|err| Refusal::Unreadable(err.to_string()))?;
    for entry in entries {
        let entry = entry.map_err(|err| Refusal::Damaged(err.to_string()))?;
        let path = entry.path().map_err(|err| Refusal::Damaged(err.to_string()))?.to_string_lossy().into_owned();
        if manifest.is_some() {
            return Err(Refusal::Damaged(format!("{path} follows the manifest")));
        }
        if path == MANIFEST {
            let mut text = Vec::new();
            entry.take(16 * 1024 * 1024).read_to_end(&mut text).map_err(|err| Refusal::Damaged(err.to_string()))?;
            let read: Manifest = serde_json::from_slice(&text).map_err(|err| Refusal::Damaged(format!("the manifest: {err}")))?;
            if read.format != FORMAT || read.format_version != FORMAT_VERSION {
                return Err(Refusal::Format { found: read.format, version: read.format_version });
            }
            manifest = Some(read);
            continue;
        }
        let mut hashing = Hashing::new(entry);
        io::copy(&mut hashing, &mut io::sink()).map_err(|err| Refusal::Damaged(format!("{path}: {err}")))?;
        let digest = hashing.hex();
        found.insert(path, (hashing.count, digest));
    }
    // The gzip stream's own check (its CRC and length) is read at its end: a file cut short fails here.
    let mut rest = archive.into_inner();
    io::copy(&mut rest, &mut io::sink()).map_err(|err| Refusal::Damaged(err.to_string()))?;
    let manifest = manifest.ok_or(Refusal::NoManifest)?;
    for part in &manifest.parts {
        match found.remove(&part.path) {
            None => return Err(Refusal::Damaged(format!("{} is missing", part.path))),
            Some((bytes, sha256)) if bytes != part.bytes || sha256 != part.sha256 => {
                return Err(Refusal::Damaged(format!("{} does not match its checksum", part.path)));
            }
            Some(_) => {}
        }
    }
    if let Some(extra) = found.keys().next() {
        return Err(Refusal::Damaged(format!("{extra} is not in the manifest")));
    }
    Ok(manifest)
}

/// Calls `each` with every part but the manifest, in the archive's order. Run after [`verify`].
pub fn read_parts(path: &Path, mut each: impl FnMut(&str, &mut dyn Read) -> anyhow::Result<()>) -> anyhow::Result<()> {
    let mut archive = open(path)?;
    for entry in archive.entries()? {
        let mut entry = entry?;
        let path = entry.path()?.to_string_lossy().into_owned();
        if path == MANIFEST {
            break;
        }
        each(&path, &mut entry)?;
    }
    Ok(())
}
