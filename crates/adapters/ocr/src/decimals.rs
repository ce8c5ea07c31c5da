//! Decimal points Tesseract did not see.
//!
//! In small print a decimal point is two or three pixels of grey, and Tesseract's fast English
//! model often drops it: `4.49` comes back as `449`, a value a hundred times too large. The
//! point is still on the page, so for each number read without one we look at its box in the
//! page image (enlarged when small): in a gap between two digits wide enough for a point, a spot
//! of ink on the digits' baseline (a point) or just below it (a comma), with little ink above
//! it and not joined to a digit, goes back into the text at the place the gap shows. Touching
//! digits that make one blob are counted by their advance. A number that shows no such spot, or
//! where the mark could be a thousands separator (three digits after it), keeps its text.

use image::GrayImage;

use crate::blobs::{self, Blob, EDGES_AND_CORNERS};

/// Word boxes shorter than this (in pixels) are enlarged before they are looked at.
const MIN_HEIGHT: u32 = 30;

/// `text` with its decimal point restored from the pixels of its box `[x0, y0, x1, y1]` in
/// `img`, or `None` when the text is not a bare number without a point, or no point shows.
pub fn restore_point(img: &GrayImage, text: &str, bbox: [f32; 4]) -> Option<String> {
    let digits = text.chars().filter(char::is_ascii_digit).count();
    let (prefix, body) = match text.strip_prefix(['<', '>']) {
        Some(rest) => (&text[..1], rest),
        None => ("", text),
    };
    if !(2..=6).contains(&digits) || digits != body.chars().count() {
        return None;
    }
    let ink = Ink::of(img, bbox)?;
    // Digits: blobs of firm ink at least half as tall as the tallest (touching digits make one
    // blob; a point is far shorter).
    let firm = ink.blobs(0.45);
    let tallest = firm.iter().map(Blob::height).max()?;
    let mut glyphs: Vec<Blob> = firm.into_iter().filter(|b| b.height() * 2 >= tallest).collect();
    if glyphs.len() < 2 || tallest < 6 {
        return None;
    }
    glyphs.sort_by_key(|b| b.x0);
    // A `<` or `>` before the digits is a glyph of its own, and no digit.
    if !prefix.is_empty() && glyphs.len() > digits {
        glyphs.remove(0);
    }
    let mut bottoms: Vec<u32> = glyphs.iter().map(|b| b.y1).collect();
    bottoms.sort_unstable();
    let baseline = bottoms[bottoms.len() / 2] as f32;
    let top = glyphs.iter().map(|b| b.y0).min()? as f32;
    let h = baseline - top + 1.0;
    // A digit's advance: the ink span over the digit count is close to it whether or not a
    // point takes some of the span.
    let (left_edge, right_edge) = (glyphs[0].x0 as f32, glyphs.iter().map(|b| b.x1).max()? as f32);
    let advance = (right_edge - left_edge + 1.0) / digits as f32;
    let faint = (f32::from(ink.peak) * 0.12).max(10.0);
    // The side of a square about a point's size.
    let k = ((h / 10.0).round() as usize).max(2);
    let mut found: Vec<usize> = Vec::new();
    for (i, pair) in glyphs.windows(2).enumerate() {
        let (left, right) = (pair[0], pair[1]);
        // The middle of the gap, away from the blur around the digits' strokes.
        let quarter = (right.x0 - left.x1) / 4;
        let (gx0, gx1) = (left.x1 + quarter.max(1), right.x0.saturating_sub(quarter.max(1)));
        // A point needs room: adjacent digits stand a fraction of an advance apart.
        if gx1 < gx0 || ((right.x0 - left.x1) as f32) < 0.45 * advance {
            continue;
        }
        // The darkest k×k spot of the gap's middle within rows `from..=to`: a point is a spot
        // of ink, the blur beside the digits is not.
        let band = |from: f32, to: f32| {
            let (y0, y1) = (from.max(0.0) as usize, (to.max(0.0) as usize).min(ink.h - 1));
            let (x0, x1) = (gx0 as usize, gx1 as usize);
            let mut best = (0f32, (x0, y0));
            for y in y0..=y1.saturating_sub(k - 1).max(y0) {
                for x in x0..=x1.saturating_sub(k - 1).max(x0) {
                    let mut sum = 0f32;
                    for yy in y..(y + k).min(ink.h) {
                        for xx in x..(x + k).min(ink.w) {
                            sum += f32::from(ink.dark[yy * ink.w + xx]);
                        }
                    }
                    if sum / (k * k) as f32 > best.0 {
                        best = (sum / (k * k) as f32, (x, y));
                    }
                }
            }
            best
        };
        // Ink on the baseline (a point) or just below it (a comma), far less above it.
        let (low, (sx, sy)) = band(baseline - 0.3 * h, baseline + 0.25 * h);
        let (high, _) = band(top, baseline - 0.45 * h);
        // And the spot stands alone: the foot of an italic digit leaning into the gap is
        // joined to its digit.
        let alone = || {
            [0.5, 0.7].iter().any(|cut| {
                let spot = ink.blob_at(sx + k / 2, sy + k / 2, low * cut);
                spot.is_some_and(|b| b.height() as f32 <= 0.5 * h && b.width() as f32 <= 0.7 * advance)
            })
        };
        if low >= faint && low >= 2.0 * high && alone() {
            // Where it goes: after the digits whose blobs are to its left, counted by advance
            // when touching digits share a blob.
            let at = if glyphs.len() == digits {
                i + 1
            } else {
                let share = digits as f32 * ((gx0 + gx1) as f32 / 2.0 - left_edge) / (right_edge - left_edge + 1.0);
                if (share - share.round()).abs() > 0.3 {
                    continue;
                }
                share.round() as usize
            };
            // Three digits after the mark may be a thousands separator (`15,400`): leave it.
            if (1..digits).contains(&at) && digits - at != 3 {
                found.push(at);
            }
        }
    }
    let [at] = found.as_slice() else { return None };
    let mut out = String::with_capacity(text.len() + 1);
    out.push_str(prefix);
    for (i, c) in body.chars().enumerate() {
        if i == *at {
            out.push('.');
        }
        out.push(c);
    }
    Some(out)
}

