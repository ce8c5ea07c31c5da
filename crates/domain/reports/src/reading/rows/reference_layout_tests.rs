use super::tests::{page, photo_cells_page};
use super::*;

fn ranges(p: &Page, sex: Option<Sex>) -> Vec<(String, Option<f64>, Option<f64>)> {
    rows_from_page(p, sex)
        .into_iter()
        .map(|r| (r.name, r.range.as_ref().and_then(|x| x.low), r.range.as_ref().and_then(|x| x.high)))
        .collect()
}

#[test]
fn a_reference_printed_under_its_row_after_a_label_belongs_to_it() {
    let p = page(&[
        &[("TEST NAME", 20.0), ("TECHNOLOGY", 250.0), ("VALUE", 350.0), ("UNITS", 420.0)],
        &[("IRON", 20.0), ("PHOTOMETRY", 250.0), ("89.3", 350.0), ("ug/dL", 420.0)],
        &[("Bio. Ref. Interval. :", 20.0)],
        &[("Male : 65 - 175", 20.0)],
        &[("Female : 50 - 170", 20.0)],
        &[("Method : Ferrozine", 20.0)],
        &[("% TRANSFERRIN SATURATION", 20.0), ("CALCULATED", 250.0), ("24.14", 350.0), ("%", 420.0)],
        &[("Bio.Ref.Interval:", 20.0)],
        &[("13 - 45", 20.0)],
        &[("UIBC", 20.0), ("PHOTOMETRY", 250.0), ("280.7", 350.0), ("ug/dL", 420.0)],
        // A photo's OCR lost the label's colon.
        &[("Potassium (K+)", 20.0), ("ECLIA", 250.0), ("5.5", 350.0), ("mEq/L", 420.0)],
        &[("Bio. Ref, interval", 20.0), ("3.5-5.1 mEq/L", 150.0)],
        // … or read a letter of it wrong.
        &[("ALT", 20.0), ("Photometry", 250.0), ("11", 350.0), ("U/L", 420.0)],
        &[("Reterence Range", 20.0), ("Upto 41", 150.0)],
        &[("AST", 20.0), ("Photometry", 250.0), ("19", 350.0), ("U/L", 420.0)],
        &[("Reference Ranges :", 20.0), ("Upto 40", 150.0)],
    ]);
    assert_eq!(
        ranges(&p, Some(Sex::Female)),
        [
            ("IRON".to_string(), Some(50.0), Some(170.0)),
            ("% TRANSFERRIN SATURATION".to_string(), Some(13.0), Some(45.0)),
            ("UIBC".to_string(), None, None),
            ("Potassium (K+)".to_string(), Some(3.5), Some(5.1)),
            ("ALT".to_string(), None, Some(41.0)),
            ("AST".to_string(), None, Some(40.0)),
        ],
        "the next row is neither swallowed nor given the range above it"
    );
}

#[test]
fn a_range_split_by_sex_on_a_report_without_its_sex_keeps_its_text_and_gives_no_range() {
    let p = page(&[
        &[("TEST NAME", 20.0), ("TECHNOLOGY", 250.0), ("VALUE", 350.0), ("UNITS", 420.0)],
        &[("IRON", 20.0), ("PHOTOMETRY", 250.0), ("89.3", 350.0), ("ug/dL", 420.0)],
        &[("Bio. Ref. Interval. :", 20.0)],
        &[("Male : 65 - 175", 20.0)],
        &[("Female : 50 - 170", 20.0)],
        &[("Method : Ferrozine", 20.0)],
    ]);
    let rows = rows_from_page(&p, None);
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].range, None);
    assert_eq!(rows[0].range_text.as_deref(), Some("Male : 65 - 175; Female : 50 - 170"));
    // In the reference column, without a unit: still a result, with its reference as printed.
    let p = page(&[
        &[("Test", 20.0), ("Result", 200.0), ("Unit", 300.0), ("Reference", 400.0)],
        &[("Creatinine", 20.0), ("0.9", 200.0), ("M: 0.7-1.3 F: 0.6-1.1", 400.0)],
    ]);
    let rows = rows_from_page(&p, None);
    assert_eq!(rows.len(), 1);
    assert_eq!((rows[0].range.as_ref(), rows[0].range_text.as_deref()), (None, Some("M: 0.7-1.3 F: 0.6-1.1")));
    let known = rows_from_page(&p, Some(Sex::Female));
    assert_eq!(known[0].range.as_ref().and_then(|r| r.high), Some(1.1));
}

