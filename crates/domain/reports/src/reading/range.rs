//! Reference ranges in every printed form: `a - b`, `a-b`, `a to b`, `(a-b)`, `< b`, `<= b`,
//! `< or = b`, `> a`, `>= a`, `> OR = a`, `Up to b`, `Upto b`, a unit inside (`65-99 mg/dL`),
//! tiers (`Desirable: <200; Borderline: 200-239; High: >=240`), ranges split by sex, and
//! qualitative references (`Negative`).

use super::number::parse_number;
use super::value::{is_negative_result, qualitative_word};

/// The sex printed on the report, used to pick a sex-specific range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sex {
    /// Male.
    Male,
    /// Female.
    Female,
}

/// A parsed reference range.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RefRange {
    /// Lower bound of the normal interval, if any.
    pub low: Option<f64>,
    /// Upper bound of the normal interval, if any.
    pub high: Option<f64>,
    /// For qualitative references: the normal result (`Negative`, `Non Reactive`, …).
    pub qualitative: Option<&'static str>,
    /// A unit printed inside the range text.
    pub unit: Option<String>,
    /// Whether the lower bound itself is outside the range (`> 0.40`: 0.40 is not normal).
    pub low_exclusive: bool,
    /// Whether the upper bound itself is outside the range (`< 200`: 200 is not desirable).
    pub high_exclusive: bool,
}

/// Labels that only say a range is the reference, longest first.
const REFERENCE_LABELS: &[&str] = &[
    "biological reference interval",
    "biological reference range",
    "bio. ref. interval",
    "bio ref interval",
    "reference interval",
    "reference range",
    "normal range",
    "ref. interval",
    "ref. range",
    "ref interval",
    "ref range",
    "reference",
    "ref.",
    "ref",
    // (As a photo misreads it.)
    "ret.",
    "ret",
];

const NORMAL_TIERS: &[&str] = &[
    "normal",
    "desirable",
    "optimal",
    "sufficien",
    "reference",
    // (`Ref: 13 - 17`, `Ref. Range: 13 - 17`, `Range 13 - 17`.)
    "ref",
    "range",
    "non-reactive",
    "non reactive",
    "negati",
    "adult",
    "healthy",
    "ideal",
    "recommended",
    "good",
    "no risk",
    "non diabetic",
    "non-diabetic",
];
/// Words that make a tier label something other than the normal tier (`Near optimal`).
const NOT_NORMAL: &[&str] = &["near", "above", "borderline", "high", "low", "sub", "poor", "moderate"];
const MALE: &[&str] = &["male", "males", "men", "m"];
const FEMALE: &[&str] = &["female", "females", "women", "f"];
/// `word` with its middle point a dash where it is four runs of digits joined by three points
/// ([`normalise`]), brackets around it kept.
fn dash_read_as_point(word: &str) -> String {
    let core = word.trim_matches(['(', ')']);
    let parts: Vec<&str> = core.split('.').collect();
    if parts.len() == 4 && parts.iter().all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit())) {
        let at = word.find(core).unwrap_or(0);
        let mended = format!("{}.{}-{}.{}", parts[0], parts[1], parts[2], parts[3]);
        return format!("{}{mended}{}", &word[..at], &word[at + core.len()..]);
    }
    word.to_string()
}

fn normalise(text: &str) -> String {
    let mut s = text
        .replace(['\u{2013}', '\u{2014}', '\u{2012}', '\u{2212}'], "-")
        .replace('\u{2264}', "<=")
        .replace('\u{2265}', ">=")
        .replace('\u{00a0}', " ")
        // (A scan reads a bracket as a brace: `Adult {150 - 410`.)
        .replace('{', "(")
        .replace('}', ")")
        .to_lowercase();
    for (from, to) in [
        ("< or =", "<="),
        ("> or =", ">="),
        ("< =", "<="),
        ("> =", ">="),
        ("=<", "<="),
        ("=>", ">="),
        ("upto", "up to"),
        ("| :", ":"),
        // A label's colon read with a stray stroke (`120 mg/dl :; Good Control`), or as a
        // degree sign (`136 - 145° Men`; `°C` has no space after it).
        (":;", ":"),
        ("\u{b0} ", ": "),
        ("||", ";"),
    ] {
        s = s.replace(from, to);
    }
    // (So is a label's colon at the end of a cell, the label a cell apart: `0.27-4.20°` |
    // `Male`.)
    if let Some(before) = s.strip_suffix('\u{b0}').filter(|b| b.ends_with(|c: char| c.is_ascii_digit() || c == ')')) {
        s = before.to_string();
    }
    // A decimal point read with a comma beside it (`0,.27`, `0.,27`).
    if s.contains(",.") || s.contains(".,") {
        s = s.replace(",.", ".").replace(".,", ".");
    }
    // A decimal point read with a gap after it (`(30.0 - 400. 0)`).
    if s.contains(". ") {
        s = point_then_gap(&s);
    }
    // Tiers split by colons where semicolons are printed (`Desirable: < 150: Borderline:
    // 150-180: High: >= 180`).
    if s.matches(':').count() >= 3 {
        s = colon_read_as_semicolon(&s);
    }
    if s.contains([':', '-']) {
        s = sex_labels_with_colons(&s);
    }
    // A range's dash a photo read as a colon (`5 : 40 mg/dL`, `Male: (13 : 60`, `Pre-Diabetic :
    // 5.7 : 6.4`): a colon standing alone between two numbers, the first of which starts the
    // text or follows a bracket or a label's colon (a ratio is printed `9:1`).
    if s.contains(" : ") {
        s = colon_read_as_dash(&s);
    }
    // Two decimals joined by a point, a dash a photo read as one (`3.5.5.1` for `3.5-5.1`): no
    // number has three points.
    if s.matches('.').count() >= 3 {
        s = s.split(' ').map(dash_read_as_point).collect::<Vec<_>>().join(" ");
    }
    // A label that only says the range is the reference goes (`Reference: M: 63-90 F: 70-100`,
    // `Ref. Interval: (2.0 - 3.5)`): taken for a tier's, it hides the tiers after it. Not where
    // it is the first tier's label, the others labelled and that one not (`Ref: 2-8; High:
    // >8`); nor `Normal:`, which may be the normal tier's among others.
    // (Inside its brackets too: `(Ref. Non Reactive)`.)
    if let Some(inner) = s.strip_prefix(['(', '[']).and_then(|r| r.strip_suffix([')', ']']))
        && inner.starts_with(char::is_alphabetic)
        && !inner.contains(['(', '[', ')', ']'])
    {
        s = inner.to_string();
    }
    if let Some(from_label) = label_after_specks(&s) {
        s = from_label;
    }
    if let Some(mended) = misread_reference_label(&s) {
        s = mended;
    }
    // (Or, without its colon, before the first tier's label: `Ref. range Non-Diabetic 4.0 to
    // 5.6 ; ...`.)
    for label in REFERENCE_LABELS {
        if let Some(after) = s.strip_prefix(label)
            && let rest = after.trim_start()
            && let Some(rest) = rest.strip_prefix(':').or_else(|| {
                let labelled = after.starts_with(' ') && rest.starts_with(char::is_alphabetic);
                (labelled || rest.starts_with(|c: char| c.is_ascii_digit() || matches!(c, '(' | '<' | '>')))
                    .then_some(rest)
            })
            && !rest.trim().is_empty()
            && let first = rest.split(';').next().unwrap_or_default()
            && (!rest.contains([';', ':'])
                || first.contains(':')
                || first.trim_start().starts_with(char::is_alphabetic))
        {
            s = rest.trim_start().to_string();
            break;
        }
    }
    // Ratios printed as proportions: `9:1-23:1` is 9 to 23. A tilde after a number is a dash
    // (`3.5~5.5`, `90 ~ 120`). A scan's underline, quote or stray `=` before the range is no
    // part of it (`<=` and `>=` are made above), nor is a photo's speck or guillemet before a
    // tier's label (`~=Adults 8-61`).
    // (With a colon after it, `=: 150000 to 410000`.)
    let mut out = String::with_capacity(s.len());
    let marks = ['_', '\'', '\u{2018}', '\u{2019}', '`', '"', '\u{201c}', '=', '\u{a9}', '~', '\u{ab}', '\u{bb}'];
    let unmarked = s.trim_start_matches(marks);
    let unmarked = if unmarked.len() < s.len() { unmarked.trim_start().trim_start_matches(':') } else { unmarked };
    let chars: Vec<char> = unmarked.trim_start().chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let after_digit = i > 0 && chars[i - 1].is_ascii_digit();
        // (So is a photo's guillemet between two numbers, `1.6 « 2.6`.)
        let number_before = || chars[..i].iter().rev().find(|c| **c != ' ').is_some_and(char::is_ascii_digit);
        let number_after = || chars[i + 1..].iter().find(|c| **c != ' ').is_some_and(char::is_ascii_digit);
        // And a plus sign between two numbers (`(31.5 + 34.5)`): a reference prints no sum.
        let dash_like = match chars[i] {
            '~' => true,
            '\u{ab}' | '\u{bb}' | '+' => number_after(),
            _ => false,
        };
        if dash_like && number_before() {
            out.push('-');
            i += 1;
            continue;
        }
        // An `8` read as `&`, or a `0` as `o`, where a range starts (`Female: & - 61`, `(O - 15)`).
        let mut after = chars[i + 1..].iter().filter(|c| **c != ' ');
        let starts = chars[..i].iter().rev().find(|c| **c != ' ').is_none_or(|c| matches!(c, ':' | '(' | ';'));
        if let Some(digit) = match chars[i] {
            '&' => Some('8'),
            'o' if chars.get(i.wrapping_sub(1)).is_none_or(|c| !c.is_alphanumeric()) => Some('0'),
            _ => None,
        } && starts
            && after.next() == Some(&'-')
            && after.next().is_some_and(char::is_ascii_digit)
        {
            out.push(digit);
            i += 1;
            continue;
        }
        // A `1` read as `l`, or a `0` as `o`, before a `to` run into it (`lto6`, `Oto 15`).
        let digit = match chars[i] {
            'l' | 'i' | '|' => Some('1'),
            'o' => Some('0'),
            _ => None,
        };
        if let Some(digit) = digit
            && starts
            && chars[i + 1..].starts_with(&['t', 'o'])
            && chars[i + 3..].iter().find(|c| **c != ' ').is_some_and(char::is_ascii_digit)
        {
            out.push(digit);
            out.push_str(" to ");
            i += 3;
            continue;
        }
        // A `1` read as `l` that ends a range's high bound (`8to6l`), and a `0` read as `o`
        // that starts its low one, before another digit (`O0to2`).
        let bound_ends = chars.get(i + 1).is_none_or(|c| matches!(c, ' ' | ';' | ')'));
        let range_begun = || {
            let bound = out.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.').trim_end();
            bound.ends_with('-') || bound.ends_with(" to")
        };
        if after_digit && matches!(chars[i], 'l' | 'i' | '|') && bound_ends && range_begun() {
            out.push('1');
            i += 1;
            continue;
        }
        if chars[i] == 'o' && i == 0 && chars.get(1).is_some_and(char::is_ascii_digit) {
            out.push('0');
            i += 1;
            continue;
        }
        // `to` a scan read without the spaces around it (`4.0to5.6%`), or with its `o` read as
        // a nought, the spaces around it lost or not (`2.5t0 4.5`, `13 t0 60`, `4.0t05.6%`).
        let number_at = |j: usize| chars.get(j).is_some_and(char::is_ascii_digit);
        let after_number = after_digit || (i > 1 && chars[i - 1] == ' ' && chars[i - 2].is_ascii_digit());
        // So is a `to` whose `t` a photo read as `l` (`98 lo 107`).
        let number_next = |j: usize| number_at(j) || (chars.get(j) == Some(&' ') && number_at(j + 1));
        if (chars[i] == 't'
            && ((after_digit && chars.get(i + 1) == Some(&'o') && number_at(i + 2))
                || (after_number && chars.get(i + 1) == Some(&'0') && number_next(i + 2))))
            || (chars[i] == 'l' && after_number && chars.get(i + 1) == Some(&'o') && number_next(i + 2))
        {
            out.push_str(" to ");
            i += 2;
            continue;
        }
        // (Or with its `o` read as a nought and an `o` both, `1t0o6%`.)
        if chars[i] == 't' && after_digit && chars[i + 1..].starts_with(&['0', 'o']) && number_at(i + 3) {
            out.push_str(" to ");
            i += 3;
            continue;
        }
        // A label's colon read as a comparison before a range with both its bounds (`Adults > 28
        // to 100`): a bound is printed alone after a comparison.
        let labelled = || out.trim_end().ends_with(char::is_alphabetic);
        if matches!(chars[i], '>' | '<') && chars.get(i + 1) != Some(&'=') && labelled() && both_bounds(&chars[i + 1..])
        {
            out.push(':');
            i += 1;
            continue;
        }
        let ends = chars.get(i + 2).is_none_or(|c| !c.is_ascii_alphanumeric() && *c != '.');
        if after_digit && chars[i] == ':' && chars.get(i + 1) == Some(&'1') && ends {
            i += 2;
            continue;
        }
        out.push(chars[i]);
        i += 1;
    }
    let out = out.split_whitespace().collect::<Vec<_>>().join(" ");
    // A label's colon read as a full stop set apart (`adults . 11.6-14.0`).
    let out = stop_for_colon(&out);
    let out = marks_misread_by_labels(&out);
    // A tier printed range first whose colon OCR read as a dash, its sex's label last (`2.3 to
    // 22.4 - female` for `2.3 to 22.4 : Female`).
    let label_last = |part: &str| match part.trim().rsplit_once(" - ") {
        Some((range, label))
            if !label.contains(' ') && names_a_sex(label) && parse_simple(range).is_some_and(|r| r.low.is_some()) =>
        {
            format!("{range} : {label}")
        }
        _ => part.trim().to_string(),
    };
    let out = if out.contains(" - ") { out.split(';').map(label_last).collect::<Vec<_>>().join("; ") } else { out };
    // Labelled ranges in brackets are read as the labelled ranges inside (`[3.1-6.5 : men ;
    // 3.5-7.2 : female]`); a lone range keeps its brackets for the mending that reads them.
    let out = if out.contains([':', ';']) { without_outer_brackets(&out) } else { out };
    separate_sexes(&labels_first(&colons_between_tiers(&out)))
}

