//! API tests: each spawns the real server on port 0 against a fresh database.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod auth;
mod compliance;
mod dependency_rule;
mod helpers;
mod oidc;
#[path = "../common/report_pdf.rs"]
mod report_pdf;
mod reports;
mod web;
