//! Slows down password guessing: after too many failed logins from one address or for one
//! account, further attempts answer 429 until the window has passed.
use std::{
    collections::HashMap,
    sync::Mutex,
    time::{Duration, Instant},
};

pub const MAX_FAILURES: u32 = 5;
pub const WINDOW: Duration = Duration::from_secs(15 * 60);

#[derive(Default)]
pub struct LoginThrottle {
    failures: Mutex<HashMap<String, (u32, Instant)>>,
}

impl LoginThrottle {
    /// True when any of `keys` has used up its failures in the current window.
    pub fn is_blocked(&self, keys: &[String]) -> bool {
        let mut map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        map.retain(|_, (_, since)| now.duration_since(*since) < WINDOW);
        keys.iter().any(|k| map.get(k).is_some_and(|(count, _)| *count >= MAX_FAILURES))
    }

    pub fn record_failure(&self, keys: &[String]) {
        let mut map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        for key in keys {
            map.entry(key.clone()).or_insert((0, now)).0 += 1;
        }
    }

    pub fn record_success(&self, keys: &[String]) {
        let mut map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        for key in keys {
            map.remove(key);
        }
    }
}