/// `s` (normalised) with a colon between two tiers each printed label first (`normal < 100 :
/// borderline high 100 - 119 ; high >= 120`) made the semicolon a photo misread: each side of
/// it, up to the next colon or semicolon, is words and then a range. A colon after a label
/// only (`reference: normal < 100`, `male : 13 - 17`) or before one (`< 150 : optimal`) stays.
fn colons_between_tiers(s: &str) -> String {
    let labelled = |part: &str| {
        let part = part.trim();
        let start = part.find(|c: char| c.is_ascii_digit() || matches!(c, '<' | '>' | '(')).unwrap_or(0);
        start > 0 && label_words(part[..start].trim()) && parse_simple(&part[start..]).is_some()
    };
    let parts: Vec<&str> = s.split(':').collect();
    if parts.len() < 2 {
        return s.to_string();
    }
    let mut out = parts[0].to_string();
    for (i, part) in parts.iter().enumerate().skip(1) {
        let before = parts[i - 1].rsplit(';').next().unwrap_or_default();
        let after = part.split(';').next().unwrap_or_default();
        out.push(if labelled(before) && labelled(after) { ';' } else { ':' });
        out.push_str(part);
    }
    out
}

/// `s` with each sex's label before a number given the colon a photo misread or lost
/// ([`normalise`]): read as a dash (`M: 3600 - 9900 F- 4000 - 11000`), or lost where another
/// sex's label keeps its colon or has it so mended (`M: 150000-410000 /cumm F 135000-369000`).
fn sex_labels_with_colons(s: &str) -> String {
    let words: Vec<&str> = s.split(' ').collect();
    let sex = |w: &str| MALE.contains(&w) || FEMALE.contains(&w);
    let before_number =
        |i: usize| words.get(i + 1).is_some_and(|n| n.starts_with(|c: char| c.is_ascii_digit() || c == '('));
    let dashed = |i: usize| words[i].strip_suffix('-').filter(|l| sex(l) && before_number(i));
    let labelled = (0..words.len()).any(|i| words[i].strip_suffix(':').is_some_and(sex) || dashed(i).is_some());
    // The label, without the dash it was read with, where it is one to give a colon.
    let label = |i: usize| dashed(i).or_else(|| (labelled && sex(words[i]) && before_number(i)).then_some(words[i]));
    if !(0..words.len()).any(|i| label(i).is_some()) {
        return s.to_string();
    }
    (0..words.len())
        .map(|i| label(i).map_or_else(|| words[i].to_string(), |l| format!("{l}:")))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `s` (in small letters) from a reference label with its colon (`ref:`, `ref. range:`) that
/// only specks a photo read as marks and lone letters stand before (`_~—s«#ref: (13 - 60)`,
/// the shadow of a rule before the label): no digit, and no two letters together, which a
/// word before the label would have (`adults ref: ...` stays as printed).
fn label_after_specks(s: &str) -> Option<String> {
    REFERENCE_LABELS.iter().find_map(|label| {
        let (at, _) = s.match_indices(label).find(|&(at, _)| {
            s[at + label.len()..].trim_start().starts_with(':')
                && s[..at].chars().next_back().is_some_and(|c| !c.is_alphanumeric())
        })?;
        let before: Vec<char> = s[..at].chars().collect();
        let specks = !before.iter().any(char::is_ascii_digit)
            && !before.windows(2).any(|pair| pair.iter().all(|c| c.is_alphabetic()));
        specks.then(|| s[at..].to_string())
    })
}

/// `s` (in small letters) starting with `Ref. interval:` or `Ref. range:` as a photo's OCR
/// misread it (`ret. interval:`, `rel, interval;`, `ret imerval:`), with that label as printed.
fn misread_reference_label(s: &str) -> Option<String> {
    let (first, rest) = s.split_once(' ')?;
    let abbreviation = first.trim_end_matches(['.', ',']);
    // (`ref.` and `ref` as printed are labels [`REFERENCE_LABELS`] knows.)
    if !matches!(abbreviation, "ret" | "rel" | "rei" | "ref") || matches!(first, "ref" | "ref.") {
        return None;
    }
    // (`interval` up to two letters off, in half edits.)
    let named = |word: &str| match word.trim() {
        "range" => Some("range"),
        w if w.chars().all(char::is_alphabetic) && crate::catalog::edit_distance_within(w, "interval", 4) => {
            Some("interval")
        }
        _ => None,
    };
    // (Its colon lost before the first tier's label: `ret. range non-diabetic 4.0 to 5.6`.)
    if let Some((word, after)) = rest.split_once(' ')
        && after.starts_with(char::is_alphabetic)
        && let Some(named) = named(word)
    {
        return Some(format!("ref. {named} {after}"));
    }
    let (word, after) = rest.split_once([':', ';'])?;
    Some(format!("ref. {}:{after}", named(word)?))
}

/// Whether `chars` start (after spaces) with a range of two bounds: a number, then a dash or
/// `to`, then another (`28 to 100`, `4.0 - 5.6`).
fn both_bounds(chars: &[char]) -> bool {
    let text: String = chars.iter().collect();
    let rest = text.trim_start();
    fn number(t: &str) -> Option<&str> {
        let end = t.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(t.len());
        (end > 0 && t.starts_with(|c: char| c.is_ascii_digit())).then(|| &t[end..])
    }
    let Some(after) = number(rest) else { return false };
    let after = after.trim_start();
    let Some(high) = after.strip_prefix('-').or_else(|| after.strip_prefix("to ")) else { return false };
    number(high.trim_start()).is_some()
}

/// `s` with a full stop standing alone between a word and a bound (`adults . 11.6-14.0`,
/// `optimal . < 200`) read as the colon it is, after a label; or ending a tier's or a sex's
/// label before a bound (`optimal. < 200`, `female. 2.5 - 4.5`).
fn stop_for_colon(s: &str) -> String {
    if !s.contains('.') {
        return s.to_string();
    }
    let words: Vec<&str> = s.split(' ').collect();
    let mut out = String::with_capacity(s.len());
    for (i, w) in words.iter().enumerate() {
        let after_word = i > 0 && words[i - 1].ends_with(char::is_alphabetic);
        let next = words.get(i + 1);
        let before_number = next.is_some_and(|n| n.starts_with(|c: char| c.is_ascii_digit()));
        let before_bound = before_number || next.is_some_and(|n| n.starts_with(['<', '>']));
        if *w == "." && after_word && before_bound {
            out.push(':');
            continue;
        }
        if i > 0 {
            out.push(' ');
        }
        match w.strip_suffix('.') {
            Some(label) if before_bound && (super::rows::TIER_WORDS.contains(&label) || names_a_sex(label)) => {
                out.push_str(label);
                out.push(':');
            }
            _ => out.push_str(w),
        }
    }
    out
}

/// `s` with two marks a photo misread beside a tier's label put back: the colon between a
/// bracketed range and its label read as a lone digit or stroke (`(4.0 - 5.6) 5 non-diabetic`),
/// and the hyphen after `non` or `pre` read as a stop (`non. diabetic`).
fn marks_misread_by_labels(s: &str) -> String {
    let words: Vec<&str> = s.split(' ').collect();
    let mut out = String::with_capacity(s.len());
    let mut glue = false;
    for (i, w) in words.iter().enumerate() {
        let next_word = words.get(i + 1).is_some_and(|n| n.starts_with(char::is_alphabetic));
        if i > 0 && !glue {
            out.push(' ');
        }
        glue = false;
        let after_range = i > 0 && words[i - 1].ends_with(')') && words[i - 1].contains(|c: char| c.is_ascii_digit());
        if after_range && next_word && matches!(*w, "5" | "i" | "1" | "l" | "|" | "!") {
            out.push(':');
        } else if next_word && matches!(*w, "non." | "pre.") {
            out.push_str(&w[..3]);
            out.push('-');
            glue = true;
        } else {
            out.push_str(w);
        }
    }
    out
}

/// `s` (normalised) with each tier printed as its range, a colon and its label (`25 - 90 :
/// male; 28 - 100 : women`, `< 150 : optimal`) turned round to the label first (`male: 25 -
/// 90; women: 28 - 100`), as the rest of the reading expects: a sex's word after a range and
/// a colon would otherwise be read as the label of the range after it.
fn labels_first(s: &str) -> String {
    if !s.contains(':') {
        return s.to_string();
    }
    // A scan reads the semicolon between tiers printed range first as a colon (`225-405 :
    // Male : 250-450 : Female`): a colon after a tier's label and before a number is one.
    let parts: Vec<&str> = s.split(':').collect();
    let s = if parts.len() >= 4 && parse_simple(parts[0].trim()).is_some() {
        let mut joined = parts[0].to_string();
        for i in 1..parts.len() {
            let semicolon = i >= 2
                && label_words(parts[i - 1].trim())
                && parts[i - 2].trim_end().ends_with(|c: char| c.is_ascii_digit())
                && parts[i].trim_start().starts_with(|c: char| c.is_ascii_digit());
            joined.push(if semicolon { ';' } else { ':' });
            joined.push_str(parts[i]);
        }
        joined
    } else {
        s.to_string()
    };
    let turned = |part: &str| -> Option<String> {
        let (range, label) = part.rsplit_once(':')?;
        let (range, label) = (range.trim(), label.trim());
        (label_words(label) && !range.contains(':') && range_read(range)).then(|| format!("{label}: {range}"))
    };
    let parts: Vec<&str> = s.split(';').collect();
    // A tier's colon a photo read as a semicolon, among tiers printed range first (`20.0 - 29.0
    // : Insufficiency ; (30.0 - 100.0) ; Sufficiency ; > 100.0`): a bare range and a bare label
    // after it are that tier.
    let mut out: Vec<String> = Vec::with_capacity(parts.len());
    let mut i = 0;
    while i < parts.len() {
        let (part, next) = (parts[i].trim(), parts.get(i + 1).map(|p| p.trim()));
        if !part.contains(':')
            && parse_simple(part).is_some()
            && let Some(label) = next.filter(|l| label_words(l))
        {
            out.push(format!("{label}: {part}"));
            i += 2;
            continue;
        }
        out.push(turned(part).unwrap_or_else(|| part.to_string()));
        i += 1;
    }
    out.join("; ")
}

/// Whether `part` reads as a range as a labelled tier's is read ([`segment_ranges`]): as
/// printed, or with a point or a `to` OCR misread put back (`150-4.10`, `2.510 4.5`).
fn range_read(part: &str) -> bool {
    parse_simple(part).is_some()
        || lost_low_point(part).is_some()
        || mend_to_read_as_ten(part).is_some()
        || gapped_range(part).is_some()
}

/// `s` (normalised) with each sex's label set apart as `; label:` where a range before it ends:
/// OCR reads the semicolon between the sexes as a colon or a dash or loses it (`Male: 5 - 22:
/// Female: 6 - 24`, `24.9- Female`, `M:0-14F:0-15`), reads the label's colon as a semicolon
/// (`F;2.0-3.5`) or loses it before a bracket (`Male: (36 - 54): Female (40 - 60)`), and
/// misreads the label by a letter (`Femabe`). A label is a sex's word ([`MALE`], [`FEMALE`],
/// or a word of four letters or more a letter from one) followed by a colon or semicolon,
/// after a digit or a bracket closing a range (and any stop, colon or dash OCR set after it)
/// or at the start; or, after a range, followed by a bracketed number.
fn separate_sexes(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = String::with_capacity(s.len() + 8);
    let mut i = 0;
    while i < s.len() {
        let word_len = s[i..].find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(s.len() - i);
        // (Not a letter run into digits either side: the `m2` of `mL/min/1.73m2`.)
        let digit_at = |k: usize| bytes.get(k).is_some_and(u8::is_ascii_digit);
        let in_number = i > 0 && digit_at(i - 1) && digit_at(i + word_len);
        let at_word = word_len > 0 && (i == 0 || !bytes[i - 1].is_ascii_alphabetic()) && !in_number;
        if at_word {
            let word = &s[i..i + word_len];
            let after = s[i + word_len..].trim_start();
            // (A stop read for the colon before a number: `Male. 7 - 55`.)
            let number_after =
                |c: char| after.starts_with(c) && after[1..].trim_start().starts_with(|c: char| c.is_ascii_digit());
            let kept = out.trim_end().trim_end_matches([':', ';', '.', ',', '-']).trim_end();
            // (A label that lost its colon before a range, after another range: `Male: (36 -
            // 54): Female (40 - 60)`, `M: 12-54 F 13-60`, `Male: 88-96, Female 98-107`.)
            let bracketed = !kept.is_empty() && number_after('(');
            let bare = !kept.is_empty() && after.starts_with(|c: char| c.is_ascii_digit());
            let labelled = after.starts_with([':', ';']) || number_after('.') || bracketed || bare;
            let closed = kept.strip_suffix(')').unwrap_or(kept).trim_end();
            let after_range = || kept.is_empty() || closed.ends_with(|c: char| c.is_ascii_digit());
            // (The word is looked up last: this runs for every word of every reference.)
            if labelled
                && after_range()
                && let Some(label) = sex_word(word)
            {
                out.truncate(kept.len());
                if !out.is_empty() {
                    out.push_str("; ");
                }
                out.push_str(label);
                out.push_str(": ");
                // (A label's colon read twice: `Female: : (3.5 - 5.1)`.)
                let rest = if bracketed || bare {
                    after
                } else {
                    after[1..].trim_start().strip_prefix(':').unwrap_or(&after[1..])
                };
                i = s.len() - rest.trim_start().len();
                continue;
            }
            out.push_str(&s[i..i + word_len]);
            i += word_len;
            continue;
        }
        let c = s[i..].chars().next().unwrap_or(' ');
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// The sex's word `word` (in small letters) is, or a word of four letters or more misread
/// from one by a letter (`femabe`, `maie`).
pub(super) fn sex_word(word: &str) -> Option<&'static str> {
    let all = MALE.iter().chain(FEMALE);
    if let Some(w) = all.clone().find(|w| **w == word) {
        return Some(w);
    }
    if word.len() < 4 {
        return None;
    }
    let near = |w: &str| {
        let (a, b) = (word.as_bytes(), w.as_bytes());
        match a.len().cmp(&b.len()) {
            std::cmp::Ordering::Equal => a.iter().zip(b).filter(|(x, y)| x != y).count() == 1,
            std::cmp::Ordering::Greater if a.len() == b.len() + 1 => {
                (0..a.len()).any(|k| a[..k] == b[..k] && a[k + 1..] == b[k..])
            }
            _ => false,
        }
    };
    all.copied().find(|w| w.len() >= 4 && near(w))
}

/// Takes the longest number at the start of `s`; returns it and the rest.
fn take_number(s: &str) -> Option<(f64, &str)> {
    let s = s.trim_start();
    let signed = s.starts_with(['+', '-']) && s[1..].starts_with(|c: char| c.is_ascii_digit() || c == '.');
    let start = usize::from(signed);
    let end = s[start..].find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ',')).map_or(s.len(), |i| i + start);
    let mut cand = &s[..end];
    // A trailing comma or dot belongs to the sentence, not the number.
    while cand.ends_with([',', '.']) {
        cand = &cand[..cand.len() - 1];
    }
    let value = parse_number(cand)?;
    Some((value, &s[cand.len()..]))
}

