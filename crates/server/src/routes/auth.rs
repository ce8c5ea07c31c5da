//! Sign-in with OpenID Connect, sign-out and the current user.

use actix_session::Session;
use actix_web::{HttpResponse, http::header, web};
use chrono::Utc;
use ht_compliance::AuditAction;
use ht_identity::{IdpError, safe_return_path};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::routes::dev_login;
use crate::session;
use crate::startup::AppState;

/// How long a started sign-in stays valid.
const LOGIN_TTL_MINUTES: i64 = 10;
const STATE_KEY: &str = "oidc_state";

#[derive(Deserialize)]
pub struct LoginQuery {
    #[serde(rename = "returnTo")]
    return_to: Option<String>,
}

fn redirect(to: &str) -> HttpResponse {
    HttpResponse::Found().insert_header((header::LOCATION, to)).finish()
}

fn unavailable(e: &IdpError) -> ApiError {
    tracing::warn!(error = %e, "sign-in provider unavailable");
    ApiError::Unavailable("Sign-in is temporarily unavailable. Please try again in a few minutes.".into())
}

/// `GET /api/login`: starts OpenID Connect, or shows the development form when none is configured.
pub async fn login(
    state: web::Data<AppState>,
    session: Session,
    q: web::Query<LoginQuery>,
) -> Result<HttpResponse, ApiError> {
    let return_to = safe_return_path(q.return_to.as_deref());
    let Some(idp) = &state.idp else {
        return Ok(dev_login::form(&return_to, None));
    };
    let request = idp.begin(&return_to, Utc::now()).await.map_err(|e| unavailable(&e))?;
    state.login_states.put(&request.pending).await?;
    // Bind the sign-in to this browser too, so a code from someone else's flow is refused.
    session.insert(STATE_KEY, &request.pending.state).map_err(|e| ApiError::Internal(anyhow::anyhow!("{e}")))?;
    Ok(redirect(&request.url))
}

#[derive(Deserialize)]
pub struct CallbackQuery {
    code: Option<String>,
    state: Option<String>,
    error: Option<String>,
}

/// `GET /api/callback`: completes OpenID Connect and signs the browser in.
pub async fn callback(
    state: web::Data<AppState>,
    session: Session,
    q: web::Query<CallbackQuery>,
) -> Result<HttpResponse, ApiError> {
    let Some(idp) = &state.idp else { return Err(ApiError::NotFound) };
    let expired =
        || ApiError::BadRequest("This sign-in link has expired or was already used. Please sign in again.".into());
    if let Some(error) = &q.error {
        tracing::info!(error, "provider returned an error to the callback");
        return Ok(redirect("/"));
    }
    let (Some(code), Some(returned_state)) = (&q.code, &q.state) else {
        return Err(ApiError::BadRequest("The sign-in response is incomplete. Please sign in again.".into()));
    };
    let bound: Option<String> = session.get(STATE_KEY).ok().flatten();
    session.remove(STATE_KEY);
    if bound.as_deref() != Some(returned_state.as_str()) {
        return Err(expired());
    }
    let pending = state.login_states.take(returned_state).await?.ok_or_else(expired)?;
    if Utc::now() - pending.created_at > chrono::Duration::minutes(LOGIN_TTL_MINUTES) {
        return Err(expired());
    }
    let identity = idp.complete(code, &pending).await.map_err(|e| match e {
        IdpError::Unavailable(_) => unavailable(&e),
        IdpError::Rejected(reason) => {
            tracing::warn!(%reason, "sign-in rejected");
            ApiError::Unauthorized
        }
    })?;
    let user = state.identity.sign_in(&identity).await?;
    session::establish(&session, &user)?;
    state.compliance.audit(&user.id, AuditAction::SignIn, "success").await?;
    tracing::info!(user = %user.id, "signed in");
    Ok(redirect(&pending.return_to))
}

/// `GET /api/logout`: deletes the session server-side and returns to the landing page.
pub async fn logout(state: web::Data<AppState>, session: Session) -> Result<HttpResponse, ApiError> {
    if let Some(user) = session::user_id(&session) {
        state.compliance.audit(&user, AuditAction::SignOut, "success").await?;
        tracing::info!(%user, "signed out");
    }
    session.purge();
    Ok(redirect("/"))
}

/// The user as the SPA sees it (SPEC §3).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UserBody {
    id: String,
    email: String,
    first_name: Option<String>,
    profile_image_url: Option<String>,
    is_pro: bool,
    uploads_used: u32,
}

/// The signed-in user, or 401.
///
/// # Errors
/// [`ApiError::Unauthorized`] without a live session or when the account is gone.
pub async fn require_user(state: &AppState, session: &Session) -> Result<ht_identity::User, ApiError> {
    let id = session::user_id(session).ok_or(ApiError::Unauthorized)?;
    state.identity.current_user(&id).await?.ok_or(ApiError::Unauthorized)
}

/// `GET /api/auth/user`.
pub async fn current_user(state: web::Data<AppState>, session: Session) -> Result<web::Json<UserBody>, ApiError> {
    let user = require_user(&state, &session).await?;
    Ok(web::Json(UserBody {
        id: user.id.to_string(),
        email: user.email,
        first_name: user.first_name,
        profile_image_url: user.profile_image_url,
        is_pro: user.is_pro,
        uploads_used: user.uploads_used,
    }))
}
