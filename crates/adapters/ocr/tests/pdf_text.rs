//! The content-stream walker on PDFs built here with lopdf: positions, spacing, fonts, rotation,
//! composite fonts with ToUnicode, form XObjects, and every way a file can be unreadable.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use ht_ocr::pdf_text::read_pdf;
use ht_reports::ExtractError;
use lopdf::content::{Content, Operation};
use lopdf::{Document, Object, Stream, dictionary};
use proptest::prelude::*;

fn op(name: &str, operands: Vec<Object>) -> Operation {
    Operation::new(name, operands)
}

fn s(text: &str) -> Object {
    Object::string_literal(text)
}

/// A one-page A4 PDF whose content is `ops`, with fonts F1 (Helvetica), F2 (Helvetica-Bold) and
/// F3 (a Type0 font with a ToUnicode map for 2-byte codes), and extra page entries.
fn pdf_with(
    pages: usize,
    ops: Vec<Operation>,
    page_extra: Vec<(&str, Object)>,
    xobjects: Vec<(&str, Stream)>,
) -> Vec<u8> {
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let helv = doc.add_object(dictionary! {"Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica"});
    let bold = doc.add_object(dictionary! {"Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica-Bold"});
    let cmap = b"/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n2 beginbfchar\n<0001> <0048>\n<0002> <0062>\nendbfchar\nendcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n".to_vec();
    let to_unicode = doc.add_object(Stream::new(dictionary! {}, cmap));
    let cid = doc.add_object(dictionary! {
        "Type" => "Font", "Subtype" => "CIDFontType2", "BaseFont" => "Noto",
        "DW" => 600, "W" => vec![Object::Integer(1), Object::Array(vec![Object::Integer(700), Object::Integer(550)])],
    });
    let type0 = doc.add_object(dictionary! {
        "Type" => "Font", "Subtype" => "Type0", "BaseFont" => "Noto", "Encoding" => "Identity-H",
        "DescendantFonts" => vec![Object::Reference(cid)], "ToUnicode" => Object::Reference(to_unicode),
    });
    let mut xobject_dict = lopdf::Dictionary::new();
    for (name, stream) in xobjects {
        let id = doc.add_object(stream);
        xobject_dict.set(name, Object::Reference(id));
    }
    let resources = doc.add_object(dictionary! {
        "Font" => dictionary! {"F1" => helv, "F2" => bold, "F3" => type0},
        "XObject" => xobject_dict,
    });
    let content = doc.add_object(Stream::new(dictionary! {}, Content { operations: ops }.encode().unwrap()));
    let mut kids = vec![];
    for _ in 0..pages {
        let mut page =
            dictionary! {"Type" => "Page", "Parent" => pages_id, "Contents" => content, "Resources" => resources};
        for (k, v) in &page_extra {
            page.set(*k, v.clone());
        }
        kids.push(Object::Reference(doc.add_object(page)));
    }
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {"Type" => "Pages", "Kids" => kids, "Count" => pages as i64, "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()]}),
    );
    let catalog = doc.add_object(dictionary! {"Type" => "Catalog", "Pages" => pages_id});
    doc.trailer.set("Root", catalog);
    let mut out = Vec::new();
    doc.save_to(&mut out).unwrap();
    out
}

fn text_at(font: &str, size: i64, x: i64, y: i64, text: &str) -> Vec<Operation> {
    vec![
        op("BT", vec![]),
        op("Tf", vec![Object::Name(font.as_bytes().to_vec()), size.into()]),
        op("Td", vec![x.into(), y.into()]),
        op("Tj", vec![s(text)]),
        op("ET", vec![]),
    ]
}

fn words(bytes: &[u8]) -> Vec<(String, f32, f32, bool)> {
    read_pdf(bytes, 10).unwrap()[0].words.iter().map(|w| (w.text.clone(), w.bbox.x0, w.bbox.y0, w.bold)).collect()
}

