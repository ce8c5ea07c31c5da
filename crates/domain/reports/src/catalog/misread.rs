//! Words of test names that OCR misread by a letter it confuses with another (`Caicium`,
//! `lron`, `Hemogiobin`, `Het`, `Lympn`), put back from the catalog's vocabulary.
//!
//! A small letter before a capitalised catalog word (`fHematocrit`) is a speck OCR read, and
//! goes; so does one after a catalog abbreviation in capitals (`RBCe`, a raised footnote
//! mark). Otherwise only the substitutions OCR makes are undone: the strokes `i l I 1 | ! t`,
//! `c e`, `n h`, `o 0 d`, `s 5`, `g q`, `v y`, and `rn` read for `m`. A word is changed only when it is
//! not itself a catalog word and exactly one catalog word matches it with at most two such
//! substitutions (one in a word of three or four letters). A lab's own misspelling keeps its
//! letters: `Cholestrol`, `Potasium` and `Billirubin` drop or add a letter, which OCR confusion
//! never does, so they stay as printed; the catalog lookup alone reads them as meant
//! ([`respelt`]).

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

/// The one catalog word `word` is an OCR misreading of, spelled in `word`'s case, with any
/// punctuation around the word kept (`Lympn#` gives `Lymph#`). `None` when the word is a
/// catalog word, matches none or is ambiguous.
#[must_use]
pub fn mend_misread(word: &str) -> Option<String> {
    let start = word.find(|c: char| c.is_alphanumeric() || STROKES.contains(&c))?;
    let (last, c) = word.char_indices().rev().find(|(_, c)| c.is_alphanumeric())?;
    let end = last + c.len_utf8();
    if end <= start {
        return None;
    }
    // An `e` a photo read as `@`, or an `@` it read beside a name (`@GFR`, `e@GFR`).
    if word.contains('@') {
        let at = word.trim_matches(|c: char| !c.is_alphanumeric() && c != '@');
        for mended in [at.replace('@', "e"), at.replace('@', "")] {
            if VOCABULARY.words.contains(&mended.to_ascii_lowercase()) {
                return Some(word.replacen(at, &mended, 1));
            }
        }
    }
    let (head, core, tail) = (&word[..start], &word[start..end], &word[end..]);
    // Words joined by a hyphen are mended one by one (`HGB-Hemogiobin`).
    if core.contains('-') {
        let mended: Vec<Option<String>> = core.split('-').map(mend_misread).collect();
        if mended.iter().all(Option::is_none) {
            return None;
        }
        let parts: Vec<&str> = core.split('-').zip(&mended).map(|(part, m)| m.as_deref().unwrap_or(part)).collect();
        return Some(format!("{head}{}{tail}", parts.join("-")));
    }
    if let Some(word) = foreign_word(core) {
        return Some(format!("{head}{word}{tail}"));
    }
    // A misread word still has mostly letters; numbers and codes are not names.
    let letters = core.chars().filter(char::is_ascii_alphabetic).count();
    if letters < 3 || letters * 4 < core.chars().count() * 3 || !core.is_ascii() {
        return None;
    }
    let lower = core.to_ascii_lowercase();
    if VOCABULARY.words.contains(&lower) {
        return None;
    }
    // A speck read as a small letter before a capitalised word (`fHematocrit`).
    let mut chars = core.chars();
    if let (Some(a), Some(b)) = (chars.next(), chars.next())
        && a.is_ascii_lowercase()
        && b.is_ascii_uppercase()
        && chars.any(|c| c.is_ascii_lowercase())
        && VOCABULARY.words.contains(&lower[1..])
    {
        return Some(format!("{head}{}{tail}", &core[1..]));
    }
    // A footnote mark read as a small letter after an abbreviation in capitals (`RBCe`, for
    // LabCorp's `RBC` with a raised `02`).
    let upper = core.chars().filter(char::is_ascii_uppercase).count();
    if upper >= 2
        && upper + 1 == core.chars().count()
        && core.ends_with(|c: char| c.is_ascii_lowercase())
        && VOCABULARY.words.contains(&lower[..lower.len() - 1])
    {
        return Some(format!("{head}{}{tail}", &core[..core.len() - 1]));
    }
    // A thin stroke ending a short word, read as a mark (`Tota!`): the word's last letter.
    if let Some(c) = tail.chars().next().filter(|c| STROKES.contains(c))
        && letters == core.chars().count()
        && let Shape::One(found) = same_shape(&format!("{lower}l"), letters + 1)
    {
        let last = if core.chars().all(|c| c.is_ascii_uppercase()) { 'L' } else { 'l' };
        return Some(format!("{head}{}{}", in_case_of(&format!("{core}{last}"), found), &tail[c.len_utf8()..]));
    }
    let found = match same_shape(&lower, letters) {
        Shape::One(found) => found.to_string(),
        Shape::Ambiguous => return None,
        Shape::None => match lost_stroke(&lower) {
            Some(found) => found,
            None => return misshapen(core, tail).map(|(word, tail)| format!("{head}{word}{tail}")),
        },
    };
    Some(format!("{head}{}{tail}", in_case_of(core, &found)))
}

/// What [`same_shape`] found.
enum Shape<'a> {
    One(&'a str),
    Ambiguous,
    None,
}

/// The one catalog word of `lower`'s [`confusion_shape`] within the substitutions a misreading
/// makes (one in a word of up to four letters, two in a longer one).
fn same_shape(lower: &str, letters: usize) -> Shape<'static> {
    let Some(candidates) = VOCABULARY.by_shape.get(&confusion_shape(lower)) else {
        return Shape::None;
    };
    let allowed = if letters <= 4 { 1 } else { 2 };
    let mut found = Shape::None;
    for candidate in candidates.iter().filter(|c| substitutions(lower, c) <= allowed) {
        // Two catalog words fit: the word stays as read.
        if matches!(found, Shape::One(_)) {
            return Shape::Ambiguous;
        }
        found = Shape::One(candidate);
    }
    found
}

/// The catalog word `core` (a word of five letters or more) is a photo's misreading of, by
/// [`misreading_cost`], in `core`'s case, with the rest of `tail`: a thin stroke that ends the
/// word is taken as its last letter (`Cholestero!`). `None` unless exactly one catalog word is
/// that near.
///
/// A photographed page's letters run into each other and break apart: `ri` comes out `n`
/// (`Triglycendes`, `Chionde` for Chloride), an `f` grows a stroke (`Aminotranstferase`) and an
/// `i` loses its dot (`Calcrum`). Letters that look alike, letters read for the pair they
/// touch and thin strokes gained or lost cost little; any other letter costs a whole one, more
/// than a word may cost, so a lab's own misspelling (`Cholestrol`, `Billirubin`, `Protien`)
/// stays as printed.
fn misshapen<'t>(core: &str, tail: &'t str) -> Option<(String, &'t str)> {
    let stroke_end = tail.chars().next().filter(|c| STROKES.contains(c));
    let (word, tail) = match stroke_end {
        Some(c) => (format!("{core}{c}"), &tail[c.len_utf8()..]),
        None => (core.to_string(), tail),
    };
    let lower = word.to_ascii_lowercase();
    let letters = lower.chars().filter(char::is_ascii_alphabetic).count();
    if letters < 5 {
        return None;
    }
    let limit = if letters >= 7 { 0.9 } else { 0.5 };
    let read: Vec<char> = lower.chars().collect();
    let mut best: Option<(f32, &str)> = None;
    let mut runner_up = f32::INFINITY;
    // A word costing more than this is neither found nor near enough to the one found to make
    // it ambiguous (below).
    let cap = limit + 0.3;
    // Each letter gained or lost costs half a letter at least, so two are already too many.
    for (candidate, letters) in VOCABULARY.letters.iter().filter(|(_, l)| l.len().abs_diff(read.len()) <= 1) {
        let cost = misreading_cost(&read, letters, cap);
        match best {
            Some((b, _)) if cost >= b => runner_up = runner_up.min(cost),
            _ => {
                if let Some((b, _)) = best {
                    runner_up = runner_up.min(b);
                }
                best = Some((cost, candidate));
            }
        }
    }
    let (cost, found) = best?;
    // Another catalog word nearly as near: the word stays as read.
    (cost <= limit && runner_up > cost + 0.3).then(|| (in_case_of(&word, found), tail))
}

/// Letters thin enough that a photo's OCR gains or loses them as a stroke.
const THIN: &[char] = &['i', 'l', 't', 'r', 'f', 'j', '1', '|', '!', '.', ',', '\'', ':', ';'];

/// Pairs of letters a photo's OCR reads one for the other, beyond [`confusion_shape`]'s.
const LOOKALIKES: &[(char, char)] =
    &[('r', 'i'), ('f', 't'), ('r', 'n'), ('u', 'n'), ('8', 'b'), ('r', 't'), ('m', 'n')];

/// Two letters read as one, or one read as two (`ri` as `n`, `rn` as `m`).
const JOINED: &[(&str, char)] = &[
    ("ri", 'n'),
    ("rn", 'm'),
    ("in", 'm'),
    ("ni", 'm'),
    ("li", 'h'),
    ("li", 'k'),
    ("cl", 'd'),
    ("vv", 'w'),
    ("it", 'u'),
    ("li", 'u'),
];

