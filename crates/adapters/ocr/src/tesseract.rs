//! Images to positioned words with Tesseract (through leptess).
//!
//! One engine per worker, reused across pages. Run the process with `OMP_THREAD_LIMIT=1`:
//! on two cores Tesseract's own threads made a page three times slower (BUILD-NOTES).

use ht_reports::upload::{FileKind, MAX_IMAGE_PIXELS, image_dimensions};
use ht_reports::{BBox, ExtractError, Page, Word};
use leptess::{Variable, leptonica, tesseract::TessApi};

use crate::preprocess::Look;

/// A Tesseract engine with our settings.
pub struct OcrEngine {
    tess: TessApi,
}

impl OcrEngine {
    /// Loads the English model from the system's tessdata (or `data_path`).
    ///
    /// # Errors
    /// [`ExtractError::Unsupported`] when Tesseract or its English data is missing.
    pub fn new(data_path: Option<&str>) -> Result<Self, ExtractError> {
        let mut tess = TessApi::new(data_path, "eng")
            .map_err(|e| ExtractError::Unsupported(format!("OCR is not available here: {e}")))?;
        let setup = |e| ExtractError::Unsupported(format!("OCR setup failed: {e:?}"));
        // Treating the page as one block turns lab tables into garbage; "sparse columns of
        // text" (4) keeps rows together like the command line does.
        tess.raw.set_variable(Variable::TesseditPagesegMode.as_cstr(), c"4").map_err(setup)?;
        // Keep spaces between words of a cell, which the row parser uses.
        tess.raw.set_variable(Variable::PreserveInterwordSpaces.as_cstr(), c"1").map_err(setup)?;
        // Sauvola's local threshold for finding text: with the global Otsu threshold, grey
        // print on a photo that also holds black bars was thrown away as background, whole
        // tables at a time (the Tesseract 5 option has no name in leptess's list).
        tess.raw.set_variable(c"thresholding_method", c"2").map_err(setup)?;
        // Tesseract's own notes ("Detected 25 diacritics") go nowhere rather than to stderr,
        // where `analyze` reports errors.
        tess.raw.set_variable(c"debug_file", c"/dev/null").map_err(setup)?;
        Ok(Self { tess })
    }

    /// Reads one JPEG or PNG image as page `number`.
    ///
    /// # Errors
    /// [`ExtractError::Unsupported`] for a pixel flood or an image Tesseract cannot decode.
    pub fn read_image(&mut self, bytes: &[u8], kind: FileKind, number: u32) -> Result<Page, ExtractError> {
        self.read_image_with(bytes, kind, number, Look::Native)
    }

    /// [`Self::read_image`], looking at the page as `look` says.
    ///
    /// # Errors
    /// As [`Self::read_image`].
    pub fn read_image_with(
        &mut self,
        bytes: &[u8],
        kind: FileKind,
        number: u32,
        look: Look,
    ) -> Result<Page, ExtractError> {
        if let Some((w, h)) = image_dimensions(kind, bytes)
            && u64::from(w) * u64::from(h) > MAX_IMAGE_PIXELS
        {
            return Err(ExtractError::Unsupported("the image has too many pixels".into()));
        }
        let prepared = crate::preprocess::prepare_image(bytes, MAX_IMAGE_PIXELS, look)?;
        let pix = leptonica::pix_read_mem(&crate::preprocess::to_pgm(&prepared))
            .map_err(|e| ExtractError::Corrupt(format!("the image could not be decoded: {e}")))?;
        self.tess.set_image(&pix);
        let (width, height) = self.tess.get_image_dimensions().unwrap_or((0, 0));
        // Phone photos rarely carry a resolution; assume a 300 dpi scan for Tesseract's heuristics.
        if self.tess.get_source_y_resolution() < 70 {
            self.tess.set_source_resolution(300);
        }
        let tsv = self.tess.get_tsv_text(0).map_err(|e| ExtractError::Corrupt(format!("OCR output: {e}")))?;
        let mut words = words_from_tsv(&tsv);
        fix_hba1c(&mut words);
        for word in &mut words {
            let b = word.bbox;
            if let Some(text) = crate::decimals::restore_point(&prepared, &word.text, [b.x0, b.y0, b.x1, b.y1]) {
                word.text = text;
            } else if let Some(text) = ht_reports::catalog::mend_misread(&word.text) {
                word.text = text;
            }
        }
        Ok(Page { number, width: width as f32, height: height as f32, words })
    }
}

