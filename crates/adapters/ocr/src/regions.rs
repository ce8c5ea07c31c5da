//! Small print that Tesseract's page layout took for a picture, or left out.
//!
//! Before it reads, Tesseract's layout analysis (page segmentation mode 4) marks regions it takes
//! for halftone pictures and reads no text there. On a phone photo, a column of small grey print
//! can look like a halftone to it: labdata's chemistry photo lost its whole reference column
//! that way. The TSV shows such a region as a word with no text. [`picture_regions`] finds them,
//! the worker reads each again as one block of text (mode 6, which does no picture finding), and
//! [`splice`] puts those words into the page's TSV in place of whatever the first reading found
//! there, each line joined to the page line it continues. Rules and lines leave blank words
//! too; they are too thin to hold a line of print and are not read again.
//!
//! The layout analysis can also leave out a column of print with no trace at all; the ink no
//! word covers finds it ([`unread_regions`]), and it is read again the same way. A column left
//! out between columns it read (a photo's unit column) is read again too, but its words only
//! add to the page's, where the page has none ([`add_unread`]): cut out, such a column takes in
//! the edges of the results beside it, and read so they came out worse (`82.9` as `62.9`).

/// Smallest width and height, in pixels, of a region worth reading again: a line of the
/// smallest print Tesseract reads. On a page of larger print, a region must also be a line of
/// it tall and three lines wide (a few letters): a speck on the margin is not print.
const MIN_SIDE: i32 = 12;

/// Widest a region may be for its height: a rule on a tilted scan has a box tens of pixels tall
/// but a hundred times as wide.
const MAX_ASPECT: i32 = 6;

/// Pixels added on each side of a region before it is read again, so that letters on its edge
/// are whole.
pub const PAD: i32 = 6;

/// A region of the page, `[left, top, width, height]` in pixels.
pub type Rect = [i32; 4];

/// One TSV row that is a word: its block, paragraph and line numbers, its box and its text.
struct WordRow<'a> {
    fields: Vec<&'a str>,
    rect: Rect,
}

fn word_rows(tsv: &str) -> impl Iterator<Item = WordRow<'_>> {
    tsv.lines().filter_map(|line| {
        let fields: Vec<&str> = line.split('\t').collect();
        if fields.len() < 12 || fields[0] != "5" {
            return None;
        }
        let n = |i: usize| fields[i].trim().parse::<i32>().ok();
        let rect = [n(6)?, n(7)?, n(8)?, n(9)?];
        Some(WordRow { fields, rect })
    })
}

/// The boxes of the words a reading holds (blank ones left out), and the height of a line of
/// its print: their median height, at least [`PAD`].
fn read_words(tsv: &str) -> (Vec<Rect>, i32) {
    let words: Vec<Rect> = word_rows(tsv).filter(|w| !w.fields[11].trim().is_empty()).map(|w| w.rect).collect();
    let mut heights: Vec<i32> = words.iter().map(|r| r[3]).collect();
    heights.sort_unstable();
    let line = heights.get(heights.len() / 2).copied().unwrap_or(0).max(PAD);
    (words, line)
}

/// Regions of the page that Tesseract did not read because it took them for pictures, kept
/// within a `width` × `height` page. Tesseract draws a picture's bounds coarsely (on the page
/// halved): they cut through letters and lines, and the rest of a row of small print stands to
/// the right (`Normal:up to 20|0`). So each region is padded by [`PAD`] at its left, by a line
/// of the page's print above and below, reaches the page's right edge, and is grown to hold
/// whole the words of the first reading it cuts.
#[must_use]
pub fn picture_regions(tsv: &str, width: i32, height: i32) -> Vec<Rect> {
    let (words, line) = read_words(tsv);
    word_rows(tsv)
        .filter(|w| {
            let [_, _, rw, rh] = w.rect;
            let print = rw >= MIN_SIDE.max(3 * line) && rh >= MIN_SIDE.max(line);
            w.fields[11].trim().is_empty() && print && rw <= MAX_ASPECT * rh
        })
        .map(|w| {
            let [x, y, _, rh] = w.rect;
            let (x0, mut y0, mut y1) = ((x - PAD).max(0), y - line, y + rh + line);
            for [wx, wy, ww, wh] in &words {
                if wx + ww > x0 && *wy < y1 && wy + wh > y0 {
                    y0 = y0.min(*wy - 1);
                    y1 = y1.max(wy + wh + 1);
                }
            }
            let (y0, y1) = (y0.max(0), y1.min(height));
            [x0, y0, width.max(x0 + 1) - x0, y1 - y0]
        })
        .filter(|r| r[2] > 0 && r[3] > 0)
        .fold(Vec::new(), merge_overlapping)
}

