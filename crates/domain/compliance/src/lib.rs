//! Compliance rules: which region's law applies, what a valid consent is, and how long data is kept.

mod consent;
mod region;
mod retention;

pub use consent::{
    CONSENT_TYPE, ConsentError, ConsentRequest, DATA_CATEGORIES, PURPOSES, RETENTION_PERIOD, ValidConsent,
    consent_required_code,
};
pub use region::detect_region;
pub use retention::{ERASURE_DAYS_AFTER_WITHDRAWAL, RETENTION_YEARS, erasure_due};
