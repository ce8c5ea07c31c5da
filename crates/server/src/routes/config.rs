//! `GET /api/public-config`: settings the browser may know.

use actix_web::web;
use serde::Serialize;

use crate::settings::Settings;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PublicConfig {
    adsense_sidebar_slot: Option<String>,
    adsense_client_id: Option<String>,
}

/// Ad slot and client (both null unless configured).
pub async fn public_config(settings: web::Data<Settings>) -> web::Json<PublicConfig> {
    web::Json(PublicConfig {
        adsense_sidebar_slot: settings.adsense_sidebar_slot.clone(),
        adsense_client_id: settings.adsense_client_id.clone(),
    })
}
