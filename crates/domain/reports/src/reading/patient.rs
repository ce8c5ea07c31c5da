//! Patient details printed on a report that change how it is read: sex (for sex-specific
//! ranges) and age.

use super::range::Sex;

/// The labels a report prints the sex after, in small letters, as they are looked for.
const SEX_LABELS: [&str; 6] = ["age/sex", "age / sex", "sex/age", "age/gender", "gender", "sex"];

/// Whether a word starts with a label the sex is printed after (`Sex:`, `Age/Gender`), marks
/// before it aside: the word that starts the line printing the sex.
#[must_use]
pub fn labels_the_sex(word: &str) -> bool {
    let lower = word.to_lowercase();
    let start = lower.trim_start_matches(|c: char| !c.is_alphabetic());
    SEX_LABELS.iter().any(|label| start.starts_with(label))
}

/// The sex printed after `Sex`, `Gender` or `Age/Sex` (`39 Yrs. / F`, `Sex: Female`, `M/45`).
pub fn detect_sex(text: &str) -> Option<Sex> {
    // (A photo reads the `Y` of an age's unit as `¥`: `26 ¥ im` for `26 Y / M`.)
    let lower = text.to_lowercase().replace('\u{a5}', "y");
    if let Some((_, sex)) = age_slash_sex(&lower) {
        return Some(sex);
    }
    for key in SEX_LABELS {
        let mut from = 0;
        while let Some(pos) = lower[from..].find(key) {
            let start = from + pos + key.len();
            let window: String = lower[start..].chars().take(24).collect();
            let tokens: Vec<&str> = window.split(|c: char| !c.is_alphanumeric()).filter(|t| !t.is_empty()).collect();
            for (i, t) in tokens.iter().enumerate().take(4) {
                match *t {
                    "f" | "female" | "woman" => return Some(Sex::Female),
                    "m" | "male" | "man" => return Some(Sex::Male),
                    _ => {}
                }
                // The colon after `Sex` read as a stroke glued to the sex (`Sex iF`), or the sex
                // read twice, a speck beside it taken for a second letter (`Sex: Mm`).
                if i == 0
                    && matches!(key, "sex" | "gender")
                    && t.len() == 2
                    && (t.starts_with(['i', 'l', '1']) || t[..1] == t[1..])
                {
                    match &t[1..] {
                        "f" => return Some(Sex::Female),
                        "m" => return Some(Sex::Male),
                        _ => {}
                    }
                }
                let unit_before = i.checked_sub(1).is_some_and(|p| AGE_UNITS.contains(&tokens[p]));
                if let Some(sex) = slash_misread(t, unit_before).or_else(|| age_run_into_sex(t).map(|(_, s)| s)) {
                    return Some(sex);
                }
            }
            from = start;
        }
    }
    None
}

/// The age in years printed after `Age` (`Age: 40`, `39 Yrs`, `Age/Sex : 39 Y / F`).
pub fn detect_age(text: &str) -> Option<u32> {
    let lower = text.to_lowercase();
    if let Some((age, _)) = age_slash_sex(&lower) {
        return Some(age);
    }
    // "Age" as a word: not the end of "Page 1 of 6" or "Percentage".
    let pos = lower.match_indices("age").map(|(i, _)| i).find(|&i| {
        let before = lower[..i].chars().next_back();
        let after = lower[i + 3..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphabetic)
    })?;
    // On its line (`Age/Gender, .` lost its age; the next line's `Sample ID : 2648148669` is no
    // age), and whole: a number the window cuts is no age either.
    let line = lower[pos + 3..].split('\n').next().unwrap_or_default();
    let window: String = line.chars().take(24).collect();
    let first = window.split(|c: char| !c.is_alphanumeric()).find(|t| t.starts_with(|c: char| c.is_ascii_digit()));
    if let Some((age, _)) = first.and_then(age_run_into_sex) {
        return Some(age);
    }
    let start = window.find(|c: char| c.is_ascii_digit())?;
    let digits =
        line[start..].find(|c: char| !c.is_ascii_digit()).map_or(&line[start..], |end| &line[start..start + end]);
    digits.parse().ok().filter(|a| (0..=120).contains(a))
}

/// `token` without the sex it ends in, `m` or `f` (lower case), and that sex.
fn sex_at_end(token: &str) -> Option<(&str, Sex)> {
    match token.strip_suffix('m') {
        Some(head) => Some((head, Sex::Male)),
        None => Some((token.strip_suffix('f')?, Sex::Female)),
    }
}

