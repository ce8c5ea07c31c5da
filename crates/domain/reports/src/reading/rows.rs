//! Rows from words: rebuild lines and cells by position, then read name, value, flag, unit and
//! reference range from each line that is a result.

use std::borrow::Cow;

use crate::document::{BBox, Page, Word};

use super::number::{leading_number, parse_number};
use super::range::{RefRange, Sex, label_words, labels_a_sex, labels_tiers, parse_range, sex_ranges};
use super::value::{
    Flag, Qualifier, ResultValue, is_negative_result, is_positive_result, lost_point, parse_flag, parse_value,
    qualitative_word,
};

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

/// A run of words close enough to be one cell of a table.
#[derive(Debug, Clone)]
struct Cell {
    text: String,
    x0: f32,
    x1: f32,
    bold: bool,
    /// Two numbers a scan set apart where a decimal point it lost stood (`45 1`).
    point_gap: bool,
}

impl Cell {
    /// Where the cell's character `n` stands, by its share of the cell's letters: a text layer
    /// gives a box for a run of words, OCR one for a word, never one for each letter.
    fn x_at(&self, n: usize) -> f32 {
        self.x0 + (self.x1 - self.x0) * n as f32 / self.text.chars().count().max(1) as f32
    }

    /// The cell cut in two: `head`, ending where the cell's character `head_end` stands, and
    /// `tail`, starting where its character `tail_start` does ([`Self::x_at`]).
    fn cut(&self, head: String, head_end: usize, tail: String, tail_start: usize) -> Vec<Cell> {
        vec![
            Cell { text: head, x1: self.x_at(head_end), ..self.clone() },
            Cell { text: tail, x0: self.x_at(tail_start), ..self.clone() },
        ]
    }

    /// The cell cut in two at its ends: `head`, a start of its text, and `tail`, an end of it,
    /// each where it stands ([`Self::cut`]).
    fn cut_ends(&self, head: String, tail: String) -> Vec<Cell> {
        let (head_end, tail_start) = (head.chars().count(), self.text.chars().count() - tail.chars().count());
        self.cut(head, head_end, tail, tail_start)
    }

    /// The result this cell holds, with a lost decimal point put back (`45 1` is 45.1).
    fn value(&self) -> Option<ResultValue> {
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
const STRAY_BEFORE: &[char] = &['~', '_', '\u{2014}', '=', ' '];
/// Quotes, which a scan reads for specks and footnote marks.
const QUOTES: &[char] = &['\'', '`', '"', '\u{2018}', '\u{2019}', '\u{201c}', '\u{201d}'];
/// Marks a scan puts after a number: a comma, semicolon or full stop, quotes, an underline or
/// a piece of one (`108 =`), a closing bracket (a photo's reading of the edge of a cell,
/// `108)`).
const STRAY_AFTER: &[char] = &[',', ';', '.', '\'', '"', '\u{2019}', '\u{201d}', '_', ')', ']', '='];
#[derive(Clone)]
struct Line {
    cells: Vec<Cell>,
    bbox: BBox,
}

/// Words that start lines of patient details, page furniture or notes, never results.
const NOT_A_TEST: &[&str] = &[
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
pub(super) const TIER_WORDS: &[&str] = &[
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

/// Column headers: which words name which column.
const VALUE_HEADERS: &[&str] = &["result", "results", "value", "values", "observed", "observation", "your"];
const METHOD_HEADERS: &[&str] = &["method", "methodology", "technology", "specimen", "sample", "technique"];
const NAME_HEADERS: &[&str] = &[
    "test",
    "tests",
    "testname",
    "investigation",
    "investigations",
    "parameter",
    "parameters",
    "examination",
    "description",
];

/// What a header line tells about the columns below it.
#[derive(Debug, Clone, Copy, Default)]
struct Columns {
    /// Where the method column starts (`TEST NAME  TECHNOLOGY  VALUE  UNITS`).
    method_x: Option<f32>,
    /// The span of a column of earlier results (`Previous Result and Date`): nothing in it is
    /// the current value or the reference.
    previous: Option<(f32, f32)>,
    /// The span of the result column, from its header to the next header.
    value: Option<(f32, f32)>,
    /// Where the header before the result's starts, when that is not the name's (`Test Name
    /// REFERENCE INTERVAL  Your Value`).
    before_value: Option<f32>,
    /// The span of a unit column before the result's (`Test  Units  Result`), from halfway
    /// between its header and the one before to the next header.
    unit_before: Option<(f32, f32)>,
    /// The same for a unit column after the result's (`Test  Result  Reference  Units`), on a
    /// scanned page.
    unit_after: Option<(f32, f32)>,
}

impl Columns {
    fn in_previous(&self, cell: &Cell) -> bool {
        self.previous.is_some_and(|(x0, x1)| {
            let mid = (cell.x0 + cell.x1) / 2.0;
            mid >= x0 - 2.0 && mid < x1 - 2.0
        })
    }

    /// Whether `cell` starts where the header after the result's does, or right of it (a
    /// scan's drift allowed for).
    fn after_value(&self, cell: &Cell) -> bool {
        self.value.is_some_and(|(_, end)| cell.x0 >= end - 2.0)
    }

    /// Whether `cell` stands under the result column's header (its centre between that header
    /// and the next).
    fn in_unit_after(&self, cell: &Cell) -> bool {
        self.unit_after.is_some_and(|(x0, x1)| (x0..x1).contains(&((cell.x0 + cell.x1) / 2.0)))
    }

    fn in_value(&self, cell: &Cell) -> bool {
        self.value.is_some_and(|(x0, x1)| {
            let mid = (cell.x0 + cell.x1) / 2.0;
            mid >= x0 - 2.0 && mid < x1
        })
    }
}

const PREVIOUS_HEADERS: &[&str] = &["previous", "prior", "last", "earlier"];

/// Words of a street address, in no test's name.
const ADDRESS_WORDS: &[&str] =
    &["street", "road", "sector", "nagar", "marg", "floor", "lane", "avenue", "suite", "blvd", "boulevard", "colony"];

/// Headers of a unit column.
const UNIT_HEADERS: &[&str] = &["unit", "units", "uom"];

/// Headers of a reference column.
const REFERENCE_HEADERS: &[&str] = &["reference", "ref", "interval", "range", "normal", "biological"];

/// Headers of results printed in one of two columns, within the range or out of it, as Quest
/// prints them (`In Range  Out Of Range`, `Normal  Abnormal`): each whole cell. (`Normal`
/// alone; `Normal Range` is the reference's.)
const IN_OUT_HEADERS: &[&str] =
    &["in range", "within range", "normal", "out of range", "outside range", "out-of-range", "abnormal"];

/// Whether a header cell is one of [`IN_OUT_HEADERS`].
fn in_out_header(cell: &Cell) -> bool {
    let text = cell.text.trim().to_lowercase();
    IN_OUT_HEADERS.contains(&text.as_str())
}

/// Where the result column's header is in a header line: one naming a result, or the first of
/// the columns within and out of the range (`Tests  Ref. Range  Normal  Out Of Range  Unit(s)`,
/// `Test Name  Method  Within Range  Abnormal`), the second right after it.
fn value_header(cells: &[Cell]) -> Option<usize> {
    cells.iter().position(|c| header_says(c, VALUE_HEADERS) && !header_says(c, PREVIOUS_HEADERS)).or_else(|| {
        let at = cells.iter().position(in_out_header).filter(|&i| i > 0)?;
        cells.get(at + 1).is_some_and(in_out_header).then_some(at)
    })
}

/// The columns a header line names, if it is a header line. `name_above`: the line just above
/// holds the name column's header, as a photo's header can come out on two lines (`TEST NAME`
/// a little higher than `TECHNOLOGY  VALUE  UNITS`).
fn header_columns(cells: &[Cell], name_above: bool) -> Option<Columns> {
    let Some(method_x) = header_method_x(cells, name_above) else { return dated_columns(cells) };
    // From the header named by a word of `set` to the next header. A header run into the one
    // before it (`Biological Ref. Interval Previous Result` or `… Interval Results` as one
    // cell) starts at its own word, not at the cell.
    let span = |i: usize, set: &[&str]| {
        let start = header_word_x(&cells[i], set).unwrap_or(cells[i].x0);
        (start, cells.get(i + 1).map_or(f32::MAX, |next| next.x0))
    };
    let previous = cells.iter().position(|c| header_says(c, PREVIOUS_HEADERS)).map(|i| span(i, PREVIOUS_HEADERS));
    let value_at = value_header(cells);
    // (Both columns of results within and out of the range are the result's.)
    let value = value_at.map(|i| {
        if in_out_header(&cells[i]) {
            (cells[i].x0, cells.get(i + 2).map_or(f32::MAX, |next| next.x0))
        } else {
            span(i, VALUE_HEADERS)
        }
    });
    let before_value = value_at.filter(|&i| i >= 2).map(|i| cells[i - 1].x0);
    let unit_before = value_at.and_then(|v| {
        let at = cells[..v].iter().rposition(|c| header_says(c, UNIT_HEADERS)).filter(|&i| i > 0)?;
        Some(((cells[at - 1].x1 + cells[at].x0) / 2.0, cells[at + 1].x0))
    });
    // (Only past the reference's header: a unit column just after the result's is read well.)
    let unit_after = value_at.and_then(|v| {
        let at = (v + 1..cells.len()).find(|&i| header_says(&cells[i], UNIT_HEADERS))?;
        cells[v + 1..at].iter().any(|c| header_says(c, REFERENCE_HEADERS)).then_some(())?;
        Some(((cells[at - 1].x1 + cells[at].x0) / 2.0, cells.get(at + 1).map_or(f32::MAX, |next| next.x0)))
    });
    Some(Columns { method_x, previous, value, before_value, unit_before, unit_after })
}

/// The columns under a scanned header whose result column's header OCR lost (`Test
/// Description  Reference Range`, its `RESULT` unread): the result column is the one its rows
/// end in, right of the reference's header, where at least four of them end (or start, a
/// column set left) within a letter's height of each other, more than half the rows that end
/// in a result there; the reference's header is the one before it.
fn value_column_of_rows(header: &[Cell], below: &[Line]) -> Option<Columns> {
    // (The cheap tests first: every line of a scan without a header is asked.)
    if header.len() < 2 || !header_says(&header[0], NAME_HEADERS) || holds_number(header) {
        return None;
    }
    let reference = header.iter().rposition(|c| header_says(c, REFERENCE_HEADERS)).filter(|&i| i > 0)?;
    let reference_x = header[reference].x0;
    // The rows up to the next header or a line far below the one before (the table's end).
    let mut ends: Vec<(f32, f32, f32)> = Vec::new();
    let mut y = below.first()?.bbox.y0;
    for line in below {
        let h = line.bbox.height().max(1.0);
        if line.bbox.y0 - y > 4.0 * h || header_columns(&line.cells, false).is_some() {
            break;
        }
        y = line.bbox.y1;
        if let [.., before, last] = line.cells.as_slice()
            && last.x0 > reference_x
            && before.x1 < last.x0
            && last.value().is_some_and(|v| v.number.is_some() || v.qualitative.is_some())
        {
            ends.push((last.x0, last.x1, h));
        }
    }
    let h = ends.iter().map(|e| e.2).fold(0.0, f32::max);
    let aligned = |edge: fn(&(f32, f32, f32)) -> f32| {
        ends.iter().find_map(|e| {
            let near: Vec<&(f32, f32, f32)> = ends.iter().filter(|o| (edge(o) - edge(e)).abs() <= h).collect();
            (near.len() >= 4 && near.len() * 2 > ends.len()).then(|| near.iter().map(|o| o.0).fold(f32::MAX, f32::min))
        })
    };
    let start = aligned(|e| e.1).or_else(|| aligned(|e| e.0))?;
    // (Not a column that starts at the reference's header: that is the reference.)
    (start > reference_x + h).then_some(())?;
    Some(Columns { value: Some((start - h, f32::MAX)), before_value: Some(reference_x), ..Columns::default() })
}

/// The columns of a cumulative report's header (`Test  05/10/2026  12/11/2026  Units`): a
/// column of results for each date after the name's header; the latest date's is the result,
/// the others earlier results (those on one side of it, where they all are).
fn dated_columns(cells: &[Cell]) -> Option<Columns> {
    // (Every line is asked: the cheap test first.)
    let date_like = |c: &Cell| c.text.contains(|ch: char| ch.is_ascii_digit()) && c.text.contains(['/', '-', '.']);
    if cells.iter().filter(|c| date_like(c)).count() < 2 {
        return None;
    }
    let name = cells.iter().position(|c| header_says(c, NAME_HEADERS))?;
    let after = &cells[name + 1..];
    let texts: Vec<&str> = after.iter().map(|c| c.text.as_str()).collect();
    let (latest, dated) = super::dates::latest_date(&texts)?;
    let end = |i: usize| after.get(i + 1).map_or(f32::MAX, |next| next.x0);
    let value = Some((after[latest].x0, end(latest)));
    let (&first, &last) = (dated.first()?, dated.last()?);
    let previous = if latest == last {
        Some((after[first].x0, after[latest].x0))
    } else if latest == first {
        Some((after[first + 1].x0, end(last)))
    } else {
        None
    };
    Some(Columns { method_x: None, previous, value, before_value: None, unit_before: None, unit_after: None })
}

/// Where in a header cell the first of its words in `set` starts, by its share of the cell's
/// letters (a text layer gives the cell's box, not each word's).
fn header_word_x(cell: &Cell, set: &[&str]) -> Option<f32> {
    let text = cell.text.to_lowercase();
    let mut at = 0;
    for word in text.split(' ') {
        let core: String = word.chars().filter(|c| c.is_alphanumeric()).collect();
        if set.contains(&core.as_str()) {
            return Some(cell.x_at(text[..at].chars().count()));
        }
        at += word.len() + 1;
    }
    None
}

/// Whether a header cell holds one of the words of `set` (`Bio. Ref. Interval`, `RESULTS`).
fn header_says(cell: &Cell, set: &[&str]) -> bool {
    header_text_says(&cell.text, set)
}

/// Whether `text` holds one of the words of `set`. A header word of six letters or more may be
/// one letter off, as OCR reads a photo's header (`METHOO`, `mI |ETHODOLOGY` with its `M` split
/// in two): the letters run together are compared as well.
fn header_text_says(text: &str, set: &[&str]) -> bool {
    let text = text.to_lowercase();
    let words: Vec<&str> = text.split(|ch: char| !ch.is_alphanumeric()).collect();
    if words.iter().any(|w| set.contains(w)) {
        return true;
    }
    let letters: String = text.chars().filter(|c| c.is_alphabetic()).collect();
    // One edit changes the length by one letter at most: the length is checked first, as
    // every cell of every line is asked. A header of six letters may be one letter off too,
    // though not its first (`METHOO`): asking every word of six letters or so against them
    // all cost text PDFs 3% more instructions. Shorter ones must be read right.
    let near = |w: &str, h: &str| {
        (h.len() >= 7 || (h.len() == 6 && w.as_bytes().first() == h.as_bytes().first()))
            && w.len().abs_diff(h.len()) <= 1
            && crate::catalog::edit_distance_within(w, h, 2)
    };
    set.iter().any(|h| near(&letters, h) || words.iter().any(|w| near(w, h)))
}

/// Where the method column starts, from a header line (`TEST NAME  TECHNOLOGY  VALUE  UNITS`).
/// With the name column's header on the line above (`name_above`), the line must name the
/// method column for the two to be one header.
fn header_method_x(cells: &[Cell], name_above: bool) -> Option<Option<f32>> {
    let value = value_header(cells)?;
    let after_name = match cells.iter().position(|c| header_says(c, NAME_HEADERS)) {
        Some(name) => name + 1,
        None if name_above => 0,
        None => return None,
    };
    if after_name > value || holds_number(cells) {
        return None;
    }
    let between = cells[after_name..value].iter().find(|c| header_says(c, METHOD_HEADERS)).map(|c| c.x0);
    // A photo's tall word boxes can run the method header into the value's (`TECHNOLOGY VALUE
    // UNITS` as one cell): the method column starts where that cell does.
    let first_word = cells[value].text.split_whitespace().next().unwrap_or("");
    let method_x = between.or_else(|| header_text_says(first_word, METHOD_HEADERS).then_some(cells[value].x0));
    if after_name == 0 && method_x.is_none() {
        return None;
    }
    Some(method_x)
}

/// Whether the page's words are OCR's (each with its line), not a text layer's.
fn scanned(page: &Page) -> bool {
    !page.words.is_empty() && page.words.iter().all(|w| w.line.is_some())
}

fn lines_of(page: &Page) -> Vec<Line> {
    let scanned = scanned(page);
    // (`slope`: below, found with the OCR's lines.)
    let (groups, colons, slope) = if scanned {
        let (groups, slope) = lines_found_by_ocr(page);
        (groups, colon_columns(page), slope)
    } else {
        (level_lines(page), Vec::new(), 0.0)
    };
    // A scan or photo is seldom square on the page: its lines climb or fall by the page's
    // slope, and a column drifts sideways down the page by as much (0.7° moves a column 17
    // pixels over 1400). Cells are placed where they stand on the page set straight, so a
    // cell at the foot of a column lines up with the column's header; each line's box stays
    // where it is on the image.
    //
    // A photo taken at a slant is also narrower at one end than the other, so its columns drift
    // by more (or less) than its rows' slope says: the drift left over is measured on the left
    // edges of the names and of the units ([`page_drift`]) and taken out too.
    let drift = if scanned { page_drift(&groups, slope) } else { Drift::default() };
    groups
        .into_iter()
        .map(|mut g| {
            g.sort_by(|a, b| a.bbox.x0.total_cmp(&b.bbox.x0));
            // Not a table's rule read as a bar down the rows beside it: a mark without a
            // letter or digit over three times the line's letters (`|` 400 px tall on a
            // photo's line of 25 px letters joined its result to its comment).
            let letters = g.iter().filter(|w| w.text.contains(char::is_alphanumeric)).map(|w| w.bbox.height());
            let letters = letters.fold(0.0f32, f32::max);
            let rule = |w: &&&Word| letters > 0.0 && w.bbox.height() > 3.0 * letters;
            let h = g.iter().filter(|w| !rule(w)).map(|w| w.bbox.height()).fold(0.0f32, f32::max).max(1.0);
            let y = mid_y(&g);
            let shift_at = |x: f32| (slope - drift.at(x)) * y;
            let mut cells: Vec<Cell> = Vec::new();
            // On a scan, a table's rule read as a bar or bracket is a border between cells:
            // alone (`NEGATIVE | | NEGATIVE`) or stuck to the word after it (`[NEGATIVE`). So is a
            // dash that is no range's ([`rule_dash`]); alone, it is left out.
            let mut border = false;
            // The right edge on the image of the last word taken.
            let mut raw_x1 = f32::MIN;
            for (i, w) in g.iter().enumerate() {
                // (A text layer's colons are as printed: OCR misreads them.)
                let text = if scanned && misread_colon(&g, i, &colons) { ":" } else { w.text.as_str() };
                let rule = |c: char| matches!(c, '|' | '[' | ']');
                let dash = scanned && rule_dash(i.checked_sub(1).map(|p| g[p].text.as_str()), text, g.get(i + 1));
                if dash && text.chars().all(|c| DASHES.contains(&c)) {
                    border = true;
                    continue;
                }
                let alone = scanned && !text.is_empty() && text.chars().all(rule);
                let stuck = scanned && !alone && (text.starts_with(rule) || dash);
                let text = match (stuck, dash) {
                    (true, true) => text.trim_start_matches(DASHES),
                    (true, false) => text.trim_start_matches(rule),
                    (false, _) => text,
                };
                let after_border = std::mem::replace(&mut border, alone) || alone || stuck;
                // On a scan, a gap where a decimal point OCR lost stood.
                let shift = shift_at(w.bbox.x0);
                let point_gap = scanned && i > 0 && cells.last().is_some_and(|c| lost_point_gap(c, g[i - 1], w, shift));
                let (x0, x1) = (w.bbox.x0 + shift, w.bbox.x1 + shift);
                // The gap as it is on the image: words next to each other are moved by nearly
                // as much, but not quite, and a gap just under the limit must not pass it.
                let gap = w.bbox.x0 - std::mem::replace(&mut raw_x1, w.bbox.x1);
                // A range's high bound after its `to` is the range's, across a photo's wider
                // space too (`reference 40 to` | `129 U/L`).
                let bound = scanned && gap < 1.2 * h && text.starts_with(|c: char| c.is_ascii_digit()) && {
                    let mut before = cells.last().map_or("", |c| c.text.as_str()).rsplit(' ');
                    before.next().is_some_and(|t| t.eq_ignore_ascii_case("to"))
                        && before.next().is_some_and(|n| parse_number(n.trim_start_matches(['(', '<', '>'])).is_some())
                };
                match cells.last_mut() {
                    // A gap wider than about two spaces starts a new column.
                    Some(c) if !after_border && (gap < 0.55 * h || point_gap || bound) => {
                        c.point_gap = point_gap;
                        c.text.push(' ');
                        c.text.push_str(text);
                        c.x1 = c.x1.max(x1);
                        c.bold &= w.bold;
                    }
                    _ => cells.push(Cell { text: text.to_string(), x0, x1, bold: w.bold, point_gap: false }),
                }
            }
            let cells: Vec<Cell> = cells
                .into_iter()
                .map(|c| if scanned { without_leading_specks(flag_glued_before_result(c)) } else { c })
                .flat_map(|c| if scanned { split_after_result(c) } else { vec![c] })
                .flat_map(split_run_on_reference)
                .enumerate()
                .flat_map(|(i, c)| if i > 0 { split_worded_result(c) } else { vec![c] })
                .collect();
            let cells = if scanned { with_split_labels_joined(cells) } else { cells };
            let mut cells = listed(cells);
            if scanned {
                mend_international_units(&mut cells);
            }
            // A result beyond what the assay measures with its unit (`<5.0 mg/dL`) is the line's
            // first number after the name (which may hold one, `8. AST`), or its last after a
            // reference (`Up to 5.0  <0.2 mg/L`), or its first tier (`High : >= 120  <5.0 mg/dL`);
            // elsewhere such a cell is a reference.
            let numbers: Vec<usize> =
                (1..cells.len()).filter(|&i| cells[i].text.contains(|ch: char| ch.is_ascii_digit())).collect();
            let after_reference = |i: usize| match numbers.as_slice() {
                [.., before, last] if *last == i => {
                    parse_range(&cells[*before].text, None).is_some() || worded_tier(&cells[*before].text)
                }
                _ => false,
            };
            let may_be_result: Vec<bool> =
                (0..cells.len()).map(|i| numbers.first().is_none_or(|&n| i <= n) || after_reference(i)).collect();
            let cells: Vec<Cell> =
                cells.into_iter().zip(may_be_result).flat_map(|(c, result)| split_glued_unit(c, result)).collect();
            let cells = if scanned { split_misread_unit_before_reference(cells) } else { cells };
            let bbox = BBox {
                x0: g.iter().map(|w| w.bbox.x0).fold(f32::MAX, f32::min),
                y0: g.iter().map(|w| w.bbox.y0).fold(f32::MAX, f32::min),
                x1: g.iter().map(|w| w.bbox.x1).fold(f32::MIN, f32::max),
                y1: g.iter().map(|w| w.bbox.y1).fold(f32::MIN, f32::max),
            };
            Line { cells, bbox }
        })
        .collect()
}

/// `cells` with a line of a list, a test's name and its result in one run of words, cut into
/// cells ([`split_listed`]): the first cell (with the rest of the line where they read as
/// one), or the whole line as one run where wider spaces set its words apart (`TSH
/// (Ultrasensitive) = 5.34 High uIU/mL  [Male : ...]`), then only as `need_separator` says
/// (else they are a table's cells: `eGFR  > 90 mL/min/1.73m2  120`).
fn listed(cells: Vec<Cell>) -> Vec<Cell> {
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
const OPENING: [char; 3] = ['(', '[', '{'];

/// Words that say a reference follows, as a list prints it after the result (`, reference 0.7
/// - 1.3`, `Normal range: 70 - 100`); `Ret` is a photo's `Ref`.
const REFERENCE_WORDS: &[&str] = &["ref", "ref.", "ret", "ret.", "reference", "normal", "range", "interval"];

/// A word of a run of cells, and where it stands.
#[derive(Clone, Copy)]
struct RunWord<'a> {
    text: &'a str,
    x0: f32,
    x1: f32,
    /// Which of the run's cells it is in.
    cell: usize,
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
fn split_listed(cells: &[Cell], need_separator: bool) -> Option<Vec<Cell>> {
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
    // (Asked last: the catalog's lookup forgives misreadings and takes longest.)
    crate::catalog::lookup(name)?;
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
/// (`3%`, `3.3L`) is two words. (Not one run into a unit with a slash: `1U/L` is a photo's
/// `IU/L`.)
fn run_words(cells: &[Cell]) -> Vec<RunWord<'_>> {
    let mut words = Vec::new();
    for (index, cell) in cells.iter().enumerate() {
        let mut at = 0;
        for text in cell.text.split(' ') {
            let n = text.chars().count();
            let glued =
                leading_number(text).filter(|(number, _, rest)| !number.is_empty() && matches!(*rest, "%" | "H" | "L"));
            if let Some((number, _, rest)) = glued {
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
fn joined(run: &[RunWord]) -> String {
    run.iter().map(|w| w.text).collect::<Vec<_>>().join(" ")
}

/// Whether a word of a list's line is a result in figures, perhaps beyond what the assay
/// measures (`<2.1`) or with a comma after it (`0.89,`). (Only words that start like a number
/// are parsed: every line of a page is asked.)
fn list_number(w: &str) -> bool {
    let start = w.trim_start_matches(['<', '>', '\u{2264}', '\u{2265}', '=']);
    start.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        && parse_value(w.trim_end_matches([',', ';'])).is_some_and(|v| v.number.is_some() && v.flag.is_none())
}

/// What sets a list's name apart from its result.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Separator {
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
fn list_name(words: &[RunWord], first_number: usize) -> Option<(usize, usize, Separator)> {
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
fn list_unit_word(u: &str) -> bool {
    u == "%"
        || (unit_shaped(u) && !u.starts_with(OPENING) && parse_range(u, None).is_none())
        || (u.len() <= 8 && u.starts_with(char::is_alphabetic) && crate::catalog::is_known_unit(u))
}

/// The unit of a list's result at word `at`, and its words: of one word or two (`mm/1st hr`,
/// its first word with a slash, its second short), or a word a photo misread (`gldt`) where a
/// unit stands before a reference in brackets, unless a tier's label (`Children: (3.15 -
/// 4.40)`, a sex).
fn list_unit<'a, 'w>(words: &'a [RunWord<'w>], at: usize) -> Option<(String, &'a [RunWord<'w>])> {
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
        let text = text.trim_end_matches([',', ';']);
        // (Or before a reference whose bracket a scan cut off, [`reference_cell_from`].)
        let before_bracket =
            words.get(at + n).is_some_and(|next| next.text.starts_with(OPENING)) || reference_cell_from(words, at + n);
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
fn reference_cell_from(words: &[RunWord], k: usize) -> bool {
    k > 0
        && words
            .get(k)
            .is_some_and(|first| first.cell != words[k - 1].cell && words[k..].iter().all(|w| w.cell == first.cell))
        && ranged_for_some_sex(&joined(&words[k..]))
}

/// A list's reference as read: its text, its words, the flag after it, and whether words
/// named it (`Ref. range <= 41`).
struct ListReference<'a, 'w> {
    text: String,
    run: &'a [RunWord<'w>],
    flag: Option<String>,
    named: bool,
}

/// The reference of a list's line starting at word `at`: in brackets (`(Ref: Male (7 - 55) ;
/// Female (8 - 61))`, spanning cells a photo's wider spaces cut), or after words that name it,
/// within one cell (a table's reference column and the columns after it are several: `Normal:
/// 2-10  11  Mildly haemolysed`); then perhaps its unit (`(4.0 - 5.6) %`) and a flag, nothing
/// else. Words that only name it go (`Reference range 17 - 43`, `Ref: Male (12 - 54) ; ...`);
/// `Normal` stays where the reference is a range with it, perhaps its normal tier's label with
/// more tiers under it (`Normal: < 100` over `Desirable: 100 - 129`). `in_words`: the result
/// is, and so may the reference be (`Clear`).
fn list_reference<'a, 'w>(words: &'a [RunWord<'w>], at: usize, in_words: bool) -> Option<ListReference<'a, 'w>> {
    let next_text = words.get(at)?.text.trim_start_matches([',', ';']);
    let named = reference_word(next_text);
    let bracketed = next_text.starts_with(OPENING);
    let (text, run, after) = match next_text.chars().next() {
        Some('(' | '[' | '{') => {
            // (A photo reads a bracket as another: `... : Male}`, `{(40 - 80)]`, `(Male: (4.05
            // - 4.95); Female: (4.50 - 5.50)]`. Any closing bracket that closes the first one
            // ends the reference.)
            let mut depth = 0;
            let last = (at..words.len()).find(|&k| {
                let text = if k == at { next_text } else { words[k].text };
                text.chars().any(|c| {
                    let closing = matches!(c, ')' | ']' | '}');
                    depth += i32::from(OPENING.contains(&c)) - i32::from(closing);
                    depth == 0 && closing
                })
            })?;
            let text = joined(&words[at..=last]);
            let text = text.trim_start_matches([',', ';']).trim_start();
            let close_at = text.rfind([')', ']', '}'])?;
            let tail = text[close_at + 1..].trim_matches([',', ';', '.', ' ']);
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
    // parts apart.)
    let garbled = |t: &str| bracketed && t.contains(|c: char| c.is_ascii_digit());
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
fn ranged_for_some_sex(text: &str) -> bool {
    [None, Some(Sex::Male), Some(Sex::Female)].into_iter().any(|sex| parse_range(text, sex).is_some())
}

/// Whether a list's reference starts at the word `at` of `words`: a bracket, or a word naming
/// it with a colon or stop (`Ref.`, `Normal:`), or after a comma (`Nil, reference Negative`).
/// (A word such as `normal` alone may be the result's own: `Within normal limits`.)
fn reference_start(words: &[RunWord], at: usize) -> bool {
    let word = words[at].text;
    let after_comma = at > 0 && words[at - 1].text.ends_with(',');
    // (A photo reads the stop of `Ref.` as a comma: `Nitrite:  Negative  Ret, range Negative`.)
    let abbreviated = |w: &str| w.ends_with(',') && matches!(w.to_lowercase().as_str(), "ref," | "ret,");
    word.starts_with(OPENING)
        || (reference_word(word) && (word.ends_with([':', '.']) || after_comma || abbreviated(word)))
}

/// Whether `word` only says a reference follows (`Ref:`, `Normal`, `range:`, `Ret,`).
fn reference_word(word: &str) -> bool {
    REFERENCE_WORDS.contains(&word.trim_end_matches([':', ';', ',']).to_lowercase().as_str())
}

/// A reference without the words before it that only name it, up to a colon (`Normal range:
/// 70 - 100`, `Ref: Male (12 - 54) ; ...`; not the normal tier's label after them, `Normal:
/// Normal >= 90`). `Normal` before a range, a tier's label too, goes only if `normal_too`.
fn without_reference_words(mut text: &str, normal_too: bool) -> &str {
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

/// `cells` with a reference's label that a photo's wide word space cut in two put back
/// together (`Ref.` | `Range: 6 - 24`): alone, its first word after a result reads as the
/// result's unit. So is a tier's label cut from its range (`Adult:` | `136-145`): alone after
/// the name, it reads as the name's last word.
fn with_split_labels_joined(mut cells: Vec<Cell>) -> Vec<Cell> {
    // (Its stop read as a comma: `Ref,` | `range M: 17 to 43`.)
    let word = |t: &str| t.trim().trim_end_matches([':', ',']).to_lowercase();
    let mut i = 0;
    while i + 1 < cells.len() {
        let first = word(&cells[i].text);
        let next = cells[i + 1].text.split_whitespace().next().map(word).unwrap_or_default();
        let label_start = ["ref", "ref.", "ret", "ret.", "reference", "bio.", "biological", "normal"];
        let ages = ["adult", "adults", "child", "children", "infant", "infants", "newborn", "elderly"];
        let colon_ended = i > 0 && cells[i].text.trim_end().ends_with(':');
        let tier_label = colon_ended
            && (labels_a_sex(&cells[i].text) || ages.contains(&first.as_str()))
            && cells[i + 1]
                .text
                .trim_start()
                .starts_with(|c: char| c.is_ascii_digit() || "<>(\u{2264}\u{2265}".contains(c));
        // (Or a range before its tier's label, `2-10:` | `Adults`.)
        let label_after = colon_ended
            && parse_range(cells[i].text.trim_end().trim_end_matches(':'), None).is_some()
            && cells[i + 1].text.split_whitespace().count() == 1
            && (labels_a_sex(&cells[i + 1].text) || ages.contains(&next.as_str()));
        if tier_label
            || label_after
            || (label_start.contains(&first.as_str())
                && ["range", "ranges", "interval", "value", "values"].contains(&next.as_str()))
        {
            let next = cells.remove(i + 1);
            cells[i].text = format!("{} {}", cells[i].text.trim_end(), next.text.trim_start());
            cells[i].x1 = cells[i].x1.max(next.x1);
        }
        i += 1;
    }
    cells
}

/// A cell of a result, perhaps its flag, a unit and a reference, run together where a long
/// unit left no gap before the reference's column (`17 High mm/1st hr 0 to 15 mm/1st hr`, `160
/// mL/min/1.73m2>= 90 mL/min/1.73m2`): the result (with its flag), the unit and the reference
/// are cells of their own. Only a unit the catalog knows, and a reference that is a range.
fn split_run_on_reference(cell: Cell) -> Vec<Cell> {
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
        let shaped = reference.starts_with(|c: char| c.is_ascii_digit() || matches!(c, '<' | '>' | '('))
            || (reference.starts_with(char::is_alphabetic) && reference.contains(':'));
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

/// A cell of a result in words and the reference after it, in brackets or named
/// (`Negative (Ref: Non Reactive)`, `Nil [Negative]`, `Absent Ref. Absent`): the result is a
/// cell, the reference one after it. Only a word results are given in ([`qualitative_word`]),
/// of one or two words, before a reference that reads as one ([`parse_range`]): `Slightly
/// Turbid [Clear]` stays whole, its bracket no unit.
fn split_worded_result(cell: Cell) -> Vec<Cell> {
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
const SPECKS: &[char] = &['=', '~', '_', '\u{2014}'];

/// Whether `word` is made of [`SPECKS`] only (`=`, `—_`).
fn speck_word(word: &str) -> bool {
    !word.is_empty() && word.chars().all(|c| SPECKS.contains(&c))
}

/// A scanned cell without the specks a scan left before its number, a word of marks alone
/// (`=. 108 mmol/L`, a tall speck between a flag's column and the result): with them, neither
/// the result nor its unit was read.
fn without_leading_specks(cell: Cell) -> Cell {
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
fn flag_glued_before_result(cell: Cell) -> Cell {
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
fn split_after_result(cell: Cell) -> Vec<Cell> {
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
fn split_after_unit(cell: Cell) -> Vec<Cell> {
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
fn split_glued_unit(cell: Cell, may_be_result: bool) -> Vec<Cell> {
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
fn split_spaced_unit(cell: &Cell, may_be_result: bool) -> Option<Vec<Cell>> {
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
/// or degree, goes) and one word that is no flag, without digits but for a count's power of
/// ten (`x10%WuL`), and only before a cell that is a range.
fn split_misread_unit_before_reference(mut cells: Vec<Cell>) -> Vec<Cell> {
    let Some(at) = (1..cells.len()).find(|&i| cells[i].text.contains(|c: char| c.is_ascii_digit())) else {
        return cells;
    };
    let Some(range) = cells.get(at + 1).and_then(|next| parse_range(&next.text, None)) else { return cells };
    let cell = &cells[at];
    let Some((number, word)) = cell.text.split_once(' ') else { return cells };
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
    let parts = cell.cut_ends(number.to_string(), unit);
    cells.splice(at..=at, parts);
    cells
}

/// A cell of a result, its flag letter and its unit, as a photo reads them run together
/// (`39.0L%`, `51Hmg/dL`, `12182 H/cumm`, `8.5 Hgm/dl`): the result with its flag, then the
/// unit. Only where the rest after the number is no unit itself (`5L/min` is five L/min) and
/// is one once its first letter, `H` or `L`, is taken off.
fn split_flag_unit(cell: &Cell) -> Option<Vec<Cell>> {
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
fn ratio_unit(unit: &str) -> bool {
    unit.starts_with(char::is_alphabetic) && unit.contains('/') && crate::catalog::is_known_unit(unit)
}

/// On a scan, a whole number of two or three digits and a single digit after it, apart by less
/// than a digit's height (`45 1` for 45.1): the gap is the decimal point OCR lost. A dash lost
/// from a range (`10-12`) leaves a wider gap, and the single digit keeps out counts per field.
fn lost_point_gap(cell: &Cell, before: &Word, word: &Word, shift: f32) -> bool {
    let gap = word.bbox.x0 + shift - cell.x1;
    (0.0..0.9 * before.bbox.height().max(word.bbox.height())).contains(&gap)
        && lost_point(&format!("{} {}", cell.text, word.text)).is_some()
}

/// A scanned page's columns of lone `:` between names and values (`Calcium, Serum  :  9.33`):
/// the middle and half-width of each run of at least two colons that stand within about half
/// a letter of one another across the page (OCR misreads most of them on some pages).
fn colon_columns(page: &Page) -> Vec<(f32, f32)> {
    let mut heights: Vec<f32> = page.words.iter().map(|w| w.bbox.height()).collect();
    heights.sort_by(f32::total_cmp);
    let Some(&letter) = heights.get(heights.len() / 2) else {
        return Vec::new();
    };
    let reach = (0.6 * letter).max(1.0);
    let mut mids: Vec<f32> =
        page.words.iter().filter(|w| w.text == ":").map(|w| (w.bbox.x0 + w.bbox.x1) / 2.0).collect();
    mids.sort_by(f32::total_cmp);
    let mut columns = Vec::new();
    let mut start = 0;
    for end in 1..=mids.len() {
        if end == mids.len() || mids[end] - mids[end - 1] > reach {
            if end - start >= 2 {
                columns.push((mids[start + (end - start) / 2], reach));
            }
            start = end;
        }
    }
    columns
}

/// Whether word `i` of a scanned line (words left to right) is a `:` between name and value
/// that OCR read as something else (`i`, `2`, `;`, `toy`), which would join the name or be
/// taken for the value: a short word right before the value, either over one of the page's
/// `columns` of colons or a lone digit or stroke far narrower than the value's digits (a
/// colon's width, where a real `3` is as wide as the `9` beside it).
fn misread_colon(words: &[&Word], i: usize, columns: &[(f32, f32)]) -> bool {
    let w = words[i];
    // The cheap tests first: this runs for every word of a scanned page.
    if i == 0 || w.text == ":" || w.text.chars().count() > 3 {
        return false;
    }
    // A letter and a digit are a name's code, not a colon (`Total T3` over a column of its
    // method lines' colons). A unit is a unit: a results table's unit column can stand under
    // the colons of the patient's details above it (`Age/Sex :`, `Collected :`), its `U/L`,
    // `%` and `fl` followed by the range.
    // Nor is a comparison a misread colon (`IU/L  < 40` under the colons of `Sex :`).
    // Nor is a number of two digits or more: a result in a column under the colons of the
    // patient's details (`Albumin :  g/dL  4.6  3.5 to 5.2` under `Age/Sex :`).
    if (w.text.chars().any(char::is_alphabetic) && w.text.chars().any(|c| c.is_ascii_digit()))
        || w.text.chars().filter(char::is_ascii_digit).count() >= 2
        || w.text.contains(['/', '%', '<', '>', '\u{2264}', '\u{2265}'])
        || crate::catalog::is_known_unit(&w.text)
    {
        return false;
    }
    // Nor a sex's label with its colon before its range (`M: 0.00 - 0.27`).
    if w.text.ends_with(':') && labels_a_sex(&w.text) {
        return false;
    }
    let Some(next) = words.get(i + 1).filter(|next| parse_value(&next.text).is_some()) else {
        return false;
    };
    // A `to` between two numbers is a range's (`70 to 100` under the colons of `Collected :`),
    // or after `Up` (`Up to 41`), and so is the number after it, or after a comparison (`40 to
    // 60  64`, `>= 90  152`, a reference column before the result's under the colons of `Sex :`).
    if w.text.eq_ignore_ascii_case("to")
        && (parse_number(&words[i - 1].text).is_some() || words[i - 1].text.eq_ignore_ascii_case("up"))
    {
        return false;
    }
    if parse_number(&w.text).is_some()
        && matches!(
            words[i - 1].text.to_lowercase().as_str(),
            "to" | "-" | "\u{2013}" | "<" | ">" | "<=" | ">=" | "\u{2264}" | "\u{2265}" | "upto"
        )
    {
        return false;
    }
    // Nor is an abbreviation in capitals that ends a test's name (`Gamma GT` over a column of
    // colons), after a list's number too (`12. Gamma GT`).
    if w.text.chars().count() >= 2 && w.text.chars().any(|c| c.is_ascii_uppercase()) {
        let from = usize::from(i > 1 && is_serial(&words[0].text));
        let name = words[from..=i].iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" ");
        if crate::catalog::lookup(&name).is_some() {
            return false;
        }
    }
    let width = w.bbox.x1 - w.bbox.x0;
    let in_column = width <= 2.0 * w.bbox.height().max(1.0)
        && columns.iter().any(|&(x, reach)| w.bbox.x0 - reach <= x && x <= w.bbox.x1 + reach);
    let digit_width = (next.bbox.x1 - next.bbox.x0) / next.text.chars().count().max(1) as f32;
    let sliver = w.text.chars().count() == 1
        && w.text.chars().all(|c| "023456789:;ij!|".contains(c))
        && width <= 0.5 * digit_width;
    in_column || sliver
}

/// The page's text line by line, each line's cells left to right, as a person reads a report
/// header: content streams often hold a label and its value far apart.
pub fn page_text_by_lines(page: &Page) -> String {
    PageLines::of(page).text()
}

/// A page's lines, found once for both that read them: its text ([`Self::text`], where the
/// patient's details are looked for) and its result rows ([`Self::rows`]), which had each found
/// them: finding them once saves 3% of the instructions of reading Quest's or Thyrocare's
/// report (callgrind).
pub struct PageLines<'p> {
    page: &'p Page,
    lines: Vec<Line>,
}

impl<'p> PageLines<'p> {
    /// The lines of `page`.
    #[must_use]
    pub fn of(page: &'p Page) -> Self {
        Self { page, lines: lines_of(page) }
    }

    /// As [`page_text_by_lines`].
    #[must_use]
    pub fn text(&self) -> String {
        self.lines
            .iter()
            .map(|line| line.cells.iter().map(|c| c.text.as_str()).collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// As [`rows_from_page`].
    #[must_use]
    pub fn rows(&self, sex: Option<Sex>) -> Vec<LabRow> {
        let (lines, page) = (&self.lines, self.page);
        let Some(split) = twin_table_x(lines) else {
            return rows_from_lines(lines, page, sex);
        };
        let side = |left: bool| -> Vec<Line> {
            lines
                .iter()
                .filter_map(|line| {
                    let cells: Vec<Cell> = line.cells.iter().filter(|c| (c.x0 < split) == left).cloned().collect();
                    let first = cells.first()?;
                    let last = cells.last()?;
                    let bbox = BBox { x0: first.x0, x1: last.x1, ..line.bbox };
                    Some(Line { cells, bbox })
                })
                .collect()
        };
        let mut rows = rows_from_lines(&side(true), page, sex);
        rows.extend(rows_from_lines(&side(false), page, sex));
        rows
    }
}

/// Words at one height make a line (a text layer's rows are level).
fn level_lines(page: &Page) -> Vec<Vec<&Word>> {
    let mut words: Vec<&Word> = page.words.iter().collect();
    words.sort_by(|a, b| a.bbox.mid_y().total_cmp(&b.bbox.mid_y()).then(a.bbox.x0.total_cmp(&b.bbox.x0)));
    let mut groups: Vec<Vec<&Word>> = Vec::new();
    for w in words {
        match groups.last_mut() {
            Some(g) if (g[0].bbox.mid_y() - w.bbox.mid_y()).abs() < 0.45 * g[0].bbox.height().max(1.0) => g.push(w),
            _ => groups.push(vec![w]),
        }
    }
    groups
}

/// The OCR engine's own lines, which follow a tilted or curved row across the page, top to
/// bottom by where each stands once the page's tilt is taken out: on a page rising to the
/// right, a long row's right end stands higher than the short line under the row before it
/// (the rest of a wrapped name, `C-Reactive` over `Protein (mg/L)`), which still comes first.
/// With the lines, that tilt ([`page_slope`]).
fn lines_found_by_ocr(page: &Page) -> (Vec<Vec<&Word>>, f32) {
    let mut by_line: std::collections::BTreeMap<u32, Vec<&Word>> = std::collections::BTreeMap::new();
    for w in &page.words {
        by_line.entry(w.line.unwrap_or(0)).or_default().push(w);
    }
    let groups: Vec<Vec<&Word>> = by_line.into_values().collect();
    let slope = page_slope(&groups);
    let mut groups = join_side_by_side(join_pieces(groups, slope));
    let slope = page_slope(&groups);
    let top = |g: &Vec<&Word>| g.iter().map(|w| level(w, slope)).fold(f32::MAX, f32::min);
    groups.sort_by(|a, b| top(a).total_cmp(&top(b)));
    (groups, slope)
}

/// How high `w`'s middle stands once a page's tilt (`slope`) is taken out.
fn level(w: &Word, slope: f32) -> f32 {
    w.bbox.mid_y() - slope * w.bbox.mid_x()
}

/// `lines` with each OCR line of words at two heights cut in two ([`split_two_bands`]) and
/// each piece that stands level with another line, between its words, made part of it: on a
/// photo Tesseract put a row's `(`, `)` and unit with the rest of the name wrapped under the
/// row (`Binding Capacity`), the row's other words on a line of their own.
fn join_pieces(lines: Vec<Vec<&Word>>, slope: f32) -> Vec<Vec<&Word>> {
    let mut groups: Vec<Vec<&Word>> = Vec::with_capacity(lines.len());
    let mut split: Vec<Vec<Vec<&Word>>> = Vec::new();
    for line in lines {
        let mut bands = split_two_bands(line, slope);
        if bands.len() == 1 { groups.append(&mut bands) } else { split.push(bands) }
    }
    let fits = |piece: &[&Word], g: &[&Word]| {
        !g.is_empty()
            && piece.iter().all(|w| {
                let h = w.bbox.height();
                let apart = g.iter().all(|o| o.bbox.x0 >= w.bbox.x1 - 0.3 * h || o.bbox.x1 <= w.bbox.x0 + 0.3 * h);
                let nearest = g.iter().min_by(|a, b| {
                    (a.bbox.mid_x() - w.bbox.mid_x()).abs().total_cmp(&(b.bbox.mid_x() - w.bbox.mid_x()).abs())
                });
                // (A word much taller than its neighbour, a unit misread over two lines, is
                // level where it spans the neighbour's middle.)
                let level_with = |n: &&Word| {
                    (level(n, slope) - level(w, slope)).abs() < 0.5 * n.bbox.height()
                        || (w.bbox.height() > 1.5 * n.bbox.height()
                            && (w.bbox.y0..=w.bbox.y1)
                                .contains(&(n.bbox.mid_y() + slope * (w.bbox.mid_x() - n.bbox.mid_x()))))
                };
                apart && nearest.is_some_and(level_with)
            })
    };
    // A line is cut only where a piece of it joins another line; else it stays whole.
    for bands in split {
        let homes: Vec<Option<usize>> = bands.iter().map(|piece| groups.iter().position(|g| fits(piece, g))).collect();
        if homes.iter().all(Option::is_none) {
            groups.push(bands.concat());
            continue;
        }
        for (piece, home) in bands.into_iter().zip(homes) {
            match home {
                Some(i) => groups[i].extend(piece),
                None => groups.push(piece),
            }
        }
    }
    groups
}

/// An OCR line that Tesseract made of words at two heights, cut into one line for each: on a
/// photo it can take the rest of a wrapped name (`Binding Capacity`) with a bracket and a unit
/// of the row above it (`(`, `)`, `ua`), leaving the row its name's first line without them.
/// Words are at two heights where, the page's tilt (`slope`) taken out, the middles of the
/// line's words sorted top to bottom leave a gap of more than 0.8 of the line's usual word
/// height (a word over one and a half times that, a unit misread over both, goes with the
/// band whose middle is nearest its own). [`join_pieces`] says where the pieces go.
fn split_two_bands(line: Vec<&Word>, slope: f32) -> Vec<Vec<&Word>> {
    if line.len() < 2 {
        return vec![line];
    }
    let mut heights: Vec<f32> = line.iter().map(|w| w.bbox.height()).collect();
    heights.sort_by(f32::total_cmp);
    let usual = heights[heights.len() / 2];
    // (A word much taller than the rest, a misread unit over both heights, is placed after.)
    let (mut regular, tall): (Vec<&Word>, Vec<&Word>) = line.into_iter().partition(|w| w.bbox.height() <= 1.5 * usual);
    regular.sort_by(|a, b| level(a, slope).total_cmp(&level(b, slope)));
    let mut bands: Vec<Vec<&Word>> = vec![Vec::new()];
    for (i, w) in regular.iter().enumerate() {
        if i > 0 && level(w, slope) - level(regular[i - 1], slope) > 0.8 * usual {
            bands.push(Vec::new());
        }
        if let Some(band) = bands.last_mut() {
            band.push(*w);
        }
    }
    let middle = |band: &[&Word]| band.iter().map(|w| level(w, slope)).sum::<f32>() / band.len().max(1) as f32;
    for w in tall {
        let nearest = (0..bands.len()).min_by(|&a, &b| {
            (middle(&bands[a]) - level(w, slope)).abs().total_cmp(&(middle(&bands[b]) - level(w, slope)).abs())
        });
        if let Some(i) = nearest {
            bands[i].push(w);
        }
    }
    bands.retain(|b| !b.is_empty());
    bands
}

/// Joins OCR lines that stand side by side at one height into one: Tesseract sets apart, as a
/// block of its own, a name printed a little off its values' baseline (LabCorp sets `p-tau217
/// A, 03` a few points above its result), and the name then sorts after the values it names.
/// It also splits a header at a letter it cut in two (`mI` `|ETHODOLOGY`). Two lines are side
/// by side when one starts right of where the other ends (or overlaps its end by less than a
/// third of a letter) and the words that face each other across the gap share most of their
/// height, once the page's tilt (the median slope of its long lines) is taken out over the gap.
fn join_side_by_side(mut groups: Vec<Vec<&Word>>) -> Vec<Vec<&Word>> {
    let slope = page_slope(&groups);
    loop {
        let bounds: Vec<Option<(BBox, BBox)>> = groups.iter().map(|g| line_ends(g)).collect();
        // The nearest pair first, so a row's column blocks join in order.
        let mut best: Option<(usize, usize, f32)> = None;
        for (i, left) in bounds.iter().enumerate() {
            for (j, right) in bounds.iter().enumerate() {
                let (Some((_, a)), Some((b, _))) = (left, right) else { continue };
                let gap = b.x0 - a.x1;
                let overlap = 0.3 * a.height().min(b.height());
                if i == j || gap <= -overlap || best.is_some_and(|(_, _, g)| g <= gap) {
                    continue;
                }
                if level_across(a, b, slope) {
                    best = Some((i, j, gap));
                }
            }
        }
        let Some((i, j, _)) = best else { return join_into_gaps(groups, slope) };
        let right = groups.swap_remove(j);
        let i = if i == groups.len() { j } else { i };
        groups[i].extend(right);
    }
}

/// Whether word boxes `a` and `b` (`b` right of `a`) share most of their height once the page's
/// tilt (`slope`) is taken out over the gap between them.
fn level_across(a: &BBox, b: &BBox, slope: f32) -> bool {
    let drift = slope * (b.mid_x() - a.mid_x());
    let shared = a.y1.min(b.y1 - drift) - a.y0.max(b.y0 - drift);
    shared >= 0.6 * a.height().min(b.height()).max(1.0)
}

/// Joins an OCR line into another where it stands in a gap between two of the other's words,
/// level with both: Tesseract sets a table's reference column apart as a block of its own,
/// and a row's first tier (`Women : 3.5 - 5.2`) then makes a line between the row's unit and
/// its result (`Serum Albumin  gm/dL  ...  4.3`), sorted before or after it. Level as
/// [`join_side_by_side`] has it ([`level_across`], the page's tilt `slope` taken out).
fn join_into_gaps(mut groups: Vec<Vec<&Word>>, slope: f32) -> Vec<Vec<&Word>> {
    loop {
        let found = (0..groups.len()).find_map(|j| {
            let (first, last) = line_ends(&groups[j])?;
            let overlap = 0.3 * first.height().min(last.height());
            (0..groups.len()).filter(|&i| i != j).find_map(|i| {
                let mut words: Vec<&BBox> = groups[i].iter().map(|w| &w.bbox).collect();
                words.sort_by(|a, b| a.x0.total_cmp(&b.x0));
                words
                    .windows(2)
                    .any(|pair| {
                        pair[0].x1 < first.x0 + overlap
                            && pair[1].x0 > last.x1 - overlap
                            && level_across(pair[0], &first, slope)
                            && level_across(&last, pair[1], slope)
                    })
                    .then_some((i, j))
            })
        });
        let Some((i, j)) = found else { return groups };
        let inner = groups.swap_remove(j);
        let i = if i == groups.len() { j } else { i };
        groups[i].extend(inner);
    }
}

/// How far a scanned page's lines climb or fall per unit across: the median slope of its long
/// lines (first word to last, more than five letters apart), 0 with none.
fn page_slope(groups: &[Vec<&Word>]) -> f32 {
    let mut slopes: Vec<f32> = groups
        .iter()
        .filter_map(|g| line_ends(g))
        .filter(|(a, b)| b.mid_x() - a.mid_x() > 5.0 * a.height().max(b.height()))
        .map(|(a, b)| (b.mid_y() - a.mid_y()) / (b.mid_x() - a.mid_x()))
        .collect();
    slopes.sort_by(f32::total_cmp);
    slopes.get(slopes.len() / 2).copied().unwrap_or(0.0)
}

/// How a scanned page's columns drift across per unit down once its tilt is taken out: as the
/// names' left edge does at the left, and as the last column's (its units, left-aligned) does
/// at the right, in between in proportion. A photo taken at a slant is narrower at one end, so
/// its right-hand columns drift by more than its names.
#[derive(Clone, Copy, Default)]
struct Drift {
    /// (x, drift) at the names' edge.
    left: (f32, f32),
    /// (x, drift) at the last column's, where that leans along a line of its own.
    right: Option<(f32, f32)>,
}

impl Drift {
    /// The drift at `x`.
    fn at(&self, x: f32) -> f32 {
        let (x0, k0) = self.left;
        match self.right {
            Some((x1, k1)) if x1 > x0 + 1.0 => k0 + (k1 - k0) * ((x - x0) / (x1 - x0)).clamp(0.0, 1.0),
            _ => k0,
        }
    }
}

/// The [`Drift`] of a scanned page's columns ([`column_drift`] on the first and on the last word
/// of each line); none where the names' edge does not lean.
fn page_drift(groups: &[Vec<&Word>], slope: f32) -> Drift {
    let first = |g: &[&Word]| line_ends(g).map(|(first, _)| first);
    let last = |g: &[&Word]| g.iter().max_by(|a, b| a.bbox.x0.total_cmp(&b.bbox.x0)).map(|w| w.bbox);
    let Some(left) = column_drift(groups, slope, first) else { return Drift::default() };
    Drift { left, right: column_drift(groups, slope, last).filter(|r| r.0 > left.0) }
}

/// How far the left edge of the words `pick` takes from each line moves across per unit down,
/// once the page's tilt (`slope`) is taken out, with where it stands (the middle of the edges
/// along it): of the lines that hold a number (a name and its result), the line through two
/// of them (at least two letters apart) along which the most of them start, within a quarter
/// of a letter. `None` unless that line holds eight starts or more and two more than any
/// upright line does: on a scan the starts of the patient's details and the names line up
/// upright already, and a leaning line through a few of them is chance.
fn column_drift(groups: &[Vec<&Word>], slope: f32, pick: impl Fn(&[&Word]) -> Option<BBox>) -> Option<(f32, f32)> {
    let edges: Vec<(f32, f32, f32)> = groups
        .iter()
        .filter(|g| g.len() >= 2 && g.iter().any(|w| w.text.chars().any(|c| c.is_ascii_digit())))
        .filter_map(|g| {
            let picked = pick(g)?;
            let y = mid_y(g);
            Some((y, picked.x0 + slope * y, picked.height()))
        })
        .collect();
    if edges.len() < 8 {
        return None;
    }
    // The lines that start within a quarter of a letter of the line through (y, x) drifting by `k`.
    let along =
        |(y, x): (f32, f32), k: f32| edges.iter().filter(move |e| (e.1 - (x + k * (e.0 - y))).abs() <= 0.25 * e.2);
    let upright = edges.iter().map(|e| along((e.0, e.1), 0.0).count()).max().unwrap_or(0);
    let mut best: (usize, f32, (f32, f32)) = (0, 0.0, (0.0, 0.0));
    for (i, a) in edges.iter().enumerate() {
        for b in &edges[i + 1..] {
            let dy = b.0 - a.0;
            if dy.abs() > 2.0 * a.2.max(b.2) {
                let k = (b.1 - a.1) / dy;
                let n = along((a.0, a.1), k).count();
                if n > best.0 {
                    best = (n, k, (a.0, a.1));
                }
            }
        }
    }
    let (n, k, through) = best;
    if n < 8 || n < upright + 2 {
        return None;
    }
    let mut xs: Vec<f32> = along(through, k).map(|e| e.1).collect();
    xs.sort_by(f32::total_cmp);
    Some((xs[xs.len() / 2], k))
}

/// The mean height of a line's words' middles.
fn mid_y(g: &[&Word]) -> f32 {
    g.iter().map(|w| w.bbox.mid_y()).sum::<f32>() / g.len().max(1) as f32
}

/// The boxes of a line's first and last words.
fn line_ends(g: &[&Word]) -> Option<(BBox, BBox)> {
    let first = g.iter().min_by(|a, b| a.bbox.x0.total_cmp(&b.bbox.x0))?.bbox;
    let last = g.iter().max_by(|a, b| a.bbox.x1.total_cmp(&b.bbox.x1))?.bbox;
    Some((first, last))
}

/// On a scan, an em dash before a number that is no range's dash: the edge of a shadow or a rule
/// read as one, alone after a word (`High — 80-200`) or stuck to a range (`3.97 —0.27-4.20`,
/// which would otherwise be read as a range from −0.27). Between two numbers (`70 — 100`) it is a
/// range's dash. (The em dash may run into other dashes or an underline: `—-`, `—_4.50-5.50`.)
fn rule_dash(before: Option<&str>, text: &str, next: Option<&&Word>) -> bool {
    let Some(rest) = text.strip_prefix('\u{2014}') else { return false };
    let rest = rest.trim_start_matches(DASHES);
    let number = |t: &str| t.starts_with(|c: char| c.is_ascii_digit());
    // `0.27-4.20`: a range of its own.
    let range = |t: &str| number(t) && t.split_once('-').is_some_and(|(_, b)| number(b));
    let after_number = before.is_some_and(|b| b.ends_with(|c: char| c.is_ascii_digit()));
    let rest = if rest.is_empty() { next.map_or("", |w| w.text.as_str()) } else { rest };
    number(rest) && (range(rest) || !after_number)
}

/// The dashes and underlines OCR reads from a rule.
const DASHES: &[char] = &['\u{2014}', '\u{2013}', '-', '_'];

/// Punctuation between cells, and rules or underlines OCR reads as dashes or `==`.
fn is_separator(text: &str) -> bool {
    text.chars().all(|c| matches!(c, ':' | '|' | '.' | '=') || DASHES.contains(&c))
}

fn is_date_or_time(text: &str) -> bool {
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

fn looks_like_unit(text: &str) -> bool {
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
}

/// A unit as printed, with the `l` of litre that OCR reads as `!` or `|` after the slash put back
/// (`mg/d!`, `mEq/!`, `IU/|`), and the `I` of international units that a photo's OCR sets
/// apart as a stroke (`1 U/L`, `l U/L` for `IU/L`).
fn mend_unit(text: &str) -> String {
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
fn unit_after_speck(text: &str) -> Option<&str> {
    let (speck, rest) = text.trim().split_once(' ')?;
    let punctuation = |c: char| !c.is_alphanumeric() && !matches!(c, '%' | '/' | '(' | '<' | '>');
    let (letters, marks): (Vec<char>, Vec<char>) = speck.chars().partition(|c| c.is_alphabetic());
    let speck = (1..=2).contains(&marks.len())
        && marks.iter().all(|&c| punctuation(c))
        && (letters.is_empty() || (letters.len() == 1 && speck.starts_with(punctuation)));
    (speck && unit_shaped(rest)).then(|| rest.trim())
}

/// Whether OCR's word is the `I` of international units read as a stroke apart.
fn stroke_of_i(word: &str) -> bool {
    matches!(word, "1" | "l" | "I" | "|")
}

/// `unit` (`U/L`) as international units (`IU/L`), when labs print that unit.
fn international(unit: &str) -> Option<String> {
    let unit = unit.trim();
    (unit.starts_with(['U', 'u']) && crate::catalog::is_known_unit(&format!("I{unit}"))).then(|| format!("I{unit}"))
}

/// `cells` with a unit of international units whose `I` OCR read as a one (`Up to 41` |
/// `1U/L` | `27`) read as printed, where a number stood before it after the name: alone, it
/// reads as a result of 1 and the unit after it.
fn mend_international_units(cells: &mut [Cell]) {
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
fn join_bound_and_unit(cells: &mut Vec<Cell>, sex: Option<Sex>) {
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
fn unit_shaped(text: &str) -> bool {
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
fn words_not_unit(text: &str) -> bool {
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

/// A laboratory method in one word (`Immunoassay`, `Microscopy`, `Hexokinase`).
fn is_method(text: &str) -> bool {
    let t = text.trim();
    let lower = t.to_lowercase();
    t.chars().count() >= 6 && t.chars().all(char::is_alphabetic) && METHOD_ENDINGS.iter().any(|e| lower.ends_with(e))
}

/// How the names of laboratory methods end: assays, measurements, separations and enzymes.
const METHOD_ENDINGS: &[&str] = &["assay", "metry", "metric", "graphy", "phoresis", "scopy", "ase"];

/// Prose that happens to follow a number (`testing of Beta Amyloid 42 and ...`,
/// `JCEM. 2011 Jul; 96(7)`): a small word of sentences, or a word ending a clause.
/// Whether a cell is two numbers with one to three other characters between them and at
/// most a unit after (`40t05.6%`, `4.0x05.6`): a range whose dash or `to` OCR misread, not a
/// date (`02/27/2025`) or a time.
fn two_numbers_run_together(cell: &str) -> bool {
    let numeric = |c: char| c.is_ascii_digit() || c == '.' || c == ',';
    let t = cell.trim().trim_end_matches(|c: char| c.is_alphabetic() || c == '%' || c == '/');
    let runs = t.split(|c: char| !numeric(c)).filter(|r| !r.is_empty()).count();
    let between: String = t.chars().skip_while(|c| numeric(*c)).take_while(|c| !c.is_ascii_digit()).collect();
    t.starts_with(|c: char| c.is_ascii_digit())
        && runs == 2
        && (1..=3).contains(&between.chars().count())
        && !between.contains(['/', ':'])
}

fn is_prose(cell: &str) -> bool {
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
const PROSE_WORDS: &[&str] =
    &["and", "or", "of", "the", "for", "with", "in", "to", "is", "was", "has", "by", "at", "on", "as", "than"];

/// Footnote codes some labs print after a name (`LDL-P A, 01`, `Glucose 02`), and footnote
/// marks raised after it (`Glucose²`, `CoQ10¹`; not the power of a unit, `1.73 m²`).
fn strip_footnotes(name: &str) -> &str {
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
fn is_margin_mark(text: &str) -> bool {
    let t = text.trim();
    (1..=2).contains(&t.chars().count()) && t.chars().all(|c| c.is_ascii_digit() || c.is_ascii_lowercase())
}

fn clean_name(cells: &[Cell]) -> String {
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
        // One a photo read with a speck before it as a letter or two (`o 15. UREA`, `Pa 10.
        // Urea`), before a name the catalog knows.
        Some((speck, rest))
            if speck.chars().count() <= 3
                && speck.chars().all(char::is_alphabetic)
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
        // One a photo ran into the name (`8.INR`), before a name the catalog knows.
        _ => match name.find(['.', ')']).map(|at| name.split_at(at + 1)) {
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

/// A list's number: one to three digits closed by a point or a bracket (`1.`, `12)`, `(3)`),
/// or by the comma a photo reads a point as (`14,`).
fn is_serial(word: &str) -> bool {
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
fn drop_read_footnote(name: &str) -> &str {
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
fn drop_method(name: &str) -> &str {
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
fn is_method_word(word: &str) -> bool {
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
const LONG_METHOD_WORDS: &[&str] = &["calculated", "photometry", "cytometry", "turbidimetry", "immunoassay"];

/// Method words that [`is_method`] does not know by their ending, besides [`LONG_METHOD_WORDS`].
const METHOD_WORDS: &[&str] = &[
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
fn drop_repeated_specimen(name: &str) -> &str {
    if let Some((head, tail)) = name.rsplit_once(" - ") {
        let tail = tail.trim();
        let is_word = !tail.is_empty() && tail.len() <= 20 && tail.chars().all(|c| c.is_alphabetic() || c == ' ');
        if is_word && head.to_lowercase().contains(&tail.to_lowercase()) {
            return head.trim_end();
        }
    }
    name
}

/// Binary tests printed as a name and one word, with no unit or range, one or two to a line
/// as urine panels print them ("Bilirubin Negative", "Protein Negative  Casts Negative"). Every
/// word of the line must belong to such a pair, so a sentence that mentions a result is not one.
fn binary_results(cells: &[Cell]) -> Vec<(String, ResultValue)> {
    let text = cells.iter().map(|c| c.text.as_str()).collect::<Vec<_>>().join(" ");
    // Two-word results ("Non Reactive", "Not Detected") are one word here.
    let raw: Vec<&str> = text.split_whitespace().collect();
    let mut words: Vec<String> = Vec::new();
    let mut i = 0;
    while i < raw.len() {
        let two = raw.get(i + 1).map(|next| format!("{} {next}", raw[i]));
        match two.filter(|t| qualitative_word(t).is_some()) {
            Some(t) => {
                words.push(t);
                i += 2;
            }
            None => {
                words.push(raw[i].to_string());
                i += 1;
            }
        }
    }
    let mut pairs = Vec::new();
    let mut name: Vec<&str> = Vec::new();
    for word in &words {
        let word = word.as_str();
        let binary = qualitative_word(word).filter(|q| is_negative_result(q) || is_positive_result(q));
        match binary {
            Some(_) if !name.is_empty() => {
                let joined = name.join(" ");
                let clean = joined.trim_start_matches(['-', '~', '*', '.', '•']).trim_end_matches([':', '-']).trim();
                // A method column between name and result (`Glucose (Urine)  HPLC  Absent`).
                let clean = drop_method(clean);
                let Some(value) = parse_value(word) else { return Vec::new() };
                if name.len() > 4 || !name_ok(clean) || !clean.starts_with(char::is_alphabetic) {
                    return Vec::new();
                }
                // A reference's label under a row, its colon lost (`Reterence Range  Negative`).
                if clean.split_whitespace().all(names_reference) {
                    return Vec::new();
                }
                // `Blood Group  B Positive`: the group belongs to the result, read by eye.
                if let Some((head, last)) = clean.rsplit_once(' ')
                    && matches!(last, "A" | "B" | "AB" | "O")
                    && crate::catalog::lookup(head).is_some_and(|b| b.key == "blood_group")
                {
                    return Vec::new();
                }
                pairs.push((clean.to_string(), value));
                name.clear();
            }
            Some(_) => return Vec::new(),
            // A result in words that is neither (`Protein  Trace  Negative`): the binary word
            // after it is its reference, and the line is the table reader's.
            None if !name.is_empty() && qualitative_word(word).is_some() => return Vec::new(),
            None => name.push(word),
        }
    }
    if name.is_empty() { pairs } else { Vec::new() }
}

/// A row of a name and a result alone, without unit, range or flag (binary results and
/// results read by eye).
fn word_row(name: String, value: ResultValue, page: u32, bbox: BBox) -> LabRow {
    LabRow { name, value, unit: None, range: None, range_text: None, flag: None, page, bbox }
}

/// A test the catalog knows as read by eye, with a result in words
/// (`RBC Morphology : Microcytosis, Hypochromasia`, `Urine Colour  Straw coloured`): the name before a
/// colon or in the first cell, and the words after it as printed.
fn descriptive_result(cells: &[Cell]) -> Option<(String, ResultValue)> {
    let text = cells.iter().map(|c| c.text.trim()).collect::<Vec<_>>().join(" ");
    // Without a colon, one word after a name may be the rest of a heading (`BLOOD  INDICES`).
    let (name, words) = match text.split_once(':') {
        Some((name, words)) => (name.trim().to_string(), words.trim()),
        None if cells.len() >= 2 => {
            let words = text[cells[0].text.trim().len()..].trim();
            if words.split_whitespace().count() < 2 {
                return None;
            }
            (clean_name(&cells[..1]), words)
        }
        None => return None,
    };
    let known = crate::catalog::lookup(&name)?;
    // Nor the rest of a longer test's name, its result lost (`Blood  Urea` of `Blood Urea
    // Nitrogen`).
    if crate::catalog::lookup(&format!("{name} {words}")).is_some_and(|longer| longer.key != known.key) {
        return None;
    }
    let words = words.trim_end_matches('.').trim();
    let by_eye = known.unit.is_empty() && known.plausible.is_none();
    let wordy = words.chars().filter(|c| c.is_alphabetic()).count() >= 3
        && !words.chars().any(|c| c.is_ascii_digit())
        && words.len() <= 120;
    if !by_eye || !wordy || !name_ok(&name) {
        return None;
    }
    let value = ResultValue {
        text: words.to_string(),
        number: None,
        qualifier: None,
        qualitative: qualitative_word(words),
        flag: None,
    };
    Some((name, value))
}

/// The method a lab prints in parentheses on the line under a test's name, in the name column
/// ("(Immunoturbidimetry)"), or the rest of a name wrapped inside its parentheses
/// (`TIBC (Total Iron Binding` then `Capacity)`): it belongs to that name, as the lab's name
/// cell holds both lines. The reference column may go on beside it (`(Chemiluminescence)
/// 5-148 ng/ml women`), but no value.
fn method_below(cells: &[Cell], bbox: BBox, row: Option<&LabRow>) -> Option<String> {
    let row = row?;
    let (cell, rest) = cells.split_first()?;
    if rest.iter().any(|c| parse_value(&c.text).is_some()) {
        return None;
    }
    let text = cell.text.trim();
    let h = row.bbox.height().max(1.0);
    let open = row.name.matches('(').count() > row.name.matches(')').count();
    let inner = match text.strip_prefix('(') {
        Some(rest) => rest.strip_suffix(')')?,
        None if open => text.strip_suffix(')')?,
        None => return None,
    };
    let wordy = inner.chars().any(char::is_alphabetic) && !inner.contains(['(', ')']) && inner.len() <= 40;
    let aligned = (cell.x0 - row.bbox.x0).abs() < 1.5 * h;
    let close = bbox.y0 - row.bbox.y1 < 1.2 * h;
    (wordy && aligned && close).then(|| text.to_string())
}

/// Splits a flag that cannot be a word of a name (`H*`, `L*`, `HH`, an arrow) off the end.
fn split_marked_flag(name: &str) -> (String, Option<Flag>) {
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
const SENTENCE_WORDS: &[&str] = &[
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

fn name_ok(name: &str) -> bool {
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

/// The first word of `name` where a scan ran two words together (`VisitNo.` for `Visit No.`):
/// its letters before the first capital that follows a small letter, in small letters.
fn first_run_together(name: &str) -> String {
    let word = name.split(|c: char| !c.is_alphanumeric()).find(|w| !w.is_empty()).unwrap_or_default();
    let chars: Vec<char> = word.chars().collect();
    let end = (1..chars.len()).find(|&i| chars[i - 1].is_lowercase() && chars[i].is_uppercase()).unwrap_or(0);
    chars[..end].iter().collect::<String>().to_lowercase()
}

/// What one line says, before it is placed on the page.
struct ParsedLine {
    name: String,
    value: ResultValue,
    flag: Option<Flag>,
    unit: Option<String>,
    range: Option<RefRange>,
    range_text: Option<String>,
    bold: bool,
    /// Where the reference cell starts and its text: the range, or a tier the parser could not
    /// take alone (`Deficiency : < 20`), which the lines below may continue.
    reference_cell: Option<(f32, f32, String)>,
}

/// Tiers of a reference printed on several lines, one tier a line (`Normal: up to 200`,
/// `Borderline: 200-240`), as one text. A line that ends in words rather than a number
/// wrapped its tier's label (`ND:70-126 Impaired fasting` over `blood sugar: 101-126`), so the
/// next line goes on from it; not one whose words follow a colon after its range, the label
/// printed after the range (`>= 180 : High` over `150 - 179 : Borderline High`).
fn join_tiers(texts: &[String]) -> String {
    let mut joined = String::new();
    for text in texts {
        if !joined.is_empty() {
            let after_number = joined.rsplit(|c: char| c.is_ascii_digit()).next().unwrap_or("");
            // (A tier that starts with its range starts a tier, whatever ends the one before:
            // `(0.30 - 1.20) Male` over `(0.27 - 1.08) : Female`, a colon lost.)
            let range_first =
                text.trim_start_matches('(').starts_with(|c: char| c.is_ascii_digit() || matches!(c, '<' | '>'));
            let wrapped = joined.ends_with(char::is_alphabetic)
                && !range_first
                && !joined.ends_with(|c: char| c.is_ascii_uppercase())
                && !after_number.contains(':')
                && joined.rsplit(' ').next().is_some_and(|w| !w.contains('/'));
            joined.push_str(if wrapped { " " } else { "; " });
        }
        joined.push_str(text);
    }
    joined
}

/// A tier of a reference printed as a label and a range without a colon (`Deficient <20`,
/// `Sufficient 30 - 100`), with the colon put in (`Deficient: <20`).
fn labelled_tier(text: &str) -> Option<String> {
    let t = text.trim();
    let at = t.find(|c: char| c.is_ascii_digit() || matches!(c, '<' | '>' | '\u{2264}' | '\u{2265}' | '('))?;
    let (label, rest) = t.split_at(at);
    // (A photo's speck before the label is no part of it: `= Children 69-86`.)
    let label = label.trim().trim_start_matches(['=', '~', '\u{ab}', '\u{bb}', '\u{2018}', '\'', '`']).trim();
    let words = label_words(label) && label.chars().filter(|c| c.is_alphabetic()).count() >= 3;
    // Words that are part of a range (`Up to 40`, `Less than 5`) label no tier.
    let lower = label.to_lowercase();
    let ranged = ["up to", "upto", "less than", "more than", "greater than", "below", "above", "under", "over", "till"]
        .iter()
        .any(|w| lower.ends_with(w));
    let words = words && !ranged;
    (words && parse_range(rest, None).is_some()).then(|| format!("{label}: {}", rest.trim()))
}

/// Whether `text` is shaped like a tier of a reference, perhaps one that does not parse as a
/// range alone: a label and a colon with a number (`Deficiency : < 20`, `Child : 4-32`), or a
/// label before a range without one (`Men (8 - 61)`, [`labelled_tier`]).
fn tier_shaped(text: &str) -> bool {
    (text.contains(':') && text.chars().any(|c| c.is_ascii_digit()))
        || labelled_tier(text).is_some()
        || semicolon_tier(text)
}

/// Whether `text` is a tier whose label's colon OCR read as a semicolon (`Children ; (1.1 -
/// 2.1)`): words, the semicolon, a range.
fn semicolon_tier(text: &str) -> bool {
    text.split_once(';').is_some_and(|(label, range)| label_words(label.trim()) && parse_range(range, None).is_some())
}

/// Whether `text` is a tier of a reference under a label in words, before or after its range
/// (`Child : 4-32`, `Men (8 - 61)`, `< 150 : Optimal`).
fn worded_tier(text: &str) -> bool {
    let words = |l: &str| label_words(l.trim());
    labelled_tier(text).is_some()
        || text.split_once(':').is_some_and(|(label, range)| words(label) && parse_range(range, None).is_some())
        || text.rsplit_once(':').is_some_and(|(range, label)| words(label) && parse_range(range, None).is_some())
}

/// Whether `word` is one of [`TIER_WORDS`], in any case.
fn tier_word(word: &str) -> bool {
    TIER_WORDS.contains(&word.to_lowercase().as_str())
}

/// Whether `text` is the first tier of a reference whose range a scan damaged past reading: a
/// tier's label, its colon, and a bracket, comparison or number after it that is no range
/// (`Children : (4 - :` for `Children : (4 - 19)`, `Normal : >= :`, `Deficiency : : 20.0`).
/// Not a name's words before a colon (`Method : 4`).
fn damaged_tier(text: &str) -> bool {
    let Some((label, rest)) = text.split_once(':') else { return false };
    let label = label.trim();
    label_words(label)
        && (label.split_whitespace().all(tier_word) || labels_a_sex(label))
        && rest
            .trim_start()
            .starts_with(|c: char| c.is_ascii_digit() || matches!(c, '(' | '<' | '>' | ':' | '\u{2264}' | '\u{2265}'))
        && parse_range(rest, None).is_none()
}

/// The tiers of a reference (`texts`, one a line) that do not read as a range together,
/// without the first where a scan damaged it past reading ([`damaged_tier`]): `Children : (4 -
/// :` over `Adults : (6 - 24)` is the adults' range. The rest is read as any tiers are, so a
/// damaged adults' or normal tier leaves none (`Adult : (40 - :` over `Children : (28 - 48)`
/// is not the children's range).
fn without_damaged_tier(texts: &[String], sex: Option<Sex>) -> &[String] {
    match texts {
        [first, rest @ ..]
            if !rest.is_empty() && damaged_tier(first) && parse_range(&join_tiers(texts), sex).is_none() =>
        {
            rest
        }
        _ => texts,
    }
}

/// Reads one line as a result: name cells, a value, then flag, unit and range in any order.
fn read_line(cells: &[Cell], sex: Option<Sex>, columns: Columns) -> Option<ParsedLine> {
    let method_x = columns.method_x;
    // (A unit is no earlier result: a photo's tilt can set a narrow one, `%`, left of its
    // column's header, under the earlier results'.)
    let earlier = |c: &Cell| {
        columns.in_previous(c) && !(crate::catalog::is_known_unit(c.text.trim()) && parse_value(&c.text).is_none())
    };
    let kept: Vec<Cell> = cells
        .iter()
        .filter(|c| !earlier(c))
        .flat_map(|c| split_at_value_column(c, columns, sex))
        .flat_map(|c| split_misread_unit(c, columns))
        .collect();
    let cells = kept.as_slice();
    let mut vi = (1..cells.len())
        .find(|&i| cells[i].value().is_some() && cells[..i].iter().any(|c| c.text.chars().any(char::is_alphabetic)))?;
    let mut moved = false;
    // A reference is printed once: with another after the value, ranges before it are the
    // tiers of a table (`Extreme (A)  >=50  >=80  <50`), not a reference before a result.
    let ranges_in = |among: &[Cell]| {
        among.iter().any(|c| c.text.chars().any(|ch| ch.is_ascii_digit()) && parse_range(&c.text, sex).is_some())
    };
    let range_after = |i: usize| ranges_in(&cells[i + 1..]);
    // Under a header whose result column comes after the reference's (`Test  Ref. Range
    // Value  Unit`), a reference left of the result column shaped like a result (`0-2`,
    // `Negative`) is no result.
    // So is the high bound of a reference cut at its dash (`Female: 4000 -`  `11000`).
    let range_end = |i: usize| {
        cells[i - 1].text.trim_end().ends_with('-')
            && cells[i - 1].text.chars().any(|c| c.is_ascii_digit())
            && cells[i].value().is_some_and(|v| v.number.is_some() && v.qualifier.is_none())
    };
    // So is a number under the header before the result's (a reference whose dash a photo
    // lost, `1-6` read `16`), where a number stands under the result's header.
    let digits_only = |c: &Cell| {
        c.text.trim().chars().all(|ch| ch.is_ascii_digit())
            && columns.before_value.is_some_and(|x| (c.x0 + c.x1) / 2.0 >= x - 2.0)
    };
    // So is a cell of two numbers or more under that header, a reference a photo damaged past
    // reading (`Male ; 36.0 : 45.0`, `Mle 36.0 # 45.0`).
    let damaged_under_reference = |c: &Cell| {
        let numbers = c
            .text
            .split(|ch: char| !ch.is_ascii_digit() && ch != '.')
            .filter(|run| run.starts_with(|ch: char| ch.is_ascii_digit()))
            .count();
        numbers >= 2 && columns.before_value.is_some_and(|x| (c.x0 + c.x1) / 2.0 >= x - 2.0)
    };
    if let Some((start, _)) = columns.value
        && cells[vi].x1 < start
        && (parse_range(&cells[vi].text, sex).is_some()
            // (Or a reference's first tier, `High >= 240`, a flag and a bound as a result.)
            || worded_tier(&cells[vi].text)
            || cells[vi].value().is_some_and(|v| v.qualitative.is_some())
            || range_end(vi)
            || digits_only(&cells[vi])
            || damaged_under_reference(&cells[vi]))
        && let Some(later) = (vi + 1..cells.len()).find(|&i| {
            // (A result below or above the assay's limit, `<2.1`, but not a tier's bound, `>=80`.)
            let plain = |v: ResultValue| matches!(v.qualifier, None | Some(Qualifier::Less | Qualifier::Greater));
            let number = |v: &ResultValue| v.number.is_some() || !digits_only(&cells[vi]);
            // Under the result's header, or reaching into it: a short number at the foot of a
            // photo's column can stand a little left of where the drift puts its header.
            let under = columns.in_value(&cells[i]) || (cells[i].x1 > start + 2.0 && cells[i].x0 < start);
            under && cells[i].value().is_some_and(|v| number(&v) && plain(v))
        })
        && !range_after(later)
        // Nor a tier's bound between them (`Extreme (A)  >=50  >=80  <50`).
        && !ranges_in(&cells[vi + 1..later])
    {
        vi = later;
        moved = true;
    }
    // Under a header, a number right of the result column is a reference (`LIPOPROTEIN(a)
    // mg/dL  <20` with its result cell empty).
    if columns.after_value(&cells[vi]) {
        return None;
    }
    // Cells in the method column are not part of the name: those centred right of where its
    // header starts (a scan puts a method a pixel or two left of its header).
    let mut name_cells: Vec<Cell> = cells[..vi]
        .iter()
        .enumerate()
        .filter(|(i, c)| *i == 0 || method_x.is_none_or(|mx| c.x0 < mx - 2.0 && (c.x0 + c.x1) / 2.0 < mx))
        .map(|(_, c)| c.clone())
        .collect();
    // A flag column before the value (`RBC  L  2.99`, `MCHC  Low  30.5`): a cell holding only
    // H or L, High or Low; asked again once a unit column between them is taken (`MCH  Low  pg
    // 26.2`).
    let take_flag = |name_cells: &mut Vec<Cell>| match name_cells.as_slice() {
        [_, .., last] if matches!(last.text.trim().to_ascii_lowercase().as_str(), "h" | "l" | "high" | "low") => {
            let f = parse_flag(last.text.trim());
            name_cells.pop();
            f
        }
        _ => None,
    };
    let mut column_flag = take_flag(&mut name_cells);
    // A unit column before the result (`Test  Units  Result  Reference`): a last cell before it
    // shaped like a unit (a word the catalog knows may be the name's: `Index`), and no range,
    // is the unit, not the name's; asked again once a reference before the result is taken
    // (`Test  Units  Reference  Result`). Only before a plain number, or one under the result's
    // header: a unit and a bound, `mg/dL  <200`, are a reference.
    let plain_result = cells[vi]
        .value()
        .is_some_and(|v| v.number.is_some() && (v.qualifier.is_none() || columns.in_value(&cells[vi])));
    // Under a unit column's header, a word or two with a letter is the unit however a photo
    // misread it (`mUmin1.73m2`, `feumm`).
    let under_unit = |c: &Cell| {
        let t = c.text.trim();
        columns.unit_before.is_some_and(|(x0, x1)| (x0..x1).contains(&((c.x0 + c.x1) / 2.0)))
            && t.contains(char::is_alphabetic)
            && t.split_whitespace().count() <= 2
    };
    let take_unit = |name_cells: &mut Vec<Cell>| match name_cells.as_slice() {
        [_, .., last]
            if plain_result && {
                let t = last.text.trim();
                ((unit_shaped(t) && !words_not_unit(t)) || under_unit(last)) && parse_range(t, sex).is_none()
            } =>
        {
            name_cells.pop().map(|c| mend_unit(c.text.trim()))
        }
        _ => None,
    };
    // A unit column, then a bound with its unit (`mg/L  <= 5.0 mg/L  0.8`): the bound's unit is
    // the reference's, the column's the result's.
    if let [.., unit, _, _] = name_cells.as_slice()
        && unit_shaped(unit.text.trim())
    {
        join_bound_and_unit(&mut name_cells, sex);
    }
    let mut unit_before = take_unit(&mut name_cells);
    if unit_before.is_some() && column_flag.is_none() {
        column_flag = take_flag(&mut name_cells);
    }
    // A reference printed before the result (`Test  Ref. Range  Value  Unit`): the last cell
    // before the value, a range with a number, is no part of the name.
    // Moved past a reference in words (`Colour  Pale Yellow  Yellow`), that is the reference.
    let mut range: Option<(RefRange, String)> = None;
    let mut reference_cell: Option<(f32, f32, String)> = None;
    let mut reference_note: Option<String> = None;
    let mut tier_first = false;
    join_bound_and_unit(&mut name_cells, sex);
    if name_cells.len() >= 2
        && !range_after(vi)
        && let Some(last) = name_cells.last().cloned()
        && (moved || last.text.chars().any(|c| c.is_ascii_digit()) || damaged_tier(&last.text))
    {
        let text = last.text.trim().to_string();
        match parse_range(&text, sex).filter(|r| moved || r.low.is_some() || r.high.is_some()) {
            Some(r) => {
                range = Some((r, text.clone()));
                reference_cell = Some((last.x0, last.x1, text));
            }
            // The first tier of a reference printed a tier a line (`Children (58.1 - 80.8)`
            // over `Adults (83.0 - 101.0)`), which the lines below go on.
            None if worded_tier(&text) || damaged_tier(&text) => {
                tier_first = true;
                reference_cell = Some((last.x0, last.x1, text));
            }
            None if moved => reference_note = Some(text),
            // A reference a photo damaged past reading, under the reference's header before the
            // result's (`Male ; 36.0 : 45.0`): no part of the name, and its tiers may go on below.
            None if damaged_under_reference(&last) => {
                tier_first = true;
                reference_note = Some(text.clone());
                reference_cell = Some((last.x0, last.x1, text));
            }
            None => {}
        }
        if range.is_some() || moved || tier_first {
            name_cells.pop();
        }
        // A reference by sex that a scan set apart in cells (`Male: 25 to 90; Female:`  `28 to
        // 100 U/L`, or `M`  `9.9 to 12.2 F: 11.0 to 13.5`), or tiers set apart (`Desirable: <
        // 150; Borderline: 150-180;`  `High: >= 180`, whose last cell alone is no normal
        // range): the cells before its last that hold its numbers or a sex's label are the
        // reference too, not the name.
        let popped = range.is_some() || moved || tier_first;
        let body = if popped { name_cells.len() } else { name_cells.len() - 1 };
        // (Not a reference in words the result was moved past: `Pale Yellow`.)
        let in_words = moved && range.as_ref().is_some_and(|(r, _)| r.low.is_none() && r.high.is_none());
        if !in_words {
            let joined = |k: usize| {
                let mut parts: Vec<&str> = name_cells[k..body].iter().map(|c| c.text.trim()).collect();
                parts.push(last.text.trim());
                parts.join(" ")
            };
            // (A tier's label a cell of its own is part of it too: `Desirable:`  `< 150;
            // Borderline:`  `150-180; High: >= 180`.)
            let tier_label = |c: &Cell| {
                let label = c.text.trim().trim_end_matches(':');
                c.text.trim().ends_with(':') && !label.trim().is_empty() && label.split_whitespace().all(tier_word)
            };
            // (Not a unit's cell before it, `x10^3/uL` or `mm/1st hr` with their digits, in a
            // unit column before the reference's.)
            // (Or one a scan misread, a word of letters and digits with a slash: `x10°3/uL`.)
            let unit_cell = |c: &Cell| {
                let t = c.text.trim();
                crate::catalog::is_known_unit(t)
                    || (t.starts_with(char::is_alphabetic) && t.contains('/') && !t.contains([' ', ':']))
            };
            if let Some(k) = (1..body)
                .find(|&k| name_cells[k..body].iter().all(|c| (reference_part(c) && !unit_cell(c)) || tier_label(c)))
                && let text = joined(k)
                && (labels_a_sex(&text) || labels_tiers(&text))
                // (Or only the other sex's range on the line, `FT4  Male:  0.84 to 1.53` over
                // `Women: 0.93 to 1.70`: the reference still, whose range for the sex the
                // report prints the line below gives.)
                && let Some(r) = parse_range(&text, sex)
                    .map(Some)
                    .or_else(|| {
                        let other = |s: Sex| sex.is_some_and(|own| own != s) && parse_range(&text, Some(s)).is_some();
                        [Sex::Male, Sex::Female].into_iter().any(other).then_some(None)
                    })
            {
                range = r.map(|r| (r, text.clone()));
                reference_cell = Some((name_cells[k].x0, last.x1, text));
                reference_note = None;
                name_cells.truncate(k);
            }
        }
    }
    // The words naming that reference, a cell of their own where a scan left a gap after them
    // (`PT  Ref:  11.0 to 13.5 sec  12.3`), are the reference's, not the name's.
    if let (Some((_, text)), Some((x0, _, cell_text))) = (range.as_mut(), reference_cell.as_mut())
        && name_cells.len() >= 2
        && let Some(label) = name_cells.last()
        && label.text.split_whitespace().all(reference_word)
    {
        *text = format!("{} {text}", label.text.trim());
        *cell_text = format!("{} {cell_text}", label.text.trim());
        *x0 = label.x0;
        name_cells.pop();
    }
    if unit_before.is_none() && (range.is_some() || reference_cell.is_some()) {
        unit_before = take_unit(&mut name_cells);
    }
    let name = clean_name(&name_cells);
    // A marked flag printed before the value ("TSH H* 9.07") is not part of the name.
    let (name, name_flag) = split_marked_flag(&name);
    if !name_ok(&name) {
        return None;
    }
    let value = cells[vi].value()?;
    // A number with a full stop, then words, ends a sentence (`2010.  Dietary reference` in a
    // citation); after a result a stop is a speck only at the end of the line or before the
    // unit or range, perhaps with the flag between (`123.  High  U/L`).
    let flag_cell = |c: &Cell| !c.text.trim().contains(' ') && parse_flag(c.text.trim()).is_some();
    let after_flag = vi + 1 + usize::from(cells.get(vi + 1).is_some_and(flag_cell));
    if cells[vi].text.trim_end().ends_with('.')
        && parse_value(&cells[vi].text).is_none()
        && cells.get(after_flag).is_some_and(|next| !unit_shaped(&next.text) && parse_range(&next.text, sex).is_none())
    {
        return None;
    }
    let bold = cells[vi].bold;
    let mut flag = value.flag.or(name_flag).or(column_flag);
    let mut unit: Option<String> = unit_before;
    let after_value = &cells[vi + 1..];
    // A reference printed before the result (a `Reference Range` column left of `Results`),
    // or its first tier: the unit's place is then after the result.
    let range_before = range.is_some() || tier_first;
    // Cells already taken into the one before them.
    let mut taken_until = 0;
    // A cell with digits that was read as nothing: a reference damaged past reading.
    let mut unread_reference = false;
    // One that holds two numbers and little between them: a range read past its shape.
    let mut damaged_range = false;
    for (i, cell) in after_value.iter().enumerate() {
        if i < taken_until {
            continue;
        }
        let t = cell.text.trim();
        // A comparison set apart from its bound (`<   100` on a scan) is one reference.
        if range.is_none()
            && matches!(t, "<" | ">" | "<=" | ">=" | "\u{2264}" | "\u{2265}")
            && let Some(next) = after_value.get(i + 1)
            && let text = format!("{t} {}", next.text.trim())
            && let Some(r) = parse_range(&text, sex)
        {
            range = Some((r, text.clone()));
            reference_cell = Some((cell.x0, next.x1, text));
            taken_until = i + 2;
            continue;
        }
        // A reference by sex that a photo's OCR cut into cells (`Male:`  `0.93-1.70 ng/dL;
        // Female:`  `0.84-1.53`): the cells from a sex's label on that hold its numbers or a
        // label, read together.
        if range.is_none()
            && reference_note.is_none()
            && labels_a_sex(t)
            && let Some((text, used)) = sexes_set_apart(t, &after_value[i + 1..])
        {
            taken_until = i + 1 + used;
            match parse_range(&text, sex) {
                Some(r) if sex.is_some() || sex_ranges(&text).is_none() => {
                    range = Some((r, text.clone()));
                    reference_cell = Some((cell.x0, after_value[i + used].x1, text));
                }
                _ => reference_note = Some(text),
            }
            continue;
        }
        // A range set apart at its dash (`136`  `-`  `145`, or `136`  `-145`, on a scan).
        if range.is_none()
            && ((t.starts_with(|c: char| c.is_ascii_digit()) && parse_value(t).is_some_and(|v| v.number.is_some()))
                || open_range(t))
            && let Some((r, text, used)) = range_set_apart(t, &after_value[i + 1..], sex)
        {
            range = Some((r, text.clone()));
            reference_cell = Some((cell.x0, after_value[i + used].x1, text));
            taken_until = i + 1 + used;
            continue;
        }
        // A count's multiplier set apart from the rest of its unit (`X`  `103 / pL`).
        if unit.is_none() && matches!(t, "x" | "X" | "\u{d7}") {
            let mut whole = t.to_string();
            let mut used = 0;
            for n in after_value[i + 1..].iter().map(|c| c.text.trim()).take(3) {
                let complete = whole.contains('/') && !whole.ends_with('/');
                if (complete && !n.starts_with('/'))
                    || (used == 0 && !n.starts_with("10"))
                    || parse_range(n, sex).is_some()
                {
                    break;
                }
                whole.push(' ');
                whole.push_str(n);
                used += 1;
            }
            if used > 0 && whole.contains('/') && !whole.ends_with('/') {
                taken_until = i + 1 + used;
                unit = Some(mend_unit(&whole));
                continue;
            }
        }
        // The `I` of international units set apart as a stroke (`1`  `U/L`).
        if unit.is_none()
            && stroke_of_i(t)
            && let Some(iu) = after_value.get(i + 1).and_then(|next| international(&next.text))
        {
            unit = Some(iu);
            taken_until = i + 2;
            continue;
        }
        // A dash alone where the unit goes says the test has no unit when the next cell is a
        // reference in words (`MENTZER INDEX  20.6  -  *Refer Note below`); before a range or
        // a number (`Adult Males: 0.54 - 2.58`) it is only a separator.
        let next = after_value[i + 1..].iter().map(|c| c.text.trim()).find(|t| !is_separator(t));
        if t == "-"
            && unit.is_none()
            && range.is_none()
            && next.is_some_and(|n| {
                is_reference_note(n)
                    || (!n.chars().any(|c| c.is_ascii_digit())
                        && n.chars().any(char::is_alphabetic)
                        && !looks_like_unit(n))
            })
        {
            unit = Some(t.to_string());
            continue;
        }
        // A tier printed range first, its colon and label a cell apart after it (`10.4 - 12.6)`
        // `: Women`): the label is the tier's, which the lines below may continue. (Read
        // alone, the range was taken as the row's, a woman's range for a man.)
        if range.is_none()
            && reference_cell.is_none()
            && parse_range(t, None).is_some()
            && let Some(next) = after_value.get(i + 1)
            && let Some(label) = colon_label(&next.text)
        {
            let text = format!("{t} : {label}");
            if let Some(r) = parse_range(&text, sex) {
                range = Some((r, text.clone()));
            }
            reference_cell = Some((cell.x0, next.x1, text));
            taken_until = i + 2;
            continue;
        }
        // A tier printed range first, its label a cell apart after the colon (`2 - 10):`
        // `Adults`, `6 to 24:`  `Male`): one tier, which the lines below may continue (and no
        // time of day, as `6 to 24:` alone would be taken for).
        if range.is_none()
            && reference_cell.is_none()
            && t.ends_with(':')
            && t.contains(|c: char| c.is_ascii_digit())
            && let Some(label) = after_value.get(i + 1).filter(|l| label_words(l.text.trim()))
        {
            let text = format!("{t} {}", label.text.trim());
            if let Some(r) = parse_range(&text, sex) {
                range = Some((r, text.clone()));
            }
            reference_cell = Some((cell.x0, label.x1, text));
            taken_until = i + 2;
            continue;
        }
        if is_separator(t) || is_date_or_time(t) {
            continue;
        }
        // The reference column sends the reader to a note (`*Refer Note below`, `See
        // interpretation`): the reference as printed, not a unit and not prose.
        // So does a range split by sex on a report whose sex is not known.
        if range.is_none()
            && reference_note.is_none()
            && (is_reference_note(t) || (sex.is_none() && sex_ranges(t).is_some()))
        {
            reference_note = Some(t.to_string());
            continue;
        }
        // The range of the other sex, the other's continued on the lines below (`Male: 65 - 175
        // ug/dL` over `Female: 50 - 170` on a woman's report): the row's reference still.
        if range.is_none()
            && reference_note.is_none()
            && reference_cell.is_none()
            && labels_a_sex(t)
            && parse_range(t, sex).is_none()
            && [Sex::Male, Sex::Female].into_iter().any(|other| parse_range(t, Some(other)).is_some())
        {
            reference_note = Some(t.to_string());
            reference_cell = Some((cell.x0, cell.x1, t.to_string()));
            continue;
        }
        // A sentence goes on after the number: the line is a note, not a result. (Not a range
        // whose unit reads like words, `0 to 15 mm/1st hr`.)
        if range.is_none() && is_prose(t) && parse_range(t, sex).is_none() {
            return None;
        }
        // The first tier of a reference continued below (`Deficiency : < 20`), even when it
        // does not parse as a range on its own.
        if reference_cell.is_none() && tier_shaped(t) {
            // With its label, where a scan set that apart before the colon (`Deficiency`  `: <
            // 20.0`): a centred column's next tiers line up with the two together.
            reference_cell = match i.checked_sub(1).map(|k| &after_value[k]) {
                Some(label) if t.starts_with(':') && label_words(label.text.trim()) => {
                    Some((label.x0, cell.x1, format!("{} {t}", label.text.trim())))
                }
                _ => Some((cell.x0, cell.x1, t.to_string())),
            };
        }
        // A flag stands beside the value, not past the reference (`MCHC 35.8 g/d 31-3 | L`,
        // the `L` a scan's page furniture).
        if flag.is_none()
            && range.is_none()
            && !unread_reference
            && let Some(f) = cell_flag(t)
        {
            flag = Some(f);
            continue;
        }
        if range.is_none()
            && let Some(r) = parse_range(t, sex)
        {
            range = Some((r, t.to_string()));
            reference_cell = Some((cell.x0, cell.x1, t.to_string()));
            continue;
        }
        // Previous results (a bare number after the value) are not the current value.
        if parse_value(t).is_some() && range.is_none() && unit.is_none() {
            continue;
        }
        // After the range only a cell shaped like a unit is the unit (`13.0-17.0  g/dL`): words
        // there are methods and comments. After a result whose range came before it, the cell
        // in the unit's place is the unit also when a photo misread it past its shape but the
        // test's own unit explains it (`UNL` for U/L beside a lipase, `UL` with its slash lost).
        let misread_own_unit = |u: &str| {
            range_before
                && crate::catalog::lookup(&name).is_some_and(|b| {
                    b.to_canonical(1.0, Some(u)).is_some()
                        || b.unit_read_as(u, value.number).is_some()
                        || b.unit_misread(u, value.number).is_some()
                })
        };
        let u = unit_after_speck(t).unwrap_or(t);
        // So is a cell under a unit column's header after the reference's (`Test  Result
        // Reference Range  Units`) on a scan, misread past a unit's shape (`mgidt`, `bg`,
        // `merviw`); one of that shape is kept as printed (`Mil/uL`, `mu/ml`), as below.
        if unit.is_none()
            && columns.in_unit_after(cell)
            && parse_range(u, sex).is_none()
            && !unit_shaped(u)
            && let Some(own) = crate::catalog::lookup(&name).and_then(|b| {
                let known = b.to_canonical(1.0, Some(u)).is_some() || b.unit_misread(u, value.number).is_some();
                // (The reference read so far decides between units, not a value that may have
                // lost its point; by sex, either's.)
                let printed = range
                    .as_ref()
                    .map(|(r, _)| (r.low, r.high))
                    .or_else(|| reference_note.as_deref().and_then(sex_ranges).map(|(m, _)| (m.low, m.high)))
                    .unwrap_or((None, None));
                if known { Some(mend_unit(u)) } else { b.unit_in_its_column(u, value.number, printed) }
            })
        {
            unit = Some(own);
            continue;
        }
        if unit.is_none()
            && looks_like_unit(u)
            // (After a reference's first tier too: `Male 18 - 36  Rechecked`, a remark.)
            && ((range.is_none() && reference_cell.is_none()) || unit_shaped(u) || misread_own_unit(u))
            && !words_not_unit(u)
        {
            unit = Some(mend_unit(u));
            continue;
        }
        unread_reference |= range.is_none() && t.chars().any(|c| c.is_ascii_digit());
        damaged_range |= range.is_none() && two_numbers_run_together(t);
    }
    // (A method in words after a word result, `NORMAL  NORMAL  Modified Ehrlich`, is not part
    // of the reference.)
    let after: Vec<&str> = cells[vi + 1..]
        .iter()
        .map(|c| c.text.trim())
        .filter(|t| !is_separator(t) && !words_not_unit(t) && cell_flag(t).is_none())
        // Beside a word result a number is no earlier result: a code in the lab's column.
        .filter(|t| value.qualitative.is_none() || parse_value(t).and_then(|v| v.number).is_none())
        .collect();
    // A word result with a word reference (`Colour  PALE YELLOW  Colourless`), perhaps after
    // words that only name it (`Ref. Interval: Pale Yellow`).
    let word_reference = (value.qualitative.is_some() && range.is_none() && !after.is_empty())
        .then(|| after.iter().map(|t| without_reference_words(t, true)).collect::<Vec<_>>())
        .filter(|bare| bare.iter().all(|t| qualitative_word(t).is_some()))
        .map(|bare| bare.join(" "));
    // A reference column that sends the reader to a note says the row is a result, where a
    // scan lost the dash of its unit (`RDWI  263.4  :  *Refer Note below`).
    // So does the first tier of a reference printed a tier a line (`HCT (%)  41.2  Child 28.0
    // to 40.0`, the unit in the name).
    // So does one whose first tier a photo damaged past reading (`Adult : (3.5 - §.2)`) or
    // whose label's colon it read as a semicolon (`Children ; (1.1 - 2.1)`).
    let noted = reference_note.is_some()
        || reference_cell.as_ref().is_some_and(|(_, _, t)| worded_tier(t) || damaged_tier(t) || semicolon_tier(t));
    let (range, range_text) = match range {
        Some((r, t)) => (Some(r), Some(t)),
        None => (None, word_reference.clone().or(reference_note)),
    };
    // Without a unit or a range, only a test the catalog knows with a value and nothing after
    // it but a word reference (`eAG  88.19`, `Colour  Pale Yellow`) is a result, or a count per
    // microscope field (`R.B.C/hpf  0-1`); other bare numbers are page furniture.
    let per_field = per_field_count(&name);
    // A word result in a table with a method column (`Others  NIL  Microscopy`) is a result too.
    let word_with_method = value.qualitative.is_some() && cells[vi + 1..].iter().any(|c| is_method(&c.text));
    let bare_known = (after.is_empty() || word_reference.is_some())
        && (per_field || word_with_method || crate::catalog::lookup(&name).is_some());
    // A test the catalog knows with a possible number flagged High or Low beside it is a
    // result even where a scan lost its unit and reference (`Hematocrit  47.9  High  43.0
    // 02/27/2025  ~=~*~*«GS`).
    let possible_known =
        value.number.is_some_and(|v| crate::catalog::lookup(&name).is_some_and(|b| b.implausible(v, None).is_none()));
    let flagged_known = matches!(flag, Some(Flag::High | Flag::Low)) && possible_known;
    // So is one whose reference a photo damaged past reading (`HbA1c  5.7  40t05.6%`, its `to`
    // run into the numbers), the unit inside it.
    let damaged_known = damaged_range && possible_known;
    // A name that carries its unit in brackets (`Globulin (g/dL)  H  38  2.0035`, its reference
    // damaged past reading) has a unit.
    let unit_named = || unit_in_name(&name, false).is_some();
    if unit.is_none() && range.is_none() && !bare_known && !flagged_known && !damaged_known && !noted && !unit_named() {
        return None;
    }
    // A bound with `>=` or `<=` and no unit (`Extreme (A)  >=50  >=80`) is a tier of a risk
    // table: labs print a measurement beyond its limits with `>` or `<`.
    if matches!(value.qualifier, Some(Qualifier::GreaterOrEqual | Qualifier::LessOrEqual)) && unit.is_none() {
        return None;
    }
    // A range-valued result (`3-4`) needs its own reference beside it, or it may be the
    // reference, unless its name says it counts per field.
    if value.number.is_none() && value.qualitative.is_none() && range.is_none() && !per_field {
        return None;
    }
    // A range-valued "result" followed by the next band of a scale (`0-39  40-59  60-69`) is a
    // legend; a count per field sits inside its reference (`2-4 /hpf  0-5`).
    if value.number.is_none()
        && value.qualitative.is_none()
        && let (Some(this), Some(next)) = (parse_range(&value.text, None), range.as_ref())
        && let (Some(top), Some(start)) = (this.high, next.low)
        && start >= top
    {
        return None;
    }
    // A unit printed only inside the reference (`3-95 U/L` in Quest's one reference column) is
    // the result's unit too.
    let unit = unit.or_else(|| unit_in_reference(range.as_ref(), range_text.as_deref()?));
    // A scan's speck before the reference is no part of it (`= (3.5 - 7.2) mg/dL`).
    let range_text = range_text.map(|t| match t.split_once(' ') {
        Some((speck, rest)) if speck_word(speck) => rest.to_string(),
        _ => t,
    });
    Some(ParsedLine { name, value, flag, unit, range, range_text, bold, reference_cell })
}

/// Whether `name` is a section's heading (`Kidney Function Test`, `Lipid Profile`, `Iron
/// Studies`) and no test the catalog knows (`Glucose Tolerance Test`).
fn section_heading(name: &str) -> bool {
    let last = name.split_whitespace().last().unwrap_or_default().to_lowercase();
    ["test", "tests", "profile", "panel", "studies", "function"].contains(&last.as_str())
        && crate::catalog::lookup(name).is_none()
}

/// Whether a cell can be part of a reference set apart in cells: it holds a number or a sex's
/// label.
fn reference_part(cell: &Cell) -> bool {
    cell.text.chars().any(|c| c.is_ascii_digit()) || labels_a_sex(&cell.text)
}

/// A reference by sex starting at the cell `first`, set apart into `next` cells by a photo's
/// OCR: `first` with the cells after it that hold a number or a sex's label, up to the longest
/// run that names both sexes with a range each. Its text and how many of `next` it took; none
/// when `first` needs no other cell, or no run names both sexes.
fn sexes_set_apart(first: &str, next: &[Cell]) -> Option<(String, usize)> {
    if sex_ranges(first).is_some() {
        return None;
    }
    let run = next.iter().take_while(|c| reference_part(c)).count();
    let mut text = first.to_string();
    let mut best = None;
    for (k, c) in next[..run].iter().enumerate() {
        text.push(' ');
        text.push_str(c.text.trim());
        if sex_ranges(&text).is_some() {
            best = Some((text.clone(), k + 1));
        }
    }
    best
}

/// A reference run into the result column after it, two spaces short of a cell of its own
/// (`Desirable: < 150; Borderline: 150-180; High: >= 180  29` under `Reference  Result`): the
/// number at its end, standing in the result column, is the result; the rest is the reference.
/// Where each word stands is estimated by its share of the cell's letters.
fn split_at_value_column(cell: &Cell, columns: Columns, sex: Option<Sex>) -> Vec<Cell> {
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
fn split_misread_unit(cell: Cell, columns: Columns) -> Vec<Cell> {
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

/// The unit printed inside a reference (`3-95 U/L`), as printed in `text`, not as the range
/// parser lowercased it: not a word result (`<0.25 Negative`), and without a note that follows
/// (`% (calc)`).
fn unit_inside(range: &RefRange, text: &str) -> Option<String> {
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
fn unit_in_reference(range: Option<&RefRange>, text: &str) -> Option<String> {
    range
        .and_then(|range| unit_inside(range, text))
        .or_else(|| {
            let (male, female) = sex_ranges(text)?;
            unit_inside(&male, text).or_else(|| unit_inside(&female, text))
        })
        .or_else(|| unit_after_tiers(text))
}

/// The unit after the last number of a reference in tiers ([`unit_in_reference`]), when it is
/// a unit labs print.
fn unit_after_tiers(text: &str) -> Option<String> {
    let (_, tail) = text.rsplit_once(|c: char| c.is_ascii_digit())?;
    let unit = tail.trim();
    (labels_tiers(text) && !unit.is_empty() && crate::catalog::is_known_unit(unit)).then(|| unit.to_string())
}

/// A number's cell joined with the cells after it that make it a range with both bounds: a
/// dash and a number (`136`  `-`  `145`), a number after its dash (`136`  `-145`), or the
/// high bound after a cell ending in the dash ([`open_range`], `(0 -`  `15)`). Gives the
/// range, its text and how many cells after the number it took.
fn range_set_apart(number: &str, next: &[Cell], sex: Option<Sex>) -> Option<(RefRange, String, usize)> {
    let dash = |t: &str| matches!(t, "-" | "–" | "—" | "to");
    let bound = |t: &str| t.starts_with(|c: char| c.is_ascii_digit() || c == '.');
    let (text, used) = match next {
        [d, n, ..] if dash(d.text.trim()) && bound(n.text.trim()) => {
            (format!("{number} {} {}", d.text.trim(), n.text.trim()), 2)
        }
        [n, ..]
            if n.text.trim().strip_prefix(['-', '–']).is_some_and(bound)
                || open_range(number) && bound(n.text.trim()) =>
        {
            (format!("{number} {}", n.text.trim()), 1)
        }
        _ => return None,
    };
    let r = parse_range(&text, sex)?;
    (r.low.is_some() && r.high.is_some()).then_some((r, text, used))
}

/// A range's low bound and dash without its high bound (`(0 -`, `4 to`): the rest of it
/// set apart in the next cell.
fn open_range(text: &str) -> bool {
    let t = text.trim();
    t.trim_start_matches('(').starts_with(|c: char| c.is_ascii_digit())
        && (t.ends_with(['-', '–']) || t.strip_suffix("to").is_some_and(|s| s.ends_with(' ')))
}

/// The flag a cell holds, also behind a scan's stray mark (`‘Low`), or a one-letter flag with
/// a mark before it: a photo's `OL` and `+H` in a flag column (no unit is spelt so), or a
/// lab's `*H`.
fn cell_flag(text: &str) -> Option<Flag> {
    let before = |c: char| STRAY_BEFORE.contains(&c) || QUOTES.contains(&c);
    let ringed =
        |t: &str| t.strip_prefix(['O', '0', '+', '*']).filter(|f| matches!(*f, "H" | "L")).and_then(parse_flag);
    parse_flag(text)
        .or_else(|| parse_flag(text.trim_start_matches(before).trim_end_matches(STRAY_AFTER)))
        .or_else(|| ringed(text.trim()))
}

/// Whether a reference cell points elsewhere instead of giving a range: `*Refer Note below`,
/// `Refer to interpretation`, `See note`.
fn is_reference_note(text: &str) -> bool {
    let lower = text.trim_start_matches(['*', '#', '(']).trim_start_matches(QUOTES).trim().to_lowercase();
    // (Not a range after the word that names it: `Reference: 13.0 - 17.0`.)
    let named_range = lower.starts_with("reference") && ranged_for_some_sex(text);
    (lower.starts_with("refer") && !named_range)
        || lower.starts_with("see note")
        || lower.starts_with("see interpretation")
        || lower.starts_with("see below")
        || lower.starts_with("see comment")
        // LabCorp's `Not Estab.`, which a scan may end with a comma.
        || lower.replace(' ', "").starts_with("notestab")
}

/// A test the catalog knows printed with its unit and reference but nothing in the result
/// column (an interim report, a test still running), or only a speck or two of letters there
/// (a scan's misreading of the value: `Triglycerides  {i  mg/dL  Desirable : < 150`): a row
/// without a value, so the report shows the test is there. Only under a header that names the
/// result column, when the cells after it are exactly a unit and a range, or a reference in
/// words alone (`Negative`).
fn empty_result(cells: &[Cell], sex: Option<Sex>, columns: Columns) -> Option<ParsedLine> {
    columns.value?;
    // By its centre: a unit left-aligned where the result column ends may overlap it by a
    // pixel on a tilted scan.
    let in_column = |c: &Cell| columns.in_value(c);
    let unread = |c: &Cell| {
        let t = c.text.trim();
        t.chars().count() <= 3 && !t.chars().any(|ch| ch.is_ascii_digit()) && qualitative_word(t).is_none()
    };
    if cells.iter().any(|c| in_column(c) && !unread(c)) {
        return None;
    }
    let split = cells.iter().position(|c| columns.after_value(c))?;
    let name_cells: Vec<Cell> = cells[..split].iter().filter(|c| !in_column(c)).cloned().collect();
    let name = clean_name(&name_cells);
    if !name_ok(&name) || crate::catalog::lookup(&name).is_none() {
        return None;
    }
    let after: Vec<&Cell> = cells[split..].iter().filter(|c| !is_separator(&c.text)).collect();
    // A reference in words alone (`Protein  :  Negative`, its `Nil` lost).
    if let [a] = after.as_slice()
        && qualitative_word(a.text.trim()).is_some()
    {
        let range_text = a.text.trim().to_string();
        return Some(ParsedLine {
            name,
            value: ResultValue::empty(),
            flag: None,
            unit: None,
            range: parse_range(&range_text, sex),
            range_text: Some(range_text.clone()),
            bold: false,
            reference_cell: Some((a.x0, a.x1, range_text)),
        });
    }
    let [a, b] = after.as_slice() else { return None };
    // Or the first of tiers continued below, which a scan may leave unreadable alone
    // (`Desirable : : 150`, its `<` read as a colon, which the tiers below tell).
    let first_tier = |t: &str| t.split_once(':').is_some_and(|(label, _)| label.chars().any(char::is_alphabetic));
    let (range, range_cell, unit) = match (parse_range(&a.text, sex), parse_range(&b.text, sex)) {
        (Some(r), None) if looks_like_unit(&b.text) => (Some(r), a, &b.text),
        (None, Some(r)) if looks_like_unit(&a.text) => (Some(r), b, &a.text),
        (None, None) if looks_like_unit(&a.text) && first_tier(&b.text) => (None, b, &a.text),
        _ => return None,
    };
    let range_text = range_cell.text.trim().to_string();
    Some(ParsedLine {
        name,
        value: ResultValue::empty(),
        flag: None,
        unit: Some(mend_unit(unit.trim())),
        range,
        range_text: Some(range_text.clone()),
        bold: false,
        reference_cell: Some((range_cell.x0, range_cell.x1, range_text)),
    })
}

/// Whether a name gives its count per microscope field (`R.B.C/hpf`, `Casts /lpf`), so that a
/// small range after it (`0-1`) is the count, not a reference.
fn per_field_count(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    ["/hpf", "/lpf", "/ hpf", "/ lpf", "(hpf)", "(lpf)"].iter().any(|u| lower.ends_with(u))
}

/// Where a second table set beside the first starts: a header line that names the test and
/// the result columns twice (`Test Name  Result    Test Name  Result`), at the second name.
/// OCR may run a header's words together (`TestName_—_—siResult`), so words are looked for
/// inside each cell's letters.
fn twin_table_x(lines: &[Line]) -> Option<f32> {
    lines
        .iter()
        .find_map(|line| {
            if holds_number(&line.cells) {
                return None;
            }
            let letters: Vec<String> = line.cells.iter().map(letters_of).collect();
            let names: Vec<usize> =
                (0..letters.len()).filter(|&i| NAME_HEADERS.iter().any(|w| letters[i].contains(w))).collect();
            let values = letters.iter().filter(|l| VALUE_HEADERS.iter().any(|w| l.contains(w))).count();
            (names.len() == 2 && values >= 2).then(|| line.cells[names[1]].x0 - 1.0)
        })
        .or_else(|| stacked_twin_x(lines))
}

/// A cell's letters and digits, lower-cased (`Test Name` and OCR's `TestName_—` both read
/// `testname`).
fn letters_of(cell: &Cell) -> String {
    cell.text.to_lowercase().chars().filter(|ch| ch.is_alphanumeric()).collect()
}

/// A twin table whose header is set on two lines, the second table's a line lower
/// (`Test Name  04.11.2025` over `(Most Recent)  Test Name  04.11.2025`): two cells that read
/// only `Test Name`, on header lines at most two apart, the second well to the right of the
/// first. Only the whole phrase counts, not a lone `Test` (as in `Test Group Score`).
fn stacked_twin_x(lines: &[Line]) -> Option<f32> {
    let test_name = |c: &Cell| matches!(letters_of(c).as_str(), "testname" | "testnames");
    let headers: Vec<(usize, &Cell)> = lines
        .iter()
        .enumerate()
        .filter(|(_, line)| !holds_number(&line.cells))
        .flat_map(|(i, line)| line.cells.iter().filter(|c| test_name(c)).map(move |c| (i, c)))
        .collect();
    headers.iter().find_map(|&(i, left)| {
        let width = left.x1 - left.x0;
        headers
            .iter()
            .find(|&&(j, right)| j >= i && j <= i + 2 && right.x0 > left.x1 + 4.0 * width)
            .map(|(_, right)| right.x0 - 1.0)
    })
}

/// Whether any cell holds a number: a header line holds none.
fn holds_number(cells: &[Cell]) -> bool {
    cells.iter().any(|c| parse_value(&c.text).and_then(|v| v.number).is_some())
}

/// Bands of a band line, each with the middle of where it is printed, and the unit after them.
type Bands = (Vec<(String, f32)>, Option<String>);

/// A line of risk bands under its result (`<200   200-240   >240 mg/dL` under the columns
/// `Optimal  Borderline  Increased Risk`, or `<3.0  3.0-25.0  >25.0 mg/dL` under `Low  Normal
/// High`): two or more bands, at least one open (`<200`, `>0.3`) and any others closed, and
/// perhaps the unit after the last. Returns each band with the middle of its cell, and the
/// unit. Such a line is never a result of its own.
fn band_line(cells: &[Cell]) -> Option<Bands> {
    // Words with where their middles fall (cells close together may have run into one).
    let mut words: Vec<(&str, f32)> = Vec::new();
    for cell in cells {
        let text = cell.text.as_str();
        let per_char = (cell.x1 - cell.x0) / text.chars().count().max(1) as f32;
        let mut offset = 0;
        for word in text.split_whitespace() {
            let at = text[offset..].find(word).map_or(offset, |p| offset + p);
            let chars_before = text[..at].chars().count() as f32;
            let mid = cell.x0 + per_char * (chars_before + word.chars().count() as f32 / 2.0);
            words.push((word, mid));
            offset = at + word.len();
        }
    }
    // Each band, with whether it is open at one end; two bands with `or` between are one
    // (`<70 or >125`, a band of risk on both sides).
    let mut printed: Vec<(String, f32, bool)> = Vec::new();
    let mut rest = words.as_slice();
    while let [(word, mid), after @ ..] = rest {
        if !is_band(word) {
            break;
        }
        let open = open_band(word).is_some();
        match after {
            [(or, _), (other, _), after @ ..] if or.eq_ignore_ascii_case("or") && open_band(other).is_some() => {
                printed.push((format!("{word} or {other}"), *mid, true));
                rest = after;
            }
            _ => {
                printed.push((word.to_string(), *mid, open));
                rest = after;
            }
        }
    }
    let tail: Vec<&str> = rest.iter().map(|(w, _)| *w).collect();
    let unit = (!tail.is_empty()).then(|| tail.join(" "));
    let open = printed.iter().filter(|(_, _, open)| *open).count();
    let shaped = printed.len() >= 2 && open >= 1 && unit.as_deref().is_none_or(looks_like_unit);
    shaped.then(|| (printed.into_iter().map(|(w, x, _)| (w, x)).collect(), unit))
}

/// A band open at one end (`<200`) or closed at both (`200-240`).
fn is_band(text: &str) -> bool {
    open_band(text).is_some() || closed_band(text)
}

/// A band closed at both ends (`200-240`).
fn closed_band(text: &str) -> bool {
    open_band(text).is_none()
        && text.chars().next().is_some_and(|c| c.is_ascii_digit())
        && parse_range(text, None).is_some_and(|r| r.low.is_some() && r.high.is_some())
}

/// [`band_line`] of each line, with bands printed over two lines put together: a band set on
/// two lines starts a line of its own above the rest (Boston Heart's glucose: `<70 or >125`
/// over `70-99   100-125`, and the unit `mg/dL` alone on the line under them). Lines taken
/// into a band line below or above them hold no bands: they are never results.
fn band_lines(lines: &[Line]) -> Vec<Option<Bands>> {
    let mut bands: Vec<Option<Bands>> = lines.iter().map(|line| band_line(&line.cells)).collect();
    let close = |a: &Line, b: &Line| b.bbox.y0 - a.bbox.y1 < a.bbox.height().max(1.0);
    // Only bands, perhaps joined by `or`.
    let pieces = |line: &Line| {
        let words: Vec<&str> = line.cells.iter().flat_map(|c| c.text.split_whitespace()).collect();
        words.iter().any(|w| is_band(w)) && words.iter().all(|w| is_band(w) || w.eq_ignore_ascii_case("or"))
    };
    for i in 0..lines.len().saturating_sub(1) {
        let (line, below) = (&lines[i], &lines[i + 1]);
        if bands[i].is_some() || bands[i + 1].is_some() || !pieces(line) || !close(line, below) {
            continue;
        }
        let mut cells: Vec<Cell> = line.cells.iter().chain(&below.cells).cloned().collect();
        cells.sort_by(|a, b| a.x0.total_cmp(&b.x0));
        let Some((printed, mut unit)) = band_line(&cells) else { continue };
        if unit.is_none()
            && let Some(next) = lines.get(i + 2)
            && close(below, next)
            && let [cell] = next.cells.as_slice()
            && !holds_number(&next.cells)
            && looks_like_unit(cell.text.trim())
        {
            unit = Some(cell.text.trim().to_string());
            bands[i + 2] = Some((Vec::new(), None));
        }
        bands[i] = Some((Vec::new(), None));
        bands[i + 1] = Some((printed, unit));
    }
    bands
}

/// A line of band headers (`Optimal  Borderline  Increased Risk`, `Low  Normal  High`, `Low
/// Mid  High`): `Some` with the middle of the `Optimal`, `Desirable` or `Normal` cell when there
/// is one, `Some(None)` for bands that rank without a desirable one (thirds of a population).
/// Only a line without numbers whose cells start with band words.
fn band_header_x(cells: &[Cell]) -> Option<Option<f32>> {
    if holds_number(cells) {
        return None;
    }
    let first_word = |c: &Cell| c.text.split_whitespace().next().unwrap_or("").to_lowercase();
    let good = cells.iter().find(|c| matches!(first_word(c).as_str(), "optimal" | "desirable" | "normal"));
    let ranked = cells
        .iter()
        .filter(|c| matches!(first_word(c).as_str(), "borderline" | "increased" | "high" | "low" | "elevated" | "mid"))
        .count();
    match good {
        Some(c) if ranked >= 1 => Some(Some((c.x0 + c.x1) / 2.0)),
        None if ranked >= 3 => Some(None),
        _ => None,
    }
}

/// `<` or `>` of a band open at one end (`<200`, `>0.3`).
fn open_band(text: &str) -> Option<char> {
    let mut chars = text.chars();
    let sign = chars.next().filter(|c| matches!(c, '<' | '>'))?;
    let rest = chars.as_str().trim_start_matches('=').trim();
    (!rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit() || c == '.' || c == ',')).then_some(sign)
}

/// Where a column of interpretive notes starts: after the header cell before one reading only
/// `Interpretation`, `Comments` or `Remarks` (a header centred over its column starts right of
/// the column's sentences), on a line of three or more cells without numbers. Sentences in
/// that column are not parts of the rows beside them.
fn notes_column_x(cells: &[Cell]) -> Option<f32> {
    if cells.len() < 3 || holds_number(cells) {
        return None;
    }
    let notes = (1..cells.len()).find(|&i| {
        matches!(cells[i].text.trim().to_lowercase().as_str(), "interpretation" | "comments" | "comment" | "remarks")
    })?;
    Some(cells[notes - 1].x1 + 1.0)
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
        // (A photo reads a speck before the rest as a quote: `‘Aminotransferase (ALT/SGPT)`.)
        let text = cell.text.trim().trim_start_matches(QUOTES);
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
        let h = row.bbox.height().max(line.bbox.height()).max(1.0);
        // Beside the rest of the name, only the row's reference going on in its column (`Mean`
        // over `Corpuscular Hemoglobin   Female : 27.0-32.0`), under the row's cell of it even
        // where the column centres its tiers (a wider tier starts left of the first).
        // (Or the row's whole reference, right of its cells, where it has none: see below.)
        let under_row = |c: &Cell| rest.iter().any(|r| (r.x0 - c.x0).abs() <= h || (r.x0 < c.x1 && r.x1 > c.x0));
        let own_reference =
            |c: &Cell| !holds_reference(rest) && rest.last().is_some_and(|r| c.x0 > r.x1) && is_reference(c);
        // (A tier's colon and label a cell apart after its range are part of it: `0 - 12)`
        // `: Children`.)
        let label_after = |k: usize| k > 0 && colon_label(&others[k].text).is_some();
        let tier = |k: usize, c: &Cell| {
            let text = match others.get(k + 1) {
                Some(label) if label_after(k + 1) => format!("{} {}", c.text.trim(), label.text.trim()),
                _ => c.text.trim().to_string(),
            };
            c.x0 > cell.x1 && (under_row(c) || own_reference(c)) && tier_shaped(&text)
        };
        if !others.iter().enumerate().all(|(k, c)| tier(k, c) || label_after(k)) {
            return false;
        }
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
        let named_row =
            worded_start && (holds_number(rest) || rest.iter().any(|c| qualitative_word(&c.text).is_some()));
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
                name.text = format!("{} {}", name.text.trim_end(), tail.text.trim().trim_start_matches(QUOTES));
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

/// The desirable band under line `index` (on the next line, or the one after when a name
/// wrapped between: `Saturated Fatty Acid` / `31.4` / `Index` / bands), as cells to read
/// after the value: the unit, then the band. `band_x` is what the band headers said: the
/// unit alone is taken under bands without a desirable one.
/// `bands` holds [`band_line`] of each line.
fn band_below(
    lines: &[Line],
    bands: &[Option<Bands>],
    index: usize,
    band_x: Option<Option<f32>>,
) -> Option<(usize, Vec<Cell>)> {
    let band_x = band_x?;
    let line = lines.get(index)?;
    let h = line.bbox.height().max(1.0);
    for j in index + 1..=index + 2 {
        let below = lines.get(j)?;
        if below.bbox.y0 - line.bbox.y1 > 3.5 * h {
            return None;
        }
        if let Some((printed, unit)) = bands.get(j)?.clone() {
            // The first line of bands printed on two, taken into the line under it.
            if printed.is_empty() {
                continue;
            }
            let band =
                band_x.and_then(|bx| printed.into_iter().min_by(|a, b| (a.1 - bx).abs().total_cmp(&(b.1 - bx).abs())));
            let x = line.cells.last().map_or(line.bbox.x1, |c| c.x1) + 10.0;
            let mut cells: Vec<Cell> = unit
                .into_iter()
                .map(|u| Cell { text: u, x0: x, x1: x + 10.0, bold: false, point_gap: false })
                .collect();
            cells.extend(band.map(|(text, _)| Cell {
                text,
                x0: x + 20.0,
                x1: x + 30.0,
                bold: false,
                point_gap: false,
            }));
            return Some((j, cells));
        }
        // Only a short line of words (the rest of a wrapped name) may come between.
        if below.cells.len() != 1 || holds_number(&below.cells) || below.cells[0].text.split_whitespace().count() > 2 {
            return None;
        }
    }
    None
}

fn rows_from_lines(lines: &[Line], page: &Page, sex: Option<Sex>) -> Vec<LabRow> {
    let lines = without_notes(lines);
    let scanned = scanned(page);
    let lines = match with_wrapped_names(&lines, scanned) {
        Some(joined) => Cow::Owned(joined),
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
                    && ((c.x0 - *x0).abs() < h
                        || (c.x0 < *x0 && c.x1 > *x0 && near)
                        || ((c.x0 + c.x1) / 2.0 - middle).abs() < h)
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
            let text = start
                .filter(|&i| before_clear(i) && !own_value(i) && !named_row(i) && !labelled_result(i))
                .map(|i| line.cells[i..].iter().map(|c| c.text.trim()).collect::<Vec<_>>().join(" "));
            match text {
                Some(text) if text.contains(':') || labelled_tier(&text).is_some() => {
                    // The rest of the row's name wrapped beside its next tier (`HDL` over
                    // `Cholesterol, Direct  36 - 54): Women`), where the catalog knows the whole.
                    let wrapped = start.map(rest_before).filter(|w| !w.is_empty());
                    if let (Some(rest), Some(target)) = (wrapped, rows.get_mut(*row))
                        && let (name, split) = name_with_rest(&target.name, &rest, scanned)
                        && crate::catalog::lookup(split.as_ref().map_or(&name, |(bare, _)| bare)).is_some()
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
                parse_value(&first.text)?;
                let mut cells = vec![Cell { text: name.clone(), x0: 0.0, x1: 0.0, bold: false, point_gap: false }];
                cells.extend(line.cells.iter().cloned());
                read(&cells, Columns { method_x: None, ..columns })
            })
            .or_else(|| empty_result(&line.cells, sex, columns));
        if parsed.is_some() {
            banded = band.as_ref().map(|(j, _)| *j);
        }
        match parsed {
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

/// The name of a test the catalog knows that a line of words cut into cells gives: all its
/// cells, or on a scan (`scanned`) its first cell alone, where a photo read specks further
/// along the line as words (`TRIGLYCERIDES  PERN TAT`).
fn named_above(cells: &[Cell], scanned: bool) -> Option<String> {
    let whole = clean_name(cells);
    if crate::catalog::lookup(&whole).is_some() {
        return Some(whole);
    }
    let first = clean_name(cells.get(..1).filter(|_| scanned && cells.len() > 1)?);
    crate::catalog::lookup(&first).is_some().then_some(first)
}

/// A row's `name` with the `rest` of it that wrapped onto the next line after it, and, where
/// that ends with a unit in brackets ([`unit_in_name`]), the name before the unit and the unit.
fn name_with_rest(name: &str, rest: &str, scanned: bool) -> (String, Option<(String, String)>) {
    let whole = format!("{name} {rest}");
    let split = unit_in_name(&whole, scanned);
    (whole, split)
}

/// A name that ends with its unit in brackets (`Haemoglobin (g/dL)`, `HbA1c (%)`), as tables
/// without a unit column print it: the name before it and the unit. Only a unit the catalog
/// knows, and not a letter (`Urea (S)`: of serum) or a word (`(Ratio)`). On a scan
/// (`scanned`), also a ratio OCR misread a letter of (`(mnv/hr)`, `(ulU/mL)`): one a unit the
/// catalog knows is near (not `(AST/SGOT)`); the row's test mends it later.
fn unit_in_name(name: &str, scanned: bool) -> Option<(String, String)> {
    let (before, unit) = name.trim_end().strip_suffix(')')?.rsplit_once('(')?;
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
fn misread_unit_in_name(name: &str) -> Option<String> {
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
fn reference_in_name(name: &str) -> Option<String> {
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
const RESULT_LABELS: &[&str] =
    &["result", "results", "value", "observed", "observed value", "your value", "test result"];

/// The cells of a line that starts with a result's label (`Result :`, `Value`) under a name
/// the catalog knows, with the name in place of the label: `name` `1.4 mg/dL`. The result
/// follows the label in its cell or stands in the next one.
fn result_under_name(name: &str, cells: &[Cell]) -> Option<Vec<Cell>> {
    let first = cells.first()?;
    let rest = after_result_label(&first.text)?;
    crate::catalog::lookup(name)?;
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
fn names_reference(word: &str) -> bool {
    let lower = word.trim_end_matches([':', ';', '.']).to_lowercase();
    reference_word(word) || (lower.len() >= 8 && crate::catalog::one_slip(&lower, "reference"))
}

/// What follows a result's label at the start of `text` (perhaps nothing), when it starts
/// with one: before a colon, or, where a photo lost the colon, before the result itself (a
/// number or a word result: `Result 4.4 mg/l`, `Result Negative`). A label's word may be read
/// a letter off (`Resut`, `Resutt`, `Resuit`).
fn after_result_label(text: &str) -> Option<&str> {
    let is_label = |label: &str| {
        let words: Vec<String> = label.split_whitespace().map(str::to_lowercase).collect();
        RESULT_LABELS.iter().any(|l| {
            let parts: Vec<&str> = l.split(' ').collect();
            parts.len() == words.len()
                && parts.iter().zip(&words).all(|(part, word)| {
                    let word = word.trim_end_matches(['.', ' ']);
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
const REFERENCE_LABELS: &[&str] = &[
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
fn is_heading(cells: &[Cell]) -> bool {
    let [cell] = cells else { return false };
    let text = cell.text.trim();
    text.chars().filter(|c| c.is_alphabetic()).count() >= 4
        && text.chars().all(|c| c.is_uppercase() || c == ' ' || c == '&')
        && parse_value(text).is_none_or(|v| v.qualitative.is_none())
}

/// Words that start the notes after such a reference, which end it.
const AFTER_REFERENCE: &[&str] = &[
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
fn reference_label(line: &Line) -> Option<String> {
    let text: String = line.cells.iter().map(|c| c.text.as_str()).collect::<Vec<_>>().join(" ");
    let tokens: Vec<&str> = text.split_whitespace().collect();
    // Each word in small letters, apart at stops and other marks (`Bio.Ref.` is `bio ref`),
    // with the printed word it is in.
    let words: Vec<(usize, String)> = tokens
        .iter()
        .enumerate()
        .flat_map(|(i, t)| {
            t.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(move |w| (i, w.to_lowercase()))
        })
        .collect();
    let used = REFERENCE_LABELS.iter().find_map(|label| {
        let parts: Vec<&str> = label.split(' ').collect();
        let matched =
            words.len() >= parts.len() && parts.iter().zip(&words).all(|(part, (_, word))| label_word(word, part));
        matched.then(|| words[parts.len() - 1].0 + 1)
    })?;
    // What follows the label and its colon on the same line, or its last word where a photo's
    // OCR lost the colon (`Bio. Ref. interval 3.5-5.1 mEq/L`).
    let rest = match text.split_once(':') {
        Some((_, r)) => r.to_string(),
        None => tokens[used..].join(" "),
    };
    Some(rest.trim_start_matches(['-', ' ']).trim().to_string())
}

/// Whether `word` (in small letters, without marks) is `part` of a reference's label, its
/// plural (`Reference Ranges`), or a photo's reading of it a letter off (`Ret.` for `Ref.`,
/// `Reterence`).
fn label_word(word: &str, part: &str) -> bool {
    word == part
        || word.strip_suffix('s') == Some(part)
        || (part.len() >= 3
            && word.len() == part.len()
            && word.chars().zip(part.chars()).filter(|(a, b)| a != b).count() == 1)
}

/// A reference being gathered from the lines under the row it belongs to.
struct ReferenceBelow {
    row: usize,
    text: Vec<String>,
    /// Bottom of the last line taken.
    last_y1: f32,
    line_height: f32,
}

impl ReferenceBelow {
    /// A line that is the label (`Bio. Ref. Interval. :`, perhaps followed by the range) under
    /// a row that has no range of its own.
    fn start(line: &Line, rows: &[LabRow]) -> Option<Self> {
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
    fn takes(&mut self, line: &Line, page_width: f32, columns: Columns) -> bool {
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

    fn apply(self, rows: &mut [LabRow], sex: Option<Sex>) {
        let text = self.text.join("; ");
        if let Some(row) = rows.get_mut(self.row) {
            set_reference(row, &text, text.clone(), sex);
        }
    }
}

/// Gives `row` the reference `text` (shown as `printed`) when it holds a range for this
/// report. A range split by sex on a report whose sex is not known gives no range, and its
/// text is kept for the person to read and for judging the value against both.
fn set_reference(row: &mut LabRow, text: &str, printed: String, sex: Option<Sex>) {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Each row's name, value as printed, unit and reference bounds.
    fn names_values_units_ranges(rows: &[LabRow]) -> Vec<(&str, &str, Option<&str>, Bounds)> {
        rows.iter()
            .map(|r| {
                (r.name.as_str(), r.value.text.as_str(), r.unit.as_deref(), r.range.as_ref().map(|g| (g.low, g.high)))
            })
            .collect()
    }

    /// Lays out `cells` of each line at the given x positions, 12 pt apart vertically.
    /// Each row's name, value as printed, and reference bounds.
    fn names_values_ranges(rows: &[LabRow]) -> Vec<(&str, &str, Option<f64>, Option<f64>)> {
        rows.iter()
            .map(|r| {
                let range = r.range.as_ref();
                (r.name.as_str(), r.value.text.as_str(), range.and_then(|r| r.low), range.and_then(|r| r.high))
            })
            .collect()
    }

    /// A range's bounds, as a test expects them.
    type Bounds = Option<(Option<f64>, Option<f64>)>;

    /// Each row's name, unit and range's bounds.
    fn names_units_ranges(rows: &[LabRow]) -> Vec<(&str, Option<&str>, Bounds)> {
        rows.iter().map(|r| (r.name.as_str(), r.unit.as_deref(), r.range.as_ref().map(|g| (g.low, g.high)))).collect()
    }

    /// A page 1400 px wide of `lines` of cells as OCR read them (each line an OCR line of its
    /// own, 40 px below the last), at the given x positions, words 4 px apart within a cell.
    fn ocr_cells_page(lines: &[&[(&str, f32)]]) -> Page {
        ocr_cells_page_set(lines, 40.0, (9.0, 18.0), 4.0)
    }

    /// [`ocr_cells_page`] with its lines `step` px apart, letters `size` (width, height), and
    /// words `gap` px apart within a cell.
    fn ocr_cells_page_set(lines: &[&[(&str, f32)]], step: f32, size: (f32, f32), gap: f32) -> Page {
        let mut words = Vec::new();
        for (i, cells) in lines.iter().enumerate() {
            let y = 100.0 + step * i as f32;
            for (text, x) in cells.iter() {
                let mut x = *x;
                for w in text.split(' ') {
                    words.push(ocr_word(w, x, y, size, i as u32));
                    x += size.0 * w.chars().count() as f32 + gap;
                }
            }
        }
        Page { number: 1, width: 1400.0, height: 400.0, words }
    }

    /// A word as OCR reads it (with its line's number), at `x, y`, its letters `size` (width,
    /// height).
    fn ocr_word(text: &str, x: f32, y: f32, size: (f32, f32), line: u32) -> Word {
        let x1 = x + size.0 * text.chars().count() as f32;
        Word { text: text.into(), bbox: BBox { x0: x, y0: y, x1, y1: y + size.1 }, bold: false, line: Some(line) }
    }

    pub(super) fn page(lines: &[&[(&str, f32)]]) -> Page {
        let mut words = Vec::new();
        for (i, cells) in lines.iter().enumerate() {
            let y = 100.0 + 12.0 * i as f32;
            for (text, x) in *cells {
                let mut cx = *x;
                for w in text.split(' ') {
                    let width = 5.0 * w.chars().count() as f32;
                    words.push(Word {
                        text: w.into(),
                        bbox: BBox { x0: cx, y0: y, x1: cx + width, y1: y + 10.0 },
                        bold: false,
                        line: None,
                    });
                    cx += width + 2.5;
                }
            }
        }
        Page { number: 1, width: 595.0, height: 842.0, words }
    }

    #[test]
    fn bands_printed_over_two_lines_are_one_band_line_and_a_greek_letter_with_a_number_is_a_name() {
        let p = page(&[
            &[("Test Name", 16.0), ("Optimal", 108.0), ("Borderline", 154.0), ("Increased Risk", 196.0)],
            &[("HbA1c", 60.0), ("5.4", 100.0)],
            &[("<5.7", 108.0), ("5.7-6.4", 154.0), (">6.4 %", 196.0)],
            &[("Glucose\u{b2}", 50.0), ("72", 100.0)],
            &[("<70 or >125", 190.0)],
            &[("70-99", 108.0), ("100-125", 154.0)],
            &[("mg/dL", 154.0)],
            &[("\u{3b1}-1", 60.0), ("56.1", 100.0)],
            &[(">35", 108.0), ("25-35", 154.0), ("<25 mg/dL", 196.0)],
        ]);
        let rows: Vec<(String, String, Option<String>, Option<String>)> =
            rows_from_page(&p, None).into_iter().map(|r| (r.name, r.value.text, r.unit, r.range_text)).collect();
        let row = |n: &str, v: &str, u: &str, r: &str| (n.to_string(), v.to_string(), Some(u.into()), Some(r.into()));
        assert_eq!(
            rows,
            [
                row("HbA1c", "5.4", "%", "<5.7"),
                row("Glucose", "72", "mg/dL", "70-99"),
                row("\u{3b1}-1", "56.1", "mg/dL", ">35"),
            ]
        );
    }

    #[test]
    fn risk_bands_under_a_result_give_its_unit_and_the_band_of_the_desirable_column() {
        let p = page(&[
            &[
                ("Optimal", 108.0),
                ("Borderline", 154.0),
                ("Increased Risk", 196.0),
                ("Footnotes", 240.0),
                ("Previous", 280.0),
            ],
            &[("Test Name", 16.0), ("Results", 381.0)],
            &[("Total Cholesterol", 30.0), ("139", 140.0)],
            &[("<200", 135.0), ("200-240", 185.0), (">240 mg/dL", 245.0)],
            &[("Direct LDL-C", 45.0), ("57", 140.0)],
            &[("<100", 135.0), ("100-160", 185.0), (">160 mg/dL", 245.0)],
            &[("HDL-C", 69.0), ("65", 140.0)],
            &[(">50", 135.0), ("40-50", 185.0), ("<40 mg/dL", 245.0)],
            &[("TC/HDL-C", 50.0), ("2.1", 140.0)],
            &[("<4", 135.0), ("4-6", 185.0), (">6", 245.0)],
            &[("Low", 135.0), ("Normal", 185.0), ("High", 245.0), ("Footnotes", 330.0), ("Previous", 380.0)],
            &[("Test Name", 16.0), ("Results", 381.0)],
            &[("Sodium", 60.0), ("142", 140.0)],
            &[("<135", 135.0), ("135-146", 185.0), (">146 mmol/L", 245.0)],
            &[("Optimal", 135.0), ("Borderline", 185.0), ("Increased Risk", 245.0)],
            &[("Alkaline", 60.0)],
            &[("103", 140.0)],
            &[("Phosphatase", 50.0)],
            &[("<130", 135.0), ("130-200", 185.0), (">200 U/L", 245.0)],
            // Thirds of a population rank; none is desirable, so only the unit is taken.
            &[("Low", 135.0), ("Mid", 185.0), ("High", 245.0)],
            &[("Linoleic Acid (LA)", 30.0), ("756.5", 140.0)],
            &[("<930.0", 135.0), ("930.0-1150.0", 185.0), (">1150.0 µg/mL", 245.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let got: Vec<(&str, &str, Option<&str>, Option<&str>)> = rows
            .iter()
            .map(|r| (r.name.as_str(), r.value.text.as_str(), r.unit.as_deref(), r.range_text.as_deref()))
            .collect();
        assert_eq!(
            got,
            [
                ("Total Cholesterol", "139", Some("mg/dL"), Some("<200")),
                ("Direct LDL-C", "57", Some("mg/dL"), Some("<100")),
                ("HDL-C", "65", Some("mg/dL"), Some(">50")),
                ("TC/HDL-C", "2.1", None, Some("<4")),
                ("Sodium", "142", Some("mmol/L"), Some("135-146")),
                ("Alkaline Phosphatase", "103", Some("U/L"), Some("<130")),
                ("Linoleic Acid (LA)", "756.5", Some("µg/mL"), None),
            ]
        );
        assert_eq!(rows[2].range.as_ref().map(|r| (r.low, r.high)), Some((Some(50.0), None)));
    }

    #[test]
    fn sentences_in_an_interpretation_column_are_not_rows_nor_parts_of_them() {
        let p = page(&[
            &[("Optimal", 135.0), ("Borderline", 185.0), ("Increased Risk", 245.0), ("Interpretation", 400.0)],
            &[("Test Name", 16.0)],
            &[("Saturated Fatty Acid", 30.0), ("Saturated FA Index is BORDERLINE.", 330.0)],
            &[("31.4", 140.0), ("fatty acids are associated with", 330.0)],
            &[("Index", 60.0), ("restricting dietary intake of", 330.0)],
            &[("butter with plant based oils.", 330.0)],
            &[("<30.0", 135.0), ("30.0-33.0", 185.0), (">33.0 %", 245.0), ("production of saturated fat by", 330.0)],
            &[("hydrogenated fats, and replacing with", 330.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let got: Vec<(&str, &str, Option<&str>, Option<&str>)> = rows
            .iter()
            .map(|r| (r.name.as_str(), r.value.text.as_str(), r.unit.as_deref(), r.range_text.as_deref()))
            .collect();
        assert_eq!(got, [("Saturated Fatty Acid Index", "31.4", Some("%"), Some("<30.0"))]);
    }

    #[test]
    fn score_cards_and_scale_legends_are_not_results() {
        let p = page(&[
            &[("SUGAR CONTROL", 20.0), ("100", 150.0), ("THYROID FUNCTION", 220.0), ("100", 380.0)],
            &[("BLOOD COUNT", 20.0), ("81", 150.0), ("CHOLESTEROL", 220.0), ("95", 380.0)],
            &[("3 Out of Range", 20.0), ("0", 150.0), ("Borderline", 220.0), ("14 Within Range", 380.0)],
            &[("Health Score", 20.0), ("0-39", 150.0), ("40-59", 220.0), ("60-69", 300.0), ("70-79", 380.0)],
            // A count per field inside its reference, and a unit in words, are still results.
            &[("Pus Cells", 20.0), ("2-4", 150.0), ("/hpf", 220.0), ("0-5", 300.0)],
            &[("ESR", 20.0), ("28", 150.0), ("mm at 1hr", 220.0), ("0-10", 300.0)],
            &[("Omega-3 Total", 20.0), ("6.9", 150.0), ("% by wt", 220.0), ("4.0-12.0", 300.0)],
            // A method in words after a word result is neither unit nor reference.
            &[("Urobilinogen", 20.0), ("NORMAL", 150.0), ("NORMAL", 220.0), ("Modified Ehrlich", 300.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let got: Vec<(&str, &str, Option<&str>)> =
            rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.unit.as_deref())).collect();
        assert_eq!(
            got,
            [
                ("Pus Cells", "2-4", Some("/hpf")),
                ("ESR", "28", Some("mm at 1hr")),
                ("Omega-3 Total", "6.9", Some("% by wt")),
                ("Urobilinogen", "NORMAL", None)
            ]
        );
    }

    #[test]
    fn a_unit_printed_only_inside_the_reference_is_the_results_unit() {
        let p = page(&[
            &[("GGT", 20.0), ("18", 150.0), ("3-95 U/L", 300.0)],
            &[("HOMOCYSTEINE", 20.0), ("9.0", 150.0), ("< or = 13.5 umol/L", 300.0)],
            &[("Sodium", 20.0), ("140", 150.0), ("mmol/L", 220.0), ("135-145", 300.0)],
            &[("PSA, % FREE", 20.0), ("50", 150.0), (">25 % (calc)", 300.0)],
            &[("HIV Ag&Ab", 20.0), ("0.12", 150.0), ("<0.25 Negative", 300.0)],
        ]);
        let units: Vec<Option<String>> = rows_from_page(&p, None).into_iter().map(|r| r.unit).collect();
        let printed = |u: &str| Some(u.to_string());
        assert_eq!(units, [printed("U/L"), printed("umol/L"), printed("mmol/L"), printed("%"), None]);
    }

    #[test]
    fn a_unit_inside_a_reference_split_by_sex_is_the_results_unit_whatever_the_sex() {
        let p = page(&[
            &[("Test", 20.0), ("Result", 150.0), ("Reference Range", 300.0)],
            &[("Triiodothyronine (T3)", 20.0), ("231", 150.0), ("M: (80 - 200) ng/mL F: (72 - 180)", 300.0)],
            &[("Iron", 20.0), ("88", 150.0), ("F: (58 - 158) ug/dL M: (65 - 175)", 300.0)],
            // Each sex's range on a line of its own, the unit with the first.
            &[("Ferritin", 20.0), ("120", 150.0), ("Male: 30 - 400 ng/mL", 300.0)],
            &[("Female: 13 - 150", 300.0)],
        ]);
        for sex in [Some(Sex::Male), Some(Sex::Female), None] {
            let units: Vec<(String, Option<String>)> =
                rows_from_page(&p, sex).into_iter().map(|r| (r.name, r.unit)).collect();
            let unit = |name: &str, u: &str| (name.to_string(), Some(u.to_string()));
            let want = [unit("Triiodothyronine (T3)", "ng/mL"), unit("Iron", "ug/dL"), unit("Ferritin", "ng/mL")];
            assert_eq!(units, want, "{sex:?}");
        }
    }

    #[test]
    fn a_name_wrapped_above_or_below_its_row_is_put_together_when_it_names_a_test() {
        let p = page(&[
            &[("THYROID PEROXIDASE", 20.0), ("<1", 150.0), ("<9 IU/mL", 300.0)],
            &[("ANTIBODIES", 30.0)],
            &[("SEX HORMONE BINDING", 20.0), ("EN", 500.0)],
            &[("GLOBULIN", 30.0), ("28", 150.0), ("10-50 nmol/L", 300.0)],
            // The rest of a name with its abbreviation in brackets.
            &[("Thyroid Stimulating", 20.0), ("5.9", 150.0), ("uIU/mL", 220.0), ("0.27-4.20", 300.0)],
            &[("Hormone (TSH)", 30.0)],
            // A heading above a row stays a heading, and one below a named test is not its name.
            &[("LIPID PROFILE", 20.0)],
            &[("Cholesterol", 20.0), ("180", 150.0), ("mg/dL", 220.0), ("<200", 300.0)],
            &[("Basophils", 20.0), ("1", 150.0), ("%", 220.0), ("0-2", 300.0)],
            &[("ABSOLUTE COUNT", 20.0)],
            &[("Method: Bilirubin (Indirect)", 20.0)],
            &[("ESR", 20.0), ("28", 150.0), ("mm/hr", 220.0), ("0-10", 300.0)],
        ]);
        let names: Vec<String> = rows_from_page(&p, None).into_iter().map(|r| r.name).collect();
        let expect = [
            "THYROID PEROXIDASE ANTIBODIES",
            "SEX HORMONE BINDING GLOBULIN",
            "Thyroid Stimulating Hormone (TSH)",
            "Cholesterol",
            "Basophils",
            "ESR",
        ];
        assert_eq!(names, expect);
    }

    #[test]
    fn a_wrapped_name_after_a_lists_number_set_apart_is_joined_past_its_leader_dots_and_specks() {
        // A photo: the list's number a cell of its own, the rest of the name under the name
        // with its leader dots and a speck read after them (`~`, `;`).
        let lines: &[&[(&str, f32)]] = &[
            &[("Test Description", 20.0), ("Value", 500.0), ("Normal Range", 800.0)],
            &[("1.", 20.0), ("Red Cell", 70.0), ("12.3", 500.0), ("Range (11.6 - 14.0) %", 800.0)],
            &[("Distribution Width .......", 70.0), ("~", 340.0)],
            &[("7.", 20.0), ("Total Iron", 70.0), ("336", 500.0), ("Range (250 - 450) ug/dL", 800.0)],
            &[("Binding Capacity ......", 70.0), (";", 320.0)],
        ];
        // (Lines set close, as a wrapped name's are: 24 px letters, 30 px apart.)
        let p = ocr_cells_page_set(lines, 30.0, (9.0, 24.0), 6.0);
        let names: Vec<String> = rows_from_page(&p, None).into_iter().map(|r| r.name).collect();
        assert_eq!(names, ["Red Cell Distribution Width", "Total Iron Binding Capacity"]);
    }

    #[test]
    fn a_reference_read_into_the_name_past_reading_is_no_part_of_it() {
        assert_eq!(
            reference_in_name("Mean Corpuscular Hemoglobin (343 : 358").as_deref(),
            Some("Mean Corpuscular Hemoglobin")
        );
        assert_eq!(reference_in_name("Potassium (K+) (32 ; rit Men").as_deref(), Some("Potassium (K+)"));
        assert_eq!(reference_in_name("Prothrombin Time , (71.0 , noe f Neue").as_deref(), Some("Prothrombin Time"));
        // Names with a number in brackets stay.
        assert_eq!(reference_in_name("Vitamin D (25-OH)"), None);
        assert_eq!(reference_in_name("Vitamin D (25 Hydroxy)"), None);
        assert_eq!(reference_in_name("Chloride (98 - 107)").as_deref(), Some("Chloride"));
        assert_eq!(reference_in_name("Potassium (K+)"), None);
    }

    #[test]
    fn a_list_line_of_a_name_its_result_and_its_reference_in_one_run_of_words_is_read_as_a_row() {
        let lines = [
            "Hemoglobin: 11.2 g/dL (Ref: 13.0 - 17.0)",
            "Total Cholesterol: 232 mg/dL (Normal: < 200) High",
            "TSH 2.10 uIU/mL (0.27 - 4.20)",
            "Fasting Blood Sugar - 112 mg/dL [70 - 100]",
            "Creatinine = 0.9 mg/dL, reference 0.7 - 1.3",
            "Urea: 30 mg/dL, Normal range: 17 - 43",
            "Vitamin D, 25-Hydroxy: 18.5 ng/mL (Ref: 30 - 100) L",
            // A unit of two words, brackets inside the reference, a result beyond the assay.
            "ESR = 7 mm/1st hr, reference 0 - 15",
            "INR: 0.89, reference 0.80-1.20",
            "Lipase: 65 U/L (Ref: Male (12 - 54) ; Women (13 - 60))",
            "ALT <2.1 U/L Ref. range <= 41",
            // The range with its unit, then the flag.
            "Glucose 112 mg/dL (70 - 100) mg/dL H",
            // Results in words, with a separator or before a reference.
            "Urine Protein: Negative",
            "Albumin (Urine) Nil (Ref: Negative)",
            "Nitrite Negative, reference Negative",
            // A flag before the comma that ends the result.
            "INR 1.33 H, reference Adult 0.80 to 1.20 ; Child 0.56 to 0.96",
            "HBsAg - Non Reactive, reference Non Reactive",
            "Appearance = Slightly Turbid [Clear]",
        ];
        let cells: Vec<[(&str, f32); 1]> = lines.iter().map(|l| [(*l, 40.0)]).collect();
        let rows = rows_from_page(&page(&cells.iter().map(|c| &c[..]).collect::<Vec<_>>()), Some(Sex::Male));
        let read: Vec<_> = rows
            .iter()
            .map(|r| {
                let range = r.range.as_ref().map(|g| (g.low, g.high));
                (r.name.as_str(), r.value.text.as_str(), r.unit.as_deref(), range, r.flag)
            })
            .collect();
        assert_eq!(
            read,
            [
                ("Hemoglobin", "11.2", Some("g/dL"), Some((Some(13.0), Some(17.0))), None),
                ("Total Cholesterol", "232", Some("mg/dL"), Some((None, Some(200.0))), Some(Flag::High)),
                ("TSH", "2.10", Some("uIU/mL"), Some((Some(0.27), Some(4.2))), None),
                ("Fasting Blood Sugar", "112", Some("mg/dL"), Some((Some(70.0), Some(100.0))), None),
                ("Creatinine", "0.9", Some("mg/dL"), Some((Some(0.7), Some(1.3))), None),
                ("Urea", "30", Some("mg/dL"), Some((Some(17.0), Some(43.0))), None),
                ("Vitamin D, 25-Hydroxy", "18.5", Some("ng/mL"), Some((Some(30.0), Some(100.0))), Some(Flag::Low)),
                ("ESR", "7", Some("mm/1st hr"), Some((Some(0.0), Some(15.0))), None),
                ("INR", "0.89", None, Some((Some(0.8), Some(1.2))), None),
                ("Lipase", "65", Some("U/L"), Some((Some(12.0), Some(54.0))), None),
                ("ALT", "<2.1", Some("U/L"), Some((None, Some(41.0))), None),
                ("Glucose", "112", Some("mg/dL"), Some((Some(70.0), Some(100.0))), Some(Flag::High)),
                ("Urine Protein", "Negative", None, None, None),
                ("Albumin (Urine)", "Nil", None, Some((None, None)), None),
                ("Nitrite", "Negative", None, Some((None, None)), None),
                ("INR", "1.33", None, Some((Some(0.8), Some(1.2))), Some(Flag::High)),
                ("HBsAg", "Non Reactive", None, Some((None, None)), None),
                ("Appearance", "Slightly Turbid", None, None, None),
            ]
        );
    }

    #[test]
    fn a_list_line_whose_words_a_wider_space_sets_apart_is_a_row_and_no_tier_of_the_row_above() {
        let p = page_at(&[
            (100.0, &[("Globulin = 2.2 g/dL [Adults : 2.0 - 3.5 ; Children : 1.4 - 2.8]", 40.0)]),
            // Its name's second word starts where the reference above does.
            (
                112.0,
                &[
                    ("TSH", 40.0),
                    ("(Ultrasensitive) = 5.34 High uIU/mL [Male : 0.27 - 4.20 ; Female : 0.24 - 3.78]", 88.0),
                ],
            ),
            (
                124.0,
                &[("LDL", 40.0), ("Chol Calc (NIH) = 64 mg/dL", 62.0), ("[Normal : < 100 ; High : >= 160]", 200.0)],
            ),
            (136.0, &[("Total Leucocyte Count 12.97 x10^3/uL", 40.0), ("Ref. range (4.00 - 11.00) High", 260.0)]),
        ]);
        let rows = rows_from_page(&p, Some(Sex::Male));
        let read: Vec<_> = rows
            .iter()
            .map(|r| (r.name.as_str(), r.value.number, r.range.as_ref().map(|g| (g.low, g.high)), r.flag))
            .collect();
        assert_eq!(
            read,
            [
                ("Globulin", Some(2.2), Some((Some(2.0), Some(3.5))), None),
                ("TSH (Ultrasensitive)", Some(5.34), Some((Some(0.27), Some(4.2))), Some(Flag::High)),
                ("LDL Chol Calc (NIH)", Some(64.0), Some((None, Some(100.0))), None),
                ("Total Leucocyte Count", Some(12.97), Some((Some(4.0), Some(11.0))), Some(Flag::High)),
            ]
        );
    }

    #[test]
    fn a_list_line_a_photo_read_with_its_reference_cut_apart_and_its_unit_misread_is_a_row() {
        let p = ocr_cells_page(&[
            // The bracketed reference cut in two by a wider space; `Ret` for `Ref`.
            &[("Lymphocytes - 38 % (Ret.", 40.0), ("(18 - 36) : Men ; (20 - 40): Female)", 500.0)],
            // The result run into its flag, the unit misread, the bracket read as a brace.
            &[("Albumin - 3.3L grvdt (Ref: (3.5 - 5.2) Female ; (3.1 - 4.7) : Male}", 40.0)],
            // `IU/L` read `1U/L`; a result run into its `%`.
            &[("ALT - 6 1U/L (Normal: < 41)", 40.0)],
            &[("Eosinophils - 3% (Ret: (1 - 6): Adults ; (1 - 5) : Children)", 40.0)],
            // A unit of two words misread; a reference garbled past reading, still a reference.
            &[("Erythrocyte Sedimentation Rate 9 mnv1st hr (Adults 0-15 ; Children 0-12)", 40.0)],
            &[("Platelet Count 287578 /curnm (Actults 150000-410000 ; Chikiren 105000-328000)", 40.0)],
        ]);
        let rows = rows_from_page(&p, Some(Sex::Female));
        let read: Vec<_> = rows
            .iter()
            .map(|r| (r.name.as_str(), r.value.number, r.flag, r.range.as_ref().map(|g| (g.low, g.high))))
            .collect();
        assert_eq!(
            read,
            [
                ("Lymphocytes", Some(38.0), None, Some((Some(20.0), Some(40.0)))),
                ("Albumin", Some(3.3), Some(Flag::Low), Some((Some(3.5), Some(5.2)))),
                ("ALT", Some(6.0), None, Some((None, Some(41.0)))),
                ("Eosinophils", Some(3.0), None, Some((Some(1.0), Some(6.0)))),
                ("Erythrocyte Sedimentation Rate", Some(9.0), None, Some((Some(0.0), Some(15.0)))),
                ("Platelet Count", Some(287_578.0), None, None),
            ]
        );
        assert_eq!(rows[2].unit.as_deref(), Some("IU/L"));
    }

    #[test]
    fn a_tiers_label_a_photo_set_apart_from_its_range_is_no_part_of_the_name() {
        // A 950 px photo: `Adult:` and `Child:` a little more than two spaces from their
        // ranges, cells of their own.
        let p = ocr_cells_page(&[
            &[("Investigation", 20.0), ("Normal Range", 700.0), ("Units", 1000.0), ("Observed Value", 1100.0)],
            &[("11. Sodium", 20.0), ("Adult:", 700.0), ("136-145", 766.0), ("mEq/L", 1000.0), ("146", 1120.0)],
            &[("Children:", 690.0), ("95-116", 784.0)],
            &[("12. Lymphocytes", 20.0), ("Child:", 700.0), ("14-32", 766.0), ("%", 1000.0), ("32", 1120.0)],
            &[("Adult:", 700.0), ("20-40", 766.0)],
        ]);
        let rows = rows_from_page(&p, Some(Sex::Male));
        let read: Vec<_> =
            rows.iter().map(|r| (r.name.as_str(), r.value.number, r.range.as_ref().map(|g| (g.low, g.high)))).collect();
        assert_eq!(
            read,
            [
                ("Sodium", Some(146.0), Some((Some(136.0), Some(145.0)))),
                ("Lymphocytes", Some(32.0), Some((Some(20.0), Some(40.0)))),
            ]
        );
    }

    #[test]
    fn international_units_read_with_a_one_alone_after_a_reference_are_the_unit() {
        // `IU/L` read `1U/L`, a cell of its own between the reference and the result.
        let p = ocr_cells_page(&[
            &[("Investigation", 20.0), ("Normal Range", 700.0), ("Units", 1000.0), ("Observed Value", 1100.0)],
            &[("9. SGPT (ALT)", 20.0), ("Up to 41", 700.0), ("1U/L", 1000.0), ("27", 1120.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<_> = rows
            .iter()
            .map(|r| (r.name.as_str(), r.value.number, r.unit.as_deref(), r.range.as_ref().map(|g| (g.low, g.high))))
            .collect();
        assert_eq!(read, [("SGPT (ALT)", Some(27.0), Some("IU/L"), Some((None, Some(41.0))))]);
    }

    #[test]
    fn a_rule_read_as_a_tall_bar_on_a_line_does_not_join_its_cells() {
        // A table's rule read as `|` down five rows, on the line of a result and its comment:
        // measured by the bar, the gap between them is less than a space.
        let mut p = ocr_cells_page(&[
            &[("Investigation", 20.0), ("Normal Range", 700.0), ("Observed Value", 1100.0), ("Comments", 1300.0)],
            &[("23. Colour", 20.0), ("Pale Yellow", 700.0), ("Straw", 1100.0), ("Mildly haemolysed", 1220.0)],
        ]);
        p.words.push(Word {
            text: "|".into(),
            bbox: BBox { x0: 1500.0, y0: 140.0, x1: 1506.0, y1: 540.0 },
            bold: false,
            line: Some(1),
        });
        let rows = rows_from_page(&p, None);
        let read: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str())).collect();
        assert_eq!(read, [("Colour", "Straw")]);
    }

    #[test]
    fn a_ranges_high_bound_a_photo_set_apart_after_its_to_is_the_ranges() {
        // `... reference 40 to` ends at 280 px; `129 U/L` starts 14 px on, more than the
        // two spaces (10 px for 18 px letters) that start a cell.
        let p = ocr_cells_page(&[
            &[("ALP: 32 L U/L, reference 40 to", 40.0), ("129 U/L", 294.0)],
            &[("INR: 0.94, reference 0.80 to", 40.0), ("1.20", 290.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<_> = rows
            .iter()
            .map(|r| (r.name.as_str(), r.value.number, r.flag, r.range.as_ref().map(|g| (g.low, g.high))))
            .collect();
        assert_eq!(
            read,
            [
                ("ALP", Some(32.0), Some(Flag::Low), Some((Some(40.0), Some(129.0)))),
                ("INR", Some(0.94), None, Some((Some(0.8), Some(1.2)))),
            ]
        );
    }

    #[test]
    fn a_range_a_photo_set_apart_from_its_tiers_label_after_it_is_the_tiers() {
        let p = ocr_cells_page(&[
            &[("Investigation", 20.0), ("Reference Range", 700.0), ("Result", 1100.0)],
            &[("Monocytes", 20.0), ("2-10:", 700.0), ("Adults", 760.0), ("3%", 1100.0)],
            &[("1-8:", 700.0), ("Children", 760.0)],
        ]);
        let rows = rows_from_page(&p, Some(Sex::Male));
        let read: Vec<_> =
            rows.iter().map(|r| (r.name.as_str(), r.value.number, r.range.as_ref().map(|g| (g.low, g.high)))).collect();
        assert_eq!(read, [("Monocytes", Some(3.0), Some((Some(2.0), Some(10.0))))]);
    }

    #[test]
    fn a_reference_label_under_a_row_read_a_letter_off_without_its_colon_is_no_test() {
        let p = ocr_cells_page(&[
            &[("PARAMETER", 20.0), ("Technology", 500.0), ("RESULT", 800.0)],
            &[("24. Urine Glucose", 20.0), ("Enzymatic", 500.0), ("Absent", 800.0)],
            &[("Reterence Range", 20.0), ("Negative", 300.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str())).collect();
        assert_eq!(read, [("Urine Glucose", "Absent")]);
        assert_eq!(rows[0].range_text.as_deref(), Some("Negative"));
    }

    #[test]
    fn a_unit_run_into_a_first_tier_that_is_not_the_normal_one_is_set_apart() {
        // A text layer's long unit with no gap before the reference's column, whose first
        // tier is not the normal one: the tiers under it say which is.
        let p = page(&[
            &[
                ("Test Description", 40.0),
                ("Observed Value", 255.0),
                ("Normal Range", 340.0),
                ("Previous Result", 500.0),
            ],
            &[("eGFR", 40.0), ("99 mL/min/1.73m2 Moderate Decrease : 30 - 59", 255.0), ("102", 500.0)],
            &[("Mild Decrease : 60 - 89", 340.0)],
            &[("Normal : >= 90", 340.0)],
        ]);
        let rows = rows_from_page(&p, Some(Sex::Male));
        let read: Vec<_> = rows
            .iter()
            .map(|r| (r.name.as_str(), r.value.number, r.unit.as_deref(), r.range.as_ref().map(|g| (g.low, g.high))))
            .collect();
        assert_eq!(read, [("eGFR", Some(99.0), Some("mL/min/1.73m2"), Some((Some(90.0), None)))]);
    }

    #[test]
    fn an_ocr_line_of_two_heights_is_cut_and_its_piece_level_with_a_row_joins_the_row() {
        // Tesseract's line 2 took the row's `(` and unit with the rest of the name wrapped
        // under the row; the row's other words are line 1.
        let size = (9.0, 18.0);
        let mut words = Vec::new();
        for (t, x) in [("Test", 20.0), ("Result", 500.0), ("Range", 700.0), ("Unit", 900.0)] {
            words.push(ocr_word(t, x, 100.0, size, 0));
        }
        for (t, x) in [("Total", 20.0), ("Iron", 74.0), ("284", 500.0), ("250", 700.0), ("-", 731.0), ("450)", 744.0)] {
            words.push(ocr_word(t, x, 140.0, size, 1));
        }
        for (t, x, y) in
            [("(", 688.0, 140.0), ("ug/dL", 900.0, 140.0), ("Binding", 20.0, 162.0), ("Capacity", 92.0, 162.0)]
        {
            words.push(ocr_word(t, x, y, size, 2));
        }
        let p = Page { number: 1, width: 1400.0, height: 400.0, words };
        let rows = rows_from_page(&p, None);
        let read: Vec<_> = rows
            .iter()
            .map(|r| (r.name.as_str(), r.value.number, r.unit.as_deref(), r.range.as_ref().map(|g| (g.low, g.high))))
            .collect();
        assert_eq!(
            read,
            [("Total Iron Binding Capacity", Some(284.0), Some("ug/dL"), Some((Some(250.0), Some(450.0))))]
        );
    }

    #[test]
    fn a_speck_of_marks_before_a_result_and_its_unit_is_no_part_of_them() {
        // A tall speck read `=.` between the flag's column and `108 mmol/L`.
        let p = ocr_cells_page(&[
            &[("Tests", 20.0), ("H/L", 400.0), ("Observed Value", 500.0), ("Biological Ref. Interval", 800.0)],
            &[
                ("Chloride", 20.0),
                ("High", 400.0),
                ("=. 108 mmol/L", 480.0),
                ("Male: 88 to 96; Female: 98 to 107", 800.0),
            ],
        ]);
        let rows = rows_from_page(&p, Some(Sex::Female));
        let read: Vec<_> = rows
            .iter()
            .map(|r| (r.name.as_str(), r.value.number, r.unit.as_deref(), r.range.as_ref().map(|g| (g.low, g.high))))
            .collect();
        assert_eq!(read, [("Chloride", Some(108.0), Some("mmol/L"), Some((Some(98.0), Some(107.0))))]);
        assert_eq!(rows[0].flag, Some(Flag::High));
    }

    #[test]
    fn a_result_and_a_unit_misread_past_knowing_before_a_reference_are_the_result_and_the_tests_unit() {
        // A small photo: the result's header lost, each result read with its unit in one cell,
        // the unit misread and the flag's asterisk read as a quote; past results further right.
        let p = ocr_cells_page(&[
            &[("PARAMETER", 20.0), ("Biological Ref. Interval", 600.0), ("Last Value", 1000.0)],
            &[("Vitamin D, 25-Hydroxy", 20.0), ("124.1\" ngimt", 470.0), ("30.0-100.0", 600.0), ("110.9", 1000.0)],
            &[("RBC Count", 20.0), ("4.60 x10%WuL", 460.0), ("4.50-5.50", 600.0), ("4.17", 1000.0)],
            &[
                ("Total Cholesterol", 20.0),
                ("63 mys.", 490.0),
                ("Desirable: < 200; High: >= 240", 600.0),
                ("69", 1000.0),
            ],
            // The reference's points lost too: 64-83 would be g/L, where 7.2 is impossible.
            &[("Total Protein", 20.0), ("7.2 Qe", 500.0), ("64-83", 600.0), ("7.0", 1000.0)],
        ]);
        let read: Vec<_> = rows_from_page(&p, None)
            .iter()
            .map(|r| (r.name.clone(), r.value.number, r.unit.clone(), r.range.as_ref().and_then(|g| g.high)))
            .collect();
        let row = |n: &str, v: f64, u: &str, h: f64| (n.to_string(), Some(v), Some(u.to_string()), Some(h));
        assert_eq!(
            read,
            [
                row("Vitamin D, 25-Hydroxy", 124.1, "ng/mL", 100.0),
                row("RBC Count", 4.6, "x10^6/uL", 5.5),
                row("Total Cholesterol", 63.0, "mg/dL", 200.0),
                row("Total Protein", 7.2, "g/dL", 83.0),
            ]
        );
    }

    #[test]
    fn a_flags_letter_a_scan_ran_into_its_result_is_the_flag() {
        let p = ocr_cells_page(&[
            &[("Test Name", 20.0), ("Value", 400.0), ("Biological Ref. Interval", 600.0)],
            &[("10. Basophils", 20.0), ("H3%", 420.0), ("Oto2", 600.0)],
            &[("Haemoglobin", 20.0), ("L10.2", 420.0), ("g/dL", 500.0), ("13.0 to 17.0", 600.0)],
            // A name's code is no flag and no result.
            &[("H1N1 Antibody", 20.0), ("Negative", 420.0), ("Negative", 600.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.value.number, r.unit.as_deref(), r.flag)).collect();
        assert_eq!(
            read,
            [
                ("Basophils", Some(3.0), Some("%"), Some(Flag::High)),
                ("Haemoglobin", Some(10.2), Some("g/dL"), Some(Flag::Low)),
                ("H1N1 Antibody", None, None, None)
            ]
        );
    }

    #[test]
    fn a_list_line_a_photo_cut_after_its_references_label_is_a_row_and_no_tier_of_the_row_above() {
        let p = ocr_cells_page(&[
            &[("HCT", 100.0), ("44.1", 160.0), ("%", 220.0), ("40.0 to 50.0", 260.0)],
            &[("Phosphorus 3.9 mg/dL (Ref:", 100.0), ("2.5 to 4 5)", 480.0)],
            &[("MCH 31.5 pg (Ret:", 100.0), ("27.0 to 32.0)", 480.0)],
        ]);
        let rows = names_values_ranges(&rows_from_page(&p, None))
            .into_iter()
            .map(|(n, v, l, h)| (n.to_string(), v.to_string(), l, h))
            .collect::<Vec<_>>();
        let row = |n: &str, v: &str, l: f64, h: f64| (n.to_string(), v.to_string(), Some(l), Some(h));
        assert_eq!(
            rows,
            [row("HCT", "44.1", 40.0, 50.0), row("Phosphorus", "3.9", 2.5, 4.5), row("MCH", "31.5", 27.0, 32.0)]
        );
    }

    #[test]
    fn a_sexs_label_a_photo_set_apart_before_the_other_sexs_range_is_the_references_not_the_names() {
        let p = ocr_cells_page(&[
            &[("Tests", 40.0), ("Ref. Range", 440.0), ("Within Range", 640.0), ("Units", 850.0)],
            // `Male:` a cell of its own, the female range below with `Women` read `Wornen`.
            &[("FT4", 40.0), ("Male:", 440.0), ("0.84 to 1.53", 520.0), ("1.59", 660.0), ("ng/dL", 850.0)],
            &[("Wornen: 0.93 to 1.70", 430.0)],
            // A tier's colon read as a full stop run into its label.
            &[("Cholesterol, Total", 40.0), ("Optimal. < 200", 440.0), ("71", 660.0), ("mg/dL", 850.0)],
            &[("Borderline High: 200 - 239", 400.0)],
            &[("High: >= 240", 450.0)],
            // A colon set apart after the name is no tier's label.
            &[("Phosphorus", 40.0), (":", 300.0), ("Male: 2.2 to 4.0", 440.0), ("4.4", 660.0), ("mg/dL", 850.0)],
            &[("Female: 2.5 to 4.5", 440.0)],
        ]);
        assert_eq!(
            names_values_ranges(&rows_from_page(&p, Some(Sex::Female))),
            [
                ("FT4", "1.59", Some(0.93), Some(1.7)),
                ("Cholesterol, Total", "71", None, Some(200.0)),
                ("Phosphorus", "4.4", Some(2.5), Some(4.5))
            ]
        );
        // For a man, the range on the name's line.
        assert_eq!(
            names_values_ranges(&rows_from_page(&p, Some(Sex::Male)))[0],
            ("FT4", "1.59", Some(0.84), Some(1.53))
        );
    }

    #[test]
    fn a_row_whose_first_tier_a_photo_damaged_or_whose_tier_colon_it_read_as_a_semicolon_stays() {
        let p = ocr_cells_page(&[
            &[("PARAMETER", 40.0), ("Your Value", 300.0), ("REFERENCE INTERVAL", 460.0), ("Last Value", 800.0)],
            // The adults' tier damaged (`5.2` read `§.2`): a row, with no range.
            &[("Albumin", 40.0), ("4.1", 300.0), ("Adult : (3.5 - \u{a7}.2)", 460.0), ("3.5", 800.0)],
            &[("Children : (2.4 - 4.2)", 460.0)],
            // The children's tier's colon read as a semicolon: the adults' tier below is the range.
            &[("Magnesium", 40.0), ("1.9", 300.0), ("Children ; (1.1 - 2.1)", 460.0), ("1.7", 800.0)],
            &[("Adults : (1.6 - 2.6)", 460.0)],
        ]);
        assert_eq!(
            names_values_ranges(&rows_from_page(&p, Some(Sex::Female))),
            [("Albumin", "4.1", None, None), ("Magnesium", "1.9", Some(1.6), Some(2.6))]
        );
    }

    #[test]
    fn under_a_header_whose_result_header_a_photo_lost_the_result_column_is_where_the_rows_end() {
        // `Test Description  Reference Range  [RESULT]`: each result set right, at 1100.
        let right = |v: &'static str| (v, 1100.0 - 9.0 * v.len() as f32);
        let lines: Vec<Vec<(&str, f32)>> = vec![
            vec![("Test Description", 40.0), ("Reference Range", 400.0)],
            vec![("Albumin :", 40.0), ("Normal: (3.5 - 5.2) gm/dL", 400.0), right("4.1")],
            vec![("FBS :", 40.0), ("Normal: (70 - 100) mg/dL", 400.0), right("94")],
            // A bound before the result, beyond the assay's limit as a result would be.
            vec![("PSA, Total :", 40.0), ("<4.00", 400.0), ("ng/mL", 470.0), right("2.75")],
            vec![("BUN :", 40.0), ("Normal: (6 - 24) mg/dL", 400.0), right("23")],
            // Tiers cut into cells, their first label a cell of its own.
            vec![
                ("TRIGLYCERIDES :", 40.0),
                ("Desirable:", 400.0),
                ("< 150; Borderline:", 530.0),
                ("150-180; High: >= 180", 720.0),
                right("139"),
            ],
            // The reference in words before the result in words.
            vec![("Nitrite :", 40.0), ("Negative", 400.0), right("Positive")],
        ];
        let lines: Vec<&[(&str, f32)]> = lines.iter().map(Vec::as_slice).collect();
        let rows = rows_from_page(&ocr_cells_page(&lines), None);
        let read: Vec<_> =
            rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.range_text.as_deref())).collect();
        assert_eq!(
            read,
            [
                ("Albumin", "4.1", Some("Normal: (3.5 - 5.2) gm/dL")),
                ("FBS", "94", Some("Normal: (70 - 100) mg/dL")),
                ("PSA, Total", "2.75", Some("<4.00")),
                ("BUN", "23", Some("Normal: (6 - 24) mg/dL")),
                ("TRIGLYCERIDES", "139", Some("Desirable: < 150; Borderline: 150-180; High: >= 180")),
                ("Nitrite", "Positive", Some("Negative")),
            ]
        );
    }

    #[test]
    fn a_photos_tiers_printed_range_first_keep_their_labels_units_and_the_names_wrapped_beside_them() {
        let p = ocr_cells_page(&[
            &[
                ("Test Description", 40.0),
                ("Result", 300.0),
                ("Last Value", 420.0),
                ("Unit", 560.0),
                ("Ref. Range", 680.0),
            ],
            // The tier's label a cell apart after its colon; the `%` tilted left of its header.
            &[("Monocytes", 40.0), ("3", 300.0), ("4", 420.0), ("%", 548.0), ("2 - 10):", 680.0), ("Adults", 770.0)],
            &[("1-8):", 680.0), ("Children", 740.0)],
            // The name's end wrapped beside the next tier, perhaps with the unit.
            &[("HDL", 40.0), ("54", 300.0), ("43", 420.0), ("mg/dL", 560.0), ("(40 - 60) : Male", 680.0)],
            &[("Cholesterol, Direct", 40.0), ("(36 - 54) : Women", 680.0)],
            &[("Vitamin D", 40.0), ("30.3", 300.0), ("28.1", 420.0), ("30.0 to 100.0 : Sufficiency", 680.0)],
            &[("Total (ng/mL)", 40.0), ("< 20.0 : Deficiency", 680.0)],
            // A tier short enough to pass for a time of day.
            &[("BUN", 40.0), ("28", 300.0), ("23", 420.0), ("mg/dL", 560.0), ("6 to 24:", 680.0), ("Male", 770.0)],
            &[("5 to 22:", 680.0), ("Women", 770.0)],
        ]);
        let rows = rows_from_page(&p, Some(Sex::Male));
        let read = names_values_units_ranges(&rows);
        assert_eq!(
            read,
            [
                ("Monocytes", "3", Some("%"), Some((Some(2.0), Some(10.0)))),
                ("HDL Cholesterol, Direct", "54", Some("mg/dL"), Some((Some(40.0), Some(60.0)))),
                ("Vitamin D Total", "30.3", Some("ng/mL"), Some((Some(30.0), Some(100.0)))),
                ("BUN", "28", Some("mg/dL"), Some((Some(6.0), Some(24.0)))),
            ]
        );
        assert_eq!(rows[0].range_text.as_deref(), Some("2 - 10): Adults; 1-8): Children"));
    }

    #[test]
    fn a_tier_printed_range_first_whose_colon_and_label_a_photo_set_apart_keeps_its_label() {
        let page = |second: &'static str| {
            ocr_cells_page(&[
                &[("Test", 40.0), ("Result", 300.0), ("Reference", 500.0)],
                &[("Red Cell", 40.0), ("10.9", 300.0), ("(10.4 - 12.6)", 500.0), (": Women", 640.0)],
                &[("Distribution Width (%) :", 40.0), (second, 500.0)],
            ])
        };
        let range = |p: &Page, sex| {
            rows_from_page(p, Some(sex)).first().and_then(|r| r.range.as_ref().map(|g| (g.low, g.high)))
        };
        let p = page("(11.6 - 14.0) : Men");
        assert_eq!(range(&p, Sex::Male), Some((Some(11.6), Some(14.0))));
        assert_eq!(range(&p, Sex::Female), Some((Some(10.4), Some(12.6))));
        // The men's tier past reading: no range for a man, rather than the women's.
        assert_eq!(range(&page("fits - 178) : Men"), Sex::Male), None);
    }

    #[test]
    fn a_reference_a_photo_set_on_the_line_of_a_wrapped_names_rest_is_the_rows_own() {
        let p = ocr_cells_page_set(
            &[
                &[("Test", 40.0), ("Result", 300.0), ("Reference", 500.0)],
                &[("Inorganic", 40.0), ("4.1", 300.0)],
                &[("Phosphorus (mg/dL) :", 40.0), ("Ref: (2.5 - 4.5)", 500.0)],
                &[],
                &[("Urea", 40.0), ("48", 300.0), ("(17 - 43)", 500.0)],
            ],
            26.0,
            (9.0, 18.0),
            4.0,
        );
        assert_eq!(
            names_values_units_ranges(&rows_from_page(&p, None)),
            [
                ("Inorganic Phosphorus", "4.1", Some("mg/dL"), Some((Some(2.5), Some(4.5)))),
                ("Urea", "48", None, Some((Some(17.0), Some(43.0)))),
            ]
        );
        // A rest beside the next tier, printed range first with its label a cell apart, joins
        // the row; where the row's own tier was damaged, the next is not taken for the row's.
        let page = |first: &'static str| {
            ocr_cells_page_set(
                &[
                    &[("Test", 40.0), ("Result", 300.0), ("Reference", 500.0)],
                    &[("Erythrocyte Sedimentation", 40.0), ("16", 300.0), (first, 500.0)],
                    &[("Rate (mm/hr) :", 40.0), ("0 - 12)", 500.0), (": Children", 600.0)],
                ],
                26.0,
                (9.0, 18.0),
                4.0,
            )
        };
        let read = |p: &Page| {
            rows_from_page(p, None).into_iter().map(|r| (r.name, r.range.map(|g| (g.low, g.high)))).collect::<Vec<_>>()
        };
        let esr = "Erythrocyte Sedimentation Rate".to_string();
        assert_eq!(read(&page("(0 - 15) : Adult")), [(esr.clone(), Some((Some(0.0), Some(15.0))))]);
        assert_eq!(read(&page("- 13) : Adult")), [(esr, None)]);
    }

    #[test]
    fn a_name_wrapped_under_its_row_joins_it_past_a_speck_after_its_leader_dots() {
        let p = ocr_cells_page(&[
            &[("Erythrocyte", 40.0), ("17", 300.0), ("mm/hr", 400.0), ("0 - 15", 500.0)],
            // The colon after the leaders read as `5`.
            &[("Sedimentation Rate .......", 40.0), ("5", 290.0)],
            &[("Haemoglobin", 40.0), ("13.5", 300.0), ("g/dL", 400.0), ("13.0 - 17.0", 500.0)],
        ]);
        let names: Vec<String> = rows_from_page(&p, None).into_iter().map(|r| r.name).collect();
        assert_eq!(names, ["Erythrocyte Sedimentation Rate", "Haemoglobin"]);
        // Leader dots whose first dot a photo read as a nought are no result of their own.
        let p = ocr_cells_page_set(
            &[
                &[("Test", 40.0), ("Result", 600.0), ("Reference", 800.0)],
                &[("Total", 40.0), ("38", 600.0), ("<= 200", 800.0)],
                &[("Cholesterol (mg/dL)", 40.0), ("0...", 220.0)],
                &[("Haemoglobin", 40.0), ("13.5", 600.0), ("g/dL", 700.0), ("13.0 - 17.0", 800.0)],
                // (Nor where no row above takes the name.)
                &[],
                &[("Calcium (mg/dL)", 40.0), ("0...", 200.0)],
            ],
            26.0,
            (9.0, 18.0),
            4.0,
        );
        let read: Vec<(String, String)> =
            rows_from_page(&p, None).into_iter().map(|r| (r.name, r.value.text)).collect();
        assert_eq!(read, [("Total Cholesterol".into(), "38".into()), ("Haemoglobin".into(), "13.5".into())]);
    }

    #[test]
    fn a_table_row_is_not_read_as_a_list_line() {
        let p = page_at(&[
            // A flag column before the result is no part of the name.
            (
                100.0,
                &[
                    ("Vitamin B12 (Cyanocobalamin)", 20.0),
                    ("Low", 200.0),
                    ("150", 260.0),
                    ("pg/mL", 300.0),
                    ("Ref. Range: (211 - 911)", 360.0),
                ],
            ),
            // A reference column, a previous result and remarks are no list's reference.
            (
                110.0,
                &[
                    ("Test", 20.0),
                    ("Result", 200.0),
                    ("Unit", 260.0),
                    ("Reference", 300.0),
                    ("Previous", 400.0),
                    ("Remarks", 460.0),
                ],
            ),
            (
                120.0,
                &[
                    ("Monocytes", 20.0),
                    ("12 High", 200.0),
                    ("%", 260.0),
                    ("Normal: 2-10", 300.0),
                    ("11", 400.0),
                    ("Mildly haemolysed", 460.0),
                ],
            ),
            // A result in words and its reference in words are two cells.
            (140.0, &[("Protein :", 20.0), ("Trace", 200.0), ("Negative", 300.0)]),
            // A word such as `normal` may be the result's own.
            (160.0, &[("WBC Morphology: Within normal limits", 20.0)]),
            // A normal tier's label stays with the tiers under it.
            (
                180.0,
                &[("LDL Cholesterol", 20.0), (":", 120.0), ("73.8", 200.0), ("mg/dL", 260.0), ("Normal: < 100", 300.0)],
            ),
            (191.0, &[("Desirable: 100 - 129", 300.0)]),
            (202.0, &[("Borderline High : 130 - 159", 300.0)]),
        ]);
        let rows = rows_from_page(&p, Some(Sex::Male));
        let read: Vec<_> = rows
            .iter()
            .map(|r| (r.name.as_str(), r.value.text.as_str(), r.range.as_ref().map(|g| (g.low, g.high)), r.flag))
            .collect();
        assert_eq!(
            read,
            [
                ("Vitamin B12 (Cyanocobalamin)", "150", Some((Some(211.0), Some(911.0))), Some(Flag::Low)),
                ("Monocytes", "12", Some((Some(2.0), Some(10.0))), Some(Flag::High)),
                ("Protein", "Trace", Some((None, None)), None),
                ("WBC Morphology", "Within normal limits", None, None),
                ("LDL Cholesterol", "73.8", Some((None, Some(100.0))), None),
            ]
        );
        // A tier's label before a bracketed range is no unit, the unit after it is.
        let p = page_at(&[
            (
                100.0,
                &[
                    ("Red Blood Cell Count ....... :", 20.0),
                    ("4.53", 200.0),
                    ("Children: (3.15 - 4.40)", 300.0),
                    ("million/cumm", 420.0),
                ],
            ),
            (111.0, &[("Adults: (4.50 - 5.50)", 300.0)]),
        ]);
        let rows = rows_from_page(&p, Some(Sex::Male));
        let read: Vec<_> = rows
            .iter()
            .map(|r| (r.name.as_str(), r.unit.as_deref(), r.range.as_ref().map(|g| (g.low, g.high))))
            .collect();
        assert_eq!(read, [("Red Blood Cell Count", Some("million/cumm"), Some((Some(4.5), Some(5.5))))]);
    }

    #[test]
    fn a_result_and_its_unit_printed_a_space_apart_after_a_name_and_colon_are_read_apart() {
        let p = page(&[
            &[("COMPLETE BLOOD COUNT", 20.0)],
            &[("Haemoglobin .......... :", 20.0), ("11.2 g/dL", 200.0), ("(13.0 - 17.0)", 300.0)],
            &[("Total Leucocyte Count :", 20.0), ("7,800 /cumm", 200.0), ("(4000 - 11000)", 300.0)],
            &[("Platelet Count :", 20.0), ("2.45 lakhs/cumm", 200.0), ("1.5 - 4.1 lakhs/cumm", 300.0)],
            // A printed flag stays the row's.
            &[("MCV :", 20.0), ("L 78.2 fL", 200.0), ("83 - 101 fL", 300.0)],
            // A bound with its unit is a reference, whole.
            &[("Cholesterol", 20.0), ("180", 200.0), ("< 200 mg/dL", 300.0)],
            // A photo runs the flag into them.
            &[("Hematocrit", 20.0), ("39.0L%", 200.0), ("(40.0 - 50.0)", 300.0)],
            &[("VLDL", 20.0), ("51Hmg/dL", 200.0), ("(5 - 40)", 300.0)],
            &[("Total WBC Count", 20.0), ("12182 H/cumm", 200.0), ("(4000 - 11000)", 300.0)],
            // A result beyond what the assay measures, with its unit.
            &[("LDL Cholesterol", 20.0), ("<5.0 mg/dL", 200.0), ("<100", 300.0)],
            // After a list's number in the name.
            &[("8. AST", 20.0), ("<2.0 U/L", 200.0), ("Upto 40", 300.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<_> = rows
            .iter()
            .map(|r| (r.name.as_str(), r.value.number, r.unit.as_deref(), r.range_text.as_deref(), r.flag))
            .collect();
        assert_eq!(
            read,
            [
                ("Haemoglobin", Some(11.2), Some("g/dL"), Some("13.0 - 17.0"), None),
                ("Total Leucocyte Count", Some(7800.0), Some("/cumm"), Some("4000 - 11000"), None),
                ("Platelet Count", Some(2.45), Some("lakhs/cumm"), Some("1.5 - 4.1 lakhs/cumm"), None),
                ("MCV", Some(78.2), Some("fL"), Some("83 - 101 fL"), Some(Flag::Low)),
                ("Cholesterol", Some(180.0), Some("mg/dL"), Some("< 200 mg/dL"), None),
                ("Hematocrit", Some(39.0), Some("%"), Some("(40.0 - 50.0)"), Some(Flag::Low)),
                ("VLDL", Some(51.0), Some("mg/dL"), Some("(5 - 40)"), Some(Flag::High)),
                ("Total WBC Count", Some(12182.0), Some("/cumm"), Some("(4000 - 11000)"), Some(Flag::High)),
                ("LDL Cholesterol", Some(5.0), Some("mg/dL"), Some("<100"), None),
                ("AST", Some(2.0), Some("U/L"), Some("Upto 40"), None),
            ]
        );
    }

    #[test]
    fn a_lists_number_before_a_name_is_no_part_of_it() {
        let p = page(&[
            &[("Test Name", 20.0), ("Result", 200.0), ("Unit", 260.0), ("Reference Range", 320.0)],
            &[("1. Haemoglobin", 20.0), ("11.2", 200.0), ("g/dL", 260.0), ("12.0 - 15.5", 320.0)],
            &[("12) eGFR", 20.0), ("94", 200.0), ("mL/min/1.73m2", 260.0), ("> 90", 320.0)],
            &[("(3) ESR", 20.0), ("22", 200.0), ("mm/hr", 260.0), ("0 - 20", 320.0)],
            // Run into the name, as a photo reads it.
            &[("8.INR", 20.0), ("1.00", 200.0), ("0.80 - 1.20", 320.0)],
            // A number that is part of the name stays.
            &[("25-OH Vitamin D", 20.0), ("31", 200.0), ("ng/mL", 260.0), ("30 - 100", 320.0)],
            &[("1,25-Dihydroxy Vitamin D", 20.0), ("45", 200.0), ("pg/mL", 260.0), ("19.9 - 79.3", 320.0)],
            // Read with a stroke before it, its stop lost.
            &[("i14 Platelet Count", 20.0), ("466335", 200.0), ("/cumm", 260.0), ("150000 - 410000", 320.0)],
            // Read with a speck before it as a small letter, or two letters.
            &[("o 15. UREA", 20.0), ("15", 200.0), ("mg/dL", 260.0), ("17 - 43", 320.0)],
            &[("Pa 10. Urea", 20.0), ("27", 200.0), ("mg/dL", 260.0), ("17 - 43", 320.0)],
        ]);
        let names: Vec<String> = rows_from_page(&p, None).into_iter().map(|r| r.name).collect();
        assert_eq!(
            names,
            [
                "Haemoglobin",
                "eGFR",
                "ESR",
                "INR",
                "25-OH Vitamin D",
                "1,25-Dihydroxy Vitamin D",
                "Platelet Count",
                "UREA",
                "Urea"
            ]
        );
    }

    #[test]
    fn a_reference_run_into_the_name_where_a_photo_lost_its_end_is_no_part_of_it() {
        // As a photo read `Potassium (K+)  Range 3.5 to 5.1  3.6  mmol/L`: the upper bound read
        // as a colon, the rest of the reference run into the name's cell.
        let p = ocr_cells_page(&[
            &[("PARAMETER", 20.0), ("Reference Range", 500.0), ("In Range", 900.0), ("Unit(s)", 1100.0)],
            &[("Potassium (K+) Range 3.5 to", 20.0), (":", 700.0), ("3.6", 900.0), ("mmol/L", 1100.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.unit.as_deref())).collect();
        assert_eq!(read, [("Potassium (K+)", "3.6", Some("mmol/L"))]);
    }

    #[test]
    fn a_unit_in_brackets_a_photo_misread_is_no_part_of_the_name_nor_a_label_the_unit() {
        let p = ocr_cells_page(&[
            &[("PARAMETER", 20.0), ("RESULT", 500.0), ("UNIT", 700.0), ("Reference Range", 900.0)],
            &[("VLDL (m@idL)", 20.0), ("17", 500.0), ("5 - 40", 900.0)],
            &[("eGFR (mitmin/t 73m2)", 20.0), ("112", 500.0), ("> 90", 900.0)],
            // A tier's label read where the unit goes, the unit printed after the name.
            &[("Cholesterol, Total (mg/dL)", 20.0), ("211", 500.0), ("Desirable:", 700.0), ("< 200", 900.0)],
            // Brackets naming the test stay.
            &[("SGOT (AST/SGOT)", 20.0), ("43", 500.0), ("U/L", 700.0), ("< 40", 900.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.unit.as_deref())).collect();
        assert_eq!(
            read,
            // (Units the test's own are near: the reader mends them to it.)
            [
                ("VLDL", Some("m@idL")),
                ("eGFR", Some("mitmin/t 73m2")),
                ("Cholesterol, Total", Some("mg/dL")),
                ("SGOT (AST/SGOT)", Some("U/L"))
            ]
        );
    }

    #[test]
    fn a_unit_in_brackets_after_the_name_is_the_rows_unit_when_its_reference_is_unreadable() {
        let p = ocr_cells_page(&[
            &[("TEST", 20.0), ("H/L", 400.0), ("RESULT", 500.0), ("REFERENCE INTERVAL", 700.0)],
            // The reference damaged past reading, the value's point lost: the unit in the name
            // still makes the line a result.
            &[("Globulin (g/dL)", 20.0), ("H", 400.0), ("38", 520.0), ("2.0035", 700.0)],
            // One of the test's own units misread in the brackets (`mmol/L`, `U/L`).
            &[("Chloride (mmovL)", 20.0), ("105", 520.0), ("98 to 107", 700.0)],
            &[("Lipase (UL)", 20.0), ("34", 520.0), ("13 to 60", 700.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.unit.as_deref())).collect();
        assert_eq!(
            read,
            [("Globulin", "38", Some("g/dL")), ("Chloride", "105", Some("mmovL")), ("Lipase", "34", Some("UL"))]
        );
    }

    #[test]
    fn a_unit_column_after_the_reference_gives_the_tests_unit_however_a_photo_misread_it() {
        let p = ocr_cells_page(&[
            &[("Test Name", 20.0), ("Result", 400.0), ("Reference Range", 600.0), ("UNITS", 1000.0)],
            &[("Serum Creatinine", 20.0), ("1.10", 400.0), ("0.70-1.30", 600.0), ("mod", 1000.0)],
            &[("MCH", 20.0), ("27.7", 400.0), ("27.0-32.0", 600.0), ("bg", 1000.0)],
            // A reading of a unit's shape stays as read.
            &[("RBC", 20.0), ("4.9", 400.0), ("4.5-5.5", 600.0), ("Mil/uL", 1000.0)],
            // The reference decides, not a value that lost its point (313 is possible in g/L,
            // the nearer unit; 31.5 to 34.5 is MCHC's range in g/dL).
            &[("MCHC", 20.0), ("313", 400.0), ("31.5 to 34.5", 600.0), ("QoL", 1000.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let units: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.unit.as_deref())).collect();
        assert_eq!(
            units,
            [("Serum Creatinine", Some("mg/dL")), ("MCH", Some("pg")), ("RBC", Some("Mil/uL")), ("MCHC", Some("g/dL"))]
        );
        // Not on a text layer, whose units are as printed.
        let mut text = p.clone();
        text.words.iter_mut().for_each(|w| w.line = None);
        assert_eq!(rows_from_page(&text, None)[1].unit, None);
    }

    #[test]
    fn an_address_line_is_no_row() {
        let p = ocr_cells_page(&[
            &[("12 Park Street, Sector", 20.0), ("4,", 300.0), ("Pune 411001", 360.0)],
            &[("Tests", 20.0), ("Value", 400.0), ("Units", 600.0), ("Normal Range", 800.0)],
            &[("Calcium, Total", 20.0), ("10.6", 400.0), ("mg/dl", 600.0), ("8.6 - 10.3", 800.0)],
        ]);
        let rows = rows_from_page(&p, None);
        assert_eq!(names_values_ranges(&rows), [("Calcium, Total", "10.6", Some(8.6), Some(10.3))]);
        // As a photo's OCR read it, a word each, its postal code no unit but `Ph` of the phone
        // number after it one.
        let read = [
            ("12", 210.0, 232.0),
            ("Park", 241.0, 285.0),
            ("Street,", 296.0, 357.0),
            ("Sector", 372.0, 436.0),
            ("4,", 447.0, 457.0),
            ("Pune", 472.0, 525.0),
            ("411001", 534.0, 608.0),
            ("Ph", 624.0, 651.0),
            ("+oL", 669.0, 703.0),
        ];
        let words = read
            .iter()
            .map(|&(text, x0, x1)| Word {
                text: text.into(),
                bbox: BBox { x0, y0: 300.0, x1, y1: 316.0 },
                bold: false,
                line: Some(0),
            })
            .collect();
        assert!(rows_from_page(&Page { number: 1, width: 1400.0, height: 900.0, words }, None).is_empty());
    }

    #[test]
    fn a_wrapped_name_whose_bracket_a_photo_read_as_a_brace_is_joined_and_mended() {
        // The name's rest just under its row, as OCR lines of their own.
        let mut words = Vec::new();
        let lines: [(f32, &[(&str, f32)]); 3] = [
            (
                100.0,
                &[("PARAMETER", 20.0), ("UNIT", 500.0), ("RESULT", 700.0), ("Reference", 900.0), ("Range", 1000.0)],
            ),
            (
                140.0,
                &[
                    ("Aspartate", 20.0),
                    ("IU/L", 500.0),
                    ("22", 700.0),
                    ("Ref.", 900.0),
                    ("Range:", 945.0),
                    ("Up", 1010.0),
                    ("to", 1035.0),
                    ("40", 1060.0),
                ],
            ),
            (160.0, &[("Aminotransferase", 20.0), ("{AST/SGOT)", 168.0), (":", 262.0)]),
        ];
        for (i, (y, cells)) in lines.iter().enumerate() {
            words.extend(cells.iter().map(|(t, x)| ocr_word(t, *x, *y, (9.0, 18.0), i as u32)));
        }
        let p = Page { number: 1, width: 1400.0, height: 400.0, words };
        let rows = rows_from_page(&p, None);
        let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["Aspartate Aminotransferase (AST/SGOT)"]);
    }

    #[test]
    fn a_speck_read_as_a_small_letter_after_a_known_name_is_no_part_of_it() {
        // What a scan left of the leader dots after the name; a capital after a name is its own.
        let p = page(&[
            &[("Test Name", 20.0), ("Result", 200.0), ("Unit", 260.0), ("Reference Range", 320.0)],
            &[("Alkaline Phosphatase (ALP) s", 20.0), ("126", 200.0), ("IU/L", 260.0), ("40 - 129", 320.0)],
            &[("Potassium (K+) os", 20.0), ("3.4", 200.0), ("mmol/L", 260.0), ("3.5 - 5.1", 320.0)],
            &[("Vitamin D", 20.0), ("31", 200.0), ("ng/mL", 260.0), ("30 - 100", 320.0)],
        ]);
        let names: Vec<String> = rows_from_page(&p, None).into_iter().map(|r| r.name).collect();
        assert_eq!(names, ["Alkaline Phosphatase (ALP)", "Potassium (K+)", "Vitamin D"]);
    }

    #[test]
    fn a_name_wrapped_beside_the_next_tier_of_its_reference_is_joined_and_the_tier_kept() {
        let p = page_at(&[
            (100.0, &[("Test", 20.0), ("Result", 200.0), ("Reference", 260.0), ("Unit", 420.0)]),
            (120.0, &[("Mean", 20.0), ("31.8", 200.0), ("Men : 24.3-28.8", 260.0), ("pg", 420.0)]),
            (131.0, &[("Corpuscular Hemoglobin :", 20.0), ("Female : 27.0-32.0", 260.0)]),
            // A tier in the reference column is no unit, though words start it.
            (150.0, &[("VLDL Cholesterol", 20.0), ("32", 200.0), ("Child : 4-32", 260.0), ("mg/dL", 420.0)]),
            (161.0, &[("Adults : 5-40", 260.0)]),
            (180.0, &[("Vitamin D,", 20.0), ("77.1", 200.0), ("30.0-100.0", 260.0)]),
            (191.0, &[("25-Hydroxy (ng/mL)", 20.0)]),
            // A unit in words after the name, for a test it measures.
            (210.0, &[("PT (seconds)", 20.0), ("12.0", 200.0), ("11.0-13.5", 260.0)]),
            (230.0, &[("Urea (Serum)", 20.0), ("29", 200.0), ("15-39", 260.0), ("mg/dL", 420.0)]),
            // Beside tiers centred in their column: the wider tier below starts left of the first.
            (250.0, &[("Vitamin D,", 20.0), ("35.6", 200.0), ("Deficiency: < 20.0", 280.0)]),
            (261.0, &[("25-Hydroxy (ng/mL)", 20.0), ("Insufficiency: 20.0 - 29.0", 262.0)]),
            (272.0, &[("Sufficiency: 30.0 - 100.0", 265.0)]),
            (283.0, &[("Toxicity: > 100.0", 282.0)]),
        ]);
        let rows = rows_from_page(&p, Some(Sex::Female));
        let read = names_units_ranges(&rows);
        assert_eq!(
            read,
            [
                ("Mean Corpuscular Hemoglobin", Some("pg"), Some((Some(27.0), Some(32.0)))),
                ("VLDL Cholesterol", Some("mg/dL"), Some((Some(5.0), Some(40.0)))),
                ("Vitamin D, 25-Hydroxy", Some("ng/mL"), Some((Some(30.0), Some(100.0)))),
                ("PT", Some("seconds"), Some((Some(11.0), Some(13.5)))),
                ("Urea (Serum)", Some("mg/dL"), Some((Some(15.0), Some(39.0)))),
                ("Vitamin D, 25-Hydroxy", Some("ng/mL"), Some((Some(30.0), Some(100.0)))),
            ]
        );
    }

    #[test]
    fn a_name_wrapped_with_its_unit_beside_the_next_tier_of_a_photo_is_joined_without_the_unit() {
        // Names printed over two lines beside a reference by sex, as a photo read them: the
        // colon after `Male` lost, a bracket lost or misread, `(%)` read as `(9%)`.
        let p = ocr_cells_page_set(
            &[
                &[("PARAMETER", 20.0), ("Results", 600.0), ("Reference Range", 800.0)],
                &[("Red Cell", 20.0), ("10.9", 600.0), ("(10.4 - 12.6) : Women", 800.0)],
                &[("Distribution Width (9%) :", 20.0), ("11.6 - 14.0) : Men", 810.0)],
                &[("Bilirubin,", 20.0), ("0.51", 600.0), ("(0.30 - 1.20) Male", 800.0)],
                &[("Total (mg/dL) :", 20.0), ("(0.27 - 1.08) : Female", 800.0)],
                &[("HDL", 20.0), ("43", 600.0), ("(40 - 60) : Male", 800.0)],
                &[("Cholesterol (mg/dL) :", 20.0), ("{36 - 54): Women", 790.0)],
                // The colon read as a dash.
                &[("VLDL", 20.0), ("14", 600.0), ("Male : 10 to 36", 800.0)],
                &[("Cholesterol (mg/dL) -", 20.0), ("Female : 5 to 40", 800.0)],
                &[("Basophils (%) :", 20.0), ("3", 600.0), ("{5 - 3} Men", 800.0)],
            ],
            34.0,
            (9.0, 18.0),
            4.0,
        );
        let rows = rows_from_page(&p, Some(Sex::Male));
        assert_eq!(
            names_units_ranges(&rows),
            [
                ("Red Cell Distribution Width", Some("%"), Some((Some(11.6), Some(14.0)))),
                ("Bilirubin Total", Some("mg/dL"), Some((Some(0.3), Some(1.2)))),
                ("HDL Cholesterol", Some("mg/dL"), Some((Some(40.0), Some(60.0)))),
                ("VLDL Cholesterol", Some("mg/dL"), Some((Some(10.0), Some(36.0)))),
                // A range a photo misread is no unit.
                ("Basophils", Some("%"), None),
            ]
        );
    }

    #[test]
    fn a_list_line_under_a_reference_by_age_is_a_row_of_its_own_not_the_rest_of_a_name() {
        // The next line's name and reference by sex stand where a wrapped name's rest and the
        // other sex's tier would, but together with the row's name they name no test.
        let p = page(&[
            &[("BUN = 2 L mg/dL (Adults : 6 to 24 ; Children : 4 to 19)", 20.0)],
            &[("Potassium (K+) = 4.4 mmol/L (Female : 3.1 to 4.6 ; Men : 3.5 to 5.1)", 20.0)],
            &[("Haematocrit = 42.3 % (Women : 36.0 to 45.0 ; Male : 40.0 to 50.0)", 20.0)],
        ]);
        let rows = rows_from_page(&p, Some(Sex::Female));
        let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["BUN", "Potassium (K+)", "Haematocrit"]);
    }

    #[test]
    fn a_reference_tesseract_read_as_a_block_of_its_own_joins_the_row_it_stands_level_in() {
        // Tesseract made the reference column a block: each row's first tier is a line of its
        // own, level with the row's words either side of it, numbered apart from them.
        let size = (9.0, 18.0);
        let mut words = Vec::new();
        let mut line = |cells: &[(&str, f32)], y: f32, n: u32| {
            for (text, x) in cells {
                let mut x = *x;
                for w in text.split(' ') {
                    words.push(ocr_word(w, x, y, size, n));
                    x += size.0 * w.chars().count() as f32 + 4.0;
                }
            }
        };
        line(&[("Investigation", 20.0), ("Unit", 400.0), ("Ref. Range", 560.0), ("Result", 1000.0)], 100.0, 1);
        line(&[("Serum Albumin", 20.0), ("g/dL", 400.0), ("4.3", 1000.0)], 140.0, 2);
        line(&[("Direct Bilirubin", 20.0), ("mag/dt.", 400.0), ("0.11", 1000.0)], 210.0, 3);
        line(&[("Hematocrit", 20.0), ("%", 400.0), ("36.6 L", 1000.0)], 250.0, 4);
        // The reference block's lines, after the rows'.
        // (Their colons in a column, as a table's tiers' often are.)
        line(&[("Women : 3.5 - 5.2", 506.0)], 141.0, 10);
        line(&[("Male : 3.1 - 4.7", 515.0)], 170.0, 11);
        // A sex's label with its colon over that column stays a label, not a colon misread.
        line(&[("M: 0.00 - 0.27 F: 0.00 - 0.30", 552.0)], 211.0, 12);
        // A tier's colon read as a semicolon, and a dash as a colon.
        line(&[("Male ; 36.0 : 45.0", 560.0)], 249.0, 13);
        line(&[("Female : 40.0 - 50.0", 560.0)], 280.0, 14);
        let p = Page { number: 1, width: 1400.0, height: 400.0, words };
        let rows = rows_from_page(&p, Some(Sex::Female));
        assert_eq!(
            names_values_units_ranges(&rows),
            [
                ("Serum Albumin", "4.3", Some("g/dL"), Some((Some(3.5), Some(5.2)))),
                ("Direct Bilirubin", "0.11", Some("mag/dt."), Some((Some(0.0), Some(0.3)))),
                ("Hematocrit", "36.6", Some("%"), Some((Some(40.0), Some(50.0)))),
            ]
        );
        let men: Vec<_> =
            rows_from_page(&p, Some(Sex::Male)).iter().map(|r| r.range.as_ref().map(|g| (g.low, g.high))).collect();
        assert_eq!(men, [Some((Some(3.1), Some(4.7))), Some((Some(0.0), Some(0.27))), Some((Some(36.0), Some(45.0)))]);
    }

    #[test]
    fn a_sexs_label_with_its_colon_over_a_column_of_colons_is_no_misread_colon() {
        // `Direct  Bilirubin  mag/dt.  M:  0.00 - 0.27`, the `M:` over the colons of the tiers
        // above (`Women : 3.5 - 5.2`).
        let words: Vec<Word> =
            [("Direct", 256.0), ("Bilirubin", 343.0), ("mag/dt.", 1065.0), ("M:", 1347.0), ("0.00", 1388.0)]
                .iter()
                .map(|(t, x)| ocr_word(t, *x, 975.0, (11.0, 24.0), 1))
                .collect();
        let refs: Vec<&Word> = words.iter().collect();
        assert!(!misread_colon(&refs, 3, &[(1366.0, 14.4)]));
        // A lone stroke there is a colon misread.
        let words: Vec<Word> =
            [("Direct", 256.0), ("Bilirubin", 343.0), ("mag/dt.", 1065.0), ("i", 1360.0), ("0.00", 1388.0)]
                .iter()
                .map(|(t, x)| ocr_word(t, *x, 975.0, (11.0, 24.0), 1))
                .collect();
        let refs: Vec<&Word> = words.iter().collect();
        assert!(misread_colon(&refs, 3, &[(1366.0, 14.4)]));
    }

    #[test]
    fn a_row_whose_first_tier_a_photo_damaged_past_reading_before_its_result_is_a_row() {
        let p = ocr_cells_page(&[
            &[("Investigation", 20.0), ("Unit", 400.0), ("Ref. Range", 500.0), ("Result", 900.0)],
            &[("Hematocrit", 20.0), ("a)", 400.0), ("Male 36.0 45.0", 500.0), ("36.6L", 900.0)],
            &[("Female : 40.0 - 50.0", 500.0)],
        ]);
        let rows = rows_from_page(&p, Some(Sex::Female));
        assert_eq!(names_values_ranges(&rows), [("Hematocrit", "36.6", Some(40.0), Some(50.0))]);
    }

    #[test]
    fn a_lists_next_line_a_photo_misread_is_no_tier_of_the_reference_above() {
        // A list printed `Name: value unit (reference)`, its names misread (`Fertin`,
        // `Calcaun`), one line read as one run of words.
        let p = ocr_cells_page(&[
            &[("MCH", 40.0), ("28.8", 100.0), ("pg", 160.0), ("M: 24.3 to 28.8 F: 27.0 to 32.0 pg", 200.0)],
            &[("Fertin: 0.0 ng/mL (M: 27.0 to 360.0 F: 30.0 to 400.0 ng/mL) Low", 40.0)],
            &[("INR", 40.0), ("0.87", 100.0), ("0.72 to 1.08 : Male ; 0.80 to 1.20 : Women", 160.0)],
            &[
                ("Calcaun:", 40.0),
                ("6.3", 160.0),
                ("mg/dL", 210.0),
                ("(Male: 7.7 to 9.3; Female: 8.6 to 10.3) L", 280.0),
            ],
        ]);
        let rows = rows_from_page(&p, Some(Sex::Female));
        let read: Vec<(&str, &str, Option<&str>)> =
            rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.range_text.as_deref())).collect();
        assert_eq!(
            read,
            [
                ("MCH", "28.8", Some("M: 24.3 to 28.8 F: 27.0 to 32.0 pg")),
                ("INR", "0.87", Some("0.72 to 1.08 : Male ; 0.80 to 1.20 : Women")),
                ("Calcaun", "6.3", Some("(Male: 7.7 to 9.3; Female: 8.6 to 10.3) L")),
            ]
        );
    }

    #[test]
    fn a_reference_label_a_photo_cut_in_two_is_no_unit() {
        // `Ref.` set apart from `Range:` by a photo's wide word space, after a result.
        let p = ocr_cells_page(&[
            &[("PARAMETER", 20.0), ("METHOD", 500.0), ("RESULT", 700.0), ("Reference Range", 900.0)],
            &[
                ("Blood Urea Nitrogen", 20.0),
                ("ECLIA", 500.0),
                ("H27", 700.0),
                ("Ref.", 900.0),
                ("Range: 6 - 24", 950.0),
            ],
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.unit.as_deref(), r.range_text.as_deref())).collect();
        assert_eq!(read, [("Blood Urea Nitrogen", None, Some("Ref. Range: 6 - 24"))]);
    }

    #[test]
    fn a_tests_name_a_scan_cut_into_cells_names_the_labelled_result_under_it() {
        let p = ocr_cells_page(&[
            &[("RESULTS", 20.0)],
            &[("Total", 20.0), ("PSA", 120.0)],
            &[("Value: 4.48 High ng/mL", 60.0), ("Normal range: < 4.00", 700.0)],
            &[("HDL-Cholesterol", 20.0)],
            &[("Value: 34 Low mg/dL", 60.0), ("Normal range: 40 to 60", 700.0)],
            // Words in cells that name no test name nothing under them.
            &[("Fasting", 20.0), ("Sample", 120.0)],
            &[("12.5", 60.0), ("mg/dL", 300.0), ("10 - 20", 500.0)],
        ]);
        let rows = rows_from_page(&p, None);
        assert_eq!(
            names_values_ranges(&rows),
            [("Total PSA", "4.48", None, Some(4.0)), ("HDL-Cholesterol", "34", Some(40.0), Some(60.0))]
        );
        assert_eq!(rows[0].flag, Some(Flag::High));
    }

    #[test]
    fn a_result_beyond_the_assay_before_its_reference_in_brackets_set_apart_is_the_result() {
        // A scan's wider space set the bracketed reference apart from the rest of a list's
        // line, its first bracket taken for a rule or not.
        let p = ocr_cells_page(&[
            &[("Polymorphs 43 %", 20.0), ("[40 to 80]", 400.0)],
            &[("TRIGLYCERIDES <7.5 mg/dL", 20.0), ("< 150]", 400.0)],
            &[("CRP <0.5 mg/L", 20.0), ("[< 5.0]", 400.0)],
        ]);
        let rows = rows_from_page(&p, None);
        assert_eq!(
            names_values_ranges(&rows),
            [
                ("Polymorphs", "43", Some(40.0), Some(80.0)),
                ("TRIGLYCERIDES", "<7.5", None, Some(150.0)),
                ("CRP", "<0.5", None, Some(5.0)),
            ]
        );
    }

    #[test]
    fn a_lists_reference_whose_brackets_a_photo_misread_is_the_reference() {
        // `[(40 - 80)]` read `{(40 - 80)]`, `[<= 5.0]` read `{<= 5.0]`, `[Male: (...); Female:
        // (...)]` read `(Male: (...); Female: (...)]`.
        let p = ocr_cells_page(&[
            &[("Neutrophil %: 36 Low % {(40 - 80)]", 20.0)],
            &[("C-Reactive Protein: 5.7 High mg/L {<= 5.0]", 20.0)],
            &[("Red Blood Cell Count: 4.79 million/cumm (Male: (4.50 - 5.50); Female: (4.05 - 4.95)]", 20.0)],
            // Its name's colon read as a semicolon and set apart as well, its tiers garbled.
            &[
                ("Total Cholesterol;", 20.0),
                ("214 High mg/dL (Desirable: < 200: Borderline: 200-240; High: >= 240]", 300.0),
            ],
        ]);
        let rows = rows_from_page(&p, Some(Sex::Female));
        assert_eq!(
            names_values_ranges(&rows),
            [
                ("Neutrophil %", "36", Some(40.0), Some(80.0)),
                ("C-Reactive Protein", "5.7", None, Some(5.0)),
                ("Red Blood Cell Count", "4.79", Some(4.05), Some(4.95)),
                ("Total Cholesterol", "214", None, None),
            ]
        );
        let flags: Vec<Option<Flag>> = rows.iter().map(|r| r.flag).collect();
        assert_eq!(flags, [Some(Flag::Low), Some(Flag::High), None, Some(Flag::High)]);
    }

    #[test]
    fn a_lists_tiers_ending_in_a_label_that_reads_as_a_flag_give_the_result_no_flag() {
        let p = page(&[
            &[(
                "Cholesterol, Total <10.0 mg/dL Ref. range < 200 : Desirable ; 200 - 239 : Borderline High ; >= 240 : High",
                20.0,
            )],
            &[("LDL Cholesterol 90 mg/dL Ref. range < 100 : Optimal ; 130 - 159 : Borderline High", 20.0)],
            &[("Creatinine 1.6 mg/dL Ref. range 0.7 - 1.3 H", 20.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<(&str, Option<Flag>)> = rows.iter().map(|r| (r.name.as_str(), r.flag)).collect();
        assert_eq!(read, [("Cholesterol, Total", None), ("LDL Cholesterol", None), ("Creatinine", Some(Flag::High))]);
    }

    #[test]
    fn a_first_tier_a_scan_damaged_past_reading_is_no_part_of_the_name() {
        // A 300 dpi scan of tiers before the result (`Children : (4 - 19)` over `Adults : (6 -
        // 24)`), its first tier's end read as a colon or lost.
        let p = ocr_cells_page(&[
            &[("Tests", 20.0), ("Biological Ref. Interval", 500.0), ("RESULT", 850.0), ("UNITS", 1000.0)],
            &[("Blood Urea Nitrogen", 20.0), ("Children : (4 - :", 500.0), ("18", 880.0), ("mg/dL", 940.0)],
            &[("Adults : (6 - 24)", 500.0)],
            &[("Chloride", 20.0), ("Adults : (98 - 107)", 500.0), ("105", 870.0), ("mEq/L", 940.0)],
            &[("eGFR", 20.0), ("Normal : >= :", 500.0), ("119", 870.0), ("mL/min/1.73m2", 940.0)],
            &[("Mild Decrease : 60 - 89", 500.0)],
            // Its unit misread as well.
            &[("Gamma GT", 20.0), ("Normal: (8 - :", 500.0), ("38", 880.0), ("UL", 940.0)],
            &[("Vitamin D, 25-Hydroxy", 20.0), ("Deficiency : : 20.0", 500.0), ("24.5L", 860.0), ("ng/mL", 940.0)],
            &[("Insufficiency : 20.0 - 29.0", 500.0)],
            &[("HDL-Cholesterol", 20.0), ("Adult : (40 - :", 500.0), ("41", 880.0), ("mg/dL", 940.0)],
            &[("Children : (28 - 48)", 500.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<(&str, &str, Option<&str>)> =
            rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.unit.as_deref())).collect();
        assert_eq!(
            read,
            [
                ("Blood Urea Nitrogen", "18", Some("mg/dL")),
                ("Chloride", "105", Some("mEq/L")),
                ("eGFR", "119", Some("mL/min/1.73m2")),
                ("Gamma GT", "38", Some("UL")),
                ("Vitamin D, 25-Hydroxy", "24.5", Some("ng/mL")),
                ("HDL-Cholesterol", "41", Some("mg/dL")),
            ]
        );
        // The adults' tier below the children's damaged one is the range; a damaged normal
        // tier (eGFR's), or adults' tier (HDL's, over the children's), leaves none.
        let bounds: Vec<Option<(Option<f64>, Option<f64>)>> =
            rows.iter().map(|r| r.range.as_ref().map(|g| (g.low, g.high))).collect();
        assert_eq!(bounds[0], Some((Some(6.0), Some(24.0))));
        assert_eq!(bounds[2], None);
        assert_eq!(bounds[5], None);
    }

    #[test]
    fn tiers_labelled_without_colons_a_line_each_are_the_reference_not_the_unit_nor_the_name() {
        // Labels before bracketed ranges, after the result.
        let p = page_at(&[
            (100.0, &[("Investigation", 20.0), ("Result", 200.0), ("Ref. Range", 260.0)]),
            (120.0, &[("FT3", 20.0), ("3.31 pg/mL", 200.0), ("Child (1.40 - 3.52)", 260.0)]),
            (131.0, &[("Adult (2.00 - 4.40)", 260.0)]),
            (150.0, &[("HCT (%)", 20.0), ("41.2", 200.0), ("Child 28.0 to 40.0", 260.0)]),
            (161.0, &[("Adults 40.0 to 50.0", 260.0)]),
            // A citation's numbers are no tier.
            (170.0, &[("Nature medicine", 20.0), ("28.12", 200.0), ("(2022): 2555-2562.", 260.0)]),
            (180.0, &[("28. 25-OH Vitamin D", 20.0), ("43.2", 200.0), ("ng/mL", 230.0), ("30 - 100", 280.0)]),
        ]);
        let rows = rows_from_page(&p, Some(Sex::Male));
        let read = names_units_ranges(&rows);
        assert_eq!(
            read,
            [
                ("FT3", Some("pg/mL"), Some((Some(2.0), Some(4.4)))),
                ("HCT", Some("%"), Some((Some(40.0), Some(50.0)))),
                ("25-OH Vitamin D", Some("ng/mL"), Some((Some(30.0), Some(100.0)))),
            ]
        );
        // Before the result (`Test  Reference  Value  Unit`).
        let p = page_at(&[
            (100.0, &[("PARAMETER", 20.0), ("REFERENCE INTERVAL", 200.0), ("Value", 360.0), ("UNITS", 420.0)]),
            (120.0, &[("2. Ferritin", 20.0), ("Women (27.0 - 360.0)", 200.0), ("126.1", 360.0), ("ng/mL", 420.0)]),
            (131.0, &[("Men (30.0 - 400.0)", 200.0)]),
            (150.0, &[("3. Globulin", 20.0), ("Adults (2.0 - 3.5)", 200.0), ("3.9", 360.0), ("g/dL", 420.0)]),
            (170.0, &[("4. Chloride", 20.0), ("Child : 69 to 86", 200.0), ("106", 360.0), ("mEq/L", 420.0)]),
            (181.0, &[("Adults : 98 to 107", 200.0)]),
            // A bound with its unit, not taken for a result beyond the assay's range.
            (200.0, &[("LDL Chol Calc (NIH)", 20.0), ("<100 mg/dL", 200.0), ("95", 360.0), ("mg/dL", 420.0)]),
            (220.0, &[("eGFR", 20.0), ("> 90 mL/min/1.73m2", 200.0), ("120", 360.0), ("mL/min/1.73m2", 420.0)]),
            // A first tier that reads as a flag and a bound.
            (240.0, &[("CHOLESTEROL", 20.0), ("High >= 240", 200.0), ("28", 360.0), ("mg/dL", 420.0)]),
            (251.0, &[("Borderline High 200 - 239", 200.0)]),
            (262.0, &[("Desirable < 200", 200.0)]),
        ]);
        let rows = rows_from_page(&p, Some(Sex::Male));
        let read = names_units_ranges(&rows);
        assert_eq!(
            read,
            [
                ("Ferritin", Some("ng/mL"), Some((Some(30.0), Some(400.0)))),
                ("Globulin", Some("g/dL"), Some((Some(2.0), Some(3.5)))),
                ("Chloride", Some("mEq/L"), Some((Some(98.0), Some(107.0)))),
                ("LDL Chol Calc (NIH)", Some("mg/dL"), Some((None, Some(100.0)))),
                ("eGFR", Some("mL/min/1.73m2"), Some((Some(90.0), None))),
                ("CHOLESTEROL", Some("mg/dL"), Some((None, Some(200.0)))),
            ]
        );
    }

    #[test]
    fn a_numbered_name_wrapped_under_itself_past_its_number_is_joined() {
        // The rest set under the name, not under its number (`10. ` is 20 wide here).
        let p = page_at(&[
            (100.0, &[("Investigation", 20.0), ("Reference Range", 250.0), ("Results", 400.0)]),
            (120.0, &[("4. Erythrocyte Sedimentation", 20.0), ("0-15", 250.0), ("13", 400.0)]),
            (131.0, &[("Rate (mm/1st hr)", 32.0)]),
            (150.0, &[("10. Alanine Aminotransferase", 20.0), ("Upto 41", 250.0), ("<2.1", 400.0)]),
            (161.0, &[("(ALT/SGPT) (IU/L)", 40.0)]),
            (180.0, &[("11. HCT (%)", 20.0), ("40.0-50.0", 250.0), ("40.1", 400.0)]),
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.unit.as_deref())).collect();
        assert_eq!(
            read,
            [
                ("Erythrocyte Sedimentation Rate", Some("mm/1st hr")),
                ("Alanine Aminotransferase (ALT/SGPT)", Some("IU/L")),
                ("HCT", Some("%")),
            ]
        );
    }

    #[test]
    fn a_result_after_its_label_under_the_tests_name_is_that_tests_row() {
        let p = page(&[
            &[("Serum Creatinine", 20.0)],
            &[("Result : 1.4 mg/dL", 40.0)],
            &[("Reference Range : 0.6 - 1.2 mg/dL", 40.0)],
            &[("Blood Urea", 20.0)],
            &[("Value", 40.0), (":", 80.0), ("38", 100.0), ("mg/dL", 140.0)],
            &[("Reference Range : 15 - 45 mg/dL", 40.0)],
            // A label under a line the catalog does not know is no row.
            &[("Doctor's comments", 20.0)],
            &[("Result : 12", 40.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<_> = rows
            .iter()
            .map(|r| (r.name.as_str(), r.value.number, r.unit.as_deref(), r.range.as_ref().map(|g| (g.low, g.high))))
            .collect();
        assert_eq!(
            read,
            [
                ("Serum Creatinine", Some(1.4), Some("mg/dL"), Some((Some(0.6), Some(1.2)))),
                ("Blood Urea", Some(38.0), Some("mg/dL"), Some((Some(15.0), Some(45.0)))),
            ]
        );
    }

    #[test]
    fn a_unit_in_brackets_after_the_name_is_the_results_unit_where_no_column_gives_one() {
        let p = page(&[
            &[("Test", 20.0), ("Result", 200.0), ("Normal Range", 300.0)],
            &[("Haemoglobin (g/dL)", 20.0), ("11.2", 200.0), ("12.0 - 15.5", 300.0)],
            &[("HbA1c (%)", 20.0), ("6.2", 200.0), ("4.0 - 5.6", 300.0)],
            &[("Prothrombin Time (sec)", 20.0), ("13.1", 200.0), ("11 - 13.5", 300.0)],
            // Brackets holding no unit are the name's, and so are a specimen's letter and a word.
            &[("Vitamin D (25-OH)", 20.0), ("31", 200.0), ("30 - 100", 300.0)],
            &[("Urea (S)", 20.0), ("31", 200.0), ("15 - 45", 300.0)],
            &[("BUN/Creatinine (Ratio)", 20.0), ("14", 200.0), ("10 - 20", 300.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.unit.as_deref())).collect();
        assert_eq!(
            read,
            [
                ("Haemoglobin", Some("g/dL")),
                ("HbA1c", Some("%")),
                ("Prothrombin Time", Some("sec")),
                ("Vitamin D (25-OH)", None),
                ("Urea (S)", None),
                ("BUN/Creatinine (Ratio)", None)
            ]
        );
        // On a scan, a unit OCR misread a letter of, though no other test's name in brackets.
        let lines: &[&[(&str, f32)]] = &[
            &[("Test", 20.0), ("Result", 400.0), ("Normal Range", 500.0)],
            &[("ESR (mnv/hr)", 20.0), ("12", 400.0), ("0 - 20", 500.0)],
            &[("Aspartate Aminotransferase (AST/SGOT)", 20.0), ("23", 400.0), ("0 - 40", 500.0)],
        ];
        let rows = rows_from_page(&ocr_cells_page(lines), None);
        let read: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.unit.as_deref())).collect();
        assert_eq!(read, [("ESR", Some("mnv/hr")), ("Aspartate Aminotransferase (AST/SGOT)", None)]);
    }

    /// A text layer's page of lines at the given tops (words 10 high, 5 wide a letter).
    fn page_at(lines: &[(f32, &[(&str, f32)])]) -> Page {
        let mut words = Vec::new();
        for (y, cells) in lines {
            for (text, x) in *cells {
                let mut cx = *x;
                for w in text.split(' ') {
                    let width = 5.0 * w.chars().count() as f32;
                    let bbox = BBox { x0: cx, y0: *y, x1: cx + width, y1: y + 10.0 };
                    words.push(Word { text: w.into(), bbox, bold: false, line: None });
                    cx += width + 2.5;
                }
            }
        }
        Page { number: 1, width: 595.0, height: 842.0, words }
    }

    #[test]
    fn a_numbered_tests_name_wrapped_under_its_result_in_words_is_no_part_of_the_reference_above() {
        let p = page_at(&[
            (380.0, &[("Test Description", 40.0), ("Method", 255.0), ("Results", 335.0)]),
            (433.0, &[("27. Ketones", 40.0), ("Calculated", 255.0), ("Negative", 335.0)]),
            (445.0, &[("Bio. Ref. Interval :", 40.0), ("Negative", 150.0)]),
            (461.0, &[("28. Hepatitis B", 40.0), ("Impedance", 255.0), ("Non Reactive", 335.0)]),
            (470.0, &[("Surface Antigen", 55.0)]),
            (482.0, &[("Reference Range :", 40.0), ("Non Reactive", 150.0)]),
        ]);
        let read: Vec<_> = rows_from_page(&p, None)
            .into_iter()
            .map(|r| (r.name, r.value.text, r.range_text.unwrap_or_default()))
            .collect();
        let row = |n: &str, v: &str, r: &str| (n.to_string(), v.to_string(), r.to_string());
        assert_eq!(
            read,
            [
                row("Ketones", "Negative", "Negative"),
                row("Hepatitis B Surface Antigen", "Non Reactive", "Non Reactive")
            ]
        );
    }

    #[test]
    fn a_reference_printed_a_tier_a_line_with_each_label_after_its_range_is_read_whole() {
        let p = page_at(&[
            (100.0, &[("Test", 20.0), ("Result", 250.0), ("Unit", 300.0), ("Reference", 350.0)]),
            (120.0, &[("Amylase", 20.0), ("37", 250.0), ("U/L", 300.0), ("25 - 90 : Male", 350.0)]),
            (131.0, &[("28 - 100 : Women", 350.0)]),
            (150.0, &[("Triglycerides", 20.0), ("123", 250.0), ("mg/dL", 300.0), (">= 180 : High", 350.0)]),
            (161.0, &[("150 - 179 : Borderline High", 350.0)]),
            (172.0, &[("< 150 : Optimal", 350.0)]),
            (190.0, &[("25-OH Vitamin D", 20.0), ("66.7", 250.0), ("ng/mL", 300.0), ("< 20.0 : Deficiency", 350.0)]),
            (201.0, &[("20.0 - 29.0 : Insufficiency", 350.0)]),
            (212.0, &[("30.0 - 100.0 : Sufficiency", 350.0)]),
            (223.0, &[("> 100.0 : Toxicity", 350.0)]),
            (240.0, &[("ESR", 20.0), ("12", 250.0), ("mm/hr", 300.0), ("0 - 15 : Adult", 350.0)]),
            (251.0, &[("0 - 12 : Children", 350.0)]),
            // Centred in the column, a shorter tier starts right of the first.
            (270.0, &[("eGFR", 20.0), ("82", 250.0), ("mL/min/1.73m2", 300.0), ("30 - 59 : Moderate Decrease", 380.0)]),
            (281.0, &[("60 - 89 : Mild Decrease", 390.0)]),
            (292.0, &[(">= 90 : Normal", 412.5)]),
        ]);
        let rows = rows_from_page(&p, Some(Sex::Female));
        let read: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.range.as_ref().map(|g| (g.low, g.high)))).collect();
        assert_eq!(
            read,
            [
                ("Amylase", Some((Some(28.0), Some(100.0)))),
                ("Triglycerides", Some((None, Some(150.0)))),
                ("25-OH Vitamin D", Some((Some(30.0), Some(100.0)))),
                ("ESR", Some((Some(0.0), Some(15.0)))),
                ("eGFR", Some((Some(90.0), None))),
            ]
        );
        assert_eq!(rows[1].range_text.as_deref(), Some(">= 180 : High; 150 - 179 : Borderline High; < 150 : Optimal"));
    }

    #[test]
    fn a_name_wrapped_under_its_row_nearer_it_than_the_next_line_is_joined_to_it() {
        let p = page_at(&[
            (100.0, &[("Investigation", 20.0), ("Result", 250.0), ("Reference", 350.0)]),
            // Neither part alone nor the whole is a name the catalog holds whole with its unit.
            (120.0, &[("Mean Corpuscular", 20.0), ("91.3", 250.0), ("83 - 101", 350.0)]),
            (131.0, &[("Volume (fL)", 20.0)]),
            (150.0, &[("Total Iron", 20.0), ("212", 250.0), ("250 - 450", 350.0)]),
            (161.0, &[("Binding Capacity (ug/dL) :", 20.0)]),
            (180.0, &[("Vitamin", 20.0), ("253", 250.0), ("pg/mL", 300.0), ("211 - 911", 350.0)]),
            (191.0, &[("B12 (Cyanocobalamin)", 20.0)]),
            // A method under a name the catalog knows is no part of it, however near.
            (200.0, &[("Creatinine, Serum", 20.0), ("0.9", 250.0), ("mg/dL", 300.0), ("0.6 - 1.3", 350.0)]),
            (211.0, &[("Jaffe Kinetics", 20.0)]),
            // Evenly spaced, a line under a row is not its name's.
            (230.0, &[("Haemoglobin", 20.0), ("13.2", 250.0), ("g/dL", 300.0), ("13 - 17", 350.0)]),
            (242.0, &[("Sample Serum", 20.0)]),
            (254.0, &[("ESR", 20.0), ("12", 250.0), ("mm/hr", 300.0), ("0 - 20", 350.0)]),
            // Nor is a line nearer the row below it, whose name it starts. (The row below names
            // its test already, so it takes no words from above either.)
            (274.0, &[("Urea", 20.0), ("30", 250.0), ("mg/dL", 300.0), ("15 - 45", 350.0)]),
            (289.0, &[("Glycated Haemoglobin", 20.0)]),
            (296.0, &[("(HbA1c)", 20.0), ("6.8", 250.0), ("%", 300.0), ("4.0 - 5.6", 350.0)]),
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.unit.as_deref())).collect();
        assert_eq!(
            read,
            [
                ("Mean Corpuscular Volume", Some("fL")),
                ("Total Iron Binding Capacity", Some("ug/dL")),
                ("Vitamin B12 (Cyanocobalamin)", Some("pg/mL")),
                ("Creatinine, Serum", Some("mg/dL")),
                ("Haemoglobin", Some("g/dL")),
                ("ESR", Some("mm/hr")),
                ("Urea", Some("mg/dL")),
                ("(HbA1c)", Some("%")),
            ]
        );
    }

    #[test]
    fn a_name_wrapped_on_a_scan_whose_colon_stands_apart_under_its_row_is_joined_to_it() {
        let mut p = page_at(&[
            (100.0, &[("Investigation", 20.0), ("Result", 250.0), ("Unit", 300.0), ("Reference", 350.0)]),
            (120.0, &[("Red Cell", 20.0), ("12.1", 250.0), ("%", 300.0), ("11.6 - 14.0", 350.0)]),
            // The name's colon, printed after its last word, in a column of its own.
            (131.0, &[("Distribution Width", 20.0), (":", 180.0)]),
            (150.0, &[("Sodium", 20.0), (":", 180.0), ("137", 250.0), ("mmol/L", 300.0), ("136 - 145", 350.0)]),
        ]);
        // Read by OCR: each word with the number of its line.
        for word in &mut p.words {
            word.line = Some(word.bbox.y0 as u32);
        }
        let rows = rows_from_page(&p, None);
        let names: Vec<_> = rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["Red Cell Distribution Width", "Sodium"]);
    }

    #[test]
    fn a_cumulative_reports_result_is_under_its_latest_date() {
        let rows = |first: &str, second: &str| {
            let p = page(&[
                &[("Test", 20.0), (first, 200.0), (second, 270.0), ("Units", 340.0), ("Reference", 400.0)],
                &[("Hemoglobin", 20.0), ("11.2", 200.0), ("10.4", 270.0), ("g/dL", 340.0), ("12.0-15.5", 400.0)],
                &[("Ferritin", 20.0), ("8", 200.0), ("6", 270.0), ("ng/mL", 340.0), ("13-150", 400.0)],
            ]);
            rows_from_page(&p, None).into_iter().map(|r| r.value.number).collect::<Vec<_>>()
        };
        // Newest first or last, day first or month first alike.
        assert_eq!(rows("12/11/2026", "05/10/2026"), [Some(11.2), Some(8.0)]);
        assert_eq!(rows("05/10/2026", "12/11/2026"), [Some(10.4), Some(6.0)]);
        assert_eq!(rows("10-May-2026", "12-Nov-2026"), [Some(10.4), Some(6.0)]);
        // Dates whose order depends on how they are read decide nothing: the first result is read.
        assert_eq!(rows("04/03/2026", "03/04/2026"), [Some(11.2), Some(8.0)]);
    }

    #[test]
    fn reads_a_classic_four_column_table() {
        let p = page(&[
            &[("Test", 20.0), ("Result", 200.0), ("Unit", 300.0), ("Biological Ref. Range", 400.0)],
            &[("HAEMOGLOBIN", 20.0), (":", 180.0), ("10.6", 200.0), ("gms%", 300.0), ("12.0-16.0 gms%", 400.0)],
            &[("Platelet Count", 20.0), (":", 180.0), ("284000", 200.0), ("/ul", 300.0), ("150000-450000 /ul", 400.0)],
            &[("Age/Sex", 20.0), (":", 180.0), ("39 Yrs. / F", 200.0)],
        ]);
        let rows = rows_from_page(&p, None);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].name, "HAEMOGLOBIN");
        assert_eq!(rows[0].value.number, Some(10.6));
        assert_eq!(rows[0].unit.as_deref(), Some("gms%"));
        assert_eq!(rows[0].range.as_ref().map(|r| (r.low, r.high)), Some((Some(12.0), Some(16.0))));
        assert_eq!(rows[0].range_text.as_deref(), Some("12.0-16.0 gms%"));
        assert_eq!(rows[1].value.number, Some(284_000.0));
    }

    #[test]
    fn remarks_after_a_reference_and_a_result_beyond_the_assays_range_after_its_reference() {
        let p = page_at(&[
            (100.0, &[("Test Name", 20.0), ("Normal Range", 200.0), ("Normal", 300.0), ("Out Of Range", 360.0)]),
            // The unit in the name; a remark after the reference's first tier is no unit.
            (120.0, &[("Lymphocytes (%)", 20.0), ("Male 18 - 36", 200.0), ("26", 300.0), ("Rechecked", 460.0)]),
            (131.0, &[("Women 20 - 40", 200.0)]),
            // The reference before the result, the result with its unit.
            (150.0, &[("C-Reactive Protein", 20.0), ("Up to 5.0", 200.0), ("<0.2 mg/L", 300.0), ("Verified", 460.0)]),
            // After a result, a bound with its unit is the reference still.
            (170.0, &[("Cholesterol", 20.0), ("180", 200.0), ("<200 mg/dL", 300.0)]),
        ]);
        let rows = rows_from_page(&p, Some(Sex::Female));
        let read: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.unit.as_deref())).collect();
        assert_eq!(
            read,
            [
                ("Lymphocytes", "26", Some("%")),
                ("C-Reactive Protein", "<0.2", Some("mg/L")),
                ("Cholesterol", "180", Some("mg/dL"))
            ]
        );
        assert_eq!(rows[0].range.as_ref().map(|g| (g.low, g.high)), Some((Some(20.0), Some(40.0))));
        assert_eq!(rows[2].range_text.as_deref(), Some("<200 mg/dL"));
    }

    #[test]
    fn a_result_under_its_name_with_its_reference_named_is_a_row_with_that_range() {
        let p = page_at(&[
            (100.0, &[("Hemoglobin", 40.0)]),
            (113.0, &[("Result: 11.2 g/dL", 52.0), ("Reference: 13.0 - 17.0", 160.0)]),
            (131.0, &[("RBC", 40.0)]),
            (144.0, &[("Result: 4.10 x10^6/uL", 52.0), ("Reference: 4.50 - 5.50", 160.0)]),
            // Observed, a range for each sex.
            (162.0, &[("Fasting Blood Sugar", 40.0)]),
            (175.0, &[("Observed: 69 Low mg/dl", 52.0), ("Reference: M: 63-90 F: 70-100", 160.0)]),
            // A unit a scan misread.
            (193.0, &[("Total Leucocyte Count", 40.0)]),
            (206.0, &[("Value: 9.09 x10%3/uL", 52.0), ("Normal range: M: (3.60 - 9.90) F: (4.00 - 11.00)", 160.0)]),
            (224.0, &[("Fasting Insulin", 40.0)]),
            (237.0, &[("Value: 31.1 High ulU/mL", 52.0), ("Normal range: (2.6 - 24.9)", 200.0)]),
        ]);
        let rows = rows_from_page(&p, Some(Sex::Female));
        let read: Vec<_> =
            rows.iter().map(|r| (r.name.as_str(), r.value.number, r.range.as_ref().map(|g| (g.low, g.high)))).collect();
        assert_eq!(
            read,
            [
                ("Hemoglobin", Some(11.2), Some((Some(13.0), Some(17.0)))),
                ("RBC", Some(4.1), Some((Some(4.5), Some(5.5)))),
                ("Fasting Blood Sugar", Some(69.0), Some((Some(70.0), Some(100.0)))),
                ("Total Leucocyte Count", Some(9.09), Some((Some(4.0), Some(11.0)))),
                ("Fasting Insulin", Some(31.1), Some((Some(2.6), Some(24.9)))),
            ]
        );
        assert_eq!(rows[4].flag, Some(Flag::High));
        assert!(rows[4].unit.as_deref().is_some_and(|u| !u.contains("High")), "{:?}", rows[4].unit);
        // A result in words, its reference in words after the words that name it.
        let p = page_at(&[
            (100.0, &[("Color", 40.0)]),
            (113.0, &[("Observed: Yellow", 52.0), ("Ref. Interval: Pale Yellow", 200.0)]),
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<_> =
            rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.range_text.as_deref())).collect();
        assert_eq!(read, [("Color", "Yellow", Some("Pale Yellow"))]);
    }

    #[test]
    fn a_photo_s_result_under_its_name_is_read_with_its_colon_lost_its_label_misread_or_its_cells_cut() {
        let p = page_at(&[
            // The label alone in its cell, the result in the next; the reference's label with a
            // semicolon, its ranges a cell apart.
            (100.0, &[("Globulin", 40.0)]),
            (
                113.0,
                &[
                    ("Result", 52.0),
                    ("1.8 L g/dt", 100.0),
                    ("Reference;", 200.0),
                    ("Male: 2.0-3.5; Female: 1.8-3.1", 260.0),
                ],
            ),
            // No colon after the label.
            (131.0, &[("C-Reactive Protein", 40.0)]),
            (144.0, &[("Result 4.4 mg/l", 52.0), ("Reference: Up to 5.0", 200.0)]),
            // The label a letter off, the reference cut into cells.
            (162.0, &[("Total T3", 40.0)]),
            (
                175.0,
                &[
                    ("Resutt:", 52.0),
                    ("176 ngimt", 100.0),
                    ("Reference:", 200.0),
                    ("M:", 260.0),
                    ("80-200 F: 72-180", 290.0),
                ],
            ),
            (193.0, &[("GGT", 40.0)]),
            (206.0, &[("Resut 14 U/L", 52.0), ("Reterence:", 200.0), ("M: 8-61 F: 7-55", 260.0)]),
            // A result in words, the reference in its cell.
            (224.0, &[("Glucose (Urine)", 40.0)]),
            (237.0, &[("Result: Negative Reterence Negative", 52.0)]),
        ]);
        let rows = rows_from_page(&p, Some(Sex::Male));
        let read: Vec<_> = rows
            .iter()
            .map(|r| (r.name.as_str(), r.value.text.as_str(), r.range.as_ref().map(|g| (g.low, g.high, g.qualitative))))
            .collect();
        assert_eq!(
            read,
            [
                ("Globulin", "1.8", Some((Some(2.0), Some(3.5), None))),
                ("C-Reactive Protein", "4.4", Some((None, Some(5.0), None))),
                ("Total T3", "176", Some((Some(80.0), Some(200.0), None))),
                ("GGT", "14", Some((Some(8.0), Some(61.0), None))),
                ("Glucose (Urine)", "Negative", Some((None, None, Some("Negative")))),
            ]
        );
        assert_eq!(rows[0].flag, Some(Flag::Low));
        // A result in words that names a reference too, and one alone in the cell after the
        // label.
        let p = page_at(&[
            (100.0, &[("Urine Colour", 40.0)]),
            (113.0, &[("Result: Normal", 52.0), ("Reference: Normal", 200.0)]),
            (131.0, &[("Nitrite", 40.0)]),
            (144.0, &[("Result", 52.0), ("Negative Normal: Negative", 100.0)]),
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<_> =
            rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.range_text.as_deref())).collect();
        assert_eq!(
            read,
            [("Urine Colour", "Normal", Some("Normal")), ("Nitrite", "Negative", Some("Normal: Negative"))]
        );
        // A label the catalog does not know as a result's, and a number, stays a table's row.
        let p = page_at(&[(100.0, &[("Globulin", 40.0)]), (113.0, &[("Resolute 1.8", 52.0)])]);
        assert!(rows_from_page(&p, None).iter().all(|r| r.name != "Globulin"));
    }

    #[test]
    fn a_photo_s_name_over_its_labelled_result_is_its_name_with_specks_or_junk_read_beside_it() {
        let p = ocr_cells_page(&[
            &[("Monocytes", 120.0), (".", 900.0)],
            &[("Value: 1 L %", 140.0), ("Normal range: Adult : 2-10 ; Child : 1-8", 520.0)],
            &[("CREATININE", 120.0), ("|", 900.0)],
            &[("Value: 1.19 mg/dL", 140.0), ("Normal range: Adult : 0.70-1.30 ; Children : 0.49-1.04", 520.0)],
            &[("TRIGLYCERIDES", 120.0), ("PERN TAT", 900.0)],
            &[("Value: <7.5 mg/dL", 140.0), ("Normal range: Optimal : < 150 ; High : >= 180", 520.0)],
            // A speck read as a small letter before the name.
            &[("o", 96.0), ("eGFR", 120.0)],
            &[("Value: 93 mL/min/1.73m2", 140.0), ("Normal range: Normal >= 90", 520.0)],
            // International units with their `I` read as a one after the result.
            &[("SGPT (ALT)", 120.0)],
            &[("Value: <2.1 1U/L", 140.0), ("Normal range: Up to 41", 520.0)],
        ]);
        let rows: Vec<(String, String, Option<String>)> =
            rows_from_page(&p, Some(Sex::Male)).into_iter().map(|r| (r.name, r.value.text, r.unit)).collect();
        let row = |n: &str, v: &str, u: &str| (n.to_string(), v.to_string(), Some(u.to_string()));
        assert_eq!(
            rows,
            [
                row("Monocytes", "1", "%"),
                row("CREATININE", "1.19", "mg/dL"),
                row("TRIGLYCERIDES", "<7.5", "mg/dL"),
                row("eGFR", "93", "mL/min/1.73m2"),
                row("SGPT (ALT)", "<2.1", "IU/L")
            ]
        );
    }

    #[test]
    fn a_photo_s_list_number_read_with_a_comma_and_a_wrapped_name_after_a_speck_join_their_row() {
        let p = page(&[
            &[("Test", 20.0), ("Result", 200.0), ("Unit", 260.0), ("Reference", 320.0)],
            &[("14, Vitamin", 20.0), ("1,152", 200.0), ("pg/mL", 260.0), ("211-911", 320.0)],
            &[("B12 (Cyanocobalamin) :", 32.0)],
            &[("16. Alanine", 20.0), ("8", 200.0), ("U/L", 260.0), ("<41", 320.0)],
            &[("\u{2018}Aminotransferase (ALT/SGPT)", 32.0)],
            &[("23, Basophils", 20.0), ("1", 200.0), ("%", 260.0), ("0-2", 320.0)],
        ]);
        let names: Vec<String> = rows_from_page(&p, None).into_iter().map(|r| r.name).collect();
        assert_eq!(names, ["Vitamin B12 (Cyanocobalamin)", "Alanine Aminotransferase (ALT/SGPT)", "Basophils"]);
    }

    #[test]
    fn a_unit_column_before_a_reference_with_its_own_unit_or_tiers_and_a_result_beyond_the_assay() {
        let p = page(&[
            &[("PARAMETER", 20.0), ("Units", 300.0), ("Reference Range", 400.0), ("Results", 520.0)],
            &[("1. CRP", 20.0), ("mg/L", 300.0), ("<= 5.0 mg/L", 400.0), ("0.8", 540.0)],
            &[("29. SGOT (AST)", 20.0), ("U/L", 300.0), ("< 40 U/L", 400.0), ("6", 540.0)],
            // Tiers by sex, the result flagged.
            &[("ALP", 20.0), ("IU/L", 300.0), ("Female: (36 - 116)", 400.0), ("H 147", 530.0)],
            &[("Men: (40 - 129)", 400.0)],
            // A result below what the assay measures, under the result's header.
            &[("Test", 20.0), ("Units", 300.0), ("Result", 400.0), ("Reference", 480.0)],
            &[("Total PSA", 20.0), ("ng/mL", 300.0), ("<0.20", 400.0), ("< 4.00", 480.0)],
        ]);
        let rows = rows_from_page(&p, Some(Sex::Male));
        let read = names_values_units_ranges(&rows);
        assert_eq!(
            read,
            [
                ("CRP", "0.8", Some("mg/L"), Some((None, Some(5.0)))),
                ("SGOT (AST)", "6", Some("U/L"), Some((None, Some(40.0)))),
                ("ALP", "147", Some("IU/L"), Some((Some(40.0), Some(129.0)))),
                ("Total PSA", "<0.20", Some("ng/mL"), Some((None, Some(4.0)))),
            ]
        );
    }

    #[test]
    fn a_photo_s_misread_unit_under_a_unit_column_before_the_result_is_no_part_of_the_name() {
        let p = page(&[
            &[("TEST", 20.0), ("Units", 200.0), ("Value", 300.0), ("H/L", 360.0), ("Normal Range", 420.0)],
            &[("eGFR", 20.0), ("mUmin1.73m2", 190.0), ("80", 305.0), ("> 90", 420.0)],
            &[("Total Leucocyte Count", 20.0), ("feumm", 200.0), ("9,448", 300.0), ("4000-11000", 420.0)],
            &[("BILIRUBIN TOTAL", 20.0), ("mgidi.", 198.0), ("0.85", 300.0), ("0.30-1.20", 420.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.unit.as_deref())).collect();
        assert_eq!(
            read,
            [
                ("eGFR", "80", Some("mUmin1.73m2")),
                ("Total Leucocyte Count", "9,448", Some("feumm")),
                ("BILIRUBIN TOTAL", "0.85", Some("mgidi.")),
            ]
        );
    }

    #[test]
    fn a_result_run_into_a_misread_unit_under_the_result_s_header_is_the_result() {
        let p = page(&[
            &[("PARAMETER", 20.0), ("FLAG", 200.0), ("Results", 280.0), ("Normal Range", 380.0)],
            &[("PT", 20.0), ("12.7sec", 285.0), ("(11.0 - 13.5) sec", 380.0)],
            &[("TLC", 20.0), ("4,109 cellsicumm", 270.0), ("(4000 - 11000) cells/cumm", 380.0)],
            &[("Serum Calcium", 20.0), ("9.9mg/dt", 282.0), ("(8.6 - 10.3) mg/dL", 380.0)],
            // A flag after the result stays the result's.
            &[("Serum Uric Acid", 20.0), ("3.0 H", 285.0), ("(3.5 - 7.2) mg/dL", 380.0)],
            &[("Creatinine", 20.0), ("2.1High", 282.0), ("(0.7 - 1.3) mg/dL", 380.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.unit.as_deref())).collect();
        assert_eq!(
            read,
            [
                ("PT", "12.7", Some("sec")),
                ("TLC", "4,109", Some("cellsicumm")),
                ("Serum Calcium", "9.9", Some("mg/dt")),
                ("Serum Uric Acid", "3.0", Some("mg/dL")),
                ("Creatinine", "2.1", Some("mg/dL")),
            ]
        );
        assert_eq!(rows[3].flag, Some(Flag::High));
        assert_eq!(rows[4].flag, Some(Flag::High));
    }

    #[test]
    fn a_result_its_unit_and_its_reference_run_together_by_a_long_unit_are_cells_of_their_own() {
        let p = page(&[
            &[("Test", 20.0), ("Result", 300.0), ("Reference", 420.0), ("Previous", 560.0)],
            &[
                ("Erythrocyte Sedimentation Rate ....... :", 20.0),
                ("17 High mm/1st hr 0 to 15 mm/1st hr", 300.0),
                ("19", 560.0),
            ],
            &[("eGFR ....... :", 20.0), ("160 mL/min/1.73m2>= 90 mL/min/1.73m2", 300.0), ("135", 560.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let read = names_values_units_ranges(&rows);
        assert_eq!(
            read,
            [
                ("Erythrocyte Sedimentation Rate", "17", Some("mm/1st hr"), Some((Some(0.0), Some(15.0)))),
                ("eGFR", "160", Some("mL/min/1.73m2"), Some((Some(90.0), None))),
            ]
        );
        assert_eq!(rows[0].flag, Some(Flag::High));
    }

    #[test]
    fn a_scan_s_result_run_past_a_speck_its_reference_s_label_apart_and_leaders_read_as_a_quote() {
        let p = ocr_cells_page(&[
            &[("PARAMETER", 20.0), ("Results", 500.0), ("Normal Range", 700.0)],
            // The result and its unit run past a speck into the reference.
            &[("Total RBC Count", 20.0), ("5.85 mill/cemm \u{2014} (4.50 - 5.50) mill/cmm", 490.0)],
            &[("Vitamin D, 25-Hydroxy", 20.0), ("74.7 ng/mL \u{2014}_ (30.0 - 100.0) ng/mL", 490.0)],
            // A speck before the reference in a cell of its own.
            &[("Serum Uric Acid", 20.0), ("3.0 mg/dL", 490.0), ("= (3.5 - 7.2) mg/dL", 690.0)],
            // The reference's label a cell apart from its range, before the result.
            &[("Test", 20.0), ("Reference", 300.0), ("Result", 700.0), ("Unit", 900.0)],
            &[("PT", 20.0), ("Ref:", 300.0), ("11.0 to 13.5 sec", 370.0), ("12.3", 700.0), ("sec", 900.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<_> = rows
            .iter()
            .map(|r| (r.name.as_str(), r.value.text.as_str(), r.range.as_ref().map(|g| (g.low, g.high))))
            .collect();
        assert_eq!(
            read,
            [
                ("Total RBC Count", "5.85", Some((Some(4.5), Some(5.5)))),
                ("Vitamin D, 25-Hydroxy", "74.7", Some((Some(30.0), Some(100.0)))),
                ("Serum Uric Acid", "3.0", Some((Some(3.5), Some(7.2)))),
                ("PT", "12.3", Some((Some(11.0), Some(13.5)))),
            ]
        );
        assert_eq!(rows[2].range_text.as_deref(), Some("(3.5 - 7.2) mg/dL"));
        assert_eq!(rows[3].range_text.as_deref(), Some("Ref: 11.0 to 13.5 sec"));
        // A wrapped name's leader dots read as a quote, just under its row.
        let size = (9.0, 18.0);
        let words = vec![
            ocr_word("Gamma", 20.0, 100.0, size, 0),
            ocr_word("Glutamyl", 69.0, 100.0, size, 0),
            ocr_word("37", 700.0, 100.0, size, 0),
            ocr_word("U/L", 900.0, 100.0, size, 0),
            ocr_word("Transferase", 20.0, 122.0, size, 1),
            ocr_word("(GGT)", 123.0, 122.0, size, 1),
            ocr_word("'", 250.0, 124.0, size, 1),
        ];
        let rows = rows_from_page(&Page { number: 1, width: 1400.0, height: 400.0, words }, None);
        let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["Gamma Glutamyl Transferase (GGT)"]);
    }

    #[test]
    fn a_result_beyond_the_assay_after_a_reference_s_first_tier_is_the_result() {
        let p = page(&[
            &[("Test", 20.0), ("Range", 200.0), ("Result", 380.0)],
            &[("LDL Cholesterol ....... :", 20.0), ("High : >= 120", 200.0), ("<5.0 mg/dL", 380.0)],
            &[("Optimal : < 100", 200.0)],
            &[("Borderline High : 100 - 119", 200.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.unit.as_deref())).collect();
        assert_eq!(read, [("LDL Cholesterol", "<5.0", Some("mg/dL"))]);
        assert_eq!(rows[0].range.as_ref().map(|g| (g.low, g.high)), Some((None, Some(100.0))));
    }

    #[test]
    fn a_name_starting_with_a_number_takes_its_wrapped_rest() {
        let p = page(&[
            &[("Tests", 20.0), ("Observed Value", 250.0), ("Last Value", 350.0), ("Biological Ref. Interval", 450.0)],
            &[("26. 25-OH Vitamin", 20.0), ("106.4", 260.0), ("100.5", 360.0), ("Deficiency: < 20.0", 450.0)],
            &[("D (ng/mL) ....... :", 35.0), ("Insufficiency: 20.0 - 29.0", 450.0)],
            &[("Sufficiency: (30.0 - 100.0)", 450.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.unit.as_deref())).collect();
        assert_eq!(read, [("25-OH Vitamin D", "106.4", Some("ng/mL"))]);
    }

    #[test]
    fn columns_within_and_out_of_range_after_a_method_s_head_the_results_without_a_reference_header() {
        let p = page(&[
            &[("Test Name", 20.0), ("Method", 300.0), ("Within Range", 400.0), ("Abnormal", 500.0)],
            &[("Hepatitis B", 20.0), ("HPLC", 300.0), ("Negative", 400.0)],
            &[("Surface Antigen", 20.0)],
            &[("Bio. Ref. Interval :", 20.0), ("Non Reactive", 140.0)],
            // The next table's header is neither a row nor more of that reference.
            &[
                ("Investigation", 20.0),
                ("Method", 300.0),
                ("Normal", 400.0),
                ("Outside Range", 480.0),
                ("Unit(s)", 560.0),
            ],
            &[("1. Platelets", 20.0), ("Photometry", 300.0), ("2.35", 405.0), ("lakhs/cumm", 560.0)],
            &[("Reference Range :", 20.0), ("1.50-4.10", 140.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<_> =
            rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.range_text.as_deref())).collect();
        assert_eq!(
            read,
            [
                ("Hepatitis B Surface Antigen", "Negative", Some("Non Reactive")),
                ("Platelets", "2.35", Some("1.50-4.10"))
            ]
        );
    }

    #[test]
    fn a_word_result_beside_a_method_column_under_a_wrapped_name() {
        let p = page_at(&[
            (100.0, &[("TEST", 40.0), ("Technology", 300.0), ("Your Value", 400.0)]),
            (114.0, &[("Hepatitis B", 40.0), ("Photometry", 300.0), ("Non Reactive", 400.0)]),
            (125.0, &[("Surface Antigen ....... :", 40.0)]),
            (137.0, &[("Reference Range :", 40.0), ("Non Reactive", 160.0)]),
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str())).collect();
        assert_eq!(read, [("Hepatitis B Surface Antigen", "Non Reactive")]);
    }

    #[test]
    fn a_unit_column_before_the_result_is_the_unit_not_part_of_the_name() {
        // Units, then the result, then the reference.
        let p = page(&[
            &[("Test", 20.0), ("Units", 200.0), ("Result", 280.0), ("Reference Range", 350.0)],
            &[("Hemoglobin", 20.0), ("g/dL", 200.0), ("11.2 L", 280.0), ("13.0 - 17.0", 350.0)],
            &[("Neutrophils", 20.0), ("%", 200.0), ("62", 280.0), ("40 - 80", 350.0)],
            // A flag column before the unit's.
            &[("MCH", 20.0), ("Low", 150.0), ("pg", 200.0), ("26.2", 280.0), ("27.0 - 32.0", 350.0)],
        ]);
        // Units, then the reference, then the result; and the reference, then units.
        let q = page(&[
            &[("Test", 20.0), ("Units", 200.0), ("Reference Range", 280.0), ("Result", 400.0)],
            &[("ESR", 20.0), ("mm/hr", 200.0), ("0 - 15", 280.0), ("25", 400.0)],
            &[("Test", 20.0), ("Reference Range", 200.0), ("Units", 320.0), ("Result", 400.0)],
            &[("Serum Creatinine", 20.0), ("0.7 - 1.3", 200.0), ("mg/dL", 320.0), ("0.9", 400.0)],
        ]);
        let read = |p: &Page| -> Vec<(String, Option<f64>, Option<String>, Bounds)> {
            rows_from_page(p, None)
                .into_iter()
                .map(|r| (r.name, r.value.number, r.unit, r.range.map(|g| (g.low, g.high))))
                .collect()
        };
        let own = |name: &str, value: f64, unit: &str, low: f64, high: f64| {
            (name.to_string(), Some(value), Some(unit.to_string()), Some((Some(low), Some(high))))
        };
        assert_eq!(
            read(&p),
            [
                own("Hemoglobin", 11.2, "g/dL", 13.0, 17.0),
                own("Neutrophils", 62.0, "%", 40.0, 80.0),
                own("MCH", 26.2, "pg", 27.0, 32.0)
            ]
        );
        assert_eq!(rows_from_page(&p, None)[2].flag, Some(Flag::Low));
        assert_eq!(read(&q), [own("ESR", 25.0, "mm/hr", 0.0, 15.0), own("Serum Creatinine", 0.9, "mg/dL", 0.7, 1.3)]);
    }

    #[test]
    fn a_remark_of_one_word_after_the_result_is_no_unit() {
        let p = page(&[
            &[("Test", 20.0), ("Method", 150.0), ("Result", 250.0), ("Remarks", 350.0)],
            &[("Hemoglobin", 20.0), ("Enzymatic", 150.0), ("16.5", 250.0), ("Verified", 350.0)],
            &[("Packed Cell Volume (PCV)", 20.0), ("ECLIA", 150.0), ("49.9", 250.0), ("Rechecked", 350.0)],
            &[("Bio. Ref. Interval :", 20.0), ("40.0-50.0 %", 120.0)],
            // A unit in words stays one.
            &[("Prothrombin Time", 20.0), ("Clotting", 150.0), ("12.1", 250.0), ("seconds", 300.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.unit.as_deref())).collect();
        assert_eq!(
            read,
            [
                ("Hemoglobin", "16.5", None),
                ("Packed Cell Volume (PCV)", "49.9", Some("%")),
                ("Prothrombin Time", "12.1", Some("seconds"))
            ]
        );
    }

    #[test]
    fn a_word_result_with_the_assays_index_in_brackets_is_a_row() {
        let p = page(&[
            &[("Test", 20.0), ("Result", 200.0), ("Unit", 300.0), ("Reference", 350.0)],
            &[("HBsAg", 20.0), ("Non Reactive (0.21)", 200.0), ("<1.0 Non Reactive", 350.0)],
            &[("Anti HCV", 20.0), ("Reactive (3.52)", 200.0), ("S/CO", 300.0), ("<1.0", 350.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.value.qualitative)).collect();
        assert_eq!(
            read,
            [("HBsAg", "Non Reactive (0.21)", Some("Non Reactive")), ("Anti HCV", "Reactive (3.52)", Some("Reactive"))]
        );
    }

    #[test]
    fn results_in_a_column_within_the_range_or_one_out_of_it_under_headers_in_words() {
        let p = page(&[
            &[("Test Name", 20.0), ("Normal", 200.0), ("Abnormal", 260.0), ("Ref. Range", 330.0), ("Unit", 420.0)],
            &[("Haemoglobin", 20.0), ("14.1", 200.0), ("13.0 - 17.0", 330.0), ("g/dL", 420.0)],
            &[("Urine Glucose", 20.0), ("Negative", 200.0), ("Negative", 330.0)],
            &[("MCV", 20.0), ("78.2 L", 260.0), ("83 - 101", 330.0), ("fL", 420.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.flag)).collect();
        assert_eq!(
            read,
            [("Haemoglobin", "14.1", None), ("Urine Glucose", "Negative", None), ("MCV", "78.2", Some(Flag::Low))]
        );
    }

    #[test]
    fn results_in_a_column_within_the_range_or_one_out_of_it_after_the_reference() {
        let p = page(&[
            &[("Tests", 20.0), ("Ref. Range", 200.0), ("Normal", 300.0), ("Out Of Range", 360.0), ("Unit(s)", 440.0)],
            // A whole number after a range of whole numbers, in either column.
            &[("1. VLDL Cholesterol", 20.0), ("5-40", 200.0), ("16", 300.0), ("mg/dL", 440.0)],
            &[("2. GGT", 20.0), ("8-61", 200.0), ("69", 360.0), ("U/L", 440.0)],
            // A bound is the reference, the number in the column out of range the result.
            &[("9. Total PSA", 20.0), ("< 4.00", 200.0), ("4.49", 360.0), ("ng/mL", 440.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let read = names_values_units_ranges(&rows);
        assert_eq!(
            read,
            [
                ("VLDL Cholesterol", "16", Some("mg/dL"), Some((Some(5.0), Some(40.0)))),
                ("GGT", "69", Some("U/L"), Some((Some(8.0), Some(61.0)))),
                ("Total PSA", "4.49", Some("ng/mL"), Some((None, Some(4.0)))),
            ]
        );
    }

    #[test]
    fn a_word_result_in_the_reference_column_with_the_result_cell_lost_is_a_row_without_a_value() {
        let p = page(&[
            &[("Investigation", 20.0), ("Value", 200.0), ("Units", 300.0), ("Reference Range", 400.0)],
            &[("Protein", 20.0), (":", 215.0), ("Negative", 400.0)],
            &[("Ketones", 20.0), ("Absent", 200.0), ("Negative", 400.0)],
            &[("Nitrite", 20.0), ("Negative", 200.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let got: Vec<(&str, &str, Option<&str>)> =
            rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.range_text.as_deref())).collect();
        // The test is there, its result not read: a row without a value, which asks for review.
        let expect =
            [("Protein", "", Some("Negative")), ("Ketones", "Absent", Some("Negative")), ("Nitrite", "Negative", None)];
        assert_eq!(got, expect);
    }

    #[test]
    fn a_dash_unit_and_a_reference_that_points_to_a_note() {
        let p = page(&[
            &[("Test Name", 20.0), ("Method", 300.0), ("Value", 500.0), ("Units", 600.0), ("Reference Range", 700.0)],
            &[
                ("MENTZER INDEX", 20.0),
                ("Calculated", 300.0),
                ("20.6", 500.0),
                ("-", 600.0),
                ("*Refer Note below", 700.0),
            ],
            &[("RDW - CV", 20.0), ("Calculated", 300.0), ("12.8", 500.0), ("%", 600.0), ("11.6-14", 700.0)],
            &[("Haemoglobin", 20.0), ("13.5", 500.0), ("-", 560.0), ("12.0-16.0", 620.0), ("g/dL", 700.0)],
            &[("Adult Males:", 40.0), ("0.54", 500.0), ("-", 560.0), ("2.58", 620.0)],
        ]);
        let rows = rows_from_page(&p, None);
        assert_eq!(rows.len(), 3);
        // Before a range the dash is only a separator.
        assert_eq!(rows[2].unit.as_deref(), Some("g/dL"));
        assert_eq!(rows[2].range.as_ref().map(|r| (r.low, r.high)), Some((Some(12.0), Some(16.0))));
        assert_eq!(rows[0].name, "MENTZER INDEX");
        assert_eq!(rows[0].unit.as_deref(), Some("-"));
        assert_eq!(rows[0].range, None);
        assert_eq!(rows[0].range_text.as_deref(), Some("*Refer Note below"));
        assert_eq!(rows[1].unit.as_deref(), Some("%"));
    }

    #[test]
    fn flags_in_their_own_column_and_previous_results_are_skipped() {
        let p = page(&[&[
            ("LDL-C (NIH Calc)", 20.0),
            ("113", 200.0),
            ("High", 240.0),
            ("111", 300.0),
            ("02/27/2025", 340.0),
            ("mg/dL", 420.0),
            ("0-99", 500.0),
        ]]);
        let rows = rows_from_page(&p, None);
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].value.number, Some(113.0));
        assert_eq!(rows[0].flag, Some(Flag::High));
        assert_eq!(rows[0].unit.as_deref(), Some("mg/dL"));
        assert_eq!(rows[0].range.as_ref().map(|r| r.high), Some(Some(99.0)));
        // A flag column before the value, in words.
        let p = page(&[&[("MCHC", 20.0), ("Low", 150.0), ("30.5", 200.0), ("g/dL", 260.0), ("31.5-34.5", 320.0)]]);
        let rows = rows_from_page(&p, None);
        assert_eq!((rows[0].name.as_str(), rows[0].flag), ("MCHC", Some(Flag::Low)));
    }

    #[test]
    fn a_previous_results_header_run_into_the_references_leaves_the_reference_its_own() {
        let p = page(&[
            &[("TEST", 20.0), ("Result", 200.0), ("Units", 260.0), ("Biological Ref. Interval Previous Result", 320.0)],
            &[("MCHC", 20.0), ("32.4", 200.0), ("g/dL", 260.0), ("(31.5 - 34.5)", 320.0), ("32.8", 450.0)],
        ]);
        let rows = rows_from_page(&p, None);
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].value.number, Some(32.4));
        assert_eq!(rows[0].range.as_ref().map(|r| (r.low, r.high)), Some((Some(31.5), Some(34.5))));
    }

    #[test]
    fn a_unit_of_two_words_is_a_unit_and_a_range_holding_it_no_sentence() {
        let p = page(&[
            &[("ESR", 20.0), ("7", 200.0), ("mm/1st hr", 260.0), ("0 to 15 mm/1st hr", 340.0)],
            // Printed after the range, such a unit is still the unit.
            &[("ESR", 20.0), ("9", 200.0), ("(0 - 15)", 260.0), ("mm/1st hr", 340.0)],
        ]);
        let rows = rows_from_page(&p, None);
        assert_eq!(rows.len(), 2);
        for row in &rows {
            assert_eq!(row.range.as_ref().map(|r| (r.low, r.high)), Some((Some(0.0), Some(15.0))));
            assert_eq!(row.unit.as_deref(), Some("mm/1st hr"));
        }
    }

    #[test]
    fn a_reference_printed_before_the_result_is_the_reference_and_no_part_of_the_name() {
        let p = page(&[
            &[("Test", 20.0), ("Ref. Range", 160.0), ("Value", 260.0), ("Unit", 320.0)],
            &[("Alkaline Phosphatase", 20.0), ("40 - 129 U/L", 160.0), ("112", 260.0), ("U/L", 320.0)],
            // Shaped like results: a count and a word.
            &[("Basophils", 20.0), ("0-2", 160.0), ("1", 260.0), ("%", 320.0)],
            &[("Urine Protein", 20.0), ("Negative", 160.0), ("Trace", 260.0)],
            &[("Colour", 20.0), ("Pale Yellow", 160.0), ("Yellow", 260.0)],
            &[("SGOT (AST)", 20.0), ("< 40", 160.0), ("19", 260.0), ("IU/L", 320.0)],
            &[("SGPT (ALT)", 20.0), ("<= 41", 160.0), ("<2.1", 260.0), ("U/L", 320.0)],
        ]);
        let rows = rows_from_page(&p, None);
        // The same under a header whose reference and result headers run together.
        let mut run_together = p.clone();
        run_together.words.retain(|w| w.bbox.y0 > 100.0);
        run_together.words.extend(page(&[&[("Test", 20.0), ("Reference Range Value", 160.0), ("Unit", 320.0)]]).words);
        let together = rows_from_page(&run_together, None);
        let texts = |rows: &[LabRow]| rows.iter().map(|r| (r.name.clone(), r.value.text.clone())).collect::<Vec<_>>();
        assert_eq!(texts(&together), texts(&rows));
        let got = names_values_ranges(&rows);
        assert_eq!(
            got,
            [
                ("Alkaline Phosphatase", "112", Some(40.0), Some(129.0)),
                ("Basophils", "1", Some(0.0), Some(2.0)),
                ("Urine Protein", "Trace", None, None),
                ("Colour", "Yellow", None, None),
                ("SGOT (AST)", "19", None, Some(40.0)),
                ("SGPT (ALT)", "<2.1", None, Some(41.0)),
            ]
        );
        assert_eq!(rows[3].range_text.as_deref(), Some("Pale Yellow"));
        assert_eq!(rows[2].range_text.as_deref(), Some("Negative"));
        assert_eq!(rows[0].unit.as_deref(), Some("U/L"));
    }

    #[test]
    fn a_reference_run_into_the_result_column_leaves_the_result_its_own() {
        // The tiers end two points short of the result: one cell with the result, as the PDF's
        // words come.
        let p = page(&[
            &[("Test", 20.0), ("Reference", 160.0), ("Result", 400.0), ("Unit", 450.0)],
            &[
                ("Triglycerides", 20.0),
                ("Desirable: < 150; Borderline: 150-180; High: >= 180", 160.0),
                ("29", 400.0),
                ("mg/dL", 450.0),
            ],
            &[("Glucose", 20.0), ("70 - 110", 160.0), ("95", 400.0), ("mg/dL", 450.0)],
            // A reference ending in a number short of the result column stays whole.
            &[("Urea", 20.0), ("Adult: 15 - 40 see note 2", 160.0), ("31", 400.0), ("mg/dL", 450.0)],
        ]);
        let rows = rows_from_page(&p, None);
        assert_eq!(
            names_values_ranges(&rows),
            [
                ("Triglycerides", "29", None, Some(150.0)),
                ("Glucose", "95", Some(70.0), Some(110.0)),
                ("Urea", "31", Some(15.0), Some(40.0)),
            ]
        );
        assert_eq!(rows[0].range_text.as_deref(), Some("Desirable: < 150; Borderline: 150-180; High: >= 180"));
        assert_eq!(rows[0].unit.as_deref(), Some("mg/dL"));
    }

    #[test]
    fn a_unit_column_run_into_a_reference_in_tiers_is_the_results_unit() {
        // The unit's column a few spaces after the last tier: one cell, as the PDF's words come.
        let p = page(&[
            &[("Test", 20.0), ("Result", 160.0), ("Reference", 220.0), ("Unit", 480.0)],
            &[
                ("CHOLESTEROL", 20.0),
                ("<10.0", 160.0),
                ("Desirable: < 200; Borderline: 200-240; High: >= 240 mg/dL", 220.0),
            ],
            &[
                ("TRIGLYCERIDES", 20.0),
                ("99", 160.0),
                ("Desirable: < 150; Borderline: 150-180; High: >= 180 mg/dL", 220.0),
            ],
            // Words after the tiers that are no unit are left out of it.
            &[("HDL", 20.0), ("45", 160.0), ("Low: < 40; Desirable: 40-60; High: > 60 see note", 220.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let units: Vec<(&str, Option<&str>, Option<f64>)> =
            rows.iter().map(|r| (r.name.as_str(), r.unit.as_deref(), r.range.as_ref().and_then(|r| r.high))).collect();
        assert_eq!(
            units,
            [
                ("CHOLESTEROL", Some("mg/dL"), Some(200.0)),
                ("TRIGLYCERIDES", Some("mg/dL"), Some(150.0)),
                ("HDL", None, Some(60.0))
            ]
        );
    }

    #[test]
    fn a_marked_flag_a_photo_read_as_a_degree_sign_leaves_the_result() {
        let p = page(&[
            &[("Test Name", 20.0), ("Result", 200.0), ("UNITS", 320.0), ("Reference Range", 380.0)],
            &[("Calcium, Total", 20.0), ("8.2\u{b0}", 200.0), ("mg/dl", 320.0), ("8.6-10.3", 380.0)],
            &[("Magnesium", 20.0), ("2.8\u{ba}", 200.0), ("mg/dl", 320.0), ("1.6-2.6", 380.0)],
        ]);
        let rows = rows_from_page(&p, None);
        assert_eq!(
            names_values_ranges(&rows),
            [("Calcium, Total", "8.2", Some(8.6), Some(10.3)), ("Magnesium", "2.8", Some(1.6), Some(2.6))]
        );
        assert_eq!(rows[0].value.flag, Some(Flag::Abnormal));
    }

    #[test]
    fn a_reference_by_sex_set_apart_in_cells_after_the_result_is_read_whole() {
        let p = page(&[
            &[("Test Name", 20.0), ("Result", 200.0), ("Unit", 260.0), ("Reference Range", 320.0)],
            &[
                ("Free Thyroxine (FT4)", 20.0),
                ("1.92", 200.0),
                ("ng/dL", 260.0),
                ("Male:", 320.0),
                ("0.93-1.70 ng/dL; Female:", 355.0),
                ("0.84-1.53", 490.0),
            ],
            &[("FT3", 20.0), ("5.23", 200.0), ("pg/mL", 260.0), ("M: 2.00-4.40 pg/mL F:", 320.0), ("1.80-3.96", 440.0)],
            // A sex's label alone with no range for the other: as before, the range read.
            &[("Urea", 20.0), ("31", 200.0), ("mg/dL", 260.0), ("Adults:", 320.0), ("15-40", 360.0)],
        ]);
        let rows = rows_from_page(&p, Some(Sex::Female));
        assert_eq!(
            names_values_ranges(&rows),
            [
                ("Free Thyroxine (FT4)", "1.92", Some(0.84), Some(1.53)),
                ("FT3", "5.23", Some(1.8), Some(3.96)),
                ("Urea", "31", Some(15.0), Some(40.0)),
            ]
        );
        assert_eq!(rows[0].range_text.as_deref(), Some("Male: 0.93-1.70 ng/dL; Female: 0.84-1.53"));
        assert_eq!(rows[1].unit.as_deref(), Some("pg/mL"));
        // Without the report's sex, the reference is kept as printed and gives no range.
        let unknown = rows_from_page(&p, None);
        assert_eq!(unknown[1].range_text.as_deref(), Some("M: 2.00-4.40 pg/mL F: 1.80-3.96"));
        assert!(unknown[1].range.is_none());
    }

    #[test]
    fn the_i_of_international_units_set_apart_as_a_stroke_is_put_back() {
        let p = page(&[
            &[("Test Name", 20.0), ("Result", 200.0), ("Unit", 260.0), ("Reference Range", 320.0)],
            &[("SGPT (ALT)", 20.0), ("39", 200.0), ("1 U/L", 260.0), ("<41", 320.0)],
            &[("AST", 20.0), ("22", 200.0), ("l", 235.0), ("U/L", 260.0), ("< 40", 320.0)],
            // A count with a previous result, and a unit no lab prints as international.
            &[("Haemoglobin", 20.0), ("13.5", 200.0), ("1", 240.0), ("g/dL", 260.0), ("13-17", 320.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let units: Vec<Option<&str>> = rows.iter().map(|r| r.unit.as_deref()).collect();
        assert_eq!(units, [Some("IU/L"), Some("IU/L"), Some("g/dL")]);
        assert_eq!(rows[1].range.as_ref().and_then(|r| r.high), Some(40.0));
    }

    #[test]
    fn a_reference_by_sex_set_apart_in_cells_before_the_result_is_all_reference() {
        // As a photo's OCR cuts them: at a wide gap after a label, or after a lone `M`.
        let p = page(&[
            &[("Tests", 20.0), ("Normal Range", 160.0), ("Your Value", 400.0)],
            &[("Amylase", 20.0), ("Male: 25 to 90; Female:", 160.0), ("28 to 100 U/L", 290.0), ("87", 400.0)],
            &[("PT", 20.0), ("M", 160.0), ("9.9 to 12.2 F: 11.0 to 13.5 sec", 180.0), ("14.3", 400.0)],
            // A name's second cell with a number stays the name's when no sex is labelled.
            &[("Glucose", 20.0), ("PP 2", 80.0), ("70 - 140 mg/dL", 160.0), ("121", 400.0)],
        ]);
        let rows = rows_from_page(&p, Some(Sex::Female));
        let got = names_values_ranges(&rows);
        assert_eq!(
            got,
            [
                ("Amylase", "87", Some(28.0), Some(100.0)),
                ("PT", "14.3", Some(11.0), Some(13.5)),
                ("Glucose PP 2", "121", Some(70.0), Some(140.0)),
            ]
        );
        assert_eq!(rows[1].range_text.as_deref(), Some("M 9.9 to 12.2 F: 11.0 to 13.5 sec"));
    }

    #[test]
    fn a_reference_by_sex_cut_at_its_last_dash_is_no_result() {
        // A photo's OCR cuts `Male: 3600 - 9900; Female: 4000 - 11000` after its last dash,
        // and reads a stop for a label's colon.
        let p = page(&[
            &[("Test", 20.0), ("Reference Range", 200.0), ("Results", 500.0), ("Units", 570.0)],
            &[
                ("Total Leucocyte Count", 20.0),
                ("Male:", 200.0),
                ("3600 - 9900: Female: 4000 -", 240.0),
                ("11000", 400.0),
                ("12,779", 500.0),
                ("/cumm", 570.0),
            ],
            &[("GGT", 20.0), ("Male.", 200.0), ("7 - 55: Female:", 240.0), ("8 - 61", 340.0), ("70", 500.0)],
        ]);
        let rows = rows_from_page(&p, Some(Sex::Female));
        assert_eq!(
            names_values_ranges(&rows),
            [("Total Leucocyte Count", "12,779", Some(4000.0), Some(11000.0)), ("GGT", "70", Some(8.0), Some(61.0))]
        );
    }

    #[test]
    fn tiers_set_apart_in_cells_before_the_result_are_all_reference() {
        let p = page(&[
            &[("Test", 20.0), ("Reference Range", 150.0), ("Results", 500.0), ("Units", 570.0)],
            &[
                ("Triglycerides", 20.0),
                ("Desirable: < 150;", 150.0),
                ("Borderline: 150-180;", 250.0),
                ("High: >= 180", 380.0),
                ("29", 500.0),
                ("mg/dL", 570.0),
            ],
            // A name's own number stays the name's.
            &[("Glucose", 20.0), ("PP 2", 80.0), ("70 - 140", 150.0), ("121", 500.0)],
        ]);
        let rows = rows_from_page(&p, None);
        assert_eq!(
            names_values_ranges(&rows),
            [("Triglycerides", "29", None, Some(150.0)), ("Glucose PP 2", "121", Some(70.0), Some(140.0))]
        );
    }

    #[test]
    fn a_range_glued_to_its_unit_before_the_result_stays_whole() {
        let p = page(&[
            &[("Test", 20.0), ("Reference Range", 200.0), ("Results", 400.0), ("Units", 470.0)],
            &[("Lymphocytes", 20.0), ("20 - 40%", 200.0), ("16 Low", 400.0), ("%", 470.0)],
            &[("Neutrophils", 20.0), ("40 to 80%", 200.0), ("67", 400.0), ("%", 470.0)],
        ]);
        let rows = rows_from_page(&p, None);
        assert_eq!(
            names_values_ranges(&rows),
            [("Lymphocytes", "16", Some(20.0), Some(40.0)), ("Neutrophils", "67", Some(40.0), Some(80.0))]
        );
    }

    #[test]
    fn a_row_with_its_own_result_is_no_tier_of_the_reference_above() {
        let p = page(&[
            &[("Test", 20.0), ("Reference Range", 160.0), ("Value", 330.0), ("Unit", 380.0)],
            &[("Red Cell Distribution Width", 20.0), ("11.6-14.0", 160.0), ("14.6", 330.0), ("%", 380.0)],
            &[("Blood Glucose Fasting", 20.0), ("Male: 63-90; Female: 70-100", 160.0), ("90", 330.0), ("mg/dl", 380.0)],
        ]);
        let rows = rows_from_page(&p, Some(Sex::Female));
        let got: Vec<(&str, Option<Option<f64>>)> =
            rows.iter().map(|r| (r.name.as_str(), r.range.as_ref().map(|r| r.low))).collect();
        assert_eq!(
            got,
            [("Red Cell Distribution Width", Some(Some(11.6))), ("Blood Glucose Fasting", Some(Some(70.0)))]
        );
    }

    #[test]
    fn a_reference_below_ends_at_a_heading_and_a_row_takes_one() {
        // A photo lost the next row's name, so no row stands between this row's reference and
        // the next one's: the heading ends the first, and the second is not this row's.
        let lines = |first: &'static str| -> Vec<Vec<(&'static str, f32)>> {
            vec![
                vec![("Test", 20.0), ("Method", 200.0), ("Value", 300.0), ("Unit", 380.0)],
                vec![("LDL Cholesterol", 20.0), ("Calculated", 200.0), ("15", 300.0), ("mg/dL", 380.0)],
                vec![("Bio. Ref. Interval :", 20.0), (first, 130.0)],
                vec![("BIOCHEMISTRY", 20.0)],
                // (The TSH this value is of read on no line.)
                vec![("Impedance", 200.0), ("0.00", 300.0), ("uIU/mL", 380.0)],
                vec![("Reference Range :", 20.0), ("M: (0.27 - 4.20) F: (0.24 - 3.78)", 130.0)],
            ]
        };
        let ldl_range = |first: &'static str| {
            let lines = lines(first);
            let lines: Vec<&[(&str, f32)]> = lines.iter().map(Vec::as_slice).collect();
            let rows = rows_from_page(&page(&lines), Some(Sex::Male));
            let ldl = rows.iter().find(|r| r.name == "LDL Cholesterol").expect("the LDL row");
            (ldl.range.as_ref().map(|r| (r.low, r.high)), ldl.range_text.clone())
        };
        assert_eq!(ldl_range("<100 mg/dL"), (Some((None, Some(100.0))), Some("<100 mg/dL".to_string())));
        // Its own reference not a range: none, rather than the next row's.
        assert_eq!(ldl_range("as per age").0, None);
    }

    #[test]
    fn a_word_result_after_a_reference_below_is_a_row_not_more_of_that_reference() {
        let p = page(&[
            &[("Test", 20.0), ("Method", 200.0), ("Value", 300.0), ("Unit", 380.0)],
            &[("INR", 20.0), ("Enzymatic", 200.0), ("0.98", 300.0)],
            &[("Bio. Ref. Interval :", 20.0), ("(0.80 - 1.20)", 130.0)],
            &[("HIV 1/2 Antibodies", 20.0), ("ECLIA", 200.0), ("Non Reactive", 300.0)],
            &[("Reference Range :", 20.0), ("Non Reactive", 130.0)],
            &[("Sodium", 20.0), ("ISE", 200.0), ("138", 300.0)],
            &[("Reference Range :", 20.0), ("136 - 145 mEq/L", 130.0)],
            // A number alone beside a method named in the header.
            &[("Hemoglobin", 20.0), ("Impedance", 200.0), ("13.1", 300.0)],
            &[("Bio. Ref. Interval :", 20.0), ("13.0 - 17.0 g/dL", 130.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let got: Vec<(&str, &str, Option<&str>)> =
            rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.range_text.as_deref())).collect();
        assert_eq!(
            got,
            [
                ("INR", "0.98", Some("(0.80 - 1.20)")),
                ("HIV 1/2 Antibodies", "Non Reactive", Some("Non Reactive")),
                ("Sodium", "138", Some("136 - 145 mEq/L")),
                ("Hemoglobin", "13.1", Some("13.0 - 17.0 g/dL")),
            ]
        );
        // The unit printed only in the reference below is the result's.
        assert_eq!(rows[2].unit.as_deref(), Some("mEq/L"));
        assert_eq!(rows[0].unit, None);
    }

    #[test]
    fn a_flag_past_a_reference_too_damaged_to_read_is_not_the_rows() {
        // On a scan: the reference lost its last digit and a histogram's `L` sits past it.
        let p =
            page(&[&[("MCHC", 20.0), ("35.8", 200.0), ("g/dL", 280.0), ("31-3", 400.0), ("|", 460.0), ("L", 600.0)]]);
        let rows = rows_from_page(&p, None);
        assert_eq!((rows.len(), rows[0].flag), (1, None));
        // Beside the value, or after the unit before any reference, a flag is the row's.
        let p = page(&[
            &[("Haemoglobin", 20.0), ("10.2", 200.0), ("g/dL", 280.0), ("L", 340.0), ("13-17", 400.0)],
            &[("Haemoglobin", 20.0), ("10.2", 200.0), ("g/dL", 280.0), ("L", 340.0), ("13-", 400.0)],
        ]);
        let rows = rows_from_page(&p, None);
        assert_eq!(rows.iter().map(|r| r.flag).collect::<Vec<_>>(), [Some(Flag::Low), Some(Flag::Low)]);
    }

    #[test]
    fn qualitative_results_with_qualitative_references() {
        let p = page(&[&[("Urine Glucose.", 20.0), ("NEGATIVE", 200.0), ("NEGATIVE", 400.0)]]);
        let rows = rows_from_page(&p, None);
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].name, "Urine Glucose");
        assert_eq!(rows[0].value.qualitative, Some("Negative"));
        assert_eq!(rows[0].range.as_ref().and_then(|r| r.qualitative), Some("Negative"));
    }

    #[test]
    fn footnote_codes_and_note_sentences() {
        assert_eq!(strip_footnotes("LDL-P A, 01"), "LDL-P");
        assert_eq!(strip_footnotes("Cholesterol, Total A, 01"), "Cholesterol, Total");
        assert_eq!(strip_footnotes("Glucose 02"), "Glucose");
        assert_eq!(strip_footnotes("HDL-C A,01"), "HDL-C");
        assert_eq!(strip_footnotes("Hemoglobin A1c"), "Hemoglobin A1c");
        assert_eq!(strip_footnotes("Vitamin B12"), "Vitamin B12");
        // Raised marks (Boston Heart), not a unit's power.
        assert_eq!(strip_footnotes("Glucose\u{b2}"), "Glucose");
        assert_eq!(strip_footnotes("CoQ10\u{b9}"), "CoQ10");
        assert_eq!(strip_footnotes("eGFR (mL/min/1.73 m\u{b2})"), "eGFR (mL/min/1.73 m\u{b2})");
        assert_eq!(strip_footnotes("Body Surface Area m\u{b2}"), "Body Surface Area m\u{b2}");
        assert!(!name_ok("A serum folate concentration of less than"));
        assert!(!name_ok("24 B 27 N 10"));
        assert!(name_ok("Folate (Folic Acid), Serum"));
        assert!(name_ok("R.B.C."));
        assert!(name_ok("Fasting Glucose"), "a test, though Fasting: Yes is a detail");
        // A decimal before the words is a chart's axis; a whole number may start a name.
        assert!(!name_ok("5.6 eae"));
        assert!(!name_ok("1st TRIMESTER"), "a tier of the ranges in pregnancy");
        assert!(!name_ok("2 nd TRIMESTER"));
        assert!(name_ok("25-OH Vitamin D"));
        assert!(name_ok("1,25 Dihydroxy Vitamin D"));
        assert!(name_ok("24 Hr Urine Protein"));
    }

    #[test]
    fn a_name_wrapped_above_its_values_is_joined() {
        let p = page(&[
            &[("Triglycerides A, 01", 20.0)],
            &[("40", 200.0), ("69", 300.0), ("mg/dL", 420.0), ("0-149", 500.0)],
        ]);
        let rows = rows_from_page(&p, None);
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].name, "Triglycerides");
        assert_eq!(rows[0].value.number, Some(40.0));
    }

    #[test]
    fn a_tilted_row_is_read_along_the_line_the_ocr_found() {
        // A photo turned by about 2 degrees: the row falls 14 px from name to range, more than
        // half a word's height, so words at one height would split it in two.
        let word = |text: &str, x: f32, y: f32, line: u32| Word {
            text: text.into(),
            bbox: BBox { x0: x, y0: y, x1: x + 8.0 * text.chars().count() as f32, y1: y + 14.0 },
            bold: false,
            line: Some(line),
        };
        let p = Page {
            number: 1,
            width: 900.0,
            height: 1200.0,
            words: vec![
                word("Vitamin", 40.0, 300.0, 0),
                word("B12", 104.0, 300.5, 0),
                word("204.5", 300.0, 313.0, 0),
                word("pg/ml", 550.0, 321.0, 0),
                word("150-970", 650.0, 326.0, 0),
                word("CRP", 40.0, 345.0, 1),
                word("5.0", 300.0, 358.0, 1),
                word("mg/L", 550.0, 366.0, 1),
                word("0-6", 650.0, 371.0, 1),
            ],
        };
        let rows = rows_from_page(&p, None);
        let got: Vec<(&str, Option<f64>, Option<&str>)> =
            rows.iter().map(|r| (r.name.as_str(), r.value.number, r.unit.as_deref())).collect();
        assert_eq!(got, [("Vitamin B12", Some(204.5), Some("pg/ml")), ("CRP", Some(5.0), Some("mg/L"))]);
        // Without the OCR's lines, the same words are not these rows: each row's unit and
        // range fall on a level of their own.
        let level = Page { words: p.words.iter().map(|w| Word { line: None, ..w.clone() }).collect(), ..p };
        let level_rows = rows_from_page(&level, None);
        let level_got: Vec<(&str, Option<f64>, Option<&str>)> =
            level_rows.iter().map(|r| (r.name.as_str(), r.value.number, r.unit.as_deref())).collect();
        assert_ne!(level_got, got);
    }

    #[test]
    fn the_rest_of_a_name_under_its_row_on_a_page_rising_to_the_right_stays_under_it() {
        // A photo turned by about 2.5 degrees, its rows rising to the right: the row after a
        // wrapped name (`Aspartate Aminotransferase .. 4 .. Up to 40`) reaches higher at its
        // right end than the name's second line (`Protein (mg/L)`) does at the left.
        let word = |text: &str, x: f32, y: f32, line: u32| Word {
            text: text.into(),
            bbox: BBox { x0: x, y0: y, x1: x + 12.0 * text.chars().count() as f32, y1: y + 18.0 },
            bold: false,
            line: Some(line),
        };
        let row = |cells: &[(&str, f32)], y_at_left: f32, line: u32| -> Vec<Word> {
            let mut words = Vec::new();
            for (text, x) in cells {
                let mut x = *x;
                for w in text.split(' ') {
                    words.push(word(w, x, y_at_left - 0.045 * x, line));
                    x += 12.0 * w.chars().count() as f32 + 8.0;
                }
            }
            words
        };
        let mut words = Vec::new();
        words.extend(row(
            &[("PARAMETER", 175.0), ("METHOD", 705.0), ("RESULT", 900.0), ("Reference Range", 1110.0)],
            105.0,
            0,
        ));
        words.extend(row(
            &[("C-Reactive", 175.0), ("Photometry", 705.0), ("H 6.0", 900.0), ("Up to 5.0", 1110.0)],
            145.0,
            1,
        ));
        words.extend(row(
            &[("Aspartate Aminotransferase", 175.0), ("Photometry", 705.0), ("4", 900.0), ("Up to 40", 1110.0)],
            193.0,
            2,
        ));
        words.extend(row(&[("Protein (mg/L)", 175.0)], 164.0, 3));
        words.extend(row(&[("(AST/SGOT) (IU/L)", 175.0)], 212.0, 4));
        let p = Page { number: 1, width: 1600.0, height: 2200.0, words };
        let rows = rows_from_page(&p, None);
        let got: Vec<(&str, &str, Option<&str>)> =
            rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.unit.as_deref())).collect();
        assert_eq!(
            got,
            [("C-Reactive Protein", "6.0", Some("mg/L")), ("Aspartate Aminotransferase (AST/SGOT)", "4", Some("IU/L"))]
        );
    }

    #[test]
    fn a_column_drifting_down_a_tilted_scan_stays_under_its_header() {
        // A scan turned by 0.7°: rows fall 1 px every 80 px to the right, and a column moves
        // left 1 px every 80 px down. 2000 px below its header, the result column starts 25 px
        // left of it: a reference shaped like a result (`Negative`) must stay the reference.
        let slope = 1.0 / 80.0;
        let word =
            |text: &str, x: f32, y: f32, line: u32| ocr_word(text, x - slope * y, y + slope * x, (14.0, 28.0), line);
        let mut words = vec![
            word("Test", 120.0, 100.0, 0),
            word("Reference", 700.0, 100.0, 0),
            word("Your", 1450.0, 100.0, 0),
            word("Value", 1530.0, 100.0, 0),
        ];
        for (i, (name, reference, value)) in
            [("Urea", "17-43", "37"), ("Creatinine", "0.70-1.30", "0.89")].iter().enumerate()
        {
            let y = 160.0 + 50.0 * i as f32;
            words.extend([word(name, 120.0, y, 1 + i as u32), word(reference, 700.0, y, 1 + i as u32)]);
            words.push(word(value, 1450.0, y, 1 + i as u32));
        }
        words.extend([
            word("Sugar", 120.0, 2100.0, 9),
            word("Negative", 700.0, 2100.0, 9),
            word("Nil", 1450.0, 2100.0, 9),
        ]);
        let p = Page { number: 1, width: 2000.0, height: 2400.0, words };
        let rows = rows_from_page(&p, None);
        let got: Vec<(&str, &str)> = rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str())).collect();
        assert_eq!(got, [("Urea", "37"), ("Creatinine", "0.89"), ("Sugar", "Nil")]);
        assert_eq!(rows[2].range_text.as_deref(), Some("Negative"));
    }

    #[test]
    fn only_columns_starting_along_a_leaning_line_make_a_drift() {
        let word = |text: &str, x: f32, y: f32| Word {
            text: text.into(),
            bbox: BBox { x0: x, y0: y, x1: x + 40.0, y1: y + 20.0 },
            bold: false,
            line: None,
        };
        // (x of the name, x of the unit, y) for each line, a result between them.
        let drift = |lines: &[(f32, f32, f32)]| {
            let owned: Vec<Vec<Word>> = lines
                .iter()
                .map(|&(x, unit, y)| vec![word("Name", x, y), word("12", x + 200.0, y), word("mg/dL", unit, y)])
                .collect();
            let groups: Vec<Vec<&Word>> = owned.iter().map(|l| l.iter().collect()).collect();
            page_drift(&groups, 0.0)
        };
        // A scan: the patient's details (dates, numbers) start where they will, the results
        // start upright at x = 100 and their units at 600, a pixel or two either side.
        let mut scan = vec![(91.0, 300.0, 50.0), (85.0, 400.0, 80.0), (218.0, 500.0, 110.0), (623.0, 900.0, 170.0)];
        scan.extend((0..10).map(|i| (100.0 + (i % 3) as f32, 600.0 - (i % 2) as f32, 250.0 + 40.0 * i as f32)));
        let d = drift(&scan);
        assert_eq!((d.at(100.0), d.at(600.0)), (0.0, 0.0));
        // A photo narrower at its foot: the names start 1 px further left every 20 px down, the
        // units 1 px every 10 px; a column halfway between them drifts halfway between.
        let mut photo = scan[..4].to_vec();
        photo.extend((0..10).map(|i| (100.0 - 2.0 * i as f32, 600.0 - 4.0 * i as f32, 250.0 + 40.0 * i as f32)));
        let d = drift(&photo);
        for (x, want) in [(100.0, -0.05), (350.0, -0.075), (600.0, -0.1)] {
            assert!((d.at(x) - want).abs() < 0.005, "drift at {x}: {}", d.at(x));
        }
    }

    #[test]
    fn a_reference_before_the_result_whose_dash_a_photo_lost_is_not_the_result() {
        let p = page(&[
            &[("Test Name", 20.0), ("REFERENCE INTERVAL", 150.0), ("Your Value", 300.0), ("Unit(s)", 380.0)],
            &[("Monocytes", 20.0), ("28", 150.0), ("5", 300.0), ("%", 380.0)],
            &[("Eosinophils", 20.0), ("1-6", 150.0), ("3", 300.0), ("%", 380.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let got: Vec<(&str, &str)> = rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str())).collect();
        assert_eq!(got, [("Monocytes", "5"), ("Eosinophils", "3")]);
    }

    /// Ten results (name, reference, value) for pages whose columns drift.
    const TEN_RESULTS: [(&str, &str, &str); 10] = [
        ("Urea", "17-43", "37"),
        ("Creatinine", "0.70-1.30", "0.89"),
        ("Sodium", "136-145", "140"),
        ("Potassium", "3.5-5.1", "4.2"),
        ("Chloride", "98-107", "101"),
        ("Calcium", "8.6-10.3", "9.4"),
        ("Magnesium", "1.6-2.6", "2.1"),
        ("Uric Acid", "3.5-7.2", "5.0"),
        ("Albumin", "3.5-5.2", "4.4"),
        ("Eosinophils", "1-6", "3"),
    ];

    #[test]
    fn columns_drifting_down_a_photo_taken_at_a_slant_stay_under_their_headers() {
        // A photo narrower at the foot than at the head: its rows run level, but its columns
        // lean left 1 px every 25 px down. Twenty rows down, a result stands 30 px left of where
        // its header starts: it must stay the result, and the reference the reference.
        let lean = 1.0 / 25.0;
        let word = |text: &str, x: f32, y: f32, line: u32| ocr_word(text, x - lean * (y - 100.0), y, (7.0, 14.0), line);
        let mut words = vec![
            word("Test", 60.0, 100.0, 0),
            word("Reference", 300.0, 100.0, 0),
            word("Your", 600.0, 100.0, 0),
            word("Value", 640.0, 100.0, 0),
        ];
        let tests = TEN_RESULTS;
        for (i, (name, reference, value)) in tests.iter().enumerate() {
            let (y, line) = (130.0 + 70.0 * i as f32, 1 + i as u32);
            words.extend([word(name, 60.0, y, line), word(reference, 300.0, y, line), word(value, 600.0, y, line)]);
        }
        words.extend([
            word("Sugar", 60.0, 840.0, 20),
            word("Negative", 300.0, 840.0, 20),
            word("Nil", 600.0, 840.0, 20),
        ]);
        let p = Page { number: 1, width: 800.0, height: 1000.0, words };
        let rows = rows_from_page(&p, None);
        let got: Vec<(&str, &str)> = rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str())).collect();
        let mut want: Vec<(&str, &str)> = tests.iter().map(|(n, _, v)| (*n, *v)).collect();
        want.push(("Sugar", "Nil"));
        assert_eq!(got, want);
        assert_eq!(rows.last().and_then(|r| r.range_text.as_deref()), Some("Negative"));
    }

    #[test]
    fn words_of_a_cell_stay_one_cell_where_columns_drift_apart() {
        // A photo narrower at the foot than at the head: its names' edge leans left 1 px every
        // 50 px down, its references' 1 px every 25 px. Words are placed where they would stand
        // on the page set straight, which moves the second word of a result in words (`Non
        // Reactive`, 7 px apart on the image) nearly a pixel further from the first; the gap on
        // the image decides.
        let lean_at = |x: f32| 1.0 / 25.0 * (0.5 + 0.5 * (x - 60.0) / 540.0);
        let word =
            |text: &str, x: f32, y: f32, line: u32| ocr_word(text, x - lean_at(x) * (y - 100.0), y, (7.0, 14.0), line);
        let mut words =
            vec![word("Test", 60.0, 100.0, 0), word("Result", 300.0, 100.0, 0), word("Reference", 600.0, 100.0, 0)];
        for (i, (name, reference, value)) in TEN_RESULTS.iter().enumerate() {
            let (y, line) = (130.0 + 70.0 * i as f32, 1 + i as u32);
            words.extend([word(name, 60.0, y, line), word(value, 300.0, y, line), word(reference, 600.0, y, line)]);
        }
        // `Non` 21 px wide, 7 px before `Reactive` on the image (a new cell from 7.7 px).
        let (nx, rx) = (300.0, 328.79);
        let (n, r) = (word("Non", nx, 840.0, 20), word("Reactive", rx, 840.0, 20));
        assert!((r.bbox.x0 - n.bbox.x1 - 7.0).abs() < 0.5, "{:?} {:?}", n.bbox, r.bbox);
        words.extend([word("HIV", 60.0, 840.0, 20), n, r, word("Negative", 600.0, 840.0, 20)]);
        let p = Page { number: 1, width: 800.0, height: 1000.0, words };
        let rows = rows_from_page(&p, None);
        let hiv = rows.iter().find(|r| r.name.starts_with("HIV")).map(|r| (r.name.as_str(), r.value.text.as_str()));
        assert_eq!(hiv, Some(("HIV", "Non Reactive")), "{rows:#?}");
    }

    #[test]
    fn a_scanned_result_run_into_specks_or_a_sex_label_is_read_apart() {
        let lines: &[&[(&str, f32)]] = &[
            &[("Gamma GT", 60.0), ("75* \u{2014} Male: (7 - 55); Female: (8 - 61)", 600.0), ("U/L", 1300.0)],
            &[("Amylase", 60.0), ("73M: 28- 100 U/L F: 25 - 90", 600.0)],
            &[("Total Cholesterol", 60.0), ("116 = =mg/dL", 600.0), ("Upto 200", 900.0)],
            &[("Blood Urea Nitrogen", 60.0), ("26 ~~ High", 600.0), ("(6 - 24) mg/dL", 900.0)],
            // A range with a long dash stays a range.
            &[("Glucose", 60.0), ("92", 600.0), ("mg/dL", 700.0), ("70 \u{2014} 100", 900.0)],
        ];
        let p = ocr_cells_page(lines);
        let got: Vec<(String, String, Option<Flag>, Option<String>)> = rows_from_page(&p, Some(Sex::Male))
            .into_iter()
            .map(|r| (r.name, r.value.text, r.flag, r.range.and_then(|r| r.high).map(|h| h.to_string())))
            .collect();
        let want = [
            // (The asterisk marks the result abnormal.)
            ("Gamma GT", "75", Some(Flag::Abnormal), Some("55")),
            ("Amylase", "73", None, Some("100")),
            ("Total Cholesterol", "116", None, Some("200")),
            ("Blood Urea Nitrogen", "26", Some(Flag::High), Some("24")),
            ("Glucose", "92", None, Some("100")),
        ];
        let want: Vec<(String, String, Option<Flag>, Option<String>)> =
            want.iter().map(|(n, v, f, h)| (n.to_string(), v.to_string(), *f, h.map(str::to_string))).collect();
        assert_eq!(got, want);
    }

    #[test]
    fn a_name_the_ocr_set_apart_from_its_values_is_joined_to_them_across_the_tilt() {
        // A scan turned so rows rise 1 px every 40 px to the right. OCR found `p-tau217` as a
        // line of its own a little below its values (line 2), which sort first; on a level page
        // the name's 13 px below the values' top would be a different row.
        let word = |text: &str, x: f32, y: f32, line: u32| Word {
            text: text.into(),
            bbox: BBox { x0: x, y0: y, x1: x + 9.0 * text.chars().count() as f32, y1: y + 18.0 },
            bold: false,
            line: Some(line),
        };
        let rise = |x: f32| -x / 40.0;
        let row = |name: &str, value: &str, y: f32, line: u32| {
            vec![
                word(name, 60.0, y + rise(60.0), line),
                word(value, 550.0, y + rise(550.0), line),
                word("pg/mL", 1290.0, y + rise(1290.0), line),
                word("0.00-0.18", 1500.0, y + rise(1500.0), line),
            ]
        };
        let mut words = row("Cortisol", "8.4", 600.0, 0);
        words.push(word("Test", 60.0, 640.0 + rise(60.0), 1));
        words.extend([
            word("0.12", 550.0, 680.0 + rise(550.0), 2),
            word("pg/mL", 1290.0, 680.0 + rise(1290.0), 2),
            word("0.00-0.18", 1500.0, 680.0 + rise(1500.0), 2),
            // Set 3 px below its values' baseline.
            word("p-tau217", 60.0, 683.0 + rise(60.0), 3),
        ]);
        words.extend(row("Insulin", "10.1", 720.0, 4));
        let p = Page { number: 1, width: 1700.0, height: 2200.0, words };
        let got: Vec<(String, Option<f64>)> =
            rows_from_page(&p, None).into_iter().map(|r| (r.name, r.value.number)).collect();
        let want = [("Cortisol", 8.4), ("p-tau217", 0.12), ("Insulin", 10.1)];
        assert_eq!(got, want.map(|(n, v)| (n.to_string(), Some(v))));
    }

    #[test]
    fn a_bar_stuck_to_a_negative_result_leaves_its_minus() {
        // A rule read as a bar is a border; the minus after it is the result's own.
        let p = ocr_cells_page(&[&[("Base Excess", 60.0), ("|-2.1", 600.0), ("mmol/L", 760.0), ("-2 to 2", 900.0)]]);
        let rows = rows_from_page(&p, None);
        assert_eq!(rows.first().and_then(|r| r.value.number), Some(-2.1), "{rows:#?}");
    }

    #[test]
    fn a_shadow_read_as_a_dash_before_a_reference_is_no_minus_and_no_unit() {
        // A photo's shadow falls down the page beside the reference column, and OCR reads its
        // edge as an em dash: alone after a flag, or stuck to the range.
        let lines: &[&[(&str, f32)]] = &[
            &[("Total T3", 60.0), ("242 High", 600.0), ("\u{2014} 80-200 ng/mL", 760.0)],
            &[("TSH", 60.0), ("3.97", 600.0), ("\u{2014}0.27-4.20 uIU/mL", 760.0)],
            &[("Ferritin", 60.0), ("56.4", 600.0), ("\u{2014} 30.0-400.0 ng/mL", 760.0)],
            // (A scan's reading of a speck in the gap.)
            &[("Total T4", 60.0), ("12.9 High", 600.0), ("\u{2014}- 5.1-14.1 ug/dL", 760.0)],
            &[("RBC Count", 60.0), ("5.11", 600.0), ("\u{2014}_4.50-5.50 million/cumm", 760.0)],
            // Between two numbers the dash is the range's own.
            &[("Glucose", 60.0), ("92", 600.0), ("70 \u{2014} 100 mg/dL", 760.0)],
        ];
        let p = ocr_cells_page(lines);
        let rows = rows_from_page(&p, None);
        let range = |r: &LabRow| r.range.as_ref().map(|g| (g.low, g.high));
        let got: Vec<_> = rows.iter().map(|r| (r.name.as_str(), range(r), r.unit.as_deref())).collect();
        assert_eq!(
            got,
            [
                ("Total T3", Some((Some(80.0), Some(200.0))), Some("ng/mL")),
                ("TSH", Some((Some(0.27), Some(4.2))), Some("uIU/mL")),
                ("Ferritin", Some((Some(30.0), Some(400.0))), Some("ng/mL")),
                ("Total T4", Some((Some(5.1), Some(14.1))), Some("ug/dL")),
                ("RBC Count", Some((Some(4.5), Some(5.5))), Some("million/cumm")),
                ("Glucose", Some((Some(70.0), Some(100.0))), Some("mg/dL")),
            ]
        );
    }

    #[test]
    fn a_photographed_header_split_in_two_lines_still_names_the_method_column() {
        // As Tesseract read a slanted photo of Thyrocare's header: the `M` of METHODOLOGY split
        // in two, `mI` ending the line of TEST NAME and `|ETHODOLOGY` starting another, their
        // boxes overlapping by 3 px.
        let word = |text: &str, x0: f32, y0: f32, line: u32| Word {
            text: text.into(),
            bbox: BBox { x0, y0, x1: x0 + 9.0 * text.chars().count() as f32, y1: y0 + 14.0 },
            bold: false,
            line: Some(line),
        };
        let words = vec![
            word("TEST", 77.0, 302.0, 0),
            word("NAME", 120.0, 303.0, 0),
            word("mI", 359.0, 308.0, 0),
            word("|ETHODOLOGY", 374.0, 309.0, 1),
            word("VALUE", 540.0, 312.0, 1),
            word("UNITS", 628.0, 313.0, 1),
            word("PLATELETCRIT", 100.0, 340.0, 2),
            word("(PCT)", 220.0, 340.0, 2),
            word("Calculated", 367.0, 343.0, 2),
            word("0.25", 541.0, 345.0, 2),
            word("%", 628.0, 346.0, 2),
            word("0.19-0.39", 700.0, 347.0, 2),
            word("PLATELET", 100.0, 370.0, 3),
            word("COUNT", 180.0, 370.0, 3),
            word("Hr", 370.0, 373.0, 3),
            word("et", 392.0, 373.0, 3),
            word("204", 541.0, 375.0, 3),
            word("X10^3/uL", 628.0, 376.0, 3),
        ];
        let p = Page { number: 1, width: 900.0, height: 1200.0, words };
        let names: Vec<String> = rows_from_page(&p, None).into_iter().map(|r| r.name).collect();
        assert_eq!(names, ["PLATELETCRIT (PCT)", "PLATELET COUNT"]);
    }

    #[test]
    fn a_method_header_run_into_the_value_header_still_names_the_method_column() {
        let p = page(&[
            &[("TEST NAME", 20.0), ("TECHNOLOGY VALUE UNITS", 250.0)],
            &[("BUN / SR.CREATININE RATIO", 20.0), ("CALCULATED", 248.0), ("15.2", 380.0), ("Ratio", 450.0)],
        ]);
        let names: Vec<String> = rows_from_page(&p, None).into_iter().map(|r| r.name).collect();
        assert_eq!(names, ["BUN / SR.CREATININE RATIO"]);
    }

    #[test]
    fn a_header_on_two_lines_still_names_the_method_column() {
        // A photo's header read as two lines, the name's a little higher and run together.
        let p = page(&[
            &[("___TESTNAME", 20.0)],
            &[("_TECHNOLOGY", 250.0), ("VALUE", 380.0), ("UNITS", 450.0)],
            &[("BUN / SR.CREATININE RATIO", 20.0), ("CALCULATED", 248.0), ("15.2", 380.0), ("Ratio", 450.0)],
            &[("SODIUM", 20.0), ("I.S.E - INDIRECT", 250.0), ("139.9", 380.0), ("mmol/L", 450.0)],
        ]);
        let names: Vec<String> = rows_from_page(&p, None).into_iter().map(|r| r.name).collect();
        assert_eq!(names, ["BUN / SR.CREATININE RATIO", "SODIUM"]);
    }

    #[test]
    fn a_scanned_value_split_where_its_point_was_lost_is_one_value() {
        // Digits 20 px high, 14 px wide: `45 1` with the point's 14 px gap, and `44 9` with a
        // gap of a digit's height (a dash lost from a range leaves one as wide).
        let word = |text: &str, x0: f32, x1: f32, line: u32| Word {
            text: text.into(),
            bbox: BBox { x0, y0: 100.0 + 40.0 * line as f32, x1, y1: 120.0 + 40.0 * line as f32 },
            bold: false,
            line: Some(line),
        };
        let words = vec![
            word("Lymphocytes", 40.0, 200.0, 0),
            word("45", 400.0, 428.0, 0),
            word("1", 442.0, 456.0, 0),
            word("25-48", 700.0, 770.0, 0),
            word("%", 600.0, 614.0, 0),
            word("Neutrophils", 40.0, 200.0, 1),
            word("44", 400.0, 428.0, 1),
            word("9", 448.0, 462.0, 1),
            word("%", 600.0, 614.0, 1),
            word("40-75", 700.0, 770.0, 1),
        ];
        let scanned = Page { number: 1, width: 900.0, height: 1200.0, words };
        let got: Vec<(String, String, Option<f64>)> =
            rows_from_page(&scanned, None).into_iter().map(|r| (r.name, r.value.text, r.value.number)).collect();
        assert_eq!(got[0], ("Lymphocytes".to_string(), "45 1".to_string(), Some(45.1)));
        // A gap of a digit's height or more is two cells.
        assert_eq!(got[1].1, "44");
        // A text layer's words are as printed.
        let text = Page { words: scanned.words.iter().map(|w| Word { line: None, ..w.clone() }).collect(), ..scanned };
        assert_eq!(rows_from_page(&text, None)[0].value.text, "45");
    }

    #[test]
    fn a_margin_mark_or_serial_number_standing_apart_is_not_part_of_the_name() {
        // LabCorp's ▲ and ▼ beside abnormal results, read by OCR as `4` and `vw`, and a serial
        // number column; a capital letter standing apart is kept (`T3  Total`).
        let p = page(&[
            &[("4", 20.0), ("Hematocrit", 50.0), ("47.9", 250.0), ("%", 350.0), ("34.0-46.6", 450.0)],
            &[("vw", 20.0), ("MCHC", 50.0), ("30.1", 250.0), ("g/dL", 350.0), ("31.5-35.7", 450.0)],
            &[("12", 20.0), ("Platelets", 50.0), ("301", 250.0), ("x10E3/uL", 350.0), ("150-450", 450.0)],
            &[("T3", 20.0), ("Total", 50.0), ("1.2", 250.0), ("ng/mL", 350.0), ("0.8-2.0", 450.0)],
        ]);
        let names: Vec<String> = rows_from_page(&p, None).into_iter().map(|r| r.name).collect();
        assert_eq!(names, ["Hematocrit", "MCHC", "Platelets", "T3 Total"]);
        // Within the name's cell, with a quote read from a speck after it.
        let p = page(&[&[("7 \"Immature Grans (Abs)", 20.0), ("0.0", 250.0), ("x10E3/uL", 350.0), ("0.0-0.1", 450.0)]]);
        let names: Vec<String> = rows_from_page(&p, None).into_iter().map(|r| r.name).collect();
        assert_eq!(names, ["Immature Grans (Abs)"]);
        // A photo's speck in the margin before a serial number.
        let p = page(&[
            &[("&", 4.0), ("9. HCT :", 40.0), ("Ref. Range: 40.0-50.0", 250.0), ("42.3", 450.0), ("%", 520.0)],
            &[("10. Serum Calcium :", 40.0), ("Ref. Range: 8.6-10.3", 250.0), ("9.1", 450.0), ("mg/dL", 520.0)],
        ]);
        let names: Vec<String> = rows_from_page(&p, None).into_iter().map(|r| r.name).collect();
        assert_eq!(names, ["HCT", "Serum Calcium"]);
    }

    #[test]
    fn on_a_scan_a_rule_read_as_a_bar_or_bracket_parts_the_cells_it_stands_between() {
        // Words 9 px a letter with single spaces (4 px) between them, as Tesseract gives them.
        let mut words = Vec::new();
        let mut x = 20.0;
        for text in ["Urine", "Protein", "[NEGATIVE", "|", "|", "NEGATIVE", "[Protein", "Error", "of", "indicator"] {
            let width = 9.0 * text.chars().count() as f32;
            words.push(Word {
                text: text.into(),
                bbox: BBox { x0: x, y0: 100.0, x1: x + width, y1: 114.0 },
                bold: false,
                line: Some(0),
            });
            x += width + 4.0;
        }
        let p = Page { number: 1, width: 900.0, height: 1200.0, words };
        let rows: Vec<(String, String)> =
            rows_from_page(&p, None).into_iter().map(|r| (r.name, r.value.text)).collect();
        assert_eq!(rows, [("Urine Protein".to_string(), "NEGATIVE".to_string())]);
    }

    #[test]
    fn a_ranges_to_under_a_column_of_colons_is_no_colon() {
        // The colons of the patient's details (`Age/Sex :`, `Collected :`) stand where the
        // `to` of the ranges below falls.
        let w = |text: &str, x: f32, line: u32| ocr_word(text, x, 100.0 + 40.0 * line as f32, (9.0, 18.0), line);
        let mut words = vec![w("Age/Sex", 500.0, 0), w(":", 640.0, 0), w("41", 670.0, 0)];
        words.extend([w("Collected", 500.0, 1), w(":", 640.0, 1), w("02/11/2026", 670.0, 1)]);
        for (line, (name, value, low, high)) in
            [("Glucose", "72", "70", "100"), ("ESR", "1", "0", "15")].into_iter().enumerate()
        {
            let line = line as u32 + 2;
            words.extend([w(name, 20.0, line), w(value, 400.0, line)]);
            words.extend([
                w(low, 640.0 - 9.0 * low.len() as f32 - 6.0, line),
                w("to", 636.0, line),
                w(high, 664.0, line),
            ]);
        }
        let p = Page { number: 1, width: 900.0, height: 600.0, words };
        let rows = rows_from_page(&p, None);
        let read: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.value.number, r.range_text.as_deref())).collect();
        assert_eq!(read, [("Glucose", Some(72.0), Some("70 to 100")), ("ESR", Some(1.0), Some("0 to 15"))]);
    }

    #[test]
    fn a_photos_ref_read_with_a_comma_and_a_unit_that_lost_a_letter_leave_the_row_whole() {
        let p = ocr_cells_page(&[
            &[
                ("Magnesium", 234.0),
                ("1.7", 401.0),
                ("mg/dl", 455.0),
                ("Adults 1.6 to 2.6 ; Children 1.1 to 2.1", 541.0),
            ],
            &[
                ("Bilirubin, Total:", 238.0),
                ("1.19 mg/d", 437.0),
                ("Ret,", 594.0),
                ("range M:", 654.0),
                ("0.30", 774.0),
                ("to 1.20 F:", 837.0),
                ("0.27 to 1.08", 967.0),
            ],
            &[
                ("UREA:", 239.0),
                ("20", 334.0),
                ("mg/di.", 373.0),
                ("Ref,", 469.0),
                ("range M:", 529.0),
                ("17 to 43 F:", 652.0),
                ("15 to 39", 797.0),
            ],
            &[("Nitrite:", 242.0), ("Negative", 332.0), ("Ret,", 461.0), ("range Negative", 521.0)],
        ]);
        let rows = rows_from_page(&p, Some(Sex::Male));
        let read: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.unit.as_deref())).collect();
        assert_eq!(
            read,
            [
                ("Magnesium", "1.7", Some("mg/dl")),
                ("Bilirubin, Total", "1.19", Some("mg/d")),
                ("UREA", "20", Some("mg/di.")),
                ("Nitrite", "Negative", None),
            ]
        );
        let ranges: Vec<_> = rows.iter().map(|r| r.range.as_ref().map(|g| (g.low, g.high, g.qualitative))).collect();
        assert_eq!(ranges[1..3], [Some((Some(0.3), Some(1.2), None)), Some((Some(17.0), Some(43.0), None))]);
        assert_eq!(rows[3].range_text.as_deref(), Some("Negative"));
    }

    #[test]
    fn a_first_tier_with_a_speck_before_its_label_is_the_reference_not_the_unit() {
        let p = ocr_cells_page(&[
            &[("Test", 40.0), ("Result", 300.0), ("Reference", 400.0), ("Unit", 700.0)],
            &[("Chloride", 40.0), ("97", 300.0), ("= Children 69-86", 400.0), ("mmol/L", 700.0)],
            &[("Adult 98-107", 410.0)],
            &[("Gamma GT", 40.0), ("51", 300.0), ("Adults 8-61", 400.0), ("U/L", 700.0)],
        ]);
        let rows = rows_from_page(&p, None);
        assert_eq!(
            names_values_units_ranges(&rows),
            [
                ("Chloride", "97", Some("mmol/L"), Some((Some(98.0), Some(107.0)))),
                ("Gamma GT", "51", Some("U/L"), Some((Some(8.0), Some(61.0)))),
            ]
        );
    }

    #[test]
    fn a_unit_run_into_a_reference_of_tiers_or_its_bracket_is_set_apart() {
        let p = page(&[
            &[("Investigation", 40.0), ("RESULT", 255.0), ("Biological Ref. Interval", 340.0)],
            &[("R.B.C Count ....... :", 40.0), ("5.32 million/cumm Adults : 4.50 to 5.50", 255.0)],
            &[("Children : 3.15 to 4.40", 340.0)],
            &[("RBC", 40.0), ("5.15 million/cumm M: (4.05 - 4.95) F: (4.50 - 5.50)", 255.0)],
            &[("TLC", 40.0), ("12255 cells/cumm(4000 - 11000) : Women", 255.0)],
            &[("(3600 - 9900) : Male", 340.0)],
        ]);
        let rows = rows_from_page(&p, Some(Sex::Female));
        assert_eq!(
            names_values_units_ranges(&rows),
            [
                ("R.B.C Count", "5.32", Some("million/cumm"), Some((Some(4.5), Some(5.5)))),
                ("RBC", "5.15", Some("million/cumm"), Some((Some(4.5), Some(5.5)))),
                ("TLC", "12255", Some("cells/cumm"), Some((Some(4000.0), Some(11000.0)))),
            ]
        );
    }

    #[test]
    fn a_marked_result_before_a_reference_named_normal_is_a_tables_result() {
        let p = page(&[
            &[("Test", 40.0), ("Result", 300.0), ("Reference", 360.0), ("Unit", 490.0)],
            &[("SGPT (ALT)", 40.0), ("48*", 310.0), ("Normal:", 360.0), ("<41", 400.0), ("U/L", 490.0)],
        ]);
        let rows = rows_from_page(&p, None);
        assert_eq!(names_values_units_ranges(&rows), [("SGPT (ALT)", "48", Some("U/L"), Some((None, Some(41.0))))]);
    }

    #[test]
    fn a_result_in_words_and_its_reference_in_one_cell_are_read_apart() {
        let p = page(&[
            &[("Colour", 40.0), ("Straw", 150.0), ("Pale Yellow", 250.0)],
            &[("HBsAg", 40.0), ("Negative (Ref: Non Reactive)", 150.0)],
            &[("Urine Protein", 40.0), ("Nil [Negative]", 150.0)],
            &[("Ketones", 40.0), ("Absent Ref. Absent", 150.0)],
        ]);
        let read: Vec<_> = rows_from_page(&p, None)
            .into_iter()
            .map(|r| (r.name, r.value.text, r.range.and_then(|g| g.qualitative)))
            .collect();
        let row = |n: &str, v: &str, q: &'static str| (n.to_string(), v.to_string(), Some(q));
        assert_eq!(
            read[1..],
            [
                row("HBsAg", "Negative", "Non Reactive"),
                row("Urine Protein", "Nil", "Negative"),
                row("Ketones", "Absent", "Absent")
            ]
        );
    }

    #[test]
    fn a_lists_misread_unit_before_a_reference_whose_bracket_a_scan_cut_off_is_its_unit() {
        let p = ocr_cells_page(&[
            &[("Monocytes: 3 % [Male : 2 - 10 ; Female : 2 - 9]", 204.0)],
            &[("Alkaline Phosphatase: 19 UML [M: 40 - 129 F: 36 - 116}", 206.0)],
        ]);
        let rows = rows_from_page(&p, Some(Sex::Male));
        assert_eq!(
            names_values_units_ranges(&rows),
            [
                ("Monocytes", "3", Some("%"), Some((Some(2.0), Some(10.0)))),
                ("Alkaline Phosphatase", "19", Some("UML"), Some((Some(40.0), Some(129.0)))),
            ]
        );
    }

    #[test]
    fn a_result_under_a_column_of_colons_is_no_colon() {
        // `Tests  Unit  Result  Reference`, the results under the colons of `Age/Sex :` and
        // `Collected :`.
        let w = |text: &str, x: f32, line: u32| ocr_word(text, x, 100.0 + 40.0 * line as f32, (9.0, 18.0), line);
        let mut words = vec![w("Age/Sex", 500.0, 0), w(":", 640.0, 0), w("41", 670.0, 0)];
        words.extend([w("Collected", 500.0, 1), w(":", 640.0, 1), w("02/11/2026", 670.0, 1)]);
        words.extend([w("Tests", 20.0, 2), w("Unit", 500.0, 2), w("Result", 620.0, 2), w("Reference", 760.0, 2)]);
        for (line, (name, value)) in [("Albumin", "4.6"), ("Blood Urea", "33")].into_iter().enumerate() {
            let line = line as u32 + 3;
            words.extend([w(name, 20.0, line), w(":", 130.0, line), w("g/dL", 500.0, line), w(value, 632.0, line)]);
            words.extend([w("3.5", 760.0, line), w("to", 796.0, line), w("5.2", 824.0, line)]);
        }
        let p = Page { number: 1, width: 1000.0, height: 600.0, words };
        let read: Vec<_> = rows_from_page(&p, None).into_iter().map(|r| (r.name, r.value.text)).collect();
        assert_eq!(read, [("Albumin".to_string(), "4.6".to_string()), ("Blood Urea".into(), "33".into())]);
    }

    #[test]
    fn a_ranges_high_bound_under_a_column_of_colons_before_the_result_is_no_colon() {
        // A reference column before the result's (`TEST  Ref. Range  Results  Units`), the
        // high bounds under the colons of the patient's details (`Sex :`, `Collected :`).
        let w = |text: &str, x: f32, line: u32| ocr_word(text, x, 100.0 + 40.0 * line as f32, (9.0, 18.0), line);
        let mut words = vec![w("Sex", 500.0, 0), w(":", 640.0, 0), w("Male", 670.0, 0)];
        words.extend([w("Collected", 500.0, 1), w(":", 640.0, 1), w("02/11/2026", 670.0, 1)]);
        words.extend([w("TEST", 20.0, 2), w("Ref.", 580.0, 2), w("Range", 622.0, 2)]);
        words.extend([w("Results", 790.0, 2), w("Units", 860.0, 2)]);
        for (line, (name, low, high, value)) in
            [("HDL-Cholesterol", "40", "60", "64"), ("Blood Urea Nitrogen", "6", "24", "3")].into_iter().enumerate()
        {
            let line = line as u32 + 3;
            words.extend([w(name, 20.0, line), w(low, 604.0 - 9.0 * low.len() as f32 - 6.0, line)]);
            words.extend([w("to", 604.0, line), w(high, 628.0, line)]);
            words.extend([w(value, 800.0, line), w("mg/dL", 860.0, line)]);
        }
        // A bound after the unit, its comparison under the colons.
        words.extend([w("AST", 20.0, 5), w("21", 800.0, 5), w("IU/L", 860.0, 5), w("<", 640.0, 5), w("40", 656.0, 5)]);
        // `Up to`, its `to` under the colons.
        words.extend([w("ALT", 20.0, 6), w("Up", 618.0, 6), w("to", 640.0, 6), w("41", 664.0, 6)]);
        words.extend([w("18", 800.0, 6), w("U/L", 860.0, 6)]);
        let p = Page { number: 1, width: 1000.0, height: 600.0, words };
        let rows = rows_from_page(&p, None);
        let read: Vec<_> =
            rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.range_text.as_deref())).collect();
        assert_eq!(
            read,
            [
                ("HDL-Cholesterol", "64", Some("40 to 60")),
                ("Blood Urea Nitrogen", "3", Some("6 to 24")),
                ("AST", "21", Some("< 40")),
                ("ALT", "18", Some("Up to 41"))
            ]
        );
    }

    #[test]
    fn tiers_of_a_centred_reference_column_whose_first_label_a_scan_set_apart_are_joined() {
        // `Deficiency` and `: < 20.0` read as two cells; the tiers below centred under both.
        let p = ocr_cells_page(&[
            &[
                ("Vitamin D Total", 20.0),
                ("100.1", 500.0),
                ("ng/mL", 700.0),
                ("Deficiency", 900.0),
                (": < 20.0", 1014.0),
            ],
            &[("Sufficiency : (30.0 - 100.0)", 872.0)],
            &[("Insufficiency : 20.0 - 29.0", 876.0)],
            &[("Toxicity : > 100.0", 914.0)],
        ]);
        let rows = rows_from_page(&p, None);
        assert_eq!(names_values_ranges(&rows), [("Vitamin D Total", "100.1", Some(30.0), Some(100.0))]);
    }

    #[test]
    fn a_result_cell_holding_its_flag_and_unit_run_on_or_glued_is_read_apart() {
        let p = ocr_cells_page(&[
            &[("Tests", 20.0), ("Technology", 400.0), ("Results", 600.0), ("Reference Range", 900.0)],
            // Its flag between result and unit, run on past a speck into the reference.
            &[("Hb", 20.0), ("HPLC", 400.0), ("17.6 High g/dL ~—— Male: (13.0 - 17.0) gm/dL", 600.0)],
            // A result beyond the assay's limit glued to its unit.
            &[("TRIGLYCERIDES", 20.0), ("CLIA", 400.0), ("<7.5mg/dL", 600.0), ("Up to 150 mg/dL", 900.0)],
            // A unit a scan misread after the flag (`x10*3/uL`).
            &[("PLT", 20.0), ("Flow Cytometry", 400.0), ("467 High x10*3/uL", 600.0), ("(150 - 410)", 900.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<_> =
            rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.unit.as_deref(), r.flag)).collect();
        assert_eq!(
            read,
            [
                ("Hb", "17.6", Some("g/dL"), Some(Flag::High)),
                ("TRIGLYCERIDES", "<7.5", Some("mg/dL"), None),
                ("PLT", "467", Some("x10*3/uL"), Some(Flag::High))
            ]
        );
    }

    #[test]
    fn a_colon_column_read_as_letters_or_digits_is_not_part_of_the_name_or_the_value() {
        // A scan of a `Name : value unit range` layout: OCR reads some colons as `2`, `i`, `toy`.
        // Letters are 9 px wide and a colon 4 px.
        let word = |text: &str, x: f32, width: f32, line: u32| Word {
            text: text.into(),
            bbox: BBox { x0: x, y0: 100.0 + 30.0 * line as f32, x1: x + width, y1: 114.0 + 30.0 * line as f32 },
            bold: false,
            line: Some(line),
        };
        let rows_of = |separators: [(&str, f32); 6]| {
            let mut words = Vec::new();
            for (line, ((name, value), (colon, colon_width))) in [
                ("Urea", "22"),
                ("Calcium", "9.33"),
                ("Creatinine", "0.8"),
                ("Triglycerides", "111"),
                ("Cholesterol", "180"),
                ("Uric Acid", "5.1"),
            ]
            .into_iter()
            .zip(separators)
            .enumerate()
            {
                let line = line as u32;
                let w = |text: &str, x: f32| word(text, x, 9.0 * text.chars().count() as f32, line);
                words.extend([w(name, 20.0), word(colon, 180.0, colon_width, line), w(value, 220.0)]);
                words.extend([w("mg/dL", 320.0), w("1-500", 420.0)]);
            }
            let p = Page { number: 1, width: 900.0, height: 1200.0, words };
            rows_from_page(&p, None).into_iter().map(|r| (r.name, r.value.number)).collect::<Vec<_>>()
        };
        let want = [
            ("Urea", 22.0),
            ("Calcium", 9.33),
            ("Creatinine", 0.8),
            ("Triglycerides", 111.0),
            ("Cholesterol", 180.0),
            ("Uric Acid", 5.1),
        ]
        .map(|(n, v)| (n.to_string(), Some(v)));
        let colon = (":", 4.0);
        assert_eq!(rows_of([colon; 6]), want);
        // Over the column the colons that were read mark.
        assert_eq!(rows_of([colon, ("2", 9.0), colon, ("i", 4.0), ("toy", 27.0), colon]), want);
        // With no colon read at all, a digit a colon wide is still not a digit.
        assert_eq!(rows_of([("3", 4.0); 6]), want);
        // A digit as wide as the value's is one.
        let got = rows_of([("5", 9.0); 6]);
        assert!(got.iter().all(|(_, v)| *v == Some(5.0)), "{got:?}");
        // A name's code over the column is the name's (`Total T3` among lines of `Method :`).
        let mut words = Vec::new();
        for line in 0..3 {
            words.extend([word("Method", 20.0, 54.0, 2 * line), word(":", 180.0, 4.0, 2 * line)]);
            words.push(word("Photometry", 200.0, 90.0, 2 * line));
        }
        words.extend([word("Total", 20.0, 45.0, 1), word("T3", 170.0, 18.0, 1), word("170", 220.0, 27.0, 1)]);
        // So is an abbreviation in capitals that ends a test's name (`Gamma GT`).
        words.extend([word("Gamma", 20.0, 45.0, 3), word("GT", 172.0, 18.0, 3), word("56", 220.0, 18.0, 3)]);
        // After a list's number too.
        let serial = [word("12.", 5.0, 12.0, 5), word("Gamma", 20.0, 45.0, 5), word("GT", 172.0, 18.0, 5)];
        words.extend(serial.into_iter().chain([word("61", 220.0, 18.0, 5)]));
        let p = Page { number: 1, width: 900.0, height: 1200.0, words };
        let got: Vec<(String, Option<f64>)> =
            rows_from_page(&p, None).into_iter().map(|r| (r.name, r.value.number)).collect();
        let gamma = |v: f64| ("Gamma GT".to_string(), Some(v));
        assert_eq!(got, [("Total T3".to_string(), Some(170.0)), gamma(56.0), gamma(61.0)]);
        // A unit column under the colons of the patient's details, each unit before its range.
        let mut words = Vec::new();
        for (line, label) in ["Age/Sex", "Collected"].into_iter().enumerate() {
            words.extend([word(label, 20.0, 63.0, line as u32), word(":", 318.0, 4.0, line as u32)]);
        }
        for (line, (name, unit, range)) in
            [("Amylase", "U/L", "28"), ("Polymorphs", "%", "40"), ("MCV", "fl", "83.0")].into_iter().enumerate()
        {
            let line = line as u32 + 2;
            let unit_width = 9.0 * unit.chars().count() as f32;
            words.extend([word(name, 20.0, 63.0, line), word("57", 220.0, 18.0, line)]);
            words.extend([word(unit, 316.0, unit_width, line), word(range, 420.0, 18.0, line)]);
            words.extend([word("-", 445.0, 5.0, line), word("100", 456.0, 27.0, line)]);
        }
        let p = Page { number: 1, width: 900.0, height: 1200.0, words };
        let units: Vec<Option<String>> = rows_from_page(&p, None).into_iter().map(|r| r.unit).collect();
        assert_eq!(units, [Some("U/L".to_string()), Some("%".into()), Some("fl".into())]);
    }

    #[test]
    fn a_method_in_parentheses_under_the_name_belongs_to_it() {
        let p = page(&[
            &[("Test Name", 20.0), ("Results", 250.0), ("Units", 350.0), ("Bio. Ref. Interval", 450.0)],
            &[("APOLIPOPROTEIN B (Apo B)", 20.0), ("46.00", 250.0), ("mg/dL", 350.0), ("46 - 174", 450.0)],
            &[("(Immunoturbidimetry)", 20.0)],
            &[("GLUCOSE, FASTING", 20.0), ("92", 250.0), ("mg/dL", 350.0), ("70 - 100", 450.0)],
            // A value beside it: not the method of the row above.
            &[("(Calculated)", 20.0), ("42", 250.0)],
            &[("Ferritin", 20.0), ("101.5", 250.0), ("ng/ml", 350.0), ("28-365 ng/ml men", 450.0)],
            // The reference column goes on beside the method.
            &[("(Chemiluminescence)", 20.0), ("5-148 ng/ml women", 450.0)],
            &[("Note", 20.0)],
            &[("(see overleaf)", 20.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(
            names,
            ["APOLIPOPROTEIN B (Apo B) (Immunoturbidimetry)", "GLUCOSE, FASTING", "Ferritin (Chemiluminescence)"]
        );
    }

    #[test]
    fn a_name_wrapped_inside_its_parentheses_is_finished_by_the_line_below() {
        let p = page(&[
            &[("TIBC (Total Iron Binding", 10.0), ("328", 200.0), ("ug/dL", 260.0), ("250-450", 330.0)],
            &[("Capacity)", 10.0)],
            &[("Iron", 10.0), ("49", 200.0), ("ug/dL", 260.0), ("40-100", 330.0)],
            // The row above closed its parentheses: a closing word below is not its.
            &[("Capacity)", 10.0)],
        ]);
        let names: Vec<String> = rows_from_page(&p, None).into_iter().map(|r| r.name).collect();
        assert_eq!(names, ["TIBC (Total Iron Binding Capacity)", "Iron"]);
    }

    #[test]
    fn results_read_by_eye_are_kept_in_words() {
        let p = page(&[
            &[
                ("RBC Morphology", 10.0),
                (":", 150.0),
                ("Microcytosis, Hypochromasia & mild Anisopoikilocytosis", 170.0),
            ],
            &[("WBC Morphology", 10.0), (":", 150.0), ("Within normal limit", 170.0)],
            &[("Platelets on Smear", 10.0), (":", 150.0), ("Adequate on smear.", 170.0)],
            &[("Urine Colour", 10.0), ("Straw coloured", 170.0)],
            &[("Blood Group", 10.0), ("B Positive", 170.0)],
            &[("HIV I", 10.0), ("Negative", 170.0)],
            // Not a test read by eye, or not words.
            &[("Method", 10.0), (":", 150.0), ("Impedance for RBC & PLT", 170.0)],
            &[("Haemoglobin", 10.0), (":", 150.0), ("see note", 170.0)],
            &[("Peripheral smear", 10.0), (":", 150.0), ("1-2 cells", 170.0)],
            &[("BLOOD", 10.0), ("INDICES", 170.0)],
            // Nor the start of a longer name whose result a photo lost, a mark after it.
            &[("Blood", 10.0), ("Urea ;", 170.0)],
            &[("Blood", 10.0), ("Urea Nitrogen", 170.0)],
        ]);
        let rows: Vec<(String, String)> =
            rows_from_page(&p, None).into_iter().map(|r| (r.name, r.value.text)).collect();
        assert_eq!(
            rows,
            [
                ("RBC Morphology".to_string(), "Microcytosis, Hypochromasia & mild Anisopoikilocytosis".to_string()),
                ("WBC Morphology".into(), "Within normal limit".into()),
                ("Platelets on Smear".into(), "Adequate on smear".into()),
                ("Urine Colour".into(), "Straw coloured".into()),
                ("Blood Group".into(), "B Positive".into()),
                ("HIV I".into(), "Negative".into()),
            ]
        );
    }

    #[test]
    fn a_parenthesis_away_from_the_name_column_is_not_a_method() {
        let p = page(&[
            &[("Haemoglobin", 20.0), ("13.5", 250.0), ("g/dL", 350.0), ("13 - 17", 450.0)],
            &[("(repeated)", 250.0)],
        ]);
        assert_eq!(rows_from_page(&p, None)[0].name, "Haemoglobin");
    }

    #[test]
    fn binary_results_without_unit_or_range_are_read_one_or_two_to_a_line() {
        let p = page(&[
            &[("-Protein", 20.0), ("Negative", 150.0), ("Casts", 300.0), ("Negative", 420.0)],
            &[("-Bilirubin", 20.0), ("Negative", 150.0)],
            &[("HBsAg", 20.0), ("Positive", 150.0)],
            &[("Anti HCV", 20.0), ("Reactive", 150.0), ("Non Reactive", 300.0)],
            &[("Urine Protein", 20.0), ("Trace", 150.0), ("Negative", 300.0)],
            &[("Ketone Bodies", 20.0), ("HPLC", 150.0), ("Negative", 300.0)],
            &[("Nitrite", 20.0), ("Enzymatic", 150.0), ("Negative", 300.0)],
            &[("The test was negative last year", 20.0)],
            &[("Negative", 20.0), ("Negative", 150.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let got: Vec<(&str, Option<&str>)> = rows.iter().map(|r| (r.name.as_str(), r.value.qualitative)).collect();
        assert_eq!(
            got,
            [
                ("Protein", Some("Negative")),
                ("Casts", Some("Negative")),
                ("Bilirubin", Some("Negative")),
                ("HBsAg", Some("Positive")),
                ("Anti HCV", Some("Reactive")),
                ("Urine Protein", Some("Trace")),
                ("Ketone Bodies", Some("Negative")),
                ("Nitrite", Some("Negative")),
            ]
        );
        assert_eq!(rows[5].range_text.as_deref(), Some("Negative"));
    }

    #[test]
    fn a_marked_flag_before_the_value_leaves_the_name() {
        let p = page(&[
            &[("TSH (Chemiluminescence) H*", 20.0), ("9.07", 250.0), ("mu/ml", 350.0), ("0.3 - 5.0", 450.0)],
            &[("Vitamin D L*", 20.0), ("12", 250.0), ("ng/mL", 350.0), ("30 - 100", 450.0)],
            &[("Vitamin K", 20.0), ("1.1", 250.0), ("nmol/L", 350.0), ("0.2 - 3.2", 450.0)],
            // An underlined flag read by OCR.
            &[("MEAN CELL HAEMOGLOBIN CON, MCHC H_", 20.0), ("35.7", 250.0), ("%", 350.0), ("31.5 - 34.5", 450.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let got: Vec<(&str, Option<Flag>)> = rows.iter().map(|r| (r.name.as_str(), r.flag)).collect();
        assert_eq!(
            got,
            [
                ("TSH (Chemiluminescence)", Some(Flag::High)),
                ("Vitamin D", Some(Flag::Low)),
                ("Vitamin K", None),
                ("MEAN CELL HAEMOGLOBIN CON, MCHC", Some(Flag::High))
            ]
        );
    }

    #[test]
    fn a_method_column_named_in_the_header_stays_out_of_the_name() {
        let p = page(&[
            &[("TEST NAME", 20.0), ("TECHNOLOGY", 250.0), ("VALUE", 380.0), ("UNITS", 450.0)],
            &[
                ("ALKALINE PHOSPHATASE", 20.0),
                ("PHOTOMETRY", 250.0),
                ("85.7", 380.0),
                ("U/L", 450.0),
                ("45-129", 500.0),
            ],
            // On a scan the method starts a few pixels left of its header.
            &[("TESTOSTERONE", 20.0), ("E.C.L.I.A", 244.0), ("631", 380.0), ("ng/dL", 450.0), ("280-800", 500.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["ALKALINE PHOSPHATASE", "TESTOSTERONE"]);
    }

    #[test]
    fn a_method_header_a_photo_misread_by_a_letter_still_names_the_method_column() {
        // As Tesseract read a phone photo's header: `METHOD` as `METHOO`.
        let p = page(&[
            &[
                ("PARAMETER", 20.0),
                ("METHOO", 250.0),
                ("Normal", 330.0),
                ("Abnormal", 400.0),
                ("Units", 470.0),
                ("Reference Range", 530.0),
            ],
            &[("Crean", 20.0), ("CLIA", 250.0), ("1.05", 330.0), ("mg/dL", 470.0), ("0.70 - 1.30", 530.0)],
            &[
                ("Serum Ferritin", 20.0),
                ("Flow Cytometry", 250.0),
                ("0.0 L", 400.0),
                ("ng/mL", 470.0),
                ("30 - 400", 530.0),
            ],
        ]);
        let rows = rows_from_page(&p, None);
        let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["Crean", "Serum Ferritin"]);
    }

    #[test]
    fn interpretation_tables_are_not_results() {
        let p = page(&[
            &[("Desirable", 20.0), ("< 200", 250.0), ("mg/dL", 350.0)],
            &[("Borderline High", 20.0), ("200-239", 250.0), ("mg/dL", 350.0)],
            &[("High Sensitivity CRP", 20.0), ("0.58", 250.0), ("mg/L", 350.0), ("< 1.0", 450.0)],
        ]);
        let rows = rows_from_page(&p, None);
        assert_eq!(rows.iter().map(|r| r.name.as_str()).collect::<Vec<_>>(), ["High Sensitivity CRP"]);
    }

    #[test]
    fn patient_details_dates_and_notes_are_not_results() {
        let p = page(&[
            &[("Patient Name", 20.0), (":", 180.0), ("Mr. X", 200.0)],
            &[("Age", 20.0), (":", 180.0), ("39", 200.0), ("Years", 240.0)],
            &[("Date Collected", 20.0), ("06/10/2025", 200.0)],
            &[("Page", 20.0), ("1", 60.0), ("of", 80.0), ("3", 100.0)],
            &[("Note: values above 10 mg/dL need review", 20.0)],
            // Its colon read by OCR as `3`.
            &[("Home Collection", 20.0), ("3", 180.0), ("FROM", 200.0)],
        ]);
        assert!(rows_from_page(&p, None).is_empty());
    }

    #[test]
    fn a_lab_address_a_photo_misread_is_not_a_result() {
        // `Street` and `Ph:` misread: the postal code tells it is an address.
        let p = page(&[
            &[
                ("12 Park Sweet. Sector 4, Pune 411001 Ph: +91 98220", 20.0),
                ("12345", 400.0),
                ("wee.example-lab.com", 450.0),
            ],
            &[("12 Park Sueet Sector 4 Pune 411001 Pn", 20.0), ("91", 400.0), ("98220", 450.0)],
            &[("Investigation", 20.0), ("Observed Value", 400.0), ("Unit(s)", 480.0), ("Normal Range", 530.0)],
            &[("Total Cholesterol", 20.0), ("142", 400.0), ("mg/dL", 480.0), ("<200", 530.0)],
        ]);
        let names: Vec<String> = rows_from_page(&p, None).into_iter().map(|r| r.name).collect();
        assert_eq!(names, ["Total Cholesterol"]);
    }
}

#[cfg(test)]
mod reference_layout_tests {
    use super::tests::page;
    use super::*;

    fn ranges(p: &Page, sex: Option<Sex>) -> Vec<(String, Option<f64>, Option<f64>)> {
        rows_from_page(p, sex)
            .into_iter()
            .map(|r| (r.name, r.range.as_ref().and_then(|x| x.low), r.range.as_ref().and_then(|x| x.high)))
            .collect()
    }

    #[test]
    fn a_reference_printed_under_its_row_after_a_label_belongs_to_it() {
        let p = page(&[
            &[("TEST NAME", 20.0), ("TECHNOLOGY", 250.0), ("VALUE", 350.0), ("UNITS", 420.0)],
            &[("IRON", 20.0), ("PHOTOMETRY", 250.0), ("89.3", 350.0), ("ug/dL", 420.0)],
            &[("Bio. Ref. Interval. :", 20.0)],
            &[("Male : 65 - 175", 20.0)],
            &[("Female : 50 - 170", 20.0)],
            &[("Method : Ferrozine", 20.0)],
            &[("% TRANSFERRIN SATURATION", 20.0), ("CALCULATED", 250.0), ("24.14", 350.0), ("%", 420.0)],
            &[("Bio.Ref.Interval:", 20.0)],
            &[("13 - 45", 20.0)],
            &[("UIBC", 20.0), ("PHOTOMETRY", 250.0), ("280.7", 350.0), ("ug/dL", 420.0)],
            // A photo's OCR lost the label's colon.
            &[("Potassium (K+)", 20.0), ("ECLIA", 250.0), ("5.5", 350.0), ("mEq/L", 420.0)],
            &[("Bio. Ref, interval", 20.0), ("3.5-5.1 mEq/L", 150.0)],
            // … or read a letter of it wrong.
            &[("ALT", 20.0), ("Photometry", 250.0), ("11", 350.0), ("U/L", 420.0)],
            &[("Reterence Range", 20.0), ("Upto 41", 150.0)],
            &[("AST", 20.0), ("Photometry", 250.0), ("19", 350.0), ("U/L", 420.0)],
            &[("Reference Ranges :", 20.0), ("Upto 40", 150.0)],
        ]);
        assert_eq!(
            ranges(&p, Some(Sex::Female)),
            [
                ("IRON".to_string(), Some(50.0), Some(170.0)),
                ("% TRANSFERRIN SATURATION".to_string(), Some(13.0), Some(45.0)),
                ("UIBC".to_string(), None, None),
                ("Potassium (K+)".to_string(), Some(3.5), Some(5.1)),
                ("ALT".to_string(), None, Some(41.0)),
                ("AST".to_string(), None, Some(40.0)),
            ],
            "the next row is neither swallowed nor given the range above it"
        );
    }

    #[test]
    fn a_range_split_by_sex_on_a_report_without_its_sex_keeps_its_text_and_gives_no_range() {
        let p = page(&[
            &[("TEST NAME", 20.0), ("TECHNOLOGY", 250.0), ("VALUE", 350.0), ("UNITS", 420.0)],
            &[("IRON", 20.0), ("PHOTOMETRY", 250.0), ("89.3", 350.0), ("ug/dL", 420.0)],
            &[("Bio. Ref. Interval. :", 20.0)],
            &[("Male : 65 - 175", 20.0)],
            &[("Female : 50 - 170", 20.0)],
            &[("Method : Ferrozine", 20.0)],
        ]);
        let rows = rows_from_page(&p, None);
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].range, None);
        assert_eq!(rows[0].range_text.as_deref(), Some("Male : 65 - 175; Female : 50 - 170"));
        // In the reference column, without a unit: still a result, with its reference as printed.
        let p = page(&[
            &[("Test", 20.0), ("Result", 200.0), ("Unit", 300.0), ("Reference", 400.0)],
            &[("Creatinine", 20.0), ("0.9", 200.0), ("M: 0.7-1.3 F: 0.6-1.1", 400.0)],
        ]);
        let rows = rows_from_page(&p, None);
        assert_eq!(rows.len(), 1);
        assert_eq!((rows[0].range.as_ref(), rows[0].range_text.as_deref()), (None, Some("M: 0.7-1.3 F: 0.6-1.1")));
        let known = rows_from_page(&p, Some(Sex::Female));
        assert_eq!(known[0].range.as_ref().and_then(|r| r.high), Some(1.1));
    }

    #[test]
    fn tiers_continued_below_in_the_range_column_are_read_together() {
        let p = page(&[
            &[("Test", 20.0), ("Result", 200.0), ("Unit", 300.0), ("Biological Ref. Range", 400.0)],
            &[
                ("VITAMIN D Total (25-OH)", 20.0),
                (":", 180.0),
                ("22.80", 200.0),
                ("ng/mL", 300.0),
                ("Deficiency : < 20", 400.0),
            ],
            &[("Insufficiency: 21-30", 400.0)],
            &[("Sufficient : 31-100", 400.0)],
            &[("Toxic : >100", 400.0)],
            &[("Method:- CLIA", 20.0)],
        ]);
        assert_eq!(ranges(&p, None), [("VITAMIN D Total (25-OH)".to_string(), Some(31.0), Some(100.0))]);
    }

    #[test]
    fn a_row_whose_value_a_scan_misread_is_not_taken_for_more_tiers_of_the_row_above() {
        let p = page(&[
            &[("Test", 20.0), ("Result", 200.0), ("Unit", 300.0), ("Biological Ref. Range", 400.0)],
            &[("Total Cholesterol", 20.0), ("144", 200.0), ("mg/dL", 300.0), ("Desirable : < 200", 400.0)],
            &[("Borderline : 200 - 239", 400.0)],
            &[("Triglycerides", 20.0), ("{i", 200.0), ("mg/dL", 300.0), ("Desirable : : 150", 400.0)],
            &[("Borderline High : 150 - 199", 400.0)],
            &[("High : 200 - 499", 400.0)],
            &[("HDL Cholesterol", 20.0), ("48", 200.0), ("mg/dL", 300.0), ("> 40", 400.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let read: Vec<(&str, &str, Option<&str>)> =
            rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.range_text.as_deref())).collect();
        assert_eq!(
            read,
            [
                ("Total Cholesterol", "144", Some("Desirable : < 200; Borderline : 200 - 239")),
                ("Triglycerides", "", Some("Desirable : : 150; Borderline High : 150 - 199; High : 200 - 499")),
                ("HDL Cholesterol", "48", Some("> 40")),
            ]
        );
        assert_eq!(rows[1].range.as_ref().and_then(|r| r.high), Some(150.0));
    }

    #[test]
    fn a_comparison_set_apart_from_its_bound_is_one_reference() {
        let p = page(&[
            &[("Test Name", 20.0), ("Result", 200.0), ("Unit", 300.0), ("Reference Range", 400.0)],
            &[("LDL CHOLESTEROL", 20.0), ("114", 200.0), ("mg/dL", 300.0), ("<", 400.0), ("100", 440.0)],
            &[("HDL CHOLESTEROL", 20.0), ("47", 200.0), ("mg/dL", 300.0), (">", 400.0), ("40", 440.0)],
        ]);
        assert_eq!(
            ranges(&p, None),
            [("LDL CHOLESTEROL".to_string(), None, Some(100.0)), ("HDL CHOLESTEROL".to_string(), Some(40.0), None)]
        );
    }

    #[test]
    fn a_multiplier_set_apart_from_the_rest_of_its_unit_stays_in_the_unit() {
        let p = page(&[
            &[("Test Name", 20.0), ("Result", 200.0), ("Unit", 300.0), ("Reference Range", 400.0)],
            &[
                ("Neutrophils - Absolute Count", 20.0),
                ("3.19", 200.0),
                ("X", 300.0),
                ("103", 315.0),
                ("/", 340.0),
                ("pL", 352.0),
                ("2.0-7.0", 400.0),
            ],
            &[
                ("PLATELET COUNT", 20.0),
                ("254", 200.0),
                ("X", 300.0),
                ("10\u{b3} / \u{b5}L", 320.0),
                ("150-410", 400.0),
            ],
        ]);
        let rows = rows_from_page(&p, None);
        let units: Vec<Option<&str>> = rows.iter().map(|r| r.unit.as_deref()).collect();
        assert_eq!(units, [Some("X 103 / pL"), Some("X 10\u{b3} / \u{b5}L")]);
        assert_eq!(rows[0].range.as_ref().map(|r| (r.low, r.high)), Some((Some(2.0), Some(7.0))));
    }

    #[test]
    fn a_tier_label_wrapped_onto_the_next_line_goes_on_from_it() {
        let p = page(&[
            &[("Test Name", 20.0), ("Result", 200.0), ("Unit", 300.0), ("Reference Range", 400.0)],
            &[("FBS", 20.0), ("88", 200.0), ("mg/dl", 300.0), ("ND:70-126 Impaired fasting", 400.0)],
            &[("blood sugar:", 400.0), ("101-126", 480.0)],
            &[("Urea", 20.0), ("17.50", 200.0), ("mg/dl", 300.0), ("17-47", 400.0)],
        ]);
        assert_eq!(ranges(&p, None)[0], ("FBS".to_string(), Some(70.0), Some(126.0)));
        // A line ending in a unit is a whole tier: the next is another.
        assert_eq!(join_tiers(&["Normal: 65-99 mg/dL".into(), "High: >100".into()]), "Normal: 65-99 mg/dL; High: >100");
    }

    #[test]
    fn a_time_printed_before_the_reference_does_not_take_its_column() {
        // `08:15` holds a colon and digits like `Deficiency : < 20`; the tiers below belong to
        // the reference column, not to the time's.
        let p = page(&[
            &[("Test", 20.0), ("Result", 200.0), ("Unit", 260.0), ("Time", 330.0), ("Biological Ref. Range", 400.0)],
            &[
                ("VITAMIN D Total (25-OH)", 20.0),
                ("22.80", 200.0),
                ("ng/mL", 260.0),
                ("08:15", 330.0),
                ("Deficiency : < 20", 400.0),
            ],
            &[("Insufficiency: 21-30", 400.0)],
            &[("Sufficient : 31-100", 400.0)],
            &[("Method:- CLIA", 20.0)],
        ]);
        assert_eq!(ranges(&p, None), [("VITAMIN D Total (25-OH)".to_string(), Some(31.0), Some(100.0))]);
    }

    #[test]
    fn a_flag_read_with_the_column_rule_before_it_leaves_the_name() {
        let p = page(&[
            &[("HGB-Hemoglobin. iL", 20.0), ("8.8", 250.0), ("g/dL", 330.0), ("11.7-15.5", 420.0)],
            &[("WBC |H", 20.0), ("15.4", 250.0), ("10^3/uL", 330.0), ("4-11", 420.0)],
            // A word of the name, or a capital I, stays.
            &[("Vitamin B12", 20.0), ("420", 250.0), ("pg/mL", 330.0), ("200-900", 420.0)],
            &[("Anti IL", 20.0), ("4.2", 250.0), ("pg/mL", 330.0), ("0-7", 420.0)],
        ]);
        let got: Vec<(String, Option<Flag>)> = rows_from_page(&p, None).into_iter().map(|r| (r.name, r.flag)).collect();
        let want =
            [("HGB-Hemoglobin.", Some(Flag::Low)), ("WBC", Some(Flag::High)), ("Vitamin B12", None), ("Anti IL", None)];
        assert_eq!(got, want.map(|(n, f)| (n.to_string(), f)));
    }

    #[test]
    fn a_flag_column_before_the_value_is_not_part_of_the_name() {
        let p = page(&[
            &[("TESTLER", 20.0), ("SONUC", 200.0), ("BIRIM", 260.0), ("REFERANS", 330.0)],
            &[("RBC-Alyuvarlar", 20.0), ("L", 170.0), ("2.99", 200.0), ("Milyon/uL", 260.0), ("4.18 - 5.48", 330.0)],
            &[("Vitamin D", 20.0), ("31", 200.0), ("ng/mL", 260.0), ("30 - 100", 330.0)],
        ]);
        let rows = rows_from_page(&p, None);
        assert_eq!(rows[0].name, "RBC-Alyuvarlar");
        assert_eq!(rows[0].flag, Some(Flag::Low));
        assert_eq!(rows[1].name, "Vitamin D");
        assert_eq!(rows[1].flag, None);
    }

    #[test]
    fn a_known_test_with_a_bare_number_is_a_result_and_other_bare_numbers_are_not() {
        let p = page(&[
            &[("Test", 20.0), ("Result", 200.0), ("Unit", 260.0), ("Reference", 330.0)],
            &[("HbA1c", 20.0), ("4.7", 200.0), ("%", 260.0), ("< 6", 330.0)],
            &[("eAG", 20.0), ("88.19", 200.0)],
            // A flag after it changes nothing.
            &[("Eosinophil", 20.0), ("9", 200.0), ("*", 230.0)],
            &[("Page", 20.0), ("2", 200.0)],
            &[("Sample Number", 20.0), ("88", 200.0), ("H", 230.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let names: Vec<(&str, Option<Flag>)> = rows.iter().map(|r| (r.name.as_str(), r.flag)).collect();
        assert_eq!(names, [("HbA1c", None), ("eAG", None), ("Eosinophil", Some(Flag::Abnormal))]);
    }

    #[test]
    fn a_known_test_with_a_bare_word_and_a_count_per_field_are_results() {
        let p = page(&[
            &[("Colour", 10.0), ("Pale Yellow", 200.0)],
            &[("Appearance", 10.0), ("Clear", 200.0)],
            &[("Urine Colour", 10.0), ("PALE YELLOW", 200.0), ("Colourless", 300.0)],
            &[("R.B.C/hpf", 10.0), ("0-1", 200.0)],
            // Neither a known test nor a count per field: a heading and a word.
            &[("Findings", 10.0), ("Clear", 200.0)],
            &[("Pus cells", 10.0), ("2-3", 200.0)],
        ]);
        let rows: Vec<(String, String)> =
            rows_from_page(&p, None).into_iter().map(|r| (r.name, r.value.text)).collect();
        assert_eq!(
            rows,
            [
                ("Colour".to_string(), "Pale Yellow".to_string()),
                ("Appearance".into(), "Clear".into()),
                ("Urine Colour".into(), "PALE YELLOW".into()),
                ("R.B.C/hpf".into(), "0-1".into()),
            ]
        );
    }

    #[test]
    fn list_dashes_and_a_speck_before_a_name_are_not_part_of_it() {
        let p = page(&[
            &[("-Specific Gravity", 10.0), ("1.030", 200.0), ("1.005-1.030", 300.0)],
            &[("~Glucose", 10.0), ("90", 200.0), ("mg/dL", 250.0)],
            &[("/ RBC", 10.0), ("3.89", 200.0), ("mill/cumm", 250.0)],
            &[("f Hematocrit", 10.0), ("32.2", 200.0), ("%", 250.0)],
            &[("% Transferrin Saturation", 10.0), ("22", 200.0), ("%", 250.0)],
            // A ▲ before an abnormal result read as `&`, a footnote mark as a quote.
            &[("& Glucose”", 10.0), ("101", 200.0), ("mg/dL", 250.0)],
            &[("Insulin?", 10.0), ("10.1", 200.0), ("uIU/mL", 250.0)],
            // A header read as a row: `Unit` is not a test.
            &[("Unit", 10.0), ("Normal", 200.0), ("Value", 250.0), ("0-5", 300.0)],
        ]);
        let names: Vec<String> = rows_from_page(&p, None).into_iter().map(|r| r.name).collect();
        assert_eq!(
            names,
            ["Specific Gravity", "Glucose", "RBC", "Hematocrit", "% Transferrin Saturation", "Glucose", "Insulin"]
        );
    }

    #[test]
    fn numbers_in_notes_and_citations_are_not_results() {
        let p = page(&[
            &[("testing of Beta Amyloid", 60.0), ("42", 200.0), ("and", 230.0), ("Beta Amyloid 40 has", 260.0)],
            &[("guideline. JCEM.", 60.0), ("2011", 200.0), ("Jul;", 230.0), ("96(7):1911-30.", 260.0)],
            &[("Beta-amyloid 42 B, 01", 10.0), ("14.75", 200.0), ("pg/mL", 260.0)],
            // A method where the unit goes, then the end of a citation's title.
            &[("Phosphorylated Tau", 60.0), ("217", 200.0), ("Immunoassay", 230.0), ("Pathology.\"", 330.0)],
        ]);
        let names: Vec<String> = rows_from_page(&p, None).into_iter().map(|r| r.name).collect();
        assert_eq!(names, ["Beta-amyloid 42"]);
    }

    #[test]
    fn a_method_is_not_a_unit_and_a_word_result_beside_one_is_a_result() {
        let p = page(&[
            &[("Others", 10.0), ("NIL", 200.0), ("Microscopy", 300.0)],
            &[("Glucose", 10.0), ("90", 200.0), ("Hexokinase", 300.0)],
        ]);
        let rows: Vec<(String, Option<String>)> =
            rows_from_page(&p, None).into_iter().map(|r| (r.name, r.unit)).collect();
        assert_eq!(rows, [("Others".to_string(), None), ("Glucose".to_string(), None)]);
    }

    #[test]
    fn a_footnote_mark_a_photo_read_into_a_known_name_is_dropped() {
        let p = page(&[
            // LabCorp's raised `A, 01` read level with the name, glued or apart.
            &[("BUNG", 10.0), ("15", 300.0), ("mg/dL", 350.0)],
            &[("Alkaline PhosphataseA", 10.0), ("54", 300.0), ("IU/L", 350.0)],
            &[("LDL-PAe", 10.0), ("1258", 300.0), ("nmol/L", 350.0)],
            &[("Alkaline Phosphatase\u{201c} a", 10.0), ("54", 300.0), ("IU/L", 350.0)],
            &[("Baso (Absolute) \u{ae} Ol", 10.0), ("0.1", 300.0), ("x10E3/uL", 350.0)],
            &[("Platelets\u{ae}", 10.0), ("301", 300.0), ("x10E3/uL", 350.0)],
            // Letters that are the name: fetal haemoglobin is not `Hb`, nor Protein S protein.
            &[("HbF", 10.0), ("0.5", 300.0), ("%", 350.0)],
            &[("Protein S", 10.0), ("110", 300.0), ("%", 350.0)],
        ]);
        let names: Vec<String> = rows_from_page(&p, None).into_iter().map(|r| r.name).collect();
        assert_eq!(
            names,
            [
                "BUN",
                "Alkaline Phosphatase",
                "LDL-P",
                "Alkaline Phosphatase",
                "Baso (Absolute)",
                "Platelets",
                "HbF",
                "Protein S"
            ]
        );
    }

    #[test]
    fn a_method_read_into_a_known_name_is_dropped() {
        let p = page(&[
            &[("Bilirubin - Total Photometry", 10.0), ("0.67", 300.0), ("mg/dL", 350.0)],
            &[("Neutrophils Percentage Flow Cytometry", 10.0), ("52", 300.0), ("%", 350.0)],
            &[("Serum Globulin Calculated", 10.0), ("3.14", 300.0), ("gm/dL", 350.0)],
            // Misread in a photo.
            &[("Bilirubin - Direct Photornetry", 10.0), ("0.12", 300.0), ("mg/dL", 350.0)],
            &[("Serum Globulin Calculates", 10.0), ("3.14", 300.0), ("gm/dL", 350.0)],
            &[("HbA1c H.P.L.C", 10.0), ("5.4", 300.0), ("%", 350.0)],
            // A method that is the test, and a word after a name that is not a method.
            &[("Hb Electrophoresis", 10.0), ("96", 300.0), ("%", 350.0)],
            &[("Glucose Fasting", 10.0), ("90", 300.0), ("mg/dL", 350.0)],
            &[("UREA (CALCULATED)", 10.0), ("41.73", 300.0), ("mg/dL", 350.0)],
            // After a name with its unit in brackets, the method in a column of its own.
            &[
                ("Free Thyroxine (FT4) (ng/dL)", 10.0),
                ("Flow Cytometry", 150.0),
                ("1.79", 300.0),
                ("0.93 - 1.70", 350.0),
            ],
        ]);
        let names: Vec<String> = rows_from_page(&p, None).into_iter().map(|r| r.name).collect();
        assert_eq!(
            names,
            [
                "Bilirubin - Total",
                "Neutrophils Percentage",
                "Serum Globulin",
                "Bilirubin - Direct",
                "Serum Globulin",
                "HbA1c",
                "Hb Electrophoresis",
                "Glucose Fasting",
                "UREA (CALCULATED)",
                "Free Thyroxine (FT4)"
            ]
        );
    }

    #[test]
    fn a_unit_printed_after_the_range_is_the_unit() {
        let p = page(&[
            &[("Hemoglobin (Hb)", 10.0), ("12.5", 150.0), ("Low", 190.0), ("13.0-17.0", 230.0), ("g/dL", 300.0)],
            &[("MCV", 10.0), ("87.75", 150.0), ("83-101", 230.0), ("fL", 300.0)],
            // Words after the range are a method or a comment, not a unit.
            &[("Glucose", 10.0), ("90", 150.0), ("70-99", 230.0), ("Hexokinase", 300.0)],
        ]);
        let units: Vec<Option<String>> = rows_from_page(&p, None).into_iter().map(|r| r.unit).collect();
        assert_eq!(units, [Some("g/dL".to_string()), Some("fL".into()), None]);
    }

    #[test]
    fn a_misread_unit_after_a_result_whose_range_came_first_is_its_unit() {
        // Reference column left of the results, units last (a photo's reading).
        let p = page(&[
            &[("Lipase", 10.0), ("(13 - 60)", 150.0), ("11", 400.0), ("UNL", 450.0)],
            &[("CHOLESTEROL", 10.0), ("< 200", 150.0), ("232", 400.0), ("= mg/dL", 450.0)],
            // Its slash lost.
            &[("GGT", 10.0), ("(8 - 61)", 150.0), ("70", 400.0), ("UL", 450.0)],
            // Not one of the test's units, nor near one: no unit.
            &[("Glucose", 10.0), ("(70 - 99)", 150.0), ("90", 400.0), ("Hexokinase", 450.0)],
            &[("Urea", 10.0), ("(17 - 43)", 150.0), ("22", 400.0), ("xyz", 450.0)],
        ]);
        let units: Vec<Option<String>> = rows_from_page(&p, None).into_iter().map(|r| r.unit).collect();
        assert_eq!(units, [Some("UNL".to_string()), Some("mg/dL".into()), Some("UL".into()), None, None]);
        // A speck before the unit read with a letter (`=e`, `=—s`) is no part of it; a percent
        // sign is (`% mg/dl`, as a lab prints it).
        let p = page(&[
            &[("Chloride", 10.0), ("(98 - 107)", 150.0), ("110", 400.0), ("=e mmol/L", 450.0)],
            &[("Triglycerides", 10.0), ("< 150", 150.0), ("65", 400.0), ("=\u{2014}s mg/dL", 450.0)],
            &[("Total Bilirubin", 10.0), ("0.2 - 1.2", 150.0), ("0.8", 400.0), ("% mg/dl", 450.0)],
        ]);
        let units: Vec<Option<String>> = rows_from_page(&p, None).into_iter().map(|r| r.unit).collect();
        assert_eq!(units, [Some("mmol/L".to_string()), Some("mg/dL".into()), Some("% mg/dl".into())]);
        // After the range, a misreading is still no unit (`13-60  UNL` may be a method's code).
        let after = page(&[&[("Lipase", 10.0), ("11", 150.0), ("13 - 60", 230.0), ("UNL", 300.0)]]);
        assert_eq!(rows_from_page(&after, None)[0].unit, None);
    }

    #[test]
    fn a_litre_read_as_a_bar_is_put_back_in_the_unit() {
        assert_eq!(mend_unit("mg/d!"), "mg/dl");
        assert_eq!(mend_unit("mEq/!"), "mEq/l");
        assert_eq!(mend_unit("IU/|"), "IU/l");
        assert_eq!(mend_unit("g/dL"), "g/dL");
        assert_eq!(mend_unit("%"), "%");
    }

    #[test]
    fn an_underline_read_as_rules_is_not_part_of_the_name() {
        let p = page(&[&[
            ("25(OH) Vitamin D3(Elisa)", 10.0),
            ("L*", 150.0),
            ("==", 170.0),
            ("25.1", 190.0),
            ("ng/ml", 260.0),
        ]]);
        let rows = rows_from_page(&p, None);
        assert_eq!(rows.len(), 1);
        assert_eq!((rows[0].name.as_str(), rows[0].flag), ("25(OH) Vitamin D3(Elisa)", Some(Flag::Low)));
        // The rule read inside the flag's cell.
        let p = page(&[&[("Vitamin B12", 10.0), ("L* ==", 150.0), ("150", 190.0), ("pg/mL", 260.0)]]);
        let rows = rows_from_page(&p, None);
        assert_eq!((rows[0].name.as_str(), rows[0].flag), ("Vitamin B12", Some(Flag::Low)));
    }

    #[test]
    fn a_table_border_read_as_a_bar_is_not_part_of_the_name() {
        let p = page(&[
            &[("Test", 20.0), ("Result", 200.0), ("Unit", 260.0), ("Reference", 330.0)],
            &[("| CARDIO C-REACTIVE PROTEIN (hsCRP)", 20.0), ("1.00", 200.0), ("mg/L", 260.0), ("<1.00", 330.0)],
        ]);
        assert_eq!(rows_from_page(&p, None)[0].name, "CARDIO C-REACTIVE PROTEIN (hsCRP)");
    }

    #[test]
    fn two_tables_side_by_side_are_read_one_after_the_other() {
        let p = page(&[
            &[("Test Name", 20.0), ("Result", 150.0), ("TestName_-_-Result", 300.0)],
            &[("-Color", 20.0), ("Yellow", 150.0), ("-W.B.C/hpf", 300.0), ("0-1", 430.0)],
            &[("-PH", 20.0), ("5", 150.0), ("-Bacteria", 300.0), ("Negative", 430.0)],
            &[("-Protein", 20.0), ("Negative", 150.0), ("-Casts", 300.0), ("Negative", 430.0)],
        ]);
        let rows: Vec<(String, String)> =
            rows_from_page(&p, None).into_iter().map(|r| (r.name, r.value.text)).collect();
        for (name, value) in [("PH", "5"), ("Protein", "Negative"), ("Bacteria", "Negative"), ("Casts", "Negative")] {
            assert!(rows.contains(&(name.to_string(), value.to_string())), "{name} {value} in {rows:?}");
        }
        // Before, the right-hand pair ran into the left-hand row: `-PH 5 -Bacteria Negative`.
        assert!(rows.iter().all(|(n, _)| !n.contains("PH") || n == "PH"), "{rows:?}");
    }

    #[test]
    fn a_column_of_previous_results_is_neither_value_nor_reference() {
        let p = page(&[
            &[
                ("Test", 20.0),
                ("Current Result and Flag", 130.0),
                ("Previous Result and Date", 290.0),
                ("Units", 440.0),
                ("Reference Interval", 490.0),
            ],
            &[("LP-IR Score", 20.0), ("<25", 130.0), ("<25", 290.0), ("02/27/2025", 340.0), ("<=45", 490.0)],
            &[
                ("Vitamin B12", 20.0),
                ("1082", 130.0),
                (">2000", 290.0),
                ("02/27/2025", 340.0),
                ("pg/mL", 440.0),
                ("232-1245", 490.0),
            ],
        ]);
        assert_eq!(
            ranges(&p, None),
            [("LP-IR Score".to_string(), None, Some(45.0)), ("Vitamin B12".to_string(), Some(232.0), Some(1245.0))]
        );
    }

    #[test]
    fn a_range_a_scan_split_at_its_dash_is_one_range() {
        let p = page(&[
            &[("SODIUM", 20.0), ("141.1", 200.0), ("mmol/L", 300.0), ("136", 400.0), ("-", 432.0), ("145", 454.0)],
            &[("CHLORIDE", 20.0), ("106.1", 200.0), ("mmol/L", 300.0), ("98", 400.0), ("-107", 432.0)],
            &[("ESR", 20.0), ("14", 200.0), ("mm/hr", 300.0), ("(0 -", 400.0), ("15)", 436.0)],
        ]);
        assert_eq!(
            ranges(&p, None),
            [
                ("SODIUM".to_string(), Some(136.0), Some(145.0)),
                ("CHLORIDE".to_string(), Some(98.0), Some(107.0)),
                ("ESR".to_string(), Some(0.0), Some(15.0))
            ]
        );
    }

    #[test]
    fn units_with_slashes_are_not_a_date() {
        let p =
            page(&[&[("TIBC", 20.0), (":", 180.0), ("356", 200.0), ("ug/dL", 300.0), ("250-400 ug/dl ug/dL", 400.0)]]);
        assert_eq!(ranges(&p, None), [("TIBC".to_string(), Some(250.0), Some(400.0))]);
    }
}

#[cfg(test)]
mod interim_and_note_tests {
    use super::tests::page;
    use super::*;

    fn read(p: &Page) -> Vec<(String, String, Option<String>, Option<String>)> {
        rows_from_page(p, None).into_iter().map(|r| (r.name, r.value.text, r.unit, r.range_text)).collect()
    }

    #[test]
    fn a_scans_stray_marks_beside_a_number_or_a_flag_are_not_part_of_them() {
        let p = page(&[
            &[("Creatinine", 20.0), ("0.67,", 200.0), ("0.74", 300.0), ("mg/dL", 400.0), ("0.57-1.00", 480.0)],
            &[("Chloride", 20.0), ("~ 100", 200.0), ("102", 300.0), ("mmol/L", 400.0), ("96-106", 480.0)],
            &[
                ("Carbon Dioxide, Total", 20.0),
                ("19", 200.0),
                ("\u{2018}Low", 250.0),
                ("mmol/L", 400.0),
                ("20-29", 480.0),
            ],
            &[("Sodium", 20.0), ("140)", 200.0), ("mEq/L", 400.0), ("136-145", 480.0)],
            // Pieces of a rule read as `=` beside the value, or between it and its unit.
            &[("Glucose, Fasting", 20.0), ("108 =", 200.0), ("=mg/dL", 400.0), ("70-100", 480.0)],
            &[("Triglycerides", 20.0), ("131 = mg/dL", 200.0), ("< 150 mg/dL", 480.0)],
            // A bracketed number is no value: a footnote.
            &[("Potassium", 20.0), ("(4)", 200.0), ("mEq/L", 400.0), ("3.5-5.1", 480.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let got: Vec<(&str, &str, Option<Flag>)> =
            rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.flag)).collect();
        assert_eq!(
            got,
            [
                ("Creatinine", "0.67", None),
                ("Chloride", "100", None),
                ("Carbon Dioxide, Total", "19", Some(Flag::Low)),
                ("Sodium", "140", None),
                ("Glucose, Fasting", "108", None),
                ("Triglycerides", "131", None)
            ]
        );
        assert_eq!(rows[5].unit.as_deref(), Some("mg/dL"));
        assert_eq!(rows[5].range.as_ref().and_then(|r| r.high), Some(150.0));
        // A photo's flag column read `OL` for `L` and `+H` for `H`: the flag, and the unit after
        // it stands.
        let p = page(&[
            &[("Total T3", 20.0), ("67", 200.0), ("OL", 250.0), ("ng/mL", 300.0), ("80-200", 400.0)],
            &[("Glucose, Fasting", 20.0), ("102", 200.0), ("+H", 250.0), ("mg/dl", 300.0), ("70-100", 400.0)],
        ]);
        let got: Vec<_> = rows_from_page(&p, None).into_iter().map(|r| (r.flag, r.unit)).collect();
        assert_eq!(got, [(Some(Flag::Low), Some("ng/mL".into())), (Some(Flag::High), Some("mg/dl".into()))]);
        // A quote before a number is as often a misread digit (`‘2` for 0.72): not a value.
        let p = page(&[&[("Mixed#", 20.0), ("\u{2018}2", 200.0), ("x1000/mm3", 400.0), ("0.2-0.6", 480.0)]]);
        assert!(rows_from_page(&p, None).iter().all(|r| r.value.text != "2"));
    }

    #[test]
    fn a_method_alone_names_no_test_an_enzyme_named_as_its_assay_does_and_a_full_stop_after_a_value_is_no_part_of_it() {
        // A photo's slant put the name on the line under its row.
        let p = page(&[
            &[("SERUM GLOBULIN", 20.0), ("CALCULATED", 200.0), ("3.26", 300.0), ("gm/dL", 350.0), ("2.5-3.4", 420.0)],
            &[("_ CALCULATED", 200.0), ("1.39", 300.0), ("Ratio", 350.0), ("0.9-2", 420.0)],
            &[("SERUM ALB/GLOBULIN RATIO ;", 20.0), ("1.39.", 300.0)],
            // Quest: the enzymes end as methods do (`Hexokinase`) and are tests.
            &[("AMYLASE", 20.0), ("31", 300.0), ("21-101 U/L", 450.0), ("UL", 554.0)],
            &[("LIPASE", 20.0), ("31", 300.0), ("7-60 U/L", 450.0), ("UL", 554.0)],
        ]);
        let rows: Vec<(String, String)> =
            rows_from_page(&p, None).into_iter().map(|r| (r.name, r.value.text)).collect();
        let pair = |n: &str, v: &str| (n.to_string(), v.to_string());
        assert_eq!(
            rows,
            [
                pair("SERUM GLOBULIN", "3.26"),
                pair("SERUM ALB/GLOBULIN RATIO", "1.39"),
                pair("AMYLASE", "31"),
                pair("LIPASE", "31")
            ]
        );
    }

    #[test]
    fn tiers_printed_without_colons_under_a_result_give_the_normal_tier() {
        // Redcliffe: the method under the name, beside the second tier.
        let p = page(&[
            &[("Vitamin D 25 - Hydroxy", 20.0), ("13.8 L*", 300.0), ("ng/mL", 380.0), ("Deficient <20", 460.0)],
            &[("CMIA", 20.0), ("Insufficient 21 - 29", 440.0)],
            &[("Sufficient 30 - 100", 445.0)],
            &[("Calcium", 20.0), ("9.4", 300.0), ("mg/dL", 380.0), ("8.6-10.4", 460.0)],
        ]);
        let rows: Vec<(String, Option<f64>, Option<f64>)> = rows_from_page(&p, None)
            .into_iter()
            .map(|r| (r.name, r.range.as_ref().and_then(|r| r.low), r.range.as_ref().and_then(|r| r.high)))
            .collect();
        assert_eq!(
            rows,
            [
                ("Vitamin D 25 - Hydroxy".to_string(), Some(30.0), Some(100.0)),
                ("Calcium".to_string(), Some(8.6), Some(10.4)),
            ]
        );
        assert_eq!(labelled_tier("Up to 45"), None);
        assert_eq!(labelled_tier("Deficient <20").as_deref(), Some("Deficient: <20"));
    }

    #[test]
    fn a_row_sent_to_a_note_is_a_result_and_a_misread_unit_in_capitals_is_no_clause() {
        // Thyrocare photographed: the `-` of no unit read as `:` or a quote, `%` as `OH,`.
        let p = page(&[
            &[
                ("Red Cell Distribution Width (RDW - CV)", 20.0),
                ("Calculated", 230.0),
                ("12.8", 300.0),
                ("OH,", 360.0),
                ("11.6-14", 420.0),
            ],
            &[
                ("RED CELL DISTRIBUTION WIDTH INDEX (RDWI)", 20.0),
                ("Calculated", 230.0),
                ("263.4", 300.0),
                (":", 360.0),
                ("*Refer Note below", 420.0),
            ],
            &[
                ("MENTZER INDEX", 20.0),
                ("Calculated", 230.0),
                ("20.6", 300.0),
                ("\u{2018}", 360.0),
                ("\"Refer Note below", 420.0),
            ],
            // A clause of a sentence after a number is still prose.
            &[("Deficiency below", 20.0), ("20", 300.0), ("years,", 360.0)],
        ]);
        let rows: Vec<(String, Option<String>)> =
            rows_from_page(&p, None).into_iter().map(|r| (r.value.text, r.range_text)).collect();
        assert_eq!(
            rows,
            [
                ("12.8".to_string(), Some("11.6-14".to_string())),
                ("263.4".to_string(), Some("*Refer Note below".to_string())),
                ("20.6".to_string(), Some("\"Refer Note below".to_string())),
            ]
        );
    }

    #[test]
    fn a_reference_not_established_is_a_note_however_a_scan_ends_it() {
        let p = page(&[
            &[
                ("Test", 20.0),
                ("Current Result and Flag", 200.0),
                ("Previous Result and Date", 330.0),
                ("Units", 480.0),
                ("Reference Interval", 540.0),
            ],
            &[
                ("_ Monocytes \u{ae}", 20.0),
                ("7", 210.0),
                ("7", 300.0),
                ("8", 340.0),
                ("~", 360.0),
                ("10/24/2024", 380.0),
                ("~", 460.0),
                ("%", 480.0),
                ("NotEstab,", 540.0),
            ],
            &[("Eos", 20.0), ("2", 210.0), ("4", 340.0), ("10/24/2024", 380.0), ("%", 480.0), ("Not Estab.", 540.0)],
        ]);
        let rows: Vec<(String, String, Option<String>)> = rows_from_page(&p, None)
            .into_iter()
            .map(|r| (r.value.text, r.unit.unwrap_or_default(), r.range_text))
            .collect();
        assert_eq!(
            rows,
            [
                ("7".to_string(), "%".to_string(), Some("NotEstab,".to_string())),
                ("2".to_string(), "%".to_string(), Some("Not Estab.".to_string()))
            ]
        );
    }

    #[test]
    fn a_result_reaching_into_its_column_after_a_reference_before_it_is_the_result() {
        // `Test  Reference  Result  Unit`, the reference shaped like a result (`<150`): the
        // result at the foot of a photo's column starts left of its header and reaches into it,
        // its middle outside (on seed 47's photo, `45` 24 px left and 13 px in).
        let p = page(&[
            &[("PARAMETER", 20.0), ("Biological Ref. Interval", 200.0), ("RESULT", 400.0), ("Unit", 500.0)],
            &[("Uric Acid", 20.0), ("(3.5 - 7.2)", 200.0), ("3.2", 400.0), ("mg/dL", 500.0)],
            &[("Triglycerides", 20.0), ("<150", 200.0), ("45.0", 385.0), ("mg/dL", 500.0)],
        ]);
        let rows: Vec<(String, String)> =
            rows_from_page(&p, None).into_iter().map(|r| (r.name, r.value.text)).collect();
        assert_eq!(rows[1], ("Triglycerides".to_string(), "45.0".to_string()), "{rows:?}");
    }

    #[test]
    fn a_speck_after_a_result_is_no_full_stop_before_its_flag() {
        let p = page(&[
            &[
                ("Amylase", 20.0),
                ("123.", 200.0),
                ("High", 240.0),
                ("U/L", 300.0),
                ("M: 28 - 100 U/L F: 25 - 90", 360.0),
            ],
            &[("Urea", 20.0), ("10.", 200.0), ("L", 240.0), ("17 - 43", 360.0)],
        ]);
        let rows: Vec<(String, Option<f64>, Option<Flag>)> =
            rows_from_page(&p, Some(Sex::Male)).into_iter().map(|r| (r.name, r.value.number, r.flag)).collect();
        assert_eq!(
            rows,
            [("Amylase".to_string(), Some(123.0), Some(Flag::High)), ("Urea".to_string(), Some(10.0), Some(Flag::Low))]
        );
    }

    #[test]
    fn an_equivocal_result_is_read_and_a_legend_a_citation_or_a_sentence_is_not() {
        // LabCorp: lab codes in a column at the right, legends and citations under results.
        let p = page(&[
            &[("Hep B Surface Ab, Qual", 20.0), ("Equivocal", 200.0), ("02", 560.0)],
            &[("Non Reactive: Not immune to HBV infection.", 200.0)],
            &[("Equivocal: Unable to determine if anti-HBs", 200.0)],
            &[("Reactive: Anti-HBs concentration detected", 200.0)],
            &[("1. IOM (Institute of Medicine).", 30.0), ("2010.", 200.0), ("Dietary", 240.0), ("reference", 290.0)],
            &[("by the Food and Drug Administration.", 30.0)],
            &[("01", 30.0), ("BN", 60.0), ("Labcorp Burlington", 100.0), ("Dir: Sanjai Nagendra, MD", 400.0)],
            // Patient details whose words a scan ran together.
            &[("VisitNo. :\u{2014}C", 30.0), ("0", 200.0), ("Client", 240.0)],
            // A scale of percentiles repeating a result: its bands are no unit.
            &[
                ("LDL SIZE", 30.0),
                ("21.3", 200.0),
                ("23.0", 250.0),
                ("Large (Patern A)", 300.0),
                ("20.6", 400.0),
                ("Small (Patern B)", 440.0),
            ],
        ]);
        let rows: Vec<(String, String)> =
            rows_from_page(&p, None).into_iter().map(|r| (r.name, r.value.text)).collect();
        assert_eq!(rows, [("Hep B Surface Ab, Qual".to_string(), "Equivocal".to_string())]);
    }

    #[test]
    fn a_known_test_flagged_beside_its_value_is_a_result_though_its_unit_and_range_were_lost() {
        let p = page(&[
            &[
                ("4 Hematocrit", 20.0),
                (";", 150.0),
                ("47.9", 200.0),
                ("High", 250.0),
                ("43.0", 300.0),
                ("02/27/2025. ~=~*~*«GS*~CS", 350.0),
            ],
            &[("Hematocrit", 20.0), ("47.9", 200.0), ("43.0", 300.0), ("02/27/2025. ~=~*~*«GS*~CS", 350.0)],
            &[("Hematocrit", 20.0), ("479", 200.0), ("High", 250.0), ("02/27/2025. ~=~*~*«GS*~CS", 350.0)],
            &[("Insulin Resistance", 20.0), ("47.9", 200.0), ("High", 250.0), ("02/27/2025. ~=~*~*«GS*~CS", 350.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let got: Vec<(&str, &str, Option<Flag>)> =
            rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.flag)).collect();
        // Not unflagged, not impossible for the test (haematocrit 479), not a test unknown.
        assert_eq!(got, [("Hematocrit", "47.9", Some(Flag::High))]);
    }

    #[test]
    fn a_known_test_whose_reference_was_read_past_its_shape_is_a_result() {
        // `4.0 to 5.6 %` on a photo, its points and spaces lost and its `o` read as a nought.
        let p = page(&[
            &[("HbA1c", 20.0), ("5.7", 200.0), ("40t05.6%", 260.0)],
            // One number and a letter is no reference; neither is a date.
            &[("Hematocrit", 20.0), ("47.9", 200.0), ("43.0t", 260.0)],
            &[("Hematocrit", 20.0), ("47.9", 200.0), ("02/27/2025", 260.0)],
            // Not a test the catalog knows, nor a value the test can have.
            &[("Insulin Resistance", 20.0), ("5.7", 200.0), ("40t05.6%", 260.0)],
            &[("Hematocrit", 20.0), ("479", 200.0), ("40t05.6", 260.0)],
        ]);
        let rows = rows_from_page(&p, None);
        let got: Vec<(&str, &str)> = rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str())).collect();
        assert_eq!(got, [("HbA1c", "5.7")]);
        assert!(two_numbers_run_together("4.0x05.6") && !two_numbers_run_together("lto6"));
    }

    fn header() -> &'static [(&'static str, f32)] {
        &[("Test Name", 20.0), ("Results", 250.0), ("Units", 340.0), ("Bio. Ref. Interval", 430.0)]
    }

    #[test]
    fn a_known_test_with_an_empty_result_cell_is_a_row_without_a_value() {
        // An interim report: glucose is not done yet, and Lp(a)'s reference `<20` must not be
        // taken for its result.
        let p = page(&[
            header(),
            &[("APOLIPOPROTEIN B (Apo B)", 20.0), ("46.00", 250.0), ("mg/dL", 340.0), ("46 - 174", 430.0)],
            &[("(Immunoturbidimetry)", 20.0)],
            &[("GLUCOSE, FASTING (F), PLASMA", 20.0), ("mg/dL", 340.0), ("70 - 100", 430.0)],
            &[("(GOD POD)", 20.0)],
            &[("LIPOPROTEIN(a); Lp(a), SERUM", 20.0), ("mg/dL", 340.0), ("<20", 430.0)],
        ]);
        let rows = read(&p);
        let s = |x: &str| Some(x.to_string());
        assert_eq!(
            rows,
            [
                ("APOLIPOPROTEIN B (Apo B) (Immunoturbidimetry)".into(), "46.00".into(), s("mg/dL"), s("46 - 174")),
                ("GLUCOSE, FASTING (F), PLASMA (GOD POD)".into(), String::new(), s("mg/dL"), s("70 - 100")),
                ("LIPOPROTEIN(a); Lp(a), SERUM".into(), String::new(), s("mg/dL"), s("<20")),
            ]
        );
    }

    #[test]
    fn an_empty_result_needs_a_known_test_a_unit_and_a_range_under_a_header() {
        let p = page(&[
            &[("Cholesterol Total", 20.0), ("mg/dL", 340.0), ("<200", 430.0)],
            header(),
            // Not a test the catalog knows.
            &[("Extreme Risk Group", 20.0), ("mg/dL", 340.0), ("<200", 430.0)],
            // A range alone.
            &[("Triglycerides", 20.0), ("<150", 430.0)],
        ]);
        assert_eq!(read(&p), []);
    }

    #[test]
    fn lines_of_interpretation_tables_and_notes_are_not_results() {
        let p = page(&[
            header(),
            // A risk table's tiers: bounds with >= and no unit.
            &[("Extreme (A)", 20.0), (">=50", 130.0), (">=80", 200.0), ("<50", 300.0)],
            // Ranges among the "name" words.
            &[("HbA1c in %", 20.0), ("4.0-5.6", 130.0), ("5.7-6.4", 200.0), (">= 6.5", 300.0), ("<7.0", 400.0)],
            // A sentence in a justified table cell.
            &[("exercise in past", 20.0), ("3", 200.0), ("days", 250.0), ("and/or renal", 300.0)],
            &[("2. False", 20.0), ("positive", 120.0), ("results", 200.0), ("can be seen in the presence of", 260.0)],
        ]);
        assert_eq!(read(&p), []);
        // A measurement beyond a limit keeps its row: `<25` against `<=45`.
        let p = page(&[header(), &[("LP-IR Score", 20.0), ("<25", 250.0), ("<=45", 430.0)]]);
        assert_eq!(read(&p).len(), 1);
    }

    #[test]
    fn a_value_glued_to_its_unit_is_read_apart_and_ranges_and_units_with_numbers_stay_whole() {
        let p = page(&[
            header(),
            &[("HbA1c", 20.0), ("5.6%", 250.0), ("4.0-5.6", 430.0)],
            &[("HCT-Hematokrit", 20.0), ("L 24.8%", 240.0)],
            &[("Glucose", 20.0), ("88mg/dL", 250.0), ("70-100", 430.0)],
            // A range with its unit glued, and a unit's own number, are no value and unit.
            &[("eGFR", 20.0), ("92", 250.0), ("mL/min/1.73m2", 340.0), (">60", 430.0)],
            &[("Neutrophils", 20.0), ("60", 250.0), ("%", 340.0), ("40-80%", 430.0)],
            &[("WBC", 20.0), ("7.2", 250.0), ("1000/mm3", 340.0), ("4-11", 430.0)],
            // An assay's precision in a note is no result.
            &[("Precision %CV :- Intra assay %CV-", 20.0), ("4.55%", 250.0), (", Inter assay %CV-0.86 %", 340.0)],
        ]);
        let rows: Vec<_> = rows_from_page(&p, None)
            .into_iter()
            .map(|r| (r.name, r.value.text, r.unit, r.range.and_then(|r| r.high), r.flag))
            .collect();
        assert_eq!(
            rows,
            [
                ("HbA1c".into(), "5.6".into(), Some("%".into()), Some(5.6), None),
                ("HCT-Hematokrit".into(), "24.8".into(), Some("%".into()), None, Some(Flag::Low)),
                ("Glucose".into(), "88".into(), Some("mg/dL".into()), Some(100.0), None),
                ("eGFR".into(), "92".into(), Some("mL/min/1.73m2".into()), None, None),
                ("Neutrophils".into(), "60".into(), Some("%".into()), Some(80.0), None),
                ("WBC".into(), "7.2".into(), Some("1000/mm3".into()), Some(11.0), None),
            ]
        );
    }

    #[test]
    fn specks_after_a_percent_or_count_mark_are_not_part_of_the_name() {
        let p = page(&[
            header(),
            &[("Monosit # kb", 20.0), ("0.07", 250.0), ("Bin/uL", 340.0)],
            &[("Monosit% ss Ls", 20.0), ("1.3", 250.0), ("%", 340.0)],
            &[("Monosit# \u{2014}s_>", 20.0), ("0.07", 250.0), ("Bin/uL", 340.0)],
            // A flag stays for the flag reader; words that are not specks stay.
            &[("Lenfosit % L", 20.0), ("13.7", 250.0), ("%", 340.0)],
            &[("Neutrophils % Abs", 20.0), ("4.1", 250.0), ("%", 340.0)],
        ]);
        let names: Vec<String> = read(&p).into_iter().map(|r| r.0).collect();
        assert_eq!(names, ["Monosit #", "Monosit%", "Monosit#", "Lenfosit % L", "Neutrophils % Abs"]);
    }

    #[test]
    fn specks_a_photo_read_after_a_names_leader_dots_are_not_part_of_it() {
        let p = page(&[
            header(),
            &[("LDL Cholesterol... A", 20.0), ("79", 250.0), ("mg/dL", 340.0)],
            &[("AST 0.0... 5", 20.0), ("9", 250.0), ("U/L", 340.0)],
            &[("Creatinine.....", 20.0), ("0.9", 250.0), ("mg/dL", 340.0)],
            // A word of the name with a digit, the name known with it: no leader's start.
            &[("Hemoglobin A1c...", 20.0), ("5.5", 250.0), ("%", 340.0)],
            // Specks read as letters glued to the closing bracket.
            &[("Thyroid Stimulating Hormone (TSH)oo", 20.0), ("3.06", 250.0), ("uIU/mL", 340.0)],
            &[("Potassium (K+)ih", 20.0), ("4.5", 250.0), ("mmol/L", 340.0)],
            // Or apart, what was left of the leader dots with them (`oo.`).
            &[("Thyroid Stimulating Hormone (TSH) oo.", 20.0), ("3.06", 250.0), ("uIU/mL", 340.0)],
        ]);
        let names: Vec<String> = read(&p).into_iter().map(|r| r.0).collect();
        let brackets = ["Thyroid Stimulating Hormone (TSH)", "Potassium (K+)"];
        assert_eq!(
            names,
            ["LDL Cholesterol", "AST", "Creatinine", "Hemoglobin A1c", brackets[0], brackets[1], brackets[0]]
        );
    }

    #[test]
    fn a_sections_heading_over_a_line_that_starts_with_a_result_is_no_name_for_it() {
        let p = page(&[
            &[("Haemoglobin", 20.0)],
            &[("13.5", 200.0), ("g/dL", 260.0), ("13.0 - 17.0", 320.0)],
            &[("Kidney Function Test", 20.0)],
            &[("61", 200.0), ("U/L", 260.0), ("40 - 129", 320.0)],
        ]);
        let names: Vec<String> = read(&p).into_iter().map(|r| r.0).collect();
        assert_eq!(names, ["Haemoglobin"]);
    }

    #[test]
    fn a_unit_with_digits_before_a_reference_by_sex_is_the_units() {
        let p = page(&[
            &[("Tests", 20.0), ("Unit(s)", 200.0), ("Biological Ref. Interval", 300.0), ("Observed Value", 520.0)],
            &[("TLC", 20.0), ("x10^3/uL", 200.0), ("M: 3.60 - 9.90 F: 4.00 - 11.00", 300.0), ("6.89", 540.0)],
            &[("ESR", 20.0), ("mm/1st hr", 200.0), ("M: 0 - 14 F: 0 - 15", 300.0), ("1", 540.0)],
            // A unit a scan misread (`^` as `°`).
            &[("WBC", 20.0), ("x10°3/uL", 200.0), ("M: 3.60 - 9.90 F: 4.00 - 11.00", 300.0), ("6.89", 540.0)],
        ]);
        let rows = rows_from_page(&p, Some(Sex::Female));
        let read: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.unit.as_deref(), r.range_text.as_deref())).collect();
        assert_eq!(
            read,
            [
                ("TLC", Some("x10^3/uL"), Some("M: 3.60 - 9.90 F: 4.00 - 11.00")),
                ("ESR", Some("mm/1st hr"), Some("M: 0 - 14 F: 0 - 15")),
                ("WBC", Some("x10°3/uL"), Some("M: 3.60 - 9.90 F: 4.00 - 11.00"))
            ]
        );
    }

    #[test]
    fn a_bar_inside_a_name_is_the_letter_i() {
        let p = page(&[header(), &[("TROPONIN- |, SERUM HIGH SENSITIVE", 20.0), ("4", 250.0), ("ng/L", 340.0)]]);
        assert_eq!(read(&p)[0].0, "TROPONIN- I, SERUM HIGH SENSITIVE");
        let p = page(&[&[("| Haemoglobin |", 20.0), ("13.5", 250.0), ("g/dL", 340.0), ("13-17", 430.0)]]);
        assert_eq!(read(&p)[0].0, "Haemoglobin");
    }
}

#[cfg(test)]
mod specimen_tests {
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

#[cfg(test)]
mod fuzz {
    use proptest::prelude::*;

    use super::*;

    /// Words a lab report is made of (numbers, flags, units, ranges, punctuation) and any text.
    fn word() -> impl Strategy<Value = String> {
        prop_oneof![
            "[A-Za-z]{1,10}",
            "[0-9]{1,6}([.,][0-9]{1,3})?",
            Just("-".to_string()),
            Just(":".to_string()),
            Just("H".to_string()),
            Just("L*".to_string()),
            Just("mg/dL".to_string()),
            Just("(4.0-11.0)".to_string()),
            Just("<".to_string()),
            Just("Non".to_string()),
            Just("Reactive".to_string()),
            Just("Negative".to_string()),
            ".{0,8}",
        ]
    }

    fn words() -> impl Strategy<Value = Vec<Word>> {
        proptest::collection::vec(
            (
                word(),
                0.0f32..600.0,
                0.0f32..850.0,
                1.0f32..80.0,
                4.0f32..14.0,
                any::<bool>(),
                proptest::option::of(0u32..40),
            ),
            0..60,
        )
        .prop_map(|ws| {
            ws.into_iter()
                .map(|(text, x, y, w, h, bold, line)| Word {
                    text,
                    bbox: BBox { x0: x, y0: y, x1: x + w, y1: y + h },
                    bold,
                    line,
                })
                .collect()
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// Any words anywhere: no panic, and every row read has a value and lies on the page.
        #[test]
        fn any_page_is_read_without_panic_into_sane_rows(ws in words(), sex in proptest::option::of(any::<bool>())) {
            let page = Page { number: 1, width: 700.0, height: 900.0, words: ws };
            let sex = sex.map(|f| if f { Sex::Female } else { Sex::Male });
            // About one page in six yields rows (checked when this was written).
            for row in rows_from_page(&page, sex) {
                prop_assert!(!row.name.trim().is_empty());
                // A row has a value, or is a known test with an empty result cell, printed
                // with its unit and reference.
                prop_assert!(!row.value.text.trim().is_empty() || (row.unit.is_some() && row.range.is_some()));
                prop_assert!(row.bbox.x0 <= row.bbox.x1 && row.bbox.y0 <= row.bbox.y1);
                prop_assert!(row.bbox.x1 <= 700.0 && row.bbox.y1 <= 900.0);
                prop_assert_eq!(row.page, 1);
            }
        }

        /// Degenerate geometry (zero-size, overlapping, NaN-free but extreme boxes) is tolerated.
        #[test]
        fn degenerate_boxes_do_not_panic(texts in proptest::collection::vec(word(), 0..30), x in 0.0f32..1.0) {
            let words = texts
                .into_iter()
                .map(|text| Word { text, bbox: BBox { x0: x, y0: 0.0, x1: x, y1: 0.0 }, bold: false, line: Some(0) })
                .collect();
            let _ = rows_from_page(&Page { number: 1, width: 0.0, height: 0.0, words }, None);
        }
    }
}
