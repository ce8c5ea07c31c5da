//! Compliance: which region's law applies, what a valid consent is, the consent ledger, erasure
//! after withdrawal, and the audit trail.

mod consent;
mod notice;
mod ports;
mod region;
mod retention;
mod service;

pub use consent::{
    CONSENT_TYPE, ConsentError, ConsentRequest, DATA_CATEGORIES, PURPOSES, RETENTION_PERIOD, ValidConsent,
    consent_required_code,
};
pub use notice::{Notice, NoticeSection, notice_for};
pub use ports::{
    AuditAction, AuditEntry, AuditLog, ComplianceStoreError, ConsentEvent, ConsentGrant, ConsentRepository,
};
#[cfg(any(test, feature = "mocks"))]
pub use ports::{MockAuditLog, MockConsentRepository};
pub use region::detect_region;
pub use retention::{ERASURE_DAYS_AFTER_WITHDRAWAL, RETENTION_YEARS, erasure_due};
pub use service::{ComplianceError, ComplianceService, ConsentStatus};
