//! The reading pipeline: bytes → pages of words → result rows → catalog, flags, severity and
//! advice. `healthtracker analyze FILE` runs it offline; the workers run it on uploads.

use std::path::Path;
use std::time::Instant;

use anyhow::{Context, bail};
use ht_ocr::preprocess::Look;
use ht_ocr::tesseract::{OcrEngine, Prepared};
use ht_recommendations::{Interpretation, Profile};
use ht_reports::catalog::derived;
use ht_reports::catalog::{self, Biomarker};
use ht_reports::reading::{
    Collected, Flag, LabRow, PageLines, Qualifier, RefRange, Sex, detect_age, detect_collected, detect_sex,
    is_negative_result, is_positive_result, lone_one_misread, lost_point, page_text_by_lines, points_put_back,
    rows_from_page, sex_ranges,
};
use ht_reports::upload::{FileKind, MAX_UPLOAD_BYTES};
use ht_reports::{ExtractError, Page, StoredResult};
use ht_severity::{Reading, Severity};
use serde_json::{Value, json};

mod reread;

/// Largest number of pages read from one report.
pub const MAX_PAGES: usize = 100;

/// An OCR reading of a page with fewer result rows naming a test the catalog knows gets a
/// second, enlarged look.
pub const FEW_RESULTS: usize = 5;

/// Mean word confidence (0–100) below which Tesseract's first reading of a page is taken as
/// unsure, and the page is read again enlarged. On labdata, pages read well score 69 to 92;
/// the Sysmex photo, whose first reading lost most decimal points yet named nine tests, 55.
pub const UNSURE: f32 = 60.0;

/// Letters this many pixels tall or fewer (the median blob of ink, about a small letter) are
/// print too small for Tesseract to read reliably at the size it came in: such a page is read
/// enlarged. On the phone photos of `bench/scans.py --photo` (letters 5 to 7 px) the first
/// reading found most rows yet misread a value or name in one row of six (F1 0.83; enlarged
/// 0.91), while Tesseract, still fairly sure of its words (mean confidence 64 to 84), gave no
/// sign of it. Scans at 150 dpi (`bench/scans.py --dpi 150`: letters of 6 to 10 px, most 8 or
/// 9) read the same way: F1 0.949 with 7 px here, 0.971 with 9. With 10, 0.978, but labdata's
/// handheld iron photo (10 px) lost a row read at its own size. Scans at 200 dpi have letters of
/// 10 px and more, most 12 or more.
pub const SMALL_PRINT: f32 = 9.0;

/// How much higher Tesseract's mean word confidence must be for one reading of a page to count
/// as surer than another: two readings of a page read well differ by less (labdata's Lal
/// PathLabs page 1: 90.7 at its own size, 90.1 enlarged, the enlarged one reading its method
/// line whole).
pub const SURER: f32 = 2.0;

/// Mean word confidence (0–100) at and above which Tesseract is taken as sure of an enlarged
/// reading of small print, which then is not read at its own size as well. On the photo set
/// enlarged readings of pages it read well scored 80 to 92; labdata's chemistry and urine
/// photos, whose readings at their own size were the better, 66 and 75.
pub const SURE: f32 = 80.0;

/// Mean word confidence (0–100) at and above which a reading of a page that makes no result
/// row at all is taken as a page of words, not a table misread. The 200 dpi scans of LabCorp's
/// pages of notes in small print read at 72 and 74, and each was read twice more for nothing
/// (the scanned report 1.85 × Tesseract's time, 1.20 without); pages whose tables were lost in
/// a first reading score lower (the Turkish hemogram photo, 44 to 53).
pub const SURE_OF_NONE: f32 = 70.0;

/// Letters this small or smaller are not read at their own size at all: on every page of
/// labdata and of the photo set with print this small the enlarged reading was as good or
/// better, and the first reading only cost time.
pub const TINY_PRINT: f32 = 5.0;

/// One result row with what the catalog and the rules add to it.
pub struct Row {
    /// The row as read.
    pub row: LabRow,
    /// The catalog entry the name refers to.
    pub biomarker: Option<&'static Biomarker>,
    /// `high`, `low`, `positive` or none.
    pub flag: Option<&'static str>,
    /// How far from normal, for abnormal rows.
    pub severity: Option<Severity>,
    /// Why a person should check this row against the paper, if they should.
    pub needs_review: Option<String>,
    /// How sure the reading is, 0–1.
    pub confidence: f64,
    /// For a number the report prints no range for: the catalog's conventional adult range in
    /// the printed unit (low, high) and the reference it follows. Shown, never used to flag.
    pub default_range: Option<(Option<f64>, Option<f64>, &'static str)>,
}

/// What the pipeline found in a file.
pub struct Analysis {
    /// The file as given.
    pub file: String,
    /// Pages read.
    pub pages: usize,
    /// Printed sex, if any.
    pub sex: Option<Sex>,
    /// Printed age, if any.
    pub age: Option<u32>,
    /// When the sample was collected, if printed.
    pub collected: Option<Collected>,
    /// Result rows, in page order, each once.
    pub rows: Vec<Row>,
    /// `text`, `ocr` or `mixed`.
    pub source: &'static str,
}

/// Reads reports; holds one OCR engine, created on first use and reused for every page.
#[derive(Default)]
pub struct Reader {
    engine: Option<OcrEngine>,
    deadline: Option<Instant>,
    /// The sex the pages of the report being read print, once one has: its rows are read with
    /// it while choosing between readings, as they are at the end.
    sex: Option<Sex>,
}

impl Reader {
    /// A reader without an engine yet.
    pub fn new() -> Self {
        Self::default()
    }

    fn engine(&mut self) -> Result<&mut OcrEngine, ExtractError> {
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(ExtractError::TimedOut);
        }
        if self.engine.is_none() {
            self.engine = Some(OcrEngine::new(None)?);
        }
        let engine = self.engine.as_mut().ok_or_else(|| ExtractError::Unsupported("OCR is not available".into()))?;
        engine.set_deadline(self.deadline);
        Ok(engine)
    }

    /// Reads a PDF, JPEG or PNG. `label` names the file in the result.
    ///
    /// # Errors
    /// [`ExtractError`] when the file is not a supported type or cannot be read; every error is
    /// permanent for these bytes.
    pub fn read(&mut self, bytes: &[u8], label: &str) -> Result<Analysis, ExtractError> {
        self.read_until(bytes, label, None)
    }

    /// [`Self::read`], giving up at `deadline` with [`ExtractError::TimedOut`]: OCR in progress
    /// is stopped (its worker killed) and no further page is read. The reader stays usable.
    ///
    /// # Errors
    /// As [`Self::read`].
    pub fn read_until(
        &mut self,
        bytes: &[u8],
        label: &str,
        deadline: Option<Instant>,
    ) -> Result<Analysis, ExtractError> {
        self.deadline = deadline;
        self.sex = None;
        let read = self.read_pages(bytes);
        self.deadline = None;
        let (pages, source) = read?;
        Ok(from_pages(label, &pages, source, self.sex))
    }

    fn read_pages(&mut self, bytes: &[u8]) -> Result<(Vec<Page>, &'static str), ExtractError> {
        Ok(match FileKind::sniff(bytes) {
            Some(FileKind::Pdf) => self.read_pdf_pages(bytes)?,
            Some(kind @ (FileKind::Jpeg | FileKind::Png)) => (vec![self.ocr_page(bytes, kind, 1, false)?], "ocr"),
            None => return Err(ExtractError::Unsupported("not a PDF, JPG or PNG file".into())),
        })
    }

    /// One page image read by OCR, looked at as closely as its print needs.
    ///
    /// Print of normal size is read at its own size first. A reading holding fewer than
    /// [`FEW_RESULTS`] result rows that name a test the catalog knows with a value it could
    /// have, or whose words Tesseract was unsure of ([`UNSURE`]), is followed by an enlarged
    /// one. Small print ([`SMALL_PRINT`]) is read enlarged first, and at its own size as well
    /// only when that reading is short of tests or Tesseract was not sure of it ([`SURE`]);
    /// tiny print ([`TINY_PRINT`]) is read enlarged only. Of two readings the one with more
    /// such rows is kept; of two with as many, the enlarged one unless Tesseract was clearly
    /// surer of the other ([`SURER`]); rows of known tests that only the other found are then
    /// taken from it ([`reread::borrow_rows`]). A sure reading whose every row makes sense, or a
    /// fairly sure one that makes no rows at all, needs no other look ([`OcrReading::settled`]). If the reading kept holds fewer than [`FEW_RESULTS`]
    /// and rows that make no sense or none at all, the page is read once more with its table's
    /// ruled lines painted out ([`Look::Unruled`]), kept only if it does better. Last, rows of
    /// the reading kept that make less sense than they could are read again closer ([`reread`]).
    ///
    /// Rows are counted by known names because a poor reading still yields rows, of junk names:
    /// the Sysmex photo's first reading had five, one of them a test; and by possible values
    /// because a reading can find the names and lose the numbers beside them. Confidence breaks
    /// ties because an enlarged reading of print Tesseract already read can find as many tests
    /// and misspell their names (labdata's chemistry photo: `Caicium`, `Cholestro!`; its
    /// confidence fell from 69 to 66, where on the photos whose enlarged reading was better it
    /// rose by 3 to 21). Each further look costs as much as the first or several times it, so
    /// only pages that need it pay for it.
    ///
    /// A scanned page (`scanned`: the image of a PDF's page) is read in two halves at once
    /// where it is tall ([`OcrEngine::set_halves`]); a photo is read whole, and a photo of small
    /// print at both sizes at once ([`OcrEngine::read_prepared_pair`]).
    fn ocr_page(&mut self, bytes: &[u8], kind: FileKind, number: u32, scanned: bool) -> Result<Page, ExtractError> {
        let printed = self.sex;
        let engine = self.engine()?;
        engine.set_halves(scanned);
        // A reading with its rows, and how many name a known test with a possible value.
        // Rows are read with the sex the report prints, as they are at the end: a range split
        // by sex is a range then, and not taken into the name before it (`Urea  Male: 15 - 39;
        // Female: 17 - 43  21  mg/dL`).
        let reading = |page: Page, prepared: Prepared, confidence: Option<f32>| {
            let (rows, sex) = rows_for_sex(&page, printed);
            let known = known_count(&rows);
            OcrReading { page, prepared, rows, known, confidence: confidence.unwrap_or(0.0), sex }
        };
        let read = |engine: &mut OcrEngine, prepared: Prepared| -> Result<OcrReading, ExtractError> {
            let (page, prepared) = engine.read_prepared(prepared, number)?;
            Ok(reading(page, prepared, engine.confidence()))
        };
        let look = |look: Look| OcrEngine::prepare(bytes, kind, look);
        let native = look(Look::Native)?;
        // The reading kept, and the other when the page was read at both sizes.
        let (mut best, other) = match Plan::for_letters(native.letter_height()) {
            Plan::EnlargedOnly => (read(engine, look(Look::Enlarged)?)?, None),
            Plan::EnlargedFirst => {
                // A photo is read at both sizes at once, by the two workers: the reading at its
                // own size, the smaller, is done by the time the enlarged one is, and is wanted
                // unless that one is sure. A scanned page keeps both workers busy with its
                // halves, and is read at its own size only when needed. (`first`: the reading
                // at its own size, or the image still to read.)
                let (enlarged, first) = if scanned {
                    (read(engine, look(Look::Enlarged)?)?, Err(native))
                } else {
                    // (The second worker loads its model while the enlarged image is made.)
                    engine.start_second_worker();
                    let [(page, prepared, confidence), (first_page, first_prepared, first_confidence)] =
                        engine.read_prepared_pair(look(Look::Enlarged)?, native, number)?;
                    (reading(page, prepared, confidence), Ok((first_page, first_prepared, first_confidence)))
                };
                if enlarged.known >= FEW_RESULTS && enlarged.confidence >= SURE {
                    (enlarged, None)
                } else {
                    let first = match first {
                        Ok((page, prepared, confidence)) => reading(page, prepared, confidence),
                        Err(native) => read(engine, native)?,
                    };
                    if enlarged.better_than(&first) { (enlarged, Some(first)) } else { (first, Some(enlarged)) }
                }
            }
            Plan::NativeFirst => {
                let first = read(engine, native)?;
                if (first.known >= FEW_RESULTS && first.confidence >= UNSURE) || first.settled() {
                    (first, None)
                } else {
                    let enlarged = read(engine, look(Look::Enlarged)?)?;
                    if enlarged.better_than(&first) { (enlarged, Some(first)) } else { (first, Some(enlarged)) }
                }
            }
        };
        // A sex only the other reading made out is the report's; where no reading made one out
        // on a page of ranges split by sex (`Age/Gender, .`), the line that prints it is read
        // again closer. The rows are read with it.
        if best.sex.is_none() {
            let split_by_sex =
                |r: &LabRow| r.range.is_none() && r.range_text.as_deref().is_some_and(|t| sex_ranges(t).is_some());
            let sex = match other.as_ref().and_then(|o| o.sex) {
                Some(sex) => Some(sex),
                None if best.rows.iter().any(split_by_sex) => reread::sex_printed(engine, &best.page, &best.prepared)?,
                None => None,
            };
            if let Some(sex) = sex {
                best.read_rows(Some(sex));
            }
        }
        // Rows of known tests only the other reading found are taken from it.
        if let Some(page) = other.and_then(|o| reread::borrow_rows(&best.page, &best.rows, &o.page, &o.rows, best.sex))
        {
            best.page = page;
            best.read_rows(best.sex);
        }
        // A page of a few tests, each read sensibly, has nothing a third look could add.
        let best = if best.known >= FEW_RESULTS || (best.known > 0 && best.known == best.rows.len()) || best.settled() {
            best
        } else {
            let third = read(engine, look(Look::Unruled)?)?;
            if (third.known, third.rows.len()) > (best.known, best.rows.len()) { third } else { best }
        };
        let sex = best.sex;
        let page = reread::reread_doubtful_rows(engine, best.page, &best.rows, &best.prepared, sex)?;
        self.sex = self.sex.or(sex);
        Ok(page)
    }

    /// The PDF's text layer; pages without one (scans) are read from their image by OCR.
    fn read_pdf_pages(&mut self, bytes: &[u8]) -> Result<(Vec<Page>, &'static str), ExtractError> {
        let mut pages = ht_ocr::pdf_text::read_pdf(bytes, MAX_PAGES)?;
        let scanned: Vec<u32> = pages.iter().filter(|p| p.words.is_empty()).map(|p| p.number).collect();
        if scanned.is_empty() {
            return Ok((pages, "text"));
        }
        self.sex = pages.iter().take(2).find_map(|p| detect_sex(&page_text_by_lines(p)));
        let images = ht_ocr::pdf_images::page_images(bytes, &scanned)?;
        for (number, image, kind) in images {
            if let Some(index) = pages.iter().position(|p| p.number == number) {
                pages[index] = self.ocr_page(&image, kind, number, true)?;
            }
        }
        let source = if scanned.len() == pages.len() { "ocr" } else { "mixed" };
        Ok((pages, source))
    }
}

/// One OCR reading of a page: its words, the image they were read from, the rows they make,
/// how many of those name a known test with a possible value, and Tesseract's mean confidence
/// in its words (0 to 100).
struct OcrReading {
    page: Page,
    prepared: Prepared,
    rows: Vec<LabRow>,
    known: usize,
    confidence: f32,
    /// The sex its rows were read with: the report's, as far as it is known.
    sex: Option<Sex>,
}

impl OcrReading {
    /// Whether this reading leaves nothing for another look to find: Tesseract was sure of its
    /// words ([`SURE`]) and every row it makes names a known test with a possible value, or
    /// there are none. The 200 dpi scans of `bench/scans.py` have pages of notes, and of one to
    /// four results, read so at their own size (confidence 85 to 96); reading each again
    /// enlarged and then unruled tripled its time and found nothing more; so did pages of notes
    /// in small print that make no rows at all ([`SURE_OF_NONE`]). So is a sure reading whose
    /// rows name no known test at all: a page of notes or of another table (labdata's Lal
    /// PathLabs pages 2, 3 and 5, confidence 89 to 92, one to seven such rows, read three times
    /// for the same rows, 9 to 13 s a page). A sure reading with some rows that make no sense
    /// is not settled: Lal PathLabs' page 1 (confidence 90.7) reads its method line whole only
    /// enlarged.
    fn settled(&self) -> bool {
        settled(self.known, self.rows.len(), self.confidence)
    }

    /// This reading's rows read again from its page for `sex`: once the report's sex is known,
    /// or once rows were borrowed into the page.
    fn read_rows(&mut self, sex: Option<Sex>) {
        self.rows = rows_from_page(&self.page, sex);
        self.known = known_count(&self.rows);
        self.sex = sex;
    }

    /// Whether this enlarged reading of a page is better than the `other` reading: more rows
    /// naming known tests, or as many and Tesseract not clearly less sure of its words.
    fn better_than(&self, other: &Self) -> bool {
        closer_is_better((self.known, self.confidence), (other.known, other.confidence))
    }
}

/// How many of `rows` name a known test with a possible value.
fn known_count(rows: &[LabRow]) -> usize {
    rows.iter().filter(|r| known_test(r).is_some()).count()
}

/// The rows of an OCR reading of `page`, read for the sex the report prints: `printed` by the
/// pages before, or else by this one; with that sex.
fn rows_for_sex(page: &Page, printed: Option<Sex>) -> (Vec<LabRow>, Option<Sex>) {
    let lines = PageLines::of(page);
    let sex = printed.or_else(|| detect_sex(&lines.text()));
    (lines.rows(sex), sex)
}

/// Whether a reading of a page with `rows` result rows, `known` of them naming a known test
/// with a possible value, of whose words Tesseract's mean confidence was `confidence`, leaves
/// nothing for another look (see [`OcrReading::settled`]).
fn settled(known: usize, rows: usize, confidence: f32) -> bool {
    (confidence >= SURE && (known == rows || known == 0)) || (rows == 0 && confidence >= SURE_OF_NONE)
}

/// Whether a closer reading of a page, (rows naming known tests, Tesseract's mean confidence),
/// is better than another: more such rows, or as many and a confidence not lower by more
/// than [`SURER`].
fn closer_is_better(closer: (usize, f32), other: (usize, f32)) -> bool {
    closer.0 > other.0 || (closer.0 == other.0 && closer.1 + SURER >= other.1)
}

/// How a page image is read, by the height of its letters (see [`Reader::ocr_page`]).
#[derive(Debug, PartialEq, Eq)]
enum Plan {
    /// At its own size, and enlarged as well when that reading falls short.
    NativeFirst,
    /// Enlarged, and at its own size as well when that reading falls short.
    EnlargedFirst,
    /// Enlarged only.
    EnlargedOnly,
}

impl Plan {
    fn for_letters(height: Option<f32>) -> Self {
        match height {
            Some(h) if h <= TINY_PRINT => Self::EnlargedOnly,
            Some(h) if h <= SMALL_PRINT => Self::EnlargedFirst,
            // Too few letters to measure: a page of little text, read as it came first.
            _ => Self::NativeFirst,
        }
    }
}

