//! The text layer of a PDF as positioned words, by walking each page's content stream.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::rc::Rc;

use ht_reports::{BBox, ExtractError, Page, Word};
use lopdf::content::Operation;
use lopdf::{Dictionary, Document, Object};

use crate::fonts::Font;
use crate::matrix::{Matrix, number, resolve};

/// Largest decompressed content stream per page.
const MAX_CONTENT_BYTES: usize = 32 * 1024 * 1024;
/// Deepest nesting of form XObjects followed.
const MAX_FORM_DEPTH: usize = 8;

/// Reads the words of every page (at most `max_pages`).
///
/// # Errors
/// [`ExtractError::Encrypted`] for a password-protected file, [`ExtractError::Corrupt`] for one
/// that cannot be parsed, [`ExtractError::TooManyPages`] past the cap. Never panics.
pub fn read_pdf(bytes: &[u8], max_pages: usize) -> Result<Vec<Page>, ExtractError> {
    catch_unwind(AssertUnwindSafe(|| read_pdf_inner(bytes, max_pages)))
        .unwrap_or_else(|_| Err(ExtractError::Corrupt("the PDF structure could not be parsed".into())))
}

fn read_pdf_inner(bytes: &[u8], max_pages: usize) -> Result<Vec<Page>, ExtractError> {
    let doc = Document::load_mem(bytes).map_err(|e| match e {
        lopdf::Error::Decryption(_) | lopdf::Error::InvalidPassword => ExtractError::Encrypted,
        other => ExtractError::Corrupt(other.to_string()),
    })?;
    if doc.is_encrypted() {
        return Err(ExtractError::Encrypted);
    }
    let pages = doc.get_pages();
    if pages.is_empty() {
        return Err(ExtractError::Corrupt("the PDF has no pages".into()));
    }
    if pages.len() > max_pages {
        return Err(ExtractError::TooManyPages { max: max_pages });
    }
    // Pages are read side by side: on our two cores a long report's text comes in a little
    // over half the time (Quest's 14 pages). The document is only read from; each thread keeps
    // the fonts it has read for the next pages it takes.
    let pages: Vec<(u32, lopdf::ObjectId)> = pages.into_iter().collect();
    ht_reports::map_in_parallel_with(&pages, FontCache::new, |fonts, (n, id)| read_page(&doc, *n, *id, fonts))
        .into_iter()
        .collect()
}

fn inherited<'a>(doc: &'a Document, page: &'a Dictionary, key: &[u8]) -> Option<&'a Object> {
    let mut current = page;
    for _ in 0..32 {
        if let Ok(v) = current.get(key) {
            return Some(v);
        }
        let parent = current.get(b"Parent").ok()?.as_reference().ok()?;
        current = doc.get_dictionary(parent).ok()?;
    }
    None
}

fn read_page<'a>(
    doc: &'a Document,
    page_number: u32,
    id: lopdf::ObjectId,
    fonts: &mut FontCache<'a>,
) -> Result<Page, ExtractError> {
    let page = doc.get_dictionary(id).map_err(|e| ExtractError::Corrupt(e.to_string()))?;
    let media = inherited(doc, page, b"MediaBox")
        .map(|o| resolve(doc, o))
        .and_then(|o| o.as_array().ok())
        .and_then(|a| a.iter().map(|v| number(resolve(doc, v))).collect::<Option<Vec<f64>>>())
        .filter(|v| v.len() == 4)
        .unwrap_or_else(|| vec![0.0, 0.0, 612.0, 792.0]);
    let (llx, lly) = (media[0].min(media[2]), media[1].min(media[3]));
    let (w, h) = ((media[2] - media[0]).abs(), (media[3] - media[1]).abs());
    let rotate = inherited(doc, page, b"Rotate").and_then(|o| number(resolve(doc, o))).unwrap_or(0.0) as i64;
    let rotate = rotate.rem_euclid(360);
    let resources = inherited(doc, page, b"Resources").map(|o| resolve(doc, o)).and_then(|o| o.as_dict().ok());
    let content =
        doc.get_page_content_with_limit(id, MAX_CONTENT_BYTES).map_err(|e| ExtractError::Corrupt(e.to_string()))?;
    let ops = crate::content::text_operations(&content);

    let mut walker = Walker { doc, glyphs: Vec::new(), fonts };
    walker.run(&ops, resources, Matrix::translate(-llx, -lly), 0);

    let (dw, dh) = if rotate == 90 || rotate == 270 { (h, w) } else { (w, h) };
    // From PDF space (origin bottom left) to the displayed page (origin top left).
    let display = |x: f64, y: f64| -> (f64, f64) {
        match rotate {
            90 => (y, x),
            180 => (w - x, y),
            270 => (h - y, w - x),
            _ => (x, h - y),
        }
    };
    let glyphs: Vec<Glyph> = walker
        .glyphs
        .into_iter()
        .map(|g| {
            let (sx, sy) = display(g.start.0, g.start.1);
            let (ex, _) = display(g.end.0, g.end.1);
            Glyph { start: (sx.min(ex), sy), end: (sx.max(ex), sy), ..g }
        })
        .collect();
    Ok(Page { number: page_number, width: dw as f32, height: dh as f32, words: words(&glyphs) })
}

