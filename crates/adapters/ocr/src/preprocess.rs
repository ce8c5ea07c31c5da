//! Cleaning a photographed or scanned page before OCR: EXIF orientation, grayscale, whitening
//! solid dark blocks (redaction bars, the desk around the page), flattening uneven lighting, and
//! erasing dotted leaders between names and values (on labdata's biochemistry scan, F1 0.32 ->
//! 0.97: OCR had read them as junk words glued to the names).
//!
//! Enlarging every photo was measured on labdata and dropped: it costs 3 to 9 times Tesseract's
//! time, and photos whose print Tesseract already reads got worse (chemistry F1 0.919 -> 0.789).
//! [`Look::Enlarged`] is a second look for pages whose first reading found almost nothing (the
//! reader decides): letters are scaled toward 24 px and shaded rows evened out, which took the
//! Sysmex photo from 4 rows to 14 and the Turkish hemogram from none to 19. Thresholding is left
//! to Tesseract (Sauvola, set in `tesseract.rs`): a fixed cut of the flattened page broke the
//! thin strokes of small print.

use std::io::Cursor;
use std::sync::LazyLock;

use ht_reports::ExtractError;
use image::metadata::Cicp;
use image::{DynamicImage, GrayImage, ImageDecoder, ImageFormat, ImageReader, Limits};

use crate::blobs::{self, Blob, EDGES};

const BLOCK: u32 = 16;

/// Decodes `bytes` (JPEG or PNG) within `max_pixels`, cleans the page, and returns it as a PGM
/// image (uncompressed, so that handing it to Tesseract costs nothing).
///
/// # Errors
/// [`ExtractError::Corrupt`] when the image cannot be decoded, [`ExtractError::Unsupported`]
/// when it is larger than the limit.
pub fn prepare(bytes: &[u8], max_pixels: u64, look: Look) -> Result<Vec<u8>, ExtractError> {
    prepare_image(bytes, max_pixels, look).map(|img| to_pgm(&img))
}

/// How closely to look at a page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// At the size it came in: fastest, and best for most photos and scans.
    Native,
    /// Enlarged toward 300 dpi print when its letters are small, with shading evened out:
    /// several times slower, for pages whose first reading found almost nothing.
    Enlarged,
    /// At the size it came in, with the ruled lines of its tables painted out
    /// ([`erase_rules`]): for a table in a grid that neither other look could read.
    Unruled,
}

/// [`prepare`], returning the cleaned page as an image.
///
/// # Errors
/// As [`prepare`].
pub fn prepare_image(bytes: &[u8], max_pixels: u64, look: Look) -> Result<GrayImage, ExtractError> {
    prepare_measured(bytes, max_pixels, look).map(|(img, _)| img)
}

/// [`prepare_image`], giving also the page's letter height ([`text_height`]) where the clean-up
/// measured it on the page as it gives it (it erased no leaders, which can move the median
/// blob): `Some(None)` for a page with too few letters to tell, `None` when it is still to be
/// measured.
pub(crate) fn prepare_measured(
    bytes: &[u8],
    max_pixels: u64,
    look: Look,
) -> Result<(GrayImage, Option<Option<f32>>), ExtractError> {
    let mut reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| ExtractError::Corrupt(format!("the image could not be read: {e}")))?;
    // The JPEG decoder greys out what a cut-short file lacks instead of failing, and a page
    // missing its lower part would read as a report with fewer results.
    if reader.format() == Some(ImageFormat::Jpeg) && jpeg_cut_short(bytes) {
        return Err(ExtractError::Corrupt("the image is cut short: the file ends before the picture does".into()));
    }
    let mut limits = Limits::default();
    limits.max_alloc = Some(max_pixels.saturating_mul(4));
    reader.limits(limits);
    let mut decoder =
        reader.into_decoder().map_err(|e| ExtractError::Corrupt(format!("the image could not be read: {e}")))?;
    let (w, h) = decoder.dimensions();
    if u64::from(w) * u64::from(h) > max_pixels {
        return Err(ExtractError::Unsupported("the image has too many pixels".into()));
    }
    let orientation = decoder.orientation().ok();
    let mut img = DynamicImage::from_decoder(decoder)
        .map_err(|e| ExtractError::Corrupt(format!("the image could not be decoded: {e}")))?;
    if let Some(o) = orientation {
        img.apply_orientation(o);
    }
    let mut gray = grey(&img);
    whiten_dark_blocks(&mut gray);
    flatten_illumination(&mut gray);
    if look == Look::Enlarged
        && let Some(height) = text_height(&gray)
    {
        // Toward letters 24 px tall (print at 300 dpi), at most three times.
        let scale = (24.0 / height).clamp(1.0, 3.0);
        let pixels = f64::from(gray.width()) * f64::from(gray.height()) * f64::from(scale * scale);
        if scale > 1.05 && pixels <= max_pixels as f64 {
            let (w, h) = ((gray.width() as f32 * scale) as u32, (gray.height() as f32 * scale) as u32);
            gray = enlarge(&gray, w, h);
            // Shaded rows and the blur the enlargement spreads are evened out against the
            // paper within about a letter and a half. The letters are measured again on the
            // enlarged page: `height * scale` is not the same figure, and as the radius it cost
            // the Sysmex photo F1 0.424 -> 0.235 on labdata.
            if let Some(height) = text_height(&gray) {
                normalise_background(&mut gray, ((height * 1.5) as usize).max(3));
            }
        }
    }
    if look == Look::Unruled {
        erase_rules(&mut gray);
    }
    let letter = erase_leaders(&mut gray);
    Ok((gray, letter))
}

/// `img` in grey, exactly as `DynamicImage::to_luma8` gives it. A colour photo's pixels are
/// weighed here with three tables of 256 products, summed in the image crate's order:
/// its conversion goes through a general path in `f32` and calls the C library's `roundf` for
/// each pixel, a third of preparing a phone's photo (2866 × 3252: 0.47 billion instructions
/// of 1.38, callgrind; 1.21 in all with these tables).
fn grey(img: &DynamicImage) -> GrayImage {
    match (img, &*LUMA_TABLES) {
        (DynamicImage::ImageRgb8(rgb), Some([red, green, blue])) if rgb.color_space() == Cicp::SRGB => {
            let pixels = rgb.as_raw().chunks_exact(3).map(|p| {
                let mut luma = 0.0;
                luma += red[usize::from(p[0])];
                luma += green[usize::from(p[1])];
                luma += blue[usize::from(p[2])];
                round_pixel(luma * 255.0)
            });
            GrayImage::from_raw(rgb.width(), rgb.height(), pixels.collect()).unwrap_or_else(|| img.to_luma8())
        }
        _ => img.to_luma8(),
    }
}

