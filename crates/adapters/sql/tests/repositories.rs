//! Every repository, on a fresh SQLite database and a fresh PostgreSQL database.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::{Duration, NaiveDate, SubsecRound, Utc};
use ht_identity::{
    EmailAddress, ExternalIdentity, FirstName, LoginStateRepository, PendingLogin, SessionRecord, SessionRepository,
    UserRepository,
};
use ht_kernel::UserId;
use ht_reports::{ReportRepository, ReportStatus};
use ht_sql::testing::{SeedResult, on_each_backend, seed_report, seed_result};
use ht_sql::{SqlLoginStateRepository, SqlReportRepository, SqlSessionRepository, SqlUserRepository, migrate};
use sea_orm::{ConnectionTrait, DatabaseConnection, Statement};

fn identity(subject: &str, email: &str, verified: bool) -> ExternalIdentity {
    ExternalIdentity {
        issuer: "https://issuer.test".into(),
        subject: subject.into(),
        email: EmailAddress::parse(email).unwrap(),
        email_verified: verified,
        first_name: Some(FirstName::parse("Asha").unwrap()),
        picture: None,
    }
}

#[tokio::test]
async fn migrations_run_twice_without_error() {
    on_each_backend(|db, _| async move {
        // TestDatabase already migrated once; a second and third run must be no-ops.
        migrate(&db).await.unwrap();
        migrate(&db).await.unwrap();
    })
    .await;
}

#[tokio::test]
async fn users_are_found_by_identity_and_email_and_profiles_refresh() {
    on_each_backend(|db, _| async move {
        let repo = SqlUserRepository::new(db);
        let id = identity("sub-1", "asha@example.in", true);
        let created = repo.create_with_identity(&id).await.unwrap();
        assert_eq!(created.email, "asha@example.in");
        assert_eq!(created.first_name.as_deref(), Some("Asha"));
        assert!(!created.is_pro);
        assert_eq!(created.uploads_used, 0);

        let found = repo.find_by_identity("https://issuer.test", "sub-1").await.unwrap().unwrap();
        assert_eq!(found.id, created.id);
        assert!(repo.find_by_identity("https://other.test", "sub-1").await.unwrap().is_none());
        assert_eq!(repo.find_by_email("asha@example.in").await.unwrap().unwrap().id, created.id);
        assert_eq!(repo.find_by_id(&created.id).await.unwrap().unwrap().id, created.id);
        assert!(repo.find_by_id(&UserId::random()).await.unwrap().is_none());

        let mut renamed = identity("sub-1", "asha.new@example.in", true);
        renamed.first_name = Some(FirstName::parse("Asha R").unwrap());
        renamed.picture = Some("https://img.test/a.png".into());
        let updated = repo.update_profile(&created.id, &renamed).await.unwrap();
        assert_eq!(updated.email, "asha.new@example.in");
        assert_eq!(updated.first_name.as_deref(), Some("Asha R"));
        assert_eq!(updated.profile_image_url.as_deref(), Some("https://img.test/a.png"));

        repo.link_identity(&created.id, &identity("sub-2", "asha@example.in", true)).await.unwrap();
        assert_eq!(repo.find_by_identity("https://issuer.test", "sub-2").await.unwrap().unwrap().id, created.id);
        // The same (issuer, subject) cannot belong to two accounts.
        assert!(repo.create_with_identity(&id).await.is_err());
    })
    .await;
}

