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
    "x10E3/uL",
    "x10E6/uL",
    "million/mm3",
    "millions/cumm",
    "mill/cmm",
    "Mil/uL",
    "1000/µL",
    "Bin/µL",
    "Milyon/µL",
    "/mm3",
    "/cmm",
    "/cumm",
    "cumm",
    "mm at 1hr",
    "mm/1st hr",
    "mm/hr",
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

/// How units compare here: lower case, without spaces, µ as u, and powers of ten however they
/// are written (`x10E3/uL`, `x10^3/uL`, `X 10³ / µL`, `1.73 m²`) as plain digits.
fn key(unit: &str) -> String {
    let chars: Vec<char> = unit
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '^')
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'µ' | 'μ' => 'u',
            '²' => '2',
            '³' => '3',
            '⁶' => '6',
            '⁹' => '9',
            c => c,
        })
        .collect();
    let digit = |i: usize| chars.get(i).is_some_and(char::is_ascii_digit);
    // The `e` of `10e3`, between digits.
    (0..chars.len())
        .filter(|&i| !(chars[i] == 'e' && i > 0 && digit(i - 1) && digit(i + 1)))
        .map(|i| chars[i])
        .collect()
}

/// Whether `read` is a unit labs print (whatever its case, spacing or micro sign): the
/// catalog's units, their conversions and [`EXTRA_UNITS`].
#[must_use]
pub fn is_known_unit(read: &str) -> bool {
    is_known_key(&key(read))
}

/// Whether `read_key` ([`key`]) is that of a unit labs print.
fn is_known_key(read_key: &str) -> bool {
    UNITS.iter().any(|(k, _)| k == read_key)
}

/// The unit an OCR reading of a unit was meant to be, when it is not a unit labs print and
/// exactly one such unit is nearest, at most an edit away (and a lookalike letter more for
/// readings of six letters or more; readings without a slash need five letters).
pub fn mend_unit(read: &str) -> Option<String> {
    let read_key = key(read);
    let length = read_key.chars().count();
    if length < 3 || is_known_key(&read_key) {
        return None;
    }
    // In half edits (see `edit_distance`): one edit, or one and a lookalike from six letters.
    // A reading that lost its slash (`Milul`) is mended only when it is five letters or more.
    let reach = match (read_key.contains('/'), length) {
        (_, 6..) => 3,
        (true, _) | (false, 5) => 2,
        _ => return None,
    };
    // Every distance once: the nearest unit, if it is within reach and alone at its distance.
    // (Compared in quarter edits, so that of two units as near in half edits the one whose
    // letters the reading ran together wins: `W/L` is IU/L.)
    let distances: Vec<usize> = UNITS.iter().map(|(k, _)| edit_quarters(k, &read_key)).collect();
    let nearest = *distances.iter().min()?;
    let mut near = UNITS.iter().zip(&distances).filter(|(_, d)| **d == nearest);
    let ((unit_key, unit), _) = near.next()?;
    if nearest > 2 * reach || near.next().is_some() {
        return None;
    }
    // Of the unit's printed spellings, the one nearest the reading (`x10E3/uL` for `=x10E3/uL`,
    // not `x10^3/uL`).
    let lower = read.to_lowercase();
    let spelling = known_units()
        .filter(|u| key(u) == *unit_key)
        .min_by_key(|u| edit_quarters(&u.to_lowercase(), &lower))
        .map_or_else(|| unit.clone(), str::to_string);
    Some(spelling)
}

/// Words that stand where a unit does on some reports and are no unit: a flag, or a label of
/// a sex or an age group that starts a reference.
const NOT_UNITS: &[&str] = &["high", "low", "normal", "male", "female", "men", "women", "adult", "adults", "child"];

/// Whether an OCR reading in a unit's place is, a letter or stray mark apart, a word that is
/// no unit ([`NOT_UNITS`]): `Haigh` is High, `Mer.` is Men. Such a reading is not mended to
/// a unit, whatever the reference beside it.
#[must_use]
pub fn misread_label(read: &str) -> bool {
    let word: String = read.chars().filter(|c| c.is_alphabetic()).flat_map(char::to_lowercase).collect();
    word.chars().count() >= 2 && NOT_UNITS.iter().any(|label| edit_distance_within(&word, label, 2))
}

