//! The general rule: distance outside the printed reference range.

use crate::Severity;

/// How the lab (or our parser) flagged the result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flag {
    /// Above the range.
    High,
    /// Below the range.
    Low,
    /// A binary test read positive (reactive, present, detected).
    Positive,
}

/// One result as the severity rules need it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Reading {
    /// Numeric value, if the result has one.
    pub value: Option<f64>,
    /// Lower reference bound, if printed or known.
    pub low: Option<f64>,
    /// Upper reference bound, if printed or known.
    pub high: Option<f64>,
    /// The flag, if any.
    pub flag: Option<Flag>,
}

/// With only one bound, a relative deviation above this is severe, at or below it moderate.
///
/// Chosen so that a value 50% beyond its single limit (CRP 7.5 against `< 5`, ferritin 15 against
/// `> 30`) is still moderate and one at 1.5× the limit or more is severe; SPEC §9 allows only these
/// two grades for one-sided ranges.
pub const ONE_BOUND_SEVERE_ABOVE: f64 = 0.5;

const MILD_UP_TO: f64 = 0.1;
const MODERATE_UP_TO: f64 = 0.25;
/// Printed values are decimals: 13 - 12.6 is 0.40000000000000036 in binary floating point, so
/// thresholds are compared with this tolerance to keep boundary values in the lower grade.
pub(crate) const EPSILON: f64 = 1e-9;

/// Severity by SPEC §9: `None` when the result is not abnormal.
///
/// - A positive binary result is severe.
/// - With both bounds: the distance outside the range divided by its width; ≤ 0.1 mild,
///   ≤ 0.25 moderate, else severe.
/// - With one bound: the deviation relative to that bound; ≤ [`ONE_BOUND_SEVERE_ABOVE`] moderate,
///   else severe.
/// - A flagged result without a value or without any bound (missing data) is moderate.
pub fn assess(r: &Reading) -> Option<Severity> {
    if r.flag == Some(Flag::Positive) {
        return Some(Severity::Severe);
    }
    let missing = || r.flag.map(|_| Severity::Moderate);
    let Some(v) = r.value.filter(|v| v.is_finite()) else { return missing() };
    let low = r.low.filter(|x| x.is_finite());
    let high = r.high.filter(|x| x.is_finite());
    match (low, high) {
        (Some(lo), Some(hi)) if hi > lo => {
            let outside = if v > hi {
                v - hi
            } else if v < lo {
                lo - v
            } else {
                return None;
            };
            let ratio = outside / (hi - lo);
            Some(if ratio <= MILD_UP_TO + EPSILON {
                Severity::Mild
            } else if ratio <= MODERATE_UP_TO + EPSILON {
                Severity::Moderate
            } else {
                Severity::Severe
            })
        }
        (Some(lo), Some(hi)) if hi == lo => one_bound(v, hi, v > hi).or_else(|| one_bound(v, lo, v < lo)),
        (_, Some(hi)) if low.is_none() => one_bound(v, hi, v > hi),
        (Some(lo), _) if high.is_none() => one_bound(v, lo, v < lo),
        _ => missing(),
    }
}

fn one_bound(v: f64, bound: f64, outside: bool) -> Option<Severity> {
    if !outside {
        return None;
    }
    let deviation = if bound == 0.0 { f64::INFINITY } else { (v - bound).abs() / bound.abs() };
    Some(if deviation <= ONE_BOUND_SEVERE_ABOVE + EPSILON { Severity::Moderate } else { Severity::Severe })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn r(value: Option<f64>, low: Option<f64>, high: Option<f64>, flag: Option<Flag>) -> Reading {
        Reading { value, low, high, flag }
    }

    #[test]
    fn both_bounds_table() {
        // Haemoglobin 13-17 (width 4): 0.1 × 4 = 0.4, 0.25 × 4 = 1.
        let cases = [
            (15.0, None),
            (13.0, None),
            (17.0, None),
            (17.4, Some(Severity::Mild)),
            (12.6, Some(Severity::Mild)),
            (17.5, Some(Severity::Moderate)),
            (18.0, Some(Severity::Moderate)),
            (12.0, Some(Severity::Moderate)),
            (18.1, Some(Severity::Severe)),
            (9.0, Some(Severity::Severe)),
        ];
        for (v, want) in cases {
            assert_eq!(assess(&r(Some(v), Some(13.0), Some(17.0), None)), want, "{v}");
        }
    }

    #[test]
    fn one_bound_gives_only_moderate_or_severe() {
        let upper = |v| assess(&r(Some(v), None, Some(5.0), Some(Flag::High)));
        assert_eq!(upper(4.0), None);
        assert_eq!(upper(5.1), Some(Severity::Moderate));
        assert_eq!(upper(7.5), Some(Severity::Moderate));
        assert_eq!(upper(7.6), Some(Severity::Severe));
        let lower = |v| assess(&r(Some(v), Some(30.0), None, Some(Flag::Low)));
        assert_eq!(lower(31.0), None);
        assert_eq!(lower(29.0), Some(Severity::Moderate));
        assert_eq!(lower(15.0), Some(Severity::Moderate));
        assert_eq!(lower(14.9), Some(Severity::Severe));
        assert_eq!(assess(&r(Some(0.1), None, Some(0.0), None)), Some(Severity::Severe));
    }

    #[test]
    fn missing_data_is_moderate_when_flagged() {
        assert_eq!(assess(&r(None, Some(1.0), Some(2.0), Some(Flag::High))), Some(Severity::Moderate));
        assert_eq!(assess(&r(Some(9.0), None, None, Some(Flag::Low))), Some(Severity::Moderate));
        assert_eq!(assess(&r(Some(f64::NAN), Some(1.0), Some(2.0), Some(Flag::High))), Some(Severity::Moderate));
        assert_eq!(assess(&r(None, None, None, None)), None);
        assert_eq!(assess(&r(Some(9.0), None, None, None)), None);
    }

    #[test]
    fn positive_binary_results_are_severe() {
        assert_eq!(assess(&r(None, None, None, Some(Flag::Positive))), Some(Severity::Severe));
    }

    proptest! {
        #[test]
        fn further_above_the_range_is_never_less_severe(lo in -100.0f64..100.0, w in 0.01f64..100.0, a in 0.0f64..500.0, b in 0.0f64..500.0) {
            let hi = lo + w;
            let (near, far) = if a <= b { (a, b) } else { (b, a) };
            let s = |d: f64| assess(&r(Some(hi + d), Some(lo), Some(hi), None));
            prop_assert!(s(far) >= s(near));
            let below = |d: f64| assess(&r(Some(lo - d), Some(lo), Some(hi), None));
            prop_assert!(below(far) >= below(near));
        }

        #[test]
        fn one_bound_is_monotone(bound in 0.01f64..1000.0, a in 0.0f64..5000.0, b in 0.0f64..5000.0) {
            let (near, far) = if a <= b { (a, b) } else { (b, a) };
            let s = |d: f64| assess(&r(Some(bound + d), None, Some(bound), None));
            prop_assert!(s(far) >= s(near));
            prop_assert_ne!(s(far + 0.001), Some(Severity::Mild));
        }
    }
}
