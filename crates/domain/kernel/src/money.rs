//! Amounts of money in the smallest unit of their currency, never floats.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Currencies we charge in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Currency {
    /// Indian rupee; minor unit paisa (1/100).
    #[serde(rename = "INR")]
    Inr,
}

impl Currency {
    /// ISO 4217 code.
    pub fn code(self) -> &'static str {
        match self {
            Currency::Inr => "INR",
        }
    }

    fn symbol(self) -> &'static str {
        match self {
            Currency::Inr => "₹",
        }
    }
}

/// An amount in minor units (paise for INR).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Money {
    minor: u64,
    currency: Currency,
}

impl Money {
    /// An amount given in minor units.
    pub const fn from_minor(minor: u64, currency: Currency) -> Self {
        Self { minor, currency }
    }

    /// The amount in minor units, as payment providers expect it.
    pub fn minor(self) -> u64 {
        self.minor
    }

    /// The currency.
    pub fn currency(self) -> Currency {
        self.currency
    }
}

impl fmt::Display for Money {
    /// `₹10` for whole amounts, `₹10.50` otherwise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (major, minor) = (self.minor / 100, self.minor % 100);
        if minor == 0 {
            write!(f, "{}{}", self.currency.symbol(), major)
        } else {
            write!(f, "{}{}.{:02}", self.currency.symbol(), major, minor)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn displays_whole_and_fractional_rupees() {
        assert_eq!(Money::from_minor(1000, Currency::Inr).to_string(), "₹10");
        assert_eq!(Money::from_minor(1050, Currency::Inr).to_string(), "₹10.50");
        assert_eq!(Money::from_minor(5, Currency::Inr).to_string(), "₹0.05");
    }

    #[test]
    fn keeps_minor_units_exactly() {
        let m = Money::from_minor(1000, Currency::Inr);
        assert_eq!(m.minor(), 1000);
        assert_eq!(m.currency().code(), "INR");
    }
}
