//! The optional narrator: a language model may rewrite a journey's plain-language texts for the
//! person's situation. The port receives only test facts, sex and age band (never a name, e-mail
//! or file), and any failure keeps the deterministic text.

use std::collections::HashMap;

use async_trait::async_trait;
use ht_reports::{Advice, StoredResult};
use serde::{Deserialize, Serialize};

use crate::journey::Education;

/// Everything that may leave the server for one result.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NarrationFacts {
    /// Test name as printed.
    pub test: String,
    /// Value as printed.
    pub value: String,
    /// Unit as printed.
    pub unit: Option<String>,
    /// Lower reference bound.
    pub reference_low: Option<f64>,
    /// Upper reference bound.
    pub reference_high: Option<f64>,
    /// high, low or positive.
    pub flag: String,
    /// mild, moderate or severe.
    pub severity: String,
    /// male or female, when the report says.
    pub sex: Option<String>,
    /// A ten-year band such as "40-49", when the report gives an age.
    pub age_band: Option<String>,
}

/// The journey texts a narrator may rewrite: the person's situation and the theme's education.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct JourneyTexts {
    /// Current Situation.
    pub current_situation: String,
    /// What You Might Experience, How This Affects Your Body, the risks, recovery and monitoring.
    #[serde(flatten)]
    pub education: Education,
}

impl JourneyTexts {
    /// Whether a rewrite is usable: every text present, none empty or runaway.
    pub fn is_usable(&self) -> bool {
        std::iter::once(self.current_situation.as_str())
            .chain(self.education.texts())
            .all(|t| !t.trim().is_empty() && t.chars().count() <= 1500)
    }
}

/// Why a narration failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NarratorError {
    /// No answer in time.
    #[error("the narrator did not answer in time")]
    Timeout,
    /// The service failed.
    #[error("the narrator failed: {0}")]
    Service(String),
    /// The answer was not the texts asked for.
    #[error("the narrator's answer was malformed: {0}")]
    Malformed(String),
}

/// Rewrites journey texts (port; the LLM adapter implements it).
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait Narrator: Send + Sync {
    /// Rewrites `texts` for the person with these facts.
    async fn narrate(&self, facts: &NarrationFacts, texts: &JourneyTexts) -> Result<JourneyTexts, NarratorError>;
}

/// Sex and age as the report printed them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Person {
    /// male or female.
    pub sex: Option<String>,
    /// Years.
    pub age: Option<u32>,
}

/// The ten-year band an age falls in.
pub fn age_band(age: u32) -> String {
    let low = age / 10 * 10;
    format!("{low}-{}", low + 9)
}

