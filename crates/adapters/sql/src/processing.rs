//! The processing side: the durable job queue and what workers read and write.

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use ht_kernel::{ReportId, UserId};
use ht_reports::{
    Advice, Cuisine, DietPreference, Job, JobKind, JobQueue, Preferences, ProcessingStore, ReportSource, ReportStatus,
    ReportStoreError, StoredResult,
};
use sea_orm::{
    ActiveValue::Set, ConnectionTrait, DatabaseConnection, DbBackend, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Statement, TransactionTrait, prelude::*,
};

use crate::entities::{follow_ups, jobs, lab_results, recommendations, reports, users};
use crate::reports::{err, stored_file};

/// Workers' access to reports.
#[derive(Clone)]
pub struct SqlProcessingStore {
    db: DatabaseConnection,
}

impl SqlProcessingStore {
    /// A store on this pool.
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

fn new_id() -> String {
    ReportId::random().to_string()
}

/// Replaces a report's recommendations and follow-ups inside `txn`.
async fn replace_advice(
    txn: &impl ConnectionTrait,
    id: &ReportId,
    advice: &Advice,
    base_date: NaiveDate,
) -> Result<(), ReportStoreError> {
    recommendations::Entity::delete_many()
        .filter(recommendations::Column::ReportId.eq(id.as_str()))
        .exec(txn)
        .await
        .map_err(err)?;
    follow_ups::Entity::delete_many()
        .filter(follow_ups::Column::ReportId.eq(id.as_str()))
        .exec(txn)
        .await
        .map_err(err)?;
    let recs: Vec<recommendations::ActiveModel> = advice
        .recommendations
        .iter()
        .enumerate()
        .map(|(i, r)| recommendations::ActiveModel {
            id: Set(new_id()),
            report_id: Set(id.to_string()),
            position: Set(i32::try_from(i).unwrap_or(i32::MAX)),
            test_name: Set(r.test_name.clone()),
            kind: Set(r.kind.clone()),
            title: Set(r.title.clone()),
            description: Set(r.description.clone()),
            duration: Set(r.duration.clone()),
            icon: Set(r.icon.clone()),
            pro_journey: Set(r.pro_journey.as_ref().map(ToString::to_string)),
        })
        .collect();
    if !recs.is_empty() {
        recommendations::Entity::insert_many(recs).exec(txn).await.map_err(err)?;
    }
    let follow: Vec<follow_ups::ActiveModel> = advice
        .follow_ups
        .iter()
        .map(|f| follow_ups::ActiveModel {
            id: Set(new_id()),
            report_id: Set(id.to_string()),
            test_name: Set(f.test_name.clone()),
            due_date: Set(base_date + chrono::Duration::days(i64::from(f.after_days))),
            status: Set("pending".into()),
        })
        .collect();
    if !follow.is_empty() {
        follow_ups::Entity::insert_many(follow).exec(txn).await.map_err(err)?;
    }
    Ok(())
}

#[async_trait]
impl ProcessingStore for SqlProcessingStore {
    async fn source(&self, id: &ReportId) -> Result<Option<ReportSource>, ReportStoreError> {
        let Some(report) = reports::Entity::find_by_id(id.as_str()).one(&self.db).await.map_err(err)? else {
            return Ok(None);
        };
        let Some(file) = stored_file(&report) else { return Ok(None) };
        let is_pro = users::Entity::find_by_id(report.user_id.as_str())
            .one(&self.db)
            .await
            .map_err(err)?
            .is_some_and(|u| u.is_pro);
        Ok(Some(ReportSource {
            user: UserId::parse(&report.user_id).map_err(|e| ReportStoreError(format!("corrupt user id: {e}")))?,
            is_pro,
            file,
            prefs: Preferences {
                diet: DietPreference::parse_or_default(report.diet_preference.as_deref().unwrap_or("")),
                cuisines: Cuisine::parse_list(report.cuisines.as_deref().unwrap_or("")),
            },
            uploaded_at: report.uploaded_at,
        }))
    }

