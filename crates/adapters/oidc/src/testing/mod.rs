//! A local OpenID Connect issuer for tests: discovery, JWKS and a token endpoint that signs
//! RS256 ID tokens carrying the nonce registered for each code, and checks PKCE.
//!
//! Tests act as the browser: they read the authorization URL our server produced, call
//! [`TestIssuer::authorize`] to get a code for it, then call our callback with that code.
//! A [`Tamper`] makes the next tokens wrong in one chosen way.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use actix_web::{App, HttpResponse, HttpServer, web};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use chrono::{Duration, Utc};
use openidconnect::core::{
    CoreIdToken, CoreIdTokenClaims, CoreIdTokenFields, CoreJsonWebKeySet, CoreJwsSigningAlgorithm,
    CoreProviderMetadata, CoreResponseType, CoreRsaPrivateSigningKey, CoreSubjectIdentifierType, CoreTokenResponse,
    CoreTokenType,
};
use openidconnect::{
    AccessToken, Audience, AuthUrl, EmptyAdditionalClaims, EmptyAdditionalProviderMetadata, EmptyExtraTokenFields,
    EndUserEmail, EndUserGivenName, IssuerUrl, JsonWebKeyId, JsonWebKeySetUrl, LocalizedClaim, Nonce,
    PrivateSigningKey, ResponseTypes, StandardClaims, SubjectIdentifier, TokenUrl,
};
use sha2::{Digest, Sha256};

/// The client id the issuer expects.
pub const CLIENT_ID: &str = "ht-test-client";
/// The client secret the issuer expects.
pub const CLIENT_SECRET: &str = "ht-test-secret";

const ISSUER_KEY: &str = include_str!("issuer-key.pem");
const ATTACKER_KEY: &str = include_str!("attacker-key.pem");

/// One way to make issued ID tokens wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tamper {
    /// Correct tokens.
    None,
    /// A nonce other than the one the client sent.
    WrongNonce,
    /// An audience other than our client id.
    WrongAudience,
    /// An issuer other than the discovered one.
    WrongIssuer,
    /// Signed with a key the issuer never published (same key id).
    BadSignature,
    /// Already expired.
    Expired,
    /// `alg: none`, no signature.
    AlgNone,
}

/// Who signs in.
#[derive(Debug, Clone)]
pub struct TestUser {
    /// `sub` claim.
    pub subject: String,
    /// `email` claim.
    pub email: String,
    /// `email_verified` claim.
    pub email_verified: bool,
    /// `given_name` claim.
    pub given_name: Option<String>,
}

impl TestUser {
    /// A verified user.
    pub fn new(subject: &str, email: &str, given_name: &str) -> Self {
        Self { subject: subject.into(), email: email.into(), email_verified: true, given_name: Some(given_name.into()) }
    }
}

struct Grant {
    user: TestUser,
    nonce: String,
    code_challenge: String,
}

struct Inner {
    url: String,
    grants: HashMap<String, Grant>,
    tamper: Tamper,
    token_requests: u32,
}

/// A running issuer on 127.0.0.1 and a free port; stopped when dropped.
pub struct TestIssuer {
    /// Its issuer URL (no trailing slash).
    pub url: String,
    inner: Arc<Mutex<Inner>>,
    handle: actix_web::dev::ServerHandle,
}

impl Drop for TestIssuer {
    fn drop(&mut self) {
        drop(self.handle.stop(false));
    }
}

fn signing_key(pem: &str) -> CoreRsaPrivateSigningKey {
    CoreRsaPrivateSigningKey::from_pem(pem, Some(JsonWebKeyId::new("k1".into()))).unwrap()
}

impl TestIssuer {
    /// Starts the issuer.
    pub async fn start() -> Self {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let inner = Arc::new(Mutex::new(Inner {
            url: url.clone(),
            grants: HashMap::new(),
            tamper: Tamper::None,
            token_requests: 0,
        }));
        let data = web::Data::from(inner.clone());
        let server = HttpServer::new(move || {
            App::new()
                .app_data(data.clone())
                .route("/.well-known/openid-configuration", web::get().to(discovery))
                .route("/jwks", web::get().to(jwks))
                .route("/token", web::post().to(token))
        })
        .workers(1)
        .listen(listener)
        .unwrap()
        .run();
        let handle = server.handle();
        tokio::spawn(server);
        Self { url, inner, handle }
    }

    /// Makes every following token wrong in the given way.
    pub fn set_tamper(&self, tamper: Tamper) {
        self.inner.lock().unwrap().tamper = tamper;
    }

    /// How many token requests arrived.
    pub fn token_requests(&self) -> u32 {
        self.inner.lock().unwrap().token_requests
    }

