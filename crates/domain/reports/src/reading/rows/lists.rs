//! Lists: a result printed as one run of words (`Glucose, fasting: 92 mg/dL (ref 70-99)`)
//! rather than in a table's cells, cut into the cells a table prints.

use super::*;

/// `cells` with a line of a list, a test's name and its result in one run of words, cut into
/// cells ([`split_listed`]): the first cell (with the rest of the line where they read as
/// one), or the whole line as one run where wider spaces set its words apart (`TSH
/// (Ultrasensitive) = 5.34 High uIU/mL  [Male : ...]`), then only as `need_separator` says
/// (else they are a table's cells: `eGFR  > 90 mL/min/1.73m2  120`).
pub(super) fn listed(cells: Vec<Cell>) -> Vec<Cell> {
    // A speck in the margin a photo read as a short word before the line (`pai` | `Total
    // Leucocyte Count 12.75 H x10*3/uL (Normal: ...)`), where the rest is a list's line whole.
    let speck = |c: &Cell| {
        let t = c.text.trim();
        (1..=3).contains(&t.chars().count()) && t.chars().all(|ch| ch.is_ascii_lowercase())
    };
    if let [first, second, ..] = cells.as_slice()
        && speck(first)
        && split_listed(std::slice::from_ref(second), false).is_some()
    {
        return listed(cells.into_iter().skip(1).collect());
    }
    if let Some(cut) = split_listed(&cells[..cells.len().min(1)], false) {
        // (Its reference may stand apart after it: `TLC 12.97 x10^3/uL  Ref. range (4.00 -
        // 11.00) High`.)
        let whole = if cells.len() > 1 { split_listed(&cells, false) } else { None };
        return whole.unwrap_or_else(|| cut.into_iter().chain(cells.into_iter().skip(1)).collect());
    }
    // A line cut where its reference's label ends (`Phosphorus 3.9 mg/dL (Ref:  2.5 to 4.5)`,
    // as a photo's wider space after the colon cuts it): the label sets the reference apart.
    let label_ends =
        |c: &Cell| c.text.split_whitespace().last().is_some_and(|w| reference_word(w.trim_start_matches(OPENING)));
    if let [first, _, ..] = cells.as_slice()
        && label_ends(first)
        && let Some(cut) = split_listed(&cells, false)
    {
        return cut;
    }
    // A result beyond the assay (`TRIGLYCERIDES <7.5 mg/dL`) is one only before a reference:
    // where a scan's wider space set its reference in brackets apart (`[< 150]`, perhaps its
    // first bracket taken for a rule), the two cells are asked together.
    let bracketed = |c: &Cell| {
        let t = c.text.trim();
        if t.starts_with(['[', '(']) {
            return Some(c.clone());
        }
        let open = match t.chars().last()? {
            ']' => '[',
            ')' => '(',
            _ => return None,
        };
        (!t.contains(['[', '('])).then(|| Cell { text: format!("{open}{t}"), ..c.clone() })
    };
    if let [first, second, ..] = cells.as_slice()
        && let Some(reference) = bracketed(second)
        && let Some(cut) = split_listed(&[first.clone(), reference], false)
    {
        return cut.into_iter().chain(cells.into_iter().skip(2)).collect();
    }
    // (A line of one cell was asked whole above.)
    match (cells.len() > 1).then(|| split_listed(&cells, true)).flatten() {
        Some(cut) => cut,
        None => cells,
    }
}

/// Brackets a list's reference opens with: a photo reads `[` as `{` too.
pub(super) const OPENING: [char; 3] = ['(', '[', '{'];

/// Words that say a reference follows, as a list prints it after the result (`, reference 0.7
/// - 1.3`, `Normal range: 70 - 100`); `Ret` is a photo's `Ref`.
pub(super) const REFERENCE_WORDS: &[&str] = &["ref", "ref.", "ret", "ret.", "reference", "normal", "range", "interval"];

/// A word of a run of cells, and where it stands.
#[derive(Clone, Copy)]
pub(super) struct RunWord<'a> {
    pub(super) text: &'a str,
    pub(super) x0: f32,
    pub(super) x1: f32,
    /// Which of the run's cells it is in.
    pub(super) cell: usize,
}