    async fn save_reading(
        &self,
        id: &ReportId,
        results: &[StoredResult],
        advice: &Advice,
        base_date: NaiveDate,
    ) -> Result<(), ReportStoreError> {
        let txn = self.db.begin().await.map_err(err)?;
        let marked = reports::Entity::update_many()
            .col_expr(reports::Column::Status, Expr::value(ReportStatus::Completed.as_str()))
            .col_expr(reports::Column::ExtractedText, Expr::value(Option::<String>::None))
            .filter(reports::Column::Id.eq(id.as_str()))
            .exec(&txn)
            .await
            .map_err(err)?;
        if marked.rows_affected == 0 {
            // Deleted while it was being read: nothing to keep.
            return Ok(());
        }
        lab_results::Entity::delete_many()
            .filter(lab_results::Column::ReportId.eq(id.as_str()))
            .exec(&txn)
            .await
            .map_err(err)?;
        let rows: Vec<lab_results::ActiveModel> = results
            .iter()
            .enumerate()
            .map(|(i, r)| lab_results::ActiveModel {
                id: Set(new_id()),
                report_id: Set(id.to_string()),
                test_name: Set(truncate(&r.test_name, 255)),
                value_text: Set(truncate(&r.value_text, 255)),
                value: Set(r.value),
                unit: Set(r.unit.as_deref().map(|u| truncate(u, 64))),
                reference_low: Set(r.reference_low),
                reference_high: Set(r.reference_high),
                flag: Set(r.flag.clone()),
                severity: Set(r.severity.clone()),
                canonical: Set(r.canonical.clone()),
                reference_text: Set(r.reference_text.clone()),
                page: Set(r.page.and_then(|p| i32::try_from(p).ok())),
                position: Set(i32::try_from(i).unwrap_or(i32::MAX)),
            })
            .collect();
        // Chunks keep each statement under SQLite's bound-parameter limit.
        for chunk in rows.chunks(200) {
            lab_results::Entity::insert_many(chunk.to_vec()).exec(&txn).await.map_err(err)?;
        }
        replace_advice(&txn, id, advice, base_date).await?;
        txn.commit().await.map_err(err)
    }

    async fn save_advice(&self, id: &ReportId, advice: &Advice, base_date: NaiveDate) -> Result<(), ReportStoreError> {
        let txn = self.db.begin().await.map_err(err)?;
        // A write first (a no-op update that also says whether the report is still there): in
        // SQLite a transaction that reads first cannot write once another connection has.
        let present = reports::Entity::update_many()
            .col_expr(reports::Column::Id, Expr::col(reports::Column::Id))
            .filter(reports::Column::Id.eq(id.as_str()))
            .exec(&txn)
            .await
            .map_err(err)?;
        if present.rows_affected == 0 {
            return Ok(());
        }
        replace_advice(&txn, id, advice, base_date).await?;
        txn.commit().await.map_err(err)
    }

    async fn mark_failed(&self, id: &ReportId, reason: &str) -> Result<(), ReportStoreError> {
        reports::Entity::update_many()
            .col_expr(reports::Column::Status, Expr::value(ReportStatus::Failed.as_str()))
            .col_expr(reports::Column::ExtractedText, Expr::value(reason))
            .filter(reports::Column::Id.eq(id.as_str()))
            .exec(&self.db)
            .await
            .map_err(err)?;
        Ok(())
    }

    async fn results(&self, id: &ReportId) -> Result<Vec<StoredResult>, ReportStoreError> {
        let rows = lab_results::Entity::find()
            .filter(lab_results::Column::ReportId.eq(id.as_str()))
            .order_by_asc(lab_results::Column::Position)
            .all(&self.db)
            .await
            .map_err(err)?;
        Ok(rows
            .into_iter()
            .map(|x| StoredResult {
                test_name: x.test_name,
                canonical: x.canonical,
                value_text: x.value_text,
                value: x.value,
                unit: x.unit,
                reference_low: x.reference_low,
                reference_high: x.reference_high,
                reference_text: x.reference_text,
                flag: x.flag,
                severity: x.severity,
                page: x.page.and_then(|p| u32::try_from(p).ok()),
            })
            .collect())
    }

    async fn completed_reports(&self, user: &UserId) -> Result<Vec<ReportId>, ReportStoreError> {
        let ids: Vec<String> = reports::Entity::find()
            .select_only()
            .column(reports::Column::Id)
            .filter(reports::Column::UserId.eq(user.as_str()))
            .filter(reports::Column::Status.eq(ReportStatus::Completed.as_str()))
            .into_tuple()
            .all(&self.db)
            .await
            .map_err(err)?;
        ids.iter()
            .map(|i| ReportId::parse(i).map_err(|e| ReportStoreError(format!("corrupt report id: {e}"))))
            .collect()
    }

