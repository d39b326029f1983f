//! Per-address limits on the public writes (docs/DESIGN.md §5): a token bucket per address and
//! kind of write, and a daily allowance of stored upload bytes per address for the public
//! profile form. Generous for a family that books several pujas or registers its members one
//! after another, tight for a script that sends the same form hundreds of times.
//!
//! IPv6 addresses count by their /64 network: one home or phone is given a whole /64, so one
//! client could otherwise take a fresh address for every request.
use std::{
    collections::HashMap,
    net::IpAddr,
    sync::Mutex,
    time::{Duration, Instant},
};

use crate::network::Network;

/// The kinds of public write, each with a bucket of its own per address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WriteKind {
    Contact,
    Subscription,
    FamilyRegistration,
    Booking,
    MatrimonyAccount,
    Profile,
}

/// A bucket holds at most `burst` writes and gains one back every `every`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bucket {
    pub burst: u32,
    pub every: Duration,
}

const fn minutes(n: u64) -> Duration {
    Duration::from_secs(n * 60)
}

impl WriteKind {
    pub const ALL: [WriteKind; 6] = [
        WriteKind::Contact,
        WriteKind::Subscription,
        WriteKind::FamilyRegistration,
        WriteKind::Booking,
        WriteKind::MatrimonyAccount,
        WriteKind::Profile,
    ];

    /// The limits, stated once; the README's table and the OpenAPI document's 429 descriptions
    /// are written from them.
    pub const fn bucket(self) -> Bucket {
        match self {
            WriteKind::Contact => Bucket { burst: 5, every: minutes(2) },
            WriteKind::Subscription => Bucket { burst: 5, every: minutes(10) },
            // A volunteer may register several families in a row from one office.
            WriteKind::FamilyRegistration => Bucket { burst: 10, every: minutes(1) },
            // Shared by the four booking kinds: a family books a room and three pujas at once.
            WriteKind::Booking => Bucket { burst: 8, every: minutes(1) },
            // Each account costs a password hash (auth::password).
            WriteKind::MatrimonyAccount => Bucket { burst: 3, every: minutes(10) },
            WriteKind::Profile => Bucket { burst: 3, every: minutes(10) },
        }
    }

    /// Its row's name in the README's table of limits.
    pub const fn describe(self) -> &'static str {
        match self {
            WriteKind::Contact => "contact messages",
            WriteKind::Subscription => "event-update subscriptions",
            WriteKind::FamilyRegistration => "family registrations",
            WriteKind::Booking => "bookings (the four kinds together)",
            WriteKind::MatrimonyAccount => "matrimonial accounts",
            WriteKind::Profile => "matrimonial profiles",
        }
    }
}

/// Upload bytes one address may send through the public profile form in a day, by default
/// (`SAMITI_DAILY_UPLOAD_MB`): a few profiles' photos and biodata.
pub const DAILY_UPLOAD_BYTES: u64 = 64 * 1024 * 1024;
const DAY: Duration = Duration::from_secs(24 * 60 * 60);
/// Past this many tracked addresses, those back at a full bucket are forgotten.
const MAX_KEYS: usize = 50_000;

pub const WRITES_MESSAGE: &str = "Too many submissions from your connection. Please try again later.";
pub const UPLOADS_MESSAGE: &str = "Too many uploads from your connection today. Please try again tomorrow.";

#[derive(Clone, Copy)]
struct Level {
    /// Writes still allowed at `at`.
    tokens: f64,
    at: Instant,
}

#[derive(Clone, Copy)]
struct Uploaded {
    bytes: u64,
    since: Instant,
}

pub struct RateLimiter {
    enabled: bool,
    exempt: Vec<Network>,
    daily_upload_bytes: u64,
    buckets: Mutex<HashMap<(IpAddr, WriteKind), Level>>,
    uploads: Mutex<HashMap<IpAddr, Uploaded>>,
}

impl RateLimiter {
    /// `enabled` false (`SAMITI_RATE_LIMITS=off`) lets everything through; addresses in
    /// `exempt` are never limited.
    pub fn new(enabled: bool, exempt: Vec<Network>, daily_upload_bytes: u64) -> Self {
        Self { enabled, exempt, daily_upload_bytes, buckets: Mutex::default(), uploads: Mutex::default() }
    }

    fn applies_to(&self, address: IpAddr) -> bool {
        self.enabled && !self.exempt.iter().any(|net| net.contains(address))
    }

    /// Takes one write of `kind` from `address`'s bucket, or says how long until one is back.
    pub fn take(&self, address: IpAddr, kind: WriteKind) -> Result<(), Duration> {
        self.take_at(address, kind, Instant::now())
    }

    fn take_at(&self, address: IpAddr, kind: WriteKind, now: Instant) -> Result<(), Duration> {
        if !self.applies_to(address) {
            return Ok(());
        }
        let Bucket { burst, every } = kind.bucket();
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() >= MAX_KEYS {
            buckets.retain(|(_, kind), level| refilled(*level, kind.bucket(), now) < f64::from(kind.bucket().burst));
        }
        let level = buckets.entry((client_key(address), kind)).or_insert(Level { tokens: f64::from(burst), at: now });
        let tokens = refilled(*level, kind.bucket(), now);
        if tokens >= 1.0 {
            *level = Level { tokens: tokens - 1.0, at: now };
            Ok(())
        } else {
            *level = Level { tokens, at: now };
            Err(every.mul_f64(1.0 - tokens).max(Duration::from_secs(1)))
        }
    }

    /// Counts `bytes` of upload against `address`'s daily allowance, or refuses them (nothing
    /// counted) with the time until the allowance starts again.
    pub fn take_upload(&self, address: IpAddr, bytes: u64) -> Result<(), Duration> {
        self.take_upload_at(address, bytes, Instant::now())
    }

