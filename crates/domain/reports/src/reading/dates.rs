//! When the sample was collected, as the report prints it.
//!
//! Labs print the date in many forms (`23 Mar 2026 08:00`, `23/Mar/2026 08:00AM`,
//! `Jun 27, 2026, 09:11 AM`, `05/28/2025 0745 Local`, `10.07.2018`). A numeric date such as
//! `04/11/2018` is read day first, as Indian labs print it, unless the report shows it is
//! month first: another of its dates that only reads one way (`05/28/2025`) or a US time zone.

use chrono::{NaiveDate, NaiveTime};

/// The collection date, with the time when one is printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Collected {
    /// The day.
    pub date: NaiveDate,
    /// The time of day, when printed.
    pub time: Option<NaiveTime>,
}

impl Collected {
    /// `2026-03-23T08:00` or, without a time, `2026-03-23`.
    #[must_use]
    pub fn to_iso(&self) -> String {
        match self.time {
            Some(t) => format!("{}T{}", self.date.format("%Y-%m-%d"), t.format("%H:%M")),
            None => self.date.format("%Y-%m-%d").to_string(),
        }
    }
}

/// Labels printed before the collection date, most specific first.
const LABELS: [&str; 12] = [
    "sample collected on",
    "sample collected",
    "specimen collected",
    "collected on",
    "collection date",
    "date collected",
    "date of collection",
    "collection date and time",
    "specimen drawn on",
    "drawn on",
    "sample date",
    "collected",
];

/// The date printed after a collection label in `text` (the report's first pages, words joined
/// by spaces), if any.
#[must_use]
pub fn detect_collected(text: &str) -> Option<Collected> {
    let lower = text.to_lowercase();
    let month_first = numeric_order_is_month_first(&lower);
    for label in LABELS {
        let mut from = 0;
        while let Some(pos) = lower[from..].find(label) {
            let start = from + pos + label.len();
            from = start;
            let rest = skip_to_value(&lower[start..]);
            if let Some(found) = parse_date_time(rest, month_first) {
                return Some(found);
            }
        }
    }
    None
}

/// Skips what labs print between the label and the date: `(SCT)`, `:`, `-`, `at`, spaces.
fn skip_to_value(s: &str) -> &str {
    let mut s = s.trim_start();
    loop {
        let before = s.len();
        if s.starts_with('(')
            && let Some(end) = s.find(')').filter(|&e| e <= 8)
        {
            s = &s[end + 1..];
        }
        s = s.trim_start_matches([':', '-', ' ', '\t', '.', '&', '/']);
        for word in ["on ", "at ", "and time", "time"] {
            if let Some(r) = s.strip_prefix(word) {
                s = r;
            }
        }
        if s.len() == before {
            return s;
        }
    }
}

/// Whether numeric dates on this report are month first: some date reads only that way, or,
/// when none decides, the report names a US time zone.
fn numeric_order_is_month_first(lower: &str) -> bool {
    let mut votes = (0, 0); // (day first, month first)
    for token in lower.split(|c: char| c.is_whitespace() || c == ',') {
        let parts: Vec<&str> = token.split(['/', '-', '.']).collect();
        if parts.len() != 3 || parts[2].len() != 4 || !parts.iter().all(|p| p.chars().all(|c| c.is_ascii_digit())) {
            continue;
        }
        let (a, b) = (parts[0].parse::<u32>().unwrap_or(0), parts[1].parse::<u32>().unwrap_or(0));
        if a > 12 && b <= 12 {
            votes.0 += 1;
        } else if b > 12 && a <= 12 {
            votes.1 += 1;
        }
    }
    if votes.0 != votes.1 {
        return votes.1 > votes.0;
    }
    lower
        .split(|c: char| !c.is_ascii_alphanumeric())
        .any(|w| matches!(w, "pdt" | "pst" | "edt" | "cdt" | "cst" | "mdt" | "mst" | "akst" | "hst"))
}

const MONTHS: [&str; 12] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

fn month_named(word: &str) -> Option<u32> {
    let w = word.trim_end_matches('.');
    if w.len() < 3 {
        return None;
    }
    MONTHS.iter().position(|m| w.starts_with(m)).map(|i| i as u32 + 1)
}

fn year_of(s: &str) -> Option<i32> {
    if !s.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let y: i32 = s.parse().ok()?;
    match s.len() {
        2 => Some(2000 + y),
        4 if (1990..=2100).contains(&y) => Some(y),
        _ => None,
    }
}

/// A date at the start of `s`, and the time after it when there is one.
fn parse_date_time(s: &str, month_first: bool) -> Option<Collected> {
    let tokens: Vec<&str> = s
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty() && *t != "/" && *t != "-")
        .take(6)
        .collect();
    let first = *tokens.first()?;
    let (date, used) = if let Some(d) = date_in_one_token(first, month_first) {
        (d, 1)
    } else if tokens.len() >= 3 {
        // `23 Mar 2026` or `Jun 27, 2026`.
        let (day, month) = match (first.parse::<u32>().ok(), month_named(first)) {
            (Some(d), _) => (d, month_named(tokens[1])?),
            (None, Some(m)) => (tokens[1].parse::<u32>().ok()?, m),
            _ => return None,
        };
        (NaiveDate::from_ymd_opt(year_of(tokens[2])?, month, day)?, 3)
    } else {
        return None;
    };
    let time = tokens.get(used).and_then(|t| time_of(t, tokens.get(used + 1).copied()));
    Some(Collected { date, time })
}