/// Columns of print the first reading left out altogether, to the right of all it read on their
/// rows. On a photo of small print, Tesseract's layout analysis (at the 300 dpi it is told) can
/// drop a table's far-right column with no trace, not even a picture's blank word: a layout's
/// `Your Value` column lost its header and its first eight results; told 150 dpi, it read them,
/// but that lost more on other photos than it found. They are found as letters of ink no word
/// of the first reading covers: blobs of a letter's size, within a line of the page's print of
/// each other along a row, rows of them stacked in a column (further apart where they line up:
/// [`ALIGNED_GAP`]), each column one region, padded a quarter of a line above and below and
/// [`PAD`] beside. A lone letter is no region: a tick or a speck of a photo's grain is one blob,
/// and a column is two rows or more: single words left out (a header line of a photo) read
/// again changed what was read well around them. Gives the columns right of every word read on
/// their rows, then those left out between read ones (a unit column), whose words only add to
/// the page's ([`add_unread`]). Ink is black below 128, and then grey below the page's own ink
/// level ([`ink_level`]), whose columns only add to the black's. `pixels` is the `width` ×
/// `height` page as read, dark ink on light; ink inside `skip` (pictures, read again anyway)
/// is not looked at.
#[must_use]
pub fn unread_regions(tsv: &str, pixels: &[u8], width: i32, height: i32, skip: &[Rect]) -> (Vec<Rect>, Vec<Rect>) {
    let none = (Vec::new(), Vec::new());
    let (Ok(w), Ok(h)) = (usize::try_from(width), usize::try_from(height)) else {
        return none;
    };
    if pixels.len() < w * h {
        return none;
    }
    let (read, line) = read_words(tsv);
    if read.len() < MIN_WORDS {
        return none;
    }
    let every: Vec<Rect> = word_rows(tsv).map(|w| w.rect).chain(skip.iter().copied()).collect();
    let margin = line / 4;
    let covered = |x: i32, y: i32| {
        every
            .iter()
            .any(|r| x >= r[0] - margin && x < r[0] + r[2] + margin && y >= r[1] - margin && y < r[1] + r[3] + margin)
    };
    let letters_at = |dark: u8| -> Vec<Rect> {
        crate::blobs::all(w, h, |i| pixels[i] < dark, crate::blobs::EDGES)
            .into_iter()
            .filter_map(|b| {
                let (bw, bh) = (b.width() as i32, b.height() as i32);
                let letter = bh >= (line / 3).max(4)
                    && bh <= line * 3 / 2
                    && bw <= line * 2
                    && b.area * 10 >= b.width() * b.height();
                let r = [b.x0 as i32, b.y0 as i32, bw, bh];
                (letter && !covered(r[0] + bw / 2, r[1] + bh / 2)).then_some(r)
            })
            .collect()
    };
    // Gathering letters costs their number squared: ink left out in such numbers is no column
    // of a table but grain or a picture.
    let black = letters_at(128);
    if black.len() > MAX_LETTERS {
        return none;
    }
    let gather = |letters: &[Rect]| columns(letters, &read, line, width, height);
    let (mut after, mut between) = gather(&black);
    // Grey print that black ink alone breaks into specks (a photo's `88` in a results column,
    // strokes 130 to 160 on a page of 250) is found at the page's own ink level. Its letters
    // are gathered with the black ones, but they also widen and join black columns (black
    // letters close together run into one blob too wide for a letter at the lighter level), so
    // what they find only adds to what black print found: a column to read again as the page's
    // is taken where it is clear of the black columns, and a column between columns read joins
    // any it overlaps (its words only add to the page's where it has none).
    let grey = ink_level(&pixels[..w * h]);
    if grey > 128 {
        let mut letters = letters_at(grey);
        letters.retain(|g| !black.iter().any(|b| overlap(*g, *b)));
        if !letters.is_empty() && black.len() + letters.len() <= MAX_LETTERS {
            letters.extend_from_slice(&black);
            let (more_after, more_between) = gather(&letters);
            let clear = |r: &Rect| !after.iter().chain(&between).any(|a| overlap(*r, *a));
            let more_after: Vec<Rect> = more_after.into_iter().filter(clear).collect();
            after.extend(more_after);
            for r in more_between {
                between = merged_into(between, r, overlap);
            }
        }
    }
    (after, between)
}

/// The columns `letters` (left out of the first reading, whose words are `read` and whose
/// lines of print are `line` tall) stand in, padded, on a `width` × `height` page: those right
/// of every word read on their rows, then those between words read.
fn columns(letters: &[Rect], read: &[Rect], line: i32, width: i32, height: i32) -> (Vec<Rect>, Vec<Rect>) {
    let margin = line / 4;
    // Letters along a row, then rows stacked in a column.
    let near_in_row = |a: Rect, b: Rect| {
        (mid_y(a) - mid_y(b)).abs() * 2 <= line && a[0] - line <= b[0] + b[2] && b[0] - line <= a[0] + a[2]
    };
    let words: Vec<Rect> =
        clusters(letters, near_in_row).into_iter().filter(|(_, n)| *n >= 2).map(|(r, _)| r).collect();
    let stacked = |a: Rect, b: Rect| {
        let aligned = (a[0] - b[0]).abs() * 3 <= line || (a[0] + a[2] - b[0] - b[2]).abs() * 3 <= line;
        let gap = if aligned { ALIGNED_GAP } else { 3 } * line;
        a[0] <= b[0] + b[2] && b[0] <= a[0] + a[2] && a[1] - gap <= b[1] + b[3] && b[1] - gap <= a[1] + a[3]
    };
    let padded = |[x, y, rw, rh]: Rect| {
        let (x0, y0) = ((x - PAD).max(0), (y - margin).max(0));
        [x0, y0, (x + rw + PAD).min(width) - x0, (y + rh + margin).min(height) - y0]
    };
    let (mut after, mut between) = (Vec::new(), Vec::new());
    for (column, rows) in clusters(&words, stacked) {
        let [x, y, _, rh] = column;
        if rows < 2 {
            continue;
        }
        let beside = read.iter().filter(|r| mid_y(**r) >= y && mid_y(**r) < y + rh);
        if beside.map(|r| r[0] + r[2]).max().is_none_or(|right| right < x) {
            after.push(padded(column));
        } else {
            between.push(padded(column));
        }
    }
    (after, between)
}