#[test]
fn words_come_with_positions_from_the_top_left() {
    let mut ops = text_at("F1", 10, 50, 800, "Haemoglobin 13.5 g/dL");
    ops.extend(text_at("F1", 10, 50, 780, "Platelets"));
    let w = words(&pdf_with(1, ops, vec![], vec![]));
    let texts: Vec<&str> = w.iter().map(|x| x.0.as_str()).collect();
    assert_eq!(texts, ["Haemoglobin", "13.5", "g/dL", "Platelets"]);
    assert_eq!(w[0].1, 50.0);
    // Baseline 800 from the bottom of an 842 pt page, minus the ascent: 842 - 800 - 8.
    assert!((w[0].2 - 34.0).abs() < 0.01, "{}", w[0].2);
    assert!(w[3].2 > w[0].2, "the second line is lower on the page");
    assert!(w[1].1 > w[0].1 + 50.0, "13.5 follows the name");
}

#[test]
fn large_tj_gaps_split_words_and_kerning_does_not() {
    let ops = vec![
        op("BT", vec![]),
        op("Tf", vec!["F1".into(), 10.into()]),
        op("Td", vec![50.into(), 700.into()]),
        op("TJ", vec![Object::Array(vec![s("Glu"), Object::Integer(-20), s("cose"), Object::Integer(-3000), s("98")])]),
        op("ET", vec![]),
    ];
    let w = words(&pdf_with(1, ops, vec![], vec![]));
    let texts: Vec<&str> = w.iter().map(|x| x.0.as_str()).collect();
    assert_eq!(texts, ["Glucose", "98"]);
    assert!(w[1].1 > w[0].1 + 30.0);
}

#[test]
fn words_set_apart_by_a_kerned_space_without_a_space_character_are_two_words() {
    // A writer that places each word itself, measured with kerning: `Total` in Helvetica is
    // 22.23 pt at 10 pt unkerned, 21.12 pt kerned, so `Count` starts 1.67 pt (a sixth of an em,
    // less than the 2.78 pt of a space) after the drawn word. Letters a small kern apart stay one.
    let mut ops = text_at("F1", 10, 50, 700, "Total");
    ops.extend([
        op("BT", vec![]),
        op("Tf", vec!["F1".into(), 10.into()]),
        op("Td", vec![Object::Real(73.9), 700.into()]),
        op("TJ", vec![Object::Array(vec![s("Co"), Object::Integer(40), s("unt")])]),
        op("ET", vec![]),
    ]);
    let w = words(&pdf_with(1, ops, vec![], vec![]));
    let texts: Vec<&str> = w.iter().map(|x| x.0.as_str()).collect();
    assert_eq!(texts, ["Total", "Count"]);
}

#[test]
fn a_cell_placed_close_after_the_text_before_it_starts_a_word_and_kerning_that_close_does_not() {
    // A unit whose cell runs up to the reference's (`bench/layouts.py`, seed 202): `U/L` in
    // Helvetica is 15.56 pt at 10 pt, and the reference is placed 1.34 pt (0.134 em) after it.
    let mut ops = text_at("F1", 10, 50, 700, "U/L");
    ops.extend([
        op("BT", vec![]),
        op("Tf", vec!["F1".into(), 10.into()]),
        op("Td", vec![Object::Real(66.9), 700.into()]),
        op("Tj", vec![s("4.00")]),
        op("ET", vec![]),
    ]);
    // The same gap kerned inside one string is a word's own spacing.
    ops.extend([
        op("BT", vec![]),
        op("Tf", vec!["F1".into(), 10.into()]),
        op("Td", vec![50.into(), 650.into()]),
        op("TJ", vec![Object::Array(vec![s("Glu"), Object::Integer(-134), s("cose")])]),
        op("ET", vec![]),
    ]);
    let w = words(&pdf_with(1, ops, vec![], vec![]));
    let texts: Vec<&str> = w.iter().map(|x| x.0.as_str()).collect();
    assert_eq!(texts, ["U/L", "4.00", "Glucose"]);
}

#[test]
fn bold_fonts_are_marked() {
    let mut ops = text_at("F1", 10, 50, 700, "LDL");
    ops.extend(text_at("F2", 10, 200, 700, "162"));
    let w = words(&pdf_with(1, ops, vec![], vec![]));
    assert_eq!((w[0].0.as_str(), w[0].3), ("LDL", false));
    assert_eq!((w[1].0.as_str(), w[1].3), ("162", true));
}

