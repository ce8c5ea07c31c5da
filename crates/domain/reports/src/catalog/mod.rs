//! The biomarker catalog: canonical names, aliases, LOINC codes, units with conversion factors,
//! plausible ranges and default adult reference ranges. The data lives in `biomarkers.psv`
//! (versioned in its header).

use std::collections::HashMap;
use std::sync::LazyLock;

pub mod derived;
mod misread;
mod units;

pub(crate) use misread::one_slip;
pub use misread::{
    mend_misread, mend_misread_name, misread_name_beside_its_reference, misread_name_fitting,
    misread_words_of_known_test, name_that_lost_its_end,
};
pub(crate) use units::edit_distance_within;
use units::{common_in_order, edit_quarters, known_units, unfused, unit_distance, unit_quarters};
pub use units::{is_known_unit, mend_unit, misread_label};

use crate::reading::Sex;

/// One test the catalog knows.
#[derive(Debug, Clone, PartialEq)]
pub struct Biomarker {
    /// Stable key, e.g. `haemoglobin`.
    pub key: String,
    /// Display name.
    pub name: String,
    /// Panel it belongs to.
    pub panel: String,
    /// Other names labs print for it (Indian and US spellings, abbreviations).
    pub aliases: Vec<String>,
    /// LOINC code, when one applies.
    pub loinc: Option<String>,
    /// Canonical unit (empty for ratios and qualitative tests).
    pub unit: String,
    /// Physiologically plausible range in the canonical unit; qualitative tests have none.
    pub plausible: Option<(f64, f64)>,
    /// Other units and the factor that converts them to the canonical unit.
    pub conversions: Vec<(String, f64)>,
    /// A conventional adult reference range, for reports that print none.
    pub default_range: Option<DefaultRange>,
}

/// A conventional adult reference range in the canonical unit, by sex where they differ, and the
/// reference it follows. It is shown beside a result whose report prints no range; results are
/// never flagged against it, since each lab sets its own.
#[derive(Debug, Clone, PartialEq)]
pub struct DefaultRange {
    /// For men (or everyone): low and high, either open.
    pub male: (Option<f64>, Option<f64>),
    /// For women (or everyone).
    pub female: (Option<f64>, Option<f64>),
    /// Short name of the reference (`msd`, `ada`, ...; the data file's header lists them).
    pub source: String,
}

impl DefaultRange {
    /// The range for this sex; when the sex is not known, the span of both.
    #[must_use]
    pub fn for_sex(&self, sex: Option<Sex>) -> (Option<f64>, Option<f64>) {
        match sex {
            Some(Sex::Male) => self.male,
            Some(Sex::Female) => self.female,
            None => {
                let (m, f) = (self.male, self.female);
                let low = m.0.zip(f.0).map(|(a, b)| a.min(b));
                let high = m.1.zip(f.1).map(|(a, b)| a.max(b));
                (low, high)
            }
        }
    }

    /// `13-17 M; 12-15 F @who`, `<200 @ncep`, `>90 @kdigo`, `70-99 @ada`.
    fn parse(field: &str) -> Option<Self> {
        let (ranges, source) = field.split_once('@')?;
        let one = |s: &str| -> Option<(Option<f64>, Option<f64>)> {
            let s = s.trim();
            if let Some(h) = s.strip_prefix('<') {
                return Some((None, Some(h.trim().parse().ok()?)));
            }
            if let Some(l) = s.strip_prefix('>') {
                return Some((Some(l.trim().parse().ok()?), None));
            }
            let (a, b) = s.split_once('-')?;
            Some((Some(a.trim().parse().ok()?), Some(b.trim().parse().ok()?)))
        };
        let (mut male, mut female) = (None, None);
        for part in ranges.split(';').map(str::trim).filter(|p| !p.is_empty()) {
            if let Some(r) = part.strip_suffix(" M") {
                male = Some(one(r)?);
            } else if let Some(r) = part.strip_suffix(" F") {
                female = Some(one(r)?);
            } else {
                let r = one(part)?;
                male = Some(r);
                female = Some(r);
            }
        }
        Some(Self { male: male?, female: female?, source: source.trim().to_string() })
    }
}

/// The catalog's version (the data file's first line).
pub fn version() -> &'static str {
    CATALOG.version.as_str()
}

/// Every biomarker, in file order.
pub fn all() -> &'static [Biomarker] {
    &CATALOG.entries
}

/// The biomarker with this key.
pub fn by_key(key: &str) -> Option<&'static Biomarker> {
    CATALOG.entries.iter().find(|b| b.key == key)
}

/// The biomarker one of whose names is exactly `printed` (up to case, spacing and punctuation),
/// without [`lookup`]'s looser tries.
pub fn lookup_exact(printed: &str) -> Option<&'static Biomarker> {
    CATALOG.by_alias.get(&normalise(printed)).map(|&i| &CATALOG.entries[i])
}

/// The biomarker `printed` names as a whole: one of its names exactly ([`lookup_exact`]), or
/// one of its names with others of the same test in brackets after it (`Thyroid Stimulating
/// Hormone (TSH)`). Not a name with words the catalog does not give that test (`LIPID PROFILE
/// Cholesterol`).
pub fn lookup_whole(printed: &str) -> Option<&'static Biomarker> {
    if let Some(b) = lookup_exact(printed) {
        return Some(b);
    }
    let (outside, inside) = split_parenthesised(printed);
    let b = lookup_exact(&outside)?;
    let all_same = !inside.is_empty() && inside.iter().all(|part| lookup_exact(part).is_some_and(|p| p.key == b.key));
    all_same.then_some(b)
}

/// [`lookup`], with the printed unit to tell a percentage from a count of the same cells:
/// LabCorp and Redcliffe print `Lymphocytes 1.49 10^3/µL` under the same name as the
/// percentage. A count unit (`10^3/µL`, `/cumm`) takes a `_pct` entry's `_abs` sibling, a `%`
/// an `_abs` entry's `_pct` one; a name that says `%` (`PSA, % FREE`) is no entry whose unit
/// is not a percentage.
pub fn lookup_in_unit(printed: &str, unit: Option<&str>) -> Option<&'static Biomarker> {
    let found = lookup(printed)?;
    let sibling = |from: &str, to: &str| found.key.strip_suffix(from).and_then(|k| by_key(&format!("{k}{to}")));
    let lower = unit.map(str::to_lowercase).unwrap_or_default();
    // A quantity per day (`mg/24 hrs`) is the 24-hour urine test of that name (`URINE PROTEIN`,
    // `Creatinine`), when the catalog has one.
    let per_day = unit.map(normalise_unit).is_some_and(|u| ["/24", "/day"].iter().any(|d| u.contains(d)));
    if per_day && !found.key.ends_with("_24h") {
        let key = found.key.strip_prefix("urine_").unwrap_or(&found.key);
        if let Some(daily) = by_key(&format!("urine_{key}_24h")) {
            return Some(daily);
        }
    }
    let percent = lower.contains('%') || printed.contains('%');
    // A `#` in the name is the count (Sysmex's `NEUT#`, `Lenfosit #`), whatever OCR made of its unit.
    let count = printed.contains('#') || ["/", "^", "\u{b3}", "x10", "cumm"].iter().any(|m| lower.contains(m));
    // (MCHC printed in `%` is still MCHC: the entry converts it.)
    let takes_percent = found.unit == "%" || (lower.contains('%') && found.to_canonical(1.0, unit).is_some());
    if percent && !takes_percent {
        // A unit of `%` on a test measured either way (PDW in fL or %) keeps the entry.
        let named = printed.contains('%');
        let share = || by_key(&format!("{}_pct", found.key));
        return sibling("_abs", "_pct").or_else(share).or((!named).then_some(found));
    }
    if count && !percent {
        return sibling("_pct", "_abs").or(Some(found));
    }
    Some(found)
}

/// The biomarker a printed test name refers to, if the catalog knows it.
///
/// Tries the whole name, then the name without a parenthesised part, then the parenthesised part
/// alone, then the name without qualifiers such as "serum" or a method in brackets; last, the
/// name with a word the lab misspelt put right ([`misread::respelt`]: `Cholestrol`, `Protien`).
pub fn lookup(printed: &str) -> Option<&'static Biomarker> {
    lookup_as_printed(printed).or_else(|| misread::respelt(printed).and_then(|name| lookup_as_printed(&name)))
}