    async fn storage_key_in_use(&self, key: &str) -> Result<bool, ReportStoreError> {
        Ok(reports::Entity::find()
            .filter(reports::Column::StorageKey.eq(key))
            .one(&self.db)
            .await
            .map_err(err)?
            .is_some())
    }
}

fn truncate(s: &str, max: usize) -> String {
    let mut out = s.to_string();
    while out.len() > max {
        out.pop();
    }
    out
}

/// The job queue in SQL.
#[derive(Clone)]
pub struct SqlJobQueue {
    db: DatabaseConnection,
}

impl SqlJobQueue {
    /// A queue on this pool.
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

#[async_trait]
impl JobQueue for SqlJobQueue {
    async fn claim(&self, now: DateTime<Utc>, lease_until: DateTime<Utc>) -> Result<Option<Job>, ReportStoreError> {
        let backend = self.db.get_database_backend();
        // PostgreSQL: SKIP LOCKED lets several instances claim different jobs at once.
        // SQLite has one writer, so the UPDATE alone is atomic.
        let lock = if backend == DbBackend::Postgres { "FOR UPDATE SKIP LOCKED" } else { "" };
        let sql = format!(
            "UPDATE jobs SET locked_until = $1, attempts = attempts + 1 \
             WHERE id = (SELECT id FROM jobs WHERE run_after <= $2 AND (locked_until IS NULL OR locked_until < $2) \
                         ORDER BY run_after, created_at LIMIT 1 {lock}) \
             RETURNING id, kind, user_id, report_id, payload, attempts"
        );
        let row = self
            .db
            .query_one_raw(Statement::from_sql_and_values(backend, sql, [lease_until.into(), now.into()]))
            .await
            .map_err(err)?;
        let Some(row) = row else { return Ok(None) };
        let id: String = row.try_get("", "id").map_err(err)?;
        let kind: String = row.try_get("", "kind").map_err(err)?;
        let user: String = row.try_get("", "user_id").map_err(err)?;
        let report: Option<String> = row.try_get("", "report_id").map_err(err)?;
        let payload: String = row.try_get("", "payload").map_err(err)?;
        let attempts: i32 = row.try_get("", "attempts").map_err(err)?;
        let corrupt = |what: &str| ReportStoreError(format!("corrupt job {id}: {what}"));
        let kind = match kind.as_str() {
            "analyze" => {
                JobKind::Analyze(report.and_then(|r| ReportId::parse(&r).ok()).ok_or_else(|| corrupt("report id"))?)
            }
            "reprocess" => {
                JobKind::Reprocess(UserId::parse(&user).map_err(|_| corrupt("user id"))?, Preferences::decode(&payload))
            }
            other => return Err(corrupt(other)),
        };
        Ok(Some(Job { id, kind, attempts: u32::try_from(attempts).unwrap_or(0) }))
    }

    async fn extend(&self, job: &str, lease_until: DateTime<Utc>) -> Result<(), ReportStoreError> {
        jobs::Entity::update_many()
            .col_expr(jobs::Column::LockedUntil, Expr::value(lease_until))
            .filter(jobs::Column::Id.eq(job))
            .exec(&self.db)
            .await
            .map_err(err)?;
        Ok(())
    }

    async fn complete(&self, job: &str) -> Result<(), ReportStoreError> {
        jobs::Entity::delete_by_id(job).exec(&self.db).await.map_err(err)?;
        Ok(())
    }

    async fn retry(&self, job: &str, at: DateTime<Utc>, error: &str) -> Result<(), ReportStoreError> {
        jobs::Entity::update_many()
            .col_expr(jobs::Column::LockedUntil, Expr::value(Option::<DateTime<Utc>>::None))
            .col_expr(jobs::Column::RunAfter, Expr::value(at))
            .col_expr(jobs::Column::LastError, Expr::value(error))
            .filter(jobs::Column::Id.eq(job))
            .exec(&self.db)
            .await
            .map_err(err)?;
        Ok(())
    }
}