/// What may follow a range: nothing, or a unit. `Err` for anything else (a label, more ranges),
/// so that `<6 years: up to 40` is not read as `< 6`. A label after a dash (`250 to 450 -
/// Adult`) is no unit: the range has none.
fn unit_of(rest: &str) -> Result<Option<String>, ()> {
    let u = rest.trim().trim_matches(|c| c == '(' || c == ')' || c == ',' || c == ';').trim();
    // A bare number first is no unit's (`< 0 50 ng/mL`: the bound's decimals apart).
    let number_first = u.split_whitespace().next().is_some_and(|w| w.chars().all(|c| c.is_ascii_digit()));
    let dash_label = u.strip_prefix(['-', '\u{2013}']).is_some_and(|l| label_words(l.trim()));
    if u.is_empty() || dash_label {
        Ok(None)
    } else if number_first {
        Err(())
    } else if u.len() <= 20 && !u.contains(':') && u.chars().any(|c| c.is_alphabetic() || c == '%') {
        Ok(Some(u.to_string()))
    } else {
        Err(())
    }
}

fn interval(low: Option<f64>, high: Option<f64>, rest: &str) -> Option<RefRange> {
    Some(RefRange { low, high, unit: unit_of(rest).ok()?, ..RefRange::default() })
}

/// One range without labels or tiers.
fn parse_simple(s: &str) -> Option<RefRange> {
    let s = s.trim().trim_start_matches(['(', '[']).trim_end_matches([')', ']']).trim();
    // A qualitative reference is the "not found" result of a binary test.
    if let Some(q) = qualitative_word(s).filter(|q| is_negative_result(q)) {
        return Some(RefRange { qualitative: Some(q), ..RefRange::default() });
    }
    // `<`, `less than` and `below` leave the bound out; `<=` and `up to` keep it.
    for (prefix, exclusive) in [("<=", false), ("<", true), ("up to", false), ("less than", true), ("below", true)] {
        if let Some(rest) = s.strip_prefix(prefix) {
            let (high, rest) = take_number(rest)?;
            return interval(None, Some(high), rest).map(|r| RefRange { high_exclusive: exclusive, ..r });
        }
    }
    for (prefix, exclusive) in
        [(">=", false), (">", true), ("more than", true), ("greater than", true), ("above", true)]
    {
        if let Some(rest) = s.strip_prefix(prefix) {
            let (low, rest) = take_number(rest)?;
            return interval(Some(low), None, rest).map(|r| RefRange { low_exclusive: exclusive, ..r });
        }
    }
    let (low, rest) = take_number(s)?;
    let low_text = &s[..s.len() - rest.len()];
    let rest = rest.trim_start();
    let rest = rest.strip_prefix('-').or_else(|| rest.strip_prefix("to "))?;
    let (high, rest) = take_number(rest)?;
    // A point a scan read as a comma, taken for a thousands separator, puts the low bound
    // above the high one (`1,005-1.030`).
    let low = match low_text.split_once(',') {
        Some((int, frac)) if low > high && !low_text.contains('.') && !frac.contains(',') => {
            parse_number(&format!("{int}.{frac}")).unwrap_or(low)
        }
        _ => low,
    };
    if low <= high { interval(Some(low), Some(high), rest) } else { None }
}

/// `s` with a number's decimal point that has a gap after it joined to its one or two digits
/// (`400. 0)` is 400.0): a point between digits, and after the gap digits that end a word or
/// come before a bracket (`>= 6. 5.7 - 6.4` is a bound cut short and a range, and stays).
fn point_then_gap(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    for (i, &c) in chars.iter().enumerate() {
        if c == ' ' && i >= 2 && chars[i - 1] == '.' && chars[i - 2].is_ascii_digit() {
            let digits = chars[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
            let next = chars.get(i + 1 + digits);
            if (1..=2).contains(&digits) && next.is_none_or(|n| matches!(n, ' ' | ')' | ']' | ';' | ',')) {
                continue;
            }
        }
        out.push(c);
    }
    out
}

/// `s` (a reference whose first tier's label ends in a colon, `desirable: < 150: ...`) with each
/// colon right after a bound, before the next tier's label, a semicolon, as printed
/// ([`normalise`]). A range before its label (`< 150 : optimal; 150 - 199 : borderline`)
/// starts with a bound, and stays; so does one after a reference's label, whose colons stand
/// apart from the bounds as a label's do (`reference: 0.19-3.36 : child ; 0.27-4.20 : adult`).
fn colon_read_as_semicolon(s: &str) -> String {
    let Some(first) = s.find(':') else { return s.to_string() };
    if !s[..first].trim().starts_with(char::is_alphabetic)
        || !s[..first].chars().all(|c| c.is_alphabetic() || matches!(c, ' ' | '-' | '.'))
    {
        return s.to_string();
    }
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    for (i, &c) in chars.iter().enumerate() {
        let after_bound = i > 0 && (chars[i - 1].is_ascii_digit() || chars[i - 1] == ')');
        let before_label = chars[i + 1..].iter().find(|c| **c != ' ').is_some_and(|c| c.is_alphabetic());
        out.push(if c == ':' && after_bound && before_label { ';' } else { c });
    }
    out
}

/// `s` with each ` : ` between two numbers a dash ([`normalise`]), where the first starts `s`
/// or follows a bracket or a label's colon. (Bounds the wrong way round make no range after.)
fn colon_read_as_dash(s: &str) -> String {
    let words: Vec<&str> = s.split_whitespace().collect();
    let number = |w: &str| w.parse::<f64>().ok();
    let dash = |i: usize| {
        let (Some(before), Some(after)) = (i.checked_sub(1).map(|k| words[k]), words.get(i + 1)) else {
            return false;
        };
        let low = before.strip_prefix(['(', '[']).unwrap_or(before);
        let starts = before.len() > low.len() || i == 1 || (i >= 2 && words[i - 2].ends_with(':'));
        let high = after.trim_end_matches([')', ']', ',', ';']);
        words[i] == ":" && starts && number(low).is_some() && number(high).is_some()
    };
    if !(0..words.len()).any(dash) {
        return s.to_string();
    }
    (0..words.len()).map(|i| if dash(i) { "-" } else { words[i] }).collect::<Vec<_>>().join(" ")
}

/// `s` without brackets around the whole of it (`[3.1-6.5 : men ; 3.5-7.2 : female]`), nor one
/// whose other end a photo lost, which closes or opens nothing (the same, its `[` lost): left
/// on, it hides the last segment's label or the first one's bound.
fn without_outer_brackets(s: &str) -> String {
    let mut s = s.trim().to_string();
    for (open, close) in [('[', ']'), ('(', ')'), ('{', '}')] {
        if let Some(inner) = s.strip_prefix(open).and_then(|t| t.strip_suffix(close))
            && !inner.contains([open, close])
        {
            s = inner.trim().to_string();
        }
        if s.ends_with(close) && !s.contains(open) {
            s = s[..s.len() - close.len_utf8()].trim_end().to_string();
        }
        if s.starts_with(open) && !s.contains(close) {
            s = s[open.len_utf8()..].trim_start().to_string();
        }
    }
    s
}

/// Splits `Label: range` segments (`;`, `|` or a new label separates them).
fn segments(s: &str) -> Vec<(Option<String>, String)> {
    let mut out = Vec::new();
    for part in s.split([';', '|', '\n']) {
        let part = part.trim();
        if part.is_empty() {
            continue;
        }
        // Several `label: range` pairs on one line: cut before each label.
        let mut rest = part;
        loop {
            let Some(colon) = rest.find(':') else {
                out.push(leading_label(rest));
                break;
            };
            let mut label = rest[..colon].trim().trim_start_matches('-').trim();
            // A labelled range whose colon was not printed or not read, before the next label
            // (`Male 0.93 - 1.70 raya, Female: 0.84 - 1.53`): a segment of its own.
            if let Some(cut) = range_before_label(label) {
                out.push(leading_label(&label[..cut]));
                label = label[cut..].trim();
            }
            let after = rest[colon + 1..].trim_start();
            // The next label starts at the last word before the next colon.
            let next = after.find(':').map(|c| after[..c].rfind(' ').map_or(0, |sp| sp + 1));
            let (value, tail) = match next {
                Some(cut) if cut > 0 => (&after[..cut], &after[cut..]),
                _ => (after, ""),
            };
            // `70-126 Impaired fasting blood sugar: 101-126`: a label of several words starts
            // where the range before it ends.
            let (value, tail) = match split_after_range(after, value) {
                Some(cut) => (&after[..cut], &after[cut..]),
                None => (value, tail),
            };
            let value = value.trim();
            // `> = 90 : Normal` prints the range before its label (perhaps its points read as
            // gaps: `(13 0 - 17.0) : Adults`).
            let ranged =
                |t: &str| parse_simple(t.trim_start_matches(['(', '['])).is_some() || gapped_range(t).is_some();
            if ranged(label) && parse_simple(value).is_none() {
                out.push((Some(value.to_string()), label.to_string()));
            } else {
                out.push((Some(label.to_string()), value.to_string()));
            }
            if tail.is_empty() {
                break;
            }
            rest = tail;
        }
    }
    // A scan reads a tier's colon as a semicolon (`Sufficiency ; >= 30 ng/ml`): a label alone
    // followed by a range without one is one tier. It reads a range's dash as a colon too
    // (`Borderline : 200 : 239`): a bare number after a colon with no label, larger than the
    // bare number before it, ends that range.
    let bare = |v: &str| take_number(v).filter(|(_, tail)| tail.trim().is_empty()).map(|(n, _)| n);
    let mut joined: Vec<(Option<String>, String)> = Vec::with_capacity(out.len());
    for (label, value) in out {
        if label.as_deref() == Some("")
            && let (Some(high), Some((_, before))) = (bare(&value), joined.last_mut())
            && bare(before).is_some_and(|low| low < high)
        {
            *before = format!("{} - {}", before.trim(), value.trim());
        } else if let Some((last_label, word)) = joined.last_mut()
            && last_label.is_none()
            && label.is_none()
            && word.chars().all(|c| c.is_alphabetic() || c == ' ')
            && parse_simple(&value).is_some()
        {
            *last_label = Some(std::mem::replace(word, value));
        } else {
            joined.push((label, value));
        }
    }
    joined
}

/// Where a labelled range ends in the text before a label's colon, words and no number after
/// it (`Male 0.93 - 1.70 raya, Female`): the range is no part of the label. (Not an unlabelled
/// one: tiers of ages read otherwise, `<6 years:up to 40 >6 years:up to 40`.)
fn range_before_label(text: &str) -> Option<usize> {
    if !text.contains(|c: char| c.is_ascii_digit()) {
        return None;
    }
    text.match_indices(' ').map(|(i, _)| i).find(|&cut| {
        let rest = &text[cut..];
        let (label, range) = leading_label(&text[..cut]);
        // (Unlabelled where the label after it names a sex, a misread unit perhaps between:
        // `40 - 60 mod F`, a photo's `M:` lost and `mg/dL` misread.)
        let sex_after = || rest.split_whitespace().last().is_some_and(names_a_sex);
        (label.is_some() || sex_after())
            && parse_simple(&range).is_some()
            && rest.contains(char::is_alphabetic)
            && !rest.contains(|c: char| c.is_ascii_digit())
    })
}

/// Where a range ends inside `after` (the text after a tier's colon) when the next label is
/// more than one word (`Impaired fasting blood sugar`, `>6 years`) and `value`, cut at the last
/// word, is therefore no range: the shortest start of the text before the next colon that is a
/// range, with words after it.
fn split_after_range(after: &str, value: &str) -> Option<usize> {
    let region = &after[..after.find(':')?];
    if parse_simple(value.trim()).is_some() {
        return None;
    }
    region
        .match_indices(' ')
        .map(|(i, _)| i)
        .find(|&cut| parse_simple(&region[..cut]).is_some() && region[cut..].contains(char::is_alphabetic))
}

/// Labels of tiers above or below normal (`Impaired fasting`, `Pathologic`, `Deficient`).
const ABNORMAL_TIERS: &[&str] = &[
    "impaired",
    "borderline",
    "border",
    "high",
    "low",
    "patholog",
    "abnormal",
    "deficien",
    "insufficien",
    "toxic",
    "diabet",
    "prediabet",
    "pre-diabet",
    "risk",
    "elevated",
    "poor",
    "increased",
    "decreased",
    "intoxica",
    "over",
];

fn is_abnormal_tier(label: &str) -> bool {
    label
        .split([' ', '/', '-', '(', ')'])
        .filter(|w| !w.is_empty())
        .any(|w| ABNORMAL_TIERS.iter().any(|stem| w.starts_with(stem)))
}

/// `0.41.5`: OCR lost the dash of `0.4-1.5`. Two decimals sharing the two digits between their
/// points split one way only; a leading zero (`01.05.25`, a date) or a first number not below
/// the second refuses it.
fn mend_lost_dash(s: &str) -> Option<String> {
    let end = s.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(s.len());
    let (token, rest) = s.split_at(end);
    let parts: Vec<&str> = token.split('.').collect();
    let [whole, middle, fraction] = parts.as_slice() else { return None };
    let digits = |p: &str| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit());
    let plain = whole.len() <= 3 && (*whole == "0" || !whole.starts_with('0'));
    if !(digits(whole) && plain && middle.len() == 2 && digits(middle) && digits(fraction) && fraction.len() <= 2) {
        return None;
    }
    let (low, high) = (format!("{whole}.{}", &middle[..1]), format!("{}.{fraction}", &middle[1..]));
    (low.parse::<f64>().ok()? < high.parse::<f64>().ok()?).then(|| format!("{low} - {high}{rest}"))
}

