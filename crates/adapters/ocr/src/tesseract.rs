//! Images to positioned words with Tesseract, which runs in the `healthtracker-ocr` worker
//! (see [`crate::worker`]; the worker's engine is leptess with our settings).
//!
//! One engine per reader, reused across pages: the worker is started with the engine, its model
//! loading while the first page is prepared, and kept. It runs with `OMP_THREAD_LIMIT=1` unless
//! told otherwise: on two cores Tesseract's own threads made a page three times slower
//! (BUILD-NOTES). Instead, a tall scanned page is cut across between two lines of print and
//! its halves are read at once by two workers, each single-threaded ([`OcrEngine::set_halves`]).

use std::borrow::Cow;
use std::cell::OnceCell;
use std::path::{Path, PathBuf};
use std::time::Instant;

use ht_reports::upload::{FileKind, MAX_IMAGE_PIXELS, image_dimensions};
use ht_reports::{BBox, ExtractError, Page, Word};
use image::GrayImage;

use crate::preprocess::Look;
use crate::worker::{self, Layout, Worker};

/// A Tesseract engine with our settings, in its worker process.
pub struct OcrEngine {
    path: PathBuf,
    data_path: Option<String>,
    worker: Option<Worker>,
    /// A second worker, started when tall pages are to be read in two halves at once
    /// ([`Self::set_halves`]).
    second: Option<Worker>,
    /// Whether tall pages are read in two halves ([`Self::set_halves`]).
    halves: bool,
    deadline: Option<Instant>,
    confidence: Option<f32>,
}

impl OcrEngine {
    /// Starts the worker found by [`worker::locate`], with the English model from the system's
    /// tessdata (or `data_path`). The model loads while the first image is prepared
    /// ([`Worker::spawn`]).
    ///
    /// # Errors
    /// [`ExtractError::Unsupported`] when the worker is missing or cannot start; when Tesseract
    /// or its English data is, the first image read says so.
    pub fn new(data_path: Option<&str>) -> Result<Self, ExtractError> {
        let path = worker::locate().ok_or_else(|| {
            ExtractError::Unsupported(format!(
                "OCR is not available here: the OCR worker `{}` is not beside this program \
                 (build it with `cargo build -p ht-ocr`, or name it in {})",
                worker::WORKER_NAME,
                worker::WORKER_ENV
            ))
        })?;
        Self::with_worker(&path, data_path)
    }

    /// As [`Self::new`], with the worker at `path`.
    ///
    /// # Errors
    /// As [`Self::new`].
    pub fn with_worker(path: &Path, data_path: Option<&str>) -> Result<Self, ExtractError> {
        let worker = Worker::spawn(path, data_path)?;
        Ok(Self {
            path: path.to_path_buf(),
            data_path: data_path.map(str::to_string),
            worker: Some(worker),
            second: None,
            halves: false,
            deadline: None,
            confidence: None,
        })
    }

    /// Stops reading at `deadline` (none: no limit): an image still in Tesseract then fails
    /// with [`ExtractError::TimedOut`] and its worker is killed, to be replaced on the next
    /// image, so a time cap frees the processor rather than leaving it busy.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// Whether a tall page is read as two halves at once, one by each of two workers
    /// ([`Self::read_prepared`]); off unless set. For scanned pages: on the scans of
    /// `bench/scans.py` (seeds 61 and 13 at 300 dpi, 21 at 200) halves read as well as the
    /// whole (F1 .981, .976, .987 against .981, .971, .985), and a scan took 0.89 of the time
    /// `tesseract` takes on it instead of 1.21 (median of ten). Not for phone photos:
    /// Tesseract's layout analysis of half a photo of tables beside pictures (labdata's Sysmex
    /// photo) finds other lines than on the whole, and labdata's photos read worse (F1 .952 to
    /// .890).
    ///
    /// Turned on, it starts the second worker ([`Self::start_second_worker`]).
    pub fn set_halves(&mut self, on: bool) {
        self.halves = on;
        if on {
            self.start_second_worker();
        }
    }

