//! One line as a result: its name cells, a value, then flag, unit and reference in any
//! order, with references printed in tiers or split by sex across cells.

use super::*;

/// Binary tests printed as a name and one word, with no unit or range, one or two to a line
/// as urine panels print them ("Bilirubin Negative", "Protein Negative  Casts Negative"). Every
/// word of the line must belong to such a pair, so a sentence that mentions a result is not one.
pub(super) fn binary_results(cells: &[Cell]) -> Vec<(String, ResultValue)> {
    let text = cells.iter().map(|c| c.text.as_str()).collect::<Vec<_>>().join(" ");
    // Two-word results ("Non Reactive", "Not Detected") are one word here.
    let raw: Vec<&str> = text.split_whitespace().collect();
    let mut words: Vec<String> = Vec::new();
    let mut i = 0;
    while i < raw.len() {
        let two = raw.get(i + 1).map(|next| format!("{} {next}", raw[i]));
        match two.filter(|t| qualitative_word(t).is_some()) {
            Some(t) => {
                words.push(t);
                i += 2;
            }
            None => {
                words.push(raw[i].to_string());
                i += 1;
            }
        }
    }
    let mut pairs = Vec::new();
    let mut name: Vec<&str> = Vec::new();
    for word in &words {
        let word = word.as_str();
        let binary = qualitative_word(word).filter(|q| is_negative_result(q) || is_positive_result(q));
        match binary {
            Some(_) if !name.is_empty() => {
                let joined = name.join(" ");
                let clean = joined.trim_start_matches(['-', '~', '*', '.', '•']).trim_end_matches([':', '-']).trim();
                // A method column between name and result (`Glucose (Urine)  HPLC  Absent`).
                let clean = drop_method(clean);
                let Some(value) = parse_value(word) else { return Vec::new() };
                if name.len() > 4 || !name_ok(clean) || !clean.starts_with(char::is_alphabetic) {
                    return Vec::new();
                }
                // A reference's label under a row, its colon lost (`Reterence Range  Negative`,
                // `Bao. Ret. interval  Negative`); after a result on the line, that result's
                // reference (`HBsAg - Non Reactive  Ret fange Non Reactive`).
                if clean.split_whitespace().all(names_reference) || is_reference_label(clean) {
                    return pairs;
                }
                // `Blood Group  B Positive`: the group belongs to the result, read by eye.
                if let Some((head, last)) = clean.rsplit_once(' ')
                    && matches!(last, "A" | "B" | "AB" | "O")
                    && crate::catalog::lookup(head).is_some_and(|b| b.key == "blood_group")
                {
                    return Vec::new();
                }
                pairs.push((clean.to_string(), value));
                name.clear();
            }
            Some(_) => return Vec::new(),
            // A result in words that is neither (`Protein  Trace  Negative`): the binary word
            // after it is its reference, and the line is the table reader's.
            None if !name.is_empty() && qualitative_word(word).is_some() => return Vec::new(),
            None => name.push(word),
        }
    }
    if name.is_empty() { pairs } else { Vec::new() }
}

/// A row of a name and a result alone, without unit, range or flag (binary results and
/// results read by eye).
pub(super) fn word_row(name: String, value: ResultValue, page: u32, bbox: BBox) -> LabRow {
    LabRow { name, value, unit: None, range: None, range_text: None, flag: None, page, bbox }
}

/// A test the catalog knows as read by eye, with a result in words
/// (`RBC Morphology : Microcytosis, Hypochromasia`, `Urine Colour  Straw coloured`): the name before a
/// colon or in the first cell, and the words after it as printed.
pub(super) fn descriptive_result(cells: &[Cell]) -> Option<(String, ResultValue)> {
    let text = cells.iter().map(|c| c.text.trim()).collect::<Vec<_>>().join(" ");
    // Without a colon, one word after a name may be the rest of a heading (`BLOOD  INDICES`).
    let (name, words) = match text.split_once(':') {
        Some((name, words)) => (name.trim().to_string(), words.trim()),
        None if cells.len() >= 2 => {
            let words = text[cells[0].text.trim().len()..].trim();
            if words.split_whitespace().count() < 2 {
                return None;
            }
            (clean_name(&cells[..1]), words)
        }
        None => return None,
    };
    let known = crate::catalog::lookup(&name)?;
    // Nor the rest of a longer test's name, its result lost (`Blood  Urea` of `Blood Urea
    // Nitrogen`).
    if crate::catalog::lookup(&format!("{name} {words}")).is_some_and(|longer| longer.key != known.key) {
        return None;
    }
    let words = words.trim_end_matches('.').trim();
    let by_eye = known.unit.is_empty() && known.plausible.is_none();
    let wordy = words.chars().filter(|c| c.is_alphabetic()).count() >= 3
        && !words.chars().any(|c| c.is_ascii_digit())
        && words.len() <= 120;
    if !by_eye || !wordy || !name_ok(&name) {
        return None;
    }
    let value = ResultValue {
        text: words.to_string(),
        number: None,
        qualifier: None,
        qualitative: qualitative_word(words),
        flag: None,
    };
    Some((name, value))
}

/// The method a lab prints in parentheses on the line under a test's name, in the name column
/// ("(Immunoturbidimetry)"), or the rest of a name wrapped inside its parentheses
/// (`TIBC (Total Iron Binding` then `Capacity)`): it belongs to that name, as the lab's name
/// cell holds both lines. The reference column may go on beside it (`(Chemiluminescence)
/// 5-148 ng/ml women`), but no value.
pub(super) fn method_below(cells: &[Cell], bbox: BBox, row: Option<&LabRow>) -> Option<String> {
    let row = row?;
    let (cell, rest) = cells.split_first()?;
    if rest.iter().any(|c| parse_value(&c.text).is_some()) {
        return None;
    }
    let text = cell.text.trim();
    let h = row.bbox.height().max(1.0);
    let open = row.name.matches('(').count() > row.name.matches(')').count();
    let inner = match text.strip_prefix('(') {
        Some(rest) => rest.strip_suffix(')')?,
        None if open => text.strip_suffix(')')?,
        None => return None,
    };
    let wordy = inner.chars().any(char::is_alphabetic) && !inner.contains(['(', ')']) && inner.len() <= 40;
    let aligned = (cell.x0 - row.bbox.x0).abs() < 1.5 * h;
    let close = bbox.y0 - row.bbox.y1 < 1.2 * h;
    (wordy && aligned && close).then(|| text.to_string())
}

/// What one line says, before it is placed on the page.
pub(super) struct ParsedLine {
    pub(super) name: String,
    pub(super) value: ResultValue,
    pub(super) flag: Option<Flag>,
    pub(super) unit: Option<String>,
    pub(super) range: Option<RefRange>,
    pub(super) range_text: Option<String>,
    pub(super) bold: bool,
    /// Where the reference cell starts and its text: the range, or a tier the parser could not
    /// take alone (`Deficiency : < 20`), which the lines below may continue.
    pub(super) reference_cell: Option<(f32, f32, String)>,
}

