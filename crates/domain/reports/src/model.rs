//! Reports as the dashboard lists them.

use chrono::{DateTime, Utc};
use ht_kernel::ReportId;
use serde::Serialize;

/// Where a report is in its processing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ReportStatus {
    /// Accepted and queued or being read.
    Processing,
    /// Read and interpreted.
    Completed,
    /// Could not be read; the reason is in `extracted_text`.
    Failed,
}

impl ReportStatus {
    /// The stored and serialised name.
    pub fn as_str(self) -> &'static str {
        match self {
            ReportStatus::Processing => "processing",
            ReportStatus::Completed => "completed",
            ReportStatus::Failed => "failed",
        }
    }

    /// Parses a stored name.
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "processing" => Some(ReportStatus::Processing),
            "completed" => Some(ReportStatus::Completed),
            "failed" => Some(ReportStatus::Failed),
            _ => None,
        }
    }
}

/// One row of the Recent Reports list (SPEC §3 Report).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReportSummary {
    /// Report id.
    pub id: ReportId,
    /// The name the file was uploaded with.
    pub file_name: String,
    /// When it was accepted.
    pub uploaded_at: DateTime<Utc>,
    /// Processing state.
    pub status: ReportStatus,
    /// For a failed report, the reason shown to the user.
    pub extracted_text: Option<String>,
}

/// The four numbers on the dashboard tiles.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DashboardStats {
    /// Reports uploaded.
    pub reports_count: u64,
    /// Abnormal results across all reports.
    pub abnormal_count: u64,
    /// Follow-up tests still pending.
    pub follow_up_count: u64,
}

/// `GET /api/dashboard` (SPEC §3).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Dashboard {
    /// Totals.
    pub stats: DashboardStats,
    /// The user's reports, newest first.
    pub reports: Vec<ReportSummary>,
}
