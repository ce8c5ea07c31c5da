//! Names: what a test's name is and is not (patient details, notes, methods, prose), and a
//! name cleaned of serial numbers, footnote marks, methods and specimens printed with it.

use super::*;

/// Words that start lines of patient details, page furniture or notes, never results.
pub(super) const NOT_A_TEST: &[&str] = &[
    "age",
    "sex",
    "gender",
    "name",
    "patient",
    "date",
    "collected",
    "received",
    "reported",
    "registered",
    "page",
    "ref",
    "referred",
    "home",
    "doctor",
    "dr",
    "barcode",
    "uhid",
    "phone",
    "mobile",
    "tel",
    "sample",
    "specimen",
    "report",
    "printed",
    "visit",
    "client",
    "lab",
    "address",
    "method",
    "note",
    "notes",
    "comment",
    "interpretation",
    "remark",
    "remarks",
    "bill",
    "id",
    "passport",
    "location",
    "status",
    "unit",
    "units",
    "reference",
    // An assay's quality figures (`Precision %CV :- Intra assay %CV- 4.55%`).
    "precision",
    "specification",
    "specifications",
];

/// Words of interpretation tables and tier labels: a "name" made only of these is not a test.
pub(in crate::reading) const TIER_WORDS: &[&str] = &[
    "desirable",
    "borderline",
    "high",
    "low",
    "optimal",
    "normal",
    "near",
    "above",
    "below",
    "very",
    "risk",
    "deficiency",
    "insufficiency",
    "sufficiency",
    "toxicity",
    "good",
    "fair",
    "poor",
    "control",
    "target",
    "bio",
    "biological",
    "ref",
    "reference",
    "interval",
    "range",
    "moderate",
    "average",
    "unsatisfactory",
    "diabetic",
    "prediabetic",
    "prediabetes",
    "diabetes",
    "adult",
    "adults",
    "male",
    "female",
    "men",
    "women",
    "child",
    "children",
    "infant",
    "infants",
    "newborn",
    "elderly",
    // eGFR's tiers (`Mild Decrease : 60 - 89`).
    "mild",
    "severe",
    "decrease",
    "decreased",
    // Pregnancy's tiers (`1st TRIMESTER  81.1-176.6`).
    "pregnancy",
    "pregnant",
    "trimester",
    "1st",
    "2nd",
    "3rd",
    "st",
    "nd",
    "rd",
    "first",
    "second",
    "third",
    "to",
    "and",
    "or",
    "of",
    "than",
    "the",
];

/// Words of a street address, in no test's name.
pub(super) const ADDRESS_WORDS: &[&str] =
    &["street", "road", "sector", "nagar", "marg", "floor", "lane", "avenue", "suite", "blvd", "boulevard", "colony"];

pub(super) fn is_date_or_time(text: &str) -> bool {
    let t = text.trim();
    // `02/27/2025`, not `250-400 ug/dl ug/dL` (two slashes, but units).
    let date = t.split_whitespace().any(|w| {
        let parts: Vec<&str> = w.split('/').collect();
        parts.len() == 3 && parts.iter().all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
    });
    date || (t.contains(':')
        && t.chars().all(|c| c.is_ascii_digit() || c == ':' || c == ' ' || c.is_ascii_alphabetic())
        && t.len() <= 8)
}

/// A laboratory method in one word (`Immunoassay`, `Microscopy`, `Hexokinase`).
pub(super) fn is_method(text: &str) -> bool {
    let t = text.trim();
    let lower = t.to_lowercase();
    t.chars().count() >= 6 && t.chars().all(char::is_alphabetic) && METHOD_ENDINGS.iter().any(|e| lower.ends_with(e))
}

/// How the names of laboratory methods end: assays, measurements, separations and enzymes.
pub(super) const METHOD_ENDINGS: &[&str] = &["assay", "metry", "metric", "graphy", "phoresis", "scopy", "ase"];

