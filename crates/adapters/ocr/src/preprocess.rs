//! Cleaning a photographed or scanned page before OCR: EXIF orientation, grayscale, whitening
//! solid dark blocks (redaction bars, the desk around the page), and flattening uneven lighting.
//!
//! Enlarging small photos 2x was measured on labdata and dropped: image F1 0.384 instead of 0.445
//! and 2.3x Tesseract's time instead of 1.1x (bench/accuracy.py, bench/speed.py). Thresholding
//! is left to Tesseract (Sauvola, set in `tesseract.rs`): a fixed cut of the flattened page broke
//! the thin strokes of small print.

use std::io::Cursor;

use ht_reports::ExtractError;
use image::{DynamicImage, GrayImage, ImageDecoder, ImageReader, Limits};

const BLOCK: u32 = 16;

/// Decodes `bytes` (JPEG or PNG) within `max_pixels`, cleans the page, and returns it as a PGM
/// image (uncompressed, so that handing it to Tesseract costs nothing).
///
/// # Errors
/// [`ExtractError::Corrupt`] when the image cannot be decoded, [`ExtractError::Unsupported`]
/// when it is larger than the limit.
pub fn prepare(bytes: &[u8], max_pixels: u64) -> Result<Vec<u8>, ExtractError> {
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
    Ok(to_pgm(&gray))
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

fn to_pgm(img: &GrayImage) -> Vec<u8> {
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
    fn pgm_has_a_valid_header() {
        let img = GrayImage::from_pixel(3, 2, image::Luma([7]));
        let pgm = to_pgm(&img);
        assert!(pgm.starts_with(b"P5\n3 2\n255\n"));
        assert_eq!(pgm.len(), b"P5\n3 2\n255\n".len() + 6);
    }
}