/// Reads `path` offline.
///
/// # Errors
/// When the file cannot be read, is too large, or is not a report we can read.
pub fn analyze(path: &Path) -> anyhow::Result<Analysis> {
    let bytes = std::fs::read(path).with_context(|| format!("could not read {}", path.display()))?;
    if bytes.len() as u64 > MAX_UPLOAD_BYTES {
        bail!("{} is larger than 10 MB", path.display());
    }
    Reader::new()
        .read(&bytes, &path.display().to_string())
        .map_err(|e| anyhow::anyhow!("This file could not be read: {}: {e}", path.display()))
}

/// The analysis of a report's `pages`. The sex is the one its first pages print, or else
/// `sex_read`: the one another OCR reading of them made out where the reading kept lost it
/// (`Sex:M,` at a photo's own size, `Sex: Mm` enlarged).
fn from_pages(label: &str, pages: &[Page], source: &'static str, sex_read: Option<Sex>) -> Analysis {
    // Each page's lines are found once, for its text and its rows, pages side by side.
    let (read, page_texts): (Vec<PageLines>, Vec<String>) = ht_reports::map_in_parallel(pages, |page| {
        let lines = PageLines::of(page);
        let text = lines.text();
        (lines, text)
    })
    .into_iter()
    .unzip();
    let header = page_texts.iter().take(2).map(String::as_str).collect::<Vec<_>>().join("\n");
    let sex = detect_sex(&header).or(sex_read);
    let age = detect_age(&header);
    // Some reports print the collection time only beside the results, pages in.
    let collected = detect_collected(&page_texts.join("\n"));
    let ocr = source != "text";
    let mut rows: Vec<(LabRow, bool)> = Vec::new();
    // Each page's rows are read on their own, side by side; they are put together in order.
    let page_rows = ht_reports::map_in_parallel(&read, |lines| lines.rows(sex));
    for (page, page_rows) in pages.iter().zip(page_rows) {
        let summary = page.words.iter().any(|w| w.text.eq_ignore_ascii_case("summary"));
        for row in page_rows {
            // The unit keeps "Nucleated Red Blood Cells %" and the absolute count apart; a
            // repeat printed without a unit is the same result (the one with the unit stays).
            let key = |r: &LabRow| (normalise(&r.name), r.value.text.to_lowercase());
            let this = key(&row);
            // So is the same test under another name with the same value, where one of the
            // two has no unit (LabCorp's NMR pages repeat `LDL-P  1246  nmol/L` as `LDL-P (LDL
            // Particle Number)  1246`, the unit in a header).
            let test = catalog::lookup(&row.name).map(|b| &b.key);
            let same = |r: &LabRow| {
                let same_test = test.is_some()
                    && r.value.text.eq_ignore_ascii_case(&row.value.text)
                    && catalog::lookup(&r.name).map(|b| &b.key) == test;
                (key(r) == this && r.unit == row.unit)
                    || ((key(r) == this || same_test) && (r.unit.is_none() || row.unit.is_none()))
            };
            // A result on a summary page and on its own page (after it) is the own page's: its
            // page is where the person finds it with its method and notes.
            match rows.iter().position(|(r, _)| same(r)) {
                None => rows.push((row, summary)),
                Some(i) if rows[i].0.unit.is_none() && row.unit.is_some() => rows[i] = (row, summary),
                Some(i) if rows[i].1 && !summary && (row.unit.is_some() || rows[i].0.unit.is_none()) => {
                    rows[i] = (row, summary);
                }
                Some(_) => {}
            }
        }
    }
    // A unit OCR misread (`ma/dl`) is put back once, before a summary page's rows are compared
    // with the others and before the unit is used to convert. (Rows are told apart above by
    // the units as read, which keeps a full page's row rather than a summary's.)
    if ocr {
        for (row, _) in &mut rows {
            mend_misread_with(row, true);
        }
        // A name of a letter or two, or of a few small letters, that the catalog does not know,
        // with a unit no lab prints and no reference, is page furniture or prose misread (`rr
        // 1  Ot`, `CJ  008  e` on the footers of a 150 dpi scan, `ote  25  er oy` from a note's
        // `Note:- ... 25(OH)` in a photo): tests are named in capitals or longer words. So is
        // one whose unit is no unit, whatever reference a line near it lent it (`ot  <2  ys
        // 34.0-46.6 %` among the axes of a trend chart).
        rows.retain(|(r, _)| {
            let letters = r.name.chars().filter(|c| c.is_alphabetic()).count();
            let unit = r.unit.as_deref();
            (letters > 2 && (letters > 4 || r.name.chars().any(char::is_uppercase)))
                || catalog::lookup(&r.name).is_some()
                || r.value.qualitative.is_some()
                || ((r.range.is_some() || r.range_text.is_some()) && unit.is_none())
                || unit.is_some_and(catalog::is_known_unit)
        });
    }
    // On a scan, units that differ only in case or spacing (`fl` and `fL`) are the same unit.
    let unit_key = |r: &LabRow| {
        let unit = r.unit.clone().unwrap_or_default();
        if ocr { unit.replace(' ', "").to_lowercase() } else { unit }
    };
    // A summary page that repeats results (perhaps under shorter names) must not double them.
    // On a scan the same name with the same value is the same result whatever OCR made of the
    // unit in each place (`g/d` on the summary, `g/dL` on the full page).
    let repeats = |a: &LabRow, b: &LabRow| {
        let (na, nb) = (normalise(&a.name), normalise(&b.name));
        a.value.text == b.value.text
            && ((ocr && na == nb)
                || (unit_key(a) == unit_key(b)
                    && na.len() >= 4
                    && nb.len() >= 4
                    && (na.starts_with(&nb[..4]) || nb.starts_with(&na[..4]))))
    };
    let keep: Vec<bool> = rows
        .iter()
        .map(|(r, summary)| !*summary || !rows.iter().any(|(o, other_summary)| !*other_summary && repeats(r, o)))
        .collect();
    let mut rows: Vec<LabRow> = rows.into_iter().zip(keep).filter(|(_, k)| *k).map(|((r, _), _)| r).collect();
    strip_footnote_letters(&mut rows);
    let mended = if ocr {
        let fused = flags_run_into_values(&mut rows);
        let points = put_back_points(&mut rows, sex, &fused);
        let points: Vec<Option<String>> = fused.into_iter().zip(points).map(|(f, p)| f.or(p)).collect();
        let related = mend_by_relations(&mut rows, &points);
        related.into_iter().zip(points).map(|(r, p)| r.or(p)).collect()
    } else {
        vec![None; rows.len()]
    };
    let rows = rows.into_iter().zip(mended).map(|(r, why)| enrich(r, ocr, sex, why)).collect();
    Analysis { file: label.to_string(), pages: pages.len(), sex, age, collected, rows, source }
}

/// The test the catalog knows `row` by, where its value is one the test can have.
pub(crate) fn known_test(row: &LabRow) -> Option<&'static Biomarker> {
    catalog::lookup_in_unit(&row.name, row.unit.as_deref()).filter(|b| value_possible(b, row))
}

/// Whether `row`'s value is one `biomarker` can have: a word (Negative), or a number possible
/// in the row's unit.
pub(crate) fn value_possible(biomarker: &Biomarker, row: &LabRow) -> bool {
    row.value.qualitative.is_some()
        || row.value.number.is_some_and(|v| biomarker.implausible(v, row.unit.as_deref()).is_none())
}

/// Whether `row`'s value, a whole number a test cannot have in `unit`, is one it can have with its
/// decimal point put back somewhere (`33` for albumin's 3.3), within three times of the printed
/// range and with at most one place more than its bounds (labs print a result to the places of
/// its range, or one more: `9000` beside `60-170` is no 90.00).
fn point_lost_possible(b: &Biomarker, row: &LabRow, unit: Option<&str>, printed: (Option<f64>, Option<f64>)) -> bool {
    let text = row.value.text.as_str();
    let Some(read) = row.value.number.filter(|_| text.chars().all(|c| c.is_ascii_digit())) else {
        return false;
    };
    let range_places = row.range_text.as_deref().map_or(2, |t| range_places(t).unwrap_or(0));
    let near = |v: f64| printed.0.is_none_or(|l| v >= l / 3.0) && printed.1.is_none_or(|h| v <= h * 3.0);
    let possible = |v: f64| b.implausible(v, unit).is_none();
    // (`points_put_back` gives the point after the first digit first: `k` digits before it
    // leave `len - k` after.)
    b.implausible(read, unit).is_some()
        && points_put_back(text).is_some_and(|places| {
            places
                .into_iter()
                .enumerate()
                .any(|(k, v)| text.len() - (k + 1) <= range_places + 1 && possible(v) && near(v))
        })
}

/// The most places of decimals the numbers of a printed reference carry (`4.50 - 5.50`: 2), or
/// `None` where it prints no number.
fn range_places(range_text: &str) -> Option<usize> {
    range_text
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .filter(|w| w.contains(char::is_numeric))
        // (A full stop after a number is none of its places: `11.7. 15.3`.)
        .map(|w| w.trim_matches('.').split_once('.').map_or(0, |(_, p)| p.len()))
        .max()
}

/// Whether `read`, in a unit's place, is read past knowing: no unit labs print, nor one
/// mended from it, nor one of `b`'s misread (`mode` for mg/dL). It then says which unit was
/// printed no more than a unit not read at all.
fn past_knowing(b: &Biomarker, read: &str) -> bool {
    !catalog::is_known_unit(read)
        && catalog::mend_unit(read).is_none()
        && b.mend_unit(read, None).is_none()
        && b.unit_misread(read, None).is_none()
}

/// A row read by OCR with its unit and name put back where OCR misread them: a unit misread
/// as such (`ma/dl`), a name misread in its strokes (`AIG Ratio`, `ApoAl`, a footnote digit
/// after it), and then a unit that lost its µ (`g/dL` for iron), was cut short (`g/d`), had
/// its percent sign read as a letter (`j`), or was read as no unit at all a few letters from
/// one of the test's (`gid`): none the test is measured in.
pub(crate) fn mend_misread(row: &mut LabRow) {
    mend_misread_with(row, false);
}

/// [`mend_misread`], and, where `further`, a name misread past its limits put back by the
/// test whose usual reference the row prints ([`catalog::misread_name_beside_its_reference`]).
/// That is done once, on the rows kept: asked while a page's readings are judged, it made a
/// row whose name a closer look reads whole (`Aspi` over `spartate Aminotransferase
/// (AST/SGOT)`) look sensible, and the closer look was not taken.
fn mend_misread_with(row: &mut LabRow, further: bool) {
    if let Some(name) = catalog::mend_misread_name(&row.name) {
        row.name = name;
    }
    // A name known by one part whose other parts a photo misread further (`Free Thytooine
    // (FT4)`): put back from that test's own names.
    if let Some(name) = catalog::misread_words_of_known_test(&row.name) {
        row.name = name;
    }
    // A name misread further, where the rest of the row says which test it is: its unit one of
    // the test's, as read or mended, and its value one the test can have (`Magnesmum  2.5
    // mg/dL`, `Bron  212  µg/dL`), where the catalog does not know it as read.
    // Also where the value only lost its point (`Ajburnin  33  grvdL  Male: 3.5-5.2`), or no
    // unit was read but the printed range is the test's usual one (`Hemogioten Alc  51  Non
    // Diabetic : 4.0-5.6`).
    let printed = row.range.as_ref().map_or((None, None), |r| (r.low, r.high));
    let fits = |b: &Biomarker| {
        let range_usual = (printed.0.is_some() || printed.1.is_some())
            && range_far_from_usual(b, row.unit.as_deref(), None, printed.0, printed.1).is_none();
        // (A unit read past knowing, `mode`, says as little as none.)
        let none_read = (b.unit.is_empty() && row.value.qualitative.is_some()) || (range_usual && !b.unit.is_empty());
        // (A unit mended for the value as read, or, for one that lost its point, for any; or
        // one of the test's cut short or misread past mending, `ay` for a percentage's `%`.)
        let unit = |value: Option<f64>| match row.unit.as_deref() {
            Some(u) => {
                b.measured_in(u)
                    || b.mend_unit(u, value).is_some()
                    || b.unit_misread(u, value).is_some()
                    || (past_knowing(b, u) && none_read)
            }
            None => none_read,
        };
        (unit(row.value.number) && value_possible(b, row))
            || (unit(None) && {
                // (Judged in the unit as mended: one read past knowing, `grvdL`, judges nothing.)
                let read = row.unit.as_deref();
                let mended = read.filter(|u| !b.measured_in(u)).and_then(|u| b.mend_unit(u, None));
                point_lost_possible(b, row, mended.as_deref().or(read), printed)
            })
    };
    // Misread further still (`Owect Bilirubin  0.13  mg/dL  0.00-0.30`), where the printed
    // reference is also the test's usual one, in the unit read (as the test's, or mended to
    // it) or, where none was read or what was read is no unit (`mode`), its own; or, for a
    // test read as a word, a reference that is a word too (`Ketone Boches  Absent  Negative`).
    let reference_fits = |b: &Biomarker| {
        let unit = match row.unit.as_deref() {
            Some(u) if b.measured_in(u) => Some(u.to_string()),
            Some(u) if past_knowing(b, u) => Some(b.unit.clone()),
            Some(u) => b.mend_unit(u, row.value.number),
            None => Some(b.unit.clone()),
        };
        // (A test read as a word, beside a reference that is a word: `Ketone Boches  Absent
        // Negative`.)
        let words = b.unit.is_empty()
            && row.value.qualitative.is_some()
            && row.range.as_ref().is_some_and(|r| r.qualitative.is_some());
        (words || unit.is_some_and(|u| b.bounds_fit(&u, printed.0, printed.1))) && fits(b)
    };
    // Or one whose last letter or digits a scan lost (`25-OH Vitamin :`, `FT`), where the
    // reference says which of the names that go on from it the test is.
    if let Some(name) = catalog::misread_name_fitting(&row.name, fits)
        .or_else(|| further.then(|| catalog::misread_name_beside_its_reference(&row.name, reference_fits)).flatten())
        .or_else(|| further.then(|| catalog::name_that_lost_its_end(&row.name, reference_fits)).flatten())
    {
        row.name = name;
    }
    let number = row.value.number;
    let biomarker = catalog::lookup(&row.name);
    // A unit misread in its cell and printed whole after the reference (`24  g/d  2.0-3.5
    // g/dL`) is the reference's, whatever the value as read would fit: a value whose point was
    // lost (24 for 2.4) made `g/d` read as g/L.
    let printed_after = biomarker.and_then(|b| unit_after_reference(b, row.range_text.as_deref()?));
    let mended = row.unit.as_deref().and_then(|read| match (biomarker, printed_after) {
        (Some(b), Some(after))
            if !b.measured_in(read)
                && [b.mend_unit(read, None), b.unit_misread(read, None)]
                    .iter()
                    .flatten()
                    .any(|u| catalog::normalise_unit(u) == catalog::normalise_unit(&after)) =>
        {
            // (Spelt as the cell's reading mends, where that is the reference's unit spelt
            // otherwise: `gmvdt` beside `6.4 to 8.3 g/dL`, the reference's `m` lost, is gm/dL.)
            let spelt =
                b.mend_unit(read, None).filter(|u| catalog::normalise_unit(u) == catalog::normalise_unit(&after));
            spelt.or(Some(after))
        }
        (Some(b), _) => b.mend_unit_beside(read, number, row.range.as_ref().map_or((None, None), |r| (r.low, r.high))),
        (None, _) => catalog::mend_unit(read),
    });
    if let Some(unit) = mended {
        row.unit = Some(unit);
    }
    let Some(b) = biomarker else { return };
    // (`Biomarker::mend_unit` has tried `unit_read_as` on the reading already.)
    if let Some(unit) = row.unit.as_deref().and_then(|u| b.unit_missing_prefix(u).or_else(|| b.unit_misread(u, number)))
    {
        row.unit = Some(unit);
    }
    // A unit read with a speck or a stray word beside it (`_me/dt ee`, `= gid`, `=: UL`,
    // `~=—s« UL`, the shadow of a rule read before it): its first word that is, or mends to, a
    // unit of the test.
    if let Some(read) = row.unit.as_deref()
        && !b.measured_in(read)
        && let Some(unit) = read
            .split_whitespace()
            .map(|w| w.trim_matches(['_', '\u{2014}', '-', '~', '=']))
            .filter(|w| !w.is_empty() && w.len() < read.trim().len())
            .find_map(|w| own_unit(b, w, number))
    {
        row.unit = Some(unit);
    }
    // The unit printed again after the reference (`M: (36 - 54) F: (40 - 60) mg/dt`), where the
    // unit's own cell was read as no unit of the test (`meydiL`) or not at all: the reference's
    // last word, when that is, or mends to, one of the test's units.
    if row.unit.as_deref().is_none_or(|u| !b.measured_in(u))
        && let Some(last) = row.range_text.as_deref().and_then(word_after_reference)
        && let Some(unit) = own_unit(b, last, number)
    {
        row.unit = Some(unit);
    }
    // Or printed in the reference after its first tier (`Male: 1.6 - 2.6 mg/dL; Female: ...`),
    // exactly as one of the test's units.
    if row.unit.as_deref().is_none_or(|u| !b.measured_in(u))
        && let Some(unit) = row.range_text.as_deref().and_then(|r| unit_inside_reference(b, r))
    {
        row.unit = Some(unit);
    }
    // A unit whose first stroke a photo lost (`U/L`), printed whole in the reference (`M: 40
    // to 129 IU/L  F: ...`): the reference's. Both are units of the test; the print decides.
    if let Some(read) = row.unit.as_deref()
        && let Some(whole) = row.range_text.as_deref().and_then(|r| {
            r.split_whitespace()
                .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
                .find(|w| w.strip_prefix('I').is_some_and(|rest| rest.eq_ignore_ascii_case(read) && rest.contains('/')))
        })
        && b.measured_in(whole)
    {
        row.unit = Some(whole.to_string());
    }
    // A unit misread past any unit's shape (`mgd`, `movdl`, `mEQt`, `id`, `nya`) beside a
    // printed reference that is the test's usual one in one of its units, with any points a
    // scan lost put back (phosphorus `mgt` beside `25-45`): that unit, where the reading is no
    // further from it than a unit column allows ([`Biomarker::unit_in_its_column`]) and the
    // value, as read or with a point it lost (`33`), can be in it. (Not a flag or a sex's label
    // in the unit's place, `Haigh`, `Mer.`: they start otherwise and read as such a word
    // ([`catalog::misread_label`]), or are no nearer.)
    let possible = |unit: &str| {
        let fits = |v: f64| b.implausible(v, Some(unit)).is_none();
        number.is_none_or(|v| fits(v) || (v.fract() == 0.0 && fits(v / 10.0)))
    };
    if let Some(read) = row.unit.as_deref()
        && !b.measured_in(read)
        && catalog::mend_unit(read).is_none()
        && let Some(range) = row.range.as_ref()
        && let bounds = range_with_points(b, row, None).map_or((range.low, range.high), |(l, h, _)| (Some(l), Some(h)))
        && let Some(unit) = b.unit_in_its_column(read, row.value.number, bounds)
        && (first_letter(read) == first_letter(&unit) || !catalog::misread_label(read))
        && possible(&unit)
    {
        row.unit = Some(unit);
    }
    // A unit labs print, but not for this test, a letter short of one of the test's (a photo's
    // `mg/L` for cholesterol's `mg/dL`, a speck before it or not), where the printed reference
    // is the test's usual one in that unit and the value can be in it: the letter was lost.
    let lost_letter = |read: &str, unit: &str| {
        // (A micro sign read as a `u` is no letter lost: `ug/L` for iron's `µg/dL`.)
        let micro = |u: &str| u.to_lowercase().replace(['\u{b5}', '\u{3bc}'], "u");
        let (read, unit) = (micro(read.trim_start_matches(['_', '-', '~', '=', ' '])), micro(unit));
        unit.char_indices().any(|(i, c)| format!("{}{}", &unit[..i], &unit[i + c.len_utf8()..]) == read)
    };
    if let Some(read) = row.unit.as_deref()
        && !b.measured_in(read)
        && let Some(range) = row.range.as_ref()
        && let Some(unit) =
            b.units().find(|u| lost_letter(read, u) && b.bounds_fit(u, range.low, range.high) && possible(u)).cloned()
    {
        row.unit = Some(unit);
    }
}