/// `527M`: an age whose unit and slash a photo read as one `7` or `1` glued to the sex (`52 Y /
/// M`), known by the number with it being no one's age (over 120).
fn age_run_into_sex(token: &str) -> Option<(u32, Sex)> {
    let (head, sex) = sex_at_end(token)?;
    let age = head.strip_suffix(['7', '1'])?;
    if age.is_empty() || !head.chars().all(|c| c.is_ascii_digit()) || head.parse::<u32>().is_ok_and(|n| n <= 120) {
        return None;
    }
    age.parse().ok().filter(|a| (1..=120).contains(a)).map(|a| (a, sex))
}

/// How reports write "years" after an age.
const AGE_UNITS: [&str; 5] = ["years", "year", "yrs", "yr", "y"];

/// `45 Y 1M`: the slash between an age and its sex read as `1`, `l` or `i`, glued to the sex.
/// Only after the age's unit (`unit_before`, or in the same token: `45y1m`), where a slash
/// stands; `21M` alone is no sex.
fn slash_misread(token: &str, unit_before: bool) -> Option<Sex> {
    let (head, sex) = sex_at_end(token)?;
    let head = head.strip_suffix(['1', 'l', 'i'])?;
    let age = head.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let glued_unit =
        AGE_UNITS.contains(&&head[age.len()..]) && !age.is_empty() && age.chars().all(|c| c.is_ascii_digit());
    ((head.is_empty() && unit_before) || glued_unit).then_some(sex)
}

