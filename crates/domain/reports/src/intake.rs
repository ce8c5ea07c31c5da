//! Accepting an upload: check it, ask for consent, store the file, then the report and its job.
//!
//! The file is written first and removed again if the report cannot be recorded, so a failure of
//! either leaves neither. (A crash between the two leaves a file no report names; the orphan
//! sweep in [`crate::intake::UploadService::sweep_orphans`] removes it.)

use std::sync::Arc;

use chrono::Duration;
use ht_kernel::{Clock, Region, ReportId, UserId};
use sha2::{Digest, Sha256};

use crate::model::{NewReport, Preferences};
use crate::ports::{ConsentGate, CreateReportError, FileStore, GateError, ProcessingStore, ReportRepository};
use crate::upload::{UploadRejection, check_upload};

/// Why an upload was refused.
#[derive(Debug, thiserror::Error)]
pub enum UploadError {
    /// Type, size or pixel rule (400, or 413 for size).
    #[error("{0}")]
    Rejected(UploadRejection),
    /// No valid consent (400 with the region's code in the message).
    #[error("{0}")]
    ConsentRequired(String),
    /// The same file again (409).
    #[error(
        "File already uploaded: This file has already been processed. You can view the results by clicking on the existing report."
    )]
    Duplicate,
    /// A Free user has no uploads left (403).
    #[error("Upload limit reached: Upgrade to Pro for unlimited uploads.")]
    LimitReached,
    /// Storage failed; nothing was kept.
    #[error("could not store the upload: {0}")]
    Storage(String),
}

/// Files younger than this are never swept: their report may be committing right now.
pub const ORPHAN_GRACE: Duration = Duration::minutes(10);

/// The upload use case.
pub struct UploadService {
    reports: Arc<dyn ReportRepository>,
    processing: Arc<dyn ProcessingStore>,
    files: Arc<dyn FileStore>,
    consent: Arc<dyn ConsentGate>,
    clock: Arc<dyn Clock>,
    free_limit: u32,
}

impl UploadService {
    /// Wires the ports; `free_limit` is the Free plan's upload allowance.
    pub fn new(
        reports: Arc<dyn ReportRepository>,
        processing: Arc<dyn ProcessingStore>,
        files: Arc<dyn FileStore>,
        consent: Arc<dyn ConsentGate>,
        clock: Arc<dyn Clock>,
        free_limit: u32,
    ) -> Self {
        Self { reports, processing, files, consent, clock, free_limit }
    }

    /// Accepts a complete upload and queues it for reading.
    ///
    /// # Errors
    /// [`UploadError`]; on any error nothing is stored and the allowance is unchanged.
    pub async fn accept(
        &self,
        user: &UserId,
        file_name: &str,
        bytes: Vec<u8>,
        prefs: Preferences,
        detected: Region,
    ) -> Result<ReportId, UploadError> {
        let kind = check_upload(file_name, &bytes).map_err(UploadError::Rejected)?;
        self.consent.require_consent(user, detected).await.map_err(|e| match e {
            GateError::ConsentRequired(m) => UploadError::ConsentRequired(m),
            GateError::Store(m) => UploadError::Storage(m),
        })?;
        let id = ReportId::random();
        let report = NewReport {
            storage_key: format!("reports/{}.{}", id.as_str(), kind.extension()),
            id: id.clone(),
            user: user.clone(),
            file_name: safe_file_name(file_name),
            sha256: hex::encode(Sha256::digest(&bytes)),
            content_type: kind.mime().to_string(),
            uploaded_at: self.clock.now(),
            prefs,
        };
        self.files.put(&report.storage_key, bytes).await.map_err(|e| UploadError::Storage(e.to_string()))?;
        if let Err(e) = self.reports.create(&report, self.free_limit).await {
            if let Err(cleanup) = self.files.delete(&report.storage_key).await {
                tracing::warn!(key = %report.storage_key, error = %cleanup, "could not remove a refused upload; the orphan sweep will");
            }
            return Err(match e {
                CreateReportError::Duplicate => UploadError::Duplicate,
                CreateReportError::LimitReached => UploadError::LimitReached,
                CreateReportError::Store(s) => UploadError::Storage(s.to_string()),
            });
        }
        Ok(id)
    }

    /// Deletes stored files that no report names (a crash between writing the file and the
    /// report, an erasure, a failed delete). Returns how many were removed.
    ///
    /// # Errors
    /// The first storage error; files already removed stay removed.
    pub async fn sweep_orphans(&self) -> Result<usize, UploadError> {
        let cutoff = self.clock.now() - ORPHAN_GRACE;
        let mut removed = 0;
        for (key, modified) in self.files.list().await.map_err(|e| UploadError::Storage(e.to_string()))? {
            if modified > cutoff {
                continue;
            }
            if !self.processing.storage_key_in_use(&key).await.map_err(|e| UploadError::Storage(e.to_string()))? {
                self.files.delete(&key).await.map_err(|e| UploadError::Storage(e.to_string()))?;
                removed += 1;
            }
        }
        Ok(removed)
    }
}

