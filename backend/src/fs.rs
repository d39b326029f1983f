//! File-system helpers for the data folder, which holds secrets and members' files.
use std::path::Path;

use anyhow::Context;

/// Creates a folder readable by the owner only (0700); an existing folder is left as it is.
pub fn create_private_dir(dir: &Path) -> anyhow::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir).with_context(|| format!("creating {}", dir.display()))
}
