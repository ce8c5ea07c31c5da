//! A second, closer look at the rows of an OCR page that do not make sense as read.
//!
//! The first reading of a photo gets most rows right and a few wrong where the print is
//! smallest: a range lost (`>29` read as nothing), run together (`3.65` for `3.6-5`) or read
//! as the unit (`v7` for `17-47`). Those rows are found by what the catalog expects of them
//! ([`sense`]); their bands are read again enlarged (`OcrEngine::reread_bands`), and a band's
//! second reading replaces its first only where its rows make more sense. Rows that read well
//! the first time cost nothing more, and a second reading that is worse is thrown away.
//!
//! A line that names a test and still has no row after that is read a third time, as plain
//! lines of text (`Layout::Rows`): Tesseract's layout analysis can leave out a lone one-digit
//! result on the page and again on the row cut out (a photo's `Monocytes  (2 - 10)  7  %` came
//! back as `Monocytes`). Only such lines: read that way, rows that were merely doubtful came
//! out worse as often as better (labdata's photos lost four results and found one). Where the
//! line read again is no better whole (its name misread, `Vitarmen D Total  80.4`), the words
//! it found where the first reading has none (the `80.4`) are added to the first reading's.

use std::collections::HashMap;

use ht_ocr::tesseract::{OcrEngine, Prepared};
use ht_ocr::worker::Layout;
use ht_reports::catalog;
use ht_reports::reading::{
    LabRow, RefRange, Sex, detect_sex, is_comparison, is_count_span, labels_the_sex, rows_from_page, sex_ranges,
};
use ht_reports::{BBox, ExtractError, Page, Word};

use super::{known_test, mend_misread, range_far_from_usual, range_lost_point, range_with_points, value_possible};

/// `page` (read from `prepared`, its rows `rows`, read for a person of sex `sex` where known)
/// with the bands of its rows that make less sense than they could read again, each second
/// reading kept where it makes more sense than the first; then the lines naming a test that
/// still have no row read again as rows, kept in the same way.
///
/// # Errors
/// When OCR fails or the deadline passes.
pub fn reread_doubtful_rows(
    engine: &mut OcrEngine,
    page: Page,
    rows: &[LabRow],
    prepared: &Prepared,
    sex: Option<Sex>,
) -> Result<Page, ExtractError> {
    let ranges = ranges_printed(rows);
    let bands = doubtful_bands(&page, rows, ranges);
    if bands.is_empty() {
        return Ok(page);
    }
    let reread = engine.reread_bands(prepared, &bands, Layout::Page)?;
    let page = better_of(page, rows, ranges, &bands, &reread, sex);
    let page = reread_lines_without_rows(engine, page, prepared, ranges, sex)?;
    let page = reread_lost_units(engine, page, prepared, ranges, sex)?;
    reread_garbled_references(engine, page, prepared, ranges, sex)
}

/// `page` with the reference of each row that has all but a range read again alone, as lines
/// of text: the cell of words where it was printed ([`garbled_reference_cells`]), to the next
/// word right of it or the table's right edge. Two tiers printed close one under the other
/// (`Male: (136 - 145)` over `Female: (122 - 130)`) touch on a small photo, and Tesseract's
/// layout analysis reads them as one line of both (`Male: (3 196 3 Xho)`), on the page and
/// again on the row cut out whole; read as lines of text they come apart. The reading is kept
/// where the rows make more sense with it ([`better_of`]) and none outside its cells makes
/// less ([`unless_spoiling`]).
fn reread_garbled_references(
    engine: &mut OcrEngine,
    page: Page,
    prepared: &Prepared,
    ranges: bool,
    sex: Option<Sex>,
) -> Result<Page, ExtractError> {
    if !ranges {
        return Ok(page);
    }
    let rows = rows_from_page(&page, sex);
    let cells = garbled_reference_cells(&page, &rows);
    if cells.is_empty() {
        return Ok(page);
    }
    let reread = engine.reread_bands(prepared, &cells, Layout::Rows)?;
    let reread = renumbered(&page, reread);
    let kept = better_of(page.clone(), &rows, ranges, &cells, &reread, sex);
    Ok(unless_spoiling(page, &rows, kept, &cells, ranges, sex))
}

/// `kept`, `page` with `cells` read again, unless the rows of `page` (`rows`) outside the
/// cells make less sense on it than they did: `page` then. Lines added where there was one
/// shift the page's columns as the rows reader measures their drift down a photo, and a unit
/// under its header's edge moved into the column before it (ph137 layout_005 lost three
/// units so).
fn unless_spoiling(page: Page, rows: &[LabRow], kept: Page, cells: &[BBox], ranges: bool, sex: Option<Sex>) -> Page {
    let outside = |rows: &[LabRow]| -> u32 {
        rows.iter()
            .filter(|r| !cells.iter().any(|b| (b.y0..=b.y1).contains(&r.bbox.mid_y())))
            .map(|r| sense(r, ranges))
            .sum()
    };
    if outside(&rows_from_page(&kept, sex)) < outside(rows) { page } else { kept }
}

/// The cells to read again of the rows of `page` (`rows`) that lack only a range
/// ([`range_garbled`]): the words that spell the row's reference ([`reference_cell`]), or
/// where the row took none, those that start in the references' column ([`column_cell`];
/// where they start on the rows that have a range, the median).
fn garbled_reference_cells(page: &Page, rows: &[LabRow]) -> Vec<BBox> {
    let letter = letter_height(page);
    let right = table_right(page, rows, letter);
    let mut starts: Vec<f32> = rows
        .iter()
        .filter(|r| r.range.is_some())
        .filter_map(|r| reference_cell(page, r, letter, right))
        .map(|cell| cell.x0)
        .collect();
    starts.sort_by(f32::total_cmp);
    let column = starts.get(starts.len() / 2).copied();
    rows.iter()
        .filter(|r| range_garbled(r))
        .filter_map(|r| reference_cell(page, r, letter, right).or_else(|| column_cell(page, r, column?, letter, right)))
        .collect()
}

/// Whether `row` names a known test with a value it can have and a unit that fits, and no
/// range that fits: all it lacks is a range. Not where the reference read names a sex: that
/// row's range is a matter of which tier is the person's, not of letters misread.
fn range_garbled(row: &LabRow) -> bool {
    let sexed = row.range_text.as_deref().is_some_and(|t| {
        t.split(|c: char| !c.is_alphabetic())
            .any(|w| ["male", "female", "men", "women"].contains(&w.to_lowercase().as_str()))
    });
    !sexed && sense(row, false) == 8 && sense(row, true) == 7
}

/// The box to read again for `row`'s reference (`range_text`), on `page` of letters `letter`
/// tall whose table ends at `right`: the words level with the row that spell the reference
/// ([`run_cell`]). `None` where no run of words spells it.
fn reference_cell(page: &Page, row: &LabRow, letter: f32, right: f32) -> Option<BBox> {
    let squeezed = |t: &str| t.chars().filter(|c| !c.is_whitespace() && *c != ';').collect::<String>();
    let wanted = squeezed(row.range_text.as_deref()?);
    let level = level_with(page, row);
    for start in 0..level.len() {
        let mut spelt = String::new();
        for end in start..level.len() {
            spelt.push_str(&squeezed(&level[end].text));
            if !wanted.starts_with(&spelt) {
                break;
            }
            if spelt == wanted {
                return Some(run_cell(&level, start, end, letter, right));
            }
        }
    }
    None
}

/// Where no words spell `row`'s reference ([`reference_cell`]), the box of the words level
/// with it that start in the references' column (at `column`) and run on with no gap of a
/// letter and a half ([`run_cell`]): a reference read as words the row did not take for one.
fn column_cell(page: &Page, row: &LabRow, column: f32, letter: f32, right: f32) -> Option<BBox> {
    let level = level_with(page, row);
    let start = level.iter().position(|w| (column - letter..=column + 3.0 * letter).contains(&w.bbox.x0))?;
    let mut end = start;
    while end + 1 < level.len() && level[end + 1].bbox.x0 - level[end].bbox.x1 < 1.5 * letter {
        end += 1;
    }
    Some(run_cell(&level, start, end, letter, right))
}

/// The words of `page` whose middle is level with `row`, left to right.
fn level_with<'p>(page: &'p Page, row: &LabRow) -> Vec<&'p Word> {
    let mut level: Vec<&Word> =
        page.words.iter().filter(|w| (row.bbox.y0..=row.bbox.y1).contains(&w.bbox.mid_y())).collect();
    level.sort_by(|a, b| a.bbox.x0.total_cmp(&b.bbox.x0));
    level
}

/// The box of the words `level[start..=end]` (of letters `letter` tall, in a table ending at
/// `right`): from half a letter before the first to the next word after the last (or `right`),
/// a third of a letter above and below.
fn run_cell(level: &[&Word], start: usize, end: usize, letter: f32, right: f32) -> BBox {
    let run = &level[start..=end];
    let (y0, y1) =
        run.iter().fold((f32::INFINITY, f32::NEG_INFINITY), |(a, b), w| (a.min(w.bbox.y0), b.max(w.bbox.y1)));
    let x1 = level.get(end + 1).map_or(right, |next| next.bbox.x0 - 0.3 * letter);
    BBox {
        x0: run[0].bbox.x0 - 0.5 * letter,
        y0: y0 - letter / 3.0,
        x1: x1.max(run[run.len() - 1].bbox.x1 + 0.3 * letter),
        y1: y1 + letter / 3.0,
    }
}

