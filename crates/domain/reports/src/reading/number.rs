//! Numbers as labs print them: `12.5`, `.5`, `1,234.5`, `1,50,000` (Indian grouping), `4,5`
//! (decimal comma), `+2`, `-0.3`.

/// A token that starts with a printed number glued to something (`12.5H`, `24.8%`): the
/// number's text, its value and the rest (perhaps empty). `None` when the digits, points and
/// commas it starts with are no number.
pub(crate) fn leading_number(token: &str) -> Option<(&str, f64, &str)> {
    let cut = token.find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ',')).unwrap_or(token.len());
    let (number, rest) = token.split_at(cut);
    Some((number, parse_number(number)?, rest))
}

/// Parses one printed number; `None` if `s` is not exactly a number.
///
/// A comma followed by exactly three digits (in every group) is a thousands separator, also in
/// Indian grouping (`1,50,000`); a single comma followed by one, two or four or more digits is a
/// decimal comma (`4,5`).
pub fn parse_number(s: &str) -> Option<f64> {
    let s = s.trim();
    let (sign, body) = if let Some(rest) = s.strip_prefix('+') {
        (1.0, rest)
    } else if let Some(rest) = s.strip_prefix(['-', '\u{2212}']) {
        (-1.0, rest)
    } else {
        (1.0, s)
    };
    if body.is_empty() || !body.chars().all(|c| c.is_ascii_digit() || c == '.' || c == ',') {
        return None;
    }
    if !body.chars().any(|c| c.is_ascii_digit()) || body.matches('.').count() > 1 {
        return None;
    }
    let normalised = if body.contains(',') {
        let (int_part, frac) = body.split_once('.').map_or((body, None), |(i, f)| (i, Some(f)));
        let groups: Vec<&str> = int_part.split(',').collect();
        let thousands = groups.len() > 1
            && !groups[0].is_empty()
            && groups[0].len() <= 3
            && groups[1..].iter().all(|g| g.len() == 3 || g.len() == 2)
            && groups.last().is_some_and(|g| g.len() == 3)
            // Indian grouping: 2-digit groups then a final 3-digit group; Western: all 3.
            && (groups[1..].iter().all(|g| g.len() == 3)
                || groups[1..groups.len() - 1].iter().all(|g| g.len() == 2));
        if thousands {
            let mut n = groups.concat();
            if let Some(f) = frac {
                n.push('.');
                n.push_str(f);
            }
            n
        } else if groups.len() == 2 && frac.is_none() && !groups[0].is_empty() && !groups[1].is_empty() {
            format!("{}.{}", groups[0], groups[1])
        } else {
            return None;
        }
    } else {
        body.to_string()
    };
    let normalised = if normalised.starts_with('.') { format!("0{normalised}") } else { normalised };
    if normalised.ends_with('.') {
        return None;
    }
    normalised.parse::<f64>().ok().filter(|v| v.is_finite()).map(|v| sign * v)
}

/// A number OCR read with the letter O for a zero (`O.78`, `1O5`, `(O.80`, `2.O`): `token` with
/// the number it starts with (after any `(`, `<`, `>` or `=`) put right, and the rest as read
/// (`O.78L` is `0.78L`). `None` when there is no such O, or the number is still no number. An O
/// that starts the number must stand before its point: `o78` is as likely 0.78 with its point
/// lost as 78, so it stays. A letter before the digits (`H2O`) makes it no number at all.
#[must_use]
pub fn mend_letter_o(token: &str) -> Option<String> {
    let start = token.find(|c: char| !matches!(c, '(' | '<' | '>' | '=' | '\u{2264}' | '\u{2265}'))?;
    let (prefix, body) = token.split_at(start);
    let is_o = |c: char| matches!(c, 'O' | 'o');
    let end = body.find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ',' || is_o(c))).unwrap_or(body.len());
    let (number, rest) = body.split_at(end);
    let mut chars = number.chars();
    let leading_o = chars.next().is_some_and(is_o) && !chars.next().is_some_and(|c| c == '.' || c == ',');
    if !number.contains(is_o) || !number.contains(|c: char| c.is_ascii_digit()) || leading_o {
        return None;
    }
    let number: String = number.chars().map(|c| if is_o(c) { '0' } else { c }).collect();
    parse_number(&number)?;
    Some(format!("{prefix}{number}{rest}"))
}