/// Every unit labs print in every spelling the catalog and [`EXTRA_UNITS`] give it
/// (`x10^3/uL` and `x10E3/uL` both, which compare as one).
pub(crate) fn known_units() -> impl Iterator<Item = &'static str> {
    let catalog = super::all()
        .iter()
        .flat_map(|b| std::iter::once(b.unit.as_str()).chain(b.conversions.iter().map(|(u, _)| u.as_str())));
    catalog.chain(EXTRA_UNITS.iter().copied())
}

/// [`edit_distance`] between two units as they compare (see [`key`]).
pub(crate) fn unit_distance(a: &str, b: &str) -> usize {
    edit_distance(&key(a), &key(b))
}

/// [`edit_quarters`] between two units as they compare (see [`key`]).
pub(crate) fn unit_quarters(a: &str, b: &str) -> usize {
    edit_quarters(&key(a), &key(b))
}

/// Letters OCR takes for one another in units: a substitution between them costs half.
const LOOKALIKES: &[(char, char)] = &[
    ('a', 'g'),
    ('e', 'c'),
    ('i', 'l'),
    ('l', '1'),
    ('i', '1'),
    ('!', 'l'),
    ('|', 'l'),
    ('i', '/'),
    ('j', '/'),
    ('l', '/'),
    ('p', 'u'),
    ('y', 'u'),
    ('w', 'u'),
    ('v', 'u'),
    ('o', '0'),
    ('t', 'i'),
    ('t', 'l'),
    // The `m/` of `gm/dL` and `mm/hr` in a photo: `gnvdl`, `mnvhr`.
    ('n', 'm'),
    ('v', '/'),
];

/// Letters OCR reads as one where two stand run together in a unit: `W` for the `IU` of
/// international units (`W/L`) or for the `U/` of `U/L` (`WL`), `1` for that `IU` too (`1/L`:
/// on the photos of four seeds of `bench/layouts.py`, each of three `1/L` was IU/L as printed,
/// and no U/L of some ninety was read so), and `a` for the `g/` of `mg/dL` in a photo, its `L`
/// lost too (`mad`).
const FUSED: &[(char, &str)] = &[('w', "iu"), ('w', "u/"), ('1', "iu"), ('a', "g/")];

/// `read` (a unit as units compare, [`key`]) with its first letter that OCR reads for two run
/// together ([`FUSED`]) put back as those two, one spelling for each pair: `wl` gives `iul`
/// and `u/l`.
pub(crate) fn unfused(read: &str) -> impl Iterator<Item = String> + '_ {
    FUSED.iter().filter(|(one, _)| read.contains(*one)).map(|(one, two)| read.replacen(*one, two, 1))
}

/// Edit distance in half edits (so that it stays an integer): a lookalike substitution, two
/// letters read as one ([`FUSED`]) or stray punctuation costs 1, any other insertion, deletion
/// or substitution 2.
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    edit_quarters(a, b).div_ceil(2)
}

/// How many characters `a` and `b` have in common in the same order (the length of their
/// longest common subsequence).
pub(crate) fn common_in_order(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row = vec![0usize; b.len() + 1];
    for x in a.chars() {
        let mut diagonal = 0;
        for (j, &y) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = if x == y { diagonal + 1 } else { above.max(row[j]) };
            diagonal = above;
        }
    }
    row[b.len()]
}

/// Edit distance in quarter edits, finer than [`edit_distance`] where it must choose: two
/// letters read as one cost 1, a lookalike substitution or stray punctuation 2, any other
/// edit 4 (`w/l` is nearer `iu/l` than `u/l`, which are as near in half edits).
pub(crate) fn edit_quarters(a: &str, b: &str) -> usize {
    quarters_within(a, b, usize::MAX).unwrap_or(usize::MAX)
}

/// Whether `a` and `b` are at most `most` apart in [`edit_distance`]'s half edits, found
/// without finishing the table where they are not: a header word is asked against every word
/// of every line of a page, and unrelated words are far apart within a few letters.
pub(crate) fn edit_distance_within(a: &str, b: &str, most: usize) -> bool {
    quarters_within(a, b, most * 2).is_some()
}