/// `reread`, the words read again in the cells of the page `page`, with their lines numbered
/// after `page`'s last. (Lines read again are numbered from the page's height on, as are those
/// of earlier second readings that `page` may hold: a tier read again kept its number and
/// joined another row's line.) The row parser takes the first line read in a cell as its
/// row's reference by where it is, and the lines under it as further tiers.
fn renumbered(page: &Page, mut reread: Vec<Word>) -> Vec<Word> {
    let after = page.words.iter().filter_map(|w| w.line).max().map_or(0, |l| l + 1);
    let first = reread.iter().filter_map(|w| w.line).min().unwrap_or(0);
    for w in &mut reread {
        w.line = w.line.map(|l| l - first + after);
    }
    reread
}

/// `page` with the lines naming a test that still have no row read once more as plain lines
/// of text, kept where their rows make more sense; then, where a line still has no row, the
/// words it read where the first reading had none.
fn reread_lines_without_rows(
    engine: &mut OcrEngine,
    page: Page,
    prepared: &Prepared,
    ranges: bool,
    sex: Option<Sex>,
) -> Result<Page, ExtractError> {
    let rows = rows_from_page(&page, sex);
    let lost = table_bands(&page, &rows, lines_without_rows(&page, &rows).into_iter());
    if lost.is_empty() {
        return Ok(page);
    }
    let reread = engine.reread_bands(prepared, &lost, Layout::Rows)?;
    let page = better_of(page, &rows, ranges, &lost, &reread, sex);
    let rows = rows_from_page(&page, sex);
    Ok(with_gaps_filled(page, &rows, ranges, &lost, &reread, sex))
}

/// `page` with the unit of each row that has all but its unit, on a page that prints units,
/// read again alone: from a letter after the row to the table's right edge, as a line of text.
/// Tesseract drops a short word far out in a column of its own (`%`, `sec`, `lakhs/cumm`
/// right of their references on a small photo), on the page and again on the row cut out
/// whole; a unit found so is added where the rows make more sense with it.
fn reread_lost_units(
    engine: &mut OcrEngine,
    page: Page,
    prepared: &Prepared,
    ranges: bool,
    sex: Option<Sex>,
) -> Result<Page, ExtractError> {
    let rows = rows_from_page(&page, sex);
    if !units_printed(&rows) {
        return Ok(page);
    }
    let letter = letter_height(&page);
    let right = table_right(&page, &rows, letter);
    let cells: Vec<BBox> = rows
        .iter()
        .filter(|r| unit_lost(r))
        .map(|r| BBox {
            x0: r.bbox.x1 + 0.5 * letter,
            y0: r.bbox.y0 - 0.5 * letter,
            x1: right,
            y1: r.bbox.y1 + 0.5 * letter,
        })
        .filter(|b| b.x1 - b.x0 > 2.0 * letter)
        .collect();
    if cells.is_empty() {
        return Ok(page);
    }
    let reread = engine.reread_bands(prepared, &cells, Layout::Rows)?;
    Ok(with_gaps_filled(page, &rows, ranges, &cells, &reread, sex))
}

/// Whether `row` names a known test measured in a unit, with a number it can have, and no unit.
fn unit_lost(row: &LabRow) -> bool {
    let row = mended(row);
    row.unit.is_none() && row.value.number.is_some() && known_test(&row).is_some_and(|b| !b.unit.is_empty())
}

/// The sex printed on the line of `page` (read from `prepared`) that names it (`Sex`,
/// `Age/Gender`), read again closer: a photo's `Age/Gender: 78/F` came back as `Age/Gender, .`,
/// and with the sex lost the page's ranges split by sex had none. The band runs from the label
/// to the page's right edge, where the sex may have been lost altogether. `None` when no line
/// names the sex or it still does not read.
///
/// # Errors
/// When OCR fails or the deadline passes.
pub fn sex_printed(engine: &mut OcrEngine, page: &Page, prepared: &Prepared) -> Result<Option<Sex>, ExtractError> {
    let Some(label) = page.words.iter().find(|w| labels_the_sex(&w.text)) else {
        return Ok(None);
    };
    let letter = letter_height(page);
    let on_line = page.words.iter().filter(|w| w.line.is_some() && w.line == label.line && w.bbox.x0 >= label.bbox.x0);
    let (y0, y1) = on_line.fold((label.bbox.y0, label.bbox.y1), |(y0, y1), w| (y0.min(w.bbox.y0), y1.max(w.bbox.y1)));
    let band = BBox { x0: label.bbox.x0, y0: y0 - 0.2 * letter, x1: page.width, y1: y1 + 0.2 * letter };
    let mut words = engine.reread_bands(prepared, &[band], Layout::Rows)?;
    words.sort_by(|a, b| a.bbox.x0.total_cmp(&b.bbox.x0));
    let text = words.iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" ");
    Ok(detect_sex(&text))
}

/// `page` (its rows `rows`) with the words that `reread` read in `bands` where the page has
/// none ([`filled`]), each band's kept where its rows make more sense so ([`improved`]). A
/// photo's `Vitamin D Total  ng/mL  Sufficiency : 30.0 - 100.0`
/// lost its `80.4`, which the line read again had, with the name misread (`Vitarmen`): taking
/// the whole line again would lose the test.
fn with_gaps_filled(
    page: Page,
    rows: &[LabRow],
    ranges: bool,
    bands: &[BBox],
    reread: &[Word],
    sex: Option<Sex>,
) -> Page {
    let all: Vec<usize> = (0..bands.len()).collect();
    let after = rows_from_page(&filled(&page, bands, reread, &all), sex);
    let kept = improved(rows, &after, bands, ranges, |i| rows_from_page(&filled(&page, bands, reread, &[i]), sex));
    if kept.is_empty() { page } else { filled(&page, bands, reread, &kept) }
}

/// `page` (its rows `rows`) with the rows that another reading of the same page (`other`,
/// perhaps at another size, its rows `other_rows`) found and it did not: rows naming a test
/// the catalog knows, with a value it can have, that no row of `page` names. Each such row's
/// band (across the page, as [`doubtful_bands`] makes them) is taken from `other` where that
/// adds such a test and every row of `page` in the band naming a known test stays as read. A
/// reading of a photo at one size loses a name the other reads (the enlarged photo of
/// in_hsuit's lipid page read `Total Cholesterol` as `Rated Charegierns`), and neither reading
/// is the better everywhere. Rows are read for a person of sex `sex`, as `rows` were.
pub fn borrow_rows(
    page: &Page,
    rows: &[LabRow],
    other: &Page,
    other_rows: &[LabRow],
    sex: Option<Sex>,
) -> Option<Page> {
    let known = |r: &LabRow| known_test(r).map(|b| b.key.as_str());
    let have: Vec<&str> = rows.iter().filter_map(known).collect();
    let (sx, sy) = (page.width / other.width.max(1.0), page.height / other.height.max(1.0));
    let scaled = |b: BBox| BBox { x0: b.x0 * sx, y0: b.y0 * sy, x1: b.x1 * sx, y1: b.y1 * sy };
    let letter = letter_height(page);
    let bands = merged(
        other_rows
            .iter()
            .filter(|r| known(r).is_some_and(|k| !have.contains(&k)))
            .map(|r| row_band(scaled(r.bbox), letter, page.width))
            .collect(),
    );
    if bands.is_empty() {
        return None;
    }
    // The other reading's lines numbered after this one's.
    let after = page.words.iter().filter_map(|w| w.line).max().map_or(0, |l| l + 1);
    let words: Vec<Word> = other
        .words
        .iter()
        .map(|w| Word { bbox: scaled(w.bbox), line: w.line.map(|l| l + after), ..w.clone() })
        .collect();
    // A band is taken only where it adds a known test and keeps every known row of this
    // reading in it as read: a neighbour read well here may be read worse there.
    let all: Vec<usize> = (0..bands.len()).collect();
    let borrowed = rows_from_page(&spliced(page, &bands, &words, &all), sex);
    // Rows naming a known test, whatever their value (`1-2` cells per field is none).
    let named = |rows: &[LabRow], band: BBox| -> Vec<(&'static str, String)> {
        rows_in(rows, band)
            .filter_map(|r| {
                catalog::lookup_in_unit(&r.name, r.unit.as_deref()).map(|b| (b.key.as_str(), r.value.text.clone()))
            })
            .collect()
    };
    let kept: Vec<usize> = (0..bands.len())
        .filter(|&i| {
            let (before, after) = (named(rows, bands[i]), named(&borrowed, bands[i]));
            let adds = rows_in(&borrowed, bands[i]).any(|r| known(r).is_some_and(|k| !have.contains(&k)));
            before.iter().all(|b| after.contains(b)) && adds
        })
        .collect();
    (!kept.is_empty()).then(|| spliced(page, &bands, &words, &kept))
}

/// The band of a row whose box is `bbox` on a page `width` wide whose letters are `letter`
/// tall: from a letter before the row to the page's right edge, a fifth of a letter above
/// and below.
fn row_band(bbox: BBox, letter: f32, width: f32) -> BBox {
    BBox { x0: (bbox.x0 - letter).max(0.0), y0: bbox.y0 - 0.2 * letter, x1: width, y1: bbox.y1 + 0.2 * letter }
}

