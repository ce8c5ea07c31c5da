//! The meal library (`meals.psv`) and the 7-day plans built from it.

use std::sync::LazyLock;

use ht_reports::{Cuisine, DietPreference};
use serde::Serialize;

/// One food in a meal.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Item {
    /// Food.
    pub name: String,
    /// Amount per serving.
    pub quantity: f64,
    /// g, ml, piece, slice, sheet.
    pub unit: String,
    /// Preparation hint, possibly empty.
    pub notes: String,
}

/// A dish in the library.
#[derive(Debug, Clone, PartialEq)]
pub struct Dish {
    /// Cuisine.
    pub cuisine: Cuisine,
    /// breakfast, lunch, snack or dinner.
    pub slot: Slot,
    /// Dish name.
    pub name: String,
    /// Free of meat, fish and egg.
    pub veg: bool,
    /// Diet focuses it suits.
    pub good_for: Vec<String>,
    /// Diet focuses it must not appear in.
    pub avoid_for: Vec<String>,
    /// Ingredients for one serving.
    pub items: Vec<Item>,
    /// A recipe to search for.
    pub recipe: String,
}

/// A meal of the day.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Slot {
    /// Morning.
    Breakfast,
    /// Midday.
    Lunch,
    /// Afternoon.
    Snack,
    /// Evening.
    Dinner,
}

impl Slot {
    /// Every slot in the order of a day.
    pub const ALL: [Slot; 4] = [Slot::Breakfast, Slot::Lunch, Slot::Snack, Slot::Dinner];

    /// Label shown in the plan.
    pub fn label(self) -> &'static str {
        match self {
            Slot::Breakfast => "Breakfast",
            Slot::Lunch => "Lunch",
            Slot::Snack => "Snack",
            Slot::Dinner => "Dinner",
        }
    }

    fn parse(s: &str) -> Option<Self> {
        Slot::ALL.into_iter().find(|x| x.label().eq_ignore_ascii_case(s))
    }
}

/// Parses the library; a malformed line is an error naming it (the tests read the real file).
pub fn parse(text: &str) -> Result<Vec<Dish>, String> {
    let mut dishes = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |what: &str| format!("meals.psv line {}: {what}", n + 1);
        let f: Vec<&str> = line.split('|').collect();
        let [cuisine, slot, name, veg, good, avoid, items, recipe] = f[..] else {
            return Err(bad("expected 8 fields"));
        };
        let items = items
            .split(';')
            .map(|it| {
                let p: Vec<&str> = it.trim().split(':').collect();
                match p[..] {
                    [name, qty, unit, notes] => Ok(Item {
                        name: name.trim().into(),
                        quantity: qty.trim().parse().map_err(|_| bad("quantity"))?,
                        unit: unit.trim().into(),
                        notes: notes.trim().into(),
                    }),
                    _ => Err(bad("item needs name:quantity:unit:notes")),
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        let tags = |s: &str| s.split_whitespace().filter(|t| *t != "none").map(String::from).collect();
        dishes.push(Dish {
            cuisine: Cuisine::parse(cuisine).ok_or_else(|| bad("cuisine"))?,
            slot: Slot::parse(slot).ok_or_else(|| bad("slot"))?,
            name: name.trim().into(),
            veg: match veg {
                "y" => true,
                "n" => false,
                _ => return Err(bad("veg must be y or n")),
            },
            good_for: tags(good),
            avoid_for: tags(avoid),
            items,
            recipe: recipe.trim().into(),
        });
    }
    Ok(dishes)
}

static LIBRARY: LazyLock<Vec<Dish>> = LazyLock::new(|| parse(include_str!("meals.psv")).unwrap_or_default());

/// The meal library.
pub fn library() -> &'static [Dish] {
    &LIBRARY
}

/// One meal of a planned day.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlannedMeal {
    /// Breakfast, Lunch, Snack or Dinner.
    pub meal: String,
    /// The dish.
    pub name: String,
    /// Its ingredients.
    pub items: Vec<Item>,
}

/// One day of the plan.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DayPlan {
    /// "Day 1" to "Day 7".
    pub day: String,
    /// Its meals.
    pub meals: Vec<PlannedMeal>,
}

