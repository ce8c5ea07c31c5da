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

/// One stored result, as exported to its owner.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResultExport {
    /// Test name as printed.
    pub test_name: String,
    /// Value as printed.
    pub value_text: String,
    /// Parsed value.
    pub value: Option<f64>,
    /// Unit as printed.
    pub unit: Option<String>,
    /// Lower reference bound.
    pub reference_low: Option<f64>,
    /// Upper reference bound.
    pub reference_high: Option<f64>,
    /// `high`, `low`, `positive` or none.
    pub flag: Option<String>,
    /// `mild`, `moderate`, `severe` or none.
    pub severity: Option<String>,
}

/// A follow-up test, as exported.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FollowUpExport {
    /// Which test to repeat.
    pub test_name: String,
    /// When (ISO date).
    pub due_date: String,
    /// `pending` or `completed`.
    pub status: String,
}

/// A report with everything derived from it, for the data export.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReportExport {
    /// The report.
    #[serde(flatten)]
    pub report: ReportSummary,
    /// Its results.
    pub results: Vec<ResultExport>,
    /// Its follow-ups.
    pub follow_ups: Vec<FollowUpExport>,
}