/// Whether a cell is two numbers with one to three other characters between them and at
/// most a unit after (`40t05.6%`, `4.0x05.6`): a range whose dash or `to` OCR misread, not a
/// date (`02/27/2025`) or a time.
pub(super) fn two_numbers_run_together(cell: &str) -> bool {
    let numeric = |c: char| c.is_ascii_digit() || c == '.' || c == ',';
    let t = cell.trim().trim_end_matches(|c: char| c.is_alphabetic() || c == '%' || c == '/');
    let runs = t.split(|c: char| !numeric(c)).filter(|r| !r.is_empty()).count();
    let between: String = t.chars().skip_while(|c| numeric(*c)).take_while(|c| !c.is_ascii_digit()).collect();
    t.starts_with(|c: char| c.is_ascii_digit())
        && runs == 2
        && (1..=3).contains(&between.chars().count())
        && !between.contains(['/', ':'])
}

/// Prose that happens to follow a number (`testing of Beta Amyloid 42 and ...`,
/// `JCEM. 2011 Jul; 96(7)`): a small word of sentences, or a word ending a clause.
pub(super) fn is_prose(cell: &str) -> bool {
    // (Not a word in capitals: `OH,` is a scan's misreading of a unit.)
    let clause = cell.strip_suffix([';', ',']).is_some_and(|word| {
        word.len() >= 2 && word.chars().all(char::is_alphabetic) && word.chars().any(char::is_lowercase)
    });
    // A cell may hold more of the sentence (`and/or renal`), or be a run of it.
    let first = cell.split(|c: char| c.is_whitespace() || c == '/').next().unwrap_or(cell);
    let words = cell.split_whitespace();
    let run = words.clone().count() >= 5 && words.filter(|w| w.starts_with(char::is_lowercase)).count() >= 3;
    clause || run || PROSE_WORDS.contains(&first)
}

/// Small words of sentences, never a unit.
pub(super) const PROSE_WORDS: &[&str] =
    &["and", "or", "of", "the", "for", "with", "in", "to", "is", "was", "has", "by", "at", "on", "as", "than"];

/// Footnote codes some labs print after a name (`LDL-P A, 01`, `Glucose 02`), and footnote
/// marks raised after it (`Glucose²`, `CoQ10¹`; not the power of a unit, `1.73 m²`).
pub(super) fn strip_footnotes(name: &str) -> &str {
    let raised = |c: char| matches!(c, '\u{b9}' | '\u{b2}' | '\u{b3}' | '\u{2070}' | '\u{2074}'..='\u{2079}');
    let bare = name.trim_end_matches(raised).trim_end();
    let name = if bare.len() < name.trim_end().len()
        && !bare.ends_with('m')
        && bare.ends_with(|c: char| c.is_alphanumeric() || c == ')')
    {
        bare
    } else {
        name
    };
    let mut words: Vec<&str> = name.split_whitespace().collect();
    let is_code = |w: &str| {
        // `01`, or `A,01` written without a space.
        let digits = w.rsplit(',').next().unwrap_or(w);
        let prefix = &w[..w.len() - digits.len()];
        digits.len() == 2
            && digits.chars().all(|c| c.is_ascii_digit())
            && (prefix.is_empty() || (prefix.len() == 2 && prefix.starts_with(|c: char| c.is_ascii_uppercase())))
    };
    let is_letter =
        |w: &str| w.len() == 2 && w.ends_with(',') && w.chars().next().is_some_and(|c| c.is_ascii_uppercase());
    if words.len() >= 2 && words.last().is_some_and(|w| is_code(w)) {
        words.pop();
        if words.len() >= 2 && words.last().is_some_and(|w| is_letter(w)) {
            words.pop();
        }
        let kept = words.len();
        // Cut the original string after the kept words, keeping its inner spacing.
        let mut idx = 0;
        for (i, w) in name.split_whitespace().enumerate() {
            idx = name[idx..].find(w).map_or(idx, |p| idx + p) + w.len();
            if i + 1 == kept {
                return &name[..idx];
            }
        }
    }
    name
}