#[test]
fn tiers_continued_below_in_the_range_column_are_read_together() {
    let p = page(&[
        &[("Test", 20.0), ("Result", 200.0), ("Unit", 300.0), ("Biological Ref. Range", 400.0)],
        &[
            ("VITAMIN D Total (25-OH)", 20.0),
            (":", 180.0),
            ("22.80", 200.0),
            ("ng/mL", 300.0),
            ("Deficiency : < 20", 400.0),
        ],
        &[("Insufficiency: 21-30", 400.0)],
        &[("Sufficient : 31-100", 400.0)],
        &[("Toxic : >100", 400.0)],
        &[("Method:- CLIA", 20.0)],
    ]);
    assert_eq!(ranges(&p, None), [("VITAMIN D Total (25-OH)".to_string(), Some(31.0), Some(100.0))]);
}

#[test]
fn a_row_whose_value_a_scan_misread_is_not_taken_for_more_tiers_of_the_row_above() {
    let p = page(&[
        &[("Test", 20.0), ("Result", 200.0), ("Unit", 300.0), ("Biological Ref. Range", 400.0)],
        &[("Total Cholesterol", 20.0), ("144", 200.0), ("mg/dL", 300.0), ("Desirable : < 200", 400.0)],
        &[("Borderline : 200 - 239", 400.0)],
        &[("Triglycerides", 20.0), ("{i", 200.0), ("mg/dL", 300.0), ("Desirable : : 150", 400.0)],
        &[("Borderline High : 150 - 199", 400.0)],
        &[("High : 200 - 499", 400.0)],
        &[("HDL Cholesterol", 20.0), ("48", 200.0), ("mg/dL", 300.0), ("> 40", 400.0)],
    ]);
    let rows = rows_from_page(&p, None);
    let read: Vec<(&str, &str, Option<&str>)> =
        rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.range_text.as_deref())).collect();
    assert_eq!(
        read,
        [
            ("Total Cholesterol", "144", Some("Desirable : < 200; Borderline : 200 - 239")),
            ("Triglycerides", "", Some("Desirable : : 150; Borderline High : 150 - 199; High : 200 - 499")),
            ("HDL Cholesterol", "48", Some("> 40")),
        ]
    );
    assert_eq!(rows[1].range.as_ref().and_then(|r| r.high), Some(150.0));
}

#[test]
fn a_comparison_set_apart_from_its_bound_is_one_reference() {
    let p = page(&[
        &[("Test Name", 20.0), ("Result", 200.0), ("Unit", 300.0), ("Reference Range", 400.0)],
        &[("LDL CHOLESTEROL", 20.0), ("114", 200.0), ("mg/dL", 300.0), ("<", 400.0), ("100", 440.0)],
        &[("HDL CHOLESTEROL", 20.0), ("47", 200.0), ("mg/dL", 300.0), (">", 400.0), ("40", 440.0)],
    ]);
    assert_eq!(
        ranges(&p, None),
        [("LDL CHOLESTEROL".to_string(), None, Some(100.0)), ("HDL CHOLESTEROL".to_string(), Some(40.0), None)]
    );
}

#[test]
fn a_multiplier_set_apart_from_the_rest_of_its_unit_stays_in_the_unit() {
    let p = page(&[
        &[("Test Name", 20.0), ("Result", 200.0), ("Unit", 300.0), ("Reference Range", 400.0)],
        &[
            ("Neutrophils - Absolute Count", 20.0),
            ("3.19", 200.0),
            ("X", 300.0),
            ("103", 315.0),
            ("/", 340.0),
            ("pL", 352.0),
            ("2.0-7.0", 400.0),
        ],
        &[("PLATELET COUNT", 20.0), ("254", 200.0), ("X", 300.0), ("10\u{b3} / \u{b5}L", 320.0), ("150-410", 400.0)],
    ]);
    let rows = rows_from_page(&p, None);
    let units: Vec<Option<&str>> = rows.iter().map(|r| r.unit.as_deref()).collect();
    assert_eq!(units, [Some("X 103 / pL"), Some("X 10\u{b3} / \u{b5}L")]);
    assert_eq!(rows[0].range.as_ref().map(|r| (r.low, r.high)), Some((Some(2.0), Some(7.0))));
}

#[test]
fn a_tier_label_wrapped_onto_the_next_line_goes_on_from_it() {
    let p = page(&[
        &[("Test Name", 20.0), ("Result", 200.0), ("Unit", 300.0), ("Reference Range", 400.0)],
        &[("FBS", 20.0), ("88", 200.0), ("mg/dl", 300.0), ("ND:70-126 Impaired fasting", 400.0)],
        &[("blood sugar:", 400.0), ("101-126", 480.0)],
        &[("Urea", 20.0), ("17.50", 200.0), ("mg/dl", 300.0), ("17-47", 400.0)],
    ]);
    assert_eq!(ranges(&p, None)[0], ("FBS".to_string(), Some(70.0), Some(126.0)));
    // A line ending in a unit is a whole tier: the next is another.
    assert_eq!(join_tiers(&["Normal: 65-99 mg/dL".into(), "High: >100".into()]), "Normal: 65-99 mg/dL; High: >100");
}

