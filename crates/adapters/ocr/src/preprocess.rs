//! Cleaning a photographed or scanned page before OCR: EXIF orientation, grayscale, whitening
//! solid dark blocks (redaction bars, the desk around the page), and flattening uneven lighting.
//!
//! Enlarging every photo was measured on labdata and dropped: it costs 3 to 9 times Tesseract's
//! time, and photos whose print Tesseract already reads got worse (chemistry F1 0.919 -> 0.789).
//! [`Look::Enlarged`] is a second look for pages whose first reading found almost nothing (the
//! reader decides): letters are scaled toward 24 px and shaded rows evened out, which took the
//! Sysmex photo from 4 rows to 14 and the Turkish hemogram from none to 19. Thresholding is left
//! to Tesseract (Sauvola, set in `tesseract.rs`): a fixed cut of the flattened page broke the
//! thin strokes of small print.

use std::io::Cursor;

use ht_reports::ExtractError;
use image::{DynamicImage, GrayImage, ImageDecoder, ImageReader, Limits};

use crate::blobs::{self, EDGES};

const BLOCK: u32 = 16;

/// Decodes `bytes` (JPEG or PNG) within `max_pixels`, cleans the page, and returns it as a PGM
/// image (uncompressed, so that handing it to Tesseract costs nothing).
///
/// # Errors
/// [`ExtractError::Corrupt`] when the image cannot be decoded, [`ExtractError::Unsupported`]
/// when it is larger than the limit.
pub fn prepare(bytes: &[u8], max_pixels: u64, look: Look) -> Result<Vec<u8>, ExtractError> {
    prepare_image(bytes, max_pixels, look).map(|img| to_pgm(&img))
}

/// How closely to look at a page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// At the size it came in: fastest, and best for most photos and scans.
    Native,
    /// Enlarged toward 300 dpi print when its letters are small, with shading evened out:
    /// several times slower, for pages whose first reading found almost nothing.
    Enlarged,
}

/// [`prepare`], returning the cleaned page as an image.
///
/// # Errors
/// As [`prepare`].
pub fn prepare_image(bytes: &[u8], max_pixels: u64, look: Look) -> Result<GrayImage, ExtractError> {
    let mut reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| ExtractError::Corrupt(format!("the image could not be read: {e}")))?;
    let mut limits = Limits::default();
    limits.max_alloc = Some(max_pixels.saturating_mul(4));
    reader.limits(limits);
    let mut decoder =
        reader.into_decoder().map_err(|e| ExtractError::Corrupt(format!("the image could not be read: {e}")))?;
    let (w, h) = decoder.dimensions();
    if u64::from(w) * u64::from(h) > max_pixels {
        return Err(ExtractError::Unsupported("the image has too many pixels".into()));
    }
    let orientation = decoder.orientation().ok();
    let mut img = DynamicImage::from_decoder(decoder)
        .map_err(|e| ExtractError::Corrupt(format!("the image could not be decoded: {e}")))?;
    if let Some(o) = orientation {
        img.apply_orientation(o);
    }
    let mut gray = img.to_luma8();
    whiten_dark_blocks(&mut gray);
    flatten_illumination(&mut gray);
    if look == Look::Enlarged
        && let Some(height) = text_height(&gray)
    {
        // Toward letters 24 px tall (print at 300 dpi), at most three times.
        let scale = (24.0 / height).clamp(1.0, 3.0);
        let pixels = f64::from(gray.width()) * f64::from(gray.height()) * f64::from(scale * scale);
        if scale > 1.05 && pixels <= max_pixels as f64 {
            let (w, h) = ((gray.width() as f32 * scale) as u32, (gray.height() as f32 * scale) as u32);
            gray = image::imageops::resize(&gray, w, h, image::imageops::FilterType::Triangle);
            // Shaded rows and the blur the enlargement spreads are evened out against the
            // paper within about a letter and a half. The letters are measured again on the
            // enlarged page: `height * scale` is not the same figure, and as the radius it cost
            // the Sysmex photo F1 0.424 -> 0.235 on labdata.
            if let Some(height) = text_height(&gray) {
                normalise_background(&mut gray, ((height * 1.5) as usize).max(3));
            }
        }
    }
    Ok(gray)
}