/// A cell of one or two digits or small letters standing apart before a name: a serial number,
/// or the mark some labs set in the margin beside an abnormal result (LabCorp's ▲ and ▼, which
/// OCR reads as `4` or `vw`).
pub(super) fn is_margin_mark(text: &str) -> bool {
    let t = text.trim();
    (1..=2).contains(&t.chars().count()) && t.chars().all(|c| c.is_ascii_digit() || c.is_ascii_lowercase())
}

pub(super) fn clean_name(cells: &[Cell]) -> String {
    let cells: Vec<&Cell> = cells.iter().filter(|c| !is_separator(&c.text)).collect();
    // (Nor is a speck a photo read in the margin, `&` before `9. HCT`, part of the name.)
    let speck = |t: &str| (1..=2).contains(&t.trim().chars().count()) && !t.contains(char::is_alphanumeric);
    let cells = match cells.as_slice() {
        [mark, next, ..] if is_margin_mark(&mark.text) && next.text.starts_with(|c: char| c.is_uppercase()) => {
            &cells[1..]
        }
        [mark, _, ..] if speck(&mark.text) => &cells[1..],
        _ => &cells[..],
    };
    // Separators are dropped as cells and, at the end, as words of a cell (`L* ==`).
    let mut words: Vec<&str> = cells.iter().flat_map(|c| c.text.split_whitespace()).collect();
    // A reference run into the name where a photo lost its end (`Potassium (K+) Range 3.5 to`
    // for `Range 3.5 to 5.1`, its `5.1` read as a colon) is no part of it: the name ends
    // before the word that names the reference, a bound after it.
    if let Some(at) = (1..words.len().saturating_sub(1)).find(|&i| {
        let label = words[i].trim_end_matches(':').to_lowercase();
        ["range", "ref", "ref.", "reference", "normal"].contains(&label.as_str())
            && words[i + 1]
                .starts_with(|c: char| c.is_ascii_digit() || matches!(c, '<' | '>' | '\u{2264}' | '\u{2265}'))
    }) {
        words.truncate(at);
    }
    while words.last().is_some_and(|w| is_separator(w)) {
        words.pop();
    }
    // `#` or `%` ends a name (`Monosit # kb`): short words after it are specks OCR read as
    // letters, unless one is a flag.
    if let Some(end) = words.iter().rposition(|w| w.ends_with(['#', '%']))
        && end + 1 < words.len()
        && words[end + 1..].iter().all(|w| {
            // A speck of a letter or two, perhaps among strokes (`—s_>`), and no digit.
            let letters = w.chars().filter(|c| c.is_alphabetic()).count();
            (w.chars().count() <= 2 || letters <= 1) && !w.chars().any(|c| c.is_ascii_digit()) && *w != "(%)"
        })
        && !words[end + 1..].iter().any(|w| parse_flag(w).is_some())
    {
        words.truncate(end + 1);
    }
    // Leader dots end a name, and what a photo read after them is specks (`LDL Cholesterol...
    // A`, `AST 0.0... 5`); a word before them with a digit is their start misread, unless the
    // catalog knows the name with it (`Hemoglobin A1c...`).
    if let Some(at) = words.iter().position(|w| w.contains("...")).filter(|&i| i > 0 || words[0].find("...") > Some(0))
    {
        let before = words[at].split("...").next().unwrap_or_default();
        let kept = before.trim_end_matches('.');
        let named = || crate::catalog::lookup(&[&words[..at], &[kept]].concat().join(" ")).is_some();
        if kept.is_empty() || (kept.contains(|c: char| c.is_ascii_digit()) && !named()) {
            words.truncate(at);
        } else {
            words[at] = kept;
            words.truncate(at + 1);
        }
    }
    // Inside a name a lone bar is the capital I OCR misread (`TROPONIN- |, SERUM`); borders
    // stand at the ends.
    let inner = 1..words.len().saturating_sub(1);
    let words: Vec<String> = words
        .iter()
        .enumerate()
        .map(|(i, w)| {
            if inner.contains(&i) && w.trim_end_matches([',', ';']) == "|" {
                w.replacen('|', "I", 1)
            } else {
                w.to_string()
            }
        })
        .collect();
    let name = words.join(" ");
    // A table border read by OCR as `|` at either end is not part of the name, nor is a dash or
    // tilde some labs set before each name of a list (`-Color`, `~Glucose`).
    let name = name.trim().trim_matches(['|', '[', ']']).trim().trim_start_matches(['-', '~', '/', '_', '•']).trim();
    // A speck OCR read as a lone small letter before a capitalised name (`f Hematocrit`), or a
    // mark with no letter or digit in it (the ▲ some labs set before an abnormal result, read
    // as `&`), or as a lone digit before a name the catalog knows (`4 Hematocrit`).
    let name = match name.split_once(' ').map(|(speck, rest)| (speck, rest.trim_start_matches(QUOTES))) {
        Some((speck, rest))
            if (speck.len() == 1 && speck.chars().all(|c| c.is_ascii_lowercase())
                || !speck.chars().any(|c| c.is_alphanumeric() || matches!(c, '%' | '#' | '('))
                || (speck.len() == 1
                    && speck.chars().all(|c| c.is_ascii_digit())
                    && crate::catalog::lookup(rest).is_some()
                    && crate::catalog::lookup(name).is_none()))
                && rest.starts_with(|c: char| c.is_uppercase()) =>
        {
            rest
        }
        // A list's number before each name (`1. Haemoglobin`, `12) eGFR`, `(3) ESR`).
        // (`28. 25-OH Vitamin D`: a name may start with a number run into a word.)
        Some((serial, rest))
            if is_serial(serial)
                && rest.split_whitespace().next().is_some_and(|w| {
                    w.starts_with(char::is_alphabetic) || w.contains(char::is_alphabetic) && w.contains(['-', ','])
                }) =>
        {
            rest
        }
        // One a photo read with a speck before it as a letter or two, or a digit (`o 15. UREA`,
        // `Pa 10. Urea`, `5 4. Haematocrit`), before a name the catalog knows.
        Some((speck, rest))
            if speck.chars().count() <= 3
                && (speck.chars().all(char::is_alphabetic)
                    || (speck.len() == 1 && speck.chars().all(|c| c.is_ascii_digit())))
                && let Some((serial, named)) = rest.split_once(' ')
                && is_serial(serial)
                && named.starts_with(char::is_uppercase)
                && crate::catalog::lookup(named).is_some() =>
        {
            named
        }
        // One a photo read with a stroke before it (`i14 Platelet Count`), before a name the
        // catalog knows.
        Some((serial, rest))
            if serial.starts_with(['i', 'l', '|', '!'])
                && serial[1..].starts_with(|c: char| c.is_ascii_digit())
                && (is_serial(&serial[1..])
                    || serial[1..].chars().all(|c| c.is_ascii_digit()) && serial.len() <= 4)
                && crate::catalog::lookup(rest).is_some() =>
        {
            rest
        }
        // One a photo ran into the name (`8.INR`, its point read as a comma `17,GGT`), before a
        // name the catalog knows.
        _ => match name.find(['.', ')', ',']).map(|at| name.split_at(at + 1)) {
            Some((serial, rest))
                if is_serial(serial)
                    && rest.starts_with(char::is_alphabetic)
                    && crate::catalog::lookup(rest).is_some() =>
            {
                rest
            }
            _ => name,
        },
    };
    // A bracket a photo read as a brace, the other end a bracket (`{AST/SGOT)`).
    let braced;
    let name = if name.contains('{') != name.contains('}') {
        braced = name.replace('{', "(").replace('}', ")");
        braced.as_str()
    } else {
        name
    };
    // A footnote mark OCR read as a quote, a trade mark or a question mark (`Glucose”`).
    let name = name.trim_end_matches(['”', '“', '"', '™', '?', '’']);
    // A speck read as a small letter or two after the name (what a scan left of its leader
    // dots, `Alkaline Phosphatase (ALP) s`, `Potassium (K+) os`), where the catalog knows the
    // name without it.
    let name = match name.rsplit_once(' ').map(|(head, speck)| (head, speck.trim_end_matches(['.', ',']))) {
        Some((head, speck))
            if (1..=2).contains(&speck.len())
                && speck.chars().all(|c| c.is_ascii_lowercase())
                && crate::catalog::lookup(head).is_some()
                && crate::catalog::lookup_whole(name).is_none() =>
        {
            head
        }
        _ => name,
    };
    // Or glued to the name's closing bracket (`Thyroid Stimulating Hormone (TSH)oo`,
    // `Potassium (K+)ih`).
    let name = match name.strip_suffix(|c: char| c.is_ascii_lowercase()) {
        Some(rest) => {
            let rest = rest.strip_suffix(|c: char| c.is_ascii_lowercase()).unwrap_or(rest);
            if rest.ends_with(')') && crate::catalog::lookup_whole(rest).is_some() { rest } else { name }
        }
        None => name,
    };
    let name = strip_footnotes(name).trim().trim_end_matches([':', ';', '-', '.']).trim().to_string();
    drop_read_footnote(drop_method(drop_repeated_specimen(&name))).to_string()
}