    /// Plays the user approving the sign-in at `authorization_url`; returns `(code, state)` as the
    /// issuer would put them on the redirect back to the client.
    pub fn authorize(&self, authorization_url: &str, user: TestUser) -> (String, String) {
        let url = url::Url::parse(authorization_url).unwrap();
        let q: HashMap<_, _> = url.query_pairs().into_owned().collect();
        assert_eq!(q.get("response_type").map(String::as_str), Some("code"));
        assert_eq!(q.get("client_id").map(String::as_str), Some(CLIENT_ID));
        assert_eq!(q.get("code_challenge_method").map(String::as_str), Some("S256"), "PKCE S256 is required");
        let code = format!("code-{}", self.inner.lock().unwrap().grants.len() + 1);
        self.inner.lock().unwrap().grants.insert(
            code.clone(),
            Grant { user, nonce: q["nonce"].clone(), code_challenge: q["code_challenge"].clone() },
        );
        (code, q["state"].clone())
    }
}

async fn discovery(inner: web::Data<Mutex<Inner>>) -> HttpResponse {
    let url = inner.lock().unwrap().url.clone();
    let meta = CoreProviderMetadata::new(
        IssuerUrl::new(url.clone()).unwrap(),
        AuthUrl::new(format!("{url}/authorize")).unwrap(),
        JsonWebKeySetUrl::new(format!("{url}/jwks")).unwrap(),
        vec![ResponseTypes::new(vec![CoreResponseType::Code])],
        vec![CoreSubjectIdentifierType::Public],
        vec![CoreJwsSigningAlgorithm::RsaSsaPkcs1V15Sha256],
        EmptyAdditionalProviderMetadata {},
    )
    .set_token_endpoint(Some(TokenUrl::new(format!("{url}/token")).unwrap()));
    HttpResponse::Ok().json(meta)
}

async fn jwks() -> HttpResponse {
    HttpResponse::Ok().json(CoreJsonWebKeySet::new(vec![signing_key(ISSUER_KEY).as_verification_key()]))
}

fn oauth_error(code: &str) -> HttpResponse {
    HttpResponse::BadRequest().json(serde_json::json!({ "error": code }))
}

async fn token(inner: web::Data<Mutex<Inner>>, form: web::Form<HashMap<String, String>>) -> HttpResponse {
    let mut inner = inner.lock().unwrap();
    inner.token_requests += 1;
    let Some(code) = form.get("code") else { return oauth_error("invalid_request") };
    // Codes are single use.
    let Some(grant) = inner.grants.remove(code) else { return oauth_error("invalid_grant") };
    let verifier = form.get("code_verifier").cloned().unwrap_or_default();
    if URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes())) != grant.code_challenge {
        return oauth_error("invalid_grant");
    }
    let tamper = inner.tamper;
    let issuer = if tamper == Tamper::WrongIssuer { "https://evil.example".to_string() } else { inner.url.clone() };
    let audience = if tamper == Tamper::WrongAudience { "someone-else" } else { CLIENT_ID };
    let now = Utc::now();
    let (iat, exp) = if tamper == Tamper::Expired {
        (now - Duration::hours(2), now - Duration::hours(1))
    } else {
        (now, now + Duration::minutes(10))
    };
    let nonce = if tamper == Tamper::WrongNonce { "not-the-nonce".to_string() } else { grant.nonce };
    let mut standard = StandardClaims::new(SubjectIdentifier::new(grant.user.subject))
        .set_email(Some(EndUserEmail::new(grant.user.email)))
        .set_email_verified(Some(grant.user.email_verified));
    if let Some(name) = grant.user.given_name {
        standard = standard.set_given_name(Some(LocalizedClaim::from(EndUserGivenName::new(name))));
    }
    let claims = CoreIdTokenClaims::new(
        IssuerUrl::new(issuer).unwrap(),
        vec![Audience::new(audience.into())],
        exp,
        iat,
        standard,
        EmptyAdditionalClaims {},
    )
    .set_nonce(Some(Nonce::new(nonce)));
    let key = signing_key(if tamper == Tamper::BadSignature { ATTACKER_KEY } else { ISSUER_KEY });
    let id_token = CoreIdToken::new(claims, &key, CoreJwsSigningAlgorithm::RsaSsaPkcs1V15Sha256, None, None).unwrap();
    let id_token = if tamper == Tamper::AlgNone { unsigned(&id_token) } else { id_token };
    let response = CoreTokenResponse::new(
        AccessToken::new("access".into()),
        CoreTokenType::Bearer,
        CoreIdTokenFields::new(Some(id_token), EmptyExtraTokenFields {}),
    );
    HttpResponse::Ok().json(response)
}

/// The same claims with header `{"alg":"none"}` and an empty signature.
fn unsigned(token: &CoreIdToken) -> CoreIdToken {
    let serialized = serde_json::to_value(token).unwrap();
    let compact = serialized.as_str().unwrap();
    let payload = compact.split('.').nth(1).unwrap();
    let header = URL_SAFE_NO_PAD.encode(br#"{"alg":"none","typ":"JWT"}"#);
    serde_json::from_value(serde_json::Value::String(format!("{header}.{payload}."))).unwrap()
}
