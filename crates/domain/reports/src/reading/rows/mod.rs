//! Rows from words: rebuild lines and cells by position, then read name, value, flag, unit and
//! reference range from each line that is a result.
//!
//! The parts, in the order a page goes through them:
//! - `lines`: words into lines (a text layer's by height, OCR's levelled against the page's
//!   tilt) and lines into cells;
//! - `columns`: header lines, and what they say of the columns below them;
//! - `cells`: cells a scan or a long value ran together or set apart, mended;
//! - `lists`: a result printed as one run of words, cut into the cells a table prints;
//! - `line`: one line read as a result, with `names` and `units` telling what a test's name
//!   and a unit are and are not;
//! - `bands` and `stacked`: references, names and results printed on lines of their own
//!   around their row;
//! - this module: a page's lines read top to bottom into rows.
//!
//! The parts are one parser cut into files: each sees the others' items through `use super::*`.

use std::borrow::Cow;

use crate::document::{BBox, Page, Word};

use super::number::{leading_number, parse_number};
use super::range::{RefRange, Sex, is_comparison, label_words, labels_a_sex, labels_tiers, parse_range, sex_ranges};
use super::value::{
    Flag, Qualifier, ResultValue, is_negative_result, is_positive_result, lone_one_misread, lost_point, parse_flag,
    parse_value, qualitative_word,
};

mod bands;
mod cells;
mod columns;
#[cfg(test)]
mod fuzz;
#[cfg(test)]
mod interim_and_note_tests;
mod line;
mod lines;
mod lists;
mod names;
#[cfg(test)]
mod reference_layout_tests;
mod stacked;
#[cfg(test)]
mod tests;
mod units;

use bands::*;
use cells::*;
use columns::*;
use line::*;
use lines::*;
pub use lines::{PageLines, page_text_by_lines};
use lists::*;
pub(super) use names::TIER_WORDS;
use names::*;
use stacked::*;
use units::*;

/// One result row as read from the page.
#[derive(Debug, Clone, PartialEq)]
pub struct LabRow {
    /// Test name as printed.
    pub name: String,
    /// The value.
    pub value: ResultValue,
    /// Unit as printed.
    pub unit: Option<String>,
    /// The reference range, parsed.
    pub range: Option<RefRange>,
    /// The reference text as printed.
    pub range_text: Option<String>,
    /// The printed flag (from the value cell or its own column), or `Abnormal` for a bold value.
    pub flag: Option<Flag>,
    /// 1-based page.
    pub page: u32,
    /// Box around the row.
    pub bbox: BBox,
}

/// What may end a name's last line before its value or reference: its colon, as a photo may
/// read it (`Cholesterol (mg/dL) -`, `;`, `.`).
const NAME_END: [char; 5] = [' ', ':', '-', ';', '.'];

/// Whether `text` is leader dots whose first dot a photo read as a nought (`0...`, `o..`): no
/// result ends in two dots.
fn leader_read_as_nought(text: &str) -> bool {
    text.trim().strip_prefix(['0', 'o', 'O']).is_some_and(|dots| dots.len() >= 2 && dots.chars().all(|ch| ch == '.'))
}

/// A test name wrapped over two lines, put together: `first` then `second`, when together they
/// name a catalog test that the part on the row (`first` when `row_is_first`, else `second`)
/// does not name, or names differently (`GLOBULIN` alone is another test than `SEX HORMONE
/// BINDING GLOBULIN`). A heading above a row (`LIPID PROFILE`) names no test with it.
/// Only a name the catalog holds whole counts ([`crate::catalog::lookup_whole`]: exactly, or
/// with its abbreviation in brackets), and a row whose own part already names a test takes no
/// words from below (`Basophils  1  %` over the heading `ABSOLUTE COUNT`).
fn completed_name(first: &str, second: &str, row_is_first: bool) -> Option<String> {
    let joined = format!("{} {}", first.trim(), second.trim());
    let whole = crate::catalog::lookup_whole(&joined)?;
    let own = crate::catalog::lookup(if row_is_first { first } else { second });
    let takes = if row_is_first { own.is_none() } else { own.is_none_or(|b| b.key != whole.key) };
    takes.then_some(joined)
}

/// Every result row of a page, top to bottom; two tables set side by side are read one after
/// the other. `sex` picks sex-specific ranges.
pub fn rows_from_page(page: &Page, sex: Option<Sex>) -> Vec<LabRow> {
    PageLines::of(page).rows(sex)
}