/// `4 1-12`, `(4 1-10 8)`: OCR read a range's faint decimal points as gaps. A gap between a
/// whole number of up to three digits and one or two digits, before the dash or before a
/// closing bracket, where a point makes a range with both bounds and the low below the high,
/// is that point (`0-31 1` is a range and a mark); the range so mended is given. A range that
/// reads without the mend never gets here.
fn mend_gapped_points(s: &str) -> Option<RefRange> {
    let chars: Vec<char> = s.chars().collect();
    let digit = |i: usize| chars.get(i).is_some_and(char::is_ascii_digit);
    let mut out = String::with_capacity(s.len());
    let mut mended = false;
    for (i, &c) in chars.iter().enumerate() {
        if c == ' ' && i > 0 && digit(i - 1) && digit(i + 1) {
            let left = chars[..i].iter().rev().take_while(|c| c.is_ascii_digit()).count();
            let before = i.checked_sub(left + 1).map(|j| chars[j]);
            let right = chars[i + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
            let after = chars.get(i + 1 + right);
            // (Or before a dash set apart by spaces, where the high bound after it has as many
            // decimals: `13 0 - 17.0`.)
            let spaced_dash = || {
                let rest: String = chars[i + 1 + right..].iter().collect();
                let high = rest.trim_start().strip_prefix('-').map(str::trim_start);
                rest.starts_with(' ')
                    && high.is_some_and(|h| {
                        let number: String = h.chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
                        number.split_once('.').is_some_and(|(_, f)| f.len() == right)
                    })
            };
            if left <= 3
                && before != Some('.')
                && right <= 2
                && (after.is_some_and(|a| matches!(a, '-' | ')' | ']')) || spaced_dash())
            {
                out.push('.');
                mended = true;
                continue;
            }
        }
        out.push(c);
    }
    let range = parse_simple(&out).filter(|r| r.low.is_some() && r.high.is_some())?;
    (mended && range.low < range.high).then_some(range)
}

/// Whether a tier label names the normal tier: a word starting with a normal stem
/// (`Sufficiency`, not `Insufficiency`) and no qualifying word (`Near optimal`).
fn is_normal_tier(label: &str) -> bool {
    // The lowest tier of a risk scale is the normal one (`Low Risk`, `No Risk`).
    if ["low risk", "no risk", "lowest risk"].iter().any(|t| label.trim() == *t) {
        return true;
    }
    let words: Vec<&str> = label.split([' ', '/', '-', '(', ')']).filter(|w| !w.is_empty()).collect();
    let has = |w: &&str| NORMAL_TIERS.iter().any(|stem| w.starts_with(stem) || label.starts_with(stem));
    (words.iter().any(has) && !words.iter().any(|w| NOT_NORMAL.contains(w))) || adult_misread(&words)
}

/// Whether a label of one word is `adult` or `adults` as a photo misread it (`Adutt`, `Acut`,
/// `Acbult`, `Achults`): of four to seven letters, starting with its `a`, two edits from
/// either at most.
fn adult_misread(words: &[&str]) -> bool {
    let [word] = words else { return false };
    (4..=7).contains(&word.chars().count())
        && word.starts_with('a')
        && word.chars().all(|c| c.is_ascii_lowercase())
        && ["adult", "adults"].iter().any(|a| crate::catalog::edit_distance_within(word, a, 4))
}

/// Whether `label` is words only, as a tier's label is (`Desirable`, `Near optimal`,
/// `Pre-diabetic`): letters, spaces and hyphens, with a letter.
pub(super) fn label_words(label: &str) -> bool {
    label.chars().any(char::is_alphabetic) && label.chars().all(|c| c.is_alphabetic() || c == ' ' || c == '-')
}

/// `No Risk >60`: words before the first number or comparison are the label; `< 1.00 - Low
/// Risk`: words after the range and a dash are.
fn leading_label(part: &str) -> (Option<String>, String) {
    if let Some((range, label)) = part.rsplit_once(" - ") {
        let label = label.trim();
        if label_words(label) && parse_simple(range).is_some() {
            return (Some(label.to_string()), range.trim().to_string());
        }
    }
    let mut start = part.find(|c: char| c.is_ascii_digit() || c == '<' || c == '>' || c == '.').unwrap_or(0);
    // A bracket around the range is part of it (`Adults (2.0 - 3.5)`).
    if let Some(open) = part[..start].trim_end().strip_suffix('(').map(str::len) {
        start = open;
    }
    // Words of comparison before the number belong to the range (`Normal-up to 200`).
    for words in ["up to", "less than", "below", "more than", "greater than", "above"] {
        if let Some(cut) = part[..start].trim_end().strip_suffix(words).map(str::len)
            && !part[..cut].ends_with(|c: char| c.is_alphabetic())
        {
            start = cut;
            break;
        }
    }
    let label = part[..start].trim().trim_start_matches('-').trim();
    if start == 0 || !label_words(label) {
        (None, part.to_string())
    } else {
        (Some(label.to_string()), part[start..].to_string())
    }
}

fn label_is(label: &str, words: &[&str]) -> bool {
    let l = label.trim().trim_end_matches(['.', ')']).trim_start_matches('(');
    // (An `m` OCR read as `rn`: `Wornen`, `Fernale`.)
    let is = |l: &str| words.iter().any(|w| l == *w || l.split([' ', '/', '-', '(']).any(|t| t == *w));
    is(l) || (l.contains("rn") && is(&l.replace("rn", "m")))
}

/// OCR reads the `<` or `>` after a tier's colon as a second colon (`Desirable: : 200;
/// Borderline : 200 - 239; High Risk : : 240`). The other tiers tell which it was: a tier that
/// starts at the bound makes it `<`, one that ends there `>`; when they say neither or both,
/// the tier stays unread.
fn mend_misread_comparisons(mut segs: Vec<(Option<String>, String)>) -> Vec<(Option<String>, String)> {
    let bare_bound = |v: &str| {
        let (n, tail) = take_number(v.strip_prefix(':')?)?;
        tail.trim().is_empty().then_some(n)
    };
    let others: Vec<RefRange> = segs.iter().filter_map(|(_, v)| parse_simple(v)).collect();
    let near = |a: f64, b: f64| (a - b).abs() <= 1.0f64.max(0.02 * b.abs());
    for (_, v) in &mut segs {
        let Some(n) = bare_bound(v) else { continue };
        let starts_there = others.iter().any(|r| r.low.is_some_and(|l| near(l, n)));
        let ends_there = others.iter().any(|r| r.high.is_some_and(|h| near(h, n)));
        match (starts_there, ends_there) {
            (true, false) => *v = format!("< {n}"),
            (false, true) => *v = format!("> {n}"),
            _ => {}
        }
    }
    segs
}

/// Whether `word` is a comparison sign standing alone, as a scan sets one apart from its bound
/// (`<   100`).
#[must_use]
pub fn is_comparison(word: &str) -> bool {
    matches!(word, "<" | ">" | "<=" | ">=" | "\u{2264}" | "\u{2265}")
}

/// Parses a reference range; for ranges split by sex, `sex` picks one, and for tiers the
/// normal tier is taken. `None` when the text holds no recognisable range.
pub fn parse_range(text: &str, sex: Option<Sex>) -> Option<RefRange> {
    let s = normalise(text);
    if let Some(r) = parse_simple(&s) {
        return Some(r);
    }
    let unbracketed = s.trim_start_matches(['(', '[']);
    if let Some(r) = mend_lost_dash(unbracketed).and_then(|m| parse_simple(&m)) {
        return Some(r);
    }
    // Read whole first: `0-31 1` is 0-31 with a mark after it, not 0-31.1.
    read_segments(&s, sex)
        .or_else(|| mend_gapped_points(unbracketed))
        .or_else(|| mend_gapped_high(unbracketed))
        .or_else(|| mend_gapped_bound(unbracketed))
        .or_else(|| mend_to_read_as_ten(unbracketed))
        .or_else(|| lost_low_point(unbracketed))
}

/// `30.010 400.0`, `0.27104.20`, `9810 107`: a range whose `to` OCR read as `10`, the spaces
/// around it lost or not. Taken so at the one place where the numbers either side are bounds
/// a lab prints alike: each with the same places of decimals, the low below the high; and,
/// without decimals, a low of two digits or more within ten times of the high, a space still
/// beside the `10` (`110 150` is no 1 to 150, and `31510345` no 315 to 345: 31.5 to 34.5 with
/// its points lost too).
fn mend_to_read_as_ten(s: &str) -> Option<RefRange> {
    let s = s.trim().trim_end_matches([')', ']']).trim_end();
    let end = s.find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ' ')).unwrap_or(s.len());
    let (numbers, rest) = s.split_at(end);
    let numbers = numbers.trim_end();
    let bound = |t: &str| {
        let (whole, fraction) = t.split_once('.').unwrap_or((t, ""));
        let digits = |p: &str| p.chars().all(|c| c.is_ascii_digit());
        (!whole.is_empty() && digits(whole) && digits(fraction) && !(t.contains('.') && fraction.is_empty()))
            .then(|| Some((t.parse::<f64>().ok()?, fraction.len(), whole.len())))
            .flatten()
    };
    let mut found = numbers.match_indices("10").filter_map(|(at, _)| {
        let (low, high) = (numbers[..at].trim(), numbers[at + 2..].trim());
        let ((l, l_places, l_whole), (h, h_places, _)) = (bound(low)?, bound(high)?);
        let spaced = numbers[..at].ends_with(' ') || numbers[at + 2..].starts_with(' ');
        let alike = l_places == h_places && l < h && (l_places > 0 || (l_whole >= 2 && h <= l * 10.0 && spaced));
        alike.then(|| format!("{low} - {high}"))
    });
    match (found.next(), found.next()) {
        (Some(range), None) => parse_simple(&format!("{range}{rest}")),
        _ => None,
    }
}