/// The grey below which a pixel of `pixels` is ink when letters left out are looked for: the
/// level that best parts the page's pixels into two classes (Otsu's), at least 128 and at most
/// [`MAX_INK_LEVEL`]. A photo's print can be grey: a phone photo's `88` in a results column
/// (strokes 130 to 160 on a page of 250) fell apart at 128 into specks too small for letters,
/// and its cell was left out unread.
fn ink_level(pixels: &[u8]) -> u8 {
    let mut histogram = [0u64; 256];
    for &p in pixels {
        histogram[usize::from(p)] += 1;
    }
    let total: u64 = histogram.iter().sum();
    let sum: f64 = histogram.iter().enumerate().map(|(v, &n)| v as f64 * n as f64).sum();
    let (mut below, mut below_sum, mut best, mut level) = (0u64, 0f64, 0f64, 128u8);
    for (v, &n) in histogram.iter().enumerate() {
        below += n;
        below_sum += v as f64 * n as f64;
        let above = total - below;
        if below == 0 || above == 0 {
            continue;
        }
        let between =
            below as f64 * above as f64 * (below_sum / below as f64 - (sum - below_sum) / above as f64).powi(2);
        if between > best {
            best = between;
            level = u8::try_from(v + 1).unwrap_or(u8::MAX);
        }
    }
    level.clamp(128, MAX_INK_LEVEL)
}

/// Lightest grey [`ink_level`] takes for ink.
const MAX_INK_LEVEL: u8 = 192;

/// Widest gap, in lines of the page's print, between two words left out one under the other
/// that start or end at one place across (a third of a line apart) and so are cells of one
/// column: on a table whose rows each hold a line of reference or method under the result, a
/// unit column's cells stand four lines apart. Words not so aligned are one column only within
/// three lines of each other.
const ALIGNED_GAP: i32 = 8;

/// Fewest words a first reading needs for its print to be measured and its gaps looked for.
const MIN_WORDS: usize = 10;

/// Most letters left out that are gathered into columns: a page of print holds a few
/// thousand letters in all.
const MAX_LETTERS: usize = 4000;

/// `boxes` gathered into clusters where `near` links two, each cluster's bounding box and how
/// many boxes it holds, top to bottom.
fn clusters(boxes: &[Rect], near: impl Fn(Rect, Rect) -> bool) -> Vec<(Rect, usize)> {
    let mut out: Vec<(Rect, usize, Vec<Rect>)> = Vec::new();
    for &b in boxes {
        let joined: Vec<usize> = (0..out.len()).filter(|&i| out[i].2.iter().any(|&m| near(m, b))).collect();
        let mut members = vec![b];
        for &i in joined.iter().rev() {
            members.extend(out.swap_remove(i).2);
        }
        let x0 = members.iter().map(|r| r[0]).min().unwrap_or(0);
        let y0 = members.iter().map(|r| r[1]).min().unwrap_or(0);
        let x1 = members.iter().map(|r| r[0] + r[2]).max().unwrap_or(0);
        let y1 = members.iter().map(|r| r[1] + r[3]).max().unwrap_or(0);
        out.push(([x0, y0, x1 - x0, y1 - y0], members.len(), members));
    }
    let mut out: Vec<(Rect, usize)> = out.into_iter().map(|(r, n, _)| (r, n)).collect();
    out.sort_unstable_by_key(|(r, _)| (r[1], r[0]));
    out
}

/// `regions` with `next` added, where a region that lies within the band of rows of another is
/// merged into it. Every region reaches the page's right edge, so two pictures side by side on
/// one band would have the band's words read twice (time) and spliced in twice (a row of doubled
/// words: labdata's LabSmart template has two in its header). Regions that only partly share
/// rows stay apart: merged, the chemistry photo's reference column was read as one block with
/// the results beside it, and lost two of them.
fn merge_overlapping(regions: Vec<Rect>, next: Rect) -> Vec<Rect> {
    let within = |a: Rect, b: Rect| a[1] >= b[1] && a[1] + a[3] <= b[1] + b[3];
    merged_into(regions, next, |a, b| within(a, b) || within(b, a))
}

