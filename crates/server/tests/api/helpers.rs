//! `spawn_app` and a tiny browser: cookies are handled by hand so tests can replay old ones.

use std::collections::HashMap;

use healthtracker::{Application, Settings};
use reqwest::{Response, header};

pub struct TestApp {
    pub base: String,
    pub client: reqwest::Client,
    dir: tempfile::TempDir,
}

/// Settings for a test server; `extra` adds or overrides variables.
pub async fn spawn_app(db_url: &str, extra: &[(&str, &str)]) -> TestApp {
    let dir = tempfile::tempdir().unwrap();
    let dist = dir.path().join("dist");
    std::fs::create_dir_all(dist.join("assets")).unwrap();
    std::fs::write(dist.join("index.html"), "<!doctype html><title>Health Tracker Pro</title><div id=root></div>")
        .unwrap();
    std::fs::write(dist.join("assets/app-1234.js"), "console.log('app')").unwrap();
    let mut env: HashMap<String, String> = HashMap::from([
        ("HT_BIND".into(), "127.0.0.1:0".into()),
        ("HT_DATA_DIR".into(), dir.path().join("data").display().to_string()),
        ("DATABASE_URL".into(), db_url.into()),
        ("HT_STATIC_DIR".into(), dist.display().to_string()),
    ]);
    for (k, v) in extra {
        env.insert((*k).into(), (*v).into());
    }
    let settings = Settings::from_lookup(|k| env.get(k).cloned()).unwrap();
    let app = Application::build(settings).await.unwrap();
    let base = format!("http://{}", app.address());
    tokio::spawn(app.run());
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    TestApp { base, client, dir }
}

/// The `ht_session=...` pair from a response, if it sets one.
pub fn session_cookie(res: &Response) -> Option<String> {
    res.headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("ht_session="))
        .map(|c| c.split(';').next().unwrap().to_string())
}

/// The whole `Set-Cookie` header for the session.
pub fn session_set_cookie(res: &Response) -> Option<String> {
    res.headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("ht_session="))
        .map(str::to_string)
}

pub fn location(res: &Response) -> String {
    res.headers().get(header::LOCATION).unwrap().to_str().unwrap().to_string()
}

impl TestApp {
    /// The server's data directory (uploads live in `uploads/` under it).
    pub fn data_dir(&self) -> std::path::PathBuf {
        self.dir.path().join("data")
    }

    /// Files stored under the upload folder.
    pub fn stored_files(&self) -> Vec<std::path::PathBuf> {
        fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
            for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let p = entry.path();
                if p.is_dir() { walk(&p, out) } else { out.push(p) }
            }
        }
        let mut out = Vec::new();
        walk(&self.data_dir().join("uploads"), &mut out);
        out
    }

    /// `POST /api/upload` as the dashboard sends it; `lang` sets `Accept-Language`.
    pub async fn upload(&self, cookie: &str, file_name: &str, bytes: Vec<u8>) -> (u16, serde_json::Value) {
        self.upload_with(cookie, file_name, bytes, &[("dietPreference", "nonveg")]).await
    }

    /// Uploads with these extra form fields.
    pub async fn upload_with(
        &self,
        cookie: &str,
        file_name: &str,
        bytes: Vec<u8>,
        fields: &[(&str, &str)],
    ) -> (u16, serde_json::Value) {
        let mut form = reqwest::multipart::Form::new()
            .part("healthReport", reqwest::multipart::Part::bytes(bytes).file_name(file_name.to_string()));
        for (k, v) in fields {
            form = form.text(k.to_string(), v.to_string());
        }
        let res = self
            .client
            .post(format!("{}/api/upload", self.base))
            .header(header::ORIGIN, &self.base)
            .header(header::COOKIE, cookie)
            .header(header::ACCEPT_LANGUAGE, "en-IN,en;q=0.9")
            .multipart(form)
            .send()
            .await
            .unwrap();
        let status = res.status().as_u16();
        (status, res.json().await.unwrap_or(serde_json::Value::Null))
    }

    pub async fn get(&self, path: &str, cookie: Option<&str>) -> Response {
        let mut req = self.client.get(format!("{}{path}", self.base));
        if let Some(c) = cookie {
            req = req.header(header::COOKIE, c);
        }
        req.send().await.unwrap()
    }

    /// Signs in through the development form; returns the session cookie.
    pub async fn dev_sign_in(&self, email: &str, first_name: &str) -> String {
        let res = self
            .client
            .post(format!("{}/api/login", self.base))
            .header(header::ORIGIN, &self.base)
            .form(&[("email", email), ("firstName", first_name), ("returnTo", "/dashboard")])
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 303, "dev sign-in should redirect");
        session_cookie(&res).expect("dev sign-in sets a session cookie")
    }

    /// A same-origin JSON POST, as the SPA sends it.
    pub async fn post_json(
        &self,
        path: &str,
        cookie: Option<&str>,
        body: &serde_json::Value,
    ) -> (u16, serde_json::Value) {
        let mut req = self.client.post(format!("{}{path}", self.base)).header(header::ORIGIN, &self.base).json(body);
        if let Some(c) = cookie {
            req = req.header(header::COOKIE, c);
        }
        let res = req.send().await.unwrap();
        let status = res.status().as_u16();
        (status, res.json().await.unwrap_or(serde_json::Value::Null))
    }

    pub async fn json(&self, path: &str, cookie: Option<&str>) -> (u16, serde_json::Value) {
        let res = self.get(path, cookie).await;
        let status = res.status().as_u16();
        (status, res.json().await.unwrap())
    }
}
