use super::tests::page;
use super::*;

fn read(p: &Page) -> Vec<(String, String, Option<String>, Option<String>)> {
    rows_from_page(p, None).into_iter().map(|r| (r.name, r.value.text, r.unit, r.range_text)).collect()
}

#[test]
fn a_scans_stray_marks_beside_a_number_or_a_flag_are_not_part_of_them() {
    let p = page(&[
        &[("Creatinine", 20.0), ("0.67,", 200.0), ("0.74", 300.0), ("mg/dL", 400.0), ("0.57-1.00", 480.0)],
        &[("Chloride", 20.0), ("~ 100", 200.0), ("102", 300.0), ("mmol/L", 400.0), ("96-106", 480.0)],
        &[("Carbon Dioxide, Total", 20.0), ("19", 200.0), ("\u{2018}Low", 250.0), ("mmol/L", 400.0), ("20-29", 480.0)],
        &[("Sodium", 20.0), ("140)", 200.0), ("mEq/L", 400.0), ("136-145", 480.0)],
        // Pieces of a rule read as `=` beside the value, or between it and its unit.
        &[("Glucose, Fasting", 20.0), ("108 =", 200.0), ("=mg/dL", 400.0), ("70-100", 480.0)],
        &[("Triglycerides", 20.0), ("131 = mg/dL", 200.0), ("< 150 mg/dL", 480.0)],
        // A bracketed number is no value: a footnote.
        &[("Potassium", 20.0), ("(4)", 200.0), ("mEq/L", 400.0), ("3.5-5.1", 480.0)],
    ]);
    let rows = rows_from_page(&p, None);
    let got: Vec<(&str, &str, Option<Flag>)> =
        rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.flag)).collect();
    assert_eq!(
        got,
        [
            ("Creatinine", "0.67", None),
            ("Chloride", "100", None),
            ("Carbon Dioxide, Total", "19", Some(Flag::Low)),
            ("Sodium", "140", None),
            ("Glucose, Fasting", "108", None),
            ("Triglycerides", "131", None)
        ]
    );
    assert_eq!(rows[5].unit.as_deref(), Some("mg/dL"));
    assert_eq!(rows[5].range.as_ref().and_then(|r| r.high), Some(150.0));
    // A photo's flag column read `OL` for `L` and `+H` for `H`: the flag, and the unit after
    // it stands.
    let p = page(&[
        &[("Total T3", 20.0), ("67", 200.0), ("OL", 250.0), ("ng/mL", 300.0), ("80-200", 400.0)],
        &[("Glucose, Fasting", 20.0), ("102", 200.0), ("+H", 250.0), ("mg/dl", 300.0), ("70-100", 400.0)],
    ]);
    let got: Vec<_> = rows_from_page(&p, None).into_iter().map(|r| (r.flag, r.unit)).collect();
    assert_eq!(got, [(Some(Flag::Low), Some("ng/mL".into())), (Some(Flag::High), Some("mg/dl".into()))]);
    // A quote before a number is as often a misread digit (`‘2` for 0.72): not a value.
    let p = page(&[&[("Mixed#", 20.0), ("\u{2018}2", 200.0), ("x1000/mm3", 400.0), ("0.2-0.6", 480.0)]]);
    assert!(rows_from_page(&p, None).iter().all(|r| r.value.text != "2"));
}

#[test]
fn a_method_alone_names_no_test_an_enzyme_named_as_its_assay_does_and_a_full_stop_after_a_value_is_no_part_of_it() {
    // A photo's slant put the name on the line under its row.
    let p = page(&[
        &[("SERUM GLOBULIN", 20.0), ("CALCULATED", 200.0), ("3.26", 300.0), ("gm/dL", 350.0), ("2.5-3.4", 420.0)],
        &[("_ CALCULATED", 200.0), ("1.39", 300.0), ("Ratio", 350.0), ("0.9-2", 420.0)],
        &[("SERUM ALB/GLOBULIN RATIO ;", 20.0), ("1.39.", 300.0)],
        // Quest: the enzymes end as methods do (`Hexokinase`) and are tests.
        &[("AMYLASE", 20.0), ("31", 300.0), ("21-101 U/L", 450.0), ("UL", 554.0)],
        &[("LIPASE", 20.0), ("31", 300.0), ("7-60 U/L", 450.0), ("UL", 554.0)],
    ]);
    let rows: Vec<(String, String)> = rows_from_page(&p, None).into_iter().map(|r| (r.name, r.value.text)).collect();
    let pair = |n: &str, v: &str| (n.to_string(), v.to_string());
    assert_eq!(
        rows,
        [
            pair("SERUM GLOBULIN", "3.26"),
            pair("SERUM ALB/GLOBULIN RATIO", "1.39"),
            pair("AMYLASE", "31"),
            pair("LIPASE", "31")
        ]
    );
}

