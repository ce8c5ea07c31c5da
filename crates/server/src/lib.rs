//! Health Tracker Pro's server: the only place where adapters are chosen and wired to the domain.

pub mod analyze;
pub mod error;
pub mod gates;
pub mod routes;
pub mod security;
pub mod session;
pub mod settings;
pub mod spa;
pub mod startup;
pub mod worker;

pub use settings::Settings;
pub use startup::Application;