/// [`lookup`] without putting misspellings right: for telling whether a name is known as it
/// stands (a footnote mark read into a name makes it one slip from the name without it).
pub fn lookup_as_printed(printed: &str) -> Option<&'static Biomarker> {
    let index = &CATALOG.by_alias;
    let find = |s: &str| index.get(&normalise(s)).map(|&i| &CATALOG.entries[i]);
    let whole = normalise(printed);
    if let Some(&i) = index.get(&whole) {
        return Some(&CATALOG.entries[i]);
    }
    let (outside, inside) = split_parenthesised(printed);
    if let Some(b) = find(&outside) {
        return Some(b);
    }
    for part in &inside {
        if let Some(b) = find(part) {
            return Some(b);
        }
    }
    let outside = normalise(&outside);
    let stripped = outside.split(' ').filter(|w| !QUALIFIERS.contains(w)).collect::<Vec<_>>().join(" ");
    if let Some(b) = (!stripped.is_empty()).then(|| index.get(&stripped)).flatten() {
        return Some(&CATALOG.entries[*b]);
    }
    // `Blood Glucose Fasting`, `Cholesterol HDL`: a name's words in another order than the
    // catalog's, where only one test has those words.
    if let Some(&Some(i)) =
        CATALOG.by_words.get(&word_set(&whole)).or_else(|| CATALOG.by_words.get(&word_set(&stripped)))
    {
        return Some(&CATALOG.entries[i]);
    }
    // `LIPOPROTEIN(a); Lp(a), SERUM`: a name and its abbreviation, either of which may be known.
    if printed.contains(';')
        && let Some(b) = printed.split(';').find_map(|part| lookup_as_printed(part.trim()))
    {
        return Some(b);
    }
    // `MEAN CELL HAEMOGLOBIN, MCH`: a name the catalog may not know in full, and after a comma
    // its abbreviation in capitals. Only an abbreviation counts: in `BILIRUBIN, DIRECT` the word
    // after the comma changes the test, and `BILIRUBIN` alone would name another.
    if let Some((_, abbreviation)) = printed.rsplit_once(',')
        && let abbreviation = abbreviation.trim()
        && (2..=6).contains(&abbreviation.len())
        && abbreviation.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
        && abbreviation.chars().any(|c| c.is_ascii_uppercase())
        && !antibody_class(abbreviation)
        && let Some(b) = lookup_exact(abbreviation)
    {
        return Some(b);
    }
    if let Some(b) = abbreviation_and_name(printed) {
        return Some(b);
    }
    // "Haemoglobin - EDTA Whole Blood": a blood specimen after a dash names the sample, not the
    // test. Other specimens change the test ("Creatinine - 24 Hrs. Urine" is not serum creatinine).
    // "ESR - Erythrocyte Sedimentation Rate": a test named twice, as an abbreviation and in full.
    if let Some((head, tail)) = printed.rsplit_once(" - ") {
        let blood = normalise(tail).split(' ').all(|w| BLOOD_SPECIMEN.contains(&w));
        if blood {
            return lookup_as_printed(head);
        }
        if let (Some(a), Some(b)) = (find(head), find(tail))
            && a.key == b.key
        {
            return Some(a);
        }
    }
    // `LIPOPROTEIN (A) LP(A)`: a name and its abbreviation one after the other, each of
    // which names the same test (cut within the first eight words: a name runs to a few).
    for (i, _) in whole.match_indices(' ').take(7) {
        if let (Some(&a), Some(&b)) = (index.get(&whole[..i]), index.get(&whole[i + 1..]))
            && a == b
        {
            return Some(&CATALOG.entries[a]);
        }
    }
    // `BUN / SR.CREATININE RATIO`: a full stop between words, where it is not one inside an
    // abbreviation (`S.G.P.T`), which the name without it spells.
    let between_letters =
        printed.as_bytes().windows(3).any(|w| w[1] == b'.' && w[0].is_ascii_alphabetic() && w[2].is_ascii_alphabetic());
    if between_letters { lookup_as_printed(&printed.replace('.', " ")) } else { None }
}

/// `HGB-Hemoglobin`, `WBC-Akyuvarlar`: an abbreviation in capitals joined by a hyphen to the
/// test's name in a word (as Turkish and some European labs print them, the name perhaps in a
/// language the catalog does not know). The test either names, when the other names none or
/// the same. Only an abbreviation of two to five capitals beside a capitalised word of five
/// letters or more counts: `Non-HDL` is another test than `HDL`.
fn abbreviation_and_name(printed: &str) -> Option<&'static Biomarker> {
    let (left, right) = printed.trim_matches(|c: char| !c.is_alphanumeric()).split_once('-')?;
    let abbreviation =
        |s: &str| (2..=5).contains(&s.len()) && s.chars().all(|c| c.is_ascii_uppercase()) && !antibody_class(s);
    let word = |s: &str| {
        let mut chars = s.chars();
        chars.next().is_some_and(char::is_uppercase)
            && s.chars().count() >= 5
            && chars.all(|c| c.is_alphabetic() && c.is_lowercase())
    };
    // A word that changes the test (`DHEA-Sulfate` is not DHEA, `ALB-Urine` not serum albumin).
    let changes = ["sulfate", "sulphate", "indirect", "ratio", "index", "urine", "reverse", "antibody", "antigen"];
    let word = |s: &str| word(s) && !changes.contains(&s.to_lowercase().as_str());
    let (short, long) = match (left.trim(), right.trim()) {
        (l, r) if abbreviation(l) && word(r) => (l, r),
        (l, r) if word(l) && abbreviation(r) => (r, l),
        _ => return None,
    };
    match (lookup_exact(short), lookup_exact(long)) {
        (Some(a), Some(b)) if a.key != b.key => None,
        (a, b) => a.or(b),
    }
}

/// Whether `word` is an immunoglobulin class (`IgA`, `IGG`): after a comma or a hyphen it says
/// which antibody a test measures (`TISSUE TRANSGLUTAMINASE AB, IGA`), not that the test is the
/// total immunoglobulin.
fn antibody_class(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    ["iga", "igg", "igm", "ige", "igd"].contains(&lower.as_str())
}

/// How closely a printed name matches the catalog: 3 when the whole name is an alias, 2 when
/// the name outside brackets is (with qualifiers such as "serum" dropped), 1 when only some
/// other part is ([`lookup`]'s later tries), 0 when the catalog does not know it.
#[must_use]
pub fn match_strength(printed: &str) -> u8 {
    let index = &CATALOG.by_alias;
    if index.contains_key(&normalise(printed)) {
        return 3;
    }
    let outside = normalise(&split_parenthesised(printed).0);
    let stripped = outside.split(' ').filter(|w| !QUALIFIERS.contains(w)).collect::<Vec<_>>().join(" ");
    if index.contains_key(&outside) || index.contains_key(&stripped) {
        return 2;
    }
    u8::from(lookup_as_printed(printed).is_some())
}

/// Words of a blood-sample description.
const BLOOD_SPECIMEN: &[&str] =
    &["edta", "whole", "blood", "serum", "plasma", "fluoride", "heparin", "citrate", "venous", "capillary", "sample"];

/// Words that qualify a test name without changing which test it is.
const QUALIFIERS: &[&str] = &[
    "serum",
    "sr",
    "plasma",
    "s",
    "level",
    "levels",
    "test",
    "edta",
    "whole",
    "by",
    "method",
    "calculated",
    "calc",
    "measured",
    "quantitative",
    "automated",
    "count",
    "qn",
    "ms",
];

impl Biomarker {
    /// The value in the canonical unit, when the printed unit is the canonical one (or absent)
    /// or one the catalog can convert.
    pub fn to_canonical(&self, value: f64, unit: Option<&str>) -> Option<f64> {
        let unit = unit.map(normalise_unit).unwrap_or_default();
        if unit.is_empty() || unit == normalise_unit(&self.unit) {
            return Some(value);
        }
        self.conversions.iter().find(|(u, _)| normalise_unit(u) == unit).map(|(_, f)| value * f)
    }

    /// The default range in the printed unit (converted from the canonical one), for this sex.
    pub fn default_range_in(&self, unit: Option<&str>, sex: Option<Sex>) -> Option<(Option<f64>, Option<f64>)> {
        let (low, high) = self.default_range.as_ref()?.for_sex(sex);
        let factor = self.to_canonical(1.0, unit)?;
        let back = |v: f64| {
            let x = v / factor;
            if x == 0.0 {
                return 0.0;
            }
            // Four significant figures: 13.0 g/dL is 130 g/L, not 129.99999.
            let scale = 10f64.powi(3 - x.abs().log10().floor() as i32);
            (x * scale).round() / scale
        };
        Some((low.map(back), high.map(back)))
    }

    /// The unit OCR read without its prefix (`g/dL` for iron's `µg/dL`, the µ lost in small
    /// print): when the reading is no unit of this test and exactly one of its units is the
    /// reading with `µ`, `m`, `n` or `p` before it.
    pub fn unit_missing_prefix(&self, read: &str) -> Option<String> {
        let read = self.foreign_unit(read)?;
        self.only_unit(|u| ["u", "m", "n", "p"].iter().any(|p| *u == format!("{p}{read}")))
    }

    /// Every unit this test is printed in: its own, then those it converts from.
    pub fn units(&self) -> impl Iterator<Item = &String> {
        std::iter::once(&self.unit).chain(self.conversions.iter().map(|(u, _)| u))
    }

    /// Whether this test is printed in `unit` (any spelling of its own or a converted unit),
    /// or in no unit at all.
    #[must_use]
    pub fn measured_in(&self, unit: &str) -> bool {
        self.foreign_unit(unit).is_none()
    }

    /// `read` as units compare, when it is a unit at all and none of this test's.
    fn foreign_unit(&self, read: &str) -> Option<String> {
        let key = normalise_unit(read);
        (!key.is_empty() && self.units().all(|u| normalise_unit(u) != key)).then_some(key)
    }

    /// The one unit of this test whose compared form `fits`, if exactly one does (`µmol/L` and
    /// `umol/L` are one unit).
    fn only_unit(&self, fits: impl Fn(&str) -> bool) -> Option<String> {
        let mut found: Vec<&String> = self.units().filter(|u| fits(&normalise_unit(u))).collect();
        found.sort_by_key(|u| normalise_unit(u));
        found.dedup_by_key(|u| normalise_unit(u));
        match found.as_slice() {
            [unit] => Some((*unit).clone()),
            _ => None,
        }
    }

