//! The consent payload (SPEC §3, §9) and its validation, exactly.

use ht_kernel::Region;
use serde::Deserialize;

/// The only accepted consent type.
pub const CONSENT_TYPE: &str = "explicit";
/// The purposes a consent must name, all of them.
pub const PURPOSES: [&str; 3] = ["healthcare_analysis", "personalized_recommendations", "follow_up_reminders"];
/// The data categories a consent must name, all of them.
pub const DATA_CATEGORIES: [&str; 3] = ["health_records", "test_results", "personal_information"];
/// The only accepted retention period.
pub const RETENTION_PERIOD: &str = "5_years";

/// The body of `POST /api/compliance/{india,usa}/consent` and `/consent`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConsentRequest {
    /// Must be `explicit`.
    pub consent_type: Option<String>,
    /// Must be exactly the three [`PURPOSES`].
    pub purposes: Option<Vec<String>>,
    /// Must be exactly the three [`DATA_CATEGORIES`].
    pub data_categories: Option<Vec<String>>,
    /// Must be `5_years`.
    pub retention_period: Option<String>,
    /// Must be `true`.
    pub accept_terms: Option<bool>,
    /// Must match the route's region.
    pub region: Option<String>,
}

/// A consent that passed every rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValidConsent {
    /// The region whose notice was accepted.
    pub region: Region,
    /// The purposes, in canonical order.
    pub purposes: Vec<String>,
    /// The data categories, in canonical order.
    pub data_categories: Vec<String>,
}

/// Why a consent was refused; each message is shown to the user.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConsentError {
    /// consentType is not `explicit`.
    #[error("Consent must be explicit (consentType \"explicit\").")]
    ConsentType,
    /// A purpose is missing, unknown or repeated.
    #[error(
        "Consent must cover exactly these purposes: healthcare_analysis, personalized_recommendations, follow_up_reminders."
    )]
    Purposes,
    /// A data category is missing, unknown or repeated.
    #[error("Consent must cover exactly these data categories: health_records, test_results, personal_information.")]
    DataCategories,
    /// retentionPeriod is not `5_years`.
    #[error("The retention period must be \"5_years\".")]
    RetentionPeriod,
    /// acceptTerms is not `true`.
    #[error("You must accept the terms and conditions.")]
    Terms,
    /// region is missing or does not match the route.
    #[error("The consent region must be {expected} for this notice.")]
    Region {
        /// The region the route serves.
        expected: &'static str,
    },
}

fn exactly(given: Option<&Vec<String>>, wanted: &[&str; 3]) -> Option<Vec<String>> {
    let given = given?;
    let mut sorted: Vec<&str> = given.iter().map(String::as_str).collect();
    sorted.sort_unstable();
    let mut want: Vec<&str> = wanted.to_vec();
    want.sort_unstable();
    (sorted == want).then(|| wanted.iter().map(|s| (*s).to_string()).collect())
}

impl ConsentRequest {
    /// Validates the payload for the route serving `region`.
    ///
    /// # Errors
    /// The first [`ConsentError`] that applies, checked in field order.
    pub fn validate(&self, region: Region) -> Result<ValidConsent, ConsentError> {
        if self.consent_type.as_deref() != Some(CONSENT_TYPE) {
            return Err(ConsentError::ConsentType);
        }
        let purposes = exactly(self.purposes.as_ref(), &PURPOSES).ok_or(ConsentError::Purposes)?;
        let data_categories =
            exactly(self.data_categories.as_ref(), &DATA_CATEGORIES).ok_or(ConsentError::DataCategories)?;
        if self.retention_period.as_deref() != Some(RETENTION_PERIOD) {
            return Err(ConsentError::RetentionPeriod);
        }
        if self.accept_terms != Some(true) {
            return Err(ConsentError::Terms);
        }
        if self.region.as_deref().and_then(Region::from_code) != Some(region) {
            return Err(ConsentError::Region { expected: region.code() });
        }
        Ok(ValidConsent { region, purposes, data_categories })
    }
}

/// The code an upload refusal carries when the user has no consent for `region` (SPEC §8).
pub fn consent_required_code(region: Region) -> &'static str {
    match region {
        Region::India => "DPDP_CONSENT_REQUIRED",
        Region::UnitedStates => "HIPAA_CONSENT_REQUIRED",
        Region::Other => "CONSENT_REQUIRED",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid(region: &str) -> ConsentRequest {
        serde_json::from_value(serde_json::json!({
            "consentType": "explicit",
            "purposes": ["healthcare_analysis", "personalized_recommendations", "follow_up_reminders"],
            "dataCategories": ["health_records", "test_results", "personal_information"],
            "retentionPeriod": "5_years",
            "acceptTerms": true,
            "region": region,
        }))
        .unwrap()
    }

    #[test]
    fn the_spec_payload_is_accepted_for_its_region() {
        let ok = valid("IN").validate(Region::India).unwrap();
        assert_eq!(ok.region, Region::India);
        assert_eq!(ok.purposes, PURPOSES.map(String::from).to_vec());
        assert!(valid("US").validate(Region::UnitedStates).is_ok());
        assert!(valid("OTHER").validate(Region::Other).is_ok());
    }

    #[test]
    fn order_of_lists_does_not_matter() {
        let mut r = valid("IN");
        r.purposes.as_mut().unwrap().reverse();
        r.data_categories.as_mut().unwrap().reverse();
        assert!(r.validate(Region::India).is_ok());
    }

    #[test]
    fn every_rule_is_enforced() {
        let check = |f: &dyn Fn(&mut ConsentRequest), want: ConsentError| {
            let mut r = valid("IN");
            f(&mut r);
            assert_eq!(r.validate(Region::India), Err(want));
        };
        check(&|r| r.consent_type = Some("implied".into()), ConsentError::ConsentType);
        check(&|r| r.consent_type = None, ConsentError::ConsentType);
        check(
            &|r| {
                r.purposes.as_mut().unwrap().pop();
            },
            ConsentError::Purposes,
        );
        check(&|r| r.purposes.as_mut().unwrap().push("marketing".into()), ConsentError::Purposes);
        check(&|r| r.purposes.as_mut().unwrap()[2] = "healthcare_analysis".into(), ConsentError::Purposes);
        check(&|r| r.purposes = None, ConsentError::Purposes);
        check(
            &|r| {
                r.data_categories.as_mut().unwrap().pop();
            },
            ConsentError::DataCategories,
        );
        check(&|r| r.retention_period = Some("forever".into()), ConsentError::RetentionPeriod);
        check(&|r| r.accept_terms = Some(false), ConsentError::Terms);
        check(&|r| r.accept_terms = None, ConsentError::Terms);
        check(&|r| r.region = Some("US".into()), ConsentError::Region { expected: "IN" });
        check(&|r| r.region = None, ConsentError::Region { expected: "IN" });
    }

    #[test]
    fn consent_codes_follow_the_region() {
        assert_eq!(consent_required_code(Region::India), "DPDP_CONSENT_REQUIRED");
        assert_eq!(consent_required_code(Region::UnitedStates), "HIPAA_CONSENT_REQUIRED");
        assert_eq!(consent_required_code(Region::Other), "CONSENT_REQUIRED");
    }
}
