//! Typed settings from the environment, with embedded defaults that run fully offline.

use std::fmt;
use std::path::PathBuf;

use anyhow::{Context, bail};
use url::Url;

/// Google's issuer; any OpenID Connect issuer can replace it with `HT_OIDC_ISSUER`.
pub const GOOGLE_ISSUER: &str = "https://accounts.google.com";

/// A secret value whose `Debug` output hides it.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    /// Wraps a secret.
    pub fn new(s: impl Into<String>) -> Self {
        Self(s.into())
    }

    /// The secret itself; call only where it is used.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

/// Google (or another OpenID Connect provider) sign-in.
#[derive(Debug, Clone)]
pub struct OidcSettings {
    /// Issuer URL.
    pub issuer: String,
    /// OAuth client id.
    pub client_id: String,
    /// OAuth client secret.
    pub client_secret: Secret,
}

/// Every setting of the server. The README table lists each variable.
#[derive(Debug, Clone)]
pub struct Settings {
    /// `HT_BIND`: address to listen on.
    pub bind: String,
    /// `HT_DATA_DIR`: where the SQLite database, session key and files live.
    pub data_dir: PathBuf,
    /// `DATABASE_URL`: `sqlite:` (default, in the data directory) or `postgres://`.
    pub database_url: String,
    /// `HT_PUBLIC_URL`: the origin browsers use; decides cookie `Secure`, HSTS and the callback URL.
    pub public_url: Url,
    /// `HT_SESSION_KEY`: at least 64 bytes; generated into the data directory when unset.
    pub session_key: Option<Secret>,
    /// `GOOGLE_CLIENT_ID` + `GOOGLE_CLIENT_SECRET` (+ `HT_OIDC_ISSUER`): real sign-in. When set,
    /// the development sign-in form does not exist.
    pub oidc: Option<OidcSettings>,
    /// `HT_STATIC_DIR`: the built React app.
    pub static_dir: PathBuf,
    /// `HT_TRUSTED_COUNTRY_HEADER`: a header set by a trusted proxy with the visitor's country
    /// (e.g. `CF-IPCountry`); unset, region detection uses `Accept-Language` only.
    pub trusted_country_header: Option<String>,
    /// `HT_ADSENSE_CLIENT_ID`: ad client shown in the sidebar frame (optional).
    pub adsense_client_id: Option<String>,
    /// `HT_ADSENSE_SIDEBAR_SLOT`: ad slot for the sidebar frame (optional).
    pub adsense_sidebar_slot: Option<String>,
    /// `HT_UPLOAD_DIR`: where uploaded files are kept (default `<data dir>/uploads`).
    pub upload_dir: PathBuf,
    /// `HT_WORKERS`: processing workers (default: the number of cores).
    pub workers: usize,
    /// `HT_JOB_LEASE_SECS`: how long a claimed job stays claimed without renewal (default 60).
    pub job_lease: std::time::Duration,
    /// `HT_READ_TIMEOUT_SECS`: the longest time spent reading one file (default 120).
    pub read_timeout: std::time::Duration,
    /// `HT_LLM_BASE_URL` + `HT_LLM_MODEL` (+ `HT_LLM_API_KEY`, `HT_LLM_TIMEOUT_SECS`, default 20):
    /// an OpenAI-compatible service that rewrites Pro journey texts. Unset: the deterministic texts.
    pub llm: Option<ht_llm::LlmSettings>,
}

fn seconds(value: Option<String>, default: u64, name: &str) -> anyhow::Result<std::time::Duration> {
    match value {
        None => Ok(std::time::Duration::from_secs(default)),
        Some(v) => v
            .parse::<u64>()
            .ok()
            .filter(|s| *s >= 1)
            .map(std::time::Duration::from_secs)
            .with_context(|| format!("{name} must be a whole number of seconds")),
    }
}

impl Settings {
    /// Reads the process environment.
    ///
    /// # Errors
    /// When a value is malformed or Google sign-in is half configured.
    pub fn from_env() -> anyhow::Result<Self> {
        Self::from_lookup(|k| std::env::var(k).ok())
    }