/// `name` after the list's number it starts with, if it does (`3. UREA (mg/dL)` gives `UREA
/// (mg/dL)`).
pub(super) fn without_serial(name: &str) -> &str {
    match name.trim().split_once(' ') {
        Some((serial, after)) if is_serial(serial) => after.trim(),
        _ => name.trim(),
    }
}

/// A list's number: one to three digits closed by a point or a bracket (`1.`, `12)`, `(3)`),
/// or by the comma a photo reads a point as (`14,`).
pub(super) fn is_serial(word: &str) -> bool {
    let number =
        word.strip_suffix(['.', ')', ',']).map(|w| if word.ends_with(')') { w.trim_start_matches('(') } else { w });
    number.is_some_and(|n| (1..=3).contains(&n.len()) && n.chars().all(|c| c.is_ascii_digit()))
}

/// Drops a footnote mark a photo read into the end of a name: LabCorp sets `A, 01` raised after
/// its names, and a photo reads them level with the name, glued to it (`BUNG`, `Alkaline
/// PhosphataseA`, `LDL-PAe`) or apart as a mark or a letter (`Alkaline Phosphatase“ a`,
/// `Platelets ®`). Marks after a name the catalog knows go; letters only when the catalog does
/// not know the name as read and knows what is left, and only a capital glued to a word of three
/// letters or more: `HbF` is fetal haemoglobin, not `Hb` with a footnote.
pub(super) fn drop_read_footnote(name: &str) -> &str {
    let known = |s: &str| crate::catalog::lookup_as_printed(s).is_some();
    let marks = |c: char| !c.is_alphanumeric() && !matches!(c, ')' | ']' | '%' | '#' | '+');
    let mut rest = name.trim_end_matches(marks);
    if known(rest) {
        return rest;
    }
    // (The same lookup again only where marks were trimmed.)
    if rest.len() < name.len() && known(name) {
        return name;
    }
    // Marks and lone letters apart: a mark, a small letter, or a code (`01`, read as `Ol`).
    for _ in 0..2 {
        let Some((head, last)) = rest.rsplit_once(' ') else { break };
        let mut chars = last.chars();
        let code = last.chars().count() == 2
            && chars.next().is_some_and(|c| "0Oo".contains(c))
            && chars.next().is_some_and(|c| c.is_ascii_digit() || "lI".contains(c));
        let letter = last.chars().count() == 1 && last.chars().all(|c| c.is_ascii_lowercase());
        if !(code || letter || !last.chars().any(char::is_alphanumeric)) {
            break;
        }
        rest = head.trim_end_matches(marks);
        if known(rest) {
            return rest;
        }
    }
    // A capital, perhaps with a small letter after it, glued to the end of the last word.
    let last_word = rest.rsplit(' ').next().unwrap_or(rest);
    for cut in 1..=2 {
        let Some(split) = last_word.char_indices().rev().nth(cut - 1).map(|(i, _)| i) else { break };
        let (word, tail) = last_word.split_at(split);
        let glued = tail.starts_with(|c: char| c.is_ascii_uppercase())
            && tail.chars().skip(1).all(|c| c.is_ascii_lowercase())
            && word.chars().filter(|c| c.is_alphabetic()).count() >= 3
            && word.ends_with(|c: char| c.is_alphabetic() || c == ')');
        let head = &rest[..rest.len() - tail.len()];
        if glued && known(head) {
            return head;
        }
    }
    name
}

