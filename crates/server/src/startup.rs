//! `Application::build`: connect, migrate, choose adapters, and bind the HTTP server.

use std::net::{SocketAddr, TcpListener};
use std::sync::Arc;
use std::time::Duration;

use actix_session::SessionMiddleware;
use actix_session::config::PersistentSession;
use actix_web::cookie::{Key, SameSite};
use actix_web::dev::Server;
use actix_web::middleware::from_fn;
use actix_web::{App, HttpServer, web};
use anyhow::Context;
use ht_compliance::ComplianceService;
use ht_identity::{IdentityProvider, IdentityService, LoginStateRepository, SessionRepository};
use ht_kernel::SystemClock;
use ht_oidc::{OidcConfig, OidcProvider};
use ht_reports::{FileStore, ProcessingStore, ReportRepository, UploadService};
use ht_sql::{
    SqlAuditLog, SqlConsentRepository, SqlJobQueue, SqlLoginStateRepository, SqlProcessingStore, SqlReportRepository,
    SqlSessionRepository, SqlUserRepository,
};
use ht_storage::ObjectFileStore;
use tokio::sync::{Notify, watch};

use crate::gates::ComplianceGate;
use crate::security::{AllowedOrigin, origin_guard, response_headers};
use crate::session::{DbSessionStore, load_or_create_key};
use crate::settings::Settings;
use crate::worker::{self, WorkerConfig, WorkerPorts};
use crate::{error, routes, spa};

/// How long a session lives without use.
const SESSION_TTL_DAYS: i64 = 7;

/// Everything handlers need, chosen once at start-up.
pub struct AppState {
    /// Sign-in rules.
    pub identity: IdentityService,
    /// Pending OpenID Connect sign-ins.
    pub login_states: Arc<dyn LoginStateRepository>,
    /// The OpenID Connect provider; `None` means the development sign-in form is used.
    pub idp: Option<Arc<dyn IdentityProvider>>,
    /// Reports.
    pub reports: Arc<dyn ReportRepository>,
    /// Server-side sessions (to sign a user out everywhere).
    pub sessions: Arc<dyn SessionRepository>,
    /// Consent, erasure and audit.
    pub compliance: ComplianceService,
    /// Accepting uploads.
    pub uploads: Arc<UploadService>,
    /// Uploaded files.
    pub files: Arc<dyn FileStore>,
    /// Stored results (read after an ownership check).
    pub processing: Arc<dyn ProcessingStore>,
    /// Wakes an idle worker when a job is queued.
    pub wake_workers: Arc<Notify>,
}

/// A bound, not yet running server.
pub struct Application {
    address: SocketAddr,
    server: Server,
    /// Dropping it stops the workers.
    shutdown: watch::Sender<()>,
}

impl Application {
    /// Connects and migrates the database, wires the adapters and binds `settings.bind`
    /// (port 0 picks a free port, for tests).
    ///
    /// # Errors
    /// When the data directory, database, session key or listening socket cannot be set up.
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        std::fs::create_dir_all(&settings.data_dir)
            .with_context(|| format!("could not create the data directory {}", settings.data_dir.display()))?;
        let db = ht_sql::connect(&settings.database_url).await?;
        ht_sql::migrate(&db).await?;
        let key = load_or_create_key(settings.session_key.as_ref().map(|s| s.expose()), &settings.data_dir)?;
        let key = Key::try_from(key.as_slice()).context("the session key must be at least 64 bytes")?;

        let idp: Option<Arc<dyn IdentityProvider>> = match &settings.oidc {
            Some(oidc) => Some(Arc::new(
                OidcProvider::new(OidcConfig {
                    issuer: oidc.issuer.clone(),
                    client_id: oidc.client_id.clone(),
                    client_secret: oidc.client_secret.expose().to_string(),
                    redirect_url: settings.public_url.join("/api/callback").context("callback URL")?.to_string(),
                })
                .map_err(anyhow::Error::msg)?,
            )),
            None => None,
        };
        let sessions = SqlSessionRepository::new(db.clone());
        let login_states = SqlLoginStateRepository::new(db.clone());
        let compliance = ComplianceService::new(
            Arc::new(SqlConsentRepository::new(db.clone())),
            Arc::new(SqlAuditLog::new(db.clone())),
            Arc::new(SystemClock),
        );
        let reports: Arc<dyn ReportRepository> = Arc::new(SqlReportRepository::new(db.clone()));
        let processing = Arc::new(SqlProcessingStore::new(db.clone()));
        let files: Arc<dyn FileStore> = Arc::new(ObjectFileStore::local(&settings.upload_dir)?);
        let uploads = Arc::new(UploadService::new(
            reports.clone(),
            processing.clone(),
            files.clone(),
            Arc::new(ComplianceGate(compliance.clone())),
            Arc::new(SystemClock),
            ht_billing::FREE_UPLOAD_LIMIT,
        ));
        let wake_workers = Arc::new(Notify::new());
        let (shutdown, stop) = watch::channel(());
        worker::spawn(
            &WorkerConfig {
                workers: settings.workers,
                lease: settings.job_lease,
                poll: Duration::from_secs(1),
                read_timeout: settings.read_timeout,
            },
            &WorkerPorts {
                queue: Arc::new(SqlJobQueue::new(db.clone())),
                store: processing.clone(),
                files: files.clone(),
                wake: wake_workers.clone(),
                narrator: match &settings.llm {
                    Some(llm) => Some(Arc::new(ht_llm::OpenAiNarrator::new(llm).map_err(anyhow::Error::msg)?)),
                    None => None,
                },
            },
            &stop,
        );
        spawn_housekeeping(sessions.clone(), login_states.clone(), compliance.clone(), uploads.clone());

