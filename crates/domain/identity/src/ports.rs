//! Driven ports of the identity domain: what it needs from storage and from identity providers.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use ht_kernel::UserId;

use crate::model::{ExternalIdentity, PendingLogin, SessionRecord, User};

/// A storage failure; adapters keep the cause for the logs.
#[derive(Debug, thiserror::Error)]
#[error("storage is unavailable: {0}")]
pub struct RepositoryError(pub String);

/// Accounts and the external identities linked to them.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait UserRepository: Send + Sync {
    /// The user linked to `(issuer, subject)`, if any.
    ///
    /// # Errors
    /// [`RepositoryError`] when storage fails.
    async fn find_by_identity(&self, issuer: &str, subject: &str) -> Result<Option<User>, RepositoryError>;

    /// The user whose account email is `email` (already normalised), if any.
    ///
    /// # Errors
    /// [`RepositoryError`] when storage fails.
    async fn find_by_email(&self, email: &str) -> Result<Option<User>, RepositoryError>;

    /// The user with this id, if any.
    ///
    /// # Errors
    /// [`RepositoryError`] when storage fails.
    async fn find_by_id(&self, id: &UserId) -> Result<Option<User>, RepositoryError>;

    /// Creates a user and links `identity` to it, atomically.
    ///
    /// # Errors
    /// [`RepositoryError`] when storage fails (including a lost race on the same identity).
    async fn create_with_identity(&self, identity: &ExternalIdentity) -> Result<User, RepositoryError>;

    /// Links `identity` to an existing user.
    ///
    /// # Errors
    /// [`RepositoryError`] when storage fails.
    async fn link_identity(&self, user: &UserId, identity: &ExternalIdentity) -> Result<(), RepositoryError>;

    /// Refreshes the profile fields (email, first name, picture) from a fresh sign-in.
    ///
    /// # Errors
    /// [`RepositoryError`] when storage fails.
    async fn update_profile(&self, user: &UserId, identity: &ExternalIdentity) -> Result<User, RepositoryError>;
}

/// Server-side session storage: revoking a row ends the session whatever cookie is replayed.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait SessionRepository: Send + Sync {
    /// Stores a new session.
    ///
    /// # Errors
    /// [`RepositoryError`] when storage fails.
    async fn insert(&self, record: &SessionRecord) -> Result<(), RepositoryError>;

    /// The live (unexpired at `now`) session with this key digest.
    ///
    /// # Errors
    /// [`RepositoryError`] when storage fails; callers must then fail closed.
    async fn load(&self, key_digest: &str, now: DateTime<Utc>) -> Result<Option<SessionRecord>, RepositoryError>;

    /// Replaces state, user and expiry; returns `false` when the session no longer exists.
    ///
    /// # Errors
    /// [`RepositoryError`] when storage fails.
    async fn update(&self, record: &SessionRecord) -> Result<bool, RepositoryError>;

    /// Moves the expiry.
    ///
    /// # Errors
    /// [`RepositoryError`] when storage fails.
    async fn touch(&self, key_digest: &str, expires_at: DateTime<Utc>) -> Result<(), RepositoryError>;

    /// Deletes one session.
    ///
    /// # Errors
    /// [`RepositoryError`] when storage fails.
    async fn delete(&self, key_digest: &str) -> Result<(), RepositoryError>;

    /// Deletes every session of a user (sign out everywhere); returns how many.
    ///
    /// # Errors
    /// [`RepositoryError`] when storage fails.
    async fn delete_for_user(&self, user: &UserId) -> Result<u64, RepositoryError>;
}

/// Pending sign-ins, so that each `state` is accepted once and only from this server.
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait LoginStateRepository: Send + Sync {
    /// Stores a pending sign-in.
    ///
    /// # Errors
    /// [`RepositoryError`] when storage fails.
    async fn put(&self, pending: &PendingLogin) -> Result<(), RepositoryError>;

    /// Removes and returns the pending sign-in for `state`; a second call for the same state
    /// returns `None`, even when two calls race.
    ///
    /// # Errors
    /// [`RepositoryError`] when storage fails.
    async fn take(&self, state: &str) -> Result<Option<PendingLogin>, RepositoryError>;
}

/// Where to send the browser to sign in, and what to remember until it comes back.
#[derive(Debug, Clone)]
pub struct AuthorizationRequest {
    /// The provider's authorization URL with state, nonce and PKCE challenge.
    pub url: String,
    /// What the callback needs.
    pub pending: PendingLogin,
}

/// Why an identity provider did not give an identity.
#[derive(Debug, thiserror::Error)]
pub enum IdpError {
    /// The provider could not be reached (discovery, JWKS or token endpoint down).
    #[error("the sign-in provider is unavailable: {0}")]
    Unavailable(String),
    /// The provider answered, but the answer failed verification.
    #[error("sign-in was rejected: {0}")]
    Rejected(String),
}

/// An external identity provider (OpenID Connect).
#[cfg_attr(any(test, feature = "mocks"), mockall::automock)]
#[async_trait]
pub trait IdentityProvider: Send + Sync {
    /// Starts a sign-in that will come back to the callback and then to `return_to`.
    ///
    /// # Errors
    /// [`IdpError::Unavailable`] when the provider's metadata cannot be fetched.
    async fn begin(&self, return_to: &str, now: DateTime<Utc>) -> Result<AuthorizationRequest, IdpError>;

    /// Exchanges the authorization code and verifies the ID token against `pending`.
    ///
    /// # Errors
    /// [`IdpError::Rejected`] for any verification failure (signature, issuer, audience,
    /// expiry, nonce, missing email); [`IdpError::Unavailable`] when the provider is unreachable.
    async fn complete(&self, code: &str, pending: &PendingLogin) -> Result<ExternalIdentity, IdpError>;
}
