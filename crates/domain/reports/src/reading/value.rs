//! A result cell: a number (maybe with `<`/`>`), or a qualitative word, with the flag labs print
//! before or after it (`H`, `L`, `High`, `Low`, `*`, `H*`, `(H)`, arrows).

use super::number::{leading_number, parse_number, read_for_one};

/// A comparison printed before a value (`<0.5`, `>1000`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Qualifier {
    /// `<`
    Less,
    /// `<=` or `≤`
    LessOrEqual,
    /// `>`
    Greater,
    /// `>=` or `≥`
    GreaterOrEqual,
}

/// A printed abnormality flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flag {
    /// `H`, `High`, `↑`, `H*`.
    High,
    /// `L`, `Low`, `↓`, `L*`.
    Low,
    /// `*` alone, or bold type: abnormal without a direction.
    Abnormal,
}

/// A parsed result cell.
#[derive(Debug, Clone, PartialEq)]
pub struct ResultValue {
    /// The value as printed, without the flag.
    pub text: String,
    /// The number, if numeric.
    pub number: Option<f64>,
    /// A comparison printed before the number.
    pub qualifier: Option<Qualifier>,
    /// The canonical qualitative word (`Positive`, `Non Reactive`, …), if qualitative.
    pub qualitative: Option<&'static str>,
    /// The flag printed with the value.
    pub flag: Option<Flag>,
}

impl ResultValue {
    /// An empty result cell: a test printed without its result (an interim report).
    #[must_use]
    pub fn empty() -> Self {
        Self { text: String::new(), number: None, qualifier: None, qualitative: None, flag: None }
    }
}

/// Qualitative results, longest spellings first so `non reactive` wins over `reactive`.
const QUALITATIVE: &[(&str, &str)] = &[
    ("non reactive", "Non Reactive"),
    ("non-reactive", "Non Reactive"),
    ("nonreactive", "Non Reactive"),
    ("not detected", "Not Detected"),
    ("positive", "Positive"),
    ("negative", "Negative"),
    ("reactive", "Reactive"),
    ("detected", "Detected"),
    ("equivocal", "Equivocal"),
    ("indeterminate", "Indeterminate"),
    ("absent", "Absent"),
    ("present", "Present"),
    ("trace", "Trace"),
    ("nil", "Nil"),
    ("normal", "Normal"),
    ("not seen", "Not Seen"),
    ("seen", "Seen"),
    ("occasional", "Occasional"),
    ("few", "Few"),
    ("clear", "Clear"),
    ("slightly turbid", "Slightly Turbid"),
    ("turbid", "Turbid"),
    ("hazy", "Hazy"),
    ("pale yellow", "Pale Yellow"),
    ("light yellow", "Light Yellow"),
    ("dark yellow", "Dark Yellow"),
    ("straw", "Straw"),
    ("yellow", "Yellow"),
    ("amber", "Amber"),
    ("colourless", "Colourless"),
    ("colorless", "Colorless"),
];

/// The canonical qualitative word (`Non Reactive` for `NON-REACTIVE`), if `text` is one.
pub fn qualitative_word(text: &str) -> Option<&'static str> {
    let lower = text.trim().to_lowercase();
    QUALITATIVE.iter().find(|(spelling, _)| lower == *spelling).map(|(_, canonical)| *canonical)
}

/// Whether a canonical qualitative word means "not found": the normal result of a binary test.
pub fn is_negative_result(word: &str) -> bool {
    matches!(word, "Negative" | "Non Reactive" | "Absent" | "Not Detected" | "Nil")
}

/// Whether a canonical qualitative word means "found".
pub fn is_positive_result(word: &str) -> bool {
    matches!(word, "Positive" | "Reactive" | "Present" | "Detected")
}

/// A count printed as a small range (`3-4` pus cells per field): a result, but not one number.
pub fn is_count_span(text: &str) -> bool {
    let Some((a, b)) = text.split_once('-') else { return false };
    let small = |s: &str| !s.is_empty() && s.len() <= 3 && s.chars().all(|c| c.is_ascii_digit());
    small(a.trim()) && small(b.trim())
}