#[test]
fn tiers_printed_without_colons_under_a_result_give_the_normal_tier() {
    // Redcliffe: the method under the name, beside the second tier.
    let p = page(&[
        &[("Vitamin D 25 - Hydroxy", 20.0), ("13.8 L*", 300.0), ("ng/mL", 380.0), ("Deficient <20", 460.0)],
        &[("CMIA", 20.0), ("Insufficient 21 - 29", 440.0)],
        &[("Sufficient 30 - 100", 445.0)],
        &[("Calcium", 20.0), ("9.4", 300.0), ("mg/dL", 380.0), ("8.6-10.4", 460.0)],
    ]);
    let rows: Vec<(String, Option<f64>, Option<f64>)> = rows_from_page(&p, None)
        .into_iter()
        .map(|r| (r.name, r.range.as_ref().and_then(|r| r.low), r.range.as_ref().and_then(|r| r.high)))
        .collect();
    assert_eq!(
        rows,
        [
            ("Vitamin D 25 - Hydroxy".to_string(), Some(30.0), Some(100.0)),
            ("Calcium".to_string(), Some(8.6), Some(10.4)),
        ]
    );
    assert_eq!(labelled_tier("Up to 45"), None);
    assert_eq!(labelled_tier("Deficient <20").as_deref(), Some("Deficient: <20"));
}

#[test]
fn a_row_sent_to_a_note_is_a_result_and_a_misread_unit_in_capitals_is_no_clause() {
    // Thyrocare photographed: the `-` of no unit read as `:` or a quote, `%` as `OH,`.
    let p = page(&[
        &[
            ("Red Cell Distribution Width (RDW - CV)", 20.0),
            ("Calculated", 230.0),
            ("12.8", 300.0),
            ("OH,", 360.0),
            ("11.6-14", 420.0),
        ],
        &[
            ("RED CELL DISTRIBUTION WIDTH INDEX (RDWI)", 20.0),
            ("Calculated", 230.0),
            ("263.4", 300.0),
            (":", 360.0),
            ("*Refer Note below", 420.0),
        ],
        &[
            ("MENTZER INDEX", 20.0),
            ("Calculated", 230.0),
            ("20.6", 300.0),
            ("\u{2018}", 360.0),
            ("\"Refer Note below", 420.0),
        ],
        // A clause of a sentence after a number is still prose.
        &[("Deficiency below", 20.0), ("20", 300.0), ("years,", 360.0)],
    ]);
    let rows: Vec<(String, Option<String>)> =
        rows_from_page(&p, None).into_iter().map(|r| (r.value.text, r.range_text)).collect();
    assert_eq!(
        rows,
        [
            ("12.8".to_string(), Some("11.6-14".to_string())),
            ("263.4".to_string(), Some("*Refer Note below".to_string())),
            ("20.6".to_string(), Some("\"Refer Note below".to_string())),
        ]
    );
}

#[test]
fn a_reference_not_established_is_a_note_however_a_scan_ends_it() {
    let p = page(&[
        &[
            ("Test", 20.0),
            ("Current Result and Flag", 200.0),
            ("Previous Result and Date", 330.0),
            ("Units", 480.0),
            ("Reference Interval", 540.0),
        ],
        &[
            ("_ Monocytes \u{ae}", 20.0),
            ("7", 210.0),
            ("7", 300.0),
            ("8", 340.0),
            ("~", 360.0),
            ("10/24/2024", 380.0),
            ("~", 460.0),
            ("%", 480.0),
            ("NotEstab,", 540.0),
        ],
        &[("Eos", 20.0), ("2", 210.0), ("4", 340.0), ("10/24/2024", 380.0), ("%", 480.0), ("Not Estab.", 540.0)],
    ]);
    let rows: Vec<(String, String, Option<String>)> = rows_from_page(&p, None)
        .into_iter()
        .map(|r| (r.value.text, r.unit.unwrap_or_default(), r.range_text))
        .collect();
    assert_eq!(
        rows,
        [
            ("7".to_string(), "%".to_string(), Some("NotEstab,".to_string())),
            ("2".to_string(), "%".to_string(), Some("Not Estab.".to_string()))
        ]
    );
}

