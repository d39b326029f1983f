//! Slows down password guessing without letting anyone lock a real user out.
//!
//! - One client address: after [`ADDRESS_LIMIT`] failures (any accounts) it waits out the window.
//! - One account from one address: after [`ACCOUNT_ADDRESS_LIMIT`] failures, likewise.
//! - One account from anywhere: past [`ACCOUNT_SOFT_LIMIT`] failures every attempt for it is
//!   answered a little later (growing up to [`MAX_DELAY`]) but never refused, so a stranger
//!   guessing an administrator's password cannot keep the administrator out.
//!
//! A successful sign-in clears the address's counts (volunteers share one office connection).
use std::{
    collections::HashMap,
    net::IpAddr,
    sync::Mutex,
    time::{Duration, Instant},
};

pub const WINDOW: Duration = Duration::from_secs(15 * 60);
pub const ADDRESS_LIMIT: u32 = 20;
pub const ACCOUNT_ADDRESS_LIMIT: u32 = 5;
pub const ACCOUNT_SOFT_LIMIT: u32 = 20;
pub const MAX_DELAY: Duration = Duration::from_secs(5);
/// Past this many tracked keys, keys with a single failure are forgotten first.
const MAX_KEYS: usize = 100_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Go ahead after waiting `delay` (zero for nearly everyone).
    Allowed { delay: Duration },
    /// Refused until `retry_after` has passed.
    Refused { retry_after: Duration },
}

#[derive(Clone, Copy)]
struct Failures {
    count: u32,
    since: Instant,
}

#[derive(Default)]
pub struct LoginThrottle {
    failures: Mutex<HashMap<String, Failures>>,
}

fn address_key(address: IpAddr) -> String {
    format!("ip|{address}")
}

fn pair_key(address: IpAddr, account: &str) -> String {
    format!("pair|{address}|{account}")
}

fn account_key(account: &str) -> String {
    format!("account|{account}")
}

impl LoginThrottle {
    /// May `address` try to sign in to `account` (e.g. `admin:someone@example.org`) now?
    pub fn check(&self, address: IpAddr, account: &str) -> Verdict {
        let mut map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        map.retain(|_, f| now.duration_since(f.since) < WINDOW);
        let refused_until = |key: String, limit: u32| {
            map.get(&key)
                .filter(|f| f.count >= limit)
                .map(|f| WINDOW.saturating_sub(now.duration_since(f.since)))
        };
        let refusal = [
            refused_until(address_key(address), ADDRESS_LIMIT),
            refused_until(pair_key(address, account), ACCOUNT_ADDRESS_LIMIT),
        ]
        .into_iter()
        .flatten()
        .max();
        if let Some(retry_after) = refusal {
            return Verdict::Refused { retry_after: retry_after.max(Duration::from_secs(1)) };
        }
        let account_failures = map.get(&account_key(account)).map_or(0, |f| f.count);
        Verdict::Allowed { delay: delay_after(account_failures) }
    }

    /// As [`LoginThrottle::check`] for a secret that opens one thing only (a booking's code):
    /// misses on other accounts from the same address slow this one down but never refuse it, so
    /// a neighbour behind the same address guessing other codes cannot lock its owner out.
    pub fn check_one(&self, address: IpAddr, account: &str) -> Verdict {
        let mut map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        map.retain(|_, f| now.duration_since(f.since) < WINDOW);
        if let Some(f) = map.get(&pair_key(address, account)).filter(|f| f.count >= ACCOUNT_ADDRESS_LIMIT) {
            return Verdict::Refused { retry_after: WINDOW.saturating_sub(now.duration_since(f.since)).max(Duration::from_secs(1)) };
        }
        let count = |key: String| map.get(&key).map_or(0, |f| f.count);
        let delay = delay_after(count(account_key(account))).max(delay_after(count(address_key(address))));
        Verdict::Allowed { delay }
    }

    pub fn record_failure(&self, address: IpAddr, account: &str) {
        let mut map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() >= MAX_KEYS {
            map.retain(|_, f| f.count > 1);
        }
        let now = Instant::now();
        for key in [address_key(address), pair_key(address, account), account_key(account)] {
            map.entry(key).or_insert(Failures { count: 0, since: now }).count += 1;
        }
    }