/// `<= 4 00`, `< 0 50`: a one-sided bound whose decimal point OCR read as a gap: a number of
/// one or two digits and then two more at the end of the bound (how labs print such bounds;
/// one digit after a gap, `< 4 5`, could as well be 45, and three, `< 1 000`, a thousands gap).
fn mend_gapped_bound(s: &str) -> Option<RefRange> {
    let s = s.trim().trim_end_matches([')', ']']).trim_end();
    let (prefix, rest) = ["<=", "<", ">=", ">", "up to"].iter().find_map(|p| Some((p, s.strip_prefix(p)?)))?;
    let (bound, after) = gapped_number(rest, 1..=2, 2)?;
    parse_simple(&format!("{prefix} {bound}{after}"))
}

/// `2.5 to 4 5`, `0.00 - 0 30`: a range whose high bound's decimal point OCR read as a gap,
/// at the end of the range. The gap is that point where the digits after it are as many as
/// the low bound's decimals (a lab prints both bounds alike), and the low is below the high:
/// `0-31 1` has no decimals to match, and stays a range and a mark.
fn mend_gapped_high(s: &str) -> Option<RefRange> {
    let s = s.trim().trim_end_matches([')', ']']).trim_end();
    let (low, rest) = take_number(s)?;
    let low_text = s[..s.len() - rest.len()].trim();
    // (A decimal comma counts as a point: `40,0-50 0`. One of thousands, `1,000 - 2 000`, makes
    // a low above the high so mended.)
    let decimals = low_text.split_once(['.', ',']).map(|(_, f)| f.len()).filter(|&k| k > 0)?;
    let rest = rest.trim_start();
    let rest = rest.strip_prefix('-').or_else(|| rest.strip_prefix("to "))?;
    let (high, after) = gapped_number(rest, 1..=3, decimals)?;
    (low < high.parse::<f64>().ok()?).then(|| parse_simple(&format!("{low_text} - {high}{after}"))).flatten()
}

/// The number `text` starts with (after spaces) where OCR read its decimal point as a gap
/// (`4 00 ng/mL`), with its point put back (`4.00`), and what follows it: where the digits
/// before the gap are `whole` many and those after it exactly `fraction`.
fn gapped_number(text: &str, whole: std::ops::RangeInclusive<usize>, fraction: usize) -> Option<(String, &str)> {
    let (before, tail) = text.trim_start().split_once(' ')?;
    let end = tail.find(|c: char| !c.is_ascii_digit()).unwrap_or(tail.len());
    let (after_gap, rest) = tail.split_at(end);
    let digits = |t: &str| t.chars().all(|c| c.is_ascii_digit());
    (whole.contains(&before.len()) && digits(before) && after_gap.len() == fraction && digits(after_gap))
        .then(|| (format!("{before}.{after_gap}"), rest))
}

/// [`parse_range`] of a normalised text that is no single range: its labelled segments.
fn read_segments(s: &str, sex: Option<Sex>) -> Option<RefRange> {
    let segs = mend_misread_comparisons(segments(s));
    let parsed = segment_ranges(&segs);
    if parsed.is_empty() {
        return None;
    }
    let by_sex = match sex {
        Some(Sex::Male) => labelled(&parsed, MALE),
        Some(Sex::Female) => labelled(&parsed, FEMALE),
        None => None,
    };
    let normal = parsed.iter().find(|(l, _)| l.is_some_and(is_normal_tier)).map(|(_, r)| {
        let mut r = r.clone();
        // `Sufficiency : >= 30 ; Toxicity : > 100`: the normal tier ends where toxicity starts.
        if r.high.is_none()
            && let Some(low) = r.low
        {
            r.high = parsed
                .iter()
                .filter(|(l, _)| l.is_some_and(|l| l.starts_with("toxic") || l.starts_with("excess")))
                .filter_map(|(_, t)| t.low.filter(|b| *b > low))
                .reduce(f64::min);
            r.high_exclusive = false;
        }
        // `Normal: up to 20; Borderline: 200-240`: OCR lost a digit of the normal bound where
        // the next tier starts at ten times it.
        let this = r.clone();
        let others = || parsed.iter().map(|(_, t)| t).filter(|t| **t != this);
        let same = |a: f64, b: f64| (a - b).abs() <= 1e-9 * b.abs().max(1.0);
        if let Some(h) = r.high
            && !others().any(|t| t.low.is_some_and(|l| same(l, h)))
            && let Some(l) = others().find_map(|t| t.low.filter(|l| same(*l, 10.0 * h)))
        {
            r.high = Some(l);
        }
        if let Some(l) = r.low
            && !others().any(|t| t.high.is_some_and(|h| same(h, l)))
            && let Some(h) = others().find_map(|t| t.high.filter(|h| same(*h, 10.0 * l)))
        {
            r.low = Some(h);
        }
        r
    });
    by_sex
        .or(normal)
        .or_else(|| {
            // Unlabelled text around one range (`Adults 13 - 17`): the only candidate.
            (parsed.len() == 1 && parsed[0].0.is_none()).then(|| parsed[0].1.clone())
        })
        .or_else(|| {
            // Tiers that all say the same (`<6 years: up to 40 >6 years: up to 40`).
            let first = &parsed[0].1;
            (parsed.len() > 1 && parsed.iter().all(|(_, r)| r == first)).then(|| first.clone())
        })
        .or_else(|| {
            // A first tier under a label we do not know (`ND: 70-126`), every other tier named
            // as above or below normal (`Impaired fasting blood sugar: 101-126`). Not a bound
            // alone: that is the lowest tier of a scale under a label a photo misread (`< 20.0 :
            // Defcrency; 20.0 - 29.0 : Insufficiency`).
            let (first_label, first) = &segs[0];
            let rest_abnormal =
                segs.len() > 1 && segs[1..].iter().all(|(l, _)| l.as_deref().is_some_and(is_abnormal_tier));
            let first_plain = first_label.as_deref().is_some_and(|l| !is_abnormal_tier(l) && !names_a_sex(l));
            let bounded = |r: &RefRange| r.low.is_some() && r.high.is_some();
            if rest_abnormal && first_plain { parse_simple(first).filter(bounded) } else { None }
        })
}

/// The ranges a reference split by sex prints for men and for women
/// (`Male : 65 - 175 ; Female : 50 - 170`), when it prints both and no single range stands
/// for both: for a report whose sex is not known, which [`parse_range`] gives no range.
#[must_use]
pub fn sex_ranges(text: &str) -> Option<(RefRange, RefRange)> {
    let s = normalise(text);
    if parse_simple(&s).is_some() {
        return None;
    }
    let segs = mend_misread_comparisons(segments(&s));
    let parsed = segment_ranges(&segs);
    Some((labelled(&parsed, MALE)?, labelled(&parsed, FEMALE)?))
}

/// The segments of a reference ([`segments`]) that hold a range, with their labels.
fn segment_ranges(segs: &[(Option<String>, String)]) -> Vec<(Option<&str>, RefRange)> {
    segs.iter()
        .filter_map(|(label, v)| {
            // (A labelled tier's points read as gaps too: `(13 0 - 17.0) : Adults ; ...`.)
            let range = parse_simple(v).or_else(|| {
                label
                    .as_ref()
                    .and_then(|_| lost_low_point(v).or_else(|| mend_to_read_as_ten(v)).or_else(|| gapped_range(v)))
            })?;
            Some((label.as_deref(), range))
        })
        .collect()
}

/// A range (perhaps bracketed) with decimal points OCR read as gaps ([`mend_gapped_points`],
/// [`mend_gapped_high`]), mended.
fn gapped_range(t: &str) -> Option<RefRange> {
    let t = t.trim_start_matches(['(', '[']);
    mend_gapped_points(t).or_else(|| mend_gapped_high(t))
}

/// `20-3.5`, `150-4.10`: a low bound of whole digits above the high one lost its point (OCR),
/// and with it put back to as many places as the high bound has (`2.0-3.5`, `1.50-4.10`) is
/// below it, with a digit or two before the point.
fn lost_low_point(v: &str) -> Option<RefRange> {
    let digits = v.find(|c: char| !c.is_ascii_digit()).unwrap_or(v.len());
    let high = v[digits..].trim_start().strip_prefix('-')?.trim_start();
    let high = &high[..high.find(|c: char| !c.is_ascii_digit() && c != '.').unwrap_or(high.len())];
    let places = high.split_once('.').map_or(0, |(_, fraction)| fraction.len());
    if places == 0 || !(places + 1..=places + 2).contains(&digits) {
        return None;
    }
    let at = digits - places;
    let range = parse_simple(&format!("{}.{}", &v[..at], &v[at..]))?;
    range.high.is_some().then_some(range)
}

/// The range of the first segment labelled with one of `words` (`MALE` or `FEMALE`); or, of a
/// reference of two ranges, one labelled with the other sex, the one whose label OCR lost
/// (`M: 6 to 24 F: 5 to 22` read as `: 6 to 24 F: 5 to 22`).
fn labelled(parsed: &[(Option<&str>, RefRange)], words: &[&str]) -> Option<RefRange> {
    let named = |l: Option<&str>, words: &[&str]| l.is_some_and(|l| label_is(l, words));
    if let Some((_, r)) = parsed.iter().find(|(l, _)| named(*l, words)) {
        return Some(r.clone());
    }
    let other = if words == MALE { FEMALE } else { MALE };
    // (Or misread past reading, two letters at most that name no sex: `Me` for `M:`.)
    let lost = |l: Option<&str>| {
        l.is_none_or(|l| !l.chars().any(char::is_alphanumeric) || (l.trim().chars().count() <= 2 && !names_a_sex(l)))
    };
    match parsed {
        [(a, first), (b, second)] if lost(*a) && named(*b, other) => Some(first.clone()),
        [(a, first), (b, second)] if named(*a, other) && lost(*b) => Some(second.clone()),
        _ => None,
    }
}

/// Whether a reference labels a range with a sex (`M: 0.63 to 1.17 F: 0.70 to 1.30`), or `text`
/// is such a label alone (`Male:`, `F`).
#[must_use]
pub fn labels_a_sex(text: &str) -> bool {
    let s = normalise(text);
    names_a_sex(s.trim_end_matches(':')) || segments(&s).iter().any(|(l, _)| l.as_deref().is_some_and(names_a_sex))
}

/// Whether a reference prints tiers: two labelled ranges or more (`Desirable: < 150;
/// Borderline: 150-180; High: >= 180`).
#[must_use]
pub fn labels_tiers(text: &str) -> bool {
    let segs = segments(&normalise(text));
    segment_ranges(&segs).iter().filter(|(label, _)| label.is_some_and(|l| !l.is_empty())).count() >= 2
}