#[test]
fn a_result_reaching_into_its_column_after_a_reference_before_it_is_the_result() {
    // `Test  Reference  Result  Unit`, the reference shaped like a result (`<150`): the
    // result at the foot of a photo's column starts left of its header and reaches into it,
    // its middle outside (on seed 47's photo, `45` 24 px left and 13 px in).
    let p = page(&[
        &[("PARAMETER", 20.0), ("Biological Ref. Interval", 200.0), ("RESULT", 400.0), ("Unit", 500.0)],
        &[("Uric Acid", 20.0), ("(3.5 - 7.2)", 200.0), ("3.2", 400.0), ("mg/dL", 500.0)],
        &[("Triglycerides", 20.0), ("<150", 200.0), ("45.0", 385.0), ("mg/dL", 500.0)],
    ]);
    let rows: Vec<(String, String)> = rows_from_page(&p, None).into_iter().map(|r| (r.name, r.value.text)).collect();
    assert_eq!(rows[1], ("Triglycerides".to_string(), "45.0".to_string()), "{rows:?}");
}

#[test]
fn a_speck_after_a_result_is_no_full_stop_before_its_flag() {
    let p = page(&[
        &[("Amylase", 20.0), ("123.", 200.0), ("High", 240.0), ("U/L", 300.0), ("M: 28 - 100 U/L F: 25 - 90", 360.0)],
        &[("Urea", 20.0), ("10.", 200.0), ("L", 240.0), ("17 - 43", 360.0)],
    ]);
    let rows: Vec<(String, Option<f64>, Option<Flag>)> =
        rows_from_page(&p, Some(Sex::Male)).into_iter().map(|r| (r.name, r.value.number, r.flag)).collect();
    assert_eq!(
        rows,
        [("Amylase".to_string(), Some(123.0), Some(Flag::High)), ("Urea".to_string(), Some(10.0), Some(Flag::Low))]
    );
}

#[test]
fn an_equivocal_result_is_read_and_a_legend_a_citation_or_a_sentence_is_not() {
    // LabCorp: lab codes in a column at the right, legends and citations under results.
    let p = page(&[
        &[("Hep B Surface Ab, Qual", 20.0), ("Equivocal", 200.0), ("02", 560.0)],
        &[("Non Reactive: Not immune to HBV infection.", 200.0)],
        &[("Equivocal: Unable to determine if anti-HBs", 200.0)],
        &[("Reactive: Anti-HBs concentration detected", 200.0)],
        &[("1. IOM (Institute of Medicine).", 30.0), ("2010.", 200.0), ("Dietary", 240.0), ("reference", 290.0)],
        &[("by the Food and Drug Administration.", 30.0)],
        &[("01", 30.0), ("BN", 60.0), ("Labcorp Burlington", 100.0), ("Dir: Sanjai Nagendra, MD", 400.0)],
        // Patient details whose words a scan ran together.
        &[("VisitNo. :\u{2014}C", 30.0), ("0", 200.0), ("Client", 240.0)],
        // A scale of percentiles repeating a result: its bands are no unit.
        &[
            ("LDL SIZE", 30.0),
            ("21.3", 200.0),
            ("23.0", 250.0),
            ("Large (Patern A)", 300.0),
            ("20.6", 400.0),
            ("Small (Patern B)", 440.0),
        ],
    ]);
    let rows: Vec<(String, String)> = rows_from_page(&p, None).into_iter().map(|r| (r.name, r.value.text)).collect();
    assert_eq!(rows, [("Hep B Surface Ab, Qual".to_string(), "Equivocal".to_string())]);
}

