//! Live updates: a broadcast hub and the `/ws` WebSocket that forwards its events (docs/DESIGN.md §6).
//!
//! On PostgreSQL, events also travel through `LISTEN/NOTIFY`, so that clients of every server
//! instance on the same database receive them.
mod event;
mod hub;
mod pg_bridge;
mod socket;

pub use event::Event;
pub use hub::Hub;
pub use socket::router;
