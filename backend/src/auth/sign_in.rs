//! The one password check behind every sign-in (administrators and members).
use std::{future::Future, net::IpAddr};

use super::{password, throttle::Verdict};
use crate::{
    error::{Error, Result},
    state::AppState,
};

/// Signs in the account that `find` looks up (the account and its stored hash), under the login
/// throttle kept per address and `throttle_key`: a refused attempt is 429 before any lookup, a
/// slowed one waits first. An unknown account is checked against a fixed hash, so that it takes as
/// long as a wrong password, and both answer 401 with `invalid`.
pub async fn sign_in<A>(
    state: &AppState,
    address: IpAddr,
    throttle_key: &str,
    password: String,
    invalid: &'static str,
    find: impl Future<Output = Result<Option<(A, String)>>>,
) -> Result<A> {
    match state.throttle.check(address, throttle_key) {
        Verdict::Refused { retry_after } => return Err(Error::TooManyRequests { retry_after }),
        Verdict::Allowed { delay } if !delay.is_zero() => tokio::time::sleep(delay).await,
        Verdict::Allowed { .. } => {}
    }
    let (account, stored_hash) = match find.await? {
        Some((account, hash)) => (Some(account), hash),
        None => (None, password::DUMMY_HASH.clone()),
    };
    let matches = password::verify(password, stored_hash).await?;
    match account {
        Some(account) if matches => {
            state.throttle.record_success(address, throttle_key);
            Ok(account)
        }
        _ => {
            state.throttle.record_failure(address, throttle_key);
            Err(Error::Unauthorized(invalid))
        }
    }
}
