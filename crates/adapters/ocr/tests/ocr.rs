//! Tesseract on an image the project draws itself (tests/fixtures/make_fixture.py).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ht_ocr::preprocess::Look;
use ht_ocr::tesseract::OcrEngine;
use ht_ocr::worker::Layout;
use ht_reports::reading::rows_from_page;
use ht_reports::upload::FileKind;
use ht_reports::{BBox, ExtractError};

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
fn a_pages_letters_are_measured_before_it_is_read_and_reading_it_then_gives_the_same_words() {
    let prepared = OcrEngine::prepare(FIXTURE, FileKind::Png, Look::Native).unwrap();
    // DejaVu Sans at 26 px (make_fixture.py): small letters 14 px tall, capitals and digits 19.
    let height = prepared.letter_height().expect("a page of text has letters to measure");
    assert!((14.0..=19.0).contains(&height), "{height}");
    let mut engine = OcrEngine::new(None).unwrap();
    let (page, _) = engine.read_prepared(prepared, 3).unwrap();
    assert_eq!(page.number, 3);
    let direct = engine.read_image(FIXTURE, FileKind::Png, 3).unwrap();
    let texts = |p: &ht_reports::Page| p.words.iter().map(|w| w.text.clone()).collect::<Vec<_>>();
    assert_eq!(texts(&page), texts(&direct));
}

#[test]
fn a_page_with_wide_margins_gives_its_words_where_they_are_on_the_page() {
    // The fixture drawn at (600, 500) on a white page four times its size: the box round its
    // ink is well under three quarters of the page, so the page is read cut to it.
    let fixture = image::load_from_memory(FIXTURE).unwrap().to_luma8();
    let mut wide = image::GrayImage::from_pixel(fixture.width() * 2, fixture.height() * 2, image::Luma([255]));
    image::imageops::replace(&mut wide, &fixture, 600, 500);
    let mut png = std::io::Cursor::new(Vec::new());
    wide.write_to(&mut png, image::ImageFormat::Png).unwrap();
    let mut engine = OcrEngine::new(None).unwrap();
    let alone = engine.read_image(FIXTURE, FileKind::Png, 1).unwrap();
    let page = engine.read_image(png.get_ref(), FileKind::Png, 1).unwrap();
    assert_eq!((page.width, page.height), (2480.0, 1400.0));
    let at = |p: &ht_reports::Page| {
        let hb = p.words.iter().find(|w| w.text == "Haemoglobin").expect("the word Haemoglobin");
        (hb.bbox.x0, hb.bbox.y0)
    };
    let ((x, y), (x_alone, y_alone)) = (at(&page), at(&alone));
    assert!(
        (x - (x_alone + 600.0)).abs() <= 2.0 && (y - (y_alone + 500.0)).abs() <= 2.0,
        "{x},{y} vs {x_alone},{y_alone}"
    );
    let texts = |p: &ht_reports::Page| p.words.iter().map(|w| w.text.clone()).collect::<Vec<_>>();
    assert_eq!(texts(&page), texts(&alone));
}

