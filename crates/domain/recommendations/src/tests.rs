use super::*;
use ht_reports::catalog;
use std::collections::BTreeMap;

fn result(name: &str, value: f64, flag: &str, severity: &str) -> StoredResult {
    StoredResult {
        test_name: name.into(),
        canonical: catalog::lookup(name).map(|b| b.key.clone()),
        value_text: value.to_string(),
        value: Some(value),
        unit: None,
        reference_low: Some(1.0),
        reference_high: Some(2.0),
        reference_text: None,
        flag: Some(flag.into()),
        severity: Some(severity.into()),
        page: Some(1),
    }
}

fn veg() -> Profile {
    Profile::free(DietPreference::Veg)
}

#[test]
fn the_knowledge_base_is_valid_and_cites_known_sources() {
    let kb = knowledge();
    assert!(!kb.version.starts_with("invalid"), "{}", kb.version);
    assert!(kb.entries.len() >= 30);
    for e in &kb.entries {
        assert!(!e.sources.is_empty(), "{:?} cites nothing", e.markers);
        for s in &e.sources {
            assert!(kb.sources.contains_key(s), "unknown source {s}");
        }
        for m in &e.markers {
            assert!(catalog::by_key(m).is_some(), "{m} is not in the biomarker catalog");
        }
        for r in &e.recommendations {
            assert!(
                ["supplement", "lifestyle", "diet", "exercise", "consult"].contains(&r.kind.as_str()),
                "{}",
                r.kind
            );
            assert!(
                !r.text_for(DietPreference::Veg).is_empty() && !r.text_for(DietPreference::Nonveg).is_empty(),
                "{}",
                r.title
            );
        }
        assert!(!e.specialties.is_empty(), "{:?}", e.markers);
    }
}

#[test]
fn vegetarian_diet_advice_names_no_meat_fish_or_egg() {
    const ANIMAL: &[&str] =
        &["meat", "chicken", "fish", "egg", "liver", "mutton", "prawn", "shellfish", "salmon", "sardine", "mackerel"];
    for e in &knowledge().entries {
        for r in &e.recommendations {
            let text = r.text_for(DietPreference::Veg).to_lowercase();
            for a in ANIMAL {
                // "liver" the organ appears in advice about the liver itself; only food lists matter.
                if *a == "liver" && !text.contains("chicken liver") {
                    continue;
                }
                assert!(!text.contains(a), "vegetarian text of {:?} mentions {a}: {text}", r.title);
            }
        }
    }
}

#[test]
fn low_haemoglobin_gets_iron_advice_a_cbc_retest_and_a_physician() {
    let out = interpret(&[result("Haemoglobin", 10.1, "low", "moderate")], &veg());
    let titles: Vec<&str> = out.advice.recommendations.iter().map(|r| r.title.as_str()).collect();
    assert!(titles.contains(&"Eat iron-rich foods every day"), "{titles:?}");
    let diet = out.advice.recommendations.iter().find(|r| r.kind == "diet").unwrap();
    assert!(diet.description.contains("dals") && !diet.description.contains("meat"));
    assert_eq!(
        out.advice.follow_ups,
        vec![PlannedFollowUp { test_name: "Complete blood count".into(), after_days: 90 }]
    );
    assert_eq!(out.specialties[0].name, "General Physician");
    assert!(!out.specialties.iter().any(|s| s.name == "Hematologist"), "haematologist only when severe");
    assert!(out.reasoning.contains("Haemoglobin is low"), "{}", out.reasoning);
    assert!(out.sources.contains(&"WHOHB2024".to_string()));
}

#[test]
fn severe_results_always_get_a_consult() {
    // The triglyceride entry has no consult card of its own.
    let mild = interpret(&[result("Triglycerides", 180.0, "high", "mild")], &veg());
    assert!(!mild.advice.recommendations.iter().any(|r| r.kind == "consult"));
    let severe = interpret(&[result("Triglycerides", 900.0, "high", "severe")], &veg());
    assert!(severe.advice.recommendations.iter().any(|r| r.kind == "consult" && r.test_name == "Triglycerides"));
    assert!(severe.specialties.iter().any(|s| s.name == "Endocrinologist"));
}

