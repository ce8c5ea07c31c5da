//! Text of composite fonts that carry no `ToUnicode` map.
//!
//! Some producers embed a TrueType font as a CID font with `/Identity-H` encoding, write glyph
//! ids as codes, and leave out `ToUnicode`: viewers draw the right glyphs, but text extraction
//! (ours before this, and `pdftotext`) reads "+DHPRJORELQ" for "Haemoglobin". The embedded
//! font's own Unicode `cmap` says which character each glyph is drawn for, so inverting it
//! gives the text back.

use std::collections::HashMap;

/// Glyph id → character, from the Unicode subtables of an embedded TrueType font's `cmap`.
/// `None` when the font cannot be parsed or has no Unicode subtable.
pub fn unicode_by_glyph(font_file: &[u8]) -> Option<HashMap<u16, char>> {
    let face = ttf_parser::Face::parse(font_file, 0).ok()?;
    let mut out: HashMap<u16, char> = HashMap::new();
    for sub in face.tables().cmap?.subtables {
        if !sub.is_unicode() {
            continue;
        }
        sub.codepoints(|cp| {
            if let (Some(g), Some(c)) = (sub.glyph_index(cp), char::from_u32(cp))
                && g.0 != 0
                && !c.is_control()
            {
                // Several characters may share a glyph (space and no-break space): keep the
                // lowest, which is the plain ASCII one.
                out.entry(g.0).and_modify(|e| *e = (*e).min(c)).or_insert(c);
            }
        });
    }
    (!out.is_empty()).then_some(out)
}

/// A `CIDToGIDMap` stream: two bytes per CID, big-endian.
pub fn cid_to_gid(stream: &[u8]) -> Vec<u16> {
    stream.chunks_exact(2).map(|b| u16::from_be_bytes([b[0], b[1]])).collect()
}

#[cfg(test)]
mod tests {
    use super::cid_to_gid;

    #[test]
    fn cid_to_gid_maps_are_big_endian_pairs() {
        assert_eq!(cid_to_gid(&[0, 3, 1, 0, 7]), vec![3, 256]);
    }

    #[test]
    fn a_file_that_is_not_a_font_gives_nothing() {
        assert!(super::unicode_by_glyph(b"not a font").is_none());
    }
}
