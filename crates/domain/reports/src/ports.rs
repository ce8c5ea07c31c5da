//! Driven ports of the reports domain.

use async_trait::async_trait;
use ht_kernel::UserId;

use crate::model::{Dashboard, ReportExport};

/// A storage failure.
#[derive(Debug, thiserror::Error)]
#[error("report storage is unavailable: {0}")]
pub struct ReportStoreError(pub String);

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
}
