//! Serves the built React app: real files where they exist, `index.html` for every other path
//! so the app's router decides (and shows its own 404 page).

use std::path::{Path, PathBuf};

use actix_files::{Files, NamedFile};
use actix_web::dev::{ServiceRequest, ServiceResponse, fn_service};
use actix_web::{HttpResponse, web};

/// Registers the app at `/` when `dir` holds an `index.html`; otherwise every page explains that
/// the frontend has not been built.
pub fn configure(cfg: &mut web::ServiceConfig, dir: &Path) {
    let index: PathBuf = dir.join("index.html");
    if !index.is_file() {
        cfg.default_service(web::to(|| async {
            HttpResponse::ServiceUnavailable()
                .content_type("text/plain; charset=utf-8")
                .body("The web app has not been built. Run `npm run build` in frontend/ and restart.")
        }));
        return;
    }
    cfg.service(Files::new("/", dir).index_file("index.html").default_handler(fn_service(
        move |req: ServiceRequest| {
            let index = index.clone();
            async move {
                let (req, _) = req.into_parts();
                let res = NamedFile::open(&index)?.into_response(&req);
                Ok(ServiceResponse::new(req, res))
            }
        },
    )));
}
