//! A tall scanned page read as two halves at once ([`crate::tesseract::OcrEngine::set_halves`]):
//! where to cut it across ([`cut_row`]), and how to tell a half whose reading left print out
//! ([`unread_ink`]).

use ht_reports::Word;
use image::GrayImage;

/// Most of a half's ink (its share of dark pixels) that may lie outside every word for its
/// reading to stand: on the 300 and 200 dpi scans of seeds 13, 21 and 61, halves read as well
/// as the whole left at most 0.4% unread; halves that lost a column of results, 3.2% to 6%.
pub(crate) const MAX_UNREAD_INK: f32 = 0.01;

/// The share of `image`'s ink (dark pixels) outside every word's box, widened by 3 pixels.
pub(crate) fn unread_ink(image: &GrayImage, words: &[Word]) -> f32 {
    let (w, h) = (image.width() as usize, image.height() as usize);
    let mut read = vec![false; w * h];
    for word in words {
        let b = word.bbox;
        let clamp = |v: f32, max: usize| (v.max(0.0) as usize).min(max);
        let (x0, x1) = (clamp(b.x0 - 3.0, w), clamp(b.x1 + 3.0, w));
        for y in clamp(b.y0 - 3.0, h)..clamp(b.y1 + 3.0, h) {
            read[y * w + x0..y * w + x1].fill(true);
        }
    }
    let (mut ink, mut unread) = (0usize, 0usize);
    for (p, r) in image.as_raw().iter().zip(&read) {
        if *p < 128 {
            ink += 1;
            unread += usize::from(!r);
        }
    }
    if ink == 0 { 0.0 } else { unread as f32 / ink as f32 }
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

    #[test]
    fn ink_outside_every_word_is_measured_as_a_share_of_the_ink() {
        // Two marks of 100 dark pixels each: one inside a word's box, one far from any.
        let page = GrayImage::from_fn(400, 200, |x, y| {
            let mark = (10..20).contains(&y) && ((10..20).contains(&x) || (300..310).contains(&x));
            image::Luma([if mark { 0 } else { 255 }])
        });
        let word = |x0: f32, x1: f32| Word {
            text: "12".into(),
            bbox: BBox { x0, y0: 11.0, x1, y1: 18.0 },
            bold: false,
            line: Some(0),
        };
        assert!((unread_ink(&page, &[word(12.0, 18.0)]) - 0.5).abs() < 1e-6);
        // A box a little short of its ink still reads it (boxes are widened by 3 pixels).
        assert_eq!(unread_ink(&page, &[word(12.0, 18.0), word(302.0, 308.0)]), 0.0);
        assert_eq!(unread_ink(&page, &[]), 1.0);
        assert_eq!(unread_ink(&GrayImage::from_pixel(10, 10, image::Luma([255])), &[]), 0.0);
    }

    #[test]
    fn a_short_page_or_one_printed_solid_down_its_middle_is_read_whole() {
        assert_eq!(cut_row(&ruled_page(HALVES_MIN_HEIGHT - 1, |y| y % 50 < 30)), None);
        assert_eq!(cut_row(&ruled_page(1500, |y| y % 50 < 46)), None);
    }
}