#[test]
fn a_known_test_flagged_beside_its_value_is_a_result_though_its_unit_and_range_were_lost() {
    let p = page(&[
        &[
            ("4 Hematocrit", 20.0),
            (";", 150.0),
            ("47.9", 200.0),
            ("High", 250.0),
            ("43.0", 300.0),
            ("02/27/2025. ~=~*~*«GS*~CS", 350.0),
        ],
        &[("Hematocrit", 20.0), ("47.9", 200.0), ("43.0", 300.0), ("02/27/2025. ~=~*~*«GS*~CS", 350.0)],
        &[("Hematocrit", 20.0), ("479", 200.0), ("High", 250.0), ("02/27/2025. ~=~*~*«GS*~CS", 350.0)],
        &[("Insulin Resistance", 20.0), ("47.9", 200.0), ("High", 250.0), ("02/27/2025. ~=~*~*«GS*~CS", 350.0)],
    ]);
    let rows = rows_from_page(&p, None);
    let got: Vec<(&str, &str, Option<Flag>)> =
        rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.flag)).collect();
    // Not unflagged, not impossible for the test (haematocrit 479), not a test unknown.
    assert_eq!(got, [("Hematocrit", "47.9", Some(Flag::High))]);
}

#[test]
fn a_known_test_whose_reference_was_read_past_its_shape_is_a_result() {
    // `4.0 to 5.6 %` on a photo, its points and spaces lost and its `o` read as a nought.
    let p = page(&[
        &[("HbA1c", 20.0), ("5.7", 200.0), ("40t05.6%", 260.0)],
        // One number and a letter is no reference; neither is a date.
        &[("Hematocrit", 20.0), ("47.9", 200.0), ("43.0t", 260.0)],
        &[("Hematocrit", 20.0), ("47.9", 200.0), ("02/27/2025", 260.0)],
        // Not a test the catalog knows, nor a value the test can have.
        &[("Insulin Resistance", 20.0), ("5.7", 200.0), ("40t05.6%", 260.0)],
        &[("Hematocrit", 20.0), ("479", 200.0), ("40t05.6", 260.0)],
    ]);
    let rows = rows_from_page(&p, None);
    let got: Vec<(&str, &str)> = rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str())).collect();
    assert_eq!(got, [("HbA1c", "5.7")]);
    assert!(two_numbers_run_together("4.0x05.6") && !two_numbers_run_together("lto6"));
}

fn header() -> &'static [(&'static str, f32)] {
    &[("Test Name", 20.0), ("Results", 250.0), ("Units", 340.0), ("Bio. Ref. Interval", 430.0)]
}

#[test]
fn a_known_test_with_an_empty_result_cell_is_a_row_without_a_value() {
    // An interim report: glucose is not done yet, and Lp(a)'s reference `<20` must not be
    // taken for its result.
    let p = page(&[
        header(),
        &[("APOLIPOPROTEIN B (Apo B)", 20.0), ("46.00", 250.0), ("mg/dL", 340.0), ("46 - 174", 430.0)],
        &[("(Immunoturbidimetry)", 20.0)],
        &[("GLUCOSE, FASTING (F), PLASMA", 20.0), ("mg/dL", 340.0), ("70 - 100", 430.0)],
        &[("(GOD POD)", 20.0)],
        &[("LIPOPROTEIN(a); Lp(a), SERUM", 20.0), ("mg/dL", 340.0), ("<20", 430.0)],
    ]);
    let rows = read(&p);
    let s = |x: &str| Some(x.to_string());
    assert_eq!(
        rows,
        [
            ("APOLIPOPROTEIN B (Apo B) (Immunoturbidimetry)".into(), "46.00".into(), s("mg/dL"), s("46 - 174")),
            ("GLUCOSE, FASTING (F), PLASMA (GOD POD)".into(), String::new(), s("mg/dL"), s("70 - 100")),
            ("LIPOPROTEIN(a); Lp(a), SERUM".into(), String::new(), s("mg/dL"), s("<20")),
        ]
    );
}

