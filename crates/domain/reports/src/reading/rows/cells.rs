//! Cells: a run of words close enough to be one cell of a table, and the mending of cells a
//! scan or a long value ran together (a result and its unit, a flag glued to a result, a
//! reference run into the cell before it) or set apart.

use super::*;

/// A run of words close enough to be one cell of a table.
#[derive(Debug, Clone)]
pub(super) struct Cell {
    pub(super) text: String,
    pub(super) x0: f32,
    pub(super) x1: f32,
    pub(super) bold: bool,
    /// Two numbers a scan set apart where a decimal point it lost stood (`45 1`).
    pub(super) point_gap: bool,
}

impl Cell {
    /// The middle of the cell across: what a column holds a cell by.
    pub(super) fn mid_x(&self) -> f32 {
        (self.x0 + self.x1) / 2.0
    }

    /// Where the cell's character `n` stands, by its share of the cell's letters: a text layer
    /// gives a box for a run of words, OCR one for a word, never one for each letter.
    pub(super) fn x_at(&self, n: usize) -> f32 {
        self.x0 + (self.x1 - self.x0) * n as f32 / self.text.chars().count().max(1) as f32
    }

    /// The cell cut in two: `head`, ending where the cell's character `head_end` stands, and
    /// `tail`, starting where its character `tail_start` does ([`Self::x_at`]).
    pub(super) fn cut(&self, head: String, head_end: usize, tail: String, tail_start: usize) -> Vec<Cell> {
        vec![
            Cell { text: head, x1: self.x_at(head_end), ..self.clone() },
            Cell { text: tail, x0: self.x_at(tail_start), ..self.clone() },
        ]
    }

    /// The cell cut in two at its ends: `head`, a start of its text, and `tail`, an end of it,
    /// each where it stands ([`Self::cut`]).
    pub(super) fn cut_ends(&self, head: String, tail: String) -> Vec<Cell> {
        let (head_end, tail_start) = (head.chars().count(), self.text.chars().count() - tail.chars().count());
        self.cut(head, head_end, tail, tail_start)
    }

    /// The result this cell holds, with a lost decimal point put back (`45 1` is 45.1).
    pub(super) fn value(&self) -> Option<ResultValue> {
        if leader_read_as_nought(&self.text) {
            return None;
        }
        parse_value(&self.text)
            .or_else(|| {
                let number = lost_point(&self.text).filter(|_| self.point_gap)?;
                Some(ResultValue { text: self.text.clone(), number: Some(number), ..ResultValue::empty() })
            })
            .or_else(|| {
                // A marked flag's raised asterisk a photo read as a degree sign (`61°`).
                let core = self.text.trim_end().strip_suffix(['\u{b0}', '\u{ba}'])?;
                parse_value(&format!("{core}*")).filter(|v| v.number.is_some() && v.flag.is_some())
            })
            .or_else(|| {
                // A scan's stray mark beside a number (`~ 100`, `0.67,`).
                let core = self.text.trim_start_matches(STRAY_BEFORE).trim_end_matches(STRAY_AFTER).trim();
                let value = parse_value(core).filter(|v| v.number.is_some())?;
                (core.starts_with(|c: char| c.is_ascii_digit() || c == '.')).then_some(value)
            })
    }
}

/// Marks a scan puts before a number: a tilde, an underline or dash of a rule. (Not a quote:
/// before a number that is as often a misread digit, `‘2` for `0.72`.)
pub(super) const STRAY_BEFORE: &[char] = &['~', '_', '\u{2014}', '=', ' '];

/// Quotes, which a scan reads for specks and footnote marks.
pub(super) const QUOTES: &[char] = &['\'', '`', '"', '\u{2018}', '\u{2019}', '\u{201c}', '\u{201d}'];

/// Marks a scan puts after a number: a comma, semicolon or full stop, quotes, an underline or
/// a piece of one (`108 =`), a closing bracket (a photo's reading of the edge of a cell,
/// `108)`).
pub(super) const STRAY_AFTER: &[char] = &[',', ';', '.', '\'', '"', '\u{2019}', '\u{201d}', '_', ')', ']', '='];

