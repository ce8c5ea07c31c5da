//! Load benchmark: `GET /api/dashboard` for a user with 1,000 reports, under 200 concurrent
//! clients, beside the trivial `GET /api/public-config` of the same server in the same run.
//!
//! ```text
//! cargo run --release -p healthtracker --example dashboard_load -- [DATABASE_URL] [CLIENTS] [SECONDS]
//! ```
//! Without a URL it uses a fresh SQLite file; `bench/dashboard.sh` runs SQLite and PostgreSQL.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::Utc;
use healthtracker::{Application, Settings};
use ht_sql::testing::{SeedResult, seed_report, seed_result};
use tokio::sync::Mutex;

const REPORTS: usize = 1000;

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

async fn load(base: &str, path: &str, cookie: &str, clients: usize, seconds: u64) -> (Vec<Duration>, usize) {
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let errors = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for _ in 0..clients {
        let (url, cookie, latencies, errors) =
            (format!("{base}{path}"), cookie.to_string(), latencies.clone(), errors.clone());
        tasks.push(tokio::spawn(async move {
            // One connection per client, as 200 browsers would hold.
            let client = reqwest::Client::builder().pool_max_idle_per_host(1).build().unwrap();
            let mut mine = Vec::new();
            while Instant::now() < deadline {
                let start = Instant::now();
                match client.get(&url).header("cookie", &cookie).send().await {
                    Ok(res) if res.status().is_success() => {
                        let _ = res.bytes().await;
                        mine.push(start.elapsed());
                    }
                    _ => {
                        errors.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    }
                }
            }
            latencies.lock().await.extend(mine);
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    let mut all = Arc::try_unwrap(latencies).unwrap().into_inner();
    all.sort_unstable();
    (all, errors.load(std::sync::atomic::Ordering::Relaxed))
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = tempfile::tempdir().unwrap();
    let url = args
        .first()
        .filter(|s| !s.is_empty())
        .cloned()
        .unwrap_or_else(|| format!("sqlite://{}", dir.path().join("bench.sqlite").display()));
    let clients: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(200);
    let seconds: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10);

    let env: HashMap<String, String> = HashMap::from([
        ("HT_BIND".into(), "127.0.0.1:0".into()),
        ("HT_DATA_DIR".into(), dir.path().join("data").display().to_string()),
        ("DATABASE_URL".into(), url.clone()),
        ("HT_STATIC_DIR".into(), dir.path().join("dist").display().to_string()),
        ("HT_WORKERS".into(), "1".into()),
    ]);
    let app = Application::build(Settings::from_lookup(|k| env.get(k).cloned()).unwrap()).await.unwrap();
    let base = format!("http://{}", app.address());
    tokio::spawn(app.run());

    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let res = client
        .post(format!("{base}/api/login"))
        .header("origin", &base)
        .form(&[("email", "load@example.in"), ("firstName", "Load")])
        .send()
        .await
        .unwrap();
    let cookie = res.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_string();
    let me: serde_json::Value = client
        .get(format!("{base}/api/auth/user"))
        .header("cookie", &cookie)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let user = ht_kernel::UserId::parse(me["id"].as_str().unwrap()).unwrap();

    let db = ht_sql::connect(&url).await.unwrap();
    let seeding = Instant::now();
    for i in 0..REPORTS {
        let at = Utc::now() - chrono::Duration::minutes(i as i64);
        let id = seed_report(&db, &user, &format!("report-{i}.pdf"), at, "completed").await;
        for (name, flag) in [("Haemoglobin", Some("low")), ("Glucose", None), ("LDL", Some("high"))] {
            seed_result(
                &db,
                &id,
                SeedResult { test_name: name, value_text: "1", value: Some(1.0), unit: Some("mg/dL"), flag },
            )
            .await;
        }
    }
    eprintln!("seeded {REPORTS} reports with 3 results each in {:.1}s", seeding.elapsed().as_secs_f64());

    let backend = if url.starts_with("postgres") { "PostgreSQL" } else { "SQLite" };
    println!("backend {backend}, {clients} concurrent clients, {seconds} s per endpoint, {REPORTS} reports");
    println!("{:<22} {:>9} {:>9} {:>9} {:>10} {:>7}", "endpoint", "p50 ms", "p99 ms", "max ms", "req/s", "errors");
    for path in ["/api/public-config", "/api/dashboard"] {
        let (lat, errors) = load(&base, path, &cookie, clients, seconds).await;
        println!(
            "{:<22} {:>9.2} {:>9.2} {:>9.2} {:>10.0} {:>7}",
            path,
            percentile(&lat, 0.50),
            percentile(&lat, 0.99),
            percentile(&lat, 1.0),
            lat.len() as f64 / seconds as f64,
            errors
        );
    }
}
