//! Rows printed over several lines: a name above its result, a result under its name, and
//! a reference on the line below its row (`Reference: 70 - 100`).

use super::*;

/// The name of a test the catalog knows that a line of words cut into cells gives: all its
/// cells, or on a scan (`scanned`) its first cell alone, where a photo read specks further
/// along the line as words (`TRIGLYCERIDES  PERN TAT`).
pub(super) fn named_above(cells: &[Cell], scanned: bool) -> Option<String> {
    let whole = clean_name(cells);
    if crate::catalog::lookup(&whole).is_some() {
        return Some(whole);
    }
    let first = clean_name(cells.get(..1).filter(|_| scanned && cells.len() > 1)?);
    crate::catalog::lookup(&first).is_some().then_some(first)
}

/// A row's `name` with the `rest` of it that wrapped onto the next line after it, and, where
/// that ends with a unit in brackets ([`unit_in_name`]), the name before the unit and the unit.
pub(super) fn name_with_rest(name: &str, rest: &str, scanned: bool) -> (String, Option<(String, String)>) {
    let whole = format!("{name} {rest}");
    let split = unit_in_name(&whole, scanned);
    (whole, split)
}

/// A name that ends with its unit in brackets (`Haemoglobin (g/dL)`, `HbA1c (%)`), as tables
/// without a unit column print it: the name before it and the unit. Only a unit the catalog
/// knows, and not a letter (`Urea (S)`: of serum) or a word (`(Ratio)`). On a scan
/// (`scanned`), also a ratio OCR misread a letter of (`(mnv/hr)`, `(ulU/mL)`): one a unit the
/// catalog knows is near (not `(AST/SGOT)`); the row's test mends it later.
pub(super) fn unit_in_name(name: &str, scanned: bool) -> Option<(String, String)> {
    let (before, unit) = match name.trim_end().strip_suffix(')') {
        Some(closed) => closed.rsplit_once('(')?,
        // (A scan may lose the closing bracket, `Lipase (U/L`: then only a unit as a lab
        // prints it, one with a stroke or a per cent sign.)
        None if scanned => name
            .trim_end()
            .rsplit_once('(')
            .filter(|(_, u)| u.contains(['/', '%']) && crate::catalog::is_known_unit(u.trim()))?,
        None => return None,
    };
    let unit = unit.trim();
    // (A per cent sign a scan read with a 9 before it, `(9%)`: no unit is a number so.)
    let unit = if scanned && unit == "9%" { "%" } else { unit };
    let letters = unit.chars().filter(|c| c.is_alphabetic()).count();
    let word = letters == unit.chars().count() && !(2..=3).contains(&letters);
    // (Or one of the test's own units OCR misread past that: `(mmovL)`, `(pgm)`, `(UL)`.)
    let own_misread = || {
        crate::catalog::lookup(before.trim())
            .is_some_and(|b| b.unit_misread(unit, None).or_else(|| b.unit_read_as(unit, None)).is_some())
    };
    let misread = || scanned && ((unit.contains('/') && crate::catalog::mend_unit(unit).is_some()) || own_misread());
    // A unit in words is one only for a test it measures (`PT (seconds)`; not `(Serum)`).
    let fits_test = || crate::catalog::lookup(before.trim()).is_some_and(|b| b.to_canonical(1.0, Some(unit)).is_some());
    let known = unit == "%" || (crate::catalog::is_known_unit(unit) && (!word || fits_test())) || misread();
    (known && !before.trim().is_empty()).then(|| (before.trim().to_string(), unit.to_string()))
}

