//! sea-orm entities, one per table. Private: ports expose domain types only.

pub mod audit_log;
pub mod consent_events;
pub mod erasures;
pub mod follow_ups;
pub mod jobs;
pub mod lab_results;
pub mod login_states;
pub mod recommendations;
pub mod reports;
pub mod sessions;
pub mod user_identities;
pub mod users;
