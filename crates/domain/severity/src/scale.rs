//! Custom clinical scales that override the printed range (SPEC §9), with bands for drawing.

use serde::Serialize;

use crate::Severity;
use crate::range::EPSILON;

/// A colour band of the severity bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Band {
    /// Normal or optimal.
    Emerald,
    /// Mild.
    Amber,
    /// Moderate.
    Orange,
    /// Severe.
    Rose,
}

/// One band of the bar: `[from, to)` in the scale's unit.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct BandSpan {
    /// Start of the band.
    pub from: f64,
    /// End of the band.
    pub to: f64,
    /// Its colour.
    pub band: Band,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    /// Thresholds for mild, moderate and severe; `higher_worse` says which way.
    Monotone { thresholds: [f64; 3], higher_worse: bool },
    /// Outside the optimal range, deviation ratio ≤ 0.67 is moderate, else severe.
    Diverging { optimal: (f64, f64) },
}

/// A custom scale for one biomarker.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Scale {
    /// Canonical biomarker key.
    pub key: &'static str,
    /// The unit values must be in.
    pub unit: &'static str,
    /// Range drawn on the severity bar.
    pub domain: (f64, f64),
    kind: Kind,
}

const DIVERGING_MODERATE_UP_TO: f64 = 0.67;

const SCALES: &[Scale] = &[
    Scale {
        key: "ldl",
        unit: "mg/dL",
        domain: (40.0, 220.0),
        kind: Kind::Monotone { thresholds: [100.0, 130.0, 160.0], higher_worse: true },
    },
    Scale {
        key: "hba1c",
        unit: "%",
        domain: (4.0, 12.0),
        kind: Kind::Monotone { thresholds: [5.7, 6.5, 8.0], higher_worse: true },
    },
    Scale {
        key: "egfr",
        unit: "mL/min/1.73m2",
        domain: (0.0, 120.0),
        kind: Kind::Monotone { thresholds: [90.0, 60.0, 30.0], higher_worse: false },
    },
    Scale {
        key: "spo2",
        unit: "%",
        domain: (80.0, 100.0),
        kind: Kind::Monotone { thresholds: [95.0, 92.0, 90.0], higher_worse: false },
    },
    Scale { key: "bmi", unit: "kg/m2", domain: (14.0, 40.0), kind: Kind::Diverging { optimal: (18.5, 24.9) } },
    Scale { key: "sodium", unit: "mmol/L", domain: (125.0, 160.0), kind: Kind::Diverging { optimal: (135.0, 145.0) } },
    Scale { key: "tsh", unit: "mIU/L", domain: (0.1, 10.0), kind: Kind::Diverging { optimal: (0.4, 4.0) } },
];

