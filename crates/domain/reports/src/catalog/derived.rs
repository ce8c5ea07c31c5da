//! Results a lab works out from others (MCH from haemoglobin and the red cell count, eAG from
//! HbA1c, an absolute count from the white cell count and its percentage), used to catch a
//! digit OCR misread.
//!
//! When the results of a relation are all on a scanned report and do not fit it, each is read
//! again as OCR might have misread it: one digit it confuses with another (`6` for `8`, `5` for
//! `6`), or a decimal point it lost (`325` for `3.25`). If exactly one such reading of exactly one
//! result makes the relation hold, within what the printed decimals allow, and is physiologically
//! plausible, that result is mended, with a reason, so that the row asks for review. Anything
//! else (no reading fits, or several do) leaves every value as read. Relations whose formula
//! differs between labs (VLDL as triglycerides / 5, calculated LDL) are not used.

use super::{Biomarker, by_key};

/// One result as read: its catalog entry, its value as printed and as a number (the number may
/// already be mended, `076` read as 0.76), and its printed unit.
#[derive(Debug, Clone)]
pub struct Reading<'a> {
    pub biomarker: &'a Biomarker,
    pub text: &'a str,
    pub number: f64,
    pub unit: Option<&'a str>,
    /// Whether the value may be mended here (not when another mend already changed it).
    pub mendable: bool,
}

/// A value mended by a relation: which reading, its new number, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Mend {
    pub index: usize,
    pub number: f64,
    pub reason: String,
}

/// A result worked out from others, in canonical units.
struct Relation {
    output: &'static str,
    inputs: &'static [&'static str],
    formula: fn(&[f64]) -> f64,
    /// How the lab works it out, for the reason shown to the person.
    says: &'static str,
}

const fn rel(
    output: &'static str,
    inputs: &'static [&'static str],
    formula: fn(&[f64]) -> f64,
    says: &'static str,
) -> Relation {
    Relation { output, inputs, formula, says }
}

const RELATIONS: &[Relation] = &[
    rel("mcv", &["hematocrit", "rbc_count"], |x| x[0] * 10.0 / x[1], "MCV = haematocrit × 10 / RBC count"),
    rel("mch", &["haemoglobin", "rbc_count"], |x| x[0] * 10.0 / x[1], "MCH = haemoglobin × 10 / RBC count"),
    rel("mchc", &["haemoglobin", "hematocrit"], |x| x[0] * 100.0 / x[1], "MCHC = haemoglobin × 100 / haematocrit"),
    rel("eag", &["hba1c"], |x| 28.7 * x[0] - 46.7, "eAG = 28.7 × HbA1c − 46.7"),
    rel("neutrophils_abs", &["wbc_count", "neutrophils_pct"], |x| x[0] * x[1] / 100.0, "a count = WBC × its % / 100"),
    rel("lymphocytes_abs", &["wbc_count", "lymphocytes_pct"], |x| x[0] * x[1] / 100.0, "a count = WBC × its % / 100"),
    rel("monocytes_abs", &["wbc_count", "monocytes_pct"], |x| x[0] * x[1] / 100.0, "a count = WBC × its % / 100"),
    rel("eosinophils_abs", &["wbc_count", "eosinophils_pct"], |x| x[0] * x[1] / 100.0, "a count = WBC × its % / 100"),
    rel("basophils_abs", &["wbc_count", "basophils_pct"], |x| x[0] * x[1] / 100.0, "a count = WBC × its % / 100"),
    rel("mixed_abs", &["wbc_count", "mixed_pct"], |x| x[0] * x[1] / 100.0, "a count = WBC × its % / 100"),
    rel("non_hdl", &["cholesterol_total", "hdl"], |x| x[0] - x[1], "non-HDL = total cholesterol − HDL"),
    rel("chol_hdl_ratio", &["cholesterol_total", "hdl"], |x| x[0] / x[1], "total cholesterol / HDL"),
    rel("ldl_hdl_ratio", &["ldl", "hdl"], |x| x[0] / x[1], "LDL / HDL"),
    rel("tg_hdl_ratio", &["triglycerides", "hdl"], |x| x[0] / x[1], "triglycerides / HDL"),
    rel("globulin", &["total_protein", "albumin"], |x| x[0] - x[1], "globulin = total protein − albumin"),
    rel("ag_ratio", &["albumin", "globulin"], |x| x[0] / x[1], "A/G ratio = albumin / globulin"),
    rel("bun_creatinine_ratio", &["bun", "creatinine"], |x| x[0] / x[1], "BUN / creatinine"),
    rel("ast_alt_ratio", &["ast", "alt"], |x| x[0] / x[1], "AST / ALT"),
];

