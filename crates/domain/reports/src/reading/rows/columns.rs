//! Columns: the header line that names a table's columns (result, unit, reference, method,
//! previous results), and the columns of tables set side by side or of notes.

use super::*;

/// Column headers: which words name which column.
pub(super) const VALUE_HEADERS: &[&str] = &["result", "results", "value", "values", "observed", "observation", "your"];

pub(super) const METHOD_HEADERS: &[&str] = &["method", "methodology", "technology", "specimen", "sample", "technique"];

pub(super) const NAME_HEADERS: &[&str] = &[
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
pub(super) struct Columns {
    /// Where the method column starts (`TEST NAME  TECHNOLOGY  VALUE  UNITS`).
    pub(super) method_x: Option<f32>,
    /// The span of a column of earlier results (`Previous Result and Date`): nothing in it is
    /// the current value or the reference.
    pub(super) previous: Option<(f32, f32)>,
    /// The span of the result column, from its header to the next header.
    pub(super) value: Option<(f32, f32)>,
    /// Where the header before the result's starts, when that is not the name's (`Test Name
    /// REFERENCE INTERVAL  Your Value`).
    pub(super) before_value: Option<f32>,
    /// The span of a unit column before the result's (`Test  Units  Result`), from halfway
    /// between its header and the one before to the next header.
    pub(super) unit_before: Option<(f32, f32)>,
    /// The same for a unit column after the result's (`Test  Result  Reference  Units`), on a
    /// scanned page.
    pub(super) unit_after: Option<(f32, f32)>,
    /// Where results printed in two columns, within the range and out of it, are parted
    /// (`In Range  Out Of Range`), and whether the column out of the range is the right one.
    pub(super) out_of_range: Option<(f32, bool)>,
}

impl Columns {
    pub(super) fn in_previous(&self, cell: &Cell) -> bool {
        self.previous.is_some_and(|(x0, x1)| {
            let mid = cell.mid_x();
            mid >= x0 - 2.0 && mid < x1 - 2.0
        })
    }

    /// Whether `cell` starts where the header after the result's does, or right of it (a
    /// scan's drift allowed for).
    pub(super) fn after_value(&self, cell: &Cell) -> bool {
        self.value.is_some_and(|(_, end)| cell.x0 >= end - 2.0)
    }

    /// Whether `cell` stands under the result column's header (its centre between that header
    /// and the next).
    pub(super) fn in_unit_after(&self, cell: &Cell) -> bool {
        self.unit_after.is_some_and(|(x0, x1)| (x0..x1).contains(&cell.mid_x()))
    }

    /// Whether `cell` stands in the column of results out of the range, where the results
    /// are printed in two (`In Range  Out Of Range`): the lab's own mark of an abnormal one.
    pub(super) fn in_out_of_range(&self, cell: &Cell) -> bool {
        self.out_of_range.is_some_and(|(at, right)| (cell.mid_x() >= at) == right)
    }

    pub(super) fn in_value(&self, cell: &Cell) -> bool {
        self.value.is_some_and(|(x0, x1)| {
            let mid = cell.mid_x();
            mid >= x0 - 2.0 && mid < x1
        })
    }
}

pub(super) const PREVIOUS_HEADERS: &[&str] = &["previous", "prior", "last", "earlier"];

/// Headers of a unit column.
pub(super) const UNIT_HEADERS: &[&str] = &["unit", "units", "uom"];

/// Headers of a reference column.
pub(super) const REFERENCE_HEADERS: &[&str] = &["reference", "ref", "interval", "range", "normal", "biological"];

/// Headers of results printed in one of two columns, within the range or out of it, as Quest
/// prints them (`In Range  Out Of Range`, `Normal  Abnormal`): each whole cell. (`Normal`
/// alone; `Normal Range` is the reference's.) The column within the range:
const IN_RANGE_HEADERS: &[&str] = &["in range", "within range", "normal"];

/// The column out of the range (see [`IN_RANGE_HEADERS`]).
const OUT_OF_RANGE_HEADERS: &[&str] = &["out of range", "outside range", "out-of-range", "abnormal"];

/// Whether a header cell is, as a whole, one of `set`.
fn whole_header(cell: &Cell, set: &[&str]) -> bool {
    set.contains(&cell.text.trim().to_lowercase().as_str())
}

/// Whether a header cell heads either column of results within and out of the range.
pub(super) fn in_out_header(cell: &Cell) -> bool {
    whole_header(cell, IN_RANGE_HEADERS) || whole_header(cell, OUT_OF_RANGE_HEADERS)
}

/// Where the result column's header is in a header line: one naming a result, or the first of
/// the columns within and out of the range (`Tests  Ref. Range  Normal  Out Of Range  Unit(s)`,
/// `Test Name  Method  Within Range  Abnormal`), the second right after it.
pub(super) fn value_header(cells: &[Cell]) -> Option<usize> {
    cells.iter().position(|c| header_says(c, VALUE_HEADERS) && !header_says(c, PREVIOUS_HEADERS)).or_else(|| {
        let at = cells.iter().position(in_out_header).filter(|&i| i > 0)?;
        cells.get(at + 1).is_some_and(in_out_header).then_some(at)
    })
}

/// The last cell of the result column's header that starts at cell `at` of a header line: a
/// photo can set its words apart as cells (`Your` | `Value`, `Observed` | `Value`), the second
/// read a letter wrong as well (`Your` | `alue`). The cells after `at` that are a letter at
/// most from `value` or `result`.
fn value_header_end(cells: &[Cell], at: usize) -> usize {
    let names_result = |c: &Cell| {
        let word = c.text.trim().to_lowercase();
        ["value", "values", "result", "results"].iter().any(|w| crate::catalog::edit_distance_within(&word, w, 2))
    };
    let mut last = at;
    while cells.get(last + 1).is_some_and(names_result) {
        last += 1;
    }
    last
}

/// The columns a header line names, if it is a header line. `name_above`: the line just above
/// holds the name column's header, as a photo's header can come out on two lines (`TEST NAME`
/// a little higher than `TECHNOLOGY  VALUE  UNITS`).
pub(super) fn header_columns(cells: &[Cell], name_above: bool) -> Option<Columns> {
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
            let (start, _) = span(i, VALUE_HEADERS);
            let last = value_header_end(cells, i);
            (start, cells.get(last + 1).map_or(f32::MAX, |next| next.x0))
        }
    });
    let out_of_range = value_at.filter(|&i| in_out_header(&cells[i])).and_then(|i| {
        let says_out = |c: &Cell| whole_header(c, OUT_OF_RANGE_HEADERS);
        let (first, second) = (&cells[i], cells.get(i + 1)?);
        (says_out(first) != says_out(second)).then(|| ((first.x1 + second.x0) / 2.0, says_out(second)))
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
    Some(Columns { method_x, previous, value, before_value, unit_before, unit_after, out_of_range })
}

/// The columns under a scanned header whose result column's header OCR lost (`Test
/// Description  Reference Range`, its `RESULT` unread): the result column is the one its rows
/// end in, right of the reference's header, where at least four of them end (or start, a
/// column set left) within a letter's height of each other, more than half the rows that end
/// in a result there; the reference's header is the one before it.
pub(super) fn value_column_of_rows(header: &[Cell], below: &[Line]) -> Option<Columns> {
    // (The cheap tests first: every line of a scan without a header is asked.)
    if header.len() < 2 || !header_says(&header[0], NAME_HEADERS) || holds_number(header) {
        return None;
    }
    let reference = header.iter().rposition(|c| header_says(c, REFERENCE_HEADERS)).filter(|&i| i > 0)?;
    let reference_x = header[reference].x0;
    let mut ends: Vec<(f32, f32, f32)> = Vec::new();
    for line in table_rows(below) {
        let h = line.bbox.height().max(1.0);
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

/// The lines of a table under its header (`below`): up to the next header, or a line far
/// below the one before (the table's end).
fn table_rows(below: &[Line]) -> &[Line] {
    let mut y = below.first().map_or(0.0, |l| l.bbox.y0);
    let end = below
        .iter()
        .position(|line| {
            let far = line.bbox.y0 - y > 4.0 * line.bbox.height().max(1.0);
            y = line.bbox.y1;
            far || header_columns(&line.cells, false).is_some()
        })
        .unwrap_or(below.len());
    &below[..end]
}

/// The span of a unit column after the reference's whose header OCR lost (`Investigation
/// Result  Biological Ref. Interval`, its `Units` unread), on a scanned page: where the rows
/// (`below` the header) end in a word right of their reference, at least three of them within
/// three letters' height of where the middle one starts, and three of those, or two that are
/// a quarter of them, a unit as printed (`%`, `ng/mL`): the others are units a photo misread
/// (`mafdt`). Not a column of remarks (`Rechecked`), of earlier results, or of the reference
/// itself.
pub(super) fn unit_column_of_rows(header: &[Cell], columns: &Columns, below: &[Line]) -> Option<(f32, f32)> {
    let (_, value_end) = columns.value?;
    if columns.unit_after.is_some()
        || columns.unit_before.is_some()
        || header.iter().any(|c| header_says(c, UNIT_HEADERS))
    {
        return None;
    }
    let reference_x = header.iter().find(|c| c.x0 >= value_end - 2.0 && header_says(c, REFERENCE_HEADERS))?.x0;
    let mut ends: Vec<(f32, bool, f32)> = Vec::new();
    for line in table_rows(below) {
        if let [.., before, last] = line.cells.as_slice()
            && before.x1 >= reference_x
            && last.x0 > before.x1
            && last.text.split_whitespace().count() <= 2
            && last.text.chars().count() <= 12
            && last.value().is_none()
            && parse_range(&last.text, None).is_none()
        {
            let known = last.text == "%" || crate::catalog::is_known_unit(last.text.trim());
            ends.push((last.x0, known, line.bbox.height().max(1.0)));
        }
    }
    let mut starts: Vec<f32> = ends.iter().map(|e| e.0).collect();
    starts.sort_by(f32::total_cmp);
    let middle = *starts.get(starts.len() / 2)?;
    let h = ends.iter().map(|e| e.2).fold(0.0, f32::max);
    let column: Vec<&(f32, bool, f32)> = ends.iter().filter(|e| (e.0 - middle).abs() <= 3.0 * h).collect();
    let known = column.iter().filter(|e| e.1).count();
    (column.len() >= 3 && (known >= 3 || (known >= 2 && known * 4 >= column.len())))
        .then_some((middle - 3.0 * h, f32::MAX))
}

/// The columns of a cumulative report's header (`Test  05/10/2026  12/11/2026  Units`): a
/// column of results for each date after the name's header; the latest date's is the result,
/// the others earlier results (those on one side of it, where they all are).
pub(super) fn dated_columns(cells: &[Cell]) -> Option<Columns> {
    // (Every line is asked: the cheap test first.)
    let date_like = |c: &Cell| c.text.contains(|ch: char| ch.is_ascii_digit()) && c.text.contains(['/', '-', '.']);
    if cells.iter().filter(|c| date_like(c)).count() < 2 {
        return None;
    }
    let name = cells.iter().position(|c| header_says(c, NAME_HEADERS))?;
    let after = &cells[name + 1..];
    let texts: Vec<&str> = after.iter().map(|c| c.text.as_str()).collect();
    let (latest, dated) = crate::reading::dates::latest_date(&texts)?;
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
    Some(Columns { previous, value, ..Columns::default() })
}

/// Where in a header cell the first of its words in `set` starts, by its share of the cell's
/// letters (a text layer gives the cell's box, not each word's).
pub(super) fn header_word_x(cell: &Cell, set: &[&str]) -> Option<f32> {
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
pub(super) fn header_says(cell: &Cell, set: &[&str]) -> bool {
    header_text_says(&cell.text, set)
}

/// Whether `text` holds one of the words of `set`. A header word of six letters or more may be
/// one letter off, as OCR reads a photo's header (`METHOO`, `mI |ETHODOLOGY` with its `M` split
/// in two): the letters run together are compared as well.
pub(super) fn header_text_says(text: &str, set: &[&str]) -> bool {
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
pub(super) fn header_method_x(cells: &[Cell], name_above: bool) -> Option<Option<f32>> {
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

/// Where a second table set beside the first starts: a header line that names the test and
/// the result columns twice (`Test Name  Result    Test Name  Result`), at the second name.
/// OCR may run a header's words together (`TestName_—_—siResult`), so words are looked for
/// inside each cell's letters.
pub(super) fn twin_table_x(lines: &[Line]) -> Option<f32> {
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
pub(super) fn letters_of(cell: &Cell) -> String {
    cell.text.to_lowercase().chars().filter(|ch| ch.is_alphanumeric()).collect()
}

/// A twin table whose header is set on two lines, the second table's a line lower
/// (`Test Name  04.11.2025` over `(Most Recent)  Test Name  04.11.2025`): two cells that read
/// only `Test Name`, on header lines at most two apart, the second well to the right of the
/// first. Only the whole phrase counts, not a lone `Test` (as in `Test Group Score`).
pub(super) fn stacked_twin_x(lines: &[Line]) -> Option<f32> {
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
pub(super) fn holds_number(cells: &[Cell]) -> bool {
    cells.iter().any(|c| parse_value(&c.text).and_then(|v| v.number).is_some())
}

/// Where a column of interpretive notes starts: after the header cell before one reading only
/// `Interpretation`, `Comments` or `Remarks` (a header centred over its column starts right of
/// the column's sentences), on a line of three or more cells without numbers. Sentences in
/// that column are not parts of the rows beside them.
pub(super) fn notes_column_x(cells: &[Cell]) -> Option<f32> {
    if cells.len() < 3 || holds_number(cells) {
        return None;
    }
    let notes = (1..cells.len()).find(|&i| {
        matches!(cells[i].text.trim().to_lowercase().as_str(), "interpretation" | "comments" | "comment" | "remarks")
    })?;
    Some(cells[notes - 1].x1 + 1.0)
}
