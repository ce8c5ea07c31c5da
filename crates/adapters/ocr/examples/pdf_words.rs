//! Prints a PDF's text layer as lines rebuilt from word positions, for comparing with
//! `pdftotext -layout`: `cargo run -p ht-ocr --release --example pdf_words -- FILE.pdf [--rows]`
//! (`--rows` adds the rows the row reader finds on each page).

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: pdf_words FILE.pdf");
        std::process::exit(2);
    };
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    };
    let started = std::time::Instant::now();
    let pages = match ht_ocr::pdf_text::read_pdf(&bytes, 200) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    };
    let elapsed = started.elapsed();
    for page in &pages {
        println!("--- page {} ({} x {} pt, {} words)", page.number, page.width, page.height, page.words.len());
        let mut words: Vec<_> = page.words.iter().collect();
        words.sort_by(|a, b| a.bbox.mid_y().total_cmp(&b.bbox.mid_y()));
        let mut lines: Vec<Vec<&ht_reports::Word>> = Vec::new();
        for w in words {
            match lines.last_mut() {
                Some(line) if (line[0].bbox.mid_y() - w.bbox.mid_y()).abs() < 0.5 * line[0].bbox.height().max(1.0) => {
                    line.push(w)
                }
                _ => lines.push(vec![w]),
            }
        }
        for mut line in lines {
            line.sort_by(|a, b| a.bbox.x0.total_cmp(&b.bbox.x0));
            let mut out = String::new();
            for w in line {
                let col = (w.bbox.x0 / 4.5) as usize;
                if out.chars().count() < col {
                    out.push_str(&" ".repeat(col - out.chars().count()));
                } else if !out.is_empty() {
                    out.push(' ');
                }
                out.push_str(&w.text);
                if w.bold {
                    out.push('\u{2020}');
                }
            }
            println!("{out}");
        }
        if std::env::args().any(|a| a == "--rows") {
            println!("--- rows");
            for row in ht_reports::reading::rows_from_page(page, None) {
                println!("{:?} | {} | {:?} | {:?}", row.name, row.value.text, row.unit, row.range_text);
            }
        }
    }
    eprintln!("{} pages in {:.1} ms", pages.len(), elapsed.as_secs_f64() * 1000.0);
}