/// For each channel of an sRGB pixel, its part of the pixel's luma for each of its 256 values,
/// as the image crate computes it: the value over 255 times the channel's weight. The weights
/// are read from the crate itself, as the luma of a pure red, green and blue pixel in `f32`
/// (`0 + 1 × weight`, exact), so that they are its weights to the last bit; `None` (and the
/// crate's own conversion) if it gave no three.
static LUMA_TABLES: LazyLock<Option<[[f32; 256]; 3]>> = LazyLock::new(|| {
    let pure = image::Rgb32FImage::from_raw(3, 1, vec![1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0])?;
    let weights: [f32; 3] = DynamicImage::ImageRgb32F(pure).to_luma32f().into_raw().try_into().ok()?;
    const R: f32 = 1.0 / 255.0;
    Some(weights.map(|weight| std::array::from_fn(|v| v as f32 * R * weight)))
});

/// Paints white the ruled lines of a table: thin runs of ink along a row longer than five
/// letters are tall, or down a column longer than two and a half. OCR reads a rule beside a
/// word as letters (`[PALE YeLow [`, `| NecaTivE |`) and, in a photo, where the rules slant, it
/// reads little else. A letter is never that long, and a rule is thin: ink thicker across the
/// run than half a letter (a letter crossing the rule, a grey patch of paper) stays. A
/// photo's slant is allowed for by looking one pixel either side of the run (a rule two
/// pixels thick sloping 2° stays in such a band for about 85 pixels), and grey counts as ink:
/// a blurred rule is grey at its edges and where it steps from row to row.
fn erase_rules(img: &mut GrayImage) {
    let Some(letter) = text_height(img) else { return };
    let (w, h) = (img.width() as usize, img.height() as usize);
    let thin = ((letter / 2.0) as usize).max(5);
    // Rows first: with them gone, where a column rule crossed them it is thin again.
    erase_thin_runs(img, thin, h, w, &|y, x| y * w + x, (letter * 5.0).max(30.0) as usize);
    erase_thin_runs(img, thin, w, h, &|x, y| y * w + x, (letter * 2.5).max(20.0) as usize);
}

/// One direction of [`erase_rules`]. Lanes are rows (or columns) of `len` pixels,
/// `at(lane, p)` the pixel at position `p` along one. A pixel is thin when the ink through it
/// across the lanes is at most `thin` long; a run of thin pixels `long` or longer in a band of
/// three lanes is a rule.
fn erase_thin_runs(
    img: &mut GrayImage,
    thin: usize,
    lanes: usize,
    len: usize,
    at: &dyn Fn(usize, usize) -> usize,
    long: usize,
) {
    let ink: Vec<bool> = img.as_raw().iter().map(|&v| v < 200).collect();
    let mut thick = vec![false; ink.len()];
    for p in 0..len {
        for run in runs(lanes, |lane| ink[at(lane, p)]).filter(|run| run.len() > thin) {
            run.for_each(|lane| thick[at(lane, p)] = true);
        }
    }
    let candidate = |lane: usize, p: usize| ink[at(lane, p)] && !thick[at(lane, p)];
    let raw = img.as_mut();
    for lane in 0..lanes {
        let band = |p: usize| {
            candidate(lane, p) || (lane > 0 && candidate(lane - 1, p)) || (lane + 1 < lanes && candidate(lane + 1, p))
        };
        for run in runs(len, band).filter(|run| run.len() >= long) {
            run.filter(|&p| candidate(lane, p)).for_each(|p| raw[at(lane, p)] = 255);
        }
    }
}

/// The maximal runs of positions `0..len` where `on` holds.
fn runs(len: usize, on: impl Fn(usize) -> bool) -> impl Iterator<Item = std::ops::Range<usize>> {
    let mut p = 0;
    std::iter::from_fn(move || {
        while p < len && !on(p) {
            p += 1;
        }
        let start = p;
        while p < len && on(p) {
            p += 1;
        }
        (p > start).then_some(start..p)
    })
}

/// Divides each pixel by the brightest pixel within `radius` (a greyscale dilation, separable
/// with a sliding-window maximum): paper, stripes and shadows become white wherever they are
/// wider than a letter, and ink keeps its contrast however small (decimal points).
fn normalise_background(img: &mut GrayImage, radius: usize) {
    let (w, h) = (img.width() as usize, img.height() as usize);
    if w == 0 || h == 0 {
        return;
    }
    let raw = img.as_raw().clone();
    let mut rows = vec![0u8; w * h];
    for y in 0..h {
        sliding_max(&raw[y * w..(y + 1) * w], 1, radius, &mut rows[y * w..(y + 1) * w]);
    }
    // The column pass takes whole rows at a time, along memory.
    let mut background = vec![0u8; w * h];
    sliding_max(&rows, w, radius, &mut background);
    let divided = &*DIVIDED;
    for ((o, &r), &bg) in img.as_mut().iter_mut().zip(&raw).zip(&background) {
        *o = divided[usize::from(bg) << 8 | usize::from(r)];
    }
}

/// `p` over `bg` as a grey level, `p × 255 / bg` (`bg` at least 1) at most 255, at
/// `[bg << 8 | p]`: looked up rather than divided, an integer division a pixel of an enlarged
/// photo (seed 13's layout_003 enlarged: 128 million instructions in
/// [`normalise_background`] instead of 177, callgrind, which counts a division as one).
static DIVIDED: LazyLock<Vec<u8>> =
    LazyLock::new(|| (0..=u32::from(u16::MAX)).map(|i| ((i & 0xFF) * 255 / (i >> 8).max(1)).min(255) as u8).collect());

