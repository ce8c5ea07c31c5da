//! Lines from words: the words of a text layer by height, or the lines of OCR joined, split
//! and levelled against a tilted or curved page, then cut into cells.

use super::*;

#[derive(Clone)]
pub(super) struct Line {
    pub(super) cells: Vec<Cell>,
    pub(super) bbox: BBox,
}

/// Whether the page's words are OCR's (each with its line), not a text layer's.
pub(super) fn scanned(page: &Page) -> bool {
    !page.words.is_empty() && page.words.iter().all(|w| w.line.is_some())
}

pub(super) fn lines_of(page: &Page) -> Vec<Line> {
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
                // On a scan, a letter or digit a third as tall as the line's, after leader dots,
                // is a speck read as one (`Vitamin D, 25-Hydroxy .......  5  20.7`, the `5` 4 px
                // high on 23 px print).
                let mut chars = w.text.chars();
                let one = chars.next().is_some_and(char::is_alphanumeric) && chars.next().is_none();
                let after_leader = i > 0 && g[i - 1].text.len() >= 2 && g[i - 1].text.chars().all(|c| c == '.');
                if scanned && one && after_leader && w.bbox.height() < 0.35 * h {
                    continue;
                }
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
                // A range's high bound after its `to` or dash is the range's, across a photo's
                // wider space too (`reference 40 to` | `129 U/L`, `Ref. range 0.80 -` | `1.20`).
                let bound = scanned && gap < 1.2 * h && text.starts_with(|c: char| c.is_ascii_digit()) && {
                    let mut before = cells.last().map_or("", |c| c.text.as_str()).rsplit(' ');
                    before.next().is_some_and(|t| t.eq_ignore_ascii_case("to") || t == "-")
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

/// A scanned page's columns of lone `:` between names and values (`Calcium, Serum  :  9.33`):
/// the middle and half-width of each run of at least two colons that stand within about half
/// a letter of one another across the page (OCR misreads most of them on some pages).
pub(super) fn colon_columns(page: &Page) -> Vec<(f32, f32)> {
    let mut heights: Vec<f32> = page.words.iter().map(|w| w.bbox.height()).collect();
    heights.sort_by(f32::total_cmp);
    let Some(&letter) = heights.get(heights.len() / 2) else {
        return Vec::new();
    };
    let reach = (0.6 * letter).max(1.0);
    let mut mids: Vec<f32> = page.words.iter().filter(|w| w.text == ":").map(|w| w.bbox.mid_x()).collect();
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
pub(super) fn misread_colon(words: &[&Word], i: usize, columns: &[(f32, f32)]) -> bool {
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
    let before = &words[i - 1].text;
    if parse_number(&w.text).is_some()
        && (is_comparison(before)
            || ["to", "-", "\u{2013}", "upto"].iter().any(|word| before.eq_ignore_ascii_case(word)))
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
    pub(super) page: &'p Page,
    pub(super) lines: Vec<Line>,
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
pub(super) fn level_lines(page: &Page) -> Vec<Vec<&Word>> {
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
pub(super) fn lines_found_by_ocr(page: &Page) -> (Vec<Vec<&Word>>, f32) {
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
pub(super) fn level(w: &Word, slope: f32) -> f32 {
    w.bbox.mid_y() - slope * w.bbox.mid_x()
}

/// `lines` with each OCR line of words at two heights cut in two ([`split_two_bands`]) and
/// each piece that stands level with another line, between its words, made part of it: on a
/// photo Tesseract put a row's `(`, `)` and unit with the rest of the name wrapped under the
/// row (`Binding Capacity`), the row's other words on a line of their own.
pub(super) fn join_pieces(lines: Vec<Vec<&Word>>, slope: f32) -> Vec<Vec<&Word>> {
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
pub(super) fn split_two_bands(line: Vec<&Word>, slope: f32) -> Vec<Vec<&Word>> {
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
/// third of a letter) and the words of print that face each other across the gap
/// ([`facing_ends`]) share most of their height, once the page's tilt (the median slope of its
/// long lines), or the tilt of the long lines near them ([`local_slopes`]), is taken out over
/// the gap.
pub(super) fn join_side_by_side(mut groups: Vec<Vec<&Word>>) -> Vec<Vec<&Word>> {
    let slope = page_slope(&groups);
    let tilt = local_slopes(&groups, slope);
    loop {
        let bounds: Vec<Option<(BBox, BBox)>> = groups.iter().map(|g| facing_ends(g)).collect();
        // (The tilt where each line ends, asked once a round.)
        let tilts: Vec<f32> = bounds.iter().map(|b| b.map_or(slope, |(_, end)| tilt(end.mid_y()))).collect();
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
                if level_across(a, b, slope) || level_across(a, b, tilts[i]) {
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
pub(super) fn level_across(a: &BBox, b: &BBox, slope: f32) -> bool {
    let drift = slope * (b.mid_x() - a.mid_x());
    let shared = a.y1.min(b.y1 - drift) - a.y0.max(b.y0 - drift);
    shared >= 0.6 * a.height().min(b.height()).max(1.0)
}

/// Joins an OCR line into another where it stands in a gap between two of the other's words,
/// level with both: Tesseract sets a table's reference column apart as a block of its own,
/// and a row's first tier (`Women : 3.5 - 5.2`) then makes a line between the row's unit and
/// its result (`Serum Albumin  gm/dL  ...  4.3`), sorted before or after it. Level as
/// [`join_side_by_side`] has it ([`level_across`], the page's tilt `slope` taken out).
pub(super) fn join_into_gaps(mut groups: Vec<Vec<&Word>>, slope: f32) -> Vec<Vec<&Word>> {
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
pub(super) fn page_slope(groups: &[Vec<&Word>]) -> f32 {
    let mut slopes: Vec<f32> = long_line_slopes(groups).map(|(_, s)| s).collect();
    slopes.sort_by(f32::total_cmp);
    slopes.get(slopes.len() / 2).copied().unwrap_or(0.0)
}

/// Each long line of `groups` (first word to last, more than five letters apart): how high it
/// stands and its slope.
fn long_line_slopes<'a>(groups: &'a [Vec<&Word>]) -> impl Iterator<Item = (f32, f32)> + 'a {
    groups
        .iter()
        .filter_map(|g| line_ends(g))
        .filter(|(a, b)| b.mid_x() - a.mid_x() > 5.0 * a.height().max(b.height()))
        .map(|(a, b)| ((a.mid_y() + b.mid_y()) / 2.0, (b.mid_y() - a.mid_y()) / (b.mid_x() - a.mid_x())))
}

/// The slope of a page's lines at a height: the median slope of the five long lines nearest it
/// (`page`, the page's, where it has fewer). A photo taken at a slant tilts its lines more at
/// one end than the other: on one, the page's slope was a hundredth and a name's line at the
/// foot (`Potassium .....`) stood level with its result's (`3.7`), which that slope put 8 px
/// apart across the gap.
pub(super) fn local_slopes(groups: &[Vec<&Word>], page: f32) -> impl Fn(f32) -> f32 + use<> {
    let mut lines: Vec<(f32, f32)> = long_line_slopes(groups).collect();
    lines.sort_by(|a, b| a.0.total_cmp(&b.0));
    move |y: f32| {
        if lines.len() < 5 {
            return page;
        }
        // The five nearest: a window of five, slid from where `y` falls towards the nearer end.
        let mut start = lines.partition_point(|(at, _)| *at < y).saturating_sub(5).min(lines.len() - 5);
        while start + 5 < lines.len() && (lines[start + 5].0 - y).abs() < (y - lines[start].0).abs() {
            start += 1;
        }
        let mut slopes: Vec<f32> = lines[start..start + 5].iter().map(|(_, s)| *s).collect();
        slopes.sort_by(f32::total_cmp);
        slopes[2]
    }
}

/// How a scanned page's columns drift across per unit down once its tilt is taken out: as the
/// names' left edge does at the left, and as the last column's (its units, left-aligned) does
/// at the right, in between in proportion. A photo taken at a slant is narrower at one end, so
/// its right-hand columns drift by more than its names.
#[derive(Clone, Copy, Default)]
pub(super) struct Drift {
    /// (x, drift) at the names' edge.
    pub(super) left: (f32, f32),
    /// (x, drift) at the last column's, where that leans along a line of its own.
    pub(super) right: Option<(f32, f32)>,
}

impl Drift {
    /// The drift at `x`.
    pub(super) fn at(&self, x: f32) -> f32 {
        let (x0, k0) = self.left;
        match self.right {
            Some((x1, k1)) if x1 > x0 + 1.0 => k0 + (k1 - k0) * ((x - x0) / (x1 - x0)).clamp(0.0, 1.0),
            _ => k0,
        }
    }
}

/// The [`Drift`] of a scanned page's columns ([`column_drift`] on the first and on the last word
/// of each line); none where the names' edge does not lean.
pub(super) fn page_drift(groups: &[Vec<&Word>], slope: f32) -> Drift {
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
pub(super) fn column_drift(
    groups: &[Vec<&Word>],
    slope: f32,
    pick: impl Fn(&[&Word]) -> Option<BBox>,
) -> Option<(f32, f32)> {
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
pub(super) fn mid_y(g: &[&Word]) -> f32 {
    g.iter().map(|w| w.bbox.mid_y()).sum::<f32>() / g.len().max(1) as f32
}

/// The boxes of a line's first and last words of print, as [`join_side_by_side`] has them face
/// another line's: not marks, nor single letters or digits, under half as tall as the line's
/// tallest word. Leader dots after a name (`Vitamin D .......`) or a speck read as a digit are
/// a few pixels high at the baseline, and on a tilted photo a line level with the name shared
/// too little of their height.
fn facing_ends(g: &[&Word]) -> Option<(BBox, BBox)> {
    let tallest = g.iter().map(|w| w.bbox.height()).fold(0.0, f32::max);
    let speck = |w: &Word| {
        let small = w.bbox.height() < 0.5 * tallest;
        small && (!w.text.contains(char::is_alphanumeric) || w.text.chars().count() == 1)
    };
    let print: Vec<&Word> = g.iter().copied().filter(|w| !speck(w)).collect();
    line_ends(&print).or_else(|| line_ends(g))
}

/// The boxes of a line's first and last words.
pub(super) fn line_ends(g: &[&Word]) -> Option<(BBox, BBox)> {
    let first = g.iter().min_by(|a, b| a.bbox.x0.total_cmp(&b.bbox.x0))?.bbox;
    let last = g.iter().max_by(|a, b| a.bbox.x1.total_cmp(&b.bbox.x1))?.bbox;
    Some((first, last))
}

/// On a scan, an em dash before a number that is no range's dash: the edge of a shadow or a rule
/// read as one, alone after a word (`High — 80-200`) or stuck to a range (`3.97 —0.27-4.20`,
/// which would otherwise be read as a range from −0.27). Between two numbers (`70 — 100`) it is a
/// range's dash. (The em dash may run into other dashes or an underline: `—-`, `—_4.50-5.50`.)
pub(super) fn rule_dash(before: Option<&str>, text: &str, next: Option<&&Word>) -> bool {
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
pub(super) const DASHES: &[char] = &['\u{2014}', '\u{2013}', '-', '_'];

/// Punctuation between cells, and rules or underlines OCR reads as dashes or `==`.
pub(super) fn is_separator(text: &str) -> bool {
    text.chars().all(|c| matches!(c, ':' | '|' | '.' | '=') || DASHES.contains(&c))
}
