//! Glyph widths of the standard fonts a PDF may use without embedding them or giving their
//! widths (`/BaseFont /Helvetica` and no `/Widths`, as PHP's FPDF and other simple writers
//! make them): Adobe's Core 14 metrics, for the printable ASCII codes 32 to 126, in thousandths
//! of the font size. Without them every glyph was taken as half an em wide, and a reference
//! of many narrow characters (`Male: (74.7 - 90.9); Female: (83.0 - 101.0) fl`) ran on into the
//! result printed after it (`fl90.2`).

/// The widths of the standard font named `base` (a subset prefix such as `ABCDEF+` ignored;
/// Arial and Times New Roman have the metrics of Helvetica and Times), with the width to take
/// for codes outside the table; `None` for a font that is not one of them.
///
/// Courier is left out: its every glyph and space is 0.6 em wide, and the row reader, which
/// takes a gap of about two proportional spaces (0.55 em) for a new column, would split its
/// lines at every space (Quest's report prints its results in Courier).
pub(crate) fn standard_widths(base: &[u8]) -> Option<(&'static [u16; 95], f64)> {
    let name = String::from_utf8_lossy(base);
    let name = name.split_once('+').map_or(&*name, |(_, n)| n).to_ascii_lowercase();
    let bold = name.contains("bold");
    let italic = name.contains("italic") || name.contains("oblique");
    if name.starts_with("helvetica") || name.starts_with("arial") {
        return Some((if bold { &HELVETICA_BOLD } else { &HELVETICA }, 556.0));
    }
    if name.starts_with("times") {
        let widths = match (bold, italic) {
            (false, false) => &TIMES_ROMAN,
            (true, false) => &TIMES_BOLD,
            (false, true) => &TIMES_ITALIC,
            (true, true) => &TIMES_BOLD_ITALIC,
        };
        return Some((widths, 500.0));
    }
    None
}

/// Each code of a table of [`standard_widths`] with its width: the table starts at the space.
pub(crate) fn code_widths(widths: &'static [u16; 95]) -> impl Iterator<Item = (u32, f64)> {
    (u32::from(b' ')..).zip(widths.iter().map(|&w| f64::from(w)))
}

// Helvetica-Oblique and Helvetica-BoldOblique have the widths of the upright faces.
const HELVETICA: [u16; 95] = [
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
    556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
    722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
    556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
    260, 334, 584,
];
const HELVETICA_BOLD: [u16; 95] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
    556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833,
    722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611,
    556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389,
    280, 389, 584,
];
const TIMES_ROMAN: [u16; 95] = [
    250, 333, 408, 500, 500, 833, 778, 180, 333, 333, 500, 564, 250, 333, 250, 278, 500, 500, 500, 500, 500, 500, 500,
    500, 500, 500, 278, 278, 564, 564, 564, 444, 921, 722, 667, 667, 722, 611, 556, 722, 722, 333, 389, 722, 611, 889,
    722, 722, 556, 722, 667, 556, 611, 722, 722, 944, 722, 722, 611, 333, 278, 333, 469, 500, 333, 444, 500, 444, 500,
    444, 333, 500, 500, 278, 278, 500, 278, 778, 500, 500, 500, 500, 333, 389, 278, 500, 500, 722, 500, 500, 444, 480,
    200, 480, 541,
];
const TIMES_BOLD: [u16; 95] = [
    250, 333, 555, 500, 500, 1000, 833, 278, 333, 333, 500, 570, 250, 333, 250, 278, 500, 500, 500, 500, 500, 500, 500,
    500, 500, 500, 333, 333, 570, 570, 570, 500, 930, 722, 667, 722, 722, 667, 611, 778, 778, 389, 500, 778, 667, 944,
    722, 778, 611, 778, 722, 556, 667, 722, 722, 1000, 722, 722, 667, 333, 278, 333, 581, 500, 333, 500, 556, 444, 556,
    444, 333, 500, 556, 278, 333, 556, 278, 833, 556, 500, 556, 556, 444, 389, 333, 556, 500, 722, 500, 500, 444, 394,
    220, 394, 520,
];
const TIMES_ITALIC: [u16; 95] = [
    250, 333, 420, 500, 500, 833, 778, 214, 333, 333, 500, 675, 250, 333, 250, 278, 500, 500, 500, 500, 500, 500, 500,
    500, 500, 500, 333, 333, 675, 675, 675, 500, 920, 611, 611, 667, 722, 611, 611, 722, 722, 333, 444, 667, 556, 833,
    667, 722, 611, 722, 611, 500, 556, 722, 611, 833, 611, 556, 556, 389, 278, 389, 422, 500, 333, 500, 500, 444, 500,
    444, 278, 500, 500, 278, 278, 444, 278, 722, 500, 500, 500, 500, 389, 389, 278, 500, 444, 667, 444, 444, 389, 400,
    275, 400, 541,
];
const TIMES_BOLD_ITALIC: [u16; 95] = [
    250, 389, 555, 500, 500, 833, 778, 278, 333, 333, 500, 570, 250, 333, 250, 278, 500, 500, 500, 500, 500, 500, 500,
    500, 500, 500, 333, 333, 570, 570, 570, 500, 832, 667, 667, 667, 722, 667, 667, 722, 778, 389, 500, 667, 611, 889,
    722, 722, 611, 722, 667, 556, 611, 722, 667, 889, 667, 611, 611, 333, 278, 333, 570, 500, 333, 500, 500, 444, 500,
    444, 333, 500, 556, 278, 278, 500, 278, 778, 556, 500, 500, 500, 389, 389, 278, 556, 444, 667, 500, 444, 389, 348,
    220, 348, 570,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_fonts_are_found_by_name_with_their_widths() {
        let width_of = |widths, code: u32| code_widths(widths).find(|(c, _)| *c == code).map(|(_, w)| w);
        let (helvetica, _) = standard_widths(b"Helvetica").unwrap();
        // `i` is narrow, `m` wide, digits all alike.
        assert_eq!(width_of(helvetica, u32::from(b'i')), Some(222.0));
        assert_eq!(width_of(helvetica, u32::from(b'm')), Some(833.0));
        assert_eq!(width_of(helvetica, u32::from(b'0')), width_of(helvetica, u32::from(b'9')));
        assert_eq!(width_of(helvetica, 200), None);
        let (bold, _) = standard_widths(b"ABCDEF+Arial,Bold").unwrap();
        assert_eq!(width_of(bold, u32::from(b'i')), Some(278.0));
        let (times, default) = standard_widths(b"Times-Roman").unwrap();
        assert_eq!((width_of(times, u32::from(b' ')), default), (Some(250.0), 500.0));
        assert!(standard_widths(b"Verdana").is_none());
        assert!(standard_widths(b"Courier").is_none());
    }
}