    /// The unit OCR cut short or could not read, for a reading that is no unit of this test:
    /// the start of exactly one of its units (`g/d` for `g/dL`, three characters or more with
    /// the slash), a short unit of letters with its last letter lost (`f` for `fL`) or one
    /// upright stroke misread (`fi` for `fL`), one of its ratios with the slash lost (`UL`), or
    /// one or two characters where a percentage stands (`%` read as `j`, `b` or `Oy`) for a
    /// test measured in percent with `value` a percentage.
    pub fn unit_misread(&self, read: &str, value: Option<f64>) -> Option<String> {
        let key = self.foreign_unit(read)?;
        let percentage = value.is_some_and(|v| (0.0..=100.0).contains(&v));
        let letters = read.trim().chars().count();
        if (letters == 1 || (letters == 2 && !is_known_unit(read))) && self.unit == "%" {
            return (percentage && !read.trim().starts_with(char::is_numeric)).then(|| "%".to_string());
        }
        // A ratio whose slash OCR lost (`UL`, `mgdL`) or ran into the letter before it (`WL`).
        let slash_lost = |u: &str| u.replace('/', "") == key || unfused(&key).any(|k| k == u);
        if !key.contains('/')
            && let Some(unit) = self.only_unit(|u| u.contains('/') && slash_lost(u))
        {
            return Some(unit);
        }
        if key.contains('/') {
            return (key.chars().count() >= 3)
                .then(|| self.only_unit(|u| u.len() > key.len() && u.starts_with(&key)))?;
        }
        // Short units of letters only (`fL`, `pg`): the one this reading is a stroke away from.
        if key.chars().count() > 3 || !key.chars().all(|c| c.is_alphabetic()) {
            return None;
        }
        self.only_unit(|u| {
            let (u, k): (Vec<char>, Vec<char>) = (u.chars().collect(), key.chars().collect());
            let lost_last = u.len() == k.len() + 1 && u.len() == 2 && u.starts_with(&k);
            let one_stroke = u.len() == k.len()
                && u.len() >= 2
                && u.iter().zip(&k).filter(|(a, b)| a != b).all(|(a, b)| same_stroke(*a, *b))
                && u.iter().zip(&k).filter(|(a, b)| a != b).count() == 1;
            u.iter().all(|c| c.is_alphabetic()) && (lost_last || one_stroke)
        })
    }

    /// [`mend_unit`] for a reading of this test's unit: the unit nearest the reading among
    /// all units labs print, unless this test cannot be in it and one of its own units is
    /// nearly as near ([`Self::unit_read_as`], at most a lookalike letter further): `meg/dt`
    /// for creatinine is mg/dL, though mcg/dL is nearer; `mu/mi` for TSH stays mU/mL, which
    /// is as printed, not µIU/mL.
    pub fn mend_unit(&self, read: &str, value: Option<f64>) -> Option<String> {
        self.mend_unit_beside(read, value, (None, None))
    }

    /// [`Self::mend_unit`] for a reading beside a printed reference (`range`, low and high):
    /// where units are as near the reading, the reference decides before the value does
    /// ([`Self::unit_read_as_by_range`]).
    pub fn mend_unit_beside(
        &self,
        read: &str,
        value: Option<f64>,
        range: (Option<f64>, Option<f64>),
    ) -> Option<String> {
        let nearest = mend_unit(read);
        if nearest.as_deref().is_some_and(|u| self.measured_in(u)) {
            return nearest;
        }
        let own = self
            .unit_read_as_by_range(read, range.0, range.1)
            .or_else(|| self.unit_read_as(read, value))
            .filter(|own| nearest.as_deref().is_none_or(|n| unit_distance(read, own) <= unit_distance(read, n) + 1));
        own.or(nearest)
    }

    /// The unit of this test an OCR reading that is no unit at all stands for (`gid` for
    /// `g/dL`, `me/dt` for `mg/dL`, `X107/pL` for `X 10³/µL`): the test's unit, in any
    /// spelling labs print it, nearest the reading as units compare (in quarter edits, see
    /// [`edit_quarters`]), no further than half an edit for each character of that unit and
    /// of the reading, and alone at that distance once units in which `value` is impossible
    /// are set aside (`gid` is as near `g/L` as `g/dL`; a protein of 7.2 is possible only in
    /// `g/dL`). Spellings of one unit count as one; the one nearest the reading as printed is
    /// given. A reading that is a unit, this test's or not, or of two characters or fewer (see
    /// [`Self::unit_misread`]), is left.
    pub fn unit_read_as(&self, read: &str, value: Option<f64>) -> Option<String> {
        self.unit_read_as_where(read, |u| value.is_none_or(|v| self.implausible(v, Some(u)).is_none()), false)
    }

    /// [`Self::unit_read_as`] for a reading the page puts in its unit column (under a `Units`
    /// header), which is a unit however OCR misread it: the test's unit nearest it, up to an
    /// edit for each character (`mod` for `mg/dL`, `bg` for `pg`, `merviw` for `mm/hr`), of
    /// two characters or more with a letter. Of the units the printed bounds (`printed`, low
    /// and high) fit ([`Self::bounds_fit`]) where there are any, else of those in which `value`
    /// is possible: MCHC's `QoL` beside `31.5 to 34.5` is g/dL, though nearer g/L, in which
    /// `313`, its point lost, is possible.
    #[must_use]
    pub fn unit_in_its_column(
        &self,
        read: &str,
        value: Option<f64>,
        printed: (Option<f64>, Option<f64>),
    ) -> Option<String> {
        if !read.contains(char::is_alphabetic) {
            return None;
        }
        if printed.0.is_some() || printed.1.is_some() {
            return self.unit_read_as_where(read, |u| self.bounds_fit(u, printed.0, printed.1), true);
        }
        self.unit_read_as_where(read, |u| value.is_none_or(|v| self.implausible(v, Some(u)).is_none()), true)
    }

    /// Whether printed bounds are this test's usual ones in `unit`: within half and twice
    /// them, for either sex.
    #[must_use]
    pub fn bounds_fit(&self, unit: &str, low: Option<f64>, high: Option<f64>) -> bool {
        let near = |printed: Option<f64>, usual: Option<f64>| match (printed, usual) {
            (Some(p), Some(u)) if p > 0.0 && u > 0.0 => Some((0.5..=2.0).contains(&(p / u))),
            _ => None,
        };
        [None, Some(Sex::Male), Some(Sex::Female)].into_iter().any(|sex| {
            self.default_range_in(Some(unit), sex).is_some_and(|(ul, uh)| {
                let compared = [near(low, ul), near(high, uh)];
                compared.iter().any(Option::is_some) && compared.iter().flatten().all(|&n| n)
            })
        })
    }

    /// [`Self::unit_read_as`] where the printed reference decides between units as near the
    /// reading, not the value (which may have lost its point with the unit its letter: globulin
    /// `15 g/d` beside `2.0 - 3.5` is g/dL, where 1.5 is low, though 15 is possible only in
    /// g/L): the unit in which the printed bounds are within half and twice the test's usual
    /// ones, for either sex.
    pub fn unit_read_as_by_range(&self, read: &str, low: Option<f64>, high: Option<f64>) -> Option<String> {
        if low.is_none() && high.is_none() {
            return None;
        }
        self.unit_read_as_where(read, |u| self.bounds_fit(u, low, high), false)
    }

    /// (`in_column`: the reading stands in the page's unit column, and may be further off.)
    fn unit_read_as_where(&self, read: &str, possible: impl Fn(&str) -> bool, in_column: bool) -> Option<String> {
        let length = |u: &str| u.chars().filter(|c| !c.is_whitespace()).count();
        // Two letters are too few to tell a misreading from a lab's own spelling (`pq`),
        // except in a unit column.
        if length(read) < if in_column { 2 } else { 3 } || is_known_unit(read) || self.foreign_unit(read).is_none() {
            return None;
        }
        // In quarter edits, so that a reading whose letters ran together (`W/L`) picks IU/L.
        // Half an edit for each character of the shorter of the two; in the unit column, an
        // edit for each of the longer.
        let within = |u: &str| {
            let d = unit_quarters(read, u);
            let limit = if in_column { 4 * length(u).max(length(read)) } else { 2 * length(u).min(length(read)) };
            (d <= limit).then_some(d)
        };
        // The test's units in every spelling labs print them (`million/mm3` for `million/cumm`).
        let own: Vec<String> = self.units().map(|u| normalise_unit(u)).collect();
        let mut spellings: Vec<&str> = self.units().map(String::as_str).collect();
        for unit in known_units().filter(|u| own.contains(&normalise_unit(u))) {
            spellings.push(unit);
        }
        // (In the unit column, the nearest of those possible: a unit it stands in for sure.)
        let near: Vec<(&str, usize)> = spellings
            .into_iter()
            .filter_map(|u| Some((u, within(u)?)))
            .filter(|(u, _)| !in_column || possible(u))
            .collect();
        let nearest = near.iter().map(|(_, d)| *d).min()?;
        let found: Vec<&str> = near.into_iter().filter(|(u, d)| *d == nearest && possible(u)).map(|(u, _)| u).collect();
        let factor = |u: &str| self.to_canonical(1.0, Some(u));
        if !found.iter().all(|u| factor(u) == found.first().and_then(|f| factor(f))) {
            return None;
        }
        // Of spellings as near, the one nearest as printed (`x10E3/uL`, not `x10^3/uL`, for
        // `xLOE3/uL`); of those the one that keeps more of the reading's characters in their
        // order (`gmdc`, its slash lost, is `gm/dL`: it keeps `gmd`, `g/dL` only `gd`); and of
        // those the one as long as the reading: OCR misreads a letter far more often than it
        // adds one (`mnvhe` is `mm/hr`, `grvdt` is `gm/dL`). A slash read twice, once as its
        // lookalike `v` (`gmv/dL`), counts once.
        let plain = |u: &str| u.to_lowercase().replace(['µ', 'μ'], "u").replace(' ', "");
        let read_plain = plain(read);
        let printed = |u: &str| edit_quarters(&plain(u), &read_plain);
        let kept = |u: &str| std::cmp::Reverse(common_in_order(&plain(u), &read_plain));
        let letters = read_plain.replace("v/", "/").replace("/v", "/").chars().count();
        let longer = |u: &str| plain(u).chars().count().abs_diff(letters);
        found.into_iter().min_by_key(|u| (printed(u), kept(u), longer(u))).map(str::to_string)
    }

