//! Connecting and migrating.

use std::time::Duration;

use anyhow::Context;
use ht_migrations::{Migrator, MigratorTrait};
use sea_orm::{ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DbBackend};

/// Which database a URL points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// `postgres://` or `postgresql://`.
    Postgres,
    /// `sqlite:`.
    Sqlite,
}

impl Backend {
    /// The backend for a `DATABASE_URL`, or `None` for an unsupported scheme.
    pub fn of_url(url: &str) -> Option<Self> {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Some(Backend::Postgres)
        } else if url.starts_with("sqlite:") {
            Some(Backend::Sqlite)
        } else {
            None
        }
    }
}

/// Opens a pool. SQLite files are created if missing and run in WAL mode (sqlx enables foreign keys
/// and a 5 s busy timeout on every connection).
///
/// # Errors
/// When the URL is unsupported or the database cannot be reached.
pub async fn connect(url: &str) -> anyhow::Result<DatabaseConnection> {
    let backend = Backend::of_url(url).context("DATABASE_URL must start with postgres:// or sqlite:")?;
    let url = match backend {
        Backend::Sqlite if !url.contains("mode=") => {
            format!("{url}{}mode=rwc", if url.contains('?') { '&' } else { '?' })
        }
        _ => url.to_string(),
    };
    let mut opts = ConnectOptions::new(url);
    opts.connect_timeout(Duration::from_secs(5)).acquire_timeout(Duration::from_secs(5)).sqlx_logging(false);
    if backend == Backend::Sqlite {
        // One writer at a time in SQLite; a small pool avoids lock churn.
        opts.max_connections(8).min_connections(1);
    } else {
        opts.max_connections(32);
    }
    let db = Database::connect(opts).await.context("could not connect to the database")?;
    if db.get_database_backend() == DbBackend::Sqlite {
        // WAL is a property of the file, so one statement on one connection sets it for all.
        // Foreign keys and the busy timeout are per connection: sqlx turns both on for each.
        db.execute_unprepared("PRAGMA journal_mode=WAL;").await.context("could not configure SQLite")?;
    }
    Ok(db)
}

/// Applies every pending migration; running it again is a no-op.
///
/// # Errors
/// When a migration fails.
pub async fn migrate(db: &DatabaseConnection) -> anyhow::Result<()> {
    Migrator::up(db, None).await.context("database migration failed")
}
