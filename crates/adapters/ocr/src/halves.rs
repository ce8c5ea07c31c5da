//! A tall scanned page read as two halves at once ([`crate::tesseract::OcrEngine::set_halves`]):
//! where to cut it across ([`cut_row`]), and how to tell a half whose reading left print out
//! ([`lines_left_out`]).

use ht_reports::Word;
use image::GrayImage;

/// Most lines of print a half's reading may leave out for it to stand. Halves that lost a
/// column of results left out a line of it for each row (a 200 dpi scan of seed 21 lost the
/// `5`, `3.8` and `7` of three rows); one line left out is a heading in bold (seed 127's
/// `Gamma Glutamyl Transferase`, 4.7% of its half's ink), or a lone result, whose row the
/// reader reads again as a line that names a test and has no row (`analyze::reread`).
/// Counted by the share of ink left out, as before, such a heading sent the page to be read
/// whole, and so did the odd bracket or digit of a reference that Tesseract's boxes stop
/// short of (1.4% of a half of seed 127).
pub(crate) const MAX_LINES_LEFT_OUT: usize = 1;

/// How many lines of print `image` (a half of a page) holds outside every word read on it:
/// bands of rows with dark pixels no word's box covers, each box widened by a letter's height
/// across and a third of it up and down (the words' median height), so that a bracket, point
/// or digit beside a word, which its box stopped short of, counts as read. A band counts
/// where it is at least half a letter tall and has at least a letter's height of dark pixels:
/// a speck of dust is no line.
pub(crate) fn lines_left_out(image: &GrayImage, words: &[Word]) -> usize {
    let (w, h) = (image.width() as usize, image.height() as usize);
    if w == 0 {
        return 0;
    }
    let mut heights: Vec<f32> = words.iter().map(|w| w.bbox.y1 - w.bbox.y0).filter(|h| *h > 0.0).collect();
    heights.sort_by(f32::total_cmp);
    // (A half with no word read: its print is measured with letters of 10 px.)
    let letter = heights.get(heights.len() / 2).copied().unwrap_or(10.0);
    let mut read = vec![false; w * h];
    let clamp = |v: f32, max: usize| (v.max(0.0) as usize).min(max);
    for word in words {
        let b = word.bbox;
        let (x0, x1) = (clamp(b.x0 - letter, w), clamp(b.x1 + letter, w));
        for y in clamp(b.y0 - letter / 3.0, h)..clamp(b.y1 + letter / 3.0, h) {
            read[y * w + x0..y * w + x1].fill(true);
        }
    }
    // Dark pixels left out, row by row.
    let left: Vec<usize> = image
        .as_raw()
        .chunks_exact(w)
        .zip(read.chunks_exact(w))
        .map(|(pixels, read)| pixels.iter().zip(read).filter(|&(&p, &r)| p < 128 && !r).count())
        .collect();
    let (min_rows, min_ink) = ((letter / 2.0).ceil() as usize, letter.ceil() as usize);
    let mut lines = 0;
    let mut y = 0;
    while y < h {
        let (start, mut ink) = (y, 0);
        while y < h && left[y] > 0 {
            ink += left[y];
            y += 1;
        }
        if y - start >= min_rows && ink >= min_ink {
            lines += 1;
        }
        y += 1;
    }
    lines
}

/// Pages at least this tall (in pixels, as read) are read in two halves at once. Below it a
/// page reads in a fraction of a second, and the halves' fixed costs (a second request, a
/// second layout analysis) take much of what they save.
pub(crate) const HALVES_MIN_HEIGHT: u32 = 1200;