#[test]
fn a_time_printed_before_the_reference_does_not_take_its_column() {
    // `08:15` holds a colon and digits like `Deficiency : < 20`; the tiers below belong to
    // the reference column, not to the time's.
    let p = page(&[
        &[("Test", 20.0), ("Result", 200.0), ("Unit", 260.0), ("Time", 330.0), ("Biological Ref. Range", 400.0)],
        &[
            ("VITAMIN D Total (25-OH)", 20.0),
            ("22.80", 200.0),
            ("ng/mL", 260.0),
            ("08:15", 330.0),
            ("Deficiency : < 20", 400.0),
        ],
        &[("Insufficiency: 21-30", 400.0)],
        &[("Sufficient : 31-100", 400.0)],
        &[("Method:- CLIA", 20.0)],
    ]);
    assert_eq!(ranges(&p, None), [("VITAMIN D Total (25-OH)".to_string(), Some(31.0), Some(100.0))]);
}

#[test]
fn a_flag_read_with_the_column_rule_before_it_leaves_the_name() {
    let p = page(&[
        &[("HGB-Hemoglobin. iL", 20.0), ("8.8", 250.0), ("g/dL", 330.0), ("11.7-15.5", 420.0)],
        &[("WBC |H", 20.0), ("15.4", 250.0), ("10^3/uL", 330.0), ("4-11", 420.0)],
        // A word of the name, or a capital I, stays.
        &[("Vitamin B12", 20.0), ("420", 250.0), ("pg/mL", 330.0), ("200-900", 420.0)],
        &[("Anti IL", 20.0), ("4.2", 250.0), ("pg/mL", 330.0), ("0-7", 420.0)],
    ]);
    let got: Vec<(String, Option<Flag>)> = rows_from_page(&p, None).into_iter().map(|r| (r.name, r.flag)).collect();
    let want =
        [("HGB-Hemoglobin.", Some(Flag::Low)), ("WBC", Some(Flag::High)), ("Vitamin B12", None), ("Anti IL", None)];
    assert_eq!(got, want.map(|(n, f)| (n.to_string(), f)));
}

#[test]
fn a_flag_column_before_the_value_is_not_part_of_the_name() {
    let p = page(&[
        &[("TESTLER", 20.0), ("SONUC", 200.0), ("BIRIM", 260.0), ("REFERANS", 330.0)],
        &[("RBC-Alyuvarlar", 20.0), ("L", 170.0), ("2.99", 200.0), ("Milyon/uL", 260.0), ("4.18 - 5.48", 330.0)],
        &[("Vitamin D", 20.0), ("31", 200.0), ("ng/mL", 260.0), ("30 - 100", 330.0)],
    ]);
    let rows = rows_from_page(&p, None);
    assert_eq!(rows[0].name, "RBC-Alyuvarlar");
    assert_eq!(rows[0].flag, Some(Flag::Low));
    assert_eq!(rows[1].name, "Vitamin D");
    assert_eq!(rows[1].flag, None);
}

#[test]
fn a_known_test_with_a_bare_number_is_a_result_and_other_bare_numbers_are_not() {
    let p = page(&[
        &[("Test", 20.0), ("Result", 200.0), ("Unit", 260.0), ("Reference", 330.0)],
        &[("HbA1c", 20.0), ("4.7", 200.0), ("%", 260.0), ("< 6", 330.0)],
        &[("eAG", 20.0), ("88.19", 200.0)],
        // A flag after it changes nothing.
        &[("Eosinophil", 20.0), ("9", 200.0), ("*", 230.0)],
        &[("Page", 20.0), ("2", 200.0)],
        &[("Sample Number", 20.0), ("88", 200.0), ("H", 230.0)],
    ]);
    let rows = rows_from_page(&p, None);
    let names: Vec<(&str, Option<Flag>)> = rows.iter().map(|r| (r.name.as_str(), r.flag)).collect();
    assert_eq!(names, [("HbA1c", None), ("eAG", None), ("Eosinophil", Some(Flag::Abnormal))]);
}

#[test]
fn a_known_test_with_a_bare_word_and_a_count_per_field_are_results() {
    let p = page(&[
        &[("Colour", 10.0), ("Pale Yellow", 200.0)],
        &[("Appearance", 10.0), ("Clear", 200.0)],
        &[("Urine Colour", 10.0), ("PALE YELLOW", 200.0), ("Colourless", 300.0)],
        &[("R.B.C/hpf", 10.0), ("0-1", 200.0)],
        // Neither a known test nor a count per field: a heading and a word.
        &[("Findings", 10.0), ("Clear", 200.0)],
        &[("Pus cells", 10.0), ("2-3", 200.0)],
    ]);
    let rows: Vec<(String, String)> = rows_from_page(&p, None).into_iter().map(|r| (r.name, r.value.text)).collect();
    assert_eq!(
        rows,
        [
            ("Colour".to_string(), "Pale Yellow".to_string()),
            ("Appearance".into(), "Clear".into()),
            ("Urine Colour".into(), "PALE YELLOW".into()),
            ("R.B.C/hpf".into(), "0-1".into()),
        ]
    );
}

