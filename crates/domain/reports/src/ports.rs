//! Driven ports of the reports domain.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use ht_kernel::{Region, ReportId, UserId};

use crate::model::{
    Advice, Dashboard, FollowUp, NewReport, Preferences, ReportDetails, ReportExport, ReportSource, ReportStatus,
    StoredFile, StoredResult,
};

/// A storage failure.
#[derive(Debug, thiserror::Error)]
#[error("report storage is unavailable: {0}")]
pub struct ReportStoreError(pub String);

/// Why a report could not be created.
#[derive(Debug, thiserror::Error)]
pub enum CreateReportError {
    /// The user already uploaded these exact bytes.
    #[error("this file has already been uploaded")]
    Duplicate,
    /// A Free user has used every upload.
    #[error("upload limit reached")]
    LimitReached,
    /// Storage failed.
    #[error(transparent)]
    Store(#[from] ReportStoreError),
}

/// Report storage, always scoped to one user: no method can reach another user's rows.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait ReportRepository: Send + Sync {
    /// The user's dashboard: totals and reports, newest first.
    ///
    /// # Errors
    /// [`ReportStoreError`] when storage fails.
    async fn dashboard(&self, user: &UserId) -> Result<Dashboard, ReportStoreError>;

    /// Every report of the user with its results and follow-ups, newest first.
    ///
    /// # Errors
    /// [`ReportStoreError`] when storage fails.
    async fn export(&self, user: &UserId) -> Result<Vec<ReportExport>, ReportStoreError>;

    /// In one transaction: refuses a duplicate (same user, same SHA-256), counts the upload
    /// against the Free allowance (`uploads_used < free_limit` unless Pro), inserts the report as
    /// processing and queues its analysis. Either all of it happens or none.
    ///
    /// # Errors
    /// [`CreateReportError`]; on any error nothing was written.
    async fn create(&self, report: &NewReport, free_limit: u32) -> Result<(), CreateReportError>;

    /// The report's status, or `None` when it is not the user's.
    ///
    /// # Errors
    /// [`ReportStoreError`] when storage fails.
    async fn status(&self, user: &UserId, id: &ReportId) -> Result<Option<ReportStatus>, ReportStoreError>;

    /// Where the original file is, or `None` when the report is not the user's.
    ///
    /// # Errors
    /// [`ReportStoreError`] when storage fails.
    async fn stored_file(&self, user: &UserId, id: &ReportId) -> Result<Option<StoredFile>, ReportStoreError>;

    /// Abnormal results, recommendations and follow-ups, or `None` when not the user's.
    ///
    /// # Errors
    /// [`ReportStoreError`] when storage fails.
    async fn details(&self, user: &UserId, id: &ReportId) -> Result<Option<ReportDetails>, ReportStoreError>;

    /// The report's follow-ups, or `None` when not the user's.
    ///
    /// # Errors
    /// [`ReportStoreError`] when storage fails.
    async fn follow_ups(&self, user: &UserId, id: &ReportId) -> Result<Option<Vec<FollowUp>>, ReportStoreError>;

    /// Deletes the report with everything derived from it; returns where its file was, or
    /// `None` when it is not the user's.
    ///
    /// # Errors
    /// [`ReportStoreError`] when storage fails.
    async fn delete(&self, user: &UserId, id: &ReportId) -> Result<Option<StoredFile>, ReportStoreError>;

    /// Queues re-interpretation of the user's completed reports with this diet.
    ///
    /// # Errors
    /// [`ReportStoreError`] when storage fails.
    async fn queue_reprocess(&self, user: &UserId, prefs: &Preferences) -> Result<(), ReportStoreError>;
}

