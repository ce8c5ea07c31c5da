//! The page image of a scanned PDF: the largest image drawn on a page, as JPEG (DCT streams are
//! JPEG files already) or PNG (8-bit gray or RGB Flate streams), ready for OCR.

use std::io::Cursor;
use std::panic::{AssertUnwindSafe, catch_unwind};

use ht_reports::ExtractError;
use ht_reports::upload::{FileKind, MAX_IMAGE_PIXELS};
use lopdf::xobject::PdfImage;
use lopdf::{Document, Object};

/// For each page number in `pages`, the largest image on it that can be handed to OCR.
///
/// # Errors
/// [`ExtractError::Corrupt`] when the PDF cannot be parsed. Pages without a usable image are
/// simply absent from the result.
pub fn page_images(bytes: &[u8], pages: &[u32]) -> Result<Vec<(u32, Vec<u8>, FileKind)>, ExtractError> {
    catch_unwind(AssertUnwindSafe(|| inner(bytes, pages)))
        .unwrap_or_else(|_| Err(ExtractError::Corrupt("the PDF's images could not be read".into())))
}

fn inner(bytes: &[u8], wanted: &[u32]) -> Result<Vec<(u32, Vec<u8>, FileKind)>, ExtractError> {
    let doc = Document::load_mem(bytes).map_err(|e| ExtractError::Corrupt(e.to_string()))?;
    let mut out = Vec::new();
    for (number, id) in doc.get_pages() {
        if !wanted.contains(&number) {
            continue;
        }
        let Ok(images) = doc.get_page_images(id) else { continue };
        let best = images
            .iter()
            .filter(|i| (i.width as u64) * (i.height as u64) <= MAX_IMAGE_PIXELS)
            .max_by_key(|i| i.width * i.height);
        let Some(image) = best else { continue };
        if let Some((encoded, kind)) = encode(&doc, image) {
            out.push((number, encoded, kind));
        }
    }
    Ok(out)
}

/// The image as JPEG (a lone DCT filter) or PNG (8-bit gray or RGB, raw or Flate), using the
/// metadata lopdf already parsed.
fn encode(doc: &Document, image: &PdfImage) -> Option<(Vec<u8>, FileKind)> {
    let filters = image.filters.as_deref().unwrap_or_default();
    if filters == ["DCTDecode"] {
        return Some((image.content.to_vec(), FileKind::Jpeg));
    }
    if filters.iter().all(|f| f == "FlateDecode") && image.bits_per_component.unwrap_or(8) == 8 {
        let raw = if filters.is_empty() {
            image.content.to_vec()
        } else {
            doc.get_object(image.id).and_then(Object::as_stream).ok()?.decompressed_content().ok()?
        };
        let (width, height) = (u32::try_from(image.width).ok()?, u32::try_from(image.height).ok()?);
        // Array colour spaces (ICCBased, CalRGB, …) are tried as RGB; `from_raw` refuses a
        // buffer of the wrong size, so anything else is skipped rather than misread.
        let image = match image.color_space.as_deref() {
            Some("DeviceGray") => image::DynamicImage::ImageLuma8(image::GrayImage::from_raw(width, height, raw)?),
            Some("DeviceCMYK") => return None,
            _ => image::DynamicImage::ImageRgb8(image::RgbImage::from_raw(width, height, raw)?),
        };
        let mut png = Vec::new();
        image.write_to(&mut Cursor::new(&mut png), image::ImageFormat::Png).ok()?;
        return Some((png, FileKind::Png));
    }
    None
}