/// The name before a bracketed unit OCR misread past reading (`VLDL (m@idL)`, `eGFR
/// (mitmin/t 73m2)`, `R.B.C Count (x LO*6/uL)`): where the catalog knows the name before the
/// brackets and not the whole, and what the brackets hold has a mark or digit a unit has and
/// is no word (`(AST/SGOT)`, an alias, names the test; `(Serum)` is a word).
pub(super) fn misread_unit_in_name(name: &str) -> Option<String> {
    let (before, inside) = name.trim_end().strip_suffix(')')?.rsplit_once('(')?;
    let before = before.trim();
    let unitish = inside.contains(['/', '*', '^', '@']) || inside.trim().chars().all(|c| c.is_ascii_digit());
    let no_word =
        !inside.split(|c: char| !c.is_alphabetic()).any(|w| w.len() >= 3 && crate::catalog::lookup(w).is_some());
    (unitish
        && no_word
        && !before.is_empty()
        && crate::catalog::lookup_whole(name).is_none()
        && crate::catalog::lookup_whole(before).is_some())
    .then(|| before.to_string())
}

/// The name before a bracket opening on a number, left open or holding a range (`Potassium
/// (K+) (32 ; rit Men`, `Prothrombin Time , (71.0 , noe`), where the catalog knows that and not
/// the whole: a reference read into the name. (A whole name the catalog knows stays.)
pub(super) fn reference_in_name(name: &str) -> Option<String> {
    // (A bracket left open, or holding a range: `(25 Hydroxy)` is a name's.)
    let at = name.match_indices(" (").map(|(i, _)| i).find(|&i| {
        let inside = &name[i + 2..];
        inside.starts_with(|c: char| c.is_ascii_digit())
            && inside.find(')').is_none_or(|end| parse_range(&inside[..end], None).is_some())
    })?;
    let before = name[..at].trim_end_matches([' ', ',', ':', '.', ';']);
    (crate::catalog::lookup_whole(name).is_none() && crate::catalog::lookup(before).is_some())
        .then(|| before.to_string())
}

/// Labels of a result printed after its label, on a line of its own.
pub(super) const RESULT_LABELS: &[&str] =
    &["result", "results", "value", "observed", "observed value", "your value", "test result"];

/// The cells of a line that starts with a result's label (`Result :`, `Value`) under a test's
/// name, with the name in place of the label: `name` `1.4 mg/dL`. The result follows the label
/// in its cell or stands in the next one.
pub(super) fn result_under_name(name: &str, cells: &[Cell]) -> Option<Vec<Cell>> {
    let first = cells.first()?;
    let rest = after_result_label(&first.text)?;
    // (Or one it does not know, misread perhaps: the label says a result follows its name,
    // `Tiec` over `Value: 435 µg/dL`.)
    if crate::catalog::lookup(name).is_none() && !(name_ok(name) && reads_as_test_name(name)) {
        return None;
    }
    let mut out = vec![Cell { text: name.to_string(), x1: first.x0, ..first.clone() }];
    // The result's cell: the rest of the label's, or the next where the label stands alone
    // (`Result` | `106 mmoVL`), unless that is the reference.
    let (result, others) = match cells.get(1) {
        Some(next) if rest.is_empty() && next.text.split(' ').next().is_some_and(|w| !names_reference(w)) => {
            (Some(next.clone()), &cells[2..])
        }
        _ => ((!rest.is_empty()).then(|| Cell { text: rest.to_string(), ..first.clone() }), &cells[1..]),
    };
    // The reference after the result in its cell (`Negative  Reference: Negative`) is a cell
    // of its own.
    let (result, reference) = match result {
        Some(cell) => {
            let words: Vec<&str> = cell.text.split(' ').collect();
            match (1..words.len()).find(|&k| names_reference(words[k])) {
                Some(k) => {
                    let mut parts = cell.cut_ends(words[..k].join(" "), words[k..].join(" "));
                    let reference = parts.pop();
                    (parts.pop(), reference)
                }
                None => (Some(cell), None),
            }
        }
        None => (None, None),
    };
    if let Some(cell) = result {
        let rest = cell.text.trim().to_string();
        // A number and a unit OCR misread past the catalog's (`9.09 x10%3/uL`, `7.6 ulU/mL`)
        // are a result and its unit still: the label says so.
        // (A flag between them stays the result's: `18.9 High ulU/mL`.)
        let split = split_glued_unit(cell.clone(), true);
        let flagged = |number: &str, after: &str| match after.split_once(' ') {
            Some((flag, unit)) if parse_flag(flag).is_some() => (format!("{number} {flag}"), unit.to_string()),
            _ => (number.to_string(), after.to_string()),
        };
        match rest.split_once(' ').map(|(number, after)| flagged(number, after)) {
            Some((number, unit))
                if split.len() == 1
                    && parse_value(&number).is_some_and(|v| v.number.is_some())
                    && looks_like_unit(&unit) =>
            {
                out.extend(Cell { text: rest.clone(), ..cell }.cut_ends(number, unit));
            }
            _ => out.extend(split),
        }
    }
    let after_result = out.len();
    out.extend(reference.into_iter().chain(others.iter().filter(|c| !is_separator(&c.text)).cloned()));
    // A reference is the last thing on such a line: where a photo cut it into cells (`Reference:`
    // | `M:` | `8-61 F` | `7-55`), they are one again.
    if let Some(at) = (after_result..out.len()).find(|&i| out[i].text.split(' ').next().is_some_and(names_reference)) {
        let parts = out.split_off(at);
        let text = parts.iter().map(|c| c.text.trim()).collect::<Vec<_>>().join(" ");
        // (Its label as printed, where a photo misread it: `Reterence`, `Reference;`.)
        let text = match text.split_once(' ') {
            Some((label, rest)) if !reference_word(label) || label.ends_with(';') => format!("Reference: {rest}"),
            _ => text,
        };
        out.push(Cell { text, x1: parts[parts.len() - 1].x1, ..parts[0].clone() });
    }
    Some(out)
}