/// [`edit_quarters`] when it is at most `most`. The table is filled a row (a letter of `a`)
/// at a time; every way through it crosses one of any two rows running (two letters of `a`
/// read as one skip a row), so when the two last filled rows are both past `most`, so is the
/// distance.
fn quarters_within(a: &str, b: &str, most: usize) -> Option<usize> {
    // Every reading and unit is asked against many others (each cell of a page against the
    // header words, each unit read against the catalog's): short ones, as nearly all are, are
    // laid out on the stack.
    let (mut short_a, mut short_b) = (['\0'; SHORT], ['\0'; SHORT]);
    let (mut long_a, mut long_b) = (Vec::new(), Vec::new());
    let (a, b) = (chars_in(a, &mut short_a, &mut long_a), chars_in(b, &mut short_b, &mut long_b));
    // Three rows of the table at a time: this one, the one above, and the one above that (two
    // letters of `a` read as one come from there).
    let width = b.len() + 1;
    let mut short_rows = [0usize; 3 * (SHORT + 1)];
    let mut long_rows: Vec<usize>;
    let rows: &mut [usize] = if width <= SHORT + 1 {
        &mut short_rows[..3 * width]
    } else {
        long_rows = vec![0; 3 * width];
        &mut long_rows
    };
    let lookalike = |x: char, y: char| LOOKALIKES.iter().any(|&(p, q)| (p, q) == (x, y) || (q, p) == (x, y));
    let fused = |one: char, two: &[char]| FUSED.iter().any(|(o, t)| *o == one && t.chars().eq(two.iter().copied()));
    let indel = |c: char| if matches!(c, '.' | ',' | '!' | '\'' | ':' | ';' | '|') { 2 } else { 4 };
    let substitute = |x: char, y: char| match (x, y) {
        _ if x == y => 0,
        _ if lookalike(x, y) => 2,
        _ => 4,
    };
    // Row `i` of the table is `rows[(i % 3) * width..][..width]`.
    let at = |i: usize| (i % 3) * width;
    for j in 1..=b.len() {
        rows[j] = rows[j - 1] + indel(b[j - 1]);
    }
    // Row 0's least is its first.
    let mut row_before_min = 0;
    for i in 1..=a.len() {
        let (row, above, two_above) = (at(i), at(i + 2), at(i + 1));
        rows[row] = rows[above] + indel(a[i - 1]);
        for j in 1..=b.len() {
            let mut best = (rows[above + j] + indel(a[i - 1]))
                .min(rows[row + j - 1] + indel(b[j - 1]))
                .min(rows[above + j - 1] + substitute(a[i - 1], b[j - 1]));
            if j > 1 && fused(a[i - 1], &b[j - 2..j]) {
                best = best.min(rows[above + j - 2] + 1);
            }
            if i > 1 && fused(b[j - 1], &a[i - 2..i]) {
                best = best.min(rows[two_above + j - 1] + 1);
            }
            rows[row + j] = best;
        }
        let row_min = rows[row..row + width].iter().copied().min().unwrap_or(usize::MAX);
        if row_min > most && row_before_min > most {
            return None;
        }
        row_before_min = row_min;
    }
    Some(rows[at(a.len()) + b.len()]).filter(|&q| q <= most)
}

/// Strings of up to this many bytes are compared on the stack ([`quarters_within`]).
const SHORT: usize = 32;

