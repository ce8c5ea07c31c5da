//! `healthtracker analyze FILE`: the reading pipeline offline (no database, no network).

use std::path::Path;

use anyhow::{Context, bail};
use ht_reports::reading::{
    Flag, LabRow, Sex, detect_age, detect_sex, is_negative_result, is_positive_result, rows_from_page,
};
use ht_reports::upload::{FileKind, MAX_UPLOAD_BYTES};
use serde_json::{Value, json};

/// Largest number of pages read from one report.
pub const MAX_PAGES: usize = 100;

/// What `analyze` found in a file.
pub struct Analysis {
    /// The file as given.
    pub file: String,
    /// Pages read.
    pub pages: usize,
    /// Printed sex, if any.
    pub sex: Option<Sex>,
    /// Printed age, if any.
    pub age: Option<u32>,
    /// Result rows, in page order, each once.
    pub rows: Vec<LabRow>,
    /// `text` or `ocr`.
    pub source: &'static str,
}

/// Reads `path` and extracts its result rows.
///
/// # Errors
/// When the file cannot be read, is not a PDF, JPEG or PNG, is an image (OCR is not built yet),
/// or its PDF cannot be parsed.
pub fn analyze(path: &Path) -> anyhow::Result<Analysis> {
    let bytes = std::fs::read(path).with_context(|| format!("could not read {}", path.display()))?;
    if bytes.len() as u64 > MAX_UPLOAD_BYTES {
        bail!("{} is larger than 10 MB", path.display());
    }
    let unreadable = |e: ht_reports::ExtractError| anyhow::anyhow!("This file could not be read: {e}");
    let (pages, source) = match FileKind::sniff(&bytes) {
        Some(FileKind::Pdf) => read_pdf_pages(&bytes).map_err(unreadable)?,
        Some(kind @ (FileKind::Jpeg | FileKind::Png)) => {
            let mut engine = ht_ocr::tesseract::OcrEngine::new(None).map_err(unreadable)?;
            (vec![engine.read_image(&bytes, kind, 1).map_err(unreadable)?], "ocr")
        }
        None => bail!("{}: not a PDF, JPG or PNG file", path.display()),
    };
    let text: String =
        pages.iter().take(2).flat_map(|p| p.words.iter().map(|w| w.text.as_str())).collect::<Vec<_>>().join(" ");
    let sex = detect_sex(&text);
    let age = detect_age(&text);
    let mut rows: Vec<(LabRow, bool)> = Vec::new();
    for page in &pages {
        let summary = page.words.iter().any(|w| w.text.eq_ignore_ascii_case("summary"));
        for row in rows_from_page(page, sex) {
            let key = |r: &LabRow| (normalise(&r.name), r.value.text.to_lowercase());
            if !rows.iter().any(|(r, _)| key(r) == key(&row)) {
                rows.push((row, summary));
            }
        }
    }
    // A summary page that repeats results (perhaps under shorter names) must not double them.
    let repeats = |a: &LabRow, b: &LabRow| {
        let (na, nb) = (normalise(&a.name), normalise(&b.name));
        a.value.text == b.value.text
            && a.unit == b.unit
            && na.len() >= 4
            && nb.len() >= 4
            && (na.starts_with(&nb[..4]) || nb.starts_with(&na[..4]))
    };
    let keep: Vec<bool> = rows
        .iter()
        .map(|(r, summary)| !*summary || !rows.iter().any(|(o, other_summary)| !*other_summary && repeats(r, o)))
        .collect();
    let rows: Vec<LabRow> = rows.into_iter().zip(keep).filter(|(_, k)| *k).map(|((r, _), _)| r).collect();
    Ok(Analysis { file: path.display().to_string(), pages: pages.len(), sex, age, rows, source })
}

/// The PDF's text layer; pages without one (scans) are read from their image by OCR.
fn read_pdf_pages(bytes: &[u8]) -> Result<(Vec<ht_reports::Page>, &'static str), ht_reports::ExtractError> {
    let mut pages = ht_ocr::pdf_text::read_pdf(bytes, MAX_PAGES)?;
    let scanned: Vec<u32> = pages.iter().filter(|p| p.words.is_empty()).map(|p| p.number).collect();
    if scanned.is_empty() {
        return Ok((pages, "text"));
    }
    let mut engine = ht_ocr::tesseract::OcrEngine::new(None)?;
    for (number, image, kind) in ht_ocr::pdf_images::page_images(bytes, &scanned)? {
        if let Some(slot) = pages.iter_mut().find(|p| p.number == number) {
            *slot = engine.read_image(&image, kind, number)?;
        }
    }
    let source = if scanned.len() == pages.len() { "ocr" } else { "mixed" };
    Ok((pages, source))
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
    if r.high.is_some_and(|h| v > h) {
        Some("high")
    } else if r.low.is_some_and(|l| v < l) {
        Some("low")
    } else {
        None
    }
}

impl Analysis {
    /// The single JSON object `analyze --json` prints (camelCase and snake_case fields).
    pub fn to_json(&self) -> Value {
        let results: Vec<Value> = self
            .rows
            .iter()
            .map(|r| {
                let low = r.range.as_ref().and_then(|x| x.low);
                let high = r.range.as_ref().and_then(|x| x.high);
                json!({
                    "name": r.name,
                    "canonical": null,
                    "loinc": null,
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
                    "flag": flag_of(r),
                    "severity": null,
                    "page": r.page,
                    "bbox": [r.bbox.x0, r.bbox.y0, r.bbox.x1, r.bbox.y1],
                    "confidence": 1.0,
                    "needsReview": false,
                })
            })
            .collect();
        let sex = self.sex.map(|s| match s {
            Sex::Male => "male",
            Sex::Female => "female",
        });
        json!({
            "file": self.file,
            "pages": self.pages,
            "source": self.source,
            "patient": {"sex": sex, "age": self.age},
            "collectedAt": null,
            "results": results,
        })
    }

    /// A readable table.
    pub fn to_table(&self) -> String {
        let mut out = format!("{}: {} pages, {} results\n", self.file, self.pages, self.rows.len());
        out.push_str(&format!(
            "{:<40} {:>12} {:<14} {:<24} {:<6} {}\n",
            "Test", "Value", "Unit", "Reference", "Flag", "Page"
        ));
        for r in &self.rows {
            out.push_str(&format!(
                "{:<40} {:>12} {:<14} {:<24} {:<6} {}\n",
                r.name.chars().take(40).collect::<String>(),
                r.value.text,
                r.unit.as_deref().unwrap_or(""),
                r.range_text.as_deref().unwrap_or("").chars().take(24).collect::<String>(),
                flag_of(r).unwrap_or(""),
                r.page
            ));
        }
        out
    }
}
