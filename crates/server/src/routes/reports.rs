//! Upload and the per-report routes (SPEC §7). Every report route answers 404 for a report that
//! is not the caller's, exactly as for one that does not exist.

use actix_multipart::Multipart;
use actix_session::Session;
use actix_web::http::header::{self, ContentDisposition, DispositionParam, DispositionType};
use actix_web::{HttpRequest, HttpResponse, web};
use futures_util::TryStreamExt;
use ht_compliance::AuditAction;
use ht_kernel::ReportId;
use ht_reports::upload::MAX_UPLOAD_BYTES;
use ht_reports::{Cuisine, DietPreference, Preferences, ReportDetails};
use serde::{Deserialize, Serialize};

use crate::error::ApiError;
use crate::routes::auth::require_user;
use crate::routes::compliance::request_region;
use crate::settings::Settings;
use crate::startup::AppState;

/// Multipart framing allowed on top of the file itself.
const MULTIPART_OVERHEAD: u64 = 64 * 1024;

fn too_large() -> ApiError {
    ApiError::TooLarge("File too large: Please select a file smaller than 10MB.".into())
}

fn bad_form(e: impl std::fmt::Display) -> ApiError {
    ApiError::BadRequest(format!("Invalid upload: {e}"))
}

/// `POST /api/upload`: multipart `healthReport` (the file) and `dietPreference`.
///
/// The size limit is enforced while the body streams in: the request is refused as soon as the
/// file passes 10 MB, without reading the rest.
pub async fn upload(
    state: web::Data<AppState>,
    settings: web::Data<Settings>,
    session: Session,
    req: HttpRequest,
    mut form: Multipart,
) -> Result<HttpResponse, ApiError> {
    let user = require_user(&state, &session).await?;
    let declared =
        req.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD) {
        return Err(too_large());
    }
    let mut file: Option<(String, Vec<u8>)> = None;
    let mut prefs = Preferences::default();
    while let Some(mut field) = form.try_next().await.map_err(bad_form)? {
        match field.name() {
            Some("healthReport") if file.is_none() => {
                let name =
                    field.content_disposition().and_then(|d| d.get_filename().map(str::to_string)).unwrap_or_default();
                let mut bytes = Vec::new();
                while let Some(chunk) = field.try_next().await.map_err(bad_form)? {
                    if (bytes.len() + chunk.len()) as u64 > MAX_UPLOAD_BYTES {
                        return Err(too_large());
                    }
                    bytes.extend_from_slice(&chunk);
                }
                file = Some((name, bytes));
            }
            Some(name @ ("dietPreference" | "cuisines")) => {
                let name = name.to_string();
                let mut value = Vec::new();
                while let Some(chunk) = field.try_next().await.map_err(bad_form)? {
                    value.extend_from_slice(&chunk);
                    if value.len() > 256 {
                        return Err(ApiError::BadRequest(format!("{name} is too long.")));
                    }
                }
                let value = String::from_utf8_lossy(&value);
                if name == "cuisines" {
                    // A comma-separated list or a JSON array of names; unknown names are ignored.
                    prefs.cuisines = Cuisine::parse_list(&value.replace(['[', ']', '"'], ""));
                } else {
                    prefs.diet = DietPreference::parse_or_default(&value);
                }
            }
            _ => {
                // Other fields (and a second file) are read and dropped, within the same limit.
                let mut seen = 0u64;
                while let Some(chunk) = field.try_next().await.map_err(bad_form)? {
                    seen += chunk.len() as u64;
                    if seen > MAX_UPLOAD_BYTES {
                        return Err(too_large());
                    }
                }
            }
        }
    }
    let (name, bytes) =
        file.ok_or_else(|| ApiError::BadRequest("No file uploaded: Please select a PDF, JPG, or PNG file.".into()))?;
    let region = request_region(&req, &settings);
    let id = state.uploads.accept(&user.id, &name, bytes, prefs, region).await?;
    state.wake_workers.notify_one();
    audit(&state, &user.id, AuditAction::Upload, id.as_str()).await;
    Ok(HttpResponse::Created().json(serde_json::json!({ "reportId": id, "id": id })))
}

async fn audit(state: &AppState, user: &ht_kernel::UserId, action: AuditAction, subject: &str) {
    if let Err(e) = state.compliance.audit_subject(user, action, Some(subject), "success").await {
        tracing::error!(error = %e, "could not write the audit log");
    }
}

/// A report id from the path; anything malformed is simply not found.
fn report_id(raw: &str) -> Result<ReportId, ApiError> {
    ReportId::parse(raw).map_err(|_| ApiError::NotFound)
}

#[derive(Serialize)]
struct StatusBody {
    status: ht_reports::ReportStatus,
}

