//! The offline development sign-in form. Registered only when no OpenID Connect provider is set.

use actix_session::Session;
use actix_web::{HttpResponse, http::header, web};
use ht_identity::{DEV_ISSUER, EmailAddress, ExternalIdentity, FirstName, safe_return_path};
use serde::Deserialize;

use crate::error::ApiError;
use crate::session;
use crate::startup::AppState;

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

/// The HTML form, with an optional error message.
pub fn form(return_to: &str, error: Option<&str>) -> HttpResponse {
    let error = error.map(|e| format!(r#"<p class="error" role="alert">{}</p>"#, escape(e))).unwrap_or_default();
    let html = format!(
        r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in</title>
<style>
body{{font-family:system-ui,sans-serif;background:#f4f7fb;margin:0;display:grid;place-items:center;min-height:100vh}}
main{{background:#fff;padding:2rem;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);width:min(360px,90vw)}}
h1{{margin:0 0 .25rem;font-size:1.5rem}} p.note{{color:#555;margin:0 0 1.5rem;font-size:.9rem}}
label{{display:block;font-weight:600;margin:.75rem 0 .25rem}} input{{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #bbb;border-radius:6px;font-size:1rem}}
button{{margin-top:1.5rem;width:100%;padding:.7rem;border:0;border-radius:6px;background:#1565c0;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}}
.error{{color:#b71c1c;background:#fdecea;padding:.5rem;border-radius:6px}}
</style></head>
<body><main>
<h1>Sign in</h1>
<p class="note">Development sign-in: no password, for running Health Tracker Pro offline.</p>
{error}
<form method="post" action="/api/login">
<input type="hidden" name="returnTo" value="{return_to}">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required>
<label for="firstName">First name</label><input id="firstName" name="firstName" autocomplete="given-name" required>
<button type="submit">Sign in</button>
</form></main></body></html>"#,
        return_to = escape(return_to),
    );
    let status =
        if error.is_empty() { actix_web::http::StatusCode::OK } else { actix_web::http::StatusCode::BAD_REQUEST };
    HttpResponse::build(status).content_type("text/html; charset=utf-8").body(html)
}

#[derive(Deserialize)]
pub struct DevLogin {
    email: String,
    #[serde(rename = "firstName")]
    first_name: String,
    #[serde(rename = "returnTo")]
    return_to: Option<String>,
}

/// `POST /api/login`: creates or reuses the user with this email and signs in.
pub async fn submit(
    state: web::Data<AppState>,
    session: Session,
    input: web::Form<DevLogin>,
) -> Result<HttpResponse, ApiError> {
    // Defence in depth: the route is not registered with a provider, and refuses if it ever is.
    if state.idp.is_some() {
        return Err(ApiError::NotFound);
    }
    let return_to = safe_return_path(input.return_to.as_deref());
    let parsed = EmailAddress::parse(&input.email).and_then(|e| Ok((e, FirstName::parse(&input.first_name)?)));
    let (email, first_name) = match parsed {
        Ok(v) => v,
        Err(e) => return Ok(form(&return_to, Some(&e.to_string()))),
    };
    let identity = ExternalIdentity {
        issuer: DEV_ISSUER.into(),
        subject: email.as_str().to_string(),
        email,
        email_verified: false,
        first_name: Some(first_name),
        picture: None,
    };
    let user = state.identity.sign_in(&identity).await?;
    session::establish(&session, &user)?;
    state.compliance.audit(&user.id, ht_compliance::AuditAction::SignIn, "success").await?;
    tracing::info!(user = %user.id, "signed in with the development form");
    Ok(HttpResponse::SeeOther().insert_header((header::LOCATION, return_to)).finish())
}
