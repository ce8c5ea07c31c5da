//! Opaque identifiers. They are random UUIDs so that a guessed id reveals nothing.

use std::fmt;

use serde::{Deserialize, Serialize};

/// An identifier string that is not a UUID.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("not a valid identifier")]
pub struct IdError;

macro_rules! uuid_id {
    ($(#[$meta:meta])* $name:ident) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(try_from = "String", into = "String")]
        pub struct $name(String);

        impl $name {
            /// A new random identifier.
            pub fn random() -> Self {
                Self(uuid::Uuid::new_v4().to_string())
            }

            /// Parses an identifier, accepting only canonical hyphenated UUIDs.
            pub fn parse(s: &str) -> Result<Self, IdError> {
                let id = uuid::Uuid::try_parse(s).map_err(|_| IdError)?;
                let canonical = id.to_string();
                if canonical == s { Ok(Self(canonical)) } else { Err(IdError) }
            }

            /// The identifier as stored and sent.
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }

        impl TryFrom<String> for $name {
            type Error = IdError;
            fn try_from(s: String) -> Result<Self, IdError> {
                Self::parse(&s)
            }
        }

        impl From<$name> for String {
            fn from(id: $name) -> String {
                id.0
            }
        }
    };
}

uuid_id!(
    /// A user account.
    UserId
);
uuid_id!(
    /// One uploaded lab report.
    ReportId
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_ids_are_distinct_and_parse_back() {
        let a = UserId::random();
        let b = UserId::random();
        assert_ne!(a, b);
        assert_eq!(UserId::parse(a.as_str()), Ok(a));
    }

    #[test]
    fn parse_rejects_non_uuid_and_non_canonical_forms() {
        assert_eq!(ReportId::parse("42"), Err(IdError));
        assert_eq!(ReportId::parse("../etc/passwd"), Err(IdError));
        let upper = uuid::Uuid::new_v4().to_string().to_uppercase();
        assert_eq!(ReportId::parse(&upper), Err(IdError));
    }

    #[test]
    fn serde_round_trip_validates() {
        let id = ReportId::random();
        let json = serde_json::to_string(&id).unwrap();
        assert_eq!(json, format!("\"{id}\""));
        assert_eq!(serde_json::from_str::<ReportId>(&json).unwrap(), id);
        assert!(serde_json::from_str::<ReportId>("\"nope\"").is_err());
    }
}