/// `GET /api/reports/{id}/status`.
pub async fn status(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let user = require_user(&state, &session).await?;
    let status = state.reports.status(&user.id, &report_id(&path)?).await?.ok_or(ApiError::NotFound)?;
    Ok(HttpResponse::Ok()
        .insert_header(header::CacheControl(vec![header::CacheDirective::NoStore]))
        .json(StatusBody { status }))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct UpgradeSuggestion {
    signal_count: usize,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DetailsBody {
    #[serde(flatten)]
    details: ReportDetails,
    #[serde(skip_serializing_if = "Option::is_none")]
    upgrade_suggestion: Option<UpgradeSuggestion>,
}

/// `GET /api/reports/{id}/details`: abnormal results, recommendations and follow-ups. Pro
/// journeys are served to Pro users only; a Free user with abnormal results that Pro would
/// explain further gets `upgradeSuggestion`.
pub async fn details(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let user = require_user(&state, &session).await?;
    let id = report_id(&path)?;
    let mut details = state.reports.details(&user.id, &id).await?.ok_or(ApiError::NotFound)?;
    let mut upgrade_suggestion = None;
    if !user.is_pro {
        for r in &mut details.recommendations {
            r.pro_journey = None;
        }
        let signal_count = details.abnormal_results.len();
        if signal_count > 0 {
            upgrade_suggestion = Some(UpgradeSuggestion { signal_count });
        }
    }
    audit(&state, &user.id, AuditAction::View, id.as_str()).await;
    Ok(HttpResponse::Ok()
        .insert_header(header::CacheControl(vec![header::CacheDirective::NoStore]))
        .json(DetailsBody { details, upgrade_suggestion }))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct FollowUpsBody {
    follow_ups: Vec<ht_reports::FollowUp>,
}

/// `GET /api/reports/{id}/followups`.
pub async fn follow_ups(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let user = require_user(&state, &session).await?;
    let follow_ups = state.reports.follow_ups(&user.id, &report_id(&path)?).await?.ok_or(ApiError::NotFound)?;
    Ok(HttpResponse::Ok().json(FollowUpsBody { follow_ups }))
}

/// `GET /api/reports/{id}/doctors`: the specialists the report's results call for and why.
/// The doctor directory is not connected yet, so `doctors` is empty.
pub async fn doctors(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let user = require_user(&state, &session).await?;
    let id = report_id(&path)?;
    state.reports.status(&user.id, &id).await?.ok_or(ApiError::NotFound)?;
    let results = state.processing.results(&id).await?;
    let advice = ht_recommendations::interpret(&results, &ht_recommendations::Profile::default());
    let specialties: Vec<&str> = advice.specialties.iter().map(|s| s.name.as_str()).collect();
    Ok(HttpResponse::Ok().json(serde_json::json!({
        "doctors": [],
        "specialties": specialties,
        "reasoning": advice.reasoning,
    })))
}

/// `GET /api/reports/{id}/view`: the original file, inline, typed by its sniffed content.
pub async fn view(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let user = require_user(&state, &session).await?;
    let id = report_id(&path)?;
    let file = state.reports.stored_file(&user.id, &id).await?.ok_or(ApiError::NotFound)?;
    let bytes = state.files.get(&file.storage_key).await.map_err(|e| ApiError::Internal(anyhow::Error::new(e)))?;
    audit(&state, &user.id, AuditAction::View, id.as_str()).await;
    // Only the sniffed types are ever served, whatever was stored.
    let content_type = match file.content_type.as_str() {
        t @ ("application/pdf" | "image/jpeg" | "image/png") => t,
        _ => "application/octet-stream",
    };
    let ascii: String = file
        .file_name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | ' ') { c } else { '_' })
        .collect();
    let mut params = vec![DispositionParam::Filename(ascii)];
    if !file.file_name.is_ascii() {
        params.push(DispositionParam::FilenameExt(header::ExtendedValue {
            charset: header::Charset::Ext("UTF-8".into()),
            language_tag: None,
            value: file.file_name.clone().into_bytes(),
        }));
    }
    Ok(HttpResponse::Ok()
        .content_type(content_type)
        .insert_header(ContentDisposition { disposition: DispositionType::Inline, parameters: params })
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .insert_header(header::CacheControl(vec![header::CacheDirective::NoStore]))
        .body(bytes))
}

/// `DELETE /api/reports/{id}`: the report, its results, advice and file.
pub async fn delete(
    state: web::Data<AppState>,
    session: Session,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let user = require_user(&state, &session).await?;
    let id = report_id(&path)?;
    let file = state.reports.delete(&user.id, &id).await?.ok_or(ApiError::NotFound)?;
    if !file.storage_key.is_empty()
        && let Err(e) = state.files.delete(&file.storage_key).await
    {
        // The row is gone; the orphan sweep removes the file at the next housekeeping run.
        tracing::warn!(error = %e, "could not delete a report's file");
    }
    audit(&state, &user.id, AuditAction::Delete, id.as_str()).await;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "deleted": true, "id": id })))
}

/// `?async=1` (the only mode: reprocessing always runs as a queued job).
#[derive(Deserialize)]
pub struct ReprocessQuery {
    #[serde(rename = "async")]
    _async: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ReprocessBody {
    diet_preference: Option<String>,
    #[serde(default)]
    cuisines: Vec<String>,
}

/// `POST /api/reports/reprocess?async=1` with `{dietPreference, cuisines?}`: re-runs the
/// interpretation of the user's completed reports as a queued job (Pro users get their journeys
/// with diet plans from these cuisines).
pub async fn reprocess(
    state: web::Data<AppState>,
    session: Session,
    _query: web::Query<ReprocessQuery>,
    body: Option<web::Json<ReprocessBody>>,
) -> Result<HttpResponse, ApiError> {
    let user = require_user(&state, &session).await?;
    let body = body.map(web::Json::into_inner);
    let prefs = Preferences {
        diet: body
            .as_ref()
            .and_then(|b| b.diet_preference.as_deref())
            .map(DietPreference::parse_or_default)
            .unwrap_or_default(),
        cuisines: body.map(|b| Cuisine::parse_list(&b.cuisines.join(","))).unwrap_or_default(),
    };
    state.reports.queue_reprocess(&user.id, &prefs).await?;
    state.wake_workers.notify_one();
    audit(&state, &user.id, AuditAction::Reprocess, &prefs.encode()).await;
    Ok(HttpResponse::Accepted().json(serde_json::json!({
        "status": "queued",
        "dietPreference": prefs.diet,
        "cuisines": prefs.cuisines,
    })))
}
