//! Server-side sessions: actix-session's store over the domain's [`SessionRepository`].
//!
//! The cookie carries a random key; the database keeps only its SHA-256 digest, so a leaked
//! table cannot be replayed, and deleting rows signs people out at once.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use actix_session::Session;
use actix_session::storage::{LoadError, SaveError, SessionKey, SessionStore, UpdateError};
use actix_web::cookie::time::Duration;
use anyhow::Context;
use chrono::Utc;
use ht_identity::{SessionRecord, SessionRepository, User};
use ht_kernel::UserId;
use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::error::ApiError;

const USER_KEY: &str = "user_id";

/// actix-session storage backed by the database.
#[derive(Clone)]
pub struct DbSessionStore {
    repo: Arc<dyn SessionRepository>,
}

impl DbSessionStore {
    /// A store over `repo`.
    pub fn new(repo: Arc<dyn SessionRepository>) -> Self {
        Self { repo }
    }
}

fn digest(key: &SessionKey) -> String {
    hex::encode(Sha256::digest(key.as_ref().as_bytes()))
}

fn new_key() -> anyhow::Result<SessionKey> {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    SessionKey::try_from(hex::encode(bytes)).map_err(|e| anyhow::anyhow!("{e}"))
}

fn expiry(ttl: &Duration) -> chrono::DateTime<Utc> {
    Utc::now() + chrono::Duration::seconds(ttl.whole_seconds())
}

/// The user id kept in a session state, if signed in.
fn user_of(state: &HashMap<String, String>) -> Option<UserId> {
    let raw = state.get(USER_KEY)?;
    UserId::parse(&serde_json::from_str::<String>(raw).ok()?).ok()
}

fn record(key: &SessionKey, state: &HashMap<String, String>, ttl: &Duration) -> anyhow::Result<SessionRecord> {
    Ok(SessionRecord {
        key_digest: digest(key),
        user_id: user_of(state),
        state: serde_json::to_string(state).context("serialise session")?,
        expires_at: expiry(ttl),
    })
}

impl SessionStore for DbSessionStore {
    async fn load(&self, key: &SessionKey) -> Result<Option<HashMap<String, String>>, LoadError> {
        let Some(row) = self.repo.load(&digest(key), Utc::now()).await.map_err(|e| LoadError::Other(e.into()))? else {
            return Ok(None);
        };
        serde_json::from_str(&row.state).map(Some).map_err(|e| LoadError::Deserialization(e.into()))
    }

    async fn save(&self, state: HashMap<String, String>, ttl: &Duration) -> Result<SessionKey, SaveError> {
        let key = new_key().map_err(SaveError::Other)?;
        let rec = record(&key, &state, ttl).map_err(SaveError::Serialization)?;
        self.repo.insert(&rec).await.map_err(|e| SaveError::Other(e.into()))?;
        Ok(key)
    }

    async fn update(
        &self,
        key: SessionKey,
        state: HashMap<String, String>,
        ttl: &Duration,
    ) -> Result<SessionKey, UpdateError> {
        let rec = record(&key, &state, ttl).map_err(UpdateError::Serialization)?;
        if self.repo.update(&rec).await.map_err(|e| UpdateError::Other(e.into()))? {
            Ok(key)
        } else {
            // The session was revoked meanwhile: start a new one rather than resurrect it.
            self.save(state, ttl).await.map_err(|e| UpdateError::Other(anyhow::anyhow!("{e}")))
        }
    }

    async fn update_ttl(&self, key: &SessionKey, ttl: &Duration) -> Result<(), anyhow::Error> {
        Ok(self.repo.touch(&digest(key), expiry(ttl)).await?)
    }

    async fn delete(&self, key: &SessionKey) -> Result<(), anyhow::Error> {
        Ok(self.repo.delete(&digest(key)).await?)
    }
}

/// Marks the session as signed in to `user` under a new session id (the old id stops working).
///
/// # Errors
/// When the session state cannot be written.
pub fn establish(session: &Session, user: &User) -> Result<(), ApiError> {
    session.clear();
    session.insert(USER_KEY, user.id.as_str()).map_err(|e| ApiError::Internal(anyhow::anyhow!("{e}")))?;
    session.renew();
    Ok(())
}

/// The signed-in user id, if any.
pub fn user_id(session: &Session) -> Option<UserId> {
    session.get::<String>(USER_KEY).ok().flatten().and_then(|s| UserId::parse(&s).ok())
}

/// The session key: `HT_SESSION_KEY`, else the key file in the data directory, created on first
/// start (0600) so that sessions survive restarts.
///
/// # Errors
/// When the key file cannot be read or written, or holds fewer than 64 bytes.
pub fn load_or_create_key(configured: Option<&str>, data_dir: &Path) -> anyhow::Result<Vec<u8>> {
    if let Some(key) = configured {
        return Ok(key.as_bytes().to_vec());
    }
    let path = data_dir.join("session.key");
    match std::fs::read(&path) {
        Ok(bytes) if bytes.len() >= 64 => Ok(bytes),
        Ok(_) => anyhow::bail!("{} holds fewer than 64 bytes; delete it to generate a new key", path.display()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let mut key = vec![0u8; 64];
            rand::rng().fill_bytes(&mut key);
            write_private(&path, &key).with_context(|| format!("could not write {}", path.display()))?;
            Ok(key)
        }
        Err(e) => Err(e).with_context(|| format!("could not read {}", path.display())),
    }
}

#[cfg(unix)]
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut f = std::fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(path)?;
    f.write_all(bytes)?;
    f.sync_all()
}

#[cfg(not(unix))]
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    std::fs::write(path, bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_key_is_kept_across_restarts() {
        let dir = tempfile::tempdir().unwrap();
        let first = load_or_create_key(None, dir.path()).unwrap();
        assert_eq!(first.len(), 64);
        assert_eq!(load_or_create_key(None, dir.path()).unwrap(), first);
    }

    #[test]
    fn configured_key_wins_and_short_files_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        let k = "k".repeat(64);
        assert_eq!(load_or_create_key(Some(&k), dir.path()).unwrap(), k.as_bytes());
        std::fs::write(dir.path().join("session.key"), b"short").unwrap();
        assert!(load_or_create_key(None, dir.path()).is_err());
    }

    #[test]
    fn user_id_is_read_from_the_serialised_state() {
        let id = UserId::random();
        let mut state = HashMap::new();
        assert_eq!(user_of(&state), None);
        state.insert(USER_KEY.to_string(), serde_json::to_string(id.as_str()).unwrap());
        assert_eq!(user_of(&state), Some(id));
    }
}