/// The first letter of a unit, in small letters, a micro sign as `u`.
fn first_letter(unit: &str) -> Option<char> {
    let first = unit.chars().find(|c| c.is_alphabetic())?;
    Some(if first == '\u{b5}' || first == '\u{3bc}' { 'u' } else { first.to_ascii_lowercase() })
}

/// The word printed after the last number of a reference (`g/dL` in `2.0-3.5 g/dL`), when it
/// has a letter.
fn word_after_reference(reference: &str) -> Option<&str> {
    let (_, tail) = reference.rsplit_once(|c: char| c.is_ascii_digit())?;
    let last = tail.split_whitespace().last()?.trim_matches(|c: char| !c.is_alphanumeric() && c != '%');
    last.chars().any(char::is_alphabetic).then_some(last)
}

/// A word of a reference that is one of `b`'s units as printed (`mg/dL` in `Male: 1.6 - 2.6
/// mg/dL; Female: 1.4 - 2.3`), its stops and colons aside; the first such word.
fn unit_inside_reference(b: &Biomarker, reference: &str) -> Option<String> {
    reference
        .split_whitespace()
        .map(|w| w.trim_end_matches([';', ':', ',', '.', ')']).trim_start_matches('('))
        .find(|w| w.chars().count() >= 2 && w.contains(char::is_alphabetic) && printed_unit_of(b, w))
        .map(str::to_string)
}

/// Whether `word` is one of `b`'s units, not one that compares as nothing (a stray mark).
fn printed_unit_of(b: &Biomarker, word: &str) -> bool {
    b.measured_in(word) && !catalog::normalise_unit(word).is_empty()
}

/// The unit of `b` printed after the last number of a reference, as printed.
fn unit_after_reference(b: &Biomarker, reference: &str) -> Option<String> {
    let last = word_after_reference(reference)?;
    printed_unit_of(b, last).then(|| last.to_string())
}

/// The unit of `b` a reading is, or mends to ([`Biomarker::mend_unit`], then
/// [`Biomarker::unit_misread`]: `mg/d` is mg/dL).
fn own_unit(b: &Biomarker, read: &str, number: Option<f64>) -> Option<String> {
    let unit = b.mend_unit(read, number).or_else(|| b.unit_misread(read, number)).unwrap_or_else(|| read.to_string());
    printed_unit_of(b, &unit).then_some(unit)
}

/// Scanned results that do not fit the relations between them (MCV, MCH and MCHC; eAG from
/// HbA1c; a count from WBC and its percentage; lipid ratios) with one digit or decimal point
/// put back where exactly one misreading explains it (see `catalog::derived`). Gives, for each
/// row, why its value was changed.
fn mend_by_relations(rows: &mut [LabRow], points: &[Option<String>]) -> Vec<Option<String>> {
    let mut at = Vec::new();
    let mut readings = Vec::new();
    for (i, r) in rows.iter().enumerate() {
        let Some(biomarker) = catalog::lookup_in_unit(&r.name, r.unit.as_deref()) else { continue };
        // A value whose point was put back ([`put_back_points`]) takes part as mended, and is
        // not mended again.
        let (number, mendable) = match r.value.number {
            Some(n) if r.value.qualifier.is_none() => (n, points[i].is_none()),
            _ => continue,
        };
        // A unit OCR garbled (`b` for `%`) is taken as the test's own unit when the value is
        // plausible in it; a value that is not (haemoglobin 130, in g/L) takes no part.
        let unit = match r.unit.as_deref() {
            Some(u) if biomarker.to_canonical(number, Some(u)).is_none() => {
                if biomarker.implausible(number, None).is_some() || biomarker.plausible.is_none() {
                    continue;
                }
                None
            }
            u => u,
        };
        at.push(i);
        readings.push(derived::Reading { biomarker, text: &r.value.text, number, unit, mendable });
    }
    let mends = derived::mend_by_relations(&readings);
    let mut why = vec![None; rows.len()];
    for mend in mends {
        rows[at[mend.index]].value.number = Some(mend.number);
        why[at[mend.index]] = Some(mend.reason);
    }
    why
}

/// Words a lone capital letter completes as part of a test's name (`Vitamin D`, `Hepatitis B`).
const LETTER_NAMES: &[&str] = &[
    "vitamin",
    "hepatitis",
    "protein",
    "lipoprotein",
    "apolipoprotein",
    "apo",
    "immunoglobulin",
    "ig",
    "factor",
    "type",
    "group",
    "complement",
    "influenza",
    "strep",
    "antigen",
    "antibody",
];

/// A footnote letter after many names (LabCorp prints the performing lab's letter, `HDL-C A`
/// ... `01`, with the code far right): a lone capital ending three or more names of the report
/// is dropped from each, unless the word before it takes a letter (`Vitamin D`).
fn strip_footnote_letters(rows: &mut [LabRow]) {
    let letter = |name: &str| -> Option<char> {
        let (head, last) = name.trim_end().rsplit_once(' ')?;
        let mut chars = last.chars();
        let c = chars.next().filter(|c| c.is_ascii_uppercase() && chars.next().is_none())?;
        let before = head.split(|ch: char| !ch.is_alphanumeric()).rfind(|w| !w.is_empty())?.to_lowercase();
        (!LETTER_NAMES.contains(&before.as_str())).then_some(c)
    };
    let marks: Vec<Option<char>> = rows.iter().map(|r| letter(&r.name)).collect();
    for (row, mark) in rows.iter_mut().zip(&marks) {
        if mark.is_some_and(|m| marks.iter().filter(|&&other| other == Some(m)).count() >= 3) {
            let cut = row.name.trim_end().len() - 1;
            row.name = row.name[..cut].trim_end().to_string();
        }
    }
}

fn normalise(name: &str) -> String {
    name.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_lowercase()
}

/// `high`, `low`, `positive` or none: the printed flag, else the value against its range.
fn flag_of(row: &LabRow) -> Option<&'static str> {
    let range = row.range.as_ref();
    if let (Some(q), Some(r)) = (row.value.qualitative, range.and_then(|r| r.qualitative)) {
        return (is_positive_result(q) && is_negative_result(r)).then_some("positive");
    }
    match row.flag {
        Some(Flag::High) => return Some("high"),
        Some(Flag::Low) => return Some("low"),
        _ => {}
    }
    let (v, r) = (row.value.number?, range?);
    // A value beyond what the assay measures (`<5`) is outside the range only if all it may
    // be is: `<5` against `<5` or `0-10` is not high, against `10-40` it is low.
    match row.value.qualifier {
        Some(Qualifier::Less) => return r.low.is_some_and(|l| v <= l).then_some("low"),
        Some(Qualifier::LessOrEqual) => return r.low.is_some_and(|l| v < l).then_some("low"),
        Some(Qualifier::Greater) => return r.high.is_some_and(|h| v >= h).then_some("high"),
        Some(Qualifier::GreaterOrEqual) => return r.high.is_some_and(|h| v > h).then_some("high"),
        None => {}
    }
    // A bound printed with `<` or `>` is itself outside (`> 0.40` flags 0.40).
    if r.high.is_some_and(|h| v > h || (r.high_exclusive && v == h)) {
        Some("high")
    } else if r.low.is_some_and(|l| v < l || (r.low_exclusive && v == l)) {
        Some("low")
    } else {
        None
    }
}

/// A value judged against a reference split by sex on a report whose sex is not known
/// (`Male : 65 - 175 ; Female : 50 - 170`): flagged only where it is outside the ranges of
/// both (`40` is low for either), and its severity measured from the wider bound, so it is
/// never graver than the person's own range would make it. Gives the bounds judged against
/// and the flag; `None` when the row has no such reference.
fn both_sexes(row: &LabRow) -> Option<(Option<f64>, Option<f64>, Option<&'static str>)> {
    let (male, female) = sex_ranges(row.range_text.as_deref()?)?;
    let flag = |r: &RefRange| flag_of(&LabRow { range: Some(r.clone()), ..row.clone() });
    let agreed = Some(flag(&male)).filter(|f| *f == flag(&female)).flatten();
    let wider = |a: Option<f64>, b: Option<f64>, pick: fn(f64, f64) -> f64| Some(pick(a?, b?));
    Some((wider(male.low, female.low, f64::min), wider(male.high, female.high, f64::max), agreed))
}

/// Why a scanned reference range may have lost its decimal points: whole-number bounds the
/// value misses, when the bounds a tenth as large would hold it (`3.5` against `15-41`, which
/// the paper prints `1.5-4.1`). The row's flag stands; the person is asked to check it.
pub(crate) fn range_lost_point(value: f64, low: f64, high: f64) -> Option<String> {
    let whole = |x: f64| x.fract() == 0.0 && x >= 10.0;
    let outside = value < low || value > high;
    let fits_tenth = value >= low / 10.0 && value <= high / 10.0;
    (whole(low) && whole(high) && outside && fits_tenth).then(|| {
        format!(
            "the reference range reads {low}-{high}, which may be {}-{} with its decimal points lost in the scan; check the report",
            low / 10.0,
            high / 10.0
        )
    })
}

/// A scanned range whose decimal points were lost, put back. Both bounds (`15-41` lakhs for
/// `1.5-4.1`): when both whole-number bounds are far from the test's usual ones
/// ([`range_far_from_usual`]), a tenth of them is not, and the value fits that tenth
/// ([`range_lost_point`]); three readings agree. Or each bound alone (RDW `11.6-140`, total
/// protein `64-83` beside a low 5.9): a whole-number bound no person's result can reach
/// (beyond the test's plausible range) whose tenth it can, when the range so mended is near
/// the usual one and the value is possible. First, a range from a negative bound no result can
/// be loses its minus ([`range_without_minus`]). The range taken is given with the reason the
/// row asks for review; the range as read stays in its text. Anything else leaves the range as
/// read.
pub(crate) fn range_with_points(biomarker: &Biomarker, row: &LabRow, sex: Option<Sex>) -> Option<(f64, f64, String)> {
    let range = row.range.as_ref()?;
    let (low, high) = (range.low?, range.high?);
    // (A unit read as none of the test's, `dis` for mg/dL, is judged as the test's own: judged
    // as unknown, nothing was, and Magnesium 2.7 was flagged low against `16-26`.)
    let unit = unit_judged(biomarker, row);
    if let Some(mended) = range_without_minus(biomarker, unit, low, high) {
        return Some(mended);
    }
    let value = row.value.number?;
    // (Or the lab flagged the value high, and it is above the tenth's high bound: prothrombin
    // time `14.2 High` beside `110-135`, which as read has it below its low bound. The range as
    // read must be far from the usual one and its tenth near it, as below.)
    let flagged_past_tenth = row.flag == Some(Flag::High) && value > high / 10.0;
    let (tenth_low, tenth_high) = if range_lost_point(value, low, high).is_some() || flagged_past_tenth {
        range_far_from_usual(biomarker, unit, sex, Some(low), Some(high))?;
        (low / 10.0, high / 10.0)
    } else {
        let impossible = |x: f64| biomarker.implausible(x, unit).is_some();
        let tenth = |x: f64| {
            if x.fract() == 0.0 && x >= 10.0 && impossible(x) && !impossible(x / 10.0) { x / 10.0 } else { x }
        };
        let mended = (tenth(low), tenth(high));
        if mended == (low, high) || mended.0 > mended.1 || impossible(value) {
            return None;
        }
        mended
    };
    if range_far_from_usual(biomarker, unit, sex, Some(tenth_low), Some(tenth_high)).is_some() {
        return None;
    }
    Some((
        tenth_low,
        tenth_high,
        format!(
            "the reference range reads {low}-{high}; its decimal points were lost in the scan, so it is taken as {tenth_low}-{tenth_high}; check the report"
        ),
    ))
}

/// A scanned range from a negative number no result of the test can be (potassium `-3.5-5.1`):
/// a speck or the end of a rule before the range was read as a minus. The low bound without it,
/// when that is possible and below the high one; the reason the row asks for review.
fn range_without_minus(biomarker: &Biomarker, unit: Option<&str>, low: f64, high: f64) -> Option<(f64, f64, String)> {
    let impossible = |x: f64| biomarker.implausible(x, unit).is_some();
    (low < 0.0 && -low < high && impossible(low) && !impossible(-low)).then(|| {
        (
            -low,
            high,
            format!(
                "the reference range reads {low}-{high}; {} cannot be negative, so the minus is taken as a mark on the scan and the range as {}-{high}; check the report",
                biomarker.name, -low
            ),
        )
    })
}

/// Why a reference range read by OCR is likely misread: a limit a quarter or less, or four
/// times or more, the test's usual one in the printed unit (a dropped digit or decimal point:
/// cholesterol `up to 20`, platelets `15-41` lakhs for `1.5-4.1`). Limits of zero, and tests
/// or units without a usual range, are not judged.
pub(crate) fn range_far_from_usual(
    biomarker: &Biomarker,
    unit: Option<&str>,
    sex: Option<Sex>,
    low: Option<f64>,
    high: Option<f64>,
) -> Option<String> {
    let (usual_low, usual_high) = biomarker.default_range_in(unit, sex)?;
    let far = |printed: Option<f64>, usual: Option<f64>| match (printed, usual) {
        (Some(p), Some(u)) if p > 0.0 && u > 0.0 => !(0.25..4.0).contains(&(p / u)),
        _ => false,
    };
    (far(low, usual_low) || far(high, usual_high)).then(|| {
        let shown = |x: Option<f64>| x.map_or_else(String::new, |x| x.to_string());
        format!(
            "the reference range reads {}-{}, far from the usual {}-{} for {}; it may be misread in the scan, so any flag was worked out from the usual range; check the report",
            shown(low),
            shown(high),
            shown(usual_low),
            shown(usual_high),
            biomarker.name
        )
    })
}

/// Scanned whole numbers that lost their decimal point, put back: a leading zero (`076`,
/// [`leading_zero_point`]), a gap where the point stood (`45 1`, [`lost_point`]), or a number
/// no person can have for the test (haematocrit `385`, [`Biomarker::point_lost`], judged
/// against the printed range unless that range is itself misread, else the usual one), or a
/// whole number far above a range printed with decimals ([`value_lost_point`]). Rows
/// read apart from their flag already (`fused`, [`flags_run_into_values`]) are left. Gives,
/// for each row, why its value was changed; the value as read stays in its text.
fn put_back_points(rows: &mut [LabRow], sex: Option<Sex>, fused: &[Option<String>]) -> Vec<Option<String>> {
    rows.iter_mut()
        .zip(fused)
        .map(|(row, fused)| {
            if fused.is_some() {
                return None;
            }
            let spaced = || {
                let number = lost_point(&row.value.text)?;
                let reason = format!(
                    "the result reads {} with a gap where its decimal point stands; it is taken as {number}; check the report",
                    row.value.text
                );
                Some((number, reason))
            };
            let thousands = || thousands_point(row);
            let (number, reason) = leading_zero_point(&row.value.text).or_else(spaced).or_else(thousands).or_else(|| {
                let biomarker = catalog::lookup_in_unit(&row.name, row.unit.as_deref())?;
                let printed = row.range.as_ref().map_or((None, None), |r| (r.low, r.high));
                // No unit read, or none of the test's (`gc`): the one the printed range is the
                // test's usual range in, where that is one (`Globulin  27  2.0 to 3.5` is in
                // g/dL, where 27 is impossible, not g/L, where it is not).
                let by_range = unit_of_range(biomarker, printed);
                let unit = unit_judged(biomarker, row).or(by_range.as_deref());
                if value_near_its_range(biomarker, row.value.text.parse().ok(), printed, sex) {
                    return None;
                }
                let range = if (printed.0.is_some() || printed.1.is_some())
                    && range_far_from_usual(biomarker, unit, sex, printed.0, printed.1).is_none()
                {
                    printed
                } else {
                    biomarker.default_range_in(unit, sex).unwrap_or((None, None))
                };
                let side = match row.flag {
                    Some(Flag::Low) => Some(std::cmp::Ordering::Less),
                    Some(Flag::High) => Some(std::cmp::Ordering::Greater),
                    _ => None,
                };
                let number = biomarker.point_lost_flagged(&row.value.text, unit, range, side)?;
                let reason = format!(
                    "the result reads {}, which is not possible for {}; with its decimal point put back it is {number}; check the report",
                    row.value.text, biomarker.name
                );
                Some((number, reason))
            })
            .or_else(|| {
                let number = point_lost_against_flag(row)?;
                let reason = format!(
                    "the result reads {}, above its reference range though the report flags it low; with its decimal point put back it is {number}; check the report",
                    row.value.text
                );
                Some((number, reason))
            })
            .or_else(|| value_lost_point(row))?;
            row.value.number = Some(number);
            if let Some(unit) = unit_of_point_put_back(row) {
                row.unit = Some(unit);
            }
            Some(reason)
        })
        .collect()
}

/// The unit of a row whose value had its point put back, where the unit it has was mended for
/// the number as read and does not hold the number now: the one unit the printed range is the
/// test's usual range in ([`unit_of_range`]), where the number is possible. MCHC `335` beside
/// `31.5-34.5` had its `g/dL` (read `git`) taken for g/L, where 335 is possible and 33.5 is
/// not.
fn unit_of_point_put_back(row: &LabRow) -> Option<String> {
    let biomarker = catalog::lookup_in_unit(&row.name, row.unit.as_deref())?;
    let number = row.value.number?;
    biomarker.implausible(number, row.unit.as_deref())?;
    let range = row.range.as_ref()?;
    let unit = unit_of_range(biomarker, (range.low, range.high))?;
    biomarker.implausible(number, Some(&unit)).is_none().then_some(unit)
}

