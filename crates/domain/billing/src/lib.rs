//! Plans and entitlements (SPEC §6, §9). Plan and usage always come from the server's records,
//! never from the client.

use ht_kernel::{Currency, Money};
use serde::Serialize;

/// The Pro plan costs ₹10 a month, charged as 1000 paise.
pub const PRO_MONTHLY_PRICE: Money = Money::from_minor(1000, Currency::Inr);

/// Free users may upload while they have used fewer than this many uploads.
pub const FREE_UPLOAD_LIMIT: u32 = 10;

/// A user's plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Plan {
    /// ₹0 a month, limited uploads.
    Free,
    /// ₹10 a month, unlimited uploads, journeys, reminders.
    Pro,
}

impl Plan {
    /// The plan for a stored `is_pro` flag.
    pub fn from_is_pro(is_pro: bool) -> Self {
        if is_pro { Plan::Pro } else { Plan::Free }
    }
}

/// Why an action is not included in the user's plan.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EntitlementError {
    /// A Free user has used all uploads (SPEC §8: 403).
    #[error("Upload limit reached")]
    UploadLimitReached,
}

/// Whether one more upload is allowed: Pro always, Free while `uploads_used` < 10.
///
/// # Errors
/// [`EntitlementError::UploadLimitReached`] for a Free user at the limit.
pub fn check_upload_allowed(plan: Plan, uploads_used: u32) -> Result<(), EntitlementError> {
    match plan {
        Plan::Pro => Ok(()),
        Plan::Free if uploads_used < FREE_UPLOAD_LIMIT => Ok(()),
        Plan::Free => Err(EntitlementError::UploadLimitReached),
    }
}

/// Whether a captured payment may grant Pro: exactly 1000 paise in INR, nothing else.
pub fn grants_pro(paid: Money) -> bool {
    paid == PRO_MONTHLY_PRICE
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn free_users_upload_while_under_ten() {
        assert_eq!(check_upload_allowed(Plan::Free, 0), Ok(()));
        assert_eq!(check_upload_allowed(Plan::Free, 9), Ok(()));
        assert_eq!(check_upload_allowed(Plan::Free, 10), Err(EntitlementError::UploadLimitReached));
        assert_eq!(EntitlementError::UploadLimitReached.to_string(), "Upload limit reached");
    }

    #[test]
    fn only_the_exact_price_grants_pro() {
        assert!(grants_pro(Money::from_minor(1000, Currency::Inr)));
        assert!(!grants_pro(Money::from_minor(999, Currency::Inr)));
        assert!(!grants_pro(Money::from_minor(100_000, Currency::Inr)));
        assert_eq!(PRO_MONTHLY_PRICE.to_string(), "₹10");
    }

    #[test]
    fn plan_follows_the_stored_flag() {
        assert_eq!(Plan::from_is_pro(true), Plan::Pro);
        assert_eq!(Plan::from_is_pro(false), Plan::Free);
    }

    proptest! {
        #[test]
        fn pro_is_never_limited(used in any::<u32>()) {
            prop_assert_eq!(check_upload_allowed(Plan::Pro, used), Ok(()));
        }
    }
}