/// `lines` without the sentences of a column of notes: from a header line that names one
/// (`Interpretation`), cells of three or more words at or right of it are left out. A page
/// without such a column is not copied.
fn without_notes(lines: &[Line]) -> Cow<'_, [Line]> {
    let Some(start) = lines.iter().position(|line| notes_column_x(&line.cells).is_some()) else {
        return Cow::Borrowed(lines);
    };
    let mut notes_x: Option<f32> = None;
    let notes = lines[start..].iter().filter_map(|line| {
        if let Some(x) = notes_column_x(&line.cells) {
            notes_x = Some(x);
        }
        let prose = |c: &Cell| notes_x.is_some_and(|x| c.x0 >= x) && c.text.split_whitespace().count() >= 3;
        let cells: Vec<Cell> = line.cells.iter().filter(|c| !prose(c)).cloned().collect();
        let last = cells.last()?;
        let bbox = BBox { x1: last.x1, ..line.bbox };
        Some(Line { cells, bbox })
    });
    Cow::Owned(lines[..start].iter().cloned().chain(notes).collect())
}

/// The lines with each test name wrapped under its row put back on the row (`Mean Corpuscular
/// Impedance 91.3` over `Volume (fL) :`), or `None` where no name wrapped. The rest of a name
/// is a line of one cell of words (no number of its own outside brackets, though `B12` is a
/// word; no label before a colon, no heading in capitals, no reference label, no result word)
/// that starts where the row's name starts, just under the row. What says it is the name's: a
/// row whose name the catalog knows takes it only when the two are a whole name of a test
/// ([`crate::catalog::lookup_whole`]), perhaps with its unit; one whose name it does not know,
/// when the two name a test, or, in a text layer (`scanned` false: a scan's lines are too
/// unevenly spaced for this), when the line is nearer the row than the line after it, as a
/// row's own padding sets it apart from the next.
fn with_wrapped_names(lines: &[Line], scanned: bool) -> Option<Vec<Line>> {
    // A line's cells but those of colons or dots alone: a name's colon can stand in a column
    // of its own after its last word (`Distribution Width` .. `:`), and a scan reads leader
    // dots as a quote (`Transferase (GGT)  '`). (A `%` there is a unit.)
    let worded = |line: &Line| -> Vec<Cell> {
        // (Or a speck after the dots: `Distribution Width .......`  `~`.)
        // (Or its first dot read as a nought, `0...`.)
        let leader = |c: &Cell| {
            let t = c.text.trim();
            t.chars().all(|ch| matches!(ch, ':' | ';' | '.' | ',' | '\u{b0}') || QUOTES.contains(&ch))
                || speck_word(t)
                || leader_read_as_nought(t)
        };
        line.cells.iter().filter(|c| !leader(c)).cloned().collect()
    };
    // The cell a row's name is in: its first, or the one after a list's number a scan set
    // apart (`1.`  `Red Cell`).
    let name_at = |row: &Line| {
        usize::from(
            row.cells.len() > 2
                && row.cells[0].text.split_whitespace().count() == 1
                && is_serial(row.cells[0].text.trim()),
        )
    };
    let tail = |i: usize| {
        let (row, line) = (&lines[i - 1], &lines[i]);
        let worded = worded(line);
        let ([name, rest @ ..], [cell, others @ ..]) = (&row.cells[name_at(row)..], worded.as_slice()) else {
            return false;
        };
        let h = row.bbox.height().max(line.bbox.height()).max(1.0);
        // Beside the rest of the name, only the row's reference going on in its column (`Mean`
        // over `Corpuscular Hemoglobin   Female : 27.0-32.0`), under the row's cell of it even
        // where the column centres its tiers (a wider tier starts left of the first).
        // (Or the row's whole reference, right of its cells, where it has none: see below.)
        let under_row = |c: &Cell| rest.iter().any(|r| (r.x0 - c.x0).abs() <= h || (r.x0 < c.x1 && r.x1 > c.x0));
        let own_reference =
            |c: &Cell| !holds_reference(rest) && rest.last().is_some_and(|r| c.x0 > r.x1) && is_reference(c);
        // (A tier's colon and label a cell apart after its range are part of it: `0 - 12)`
        // `: Children`, or `5.7 - 6.4:` `Pre-Diabetic`, the colon kept with the range.)
        let label_after = |k: usize| {
            k > 0
                && (colon_label(&others[k].text).is_some()
                    || (others[k - 1].text.trim_end().ends_with(':') && label_words(others[k].text.trim())))
        };
        // (Nor a tier's label and its range a cell apart, the colon lost: `Pre-Diabetic`
        // `5.7 - 6.4`.)
        let ranged_label = |k: usize| {
            label_words(others[k].text.trim())
                && others.get(k + 1).is_some_and(|r| parse_range(&r.text, None).is_some())
        };
        let label_before = |k: usize| k > 0 && ranged_label(k - 1);
        let tier = |k: usize, c: &Cell| {
            let text = match others.get(k + 1) {
                Some(label) if label_after(k + 1) => format!("{} {}", c.text.trim(), label.text.trim()),
                Some(range) if ranged_label(k) => format!("{}: {}", c.text.trim(), range.text.trim()),
                _ => c.text.trim().to_string(),
            };
            c.x0 > cell.x1
                && (under_row(c) || own_reference(c))
                && (tier_shaped(&text) || (scanned && under_row(c) && misread_label_tier(&text)))
        };
        if !others.iter().enumerate().all(|(k, c)| tier(k, c) || label_after(k) || label_before(k)) {
            return false;
        }
        // (Read only now: most lines under a row are the next row, which the cells beside its
        // name have told apart, and the leader dots are asked of the catalog.)
        // (A photo reads a speck before the rest as a quote: `‘Aminotransferase (ALT/SGPT)`.)
        let text = without_misread_leader(&name.text, cell.text.trim().trim_start_matches(QUOTES));
        let (outside, _) = text.split_once('(').unwrap_or((text, ""));
        // (A name's rest may start with a number joined to a word: `Vitamin D,` over
        // `25-Hydroxy`.)
        let first = text.split_whitespace().next().unwrap_or("");
        let starts_worded = first.starts_with(|c: char| c.is_alphabetic() || c == '(')
            || (first.contains(char::is_alphabetic) && first.contains('-'));
        let wordy = starts_worded
            && outside
                .split_whitespace()
                .all(|w| !w.contains(|c: char| c.is_ascii_digit()) || w.contains(char::is_alphabetic))
            && !text.trim_end_matches([' ', ':']).contains(':')
            && text.split_whitespace().count() <= 5;
        let gap = line.bbox.y0 - row.bbox.y1;
        let next_gap = lines.get(i + 1).map_or(f32::MAX, |next| next.bbox.y0 - line.bbox.y1);
        let close = gap < 0.5 * h;
        let padded = gap + 0.1 * h < next_gap;
        // A list's number before the name (`4. Erythrocyte Sedimentation` over `Rate`): the
        // name starts after it, and the rest is set under the name.
        let serial = name.text.split_whitespace().next().filter(|w| is_serial(w)).map_or(0, |w| {
            let start = name.text.find(w).unwrap_or(0) + w.len();
            start + name.text[start..].len() - name.text[start..].trim_start().len()
        });
        let (name_text, name_x) = (&name.text[serial..], name.x_at(name.text[..serial].chars().count()));
        let aligned = (cell.x0 - name.x0).abs() <= h || (serial > 0 && (cell.x0 - name_x).abs() <= h);
        // (A name may start with a number run into a word: `25-OH Vitamin`.)
        let worded_start = name_text.split_whitespace().next().is_some_and(|w| {
            w.starts_with(char::is_alphabetic) || (w.contains(char::is_alphabetic) && w.contains('-'))
        });
        // (A result in words is one too: `28. Hepatitis B  Impedance  Non Reactive` over
        // `Surface Antigen`.)
        // (Not a result's label, `Result:  8.0  uIU/mL` over the next test's name.)
        // (A result as the row reads it, past a scan's stray mark: `6"` for `6*`.)
        let named_row = worded_start
            && after_result_label(name_text).is_none()
            && rest
                .iter()
                .any(|c| c.value().is_some_and(|v| v.number.is_some()) || qualitative_word(&c.text).is_some());
        // What says the line is the rest of the name: for a name the catalog knows, the two
        // being a whole name of a test (`Aspartate Aminotransferase` and `(AST/SGOT) (U/L)`,
        // `Glucose,` and `Fasting`), not a method under it (`Jaffe Kinetics`) nor a heading a
        // photo set near it; for a name it does not know (`Mean Corpuscular`), the two naming
        // a test, or, in a text layer, the row's padding.
        let same_test = || {
            let joined = format!("{} {}", name_text.trim(), text.trim_end_matches([' ', ':', '.']));
            let joined = unit_in_name(&joined, scanned).map_or(joined, |(name, _)| name);
            match crate::catalog::lookup(name_text.trim()) {
                Some(_) => crate::catalog::lookup_whole(&joined).is_some(),
                None => (padded && !scanned) || crate::catalog::lookup(&joined).is_some(),
            }
        };
        // A bracket closed below is one the name left open.
        // (A photo reads a bracket as a brace: `Aminotransferase {AST/SGOT)`.)
        let depth = |t: &str| t.matches(['(', '{']).count() as i32 - t.matches([')', '}']).count() as i32;
        let closes = depth(text) >= 0 || depth(name_text) > 0;
        wordy
            && closes
            && close
            && aligned
            && named_row
            && !is_heading(&line.cells)
            && reference_label(line).is_none()
            && parse_value(text).is_none()
            && same_test()
    };
    let tails: Vec<usize> = (1..lines.len()).filter(|&i| tail(i)).collect();
    if tails.is_empty() {
        return None;
    }
    let mut out: Vec<Line> = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        match out.last_mut() {
            Some(row) if tails.contains(&i) => {
                let mut cells = worded(line);
                let tail = cells.remove(0);
                let at = name_at(row);
                let name = &mut row.cells[at];
                let rest = without_misread_leader(&name.text, tail.text.trim().trim_start_matches(QUOTES));
                name.text = format!("{} {rest}", name.text.trim_end());
                name.x1 = name.x1.max(tail.x1);
                row.bbox.y1 = row.bbox.y1.max(line.bbox.y1);
                // The reference's next tier stays a line of its own, for the row to take. Where
                // the row has no reference, it is the row's own, which a photo's tilt put on the
                // name's next line (`Inorganic  4.1` over `Phosphorus (mg/dL) :  Ref: (2.5 -
                // 4.5)`).
                if !cells.is_empty() && !holds_reference(&row.cells[at + 1..]) && cells.iter().any(is_reference) {
                    row.bbox.x1 = row.bbox.x1.max(cells.iter().map(|c| c.x1).fold(0.0, f32::max));
                    row.cells.extend(cells);
                } else if !cells.is_empty() {
                    out.push(Line { cells, bbox: BBox { x0: tail.x1, ..line.bbox } });
                }
            }
            _ => out.push(line.clone()),
        }
    }
    Some(out)
}

