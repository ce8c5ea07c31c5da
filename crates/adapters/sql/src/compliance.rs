//! [`ConsentRepository`] and [`AuditLog`] over sea-orm: both tables are only ever appended to,
//! except that an erasure is marked done.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use ht_compliance::{
    AuditAction, AuditEntry, AuditLog, ComplianceStoreError, ConsentEvent, ConsentGrant, ConsentRepository,
};
use ht_kernel::{Region, UserId};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
    TransactionTrait, prelude::*, sea_query::Expr,
};

use crate::entities::{audit_log, consent_events, erasures, follow_ups, lab_results, reports, users};
use crate::store_err;

fn err(e: impl std::fmt::Display) -> ComplianceStoreError {
    ComplianceStoreError(store_err(e))
}

/// The consent ledger and erasure schedule in SQL.
#[derive(Clone)]
pub struct SqlConsentRepository {
    db: DatabaseConnection,
}

impl SqlConsentRepository {
    /// A repository on this pool.
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

fn to_event(m: consent_events::Model) -> Result<ConsentEvent, ComplianceStoreError> {
    let list = |s: Option<String>| -> Result<Vec<String>, ComplianceStoreError> {
        s.map_or(Ok(vec![]), |s| serde_json::from_str(&s).map_err(err))
    };
    match m.kind.as_str() {
        "granted" => Ok(ConsentEvent::Granted(ConsentGrant {
            user: UserId::parse(&m.user_id).map_err(err)?,
            region: m.region.as_deref().and_then(Region::from_code).ok_or_else(|| err("consent without a region"))?,
            notice_version: m.notice_version.unwrap_or_default(),
            purposes: list(m.purposes)?,
            data_categories: list(m.data_categories)?,
            granted_at: m.at,
            channel: m.channel.unwrap_or_default(),
            user_agent: m.user_agent,
        })),
        "withdrawn" => Ok(ConsentEvent::Withdrawn { at: m.at, erase_by: m.erase_by.unwrap_or(m.at) }),
        other => Err(err(format!("unknown consent event {other:?}"))),
    }
}

#[async_trait]
impl ConsentRepository for SqlConsentRepository {
    async fn record_grant(&self, g: &ConsentGrant) -> Result<(), ComplianceStoreError> {
        let txn = self.db.begin().await.map_err(err)?;
        consent_events::ActiveModel {
            user_id: Set(g.user.to_string()),
            kind: Set("granted".into()),
            region: Set(Some(g.region.code().into())),
            notice_version: Set(Some(g.notice_version.clone())),
            purposes: Set(Some(serde_json::to_string(&g.purposes).map_err(err)?)),
            data_categories: Set(Some(serde_json::to_string(&g.data_categories).map_err(err)?)),
            channel: Set(Some(g.channel.clone())),
            user_agent: Set(g.user_agent.clone()),
            at: Set(g.granted_at),
            erase_by: Set(None),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .map_err(err)?;
        users::Entity::update_many()
            .col_expr(users::Column::Region, Expr::value(g.region.code()))
            .filter(users::Column::Id.eq(g.user.as_str()))
            .exec(&txn)
            .await
            .map_err(err)?;
        txn.commit().await.map_err(err)
    }

    async fn record_withdrawal(
        &self,
        user: &UserId,
        at: DateTime<Utc>,
        erase_by: DateTime<Utc>,
    ) -> Result<(), ComplianceStoreError> {
        let txn = self.db.begin().await.map_err(err)?;
        consent_events::ActiveModel {
            user_id: Set(user.to_string()),
            kind: Set("withdrawn".into()),
            at: Set(at),
            erase_by: Set(Some(erase_by)),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .map_err(err)?;
        erasures::ActiveModel {
            user_id: Set(user.to_string()),
            due_at: Set(erase_by),
            done_at: Set(None),
            ..Default::default()
        }
        .insert(&txn)
        .await
        .map_err(err)?;
        txn.commit().await.map_err(err)
    }

    async fn events(&self, user: &UserId) -> Result<Vec<ConsentEvent>, ComplianceStoreError> {
        consent_events::Entity::find()
            .filter(consent_events::Column::UserId.eq(user.as_str()))
            .order_by_asc(consent_events::Column::Id)
            .all(&self.db)
            .await
            .map_err(err)?
            .into_iter()
            .map(to_event)
            .collect()
    }

    async fn stored_region(&self, user: &UserId) -> Result<Option<Region>, ComplianceStoreError> {
        Ok(users::Entity::find_by_id(user.as_str())
            .one(&self.db)
            .await
            .map_err(err)?
            .and_then(|u| u.region)
            .and_then(|r| Region::from_code(&r)))
    }

    async fn erasures_due(&self, now: DateTime<Utc>) -> Result<Vec<UserId>, ComplianceStoreError> {
        let rows: Vec<String> = erasures::Entity::find()
            .select_only()
            .column(erasures::Column::UserId)
            .distinct()
            .filter(erasures::Column::DoneAt.is_null())
            .filter(erasures::Column::DueAt.lte(now))
            .into_tuple()
            .all(&self.db)
            .await
            .map_err(err)?;
        rows.iter().map(|u| UserId::parse(u).map_err(err)).collect()
    }

    async fn erase_health_data(&self, user: &UserId, now: DateTime<Utc>) -> Result<(), ComplianceStoreError> {
        let txn = self.db.begin().await.map_err(err)?;
        let owned = sea_orm::sea_query::Query::select()
            .column(reports::Column::Id)
            .from(reports::Entity)
            .and_where(reports::Column::UserId.eq(user.as_str()))
            .to_owned();
        lab_results::Entity::delete_many()
            .filter(lab_results::Column::ReportId.in_subquery(owned.clone()))
            .exec(&txn)
            .await
            .map_err(err)?;
        follow_ups::Entity::delete_many()
            .filter(follow_ups::Column::ReportId.in_subquery(owned))
            .exec(&txn)
            .await
            .map_err(err)?;
        reports::Entity::delete_many()
            .filter(reports::Column::UserId.eq(user.as_str()))
            .exec(&txn)
            .await
            .map_err(err)?;
        erasures::Entity::update_many()
            .col_expr(erasures::Column::DoneAt, Expr::value(now))
            .filter(erasures::Column::UserId.eq(user.as_str()))
            .filter(erasures::Column::DoneAt.is_null())
            .filter(erasures::Column::DueAt.lte(now))
            .exec(&txn)
            .await
            .map_err(err)?;
        txn.commit().await.map_err(err)
    }
}

/// The audit trail in SQL.
#[derive(Clone)]
pub struct SqlAuditLog {
    db: DatabaseConnection,
}

impl SqlAuditLog {
    /// A log on this pool.
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

#[async_trait]
impl AuditLog for SqlAuditLog {
    async fn append(&self, e: &AuditEntry) -> Result<(), ComplianceStoreError> {
        audit_log::ActiveModel {
            user_id: Set(e.user.to_string()),
            at: Set(e.at),
            action: Set(e.action.as_str().into()),
            outcome: Set(e.outcome.clone()),
            subject: Set(e.subject.clone()),
            ..Default::default()
        }
        .insert(&self.db)
        .await
        .map_err(err)?;
        Ok(())
    }

    async fn for_user(&self, user: &UserId) -> Result<Vec<AuditEntry>, ComplianceStoreError> {
        audit_log::Entity::find()
            .filter(audit_log::Column::UserId.eq(user.as_str()))
            .order_by_desc(audit_log::Column::Id)
            .all(&self.db)
            .await
            .map_err(err)?
            .into_iter()
            .map(|m| {
                Ok(AuditEntry {
                    user: user.clone(),
                    at: m.at,
                    action: AuditAction::parse(&m.action)
                        .ok_or_else(|| err(format!("unknown action {:?}", m.action)))?,
                    outcome: m.outcome,
                    subject: m.subject,
                })
            })
            .collect()
    }
}