#[test]
fn a_test_s_name_without_a_result_under_a_row_of_that_test_is_the_rest_of_that_row() {
    // A photo at a slant: the row's line took a piece of the name (`F  FT4`, a speck before
    // it), and the name whole fell to the line below with the reference's second tier.
    let p = page(&[
        header(),
        &[("F FT4", 20.0), ("0.80", 250.0), ("ng/dL", 340.0), ("Adults : 0.93 to 1.70", 430.0)],
        &[("Free Thyroxine (FT4)", 20.0), ("ng/dL", 340.0), ("Children : 0.65 to 1.36", 430.0)],
        // Another test without its result is still a row of its own.
        &[("GLUCOSE, FASTING (F), PLASMA", 20.0), ("mg/dL", 340.0), ("70 - 100", 430.0)],
    ]);
    let rows = rows_from_page(&p, None);
    let got: Vec<(&str, &str, Option<&str>)> =
        rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.range_text.as_deref())).collect();
    assert_eq!(
        got,
        [
            ("Free Thyroxine (FT4)", "0.80", Some("Adults : 0.93 to 1.70; Children : 0.65 to 1.36")),
            ("GLUCOSE, FASTING (F), PLASMA", "", Some("70 - 100")),
        ]
    );
    assert_eq!(rows[0].range.as_ref().map(|r| (r.low, r.high)), Some((Some(0.93), Some(1.7))));
}

#[test]
fn a_lone_one_a_photo_read_as_a_letter_in_the_result_column_is_one() {
    let p = page(&[
        header(),
        &[("Monocytes", 20.0), ("i", 250.0), ("%", 340.0), ("2 - 10", 430.0)],
        &[("Blood Urea Nitrogen", 20.0), ("Li", 250.0), ("mg/dL", 340.0), ("6 - 24", 430.0)],
        &[("ESR", 20.0), ("ll", 250.0), ("mm/hr", 340.0), ("0 - 15", 430.0)],
        // Other letters there are still no result.
        &[("Basophils", 20.0), ("ie", 250.0), ("%", 340.0), ("0 - 2", 430.0)],
    ]);
    let rows = rows_from_page(&p, None);
    let got: Vec<(&str, &str, Option<f64>, Option<Flag>)> =
        rows.iter().map(|r| (r.name.as_str(), r.value.text.as_str(), r.value.number, r.flag)).collect();
    assert_eq!(
        got,
        [
            ("Monocytes", "i", Some(1.0), None),
            ("Blood Urea Nitrogen", "Li", Some(1.0), Some(Flag::Low)),
            ("ESR", "ll", Some(11.0), None),
            ("Basophils", "", None, None)
        ]
    );
    // An earlier result beside the reference is none of the row's cells.
    let p = page(&[
        &[("Tests", 20.0), ("Result", 250.0), ("Unit", 340.0), ("Reference", 430.0), ("Prior Result", 560.0)],
        &[("VLDL Cholesterol", 20.0), ("ll", 250.0), ("mg/dL", 340.0), ("5 - 40", 430.0), ("13", 560.0)],
    ]);
    let rows = rows_from_page(&p, None);
    assert_eq!((rows[0].name.as_str(), rows[0].value.number), ("VLDL Cholesterol", Some(11.0)));
    // Nor is a remark in words after its unit.
    let p = page(&[
        &[("Tests", 20.0), ("Result", 250.0), ("Reference", 340.0), ("Units", 480.0), ("Remarks", 560.0)],
        &[("Monocytes", 20.0), ("i", 250.0), ("Adults 2-10", 340.0), ("%", 480.0), ("Repeat advised", 560.0)],
    ]);
    let rows = rows_from_page(&p, None);
    assert_eq!((rows[0].name.as_str(), rows[0].value.number), ("Monocytes", Some(1.0)));
}

#[test]
fn an_empty_result_needs_a_known_test_a_unit_and_a_range_under_a_header() {
    let p = page(&[
        &[("Cholesterol Total", 20.0), ("mg/dL", 340.0), ("<200", 430.0)],
        header(),
        // Not a test the catalog knows.
        &[("Extreme Risk Group", 20.0), ("mg/dL", 340.0), ("<200", 430.0)],
        // A range alone.
        &[("Triglycerides", 20.0), ("<150", 430.0)],
    ]);
    assert_eq!(read(&p), []);
}

