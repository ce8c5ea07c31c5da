//! Advice from abnormal results, deterministic and grounded in published guidance.
//!
//! The knowledge base (`knowledge.json`, versioned) maps a biomarker and a direction (high, low,
//! positive) to recommendations, a follow-up test with its retest interval, and the specialists
//! who help, each entry citing its sources. [`interpret`] applies it to a report's results:
//! advice is merged across results, diet advice follows the person's diet, severe results always
//! get a consult, and results the knowledge base does not cover still get an honest consult card.

pub mod journey;
mod knowledge;
pub mod meals;
pub mod narration;

use std::collections::BTreeMap;

use ht_reports::{Advice, Cuisine, DietPreference, PlannedFollowUp, Preferences, Recommendation, StoredResult};
use ht_severity::Severity;
use serde::Serialize;

pub use knowledge::{Direction, Entry, Knowledge, knowledge};

/// Who the advice is for.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Profile {
    /// Diet for food advice.
    pub diet: DietPreference,
    /// Cuisines for Pro diet plans (empty: Indian).
    pub cuisines: Vec<Cuisine>,
    /// Pro users get a journey on every recommendation tied to an abnormal result.
    pub pro: bool,
}

impl Profile {
    /// A Free user's profile with this diet.
    pub fn free(diet: DietPreference) -> Self {
        Profile { diet, cuisines: Vec::new(), pro: false }
    }

    /// From stored preferences.
    pub fn new(prefs: &Preferences, pro: bool) -> Self {
        Profile { diet: prefs.diet, cuisines: prefs.cuisines.clone(), pro }
    }
}

/// A specialist to see, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Specialty {
    /// e.g. "Endocrinologist".
    pub name: String,
    /// What they do for these results.
    pub why: String,
    /// The printed test names that call for them.
    pub tests: Vec<String>,
}

/// Everything the interpretation produces for one report.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Interpretation {
    /// Recommendations and follow-ups (stored with the report).
    #[serde(flatten)]
    pub advice: Advice,
    /// Specialists, most relevant first.
    pub specialties: Vec<Specialty>,
    /// The "Why these specialists?" text.
    pub reasoning: String,
    /// Keys of the knowledge-base sources the advice rests on.
    pub sources: Vec<String>,
}

/// The severity stored on a result, if any.
fn severity_of(r: &StoredResult) -> Severity {
    match r.severity.as_deref() {
        Some("severe") => Severity::Severe,
        Some("mild") => Severity::Mild,
        _ => Severity::Moderate,
    }
}

fn direction_of(r: &StoredResult) -> Option<Direction> {
    match r.flag.as_deref()? {
        "high" => Some(Direction::High),
        "low" => Some(Direction::Low),
        "positive" => Some(Direction::Positive),
        _ => None,
    }
}

fn describe(r: &StoredResult, d: Direction) -> String {
    let word = match d {
        Direction::High => "high",
        Direction::Low => "low",
        Direction::Positive => "positive",
    };
    format!("{} is {word} ({})", r.test_name, severity_of(r).as_str())
}