    /// Starts the second worker at once, if there is none, to load its model while the page is
    /// prepared, as the first worker's does: for two images read at once
    /// ([`Self::read_prepared_pair`]) and halves of a page ([`Self::set_halves`]). Without it,
    /// the second worker starts when first needed, and its model loads while the first waits.
    pub fn start_second_worker(&mut self) {
        if self.second.is_none() {
            // A worker that cannot start now is tried again, and its error given, when needed.
            self.second = Worker::spawn(&self.path, self.data_path.as_deref()).ok();
        }
    }

    /// How sure Tesseract was of the words of the last page read: their mean confidence, 0 to
    /// 100 (none before a page, or when it held no words).
    #[must_use]
    pub fn confidence(&self) -> Option<f32> {
        self.confidence
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
        self.read_image_kept(bytes, kind, number, look).map(|(page, _)| page)
    }

    /// [`Self::read_image_with`], giving also the page image as it was read, for
    /// [`Self::reread_bands`].
    ///
    /// # Errors
    /// As [`Self::read_image`].
    pub fn read_image_kept(
        &mut self,
        bytes: &[u8],
        kind: FileKind,
        number: u32,
        look: Look,
    ) -> Result<(Page, Prepared), ExtractError> {
        let prepared = Self::prepare(bytes, kind, look)?;
        self.read_prepared(prepared, number)
    }

    /// The page image of `bytes` cleaned for reading as `look` says, to measure its print
    /// ([`Prepared::letter_height`]) before deciding how to read it.
    ///
    /// # Errors
    /// As [`Self::read_image`].
    pub fn prepare(bytes: &[u8], kind: FileKind, look: Look) -> Result<Prepared, ExtractError> {
        if let Some((w, h)) = image_dimensions(kind, bytes)
            && u64::from(w) * u64::from(h) > MAX_IMAGE_PIXELS
        {
            return Err(ExtractError::Unsupported("the image has too many pixels".into()));
        }
        let (image, letter) = crate::preprocess::prepare_measured(bytes, MAX_IMAGE_PIXELS, look)?;
        Ok(Prepared { image, letter: letter.map_or_else(OnceCell::new, OnceCell::from) })
    }

    /// Reads a page image [`Self::prepare`] gave as page `number`, giving it back with its words.
    ///
    /// # Errors
    /// As [`Self::read_image`].
    pub fn read_prepared(&mut self, prepared: Prepared, number: u32) -> Result<(Page, Prepared), ExtractError> {
        self.confidence = None;
        let (part, dx, dy) = printed_part(&prepared.image);
        // A tall page is read as two halves at once where [`Self::set_halves`] says so (see
        // `read_halves`), and whole where that finds print it did not read.
        let halved = match if self.halves { crate::halves::cut_row(&part) } else { None } {
            Some(at) => self.read_halves(&part, at)?,
            None => None,
        };
        let (words, tsvs) = match halved {
            Some(read) => read,
            None => {
                let tsv = self.tsv(Layout::Page, &crate::preprocess::to_pgm(&part))?;
                (read_words(&tsv, &part), tsv)
            }
        };
        self.confidence = mean_confidence(&tsvs);
        let page = page_of(&prepared.image, number, words, dx, dy);
        Ok((page, prepared))
    }