    fn take_upload_at(&self, address: IpAddr, bytes: u64, now: Instant) -> Result<(), Duration> {
        if !self.applies_to(address) {
            return Ok(());
        }
        let mut uploads = self.uploads.lock().unwrap_or_else(|e| e.into_inner());
        if uploads.len() >= MAX_KEYS {
            uploads.retain(|_, u| now.duration_since(u.since) < DAY);
        }
        let used = uploads.entry(client_key(address)).or_insert(Uploaded { bytes: 0, since: now });
        if now.duration_since(used.since) >= DAY {
            *used = Uploaded { bytes: 0, since: now };
        }
        if used.bytes.saturating_add(bytes) > self.daily_upload_bytes {
            return Err(DAY.saturating_sub(now.duration_since(used.since)).max(Duration::from_secs(1)));
        }
        used.bytes += bytes;
        Ok(())
    }
}

fn refilled(level: Level, bucket: Bucket, now: Instant) -> f64 {
    let gained = now.duration_since(level.at).as_secs_f64() / bucket.every.as_secs_f64();
    (level.tokens + gained).min(f64::from(bucket.burst))
}

/// The key an address is counted under: itself, or its /64 network for IPv6.
fn client_key(address: IpAddr) -> IpAddr {
    match address.to_canonical() {
        IpAddr::V6(v6) => IpAddr::V6((u128::from(v6) & (u128::MAX << 64)).into()),
        v4 => v4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn a_burst_is_allowed_then_refused_until_a_write_is_back() {
        let limiter = RateLimiter::new(true, vec![], DAILY_UPLOAD_BYTES);
        let start = Instant::now();
        let Bucket { burst, every } = WriteKind::Contact.bucket();
        for _ in 0..burst {
            assert_eq!(limiter.take_at(ip("203.0.113.5"), WriteKind::Contact, start), Ok(()));
        }
        let wait = limiter.take_at(ip("203.0.113.5"), WriteKind::Contact, start).unwrap_err();
        assert!(wait > every - Duration::from_secs(1) && wait <= every, "{wait:?}");
        // Another address, and another kind of write from the same one, are unaffected.
        assert_eq!(limiter.take_at(ip("203.0.113.6"), WriteKind::Contact, start), Ok(()));
        assert_eq!(limiter.take_at(ip("203.0.113.5"), WriteKind::Booking, start), Ok(()));
        assert_eq!(limiter.take_at(ip("203.0.113.5"), WriteKind::Contact, start + every), Ok(()));
        assert!(limiter.take_at(ip("203.0.113.5"), WriteKind::Contact, start + every).is_err());
    }

    /// The README's table of limits says what the buckets are.
    #[test]
    fn the_readme_states_each_limit() {
        let readme = include_str!("../../README.md");
        for kind in WriteKind::ALL {
            let Bucket { burst, every } = kind.bucket();
            let every = match every.as_secs() / 60 {
                1 => "minute".to_owned(),
                n => format!("{n} minutes"),
            };
            let row = format!("| {} | {burst} | {every} |", kind.describe());
            assert!(readme.contains(&row), "README lacks the row {row}");
        }
    }

    #[test]
    fn a_family_books_four_services_in_a_row() {
        let limiter = RateLimiter::new(true, vec![], DAILY_UPLOAD_BYTES);
        let now = Instant::now();
        for _ in 0..4 {
            assert_eq!(limiter.take_at(ip("198.51.100.1"), WriteKind::Booking, now), Ok(()));
        }
    }

    #[test]
    fn ipv6_counts_by_its_64_network_and_exempt_or_disabled_is_never_limited() {
        let limiter = RateLimiter::new(true, vec!["10.0.0.0/8".parse().unwrap()], DAILY_UPLOAD_BYTES);
        let now = Instant::now();
        for n in 0..WriteKind::Profile.bucket().burst {
            assert_eq!(limiter.take_at(ip(&format!("2001:db8::{n}")), WriteKind::Profile, now), Ok(()));
        }
        assert!(limiter.take_at(ip("2001:db8::ffff"), WriteKind::Profile, now).is_err());
        assert_eq!(limiter.take_at(ip("2001:db8:0:1::1"), WriteKind::Profile, now), Ok(()));
        for _ in 0..100 {
            assert_eq!(limiter.take_at(ip("10.1.2.3"), WriteKind::Profile, now), Ok(()));
        }
        let off = RateLimiter::new(false, vec![], DAILY_UPLOAD_BYTES);
        for _ in 0..100 {
            assert_eq!(off.take_at(ip("203.0.113.9"), WriteKind::Profile, now), Ok(()));
        }
    }

    #[test]
    fn the_daily_upload_allowance_refuses_without_counting_and_starts_again_after_a_day() {
        let limiter = RateLimiter::new(true, vec![], DAILY_UPLOAD_BYTES);
        let start = Instant::now();
        let big = DAILY_UPLOAD_BYTES / 2;
        assert_eq!(limiter.take_upload_at(ip("203.0.113.7"), big, start), Ok(()));
        assert_eq!(limiter.take_upload_at(ip("203.0.113.7"), big, start), Ok(()));
        let wait = limiter.take_upload_at(ip("203.0.113.7"), 1, start + Duration::from_secs(3600)).unwrap_err();
        assert_eq!(wait, DAY - Duration::from_secs(3600));
        assert_eq!(limiter.take_upload_at(ip("203.0.113.8"), big, start), Ok(()));
        assert_eq!(limiter.take_upload_at(ip("203.0.113.7"), big, start + DAY), Ok(()));
    }
}
