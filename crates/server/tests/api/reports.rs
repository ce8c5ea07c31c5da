//! The report lifecycle through the API, on SQLite and PostgreSQL: upload rules, durable
//! processing, the per-report routes and access control.

use std::time::Duration;

use ht_sql::testing::{count, on_each_backend};
use reqwest::header;
use sea_orm::{ConnectionTrait, DatabaseConnection};
use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app};
use crate::report_pdf::{DEFAULT_ROWS, report_pdf};

fn consent() -> Value {
    json!({
        "consentType": "explicit",
        "purposes": ["healthcare_analysis", "personalized_recommendations", "follow_up_reminders"],
        "dataCategories": ["health_records", "test_results", "personal_information"],
        "retentionPeriod": "5_years",
        "acceptTerms": true,
        "region": "IN",
    })
}

/// A signed-in user who has consented.
async fn consenting_user(app: &TestApp, email: &str) -> String {
    let cookie = app.dev_sign_in(email, "Asha").await;
    let (status, body) = app.post_json("/api/compliance/india/consent", Some(&cookie), &consent()).await;
    assert_eq!(status, 201, "{body}");
    cookie
}

fn pdf(marker: &str) -> Vec<u8> {
    report_pdf(marker, DEFAULT_ROWS)
}

/// Polls the status route until the report leaves `processing`.
async fn wait_until_done(app: &TestApp, cookie: &str, id: &str) -> String {
    for _ in 0..200 {
        let (code, body) = app.json(&format!("/api/reports/{id}/status"), Some(cookie)).await;
        assert_eq!(code, 200, "{body}");
        let status = body["status"].as_str().unwrap().to_string();
        if status != "processing" {
            return status;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("report {id} still processing after 20 s");
}

async fn uploads_used(app: &TestApp, cookie: &str) -> i64 {
    app.json("/api/auth/user", Some(cookie)).await.1["uploadsUsed"].as_i64().unwrap()
}

async fn set_user(db: &DatabaseConnection, email: &str, sql_set: &str) {
    db.execute_unprepared(&format!("UPDATE users SET {sql_set} WHERE email = '{email}'")).await.unwrap();
}

#[tokio::test]
async fn without_consent_the_upload_is_refused_and_nothing_is_kept() {
    on_each_backend(|db, url| async move {
        let app = spawn_app(&url, &[]).await;
        let cookie = app.dev_sign_in("noconsent@example.in", "Ravi").await;
        let (status, body) = app.upload(&cookie, "cbc.pdf", pdf("a")).await;
        assert_eq!(status, 400);
        assert!(body["message"].as_str().unwrap().contains("DPDP_CONSENT_REQUIRED"), "{body}");
        assert_eq!(uploads_used(&app, &cookie).await, 0);
        assert_eq!(count(&db, "SELECT COUNT(*) FROM reports").await, 0);
        assert!(app.stored_files().is_empty());
    })
    .await;
}

#[tokio::test]
async fn an_accepted_upload_is_read_interpreted_and_served() {
    on_each_backend(|db, url| async move {
        let app = spawn_app(&url, &[]).await;
        let cookie = consenting_user(&app, "asha@example.in").await;
        let (status, body) = app.upload(&cookie, "cbc.pdf", pdf("a")).await;
        assert_eq!(status, 201, "{body}");
        let id = body["reportId"].as_str().unwrap().to_string();
        assert_eq!(body["id"], body["reportId"]);
        assert_eq!(uploads_used(&app, &cookie).await, 1);
        assert_eq!(app.stored_files().len(), 1, "the file is kept under the data directory");
        assert!(app.stored_files()[0].to_string_lossy().contains(&id), "with a server-generated name");

        assert_eq!(wait_until_done(&app, &cookie, &id).await, "completed");
        let (_, details) = app.json(&format!("/api/reports/{id}/details"), Some(&cookie)).await;
        let abnormal = details["abnormalResults"].as_array().unwrap();
        assert_eq!(abnormal.len(), 2, "{details}");
        assert_eq!(abnormal[0]["testName"], "Haemoglobin");
        assert_eq!(abnormal[0]["value"], "10.6");
        assert_eq!(abnormal[0]["unit"], "g/dL");
        assert_eq!(abnormal[0]["referenceRangeMin"], 12.0);
        assert_eq!(abnormal[0]["referenceRangeMax"], 15.5);
        assert_eq!(abnormal[0]["abnormalType"], "low");
        assert_eq!(abnormal[0]["severity"], "severe");
        assert!(abnormal[0]["testDate"].is_string());
        assert_eq!(abnormal[1]["abnormalType"], "positive");
        let recs = details["recommendations"].as_array().unwrap();
        assert!(recs.iter().any(|r| r["type"] == "consult" && r["testName"] == "HBsAg"), "{recs:?}");
        for r in recs {
            for field in ["id", "title", "description", "type", "duration", "icon", "testName"] {
                assert!(r[field].is_string(), "{field} in {r}");
            }
            assert!(r.get("proJourney").is_none(), "no journeys for Free users");
        }
        let follow = details["followUps"].as_array().unwrap();
        assert!(follow.iter().any(|f| f["testName"] == "Complete blood count" && f["status"] == "pending"));
        assert_eq!(details["upgradeSuggestion"]["signalCount"], 2);

        let (code, doctors) = app.json(&format!("/api/reports/{id}/doctors"), Some(&cookie)).await;
        assert_eq!(code, 200);
        assert!(doctors["specialties"].as_array().unwrap().iter().any(|s| s == "Hepatologist"), "{doctors}");
        assert!(doctors["reasoning"].as_str().unwrap().contains("Haemoglobin is low"), "{doctors}");
        assert_eq!(doctors["doctors"], json!([]));

        let (code, body) = app.json(&format!("/api/reports/{id}/followups"), Some(&cookie)).await;
        assert_eq!(code, 200);
        assert_eq!(body["followUps"], details["followUps"]);

        let (_, dash) = app.json("/api/dashboard", Some(&cookie)).await;
        assert_eq!(dash["stats"]["reportsCount"], 1);
        assert_eq!(dash["stats"]["abnormalCount"], 2);
        let pending = details["followUps"].as_array().unwrap().iter().filter(|f| f["status"] == "pending").count();
        assert!(pending > 0);
        assert_eq!(dash["stats"]["followUpCount"], pending, "the tile counts this user's pending follow-ups");
        assert_eq!(dash["reports"][0]["status"], "completed");
        assert_eq!(dash["reports"][0]["fileName"], "cbc.pdf");
        // The worker stores the reading, then removes its job.
        for _ in 0..100 {
            if count(&db, "SELECT COUNT(*) FROM jobs").await == 0 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(count(&db, "SELECT COUNT(*) FROM jobs").await, 0, "the job is gone once done");
        let (_, audit) = app.json("/api/compliance/audit", Some(&cookie)).await;
        assert!(
            audit["entries"].as_array().unwrap().iter().any(|e| e["action"] == "upload" && e["subject"] == id.as_str()),
            "{audit}"
        );
    })
    .await;
}

#[tokio::test]
async fn files_are_checked_by_content_not_by_name() {
    on_each_backend(|db, url| async move {
        let app = spawn_app(&url, &[]).await;
        let cookie = consenting_user(&app, "types@example.in").await;
        let invalid = "Invalid file type: Please select a PDF, JPG, or PNG file.";
        for (name, bytes) in [
            ("report.pdf", b"GIF89a\x01\x00\x01\x00".to_vec()),
            ("report.png", pdf("b")),
            ("report.exe", pdf("c")),
            ("report", pdf("d")),
        ] {
            let (status, body) = app.upload(&cookie, name, bytes).await;
            assert_eq!((status, body["message"].as_str().unwrap()), (400, invalid), "{name}");
        }
        let (status, body) = app.upload(&cookie, "empty.pdf", Vec::new()).await;
        assert_eq!(status, 400, "{body}");
        // A PNG whose header claims 100,000 × 100,000 pixels.
        let mut flood = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        flood.extend_from_slice(&100_000u32.to_be_bytes());
        flood.extend_from_slice(&100_000u32.to_be_bytes());
        flood.extend_from_slice(&[8, 0, 0, 0, 0, 0, 0, 0, 0]);
        let (status, body) = app.upload(&cookie, "flood.png", flood).await;
        assert_eq!(status, 400);
        assert!(body["message"].as_str().unwrap().contains("Image too large"), "{body}");
        // No file at all.
        let res = app
            .client
            .post(format!("{}/api/upload", app.base))
            .header(header::ORIGIN, &app.base)
            .header(header::COOKIE, &cookie)
            .multipart(reqwest::multipart::Form::new().text("dietPreference", "veg"))
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 400);
        assert_eq!(uploads_used(&app, &cookie).await, 0, "refusals use no allowance");
        assert_eq!(count(&db, "SELECT COUNT(*) FROM reports").await, 0);
        assert!(app.stored_files().is_empty(), "no orphaned file");
    })
    .await;
}

#[tokio::test]
async fn a_file_over_10_mb_is_refused_with_413() {
    on_each_backend(|db, url| async move {
        let app = spawn_app(&url, &[]).await;
        let cookie = consenting_user(&app, "big@example.in").await;
        let mut big = pdf("big");
        big.resize(10 * 1024 * 1024 + 1, b' ');
        let (status, body) = app.upload(&cookie, "big.pdf", big).await;
        assert_eq!(status, 413);
        assert_eq!(body["message"], "File too large: Please select a file smaller than 10MB.");
        assert_eq!(count(&db, "SELECT COUNT(*) FROM reports").await, 0);
    })
    .await;
}

#[tokio::test]
async fn a_streamed_upload_is_cut_off_once_it_passes_10_mb() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    on_each_backend(|_, url| async move {
        let app = spawn_app(&url, &[]).await;
        let cookie = consenting_user(&app, "stream@example.in").await;
        let addr = app.base.trim_start_matches("http://").to_string();
        let stream = tokio::net::TcpStream::connect(&addr).await.unwrap();
        let (mut reader, mut writer) = stream.into_split();
        // Chunked: no Content-Length, so only the streaming check can stop it.
        let head = format!(
            "POST /api/upload HTTP/1.1\r\nHost: {addr}\r\nOrigin: {}\r\nCookie: {cookie}\r\n\
             Content-Type: multipart/form-data; boundary=XyZ\r\nTransfer-Encoding: chunked\r\n\r\n",
            app.base
        );
        writer.write_all(head.as_bytes()).await.unwrap();
        let preamble = "--XyZ\r\nContent-Disposition: form-data; name=\"healthReport\"; filename=\"big.pdf\"\r\n\
                        Content-Type: application/pdf\r\n\r\n%PDF-1.4\n";
        writer.write_all(format!("{:x}\r\n{preamble}\r\n", preamble.len()).as_bytes()).await.unwrap();
        let sent = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let answered_at = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(usize::MAX));
        let response = {
            let (sent, answered_at) = (sent.clone(), answered_at.clone());
            tokio::spawn(async move {
                let mut first = [0u8; 64];
                let n = reader.read(&mut first).await.unwrap_or(0);
                answered_at.store(sent.load(std::sync::atomic::Ordering::SeqCst), std::sync::atomic::Ordering::SeqCst);
                String::from_utf8_lossy(&first[..n]).to_string()
            })
        };
        let chunk = vec![b'x'; 64 * 1024];
        // Up to 40 MB, until the server answers.
        while sent.load(std::sync::atomic::Ordering::SeqCst) < 40 * 1024 * 1024
            && answered_at.load(std::sync::atomic::Ordering::SeqCst) == usize::MAX
        {
            let framed = [format!("{:x}\r\n", chunk.len()).as_bytes(), &chunk, b"\r\n"].concat();
            if writer.write_all(&framed).await.is_err() {
                break;
            }
            sent.fetch_add(chunk.len(), std::sync::atomic::Ordering::SeqCst);
            // Let the reading task run: on this single-threaded test runtime it would otherwise
            // see the answer only when the socket blocks, and record it megabytes late.
            tokio::task::yield_now().await;
        }
        let first = tokio::time::timeout(Duration::from_secs(10), response).await.unwrap().unwrap();
        assert!(first.starts_with("HTTP/1.1 413"), "{first}");
        let at = answered_at.load(std::sync::atomic::Ordering::SeqCst);
        // The answer comes once the file passes 10 MB; loopback socket buffers hold several MB
        // more that the server never read. A server that read the whole body first would
        // answer only at 40 MB.
        assert!(at < 24 * 1024 * 1024, "answered only after {at} bytes");
    })
    .await;
}

