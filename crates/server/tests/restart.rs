//! Durability: a report whose processing is cut off by `kill -9` of the server process is
//! finished by the next server on the same database and data directory.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use ht_sql::testing::{count, on_each_backend};
use reqwest::header;
use serde_json::json;

struct Server {
    child: Child,
    base: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

async fn start(db_url: &str, data: &Path) -> Server {
    let port = free_port();
    let child = Command::new(env!("CARGO_BIN_EXE_healthtracker"))
        .arg("serve")
        .env("HT_BIND", format!("127.0.0.1:{port}"))
        .env("HT_DATA_DIR", data)
        .env("DATABASE_URL", db_url)
        .env("HT_STATIC_DIR", data.join("no-frontend"))
        .env("HT_WORKERS", "1")
        .env("HT_JOB_LEASE_SECS", "2")
        .env("OMP_THREAD_LIMIT", "1")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let base = format!("http://127.0.0.1:{port}");
    let deadline = Instant::now() + Duration::from_secs(30);
    while reqwest::get(format!("{base}/api/public-config")).await.is_err() {
        assert!(Instant::now() < deadline, "the server did not start");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Server { child, base }
}

/// A large scan: the OCR fixture tiled 4 × 4, so reading it takes seconds, not milliseconds.
fn slow_scan() -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../adapters/ocr/tests/fixtures/synthetic_cbc.png");
    let tile = image::open(path).unwrap().to_luma8();
    let (w, h) = tile.dimensions();
    let mut big = image::GrayImage::new(w * 4, h * 4);
    for ty in 0..4 {
        for tx in 0..4 {
            image::imageops::replace(&mut big, &tile, i64::from(tx * w), i64::from(ty * h));
        }
    }
    let mut out = std::io::Cursor::new(Vec::new());
    big.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

#[tokio::test]
async fn a_job_killed_mid_processing_completes_after_restart() {
    on_each_backend(|db, url| async move {
        let dir = tempfile::tempdir().unwrap();
        let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
        let mut first = start(&url, dir.path()).await;
        let base = first.base.clone();
        let res = client
            .post(format!("{base}/api/login"))
            .header(header::ORIGIN, &base)
            .form(&[("email", "durable@example.in"), ("firstName", "Dee")])
            .send()
            .await
            .unwrap();
        let cookie = res.headers()[header::SET_COOKIE].to_str().unwrap().split(';').next().unwrap().to_string();
        let consent = json!({
            "consentType": "explicit",
            "purposes": ["healthcare_analysis", "personalized_recommendations", "follow_up_reminders"],
            "dataCategories": ["health_records", "test_results", "personal_information"],
            "retentionPeriod": "5_years", "acceptTerms": true, "region": "IN",
        });
        let res = client
            .post(format!("{base}/api/compliance/india/consent"))
            .header(header::ORIGIN, &base)
            .header(header::COOKIE, &cookie)
            .json(&consent)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 201);
        let form = reqwest::multipart::Form::new()
            .part("healthReport", reqwest::multipart::Part::bytes(slow_scan()).file_name("scan.png"));
        let res = client
            .post(format!("{base}/api/upload"))
            .header(header::ORIGIN, &base)
            .header(header::COOKIE, &cookie)
            .multipart(form)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 201);
        let id = res.json::<serde_json::Value>().await.unwrap()["id"].as_str().unwrap().to_string();

        // Wait for the worker to claim the job, then kill the process without warning.
        let deadline = Instant::now() + Duration::from_secs(10);
        while count(&db, "SELECT COUNT(*) FROM jobs WHERE attempts = 1").await == 0 {
            assert!(Instant::now() < deadline, "the job was never claimed");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let pid = first.child.id().to_string();
        assert!(Command::new("kill").args(["-9", &pid]).status().unwrap().success());
        first.child.wait().unwrap();
        assert_eq!(
            count(&db, &format!("SELECT COUNT(*) FROM reports WHERE id = '{id}' AND status = 'processing'")).await,
            1,
            "the kill interrupted the reading"
        );
        assert_eq!(count(&db, "SELECT COUNT(*) FROM jobs").await, 1, "the job survives the crash");

        // A new server on the same database and data directory takes the job over once the
        // dead worker's lease runs out.
        let second = start(&url, dir.path()).await;
        let deadline = Instant::now() + Duration::from_secs(120);
        loop {
            let res = client
                .get(format!("{}/api/reports/{id}/status", second.base))
                .header(header::COOKIE, &cookie)
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), 200, "the session survives the restart");
            let status = res.json::<serde_json::Value>().await.unwrap()["status"].as_str().unwrap().to_string();
            if status == "completed" {
                break;
            }
            assert_eq!(status, "processing");
            assert!(Instant::now() < deadline, "the job was not finished after the restart");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        // The worker stores the reading, then removes its job: wait for the second step.
        let deadline = Instant::now() + Duration::from_secs(10);
        while count(&db, "SELECT COUNT(*) FROM jobs").await != 0 {
            assert!(Instant::now() < deadline, "the finished job was never removed");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        assert!(count(&db, &format!("SELECT COUNT(*) FROM lab_results WHERE report_id = '{id}'")).await > 0);
        drop(second);
    })
    .await;
}