/// `out[p]` = the largest of `input[p - radius..=p + radius]`, for each of `lanes` runs stored
/// side by side (position `p` of lane `l` at `p * lanes + l`). Van Herk and Gil-Werman's
/// method: running maxima forward and backward within blocks as long as the window, then one
/// comparison a position, whatever the radius; with many lanes each step is a row of bytes.
fn sliding_max(input: &[u8], lanes: usize, radius: usize, out: &mut [u8]) {
    if lanes == 1 {
        return sliding_max_run(input, radius, out);
    }
    let n = input.len() / lanes;
    let k = 2 * radius + 1;
    // The run padded with `radius` zeros (never the brightest) at each end: every window is
    // then exactly `k` long and spans at most two blocks.
    let padded = n + 2 * radius;
    let source =
        |q: usize| (q >= radius && q - radius < n).then(|| &input[(q - radius) * lanes..(q - radius + 1) * lanes]);
    // `ahead[q]`: the largest from the start of q's block to q; `behind[q]`: from q to its end.
    let mut ahead = vec![0u8; padded * lanes];
    let mut behind = vec![0u8; padded * lanes];
    for q in 0..padded {
        let (before, rest) = ahead.split_at_mut(q * lanes);
        let current = &mut rest[..lanes];
        if let Some(src) = source(q) {
            current.copy_from_slice(src);
        }
        if q % k != 0 {
            for (c, p) in current.iter_mut().zip(&before[(q - 1) * lanes..]) {
                *c = (*c).max(*p);
            }
        }
    }
    for q in (0..padded).rev() {
        let (upto, after) = behind.split_at_mut((q + 1) * lanes);
        let current = &mut upto[q * lanes..];
        if let Some(src) = source(q) {
            current.copy_from_slice(src);
        }
        if (q + 1) % k != 0 && q + 1 < padded {
            for (c, nx) in current.iter_mut().zip(&after[..lanes]) {
                *c = (*c).max(*nx);
            }
        }
    }
    for p in 0..n {
        let first = &behind[p * lanes..(p + 1) * lanes];
        let last = &ahead[(p + 2 * radius) * lanes..(p + 2 * radius + 1) * lanes];
        for ((o, a), b) in out[p * lanes..(p + 1) * lanes].iter_mut().zip(first).zip(last) {
            *o = (*a).max(*b);
        }
    }
}

/// [`sliding_max`] of a single run (a row), block by block.
fn sliding_max_run(input: &[u8], radius: usize, out: &mut [u8]) {
    let k = 2 * radius + 1;
    let mut padded = vec![0u8; input.len() + 2 * radius];
    padded[radius..radius + input.len()].copy_from_slice(input);
    let mut ahead = padded.clone();
    let mut behind = padded;
    for block in ahead.chunks_mut(k) {
        for i in 1..block.len() {
            block[i] = block[i].max(block[i - 1]);
        }
    }
    for block in behind.chunks_mut(k) {
        for i in (0..block.len() - 1).rev() {
            block[i] = block[i].max(block[i + 1]);
        }
    }
    for ((o, a), b) in out.iter_mut().zip(&behind).zip(&ahead[2 * radius..]) {
        *o = (*a).max(*b);
    }
}

/// `img` resized to `w` x `h` with the triangle (bilinear) filter, giving exactly the pixels of
/// `imageops::resize(img, w, h, FilterType::Triangle)`: the same weights, summed in the same
/// order in `f32`, first down the columns, then across the rows. That function works on four
/// channels and crosses its intermediate image column by column; on one channel, row by row,
/// this takes a third of its time. Exactness matters: OCR of a hard photo turned on grey
/// levels one or two apart (the Turkish hemogram on labdata, F1 0.634 -> 0.526 with a
/// fixed-point bilinear enlargement).
pub(crate) fn enlarge(img: &GrayImage, w: u32, h: u32) -> GrayImage {
    let resized = || image::imageops::resize(img, w, h, image::imageops::FilterType::Triangle);
    let (sw, sh) = img.dimensions();
    if sw == 0 || sh == 0 || (w, h) == (sw, sh) {
        return resized();
    }
    // Each output pixel of a row reads three columns: an enlargement's filter has at most three
    // taps, and those it lacks weigh nothing and add nothing to its sum (0 × 0, after the real
    // ones). A row made narrower has more taps, and is left to the image crate (the reader
    // only enlarges).
    let Some(taps) = triangle_taps(sw, w)
        .into_iter()
        .map(|(first, weights)| {
            let mut padded = [0.0; 3];
            padded.get_mut(..weights.len())?.copy_from_slice(&weights);
            Some((first as usize, padded))
        })
        .collect::<Option<Vec<(usize, [f32; 3])>>>()
    else {
        return resized();
    };
    let (sw, w, h) = (sw as usize, w as usize, h as usize);
    let src = img.as_raw();
    // Each row of the intermediate image ends in `PAD` columns of nothing for the taps a pixel
    // near the right edge lacks.
    const PAD: usize = 2;
    let stride = sw + PAD;
    let mut columns = vec![0f32; stride * h];
    for (y, (first, weights)) in triangle_taps(sh, h as u32).iter().enumerate() {
        let out = &mut columns[y * stride..y * stride + sw];
        for (i, &weight) in weights.iter().enumerate() {
            let row = (*first as usize + i) * sw;
            for (t, &v) in out.iter_mut().zip(&src[row..row + sw]) {
                *t += f32::from(v) * weight;
            }
        }
    }
    let mut out = vec![0u8; w * h];
    for (y, row) in out.chunks_exact_mut(w).enumerate() {
        let line = &columns[y * stride..(y + 1) * stride];
        for (o, &(first, [a, b, c])) in row.iter_mut().zip(&taps) {
            let [p, q, r] = [line[first], line[first + 1], line[first + 2]];
            let mut t = 0f32;
            t += p * a;
            t += q * b;
            t += r * c;
            *o = round_pixel(t);
        }
    }
    GrayImage::from_raw(w as u32, h as u32, out).unwrap_or_else(|| GrayImage::new(w as u32, h as u32))
}

/// The part `[x0, y0, x1, y1]` of `page` (within it), copied a row at a time (`crop_imm` and
/// `to_image` copy it a pixel at a time).
pub(crate) fn cut(page: &GrayImage, [x0, y0, x1, y1]: [u32; 4]) -> GrayImage {
    let (pw, (x0, x1)) = (page.width() as usize, (x0 as usize, x1 as usize));
    let rows = page.as_raw().chunks_exact(pw).skip(y0 as usize).take((y1 - y0) as usize);
    let pixels: Vec<u8> = rows.flat_map(|row| &row[x0..x1]).copied().collect();
    GrayImage::from_raw((x1 - x0) as u32, y1 - y0, pixels).unwrap_or_default()
}

/// `t` clamped to a grey level and rounded half away from zero as `f32::round` does, without
/// its call into the C library (the baseline x86-64 target has no rounding instruction): the
/// whole part, and one more where the rest, exact in `f32`, reaches a half.
fn round_pixel(t: f32) -> u8 {
    let t = t.clamp(0.0, 255.0);
    let whole = t as u8;
    whole + u8::from(t - f32::from(whole) >= 0.5)
}