/// Stems of the labels of tiers outside the normal one that are never a flag (`High` and
/// `Low` are both).
const NOT_FLAG_TIERS: &[&str] = &["diabet", "prediabet", "impaired", "borderline", "deficien", "insufficien", "toxic"];

/// Whether a cell starts as a range does.
fn starts_range(text: &str) -> bool {
    text.trim_start().starts_with(|c: char| c.is_ascii_digit() || "<>(\u{2264}\u{2265}".contains(c))
}

/// `cells` with a reference's label that a photo's wide word space cut in two put back
/// together (`Ref.` | `Range: 6 - 24`): alone, its first word after a result reads as the
/// result's unit. So is a tier's label cut from its range (`Adult:` | `136-145`): alone after
/// the name, it reads as the name's last word. So is a whole label cut from its range (`Ref.
/// Range:` | `28 - 100`). So is `Up to` cut from its bound (`Up` | `to 4.00`).
pub(super) fn with_split_labels_joined(mut cells: Vec<Cell>) -> Vec<Cell> {
    // (Its stop read as a comma: `Ref,` | `range M: 17 to 43`.)
    let word = |t: &str| t.trim().trim_end_matches([':', ',']).to_lowercase();
    let mut i = 0;
    while i + 1 < cells.len() {
        let first = word(&cells[i].text);
        let next = cells[i + 1].text.split_whitespace().next().map(word).unwrap_or_default();
        let label_start = ["ref", "ref.", "ret", "ret.", "reference", "bio.", "biological", "normal"];
        let ages = ["adult", "adults", "child", "children", "infant", "infants", "newborn", "elderly"];
        let colon_ended = i > 0 && cells[i].text.trim_end().ends_with(':');
        // (The next cell starts as a range does.)
        let range_next = starts_range(&cells[i + 1].text);
        // (Or a tier's own label, `Desirable:` | `< 200, Borderline: 200-240; ...`.)
        let tiers = ["desirable", "optimal", "sufficient", "sufficiency"];
        let tier_word = tiers.contains(&first.as_str()) || NOT_FLAG_TIERS.iter().any(|stem| first.starts_with(stem));
        let tier_label =
            colon_ended && (labels_a_sex(&cells[i].text) || ages.contains(&first.as_str()) || tier_word) && range_next;
        // (Or a range before its tier's label, `2-10:` | `Adults`.)
        let label_after = colon_ended
            && parse_range(cells[i].text.trim_end().trim_end_matches(':'), None).is_some()
            && cells[i + 1].text.split_whitespace().count() == 1
            && (labels_a_sex(&cells[i + 1].text) || ages.contains(&next.as_str()));
        // (Or the whole label, cut from its range: `Ref. Range:` | `28 - 100`.)
        let whole_label = colon_ended
            && cells[i].text.split_whitespace().all(reference_word)
            && (next.starts_with("up") || range_next);
        let cut_label = label_start.contains(&first.as_str())
            && ["range", "ranges", "interval", "value", "values"].contains(&next.as_str());
        // (Or the label of a tier no result is in, its colon lost and a table's rule read as
        // `|` perhaps between: `Pre-Diabetic` | `|` | `5.7- 6.4`. Alone, the range read as the
        // row's reference, and 4.1 was flagged low. Not a word a flag is printed as, `High`.)
        let rule_next = cells[i + 1].text.trim() == "|" && cells.get(i + 2).is_some_and(|c| starts_range(&c.text));
        let abnormal_label = i > 0
            && !colon_ended
            && label_words(cells[i].text.trim())
            && cells[i].text.split_whitespace().count() <= 2
            && cells[i].text.split([' ', '-']).any(|w| {
                let w = w.to_lowercase();
                NOT_FLAG_TIERS.iter().any(|stem| w.starts_with(stem))
            })
            && (range_next || rule_next);
        if abnormal_label {
            if rule_next {
                cells.remove(i + 1);
            }
            let next = cells.remove(i + 1);
            cells[i].text = format!("{}: {}", cells[i].text.trim_end(), next.text.trim_start());
            cells[i].x1 = cells[i].x1.max(next.x1);
            i += 1;
            continue;
        }
        // (Or `Up to` cut from its bound by a photo's wide word space: `Up` | `to 4.00`,
        // `Up to` | `4.00`. Alone, neither half is a range and the row was lost.)
        let up_to_cut = match first.as_str() {
            "up" => next == "to" && cells[i + 1].text.split_whitespace().nth(1).is_some_and(starts_range),
            "up to" | "upto" => range_next,
            _ => false,
        };
        if tier_label || label_after || whole_label || cut_label || up_to_cut {
            let next = cells.remove(i + 1);
            cells[i].text = format!("{} {}", cells[i].text.trim_end(), next.text.trim_start());
            cells[i].x1 = cells[i].x1.max(next.x1);
            // (A label put together may be a whole label cut from its range as well: `Ref.` |
            // `Range:` | `1.6 - 2.6`.)
            if cut_label && cells[i].text.trim_end().ends_with(':') {
                continue;
            }
        }
        i += 1;
    }
    cells
}