/// The name kept for display: the last path component, without control characters, at most
/// 255 bytes.
pub fn safe_file_name(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    let mut out: String = base.chars().filter(|c| !c.is_control()).collect();
    while out.len() > 255 {
        out.pop();
    }
    if out.trim().is_empty() { "report".to_string() } else { out }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::{MockConsentGate, MockFileStore, MockProcessingStore, MockReportRepository};
    use chrono::{TimeZone, Utc};
    use ht_kernel::FixedClock;

    const PDF: &[u8] = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF";

    fn service(
        reports: MockReportRepository,
        files: MockFileStore,
        consent: MockConsentGate,
        processing: MockProcessingStore,
    ) -> UploadService {
        let clock = FixedClock::new(Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).single().unwrap_or_default());
        UploadService::new(
            Arc::new(reports),
            Arc::new(processing),
            Arc::new(files),
            Arc::new(consent),
            Arc::new(clock),
            10,
        )
    }

    fn consenting() -> MockConsentGate {
        let mut c = MockConsentGate::new();
        c.expect_require_consent().returning(|_, _| Ok(()));
        c
    }

    #[tokio::test]
    async fn accepted_upload_stores_the_file_then_the_report_with_its_digest() {
        let mut files = MockFileStore::new();
        files
            .expect_put()
            .withf(|k, b| k.starts_with("reports/") && k.ends_with(".pdf") && b == PDF)
            .returning(|_, _| Ok(()));
        files.expect_delete().never();
        let mut reports = MockReportRepository::new();
        reports
            .expect_create()
            .withf(|r, limit| {
                *limit == 10
                    && r.file_name == "blood.pdf"
                    && r.content_type == "application/pdf"
                    && r.sha256 == hex::encode(Sha256::digest(PDF))
                    && r.storage_key == format!("reports/{}.pdf", r.id.as_str())
            })
            .returning(|_, _| Ok(()));
        let s = service(reports, files, consenting(), MockProcessingStore::new());
        let user = UserId::random();
        assert!(
            s.accept(
                &user,
                "C:\\fakepath\\blood.pdf",
                PDF.to_vec(),
                Preferences::diet(crate::DietPreference::Veg),
                Region::India
            )
            .await
            .is_ok()
        );
    }

    #[tokio::test]
    async fn a_refused_report_removes_the_file_it_wrote() {
        for (refusal, expected) in [
            (CreateReportError::Duplicate, "already"),
            (CreateReportError::LimitReached, "Upload limit reached"),
            (CreateReportError::Store(crate::ReportStoreError("down".into())), "could not store"),
        ] {
            let mut files = MockFileStore::new();
            files.expect_put().returning(|_, _| Ok(()));
            files.expect_delete().times(1).returning(|_| Ok(()));
            let mut reports = MockReportRepository::new();
            let mut once = Some(refusal);
            reports.expect_create().returning(move |_, _| Err(once.take().unwrap_or(CreateReportError::Duplicate)));
            let s = service(reports, files, consenting(), MockProcessingStore::new());
            let err = s
                .accept(&UserId::random(), "a.pdf", PDF.to_vec(), Preferences::default(), Region::India)
                .await
                .unwrap_err();
            assert!(err.to_string().contains(expected), "{err}");
        }
    }

    #[tokio::test]
    async fn without_consent_nothing_is_written() {
        let mut consent = MockConsentGate::new();
        consent
            .expect_require_consent()
            .returning(|_, _| Err(GateError::ConsentRequired("DPDP_CONSENT_REQUIRED: consent first".into())));
        let mut files = MockFileStore::new();
        files.expect_put().never();
        let mut reports = MockReportRepository::new();
        reports.expect_create().never();
        let s = service(reports, files, consent, MockProcessingStore::new());
        let err = s
            .accept(&UserId::random(), "a.pdf", PDF.to_vec(), Preferences::default(), Region::India)
            .await
            .unwrap_err();
        assert!(matches!(err, UploadError::ConsentRequired(m) if m.contains("DPDP_CONSENT_REQUIRED")));
    }

    #[tokio::test]
    async fn content_decides_the_type_not_the_name() {
        let mut files = MockFileStore::new();
        files.expect_put().never();
        let mut consent = MockConsentGate::new();
        consent.expect_require_consent().never();
        let s = service(MockReportRepository::new(), files, consent, MockProcessingStore::new());
        for (name, bytes) in [("a.pdf", b"GIF89a....".to_vec()), ("a.png", PDF.to_vec()), ("a.exe", PDF.to_vec())] {
            let err =
                s.accept(&UserId::random(), name, bytes, Preferences::default(), Region::India).await.unwrap_err();
            assert!(matches!(err, UploadError::Rejected(UploadRejection::InvalidType)), "{name}: {err}");
        }
    }

    #[tokio::test]
    async fn the_sweep_removes_only_old_files_no_report_names() {
        let now = Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).single().unwrap_or_default();
        let mut files = MockFileStore::new();
        files.expect_list().returning(move || {
            Ok(vec![
                ("reports/old-orphan.pdf".into(), now - Duration::hours(1)),
                ("reports/old-kept.pdf".into(), now - Duration::hours(1)),
                ("reports/new-orphan.pdf".into(), now - Duration::minutes(1)),
            ])
        });
        files.expect_delete().withf(|k| k == "reports/old-orphan.pdf").times(1).returning(|_| Ok(()));
        let mut processing = MockProcessingStore::new();
        processing.expect_storage_key_in_use().returning(|k| Ok(k == "reports/old-kept.pdf"));
        let s = service(MockReportRepository::new(), files, consenting(), processing);
        assert_eq!(s.sweep_orphans().await.unwrap(), 1);
    }

    #[test]
    fn stored_names_lose_paths_and_control_characters() {
        assert_eq!(safe_file_name("../../etc/passwd"), "passwd");
        assert_eq!(safe_file_name("C:\\x\\lab\r\n.pdf"), "lab.pdf");
        assert_eq!(safe_file_name(""), "report");
        assert_eq!(safe_file_name(&"é".repeat(300)).len(), 254);
    }
}
