//! The authorization-code flow with PKCE (S256), a single-use state and a nonce.

use std::time::{Duration, Instant};

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use ht_identity::{
    AuthorizationRequest, EmailAddress, ExternalIdentity, FirstName, IdentityProvider, IdpError, PendingLogin,
};
use openidconnect::core::{CoreAuthenticationFlow, CoreClient, CoreProviderMetadata};
use openidconnect::{
    AuthorizationCode, ClientId, ClientSecret, CsrfToken, IssuerUrl, Nonce, PkceCodeChallenge, PkceCodeVerifier,
    RedirectUrl, RequestTokenError, Scope, TokenResponse, reqwest,
};
use tokio::sync::RwLock;

/// How long discovered metadata and keys are trusted before they are fetched again.
const METADATA_TTL: Duration = Duration::from_secs(3600);

/// Where the provider is and who we are to it.
#[derive(Clone)]
pub struct OidcConfig {
    /// Issuer URL, e.g. `https://accounts.google.com`.
    pub issuer: String,
    /// OAuth client id.
    pub client_id: String,
    /// OAuth client secret.
    pub client_secret: String,
    /// Our callback URL, e.g. `https://app.example/api/callback`.
    pub redirect_url: String,
}

impl std::fmt::Debug for OidcConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OidcConfig")
            .field("issuer", &self.issuer)
            .field("client_id", &self.client_id)
            .field("client_secret", &"<redacted>")
            .field("redirect_url", &self.redirect_url)
            .finish()
    }
}

/// An OpenID Connect identity provider.
pub struct OidcProvider {
    config: OidcConfig,
    issuer: IssuerUrl,
    redirect: RedirectUrl,
    http: reqwest::Client,
    metadata: RwLock<Option<(CoreProviderMetadata, Instant)>>,
}

impl OidcProvider {
    /// A provider for `config`; nothing is fetched until the first sign-in.
    ///
    /// # Errors
    /// When a URL in `config` is malformed or the HTTP client cannot be built.
    pub fn new(config: OidcConfig) -> Result<Self, String> {
        let issuer = IssuerUrl::new(config.issuer.clone()).map_err(|e| format!("issuer URL: {e}"))?;
        let redirect = RedirectUrl::new(config.redirect_url.clone()).map_err(|e| format!("redirect URL: {e}"))?;
        let http = reqwest::Client::builder()
            // Following redirects from the provider would open us to SSRF.
            .redirect(reqwest::redirect::Policy::none())
            .timeout(Duration::from_secs(10))
            .build()
            .map_err(|e| format!("HTTP client: {e}"))?;
        Ok(Self { config, issuer, redirect, http, metadata: RwLock::new(None) })
    }

    async fn metadata(&self, refresh: bool) -> Result<CoreProviderMetadata, IdpError> {
        if !refresh
            && let Some((meta, at)) = self.metadata.read().await.as_ref()
            && at.elapsed() < METADATA_TTL
        {
            return Ok(meta.clone());
        }
        let meta = CoreProviderMetadata::discover_async(self.issuer.clone(), &self.http).await.map_err(|e| {
            tracing::warn!(error = %e, "OpenID Connect discovery failed");
            IdpError::Unavailable(e.to_string())
        })?;
        *self.metadata.write().await = Some((meta.clone(), Instant::now()));
        Ok(meta)
    }

    fn client(
        &self,
        meta: CoreProviderMetadata,
    ) -> openidconnect::core::CoreClient<
        openidconnect::EndpointSet,
        openidconnect::EndpointNotSet,
        openidconnect::EndpointNotSet,
        openidconnect::EndpointNotSet,
        openidconnect::EndpointMaybeSet,
        openidconnect::EndpointMaybeSet,
    > {
        CoreClient::from_provider_metadata(
            meta,
            ClientId::new(self.config.client_id.clone()),
            Some(ClientSecret::new(self.config.client_secret.clone())),
        )
        .set_redirect_uri(self.redirect.clone())
    }

    fn identity(&self, claims: &openidconnect::core::CoreIdTokenClaims) -> Result<ExternalIdentity, IdpError> {
        let email = claims.email().ok_or_else(|| IdpError::Rejected("the ID token carries no email".into()))?;
        let email = EmailAddress::parse(email.as_str()).map_err(|e| IdpError::Rejected(e.to_string()))?;
        let first_name = claims
            .given_name()
            .and_then(|n| n.get(None))
            .map(|n| n.as_str().to_string())
            .or_else(|| claims.name().and_then(|n| n.get(None)).map(|n| n.as_str().to_string()))
            .and_then(|n| FirstName::parse(n.split_whitespace().next().unwrap_or("")).ok());
        let picture = claims
            .picture()
            .and_then(|p| p.get(None))
            .map(|u| u.as_str().to_string())
            .filter(|u| u.starts_with("https://") || u.starts_with("http://"));
        Ok(ExternalIdentity {
            issuer: claims.issuer().as_str().to_string(),
            subject: claims.subject().as_str().to_string(),
            email,
            email_verified: claims.email_verified().unwrap_or(false),
            first_name,
            picture,
        })
    }
}

#[async_trait]
impl IdentityProvider for OidcProvider {
    async fn begin(&self, return_to: &str, now: DateTime<Utc>) -> Result<AuthorizationRequest, IdpError> {
        let client = self.client(self.metadata(false).await?);
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let (url, state, nonce) = client
            .authorize_url(CoreAuthenticationFlow::AuthorizationCode, CsrfToken::new_random, Nonce::new_random)
            .add_scope(Scope::new("email".into()))
            .add_scope(Scope::new("profile".into()))
            .set_pkce_challenge(challenge)
            .url();
        Ok(AuthorizationRequest {
            url: url.to_string(),
            pending: PendingLogin {
                state: state.secret().clone(),
                nonce: nonce.secret().clone(),
                pkce_verifier: verifier.secret().clone(),
                return_to: return_to.to_string(),
                created_at: now,
            },
        })
    }

    async fn complete(&self, code: &str, pending: &PendingLogin) -> Result<ExternalIdentity, IdpError> {
        let client = self.client(self.metadata(false).await?);
        let response = client
            .exchange_code(AuthorizationCode::new(code.to_string()))
            .map_err(|e| IdpError::Unavailable(format!("no token endpoint: {e}")))?
            .set_pkce_verifier(PkceCodeVerifier::new(pending.pkce_verifier.clone()))
            .request_async(&self.http)
            .await
            .map_err(|e| match e {
                RequestTokenError::Request(e) => IdpError::Unavailable(e.to_string()),
                other => IdpError::Rejected(format!("token exchange failed: {other}")),
            })?;
        let id_token = response.id_token().ok_or_else(|| IdpError::Rejected("no ID token in the response".into()))?;
        let nonce = Nonce::new(pending.nonce.clone());
        let claims = match id_token.claims(&client.id_token_verifier(), &nonce) {
            Ok(claims) => claims.clone(),
            Err(first) => {
                // The provider may have rotated its keys since discovery: refresh once and retry.
                let client = self.client(self.metadata(true).await?);
                id_token
                    .claims(&client.id_token_verifier(), &nonce)
                    .map_err(|e| {
                        tracing::warn!(error = %first, "ID token refused");
                        IdpError::Rejected(e.to_string())
                    })?
                    .clone()
            }
        };
        self.identity(&claims)
    }
}