/// Whether `word` says a reference follows (`Reference:`, `Ref.`, `Normal`), or is a photo's
/// reading of `Reference` a letter off (`Reterence`).
pub(super) fn names_reference(word: &str) -> bool {
    let lower = word.trim_end_matches([':', ';', '.']).to_lowercase();
    reference_word(word) || (lower.len() >= 8 && crate::catalog::one_slip(&lower, "reference"))
}

/// What follows a result's label at the start of `text` (perhaps nothing), when it starts
/// with one: before a colon, or, where a photo lost the colon, before the result itself (a
/// number or a word result: `Result 4.4 mg/l`, `Result Negative`). A label's word may be read
/// a letter off (`Resut`, `Resutt`, `Resuit`).
pub(super) fn after_result_label(text: &str) -> Option<&str> {
    let is_label = |label: &str| {
        let words: Vec<String> = label.split_whitespace().map(str::to_lowercase).collect();
        RESULT_LABELS.iter().any(|l| {
            let parts: Vec<&str> = l.split(' ').collect();
            parts.len() == words.len()
                && parts.iter().zip(&words).all(|(part, word)| {
                    // (A photo reads the colon after it as a quote: `Result’  Trace`.)
                    let word = word.trim_end_matches(|c: char| c == '.' || c == ' ' || QUOTES.contains(&c));
                    word == *part || (part.len() >= 5 && crate::catalog::one_slip(word, part))
                })
        })
    };
    if let Some((label, rest)) = text.split_once(':') {
        return is_label(label.trim_start_matches(QUOTES)).then(|| rest.trim());
    }
    let text = text.trim().trim_start_matches(QUOTES);
    let ends: Vec<usize> = text.match_indices(' ').map(|(at, _)| at).chain([text.len()]).take(2).collect();
    ends.into_iter().find_map(|end| {
        let rest = text[end..].trim();
        let result = rest.is_empty()
            || rest.starts_with(|c: char| c.is_ascii_digit() || matches!(c, '<' | '>' | '.'))
            || parse_value(rest).is_some_and(|v| v.qualitative.is_some());
        (result && is_label(&text[..end])).then_some(rest)
    })
}

/// Labels of a reference printed under its row rather than beside it.
pub(super) const REFERENCE_LABELS: &[&str] = &[
    "bio ref interval",
    "biological reference interval",
    "bio ref range",
    "biological reference range",
    "reference interval",
    "reference range",
    "ref range",
    "ref interval",
    "normal range",
    "normal value",
    "normal values",
];