/// `(22Y/M)`, `39 Y / F`, `45Yrs/F`: an age in years and a sex in one token.
fn age_slash_sex(lower: &str) -> Option<(u32, Sex)> {
    let compact: String = lower.chars().filter(|c| !c.is_whitespace()).collect();
    for (i, _) in compact.match_indices('/') {
        let before = &compact[..i];
        let after = &compact[i + 1..];
        let sex = match after.chars().next()? {
            'm' => Sex::Male,
            'f' => Sex::Female,
            _ => continue,
        };
        // The letter must end there ("/M)" or "/M " but not "/mL").
        if after.chars().nth(1).is_some_and(char::is_alphabetic)
            && !after.starts_with("male")
            && !after.starts_with("female")
        {
            continue;
        }
        let before = before.trim_end_matches('.');
        // A scan reads the `Y` as `v`, or as `1` (`(241 /M)`: no one is 241).
        let unit = AGE_UNITS.into_iter().chain(["v"]).find(|u| before.ends_with(u));
        let head = &before[..before.len() - unit.map_or(0, str::len)];
        let start = head.char_indices().rev().find(|(_, c)| !c.is_ascii_digit()).map_or(0, |(i, c)| i + c.len_utf8());
        let digits = &head[start..];
        let age = match unit {
            Some(_) => digits.parse::<u32>().ok(),
            None => digits
                .strip_suffix('1')
                .filter(|_| digits.parse::<u32>().is_ok_and(|n| n > 120))
                .and_then(|d| d.parse::<u32>().ok()),
        };
        if let Some(age) = age.filter(|a| (0..=120).contains(a)) {
            return Some((age, sex));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sex_in_the_ways_reports_print_it() {
        assert_eq!(detect_sex("Age/Sex : 39 Yrs. / F"), Some(Sex::Female));
        assert_eq!(detect_sex("Age: 40 Sex: Female"), Some(Sex::Female));
        assert_eq!(detect_sex("Gender : Male"), Some(Sex::Male));
        assert_eq!(detect_sex("Age/Gender : 24 YRS /M"), Some(Sex::Male));
        assert_eq!(detect_sex("Haemoglobin 13.5 g/dL"), None);
        assert_eq!(detect_sex("NAME : (22Y/M) HOME COLLECTION :"), Some(Sex::Male));
        assert_eq!(detect_sex("Glucose 5 mmol/L 45 Y/mL"), None, "a unit is not a sex");
        // A scan's misreadings of the `Y`.
        assert_eq!(detect_sex("Name : \\24v/M)"), Some(Sex::Male));
        assert_eq!(detect_sex("Patient Name Deel (241 /M) Tests Done"), Some(Sex::Male));
        assert_eq!(detect_age("Patient Name Deel (241 /M) Tests Done"), Some(24));
        assert_eq!(detect_sex("Ratio 21/M"), None, "without a Y, 21 is no age");
        // A photo's reading of the slash as a `1` or an `l`, glued to the sex.
        assert_eq!(detect_sex("Age/Sex : 45 Y 1M"), Some(Sex::Male));
        assert_eq!(detect_sex("Age/Sex : 45 Yrs lF"), Some(Sex::Female));
        assert_eq!(detect_sex("Age/Sex : 45Y1F"), Some(Sex::Female));
        assert_eq!(detect_sex("Age/Sex : 45 1M"), None, "not without the age's unit before it");
        assert_eq!(detect_sex("Age/Sex : 45 Y 11M"), None);
        // The `Y /` read as one `7` (or `1`): no one is 527.
        assert_eq!(detect_sex("Age/Gender- 527M Collected"), Some(Sex::Male));
        assert_eq!(detect_age("Age/Gender- 527M Collected"), Some(52));
        assert_eq!(detect_sex("Age/Sex : 341F"), Some(Sex::Female));
        assert_eq!(detect_sex("Age/Sex : 57M"), None, "57 may be an age: the M alone is no sex");
    }

    proptest::proptest! {
        #[test]
        fn any_text_is_read_without_a_panic(text in "\\PC{0,40}") {
            let _ = (detect_sex(&text), detect_age(&text));
        }

        #[test]
        fn any_age_and_sex_misread_is_read_without_a_panic(
            text in "\\PC{0,4}[(\u{2019}é\\ ]?[0-9]{0,4}(y|v|yrs|1)?\\.? ?/ ?[mfMF]\\PC{0,4}"
        ) {
            let _ = (detect_sex(&text), detect_age(&text));
        }
    }

    #[test]
    fn sex_whose_colon_a_photo_read_as_a_stroke() {
        assert_eq!(detect_sex("Age : 66 Years Sex iF"), Some(Sex::Female));
        assert_eq!(detect_sex("Gender lM"), Some(Sex::Male));
        assert_eq!(detect_sex("Sex 1F Collected"), Some(Sex::Female));
        assert_eq!(detect_sex("Sex im"), Some(Sex::Male));
    }

    #[test]
    fn sex_after_an_age_whose_unit_a_photo_read_as_a_yen_sign() {
        // `26 Y / M`, its `Y` read as `¥` and its slash as a stroke glued to the sex.
        assert_eq!(detect_sex("Age/Sex 26 \u{a5} im"), Some(Sex::Male));
        assert_eq!(detect_sex("Age/Sex 41 \u{a5} lf"), Some(Sex::Female));
    }

    #[test]
    fn the_word_that_labels_the_sex() {
        for word in ["Sex", "Sex:", "GENDER", "Age/Gender:", "\u{2018}Age/Sex", "age/sex"] {
            assert!(labels_the_sex(word), "{word}");
        }
        for word in ["Age:", "Age", "Name", "M", "Collected"] {
            assert!(!labels_the_sex(word), "{word}");
        }
    }

    #[test]
    fn sex_a_photo_read_twice() {
        assert_eq!(detect_sex("Age: 59 Years Sex: Mm"), Some(Sex::Male));
        assert_eq!(detect_sex("Gender : ff"), Some(Sex::Female));
        assert_eq!(detect_sex("Sex: mf"), None, "two sexes are none");
    }

    #[test]
    fn age_in_years() {
        assert_eq!(detect_age("Age/Sex : 39 Yrs. / F"), Some(39));
        assert_eq!(detect_age("DOB: Age: 40"), Some(40));
        assert_eq!(detect_age("no details"), None);
        assert_eq!(detect_age("NAME : (22Y/M)"), Some(22));
        assert_eq!(detect_age("Page 1 of 6 Age/Sex : 39 Yrs. / F"), Some(39), "not the 1 of 'Page 1'");
        assert_eq!(detect_age("Percentage 12 %"), None);
        assert_eq!(detect_age("Page 2 Age/Sex : 39 Yrs. / F"), Some(39));
        assert_eq!(detect_age("ratio 3/4 then 45Yrs/F"), Some(45), "a slash that is not age/sex is passed over");
        assert_eq!(detect_age("Age/Gender, .\nBed : 12"), None, "not the next line's");
        assert_eq!(detect_age("Age : about the ages of  1048 patients"), None, "not a number the window cuts");
        assert_eq!(detect_age("Age :\t66 Years"), Some(66));
    }
}