/// The rest of a wrapped `name` without the word a photo made of the leader dots after it
/// (`Sedimentation Rate seanegs-e` under `Erythrocyte`): the last word, not in brackets, goes
/// where the name with the words before it is a whole name of a test
/// ([`crate::catalog::lookup_whole`], perhaps with a unit in brackets) and with it is none.
fn without_misread_leader<'t>(name: &str, rest: &'t str) -> &'t str {
    let name = without_serial(name);
    let whole = |rest: &str| {
        let joined = format!("{name} {rest}");
        let joined = unit_in_name(&joined, true).map_or(joined, |(bare, _)| bare);
        crate::catalog::lookup_whole(&joined).is_some()
    };
    match rest.trim_end().rsplit_once(' ') {
        // (Not a bracket a photo misread, `(HbAlc)`, put back later.)
        Some((head, last))
            if last.chars().count() >= 3 && !last.contains(['(', ')']) && !whole(rest) && whole(head) =>
        {
            head
        }
        _ => rest,
    }
}

/// Whether `text` is a tier whose label a scan misread past knowing, its colon lost: one word
/// of letters, then what is shaped as a range, if perhaps misread too (`erner (36 - 16)` for
/// `Women : (36 - 116)`): numbers either side of a dash, in brackets or not.
fn misread_label_tier(text: &str) -> bool {
    text.trim().split_once(' ').is_some_and(|(label, range)| {
        let range = range.trim().trim_start_matches(OPENING).trim_end_matches([')', ']', '}']);
        let (low, high) = range.split_once('-').unwrap_or_default();
        let number = |t: &str| t.trim().parse::<f64>().is_ok();
        label.chars().count() >= 2 && label.chars().all(char::is_alphabetic) && number(low) && number(high)
    })
}

