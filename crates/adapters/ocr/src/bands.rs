//! Rows of a page read a second time, enlarged, one band of the page at a time.
//!
//! A phone photo's small print loses the most where it is smallest and greyest: the reference
//! column. On labdata's chemistry photo the page read as it came gave `v7` for Urea's `17-47`,
//! `3.65` for `3.6-5`, and nothing for HDL's `>29`, while the same page enlarged read all three;
//! but enlarging the whole page costs several times Tesseract's time and reads other rows
//! worse. So the reader asks again only about the rows it could not make sense of: their bands
//! are cut from the prepared page, enlarged toward print 24 px tall, stacked one under another
//! with white between them ([`mosaic`]), and read in one pass; each word found goes back to the
//! page's coordinates ([`Mosaic::to_page`]). Which reading of a row to keep is the reader's call.

use image::GrayImage;

use ht_reports::BBox;

/// A band of the page as it stands in the mosaic.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Strip {
    /// The band, in page pixels.
    band: BBox,
    /// What was cut from the page for it: the band with a margin, so that letters on its
    /// edge are whole (`[x0, y0, x1, y1]`, whole pixels).
    cut: [u32; 4],
    /// Where the cut starts down the mosaic.
    top: u32,
    /// Whether the cut reaches the page's bottom edge (a word there was not cut by it).
    at_page_bottom: bool,
}

/// Bands of a page stacked into one image to be read in one pass.
pub struct Mosaic {
    /// The image to read.
    pub image: GrayImage,
    strips: Vec<Strip>,
    scale: f32,
}

/// Left margin of each strip in the mosaic, in mosaic pixels.
const INSET: u32 = 8;

/// The `bands` of `page` (its prepared image), each enlarged by `scale` and set one under
/// another on white, a `gap` of mosaic pixels apart; `None` when no band lies on the page.
/// Each band is cut with `margin` page pixels around it.
#[must_use]
pub fn mosaic(page: &GrayImage, bands: &[BBox], scale: f32, margin: f32, gap: u32) -> Option<Mosaic> {
    let (pw, ph) = (page.width(), page.height());
    let clamp_x = |v: f32| (v.max(0.0) as u32).min(pw);
    let clamp_y = |v: f32| (v.max(0.0) as u32).min(ph);
    let mut strips = Vec::new();
    let mut top = gap;
    let mut width = 0;
    for band in bands {
        let cut = [
            clamp_x(band.x0 - margin),
            clamp_y(band.y0 - margin),
            clamp_x((band.x1 + margin).ceil()),
            clamp_y((band.y1 + margin).ceil()),
        ];
        if cut[2] <= cut[0] || cut[3] <= cut[1] {
            continue;
        }
        let (w, h) = (((cut[2] - cut[0]) as f32 * scale) as u32, ((cut[3] - cut[1]) as f32 * scale) as u32);
        strips.push(Strip { band: *band, cut, top, at_page_bottom: cut[3] >= ph });
        top += h.max(1) + gap;
        width = width.max(w + 2 * INSET);
    }
    if strips.is_empty() {
        return None;
    }
    let mut image = GrayImage::from_raw(width, top, vec![255; width as usize * top as usize])?;
    for strip in &strips {
        let [x0, y0, x1, y1] = strip.cut;
        let (w, h) = (((x1 - x0) as f32 * scale) as u32, ((y1 - y0) as f32 * scale) as u32);
        let enlarged = crate::preprocess::enlarge(&crate::preprocess::cut(page, strip.cut), w.max(1), h.max(1));
        paste(&mut image, &enlarged, INSET, strip.top);
    }
    Some(Mosaic { image, strips, scale })
}

/// `part` painted over `image` with its top left corner at `(x, y)`, a row at a time, as far
/// as `image` reaches.
fn paste(image: &mut GrayImage, part: &GrayImage, x: u32, y: u32) {
    let (iw, pw) = (image.width() as usize, part.width() as usize);
    let x = (x as usize).min(iw);
    let across = pw.min(iw - x);
    let rows = image.as_mut().chunks_exact_mut(iw).skip(y as usize);
    for (row, from) in rows.zip(part.as_raw().chunks_exact(pw)) {
        row[x..x + across].copy_from_slice(&from[..across]);
    }
}