/// A line of a list rather than a table, printed as one run of words (`cells`): a test's name,
/// a colon (or `=`, or a dash), its result, its unit, and its reference in brackets or after a
/// word that names it, and perhaps a flag (`Hemoglobin: 11.2 g/dL (Ref: 13.0 - 17.0)`, `TSH
/// 2.10 uIU/mL (0.27 - 4.20)`, `Fasting Blood Sugar - 112 mg/dL [70 - 100]`, `Creatinine = 0.9
/// mg/dL, reference 0.7 - 1.3`, `Total Cholesterol: 232 mg/dL (Normal: < 200) High`, `Colour
/// Straw [Pale Yellow]`): the cells a table prints them in, the words that only name the
/// reference left out. Only where the name is a test the catalog knows (a note's words are no
/// test), the result a number or words of a qualitative result, and nothing but a unit or a
/// flag is left over; a result without a unit or a reference only after a colon or `=`, one in
/// words without either only before a reference, and one beyond what the assay measures
/// (`<2.1`) only before a reference (a note's `Cholesterol: < 200 mg/dL` is a bound). With
/// `need_separator` (the cells of a whole line, which may be a table's), only after a colon or
/// `=`, before words naming the reference, or after a dash before a reference.
pub(super) fn split_listed(cells: &[Cell], need_separator: bool) -> Option<Vec<Cell>> {
    let template = cells.first()?;
    if !cells
        .iter()
        .any(|c| c.text.contains(|c: char| c.is_ascii_digit() || matches!(c, ':' | '=' | '(' | '[' | '.' | ',' | '-')))
    {
        return None;
    }
    let words = run_words(cells);
    let cell_of = |text: String, run: &[RunWord]| Cell {
        text,
        x0: run.first().map_or(template.x0, |w| w.x0),
        x1: run.last().map_or(template.x1, |w| w.x1),
        point_gap: false,
        ..template.clone()
    };
    let first_number = words.iter().position(|w| list_number(w.text)).unwrap_or(words.len());
    let (name_end, value_at, separator) = list_name(&words, first_number)?;
    let separated = separator == Separator::Colon;
    let name = joined(&words[..name_end]);
    let name = name.trim_end_matches([':', '=', ';']).trim();
    // (A comparison belongs to a bound: `eGFR > 90`. A name runs on into the next cell only
    // up to its separator: else that cell is a table's flag column, `Vitamin B12  Low  1`.)
    let compared = name.ends_with(['<', '>', '=', '\u{2264}', '\u{2265}']);
    let one_cell = words[..name_end].iter().all(|w| w.cell == words[0].cell);
    if name.is_empty() || compared || !(one_cell || separated) {
        return None;
    }
    // The result: a number, perhaps with its flag after it, or words of a qualitative result
    // up to the reference, a comma or the end (`Slightly Turbid [Clear]`, `Nil, reference`).
    let first = words.get(value_at)?.text;
    let in_words = !list_number(first);
    let value_end = if !in_words {
        // (`1.33 H, reference ...`: the flag keeps the comma that ends the result.)
        let flag = |w: &RunWord| parse_flag(w.text.trim_end_matches([',', ';'])).is_some();
        value_at + if words.get(value_at + 1).is_some_and(flag) { 2 } else { 1 }
    } else if separated || first_number == words.len() {
        let n = (1..=3).find(|&n| {
            value_at + n >= words.len()
                || reference_start(&words, value_at + n)
                || words[value_at + n - 1].text.ends_with(',')
        })?;
        let run = words.get(value_at..value_at + n)?;
        // (Only words results are given in: `(NIH)` after `LDL Chol Calc` is part of the name,
        // `Women` after a wrapped name's rest a tier's label, `Trace  Negative` a table's
        // result and reference.)
        qualitative_word(joined(run).trim_end_matches(','))?;
        value_at + n
    } else {
        return None;
    };
    let unit = list_unit(&words, value_end);
    let at = value_end + unit.as_ref().map_or(0, |(_, run)| run.len());
    let (reference, flag, named) = match words.get(at) {
        None => (None, None, false),
        Some(_) => {
            let found = list_reference(&words, at, in_words)?;
            (Some(cell_of(found.text, found.run)), found.flag, found.named)
        }
    };
    let set_apart = separated || named || (separator == Separator::Dash && reference.is_some());
    // (A result beyond what the assay measures, or in words without a separator, is one only
    // before a reference.)
    let bound = !in_words && first.starts_with(['<', '>', '\u{2264}', '\u{2265}']);
    let needs_reference = bound || first_number == words.len();
    if (need_separator && !set_apart)
        || (unit.is_none() && reference.is_none() && !separated)
        || (needs_reference && reference.is_none() && !separated)
    {
        return None;
    }
    // A name the catalog knows, or one on a line that is a result's throughout: the name and
    // result one run of words (a table's cells are read as a table's), a number, a unit and a
    // reference that reads as a range (`Anti CCP 3.6 U/mL (0 - 5)`, `Alburnen 3.6 g/dL,
    // reference (3.5 - 5.2)` as a photo misread it). (The catalog is asked last: its lookup
    // forgives misreadings and takes longest.)
    let throughout = !in_words
        && words[..value_end].iter().all(|w| w.cell == words[0].cell)
        && unit.is_some()
        && reference.as_ref().is_some_and(|r| ranged_for_some_sex(&r.text))
        && reads_as_test_name(name);
    if !throughout {
        crate::catalog::lookup(name)?;
    }
    let value_run = &words[value_at..value_end];
    // A flag at the end of the line is the result's (a table's reader takes none past a range).
    let value_text = joined(value_run).trim_end_matches([',', ';']).to_string();
    let value_text = match flag {
        Some(flag) => format!("{value_text} {flag}"),
        None => value_text,
    };
    let mut out = vec![cell_of(name.to_string(), &words[..name_end]), cell_of(value_text, value_run)];
    if let Some((unit, run)) = unit {
        out.push(cell_of(unit, run));
    }
    out.extend(reference);
    Some(out)
}

