//! Throw-away databases for tests: a fresh SQLite file or a fresh PostgreSQL database each time.
//!
//! PostgreSQL is found at `HT_TEST_POSTGRES_URL`, else `DATABASE_URL` when it is a postgres URL,
//! else `postgres://postgres@127.0.0.1:5432/postgres`. When it is unreachable the PostgreSQL half
//! of a test is skipped with a message, except under `CI=true` where that is a failure.

use std::path::PathBuf;

use sea_orm::{ConnectionTrait, DatabaseConnection};

use crate::{Backend, connect, migrate};

/// A migrated database that is removed by [`TestDatabase::drop_database`].
pub struct TestDatabase {
    /// The pool.
    pub db: DatabaseConnection,
    /// Its URL, for spawning a server process on the same database.
    pub url: String,
    backend: Backend,
    cleanup: Cleanup,
}

enum Cleanup {
    File(PathBuf),
    Postgres { admin_url: String, name: String },
}

fn admin_url() -> String {
    std::env::var("HT_TEST_POSTGRES_URL")
        .ok()
        .or_else(|| std::env::var("DATABASE_URL").ok().filter(|u| Backend::of_url(u) == Some(Backend::Postgres)))
        .unwrap_or_else(|| "postgres://postgres@127.0.0.1:5432/postgres".into())
}

fn with_database(url: &str, name: &str) -> String {
    let (base, query) = url.split_once('?').map_or((url, None), |(b, q)| (b, Some(q)));
    let base = base.rsplit_once('/').map_or(base, |(b, _)| b);
    match query {
        Some(q) => format!("{base}/{name}?{q}"),
        None => format!("{base}/{name}"),
    }
}

impl TestDatabase {
    /// A fresh, migrated database of the given backend; `None` when PostgreSQL is not reachable
    /// outside CI.
    ///
    /// # Panics
    /// When the database cannot be created (or PostgreSQL is unreachable under `CI=true`).
    pub async fn new(backend: Backend) -> Option<Self> {
        let name = format!("ht_test_{}", uuid::Uuid::new_v4().simple());
        let (url, cleanup) = match backend {
            Backend::Sqlite => {
                let path = std::env::temp_dir().join(format!("{name}.sqlite"));
                (format!("sqlite://{}", path.display()), Cleanup::File(path))
            }
            Backend::Postgres => {
                let admin = admin_url();
                let admin_db = match connect(&admin).await {
                    Ok(db) => db,
                    Err(e) if std::env::var("CI").as_deref() != Ok("true") => {
                        eprintln!("skipping the PostgreSQL half of this test: {e:#}");
                        return None;
                    }
                    Err(e) => panic!("PostgreSQL at {admin} is required under CI: {e:#}"),
                };
                admin_db
                    .execute_unprepared(&format!("CREATE DATABASE {name}"))
                    .await
                    .unwrap_or_else(|e| panic!("create test database: {e}"));
                admin_db.close().await.ok();
                (with_database(&admin, &name), Cleanup::Postgres { admin_url: admin, name })
            }
        };
        let db = connect(&url).await.unwrap_or_else(|e| panic!("connect test database: {e:#}"));
        migrate(&db).await.unwrap_or_else(|e| panic!("migrate test database: {e:#}"));
        Some(Self { db, url, backend, cleanup })
    }

    /// Which backend this is.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Closes the pool and removes the database.
    pub async fn drop_database(self) {
        self.db.close().await.ok();
        match self.cleanup {
            Cleanup::File(path) => {
                for suffix in ["", "-wal", "-shm"] {
                    let mut p = path.clone().into_os_string();
                    p.push(suffix);
                    std::fs::remove_file(p).ok();
                }
            }
            Cleanup::Postgres { admin_url, name } => {
                if let Ok(admin) = connect(&admin_url).await {
                    admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).await.ok();
                    admin.close().await.ok();
                }
            }
        }
    }
}