#[test]
fn lines_of_interpretation_tables_and_notes_are_not_results() {
    let p = page(&[
        header(),
        // A risk table's tiers: bounds with >= and no unit.
        &[("Extreme (A)", 20.0), (">=50", 130.0), (">=80", 200.0), ("<50", 300.0)],
        // Ranges among the "name" words.
        &[("HbA1c in %", 20.0), ("4.0-5.6", 130.0), ("5.7-6.4", 200.0), (">= 6.5", 300.0), ("<7.0", 400.0)],
        // A sentence in a justified table cell.
        &[("exercise in past", 20.0), ("3", 200.0), ("days", 250.0), ("and/or renal", 300.0)],
        &[("2. False", 20.0), ("positive", 120.0), ("results", 200.0), ("can be seen in the presence of", 260.0)],
    ]);
    assert_eq!(read(&p), []);
    // A measurement beyond a limit keeps its row: `<25` against `<=45`.
    let p = page(&[header(), &[("LP-IR Score", 20.0), ("<25", 250.0), ("<=45", 430.0)]]);
    assert_eq!(read(&p).len(), 1);
}

#[test]
fn a_value_glued_to_its_unit_is_read_apart_and_ranges_and_units_with_numbers_stay_whole() {
    let p = page(&[
        header(),
        &[("HbA1c", 20.0), ("5.6%", 250.0), ("4.0-5.6", 430.0)],
        &[("HCT-Hematokrit", 20.0), ("L 24.8%", 240.0)],
        &[("Glucose", 20.0), ("88mg/dL", 250.0), ("70-100", 430.0)],
        // A range with its unit glued, and a unit's own number, are no value and unit.
        &[("eGFR", 20.0), ("92", 250.0), ("mL/min/1.73m2", 340.0), (">60", 430.0)],
        &[("Neutrophils", 20.0), ("60", 250.0), ("%", 340.0), ("40-80%", 430.0)],
        &[("WBC", 20.0), ("7.2", 250.0), ("1000/mm3", 340.0), ("4-11", 430.0)],
        // An assay's precision in a note is no result.
        &[("Precision %CV :- Intra assay %CV-", 20.0), ("4.55%", 250.0), (", Inter assay %CV-0.86 %", 340.0)],
    ]);
    let rows: Vec<_> = rows_from_page(&p, None)
        .into_iter()
        .map(|r| (r.name, r.value.text, r.unit, r.range.and_then(|r| r.high), r.flag))
        .collect();
    assert_eq!(
        rows,
        [
            ("HbA1c".into(), "5.6".into(), Some("%".into()), Some(5.6), None),
            ("HCT-Hematokrit".into(), "24.8".into(), Some("%".into()), None, Some(Flag::Low)),
            ("Glucose".into(), "88".into(), Some("mg/dL".into()), Some(100.0), None),
            ("eGFR".into(), "92".into(), Some("mL/min/1.73m2".into()), None, None),
            ("Neutrophils".into(), "60".into(), Some("%".into()), Some(80.0), None),
            ("WBC".into(), "7.2".into(), Some("1000/mm3".into()), Some(11.0), None),
        ]
    );
}

#[test]
fn specks_after_a_percent_or_count_mark_are_not_part_of_the_name() {
    let p = page(&[
        header(),
        &[("Monosit # kb", 20.0), ("0.07", 250.0), ("Bin/uL", 340.0)],
        &[("Monosit% ss Ls", 20.0), ("1.3", 250.0), ("%", 340.0)],
        &[("Monosit# \u{2014}s_>", 20.0), ("0.07", 250.0), ("Bin/uL", 340.0)],
        // A flag stays for the flag reader; words that are not specks stay.
        &[("Lenfosit % L", 20.0), ("13.7", 250.0), ("%", 340.0)],
        &[("Neutrophils % Abs", 20.0), ("4.1", 250.0), ("%", 340.0)],
    ]);
    let names: Vec<String> = read(&p).into_iter().map(|r| r.0).collect();
    assert_eq!(names, ["Monosit #", "Monosit%", "Monosit#", "Lenfosit % L", "Neutrophils % Abs"]);
}

