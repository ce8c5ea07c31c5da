//! The narrator against a local fake of the chat-completions API.
#![allow(clippy::unwrap_used)]

use std::time::{Duration, Instant};

use ht_llm::testing::{Mode, start};
use ht_llm::{LlmSettings, OpenAiNarrator};
use ht_recommendations::journey::Education;
use ht_recommendations::narration::{JourneyTexts, NarrationFacts, Narrator, NarratorError};
use serde_json::Value;

fn narrator(url: &str, timeout: Duration) -> OpenAiNarrator {
    OpenAiNarrator::new(&LlmSettings {
        base_url: url.into(),
        api_key: "sk-test".into(),
        model: "test-model".into(),
        timeout,
    })
    .unwrap()
}

fn facts() -> NarrationFacts {
    NarrationFacts {
        test: "Haemoglobin".into(),
        value: "10.6".into(),
        unit: Some("g/dL".into()),
        reference_low: Some(12.0),
        reference_high: Some(15.0),
        flag: "low".into(),
        severity: "moderate".into(),
        sex: Some("female".into()),
        age_band: Some("40-49".into()),
    }
}

fn texts() -> JourneyTexts {
    let t = |s: &str| s.to_string();
    JourneyTexts {
        current_situation: t("Your Haemoglobin is 10.6 g/dL, below the reference range of 12–15 g/dL."),
        education: Education {
            symptoms: t("Tiredness."),
            body_impact: t("Haemoglobin carries oxygen."),
            short_term_risks: t("Fatigue."),
            long_term_risks: t("Heart strain."),
            recovery_timeline: t("Three months."),
            monitoring: t("Repeat the count."),
        },
    }
}

#[tokio::test]
async fn the_narrator_sends_only_test_facts_and_reads_the_rewritten_texts() {
    let (url, fake) = start(Mode::Good).await;
    let out = narrator(&url, Duration::from_secs(5)).narrate(&facts(), &texts()).await.unwrap();
    assert!(out.current_situation.contains("women in their forties"));
    assert_eq!(out.education.monitoring, "Repeat the blood count in 6–8 weeks.");

    let seen = fake.lock().unwrap().seen.clone();
    assert_eq!(seen.len(), 1);
    let (auth, body) = &seen[0];
    assert_eq!(auth.as_deref(), Some("Bearer sk-test"));
    assert_eq!(body["model"], "test-model");
    assert_eq!(body["response_format"]["type"], "json_object");
    let user: Value = serde_json::from_str(body["messages"][1]["content"].as_str().unwrap()).unwrap();
    let mut keys: Vec<&str> = user["result"].as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        ["ageBand", "flag", "referenceHigh", "referenceLow", "severity", "sex", "test", "unit", "value"],
        "only test facts, sex and age band leave the server"
    );
    assert_eq!(user.as_object().unwrap().len(), 2, "{user}");
}

#[tokio::test]
async fn a_slow_service_times_out_instead_of_holding_the_report() {
    let (url, _) = start(Mode::Slow).await;
    let started = Instant::now();
    let err = narrator(&url, Duration::from_millis(300)).narrate(&facts(), &texts()).await.unwrap_err();
    assert_eq!(err, NarratorError::Timeout);
    assert!(started.elapsed() < Duration::from_secs(3), "{:?}", started.elapsed());
}

#[tokio::test]
async fn malformed_answers_and_server_errors_are_errors() {
    for (mode, want) in
        [(Mode::NotJson, "malformed"), (Mode::MissingFields, "malformed"), (Mode::ServerError, "failed")]
    {
        let (url, _) = start(mode).await;
        let err = narrator(&url, Duration::from_secs(5)).narrate(&facts(), &texts()).await.unwrap_err();
        assert!(err.to_string().contains(want), "{err}");
    }
}

#[tokio::test]
async fn an_unreachable_service_is_an_error_not_a_hang() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/v1", listener.local_addr().unwrap());
    drop(listener);
    let err = narrator(&url, Duration::from_secs(2)).narrate(&facts(), &texts()).await.unwrap_err();
    assert!(matches!(err, NarratorError::Service(_) | NarratorError::Timeout), "{err}");
}
