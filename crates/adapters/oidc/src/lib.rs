//! [`IdentityProvider`](ht_identity::IdentityProvider) over OpenID Connect.
//!
//! The provider's metadata and keys are discovered lazily and cached, so the rest of the app
//! starts and works while the provider is unreachable; sign-in then answers "unavailable".

mod provider;
#[cfg(feature = "test-issuer")]
pub mod testing;

pub use provider::{OidcConfig, OidcProvider};