/// The words of `cells`, each where it stands; a result a photo ran into its `%` or flag
/// (`3%`, `3.3L`), or its `=` into the result (`=55`), is two words; a name's word run into
/// both (`CRP=1.4`), three. (Not one run into a unit
/// with a slash: `1U/L` is a photo's `IU/L`.)
pub(super) fn run_words(cells: &[Cell]) -> Vec<RunWord<'_>> {
    let mut words = Vec::new();
    for (index, cell) in cells.iter().enumerate() {
        let mut at = 0;
        for text in cell.text.split(' ') {
            let n = text.chars().count();
            let glued =
                leading_number(text).filter(|(number, _, rest)| !number.is_empty() && matches!(*rest, "%" | "H" | "L"));
            // (The `=` run into the result, `=55`, perhaps with the name's last word before it,
            // `CRP=1.4`.)
            let equals = text.split_once('=').filter(|(name, number)| {
                (name.is_empty() || name.contains(char::is_alphabetic)) && list_number(number)
            });
            if let Some((name, number)) = equals {
                let k = name.chars().count();
                if k > 0 {
                    words.push(RunWord { text: name, x0: cell.x_at(at), x1: cell.x_at(at + k), cell: index });
                }
                words.push(RunWord { text: "=", x0: cell.x_at(at + k), x1: cell.x_at(at + k + 1), cell: index });
                words.push(RunWord { text: number, x0: cell.x_at(at + k + 1), x1: cell.x_at(at + n), cell: index });
            } else if let Some((number, _, rest)) = glued {
                let k = number.chars().count();
                words.push(RunWord { text: number, x0: cell.x_at(at), x1: cell.x_at(at + k), cell: index });
                words.push(RunWord { text: rest, x0: cell.x_at(at + k), x1: cell.x_at(at + n), cell: index });
            } else if n > 0 {
                words.push(RunWord { text, x0: cell.x_at(at), x1: cell.x_at(at + n), cell: index });
            }
            at += n + 1;
        }
    }
    words
}

