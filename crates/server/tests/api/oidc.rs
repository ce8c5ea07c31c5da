//! Google-style sign-in against a local OpenID Connect issuer started by the test.

use ht_oidc::testing::{CLIENT_ID, CLIENT_SECRET, Tamper, TestIssuer, TestUser};
use ht_sql::testing::on_each_backend;
use reqwest::header;

use crate::helpers::{TestApp, location, session_cookie, spawn_app};

async fn app_with_issuer(url: &str, issuer: &str) -> TestApp {
    spawn_app(
        url,
        &[("GOOGLE_CLIENT_ID", CLIENT_ID), ("GOOGLE_CLIENT_SECRET", CLIENT_SECRET), ("HT_OIDC_ISSUER", issuer)],
    )
    .await
}

/// Starts sign-in; returns the authorization URL and the pre-sign-in cookie.
async fn start(app: &TestApp) -> (String, String) {
    let res = app.get("/api/login?returnTo=%2Fdashboard", None).await;
    assert_eq!(res.status(), 302);
    (location(&res), session_cookie(&res).expect("the pending sign-in is bound to a session"))
}

async fn callback(app: &TestApp, code: &str, state: &str, cookie: &str) -> reqwest::Response {
    app.get(&format!("/api/callback?code={code}&state={state}"), Some(cookie)).await
}

#[tokio::test]
async fn sign_in_succeeds_and_renews_the_session_id() {
    on_each_backend(|_, url| async move {
        let issuer = TestIssuer::start().await;
        let app = app_with_issuer(&url, &issuer.url).await;
        let (auth_url, pre) = start(&app).await;
        assert!(auth_url.starts_with(&format!("{}/authorize?", issuer.url)));
        let (code, state) = issuer.authorize(&auth_url, TestUser::new("g-123", "priya@example.in", "Priya"));
        let res = callback(&app, &code, &state, &pre).await;
        assert_eq!(res.status(), 302);
        assert_eq!(location(&res), "/dashboard");
        let post = session_cookie(&res).unwrap();
        assert_ne!(post, pre, "signing in issues a new session id");

        let (status, user) = app.json("/api/auth/user", Some(&post)).await;
        assert_eq!(status, 200);
        assert_eq!(user["firstName"], "Priya");
        assert_eq!(user["email"], "priya@example.in");
        assert_eq!(app.json("/api/auth/user", Some(&pre)).await.0, 401, "the pre-sign-in cookie does not authenticate");

        // The same (issuer, subject) signs in to the same account.
        let (auth_url, pre) = start(&app).await;
        let (code, state) = issuer.authorize(&auth_url, TestUser::new("g-123", "priya@example.in", "Priya"));
        let again = session_cookie(&callback(&app, &code, &state, &pre).await).unwrap();
        assert_eq!(app.json("/api/auth/user", Some(&again)).await.1["id"], user["id"]);
    })
    .await;
}

#[tokio::test]
async fn wrong_or_reused_state_is_refused() {
    on_each_backend(|_, url| async move {
        let issuer = TestIssuer::start().await;
        let app = app_with_issuer(&url, &issuer.url).await;
        let (auth_url, pre) = start(&app).await;
        let (code, state) = issuer.authorize(&auth_url, TestUser::new("g-1", "a@example.in", "A"));

        let res = callback(&app, &code, "forged-state", &pre).await;
        assert_eq!(res.status(), 400);
        assert_eq!(issuer.token_requests(), 0, "a wrong state never reaches the token endpoint");

        // A fresh flow succeeds once; replaying its state fails.
        let (auth_url, pre) = start(&app).await;
        let (code, state2) = issuer.authorize(&auth_url, TestUser::new("g-1", "a@example.in", "A"));
        let ok = callback(&app, &code, &state2, &pre).await;
        assert_eq!(ok.status(), 302);
        let res = callback(&app, &code, &state2, &pre).await;
        assert_eq!(res.status(), 400, "a used state is refused");
        let _ = state;

        // A state issued to another browser is refused in this one.
        let (auth_url_a, _cookie_a) = start(&app).await;
        let (_, cookie_b) = start(&app).await;
        let (code, state_a) = issuer.authorize(&auth_url_a, TestUser::new("g-1", "a@example.in", "A"));
        assert_eq!(callback(&app, &code, &state_a, &cookie_b).await.status(), 400);
    })
    .await;
}

#[tokio::test]
async fn tampered_id_tokens_are_refused_without_a_session() {
    on_each_backend(|_, url| async move {
        let issuer = TestIssuer::start().await;
        let app = app_with_issuer(&url, &issuer.url).await;
        for tamper in [
            Tamper::WrongNonce,
            Tamper::WrongAudience,
            Tamper::BadSignature,
            Tamper::WrongIssuer,
            Tamper::Expired,
            Tamper::AlgNone,
        ] {
            issuer.set_tamper(tamper);
            let (auth_url, pre) = start(&app).await;
            let (code, state) = issuer.authorize(&auth_url, TestUser::new("g-9", "z@example.in", "Z"));
            let res = callback(&app, &code, &state, &pre).await;
            assert_eq!(res.status(), 401, "{tamper:?}");
            let body: serde_json::Value = res.json().await.unwrap();
            assert_eq!(body["message"], "Unauthorized");
            assert_eq!(app.json("/api/auth/user", Some(&pre)).await.0, 401, "{tamper:?}");
        }
    })
    .await;
}

#[tokio::test]
async fn dev_sign_in_is_refused_when_google_is_configured() {
    on_each_backend(|_, url| async move {
        let issuer = TestIssuer::start().await;
        let app = app_with_issuer(&url, &issuer.url).await;
        let res = app
            .client
            .post(format!("{}/api/login", app.base))
            .header(header::ORIGIN, &app.base)
            .form(&[("email", "mallory@example.in"), ("firstName", "Mallory")])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 404);
        assert!(session_cookie(&res).is_none());
        // GET /api/login goes to the provider, never to the form.
        let res = app.get("/api/login", None).await;
        assert_eq!(res.status(), 302);
    })
    .await;
}

#[tokio::test]
async fn an_unreachable_provider_answers_503_and_the_rest_keeps_working() {
    on_each_backend(|_, url| async move {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let app = app_with_issuer(&url, &format!("http://127.0.0.1:{port}")).await;
        let (status, body) = app.json("/api/login", None).await;
        assert_eq!(status, 503);
        assert!(body["message"].as_str().unwrap().contains("temporarily unavailable"));
        assert_eq!(app.json("/api/public-config", None).await.0, 200);
        assert_eq!(app.get("/dashboard", None).await.status(), 200);
    })
    .await;
}