/// A result whose thousands separator OCR read as a decimal point (`1.039` for `1,039` pg/mL):
/// one to three digits, a point and three more, which the test cannot have as read and can
/// without the point, in the unit read. Gives the number and why it was taken.
fn thousands_point(row: &LabRow) -> Option<(f64, String)> {
    let (whole, fraction) = row.value.text.split_once('.')?;
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if !(digits(whole) && whole.len() <= 3 && fraction.len() == 3 && digits(fraction)) {
        return None;
    }
    let biomarker = catalog::lookup_in_unit(&row.name, row.unit.as_deref())?;
    let unit = row.unit.as_deref();
    let number: f64 = format!("{whole}{fraction}").parse().ok()?;
    let read = row.value.number?;
    (biomarker.implausible(read, unit).is_some() && biomarker.implausible(number, unit).is_none()).then(|| {
        let reason = format!(
            "the result reads {}, which is not possible for {}; read with a thousands comma it is {number}; check the report",
            row.value.text, biomarker.name
        );
        (number, reason)
    })
}

/// The one unit (in any spelling) of `biomarker` in which `printed` bounds are its usual ones
/// ([`Biomarker::bounds_fit`]), if exactly one is.
fn unit_of_range(biomarker: &Biomarker, printed: (Option<f64>, Option<f64>)) -> Option<String> {
    if printed.0.is_none() && printed.1.is_none() {
        return None;
    }
    let fitting: Vec<&String> = biomarker.units().filter(|u| biomarker.bounds_fit(u, printed.0, printed.1)).collect();
    let factor = |u: &str| biomarker.to_canonical(1.0, Some(u));
    let first = fitting.first()?;
    fitting.iter().all(|u| factor(u) == factor(first)).then(|| (*first).clone())
}

/// The value of a row the lab flagged low that was read above its printed range (`105`
/// beside 11.0-13.5, flagged `L`: 10.5 with its point lost), with its decimal point put back:
/// the one place that puts it below the range, within twice its low bound. A lost point only
/// makes a number larger, so a value flagged high read below its range is no such reading.
fn point_lost_against_flag(row: &LabRow) -> Option<f64> {
    let range = row.range.as_ref()?;
    let (low, high) = (range.low?, range.high?);
    let read: f64 = row.value.text.parse().ok()?;
    if row.flag != Some(Flag::Low) || read <= high || low <= 0.0 {
        return None;
    }
    let mut places = points_put_back(&row.value.text)?.into_iter().filter(|&v| v < low && low / v <= 2.0);
    match (places.next(), places.next()) {
        (Some(v), None) => Some(v),
        _ => None,
    }
}

/// Whether a reading is of its printed range's size (within three times of it either way), and
/// that range is the test's usual one in one of its units (`80-200`, total T3 in ng/dL): the
/// number and the range are as printed, whatever unit was read beside them (`ng/mL`), and no
/// decimal point was lost (that makes a number ten times or more what it was): T3 `186` or
/// `48` beside `80-200`. (A range that lost its points with the value, haematocrit `385` in
/// `360-460`, is usual in no unit.)
fn value_near_its_range(
    biomarker: &Biomarker,
    read: Option<f64>,
    printed: (Option<f64>, Option<f64>),
    sex: Option<Sex>,
) -> bool {
    let (Some(read), (Some(low), Some(high))) = (read, printed) else { return false };
    (low / 3.0..=high * 3.0).contains(&read)
        && biomarker.units().any(|u| range_far_from_usual(biomarker, Some(u), sex, Some(low), Some(high)).is_none())
}

/// Scanned values that ran into their flag, OCR reading an `L` as a `1` (`2.4 L` read `2.41`,
/// `36.7 L` read `36.71`) or an `H` as a `4` (`20 H` read `204`): on a page that prints flags
/// (two rows or more read one), a row read with none whose value, with that last digit
/// dropped, is on the flag's side of its printed range. A lab flags such a value; its flag is
/// the digit. Only a decimal of two places or more ending in `1`, a decimal ending in `4` with
/// a place more than its printed range's bounds have (`5.67 H` read `5.674` beside `4.50 -
/// 5.50`: labs print a result to the places of its range, or fewer), or a whole number the
/// test cannot have (whose decimal point, if it needs one, [`Biomarker::point_lost`] puts back:
/// `2.4 L` read `241`), is taken so. The value without the digit is taken, flagged, and the
/// row asks for review; the value as read stays in its text. Gives, for each row, why its
/// value was changed.
fn flags_run_into_values(rows: &mut [LabRow]) -> Vec<Option<String>> {
    let flagged = rows.iter().filter(|r| matches!(r.flag, Some(Flag::High | Flag::Low))).count();
    rows.iter_mut()
        .map(|row| {
            if flagged < 2 || row.flag.is_some() || row.value.qualifier.is_some() {
                return None;
            }
            let (number, flag, reason) = flag_read_before_value(row).or_else(|| flag_read_after_value(row))?;
            row.value.number = Some(number);
            row.flag = Some(flag);
            Some(reason)
        })
        .collect()
}

/// A scanned value run into its flag after it, OCR reading an `L` as a `1` or an `H` as a `4`
/// ([`flags_run_into_values`] says which are taken so). Gives the value without that digit, its
/// flag and why; the value as read stays in its text.
fn flag_read_after_value(row: &LabRow) -> Option<(f64, Flag, String)> {
    let text = row.value.text.as_str();
    let (low, high) = row.range.as_ref().map_or((None, None), |r| (r.low, r.high));
    let (kept, flag) = match text.strip_suffix('1') {
        Some(kept) => (kept, Flag::Low),
        None => (text.strip_suffix('4')?, Flag::High),
    };
    let places = |t: &str| t.split_once('.').map_or(0, |(_, p)| p.len());
    let range_places = row.range_text.as_deref().and_then(range_places);
    let decimal = places(kept) > 0
        && match flag {
            Flag::Low => true,
            _ => range_places.is_some_and(|p| places(text) == p + 1),
        };
    let number = if decimal {
        kept.parse::<f64>().ok()?
    } else {
        if kept.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let biomarker = catalog::lookup_in_unit(&row.name, row.unit.as_deref())?;
        let unit = unit_judged(biomarker, row);
        biomarker.implausible(text.parse().ok()?, unit)?;
        // (Nor one its decimal point, put back to the places its range prints, puts
        // inside its range, which no lab flags: INR `114` beside 0.80-1.20 is 1.14, not
        // 11 and a flag; ESR `204` beside 0-15 is no 2.04.)
        if let (Some(l), Some(h), Some(places)) = (low, high, range_places)
            && (1..=places.min(text.len() - 1)).any(|p| {
                let (whole, fraction) = text.split_at(text.len() - p);
                format!("{whole}.{fraction}").parse::<f64>().is_ok_and(|v| (l..=h).contains(&v))
            })
        {
            return None;
        }
        match kept.parse::<f64>().ok()? {
            n if biomarker.implausible(n, unit).is_none() => n,
            _ => biomarker.point_lost(kept, unit, (low, high))?,
        }
    };
    let beyond = match flag {
        Flag::Low => low.is_some_and(|l| number < l),
        _ => high.is_some_and(|h| number > h),
    };
    if !beyond {
        return None;
    }
    let (letter, side) = if flag == Flag::Low { ("L", "low") } else { ("H", "high") };
    let reason = format!(
        "the result reads {text}, which is {number} with its {letter} flag run into it; it is taken as {number}, {side}; check the report"
    );
    Some((number, flag, reason))
}

/// A scanned whole number over three times its printed reference's upper bound that, with a
/// decimal point at the places the reference prints, is within twice it (`51` beside `<= 5.0`:
/// 5.1): its point was lost. Labs print a result to the places of its range, so a whole
/// number beside a range with decimals is a reading short of its point; put back, it is
/// near the range, where the number as read is not. Gives the number with its point put back
/// and why; the value as read stays in its text, and the row asks for review.
fn value_lost_point(row: &LabRow) -> Option<(f64, String)> {
    let text = row.value.text.as_str();
    let places = range_places(row.range_text.as_deref()?)?;
    // (The point put back `places` from the end; a number with none is no nearer.)
    let pointed = *points_put_back(text)?.get(text.len().checked_sub(places + 1)?)?;
    let high = row.range.as_ref()?.high?;
    (text.parse::<f64>().ok()? > 3.0 * high && pointed <= 2.0 * high).then(|| {
        let reason = format!(
            "the result reads {text}, far above its reference range; the range prints a decimal point, and with one at the same place the result is {pointed}, so it is taken as {pointed}: the point was likely lost in the scan; check the report"
        );
        (pointed, reason)
    })
}

/// A scanned reference whose last bound lost its final `1` to the bracket it was read as
/// (`<4)` and `<= 4]` for ALT's `<41`): where the reference ends in a digit and a closing
/// bracket with none opened before it, the bound is a whole number far from the test's usual
/// one ([`range_far_from_usual`]), and with a `1` after its digits it is near it. Gives the
/// range taken and why the row asks for review.
fn one_read_as_bracket(
    biomarker: &Biomarker,
    row: &LabRow,
    sex: Option<Sex>,
) -> Option<(Option<f64>, Option<f64>, String)> {
    let text = row.range_text.as_deref()?.trim();
    let range = row.range.as_ref()?;
    let inside = text.strip_suffix([')', ']', '}'])?.trim_end();
    if text.contains(['(', '[', '{']) || !inside.ends_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let unit = unit_judged(biomarker, row);
    range_far_from_usual(biomarker, unit, sex, range.low, range.high)?;
    let with_one = |bound: f64| (bound.fract() == 0.0).then_some(bound * 10.0 + 1.0);
    let (low, high, taken) = match (range.low, range.high) {
        (low, Some(high)) => {
            let high = with_one(high)?;
            (low, Some(high), low.map_or_else(|| format!("up to {high}"), |l| format!("{l}-{high}")))
        }
        (Some(low), None) => {
            let low = with_one(low)?;
            (Some(low), None, format!("{low} and above"))
        }
        (None, None) => return None,
    };
    if range_far_from_usual(biomarker, unit, sex, low, high).is_some() {
        return None;
    }
    Some((
        low,
        high,
        format!(
            "the reference range reads {text}, whose last digit 1 may have been read as a bracket in the scan, so it is taken as {taken}; check the report"
        ),
    ))
}

/// The unit `row`'s value is judged in for `biomarker`: its own where the test is printed in
/// it, else none (the test's canonical unit): a unit misread past knowing judges nothing.
fn unit_judged<'r>(biomarker: &Biomarker, row: &'r LabRow) -> Option<&'r str> {
    row.unit.as_deref().filter(|u| biomarker.measured_in(u))
}

/// A scanned value whose flag printed before it OCR read as its first digit, glued to it: `H
/// 5.6` read `45.6`, `H 4.78` read `14.78`, `L 2.1` read `12.1`. Only a decimal the test cannot
/// have as read (so it asks for review anyway), whose rest without that first `4` or `1` it can
/// have and is on the flag's side of the printed range (a `4` is an `H` only). Gives the value,
/// its flag and why; the value as read stays in its text.
fn flag_read_before_value(row: &LabRow) -> Option<(f64, Flag, String)> {
    let text = row.value.text.as_str();
    let rest = text.strip_prefix(['4', '1'])?;
    if !rest.contains('.') || !rest.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let biomarker = catalog::lookup_in_unit(&row.name, row.unit.as_deref())?;
    let unit = unit_judged(biomarker, row);
    biomarker.implausible(text.parse().ok()?, unit)?;
    let number: f64 = rest.parse().ok()?;
    if biomarker.implausible(number, unit).is_some() {
        return None;
    }
    let range = row.range.as_ref()?;
    let (flag, letter, side) = match (range.low, range.high) {
        (_, Some(high)) if number > high => (Flag::High, "H", "high"),
        (Some(low), _) if number < low && text.starts_with('1') => (Flag::Low, "L", "low"),
        _ => return None,
    };
    let reason = format!(
        "the result reads {text}, which is {number} with its {letter} flag before it read as a digit; it is taken as {number}, {side}; check the report"
    );
    Some((number, flag, reason))
}

/// A value OCR read as a whole number with a leading zero (`076`, `005`) lost the point after
/// that zero: labs print `0.76`, never `076`. Gives the number with its point put back and the
/// reason the row asks for review; the value as read stays in `value.text`.
fn leading_zero_point(text: &str) -> Option<(f64, String)> {
    let digits = text.strip_prefix('0')?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let number: f64 = format!("0.{digits}").parse().ok()?;
    Some((
        number,
        format!(
            "the result reads {text}; its decimal point was not read, so it is taken as {number}; check the report"
        ),
    ))
}

/// A count per microscope field (`/hpf`) that OCR read as two digits one after the other
/// (`12`, `34`): urine microscopy prints such counts as a span (`1-2`, `3-4`), and a scan can
/// lose the short dash between its numbers (bench/scans.py's pathexperts page: `Epithelial
/// Cells 1-2` read as `12`, flagged high and severe against `0-3`). The value becomes the span,
/// which no range flags, and asks for review; a number that is not two such digits stays.
fn span_lost_dash(row: &mut LabRow) -> Option<String> {
    let per_field = row.unit.as_deref().is_some_and(|u| catalog::normalise_unit(u).contains("/hpf"));
    if !per_field || row.value.flag.is_some() || row.flag.is_some() {
        return None;
    }
    let digits: Vec<u32> = row.value.text.chars().map(|c| c.to_digit(10)).collect::<Option<_>>()?;
    let [first, second] = digits[..] else { return None };
    if second != first + 1 {
        return None;
    }
    let text = std::mem::take(&mut row.value.text);
    row.value.text = format!("{first}-{second}");
    row.value.number = None;
    Some(format!(
        "the result reads {text}; counts per field are printed as a span, so it is taken as {first}-{second} with the dash unread; check the report"
    ))
}

fn enrich(mut row: LabRow, ocr: bool, sex: Option<Sex>, mended: Option<String>) -> Row {
    let lost_dash = if ocr { span_lost_dash(&mut row) } else { None };
    let mended = mended.or(lost_dash);
    let biomarker = catalog::lookup_in_unit(&row.name, row.unit.as_deref());
    let restored_range = biomarker.filter(|_| ocr).and_then(|b| {
        range_with_points(b, &row, sex)
            .map(|(low, high, reason)| (Some(low), Some(high), reason))
            .or_else(|| one_read_as_bracket(b, &row, sex))
    });
    let restored_range = restored_range.map(|(low, high, reason)| {
        if let Some(r) = row.range.as_mut() {
            (r.low, r.high) = (low, high);
        }
        reason
    });
    let low = row.range.as_ref().and_then(|r| r.low);
    let high = row.range.as_ref().and_then(|r| r.high);
    // (A range of the value's size that is the test's usual one in another unit is as printed:
    // the unit beside it is what is off.)
    let misread_range = biomarker
        .filter(|b| ocr && !value_near_its_range(b, row.value.number, (low, high), sex))
        .and_then(|b| range_far_from_usual(b, row.unit.as_deref(), sex, low, high));
    // A printed flag stands; one worked out from a range that is likely misread comes from the
    // test's usual range instead, so a truly abnormal result is still flagged. So does the way
    // a result marked as abnormal on the number itself (`1.4*`) lies where no range beside it
    // was read (a photo lost it): the lab says it is out of range, the usual range says which
    // way. A mark apart from the number may be a photo's speck (labdata's infant CBC read
    // `Eosinophil  9  *`, unflagged by the lab), and bold is no more than a mark.
    let directed = matches!(row.flag, Some(Flag::High | Flag::Low));
    let marked_alone = row.value.flag == Some(Flag::Abnormal)
        && low.is_none()
        && high.is_none()
        && (sex.is_some() || both_sexes(&row).is_none());
    let usual = biomarker.filter(|_| !directed && (misread_range.is_some() || marked_alone));
    let (judged_low, judged_high, flag) = match usual {
        Some(b) => {
            let (usual_low, usual_high) = b.default_range_in(row.unit.as_deref(), sex).unwrap_or((None, None));
            let judged = LabRow {
                range: Some(RefRange { low: usual_low, high: usual_high, ..RefRange::default() }),
                ..row.clone()
            };
            (usual_low, usual_high, flag_of(&judged))
        }
        None => match flag_of(&row) {
            None if row.range.is_none() && sex.is_none() => both_sexes(&row).unwrap_or((low, high, None)),
            flag => (low, high, flag),
        },
    };
    let severity = flag.and_then(|f| {
        let flag = match f {
            "high" => ht_severity::Flag::High,
            "low" => ht_severity::Flag::Low,
            _ => ht_severity::Flag::Positive,
        };
        // A custom scale applies only once the value is in the scale's unit.
        let unit = row.unit.as_deref();
        let converted = biomarker.and_then(|b| Some((b, b.to_canonical(row.value.number?, unit)?)));
        match converted {
            Some((b, v)) => {
                let c = |x: Option<f64>| x.and_then(|x| b.to_canonical(x, unit));
                let reading = Reading { value: Some(v), low: c(judged_low), high: c(judged_high), flag: Some(flag) };
                ht_severity::severity(Some(&b.key), &reading)
            }
            None => {
                let reading = Reading { value: row.value.number, low: judged_low, high: judged_high, flag: Some(flag) };
                ht_severity::severity(None, &reading)
            }
        }
    });
    let needs_review = mended
        .or(restored_range)
        .or_else(|| match (biomarker, row.value.number) {
            (Some(b), Some(v)) => b.implausible(v, row.unit.as_deref()),
            _ => None,
        })
        .or_else(|| {
            matches!((low, high), (Some(l), Some(h)) if l > h)
                .then(|| "the reference range reads backwards".to_string())
        })
        .or_else(|| {
            // (Not a range that is the test's usual one as printed: Lipase `4` beside `13-60` is
            // low, and its range no `1.3-6`.)
            let usual = |b: &Biomarker| {
                let unit = row.unit.as_deref();
                b.default_range_in(unit, sex).is_some() && range_far_from_usual(b, unit, sex, low, high).is_none()
            };
            ocr.then(|| range_lost_point(row.value.number?, low?, high?))
                .flatten()
                .filter(|_| !biomarker.is_some_and(usual))
        })
        .or(misread_range)
        .or_else(|| {
            // An empty result cell in a scan may be a value OCR missed.
            (ocr && row.value.text.is_empty()).then(|| "no result was read in this row; check the report".to_string())
        })
        .or_else(|| {
            let number = lone_one_misread(&row.value.text).filter(|_| ocr)?.number?;
            Some(format!(
                "the result reads {}, its 1s read as letters; it is taken as {number}; check the report",
                row.value.text
            ))
        });
    // Text layers are exact; OCR and names the catalog does not know are less certain.
    let mut confidence: f64 = if ocr { 0.85 } else { 0.98 };
    if biomarker.is_none() {
        confidence -= 0.15;
    }
    if needs_review.is_some() {
        confidence = confidence.min(0.3);
    }
    let printed_range =
        row.range.as_ref().is_some_and(|r| r.low.is_some() || r.high.is_some() || r.qualitative.is_some());
    let default_range = biomarker.filter(|_| !printed_range && row.value.number.is_some()).and_then(|b| {
        let (low, high) = b.default_range_in(row.unit.as_deref(), sex)?;
        Some((low, high, b.default_range.as_ref()?.source.as_str()))
    });
    Row { row, biomarker, flag, severity, needs_review, confidence, default_range }
}