#[tokio::test]
async fn the_same_file_twice_is_409_even_at_the_same_moment() {
    on_each_backend(|db, url| async move {
        let app = spawn_app(&url, &[]).await;
        let cookie = consenting_user(&app, "twins@example.in").await;
        let file = pdf("twin");
        let (a, b) =
            tokio::join!(app.upload(&cookie, "a.pdf", file.clone()), app.upload(&cookie, "b.pdf", file.clone()));
        let mut statuses = [a.0, b.0];
        statuses.sort_unstable();
        assert_eq!(statuses, [201, 409], "{a:?} {b:?}");
        let conflict = if a.0 == 409 { a.1 } else { b.1 };
        assert!(conflict["message"].as_str().unwrap().contains("already been processed"), "{conflict}");
        let (status, _) = app.upload(&cookie, "c.pdf", file.clone()).await;
        assert_eq!(status, 409);
        assert_eq!(uploads_used(&app, &cookie).await, 1, "a refused duplicate uses no allowance");
        assert_eq!(count(&db, "SELECT COUNT(*) FROM reports").await, 1);
        assert_eq!(app.stored_files().len(), 1, "the refused twin's file was removed");
        // Another user may upload the same file.
        let other = consenting_user(&app, "other@example.in").await;
        assert_eq!(app.upload(&other, "a.pdf", file).await.0, 201);
    })
    .await;
}