/// Where to cut `page` (dark print on white) across into two halves read apart: the middle of
/// the blank band nearest the row that has as much ink above it as below (each half then holds
/// about as much to read: on a page printed on its upper half only, the cut falls inside that
/// half), between a sixth and five sixths of the page, at least `MIN_GAP` rows tall so that no
/// letter is cut; `None` for a short page or one with no such band there. A row is blank with
/// at most two dark pixels besides those of upright rules (thin runs of columns dark down most
/// of that span: a table's rules cross the gaps between its rows).
pub(crate) fn cut_row(page: &GrayImage) -> Option<u32> {
    /// A blank band this many rows tall or more lies between lines of print, not inside one.
    const MIN_GAP: usize = 6;
    /// The widest upright rule, in pixels.
    const MAX_RULE_WIDTH: usize = 8;
    let (w, h) = (page.width() as usize, page.height() as usize);
    if h < HALVES_MIN_HEIGHT as usize || w == 0 {
        return None;
    }
    let all: Vec<&[u8]> = page.as_raw().chunks_exact(w).take(h).collect();
    let ink: Vec<usize> = all.iter().map(|row| row.iter().filter(|&&p| p < 128).count()).collect();
    let half_ink = ink.iter().sum::<usize>() / 2;
    let mut above = 0;
    let target = ink.iter().position(|&n| {
        above += n;
        above >= half_ink
    })?;
    let (from, to) = (h / 6, h - h / 6);
    let rows = &all[from..to];
    let mut down = vec![0usize; w];
    for row in rows {
        for (n, &p) in down.iter_mut().zip(row.iter()) {
            *n += usize::from(p < 128);
        }
    }
    // Rules are thin: a wide run of such columns is print (a block of solid colour, say).
    let mut rule: Vec<bool> = down.iter().map(|&n| n * 5 >= rows.len() * 4).collect();
    let mut x = 0;
    while x < w {
        let start = x;
        while x < w && rule[x] {
            x += 1;
        }
        if x - start > MAX_RULE_WIDTH {
            rule[start..x].fill(false);
        }
        x += 1;
    }
    let blank: Vec<bool> =
        rows.iter().map(|row| row.iter().zip(&rule).filter(|&(&p, &r)| p < 128 && !r).count() <= 2).collect();
    let mut best: Option<usize> = None;
    let mut y = 0;
    while y < blank.len() {
        let start = y;
        while y < blank.len() && blank[y] {
            y += 1;
        }
        if y - start >= MIN_GAP {
            let cut = from + start + (y - start) / 2;
            if best.is_none_or(|b| cut.abs_diff(target) < b.abs_diff(target)) {
                best = Some(cut);
            }
        }
        y += 1;
    }
    best.and_then(|cut| u32::try_from(cut).ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use ht_reports::BBox;

    /// A white page `h` rows tall, 1000 wide, with lines of print (dark rows across 100..900)
    /// 30 rows tall every 50 rows, and upright rules down it at x = 50 and 950, 3 px wide.
    fn ruled_page(h: u32, print: impl Fn(u32) -> bool) -> GrayImage {
        GrayImage::from_fn(1000, h, |x, y| {
            let rule = (50..53).contains(&x) || (950..953).contains(&x);
            let line = (100..900).contains(&x) && print(y);
            image::Luma([if rule || line { 0 } else { 255 }])
        })
    }

    #[test]
    fn a_tall_page_is_cut_in_the_gap_between_lines_nearest_its_middle_across_its_rules() {
        let page = ruled_page(1500, |y| y % 50 < 30);
        let cut = cut_row(&page).expect("a cut");
        // The gap nearest the middle (750) is 730..750 (print 700..730, then 750..780).
        assert!((730..750).contains(&cut), "{cut}");
        assert_eq!(cut, 740);
    }

    /// A page of lines each holding one short word (8 px wide, `tall` rows of every 40, at a
    /// place that moves from line to line).
    fn short_words(tall: u32) -> GrayImage {
        GrayImage::from_fn(1000, 1500, |x, y| {
            let at = 100 + (y / 40) * 37 % 800;
            image::Luma([if (at..at + 8).contains(&x) && y % 40 < tall { 0 } else { 255 }])
        })
    }

    #[test]
    fn a_page_is_not_cut_through_a_line_of_print_however_little_ink_a_row_of_it_has() {
        // Gaps of 4 rows between lines: none is sure to lie between lines.
        assert_eq!(cut_row(&short_words(36)), None);
        // Gaps of 10: the cut is in one.
        let cut = cut_row(&short_words(30)).expect("a cut");
        assert!(cut % 40 >= 30, "{cut}");
    }

    #[test]
    fn a_page_printed_on_its_upper_part_only_is_cut_inside_the_print() {
        // Lines every 50 rows down to row 600, then blank paper to 1500.
        let page = ruled_page(1500, |y| y < 600 && y % 50 < 30);
        let cut = cut_row(&page).expect("a cut");
        // As much print above as below: near row 300, in a gap between lines.
        assert!((250..350).contains(&cut) && cut % 50 >= 30, "{cut}");
    }

    /// A white page with a mark of dark pixels (`w` × `h`) at each `(x, y)`.
    fn marks(at: &[(u32, u32)], w: u32, h: u32) -> GrayImage {
        GrayImage::from_fn(600, 300, |x, y| {
            let dark = at.iter().any(|&(mx, my)| (mx..mx + w).contains(&x) && (my..my + h).contains(&y));
            image::Luma([if dark { 0 } else { 255 }])
        })
    }

    fn word(x0: f32, y0: f32, x1: f32) -> Word {
        Word { text: "12".into(), bbox: BBox { x0, y0, x1, y1: y0 + 12.0 }, bold: false, line: Some(0) }
    }

    #[test]
    fn print_outside_every_word_is_counted_by_the_lines_it_makes() {
        // Three results (marks 8 × 10) in a column at x = 400 on three rows, their names read.
        let values = [(400, 20), (400, 60), (400, 100)];
        let names = [word(20.0, 20.0, 120.0), word(20.0, 60.0, 120.0), word(20.0, 100.0, 120.0)];
        let page = marks(&[(20, 20), (20, 60), (20, 100), values[0], values[1], values[2]], 8, 10);
        assert_eq!(lines_left_out(&page, &names), 3);
        // Read, they leave none out; one of them left out is one line.
        let read = |n: usize| values[..n].iter().map(|&(x, y)| word(x as f32, y as f32, x as f32 + 8.0));
        assert_eq!(lines_left_out(&page, &names.iter().cloned().chain(read(3)).collect::<Vec<_>>()), 0);
        assert_eq!(lines_left_out(&page, &names.iter().cloned().chain(read(2)).collect::<Vec<_>>()), 1);
        // Nothing read at all: every line is left out.
        assert_eq!(lines_left_out(&page, &[]), 3);
        assert_eq!(lines_left_out(&GrayImage::from_pixel(10, 10, image::Luma([255])), &[]), 0);
    }

    #[test]
    fn a_mark_beside_a_word_its_box_stopped_short_of_or_a_speck_is_no_line_left_out() {
        // A bracket 6 px right of a word's box (within a letter of it), on each of three rows.
        let words = [word(20.0, 20.0, 120.0), word(20.0, 60.0, 120.0), word(20.0, 100.0, 120.0)];
        let page = marks(&[(20, 20), (20, 60), (20, 100), (126, 21), (126, 61), (126, 101)], 3, 10);
        assert_eq!(lines_left_out(&page, &words), 0);
        // Specks (2 × 2) far from any word.
        let page = marks(&[(20, 20), (20, 60), (20, 100), (400, 30), (400, 70), (400, 110)], 2, 2);
        assert_eq!(lines_left_out(&page, &words), 0);
    }

    #[test]
    fn a_short_page_or_one_printed_solid_down_its_middle_is_read_whole() {
        assert_eq!(cut_row(&ruled_page(HALVES_MIN_HEIGHT - 1, |y| y % 50 < 30)), None);
        assert_eq!(cut_row(&ruled_page(1500, |y| y % 50 < 46)), None);
    }
}