/// One drawn glyph: baseline start and end on the displayed page, size, text.
#[derive(Debug, Clone)]
struct Glyph {
    text: std::rc::Rc<str>,
    start: (f64, f64),
    end: (f64, f64),
    size: f64,
    bold: bool,
    /// Whether it is the first glyph drawn after the text was placed anew (`BT`, `Td`, `Tm`,
    /// a new line), not one drawn on from the glyph before or kerned in the same string.
    placed: bool,
}

#[derive(Clone)]
struct TextState {
    ctm: Matrix,
    tm: Matrix,
    tlm: Matrix,
    font: Option<Vec<u8>>,
    size: f64,
    char_spacing: f64,
    word_spacing: f64,
    h_scale: f64,
    leading: f64,
    rise: f64,
    /// Whether the text was placed anew and no glyph has been drawn since ([`Glyph::placed`]).
    placed: bool,
}

/// Fonts read so far, by object: a report's pages share a few fonts, and reading one (its
/// ToUnicode map above all) took a fifth of Thyrocare's 18 pages when each page read its own.
type FontCache<'a> = HashMap<lopdf::ObjectId, Rc<Font<'a>>>;

struct Walker<'a, 'c> {
    doc: &'a Document,
    glyphs: Vec<Glyph>,
    fonts: &'c mut FontCache<'a>,
}

fn operand_name(op: &Operation, i: usize) -> Option<&[u8]> {
    op.operands.get(i).and_then(|o| o.as_name().ok())
}

fn operand_num(op: &Operation, i: usize) -> Option<f64> {
    op.operands.get(i).and_then(number)
}

