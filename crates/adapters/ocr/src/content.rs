//! A page's content stream read for its text: the operations that place or show text, set the
//! graphics state it depends on, or call a form; nothing else is kept.
//!
//! lopdf's `Content::decode` builds every operation of the stream with its operands (nom
//! parsers, an allocation per operation). Pages that draw much (LabCorp's charts, 251 kB of
//! paths in one form) spent two thirds of their reading there. Here the stream is scanned once,
//! operands are kept only until their operator says whether it is wanted, and the operations
//! of paths, colours and images are dropped as they end. What is kept is what lopdf makes of
//! the same bytes (the tests compare the two); where lopdf gives up at a malformed token and
//! drops the rest of the stream, this skips the token and reads on.

use lopdf::content::Operation;
use lopdf::{Object, StringFormat};

/// Operators the text walk acts on ([`crate::pdf_text`]).
const WANTED: &[&[u8]] = &[
    b"q", b"Q", b"cm", b"BT", b"Tf", b"Tc", b"Tw", b"Tz", b"TL", b"Ts", b"Td", b"TD", b"Tm", b"T*", b"Tj", b"'", b"\"",
    b"TJ", b"Do",
];

/// Operands kept for one operator at most; a run longer than any operator takes is junk, and
/// only its last ones are kept.
const MAX_OPERANDS: usize = 32;

/// Arrays and strings nested deeper than this are junk; what lies deeper is skipped.
const MAX_DEPTH: usize = 32;

/// The operations of `content` that [`WANTED`] names, in order, with their operands.
pub fn text_operations(content: &[u8]) -> Vec<Operation> {
    let mut lexer = Lexer { bytes: content, at: 0 };
    let mut operands: Vec<Object> = Vec::new();
    let mut ops = Vec::new();
    while let Some(token) = lexer.next_token(0) {
        match token {
            Token::Operand(object) => {
                if operands.len() == MAX_OPERANDS {
                    operands.remove(0);
                }
                operands.push(object);
            }
            Token::Operator(name) => {
                if name == b"BI" {
                    lexer.skip_inline_image();
                } else if WANTED.contains(&name) {
                    let operator = String::from_utf8_lossy(name).into_owned();
                    ops.push(Operation { operator, operands: std::mem::take(&mut operands) });
                }
                operands.clear();
            }
            Token::Skipped => {}
            Token::ArrayEnd | Token::DictEnd => {}
        }
    }
    ops
}

enum Token<'a> {
    Operand(Object),
    Operator(&'a [u8]),
    /// A byte that starts no token, or a dictionary (no operator we keep takes one).
    Skipped,
    ArrayEnd,
    DictEnd,
}

fn is_whitespace(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | b'\0' | b'\x0C')
}

fn is_delimiter(c: u8) -> bool {
    matches!(c, b'(' | b')' | b'<' | b'>' | b'[' | b']' | b'{' | b'}' | b'/' | b'%')
}

fn is_regular(c: u8) -> bool {
    !is_whitespace(c) && !is_delimiter(c)
}

fn is_operator_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'*' | b'\'' | b'"')
}

fn hex_value(c: u8) -> Option<u8> {
    (c as char).to_digit(16).map(|v| v as u8)
}