#[test]
fn advice_shared_by_several_results_appears_once_naming_each() {
    let out = interpret(
        &[result("LDL Cholesterol", 170.0, "high", "severe"), result("Total Cholesterol", 260.0, "high", "moderate")],
        &veg(),
    );
    let diet: Vec<_> =
        out.advice.recommendations.iter().filter(|r| r.title == "Cut saturated fat and add soluble fibre").collect();
    assert_eq!(diet.len(), 1);
    assert_eq!(diet[0].test_name, "LDL Cholesterol, Total Cholesterol");
    assert_eq!(out.advice.follow_ups.len(), 1, "one lipid profile retest");
    let ids: std::collections::HashSet<_> = out.advice.recommendations.iter().map(|r| &r.id).collect();
    assert_eq!(ids.len(), out.advice.recommendations.len(), "ids are unique");
}

#[test]
fn an_uncovered_abnormal_result_gets_an_honest_consult_not_silence() {
    let out = interpret(&[result("Quantum flux", 9.0, "high", "moderate")], &veg());
    assert_eq!(out.advice.recommendations.len(), 1);
    let r = &out.advice.recommendations[0];
    assert_eq!(r.kind, "consult");
    assert!(r.description.contains("We do not have specific guidance"), "{}", r.description);
    assert!(r.description.contains("1–2"), "shows the range: {}", r.description);
}

#[test]
fn normal_results_give_no_advice() {
    let mut r = result("Haemoglobin", 14.0, "low", "mild");
    r.flag = None;
    r.severity = None;
    let out = interpret(&[r], &veg());
    assert!(out.advice.recommendations.is_empty() && out.advice.follow_ups.is_empty() && out.specialties.is_empty());
    assert!(out.reasoning.is_empty());
}

#[test]
fn a_positive_urine_protein_takes_the_kidney_advice() {
    let mut r = result("Urine Protein", 0.0, "positive", "severe");
    r.value = None;
    r.value_text = "Positive (++)".into();
    let out = interpret(&[r], &veg());
    assert!(out.specialties.iter().any(|s| s.name == "Nephrologist"), "{:?}", out.specialties);
}

#[test]
fn follow_ups_keep_the_earliest_interval() {
    let out = interpret(
        &[result("Platelet Count", 60.0, "low", "severe"), result("Haemoglobin", 9.0, "low", "moderate")],
        &veg(),
    );
    let cbc = out.advice.follow_ups.iter().find(|f| f.test_name == "Complete blood count").unwrap();
    assert_eq!(cbc.after_days, 14);
}

mod properties {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn every_abnormal_result_is_answered_and_severe_ones_by_a_consult(
            picks in proptest::collection::vec((0usize..171, 0usize..3, 0usize..3), 0..12)
        ) {
            let all = catalog::all();
            let results: Vec<StoredResult> = picks
                .iter()
                .map(|(i, d, s)| {
                    let b = &all[i % all.len()];
                    result(&b.name, 5.0, ["high", "low", "positive"][*d], ["mild", "moderate", "severe"][*s])
                })
                .collect();
            let out = interpret(&results, &Profile::default());
            for r in &results {
                prop_assert!(
                    out.advice.recommendations.iter().any(|x| x.test_name.split(", ").any(|t| t == r.test_name)),
                    "{} has no advice", r.test_name
                );
                if r.severity.as_deref() == Some("severe") {
                    prop_assert!(
                        out.advice.recommendations.iter().any(|x| x.kind == "consult" && x.test_name.split(", ").any(|t| t == r.test_name)),
                        "severe {} has no consult", r.test_name
                    );
                }
            }
        }
    }
}

// ---- Pro journeys -------------------------------------------------------------------------

const MEAT_FISH_EGG: &[&str] = &[
    "meat",
    "chicken",
    "mutton",
    "lamb",
    "beef",
    "pork",
    "turkey",
    "fish",
    "salmon",
    "sardine",
    "mackerel",
    "tuna",
    "prawn",
    "shrimp",
    "crab",
    "shellfish",
    "anchov",
    "bonito",
    "dashi",
    "egg",
    "omelette",
    "tamago",
    "shawarma",
    "souvlaki",
    "yakitori",
    "liver",
];

fn animal_words(text: &str) -> Vec<&'static str> {
    let t = text.to_lowercase();
    MEAT_FISH_EGG.iter().copied().filter(|w| t.contains(w)).collect()
}

fn plan_texts(p: &meals::WeekPlan) -> Vec<String> {
    let mut out = Vec::new();
    for m in p.days.iter().flat_map(|d| &d.meals) {
        out.push(m.name.clone());
        out.extend(m.items.iter().map(|i| format!("{} {}", i.name, i.notes)));
    }
    out.extend(p.groceries.iter().map(|g| g.item.clone()));
    out.extend(p.recipes.iter().map(|r| r.title.clone()));
    out
}