/// Drops a method read into the name (`Bilirubin - Total Photometry`, `Neutrophils
/// Percentage Flow Cytometry`): in a photo the method column slants away from where its
/// header stands, so its words join the name. Only up to three method words at the end, and
/// only when what is left names a test the catalog knows (perhaps with its unit in brackets
/// after it): `Hb Electrophoresis` stays.
pub(super) fn drop_method(name: &str) -> &str {
    let mut end = name.len();
    // (All the method's words that go: the catalog's lookup forgives a word too many, `Free T4
    // (ng/dL) Flow` after `Cytometry` went.)
    let mut kept = name;
    for _ in 0..3 {
        let Some((head, last)) = name[..end].trim_end().rsplit_once(' ') else { break };
        if !is_method_word(last) {
            break;
        }
        end = head.trim_end().len();
        let head = name[..end].trim_end_matches([' ', '-', ',']);
        // (The name may end with its unit in brackets: `Free T4 (ng/dL)  Flow Cytometry`.)
        let named = unit_in_name(head, false).map_or_else(|| head.to_string(), |(before, _)| before);
        if crate::catalog::lookup(&named).is_some() {
            kept = head;
        }
    }
    kept
}

/// A word of a method's name: a method in one word ([`is_method`]), its abbreviation
/// (`HPLC`, `C.L.I.A`) or a word that says how a result was had (`Calculated`). Not an
/// electrophoresis, which names the test itself (`Hb Electrophoresis`), nor a word in
/// brackets, which the name prints as its own (`UREA (CALCULATED)`).
pub(super) fn is_method_word(word: &str) -> bool {
    if word.contains(['(', ')']) {
        return false;
    }
    let bare: String = word.chars().filter(|c| c.is_alphanumeric()).collect::<String>().to_lowercase();
    (is_method(&bare) && !bare.ends_with("phoresis"))
        || METHOD_WORDS.contains(&bare.as_str())
        || (bare.len() >= 8 && LONG_METHOD_WORDS.iter().any(|m| crate::catalog::edit_distance_within(&bare, m, 4)))
}