impl Row {
    /// The row as stored with a report.
    pub fn stored(&self) -> StoredResult {
        let r = &self.row;
        StoredResult {
            test_name: r.name.clone(),
            canonical: self.biomarker.map(|b| b.key.clone()),
            value_text: r.value.text.clone(),
            value: r.value.number,
            unit: r.unit.clone(),
            reference_low: r.range.as_ref().and_then(|x| x.low),
            reference_high: r.range.as_ref().and_then(|x| x.high),
            reference_text: r.range_text.clone(),
            flag: self.flag.map(str::to_string),
            severity: self.severity.map(|s| s.as_str().to_string()),
            page: Some(r.page),
        }
    }
}

/// The printed range, else the default one marked `typ.` so it is not taken for the lab's.
fn reference_cell(row: &Row) -> String {
    if let Some(text) = row.row.range_text.as_deref() {
        return text.to_string();
    }
    match row.default_range {
        Some((Some(l), Some(h), source)) => format!("typ. {l}-{h} ({source})"),
        Some((None, Some(h), source)) => format!("typ. <{h} ({source})"),
        Some((Some(l), None, source)) => format!("typ. >{l} ({source})"),
        _ => String::new(),
    }
}

impl Analysis {
    /// Every row as stored.
    pub fn stored_results(&self) -> Vec<StoredResult> {
        self.rows.iter().map(Row::stored).collect()
    }

    /// The advice for these results.
    pub fn interpret(&self, profile: &Profile) -> Interpretation {
        ht_recommendations::interpret(&self.stored_results(), profile)
    }

    /// The single JSON object `analyze --json` prints (camelCase and snake_case fields).
    pub fn to_json(&self, profile: &Profile) -> Value {
        let results: Vec<Value> = self
            .rows
            .iter()
            .map(|row| {
                let r = &row.row;
                let low = r.range.as_ref().and_then(|x| x.low);
                let high = r.range.as_ref().and_then(|x| x.high);
                json!({
                    "name": r.name,
                    "canonical": row.biomarker.map(|b| b.name.as_str()),
                    "loinc": row.biomarker.and_then(|b| b.loinc.as_deref()),
                    "value": r.value.number,
                    "valueText": r.value.text,
                    "value_text": r.value.text,
                    "unit": r.unit,
                    "referenceLow": low,
                    "reference_low": low,
                    "referenceHigh": high,
                    "reference_high": high,
                    "referenceText": r.range_text,
                    "reference_text": r.range_text,
                    "flag": row.flag,
                    "severity": row.severity.map(Severity::as_str),
                    "page": r.page,
                    "bbox": [r.bbox.x0, r.bbox.y0, r.bbox.x1, r.bbox.y1],
                    "confidence": row.confidence,
                    "needsReview": row.needs_review.is_some(),
                    "reviewReason": row.needs_review,
                    "defaultReference": row.default_range.map(|(low, high, source)| {
                        json!({"low": low, "high": high, "source": source, "note": "typical adult range; the report prints none"})
                    }),
                })
            })
            .collect();
        let sex = self.sex.map(|s| match s {
            Sex::Male => "male",
            Sex::Female => "female",
        });
        let advice = self.interpret(profile);
        json!({
            "file": self.file,
            "pages": self.pages,
            "source": self.source,
            "patient": {"sex": sex, "age": self.age},
            "collectedAt": self.collected.map(|c| c.to_iso()),
            "results": results,
            "recommendations": advice.advice.recommendations,
            "followUps": advice.advice.follow_ups,
            "specialties": advice.specialties,
            "reasoning": advice.reasoning,
        })
    }

