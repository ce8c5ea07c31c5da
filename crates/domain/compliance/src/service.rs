//! The compliance service: grant, status, the upload gate, withdrawal, erasure and auditing.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use ht_kernel::{Clock, Region, UserId};
use serde::Serialize;

use crate::consent::{ConsentError, ConsentRequest, consent_required_code};
use crate::notice::notice_for;
use crate::ports::{
    AuditAction, AuditEntry, AuditLog, ComplianceStoreError, ConsentEvent, ConsentGrant, ConsentRepository,
};
use crate::retention::erasure_due;

/// Why a compliance operation did not happen.
#[derive(Debug, thiserror::Error)]
pub enum ComplianceError {
    /// The consent payload broke a rule; the message is shown to the user.
    #[error(transparent)]
    Invalid(#[from] ConsentError),
    /// No valid consent for the region; the message carries the region's code (SPEC §8).
    #[error("{code}: Please grant consent to process your health data before uploading.")]
    ConsentRequired {
        /// `DPDP_CONSENT_REQUIRED`, `HIPAA_CONSENT_REQUIRED` or `CONSENT_REQUIRED`.
        code: &'static str,
    },
    /// Withdrawal without an active consent.
    #[error("There is no active consent to withdraw.")]
    NothingToWithdraw,
    /// Storage failed.
    #[error(transparent)]
    Store(#[from] ComplianceStoreError),
}

/// `GET /api/compliance/consent-status`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ConsentStatus {
    /// The user's region, once known.
    pub region: Option<Region>,
    /// Whether a consent is in force.
    pub has_consent: bool,
    /// When the consent in force was given.
    pub consented_at: Option<DateTime<Utc>>,
    /// The notice version of the consent in force.
    pub notice_version: Option<String>,
    /// Its purposes.
    pub purposes: Vec<String>,
}

/// Consent, erasure and audit rules over their ports.
#[derive(Clone)]
pub struct ComplianceService {
    consents: Arc<dyn ConsentRepository>,
    audit: Arc<dyn AuditLog>,
    clock: Arc<dyn Clock>,
}

impl ComplianceService {
    /// A service over the given ports and clock.
    pub fn new(consents: Arc<dyn ConsentRepository>, audit: Arc<dyn AuditLog>, clock: Arc<dyn Clock>) -> Self {
        Self { consents, audit, clock }
    }

    /// Records an audit entry at the current time.
    ///
    /// # Errors
    /// [`ComplianceError::Store`] when the audit log cannot be written.
    pub async fn audit(&self, user: &UserId, action: AuditAction, outcome: &str) -> Result<(), ComplianceError> {
        self.audit_subject(user, action, None, outcome).await
    }

    /// Appends an audit entry about one thing (a report).
    ///
    /// # Errors
    /// [`ComplianceError::Store`] when storage fails.
    pub async fn audit_subject(
        &self,
        user: &UserId,
        action: AuditAction,
        subject: Option<&str>,
        outcome: &str,
    ) -> Result<(), ComplianceError> {
        let entry = AuditEntry {
            user: user.clone(),
            at: self.clock.now(),
            action,
            outcome: outcome.into(),
            subject: subject.map(str::to_string),
        };
        Ok(self.audit.append(&entry).await?)
    }

    /// The user's audit entries, newest first.
    ///
    /// # Errors
    /// [`ComplianceError::Store`] when storage fails.
    pub async fn audit_entries(&self, user: &UserId) -> Result<Vec<AuditEntry>, ComplianceError> {
        Ok(self.audit.for_user(user).await?)
    }

    /// The user's consent ledger, oldest first.
    ///
    /// # Errors
    /// [`ComplianceError::Store`] when storage fails.
    pub async fn consent_events(&self, user: &UserId) -> Result<Vec<ConsentEvent>, ComplianceError> {
        Ok(self.consents.events(user).await?)
    }

    /// Grants consent for the route's `region` after validating the payload exactly.
    ///
    /// # Errors
    /// [`ComplianceError::Invalid`] (audited as refused) or [`ComplianceError::Store`].
    pub async fn grant(
        &self,
        user: &UserId,
        region: Region,
        request: &ConsentRequest,
        user_agent: Option<&str>,
    ) -> Result<ConsentGrant, ComplianceError> {
        let valid = match request.validate(region) {
            Ok(v) => v,
            Err(e) => {
                self.audit(user, AuditAction::ConsentGranted, "refused").await?;
                return Err(e.into());
            }
        };
        let grant = ConsentGrant {
            user: user.clone(),
            region,
            notice_version: notice_for(region).version.to_string(),
            purposes: valid.purposes,
            data_categories: valid.data_categories,
            granted_at: self.clock.now(),
            channel: "web".into(),
            user_agent: user_agent.map(|ua| ua.chars().take(255).collect()),
        };
        self.consents.record_grant(&grant).await?;
        self.audit(user, AuditAction::ConsentGranted, "success").await?;
        Ok(grant)
    }

