//! Where stored files live: one interface over the local data folder (the embedded default,
//! `$SAMITI_DATA_DIR/files/`) or an S3-compatible bucket (`SAMITI_STORAGE_URL=s3://bucket`),
//! both through the `object_store` crate. Every upload, variant, private file, serving and
//! backup goes through [`Files`], so instances sharing a bucket share every file.
use std::{sync::Arc, time::Duration};

use axum::body::Bytes;
use futures_util::{StreamExt, TryStreamExt, stream::BoxStream};
use object_store::{
    BackoffConfig, ClientOptions, GetOptions, GetResult, ObjectStore, ObjectStoreExt, PutPayload, RetryConfig,
    aws::AmazonS3Builder, local::LocalFileSystem, path::Path as StorePath, prefix::PrefixStore,
};

use super::folder::{Folder, is_stored_name};
use crate::{
    config::{Config, S3Settings},
    error::{Error, Result},
    fs::create_private_dir,
};

/// The store of uploaded files; cheap to clone.
#[derive(Clone)]
pub struct Files {
    store: Arc<dyn ObjectStore>,
    /// Where the files are, for messages: the folder or `s3://bucket/prefix`.
    pub location: String,
}

impl std::fmt::Debug for Files {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Files").field("location", &self.location).finish()
    }
}

impl Files {
    /// The store `config` names: its `storage_url`, else the data folder's `files/`.
    pub fn open(config: &Config) -> anyhow::Result<Self> {
        match &config.storage_url {
            Some(url) => Self::bucket(url, &config.s3),
            None => Self::folder(&config.data_dir.join("files")),
        }
    }

    /// Files in a local folder, created (owner only) when missing.
    pub fn folder(dir: &std::path::Path) -> anyhow::Result<Self> {
        // Each folder made readable by the owner only before the store would make it open.
        for folder in Folder::ALL {
            create_private_dir(&dir.join(folder.dir_name()))?;
        }
        let store = LocalFileSystem::new_with_prefix(dir)?;
        Ok(Self { store: Arc::new(store), location: dir.display().to_string() })
    }

    /// Files in an S3-compatible bucket, `s3://bucket` or `s3://bucket/prefix`.
    pub fn bucket(url: &str, s3: &S3Settings) -> anyhow::Result<Self> {
        Ok(Self { store: bucket_store(url, s3)?, location: url.trim_end_matches('/').to_owned() })
    }

    fn path(folder: Folder, name: &str) -> StorePath {
        StorePath::from(format!("{}/{name}", folder.dir_name()))
    }

    /// Writes `name` whole: a reader never sees part of it (a rename in a folder, one request
    /// to a bucket).
    pub async fn put(&self, folder: Folder, name: &str, bytes: Bytes) -> Result<()> {
        self.store.put(&Self::path(folder, name), PutPayload::from(bytes)).await.map(drop).map_err(unavailable)
    }

    /// The file with `options` (a range); a missing file is `Error::NotFound`.
    pub async fn get(&self, folder: Folder, name: &str, options: GetOptions) -> Result<GetResult, object_store::Error> {
        self.store.get_opts(&Self::path(folder, name), options).await
    }

    /// The whole file as a stream of chunks.
    pub async fn read(&self, folder: Folder, name: &str) -> Result<(u64, BoxStream<'static, Result<Bytes>>)> {
        let found = self.store.get(&Self::path(folder, name)).await.map_err(|err| match err {
            object_store::Error::NotFound { .. } => Error::NotFound,
            other => unavailable(other),
        })?;
        let size = found.meta.size;
        Ok((size, found.into_stream().map_err(unavailable).boxed()))
    }