impl Scale {
    /// The scale for a canonical biomarker key, if it has one.
    pub fn for_key(key: &str) -> Option<&'static Scale> {
        SCALES.iter().find(|s| s.key == key)
    }

    /// Every custom scale.
    pub fn all() -> &'static [Scale] {
        SCALES
    }

    /// Severity of `value` (in [`Scale::unit`]); `None` when normal or optimal.
    pub fn assess(&self, value: f64) -> Option<Severity> {
        match self.kind {
            Kind::Monotone { thresholds: [t1, t2, t3], higher_worse } => {
                let past = |t: f64| if higher_worse { value >= t } else { value < t };
                if past(t3) {
                    Some(Severity::Severe)
                } else if past(t2) {
                    Some(Severity::Moderate)
                } else if past(t1) {
                    Some(Severity::Mild)
                } else {
                    None
                }
            }
            Kind::Diverging { optimal: (lo, hi) } => {
                let (a, b) = self.domain;
                let ratio = if value > hi {
                    (value - hi) / (b - hi)
                } else if value < lo {
                    (lo - value) / (lo - a)
                } else {
                    return None;
                };
                Some(if ratio <= DIVERGING_MODERATE_UP_TO + EPSILON { Severity::Moderate } else { Severity::Severe })
            }
        }
    }

    /// The coloured bands across [`Scale::domain`], lowest value first.
    pub fn bands(&self) -> Vec<BandSpan> {
        let (a, b) = self.domain;
        let span = |from: f64, to: f64, band| BandSpan { from, to, band };
        match self.kind {
            Kind::Monotone { thresholds: [t1, t2, t3], higher_worse: true } => vec![
                span(a, t1, Band::Emerald),
                span(t1, t2, Band::Amber),
                span(t2, t3, Band::Orange),
                span(t3, b, Band::Rose),
            ],
            Kind::Monotone { thresholds: [t1, t2, t3], higher_worse: false } => vec![
                span(a, t3, Band::Rose),
                span(t3, t2, Band::Orange),
                span(t2, t1, Band::Amber),
                span(t1, b, Band::Emerald),
            ],
            Kind::Diverging { optimal: (lo, hi) } => {
                let low_cut = lo - DIVERGING_MODERATE_UP_TO * (lo - a);
                let high_cut = hi + DIVERGING_MODERATE_UP_TO * (b - hi);
                vec![
                    span(a, low_cut, Band::Rose),
                    span(low_cut, lo, Band::Orange),
                    span(lo, hi, Band::Emerald),
                    span(hi, high_cut, Band::Orange),
                    span(high_cut, b, Band::Rose),
                ]
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn s(key: &str, v: f64) -> Option<Severity> {
        Scale::for_key(key).unwrap().assess(v)
    }

    #[test]
    fn monotone_scales_table() {
        use Severity::*;
        for (key, v, want) in [
            ("ldl", 99.0, None),
            ("ldl", 100.0, Some(Mild)),
            ("ldl", 129.9, Some(Mild)),
            ("ldl", 130.0, Some(Moderate)),
            ("ldl", 160.0, Some(Severe)),
            ("hba1c", 5.6, None),
            ("hba1c", 5.7, Some(Mild)),
            ("hba1c", 6.5, Some(Moderate)),
            ("hba1c", 8.0, Some(Severe)),
            ("egfr", 95.0, None),
            ("egfr", 90.0, None),
            ("egfr", 89.0, Some(Mild)),
            ("egfr", 59.0, Some(Moderate)),
            ("egfr", 29.0, Some(Severe)),
            ("spo2", 97.0, None),
            ("spo2", 94.0, Some(Mild)),
            ("spo2", 91.0, Some(Moderate)),
            ("spo2", 89.0, Some(Severe)),
        ] {
            assert_eq!(s(key, v), want, "{key} {v}");
        }
    }

    #[test]
    fn diverging_scales_table() {
        use Severity::*;
        for (key, v, want) in [
            ("bmi", 22.0, None),
            ("bmi", 30.0, Some(Moderate)), // (30-24.9)/(40-24.9) = 0.34
            ("bmi", 36.0, Some(Severe)),   // 0.74
            ("bmi", 17.0, Some(Moderate)), // (18.5-17)/(18.5-14) = 0.33
            ("bmi", 15.0, Some(Severe)),   // 0.78
            ("sodium", 140.0, None),
            ("sodium", 130.0, Some(Moderate)), // 0.5
            ("sodium", 126.0, Some(Severe)),   // 0.9
            ("sodium", 150.0, Some(Moderate)), // 0.33
            ("sodium", 158.0, Some(Severe)),   // 0.87
            ("tsh", 2.0, None),
            ("tsh", 6.0, Some(Moderate)), // 0.33
            ("tsh", 9.0, Some(Severe)),   // 0.83
            ("tsh", 0.3, Some(Moderate)), // 0.33
            ("tsh", 0.15, Some(Severe)),  // 0.83
        ] {
            assert_eq!(s(key, v), want, "{key} {v}");
        }
    }

    #[test]
    fn bands_cover_the_domain_contiguously_and_match_assessments() {
        for scale in Scale::all() {
            let bands = scale.bands();
            assert_eq!(bands.first().unwrap().from, scale.domain.0, "{}", scale.key);
            assert_eq!(bands.last().unwrap().to, scale.domain.1, "{}", scale.key);
            for pair in bands.windows(2) {
                assert_eq!(pair[0].to, pair[1].from, "{}", scale.key);
            }
            for b in &bands {
                let mid = (b.from + b.to) / 2.0;
                let want = match scale.assess(mid) {
                    None => Band::Emerald,
                    Some(Severity::Mild) => Band::Amber,
                    Some(Severity::Moderate) => Band::Orange,
                    Some(Severity::Severe) => Band::Rose,
                };
                assert_eq!(b.band, want, "{} at {mid}", scale.key);
            }
        }
    }

    proptest! {
        #[test]
        fn further_from_optimal_is_never_less_severe(idx in 0usize..7, a in 0.0f64..1.0, b in 0.0f64..1.0) {
            let scale = &Scale::all()[idx];
            let (lo, hi) = scale.domain;
            let (x, y) = (lo + a * (hi - lo), lo + b * (hi - lo));
            let optimal_mid = match scale.kind {
                Kind::Diverging { optimal: (o1, o2) } => (o1 + o2) / 2.0,
                Kind::Monotone { higher_worse: true, .. } => lo,
                Kind::Monotone { higher_worse: false, .. } => hi,
            };
            // Compare two values on the same side of the optimum.
            if (x - optimal_mid).signum() == (y - optimal_mid).signum() {
                let (near, far) = if (x - optimal_mid).abs() <= (y - optimal_mid).abs() { (x, y) } else { (y, x) };
                prop_assert!(scale.assess(far) >= scale.assess(near), "{} {near} {far}", scale.key);
            }
        }
    }
}
