//! A one-page lab report built with lopdf: patient details, a header row and result rows in
//! columns (test, result, unit, reference), as the reader meets them in real reports.

use lopdf::content::{Content, Operation};
use lopdf::{Document, Object, Stream, dictionary};

/// The two rows most tests use: a low haemoglobin (female range applies) and a reactive HBsAg.
pub const DEFAULT_ROWS: &[[&str; 4]] =
    &[["Haemoglobin", "10.6", "g/dL", "Male: 13-17; Female: 12-15.5"], ["HBsAg", "Reactive", "", "Non Reactive"]];

/// The report for `patient` (which also makes the bytes unique) with these rows.
pub fn report_pdf(patient: &str, rows: &[[&str; 4]]) -> Vec<u8> {
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
    ops.extend(line(40, 815, &format!("Patient Name : {patient}"), "F1"));
    ops.extend(line(40, 800, "Age/Sex : 39 Yrs / F", "F1"));
    ops.extend(line(300, 800, "Sample Collected On : 23/03/2026 08:15 AM", "F1"));
    for (x, t) in [(40, "Test"), (250, "Result"), (350, "Unit"), (450, "Reference Range")] {
        ops.extend(line(x, 760, t, "F2"));
    }
    let mut y = 740;
    for [name, value, unit, range] in rows {
        ops.extend(line(40, y, name, "F1"));
        ops.extend(line(250, y, value, "F2"));
        if !unit.is_empty() {
            ops.extend(line(350, y, unit, "F1"));
        }
        ops.extend(line(450, y, range, "F1"));
        y -= 15;
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
