//! Shared vocabulary of the domain crates: identifiers, regions, money and time.
//!
//! Nothing here performs I/O; every other domain crate may depend on this one.

mod clock;
mod ids;
mod money;
mod region;

pub use clock::{Clock, FixedClock, SystemClock};
pub use ids::{IdError, ReportId, UserId};
pub use money::{Currency, Money};
pub use region::Region;
