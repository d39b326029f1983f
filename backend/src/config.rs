//! Configuration from the environment; every variable is optional (see README).
use std::{net::SocketAddr, path::PathBuf, time::Duration};

use anyhow::Context;

use crate::{fs::create_private_dir, network::Network};

#[derive(Clone, Debug)]
pub struct Config {
    pub bind: SocketAddr,
    pub data_dir: PathBuf,
    pub database_url: String,
    /// Explicit secret from `SAMITI_JWT_SECRET`; otherwise one is generated into the data folder.
    pub jwt_secret: Option<String>,
    pub static_dir: PathBuf,
    /// Whether `SAMITI_STATIC_DIR` named the client's folder; otherwise the binary's own copy
    /// of the client is served when it has one (`web::unpack_client`).
    pub static_dir_given: bool,
    pub cors_origin: Option<String>,
    /// The address visitors use, e.g. `https://samiti.example.org`: accepted as a WebSocket
    /// origin, written into the prerendered pages' absolute links (canonical, previews, sitemap),
    /// and HSTS is sent when it is https.
    pub public_url: Option<String>,
    pub max_upload_bytes: usize,
    pub token_ttl: Duration,
    /// Proxies whose `X-Forwarded-For` tells the client's address.
    pub trusted_proxies: Vec<Network>,
    /// Connections served at once; more wait to be accepted.
    pub max_connections: usize,
    /// How long a client may take to send a request's headers.
    pub header_timeout: Duration,
    /// How long a client may take to send a request's body.
    pub body_timeout: Duration,
    // Connections and password hashing (README "Configuration"; docs/DESIGN.md §5).
    /// Connections (WebSockets included) one address may hold at once.
    pub max_connections_per_client: usize,
    /// Addresses or networks never limited (`SAMITI_RATE_LIMIT_EXEMPT`).
    pub rate_limit_exempt: Vec<Network>,
    /// The public writes' per-address limits (`crate::rate_limit`); `SAMITI_RATE_LIMITS=off`
    /// turns them off for test suites and benchmarks (the sign-in throttle stays).
    pub rate_limits: bool,
    /// Upload bytes one address may send through the public profile form in a day.
    pub daily_upload_bytes: u64,
    /// A WebSocket that sends no message for this long is closed.
    pub ws_idle_timeout: Duration,
    /// Password hashes computed at once, and how long a request waits for its turn.
    pub password_hashing: HashingLimits,
    /// How long a request waits for a database connection before it is answered 503: short,
    /// so that an outage is told within about a second rather than queuing requests.
    pub db_acquire_timeout: Duration,
    /// How long SQLite's log must stay unchanged before it is truncated to nothing.
    pub wal_truncate_after_idle: Duration,
    /// The longest side an image is published at; a larger upload is stored reduced to it.
    pub max_image_side: u32,
    /// Audit entries older than this many days are removed (`SAMITI_AUDIT_KEEP_DAYS`); none
    /// (the default) keeps them forever.
    pub audit_keep_days: Option<u32>,
    /// Where uploaded files are kept: `s3://bucket[/prefix]` (`SAMITI_STORAGE_URL`), else the
    /// data folder's `files/`.
    pub storage_url: Option<String>,
    /// How an S3-compatible store is reached (the standard `AWS_*` variables).
    pub s3: S3Settings,
    /// Scheduled backups (`SAMITI_BACKUP_*`, docs/DESIGN.md §13); none when no place is set.
    pub backups: Option<BackupSchedule>,
    /// Mail (`SAMITI_SMTP_URL`, `SAMITI_MAIL_*`, docs/DESIGN.md §14); none when no relay is set.
    pub mail: Option<MailSettings>,
}

/// How messages leave: the relay, the sender, and how fast.
#[derive(Clone, PartialEq, Eq)]
pub struct MailSettings {
    pub relay: SmtpRelay,
    /// The `From` of every message, e.g. `Samiti <office@example.org>`.
    pub from: String,
    /// Messages sent per minute at most (`SAMITI_MAIL_RATE`), for relays that limit; none sends
    /// as fast as the relay takes them.
    pub rate_per_minute: Option<u32>,
    /// The wait before a message's first retry, doubled for each later one.
    pub first_retry: Duration,
}

