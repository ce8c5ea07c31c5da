//! The page image of a scanned PDF: the largest image drawn on a page, as JPEG (DCT streams are
//! JPEG files already) or PNG (8-bit gray or RGB Flate streams), ready for OCR.

use std::io::Cursor;
use std::panic::{AssertUnwindSafe, catch_unwind};

use ht_reports::ExtractError;
use ht_reports::upload::{FileKind, MAX_IMAGE_PIXELS};
use lopdf::{Document, Object, Stream};

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
        let Ok(stream) = doc.get_object(image.id).and_then(Object::as_stream) else { continue };
        if let Some(encoded) = encode(stream, image.width as u32, image.height as u32) {
            out.push((number, encoded.0, encoded.1));
        }
    }
    Ok(out)
}

fn filters(stream: &Stream) -> Vec<Vec<u8>> {
    match stream.dict.get(b"Filter") {
        Ok(Object::Name(n)) => vec![n.clone()],
        Ok(Object::Array(a)) => a.iter().filter_map(|o| o.as_name().ok().map(<[u8]>::to_vec)).collect(),
        _ => vec![],
    }
}

fn encode(stream: &Stream, width: u32, height: u32) -> Option<(Vec<u8>, FileKind)> {
    let f = filters(stream);
    if f.last().is_some_and(|l| l == b"DCTDecode") && f.len() == 1 {
        return Some((stream.content.clone(), FileKind::Jpeg));
    }
    if f.iter().all(|x| x == b"FlateDecode") {
        let bpc = stream.dict.get(b"BitsPerComponent").ok().and_then(|o| o.as_i64().ok()).unwrap_or(8);
        let space = stream.dict.get(b"ColorSpace").ok().and_then(|o| o.as_name().ok()).unwrap_or(b"DeviceRGB");
        let raw = if f.is_empty() { stream.content.clone() } else { stream.decompressed_content().ok()? };
        if bpc != 8 {
            return None;
        }
        let image = match space {
            b"DeviceGray" => image::DynamicImage::ImageLuma8(image::GrayImage::from_raw(width, height, raw)?),
            b"DeviceRGB" => image::DynamicImage::ImageRgb8(image::RgbImage::from_raw(width, height, raw)?),
            _ => return None,
        };
        let mut png = Vec::new();
        image.write_to(&mut Cursor::new(&mut png), image::ImageFormat::Png).ok()?;
        return Some((png, FileKind::Png));
    }
    None
}