/// How dark each pixel of a word's box is against the box's own paper (its 90th-percentile
/// grey), and the darkest value, so that thresholds can be relative to the print.
struct Ink {
    w: usize,
    h: usize,
    dark: Vec<u8>,
    peak: u8,
}

impl Ink {
    fn of(img: &GrayImage, bbox: [f32; 4]) -> Option<Self> {
        let (iw, ih) = img.dimensions();
        let x0 = (bbox[0].max(0.0) as u32).min(iw);
        let y0 = (bbox[1].max(0.0) as u32).min(ih);
        let x1 = (bbox[2].max(0.0).ceil() as u32).min(iw);
        let y1 = (bbox[3].max(0.0).ceil() as u32).min(ih);
        let (w, h) = (x1.checked_sub(x0)?, y1.checked_sub(y0)?);
        if w < 4 || h < 4 || w * h > 400_000 {
            return None;
        }
        // Small print is looked at enlarged (smoothly), so that a point of two pixels becomes a
        // spot the window below can measure.
        let crop = crate::preprocess::cut(img, [x0, y0, x1, y1]);
        let factor = MIN_HEIGHT.div_ceil(h).clamp(1, 4);
        let crop = if factor > 1 { crate::preprocess::enlarge(&crop, w * factor, h * factor) } else { crop };
        let (w, h) = (crop.width() as usize, crop.height() as usize);
        let grey = crop.into_raw();
        let mut sorted = grey.clone();
        sorted.sort_unstable();
        let paper = sorted[sorted.len() * 9 / 10];
        let dark: Vec<u8> = grey.iter().map(|&g| paper.saturating_sub(g)).collect();
        let peak = dark.iter().copied().max()?;
        // A box of one flat grey holds no print.
        (peak >= 40).then_some(Self { w, h, dark, peak })
    }