    /// The region stored with the user's consents, if any (no ledger read).
    ///
    /// # Errors
    /// [`ComplianceError::Store`] when storage fails.
    pub async fn region(&self, user: &UserId) -> Result<Option<Region>, ComplianceError> {
        Ok(self.consents.stored_region(user).await?)
    }

    /// Whether a consent is in force, and which.
    ///
    /// # Errors
    /// [`ComplianceError::Store`] when storage fails.
    pub async fn status(&self, user: &UserId) -> Result<ConsentStatus, ComplianceError> {
        let region = self.consents.stored_region(user).await?;
        let events = self.consents.events(user).await?;
        Ok(match events.last() {
            Some(ConsentEvent::Granted(g)) => ConsentStatus {
                region: region.or(Some(g.region)),
                has_consent: true,
                consented_at: Some(g.granted_at),
                notice_version: Some(g.notice_version.clone()),
                purposes: g.purposes.clone(),
            },
            _ => {
                ConsentStatus { region, has_consent: false, consented_at: None, notice_version: None, purposes: vec![] }
            }
        })
    }

    /// The upload gate: passes only with a consent in force; otherwise names the code of the
    /// user's region (stored, else `detected`).
    ///
    /// # Errors
    /// [`ComplianceError::ConsentRequired`] or [`ComplianceError::Store`].
    pub async fn require_consent(&self, user: &UserId, detected: Region) -> Result<(), ComplianceError> {
        let status = self.status(user).await?;
        if status.has_consent {
            Ok(())
        } else {
            Err(ComplianceError::ConsentRequired { code: consent_required_code(status.region.unwrap_or(detected)) })
        }
    }

    /// Withdraws consent now and schedules erasure of health data within 30 days. The caller
    /// also ends every session of the user.
    ///
    /// # Errors
    /// [`ComplianceError::NothingToWithdraw`] or [`ComplianceError::Store`].
    pub async fn withdraw(&self, user: &UserId) -> Result<DateTime<Utc>, ComplianceError> {
        if !self.status(user).await?.has_consent {
            return Err(ComplianceError::NothingToWithdraw);
        }
        let now = self.clock.now();
        let erase_by = erasure_due(now);
        self.consents.record_withdrawal(user, now, erase_by).await?;
        self.audit(user, AuditAction::ConsentWithdrawn, "success").await?;
        Ok(erase_by)
    }

    /// Erases the health data of every user whose erasure is due; returns how many. Each user's
    /// erasure is one transaction, so a run killed midway resumes where it stopped.
    ///
    /// # Errors
    /// [`ComplianceError::Store`] when storage fails.
    pub async fn run_due_erasures(&self) -> Result<usize, ComplianceError> {
        let now = self.clock.now();
        let due = self.consents.erasures_due(now).await?;
        for user in &due {
            self.consents.erase_health_data(user, now).await?;
            self.audit(user, AuditAction::Erasure, "success").await?;
        }
        Ok(due.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::{MockAuditLog, MockConsentRepository};
    use ht_kernel::FixedClock;

    fn clock() -> Arc<FixedClock> {
        Arc::new(FixedClock::new(DateTime::parse_from_rfc3339("2026-11-22T10:00:00Z").unwrap().with_timezone(&Utc)))
    }

    fn request(region: &str) -> ConsentRequest {
        ConsentRequest {
            consent_type: Some("explicit".into()),
            purposes: Some(crate::PURPOSES.map(String::from).to_vec()),
            data_categories: Some(crate::DATA_CATEGORIES.map(String::from).to_vec()),
            retention_period: Some("5_years".into()),
            accept_terms: Some(true),
            region: Some(region.into()),
        }
    }

    fn audit_expecting(actions: &'static [(AuditAction, &'static str)]) -> MockAuditLog {
        let mut audit = MockAuditLog::new();
        let mut seq = mockall::Sequence::new();
        for (action, outcome) in actions {
            audit
                .expect_append()
                .withf(move |e| e.action == *action && e.outcome == *outcome)
                .times(1)
                .in_sequence(&mut seq)
                .returning(|_| Ok(()));
        }
        audit
    }