        let state = web::Data::new(AppState {
            identity: IdentityService::new(Arc::new(SqlUserRepository::new(db.clone()))),
            login_states: Arc::new(login_states),
            idp,
            reports,
            sessions: Arc::new(sessions.clone()),
            compliance,
            uploads,
            files,
            processing,
            wake_workers,
        });
        let store = DbSessionStore::new(Arc::new(sessions));
        let allowed = web::Data::new(AllowedOrigin(settings.public_origin()));
        let secure = settings.is_https();
        let static_dir = settings.static_dir.clone();
        if !static_dir.join("index.html").is_file() {
            tracing::warn!(dir = %static_dir.display(), "no built frontend found; run `npm run build` in frontend/");
        }
        match ht_ocr::worker::locate() {
            Some(path) if path.is_file() => tracing::info!(worker = %path.display(), "OCR worker for scans and photos"),
            _ => tracing::warn!(
                "no OCR worker ({} beside this program or in {}): scans and photos will fail to read; \
                 build it with `cargo build -p ht-ocr --bins`",
                ht_ocr::worker::WORKER_NAME,
                ht_ocr::worker::WORKER_ENV
            ),
        }
        let settings = web::Data::new(settings);

        let listener =
            TcpListener::bind(&settings.bind).with_context(|| format!("could not listen on {}", settings.bind))?;
        let address = listener.local_addr()?;
        let server = HttpServer::new(move || {
            let sessions = SessionMiddleware::builder(store.clone(), key.clone())
                .cookie_name("ht_session".into())
                .cookie_http_only(true)
                .cookie_secure(secure)
                .cookie_same_site(SameSite::Lax)
                .cookie_path("/".into())
                .cookie_domain(None)
                .session_lifecycle(
                    PersistentSession::default().session_ttl(actix_web::cookie::time::Duration::days(SESSION_TTL_DAYS)),
                )
                .build();
            let api_state = state.clone();
            App::new()
                .app_data(state.clone())
                .app_data(settings.clone())
                .app_data(allowed.clone())
                .app_data(web::FormConfig::default().limit(16 * 1024).error_handler(|e, _| error::body_error(e)))
                .app_data(web::JsonConfig::default().limit(64 * 1024).error_handler(|e, _| error::body_error(e)))
                .wrap(sessions)
                .wrap(from_fn(origin_guard))
                .wrap(from_fn(response_headers))
                .service(
                    web::scope("/api")
                        .configure(|cfg| routes::configure(cfg, &api_state))
                        .default_service(web::to(error::api_not_found)),
                )
                .configure(|cfg| spa::configure(cfg, &static_dir))
        })
        .listen(listener)?
        .shutdown_timeout(10)
        .run();
        Ok(Self { address, server, shutdown })
    }

    /// The bound address.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// Serves until stopped.
    ///
    /// # Errors
    /// When the server fails.
    pub async fn run(self) -> std::io::Result<()> {
        let result = self.server.await;
        drop(self.shutdown);
        result
    }
}

/// Every hour (and once at start): erases health data whose erasure is due, deletes stored files
/// no report names (after an erasure, a crash or a failed delete), expired sessions and abandoned
/// sign-ins.
fn spawn_housekeeping(
    sessions: SqlSessionRepository,
    logins: SqlLoginStateRepository,
    compliance: ComplianceService,
    uploads: Arc<UploadService>,
) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(3600));
        loop {
            tick.tick().await;
            match compliance.run_due_erasures().await {
                Ok(0) => {}
                Ok(n) => tracing::info!(users = n, "erased health data after consent withdrawal"),
                Err(e) => tracing::error!(error = %e, "erasure run failed; it resumes at the next tick"),
            }
            match uploads.sweep_orphans().await {
                Ok(0) => {}
                Ok(n) => tracing::info!(files = n, "removed stored files that no report names"),
                Err(e) => tracing::warn!(error = %e, "orphan sweep failed; it resumes at the next tick"),
            }
            let now = chrono::Utc::now();
            if let Err(e) = sessions.purge_expired(now).await {
                tracing::warn!(error = %e, "could not purge expired sessions");
            }
            if let Err(e) = logins.purge_older_than(now - chrono::Duration::hours(1)).await {
                tracing::warn!(error = %e, "could not purge abandoned sign-ins");
            }
        }
    });
}
