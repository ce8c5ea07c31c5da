//! Development sign-in, sessions and sign-out.

use ht_sql::testing::on_each_backend;
use reqwest::header;

use crate::helpers::{location, session_cookie, session_set_cookie, spawn_app};

#[tokio::test]
async fn auth_user_is_401_without_a_session() {
    on_each_backend(|_, url| async move {
        let app = spawn_app(&url, &[]).await;
        let (status, body) = app.json("/api/auth/user", None).await;
        assert_eq!(status, 401);
        assert_eq!(body["message"], "Unauthorized");
        let (status, _) = app.json("/api/dashboard", None).await;
        assert_eq!(status, 401);
    })
    .await;
}

#[tokio::test]
async fn dev_sign_in_form_has_the_labelled_fields() {
    on_each_backend(|_, url| async move {
        let app = spawn_app(&url, &[]).await;
        let res = app.get("/api/login?returnTo=%2Fdashboard", None).await;
        assert_eq!(res.status(), 200);
        let html = res.text().await.unwrap();
        assert!(html.contains("<title>Sign in</title>"));
        assert!(html.contains(r#"<label for="email">Email</label>"#));
        assert!(html.contains(r#"<label for="firstName">First name</label>"#));
        assert!(html.contains(r#"<button type="submit">Sign in</button>"#));
        assert!(html.contains(r#"name="returnTo" value="/dashboard""#));
    })
    .await;
}

#[tokio::test]
async fn dev_sign_in_creates_or_reuses_the_user_and_sets_a_safe_cookie() {
    on_each_backend(|_, url| async move {
        let app = spawn_app(&url, &[]).await;
        let res = app
            .client
            .post(format!("{}/api/login", app.base))
            .header(header::ORIGIN, &app.base)
            .form(&[("email", "Asha@Example.in"), ("firstName", "Asha"), ("returnTo", "/dashboard?x=1")])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 303);
        assert_eq!(location(&res), "/dashboard?x=1");
        let set_cookie = session_set_cookie(&res).unwrap();
        assert!(set_cookie.contains("HttpOnly"));
        assert!(set_cookie.contains("SameSite=Lax"));
        assert!(set_cookie.contains("Path=/"));
        assert!(!set_cookie.contains("Domain="));
        assert!(!set_cookie.contains("Secure"), "plain http must not mark the cookie Secure");
        let cookie = session_cookie(&res).unwrap();

        let (status, user) = app.json("/api/auth/user", Some(&cookie)).await;
        assert_eq!(status, 200);
        assert_eq!(user["email"], "asha@example.in");
        assert_eq!(user["firstName"], "Asha");
        assert_eq!(user["isPro"], false);
        assert_eq!(user["uploadsUsed"], 0);
        assert!(user["profileImageUrl"].is_null());

        let again = app.dev_sign_in("asha@example.in", "Asha").await;
        let (_, same) = app.json("/api/auth/user", Some(&again)).await;
        assert_eq!(same["id"], user["id"], "the same email signs in to the same account");
        let (_, other) = app.json("/api/auth/user", Some(&app.dev_sign_in("ravi@example.in", "Ravi").await)).await;
        assert_ne!(other["id"], user["id"]);
    })
    .await;
}

#[tokio::test]
async fn dev_sign_in_refuses_bad_input_and_foreign_return_paths() {
    on_each_backend(|_, url| async move {
        let app = spawn_app(&url, &[]).await;
        let post = |form: Vec<(&'static str, &'static str)>| {
            app.client.post(format!("{}/api/login", app.base)).header(header::ORIGIN, &app.base).form(&form).send()
        };
        let res = post(vec![("email", "not-an-email"), ("firstName", "A")]).await.unwrap();
        assert_eq!(res.status(), 400);
        assert!(session_cookie(&res).is_none());
        assert!(res.text().await.unwrap().contains("Please enter a valid email address."));
        let res = post(vec![("email", "a@example.in"), ("firstName", "  ")]).await.unwrap();
        assert_eq!(res.status(), 400);

        let res = post(vec![("email", "a@example.in"), ("firstName", "A"), ("returnTo", "https://evil.example/")])
            .await
            .unwrap();
        assert_eq!(res.status(), 303);
        assert_eq!(location(&res), "/");
        let res =
            post(vec![("email", "a@example.in"), ("firstName", "A"), ("returnTo", "//evil.example")]).await.unwrap();
        assert_eq!(location(&res), "/");
    })
    .await;
}

#[tokio::test]
async fn logout_revokes_the_session_server_side() {
    on_each_backend(|_, url| async move {
        let app = spawn_app(&url, &[]).await;
        let cookie = app.dev_sign_in("asha@example.in", "Asha").await;
        assert_eq!(app.json("/api/auth/user", Some(&cookie)).await.0, 200);
        let res = app.get("/api/logout", Some(&cookie)).await;
        assert_eq!(res.status(), 302);
        assert_eq!(location(&res), "/");
        // Replaying the old cookie no longer works: the session row is gone.
        assert_eq!(app.json("/api/auth/user", Some(&cookie)).await.0, 401);
        assert_eq!(app.json("/api/dashboard", Some(&cookie)).await.0, 401);
    })
    .await;
}

#[tokio::test]
async fn dashboard_of_a_new_user_has_the_final_shape() {
    on_each_backend(|_, url| async move {
        let app = spawn_app(&url, &[]).await;
        let cookie = app.dev_sign_in("asha@example.in", "Asha").await;
        let (status, body) = app.json("/api/dashboard", Some(&cookie)).await;
        assert_eq!(status, 200);
        assert_eq!(
            body,
            serde_json::json!({"stats": {"reportsCount": 0, "abnormalCount": 0, "followUpCount": 0}, "reports": []})
        );
    })
    .await;
}

#[tokio::test]
async fn cross_origin_state_changes_are_refused_before_routing() {
    on_each_backend(|_, url| async move {
        let app = spawn_app(&url, &[]).await;
        for path in ["/api/login", "/api/upload", "/api/does-not-exist"] {
            let res = app
                .client
                .post(format!("{}{path}", app.base))
                .header(header::ORIGIN, "https://evil.example")
                .form(&[("email", "a@example.in"), ("firstName", "A")])
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), 403, "{path}");
            assert!(session_cookie(&res).is_none());
            let body: serde_json::Value = res.json().await.unwrap();
            assert_eq!(body["message"], "Cross-origin requests are not allowed.");
        }
        let res = app
            .client
            .delete(format!("{}/api/reports/x", app.base))
            .header("sec-fetch-site", "cross-site")
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 403);
        // The same request from our own origin reaches routing (and the unknown path is a 404).
        let res = app
            .client
            .post(format!("{}/api/does-not-exist", app.base))
            .header(header::ORIGIN, &app.base)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 404);
    })
    .await;
}