/// Tiers of a reference printed on several lines, one tier a line (`Normal: up to 200`,
/// `Borderline: 200-240`), as one text. A line that ends in words rather than a number
/// wrapped its tier's label (`ND:70-126 Impaired fasting` over `blood sugar: 101-126`), so the
/// next line goes on from it; not one whose words follow a colon after its range, the label
/// printed after the range (`>= 180 : High` over `150 - 179 : Borderline High`).
pub(super) fn join_tiers(texts: &[String]) -> String {
    let mut joined = String::new();
    for text in texts {
        if !joined.is_empty() {
            let after_number = joined.rsplit(|c: char| c.is_ascii_digit()).next().unwrap_or("");
            // (A tier that starts with its range starts a tier, whatever ends the one before:
            // `(0.30 - 1.20) Male` over `(0.27 - 1.08) : Female`, a colon lost.)
            let range_first =
                text.trim_start_matches('(').starts_with(|c: char| c.is_ascii_digit() || matches!(c, '<' | '>'));
            let wrapped = joined.ends_with(char::is_alphabetic)
                && !range_first
                && !joined.ends_with(|c: char| c.is_ascii_uppercase())
                && !after_number.contains(':')
                && joined.rsplit(' ').next().is_some_and(|w| !w.contains('/'));
            joined.push_str(if wrapped { " " } else { "; " });
        }
        joined.push_str(text);
    }
    joined
}

/// A tier of a reference printed as a label and a range without a colon (`Deficient <20`,
/// `Sufficient 30 - 100`), with the colon put in (`Deficient: <20`).
pub(super) fn labelled_tier(text: &str) -> Option<String> {
    let t = text.trim();
    let at = t.find(|c: char| c.is_ascii_digit() || matches!(c, '<' | '>' | '\u{2264}' | '\u{2265}' | '('))?;
    let (label, rest) = t.split_at(at);
    // (A photo's speck before the label is no part of it: `= Children 69-86`.)
    let label = label.trim().trim_start_matches(['=', '~', '\u{ab}', '\u{bb}', '\u{2018}', '\'', '`']).trim();
    let words = label_words(label) && label.chars().filter(|c| c.is_alphabetic()).count() >= 3;
    // Words that are part of a range (`Up to 40`, `Less than 5`) label no tier.
    let lower = label.to_lowercase();
    let ranged = ["up to", "upto", "less than", "more than", "greater than", "below", "above", "under", "over", "till"]
        .iter()
        .any(|w| lower.ends_with(w));
    let words = words && !ranged;
    (words && parse_range(rest, None).is_some()).then(|| format!("{label}: {}", rest.trim()))
}

/// Whether `text` is shaped like a tier of a reference, perhaps one that does not parse as a
/// range alone: a label and a colon with a number (`Deficiency : < 20`, `Child : 4-32`), or a
/// label before a range without one (`Men (8 - 61)`, [`labelled_tier`]).
pub(super) fn tier_shaped(text: &str) -> bool {
    (text.contains(':') && text.chars().any(|c| c.is_ascii_digit()))
        || labelled_tier(text).is_some()
        || semicolon_tier(text)
}

/// Whether `text` is a tier whose label's colon OCR read as a semicolon (`Children ; (1.1 -
/// 2.1)`): words, the semicolon, a range.
pub(super) fn semicolon_tier(text: &str) -> bool {
    text.split_once(';').is_some_and(|(label, range)| label_words(label.trim()) && parse_range(range, None).is_some())
}

/// Whether `text` is a tier of a reference under a label in words, before or after its range
/// (`Child : 4-32`, `Men (8 - 61)`, `< 150 : Optimal`).
pub(super) fn worded_tier(text: &str) -> bool {
    let words = |l: &str| label_words(l.trim());
    labelled_tier(text).is_some()
        || text.split_once(':').is_some_and(|(label, range)| words(label) && parse_range(range, None).is_some())
        || text.rsplit_once(':').is_some_and(|(range, label)| words(label) && parse_range(range, None).is_some())
}

/// The label after a tier's range that a photo set apart in a cell of its own (`74.7 to 90.9`
/// `: Women`), joined to the range's cell as a text layer prints them: the last of `cells`,
/// after the name's and the range's.
pub(super) fn join_label_after_range(cells: &mut Vec<Cell>) {
    if let [_, .., range, label] = cells.as_mut_slice()
        && let Some(words) = colon_label(&label.text)
        && range.text.contains(|c: char| c.is_ascii_digit())
        && parse_range(range.text.trim(), None).is_some()
    {
        range.text = format!("{} : {words}", range.text.trim());
        range.x1 = label.x1;
        cells.pop();
    }
}

/// Whether `word` is one of [`TIER_WORDS`], in any case.
pub(super) fn tier_word(word: &str) -> bool {
    TIER_WORDS.contains(&word.to_lowercase().as_str())
}

/// Whether `text` is the first tier of a reference whose range a scan damaged past reading: a
/// tier's label, its colon, and a bracket, comparison or number after it that is no range
/// (`Children : (4 - :` for `Children : (4 - 19)`, `Normal : >= :`, `Deficiency : : 20.0`).
/// Not a name's words before a colon (`Method : 4`). Its colon may be lost too where a bracket
/// follows the label (`Child (9.65 1,38),` for `Child : (0.65 - 1.36)`).
pub(super) fn damaged_tier(text: &str) -> bool {
    let Some((label, rest)) = text.split_once(':').or_else(|| text.find('(').map(|at| text.split_at(at))) else {
        return false;
    };
    let label = label.trim();
    label_words(label)
        && (label.split_whitespace().all(tier_word) || labels_a_sex(label))
        && rest
            .trim_start()
            .starts_with(|c: char| c.is_ascii_digit() || matches!(c, '(' | '<' | '>' | ':' | '\u{2264}' | '\u{2265}'))
        && parse_range(rest, None).is_none()
}

/// The tiers of a reference (`texts`, one a line) that do not read as a range together,
/// without the first where a scan damaged it past reading ([`damaged_tier`]): `Children : (4 -
/// :` over `Adults : (6 - 24)` is the adults' range. The rest is read as any tiers are, so a
/// damaged adults' or normal tier leaves none (`Adult : (40 - :` over `Children : (28 - 48)`
/// is not the children's range).
pub(super) fn without_damaged_tier(texts: &[String], sex: Option<Sex>) -> &[String] {
    match texts {
        [first, rest @ ..]
            if !rest.is_empty() && damaged_tier(first) && parse_range(&join_tiers(texts), sex).is_none() =>
        {
            rest
        }
        _ => texts,
    }
}

