//! Tesseract on an image the project draws itself (tests/fixtures/make_fixture.py).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ht_ocr::tesseract::OcrEngine;
use ht_reports::ExtractError;
use ht_reports::reading::rows_from_page;
use ht_reports::upload::FileKind;

const FIXTURE: &[u8] = include_bytes!("fixtures/synthetic_cbc.png");

#[test]
fn a_rendered_report_is_read_into_rows() {
    let mut engine = OcrEngine::new(None).unwrap();
    let page = engine.read_image(FIXTURE, FileKind::Png, 1).unwrap();
    assert_eq!((page.width, page.height), (1240.0, 700.0));
    let hb = page.words.iter().find(|w| w.text == "Haemoglobin").expect("the word Haemoglobin");
    assert!(hb.bbox.x0 > 40.0 && hb.bbox.x0 < 80.0, "{:?}", hb.bbox);

    let rows = rows_from_page(&page, None);
    let find = |name: &str| rows.iter().find(|r| r.name == name).unwrap_or_else(|| panic!("{name} in {rows:?}"));
    let hb = find("Haemoglobin");
    assert_eq!(hb.value.number, Some(13.5));
    assert_eq!(hb.unit.as_deref(), Some("g/dL"));
    assert_eq!(hb.range.as_ref().map(|r| (r.low, r.high)), Some((Some(13.0), Some(17.0))));
    assert_eq!(find("Total Leucocyte Count").value.number, Some(11200.0));
    assert_eq!(find("Fasting Glucose").value.number, Some(126.0));
    assert_eq!(find("Serum Creatinine").value.number, Some(0.9));
    assert!(rows.iter().all(|r| !r.name.starts_with("Age")), "patient details are not results");
}

#[test]
fn the_engine_is_reused_across_pages() {
    let mut engine = OcrEngine::new(None).unwrap();
    let first = engine.read_image(FIXTURE, FileKind::Png, 1).unwrap();
    let second = engine.read_image(FIXTURE, FileKind::Png, 2).unwrap();
    assert_eq!(second.number, 2);
    assert_eq!(first.words.len(), second.words.len());
}

#[test]
fn broken_images_and_pixel_floods_are_refused() {
    let mut engine = OcrEngine::new(None).unwrap();
    let truncated = &FIXTURE[..FIXTURE.len() / 3];
    assert!(engine.read_image(truncated, FileKind::Png, 1).is_err());
    assert!(matches!(engine.read_image(b"\xFF\xD8\xFFnot a jpeg", FileKind::Jpeg, 1), Err(ExtractError::Corrupt(_))));
    let mut flood = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    flood.extend_from_slice(&60_000u32.to_be_bytes());
    flood.extend_from_slice(&60_000u32.to_be_bytes());
    flood.extend_from_slice(&[8, 0, 0, 0, 0]);
    assert!(matches!(engine.read_image(&flood, FileKind::Png, 1), Err(ExtractError::Unsupported(_))));
}