#[test]
fn list_dashes_and_a_speck_before_a_name_are_not_part_of_it() {
    let p = page(&[
        &[("-Specific Gravity", 10.0), ("1.030", 200.0), ("1.005-1.030", 300.0)],
        &[("~Glucose", 10.0), ("90", 200.0), ("mg/dL", 250.0)],
        &[("/ RBC", 10.0), ("3.89", 200.0), ("mill/cumm", 250.0)],
        &[("f Hematocrit", 10.0), ("32.2", 200.0), ("%", 250.0)],
        &[("% Transferrin Saturation", 10.0), ("22", 200.0), ("%", 250.0)],
        // A ▲ before an abnormal result read as `&`, a footnote mark as a quote.
        &[("& Glucose”", 10.0), ("101", 200.0), ("mg/dL", 250.0)],
        &[("Insulin?", 10.0), ("10.1", 200.0), ("uIU/mL", 250.0)],
        // A header read as a row: `Unit` is not a test.
        &[("Unit", 10.0), ("Normal", 200.0), ("Value", 250.0), ("0-5", 300.0)],
    ]);
    let names: Vec<String> = rows_from_page(&p, None).into_iter().map(|r| r.name).collect();
    assert_eq!(
        names,
        ["Specific Gravity", "Glucose", "RBC", "Hematocrit", "% Transferrin Saturation", "Glucose", "Insulin"]
    );
}

#[test]
fn numbers_in_notes_and_citations_are_not_results() {
    let p = page(&[
        &[("testing of Beta Amyloid", 60.0), ("42", 200.0), ("and", 230.0), ("Beta Amyloid 40 has", 260.0)],
        &[("guideline. JCEM.", 60.0), ("2011", 200.0), ("Jul;", 230.0), ("96(7):1911-30.", 260.0)],
        &[("Beta-amyloid 42 B, 01", 10.0), ("14.75", 200.0), ("pg/mL", 260.0)],
        // A method where the unit goes, then the end of a citation's title.
        &[("Phosphorylated Tau", 60.0), ("217", 200.0), ("Immunoassay", 230.0), ("Pathology.\"", 330.0)],
    ]);
    let names: Vec<String> = rows_from_page(&p, None).into_iter().map(|r| r.name).collect();
    assert_eq!(names, ["Beta-amyloid 42"]);
}

#[test]
fn a_method_is_not_a_unit_and_a_word_result_beside_one_is_a_result() {
    let p = page(&[
        &[("Others", 10.0), ("NIL", 200.0), ("Microscopy", 300.0)],
        &[("Glucose", 10.0), ("90", 200.0), ("Hexokinase", 300.0)],
    ]);
    let rows: Vec<(String, Option<String>)> = rows_from_page(&p, None).into_iter().map(|r| (r.name, r.unit)).collect();
    assert_eq!(rows, [("Others".to_string(), None), ("Glucose".to_string(), None)]);
}

#[test]
fn a_footnote_mark_a_photo_read_into_a_known_name_is_dropped() {
    let p = page(&[
        // LabCorp's raised `A, 01` read level with the name, glued or apart.
        &[("BUNG", 10.0), ("15", 300.0), ("mg/dL", 350.0)],
        &[("Alkaline PhosphataseA", 10.0), ("54", 300.0), ("IU/L", 350.0)],
        &[("LDL-PAe", 10.0), ("1258", 300.0), ("nmol/L", 350.0)],
        &[("Alkaline Phosphatase\u{201c} a", 10.0), ("54", 300.0), ("IU/L", 350.0)],
        &[("Baso (Absolute) \u{ae} Ol", 10.0), ("0.1", 300.0), ("x10E3/uL", 350.0)],
        &[("Platelets\u{ae}", 10.0), ("301", 300.0), ("x10E3/uL", 350.0)],
        // Letters that are the name: fetal haemoglobin is not `Hb`, nor Protein S protein.
        &[("HbF", 10.0), ("0.5", 300.0), ("%", 350.0)],
        &[("Protein S", 10.0), ("110", 300.0), ("%", 350.0)],
    ]);
    let names: Vec<String> = rows_from_page(&p, None).into_iter().map(|r| r.name).collect();
    assert_eq!(
        names,
        [
            "BUN",
            "Alkaline Phosphatase",
            "LDL-P",
            "Alkaline Phosphatase",
            "Baso (Absolute)",
            "Platelets",
            "HbF",
            "Protein S"
        ]
    );
}