impl Mosaic {
    /// The strip holding the middle of `bbox` (mosaic pixels).
    fn strip_of(&self, bbox: BBox) -> Option<&Strip> {
        let mid = bbox.mid_y();
        self.strips.iter().find(|s| mid >= s.top as f32 && mid < s.top as f32 + self.strip_height(s))
    }

    fn strip_height(&self, strip: &Strip) -> f32 {
        (strip.cut[3] - strip.cut[1]) as f32 * self.scale
    }

    /// Whether a word read at `bbox` (mosaic pixels) is letters a band's cut went through, read
    /// as other letters: it runs to the top or bottom edge of its strip, where the cut lies
    /// inside the page, and is shorter than 0.7 of the print's `letter` height (page pixels).
    /// The upper half of a photo's `Up to 4.00` under Total PSA's line came back as
    /// `iin tn A wi`, and was taken for its unit; a word the cut only grazed is whole.
    #[must_use]
    pub fn cut_through(&self, bbox: BBox, letter: f32) -> bool {
        bbox.height() < 0.7 * letter * self.scale
            && self.strip_of(bbox).is_some_and(|s| {
                let (top, bottom) = (s.top as f32, s.top as f32 + self.strip_height(s));
                (s.cut[1] > 0 && bbox.y0 <= top + 1.0) || (!s.at_page_bottom && bbox.y1 >= bottom - 1.0)
            })
    }

    /// `bbox` (mosaic pixels) in the page's pixels; `None` for a word whose centre lies outside
    /// every band (a sliver of the row above or below, cut by the margin).
    #[must_use]
    pub fn to_page(&self, bbox: BBox) -> Option<BBox> {
        let strip = self.strip_of(bbox)?;
        let x = |v: f32| strip.cut[0] as f32 + (v - INSET as f32) / self.scale;
        let y = |v: f32| strip.cut[1] as f32 + (v - strip.top as f32) / self.scale;
        let on_page = BBox { x0: x(bbox.x0), y0: y(bbox.y0), x1: x(bbox.x1), y1: y(bbox.y1) };
        strip.band.holds_centre_of(&on_page).then_some(on_page)
    }
}

#[cfg(test)]
mod tests {
    use image::Luma;

    use super::*;

    fn band(x0: f32, y0: f32, x1: f32, y1: f32) -> BBox {
        BBox { x0, y0, x1, y1 }
    }

    #[test]
    fn bands_are_stacked_enlarged_and_words_go_back_to_the_page() {
        // A page with a dark square in each of two rows.
        let mut page = GrayImage::from_pixel(200, 100, Luma([255]));
        for (x, y) in [(20, 12), (150, 62)] {
            for dy in 0..6 {
                for dx in 0..6 {
                    page.put_pixel(x + dx, y + dy, Luma([0]));
                }
            }
        }
        let bands = [band(10.0, 10.0, 200.0, 20.0), band(10.0, 60.0, 200.0, 70.0)];
        let m = mosaic(&page, &bands, 2.0, 2.0, 30).unwrap_or_else(|| panic!("no mosaic"));
        // Each cut is the band and its margin (14 px tall), twice as large, 30 px apart.
        assert_eq!(m.image.height(), 30 + 28 + 30 + 28 + 30);
        assert_eq!(m.image.width(), 2 * 192 + 2 * INSET);
        // The first square: page (20, 12) is cut (8, 8) + 2 × (12, 4) = (32, 38) in the mosaic.
        assert!(m.image.get_pixel(INSET + 2 * 12 + 3, 30 + 2 * 4 + 3)[0] < 128);
        let back = m.to_page(band((INSET + 24) as f32, 38.0, (INSET + 36) as f32, 50.0));
        assert_eq!(back, Some(band(20.0, 12.0, 26.0, 18.0)));
        // The second square, in the second strip.
        let second_top = (30 + 28 + 30) as f32;
        let back =
            m.to_page(band((INSET + 2 * 142) as f32, second_top + 8.0, (INSET + 2 * 148) as f32, second_top + 20.0));
        assert_eq!(back, Some(band(150.0, 62.0, 156.0, 68.0)));
        // A word in the gap, and one in a band's margin only (a sliver of another row), are
        // in no band.
        assert_eq!(m.to_page(band(10.0, 5.0, 30.0, 15.0)), None);
        assert_eq!(m.to_page(band(20.0, 30.0, 40.0, 32.0)), None);
    }