/// Divides each pixel by the brightest pixel within `radius` (a greyscale dilation, separable
/// with a sliding-window maximum): paper, stripes and shadows become white wherever they are
/// wider than a letter, and ink keeps its contrast however small (decimal points).
fn normalise_background(img: &mut GrayImage, radius: usize) {
    let (w, h) = (img.width() as usize, img.height() as usize);
    let raw = img.as_raw().clone();
    let mut rows = vec![0u8; w * h];
    for y in 0..h {
        sliding_max(&raw[y * w..(y + 1) * w], &mut rows[y * w..(y + 1) * w], radius);
    }
    let mut col_in = vec![0u8; h];
    let mut col_out = vec![0u8; h];
    let out = img.as_mut();
    for x in 0..w {
        for y in 0..h {
            col_in[y] = rows[y * w + x];
        }
        sliding_max(&col_in, &mut col_out, radius);
        for y in 0..h {
            let bg = u32::from(col_out[y]).max(1);
            out[y * w + x] = ((u32::from(raw[y * w + x]) * 255 / bg).min(255)) as u8;
        }
    }
}

/// `out[i]` = the largest of `input[i - radius..=i + radius]`, in linear time.
fn sliding_max(input: &[u8], out: &mut [u8], radius: usize) {
    let n = input.len();
    let mut deque: std::collections::VecDeque<usize> = std::collections::VecDeque::new();
    let mut next = 0;
    for (i, slot) in out.iter_mut().enumerate().take(n) {
        let hi = (i + radius).min(n - 1);
        while next <= hi {
            while deque.back().is_some_and(|&j| input[j] <= input[next]) {
                deque.pop_back();
            }
            deque.push_back(next);
            next += 1;
        }
        while deque.front().is_some_and(|&j| j + radius < i) {
            deque.pop_front();
        }
        // The window always holds `i` itself.
        *slot = deque.front().map_or(input[i], |&j| input[j]);
    }
}

/// The median height of the letter-sized blobs of ink on the page, in pixels.
fn text_height(img: &GrayImage) -> Option<f32> {
    let (w, h) = (img.width() as usize, img.height() as usize);
    let raw = img.as_raw();
    let mut heights: Vec<u32> = blobs::all(w, h, |i| raw[i] < 128, EDGES)
        .into_iter()
        .filter(|b| {
            let (bw, bh) = (b.width(), b.height());
            // Letters: taller than a speck, not a rule or a box, and partly filled.
            (4..=120).contains(&bh) && bw <= bh * 2 && bw * 3 >= bh / 2 && b.area * 10 >= bw * bh
        })
        .map(|b| b.height())
        .collect();
    if heights.len() < 20 {
        return None;
    }
    heights.sort_unstable();
    Some(heights[heights.len() / 2] as f32)
}

/// Paints white every 16×16 block that is almost all dark: text strokes never fill a block.
fn whiten_dark_blocks(img: &mut GrayImage) {
    let (w, h) = img.dimensions();
    for by in (0..h).step_by(BLOCK as usize) {
        for bx in (0..w).step_by(BLOCK as usize) {
            let (bw, bh) = (BLOCK.min(w - bx), BLOCK.min(h - by));
            let mut dark = 0u32;
            for y in by..by + bh {
                for x in bx..bx + bw {
                    dark += u32::from(img.get_pixel(x, y).0[0] < 70);
                }
            }
            if dark * 100 > bw * bh * 85 {
                for y in by..by + bh {
                    for x in bx..bx + bw {
                        img.put_pixel(x, y, image::Luma([255]));
                    }
                }
            }
        }
    }
}

