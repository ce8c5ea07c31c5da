//! Lab reports: what an upload may be, the report model and the storage port.

mod document;
mod model;
mod ports;
pub mod reading;
pub mod upload;

#[cfg(any(test, feature = "mocks"))]
pub use document::MockTextExtractor;
pub use document::{BBox, Document, ExtractError, Page, TextExtractor, TextSource, Word};
pub use model::{Dashboard, DashboardStats, FollowUpExport, ReportExport, ReportStatus, ReportSummary, ResultExport};
#[cfg(any(test, feature = "mocks"))]
pub use ports::MockReportRepository;
pub use ports::{ReportRepository, ReportStoreError};