/// Words of a run, a space between each.
pub(super) fn joined(run: &[RunWord]) -> String {
    run.iter().map(|w| w.text).collect::<Vec<_>>().join(" ")
}

/// Whether a word of a list's line is a result in figures, perhaps beyond what the assay
/// measures (`<2.1`) or with a comma after it (`0.89,`). (Only words that start like a number
/// are parsed: every line of a page is asked.)
pub(super) fn list_number(w: &str) -> bool {
    let start = w.trim_start_matches(['<', '>', '\u{2264}', '\u{2265}', '=']);
    start.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        && parse_value(w.trim_end_matches([',', ';'])).is_some_and(|v| v.number.is_some() && v.flag.is_none())
}

/// What sets a list's name apart from its result.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Separator {
    /// A colon or `=`.
    Colon,
    /// A dash.
    Dash,
    /// Nothing: the result's first word or the reference after it ends the name.
    None,
}

/// Where a list's name ends and its result starts among `words` (the first number at
/// `first_number`), and what stood between: a separator (`:`, `=`, a dash) before the first
/// number, else that number; without a number, a result in words before a reference after the
/// longest name the catalog knows (`Colour Straw [Pale Yellow]`, `Albumin (Urine) Nil (Ref:
/// Negative)`).
pub(super) fn list_name(words: &[RunWord], first_number: usize) -> Option<(usize, usize, Separator)> {
    // (Not the colon of a label in a bracket that opens the reference, `Clarity Clear (Normal:
    // Clear)`; that of a name ending in one, `Albumin (Urine): Nil`, is.)
    let balanced = |w: &str| w.matches(['(', '[']).count() == w.matches([')', ']']).count();
    let dash = |w: &str| matches!(w, "-" | "\u{2013}");
    // (A photo reads the colon before the result as a semicolon: `Total Cholesterol; 214`.)
    let colon = |k: usize, w: &str| w.ends_with([':', '=']) || (w.ends_with(';') && k + 1 == first_number);
    // (Nor that of a word naming the reference: in a table's `SGPT (ALT)  48*  Normal: <41`,
    // whose marked result is no list's number, the name ran on to `Normal:`.)
    let marked = words[..first_number].iter().enumerate().position(|(k, w)| {
        (colon(k, w.text) && !w.text.starts_with(['<', '>']) && balanced(w.text) && !reference_word(w.text))
            || dash(w.text)
    });
    match marked {
        Some(k) if k > 0 || words[k].text.len() > 1 => {
            let alone = matches!(words[k].text, ":" | "=") || dash(words[k].text);
            let separator = if dash(words[k].text) { Separator::Dash } else { Separator::Colon };
            Some((if alone { k } else { k + 1 }, k + 1, separator))
        }
        _ if first_number > 0 && first_number < words.len() => Some((first_number, first_number, Separator::None)),
        _ if first_number == words.len() => {
            // (A result of one to three words, after a name of a few: the catalog is asked
            // last, and only then.)
            let k = (2..words.len().min(12)).filter(|&at| reference_start(words, at)).find_map(|at| {
                (1..=3).filter_map(|n| at.checked_sub(n).filter(|&k| k > 0)).find(|&k| {
                    qualitative_word(joined(&words[k..at]).trim_end_matches(',')).is_some()
                        && crate::catalog::lookup(&joined(&words[..k])).is_some()
                })
            })?;
            Some((k, k, Separator::None))
        }
        _ => None,
    }
}

/// Whether a word stands where a unit does, and is one: `%`, a unit's shape (`x10^3/uL`), or a
/// short word the catalog knows (`IU`). (The catalog, which forgives misreadings and takes
/// longest, is asked last.)
pub(super) fn list_unit_word(u: &str) -> bool {
    u == "%"
        || (unit_shaped(u) && !u.starts_with(OPENING) && parse_range(u, None).is_none())
        || (u.len() <= 8 && u.starts_with(char::is_alphabetic) && crate::catalog::is_known_unit(u))
}

