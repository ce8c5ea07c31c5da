//! Prints what OCR reads on an image, as lines rebuilt from word positions, with the rows the
//! row reader finds in them, to see why a row is missed:
//! `cargo run -p ht-ocr --release --example ocr_lines -- photo.jpg [--enlarged] [--page N] [--words] [--sex M|F]`
//! (a PDF is read through its page images; `--sex` reads the rows for that sex, as `analyze` does
//! on a report that prints it). OCR runs in the `healthtracker-ocr` worker: build it
//! first with `cargo build -p ht-ocr --release --bins`.
use ht_ocr::preprocess::Look;
use ht_ocr::tesseract::OcrEngine;
use ht_reports::reading::Sex;
use ht_reports::upload::FileKind;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: ocr_lines FILE [--enlarged] [--page N]");
        std::process::exit(2);
    };
    let look = if args.iter().any(|a| a == "--enlarged") { Look::Enlarged } else { Look::Native };
    let page = args.iter().position(|a| a == "--page").and_then(|i| args.get(i + 1)).and_then(|n| n.parse().ok());
    let sex = match args.iter().position(|a| a == "--sex").and_then(|i| args.get(i + 1)).map(String::as_str) {
        Some("M" | "m") => Some(Sex::Male),
        Some("F" | "f") => Some(Sex::Female),
        _ => None,
    };
    let bytes = std::fs::read(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(1)
    });
    let images = match FileKind::sniff(&bytes) {
        Some(FileKind::Pdf) => ht_ocr::pdf_images::page_images(&bytes, &[page.unwrap_or(1)]).unwrap_or_default(),
        Some(kind) => vec![(1, bytes, kind)],
        None => {
            eprintln!("{path}: not a PDF, JPG or PNG file");
            std::process::exit(1)
        }
    };
    let mut engine = OcrEngine::new(None).unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1)
    });
    for (number, image, kind) in images {
        let page = engine.read_image_with(&image, kind, number, look).unwrap_or_else(|e| {
            eprintln!("{e}");
            std::process::exit(1)
        });
        println!("--- page {number}");
        if args.iter().any(|a| a == "--words") {
            for w in &page.words {
                println!(
                    "{:?} {:.0} {:.0} {:.0} {:.0} line {:?}",
                    w.text, w.bbox.x0, w.bbox.y0, w.bbox.x1, w.bbox.y1, w.line
                );
            }
        }
        println!("{}", ht_reports::reading::page_text_by_lines(&page));
        println!("--- rows");
        for row in ht_reports::reading::rows_from_page(&page, sex) {
            println!("{row:?}");
        }
    }
}