/// Runs `body` once on a fresh SQLite database and once on a fresh PostgreSQL database, dropping
/// each afterwards, even when the body panics (the panic is then re-raised).
///
/// ```text
/// on_each_backend(|db| async move { /* assertions */ }).await;
/// ```
pub async fn on_each_backend<F, Fut>(body: F)
where
    F: Fn(DatabaseConnection, String) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    for backend in [Backend::Sqlite, Backend::Postgres] {
        let Some(test_db) = TestDatabase::new(backend).await else { continue };
        let outcome = tokio_catch(body(test_db.db.clone(), test_db.url.clone())).await;
        test_db.drop_database().await;
        if let Err(panic) = outcome {
            eprintln!("failed on {backend:?}");
            std::panic::resume_unwind(panic);
        }
    }
}

async fn tokio_catch<Fut: std::future::Future<Output = ()>>(fut: Fut) -> std::thread::Result<()> {
    use std::panic::AssertUnwindSafe;
    use std::pin::pin;
    use std::task::Poll;
    let mut fut = pin!(fut);
    std::future::poll_fn(move |cx| match std::panic::catch_unwind(AssertUnwindSafe(|| fut.as_mut().poll(cx))) {
        Ok(Poll::Ready(())) => Poll::Ready(Ok(())),
        Ok(Poll::Pending) => Poll::Pending,
        Err(panic) => Poll::Ready(Err(panic)),
    })
    .await
}

/// A result row to seed with [`seed_result`].
pub struct SeedResult<'a> {
    /// Test name.
    pub test_name: &'a str,
    /// Value as printed.
    pub value_text: &'a str,
    /// Parsed value.
    pub value: Option<f64>,
    /// Unit.
    pub unit: Option<&'a str>,
    /// `high`, `low`, `positive` or none.
    pub flag: Option<&'a str>,
}

fn seed_err(e: sea_orm::DbErr) -> ! {
    panic!("seeding the test database failed: {e}")
}

/// Inserts a report row directly (a failed one gets a reason); returns its id.
///
/// # Panics
/// When the insert fails.
pub async fn seed_report(
    db: &DatabaseConnection,
    user: &ht_kernel::UserId,
    file_name: &str,
    uploaded_at: chrono::DateTime<chrono::Utc>,
    status: &str,
) -> String {
    let id = ht_kernel::ReportId::random().to_string();
    let reason = (status == "failed").then(|| "This file could not be read: encrypted PDF".to_string());
    db.execute_raw(sea_orm::Statement::from_sql_and_values(
        db.get_database_backend(),
        "INSERT INTO reports (id, user_id, file_name, uploaded_at, status, extracted_text) VALUES ($1, $2, $3, $4, $5, $6)",
        [id.clone().into(), user.as_str().into(), file_name.into(), uploaded_at.into(), status.into(), reason.into()],
    ))
    .await
    .unwrap_or_else(|e| seed_err(e));
    id
}

/// Inserts a lab result of `report`.
///
/// # Panics
/// When the insert fails.
pub async fn seed_result(db: &DatabaseConnection, report: &str, r: SeedResult<'_>) {
    db.execute_raw(sea_orm::Statement::from_sql_and_values(
        db.get_database_backend(),
        "INSERT INTO lab_results (id, report_id, test_name, value_text, value, unit, flag) VALUES ($1, $2, $3, $4, $5, $6, $7)",
        [
            uuid::Uuid::new_v4().to_string().into(),
            report.into(),
            r.test_name.into(),
            r.value_text.into(),
            r.value.into(),
            r.unit.map(str::to_string).into(),
            r.flag.map(str::to_string).into(),
        ],
    ))
    .await
    .unwrap_or_else(|e| seed_err(e));
}

/// The single integer a `SELECT COUNT(*) …` answers.
///
/// # Panics
/// When the query fails.
pub async fn count(db: &DatabaseConnection, sql: &str) -> i64 {
    let row = db
        .query_one_raw(sea_orm::Statement::from_string(db.get_database_backend(), sql))
        .await
        .unwrap_or_else(|e| seed_err(e))
        .unwrap_or_else(|| panic!("no row for {sql}"));
    row.try_get_by_index::<i64>(0).unwrap_or_else(|e| seed_err(e))
}
