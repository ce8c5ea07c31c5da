//! A local fake of the chat-completions API, for tests here and in the server.

// Test support: a failure to bind a local port should stop the test loudly.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use serde_json::{Value, json};

/// The rewritten first text every good answer carries.
pub const REWRITTEN: &str = "Your haemoglobin of 10.6 is a little below the range for women in their forties.";

/// How the fake answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// A valid answer with rewritten texts.
    Good,
    /// The valid answer after 5 s.
    Slow,
    /// Prose instead of JSON.
    NotJson,
    /// JSON without most texts.
    MissingFields,
    /// HTTP 500.
    ServerError,
}

/// What the fake saw and how it answers.
pub struct Fake {
    /// Answer mode.
    pub mode: Mode,
    /// Authorization header and JSON body of each request.
    pub seen: Vec<(Option<String>, Value)>,
}

async fn completions(req: HttpRequest, body: web::Json<Value>, fake: web::Data<Mutex<Fake>>) -> HttpResponse {
    let auth = req.headers().get("authorization").and_then(|v| v.to_str().ok()).map(String::from);
    let mode = {
        let mut f = fake.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        f.seen.push((auth, body.into_inner()));
        f.mode
    };
    let content = match mode {
        Mode::Good | Mode::Slow => json!({
            "currentSituation": REWRITTEN,
            "symptoms": "You may feel tired.",
            "bodyImpact": "Less oxygen reaches your muscles.",
            "shortTermRisks": "Fatigue.",
            "longTermRisks": "Strain on the heart if untreated.",
            "recoveryTimeline": "About three months.",
            "monitoring": "Repeat the blood count in 6–8 weeks."
        })
        .to_string(),
        Mode::NotJson => "Sure! Here is a friendlier version of your texts.".into(),
        Mode::MissingFields => json!({"currentSituation": "Only this."}).to_string(),
        Mode::ServerError => {
            return HttpResponse::InternalServerError()
                .json(json!({"error": {"message": "boom", "type": "server_error", "param": null, "code": null}}));
        }
    };
    if matches!(mode, Mode::Slow) {
        tokio::time::sleep(Duration::from_secs(5)).await;
    }
    HttpResponse::Ok().json(json!({
        "id": "chatcmpl-1", "object": "chat.completion", "created": 1_700_000_000, "model": "test-model",
        "choices": [{"index": 0, "finish_reason": "stop", "logprobs": null,
                     "message": {"role": "assistant", "content": content, "refusal": null}}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20}
    }))
}

/// Starts a fake on a free port; returns its `/v1` base URL and its state.
///
/// # Panics
/// When no local port can be bound.
pub async fn start(mode: Mode) -> (String, Arc<Mutex<Fake>>) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/v1", listener.local_addr().unwrap());
    let fake = Arc::new(Mutex::new(Fake { mode, seen: Vec::new() }));
    let data = web::Data::from(fake.clone());
    let server = HttpServer::new(move || {
        App::new().app_data(data.clone()).route("/v1/chat/completions", web::post().to(completions))
    })
    .workers(1)
    .listen(listener)
    .unwrap()
    .run();
    tokio::spawn(server);
    (url, fake)
}
