//! Pro journeys (SPEC §3 `proJourney`): the situation, risks, plans, action steps and a 7-day
//! diet plan for one abnormal result, from `journeys.json` and the meal library.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use ht_reports::{Cuisine, DietPreference, StoredResult};
use ht_severity::Severity;
use serde::{Deserialize, Serialize};

use crate::knowledge::Direction;
use crate::meals::{self, DayPlan, Grocery, Recipe};

/// Journey content shared by the entries of one theme.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Theme {
    /// The diet plan's focus tag (see `meals.psv`).
    pub focus: String,
    /// The education texts.
    #[serde(flatten)]
    pub education: Education,
    /// Next 2 months.
    pub short_term_plan: Vec<String>,
    /// 3–6 months.
    pub long_term_plan: Vec<String>,
    /// Checkpoints.
    pub milestones: Vec<String>,
    /// Concrete steps.
    pub action_steps: Vec<StepSpec>,
    /// Diet plan settings.
    pub diet: DietSpec,
}

/// The education texts of a journey: the same for everyone with the theme, so a narrator may
/// rewrite them for the person.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Education {
    /// What the person may notice.
    pub symptoms: String,
    /// What the result means for the body.
    pub body_impact: String,
    /// Risks in 1–3 months.
    pub short_term_risks: String,
    /// Risks after 6 months.
    pub long_term_risks: String,
    /// How recovery usually goes.
    pub recovery_timeline: String,
    /// Which tests, when.
    pub monitoring: String,
}

impl Education {
    /// Every text, for checks that apply to all of them.
    pub fn texts(&self) -> [&str; 6] {
        [
            &self.symptoms,
            &self.body_impact,
            &self.short_term_risks,
            &self.long_term_risks,
            &self.recovery_timeline,
            &self.monitoring,
        ]
    }
}

/// A step as written in the data file.
#[derive(Debug, Deserialize)]
pub struct StepSpec {
    /// What to do.
    pub step: String,
    /// When.
    pub timing: String,
    /// For how long.
    pub duration: String,
}

/// Diet settings of a theme.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DietSpec {
    /// Energy per day.
    pub calories: u32,
    /// Protein, carbs and fat in percent.
    pub macros: Macros,
    /// How long to follow it.
    pub recovery_duration: String,
    /// Summary for vegetarians.
    pub veg: String,
    /// Summary for everyone else.
    pub nonveg: String,
}

/// Energy split, percent of calories; the three sum to 100 (tested).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub struct Macros {
    /// Protein.
    pub protein: u32,
    /// Carbohydrate.
    pub carbs: u32,
    /// Fat.
    pub fat: u32,
}

#[derive(Debug, Deserialize)]
struct ThemeFile {
    themes: BTreeMap<String, Theme>,
}

static THEMES: LazyLock<BTreeMap<String, Theme>> = LazyLock::new(|| {
    serde_json::from_str::<ThemeFile>(include_str!("journeys.json")).map(|f| f.themes).unwrap_or_default()
});

/// Journey themes by name.
pub fn themes() -> &'static BTreeMap<String, Theme> {
    &THEMES
}

/// A step of the action plan.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ActionStep {
    /// What to do.
    pub step: String,
    /// When.
    pub timing: String,
    /// For how long.
    pub duration: String,
    /// The calendar event "Enable Calendar" creates.
    pub calendar_entry: CalendarEntry,
}

/// A calendar event.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CalendarEntry {
    /// Event title.
    pub title: String,
    /// Event description.
    pub details: String,
}

/// SPEC §3 dietPlan.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DietPlan {
    /// What the plan does.
    pub summary: String,
    /// Energy per day.
    pub calories_per_day: u32,
    /// Percent of energy.
    pub macros: Macros,
    /// How long to follow it.
    pub recovery_duration: String,
    /// Seven days of meals.
    pub daily_plan: Vec<DayPlan>,
    /// Summed from the daily plan.
    pub weekly_groceries: Vec<Grocery>,
    /// Recipes for the dishes.
    pub recipes: Vec<Recipe>,
}