#[test]
fn a_method_read_into_a_known_name_is_dropped() {
    let p = page(&[
        &[("Bilirubin - Total Photometry", 10.0), ("0.67", 300.0), ("mg/dL", 350.0)],
        &[("Neutrophils Percentage Flow Cytometry", 10.0), ("52", 300.0), ("%", 350.0)],
        &[("Serum Globulin Calculated", 10.0), ("3.14", 300.0), ("gm/dL", 350.0)],
        // Misread in a photo.
        &[("Bilirubin - Direct Photornetry", 10.0), ("0.12", 300.0), ("mg/dL", 350.0)],
        &[("Serum Globulin Calculates", 10.0), ("3.14", 300.0), ("gm/dL", 350.0)],
        &[("HbA1c H.P.L.C", 10.0), ("5.4", 300.0), ("%", 350.0)],
        // A method that is the test, and a word after a name that is not a method.
        &[("Hb Electrophoresis", 10.0), ("96", 300.0), ("%", 350.0)],
        &[("Glucose Fasting", 10.0), ("90", 300.0), ("mg/dL", 350.0)],
        &[("UREA (CALCULATED)", 10.0), ("41.73", 300.0), ("mg/dL", 350.0)],
        // After a name with its unit in brackets, the method in a column of its own.
        &[("Free Thyroxine (FT4) (ng/dL)", 10.0), ("Flow Cytometry", 150.0), ("1.79", 300.0), ("0.93 - 1.70", 350.0)],
    ]);
    let names: Vec<String> = rows_from_page(&p, None).into_iter().map(|r| r.name).collect();
    assert_eq!(
        names,
        [
            "Bilirubin - Total",
            "Neutrophils Percentage",
            "Serum Globulin",
            "Bilirubin - Direct",
            "Serum Globulin",
            "HbA1c",
            "Hb Electrophoresis",
            "Glucose Fasting",
            "UREA (CALCULATED)",
            "Free Thyroxine (FT4)"
        ]
    );
}

#[test]
fn a_unit_printed_after_the_range_is_the_unit() {
    let p = page(&[
        &[("Hemoglobin (Hb)", 10.0), ("12.5", 150.0), ("Low", 190.0), ("13.0-17.0", 230.0), ("g/dL", 300.0)],
        &[("MCV", 10.0), ("87.75", 150.0), ("83-101", 230.0), ("fL", 300.0)],
        // Words after the range are a method or a comment, not a unit.
        &[("Glucose", 10.0), ("90", 150.0), ("70-99", 230.0), ("Hexokinase", 300.0)],
    ]);
    let units: Vec<Option<String>> = rows_from_page(&p, None).into_iter().map(|r| r.unit).collect();
    assert_eq!(units, [Some("g/dL".to_string()), Some("fL".into()), None]);
}

#[test]
fn a_misread_unit_after_a_result_whose_range_came_first_is_its_unit() {
    // Reference column left of the results, units last (a photo's reading).
    let p = page(&[
        &[("Lipase", 10.0), ("(13 - 60)", 150.0), ("11", 400.0), ("UNL", 450.0)],
        &[("CHOLESTEROL", 10.0), ("< 200", 150.0), ("232", 400.0), ("= mg/dL", 450.0)],
        // Its slash lost, and with a speck before it too.
        &[("GGT", 10.0), ("(8 - 61)", 150.0), ("70", 400.0), ("UL", 450.0)],
        &[("ALP", 10.0), ("(40 - 129)", 150.0), ("110", 400.0), ("=: UL", 450.0)],
        // Not one of the test's units, nor near one: no unit, speck or not.
        &[("Glucose", 10.0), ("(70 - 99)", 150.0), ("90", 400.0), ("Hexokinase", 450.0)],
        &[("Urea", 10.0), ("(17 - 43)", 150.0), ("22", 400.0), ("xyz", 450.0)],
        &[("Urea", 10.0), ("(17 - 43)", 150.0), ("22", 400.0), ("=: xyz", 450.0)],
    ]);
    let units: Vec<Option<String>> = rows_from_page(&p, None).into_iter().map(|r| r.unit).collect();
    let expected = [Some("UNL"), Some("mg/dL"), Some("UL"), Some("UL"), None, None, None];
    assert_eq!(units, expected.map(|u| u.map(str::to_string)));
    // A speck before the unit read with a letter (`=e`, `=—s`) is no part of it; a percent
    // sign is (`% mg/dl`, as a lab prints it).
    let p = page(&[
        &[("Chloride", 10.0), ("(98 - 107)", 150.0), ("110", 400.0), ("=e mmol/L", 450.0)],
        &[("Triglycerides", 10.0), ("< 150", 150.0), ("65", 400.0), ("=\u{2014}s mg/dL", 450.0)],
        &[("Total Bilirubin", 10.0), ("0.2 - 1.2", 150.0), ("0.8", 400.0), ("% mg/dl", 450.0)],
    ]);
    let units: Vec<Option<String>> = rows_from_page(&p, None).into_iter().map(|r| r.unit).collect();
    assert_eq!(units, [Some("mmol/L".to_string()), Some("mg/dL".into()), Some("% mg/dl".into())]);
    // After the range, a misreading is still no unit (`13-60  UNL` may be a method's code).
    let after = page(&[&[("Lipase", 10.0), ("11", 150.0), ("13 - 60", 230.0), ("UNL", 300.0)]]);
    assert_eq!(rows_from_page(&after, None)[0].unit, None);
}