/// The cost of reading the letters `read` for the catalog word `word` (both in small letters):
/// an edit distance where a lookalike letter costs 0.3 (0.4 beyond [`confusion_shape`]'s
/// groups, 0.5 an `e` for an `i`), two letters read as one or one as two 0.5, a thin stroke
/// gained or lost 0.5
/// (but not one that doubles its neighbour: labs misspell so, `Billirubin`) and any other
/// letter 1.
///
/// A cost above `cap` is given as infinite, found as soon as every way on costs more: most
/// catalog words are that far from a misread word after its first few letters. (With the cap
/// at what [`misshapen`] can use, its search of the vocabulary took 0.65 million instructions
/// a word instead of 1.6 on a 300 dpi scan's words, callgrind.)
fn misreading_cost(read: &[char], word: &[char], cap: f32) -> f32 {
    let (n, m) = (read.len(), word.len());
    let width = m + 1;
    let mut d = vec![f32::INFINITY; (n + 1) * width];
    d[0] = 0.0;
    let substitution = |a: char, b: char| {
        if a == b {
            0.0
        } else if shape_of(a) == shape_of(b) {
            0.3
        } else if LOOKALIKES.iter().any(|&(x, y)| (x, y) == (a, b) || (y, x) == (a, b)) {
            0.4
        } else if matches!((a, b), ('e', 'i') | ('i', 'e')) {
            // A small photo's `i` loses its dot and gains a bar (`Creatinene`, `Netrogen`); a
            // lab's swap of the two (`Protien`) costs two and stays.
            0.5
        } else {
            1.0
        }
    };
    let gained_or_lost = |c: char, beside: [Option<&char>; 2]| {
        if THIN.contains(&c) && !beside.contains(&Some(&c)) { 0.5 } else { 1.0 }
    };
    let relax = |d: &mut [f32], at: usize, cost: f32| d[at] = d[at].min(cost);
    // The least cost in the row before this one. A row's least is taken as the row begins,
    // its cells reached from the rows above: steps along the row cost something, so the cells
    // they reach later cost no less.
    let mut before_least = f32::INFINITY;
    for i in 0..=n {
        let least = d[i * width..(i + 1) * width].iter().copied().fold(f32::INFINITY, f32::min);
        // A step reads at most two letters, so every way on to the last row passes through this
        // row or the one before it, and no step costs less than nothing.
        if least.min(before_least) > cap {
            return f32::INFINITY;
        }
        before_least = least;
        for j in 0..=m {
            let here = d[i * width + j];
            if !here.is_finite() {
                continue;
            }
            let before = j.checked_sub(1).and_then(|k| word.get(k));
            if i < n && j < m {
                relax(&mut d, (i + 1) * width + j + 1, here + substitution(read[i], word[j]));
            }
            if i < n {
                relax(&mut d, (i + 1) * width + j, here + gained_or_lost(read[i], [word.get(j), before]));
            }
            if j < m {
                relax(&mut d, i * width + j + 1, here + gained_or_lost(word[j], [word.get(j + 1), before]));
            }
            for &(two, one) in JOINED {
                if i + 2 <= n && j < m && word[j] == one && two.chars().eq(read[i..i + 2].iter().copied()) {
                    relax(&mut d, (i + 2) * width + j + 1, here + 0.5);
                }
                if i < n && j + 2 <= m && read[i] == one && two.chars().eq(word[j..j + 2].iter().copied()) {
                    relax(&mut d, (i + 1) * width + j + 2, here + 0.5);
                }
            }
        }
    }
    d[n * width + m]
}

/// `name` (`HIV ...`) with the numerals of HIV's types after `HIV` put back as `I & II` (or
/// `I/II`, the separator as printed), where they are strokes around one `&` or `/`; `None`
/// otherwise.
fn hiv_types(name: &str) -> Option<String> {
    let words: Vec<&str> = name.split(' ').collect();
    if !words.first()?.eq_ignore_ascii_case("hiv") {
        return None;
    }
    let numeral = |w: &str| !w.is_empty() && w.chars().all(|c| matches!(c, 'I' | 'i' | 'l' | '|' | '1'));
    let part = |w: &str| {
        numeral(w) || matches!(w, "&" | "/") || w.split_once('/').is_some_and(|(a, b)| numeral(a) && numeral(b))
    };
    let run = words[1..].iter().take_while(|w| part(w)).count();
    let joined = words[1..=run].concat();
    let separator = if joined.matches('&').count() == 1 && !joined.contains('/') {
        " & "
    } else if joined.matches('/').count() == 1 && !joined.contains('&') {
        "/"
    } else {
        return None;
    };
    let mut out = vec!["HIV".to_string(), format!("I{separator}II")];
    out.extend(words[run + 1..].iter().map(|w| (*w).to_string()));
    Some(out.join(" ").replace(" /", "/").replace("/ ", "/"))
}

/// A test name OCR misread in its strokes, put back when the mended name matches the catalog
/// more closely than the name as read ([`super::match_strength`]); `None` otherwise.
///
/// Word by word, [`mend_misread`] puts back letters. This mends what it leaves: a stroke after
/// a capital read as a letter (`ApoAl` and `Apo B/Al` for `ApoA1` and `B/A1`, `AIG Ratio` for
/// `A/G Ratio`), and a footnote digit OCR set after the name (`Folate (Folic Acid), Serum 2`).
/// Only a stroke between a capital or digit and what is not a small letter is changed, so
/// words (`Cholesterol`, `Insulin`) keep theirs.
#[must_use]
pub fn mend_misread_name(name: &str) -> Option<String> {
    let strength = super::match_strength(name);
    if strength == 3 {
        return None;
    }
    if let Some(slashed) = slash_read_as_stroke(name) {
        return Some(slashed);
    }
    let mut candidates: Vec<String> = Vec::new();
    for (from, to) in [('l', '1'), ('I', '1'), ('|', '1'), ('I', '/'), ('|', '/'), ('l', '/')] {
        if let Some(changed) = replace_stroke(name, from, to) {
            candidates.push(changed);
        }
    }
    // A `T` read as `1` before a digit (`14 - Thyroxine`, `13 Uptake`): no test's name starts
    // with a number of two digits.
    let mut chars = name.chars();
    if let (Some('1'), Some(d), next) = (chars.next(), chars.next(), chars.next())
        && d.is_ascii_digit()
        && next.is_none_or(|c| !c.is_alphanumeric())
    {
        candidates.push(format!("T{}", &name[1..]));
    }
    // A Roman `I` read as `1` after a word (`Insulin-like Growth Factor 1`, `Factor 1`).
    if let Some(head) = name.strip_suffix(" 1")
        && head.ends_with(|c: char| c.is_ascii_lowercase())
    {
        candidates.push(format!("{head} I"));
    }
    // A `B` read as `8` after a word (`Hepatitis 8 Surface Antigen`, `Vitamin 812`).
    let b_put_back = name
        .split(' ')
        .enumerate()
        .map(|(i, w)| match w.strip_prefix('8') {
            Some(rest) if i > 0 && rest.chars().all(|c| c.is_ascii_digit()) => format!("B{rest}"),
            _ => w.to_string(),
        })
        .collect::<Vec<_>>()
        .join(" ");
    if b_put_back != name {
        candidates.push(b_put_back);
    }
    // A vitamin's `D` read as `O`, `0` or `©` (`25-OH Vitamin O`), or with a speck before it
    // read as a letter (`Vitamin OD Total`, `Vitamin BD, 25-Hydroxy`): no vitamin is named so.
    let d_put_back = name
        .split(' ')
        .scan(false, |after_vitamin, w| {
            let specked = w.starts_with(|c: char| c.is_ascii_alphanumeric())
                && w.len() >= 2
                && w[1..].trim_end_matches(',') == "D";
            let word = if *after_vitamin && matches!(w, "O" | "0" | "o" | "\u{a9}") {
                "D".to_string()
            } else if *after_vitamin && specked {
                w[1..].to_string()
            } else {
                w.to_string()
            };
            *after_vitamin = w.eq_ignore_ascii_case("vitamin");
            Some(word)
        })
        .collect::<Vec<_>>()
        .join(" ");
    if d_put_back != name {
        candidates.push(d_put_back);
    }
    // Specks before the name read as a word of a letter or two (`oO Hemoglobin`), where the
    // catalog knows no name in it as read: a qualifier (`Sr Creatinine`) stays.
    if strength < 2
        && let Some((first, rest)) = name.split_once(' ')
        && (1..=2).contains(&first.chars().count())
        && first.chars().all(|c| c.is_ascii_alphabetic())
    {
        candidates.push(rest.trim_start().to_string());
    }
    // HIV's two types, their numerals misread short or one lost (`HIV I & I`, `HIV & Ii`,
    // `HIV l/I`): `I & II` (or `I/II`), as every lab prints them.
    if let Some(types) = hiv_types(name) {
        candidates.push(types);
    }
    // A `1` after a capital read as two strokes (`APO Ail` for `APO A1`).
    let two_strokes = |w: &str| {
        let c: Vec<char> = w.chars().collect();
        let stroke = crate::reading::read_for_one;
        (c.len() == 3 && c[0].is_ascii_uppercase() && stroke(c[1]) && stroke(c[2])).then(|| format!("{}1", c[0]))
    };
    let one_put_back =
        name.split(' ').map(|w| two_strokes(w).unwrap_or_else(|| w.to_string())).collect::<Vec<_>>().join(" ");
    if one_put_back != name {
        candidates.push(one_put_back);
    }
    // The `+` of an ion's charge read as a `t` (`Sodium (Nat)`, `Potassium (Kt)`).
    let charged = ["Na", "K", "Ca", "Mg", "Li"]
        .iter()
        .fold(name.to_string(), |n, ion| n.replace(&format!("({ion}t)"), &format!("({ion}+)")));
    if charged != name {
        candidates.push(charged);
    }
    // The `1` of `A1c` read as another stroke or lost (`HbAtc`, `HbAic`, `Hemoglobin Ac`), or
    // read with a stroke before or after it (`HbAi1c`, `(HbA1ic)`), in brackets or not.
    let a1c = |w: &str| {
        const STROKE: [char; 8] = ['t', 'i', 'l', 'I', '|', '!', '/', '1'];
        let core = w.trim_end_matches(')');
        let head = core.strip_suffix('c')?;
        let strokes = head.chars().rev().take_while(|c| STROKE.contains(c)).count();
        let head = &head[..head.len() - strokes];
        (strokes <= 2 && head.ends_with('A')).then(|| format!("{head}1c{}", &w[core.len()..]))
    };
    let a1c_put_back = name.split(' ').map(|w| a1c(w).unwrap_or_else(|| w.to_string())).collect::<Vec<_>>().join(" ");
    if a1c_put_back != name {
        candidates.push(a1c_put_back);
    }
    let without_footnote = |n: &str| {
        let (head, last) = n.trim_end().rsplit_once(' ')?;
        (last.len() == 1 && last.chars().all(|c| c.is_ascii_digit()) && head.chars().any(char::is_alphabetic))
            .then(|| head.trim_end().to_string())
    };
    if let Some(put_back) = misread_words_put_back(name) {
        candidates.push(put_back);
    }
    let footnoted: Vec<String> = std::iter::once(name.to_string())
        .chain(candidates.iter().cloned())
        .filter_map(|n| without_footnote(&n))
        .collect();
    candidates.extend(footnoted);
    candidates
        .into_iter()
        .rev()
        .map(|c| (super::match_strength(&c), c))
        // Only a match by name counts: a bracketed abbreviation alone (`(RDW/)` from `(RDWI)`)
        // is too little to change a name.
        .filter(|(s, _)| *s > strength && *s >= 2)
        .max_by_key(|(s, _)| *s)
        .map(|(_, c)| c)
}

