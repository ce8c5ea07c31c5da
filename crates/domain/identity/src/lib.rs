//! Identity: user accounts, how people sign in, and the server-side sessions that can be revoked.
//!
//! The domain decides *who* a person is from a verified [`ExternalIdentity`]; adapters decide
//! *how* that identity was proved (OpenID Connect, or the offline development form).

mod model;
mod ports;
mod return_to;
mod service;

pub use model::{EmailAddress, ExternalIdentity, FirstName, PendingLogin, SessionRecord, User, ValidationError};
pub use ports::{
    AuthorizationRequest, IdentityProvider, IdpError, LoginStateRepository, RepositoryError, SessionRepository,
    UserRepository,
};
#[cfg(any(test, feature = "mocks"))]
pub use ports::{MockIdentityProvider, MockLoginStateRepository, MockSessionRepository, MockUserRepository};
pub use return_to::safe_return_path;
pub use service::{DEV_ISSUER, IdentityService, SignInError};