/// A line that is one heading in capitals (`BIOCHEMISTRY`, `LIPID PROFILE`): no digit, and
/// not a qualitative reference (`NON REACTIVE`).
pub(super) fn is_heading(cells: &[Cell]) -> bool {
    let [cell] = cells else { return false };
    let text = cell.text.trim();
    text.chars().filter(|c| c.is_alphabetic()).count() >= 4
        && text.chars().all(|c| c.is_uppercase() || c == ' ' || c == '&')
        && parse_value(text).is_none_or(|v| v.qualitative.is_none())
}

/// Words that start the notes after such a reference, which end it.
pub(super) const AFTER_REFERENCE: &[&str] = &[
    "method",
    "clinical",
    "specifications",
    "kit",
    "please",
    "note",
    "interpretation",
    "remarks",
    "disclaimer",
    "comment",
];

/// For a line that starts with a reference label, what follows the label (perhaps nothing).
pub(super) fn reference_label(line: &Line) -> Option<String> {
    let text: String = line.cells.iter().map(|c| c.text.as_str()).collect::<Vec<_>>().join(" ");
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let (used, _) = reference_label_words(&tokens)?;
    // What follows the label and its colon on the same line, or its last word where a photo's
    // OCR lost the colon (`Bio. Ref. interval 3.5-5.1 mEq/L`) or read it as a dash (`Reference
    // Range - M: 4000 - 11000`): a first colon after a sex's label is that label's.
    let sex_labelled = |before: &str| {
        before.split_whitespace().next_back().is_some_and(|w| {
            let word = w.trim_matches(|c: char| !c.is_alphabetic()).to_lowercase();
            super::super::range::sex_word(&word).is_some()
        })
    };
    let rest = match text.split_once(':') {
        Some((before, r)) if !sex_labelled(before) => r.to_string(),
        _ => tokens[used..].join(" "),
    };
    Some(rest.trim_start_matches(['-', ' ']).trim().to_string())
}

/// Where a reference's label ([`REFERENCE_LABELS`]) that starts `tokens` (words as printed)
/// ends: how many of the tokens it takes, and whether it takes them all. Each word is read in
/// small letters, apart at stops and other marks (`Bio.Ref.` is `bio ref`), perhaps a letter
/// off ([`label_word`]).
fn reference_label_words(tokens: &[&str]) -> Option<(usize, bool)> {
    // Each word with the printed token it is in.
    let words: Vec<(usize, String)> = tokens
        .iter()
        .enumerate()
        .flat_map(|(i, t)| {
            t.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(move |w| (i, w.to_lowercase()))
        })
        .collect();
    REFERENCE_LABELS.iter().find_map(|label| {
        let parts: Vec<&str> = label.split(' ').collect();
        let matched =
            words.len() >= parts.len() && parts.iter().zip(&words).all(|(part, (_, word))| label_word(word, part));
        matched.then(|| (words[parts.len() - 1].0 + 1, words.len() == parts.len()))
    })
}

/// Whether `text` is all a reference's label, as a photo may read it (`Bao. Ret. interval`).
pub(super) fn is_reference_label(text: &str) -> bool {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    reference_label_words(&tokens).is_some_and(|(_, whole)| whole)
}

/// Whether `word` (in small letters, without marks) is `part` of a reference's label, its
/// plural (`Reference Ranges`), or a photo's reading of it a letter off (`Ret.` for `Ref.`,
/// `Reterence`).
pub(super) fn label_word(word: &str, part: &str) -> bool {
    word == part
        || word.strip_suffix('s') == Some(part)
        || (part.len() >= 3
            && word.len() == part.len()
            && word.chars().zip(part.chars()).filter(|(a, b)| a != b).count() == 1)
}

/// A reference being gathered from the lines under the row it belongs to.
pub(super) struct ReferenceBelow {
    pub(super) row: usize,
    pub(super) text: Vec<String>,
    /// Bottom of the last line taken.
    pub(super) last_y1: f32,
    pub(super) line_height: f32,
}