#[tokio::test]
async fn a_free_user_with_nine_uploads_sending_five_at_once_gets_exactly_one() {
    on_each_backend(|db, url| async move {
        let app = spawn_app(&url, &[]).await;
        let cookie = consenting_user(&app, "limit@example.in").await;
        set_user(&db, "limit@example.in", "uploads_used = 9").await;
        let files: Vec<Vec<u8>> = (0..5).map(|i| pdf(&format!("patient {i}"))).collect();
        let results = futures_util::future::join_all(files.into_iter().enumerate().map(|(i, f)| {
            let cookie = cookie.clone();
            let app = &app;
            async move { app.upload(&cookie, &format!("r{i}.pdf"), f).await }
        }))
        .await;
        let accepted = results.iter().filter(|(s, _)| *s == 201).count();
        let refused: Vec<_> = results.iter().filter(|(s, _)| *s == 403).collect();
        assert_eq!((accepted, refused.len()), (1, 4), "{results:?}");
        assert!(refused[0].1["message"].as_str().unwrap().starts_with("Upload limit reached"));
        assert_eq!(uploads_used(&app, &cookie).await, 10);
        assert_eq!(count(&db, "SELECT COUNT(*) FROM reports").await, 1);
        assert_eq!(app.stored_files().len(), 1);
        // Pro has no limit.
        set_user(&db, "limit@example.in", "is_pro = TRUE").await;
        assert_eq!(app.upload(&cookie, "pro.pdf", pdf("pro")).await.0, 201);
    })
    .await;
}

