//! Reports as the dashboard lists them.

use chrono::{DateTime, Utc};
use ht_kernel::ReportId;
use serde::Serialize;

/// Where a report is in its processing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ReportStatus {
    /// Accepted and queued or being read.
    Processing,
    /// Read and interpreted.
    Completed,
    /// Could not be read; the reason is in `extracted_text`.
    Failed,
}

impl ReportStatus {
    /// The stored and serialised name.
    pub fn as_str(self) -> &'static str {
        match self {
            ReportStatus::Processing => "processing",
            ReportStatus::Completed => "completed",
            ReportStatus::Failed => "failed",
        }
    }

    /// Parses a stored name.
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "processing" => Some(ReportStatus::Processing),
            "completed" => Some(ReportStatus::Completed),
            "failed" => Some(ReportStatus::Failed),
            _ => None,
        }
    }
}

/// One row of the Recent Reports list (SPEC §3 Report).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReportSummary {
    /// Report id.
    pub id: ReportId,
    /// The name the file was uploaded with.
    pub file_name: String,
    /// When it was accepted.
    pub uploaded_at: DateTime<Utc>,
    /// Processing state.
    pub status: ReportStatus,
    /// For a failed report, the reason shown to the user.
    pub extracted_text: Option<String>,
}

/// The four numbers on the dashboard tiles.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DashboardStats {
    /// Reports uploaded.
    pub reports_count: u64,
    /// Abnormal results across all reports.
    pub abnormal_count: u64,
    /// Follow-up tests still pending.
    pub follow_up_count: u64,
}

/// `GET /api/dashboard` (SPEC §3).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Dashboard {
    /// Totals.
    pub stats: DashboardStats,
    /// The user's reports, newest first.
    pub reports: Vec<ReportSummary>,
}

/// One stored result, as exported to its owner.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResultExport {
    /// Test name as printed.
    pub test_name: String,
    /// Value as printed.
    pub value_text: String,
    /// Parsed value.
    pub value: Option<f64>,
    /// Unit as printed.
    pub unit: Option<String>,
    /// Lower reference bound.
    pub reference_low: Option<f64>,
    /// Upper reference bound.
    pub reference_high: Option<f64>,
    /// `high`, `low`, `positive` or none.
    pub flag: Option<String>,
    /// `mild`, `moderate`, `severe` or none.
    pub severity: Option<String>,
}

/// A follow-up test, as exported.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FollowUpExport {
    /// Which test to repeat.
    pub test_name: String,
    /// When (ISO date).
    pub due_date: String,
    /// `pending` or `completed`.
    pub status: String,
}

/// A report with everything derived from it, for the data export.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReportExport {
    /// The report.
    #[serde(flatten)]
    pub report: ReportSummary,
    /// Its results.
    pub results: Vec<ResultExport>,
    /// Its follow-ups.
    pub follow_ups: Vec<FollowUpExport>,
}

/// What a person eats, for diet advice (SPEC §3 `dietPreference`, default non-vegetarian).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DietPreference {
    /// Vegetarian: no meat, fish or egg.
    Veg,
    /// Non-vegetarian.
    #[default]
    Nonveg,
}

impl DietPreference {
    /// The stored and serialised name.
    pub fn as_str(self) -> &'static str {
        match self {
            DietPreference::Veg => "veg",
            DietPreference::Nonveg => "nonveg",
        }
    }

    /// Reads a submitted value; anything but `veg` means the default, non-vegetarian.
    pub fn parse_or_default(s: &str) -> Self {
        if s.trim().eq_ignore_ascii_case("veg") { DietPreference::Veg } else { DietPreference::Nonveg }
    }
}

/// A cuisine a Pro diet plan draws its meals from (SPEC §2, wizard step 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cuisine {
    /// Indian.
    Indian,
    /// Middle Eastern.
    MiddleEastern,
    /// Western.
    Western,
    /// Chinese.
    Chinese,
    /// Japanese.
    Japanese,
    /// Mediterranean.
    Mediterranean,
}

impl Cuisine {
    /// Every cuisine, in the wizard's order.
    pub const ALL: [Cuisine; 6] = [
        Cuisine::Indian,
        Cuisine::MiddleEastern,
        Cuisine::Western,
        Cuisine::Chinese,
        Cuisine::Japanese,
        Cuisine::Mediterranean,
    ];

