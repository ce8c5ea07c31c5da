//! [`ReportRepository`] over sea-orm.

use async_trait::async_trait;
use ht_kernel::{ReportId, UserId};
use ht_reports::{
    Dashboard, DashboardStats, FollowUpExport, ReportExport, ReportRepository, ReportStatus, ReportStoreError,
    ReportSummary, ResultExport,
};
use sea_orm::{
    DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder,
    prelude::*,
    sea_query::{Query, SelectStatement},
};

use crate::entities::{follow_ups, lab_results, reports};
use crate::store_err;

/// Reports in SQL.
#[derive(Clone)]
pub struct SqlReportRepository {
    db: DatabaseConnection,
}

impl SqlReportRepository {
    /// A repository on this pool.
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

fn err(e: DbErr) -> ReportStoreError {
    ReportStoreError(store_err(e))
}

/// `SELECT id FROM reports WHERE user_id = ?`: scopes child tables to one user.
fn reports_of(user: &UserId) -> SelectStatement {
    Query::select()
        .column(reports::Column::Id)
        .from(reports::Entity)
        .and_where(reports::Column::UserId.eq(user.as_str()))
        .to_owned()
}

fn to_summary(m: reports::Model) -> Result<ReportSummary, ReportStoreError> {
    Ok(ReportSummary {
        id: ReportId::parse(&m.id).map_err(|e| ReportStoreError(format!("corrupt report id: {e}")))?,
        file_name: m.file_name,
        uploaded_at: m.uploaded_at,
        status: ReportStatus::parse(&m.status)
            .ok_or_else(|| ReportStoreError(format!("unknown report status {:?}", m.status)))?,
        extracted_text: m.extracted_text,
    })
}

#[async_trait]
impl ReportRepository for SqlReportRepository {
    async fn dashboard(&self, user: &UserId) -> Result<Dashboard, ReportStoreError> {
        let rows = reports::Entity::find()
            .filter(reports::Column::UserId.eq(user.as_str()))
            .order_by_desc(reports::Column::UploadedAt)
            .order_by_desc(reports::Column::Id)
            .all(&self.db)
            .await
            .map_err(err)?;
        let abnormal_count = lab_results::Entity::find()
            .filter(lab_results::Column::ReportId.in_subquery(reports_of(user)))
            .filter(lab_results::Column::Flag.is_not_null())
            .count(&self.db)
            .await
            .map_err(err)?;
        let follow_up_count = follow_ups::Entity::find()
            .filter(follow_ups::Column::ReportId.in_subquery(reports_of(user)))
            .filter(follow_ups::Column::Status.eq("pending"))
            .count(&self.db)
            .await
            .map_err(err)?;
        Ok(Dashboard {
            stats: DashboardStats { reports_count: rows.len() as u64, abnormal_count, follow_up_count },
            reports: rows.into_iter().map(to_summary).collect::<Result<_, _>>()?,
        })
    }

    async fn export(&self, user: &UserId) -> Result<Vec<ReportExport>, ReportStoreError> {
        let rows = reports::Entity::find()
            .filter(reports::Column::UserId.eq(user.as_str()))
            .order_by_desc(reports::Column::UploadedAt)
            .all(&self.db)
            .await
            .map_err(err)?;
        let results = lab_results::Entity::find()
            .filter(lab_results::Column::ReportId.in_subquery(reports_of(user)))
            .order_by_asc(lab_results::Column::Id)
            .all(&self.db)
            .await
            .map_err(err)?;
        let follow_ups = follow_ups::Entity::find()
            .filter(follow_ups::Column::ReportId.in_subquery(reports_of(user)))
            .order_by_asc(follow_ups::Column::DueDate)
            .all(&self.db)
            .await
            .map_err(err)?;
        rows.into_iter()
            .map(|r| {
                let id = r.id.clone();
                Ok(ReportExport {
                    results: results
                        .iter()
                        .filter(|x| x.report_id == id)
                        .map(|x| ResultExport {
                            test_name: x.test_name.clone(),
                            value_text: x.value_text.clone(),
                            value: x.value,
                            unit: x.unit.clone(),
                            reference_low: x.reference_low,
                            reference_high: x.reference_high,
                            flag: x.flag.clone(),
                            severity: x.severity.clone(),
                        })
                        .collect(),
                    follow_ups: follow_ups
                        .iter()
                        .filter(|f| f.report_id == id)
                        .map(|f| FollowUpExport {
                            test_name: f.test_name.clone(),
                            due_date: f.due_date.to_string(),
                            status: f.status.clone(),
                        })
                        .collect(),
                    report: to_summary(r)?,
                })
            })
            .collect()
    }
}
