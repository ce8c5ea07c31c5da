//! Pages of positioned words: what text acquisition gives the row parser.

use async_trait::async_trait;

use crate::upload::FileKind;

/// A box in points, origin at the top left of the (unrotated, as displayed) page.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BBox {
    /// Left.
    pub x0: f32,
    /// Top.
    pub y0: f32,
    /// Right.
    pub x1: f32,
    /// Bottom.
    pub y1: f32,
}

impl BBox {
    /// Height of the box.
    pub fn height(&self) -> f32 {
        self.y1 - self.y0
    }

    /// Vertical centre.
    pub fn mid_y(&self) -> f32 {
        (self.y0 + self.y1) / 2.0
    }

    /// Horizontal centre.
    pub fn mid_x(&self) -> f32 {
        (self.x0 + self.x1) / 2.0
    }

    /// Whether the centre of `other` lies in this box (its edges included).
    pub fn holds_centre_of(&self, other: &BBox) -> bool {
        (self.x0..=self.x1).contains(&other.mid_x()) && (self.y0..=self.y1).contains(&other.mid_y())
    }
}

/// One word as printed.
#[derive(Debug, Clone, PartialEq)]
pub struct Word {
    /// Its text (Unicode, normalised: no soft hyphens, no non-breaking spaces).
    pub text: String,
    /// Where it is.
    pub bbox: BBox,
    /// Whether it is set in a bold font (labs flag some abnormal values only this way).
    pub bold: bool,
    /// The text line the OCR engine put it on, when it found lines itself: the rows of a
    /// photographed page are rarely level, so their words do not share one height.
    pub line: Option<u32>,
}

/// One page.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    /// 1-based page number.
    pub number: u32,
    /// Width in points, as displayed.
    pub width: f32,
    /// Height in points, as displayed.
    pub height: f32,
    /// Words in reading order of the content stream.
    pub words: Vec<Word>,
}

/// Where the words came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextSource {
    /// The PDF's text layer.
    Text,
    /// Optical character recognition.
    Ocr,
    /// Some pages each way.
    Mixed,
}

/// The words of a whole file.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    /// Pages in order.
    pub pages: Vec<Page>,
    /// How they were read.
    pub source: TextSource,
}

/// Why a file could not be read; each message is shown to the user after "This file could not
/// be read: ".
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExtractError {
    /// Password-protected.
    #[error("the PDF is password-protected; please upload a copy without a password")]
    Encrypted,
    /// Damaged or truncated.
    #[error("the file is damaged or incomplete ({0})")]
    Corrupt(String),
    /// A kind of file or PDF feature we do not read.
    #[error("this kind of file is not supported ({0})")]
    Unsupported(String),
    /// More pages than we read.
    #[error("the report has more than {max} pages")]
    TooManyPages {
        /// The page cap.
        max: usize,
    },
    /// Reading took longer than the time cap.
    #[error("reading the file took too long")]
    TimedOut,
}

/// Reads the words of an uploaded file.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait TextExtractor: Send + Sync {
    /// All pages of `bytes` (a file of type `kind`) as positioned words.
    ///
    /// # Errors
    /// The [`ExtractError`] that applies; never a panic on any input.
    async fn extract(&self, bytes: &[u8], kind: FileKind) -> Result<Document, ExtractError>;
}
