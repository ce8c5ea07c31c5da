//! What the walker needs of a font: how to turn codes into text, glyph widths, and boldness.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use lopdf::{Dictionary, Document, Encoding, Object};

use crate::matrix::{number, resolve};

/// A font as used by the content-stream walker.
pub struct Font<'a> {
    /// Text for codes: the ToUnicode map when present (the most reliable), else the encoding.
    to_unicode: Option<Encoding<'a>>,
    /// For composite TrueType fonts without ToUnicode: glyph → character from the embedded
    /// font's own `cmap` (see [`crate::glyphs`]), and the CID → glyph map (identity when empty).
    glyph_text: Option<HashMap<u16, char>>,
    cid_to_gid: Vec<u16>,
    encoding: Option<Encoding<'a>>,
    /// Composite (Type0) fonts use two-byte codes.
    pub two_byte: bool,
    widths: HashMap<u32, f64>,
    default_width: f64,
    /// Set in a bold face.
    pub bold: bool,
    /// The text of each code met so far: a page draws the same few dozen codes over and over,
    /// and looking one up in a ToUnicode map builds a string each time.
    texts: RefCell<HashMap<(u32, u8), Rc<str>>>,
}

fn dict<'a>(doc: &'a Document, o: &'a Object) -> Option<&'a Dictionary> {
    resolve(doc, o).as_dict().ok()
}

fn array<'a>(doc: &'a Document, o: &'a Object) -> Option<&'a [Object]> {
    resolve(doc, o).as_array().ok().map(Vec::as_slice)
}

fn is_bold_name(name: &[u8]) -> bool {
    let n = String::from_utf8_lossy(name).to_ascii_lowercase();
    ["bold", "black", "heavy", "semibold", "demi"].iter().any(|w| n.contains(w))
}