/// `name` with the slash between two abbreviations in its brackets put back where a photo read
/// it as a stroke (`Alanine Aminotransferase (ALTISGPT)`: `(ALT/SGPT)`): a run of five capitals
/// or more with a stroke inside, two letters or more on each side, each side a name of the test
/// the name outside the brackets names, or, where that is misread past knowing (`Alatune
/// Aminotransferase`), of one test.
fn slash_read_as_stroke(name: &str) -> Option<String> {
    let open = name.find('(')?;
    let close = open + name[open..].find(')')?;
    let (outside, inside) = (name[..open].trim(), &name[open + 1..close]);
    let outside = super::lookup(outside);
    let chars: Vec<char> = inside.chars().collect();
    if chars.len() < 5 || !chars.iter().all(|c| c.is_ascii_uppercase() || matches!(c, 'l' | '|' | '1')) {
        return None;
    }
    (2..chars.len() - 2).find_map(|at| {
        let (left, right): (String, String) = (chars[..at].iter().collect(), chars[at + 1..].iter().collect());
        let (left_test, right_test) = (super::lookup_exact(&left)?, super::lookup_exact(&right)?);
        let test = outside.unwrap_or(left_test);
        (matches!(chars[at], 'I' | 'l' | '|' | '1') && left_test.key == test.key && right_test.key == test.key)
            .then(|| format!("{}({left}/{right}){}", &name[..open], &name[close + 1..]))
    })
}

/// A name of several words, some of them catalog words and the others misread past what
/// [`mend_misread`] puts back word by word (`Unc Acid` and `Unne Glucose`, whose `ri` ran into an
/// `n` in a word too short to mend alone), with each misread word put back from the one catalog
/// name that has the same words where they were read right and, where not, words they are a
/// misreading of ([`misreading_cost`]: half a letter at most in a word of up to six letters,
/// 0.9 in a longer one). The words read right are the evidence: at least as many as the
/// misread ones, and each must stand where the catalog's name has it. `None` when no catalog
/// name fits, or another test's fits nearly as well.
fn misread_words_put_back(name: &str) -> Option<String> {
    let limit = |letters: usize| if letters >= 7 { 0.9 } else { 0.5 };
    words_put_back(name, limit, true, |_| true)
}

/// A test name a photo misread further than [`mend_misread_name`] puts back, where the row
/// it names shows which test it is: its words that are no catalog word put back from the one
/// catalog name (of as many words, the others the same) that is a misreading of it
/// ([`misreading_cost`]: 0.8 of a letter in a word of three letters, `Une` for `Uric`, one
/// letter in a word of up to six, two in a longer one: `Basoptets`, `Caicuam`) and whose test `fits` the row (its unit is
/// the test's and its value one the test can have: `Eosinophds  4  %`, `Bron  212  µg/dL`).
/// `None` when no such name fits, or another test's that fits is nearly as near.
///
/// A name the catalog knows as a lab's misspelling ([`respelt`]), or as printed with a word it
/// passes over, is put back only where each word changed had one letter put for another, as
/// OCR reads one (`Magnesmum`, `Insudin`): a lab drops or doubles letters (`Cholestrol`,
/// `Billirubin`), and its name is shown as printed.
#[must_use]
pub fn misread_name_fitting(name: &str, fits: impl Fn(&super::Biomarker) -> bool) -> Option<String> {
    let limit = |letters: usize| match letters {
        ..=3 => 0.8,
        4..=6 => 1.0,
        _ => 2.0,
    };
    // (A name the catalog knows as printed may still hold a misread word it passes over, a
    // method's in brackets: `LDL-Cholesterol (Calculates)`; it is put back as a respelt one.)
    let Some(misspelt) = super::lookup_as_printed(name).or_else(|| super::lookup(name)) else {
        return words_put_back(name, limit, false, fits);
    };
    // (Known only by a part, a misread word hyphened to a name, `HODL-Cholesterol` taken for
    // cholesterol by its second word: the test the whole name is, put back, where there is one.)
    if super::lookup_whole(name).is_none()
        && let Some(whole) = words_put_back(name, limit, false, &fits)
        && super::lookup_whole(&whole).is_some_and(|b| b.key != misspelt.key)
    {
        return Some(whole);
    }
    let mended = words_put_back(name, limit, false, |b| b.key == misspelt.key && fits(b))?;
    let one_letter_each = name.split_whitespace().zip(mended.split_whitespace()).all(|(a, b)| {
        a == b
            || (a.chars().count() == b.chars().count() && a.chars().zip(b.chars()).filter(|(x, y)| x != y).count() == 1)
    });
    one_letter_each.then_some(mended)
}

/// A name the catalog does not know, misread further than [`misread_name_fitting`] allows
/// (`Owect Bilirubin`, `Trighycenctes`), put back where the row's printed reference says which
/// test it is: `fits` asks, besides the unit and value, that the reference be the test's usual
/// one. Its words that are no catalog word are put back from the one catalog name (of as many
/// words, the others the same) within [`misreading_cost`] of two letters in a word of four to
/// six and three in a longer one, whose test fits; a word of three letters or fewer only as
/// [`misread_name_fitting`] would (`Fes` stays: too few letters to say `FBS`). `None` where
/// another test's name that fits is nearly as near.
#[must_use]
pub fn misread_name_beside_its_reference(name: &str, fits: impl Fn(&super::Biomarker) -> bool) -> Option<String> {
    if super::lookup(name).is_some() {
        return None;
    }
    let limit = |letters: usize| match letters {
        ..=3 => 0.8,
        4..=6 => 2.0,
        _ => 3.0,
    };
    words_put_back(name, limit, false, fits)
}

/// A name the catalog does not know whose last letters or digits a scan lost, one or two of
/// them (`25-OH Vitamin :` for 25-OH Vitamin D, its `D` read as a colon; `FT` for FT3), put
/// back where the row's printed reference says which test it is: the catalog names that are
/// the name read and that much more are asked, and exactly one test among them must `fit`
/// (FT3 and FT4 both extend `FT`; the reference beside it tells them apart). The name keeps
/// its letters as read, with the lost end in capitals. A name of fewer than two letters,
/// or known as read, stays; so does one a letter short of a name, `Basophil`: a lab's spelling.
#[must_use]
pub fn name_that_lost_its_end(name: &str, fits: impl Fn(&super::Biomarker) -> bool) -> Option<String> {
    if super::lookup(name).is_some() {
        return None;
    }
    let read = name.trim_end_matches(|c: char| !c.is_alphanumeric());
    let key = super::normalise(read);
    if key.chars().filter(|c| c.is_alphabetic()).count() < 2 {
        return None;
    }
    // (The end after the name read: a word of its own, or digits run on to its last word; not
    // letters run on, which would make a lab's `Basophil` the catalog's Basophils.)
    let lost = |alias: &str| {
        let end = alias.strip_prefix(key.as_str())?;
        let (spaced, end) = end.strip_prefix(' ').map_or((false, end), |e| (true, e));
        let kept = |c: char| if spaced { c.is_alphanumeric() } else { c.is_ascii_digit() };
        (matches!(end.chars().count(), 1..=2) && end.chars().all(kept)).then(|| (spaced, end.to_uppercase()))
    };
    let mut found: Vec<(usize, bool, String)> = super::CATALOG
        .by_alias
        .iter()
        .filter_map(|(alias, &entry)| lost(alias).map(|(spaced, end)| (entry, spaced, end)))
        .filter(|(entry, _, _)| fits(&super::CATALOG.entries[*entry]))
        .collect();
    found.sort();
    found.dedup_by_key(|(entry, _, _)| *entry);
    match found.as_slice() {
        [(_, spaced, end)] => Some(format!("{read}{}{end}", if *spaced { " " } else { "" })),
        _ => None,
    }
}