/// The rows of `rows` whose middle is in `band`.
fn rows_in(rows: &[LabRow], band: BBox) -> impl Iterator<Item = &LabRow> {
    rows.iter().filter(move |r| (band.y0..=band.y1).contains(&r.bbox.mid_y()))
}

/// The bands of `page` (whose rows are `rows`) worth reading again: each doubtful row
/// ([`doubtful`]) from a letter before it to the table's right edge (its range may have been
/// missed altogether), a fifth of a letter above and below. Rows next to each other are one
/// band, read and judged together: each row alone (bands meeting halfway) did worse on
/// labdata's photos, where a range of two lines reaches into the next row's band.
///
/// So is each line that names a known test and prints more, a number among it, where no row
/// was read ([`lines_without_rows`]).
fn doubtful_bands(page: &Page, rows: &[LabRow], ranges: bool) -> Vec<BBox> {
    let units = units_printed(rows);
    let doubtful = rows.iter().filter(|r| doubtful(r, ranges, units)).map(|r| r.bbox);
    table_bands(page, rows, doubtful.chain(lines_without_rows(page, rows)))
}

/// `boxes` on `page` (whose rows are `rows`) as bands to read again: each across to the
/// table's right edge ([`row_band`], [`table_right`]), bands next to each other merged.
fn table_bands(page: &Page, rows: &[LabRow], boxes: impl Iterator<Item = BBox>) -> Vec<BBox> {
    let letter = letter_height(page);
    let right = table_right(page, rows, letter);
    merged(boxes.map(|b| row_band(b, letter, right)).collect())
}

/// The boxes of the OCR lines of `page` that begin with the name of a test the catalog knows
/// (in up to four words) with a number level with it further right, where none of `rows` was
/// read: a value Tesseract left out (`Amylase  Male: 25 to 90; Female: 28 to 100 U/L`, the `87`
/// far to its right lost on a photo, which the band read alone finds). So are lines of a whole
/// name and nothing else that no row took for its name: Tesseract's layout analysis of a small
/// photo can drop the rest of a row (result, reference and unit) altogether. And lines that
/// start with a result well right of the rows' names, read again from the names' edge: the
/// name was lost into another line.
fn lines_without_rows(page: &Page, rows: &[LabRow]) -> Vec<BBox> {
    let mut lines: HashMap<u32, Vec<&Word>> = HashMap::new();
    for w in &page.words {
        if let Some(line) = w.line {
            lines.entry(line).or_default().push(w);
        }
    }
    let boxes = line_boxes(&page.words);
    // Where the rows' names start, and how far right of that a line starts with its result.
    let names_x = rows.iter().map(|r| r.bbox.x0).fold(f32::INFINITY, f32::min);
    let far = 8.0 * letter_height(page);
    let mut found: Vec<BBox> = lines
        .into_iter()
        .filter_map(|(line, mut words)| {
            let bbox = boxes[&line];
            if rows.iter().any(|r| (r.bbox.y0..=r.bbox.y1).contains(&bbox.mid_y())) {
                return None;
            }
            words.sort_by(|a, b| a.bbox.x0.total_cmp(&b.bbox.x0));
            // A row whose name Tesseract lost (read as part of the line under it): a line
            // that starts with a result well right of the names, something after it, is read
            // again from the names' edge (a large photo's `Serum Iron  189  High  ug/dL ...`
            // came as `189 High ug/dL ...` over `oahcitabth ...`), perhaps after specks of it
            // (`A  i  5.3  H  m/dL ...`).
            let result = |w: &Word| ht_reports::reading::parse_value(&w.text).is_some_and(|v| v.number.is_some());
            let first = words.iter().position(|w| result(w));
            // (Not a reference's next tier, `2.4 - 4.2 : Child` or `> 100.0 : Toxicity` under
            // its first: a number that starts a range or follows a comparison is a bound.)
            let bound = |at: usize| {
                let next = words[at + 1].text.as_str();
                matches!(next, "-" | "\u{2013}" | "\u{2014}" | "to" | "TO" | "To")
                    || next.strip_prefix(['-', '\u{2013}']).is_some_and(|n| n.starts_with(|c: char| c.is_ascii_digit()))
                    || words[..at].iter().any(|w| is_comparison(&w.text))
            };
            let nameless = first.is_some_and(|at| {
                at + 1 < words.len()
                    && words[at].bbox.x0 > names_x + far
                    && words[..at].iter().all(|w| w.text.chars().count() <= 2)
                    && !bound(at)
            });
            if nameless {
                return Some(BBox { x0: names_x, ..bbox });
            }
            let named = (1..=words.len().min(4)).find(|&n| {
                let name = words[..n].iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" ");
                catalog::lookup(name.trim_end_matches(':')).is_some()
            })?;
            // A number after the name, on its line or (where Tesseract made the name's column
            // a block of its own) level with it further right; or nothing at all after a whole
            // name, where Tesseract's layout analysis dropped the rest of the row (a small
            // photo's `Lipase` with its result, reference and unit lost).
            let after = words[named - 1].bbox.x1;
            let level = |w: &Word| (bbox.y0..=bbox.y1).contains(&w.bbox.mid_y()) && w.bbox.x0 > after;
            let number = |w: &Word| w.text.contains(|c: char| c.is_ascii_digit());
            // (Not a name whose result a row read under it: `HIV 1/2 Antibodies` over `Value:
            // Non Reactive`.)
            let alone = named == words.len() && !page.words.iter().any(level) && {
                let name = words.iter().map(|w| w.text.as_str()).collect::<Vec<_>>().join(" ");
                let name = name.trim_end_matches(':').trim();
                catalog::lookup_whole(name).is_some() && !rows.iter().any(|r| r.name == name)
            };
            (alone || page.words.iter().any(|w| level(w) && number(w))).then_some(bbox)
        })
        .collect();
    // (In an order of their own, not the map's, which changes from run to run: bands read in
    // another order are another image to Tesseract.)
    found.sort_by(|a, b| a.y0.total_cmp(&b.y0).then(a.x0.total_cmp(&b.x0)).then(a.y1.total_cmp(&b.y1)));
    found
}

/// Where the table of `rows` ends on `page`: two letters after the last word on any of their
/// lines, whatever it was read as (a range read as junk is a word there too), or the page's
/// edge. A phone photo's page stops short of the picture's edge, and the desk beyond it costs
/// Tesseract as much time as print.
fn table_right(page: &Page, rows: &[LabRow], letter: f32) -> f32 {
    let on_a_row = |w: &Word| rows.iter().any(|r| (r.bbox.y0..=r.bbox.y1).contains(&w.bbox.mid_y()));
    let last = page.words.iter().filter(|w| on_a_row(w)).map(|w| w.bbox.x1).fold(f32::NAN, f32::max);
    if last.is_nan() { page.width } else { (last + 2.0 * letter).min(page.width) }
}

/// `page` with each of `bands` read as in `reread` where its rows make more sense that way
/// and every test it knew is still there, and as first read otherwise. `rows` are the page's
/// rows (read for sex `sex`), and `ranges` whether they print ranges ([`ranges_printed`]).
///
/// A band whose rows make more sense in sum is not kept when it loses a test it held (by
/// name, with a possible value, as the reader mends them): on a photo of seed 9's layout_026
/// (`bench/layouts.py`), the band of `Total Protein  7.1` and `Albumin  5.1` was read again
/// with both names whole and neither value, and Total Protein's result was lost.
///
/// A band of several rows is also judged row by row ([`row_slices`]), each row's second
/// reading kept only where it makes more sense, and that choice is taken when the rows of
/// all bands make more sense in sum: a band's second reading can mend one row and spoil the
/// next. On a photo of seed 13's layout_010, potassium read again had its value (3.4, first
/// read 13.4) and its range, and HDL beside it lost its unit and range; the band was not kept
/// whole, and potassium's row alone is.
fn better_of(page: Page, rows: &[LabRow], ranges: bool, bands: &[BBox], reread: &[Word], sex: Option<Sex>) -> Page {
    let all: Vec<usize> = (0..bands.len()).collect();
    let after = rows_from_page(&spliced(&page, bands, reread, &all), sex);
    // A part's rows read again with only that part taken from the second reading.
    let alone = |parts: &[BBox], i: usize| rows_from_page(&spliced(&page, parts, reread, &[i]), sex);
    let by_band = spliced(&page, bands, reread, &improved(rows, &after, bands, ranges, |i| alone(bands, i)));
    let slices: Vec<BBox> = bands.iter().flat_map(|&b| row_slices(rows, b)).collect();
    if slices.len() == bands.len() {
        return by_band;
    }
    let by_row = spliced(&page, &slices, reread, &improved(rows, &after, &slices, ranges, |i| alone(&slices, i)));
    let total = |page: &Page| {
        let now = rows_from_page(page, sex);
        bands.iter().map(|&b| band_sense(&now, b, ranges).1).sum::<u32>()
    };
    if total(&by_row) > total(&by_band) { by_row } else { by_band }
}

