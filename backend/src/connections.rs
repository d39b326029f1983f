//! What a connection holds while it is open, so that no client can exhaust the server: one of
//! the server's places (`SAMITI_MAX_CONNECTIONS`) and one of its address's places
//! (`SAMITI_MAX_CONNECTIONS_PER_CLIENT`). A WebSocket keeps both after its upgrade. Also the
//! process's open-file limit, which the number of places must stay under (docs/DESIGN.md §5).
use std::{
    collections::HashMap,
    net::IpAddr,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use tokio::sync::OwnedSemaphorePermit;

use crate::network::Network;

/// Open files kept free for the database, uploads, fonts and logs beside the connections.
const RESERVED_FILES: u64 = 128;

/// The connections each client address holds, refused past a maximum. Keyed by the TCP peer:
/// behind a reverse proxy every connection comes from the proxy, whose address is then meant to
/// be exempt (`SAMITI_RATE_LIMIT_EXEMPT`) or given a higher limit.
pub struct PerClient {
    max: usize,
    exempt: Vec<Network>,
    open: Mutex<HashMap<IpAddr, usize>>,
}

impl PerClient {
    pub fn new(max: usize, exempt: Vec<Network>) -> Arc<Self> {
        Arc::new(PerClient { max, exempt, open: Mutex::new(HashMap::new()) })
    }

    /// A place for one more connection from `ip`, or `None` when it holds its maximum.
    pub fn take(self: &Arc<Self>, ip: IpAddr) -> Option<ClientPlace> {
        let ip = ip.to_canonical();
        if self.exempt.iter().any(|net| net.contains(ip)) {
            return Some(ClientPlace(None));
        }
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let count = open.entry(ip).or_insert(0);
        if *count >= self.max {
            return None;
        }
        *count += 1;
        Some(ClientPlace(Some((ip, self.clone()))))
    }

    /// Connections open from `ip` now.
    pub fn open_from(&self, ip: IpAddr) -> usize {
        self.open.lock().unwrap_or_else(|e| e.into_inner()).get(&ip.to_canonical()).copied().unwrap_or(0)
    }
}

/// One connection's place in its address's count; given back when dropped.
pub struct ClientPlace(Option<(IpAddr, Arc<PerClient>)>);

impl Drop for ClientPlace {
    fn drop(&mut self) {
        let Some((ip, clients)) = self.0.take() else { return };
        let mut open = clients.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = open.get_mut(&ip) {
            *count -= 1;
            if *count == 0 {
                open.remove(&ip);
            }
        }
    }
}

/// A connection's places, server-wide and per address. The connection's task holds it and each
/// request carries a copy in its extensions, so that a WebSocket keeps it after the upgrade.
#[derive(Clone)]
pub struct ConnectionSlot(#[allow(dead_code)] Arc<(OwnedSemaphorePermit, ClientPlace)>);

impl ConnectionSlot {
    pub fn new(server: OwnedSemaphorePermit, client: ClientPlace) -> Self {
        ConnectionSlot(Arc::new((server, client)))
    }
}

/// Raises the soft open-file limit to the hard one where allowed; returns the soft limit then
/// in force, if it can be read.
pub fn raise_open_file_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: getrlimit and setrlimit only read and write the struct passed.
        unsafe {
            if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
                return None;
            }
            if limit.rlim_cur < limit.rlim_max {
                let raised = libc::rlimit { rlim_cur: limit.rlim_max, rlim_max: limit.rlim_max };
                if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                    limit = raised;
                }
            }
        }
        Some(limit.rlim_cur as u64)
    }
    #[cfg(not(unix))]
    None
}

/// The connections that fit under an open-file limit of `files`, keeping room for other files.
pub fn connections_within(files: u64) -> usize {
    let reserve = RESERVED_FILES.min(files / 2);
    usize::try_from(files - reserve).unwrap_or(usize::MAX)
}

/// A warning logged at most once per second, with how many were left out in between (one line,
/// not a storm, when accepting fails or the limits are reached over and over).
#[derive(Default)]
pub struct Throttled {
    last: Option<Instant>,
    left_out: u64,
}

impl Throttled {
    pub fn warn(&mut self, message: &str, detail: &dyn std::fmt::Display) {
        let now = Instant::now();
        if self.last.is_some_and(|last| now.duration_since(last) < Duration::from_secs(1)) {
            self.left_out += 1;
            return;
        }
        tracing::warn!(%detail, left_out = self.left_out, "{message}");
        self.last = Some(now);
        self.left_out = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_holds_at_most_its_places_and_gets_them_back() {
        let clients = PerClient::new(2, vec!["10.0.0.0/8".parse().unwrap()]);
        let ip: IpAddr = "192.0.2.1".parse().unwrap();
        let first = clients.take(ip).unwrap();
        let _second = clients.take(ip).unwrap();
        assert!(clients.take(ip).is_none());
        // The same address seen through an IPv6 socket counts the same.
        assert!(clients.take("::ffff:192.0.2.1".parse().unwrap()).is_none());
        assert!(clients.take("192.0.2.2".parse().unwrap()).is_some());
        drop(first);
        assert_eq!(clients.open_from(ip), 1);
        assert!(clients.take(ip).is_some());
        // An exempt address is never counted.
        let proxy: IpAddr = "10.1.1.1".parse().unwrap();
        let held: Vec<_> = (0..5).map(|_| clients.take(proxy).unwrap()).collect();
        assert_eq!((held.len(), clients.open_from(proxy)), (5, 0));
    }

    #[test]
    fn connections_leave_room_for_other_files() {
        assert_eq!(connections_within(1200), 1072);
        assert_eq!(connections_within(100), 50);
    }
}