/// Of header cells that are dates (a cumulative report's columns, one per collection), the
/// index of the latest and those of all the dates, when at least two are dates and reading them
/// day first or month first orders them the same way (`05/10/2026` before `12/11/2026` either
/// way).
pub(super) fn latest_date(cells: &[&str]) -> Option<(usize, Vec<usize>)> {
    let dated = |month_first: bool| -> Vec<(usize, NaiveDate)> {
        cells
            .iter()
            .enumerate()
            .filter_map(|(i, c)| Some((i, date_in_one_token(&c.trim().to_lowercase(), month_first)?)))
            .collect()
    };
    let (day_first, month_first) = (dated(false), dated(true));
    let latest = |d: &[(usize, NaiveDate)]| d.iter().max_by_key(|(_, date)| *date).map(|(i, _)| *i);
    let same = day_first.len() == month_first.len() && latest(&day_first) == latest(&month_first);
    let unique = |d: &[(usize, NaiveDate)]| {
        let newest = d.iter().map(|(_, date)| *date).max();
        d.iter().filter(|(_, date)| Some(*date) == newest).count() == 1
    };
    let latest = latest(&day_first).filter(|_| day_first.len() >= 2 && same && unique(&day_first))?;
    Some((latest, day_first.iter().map(|(i, _)| *i).collect()))
}

/// `23/03/2026`, `05/28/2025`, `10.07.2018`, `23/Mar/2026`, `23-Mar-26`, `2025-06-04`, with a
/// time glued on (`08:00AM`) ignored here.
fn date_in_one_token(token: &str, month_first: bool) -> Option<NaiveDate> {
    let parts: Vec<&str> = token.split(['/', '-', '.']).collect();
    if parts.len() != 3 {
        return None;
    }
    let year_part: String = parts[2].chars().take_while(char::is_ascii_digit).collect();
    if parts[0].len() == 4 {
        let day: String = parts[2].chars().take_while(char::is_ascii_digit).collect();
        return NaiveDate::from_ymd_opt(year_of(parts[0])?, parts[1].parse().ok()?, day.parse().ok()?);
    }
    let year = year_of(&year_part)?;
    if let Some(month) = month_named(parts[1]) {
        return NaiveDate::from_ymd_opt(year, month, parts[0].parse().ok()?);
    }
    let (a, b): (u32, u32) = (parts[0].parse().ok()?, parts[1].parse().ok()?);
    let (day, month) = if a > 12 {
        (a, b)
    } else if b > 12 || month_first {
        (b, a)
    } else {
        (a, b)
    };
    NaiveDate::from_ymd_opt(year, month, day)
}

/// `08:00`, `08:00AM`, `09:11 AM`, `05:50 PM`, `0745`.
fn time_of(token: &str, next: Option<&str>) -> Option<NaiveTime> {
    let digits_end = token.find(|c: char| !(c.is_ascii_digit() || c == ':')).unwrap_or(token.len());
    let (clock, suffix) = token.split_at(digits_end);
    let suffix = if suffix.is_empty() { next.unwrap_or("") } else { suffix };
    let (h, m): (u32, u32) = if let Some((h, m)) = clock.split_once(':') {
        (h.parse().ok()?, m.get(..2)?.parse().ok()?)
    } else if clock.len() == 4 {
        (clock[..2].parse().ok()?, clock[2..].parse().ok()?)
    } else {
        return None;
    };
    let h = match suffix.trim_end_matches('.') {
        "pm" | "p.m" if h < 12 => h + 12,
        "am" | "a.m" if h == 12 => 0,
        _ => h,
    };
    NaiveTime::from_hms_opt(h, m, 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn iso(text: &str) -> Option<String> {
        detect_collected(text).map(|c| c.to_iso())
    }

    #[test]
    fn indian_reports_print_the_day_first() {
        assert_eq!(iso("Sample Collected on (SCT) : 23 Mar 2026 08:00"), Some("2026-03-23T08:00".into()));
        assert_eq!(iso("Specimen Drawn ON : 23/Mar/2026 08:00AM"), Some("2026-03-23T08:00".into()));
        assert_eq!(
            iso("Registered On : 04/11/2018 12:25 PM Collected On : 04/11/2018 12:31 PM"),
            Some("2018-11-04T12:31".into())
        );
        assert_eq!(iso("Collection Date: 23-03-26"), Some("2026-03-23".into()));
        assert_eq!(iso("Collection Date & Time: 14.04.2025 07:00 AM"), Some("2025-04-14T07:00".into()));
    }

    #[test]
    fn us_reports_print_the_month_first() {
        // A date that only reads month first decides the order of the ambiguous ones.
        assert_eq!(
            iso("Collection Date: 06/04/2025 05:50 PM Reported: 06/16/2025 01:50 PM"),
            Some("2025-06-04T17:50".into())
        );
        assert_eq!(iso("Date collected: 05/28/2025 0745 Local"), Some("2025-05-28T07:45".into()));
        // So does a US time zone when no date decides.
        assert_eq!(iso("Collected: 06/04/2025 / 10:50 PDT"), Some("2025-06-04T10:50".into()));
        assert_eq!(iso("Sample Collected : Jun 27, 2026, 09:11 AM Report Date"), Some("2026-06-27T09:11".into()));
    }

    #[test]
    fn a_label_without_a_date_after_it_is_passed_over() {
        assert_eq!(iso("HOME COLLECTION : FROM , Date Collected Date Entered"), None);
        assert_eq!(
            iso("Sample Collected At : FROM , Collected On : 10.07.2018 04:41"),
            Some("2018-07-10T04:41".into())
        );
        assert_eq!(iso("Collected: 31/02/2025"), None);
        assert_eq!(iso("Haemoglobin 13.5 g/dL"), None);
    }

    proptest! {
        #[test]
        fn never_panics(text in ".{0,80}") {
            let _ = detect_collected(&format!("collected on {text}"));
        }
    }
}