/// The label of a cell that holds only a tier's colon and label, a cell apart after the tier's
/// range (`: Women` after `10.4 - 12.6)`).
fn colon_label(text: &str) -> Option<&str> {
    text.trim().strip_prefix(':').map(str::trim).filter(|l| label_words(l))
}

/// Whether a cell is a reference range, by sex or not.
fn is_reference(c: &Cell) -> bool {
    parse_range(c.text.trim(), None).is_some() || sex_ranges(&c.text).is_some()
}

/// Whether a row's cells after its name hold a reference, read or not: a number after the
/// result's (`16  - 13) : Adult`, the first tier damaged), or a range.
fn holds_reference(cells: &[Cell]) -> bool {
    let digits = |c: &&Cell| c.text.contains(|ch: char| ch.is_ascii_digit());
    cells.iter().filter(digits).count() > 1 || cells.iter().any(is_reference)
}

fn rows_from_lines(lines: &[Line], page: &Page, sex: Option<Sex>) -> Vec<LabRow> {
    let lines = without_notes(lines);
    let scanned = scanned(page);
    let lines = match with_wrapped_names(&lines, scanned) {
        Some(joined) => Cow::Owned(joined),
        None => lines,
    };
    let lines = match names_under_results(&lines) {
        Some(moved) => Cow::Owned(moved),
        None => lines,
    };
    let bands = band_lines(&lines);
    let mut rows: Vec<LabRow> = Vec::new();
    let mut pending_name: Option<String> = None;
    // The line of words in cells just above, which may be a test's name a scan's wide space cut
    // apart (`Total` | `PSA`): the name of this line when it starts with a result or its label
    // and the catalog knows the words (asked only then: most such lines are no name).
    let mut cut_name: Option<usize> = None;
    let mut columns = Columns::default();
    // Whether the line just read was a result row.
    let mut row_above = false;
    // A reference printed under its row after a label (`Bio. Ref. Interval. :` then
    // `Male : 65 - 175` / `Female : 50 - 170` on the lines below): the row and the text so far.
    let mut reference_below: Option<ReferenceBelow> = None;
    // The last row given a reference from below: a row has one reference. (Where a photo lost
    // the next row's name, the next row's label is not this row's.)
    let mut referenced: Option<usize> = None;
    // Tiers of the last row's reference continued on the lines below, in the same column:
    // the row, where the column starts, and the tiers so far.
    let mut tiers: Option<(usize, (f32, f32), Vec<String>)> = None;
    // Where the desirable column of risk bands is, and the band line the last row took.
    let mut band_x: Option<Option<f32>> = None;
    let mut banded: Option<usize> = None;
    // The words of the line just above, when it held no number and was no row.
    let mut words_above: Option<String> = None;
    for (index, line) in lines.iter().enumerate() {
        if let Some(above) = cut_name.take()
            && pending_name.is_none()
            && line
                .cells
                .first()
                .is_some_and(|c| after_result_label(&c.text).is_some() || parse_value(&c.text).is_some())
            && let Some(name) = named_above(&lines[above].cells, scanned)
        {
            pending_name = Some(name);
        }
        let above_words = words_above.take();
        let above = index.checked_sub(1).and_then(|i| lines.get(i));
        if let Some(x) = band_header_x(&line.cells) {
            band_x = Some(x);
            pending_name = None;
            continue;
        }
        if bands[index].is_some() {
            // Never a result. The row that took these bands keeps the rest of its name, if it
            // wrapped onto the line between.
            if banded == Some(index)
                && let (Some(rest), Some(row)) = (pending_name.take(), rows.last_mut())
            {
                row.name = format!("{} {rest}", row.name);
            }
            pending_name = None;
            tiers = None;
            continue;
        }
        if let Some((row, (x0, x1), texts)) = tiers.as_mut() {
            let h = line.bbox.height().max(1.0);
            // The tier starts in the reference column, perhaps beside the row's method in the
            // name column (`CMIA   Insufficient 21 - 29`), and may come as more than one cell
            // (`blood sugar:` and `101-126` apart).
            // (A column centred or set right starts a longer tier left of the first; a centred
            // one a shorter tier right of it, their middles in line.)
            let middle = (*x0 + *x1) / 2.0;
            // (Not a cell that starts a reference's width or more left of it, in the name
            // column: a list's next line, `Alanine Aminotransferase - 6 ...`; nor one that
            // starts where the row's name does, a list's next line read as one run, `Fertin:
            // 0.0 ng/ml, (M: 27.0 ...`, under `MCH  28.8  pg  M: 24.3 to 28.8 ...`.)
            let name_x = rows.get(*row).map(|r| r.bbox.x0);
            let start = line.cells.iter().position(|c| {
                let near = c.x0 > *x0 - (*x1 - *x0).max(h);
                let at_name = name_x.is_some_and(|nx| (c.x0 - nx).abs() < h) && c.x0 < *x0 - h;
                !at_name
                    && ((c.x0 - *x0).abs() < h || (c.x0 < *x0 && c.x1 > *x0 && near) || (c.mid_x() - middle).abs() < h)
            });
            // Nothing before it holds a number, a unit or a test the catalog knows: that is the
            // next row, its value misread (`Triglycerides  {i  mg/dL  Desirable : : 150`).
            // (A unit in brackets ending a name wrapped there is no number: `Distribution Width
            // (9%) :`, beside its next tier. A test's name there is the rest of the row's where
            // the line gives a sex's range and the catalog knows the whole name: `HDL  43  (40 -
            // 60) : Male` over `Cholesterol (mg/dL) :  (36 - 54) : Women`.)
            // (The words before cell `i` as the rest of a name, without the colon they end with,
            // `Total (mg/dL) :`.)
            let rest_before = |i: usize| {
                let rest = line.cells[..i].iter().map(|c| c.text.trim()).collect::<Vec<_>>().join(" ");
                rest.trim_end_matches(NAME_END).to_string()
            };
            let row_name = rows.get(*row).map_or("", |r| r.name.as_str());
            let sexed_rest = |i: usize| {
                let tier = line.cells[i..].iter().map(|c| c.text.trim()).collect::<Vec<_>>().join(" ");
                let (name, split) = name_with_rest(row_name, &rest_before(i), scanned);
                labels_a_sex(&tier)
                    && crate::catalog::lookup_whole(split.map_or(name, |(bare, _)| bare).as_str()).is_some()
            };
            let before_clear = |i: usize| {
                !line.cells[..i].iter().any(|c| {
                    let text = c.text.trim_end_matches(NAME_END);
                    let text = unit_in_name(text, scanned).map_or(text.to_string(), |(name, _)| name);
                    text.chars().any(|ch| ch.is_ascii_digit())
                        || crate::catalog::is_known_unit(c.text.trim())
                        || (crate::catalog::lookup(c.text.trim()).is_some() && !sexed_rest(i))
                })
            };
            // Nor is a line with a result in the result column (`Blood Glucose Fasting  Male:
            // 63-90; Female: 70-100  90  mg/dl` under `Test  Reference  Value  Unit`).
            let own_value =
                |i: usize| line.cells[i..].iter().any(|c| c.x0 > *x0 + h && columns.in_value(c) && c.value().is_some());
            // Nor one that starts with a test the catalog knows and a result after it, a row of
            // its own whose name stands out under the reference (a list's `TSH (Ultrasensitive)
            // = 5.34 ...` under `Globulin = 2.2 g/dL [Adults : 2.0 - 3.5 ...]`).
            let named_row = |i: usize| {
                crate::catalog::lookup(line.cells[i].text.trim()).is_some()
                    && line.cells.get(i + 1).is_some_and(|c| c.value().is_some())
            };
            // Nor a list's next line whose name a photo misread: a label and its colon, then a
            // result (`Calcaun:  6.3  mg/dl.  (Male; ...` under `INR  0.87  0.72 to 1.08 ...`).
            let labelled_result = |i: usize| {
                i > 0
                    && line.cells[i - 1].text.trim_end().ends_with(':')
                    && line.cells[i].value().is_some_and(|v| v.number.is_some())
                    && parse_range(&line.cells[i].text, None).is_none()
            };
            // Nor a row whose name the catalog does not know, its result and unit where the tier
            // would start (`Trighycenctes  62  mg/dl  < 150 ...` under `Basophils  1  %  (0 - 2) :
            // Adult ; (0 - 2) : Child`): a tier starts with its label or its range.
            let result_and_unit = |i: usize| {
                line.cells[i].value().is_some_and(|v| v.number.is_some())
                    && parse_range(&line.cells[i].text, None).is_none()
                    && line.cells.get(i + 1).is_some_and(|c| crate::catalog::is_known_unit(c.text.trim()))
            };
            let text = start
                .filter(|&i| {
                    before_clear(i) && !own_value(i) && !named_row(i) && !labelled_result(i) && !result_and_unit(i)
                })
                .map(|i| line.cells[i..].iter().map(|c| c.text.trim()).collect::<Vec<_>>().join(" "));
            match text {
                Some(text) if text.contains(':') || labelled_tier(&text).is_some() => {
                    // The rest of the row's name wrapped beside its next tier (`HDL` over
                    // `Cholesterol, Direct  36 - 54): Women`), where the catalog knows the whole.
                    let wrapped = start.map(rest_before).filter(|w| !w.is_empty());
                    if let (Some(rest), Some(target)) = (wrapped, rows.get_mut(*row))
                        && let (name, split) = name_with_rest(&target.name, &rest, scanned)
                        && crate::catalog::lookup_whole(split.as_ref().map_or(&name, |(bare, _)| bare)).is_some()
                    {
                        // (With its unit in brackets, `Total (ng/mL)`, where the row has none.)
                        match split.filter(|_| target.unit.is_none()) {
                            Some((name, unit)) => (target.name, target.unit) = (name, Some(unit)),
                            None => target.name = name,
                        }
                    }
                    texts.push(text);
                    let joined = join_tiers(texts);
                    let colons: Vec<String> = texts
                        .iter()
                        .map(
                            |t| if t.contains(':') { t.clone() } else { labelled_tier(t).unwrap_or_else(|| t.clone()) },
                        )
                        .collect();
                    if let Some(target) = rows.get_mut(*row) {
                        set_reference(target, &join_tiers(without_damaged_tier(&colons, sex)), joined, sex);
                    }
                    continue;
                }
                _ => tiers = None,
            }
        }
        let was_row_above = std::mem::replace(&mut row_above, false);
        if let Some(below) = reference_below.as_mut() {
            if below.takes(line, page.width, columns) {
                continue;
            }
            if let Some(done) = reference_below.take() {
                referenced = Some(done.row);
                done.apply(&mut rows, sex);
            }
        }
        // The name column's header on the line just above, left of this line's first cell.
        let name_above = above.is_some_and(|a| {
            let close = line.bbox.y0 - a.bbox.y1 < line.bbox.height();
            let x0 = line.cells.first().map_or(0.0, |c| c.x0);
            close && !holds_number(&a.cells) && a.cells.iter().any(|c| c.x1 < x0 && header_says(c, NAME_HEADERS))
        });
        let header = header_columns(&line.cells, name_above)
            .or_else(|| scanned.then(|| value_column_of_rows(&line.cells, &lines[index + 1..])).flatten());
        if let Some(mut c) = header {
            // A unit column after the reference whose header a scan lost.
            if scanned && let Some(units) = unit_column_of_rows(&line.cells, &c, &lines[index + 1..]) {
                c.unit_after = Some(units);
            }
            // A header set on two lines: `Results` under `Previous` heads the earlier results.
            if let (Some((x0, _)), Some(above)) = (c.value, above)
                && above
                    .cells
                    .iter()
                    .any(|a| header_says(a, PREVIOUS_HEADERS) && (a.x0 - x0).abs() < line.bbox.height().max(1.0) * 2.0)
            {
                c.previous = c.value.take();
            }
            // (A text layer's units are as printed, whatever the column.)
            if !scanned {
                c.unit_after = None;
            }
            columns = c;
            pending_name = None;
            continue;
        }
        // A line made only of binary results ("Protein Negative  Casts Negative") has no unit or
        // range for the table reader to find, and may hold two tests. (A method's column between
        // the name and the result is neither: `Hepatitis B  Photometry  Non Reactive`.)
        let in_method = |c: &Cell| {
            columns.method_x.is_some_and(|x| c.x0 >= x - 2.0)
                && columns.value.is_some_and(|(value_x, _)| c.x1 <= value_x + 2.0)
        };
        let unmethodical: Vec<Cell> = line.cells.iter().filter(|c| !in_method(c)).cloned().collect();
        // A result after a label on the line under its test's name (`Serum Creatinine` over
        // `Result : 1.4 mg/dL`), as reports of a test or two print them: the name is the test's.
        let labelled = pending_name.as_ref().and_then(|name| result_under_name(name, &line.cells));
        let pairs = if labelled.is_some() { Vec::new() } else { binary_results(&unmethodical) };
        // Under a header, one such word right of the result column with nothing read under the
        // result's header is the reference, its result lost (`Protein  :  Negative` read for
        // `Protein  Nil  Negative`): not the result ([`empty_result`] keeps the test).
        let reference_alone = pairs.len() == 1
            && line.cells.last().is_some_and(|c| columns.after_value(c))
            && !line.cells.iter().any(|c| columns.in_value(c) && c.value().is_some());
        if !pairs.is_empty() && !reference_alone {
            for (name, value) in pairs {
                rows.push(word_row(name, value, page.number, line.bbox));
            }
            row_above = true;
            pending_name = None;
            continue;
        }
        // A result whose unit and range are on a line of risk bands below it.
        let band = band_below(&lines, &bands, index, band_x);
        let read = |cells: &[Cell], columns: Columns| match &band {
            Some((_, extra)) => {
                let mut cells = cells.to_vec();
                cells.extend(extra.iter().cloned());
                read_line(&cells, sex, columns)
            }
            None => read_line(cells, sex, columns),
        };
        let parsed = labelled
            .and_then(|cells| read(&cells, columns))
            .or_else(|| read(&line.cells, columns))
            .or_else(|| {
                // A name wrapped onto its own line, the value starting the next one. (Not a
                // section's heading, `Kidney Function Test`, over a row a photo's tilt cut
                // from its name.)
                let name = pending_name.as_ref().filter(|n| !section_heading(n))?;
                let first = line.cells.first()?;
                // (Or the reference starting it, under a header that sets the reference before
                // the result: `25-OH Vitamin D` over `< 20.0 : Deficiency  34.2`.)
                let result_after_reference = columns.before_value.is_some()
                    && line.cells.iter().any(|c| columns.in_value(c) && c.value().is_some());
                if !result_after_reference {
                    parse_value(&first.text)?;
                }
                let mut cells = vec![Cell { text: name.clone(), x0: 0.0, x1: 0.0, bold: false, point_gap: false }];
                cells.extend(line.cells.iter().cloned());
                read(&cells, Columns { method_x: None, ..columns })
            })
            .or_else(|| empty_result(&line.cells, sex, columns));
        if parsed.is_some() {
            banded = band.as_ref().map(|(j, _)| *j);
        }
        match parsed {
            // A test's name with nothing in its result column right under a row of the same
            // test: the rest of that row, which a photo at a slant cut off below it (`F  FT4
            // 0.80  Adults : 0.93 to 1.70` over `Free Thyroxine (FT4)  Children : 0.65 to
            // 1.36`), not a row of its own. The fuller name is the row's; the reference below,
            // its next tier.
            Some(p)
                if was_row_above
                    && p.value.text.is_empty()
                    && let Some(row) = rows.last_mut()
                    && row.value.number.is_some()
                    && same_test(&row.name, &p.name) =>
            {
                if p.name.chars().count() > row.name.chars().count() {
                    row.name = p.name;
                }
                if let (Some(text), Some(below)) = (row.range_text.as_mut(), p.range_text) {
                    *text = format!("{text}; {below}");
                }
                row_above = true;
            }
            Some(p) => {
                let flag = p.flag.or(p.bold.then_some(Flag::Abnormal).filter(|_| p.value.number.is_some()));
                tiers = p.reference_cell.as_ref().map(|(x0, x1, text)| (rows.len(), (*x0, *x1), vec![text.clone()]));
                // The start of a name wrapped onto the line above, beside a lab code
                // (`SEX HORMONE BINDING  EN` over `GLOBULIN  28`).
                let name = match above_words {
                    Some(start) if !p.name.starts_with(&start) => {
                        completed_name(&start, &p.name, false).unwrap_or(p.name)
                    }
                    _ => p.name,
                };
                let (name, unit) = match p.unit {
                    None if p.value.number.is_some() => match unit_in_name(&name, scanned) {
                        Some((name, unit)) => (name, Some(unit)),
                        None => (name, None),
                    },
                    // A reference's label read where the unit goes (`Desirable:`) is none, where
                    // the name ends with its unit.
                    Some(label) if label.ends_with(':') => match unit_in_name(&name, scanned) {
                        Some((name, unit)) => (name, Some(unit)),
                        None => (name, Some(label)),
                    },
                    unit => (name, unit),
                };
                // On a scan, a unit in brackets after the name misread past mending (`VLDL
                // (m@idL)`, `eGFR (mitmin/t 73m2)`) is no part of the name: the unit stays unread.
                let name = match scanned.then(|| misread_unit_in_name(&name)).flatten() {
                    Some(before) => before,
                    None => name,
                };
                // So is a reference printed before the result and read into the name, past
                // reading (`Mean Corpuscular Hemoglobin (343 : 358`).
                let name = match scanned.then(|| reference_in_name(&name)).flatten() {
                    Some(before) => before,
                    None => name,
                };
                rows.push(LabRow {
                    name,
                    value: p.value,
                    unit,
                    range: p.range,
                    range_text: p.range_text,
                    flag,
                    page: page.number,
                    bbox: line.bbox,
                });
                row_above = true;
                pending_name = None;
            }
            None => {
                if let Some(below) = ReferenceBelow::start(line, &rows).filter(|b| referenced != Some(b.row)) {
                    reference_below = Some(below);
                    continue;
                }
                if let Some((name, value)) = descriptive_result(&line.cells).filter(|_| !reference_alone) {
                    rows.push(word_row(name, value, page.number, line.bbox));
                    row_above = true;
                    pending_name = None;
                    continue;
                }
                // The rest of a name wrapped under its row (`THYROID PEROXIDASE  <1  <9 IU/mL`
                // over `ANTIBODIES`), perhaps with its leader dots and a speck a photo read
                // after them (`Sedimentation Rate .......  5`, the `:` read as `5`).
                let specks_after_leaders = |cells: &[Cell]| {
                    cells[0].text.trim_end().ends_with("...")
                        && cells[1..].iter().all(|c| c.text.trim().chars().count() == 1)
                };
                if was_row_above
                    && let [cell, rest @ ..] = line.cells.as_slice()
                    && (rest.is_empty() || (rest.len() == 1 && specks_after_leaders(&line.cells)))
                    && let Some(row) = rows.last_mut()
                    && let Some(name) =
                        completed_name(&row.name, cell.text.trim().trim_end_matches([' ', ':', '.']), true)
                {
                    row.name = name;
                    continue;
                }
                words_above = line
                    .cells
                    .first()
                    .filter(|c| !holds_number(&line.cells) && c.text.chars().any(char::is_alphabetic))
                    .map(|c| c.text.trim().to_string());
                let method = method_below(&line.cells, line.bbox, if was_row_above { rows.last() } else { None });
                if let (Some(method), Some(row)) = (method, rows.last_mut()) {
                    row.name = format!("{} {method}", row.name);
                    continue;
                }
                // (A line ending in a full stop ends a sentence, not a name.) On a scan, specks
                // read beside a name are no cells of its line (`Monocytes  .`, `ESR  |`), nor
                // one read as a small letter before it (`o  eGFR`).
                let cells: Cow<'_, [Cell]> = if scanned {
                    let letter = |i: usize, c: &Cell| {
                        let mut chars = c.text.trim().chars();
                        i == 0
                            && line.cells.len() > 1
                            && chars.next().is_some_and(char::is_lowercase)
                            && chars.next().is_none()
                    };
                    let kept = line.cells.iter().enumerate().filter(|(i, c)| !letter(*i, c));
                    Cow::Owned(
                        kept.map(|(_, c)| c).filter(|c| c.text.contains(char::is_alphanumeric)).cloned().collect(),
                    )
                } else {
                    Cow::Borrowed(&line.cells)
                };
                let all_text = cells.len() == 1
                    && parse_value(&cells[0].text).is_none()
                    && !cells[0].text.trim_end().ends_with('.');
                pending_name = all_text.then(|| clean_name(&cells));
                let words = |c: &Cell| c.text.contains(char::is_alphabetic) && parse_value(&c.text).is_none();
                if line.cells.len() > 1 && line.cells.iter().all(words) {
                    cut_name = Some(index);
                }
            }
        }
    }
    if let Some(done) = reference_below {
        done.apply(&mut rows, sex);
    }
    rows
}

/// Whether a row's name (`read`, perhaps a piece of the name with a speck beside it: `F FT4`)
/// names the test the catalog knows by `whole`: the same test, or each word of two letters or
/// more in `read` a word of `whole`.
fn same_test(read: &str, whole: &str) -> bool {
    let Some(test) = crate::catalog::lookup(whole) else { return false };
    if crate::catalog::lookup(read).is_some_and(|b| b.key == test.key) {
        return true;
    }
    let words = |s: &str| -> Vec<String> {
        s.split(|c: char| !c.is_alphanumeric()).filter(|w| w.chars().count() >= 2).map(str::to_lowercase).collect()
    };
    let (part, all) = (words(read), words(whole));
    !part.is_empty() && part.iter().all(|w| all.contains(w))
}