/// A cell of a result, perhaps its flag, a unit and a reference, run together where a long
/// unit left no gap before the reference's column (`17 High mm/1st hr 0 to 15 mm/1st hr`, `160
/// mL/min/1.73m2>= 90 mL/min/1.73m2`): the result (with its flag), the unit and the reference
/// are cells of their own. Only a unit the catalog knows, and a reference that is a range.
pub(super) fn split_run_on_reference(cell: Cell) -> Vec<Cell> {
    let text = cell.text.trim();
    // (Every cell is asked: the cheap tests first.)
    if !text.starts_with(|c: char| c.is_ascii_digit()) || text.split(' ').count() < 3 {
        return vec![cell];
    }
    // A unit run into a bound or a bracket (`mL/min/1.73m2>=`, `cells/cumm(4000 - 11000)`) is
    // set apart from it.
    let spaced = match text.find(['<', '>', '(']) {
        Some(at) if text[..at].ends_with(|c: char| c.is_alphanumeric()) => format!("{} {}", &text[..at], &text[at..]),
        _ => text.to_string(),
    };
    // So is a unit run into a tier's label (`mL/min/1.73m2Normal : >= 90`): where a capital
    // follows a small letter or a digit and what comes before it is a unit labs print.
    let spaced = spaced.split(' ').map(unit_run_into_label).collect::<Vec<_>>().join(" ");
    let words: Vec<&str> = spaced.split(' ').collect();
    if parse_value(words[0]).is_none_or(|v| v.number.is_none() || v.flag.is_some()) {
        return vec![cell];
    }
    let after_value = if words.get(1).is_some_and(|w| parse_flag(w).is_some()) { 2 } else { 1 };
    let found = (after_value + 1..words.len()).find_map(|end| {
        let unit = words[after_value..end].join(" ");
        let reference = words[end..].join(" ");
        let known = unit == "%" || crate::catalog::is_known_unit(&unit);
        // (Or a tier under its label, `Adults : 4.50 to 5.50`, `M: (4.05 - 4.95) F: ...`, or a
        // sex's range first, `(4000 - 11000) : Women`.)
        // (Or under a label without its colon, `Adults (4.50 - 5.50)`.)
        let labelled = || reference.split_whitespace().next().is_some_and(tier_word);
        let shaped = reference.starts_with(|c: char| c.is_ascii_digit() || matches!(c, '<' | '>' | '('))
            || (reference.starts_with(char::is_alphabetic) && (reference.contains(':') || labelled()));
        let bounded =
            |text: &str, sex: Option<Sex>| parse_range(text, sex).is_some_and(|r| r.low.is_some() || r.high.is_some());
        let ranged =
            shaped && [None, Some(Sex::Male), Some(Sex::Female)].into_iter().any(|sex| bounded(&reference, sex));
        // (Or the first of tiers that is not the normal one, `Moderate Decrease : 30 - 59`.)
        let tier = || {
            reference.split_once(':').is_some_and(|(label, range)| {
                let words: Vec<&str> = label.split_whitespace().collect();
                (1..=3).contains(&words.len())
                    && words.iter().all(|w| w.chars().all(char::is_alphabetic))
                    && bounded(range.trim(), None)
            })
        };
        (known && (ranged || tier())).then_some((unit, reference))
    });
    let Some((unit, reference)) = found else { return vec![cell] };
    let result = words[..after_value].join(" ");
    // (Where each stands, by its share of the cell's letters: [`Cell::x_at`].)
    let cell = Cell { text: text.to_string(), ..cell };
    let (result_end, reference_start) = (result.chars().count(), text.chars().count() - reference.chars().count());
    let unit_cell =
        Cell { text: unit, x0: cell.x_at(result_end + 1), x1: cell.x_at(reference_start - 1), ..cell.clone() };
    vec![
        Cell { text: result, x1: cell.x_at(result_end), ..cell.clone() },
        unit_cell,
        Cell { text: reference, x0: cell.x_at(reference_start), ..cell },
    ]
}