/// For each of `outputs` positions, the first of `inputs` it reads and the normalised triangle
/// weights of those it reads, computed as the `image` crate computes them.
fn triangle_taps(inputs: u32, outputs: u32) -> Vec<(u32, Vec<f32>)> {
    let ratio = inputs as f32 / outputs as f32;
    let stretch = if ratio < 1.0 { 1.0 } else { ratio };
    let support = stretch;
    (0..outputs)
        .map(|o| {
            let centre = (o as f32 + 0.5) * ratio;
            let first = ((centre - support).floor() as i64).clamp(0, i64::from(inputs) - 1);
            let end = ((centre + support).ceil() as i64).clamp(first + 1, i64::from(inputs));
            let centre = centre - 0.5;
            let mut weights: Vec<f32> = (first..end)
                .map(|i| {
                    let x = (i as f32 - centre) / stretch;
                    if x.abs() < 1.0 { 1.0 - x.abs() } else { 0.0 }
                })
                .collect();
            let mut sum = 0.0;
            for w in &weights {
                sum += w;
            }
            for w in &mut weights {
                *w /= sum;
            }
            (first as u32, weights)
        })
        .collect()
}

/// The median height of the letter-sized blobs of ink on the page, in pixels.
pub(crate) fn text_height(img: &GrayImage) -> Option<f32> {
    let (w, h) = (img.width() as usize, img.height() as usize);
    let raw = img.as_raw();
    letter_height(&blobs::all(w, h, |i| raw[i] < 128, EDGES))
}

/// The median height of the letter-sized blobs among `blobs`.
fn letter_height(blobs: &[Blob]) -> Option<f32> {
    let mut heights: Vec<u32> = blobs
        .iter()
        .filter(|b| {
            let (bw, bh) = (b.width(), b.height());
            // Letters: taller than a speck, not a rule or a box, and partly filled.
            (4..=120).contains(&bh) && bw <= bh * 2 && bw * 3 >= bh / 2 && b.area * 10 >= bw * bh
        })
        .map(|b| b.height())
        .collect();
    if heights.len() < 20 {
        return None;
    }
    heights.sort_unstable();
    Some(heights[heights.len() / 2] as f32)
}

/// Paints white the dotted leaders that run from a test name to its value (`Urea ........ 22.3`).
/// OCR reads them as words of junk letters glued to the name (`Cholestrol «asset eannes`).
///
/// A leader is five or more dots, each far smaller than a letter, on one baseline at an even
/// pitch closer than a letter's height. A decimal point never qualifies: the digit beside it
/// breaks the pitch.
///
/// Gives the page's [`text_height`] when it painted nothing: the page is as it was measured.
fn erase_leaders(img: &mut GrayImage) -> Option<Option<f32>> {
    let (w, h) = (img.width() as usize, img.height() as usize);
    let measured = text_height(img);
    // In print smaller than this a dot is a pixel or two, which the broken strokes of letters
    // also leave behind.
    let Some(letter) = measured.filter(|&h| h >= 8.0) else { return Some(measured) };
    // Dots of small print are grey rather than black once the paper is white: they are looked
    // for at a lighter cut than letters.
    let blobs = {
        let raw = img.as_raw();
        blobs::all(w, h, |i| raw[i] < 200, EDGES)
    };
    // `letter` is the median letter, which small letters make about the x-height.
    let largest = (letter * 0.5).max(2.0) as u32;
    let mut dots: Vec<&Blob> = blobs
        .iter()
        .filter(|b| b.width() <= largest && b.height() <= largest)
        .filter(|b| b.width() <= 2 * b.height() + 1 && b.height() <= 2 * b.width() + 1)
        .collect();
    dots.sort_unstable_by_key(|b| (b.x0, b.y0));
    // Dots by the row of their centre, for the search of each dot's right-hand neighbour.
    let mut rows: Vec<Vec<usize>> = vec![Vec::new(); h];
    for (i, d) in dots.iter().enumerate() {
        rows[((d.y0 + d.y1) / 2) as usize].push(i);
    }
    let centre = |d: &Blob| ((d.x0 + d.x1) as f32 / 2.0, (d.y0 + d.y1) as f32 / 2.0);
    let drift = (letter * 0.12).max(2.0) as usize;
    let (nearest, farthest) = (letter * 0.12, letter * 1.2);
    let next = |i: usize| -> Option<usize> {
        let (cx, cy) = centre(dots[i]);
        let cy = cy as usize;
        (cy.saturating_sub(drift)..=(cy + drift).min(h - 1))
            .flat_map(|row| rows[row].iter().copied())
            .filter(|&j| {
                let dx = centre(dots[j]).0 - cx;
                dx >= nearest && dx <= farthest
            })
            .min_by(|&a, &b| centre(dots[a]).0.total_cmp(&centre(dots[b]).0))
    };
    let mut taken = vec![false; dots.len()];
    let mut painted = false;
    for start in 0..dots.len() {
        if taken[start] {
            continue;
        }
        let mut chain = vec![start];
        while let Some(j) = next(*chain.last().unwrap_or(&start)).filter(|&j| !taken[j]) {
            chain.push(j);
        }
        for &i in &chain {
            taken[i] = true;
        }
        if chain.len() < 5 {
            continue;
        }
        // The pitch is the median gap. A dot lost to the clean-up leaves a gap of two pitches,
        // which the leader bridges; a wider gap (the digit before a decimal point) ends it.
        let gap = |a: usize, b: usize| centre(dots[b]).0 - centre(dots[a]).0;
        let mut gaps: Vec<f32> = chain.windows(2).map(|p| gap(p[0], p[1])).collect();
        gaps.sort_unstable_by(f32::total_cmp);
        let pitch = gaps[gaps.len() / 2];
        for leader in chain.chunk_by(|&a, &b| gap(a, b) <= pitch * 2.5) {
            if leader.len() < 5 {
                continue;
            }
            painted = true;
            for &i in leader {
                let d = dots[i];
                for y in d.y0.saturating_sub(1)..=(d.y1 + 1).min(h as u32 - 1) {
                    for x in d.x0.saturating_sub(1)..=(d.x1 + 1).min(w as u32 - 1) {
                        img.put_pixel(x, y, image::Luma([255]));
                    }
                }
            }
        }
    }
    (!painted).then_some(measured)
}

/// Paints white every 16×16 block that is almost all dark: text strokes never fill a block.
fn whiten_dark_blocks(img: &mut GrayImage) {
    let (w, h, b) = (img.width() as usize, img.height() as usize, BLOCK as usize);
    let raw = img.as_mut();
    // A band of blocks at a time, each row read in order: the dark pixels of each block.
    let mut dark = vec![0usize; w.div_ceil(b)];
    for by in (0..h).step_by(b) {
        let rows = b.min(h - by);
        let band = by * w..(by + rows) * w;
        dark.fill(0);
        for row in raw[band.clone()].chunks_exact(w) {
            for (count, block) in dark.iter_mut().zip(row.chunks(b)) {
                *count += block.iter().filter(|&&v| v < 70).count();
            }
        }
        for (i, &count) in dark.iter().enumerate() {
            let (bx, bw) = (i * b, b.min(w - i * b));
            if count * 100 > bw * rows * 85 {
                for row in raw[band.clone()].chunks_exact_mut(w) {
                    row[bx..bx + bw].fill(255);
                }
            }
        }
    }
}

