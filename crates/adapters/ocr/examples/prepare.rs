//! Writes the page Tesseract sees (after clean-up) as a PGM file, to look at what OCR gets.
//!
//!     cargo run --release -p ht-ocr --example prepare -- photo.jpg out.pgm [--enlarged]
use std::process::ExitCode;

use ht_ocr::preprocess::Look;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let (input, output, look) = match args.as_slice() {
        [_, input, output] => (input, output, Look::Native),
        [_, input, output, flag] if flag == "--enlarged" => (input, output, Look::Enlarged),
        _ => {
            eprintln!("usage: prepare <photo.jpg|png> <out.pgm> [--enlarged]");
            return ExitCode::from(2);
        }
    };
    let run = || -> Result<(), String> {
        let bytes = std::fs::read(input).map_err(|e| format!("{input}: {e}"))?;
        let pgm = ht_ocr::preprocess::prepare(&bytes, 50_000_000, look).map_err(|e| e.to_string())?;
        std::fs::write(output, pgm).map_err(|e| format!("{output}: {e}"))
    };
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