/// A week's shopping line.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Grocery {
    /// Food.
    pub item: String,
    /// Sum over the week.
    pub quantity: f64,
    /// Unit.
    pub unit: String,
}

/// A recipe link.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Recipe {
    /// Dish.
    pub title: String,
    /// A web search for the recipe (we do not host recipes, and a search link cannot go stale).
    pub url: String,
}

/// A 7-day plan for a diet focus.
#[derive(Debug, Clone, PartialEq)]
pub struct WeekPlan {
    /// Days 1–7.
    pub days: Vec<DayPlan>,
    /// Summed from the days.
    pub groceries: Vec<Grocery>,
    /// One per distinct dish.
    pub recipes: Vec<Recipe>,
}

/// The cuisines a plan draws from: the chosen ones, or Indian when none is chosen.
pub fn chosen_or_default(cuisines: &[Cuisine]) -> &[Cuisine] {
    if cuisines.is_empty() { &[Cuisine::Indian] } else { cuisines }
}

/// Plans a week: each day takes its meals from the chosen cuisines in turn, vegetarians get only
/// vegetarian dishes, dishes to avoid for the focus are left out, and dishes good for the focus
/// come first. No cuisine chosen means Indian.
pub fn plan_week(focus: &str, diet: DietPreference, cuisines: &[Cuisine]) -> WeekPlan {
    let cuisines = chosen_or_default(cuisines);
    let allowed = |d: &&Dish| (d.veg || diet == DietPreference::Nonveg) && !d.avoid_for.iter().any(|a| a == focus);
    let mut days = Vec::with_capacity(7);
    for day in 0..7usize {
        let mut meals = Vec::with_capacity(4);
        for slot in Slot::ALL {
            // This day's cuisine first, then the others chosen, so a slot is never empty when any
            // chosen cuisine has a fitting dish.
            let order = (0..cuisines.len()).map(|i| cuisines[(day + i) % cuisines.len()]);
            let pick = order.into_iter().find_map(|cuisine| {
                let mut options: Vec<&Dish> =
                    library().iter().filter(|d| d.cuisine == cuisine && d.slot == slot).filter(allowed).collect();
                if options.is_empty() {
                    return None;
                }
                // Stable: dishes good for the focus first, library order otherwise.
                options.sort_by_key(|d| !d.good_for.iter().any(|g| g == focus));
                let good = options.iter().filter(|d| d.good_for.iter().any(|g| g == focus)).count();
                // Rotate among the good ones when there are two or more, else among all.
                let pool = if good >= 2 { good } else { options.len() };
                Some(options[(day / cuisines.len()) % pool])
            });
            if let Some(d) = pick {
                meals.push(PlannedMeal { meal: slot.label().into(), name: d.name.clone(), items: d.items.clone() });
            }
        }
        days.push(DayPlan { day: format!("Day {}", day + 1), meals });
    }
    let mut groceries: Vec<Grocery> = Vec::new();
    for item in days.iter().flat_map(|d| &d.meals).flat_map(|m| &m.items) {
        match groceries.iter_mut().find(|g| g.item == item.name && g.unit == item.unit) {
            Some(g) => g.quantity += item.quantity,
            None => {
                groceries.push(Grocery { item: item.name.clone(), quantity: item.quantity, unit: item.unit.clone() })
            }
        }
    }
    for g in &mut groceries {
        g.quantity = (g.quantity * 10.0).round() / 10.0;
    }
    let mut recipes: Vec<Recipe> = Vec::new();
    for name in days.iter().flat_map(|d| &d.meals).map(|m| &m.name) {
        let Some(dish) = library().iter().find(|d| &d.name == name) else { continue };
        if !recipes.iter().any(|r| r.title == dish.recipe) {
            recipes.push(Recipe { title: dish.recipe.clone(), url: search_url(&format!("{} recipe", dish.recipe)) });
        }
    }
    WeekPlan { days, groceries, recipes }
}

fn search_url(q: &str) -> String {
    let mut enc = String::new();
    for b in q.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => enc.push(b as char),
            b' ' => enc.push('+'),
            _ => enc.push_str(&format!("%{b:02X}")),
        }
    }
    format!("https://www.google.com/search?q={enc}")
}
