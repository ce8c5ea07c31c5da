//! Severity of an abnormal lab result (SPEC §9), by the general range rule or a custom scale.
//!
//! Nothing here knows units: callers convert a value to the scale's unit first (the biomarker
//! catalog knows the factors) and pass plain numbers.

mod range;
mod scale;

pub use range::{Flag, ONE_BOUND_SEVERE_ABOVE, Reading, assess};
pub use scale::{Band, BandSpan, Scale};

use serde::Serialize;

/// How far from normal an abnormal result is; ordered mild < moderate < severe.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Slightly outside the range (yellow badge).
    Mild,
    /// Clearly outside the range, or abnormal with too little data to say more (orange badge).
    Moderate,
    /// Far outside the range, or a positive binary result (red badge).
    Severe,
}

impl Severity {
    /// The name used in the API.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Mild => "mild",
            Severity::Moderate => "moderate",
            Severity::Severe => "severe",
        }
    }
}

/// Severity of a result, using the test's custom scale when it has one.
///
/// `scale_key` is the biomarker's canonical key; `reading.value` must already be in the scale's
/// unit when a scale applies. `None` means the result is not abnormal.
pub fn severity(scale_key: Option<&str>, reading: &Reading) -> Option<Severity> {
    match (scale_key.and_then(Scale::for_key), reading.value) {
        (Some(scale), Some(v)) if reading.flag != Some(Flag::Positive) => scale.assess(v),
        _ => assess(reading),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn severities_are_ordered() {
        assert!(Severity::Mild < Severity::Moderate && Severity::Moderate < Severity::Severe);
    }

    #[test]
    fn custom_scale_overrides_the_printed_range() {
        // LDL 135 mg/dL against a printed range 0-100: the range rule would say severe
        // (35/100 = 0.35); the LDL scale says moderate (130-160).
        let r = Reading { value: Some(135.0), low: Some(0.0), high: Some(100.0), flag: Some(Flag::High) };
        assert_eq!(assess(&r), Some(Severity::Severe));
        assert_eq!(severity(Some("ldl"), &r), Some(Severity::Moderate));
        assert_eq!(severity(Some("unknown_test"), &r), Some(Severity::Severe));
        assert_eq!(severity(None, &r), Some(Severity::Severe));
    }

    #[test]
    fn serialises_lowercase() {
        assert_eq!(Severity::Moderate.as_str(), "moderate");
    }
}
