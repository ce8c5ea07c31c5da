//! Units: what a unit looks like, the units OCR misreads put back, and the unit printed
//! inside a reference (`65-99 mg/dL`).

use super::*;

pub(super) fn looks_like_unit(text: &str) -> bool {
    let t = text.trim();
    !t.is_empty()
        && t.len() <= 24
        && t.split_whitespace().count() <= 4
        && (t.contains('/') || t.contains('%') || t.chars().any(char::is_alphabetic))
        // (Not a tier of a reference, `Child : 4-32`, `Men (8 - 61)`.)
        && !tier_shaped(t)
        && !t.chars().next().is_some_and(|c| c.is_ascii_digit() && !t.contains('^') && !t.contains('/'))
        // (Nor a place and its postal code, `Pune 411001`, or a phone number: no unit has five
        // digits in a row.)
        && !t.split(|c: char| !c.is_ascii_digit()).any(|run| run.len() >= 5)
        // (Nor a range a photo misread, `{5 - 3} Men`: no unit spaces a dash between numbers.)
        && !t.split(" - ").collect::<Vec<_>>().windows(2).any(|w| {
            w[0].ends_with(|c: char| c.is_ascii_digit()) && w[1].starts_with(|c: char| c.is_ascii_digit())
        })
        && parse_value(t).is_none()
        && !labelled_numbers(t)
}

/// Whether `text` holds numbers beside a word that labels a tier of a reference (a sex, an
/// age, `Normal`, `Range`): a tier a photo misread past parsing (`Child (9.65 1,38),` for
/// `Child : (0.65 - 1.36)`, `&3.0- 101.01. Female.`). No unit is spelt with such a word.
pub(super) fn labelled_numbers(text: &str) -> bool {
    text.contains(|c: char| c.is_ascii_digit())
        && text.split_whitespace().any(|w| {
            let w = w.trim_matches(|c: char| !c.is_alphabetic());
            w.chars().count() >= 3 && w.chars().all(char::is_alphabetic) && tier_word(w)
        })
}

/// A unit as printed, with the `l` of litre that OCR reads as `!` or `|` after the slash put back
/// (`mg/d!`, `mEq/!`, `IU/|`), and the `I` of international units that a photo's OCR sets
/// apart as a stroke (`1 U/L`, `l U/L` for `IU/L`).
pub(super) fn mend_unit(text: &str) -> String {
    if let Some((stroke, rest)) = text.split_once(' ')
        && stroke_of_i(stroke)
        && let Some(unit) = international(rest)
    {
        return unit;
    }
    match text.split_once('/') {
        Some((top, bottom)) if bottom.ends_with(['!', '|']) => {
            format!("{top}/{}l", &bottom[..bottom.len() - 1])
        }
        _ => text.to_string(),
    }
}

/// A unit cell with a speck of a photo read before it as punctuation, perhaps with a letter
/// after it (`= mg/dL`, `=e mmol/L`, `=—s mg/dL`): the unit.
pub(super) fn unit_after_speck(text: &str) -> Option<&str> {
    after_speck(text).filter(|rest| unit_shaped(rest))
}

/// What a cell holds after a speck of a photo read before it as punctuation, perhaps with a
/// letter after it (`=: UL`, `=e mmol/L`), whatever its shape.
pub(super) fn after_speck(text: &str) -> Option<&str> {
    let (speck, rest) = text.trim().split_once(' ')?;
    let punctuation = |c: char| !c.is_alphanumeric() && !matches!(c, '%' | '/' | '(' | '<' | '>');
    let (letters, marks): (Vec<char>, Vec<char>) = speck.chars().partition(|c| c.is_alphabetic());
    let speck = (1..=2).contains(&marks.len())
        && marks.iter().all(|&c| punctuation(c))
        && (letters.is_empty() || (letters.len() == 1 && speck.starts_with(punctuation)));
    speck.then(|| rest.trim())
}