/// `HbA1c` as Tesseract reads it in small print: the 1 between A and c comes out as l or I
/// (`Hb Alc`, `HBAIC`). Only that spelling after `Hb` is changed.
fn fix_hba1c(words: &mut [Word]) {
    let misread = |t: &str| matches!(t.to_ascii_lowercase().as_str(), "alc" | "aic");
    for i in 0..words.len() {
        let lower = words[i].text.to_ascii_lowercase();
        if matches!(lower.as_str(), "hbalc" | "hbaic") {
            words[i].text = format!("{}1{}", &words[i].text[..3], &words[i].text[4..]);
        } else if i > 0 && words[i - 1].text.eq_ignore_ascii_case("hb") && misread(&words[i].text) {
            words[i].text = format!("{}1{}", &words[i].text[..1], &words[i].text[2..]);
        }
    }
}

/// Words (level 5 rows) of Tesseract's TSV output, with confidence above 0, each with the
/// number of its text line in reading order (Tesseract follows a tilted or bent row).
fn words_from_tsv(tsv: &str) -> Vec<Word> {
    let mut lines: Vec<(&str, &str, &str)> = Vec::new();
    tsv.lines()
        .filter_map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            if f.len() < 12 || f[0] != "5" {
                return None;
            }
            let n = |i: usize| f[i].trim().parse::<f32>().ok();
            let (left, top, w, h, conf) = (n(6)?, n(7)?, n(8)?, n(9)?, n(10)?);
            let text = f[11].trim();
            if conf < 0.0 || text.is_empty() {
                return None;
            }
            // Block, paragraph and line numbers name a line.
            let key = (f[2], f[3], f[4]);
            let index = match lines.iter().position(|k| *k == key) {
                Some(i) => i,
                None => {
                    lines.push(key);
                    lines.len() - 1
                }
            };
            Some(Word {
                text: text.to_string(),
                bbox: BBox { x0: left, y0: top, x1: left + w, y1: top + h },
                bold: false,
                line: u32::try_from(index).ok(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hba1c_misread_in_small_print_is_put_right() {
        let word = |t: &str| Word {
            text: t.into(),
            bbox: BBox { x0: 0.0, y0: 0.0, x1: 1.0, y1: 1.0 },
            bold: false,
            line: None,
        };
        let mut words = vec![word("Hb"), word("Alc"), word("HBAIC"), word("HbA1c"), word("Alc"), word("Hba")];
        fix_hba1c(&mut words);
        let texts: Vec<&str> = words.iter().map(|w| w.text.as_str()).collect();
        assert_eq!(texts, ["Hb", "A1c", "HBA1C", "HbA1c", "Alc", "Hba"]);
    }

    #[test]
    fn tsv_words_become_positioned_words() {
        let tsv = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n\
1\t1\t0\t0\t0\t0\t0\t0\t800\t600\t-1\t\n\
5\t1\t1\t1\t1\t1\t40\t100\t120\t20\t91.5\tHaemoglobin\n\
5\t1\t1\t1\t1\t2\t400\t101\t40\t20\t88\t13.5\n\
5\t1\t1\t1\t1\t3\t500\t101\t40\t20\t-1\t \n\
5\t1\t1\t1\t2\t1\t40\t130\t40\t20\t90\tCRP\n\
5\t1\t2\t1\t1\t1\t40\t160\t40\t20\t90\tESR\n";
        let words = words_from_tsv(tsv);
        assert_eq!(words.len(), 4);
        assert_eq!(words[0].text, "Haemoglobin");
        assert_eq!(words[0].bbox, BBox { x0: 40.0, y0: 100.0, x1: 160.0, y1: 120.0 });
        assert_eq!(words[1].text, "13.5");
        // Block, paragraph and line number name the line; lines are numbered as they come.
        let lines: Vec<Option<u32>> = words.iter().map(|w| w.line).collect();
        assert_eq!(lines, [Some(0), Some(0), Some(1), Some(2)]);
    }
}