    /// The stored name (`middle_eastern`).
    pub fn as_str(self) -> &'static str {
        match self {
            Cuisine::Indian => "indian",
            Cuisine::MiddleEastern => "middle_eastern",
            Cuisine::Western => "western",
            Cuisine::Chinese => "chinese",
            Cuisine::Japanese => "japanese",
            Cuisine::Mediterranean => "mediterranean",
        }
    }

    /// The name the wizard shows ("Middle Eastern").
    pub fn label(self) -> &'static str {
        match self {
            Cuisine::Indian => "Indian",
            Cuisine::MiddleEastern => "Middle Eastern",
            Cuisine::Western => "Western",
            Cuisine::Chinese => "Chinese",
            Cuisine::Japanese => "Japanese",
            Cuisine::Mediterranean => "Mediterranean",
        }
    }

    /// Reads a name as the wizard shows it ("Middle Eastern") or as stored ("middle_eastern").
    pub fn parse(s: &str) -> Option<Self> {
        let key: String = s.chars().filter(char::is_ascii_alphabetic).collect::<String>().to_ascii_lowercase();
        Cuisine::ALL.into_iter().find(|c| c.as_str().replace('_', "") == key)
    }

    /// Reads a comma-separated list, ignoring unknown names and repeats.
    pub fn parse_list(s: &str) -> Vec<Self> {
        let mut out = Vec::new();
        for c in s.split(',').filter_map(Cuisine::parse) {
            if !out.contains(&c) {
                out.push(c);
            }
        }
        out
    }

    /// The stored form of a list.
    pub fn join(list: &[Cuisine]) -> String {
        list.iter().map(|c| c.as_str()).collect::<Vec<_>>().join(",")
    }
}

/// What the advice is tailored to: diet, and for Pro diet plans the cuisines.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Preferences {
    /// Vegetarian or not.
    pub diet: DietPreference,
    /// Cuisines for diet plans; empty means the default for the person's region.
    pub cuisines: Vec<Cuisine>,
}

impl Preferences {
    /// Diet only.
    pub fn diet(diet: DietPreference) -> Self {
        Preferences { diet, cuisines: Vec::new() }
    }

    /// One-line form for a job payload: `veg` or `veg;indian,western`.
    pub fn encode(&self) -> String {
        if self.cuisines.is_empty() {
            self.diet.as_str().to_string()
        } else {
            format!("{};{}", self.diet.as_str(), Cuisine::join(&self.cuisines))
        }
    }

    /// Reads [`Preferences::encode`]'s form; anything unreadable gives the defaults.
    pub fn decode(s: &str) -> Self {
        let (diet, cuisines) = s.split_once(';').unwrap_or((s, ""));
        Preferences { diet: DietPreference::parse_or_default(diet), cuisines: Cuisine::parse_list(cuisines) }
    }
}

/// The value to show a person for a result stored as `text` (as read) and `number` (as
/// taken): the text, unless the reader took another number than the text says, where OCR
/// lost a decimal point (`113` taken as 11.3) or read a 1 as a letter (`Li`). The number is
/// what the result was flagged and graded by, so it is what the person sees.
#[must_use]
pub fn shown_value(text: &str, number: Option<f64>) -> String {
    match number {
        Some(n) if crate::reading::parse_value(text).and_then(|v| v.number) != Some(n) => n.to_string(),
        _ => text.to_string(),
    }
}

/// One result as stored after reading and interpretation.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StoredResult {
    /// Test name as printed.
    pub test_name: String,
    /// The catalog's key for the test, when known.
    pub canonical: Option<String>,
    /// Value as printed.
    pub value_text: String,
    /// Parsed value.
    pub value: Option<f64>,
    /// Unit as printed.
    pub unit: Option<String>,
    /// Lower reference bound.
    pub reference_low: Option<f64>,
    /// Upper reference bound.
    pub reference_high: Option<f64>,
    /// Reference as printed.
    pub reference_text: Option<String>,
    /// `high`, `low`, `positive` or none.
    pub flag: Option<String>,
    /// `mild`, `moderate`, `severe` or none.
    pub severity: Option<String>,
    /// 1-based page.
    pub page: Option<u32>,
}

/// A recommendation (SPEC §3), as stored and served.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Recommendation {
    /// Stable id within the report.
    pub id: String,
    /// Headline.
    pub title: String,
    /// What to do and why.
    pub description: String,
    /// `supplement`, `lifestyle`, `diet`, `exercise` or `consult`.
    #[serde(rename = "type")]
    pub kind: String,
    /// For how long, e.g. "3 months".
    pub duration: String,
    /// Icon name for the card.
    pub icon: String,
    /// The test (or tests) it answers.
    pub test_name: String,
    /// The Pro journey; only ever served to Pro users.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pro_journey: Option<serde_json::Value>,
}

/// A follow-up test (SPEC §3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FollowUp {
    /// Id.
    pub id: String,
    /// Which test to repeat.
    pub test_name: String,
    /// When (ISO date).
    pub due_date: chrono::NaiveDate,
    /// `pending` or `completed`.
    pub status: String,
}