/// Whether OCR's word is the `I` of international units read as a stroke apart.
pub(super) fn stroke_of_i(word: &str) -> bool {
    matches!(word, "1" | "l" | "I" | "|")
}

/// `unit` (`U/L`) as international units (`IU/L`), when labs print that unit.
pub(super) fn international(unit: &str) -> Option<String> {
    let unit = unit.trim();
    (unit.starts_with(['U', 'u']) && crate::catalog::is_known_unit(&format!("I{unit}"))).then(|| format!("I{unit}"))
}

/// `cells` with a unit of international units whose `I` OCR read as a one (`Up to 41` |
/// `1U/L` | `27`) read as printed, where a number stood before it after the name: alone, it
/// reads as a result of 1 and the unit after it.
pub(super) fn mend_international_units(cells: &mut [Cell]) {
    let mut number_before = false;
    for cell in cells.iter_mut().skip(1) {
        let text = cell.text.trim();
        if number_before
            && !text.contains(' ')
            && let Some(unit) = text.strip_prefix('1').and_then(international)
        {
            cell.text = unit;
        }
        number_before |= cell.text.contains(|c: char| c.is_ascii_digit());
    }
}

/// A bound and its unit before the result (`<100 mg/dL  95  mg/dL`), which were set apart as
/// a result and its unit, made one reference again: the last two of `cells`.
pub(super) fn join_bound_and_unit(cells: &mut Vec<Cell>, sex: Option<Sex>) {
    if let [.., _, bound, unit] = cells.as_mut_slice()
        && crate::catalog::is_known_unit(unit.text.trim())
        && parse_value(&bound.text).is_some_and(|v| v.qualifier.is_some() && v.number.is_some())
        && parse_range(&bound.text, sex).is_some()
    {
        bound.text = format!("{} {}", bound.text.trim_end(), unit.text.trim());
        bound.x1 = unit.x1;
        cells.pop();
    }
}

/// A unit by its shape: a ratio of units or a percentage (`g/dL`, `mill/cumm`, `%`), one of
/// the bare units labs print (`fL`, `pg`), or a ratio whose time or area is a word apart
/// (`mm/1st hr`, `mL/min/1.73 m2`).
pub(super) fn unit_shaped(text: &str) -> bool {
    let t = text.trim();
    let bare = ["fl", "pg", "cumm", "mm", "sec", "secs", "seconds", "ratio", "iu", "u", "mmol", "ng", "ug"];
    let words: Vec<&str> = t.split_whitespace().collect();
    match words.as_slice() {
        [one] => one.contains(['/', '%', '^']) || bare.contains(&one.to_ascii_lowercase().as_str()),
        [ratio, after] => {
            ratio.contains('/')
                && !ratio.ends_with('/')
                && after.len() <= 3
                && after.chars().all(|c| c.is_ascii_alphanumeric())
                && after.chars().any(|c| c.is_ascii_alphabetic())
        }
        _ => false,
    }
}

/// Words where a unit goes that are not one: a test or panel name (`CHOLESTEROL`, `THYROID
/// FUNCTION` on a score card), a tier word (`Borderline`), a method (`Immunoassay`,
/// `Nephelometry`, `Hexokinase`), a long word ending a sentence (`Pathology."`), a remark in
/// one word ending in `ed` (`Rechecked`), or two or more long plain words. Units in words are
/// short or carry a sign, digit or slash (`mm at 1hr`, `% by wt`).
pub(super) fn words_not_unit(text: &str) -> bool {
    let t = text.trim();
    let words: Vec<&str> = t.split_whitespace().collect();
    let plain = words.iter().all(|w| w.chars().all(char::is_alphabetic));
    let lower = t.to_lowercase();
    // (Brackets do not make words a unit: `Large (Patern A)`, a band of LabCorp's NMR scale.)
    let bare: Vec<&str> = words.iter().map(|w| w.trim_matches(['(', ')'])).collect();
    let long_words = bare.iter().filter(|w| w.chars().count() >= 4).count();
    (words.len() >= 2
        && bare.iter().all(|w| !w.is_empty() && w.chars().all(char::is_alphabetic))
        && long_words >= 2
        && (!plain || long_words == words.len()))
        || (plain && words.len() == 1 && TIER_WORDS.contains(&lower.as_str()))
        // A remark of one word, done to the sample (`Rechecked`, `Verified`, `Haemolysed`):
        // no unit ends so.
        || (plain && words.len() == 1 && t.chars().count() >= 5 && lower.ends_with("ed"))
        || (plain && t.chars().count() >= 5 && crate::catalog::lookup(t).is_some())
        || is_method(t)
        || t.trim_end_matches(['"', '\u{201d}'])
            .strip_suffix('.')
            .is_some_and(|w| w.chars().count() >= 5 && w.chars().all(char::is_alphabetic))
}