impl ReferenceBelow {
    /// A line that is the label (`Bio. Ref. Interval. :`, perhaps followed by the range) under
    /// a row that has no range of its own.
    pub(super) fn start(line: &Line, rows: &[LabRow]) -> Option<Self> {
        let row = rows.len().checked_sub(1)?;
        let last = &rows[row];
        if last.range.is_some() || line.bbox.y0 - last.bbox.y1 > 4.0 * last.bbox.height().max(1.0) {
            return None;
        }
        let rest = reference_label(line)?;
        let mut below = Self { row, text: Vec::new(), last_y1: line.bbox.y1, line_height: line.bbox.height().max(1.0) };
        if !rest.is_empty() {
            below.text.push(rest);
        }
        Some(below)
    }

    /// Takes the line if it continues the reference; `false` ends it.
    /// `columns`: what the table's header says, so that the next row reads as one.
    pub(super) fn takes(&mut self, line: &Line, page_width: f32, columns: Columns) -> bool {
        let first = line.cells.first().map(|c| c.text.to_lowercase()).unwrap_or_default();
        let first_word = first.split(|c: char| !c.is_alphanumeric()).find(|w| !w.is_empty()).unwrap_or("");
        let gap = line.bbox.y0 - self.last_y1;
        // Blank lines may stand between the label and the range, not inside the range.
        let too_far = gap > if self.text.is_empty() { 6.0 } else { 1.2 } * self.line_height;
        if too_far || self.text.len() >= 6 || AFTER_REFERENCE.contains(&first_word) {
            return false;
        }
        // A section's heading (`BIOCHEMISTRY`) after the range, or the next test's name alone
        // (its result on the line below, after a label).
        let next_name = matches!(line.cells.as_slice(), [c] if crate::catalog::lookup_whole(c.text.trim()).is_some());
        if !self.text.is_empty() && (is_heading(&line.cells) || next_name) {
            return false;
        }
        // A table's header line (`Investigation  Method  Normal  Outside Range  Unit(s)`), of
        // three columns at least.
        if line.cells.len() >= 3 && header_columns(&line.cells, false).is_some() {
            return false;
        }
        // The next result, or the next row's own reference label.
        if read_line(&line.cells, None, columns).is_some()
            || !binary_results(&line.cells).is_empty()
            || reference_label(line).is_some()
        {
            return false;
        }
        // Only the left-hand column: a second column of guidance (`Guidance For Known
        // Diabetics`) beside the reference is another table.
        let left: Vec<&str> = line.cells.iter().filter(|c| c.x0 < page_width * 0.45).map(|c| c.text.as_str()).collect();
        if left.is_empty() {
            return true;
        }
        self.text.push(left.join(" "));
        self.last_y1 = line.bbox.y1;
        true
    }

    pub(super) fn apply(self, rows: &mut [LabRow], sex: Option<Sex>) {
        let text = self.text.join("; ");
        if let Some(row) = rows.get_mut(self.row) {
            set_reference(row, &text, text.clone(), sex);
        }
    }
}

/// Gives `row` the reference `text` (shown as `printed`) when it holds a range for this
/// report. A range split by sex on a report whose sex is not known gives no range, and its
/// text is kept for the person to read and for judging the value against both.
pub(super) fn set_reference(row: &mut LabRow, text: &str, printed: String, sex: Option<Sex>) {
    let range = parse_range(text, sex);
    if range.is_none() && (sex.is_some() || sex_ranges(text).is_none()) {
        return;
    }
    // A unit printed only inside the reference (`13.0 - 17.0 g/dL` under a row without one)
    // is the result's unit too, as on the row's own line.
    if row.unit.is_none() && row.value.number.is_some() {
        row.unit = unit_in_reference(range.as_ref(), text);
    }
    if range.is_some() {
        row.range = range;
    }
    row.range_text = Some(printed);
}