    /// The number a whole-number reading stands for when OCR lost its decimal point
    /// (haematocrit `385` for 38.5, MCV `857` for 85.7). Only a reading that is possible in
    /// none of the units it may be in (the printed one when it is this test's, else any of
    /// the test's) is mended, and only where putting the point back in exactly one place makes
    /// it possible; where several places do, exactly one must fall within `range` (the
    /// printed range, or the usual one, in the printed unit), or, where none does, exactly
    /// one within twice its bounds with every other more than five times past them (bilirubin
    /// `133` beside 0.3-1.2 is 1.33, not 13.3).
    pub fn point_lost(&self, text: &str, unit: Option<&str>, range: (Option<f64>, Option<f64>)) -> Option<f64> {
        self.point_lost_flagged(text, unit, range, None)
    }

    /// [`Self::point_lost`] for a row the lab flagged: `side` says which side of `range` the lab
    /// put the value (`Less` for low, `Greater` for high). Where the point could go in more than
    /// one place and none falls within the range, nor near it with the others far past it, the
    /// one place on the flag's side within twice its bound is taken (free T3 `162` beside
    /// 1.80-3.96 flagged low is 1.62, not 16.2).
    #[must_use]
    pub fn point_lost_flagged(
        &self,
        text: &str,
        unit: Option<&str>,
        range: (Option<f64>, Option<f64>),
        side: Option<std::cmp::Ordering>,
    ) -> Option<f64> {
        let (lo, hi) = self.plausible?;
        let places = crate::reading::points_put_back(text)?;
        let units: Vec<Option<&str>> = match unit {
            Some(u) if self.to_canonical(1.0, Some(u)).is_some() => vec![Some(u)],
            _ => self.units().map(|u| Some(u.as_str())).collect(),
        };
        let possible = |v: f64| units.iter().any(|u| self.to_canonical(v, *u).is_some_and(|c| (lo..=hi).contains(&c)));
        let read: f64 = text.parse().ok()?;
        if possible(read) {
            return None;
        }
        let places: Vec<f64> = places.into_iter().filter(|v| possible(*v)).collect();
        let within = |v: &f64| range.0.is_none_or(|l| *v >= l) && range.1.is_none_or(|h| *v <= h);
        // How many times past the range a value is (1 within it).
        let past = |v: f64| {
            let below = range.0.filter(|l| *l > 0.0 && v < *l).map_or(1.0, |l| l / v);
            let above = range.1.filter(|h| *h > 0.0 && v > *h).map_or(1.0, |h| v / h);
            below.max(above)
        };
        // On the flag's side of the range, within twice its bound.
        let flagged = |v: f64| match side {
            Some(std::cmp::Ordering::Less) => range.0.is_some_and(|l| l > 0.0 && v < l && l / v <= 2.0),
            Some(std::cmp::Ordering::Greater) => range.1.is_some_and(|h| h > 0.0 && v > h && v / h <= 2.0),
            _ => false,
        };
        // A range to choose by: the printed one or the usual one, whichever the caller gave.
        let bounded = range.0.is_some() || range.1.is_some();
        match places.as_slice() {
            [one] => Some(*one),
            _ if !bounded => None,
            _ => match places.iter().filter(|v| within(v)).collect::<Vec<_>>().as_slice() {
                [one] => Some(**one),
                [] => {
                    let near: Vec<f64> = places.iter().copied().filter(|v| past(*v) <= 2.0).collect();
                    match near.as_slice() {
                        [one] if places.iter().all(|v| v == one || past(*v) > 5.0) => Some(*one),
                        _ => match places.iter().copied().filter(|v| flagged(*v)).collect::<Vec<_>>().as_slice() {
                            [one] => Some(*one),
                            _ => None,
                        },
                    }
                }
                _ => None,
            },
        }
    }

    /// Why a value cannot be right for this test, if it is outside the plausible range.
    pub fn implausible(&self, value: f64, unit: Option<&str>) -> Option<String> {
        let (lo, hi) = self.plausible?;
        let v = self.to_canonical(value, unit)?;
        (v < lo || v > hi).then(|| {
            format!(
                "{} of {v} {} is outside what is physiologically possible ({lo}–{hi}); check the report",
                self.name, self.unit
            )
        })
    }
}

/// Lower case, letters and digits only, single spaces; dots vanish so "R.B.C." reads "rbc".
pub fn normalise(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars().flat_map(char::to_lowercase) {
        if c == '.' {
            continue;
        }
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.ends_with(' ') && !out.is_empty() {
            out.push(' ');
        }
    }
    out.trim_end().to_string()
}

/// Letters OCR takes for one another in small print: the upright strokes (`l`, `i`, `I`,
/// `1`, `|`, `t`), compared in lower case. (Not `g` and `q`: Thyrocare prints MCH in `pq`,
/// and a unit is given as printed.)
fn same_stroke(a: char, b: char) -> bool {
    let strokes = "li1|!tj";
    strokes.contains(a) && strokes.contains(b)
}

/// Units compare without case, spaces or the micro-sign spelling, and with the ways labs write
/// a count's multiplier made one: `x10^3/uL`, `X 10³ / µL`, `10E3/uL`, `x1000/mm3` and
/// `thou/mm3` are all `10^3/ul`; `million/cumm` is `10^6/ul`.
pub fn normalise_unit(u: &str) -> String {
    let u = u
        .trim()
        .to_lowercase()
        .replace(['µ', 'μ'], "u")
        .replace("mcg", "ug")
        .replace("cu mm", "cumm")
        .replace("mm3", "cumm")
        .replace("/cmm", "/cumm")
        .replace("/ ", "/")
        .replace(' ', "")
        .replace('³', "^3")
        .replace('⁶', "^6")
        .replace("10e", "10^")
        .replace("10*", "10^");
    let u = u.strip_prefix('x').filter(|rest| rest.starts_with("10")).unwrap_or(&u);
    // Grams spelled `gm` or `gms` (`gm/dL`, as many Indian labs print it).
    let u = ["gms/", "gm/"]
        .iter()
        .find_map(|g| u.strip_prefix(g))
        .map_or_else(|| u.to_string(), |rest| format!("g/{rest}"));
    let mut u = u;
    for (spelled, power) in [
        ("x1000/", "10^3/"),
        ("1000/", "10^3/"),
        ("thousand/", "10^3/"),
        ("thou/", "10^3/"),
        ("million/", "10^6/"),
        ("millions/", "10^6/"),
        ("mill/", "10^6/"),
        // Turkish: `Bin/µL` (bin, a thousand), `Milyon/µL`.
        ("bin/", "10^3/"),
        ("milyon/", "10^6/"),
    ] {
        if let Some(rest) = u.strip_prefix(spelled) {
            u = format!("{power}{rest}");
        }
    }
    match u.strip_suffix("/cumm") {
        Some(head) if head.starts_with("10^") => format!("{head}/ul"),
        _ => u,
    }
}

fn split_parenthesised(s: &str) -> (String, Vec<String>) {
    let mut outside = String::new();
    let mut inside = Vec::new();
    let mut depth = 0usize;
    let mut current = String::new();
    for c in s.chars() {
        match c {
            '(' | '[' => {
                depth += 1;
                if depth == 1 {
                    current.clear();
                    continue;
                }
            }
            ')' | ']' if depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    inside.push(current.clone());
                    continue;
                }
            }
            _ => {}
        }
        if depth == 0 { outside.push(c) } else { current.push(c) }
    }
    // A bracket left open (`LIPOPROTEIN (A) [LP(A)`) holds the rest.
    if depth > 0 && !current.trim().is_empty() {
        inside.push(current);
    }
    (outside, inside)
}

struct Catalog {
    version: String,
    entries: Vec<Biomarker>,
    by_alias: HashMap<String, usize>,
    /// Each name's [`word_set`]: the entry it names, or `None` where names of two entries have
    /// the same words.
    by_words: HashMap<String, Option<usize>>,
}