/// The unit printed inside a reference (`3-95 U/L`), as printed in `text`, not as the range
/// parser lowercased it: not a word result (`<0.25 Negative`), and without a note that follows
/// (`% (calc)`).
pub(super) fn unit_inside(range: &RefRange, text: &str) -> Option<String> {
    let inside = range.unit.as_deref()?;
    let inside = inside.split_once('(').map_or(inside, |(u, _)| u).trim();
    // (Nor the label of a tier printed after its range whose colon a photo lost, `(0.30 -
    // 1.20) Male`.)
    if inside.is_empty() || qualitative_word(inside).is_some() || !looks_like_unit(inside) || words_not_unit(inside) {
        return None;
    }
    let lower = text.to_lowercase();
    match lower.rfind(inside) {
        Some(at) if lower.len() == text.len() && text.is_char_boundary(at) => {
            text.get(at..at + inside.len()).map(str::to_string)
        }
        _ => Some(inside.to_string()),
    }
}

/// The unit printed inside a reference `text` that gave `range` for this report
/// ([`unit_inside`]). A range split by sex prints its unit with one sex's range or the
/// other's (`M: (80 - 200) ng/mL F: (72 - 180)`); it is the result's whichever sex the person
/// is, and when the report's sex is not known.
///
/// So is a unit printed after the last tier of a reference in tiers (`Desirable: < 200;
/// Borderline: 200-240; High: >= 240  mg/dL`, the unit's column run into the reference's):
/// the range is the first tier's, and the unit is every tier's.
pub(super) fn unit_in_reference(range: Option<&RefRange>, text: &str) -> Option<String> {
    range
        .and_then(|range| unit_inside(range, text))
        .or_else(|| {
            let (male, female) = sex_ranges(text)?;
            unit_inside(&male, text).or_else(|| unit_inside(&female, text))
        })
        .or_else(|| unit_after_tiers(text))
        .or_else(|| unit_after_tier_label(text))
}

/// The unit after the label of a tier printed range first (`(28 - 100) : Adults U/L`, the
/// unit's column run into the reference's on a text layer), when it is a unit labs print and
/// the words before it are the label.
fn unit_after_tier_label(text: &str) -> Option<String> {
    text.split(';').find_map(|tier| {
        let (range, label) = tier.rsplit_once(':')?;
        let (words, unit) = label.trim().rsplit_once(' ')?;
        let ranged = range.contains(|c: char| c.is_ascii_digit()) && parse_range(range.trim(), None).is_some();
        (ranged && label_words(words.trim()) && crate::catalog::is_known_unit(unit)).then(|| unit.to_string())
    })
}

/// The unit after the last number of a reference in tiers ([`unit_in_reference`]), when it is
/// a unit labs print.
pub(super) fn unit_after_tiers(text: &str) -> Option<String> {
    let (_, tail) = text.rsplit_once(|c: char| c.is_ascii_digit())?;
    let unit = tail.trim();
    (labels_tiers(text) && !unit.is_empty() && crate::catalog::is_known_unit(unit)).then(|| unit.to_string())
}