/// Whether a tier label names a sex (`Women`, `M`).
fn names_a_sex(label: &str) -> bool {
    label_is(label, MALE) || label_is(label, FEMALE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn r(text: &str) -> (Option<f64>, Option<f64>) {
        let got = parse_range(text, None).unwrap_or_else(|| panic!("{text:?} should parse"));
        (got.low, got.high)
    }

    #[test]
    fn every_printed_form_of_a_range() {
        for (text, want) in [
            ("13.0 - 17.0", (Some(13.0), Some(17.0))),
            ("13.0-17.0", (Some(13.0), Some(17.0))),
            ("13 to 17", (Some(13.0), Some(17.0))),
            ("4.0to5.6%", (Some(4.0), Some(5.6))),
            ("2.5t0 4.5 mg/dL", (Some(2.5), Some(4.5))),
            ("13 t0 60", (Some(13.0), Some(60.0))),
            ("98 lo 107", (Some(98.0), Some(107.0))),
            ("0.8lo1.2", (Some(0.8), Some(1.2))),
            ("4.0t05.6%", (Some(4.0), Some(5.6))),
            ("Oto 15", (Some(0.0), Some(15.0))),
            ("1,005-1.030", (Some(1.005), Some(1.03))),
            ("(13-17)", (Some(13.0), Some(17.0))),
            ("[3.5 \u{2013} 5.5]", (Some(3.5), Some(5.5))),
            ("< 200", (None, Some(200.0))),
            ("<200", (None, Some(200.0))),
            ("<= 5.6", (None, Some(5.6))),
            ("\u{2264} 5.6", (None, Some(5.6))),
            ("< or = 99", (None, Some(99.0))),
            ("> 40", (Some(40.0), None)),
            (">=60", (Some(60.0), None)),
            ("> OR = 60", (Some(60.0), None)),
            ("Up to 40", (None, Some(40.0))),
            ("Upto 40", (None, Some(40.0))),
            ("UPTO 0.5", (None, Some(0.5))),
            ("1,50,000 - 4,10,000", (Some(150_000.0), Some(410_000.0))),
            ("9:1-23:1", (Some(9.0), Some(23.0))),
            ("< 1.00 - Low Risk; 1.00 - 3.00 - Average Risk; >3.00 - 10.00 - High Risk", (None, Some(1.0))),
            (
                "Deficiency : <=20 ng/ml || Insufficiency : 21-29 ng/ml; Sufficiency : >= 30 ng/ml || Toxicity : >100 ng/ml",
                (Some(30.0), Some(100.0)),
            ),
            ("Deficiency : < 20; Insufficiency: 21-30; Sufficient : 31-100; Toxic : >100", (Some(31.0), Some(100.0))),
            ("Below 5.7% : Normal; 5.7% - 6.4% : Prediabetic; >=6.5% : Diabetic", (None, Some(5.7))),
            ("4,5 - 5,9", (Some(4.5), Some(5.9))),
            (".5 - 1.2", (Some(0.5), Some(1.2))),
            ("3.5~5.5", (Some(3.5), Some(5.5))),
            // A photo's dash read as a guillemet.
            ("1.6 \u{ab} 2.6", (Some(1.6), Some(2.6))),
            // A label's colon read as a degree sign, the label a cell apart (`Male`).
            ("0.27-4.20\u{b0}", (Some(0.27), Some(4.2))),
            ("(3.5 - 5.1)\u{b0}", (Some(3.5), Some(5.1))),
        ] {
            assert_eq!(r(text), want, "{text:?}");
        }
    }

    #[test]
    fn a_strict_comparison_leaves_its_bound_out() {
        let ends = |t: &str| parse_range(t, None).map(|r| (r.low_exclusive, r.high_exclusive));
        assert_eq!(ends("< 200"), Some((false, true)));
        assert_eq!(ends("<= 200"), Some((false, false)));
        assert_eq!(ends("Up to 40"), Some((false, false)));
        assert_eq!(ends("> 0.40"), Some((true, false)));
        assert_eq!(ends(">= 60"), Some((false, false)));
        assert_eq!(ends("13 - 17"), Some((false, false)));
        assert_eq!(ends("Desirable: <200; Borderline: 200-239; High: >=240"), Some((false, true)));
    }

    #[test]
    fn units_inside_the_range_are_kept_apart() {
        let got = parse_range("65-99 mg/dL", None).unwrap();
        assert_eq!((got.low, got.high, got.unit.as_deref()), (Some(65.0), Some(99.0), Some("mg/dl")));
        let got = parse_range("< 5.7 %", None).unwrap();
        assert_eq!((got.high, got.unit.as_deref()), (Some(5.7), Some("%")));
        // A tier's label after a dash is no unit.
        let got = parse_range("250 to 450 - Adult", None).unwrap();
        assert_eq!((got.low, got.high, got.unit.as_deref()), (Some(250.0), Some(450.0), None));
        // The `m` of a unit run into digits either side is no sex's label (`1.73m2`).
        let got = parse_range(">= 90 mL/min/1.73m2", None).unwrap();
        assert_eq!((got.low, got.high, got.unit.as_deref()), (Some(90.0), None, Some("ml/min/1.73m2")));
        // A label run into the range before it is one still (`M: 12-54F 13-60`).
        assert_eq!(
            parse_range("M: 12-54F 13-60", Some(Sex::Female)).map(|r| (r.low, r.high)),
            Some((Some(13.0), Some(60.0)))
        );
    }

    #[test]
    fn tiers_take_the_normal_tier() {
        assert_eq!(r("Desirable: <200; Borderline: 200-239; High: >=240"), (None, Some(200.0)));
        assert_eq!(r("Borderline High: 150-199 | Normal: <150 | High: 200-499"), (None, Some(150.0)));
        assert_eq!(
            r("Deficiency: <20 Insufficiency: 20-30 Sufficiency: 30-100 Toxicity: >100"),
            (Some(30.0), Some(100.0))
        );
        assert_eq!(r("Optimal: < 100 Near optimal: 100-129 Borderline high: 130-159"), (None, Some(100.0)));
        assert_eq!(r("Near optimal: 100-129; Optimal: < 100"), (None, Some(100.0)));
    }

    #[test]
    fn labels_after_ranges_and_without_colons() {
        assert_eq!(r("> = 90 : Normal ; 60 - 89 : Mild Decrease ; 15 - 29 : Severe Decrease"), (Some(90.0), None));
        assert_eq!(r("No Risk >60 ; Moderate Risk 40 - 60 ; High Risk <40"), (Some(60.0), None));
        assert_eq!(r("Normal-up to 200"), (None, Some(200.0)));
        // `<` and `>` after a colon read by OCR as another colon.
        assert_eq!(r("Desirable: : 200; Borderline : 200 - 239; High Risk : : 240"), (None, Some(200.0)));
        assert_eq!(r("Normal: : 100; Desirable: 100 - 129; Borderline High : 130 - 159"), (None, Some(100.0)));
        assert_eq!(r("High Risk : : 240; Borderline : 200 - 239; Desirable: : 200"), (None, Some(200.0)));
        assert_eq!(parse_range("Desirable: : 200; High : 300 - 400", None), None);
        assert_eq!(r("Normal - up to 200"), (None, Some(200.0)));
        assert_eq!(r("Very good control:<6 Good control : 6-8 poor control:>8"), (None, Some(6.0)));
        assert_eq!(r("- Non Diabetics:3-6 - Target of therapy:<7 - Change of therapy:>8"), (Some(3.0), Some(6.0)));
        assert_eq!(r("Adults : < 30.0 mg/dl"), (None, Some(30.0)));
        assert_eq!(r(">= 180 : High; 150 - 179 : Borderline High; < 150 : Optimal"), (None, Some(150.0)));
        assert_eq!(r("0 - 15 : Adult; 0 - 12 : Children"), (Some(0.0), Some(15.0)));
        assert_eq!(r("Adults (2.0 - 3.5)"), (Some(2.0), Some(3.5)));
        // A label that only says this is the reference.
        assert_eq!(r("Ref: 13-17"), (Some(13.0), Some(17.0)));
        assert_eq!(r("(Ref. Range: 13 - 17)"), (Some(13.0), Some(17.0)));
        assert_eq!(r("Bio. Ref: 13-17"), (Some(13.0), Some(17.0)));
        assert_eq!(r("Range 13-17"), (Some(13.0), Some(17.0)));
        assert_eq!(r("Child (1.40 - 3.52); Adult (2.00 - 4.40)"), (Some(2.0), Some(4.4)));
        // Age tiers need the age: no guess rather than the age bound…
        assert_eq!(parse_range("<6 years:up to 50 >6 years:up to 40", None), None);
        // …unless every tier says the same.
        assert_eq!(r("<6 years:up to 40 >6 years:up to 40"), (None, Some(40.0)));
        assert_eq!(
            parse_range("Male | : 86 - 152 ; Female | : 94 - 162", Some(Sex::Male)).map(|r| (r.low, r.high)),
            Some((Some(86.0), Some(152.0)))
        );
    }

    #[test]
    fn tiers_printed_range_first_whose_semicolons_a_scan_read_as_colons() {
        let female = parse_range("225-405 : Male : 250-450 : Female", Some(Sex::Female)).map(|g| (g.low, g.high));
        assert_eq!(female, Some((Some(250.0), Some(450.0))));
        let male = parse_range("225-405 : Male : 250-450 : Female", Some(Sex::Male)).map(|g| (g.low, g.high));
        assert_eq!(male, Some((Some(225.0), Some(405.0))));
    }

    #[test]
    fn tiers_printed_label_first_whose_semicolon_a_photo_read_as_a_colon() {
        let ldl = "Reference: Normal < 100 : Borderline High 100 - 119 ; High >= 120";
        assert_eq!(r(ldl), (None, Some(100.0)));
        assert_eq!(r("Adults 11.6-14.0 : Children 8.1-11.2"), (Some(11.6), Some(14.0)));
        // A colon after a label alone, or before one, stays a label's.
        let male = parse_range("Male : 13 - 17 : Female : 12 - 15", Some(Sex::Male)).map(|g| (g.low, g.high));
        assert_eq!(male, Some((Some(13.0), Some(17.0))));
        assert_eq!(r("< 150 : Optimal; 150 - 199 : Borderline"), (None, Some(150.0)));
    }

    #[test]
    fn a_tiers_colon_a_photo_read_as_a_semicolon_among_tiers_printed_range_first_keeps_its_label() {
        let vitamin_d = "20.0 - 29.0 : Insufficiency ; (30.0 - 100.0) ; Sufficiency ; > 100.0";
        assert_eq!(r(vitamin_d), (Some(30.0), Some(100.0)));
        // Tiers printed label first with their colons lost keep the normal one.
        assert_eq!(r("Sufficiency ; (30.0 - 100.0) ; Toxicity ; > 100.0"), (Some(30.0), Some(100.0)));
    }

    #[test]
    fn a_speck_before_a_tiers_label_is_no_part_of_it() {
        assert_eq!(r("~=Adults 8-61; Children 6-49"), (Some(8.0), Some(61.0)));
        assert_eq!(r("\u{ab}Adult 98-107"), (Some(98.0), Some(107.0)));
    }

    #[test]
    fn a_sexs_label_whose_colon_a_photo_lost_beside_the_other_sexs_is_a_label() {
        let male = |t: &str| parse_range(t, Some(Sex::Male)).map(|g| (g.low, g.high));
        let female = |t: &str| parse_range(t, Some(Sex::Female)).map(|g| (g.low, g.high));
        let plt = "M: 150000-410000 /eumm F 135000-369000";
        assert_eq!(male(plt), Some((Some(150_000.0), Some(410_000.0))));
        assert_eq!(female(plt), Some((Some(135_000.0), Some(369_000.0))));
        assert_eq!(female("Male: 13-17 Female 12-15"), Some((Some(12.0), Some(15.0))));
        // Not where no other sex's label has its colon, nor a word before no number.
        assert!(!normalise("Ref: 150000-410000 /cumm F 135000-369000").contains("f:"));
        assert_eq!(female("Male: 13-17 f x 12-15"), None);
    }

    #[test]
    fn a_sexs_label_a_photo_misread_or_lost_before_the_other_sexs_is_that_sexs() {
        let male = |t: &str| parse_range(t, Some(Sex::Male)).map(|g| (g.low, g.high));
        // `M:` read as `Me`, `mg/dL` as `mod` before the next label.
        assert_eq!(male("Me 40 - 60 mod F: 36 - 54"), Some((Some(40.0), Some(60.0))));
        // `M:` lost altogether.
        assert_eq!(male("40 - 60 mod F: 36 - 54"), Some((Some(40.0), Some(60.0))));
        let female = |t: &str| parse_range(t, Some(Sex::Female)).map(|g| (g.low, g.high));
        assert_eq!(female("Me 40 - 60 mod F: 36 - 54"), Some((Some(36.0), Some(54.0))));
        // Not a label of more than two letters: `Mean 40 - 60 F: 36 - 54` names no sex.
        assert_eq!(male("Mean 40 - 60 F: 36 - 54"), None);
        // Tiers by age are no ranges by sex.
        assert_eq!(male("<6 years:up to 40 >6 years:up to 40"), Some((None, Some(40.0))));
    }

    #[test]
    fn a_decimal_point_with_a_gap_after_it_is_joined_to_its_digits() {
        assert_eq!(r("Adult : (30.0 - 400. 0)"), (Some(30.0), Some(400.0)));
        assert_eq!(point_then_gap("30.0 - 400. 0)"), "30.0 - 400.0)");
        // A bound cut short before a range, or a sentence's stop before a number, stays.
        assert_eq!(point_then_gap(">= 6. 5.7 - 6.4"), ">= 6. 5.7 - 6.4");
        assert_eq!(point_then_gap("fasting. 10-12 hours"), "fasting. 10-12 hours");
        assert_eq!(point_then_gap("4. 100 - 200"), "4. 100 - 200");
    }

    #[test]
    fn tiers_split_by_colons_read_for_semicolons_are_tiers() {
        let tiers = "Desirable: < 150: Borderline: 150-180: High: >= 180";
        assert_eq!(r(tiers), (None, Some(150.0)));
        // Its `Ref.` lost and `range` read in two.
        assert_eq!(r("ran ge Desirable: < 150: Borderline: 150-180: High: >= 180"), (None, Some(150.0)));
        let male = parse_range("Male: 13-17: Female: 12-15", Some(Sex::Male)).map(|g| (g.low, g.high));
        assert_eq!(male, Some((Some(13.0), Some(17.0))));
        // A range before its label keeps its colons.
        let after = "< 150 : optimal; 150 - 199 : borderline";
        assert_eq!(colon_read_as_semicolon(after), after);
        let labelled = "reference: 0.19-3.36 : child ; 0.27-4.20 : adult";
        assert_eq!(colon_read_as_semicolon(labelled), labelled);
    }

    #[test]
    fn a_decimal_comma_before_a_high_bound_whose_point_was_read_as_a_gap() {
        assert_eq!(r("40,0-50 0"), (Some(40.0), Some(50.0)));
        // Three digits after a comma are thousands, and a gap after them no point.
        assert_eq!(parse_range("1,000 - 2 000", None).map(|g| (g.low, g.high)), None);
    }

    #[test]
    fn specks_and_lone_letters_before_a_reference_label_are_no_part_of_the_range() {
        // A photo's shadow of a rule read before `Ref:`.
        assert_eq!(r("_~\u{2014}s\u{ab}#Ref: (13 - 60)"), (Some(13.0), Some(60.0)));
        assert_eq!(r("- ref. range: 4.0 - 5.6"), (Some(4.0), Some(5.6)));
        assert_eq!(label_after_specks("_~s#ref: (13 - 60)").as_deref(), Some("ref: (13 - 60)"));
        // A word or a number before the label is print, and stays.
        assert_eq!(label_after_specks("adults ref: 13 - 60"), None);
        assert_eq!(label_after_specks("0.5 - 2 (ref: 1 - 2)"), None);
        // A label inside a word is none (`bref:`), nor one without its colon.
        assert_eq!(label_after_specks("~ bref: 13 - 60"), None);
        assert_eq!(label_after_specks("~ ref 13 - 60"), None);
    }

    #[test]
    fn a_reference_label_without_its_colon_before_the_first_tiers_label_goes() {
        let tiers = "Non-Diabetic 4.0 to 5.6 ; Pre-Diabetic 5.7 - 6.4 ; Diabetic >= 6.5";
        assert_eq!(r(&format!("Ref. range {tiers}")), (Some(4.0), Some(5.6)));
        assert_eq!(r(&format!("Ret. range {tiers}")), (Some(4.0), Some(5.6)));
    }

    #[test]
    fn a_ranges_dash_read_as_a_colon_is_a_dash() {
        assert_eq!(r("5 : 40 mg/dL"), (Some(5.0), Some(40.0)));
        assert_eq!(r("Bio. Ref. Interval : 6 : 24 mg/dL"), (Some(6.0), Some(24.0)));
        // In a bracket or after a tier's label too.
        let male = |t: &str| parse_range(t, Some(Sex::Male)).map(|g| (g.low, g.high));
        assert_eq!(male("Male: (13 : 60"), Some((Some(13.0), Some(60.0))));
        assert_eq!(male("Child : (0.56 : 0.96; Adults : (0.80 - 1.20)"), Some((Some(0.8), Some(1.2))));
        // Not a tier's label, nor bounds the wrong way round.
        assert_eq!(parse_range("40 : 5", None), None);
        assert_eq!(parse_range("Male: (60 : 13", Some(Sex::Male)), None);
    }

    #[test]
    fn brackets_read_as_braces_and_ret_for_ref_are_read() {
        let male = |t: &str| parse_range(t, Some(Sex::Male)).map(|g| (g.low, g.high));
        assert_eq!(male("Adult {150 - 410; Child : (105 - 328}"), Some((Some(150.0), Some(410.0))));
        assert_eq!(r("Ret: 98 to 107 mmol/L"), (Some(98.0), Some(107.0)));
    }

    #[test]
    fn adult_as_a_photo_misread_it_labels_the_normal_tier() {
        assert_eq!(r("28 - 100: Adutt; 20 - 80 : Child"), (Some(28.0), Some(100.0)));
        assert_eq!(r("211 - 911 : Acbult; 148 - 729 : Children"), (Some(211.0), Some(911.0)));
        // `Adults`, its plural, as misread.
        assert_eq!(r("136-145 : Achults"), (Some(136.0), Some(145.0)));
        assert_eq!(r("136-145 : Acuits"), (Some(136.0), Some(145.0)));
        // A word further from it labels no normal tier.
        assert_eq!(parse_range("28 - 100: Aorta; 20 - 80 : Child", None), None);
    }

    #[test]
    fn a_first_tier_under_a_label_not_known_is_the_normal_one_only_when_it_has_both_bounds() {
        let lowest = "< 20.0 : Defcrency; 20.0 - 29.0 : Insufficiency; > 100.0 : Toxicity";
        assert_eq!(parse_range(lowest, None), None);
        assert_eq!(r("ND: 70-126; Impaired fasting blood sugar: 127-200"), (Some(70.0), Some(126.0)));
    }

    #[test]
    fn a_label_inside_the_references_brackets_goes() {
        let q = |t: &str| parse_range(t, None).and_then(|g| g.qualitative);
        assert_eq!(q("(Ref. Non Reactive)"), Some("Non Reactive"));
        assert_eq!(q("[Ref: Negative]"), Some("Negative"));
    }

    #[test]
    fn a_point_read_with_a_comma_beside_it_is_a_point() {
        let male = |t: &str| parse_range(t, Some(Sex::Male)).map(|g| (g.low, g.high));
        assert_eq!(male("Female 0.24-3.78; Men 0,.27-4.20"), Some((Some(0.27), Some(4.2))));
        assert_eq!(male("Men 0.,27-4.20"), Some((Some(0.27), Some(4.2))));
    }

    #[test]
    fn a_label_whose_colon_or_hyphen_a_photo_misread() {
        assert_eq!(r("(4.0 - 5.6) 5 Non. Diabetic; >= 6.5 : Diabetic"), (Some(4.0), Some(5.6)));
        assert_eq!(r("(4.0 - 5.6) | Non-Diabetic; >= 6.5 : Diabetic"), (Some(4.0), Some(5.6)));
        assert_eq!(r("(4.0 - 5.6) : Non. Diabetic; >= 6.5 : Diabetic"), (Some(4.0), Some(5.6)));
    }

    #[test]
    fn a_label_that_only_names_the_reference_is_no_tier() {
        assert_eq!(r("Ref. Interval: (2.0 - 3.5)"), (Some(2.0), Some(3.5)));
        assert_eq!(r("Reference: 0.19-3.36 : Child ; 0.27-4.20 : Adult"), (Some(0.27), Some(4.2)));
        let male = parse_range("Reference: M: 63-90 F: 70-100", Some(Sex::Male)).map(|g| (g.low, g.high));
        assert_eq!(male, Some((Some(63.0), Some(90.0))));
        let female = parse_range("Bio. Ref. Interval : Male: 13-17; Female: 12-15", Some(Sex::Female));
        assert_eq!(female.map(|g| (g.low, g.high)), Some((Some(12.0), Some(15.0))));
    }

    #[test]
    fn a_first_tier_under_an_unknown_label_is_normal_when_the_others_are_abnormal() {
        assert_eq!(r("ND:70-126 Impaired fasting blood sugar: 101-126"), (Some(70.0), Some(126.0)));
        assert_eq!(r("Ref: 2-8; High: >8; Very high: >20"), (Some(2.0), Some(8.0)));
        // A first tier that is itself abnormal, or others that are not named abnormal, decide
        // nothing.
        assert_eq!(parse_range("Deficient: <20; Insufficient: 20-30", None), None);
        assert_eq!(parse_range("Fasting: 70-100; Random: 70-140", None), None);
        assert_eq!(parse_range("Women: 2.3-6.1", None), None, "a sex label is not an unknown label");
    }

    #[test]
    fn ocr_losses_in_ranges_are_put_back_where_only_one_reading_fits() {
        // A lost dash between two decimals.
        assert_eq!(r("0.41.5"), (Some(0.4), Some(1.5)));
        assert_eq!(r("(3.55.1)"), (Some(3.5), Some(5.1)));
        for text in ["01.05.25", "12.05.2025", "3.65", "1.234.5", "10.11.25"] {
            assert_eq!(parse_range(text, None), None, "{text:?}");
        }
        // A tilde read for a dash, and a rule's underline or a quote read before the range.
        assert_eq!(r("90 ~ 120 ma/d! :; Good Control; 121 - 150 mg/dl : Fair Control"), (Some(90.0), Some(120.0)));
        assert_eq!(r("_0.54-5.30"), (Some(0.54), Some(5.3)));
        assert_eq!(r("\u{2018}0.54-5.30"), (Some(0.54), Some(5.3)));
        assert_eq!(r("= 4.8-12.7"), (Some(4.8), Some(12.7)));
        assert_eq!(r("=: 150000 to 410000"), (Some(150_000.0), Some(410_000.0)));
        assert_eq!(r("Adults . 11.6-14.0"), (Some(11.6), Some(14.0)));
        // A plus sign read for a dash.
        assert_eq!(r("Adults (31.5 + 34.5"), (Some(31.5), Some(34.5)));
        // A low bound that lost its point, to the high bound's places, before its label too.
        assert_eq!(r("150-4.10"), (Some(1.5), Some(4.1)));
        assert_eq!(r("150-4.10 : Adult"), (Some(1.5), Some(4.1)));
        assert_eq!(parse_range("1500-4.10", None), None, "no point put back makes it the lower");
        assert_eq!(parse_range("110-135", None).map(|r| (r.low, r.high)), Some((Some(110.0), Some(135.0))));
        // A reference's label a photo misread (`Ref.` as `Ret.`, `Rel,`; `interval` as `imerval`).
        for text in [
            "Ret. interval: Male: (2.0 - 3,5); Female (1.8 - 3.1)",
            "Ret imerval: Male: (2.0 - 3.5): Female: (1.8 - 3.1)",
            "Rel, Interval: Male: (2.0 - 3.5); Female: (1.8 - 3.1)",
        ] {
            assert_eq!(
                parse_range(text, Some(Sex::Male)).map(|g| (g.low, g.high)),
                Some((Some(2.0), Some(3.5))),
                "{text:?}"
            );
        }
        assert_eq!(r("\u{a9} <100"), (None, Some(100.0)));
        // A zero read as `O`, and a one as `l` before a `to` run into it.
        assert_eq!(r("(O - 15)"), (Some(0.0), Some(15.0)));
        assert_eq!(r("(O- 15)"), (Some(0.0), Some(15.0)));
        assert_eq!(r("lto6"), (Some(1.0), Some(6.0)));
        // A one read as `l` that ends the range, and a zero read as `O` before a digit.
        assert_eq!(r("8to6l"), (Some(8.0), Some(61.0)));
        assert_eq!(r("8 - 6l U/L"), (Some(8.0), Some(61.0)));
        assert_eq!(r("O0to2"), (Some(0.0), Some(2.0)));
        // Not a litre after a number that is no range's bound, nor a unit's letter.
        assert_eq!(parse_range("6l", None), None);
        assert_eq!(r("3.5-5.5 mmol/l"), (Some(3.5), Some(5.5)));
        assert_eq!(parse_range("No - 5", None), None);
        // Decimal points read as gaps (a Sysmex printout photographed): `4 1-12` is 4.1-12.
        assert_eq!(r("(4 1-12)"), (Some(4.1), Some(12.0)));
        assert_eq!(r("(4 1-10 8)"), (Some(4.1), Some(10.8)));
        assert_eq!(r("(1 8-7 8)"), (Some(1.8), Some(7.8)));
        // A mark after a range is no lost point: not 0-31.1 (the row reader sets the mark apart).
        assert_eq!(parse_range("0-31 1", None), None);
        // The high bound's point read as a gap at the end, its digits as many as the low's decimals.
        assert_eq!(r("2.5 to 4 5"), (Some(2.5), Some(4.5)));
        assert_eq!(r("0.00 to 0 30"), (Some(0.0), Some(0.3)));
        assert_eq!(r("4.00 - 11 00 x10^3/uL"), (Some(4.0), Some(11.0)));
        assert_eq!(parse_range("2.5 to 4 50", None), None);
        assert_eq!(parse_range("25 to 4 5", None), None);
        // A one-sided bound's point read as a gap before its two decimals.
        assert_eq!(r("<= 4 00"), (None, Some(4.0)));
        assert_eq!(r("< 0 50 ng/mL"), (None, Some(0.5)));
        assert_eq!(r("> 60 00"), (Some(60.0), None));
        for text in ["< 4 5", "< 1 000", "<= 400 00"] {
            assert_eq!(parse_range(text, None), None, "{text:?}");
        }
        for text in ["1 12", "13 17", "100 200", "12 5-10", "1 2.5-4"] {
            assert_eq!(parse_range(text, None), None, "{text:?}");
        }
        assert_eq!(r("=< 40"), (None, Some(40.0)));
        // A `to` read as `10`, its spaces kept or lost, where the bounds either side are alike.
        assert_eq!(r("30.010 400.0"), (Some(30.0), Some(400.0)));
        assert_eq!(r("0.27104.20"), (Some(0.27), Some(4.2)));
        assert_eq!(r("0.8010 1.20 ng/mL"), (Some(0.8), Some(1.2)));
        assert_eq!(r("9810 107"), (Some(98.0), Some(107.0)));
        assert_eq!(r("13 10 60"), (Some(13.0), Some(60.0)));
        for text in ["110 150", "31510345", "1.0101.10", "1010 1.2", "5.610 5.6", "10 40", "0.1010"] {
            assert_eq!(parse_range(text, None), None, "{text:?}");
        }
        // ... also in a sex's range.
        let female = |text: &str| parse_range(text, Some(Sex::Female)).map(|g| (g.low, g.high));
        assert_eq!(female("Male: 2.2 to 4.0; Female: 2.510 4.5"), Some((Some(2.5), Some(4.5))));
        // ... or as `t0o`, its spaces lost.
        assert_eq!(r("1t0o6%"), (Some(1.0), Some(6.0)));
        assert_eq!(r("0t0o2%"), (Some(0.0), Some(2.0)));
        // A label's colon read as a comparison before a range of two bounds; a comparison
        // before one bound stays.
        assert_eq!(r("Adults > 28 to 100; Children : 20 to 80"), (Some(28.0), Some(100.0)));
        assert_eq!(r("Adults < 4.0 - 10.0"), (Some(4.0), Some(10.0)));
        assert_eq!(r("Adults > 28"), (Some(28.0), None));
        assert_eq!(r("> 28 to 100"), (Some(28.0), None));
        // ... and in a tier printed range first.
        let male = |text: &str| parse_range(text, Some(Sex::Male)).map(|g| (g.low, g.high));
        assert_eq!(male("2.510 4.5: Male; 2.2 to 4.0 : Female"), Some((Some(2.5), Some(4.5))));
        assert_eq!(male("2.2 to 4.0 : Female; 2.510 4.5 : Male"), Some((Some(2.5), Some(4.5))));
        // A sex's label with its `m` read as `rn`, and a label's colon read as a full stop run
        // into it.
        assert_eq!(female("Male: 0.84 to 1.53; Wornen: 0.93 to 1.70"), Some((Some(0.93), Some(1.7))));
        assert_eq!(female("Male. 0.84 to 1.53; Female. 0.93 to 1.70"), Some((Some(0.93), Some(1.7))));
        assert_eq!(r("Optimal. < 200; Borderline High: 200 - 239; High: >= 240"), (None, Some(200.0)));
        // Or as a full stop set apart, before a bound as before a number.
        assert_eq!(r("Optimal . < 200; Borderline High : 200 - 239"), (None, Some(200.0)));
        assert_eq!(r("Adult . 98 - 107; Child : 95 - 105"), (Some(98.0), Some(107.0)));
        // A tier printed range first whose colon was read as a dash.
        assert_eq!(female("2.3 to 22.4 - Female; 2.6 to 24.9 : Male"), Some((Some(2.3), Some(22.4))));
        let male = |text: &str| parse_range(text, Some(Sex::Male)).map(|g| (g.low, g.high));
        assert_eq!(male("2.3 to 22.4 - Female; 2.6 to 24.9 : Male"), Some((Some(2.6), Some(24.9))));
        assert_eq!(male("2.3 to 22.4 - Female"), None);
        // (A full stop after a word that labels no tier stays: no range.)
        assert_eq!(parse_range("approx. < 200", None).map(|g| g.high), None);
        // A range's dash read as a colon, in tiers and beside a sex.
        assert_eq!(r("Desirable: : 200; Borderline : 200 : 239; High Risk : > 240"), (None, Some(200.0)));
        assert_eq!(parse_range("Male : 65 : 175; Female : 50 - 170", Some(Sex::Male)).map(|r| r.low), Some(Some(65.0)));
        assert_eq!(parse_range("Ratio : 3 : 1", None), None, "a larger number first is no range");
        // A tier's colon read as a semicolon.
        assert_eq!(
            r(
                "Deficiency : <=20 ng/ml || Insufficiency : 21-29 ng/ml; Sufficiency ; >= 30 ng/mi || Toxicity : >100 ng/ml"
            ),
            (Some(30.0), Some(100.0))
        );
        // A lost digit of the normal tier's bound, where the next tier starts at ten times it.
        assert_eq!(r("Normal: up to 20 Borderline:200-240 pathologic: >240"), (None, Some(200.0)));
        assert_eq!(r("Normal: >4; Low: <40"), (Some(40.0), None));
        // A normal bound that meets the next tier is not changed.
        assert_eq!(r("Normal: up to 20; Borderline: 20-200"), (None, Some(20.0)));
    }

    #[test]
    fn sex_specific_ranges_follow_the_printed_sex() {
        let text = "Male: 13.0-17.0; Female: 12.0-15.5";
        assert_eq!(parse_range(text, Some(Sex::Male)).map(|r| (r.low, r.high)), Some((Some(13.0), Some(17.0))));
        assert_eq!(parse_range(text, Some(Sex::Female)).map(|r| (r.low, r.high)), Some((Some(12.0), Some(15.5))));
        let text = "M: 0.7-1.3 F: 0.6-1.1";
        assert_eq!(parse_range(text, Some(Sex::Female)).map(|r| r.high), Some(Some(1.1)));
        assert_eq!(parse_range(text, None), None, "without the sex there is no single range");
        let both = sex_ranges(text).map(|(m, f)| ((m.low, m.high), (f.low, f.high)));
        assert_eq!(both, Some(((Some(0.7), Some(1.3)), (Some(0.6), Some(1.1)))));
        assert_eq!(sex_ranges("13 - 17"), None, "one range for both sexes is no split");
        assert_eq!(sex_ranges("Male: 13 - 17"), None, "one sex alone is no split");
        // Each sex's label after its range: the word after the first range is that range's
        // label, not the next one's.
        let text = "25 - 90 : Male; 28 - 100 : Women";
        assert_eq!(parse_range(text, Some(Sex::Female)).map(|r| (r.low, r.high)), Some((Some(28.0), Some(100.0))));
        assert_eq!(parse_range(text, Some(Sex::Male)).map(|r| (r.low, r.high)), Some((Some(25.0), Some(90.0))));
        assert_eq!(parse_range("25 - 90 : Male", Some(Sex::Female)), None, "the other sex's range alone");
        // A label's colon not read, before the next label's.
        let text = "Male 0.93 - 1.70 raya, Female: 0.84 - 1.53";
        assert_eq!(parse_range(text, Some(Sex::Male)).map(|r| (r.low, r.high)), Some((Some(0.93), Some(1.7))));
        assert_eq!(parse_range(text, Some(Sex::Female)).map(|r| (r.low, r.high)), Some((Some(0.84), Some(1.53))));
        // A label's colon read as a dash.
        let text = "M: 3600 - 9900 F- 4000 - 11000";
        assert_eq!(parse_range(text, Some(Sex::Female)).map(|r| (r.low, r.high)), Some((Some(4000.0), Some(11000.0))));
        assert_eq!(parse_range(text, Some(Sex::Male)).map(|r| (r.low, r.high)), Some((Some(3600.0), Some(9900.0))));
        let text = "Male- (13 - 17) Female: (12 - 15)";
        assert_eq!(parse_range(text, Some(Sex::Male)).map(|r| (r.low, r.high)), Some((Some(13.0), Some(17.0))));
        assert_eq!(parse_range("Tm- 5 - 9", None).map(|r| (r.low, r.high)), None, "no sex's label");
    }

    #[test]
    fn of_two_ranges_by_sex_the_one_whose_label_ocr_lost_is_the_other_sexs() {
        let both = |t: &str| sex_ranges(t).map(|(m, f)| ((m.low, m.high), (f.low, f.high)));
        let (m, f) = ((Some(6.0), Some(24.0)), (Some(5.0), Some(22.0)));
        assert_eq!(both(": 6 to 24 F: 5 to 22"), Some((m, f)));
        assert_eq!(both("M: 6 to 24 : 5 to 22"), Some((m, f)));
        assert_eq!(both("M: 6 to 24; .: 5 to 22"), Some((m, f)));
        let female = |t: &str| parse_range(t, Some(Sex::Female)).map(|r| (r.low, r.high));
        assert_eq!(female("M: 6 to 24 : 5 to 22"), Some(f));
        // A label that is a word stays one, and a third range leaves nothing to tell by.
        assert_eq!(both("Adult: 6 to 24 F: 5 to 22"), None);
        assert_eq!(both(": 6 to 24 F: 5 to 22; Child: 4 to 20"), None);
    }

    #[test]
    fn a_reference_by_sex_read_with_its_separators_lost_or_misread_is_read() {
        let female = |t: &str| parse_range(t, Some(Sex::Female)).map(|r| (r.low, r.high));
        let male = |t: &str| parse_range(t, Some(Sex::Male)).map(|r| (r.low, r.high));
        // A colon for the semicolon between the sexes, and a label misread by a letter.
        assert_eq!(female("Male: 3600 - 9900: Female: 4000 - 11000"), Some((Some(4000.0), Some(11000.0))));
        assert_eq!(male("Male: 3600 - 9900: Female: 4000 - 11000"), Some((Some(3600.0), Some(9900.0))));
        assert_eq!(female("Male: 5 - 22: Femabe: 6 - 24"), Some((Some(6.0), Some(24.0))));
        // No separator at all, and the label's colon read as a semicolon.
        assert_eq!(female("M:0-14F:0-15"), Some((Some(0.0), Some(15.0))));
        assert_eq!(male("M:0-14F:0-15"), Some((Some(0.0), Some(14.0))));
        // The semicolon read as a dash.
        let dashed = "Male: 2.6 to 24.9- Female: 2.3 to 22.4";
        assert_eq!((male(dashed), female(dashed)), (Some((Some(2.6), Some(24.9))), Some((Some(2.3), Some(22.4)))));
        // …with the low bound's point lost (2.0 read 20), and an 8 read as `&`.
        assert_eq!(female("M:1.8-3.1F;20-3.5"), Some((Some(2.0), Some(3.5))));
        assert_eq!(female("Male: 7 - 55; Female: & - 61"), Some((Some(8.0), Some(61.0))));
        assert_eq!(male("Male. 7 - 55: Female: 8 - 61"), Some((Some(7.0), Some(55.0))));
        // A word that is no sex's label keeps its place.
        assert_eq!(female("Adult Male: 10 - 20; Female: 8 - 18"), Some((Some(8.0), Some(18.0))));
        assert_eq!(female("Meal: 10 - 20"), None);
        // Bracketed ranges with a colon between the sexes, and the second label's colon lost.
        assert_eq!(female("Male: (36 - 54): Female (40 - 60) mg/dL"), Some((Some(40.0), Some(60.0))));
        assert_eq!(male("Male: (9.9 - 12.2): Female: (11.0 - 13.5) seconds"), Some((Some(9.9), Some(12.2))));
        assert_eq!(female("Male: (0.27 - 1.08); Femate: (0.30 - 1.20) mg/dL"), Some((Some(0.3), Some(1.2))));
        // A label's colon read twice.
        assert_eq!(female("Male: (3.1 - 4.6); Female: : (3.5 - 5.1)"), Some((Some(3.5), Some(5.1))));
        // A tier's decimal points read as gaps.
        let tiers = |t: &str| parse_range(t, Some(Sex::Male)).map(|r| (r.low, r.high));
        assert_eq!(tiers("(13 0 - 17.0) : Adults ; (9.1 - 13.6) : Children"), Some((Some(13.0), Some(17.0))));
        assert_eq!(tiers("(0.00 - 0 24) : Adults ; (0.00 - 0.30) : Child"), Some((Some(0.0), Some(0.24))));
        assert_eq!(tiers("(1 40 - 3.52) : Adults ; (2.00 - 4.40) : Child"), Some((Some(1.4), Some(3.52))));
        assert_eq!(tiers("Adults : 3.5 - 5 2 ; Child : 2.4 - 4.2"), Some((Some(3.5), Some(5.2))));
        assert_eq!(r("13 0 - 17.0"), (Some(13.0), Some(17.0)));
        let low = |t: &str| parse_range(t, None).and_then(|r| r.low);
        assert_ne!(low("13 0 - 17"), Some(13.0), "no decimals to match");
        // The second label's colon lost before a plain range.
        assert_eq!(female("M: 12-54 F 13-60"), Some((Some(13.0), Some(60.0))));
        assert_eq!(male("M: 12-54 F 13-60"), Some((Some(12.0), Some(54.0))));
        assert_eq!(female("Male: 88-96, Female 98-107"), Some((Some(98.0), Some(107.0))));
        assert_eq!(female("Male: 135-369; Female 150-410"), Some((Some(150.0), Some(410.0))));
    }

    #[test]
    fn a_dash_a_photo_read_as_a_point_between_two_decimals_is_a_dash() {
        assert_eq!(r("3.5.5.1 mmol/L"), (Some(3.5), Some(5.1)));
        assert_eq!(r("(0.27.4.20)"), (Some(0.27), Some(4.2)));
        // A date is no range.
        assert!(parse_range("12.11.2026", None).is_none_or(|g| g.low != Some(12.11)));
    }

    #[test]
    fn a_bracket_whose_other_end_a_photo_lost_closes_nothing() {
        let female = |t: &str| parse_range(t, Some(Sex::Female)).map(|r| (r.low, r.high));
        assert_eq!(female("3.1-6.5 : Men ; 3.5-7.2: Female]"), Some((Some(3.5), Some(7.2))));
        assert_eq!(female("74.7-90.9 : Men ; 83.0-101.0 : Women}"), Some((Some(83.0), Some(101.0))));
        assert_eq!(female("[36.0-45.0 : Men ; 40.0-50.0 : Female"), Some((Some(40.0), Some(50.0))));
        assert_eq!(female("[3.1-6.5 : Men ; 3.5-7.2 : Female]"), Some((Some(3.5), Some(7.2))));
        assert_eq!(female("1-6 %]"), Some((Some(1.0), Some(6.0))));
    }

    #[test]
    fn qualitative_references() {
        assert_eq!(parse_range("Negative", None).unwrap().qualitative, Some("Negative"));
        assert_eq!(parse_range("NON REACTIVE", None).unwrap().qualitative, Some("Non Reactive"));
        assert_eq!(parse_range("Absent", None).unwrap().qualitative, Some("Absent"));
    }

    #[test]
    fn non_ranges_are_refused() {
        for text in ["", "mg/dL", "See interpretation", "17 - 13", "12/05/2025 - 14/05/2025 x", "Method: HPLC"] {
            assert_eq!(parse_range(text, None), None, "{text:?}");
        }
    }

    proptest! {
        #[test]
        fn never_panics(s in ".{0,48}") {
            let _ = parse_range(&s, Some(Sex::Female));
        }
    }
}