/// An SMTP relay from `smtp://user:password@host:port` (STARTTLS whenever the relay offers it,
/// port 587 by default) or `smtps://` (TLS from the first byte, port 465 by default).
#[derive(Clone, PartialEq, Eq)]
pub struct SmtpRelay {
    pub host: String,
    pub port: u16,
    /// TLS from the first byte (`smtps://`); otherwise STARTTLS when offered.
    pub implicit_tls: bool,
    pub user: Option<String>,
    pub password: Option<String>,
}

impl SmtpRelay {
    pub fn parse(text: &str) -> anyhow::Result<SmtpRelay> {
        let url = url::Url::parse(text.trim()).map_err(|_| anyhow::anyhow!("SAMITI_SMTP_URL must be an address such as smtp://user:password@mail.example.org:587"))?;
        let implicit_tls = match url.scheme() {
            "smtp" => false,
            "smtps" => true,
            _ => anyhow::bail!("SAMITI_SMTP_URL must start with smtp:// or smtps://"),
        };
        let host = url.host_str().filter(|h| !h.is_empty()).context("SAMITI_SMTP_URL names no host")?;
        let host = host.trim_start_matches('[').trim_end_matches(']').to_owned();
        let decode = |text: &str| percent_decode(text);
        Ok(SmtpRelay {
            port: url.port().unwrap_or(if implicit_tls { 465 } else { 587 }),
            host,
            implicit_tls,
            user: Some(decode(url.username())).filter(|u| !u.is_empty()),
            password: url.password().map(decode),
        })
    }
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let Some(byte) = text.get(i + 1..i + 3).and_then(|hex| u8::from_str_radix(hex, 16).ok())
        {
            out.push(byte);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

// The password never reaches a log.
impl std::fmt::Debug for MailSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MailSettings")
            .field("host", &self.relay.host)
            .field("port", &self.relay.port)
            .field("implicit_tls", &self.relay.implicit_tls)
            .field("user", &self.relay.user)
            .field("from", &self.from)
            .field("rate_per_minute", &self.rate_per_minute)
            .finish_non_exhaustive()
    }
}

/// The endpoint, region and keys of S3-compatible stores, from `AWS_ENDPOINT_URL`,
/// `AWS_REGION`, `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY` (as every S3 tool reads them).
#[derive(Clone, Default, PartialEq, Eq)]
pub struct S3Settings {
    /// e.g. `http://127.0.0.1:3900` for Garage; none for Amazon S3 itself.
    pub endpoint: Option<String>,
    pub region: Option<String>,
    pub access_key_id: Option<String>,
    pub secret_access_key: Option<String>,
}

impl std::fmt::Debug for S3Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("S3Settings").field("endpoint", &self.endpoint).field("region", &self.region).finish_non_exhaustive()
    }
}

/// Where, how often and how many scheduled backups are kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackupSchedule {
    /// A folder, or `s3://bucket[/prefix]` for off-site backups.
    pub place: String,
    pub every: Duration,
    pub keep: usize,
}

impl Config {
    /// The defaults of every setting, with the database in `data_dir`.
    pub fn defaults(data_dir: PathBuf) -> Self {
        Self {
            bind: SocketAddr::from(([127, 0, 0, 1], 8081)),
            database_url: format!("sqlite://{}?mode=rwc", data_dir.join("samiti.db").display()),
            jwt_secret: None,
            static_dir: PathBuf::from("./frontend/dist"),
            static_dir_given: false,
            cors_origin: None,
            public_url: None,
            max_upload_bytes: 10 * 1024 * 1024,
            token_ttl: Duration::from_secs(12 * 60 * 60),
            trusted_proxies: Vec::new(),
            max_connections: 1024,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(30),
            max_connections_per_client: 32,
            rate_limit_exempt: Vec::new(),
            rate_limits: true,
            daily_upload_bytes: crate::rate_limit::DAILY_UPLOAD_BYTES,
            ws_idle_timeout: Duration::from_secs(120),
            password_hashing: HashingLimits::default(),
            db_acquire_timeout: Duration::from_millis(1000),
            wal_truncate_after_idle: Duration::from_secs(5),
            max_image_side: 4096,
            audit_keep_days: None,
            storage_url: None,
            s3: S3Settings::default(),
            backups: None,
            mail: None,
            data_dir,
        }
    }

