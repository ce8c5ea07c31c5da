//! [`SessionRepository`] over sea-orm.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use ht_identity::{RepositoryError, SessionRecord, SessionRepository};
use ht_kernel::UserId;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, DatabaseConnection, EntityTrait, QueryFilter, prelude::*, sea_query::Expr,
};

use crate::entities::sessions;
use crate::store_err;

/// Server-side sessions in SQL.
#[derive(Clone)]
pub struct SqlSessionRepository {
    db: DatabaseConnection,
}

impl SqlSessionRepository {
    /// A repository on this pool.
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }

    /// Deletes sessions that expired before `now`; returns how many.
    ///
    /// # Errors
    /// [`RepositoryError`] when storage fails.
    pub async fn purge_expired(&self, now: DateTime<Utc>) -> Result<u64, RepositoryError> {
        let res = sessions::Entity::delete_many()
            .filter(sessions::Column::ExpiresAt.lte(now))
            .exec(&self.db)
            .await
            .map_err(err)?;
        Ok(res.rows_affected)
    }
}

fn err(e: DbErr) -> RepositoryError {
    RepositoryError(store_err(e))
}

fn to_domain(m: sessions::Model) -> SessionRecord {
    SessionRecord {
        key_digest: m.key_digest,
        user_id: m.user_id.and_then(|u| UserId::parse(&u).ok()),
        state: m.state,
        expires_at: m.expires_at,
    }
}

#[async_trait]
impl SessionRepository for SqlSessionRepository {
    async fn insert(&self, r: &SessionRecord) -> Result<(), RepositoryError> {
        sessions::ActiveModel {
            key_digest: Set(r.key_digest.clone()),
            user_id: Set(r.user_id.as_ref().map(ToString::to_string)),
            state: Set(r.state.clone()),
            expires_at: Set(r.expires_at),
        }
        .insert(&self.db)
        .await
        .map_err(err)?;
        Ok(())
    }

    async fn load(&self, key_digest: &str, now: DateTime<Utc>) -> Result<Option<SessionRecord>, RepositoryError> {
        Ok(sessions::Entity::find_by_id(key_digest)
            .filter(sessions::Column::ExpiresAt.gt(now))
            .one(&self.db)
            .await
            .map_err(err)?
            .map(to_domain))
    }

    async fn update(&self, r: &SessionRecord) -> Result<bool, RepositoryError> {
        let res = sessions::Entity::update_many()
            .col_expr(sessions::Column::State, Expr::value(r.state.clone()))
            .col_expr(sessions::Column::UserId, Expr::value(r.user_id.as_ref().map(ToString::to_string)))
            .col_expr(sessions::Column::ExpiresAt, Expr::value(r.expires_at))
            .filter(sessions::Column::KeyDigest.eq(r.key_digest.as_str()))
            .exec(&self.db)
            .await
            .map_err(err)?;
        Ok(res.rows_affected == 1)
    }

    async fn touch(&self, key_digest: &str, expires_at: DateTime<Utc>) -> Result<(), RepositoryError> {
        sessions::Entity::update_many()
            .col_expr(sessions::Column::ExpiresAt, Expr::value(expires_at))
            .filter(sessions::Column::KeyDigest.eq(key_digest))
            .exec(&self.db)
            .await
            .map_err(err)?;
        Ok(())
    }

    async fn delete(&self, key_digest: &str) -> Result<(), RepositoryError> {
        sessions::Entity::delete_by_id(key_digest).exec(&self.db).await.map_err(err)?;
        Ok(())
    }

    async fn delete_for_user(&self, user: &UserId) -> Result<u64, RepositoryError> {
        let res = sessions::Entity::delete_many()
            .filter(sessions::Column::UserId.eq(user.as_str()))
            .exec(&self.db)
            .await
            .map_err(err)?;
        Ok(res.rows_affected)
    }
}
