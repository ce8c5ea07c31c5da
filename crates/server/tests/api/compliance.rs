//! Consent, withdrawal with erasure, export and the audit trail, through the API.

use std::sync::Arc;

use chrono::{Duration, Utc};
use ht_compliance::ComplianceService;
use ht_kernel::{FixedClock, Region, UserId};
use ht_sql::testing::{SeedResult, count, on_each_backend, seed_report, seed_result};
use ht_sql::{SqlAuditLog, SqlConsentRepository};
use reqwest::header;
use sea_orm::DatabaseConnection;
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};

fn consent(region: &str) -> Value {
    json!({
        "consentType": "explicit",
        "purposes": ["healthcare_analysis", "personalized_recommendations", "follow_up_reminders"],
        "dataCategories": ["health_records", "test_results", "personal_information"],
        "retentionPeriod": "5_years",
        "acceptTerms": true,
        "region": region,
    })
}

async fn user_id(app: &TestApp, cookie: &str) -> UserId {
    UserId::parse(app.json("/api/auth/user", Some(cookie)).await.1["id"].as_str().unwrap()).unwrap()
}

async fn add_report(db: &DatabaseConnection, user: &UserId) -> String {
    let id = seed_report(db, user, "cbc.pdf", Utc::now(), "completed").await;
    let hb = SeedResult {
        test_name: "Haemoglobin",
        value_text: "9.1",
        value: Some(9.1),
        unit: Some("g/dL"),
        flag: Some("low"),
    };
    seed_result(db, &id, hb).await;
    id
}

async fn reports_of(db: &DatabaseConnection, user: &UserId) -> i64 {
    count(db, &format!("SELECT COUNT(*) FROM reports WHERE user_id = '{user}'")).await
}

fn service(db: &DatabaseConnection, clock: Arc<FixedClock>) -> ComplianceService {
    ComplianceService::new(
        Arc::new(SqlConsentRepository::new(db.clone())),
        Arc::new(SqlAuditLog::new(db.clone())),
        clock,
    )
}

#[tokio::test]
async fn region_is_detected_from_the_request_then_stored_with_consent() {
    on_each_backend(|_, url| async move {
        let app = spawn_app(&url, &[("HT_TRUSTED_COUNTRY_HEADER", "CF-IPCountry")]).await;
        let get = |lang: &'static str, country: Option<&'static str>, cookie: Option<String>| {
            let mut req =
                app.client.get(format!("{}/api/compliance/info", app.base)).header(header::ACCEPT_LANGUAGE, lang);
            if let Some(c) = country {
                req = req.header("CF-IPCountry", c);
            }
            if let Some(c) = cookie {
                req = req.header(header::COOKIE, c);
            }
            async move { req.send().await.unwrap().json::<Value>().await.unwrap()["detectedRegion"].clone() }
        };
        assert_eq!(get("en-IN,en;q=0.9", None, None).await, "IN");
        assert_eq!(get("en-US", None, None).await, "US");
        assert_eq!(get("en-IN", Some("US"), None).await, "US", "the trusted proxy header comes first");
        assert_eq!(get("de-DE", None, None).await, "OTHER");

        let cookie = app.dev_sign_in("maria@example.com", "Maria").await;
        assert_eq!(app.post_json("/api/compliance/usa/consent", Some(&cookie), &consent("US")).await.0, 201);
        assert_eq!(get("en-IN", Some("IN"), Some(cookie)).await, "US", "the stored region wins");
    })
    .await;
}

#[tokio::test]
async fn notices_are_served_per_region_with_their_version() {
    on_each_backend(|_, url| async move {
        let app = spawn_app(&url, &[]).await;
        let (status, india) = app.json("/api/compliance/notice?region=IN", None).await;
        assert_eq!(status, 200);
        assert_eq!(india["region"], "IN");
        assert!(india["law"].as_str().unwrap().contains("Digital Personal Data Protection Act, 2023"));
        assert!(india["version"].as_str().unwrap().starts_with("IN-"));
        assert_eq!(india["sections"].as_array().unwrap().len(), 5);
        let (_, us) = app.json("/api/compliance/notice?region=US", None).await;
        assert!(us["law"].as_str().unwrap().contains("HIPAA"));
        assert_eq!(app.json("/api/compliance/notice?region=XX", None).await.0, 400);
    })
    .await;
}