/// Divides each pixel by a wide box-blurred background (an integral image makes it linear time),
/// so shadows and grey paper become white and ink stays dark.
fn flatten_illumination(img: &mut GrayImage) {
    let (w, h) = (img.width() as usize, img.height() as usize);
    let r = (w.max(h) / 40).max(8);
    let mut integral = vec![0u64; (w + 1) * (h + 1)];
    for y in 0..h {
        let mut row = 0u64;
        for x in 0..w {
            row += u64::from(img.as_raw()[y * w + x]);
            integral[(y + 1) * (w + 1) + x + 1] = integral[y * (w + 1) + x + 1] + row;
        }
    }
    let raw = img.as_mut();
    for y in 0..h {
        let (y0, y1) = (y.saturating_sub(r), (y + r + 1).min(h));
        for x in 0..w {
            let (x0, x1) = (x.saturating_sub(r), (x + r + 1).min(w));
            let sum = integral[y1 * (w + 1) + x1] + integral[y0 * (w + 1) + x0]
                - integral[y0 * (w + 1) + x1]
                - integral[y1 * (w + 1) + x0];
            let mean = sum as f64 / ((y1 - y0) * (x1 - x0)) as f64 + 1.0;
            let v = f64::from(raw[y * w + x]) / mean * 255.0;
            raw[y * w + x] = v.clamp(0.0, 255.0) as u8;
        }
    }
}

pub fn to_pgm(img: &GrayImage) -> Vec<u8> {
    let mut out = format!("P5\n{} {}\n255\n", img.width(), img.height()).into_bytes();
    out.extend_from_slice(img.as_raw());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dark_blocks_turn_white_and_strokes_stay() {
        let mut img = GrayImage::from_pixel(64, 64, image::Luma([200]));
        for y in 0..32 {
            for x in 0..32 {
                img.put_pixel(x, y, image::Luma([10]));
            }
        }
        for y in 40..60 {
            img.put_pixel(50, y, image::Luma([10]));
        }
        whiten_dark_blocks(&mut img);
        assert_eq!(img.get_pixel(5, 5).0[0], 255, "a redaction bar is whitened");
        assert_eq!(img.get_pixel(50, 45).0[0], 10, "a thin stroke is kept");
    }

    #[test]
    fn grey_paper_becomes_white_and_ink_stays_dark() {
        let mut img = GrayImage::from_fn(200, 200, |x, _| image::Luma([if x < 100 { 120 } else { 200 }]));
        img.put_pixel(50, 50, image::Luma([30]));
        flatten_illumination(&mut img);
        assert!(img.get_pixel(20, 150).0[0] > 230, "shadowed paper");
        assert!(img.get_pixel(180, 150).0[0] > 230, "lit paper");
        assert!(img.get_pixel(50, 50).0[0] < 100, "ink");
    }

    #[test]
    fn shaded_rows_turn_white_and_a_small_point_stays_dark() {
        // A grey band 30 px tall (a shaded table row) holding a 3×3 point.
        let mut img = GrayImage::from_fn(100, 100, |_, y| image::Luma([if (40..70).contains(&y) { 170 } else { 240 }]));
        for y in 55..58 {
            for x in 50..53 {
                img.put_pixel(x, y, image::Luma([90]));
            }
        }
        normalise_background(&mut img, 8);
        assert!(img.get_pixel(20, 50).0[0] > 245, "the band becomes paper");
        assert!(img.get_pixel(51, 56).0[0] < 150, "the point keeps its contrast");
    }

    #[test]
    fn text_height_is_the_height_of_letter_sized_blobs() {
        let mut img = GrayImage::from_pixel(400, 100, image::Luma([255]));
        for i in 0..30 {
            let x0 = 5 + i * 12;
            for y in 40..52 {
                for x in x0..x0 + 7 {
                    img.put_pixel(x, y, image::Luma([0]));
                }
            }
        }
        // A table rule is not a letter.
        for x in 0..400 {
            img.put_pixel(x, 80, image::Luma([0]));
        }
        assert_eq!(text_height(&img), Some(12.0));
        assert_eq!(text_height(&GrayImage::from_pixel(50, 50, image::Luma([255]))), None);
    }

    #[test]
    fn pgm_has_a_valid_header() {
        let img = GrayImage::from_pixel(3, 2, image::Luma([7]));
        let pgm = to_pgm(&img);
        assert!(pgm.starts_with(b"P5\n3 2\n255\n"));
        assert_eq!(pgm.len(), b"P5\n3 2\n255\n".len() + 6);
    }
}
