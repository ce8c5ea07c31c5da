//! `healthtracker-ocr`: the Tesseract worker (see `ht_ocr::worker`). It is the only program that
//! links Tesseract; the application starts it when a page needs OCR and speaks to it over stdin
//! and stdout. `--tessdata DIR` names Tesseract's data folder.

use std::ffi::CStr;
use std::process::ExitCode;

use ht_ocr::worker::Layout;
use ht_ocr::{preprocess, regions};
use leptess::{Variable, tesseract::TessApi};

/// Page segmentation mode 4, "a single column of text of variable sizes", for pages.
const SPARSE_COLUMNS: &CStr = c"4";
/// Mode 6, "a single uniform block of text", for regions read again and for rows.
const SINGLE_BLOCK: &CStr = c"6";

/// Tesseract with our settings.
fn engine(data_path: Option<&str>) -> Result<TessApi, String> {
    let mut tess = TessApi::new(data_path, "eng").map_err(|e| format!("Tesseract could not load English: {e}"))?;
    let setup = |e| format!("OCR setup failed: {e:?}");
    // Treating the page as one block turns lab tables into garbage; "sparse columns of text" (4)
    // keeps rows together like the command line does.
    tess.raw.set_variable(Variable::TesseditPagesegMode.as_cstr(), SPARSE_COLUMNS).map_err(setup)?;
    // Keep spaces between words of a cell, which the row parser uses.
    tess.raw.set_variable(Variable::PreserveInterwordSpaces.as_cstr(), c"1").map_err(setup)?;
    // Sauvola's local threshold for finding text: with the global Otsu threshold, grey print on a
    // photo that also holds black bars was thrown away as background, whole tables at a time
    // (the Tesseract 5 option has no name in leptess's list).
    tess.raw.set_variable(c"thresholding_method", c"2").map_err(setup)?;
    // Tesseract's own notes ("Detected 25 diacritics") go nowhere.
    tess.raw.set_variable(c"debug_file", c"/dev/null").map_err(setup)?;
    // No line read again inverted (white print on black) where Tesseract is unsure of it: on
    // a photo it is unsure of many, and none of a lab report's results is printed so. It cost
    // a tenth to a quarter of the time of labdata's photos (Sysmex 2.8 s to 2.1 s) and its
    // results read as well without it (F1 within .001 on labdata and four sets of phone photos).
    // Tesseract 5.3 calls it `tessedit_do_invert`, later ones `invert_threshold`; a Tesseract
    // that knows neither reads as before. (Table finding, also skippable, is worth its time:
    // without it labdata's images fell from F1 .942 to .897.)
    for (name, value) in [(c"tessedit_do_invert", c"0"), (c"invert_threshold", c"0")] {
        let _ = tess.raw.set_variable(name, value);
    }
    Ok(tess)
}

/// Tesseract's TSV (word boxes, confidences, line numbers) for one PGM image, read as `layout`
/// says. On a page, regions the layout analysis took for pictures, and columns of print it left
/// out, are read again as blocks of text (see `ht_ocr::regions`); rows are one block.
///
/// The pixels are handed to Tesseract as they are: Leptonica's PGM reader takes them a byte at a
/// time through `fread`, which was an eighth of the whole time of reading a 150 dpi scan
/// enlarged (`perf` on `healthtracker analyze`).
fn read(tess: &mut TessApi, layout: Layout, pgm: &[u8]) -> Result<String, String> {
    let (width, height, pixels) =
        preprocess::from_pgm(pgm).ok_or("the OCR worker was sent an image that is not an 8-bit PGM")?;
    let side = |n: u32| i32::try_from(n).map_err(|_| "the image is too large".to_string());
    let (w, h) = (side(width)?, side(height)?);
    tess.raw.set_image(pixels, w, h, 1, w).map_err(|e| format!("the image could not be handed to OCR: {e:?}"))?;
    // Phone photos rarely carry a resolution; assume a 300 dpi scan for Tesseract's heuristics.
    if tess.get_source_y_resolution() < 70 {
        tess.set_source_resolution(300);
    }
    if layout == Layout::Rows {
        return as_one_block(tess, tsv);
    }
    let page = tsv(tess)?;
    // Pictures first: where a column left out lies inside one, it is read with it.
    let mut again = regions::picture_regions(&page, w, h);
    let (after, between) = regions::unread_regions(&page, pixels, w, h, &again);
    again.extend(after);
    if again.is_empty() && between.is_empty() {
        return Ok(page);
    }
    let (rereads, added) = as_one_block(tess, |tess| {
        let mut read = |regions: Vec<regions::Rect>| {
            regions
                .into_iter()
                .map(|[x, y, w, h]| {
                    tess.set_rectangle(x, y, w, h);
                    Ok(([x, y, w, h], tsv(tess)?))
                })
                .collect::<Result<Vec<_>, String>>()
        };
        Ok((read(again)?, read(between)?))
    })?;
    Ok(regions::add_unread(&regions::splice(&page, &rereads), &added))
}

/// Tesseract's TSV of the image (or rectangle) it was last given.
fn tsv(tess: &mut TessApi) -> Result<String, String> {
    tess.get_tsv_text(0).map_err(|e| format!("OCR output: {e}"))
}

/// `work` done in mode 6 (one block of lines), the page mode put back after it whether or not
/// it failed, for the next page.
fn as_one_block<T>(tess: &mut TessApi, work: impl FnOnce(&mut TessApi) -> Result<T, String>) -> Result<T, String> {
    let mode = |tess: &mut TessApi, psm: &CStr| {
        tess.raw
            .set_variable(Variable::TesseditPagesegMode.as_cstr(), psm)
            .map_err(|e| format!("OCR setup failed: {e:?}"))
    };
    mode(tess, SINGLE_BLOCK)?;
    let done = work(tess);
    mode(tess, SPARSE_COLUMNS)?;
    done
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let data_path = match args.as_slice() {
        [] => None,
        [flag, dir] if flag == "--tessdata" => Some(dir.as_str()),
        _ => {
            eprintln!("usage: healthtracker-ocr [--tessdata DIR]  (started by healthtracker; speaks on stdin/stdout)");
            return ExitCode::from(2);
        }
    };
    match ht_ocr::worker::serve(engine(data_path), read, std::io::stdin().lock(), std::io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("healthtracker-ocr: {e}");
            ExitCode::FAILURE
        }
    }
}