    /// The origin written into absolute links: `SAMITI_PUBLIC_URL`, else the listen address.
    pub fn public_origin(&self) -> String {
        match &self.public_url {
            Some(url) => url.trim_end_matches('/').to_owned(),
            None => format!("http://{}", self.bind),
        }
    }

    /// The origin of the links the site hands out (a booking's QR code, the links in mail):
    /// `SAMITI_PUBLIC_URL`, else the host the request came to.
    pub fn origin_of(&self, headers: &http::HeaderMap) -> String {
        if let Some(url) = &self.public_url {
            return url.clone();
        }
        let host = headers
            .get(http::header::HOST)
            .and_then(|h| h.to_str().ok())
            .filter(|h| h.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | ':' | '-' | '[' | ']')))
            .unwrap_or("localhost");
        format!("http://{host}")
    }

    pub fn from_env() -> anyhow::Result<Self> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        fn number<T: std::str::FromStr>(name: &str, value: Option<String>) -> anyhow::Result<Option<T>> {
            value
                .map(|v| v.trim().parse::<T>().map_err(|_| anyhow::anyhow!("{name} must be a number")))
                .transpose()
        }
        let mut config = Self::defaults(PathBuf::from(var("SAMITI_DATA_DIR").unwrap_or_else(|| "./data".into())));
        if let Some(url) = var("DATABASE_URL") {
            config.database_url = url;
        }
        if let Some(bind) = var("SAMITI_BIND") {
            config.bind = bind.parse().context("SAMITI_BIND must be an address such as 127.0.0.1:8081")?;
        }
        if let Some(dir) = var("SAMITI_STATIC_DIR") {
            config.static_dir = PathBuf::from(dir);
            config.static_dir_given = true;
        }
        config.jwt_secret = var("SAMITI_JWT_SECRET");
        config.cors_origin = var("SAMITI_CORS_ORIGIN");
        config.public_url = var("SAMITI_PUBLIC_URL").map(|url| url.trim_end_matches('/').to_owned());
        if let Some(bytes) = number("SAMITI_MAX_UPLOAD_BYTES", var("SAMITI_MAX_UPLOAD_BYTES"))? {
            config.max_upload_bytes = bytes;
        }
        if let Some(minutes) = number::<u64>("SAMITI_TOKEN_TTL_MINUTES", var("SAMITI_TOKEN_TTL_MINUTES"))? {
            config.token_ttl = Duration::from_secs(minutes * 60);
        }
        if let Some(proxies) = var("SAMITI_TRUSTED_PROXIES") {
            config.trusted_proxies = networks("SAMITI_TRUSTED_PROXIES", &proxies)?;
        }
        if let Some(max) = number::<usize>("SAMITI_MAX_CONNECTIONS", var("SAMITI_MAX_CONNECTIONS"))? {
            anyhow::ensure!(max > 0, "SAMITI_MAX_CONNECTIONS must be at least 1");
            config.max_connections = max;
        }
        if let Some(secs) = number("SAMITI_HEADER_TIMEOUT_SECS", var("SAMITI_HEADER_TIMEOUT_SECS"))? {
            config.header_timeout = Duration::from_secs(secs);
        }
        if let Some(secs) = number("SAMITI_BODY_TIMEOUT_SECS", var("SAMITI_BODY_TIMEOUT_SECS"))? {
            config.body_timeout = Duration::from_secs(secs);
        }
        // Connections and password hashing.
        if let Some(max) = number::<usize>("SAMITI_MAX_CONNECTIONS_PER_CLIENT", var("SAMITI_MAX_CONNECTIONS_PER_CLIENT"))? {
            anyhow::ensure!(max > 0, "SAMITI_MAX_CONNECTIONS_PER_CLIENT must be at least 1");
            config.max_connections_per_client = max;
        }
        if let Some(limits) = var("SAMITI_RATE_LIMITS") {
            config.rate_limits = match limits.trim() {
                "on" => true,
                "off" => false,
                _ => anyhow::bail!("SAMITI_RATE_LIMITS must be on or off"),
            };
        }
        if let Some(mb) = number::<u64>("SAMITI_DAILY_UPLOAD_MB", var("SAMITI_DAILY_UPLOAD_MB"))? {
            config.daily_upload_bytes = mb.saturating_mul(1024 * 1024);
        }
        if let Some(days) = number::<u32>("SAMITI_AUDIT_KEEP_DAYS", var("SAMITI_AUDIT_KEEP_DAYS"))? {
            anyhow::ensure!(days > 0, "SAMITI_AUDIT_KEEP_DAYS must be at least 1");
            config.audit_keep_days = Some(days);
        }
        if let Some(exempt) = var("SAMITI_RATE_LIMIT_EXEMPT") {
            config.rate_limit_exempt = networks("SAMITI_RATE_LIMIT_EXEMPT", &exempt)?;
        }
        if let Some(secs) = number::<u64>("SAMITI_WS_IDLE_SECS", var("SAMITI_WS_IDLE_SECS"))? {
            anyhow::ensure!(secs > 0, "SAMITI_WS_IDLE_SECS must be at least 1");
            config.ws_idle_timeout = Duration::from_secs(secs);
        }
        if let Some(at_once) = number::<usize>("SAMITI_PASSWORD_HASHES_AT_ONCE", var("SAMITI_PASSWORD_HASHES_AT_ONCE"))? {
            anyhow::ensure!(at_once > 0, "SAMITI_PASSWORD_HASHES_AT_ONCE must be at least 1");
            config.password_hashing.at_once = at_once;
        }
        if let Some(secs) = number("SAMITI_PASSWORD_QUEUE_SECS", var("SAMITI_PASSWORD_QUEUE_SECS"))? {
            config.password_hashing.queue_timeout = Duration::from_secs(secs);
        }
        // The database and stored images.
        if let Some(ms) = number("SAMITI_DB_ACQUIRE_TIMEOUT_MS", var("SAMITI_DB_ACQUIRE_TIMEOUT_MS"))? {
            anyhow::ensure!(ms > 0, "SAMITI_DB_ACQUIRE_TIMEOUT_MS must be at least 1");
            config.db_acquire_timeout = Duration::from_millis(ms);
        }
        if let Some(ms) = number("SAMITI_WAL_TRUNCATE_IDLE_MS", var("SAMITI_WAL_TRUNCATE_IDLE_MS"))? {
            config.wal_truncate_after_idle = Duration::from_millis(ms);
        }
        if let Some(side) = number::<u32>("SAMITI_MAX_IMAGE_SIDE", var("SAMITI_MAX_IMAGE_SIDE"))? {
            anyhow::ensure!(side >= 320, "SAMITI_MAX_IMAGE_SIDE must be at least 320");
            config.max_image_side = side;
        }
        if let Some(url) = var("SAMITI_STORAGE_URL") {
            anyhow::ensure!(url.starts_with("s3://"), "SAMITI_STORAGE_URL must be an s3://bucket address");
            config.storage_url = Some(url);
        }
        config.s3 = S3Settings {
            endpoint: var("AWS_ENDPOINT_URL").or_else(|| var("AWS_ENDPOINT")),
            region: var("AWS_REGION").or_else(|| var("AWS_DEFAULT_REGION")),
            access_key_id: var("AWS_ACCESS_KEY_ID"),
            secret_access_key: var("AWS_SECRET_ACCESS_KEY"),
        };
        let place = match (var("SAMITI_BACKUP_DIR"), var("SAMITI_BACKUP_URL")) {
            (Some(_), Some(_)) => anyhow::bail!("set SAMITI_BACKUP_DIR or SAMITI_BACKUP_URL, not both"),
            (Some(dir), None) => Some(dir),
            (None, Some(url)) => {
                anyhow::ensure!(url.starts_with("s3://"), "SAMITI_BACKUP_URL must be an s3://bucket address");
                Some(url)
            }
            (None, None) => None,
        };
        if let Some(place) = place {
            let every = match var("SAMITI_BACKUP_EVERY") {
                Some(text) => duration("SAMITI_BACKUP_EVERY", &text)?,
                None => Duration::from_secs(24 * 60 * 60),
            };
            let keep = number::<usize>("SAMITI_BACKUP_KEEP", var("SAMITI_BACKUP_KEEP"))?.unwrap_or(14);
            anyhow::ensure!(keep > 0, "SAMITI_BACKUP_KEEP must be at least 1");
            config.backups = Some(BackupSchedule { place, every, keep });
        }
        match (var("SAMITI_SMTP_URL"), var("SAMITI_MAIL_FROM")) {
            (None, None) => {}
            (Some(_), None) => anyhow::bail!("SAMITI_SMTP_URL is set: set SAMITI_MAIL_FROM too, e.g. \"Samiti <office@example.org>\""),
            (None, Some(_)) => anyhow::bail!("SAMITI_MAIL_FROM is set: set SAMITI_SMTP_URL too"),
            (Some(url), Some(from)) => {
                anyhow::ensure!(
                    from.parse::<lettre::message::Mailbox>().is_ok(),
                    "SAMITI_MAIL_FROM must be an address such as \"Samiti <office@example.org>\""
                );
                let rate_per_minute = number::<u32>("SAMITI_MAIL_RATE", var("SAMITI_MAIL_RATE"))?;
                anyhow::ensure!(rate_per_minute != Some(0), "SAMITI_MAIL_RATE must be at least 1 (messages per minute)");
                let first_retry = number::<u64>("SAMITI_MAIL_RETRY_MS", var("SAMITI_MAIL_RETRY_MS"))?.unwrap_or(60_000);
                anyhow::ensure!(first_retry > 0, "SAMITI_MAIL_RETRY_MS must be at least 1");
                config.mail = Some(MailSettings {
                    relay: SmtpRelay::parse(&url)?,
                    from,
                    rate_per_minute,
                    first_retry: Duration::from_millis(first_retry),
                });
            }
        }
        Ok(config)
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
        create_private_dir(&self.data_dir)?;
        let secret: [u8; 64] = rand::random();
        let encoded = base64::Engine::encode(&base64::engine::general_purpose::STANDARD, secret);
        write_owner_only(&path, encoded.as_bytes())?;
        Ok(encoded.into_bytes())
    }
}