    /// Reads settings through `get` (the environment, or a map in tests). Empty values count as unset.
    ///
    /// # Errors
    /// When a value is malformed or Google sign-in is half configured.
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> anyhow::Result<Self> {
        let get = |k: &str| get(k).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let bind = get("HT_BIND").unwrap_or_else(|| "127.0.0.1:8080".into());
        let data_dir = PathBuf::from(get("HT_DATA_DIR").unwrap_or_else(|| "./data".into()));
        let database_url = get("DATABASE_URL")
            .unwrap_or_else(|| format!("sqlite://{}", data_dir.join("healthtracker.sqlite").display()));
        if ht_sql::Backend::of_url(&database_url).is_none() {
            bail!("DATABASE_URL must start with postgres:// or sqlite:");
        }
        let public_url = match get("HT_PUBLIC_URL") {
            Some(u) => Url::parse(&u).context("HT_PUBLIC_URL is not a URL")?,
            None => {
                let port = bind.rsplit_once(':').map_or("8080", |(_, p)| p);
                Url::parse(&format!("http://localhost:{port}")).context("HT_BIND has no valid port")?
            }
        };
        if !matches!(public_url.scheme(), "http" | "https") {
            bail!("HT_PUBLIC_URL must be http or https");
        }
        let session_key = get("HT_SESSION_KEY").map(Secret::new);
        if session_key.as_ref().is_some_and(|k| k.expose().len() < 64) {
            bail!("HT_SESSION_KEY must be at least 64 bytes");
        }
        let oidc = match (get("GOOGLE_CLIENT_ID"), get("GOOGLE_CLIENT_SECRET")) {
            (Some(client_id), Some(secret)) => Some(OidcSettings {
                issuer: get("HT_OIDC_ISSUER").unwrap_or_else(|| GOOGLE_ISSUER.into()),
                client_id,
                client_secret: Secret::new(secret),
            }),
            (None, None) => None,
            _ => bail!("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together"),
        };
        Ok(Self {
            bind,
            database_url,
            public_url,
            session_key,
            oidc,
            static_dir: PathBuf::from(get("HT_STATIC_DIR").unwrap_or_else(|| "frontend/dist".into())),
            trusted_country_header: get("HT_TRUSTED_COUNTRY_HEADER"),
            adsense_client_id: get("HT_ADSENSE_CLIENT_ID"),
            adsense_sidebar_slot: get("HT_ADSENSE_SIDEBAR_SLOT"),
            upload_dir: get("HT_UPLOAD_DIR").map_or_else(|| data_dir.join("uploads"), PathBuf::from),
            workers: match get("HT_WORKERS") {
                Some(n) => n.parse().ok().filter(|n| *n >= 1).context("HT_WORKERS must be a positive number")?,
                None => std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get),
            },
            job_lease: seconds(get("HT_JOB_LEASE_SECS"), 60, "HT_JOB_LEASE_SECS")?,
            read_timeout: seconds(get("HT_READ_TIMEOUT_SECS"), 120, "HT_READ_TIMEOUT_SECS")?,
            llm: match (get("HT_LLM_BASE_URL"), get("HT_LLM_MODEL")) {
                (Some(base_url), Some(model)) => {
                    Url::parse(&base_url).context("HT_LLM_BASE_URL is not a URL")?;
                    Some(ht_llm::LlmSettings {
                        base_url,
                        model,
                        api_key: get("HT_LLM_API_KEY").unwrap_or_default(),
                        timeout: seconds(get("HT_LLM_TIMEOUT_SECS"), 20, "HT_LLM_TIMEOUT_SECS")?,
                    })
                }
                (None, None) => None,
                _ => bail!("HT_LLM_BASE_URL and HT_LLM_MODEL must be set together"),
            },
            data_dir,
        })
    }

    /// Whether browsers reach us over https (cookies get `Secure`, responses HSTS).
    pub fn is_https(&self) -> bool {
        self.public_url.scheme() == "https"
    }

    /// `scheme://host[:port]` of the public URL, as browsers send it in `Origin`.
    pub fn public_origin(&self) -> String {
        self.public_url.origin().ascii_serialization()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_narrator_is_off_by_default_and_must_be_fully_configured() {
        assert!(settings(&[]).unwrap().llm.is_none());
        let on = settings(&[("HT_LLM_BASE_URL", "http://127.0.0.1:9/v1"), ("HT_LLM_MODEL", "m")]).unwrap();
        let llm = on.llm.unwrap();
        assert_eq!(llm.timeout, std::time::Duration::from_secs(20));
        assert!(llm.api_key.is_empty());
        assert!(settings(&[("HT_LLM_MODEL", "m")]).is_err());
        assert!(settings(&[("HT_LLM_BASE_URL", "not a url"), ("HT_LLM_MODEL", "m")]).is_err());
    }
    use std::collections::HashMap;

    fn settings(pairs: &[(&str, &str)]) -> anyhow::Result<Settings> {
        let map: HashMap<String, String> = pairs.iter().map(|(k, v)| ((*k).into(), (*v).into())).collect();
        Settings::from_lookup(|k| map.get(k).cloned())
    }

    #[test]
    fn embedded_defaults_run_offline() {
        let s = settings(&[]).unwrap();
        assert_eq!(s.bind, "127.0.0.1:8080");
        assert_eq!(s.database_url, "sqlite://./data/healthtracker.sqlite");
        assert_eq!(s.public_origin(), "http://localhost:8080");
        assert!(s.oidc.is_none());
        assert!(!s.is_https());
    }

    #[test]
    fn postgres_and_https_switch_on_from_the_environment() {
        let s = settings(&[
            ("DATABASE_URL", "postgres://u@db/ht"),
            ("HT_PUBLIC_URL", "https://health.example"),
            ("GOOGLE_CLIENT_ID", "id"),
            ("GOOGLE_CLIENT_SECRET", "shh"),
        ])
        .unwrap();
        assert_eq!(s.database_url, "postgres://u@db/ht");
        assert!(s.is_https());
        let oidc = s.oidc.unwrap();
        assert_eq!(oidc.issuer, GOOGLE_ISSUER);
        assert_eq!(format!("{:?}", oidc.client_secret), "<redacted>");
    }

    #[test]
    fn half_configured_google_is_an_error_not_a_silent_dev_login() {
        assert!(settings(&[("GOOGLE_CLIENT_ID", "id")]).is_err());
        assert!(settings(&[("GOOGLE_CLIENT_SECRET", "s")]).is_err());
    }

    #[test]
    fn malformed_values_are_refused() {
        assert!(settings(&[("DATABASE_URL", "mysql://x")]).is_err());
        assert!(settings(&[("HT_PUBLIC_URL", "ftp://x")]).is_err());
        assert!(settings(&[("HT_SESSION_KEY", "short")]).is_err());
    }
}