    #[test]
    fn a_short_word_at_a_cut_inside_the_page_was_cut_through() {
        // Bands 10 px tall with a 2 px margin, twice as large, 30 px apart: the first cut at
        // the page's top edge (rows 0-13, 26 px tall in the mosaic), the second inside the page
        // (38-52), the third reaching its bottom edge (86-100).
        let page = GrayImage::from_pixel(200, 100, Luma([255]));
        let bands = [band(10.0, 1.0, 200.0, 11.0), band(10.0, 40.0, 200.0, 50.0), band(10.0, 88.0, 200.0, 98.0)];
        let m = mosaic(&page, &bands, 2.0, 2.0, 30).unwrap_or_else(|| panic!("no mosaic"));
        let letter = 10.0;
        let top = |i: usize| [30.0, 86.0, 144.0][i];
        let at = |y0: f32, y1: f32| band(20.0, y0, 60.0, y1);
        // Inside the page, at the top or the bottom of the cut and short: cut through.
        assert!(m.cut_through(at(top(1), top(1) + 10.0), letter));
        assert!(m.cut_through(at(top(1) + 18.0, top(1) + 28.0), letter));
        // Away from the cut's edges, or as tall as the print, it is whole.
        assert!(!m.cut_through(at(top(1) + 9.0, top(1) + 19.0), letter));
        assert!(!m.cut_through(at(top(1), top(1) + 16.0), letter));
        // Where the cut is the page's own edge, nothing was cut.
        assert!(!m.cut_through(at(top(0), top(0) + 10.0), letter));
        assert!(m.cut_through(at(top(0) + 16.0, top(0) + 26.0), letter));
        assert!(!m.cut_through(at(top(2) + 18.0, top(2) + 28.0), letter));
        assert!(m.cut_through(at(top(2), top(2) + 10.0), letter));
    }

    #[test]
    fn strips_are_cut_and_pasted_as_the_image_crate_does() {
        // A page of grey levels that differ from pixel to pixel, bands at its edges and inside
        // it, one reaching past its right edge; enlarged two and a half times.
        let page = GrayImage::from_fn(97, 61, |x, y| Luma([((x * 31 + y * 17) % 251) as u8]));
        let bands = [band(0.0, 0.0, 97.0, 9.0), band(30.0, 20.0, 60.0, 31.5), band(80.0, 50.0, 120.0, 61.0)];
        let (scale, margin, gap) = (2.5, 3.0, 11);
        let ours = mosaic(&page, &bands, scale, margin, gap).unwrap_or_else(|| panic!("no mosaic"));
        let mut theirs = GrayImage::from_pixel(ours.image.width(), ours.image.height(), Luma([255]));
        for strip in &ours.strips {
            let [x0, y0, x1, y1] = strip.cut;
            let cut = image::imageops::crop_imm(&page, x0, y0, x1 - x0, y1 - y0).to_image();
            let (w, h) = (((x1 - x0) as f32 * scale) as u32, ((y1 - y0) as f32 * scale) as u32);
            let enlarged = image::imageops::resize(&cut, w, h, image::imageops::FilterType::Triangle);
            image::imageops::replace(&mut theirs, &enlarged, i64::from(INSET), i64::from(strip.top));
        }
        assert_eq!(ours.strips.len(), 3);
        assert_eq!(ours.image.as_raw(), theirs.as_raw());
    }

    #[test]
    fn bands_off_the_page_give_no_mosaic() {
        let page = GrayImage::from_pixel(50, 50, Luma([255]));
        assert!(mosaic(&page, &[band(60.0, 60.0, 90.0, 70.0)], 2.0, 2.0, 10).is_none());
        assert!(mosaic(&page, &[], 2.0, 2.0, 10).is_none());
    }
}
