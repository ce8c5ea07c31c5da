//! The authorization-code flow against a local issuer: success and every way a token is refused.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::Utc;
use ht_identity::{IdentityProvider, IdpError};
use ht_oidc::testing::{CLIENT_ID, CLIENT_SECRET, Tamper, TestIssuer, TestUser};
use ht_oidc::{OidcConfig, OidcProvider};

fn provider(issuer: &str) -> OidcProvider {
    OidcProvider::new(OidcConfig {
        issuer: issuer.into(),
        client_id: CLIENT_ID.into(),
        client_secret: CLIENT_SECRET.into(),
        redirect_url: "http://localhost:8080/api/callback".into(),
    })
    .unwrap()
}

async fn sign_in(issuer: &TestIssuer, tamper: Tamper) -> Result<ht_identity::ExternalIdentity, IdpError> {
    let idp = provider(&issuer.url);
    let request = idp.begin("/dashboard", Utc::now()).await.unwrap();
    issuer.set_tamper(tamper);
    let (code, state) = issuer.authorize(&request.url, TestUser::new("sub-42", "Asha@Example.in", "Asha"));
    assert_eq!(state, request.pending.state);
    idp.complete(&code, &request.pending).await
}

#[tokio::test]
async fn authorization_url_carries_pkce_s256_state_nonce_and_scopes() {
    let issuer = TestIssuer::start().await;
    let request = provider(&issuer.url).begin("/x", Utc::now()).await.unwrap();
    let url = url::Url::parse(&request.url).unwrap();
    let q: std::collections::HashMap<_, _> = url.query_pairs().into_owned().collect();
    assert_eq!(q["code_challenge_method"], "S256");
    assert!(!q["code_challenge"].is_empty());
    assert_eq!(q["state"], request.pending.state);
    assert_eq!(q["nonce"], request.pending.nonce);
    assert!(q["scope"].contains("email") && q["scope"].contains("profile"));
    assert_eq!(q["redirect_uri"], "http://localhost:8080/api/callback");
    assert_eq!(request.pending.return_to, "/x");
    assert!(request.pending.state.len() >= 16 && request.pending.nonce.len() >= 16);
}

#[tokio::test]
async fn a_valid_token_gives_the_identity() {
    let issuer = TestIssuer::start().await;
    let identity = sign_in(&issuer, Tamper::None).await.unwrap();
    assert_eq!(identity.issuer, issuer.url);
    assert_eq!(identity.subject, "sub-42");
    assert_eq!(identity.email.as_str(), "asha@example.in");
    assert!(identity.email_verified);
    assert_eq!(identity.first_name.unwrap().as_str(), "Asha");
}

#[tokio::test]
async fn every_tampered_token_is_rejected() {
    let issuer = TestIssuer::start().await;
    for tamper in [
        Tamper::WrongNonce,
        Tamper::WrongAudience,
        Tamper::WrongIssuer,
        Tamper::BadSignature,
        Tamper::Expired,
        Tamper::AlgNone,
    ] {
        let result = sign_in(&issuer, tamper).await;
        assert!(matches!(result, Err(IdpError::Rejected(_))), "{tamper:?} gave {result:?}");
    }
}

#[tokio::test]
async fn a_wrong_pkce_verifier_is_rejected_by_the_issuer() {
    let issuer = TestIssuer::start().await;
    let idp = provider(&issuer.url);
    let request = idp.begin("/", Utc::now()).await.unwrap();
    let (code, _) = issuer.authorize(&request.url, TestUser::new("s", "a@example.in", "A"));
    let mut pending = request.pending.clone();
    pending.pkce_verifier = "x".repeat(64);
    assert!(matches!(idp.complete(&code, &pending).await, Err(IdpError::Rejected(_))));
}

#[tokio::test]
async fn an_unreachable_issuer_is_unavailable_not_a_panic() {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let result = provider(&format!("http://127.0.0.1:{port}")).begin("/", Utc::now()).await;
    assert!(matches!(result, Err(IdpError::Unavailable(_))));
}