    /// Removes `name`; a file already gone is not an error.
    pub async fn delete(&self, folder: Folder, name: &str) -> Result<()> {
        match self.store.delete(&Self::path(folder, name)).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(err) => Err(unavailable(err)),
        }
    }

    /// The stored names in `folder` with their sizes; anything that is not a name we generate
    /// (a temporary file, a stranger's object) is left out.
    pub fn list(&self, folder: Folder) -> BoxStream<'static, Result<(String, u64)>> {
        let prefix = StorePath::from(folder.dir_name());
        self.store
            .list(Some(&prefix))
            .map_err(unavailable)
            .try_filter_map(move |meta| async move {
                let name = meta.location.filename().unwrap_or_default().to_owned();
                let direct = meta.location.as_ref() == format!("{}/{name}", folder.dir_name());
                Ok((direct && is_stored_name(&name)).then_some((name, meta.size)))
            })
            .boxed()
    }
}

/// The store of `s3://bucket` or `s3://bucket/prefix`; the endpoint, region and keys come from
/// the standard `AWS_*` variables (README, "Files on S3-compatible storage").
pub fn bucket_store(url: &str, s3: &S3Settings) -> anyhow::Result<Arc<dyn ObjectStore>> {
    let rest = url.strip_prefix("s3://").ok_or_else(|| anyhow::anyhow!("{url}: an S3 address starts with s3://"))?;
    let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
    anyhow::ensure!(!bucket.is_empty(), "{url}: an S3 address names a bucket: s3://bucket");
    // The TLS of an https endpoint: rustls with ring, installed once for the process.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let mut builder = AmazonS3Builder::new().with_bucket_name(bucket).with_region(s3.region.as_deref().unwrap_or("us-east-1"));
    // A store on the same network (Garage, MinIO) is often reached over plain HTTP.
    let plain_http = s3.endpoint.as_deref().is_some_and(|endpoint| endpoint.starts_with("http://"));
    if let Some(endpoint) = &s3.endpoint {
        builder = builder.with_endpoint(endpoint);
    }
    if let (Some(id), Some(secret)) = (&s3.access_key_id, &s3.secret_access_key) {
        builder = builder.with_access_key_id(id).with_secret_access_key(secret);
    }
    // An unreachable store is told within seconds (503), not after minutes of retries.
    let store = builder
        .with_virtual_hosted_style_request(false)
        .with_client_options(
            ClientOptions::new()
                .with_allow_http(plain_http)
                .with_connect_timeout(Duration::from_secs(3))
                .with_timeout(Duration::from_secs(60)),
        )
        .with_retry(RetryConfig { backoff: BackoffConfig::default(), max_retries: 2, retry_timeout: Duration::from_secs(5) })
        .build()?;
    Ok(match prefix.trim_matches('/') {
        "" => Arc::new(store),
        prefix => Arc::new(PrefixStore::new(store, prefix)),
    })
}

/// Any failure of the store but a missing file: 503, logged with its cause.
pub fn unavailable(err: object_store::Error) -> Error {
    tracing::warn!(error = %err, "file storage failed");
    Error::StorageUnavailable
}

/// What [`copy_all`] did.
#[derive(Debug, Default, Clone, Copy)]
pub struct Copied {
    pub copied: usize,
    pub present: usize,
}

/// Copies every stored file of `from` that `to` lacks (by name and size), one at a time, each
/// checked by its size once written. Run again after a failure, it goes on where it stopped.
pub async fn copy_all(from: &Files, to: &Files) -> anyhow::Result<Copied> {
    let mut done = Copied::default();
    for folder in Folder::ALL {
        let there: std::collections::HashMap<String, u64> = to.list(folder).try_collect().await.map_err(|err| anyhow::anyhow!("{}: {err}", to.location))?;
        let names: Vec<(String, u64)> = from.list(folder).try_collect().await.map_err(|err| anyhow::anyhow!("{}: {err}", from.location))?;
        for (name, size) in names {
            if there.get(&name) == Some(&size) {
                done.present += 1;
                continue;
            }
            let found = from.store.get(&Files::path(folder, &name)).await?;
            let bytes = found.bytes().await?;
            to.put(folder, &name, bytes).await.map_err(|err| anyhow::anyhow!("{}: {err}", to.location))?;
            let written = to.store.head(&Files::path(folder, &name)).await?;
            anyhow::ensure!(written.size == size, "{name} was not copied whole");
            done.copied += 1;
        }
    }
    Ok(done)
}
