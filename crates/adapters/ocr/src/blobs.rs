//! Connected blobs of ink by flood fill, shared by the page clean-up (letter height) and the
//! decimal-point check (digits and points in a word's box).

/// Neighbours of a pixel that touch it by an edge.
pub(crate) const EDGES: &[(i64, i64)] = &[(-1, 0), (1, 0), (0, -1), (0, 1)];

/// Neighbours of a pixel that touch it by an edge or a corner.
pub(crate) const EDGES_AND_CORNERS: &[(i64, i64)] =
    &[(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

/// A connected blob of ink: its bounding box (inclusive) and how many pixels it holds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Blob {
    pub x0: u32,
    pub y0: u32,
    pub x1: u32,
    pub y1: u32,
    pub area: u32,
}

impl Blob {
    pub fn width(&self) -> u32 {
        self.x1 - self.x0 + 1
    }

    pub fn height(&self) -> u32 {
        self.y1 - self.y0 + 1
    }
}

/// The blob around pixel `start` of a `w`-wide grid: the pixels where `on` holds, reached through
/// `neighbours`, not yet `seen` (they are marked). The fill stops once `limit` pixels are taken.
/// `start` must be on and already marked seen.
pub(crate) fn fill(
    w: usize,
    h: usize,
    start: usize,
    on: impl Fn(usize) -> bool,
    seen: &mut [bool],
    neighbours: &[(i64, i64)],
    limit: usize,
) -> Blob {
    let mut stack = vec![start];
    let mut b = Blob { x0: u32::MAX, y0: u32::MAX, x1: 0, y1: 0, area: 0 };
    while let Some(i) = stack.pop() {
        if b.area as usize >= limit {
            break;
        }
        b.area += 1;
        let (x, y) = (i % w, i / w);
        b.x0 = b.x0.min(x as u32);
        b.x1 = b.x1.max(x as u32);
        b.y0 = b.y0.min(y as u32);
        b.y1 = b.y1.max(y as u32);
        for (dx, dy) in neighbours {
            let (nx, ny) = (x as i64 + dx, y as i64 + dy);
            if nx < 0 || ny < 0 || nx >= w as i64 || ny >= h as i64 {
                continue;
            }
            let j = ny as usize * w + nx as usize;
            if !seen[j] && on(j) {
                seen[j] = true;
                stack.push(j);
            }
        }
    }
    b
}

/// Every blob of a `w`×`h` grid where `on` holds, in the order of their first pixel.
pub(crate) fn all(w: usize, h: usize, on: impl Fn(usize) -> bool, neighbours: &[(i64, i64)]) -> Vec<Blob> {
    let mut seen = vec![false; w * h];
    let mut blobs = Vec::new();
    for start in 0..w * h {
        if seen[start] || !on(start) {
            continue;
        }
        seen[start] = true;
        blobs.push(fill(w, h, start, &on, &mut seen, neighbours, usize::MAX));
    }
    blobs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagonal_pixels_join_only_through_corners() {
        // Two pixels touching at a corner, and one apart.
        let (w, h) = (5, 3);
        let ink = [(0usize, 0usize), (1, 1), (4, 2)];
        let on = |i: usize| ink.contains(&(i % w, i / w));
        assert_eq!(all(w, h, on, EDGES).len(), 3);
        let joined = all(w, h, on, EDGES_AND_CORNERS);
        assert_eq!(joined.len(), 2);
        assert_eq!((joined[0].width(), joined[0].height(), joined[0].area), (2, 2, 2));
    }

    #[test]
    fn a_fill_stops_at_its_limit() {
        let (w, h) = (10, 10);
        let mut seen = vec![false; w * h];
        seen[0] = true;
        let b = fill(w, h, 0, |_| true, &mut seen, EDGES, 7);
        assert_eq!(b.area, 7);
    }
}
