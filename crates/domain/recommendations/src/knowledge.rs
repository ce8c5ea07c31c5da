//! The knowledge base file and its lookups.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use ht_reports::DietPreference;
use ht_severity::Severity;
use serde::Deserialize;

/// Which way a result is abnormal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// Above the range.
    High,
    /// Below the range.
    Low,
    /// A positive (reactive, present) result where negative is normal.
    Positive,
}

/// The whole knowledge base.
#[derive(Debug, Deserialize)]
pub struct Knowledge {
    /// Version of the data.
    pub version: String,
    /// Citations by key.
    pub sources: BTreeMap<String, String>,
    /// Advice entries.
    pub entries: Vec<Entry>,
}

/// Advice for some biomarkers in one direction.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Entry {
    /// Catalog keys it applies to.
    pub markers: Vec<String>,
    /// Direction it applies to.
    pub direction: Direction,
    /// The Pro journey theme (`journeys.json`).
    pub journey: String,
    /// Keys into [`Knowledge::sources`].
    pub sources: Vec<String>,
    /// Recommendations.
    pub recommendations: Vec<Rec>,
    /// The retest.
    pub follow_up: Option<FollowUpSpec>,
    /// Specialists.
    pub specialties: Vec<SpecialtySpec>,
}

/// One recommendation's content.
#[derive(Debug, Deserialize)]
pub struct Rec {
    /// supplement, lifestyle, diet, exercise or consult.
    #[serde(rename = "type")]
    pub kind: String,
    /// Headline.
    pub title: String,
    /// Text for everyone.
    pub description: Option<String>,
    /// Text for vegetarians (diet advice).
    pub veg: Option<String>,
    /// Text for non-vegetarians (diet advice).
    pub nonveg: Option<String>,
    /// How long.
    pub duration: String,
    /// Icon name.
    pub icon: String,
}

impl Rec {
    /// The text for this diet.
    pub fn text_for(&self, diet: DietPreference) -> String {
        let specific = match diet {
            DietPreference::Veg => self.veg.as_ref(),
            DietPreference::Nonveg => self.nonveg.as_ref(),
        };
        specific.or(self.description.as_ref()).cloned().unwrap_or_default()
    }
}

/// A retest.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FollowUpSpec {
    /// Test to repeat.
    pub test: String,
    /// Days after the report.
    pub after_days: u32,
}

/// A specialist in an entry.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SpecialtySpec {
    /// Name.
    pub name: String,
    /// Why.
    pub why: String,
    /// Only from this severity up.
    #[serde(default, deserialize_with = "severity")]
    pub min_severity: Option<Severity>,
}

fn severity<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Severity>, D::Error> {
    let s: Option<String> = Option::deserialize(d)?;
    match s.as_deref() {
        None => Ok(None),
        Some("mild") => Ok(Some(Severity::Mild)),
        Some("moderate") => Ok(Some(Severity::Moderate)),
        Some("severe") => Ok(Some(Severity::Severe)),
        Some(other) => Err(serde::de::Error::custom(format!("unknown severity {other}"))),
    }
}

static KNOWLEDGE: LazyLock<Knowledge> = LazyLock::new(|| {
    serde_json::from_str(include_str!("knowledge.json")).unwrap_or_else(|e| Knowledge {
        // The file is checked by the tests; a broken build would give no advice rather than crash.
        version: format!("invalid: {e}"),
        sources: BTreeMap::new(),
        entries: Vec::new(),
    })
});

/// The knowledge base.
pub fn knowledge() -> &'static Knowledge {
    &KNOWLEDGE
}

impl Knowledge {
    /// Entries for a biomarker in a direction. A positive qualitative result also takes the
    /// advice for "high" (protein or glucose in urine, pus cells).
    pub fn entries_for(&self, key: &str, dir: Direction) -> Vec<&Entry> {
        self.entries
            .iter()
            .filter(|e| e.markers.iter().any(|m| m == key))
            .filter(|e| e.direction == dir || (dir == Direction::Positive && e.direction == Direction::High))
            .collect()
    }
}