/// Long method words OCR misreads in a photo (`Calculates`, `Photornetry`): two letters off
/// still names them, as nothing else is that long and that close.
pub(super) const LONG_METHOD_WORDS: &[&str] = &["calculated", "photometry", "cytometry", "turbidimetry", "immunoassay"];

/// Method words that [`is_method`] does not know by their ending, besides [`LONG_METHOD_WORDS`].
pub(super) const METHOD_WORDS: &[&str] = &[
    "calculation",
    "derived",
    "flow",
    "hplc",
    "clia",
    "eclia",
    "cmia",
    "elisa",
    "elfa",
    "ise",
    "method",
    "enzymatic",
    "impedance",
];

/// Drops a specimen printed after the name when the name already says it, as layouts that set
/// the specimen in small type beside every test do: "Creatinine, Serum - Serum" is
/// "Creatinine, Serum", while "Blood Urea - Serum" keeps its only mention.
pub(super) fn drop_repeated_specimen(name: &str) -> &str {
    if let Some((head, tail)) = name.rsplit_once(" - ") {
        let tail = tail.trim();
        let is_word = !tail.is_empty() && tail.len() <= 20 && tail.chars().all(|c| c.is_alphabetic() || c == ' ');
        if is_word && head.to_lowercase().contains(&tail.to_lowercase()) {
            return head.trim_end();
        }
    }
    name
}