    /// A readable table, then the advice.
    pub fn to_table(&self, profile: &Profile) -> String {
        let collected = self.collected.map(|c| format!(", collected {}", c.to_iso())).unwrap_or_default();
        let mut out = format!("{}: {} pages, {} results{collected}\n", self.file, self.pages, self.rows.len());
        out.push_str(&format!(
            "{:<40} {:>12} {:<14} {:<24} {:<6} {:<9} {}\n",
            "Test", "Value", "Unit", "Reference", "Flag", "Severity", "Page"
        ));
        for row in &self.rows {
            let r = &row.row;
            out.push_str(&format!(
                "{:<40} {:>12} {:<14} {:<24} {:<6} {:<9} {}{}\n",
                r.name.chars().take(40).collect::<String>(),
                r.value.text,
                r.unit.as_deref().unwrap_or(""),
                reference_cell(row).chars().take(24).collect::<String>(),
                row.flag.unwrap_or(""),
                row.severity.map(Severity::as_str).unwrap_or(""),
                r.page,
                row.needs_review.as_deref().map(|w| format!("  review: {w}")).unwrap_or_default(),
            ));
        }
        let advice = self.interpret(profile);
        if !advice.advice.recommendations.is_empty() {
            out.push_str("\nRecommendations\n");
            for r in &advice.advice.recommendations {
                out.push_str(&format!(
                    "- [{}] {} ({}; for {})\n  {}\n",
                    r.kind, r.title, r.duration, r.test_name, r.description
                ));
            }
            out.push_str("\nFollow-up tests\n");
            for f in &advice.advice.follow_ups {
                out.push_str(&format!("- {} in {} days\n", f.test_name, f.after_days));
            }
            out.push_str(&format!("\nWhy these specialists?\n{}\n", advice.reasoning));
            if profile.pro {
                out.push_str("\n(Pro journeys are included with --json.)\n");
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_print_is_read_enlarged_first_and_tiny_print_enlarged_only() {
        assert_eq!(Plan::for_letters(Some(12.0)), Plan::NativeFirst);
        assert_eq!(Plan::for_letters(Some(SMALL_PRINT + 1.0)), Plan::NativeFirst);
        assert_eq!(Plan::for_letters(Some(SMALL_PRINT)), Plan::EnlargedFirst);
        assert_eq!(Plan::for_letters(Some(TINY_PRINT + 1.0)), Plan::EnlargedFirst);
        assert_eq!(Plan::for_letters(Some(TINY_PRINT)), Plan::EnlargedOnly);
        assert_eq!(Plan::for_letters(None), Plan::NativeFirst);
    }

    #[test]
    fn only_a_sure_reading_whose_every_row_makes_sense_is_settled() {
        assert!(settled(2, 2, 90.0));
        assert!(settled(0, 0, SURE), "a sure page of notes");
        assert!(settled(0, 0, SURE_OF_NONE), "a page of notes in small print");
        assert!(!settled(0, 0, SURE_OF_NONE - 1.0), "a page whose table may be lost");
        assert!(!settled(0, 1, SURE_OF_NONE), "a row that makes no sense, read less than surely");
        assert!(!settled(2, 2, SURE - 1.0), "an unsure reading of the same rows");
        assert!(!settled(4, 9, 95.0), "rows that name no known test may be misread ones");
        assert!(settled(0, 7, SURE), "a sure page of another table");
        assert!(!settled(0, 7, SURE - 1.0), "a page of another table, or of misread rows");
    }

    #[test]
    fn an_enlarged_reading_wins_by_known_tests_and_loses_a_tie_only_to_a_clearly_surer_reading() {
        // More known tests win whatever the confidence.
        assert!(closer_is_better((6, 60.0), (5, 90.0)));
        assert!(!closer_is_better((5, 90.0), (6, 60.0)));
        // As many: the enlarged one, unless the other was surer by more than SURER.
        assert!(closer_is_better((14, 90.1), (14, 90.7)));
        assert!(closer_is_better((14, 88.0), (14, 80.0)));
        assert!(!closer_is_better((14, 65.6), (14, 69.2)));
    }

    #[test]
    fn past_its_deadline_a_reader_starts_no_ocr_and_stays_usable() {
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR";
        let mut reader = Reader::new();
        let late = reader.read_until(png, "photo.png", Some(Instant::now()));
        assert!(matches!(late, Err(ExtractError::TimedOut)), "{:?}", late.err());
        assert!(reader.engine.is_none(), "no OCR worker was started for a read already out of time");
        // The next read has no deadline left over from the last one.
        assert_eq!(reader.deadline, None);
    }

    #[test]
    fn an_ocr_reading_is_read_for_the_sex_the_report_prints() {
        // The reference, split by sex, before the result: without the sex it is no range and
        // runs into the test's name.
        let words = |header: &[(&str, f32)]| {
            page_of(
                1,
                &[
                    header,
                    &[("Test", 20.0), ("Reference", 200.0), ("Value", 420.0), ("Unit", 500.0)],
                    &[("Urea", 20.0), ("Male: 15 - 39; Female: 17 - 43", 200.0), ("21", 420.0), ("mg/dL", 500.0)],
                ],
            )
        };
        let urea = |(rows, sex): (Vec<LabRow>, Option<Sex>)| {
            let row = rows.into_iter().find(|r| r.name == "Urea").unwrap_or_else(|| panic!("no Urea row"));
            (row.range.map(|r| (r.low, r.high)), sex)
        };
        let woman = (Some((Some(17.0), Some(43.0))), Some(Sex::Female));
        // Printed on this page.
        assert_eq!(urea(rows_for_sex(&words(&[("Sex", 20.0), (":", 60.0), ("Female", 80.0)]), None)), woman);
        // Printed on a page before.
        assert_eq!(urea(rows_for_sex(&words(&[("Page", 20.0), ("2", 60.0)]), Some(Sex::Female))), woman);
    }

    #[test]
    fn a_scanned_range_that_lost_its_points_asks_for_review() {
        let reason = range_lost_point(3.5, 15.0, 41.0);
        assert!(reason.as_deref().is_some_and(|r| r.contains("1.5-4.1")), "{reason:?}");
        // Inside the range, a range with decimals, or a value no tenth of the range holds.
        assert_eq!(range_lost_point(20.0, 15.0, 41.0), None);
        assert_eq!(range_lost_point(3.5, 15.5, 41.0), None);
        assert_eq!(range_lost_point(0.5, 15.0, 41.0), None);
        assert_eq!(range_lost_point(50.0, 15.0, 41.0), None);
        // A scanned row asks so where its range is no usual one for its test, and not where
        // it is: Lipase `4` beside `13-60` U/L is a low result, its range as printed.
        let potassium = enrich(lab_row("Potassium", "3.3", "mmol/L", "35-51"), true, None, None);
        assert!(
            potassium.needs_review.as_deref().is_some_and(|r| r.contains("3.5-5.1")),
            "{:?}",
            potassium.needs_review
        );
        let lipase = enrich(lab_row("Lipase", "4", "U/L", "13-60"), true, None, None);
        assert_eq!((lipase.flag, lipase.needs_review), (Some("low"), None));
        // A test with no usual range to judge by still asks (mixed cells, `1.5-4.1` read `15-41`).
        let mixed = enrich(lab_row("Mixed cells (MXD)", "3.5", "%", "15-41"), true, None, None);
        assert!(mixed.needs_review.as_deref().is_some_and(|r| r.contains("1.5-4.1")), "{:?}", mixed.needs_review);
    }

    fn lab_row(name: &str, value: &str, unit: &str, range: &str) -> LabRow {
        LabRow {
            name: name.into(),
            value: ht_reports::reading::parse_value(value).expect("a value"),
            unit: Some(unit.into()),
            range: ht_reports::reading::parse_range(range, None),
            range_text: Some(range.into()),
            flag: None,
            page: 1,
            bbox: ht_reports::BBox { x0: 0.0, y0: 0.0, x1: 1.0, y1: 1.0 },
        }
    }

    #[test]
    fn a_scanned_whole_number_far_above_a_reference_with_decimals_has_its_point_put_back() {
        let review = |value: &str, range: &str| value_lost_point(&lab_row("hs-CRP", value, "mg/L", range));
        let (number, reason) = review("51", "<= 5.0").unwrap_or_default();
        assert_eq!(number, 5.1);
        assert!(reason.contains("taken as 5.1"), "{reason}");
        assert_eq!(review("5.1", "<= 5.0"), None, "a point read");
        assert_eq!(review("12", "<= 5.0"), None, "not far above");
        assert_eq!(review("51", "<= 5"), None, "a range of whole numbers");
        assert_eq!(review("510", "<= 5.0"), None, "51.0 is no nearer");
        // Through the analysis of a scan: the value is the one put back, the row asks for review.
        let mut rows = vec![lab_row("hs-CRP", "51", "mg/L", "<= 5.0"), lab_row("hs-CRP", "61.0", "mg/L", "<= 5.0")];
        let why = put_back_points(&mut rows, None, &[None, None]);
        assert_eq!((rows[0].value.number, rows[0].unit.as_deref()), (Some(5.1), Some("mg/L")));
        assert!(why[0].is_some());
        assert_eq!((rows[1].value.number, why[1].is_some()), (Some(61.0), false), "a result printed with its point");
        // A unit mended for the number as read is the range's, where the number put back is
        // possible only in that: MCHC 33.5 is in g/dL, as its range is.
        let mut rows =
            vec![lab_row("MCHC", "335", "g/L", "31.5 - 34.5"), lab_row("Total Protein", "65", "g/L", "6.4 - 8.3")];
        put_back_points(&mut rows, None, &[None, None]);
        assert_eq!((rows[0].value.number, rows[0].unit.as_deref()), (Some(33.5), Some("g/dL")));
        assert_eq!((rows[1].value.number, rows[1].unit.as_deref()), (Some(6.5), Some("g/dL")));
        // A unit that holds the number put back stays, whatever unit the range is usual in.
        let mut rows = vec![lab_row("Urea", "75", "mg/dL", "2.5 - 7.5")];
        put_back_points(&mut rows, None, &[None]);
        assert_eq!((rows[0].value.number, rows[0].unit.as_deref()), (Some(7.5), Some("mg/dL")));
        assert_eq!(range_places("M:13.0-17.0F: 11.7. 15.3"), Some(1), "a full stop is no place");
        assert_eq!(range_places("0.80 - 1.20"), Some(2));
    }

    #[test]
    fn a_unit_misread_past_its_shape_beside_the_tests_usual_reference_is_that_unit() {
        let unit = |name: &str, value: &str, read: &str, range: &str| {
            let mut row = lab_row(name, value, read, range);
            mend_misread(&mut row);
            row.unit
        };
        assert_eq!(unit("Uric Acid", "5.5", "mgd", "3.5 - 7.2").as_deref(), Some("mg/dL"));
        assert_eq!(unit("Sodium", "140", "mEQt", "136 - 145").as_deref(), Some("mEq/L"));
        // Or starting otherwise, a letter lost or misread (`id`, `'db`, `nya`).
        assert_eq!(unit("Conjugated Bilirubin", "0.01", "id", "0.00 to 0.30").as_deref(), Some("mg/dL"));
        assert_eq!(unit("Serum Creatinine", "0.92", "\u{2018}db", "0.70 to 1.30").as_deref(), Some("mg/dL"));
        assert_eq!(unit("Free Thyroxine (FT4)", "1.1", "nya", "0.93 to 1.70").as_deref(), Some("ng/dL"));
        // Beside a reference whose points a scan lost, judged with them put back.
        assert_eq!(unit("Inorganic Phosphorus", "4.6", "mgt", "25-45").as_deref(), Some("mg/dL"));
        // One of the test's units printed inside the reference, after its first tier.
        assert_eq!(
            unit("Magnesium", "2.4", "may", "Male: 1.6 - 2.6 mg/dL; Female: 1.4 - 2.3").as_deref(),
            Some("mg/dL")
        );
        assert_eq!(
            unit("Free T3", "3.1", "pom", "Male: 2.00 - 4.40 pg/mL: Female: 1.80 - 3.96").as_deref(),
            Some("pg/mL")
        );
        // Not a flag or a sex's label in the unit's place, nor without a reference to decide.
        assert_eq!(unit("Uric Acid", "5.5", "Haigh", "3.5 - 7.2").as_deref(), Some("Haigh"));
        assert_eq!(unit("Uric Acid", "5.5", "ow", "3.5 - 7.2").as_deref(), Some("ow"));
        // Albumin's `35-52` lost its points: 3.6 is no albumin in g/L, and the reference with
        // its points put back is the usual one in g/dL.
        assert_eq!(unit("Albumin", "3.6", "orvdt", "35-52").as_deref(), Some("gm/dl"));
        // Nor a unit the value cannot be in, whatever the reference read: creatinine's 0.92
        // is in mg/dL, though `62 - 106` is its usual reference in µmol/L.
        assert_eq!(unit("Serum Creatinine", "0.92", "umoi", "62 - 106").as_deref(), Some("umoi"));
        assert_eq!(unit("Uric Acid", "5.5", "mgd", "").as_deref(), Some("mgd"));
    }

    #[test]
    fn a_scanned_range_far_from_the_usual_one_flags_by_the_usual_range_and_asks_for_review() {
        // Cholesterol's `up to 200` read as `up to 20`.
        let row = lab_row("Cholesterol", "136", "mg/dl", "up to 20");
        let scanned = enrich(row.clone(), true, None, None);
        assert_eq!((scanned.flag, scanned.severity), (None, None));
        let reason = scanned.needs_review.unwrap_or_default();
        assert!(reason.contains("far from the usual") && reason.contains("200"), "{reason}");
        // A text layer's range is the lab's own: it stands, and so does its flag.
        let text = enrich(row, false, None, None);
        assert_eq!((text.flag, text.needs_review), (Some("high"), None));
        // Compared in the printed unit: platelets in lakhs/cumm, `1.5-4.1` and `15-41`.
        let lakhs = enrich(lab_row("Platelet Count", "2.5", "lakhs/cumm", "1.5-4.1"), true, None, None);
        assert_eq!((lakhs.flag, lakhs.needs_review), (None, None));
        // A truly low count against a misread range is still flagged, from the usual range.
        let misread = enrich(lab_row("Platelet Count", "0.5", "lakhs/cumm", "15-41"), true, None, None);
        assert_eq!(misread.flag, Some("low"));
        assert!(misread.needs_review.is_some());
        let normal = enrich(lab_row("Platelet Count", "2.5", "lakhs/cumm", "15-410"), true, None, None);
        assert_eq!(normal.flag, None);
        // A printed flag stands whatever the range.
        let mut flagged = lab_row("Cholesterol", "236", "mg/dl", "up to 20");
        flagged.flag = Some(Flag::High);
        assert_eq!(enrich(flagged, true, None, None).flag, Some("high"));
        // A range a lab sets near the usual one is no misreading.
        let ldl = enrich(lab_row("LDL Cholesterol", "140", "mg/dl", "Up to 130"), true, None, None);
        assert_eq!((ldl.flag, ldl.needs_review), (Some("high"), None));
        // Labs set hs-CRP's limit anywhere from 1 to 10 mg/L (Labcorp's is 3.00).
        for limit in ["<1.0", "<5.0", "<10"] {
            let crp = enrich(lab_row("hs-CRP", "0.9", "mg/L", limit), true, None, None);
            assert_eq!((crp.flag, crp.needs_review), (None, None), "{limit}");
        }
    }

    #[test]
    fn a_result_marked_abnormal_beside_no_range_read_is_flagged_by_the_usual_range() {
        let marked = |name: &str, value: &str, unit: &str, sex: Option<Sex>| {
            let mut row = lab_row(name, value, unit, "");
            (row.range, row.range_text) = (None, None);
            row.flag = row.value.flag;
            enrich(row, true, sex, None).flag
        };
        // A photo lost `Male: 1.6 to 2.6`, `6 to 24` and `20 to 40` beside these.
        assert_eq!(marked("Magnesium", "1.4*", "mg/dL", Some(Sex::Male)), Some("low"));
        assert_eq!(marked("Blood Urea Nitrogen", "26*", "mg/dL", Some(Sex::Male)), Some("high"));
        assert_eq!(marked("Lymphocytes", "47*", "%", None), Some("high"));
        // Within the usual range the mark cannot say which way: no flag is made up.
        assert_eq!(marked("Lymphocytes", "30*", "%", None), None);
        // A mark in a cell of its own, or bold, is not enough.
        let mut apart = lab_row("Eosinophils", "9", "%", "");
        (apart.range, apart.range_text, apart.flag) = (None, None, Some(Flag::Abnormal));
        assert_eq!(enrich(apart, true, None, None).flag, None);
        // Unmarked, a result beside no range is not flagged (the typical range is only shown).
        let mut plain = lab_row("Magnesium", "1.4", "mg/dL", "");
        (plain.range, plain.range_text) = (None, None);
        assert_eq!(enrich(plain, true, Some(Sex::Male), None).flag, None);
        // A range read beside the mark decides, as before.
        let mut read = lab_row("Magnesium", "1.4", "mg/dL", "1.2 - 1.3");
        read.flag = Some(Flag::Abnormal);
        assert_eq!(enrich(read, false, Some(Sex::Male), None).flag, Some("high"));
        // A scanned range far from the usual one does not, marked or not: beside `up to 20`
        // (200 misread), a cholesterol of 236 is high by the usual range, and 136 is not.
        for (value, flag) in [("236*", Some("high")), ("136*", None)] {
            let mut misread = lab_row("Cholesterol", value, "mg/dl", "up to 20");
            misread.flag = misread.value.flag;
            assert_eq!(enrich(misread, true, None, None).flag, flag, "{value}");
        }
    }

    #[test]
    fn a_value_on_a_bound_printed_with_less_or_greater_than_is_flagged() {
        let flag = |value: &str, range: &str| {
            enrich(lab_row("HDL / LDL Ratio", value, "Ratio", range), false, None, None).flag
        };
        assert_eq!(flag("0.4", "> 0.40"), Some("low"));
        assert_eq!(flag("0.4", ">= 0.40"), None);
        assert_eq!(flag("0.41", "> 0.40"), None);
        let cholesterol =
            |value: &str, range: &str| enrich(lab_row("Cholesterol", value, "mg/dL", range), false, None, None).flag;
        assert_eq!(cholesterol("200", "< 200"), Some("high"));
        assert_eq!(cholesterol("200", "Up to 200"), None);
        assert_eq!(cholesterol("200", "150 - 200"), None);
    }

    #[test]
    fn a_value_beyond_the_assays_limit_is_flagged_only_when_all_it_may_be_is_outside() {
        let flag = |value: &str, range: &str| enrich(lab_row("Mercury", value, "ng/mL", range), false, None, None).flag;
        assert_eq!(flag("<5", "<5"), None);
        assert_eq!(flag("<5", "0-3"), None);
        assert_eq!(flag("<5", "10-40"), Some("low"));
        assert_eq!(flag("<5", "5-40"), Some("low"));
        assert_eq!(flag("<=5", "5-40"), None);
        assert_eq!(flag(">90", ">59"), None);
        assert_eq!(flag(">500", "0-200"), Some("high"));
        assert_eq!(flag(">200", "0-200"), Some("high"));
        assert_eq!(flag(">=200", "0-200"), None);
    }

    #[test]
    fn a_range_split_by_sex_on_a_report_without_its_sex_flags_only_what_is_outside_both() {
        let iron = |value: &str| {
            enrich(lab_row("Iron", value, "ug/dL", "Male : 65 - 175 ; Female : 50 - 170"), false, None, None)
        };
        assert_eq!(iron("40").flag, Some("low"));
        assert_eq!(iron("180").flag, Some("high"));
        assert_eq!(iron("60").flag, None, "low for a man, usual for a woman");
        assert_eq!(iron("172").flag, None, "high for a woman, usual for a man");
        assert_eq!(iron("105").flag, None);
        // Measured from the wider bound: 45 is 5 below 50, not 20 below 65.
        let mild = enrich(lab_row("Iron", "45", "ug/dL", "50 - 175"), false, None, None).severity;
        assert_eq!(iron("45").severity, mild);
        assert!(mild.is_some());
        assert_eq!(iron("40").row.range_text.as_deref(), Some("Male : 65 - 175 ; Female : 50 - 170"));
    }

    /// The rows `from_pages` makes of one line each, read by OCR or from a text layer.
    fn rows_of(source: &'static str, lines: &[&[(&str, f32)]]) -> Vec<Row> {
        from_pages("t", &[page_of(1, lines)], source, None).rows
    }

    #[test]
    fn a_sex_another_reading_made_out_chooses_the_range_where_the_pages_show_none() {
        let lines: &[&[(&str, f32)]] = &[
            &[("Patient", 20.0), ("Age: 59 Years", 300.0), ("Sex: ?", 450.0)],
            &[("Urea", 20.0), ("30", 250.0), ("mg/dL", 330.0), ("M: 17 - 43 F: 15 - 39", 400.0)],
        ];
        let bounds = |sex| {
            let rows = from_pages("t", &[page_of(1, lines)], "ocr", sex).rows;
            rows[0].row.range.as_ref().map(|r| (r.low, r.high))
        };
        assert_eq!(bounds(Some(Sex::Male)), Some((Some(17.0), Some(43.0))));
        assert_eq!(bounds(Some(Sex::Female)), Some((Some(15.0), Some(39.0))));
        assert_eq!(bounds(None), None, "no sex, no range of one");
        let printed: &[&[(&str, f32)]] = &[&[("Sex: F", 450.0)], lines[1]];
        let rows = from_pages("t", &[page_of(1, printed)], "ocr", Some(Sex::Male)).rows;
        assert_eq!(rows[0].row.range.as_ref().and_then(|r| r.low), Some(15.0), "the printed sex comes first");
    }

    #[test]
    fn a_scanned_row_of_a_letter_or_two_or_a_few_small_ones_with_no_lab_unit_and_no_reference_is_dropped() {
        let lines: &[&[(&str, f32)]] = &[
            &[("rr", 20.0), ("1", 250.0), ("Ot", 330.0)],
            &[("Glucose", 20.0), ("90", 250.0), ("mg/dL", 330.0), ("70-100", 400.0)],
            &[("Hb", 20.0), ("13.5", 250.0), ("g/dL", 330.0)],
            &[("Leptin", 20.0), ("2.1", 250.0), ("ng/mL", 330.0)],
            &[("ote", 20.0), ("25", 250.0), ("er oy", 330.0)],
            &[("Ort", 20.0), ("25", 250.0), ("er oy", 330.0)],
            &[("ot", 20.0), ("<2", 250.0), ("ys", 330.0), ("34.0-46.6 %", 400.0)],
            &[("Zn", 20.0), ("90", 250.0), ("70-120", 400.0)],
        ];
        let names = |source| rows_of(source, lines).into_iter().map(|r| r.row.name).collect::<Vec<_>>();
        assert_eq!(names("ocr"), ["Glucose", "Hb", "Leptin", "Ort", "Zn"]);
        assert_eq!(names("text"), ["rr", "Glucose", "Hb", "Leptin", "ote", "Ort", "ot", "Zn"]);
    }

    #[test]
    fn a_scanned_value_with_a_leading_zero_gets_its_point_back_and_asks_for_review() {
        let line: &[(&str, f32)] =
            &[("Lymphocytes Absolute", 20.0), ("076", 250.0), ("10^3/uL", 330.0), ("1.0-3.0", 420.0)];
        let scanned = &rows_of("ocr", &[line])[0];
        assert_eq!(scanned.row.value.number, Some(0.76));
        assert_eq!(scanned.row.value.text, "076");
        assert_eq!(scanned.flag, Some("low"));
        assert!(scanned.needs_review.clone().unwrap_or_default().contains("taken as 0.76"));
        // A text layer is what was printed; a plain zero or a number with its point is no case.
        assert_eq!(rows_of("text", &[line])[0].row.value.number, Some(76.0));
        for value in ["0", "0.76", "76", "0.0"] {
            assert_eq!(leading_zero_point(value), None, "{value}");
        }
        assert_eq!(leading_zero_point("005").map(|(n, _)| n), Some(0.05));
    }

    #[test]
    fn a_count_per_field_read_as_two_digits_in_a_row_is_the_span_that_lost_its_dash() {
        let line = |value: &'static str| -> Vec<(&'static str, f32)> {
            vec![("Epithelial Cells", 20.0), (value, 250.0), ("/HPF", 330.0), ("0-3", 420.0)]
        };
        let scanned = &rows_of("ocr", &[&line("12")])[0];
        assert_eq!(scanned.row.value.text, "1-2");
        assert_eq!(scanned.row.value.number, None);
        assert_eq!(scanned.flag, None, "a span is not flagged against 0-3");
        assert!(scanned.needs_review.clone().unwrap_or_default().contains("taken as 1-2"));
        // Digits that are no span stay a number; a text layer is what was printed.
        assert_eq!(rows_of("ocr", &[&line("15")])[0].row.value.number, Some(15.0));
        assert_eq!(rows_of("ocr", &[&line("15")])[0].flag, Some("high"));
        assert_eq!(rows_of("text", &[&line("12")])[0].row.value.number, Some(12.0));
        let pus = [("Pus Cells", 20.0), ("34", 250.0), ("mg/dL", 330.0), ("0-40", 420.0)];
        assert_eq!(rows_of("ocr", &[&pus])[0].row.value.number, Some(34.0), "not a count per field");
    }

    #[test]
    fn a_scanned_value_read_with_a_gap_for_its_point_asks_for_review() {
        // The row reader joins `45` and `1` set a point's width apart on a scan into `45 1`.
        let value = ht_reports::reading::ResultValue {
            text: "45 1".into(),
            number: Some(45.1),
            qualifier: None,
            qualitative: None,
            flag: None,
        };
        let row = LabRow {
            name: "Lymphocytes".into(),
            value,
            unit: Some("%".into()),
            range: None,
            range_text: None,
            flag: None,
            page: 1,
            bbox: ht_reports::BBox { x0: 0.0, y0: 0.0, x1: 1.0, y1: 1.0 },
        };
        let mut rows = [
            row.clone(),
            LabRow { value: ht_reports::reading::ResultValue { text: "45.1".into(), ..row.value.clone() }, ..row },
        ];
        let why = put_back_points(&mut rows, None, &[None, None]);
        assert!(why[0].clone().unwrap_or_default().contains("it is taken as 45.1"), "{why:?}");
        assert_eq!((rows[0].value.number, why[1].clone()), (Some(45.1), None));
    }

    #[test]
    fn a_scanned_result_whose_thousands_comma_was_read_as_a_point_is_taken_whole_and_asks_for_review() {
        let lines: &[&[(&str, f32)]] = &[
            &[("Vitamin B12", 20.0), ("1.039", 250.0), ("pg/mL", 330.0), ("211 - 911", 420.0)],
            // Possible as read: as read.
            &[("Creatinine", 20.0), ("1.039", 250.0), ("mg/dL", 330.0), ("0.70 - 1.30", 420.0)],
            // Not three places: as read.
            &[("Ferritin", 20.0), ("1.03", 250.0), ("ng/mL", 330.0), ("30 - 400", 420.0)],
        ];
        let rows = rows_of("ocr", lines);
        let numbers: Vec<Option<f64>> = rows.iter().map(|r| r.row.value.number).collect();
        assert_eq!(numbers, [Some(1039.0), Some(1.039), Some(1.03)]);
        assert!(
            rows[0].needs_review.as_deref().is_some_and(|w| w.contains("thousands comma")),
            "{:?}",
            rows[0].needs_review
        );
        assert_eq!(rows[0].flag, Some("high"));
        assert_eq!(rows[0].row.value.text, "1.039");
    }

    #[test]
    fn a_scanned_value_flagged_low_read_above_its_range_gets_its_point_back_and_asks_for_review() {
        let lines: &[&[(&str, f32)]] = &[
            &[("Prothrombin Time", 20.0), ("105 L", 250.0), ("sec", 330.0), ("11.0-13.5", 420.0)],
            // Flagged high, or low and below its range: as read.
            &[("Amylase", 20.0), ("1130 H", 250.0), ("U/L", 330.0), ("28-100", 420.0)],
            &[("Urea", 20.0), ("12 L", 250.0), ("mg/dL", 330.0), ("17-43", 420.0)],
        ];
        let rows = rows_of("ocr", lines);
        let numbers: Vec<Option<f64>> = rows.iter().map(|r| r.row.value.number).collect();
        assert_eq!(numbers, [Some(10.5), Some(1130.0), Some(12.0)]);
        assert!(
            rows[0].needs_review.as_deref().is_some_and(|r| r.contains("flags it low")),
            "{:?}",
            rows[0].needs_review
        );
        assert_eq!((rows[0].flag, rows[0].row.value.text.as_str()), (Some("low"), "105"));
        // A text layer's value is as printed.
        let rows = rows_of("text", &lines[..1]);
        assert_eq!(rows[0].row.value.number, Some(105.0));
    }

    #[test]
    fn a_scanned_value_impossible_for_its_test_gets_its_point_back_and_asks_for_review() {
        let lines: &[&[(&str, f32)]] = &[
            &[("Hct", 20.0), ("385", 250.0), ("%", 330.0), ("(35-51)", 420.0)],
            // Its unit misread as well, and its printed range garbled.
            &[("MCV", 20.0), ("857", 250.0), ("fi", 330.0), ("4-54", 420.0)],
            &[("MPV", 20.0), ("94", 250.0), ("fL", 330.0)],
            // Possible as read: stays.
            &[("PLT", 20.0), ("211", 250.0), ("x1000/mm3", 330.0), ("(150-600)", 420.0)],
            // Its unit misread past any of the test's: judged in the one its range is usual in
            // (48 is possible in g/L, not in g/dL).
            &[("Albumin", 20.0), ("48", 250.0), ("gc", 330.0), ("3.5 - 5.2", 420.0)],
        ];
        let rows = rows_of("ocr", lines);
        let numbers: Vec<Option<f64>> = rows.iter().map(|r| r.row.value.number).collect();
        assert_eq!(numbers, [Some(38.5), Some(85.7), Some(9.4), Some(211.0), Some(4.8)]);
        assert!(rows[4].needs_review.clone().unwrap_or_default().contains("it is 4.8"));
        assert_eq!(rows[0].row.value.text, "385");
        assert_eq!(rows[0].flag, None, "38.5 is inside 35-51");
        assert!(rows[0].needs_review.clone().unwrap_or_default().contains("it is 38.5"));
        assert_eq!(rows[3].needs_review, None);
        // A text layer is what was printed: 385 stays, flagged and asking for review.
        let text = &rows_of("text", lines)[0];
        assert_eq!((text.row.value.number, text.flag), (Some(385.0), Some("high")));
        assert!(text.needs_review.clone().unwrap_or_default().contains("physiologically possible"));
    }

    #[test]
    fn a_cut_short_unit_is_the_one_its_printed_range_is_usual_in_not_the_one_a_lost_point_fits() {
        // Globulin `L 1.5 g/dL` beside 2.0-3.5, photographed: its point and the unit's last
        // letter lost. `g/d` is as near g/L as g/dL, and 15 is possible only in g/L; the
        // range is globulin's in g/dL, so the unit is, and the point goes back.
        let lines: &[&[(&str, f32)]] =
            &[&[("Globulin", 20.0), ("L", 230.0), ("15", 250.0), ("g/d", 330.0), ("2.0 - 3.5", 420.0)]];
        let rows = rows_of("ocr", lines);
        let row = &rows[0].row;
        assert_eq!((row.unit.as_deref(), row.value.number, rows[0].flag), (Some("g/dL"), Some(1.5), Some("low")));
        // Beside a range usual in g/L, g/L.
        let lines: &[&[(&str, f32)]] = &[&[("Globulin", 20.0), ("25", 250.0), ("g/d", 330.0), ("20 - 35", 420.0)]];
        assert_eq!(rows_of("ocr", lines)[0].row.unit.as_deref(), Some("g/L"));
    }

    #[test]
    fn a_value_read_without_its_unit_is_judged_in_the_unit_its_printed_range_is_usual_in() {
        // 27 is possible in g/L, but 2.0 to 3.5 is globulin's range in g/dL: its point goes
        // back. Beside 20 to 35 (g/L) 27 stays.
        let number =
            |range: &str| rows_of("ocr", &[&[("Globulin", 20.0), ("27", 250.0), (range, 420.0)]])[0].row.value.number;
        assert_eq!(number("2.0 to 3.5"), Some(2.7));
        assert_eq!(number("20 to 35"), Some(27.0));
    }

    #[test]
    fn a_whole_number_impossible_for_its_test_with_a_flag_run_into_it_is_read_apart() {
        let lines: &[&[(&str, f32)]] = &[
            &[("Hb", 20.0), ("11.2", 250.0), ("L", 300.0), ("g/dL", 330.0), ("13.0-17.0", 420.0)],
            &[("WBC", 20.0), ("12.9", 250.0), ("H", 300.0), ("10^3/uL", 330.0), ("4.0-11.0", 420.0)],
            // `20 H` read `204`: no ESR is 204, and 20 is above the range.
            &[("ESR", 20.0), ("204", 250.0), ("mm/hr", 330.0), ("0-15", 420.0)],
            // `2.4 L` read `241`: its point lost as well.
            &[("Phosphorus", 20.0), ("241", 250.0), ("mg/dL", 330.0), ("2.5-4.5", 420.0)],
            // Impossible as read, but without its last digit inside its range: a lost point.
            &[("Hct", 20.0), ("441", 250.0), ("%", 330.0), ("40-50", 420.0)],
            &[("Hb", 20.0), ("134", 250.0), ("g/dL", 330.0), ("13.0-17.0", 420.0)],
            // Inside its range with its point put back: 1.14, not 11 and a flag.
            &[("INR", 20.0), ("114", 250.0), ("0.80 - 1.20", 420.0)],
        ];
        let rows = rows_of("ocr", lines);
        let read: Vec<(Option<f64>, Option<&str>)> = rows.iter().map(|r| (r.row.value.number, r.flag)).collect();
        assert_eq!(
            read[2..],
            [
                (Some(20.0), Some("high")),
                (Some(2.4), Some("low")),
                (Some(44.1), None),
                (Some(13.4), None),
                (Some(1.14), None)
            ]
        );
        assert!(rows[2].needs_review.clone().unwrap_or_default().contains("H flag run into it"));
        assert_eq!(rows[2].row.value.text, "204");
    }

    #[test]
    fn a_scanned_decimal_whose_flag_before_it_was_read_as_its_first_digit_is_read_apart() {
        let lines: &[&[(&str, f32)]] = &[
            &[("Hb", 20.0), ("11.2", 250.0), ("L", 300.0), ("g/dL", 330.0), ("13.0-17.0", 420.0)],
            &[("WBC", 20.0), ("12.9", 250.0), ("H", 300.0), ("10^3/uL", 330.0), ("4.0-11.0", 420.0)],
            // `H 5.6` read `45.6`: no potassium is 45.6, and 5.6 is above the range.
            &[("Potassium", 20.0), ("45.6", 250.0), ("mmol/L", 330.0), ("3.5 - 5.1", 420.0)],
            // `L 2.9` read `12.9`: no potassium is 12.9 either; 2.9 is below the range.
            &[("Potassium", 20.0), ("12.9", 250.0), ("mmol/L", 330.0), ("3.5 - 5.1", 420.0)],
            // A rest inside the range is no flag's: left as read.
            &[("Sodium", 20.0), ("4140.0", 250.0), ("mmol/L", 330.0), ("136-145", 420.0)],
        ];
        let rows = rows_of("ocr", lines);
        let read: Vec<(Option<f64>, Option<&str>)> = rows.iter().map(|r| (r.row.value.number, r.flag)).collect();
        assert_eq!(read[2..4], [(Some(5.6), Some("high")), (Some(2.9), Some("low"))]);
        assert!(rows[2].needs_review.clone().unwrap_or_default().contains("H flag before it"));
        assert_eq!(rows[2].row.value.text, "45.6");
        assert_ne!(rows[4].row.value.number, Some(140.0));
    }

    #[test]
    fn a_scanned_decimal_that_ran_into_its_high_flag_is_read_apart_where_its_range_prints_fewer_places() {
        let lines: &[&[(&str, f32)]] = &[
            &[("Hb", 20.0), ("11.2", 250.0), ("L", 300.0), ("g/dL", 330.0), ("13.0-17.0", 420.0)],
            &[("WBC", 20.0), ("12.9", 250.0), ("H", 300.0), ("10^3/uL", 330.0), ("4.0-11.0", 420.0)],
            // `5.67 H` read `5.674`, `18.1 H` read `18.14`.
            &[("RBC", 20.0), ("5.674", 250.0), ("10^6/uL", 330.0), ("4.50 - 5.50", 420.0)],
            &[("Haemoglobin", 20.0), ("18.14", 250.0), ("g/dL", 330.0), ("13.0 - 17.0", 420.0)],
            // Printed to its range's places, or inside it without the digit: as read.
            &[("Creatinine", 20.0), ("1.54", 250.0), ("mg/dL", 330.0), ("0.70 - 1.30", 420.0)],
            &[("Potassium", 20.0), ("4.24", 250.0), ("mmol/L", 330.0), ("3.5 - 5.1", 420.0)],
        ];
        let rows = rows_of("ocr", lines);
        let read: Vec<(Option<f64>, Option<&str>)> = rows.iter().map(|r| (r.row.value.number, r.flag)).collect();
        assert_eq!(
            read[2..],
            [(Some(5.67), Some("high")), (Some(18.1), Some("high")), (Some(1.54), Some("high")), (Some(4.24), None)]
        );
        assert!(rows[2].needs_review.clone().unwrap_or_default().contains("H flag run into it"));
        assert_eq!(rows[2].row.value.text, "5.674");
    }

    #[test]
    fn a_scanned_value_that_ran_into_its_low_flag_is_read_apart_on_a_page_that_flags() {
        let lines: &[&[(&str, f32)]] = &[
            &[("Hb", 20.0), ("11.2", 250.0), ("L", 300.0), ("g/dL", 330.0), ("13.0-17.0", 420.0)],
            &[("WBC", 20.0), ("12.9", 250.0), ("H", 300.0), ("10^3/uL", 330.0), ("4.0-11.0", 420.0)],
            &[("PCV", 20.0), ("36.71", 250.0), ("%", 330.0), ("40.0-50.0", 420.0)],
            &[("Phosphorus", 20.0), ("2.41", 250.0), ("mg/dL", 330.0), ("2.5-4.5", 420.0)],
            // Within its range, or a whole number: as read.
            &[("Potassium", 20.0), ("4.21", 250.0), ("mmol/L", 330.0), ("3.5-5.1", 420.0)],
            &[("Sodium", 20.0), ("121", 250.0), ("mmol/L", 330.0), ("136-145", 420.0)],
        ];
        let rows = rows_of("ocr", lines);
        let read: Vec<(Option<f64>, Option<&str>)> = rows.iter().map(|r| (r.row.value.number, r.flag)).collect();
        assert_eq!(
            read[2..],
            [(Some(36.7), Some("low")), (Some(2.4), Some("low")), (Some(4.21), None), (Some(121.0), Some("low"))]
        );
        assert!(rows[2].needs_review.clone().unwrap_or_default().contains("L flag run into it"));
        assert_eq!(rows[2].row.value.text, "36.71");
        // A page that prints no flags, and a text layer, are as read.
        assert_eq!(rows_of("ocr", &lines[2..])[0].row.value.number, Some(36.71));
        assert_eq!(rows_of("text", lines)[2].row.value.number, Some(36.71));
    }

    #[test]
    fn a_scanned_value_of_the_size_of_a_usual_printed_range_keeps_its_number_whatever_its_unit() {
        let lines: &[&[(&str, f32)]] = &[
            // 186 is impossible in ng/mL, but it is inside 80-200, total T3's range in ng/dL.
            &[("Total T3", 20.0), ("186", 250.0), ("ng/mL", 330.0), ("80-200", 420.0)],
            // A range that lost its points with the value is no range of the test in any unit.
            &[("Hct", 20.0), ("385", 250.0), ("%", 330.0), ("360-460", 420.0)],
            // Below such a range, but of its size: a low result, not one that lost its point.
            &[("Total T3", 20.0), ("48", 250.0), ("ng/mL", 330.0), ("80-200", 420.0)],
            // Ten times the range's size: its point was lost.
            &[("Phosphorus", 20.0), ("22", 250.0), ("mg/dL", 330.0), ("2.5-4.5", 420.0)],
        ];
        let rows = rows_of("ocr", lines);
        assert_eq!((rows[0].row.value.number, rows[0].flag), (Some(186.0), None));
        assert!(rows[0].needs_review.clone().unwrap_or_default().contains("physiologically possible"));
        assert_eq!(rows[1].row.value.number, Some(38.5));
        assert_eq!((rows[2].row.value.number, rows[2].flag), (Some(48.0), Some("low")));
        assert_eq!(rows[3].row.value.number, Some(2.2));
    }

    #[test]
    fn a_scanned_range_that_lost_its_points_is_put_back_when_the_value_and_the_usual_range_agree() {
        // `1.5-4.1` lakhs read as `15-41`: a tenth of it holds 3.5 and is the usual range.
        let row = enrich(lab_row("Platelet Count", "3.5", "lakhs/cumm", "15-41"), true, None, None);
        let range = row.row.range.as_ref().map(|r| (r.low, r.high));
        assert_eq!(range, Some((Some(1.5), Some(4.1))));
        assert_eq!(row.row.range_text.as_deref(), Some("15-41"));
        assert_eq!(row.flag, None);
        assert!(row.needs_review.unwrap_or_default().contains("taken as 1.5-4.1"));
        // A value outside the tenth as well keeps the range as read.
        let low = enrich(lab_row("Platelet Count", "0.5", "lakhs/cumm", "15-41"), true, None, None);
        assert_eq!(low.row.range.as_ref().map(|r| r.high), Some(Some(41.0)));
        // A text layer's range is the lab's own.
        let text = enrich(lab_row("Platelet Count", "3.5", "lakhs/cumm", "15-41"), false, None, None);
        assert_eq!(text.row.range.as_ref().map(|r| r.low), Some(Some(15.0)));
        // A test the catalog does not know, or a tenth far from the usual range, is not changed.
        let unknown = enrich(lab_row("Zonulin Index", "3.5", "units", "15-41"), true, None, None);
        assert_eq!(unknown.row.range.as_ref().map(|r| r.low), Some(Some(15.0)));
        // A unit misread past knowing is judged as the test's own (`dis` for mg/dL).
        let magnesium = enrich(lab_row("Magnesium", "2.7", "dis", "16-26"), true, None, None);
        assert_eq!(magnesium.row.range.as_ref().map(|r| (r.low, r.high)), Some((Some(1.6), Some(2.6))));
        assert_eq!(magnesium.flag, Some("high"));
        // The lab's High beside a range that has the value below its low bound, and a tenth of
        // it below the value: prothrombin time `14.2 High` beside `110-135`.
        let flagged =
            |flag| enrich(LabRow { flag, ..lab_row("Prothrombin Time", "14.2", "sec", "110-135") }, true, None, None);
        let pt = flagged(Some(Flag::High));
        assert_eq!(pt.row.range.as_ref().map(|r| (r.low, r.high)), Some((Some(11.0), Some(13.5))));
        assert_eq!(pt.flag, Some("high"));
        assert!(pt.needs_review.unwrap_or_default().contains("taken as 11-13.5"));
        // Without the flag, or flagged low, nothing says which; nor where the value is below
        // the tenth too, though flagged high.
        for flag in [None, Some(Flag::Low)] {
            assert_eq!(flagged(flag).row.range.as_ref().map(|r| r.low), Some(Some(110.0)));
        }
        let below = LabRow { flag: Some(Flag::High), ..lab_row("Prothrombin Time", "5.0", "sec", "110-135") };
        assert_eq!(enrich(below, true, None, None).row.range.as_ref().map(|r| r.low), Some(Some(110.0)));
    }

    #[test]
    fn a_scanned_bound_whose_last_one_was_read_as_a_bracket_gets_it_back() {
        let alt = |range: &str, ocr| enrich(lab_row("SGPT (ALT)", "31", "U/L", range), ocr, None, None);
        for read in ["<4)", "<= 4]"] {
            let row = alt(read, true);
            assert_eq!(row.row.range.as_ref().map(|r| (r.low, r.high)), Some((None, Some(41.0))), "{read}");
            assert!(row.needs_review.unwrap_or_default().contains("taken as up to 41"), "{read}");
            assert_eq!(row.flag, None);
        }
        // Not a text layer's, a bracket that closes one opened, or a bound near the usual one.
        assert_eq!(alt("<4)", false).row.range.as_ref().map(|r| r.high), Some(Some(4.0)));
        assert_eq!(alt("(<4)", true).row.range.as_ref().map(|r| r.high), Some(Some(4.0)));
        assert_eq!(alt("<40)", true).row.range.as_ref().map(|r| r.high), Some(Some(40.0)));
        let esr = enrich(lab_row("ESR", "4", "mm/hr", "<5)"), true, None, None);
        assert_eq!(esr.row.range.as_ref().map(|r| r.high), Some(Some(5.0)), "5 is not far from 20");
        // Nor where the bound with a 1 is as far from the usual one.
        let creatinine = enrich(lab_row("Creatinine", "0.9", "mg/dL", "<9)"), true, None, None);
        assert_eq!(creatinine.row.range.as_ref().map(|r| r.high), Some(Some(9.0)));
    }

    #[test]
    fn a_scanned_range_bound_no_result_can_reach_gets_its_point_back() {
        let range = |row: &Row| row.row.range.as_ref().map(|r| (r.low, r.high));
        // RDW `11.6-140`: a width of 140% is impossible, 14.0 is not.
        let rdw = enrich(lab_row("RDW", "13.2", "%", "11.6-140"), true, None, None);
        assert_eq!(range(&rdw), Some((Some(11.6), Some(14.0))));
        assert!(rdw.needs_review.unwrap_or_default().contains("taken as 11.6-14"));
        // Both bounds, beside a low value the tenth does not hold: flagged against the mended range.
        let protein = enrich(lab_row("Total Protein", "5.9", "g/dL", "64-83"), true, None, None);
        assert_eq!(range(&protein), Some((Some(6.4), Some(8.3))));
        assert_eq!(protein.flag, Some("low"));
        // Bounds a result can reach, an impossible value, and a text layer stay as read.
        let possible = enrich(lab_row("Total Protein", "5.9", "g/dL", "6.4-12"), true, None, None);
        assert_eq!(range(&possible), Some((Some(6.4), Some(12.0))));
        let impossible = enrich(lab_row("RDW", "132", "%", "11.6-140"), true, None, None);
        assert_eq!(range(&impossible), Some((Some(11.6), Some(140.0))));
        let text = enrich(lab_row("RDW", "13.2", "%", "11.6-140"), false, None, None);
        assert_eq!(range(&text), Some((Some(11.6), Some(140.0))));
    }

    #[test]
    fn a_scanned_range_from_a_negative_bound_no_result_can_be_loses_its_minus() {
        let range = |row: &Row| row.row.range.as_ref().map(|r| (r.low, r.high));
        // Potassium `-3.5-5.1` beside a low 3.2: read as from -3.5, 3.2 would be in range.
        let potassium = enrich(lab_row("Potassium", "3.2", "mmol/L", "-3.5-5.1"), true, None, None);
        assert_eq!(range(&potassium), Some((Some(3.5), Some(5.1))));
        assert_eq!(potassium.flag, Some("low"));
        assert!(potassium.needs_review.unwrap_or_default().contains("cannot be negative"));
        // A text layer's minus is printed.
        let text = enrich(lab_row("Potassium", "3.2", "mmol/L", "-3.5-5.1"), false, None, None);
        assert_eq!(range(&text), Some((Some(-3.5), Some(5.1))));
    }

    #[test]
    fn an_empty_result_in_a_scan_asks_for_review_and_in_a_text_layer_does_not() {
        let row = LabRow {
            name: "Glucose, Fasting".into(),
            value: ht_reports::reading::ResultValue::empty(),
            unit: Some("mg/dL".into()),
            range: ht_reports::reading::parse_range("70 - 100", None),
            range_text: Some("70 - 100".into()),
            flag: None,
            page: 1,
            bbox: ht_reports::BBox { x0: 0.0, y0: 0.0, x1: 1.0, y1: 1.0 },
        };
        let scanned = enrich(row.clone(), true, None, None);
        assert!(scanned.needs_review.as_deref().is_some_and(|r| r.contains("no result")), "{:?}", scanned.needs_review);
        assert_eq!((scanned.flag, scanned.severity), (None, None));
        assert_eq!(enrich(row, false, None, None).needs_review, None);
    }

    #[test]
    fn a_lone_one_read_as_a_letter_asks_for_review() {
        let row = LabRow {
            value: ht_reports::reading::lone_one_misread("Li").unwrap(),
            flag: Some(Flag::Low),
            ..lab_row("Blood Urea Nitrogen", "5", "mg/dL", "6 - 24")
        };
        let scanned = enrich(row, true, None, None);
        assert_eq!((scanned.row.value.number, scanned.flag), (Some(1.0), Some("low")));
        let why = scanned.needs_review.unwrap_or_default();
        assert!(why.contains("reads Li") && why.contains("taken as 1;"), "{why}");
        // Two ones say so too.
        let row = LabRow {
            value: ht_reports::reading::lone_one_misread("ll").unwrap(),
            ..lab_row("Erythrocyte Sedimentation Rate", "5", "mm/hr", "0 - 15")
        };
        let why = enrich(row, true, None, None).needs_review.unwrap_or_default();
        assert!(why.contains("reads ll") && why.contains("taken as 11;"), "{why}");
    }

    /// A page of `lines`, each a list of (text, x) cells, 20 units apart.
    fn page_of(number: u32, lines: &[&[(&str, f32)]]) -> Page {
        Page {
            number,
            width: 600.0,
            height: 800.0,
            words: lines
                .iter()
                .enumerate()
                .flat_map(|(i, cells)| {
                    cells.iter().map(move |(text, x)| ht_reports::Word {
                        text: (*text).into(),
                        bbox: ht_reports::BBox {
                            x0: *x,
                            y0: 50.0 + 20.0 * i as f32,
                            x1: x + 7.0 * text.chars().count() as f32,
                            y1: 62.0 + 20.0 * i as f32,
                        },
                        bold: false,
                        line: None,
                    })
                })
                .collect(),
        }
    }

    #[test]
    fn a_scanned_summary_page_does_not_double_a_result_whose_unit_ocr_read_differently() {
        let pages = [
            page_of(
                1,
                &[
                    &[("Summary", 200.0)],
                    &[("MEAN PLATELET VOLUME(MPV)", 20.0), ("12.8", 250.0), ("fl", 330.0), ("6.5-12", 400.0)],
                    // Read with its unit cut short, or garbled.
                    &[("HEMOGLOBIN", 20.0), ("12.2", 250.0), ("g/d", 330.0), ("13.0-17.0", 400.0)],
                    &[("LYMPHOCYTES - ABSOLUTE COUNT", 20.0), ("3.27", 250.0), ("X 109 / pL", 330.0)],
                ],
            ),
            page_of(
                2,
                &[
                    &[("Mean Platelet Volume (MPV)", 20.0), ("12.8", 250.0), ("fL", 330.0), ("6.5-12", 400.0)],
                    &[("HEMOGLOBIN", 20.0), ("12.2", 250.0), ("g/dL", 330.0), ("13.0-17.0", 400.0)],
                    &[("Lymphocytes - Absolute Count", 20.0), ("3.27", 250.0), ("x10^3/uL", 330.0)],
                ],
            ),
        ];
        let names =
            |source| from_pages("t", &pages, source, None).rows.into_iter().map(|r| r.row.name).collect::<Vec<_>>();
        assert_eq!(names("ocr"), ["Mean Platelet Volume (MPV)", "HEMOGLOBIN", "Lymphocytes - Absolute Count"]);
        // In a text layer the letters are what was printed: units that differ are kept apart.
        assert_eq!(names("text").len(), 6);
    }

    #[test]
    fn a_scanned_unit_that_lost_its_micro_sign_is_the_tests_unit_and_a_text_layers_stays() {
        let pages = [page_of(1, &[&[("IRON", 20.0), ("89.3", 250.0), ("g/dL", 330.0), ("50-170", 400.0)]])];
        let unit = |source| from_pages("t", &pages, source, None).rows[0].row.unit.clone();
        assert_eq!(unit("ocr").as_deref(), Some("µg/dL"));
        assert_eq!(unit("text").as_deref(), Some("g/dL"));
    }

    #[test]
    fn a_result_restated_bare_on_an_overview_page_is_not_doubled_and_a_different_value_is_kept() {
        let pages = [
            page_of(1, &[&[("Sodium", 20.0), ("142", 250.0), ("mmol/L", 330.0), ("135-146", 400.0)]]),
            page_of(
                2,
                &[
                    &[("Test Name", 20.0), ("(Most Recent)", 250.0)],
                    &[("Sodium", 20.0), ("142", 250.0)],
                    &[("Potassium", 20.0), ("4.0", 250.0)],
                    &[("Sodium", 20.0), ("139", 250.0)],
                ],
            ),
        ];
        let rows: Vec<(String, String, u32)> = from_pages("t", &pages, "text", None)
            .rows
            .into_iter()
            .map(|r| (r.row.name, r.row.value.text, r.row.page))
            .collect();
        let expect = |n: &str, v: &str, p: u32| (n.to_string(), v.to_string(), p);
        assert_eq!(rows, [expect("Sodium", "142", 1), expect("Potassium", "4.0", 2), expect("Sodium", "139", 2)]);
    }

    #[test]
    fn a_result_on_a_summary_page_and_its_own_page_is_given_on_its_own_page() {
        let result: &[(&str, f32)] = &[("Sodium", 20.0), ("150", 250.0), ("mmol/L", 330.0), ("135-146", 400.0)];
        let pages = [
            page_of(1, &[&[("Summary", 200.0), ("Report", 270.0)], result]),
            page_of(2, &[result, &[("Potassium", 20.0), ("4.0", 250.0), ("mmol/L", 330.0), ("3.5-5.1", 400.0)]]),
        ];
        for source in ["text", "ocr"] {
            let rows: Vec<(String, u32)> =
                from_pages("t", &pages, source, None).rows.into_iter().map(|r| (r.row.name, r.row.page)).collect();
            assert_eq!(rows, [("Sodium".to_string(), 2), ("Potassium".to_string(), 2)], "{source}");
        }
    }

    #[test]
    fn a_footnote_letter_ending_many_names_is_dropped_and_a_vitamin_letter_is_kept() {
        let row = |name: &'static str| [(name, 20.0f32), ("40", 250.0), ("mg/dL", 330.0), ("0-100", 400.0)];
        let names_of = |printed: &[&'static str]| -> Vec<String> {
            let lines: Vec<[(&str, f32); 4]> = printed.iter().map(|n| row(n)).collect();
            let refs: Vec<&[(&str, f32)]> = lines.iter().map(|l| l.as_slice()).collect();
            from_pages("t", &[page_of(1, &refs)], "text", None).rows.into_iter().map(|r| r.row.name).collect()
        };
        let names = names_of(&["HDL-C A", "Triglycerides A", "LDL-P A", "Vitamin A", "Vitamin D"]);
        assert_eq!(names, ["HDL-C", "Triglycerides", "LDL-P", "Vitamin A", "Vitamin D"]);
        // Two names ending in the same letter are left as printed.
        let names = names_of(&["HDL-C A", "Protein S", "Factor B", "LDL-P A"]);
        assert_eq!(names, ["HDL-C A", "Protein S", "Factor B", "LDL-P A"]);
    }

    #[test]
    fn a_repeat_without_its_unit_is_the_same_result_whichever_comes_first() {
        let full = [("EPA", 20.0), ("1.7", 250.0), ("0.2-2.3 % by wt", 400.0)];
        let bare = [("EPA", 20.0), ("1.7", 250.0), ("0.2-2.3", 400.0)];
        for pages in [[page_of(1, &[&full]), page_of(2, &[&bare])], [page_of(1, &[&bare]), page_of(2, &[&full])]] {
            let rows = from_pages("t", &pages, "text", None).rows;
            let got: Vec<(Option<String>, u32)> = rows.into_iter().map(|r| (r.row.unit, r.row.page)).collect();
            assert_eq!(got.len(), 1, "{got:?}");
            assert_eq!(got[0].0.as_deref(), Some("% by wt"));
        }
    }

    #[test]
    fn the_same_test_repeated_under_another_name_without_its_unit_is_not_doubled_and_another_value_is_kept() {
        let full = [("LDL-C (NIH Calc)", 20.0), ("103", 250.0), ("mg/dL", 320.0), ("0-99", 400.0)];
        let repeat = [("LDL-C (calculated)", 20.0), ("103", 250.0), ("< 100", 400.0)];
        let other = [("LDL-C (calculated)", 20.0), ("110", 250.0), ("< 100", 400.0)];
        let names = |second: &[(&str, f32)]| -> Vec<String> {
            let pages = [page_of(1, &[&full]), page_of(2, &[second])];
            from_pages("t", &pages, "text", None).rows.into_iter().map(|r| r.row.name).collect()
        };
        assert_eq!(names(&repeat), ["LDL-C (NIH Calc)"]);
        assert_eq!(names(&other), ["LDL-C (NIH Calc)", "LDL-C (calculated)"]);
    }

    #[test]
    fn a_name_a_photo_misread_is_put_back_where_its_unit_and_value_are_the_tests() {
        // The name of the one row read from `line`, by OCR or from a text layer.
        let name = |line: &[(&str, f32)], source| {
            from_pages("t", &[page_of(1, &[line])], source, None).rows.into_iter().next().map(|r| r.row.name)
        };
        let line = [("Eosinophds", 20.0), ("4", 250.0), ("%", 330.0), ("1-6", 400.0)];
        assert_eq!(name(&line, "ocr").as_deref(), Some("Eosinophils"));
        assert_eq!(name(&line, "text").as_deref(), Some("Eosinophds"));
        let line = [("Bron", 20.0), ("212", 250.0), ("µg/dL", 330.0), ("60-170", 400.0)];
        assert_eq!(name(&line, "ocr").as_deref(), Some("Iron"));
        let line = [("RBC Coum", 20.0), ("5.24", 250.0), ("10^6/µL", 330.0), ("4.5-5.5", 400.0)];
        assert_eq!(name(&line, "ocr").as_deref(), Some("RBC Count"));
        // A unit that is not the test's, or a value it cannot have, leaves the name as read.
        let line = [("Bron", 20.0), ("212", 250.0), ("mmol/L", 330.0), ("60-170", 400.0)];
        assert_eq!(name(&line, "ocr").as_deref(), Some("Bron"));
        let line = [("Bron", 20.0), ("9000", 250.0), ("µg/dL", 330.0), ("60-170", 400.0)];
        assert_eq!(name(&line, "ocr").as_deref(), Some("Bron"));
        // A value that only lost its point, to the places of its range (3.3, 5.1), fits.
        let line = [("Ajburnin", 20.0), ("33", 250.0), ("grvdL", 330.0), ("3.5-5.2", 400.0)];
        assert_eq!(name(&line, "ocr").as_deref(), Some("Albumin"));
        // No unit read, but the range printed is the test's usual one.
        let line = [("Glycated Haemogiobin", 20.0), ("51", 250.0), ("4.0-5.6", 400.0)];
        assert_eq!(name(&line, "ocr").as_deref(), Some("Glycated Haemoglobin"));
        let line = [("Ajburnin", 20.0), ("33", 250.0), ("3.5-5.2", 400.0)];
        assert_eq!(name(&line, "ocr").as_deref(), Some("Albumin"));
        // A percentage's `%` misread past mending as two letters is the test's unit still.
        let line = [("Eosinaphits", 20.0), ("2", 250.0), ("ay", 330.0), ("1-6%", 400.0)];
        assert_eq!(name(&line, "ocr").as_deref(), Some("Eosinophils"));
        // Misread further still, beside the test's usual reference, and not beside another's.
        let line = [("Owect Bilirubin", 20.0), ("0.13", 250.0), ("mg/dL", 330.0), ("0.00-0.30", 400.0)];
        assert_eq!(name(&line, "ocr").as_deref(), Some("Direct Bilirubin"));
        let line = [("Owect Bilirubin", 20.0), ("0.13", 250.0), ("mg/dL", 330.0), ("0.3-1.2", 400.0)];
        assert_eq!(name(&line, "ocr").as_deref(), Some("Owect Bilirubin"));
        // Its unit read as no unit at all: the reference is judged in the test's own.
        let line = [("Owect Bilirubin", 20.0), ("0.13", 250.0), ("mode", 330.0), ("0.00-0.30", 400.0)];
        assert_eq!(name(&line, "ocr").as_deref(), Some("Direct Bilirubin"));
        let line = [("Owect Bilirubin", 20.0), ("0.13", 250.0), ("mode", 330.0), ("0.3-1.2", 400.0)];
        assert_eq!(name(&line, "ocr").as_deref(), Some("Owect Bilirubin"));
        let line = [("Ketone Boches", 20.0), ("Absent", 250.0), ("Negative", 400.0)];
        assert_eq!(name(&line, "ocr").as_deref(), Some("Ketone Bodies"));
        // A name whose last letter a scan lost, beside the reference of the test it goes on to.
        let line = [("25-OH Vitamin :", 20.0), ("12.6", 250.0), ("ng/mL", 330.0), ("30.0-100.0", 400.0)];
        assert_eq!(name(&line, "ocr").as_deref(), Some("25-OH Vitamin D"));
        assert_eq!(name(&line, "text").as_deref(), Some("25-OH Vitamin"));
        let line = [("FT", 20.0), ("4.19", 250.0), ("pg/mL", 330.0), ("2.00-4.40", 400.0)];
        assert_eq!(name(&line, "ocr").as_deref(), Some("FT3"));
        let line = [("FT", 20.0), ("1.19", 250.0), ("ng/dL", 330.0), ("0.93-1.70", 400.0)];
        assert_eq!(name(&line, "ocr").as_deref(), Some("FT4"));
        let line = [("Ketone Boches", 20.0), ("Absent", 250.0), ("0.3-1.2", 400.0)];
        assert_eq!(name(&line, "ocr").as_deref(), Some("Ketone Boches"));
        let line = [("Owect Bilirubin", 20.0), ("0.13", 250.0), ("mg/dL", 330.0), ("0.00-0.30", 400.0)];
        assert_eq!(name(&line, "text").as_deref(), Some("Owect Bilirubin"));
        // Not while a page's readings are judged, where it stays a row a closer look may mend.
        let mut judged = lab_row("Owect Bilirubin", "0.13", "mg/dL", "0.00-0.30");
        mend_misread(&mut judged);
        assert_eq!(judged.name, "Owect Bilirubin");
    }

    #[test]
    fn a_lone_sex_letter_before_a_reference_labelled_by_sex_is_a_unit_cut_short() {
        let header: &[(&str, f32)] =
            &[("Test Description", 20.0), ("Result", 250.0), ("UNITS", 330.0), ("Reference Range", 400.0)];
        // The unit and reference of the row read from `line` under `header`, by OCR or from a
        // text layer.
        let read = |line: &[(&str, f32)], source| {
            let row = from_pages("t", &[page_of(1, &[header, line])], source, Some(Sex::Male)).rows.remove(0).row;
            (row.unit, row.range_text)
        };
        // `fl` that lost its `l`: no label of a reference that starts with a sex's own.
        let line = [("Mean Corpuscular Volume", 20.0), ("94.4", 250.0), ("f", 330.0), ("Male ; 83.0-101.0", 400.0)];
        assert_eq!(read(&line, "ocr"), (Some("fL".to_string()), Some("Male ; 83.0-101.0".to_string())));
        assert_eq!(read(&line, "text").0.as_deref(), Some("f"));
        // Before a range alone, it is the label of the range still.
        let line = [
            ("Hemoglobin", 20.0),
            ("13.1", 250.0),
            ("M:", 330.0),
            ("13.0-17.0;", 400.0),
            ("F:", 470.0),
            ("12.0-15.0", 500.0),
        ];
        assert_eq!(read(&line, "ocr").1.as_deref(), Some("M: 13.0-17.0; F: 12.0-15.0"));
        // And a cell with its own numbers is joined to the other sex's after it.
        let line = [("Hemoglobin", 20.0), ("13.1", 250.0), ("M: 13.0-17.0 g/dL;", 330.0), ("F: 12.0-15.0", 470.0)];
        assert_eq!(read(&line, "ocr").1.as_deref(), Some("M: 13.0-17.0 g/dL; F: 12.0-15.0"));
    }

    #[test]
    fn a_misread_unit_in_a_scan_is_put_back_and_a_text_layer_unit_stays() {
        // The unit of the one row read from `line`, by OCR or from a text layer.
        let unit = |line: &[(&str, f32)], source| {
            from_pages("t", &[page_of(1, &[line])], source, None).rows.into_iter().next().and_then(|r| r.row.unit)
        };
        let line = [("Cholesterol", 20.0), ("180", 250.0), ("ma/dl", 330.0), ("< 200", 400.0)];
        assert_eq!(unit(&line, "ocr").map(|u| u.to_lowercase()).as_deref(), Some("mg/dl"));
        assert_eq!(unit(&line, "text").as_deref(), Some("ma/dl"));
        // A unit of other tests a letter short of the test's, beside its usual reference, but
        // not beside a reference usual in the unit as read (CRP is printed in both).
        let line = [("Total Cholesterol", 20.0), ("249", 250.0), ("= mg/L", 330.0), ("<200", 400.0)];
        assert_eq!(unit(&line, "ocr").as_deref(), Some("mg/dL"));
        assert_eq!(unit(&line, "text").as_deref(), Some("mg/L"));
        let line = [("Total Cholesterol", 20.0), ("249", 250.0), ("mg/L", 330.0), ("<20", 400.0)];
        assert_eq!(unit(&line, "ocr").as_deref(), Some("mg/L"));
        let line = [("CRP", 20.0), ("4", 250.0), ("mg/L", 330.0), ("<6", 400.0)];
        assert_eq!(unit(&line, "ocr").as_deref(), Some("mg/L"));
        // Its micro sign read as a `u`.
        let line = [("Serum Iron", 20.0), ("128", 250.0), ("ug/L", 330.0), ("65 - 175", 400.0)];
        assert_eq!(unit(&line, "ocr").as_deref(), Some("µg/dL"));
        // Too far from every unit to mend without the test's, near only one of the test's.
        let line = [("Protein, Total", 20.0), ("7.2", 250.0), ("gid", 330.0), ("6.0-8.5", 400.0)];
        assert_eq!(unit(&line, "ocr").as_deref(), Some("g/dL"));
        assert_eq!(unit(&line, "text").as_deref(), Some("gid"));
        // Nearer a unit of another test (mcg/dL) than the test's own, but near the test's.
        let line = [("Creatinine", 20.0), ("0.67", 250.0), ("meg/dt", 330.0), ("0.57-1.00", 400.0)];
        assert_eq!(unit(&line, "ocr").as_deref(), Some("mg/dL"));
        // With a speck before it and a stray word after it.
        let line = [("Cholesterol, Total", 20.0), ("190", 250.0), ("_me/dt ee", 330.0), ("100-199", 400.0)];
        assert_eq!(unit(&line, "ocr").as_deref(), Some("mg/dL"));
        assert_eq!(unit(&line, "text").as_deref(), Some("_me/dt ee"));
        // A stray mark before it, alone or not (a photo's `= gid`).
        let line = [("Total Protein", 20.0), ("7.2", 250.0), ("= gid", 330.0), ("6.0-8.5", 400.0)];
        assert_eq!(unit(&line, "ocr").as_deref(), Some("g/dL"));
        let line = [("Monocytes", 20.0), ("7", 250.0), ("~ %", 330.0), ("2-10", 400.0)];
        assert_eq!(unit(&line, "ocr").as_deref(), Some("%"));
        // Marks before it that keep a letter, or a colon the trimming leaves (a rule's shadow).
        let line = [("Alkaline Phosphatase", 20.0), ("110", 250.0), ("~=—s« UL", 330.0), ("40-129", 400.0)];
        assert_eq!(unit(&line, "ocr").as_deref(), Some("U/L"));
        let line = [("Alkaline Phosphatase", 20.0), ("110", 250.0), ("=: UL", 330.0), ("40-129", 400.0)];
        assert_eq!(unit(&line, "ocr").as_deref(), Some("U/L"));
        // Too far from every unit, and printed again, read otherwise, after the reference.
        let line = [
            ("HDL-Cholesterol", 20.0),
            ("65", 250.0),
            ("meydiL", 330.0),
            ("Male: (36 - 54); Female: (40 - 60) mg/dt", 400.0),
        ];
        assert_eq!(unit(&line, "ocr").as_deref(), Some("mg/dL"));
        assert_eq!(unit(&line, "text").as_deref(), Some("meydiL"));
        let line = [
            ("Bilirubin, Total", 20.0),
            ("1.33", 250.0),
            ("mgd", 330.0),
            ("M: (0.27 - 1.08) F: (0.30 - 1.20) mg/d.", 400.0),
        ];
        assert_eq!(unit(&line, "ocr").as_deref(), Some("mg/dL"));
        // Its first stroke lost, and printed whole in the reference.
        let line = [("ALP", 20.0), ("86", 250.0), ("U/L", 330.0), ("M: 40 to 129 IU/L F: 36 to 116", 400.0)];
        assert_eq!(unit(&line, "ocr").as_deref(), Some("IU/L"));
        let line = [("ALP", 20.0), ("86", 250.0), ("U/L", 330.0), ("40 to 129 U/L", 400.0)];
        assert_eq!(unit(&line, "ocr").as_deref(), Some("U/L"));
        // No unit read, and none after the reference either.
        let line = [("INR", 20.0), ("1.29", 250.0), ("M: (0.72 - 1.08) F: (0.80 - 1.20)", 400.0)];
        assert_eq!(unit(&line, "ocr"), None);
        // Cut short (`g/d`, g/dL or g/L) beside a value that lost its point (24, possible
        // only in g/L), and printed whole after the reference: the reference's unit, and the
        // value with its point put back.
        let line = [("Globulin", 20.0), ("24", 250.0), ("g/d", 330.0), ("2.0-3.5 g/dL", 400.0)];
        assert_eq!(unit(&line, "ocr").as_deref(), Some("g/dL"));
        let rows = from_pages("t", &[page_of(1, &[&line])], "ocr", None).rows;
        assert_eq!(rows[0].row.value.number, Some(2.4), "{:?}", rows[0].row);
        // Its cell misread past being a unit (`gmvdt`) and the reference's unit read without
        // its `m`: the unit the reference prints, spelt as the cell reads.
        let line = [("Protein, Total", 20.0), ("7.3", 250.0), ("gmvdt", 330.0), ("6.4 to 8.3 g/dL", 400.0)];
        assert_eq!(unit(&line, "ocr").map(|u| u.to_lowercase()).as_deref(), Some("gm/dl"));
    }
}