/// The characters of `text`: in `short` when they fit, else in `long`.
fn chars_in<'a>(text: &str, short: &'a mut [char; SHORT], long: &'a mut Vec<char>) -> &'a [char] {
    if text.len() <= SHORT {
        let n = short.iter_mut().zip(text.chars()).map(|(slot, c)| *slot = c).count();
        &short[..n]
    } else {
        long.extend(text.chars());
        long
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_unit_a_letter_or_two_from_one_labs_print_is_put_back() {
        assert_eq!(mend_unit("ma/dl").map(|u| key(&u)).as_deref(), Some("mg/dl"));
        assert_eq!(mend_unit("mu/mi").map(|u| key(&u)).as_deref(), Some("mu/ml"));
        assert_eq!(mend_unit("x1000/mmn3").as_deref(), Some("x1000/mm3"));
        assert_eq!(mend_unit("mg/dL.").as_deref(), Some("mg/dL"));
        // A micro sign read as y or a c as e: the lookalike wins over the milli unit as near.
        assert_eq!(mend_unit("yg/dL").map(|u| key(&u)).as_deref(), Some("ug/dl"));
        assert_eq!(mend_unit("meg/dL").map(|u| key(&u)).as_deref(), Some("mcg/dl"));
        assert_eq!(mend_unit("1000/wL").as_deref(), Some("1000/µL"));
        assert_eq!(mend_unit("BinjpL").as_deref(), Some("Bin/µL"));
        assert_eq!(mend_unit("Milul").as_deref(), Some("Mil/uL"));
        // The spelling nearest the reading, of a unit printed more than one way.
        assert_eq!(mend_unit("=x10E3/uL").as_deref(), Some("x10E3/uL"));
        assert_eq!(mend_unit("=x10^3/uL").as_deref(), Some("x10^3/uL"));
        // A `t` for the stroke of an `I` or an `l`.
        assert_eq!(mend_unit("tu/L").map(|u| key(&u)).as_deref(), Some("iu/l"));
        assert_eq!(mend_unit("pg/mt").map(|u| key(&u)).as_deref(), Some("pg/ml"));
    }

    #[test]
    fn known_units_and_readings_near_two_units_are_left_alone() {
        // Printed units stay as they are, whatever their case or micro sign.
        for unit in [
            "mg/dL",
            "MG/DL",
            "ng/ml",
            "µIU/mL",
            "uIU/mL",
            "mg/l",
            "10^3/µL",
            "cells/mcL",
            "micg/dl",
            "x10E3/uL",
            "X 10³ / µL",
            "mL/min/1.73 m2",
            "/ cmm",
            "mm at 1hr",
            "mill/cmm",
        ] {
            assert_eq!(mend_unit(unit), None, "{unit}");
        }
        // Units labs print are known as they are; OCR's misreadings of them are not.
        for unit in ["mg/dL", "micg/dL", "cumm", "lakhs/cumm", "million/cumm", "Mil/uL", "%", "fL"] {
            assert!(is_known_unit(unit), "{unit}");
        }
        for read in ["Milul", "Let", "f", "i", "v7", "Yomg", "<6 years:up to 50"] {
            assert!(!is_known_unit(read), "{read}");
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
    fn edit_distance_counts_half_for_lookalikes_and_stray_points() {
        assert_eq!(edit_distance("mg/dl", "mg/dl"), 0);
        assert_eq!(edit_distance("mg/dl", "ma/dl"), 1);
        assert_eq!(edit_distance("mg/dl", "mx/dl"), 2);
        assert_eq!(edit_distance("mg/dl", "mg/l"), 2);
        assert_eq!(edit_distance("mg/dl", "mg/dl."), 1);
        assert_eq!(edit_distance("mil/ul", "milul"), 2);
        assert_eq!(edit_distance("", "abc"), 6);
        assert_eq!(edit_distance("abc", ""), 6);
        // Two letters run into one.
        assert_eq!(edit_distance("iu/l", "w/l"), 1);
        assert_eq!(edit_distance("u/l", "wl"), 1);
        assert!(edit_quarters("iu/l", "w/l") < edit_quarters("u/l", "w/l"));
    }

    #[test]
    fn a_distance_given_up_early_agrees_with_the_whole_table() {
        // Strings of letters that are lookalikes, run together or stray, so that every cheap
        // path through the table is taken somewhere (two letters read as one skip a row).
        let letters: Vec<char> = "agiluw/.1|dmnov".chars().collect();
        let mut seed = 7u64;
        let mut next = |n: usize| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            ((seed >> 33) as usize) % n
        };
        let mut close = 0;
        for _ in 0..50_000 {
            let (la, lb) = (next(8), next(8));
            let a: String = (0..la).map(|_| letters[next(letters.len())]).collect();
            let b: String = (0..lb).map(|_| letters[next(letters.len())]).collect();
            let whole = edit_distance(&a, &b);
            for most in 0..5 {
                assert_eq!(edit_distance_within(&a, &b, most), whole <= most, "{a:?} {b:?} within {most}");
            }
            close += usize::from(whole <= 2);
        }
        // The strings come near each other often enough for the bound to be tested.
        assert!(close > 1_000, "{close}");
        assert!(edit_distance_within("wl", "iul", 1) && !edit_distance_within("wl", "iul", 0));
        // Past the length laid out on the stack.
        let long = "mg/dl ".repeat(8);
        assert_eq!(edit_distance(&long, &format!("{}ma/dl ", "mg/dl ".repeat(7))), 1);
        assert!(!edit_distance_within(&long, &"iu/l ".repeat(9), 4));
    }

    #[test]
    fn a_unit_whose_letters_ran_together_is_the_unit_they_stand_for() {
        assert_eq!(mend_unit("W/L").map(|u| key(&u)).as_deref(), Some("iu/l"));
        assert_eq!(mend_unit("mW/L").map(|u| key(&u)).as_deref(), Some("miu/l"));
        assert_eq!(mend_unit("1/L").map(|u| key(&u)).as_deref(), Some("iu/l"));
    }
}