#[tokio::test]
async fn every_report_route_answers_404_for_another_users_report() {
    on_each_backend(|db, url| async move {
        let app = spawn_app(&url, &[]).await;
        let owner = consenting_user(&app, "owner@example.in").await;
        let (_, body) = app.upload(&owner, "mine.pdf", pdf("owner")).await;
        let id = body["id"].as_str().unwrap().to_string();
        wait_until_done(&app, &owner, &id).await;
        let intruder = consenting_user(&app, "intruder@example.in").await;
        for path in ["status", "details", "followups", "view", "doctors"] {
            let (code, body) = app.json(&format!("/api/reports/{id}/{path}"), Some(&intruder)).await;
            assert_eq!(code, 404, "{path}: {body}");
            assert_eq!(body["code"], "NOT_FOUND");
        }
        let res = app
            .client
            .delete(format!("{}/api/reports/{id}", app.base))
            .header(header::ORIGIN, &app.base)
            .header(header::COOKIE, &intruder)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 404);
        assert_eq!(count(&db, "SELECT COUNT(*) FROM reports").await, 1, "the owner's report survives");
        // Unknown and malformed ids look the same.
        for bad in ["00000000-0000-4000-8000-000000000000", "not-an-id", "..%2F..%2Fetc"] {
            assert_eq!(app.get(&format!("/api/reports/{bad}/details"), Some(&owner)).await.status(), 404, "{bad}");
        }
        // Without a session: 401.
        assert_eq!(app.get(&format!("/api/reports/{id}/details"), None).await.status(), 401);
    })
    .await;
}

