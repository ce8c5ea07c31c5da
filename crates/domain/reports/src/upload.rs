//! Upload rules: type by content (magic bytes), extension agreement, size and pixel limits.

use std::fmt;

/// Largest accepted upload: 10 MB (SPEC §5, §9).
pub const MAX_UPLOAD_BYTES: u64 = 10 * 1024 * 1024;

/// Largest accepted image in pixels (width × height); larger headers are decompression bombs.
pub const MAX_IMAGE_PIXELS: u64 = 80_000_000;

/// File types we read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// PDF document.
    Pdf,
    /// JPEG image.
    Jpeg,
    /// PNG image.
    Png,
}

impl FileKind {
    /// The MIME type to serve the file with.
    pub fn mime(self) -> &'static str {
        match self {
            FileKind::Pdf => "application/pdf",
            FileKind::Jpeg => "image/jpeg",
            FileKind::Png => "image/png",
        }
    }

    /// The extension used for stored and downloaded copies.
    pub fn extension(self) -> &'static str {
        match self {
            FileKind::Pdf => "pdf",
            FileKind::Jpeg => "jpg",
            FileKind::Png => "png",
        }
    }

    /// Identifies the type from the first bytes of the file.
    pub fn sniff(head: &[u8]) -> Option<Self> {
        if head.starts_with(b"%PDF-") {
            Some(FileKind::Pdf)
        } else if head.starts_with(&[0xFF, 0xD8, 0xFF]) {
            Some(FileKind::Jpeg)
        } else if head.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(FileKind::Png)
        } else {
            None
        }
    }

    /// The type a file name claims by its extension.
    pub fn from_file_name(name: &str) -> Option<Self> {
        let (_, ext) = name.rsplit_once('.')?;
        match ext.to_ascii_lowercase().as_str() {
            "pdf" => Some(FileKind::Pdf),
            "jpg" | "jpeg" => Some(FileKind::Jpeg),
            "png" => Some(FileKind::Png),
            _ => None,
        }
    }
}

/// Why an upload was refused before it was stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UploadRejection {
    /// Not a PDF, JPEG or PNG by content, or the extension disagrees with the content.
    InvalidType,
    /// Larger than [`MAX_UPLOAD_BYTES`].
    TooLarge,
    /// Empty file.
    Empty,
    /// An image whose header declares more than [`MAX_IMAGE_PIXELS`].
    TooManyPixels,
}

impl fmt::Display for UploadRejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            UploadRejection::InvalidType => "Invalid file type: Please select a PDF, JPG, or PNG file.",
            UploadRejection::TooLarge => "File too large: Please select a file smaller than 10MB.",
            UploadRejection::Empty => "The file is empty: Please select a PDF, JPG, or PNG file.",
            UploadRejection::TooManyPixels => "Image too large: Please upload an image of at most 80 megapixels.",
        })
    }
}

impl std::error::Error for UploadRejection {}

/// Checks a complete upload: its content type, that the extension agrees, and image dimensions.
///
/// # Errors
/// The [`UploadRejection`] that applies first: empty, too large, invalid type, too many pixels.
pub fn check_upload(file_name: &str, bytes: &[u8]) -> Result<FileKind, UploadRejection> {
    if bytes.is_empty() {
        return Err(UploadRejection::Empty);
    }
    if bytes.len() as u64 > MAX_UPLOAD_BYTES {
        return Err(UploadRejection::TooLarge);
    }
    let kind = FileKind::sniff(bytes).ok_or(UploadRejection::InvalidType)?;
    if FileKind::from_file_name(file_name) != Some(kind) {
        return Err(UploadRejection::InvalidType);
    }
    if let Some((w, h)) = image_dimensions(kind, bytes)
        && u64::from(w) * u64::from(h) > MAX_IMAGE_PIXELS
    {
        return Err(UploadRejection::TooManyPixels);
    }
    Ok(kind)
}

/// The width and height an image header declares, without decoding any pixels.
pub fn image_dimensions(kind: FileKind, bytes: &[u8]) -> Option<(u32, u32)> {
    match kind {
        FileKind::Png => png_dimensions(bytes),
        FileKind::Jpeg => jpeg_dimensions(bytes),
        FileKind::Pdf => None,
    }
}

fn be_u32(b: &[u8]) -> Option<u32> {
    Some(u32::from_be_bytes(b.get(..4)?.try_into().ok()?))
}

fn be_u16(b: &[u8]) -> Option<u16> {
    Some(u16::from_be_bytes(b.get(..2)?.try_into().ok()?))
}

fn png_dimensions(bytes: &[u8]) -> Option<(u32, u32)> {
    // Signature (8), chunk length (4), "IHDR" (4), width (4), height (4).
    if bytes.get(12..16)? != b"IHDR" {
        return None;
    }
    Some((be_u32(bytes.get(16..)?)?, be_u32(bytes.get(20..)?)?))
}