#[test]
fn a_tall_page_is_read_in_two_halves_at_once_with_its_words_where_they_are_on_the_page() {
    // The real worker, behind a script that counts how many are started and keeps what each
    // is sent.
    let real = env!("CARGO_BIN_EXE_healthtracker-ocr");
    let counting = FakeWorker::saying("halves", "", &format!("tee \"$(dirname \"$0\")/sent.$$\" | '{real}'"));
    let sent_to = || -> Vec<u64> {
        let mut sizes: Vec<u64> = std::fs::read_dir(&counting.dir)
            .unwrap()
            .filter_map(Result::ok)
            .filter(|e| e.file_name().to_string_lossy().starts_with("sent."))
            .map(|e| e.metadata().unwrap().len())
            .collect();
        sizes.sort_unstable();
        sizes
    };
    let mut engine = OcrEngine::with_worker(&counting.script, None).unwrap();
    let alone = engine.read_image(FIXTURE, FileKind::Png, 1).unwrap();
    // Two copies of the fixture, the second 800 px below the first: 1500 px tall.
    let fixture = image::load_from_memory(FIXTURE).unwrap().to_luma8();
    let mut tall = image::GrayImage::from_pixel(fixture.width(), 1500, image::Luma([255]));
    image::imageops::replace(&mut tall, &fixture, 0, 0);
    image::imageops::replace(&mut tall, &fixture, 0, 800);
    let mut png = std::io::Cursor::new(Vec::new());
    tall.write_to(&mut png, image::ImageFormat::Png).unwrap();
    let whole = engine.read_image(png.get_ref(), FileKind::Png, 1).unwrap();
    assert_eq!(counting.starts(), 1, "unless told to, the engine reads a tall page whole");
    engine.set_halves(true);
    let page = engine.read_image(png.get_ref(), FileKind::Png, 1).unwrap();
    assert_eq!(counting.starts(), 2, "a second worker");
    // Each was sent a page: the second, the lower half.
    let sent = sent_to();
    assert!(sent.len() == 2 && sent[0] > 0, "{sent:?}");
    assert_eq!(whole.words.len(), page.words.len());
    assert_eq!(page.height, 1500.0);
    // Each word of the fixture is found twice: where it is alone, and 800 px lower.
    let near = |text: &str, x: f32, y: f32| {
        page.words.iter().find(|w| w.text == text && (w.bbox.x0 - x).abs() <= 3.0 && (w.bbox.y0 - y).abs() <= 3.0)
    };
    let mut upper_lines = Vec::new();
    let mut lower_lines = Vec::new();
    for word in alone.words.iter().filter(|w| w.text.len() >= 4 && w.text.chars().all(char::is_alphabetic)) {
        let (x, y) = (word.bbox.x0, word.bbox.y0);
        let upper = near(&word.text, x, y).unwrap_or_else(|| panic!("{} at {x},{y}", word.text));
        let lower = near(&word.text, x, y + 800.0).unwrap_or_else(|| panic!("{} at {x},{}", word.text, y + 800.0));
        upper_lines.push(upper.line.unwrap());
        lower_lines.push(lower.line.unwrap());
    }
    assert!(upper_lines.len() >= 10, "{upper_lines:?}");
    // The lower half's lines are numbered after the upper half's.
    assert!(upper_lines.iter().max() < lower_lines.iter().min(), "{upper_lines:?} {lower_lines:?}");
}