/// A name the catalog knows by one of its parts (`Free Thytooine (FT4)`, known by its `FT4`;
/// `Aspartate Amunotransferase (AST/SGOT)`, by its abbreviations) with the words a photo
/// misread in its other parts put back from that same test's names: each part (the words
/// between brackets, slashes and commas) that is none of the test's names as read, where one of
/// its names of as many words has the part's other words and its misread ones within
/// [`misreading_cost`] of a letter in a word of up to five, a letter and a half in one of up to
/// nine, and two in a longer one (`Phospteatase`). Only the test's own names are asked, so a
/// word may be further from its name than where any catalog word could be meant.
///
/// A word a letter dropped or added from a catalog word, or two of its letters swapped, is a
/// lab's spelling and stays ([`respelt`]); so does a name with nothing misread, or whose test
/// is not known by a part.
#[must_use]
pub fn misread_words_of_known_test(name: &str) -> Option<String> {
    let test = super::lookup(name)?;
    let entry = super::CATALOG.entries.iter().position(|e| e.key == test.key)?;
    let runs = alphanumeric_runs(name);
    // The parts: runs of words with no bracket, slash or comma between them.
    let mut parts: Vec<Vec<(usize, &str)>> = Vec::new();
    let mut end = 0;
    for &(start, run) in &runs {
        let between = &name[end..start];
        if parts.is_empty() || between.contains(['(', ')', '[', ']', '/', ',']) {
            parts.push(Vec::new());
        }
        parts.last_mut()?.push((start, run));
        end = start + run.len();
    }
    let limit = |letters: usize| match letters {
        ..=5 => 1.0,
        6..=9 => 1.5,
        _ => 2.0,
    };
    // A word that may be misread: letters (a photo's `7` for a `T` among them) that make no
    // catalog word and no lab's slip from one.
    let misread = |word: &str| {
        let letters = word.chars().filter(char::is_ascii_alphabetic).count();
        letters >= 3
            && word.len() >= 4
            && word.chars().all(|c| c.is_ascii_alphanumeric())
            && letters + 1 >= word.len()
            && !VOCABULARY.words.contains(word)
            && !VOCABULARY.words.iter().any(|w| {
                let swapped = w.len() == word.len() && w.bytes().zip(word.bytes()).filter(|(a, b)| a != b).count() == 2;
                (w.len() != word.len() || swapped) && one_slip(word, w)
            })
    };
    // The name's first word, where a photo may have lost its first letters (in a shadow or
    // past the page's edge: `oid Stimulating Hormone (TSH)`, `odium (Na)`): the end of the
    // test's word, of three letters or more and no catalog word (`first_cut` below). (A lab
    // drops no word's first letters: such a word is no lab's slip either.)
    let start_lost = |read: &str, their: &str| {
        their.len() > read.len() && their.ends_with(read) && read.chars().all(|c| c.is_ascii_alphabetic())
    };
    // (A word that lost its first letter takes its case from the name's next word: `oid
    // Stimulating` is `Thyroid Stimulating`.)
    let capital = runs.iter().skip(1).find_map(|(_, r)| r.chars().next()).is_some_and(|c| c.is_ascii_uppercase());
    let mut out = name.to_string();
    let mut changed = false;
    // (Back to front, so that a part's places stay where they were.)
    for (p, part) in parts.iter().enumerate().rev() {
        let words: Vec<String> = part.iter().map(|(_, w)| w.to_ascii_lowercase()).collect();
        if words.iter().any(|w| w.contains(|c: char| !c.is_ascii_alphanumeric()))
            || super::CATALOG.by_alias.contains_key(&words.join(" "))
        {
            continue;
        }
        // (Asked after the cheap tests: a word no catalog word is scans the vocabulary.)
        let may_mend: Vec<bool> = words.iter().map(|w| misread(w)).collect();
        let first_cut = p == 0 && words[0].len() >= 3 && !VOCABULARY.words.contains(words[0].as_str());
        if !may_mend.contains(&true) && !first_cut {
            continue;
        }
        let mut best: Option<(f32, &[&str])> = None;
        for (theirs, e) in NAMES_BY_WORDS.get(&words.len()).into_iter().flatten() {
            if *e != entry {
                continue;
            }
            // A name's one misread word between two read right or more, the test known by
            // another part as well, may be further from its word (`Gamma Gilarny Transferase
            // (GGT)`): where it starts with the same letter and is about as long.
            let right = words.iter().zip(theirs).filter(|(read, their)| read == *their).count();
            let anchored = right >= 2 && right + 1 == words.len();
            let mut cost = 0.0;
            for (k, ((read, their), may_mend)) in words.iter().zip(theirs).zip(&may_mend).enumerate() {
                if read == their {
                    continue;
                }
                if anchored
                    && *may_mend
                    && read.chars().next() == their.chars().next()
                    && read.len().abs_diff(their.len()) <= 2
                {
                    cost += limit(read.len());
                    continue;
                }
                if first_cut && k == 0 && start_lost(read, their) {
                    cost += 1.0;
                    continue;
                }
                if !may_mend {
                    cost = f32::INFINITY;
                    break;
                }
                let read_chars: Vec<char> = read.chars().collect();
                let their_chars: Vec<char> = their.chars().collect();
                let allowed = limit(read_chars.len());
                let c = misreading_cost(&read_chars, &their_chars, allowed);
                if c > allowed {
                    cost = f32::INFINITY;
                    break;
                }
                cost += c;
            }
            if cost.is_finite() && best.is_none_or(|(b, _)| cost < b) {
                best = Some((cost, theirs.as_slice()));
            }
        }
        let Some((_, theirs)) = best else { continue };
        for (&(start, run), their) in part.iter().zip(theirs).rev() {
            if run.to_ascii_lowercase() != *their {
                let mut word = in_case_of(run, their);
                if start_lost(&run.to_ascii_lowercase(), their)
                    && capital
                    && run.starts_with(|c: char| c.is_ascii_lowercase())
                {
                    word = word[..1].to_ascii_uppercase() + &word[1..];
                }
                out.replace_range(start..start + run.len(), &word);
                changed = true;
            }
        }
    }
    changed.then_some(out)
}

/// `name` with its words that are no catalog word (whole words of three letters or more)
/// put back from the nearest catalog name of as many words whose other words are the name's
/// and whose test `fits`, each word within `limit(its letters)` of the catalog's by
/// [`misreading_cost`], when no other test's name that fits is within 0.3 of it. `anchored`:
/// the name must have at least as many catalog words as misread ones, and two words or more.
fn words_put_back(
    name: &str,
    limit: impl Fn(usize) -> f32,
    anchored: bool,
    fits: impl Fn(&super::Biomarker) -> bool,
) -> Option<String> {
    let tokens: Vec<&str> = name.split_whitespace().collect();
    if tokens.is_empty() || tokens.len() > 8 || (anchored && tokens.len() < 2) {
        return None;
    }
    // The name's words as the catalog's index spells them, and which of them, each a whole
    // word of letters alone that is no catalog word, may be misread (with its word's place).
    // (A word may be one part of a token joined by a hyphen or a slash, `HODL-Cholesterol`: its
    // part's place in the token is kept, where the token's runs of letters and digits are its
    // parts as the index spells them.)
    let mut words: Vec<String> = Vec::new();
    let mut misread: Vec<(usize, usize, Option<usize>)> = Vec::new();
    for (t, token) in tokens.iter().enumerate() {
        let normalised = super::normalise(token);
        let parts: Vec<&str> = normalised.split(' ').filter(|w| !w.is_empty()).collect();
        let runs = alphanumeric_runs(token);
        let placed = parts.len() == 1
            || (!token.contains('.')
                && runs.len() == parts.len()
                && runs.iter().zip(&parts).all(|((_, r), p)| r.to_lowercase() == *p));
        for (k, word) in parts.iter().enumerate() {
            if placed
                && word.len() >= 3
                && word.chars().all(|c| c.is_ascii_lowercase())
                && !VOCABULARY.words.contains(*word)
            {
                misread.push((words.len() + k, t, (parts.len() > 1).then_some(k)));
            }
        }
        words.extend(parts.iter().map(ToString::to_string));
    }
    if misread.is_empty() || (anchored && 2 * misread.len() > words.len()) {
        return None;
    }
    let read: Vec<Vec<char>> = words.iter().map(|w| w.chars().collect()).collect();
    // The cost of reading the name for `theirs`, and whether each word is within its limit.
    // (A name a little past the limits is still found, to tell that a name within them is
    // nearly as near to another test's.)
    let cost_of = |theirs: &[&str]| -> (f32, bool) {
        let (mut cost, mut within) = (0.0, true);
        for &(at, _, _) in &misread {
            let word: Vec<char> = theirs[at].chars().collect();
            let allowed = limit(read[at].len());
            let c = misreading_cost(&read[at], &word, allowed + 0.3);
            if !c.is_finite() {
                return (f32::INFINITY, false);
            }
            cost += c;
            within &= c <= allowed;
        }
        (cost, within)
    };
    // The nearest name that fits (its cost, entry and words), and the cost of the nearest
    // other test's that fits as well.
    let mut best: Option<(f32, bool, usize, &[&str])> = None;
    let mut runner_up = f32::INFINITY;
    for (theirs, entry) in NAMES_BY_WORDS.get(&words.len()).into_iter().flatten() {
        let (theirs, entry) = (theirs.as_slice(), *entry);
        if !words.iter().enumerate().all(|(i, w)| misread.iter().any(|&(at, _, _)| at == i) || theirs[i] == w) {
            continue;
        }
        let (cost, within) = cost_of(theirs);
        if !cost.is_finite() || !fits(&super::CATALOG.entries[entry]) {
            continue;
        }
        // (Of two spellings of one test as near, `Basopis` for `Basophils` or `Basos`, the first
        // in [`NAMES_BY_WORDS`]' order.)
        match &best {
            Some((b, _, e, _)) if cost >= *b => {
                if *e != entry {
                    runner_up = runner_up.min(cost);
                }
            }
            _ => {
                if let Some((b, _, e, _)) = &best
                    && *e != entry
                {
                    runner_up = runner_up.min(*b);
                }
                best = Some((cost, within, entry, theirs));
            }
        }
    }
    let (cost, within, _, theirs) = best?;
    if !within || runner_up <= cost + 0.3 {
        return None;
    }
    let mut out: Vec<String> = tokens.iter().map(ToString::to_string).collect();
    for &(at, t, k) in &misread {
        let token = out[t].clone();
        // (The token's part `k` where it has several, its `k`th run of letters and digits.)
        let (start, end) = match k.and_then(|k| alphanumeric_runs(&token).get(k).copied()) {
            Some((start, run)) => (start, start + run.len()),
            None => {
                let start = token.find(|c: char| c.is_alphanumeric()).unwrap_or(0);
                (start, token.rfind(|c: char| c.is_alphanumeric()).map_or(token.len(), |i| i + 1))
            }
        };
        let core = &token[start..end];
        out[t] = format!("{}{}{}", &token[..start], in_case_of(core, theirs[at]), &token[end..]);
    }
    Some(out.join(" "))
}