    /// Two page images [`Self::prepare`] gave (two looks at page `number`), read at once by
    /// the two workers, each whole (never in halves), as [`Self::read_prepared`] reads one: each
    /// given back with its words and Tesseract's mean confidence in them ([`Self::confidence`],
    /// which then is `b`'s).
    ///
    /// # Errors
    /// As [`Self::read_image`].
    pub fn read_prepared_pair(
        &mut self,
        a: Prepared,
        b: Prepared,
        number: u32,
    ) -> Result<[(Page, Prepared, Option<f32>); 2], ExtractError> {
        self.confidence = None;
        let (part_a, ax, ay) = printed_part(&a.image);
        let (part_b, bx, by) = printed_part(&b.image);
        let pgm = |part: &GrayImage| crate::preprocess::to_pgm(part);
        let (tsv_a, tsv_b) = self.tsv_pair(&pgm(&part_a), &pgm(&part_b))?;
        let page_a = page_of(&a.image, number, read_words(&tsv_a, &part_a), ax, ay);
        let page_b = page_of(&b.image, number, read_words(&tsv_b, &part_b), bx, by);
        self.confidence = mean_confidence(&tsv_b);
        Ok([(page_a, a, mean_confidence(&tsv_a)), (page_b, b, self.confidence)])
    }

    /// The words Tesseract reads in `bands` of a page read before (boxes in its pixels), each
    /// band cut from `prepared`, enlarged toward print 24 px tall (at most three times) and read
    /// with the others in one pass (see [`crate::bands`]) as `layout` says. A word's line number
    /// is its own, after any the page's first reading can have.
    ///
    /// The bands are read as one image, not split between the two workers: Tesseract's layout
    /// analysis of half the bands found other lines, and labdata's Turkish hemogram photo lost
    /// three results (F1 .909 to .791).
    ///
    /// # Errors
    /// As [`Self::read_image`].
    pub fn reread_bands(
        &mut self,
        prepared: &Prepared,
        bands: &[BBox],
        layout: Layout,
    ) -> Result<Vec<Word>, ExtractError> {
        let page = &prepared.image;
        let letter = prepared.letter_height().unwrap_or(12.0);
        let scale = (24.0 / letter).clamp(1.0, 3.0);
        let Some(mosaic) = crate::bands::mosaic(page, bands, scale, letter * 0.6, (letter * scale * 2.0) as u32) else {
            return Ok(Vec::new());
        };
        let tsv = self.tsv(layout, &crate::preprocess::to_pgm(&mosaic.image))?;
        let first_line = page.height().saturating_add(1);
        Ok(read_words(&tsv, &mosaic.image)
            .into_iter()
            .filter(|word| !mosaic.cut_through(word.bbox, letter))
            .filter_map(|mut word| {
                word.bbox = mosaic.to_page(word.bbox)?;
                word.line = word.line.map(|l| l.saturating_add(first_line));
                Some(word)
            })
            .collect())
    }

    /// The words of `part` read as two halves cut across at row `at`, the upper by the first
    /// worker while the second reads the lower (on two cores a little over half the time of
    /// reading it whole), with the TSVs they came from; the lower half's words moved down by
    /// `at`, its lines numbered after the upper half's. `None` where either half left more than
    /// [`crate::halves::MAX_LINES_LEFT_OUT`] lines of print outside every word: Tesseract's
    /// layout analysis of the lower part of a table can leave out its column of results, which
    /// the page read whole gives (a 200 dpi scan of seed 21 lost 8 results so).
    fn read_halves(&mut self, part: &GrayImage, at: u32) -> Result<Option<(Vec<Word>, String)>, ExtractError> {
        let (w, h) = (part.width(), part.height());
        let top = crate::preprocess::cut(part, [0, 0, w, at]);
        let bottom = crate::preprocess::cut(part, [0, at, w, h]);
        let (a, b) = self.tsv_pair(&crate::preprocess::to_pgm(&top), &crate::preprocess::to_pgm(&bottom))?;
        let mut words: Vec<Word> = Vec::new();
        for (tsv, piece, y) in [(&a, &top, 0.0), (&b, &bottom, at as f32)] {
            let read = read_words(tsv, piece);
            if crate::halves::lines_left_out(piece, &read) > crate::halves::MAX_LINES_LEFT_OUT {
                return Ok(None);
            }
            let first_line = words.iter().filter_map(|w| w.line).max().map_or(0, |l| l + 1);
            words.extend(read.into_iter().map(|mut word| {
                word.bbox.y0 += y;
                word.bbox.y1 += y;
                word.line = word.line.map(|l| l + first_line);
                word
            }));
        }
        Ok(Some((words, a + &b)))
    }

