//! The database schema as ordered migrations. `healthtracker migrate` and `serve` apply them.

pub use sea_orm_migration::prelude::*;

mod m20261122_000001_identity;
mod m20261122_000002_reports;
mod m20261122_000003_compliance;
mod m20261122_000004_processing;

/// Every migration, oldest first.
pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261122_000001_identity::Migration),
            Box::new(m20261122_000002_reports::Migration),
            Box::new(m20261122_000003_compliance::Migration),
            Box::new(m20261122_000004_processing::Migration),
        ]
    }
}