/// The indices of `parts` (bands of the page, or slices of them) whose rows in `after` make
/// more sense than in `before`, with as many naming a known test, and every test they held
/// still there (by name, with a possible value, as the reader mends them), none of them a
/// test read elsewhere on the page as well ([`doubled`]), none of them moved
/// out of its range ([`left_its_range`]), and no row reaching into the part spoilt by it
/// ([`neighbour_spoilt`], judged on `alone(i)`, the page's rows with only part `i` read
/// again: `after` holds every part's second reading, and another part's may spoil the row).
fn improved(
    before: &[LabRow],
    after: &[LabRow],
    parts: &[BBox],
    ranges: bool,
    alone: impl Fn(usize) -> Vec<LabRow>,
) -> Vec<usize> {
    let tests =
        |rows: &[LabRow], part: BBox| -> Vec<&'static str> { rows_in(rows, part).filter_map(mended_test).collect() };
    (0..parts.len())
        .filter(|&i| {
            let (was, now) = (band_sense(before, parts[i], ranges), band_sense(after, parts[i], ranges));
            let still = tests(after, parts[i]);
            now.1 > was.1
                && now.0 >= was.0
                && tests(before, parts[i]).iter().all(|t| still.contains(t))
                && !doubled(before, after, parts[i])
                && !left_its_range(before, after, parts[i])
                && !neighbour_spoilt(before, parts[i], || alone(i))
        })
        .collect()
}

/// Whether the rows of `part` read again (`after`) name a known test that the page names
/// outside the part too, before and after, where the part's first reading did not: a line of
/// a neighbour cut into the band and read as a row of its own (the band of a photo's `o 15.
/// UREA` read again as `16 CRP 4`, under `16.CRP  5.8 mg/L`). A row that moved into the part
/// leaves none of its test outside it.
fn doubled(before: &[LabRow], after: &[LabRow], part: BBox) -> bool {
    // The test a row names, whatever its value (`Glucose  4` names glucose, if impossibly).
    let named = |row: &LabRow| {
        let row = mended(row);
        catalog::lookup_in_unit(&row.name, row.unit.as_deref()).map(|b| b.key.as_str())
    };
    let outside = |rows: &[LabRow]| -> Vec<&'static str> {
        rows.iter().filter(|r| !(part.y0..=part.y1).contains(&r.bbox.mid_y())).filter_map(named).collect()
    };
    let inside_before: Vec<&str> = rows_in(before, part).filter_map(named).collect();
    let (outside_before, outside_after) = (outside(before), outside(after));
    rows_in(after, part)
        .filter_map(named)
        .any(|t| !inside_before.contains(&t) && outside_before.contains(&t) && outside_after.contains(&t))
}

/// Whether a row reaching into `part` from outside it (its middle elsewhere) that named a
/// known test `before` makes less sense with the part read again (`after`, its rows, made
/// only when there is such a row), or names none: on a photo at a slant a row's
/// lines reach into the band of the next, and the band's second reading, which cuts them
/// across, can take a line of the row (`Creatinine (mg/dL)` under `Serum`, and the second
/// tier of its reference) and give back only part of it. Rows are matched by the test they
/// name (as the reader mends them), wherever they are after; a value moved is judged by
/// [`left_its_range`].
fn neighbour_spoilt(before: &[LabRow], part: BBox, after: impl FnOnce() -> Vec<LabRow>) -> bool {
    let reaching =
        |r: &&LabRow| r.bbox.y0 < part.y1 && r.bbox.y1 > part.y0 && !(part.y0..=part.y1).contains(&r.bbox.mid_y());
    let neighbours: Vec<(&LabRow, &str)> =
        before.iter().filter(reaching).filter_map(|r| Some((r, mended_test(r)?))).collect();
    if neighbours.is_empty() {
        return false;
    }
    let after = after();
    neighbours.into_iter().any(|(was, k)| {
        // (Judged as if the page printed ranges: a row that keeps all it had loses no sense.)
        let sense_was = sense(was, true);
        !after.iter().any(|now| mended_test(now) == Some(k) && sense(now, true) >= sense_was)
    })
}

/// The key of the known test `row` names with a possible value, once the reader has put back
/// what it can ([`mend_misread`]).
fn mended_test(row: &LabRow) -> Option<&'static str> {
    known_test(&mended(row)).map(|b| b.key.as_str())
}

/// `row` with what the reader puts back of an OCR misreading ([`mend_misread`]).
fn mended(row: &LabRow) -> LabRow {
    let mut row = row.clone();
    mend_misread(&mut row);
    row
}

/// Whether a test in `part` whose value `before` lies within the range printed beside it has
/// another value `after` that lies outside its range: a second reading that makes a row make
/// more sense elsewhere (a unit read whole) but misreads its value (`15.4` as `184`). Most
/// results are in range, and a first reading in range is seldom a misreading. Rows reaching
/// into `part` count, not only those whose middle is in it: a row between two bands has words
/// in both (on a phone photo, Fasting Insulin's value was in one).
fn left_its_range(before: &[LabRow], after: &[LabRow], part: BBox) -> bool {
    fn bounds(row: &LabRow) -> Option<&RefRange> {
        row.range.as_ref().filter(|r| r.low.is_some() || r.high.is_some())
    }
    let within = |v: f64, r: &RefRange| r.low.is_none_or(|l| v >= l) && r.high.is_none_or(|h| v <= h);
    let key = |row: &LabRow| catalog::lookup(&row.name).map(|b| b.key.as_str());
    let touching = |r: &&LabRow| r.bbox.y0 < part.y1 && r.bbox.y1 > part.y0;
    before.iter().filter(touching).any(|was| {
        let (Some(v), Some(range)) = (was.value.number, bounds(was)) else { return false };
        within(v, range)
            && after.iter().filter(touching).any(|now| {
                // Against the range read with it, or the first reading's where it lost that.
                let moved = now.value.number.is_some_and(|n| n != v && !within(n, bounds(now).unwrap_or(range)));
                key(now).is_some() && key(now) == key(was) && moved
            })
    })
}

/// `band` cut across between the first reading's rows in it (`rows`, by their middle), halfway
/// between one's bottom and the next one's top, so that each row, with all its lines, is a
/// slice of its own; a band of one row is one slice.
fn row_slices(rows: &[LabRow], band: BBox) -> Vec<BBox> {
    let mut inside: Vec<BBox> = rows_in(rows, band).map(|r| r.bbox).collect();
    inside.sort_by(|a, b| a.mid_y().total_cmp(&b.mid_y()));
    let mut slices = Vec::new();
    let mut top = band.y0;
    for pair in inside.windows(2) {
        let cut = if pair[0].y1 <= pair[1].y0 {
            (pair[0].y1 + pair[1].y0) / 2.0
        } else {
            (pair[0].mid_y() + pair[1].mid_y()) / 2.0
        };
        slices.push(BBox { y0: top, y1: cut, ..band });
        top = cut;
    }
    slices.push(BBox { y0: top, ..band });
    slices
}

/// How much sense a row read by OCR makes, once the reader has put back what it can
/// ([`mend_misread`]), for choosing between two readings of it: a name the catalog knows (4), a
/// value the test can have or a count per field (`1-2` cells) (2), a unit labs print (1), and,
/// where the page prints ranges, a range that is near the test's usual one, or that lost its
/// decimal points where the reader puts them back ([`range_with_points`]), or split by sex
/// with one sex's range near its usual one, or none for a result in words (1). A name the
/// catalog does not know makes none.
fn sense(row: &LabRow, ranges_printed: bool) -> u32 {
    let row = mended(row);
    let unit = row.unit.as_deref();
    let Some(b) = catalog::lookup_in_unit(&row.name, unit) else { return 0 };
    // A count per field printed as a span (`1-2 /HPF`) is a result, if not one number.
    let value = value_possible(b, &row) || (row.value.number.is_none() && is_count_span(&row.value.text));
    // A unit of this test or one labs print for others (`cumm`, `micg/dL`): a second reading
    // would not find another. A word (Negative) needs none.
    let unit_known = match unit {
        Some(u) => b.to_canonical(1.0, Some(u)).is_some() || catalog::is_known_unit(u),
        None => b.unit.is_empty() || row.value.qualitative.is_some(),
    };
    let range = row.range.as_ref().filter(|r| r.low.is_some() || r.high.is_some() || r.qualitative.is_some());
    // A range split by sex, read before the report's sex is known, fits when one sex's does.
    let split = row.range.is_none().then(|| row.range_text.as_deref().and_then(sex_ranges)).flatten();
    let sex_fits = split.is_some_and(|(male, female)| {
        range_far_from_usual(b, unit, Some(Sex::Male), male.low, male.high).is_none()
            || range_far_from_usual(b, unit, Some(Sex::Female), female.low, female.high).is_none()
    });
    let range_fits = sex_fits
        || range.is_some_and(|r| {
            let lost_point = match (row.value.number, r.low, r.high) {
                (Some(v), Some(l), Some(h)) => range_lost_point(v, l, h).is_some(),
                _ => false,
            };
            if lost_point {
                range_with_points(b, &row, None).is_some()
            } else {
                range_far_from_usual(b, unit, None, r.low, r.high).is_none()
            }
        });
    // A result in words (`Pale Yellow`, `Clear`) has no range a second look could find.
    let worded = row.value.number.is_none() && !row.value.text.trim().is_empty();
    4 + 2 * u32::from(value) + u32::from(unit_known) + u32::from(range_fits || !ranges_printed || worded)
}