fn focuses() -> Vec<String> {
    let mut f: Vec<String> = journey::themes().values().map(|t| t.focus.clone()).collect();
    f.sort();
    f.dedup();
    f
}

fn pro(diet: DietPreference, cuisines: &[Cuisine]) -> Profile {
    Profile { diet, cuisines: cuisines.to_vec(), pro: true }
}

#[test]
fn the_meal_library_parses_and_every_cuisine_has_every_meal_for_both_diets() {
    let dishes = meals::parse(include_str!("meals.psv")).expect("meals.psv parses");
    assert!(dishes.len() >= 60, "{}", dishes.len());
    assert_eq!(dishes.len(), meals::library().len());
    for c in Cuisine::ALL {
        for slot in meals::Slot::ALL {
            assert!(dishes.iter().any(|d| d.cuisine == c && d.slot == slot && d.veg), "{c:?} {slot:?} has no veg dish");
        }
    }
    assert!(meals::parse("indian|lunch|x|maybe|||a:1:g:|r").is_err());
    assert!(meals::parse("indian|lunch|x|y|||a:lots:g:|r").is_err());
}

#[test]
fn a_vegetarian_plan_never_contains_meat_fish_or_egg_in_any_cuisine_or_focus() {
    for focus in focuses() {
        for c in Cuisine::ALL {
            let plan = meals::plan_week(&focus, DietPreference::Veg, &[c]);
            for text in plan_texts(&plan) {
                assert!(animal_words(&text).is_empty(), "{focus} {c:?}: {text}");
            }
        }
    }
    // The check itself can see animal foods: the non-vegetarian library has them in every cuisine.
    for c in Cuisine::ALL {
        let any = meals::library().iter().filter(|d| d.cuisine == c && !d.veg);
        assert!(any.flat_map(|d| d.items.iter()).any(|i| !animal_words(&i.name).is_empty()), "{c:?}");
    }
    // And every dish marked vegetarian really is.
    for d in meals::library().iter().filter(|d| d.veg) {
        assert!(
            animal_words(&d.name).is_empty() && d.items.iter().all(|i| animal_words(&i.name).is_empty()),
            "{}",
            d.name
        );
    }
}

#[test]
fn every_plan_has_seven_full_days_from_the_chosen_cuisines_only() {
    for focus in focuses() {
        for diet in [DietPreference::Veg, DietPreference::Nonveg] {
            for pair in [[Cuisine::Japanese, Cuisine::Mediterranean], [Cuisine::Indian, Cuisine::Chinese]] {
                let plan = meals::plan_week(&focus, diet, &pair);
                assert_eq!(plan.days.len(), 7);
                for d in &plan.days {
                    assert_eq!(d.meals.len(), 4, "{focus} {diet:?} {pair:?} {}", d.day);
                    for m in &d.meals {
                        let dish = meals::library().iter().find(|x| x.name == m.name).unwrap();
                        assert!(pair.contains(&dish.cuisine), "{} is not from {pair:?}", m.name);
                        assert!(!dish.avoid_for.contains(&focus), "{} is to be avoided for {focus}", m.name);
                    }
                }
                // Two cuisines alternate by day.
                let first =
                    |d: &meals::DayPlan| meals::library().iter().find(|x| x.name == d.meals[0].name).unwrap().cuisine;
                assert_ne!(first(&plan.days[0]), first(&plan.days[1]));
            }
        }
    }
}

#[test]
fn weekly_groceries_are_the_sum_of_the_daily_plan() {
    let plan = meals::plan_week("iron", DietPreference::Nonveg, &[Cuisine::Indian, Cuisine::Western]);
    let mut sums: BTreeMap<(String, String), f64> = BTreeMap::new();
    for i in plan.days.iter().flat_map(|d| &d.meals).flat_map(|m| &m.items) {
        *sums.entry((i.name.clone(), i.unit.clone())).or_default() += i.quantity;
    }
    assert_eq!(plan.groceries.len(), sums.len());
    for g in &plan.groceries {
        let want = sums[&(g.item.clone(), g.unit.clone())];
        assert!((g.quantity - want).abs() < 0.051, "{}: {} vs {want}", g.item, g.quantity);
    }
    // One recipe per distinct dish, each a link.
    assert!(!plan.recipes.is_empty());
    assert!(plan.recipes.iter().all(|r| r.url.starts_with("https://") && !r.url.contains(' ')));
}

#[test]
fn a_plan_for_a_focus_prefers_dishes_good_for_it() {
    let plan = meals::plan_week("iron", DietPreference::Veg, &[Cuisine::Indian]);
    let good = plan
        .days
        .iter()
        .flat_map(|d| &d.meals)
        .filter(|m| meals::library().iter().any(|x| x.name == m.name && x.good_for.iter().any(|g| g == "iron")))
        .count();
    assert!(good >= 21, "only {good} of 28 meals are iron-focused");
}