/// The unit of a list's result at word `at`, and its words: of one word or two (`mm/1st hr`,
/// its first word with a slash, its second short), or a word a photo misread (`gldt`) where a
/// unit stands before a reference in brackets, unless a tier's label (`Children: (3.15 -
/// 4.40)`, a sex).
pub(super) fn list_unit<'a, 'w>(words: &'a [RunWord<'w>], at: usize) -> Option<(String, &'a [RunWord<'w>])> {
    let misread = |w: &str| {
        let lower = w.to_lowercase();
        w.chars().count() <= 12
            && w.chars().any(char::is_alphabetic)
            && !w.contains(['(', ')', '[', ']', ':'])
            && parse_flag(w).is_none()
            && !reference_word(w)
            && !labels_a_sex(w)
            && !["adult", "child", "infant", "newborn", "elderly"].iter().any(|l| lower.starts_with(l))
    };
    [2, 1].into_iter().find_map(|n| {
        let run = words.get(at..at + n)?;
        let text = joined(run);
        // (Without the comma, or the stop a photo read for it, before the reference.)
        let text = text.trim_end_matches([',', ';', '.']);
        // (Or before a reference whose bracket a scan cut off, [`reference_cell_from`], or
        // after a comma before words naming one: `34 L MOL, reference 40-60 mg/dL`, its comma
        // read as a stop, `95 Low mmovL. reference (98 - 107) ...`.)
        let named_after = run.last().is_some_and(|w| w.text.ends_with([',', '.']))
            && words.get(at + n).is_some_and(|next| reference_word(next.text));
        let before_bracket = words.get(at + n).is_some_and(|next| next.text.starts_with(OPENING))
            || reference_cell_from(words, at + n)
            || named_after;
        let known = if n == 1 {
            list_unit_word(text) || (before_bracket && misread(run[0].text))
        } else {
            // (`mm/1st hr`, or as a photo misread it before a bracket, `mnv1st hr`.)
            let second = run[1].text.trim_end_matches([',', ';']);
            let short = second.len() <= 3 && second.chars().all(|c| c.is_ascii_alphabetic());
            (run[0].text.contains('/') && short && crate::catalog::is_known_unit(text))
                || (before_bracket && short && misread(run[0].text) && parse_flag(second).is_none())
        };
        (run.iter().all(|w| w.cell == run[0].cell) && known).then(|| (text.to_string(), run))
    })
}

/// Whether the words of a run from `k` on are a cell of their own, after another, that reads
/// as a reference: one whose bracket a scan read as a table's border and cut off, starting a
/// cell there (`UML`  `M: 40 - 129 F: 36 - 116}`).
pub(super) fn reference_cell_from(words: &[RunWord], k: usize) -> bool {
    k > 0
        && words
            .get(k)
            .is_some_and(|first| first.cell != words[k - 1].cell && words[k..].iter().all(|w| w.cell == first.cell))
        && ranged_for_some_sex(&joined(&words[k..]))
}

/// A list's reference as read: its text, its words, the flag after it, and whether words
/// named it (`Ref. range <= 41`).
pub(super) struct ListReference<'a, 'w> {
    pub(super) text: String,
    pub(super) run: &'a [RunWord<'w>],
    pub(super) flag: Option<String>,
    pub(super) named: bool,
}

