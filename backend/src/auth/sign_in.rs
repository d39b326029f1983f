//! The one password check behind every sign-in (administrators and members).
use std::{future::Future, net::IpAddr, str::FromStr};

use sea_orm::{ActiveModelBehavior, ActiveModelTrait, EntityTrait, IntoActiveModel, ModelTrait};

use super::{password, throttle::Verdict};
use crate::{
    error::{Error, Result},
    state::AppState,
};

/// Signs in the account that `find` looks up (the account and its stored hash), under the login
/// throttle kept per address and `throttle_key`: a refused attempt is 429 before any lookup, a
/// slowed one waits first. An unknown account is checked against a fixed hash, so that it takes as
/// long as a wrong password, and both answer 401 with `invalid`. A hash made with other
/// parameters than today's is replaced by a new one once the password is known to be right.
pub async fn sign_in<A, Active>(
    state: &AppState,
    address: IpAddr,
    throttle_key: &str,
    password: String,
    invalid: &'static str,
    find: impl Future<Output = Result<Option<(A, String)>>>,
) -> Result<A>
where
    A: ModelTrait + IntoActiveModel<Active> + Clone,
    Active: ActiveModelTrait<Entity = A::Entity> + ActiveModelBehavior + Send,
    <A::Entity as EntityTrait>::Model: IntoActiveModel<Active>,
{
    match state.throttle.check(address, throttle_key) {
        Verdict::Refused { retry_after } => return Err(Error::TooManyRequests { retry_after }),
        Verdict::Allowed { delay } if !delay.is_zero() => tokio::time::sleep(delay).await,
        Verdict::Allowed { .. } => {}
    }
    let (account, stored_hash) = match find.await? {
        Some((account, hash)) => (Some(account), hash),
        None => (None, password::DUMMY_HASH.clone()),
    };
    let rehash = (account.is_some() && password::needs_rehash(&stored_hash)).then(|| password.clone());
    let matches = password::verify(password, stored_hash).await?;
    match account {
        Some(account) if matches => {
            state.throttle.record_success(address, throttle_key);
            if let Some(password) = rehash {
                // The sign-in stands even if the new hash cannot be stored now: it is tried again next time.
                if let Err(err) = replace_hash(state, account.clone(), password).await {
                    tracing::warn!(%err, "could not replace an outdated password hash");
                }
            }
            Ok(account)
        }
        _ => {
            state.throttle.record_failure(address, throttle_key);
            Err(Error::Unauthorized(invalid))
        }
    }
}

/// Stores a new hash of `password` (today's parameters) in the account's `password_hash` column.
async fn replace_hash<A, Active>(state: &AppState, account: A, password: String) -> Result<()>
where
    A: ModelTrait + IntoActiveModel<Active>,
    Active: ActiveModelTrait<Entity = A::Entity> + ActiveModelBehavior + Send,
    <A::Entity as EntityTrait>::Model: IntoActiveModel<Active>,
{
    let column = <<A::Entity as EntityTrait>::Column as FromStr>::from_str("password_hash")
        .map_err(|_| Error::Internal(anyhow::anyhow!("account has no password_hash column")))?;
    let hash = password::hash(password).await?;
    let mut active = account.into_active_model();
    active.set(column, hash.into());
    active.update(&state.db).await?;
    Ok(())
}
