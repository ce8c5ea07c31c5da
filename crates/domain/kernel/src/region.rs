//! The legal regions whose data-protection rules we follow.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Where a user lives, as far as consent law is concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Region {
    /// India: Digital Personal Data Protection Act 2023.
    #[serde(rename = "IN")]
    India,
    /// United States: HIPAA privacy and security rules.
    #[serde(rename = "US")]
    UnitedStates,
    /// Anywhere else: the general notice.
    #[serde(rename = "OTHER")]
    Other,
}

impl Region {
    /// The code used in the API and the database (`IN`, `US`, `OTHER`).
    pub fn code(self) -> &'static str {
        match self {
            Region::India => "IN",
            Region::UnitedStates => "US",
            Region::Other => "OTHER",
        }
    }

    /// Parses an API code; unknown codes are `None`.
    pub fn from_code(code: &str) -> Option<Self> {
        match code.trim().to_ascii_uppercase().as_str() {
            "IN" => Some(Region::India),
            "US" => Some(Region::UnitedStates),
            "OTHER" => Some(Region::Other),
            _ => None,
        }
    }

    /// Maps an ISO 3166-1 alpha-2 country code to its region.
    pub fn from_country(country: &str) -> Self {
        match country.trim().to_ascii_uppercase().as_str() {
            "IN" => Region::India,
            "US" => Region::UnitedStates,
            _ => Region::Other,
        }
    }
}

impl fmt::Display for Region {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for r in [Region::India, Region::UnitedStates, Region::Other] {
            assert_eq!(Region::from_code(r.code()), Some(r));
        }
        assert_eq!(Region::from_code("in"), Some(Region::India));
        assert_eq!(Region::from_code("XX"), None);
    }

    #[test]
    fn countries_map_to_regions() {
        assert_eq!(Region::from_country("in"), Region::India);
        assert_eq!(Region::from_country("US"), Region::UnitedStates);
        assert_eq!(Region::from_country("GB"), Region::Other);
    }
}
