//! Capacity: rooms per room type, bookings per puja per day, and closed (blocked) dates per
//! kind (nothing set means no limit); and the booking policy, what one booking may ask for
//! (`policy`, with defaults). [`reserve`] runs inside the booking's transaction while
//! [`lock`] is held, so the check and the insert stay one step under concurrent requests.
mod availability;
mod closed;
mod limits;
pub mod policy;
pub(crate) mod store;

pub use closed::BlockedDateInput;
pub use store::{DAY_CLOSED, DAY_FULL, MAX_LIMIT, ROOMS_FULL, lock, reserve};

use utoipa_axum::{router::OpenApiRouter, routes};

use crate::state::AppState;

pub fn router() -> OpenApiRouter<crate::state::AppState> {
    OpenApiRouter::<AppState>::new()
        .routes(routes!(availability::availability))
        .routes(routes!(policy::get_policy))
        .routes(routes!(limits::get_capacity, limits::put_capacity))
        .routes(routes!(closed::list_blocked, closed::add_blocked))
        .routes(routes!(closed::remove_blocked))
}