/// `word` with a space where a unit labs print runs into a capitalised word after it
/// (`mL/min/1.73m2Normal`): the unit, and the word.
fn unit_run_into_label(word: &str) -> String {
    let chars: Vec<(usize, char)> = word.char_indices().collect();
    let cut = chars.windows(2).find_map(|pair| {
        let ((_, before), (at, capital)) = (pair[0], pair[1]);
        let joint = capital.is_uppercase() && (before.is_ascii_digit() || before.is_lowercase());
        let label = word[at..].trim_end_matches(':');
        (joint && label.chars().skip(1).all(char::is_lowercase) && crate::catalog::is_known_unit(&word[..at]))
            .then_some(at)
    });
    match cut {
        Some(at) => format!("{} {}", &word[..at], &word[at..]),
        None => word.to_string(),
    }
}

/// A cell of a result in words and the reference after it, in brackets or named
/// (`Negative (Ref: Non Reactive)`, `Nil [Negative]`, `Absent Ref. Absent`): the result is a
/// cell, the reference one after it. Only a word results are given in ([`qualitative_word`]),
/// of one or two words, before a reference that reads as one ([`parse_range`]): `Slightly
/// Turbid [Clear]` stays whole, its bracket no unit.
pub(super) fn split_worded_result(cell: Cell) -> Vec<Cell> {
    let text = cell.text.trim();
    if !text.starts_with(char::is_alphabetic) || !text.contains(' ') {
        return vec![cell];
    }
    let words: Vec<&str> = text.split(' ').collect();
    let found = (1..=2.min(words.len() - 1)).find(|&n| {
        let rest = words[n];
        let opens =
            rest.starts_with(OPENING) || (reference_word(rest) && rest.ends_with([':', '.']) && words.len() > n + 1);
        opens && qualitative_word(&words[..n].join(" ")).is_some() && parse_range(&words[n..].join(" "), None).is_some()
    });
    match found {
        Some(n) => {
            let (head, tail) = (words[..n].join(" "), words[n..].join(" "));
            Cell { text: text.to_string(), ..cell }.cut_ends(head, tail)
        }
        None => vec![cell],
    }
}

/// Marks a scan reads from a rule or a speck between a result and what follows it.
pub(super) const SPECKS: &[char] = &['=', '~', '_', '\u{2014}'];

/// Whether `word` is made of [`SPECKS`] only (`=`, `—_`).
pub(super) fn speck_word(word: &str) -> bool {
    !word.is_empty() && word.chars().all(|c| SPECKS.contains(&c))
}

