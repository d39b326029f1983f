//! argon2id password hashes on a small pool of workers (docs/DESIGN.md §5).
//!
//! Each hash needs 19 MiB of memory and tens of milliseconds of a core. Computed freely, a burst
//! of registrations takes as many threads as there are requests and glibc keeps each thread's
//! blocks afterwards. So a few hashes run at a time, each on one of the pool's blocks, reused
//! from one hash to the next and given back to the system once no hash has been asked for a
//! while; a request that cannot start within the queue timeout is answered 503 `Error::Busy`.
use std::{
    sync::{Mutex, Once, OnceLock},
    time::{Duration, Instant},
};

use argon2::{
    Algorithm, Argon2, Block, Params, Version,
    password_hash::phc::{Output, ParamsString, PasswordHash, Salt},
};
use tokio::sync::Semaphore;

use crate::{
    config::HashingLimits,
    error::{Error, Result},
};

/// OWASP's minimum for argon2id, chosen for a small server: 19 MiB, two passes, one lane.
const MEMORY_KIB: u32 = 19 * 1024;
const PASSES: u32 = 2;
const LANES: u32 = 1;
const OUTPUT_BYTES: usize = 32;
const SALT_BYTES: usize = 16;
/// The blocks are given back after this long without a hash.
const KEEP_IDLE_MEMORY: Duration = Duration::from_secs(20);

struct Pool {
    at_once: usize,
    turns: Semaphore,
    queue_timeout: Duration,
    /// Blocks of `MEMORY_KIB` (at most one per turn), taken while hashing and put back after.
    memory: Mutex<Vec<Vec<Block>>>,
    last_used: Mutex<Instant>,
    releaser: Once,
}

static POOL: OnceLock<Pool> = OnceLock::new();

/// Sets the pool's limits; only the first call counts (the server calls it once at start).
pub fn configure(limits: HashingLimits) {
    let _ = POOL.set(Pool::new(limits));
}

fn pool() -> &'static Pool {
    POOL.get_or_init(|| Pool::new(HashingLimits::default()))
}

impl Pool {
    fn new(limits: HashingLimits) -> Self {
        let at_once = limits.at_once.max(1);
        Pool {
            at_once,
            turns: Semaphore::new(at_once),
            queue_timeout: limits.queue_timeout,
            memory: Mutex::new(Vec::new()),
            last_used: Mutex::new(Instant::now()),
            releaser: Once::new(),
        }
    }

    /// Gives the blocks back to the system once the pool has been idle for `KEEP_IDLE_MEMORY`.
    fn release_when_idle(&'static self) {
        self.releaser.call_once(|| {
            tokio::spawn(async move {
                loop {
                    tokio::time::sleep(KEEP_IDLE_MEMORY / 2).await;
                    let idle = self.last_used.lock().unwrap_or_else(|e| e.into_inner()).elapsed() >= KEEP_IDLE_MEMORY;
                    if idle && self.turns.available_permits() == self.at_once {
                        let blocks = std::mem::take(&mut *self.memory.lock().unwrap_or_else(|e| e.into_inner()));
                        if !blocks.is_empty() {
                            drop(blocks);
                            crate::memory::release_free();
                        }
                    }
                }
            });
        });
    }

    /// Runs `work` on a blocking thread with one of the pool's memory blocks, once a turn is free.
    async fn run<T: Send + 'static>(&'static self, work: impl FnOnce(&mut [Block]) -> T + Send + 'static) -> Result<T> {
        let turn = tokio::time::timeout(self.queue_timeout, self.turns.acquire())
            .await
            .map_err(|_| Error::Busy)?
            .map_err(|err| Error::Internal(err.into()))?;
        // The turn moves into the thread: a client that goes away does not free it early.
        let result = tokio::task::spawn_blocking(move || {
            let _turn = turn;
            let mut memory = self.memory.lock().unwrap_or_else(|e| e.into_inner()).pop().unwrap_or_default();
            if memory.len() != current_params().block_count() {
                memory = vec![Block::default(); current_params().block_count()];
            }
            let result = work(&mut memory);
            self.memory.lock().unwrap_or_else(|e| e.into_inner()).push(memory);
            *self.last_used.lock().unwrap_or_else(|e| e.into_inner()) = Instant::now();
            result
        })
        .await
        .map_err(|err| Error::Internal(err.into()));
        self.release_when_idle();
        result
    }
}

fn current_params() -> &'static Params {
    static PARAMS: OnceLock<Params> = OnceLock::new();
    PARAMS.get_or_init(|| Params::new(MEMORY_KIB, PASSES, LANES, Some(OUTPUT_BYTES)).expect("valid argon2 parameters"))
}

/// The argon2id output of `password` with `salt` and `params`, computed in `memory` when it is
/// large enough (a stored hash with larger parameters gets memory of its own for the call).
fn compute(password: &[u8], salt: &[u8], params: &Params, version: Version, memory: &mut [Block]) -> Result<Output> {
    let output_len = params.output_len().unwrap_or(OUTPUT_BYTES);
    let mut out = vec![0u8; output_len];
    let argon2 = Argon2::new(Algorithm::Argon2id, version, params.clone());
    let needed = params.block_count();
    let hashed = if needed <= memory.len() {
        argon2.hash_password_into_with_memory(password, salt, &mut out, &mut memory[..needed])
    } else {
        argon2.hash_password_into_with_memory(password, salt, &mut out, vec![Block::default(); needed])
    };
    hashed.map_err(|err| Error::Internal(anyhow::anyhow!("hashing password: {err}")))?;
    Output::new(&out).map_err(|err| Error::Internal(anyhow::anyhow!("hash output: {err}")))
}