/// The runs of letters and digits of `token` with where each starts, in order
/// (`HODL-Cholesterol`: `HODL` at 0, `Cholesterol` at 5).
fn alphanumeric_runs(token: &str) -> Vec<(usize, &str)> {
    let mut runs = Vec::new();
    let mut start = None;
    for (i, c) in token.char_indices().chain(std::iter::once((token.len(), ' '))) {
        match (c.is_alphanumeric(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                runs.push((s, &token[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    runs
}

/// A catalog name as its index spells it, as its words, with the entry it names.
type NameWords = (Vec<&'static str>, usize);

/// The catalog's names and aliases ([`NameWords`]) by how many words they have, each count's
/// sorted by entry and spelling: not in the index's order, which changes from run to run, so
/// that a name is read the same every time.
static NAMES_BY_WORDS: LazyLock<HashMap<usize, Vec<NameWords>>> = LazyLock::new(|| {
    let mut by_words: HashMap<usize, Vec<NameWords>> = HashMap::new();
    for (alias, &entry) in &super::CATALOG.by_alias {
        let words: Vec<&'static str> = alias.split(' ').collect();
        by_words.entry(words.len()).or_default().push((words, entry));
    }
    for names in by_words.values_mut() {
        names.sort_unstable_by(|(a, e), (b, f)| e.cmp(f).then_with(|| a.cmp(b)));
    }
    by_words
});

/// `name` with each `from` that stands after a capital or a digit, and before anything but a
/// small letter, read as `to`, in runs of at most five letters and digits (abbreviations:
/// `ApoAl`, `AIG`; a word in capitals such as `DISTRIBUTION` keeps its I's). `None` when there
/// is none.
fn replace_stroke(name: &str, from: char, to: char) -> Option<String> {
    let chars: Vec<char> = name.chars().collect();
    let inside = |c: char| c.is_alphanumeric() || c == from;
    let run = |i: usize| {
        let start = chars[..i].iter().rposition(|&c| !inside(c)).map_or(0, |p| p + 1);
        let end = chars[i..].iter().position(|&c| !inside(c)).map_or(chars.len(), |p| i + p);
        end - start
    };
    let mut changed = false;
    let out: String = (0..chars.len())
        .map(|i| {
            let c = chars[i];
            let after_capital = i > 0 && (chars[i - 1].is_ascii_uppercase() || chars[i - 1].is_ascii_digit());
            let before_small = chars.get(i + 1).is_some_and(char::is_ascii_lowercase);
            if c == from && after_capital && !before_small && run(i) <= 5 {
                changed = true;
                to
            } else {
                c
            }
        })
        .collect();
    changed.then_some(out)
}

/// Lab words of other languages with a letter the English model cannot read: it reads
/// Turkish `ö` as `o` or `é`, so `Nötrofil` comes out `Notrofil`.
const FOREIGN_WORDS: &[&str] = &["nötrofil", "lökosit"];

/// The foreign word `core` is a reading of, in `core`'s case, if it is not already that word.
fn foreign_word(core: &str) -> Option<String> {
    let fold = |s: &str| -> String {
        s.chars().map(|c| if matches!(c, 'ö' | 'ó' | 'ò' | 'é' | '6') { 'o' } else { c }).collect()
    };
    let lower = core.to_lowercase();
    let word = FOREIGN_WORDS.iter().find(|w| **w != lower && fold(w) == fold(&lower))?;
    let mut letters = core.chars().filter(|c| c.is_alphabetic());
    let all_caps = letters.clone().count() > 1 && letters.all(char::is_uppercase);
    Some(if all_caps {
        word.to_uppercase()
    } else if core.starts_with(char::is_uppercase) {
        let mut chars = word.chars();
        chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
    } else {
        (*word).to_string()
    })
}

/// The one catalog word `lower` is, with a thin `i` or `l` OCR lost put back (`bazofl` is
/// `bazofil`). Only words of six letters or more, where one lost stroke leaves the word
/// unmistakable; a lab's own misspelling drops other letters (`Cholestrol`).
fn lost_stroke(lower: &str) -> Option<String> {
    if lower.len() < 6 || !lower.chars().all(|c| c.is_ascii_alphabetic()) {
        return None;
    }
    let mut found: Option<String> = None;
    for at in 1..lower.len() {
        for stroke in ['i', 'l'] {
            let word = format!("{}{stroke}{}", &lower[..at], &lower[at..]);
            if VOCABULARY.words.contains(&word) && found.as_ref() != Some(&word) {
                if found.is_some() {
                    return None;
                }
                found = Some(word);
            }
        }
    }
    found
}

/// Characters OCR reads for a thin upright stroke.
const STROKES: &[char] = &['|', '!'];

/// Each character replaced by the first of the group OCR confuses it with; `rn` becomes `m`.
fn confusion_shape(lower: &str) -> String {
    lower.replace("rn", "m").chars().map(shape_of).collect()
}

/// The first of the group of characters OCR confuses `c` with.
fn shape_of(c: char) -> char {
    match c {
        'i' | 'l' | '1' | '|' | '!' | 't' => 'l',
        'd' | '0' => 'o',
        'e' => 'c',
        'h' => 'n',
        '5' => 's',
        'q' => 'g',
        'y' => 'v',
        other => other,
    }
}

/// How many characters differ between a word and a catalog word of the same shape (an `rn`
/// read for `m` counts as one).
fn substitutions(lower: &str, candidate: &str) -> usize {
    let (a, b) = (lower.replace("rn", "m"), candidate.replace("rn", "m"));
    let split = usize::from(a.len() != lower.len()) + usize::from(b.len() != candidate.len());
    a.chars().zip(b.chars()).filter(|(x, y)| x != y).count() + split
}

/// `target`'s letters in `printed`'s case: all capitals stay all capitals; otherwise each
/// letter keeps the case of the one it replaces, except that a letter between capitals is a
/// capital (`LoL` is `LDL`) and a stroke or digit is read as a capital at the start of the word
/// (`lron` is `Iron`) and small elsewhere.
fn in_case_of(printed: &str, target: &str) -> String {
    // An abbreviation the catalog prints only in capitals (`TIBC`) read with a capital
    // (`Tiec`) is in capitals. (One read in small letters, `lol` for `ldl`, stays so.)
    if ABBREVIATIONS.contains(target) && printed.chars().any(|c| c.is_ascii_uppercase()) {
        return target.to_ascii_uppercase();
    }
    let upper = printed.chars().filter(char::is_ascii_alphabetic).all(|c| c.is_ascii_uppercase())
        && printed.chars().filter(char::is_ascii_alphabetic).count() > 1;
    if upper {
        return target.to_ascii_uppercase();
    }
    let printed: Vec<char> = printed.chars().collect();
    if printed.len() != target.len() {
        // An `rn` read for `m`: positions shift, so take the case of the first letter only.
        let first_upper = printed.first().is_some_and(char::is_ascii_uppercase);
        let mut out = target.to_string();
        if first_upper {
            out[..1].make_ascii_uppercase();
        }
        return out;
    }
    target
        .chars()
        .zip(&printed)
        .enumerate()
        .map(|(i, (t, &p))| {
            // Between two capitals a replaced letter is a capital too (`LoL` is `LDL`).
            let among_capitals =
                i > 0 && printed[i - 1].is_ascii_uppercase() && printed.get(i + 1).is_none_or(char::is_ascii_uppercase);
            let capital = if p.is_ascii_alphabetic() && p.to_ascii_lowercase() == t {
                p.is_ascii_uppercase()
            } else if p.is_ascii_alphabetic() {
                p.is_ascii_uppercase() || (i == 0 && "il".contains(p)) || among_capitals
            } else {
                i == 0 || among_capitals
            };
            if capital { t.to_ascii_uppercase() } else { t }
        })
        .collect()
}

/// `printed` with each word the lab misspelt put right, or `None` when no word needed it.
///
/// Labs misspell test names in their own templates (`Cholestrol`, `Billirubin`, `Protien`,
/// `Eosoniphils`, `Triglycerid`): a letter dropped, added or put for another, or two letters
/// swapped. A word of [`MISSPELT_LETTERS`] letters or more that is no catalog word and is one
/// such slip from exactly one catalog word is taken for it; shorter words are too near one
/// another to tell a slip from another word. Only the catalog lookup uses the mended spelling:
/// the name is shown as printed.
#[must_use]
pub fn respelt(printed: &str) -> Option<String> {
    let mut out = String::with_capacity(printed.len());
    let mut changed = false;
    let mut rest = printed;
    while let Some(start) = rest.find(|c: char| c.is_ascii_alphabetic()) {
        out.push_str(&rest[..start]);
        let word_len = rest[start..].find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(rest.len() - start);
        let word = &rest[start..start + word_len];
        match meant_word(&word.to_ascii_lowercase()) {
            Some(meant) => {
                out.push_str(meant);
                changed = true;
            }
            None => out.push_str(word),
        }
        rest = &rest[start + word_len..];
    }
    out.push_str(rest);
    changed.then_some(out)
}

/// Fewest letters a word needs before [`respelt`] takes it for a catalog word one slip away.
const MISSPELT_LETTERS: usize = 7;

/// The one catalog word `lower` (a word in small letters) is a slip from, when it is none itself.
fn meant_word(lower: &str) -> Option<&'static str> {
    if lower.len() < MISSPELT_LETTERS || VOCABULARY.words.contains(lower) {
        return None;
    }
    let mut found = None;
    for word in VOCABULARY.words.iter().filter(|w| w.len().abs_diff(lower.len()) <= 1 && one_slip(lower, w)) {
        if found.is_some() {
            return None;
        }
        found = Some(word.as_str());
    }
    found
}

/// Whether `a` and `b` differ by one letter dropped, added or replaced, or two swapped.
pub(crate) fn one_slip(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() == b.len() {
        let differ: Vec<usize> = (0..a.len()).filter(|&i| a[i] != b[i]).collect();
        return match differ[..] {
            [_] => true,
            [i, j] => a[i] == b[j] && a[j] == b[i],
            _ => false,
        };
    }
    let (long, short) = if a.len() > b.len() { (a, b) } else { (b, a) };
    if long.len() != short.len() + 1 {
        return false;
    }
    let at = (0..short.len()).find(|&i| long[i] != short[i]).unwrap_or(short.len());
    long[at + 1..] == short[at..]
}

struct Vocabulary {
    words: HashSet<String>,
    by_shape: HashMap<String, Vec<String>>,
    /// Each word with its letters, for [`misshapen`].
    letters: Vec<(String, Vec<char>)>,
}

/// Words of three letters or more in the catalog's names and aliases and in [`EXTRA_WORDS`].
static VOCABULARY: LazyLock<Vocabulary> = LazyLock::new(|| {
    let mut words = HashSet::new();
    let names =
        super::all().iter().flat_map(|b| std::iter::once(b.name.as_str()).chain(b.aliases.iter().map(String::as_str)));
    for name in names.chain(EXTRA_WORDS.iter().copied()) {
        for word in super::normalise(name).split(' ') {
            if word.len() >= 3 && word.chars().all(|c| c.is_ascii_alphabetic()) {
                words.insert(word.to_string());
            }
        }
    }
    let mut by_shape: HashMap<String, Vec<String>> = HashMap::new();
    for word in &words {
        by_shape.entry(confusion_shape(word)).or_default().push(word.clone());
    }
    let letters = words.iter().map(|w| (w.clone(), w.chars().collect())).collect();
    Vocabulary { words, by_shape, letters }
});

/// Words of two to six letters the catalog's names print only in capitals (`TIBC`, `HDL`), in
/// small letters. (Its aliases are written in small letters.)
static ABBREVIATIONS: LazyLock<HashSet<String>> = LazyLock::new(|| {
    let mut capitals: HashSet<String> = HashSet::new();
    let mut otherwise: HashSet<String> = HashSet::new();
    for word in super::all().iter().flat_map(|b| b.name.split(|c: char| !c.is_ascii_alphabetic())) {
        if !(2..=6).contains(&word.len()) {
            continue;
        }
        let lower = word.to_ascii_lowercase();
        if word.chars().all(|c| c.is_ascii_uppercase()) {
            capitals.insert(lower);
        } else {
            otherwise.insert(lower);
        }
    }
    capitals.retain(|w| !otherwise.contains(w));
    capitals
});

/// Qualitative results; the short names analysers print for the differential count
/// (`NEUT#`, `LYMPH%`), which the catalog does not list as aliases because `#` and `%` tell the
/// absolute count from the percentage; and the methods labs print beside a name
/// (`Free T4 (Chemiluminescence)`), which ground-truth names keep.
const EXTRA_WORDS: &[&str] = &[
    "chemiluminescence",
    "immunoturbidimetry",
    "turbidimetry",
    "immunoassay",
    "colorimetric",
    "photometry",
    "spectrophotometry",
    "enzymatic",
    "calculated",
    "impedance",
    "elisa",
    "positive",
    "negative",
    "reactive",
    "non reactive",
    "absent",
    "present",
    "nil",
    "trace",
    "normal",
    "clear",
    "neut",
    "lymph",
    "mono",
    "baso",
    "retic",
    // Turkish blood-count names (`RBC-Alyuvarlar`, `PLT-Trombosit`); Nötrofil's ö is not ASCII
    // and the English model cannot read it anyway.
    "alyuvarlar",
    "akyuvarlar",
    "hematokrit",
    "lenfosit",
    "monosit",
    "eozinofil",
    "bazofil",
    "trombosit",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_misread_in_a_name_known_by_another_part_come_from_that_tests_names() {
        let mended = |name: &str| misread_words_of_known_test(name);
        assert_eq!(mended("Free Thytooine (FT4)").as_deref(), Some("Free Thyroxine (FT4)"));
        assert_eq!(
            mended("Aspartate Amunotransferase (AST/SGOT)").as_deref(),
            Some("Aspartate Aminotransferase (AST/SGOT)")
        );
        assert_eq!(
            mended("Aspartate Aminotransferase (AST/SGO7)").as_deref(),
            Some("Aspartate Aminotransferase (AST/SGOT)")
        );
        assert_eq!(mended("Alkaline Phospteatase (ALP)").as_deref(), Some("Alkaline Phosphatase (ALP)"));
        assert_eq!(mended("Vdamin B12 (Cyanocobalamin)").as_deref(), Some("Vitamin B12 (Cyanocobalamin)"));
        assert_eq!(mended("Potassaum (K+)").as_deref(), Some("Potassium (K+)"));
        // A lab's dropped letter stays, as do names read right and tests the catalog does not know.
        assert_eq!(mended("Alkaline Phosphatse (ALP)"), None);
        assert_eq!(mended("Free Thyroxine (FT4)"), None);
        assert_eq!(mended("Fenian"), None);
        assert_eq!(mended("Ketone Boches"), None);
        // A word misread further between two read right, its test known by its abbreviation.
        assert_eq!(mended("Gamma Gilarny Transferase (GGT)").as_deref(), Some("Gamma Glutamyl Transferase (GGT)"));
        // Not one that starts otherwise or is far longer or shorter, nor between fewer words.
        assert_eq!(mended("Gamma Marnyxyz Transferase (GGT)"), None);
        assert_eq!(mended("Alanine Aqzbiwxyzwxyzquwqr (ALT)"), None);
        assert_eq!(mended("Gamma Gilarnymatic Transferase (GGT)"), None);
        assert_eq!(mended("Gilarny Transferase (GGT)"), None);
    }

    #[test]
    fn a_first_word_whose_first_letters_a_photo_lost_comes_from_the_tests_name() {
        let mended = |name: &str| misread_words_of_known_test(name);
        assert_eq!(mended("oid Stimulating Hormone (TSH)").as_deref(), Some("Thyroid Stimulating Hormone (TSH)"));
        assert_eq!(mended("odium (Na)").as_deref(), Some("Sodium (Na)"));
        // (In small letters where the name's next word is.)
        assert_eq!(mended("oid stimulating hormone (tsh)").as_deref(), Some("thyroid stimulating hormone (tsh)"));
        // Only the name's first word: one inside it that lost its start is no such reading.
        assert_eq!(mended("Thyroid ulating Hormone (TSH)"), None);
        assert_eq!(mended("Alanine Aminotransferase (ALT/GPT)"), None);
        assert_eq!(mended("ree T4 (FT4)").as_deref(), Some("Free T4 (FT4)"));
        // Nor a word that is no end of the test's word, nor two letters.
        assert_eq!(mended("oud Stimulating Hormone (TSH)"), None);
        assert_eq!(mended("id Stimulating Hormone (TSH)"), None);
        // A catalog word is as printed, though a longer word of the test's ends with it.
        assert_eq!(mended("Protein B (ApoB)"), None);
    }

    #[test]
    fn of_two_spellings_of_a_test_as_near_one_is_taken_the_same_every_run() {
        // `Basophils` with its thin `h` and `l` lost, as near as the short `Basos`: which came
        // back changed from run to run with the index's order.
        assert_eq!(misread_name_fitting("Basopis", |_| true).as_deref(), Some("Basophils"));
        let sorted =
            NAMES_BY_WORDS.values().all(|names| names.is_sorted_by_key(|(words, entry)| (*entry, words.clone())));
        assert!(sorted, "the names are in an order of their own, the same every run");
    }

    #[test]
    fn a_name_with_strokes_misread_after_capitals_is_put_back() {
        let mended = |n: &str| mend_misread_name(n);
        assert_eq!(mended("AIG Ratio").as_deref(), Some("A/G Ratio"));
        assert_eq!(mended("ApoB/ApoAl Ratio (APO B/Al)").as_deref(), Some("ApoB/ApoA1 Ratio (APO B/A1)"));
        // Known by its bracketed part as read, better known by its whole name mended.
        assert_eq!(mended("Apolipoprotein Al (APO-A1)").as_deref(), Some("Apolipoprotein A1 (APO-A1)"));
        assert_eq!(mended("APO B / APO Al RATIO (APO B/A1)").as_deref(), Some("APO B / APO A1 RATIO (APO B/A1)"));
        assert_eq!(mended("APO B / APO Ail RATIO (APO B/A1)").as_deref(), Some("APO B / APO A1 RATIO (APO B/A1)"));
        assert_eq!(mended("Nil"), None, "a word of three letters that names no test stays");
        assert_eq!(mended("Folate (Folic Acid), Serum 2").as_deref(), Some("Folate (Folic Acid), Serum"));
        assert_eq!(mended("14 - Thyroxine").as_deref(), Some("T4 - Thyroxine"));
        assert_eq!(mended("13 Total").as_deref(), Some("T3 Total"));
        assert_eq!(mended("Insulin-like Growth Factor 1").as_deref(), Some("Insulin-like Growth Factor I"));
        assert_eq!(mended("Insulin-like Growth Factor I"), None);
        assert_eq!(mended("Hepatitis 8 Surface Antigen").as_deref(), Some("Hepatitis B Surface Antigen"));
        assert_eq!(mended("Vitamin 812").as_deref(), Some("Vitamin B12"));
        assert_eq!(mended("HbAtc").as_deref(), Some("HbA1c"));
        assert_eq!(mended("HbAi1c").as_deref(), Some("HbA1c"));
        assert_eq!(
            mended("Glycated Haemoglobin (HbA1ic)").as_deref(),
            Some("Glycated Haemoglobin (HbA1c)"),
            "a stroke after the 1, in brackets"
        );
        assert_eq!(mended("HbA1c"), None);
        assert_eq!(mended("HbAilIc"), None, "three strokes are more than its 1 misread");
        assert_eq!(mended("Sodium (Nat)").as_deref(), Some("Sodium (Na+)"));
        assert_eq!(mended("Potassium (Kt)").as_deref(), Some("Potassium (K+)"));
        assert_eq!(mended("Hemoglobin Ac").as_deref(), Some("Hemoglobin A1c"));
        assert_eq!(mended("Vitamin B12"), None);
        assert_eq!(mended("25-OH Vitamin O").as_deref(), Some("25-OH Vitamin D"));
        // Or with a speck before it read as a letter.
        assert_eq!(mended("Vitamin OD Total").as_deref(), Some("Vitamin D Total"));
        assert_eq!(mended("Vitamin BD, 25-Hydroxy").as_deref(), Some("Vitamin D, 25-Hydroxy"));
        // Specks before a name read as a short word.
        assert_eq!(mended("oO Hemoglobin").as_deref(), Some("Hemoglobin"));
        assert_eq!(mended("Hb F"), None, "a name the catalog does not know without its first word");
        assert_eq!(mended("Sr Creatinine"), None, "a name known with its qualifier");
        assert_eq!(mended("Vitamin 0 Total").as_deref(), Some("Vitamin D Total"));
        assert_eq!(mended("Vitamin \u{a9} Total").as_deref(), Some("Vitamin D Total"));
        // Other names that start with a number stay: one the catalog cannot place, one it knows.
        assert_eq!(mended("17 Ketosteroids"), None);
        assert_eq!(mended("17-OH Progesterone"), None);
        // HIV's types with a numeral read short or lost.
        assert_eq!(mended("HIV I & I Antibody").as_deref(), Some("HIV I & II Antibody"));
        assert_eq!(mended("HIV & Ii Antibody").as_deref(), Some("HIV I & II Antibody"));
        assert_eq!(mended("HIV l/I Antibody").as_deref(), Some("HIV I/II Antibody"));
        assert_eq!(mended("HIV I & II Antibody"), None);
        // The slash between a test's two abbreviations in brackets read as a stroke.
        let slashed = mended("Alanine Aminotransferase (ALTISGPT)");
        assert_eq!(slashed.as_deref(), Some("Alanine Aminotransferase (ALT/SGPT)"));
        assert_eq!(
            mended("Aspartate Aminotransferase (AST|SGOT)").as_deref(),
            Some("Aspartate Aminotransferase (AST/SGOT)")
        );
        // Not where a side names another test.
        assert_eq!(mended("Alanine Aminotransferase (ASTISGOT)"), None);
        // With the name outside misread past knowing, where both sides name one test.
        let slashed = mended("Alatune Aminotransferase (ALTISGPT)");
        assert_eq!(slashed.as_deref(), Some("Alatune Aminotransferase (ALT/SGPT)"));
        assert_eq!(mended("Alatune Aminotransferase (ALTISGOT)"), None);
    }

    #[test]
    fn a_short_word_of_a_name_misread_is_put_back_by_the_words_read_right_around_it() {
        let mended = |n: &str| mend_misread_name(n);
        assert_eq!(mended("Unc Acid").as_deref(), Some("Uric Acid"));
        assert_eq!(mended("Serum Unc Acid").as_deref(), Some("Serum Uric Acid"));
        assert_eq!(mended("UNNE GLUCOSE").as_deref(), Some("URINE GLUCOSE"));
        assert_eq!(mended("Unne Glucose:").as_deref(), Some("Urine Glucose:"));
        // Words read right must be where the catalog's name has them, and outnumber the rest.
        assert_eq!(mended("Acid Unc"), None);
        assert_eq!(mended("Unc Xyz"), None);
        // A word no nearer than a misreading can make stays as read.
        assert_eq!(mended("Uxyz Acid"), None);
    }

    #[test]
    fn a_name_misread_further_is_put_back_by_a_test_its_row_fits_and_a_labs_misspelling_stays() {
        let any = |n: &str| misread_name_fitting(n, |_| true);
        assert_eq!(any("Bron").as_deref(), Some("Iron"));
        assert_eq!(any("RBC Coum").as_deref(), Some("RBC Count"));
        assert_eq!(any("Eosinophds").as_deref(), Some("Eosinophils"));
        assert_eq!(any("TSH Uluasensitive").as_deref(), Some("TSH Ultrasensitive"));
        assert_eq!(any("Haematocmt").as_deref(), Some("Haematocrit"));
        // A word of three letters read with two run into one and a lookalike (`Une` for `Uric`).
        assert_eq!(any("Une Acid").as_deref(), Some("Uric Acid"));
        // Up to two letters' misreading in a word of seven or more.
        assert_eq!(any("Basoptets").as_deref(), Some("Basophils"));
        assert_eq!(any("Caicuam").as_deref(), Some("Calcium"));
        assert_eq!(any("Alburren").as_deref(), Some("Albumin"));
        // Known as a lab's misspelling: put back where a letter was put for another.
        assert_eq!(any("Magnesmum").as_deref(), Some("Magnesium"));
        assert_eq!(any("Fasting Insudin").as_deref(), Some("Fasting Insulin"));
        // Known as printed, a misread word passed over in brackets: put back so too.
        assert_eq!(any("LDL-Cholesterol (Calculates)").as_deref(), Some("LDL-Cholesterol (Calculated)"));
        // A word joined to another by a hyphen, put back in its place.
        for (read, name) in [("HODL-Cholesterol", "HDL-Cholesterol"), ("LDL-Cholestenol", "LDL-Cholesterol")] {
            assert_eq!(any(read).as_deref(), Some(name), "{read}");
        }
        // A lab's own misspellings drop, double or swap letters, and stay as printed.
        for printed in ["Cholestrol", "Total Billirubin", "Potasium", "Protien", "Triglycerid"] {
            assert_eq!(any(printed), None, "{printed}");
        }
        // Names known as read, and words too far from any catalog word, stay.
        assert_eq!(any("Iron"), None);
        assert_eq!(any("Fenian"), None, "Ferritin is further");
        assert_eq!(any("Cifonde"), None, "Chloride is further");
        // Only a test the row fits: none, or another than the nearest.
        assert_eq!(misread_name_fitting("Bron", |_| false), None);
        assert_eq!(misread_name_fitting("Bron", |b| b.key != "iron"), None);
    }

    #[test]
    fn a_name_misread_past_that_is_put_back_only_by_a_test_whose_reference_the_row_prints() {
        let fits = |key: &'static str| move |b: &crate::catalog::Biomarker| b.key == key;
        let beside = |n: &str, key| misread_name_beside_its_reference(n, fits(key));
        // Two letters off in a word of five, three in a long one.
        assert_eq!(misread_name_fitting("Owect Bilirubin", |_| true), None);
        assert_eq!(beside("Owect Bilirubin", "bilirubin_direct").as_deref(), Some("Direct Bilirubin"));
        assert_eq!(beside("Trighycenctes", "triglycerides").as_deref(), Some("Triglycerides"));
        // Not where the test the reference is does not have that name, nor a short word.
        assert_eq!(beside("Owect Bilirubin", "bilirubin_total"), None);
        assert_eq!(beside("Fes", "glucose_fasting"), None);
        // Not a name further still, nor one the catalog knows as read.
        assert_eq!(beside("Owxyz Bilirubin", "bilirubin_direct"), None);
        assert_eq!(beside("Direct Bilirubin", "bilirubin_direct"), None);
        // A lab's own misspelling stays, as the catalog knows it.
        assert_eq!(beside("Cholestrol", "cholesterol_total"), None);
    }

    #[test]
    fn a_name_that_lost_its_last_letters_gets_them_back_from_the_test_its_reference_is() {
        let fits = |key: &'static str| move |b: &crate::catalog::Biomarker| b.key == key;
        let cut = |n: &str, key| name_that_lost_its_end(n, fits(key));
        assert_eq!(cut("25-OH Vitamin :", "vitamin_d").as_deref(), Some("25-OH Vitamin D"));
        assert_eq!(cut("FT", "ft3").as_deref(), Some("FT3"));
        assert_eq!(cut("FT", "ft4").as_deref(), Some("FT4"));
        // Only the test the reference is: FT3 and FT4 both extend `FT`.
        assert_eq!(name_that_lost_its_end("FT", |_| true), None);
        assert_eq!(cut("FT", "tsh"), None);
        // Not a name known as read, one letter alone, nor more than two characters lost.
        assert_eq!(cut("Vitamin D", "vitamin_d"), None);
        assert_eq!(cut("T", "t3_total"), None);
        assert_eq!(cut("25-OH", "vitamin_d"), None);
        // Letters run on to the last word are a lab's spelling, not a loss.
        assert_eq!(cut("Platel", "platelet_count"), None);
    }

    #[test]
    fn names_the_catalog_knows_or_cannot_place_stay_as_read() {
        for name in [
            "Total Cholesterol",
            "A/G Ratio",
            "HbA1c",
            "Vitamin B12",
            "Widal IH",
            "RED CELL DISTRIBUTION WIDTH INDEX (RDW-I)",
        ] {
            assert_eq!(mend_misread_name(name), None, "{name}");
        }
    }

    #[test]
    fn a_letter_ocr_confuses_is_put_back() {
        assert_eq!(mend_misread("Caicium").as_deref(), Some("Calcium"));
        assert_eq!(mend_misread("Hemogiobin").as_deref(), Some("Hemoglobin"));
        assert_eq!(mend_misread("lron").as_deref(), Some("Iron"));
        assert_eq!(mend_misread("Het").as_deref(), Some("Hct"));
        assert_eq!(mend_misread("Lympn#").as_deref(), Some("Lymph#"));
        assert_eq!(mend_misread("HAEMOGLOB1N").as_deref(), Some("HAEMOGLOBIN"));
        assert_eq!(mend_misread("Platelcts,").as_deref(), Some("Platelets,"));
        assert_eq!(mend_misread("Chiorlde").as_deref(), Some("Chloride"));
        assert_eq!(mend_misread("Tron").as_deref(), Some("Iron"));
        assert_eq!(mend_misread("lol").as_deref(), Some("ldl"));
        assert_eq!(mend_misread("LoL").as_deref(), Some("LDL"));
        assert_eq!(mend_misread("TlBC").as_deref(), Some("TIBC"));
        assert_eq!(mend_misread("(Chemituminescence)").as_deref(), Some("(Chemiluminescence)"));
        assert_eq!(mend_misread("mcy").as_deref(), Some("mcv"));
        assert_eq!(mend_misread("Lvmphs").as_deref(), Some("Lymphs"));
    }

    #[test]
    fn a_letter_the_english_model_cannot_read_is_put_back_in_foreign_lab_words() {
        assert_eq!(mend_misread("Notrofil").as_deref(), Some("Nötrofil"));
        assert_eq!(mend_misread("Nétrofil%").as_deref(), Some("Nötrofil%"));
        assert_eq!(mend_misread("LOKOSIT").as_deref(), Some("LÖKOSIT"));
        assert_eq!(mend_misread("Nötrofil"), None);
        assert_eq!(mend_misread("Notrofilx"), None);
    }

    #[test]
    fn a_thin_letter_ocr_lost_is_put_back_in_long_words_only() {
        assert_eq!(mend_misread("Bazofl").as_deref(), Some("Bazofil"));
        assert_eq!(mend_misread("Hemogobin").as_deref(), Some("Hemoglobin"));
        // Short words, and letters other than a thin stroke, stay as printed.
        assert_eq!(mend_misread("Bazof"), None);
        assert_eq!(mend_misread("Cholestrol"), None);
        assert_eq!(mend_misread("Potasium"), None);
    }

    #[test]
    fn words_joined_by_a_hyphen_are_mended_one_by_one() {
        assert_eq!(mend_misread("HGB-Hemogiobin.").as_deref(), Some("HGB-Hemoglobin."));
        assert_eq!(mend_misread("WBC-Akyuvariar").as_deref(), Some("WBC-Akyuvarlar"));
        assert_eq!(mend_misread("RDW-SD"), None);
        assert_eq!(mend_misread("Anti-TPO"), None);
    }

    #[test]
    fn an_e_read_as_an_at_sign_is_an_e() {
        assert_eq!(mend_misread("@GFR").as_deref(), Some("eGFR"));
        assert_eq!(mend_misread("(@GFR,").as_deref(), Some("(eGFR,"));
        // …or a stray `@` beside a name.
        assert_eq!(mend_misread("e@GFR").as_deref(), Some("eGFR"));
        assert_eq!(mend_misread("@HDL").as_deref(), Some("HDL"));
        assert_eq!(mend_misread("@Xyzzy"), None);
    }

    #[test]
    fn a_speck_read_as_a_letter_before_a_name_is_dropped() {
        assert_eq!(mend_misread("fHematocrit").as_deref(), Some("Hematocrit"));
        assert_eq!(mend_misread("(fHematocrit)").as_deref(), Some("(Hematocrit)"));
        // …or a footnote mark after an abbreviation.
        assert_eq!(mend_misread("RBCe").as_deref(), Some("RBC"));
        assert_eq!(mend_misread("MCHe").as_deref(), Some("MCH"));
        assert_eq!(mend_misread("HbA1c"), None);
        assert_eq!(mend_misread("QXZe"), None);
        // Only before a capitalised catalog word: `pH`, `mEq` and `eGFR` are as printed.
        for word in ["pH", "mEq", "eGFR", "xHemo"] {
            assert_eq!(mend_misread(word), None, "{word}");
        }
    }

    #[test]
    fn letters_a_photo_runs_together_or_breaks_apart_are_put_back() {
        assert_eq!(mend_misread("Triglycendes").as_deref(), Some("Triglycerides"));
        assert_eq!(mend_misread("Chionde").as_deref(), Some("Chloride"));
        // An `li` whose strokes a blur joined at their feet, read as a `u`.
        assert_eq!(mend_misread("Upase").as_deref(), Some("Lipase"));
        // An abbreviation the catalog prints in capitals is given in capitals.
        let tibc = |b: &super::super::Biomarker| b.key == "tibc";
        assert_eq!(misread_name_fitting("Tiec", tibc).as_deref(), Some("TIBC"));
        assert_eq!(mend_misread("Aminotranstferase").as_deref(), Some("Aminotransferase"));
        assert_eq!(mend_misread("Aminotransterase").as_deref(), Some("Aminotransferase"));
        assert_eq!(mend_misread("Calcrum").as_deref(), Some("Calcium"));
        assert_eq!(mend_misread("Cholestero!").as_deref(), Some("Cholesterol"));
        assert_eq!(mend_misread("Cholestero,").as_deref(), Some("Cholesterol,"));
        assert_eq!(mend_misread("Inorgamic").as_deref(), Some("Inorganic"));
        assert_eq!(mend_misread("Globukn").as_deref(), Some("Globulin"));
        assert_eq!(mend_misread("Creatinene").as_deref(), Some("Creatinine"));
        assert_eq!(mend_misread("Biliruben").as_deref(), Some("Bilirubin"));
        assert_eq!(mend_misread("Netrogen").as_deref(), Some("Nitrogen"));
        // A short word too, when the stroke is its last letter.
        assert_eq!(mend_misread("Tota!").as_deref(), Some("Total"));
        assert_eq!(mend_misread("TOTA!").as_deref(), Some("TOTAL"));
        // A lab's misspelling is more than a photo's misreading: it stays as printed.
        for word in ["Cholestrol", "Billirubin", "Protien", "Potasium", "Triglycerid", "Eosoniphils", "Creatinin"] {
            assert_eq!(mend_misread(word), None, "{word}");
        }
    }

    #[test]
    fn a_cost_under_the_cap_is_found_past_a_row_it_skips() {
        // `cl` read for `d` in one step: every cell after the `c` alone costs a whole letter.
        let (read, word) = (['c', 'l'], ['d']);
        assert_eq!(misreading_cost(&read, &word, f32::INFINITY), 0.5);
        assert_eq!(misreading_cost(&read, &word, 0.5), 0.5);
        assert_eq!(misreading_cost(&read, &word, 0.4), f32::INFINITY);
    }

    #[test]
    fn rn_read_for_m_is_put_back() {
        assert_eq!(mend_misread("Alburnin").as_deref(), Some("Albumin"));
    }

    #[test]
    fn catalog_words_and_lab_misspellings_stay_as_printed() {
        for word in ["Calcium", "HCT", "Cholestrol", "Potasium", "Billirubin", "Iron", "Neutrophils"] {
            assert_eq!(mend_misread(word), None, "{word}");
        }
    }

    #[test]
    fn other_words_numbers_and_codes_are_left_alone() {
        for word in [
            "Patient",
            "Doctor",
            "13.5",
            "10^3/uL",
            "A1",
            "mg/dL",
            "Ref.",
            "",
            "—",
            "Bangalore",
            "é",
            "|é",
            "Ölçüm",
            "µg/L",
        ] {
            assert_eq!(mend_misread(word), None, "{word}");
        }
    }

    proptest::proptest! {
        #[test]
        fn any_word_is_handled_without_a_panic(word in "\\PC{0,12}") {
            let _ = mend_misread(&word);
        }

        /// Letters OCR joins, splits and confuses, so that the cheap ways (`rn` for `m`, which
        /// reads two letters in one step) are often the only ones under the cap.
        #[test]
        fn a_capped_cost_is_the_cost_or_above_the_cap(
            read in "[rinmlhcdvwtuo]{0,8}",
            word in "[rinmlhcdvwtuo]{0,8}",
            cap in proptest::sample::select(vec![0.0f32, 0.3, 0.5, 0.8, 1.0, 1.2, 1.5, 2.0]),
        ) {
            let (read, word): (Vec<char>, Vec<char>) = (read.chars().collect(), word.chars().collect());
            let cost = misreading_cost(&read, &word, f32::INFINITY);
            let capped = misreading_cost(&read, &word, cap);
            if cost <= cap {
                proptest::prop_assert_eq!(capped, cost);
            } else {
                proptest::prop_assert!(capped > cap, "{} capped at {} gave {}", cost, cap, capped);
            }
        }
    }

    #[test]
    fn more_substitutions_than_a_misreading_makes_are_not_a_match() {
        // Three confusions in a long word, two in a short one: too far to be sure.
        assert_eq!(mend_misread("Hcrnogiobin"), None);
        assert_eq!(mend_misread("lr0n"), None);
    }

    #[test]
    fn a_misreading_of_two_catalog_words_is_left_alone() {
        // `PLT` and `PTT` are one shape (`t` is among the strokes OCR confuses): `P1T` could be
        // either, so it stays as read.
        assert_eq!(mend_misread("P1T"), None);
        assert_eq!(mend_misread("PLT"), None);
    }
}
