//! Request guards and response headers that apply to every route.

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, header};
use actix_web::middleware::Next;
use actix_web::{Error, ResponseError};

use crate::error::ApiError;

/// Paths that authenticate by HMAC rather than by cookie, and so may be posted cross-site.
const CROSS_SITE_EXEMPT: &[&str] = &["/api/payment/callback", "/api/payment/webhook"];

/// The origins allowed to send state-changing requests.
#[derive(Clone, Debug)]
pub struct AllowedOrigin(pub String);

fn is_safe(method: &Method) -> bool {
    matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS | Method::TRACE)
}

/// Whether an unsafe request comes from our own origin, judged by `Sec-Fetch-Site` and `Origin`.
/// Requests with neither header (non-browser clients) cannot carry a victim's cookie and pass.
pub fn is_same_origin(req: &ServiceRequest, allowed: &str) -> bool {
    let headers = req.headers();
    if let Some(site) = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok())
        && !matches!(site, "same-origin" | "none")
    {
        return false;
    }
    let Some(origin) = headers.get(header::ORIGIN) else { return true };
    let Ok(origin) = origin.to_str() else { return false };
    let info = req.connection_info();
    let own = format!("{}://{}", info.scheme(), info.host());
    origin == allowed || origin == own
}

/// Refuses state-changing `/api` requests from another origin with 403, before routing.
///
/// # Errors
/// Only what the wrapped service returns.
pub async fn origin_guard(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, Error> {
    let path = req.path();
    let guarded = !is_safe(req.method()) && path.starts_with("/api/") && !CROSS_SITE_EXEMPT.contains(&path);
    if guarded {
        let allowed = req.app_data::<actix_web::web::Data<AllowedOrigin>>().map(|a| a.0.clone()).unwrap_or_default();
        if !is_same_origin(&req, &allowed) {
            tracing::warn!(path, "refused a cross-origin request");
            let res = ApiError::Forbidden("Cross-origin requests are not allowed.".into()).error_response();
            return Ok(req.into_response(res).map_into_right_body());
        }
    }
    next.call(req).await.map(ServiceResponse::map_into_left_body)
}

/// Content-Security-Policy for the app and the sign-in page.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data: https:; font-src 'self' data:; connect-src 'self'; frame-src 'self'; \
frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";

/// Adds security headers to every response and cache headers to static files.
///
/// # Errors
/// Only what the wrapped service returns.
pub async fn response_headers(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let https = req.app_data::<actix_web::web::Data<crate::settings::Settings>>().is_some_and(|s| s.is_https());
    let is_asset = req.path().starts_with("/assets/");
    let is_api = req.path().starts_with("/api/");
    let mut res = next.call(req).await?;
    let ok = res.status().is_success();
    let h = res.headers_mut();
    let set = |h: &mut header::HeaderMap, name: header::HeaderName, value: &'static str| {
        if !h.contains_key(&name) {
            h.insert(name, header::HeaderValue::from_static(value));
        }
    };
    set(h, header::CONTENT_SECURITY_POLICY, CSP);
    set(h, header::X_FRAME_OPTIONS, "DENY");
    set(h, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(h, header::REFERRER_POLICY, "strict-origin-when-cross-origin");
    if https {
        set(h, header::STRICT_TRANSPORT_SECURITY, "max-age=31536000; includeSubDomains");
    }
    // Hashed asset names change with their content; everything else must be revalidated.
    if is_asset && ok {
        set(h, header::CACHE_CONTROL, "public, max-age=31536000, immutable");
    } else if is_api {
        set(h, header::CACHE_CONTROL, "no-store");
    } else {
        set(h, header::CACHE_CONTROL, "no-cache");
    }
    Ok(res)
}
