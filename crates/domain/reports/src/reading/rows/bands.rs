//! Risk bands: a line of bands under a result (`<200   200-240   >240 mg/dL` under `Optimal
//! Borderline  High`), read as the result's reference, never as a result of its own.

use super::*;

/// Bands of a band line, each with the middle of where it is printed, and the unit after them.
pub(super) type Bands = (Vec<(String, f32)>, Option<String>);

/// A line of risk bands under its result (`<200   200-240   >240 mg/dL` under the columns
/// `Optimal  Borderline  Increased Risk`, or `<3.0  3.0-25.0  >25.0 mg/dL` under `Low  Normal
/// High`): two or more bands, at least one open (`<200`, `>0.3`) and any others closed, and
/// perhaps the unit after the last. Returns each band with the middle of its cell, and the
/// unit. Such a line is never a result of its own.
pub(super) fn band_line(cells: &[Cell]) -> Option<Bands> {
    // Words with where their middles fall (cells close together may have run into one).
    let mut words: Vec<(&str, f32)> = Vec::new();
    for cell in cells {
        let text = cell.text.as_str();
        let per_char = (cell.x1 - cell.x0) / text.chars().count().max(1) as f32;
        let mut offset = 0;
        for word in text.split_whitespace() {
            let at = text[offset..].find(word).map_or(offset, |p| offset + p);
            let chars_before = text[..at].chars().count() as f32;
            let mid = cell.x0 + per_char * (chars_before + word.chars().count() as f32 / 2.0);
            words.push((word, mid));
            offset = at + word.len();
        }
    }
    // Each band, with whether it is open at one end; two bands with `or` between are one
    // (`<70 or >125`, a band of risk on both sides).
    let mut printed: Vec<(String, f32, bool)> = Vec::new();
    let mut rest = words.as_slice();
    while let [(word, mid), after @ ..] = rest {
        if !is_band(word) {
            break;
        }
        let open = open_band(word).is_some();
        match after {
            [(or, _), (other, _), after @ ..] if or.eq_ignore_ascii_case("or") && open_band(other).is_some() => {
                printed.push((format!("{word} or {other}"), *mid, true));
                rest = after;
            }
            _ => {
                printed.push((word.to_string(), *mid, open));
                rest = after;
            }
        }
    }
    let tail: Vec<&str> = rest.iter().map(|(w, _)| *w).collect();
    let unit = (!tail.is_empty()).then(|| tail.join(" "));
    let open = printed.iter().filter(|(_, _, open)| *open).count();
    let shaped = printed.len() >= 2 && open >= 1 && unit.as_deref().is_none_or(looks_like_unit);
    shaped.then(|| (printed.into_iter().map(|(w, x, _)| (w, x)).collect(), unit))
}

/// A band open at one end (`<200`) or closed at both (`200-240`).
pub(super) fn is_band(text: &str) -> bool {
    open_band(text).is_some() || closed_band(text)
}

/// A band closed at both ends (`200-240`).
pub(super) fn closed_band(text: &str) -> bool {
    open_band(text).is_none()
        && text.chars().next().is_some_and(|c| c.is_ascii_digit())
        && parse_range(text, None).is_some_and(|r| r.low.is_some() && r.high.is_some())
}

/// [`band_line`] of each line, with bands printed over two lines put together: a band set on
/// two lines starts a line of its own above the rest (Boston Heart's glucose: `<70 or >125`
/// over `70-99   100-125`, and the unit `mg/dL` alone on the line under them). Lines taken
/// into a band line below or above them hold no bands: they are never results.
pub(super) fn band_lines(lines: &[Line]) -> Vec<Option<Bands>> {
    let mut bands: Vec<Option<Bands>> = lines.iter().map(|line| band_line(&line.cells)).collect();
    let close = |a: &Line, b: &Line| b.bbox.y0 - a.bbox.y1 < a.bbox.height().max(1.0);
    // Only bands, perhaps joined by `or`.
    let pieces = |line: &Line| {
        let words: Vec<&str> = line.cells.iter().flat_map(|c| c.text.split_whitespace()).collect();
        words.iter().any(|w| is_band(w)) && words.iter().all(|w| is_band(w) || w.eq_ignore_ascii_case("or"))
    };
    for i in 0..lines.len().saturating_sub(1) {
        let (line, below) = (&lines[i], &lines[i + 1]);
        if bands[i].is_some() || bands[i + 1].is_some() || !pieces(line) || !close(line, below) {
            continue;
        }
        let mut cells: Vec<Cell> = line.cells.iter().chain(&below.cells).cloned().collect();
        cells.sort_by(|a, b| a.x0.total_cmp(&b.x0));
        let Some((printed, mut unit)) = band_line(&cells) else { continue };
        if unit.is_none()
            && let Some(next) = lines.get(i + 2)
            && close(below, next)
            && let [cell] = next.cells.as_slice()
            && !holds_number(&next.cells)
            && looks_like_unit(cell.text.trim())
        {
            unit = Some(cell.text.trim().to_string());
            bands[i + 2] = Some((Vec::new(), None));
        }
        bands[i] = Some((Vec::new(), None));
        bands[i + 1] = Some((printed, unit));
    }
    bands
}