#[test]
fn specks_a_photo_read_after_a_names_leader_dots_are_not_part_of_it() {
    let p = page(&[
        header(),
        &[("LDL Cholesterol... A", 20.0), ("79", 250.0), ("mg/dL", 340.0)],
        &[("AST 0.0... 5", 20.0), ("9", 250.0), ("U/L", 340.0)],
        &[("Creatinine.....", 20.0), ("0.9", 250.0), ("mg/dL", 340.0)],
        // A word of the name with a digit, the name known with it: no leader's start.
        &[("Hemoglobin A1c...", 20.0), ("5.5", 250.0), ("%", 340.0)],
        // Specks read as letters glued to the closing bracket.
        &[("Thyroid Stimulating Hormone (TSH)oo", 20.0), ("3.06", 250.0), ("uIU/mL", 340.0)],
        &[("Potassium (K+)ih", 20.0), ("4.5", 250.0), ("mmol/L", 340.0)],
        // Or apart, what was left of the leader dots with them (`oo.`).
        &[("Thyroid Stimulating Hormone (TSH) oo.", 20.0), ("3.06", 250.0), ("uIU/mL", 340.0)],
    ]);
    let names: Vec<String> = read(&p).into_iter().map(|r| r.0).collect();
    let brackets = ["Thyroid Stimulating Hormone (TSH)", "Potassium (K+)"];
    assert_eq!(
        names,
        ["LDL Cholesterol", "AST", "Creatinine", "Hemoglobin A1c", brackets[0], brackets[1], brackets[0]]
    );
}

#[test]
fn a_sections_heading_over_a_line_that_starts_with_a_result_is_no_name_for_it() {
    let p = page(&[
        &[("Haemoglobin", 20.0)],
        &[("13.5", 200.0), ("g/dL", 260.0), ("13.0 - 17.0", 320.0)],
        &[("Kidney Function Test", 20.0)],
        &[("61", 200.0), ("U/L", 260.0), ("40 - 129", 320.0)],
    ]);
    let names: Vec<String> = read(&p).into_iter().map(|r| r.0).collect();
    assert_eq!(names, ["Haemoglobin"]);
}

#[test]
fn a_unit_with_digits_before_a_reference_by_sex_is_the_units() {
    let p = page(&[
        &[("Tests", 20.0), ("Unit(s)", 200.0), ("Biological Ref. Interval", 300.0), ("Observed Value", 520.0)],
        &[("TLC", 20.0), ("x10^3/uL", 200.0), ("M: 3.60 - 9.90 F: 4.00 - 11.00", 300.0), ("6.89", 540.0)],
        &[("ESR", 20.0), ("mm/1st hr", 200.0), ("M: 0 - 14 F: 0 - 15", 300.0), ("1", 540.0)],
        // A unit a scan misread (`^` as `°`).
        &[("WBC", 20.0), ("x10°3/uL", 200.0), ("M: 3.60 - 9.90 F: 4.00 - 11.00", 300.0), ("6.89", 540.0)],
    ]);
    let rows = rows_from_page(&p, Some(Sex::Female));
    let read: Vec<_> = rows.iter().map(|r| (r.name.as_str(), r.unit.as_deref(), r.range_text.as_deref())).collect();
    assert_eq!(
        read,
        [
            ("TLC", Some("x10^3/uL"), Some("M: 3.60 - 9.90 F: 4.00 - 11.00")),
            ("ESR", Some("mm/1st hr"), Some("M: 0 - 14 F: 0 - 15")),
            ("WBC", Some("x10°3/uL"), Some("M: 3.60 - 9.90 F: 4.00 - 11.00"))
        ]
    );
}

#[test]
fn a_bar_inside_a_name_is_the_letter_i() {
    let p = page(&[header(), &[("TROPONIN- |, SERUM HIGH SENSITIVE", 20.0), ("4", 250.0), ("ng/L", 340.0)]]);
    assert_eq!(read(&p)[0].0, "TROPONIN- I, SERUM HIGH SENSITIVE");
    let p = page(&[&[("| Haemoglobin |", 20.0), ("13.5", 250.0), ("g/dL", 340.0), ("13-17", 430.0)]]);
    assert_eq!(read(&p)[0].0, "Haemoglobin");
}