#[tokio::test]
async fn consent_payloads_are_validated_exactly_on_each_route() {
    on_each_backend(|_, url| async move {
        let app = spawn_app(&url, &[]).await;
        assert_eq!(app.post_json("/api/compliance/india/consent", None, &consent("IN")).await.0, 401);
        let cookie = app.dev_sign_in("asha@example.in", "Asha").await;
        let mut cases: Vec<(&str, Value, &str)> = vec![];
        let with = |k: &str, v: Value| {
            let mut c = consent("IN");
            c[k] = v;
            c
        };
        cases.push(("/api/compliance/india/consent", with("consentType", json!("implied")), "explicit"));
        cases.push(("/api/compliance/india/consent", with("purposes", json!(["healthcare_analysis"])), "purposes"));
        cases.push(("/api/compliance/india/consent", with("dataCategories", json!([])), "data categories"));
        cases.push(("/api/compliance/india/consent", with("retentionPeriod", json!("10_years")), "5_years"));
        cases.push(("/api/compliance/india/consent", with("acceptTerms", json!(false)), "terms"));
        cases.push(("/api/compliance/india/consent", consent("US"), "region must be IN"));
        cases.push(("/api/compliance/usa/consent", consent("IN"), "region must be US"));
        cases.push(("/api/compliance/consent", consent("IN"), "region must be OTHER"));
        for (path, body, needle) in cases {
            let (status, res) = app.post_json(path, Some(&cookie), &body).await;
            assert_eq!(status, 400, "{path} {body}");
            assert!(res["message"].as_str().unwrap().contains(needle), "{} should mention {needle}", res["message"]);
        }
        let res = app
            .client
            .post(format!("{}/api/compliance/india/consent", app.base))
            .header(header::ORIGIN, &app.base)
            .header(header::COOKIE, &cookie)
            .header(header::CONTENT_TYPE, "application/json")
            .body("{not json")
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 400);
        assert!(
            res.json::<Value>().await.unwrap()["message"]
                .as_str()
                .unwrap()
                .starts_with("The request body is not valid")
        );
        let (_, status) = app.json("/api/compliance/consent-status", Some(&cookie)).await;
        assert_eq!(status["hasConsent"], false, "no refused payload was stored");
    })
    .await;
}

#[tokio::test]
async fn a_granted_consent_is_recorded_and_opens_the_gate() {
    on_each_backend(|db, url| async move {
        let app = spawn_app(&url, &[]).await;
        let cookie = app.dev_sign_in("asha@example.in", "Asha").await;
        let (_, before) = app.json("/api/compliance/consent-status", Some(&cookie)).await;
        assert_eq!(before["hasConsent"], false);
        assert!(before["region"].is_null());
        let user = user_id(&app, &cookie).await;
        let svc = service(&db, Arc::new(FixedClock::new(Utc::now())));
        let gate = svc.require_consent(&user, Region::India).await.unwrap_err();
        assert!(gate.to_string().contains("DPDP_CONSENT_REQUIRED"));

        let (status, granted) = app.post_json("/api/compliance/india/consent", Some(&cookie), &consent("IN")).await;
        assert_eq!(status, 201);
        assert_eq!(granted["region"], "IN");
        let (_, after) = app.json("/api/compliance/consent-status", Some(&cookie)).await;
        assert_eq!(after["hasConsent"], true);
        assert_eq!(after["region"], "IN");
        assert_eq!(after["noticeVersion"], granted["noticeVersion"]);
        assert_eq!(after["purposes"].as_array().unwrap().len(), 3);
        assert!(after["consentedAt"].is_string());
        svc.require_consent(&user, Region::India).await.unwrap();
    })
    .await;
}