/// The lines with each test's name that a table set level with its row's second line put at
/// the start of the row's first: a name centred in a row two lines high stands beside the
/// second tier of its reference, its result and first tier on the line above (`H 50  58
/// Men: (17 - 43)` over `3. UREA (mg/dL)  Women : (15 - 39)`). `None` where no name is so.
/// Only a line that starts with a result, nothing left of it but a speck, takes the name; the line under
/// it must start with the name of a test the catalog knows, left of that result, with nothing
/// after it but tiers of a reference, right of the result, and stand close under it; and no
/// name on a line of its own must stand over the result, whose result it would be.
pub(super) fn names_under_results(lines: &[Line]) -> Option<Vec<Line>> {
    // (Not a reference's next tier on a line of its own, `Children : (2.4 - 4.1)`.)
    let lone_name = |line: &Line| {
        matches!(line.cells.as_slice(), [c] if c.text.contains(char::is_alphabetic)
            && parse_value(&c.text).is_none()
            && !tier_shaped(&c.text)
            && parse_range(&c.text, None).is_none())
    };
    // The result starting a line: its first cell, or its second after a speck a photo read as
    // a word of a letter or three, right of where the name under it starts (`in:  H 17.1  g/dL
    // Male ...` over `Hemoglobin -  Female ...`; the speck is left for the row's reader). Where
    // the reference comes before the result, the result after the reference's first tier
    // (`Adult 2 - 10  9  %` over `Monocytes  Child 1-8`), which must stand right of the name.
    // Gives where the result is, and whether a tier comes before it.
    let result_at = |above: &Line, name: &Cell| {
        let result = |c: &Cell| c.value().is_some_and(|v| v.number.is_some());
        let speck = |c: &Cell| c.x0 > name.x0 && c.text.trim().chars().count() <= 3;
        let tier = |c: &Cell| c.x0 > name.x1 && tier_shaped(&c.text);
        match above.cells.as_slice() {
            [first, ..] if result(first) => Some((0, false)),
            [first, second, ..] if result(second) && tier(first) => Some((1, true)),
            [first, second, ..] if result(second) && speck(first) => Some((1, false)),
            [first, second, third, ..] if result(third) && speck(first) && tier(second) => Some((2, true)),
            _ => None,
        }
    };
    let moved: Vec<usize> = (1..lines.len())
        .filter_map(|i| {
            let (above, line) = (&lines[i - 1], &lines[i]);
            let [name, rest @ ..] = line.cells.as_slice() else { return None };
            let (at, reference_first) = result_at(above, name)?;
            let result = &above.cells[at];
            // The reference's next tiers stand where its first does: after the result, or
            // before it.
            let beside_reference = |c: &Cell| if reference_first { c.x1 < result.x0 } else { c.x0 > result.x1 };
            let text = name.text.trim();
            let bare = without_serial(text).trim_end_matches(NAME_END);
            let bare = unit_in_name(bare, true).map_or_else(|| bare.to_string(), |(n, _)| n);
            let h = above.bbox.height().min(line.bbox.height()).max(1.0);
            (name.x1 < result.x0
                && bare.starts_with(char::is_alphabetic)
                && parse_value(text).is_none()
                // (A speck beside the tier is none of it: `°`.)
                && rest.iter().any(|c| tier_shaped(&c.text))
                && rest
                    .iter()
                    .filter(|c| c.text.contains(char::is_alphanumeric))
                    .all(|c| beside_reference(c) && tier_shaped(&c.text))
                && line.bbox.y0 - above.bbox.y1 < 0.5 * h
                && !(i >= 2 && lone_name(&lines[i - 2]))
                && crate::catalog::lookup(&bare).is_some())
            .then_some(i)
        })
        .collect();
    if moved.is_empty() {
        return None;
    }
    let mut out: Vec<Line> = lines.to_vec();
    for &i in &moved {
        let name = out[i].cells.remove(0);
        // (Specks beside the tiers left go too.)
        out[i].cells.retain(|c| c.text.contains(char::is_alphanumeric));
        out[i].bbox.x0 = out[i].cells.first().map_or(out[i].bbox.x0, |c| c.x0);
        let row = &mut out[i - 1];
        row.bbox.x0 = row.bbox.x0.min(name.x0);
        row.cells.insert(0, name);
    }
    Some(out)
}
