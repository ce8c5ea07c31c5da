//! Patient details printed on a report that change how it is read: sex (for sex-specific
//! ranges) and age.

use super::range::Sex;

/// The sex printed after `Sex`, `Gender` or `Age/Sex` (`39 Yrs. / F`, `Sex: Female`, `M/45`).
pub fn detect_sex(text: &str) -> Option<Sex> {
    let lower = text.to_lowercase();
    for key in ["age/sex", "age / sex", "sex/age", "age/gender", "gender", "sex"] {
        let mut from = 0;
        while let Some(pos) = lower[from..].find(key) {
            let start = from + pos + key.len();
            let window: String = lower[start..].chars().take(24).collect();
            let tokens: Vec<&str> = window.split(|c: char| !c.is_alphanumeric()).filter(|t| !t.is_empty()).collect();
            for t in tokens.iter().take(4) {
                match *t {
                    "f" | "female" | "woman" => return Some(Sex::Female),
                    "m" | "male" | "man" => return Some(Sex::Male),
                    _ => {}
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
    let pos = lower.find("age")?;
    let window: String = lower[pos + 3..].chars().take(24).collect();
    window
        .split(|c: char| !c.is_ascii_digit())
        .find(|t| !t.is_empty())
        .and_then(|t| t.parse().ok())
        .filter(|a| (0..=120).contains(a))
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
    }

    #[test]
    fn age_in_years() {
        assert_eq!(detect_age("Age/Sex : 39 Yrs. / F"), Some(39));
        assert_eq!(detect_age("DOB: Age: 40"), Some(40));
        assert_eq!(detect_age("no details"), None);
    }
}