/// The reference of a list's line starting at word `at`: in brackets (`(Ref: Male (7 - 55) ;
/// Female (8 - 61))`, spanning cells a photo's wider spaces cut), or after words that name it,
/// within one cell (a table's reference column and the columns after it are several: `Normal:
/// 2-10  11  Mildly haemolysed`); then perhaps its unit (`(4.0 - 5.6) %`) and a flag, nothing
/// else. Words that only name it go (`Reference range 17 - 43`, `Ref: Male (12 - 54) ; ...`);
/// `Normal` stays where the reference is a range with it, perhaps its normal tier's label with
/// more tiers under it (`Normal: < 100` over `Desirable: 100 - 129`). `in_words`: the result
/// is, and so may the reference be (`Clear`).
pub(super) fn list_reference<'a, 'w>(
    words: &'a [RunWord<'w>],
    at: usize,
    in_words: bool,
) -> Option<ListReference<'a, 'w>> {
    let next_text = words.get(at)?.text.trim_start_matches([',', ';']);
    let named = reference_word(next_text);
    // A word naming a reference in brackets (`, reference (0.80 - 1.20)`): the brackets hold
    // it, across the cells a photo's wider spaces cut.
    if named
        && words.get(at + 1).is_some_and(|w| w.text.starts_with(OPENING))
        && let Some(inside) = list_reference(words, at + 1, in_words)
    {
        let run = &words[at..at + 1 + inside.run.len()];
        return Some(ListReference { run, named: true, ..inside });
    }
    let bracketed = next_text.starts_with(OPENING);
    let (text, run, after) = match next_text.chars().next() {
        Some('(' | '[' | '{') => {
            // (A photo reads a bracket as another: `... : Male}`, `{(40 - 80)]`, `(Male: (4.05
            // - 4.95); Female: (4.50 - 5.50)]`. Any closing bracket that closes the first one
            // ends the reference.)
            let mut depth = 0;
            let closed = (at..words.len()).find(|&k| {
                let text = if k == at { next_text } else { words[k].text };
                text.chars().any(|c| {
                    let closing = matches!(c, ')' | ']' | '}');
                    depth += i32::from(OPENING.contains(&c)) - i32::from(closing);
                    depth == 0 && closing
                })
            });
            // (Or its closing bracket lost at the line's end, at a photo's edge, the brackets
            // inside it closed: `(Ref: Children (2.4 - 5.8) ; Adult (3.5 - 7.2)`.)
            let (last, lost_close) = match closed {
                Some(last) => (last, false),
                None if depth == 1 && words.len() > at + 1 && words.last().is_some_and(|w| w.text.ends_with(')')) => {
                    (words.len() - 1, true)
                }
                None => return None,
            };
            let whole = joined(&words[at..=last]);
            let whole = if lost_close { format!("{whole})") } else { whole };
            let text = whole.trim_start_matches([',', ';']).trim_start();
            let close_at = text.rfind([')', ']', '}'])?;
            let tail = text[close_at + 1..].trim_matches([',', ';', '.', ' ']);
            // A label after the bracket (`(3.5 - 5.2) : Adults ; (2.4 - 4.2) : Child`): the
            // range is the first of tiers, and the rest of the line is the reference.
            let tiers = joined(&words[at..]);
            if (tail.starts_with(':') || words.get(last + 1).is_some_and(|w| w.text.starts_with(':')))
                && ranged_for_some_sex(&tiers)
            {
                let tiers = tiers.trim_start_matches([',', ';']).trim_start().to_string();
                return Some(ListReference { text: tiers, run: &words[at..], flag: None, named });
            }
            let mut after: Vec<&str> = words[last + 1..].iter().map(|w| w.text).collect();
            if !tail.is_empty() {
                after.insert(0, tail);
            }
            let after: Vec<String> = after.into_iter().map(str::to_string).collect();
            (text[1..close_at].to_string(), &words[at..=last], after)
        }
        // (Or a cell of its own after the unit that reads as one, its bracket a scan cut off.)
        _ if next_text.is_empty() || named || reference_cell_from(words, at) => {
            let run = &words[at..];
            if run.iter().any(|w| w.cell != run[0].cell) {
                return None;
            }
            // A flag may end it (`reference 0.7 - 1.3 H`); not the label of its last tier
            // (`>= 240 : High`, `200 - 239 : Borderline High`).
            let labels = |w: &RunWord| w.text.ends_with(':') || tier_word(w.text);
            match run.split_last() {
                Some((last, head))
                    if !head.is_empty() && parse_flag(last.text).is_some() && !head.last().is_some_and(labels) =>
                {
                    (joined(head), head, vec![last.text.to_string()])
                }
                _ => (joined(run), run, Vec::new()),
            }
        }
        _ => return None,
    };
    let mut after = after.into_iter().peekable();
    let unit = after.next_if(|u| list_unit_word(u) && parse_flag(u).is_none());
    let flag = after.next_if(|f| parse_flag(f).is_some());
    if after.next().is_some() {
        return None;
    }
    let printed = text.trim_start_matches([',', ';']).trim();
    let worded = |t: &str| in_words && !t.is_empty() && t.chars().all(|c| c.is_alphabetic() || c == ' ');
    // (A bracketed reference with figures that OCR garbled past reading, `(Actults 150000-410000
    // ; Children ...)`, is the reference as printed, unread: the brackets told the line's
    // parts apart. So did a word naming it: `, reference 4 0-6 ee`.)
    let garbled = |t: &str| (bracketed || named) && t.contains(|c: char| c.is_ascii_digit());
    let inside = [without_reference_words(printed, false), without_reference_words(printed, true)]
        .into_iter()
        .find(|t| ranged_for_some_sex(t) || worded(t))
        .or_else(|| Some(without_reference_words(printed, true)).filter(|t| garbled(t)))?;
    let text = match unit {
        Some(unit) => format!("{inside} {unit}"),
        None => inside.to_string(),
    };
    Some(ListReference { text, run, flag, named })
}

