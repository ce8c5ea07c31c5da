//! Units OCR misread (`ma/dl`, `mu/mi`, `x1000/mmn3`): put back as the unit they are a letter
//! or two away from, when exactly one unit labs print is that close.

use std::sync::LazyLock;

/// Units labs print that the catalog's conversions do not already name.
const EXTRA_UNITS: &[&str] = &[
    "mg/dl",
    "g/dl",
    "gm/dl",
    "ng/ml",
    "pg/ml",
    "ug/ml",
    "ug/dl",
    // Micrograms and microlitres as `mc` and, on some labs' reports, `mic`: never to be taken
    // for a milli unit a letter or two away.
    "mcg/dl",
    "mcg/l",
    "mcg/ml",
    "micg/dl",
    "micg/l",
    "cells/mcL",
    "/mcL",
    "x10^3/mcL",
    "x10^6/mcL",
    "mIU/ml",
    "uIU/ml",
    "mU/mL",
    "IU/l",
    "U/l",
    "mmol/l",
    "umol/l",
    "mEq/l",
    "fl",
    "x1000/mm3",
    "x10^3/uL",
    "million/mm3",
    "Mil/uL",
    "1000/µL",
    "Bin/µL",
    "Milyon/µL",
    "/mm3",
    "/µL",
    "mm/hr",
    "Index",
    "Ratio",
    "Cells/µL",
    "% of Hb",
];

/// Every unit spelling known, each with the spelling to print.
static UNITS: LazyLock<Vec<(String, String)>> = LazyLock::new(|| {
    let mut units: Vec<(String, String)> = Vec::new();
    let catalog = super::all()
        .iter()
        .flat_map(|b| std::iter::once(b.unit.clone()).chain(b.conversions.iter().map(|(u, _)| u.clone())));
    for unit in catalog.chain(EXTRA_UNITS.iter().map(|u| (*u).to_string())) {
        let key = key(&unit);
        if !key.is_empty() && !units.iter().any(|(k, _)| *k == key) {
            units.push((key, unit));
        }
    }
    units
});

/// How units compare here: lower case, without spaces, µ as u.
fn key(unit: &str) -> String {
    unit.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .map(|c| if matches!(c, 'µ' | 'μ') { 'u' } else { c })
        .collect()
}

/// The unit an OCR reading of a unit was meant to be, when it is not a unit labs print and
/// exactly one such unit is one edit away (two for readings of six letters or more; readings
/// without a slash need five letters).
pub fn mend_unit(read: &str) -> Option<String> {
    let read_key = key(read);
    let length = read_key.chars().count();
    if length < 3 || UNITS.iter().any(|(k, _)| *k == read_key) {
        return None;
    }
    // A reading that lost its slash (`Milul`) is mended only when it is five letters or more.
    let reach = match (read_key.contains('/'), length) {
        (_, 6..) => 2,
        (true, _) | (false, 5) => 1,
        _ => return None,
    };
    for distance in 1..=reach {
        let mut near = UNITS.iter().filter(|(k, _)| edit_distance(k, &read_key) == distance);
        if let Some((_, unit)) = near.next() {
            return near.next().is_none().then(|| unit.clone());
        }
    }
    None
}

/// Levenshtein distance over characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitute = previous[j] + usize::from(ca != *cb);
            current[j + 1] = substitute.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        previous = current;
    }
    previous[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_unit_a_letter_or_two_from_one_labs_print_is_put_back() {
        assert_eq!(mend_unit("ma/dl").map(|u| key(&u)).as_deref(), Some("mg/dl"));
        assert_eq!(mend_unit("mu/mi").map(|u| key(&u)).as_deref(), Some("mu/ml"));
        assert_eq!(mend_unit("x1000/mmn3").as_deref(), Some("x1000/mm3"));
        assert_eq!(mend_unit("milhon/mm3").as_deref(), Some("million/mm3"));
        assert_eq!(mend_unit("1000/wL").as_deref(), Some("1000/µL"));
        assert_eq!(mend_unit("BinjpL").as_deref(), Some("Bin/µL"));
        assert_eq!(mend_unit("Milul").as_deref(), Some("Mil/uL"));
    }

    #[test]
    fn known_units_and_readings_near_two_units_are_left_alone() {
        // Printed units stay as they are, whatever their case or micro sign.
        for unit in ["mg/dL", "MG/DL", "ng/ml", "µIU/mL", "uIU/mL", "mg/l", "10^3/µL", "cells/mcL", "micg/dl"] {
            assert_eq!(mend_unit(unit), None, "{unit}");
        }
        // A micro unit misread stays micro.
        assert_eq!(mend_unit("mcg/dI").as_deref(), Some("mcg/dl"));
        // `g/d` is one letter from both g/dl and g/l.
        assert_eq!(mend_unit("g/d"), None);
        // Short readings and words are not units to mend.
        assert_eq!(mend_unit("b"), None);
        assert_eq!(mend_unit("Refer"), None);
        assert_eq!(mend_unit("mg/24hr"), None);
    }

    #[test]
    fn edit_distance_counts_insertions_deletions_and_substitutions() {
        assert_eq!(edit_distance("mg/dl", "mg/dl"), 0);
        assert_eq!(edit_distance("mg/dl", "ma/dl"), 1);
        assert_eq!(edit_distance("mg/dl", "mg/l"), 1);
        assert_eq!(edit_distance("mil/ul", "milul"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
    }
}