/// Splits a flag that cannot be a word of a name (`H*`, `L*`, `HH`, an arrow) off the end.
pub(super) fn split_marked_flag(name: &str) -> (String, Option<Flag>) {
    if let Some((head, last)) = name.rsplit_once(' ') {
        // An underline under the flag, which OCR reads as `_` (`MCHC H_`), marks it too.
        let bare = last.trim_end_matches('_');
        let marked =
            bare.len() < last.len() || last.contains(['*', '\u{2191}', '\u{2193}']) || matches!(last, "HH" | "LL");
        if marked && let Some(f) = parse_flag(bare) {
            return (head.trim_end().to_string(), Some(f));
        }
        // On a scan, the rule of a flag column read as a stroke before its letter (`iL`, `|H`).
        if let [stroke, letter @ (b'H' | b'L')] = last.as_bytes()
            && b"|!il1".contains(stroke)
        {
            return (head.trim_end().to_string(), parse_flag(&(*letter as char).to_string()));
        }
    }
    (name.to_string(), None)
}

/// Lower-case words that mark a sentence of a note rather than a test name.
pub(super) const SENTENCE_WORDS: &[&str] = &[
    "than",
    "is",
    "are",
    "was",
    "were",
    "should",
    "be",
    "between",
    "less",
    "greater",
    "level",
    "levels",
    "if",
    "when",
    "please",
    "may",
    "can",
    "will",
    "consider",
    "suggests",
    "indicates",
    "recommended",
];

pub(super) fn name_ok(name: &str) -> bool {
    let words: Vec<String> =
        name.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect();
    if !words.is_empty()
        && words.iter().all(|w| TIER_WORDS.contains(&w.as_str()) || w.chars().all(|c| c.is_ascii_digit()))
    {
        return false;
    }
    // The name column's header (`Test Name`, `Test Description`, perhaps run into the
    // reference's, `Test Name  Normal Range`) over a header of results this reader does not know
    // (`Normal  Abnormal`).
    let header_word = |w: &String| {
        NAME_HEADERS.contains(&w.as_str())
            || REFERENCE_HEADERS.contains(&w.as_str())
            || ["name", "bio"].contains(&w.as_str())
    };
    if words.first().is_some_and(|w| NAME_HEADERS.contains(&w.as_str())) && words.iter().all(header_word) {
        return false;
    }
    let letters = name.chars().filter(|c| c.is_alphabetic()).count();
    let first =
        name.split(|c: char| !c.is_alphanumeric()).find(|w| !w.is_empty()).map(str::to_lowercase).unwrap_or_default();
    let digits = name.chars().filter(char::is_ascii_digit).count();
    let has_letter_run = name.as_bytes().windows(2).any(|w| w[0].is_ascii_alphabetic() && w[1].is_ascii_alphabetic())
        || letters >= digits.max(2);
    let sentence = name.split_whitespace().any(|w| SENTENCE_WORDS.contains(&w));
    // A range among the words (`HbA1c in %  4.0-5.6  5.7-6.4`) is a row of an interpretation table.
    let number = |s: &str| {
        s.starts_with(|c: char| c.is_ascii_digit()) && s.chars().all(|c| c.is_ascii_digit() || c == '.' || c == ',')
    };
    let holds_range = name.split_whitespace().any(|w| w.split_once('-').is_some_and(|(a, b)| number(a) && number(b)));
    // A name starts with letters or a whole number (`25-OH Vitamin D`), never with a decimal
    // (`5.6  eae  99`, a trend chart's axis read in a scan).
    let decimal_first = name.split_whitespace().next().is_some_and(|w| {
        w.split_once('.').is_some_and(|(a, b)| !a.is_empty() && !b.is_empty() && number(w) && !b.contains('.'))
    });
    // A method alone (`CALCULATED  1.39  Ratio`, the test's name slanted onto the next line
    // in a photo) names no test; an enzyme is named as its assay is (`AMYLASE`, `LIPASE`).
    let method_only = name.split_whitespace().all(is_method_word) && crate::catalog::lookup(name).is_none();
    // A legend of results (`Reactive: Anti-HBs concentration detected`) names a result, not a test.
    let legend = name.split_once(':').is_some_and(|(head, _)| qualitative_word(head).is_some());
    // A Greek letter and a number (`α-1`, Boston Heart's HDL particles) name a test.
    let greek = letters == 1 && digits >= 1 && name.starts_with(|c: char| ('\u{3b1}'..='\u{3c9}').contains(&c));
    // A number of five digits or more (a postal code, a phone number: the lab's address line a
    // photo misread past the words that give it away) is in no test's name.
    let long_number = name.split(|c: char| !c.is_ascii_digit()).any(|run| run.len() >= 5);
    // So is a word of an address (`12 Park Street, Sector  4, Pune 411001`).
    let address = words.iter().any(|w| ADDRESS_WORDS.contains(&w.as_str()));
    ((letters >= 2 && has_letter_run) || greek)
        && !holds_range
        && !long_number
        && !address
        && !decimal_first
        && !method_only
        && !legend
        && !sentence
        && name.len() <= 80
        && !NOT_A_TEST.contains(&first.as_str())
        && !NOT_A_TEST.contains(&first_run_together(name).as_str())
}