/// Whether a row is worth a second look: a name the catalog knows with something missing
/// ([`sense`] short of full marks), or a number beside a name it does not know (a name
/// misread: `WEC`).
///
/// On a page that prints no units (`units_printed` false), a row without one lost none: a
/// scan of seed 125's layout_001 (`bench/layouts.py`), ranges and no units, had 14 of its 21
/// rows read again for a unit that was never there, which took longer than the page's reading.
fn doubtful(row: &LabRow, ranges_printed: bool, units_printed: bool) -> bool {
    // (Asked only of a row one short of full marks: the row is mended again to ask it.)
    let unprinted = || {
        !units_printed
            && row.unit.is_none()
            && row.value.qualitative.is_none()
            && catalog::lookup(&mended(row).name).is_some_and(|b| !b.unit.is_empty())
    };
    match sense(row, ranges_printed) {
        0 => row.value.number.is_some(),
        7 => !unprinted(),
        s => s < 8,
    }
}

/// Whether most rows naming a known test with a number read a unit beside it (as printed or
/// misread), so that a row without one likely lost it.
fn units_printed(rows: &[LabRow]) -> bool {
    most_known(rows.iter().filter(|r| r.value.number.is_some()), |r| r.unit.is_some())
}

/// Whether most rows naming a known test print a reference range, so that a row without one
/// likely lost it.
fn ranges_printed(rows: &[LabRow]) -> bool {
    most_known(rows.iter(), |r| r.range.as_ref().is_some_and(|r| r.low.is_some() || r.high.is_some()))
}

/// Whether of `rows` naming a known test there are some, and at least half of them `have`
/// what is asked.
fn most_known<'r>(rows: impl Iterator<Item = &'r LabRow>, have: impl Fn(&LabRow) -> bool) -> bool {
    let known: Vec<&LabRow> = rows.filter(|r| catalog::lookup(&r.name).is_some()).collect();
    !known.is_empty() && 2 * known.iter().filter(|r| have(r)).count() >= known.len()
}

/// The known rows of `rows` in `band` (by their middle), and the sense they make together.
fn band_sense(rows: &[LabRow], band: BBox, ranges_printed: bool) -> (usize, u32) {
    rows_in(rows, band)
        .map(|r| sense(r, ranges_printed))
        .fold((0, 0), |(known, total), s| (known + usize::from(s > 0), total + s))
}

/// The median height of the page's words: a letter with its ascenders, in page pixels.
fn letter_height(page: &Page) -> f32 {
    let mut heights: Vec<f32> = page.words.iter().map(|w| w.bbox.height()).collect();
    heights.sort_by(f32::total_cmp);
    heights.get(heights.len() / 2).copied().unwrap_or(12.0)
}

/// `bands` top to bottom, those that overlap made one.
fn merged(mut bands: Vec<BBox>) -> Vec<BBox> {
    bands.sort_by(|a, b| a.y0.total_cmp(&b.y0));
    let mut out: Vec<BBox> = Vec::new();
    for band in bands {
        match out.last_mut() {
            Some(last) if band.y0 <= last.y1 => {
                last.x0 = last.x0.min(band.x0);
                last.x1 = last.x1.max(band.x1);
                last.y1 = last.y1.max(band.y1);
            }
            _ => out.push(band),
        }
    }
    out
}

/// `page` with the words of the `kept` bands replaced by the words of `reread` in them. Bands
/// reach across the page from the start of their rows, so a row is read again whole.
///
/// A word is in a band when its middle across is, and the middle of its line down: on a
/// photo at a slant a row's end can stand half a line higher than its start, and its unit
/// there (`pg/mL`, 40 px above `FT3` on a line 70 px tall at the slant) reaches into the band
/// of the row above. Taken by its own middle, it was dropped with that band's first reading.
fn spliced(page: &Page, bands: &[BBox], reread: &[Word], kept: &[usize]) -> Page {
    let (page_lines, reread_lines) = (line_boxes(&page.words), line_boxes(reread));
    let in_kept = |w: &Word, lines: &HashMap<u32, BBox>| {
        let y = w.line.and_then(|l| lines.get(&l)).map_or_else(|| w.bbox.mid_y(), BBox::mid_y);
        kept.iter()
            .any(|&i| (bands[i].x0..=bands[i].x1).contains(&w.bbox.mid_x()) && (bands[i].y0..=bands[i].y1).contains(&y))
    };
    let mut words: Vec<Word> = page.words.iter().filter(|w| !in_kept(w, &page_lines)).cloned().collect();
    words.extend(reread.iter().filter(|w| in_kept(w, &reread_lines)).cloned());
    Page { words, ..page.clone() }
}

/// `page` with the words of `reread` in each of `bands` that are `kept` added where the page
/// has no word across them (a result Tesseract's layout analysis left out the first time),
/// each on the page's line level with it.
fn filled(page: &Page, bands: &[BBox], reread: &[Word], kept: &[usize]) -> Page {
    let page_lines = line_boxes(&page.words);
    let in_band =
        |b: &BBox, w: &Word| (b.x0..=b.x1).contains(&w.bbox.mid_x()) && (b.y0..=b.y1).contains(&w.bbox.mid_y());
    let mut words = page.words.clone();
    for &i in kept {
        let band = &bands[i];
        for w in reread.iter().filter(|w| in_band(band, w)) {
            let across = |o: &Word| {
                o.bbox.x0 < w.bbox.x1 && w.bbox.x0 < o.bbox.x1 && o.bbox.y0 < w.bbox.y1 && w.bbox.y0 < o.bbox.y1
            };
            if page.words.iter().any(across) {
                continue;
            }
            // (On the page's line whose box holds its middle, within the band.)
            let line = page_lines
                .iter()
                .filter(|(_, b)| (b.y0..=b.y1).contains(&w.bbox.mid_y()) && (band.y0..=band.y1).contains(&b.mid_y()))
                .map(|(&l, _)| l)
                .min();
            words.push(Word { line: line.or(w.line), ..w.clone() });
        }
    }
    Page { words, ..page.clone() }
}