fn hash_with(password: &[u8], params: &Params, memory: &mut [Block]) -> Result<String> {
    let salt_bytes: [u8; SALT_BYTES] = rand::random();
    let salt = Salt::new(&salt_bytes).map_err(|err| Error::Internal(anyhow::anyhow!("salt: {err}")))?;
    let output = compute(password, &salt, params, Version::V0x13, memory)?;
    let params = ParamsString::try_from(params).map_err(|err| Error::Internal(anyhow::anyhow!("{err}")))?;
    let hash = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params,
        salt: Some(salt),
        hash: Some(output),
    };
    Ok(hash.to_string())
}

/// Whether `password` matches the PHC string `stored`, whatever parameters it was made with.
fn matches(password: &[u8], stored: &PasswordHash, memory: &mut [Block]) -> Result<bool> {
    let (Some(salt), Some(expected)) = (&stored.salt, &stored.hash) else { return Ok(false) };
    let unreadable = |err: argon2::password_hash::Error| Error::Internal(anyhow::anyhow!("stored hash unreadable: {err}"));
    if Algorithm::try_from(stored.algorithm.as_str()).map_err(|err| unreadable(err.into()))? != Algorithm::Argon2id {
        return Ok(false);
    }
    let params = Params::try_from(stored).map_err(unreadable)?;
    let version = stored.version.map(Version::try_from).transpose().map_err(|err| unreadable(err.into()))?.unwrap_or_default();
    // `Output`'s equality is constant-time.
    Ok(compute(password, salt, &params, version, memory)? == *expected)
}

fn parse(stored: &str) -> Result<PasswordHash> {
    PasswordHash::new(stored).map_err(|err| Error::Internal(anyhow::anyhow!("stored hash unreadable: {err}")))
}

/// A new argon2id hash of `password` with the current parameters.
pub async fn hash(password: String) -> Result<String> {
    pool().run(move |memory| hash_with(password.as_bytes(), current_params(), memory)).await?
}

/// Whether `password` matches `stored_hash`.
pub async fn verify(password: String, stored_hash: String) -> Result<bool> {
    let stored = parse(&stored_hash)?;
    pool().run(move |memory| matches(password.as_bytes(), &stored, memory)).await?
}

/// Whether `stored_hash` was made with other parameters than today's (or another algorithm), so
/// that it is worth replacing after the next successful sign-in.
pub fn needs_rehash(stored_hash: &str) -> bool {
    let Ok(stored) = PasswordHash::new(stored_hash) else { return true };
    let current = current_params();
    stored.algorithm != Algorithm::Argon2id.ident()
        || stored.version != Some(Version::V0x13.into())
        || Params::try_from(&stored).map_or(true, |params| {
            (params.m_cost(), params.t_cost(), params.p_cost(), params.output_len())
                != (current.m_cost(), current.t_cost(), current.p_cost(), current.output_len())
        })
}

/// A fixed hash to verify against when the e-mail is unknown, so that a wrong e-mail and a
/// wrong password take the same time.
pub static DUMMY_HASH: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    hash_with(b"not-a-real-password", current_params(), &mut vec![Block::default(); current_params().block_count()])
        .unwrap_or_default()
});

/// A hash made with other parameters, for tests of the rehash on sign-in.
#[doc(hidden)]
pub fn hash_with_params(password: &str, memory_kib: u32, passes: u32) -> String {
    let params = Params::new(memory_kib, passes, LANES, Some(OUTPUT_BYTES)).expect("valid argon2 parameters");
    hash_with(password.as_bytes(), &params, &mut []).expect("hashing")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn hashes_verify_and_old_parameters_ask_for_a_rehash() {
        let current = hash("correct horse".into()).await.unwrap();
        assert!(current.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{current}");
        assert!(verify("correct horse".into(), current.clone()).await.unwrap());
        assert!(!verify("wrong horse".into(), current.clone()).await.unwrap());
        assert!(!needs_rehash(&current));

        let older = hash_with_params("correct horse", 8 * 1024, 1);
        assert!(verify("correct horse".into(), older.clone()).await.unwrap());
        assert!(needs_rehash(&older));
        // A hash of the argon2 crate's own making (as stored before) still verifies.
        use argon2::PasswordHasher;
        let crate_made = Argon2::default().hash_password(b"correct horse").unwrap().to_string();
        assert!(verify("correct horse".into(), crate_made.clone()).await.unwrap());
        assert!(!needs_rehash(&crate_made));
    }

    #[tokio::test]
    async fn a_request_that_waits_too_long_for_its_turn_is_answered_busy() {
        let pool: &'static Pool = Box::leak(Box::new(Pool::new(HashingLimits { at_once: 1, queue_timeout: Duration::from_millis(50) })));
        let (started, wait) = tokio::sync::oneshot::channel::<()>();
        let (release, hold) = std::sync::mpsc::channel::<()>();
        let busy = tokio::spawn(pool.run(move |_| {
            started.send(()).unwrap();
            hold.recv().unwrap();
        }));
        wait.await.unwrap();
        let refused = pool.run(|_| ()).await;
        assert!(matches!(refused, Err(Error::Busy)), "{refused:?}");
        assert_eq!(refused.unwrap_err().status(), axum::http::StatusCode::SERVICE_UNAVAILABLE);
        release.send(()).unwrap();
        busy.await.unwrap().unwrap();
        assert!(pool.run(|_| ()).await.is_ok(), "the turn is free again");
    }
}