impl<'a> Walker<'a, '_> {
    fn fonts(&mut self, resources: Option<&'a Dictionary>) -> HashMap<Vec<u8>, Rc<Font<'a>>> {
        let doc = self.doc;
        let Some(fonts) =
            resources.and_then(|r| r.get(b"Font").ok()).map(|o| resolve(doc, o)).and_then(|o| o.as_dict().ok())
        else {
            return HashMap::new();
        };
        let cache = &mut *self.fonts;
        fonts
            .iter()
            .filter_map(|(name, f)| {
                let load = || Some(Rc::new(Font::load(doc, resolve(doc, f).as_dict().ok()?)));
                let font = match f {
                    Object::Reference(id) => match cache.get(id) {
                        Some(font) => Rc::clone(font),
                        None => Rc::clone(cache.entry(*id).or_insert(load()?)),
                    },
                    _ => load()?,
                };
                Some((name.clone(), font))
            })
            .collect()
    }

    fn run(&mut self, ops: &[Operation], resources: Option<&'a Dictionary>, base: Matrix, depth: usize) {
        let fonts = self.fonts(resources);
        let mut st = TextState {
            ctm: base,
            tm: Matrix::IDENTITY,
            tlm: Matrix::IDENTITY,
            font: None,
            size: 0.0,
            char_spacing: 0.0,
            word_spacing: 0.0,
            h_scale: 1.0,
            leading: 0.0,
            rise: 0.0,
            placed: false,
        };
        let mut stack: Vec<TextState> = Vec::new();
        for op in ops {
            match op.operator.as_str() {
                "q" if stack.len() < 256 => stack.push(st.clone()),
                "Q" => {
                    if let Some(saved) = stack.pop() {
                        st = saved;
                    }
                }
                "cm" => {
                    if let Some(m) = Matrix::from_operands(&op.operands) {
                        st.ctm = m.then(&st.ctm);
                    }
                }
                "BT" => {
                    st.tm = Matrix::IDENTITY;
                    st.tlm = Matrix::IDENTITY;
                    st.placed = true;
                }
                "Tf" => {
                    st.font = operand_name(op, 0).map(<[u8]>::to_vec);
                    st.size = operand_num(op, 1).unwrap_or(0.0);
                }
                "Tc" => st.char_spacing = operand_num(op, 0).unwrap_or(0.0),
                "Tw" => st.word_spacing = operand_num(op, 0).unwrap_or(0.0),
                "Tz" => st.h_scale = operand_num(op, 0).unwrap_or(100.0) / 100.0,
                "TL" => st.leading = operand_num(op, 0).unwrap_or(0.0),
                "Ts" => st.rise = operand_num(op, 0).unwrap_or(0.0),
                "Td" | "TD" => {
                    let (tx, ty) = (operand_num(op, 0).unwrap_or(0.0), operand_num(op, 1).unwrap_or(0.0));
                    if op.operator == "TD" {
                        st.leading = -ty;
                    }
                    st.tlm = Matrix::translate(tx, ty).then(&st.tlm);
                    st.tm = st.tlm;
                    st.placed = true;
                }
                "Tm" => {
                    if let Some(m) = Matrix::from_operands(&op.operands) {
                        st.tlm = m;
                        st.tm = m;
                        st.placed = true;
                    }
                }
                "T*" => next_line(&mut st),
                "Tj" => {
                    if let Some(Object::String(bytes, _)) = op.operands.first() {
                        self.show(&mut st, &fonts, bytes);
                    }
                }
                "'" => {
                    next_line(&mut st);
                    if let Some(Object::String(bytes, _)) = op.operands.first() {
                        self.show(&mut st, &fonts, bytes);
                    }
                }
                "\"" => {
                    st.word_spacing = operand_num(op, 0).unwrap_or(st.word_spacing);
                    st.char_spacing = operand_num(op, 1).unwrap_or(st.char_spacing);
                    next_line(&mut st);
                    if let Some(Object::String(bytes, _)) = op.operands.get(2) {
                        self.show(&mut st, &fonts, bytes);
                    }
                }
                "TJ" => {
                    if let Some(Object::Array(items)) = op.operands.first() {
                        for item in items {
                            match item {
                                Object::String(bytes, _) => self.show(&mut st, &fonts, bytes),
                                other => {
                                    if let Some(n) = number(other) {
                                        let tx = -n / 1000.0 * st.size * st.h_scale;
                                        st.tm = Matrix::translate(tx, 0.0).then(&st.tm);
                                    }
                                }
                            }
                        }
                    }
                }
                "Do" if depth < MAX_FORM_DEPTH => {
                    if let Some(name) = operand_name(op, 0) {
                        self.form(name, resources, &st.ctm, depth);
                    }
                }
                _ => {}
            }
        }
    }

    fn form(&mut self, name: &[u8], resources: Option<&'a Dictionary>, ctm: &Matrix, depth: usize) {
        let doc = self.doc;
        let Some(stream) = resources
            .and_then(|r| r.get(b"XObject").ok())
            .map(|o| resolve(doc, o))
            .and_then(|o| o.as_dict().ok())
            .and_then(|x| x.get(name).ok())
            .map(|o| resolve(doc, o))
            .and_then(|o| o.as_stream().ok())
        else {
            return;
        };
        if stream.dict.get(b"Subtype").and_then(Object::as_name).ok() != Some(b"Form".as_slice()) {
            return;
        }
        let matrix = stream
            .dict
            .get(b"Matrix")
            .ok()
            .and_then(|o| o.as_array().ok())
            .and_then(|a| Matrix::from_operands(a))
            .unwrap_or(Matrix::IDENTITY);
        let own = stream.dict.get(b"Resources").ok().map(|o| resolve(doc, o)).and_then(|o| o.as_dict().ok());
        let Ok(content) = stream.decompressed_content().or_else(|_| Ok::<_, lopdf::Error>(stream.content.clone()))
        else {
            return;
        };
        if content.len() > MAX_CONTENT_BYTES {
            return;
        }
        let ops = crate::content::text_operations(&content);
        self.run(&ops, own.or(resources), matrix.then(ctm), depth + 1);
    }

    fn show(&mut self, st: &mut TextState, fonts: &HashMap<Vec<u8>, Rc<Font<'a>>>, bytes: &[u8]) {
        let Some(font) = st.font.as_ref().and_then(|f| fonts.get(f)) else { return };
        for (code, len) in font.codes(bytes) {
            let text = font.text(code, len);
            let w0 = font.width(code) / 1000.0;
            let space = if len == 1 && code == 32 { st.word_spacing } else { 0.0 };
            let tx = (w0 * st.size + st.char_spacing + space) * st.h_scale;
            let trm = Matrix([st.size * st.h_scale, 0.0, 0.0, st.size, 0.0, st.rise]).then(&st.tm).then(&st.ctm);
            let start = trm.apply(0.0, 0.0);
            let end = Matrix::translate(tx, st.rise).then(&st.tm).then(&st.ctm).apply(0.0, 0.0);
            let size = (trm.0[2] * trm.0[2] + trm.0[3] * trm.0[3]).sqrt();
            if !text.is_empty() {
                self.glyphs.push(Glyph { text, start, end, size, bold: font.bold, placed: st.placed });
                st.placed = false;
            }
            st.tm = Matrix::translate(tx, 0.0).then(&st.tm);
        }
    }
}

