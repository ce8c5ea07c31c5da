//! `GET /api/dashboard`.

use actix_session::Session;
use actix_web::web;
use ht_reports::Dashboard;

use crate::error::ApiError;
use crate::routes::auth::require_user;
use crate::startup::AppState;

/// Stats and the user's reports, newest first.
pub async fn dashboard(state: web::Data<AppState>, session: Session) -> Result<web::Json<Dashboard>, ApiError> {
    let user = require_user(&state, &session).await?;
    Ok(web::Json(state.reports.dashboard(&user.id).await?))
}
