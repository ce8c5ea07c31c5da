//! The processing workers: a bounded pool that claims jobs from the durable queue, reads the
//! report (one OCR engine per worker, reused), interprets it and stores the outcome.
//!
//! A claim is a lease that the worker renews while it runs; if the process dies, the lease runs
//! out and another worker (after a restart, or on another instance) takes the job again.
//! Unreadable files fail the report at once with a reason; storage errors are retried with
//! exponential backoff, and after [`MAX_ATTEMPTS`] the report fails too.

use std::sync::Arc;
use std::time::Duration;

use chrono::Utc;
use ht_kernel::ReportId;
use ht_recommendations::Profile;
use ht_recommendations::narration::{Narrator, Person, narrate_journeys};
use ht_reports::{ExtractError, FileStore, Job, JobKind, JobQueue, ProcessingStore, ReportSource};
use tokio::sync::{Notify, watch};

use crate::analyze::Reader;

/// Claims of one job before its report is marked failed.
pub const MAX_ATTEMPTS: u32 = 5;

/// How the pool runs.
#[derive(Debug, Clone)]
pub struct WorkerConfig {
    /// Number of workers (each may run one OCR engine).
    pub workers: usize,
    /// How long a claim lasts without renewal.
    pub lease: Duration,
    /// How often an idle worker looks for jobs queued by other instances.
    pub poll: Duration,
    /// Longest time spent reading one file.
    pub read_timeout: Duration,
}

/// What the workers use.
#[derive(Clone)]
pub struct WorkerPorts {
    /// The job queue.
    pub queue: Arc<dyn JobQueue>,
    /// Reports as workers see them.
    pub store: Arc<dyn ProcessingStore>,
    /// Uploaded files.
    pub files: Arc<dyn FileStore>,
    /// Woken when a job is queued here.
    pub wake: Arc<Notify>,
    /// Rewrites Pro journey texts, when configured.
    pub narrator: Option<Arc<dyn Narrator>>,
}

/// Starts the pool. The workers stop when `shutdown`'s sender is dropped.
pub fn spawn(config: &WorkerConfig, ports: &WorkerPorts, shutdown: &watch::Receiver<()>) {
    for n in 0..config.workers.max(1) {
        let (config, ports, shutdown) = (config.clone(), ports.clone(), shutdown.clone());
        tokio::spawn(async move { run(n, config, ports, shutdown).await });
    }
}

async fn run(n: usize, config: WorkerConfig, ports: WorkerPorts, mut shutdown: watch::Receiver<()>) {
    let mut reader = Some(Reader::new());
    loop {
        if shutdown.has_changed().is_err() {
            break;
        }
        let now = Utc::now();
        let lease = chrono::Duration::from_std(config.lease).unwrap_or(chrono::Duration::seconds(60));
        match ports.queue.claim(now, now + lease).await {
            Ok(Some(job)) => {
                tracing::debug!(worker = n, job = %job.id, "claimed");
                let heartbeat = renew_lease(&ports, &job, config.lease);
                let outcome = process(&config, &ports, &job, &mut reader).await;
                heartbeat.abort();
                settle(&ports, &job, outcome).await;
            }
            Ok(None) => {
                tokio::select! {
                    () = ports.wake.notified() => {}
                    () = tokio::time::sleep(config.poll) => {}
                    _ = shutdown.changed() => break,
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, "could not claim a job");
                tokio::time::sleep(config.poll).await;
            }
        }
    }
}

/// Renews the claim at a third of the lease while the job runs.
fn renew_lease(ports: &WorkerPorts, job: &Job, lease: Duration) -> tokio::task::JoinHandle<()> {
    let (queue, id) = (ports.queue.clone(), job.id.clone());
    tokio::spawn(async move {
        let every = lease / 3;
        loop {
            tokio::time::sleep(every).await;
            let until = Utc::now() + chrono::Duration::from_std(lease).unwrap_or(chrono::Duration::seconds(60));
            if let Err(e) = queue.extend(&id, until).await {
                tracing::warn!(job = %id, error = %e, "could not renew a job's lease");
            }
        }
    })
}

/// How long past its deadline a read may run before the job gives up on it without its reader.
const READ_GRACE: Duration = Duration::from_secs(5);

/// How a job ended.
enum Outcome {
    /// Done (or nothing left to do).
    Done,
    /// The report cannot be read: fail it with this reason.
    Unreadable(ReportId, String),
    /// Try again later.
    Transient(Option<ReportId>, String),
}

async fn process(config: &WorkerConfig, ports: &WorkerPorts, job: &Job, reader: &mut Option<Reader>) -> Outcome {
    match &job.kind {
        JobKind::Analyze(id) => analyze(config, ports, id, reader).await,
        JobKind::Reprocess(user, prefs) => {
            let reports = match ports.store.completed_reports(user).await {
                Ok(r) => r,
                Err(e) => return Outcome::Transient(None, e.to_string()),
            };
            for id in reports {
                let source = match ports.store.source(&id).await {
                    Ok(Some(s)) => s,
                    Ok(None) => continue,
                    Err(e) => return Outcome::Transient(None, e.to_string()),
                };
                let results = match ports.store.results(&id).await {
                    Ok(r) => r,
                    Err(e) => return Outcome::Transient(None, e.to_string()),
                };
                let mut advice = ht_recommendations::interpret(&results, &Profile::new(prefs, source.is_pro)).advice;
                narrate(ports, &mut advice, &results, &Person::default()).await;
                if let Err(e) = ports.store.save_advice(&id, &advice, source.uploaded_at.date_naive()).await {
                    return Outcome::Transient(None, e.to_string());
                }
            }
            Outcome::Done
        }
    }
}

