//! Serving the React app and the response headers.

use ht_sql::testing::on_each_backend;
use reqwest::header;

use crate::helpers::spawn_app;

#[tokio::test]
async fn spa_routes_get_index_html_and_unknown_api_paths_get_json_404() {
    on_each_backend(|_, url| async move {
        let app = spawn_app(&url, &[]).await;
        for path in ["/", "/dashboard", "/prescriptions", "/no/such/page"] {
            let res = app.get(path, None).await;
            assert_eq!(res.status(), 200, "{path}");
            assert_eq!(res.headers()[header::CACHE_CONTROL], "no-cache", "{path}");
            assert!(res.text().await.unwrap().contains("<div id=root>"), "{path}");
        }
        let res = app.get("/api/no/such/thing", None).await;
        assert_eq!(res.status(), 404);
        assert!(res.headers()[header::CONTENT_TYPE].to_str().unwrap().starts_with("application/json"));
        let body: serde_json::Value = res.json().await.unwrap();
        assert_eq!(body["message"], "Not found");
    })
    .await;
}

#[tokio::test]
async fn static_assets_are_cached_long_and_index_is_not() {
    on_each_backend(|_, url| async move {
        let app = spawn_app(&url, &[]).await;
        let res = app.get("/assets/app-1234.js", None).await;
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers()[header::CACHE_CONTROL], "public, max-age=31536000, immutable");
        assert_eq!(res.text().await.unwrap(), "console.log('app')");
    })
    .await;
}

#[tokio::test]
async fn responses_carry_security_headers_and_hsts_only_behind_https() {
    on_each_backend(|_, url| async move {
        let app = spawn_app(&url, &[]).await;
        let res = app.get("/", None).await;
        let h = res.headers();
        assert!(h[header::CONTENT_SECURITY_POLICY].to_str().unwrap().contains("frame-ancestors 'none'"));
        assert_eq!(h[header::X_FRAME_OPTIONS], "DENY");
        assert_eq!(h[header::X_CONTENT_TYPE_OPTIONS], "nosniff");
        assert_eq!(h[header::REFERRER_POLICY], "strict-origin-when-cross-origin");
        assert!(h.get(header::STRICT_TRANSPORT_SECURITY).is_none());

        let https = spawn_app(&url, &[("HT_PUBLIC_URL", "https://health.example")]).await;
        let res = https.get("/api/auth/user", None).await;
        assert!(res.headers().get(header::STRICT_TRANSPORT_SECURITY).is_some());
        assert_eq!(res.headers()[header::CACHE_CONTROL], "no-store");
    })
    .await;
}

#[tokio::test]
async fn https_public_url_marks_the_session_cookie_secure() {
    on_each_backend(|_, url| async move {
        let app = spawn_app(&url, &[("HT_PUBLIC_URL", "https://health.example")]).await;
        let res = app
            .client
            .post(format!("{}/api/login", app.base))
            .header(header::ORIGIN, "https://health.example")
            .form(&[("email", "a@example.in"), ("firstName", "A")])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 303);
        let set_cookie = crate::helpers::session_set_cookie(&res).unwrap();
        assert!(set_cookie.contains("Secure"));
    })
    .await;
}