/// A scanned cell without the specks a scan left before its number, a word of marks alone
/// (`=. 108 mmol/L`, a tall speck between a flag's column and the result): with them, neither
/// the result nor its unit was read.
pub(super) fn without_leading_specks(cell: Cell) -> Cell {
    let Some((specks, rest)) = cell.text.trim().split_once(' ') else { return cell };
    // (Not a decimal point set apart from its digits, `. 5`.)
    let marks = specks.chars().count() <= 3
        && specks.chars().all(|c| SPECKS.contains(&c) || ".,:'`".contains(c))
        && !specks.chars().all(|c| matches!(c, '.' | ','));
    if !marks || !rest.trim_start().starts_with(|c: char| c.is_ascii_digit()) {
        return cell;
    }
    let rest = rest.trim_start().to_string();
    let at = cell.text.chars().count() - rest.chars().count();
    Cell { x0: cell.x_at(at), text: rest, ..cell }
}

/// A scanned cell of a result with its flag's letter before it and the space between lost
/// (`H3%`, `L5.6`, `H12.4 g/dL`): the letter set apart, as printed (`H 3%`). Only where what
/// follows the letter is a number, alone or glued to `%` or a known unit with a slash (not
/// `H1N1`).
pub(super) fn flag_glued_before_result(cell: Cell) -> Cell {
    let Some(rest) = cell.text.strip_prefix(['H', 'L']) else { return cell };
    let first = rest.split(' ').next().unwrap_or_default();
    let result = leading_number(first).is_some_and(|(number, _, unit)| {
        !number.starts_with([',', '.']) && (unit.is_empty() || unit == "%" || ratio_unit(unit))
    });
    if !result {
        return cell;
    }
    let text = format!("{} {rest}", &cell.text[..1]);
    Cell { text, ..cell }
}

/// A scanned cell that starts with a result and runs on past a speck (`26 ~~ High`, `75* —
/// Male: (7 - 55)`, `116 = =mg/dL`) or straight into a sex's label (`73M: 28- 100 U/L`): the
/// result is a cell of its own, the specks go, and the rest is a cell after it. Not a number
/// then a number (`10 — 20` is a range).
pub(super) fn split_after_result(cell: Cell) -> Vec<Cell> {
    let text = cell.text.as_str();
    let first = text.split(' ').next().unwrap_or_default();
    let is_result = |t: &str| parse_value(t).is_some_and(|v| v.number.is_some());
    let label = first.find(['M', 'F']).filter(|&i| i > 0 && &first[i + 1..] == ":" && is_result(&first[..i]));
    let (number, rest_at) = match label {
        Some(i) => (&first[..i], i),
        None => {
            if !is_result(first) {
                return vec![cell];
            }
            let mut at = first.len();
            let mut specks = 0;
            for word in text[first.len()..].split(' ') {
                if !word.is_empty() && !speck_word(word) {
                    break;
                }
                specks += usize::from(!word.is_empty());
                at += word.len() + 1;
            }
            let glued = text.get(at..).is_some_and(|r| r.starts_with(SPECKS));
            if specks == 0 && !glued {
                return split_after_unit(cell);
            }
            (first, at.min(text.len()))
        }
    };
    let rest = text[rest_at..].trim_start_matches(SPECKS).trim_start();
    if rest.is_empty() || rest.starts_with(|c: char| c.is_ascii_digit()) {
        return vec![cell];
    }
    cell.cut_ends(number.to_string(), rest.to_string())
}

/// A scanned cell of a result and its unit that runs on past a speck into the reference
/// (`5.85 mill/cemm — (4.50 - 5.50) mill/cmm`, `74.7 ng/mL —_ (30.0 - 100.0)`): the result
/// and its unit are a cell, the specks go, the reference is a cell after them. Only a unit
/// of one word with a letter, and something after the specks.
pub(super) fn split_after_unit(cell: Cell) -> Vec<Cell> {
    let words: Vec<&str> = cell.text.split(' ').collect();
    // (Perhaps with the flag between, `17.6 High g/dL ~—— Male: (13.0 - 17.0)`.)
    let flagged = usize::from(words.len() > 3 && matches!(words[1], "High" | "Low" | "H" | "L"));
    let [unit, mark, ..] = &words[(1 + flagged).min(words.len())..] else { return vec![cell] };
    if !speck_word(mark) || !unit.contains(char::is_alphabetic) {
        return vec![cell];
    }
    let rest = words[3 + flagged..].iter().skip_while(|w| speck_word(w)).copied().collect::<Vec<_>>().join(" ");
    if rest.is_empty() {
        return vec![cell];
    }
    cell.cut_ends(words[..2 + flagged].join(" "), rest)
}