    /// The 8-connected blob of pixels at least `cut` dark around `(x, y)`, `None` when that
    /// pixel is lighter. The fill stops early once the blob is larger than a point could be.
    fn blob_at(&self, x: usize, y: usize, cut: f32) -> Option<Blob> {
        let (w, h) = (self.w, self.h);
        let on = |i: usize| f32::from(self.dark[i]) >= cut;
        let start = y.min(h - 1) * w + x.min(w - 1);
        if !on(start) {
            return None;
        }
        let mut seen = vec![false; w * h];
        seen[start] = true;
        Some(blobs::fill(w, h, start, on, &mut seen, EDGES_AND_CORNERS, w * h / 4))
    }

    /// 8-connected blobs of pixels at least `low` × the peak darkness.
    fn blobs(&self, low: f32) -> Vec<Blob> {
        let low = (f32::from(self.peak) * low).max(12.0);
        blobs::all(self.w, self.h, |i| f32::from(self.dark[i]) >= low, EDGES_AND_CORNERS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Luma;

    /// Draws digits as hollow 10×20 boxes at the given x positions and points as 3×3 squares
    /// of grey `shade`, on a light grey page, the way blurred small print looks.
    fn number_with(digit_xs: &[u32], points: &[(u32, u32)], shade: u8) -> GrayImage {
        let mut img = GrayImage::from_pixel(120, 40, Luma([230]));
        for &x in digit_xs {
            for y in 10..30 {
                for dx in 0..10 {
                    if !(13..=26).contains(&y) || !(3..=6).contains(&dx) {
                        img.put_pixel(x + dx, y, Luma([40]));
                    }
                }
            }
        }
        for &(x, y) in points {
            for dy in 0..3 {
                for dx in 0..3 {
                    img.put_pixel(x + dx, y + dy, Luma([shade]));
                }
            }
        }
        img
    }

    fn number(digit_xs: &[u32], points: &[(u32, u32)]) -> GrayImage {
        number_with(digit_xs, points, 90)
    }

    const BOX: [f32; 4] = [5.0, 5.0, 115.0, 35.0];

    #[test]
    fn a_point_on_the_baseline_between_two_digits_is_restored() {
        let img = number(&[10, 22, 39], &[(34, 27)]);
        assert_eq!(restore_point(&img, "449", BOX).as_deref(), Some("44.9"));
        let img = number(&[10, 27, 39], &[(22, 27)]);
        assert_eq!(restore_point(&img, "449", BOX).as_deref(), Some("4.49"));
        assert_eq!(restore_point(&img, "<449", BOX).as_deref(), Some("<4.49"));
    }

    #[test]
    fn a_less_than_sign_before_the_digits_is_no_digit() {
        // `<7.5`: the sign is a glyph as tall as a digit; the digits' advance, and so the room
        // a point needs, is measured without it.
        let mut img = number(&[27, 51], &[(44, 27)]);
        for i in 0..9 {
            for w in 0..2 {
                img.put_pixel(10 + i + w, 19 - i, Luma([40]));
                img.put_pixel(10 + i + w, 20 + i, Luma([40]));
            }
        }
        assert_eq!(restore_point(&img, "<75", BOX).as_deref(), Some("<7.5"));
    }

    #[test]
    fn a_comma_hanging_below_the_baseline_counts_as_a_point() {
        let img = number(&[10, 27], &[(22, 28)]);
        assert_eq!(restore_point(&img, "03", BOX).as_deref(), Some("0.3"));
    }

    #[test]
    fn a_whole_number_keeps_its_text() {
        let img = number(&[10, 22, 34], &[]);
        assert_eq!(restore_point(&img, "211", BOX), None);
    }

    #[test]
    fn a_mark_above_the_baseline_is_not_a_point() {
        // A speck at mid-height (dust, a hyphen's stub) is not a decimal point.
        let img = number(&[10, 27, 39], &[(22, 17)]);
        assert_eq!(restore_point(&img, "449", BOX), None);
    }

    #[test]
    fn touching_digits_place_the_point_by_their_advance() {
        // `44` is one blob: the point's place comes from how far along the number it sits.
        let img = number(&[10, 20, 39], &[(32, 27)]);
        assert_eq!(restore_point(&img, "449", BOX).as_deref(), Some("44.9"));
    }

    #[test]
    fn a_faint_point_in_blurred_print_still_counts() {
        let img = number_with(&[10, 27, 39], &[(22, 27)], 195);
        assert_eq!(restore_point(&img, "449", BOX).as_deref(), Some("4.49"));
    }

    #[test]
    fn a_point_in_the_blur_along_a_photos_baseline_still_counts() {
        // A phone photo smears the foot of the digits into a pale band along the baseline; at
        // half the point's darkness the point and the digits are one blob, at more they part.
        let mut img = number(&[10, 27, 39], &[]);
        for x in 8..52 {
            for y in 26..30 {
                if img.get_pixel(x, y).0[0] > 182 {
                    img.put_pixel(x, y, Luma([182]));
                }
            }
        }
        assert_eq!(restore_point(&img, "449", BOX), None, "the band alone is no point");
        for (x, y) in [(22, 27), (23, 27), (22, 28), (23, 28)] {
            img.put_pixel(x, y, Luma([150]));
        }
        assert_eq!(restore_point(&img, "449", BOX).as_deref(), Some("4.49"));
    }

    #[test]
    fn paper_noise_is_not_a_point() {
        // A speck far paler than a point (JPEG noise) in a gap wide enough for one.
        let img = number_with(&[10, 27, 39], &[(22, 27)], 222);
        assert_eq!(restore_point(&img, "449", BOX), None);
    }

    #[test]
    fn digits_set_close_together_have_no_room_for_a_point() {
        let img = number(&[10, 22, 34], &[(20, 27)]);
        assert_eq!(restore_point(&img, "211", BOX), None);
    }

    #[test]
    fn a_mark_before_three_digits_may_be_a_thousands_separator_and_is_left_alone() {
        let img = number(&[10, 22, 39, 51, 63], &[(34, 27)]);
        assert_eq!(restore_point(&img, "15400", BOX), None);
    }

    #[test]
    fn small_print_is_enlarged_before_it_is_read() {
        // The same number at half size: digits 10 px tall, the point a pixel and a half.
        let big = number_with(&[10, 30, 45], &[(24, 27)], 90);
        let small = image::imageops::resize(&big, 60, 20, image::imageops::FilterType::Triangle);
        let half = BOX.map(|v| v / 2.0);
        assert_eq!(restore_point(&small, "449", half).as_deref(), Some("4.49"));
    }

    #[test]
    fn the_foot_of_a_leaning_digit_is_not_a_point() {
        // A stroke from the right-hand digit reaching down-left into the gap (italic print).
        let mut img = number(&[10, 27, 39], &[]);
        for dx in 0..7 {
            for dy in 0..3 {
                img.put_pixel(20 + dx, 27 + dy, Luma([170]));
            }
        }
        assert_eq!(restore_point(&img, "449", BOX), None);
    }

    #[test]
    fn text_that_is_not_a_bare_number_is_left_alone() {
        let img = number(&[10, 27, 39], &[(22, 27)]);
        assert_eq!(restore_point(&img, "4.49", BOX), None);
        assert_eq!(restore_point(&img, "g/dL", BOX), None);
        assert_eq!(restore_point(&img, "7", BOX), None);
    }

    #[test]
    fn a_box_outside_the_image_is_harmless() {
        let img = number(&[10], &[]);
        assert_eq!(restore_point(&img, "12", [500.0, 500.0, 600.0, 600.0]), None);
        assert_eq!(restore_point(&img, "12", [-50.0, -50.0, -10.0, -10.0]), None);
    }
}
