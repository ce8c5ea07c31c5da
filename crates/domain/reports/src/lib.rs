//! Lab reports: what an upload may be, the report model and the storage port.

pub mod catalog;
mod document;
pub mod intake;
mod model;
mod parallel;
mod ports;
pub mod reading;
pub mod upload;

#[cfg(any(test, feature = "mocks"))]
pub use document::MockTextExtractor;
pub use document::{BBox, Document, ExtractError, Page, TextExtractor, TextSource, Word};
pub use intake::{UploadError, UploadService};
pub use model::{
    AbnormalResult, Advice, Cuisine, Dashboard, DashboardStats, DietPreference, FollowUp, FollowUpExport, NewReport,
    PlannedFollowUp, Preferences, Recommendation, ReportDetails, ReportExport, ReportSource, ReportStatus,
    ReportSummary, ResultExport, StoredFile, StoredResult, shown_value,
};
pub use parallel::{map_in_parallel, map_in_parallel_with};
pub use ports::{
    ConsentGate, CreateReportError, FileStore, FileStoreError, GateError, Job, JobKind, JobQueue, ProcessingStore,
    ReportRepository, ReportStoreError,
};
#[cfg(any(test, feature = "mocks"))]
pub use ports::{MockConsentGate, MockFileStore, MockJobQueue, MockProcessingStore, MockReportRepository};