fn jpeg_dimensions(bytes: &[u8]) -> Option<(u32, u32)> {
    let mut i = 2;
    loop {
        // Skip fill bytes before a marker.
        while *bytes.get(i)? == 0xFF && *bytes.get(i + 1)? == 0xFF {
            i += 1;
        }
        if *bytes.get(i)? != 0xFF {
            return None;
        }
        let marker = *bytes.get(i + 1)?;
        // Markers without a length.
        if marker == 0x01 || (0xD0..=0xD9).contains(&marker) {
            i += 2;
            continue;
        }
        let len = usize::from(be_u16(bytes.get(i + 2..)?)?);
        let is_sof = matches!(marker, 0xC0..=0xCF) && !matches!(marker, 0xC4 | 0xC8 | 0xCC);
        if is_sof {
            let h = be_u16(bytes.get(i + 5..)?)?;
            let w = be_u16(bytes.get(i + 7..)?)?;
            return Some((u32::from(w), u32::from(h)));
        }
        if len < 2 {
            return None;
        }
        i += 2 + len;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn png_header(w: u32, h: u32) -> Vec<u8> {
        let mut v = b"\x89PNG\r\n\x1a\n".to_vec();
        v.extend_from_slice(&13u32.to_be_bytes());
        v.extend_from_slice(b"IHDR");
        v.extend_from_slice(&w.to_be_bytes());
        v.extend_from_slice(&h.to_be_bytes());
        v.extend_from_slice(&[8, 0, 0, 0, 0]);
        v
    }

    fn jpeg_header(w: u16, h: u16) -> Vec<u8> {
        let mut v = vec![0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10];
        v.extend_from_slice(b"JFIF\0\x01\x01\0\0\x01\0\x01\0\0");
        v.extend_from_slice(&[0xFF, 0xC0, 0x00, 0x11, 0x08]);
        v.extend_from_slice(&h.to_be_bytes());
        v.extend_from_slice(&w.to_be_bytes());
        v.extend_from_slice(&[3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
        v
    }

    #[test]
    fn accepts_each_type_when_content_and_extension_agree() {
        assert_eq!(check_upload("r.pdf", b"%PDF-1.7\n..."), Ok(FileKind::Pdf));
        assert_eq!(check_upload("r.PNG", &png_header(2480, 3508)), Ok(FileKind::Png));
        assert_eq!(check_upload("r.jpeg", &jpeg_header(1200, 1600)), Ok(FileKind::Jpeg));
        assert_eq!(check_upload("r.jpg", &jpeg_header(1200, 1600)), Ok(FileKind::Jpeg));
    }

    #[test]
    fn refuses_by_content_not_by_name() {
        assert_eq!(check_upload("evil.pdf", b"<html>"), Err(UploadRejection::InvalidType));
        assert_eq!(check_upload("report.png", b"%PDF-1.4"), Err(UploadRejection::InvalidType));
        assert_eq!(check_upload("report", b"%PDF-1.4"), Err(UploadRejection::InvalidType));
        assert_eq!(check_upload("report.exe", b"%PDF-1.4"), Err(UploadRejection::InvalidType));
    }

    #[test]
    fn refuses_empty_and_oversized_files() {
        assert_eq!(check_upload("r.pdf", b""), Err(UploadRejection::Empty));
        let mut big = b"%PDF-".to_vec();
        big.resize(usize::try_from(MAX_UPLOAD_BYTES).unwrap() + 1, b' ');
        assert_eq!(check_upload("r.pdf", &big), Err(UploadRejection::TooLarge));
        big.truncate(usize::try_from(MAX_UPLOAD_BYTES).unwrap());
        assert_eq!(check_upload("r.pdf", &big), Ok(FileKind::Pdf));
    }

    #[test]
    fn refuses_pixel_floods_from_the_header_alone() {
        assert_eq!(check_upload("x.png", &png_header(60_000, 60_000)), Err(UploadRejection::TooManyPixels));
        assert_eq!(check_upload("x.jpg", &jpeg_header(65_000, 65_000)), Err(UploadRejection::TooManyPixels));
    }

    #[test]
    fn reads_declared_dimensions() {
        assert_eq!(image_dimensions(FileKind::Png, &png_header(640, 480)), Some((640, 480)));
        assert_eq!(image_dimensions(FileKind::Jpeg, &jpeg_header(640, 480)), Some((640, 480)));
        assert_eq!(image_dimensions(FileKind::Jpeg, &[0xFF, 0xD8, 0xFF]), None);
    }

    #[test]
    fn rejection_messages_match_the_spec() {
        assert_eq!(
            UploadRejection::InvalidType.to_string(),
            "Invalid file type: Please select a PDF, JPG, or PNG file."
        );
    }

    proptest! {
        #[test]
        fn sniffer_and_checker_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..512), name in ".{0,12}") {
            let _ = check_upload(&name, &bytes);
            if let Some(kind) = FileKind::sniff(&bytes) {
                let _ = image_dimensions(kind, &bytes);
            }
        }

        #[test]
        fn jpeg_segment_walker_never_panics(tail in proptest::collection::vec(any::<u8>(), 0..256)) {
            let mut bytes = vec![0xFF, 0xD8, 0xFF];
            bytes.extend(tail);
            let _ = image_dimensions(FileKind::Jpeg, &bytes);
        }
    }
}
