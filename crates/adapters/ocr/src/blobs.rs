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

/// Every blob of a `w`×`h` grid where `on` holds, in the order of their first pixel, joined
/// through `neighbours` ([`EDGES`] or [`EDGES_AND_CORNERS`]).
///
/// Found a row at a time: each row's runs of ink join the runs of the row above that they
/// touch (union-find). A page is searched for its letters several times over (their height
/// when it is prepared, its dotted leaders, the regions OCR left out); flood-filling pixel by
/// pixel made that 3 % of reading a 10-megapixel photo. Runs and their links are numbered in
/// `u32`: a page has fewer than 80 million pixels (`MAX_IMAGE_PIXELS`).
pub(crate) fn all(w: usize, h: usize, on: impl Fn(usize) -> bool, neighbours: &[(i64, i64)]) -> Vec<Blob> {
    debug_assert!(neighbours == EDGES || neighbours == EDGES_AND_CORNERS);
    // Runs touching diagonally join only through corners.
    let reach = usize::from(neighbours == EDGES_AND_CORNERS);
    // Each run: its row, first and last column; and the union-find parent of each.
    let mut runs: Vec<(u32, u32, u32)> = Vec::new();
    let mut parent: Vec<u32> = Vec::new();
    let mut above = 0..0;
    for y in 0..h {
        let row = y * w;
        let first = runs.len();
        let mut x = 0;
        while x < w {
            if !on(row + x) {
                x += 1;
                continue;
            }
            let start = x;
            while x < w && on(row + x) {
                x += 1;
            }
            parent.push(runs.len() as u32);
            runs.push((y as u32, start as u32, (x - 1) as u32));
        }
        // Both rows' runs go left to right: walk them together.
        let mut j = above.start;
        for i in first..runs.len() {
            let (_, x0, x1) = runs[i];
            while j < above.end && (runs[j].2 as usize) + reach < x0 as usize {
                j += 1;
            }
            let mut k = j;
            while k < above.end && (runs[k].1 as usize) <= x1 as usize + reach {
                union(&mut parent, i as u32, k as u32);
                k += 1;
            }
        }
        above = first..runs.len();
    }
    // Blobs are numbered as their first run comes, which holds their first pixel.
    let mut index = vec![u32::MAX; runs.len()];
    let mut blobs: Vec<Blob> = Vec::new();
    for (i, &(y, x0, x1)) in runs.iter().enumerate() {
        let root = find(&mut parent, i as u32) as usize;
        if index[root] == u32::MAX {
            index[root] = blobs.len() as u32;
            blobs.push(Blob { x0, y0: y, x1, y1: y, area: 0 });
        }
        let b = &mut blobs[index[root] as usize];
        b.x0 = b.x0.min(x0);
        b.x1 = b.x1.max(x1);
        b.y0 = b.y0.min(y);
        b.y1 = b.y1.max(y);
        b.area += x1 - x0 + 1;
    }
    blobs
}

/// The root of `i`'s component, shortening the path to it.
fn find(parent: &mut [u32], mut i: u32) -> u32 {
    let mut root = i;
    while parent[root as usize] != root {
        root = parent[root as usize];
    }
    while parent[i as usize] != root {
        let next = parent[i as usize];
        parent[i as usize] = root;
        i = next;
    }
    root
}

/// Joins the components of runs `a` and `b`.
fn union(parent: &mut [u32], a: u32, b: u32) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        parent[ra.max(rb) as usize] = ra.min(rb);
    }
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

    /// The blobs as a flood fill from each pixel in turn finds them: what [`all`] must give.
    fn all_by_fill(w: usize, h: usize, on: impl Fn(usize) -> bool, neighbours: &[(i64, i64)]) -> Vec<Blob> {
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

    fn fields(blobs: &[Blob]) -> Vec<(u32, u32, u32, u32, u32)> {
        blobs.iter().map(|b| (b.x0, b.y0, b.x1, b.y1, b.area)).collect()
    }

    proptest::proptest! {
        #[test]
        fn rows_of_runs_find_the_blobs_a_flood_fill_finds(
            w in 1usize..40,
            h in 1usize..40,
            density in 0u32..100,
            seed in proptest::prelude::any::<u64>(),
        ) {
            // Ink at random, thin or dense: letters, specks, and shapes that wind back on
            // themselves (a `U` whose arms join only at the bottom).
            let mut state = seed | 1;
            let ink: Vec<bool> = (0..w * h)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    (state % 100) < u64::from(density)
                })
                .collect();
            for neighbours in [EDGES, EDGES_AND_CORNERS] {
                let (ours, theirs) = (all(w, h, |i| ink[i], neighbours), all_by_fill(w, h, |i| ink[i], neighbours));
                proptest::prop_assert_eq!(fields(&ours), fields(&theirs));
            }
        }
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