/// A flag token, or `None`.
pub fn parse_flag(token: &str) -> Option<Flag> {
    let t = token.trim().trim_matches(|c| c == '(' || c == ')' || c == '[' || c == ']');
    match t.to_ascii_lowercase().as_str() {
        "h" | "high" | "h*" | "hh" | "\u{2191}" | "high*" => Some(Flag::High),
        "l" | "low" | "l*" | "ll" | "\u{2193}" | "low*" => Some(Flag::Low),
        "*" | "**" | "abnormal" => Some(Flag::Abnormal),
        _ => None,
    }
}

fn split_qualifier(s: &str) -> (Option<Qualifier>, &str) {
    for (prefix, q) in [
        ("<=", Qualifier::LessOrEqual),
        ("\u{2264}", Qualifier::LessOrEqual),
        (">=", Qualifier::GreaterOrEqual),
        ("\u{2265}", Qualifier::GreaterOrEqual),
        ("<", Qualifier::Less),
        (">", Qualifier::Greater),
    ] {
        if let Some(rest) = s.strip_prefix(prefix) {
            return (Some(q), rest.trim_start());
        }
    }
    (None, s)
}

/// A number glued to a trailing flag: `12.5H`, `12.5*`, `7.1(L)`; returns the number's text too.
fn split_glued_flag(token: &str) -> Option<(&str, f64, Flag)> {
    let (num, number, flag) = leading_number(token)?;
    Some((num, number, parse_flag(flag)?))
}

/// A flag letter glued to the number after it, as a scan often reads `H 8.3`: `H8.3`, `L32`.
/// Upper case only, and a digit must follow: `Hb`, `LH` and `HIV` are names, not flags.
fn split_leading_flag(token: &str) -> Option<(&str, f64, Flag)> {
    let flag = match token.as_bytes() {
        [b'H', d, ..] if d.is_ascii_digit() => Flag::High,
        [b'L', d, ..] if d.is_ascii_digit() => Flag::Low,
        _ => return None,
    };
    let num = &token[1..];
    // `L010`: a whole number with a leading zero is a decimal whose point OCR lost, not a result.
    if num.starts_with('0') && num.as_bytes().get(1).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    Some((num, parse_number(num)?, flag))
}

/// A number whose decimal point a scan lost, leaving a gap (`45 1` for 45.1): two or three
/// digits, a space, one digit. Only for words a scan set apart by less than a digit's height
/// (the row reader's judgement): in a text layer the gap is printed.
pub fn lost_point(text: &str) -> Option<f64> {
    let (whole, tenths) = text.split_once(' ')?;
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    ((2..=3).contains(&whole.len()) && !whole.starts_with('0') && tenths.len() == 1 && digits(whole) && digits(tenths))
        .then(|| format!("{whole}.{tenths}").parse().ok())?
}

/// The numbers a whole number read by OCR could be with a decimal point it lost put back, each
/// place once (`105`: 1.05 and 10.5). `None` for anything but two digits or more not starting
/// with 0: `0.5` has its point, and `05` is no number a lab prints.
pub fn points_put_back(text: &str) -> Option<Vec<f64>> {
    if text.len() < 2 || text.starts_with('0') || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((1..text.len()).filter_map(|i| format!("{}.{}", &text[..i], &text[i..]).parse().ok()).collect())
}

/// A result of ones alone (1, 11, 111) that a photo read as letters or strokes (`i`, `l`, `I`,
/// `|`: `ll` for 11), perhaps after the flag a lab prints before it (`Li`, `L i` for `L 1`):
/// the value with its flag, its text as read. Alone such letters may be a word (`Type I`,
/// `II`), so only the caller can tell they stand where a result does; `None` for anything
/// else.
pub fn lone_one_misread(cell: &str) -> Option<ResultValue> {
    let compact: String = cell.split_whitespace().collect();
    let (flag, strokes) = match compact.strip_prefix(['L', 'H']) {
        Some(rest) if !rest.is_empty() => (parse_flag(&compact[..1]), rest),
        _ => (None, compact.as_str()),
    };
    let ones = strokes.chars().count();
    ((1..=3).contains(&ones) && strokes.chars().all(read_for_one)).then(|| ResultValue {
        text: cell.trim().to_string(),
        number: "1".repeat(ones).parse().ok(),
        qualifier: None,
        qualitative: None,
        flag,
    })
}