    /// Clears the address's counts; the account-wide count runs out with its window, so that
    /// one success does not reset the delay an attacker elsewhere has earned.
    pub fn record_success(&self, address: IpAddr, account: &str) {
        let mut map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        map.remove(&address_key(address));
        map.remove(&pair_key(address, account));
    }
}

/// The wait before an attempt on an account that has failed `failures` times in the window:
/// nothing up to the soft limit, then 250 ms doubling up to [`MAX_DELAY`].
pub fn delay_after(failures: u32) -> Duration {
    if failures < ACCOUNT_SOFT_LIMIT {
        return Duration::ZERO;
    }
    let doublings = (failures - ACCOUNT_SOFT_LIMIT).min(10);
    Duration::from_millis(250u64 << doublings).min(MAX_DELAY)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([192, 0, 2, last])
    }

    #[test]
    fn an_account_guessed_from_elsewhere_stays_open_to_its_owner() {
        let throttle = LoginThrottle::default();
        for _ in 0..ACCOUNT_ADDRESS_LIMIT {
            throttle.record_failure(ip(1), "admin:a@example.org");
        }
        assert!(matches!(throttle.check(ip(1), "admin:a@example.org"), Verdict::Refused { .. }));
        assert_eq!(throttle.check(ip(2), "admin:a@example.org"), Verdict::Allowed { delay: Duration::ZERO });
    }

    #[test]
    fn many_failures_for_one_account_only_delay_its_attempts() {
        let throttle = LoginThrottle::default();
        for n in 0..60u8 {
            throttle.record_failure(ip(n), "admin:a@example.org");
        }
        assert_eq!(throttle.check(ip(200), "admin:a@example.org"), Verdict::Allowed { delay: MAX_DELAY });
        assert_eq!(delay_after(ACCOUNT_SOFT_LIMIT), Duration::from_millis(250));
        assert_eq!(delay_after(ACCOUNT_SOFT_LIMIT + 1), Duration::from_millis(500));
    }

    #[test]
    fn one_address_trying_many_accounts_is_refused_with_a_retry_time() {
        let throttle = LoginThrottle::default();
        for n in 0..ADDRESS_LIMIT {
            throttle.record_failure(ip(9), &format!("admin:{n}@example.org"));
        }
        match throttle.check(ip(9), "admin:new@example.org") {
            Verdict::Refused { retry_after } => assert!(retry_after > Duration::from_secs(14 * 60)),
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn misses_on_other_secrets_only_slow_the_right_one_down() {
        let throttle = LoginThrottle::default();
        for n in 0..ADDRESS_LIMIT + 5 {
            throttle.record_failure(ip(4), &format!("booking:ALN-2026-{n:05}"));
        }
        match throttle.check_one(ip(4), "booking:MRK-2026-00001") {
            Verdict::Allowed { delay } => assert!(delay > Duration::ZERO && delay <= MAX_DELAY, "{delay:?}"),
            other => panic!("expected to be let through, got {other:?}"),
        }
        for _ in 0..ACCOUNT_ADDRESS_LIMIT {
            throttle.record_failure(ip(4), "booking:MRK-2026-00002");
        }
        assert!(matches!(throttle.check_one(ip(4), "booking:MRK-2026-00002"), Verdict::Refused { .. }));
        assert_eq!(throttle.check_one(ip(5), "booking:MRK-2026-00002"), Verdict::Allowed { delay: Duration::ZERO });
    }

    #[test]
    fn a_success_clears_the_address() {
        let throttle = LoginThrottle::default();
        for n in 0..ADDRESS_LIMIT - 1 {
            throttle.record_failure(ip(3), &format!("admin:{n}@example.org"));
        }
        throttle.record_success(ip(3), "admin:ok@example.org");
        throttle.record_failure(ip(3), "admin:x@example.org");
        assert_eq!(throttle.check(ip(3), "admin:y@example.org"), Verdict::Allowed { delay: Duration::ZERO });
    }
}
