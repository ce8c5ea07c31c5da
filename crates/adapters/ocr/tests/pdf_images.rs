//! Scanned PDFs: the page image is found (JPEG as is, 8-bit Flate re-encoded) and read by OCR.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::Cursor;

use ht_ocr::pdf_images::page_images;
use ht_ocr::pdf_text::read_pdf;
use ht_ocr::tesseract::OcrEngine;
use ht_reports::reading::rows_from_page;
use ht_reports::upload::FileKind;
use lopdf::content::{Content, Operation};
use lopdf::{Document, Object, Stream, dictionary};

const FIXTURE: &[u8] = include_bytes!("fixtures/synthetic_cbc.png");

/// A one-page PDF that only draws `image` (an image XObject) over the whole page.
fn scanned_pdf(image: Stream) -> Vec<u8> {
    let mut doc = Document::with_version("1.5");
    let pages = doc.new_object_id();
    let img = doc.add_object(image);
    let ops = vec![
        Operation::new("q", vec![]),
        Operation::new("cm", vec![595.into(), 0.into(), 0.into(), 336.into(), 0.into(), 500.into()]),
        Operation::new("Do", vec!["Im1".into()]),
        Operation::new("Q", vec![]),
    ];
    let content = doc.add_object(Stream::new(dictionary! {}, Content { operations: ops }.encode().unwrap()));
    let page = doc.add_object(dictionary! {
        "Type" => "Page", "Parent" => pages, "Contents" => content,
        "Resources" => dictionary! {"XObject" => dictionary! {"Im1" => img}},
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

fn gray_fixture() -> image::GrayImage {
    image::load_from_memory(FIXTURE).unwrap().to_luma8()
}

fn read_rows(pdf: &[u8], expect_kind: FileKind) -> Vec<String> {
    let pages = read_pdf(pdf, 5).unwrap();
    assert!(pages[0].words.is_empty(), "a scan has no text layer");
    let images = page_images(pdf, &[1]).unwrap();
    assert_eq!(images.len(), 1);
    let (number, bytes, kind) = &images[0];
    assert_eq!((*number, *kind), (1, expect_kind));
    let page = OcrEngine::new(None).unwrap().read_image(bytes, *kind, 1).unwrap();
    rows_from_page(&page, None).into_iter().map(|r| format!("{} {}", r.name, r.value.text)).collect()
}

#[test]
fn a_jpeg_scan_is_read() {
    let mut jpeg = Vec::new();
    image::DynamicImage::ImageLuma8(gray_fixture())
        .write_to(&mut Cursor::new(&mut jpeg), image::ImageFormat::Jpeg)
        .unwrap();
    let (w, h) = gray_fixture().dimensions();
    let stream = Stream::new(
        dictionary! {"Type" => "XObject", "Subtype" => "Image", "Width" => w as i64, "Height" => h as i64,
        "ColorSpace" => "DeviceGray", "BitsPerComponent" => 8, "Filter" => "DCTDecode"},
        jpeg,
    );
    let rows = read_rows(&scanned_pdf(stream), FileKind::Jpeg);
    assert!(rows.contains(&"Haemoglobin 13.5".to_string()), "{rows:?}");
}

#[test]
fn a_flate_scan_is_read() {
    let gray = gray_fixture();
    let (w, h) = gray.dimensions();
    let mut stream = Stream::new(
        dictionary! {"Type" => "XObject", "Subtype" => "Image", "Width" => w as i64, "Height" => h as i64,
        "ColorSpace" => "DeviceGray", "BitsPerComponent" => 8},
        gray.into_raw(),
    );
    stream.compress().unwrap();
    let rows = read_rows(&scanned_pdf(stream), FileKind::Png);
    assert!(rows.contains(&"Serum Creatinine 0.9".to_string()), "{rows:?}");
}

#[test]
fn pages_without_images_give_nothing_and_garbage_gives_an_error() {
    let blank = scanned_pdf(Stream::new(
        dictionary! {"Type" => "XObject", "Subtype" => "Image", "Width" => 2, "Height" => 2, "ColorSpace" => "DeviceCMYK", "BitsPerComponent" => 8},
        vec![0; 16],
    ));
    assert!(page_images(&blank, &[1]).unwrap().is_empty(), "CMYK is not handed to OCR");
    assert!(page_images(b"%PDF-1.4 nonsense", &[1]).is_err());
}