/// Digits OCR confuses with each other in print.
const CONFUSED: &[(char, char)] = &[
    ('0', '8'),
    ('0', '6'),
    ('0', '9'),
    ('1', '7'),
    ('1', '4'),
    ('2', '7'),
    ('3', '8'),
    ('3', '5'),
    ('3', '9'),
    ('4', '9'),
    ('5', '6'),
    ('5', '8'),
    ('6', '8'),
    ('8', '9'),
];

/// The mends the relations find among `readings` (see the module notes), applied in turn: a
/// mended value takes part in later relations as mended.
#[must_use]
pub fn mend_by_relations(readings: &[Reading<'_>]) -> Vec<Mend> {
    let mut numbers: Vec<f64> = readings.iter().map(|r| r.number).collect();
    let mut mendable: Vec<bool> = readings.iter().map(|r| r.mendable).collect();
    let mut mends = Vec::new();
    let all: Vec<(&Relation, Vec<usize>)> = RELATIONS.iter().filter_map(|r| Some((r, members(readings, r)?))).collect();
    for (relation, members) in &all {
        let value = |i: usize, number: f64| readings[i].biomarker.to_canonical(number, readings[i].unit);
        let holds = |numbers: &[f64], exact: bool| fits(readings, relation, members, numbers, exact);
        if holds(&numbers, false) != Some(false) {
            continue;
        }
        // A reading that fits this relation must not break another that the value as read
        // fits: a lab whose MCHC does not fit its own haemoglobin and haematocrit still prints
        // an MCH that does, and haemoglobin stays as read.
        let keeps_others = |i: usize, trial: &[f64]| {
            all.iter().filter(|(r, m)| !std::ptr::eq(*r, *relation) && m.contains(&i)).all(|(r, m)| {
                fits(readings, r, m, &numbers, false) != Some(true) || fits(readings, r, m, trial, false) == Some(true)
            })
        };
        // Readings that make the relation hold on the printed inputs as they stand (labs work a
        // result out from the values they print), else within the inputs' rounding.
        let mut found: Vec<(usize, f64)> = Vec::new();
        for exact in [true, false] {
            for &i in members {
                if !mendable[i] {
                    continue;
                }
                for candidate in misreadings(readings[i].text) {
                    let plausible = value(i, candidate)
                        .is_some_and(|v| readings[i].biomarker.plausible.is_none_or(|(lo, hi)| (lo..=hi).contains(&v)));
                    let mut trial = numbers.clone();
                    trial[i] = candidate;
                    if plausible
                        && holds(&trial, exact) == Some(true)
                        && keeps_others(i, &trial)
                        && !found.contains(&(i, candidate))
                    {
                        found.push((i, candidate));
                    }
                }
            }
            if !found.is_empty() {
                break;
            }
        }
        if let [(i, number)] = found[..] {
            mends.push(Mend {
                index: i,
                number,
                reason: format!(
                    "the result reads {}, which does not fit {} with the other results; {number} does, so it is taken as {number} (a digit or decimal point misread in the scan); check the report",
                    readings[i].text, relation.says
                ),
            });
            numbers[i] = number;
            mendable[i] = false;
        }
    }
    mends
}

/// The reading for each result of `relation`, output first; `None` when one is missing or
/// printed more than once with different values.
fn members(readings: &[Reading<'_>], relation: &Relation) -> Option<Vec<usize>> {
    std::iter::once(relation.output)
        .chain(relation.inputs.iter().copied())
        .map(|key| {
            by_key(key)?;
            let mut found = readings.iter().enumerate().filter(|(_, r)| r.biomarker.key == key);
            let (i, first) = found.next()?;
            found.all(|(_, r)| r.text == first.text).then_some(i)
        })
        .collect()
}

/// Whether the output fits the formula of its inputs: `exact`, the formula of the inputs as
/// printed, rounded as the output is printed; otherwise each input is allowed the rounding of
/// its printed decimals, and half a percent besides. `None` when a value cannot be put in
/// canonical units.
fn fits(
    readings: &[Reading<'_>],
    relation: &Relation,
    members: &[usize],
    numbers: &[f64],
    exact: bool,
) -> Option<bool> {
    let bounds = |i: usize, half: f64| -> Option<(f64, f64)> {
        let r = &readings[i];
        let a = r.biomarker.to_canonical(numbers[i] - half, r.unit)?;
        let b = r.biomarker.to_canonical(numbers[i] + half, r.unit)?;
        Some((a.min(b), a.max(b)))
    };
    let half = |i: usize| rounding(readings[i].text, numbers[i]);
    let (out_lo, out_hi) = bounds(members[0], half(members[0]))?;
    let inputs: Vec<(f64, f64)> =
        members[1..].iter().map(|&i| bounds(i, if exact { 0.0 } else { half(i) })).collect::<Option<_>>()?;
    // Every corner of the inputs' box: the formulas are monotonic in each input.
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for corner in 0..(1u32 << inputs.len()) {
        let args: Vec<f64> =
            inputs.iter().enumerate().map(|(k, &(a, b))| if corner & (1 << k) == 0 { a } else { b }).collect();
        let v = (relation.formula)(&args);
        if !v.is_finite() {
            return None;
        }
        (lo, hi) = (lo.min(v), hi.max(v));
    }
    let slack = if exact { 1e-9 } else { 0.005 } * lo.abs().max(hi.abs());
    Some(out_hi >= lo - slack && out_lo <= hi + slack)
}

/// Half a unit of the last printed decimal of `text` (0.05 for `4.7`, 0.5 for `92`).
fn rounding(text: &str, number: f64) -> f64 {
    let decimals = text.split_once('.').map_or(0, |(_, d)| d.len());
    let half = 0.5 * 10f64.powi(-i32::try_from(decimals).unwrap_or(0));
    if text.contains('.') || number.fract() == 0.0 { half } else { 0.0 }
}

/// What `text` may have been before OCR misread it: each single digit it confuses with another,
/// and, for a whole number of two digits or more, each place a lost decimal point may have stood.
fn misreadings(text: &str) -> Vec<f64> {
    let plain = !text.is_empty()
        && text.chars().all(|c| c.is_ascii_digit() || c == '.')
        && text.matches('.').count() <= 1
        && text.starts_with(|c: char| c.is_ascii_digit());
    if !plain {
        return Vec::new();
    }
    let chars: Vec<char> = text.chars().collect();
    let mut out: Vec<f64> = Vec::new();
    for (i, &c) in chars.iter().enumerate() {
        for &(a, b) in CONFUSED {
            let other = if c == a {
                b
            } else if c == b {
                a
            } else {
                continue;
            };
            let mut changed = chars.clone();
            changed[i] = other;
            out.extend(changed.iter().collect::<String>().parse::<f64>().ok());
        }
    }
    if !text.contains('.') && chars.len() >= 2 {
        for at in 1..chars.len() {
            let with_point: String = chars[..at].iter().chain(['.'].iter()).chain(chars[at..].iter()).collect();
            out.extend(with_point.parse::<f64>().ok());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reading<'a>(key: &str, text: &'a str, unit: Option<&'a str>) -> Reading<'a> {
        Reading { biomarker: by_key(key).unwrap(), text, number: text.parse().unwrap(), unit, mendable: true }
    }

    #[test]
    fn a_misread_digit_in_a_worked_out_result_is_put_back() {
        // eAG 88.19 for HbA1c 4.7, its 8 read as 6.
        let readings = [reading("hba1c", "4.7", Some("%")), reading("eag", "86.19", Some("mg/dL"))];
        let mends = mend_by_relations(&readings);
        assert_eq!(mends.len(), 1);
        assert_eq!((mends[0].index, mends[0].number), (1, 88.19));
        assert!(mends[0].reason.contains("86.19"), "{}", mends[0].reason);
    }

    #[test]
    fn a_lost_decimal_point_in_a_count_is_put_back() {
        let readings = [
            reading("wbc_count", "7.2", Some("10^3/µL")),
            reading("lymphocytes_pct", "45.1", Some("%")),
            reading("lymphocytes_abs", "325", Some("10^3/µL")),
        ];
        let mends = mend_by_relations(&readings);
        assert_eq!(mends.iter().map(|m| (m.index, m.number)).collect::<Vec<_>>(), vec![(2, 3.25)]);
    }

    #[test]
    fn an_input_misread_is_found_as_well_as_an_output() {
        // MCH 30.7 from haemoglobin 13.8 and RBC 4.49, with haemoglobin's 3 read as 8.
        let readings = [
            reading("haemoglobin", "18.8", Some("g/dL")),
            reading("rbc_count", "4.49", Some("10^6/µL")),
            reading("mch", "30.7", Some("pg")),
        ];
        let mends = mend_by_relations(&readings);
        assert_eq!(mends.iter().map(|m| (m.index, m.number)).collect::<Vec<_>>(), vec![(0, 13.8)]);
    }

    #[test]
    fn results_that_fit_or_that_no_single_misreading_explains_stay_as_read() {
        // Rounded as labs print them: fits.
        let fitting = [
            reading("haemoglobin", "13.8", Some("g/dL")),
            reading("hematocrit", "38.5", Some("%")),
            reading("mchc", "35.8", Some("g/dL")),
        ];
        assert!(mend_by_relations(&fitting).is_empty());
        // Far off in more than one digit: nothing is guessed.
        let far = [reading("hba1c", "4.7", Some("%")), reading("eag", "123.4", Some("mg/dL"))];
        assert!(mend_by_relations(&far).is_empty());
        // A value already mended another way is not mended again.
        let mut held = [reading("hba1c", "4.7", Some("%")), reading("eag", "86.19", Some("mg/dL"))];
        held[1].mendable = false;
        held[0].mendable = false;
        assert!(mend_by_relations(&held).is_empty());
        // A result printed twice with different values: which one belongs is unknown.
        let twice = [
            reading("hba1c", "4.7", Some("%")),
            reading("eag", "86.19", Some("mg/dL")),
            reading("eag", "90.1", Some("mg/dL")),
        ];
        assert!(mend_by_relations(&twice).is_empty());
    }

    #[test]
    fn a_mend_that_would_break_another_relation_is_not_made() {
        // A lab whose MCHC (34.2) does not fit its haemoglobin and PCV: haemoglobin 10.0 would
        // fit it, but the MCH printed beside them fits 10.6.
        let readings = [
            reading("haemoglobin", "10.6", Some("g/dL")),
            reading("rbc_count", "4.10", Some("10^6/µL")),
            reading("hematocrit", "29.20", Some("%")),
            reading("mchc", "34.20", Some("g/dL")),
            reading("mch", "25.70", Some("pg")),
        ];
        assert_eq!(mend_by_relations(&readings), vec![]);
        assert_eq!(mend_by_relations(&readings[..4]).iter().map(|m| m.index).collect::<Vec<_>>(), vec![0]);
    }

    #[test]
    fn misreadings_are_confused_digits_and_lost_points() {
        let got = misreadings("325");
        for want in [3.25, 32.5, 825.0, 375.0, 326.0, 328.0] {
            assert!(got.contains(&want), "{want} in {got:?}");
        }
        assert!(misreadings("<2").is_empty());
        assert!(misreadings("Negative").is_empty());
        assert!(!misreadings("4.7").contains(&0.47));
    }
}