/// Rewrites the texts of every journey in `advice` through `narrator`, one call per test; a
/// failed or unusable answer keeps the deterministic text. Returns how many tests were narrated.
pub async fn narrate_journeys(
    advice: &mut Advice,
    results: &[StoredResult],
    person: &Person,
    narrator: &dyn Narrator,
) -> usize {
    let mut done: HashMap<String, Option<JourneyTexts>> = HashMap::new();
    for rec in &mut advice.recommendations {
        let Some(journey) = rec.pro_journey.as_mut() else { continue };
        let test = rec.test_name.split(", ").next().unwrap_or_default().to_string();
        if !done.contains_key(&test) {
            // A journey's JSON holds these texts among its other fields.
            let texts = JourneyTexts::deserialize(&*journey).ok();
            let rewritten = match (results.iter().find(|r| r.test_name == test), texts) {
                (Some(r), Some(texts)) => {
                    let facts = NarrationFacts {
                        test: r.test_name.clone(),
                        value: r.value_text.clone(),
                        unit: r.unit.clone(),
                        reference_low: r.reference_low,
                        reference_high: r.reference_high,
                        flag: r.flag.clone().unwrap_or_default(),
                        severity: r.severity.clone().unwrap_or_default(),
                        sex: person.sex.clone(),
                        age_band: person.age.map(age_band),
                    };
                    match narrator.narrate(&facts, &texts).await {
                        Ok(t) if t.is_usable() => Some(t),
                        Ok(_) => {
                            tracing::warn!(test = %test, "narration unusable; keeping the standard text");
                            None
                        }
                        Err(e) => {
                            tracing::warn!(test = %test, error = %e, "narration failed; keeping the standard text");
                            None
                        }
                    }
                }
                _ => None,
            };
            done.insert(test.clone(), rewritten);
        }
        if let (Some(Some(texts)), Some(obj)) = (done.get(&test), journey.as_object_mut())
            && let Ok(serde_json::Value::Object(new)) = serde_json::to_value(texts)
        {
            obj.extend(new);
        }
    }
    done.values().filter(|t| t.is_some()).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Profile, interpret};
    use ht_reports::{DietPreference, catalog};

    fn results() -> Vec<StoredResult> {
        let r = |name: &str, v: f64, flag: &str| StoredResult {
            test_name: name.into(),
            canonical: catalog::lookup(name).map(|b| b.key.clone()),
            value_text: v.to_string(),
            value: Some(v),
            unit: Some("g/dL".into()),
            reference_low: Some(13.0),
            reference_high: Some(17.0),
            reference_text: None,
            flag: Some(flag.into()),
            severity: Some("moderate".into()),
            page: Some(1),
        };
        vec![r("Haemoglobin", 10.6, "low"), r("LDL Cholesterol", 190.0, "high")]
    }

    fn pro_advice(results: &[StoredResult]) -> Advice {
        interpret(results, &Profile { diet: DietPreference::Veg, cuisines: vec![], pro: true }).advice
    }

    fn rewritten(t: &JourneyTexts) -> JourneyTexts {
        JourneyTexts { current_situation: format!("For you: {}", t.current_situation), ..t.clone() }
    }

    #[tokio::test]
    async fn a_narrator_rewrites_each_tests_journey_once_from_facts_only() {
        let results = results();
        let mut advice = pro_advice(&results);
        let mut narrator = MockNarrator::new();
        narrator
            .expect_narrate()
            .withf(|facts, _| facts.age_band.as_deref() == Some("40-49") && facts.sex.as_deref() == Some("female"))
            .times(2) // two tests, several recommendations each, one call per test
            .returning(|_, t| Ok(rewritten(t)));
        let person = Person { sex: Some("female".into()), age: Some(47) };
        assert_eq!(narrate_journeys(&mut advice, &results, &person, &narrator).await, 2);
        for rec in &advice.recommendations {
            let j = rec.pro_journey.as_ref().unwrap();
            assert!(j["currentSituation"].as_str().unwrap().starts_with("For you: "), "{}", rec.title);
            assert!(j["dietPlan"]["dailyPlan"].is_array(), "the rest of the journey is kept");
        }
    }

    #[tokio::test]
    async fn a_failed_or_unusable_narration_keeps_the_standard_text() {
        let results = results();
        let before = pro_advice(&results);
        for failure in [
            Err(NarratorError::Timeout),
            Err(NarratorError::Malformed("not json".into())),
            Ok(JourneyTexts {
                current_situation: String::new(),
                education: Education {
                    symptoms: "x".into(),
                    body_impact: "x".into(),
                    short_term_risks: "x".into(),
                    long_term_risks: "x".into(),
                    recovery_timeline: "x".into(),
                    monitoring: "x".into(),
                },
            }),
        ] {
            let mut advice = before.clone();
            let mut narrator = MockNarrator::new();
            narrator.expect_narrate().returning(move |_, _| failure.clone());
            assert_eq!(narrate_journeys(&mut advice, &results, &Person::default(), &narrator).await, 0);
            assert_eq!(advice, before);
        }
    }

    #[test]
    fn age_bands_are_ten_years_wide() {
        assert_eq!(age_band(47), "40-49");
        assert_eq!(age_band(9), "0-9");
        assert_eq!(age_band(60), "60-69");
    }
}