    /// Tesseract's TSV for `pgm`, read as `layout`. A worker that has gone (Tesseract crashed on
    /// an earlier image) is replaced first; one that goes on this image fails only this image.
    fn tsv(&mut self, layout: Layout, pgm: &[u8]) -> Result<String, ExtractError> {
        let Self { path, data_path, worker, deadline, .. } = self;
        ask(worker, path, data_path.as_deref(), *deadline, layout, pgm)
    }

    /// The TSVs of two page images, `a` read by the first worker while the second reads `b`,
    /// each as [`Self::tsv`] reads one (the second worker is started the first time).
    fn tsv_pair(&mut self, a: &[u8], b: &[u8]) -> Result<(String, String), ExtractError> {
        let Self { path, data_path, worker, second, deadline, .. } = self;
        let (path, data_path, deadline) = (&*path, data_path.as_deref(), *deadline);
        let (a, b) = std::thread::scope(|scope| {
            let b = scope.spawn(|| ask(second, path, data_path, deadline, Layout::Page, b));
            let a = ask(worker, path, data_path, deadline, Layout::Page, a);
            (a, b.join())
        });
        let b = b.unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        Ok((a?, b?))
    }
}

/// The TSV the worker in `slot` gives for `pgm` read as `layout`, starting one in an empty
/// slot (from `path`, with `data_path`). A worker that fails or is stopped at `deadline` is
/// dropped from its slot, killed, to be replaced for the next image.
fn ask(
    slot: &mut Option<Worker>,
    path: &Path,
    data_path: Option<&str>,
    deadline: Option<Instant>,
    layout: Layout,
    pgm: &[u8],
) -> Result<String, ExtractError> {
    let late = |deadline: Option<Instant>| deadline.is_some_and(|d| Instant::now() >= d);
    if late(deadline) {
        return Err(ExtractError::TimedOut);
    }
    let worker = match slot {
        Some(w) => w,
        None => slot.insert(Worker::spawn(path, data_path)?),
    };
    if let Err(e) = worker.ready(deadline) {
        *slot = None;
        return Err(e);
    }
    match worker.tsv(layout, pgm, deadline) {
        Ok(Ok(tsv)) => Ok(tsv),
        Ok(Err(why)) => Err(ExtractError::Corrupt(format!("the image could not be decoded: {why}"))),
        Err(_) if late(deadline) => {
            *slot = None;
            Err(ExtractError::TimedOut)
        }
        Err(e) => {
            *slot = None;
            Err(ExtractError::Corrupt(format!("OCR stopped on this image ({e})")))
        }
    }
}

/// The part of `image` that holds ink, as an image of its own, with where it starts on the
/// page (x, y). Tesseract's own rectangle is no substitute: one as wide as the page is
/// recognised from the whole page's pixels at the rectangle's coordinates, which read labdata's
/// iron photo as junk. Words read in the part are moved back to the page ([`page_of`]), as a
/// band's are.
fn printed_part(image: &GrayImage) -> (Cow<'_, GrayImage>, f32, f32) {
    let area = match (i32::try_from(image.width()), i32::try_from(image.height())) {
        (Ok(w), Ok(h)) => crate::regions::printed_area(image.as_raw(), w, h),
        _ => None,
    };
    match area {
        Some([x, y, w, h]) => {
            let part = crate::preprocess::cut(image, [x, y, x + w, y + h].map(i32::unsigned_abs));
            (Cow::Owned(part), x as f32, y as f32)
        }
        None => (Cow::Borrowed(image), 0.0, 0.0),
    }
}