/// A cell ending in a number glued to its unit (`24.8%`, `L 5.6%`, `88mg/dL`): the number
/// stays, the unit is a cell of its own after it, as if printed apart. Only a plain number
/// (not a range, not `<5.7`) and `%` or a known unit with a slash: `1.73m²` is part of a unit.
/// `may_be_result`: whether the cell stands where a result may (see [`split_spaced_unit`]).
pub(super) fn split_glued_unit(cell: Cell, may_be_result: bool) -> Vec<Cell> {
    // A number and its unit a scan read as one cell across a piece of rule (`131 = mg/dL`).
    if let [number, mark, unit] = cell.text.split(' ').collect::<Vec<_>>()[..]
        && mark.chars().count() == 1
        && mark.starts_with(SPECKS)
        && parse_number(number).is_some()
        && ratio_unit(unit)
    {
        return cell.cut_ends(number.to_string(), unit.to_string());
    }
    if let Some(cells) = split_spaced_unit(&cell, may_be_result) {
        return cells;
    }
    let mut words = cell.text.rsplit(' ');
    let last = words.next().unwrap_or(&cell.text);
    let before = words.next();
    // The high bound of a range keeps its unit (`20 - 40%`): the range is printed with it.
    if before.is_some_and(|w| w == "-" || w.ends_with('-') || w.eq_ignore_ascii_case("to")) {
        return vec![cell];
    }
    // After a number, international units whose `I` OCR read as a one (`<2.1 1U/L`) are the
    // unit, not a second number.
    if before.is_some_and(|w| parse_value(w).is_some_and(|v| v.number.is_some()))
        && let Some(unit) = last.strip_prefix('1').and_then(international)
    {
        let head = cell.text[..cell.text.len() - last.len()].trim_end().to_string();
        return cell.cut_ends(head, unit);
    }
    // (Where a result may stand, one beyond the assay's limit too: `<7.5mg/dL`.)
    let body = last.strip_prefix(['<', '>']).filter(|_| may_be_result).unwrap_or(last);
    let glued = leading_number(body).filter(|_| body.starts_with(|c: char| c.is_ascii_digit()));
    let Some((_, _, unit)) = glued.filter(|(_, _, unit)| *unit == "%" || ratio_unit(unit)) else {
        return vec![cell];
    };
    let keep = cell.text.len() - unit.len();
    let at = cell.text[..keep].chars().count();
    cell.cut(cell.text[..keep].to_string(), at, unit.to_string(), at)
}

/// A cell of a result and its unit printed a space apart (`11.2 g/dL`, `7,800 /cumm`, `L 88.2
/// fL`, `2.45 lakhs/cumm`), as labs print them in one column after a name and a colon: the
/// result is a cell, the unit one after it. Not a range (`13 - 17 g/dL`) nor a bound (`< 200
/// mg/dL`): a reference keeps its unit.
pub(super) fn split_spaced_unit(cell: &Cell, may_be_result: bool) -> Option<Vec<Cell>> {
    // (Every cell is asked: a result and a unit are a few words with a digit.)
    if !cell.text.contains(|c: char| c.is_ascii_digit()) {
        return None;
    }
    if let Some(cells) = split_flag_unit(cell) {
        return Some(cells);
    }
    let words: Vec<&str> = cell.text.split(' ').collect();
    if words.len() > 6 {
        return None;
    }
    (1..words.len()).find_map(|k| {
        let (head, tail) = (words[..k].join(" "), words[k..].join(" "));
        // (A result beyond what the assay measures too, `<5.0 mg/dL`, where a result may stand:
        // elsewhere such a cell is a reference.)
        let result = parse_value(&head).is_some_and(|v| v.number.is_some() && (v.qualifier.is_none() || may_be_result));
        // (A known unit a scan misread with a slash kept is one too: `x10*3/uL`, or `mg/d`,
        // a short word of letters with its slash, which the row's test mends later.)
        let slashed = |t: &str| {
            t.contains('/')
                && !t.contains(' ')
                && t.len() <= 8
                && t.starts_with(char::is_alphabetic)
                && t.chars().all(|c| c.is_alphabetic() || c == '/')
        };
        let unit = tail == "%"
            || crate::catalog::is_known_unit(&tail)
            || (tail.contains('/') && !tail.contains(' ') && crate::catalog::mend_unit(&tail).is_some())
            || slashed(&tail);
        if !(result && unit) {
            return None;
        }
        Some(cell.cut_ends(head, tail))
    })
}