/// Applies the knowledge base to a report's results.
pub fn interpret(results: &[StoredResult], profile: &Profile) -> Interpretation {
    let kb = knowledge();
    let mut abnormal: Vec<(&StoredResult, Direction)> =
        results.iter().filter_map(|r| direction_of(r).map(|d| (r, d))).collect();
    // Most severe first; the sort is stable, so report order breaks ties.
    abnormal.sort_by_key(|(r, _)| std::cmp::Reverse(severity_of(r)));

    let mut recs: Vec<Recommendation> = Vec::new();
    let mut follow: BTreeMap<String, u32> = BTreeMap::new();
    let mut follow_order: Vec<String> = Vec::new();
    let mut specialties: Vec<Specialty> = Vec::new();
    let mut reasons: Vec<String> = Vec::new();
    let mut sources: Vec<String> = Vec::new();

    let add_rec = |recs: &mut Vec<Recommendation>, mut rec: Recommendation| {
        if let Some(existing) = recs.iter_mut().find(|x| x.title == rec.title) {
            if !existing.test_name.split(", ").any(|t| t == rec.test_name) {
                existing.test_name = format!("{}, {}", existing.test_name, rec.test_name);
            }
        } else {
            rec.id = format!("rec-{}", recs.len() + 1);
            recs.push(rec);
        }
    };
    let mut add_follow = |test: &str, days: u32| {
        let slot = follow.entry(test.to_string()).or_insert_with(|| {
            follow_order.push(test.to_string());
            days
        });
        *slot = (*slot).min(days);
    };

    for (r, dir) in &abnormal {
        let severity = severity_of(r);
        let entries = r.canonical.as_deref().map(|c| kb.entries_for(c, *dir)).unwrap_or_default();
        // For Pro, every recommendation tied to this result carries the journey of its theme.
        // The journey (and its week of meals) is built once per theme of this result; each
        // recommendation then leads it with its own step.
        let mut journeys: BTreeMap<&str, journey::ProJourney> = BTreeMap::new();
        let mut journey_for = |theme: &'static str, first_step: &str| -> Option<serde_json::Value> {
            if !profile.pro {
                return None;
            }
            let base = match journeys.entry(theme) {
                std::collections::btree_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::btree_map::Entry::Vacant(e) => {
                    let t = journey::themes().get(theme)?;
                    e.insert(journey::build(t, r, *dir, severity, profile.diet, &profile.cuisines))
                }
            };
            serde_json::to_value(base.clone().with_first_step(first_step, &r.test_name)).ok()
        };
        if entries.is_empty() {
            let mut rec = fallback(r, *dir, severity);
            rec.pro_journey = journey_for("general", &rec.title);
            add_rec(&mut recs, rec);
            add_follow(&r.test_name, 90);
            add_specialty(
                &mut specialties,
                "General Physician",
                "can interpret results our guidance does not cover yet",
                &r.test_name,
            );
            reasons.push(describe(r, *dir));
            continue;
        }
        for entry in entries {
            for s in &entry.sources {
                if !sources.contains(s) {
                    sources.push(s.clone());
                }
            }
            let mut has_consult = false;
            for rec in &entry.recommendations {
                has_consult |= rec.kind == "consult";
                add_rec(
                    &mut recs,
                    Recommendation {
                        id: String::new(),
                        title: rec.title.clone(),
                        description: rec.text_for(profile.diet),
                        kind: rec.kind.clone(),
                        // A severe result is not a "within a month" matter.
                        duration: if rec.kind == "consult" && severity == Severity::Severe {
                            "Within 1 week".into()
                        } else {
                            rec.duration.clone()
                        },
                        icon: rec.icon.clone(),
                        test_name: r.test_name.clone(),
                        pro_journey: journey_for(&entry.journey, &rec.title),
                    },
                );
            }
            if severity == Severity::Severe && !has_consult {
                let mut rec = severe_consult(r);
                rec.pro_journey = journey_for(&entry.journey, &rec.title);
                add_rec(&mut recs, rec);
            }
            if let Some(f) = &entry.follow_up {
                add_follow(&f.test, f.after_days);
            }
            for s in entry.specialties.iter().filter(|s| s.min_severity.is_none_or(|m| severity >= m)) {
                add_specialty(&mut specialties, &s.name, &s.why, &r.test_name);
            }
        }
        reasons.push(describe(r, *dir));
    }

    let reasoning = if specialties.is_empty() {
        String::new()
    } else {
        let who: Vec<String> = specialties
            .iter()
            .map(|s| format!("{} {} {}; suggested for {}.", article(&s.name), s.name, s.why, s.tests.join(", ")))
            .collect();
        format!("Your report shows: {}. {}", reasons.join("; "), who.join(" "))
    };

    Interpretation {
        advice: Advice {
            recommendations: recs,
            follow_ups: follow_order
                .into_iter()
                .map(|t| PlannedFollowUp { after_days: follow.get(&t).copied().unwrap_or(90), test_name: t })
                .collect(),
        },
        specialties,
        reasoning,
        sources,
    }
}

fn article(name: &str) -> &'static str {
    if name.starts_with(['A', 'E', 'I', 'O', 'U']) { "An" } else { "A" }
}

fn add_specialty(list: &mut Vec<Specialty>, name: &str, why: &str, test: &str) {
    if let Some(s) = list.iter_mut().find(|s| s.name == name) {
        if !s.tests.iter().any(|t| t == test) {
            s.tests.push(test.to_string());
        }
    } else {
        list.push(Specialty { name: name.into(), why: why.into(), tests: vec![test.into()] });
    }
}

fn range_text(r: &StoredResult) -> String {
    match (r.reference_low, r.reference_high, r.reference_text.as_deref()) {
        (Some(l), Some(h), _) => format!("; reference {l}–{h}"),
        (None, Some(h), _) => format!("; reference up to {h}"),
        (Some(l), None, _) => format!("; reference above {l}"),
        (None, None, Some(t)) if !t.is_empty() => format!("; reference {t}"),
        _ => String::new(),
    }
}

fn fallback(r: &StoredResult, dir: Direction, severity: Severity) -> Recommendation {
    let unit = r.unit.as_deref().map(|u| format!(" {u}")).unwrap_or_default();
    let word = match dir {
        Direction::High => "above its reference range",
        Direction::Low => "below its reference range",
        Direction::Positive => "positive",
    };
    Recommendation {
        id: String::new(),
        title: format!("Discuss your {} result with a doctor", r.test_name),
        description: format!(
            "{} is {word} ({}{unit}{}). We do not have specific guidance for this test yet, so we will not guess; a doctor can interpret it with your history and other results.",
            r.test_name,
            r.value_text,
            range_text(r)
        ),
        kind: "consult".into(),
        duration: if severity == Severity::Severe { "Within 1 week".into() } else { "Within 4 weeks".into() },
        icon: "stethoscope".into(),
        test_name: r.test_name.clone(),
        pro_journey: None,
    }
}

fn severe_consult(r: &StoredResult) -> Recommendation {
    let unit = r.unit.as_deref().map(|u| format!(" {u}")).unwrap_or_default();
    Recommendation {
        id: String::new(),
        title: format!("See a doctor soon about your {}", r.test_name),
        description: format!(
            "{} is far outside its reference range ({}{unit}{}). Please see a doctor within a week; diet and lifestyle changes alone are not enough.",
            r.test_name,
            r.value_text,
            range_text(r)
        ),
        kind: "consult".into(),
        duration: "Within 1 week".into(),
        icon: "stethoscope".into(),
        test_name: r.test_name.clone(),
        pro_journey: None,
    }
}

#[cfg(test)]
mod tests;
