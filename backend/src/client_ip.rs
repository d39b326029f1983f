//! The address a request comes from, for throttling. Behind a reverse proxy every request
//! arrives from the proxy, so the client's own address is read from `X-Forwarded-For`, but
//! only when the request comes from a proxy listed in `SAMITI_TRUSTED_PROXIES` (anyone else
//! could write any address there).
use std::net::{IpAddr, SocketAddr};

use axum::{
    extract::{ConnectInfo, FromRequestParts},
    http::request::Parts,
};

use crate::{error::Error, network::client_ip, state::AppState};

/// Extractor for the client's address (see [`client_ip`]).
pub struct ClientIp(pub IpAddr);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = Error;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Error> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(addr)| addr.ip())
            .ok_or_else(|| Error::Internal(anyhow::anyhow!("connection address missing")))?;
        // Several X-Forwarded-For headers count as one list, in order.
        let forwarded: Vec<&str> = parts
            .headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|value| value.to_str().ok())
            .collect();
        let forwarded = (!forwarded.is_empty()).then(|| forwarded.join(","));
        Ok(ClientIp(client_ip(peer, forwarded.as_deref(), &state.config.trusted_proxies)))
    }
}