/// Whether `text` reads as a range for a person of some sex, or of either (`Male: 13-17;
/// Female: 12-15` is one for each).
pub(super) fn ranged_for_some_sex(text: &str) -> bool {
    [None, Some(Sex::Male), Some(Sex::Female)].into_iter().any(|sex| parse_range(text, sex).is_some())
}

/// Whether a list's reference starts at the word `at` of `words`: a bracket, or a word naming
/// it with a colon or stop (`Ref.`, `Normal:`), or after a comma (`Nil, reference Negative`).
/// (A word such as `normal` alone may be the result's own: `Within normal limits`.)
pub(super) fn reference_start(words: &[RunWord], at: usize) -> bool {
    let word = words[at].text;
    let after_comma = at > 0 && words[at - 1].text.ends_with(',');
    // (A photo reads the stop of `Ref.` as a comma: `Nitrite:  Negative  Ret, range Negative`.)
    let abbreviated = |w: &str| w.ends_with(',') && matches!(w.to_lowercase().as_str(), "ref," | "ret,");
    word.starts_with(OPENING)
        || (reference_word(word) && (word.ends_with([':', '.']) || after_comma || abbreviated(word)))
}

/// Whether `word` only says a reference follows (`Ref:`, `Normal`, `range:`, `Ret,`), or is
/// a photo's `range` with a letter misread (`Ref, Fange 136 - 145`; not a word a letter
/// longer, `Orange`).
pub(super) fn reference_word(word: &str) -> bool {
    let lower = word.trim_end_matches([':', ';', ',']).to_lowercase();
    REFERENCE_WORDS.contains(&lower.as_str())
        || (lower.len() == 5 && lower.is_ascii() && crate::catalog::one_slip(&lower, "range"))
}

/// A reference without the words before it that only name it, up to a colon (`Normal range:
/// 70 - 100`, `Ref: Male (12 - 54) ; ...`; not the normal tier's label after them, `Normal:
/// Normal >= 90`). `Normal` before a range, a tier's label too, goes only if `normal_too`.
pub(super) fn without_reference_words(mut text: &str, normal_too: bool) -> &str {
    // (`Normal` labels the range after it, `Normal: < 200`, or names a reference of tiers,
    // `Normal: Male: 13-17 ...`.)
    let labels_range = |after: &str| {
        after
            .trim_start_matches([':', ' '])
            .starts_with(|c: char| c.is_ascii_digit() || "<>\u{2264}\u{2265}".contains(c))
    };
    while let Some((word, after)) = text.split_once(' ')
        && reference_word(word)
        && (normal_too || !word.trim_end_matches(':').eq_ignore_ascii_case("normal") || !labels_range(after))
    {
        text = after.trim_start_matches([':', ' ']);
        if word.ends_with(':') || after.trim_start().starts_with(':') {
            break;
        }
    }
    text
}