/// `regions` with `next` among them, joined into one box with each region `joins` it (or the
/// box it has grown into), top to bottom.
fn merged_into(mut regions: Vec<Rect>, next: Rect, joins: impl Fn(Rect, Rect) -> bool) -> Vec<Rect> {
    let mut merged = next;
    while let Some(i) = regions.iter().position(|r| joins(*r, merged)) {
        let r = regions.swap_remove(i);
        let (x0, y0) = (r[0].min(merged[0]), r[1].min(merged[1]));
        let (x1, y1) = ((r[0] + r[2]).max(merged[0] + merged[2]), (r[1] + r[3]).max(merged[1] + merged[3]));
        merged = [x0, y0, x1 - x0, y1 - y0];
    }
    regions.push(merged);
    regions.sort_unstable_by_key(|r| (r[1], r[0]));
    regions
}

/// Whether the regions `a` and `b` share a pixel.
fn overlap(a: Rect, b: Rect) -> bool {
    a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3]
}

fn centre_inside(word: Rect, region: Rect) -> bool {
    let (cx, cy) = (word[0] + word[2] / 2, word[1] + word[3] / 2);
    cx >= region[0] && cx < region[0] + region[2] && cy >= region[1] && cy < region[1] + region[3]
}

/// A text line's block, paragraph and line numbers.
type LineKey<'a> = (&'a str, &'a str, &'a str);

fn key<'a>(w: &WordRow<'a>) -> LineKey<'a> {
    (w.fields[2], w.fields[3], w.fields[4])
}

fn mid_y(r: Rect) -> i32 {
    r[1] + r[3] / 2
}