/// Page `number` of `image`'s size holding `words` read in the part of it that starts at
/// (`dx`, `dy`) ([`printed_part`]), moved back to the page.
fn page_of(image: &GrayImage, number: u32, mut words: Vec<Word>, dx: f32, dy: f32) -> Page {
    for word in &mut words {
        let b = word.bbox;
        word.bbox = BBox { x0: b.x0 + dx, y0: b.y0 + dy, x1: b.x1 + dx, y1: b.y1 + dy };
    }
    Page { number, width: image.width() as f32, height: image.height() as f32, words }
}

/// A page image as it was read (cleaned, perhaps enlarged), kept to read parts of it again.
pub struct Prepared {
    image: GrayImage,
    /// Its letters' height, once measured ([`Self::letter_height`]).
    letter: OnceCell<Option<f32>>,
}

impl Prepared {
    /// The height in pixels of the page's letters as read (the median letter-sized blob of
    /// ink: about a small letter's height), or `None` on a page with too few letters to tell.
    /// Measured once: the reader asks before it reads the page, and again to read rows of it
    /// closer; and not at all where the clean-up measured the page as it left it (it looked
    /// for dotted leaders by the letters' height and found none). On a 300 dpi scan page that
    /// is one search of the page's blobs fewer: a tenth of the instructions the reader spends
    /// outside Tesseract (1.10 billion instead of 1.21, callgrind).
    #[must_use]
    pub fn letter_height(&self) -> Option<f32> {
        *self.letter.get_or_init(|| crate::preprocess::text_height(&self.image))
    }
}

/// The words of Tesseract's TSV for `image`, with the misreadings we know put right: `HbA1c`,
/// roman numerals read as strokes (`HIV | & Il`), zeros read as the letter O (`O.78`), ones as
/// strokes (`1l2`) and fives as the letter S (`8S1`) among digits, decimal points the pixels
/// show, letters of catalog words.
fn read_words(tsv: &str, image: &GrayImage) -> Vec<Word> {
    let mut words = words_from_tsv(tsv);
    fix_hba1c(&mut words);
    fix_roman_numerals(&mut words);
    for word in &mut words {
        if let Some(text) = ht_reports::reading::mend_letter_o(&word.text) {
            word.text = text;
        } else if let Some(text) = ht_reports::reading::mend_letter_one(&word.text) {
            word.text = text;
        } else if let Some(text) = ht_reports::reading::mend_letter_s(&word.text) {
            word.text = text;
        } else if let Some(text) = ht_reports::reading::mend_five_sign(&word.text) {
            word.text = text;
        }
        let b = word.bbox;
        if let Some(text) = crate::decimals::restore_point(image, &word.text, [b.x0, b.y0, b.x1, b.y1]) {
            word.text = text;
        } else if let Some(text) = ht_reports::catalog::mend_misread(&word.text) {
            word.text = text;
        }
    }
    words
}

/// `HbA1c` as Tesseract reads it in small print: the 1 between A and c comes out as l or I
/// (`Hb Alc`, `HBAIC`, `(HbAic)`, LabCorp's `Hemoglobin Alc`). Only that spelling after `Hb`,
/// `Hemoglobin` or `Haemoglobin` is changed.
fn fix_hba1c(words: &mut [Word]) {
    // A footnote mark may follow (`Alc?`, `Alc;`).
    let misread = |t: &str| {
        let core = t.trim_end_matches(|c: char| !c.is_alphanumeric());
        matches!(core.to_ascii_lowercase().as_str(), "alc" | "aic")
    };
    for i in 0..words.len() {
        let lower = words[i].text.to_ascii_lowercase();
        // In brackets too: `(HbAic)`.
        let start = lower.find(|c: char| c.is_ascii_alphanumeric()).unwrap_or(0);
        let core = lower[start..].trim_end_matches(|c: char| !c.is_ascii_alphanumeric());
        if matches!(core, "hbalc" | "hbaic") {
            let at = start + 3;
            words[i].text = format!("{}1{}", &words[i].text[..at], &words[i].text[at + 1..]);
        } else if i > 0
            && matches!(words[i - 1].text.to_ascii_lowercase().as_str(), "hb" | "hemoglobin" | "haemoglobin")
            && misread(&words[i].text)
        {
            words[i].text = format!("{}1{}", &words[i].text[..1], &words[i].text[2..]);
        }
    }
}

