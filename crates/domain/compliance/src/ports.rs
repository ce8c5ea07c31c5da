//! Driven ports of the compliance domain.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use ht_kernel::{Region, UserId};
use serde::Serialize;

/// A storage failure.
#[derive(Debug, thiserror::Error)]
#[error("compliance storage is unavailable: {0}")]
pub struct ComplianceStoreError(pub String);

/// A granted consent, stored once and never changed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ConsentGrant {
    /// Who consented.
    #[serde(skip)]
    pub user: UserId,
    /// Whose law.
    pub region: Region,
    /// The notice text version accepted.
    pub notice_version: String,
    /// Purposes consented to.
    pub purposes: Vec<String>,
    /// Data categories consented to.
    pub data_categories: Vec<String>,
    /// When.
    pub granted_at: DateTime<Utc>,
    /// How (`web`).
    pub channel: String,
    /// The browser's user agent, trimmed to 255 characters.
    pub user_agent: Option<String>,
}

/// One entry of the consent ledger, as the user sees it in an export.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase", tag = "event")]
pub enum ConsentEvent {
    /// Consent was granted.
    Granted(ConsentGrant),
    /// Consent was withdrawn; health data is erased by `erase_by`.
    Withdrawn {
        /// When.
        at: DateTime<Utc>,
        /// Erasure deadline.
        erase_by: DateTime<Utc>,
    },
}

/// The append-only consent ledger and the erasure schedule.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait ConsentRepository: Send + Sync {
    /// Appends a grant and stores the region on the user.
    ///
    /// # Errors
    /// [`ComplianceStoreError`] when storage fails.
    async fn record_grant(&self, grant: &ConsentGrant) -> Result<(), ComplianceStoreError>;

    /// Appends a withdrawal and schedules erasure of the user's health data at `erase_by`.
    ///
    /// # Errors
    /// [`ComplianceStoreError`] when storage fails.
    async fn record_withdrawal(
        &self,
        user: &UserId,
        at: DateTime<Utc>,
        erase_by: DateTime<Utc>,
    ) -> Result<(), ComplianceStoreError>;

    /// Every ledger entry of the user, oldest first.
    ///
    /// # Errors
    /// [`ComplianceStoreError`] when storage fails.
    async fn events(&self, user: &UserId) -> Result<Vec<ConsentEvent>, ComplianceStoreError>;

    /// The region stored on the user, if any.
    ///
    /// # Errors
    /// [`ComplianceStoreError`] when storage fails.
    async fn stored_region(&self, user: &UserId) -> Result<Option<Region>, ComplianceStoreError>;

    /// Users whose scheduled erasure is due at `now` and not yet done.
    ///
    /// # Errors
    /// [`ComplianceStoreError`] when storage fails.
    async fn erasures_due(&self, now: DateTime<Utc>) -> Result<Vec<UserId>, ComplianceStoreError>;

    /// Deletes the user's health data (reports, results, follow-ups, reminders) and marks the
    /// erasure done, in one transaction; calling it again is harmless.
    ///
    /// # Errors
    /// [`ComplianceStoreError`] when storage fails.
    async fn erase_health_data(&self, user: &UserId, now: DateTime<Utc>) -> Result<(), ComplianceStoreError>;
}

/// What was done, by whom, and how it ended; never health values, tokens or secrets.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    /// Who.
    #[serde(skip)]
    pub user: UserId,
    /// When (UTC).
    pub at: DateTime<Utc>,
    /// What.
    pub action: AuditAction,
    /// `success`, `refused` or `failed`.
    pub outcome: String,
    /// What it concerned (a report id), when it concerned one thing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subject: Option<String>,
}

/// Audited actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AuditAction {
    /// Signed in.
    SignIn,
    /// Signed out.
    SignOut,
    /// Granted consent.
    ConsentGranted,
    /// Withdrew consent.
    ConsentWithdrawn,
    /// Uploaded a report.
    Upload,
    /// Viewed a stored report.
    View,
    /// Deleted a report.
    Delete,
    /// Exported all data.
    Export,
    /// Asked for recommendations to be recomputed.
    Reprocess,
    /// Changed plan.
    PlanChange,
    /// Health data erased after withdrawal.
    Erasure,
}

impl AuditAction {
    /// Stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            AuditAction::SignIn => "sign_in",
            AuditAction::SignOut => "sign_out",
            AuditAction::ConsentGranted => "consent_granted",
            AuditAction::ConsentWithdrawn => "consent_withdrawn",
            AuditAction::Upload => "upload",
            AuditAction::View => "view",
            AuditAction::Delete => "delete",
            AuditAction::Export => "export",
            AuditAction::Reprocess => "reprocess",
            AuditAction::PlanChange => "plan_change",
            AuditAction::Erasure => "erasure",
        }
    }

    /// Parses a stored name.
    pub fn parse(s: &str) -> Option<Self> {
        ALL_ACTIONS.iter().copied().find(|a| a.as_str() == s)
    }
}

const ALL_ACTIONS: [AuditAction; 11] = [
    AuditAction::SignIn,
    AuditAction::SignOut,
    AuditAction::ConsentGranted,
    AuditAction::ConsentWithdrawn,
    AuditAction::Upload,
    AuditAction::View,
    AuditAction::Delete,
    AuditAction::Export,
    AuditAction::Reprocess,
    AuditAction::PlanChange,
    AuditAction::Erasure,
];

/// The append-only audit trail.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait AuditLog: Send + Sync {
    /// Appends an entry.
    ///
    /// # Errors
    /// [`ComplianceStoreError`] when storage fails.
    async fn append(&self, entry: &AuditEntry) -> Result<(), ComplianceStoreError>;

    /// The user's entries, newest first.
    ///
    /// # Errors
    /// [`ComplianceStoreError`] when storage fails.
    async fn for_user(&self, user: &UserId) -> Result<Vec<AuditEntry>, ComplianceStoreError>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn action_names_round_trip() {
        for a in ALL_ACTIONS {
            assert_eq!(AuditAction::parse(a.as_str()), Some(a));
        }
        assert_eq!(AuditAction::parse("nope"), None);
    }
}
