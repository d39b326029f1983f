//! The process's memory given back to the system: a small site runs on a machine of 512 MB to
//! 1 GB, where what an export or the start's page rendering freed must not stay resident.
//!
//! glibc keeps freed memory in its arenas (one per thread that ever met contention, up to eight
//! per core) and returns it only when asked: the server keeps two arenas, and gives back what is
//! free after large work (a PDF, a password hash) and every [`TRIM_EVERY`] besides.
use std::time::Duration;

/// How often free memory is handed back while the server runs.
pub const TRIM_EVERY: Duration = Duration::from_secs(20);

/// Arenas glibc may create: two serve two cores with little contention, and keep the memory
/// the threads freed in two places rather than in one per thread (about 20 MB less at idle).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const ARENAS: libc::c_int = 2;

/// Limits glibc's arenas; call first thing, before any thread starts.
pub fn limit_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets an allocator parameter; it takes no pointers.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, ARENAS);
    }
}

/// Hands the allocator's free memory back to the system (a few milliseconds at most).
pub fn release_free() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only walks the allocator's own free lists.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Gives free memory back every [`TRIM_EVERY`], for as long as the server runs: what a burst of
/// requests or the page rendering freed is returned within that time.
pub async fn release_free_regularly() {
    let mut every = tokio::time::interval(TRIM_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        let _ = tokio::task::spawn_blocking(release_free).await;
    }
}
