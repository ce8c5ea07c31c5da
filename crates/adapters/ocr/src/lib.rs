//! Text acquisition adapters for the reports domain's `TextExtractor` port.
//!
//! `pdf_text` reads a PDF's text layer with word positions by walking the content streams over
//! lopdf (`content` scans them; see docs/adr/0001-pdf-text-layer.md); `tesseract` reads images
//! with Tesseract after `preprocess` has cleaned them (a tall scan in two halves at once, cut
//! where `halves` says), and `decimals` puts back decimal points it dropped; `bands` stacks rows
//! of a page to be read again enlarged. Tesseract itself runs in the
//! `healthtracker-ocr` worker (`src/bin`, protocol in `worker`), so that no other program links
//! it.

pub mod bands;
mod blobs;
mod content;
pub mod decimals;
mod fonts;
mod glyphs;
mod halves;
mod matrix;
pub mod pdf_images;
pub mod pdf_text;
pub mod preprocess;
pub mod regions;
mod standard_fonts;
pub mod tesseract;
pub mod worker;