/// A line of band headers (`Optimal  Borderline  Increased Risk`, `Low  Normal  High`, `Low
/// Mid  High`): `Some` with the middle of the `Optimal`, `Desirable` or `Normal` cell when there
/// is one, `Some(None)` for bands that rank without a desirable one (thirds of a population).
/// Only a line without numbers whose cells start with band words.
pub(super) fn band_header_x(cells: &[Cell]) -> Option<Option<f32>> {
    if holds_number(cells) {
        return None;
    }
    let first_word = |c: &Cell| c.text.split_whitespace().next().unwrap_or("").to_lowercase();
    let good = cells.iter().find(|c| matches!(first_word(c).as_str(), "optimal" | "desirable" | "normal"));
    let ranked = cells
        .iter()
        .filter(|c| matches!(first_word(c).as_str(), "borderline" | "increased" | "high" | "low" | "elevated" | "mid"))
        .count();
    match good {
        Some(c) if ranked >= 1 => Some(Some(c.mid_x())),
        None if ranked >= 3 => Some(None),
        _ => None,
    }
}

/// `<` or `>` of a band open at one end (`<200`, `>0.3`).
pub(super) fn open_band(text: &str) -> Option<char> {
    let mut chars = text.chars();
    let sign = chars.next().filter(|c| matches!(c, '<' | '>'))?;
    let rest = chars.as_str().trim_start_matches('=').trim();
    (!rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit() || c == '.' || c == ',')).then_some(sign)
}

/// The desirable band under line `index` (on the next line, or the one after when a name
/// wrapped between: `Saturated Fatty Acid` / `31.4` / `Index` / bands), as cells to read
/// after the value: the unit, then the band. `band_x` is what the band headers said: the
/// unit alone is taken under bands without a desirable one.
/// `bands` holds [`band_line`] of each line.
pub(super) fn band_below(
    lines: &[Line],
    bands: &[Option<Bands>],
    index: usize,
    band_x: Option<Option<f32>>,
) -> Option<(usize, Vec<Cell>)> {
    let band_x = band_x?;
    let line = lines.get(index)?;
    let h = line.bbox.height().max(1.0);
    for j in index + 1..=index + 2 {
        let below = lines.get(j)?;
        if below.bbox.y0 - line.bbox.y1 > 3.5 * h {
            return None;
        }
        if let Some((printed, unit)) = bands.get(j)?.clone() {
            // The first line of bands printed on two, taken into the line under it.
            if printed.is_empty() {
                continue;
            }
            let band =
                band_x.and_then(|bx| printed.into_iter().min_by(|a, b| (a.1 - bx).abs().total_cmp(&(b.1 - bx).abs())));
            let x = line.cells.last().map_or(line.bbox.x1, |c| c.x1) + 10.0;
            let mut cells: Vec<Cell> = unit
                .into_iter()
                .map(|u| Cell { text: u, x0: x, x1: x + 10.0, bold: false, point_gap: false })
                .collect();
            cells.extend(band.map(|(text, _)| Cell {
                text,
                x0: x + 20.0,
                x1: x + 30.0,
                bold: false,
                point_gap: false,
            }));
            return Some((j, cells));
        }
        // Only a short line of words (the rest of a wrapped name) may come between.
        if below.cells.len() != 1 || holds_number(&below.cells) || below.cells[0].text.split_whitespace().count() > 2 {
            return None;
        }
    }
    None
}