/// Reads one line as a result: name cells, a value, then flag, unit and range in any order.
pub(super) fn read_line(cells: &[Cell], sex: Option<Sex>, columns: Columns) -> Option<ParsedLine> {
    let method_x = columns.method_x;
    // (A unit is no earlier result: a photo's tilt can set a narrow one, `%`, left of its
    // column's header, under the earlier results'; so is a word that is no result reaching
    // past the earlier results' column, a misread unit set at its header's edge, `mg/dt`.)
    let earlier = |c: &Cell| {
        let past = columns.previous.is_some_and(|(_, x1)| c.x1 > x1);
        columns.in_previous(c)
            && !((crate::catalog::is_known_unit(c.text.trim()) || past) && parse_value(&c.text).is_none())
    };
    let kept: Vec<Cell> = cells
        .iter()
        .filter(|c| !earlier(c))
        .flat_map(|c| split_at_value_column(c, columns, sex))
        .flat_map(|c| split_misread_unit(c, columns))
        .collect();
    let cells = kept.as_slice();
    // A cell of a flag alone (`High`, `L`).
    let flag_cell = |c: &Cell| !c.text.trim().contains(' ') && parse_flag(c.text.trim()).is_some();
    let mut vi = (1..cells.len())
        .find(|&i| cells[i].value().is_some() && cells[..i].iter().any(|c| c.text.chars().any(char::is_alphabetic)))?;
    let mut moved = false;
    // A reference is printed once: with another after the value, ranges before it are the
    // tiers of a table (`Extreme (A)  >=50  >=80  <50`), not a reference before a result.
    let ranges_in = |among: &[Cell]| {
        among.iter().any(|c| c.text.chars().any(|ch| ch.is_ascii_digit()) && parse_range(&c.text, sex).is_some())
    };
    let range_after = |i: usize| ranges_in(&cells[i + 1..]);
    // Under a header whose result column comes after the reference's (`Test  Ref. Range
    // Value  Unit`), a reference left of the result column shaped like a result (`0-2`,
    // `Negative`) is no result.
    // So is the high bound of a reference cut at its dash (`Female: 4000 -`  `11000`).
    let range_end = |i: usize| {
        cells[i - 1].text.trim_end().ends_with('-')
            && cells[i - 1].text.chars().any(|c| c.is_ascii_digit())
            && cells[i].value().is_some_and(|v| v.number.is_some() && v.qualifier.is_none())
    };
    // So is a number under the header before the result's (a reference whose dash a photo
    // lost, `1-6` read `16`), where a number stands under the result's header.
    let digits_only = |c: &Cell| {
        c.text.trim().chars().all(|ch| ch.is_ascii_digit())
            && columns.before_value.is_some_and(|x| c.mid_x() >= x - 2.0)
    };
    // So is a cell of two numbers or more under that header, a reference a photo damaged past
    // reading (`Male ; 36.0 : 45.0`, `Mle 36.0 # 45.0`).
    let damaged_under_reference = |c: &Cell| {
        let numbers = c
            .text
            .split(|ch: char| !ch.is_ascii_digit() && ch != '.')
            .filter(|run| run.starts_with(|ch: char| ch.is_ascii_digit()))
            .count();
        numbers >= 2 && columns.before_value.is_some_and(|x| c.mid_x() >= x - 2.0)
    };
    // So is the low bound of a reference a scan cut at its dash (`2.6`  `- 24.9 uIU/mL`).
    let range_start = |i: usize| {
        cells.get(i + 1).is_some_and(|next| {
            next.text
                .trim_start()
                .strip_prefix(['-', '\u{2013}'])
                .is_some_and(|r| r.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        })
    };
    // So is a lone digit before that header, a speck a photo read as one (`INR  2  0.80 -
    // 1.20: Adult  0.88`).
    let speck = |c: &Cell| {
        let t = c.text.trim();
        t.len() == 1 && t.chars().all(|ch| ch.is_ascii_digit()) && columns.before_value.is_some_and(|x| c.x1 < x)
    };
    if let Some((start, _)) = columns.value
        && cells[vi].x1 < start
        && (parse_range(&cells[vi].text, sex).is_some()
            // (Or a reference's first tier, `High >= 240`, a flag and a bound as a result.)
            || worded_tier(&cells[vi].text)
            || cells[vi].value().is_some_and(|v| v.qualitative.is_some())
            || range_end(vi)
            || digits_only(&cells[vi])
            || damaged_under_reference(&cells[vi])
            || speck(&cells[vi])
            || range_start(vi))
        && let Some(later) = (vi + 1..cells.len()).find(|&i| {
            // (A result below or above the assay's limit, `<2.1`, but not a tier's bound, `>=80`.)
            let plain = |v: ResultValue| matches!(v.qualifier, None | Some(Qualifier::Less | Qualifier::Greater));
            let number = |v: &ResultValue| v.number.is_some() || !digits_only(&cells[vi]);
            // Under the result's header, or reaching into it: a short number at the foot of a
            // photo's column can stand a little left of where the drift puts its header.
            // Or set right of a result set right, its flag under the header (`28 High` under
            // `Value`, the `28` short of where the header starts).
            let flag_under = cells.get(i + 1).is_some_and(|f| {
                let letter = (cells[i].x1 - cells[i].x0) / cells[i].text.trim().chars().count().max(1) as f32;
                flag_cell(f) && columns.in_value(f) && f.x0 - cells[i].x1 < 2.0 * letter
            });
            let under = columns.in_value(&cells[i]) || (cells[i].x1 > start + 2.0 && cells[i].x0 < start) || flag_under;
            under && cells[i].value().is_some_and(|v| number(&v) && plain(v))
        })
        && !range_after(later)
        // Nor a tier's bound between them (`Extreme (A)  >=50  >=80  <50`); the reference
        // stands between a speck and the result.
        && (speck(&cells[vi]) || !ranges_in(&cells[vi + 1..later]))
    {
        vi = later;
        moved = true;
    }
    // Under a header, a number right of the result column is a reference (`LIPOPROTEIN(a)
    // mg/dL  <20` with its result cell empty); so is a reference's low bound left of it with
    // no result under it (`Fasting Insulin  2.6  - 24.9 uIU/mL`, the result lost).
    let bound_before_result = columns.value.is_some_and(|(start, _)| cells[vi].x1 < start) && range_start(vi);
    if columns.after_value(&cells[vi]) || (!moved && bound_before_result) {
        return None;
    }
    // Cells in the method column are not part of the name: those centred right of where its
    // header starts (a scan puts a method a pixel or two left of its header).
    let mut name_cells: Vec<Cell> = cells[..vi]
        .iter()
        .enumerate()
        .filter(|(i, c)| *i == 0 || method_x.is_none_or(|mx| c.x0 < mx - 2.0 && c.mid_x() < mx))
        .filter(|(i, c)| *i == 0 || !(moved && speck(c)))
        .map(|(_, c)| c.clone())
        .collect();
    // A flag column before the value (`RBC  L  2.99`, `MCHC  Low  30.5`): a cell holding only
    // H or L, High or Low; asked again once a unit column between them is taken (`MCH  Low  pg
    // 26.2`).
    let take_flag = |name_cells: &mut Vec<Cell>| match name_cells.as_slice() {
        [_, .., last] if matches!(last.text.trim().to_ascii_lowercase().as_str(), "h" | "l" | "high" | "low") => {
            let f = parse_flag(last.text.trim());
            name_cells.pop();
            f
        }
        _ => None,
    };
    let mut column_flag = take_flag(&mut name_cells);
    // A unit column before the result (`Test  Units  Result  Reference`): a last cell before it
    // shaped like a unit (a word the catalog knows may be the name's: `Index`), and no range,
    // is the unit, not the name's; asked again once a reference before the result is taken
    // (`Test  Units  Reference  Result`). Only before a plain number, or one under the result's
    // header: a unit and a bound, `mg/dL  <200`, are a reference.
    let plain_result = cells[vi]
        .value()
        .is_some_and(|v| v.number.is_some() && (v.qualifier.is_none() || columns.in_value(&cells[vi])));
    // Under a unit column's header, a word or two with a letter is the unit however a photo
    // misread it (`mUmin1.73m2`, `feumm`), or three short ones (`men ist hr` for `mm/1st hr`).
    let under_unit = |c: &Cell| {
        let t = c.text.trim();
        let words = t.split_whitespace().count();
        columns.unit_before.is_some_and(|(x0, x1)| (x0..x1).contains(&c.mid_x()))
            && t.contains(char::is_alphabetic)
            && (words <= 2 || (words == 3 && t.chars().count() <= 12))
    };
    let take_unit = |name_cells: &mut Vec<Cell>| match name_cells.as_slice() {
        [_, .., last]
            if plain_result && {
                let t = last.text.trim();
                ((unit_shaped(t) && !words_not_unit(t)) || under_unit(last)) && parse_range(t, sex).is_none()
            } =>
        {
            name_cells.pop().map(|c| mend_unit(c.text.trim()))
        }
        _ => None,
    };
    // A unit column, then a bound with its unit (`mg/L  <= 5.0 mg/L  0.8`): the bound's unit is
    // the reference's, the column's the result's.
    if let [.., unit, _, _] = name_cells.as_slice()
        && unit_shaped(unit.text.trim())
    {
        join_bound_and_unit(&mut name_cells, sex);
    }
    let mut unit_before = take_unit(&mut name_cells);
    if unit_before.is_some() && column_flag.is_none() {
        column_flag = take_flag(&mut name_cells);
    }
    // A reference printed before the result (`Test  Ref. Range  Value  Unit`): the last cell
    // before the value, a range with a number, is no part of the name.
    // Moved past a reference in words (`Colour  Pale Yellow  Yellow`), that is the reference.
    let mut range: Option<(RefRange, String)> = None;
    let mut reference_cell: Option<(f32, f32, String)> = None;
    let mut reference_note: Option<String> = None;
    let mut tier_first = false;
    join_bound_and_unit(&mut name_cells, sex);
    join_label_after_range(&mut name_cells);
    if name_cells.len() >= 2
        && !range_after(vi)
        && let Some(last) = name_cells.last().cloned()
        && (moved || last.text.chars().any(|c| c.is_ascii_digit()) || damaged_tier(&last.text))
    {
        let text = last.text.trim().to_string();
        match parse_range(&text, sex).filter(|r| moved || r.low.is_some() || r.high.is_some()) {
            Some(r) => {
                range = Some((r, text.clone()));
                reference_cell = Some((last.x0, last.x1, text));
            }
            // The first tier of a reference printed a tier a line (`Children (58.1 - 80.8)`
            // over `Adults (83.0 - 101.0)`), which the lines below go on.
            None if worded_tier(&text) || damaged_tier(&text) => {
                tier_first = true;
                reference_cell = Some((last.x0, last.x1, text));
            }
            None if moved => reference_note = Some(text),
            // A reference a photo damaged past reading, under the reference's header before the
            // result's (`Male ; 36.0 : 45.0`): no part of the name, and its tiers may go on below.
            None if damaged_under_reference(&last) => {
                tier_first = true;
                reference_note = Some(text.clone());
                reference_cell = Some((last.x0, last.x1, text));
            }
            None => {}
        }
        if range.is_some() || moved || tier_first {
            name_cells.pop();
        }
        // A reference by sex that a scan set apart in cells (`Male: 25 to 90; Female:`  `28 to
        // 100 U/L`, or `M`  `9.9 to 12.2 F: 11.0 to 13.5`), or tiers set apart (`Desirable: <
        // 150; Borderline: 150-180;`  `High: >= 180`, whose last cell alone is no normal
        // range): the cells before its last that hold its numbers or a sex's label are the
        // reference too, not the name.
        let popped = range.is_some() || moved || tier_first;
        let body = if popped { name_cells.len() } else { name_cells.len() - 1 };
        // (Not a reference in words the result was moved past: `Pale Yellow`.)
        let in_words = moved && range.as_ref().is_some_and(|(r, _)| r.low.is_none() && r.high.is_none());
        if !in_words {
            let joined = |k: usize| {
                let mut parts: Vec<&str> = name_cells[k..body].iter().map(|c| c.text.trim()).collect();
                parts.push(last.text.trim());
                parts.join(" ")
            };
            // (A tier's label a cell of its own is part of it too: `Desirable:`  `< 150;
            // Borderline:`  `150-180; High: >= 180`.)
            let tier_label = |c: &Cell| {
                let label = c.text.trim().trim_end_matches(':');
                c.text.trim().ends_with(':') && !label.trim().is_empty() && label.split_whitespace().all(tier_word)
            };
            // (Not a unit's cell before it, `x10^3/uL` or `mm/1st hr` with their digits, in a
            // unit column before the reference's.)
            // (Or one a scan misread, a word of letters and digits with a slash: `x10°3/uL`.)
            let unit_cell = |c: &Cell| {
                let t = c.text.trim();
                crate::catalog::is_known_unit(t)
                    || (t.starts_with(char::is_alphabetic) && t.contains('/') && !t.contains([' ', ':']))
            };
            if let Some(k) = (1..body)
                .find(|&k| name_cells[k..body].iter().all(|c| (reference_part(c) && !unit_cell(c)) || tier_label(c)))
                && let text = joined(k)
                && (labels_a_sex(&text) || labels_tiers(&text))
                // (Or only the other sex's range on the line, `FT4  Male:  0.84 to 1.53` over
                // `Women: 0.93 to 1.70`: the reference still, whose range for the sex the
                // report prints the line below gives.)
                && let Some(r) = parse_range(&text, sex)
                    .map(Some)
                    .or_else(|| {
                        let other = |s: Sex| sex.is_some_and(|own| own != s) && parse_range(&text, Some(s)).is_some();
                        [Sex::Male, Sex::Female].into_iter().any(other).then_some(None)
                    })
            {
                range = r.map(|r| (r, text.clone()));
                reference_cell = Some((name_cells[k].x0, last.x1, text));
                reference_note = None;
                name_cells.truncate(k);
            }
        }
    }
    // The words naming that reference, a cell of their own where a scan left a gap after them
    // (`PT  Ref:  11.0 to 13.5 sec  12.3`), are the reference's, not the name's.
    if let (Some((_, text)), Some((x0, _, cell_text))) = (range.as_mut(), reference_cell.as_mut())
        && name_cells.len() >= 2
        && let Some(label) = name_cells.last()
        && label.text.split_whitespace().all(reference_word)
    {
        *text = format!("{} {text}", label.text.trim());
        *cell_text = format!("{} {cell_text}", label.text.trim());
        *x0 = label.x0;
        name_cells.pop();
    }
    if unit_before.is_none() && (range.is_some() || reference_cell.is_some()) {
        unit_before = take_unit(&mut name_cells);
    }
    let name = clean_name(&name_cells);
    // A marked flag printed before the value ("TSH H* 9.07") is not part of the name.
    let (name, name_flag) = split_marked_flag(&name);
    if !name_ok(&name) {
        return None;
    }
    let mut value = cells[vi].value()?;
    // A number with a full stop, then words, ends a sentence (`2010.  Dietary reference` in a
    // citation); after a result a stop is a speck only at the end of the line or before the
    // unit or range, perhaps with the flag between (`123.  High  U/L`).
    let after_flag = vi + 1 + usize::from(cells.get(vi + 1).is_some_and(flag_cell));
    if cells[vi].text.trim_end().ends_with('.')
        && parse_value(&cells[vi].text).is_none()
        && cells.get(after_flag).is_some_and(|next| !unit_shaped(&next.text) && parse_range(&next.text, sex).is_none())
    {
        return None;
    }
    let bold = cells[vi].bold;
    let mut flag = value.flag.or(name_flag).or(column_flag);
    let mut unit: Option<String> = unit_before;
    let after_value = &cells[vi + 1..];
    // A reference printed before the result (a `Reference Range` column left of `Results`),
    // or its first tier: the unit's place is then after the result.
    let range_before = range.is_some() || tier_first;
    // Cells already taken into the one before them.
    let mut taken_until = 0;
    // A cell with digits that was read as nothing: a reference damaged past reading.
    let mut unread_reference = false;
    // One that holds two numbers and little between them: a range read past its shape.
    let mut damaged_range = false;
    for (i, cell) in after_value.iter().enumerate() {
        if i < taken_until {
            continue;
        }
        let t = cell.text.trim();
        // A comparison set apart from its bound (`<   100` on a scan) is one reference.
        if range.is_none()
            && is_comparison(t)
            && let Some(next) = after_value.get(i + 1)
            && let text = format!("{t} {}", next.text.trim())
            && let Some(r) = parse_range(&text, sex)
        {
            range = Some((r, text.clone()));
            reference_cell = Some((cell.x0, next.x1, text));
            taken_until = i + 2;
            continue;
        }
        // A reference by sex that a photo's OCR cut into cells (`Male:`  `0.93-1.70 ng/dL;
        // Female:`  `0.84-1.53`): the cells from a sex's label on that hold its numbers or a
        // label, read together.
        if range.is_none()
            && reference_note.is_none()
            && labels_a_sex(t)
            && let Some((text, used)) = sexes_set_apart(t, &after_value[i + 1..])
        {
            taken_until = i + 1 + used;
            match parse_range(&text, sex) {
                Some(r) if sex.is_some() || sex_ranges(&text).is_none() => {
                    range = Some((r, text.clone()));
                    reference_cell = Some((cell.x0, after_value[i + used].x1, text));
                }
                _ => reference_note = Some(text),
            }
            continue;
        }
        // A range set apart at its dash (`136`  `-`  `145`, or `136`  `-145`, on a scan).
        if range.is_none()
            && ((t.starts_with(|c: char| c.is_ascii_digit()) && parse_value(t).is_some_and(|v| v.number.is_some()))
                || open_range(t))
            && let Some((r, text, used)) = range_set_apart(t, &after_value[i + 1..], sex)
        {
            range = Some((r, text.clone()));
            reference_cell = Some((cell.x0, after_value[i + used].x1, text));
            taken_until = i + 1 + used;
            continue;
        }
        // A count's multiplier set apart from the rest of its unit (`X`  `103 / pL`).
        if unit.is_none() && matches!(t, "x" | "X" | "\u{d7}") {
            let mut whole = t.to_string();
            let mut used = 0;
            for n in after_value[i + 1..].iter().map(|c| c.text.trim()).take(3) {
                let complete = whole.contains('/') && !whole.ends_with('/');
                if (complete && !n.starts_with('/'))
                    || (used == 0 && !n.starts_with("10"))
                    || parse_range(n, sex).is_some()
                {
                    break;
                }
                whole.push(' ');
                whole.push_str(n);
                used += 1;
            }
            if used > 0 && whole.contains('/') && !whole.ends_with('/') {
                taken_until = i + 1 + used;
                unit = Some(mend_unit(&whole));
                continue;
            }
        }
        // The `I` of international units set apart as a stroke (`1`  `U/L`).
        if unit.is_none()
            && stroke_of_i(t)
            && let Some(iu) = after_value.get(i + 1).and_then(|next| international(&next.text))
        {
            unit = Some(iu);
            taken_until = i + 2;
            continue;
        }
        // A dash alone where the unit goes says the test has no unit when the next cell is a
        // reference in words (`MENTZER INDEX  20.6  -  *Refer Note below`); before a range or
        // a number (`Adult Males: 0.54 - 2.58`) it is only a separator.
        let next = after_value[i + 1..].iter().map(|c| c.text.trim()).find(|t| !is_separator(t));
        if t == "-"
            && unit.is_none()
            && range.is_none()
            && next.is_some_and(|n| {
                is_reference_note(n)
                    || (!n.chars().any(|c| c.is_ascii_digit())
                        && n.chars().any(char::is_alphabetic)
                        && !looks_like_unit(n))
            })
        {
            unit = Some(t.to_string());
            continue;
        }
        // A tier printed range first, its colon and label a cell apart after it (`10.4 - 12.6)`
        // `: Women`): the label is the tier's, which the lines below may continue. (Read
        // alone, the range was taken as the row's, a woman's range for a man.)
        if range.is_none()
            && reference_cell.is_none()
            && parse_range(t, None).is_some()
            && let Some(next) = after_value.get(i + 1)
            && let Some(label) = colon_label(&next.text)
        {
            let text = format!("{t} : {label}");
            if let Some(r) = parse_range(&text, sex) {
                range = Some((r, text.clone()));
            }
            reference_cell = Some((cell.x0, next.x1, text));
            taken_until = i + 2;
            continue;
        }
        // A tier printed range first, its label a cell apart after the colon (`2 - 10):`
        // `Adults`, `6 to 24:`  `Male`): one tier, which the lines below may continue (and no
        // time of day, as `6 to 24:` alone would be taken for).
        if range.is_none()
            && reference_cell.is_none()
            && t.ends_with(':')
            && t.contains(|c: char| c.is_ascii_digit())
            && let Some(label) = after_value.get(i + 1).filter(|l| label_words(l.text.trim()))
        {
            let text = format!("{t} {}", label.text.trim());
            if let Some(r) = parse_range(&text, sex) {
                range = Some((r, text.clone()));
            }
            reference_cell = Some((cell.x0, label.x1, text));
            taken_until = i + 2;
            continue;
        }
        if is_separator(t) || is_date_or_time(t) {
            continue;
        }
        // The reference column sends the reader to a note (`*Refer Note below`, `See
        // interpretation`): the reference as printed, not a unit and not prose.
        // So does a range split by sex on a report whose sex is not known.
        if range.is_none()
            && reference_note.is_none()
            && (is_reference_note(t) || (sex.is_none() && sex_ranges(t).is_some()))
        {
            reference_note = Some(t.to_string());
            continue;
        }
        // The range of the other sex, the other's continued on the lines below (`Male: 65 - 175
        // ug/dL` over `Female: 50 - 170` on a woman's report): the row's reference still.
        if range.is_none()
            && reference_note.is_none()
            && reference_cell.is_none()
            && labels_a_sex(t)
            && parse_range(t, sex).is_none()
            && [Sex::Male, Sex::Female].into_iter().any(|other| parse_range(t, Some(other)).is_some())
        {
            reference_note = Some(t.to_string());
            reference_cell = Some((cell.x0, cell.x1, t.to_string()));
            continue;
        }
        // A sentence goes on after the number: the line is a note, not a result. (Not a range
        // whose unit reads like words, `0 to 15 mm/1st hr`.)
        if range.is_none() && is_prose(t) && parse_range(t, sex).is_none() {
            return None;
        }
        // The first tier of a reference continued below (`Deficiency : < 20`), even when it
        // does not parse as a range on its own.
        if reference_cell.is_none() && (tier_shaped(t) || damaged_tier(t)) {
            // With its label, where a scan set that apart before the colon (`Deficiency`  `: <
            // 20.0`): a centred column's next tiers line up with the two together.
            reference_cell = match i.checked_sub(1).map(|k| &after_value[k]) {
                Some(label) if t.starts_with(':') && label_words(label.text.trim()) => {
                    Some((label.x0, cell.x1, format!("{} {t}", label.text.trim())))
                }
                _ => Some((cell.x0, cell.x1, t.to_string())),
            };
        }
        // A flag stands beside the value, not past the reference (`MCHC 35.8 g/d 31-3 | L`,
        // the `L` a scan's page furniture).
        // (Or right after a result whose reference came before it: `6-24  28  High  mg/dL`.)
        if flag.is_none()
            && (range.is_none() || (range_before && i == 0))
            && !unread_reference
            && let Some(f) = cell_flag(t)
        {
            flag = Some(f);
            continue;
        }
        if range.is_none()
            && let Some(r) = parse_range(t, sex)
        {
            range = Some((r, t.to_string()));
            reference_cell = Some((cell.x0, cell.x1, t.to_string()));
            continue;
        }
        // Previous results (a bare number after the value) are not the current value.
        if parse_value(t).is_some() && range.is_none() && unit.is_none() {
            continue;
        }
        // After the range only a cell shaped like a unit is the unit (`13.0-17.0  g/dL`): words
        // there are methods and comments. After a result whose range came before it, the cell
        // in the unit's place is the unit also when a photo misread it past its shape but the
        // test's own unit explains it (`UNL` for U/L beside a lipase, `UL` with its slash lost).
        let misread_own_unit = |u: &str| {
            range_before
                && crate::catalog::lookup(&name).is_some_and(|b| {
                    b.to_canonical(1.0, Some(u)).is_some()
                        || b.unit_read_as(u, value.number).is_some()
                        || b.unit_misread(u, value.number).is_some()
                })
        };
        // (A speck before a unit the test's own explains too: `=: UL` beside an ALP.)
        let u = unit_after_speck(t).or_else(|| after_speck(t).filter(|rest| misread_own_unit(rest))).unwrap_or(t);
        // So is a cell under a unit column's header after the reference's (`Test  Result
        // Reference Range  Units`) on a scan, misread past a unit's shape (`mgidt`, `bg`,
        // `merviw`); one of that shape is kept as printed (`Mil/uL`, `mu/ml`), as below.
        if unit.is_none()
            && columns.in_unit_after(cell)
            && parse_range(u, sex).is_none()
            && !unit_shaped(u)
            && let Some(own) = crate::catalog::lookup(&name).and_then(|b| {
                let known = b.to_canonical(1.0, Some(u)).is_some() || b.unit_misread(u, value.number).is_some();
                // (The reference read so far decides between units, not a value that may have
                // lost its point; by sex, either's.)
                let printed = range
                    .as_ref()
                    .map(|(r, _)| (r.low, r.high))
                    .or_else(|| reference_note.as_deref().and_then(sex_ranges).map(|(m, _)| (m.low, m.high)))
                    .unwrap_or((None, None));
                if known { Some(mend_unit(u)) } else { b.unit_in_its_column(u, value.number, printed) }
            })
        {
            unit = Some(own);
            continue;
        }
        // A unit labs print after a cell taken for one that is none, nor a letter from one
        // (`~2#H  mm/1st hr`, a flag column's mark a scan read with specks): that is the unit.
        // Not a letter alone (`flo  s`, a photo's `fL` and a speck).
        if range.is_none()
            && unit.as_deref().is_some_and(|taken| {
                !crate::catalog::is_known_unit(taken) && taken != "%" && crate::catalog::mend_unit(taken).is_none()
            })
            && u.chars().count() >= 2
            && crate::catalog::is_known_unit(u)
        {
            unit = Some(mend_unit(u));
            continue;
        }
        // (Where a scan's units have a column of their own after the reference's, a cell left
        // of it not shaped as a unit is the reference misread, not the unit: `ufecinney`, a
        // photo's `Insufficiency` tier beside a vitamin D.)
        let left_of_units = columns.unit_after.is_some_and(|(x0, _)| cell.mid_x() < x0);
        if unit.is_none()
            && looks_like_unit(u)
            // (After a reference's first tier too: `Male 18 - 36  Rechecked`, a remark.)
            && ((range.is_none() && reference_cell.is_none() && !left_of_units) || unit_shaped(u) || misread_own_unit(u))
            && !words_not_unit(u)
        {
            unit = Some(mend_unit(u));
            continue;
        }
        unread_reference |= range.is_none() && t.chars().any(|c| c.is_ascii_digit());
        // (Or a tier's label beside numbers that read as no range: `&3.0- 101.01. Female.`.)
        damaged_range |= range.is_none() && (two_numbers_run_together(t) || labelled_numbers(t));
    }
    // (A method in words after a word result, `NORMAL  NORMAL  Modified Ehrlich`, is not part
    // of the reference.)
    let after: Vec<&str> = cells[vi + 1..]
        .iter()
        .map(|c| c.text.trim())
        .filter(|t| !is_separator(t) && !words_not_unit(t) && cell_flag(t).is_none())
        // Beside a word result a number is no earlier result: a code in the lab's column.
        .filter(|t| value.qualitative.is_none() || parse_value(t).and_then(|v| v.number).is_none())
        .collect();
    // A word result with a word reference (`Colour  PALE YELLOW  Colourless`), perhaps after
    // words that only name it (`Ref. Interval: Pale Yellow`).
    let word_reference = (value.qualitative.is_some() && range.is_none() && !after.is_empty())
        .then(|| after.iter().map(|t| without_reference_words(t, true)).collect::<Vec<_>>())
        .filter(|bare| bare.iter().all(|t| qualitative_word(t).is_some()))
        .map(|bare| bare.join(" "));
    // A reference column that sends the reader to a note says the row is a result, where a
    // scan lost the dash of its unit (`RDWI  263.4  :  *Refer Note below`).
    // So does the first tier of a reference printed a tier a line (`HCT (%)  41.2  Child 28.0
    // to 40.0`, the unit in the name).
    // So does one whose first tier a photo damaged past reading (`Adult : (3.5 - §.2)`) or
    // whose label's colon it read as a semicolon (`Children ; (1.1 - 2.1)`).
    let noted = reference_note.is_some()
        || reference_cell.as_ref().is_some_and(|(_, _, t)| worded_tier(t) || damaged_tier(t) || semicolon_tier(t));
    let (range, range_text) = match range {
        Some((r, t)) => (Some(r), Some(t)),
        None => (None, word_reference.clone().or(reference_note)),
    };
    // Without a unit or a range, only a test the catalog knows with a value and nothing after
    // it but a word reference (`eAG  88.19`, `Colour  Pale Yellow`) is a result, or a count per
    // microscope field (`R.B.C/hpf  0-1`); other bare numbers are page furniture.
    let per_field = per_field_count(&name);
    // A word result in a table with a method column (`Others  NIL  Microscopy`) is a result too.
    let word_with_method = value.qualitative.is_some() && cells[vi + 1..].iter().any(|c| is_method(&c.text));
    let bare_known = (after.is_empty() || word_reference.is_some())
        && (per_field || word_with_method || crate::catalog::lookup(&name).is_some());
    // A test the catalog knows with a possible number flagged High or Low beside it is a
    // result even where a scan lost its unit and reference (`Hematocrit  47.9  High  43.0
    // 02/27/2025  ~=~*~*«GS`).
    let possible_known =
        value.number.is_some_and(|v| crate::catalog::lookup(&name).is_some_and(|b| b.implausible(v, None).is_none()));
    let flagged_known = matches!(flag, Some(Flag::High | Flag::Low)) && possible_known;
    // So is one whose reference a photo damaged past reading (`HbA1c  5.7  40t05.6%`, its `to`
    // run into the numbers), the unit inside it.
    let damaged_known = damaged_range && possible_known;
    // A name that carries its unit in brackets (`Globulin (g/dL)  H  38  2.0035`, its reference
    // damaged past reading) has a unit.
    let unit_named = || unit_in_name(&name, false).is_some();
    if unit.is_none() && range.is_none() && !bare_known && !flagged_known && !damaged_known && !noted && !unit_named() {
        return None;
    }
    // A bound with `>=` or `<=` and no unit (`Extreme (A)  >=50  >=80`) is a tier of a risk
    // table: labs print a measurement beyond its limits with `>` or `<`.
    if matches!(value.qualifier, Some(Qualifier::GreaterOrEqual | Qualifier::LessOrEqual)) && unit.is_none() {
        return None;
    }
    // A range-valued result (`3-4`) needs its own reference beside it, or it may be the
    // reference, unless its name says it counts per field.
    if value.number.is_none() && value.qualitative.is_none() && range.is_none() && !per_field {
        return None;
    }
    // A range-valued "result" followed by the next band of a scale (`0-39  40-59  60-69`) is a
    // legend; a count per field sits inside its reference (`2-4 /hpf  0-5`).
    if value.number.is_none()
        && value.qualitative.is_none()
        && let (Some(this), Some(next)) = (parse_range(&value.text, None), range.as_ref())
        && let (Some(top), Some(start)) = (this.high, next.low)
        && start >= top
    {
        return None;
    }
    // A unit printed only inside the reference (`3-95 U/L` in Quest's one reference column) is
    // the result's unit too.
    let unit = unit.or_else(|| unit_in_reference(range.as_ref(), range_text.as_deref()?));
    // A scan's speck before the reference is no part of it (`= (3.5 - 7.2) mg/dL`).
    let range_text = range_text.map(|t| match t.split_once(' ') {
        Some((speck, rest)) if speck_word(speck) => rest.to_string(),
        _ => t,
    });
    // A result in the column of results out of the range, no flag printed, is marked abnormal
    // by the lab as a `*` on it would mark it (the range, or the test's usual one where the
    // range was lost, says which way).
    if flag.is_none() && value.number.is_some() && columns.in_out_of_range(&cells[vi]) {
        value.flag = Some(Flag::Abnormal);
        flag = value.flag;
    }
    Some(ParsedLine { name, value, flag, unit, range, range_text, bold, reference_cell })
}

/// Whether a cell can be part of a reference set apart in cells: it holds a number or a sex's
/// label.
pub(super) fn reference_part(cell: &Cell) -> bool {
    cell.text.chars().any(|c| c.is_ascii_digit()) || labels_a_sex(&cell.text)
}

/// A reference by sex starting at the cell `first`, set apart into `next` cells by a photo's
/// OCR: `first` with the cells after it that hold a number or a sex's label, up to the longest
/// run that names both sexes with a range each. Its text and how many of `next` it took; none
/// when `first` needs no other cell, or no run names both sexes.
pub(super) fn sexes_set_apart(first: &str, next: &[Cell]) -> Option<(String, usize)> {
    if sex_ranges(first).is_some() {
        return None;
    }
    // (A sex's letter alone before a reference that starts with a sex's own label labels
    // nothing: `f`  `Male ; 83.0-101.0` is a unit, fL, cut short.)
    let bare = first.split_whitespace().count() == 1 && !first.contains(|c: char| c.is_ascii_digit());
    if bare && next.first().and_then(|c| c.text.split_whitespace().next()).is_some_and(labels_a_sex) {
        return None;
    }
    let run = next.iter().take_while(|c| reference_part(c)).count();
    let mut text = first.to_string();
    let mut best = None;
    for (k, c) in next[..run].iter().enumerate() {
        text.push(' ');
        text.push_str(c.text.trim());
        if sex_ranges(&text).is_some() {
            best = Some((text.clone(), k + 1));
        }
    }
    best
}

/// A number's cell joined with the cells after it that make it a range with both bounds: a
/// dash and a number (`136`  `-`  `145`), a number after its dash (`136`  `-145`), or the
/// high bound after a cell ending in the dash ([`open_range`], `(0 -`  `15)`). Gives the
/// range, its text and how many cells after the number it took.
pub(super) fn range_set_apart(number: &str, next: &[Cell], sex: Option<Sex>) -> Option<(RefRange, String, usize)> {
    let dash = |t: &str| matches!(t, "-" | "–" | "—" | "to");
    let bound = |t: &str| t.starts_with(|c: char| c.is_ascii_digit() || c == '.');
    let (text, used) = match next {
        [d, n, ..] if dash(d.text.trim()) && bound(n.text.trim()) => {
            (format!("{number} {} {}", d.text.trim(), n.text.trim()), 2)
        }
        [n, ..]
            if n.text.trim().strip_prefix(['-', '–']).is_some_and(bound)
                || open_range(number) && bound(n.text.trim()) =>
        {
            (format!("{number} {}", n.text.trim()), 1)
        }
        _ => return None,
    };
    let r = parse_range(&text, sex)?;
    (r.low.is_some() && r.high.is_some()).then_some((r, text, used))
}

/// A range's low bound and dash without its high bound (`(0 -`, `4 to`): the rest of it
/// set apart in the next cell.
pub(super) fn open_range(text: &str) -> bool {
    let t = text.trim();
    t.trim_start_matches('(').starts_with(|c: char| c.is_ascii_digit())
        && (t.ends_with(['-', '–']) || t.strip_suffix("to").is_some_and(|s| s.ends_with(' ')))
}

/// The flag a cell holds, also behind a scan's stray mark (`‘Low`), or a one-letter flag with
/// a mark before it: a photo's `OL` and `+H` in a flag column (no unit is spelt so), or a
/// lab's `*H`.
pub(super) fn cell_flag(text: &str) -> Option<Flag> {
    let before = |c: char| STRAY_BEFORE.contains(&c) || QUOTES.contains(&c);
    let ringed =
        |t: &str| t.strip_prefix(['O', 'o', '0', '+', '*']).filter(|f| matches!(*f, "H" | "L")).and_then(parse_flag);
    parse_flag(text)
        .or_else(|| parse_flag(text.trim_start_matches(before).trim_end_matches(STRAY_AFTER)))
        .or_else(|| ringed(text.trim()))
}

/// Whether a reference cell points elsewhere instead of giving a range: `*Refer Note below`,
/// `Refer to interpretation`, `See note`.
pub(super) fn is_reference_note(text: &str) -> bool {
    let lower = text.trim_start_matches(['*', '#', '(']).trim_start_matches(QUOTES).trim().to_lowercase();
    // (Not a range after the word that names it: `Reference: 13.0 - 17.0`.)
    let named_range = lower.starts_with("reference") && ranged_for_some_sex(text);
    (lower.starts_with("refer") && !named_range)
        || lower.starts_with("see note")
        || lower.starts_with("see interpretation")
        || lower.starts_with("see below")
        || lower.starts_with("see comment")
        // LabCorp's `Not Estab.`, which a scan may end with a comma.
        || lower.replace(' ', "").starts_with("notestab")
}

/// A test the catalog knows printed with its unit and reference but nothing in the result
/// column (an interim report, a test still running), or only a speck or two of letters there
/// (a scan's misreading of the value: `Triglycerides  {i  mg/dL  Desirable : < 150`): a row
/// without a value, so the report shows the test is there. Only under a header that names the
/// result column, when the cells after it are exactly a unit and a range, or a reference in
/// words alone (`Negative`). Where the letters are ones a photo read as letters, perhaps with
/// their flag (`Monocytes  i  Adults 2-10  %`, `Blood Urea Nitrogen  Li  Adult 6-24`, `ESR  ll`),
/// the row has that result ([`lone_one_misread`]).
pub(super) fn empty_result(cells: &[Cell], sex: Option<Sex>, columns: Columns) -> Option<ParsedLine> {
    columns.value?;
    // By its centre: a unit left-aligned where the result column ends may overlap it by a
    // pixel on a tilted scan.
    let in_column = |c: &Cell| columns.in_value(c);
    let unread = |c: &Cell| {
        let t = c.text.trim();
        t.chars().count() <= 3 && !t.chars().any(|ch| ch.is_ascii_digit()) && qualitative_word(t).is_none()
    };
    if cells.iter().any(|c| in_column(c) && !unread(c)) {
        return None;
    }
    let split = cells.iter().position(|c| columns.after_value(c))?;
    let name_cells: Vec<Cell> = cells[..split].iter().filter(|c| !in_column(c)).cloned().collect();
    let name = clean_name(&name_cells);
    if !name_ok(&name) || crate::catalog::lookup(&name).is_none() {
        return None;
    }
    // (Earlier results beside it are none of its cells.)
    let after: Vec<&Cell> =
        cells[split..].iter().filter(|c| !is_separator(&c.text) && !columns.in_previous(c)).collect();
    // A reference in words alone (`Protein  :  Negative`, its `Nil` lost).
    if let [a] = after.as_slice()
        && qualitative_word(a.text.trim()).is_some()
    {
        let range_text = a.text.trim().to_string();
        return Some(ParsedLine {
            name,
            value: ResultValue::empty(),
            flag: None,
            unit: None,
            range: parse_range(&range_text, sex),
            range_text: Some(range_text.clone()),
            bold: false,
            reference_cell: Some((a.x0, a.x1, range_text)),
        });
    }
    // (Or those and a remark in words after them: `Repeat advised`.)
    let remark = |c: &Cell| {
        let words: Vec<&str> = c.text.split_whitespace().collect();
        words.len() >= 2 && words.iter().all(|w| w.len() >= 3 && w.chars().all(char::is_alphabetic))
    };
    let (a, b) = match after.as_slice() {
        [a, b] => (a, b),
        [a, b, c] if remark(c) && c.x0 > a.x1.max(b.x1) => (a, b),
        _ => return None,
    };
    let read: Vec<&str> = cells.iter().filter(|c| in_column(c)).map(|c| c.text.trim()).collect();
    let value = lone_one_misread(&read.join(" ")).unwrap_or_else(ResultValue::empty);
    // Or the first of tiers continued below, which a scan may leave unreadable alone
    // (`Desirable : : 150`, its `<` read as a colon, which the tiers below tell).
    let first_tier = |t: &str| t.split_once(':').is_some_and(|(label, _)| label.chars().any(char::is_alphabetic));
    let (range, range_cell, unit) = match (parse_range(&a.text, sex), parse_range(&b.text, sex)) {
        (Some(r), None) if looks_like_unit(&b.text) => (Some(r), a, &b.text),
        (None, Some(r)) if looks_like_unit(&a.text) => (Some(r), b, &a.text),
        (None, None) if looks_like_unit(&a.text) && first_tier(&b.text) => (None, b, &a.text),
        _ => return None,
    };
    let range_text = range_cell.text.trim().to_string();
    Some(ParsedLine {
        name,
        flag: value.flag,
        value,
        unit: Some(mend_unit(unit.trim())),
        range,
        range_text: Some(range_text.clone()),
        bold: false,
        reference_cell: Some((range_cell.x0, range_cell.x1, range_text)),
    })
}
