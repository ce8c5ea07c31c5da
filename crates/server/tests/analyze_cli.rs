//! `healthtracker analyze` as a user runs it: exit status, stderr and the JSON on stdout.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::Command;

#[path = "common/report_pdf.rs"]
mod report_pdf;

fn analyze(args: &[&str]) -> (i32, String, String) {
    analyze_with(args, &[])
}

fn analyze_with(args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    // As a developer's shell may have it: errors must still be one line, not a backtrace.
    let out = Command::new(env!("CARGO_BIN_EXE_healthtracker"))
        .arg("analyze")
        .args(args)
        .env("RUST_BACKTRACE", "1")
        .envs(env.iter().copied())
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

fn report_pdf() -> Vec<u8> {
    report_pdf::report_pdf("Test Patient", report_pdf::DEFAULT_ROWS)
}

#[test]
fn json_output_is_one_object_with_rows_in_both_spellings() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("report.pdf");
    std::fs::write(&path, report_pdf()).unwrap();
    // Options may come after the file.
    let (code, stdout, stderr) = analyze(&[path.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{stderr}");
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).expect("exactly one JSON object");
    assert_eq!(v["pages"], 1);
    assert_eq!(v["source"], "text");
    assert_eq!(v["patient"]["sex"], "female");
    assert_eq!(v["patient"]["age"], 39);
    assert_eq!(v["collectedAt"], "2026-03-23T08:15", "day first, as Indian reports print it");
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), 2, "{results:?}");
    let hb = &results[0];
    assert_eq!(hb["name"], "Haemoglobin");
    assert_eq!(hb["value"], 10.6);
    assert_eq!(hb["valueText"], "10.6");
    assert_eq!(hb["value_text"], "10.6");
    assert_eq!(hb["unit"], "g/dL");
    assert_eq!(
        (hb["referenceLow"].clone(), hb["referenceHigh"].clone()),
        (12.0.into(), 15.5.into()),
        "the female range"
    );
    assert_eq!(hb["reference_low"], hb["referenceLow"]);
    assert_eq!(hb["flag"], "low");
    assert_eq!(hb["page"], 1);
    assert_eq!(hb["bbox"].as_array().unwrap().len(), 4);
    let hbsag = &results[1];
    assert_eq!(hbsag["valueText"], "Reactive");
    assert!(hbsag["value"].is_null());
    assert_eq!(hbsag["flag"], "positive");
    // The catalog and the interpretation.
    assert_eq!(hb["canonical"], "Haemoglobin");
    assert_eq!(hb["loinc"], "718-7");
    assert_eq!(hb["severity"], "severe", "(12 - 10.6) / 3.5 = 0.4 of the range width");
    assert_eq!(hbsag["severity"], "severe", "a positive binary result");
    assert_eq!(hb["needsReview"], false);
    let recs = v["recommendations"].as_array().unwrap();
    assert!(recs.iter().any(|r| r["type"] == "consult" && r["testName"] == "HBsAg"), "{recs:?}");
    assert!(v["followUps"].as_array().unwrap().iter().any(|f| f["testName"] == "Complete blood count"));
    assert!(v["specialties"].as_array().unwrap().iter().any(|s| s["name"] == "Hepatologist"));
    assert!(v["reasoning"].as_str().unwrap().contains("HBsAg is positive"));
}

#[test]
fn a_result_printed_without_a_range_gets_the_typical_one_beside_it_and_no_flag() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("report.pdf");
    let rows: &[[&str; 4]] = &[["Total Cholesterol", "230", "mg/dL", ""], ["Haemoglobin", "11.5", "g/dL", ""]];
    std::fs::write(&path, report_pdf::report_pdf("No Ranges", rows)).unwrap();
    let (code, stdout, stderr) = analyze(&["--json", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), 2, "{results:?}");
    let chol = &results[0];
    assert!(chol["referenceLow"].is_null() && chol["referenceHigh"].is_null(), "the lab printed none");
    assert!(chol["flag"].is_null(), "never flagged against a default range");
    assert_eq!(chol["defaultReference"]["high"], 200.0);
    assert!(chol["defaultReference"]["low"].is_null());
    assert_eq!(chol["defaultReference"]["source"], "ncep");
    assert_eq!(results[1]["defaultReference"]["low"], 12.0, "the female range: the report prints F");
    let (_, table, _) = analyze(&[path.to_str().unwrap()]);
    assert!(table.lines().any(|l| l.starts_with("Total Cholesterol") && l.contains("typ. <200 (ncep)")), "{table}");
}

#[test]
fn a_vegetarian_gets_vegetarian_diet_advice() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("report.pdf");
    std::fs::write(&path, report_pdf()).unwrap();
    let diet_text = |diet: &str| {
        let (code, stdout, stderr) = analyze(&["--json", "--diet", diet, path.to_str().unwrap()]);
        assert_eq!(code, 0, "{stderr}");
        let v: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
        v["recommendations"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["type"] == "diet")
            .map(|r| r["description"].as_str().unwrap().to_string())
            .collect::<String>()
    };
    assert!(diet_text("nonveg").contains("meat"));
    let veg = diet_text("veg");
    assert!(veg.contains("dals") && !veg.contains("meat") && !veg.contains("egg"), "{veg}");
}