/// Divides each pixel by a wide box-blurred background, so shadows and grey paper become white
/// and ink stays dark. The box's sums are kept as it moves: a sum down each column, updated by a
/// row in and a row out as the box steps down the page, and along the row a running sum of
/// those. Reading memory in order, it takes a 200 dpi page (1700 × 2600) in 14 ms, where an
/// integral image of the page took 34.
///
/// Along a row, the pixels whose box lies inside the page (all but a box's half-width at each
/// end) share the box's pixel count, and are divided in one loop of slices without bounds or
/// edges to test, which the compiler turns into vector instructions (`divpd`). Preparing a
/// 300 dpi scan page (2524 × 3541, the `prepare` example) took 0.71 billion instructions
/// instead of 1.15 (callgrind), about 101 ms instead of 138, and wrote the same pixels.
fn flatten_illumination(img: &mut GrayImage) {
    let (w, h) = (img.width() as usize, img.height() as usize);
    if w == 0 || h == 0 {
        return;
    }
    let r = (w.max(h) / 40).max(8);
    let source = img.as_raw().clone();
    let row = |y: usize| &source[y * w..(y + 1) * w];
    // `columns[x]`: the sum of column x over the box's rows; `along[x]`: of columns before x.
    let mut columns = vec![0u32; w];
    let mut along = vec![0u64; w + 1];
    for y in 0..r.min(h) {
        columns.iter_mut().zip(row(y)).for_each(|(c, &p)| *c += u32::from(p));
    }
    // A pixel `p` over a box of `count` pixels summing to `sum`. (A box's sum is under 2^31: a
    // box is about a twentieth of the longer side wide and no taller than the page, so it holds
    // about a twentieth of the page's pixels, of at most 255 each, and pages are capped at 80
    // million pixels.)
    let flat = |p: u8, sum: u64, count: f64| {
        let mean = f64::from(sum as i32) / count + 1.0;
        (f64::from(p) / mean * 255.0).clamp(0.0, 255.0) as u8
    };
    for (y, out) in img.as_mut().chunks_exact_mut(w).enumerate() {
        if y + r < h {
            columns.iter_mut().zip(row(y + r)).for_each(|(c, &p)| *c += u32::from(p));
        }
        if y > r {
            columns.iter_mut().zip(row(y - r - 1)).for_each(|(c, &p)| *c -= u32::from(p));
        }
        let mut sum = 0;
        for (a, &c) in along[1..].iter_mut().zip(&columns) {
            sum += u64::from(c);
            *a = sum;
        }
        let rows = (y + r + 1).min(h) - y.saturating_sub(r);
        let source = row(y);
        // Boxes cut by the row's ends: those of its first r pixels and its last r (all of a
        // row too short for a whole box).
        let (lo, hi) = if w > 2 * r { (r, w - r) } else { (w, w) };
        for x in (0..lo).chain(hi..w) {
            let (x0, x1) = (x.saturating_sub(r), (x + r + 1).min(w));
            out[x] = flat(source[x], along[x1] - along[x0], (rows * (x1 - x0)) as f64);
        }
        // Whole boxes, 2r + 1 pixels wide: the box of pixel x sums columns x - r to x + r.
        let count = (rows * (2 * r + 1)) as f64;
        let ends = along.iter().zip(along.get(2 * r + 1..).unwrap_or_default());
        for ((o, &p), (&start, &end)) in out[lo..hi].iter_mut().zip(&source[lo..hi]).zip(ends) {
            *o = flat(p, end - start, count);
        }
    }
}

/// `img` as a binary PGM (P5, 8 bits), the worker's image format.
pub fn to_pgm(img: &GrayImage) -> Vec<u8> {
    let mut out = format!("P5\n{} {}\n255\n", img.width(), img.height()).into_bytes();
    out.extend_from_slice(img.as_raw());
    out
}

/// The width, height and pixels (one byte each, row by row) of a PGM that [`to_pgm`] wrote, or
/// `None` for anything else: the header must be `P5`, two sizes and a depth of 255, each
/// followed by one whitespace byte, and the pixels exactly fill the rest.
#[must_use]
pub fn from_pgm(pgm: &[u8]) -> Option<(u32, u32, &[u8])> {
    let mut rest = pgm.strip_prefix(b"P5\n")?;
    let mut field = || -> Option<u32> {
        let end = rest.iter().position(u8::is_ascii_whitespace)?;
        let text = std::str::from_utf8(&rest[..end]).ok()?;
        let number = if text.bytes().all(|b| b.is_ascii_digit()) { text.parse().ok() } else { None };
        rest = &rest[end + 1..];
        number
    };
    let (w, h, depth) = (field()?, field()?, field()?);
    let size = usize::try_from(u64::from(w) * u64::from(h)).ok()?;
    (depth == 255 && rest.len() == size && size > 0).then_some((w, h, rest))
}

