//! Table PDFs rendered in a child process: the server's own program run as
//! `samiti render-table`, the table in as JSON on its standard input, the PDF out on its
//! standard output. Laying out a long list takes a few hundred MB at its peak (fonts, Typst's
//! caches, one batch of laid-out pages); in a child all of it is returned to the system when the
//! child ends, so the server's resident memory is what it was before the export. A child that
//! fails, or is killed, fails that one export and nothing else; an export whose request is
//! abandoned ends its child.
use std::{path::PathBuf, process::Stdio, sync::Arc};

use tokio::io::AsyncWriteExt;

use super::{DocumentError, Table};

/// The subcommand of the server's program that renders one table (see `main.rs`).
pub const RENDER_TABLE: &str = "render-table";

/// Runs the renderer: the server's program, or the one the configuration names.
#[derive(Clone, Debug)]
pub struct TableRenderer {
    program: Arc<PathBuf>,
}

impl TableRenderer {
    pub fn new(program: PathBuf) -> Self {
        Self { program: Arc::new(program) }
    }

    /// The PDF of `table`, rendered by a child process.
    pub async fn table_pdf(&self, table: &Table) -> Result<Vec<u8>, DocumentError> {
        let failed = |what: &str, err: &dyn std::fmt::Display| DocumentError::Renderer(format!("{what}: {err}"));
        let json = serde_json::to_vec(table).map_err(|err| failed("writing the table", &err))?;
        let mut child = tokio::process::Command::new(self.program.as_ref())
            .arg(RENDER_TABLE)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(|err| failed(&format!("starting {}", self.program.display()), &err))?;
        let mut stdin = child.stdin.take().ok_or_else(|| DocumentError::Renderer("no standard input".into()))?;
        // Written while the output is read, so that neither side waits for the other.
        let write = async move {
            stdin.write_all(&json).await?;
            stdin.shutdown().await
        };
        let (written, output) = tokio::join!(write, child.wait_with_output());
        let output = output.map_err(|err| failed("running the renderer", &err))?;
        if !output.status.success() {
            let said = String::from_utf8_lossy(&output.stderr);
            return Err(DocumentError::Renderer(format!("the renderer ended with {}: {}", output.status, said.trim())));
        }
        written.map_err(|err| failed("sending the table", &err))?;
        let said = String::from_utf8_lossy(&output.stderr);
        tracing::info!(rows = table.rows.len(), bytes = output.stdout.len(), "table PDF rendered: {}", said.trim());
        Ok(output.stdout)
    }
}

/// The child's side: a table as JSON on standard input, its PDF on standard output.
pub fn render_table_from_stdin() -> anyhow::Result<()> {
    use std::io::{Read, Write};
    let mut json = Vec::new();
    std::io::stdin().lock().read_to_end(&mut json)?;
    let table: Table = serde_json::from_slice(&json)?;
    drop(json);
    let started = std::time::Instant::now();
    let pdf = super::pdf::table_pdf(&table)?;
    let mut out = std::io::stdout().lock();
    out.write_all(&pdf)?;
    out.flush()?;
    // What the server logs of it.
    let peak = std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| status.lines().find_map(|line| line.strip_prefix("VmHWM:").map(|kib| kib.trim().to_owned())))
        .unwrap_or_else(|| "unknown".into());
    eprintln!("{} ms, peak memory {peak}", started.elapsed().as_millis());
    Ok(())
}