#[tokio::test]
async fn sessions_expire_update_and_are_revoked_per_user() {
    on_each_backend(|db, _| async move {
        let users = SqlUserRepository::new(db.clone());
        let user = users.create_with_identity(&identity("s", "s@example.in", true)).await.unwrap();
        let repo = SqlSessionRepository::new(db);
        let now = Utc::now();
        let record = |key: &str, user: Option<UserId>, ttl: Duration| SessionRecord {
            key_digest: key.into(),
            user_id: user,
            state: "{}".into(),
            expires_at: now + ttl,
        };
        repo.insert(&record("a", Some(user.id.clone()), Duration::hours(1))).await.unwrap();
        repo.insert(&record("b", Some(user.id.clone()), Duration::hours(1))).await.unwrap();
        repo.insert(&record("anon", None, Duration::hours(1))).await.unwrap();
        repo.insert(&record("old", None, Duration::hours(-1))).await.unwrap();

        assert_eq!(repo.load("a", now).await.unwrap().unwrap().user_id, Some(user.id.clone()));
        assert!(repo.load("old", now).await.unwrap().is_none(), "expired sessions do not load");
        assert!(repo.load("missing", now).await.unwrap().is_none());

        let mut changed = record("anon", Some(user.id.clone()), Duration::hours(2));
        changed.state = r#"{"k":"v"}"#.into();
        assert!(repo.update(&changed).await.unwrap());
        assert_eq!(repo.load("anon", now).await.unwrap().unwrap().state, r#"{"k":"v"}"#);
        assert!(!repo.update(&record("gone", None, Duration::hours(1))).await.unwrap());

        repo.touch("a", now - Duration::seconds(1)).await.unwrap();
        assert!(repo.load("a", now).await.unwrap().is_none(), "touch moves the expiry");

        repo.delete("b").await.unwrap();
        assert!(repo.load("b", now).await.unwrap().is_none());

        assert_eq!(repo.delete_for_user(&user.id).await.unwrap(), 2, "a and anon belonged to the user");
        assert!(repo.load("anon", now).await.unwrap().is_none());
        assert_eq!(repo.purge_expired(now).await.unwrap(), 1, "only 'old' was left and expired");
    })
    .await;
}

#[tokio::test]
async fn a_pending_login_can_be_taken_only_once() {
    on_each_backend(|db, _| async move {
        let repo = SqlLoginStateRepository::new(db);
        let pending = PendingLogin {
            state: "st".into(),
            nonce: "n".into(),
            pkce_verifier: "v".into(),
            return_to: "/dashboard".into(),
            // Databases keep microseconds.
            created_at: Utc::now().trunc_subsecs(6),
        };
        repo.put(&pending).await.unwrap();
        let (a, b) = tokio::join!(repo.take("st"), repo.take("st"));
        let taken: Vec<_> = [a.unwrap(), b.unwrap()].into_iter().flatten().collect();
        assert_eq!(taken, vec![pending]);
        assert!(repo.take("st").await.unwrap().is_none());
        assert!(repo.take("never").await.unwrap().is_none());
    })
    .await;
}

async fn exec(db: &DatabaseConnection, sql: &str, values: Vec<sea_orm::Value>) {
    db.execute_raw(Statement::from_sql_and_values(db.get_database_backend(), sql, values)).await.unwrap();
}

#[tokio::test]
async fn dashboard_counts_only_the_users_own_rows_newest_first() {
    on_each_backend(|db, _| async move {
        let users = SqlUserRepository::new(db.clone());
        let a = users.create_with_identity(&identity("a", "a@example.in", true)).await.unwrap().id;
        let b = users.create_with_identity(&identity("b", "b@example.in", true)).await.unwrap().id;
        let repo = SqlReportRepository::new(db.clone());

        let empty = repo.dashboard(&a).await.unwrap();
        assert_eq!((empty.stats.reports_count, empty.stats.abnormal_count, empty.stats.follow_up_count), (0, 0, 0));
        assert!(empty.reports.is_empty());

        let t = Utc::now();
        let r1 = seed_report(&db, &a, "r1.pdf", t - Duration::hours(2), "completed").await;
        let r2 = seed_report(&db, &a, "r2.pdf", t - Duration::hours(1), "failed").await;
        let rb = seed_report(&db, &b, "rb.pdf", t, "completed").await;
        for (report, flag) in [(&r1, Some("high")), (&r1, None), (&r1, Some("low")), (&rb, Some("high"))] {
            let row = SeedResult { test_name: "Hb", value_text: "1", value: Some(1.0), unit: None, flag };
            seed_result(&db, report, row).await;
        }
        let fu = "INSERT INTO follow_ups (id, report_id, test_name, due_date, status) VALUES ($1, $2, $3, $4, $5)";
        let due = NaiveDate::from_ymd_opt(2027, 1, 1).unwrap();
        for (report, status) in [(&r1, "pending"), (&r1, "completed"), (&rb, "pending")] {
            exec(
                &db,
                fu,
                vec![
                    UserId::random().to_string().into(),
                    report.clone().into(),
                    "Hb".into(),
                    due.into(),
                    status.into(),
                ],
            )
            .await;
        }

        let dash = repo.dashboard(&a).await.unwrap();
        assert_eq!(dash.stats.reports_count, 2);
        assert_eq!(dash.stats.abnormal_count, 2);
        assert_eq!(dash.stats.follow_up_count, 1);
        let ids: Vec<_> = dash.reports.iter().map(|r| r.id.to_string()).collect();
        assert_eq!(ids, vec![r2.clone(), r1.clone()], "newest first, only A's");
        assert_eq!(dash.reports[0].status, ReportStatus::Failed);
        assert_eq!(dash.reports[0].extracted_text.as_deref(), Some("This file could not be read: encrypted PDF"));
    })
    .await;
}