fn next_line(st: &mut TextState) {
    st.tlm = Matrix::translate(0.0, -st.leading).then(&st.tlm);
    st.tm = st.tlm;
    st.placed = true;
}

/// Groups glyphs, in drawing order, into words: a space, a jump along the line, or a change of
/// line ends a word. A jump is a gap of more than 0.15 em: less than a space drawn as a gap
/// (0.28 em in Helvetica, 0.25 in Times, less once a writer kerns the word before it or uses a
/// narrow font), more than the kerning inside a word (`Glu -20 cose`). (`pdftotext` breaks
/// words at 0.1 em.) Before text placed anew ([`Glyph::placed`]) a gap of 0.1 em is one: a
/// cell whose text runs up to the next cell's (`x10^3/uL` 0.14 em before `4.00`) is no part of
/// its first word, and kerning is drawn on in the same string, not placed.
fn words(glyphs: &[Glyph]) -> Vec<Word> {
    let mut out: Vec<Word> = Vec::new();
    let mut cur: Option<(String, f64, f64, f64, f64, bool)> = None; // text, x0, x1, baseline, size, bold
    let flush = |cur: &mut Option<(String, f64, f64, f64, f64, bool)>, out: &mut Vec<Word>| {
        if let Some((text, x0, x1, base, size, bold)) = cur.take() {
            let text: String = text.chars().filter(|c| *c != '\u{00ad}').collect();
            if !text.trim().is_empty() {
                out.push(Word {
                    text,
                    bbox: BBox {
                        x0: x0 as f32,
                        y0: (base - 0.8 * size) as f32,
                        x1: x1 as f32,
                        y1: (base + 0.2 * size) as f32,
                    },
                    bold,
                    line: None,
                });
            }
        }
    };
    for g in glyphs {
        let size = g.size.max(1.0);
        for ch in g.text.chars() {
            if ch.is_whitespace() || ch == '\u{00a0}' {
                flush(&mut cur, &mut out);
                continue;
            }
            let (x0, base) = g.start;
            let x1 = g.end.0;
            let continues = cur.as_ref().is_some_and(|(_, _, cx1, cbase, csize, _)| {
                let tol = csize.max(size);
                let jump = if g.placed { 0.1 } else { 0.15 };
                (base - cbase).abs() < 0.3 * tol && x0 - cx1 < jump * tol && x0 > cx1 - 0.6 * tol
            });
            if continues {
                if let Some(c) = cur.as_mut() {
                    c.0.push(ch);
                    c.2 = c.2.max(x1);
                    c.5 &= g.bold;
                }
            } else {
                flush(&mut cur, &mut out);
                cur = Some((ch.to_string(), x0, x1, base, size, g.bold));
            }
        }
    }
    flush(&mut cur, &mut out);
    out
}