/// Whether a JPEG file ends before its picture does: no end-of-image marker after its last
/// scan's start. (Inside a scan's coded data a 0xFF byte is always followed by 0x00 or a
/// restart marker, so the end marker cannot be mistaken; a thumbnail's markers come before the
/// picture's scans, and bytes some cameras append after the end are allowed.)
fn jpeg_cut_short(bytes: &[u8]) -> bool {
    let Some(scan) = bytes.windows(2).rposition(|m| m == [0xFF, 0xDA]) else { return true };
    !bytes[scan..].windows(2).any(|m| m == [0xFF, 0xD9])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A colour JPEG of a page: cream paper with a column of small dark marks (letters) near
    /// its left edge.
    fn colour_jpeg() -> Vec<u8> {
        let page = image::RgbImage::from_fn(160, 120, |x, y| match (x, y) {
            (8..16, _) if y % 12 < 8 => image::Rgb([30, 30, 30]),
            _ => image::Rgb([235, 225, 200]),
        });
        let mut jpeg = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 95).encode_image(&page).expect("a JPEG");
        jpeg
    }

    #[test]
    fn a_jpeg_is_turned_as_its_exif_orientation_says() {
        let jpeg = colour_jpeg();
        // An APP1 segment after the start marker: Exif, a little-endian TIFF header, and one
        // entry, Orientation (0x0112) = 6, "turn 90° clockwise to view".
        let mut exif = b"Exif\0\0II*\0\x08\0\0\0\x01\0\x12\x01\x03\0\x01\0\0\0\x06\0\0\0\0\0\0\0".to_vec();
        let length = u16::try_from(exif.len() + 2).expect("short").to_be_bytes();
        exif.splice(0..0, [0xFF, 0xE1, length[0], length[1]]);
        let mut turned = jpeg[..2].to_vec();
        turned.extend_from_slice(&exif);
        turned.extend_from_slice(&jpeg[2..]);
        // The marks' middle, across and down: near the left edge as taken, near the top once
        // turned clockwise.
        let marks = |page: &GrayImage| {
            let dark: Vec<(u32, u32)> =
                page.enumerate_pixels().filter(|p| p.2.0[0] < 100).map(|p| (p.0, p.1)).collect();
            let n = dark.len().max(1) as u32;
            (dark.iter().map(|p| p.0).sum::<u32>() / n, dark.iter().map(|p| p.1).sum::<u32>() / n)
        };
        let plain = prepare_image(&jpeg, 1 << 20, Look::Native).expect("read");
        assert_eq!(plain.dimensions(), (160, 120));
        let (x, _) = marks(&plain);
        assert!((8..16).contains(&x), "{x}");
        let page = prepare_image(&turned, 1 << 20, Look::Native).expect("read");
        assert_eq!(page.dimensions(), (120, 160), "turned a quarter");
        let (_, y) = marks(&page);
        assert!((8..16).contains(&y), "{y}");
    }

    /// Dark blocks as they were whitened pixel by pixel: what [`whiten_dark_blocks`] must do.
    fn whiten_dark_blocks_by_pixel(img: &mut GrayImage) {
        let (w, h) = img.dimensions();
        for by in (0..h).step_by(BLOCK as usize) {
            for bx in (0..w).step_by(BLOCK as usize) {
                let (bw, bh) = (BLOCK.min(w - bx), BLOCK.min(h - by));
                let mut dark = 0u32;
                for y in by..by + bh {
                    for x in bx..bx + bw {
                        dark += u32::from(img.get_pixel(x, y).0[0] < 70);
                    }
                }
                if dark * 100 > bw * bh * 85 {
                    for y in by..by + bh {
                        for x in bx..bx + bw {
                            img.put_pixel(x, y, image::Luma([255]));
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn dark_blocks_are_whitened_as_they_were_pixel_by_pixel() {
        // Pages of every size around a block's, with dark patches at every offset: solid
        // (whitened), dotted (kept) and cut by the page's edge.
        for (w, h) in [(1, 1), (15, 17), (16, 16), (33, 50), (100, 37)] {
            let page = GrayImage::from_fn(w, h, |x, y| {
                let solid = x > w / 2 && y > h / 3;
                let stripe = (x / 7 + y / 5) % 3 == 0 && (x + y) % 5 != 0;
                image::Luma([if solid || stripe { 20 } else { 230 }])
            });
            let (mut ours, mut theirs) = (page.clone(), page.clone());
            whiten_dark_blocks(&mut ours);
            whiten_dark_blocks_by_pixel(&mut theirs);
            assert_eq!(ours.as_raw(), theirs.as_raw(), "{w}x{h}");
            if w * h > 1000 {
                assert_ne!(ours.as_raw(), page.as_raw(), "{w}x{h}: some block is whitened");
            }
        }
        let mut solid = GrayImage::from_pixel(40, 40, image::Luma([10]));
        whiten_dark_blocks(&mut solid);
        assert!(solid.pixels().all(|p| p.0[0] == 255), "a solid dark page goes white");
    }

    /// [`flatten_illumination`] as it was, one pixel at a time with its box's edges tested.
    fn flatten_illumination_pixel_by_pixel(img: &mut GrayImage) {
        let (w, h) = (img.width() as usize, img.height() as usize);
        let r = (w.max(h) / 40).max(8);
        let source = img.as_raw().clone();
        for (y, out) in img.as_mut().chunks_exact_mut(w).enumerate() {
            let (y0, y1) = (y.saturating_sub(r), (y + r + 1).min(h));
            for (x, o) in out.iter_mut().enumerate() {
                let (x0, x1) = (x.saturating_sub(r), (x + r + 1).min(w));
                let sum: u64 = (y0..y1).flat_map(|y| &source[y * w + x0..y * w + x1]).map(|&p| u64::from(p)).sum();
                let mean = sum as f64 / ((y1 - y0) * (x1 - x0)) as f64 + 1.0;
                *o = (f64::from(source[y * w + x]) / mean * 255.0).clamp(0.0, 255.0) as u8;
            }
        }
    }

    #[test]
    fn illumination_is_flattened_as_it_was_pixel_by_pixel() {
        // Rows shorter than a box (16 and 17 pixels: none or one whole box), a box's width and
        // a little more, and a page wide enough that its box is wider than the least (a
        // radius of 12 at 480 pixels), with shading, print and noise.
        for (w, h) in [(1, 1), (16, 3), (17, 40), (18, 18), (35, 9), (60, 61), (480, 30), (20, 500)] {
            let page = GrayImage::from_fn(w, h, |x, y| {
                let noise = (x.wrapping_mul(7919) ^ y.wrapping_mul(104_729)) % 23;
                let ink = (x / 3 + y / 4) % 5 == 0;
                image::Luma([if ink { 30 + noise as u8 } else { (150 + x % 90 + noise) as u8 }])
            });
            let (mut ours, mut theirs) = (page.clone(), page.clone());
            flatten_illumination(&mut ours);
            flatten_illumination_pixel_by_pixel(&mut theirs);
            assert_eq!(ours.as_raw(), theirs.as_raw(), "{w}x{h}");
        }
    }

    #[test]
    fn a_pixel_is_divided_by_the_brightest_pixel_around_it() {
        // Ink, shading and noise, the dark pixels' neighbourhoods reaching past the page's edges.
        let page = GrayImage::from_fn(45, 31, |x, y| {
            let level = (x * 37 + y * 11) % 200 + (x * y) % 56;
            image::Luma([if (x + 2 * y) % 9 == 0 { 0 } else { level as u8 }])
        });
        let radius: u32 = 3;
        let mut ours = page.clone();
        normalise_background(&mut ours, radius as usize);
        let (w, h): (u32, u32) = (45, 31);
        for y in 0..h {
            for x in 0..w {
                let around = (y.saturating_sub(radius)..(y + radius + 1).min(h))
                    .flat_map(|v| (x.saturating_sub(radius)..(x + radius + 1).min(w)).map(move |u| (u, v)));
                let bg = around.map(|(u, v)| page.get_pixel(u, v)[0]).max().unwrap_or(0);
                let p = page.get_pixel(x, y)[0];
                let divided = (u32::from(p) * 255 / u32::from(bg).max(1)).min(255) as u8;
                assert_eq!(ours.get_pixel(x, y)[0], divided, "({x}, {y})");
            }
        }
    }

    #[test]
    fn a_colour_page_is_greyed_as_the_image_crate_greys_it() {
        // Every red and green level beside each other, with blues at the ends and in between.
        for blue in [0u8, 1, 77, 128, 200, 254, 255] {
            let page = image::RgbImage::from_fn(256, 256, |x, y| {
                image::Rgb([x as u8, y as u8, blue ^ ((x * 7 + y * 3) % 3) as u8])
            });
            let page = DynamicImage::ImageRgb8(page);
            assert_eq!(grey(&page).as_raw(), page.to_luma8().as_raw(), "blue {blue}");
        }
    }

    #[test]
    fn a_jpeg_cut_short_is_corrupt_and_one_with_bytes_after_its_end_is_read() {
        let page = GrayImage::from_fn(120, 90, |x, y| image::Luma([if (x / 8 + y / 8) % 2 == 0 { 30 } else { 220 }]));
        let mut jpeg = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 90)
            .encode_image(&page)
            .expect("a JPEG is encoded");
        assert!(prepare_image(&jpeg, 1 << 20, Look::Native).is_ok());
        for cut in [jpeg.len() - 2, jpeg.len() / 2] {
            let read = prepare_image(&jpeg[..cut], 1 << 20, Look::Native);
            assert!(matches!(&read, Err(ExtractError::Corrupt(m)) if m.contains("cut short")), "{cut}: {read:?}");
        }
        let mut trailed = jpeg.clone();
        trailed.extend_from_slice(b"camera trailer \xFF\xDA");
        trailed.extend_from_slice(&[0xFF, 0xD9]);
        assert!(prepare_image(&trailed, 1 << 20, Look::Native).is_ok());
        trailed.truncate(jpeg.len() + 10);
        assert!(prepare_image(&trailed, 1 << 20, Look::Native).is_ok(), "plain bytes after the end");
    }

    #[test]
    fn dark_blocks_turn_white_and_strokes_stay() {
        let mut img = GrayImage::from_pixel(64, 64, image::Luma([200]));
        for y in 0..32 {
            for x in 0..32 {
                img.put_pixel(x, y, image::Luma([10]));
            }
        }
        for y in 40..60 {
            img.put_pixel(50, y, image::Luma([10]));
        }
        whiten_dark_blocks(&mut img);
        assert_eq!(img.get_pixel(5, 5).0[0], 255, "a redaction bar is whitened");
        assert_eq!(img.get_pixel(50, 45).0[0], 10, "a thin stroke is kept");
    }

    #[test]
    fn grey_paper_becomes_white_and_ink_stays_dark() {
        let mut img = GrayImage::from_fn(200, 200, |x, _| image::Luma([if x < 100 { 120 } else { 200 }]));
        img.put_pixel(50, 50, image::Luma([30]));
        flatten_illumination(&mut img);
        assert!(img.get_pixel(20, 150).0[0] > 230, "shadowed paper");
        assert!(img.get_pixel(180, 150).0[0] > 230, "lit paper");
        assert!(img.get_pixel(50, 50).0[0] < 100, "ink");
    }

    #[test]
    fn flattening_divides_each_pixel_by_the_mean_of_the_box_around_it() {
        // Uneven paper and ink, on a page wider than tall and one taller than wide.
        for (w, h) in [(61u32, 23u32), (19, 450)] {
            let img = GrayImage::from_fn(w, h, |x, y| image::Luma([((x * 37 + y * 101 + x * y) % 256) as u8]));
            let mut flat = img.clone();
            flatten_illumination(&mut flat);
            let r = (w.max(h) / 40).max(8);
            for (x, y, p) in img.enumerate_pixels() {
                let (xs, ys) = (x.saturating_sub(r)..(x + r + 1).min(w), y.saturating_sub(r)..(y + r + 1).min(h));
                let area = (xs.len() * ys.len()) as f64;
                let sum: f64 = ys
                    .flat_map(|y| xs.clone().map(move |x| (x, y)))
                    .map(|(x, y)| f64::from(img.get_pixel(x, y).0[0]))
                    .sum();
                let want = (f64::from(p.0[0]) / (sum / area + 1.0) * 255.0).clamp(0.0, 255.0) as u8;
                assert_eq!(flat.get_pixel(x, y).0[0], want, "({x}, {y}) of {w}×{h}");
            }
        }
    }

    #[test]
    fn shaded_rows_turn_white_and_a_small_point_stays_dark() {
        // A grey band 30 px tall (a shaded table row) holding a 3×3 point.
        let mut img = GrayImage::from_fn(100, 100, |_, y| image::Luma([if (40..70).contains(&y) { 170 } else { 240 }]));
        for y in 55..58 {
            for x in 50..53 {
                img.put_pixel(x, y, image::Luma([90]));
            }
        }
        normalise_background(&mut img, 8);
        assert!(img.get_pixel(20, 50).0[0] > 245, "the band becomes paper");
        assert!(img.get_pixel(51, 56).0[0] < 150, "the point keeps its contrast");
    }

    #[test]
    fn sliding_max_is_the_largest_in_each_window() {
        // A fixed pseudo-random run (no crate needed), checked against the plain definition.
        let mut state = 12345u32;
        let run: Vec<u8> = (0..300)
            .map(|_| {
                state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
                (state >> 16) as u8
            })
            .collect();
        for radius in [0, 1, 2, 7, 40, 400] {
            let mut out = vec![0u8; run.len()];
            sliding_max(&run, 1, radius, &mut out);
            let naive: Vec<u8> = (0..run.len())
                .map(|i| *run[i.saturating_sub(radius)..=(i + radius).min(run.len() - 1)].iter().max().unwrap())
                .collect();
            assert_eq!(out, naive, "radius {radius}");
            // The same run as the only column of a one-lane page and as one of three lanes.
            let lanes: Vec<u8> = run.iter().flat_map(|&v| [0, v, 255 - v]).collect();
            let mut out3 = vec![0u8; lanes.len()];
            sliding_max(&lanes, 3, radius, &mut out3);
            let middle: Vec<u8> = out3.chunks(3).map(|c| c[1]).collect();
            assert_eq!(middle, naive, "radius {radius}, lanes");
        }
    }

    #[test]
    fn enlarging_gives_exactly_the_image_crates_pixels() {
        let img = GrayImage::from_fn(37, 23, |x, y| image::Luma([((x * 7 + y * 13) % 256) as u8 ^ ((x * y) as u8)]));
        // (74, 12) is made shorter, which the columns take in their stride; (20, 40) narrower,
        // which goes to the image crate.
        for (w, h) in [(38, 23), (74, 46), (100, 61), (111, 69), (74, 12), (20, 40)] {
            let ours = enlarge(&img, w, h);
            let theirs = image::imageops::resize(&img, w, h, image::imageops::FilterType::Triangle);
            assert_eq!(ours.as_raw(), theirs.as_raw(), "{w}x{h}");
        }
    }

    #[test]
    fn text_height_is_the_height_of_letter_sized_blobs() {
        let mut img = GrayImage::from_pixel(400, 100, image::Luma([255]));
        for i in 0..30 {
            let x0 = 5 + i * 12;
            for y in 40..52 {
                for x in x0..x0 + 7 {
                    img.put_pixel(x, y, image::Luma([0]));
                }
            }
        }
        // A table rule is not a letter.
        for x in 0..400 {
            img.put_pixel(x, 80, image::Luma([0]));
        }
        assert_eq!(text_height(&img), Some(12.0));
        assert_eq!(text_height(&GrayImage::from_pixel(50, 50, image::Luma([255]))), None);
    }

    /// A page of 12 px letters: `blocks` letter-sized blocks from `x`, on the baseline `y`.
    fn letters(img: &mut GrayImage, x: u32, y: u32, blocks: u32) {
        for i in 0..blocks {
            for yy in y - 12..y {
                for xx in x + i * 9..x + i * 9 + 6 {
                    img.put_pixel(xx, yy, image::Luma([0]));
                }
            }
        }
    }

    /// A 2×2 dot, grey as small print comes out of the clean-up.
    fn dot(img: &mut GrayImage, x: u32, y: u32) {
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            img.put_pixel(x + dx, y + dy, image::Luma([160]));
        }
    }

    #[test]
    fn ruled_lines_are_erased_and_letters_and_grey_patches_stay() {
        let mut img = GrayImage::from_pixel(400, 140, image::Luma([255]));
        letters(&mut img, 5, 30, 20);
        letters(&mut img, 5, 100, 20);
        // A row rule two pixels thick that slopes a pixel every 60, as in a photo, and a column
        // rule crossing it from top to bottom.
        for x in 0..400 {
            for dy in 0..2 {
                img.put_pixel(x, 50 + x / 60 + dy, image::Luma([40]));
            }
        }
        for y in 0..140 {
            for x in 250..252 {
                img.put_pixel(x, y, image::Luma([40]));
            }
        }
        // A grey patch of paper, thick across any run through it.
        for y in 112..135 {
            for x in 200..380 {
                img.put_pixel(x, y, image::Luma([150]));
            }
        }
        erase_rules(&mut img);
        for x in 0..400 {
            if x != 250 && x != 251 {
                assert_eq!(img.get_pixel(x, 50 + x / 60).0[0], 255, "row rule at x {x}");
            }
        }
        for y in (0..112).filter(|y| !(50..58).contains(y)) {
            assert_eq!(img.get_pixel(250, y).0[0], 255, "column rule at y {y}");
        }
        assert_eq!(img.get_pixel(7, 25).0[0], 0, "letters stay");
        assert_eq!(img.get_pixel(7, 95).0[0], 0, "letters stay");
        assert_eq!(img.get_pixel(300, 120).0[0], 150, "a grey patch stays");
    }

    #[test]
    fn dotted_leaders_are_erased_and_decimal_points_stay() {
        let mut img = GrayImage::from_pixel(400, 60, image::Luma([255]));
        letters(&mut img, 5, 30, 20);
        // A name, a leader of eight dots 4 px apart with one lost (the leader bridges it), then
        // `4.97`.
        letters(&mut img, 5, 50, 5);
        for i in (0..8).filter(|&i| i != 4) {
            dot(&mut img, 60 + i * 4, 48);
        }
        letters(&mut img, 110, 50, 1);
        dot(&mut img, 118, 48);
        letters(&mut img, 122, 50, 2);
        // Three dots of an ellipsis are not a leader.
        for i in 0..3 {
            dot(&mut img, 200 + i * 4, 48);
        }
        erase_leaders(&mut img);
        for i in (0..8).filter(|&i| i != 4) {
            assert_eq!(img.get_pixel(60 + i * 4, 48).0[0], 255, "leader dot {i}");
        }
        assert_eq!(img.get_pixel(118, 48).0[0], 160, "the decimal point stays");
        assert_eq!(img.get_pixel(200, 48).0[0], 160, "an ellipsis stays");
        assert_eq!(img.get_pixel(7, 45).0[0], 0, "letters stay");
    }

    #[test]
    fn in_small_print_dots_are_left_to_ocr() {
        // Letters 6 px tall: a row of single-pixel specks could be the broken strokes of letters.
        let mut img = GrayImage::from_pixel(300, 40, image::Luma([255]));
        for i in 0..30 {
            for y in 10..16 {
                for x in 5 + i * 8..5 + i * 8 + 4 {
                    img.put_pixel(x, y, image::Luma([0]));
                }
            }
        }
        for i in 0..8 {
            img.put_pixel(20 + i * 3, 30, image::Luma([160]));
        }
        let before = img.clone();
        erase_leaders(&mut img);
        assert_eq!(img, before);
    }

    #[test]
    fn pgm_has_a_valid_header() {
        let img = GrayImage::from_pixel(3, 2, image::Luma([7]));
        let pgm = to_pgm(&img);
        assert!(pgm.starts_with(b"P5\n3 2\n255\n"));
        assert_eq!(pgm.len(), b"P5\n3 2\n255\n".len() + 6);
    }

    #[test]
    fn a_pgm_written_is_read_back_and_anything_else_is_not() {
        let img = GrayImage::from_fn(3, 2, |x, y| image::Luma([(x * 10 + y) as u8]));
        let pgm = to_pgm(&img);
        assert_eq!(from_pgm(&pgm), Some((3, 2, img.as_raw().as_slice())));
        // Cut short, one byte too many, another depth, another kind, an empty image, junk.
        assert_eq!(from_pgm(&pgm[..pgm.len() - 1]), None);
        assert_eq!(from_pgm(&[pgm.as_slice(), &[0]].concat()), None);
        assert_eq!(from_pgm(b"P5\n1 1\n65535\n\0\0"), None);
        assert_eq!(from_pgm(b"P6\n1 1\n255\n\0\0\0"), None);
        assert_eq!(from_pgm(b"P5\n0 0\n255\n"), None);
        assert_eq!(from_pgm(b"P5\n+1 1\n255\n\0"), None);
        assert_eq!(from_pgm(b"P5\n99999999999 1\n255\n"), None);
    }
}