/// A scanned line's cell of a result and a unit misread past knowing (`124.1" ngimt`, `63
/// mys.`) between the name and a reference: the result is a cell, the word its unit, as if
/// printed apart, mended to the named test's unit it stands for. Only the first cell with a
/// digit after the name, of a number (a stray mark after it, a flag's asterisk read as a quote
/// or degree, goes; a flag letter may stand before it, `H 122 WL`) and one word that is no
/// flag, without digits but for a count's power of ten (`x10%WuL`), and only before a cell
/// that is a range.
pub(super) fn split_misread_unit_before_reference(mut cells: Vec<Cell>) -> Vec<Cell> {
    let Some(at) = (1..cells.len()).find(|&i| cells[i].text.contains(|c: char| c.is_ascii_digit())) else {
        return cells;
    };
    let Some(range) = cells.get(at + 1).and_then(|next| parse_range(&next.text, None)) else { return cells };
    let cell = &cells[at];
    // (A flag letter before the result stays with it: `H 122 WL`.)
    let (flag, text) = match cell.text.split_once(' ') {
        Some((flag, rest)) if matches!(flag, "H" | "L") => (Some(flag), rest),
        _ => (None, cell.text.as_str()),
    };
    let Some((number, word)) = text.split_once(' ') else { return cells };
    let number = number.trim_end_matches(STRAY_AFTER).trim_end_matches(['\u{b0}', '\u{ba}']);
    let plain = parse_value(number).is_some_and(|v| v.number.is_some() && v.qualifier.is_none());
    let unit_like = (2..=12).contains(&word.chars().count())
        && word.starts_with(char::is_alphabetic)
        && (!word.contains(|c: char| c.is_ascii_digit()) || word.to_ascii_lowercase().starts_with("x10"))
        && parse_flag(word).is_none();
    if !(plain && number.starts_with(|c: char| c.is_ascii_digit()) && unit_like) {
        return cells;
    }
    // Standing where the unit does, the word is one of the test's units however far a photo
    // misread it: the one nearest it that the printed bounds fit, as in a unit column, unless
    // the result is impossible in it; then the one the result is possible in (the bounds may
    // have lost their points: `Qe` beside `7.2` and `64-83` is g/dL).
    let printed = (range.low, range.high);
    let value = parse_number(number);
    let unit = crate::catalog::lookup(&cells[0].text)
        .filter(|b| b.to_canonical(1.0, Some(word)).is_none())
        .and_then(|b| {
            let by_bounds = b.unit_in_its_column(word, value, printed);
            let possible = |u: &String| value.is_none_or(|v| b.implausible(v, Some(u)).is_none());
            by_bounds.filter(possible).or_else(|| b.unit_in_its_column(word, value, (None, None)))
        })
        .unwrap_or_else(|| word.to_string());
    let result = match flag {
        Some(flag) => format!("{flag} {number}"),
        None => number.to_string(),
    };
    let parts = cell.cut_ends(result, unit);
    cells.splice(at..=at, parts);
    cells
}