#[test]
fn two_looks_at_a_page_read_at_once_by_two_workers_give_each_what_it_gives_alone() {
    let real = env!("CARGO_BIN_EXE_healthtracker-ocr");
    let counting = FakeWorker::saying("pair", "", &format!("'{real}'"));
    let mut engine = OcrEngine::with_worker(&counting.script, None).unwrap();
    let look = |look: Look| OcrEngine::prepare(FIXTURE, FileKind::Png, look).unwrap();
    let (enlarged, _) = engine.read_prepared(look(Look::Enlarged), 2).unwrap();
    let enlarged_confidence = engine.confidence();
    let (native, _) = engine.read_prepared(look(Look::Native), 2).unwrap();
    let native_confidence = engine.confidence();
    assert_eq!(counting.starts(), 1, "one worker reads one image at a time");
    let [(a, _, a_confidence), (b, _, b_confidence)] =
        engine.read_prepared_pair(look(Look::Enlarged), look(Look::Native), 2).unwrap();
    assert_eq!(counting.starts(), 2, "a second worker reads the second image");
    let words = |p: &ht_reports::Page| {
        p.words.iter().map(|w| (w.text.clone(), w.bbox.x0.round() as i32, w.bbox.y0.round() as i32)).collect::<Vec<_>>()
    };
    assert!(words(&a).len() >= 20, "{:?}", words(&a));
    assert_eq!((words(&a), a.width, a.number), (words(&enlarged), enlarged.width, 2));
    assert_eq!((words(&b), b.width, b.number), (words(&native), native.width, 2));
    assert!(a.width > b.width, "the enlarged look first");
    assert_eq!((a_confidence, b_confidence), (enlarged_confidence, native_confidence));
    assert_eq!(engine.confidence(), native_confidence);
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

#[test]
fn the_worker_named_by_the_build_reads_like_the_one_found_beside_the_program() {
    let mut named =
        OcrEngine::with_worker(std::path::Path::new(env!("CARGO_BIN_EXE_healthtracker-ocr")), None).unwrap();
    let mut found = OcrEngine::new(None).unwrap();
    let a = named.read_image(FIXTURE, FileKind::Png, 1).unwrap();
    let b = found.read_image(FIXTURE, FileKind::Png, 1).unwrap();
    let texts = |p: &ht_reports::Page| p.words.iter().map(|w| w.text.clone()).collect::<Vec<_>>();
    assert_eq!(texts(&a), texts(&b));
}

/// A stand-in worker: a shell script that counts its starts in `dir/starts`, says it is ready,
/// then runs `then` (nothing: it dies before answering; `exec sleep 60`: it hangs).
struct FakeWorker {
    dir: std::path::PathBuf,
    script: std::path::PathBuf,
}

/// What a worker whose engine loaded says first.
const READY: &str = "printf '\\000\\000\\000\\000\\000'";

impl FakeWorker {
    fn new(name: &str, then: &str) -> Self {
        Self::saying(name, READY, then)
    }

    /// A stand-in that first runs `hello` (instead of saying it is ready), then `then`.
    fn saying(name: &str, hello: &str, then: &str) -> Self {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("ht-ocr-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let script = dir.join("worker.sh");
        let starts = dir.join("starts");
        let body = format!("#!/bin/sh\necho start >> '{}'\n{hello}\n{then}\n", starts.display());
        std::fs::write(&script, body).unwrap();
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
        Self { dir, script }
    }

    fn starts(&self) -> usize {
        std::fs::read_to_string(self.dir.join("starts")).unwrap().lines().count()
    }
}

impl Drop for FakeWorker {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

#[test]
fn a_worker_that_dies_fails_only_that_image_and_is_replaced_for_the_next() {
    // Says it is ready, then dies before answering, as a worker that crashed inside Tesseract.
    let fake = FakeWorker::new("dying", "");
    let mut engine = OcrEngine::with_worker(&fake.script, None).unwrap();
    for _ in 0..2 {
        match engine.read_image(FIXTURE, FileKind::Png, 1) {
            Err(ExtractError::Corrupt(why)) => assert!(why.contains("OCR stopped"), "{why}"),
            other => panic!("expected a failed image, got {other:?}"),
        }
    }
    assert_eq!(fake.starts(), 2, "the second image starts a new worker");
}

#[test]
fn a_worker_whose_engine_cannot_load_is_started_without_waiting_and_says_why_at_the_first_image() {
    // Status 1 and a message of 15 bytes: as a worker without Tesseract's English data.
    let fake = FakeWorker::saying("no-data", "printf '\\001\\017\\000\\000\\000no English data'", "");
    let mut engine = OcrEngine::with_worker(&fake.script, None).expect("the engine does not wait for its model");
    for _ in 0..2 {
        match engine.read_image(FIXTURE, FileKind::Png, 1) {
            Err(ExtractError::Unsupported(why)) => {
                assert!(why.contains("OCR is not available here: no English data"), "{why}");
            }
            other => panic!("expected OCR to be unavailable, got {other:?}"),
        }
    }
    assert_eq!(fake.starts(), 2, "the next image tries a new worker");
}

#[test]
fn a_worker_spawned_without_waiting_is_asked_nothing_before_it_is_ready() {
    // Says it is ready, then answers the first request with `tsv` (and reads whatever it is sent).
    let fake = FakeWorker::new("answering", "printf '\\000\\003\\000\\000\\000tsv'\nexec cat > /dev/null");
    let mut worker = ht_ocr::worker::Worker::spawn(&fake.script, None).unwrap();
    let answer = worker.tsv(Layout::Page, b"P5\n1 1\n255\n\0", None).unwrap();
    assert_eq!(answer, Ok("tsv".to_string()), "its hello is not the answer");
}

#[test]
fn a_worker_still_loading_its_engine_at_the_deadline_is_stopped() {
    use std::time::{Duration, Instant};
    // Never says it is ready: an engine stuck loading. Starting it does not wait for it.
    let fake = FakeWorker::saying("loading", "exec sleep 60", "");
    let mut engine = OcrEngine::with_worker(&fake.script, None).unwrap();
    engine.set_deadline(Some(Instant::now() + Duration::from_secs(2)));
    let began = Instant::now();
    let result = engine.read_image(FIXTURE, FileKind::Png, 1);
    assert!(matches!(result, Err(ExtractError::TimedOut)), "{result:?}");
    assert!(began.elapsed() < Duration::from_secs(30), "the worker was killed, not waited for");
}

#[test]
fn a_deadline_stops_tesseract_in_progress_and_the_next_image_gets_a_new_worker() {
    use std::time::{Duration, Instant};
    // Ready at once, then "reads" for a minute: a page Tesseract is stuck on.
    let fake = FakeWorker::new("slow", "exec sleep 60");
    let mut engine = OcrEngine::with_worker(&fake.script, None).unwrap();
    engine.set_deadline(Some(Instant::now() + Duration::from_millis(300)));
    let began = Instant::now();
    let result = engine.read_image(FIXTURE, FileKind::Png, 1);
    let took = began.elapsed();
    assert!(matches!(result, Err(ExtractError::TimedOut)), "{result:?}");
    assert!(took < Duration::from_secs(30), "the stuck worker was killed, not waited for ({took:?})");
    // Past the deadline nothing more is started.
    assert!(matches!(engine.read_image(FIXTURE, FileKind::Png, 1), Err(ExtractError::TimedOut)));
    // The image is prepared before the deadline is set, so that the deadline is not passed
    // before the worker is started: preparing it on a loaded machine (tests reading images
    // beside it) once took longer than the 3 s allowed, and no worker was started. And the
    // worker has ten seconds to say it started: on a machine running OCR on both cores beside
    // the tests, 3 s once passed before its shell wrote a line, and it was killed unheard.
    let prepared = OcrEngine::prepare(FIXTURE, FileKind::Png, Look::Native).unwrap();
    engine.set_deadline(Some(Instant::now() + Duration::from_secs(10)));
    assert!(matches!(engine.read_prepared(prepared, 1), Err(ExtractError::TimedOut)));
    assert_eq!(fake.starts(), 2, "a fresh worker for the image after the killed one");
}

/// One row of a phone photo as the reader cleaned it, `Monocytes  (2 - 10)  7  %`, slightly
/// tilted, with slivers of the rows above and below (fixtures/README.md).
const PHOTO_ROW: &[u8] = include_bytes!("fixtures/photo_row.png");

#[test]
fn a_row_read_again_as_rows_keeps_the_result_the_layout_analysis_leaves_out() {
    let prepared = OcrEngine::prepare(PHOTO_ROW, FileKind::Png, Look::Native).unwrap();
    let mut engine = OcrEngine::new(None).unwrap();
    let (page, prepared) = engine.read_prepared(prepared, 1).unwrap();
    let band = BBox { x0: 0.0, y0: page.height * 0.2, x1: page.width, y1: page.height * 0.75 };
    let mut texts = |layout| -> Vec<String> {
        engine.reread_bands(&prepared, &[band], layout).unwrap().into_iter().map(|w| w.text).collect()
    };
    // Tesseract's layout analysis drops the lone result, on the page and on the band alone.
    assert!(!page.words.iter().any(|w| w.text == "7"), "the page as first read");
    let as_page = texts(Layout::Page);
    assert!(!as_page.contains(&"7".to_string()), "this row no longer shows the case: {as_page:?}");
    // Read as a row, across: the name, its range and its result.
    let as_rows = texts(Layout::Rows);
    for word in ["Monocytes", "(2", "10)", "7"] {
        assert!(as_rows.contains(&word.to_string()), "{word} in {as_rows:?}");
    }
}