/// Roman numerals Tesseract reads as strokes in a pair after a name: `HIV | & Il`, `HIV l/Il`
/// for `HIV I & II` and `HIV I/II`. Strokes (`|`, `l`, `I`, one to three of them) on both
/// sides of `&` or `/` after a word of letters are numerals; elsewhere they may be a table's
/// rule or a value (`ll` for 11), and stay as read.
fn fix_roman_numerals(words: &mut [Word]) {
    let strokes = |t: &str| (1..=3).contains(&t.chars().count()) && t.chars().all(|c| matches!(c, '|' | 'l' | 'I'));
    let numeral = |t: &str| "I".repeat(t.chars().count());
    let named = |t: &str| t.chars().any(char::is_alphabetic) && !strokes(t);
    for i in 1..words.len() {
        if !named(&words[i - 1].text) {
            continue;
        }
        let pair = |t: &str| {
            t.split_once('/').filter(|(a, b)| strokes(a) && strokes(b)).map(|(a, b)| (a.to_string(), b.to_string()))
        };
        if let Some((a, b)) = pair(&words[i].text) {
            words[i].text = format!("{}/{}", numeral(&a), numeral(&b));
        } else if i + 2 < words.len()
            && strokes(&words[i].text)
            && matches!(words[i + 1].text.as_str(), "&" | "/")
            && strokes(&words[i + 2].text)
        {
            words[i].text = numeral(&words[i].text);
            words[i + 2].text = numeral(&words[i + 2].text);
        }
    }
}