#[tokio::test]
async fn view_serves_the_original_file_inline_and_safely() {
    on_each_backend(|_, url| async move {
        let app = spawn_app(&url, &[]).await;
        let cookie = consenting_user(&app, "view@example.in").await;
        let file = pdf("view");
        let (status, body) = app.upload(&cookie, "Blood \"test\" ü.pdf", file.clone()).await;
        assert_eq!(status, 201, "{body}");
        let id = body["id"].as_str().unwrap().to_string();
        let res = app.get(&format!("/api/reports/{id}/view"), Some(&cookie)).await;
        assert_eq!(res.status(), 200);
        let h = res.headers().clone();
        assert_eq!(h[header::CONTENT_TYPE], "application/pdf");
        assert_eq!(h[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
        assert_eq!(h[header::CACHE_CONTROL], "no-store");
        let disposition = h[header::CONTENT_DISPOSITION].to_str().unwrap();
        assert!(disposition.starts_with("inline"), "{disposition}");
        assert!(!disposition.contains("\"test\""), "quotes cannot break out: {disposition}");
        assert!(disposition.contains("filename*=UTF-8''"), "the real name survives: {disposition}");
        assert_eq!(res.bytes().await.unwrap().to_vec(), file);
    })
    .await;
}

#[tokio::test]
async fn deleting_a_report_removes_its_rows_and_its_file() {
    on_each_backend(|db, url| async move {
        let app = spawn_app(&url, &[]).await;
        let cookie = consenting_user(&app, "delete@example.in").await;
        let (_, body) = app.upload(&cookie, "gone.pdf", pdf("gone")).await;
        let id = body["id"].as_str().unwrap().to_string();
        wait_until_done(&app, &cookie, &id).await;
        assert!(count(&db, "SELECT COUNT(*) FROM lab_results").await > 0);
        assert!(count(&db, "SELECT COUNT(*) FROM recommendations").await > 0);
        assert_eq!(app.stored_files().len(), 1);
        let res = app
            .client
            .delete(format!("{}/api/reports/{id}", app.base))
            .header(header::ORIGIN, &app.base)
            .header(header::COOKIE, &cookie)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 200);
        for table in ["reports", "lab_results", "recommendations", "follow_ups", "jobs"] {
            assert_eq!(count(&db, &format!("SELECT COUNT(*) FROM {table}")).await, 0, "{table}");
        }
        assert!(app.stored_files().is_empty(), "the file is deleted");
        assert_eq!(app.get(&format!("/api/reports/{id}/status"), Some(&cookie)).await.status(), 404);
    })
    .await;
}

#[tokio::test]
async fn an_unreadable_file_fails_with_a_reason_the_user_sees() {
    on_each_backend(|_, url| async move {
        let app = spawn_app(&url, &[]).await;
        let cookie = consenting_user(&app, "broken@example.in").await;
        let (status, body) = app.upload(&cookie, "broken.pdf", b"%PDF-1.7\n1 0 obj <<".to_vec()).await;
        assert_eq!(status, 201, "{body}");
        let id = body["id"].as_str().unwrap().to_string();
        assert_eq!(wait_until_done(&app, &cookie, &id).await, "failed");
        let (_, dash) = app.json("/api/dashboard", Some(&cookie)).await;
        let reason = dash["reports"][0]["extractedText"].as_str().unwrap();
        assert!(reason.starts_with("This file could not be read:"), "{reason}");
        // A PDF with text but no results table fails too, with its own reason.
        let (_, body) = app.upload(&cookie, "letter.pdf", report_pdf("Dear patient", &[])).await;
        let id = body["id"].as_str().unwrap().to_string();
        assert_eq!(wait_until_done(&app, &cookie, &id).await, "failed");
        let (_, dash) = app.json("/api/dashboard", Some(&cookie)).await;
        assert!(dash["reports"][0]["extractedText"].as_str().unwrap().contains("no test results"), "{dash}");
    })
    .await;
}

#[tokio::test]
async fn reprocessing_rewrites_the_advice_for_a_new_diet() {
    on_each_backend(|_, url| async move {
        let app = spawn_app(&url, &[]).await;
        let cookie = consenting_user(&app, "diet@example.in").await;
        let (_, body) = app.upload(&cookie, "cbc.pdf", pdf("diet")).await;
        let id = body["id"].as_str().unwrap().to_string();
        wait_until_done(&app, &cookie, &id).await;
        let diet_text = |details: &Value| {
            details["recommendations"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|r| r["type"] == "diet")
                .map(|r| r["description"].as_str().unwrap().to_string())
                .collect::<String>()
        };
        let before = app.json(&format!("/api/reports/{id}/details"), Some(&cookie)).await.1;
        assert!(diet_text(&before).contains("meat"), "uploaded as non-vegetarian");
        let (status, _) =
            app.post_json("/api/reports/reprocess?async=1", Some(&cookie), &json!({"dietPreference": "veg"})).await;
        assert_eq!(status, 202);
        for _ in 0..100 {
            let now = app.json(&format!("/api/reports/{id}/details"), Some(&cookie)).await.1;
            let text = diet_text(&now);
            if !text.contains("meat") {
                assert!(text.contains("dals"), "{text}");
                assert_eq!(now["abnormalResults"], before["abnormalResults"], "results are kept");
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("the advice was not rewritten");
    })
    .await;
}

#[tokio::test]
async fn pro_users_get_journeys_with_diet_plans_from_their_cuisines() {
    on_each_backend(|db, url| async move {
        let app = spawn_app(&url, &[]).await;
        let cookie = consenting_user(&app, "pro@example.in").await;
        set_user(&db, "pro@example.in", "is_pro = TRUE").await;
        let (status, body) = app
            .upload_with(&cookie, "cbc.pdf", pdf("pro"), &[("dietPreference", "veg"), ("cuisines", "Chinese,Japanese")])
            .await;
        assert_eq!(status, 201, "{body}");
        let id = body["id"].as_str().unwrap().to_string();
        assert_eq!(wait_until_done(&app, &cookie, &id).await, "completed");
        let summaries = |details: &Value| -> Vec<String> {
            details["recommendations"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r["proJourney"]["dietPlan"]["summary"].as_str().unwrap_or("none").to_string())
                .collect()
        };
        let (_, details) = app.json(&format!("/api/reports/{id}/details"), Some(&cookie)).await;
        let first = summaries(&details);
        assert!(!first.is_empty() && first.iter().all(|s| s.contains("Chinese, Japanese")), "{first:?}");
        assert!(details.get("upgradeSuggestion").is_none_or(Value::is_null), "no upgrade prompt for Pro");
        assert!(!details["recommendations"].to_string().to_lowercase().contains("chicken"), "vegetarian plans");

        let (status, body) = app
            .post_json(
                "/api/reports/reprocess?async=1",
                Some(&cookie),
                &json!({"dietPreference": "nonveg", "cuisines": ["Mediterranean"]}),
            )
            .await;
        assert_eq!(status, 202);
        assert_eq!(body["cuisines"], json!(["mediterranean"]));
        for _ in 0..100 {
            let (_, now) = app.json(&format!("/api/reports/{id}/details"), Some(&cookie)).await;
            if summaries(&now).iter().all(|s| s.contains("Mediterranean")) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("the journeys were not rebuilt for the new cuisines");
    })
    .await;
}

#[tokio::test]
async fn a_configured_narrator_rewrites_pro_journeys_and_a_failing_one_changes_nothing() {
    use ht_llm::testing::{Mode, REWRITTEN, start};
    on_each_backend(|db, url| async move {
        let situations = |details: &Value| -> Vec<String> {
            details["recommendations"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r["proJourney"]["currentSituation"].as_str().unwrap_or("none").to_string())
                .collect()
        };
        for (mode, email) in [(Mode::Good, "narrated@example.in"), (Mode::NotJson, "plain@example.in")] {
            let (llm, fake) = start(mode).await;
            let app = spawn_app(&url, &[("HT_LLM_BASE_URL", &llm), ("HT_LLM_MODEL", "test-model")]).await;
            let cookie = consenting_user(&app, email).await;
            set_user(&db, email, "is_pro = TRUE").await;
            let (_, body) = app.upload(&cookie, "cbc.pdf", pdf(email)).await;
            let id = body["id"].as_str().unwrap().to_string();
            assert_eq!(wait_until_done(&app, &cookie, &id).await, "completed");
            let (_, details) = app.json(&format!("/api/reports/{id}/details"), Some(&cookie)).await;
            let s = situations(&details);
            let seen = fake.lock().unwrap().seen.clone();
            assert!(!seen.is_empty(), "the narrator was asked");
            let sent = seen.iter().map(|(_, b)| b.to_string()).collect::<String>();
            assert!(!sent.contains(email) && !sent.contains("Asha") && !sent.contains("cbc.pdf"), "no identity leaves");
            if mode == Mode::Good {
                assert!(s.iter().any(|t| t == REWRITTEN), "{s:?}");
            } else {
                assert!(s.iter().all(|t| t.starts_with("Your ") && t != REWRITTEN), "standard texts kept: {s:?}");
            }
        }
    })
    .await;
}
