//! The reports domain's consent gate, answered by the compliance domain.

use async_trait::async_trait;
use ht_compliance::{ComplianceError, ComplianceService};
use ht_kernel::{Region, UserId};
use ht_reports::{ConsentGate, GateError};

/// Asks [`ComplianceService::require_consent`].
pub struct ComplianceGate(pub ComplianceService);

#[async_trait]
impl ConsentGate for ComplianceGate {
    async fn require_consent(&self, user: &UserId, detected: Region) -> Result<(), GateError> {
        self.0.require_consent(user, detected).await.map_err(|e| match e {
            ComplianceError::ConsentRequired { .. } => GateError::ConsentRequired(e.to_string()),
            other => GateError::Store(other.to_string()),
        })
    }
}