/// The page line a line read again in a region continues: the line whose nearest word to the
/// left of it stands at its height (within half a letter). Tesseract follows a tilted row, so
/// the height is compared with that nearest word, not with the line as a whole.
fn continued_line<'a>(page: &[WordRow<'a>], words: &[&WordRow<'_>]) -> Option<LineKey<'a>> {
    let x0 = words.iter().map(|w| w.rect[0]).min()?;
    let mut mids: Vec<i32> = words.iter().map(|w| mid_y(w.rect)).collect();
    mids.sort_unstable();
    let (mid, height) = (mids[mids.len() / 2], words.iter().map(|w| w.rect[3]).max()?);
    let mut nearest: Vec<(LineKey<'a>, &WordRow<'a>)> = Vec::new();
    for w in page.iter().filter(|w| w.rect[0] + w.rect[2] <= x0 + PAD) {
        match nearest.iter_mut().find(|(k, _)| *k == key(w)) {
            Some((_, best)) if best.rect[0] + best.rect[2] >= w.rect[0] + w.rect[2] => {}
            Some((_, best)) => *best = w,
            None => nearest.push((key(w), w)),
        }
    }
    nearest
        .into_iter()
        .map(|(k, w)| (k, (mid_y(w.rect) - mid).abs(), w.rect[3].max(height)))
        .filter(|&(_, dy, h)| 2 * dy < h)
        .min_by_key(|&(_, dy, _)| dy)
        .map(|(k, _, _)| k)
}

/// `first` (the page's TSV) with the words of each region's second reading in place of the
/// words `first` had there; where regions overlap, the first that read something there is
/// kept. A region read again as nothing keeps what `first` had. A line read
/// in a region joins the page line it continues (a reference range beside its test), and
/// otherwise gets a block number of its own, after the page's, so that it stays a line of its
/// own. Coordinates in `rereads` are the page's.
#[must_use]
pub fn splice(first: &str, rereads: &[(Rect, String)]) -> String {
    let read: Vec<Rect> = rereads
        .iter()
        .filter(|(_, tsv)| word_rows(tsv).any(|w| !w.fields[11].trim().is_empty()))
        .map(|(r, _)| *r)
        .collect();
    let replaced = |w: &WordRow| read.iter().any(|r| centre_inside(w.rect, *r));
    let mut out = String::with_capacity(first.len());
    for line in first.lines() {
        if !word_rows(line).next().is_some_and(|w| replaced(&w)) {
            out.push_str(line);
            out.push('\n');
        }
    }
    let page: Vec<WordRow> = word_rows(first).filter(|w| !w.fields[11].trim().is_empty() && !replaced(w)).collect();
    let mut next_block = last_block(first);
    // Where regions overlap, the rows they share are taken from the first that read them: the
    // same words twice would make a second, junk row of each (`PHOTOMETRY 11.7 mg/dL`).
    let mut taken: Vec<Rect> = Vec::new();
    for (region, tsv) in rereads {
        next_block += 1;
        let words: Vec<WordRow> = word_rows(tsv)
            .filter(|w| !w.fields[11].trim().is_empty() && !taken.iter().any(|r| centre_inside(w.rect, *r)))
            .collect();
        if read.contains(region) {
            taken.push(*region);
        }
        push_lines(&mut out, &page, &words, next_block);
    }
    out
}

/// `first` (the page's TSV, its last line ending the text) with the words of each region's
/// second reading that stand where `first` has no word, neither's middle inside the other's
/// box: a column left out between columns read adds its words, and the words read beside it,
/// which the region takes in the edges of, stay as first read. Lines join the page's as in
/// [`splice`]. Coordinates in `rereads` are the page's.
#[must_use]
pub fn add_unread(first: &str, rereads: &[(Rect, String)]) -> String {
    let page: Vec<WordRow> = word_rows(first).filter(|w| !w.fields[11].trim().is_empty()).collect();
    let clear = |w: &WordRow| !page.iter().any(|p| centre_inside(w.rect, p.rect) || centre_inside(p.rect, w.rect));
    let mut next_block = last_block(first);
    let mut out = first.to_string();
    for (_, tsv) in rereads {
        next_block += 1;
        let words: Vec<WordRow> = word_rows(tsv).filter(|w| !w.fields[11].trim().is_empty() && clear(w)).collect();
        push_lines(&mut out, &page, &words, next_block);
    }
    out
}

/// The highest block number among the rows of the TSV `tsv`, 0 with none.
fn last_block(tsv: &str) -> u32 {
    tsv.lines().filter_map(|l| l.split('\t').nth(2)?.parse::<u32>().ok()).max().unwrap_or(0)
}

/// Appends `words` (read again in a region) to the TSV `out`, each line of them on the line of
/// `page` it continues ([`continued_line`]) or else in block `own_block`.
fn push_lines(out: &mut String, page: &[WordRow], words: &[WordRow], own_block: u32) {
    let mut lines: Vec<(LineKey, Vec<&WordRow>)> = Vec::new();
    for w in words {
        match lines.iter_mut().find(|(k, _)| *k == key(w)) {
            Some((_, ws)) => ws.push(w),
            None => lines.push((key(w), vec![w])),
        }
    }
    let own = own_block.to_string();
    for (_, ws) in &lines {
        let joined = continued_line(page, ws);
        for w in ws {
            let mut fields = w.fields.clone();
            match joined {
                Some((block, par, line)) => (fields[2], fields[3], fields[4]) = (block, par, line),
                None => fields[2] = &own,
            }
            out.push_str(&fields.join("\t"));
            out.push('\n');
        }
    }
}

/// White added round the ink of [`printed_area`]: more than a letter's height at 300 dpi, so
/// that no letter touches the edge of what is read, and Tesseract's local threshold sees paper
/// round the print as it would on the whole page.
const MARGIN: i32 = 40;

/// The part of a `width` × `height` page (dark ink on light, as [`unread_regions`] reads it)
/// that holds ink: the box round every row and column with two dark pixels or more, widened by
/// [`MARGIN`]; `None` for a page with no ink, or where the box would save less than a quarter
/// of the page. Tesseract's local threshold and its search for ruled lines cost in proportion to
/// the pixels they are given, and a scanned report can be a third blank margin. But a page read
/// cut reads a little differently (its layout analysis sees another page size): cutting every
/// page that saved a tenth changed no result of the seed 13 scans or seed 47 photos, and on
/// labdata it lost three method names of Lal PathLabs' image PDF (which it saved 17% of) and
/// three units of the iron photo (13%). So only a page that saves much is cut.
#[must_use]
pub fn printed_area(pixels: &[u8], width: i32, height: i32) -> Option<Rect> {
    let (w, h) = (usize::try_from(width).ok()?, usize::try_from(height).ok()?);
    if w == 0 || pixels.len() < w * h {
        return None;
    }
    let mut in_column = vec![0u32; w];
    let mut rows = Vec::new();
    for (y, row) in pixels.chunks_exact(w).take(h).enumerate() {
        let mut dark = 0;
        for (count, &p) in in_column.iter_mut().zip(row) {
            let ink = u32::from(p < 128);
            *count += ink;
            dark += ink;
        }
        if dark >= 2 {
            rows.push(y);
        }
    }
    let (&top, &bottom) = (rows.first()?, rows.last()?);
    let left = in_column.iter().position(|&n| n >= 2)?;
    let right = in_column.iter().rposition(|&n| n >= 2)?;
    let side = |v: usize| i32::try_from(v).unwrap_or(i32::MAX);
    let (x0, y0) = ((side(left) - MARGIN).max(0), (side(top) - MARGIN).max(0));
    let (x1, y1) = ((side(right) + 1 + MARGIN).min(width), (side(bottom) + 1 + MARGIN).min(height));
    let area = |a: i32, b: i32| i64::from(a) * i64::from(b);
    (area(x1 - x0, y1 - y0) * 4 <= area(width, height) * 3).then_some([x0, y0, x1 - x0, y1 - y0])
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str =
        "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n";

    fn row(block: u32, line: u32, rect: Rect, text: &str) -> String {
        let [x, y, w, h] = rect;
        format!("5\t1\t{block}\t1\t{line}\t1\t{x}\t{y}\t{w}\t{h}\t90\t{text}\n")
    }

    #[test]
    fn blank_words_large_enough_for_print_are_picture_regions() {
        let tsv = [
            HEAD.to_string(),
            row(1, 1, [10, 10, 60, 14], "Urea"),
            // A picture region: no text, room for lines of print.
            row(2, 1, [640, 280, 140, 220], " "),
            // A rule: too thin to hold print.
            row(3, 1, [0, 100, 890, 3], ""),
            // A rule on a tilted page: a tall box, but far wider than any block of print.
            row(3, 2, [190, 440, 1540, 33], ""),
            // A region on the page's edge is kept within it.
            row(4, 1, [2, 1190, 100, 20], ""),
            // A speck on the margin: narrower than a few letters of the page's print.
            row(4, 2, [7, 597, 22, 30], ""),
            // A word the first region cuts at its bottom, and one left of it that it does not.
            row(5, 1, [650, 505, 90, 14], "Women:2.3-6.1"),
            row(5, 1, [300, 496, 40, 14], "4.20"),
        ]
        .concat();
        // A line of print (14 px) above and below, then down to the bottom of the cut word.
        assert_eq!(picture_regions(&tsv, 900, 1200), vec![[634, 266, 266, 254], [0, 1176, 900, 24]]);
    }

    #[test]
    fn overlapping_regions_are_read_as_one() {
        let tsv = [
            HEAD.to_string(),
            row(1, 1, [10, 140, 60, 20], "Patient"),
            // Two pictures side by side on one band of a header, and one lower down.
            row(2, 1, [705, 140, 67, 20], ""),
            row(3, 1, [848, 140, 52, 20], ""),
            row(4, 1, [28, 1023, 76, 50], ""),
            // One that shares only some rows with it stays apart.
            row(5, 1, [500, 1060, 76, 50], ""),
        ]
        .concat();
        // Each reaches the right edge, so the second lies inside the first: one band is read.
        assert_eq!(
            picture_regions(&tsv, 982, 1200),
            vec![[699, 120, 283, 60], [22, 1003, 960, 90], [494, 1040, 488, 90]]
        );
    }

    /// A white `w`×`h` page with black boxes of ink.
    fn page_with_ink(w: usize, h: usize, ink: &[Rect]) -> Vec<u8> {
        let mut pixels = vec![255u8; w * h];
        paint(&mut pixels, w, ink, 0);
        pixels
    }

    /// `boxes` painted on the `w` pixels wide page `pixels` in the grey `level`.
    fn paint(pixels: &mut [u8], w: usize, boxes: &[Rect], level: u8) {
        for &[x, y, bw, bh] in boxes {
            for yy in y..y + bh {
                for xx in x..x + bw {
                    pixels[yy as usize * w + xx as usize] = level;
                }
            }
        }
    }

    /// A page's reading of five rows, each a name and a range in words 12 px tall.
    fn five_rows_read() -> String {
        let mut tsv = HEAD.to_string();
        for (i, y) in [20, 40, 60, 80, 100].into_iter().enumerate() {
            let line = u32::try_from(i).unwrap() + 1;
            tsv += &row(1, line, [10, y, 50, 12], "Urea");
            tsv += &row(1, line, [150, y, 50, 12], "17-43");
        }
        tsv
    }

    /// Two letters of ink, 10 px tall, left out at `x` on the row at `y`.
    fn two_letters(x: i32, y: i32) -> [Rect; 2] {
        [[x, y + 1, 6, 10], [x + 9, y + 1, 6, 10]]
    }

    #[test]
    fn a_column_left_out_right_of_its_rows_is_a_region_to_read_again() {
        let tsv = five_rows_read();
        let mut ink = Vec::new();
        for y in [20, 40, 60] {
            // Results right of everything read on their rows, which the reading left out.
            ink.extend(two_letters(300, y));
            // A unit column left out between the names and the ranges: a column of its own.
            ink.extend(two_letters(100, y));
        }
        // Letters under a word read, a lone speck, and one row's word alone: no region.
        ink.extend(two_letters(20, 80));
        ink.extend(two_letters(360, 100));
        ink.push([250, 100, 6, 10]);
        let pixels = page_with_ink(400, 200, &ink);
        // The column's letters (x 300 to 315, y 21 to 71), PAD beside, a quarter line (3 px) above and below.
        // The unit column's: x 100 to 115.
        assert_eq!(unread_regions(&tsv, &pixels, 400, 200, &[]), (vec![[294, 18, 27, 56]], vec![[94, 18, 27, 56]]));
        // Inside a picture region it is left to the picture's second reading.
        assert!(unread_regions(&tsv, &pixels, 400, 200, &[[280, 0, 120, 200]]).0.is_empty());
        // A reading too short to measure its print looks for nothing.
        let short = [HEAD.to_string(), row(1, 1, [10, 20, 50, 12], "Urea")].concat();
        assert_eq!(unread_regions(&short, &pixels, 400, 200, &[]), (vec![], vec![]));
    }

    #[test]
    fn grey_print_left_out_adds_to_what_black_print_finds() {
        let tsv = five_rows_read();
        let (mut black, mut grey) = (Vec::new(), Vec::new());
        // Results right of the rows: black on three rows, grey on the fourth.
        for y in [20, 40, 60] {
            black.extend(two_letters(300, y));
        }
        grey.extend(two_letters(300, 80));
        // Units between the names and the ranges: black on two rows, grey on the next two.
        black.extend(two_letters(100, 20).into_iter().chain(two_letters(100, 40)));
        grey.extend(two_letters(100, 60).into_iter().chain(two_letters(100, 80)));
        // A column of grey print alone right of the rows (between their ranges and the black
        // results).
        for y in [20, 40, 60] {
            grey.extend(two_letters(240, y));
        }
        let mut pixels = page_with_ink(400, 200, &black);
        paint(&mut pixels, 400, &grey, 150);
        let (after, between) = unread_regions(&tsv, &pixels, 400, 200, &[]);
        // The column black print found is read again as it found it: the grey cell under it
        // does not widen it. The grey column clear of it is read again too.
        assert_eq!(after, vec![[294, 18, 27, 56], [234, 18, 27, 56]]);
        // The grey units join the black ones' column, whose words only add to the page's.
        assert_eq!(between, vec![[94, 18, 27, 76]]);
    }

    #[test]
    fn cells_of_one_column_far_apart_are_one_region_when_they_line_up() {
        // Rows of a name and a result, each with its reference on a line of its own below: the
        // unit column's cells stand five lines (60 px) apart.
        let mut tsv = HEAD.to_string();
        for (i, y) in [20, 92, 164, 236, 308, 380].into_iter().enumerate() {
            let line = 2 * u32::try_from(i).unwrap() + 1;
            tsv += &row(1, line, [10, y, 50, 12], "Urea");
            tsv += &row(1, line, [150, y, 30, 12], "17.2");
            tsv += &row(1, line + 1, [10, y + 36, 120, 12], "Ref.Range:17-43");
        }
        let letters = |x: i32, y: i32, n: i32| (0..n).map(move |i| [x + 9 * i, y + 1, 6, 10]);
        // Units left out on three rows, starting at one x though of different lengths.
        let mut ink: Vec<Rect> =
            [(20, 5), (92, 2), (164, 4)].into_iter().flat_map(|(y, n)| letters(300, y, n)).collect();
        // Two words as far apart, right of the rows, that neither start nor end together.
        ink.extend(letters(340, 236, 2));
        ink.extend(letters(330, 308, 4));
        let pixels = page_with_ink(400, 420, &ink);
        assert_eq!(unread_regions(&tsv, &pixels, 400, 420, &[]).0, vec![[294, 18, 54, 160]]);
    }

    #[test]
    fn ink_left_out_by_the_thousand_is_not_gathered() {
        let mut tsv = HEAD.to_string();
        for line in 1..=10 {
            tsv += &row(1, line, [0, 1000 + i32::try_from(line).unwrap() * 20, 40, 12], "Urea");
        }
        // 81 columns of 50 letters, right of every word read: grain, not a table.
        let ink: Vec<Rect> = (0..81).flat_map(|c| (0..50).map(move |r| [100 + c * 9, 5 + r * 20, 6, 10])).collect();
        let pixels = page_with_ink(900, 1300, &ink);
        assert_eq!(unread_regions(&tsv, &pixels, 900, 1300, &[]), (vec![], vec![]));
        // The same ink in numbers a page holds is read again.
        let fewer = page_with_ink(900, 1300, &ink[..1000]);
        assert!(!unread_regions(&tsv, &fewer, 900, 1300, &[]).0.is_empty());
    }

    /// The line (`block.par.line`) `text` is a word of, among `words` ([`words`]).
    fn line_of<'a>(words: &'a [(String, String)], text: &str) -> Option<&'a str> {
        words.iter().find(|(_, w)| w == text).map(|(k, _)| k.as_str())
    }

    fn words(tsv: &str) -> Vec<(String, String)> {
        tsv.lines()
            .filter_map(|l| {
                let f: Vec<&str> = l.split('\t').collect();
                (f[0] == "5").then(|| (format!("{}.{}.{}", f[2], f[3], f[4]), f[11].to_string()))
            })
            .collect()
    }

    #[test]
    fn a_region_read_again_replaces_what_the_page_had_there() {
        let first = [
            HEAD.to_string(),
            row(1, 1, [50, 300, 40, 12], "Urea"),
            row(1, 1, [300, 300, 40, 12], "17.50"),
            // A stray, misread word inside the picture region.
            row(2, 1, [660, 300, 20, 12], "e9"),
            row(3, 1, [640, 280, 140, 220], " "),
        ]
        .concat();
        let region = [634, 274, 152, 232];
        let reread = [HEAD.to_string(), row(1, 1, [650, 302, 50, 12], "17-47")].concat();
        let spliced = splice(&first, &[(region, reread)]);
        // The range joins the line of its test; the stray word and the blank region are gone.
        let expected = [("1.1.1", "Urea"), ("1.1.1", "17.50"), ("1.1.1", "17-47")];
        assert_eq!(words(&spliced), expected.map(|(k, t)| (k.to_string(), t.to_string())));
        assert!(spliced.starts_with("level\t"));
    }

    #[test]
    fn a_line_beside_no_page_line_stays_a_line_of_its_own() {
        let first = [
            HEAD.to_string(),
            row(1, 1, [50, 300, 40, 12], "Uric"),
            row(1, 1, [300, 300, 40, 12], "4.20"),
            // A lower, tilted row: its nearest word to the region is what counts.
            row(1, 2, [50, 340, 40, 12], "TIBC"),
            row(1, 2, [300, 352, 40, 12], "306"),
            row(2, 1, [640, 280, 140, 220], ""),
        ]
        .concat();
        let reread = [
            HEAD.to_string(),
            row(1, 1, [650, 300, 80, 12], "Women:2.3-6.1"),
            row(1, 2, [650, 320, 80, 12], "Men:3.6-8.2"),
            row(1, 3, [650, 354, 60, 12], "230-440"),
        ]
        .concat();
        let spliced = splice(&first, &[([634, 274, 152, 232], reread)]);
        let got = words(&spliced);
        assert_eq!(line_of(&got, "Women:2.3-6.1"), Some("1.1.1"));
        assert_eq!(line_of(&got, "230-440"), Some("1.1.2"));
        // The continuation line gets a block after the page's (the page's last is 2).
        assert_eq!(line_of(&got, "Men:3.6-8.2"), Some("3.1.2"));
    }

    #[test]
    fn rows_two_regions_share_are_spliced_in_once() {
        let first = [
            HEAD.to_string(),
            row(1, 1, [50, 300, 40, 12], "Urea"),
            row(1, 2, [50, 330, 40, 12], "Calcium"),
            row(2, 1, [400, 290, 300, 30], ""),
            row(3, 1, [380, 310, 320, 40], ""),
        ]
        .concat();
        // The regions share Urea's row; each reads it again.
        let upper = [394, 280, 400, 50];
        let lower = [370, 305, 430, 60];
        let reread_upper = [HEAD.to_string(), row(1, 1, [410, 300, 80, 12], "PHOTOMETRY")].concat();
        let reread_lower =
            [HEAD.to_string(), row(1, 1, [410, 301, 80, 12], "PHOTOMETRY"), row(1, 2, [410, 331, 80, 12], "9.99")]
                .concat();
        let spliced = splice(&first, &[(upper, reread_upper), (lower, reread_lower)]);
        let texts: Vec<String> = words(&spliced).into_iter().map(|(_, t)| t).collect();
        assert_eq!(texts, ["Urea", "Calcium", "PHOTOMETRY", "9.99"]);
    }

    #[test]
    fn a_column_left_out_between_read_ones_adds_its_words_where_the_page_has_none() {
        let first = [
            HEAD.to_string(),
            row(1, 1, [50, 300, 40, 12], "Urea"),
            row(1, 1, [150, 300, 30, 12], "46"),
            row(1, 1, [400, 300, 60, 12], "17-43"),
            row(1, 2, [50, 330, 40, 12], "TIBC"),
            row(1, 2, [150, 330, 30, 12], "459"),
            row(1, 2, [400, 330, 60, 12], "250-450"),
        ]
        .concat();
        // The unit column read again, with the edge of a result beside it read worse.
        let reread = [
            HEAD.to_string(),
            row(1, 1, [250, 301, 50, 12], "mg/dL"),
            row(1, 2, [152, 331, 30, 12], "489"),
            row(1, 2, [250, 331, 50, 12], "ug/dL"),
        ]
        .concat();
        let added = add_unread(&first, &[([140, 290, 170, 60], reread)]);
        let got = words(&added);
        assert_eq!((line_of(&got, "mg/dL"), line_of(&got, "ug/dL")), (Some("1.1.1"), Some("1.1.2")));
        assert_eq!((line_of(&got, "459"), line_of(&got, "489")), (Some("1.1.2"), None));
        assert_eq!(got.len(), 8);
    }

    #[test]
    fn a_region_read_again_as_nothing_keeps_the_first_reading() {
        let first =
            [HEAD.to_string(), row(2, 1, [660, 300, 20, 12], "29"), row(3, 1, [640, 280, 140, 220], "")].concat();
        let spliced = splice(&first, &[([634, 274, 152, 232], HEAD.to_string())]);
        assert!(spliced.contains("\t29\n"));
    }

    /// A white `w` × `h` page with dark pixels at `(x, y)`.
    fn page(w: usize, h: usize, dark: &[(usize, usize)]) -> Vec<u8> {
        let mut pixels = vec![255u8; w * h];
        for &(x, y) in dark {
            pixels[y * w + x] = 0;
        }
        pixels
    }

    #[test]
    fn the_printed_area_is_the_ink_with_a_margin_and_a_speck_is_not_ink() {
        // A word from (300, 400) to (309, 409), and one dark speck far from it.
        let mut ink: Vec<(usize, usize)> = (300..310).flat_map(|x| (400..410).map(move |y| (x, y))).collect();
        ink.push((900, 50));
        let pixels = page(1000, 1000, &ink);
        assert_eq!(
            printed_area(&pixels, 1000, 1000),
            Some([300 - MARGIN, 400 - MARGIN, 10 + 2 * MARGIN, 10 + 2 * MARGIN])
        );
        // Near the corner, the margin stops at the page's edge.
        let corner: Vec<(usize, usize)> = (0..5).flat_map(|x| (0..5).map(move |y| (x, y))).collect();
        assert_eq!(printed_area(&page(1000, 1000, &corner), 1000, 1000), Some([0, 0, 5 + MARGIN, 5 + MARGIN]));
    }

    #[test]
    fn a_page_blank_or_inked_to_its_edges_has_no_printed_area_to_cut() {
        assert_eq!(printed_area(&page(500, 500, &[]), 500, 500), None);
        let edges = [(1, 1), (2, 1), (1, 2), (498, 498), (497, 498), (498, 497)];
        assert_eq!(printed_area(&page(500, 500, &edges), 500, 500), None);
        // Short of the pixels its sides promise, a page is not looked at.
        assert_eq!(printed_area(&[0; 10], 500, 500), None);
    }
}