/// Whether a name the catalog does not know, on a line or under a label that says it is a
/// test's, reads as one: a few words that start with a letter, mostly letters (not a sentence
/// of a note, nor a code), and no section's heading.
pub(super) fn reads_as_test_name(name: &str) -> bool {
    let letters = name.chars().filter(|c| c.is_alphabetic()).count();
    let others = name.chars().filter(|c| !c.is_alphabetic() && *c != ' ').count();
    (1..=6).contains(&name.split_whitespace().count())
        && name.starts_with(char::is_alphabetic)
        && letters >= 3
        && others * 3 <= letters
        && !section_heading(name)
}

/// The first word of `name` where a scan ran two words together (`VisitNo.` for `Visit No.`):
/// its letters before the first capital that follows a small letter, in small letters.
pub(super) fn first_run_together(name: &str) -> String {
    let word = name.split(|c: char| !c.is_alphanumeric()).find(|w| !w.is_empty()).unwrap_or_default();
    let chars: Vec<char> = word.chars().collect();
    let end = (1..chars.len()).find(|&i| chars[i - 1].is_lowercase() && chars[i].is_uppercase()).unwrap_or(0);
    chars[..end].iter().collect::<String>().to_lowercase()
}

/// Whether `name` is a section's heading (`Kidney Function Test`, `Lipid Profile`, `Iron
/// Studies`) and no test the catalog knows (`Glucose Tolerance Test`).
pub(super) fn section_heading(name: &str) -> bool {
    let last = name.split_whitespace().last().unwrap_or_default().to_lowercase();
    ["test", "tests", "profile", "panel", "studies", "function"].contains(&last.as_str())
        && crate::catalog::lookup(name).is_none()
}

/// Whether a name gives its count per microscope field (`R.B.C/hpf`, `Casts /lpf`), so that a
/// small range after it (`0-1`) is the count, not a reference.
pub(super) fn per_field_count(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    ["/hpf", "/lpf", "/ hpf", "/ lpf", "(hpf)", "(lpf)"].iter().any(|u| lower.ends_with(u))
}

#[cfg(test)]
mod tests {
    use super::drop_repeated_specimen;

    #[test]
    fn a_specimen_the_name_already_gives_is_dropped_and_a_sole_one_kept() {
        assert_eq!(drop_repeated_specimen("Creatinine, Serum - Serum"), "Creatinine, Serum");
        assert_eq!(drop_repeated_specimen("Creatinine - 24 Hrs. Urine - Urine"), "Creatinine - 24 Hrs. Urine");
        assert_eq!(drop_repeated_specimen("URINE PROTEIN - Urine"), "URINE PROTEIN");
        assert_eq!(drop_repeated_specimen("Blood Urea - Serum"), "Blood Urea - Serum");
        assert_eq!(drop_repeated_specimen("Haemoglobin - EDTA Whole Blood"), "Haemoglobin - EDTA Whole Blood");
        assert_eq!(drop_repeated_specimen("T3 - T4"), "T3 - T4");
    }
}