#[test]
fn every_theme_is_complete_and_its_macros_sum_to_100() {
    let themes = journey::themes();
    assert!(themes.len() >= 15, "journeys.json did not load: {}", themes.len());
    for (name, t) in themes {
        let m = t.diet.macros;
        assert_eq!(m.protein + m.carbs + m.fat, 100, "{name}");
        assert!(!t.short_term_plan.is_empty() && !t.long_term_plan.is_empty() && !t.milestones.is_empty(), "{name}");
        assert!(!t.action_steps.is_empty(), "{name}");
        assert!(t.diet.calories >= 1200 && t.diet.calories <= 3000, "{name}");
    }
    for e in &knowledge().entries {
        assert!(themes.contains_key(&e.journey), "{:?} names unknown theme {}", e.markers, e.journey);
    }
}

#[test]
fn pro_users_get_a_full_journey_on_every_recommendation_free_users_none() {
    let results = vec![
        result("Haemoglobin", 9.0, "low", "moderate"),
        result("LDL Cholesterol", 190.0, "high", "severe"),
        result("Mystery Marker", 5.0, "high", "mild"),
    ];
    let free = interpret(&results, &Profile::free(DietPreference::Nonveg));
    assert!(free.advice.recommendations.iter().all(|r| r.pro_journey.is_none()));

    let out = interpret(&results, &pro(DietPreference::Veg, &[Cuisine::Japanese]));
    assert_eq!(out.advice.recommendations.len(), free.advice.recommendations.len());
    for rec in &out.advice.recommendations {
        let j = rec.pro_journey.as_ref().unwrap_or_else(|| panic!("{} has no journey", rec.title));
        for field in [
            "severity",
            "currentSituation",
            "symptoms",
            "bodyImpact",
            "shortTermRisks",
            "longTermRisks",
            "recoveryTimeline",
            "monitoring",
            "shortTermPlan",
            "longTermPlan",
            "milestones",
            "actionSteps",
            "dietPlan",
        ] {
            assert!(j.get(field).is_some_and(|v| !v.is_null()), "{}: {field} missing", rec.title);
        }
        let step = &j["actionSteps"][0];
        for field in ["step", "timing", "duration", "calendarEntry"] {
            assert!(step.get(field).is_some(), "{field}");
        }
        let diet = &j["dietPlan"];
        let m = &diet["macros"];
        assert_eq!(m["protein"].as_u64().unwrap() + m["carbs"].as_u64().unwrap() + m["fat"].as_u64().unwrap(), 100);
        assert!(diet["caloriesPerDay"].as_u64().unwrap() > 0);
        assert_eq!(diet["dailyPlan"].as_array().unwrap().len(), 7);
        assert!(!diet["weeklyGroceries"].as_array().unwrap().is_empty());
        assert!(diet["recipes"][0]["url"].is_string());
        assert!(animal_words(&diet["dailyPlan"].to_string()).is_empty(), "veg plan: {}", diet["dailyPlan"]);
    }
    let hb = out.advice.recommendations.iter().find(|r| r.test_name.starts_with("Haemoglobin")).unwrap();
    let j = hb.pro_journey.as_ref().unwrap();
    assert_eq!(j["severity"], "moderate");
    let situation = j["currentSituation"].as_str().unwrap();
    assert!(
        situation.contains("Haemoglobin is 9") && situation.contains("below the reference range of 1–2"),
        "{situation}"
    );
    assert!(j["dietPlan"]["summary"].as_str().unwrap().contains("Japanese"));
    let ldl = out.advice.recommendations.iter().find(|r| r.test_name.contains("LDL")).unwrap();
    assert_eq!(ldl.pro_journey.as_ref().unwrap()["severity"], "severe");
}

#[test]
fn a_severe_result_makes_its_consult_urgent_and_a_mild_one_does_not() {
    let severe = interpret(&[result("Haemoglobin", 6.0, "low", "severe")], &veg());
    let consult = severe.advice.recommendations.iter().find(|r| r.kind == "consult").unwrap();
    assert_eq!(consult.duration, "Within 1 week");
    let mild = interpret(&[result("Haemoglobin", 12.5, "low", "mild")], &veg());
    let consult = mild.advice.recommendations.iter().find(|r| r.kind == "consult").unwrap();
    assert_ne!(consult.duration, "Within 1 week");
}
