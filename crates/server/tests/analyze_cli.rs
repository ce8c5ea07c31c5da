//! `healthtracker analyze` as a user runs it: exit status, stderr and the JSON on stdout.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::Command;

use lopdf::content::{Content, Operation};
use lopdf::{Document, Object, Stream, dictionary};

fn analyze(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_healthtracker")).arg("analyze").args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

/// A one-page report: a header, patient details and two result rows in columns.
fn report_pdf() -> Vec<u8> {
    let line = |x: i64, y: i64, text: &str, font: &str| {
        vec![
            Operation::new("BT", vec![]),
            Operation::new("Tf", vec![Object::Name(font.as_bytes().to_vec()), 9.into()]),
            Operation::new("Td", vec![x.into(), y.into()]),
            Operation::new("Tj", vec![Object::string_literal(text)]),
            Operation::new("ET", vec![]),
        ]
    };
    let mut ops = Vec::new();
    for (x, y, t, f) in [
        (40, 800, "Age/Sex : 39 Yrs / F", "F1"),
        (40, 760, "Test", "F2"),
        (250, 760, "Result", "F2"),
        (350, 760, "Unit", "F2"),
        (450, 760, "Reference Range", "F2"),
        (40, 740, "Haemoglobin", "F1"),
        (250, 740, "10.6", "F2"),
        (350, 740, "g/dL", "F1"),
        (450, 740, "Male: 13-17; Female: 12-15.5", "F1"),
        (40, 725, "HBsAg", "F1"),
        (250, 725, "Reactive", "F1"),
        (450, 725, "Non Reactive", "F1"),
    ] {
        ops.extend(line(x, y, t, f));
    }
    let mut doc = Document::with_version("1.5");
    let pages = doc.new_object_id();
    let f1 = doc.add_object(dictionary! {"Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica"});
    let f2 = doc.add_object(dictionary! {"Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica-Bold"});
    let content = doc.add_object(Stream::new(dictionary! {}, Content { operations: ops }.encode().unwrap()));
    let page = doc.add_object(dictionary! {
        "Type" => "Page", "Parent" => pages, "Contents" => content,
        "Resources" => dictionary! {"Font" => dictionary! {"F1" => f1, "F2" => f2}},
    });
    doc.objects.insert(
        pages,
        Object::Dictionary(dictionary! {"Type" => "Pages", "Kids" => vec![page.into()], "Count" => 1, "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()]}),
    );
    let catalog = doc.add_object(dictionary! {"Type" => "Catalog", "Pages" => pages});
    doc.trailer.set("Root", catalog);
    let mut out = Vec::new();
    doc.save_to(&mut out).unwrap();
    out
}

#[test]
fn json_output_is_one_object_with_rows_in_both_spellings() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("report.pdf");
    std::fs::write(&path, report_pdf()).unwrap();
    // Options may come after the file.
    let (code, stdout, stderr) = analyze(&[path.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{stderr}");
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).expect("exactly one JSON object");
    assert_eq!(v["pages"], 1);
    assert_eq!(v["source"], "text");
    assert_eq!(v["patient"]["sex"], "female");
    assert_eq!(v["patient"]["age"], 39);
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), 2, "{results:?}");
    let hb = &results[0];
    assert_eq!(hb["name"], "Haemoglobin");
    assert_eq!(hb["value"], 10.6);
    assert_eq!(hb["valueText"], "10.6");
    assert_eq!(hb["value_text"], "10.6");
    assert_eq!(hb["unit"], "g/dL");
    assert_eq!(
        (hb["referenceLow"].clone(), hb["referenceHigh"].clone()),
        (12.0.into(), 15.5.into()),
        "the female range"
    );
    assert_eq!(hb["reference_low"], hb["referenceLow"]);
    assert_eq!(hb["flag"], "low");
    assert_eq!(hb["page"], 1);
    assert_eq!(hb["bbox"].as_array().unwrap().len(), 4);
    let hbsag = &results[1];
    assert_eq!(hbsag["valueText"], "Reactive");
    assert!(hbsag["value"].is_null());
    assert_eq!(hbsag["flag"], "positive");
}

#[test]
fn the_default_output_is_a_readable_table() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("report.pdf");
    std::fs::write(&path, report_pdf()).unwrap();
    let (code, stdout, _) = analyze(&[path.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(stdout.contains("2 results"));
    assert!(stdout.lines().any(|l| l.starts_with("Haemoglobin") && l.contains("10.6") && l.contains("low")));
}

#[test]
fn bad_input_fails_with_a_message_on_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nope.pdf");
    let (code, stdout, stderr) = analyze(&[missing.to_str().unwrap(), "--json"]);
    assert_ne!(code, 0);
    assert!(stdout.is_empty());
    assert!(stderr.contains("could not read"), "{stderr}");

    let text = dir.path().join("notes.pdf");
    std::fs::write(&text, "just text").unwrap();
    let (code, _, stderr) = analyze(&[text.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(stderr.contains("not a PDF, JPG or PNG"), "{stderr}");

    let broken = dir.path().join("broken.pdf");
    std::fs::write(&broken, b"%PDF-1.7\n1 0 obj <<").unwrap();
    let (code, _, stderr) = analyze(&[broken.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(stderr.contains("This file could not be read"), "{stderr}");
}
