//! Client addresses behind reverse proxies: trusted proxy networks and the rule that reads the
//! client's own address from `X-Forwarded-For` only when a trusted proxy sent the request.
use std::net::IpAddr;

/// An address or a network (`10.0.0.0/8`, `::1`) of trusted proxies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Network {
    address: IpAddr,
    prefix: u8,
}

impl std::str::FromStr for Network {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (address, prefix) = match text.trim().split_once('/') {
            Some((address, prefix)) => (address, Some(prefix)),
            None => (text.trim(), None),
        };
        let address: IpAddr = address.parse().map_err(|_| format!("{text} is not an address"))?;
        let max = if address.is_ipv4() { 32 } else { 128 };
        let prefix = match prefix {
            Some(p) => p.parse().ok().filter(|p| *p <= max).ok_or_else(|| format!("{text}: bad prefix length"))?,
            None => max,
        };
        Ok(Network { address, prefix })
    }
}

impl Network {
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        match (self.address.to_canonical(), ip) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = u32::MAX.checked_shl(32 - u32::from(self.prefix)).unwrap_or(0);
                u32::from(net) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = u128::MAX.checked_shl(128 - u32::from(self.prefix)).unwrap_or(0);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

/// The client's address: the peer's, or, when the peer is a trusted proxy, the nearest
/// address in `X-Forwarded-For` that is not itself a trusted proxy.
pub fn client_ip(peer: IpAddr, forwarded_for: Option<&str>, trusted: &[Network]) -> IpAddr {
    let is_trusted = |ip: IpAddr| trusted.iter().any(|net| net.contains(ip));
    if !is_trusted(peer) {
        return peer;
    }
    let Some(header) = forwarded_for else { return peer };
    let mut nearest = peer;
    for hop in header.rsplit(',') {
        let Ok(ip) = hop.trim().parse::<IpAddr>() else { break };
        nearest = ip;
        if !is_trusted(ip) {
            break;
        }
    }
    nearest
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn forwarded_addresses_count_only_from_a_trusted_proxy() {
        let trusted: Vec<Network> = vec!["10.0.0.0/8".parse().unwrap(), "::1".parse().unwrap()];
        // A stranger's header is ignored.
        assert_eq!(client_ip(ip("203.0.113.9"), Some("1.2.3.4"), &trusted), ip("203.0.113.9"));
        // Through the proxy: the address the proxy saw, not what the client wrote before it.
        assert_eq!(client_ip(ip("10.1.2.3"), Some("6.6.6.6, 198.51.100.7"), &trusted), ip("198.51.100.7"));
        // Through two trusted proxies.
        assert_eq!(client_ip(ip("::1"), Some("198.51.100.7, 10.9.9.9"), &trusted), ip("198.51.100.7"));
        // From the proxy without a header: the proxy itself.
        assert_eq!(client_ip(ip("10.1.2.3"), None, &trusted), ip("10.1.2.3"));
        // An IPv4 client seen through an IPv6 socket still matches.
        let mapped: Vec<Network> = vec!["127.0.0.1".parse().unwrap()];
        assert_eq!(client_ip(ip("::ffff:127.0.0.1"), Some("192.0.2.1"), &mapped), ip("192.0.2.1"));
    }

    #[test]
    fn networks_parse_and_refuse_nonsense() {
        assert!("10.0.0.0/33".parse::<Network>().is_err());
        assert!("proxy.local".parse::<Network>().is_err());
        assert!("2001:db8::/32".parse::<Network>().unwrap().contains(ip("2001:db8::1")));
        assert!(!"192.168.0.0/16".parse::<Network>().unwrap().contains(ip("192.169.0.1")));
    }
}
