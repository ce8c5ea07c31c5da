use proptest::prelude::*;

use super::*;

/// Words a lab report is made of (numbers, flags, units, ranges, punctuation) and any text.
fn word() -> impl Strategy<Value = String> {
    prop_oneof![
        "[A-Za-z]{1,10}",
        "[0-9]{1,6}([.,][0-9]{1,3})?",
        Just("-".to_string()),
        Just(":".to_string()),
        Just("H".to_string()),
        Just("L*".to_string()),
        Just("mg/dL".to_string()),
        Just("(4.0-11.0)".to_string()),
        Just("<".to_string()),
        Just("Non".to_string()),
        Just("Reactive".to_string()),
        Just("Negative".to_string()),
        ".{0,8}",
    ]
}

fn words() -> impl Strategy<Value = Vec<Word>> {
    proptest::collection::vec(
        (
            word(),
            0.0f32..600.0,
            0.0f32..850.0,
            1.0f32..80.0,
            4.0f32..14.0,
            any::<bool>(),
            proptest::option::of(0u32..40),
        ),
        0..60,
    )
    .prop_map(|ws| {
        ws.into_iter()
            .map(|(text, x, y, w, h, bold, line)| Word {
                text,
                bbox: BBox { x0: x, y0: y, x1: x + w, y1: y + h },
                bold,
                line,
            })
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Any words anywhere: no panic, and every row read has a value and lies on the page.
    #[test]
    fn any_page_is_read_without_panic_into_sane_rows(ws in words(), sex in proptest::option::of(any::<bool>())) {
        let page = Page { number: 1, width: 700.0, height: 900.0, words: ws };
        let sex = sex.map(|f| if f { Sex::Female } else { Sex::Male });
        // About one page in six yields rows (checked when this was written).
        for row in rows_from_page(&page, sex) {
            prop_assert!(!row.name.trim().is_empty());
            // A row has a value, or is a known test with an empty result cell, printed
            // with its unit and reference.
            prop_assert!(!row.value.text.trim().is_empty() || (row.unit.is_some() && row.range.is_some()));
            prop_assert!(row.bbox.x0 <= row.bbox.x1 && row.bbox.y0 <= row.bbox.y1);
            prop_assert!(row.bbox.x1 <= 700.0 && row.bbox.y1 <= 900.0);
            prop_assert_eq!(row.page, 1);
        }
    }

    /// Degenerate geometry (zero-size, overlapping, NaN-free but extreme boxes) is tolerated.
    #[test]
    fn degenerate_boxes_do_not_panic(texts in proptest::collection::vec(word(), 0..30), x in 0.0f32..1.0) {
        let words = texts
            .into_iter()
            .map(|text| Word { text, bbox: BBox { x0: x, y0: 0.0, x1: x, y1: 0.0 }, bold: false, line: Some(0) })
            .collect();
        let _ = rows_from_page(&Page { number: 1, width: 0.0, height: 0.0, words }, None);
    }
}