/// A normalised name's words in alphabetical order: names that differ only in the order of
/// their words have the same.
fn word_set(normalised: &str) -> String {
    let mut words: Vec<&str> = normalised.split(' ').filter(|w| !w.is_empty()).collect();
    words.sort_unstable();
    words.join(" ")
}

static CATALOG: LazyLock<Catalog> = LazyLock::new(|| parse(include_str!("biomarkers.psv")));

fn parse(text: &str) -> Catalog {
    let version = text
        .lines()
        .next()
        .and_then(|l| l.rsplit_once("version "))
        .map(|(_, v)| v.trim().to_string())
        .unwrap_or_default();
    let mut entries = Vec::new();
    let mut by_alias = HashMap::new();
    let mut by_words: HashMap<String, Option<usize>> = HashMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let f: Vec<&str> = line.split('|').collect();
        let field = |i: usize| f.get(i).copied().unwrap_or("").trim();
        let plausible = field(5).split_once('-').and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)));
        let conversions = field(7)
            .split(';')
            .filter_map(|c| c.rsplit_once('*'))
            .filter_map(|(u, x)| Some((u.trim().to_string(), x.trim().parse().ok()?)))
            .collect();
        let index = entries.len();
        for alias in field(6).split(';').chain([field(1), field(0)]) {
            let key = normalise(alias);
            if !key.is_empty() {
                let named = by_words.entry(word_set(&key)).or_insert(Some(index));
                if *named != Some(index) {
                    *named = None;
                }
                by_alias.entry(key).or_insert(index);
            }
        }
        entries.push(Biomarker {
            key: field(0).to_string(),
            name: field(1).to_string(),
            panel: field(2).to_string(),
            aliases: field(6).split(';').map(str::trim).filter(|a| !a.is_empty()).map(str::to_string).collect(),
            loinc: Some(field(3).to_string()).filter(|s| !s.is_empty()),
            unit: field(4).to_string(),
            plausible,
            conversions,
            default_range: DefaultRange::parse(field(8)),
        });
    }
    Catalog { version, entries, by_alias, by_words }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(name: &str) -> Option<&'static str> {
        lookup(name).map(|b| b.key.as_str())
    }

    fn key_in(name: &str, unit: Option<&str>) -> Option<&'static str> {
        lookup_in_unit(name, unit).map(|b| b.key.as_str())
    }

    #[test]
    fn the_catalog_is_large_and_consistent() {
        assert!(all().len() >= 150, "{} entries", all().len());
        assert!(version().starts_with("2026-"));
        let mut keys: Vec<&str> = all().iter().map(|b| b.key.as_str()).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), all().len(), "keys are unique");
        for b in all() {
            assert!(!b.name.is_empty() && !b.panel.is_empty(), "{b:?}");
            if let Some(l) = &b.loinc {
                let (num, check) = l.split_once('-').unwrap_or(("", ""));
                assert!(num.parse::<u32>().is_ok() && check.len() == 1, "LOINC {l} of {}", b.key);
                assert_eq!(loinc_check_digit(num), check.parse::<u32>().ok(), "LOINC check digit of {l} ({})", b.key);
            }
            if let Some((lo, hi)) = b.plausible {
                assert!(lo < hi, "{}", b.key);
            }
        }
    }

    #[test]
    fn a_whole_name_is_a_name_or_a_name_with_the_same_tests_abbreviation_in_brackets() {
        let whole = |name: &str| lookup_whole(name).map(|b| b.key.as_str());
        assert_eq!(whole("Thyroid Stimulating Hormone"), Some("tsh"));
        assert_eq!(whole("Thyroid Stimulating Hormone (TSH)"), Some("tsh"));
        // Brackets naming another test, or words no name has, are no whole name.
        assert_eq!(whole("Thyroid Stimulating Hormone (T4)"), None);
        assert_eq!(whole("Thyroid Stimulating Hormone (Serum)"), None);
        assert_eq!(whole("LIPID PROFILE Cholesterol"), None);
        assert_eq!(whole("LIPID PROFILE (Cholesterol)"), None);
    }

    #[test]
    fn a_unit_as_near_two_of_the_tests_is_the_one_its_printed_range_is_usual_in() {
        let globulin = by_key("globulin").expect("globulin");
        assert_eq!(globulin.unit_read_as_by_range("g/d", Some(2.0), Some(3.5)).as_deref(), Some("g/dL"));
        assert_eq!(globulin.unit_read_as_by_range("g/d", Some(20.0), Some(35.0)).as_deref(), Some("g/L"));
        // A range usual in neither, or none, decides nothing.
        assert_eq!(globulin.unit_read_as_by_range("g/d", Some(200.0), Some(350.0)), None);
        assert_eq!(globulin.unit_read_as_by_range("g/d", None, None), None);
    }

    #[test]
    fn a_unit_read_without_its_prefix_is_the_tests_prefixed_unit() {
        let unit = |name: &str, read: &str| by_key(name).and_then(|b| b.unit_missing_prefix(read));
        assert_eq!(unit("iron", "g/dL").as_deref(), Some("µg/dL"));
        assert_eq!(unit("creatinine", "g/dL").as_deref(), Some("mg/dL"));
        assert_eq!(unit("creatinine", "mol/L").as_deref(), Some("µmol/L"));
        // A unit of the test, or one no prefix makes a unit of it, stays as read.
        assert_eq!(unit("iron", "µg/dL"), None);
        assert_eq!(unit("haemoglobin", "g/L"), None);
        assert_eq!(unit("haemoglobin", "g/mL"), None);
    }

    /// [`Biomarker::unit_misread`] for the test `name` read as `read` beside `value`.
    fn misread(name: &str, read: &str, value: f64) -> Option<String> {
        by_key(name).and_then(|b| b.unit_misread(read, Some(value)))
    }

    #[test]
    fn a_unit_cut_short_or_a_misread_percent_is_the_tests_unit() {
        assert_eq!(misread("mchc", "g/d", 33.0).as_deref(), Some("g/dL"));
        assert_eq!(misread("neutrophils_pct", "j", 44.9).as_deref(), Some("%"));
        assert_eq!(misread("neutrophils_pct", "b", 60.0).as_deref(), Some("%"));
        // A unit of the test, a start shared by two of its units, a value that is no
        // percentage, a test not in percent, or a digit stay as read.
        assert_eq!(misread("mchc", "g/dL", 33.0), None);
        assert_eq!(misread("neutrophils_pct", "%", 44.9), None);
        assert_eq!(misread("neutrophils_pct", "j", 4490.0), None);
        assert_eq!(misread("mchc", "j", 33.0), None);
        assert_eq!(misread("neutrophils_pct", "7", 44.9), None);
        assert_eq!(misread("creatinine", "m/", 1.0), None);
    }

    #[test]
    fn a_ratio_of_the_test_read_without_its_slash_is_the_tests_unit() {
        assert_eq!(misread("alt", "UL", 17.0).as_deref(), Some("U/L"));
        assert_eq!(misread("lipase", "Ul", 56.0).as_deref(), Some("U/L"));
        assert_eq!(misread("ggt", "WL", 70.0).as_deref(), Some("U/L"));
        assert_eq!(misread("glucose_fasting", "mgdL", 90.0).as_deref(), Some("mg/dL"));
        // Not a ratio of the test without its slash.
        assert_eq!(misread("alt", "OU", 47.0), None);
        assert_eq!(misread("glucose_fasting", "UL", 90.0), None);
    }

    #[test]
    fn a_short_unit_with_a_stroke_misread_or_its_last_letter_lost_is_the_tests_unit() {
        assert_eq!(misread("mcv", "fi", 85.7).as_deref(), Some("fL"));
        assert_eq!(misread("mpv", "f", 9.4).as_deref(), Some("fL"));
        // Two strokes away, a letter that is not a stroke away (`pq`, as Thyrocare prints
        // MCH), a reading no shorter unit starts, or a unit the test has stay as read.
        assert_eq!(misread("mch", "pq", 30.7), None);
        assert_eq!(misread("mcv", "fit", 85.7), None);
        assert_eq!(misread("mcv", "fa", 85.7), None);
        assert_eq!(misread("haemoglobin", "g", 13.8), None);
        assert_eq!(misread("mpv", "%", 9.4), None);
        assert_eq!(misread("mcv", "fl", 85.7), None);
    }

    #[test]
    fn a_unit_ocr_misread_as_no_unit_is_the_tests_unit_nearest_it_where_the_value_fits() {
        let unit = |name: &str, read: &str, value: f64| by_key(name).and_then(|b| b.unit_read_as(read, Some(value)));
        assert_eq!(unit("calcium", "me/dt", 9.8).as_deref(), Some("mg/dL"));
        assert_eq!(unit("bilirubin_indirect", "mo/db", 0.5).as_deref(), Some("mg/dL"));
        assert_eq!(unit("t4_total", "po/dt", 8.1).as_deref(), Some("µg/dL"));
        assert_eq!(unit("lymphocytes_abs", "X107 /pt", 2.1).map(|u| normalise_unit(&u)).as_deref(), Some("10^3/ul"));
        assert_eq!(unit("monocytes_abs", "xLOE3/uL", 0.5).as_deref(), Some("x10E3/uL"));
        // As near g/L as g/dL: a protein of 7.2 is possible in g/dL only, of 72 in g/L only.
        assert_eq!(unit("total_protein", "gid", 7.2).as_deref(), Some("g/dL"));
        assert_eq!(unit("total_protein", "gid", 72.0).as_deref(), Some("g/L"));
        // Nearest a spelling labs print that is not the catalog's.
        assert_eq!(unit("rbc_count", "milhon/mm3", 4.5).as_deref(), Some("million/mm3"));
        // The `m/` of a photo's unit read `nv`, `mv`: grams spelled as printed, not g/dL.
        assert_eq!(unit("haemoglobin", "gnvdl", 14.6).map(|u| u.to_lowercase()).as_deref(), Some("gm/dl"));
        assert_eq!(unit("albumin", "gmvdL", 5.3).map(|u| u.to_lowercase()).as_deref(), Some("gm/dl"));
        // As near `mm/h` as `mm/hr`, and as long as `mm/hr`; so `grvdt` is gm/dL.
        assert_eq!(unit("esr", "mnvhe", 12.0).as_deref(), Some("mm/hr"));
        assert_eq!(unit("total_protein", "grvdt", 6.9).map(|u| u.to_lowercase()).as_deref(), Some("gm/dl"));
        assert_eq!(unit("haemoglobin", "gmv/dL", 16.3).map(|u| u.to_lowercase()).as_deref(), Some("gm/dl"));
        // Its slash lost, the `m` kept: as near g/dL, but gm/dL keeps more of the reading.
        assert_eq!(unit("haemoglobin", "gmdc", 14.6).map(|u| u.to_lowercase()).as_deref(), Some("gm/dl"));
        assert_eq!(unit("albumin", "gmdt", 3.4).map(|u| u.to_lowercase()).as_deref(), Some("gm/dl"));
        assert_eq!(common_in_order("gm/dl", "gmdc"), 3);
        // The `IU` of international units run together as `W`: IU/L, not U/L.
        assert_eq!(unit("alt", "W/L", 11.0).as_deref(), Some("IU/L"));
        assert_eq!(unit("alt", "WIL", 21.0).as_deref(), Some("IU/L"));
        assert_eq!(unit("ast", "1/L", 30.0).as_deref(), Some("IU/L"));
        // The `g/` of a photo's `mg/dL` run together as `a`, its `L` lost.
        assert_eq!(unit("cholesterol_total", "mad", 43.0).as_deref(), Some("mg/dL"));
        assert_eq!(unit("phosphorus", "mad", 3.1).as_deref(), Some("mg/dL"));
        // A photo's `U/L` with the `U` read as `V` and the `L` as `T`.
        assert_eq!(unit("ggt", "VIT", 48.0).as_deref(), Some("U/L"));
        assert_eq!(unit("alt", "VIT", 10.0).as_deref(), Some("U/L"));
    }

    #[test]
    fn a_unit_a_lab_prints_a_short_reading_and_a_reading_far_from_every_unit_of_the_test_stay() {
        let unit = |name: &str, read: &str, value: f64| by_key(name).and_then(|b| b.unit_read_as(read, Some(value)));
        // Units labs print, the test's own or another's.
        assert_eq!(unit("calcium", "mg/dL", 9.8), None);
        assert_eq!(unit("calcium", "mmol/L", 2.4), None);
        assert_eq!(unit("calcium", "mg/L", 98.0), None);
        // Two letters (Thyrocare prints MCH in `pq`), and words or flags read in the unit's place.
        assert_eq!(unit("mch", "pq", 30.7), None);
        assert_eq!(unit("bicarbonate", "Low", 19.0), None);
        assert_eq!(unit("bicarbonate", "Refer Note below", 19.0), None);
        assert_eq!(unit("ldl", "ill", 130.0), None);
        // Near two units and possible in neither.
        assert_eq!(unit("total_protein", "gid", 700.0), None);
    }

    #[test]
    fn a_misread_unit_is_the_nearest_unit_unless_the_test_cannot_be_in_it_and_is_near_its_own() {
        let mend = |name: &str, read: &str, value: f64| by_key(name).and_then(|b| b.mend_unit(read, Some(value)));
        assert_eq!(mend("creatinine", "meg/dt", 0.67).as_deref(), Some("mg/dL"));
        assert_eq!(mend("creatinine", "meg/dL", 0.67).as_deref(), Some("mg/dL"));
        assert_eq!(mend("iron", "meg/dL", 89.0).map(|u| normalise_unit(&u)).as_deref(), Some("ug/dl"));
        // Nearest a unit labs print for it, though not one the catalog converts: as printed.
        assert_eq!(mend("tsh", "mu/mi", 2.1).map(|u| u.to_lowercase()).as_deref(), Some("mu/ml"));
    }

    #[test]
    fn a_whole_number_impossible_for_its_test_gets_its_point_back_where_only_one_place_fits() {
        let mended = |key: &str, text: &str, unit: Option<&str>, range: (Option<f64>, Option<f64>)| {
            by_key(key).unwrap().point_lost(text, unit, range)
        };
        let none = (None, None);
        assert_eq!(mended("hematocrit", "385", Some("%"), none), Some(38.5));
        assert_eq!(mended("mcv", "857", Some("fi"), none), Some(85.7));
        assert_eq!(mended("mpv", "94", None, none), Some(9.4));
        // Haemoglobin 1380 in an unreadable unit: 138.0 g/L, 13.80 g/dL and 1.380 mmol/L are
        // all possible, and the printed range picks one; without a range nothing is chosen.
        assert_eq!(mended("haemoglobin", "1380", Some("gd"), (Some(13.0), Some(17.0))), Some(13.8));
        assert_eq!(mended("haemoglobin", "1380", Some("gd"), none), None);
        // Bilirubin 133: 1.33 and 13.3 are possible, neither within 0.3-1.2; 1.33 is just
        // past it, 13.3 eleven times. Beside 0.3-0.4, both are far past it.
        assert_eq!(mended("bilirubin_total", "133", Some("mg/dL"), (Some(0.3), Some(1.2))), Some(1.33));
        assert_eq!(mended("bilirubin_total", "133", Some("mg/dL"), (Some(0.3), Some(0.4))), None);
        assert_eq!(mended("bilirubin_total", "133", Some("mg/dL"), none), None);
        // A possible reading, haemoglobin 138 printed in g/L or in an unreadable unit, a
        // reading with a point or a leading zero, and a test without limits stay as read.
        assert_eq!(mended("haemoglobin", "138", Some("g/L"), none), None);
        assert_eq!(mended("haemoglobin", "138", Some("gd"), none), None);
        assert_eq!(mended("hematocrit", "38.5", Some("%"), none), None);
        assert_eq!(mended("hematocrit", "0385", Some("%"), none), None);
        assert_eq!(mended("hematocrit", "9", Some("%"), none), None);
    }

    #[test]
    fn a_flagged_whole_number_gets_its_point_back_on_the_side_the_lab_flagged() {
        use std::cmp::Ordering::{Greater, Less};
        let ft3 = by_key("ft3").unwrap();
        let range = (Some(1.8), Some(3.96));
        // Free T3 162 pg/mL: 1.62 and 16.2 are both possible and neither is within the range;
        // 1.62 is just below it, 16.2 four times above. The lab's flag tells which.
        assert_eq!(ft3.point_lost("162", Some("pg/mL"), range), None);
        assert_eq!(ft3.point_lost_flagged("162", Some("pg/mL"), range, Some(Less)), Some(1.62));
        assert_eq!(ft3.point_lost_flagged("162", Some("pg/mL"), range, Some(Greater)), None);
        assert_eq!(ft3.point_lost_flagged("162", Some("pg/mL"), range, None), None);
        // A place within the range is taken as before, whatever the flag.
        assert_eq!(ft3.point_lost_flagged("325", Some("pg/mL"), range, Some(Less)), Some(3.25));
    }

    #[test]
    fn default_ranges_are_parsed_sourced_and_inside_the_plausible_range() {
        let lines = include_str!("biomarkers.psv").lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty());
        let written = lines.filter(|l| !l.split('|').nth(8).unwrap_or("").trim().is_empty()).count();
        let parsed: Vec<&Biomarker> = all().iter().filter(|b| b.default_range.is_some()).collect();
        assert_eq!(parsed.len(), written, "every written default range parses");
        assert!(parsed.len() >= 100, "{} defaults", parsed.len());
        let header = include_str!("biomarkers.psv").lines().take_while(|l| l.starts_with('#')).collect::<String>();
        for b in parsed {
            let d = b.default_range.as_ref().unwrap();
            assert!(header.contains(&format!("{} = ", d.source)), "source {} of {} is explained", d.source, b.key);
            for (lo, hi) in [d.male, d.female] {
                assert!(lo.is_some() || hi.is_some(), "{}", b.key);
                if let (Some(l), Some(h)) = (lo, hi) {
                    assert!(l < h, "{}", b.key);
                }
                if let Some((pl, ph)) = b.plausible {
                    for v in [lo, hi].into_iter().flatten() {
                        assert!((pl..=ph).contains(&v), "{} default {v} outside plausible {pl}-{ph}", b.key);
                    }
                }
            }
        }
    }

    #[test]
    fn default_ranges_follow_the_sex_and_the_printed_unit() {
        let hb = by_key("haemoglobin").unwrap();
        assert_eq!(hb.default_range_in(Some("g/dL"), Some(Sex::Female)), Some((Some(12.0), Some(15.0))));
        assert_eq!(hb.default_range_in(Some("g/dL"), Some(Sex::Male)), Some((Some(13.0), Some(17.0))));
        assert_eq!(hb.default_range_in(Some("g/dL"), None), Some((Some(12.0), Some(17.0))), "either sex: the span");
        assert_eq!(hb.default_range_in(Some("g/L"), Some(Sex::Male)), Some((Some(130.0), Some(170.0))));
        assert_eq!(hb.default_range_in(Some("furlongs"), None), None, "no range in a unit we cannot convert");
        let chol = by_key("cholesterol_total").unwrap();
        assert_eq!(chol.default_range_in(None, None), Some((None, Some(200.0))));
        let glucose = by_key("glucose_fasting").unwrap();
        let (lo, hi) = glucose.default_range_in(Some("mmol/L"), None).unwrap();
        assert_eq!((lo, hi), (Some(3.885), Some(5.495)));
        // A bound of zero is zero in any unit.
        let direct = by_key("bilirubin_direct").unwrap();
        assert_eq!(direct.default_range_in(Some("umol/L"), None), Some((Some(0.0), Some(5.131))));
        assert_eq!(by_key("hbsag").unwrap().default_range, None, "qualitative tests have none");
    }

    #[test]
    fn a_blood_specimen_after_a_dash_does_not_hide_the_test_but_another_specimen_does() {
        assert_eq!(key("Haemoglobin - EDTA Whole Blood"), Some("haemoglobin"));
        assert_eq!(key("Blood Urea - Serum"), key("Blood Urea"));
        assert_ne!(key("Creatinine - 24 Hrs. Urine"), Some("creatinine"));
        assert_eq!(key("Sodium - Plasma"), Some("sodium"));
    }

    #[test]
    fn a_test_named_twice_across_a_dash_is_known_and_two_tests_are_not() {
        assert_eq!(key("ESR - Erythrocyte Sedimentation Rate"), Some("esr"));
        assert_eq!(key("Glucose - Creatinine"), None);
    }

    #[test]
    fn a_full_stop_between_words_and_a_bracket_left_open_do_not_hide_the_test() {
        assert_eq!(key("BUN / SR.CREATININE RATIO"), Some("bun_creatinine_ratio"));
        assert_eq!(key("S.G.P.T"), Some("alt"));
        assert_eq!(key("LIPOPROTEIN (A) [LP(A)"), Some("lpa"));
        assert_eq!(key("Nucleated Red Blood Cells"), Some("nrbc_pct"));
    }

    #[test]
    fn a_name_and_its_abbreviation_one_after_the_other_name_the_test() {
        assert_eq!(key("LIPOPROTEIN (A) LP(A)"), Some("lpa"));
        assert_eq!(key("Erythrocyte Sedimentation Rate ESR"), Some("esr"));
        assert_eq!(key("Glucose Creatinine"), None);
    }

    #[test]
    fn a_name_in_another_word_order_is_the_test_only_one_test_has_those_words() {
        assert_eq!(key("Blood Glucose Fasting"), Some("glucose_fasting"));
        assert_eq!(key("BILIRUBIN TOTAL SERUM"), Some("bilirubin_total"));
        // LDL/HDL and HDL/LDL are each other's inverse: the words alone do not tell which.
        assert_eq!(key("Ratio LDL HDL"), None);
        assert_eq!(key("Glucose Blood"), key("Blood Glucose"));
    }

    #[test]
    fn a_name_and_its_abbreviation_after_a_semicolon_are_both_tried() {
        assert_eq!(key("LIPOPROTEIN(a); Lp(a), SERUM"), Some("lpa"));
        assert_eq!(key("Sugar Study; HbA1c"), key("HbA1c"));
        assert_eq!(key("Remarks; Fasting state"), None);
    }

    #[test]
    fn a_name_with_its_abbreviation_after_a_comma_is_known_by_the_abbreviation() {
        assert_eq!(key("HEMATOCRIT VALUE, HCT"), Some("hematocrit"));
        assert_eq!(key("MEAN CELL HAEMOGLOBIN, MCH"), Some("mch"));
        assert_eq!(key("MEAN CELL HAEMOGLOBIN CON, MCHC"), Some("mchc"));
        // A word after the comma that is no abbreviation of a test names nothing by itself.
        assert_eq!(key("BILIRUBIN, DIRECT"), Some("bilirubin_direct"));
        assert_eq!(key("QUANTUM FLUX, TOTAL"), None);
        assert_eq!(key("Quantum flux, hct"), None);
    }

    /// LOINC codes end in a mod-10 check digit (the Luhn variant LOINC documents).
    fn loinc_check_digit(num: &str) -> Option<u32> {
        let digits: Vec<u32> = num.chars().map(|c| c.to_digit(10)).collect::<Option<_>>()?;
        let mut sum = 0;
        for (i, d) in digits.iter().rev().enumerate() {
            let v = if i % 2 == 0 { d * 2 } else { *d };
            sum += v / 10 + v % 10;
        }
        Some((10 - sum % 10) % 10)
    }

    #[test]
    fn indian_and_us_spellings_meet() {
        assert_eq!(key("SGPT"), Some("alt"));
        assert_eq!(key("ALT (SGPT)"), Some("alt"));
        assert_eq!(key("Alanine Aminotransferase (ALT)"), Some("alt"));
        assert_eq!(key("Hb"), Some("haemoglobin"));
        assert_eq!(key("HAEMOGLOBIN"), Some("haemoglobin"));
        assert_eq!(key("Hemoglobin"), Some("haemoglobin"));
        assert_eq!(key("Total Leucocyte Count (TLC)"), Some("wbc_count"));
        assert_eq!(key("Glucose - Fasting"), Some("glucose_fasting"));
        assert_eq!(key("S. Creatinine"), Some("creatinine"));
        assert_eq!(key("R.B.C. Count"), Some("rbc_count"));
        assert_eq!(key("Transferin Saturation"), Some("transferrin_saturation"));
        assert_eq!(key("Vitamin D (25-OH)"), Some("vitamin_d"));
        assert_eq!(key("Serum Ferritin"), Some("ferritin"));
        assert_eq!(key("LDL Cholesterol - Direct"), Some("ldl"));
        // Labcorp's name for the LDL it works out with the NIH equation.
        assert_eq!(key("LDL Chol Calc (NIH)"), Some("ldl"));
        assert_eq!(key("Apolipoprotein B (Apo B) (Immunoturbidimetry)"), Some("apob"));
        assert_eq!(key("Quantum flux"), None);
    }

    #[test]
    fn lipid_names_with_a_c_suffix_free_psa_and_immature_granulocytes_are_known() {
        assert_eq!(key("Direct LDL-C"), Some("ldl"));
        assert_eq!(key("Non-HDL-C"), Some("non_hdl"));
        assert_eq!(key("ApoA-I"), Some("apoa1"));
        assert_eq!(key("ApoB/ApoA-I"), Some("apob_apoa1_ratio"));
        assert_eq!(key("TC/HDL-C"), Some("chol_hdl_ratio"));
        // Free PSA is not the total, nor the absolute immature granulocytes the percentage.
        assert_eq!(key("PSA, FREE"), Some("psa_free"));
        assert_eq!(key("PSA"), Some("psa_total"));
        assert_eq!(key("Immature Granulocytes"), Some("immature_granulocytes_pct"));
        assert_eq!(key("Immature Grans (Abs)"), Some("immature_granulocytes_abs"));
        assert_eq!(key("P-LCR"), Some("p_lcr"));
    }

    #[test]
    fn the_unit_tells_a_count_from_a_percentage_of_the_same_cells() {
        assert_eq!(key_in("Lymphocytes", Some("%")), Some("lymphocytes_pct"));
        assert_eq!(key_in("Lymphocytes", Some("10^3/µl")), Some("lymphocytes_abs"));
        assert_eq!(key_in("Immature Granulocytes (IG)", Some("X 10³ / µL")), Some("immature_granulocytes_abs"));
        assert_eq!(key_in("Absolute neutrophil count", Some("%")), Some("neutrophils_pct"));
        // An OCR unit that is no unit, or none, leaves the name's own entry.
        assert_eq!(key_in("Neutrophil", Some("i")), Some("neutrophils_pct"));
        assert_eq!(key_in("Haemoglobin", Some("g/dL")), Some("haemoglobin"));
        // A percentage of free PSA is neither the free PSA nor the total: it is the entry for it.
        assert_eq!(key_in("PSA, % FREE", None), Some("psa_free_pct"));
        assert_eq!(key_in("PSA, FREE", Some("ng/mL")), Some("psa_free"));
        assert_eq!(key_in("Hematocrit", Some("%")), Some("hematocrit"));
        assert_eq!(key_in("MCHC", Some("%")), Some("mchc"));
        assert_eq!(key_in("PDW", Some("%")), Some("pdw"));
        // A `#` in the name is the count, whatever OCR made of the unit beside it.
        assert_eq!(key_in("NEUT#", Some("10^3/uL")), Some("neutrophils_abs"));
        assert_eq!(key_in("Lymph#", Some("Bini")), Some("lymphocytes_abs"));
        assert_eq!(key_in("Lymph%", None), Some("lymphocytes_pct"));
        // Sysmex KX-21's mixed cells (monocytes, eosinophils and basophils together).
        assert_eq!(key_in("Mixed%", Some("%")), Some("mixed_pct"));
        assert_eq!(key_in("Mixed#", Some("x1000/mm3")), Some("mixed_abs"));
    }

    #[test]
    fn an_abbreviation_hyphened_to_the_tests_name_in_any_language_is_the_test() {
        // Turkish hospital reports: `HGB-Hemoglobin`, `WBC-Akyuvarlar` (white cells).
        assert_eq!(key("HGB-Hemoglobin"), Some("haemoglobin"));
        assert_eq!(key("WBC-Akyuvarlar"), Some("wbc_count"));
        assert_eq!(key("RBC-Alyuvarlar"), Some("rbc_count"));
        assert_eq!(key("PLT-Trombosit ~"), Some("platelet_count"));
        assert_eq!(key("Hematokrit-HCT"), Some("hematocrit"));
        // An abbreviation and a name that are two tests name neither.
        assert_eq!(key("HGB-Trombosit"), None);
        // A word that changes the test, or a prefix that is no name, is not dropped.
        assert_eq!(key("Non-HDL"), key("Non-HDL Cholesterol"));
        assert_ne!(key("Non-HDL"), Some("hdl"));
        assert_eq!(key("ALB-Urine"), None);
        // The differential's names in Turkish and Spanish, count by `#` or its unit.
        assert_eq!(key_in("Lenfosit %", Some("%")), Some("lymphocytes_pct"));
        assert_eq!(key_in("Nötrofil #", Some("Bin/µL")), Some("neutrophils_abs"));
        assert_eq!(key_in("Eozinofil #", None), Some("eosinophils_abs"));
        assert_eq!(key_in("Linfocitos", Some("%")), Some("lymphocytes_pct"));
        // `Bin/µL` (thousands) and `Milyon/µL` are the counts' units.
        assert_eq!(by_key("wbc_count").and_then(|b| b.to_canonical(5.55, Some("Bin/µL"))), Some(5.55));
        assert_eq!(by_key("rbc_count").and_then(|b| b.to_canonical(2.99, Some("Milyon/µL"))), Some(2.99));
    }

    #[test]
    fn us_short_names_and_thyrocare_long_names_of_the_blood_count_and_chemistry_are_known() {
        // LabCorp's short names: the absolute count in parentheses is not the percentage.
        assert_eq!(key("Lymphs"), Some("lymphocytes_pct"));
        assert_eq!(key("Lymphs (Absolute)"), Some("lymphocytes_abs"));
        assert_eq!(key("Eos"), Some("eosinophils_pct"));
        assert_eq!(key("Eos (Absolute)"), Some("eosinophils_abs"));
        assert_eq!(key("Basos"), Some("basophils_pct"));
        assert_eq!(key("Baso (Absolute)"), Some("basophils_abs"));
        assert_eq!(key("Carbon Dioxide, Total"), Some("bicarbonate"));
        assert_eq!(key("Globulin, Total"), Some("globulin"));
        assert_eq!(key("C-Reactive Protein, Cardiac"), Some("hs_crp"));
        assert_eq!(key("Homocyst(e)ine"), Some("homocysteine"));
        assert_eq!(key("T4,Free(Direct)"), Some("ft4"));
        assert_eq!(key("DHEA-Sulfate"), Some("dheas"));
        // Thyrocare's and hsuit's spellings.
        assert_eq!(key("TOTAL RBC"), Some("rbc_count"));
        assert_eq!(key("Neutrophils Percentage"), Some("neutrophils_pct"));
        assert_eq!(key("Lymphocytes - Absolute Count"), Some("lymphocytes_abs"));
        assert_eq!(key("T3 - Triiodothyronine"), Some("t3_total"));
        assert_eq!(key("T4 - Thyroxine"), Some("t4_total"));
    }

    #[test]
    fn units_convert_to_the_canonical_unit() {
        let glucose = by_key("glucose_fasting").unwrap();
        assert!((glucose.to_canonical(5.5, Some("mmol/L")).unwrap() - 99.09).abs() < 0.01);
        assert_eq!(glucose.to_canonical(99.0, Some("mg/dL")), Some(99.0));
        assert_eq!(glucose.to_canonical(99.0, Some("MG/DL")), Some(99.0));
        assert_eq!(glucose.to_canonical(99.0, Some("furlongs")), None);
        let hb = by_key("haemoglobin").unwrap();
        assert_eq!(hb.to_canonical(135.0, Some("g/L")), Some(13.5));
        let b12 = by_key("vitamin_b12").unwrap();
        assert!((b12.to_canonical(300.0, Some("pmol/L")).unwrap() - 406.5).abs() < 0.1);
        let creat = by_key("creatinine").unwrap();
        assert!((creat.to_canonical(88.4, Some("µmol/L")).unwrap() - 1.0).abs() < 0.001);
        // Grams spelled as many Indian labs print them.
        let protein = by_key("total_protein").unwrap();
        assert_eq!(protein.to_canonical(7.2, Some("gm/dL")), Some(7.2));
        assert_eq!(protein.to_canonical(7.2, Some("gms/dl")), Some(7.2));
    }

    #[test]
    fn a_count_converts_however_its_multiplier_is_written() {
        let wbc = by_key("wbc_count").unwrap();
        for unit in ["10^3/µL", "x10^3/uL", "X 10³ / µL", "10E3/uL", "x10E3/uL", "x1000/mm3", "Thousand/uL", "10³/cumm"]
        {
            assert_eq!(wbc.to_canonical(7.2, Some(unit)), Some(7.2), "{unit}");
        }
        let rbc = by_key("rbc_count").unwrap();
        for unit in ["x10^6/uL", "million/cumm", "Mill/mm3", "10⁶/µL", "mill/cmm"] {
            assert_eq!(rbc.to_canonical(4.49, Some(unit)), Some(4.49), "{unit}");
        }
        // A count per microlitre is not one per thousand.
        assert_eq!(wbc.to_canonical(7200.0, Some("/cumm")), Some(7.2));
        assert_eq!(wbc.to_canonical(7200.0, Some("cells/cmm")), Some(7.2));
        assert_eq!(normalise_unit("x10^3/uL"), normalise_unit("10^3/µL"));
        assert_ne!(normalise_unit("10^3/uL"), normalise_unit("10^6/uL"));
    }

    #[test]
    fn implausible_values_are_caught_in_any_unit() {
        let hb = by_key("haemoglobin").unwrap();
        assert!(hb.implausible(125.0, Some("g/dL")).is_some(), "125 g/dL haemoglobin is a misreading");
        assert!(hb.implausible(125.0, Some("g/L")).is_none(), "125 g/L is 12.5 g/dL");
        assert!(hb.implausible(12.5, Some("g/dL")).is_none());
        assert!(hb.implausible(12.5, Some("unknown unit")).is_none(), "no judgement without a unit we know");
    }

    #[test]
    fn a_name_a_lab_misspelt_by_a_letter_finds_its_test() {
        assert_eq!(key("Cholestrol"), Some("cholesterol_total"), "a letter dropped");
        assert_eq!(key("Total Billirubin"), Some("bilirubin_total"), "a letter added");
        assert_eq!(key("Eosoniphils"), Some("eosinophils_pct"), "two letters swapped");
        assert_eq!(key("Triglycerid"), Some("triglycerides"), "the last letter dropped");
        assert_eq!(key("urine Protien (Spot urine)"), Some("urine_protein"), "two letters turned round");
        assert_eq!(misread::respelt("Total Cholesterol"), None, "a name spelt right is left alone");
        // Short words are too near one another: `Lipose` is not taken for lipase.
        assert_eq!(misread::respelt("Lipose"), None);
        // Two slips from any catalog word is another name.
        assert_eq!(key("Chlestrl"), None);
    }

    #[test]
    fn a_quantity_per_day_is_the_24_hour_urine_test() {
        assert_eq!(key_in("URINE PROTEIN", Some("mg/24 hr")), Some("urine_protein_24h"));
        assert_eq!(key_in("URINE PROTEIN", None), Some("urine_protein"));
        assert_eq!(key_in("Creatinine", Some("mg/24 hrs")), Some("urine_creatinine_24h"));
        assert_eq!(key_in("Creatinine", Some("mg/dL")), Some("creatinine"));
        assert_eq!(key_in("Creatinine - 24 Hrs. Urine", Some("mg/24 hrs")), Some("urine_creatinine_24h"));
        assert_eq!(key_in("Urine Volume in 24 hours", Some("ml")), Some("urine_volume_24h"));
        // `Volume` alone is printed by semen analyses as well: it names no test.
        assert_eq!(key("Volume"), None);
    }

    #[test]
    fn an_immunoglobulin_class_after_an_antibodys_name_is_not_the_total_immunoglobulin() {
        assert_eq!(key("IMMUNOGLOBULIN A, QN, SERUM"), Some("iga"));
        assert_eq!(key("IgA"), Some("iga"));
        assert_eq!(key("t-Transglutaminase (tTG) IgA"), Some("ttg_iga"));
        assert_eq!(key("GLIADIN (DEAMIDATED) AB, IGA"), None);
        assert_eq!(key("Gliadin-IGA"), None);
        assert_eq!(key("APO B / APO A1 RATIO (APO B/A1)"), Some("apob_apoa1_ratio"));
    }
}