#[tokio::test]
async fn withdrawal_signs_out_everywhere_and_erases_health_data_after_thirty_days() {
    on_each_backend(|db, url| async move {
        let app = spawn_app(&url, &[]).await;
        let laptop = app.dev_sign_in("asha@example.in", "Asha").await;
        let phone = app.dev_sign_in("asha@example.in", "Asha").await;
        let user = user_id(&app, &laptop).await;
        assert_eq!(app.post_json("/api/compliance/india/consent", Some(&laptop), &consent("IN")).await.0, 201);
        add_report(&db, &user).await;

        let (status, body) = app.post_json("/api/compliance/withdraw", Some(&laptop), &json!({})).await;
        assert_eq!(status, 200);
        let due: chrono::DateTime<Utc> = body["erasureDueBy"].as_str().unwrap().parse().unwrap();
        assert!((due - Utc::now() - Duration::days(30)).num_seconds().abs() < 60);
        assert_eq!(app.json("/api/auth/user", Some(&laptop)).await.0, 401);
        assert_eq!(app.json("/api/auth/user", Some(&phone)).await.0, 401, "every session ends");

        // The gate is closed at once; the data stays until erasure is due.
        let clock = Arc::new(FixedClock::new(Utc::now()));
        let svc = service(&db, clock.clone());
        assert!(svc.require_consent(&user, Region::India).await.is_err());
        clock.advance(Duration::days(29));
        assert_eq!(svc.run_due_erasures().await.unwrap(), 0);
        assert_eq!(reports_of(&db, &user).await, 1);
        clock.advance(Duration::days(1) + Duration::minutes(1));
        assert_eq!(svc.run_due_erasures().await.unwrap(), 1);
        assert_eq!(reports_of(&db, &user).await, 0);
        assert_eq!(svc.run_due_erasures().await.unwrap(), 0, "an erasure runs once");

        // Consent and audit records are kept.
        let again = app.dev_sign_in("asha@example.in", "Asha").await;
        let (_, audit) = app.json("/api/compliance/audit", Some(&again)).await;
        let actions: Vec<&str> =
            audit["entries"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
        for a in ["erasure", "consent_withdrawn", "consent_granted", "sign_in"] {
            assert!(actions.contains(&a), "{a} in {actions:?}");
        }
        let (_, export) = app.json("/api/compliance/export", Some(&again)).await;
        assert_eq!(export["consents"].as_array().unwrap().len(), 2);
        assert!(export["reports"].as_array().unwrap().is_empty());
    })
    .await;
}

#[tokio::test]
async fn export_is_a_download_of_everything_we_hold() {
    on_each_backend(|db, url| async move {
        let app = spawn_app(&url, &[]).await;
        let cookie = app.dev_sign_in("asha@example.in", "Asha").await;
        let user = user_id(&app, &cookie).await;
        app.post_json("/api/compliance/india/consent", Some(&cookie), &consent("IN")).await;
        add_report(&db, &user).await;
        let other = app.dev_sign_in("ravi@example.in", "Ravi").await;
        add_report(&db, &user_id(&app, &other).await).await;

        let res = app.get("/api/compliance/export", Some(&cookie)).await;
        assert_eq!(res.status(), 200);
        let disposition = res.headers()[header::CONTENT_DISPOSITION].to_str().unwrap().to_string();
        assert!(disposition.starts_with("attachment; filename=\"health-tracker-export-"));
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["profile"]["email"], "asha@example.in");
        let reports = body["reports"].as_array().unwrap();
        assert_eq!(reports.len(), 1, "only the user's own reports");
        assert_eq!(reports[0]["fileName"], "cbc.pdf");
        assert_eq!(reports[0]["results"][0]["testName"], "Haemoglobin");
        assert_eq!(reports[0]["results"][0]["value"], 9.1);
        assert_eq!(body["consents"][0]["event"], "granted");
        assert_eq!(body["consents"][0]["noticeVersion"], "IN-2026-11-22");
        assert!(body["audit"].as_array().unwrap().iter().any(|e| e["action"] == "export"));
    })
    .await;
}

#[tokio::test]
async fn the_audit_trail_shows_users_their_own_actions_without_health_values() {
    on_each_backend(|_, url| async move {
        let app = spawn_app(&url, &[]).await;
        let cookie = app.dev_sign_in("asha@example.in", "Asha").await;
        app.post_json("/api/compliance/india/consent", Some(&cookie), &json!({"consentType": "implied"})).await;
        app.post_json("/api/compliance/india/consent", Some(&cookie), &consent("IN")).await;
        app.get("/api/logout", Some(&cookie)).await;
        let cookie = app.dev_sign_in("asha@example.in", "Asha").await;
        let other = app.dev_sign_in("ravi@example.in", "Ravi").await;

        let (status, audit) = app.json("/api/compliance/audit", Some(&cookie)).await;
        assert_eq!(status, 200);
        let entries = audit["entries"].as_array().unwrap();
        let seen: Vec<(String, String)> = entries
            .iter()
            .map(|e| (e["action"].as_str().unwrap().into(), e["outcome"].as_str().unwrap().into()))
            .collect();
        let expected: Vec<(String, String)> = [
            ("sign_in", "success"),
            ("sign_out", "success"),
            ("consent_granted", "success"),
            ("consent_granted", "refused"),
            ("sign_in", "success"),
        ]
        .iter()
        .map(|(a, o)| ((*a).into(), (*o).into()))
        .collect();
        assert_eq!(seen, expected, "newest first, only this user's");
        for e in entries {
            let keys: Vec<&String> = e.as_object().unwrap().keys().collect();
            assert_eq!(keys, vec!["action", "at", "outcome"], "no values, tokens or secrets");
        }
        let (_, theirs) = app.json("/api/compliance/audit", Some(&other)).await;
        assert_eq!(theirs["entries"].as_array().unwrap().len(), 1);
        assert_eq!(app.json("/api/compliance/audit", None).await.0, 401);
    })
    .await;
}