/// Whether `c` is a letter or a stroke OCR reads a digit 1 as in small print: i, l, I or `|`.
pub(crate) fn read_for_one(c: char) -> bool {
    matches!(c, 'i' | 'l' | 'I' | '|')
}

/// A number OCR read with the letter i, l or I, or a stroke, for a digit 1 (`i7,4H`, `l05`,
/// `1l2`), perhaps after the flag letter a lab prints before it (`Lil2` for `L 11.2`, its point
/// lost too): `token` with those 1s put back, where the rest is a number with a digit in it,
/// perhaps with a flag's letter run into its end (`H`, `L`). `None` otherwise: a word (`Il`,
/// `lg`) or a name with digits (`IL6`).
#[must_use]
pub fn mend_letter_one(token: &str) -> Option<String> {
    let (flag, rest) = match token.strip_prefix(['H', 'L']) {
        Some(rest) if rest.starts_with(|c: char| c.is_ascii_digit() || read_for_one(c)) => (&token[..1], rest),
        _ => ("", token),
    };
    let body = rest.strip_suffix(['H', 'L']).unwrap_or(rest);
    let suffix = &rest[body.len()..];
    let digit_first = body.starts_with(|c: char| c.is_ascii_digit());
    if !body.chars().all(|c| c.is_ascii_digit() || read_for_one(c) || matches!(c, '.' | ','))
        || !body.contains(|c: char| c.is_ascii_digit())
        || !body.contains(read_for_one)
        // (A flag letter after digits, `12L`, is the flag; a stroke must stand among them. An
        // `i` after them is no flag's: `2i` is 21.)
        || (digit_first
            && flag.is_empty()
            && !body[1..].contains(|c: char| c.is_ascii_digit())
            && !body.trim_start_matches(|c: char| c.is_ascii_digit()).chars().all(|c| c == 'i'))
    {
        return None;
    }
    let number: String = body.chars().map(|c| if read_for_one(c) { '1' } else { c }).collect();
    parse_number(&number)?;
    Some(format!("{flag}{number}{suffix}"))
}

/// A number OCR read with the letter S for a 5 between its digits (`8S1`, `1S.2`): `token`
/// with those 5s put back. `None` otherwise: an S at either end (`5S`, `S1`) may be a letter
/// of a word or a code, and a token with other letters is no number.
#[must_use]
pub fn mend_letter_s(token: &str) -> Option<String> {
    let chars: Vec<char> = token.chars().collect();
    let numeric = |c: char| c.is_ascii_digit() || matches!(c, '.' | ',');
    if !token.contains('S') || !chars.iter().all(|&c| numeric(c) || c == 'S') {
        return None;
    }
    let between = |i: usize| i > 0 && i + 1 < chars.len() && numeric(chars[i - 1]) && numeric(chars[i + 1]);
    if !chars.iter().enumerate().all(|(i, &c)| c != 'S' || between(i)) {
        return None;
    }
    let number: String = chars.iter().map(|&c| if c == 'S' { '5' } else { c }).collect();
    parse_number(&number)?;
    Some(number)
}