struct Lexer<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Lexer<'a> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while let Some(c) = self.peek() {
            if is_whitespace(c) {
                self.at += 1;
            } else if c == b'%' {
                while self.peek().is_some_and(|c| c != b'\r' && c != b'\n') {
                    self.at += 1;
                }
            } else {
                break;
            }
        }
    }

    /// The next token, `None` at the end. `depth` is how deep in arrays and dictionaries it is.
    fn next_token(&mut self, depth: usize) -> Option<Token<'a>> {
        self.skip_space();
        let c = self.peek()?;
        Some(match c {
            b'/' => {
                self.at += 1;
                Token::Operand(Object::Name(self.name()))
            }
            b'(' => {
                self.at += 1;
                Token::Operand(Object::String(self.literal_string(), StringFormat::Literal))
            }
            b'<' if self.bytes.get(self.at + 1) == Some(&b'<') => {
                self.at += 2;
                self.skip_dictionary(depth + 1);
                Token::Skipped
            }
            b'<' => {
                self.at += 1;
                Token::Operand(Object::String(self.hex_string(), StringFormat::Hexadecimal))
            }
            b'>' if self.bytes.get(self.at + 1) == Some(&b'>') => {
                self.at += 2;
                Token::DictEnd
            }
            b'[' => {
                self.at += 1;
                Token::Operand(Object::Array(self.array(depth + 1)))
            }
            b']' => {
                self.at += 1;
                Token::ArrayEnd
            }
            b'0'..=b'9' | b'+' | b'-' | b'.' => self.number().map_or(Token::Skipped, Token::Operand),
            c if is_operator_char(c) => {
                let start = self.at;
                while self.peek().is_some_and(is_operator_char) {
                    self.at += 1;
                }
                match &self.bytes[start..self.at] {
                    b"true" => Token::Operand(Object::Boolean(true)),
                    b"false" => Token::Operand(Object::Boolean(false)),
                    b"null" => Token::Operand(Object::Null),
                    name => Token::Operator(name),
                }
            }
            _ => {
                // A stray delimiter, or a byte no token starts with.
                self.at += 1;
                Token::Skipped
            }
        })
    }

    /// A name after its `/`, with `#xx` read as the byte it stands for.
    fn name(&mut self) -> Vec<u8> {
        let mut out = Vec::new();
        while let Some(c) = self.peek().filter(|&c| is_regular(c)) {
            if c == b'#' {
                let hex =
                    self.bytes.get(self.at + 1..self.at + 3).and_then(|h| Some((hex_value(h[0])?, hex_value(h[1])?)));
                let Some((hi, lo)) = hex else { break };
                out.push(hi << 4 | lo);
                self.at += 3;
            } else {
                out.push(c);
                self.at += 1;
            }
        }
        out
    }

    /// A literal string after its `(`: balanced parentheses kept, escapes read, an end of line
    /// read as `\n`.
    fn literal_string(&mut self) -> Vec<u8> {
        let mut out = Vec::new();
        let mut open = 0usize;
        while let Some(c) = self.peek() {
            self.at += 1;
            match c {
                b'(' => {
                    open += 1;
                    out.push(c);
                }
                b')' if open == 0 => break,
                b')' => {
                    open -= 1;
                    out.push(c);
                }
                b'\r' => {
                    if self.peek() == Some(b'\n') {
                        self.at += 1;
                    }
                    out.push(b'\n');
                }
                b'\\' => self.escape(&mut out),
                _ => out.push(c),
            }
        }
        out
    }

    fn escape(&mut self, out: &mut Vec<u8>) {
        let Some(c) = self.peek() else { return };
        self.at += 1;
        match c {
            b'0'..=b'7' => {
                let mut value = u16::from(c - b'0');
                for _ in 0..2 {
                    match self.peek() {
                        Some(d @ b'0'..=b'7') => {
                            value = value * 8 + u16::from(d - b'0');
                            self.at += 1;
                        }
                        _ => break,
                    }
                }
                // Overflow is ignored, as the standard says.
                out.push(value as u8);
            }
            b'\r' => {
                if self.peek() == Some(b'\n') {
                    self.at += 1;
                }
            }
            b'\n' => {}
            b'n' => out.push(b'\n'),
            b'r' => out.push(b'\r'),
            b't' => out.push(b'\t'),
            b'b' => out.push(b'\x08'),
            b'f' => out.push(b'\x0C'),
            other => out.push(other),
        }
    }

    /// A hexadecimal string after its `<`, white space ignored, an odd last digit read as if
    /// followed by 0. Anything else ends it.
    fn hex_string(&mut self) -> Vec<u8> {
        let mut out = Vec::new();
        let mut high: Option<u8> = None;
        while let Some(c) = self.peek() {
            self.at += 1;
            if c == b'>' {
                break;
            }
            if is_whitespace(c) {
                continue;
            }
            let Some(v) = hex_value(c) else { break };
            match high.take() {
                None => high = Some(v),
                Some(h) => out.push(h << 4 | v),
            }
        }
        if let Some(h) = high {
            out.push(h << 4);
        }
        out
    }

    fn array(&mut self, depth: usize) -> Vec<Object> {
        let mut items = Vec::new();
        loop {
            if depth > MAX_DEPTH {
                self.skip_to(b']');
                return items;
            }
            match self.next_token(depth) {
                None | Some(Token::ArrayEnd) => return items,
                Some(Token::Operand(object)) => items.push(object),
                // An operator inside an array is malformed; it is not an item.
                Some(Token::Operator(_) | Token::Skipped | Token::DictEnd) => {}
            }
        }
    }

    fn skip_dictionary(&mut self, depth: usize) {
        if depth > MAX_DEPTH {
            self.skip_to(b'>');
            return;
        }
        loop {
            match self.next_token(depth) {
                None | Some(Token::DictEnd) => return,
                Some(_) => {}
            }
        }
    }

    fn skip_to(&mut self, end: u8) {
        while let Some(c) = self.peek() {
            self.at += 1;
            if c == end {
                return;
            }
        }
    }

    /// A number: a sign, digits and a point; a minus inside the fraction (`0.00-4142502`, as
    /// some producers write) is ignored, as lopdf, pdf.js and Poppler do. Letters glued after
    /// it (`0cm`) are the next token.
    fn number(&mut self) -> Option<Object> {
        let start = self.at;
        if matches!(self.peek(), Some(b'+' | b'-')) {
            self.at += 1;
        }
        let int_start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        let whole = self.at > int_start;
        if self.peek() != Some(b'.') {
            if !whole {
                // A sign alone, or `+.`: not a number; skip what was read and one byte more.
                self.at = start + 1;
                return None;
            }
            let text = std::str::from_utf8(&self.bytes[start..self.at]).ok()?;
            return Some(
                text.parse::<i64>().map_or_else(|_| Object::Real(text.parse().unwrap_or(0.0)), Object::Integer),
            );
        }
        self.at += 1;
        let fraction_start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit() || c == b'-') {
            self.at += 1;
        }
        let fraction = &self.bytes[fraction_start..self.at];
        if !whole && !fraction.first().is_some_and(u8::is_ascii_digit) {
            self.at = start + 1;
            return None;
        }
        let text: String = self.bytes[start..fraction_start]
            .iter()
            .chain(fraction.iter().filter(|&&c| c != b'-'))
            .map(|&c| c as char)
            .collect();
        text.parse::<f32>().ok().map(Object::Real)
    }

    /// An inline image's dictionary, data and `EI`. The data ends at `EI` between white space
    /// (or the stream's end); the data's length is not computed, as a filtered image's is not
    /// known before decoding it.
    fn skip_inline_image(&mut self) {
        // Up to `ID`.
        loop {
            match self.next_token(1) {
                None => return,
                Some(Token::Operator(b"ID")) => break,
                Some(_) => {}
            }
        }
        // One white-space byte (CR LF as one) separates `ID` from the data.
        match self.peek() {
            Some(b'\r') if self.bytes.get(self.at + 1) == Some(&b'\n') => self.at += 2,
            Some(c) if is_whitespace(c) => self.at += 1,
            _ => {}
        }
        let data = &self.bytes[self.at..];
        let end = (0..data.len()).find(|&i| {
            i > 0
                && is_whitespace(data[i - 1])
                && data[i..].starts_with(b"EI")
                && data.get(i + 2).is_none_or(|&c| is_whitespace(c))
        });
        self.at = end.map_or(self.bytes.len(), |i| self.at + i + 2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lopdf::content::Content;
    use proptest::prelude::*;

    /// lopdf's reading of `content`, only the operations we keep, without dictionary operands
    /// (which we skip: no operator we keep takes one).
    fn lopdf_wanted(content: &[u8]) -> Vec<Operation> {
        Content::decode(content)
            .map(|c| c.operations)
            .unwrap_or_default()
            .into_iter()
            .filter(|op| WANTED.contains(&op.operator.as_bytes()))
            .map(|mut op| {
                op.operands.retain(|o| !matches!(o, Object::Dictionary(_)));
                op
            })
            .collect()
    }

    fn same_as_lopdf(content: &[u8]) {
        let ours = text_operations(content);
        let theirs = lopdf_wanted(content);
        assert_eq!(format!("{ours:?}"), format!("{theirs:?}"), "in {}", String::from_utf8_lossy(content));
    }

    #[test]
    fn text_operations_are_read_as_lopdf_reads_them() {
        same_as_lopdf(b"q 1 0 0 1 36 720 cm BT /F1 9.5 Tf 12 TL 0.25 Tc -1 Tw 90 Tz 2 Ts 1 0 0 1 72 700 Tm (Haemoglobin) Tj 0 -12 Td [(1)-20(3.5)120 (g/dL)] TJ T* (next) ' 1 0.5 (third) \" 10 -10 TD ET Q /Fm1 Do");
    }

    #[test]
    fn strings_are_read_with_their_escapes_nesting_and_line_ends() {
        same_as_lopdf(b"BT (a\\(b\\)c \\\\ \\n\\r\\t\\b\\f \\101\\7\\0053 \\q) Tj (nested (paren (twice)) here) Tj ET");
        same_as_lopdf(b"BT (line\r\nbreak\rand\nmore) Tj (joined \\\r\nline \\\nend) Tj ET");
        same_as_lopdf(b"BT <48656C6C6F> Tj <48 65 6c\n6C 6> Tj <> Tj <0041 0042> Tj ET");
        same_as_lopdf(b"BT (\\777 overflow) Tj ET");
    }

    #[test]
    fn names_numbers_and_keywords_are_read_as_lopdf_reads_them() {
        same_as_lopdf(b"BT /F#31 12 Tf +5 -.5 Tc .75 Tw -12. TL 0.00-4142502 Ts 99999999999 Tz true false null Tj ET");
        same_as_lopdf(b"q 1 0 0 1 0 0cm 2 0 0 2 10 10 cm Q");
    }

    #[test]
    fn paths_colours_marked_content_and_inline_images_are_dropped() {
        let content = b"q 0 .5 .6 rg 0 788.4 542.25 3.6 re f* 1 w 0 0 m 10 10 l S /GS0 gs [3 2] 0 d \
            /Span <</ActualText (x) /MCID 3 /Nested <</A [1 2 (]) ]>> >> BDC BT /F1 8 Tf (kept) Tj ET EMC \
            BI /W 4 /H 1 /BPC 8 /CS /G ID \x00\xffEI\x20 EI Q BT (after) Tj ET % a comment (not) Tj\n(last) Tj";
        same_as_lopdf(content);
        let ops = text_operations(content);
        let shown: Vec<String> = ops
            .iter()
            .filter(|op| op.operator == "Tj")
            .filter_map(|op| match op.operands.first() {
                Some(Object::String(s, _)) => Some(String::from_utf8_lossy(s).into_owned()),
                _ => None,
            })
            .collect();
        assert_eq!(shown, ["kept", "after", "last"]);
    }

    #[test]
    fn a_malformed_token_is_skipped_and_the_text_after_it_kept() {
        // lopdf stops at the `@`, so the text after it is lost to it.
        let ops = text_operations(b"BT /F1 9 Tf (before) Tj @ } ) - + (after) Tj ET");
        let shown: Vec<&Object> =
            ops.iter().filter(|op| op.operator == "Tj").filter_map(|op| op.operands.first()).collect();
        assert_eq!(shown.len(), 2, "{ops:?}");
        assert_eq!(shown[1], &Object::String(b"after".to_vec(), StringFormat::Literal));
    }

    #[test]
    fn a_long_run_of_operands_keeps_only_the_last_ones() {
        let mut content = "1 ".repeat(1000);
        content.push_str("0 0 1 0 0 cm");
        let ops = text_operations(content.as_bytes());
        assert_eq!(ops.len(), 1);
        assert_eq!(ops[0].operands.len(), MAX_OPERANDS);
    }

    fn token() -> impl Strategy<Value = String> {
        prop_oneof![
            (-2000i32..2000).prop_map(|n| n.to_string()),
            (-2000.0f32..2000.0).prop_map(|x| format!("{x:.3}")),
            "[A-Za-z0-9 ()\\\\]{0,12}"
                .prop_map(|s| format!("({})", s.replace('\\', "\\\\").replace('(', "\\(").replace(')', "\\)"))),
            "[0-9A-Fa-f ]{0,12}".prop_map(|s| format!("<{s}>")),
            "[A-Za-z0-9]{1,6}".prop_map(|s| format!("/{s}")),
            Just("[(a) -120 (b) 5]".to_string()),
            Just("<</MCID 0>>".to_string()),
            prop::sample::select(vec![
                "q", "Q", "cm", "BT", "ET", "Tf", "Tc", "Tw", "Tz", "TL", "Ts", "Td", "TD", "Tm", "T*", "Tj", "'",
                "\"", "TJ", "Do", "re", "f", "S", "m", "l", "gs", "BDC", "EMC", "rg", "d"
            ])
            .prop_map(str::to_string),
        ]
    }

    proptest! {
        #[test]
        fn well_formed_streams_read_as_lopdf_reads_them(tokens in prop::collection::vec(token(), 0..30)) {
            let content = tokens.join(" ");
            let ours = text_operations(content.as_bytes());
            let theirs = lopdf_wanted(content.as_bytes());
            prop_assert_eq!(format!("{ours:?}"), format!("{theirs:?}"));
        }

        #[test]
        fn any_bytes_read_without_a_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
            let _ = text_operations(&bytes);
        }
    }
}
