//! argon2id password hashes, computed off the async runtime because they are deliberately slow.
use argon2::{
    Argon2, PasswordHash, PasswordHasher, PasswordVerifier,
};

use crate::error::{Error, Result};

pub async fn hash(password: String) -> Result<String> {
    tokio::task::spawn_blocking(move || {
        Argon2::default()
            .hash_password(password.as_bytes())
            .map(|hash| hash.to_string())
            .map_err(|err| Error::Internal(anyhow::anyhow!("hashing password: {err}")))
    })
    .await
    .map_err(|err| Error::Internal(err.into()))?
}

pub async fn verify(password: String, stored_hash: String) -> Result<bool> {
    tokio::task::spawn_blocking(move || {
        let parsed = PasswordHash::new(&stored_hash)
            .map_err(|err| Error::Internal(anyhow::anyhow!("stored hash unreadable: {err}")))?;
        Ok(Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
    })
    .await
    .map_err(|err| Error::Internal(err.into()))?
}

/// A fixed hash to verify against when the e-mail is unknown, so that a wrong e-mail and a
/// wrong password take the same time.
pub static DUMMY_HASH: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    Argon2::default()
        .hash_password(b"not-a-real-password")
        .map(|h| h.to_string())
        .unwrap_or_default()
});