/// A token of numbers OCR read with a section or dollar sign for a 5 (`§51` for 51, `(7 -
/// §55)`, `$4` for 54 in small print): `token` with each such sign beside a digit or a
/// point a 5. `None` where there is none, or the token holds a letter (a word, a code).
#[must_use]
pub fn mend_five_sign(token: &str) -> Option<String> {
    let chars: Vec<char> = token.chars().collect();
    let sign = |c: char| matches!(c, '\u{a7}' | '$');
    if !chars.iter().copied().any(sign) || chars.iter().any(|c| c.is_alphabetic()) {
        return None;
    }
    let numeric = |c: Option<&char>| c.is_some_and(|&c| c.is_ascii_digit() || c == '.');
    let beside = |i: usize| numeric(i.checked_sub(1).and_then(|p| chars.get(p))) || numeric(chars.get(i + 1));
    let mended: String = chars.iter().enumerate().map(|(i, &c)| if sign(c) && beside(i) { '5' } else { c }).collect();
    (mended != token).then_some(mended)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_section_or_dollar_sign_beside_a_digit_is_a_five() {
        assert_eq!(mend_five_sign("\u{a7}1").as_deref(), Some("51"));
        assert_eq!(mend_five_sign("\u{a7}5))").as_deref(), Some("55))"));
        assert_eq!(mend_five_sign("$4").as_deref(), Some("54"));
        assert_eq!(mend_five_sign("(3.5-\u{a7}.2)").as_deref(), Some("(3.5-5.2)"));
        for token in ["\u{a7}", "$", "12", "\u{a7}A1", "US$4", "- $ -"] {
            assert_eq!(mend_five_sign(token), None, "{token:?}");
        }
    }

    #[test]
    fn an_s_between_a_numbers_digits_is_a_five() {
        assert_eq!(mend_letter_s("8S1").as_deref(), Some("851"));
        assert_eq!(mend_letter_s("1S.2").as_deref(), Some("15.2"));
        assert_eq!(mend_letter_s("3.S4").as_deref(), Some("3.54"));
        for token in ["5S", "S1", "SS", "S", "8S1L", "1SS2", "mg/S", "12", "B12S"] {
            assert_eq!(mend_letter_s(token), None, "{token:?}");
        }
    }

    #[test]
    fn printed_numbers() {
        for (s, want) in [
            ("12.5", Some(12.5)),
            ("0", Some(0.0)),
            (".5", Some(0.5)),
            ("1,234.5", Some(1234.5)),
            ("1,234", Some(1234.0)),
            ("12,345,678", Some(12_345_678.0)),
            ("1,50,000", Some(150_000.0)),
            ("4,10,000", Some(410_000.0)),
            ("4,5", Some(4.5)),
            ("13,25", Some(13.25)),
            ("+2", Some(2.0)),
            ("-0.3", Some(-0.3)),
            ("\u{2212}1.5", Some(-1.5)),
            (" 7 ", Some(7.0)),
            ("", None),
            ("-", None),
            (".", None),
            ("1.2.3", None),
            ("12.", None),
            ("1,2,3", None),
            ("12a", None),
            ("H", None),
            ("1e5", None),
        ] {
            assert_eq!(parse_number(s), want, "{s:?}");
        }
    }

    #[test]
    fn a_zero_read_as_the_letter_o() {
        for (read, want) in [
            ("O.78L", Some("0.78L")),
            ("o.5", Some("0.5")),
            ("(O.80", Some("(0.80")),
            ("<O.5", Some("<0.5")),
            ("1O5", Some("105")),
            ("2.O", Some("2.0")),
            ("1O,OOO", Some("10,000")),
            ("4.O5%", Some("4.05%")),
            // Not numbers with an O in them.
            ("o78L", None),
            ("O", None),
            ("Oo", None),
            ("O.K", None),
            ("H2O", None),
            ("CO2", None),
            ("Optional", None),
            ("12.5", None),
            ("1.O.2", None),
        ] {
            assert_eq!(mend_letter_o(read).as_deref(), want, "{read:?}");
        }
    }

    #[test]
    fn a_one_read_as_a_letter_before_a_numbers_digits_is_a_one() {
        for (read, want) in [
            ("i7,4H", Some("17,4H")),
            ("l05", Some("105")),
            ("I2.5", Some("12.5")),
            ("|3", Some("13")),
            ("Il", None),
            ("lg", None),
            ("IL6", None),
            ("i7x", None),
            ("l", None),
            // Among the digits, and after a flag letter printed before the number.
            ("1l2", Some("112")),
            ("Lil2", Some("L112")),
            ("Li3", Some("L13")),
            ("H1l.5", Some("H11.5")),
            ("L", None),
            ("Hi", None),
            ("12", None),
            // An `i` after the digits, which no flag is read as.
            ("2i", Some("21")),
            ("2l", None),
            ("2I", None),
        ] {
            assert_eq!(mend_letter_one(read).as_deref(), want, "{read:?}");
        }
    }

    proptest! {
        #[test]
        fn never_panics(s in ".{0,16}") {
            let _ = parse_number(&s);
            let _ = mend_letter_o(&s);
        }

        #[test]
        fn plain_decimals_round_trip(v in 0.0f64..1_000_000.0) {
            let s = format!("{v:.2}");
            prop_assert!((parse_number(&s).unwrap() - s.parse::<f64>().unwrap()).abs() < 1e-9);
        }
    }
}
