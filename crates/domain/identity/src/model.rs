//! Value types of the identity domain, each valid by construction.

use chrono::{DateTime, Utc};
use ht_kernel::UserId;

/// Why a value was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ValidationError {
    /// The email address is malformed.
    #[error("Please enter a valid email address.")]
    Email,
    /// The first name is empty, too long or contains control characters.
    #[error("Please enter a first name of 1 to 80 characters.")]
    FirstName,
}

/// A syntactically valid email address, trimmed and lower-cased.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmailAddress(String);

impl EmailAddress {
    /// Validates the shape `local@domain.tld` (no spaces, one `@`, a dot in the domain, ≤ 254 chars).
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let s = raw.trim().to_lowercase();
        let (local, domain) = s.split_once('@').ok_or(ValidationError::Email)?;
        let ok = s.len() <= 254
            && !local.is_empty()
            && local.len() <= 64
            && !domain.contains('@')
            && domain.contains('.')
            && !domain.starts_with('.')
            && !domain.ends_with('.')
            && !domain.contains("..")
            && s.chars().all(|c| c.is_ascii_graphic() || (!c.is_ascii() && !c.is_control()));
        if ok { Ok(Self(s)) } else { Err(ValidationError::Email) }
    }

    /// The normalised address.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A person's first name as shown in the welcome banner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FirstName(String);

impl FirstName {
    /// Trims and checks 1–80 characters with no control characters.
    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        let s = raw.trim();
        let n = s.chars().count();
        if (1..=80).contains(&n) && !s.chars().any(char::is_control) {
            Ok(Self(s.to_string()))
        } else {
            Err(ValidationError::FirstName)
        }
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A user account as the rest of the product sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    /// Stable id.
    pub id: UserId,
    /// Contact address (from the identity provider).
    pub email: String,
    /// First name, if the provider gave one.
    pub first_name: Option<String>,
    /// Avatar URL, if any.
    pub profile_image_url: Option<String>,
    /// Whether the Pro plan is active; only the server changes it.
    pub is_pro: bool,
    /// Reports accepted so far; only the server changes it.
    pub uploads_used: u32,
}

/// An identity proved by a provider: the provider's issuer and subject key the account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExternalIdentity {
    /// The issuer URL (or the development issuer).
    pub issuer: String,
    /// The provider's stable subject identifier.
    pub subject: String,
    /// Email claim.
    pub email: EmailAddress,
    /// Whether the provider verified the email; only verified emails may link accounts.
    pub email_verified: bool,
    /// Given name claim.
    pub first_name: Option<FirstName>,
    /// Picture claim.
    pub picture: Option<String>,
}

/// A sign-in that was started and not yet completed; single use.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingLogin {
    /// The `state` sent to the provider.
    pub state: String,
    /// The nonce the ID token must carry.
    pub nonce: String,
    /// The PKCE verifier for the code exchange.
    pub pkce_verifier: String,
    /// Where to go after sign-in (already a safe same-origin path).
    pub return_to: String,
    /// When the sign-in started.
    pub created_at: DateTime<Utc>,
}

/// A server-side session: the cookie only carries its key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionRecord {
    /// Digest of the session key (the key itself is never stored).
    pub key_digest: String,
    /// The signed-in user, once there is one; used to revoke all of a user's sessions.
    pub user_id: Option<UserId>,
    /// Serialised session state.
    pub state: String,
    /// Expiry.
    pub expires_at: DateTime<Utc>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_is_normalised() {
        assert_eq!(EmailAddress::parse("  Asha@Example.IN ").unwrap().as_str(), "asha@example.in");
    }

    #[test]
    fn malformed_emails_are_refused() {
        for bad in
            ["", "asha", "@example.com", "asha@", "asha@example", "a b@example.com", "a@b@c.com", "a@.com", "a@x..com"]
        {
            assert_eq!(EmailAddress::parse(bad), Err(ValidationError::Email), "{bad}");
        }
    }

    #[test]
    fn first_name_bounds() {
        assert_eq!(FirstName::parse(" Asha ").unwrap().as_str(), "Asha");
        assert!(FirstName::parse("   ").is_err());
        assert!(FirstName::parse(&"a".repeat(81)).is_err());
        assert!(FirstName::parse("As\u{0}ha").is_err());
        assert!(FirstName::parse("अनन्या").is_ok());
    }
}
