//! The consent ledger, erasure and the audit log on SQLite and PostgreSQL.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::{Duration, SubsecRound, Utc};
use ht_compliance::{AuditAction, AuditEntry, AuditLog, ConsentEvent, ConsentGrant, ConsentRepository};
use ht_identity::{EmailAddress, ExternalIdentity, UserRepository};
use ht_kernel::{Region, UserId};
use ht_sql::testing::{SeedResult, count, on_each_backend, seed_report, seed_result};
use ht_sql::{SqlAuditLog, SqlConsentRepository, SqlUserRepository};
use sea_orm::{ConnectionTrait, DatabaseConnection, Statement};

async fn user(db: &DatabaseConnection, email: &str) -> UserId {
    let identity = ExternalIdentity {
        issuer: "test".into(),
        subject: email.into(),
        email: EmailAddress::parse(email).unwrap(),
        email_verified: true,
        first_name: None,
        picture: None,
    };
    SqlUserRepository::new(db.clone()).create_with_identity(&identity).await.unwrap().id
}

async fn add_report_with_result(db: &DatabaseConnection, owner: &UserId) -> String {
    let id = seed_report(db, owner, "r.pdf", Utc::now(), "completed").await;
    let hb = SeedResult { test_name: "Hb", value_text: "9", value: Some(9.0), unit: None, flag: Some("low") };
    seed_result(db, &id, hb).await;
    id
}

fn grant(user: &UserId, region: Region) -> ConsentGrant {
    ConsentGrant {
        user: user.clone(),
        region,
        notice_version: format!("{}-2026-11-22", region.code()),
        purposes: vec!["healthcare_analysis".into()],
        data_categories: vec!["test_results".into()],
        granted_at: Utc::now().trunc_subsecs(6),
        channel: "web".into(),
        user_agent: Some("Mozilla/5.0".into()),
    }
}

#[tokio::test]
async fn grants_and_withdrawals_form_an_ordered_ledger_and_set_the_region() {
    on_each_backend(|db, _| async move {
        let repo = SqlConsentRepository::new(db.clone());
        let u = user(&db, "a@example.in").await;
        assert_eq!(repo.stored_region(&u).await.unwrap(), None);
        assert!(repo.events(&u).await.unwrap().is_empty());

        let g = grant(&u, Region::India);
        repo.record_grant(&g).await.unwrap();
        assert_eq!(repo.stored_region(&u).await.unwrap(), Some(Region::India));
        let at = Utc::now().trunc_subsecs(6);
        repo.record_withdrawal(&u, at, at + Duration::days(30)).await.unwrap();

        let events = repo.events(&u).await.unwrap();
        assert_eq!(events.len(), 2);
        assert_eq!(events[0], ConsentEvent::Granted(g));
        assert_eq!(events[1], ConsentEvent::Withdrawn { at, erase_by: at + Duration::days(30) });
        let other = user(&db, "b@example.in").await;
        assert!(repo.events(&other).await.unwrap().is_empty());
    })
    .await;
}

#[tokio::test]
async fn erasure_removes_only_that_users_health_data_when_due_and_keeps_the_ledger() {
    on_each_backend(|db, _| async move {
        let repo = SqlConsentRepository::new(db.clone());
        let a = user(&db, "a@example.in").await;
        let b = user(&db, "b@example.in").await;
        add_report_with_result(&db, &a).await;
        add_report_with_result(&db, &b).await;
        repo.record_grant(&grant(&a, Region::India)).await.unwrap();
        let t0 = Utc::now();
        repo.record_withdrawal(&a, t0, t0 + Duration::days(30)).await.unwrap();

        assert!(repo.erasures_due(t0 + Duration::days(29)).await.unwrap().is_empty());
        let due = repo.erasures_due(t0 + Duration::days(30)).await.unwrap();
        assert_eq!(due, vec![a.clone()]);

        repo.erase_health_data(&a, t0 + Duration::days(30)).await.unwrap();
        // Running it again (a resumed job) is harmless.
        repo.erase_health_data(&a, t0 + Duration::days(30)).await.unwrap();
        assert_eq!(count(&db, &format!("SELECT COUNT(*) FROM reports WHERE user_id = '{a}'")).await, 0);
        assert_eq!(count(&db, "SELECT COUNT(*) FROM lab_results").await, 1, "B's result stays");
        assert_eq!(count(&db, &format!("SELECT COUNT(*) FROM reports WHERE user_id = '{b}'")).await, 1);
        assert!(
            repo.erasures_due(t0 + Duration::days(31)).await.unwrap().is_empty(),
            "done erasures are not due again"
        );
        assert_eq!(repo.events(&a).await.unwrap().len(), 2, "the consent ledger is kept");
    })
    .await;
}

#[tokio::test]
async fn the_audit_log_lists_a_users_entries_newest_first() {
    on_each_backend(|db, _| async move {
        let log = SqlAuditLog::new(db.clone());
        let a = user(&db, "a@example.in").await;
        let b = user(&db, "b@example.in").await;
        let t = Utc::now().trunc_subsecs(6);
        for (who, action) in [(&a, AuditAction::SignIn), (&b, AuditAction::SignIn), (&a, AuditAction::Export)] {
            log.append(&AuditEntry { user: who.clone(), at: t, action, outcome: "success".into(), subject: None })
                .await
                .unwrap();
        }
        let entries = log.for_user(&a).await.unwrap();
        assert_eq!(
            entries.iter().map(|e| e.action).collect::<Vec<_>>(),
            vec![AuditAction::Export, AuditAction::SignIn]
        );
        assert_eq!(entries[0].at, t);
    })
    .await;
}

#[tokio::test]
async fn foreign_keys_are_enforced_on_every_connection() {
    on_each_backend(|db, _| async move {
        // Several statements so that more than one pooled connection is likely used.
        for _ in 0..4 {
            let orphan = db
                .execute_raw(Statement::from_string(
                    db.get_database_backend(),
                    format!("INSERT INTO lab_results (id, report_id, test_name, value_text) VALUES ('{}', 'missing', 'x', '1')", UserId::random()),
                ))
                .await;
            assert!(orphan.is_err(), "a result without its report must be refused");
        }
    })
    .await;
}