#[test]
fn a_litre_read_as_a_bar_is_put_back_in_the_unit() {
    assert_eq!(mend_unit("mg/d!"), "mg/dl");
    assert_eq!(mend_unit("mEq/!"), "mEq/l");
    assert_eq!(mend_unit("IU/|"), "IU/l");
    assert_eq!(mend_unit("g/dL"), "g/dL");
    assert_eq!(mend_unit("%"), "%");
}

#[test]
fn an_underline_read_as_rules_is_not_part_of_the_name() {
    let p =
        page(&[&[("25(OH) Vitamin D3(Elisa)", 10.0), ("L*", 150.0), ("==", 170.0), ("25.1", 190.0), ("ng/ml", 260.0)]]);
    let rows = rows_from_page(&p, None);
    assert_eq!(rows.len(), 1);
    assert_eq!((rows[0].name.as_str(), rows[0].flag), ("25(OH) Vitamin D3(Elisa)", Some(Flag::Low)));
    // The rule read inside the flag's cell.
    let p = page(&[&[("Vitamin B12", 10.0), ("L* ==", 150.0), ("150", 190.0), ("pg/mL", 260.0)]]);
    let rows = rows_from_page(&p, None);
    assert_eq!((rows[0].name.as_str(), rows[0].flag), ("Vitamin B12", Some(Flag::Low)));
}

#[test]
fn a_table_border_read_as_a_bar_is_not_part_of_the_name() {
    let p = page(&[
        &[("Test", 20.0), ("Result", 200.0), ("Unit", 260.0), ("Reference", 330.0)],
        &[("| CARDIO C-REACTIVE PROTEIN (hsCRP)", 20.0), ("1.00", 200.0), ("mg/L", 260.0), ("<1.00", 330.0)],
    ]);
    assert_eq!(rows_from_page(&p, None)[0].name, "CARDIO C-REACTIVE PROTEIN (hsCRP)");
}

#[test]
fn two_tables_side_by_side_are_read_one_after_the_other() {
    let p = page(&[
        &[("Test Name", 20.0), ("Result", 150.0), ("TestName_-_-Result", 300.0)],
        &[("-Color", 20.0), ("Yellow", 150.0), ("-W.B.C/hpf", 300.0), ("0-1", 430.0)],
        &[("-PH", 20.0), ("5", 150.0), ("-Bacteria", 300.0), ("Negative", 430.0)],
        &[("-Protein", 20.0), ("Negative", 150.0), ("-Casts", 300.0), ("Negative", 430.0)],
    ]);
    let rows: Vec<(String, String)> = rows_from_page(&p, None).into_iter().map(|r| (r.name, r.value.text)).collect();
    for (name, value) in [("PH", "5"), ("Protein", "Negative"), ("Bacteria", "Negative"), ("Casts", "Negative")] {
        assert!(rows.contains(&(name.to_string(), value.to_string())), "{name} {value} in {rows:?}");
    }
    // Before, the right-hand pair ran into the left-hand row: `-PH 5 -Bacteria Negative`.
    assert!(rows.iter().all(|(n, _)| !n.contains("PH") || n == "PH"), "{rows:?}");
}

#[test]
fn a_column_of_previous_results_is_neither_value_nor_reference() {
    let p = page(&[
        &[
            ("Test", 20.0),
            ("Current Result and Flag", 130.0),
            ("Previous Result and Date", 290.0),
            ("Units", 440.0),
            ("Reference Interval", 490.0),
        ],
        &[("LP-IR Score", 20.0), ("<25", 130.0), ("<25", 290.0), ("02/27/2025", 340.0), ("<=45", 490.0)],
        &[
            ("Vitamin B12", 20.0),
            ("1082", 130.0),
            (">2000", 290.0),
            ("02/27/2025", 340.0),
            ("pg/mL", 440.0),
            ("232-1245", 490.0),
        ],
    ]);
    assert_eq!(
        ranges(&p, None),
        [("LP-IR Score".to_string(), None, Some(45.0)), ("Vitamin B12".to_string(), Some(232.0), Some(1245.0))]
    );
}

