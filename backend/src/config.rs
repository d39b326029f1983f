//! Configuration from the environment; every variable is optional (see README).
use std::{net::SocketAddr, path::PathBuf, time::Duration};

use anyhow::Context;

#[derive(Clone, Debug)]
pub struct Config {
    pub bind: SocketAddr,
    pub data_dir: PathBuf,
    pub database_url: String,
    /// Explicit secret from `SAMITI_JWT_SECRET`; otherwise one is generated into the data folder.
    pub jwt_secret: Option<String>,
    pub static_dir: PathBuf,
    pub cors_origin: Option<String>,
    pub max_upload_bytes: usize,
    pub token_ttl: Duration,
}

impl Config {
    pub fn from_env() -> anyhow::Result<Self> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let data_dir = PathBuf::from(var("SAMITI_DATA_DIR").unwrap_or_else(|| "./data".into()));
        let database_url = match var("DATABASE_URL") {
            Some(url) => url,
            None => format!("sqlite://{}?mode=rwc", data_dir.join("samiti.db").display()),
        };
        let bind = var("SAMITI_BIND")
            .unwrap_or_else(|| "127.0.0.1:8081".into())
            .parse()
            .context("SAMITI_BIND must be an address such as 127.0.0.1:8081")?;
        let max_upload_bytes = match var("SAMITI_MAX_UPLOAD_BYTES") {
            Some(v) => v.parse().context("SAMITI_MAX_UPLOAD_BYTES must be a number of bytes")?,
            None => 10 * 1024 * 1024,
        };
        let token_ttl_minutes: u64 = match var("SAMITI_TOKEN_TTL_MINUTES") {
            Some(v) => v.parse().context("SAMITI_TOKEN_TTL_MINUTES must be a number")?,
            None => 12 * 60,
        };
        Ok(Self {
            bind,
            database_url,
            jwt_secret: var("SAMITI_JWT_SECRET"),
            static_dir: PathBuf::from(
                var("SAMITI_STATIC_DIR").unwrap_or_else(|| "./frontend/dist".into()),
            ),
            cors_origin: var("SAMITI_CORS_ORIGIN"),
            max_upload_bytes,
            token_ttl: Duration::from_secs(token_ttl_minutes * 60),
            data_dir,
        })
    }

    /// The secret that signs tokens: the configured one, or a random one generated on first
    /// start and kept in the data folder, readable by the owner only.
    pub fn load_or_create_jwt_secret(&self) -> anyhow::Result<Vec<u8>> {
        if let Some(secret) = &self.jwt_secret {
            anyhow::ensure!(secret.len() >= 32, "SAMITI_JWT_SECRET must be at least 32 characters");
            return Ok(secret.as_bytes().to_vec());
        }
        let path = self.data_dir.join("jwt_secret");
        if let Ok(existing) = std::fs::read(&path) {
            anyhow::ensure!(existing.len() >= 32, "{} is too short", path.display());
            return Ok(existing);
        }
        std::fs::create_dir_all(&self.data_dir)
            .with_context(|| format!("creating data folder {}", self.data_dir.display()))?;
        let secret: [u8; 64] = rand::random();
        let encoded = base64::Engine::encode(&base64::engine::general_purpose::STANDARD, secret);
        write_owner_only(&path, encoded.as_bytes())?;
        Ok(encoded.into_bytes())
    }
}

fn write_owner_only(path: &std::path::Path, contents: &[u8]) -> anyhow::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path).with_context(|| format!("creating {}", path.display()))?;
    file.write_all(contents)?;
    Ok(())
}
