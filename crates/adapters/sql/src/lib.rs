//! The storage adapter: sea-orm over PostgreSQL (production) or SQLite (embedded default).
//!
//! Each repository implements one domain port. Entities are private to this crate.

mod compliance;
mod db;
mod entities;
mod login_states;
mod processing;
mod reports;
mod sessions;
#[cfg(feature = "test-support")]
pub mod testing;
mod users;

pub use compliance::{SqlAuditLog, SqlConsentRepository};
pub use db::{Backend, connect, migrate};
pub use login_states::SqlLoginStateRepository;
pub use processing::{SqlJobQueue, SqlProcessingStore};
pub use reports::SqlReportRepository;
pub use sea_orm::DatabaseConnection;
pub use sessions::SqlSessionRepository;
pub use users::SqlUserRepository;

/// Wraps a database error as the domain's storage error, keeping the cause for the logs.
fn store_err<E: std::fmt::Display>(e: E) -> String {
    tracing::error!(error = %e, "database operation failed");
    e.to_string()
}