#[test]
fn a_range_a_scan_split_at_its_dash_is_one_range() {
    let p = page(&[
        &[("SODIUM", 20.0), ("141.1", 200.0), ("mmol/L", 300.0), ("136", 400.0), ("-", 432.0), ("145", 454.0)],
        &[("CHLORIDE", 20.0), ("106.1", 200.0), ("mmol/L", 300.0), ("98", 400.0), ("-107", 432.0)],
        &[("ESR", 20.0), ("14", 200.0), ("mm/hr", 300.0), ("(0 -", 400.0), ("15)", 436.0)],
    ]);
    assert_eq!(
        ranges(&p, None),
        [
            ("SODIUM".to_string(), Some(136.0), Some(145.0)),
            ("CHLORIDE".to_string(), Some(98.0), Some(107.0)),
            ("ESR".to_string(), Some(0.0), Some(15.0))
        ]
    );
}

#[test]
fn units_with_slashes_are_not_a_date() {
    let p = page(&[&[("TIBC", 20.0), (":", 180.0), ("356", 200.0), ("ug/dL", 300.0), ("250-400 ug/dl ug/dL", 400.0)]]);
    assert_eq!(ranges(&p, None), [("TIBC".to_string(), Some(250.0), Some(400.0))]);
}

#[test]
fn under_a_reference_before_the_result_a_speck_a_cut_low_bound_and_a_name_over_its_reference_are_read() {
    let lines: &[&[(&str, f32)]] = &[
        &[("Test", 90.0), ("REFERENCE INTERVAL", 450.0), ("RESULT", 700.0), ("Notes", 850.0)],
        // A speck read as a digit between the name and the reference.
        &[("INR", 90.0), ("2", 300.0), ("0.80 - 1.20: Adult", 440.0), ("0.88", 710.0), ("Verified", 800.0)],
        // A name on a line of its own over its reference and result.
        &[("25-OH Vitamin D ......,", 90.0)],
        &[("< 20.0 : Deficiency", 450.0), ("34.2", 710.0)],
        &[("20.0 - 29.0 : Insufficiency", 440.0)],
        // The result lost: the reference's low bound, cut at its dash, is none.
        &[("Fasting Insulin .......", 90.0), ("2.6", 440.0), ("- 24.9 uIU/mL", 480.0), ("Rechecked", 800.0)],
        // A label's colon read as a degree sign is no unit.
        &[("SODIUM .......", 90.0), ("136 - 145\u{b0} Men", 440.0), ("142", 710.0), ("Verified", 800.0)],
    ];
    let p = photo_cells_page(lines);
    let rows = rows_from_page(&p, Some(Sex::Male));
    let got: Vec<(&str, &str, Option<&str>)> =
        rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.unit.as_deref())).collect();
    assert_eq!(got, [("INR", "0.88", None), ("25-OH Vitamin D", "34.2", None), ("SODIUM", "142", None)]);
}

#[test]
fn a_reference_label_whose_colon_a_photo_lost_keeps_the_sex_labels_after_it() {
    // Each sex's range under its row, after a label whose colon was read as a dash or lost:
    // the first colon on the line is the first sex's, not the label's.
    let p = page(&[
        &[("Tests", 20.0), ("Method", 600.0), ("Your Value", 800.0)],
        &[("TLC", 20.0), ("Flow Cytometry", 600.0), ("6686", 850.0)],
        &[("Reference Range -", 20.0), ("M: 4000 - 11000 cells/cumm F:", 300.0), ("3600 - 9900", 560.0)],
        &[("Mean Corpuscular Volume", 20.0), ("Calculated", 600.0), ("105.4", 850.0)],
        &[("Bio.", 20.0), ("Ref, interval", 60.0), ("M: 83.0 - 101.0 fl F: 74.7 - 90.9", 300.0)],
        &[("Blood Urea Nitrogen", 20.0), ("Calculated", 600.0), ("19", 850.0)],
        &[("Reterence Range", 20.0), ("Male: 6 - 24 mg/dL; Female: 5 - 22", 300.0)],
        // With its colon, the label's is the first.
        &[("Serum Creatinine", 20.0), ("Enzymatic", 600.0), ("1.38", 850.0)],
        &[("Reference Range :", 20.0), ("Male: 0.70 - 1.30 mg/dL; Female: 0.63 - 1.17", 300.0)],
    ]);
    let expected = |female: bool| {
        let pick = |m: (f64, f64), f: (f64, f64)| if female { f } else { m };
        [
            ("TLC", pick((4000.0, 11000.0), (3600.0, 9900.0))),
            ("Mean Corpuscular Volume", pick((83.0, 101.0), (74.7, 90.9))),
            ("Blood Urea Nitrogen", pick((6.0, 24.0), (5.0, 22.0))),
            ("Serum Creatinine", pick((0.7, 1.3), (0.63, 1.17))),
        ]
        .map(|(name, (low, high))| (name.to_string(), Some(low), Some(high)))
        .to_vec()
    };
    assert_eq!(ranges(&p, Some(Sex::Male)), expected(false));
    assert_eq!(ranges(&p, Some(Sex::Female)), expected(true));
}

