//! The `/api` routes, grouped by feature.

mod auth;
pub mod compliance;
mod config;
mod dashboard;
mod dev_login;
mod reports;

use actix_web::web;

use crate::startup::AppState;

/// Registers every `/api` route; the development sign-in form exists only without OpenID Connect.
pub fn configure(cfg: &mut web::ServiceConfig, state: &AppState) {
    cfg.route("/login", web::get().to(auth::login))
        .route("/callback", web::get().to(auth::callback))
        .route("/logout", web::get().to(auth::logout))
        .route("/auth/user", web::get().to(auth::current_user))
        .route("/dashboard", web::get().to(dashboard::dashboard))
        .route("/upload", web::post().to(reports::upload))
        .route("/reports/reprocess", web::post().to(reports::reprocess))
        .route("/reports/{id}/status", web::get().to(reports::status))
        .route("/reports/{id}/details", web::get().to(reports::details))
        .route("/reports/{id}/followups", web::get().to(reports::follow_ups))
        .route("/reports/{id}/view", web::get().to(reports::view))
        .route("/reports/{id}/doctors", web::get().to(reports::doctors))
        .route("/reports/{id}", web::delete().to(reports::delete))
        .route("/public-config", web::get().to(config::public_config))
        .route("/compliance/info", web::get().to(compliance::info))
        .route("/compliance/notice", web::get().to(compliance::notice))
        .route("/compliance/india/consent", web::post().to(compliance::india))
        .route("/compliance/usa/consent", web::post().to(compliance::usa))
        .route("/compliance/consent", web::post().to(compliance::other))
        .route("/compliance/consent-status", web::get().to(compliance::status))
        .route("/compliance/withdraw", web::post().to(compliance::withdraw))
        .route("/compliance/export", web::get().to(compliance::export))
        .route("/compliance/audit", web::get().to(compliance::audit));
    if state.idp.is_none() {
        cfg.route("/login", web::post().to(dev_login::submit));
    }
}