/// An abnormal result (SPEC §3), with its severity.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AbnormalResult {
    /// Id.
    pub id: String,
    /// Test name as printed.
    pub test_name: String,
    /// The catalog's key, when known (the UI draws custom scales by it).
    pub canonical: Option<String>,
    /// Value as printed (numbers and qualitative results alike).
    pub value: String,
    /// Unit as printed.
    pub unit: Option<String>,
    /// Lower reference bound.
    pub reference_range_min: Option<f64>,
    /// Upper reference bound.
    pub reference_range_max: Option<f64>,
    /// `high`, `low` or `positive`.
    pub abnormal_type: String,
    /// `mild`, `moderate` or `severe`.
    pub severity: Option<String>,
    /// When the sample was taken, else when the report was uploaded (ISO date).
    pub test_date: chrono::NaiveDate,
}

/// Advice derived from a report's results.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Advice {
    /// Recommendations, merged across results, most severe first.
    pub recommendations: Vec<Recommendation>,
    /// Follow-up tests (test name and days from the report to the retest).
    pub follow_ups: Vec<PlannedFollowUp>,
}

/// A follow-up test to schedule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlannedFollowUp {
    /// Which test to repeat.
    pub test_name: String,
    /// Days after the report.
    pub after_days: u32,
}

/// `GET /api/reports/{id}/details` without the plan-specific parts.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReportDetails {
    /// Processing state.
    pub status: ReportStatus,
    /// Results outside their range, or positive.
    pub abnormal_results: Vec<AbnormalResult>,
    /// Recommendations, in order.
    pub recommendations: Vec<Recommendation>,
    /// Follow-up tests.
    pub follow_ups: Vec<FollowUp>,
}

/// Where an accepted upload's bytes live.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredFile {
    /// The file store's key (server-generated).
    pub storage_key: String,
    /// The name it was uploaded with.
    pub file_name: String,
    /// MIME type, from sniffing.
    pub content_type: String,
}

/// A report the upload service accepted, to be stored with its processing job.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewReport {
    /// Its id.
    pub id: ReportId,
    /// Its owner.
    pub user: ht_kernel::UserId,
    /// The name it was uploaded with.
    pub file_name: String,
    /// SHA-256 of the bytes, hex.
    pub sha256: String,
    /// The file store's key.
    pub storage_key: String,
    /// MIME type, from sniffing.
    pub content_type: String,
    /// When accepted.
    pub uploaded_at: DateTime<Utc>,
    /// What the advice should follow.
    pub prefs: Preferences,
}

/// What a worker needs to read a report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportSource {
    /// The owner.
    pub user: ht_kernel::UserId,
    /// Whether the owner is on Pro (journeys are made only then).
    pub is_pro: bool,
    /// Where the bytes are.
    pub file: StoredFile,
    /// What the advice should follow.
    pub prefs: Preferences,
    /// When it was uploaded.
    pub uploaded_at: DateTime<Utc>,
}

#[cfg(test)]
mod preference_tests {
    use super::*;

    #[test]
    fn a_value_is_shown_as_printed_unless_the_reader_took_another_number() {
        assert_eq!(shown_value("113", Some(11.3)), "11.3");
        assert_eq!(shown_value("Li", Some(1.0)), "1");
        for (text, number) in [("12.5", Some(12.5)), ("<0.5", Some(0.5)), ("1,50,000", Some(150_000.0))] {
            assert_eq!(shown_value(text, number), text);
        }
        assert_eq!(shown_value("Negative", None), "Negative");
    }

    #[test]
    fn cuisines_read_as_the_wizard_shows_them_or_as_stored() {
        assert_eq!(Cuisine::parse("Middle Eastern"), Some(Cuisine::MiddleEastern));
        assert_eq!(Cuisine::parse("middle_eastern"), Some(Cuisine::MiddleEastern));
        assert_eq!(Cuisine::parse("JAPANESE"), Some(Cuisine::Japanese));
        assert_eq!(Cuisine::parse("martian"), None);
        assert_eq!(Cuisine::parse_list("Indian, western,indian,,nope"), vec![Cuisine::Indian, Cuisine::Western]);
    }

    #[test]
    fn preferences_survive_a_job_payload_and_old_payloads_still_read() {
        let p = Preferences { diet: DietPreference::Veg, cuisines: vec![Cuisine::Chinese, Cuisine::Mediterranean] };
        assert_eq!(p.encode(), "veg;chinese,mediterranean");
        assert_eq!(Preferences::decode(&p.encode()), p);
        assert_eq!(Preferences::decode("veg"), Preferences::diet(DietPreference::Veg));
        assert_eq!(Preferences::decode("garbage;;"), Preferences::default());
    }
}