#[test]
fn composite_fonts_decode_through_to_unicode() {
    let ops = vec![
        op("BT", vec![]),
        op("Tf", vec!["F3".into(), 12.into()]),
        op("Td", vec![100.into(), 500.into()]),
        op("Tj", vec![Object::String(vec![0, 1, 0, 2], lopdf::StringFormat::Hexadecimal)]),
        op("ET", vec![]),
    ];
    let w = words(&pdf_with(1, ops, vec![], vec![]));
    assert_eq!(w.len(), 1);
    assert_eq!(w[0].0, "Hb");
}

#[test]
fn text_in_form_xobjects_is_found_where_the_form_is_drawn() {
    let form_ops = text_at("F1", 10, 0, 0, "TSH");
    let form = Stream::new(
        dictionary! {"Type" => "XObject", "Subtype" => "Form", "BBox" => vec![0.into(), 0.into(), 200.into(), 50.into()],
        "Matrix" => vec![1.into(), 0.into(), 0.into(), 1.into(), 300.into(), 400.into()]},
        Content { operations: form_ops }.encode().unwrap(),
    );
    let ops = vec![op("q", vec![]), op("Do", vec!["Fm1".into()]), op("Q", vec![])];
    let w = words(&pdf_with(1, ops, vec![], vec![("Fm1", form)]));
    assert_eq!(w.len(), 1);
    assert_eq!((w[0].0.as_str(), w[0].1), ("TSH", 300.0));
}

#[test]
fn rotated_pages_are_read_as_displayed() {
    // Text drawn upwards on a page shown rotated by 90° reads left to right on screen.
    let ops = vec![
        op("BT", vec![]),
        op("Tf", vec!["F1".into(), 10.into()]),
        op("Tm", vec![0.into(), 1.into(), (-1).into(), 0.into(), 100.into(), 50.into()]),
        op("Tj", vec![s("Sodium 140")]),
        op("ET", vec![]),
    ];
    let pages = read_pdf(&pdf_with(1, ops, vec![("Rotate", 90.into())], vec![]), 10).unwrap();
    assert_eq!((pages[0].width, pages[0].height), (842.0, 595.0));
    let w = &pages[0].words;
    assert_eq!(w.iter().map(|x| x.text.as_str()).collect::<Vec<_>>(), ["Sodium", "140"]);
    assert!(w[1].bbox.x0 > w[0].bbox.x1, "left to right as displayed");
    assert!((w[0].bbox.mid_y() - w[1].bbox.mid_y()).abs() < 1.0, "on one displayed line");
}

#[test]
fn unreadable_files_give_clear_errors() {
    assert!(matches!(read_pdf(b"", 10), Err(ExtractError::Corrupt(_))));
    assert!(matches!(read_pdf(b"%PDF-1.7\n%garbage", 10), Err(ExtractError::Corrupt(_))));
    assert!(matches!(read_pdf(&pdf_with(3, vec![], vec![], vec![]), 2), Err(ExtractError::TooManyPages { max: 2 })));
}

#[test]
fn password_protected_files_are_reported_as_such() {
    let mut doc = Document::load_mem(&pdf_with(1, text_at("F1", 10, 50, 700, "Hb"), vec![], vec![])).unwrap();
    let id = Object::String(b"0123456789abcdef".to_vec(), lopdf::StringFormat::Hexadecimal);
    doc.trailer.set("ID", vec![id.clone(), id]);
    let version = lopdf::EncryptionVersion::V2 {
        document: &doc,
        owner_password: "owner",
        user_password: "secret",
        key_length: 128,
        permissions: lopdf::Permissions::all(),
    };
    let state = lopdf::EncryptionState::try_from(version).unwrap();
    doc.encrypt(&state).unwrap();
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes).unwrap();
    assert_eq!(read_pdf(&bytes, 10), Err(ExtractError::Encrypted));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..2048)) {
        let mut input = b"%PDF-1.4\n".to_vec();
        input.extend(bytes);
        let _ = read_pdf(&input, 5);
    }

    #[test]
    fn damaged_real_pdfs_never_panic(cut in 0usize..4000, flip in any::<u8>(), at in 0usize..4000) {
        let mut bytes = pdf_with(1, text_at("F1", 10, 50, 700, "Haemoglobin 13.5"), vec![], vec![]);
        if at < bytes.len() { bytes[at] ^= flip; }
        bytes.truncate(cut.max(1).min(bytes.len()));
        let _ = read_pdf(&bytes, 5);
    }
}