/// `90s`, `30m`, `24h` or `7d`: at least a minute.
pub fn duration(name: &str, text: &str) -> anyhow::Result<Duration> {
    let text = text.trim();
    let split = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let number: u64 = number.parse().map_err(|_| anyhow::anyhow!("{name} must be a time such as 30m, 24h or 7d"))?;
    let seconds = match unit {
        "s" => number,
        "m" => number.saturating_mul(60),
        "h" => number.saturating_mul(60 * 60),
        "d" => number.saturating_mul(24 * 60 * 60),
        _ => anyhow::bail!("{name} must be a time such as 30m, 24h or 7d"),
    };
    anyhow::ensure!(seconds >= 60, "{name} must be at least a minute");
    Ok(Duration::from_secs(seconds))
}

/// A comma-separated list of addresses or networks.
fn networks(name: &str, list: &str) -> anyhow::Result<Vec<Network>> {
    list.split(',')
        .filter(|p| !p.trim().is_empty())
        .map(|p| p.parse::<Network>().map_err(|err| anyhow::anyhow!("{name}: {err}")))
        .collect()
}

/// How many password hashes run at once and how long a request waits for its turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HashingLimits {
    pub at_once: usize,
    pub queue_timeout: Duration,
}

impl Default for HashingLimits {
    fn default() -> Self {
        Self { at_once: 2, queue_timeout: Duration::from_secs(10) }
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

#[cfg(test)]
mod tests {
    use super::SmtpRelay;

    #[test]
    fn a_relay_is_read_from_its_url() {
        let relay = SmtpRelay::parse("smtps://office%40samiti.org:p%3Ass@mail.example.org").unwrap();
        assert_eq!((relay.host.as_str(), relay.port, relay.implicit_tls), ("mail.example.org", 465, true));
        assert_eq!((relay.user.as_deref(), relay.password.as_deref()), (Some("office@samiti.org"), Some("p:ss")));
        let relay = SmtpRelay::parse("smtp://127.0.0.1:2525").unwrap();
        assert_eq!((relay.port, relay.implicit_tls, relay.user), (2525, false, None));
        assert_eq!(SmtpRelay::parse("smtp://mail.example.org").unwrap().port, 587);
        assert!(SmtpRelay::parse("http://mail.example.org").is_err());
        assert!(SmtpRelay::parse("smtp://").is_err());
    }
}
