//! How long health data is kept (SPEC §9).

use chrono::{DateTime, Duration, Utc};

/// Health data is kept for up to five years.
pub const RETENTION_YEARS: u32 = 5;
/// After consent is withdrawn, health data is erased within this many days.
pub const ERASURE_DAYS_AFTER_WITHDRAWAL: i64 = 30;

/// When erasure must have happened for a consent withdrawn at `withdrawn_at`.
pub fn erasure_due(withdrawn_at: DateTime<Utc>) -> DateTime<Utc> {
    withdrawn_at + Duration::days(ERASURE_DAYS_AFTER_WITHDRAWAL)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erasure_is_due_thirty_days_after_withdrawal() {
        let t = DateTime::parse_from_rfc3339("2026-11-22T10:00:00Z").unwrap().with_timezone(&Utc);
        assert_eq!(erasure_due(t).to_rfc3339(), "2026-12-22T10:00:00+00:00");
    }
}