async fn analyze(config: &WorkerConfig, ports: &WorkerPorts, id: &ReportId, reader: &mut Option<Reader>) -> Outcome {
    let source: ReportSource = match ports.store.source(id).await {
        Ok(Some(s)) => s,
        Ok(None) => return Outcome::Done, // deleted meanwhile
        Err(e) => return Outcome::Transient(Some(id.clone()), e.to_string()),
    };
    let bytes = match ports.files.get(&source.file.storage_key).await {
        Ok(b) => b,
        Err(e) => return Outcome::Transient(Some(id.clone()), e.to_string()),
    };
    let mut engine = reader.take().unwrap_or_default();
    let label = source.file.file_name.clone();
    // The reader stops itself at the deadline (killing OCR in progress); the timeout around it
    // is a backstop for work between pages, a little later.
    let deadline = std::time::Instant::now() + config.read_timeout;
    let task = tokio::task::spawn_blocking(move || {
        let result = engine.read_until(&bytes, &label, Some(deadline));
        (engine, result)
    });
    let too_long =
        || Outcome::Unreadable(id.clone(), "This file could not be read: it took too long to process.".into());
    let analysis = match tokio::time::timeout(config.read_timeout + READ_GRACE, task).await {
        Err(_) => {
            // The blocking read keeps its engine; the next job gets a fresh one.
            return too_long();
        }
        Ok(Err(panic)) => {
            tracing::error!(report = %id, error = %panic, "the reader panicked");
            return Outcome::Unreadable(
                id.clone(),
                "This file could not be read: it is damaged or in an unusual format.".into(),
            );
        }
        Ok(Ok((engine, result))) => {
            *reader = Some(engine);
            match result {
                Ok(a) => a,
                Err(ExtractError::TimedOut) => return too_long(),
                Err(e) => return Outcome::Unreadable(id.clone(), format!("This file could not be read: {e}")),
            }
        }
    };
    if analysis.rows.is_empty() {
        return Outcome::Unreadable(
            id.clone(),
            "This file could not be read: no test results were found in it. Please upload a lab report that shows a results table.".into(),
        );
    }
    let results = analysis.stored_results();
    let mut advice = analysis.interpret(&Profile::new(&source.prefs, source.is_pro)).advice;
    let person = Person {
        sex: analysis.sex.map(|s| if s == ht_reports::reading::Sex::Male { "male".into() } else { "female".into() }),
        age: analysis.age,
    };
    narrate(ports, &mut advice, &results, &person).await;
    match ports.store.save_reading(id, &results, &advice, source.uploaded_at.date_naive()).await {
        Ok(()) => Outcome::Done,
        Err(e) => Outcome::Transient(Some(id.clone()), e.to_string()),
    }
}

/// Lets the narrator, if any, rewrite the journeys (only Pro advice has them); failures keep the
/// deterministic texts.
async fn narrate(
    ports: &WorkerPorts,
    advice: &mut ht_reports::Advice,
    results: &[ht_reports::StoredResult],
    person: &Person,
) {
    if let Some(narrator) = &ports.narrator
        && advice.recommendations.iter().any(|r| r.pro_journey.is_some())
    {
        narrate_journeys(advice, results, person, narrator.as_ref()).await;
    }
}

async fn settle(ports: &WorkerPorts, job: &Job, outcome: Outcome) {
    let result = match outcome {
        Outcome::Done => ports.queue.complete(&job.id).await,
        Outcome::Unreadable(id, reason) => match ports.store.mark_failed(&id, &reason).await {
            Ok(()) => ports.queue.complete(&job.id).await,
            Err(e) => Err(e),
        },
        Outcome::Transient(report, error) if job.attempts >= MAX_ATTEMPTS => {
            tracing::error!(job = %job.id, %error, "giving up after {MAX_ATTEMPTS} attempts");
            let failed = match &report {
                Some(id) => ports
                    .store
                    .mark_failed(
                        id,
                        "This file could not be processed: our service had repeated errors. Please upload it again.",
                    )
                    .await,
                None => Ok(()),
            };
            match failed {
                Ok(()) => ports.queue.complete(&job.id).await,
                Err(e) => Err(e),
            }
        }
        Outcome::Transient(_, error) => {
            let backoff = chrono::Duration::seconds(2_i64.pow(job.attempts.min(8)));
            tracing::warn!(job = %job.id, attempts = job.attempts, %error, "job failed; retrying later");
            ports.queue.retry(&job.id, Utc::now() + backoff, &error).await
        }
    };
    if let Err(e) = result {
        // The lease runs out and the job is claimed again.
        tracing::error!(job = %job.id, error = %e, "could not record a job's outcome");
    }
}