/// SPEC §3 proJourney.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProJourney {
    /// mild, moderate or severe.
    pub severity: String,
    /// The person's own result in words.
    pub current_situation: String,
    /// What they might experience, how it affects the body, risks, recovery, monitoring.
    #[serde(flatten)]
    pub education: Education,
    /// Next 2 months.
    pub short_term_plan: Vec<String>,
    /// 3–6 months.
    pub long_term_plan: Vec<String>,
    /// Milestones.
    pub milestones: Vec<String>,
    /// Action plan.
    pub action_steps: Vec<ActionStep>,
    /// Dietary plan.
    pub diet_plan: DietPlan,
}

fn number(v: f64) -> String {
    let s = format!("{v:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The person's situation in one or two sentences, from their own numbers.
pub fn current_situation(r: &StoredResult, dir: Direction, severity: Severity) -> String {
    let unit = r.unit.as_deref().filter(|u| !u.is_empty()).map(|u| format!(" {u}")).unwrap_or_default();
    let range = match (r.reference_low, r.reference_high) {
        (Some(l), Some(h)) => format!("the reference range of {}–{}{unit}", number(l), number(h)),
        (None, Some(h)) => format!("the upper limit of {}{unit}", number(h)),
        (Some(l), None) => format!("the lower limit of {}{unit}", number(l)),
        (None, None) => r
            .reference_text
            .as_deref()
            .filter(|t| !t.is_empty())
            .map_or_else(|| "its reference range".to_string(), |t| format!("the reference \"{t}\"")),
    };
    let how = match dir {
        Direction::High => format!("above {range}"),
        Direction::Low => format!("below {range}"),
        Direction::Positive => format!("positive, where {range} is expected"),
    };
    let meaning = match severity {
        Severity::Mild => "This is a mild deviation: worth acting on with diet and lifestyle, and rechecking.",
        Severity::Moderate => {
            "This is a moderate deviation: act on it now and discuss it with a doctor at your next visit."
        }
        Severity::Severe => "This is a large deviation: please see a doctor soon rather than relying on diet alone.",
    };
    format!("Your {} is {}{unit}, {how}. {meaning}", r.test_name, r.value_text, unit = unit)
}

fn action_step(step: &str, timing: &str, duration: &str, test: &str) -> ActionStep {
    ActionStep {
        step: step.into(),
        timing: timing.into(),
        duration: duration.into(),
        calendar_entry: CalendarEntry {
            title: step.into(),
            details: format!("{timing} · {duration} · for your {test} result (Health Tracker Pro)"),
        },
    }
}

impl ProJourney {
    /// This journey with a recommendation as its first action step (a theme step with the same
    /// text gives way to it).
    #[must_use]
    pub fn with_first_step(mut self, step: &str, test: &str) -> Self {
        self.action_steps.retain(|s| s.step != step);
        self.action_steps.insert(0, action_step(step, "Starting this week", "See the recommendation", test));
        self
    }
}

/// Builds the journey for one abnormal result; [`ProJourney::with_first_step`] then ties it to
/// each of the result's recommendations.
pub fn build(
    theme: &Theme,
    r: &StoredResult,
    dir: Direction,
    severity: Severity,
    diet: DietPreference,
    cuisines: &[Cuisine],
) -> ProJourney {
    let week = meals::plan_week(&theme.focus, diet, cuisines);
    let mut steps: Vec<ActionStep> = Vec::new();
    for s in &theme.action_steps {
        if !steps.iter().any(|x| x.step == s.step) {
            steps.push(action_step(&s.step, &s.timing, &s.duration, &r.test_name));
        }
    }
    let summary = match diet {
        DietPreference::Veg => &theme.diet.veg,
        DietPreference::Nonveg => &theme.diet.nonveg,
    };
    let names: Vec<&str> = meals::chosen_or_default(cuisines).iter().map(|c| c.label()).collect();
    ProJourney {
        severity: severity.as_str().into(),
        current_situation: current_situation(r, dir, severity),
        education: theme.education.clone(),
        short_term_plan: theme.short_term_plan.clone(),
        long_term_plan: theme.long_term_plan.clone(),
        milestones: theme.milestones.clone(),
        action_steps: steps,
        diet_plan: DietPlan {
            summary: format!("{summary} Meals from: {}.", names.join(", ")),
            calories_per_day: theme.diet.calories,
            macros: theme.diet.macros,
            recovery_duration: theme.diet.recovery_duration.clone(),
            daily_plan: week.days,
            weekly_groceries: week.groceries,
            recipes: week.recipes,
        },
    }
}