#[test]
fn a_tier_label_a_photo_set_apart_after_its_range_is_the_references_not_the_names() {
    // A photo of seed 137's layout_002 (`bench/layouts.py`): `74.7 to 90.9 : Women` read as two
    // cells, the reference before the result.
    let p = photo_cells_page(&[
        &[("Test", 341.0), ("Reference", 1296.0), ("Result", 1961.0), ("Unit", 2338.0)],
        &[("IRON", 341.0), ("65 to 175", 1296.0), ("28 L", 1963.0), ("µg/dL", 2336.0)],
        &[("MCV", 341.0), ("74.7 to 90.9", 1296.0), (": Women", 1524.0), ("81.7L", 1961.0), ("fl", 2338.0)],
        &[("83.0 to 101.0 :", 1295.0), ("Male", 1563.0)],
    ]);
    let rows = rows_from_page(&p, Some(Sex::Female));
    assert_eq!(rows[1].name, "MCV");
    assert_eq!((rows[1].value.text.as_str(), rows[1].unit.as_deref()), ("81.7", Some("fl")));
    assert_eq!(rows[1].range_text.as_deref(), Some("74.7 to 90.9 : Women; 83.0 to 101.0 : Male"));
    assert_eq!(rows[1].range.as_ref().map(|r| (r.low, r.high)), Some((Some(74.7), Some(90.9))));
    let rows = rows_from_page(&p, Some(Sex::Male));
    assert_eq!(rows[1].range.as_ref().map(|r| (r.low, r.high)), Some((Some(83.0), Some(101.0))));
}

#[test]
fn a_result_set_right_short_of_its_header_with_its_flag_under_it_is_moved_to_past_its_reference() {
    // A text layer of seed 217's layout_012 (`bench/layouts.py`): results set right under
    // `Value`, a short one and its flag cut at the header's start, after a reference of whole
    // numbers (which alone reads as a count per field).
    let p = page(&[
        &[("Investigation", 40.0), ("Normal Range", 351.0), ("Value", 539.0)],
        &[("Blood Urea Nitrogen", 40.0), ("6-24", 369.0), ("28 High", 523.0), ("mg/dL", 575.0)],
        &[("HDL Cholesterol", 40.0), ("40-60", 367.0), ("61 Low", 528.0), ("mg/dL", 575.0)],
    ]);
    let rows = rows_from_page(&p, Some(Sex::Female));
    let read: Vec<_> = rows
        .iter()
        .map(|r| {
            (
                r.name.as_str(),
                r.value.text.as_str(),
                r.unit.as_deref(),
                r.range.as_ref().map(|g| (g.low, g.high)),
                r.flag,
            )
        })
        .collect();
    assert_eq!(
        read,
        [
            ("Blood Urea Nitrogen", "28", Some("mg/dL"), Some((Some(6.0), Some(24.0))), Some(Flag::High)),
            ("HDL Cholesterol", "61", Some("mg/dL"), Some((Some(40.0), Some(60.0))), Some(Flag::Low)),
        ]
    );
}

#[test]
fn a_flag_column_s_mark_a_scan_read_with_specks_is_the_flag_or_at_least_not_the_unit() {
    // A 300 dpi scan of seed 213's layout_025 (`bench/layouts.py`): `H` under `Flag` read `oH`
    // and `~2#H`, before the unit's column.
    let p = super::tests::photo_cells_page(&[
        &[("TEST", 112.0), ("Result", 710.0), ("Flag", 946.0), ("Unit(s)", 1057.0), ("Normal Range", 1266.0)],
        &[("Chloride", 114.0), ("108", 870.0), ("oH", 948.0), ("mEq/L", 1059.0), ("Adults: (98 - 107)", 1266.0)],
        &[("ESR", 116.0), ("17", 883.0), ("~2#H", 949.0), ("mm/1st hr", 1060.0), ("(0 - 15)", 1268.0)],
        // A unit misread, then a speck read as a letter: the misread unit stays.
        &[("MPV", 116.0), ("10.2", 883.0), ("flo", 1060.0), ("s", 1150.0), ("7.4 - 10.4", 1268.0)],
    ]);
    let rows = rows_from_page(&p, Some(Sex::Female));
    let read: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.unit.as_deref(), r.flag)).collect();
    let expected =
        [("Chloride", Some("mEq/L"), Some(Flag::High)), ("ESR", Some("mm/1st hr"), None), ("MPV", Some("flo"), None)];
    assert_eq!(read, expected);
}