/// The mean confidence of the words (level 5 rows with text) of Tesseract's TSV output.
fn mean_confidence(tsv: &str) -> Option<f32> {
    let confidences: Vec<f32> = tsv
        .lines()
        .filter_map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            let word = f.len() >= 12 && f[0] == "5" && !f[11].trim().is_empty();
            word.then(|| f[10].trim().parse::<f32>().ok()).flatten().filter(|c| *c >= 0.0)
        })
        .collect();
    (!confidences.is_empty()).then(|| confidences.iter().sum::<f32>() / confidences.len() as f32)
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
    fn a_prepared_page_measures_its_letters_as_the_clean_up_left_them() {
        // Twenty letters 12 pixels tall, twenty 16 tall, and (on one page) a dotted leader of
        // ten dots 5 pixels tall: with the dots the median blob is 12 pixels tall, and the
        // leader is erased for it, which leaves 16.
        let page = |leader: bool| {
            GrayImage::from_fn(600, 120, |x, y| {
                let letter = (10..290).contains(&x) && (x - 10) % 14 < 7;
                let ink = (letter && ((20..32).contains(&y) || (60..76).contains(&y)))
                    || (leader && (300..400).contains(&x) && (x - 300) % 10 < 5 && (100..105).contains(&y));
                image::Luma([if ink { 0 } else { 255 }])
            })
        };
        for leader in [false, true] {
            let mut png = std::io::Cursor::new(Vec::new());
            page(leader).write_to(&mut png, image::ImageFormat::Png).expect("a PNG");
            let prepared = OcrEngine::prepare(png.get_ref(), FileKind::Png, Look::Native).expect("prepared");
            assert_eq!(prepared.letter_height(), Some(16.0), "leader: {leader}");
            assert_eq!(prepared.letter_height(), crate::preprocess::text_height(&prepared.image));
        }
    }

    #[test]
    fn hba1c_misread_in_small_print_is_put_right() {
        let word = |t: &str| Word {
            text: t.into(),
            bbox: BBox { x0: 0.0, y0: 0.0, x1: 1.0, y1: 1.0 },
            bold: false,
            line: None,
        };
        let mut words = vec![
            word("Hb"),
            word("Alc"),
            word("HBAIC"),
            word("HbA1c"),
            word("Alc"),
            word("Hba"),
            word("Hemoglobin"),
            word("Alc?"),
            word("(HbAic)"),
            word("(HbAlcohol)"),
        ];
        fix_hba1c(&mut words);
        let texts: Vec<&str> = words.iter().map(|w| w.text.as_str()).collect();
        assert_eq!(
            texts,
            ["Hb", "A1c", "HBA1C", "HbA1c", "Alc", "Hba", "Hemoglobin", "A1c?", "(HbA1c)", "(HbAlcohol)"]
        );
    }

    #[test]
    fn a_zero_read_as_the_letter_o_is_read_as_a_zero() {
        let tsv = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n\
5\t1\t1\t1\t1\t1\t40\t100\t40\t20\t91\tINR\n\
5\t1\t1\t1\t1\t2\t400\t101\t60\t20\t80\tO.78L\n\
5\t1\t1\t1\t1\t3\t500\t101\t90\t20\t80\t(O.80\n\
5\t1\t1\t1\t2\t1\t40\t130\t60\t20\t90\tHCO3\n";
        let words = read_words(tsv, &GrayImage::from_pixel(800, 600, image::Luma([255])));
        let texts: Vec<&str> = words.iter().map(|w| w.text.as_str()).collect();
        assert_eq!(texts, ["INR", "0.78L", "(0.80", "HCO3"]);
    }

    #[test]
    fn a_five_read_as_a_section_sign_is_read_as_a_five() {
        let tsv = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n\
5\t1\t1\t1\t1\t1\t40\t100\t80\t20\t91\tGamma\n\
5\t1\t1\t1\t1\t2\t400\t101\t30\t20\t60\t\u{a7}1\n\
5\t1\t1\t1\t1\t3\t500\t101\t90\t20\t80\t(7-\u{a7}5)\n";
        let words = read_words(tsv, &GrayImage::from_pixel(800, 600, image::Luma([255])));
        let texts: Vec<&str> = words.iter().map(|w| w.text.as_str()).collect();
        assert_eq!(texts, ["Gamma", "51", "(7-55)"]);
    }

    #[test]
    fn roman_numerals_read_as_strokes_after_a_name_are_put_right() {
        let words = |texts: &[&str]| -> Vec<Word> {
            texts
                .iter()
                .map(|t| Word {
                    text: (*t).into(),
                    bbox: BBox { x0: 0.0, y0: 0.0, x1: 1.0, y1: 1.0 },
                    bold: false,
                    line: None,
                })
                .collect()
        };
        for (read, want) in [
            (&["HIV", "|", "&", "Il", "Antibody"][..], &["HIV", "I", "&", "II", "Antibody"][..]),
            (&["HIV", "l/Il"], &["HIV", "I/II"]),
            (&["HIV", "1", "&", "2"], &["HIV", "1", "&", "2"]),
            // A rule and a value read as strokes stay as read.
            (&["Monocytes", "|", "ll", "%"], &["Monocytes", "|", "ll", "%"]),
            (&["|", "&", "|"], &["|", "&", "|"]),
        ] {
            let mut read = words(read);
            fix_roman_numerals(&mut read);
            assert_eq!(read.iter().map(|w| w.text.as_str()).collect::<Vec<_>>(), want);
        }
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
        // Blank words (rules, pictures) do not count towards the page's confidence.
        assert_eq!(mean_confidence(tsv), Some((91.5 + 88.0 + 90.0 + 90.0) / 4.0));
        assert_eq!(mean_confidence("level\tpage_num\n"), None);
    }
}