/// Parses a result cell; `None` when it is neither a number nor a known qualitative result.
pub fn parse_value(cell: &str) -> Option<ResultValue> {
    let cell = cell.trim();
    let mut tokens: Vec<&str> = cell.split_whitespace().collect();
    let mut flag = None;
    // A flag may stand before or after the value.
    if tokens.len() > 1 {
        if let Some(f) = tokens.last().and_then(|t| parse_flag(t)) {
            flag = Some(f);
            tokens.pop();
        } else if let Some(f) = tokens.first().and_then(|t| parse_flag(t)) {
            flag = Some(f);
            tokens.remove(0);
        }
    }
    let text = tokens.join(" ");
    let (qualifier, rest) = split_qualifier(&text);
    if let Some(number) = parse_number(rest) {
        return Some(ResultValue { text: text.clone(), number: Some(number), qualifier, qualitative: None, flag });
    }
    if qualifier.is_none()
        && flag.is_none()
        && tokens.len() == 1
        && let Some((num, number, f)) = split_glued_flag(tokens[0])
            .or_else(|| split_leading_flag(tokens[0]))
            // (A photo's speck after the flag: `110H-`.)
            .or_else(|| tokens[0].strip_suffix(['-', '_', '\u{2014}']).and_then(split_glued_flag))
    {
        let text = num.to_string();
        return Some(ResultValue { text, number: Some(number), qualifier: None, qualitative: None, flag: Some(f) });
    }
    if qualifier.is_none() && is_count_span(&text) {
        return Some(ResultValue { text, number: None, qualifier: None, qualitative: None, flag });
    }
    // A word result with the assay's index after it in brackets (`Non Reactive (0.21)`), kept
    // as printed.
    let word = match text.strip_suffix(')').and_then(|t| t.rsplit_once('(')) {
        Some((word, index)) if parse_number(index.trim()).is_some() => word.trim(),
        _ => text.as_str(),
    };
    let qualitative = qualitative_word(word)?;
    Some(ResultValue { text, number: None, qualifier: None, qualitative: Some(qualitative), flag })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn v(cell: &str) -> (Option<f64>, Option<Qualifier>, Option<&'static str>, Option<Flag>) {
        let r = parse_value(cell).unwrap_or_else(|| panic!("{cell:?} should parse"));
        (r.number, r.qualifier, r.qualitative, r.flag)
    }

    #[test]
    fn a_number_with_a_gap_for_its_lost_point_is_read_with_the_point() {
        assert_eq!(lost_point("45 1"), Some(45.1));
        assert_eq!(lost_point("127 5"), Some(127.5));
        // Not as a cell of its own: the gap decides, and only the row reader sees it.
        assert!(parse_value("45 1").is_none());
        // One digit before (a count per field, `2 4`), two after (`10 12`), a leading zero,
        // a point already there, or more than two parts: not a lost point.
        for text in ["2 4", "10 12", "04 5", "45.1", "45 1 2", "45", "4500 1", "ab 1"] {
            assert_eq!(lost_point(text), None, "{text}");
        }
    }

    #[test]
    fn numbers_with_flags_before_or_after() {
        assert_eq!(v("12.5"), (Some(12.5), None, None, None));
        assert_eq!(v("12.5 H"), (Some(12.5), None, None, Some(Flag::High)));
        assert_eq!(v("H 12.5"), (Some(12.5), None, None, Some(Flag::High)));
        assert_eq!(v("3.1 Low"), (Some(3.1), None, None, Some(Flag::Low)));
        assert_eq!(v("High 240"), (Some(240.0), None, None, Some(Flag::High)));
        assert_eq!(v("9.8 L*"), (Some(9.8), None, None, Some(Flag::Low)));
        assert_eq!(v("9.8 (L)"), (Some(9.8), None, None, Some(Flag::Low)));
        assert_eq!(v("182 *"), (Some(182.0), None, None, Some(Flag::Abnormal)));
        assert_eq!(v("12.5H"), (Some(12.5), None, None, Some(Flag::High)));
        assert_eq!(v("1,50,000"), (Some(150_000.0), None, None, None));
        assert_eq!(v(".8"), (Some(0.8), None, None, None));
        assert_eq!(v("4,5"), (Some(4.5), None, None, None));
        assert_eq!(parse_value("12.5H").unwrap().text, "12.5");
        // A photo's speck after a glued flag; not after a number alone (a range's first bound).
        assert_eq!(v("110H-"), (Some(110.0), None, None, Some(Flag::High)));
        assert_eq!(parse_value("110H-").unwrap().text, "110");
        assert!(parse_value("110-").and_then(|r| r.number).is_none());
        // A scan glues a flag before the value to it.
        assert_eq!(v("H8.3"), (Some(8.3), None, None, Some(Flag::High)));
        assert_eq!(v("L32"), (Some(32.0), None, None, Some(Flag::Low)));
        assert_eq!(v("H12,104"), (Some(12104.0), None, None, Some(Flag::High)));
        assert_eq!(parse_value("L6.3").unwrap().text, "6.3");
        for name in ["Hb", "LH", "H", "h8.3", "L", "HbA1c", "L1a", "L010"] {
            assert!(parse_value(name).and_then(|r| r.number).is_none(), "{name}");
        }
        assert_eq!(parse_value("12.5 H").unwrap().text, "12.5");
    }

    #[test]
    fn comparisons() {
        assert_eq!(v("<0.5"), (Some(0.5), Some(Qualifier::Less), None, None));
        assert_eq!(v("< 25"), (Some(25.0), Some(Qualifier::Less), None, None));
        assert_eq!(v(">1000"), (Some(1000.0), Some(Qualifier::Greater), None, None));
        assert_eq!(v("<=10"), (Some(10.0), Some(Qualifier::LessOrEqual), None, None));
        assert_eq!(v("\u{2265}90"), (Some(90.0), Some(Qualifier::GreaterOrEqual), None, None));
    }

    #[test]
    fn qualitative_words() {
        for (cell, want) in [
            ("Positive", "Positive"),
            ("NEGATIVE", "Negative"),
            ("Reactive", "Reactive"),
            ("Non Reactive", "Non Reactive"),
            ("NON-REACTIVE", "Non Reactive"),
            ("Absent", "Absent"),
            ("Present", "Present"),
            ("Nil", "Nil"),
            ("Trace", "Trace"),
            ("Not Detected", "Not Detected"),
        ] {
            assert_eq!(v(cell).2, Some(want), "{cell}");
        }
        assert_eq!(v("Positive H").3, Some(Flag::High));
        assert_eq!(v("PALE YELLOW").2, Some("Pale Yellow"));
        let counted = parse_value("3-4").unwrap();
        assert_eq!((counted.number, counted.qualitative, counted.text.as_str()), (None, None, "3-4"));
        // With the assay's index after it, kept as printed; words in brackets are no index.
        let indexed = parse_value("Non Reactive (0.21)").unwrap();
        assert_eq!(
            (indexed.number, indexed.qualitative, indexed.text.as_str()),
            (None, Some("Non Reactive"), "Non Reactive (0.21)")
        );
        assert_eq!(parse_value("Negative (see note)"), None);
    }

    #[test]
    fn ones_read_as_letters_are_ones_with_their_flag() {
        for (cell, number, flag) in [
            ("i", 1.0, None),
            ("|", 1.0, None),
            ("Li", 1.0, Some(Flag::Low)),
            ("H I", 1.0, Some(Flag::High)),
            ("ll", 11.0, None),
            ("Lil", 11.0, Some(Flag::Low)),
        ] {
            let value = lone_one_misread(cell).unwrap();
            assert_eq!((value.number, value.flag, value.text.as_str()), (Some(number), flag, cell), "{cell}");
        }
        for cell in ["", "L", "H", "Hb", "1", "Lit", "x", "llll"] {
            assert_eq!(lone_one_misread(cell), None, "{cell:?}");
        }
    }

    #[test]
    fn non_values_are_refused() {
        for cell in ["", "mg/dL", "Haemoglobin", "Purple", "H", "12/05/2025", "<", "see note", "10-2000"] {
            assert_eq!(parse_value(cell), None, "{cell:?}");
        }
    }

    proptest! {
        #[test]
        fn never_panics(s in ".{0,24}") {
            let _ = parse_value(&s);
            let _ = parse_flag(&s);
        }
    }
}