    #[tokio::test]
    async fn a_valid_grant_is_stored_with_the_notice_version_and_audited() {
        let mut repo = MockConsentRepository::new();
        repo.expect_record_grant()
            .withf(|g| {
                g.notice_version == "IN-2026-11-22" && g.channel == "web" && g.user_agent.as_deref() == Some("UA")
            })
            .times(1)
            .returning(|_| Ok(()));
        let svc = ComplianceService::new(
            Arc::new(repo),
            Arc::new(audit_expecting(&[(AuditAction::ConsentGranted, "success")])),
            clock(),
        );
        let grant = svc.grant(&UserId::random(), Region::India, &request("IN"), Some("UA")).await.unwrap();
        assert_eq!(grant.region, Region::India);
    }

    #[tokio::test]
    async fn an_invalid_grant_is_refused_audited_and_not_stored() {
        let mut repo = MockConsentRepository::new();
        repo.expect_record_grant().never();
        let svc = ComplianceService::new(
            Arc::new(repo),
            Arc::new(audit_expecting(&[(AuditAction::ConsentGranted, "refused")])),
            clock(),
        );
        let err = svc.grant(&UserId::random(), Region::India, &request("US"), None).await.unwrap_err();
        assert!(matches!(err, ComplianceError::Invalid(ConsentError::Region { expected: "IN" })));
    }

    #[tokio::test]
    async fn the_gate_names_the_stored_region_code_without_consent() {
        let mut repo = MockConsentRepository::new();
        repo.expect_stored_region().returning(|_| Ok(Some(Region::UnitedStates)));
        repo.expect_events().returning(|_| Ok(vec![]));
        let svc = ComplianceService::new(Arc::new(repo), Arc::new(MockAuditLog::new()), clock());
        let err = svc.require_consent(&UserId::random(), Region::India).await.unwrap_err();
        assert!(err.to_string().starts_with("HIPAA_CONSENT_REQUIRED"));
    }

    #[tokio::test]
    async fn the_gate_uses_the_detected_region_when_none_is_stored_and_a_withdrawal_closes_it() {
        let mut repo = MockConsentRepository::new();
        repo.expect_stored_region().returning(|_| Ok(None));
        let now = clock().now();
        repo.expect_events()
            .returning(move |_| Ok(vec![ConsentEvent::Withdrawn { at: now, erase_by: erasure_due(now) }]));
        let svc = ComplianceService::new(Arc::new(repo), Arc::new(MockAuditLog::new()), clock());
        let err = svc.require_consent(&UserId::random(), Region::India).await.unwrap_err();
        assert!(matches!(err, ComplianceError::ConsentRequired { code: "DPDP_CONSENT_REQUIRED" }));
    }

    #[tokio::test]
    async fn withdrawal_schedules_erasure_thirty_days_later() {
        let c = clock();
        let now = c.now();
        let mut repo = MockConsentRepository::new();
        repo.expect_stored_region().returning(|_| Ok(Some(Region::India)));
        let grant = ConsentGrant {
            user: UserId::random(),
            region: Region::India,
            notice_version: "IN-2026-11-22".into(),
            purposes: vec![],
            data_categories: vec![],
            granted_at: now,
            channel: "web".into(),
            user_agent: None,
        };
        repo.expect_events().returning(move |_| Ok(vec![ConsentEvent::Granted(grant.clone())]));
        repo.expect_record_withdrawal()
            .withf(move |_, at, by| *at == now && *by == now + chrono::Duration::days(30))
            .times(1)
            .returning(|_, _, _| Ok(()));
        let svc = ComplianceService::new(
            Arc::new(repo),
            Arc::new(audit_expecting(&[(AuditAction::ConsentWithdrawn, "success")])),
            c,
        );
        assert_eq!(svc.withdraw(&UserId::random()).await.unwrap(), now + chrono::Duration::days(30));
    }

    #[tokio::test]
    async fn withdrawing_without_consent_is_refused() {
        let mut repo = MockConsentRepository::new();
        repo.expect_stored_region().returning(|_| Ok(None));
        repo.expect_events().returning(|_| Ok(vec![]));
        repo.expect_record_withdrawal().never();
        let svc = ComplianceService::new(Arc::new(repo), Arc::new(MockAuditLog::new()), clock());
        assert!(matches!(svc.withdraw(&UserId::random()).await, Err(ComplianceError::NothingToWithdraw)));
    }
}
