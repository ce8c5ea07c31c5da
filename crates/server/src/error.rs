//! One error type for every handler, mapped to a status and `{"message", "code"}` in one place.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;

/// What a handler can fail with.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// No valid session.
    #[error("Unauthorized")]
    Unauthorized,
    /// Not found, or not the caller's (we never say which).
    #[error("Not found")]
    NotFound,
    /// The request is malformed; the message is shown to the user.
    #[error("{0}")]
    BadRequest(String),
    /// Refused by policy; the message is shown to the user.
    #[error("{0}")]
    Forbidden(String),
    /// Conflicts with what exists (a duplicate upload); the message is shown to the user.
    #[error("{0}")]
    Conflict(String),
    /// The body is larger than allowed; the message is shown to the user.
    #[error("{0}")]
    TooLarge(String),
    /// A dependency (sign-in provider) is down; the message is shown to the user.
    #[error("{0}")]
    Unavailable(String),
    /// Anything unexpected; logged with its cause, answered generically.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

#[derive(Serialize)]
struct Body<'a> {
    message: &'a str,
    code: &'a str,
}

impl ApiError {
    fn code(&self) -> &'static str {
        match self {
            ApiError::Unauthorized => "UNAUTHORIZED",
            ApiError::NotFound => "NOT_FOUND",
            ApiError::BadRequest(_) => "BAD_REQUEST",
            ApiError::Forbidden(_) => "FORBIDDEN",
            ApiError::Conflict(_) => "CONFLICT",
            ApiError::TooLarge(_) => "PAYLOAD_TOO_LARGE",
            ApiError::Unavailable(_) => "UNAVAILABLE",
            ApiError::Internal(_) => "INTERNAL",
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::Unauthorized => StatusCode::UNAUTHORIZED,
            ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let message = match self {
            ApiError::Internal(cause) => {
                tracing::error!(error = ?cause, "request failed");
                "Something went wrong on our side. Please try again.".to_string()
            }
            other => other.to_string(),
        };
        let mut res = HttpResponse::build(self.status_code());
        if matches!(self, ApiError::TooLarge(_)) {
            // Close the connection instead of draining the rest of an oversized body.
            res.force_close();
        }
        res.json(Body { message: &message, code: self.code() })
    }
}

/// Storage failures are internal errors.
impl From<ht_identity::RepositoryError> for ApiError {
    fn from(e: ht_identity::RepositoryError) -> Self {
        ApiError::Internal(anyhow::Error::new(e))
    }
}

impl From<ht_identity::SignInError> for ApiError {
    fn from(e: ht_identity::SignInError) -> Self {
        ApiError::Internal(anyhow::Error::new(e))
    }
}

impl From<ht_compliance::ComplianceError> for ApiError {
    fn from(e: ht_compliance::ComplianceError) -> Self {
        use ht_compliance::ComplianceError as E;
        match e {
            E::Invalid(_) | E::ConsentRequired { .. } | E::NothingToWithdraw => ApiError::BadRequest(e.to_string()),
            E::Store(cause) => ApiError::Internal(anyhow::Error::new(cause)),
        }
    }
}

impl From<ht_compliance::ComplianceStoreError> for ApiError {
    fn from(e: ht_compliance::ComplianceStoreError) -> Self {
        ApiError::Internal(anyhow::Error::new(e))
    }
}

impl From<ht_reports::ReportStoreError> for ApiError {
    fn from(e: ht_reports::ReportStoreError) -> Self {
        ApiError::Internal(anyhow::Error::new(e))
    }
}

impl From<ht_reports::UploadError> for ApiError {
    fn from(e: ht_reports::UploadError) -> Self {
        use ht_reports::UploadError as E;
        use ht_reports::upload::UploadRejection;
        let message = e.to_string();
        match e {
            E::Rejected(UploadRejection::TooLarge) => ApiError::TooLarge(message),
            E::Rejected(_) | E::ConsentRequired(_) => ApiError::BadRequest(message),
            E::Duplicate => ApiError::Conflict(message),
            E::LimitReached => ApiError::Forbidden(message),
            E::Storage(cause) => ApiError::Internal(anyhow::anyhow!(cause)),
        }
    }
}

/// A JSON 404 for unknown `/api` paths.
pub async fn api_not_found() -> Result<HttpResponse, ApiError> {
    Err(ApiError::NotFound)
}

/// Malformed JSON or form bodies answer 400 with a message, like every other error.
pub fn body_error(err: impl std::fmt::Display) -> actix_web::Error {
    ApiError::BadRequest(format!("The request body is not valid: {err}")).into()
}