/// The box of each OCR line of `words`: from its highest top to its lowest bottom, its
/// leftmost word's left to its rightmost word's right.
fn line_boxes(words: &[Word]) -> HashMap<u32, BBox> {
    let mut boxes: HashMap<u32, BBox> = HashMap::new();
    for w in words {
        if let Some(line) = w.line {
            let b = boxes.entry(line).or_insert(w.bbox);
            *b = BBox {
                x0: b.x0.min(w.bbox.x0),
                y0: b.y0.min(w.bbox.y0),
                x1: b.x1.max(w.bbox.x1),
                y1: b.y1.max(w.bbox.y1),
            };
        }
    }
    boxes
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A word on OCR line `line`, `x` from the left, `y` from the top, 12 px tall.
    fn word(text: &str, x: f32, y: f32, line: u32) -> Word {
        let bbox = BBox { x0: x, y0: y, x1: x + 7.0 * text.chars().count() as f32, y1: y + 12.0 };
        Word { text: text.into(), bbox, bold: false, line: Some(line) }
    }

    /// A page of three rows (glucose, urea, creatinine) whose middle row is `urea`.
    fn page(urea: &[(&str, f32)]) -> Page {
        let mut words = vec![
            word("Glucose", 20.0, 50.0, 0),
            word("88", 200.0, 50.0, 0),
            word("mg/dL", 300.0, 50.0, 0),
            word("70-110", 400.0, 50.0, 0),
        ];
        words.extend(urea.iter().map(|(t, x)| word(t, *x, 80.0, 1)));
        words.extend([
            word("Creatinine", 20.0, 110.0, 2),
            word("0.87", 200.0, 110.0, 2),
            word("mg/dL", 300.0, 110.0, 2),
            word("0.4-1.5", 400.0, 110.0, 2),
        ]);
        Page { number: 1, width: 600.0, height: 800.0, words }
    }

    /// The unit and reference of the row named `name` on `page`.
    fn unit_and_range(page: &Page, name: &str) -> (Option<String>, Option<String>) {
        let rows = rows_from_page(page, None);
        let row = rows.into_iter().find(|r| r.name == name).unwrap_or_else(|| panic!("no {name} row"));
        (row.unit, row.range_text)
    }

    /// Urea's row of [`page`] read again, whole, on OCR line 900, its name as `name`.
    fn urea_again(name: &str) -> [Word; 4] {
        urea_again_as(name, "17.50")
    }

    /// [`urea_again`], its value as `value`.
    fn urea_again_as(name: &str, value: &str) -> [Word; 4] {
        [
            word(name, 20.0, 81.0, 900),
            word(value, 200.0, 81.0, 900),
            word("mg/dL", 300.0, 81.0, 900),
            word("17-47", 400.0, 81.0, 900),
        ]
    }

    #[test]
    fn a_result_the_first_reading_left_out_is_taken_from_the_line_read_again_beside_its_words() {
        // Urea's line lost its result; read again, the line has it, its name misread.
        let first = page(&[("Urea", 20.0), ("mg/dL", 300.0), ("17-47", 400.0)]);
        let rows = rows_from_page(&first, None);
        assert!(!rows.iter().any(|r| r.name == "Urea"));
        let bands = table_bands(&first, &rows, lines_without_rows(&first, &rows).into_iter());
        assert_eq!(bands.len(), 1, "{bands:?}");
        let again = urea_again("Ures");
        let page = with_gaps_filled(first.clone(), &rows, true, &bands, &again, None);
        let rows = rows_from_page(&page, None);
        let urea = rows.iter().find(|r| r.name == "Urea").expect("a Urea row");
        assert_eq!((urea.value.text.as_str(), urea.range_text.as_deref()), ("17.50", Some("17-47")));
        assert_eq!(page.words.len(), first.words.len() + 1);
        // Nothing is added where the line read again adds no sense (its result a word).
        let rows = rows_from_page(&first, None);
        let page = with_gaps_filled(first.clone(), &rows, true, &bands, &urea_again_as("Ures", "xx"), None);
        assert_eq!(page.words.len(), first.words.len());
    }

    #[test]
    fn a_line_whose_name_was_lost_is_read_again_from_the_names_edge() {
        // Urea's name read as part of another line: its line starts with its result.
        let first = page(&[("17.50", 200.0), ("mg/dL", 300.0), ("17-47", 400.0)]);
        let rows = rows_from_page(&first, None);
        assert_eq!(rows.len(), 2, "{rows:#?}");
        let lost = lines_without_rows(&first, &rows);
        assert_eq!(lost.len(), 1, "{lost:?}");
        assert!((lost[0].x0, lost[0].y0, lost[0].y1) == (20.0, 80.0, 92.0), "{:?}", lost[0]);
        // So is one after specks of its name.
        let specks = page(&[("\u{2014}", 40.0), ("17.50", 200.0), ("mg/dL", 300.0), ("17-47", 400.0)]);
        let rows = rows_from_page(&specks, None);
        assert_eq!(lines_without_rows(&specks, &rows).len(), 1, "{rows:#?}");
        // Not a line whose first words are a word no test is named, nor a result alone.
        let note = page(&[("Note", 20.0), ("17.50", 200.0), ("mg/dL", 300.0)]);
        assert!(lines_without_rows(&note, &rows_from_page(&note, None)).is_empty());
        let alone = page(&[("17.50", 200.0)]);
        assert!(lines_without_rows(&alone, &rows_from_page(&alone, None)).is_empty());
        // Nor a reference's next tier under its row, a range or a bound after a comparison.
        for tier in [
            &[("2.4", 200.0), ("-", 230.0), ("4.2:", 245.0), ("Child", 280.0)][..],
            &[(">", 190.0), ("100.0", 200.0), (":", 240.0), ("Toxicity", 250.0)],
        ] {
            let next = page(tier);
            assert!(lines_without_rows(&next, &rows_from_page(&next, None)).is_empty(), "{tier:?}");
        }
    }

    #[test]
    fn on_a_page_that_prints_no_units_a_row_without_one_is_not_read_again() {
        let unitless = |urea: &[(&'static str, f32)]| {
            let rows = [("Glucose", "88", "70-110", 50.0), ("Creatinine", "0.87", "0.4-1.5", 110.0)];
            let mut words: Vec<Word> = rows
                .iter()
                .enumerate()
                .flat_map(|(i, (n, v, r, y))| {
                    [
                        word(n, 20.0, *y, 2 * i as u32),
                        word(v, 200.0, *y, 2 * i as u32),
                        word(r, 400.0, *y, 2 * i as u32),
                    ]
                })
                .collect();
            words.extend(urea.iter().map(|(t, x)| word(t, *x, 80.0, 1)));
            Page { number: 1, width: 600.0, height: 800.0, words }
        };
        let page = unitless(&[("Urea", 20.0), ("17.50", 200.0), ("17-47", 400.0)]);
        let rows = rows_from_page(&page, None);
        assert_eq!(rows.len(), 3, "{rows:#?}");
        assert!(doubtful_bands(&page, &rows, true).is_empty(), "{rows:#?}");
        // A row that lost more than the unit still is.
        let page = unitless(&[("Urea", 20.0), ("17.50", 200.0), ("v7", 400.0)]);
        assert_eq!(doubtful_bands(&page, &rows_from_page(&page, None), true).len(), 1);
        // Where the others print theirs, a row without one is read again for it.
        let page = super::tests::page(&[("Urea", 20.0), ("17.50", 200.0), ("17-47", 400.0)]);
        assert_eq!(doubtful_bands(&page, &rows_from_page(&page, None), true).len(), 1);
    }

    #[test]
    fn only_rows_missing_what_the_catalog_expects_are_read_again() {
        // Urea's range was read as its unit (`v7` for `17-47`).
        let first = page(&[("Urea", 20.0), ("17.50", 200.0), ("v7", 300.0)]);
        let rows = rows_from_page(&first, None);
        let bands = doubtful_bands(&first, &rows, true);
        assert_eq!(bands.len(), 1, "{bands:?}");
        // Urea's row, from a letter before its name to two letters (of 12 px) past the
        // table's last word, short of the page's edge at 600.
        assert!(bands[0].y0 < 80.0 && bands[0].y1 > 92.0 && bands[0].y1 < 110.0, "{:?}", bands[0]);
        let last = first.words.iter().map(|w| w.bbox.x1).fold(0.0, f32::max);
        assert_eq!((bands[0].x1, bands[0].x0 < 20.0), (last + 24.0, true));
        assert!(bands[0].x1 < 600.0);
        // A page whose rows all read well is not read again.
        let good = page(&[("Urea", 20.0), ("17.50", 200.0), ("mg/dL", 300.0), ("17-47", 400.0)]);
        assert!(doubtful_bands(&good, &rows_from_page(&good, None), true).is_empty());
    }

    #[test]
    fn a_range_that_lost_its_points_is_read_again_only_where_the_reader_cannot_put_them_back() {
        // `130-170` beside haemoglobin 14.5 g/dL: the reader takes it as 13-17, as the usual
        // range and the value agree, so a second look would add time and nothing else.
        let mended = page(&[("Haemoglobin", 20.0), ("14.5", 200.0), ("g/dL", 300.0), ("130-170", 400.0)]);
        assert!(doubtful_bands(&mended, &rows_from_page(&mended, None), true).is_empty());
        // `20-500` a tenth as large (2-50) is still far from the usual range: read again.
        let lost = page(&[("Haemoglobin", 20.0), ("14.5", 200.0), ("g/dL", 300.0), ("20-500", 400.0)]);
        let rows = rows_from_page(&lost, None);
        assert_eq!(doubtful_bands(&lost, &rows, true).len(), 1, "{rows:#?}");
    }

    #[test]
    fn a_range_split_by_sex_is_read_again_only_when_neither_sexs_range_is_near_the_usual_one() {
        // The unit printed only inside the reference, after the men's range.
        let split = |men: &'static str, women: &'static str| {
            page(&[
                ("Urea", 20.0),
                ("35", 200.0),
                ("M:", 300.0),
                (men, 318.0),
                ("mg/dL", 360.0),
                ("F:", 400.0),
                (women, 418.0),
            ])
        };
        let fits = split("17-43", "15-40");
        let rows = rows_from_page(&fits, None);
        assert!(doubtful_bands(&fits, &rows, ranges_printed(&rows)).is_empty(), "{rows:#?}");
        // Both ten times the usual (points lost in a scan).
        let far = split("170-430", "150-400");
        let rows = rows_from_page(&far, None);
        assert_eq!(doubtful_bands(&far, &rows, ranges_printed(&rows)).len(), 1, "{rows:#?}");
    }

    #[test]
    fn a_line_naming_a_test_with_a_number_level_with_it_or_nothing_beside_it_but_no_row_is_read_again() {
        // Urea's value lost: its name a line of its own (Tesseract's block of names), its
        // range level with it on another line.
        let mut lost = page(&[("Urea", 20.0)]);
        lost.words.push(word("17-47", 400.0, 80.0, 7));
        let rows = rows_from_page(&lost, None);
        assert!(rows.iter().all(|r| r.name != "Urea"), "{rows:#?}");
        let bands = doubtful_bands(&lost, &rows, ranges_printed(&rows));
        assert_eq!(bands.len(), 1, "{bands:?}");
        assert!(bands[0].y0 < 80.0 && bands[0].y1 > 92.0 && bands[0].y1 < 110.0, "{:?}", bands[0]);
        // So is the whole name with nothing beside it: a small photo's layout analysis can
        // drop the rest of the row.
        let alone = page(&[("Urea", 20.0)]);
        let rows = rows_from_page(&alone, None);
        assert_eq!(doubtful_bands(&alone, &rows, ranges_printed(&rows)).len(), 1);
        // Not a name whose result is read under it, nor the start of a name that is no test's.
        let mut under = page(&[("Urea", 20.0)]);
        for (text, x) in [("Result:", 32.0), ("17.50", 90.0), ("mg/dL", 140.0), ("Reference:", 250.0), ("17-47", 330.0)]
        {
            under.words.push(word(text, x, 95.0, 8));
        }
        let rows = rows_from_page(&under, None);
        assert!(rows.iter().any(|r| r.name == "Urea" && r.value.text == "17.50"), "{rows:#?}");
        assert!(doubtful_bands(&under, &rows, ranges_printed(&rows)).is_empty(), "{rows:#?}");
        let part = page(&[("Mean", 20.0)]);
        let rows = rows_from_page(&part, None);
        assert!(doubtful_bands(&part, &rows, ranges_printed(&rows)).is_empty());
    }

    #[test]
    fn a_result_in_words_without_a_reference_is_not_read_again() {
        let words = page(&[("Colour", 20.0), ("Pale", 200.0), ("Yellow", 235.0)]);
        let rows = rows_from_page(&words, None);
        assert!(rows.iter().any(|r| r.name == "Colour"), "{rows:#?}");
        assert!(doubtful_bands(&words, &rows, ranges_printed(&rows)).is_empty(), "{rows:#?}");
    }

    #[test]
    fn a_count_per_field_makes_more_sense_than_its_misreading_as_one_number() {
        let epithelial = |cells: &[(&str, f32)]| {
            let mut words = vec![("Epithelial", 20.0), ("Cells", 100.0)];
            words.extend_from_slice(cells);
            let rows = rows_from_page(&page(&words), None);
            rows.into_iter().find(|r| r.name == "Epithelial Cells").unwrap_or_else(|| panic!("no row"))
        };
        let printed = epithelial(&[("1-2", 200.0), ("/HPF", 300.0), ("0-3", 400.0)]);
        assert_eq!(printed.value.number, None, "{printed:?}");
        // Read again on a photo, its dash and slash lost, and its reference with them.
        let misread = epithelial(&[("12", 200.0), ("jHPF", 300.0)]);
        assert!(sense(&printed, true) > sense(&misread, true), "{printed:?} {misread:?}");
    }

    /// Urea's reference as a photo's second reading of it alone gives it: `Adults: (17 - 47)`
    /// on the line of OCR `top`, `Child: (10 - 30)` under it on line 902.
    fn tiers_again(top: u32) -> [Word; 8] {
        [
            word("Adults:", 400.0, 79.0, top),
            word("(17", 455.0, 79.0, top),
            word("-", 480.0, 79.0, top),
            word("47)", 490.0, 79.0, top),
            word("Child:", 400.0, 93.0, 902),
            word("(10", 450.0, 93.0, 902),
            word("-", 475.0, 93.0, 902),
            word("30)", 485.0, 93.0, 902),
        ]
    }

    #[test]
    fn a_reference_of_two_tiers_read_as_one_line_of_junk_is_read_again_alone() {
        // `Adults: (17 - 47)` over `Child: (10 - 30)`, touching, read as one line of both.
        let first = page(&[
            ("Urea", 20.0),
            ("17.50", 200.0),
            ("mg/dL", 300.0),
            ("Adults", 400.0),
            ("(17", 450.0),
            ("3", 475.0),
            ("Xho)", 490.0),
        ]);
        let rows = rows_from_page(&first, None);
        assert_eq!(unit_and_range(&first, "Urea"), (Some("mg/dL".to_string()), None));
        // The cell is where the other rows' references start, through the junk, on Urea's line.
        let cells = garbled_reference_cells(&first, &rows);
        assert_eq!(cells.len(), 1, "{cells:?}");
        let cell = cells[0];
        assert!(cell.x0 < 400.0 && cell.x1 >= 518.0 && cell.y0 < 80.0 && cell.y1 > 92.0, "{cell:?}");
        // Read again, its lines are numbered after the page's last (2): a line read again
        // before may have their numbers. The first is taken as Urea's reference, the tier
        // under it stays a line of its own, and the other rows stay as read.
        let again = renumbered(&first, tiers_again(901).to_vec());
        assert!(again[..4].iter().all(|w| w.line == Some(3)) && again[4..].iter().all(|w| w.line == Some(4)));
        let kept = better_of(first.clone(), &rows, true, &cells, &again, None);
        let urea = rows_from_page(&kept, None).into_iter().find(|r| r.name == "Urea").expect("a Urea row");
        assert_eq!(urea.range.map(|r| (r.low, r.high)), Some((Some(17.0), Some(47.0))));
        assert_eq!(unit_and_range(&kept, "Creatinine"), (Some("mg/dL".to_string()), Some("0.4-1.5".to_string())));
        assert_eq!(unless_spoiling(first.clone(), &rows, kept.clone(), &cells, true, None), kept);
        // Kept only where no row outside the cells makes less sense for it: with it,
        // creatinine's unit lost, the page stays as read.
        let mut spoilt = kept;
        spoilt.words.retain(|w| !(w.text == "mg/dL" && w.bbox.y0 > 100.0));
        assert_eq!(unless_spoiling(first.clone(), &rows, spoilt, &cells, true, None), first);
    }

    #[test]
    fn a_reference_read_whole_or_naming_a_sex_is_not_read_again_alone() {
        let read = |urea: &[(&str, f32)]| {
            let page = page(urea);
            let rows = rows_from_page(&page, None);
            garbled_reference_cells(&page, &rows)
        };
        let urea = |reference: &[(&'static str, f32)]| {
            let mut words = vec![("Urea", 20.0), ("17.50", 200.0), ("mg/dL", 300.0)];
            words.extend_from_slice(reference);
            words
        };
        assert_eq!(read(&urea(&[("17-47", 400.0)])), vec![]);
        assert_eq!(read(&urea(&[("Adults", 400.0), ("(17", 450.0), ("3", 475.0), ("Xho)", 490.0)])).len(), 1);
        // The other sex's range: which tier is the person's, not letters misread.
        let page = page(&urea(&[("10,4-47:", 400.0), ("Female", 480.0)]));
        let rows = rows_from_page(&page, None);
        let row = rows.iter().find(|r| r.name == "Urea").expect("a Urea row");
        assert_eq!(row.range_text.as_deref(), Some("10,4-47: Female"));
        assert_eq!(garbled_reference_cells(&page, &rows), vec![]);
    }

    #[test]
    fn a_band_read_again_replaces_the_first_reading_only_where_it_makes_more_sense() {
        let first = page(&[("Urea", 20.0), ("17.50", 200.0), ("v7", 300.0)]);
        let rows = rows_from_page(&first, None);
        let bands = doubtful_bands(&first, &rows, true);
        // The second reading finds the unit and the range: it is kept, and the other rows stay.
        let kept = better_of(first.clone(), &rows, true, &bands, &urea_again("Urea"), None);
        assert_eq!(unit_and_range(&kept, "Urea"), (Some("mg/dL".to_string()), Some("17-47".to_string())));
        assert_eq!(rows_from_page(&kept, None).len(), 3);
        // A second reading that loses the name is thrown away, whatever else it found.
        assert_eq!(better_of(first.clone(), &rows, true, &bands, &urea_again("Ur"), None), first);
        // As is one that finds nothing.
        assert_eq!(better_of(first.clone(), &rows, true, &bands, &[], None), first);
    }

    #[test]
    fn a_band_read_again_that_moves_a_value_out_of_its_range_is_not_kept() {
        // Urea's unit lost, its value in range; read again with its unit, and its value
        // misread out of range.
        let first = page(&[("Urea", 20.0), ("25", 200.0), ("17-47", 400.0)]);
        let rows = rows_from_page(&first, None);
        let bands = doubtful_bands(&first, &rows, true);
        assert_eq!(bands.len(), 1, "{rows:#?}");
        let again = |value: &str| urea_again_as("Urea", value);
        let value =
            |page: &Page| rows_from_page(page, None).into_iter().find(|r| r.name == "Urea").map(|r| r.value.text);
        assert_eq!(value(&better_of(first.clone(), &rows, true, &bands, &again("184"), None)), Some("25".into()));
        // So is one that also lost the range: its value is judged against the first one's.
        let mut lost = again("184").to_vec();
        lost.pop();
        assert_eq!(value(&better_of(first.clone(), &rows, false, &bands, &lost, None)), Some("25".into()));
        // The same reading with the value as first read is kept for its unit.
        let kept = better_of(first.clone(), &rows, true, &bands, &again("25"), None);
        assert_eq!(unit_and_range(&kept, "Urea"), (Some("mg/dL".to_string()), Some("17-47".to_string())));
    }

    #[test]
    fn a_row_reaching_into_a_band_counts_for_moving_out_of_its_range() {
        let insulin = |value: &str| {
            let p = page(&[("Insulin", 20.0), (value, 200.0), ("uIU/mL", 300.0), ("2.6-24.9", 400.0)]);
            rows_from_page(&p, None).into_iter().find(|r| r.name == "Insulin").expect("the insulin row")
        };
        let (was, now) = (insulin("15.4"), insulin("184"));
        let b = was.bbox;
        // A band over the row's top half only: its middle is in the band below.
        let band = BBox { y0: b.y0 - 10.0, y1: b.mid_y() - 1.0, ..b };
        assert_eq!(rows_in(std::slice::from_ref(&was), band).count(), 0);
        assert!(left_its_range(std::slice::from_ref(&was), std::slice::from_ref(&now), band));
        // Another value in range, or a band that does not reach the row, is no move out.
        assert!(!left_its_range(std::slice::from_ref(&was), &[insulin("16.4")], band));
        let apart = BBox { y0: b.y1 + 5.0, y1: b.y1 + 30.0, ..b };
        assert!(!left_its_range(std::slice::from_ref(&was), std::slice::from_ref(&now), apart));
    }

    #[test]
    fn a_band_read_again_as_a_test_the_page_has_elsewhere_is_not_kept() {
        // Urea's name read as junk; read again, its band gives a row of the glucose above.
        let first = page(&[("Zzyzx", 20.0), ("15", 200.0), ("mg/dL", 300.0), ("17-47", 400.0)]);
        let rows = rows_from_page(&first, None);
        let bands = doubtful_bands(&first, &rows, true);
        assert_eq!(bands.len(), 1, "{rows:#?}");
        let glucose_again = [word("Glucose", 20.0, 81.0, 900), word("4", 200.0, 81.0, 900)];
        assert_eq!(better_of(first.clone(), &rows, true, &bands, &glucose_again, None), first);
        // Read again as the test it is, it is kept.
        let kept = better_of(first.clone(), &rows, true, &bands, &urea_again_as("Urea", "15"), None);
        assert_eq!(unit_and_range(&kept, "Urea"), (Some("mg/dL".to_string()), Some("17-47".to_string())));
    }

    /// Creatinine's row, lacking its range, right under urea's, which lacks its unit and range:
    /// the page, its rows and its one band to read again.
    fn urea_over_creatinine() -> (Page, Vec<LabRow>, Vec<BBox>) {
        let mut first = page(&[("Urea", 20.0), ("17.50", 200.0), ("v7", 300.0)]);
        first.words.retain(|w| w.line != Some(2));
        first.words.extend([
            word("Creatinine", 20.0, 93.0, 3),
            word("0.87", 200.0, 93.0, 3),
            word("mg/dL", 300.0, 93.0, 3),
        ]);
        let rows = rows_from_page(&first, None);
        let bands = doubtful_bands(&first, &rows, true);
        assert_eq!(bands.len(), 1, "{bands:?}");
        (first, rows, bands)
    }

    #[test]
    fn a_band_read_again_that_loses_a_test_it_held_is_not_kept_for_that_test_whatever_it_gains() {
        // Read again, urea is whole and creatinine has its range, but its value lost its point
        // (`87`), which creatinine cannot be.
        let (first, rows, bands) = urea_over_creatinine();
        let mut again = urea_again("Urea").to_vec();
        again.extend([
            word("Creatinine", 20.0, 94.0, 901),
            word("87", 200.0, 94.0, 901),
            word("mg/dL", 300.0, 94.0, 901),
            word("0.4-1.5", 400.0, 94.0, 901),
        ]);
        // Its rows make more sense in sum, and as many name a known test; the band is not
        // kept whole.
        let all_again = rows_from_page(&spliced(&first, &bands, &again, &[0]), None);
        let (before, after) = (band_sense(&rows, bands[0], true), band_sense(&all_again, bands[0], true));
        assert!(after.1 > before.1 && after.0 == before.0, "{before:?} {after:?}");
        assert!(improved(&rows, &all_again, &bands, true, |_| all_again.clone()).is_empty());
        // Row by row, urea's second reading is kept, and creatinine's first.
        let kept = rows_from_page(&better_of(first.clone(), &rows, true, &bands, &again, None), None);
        let value = |name: &str| kept.iter().find(|r| r.name == name).map(|r| r.value.text.clone());
        assert_eq!((value("Urea"), value("Creatinine")), (Some("17.50".into()), Some("0.87".into())));
    }

    #[test]
    fn a_band_read_again_is_kept_only_for_the_rows_it_reads_better() {
        // Read again, urea is whole, but creatinine lost its unit.
        let (first, rows, bands) = urea_over_creatinine();
        let mut again = urea_again("Urea").to_vec();
        again.extend([word("Creatinine", 20.0, 94.0, 901), word("0.87", 200.0, 94.0, 901)]);
        // The band's rows make more sense in sum read again.
        let (before, after) = (
            band_sense(&rows, bands[0], true),
            band_sense(&rows_from_page(&spliced(&first, &bands, &again, &[0]), None), bands[0], true),
        );
        assert!(after.1 > before.1 && after.0 == before.0, "{before:?} {after:?}");
        // Urea's second reading is kept, and creatinine's first.
        let kept = better_of(first.clone(), &rows, true, &bands, &again, None);
        assert_eq!(unit_and_range(&kept, "Urea"), (Some("mg/dL".to_string()), Some("17-47".to_string())));
        assert_eq!(unit_and_range(&kept, "Creatinine"), (Some("mg/dL".to_string()), None));
    }

    #[test]
    fn a_row_at_a_slant_keeps_the_end_that_reaches_into_the_band_above() {
        // A photo at a slant: creatinine's row rises to the right, its unit and range 20 px
        // above its name, their middles inside the band of urea's row above.
        let mut first = page(&[("Urea", 20.0), ("17.50", 200.0), ("v7", 300.0)]);
        for w in first.words.iter_mut().filter(|w| w.line == Some(2)) {
            let rise = if w.bbox.x0 >= 300.0 { 22.0 } else { 0.0 };
            (w.bbox.y0, w.bbox.y1) = (w.bbox.y0 - rise, w.bbox.y1 - rise);
        }
        let whole = (Some("mg/dL".to_string()), Some("0.4-1.5".to_string()));
        assert_eq!(unit_and_range(&first, "Creatinine"), whole);
        let rows = rows_from_page(&first, None);
        let bands = doubtful_bands(&first, &rows, true);
        let unit = first.words.iter().find(|w| w.line == Some(2) && w.text == "mg/dL").map(|w| w.bbox);
        assert!(unit.is_some_and(|u| bands[0].holds_centre_of(&u)), "{bands:?} {unit:?}");
        let kept = better_of(first.clone(), &rows, true, &bands, &urea_again("Urea"), None);
        assert_eq!(unit_and_range(&kept, "Creatinine"), whole);
        assert_eq!(rows_from_page(&kept, None).len(), 3);
    }

    #[test]
    fn a_band_read_again_that_cuts_off_part_of_a_row_reaching_into_it_is_not_kept() {
        // A photo at a slant, rising to the right: `Serum` over `Creatinine` names the row
        // above urea's, and urea's row, its right end raised, reaches up past `Creatinine`.
        let raised = |text: &str, x: f32, y: f32, line: u32| {
            let mut w = word(text, x, y, line);
            let rise = 0.12 * x;
            (w.bbox.y0, w.bbox.y1) = (w.bbox.y0 - rise, w.bbox.y1 - rise);
            w
        };
        let mut words = vec![
            raised("Glucose", 20.0, 50.0, 0),
            raised("88", 200.0, 50.0, 0),
            raised("mg/dL", 300.0, 50.0, 0),
            raised("70-110", 400.0, 50.0, 0),
            raised("Serum", 20.0, 95.0, 1),
            raised("0.87", 200.0, 95.0, 1),
            raised("mg/dL", 300.0, 95.0, 1),
            raised("0.4-1.5", 400.0, 95.0, 1),
            raised("Creatinine", 20.0, 108.0, 2),
        ];
        let urea = |text: &str, x: f32, line: u32| raised(text, x, 140.0, line);
        words.extend([urea("Urea", 20.0, 3), urea("17.50", 200.0, 3), urea("v7", 300.0, 3)]);
        let first = Page { number: 1, width: 600.0, height: 800.0, words };
        let rows = rows_from_page(&first, None);
        let names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["Glucose", "Serum Creatinine", "Urea"]);
        let bands = doubtful_bands(&first, &rows, true);
        assert_eq!(bands.len(), 1, "{bands:?}");
        // Urea's band holds the line of `Creatinine`, not the middle of its row.
        let creatinine = rows.iter().find(|r| r.name == "Serum Creatinine").map(|r| r.bbox);
        assert!(creatinine.is_some_and(|c| c.y1 > bands[0].y0 && !(bands[0].y0..=bands[0].y1).contains(&c.mid_y())));
        // Read again, urea is whole and `Creatinine` is cut off.
        let again =
            [urea("Urea", 20.0, 900), urea("17.50", 200.0, 900), urea("mg/dL", 300.0, 900), urea("17-47", 400.0, 900)];
        let kept = better_of(first.clone(), &rows, true, &bands, &again, None);
        let names: Vec<String> = rows_from_page(&kept, None).into_iter().map(|r| r.name).collect();
        assert_eq!(names, ["Glucose", "Serum Creatinine", "Urea"]);
    }

    #[test]
    fn a_known_test_only_the_other_reading_found_is_taken_from_it_and_rows_read_well_stay() {
        // This reading lost urea's name; the other, of the page enlarged twice, read it, and
        // misread creatinine.
        let first = page(&[("Rated Charegierns", 20.0), ("17.50", 200.0), ("mg/dL", 300.0), ("17-47", 400.0)]);
        let rows = rows_from_page(&first, None);
        let urea = [("Urea", 20.0), ("17.50", 200.0), ("mg/dL", 300.0), ("17-47", 400.0)];
        let mut other = page(&urea);
        for w in &mut other.words {
            if w.text == "0.87" {
                w.text = "8.7".into();
            }
            w.bbox = BBox { x0: w.bbox.x0 * 2.0, y0: w.bbox.y0 * 2.0, x1: w.bbox.x1 * 2.0, y1: w.bbox.y1 * 2.0 };
        }
        (other.width, other.height) = (other.width * 2.0, other.height * 2.0);
        let other_rows = rows_from_page(&other, None);
        let merged = borrow_rows(&first, &rows, &other, &other_rows, None).expect("urea is taken");
        let read: Vec<(String, String)> =
            rows_from_page(&merged, None).into_iter().map(|r| (r.name, r.value.text)).collect();
        let pair = |n: &str, v: &str| (n.to_string(), v.to_string());
        assert_eq!(read, [pair("Glucose", "88"), pair("Urea", "17.50"), pair("Creatinine", "0.87")]);
        // Nothing to take when this reading has every test the other has.
        let whole = page(&urea);
        let whole_rows = rows_from_page(&whole, None);
        assert_eq!(borrow_rows(&whole, &whole_rows, &other, &other_rows, None), None);
    }

    #[test]
    fn rows_next_to_each_other_are_one_band() {
        let band = |y0: f32, y1: f32| BBox { x0: 10.0, y0, x1: 600.0, y1 };
        let bands = merged(vec![band(100.0, 130.0), band(20.0, 40.0), band(35.0, 60.0)]);
        assert_eq!(bands, vec![band(20.0, 60.0), band(100.0, 130.0)]);
    }
}