#[test]
fn pro_adds_journeys_with_a_diet_plan_from_the_chosen_cuisines() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("report.pdf");
    std::fs::write(&path, report_pdf()).unwrap();
    let run = |args: &[&str]| {
        let (code, stdout, stderr) = analyze(args);
        assert_eq!(code, 0, "{stderr}");
        serde_json::from_str::<serde_json::Value>(stdout.trim()).unwrap()
    };
    let p = path.to_str().unwrap();
    let free = run(&["--json", p]);
    assert!(
        free["recommendations"].as_array().unwrap().iter().all(|r| r.get("proJourney").is_none_or(|j| j.is_null()))
    );

    // Options before and after the file, several cuisines after one flag.
    let pro = run(&["--pro", "--diet", "veg", p, "--json", "--cuisine", "japanese", "middle_eastern"]);
    let recs = pro["recommendations"].as_array().unwrap();
    assert!(!recs.is_empty());
    for r in recs {
        let j = &r["proJourney"];
        assert!(j["currentSituation"].is_string() && j["actionSteps"].is_array(), "{r}");
        let days = j["dietPlan"]["dailyPlan"].as_array().unwrap();
        assert_eq!(days.len(), 7);
        let text = j["dietPlan"].to_string().to_lowercase();
        for animal in ["chicken", "fish", "egg", "salmon", "mutton"] {
            assert!(!text.contains(animal), "vegetarian plan names {animal}");
        }
    }
    let hb = recs.iter().find(|r| r["testName"].as_str().unwrap().contains("Haemoglobin")).unwrap();
    assert!(hb["proJourney"]["currentSituation"].as_str().unwrap().contains("10.6"));
    assert!(hb["proJourney"]["dietPlan"]["summary"].as_str().unwrap().contains("Japanese, Middle Eastern"));

    let (code, stdout, stderr) = analyze(&["--json", "--pro", "--cuisine", "martian", p]);
    assert_ne!(code, 0);
    assert!(stdout.is_empty());
    assert!(stderr.contains("unknown cuisine"), "{stderr}");
}

#[test]
fn the_default_output_is_a_readable_table() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("report.pdf");
    std::fs::write(&path, report_pdf()).unwrap();
    let (code, stdout, _) = analyze(&[path.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(stdout.contains("2 results"));
    assert!(stdout.lines().any(|l| l.starts_with("Haemoglobin") && l.contains("10.6") && l.contains("low")));
}

#[test]
fn bad_input_fails_with_a_message_on_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nope.pdf");
    let (code, stdout, stderr) = analyze(&[missing.to_str().unwrap(), "--json"]);
    assert_ne!(code, 0);
    assert!(stdout.is_empty());
    assert!(stderr.contains("could not read"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line, no backtrace: {stderr}");

    let text = dir.path().join("notes.pdf");
    std::fs::write(&text, "just text").unwrap();
    let (code, _, stderr) = analyze(&[text.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(stderr.contains("not a PDF, JPG or PNG"), "{stderr}");

    let broken = dir.path().join("broken.pdf");
    std::fs::write(&broken, b"%PDF-1.7\n1 0 obj <<").unwrap();
    let (code, _, stderr) = analyze(&[broken.to_str().unwrap()]);
    assert_ne!(code, 0);
    assert!(stderr.contains("This file could not be read"), "{stderr}");
    assert!(stderr.starts_with("error: ") && !stderr.contains("backtrace"), "{stderr}");
}

#[test]
fn a_text_pdf_is_read_without_the_ocr_worker_and_an_image_says_ocr_is_missing() {
    let dir = tempfile::tempdir().unwrap();
    let pdf = dir.path().join("report.pdf");
    std::fs::write(&pdf, report_pdf()).unwrap();
    let png = dir.path().join("photo.png");
    std::fs::write(&png, b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR").unwrap();
    let no_worker = [("HT_OCR_WORKER", "/nonexistent/healthtracker-ocr")];

    let (code, stdout, stderr) = analyze_with(&[pdf.to_str().unwrap(), "--json"], &no_worker);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("Haemoglobin"), "{stdout}");

    let (code, _, stderr) = analyze_with(&[png.to_str().unwrap()], &no_worker);
    assert_ne!(code, 0);
    assert!(stderr.contains("OCR is not available here") && stderr.contains("could not start"), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

#[test]
fn a_result_the_layout_analysis_leaves_out_of_a_photo_is_read_from_its_row() {
    // Tesseract drops the lone `7` of two rows, on the page and on each row cut out and read
    // again; read as plain lines of text, the row keeps it (tests/fixtures/README.md).
    let photo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/photo_lone_results.jpg");
    let (code, stdout, stderr) = analyze(&[photo.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{stderr}");
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).expect("exactly one JSON object");
    let results = v["results"].as_array().unwrap();
    let value = |name: &str| results.iter().find(|r| r["name"] == name).map(|r| r["value"].clone());
    assert_eq!(value("Monocytes"), Some(7.0.into()), "{results:?}");
    assert_eq!(value("Erythrocyte Sedimentation Rate"), Some(7.0.into()), "{results:?}");
    assert_eq!(value("SGOT (AST)"), Some(9.0.into()), "a row read well the first time");
}

#[test]
fn a_unit_the_layout_analysis_leaves_out_far_right_of_its_reference_is_read_from_its_cell() {
    // Tesseract drops the `%` of RDW and Monocytes, the `sec` of PT and the `IU/L` of ALT, on
    // the page and on each row cut out; read alone, each cell gives its unit
    // (tests/fixtures/README.md).
    let photo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/photo_units_far_right.jpg");
    let (code, stdout, stderr) = analyze(&[photo.to_str().unwrap(), "--json"]);
    assert_eq!(code, 0, "{stderr}");
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).expect("exactly one JSON object");
    let results = v["results"].as_array().unwrap();
    let unit = |name: &str| results.iter().find(|r| r["name"] == name).map(|r| r["unit"].clone());
    assert_eq!(unit("RDW"), Some("%".into()), "{results:?}");
    assert_eq!(unit("Monocytes"), Some("%".into()), "{results:?}");
    assert_eq!(unit("PT"), Some("sec".into()), "{results:?}");
    assert_eq!(unit("Creatinine"), Some("mg/dL".into()), "a unit read the first time");
}