impl<'a> Font<'a> {
    /// Reads a font dictionary. Never fails: what cannot be read falls back to defaults.
    pub fn load(doc: &'a Document, font: &'a Dictionary) -> Font<'a> {
        let two_byte = font.get(b"Subtype").and_then(Object::as_name).is_ok_and(|s| s == b"Type0");
        let to_unicode = font.get(b"ToUnicode").ok().and_then(|_| {
            // lopdf parses ToUnicode only through get_font_encoding, which prefers /Encoding:
            // ask it with the /Encoding entry removed. The map it returns owns its data.
            let mut only = font.clone();
            only.remove(b"Encoding");
            match only.get_font_encoding(doc) {
                Ok(Encoding::UnicodeMapEncoding(cmap)) => Some(Encoding::UnicodeMapEncoding(cmap)),
                _ => None,
            }
        });
        let encoding = if two_byte { None } else { font.get_font_encoding(doc).ok() };
        let base = font.get(b"BaseFont").and_then(Object::as_name).unwrap_or(b"");
        // A Type0 font keeps its widths, descriptor and glyph map in its one descendant.
        let descendant = if two_byte {
            font.get(b"DescendantFonts")
                .ok()
                .and_then(|o| array(doc, o))
                .and_then(|a| a.first())
                .and_then(|o| dict(doc, o))
        } else {
            None
        };
        let (widths, default_width, descriptor) = if two_byte {
            let dw = descendant.and_then(|d| d.get(b"DW").ok()).and_then(number).unwrap_or(1000.0);
            let w = descendant.and_then(|d| d.get(b"W").ok()).and_then(|o| array(doc, o)).map(|a| cid_widths(doc, a));
            let desc = descendant.and_then(|d| d.get(b"FontDescriptor").ok()).and_then(|o| dict(doc, o));
            (w.unwrap_or_default(), dw, desc)
        } else {
            let first = font.get(b"FirstChar").ok().and_then(number).unwrap_or(0.0) as u32;
            let mut map = HashMap::new();
            if let Some(ws) = font.get(b"Widths").ok().and_then(|o| array(doc, o)) {
                for (i, w) in ws.iter().enumerate() {
                    if let Some(w) = number(resolve(doc, w)) {
                        map.insert(first + i as u32, w);
                    }
                }
            }
            let desc = font.get(b"FontDescriptor").ok().and_then(|o| dict(doc, o));
            let mut missing = desc.and_then(|d| d.get(b"MissingWidth").ok()).and_then(number).unwrap_or(500.0);
            // A standard font may come without its widths: they are the standard ones.
            if map.is_empty()
                && let Some((widths, default)) = crate::standard_fonts::standard_widths(base)
            {
                map.extend(crate::standard_fonts::code_widths(widths));
                missing = default;
            }
            (map, missing, desc)
        };
        let weight_bold =
            descriptor.and_then(|d| d.get(b"FontWeight").ok()).and_then(number).is_some_and(|w| w >= 600.0);
        let force_bold =
            descriptor.and_then(|d| d.get(b"Flags").ok()).and_then(number).is_some_and(|f| (f as u32) & (1 << 18) != 0);
        let descriptor_name = descriptor.and_then(|d| d.get(b"FontName").and_then(Object::as_name).ok()).unwrap_or(b"");
        let (glyph_text, cid_to_gid) = if to_unicode.is_none() && two_byte {
            let cid_to_gid = descendant
                .and_then(|d| d.get(b"CIDToGIDMap").ok())
                .and_then(|o| resolve(doc, o).as_stream().ok())
                .and_then(|s| s.decompressed_content().ok())
                .map(|b| crate::glyphs::cid_to_gid(&b))
                .unwrap_or_default();
            let text = descriptor
                .and_then(|d| d.get(b"FontFile2").ok())
                .and_then(|o| resolve(doc, o).as_stream().ok())
                .and_then(|s| s.decompressed_content().ok().or_else(|| Some(s.content.clone())))
                .and_then(|bytes| crate::glyphs::unicode_by_glyph(&bytes));
            (text, cid_to_gid)
        } else {
            (None, Vec::new())
        };
        Font {
            to_unicode,
            glyph_text,
            cid_to_gid,
            encoding,
            two_byte,
            widths,
            default_width,
            bold: is_bold_name(base) || is_bold_name(descriptor_name) || weight_bold || force_bold,
            texts: RefCell::default(),
        }
    }

    /// Splits a string operand into character codes.
    pub fn codes(&self, bytes: &[u8]) -> Vec<(u32, u8)> {
        if self.two_byte {
            bytes.chunks(2).map(|c| (c.iter().fold(0u32, |acc, b| (acc << 8) | u32::from(*b)), c.len() as u8)).collect()
        } else {
            bytes.iter().map(|b| (u32::from(*b), 1)).collect()
        }
    }

    /// The text of one code (may be empty or several characters).
    pub fn text(&self, code: u32, len: u8) -> Rc<str> {
        if let Some(text) = self.texts.borrow().get(&(code, len)) {
            return Rc::clone(text);
        }
        let text: Rc<str> = self.decode(code, len).into();
        self.texts.borrow_mut().insert((code, len), Rc::clone(&text));
        text
    }

    /// [`Self::text`], worked out.
    fn decode(&self, code: u32, len: u8) -> String {
        let bytes: Vec<u8> = (0..len).rev().map(|i| (code >> (8 * u32::from(i))) as u8).collect();
        if let Some(map) = &self.to_unicode
            && let Ok(text) = map.bytes_to_string(&bytes)
            && !text.contains('\u{fffd}')
        {
            return text;
        }
        if let Some(map) = &self.glyph_text {
            let gid = if self.cid_to_gid.is_empty() {
                u16::try_from(code).ok()
            } else {
                usize::try_from(code).ok().and_then(|c| self.cid_to_gid.get(c).copied())
            };
            return gid.and_then(|g| map.get(&g)).map(char::to_string).unwrap_or_default();
        }
        match &self.encoding {
            Some(enc) if len == 1 => enc.bytes_to_string(&bytes).unwrap_or_default(),
            _ => String::new(),
        }
    }

    /// Width of a code in text space units (thousandths of the font size).
    pub fn width(&self, code: u32) -> f64 {
        self.widths.get(&code).copied().unwrap_or(self.default_width)
    }
}

/// The `W` array of a CID font: `c [w1 w2 …]` and `c_first c_last w`.
fn cid_widths(doc: &Document, w: &[Object]) -> HashMap<u32, f64> {
    let mut map = HashMap::new();
    let mut i = 0;
    while i < w.len() {
        let Some(first) = number(resolve(doc, &w[i])) else { break };
        match w.get(i + 1).map(|o| resolve(doc, o)) {
            Some(Object::Array(list)) => {
                for (k, v) in list.iter().enumerate() {
                    if let Some(v) = number(resolve(doc, v)) {
                        map.insert(first as u32 + k as u32, v);
                    }
                }
                i += 2;
            }
            Some(last) => {
                let (Some(last), Some(v)) = (number(last), w.get(i + 2).and_then(|o| number(resolve(doc, o)))) else {
                    break;
                };
                // Bounded: a hostile file could declare a huge range.
                for c in (first as u32)..=(last as u32).min(first as u32 + 65_535) {
                    map.insert(c, v);
                }
                i += 3;
            }
            None => break,
        }
    }
    map
}