/// Glyph ids of `text` in a real TrueType font, as a producer that writes glyph ids would.
fn glyph_codes(font: &[u8], text: &str) -> Vec<u8> {
    let face = ttf_parser::Face::parse(font, 0).unwrap();
    text.chars().flat_map(|c| face.glyph_index(c).unwrap().0.to_be_bytes()).collect()
}

#[test]
fn a_composite_truetype_font_without_tounicode_is_read_through_its_own_cmap() {
    // The Magnus layout in labdata: /Identity-H, glyph ids as codes, no ToUnicode; pdftotext
    // reads "+DHPRJORELQ". The font is a system font the test embeds (fonts-dejavu-core).
    let font = std::fs::read("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        .expect("DejaVuSans.ttf is needed (Debian package fonts-dejavu-core, installed by .ci/dev)");
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let file = doc.add_object(Stream::new(dictionary! {"Length1" => font.len() as i64}, font.clone()));
    let descriptor = doc.add_object(dictionary! {
        "Type" => "FontDescriptor", "FontName" => "ABCDEE+DejaVuSans", "Flags" => 32, "FontFile2" => file,
    });
    let cid = doc.add_object(dictionary! {
        "Type" => "Font", "Subtype" => "CIDFontType2", "BaseFont" => "ABCDEE+DejaVuSans",
        "FontDescriptor" => descriptor, "CIDToGIDMap" => "Identity", "DW" => 600,
    });
    let type0 = doc.add_object(dictionary! {
        "Type" => "Font", "Subtype" => "Type0", "BaseFont" => "ABCDEE+DejaVuSans", "Encoding" => "Identity-H",
        "DescendantFonts" => vec![Object::Reference(cid)],
    });
    let ops = vec![
        op("BT", vec![]),
        op("Tf", vec![Object::Name(b"F9".to_vec()), 10.into()]),
        op("Td", vec![50.into(), 800.into()]),
        op("Tj", vec![Object::String(glyph_codes(&font, "Haemoglobin 11.0 g/dL"), lopdf::StringFormat::Hexadecimal)]),
        op("ET", vec![]),
    ];
    let content = doc.add_object(Stream::new(dictionary! {}, Content { operations: ops }.encode().unwrap()));
    let resources = doc.add_object(dictionary! {"Font" => dictionary! {"F9" => type0}});
    let page = doc.add_object(
        dictionary! {"Type" => "Page", "Parent" => pages_id, "Contents" => content, "Resources" => resources},
    );
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {"Type" => "Pages", "Kids" => vec![Object::Reference(page)], "Count" => 1, "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()]}),
    );
    let catalog = doc.add_object(dictionary! {"Type" => "Catalog", "Pages" => pages_id});
    doc.trailer.set("Root", catalog);
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes).unwrap();
    let texts: Vec<String> = words(&bytes).into_iter().map(|w| w.0).collect();
    assert_eq!(texts, ["Haemoglobin", "11.0", "g/dL"]);
}

#[test]
fn a_standard_font_without_widths_is_measured_by_its_own_metrics() {
    // Helvetica without /Widths, as simple PDF writers leave it: a reference of narrow
    // characters (194 pt at 10 pt in Helvetica's metrics, 230 pt at half an em a glyph), and
    // the result four points after its end.
    let reference = "Male: (74.7 - 90.9); Female: (83.0 - 101.0) fl";
    let mut ops = text_at("F1", 10, 50, 700, reference);
    ops.extend(text_at("F1", 10, 248, 700, "90.2"));
    let pages = read_pdf(&pdf_with(1, ops, vec![], vec![]), 10).unwrap();
    let word = |text: &str| pages[0].words.iter().find(|w| w.text == text).map(|w| w.bbox);
    let (unit, value) = (word("fl").expect("the reference's last word"), word("90.2").expect("the result"));
    assert!((unit.x1 - 243.97).abs() < 0.05, "the reference ends where Helvetica's widths put it: {}", unit.x1);
    assert!(unit.x1 < value.x0);
}