/// A cell of a result, its flag letter and its unit, as a photo reads them run together
/// (`39.0L%`, `51Hmg/dL`, `12182 H/cumm`, `8.5 Hgm/dl`): the result with its flag, then the
/// unit. Only where the rest after the number is no unit itself (`5L/min` is five L/min) and
/// is one once its first letter, `H` or `L`, is taken off.
pub(super) fn split_flag_unit(cell: &Cell) -> Option<Vec<Cell>> {
    let text = cell.text.trim();
    let (number, _, rest) = leading_number(text)?;
    let rest = rest.trim_start();
    let known = |u: &str| u == "%" || crate::catalog::is_known_unit(u);
    let unit = rest.strip_prefix(['H', 'L'])?.trim_start().trim_end_matches(['_', '.']);
    if unit.is_empty() || known(rest) || !known(unit) {
        return None;
    }
    let unit_start = text.chars().count() - unit.chars().count();
    Some(cell.cut(format!("{number} {}", &rest[..1]), unit_start, unit.to_string(), unit_start))
}

/// A known unit with a slash, starting with a letter (`mg/dL`, not `1000/mm3`, which is a unit
/// whole and not a thousand in `/mm3`).
pub(super) fn ratio_unit(unit: &str) -> bool {
    unit.starts_with(char::is_alphabetic) && unit.contains('/') && crate::catalog::is_known_unit(unit)
}

/// On a scan, a whole number of two or three digits and a single digit after it, apart by less
/// than a digit's height (`45 1` for 45.1): the gap is the decimal point OCR lost. A dash lost
/// from a range (`10-12`) leaves a wider gap, and the single digit keeps out counts per field.
pub(super) fn lost_point_gap(cell: &Cell, before: &Word, word: &Word, shift: f32) -> bool {
    let gap = word.bbox.x0 + shift - cell.x1;
    (0.0..0.9 * before.bbox.height().max(word.bbox.height())).contains(&gap)
        && lost_point(&format!("{} {}", cell.text, word.text)).is_some()
}

/// A reference run into the result column after it, two spaces short of a cell of its own
/// (`Desirable: < 150; Borderline: 150-180; High: >= 180  29` under `Reference  Result`): the
/// number at its end, standing in the result column, is the result; the rest is the reference.
/// Where each word stands is estimated by its share of the cell's letters.
pub(super) fn split_at_value_column(cell: &Cell, columns: Columns, sex: Option<Sex>) -> Vec<Cell> {
    let whole = || vec![cell.clone()];
    let Some((start, _)) = columns.value else { return whole() };
    let Some((rest, last)) = cell.text.trim_end().rsplit_once(' ') else { return whole() };
    if cell.x0 >= start - 2.0 || cell.x1 <= start {
        return whole();
    }
    let at = rest.chars().count();
    let x = cell.x_at(at);
    let number = parse_value(last).is_some_and(|v| v.number.is_some() && v.qualifier.is_none());
    let reference = rest.chars().any(|c| c.is_ascii_digit()) && parse_range(rest.trim_end(), sex).is_some();
    if !(number && reference && x + (cell.x1 - x) / 2.0 >= start - 2.0) {
        return whole();
    }
    cell.cut(rest.trim_end().to_string(), at, last.to_string(), at)
}

/// A result and its unit in one cell under the result's header, the unit misread past the
/// catalog's and perhaps run into the number (`12.7sec`, `5.85 milicmm`, `4,109 cellsicumm`,
/// `99mg/dt`): the number is a cell, the unit another. (A flag after the number, `3.0 H`,
/// `2.1High`, was set apart from it before.)
pub(super) fn split_misread_unit(cell: Cell, columns: Columns) -> Vec<Cell> {
    let text = cell.text.trim();
    if !columns.in_value(&cell) || !text.starts_with(|c: char| c.is_ascii_digit()) || text.split(' ').count() > 2 {
        return vec![cell];
    }
    let Some((number, _, rest)) = leading_number(text) else { return vec![cell] };
    let unit = rest.trim();
    let worded = unit.chars().filter(|c| c.is_alphabetic()).count() >= 2
        && unit.starts_with(|c: char| c.is_alphabetic() || c == '/')
        && !unit.contains(' ');
    if number.is_empty() || !worded {
        return vec![cell];
    }
    Cell { text: text.to_string(), ..cell }.cut_ends(number.to_string(), unit.to_string())
}
