//! Consent, data rights and the audit trail (SPEC §3, §4, §7, §9).

use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, http::header, web};
use chrono::Utc;
use ht_compliance::{ConsentEvent, ConsentRequest, detect_region, notice_for};
use ht_kernel::Region;
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::routes::auth::require_user;
use crate::settings::Settings;
use crate::startup::AppState;

/// The region the request comes from, for a user without a stored region.
pub fn request_region(req: &HttpRequest, settings: &Settings) -> Region {
    let header = |name: &str| req.headers().get(name).and_then(|v| v.to_str().ok());
    let country = settings.trusted_country_header.as_deref().and_then(header);
    detect_region(None, country, header("accept-language"))
}

async fn user_region(
    state: &AppState,
    req: &HttpRequest,
    settings: &Settings,
    session: &Session,
) -> Result<Region, ApiError> {
    let stored = match crate::session::user_id(session) {
        Some(user) => state.compliance.region(&user).await?,
        None => None,
    };
    Ok(stored.unwrap_or_else(|| request_region(req, settings)))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InfoBody {
    detected_region: Region,
}

/// `GET /api/compliance/info`.
pub async fn info(
    state: web::Data<AppState>,
    settings: web::Data<Settings>,
    req: HttpRequest,
    session: Session,
) -> Result<web::Json<InfoBody>, ApiError> {
    Ok(web::Json(InfoBody { detected_region: user_region(&state, &req, &settings, &session).await? }))
}

#[derive(Deserialize)]
pub struct NoticeQuery {
    region: Option<String>,
}

/// `GET /api/compliance/notice?region=IN|US|OTHER` (default: the detected region).
pub async fn notice(
    state: web::Data<AppState>,
    settings: web::Data<Settings>,
    req: HttpRequest,
    session: Session,
    q: web::Query<NoticeQuery>,
) -> Result<HttpResponse, ApiError> {
    let region = match q.region.as_deref() {
        Some(code) => Region::from_code(code)
            .ok_or_else(|| ApiError::BadRequest("Unknown region: use IN, US or OTHER.".into()))?,
        None => user_region(&state, &req, &settings, &session).await?,
    };
    Ok(HttpResponse::Ok().json(notice_for(region)))
}

async fn grant(
    state: &AppState,
    session: &Session,
    req: &HttpRequest,
    body: &ConsentRequest,
    region: Region,
) -> Result<HttpResponse, ApiError> {
    let user = require_user(state, session).await?;
    let ua = req.headers().get(header::USER_AGENT).and_then(|v| v.to_str().ok());
    let grant = state.compliance.grant(&user.id, region, body, ua).await?;
    tracing::info!(user = %user.id, region = %region, "consent granted");
    Ok(HttpResponse::Created().json(serde_json::json!({
        "message": "Consent granted",
        "region": grant.region,
        "noticeVersion": grant.notice_version,
        "consentedAt": grant.granted_at,
    })))
}

/// `POST /api/compliance/india/consent`.
pub async fn india(
    state: web::Data<AppState>,
    s: Session,
    r: HttpRequest,
    b: web::Json<ConsentRequest>,
) -> Result<HttpResponse, ApiError> {
    grant(&state, &s, &r, &b, Region::India).await
}

/// `POST /api/compliance/usa/consent`.
pub async fn usa(
    state: web::Data<AppState>,
    s: Session,
    r: HttpRequest,
    b: web::Json<ConsentRequest>,
) -> Result<HttpResponse, ApiError> {
    grant(&state, &s, &r, &b, Region::UnitedStates).await
}

/// `POST /api/compliance/consent` (every other region).
pub async fn other(
    state: web::Data<AppState>,
    s: Session,
    r: HttpRequest,
    b: web::Json<ConsentRequest>,
) -> Result<HttpResponse, ApiError> {
    grant(&state, &s, &r, &b, Region::Other).await
}

/// `GET /api/compliance/consent-status`.
pub async fn status(state: web::Data<AppState>, session: Session) -> Result<HttpResponse, ApiError> {
    let user = require_user(&state, &session).await?;
    Ok(HttpResponse::Ok().json(state.compliance.status(&user.id).await?))
}

/// `POST /api/compliance/withdraw`: stops processing, signs out everywhere, schedules erasure.
pub async fn withdraw(state: web::Data<AppState>, session: Session) -> Result<HttpResponse, ApiError> {
    let user = require_user(&state, &session).await?;
    let erase_by = state.compliance.withdraw(&user.id).await?;
    let ended = state.sessions.delete_for_user(&user.id).await?;
    session.purge();
    tracing::info!(user = %user.id, sessions = ended, "consent withdrawn; signed out everywhere");
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "message": "Consent withdrawn. Processing has stopped and your health data will be erased within 30 days.",
        "erasureDueBy": erase_by,
    })))
}

/// `GET /api/compliance/export`: all the user's data as a downloadable JSON file.
pub async fn export(state: web::Data<AppState>, session: Session) -> Result<HttpResponse, ApiError> {
    let user = require_user(&state, &session).await?;
    let reports = state.reports.export(&user.id).await?;
    let consents: Vec<ConsentEvent> = state.compliance.consent_events(&user.id).await?;
    state.compliance.audit(&user.id, ht_compliance::AuditAction::Export, "success").await?;
    let audit = state.compliance.audit_entries(&user.id).await?;
    let now = Utc::now();
    let body = serde_json::json!({
        "exportedAt": now,
        "profile": {
            "id": user.id,
            "email": user.email,
            "firstName": user.first_name,
            "profileImageUrl": user.profile_image_url,
            "isPro": user.is_pro,
            "uploadsUsed": user.uploads_used,
        },
        "reports": reports,
        "consents": consents,
        "audit": audit,
    });
    let file = format!("health-tracker-export-{}.json", now.format("%Y%m%d-%H%M%S"));
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_DISPOSITION, format!("attachment; filename=\"{file}\"")))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(body))
}

/// `GET /api/compliance/audit`: the user's own audit entries, newest first.
pub async fn audit(state: web::Data<AppState>, session: Session) -> Result<HttpResponse, ApiError> {
    let user = require_user(&state, &session).await?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "entries": state.compliance.audit_entries(&user.id).await? })))
}