/// What the processing workers read and write. Not scoped by user: workers act for the system.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait ProcessingStore: Send + Sync {
    /// The report to read, or `None` when it was deleted meanwhile.
    ///
    /// # Errors
    /// [`ReportStoreError`] when storage fails.
    async fn source(&self, id: &ReportId) -> Result<Option<ReportSource>, ReportStoreError>;

    /// Replaces the report's results, recommendations and follow-ups and marks it completed, in
    /// one transaction.
    ///
    /// # Errors
    /// [`ReportStoreError`] when storage fails.
    async fn save_reading(
        &self,
        id: &ReportId,
        results: &[StoredResult],
        advice: &Advice,
        base_date: chrono::NaiveDate,
    ) -> Result<(), ReportStoreError>;

    /// Replaces only the advice (re-interpretation), in one transaction.
    ///
    /// # Errors
    /// [`ReportStoreError`] when storage fails.
    async fn save_advice(
        &self,
        id: &ReportId,
        advice: &Advice,
        base_date: chrono::NaiveDate,
    ) -> Result<(), ReportStoreError>;

    /// Marks the report failed with a reason the user sees.
    ///
    /// # Errors
    /// [`ReportStoreError`] when storage fails.
    async fn mark_failed(&self, id: &ReportId, reason: &str) -> Result<(), ReportStoreError>;

    /// The stored results of a report, in reading order.
    ///
    /// # Errors
    /// [`ReportStoreError`] when storage fails.
    async fn results(&self, id: &ReportId) -> Result<Vec<StoredResult>, ReportStoreError>;

    /// The user's completed reports.
    ///
    /// # Errors
    /// [`ReportStoreError`] when storage fails.
    async fn completed_reports(&self, user: &UserId) -> Result<Vec<ReportId>, ReportStoreError>;

    /// Whether any report refers to this storage key (the orphan sweep asks).
    ///
    /// # Errors
    /// [`ReportStoreError`] when storage fails.
    async fn storage_key_in_use(&self, key: &str) -> Result<bool, ReportStoreError>;
}

/// A queued piece of work.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JobKind {
    /// Read and interpret one report.
    Analyze(ReportId),
    /// Re-interpret a user's completed reports.
    Reprocess(UserId, Preferences),
}

/// A claimed job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Job {
    /// Queue id.
    pub id: String,
    /// What to do.
    pub kind: JobKind,
    /// Claims so far, this one included.
    pub attempts: u32,
}

/// The durable job queue. A claim is a lease: a job whose worker died is claimed again once the
/// lease runs out.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait JobQueue: Send + Sync {
    /// Takes the oldest runnable job and leases it until `lease_until`; several server
    /// instances never take the same job.
    ///
    /// # Errors
    /// [`ReportStoreError`] when storage fails.
    async fn claim(&self, now: DateTime<Utc>, lease_until: DateTime<Utc>) -> Result<Option<Job>, ReportStoreError>;

    /// Extends a lease while the job runs.
    ///
    /// # Errors
    /// [`ReportStoreError`] when storage fails.
    async fn extend(&self, job: &str, lease_until: DateTime<Utc>) -> Result<(), ReportStoreError>;

    /// Removes a finished job.
    ///
    /// # Errors
    /// [`ReportStoreError`] when storage fails.
    async fn complete(&self, job: &str) -> Result<(), ReportStoreError>;

    /// Releases a job to run again at `at`, noting why it failed.
    ///
    /// # Errors
    /// [`ReportStoreError`] when storage fails.
    async fn retry(&self, job: &str, at: DateTime<Utc>, error: &str) -> Result<(), ReportStoreError>;
}

/// A file-store failure.
#[derive(Debug, thiserror::Error)]
#[error("file storage failed: {0}")]
pub struct FileStoreError(pub String);

/// Where uploaded files live (a folder by default; object storage later).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait FileStore: Send + Sync {
    /// Writes the whole file under `key`, atomically.
    ///
    /// # Errors
    /// [`FileStoreError`] when it cannot be written.
    async fn put(&self, key: &str, bytes: Vec<u8>) -> Result<(), FileStoreError>;

    /// Reads the file.
    ///
    /// # Errors
    /// [`FileStoreError`] when it is missing or cannot be read.
    async fn get(&self, key: &str) -> Result<Vec<u8>, FileStoreError>;

    /// Deletes the file; deleting a missing file succeeds.
    ///
    /// # Errors
    /// [`FileStoreError`] when it cannot be deleted.
    async fn delete(&self, key: &str) -> Result<(), FileStoreError>;

    /// Every key with its last modification time.
    ///
    /// # Errors
    /// [`FileStoreError`] when the listing fails.
    async fn list(&self) -> Result<Vec<(String, DateTime<Utc>)>, FileStoreError>;
}

/// Asks the compliance domain whether the user may upload health data.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait ConsentGate: Send + Sync {
    /// `Ok` with a valid consent; otherwise the message for the user, containing
    /// `DPDP_CONSENT_REQUIRED`, `HIPAA_CONSENT_REQUIRED` or `CONSENT_REQUIRED` (by the stored
    /// region, else `detected`, the region of the request).
    ///
    /// # Errors
    /// [`GateError`].
    async fn require_consent(&self, user: &UserId, detected: Region) -> Result<(), GateError>;
}

/// Why the consent gate did not open.
#[derive(Debug, thiserror::Error)]
pub enum GateError {
    /// No valid consent; the message names the region's code.
    #[error("{0}")]
    ConsentRequired(String),
    /// Consent storage failed.
    #[error("consent storage is unavailable: {0}")]
    Store(String),
}
