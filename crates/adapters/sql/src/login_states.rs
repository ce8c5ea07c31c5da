//! [`LoginStateRepository`] over sea-orm.

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use ht_identity::{LoginStateRepository, PendingLogin, RepositoryError};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, DatabaseConnection, EntityTrait, QueryFilter, prelude::*};

use crate::entities::login_states;
use crate::store_err;

/// Pending sign-ins in SQL.
#[derive(Clone)]
pub struct SqlLoginStateRepository {
    db: DatabaseConnection,
}

impl SqlLoginStateRepository {
    /// A repository on this pool.
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }

    /// Deletes pending sign-ins started before `cutoff`.
    ///
    /// # Errors
    /// [`RepositoryError`] when storage fails.
    pub async fn purge_older_than(&self, cutoff: DateTime<Utc>) -> Result<u64, RepositoryError> {
        let res = login_states::Entity::delete_many()
            .filter(login_states::Column::CreatedAt.lt(cutoff))
            .exec(&self.db)
            .await
            .map_err(err)?;
        Ok(res.rows_affected)
    }
}

fn err(e: DbErr) -> RepositoryError {
    RepositoryError(store_err(e))
}

#[async_trait]
impl LoginStateRepository for SqlLoginStateRepository {
    async fn put(&self, p: &PendingLogin) -> Result<(), RepositoryError> {
        login_states::ActiveModel {
            state: Set(p.state.clone()),
            nonce: Set(p.nonce.clone()),
            pkce_verifier: Set(p.pkce_verifier.clone()),
            return_to: Set(p.return_to.clone()),
            created_at: Set(p.created_at),
        }
        .insert(&self.db)
        .await
        .map_err(err)?;
        Ok(())
    }

    async fn take(&self, state: &str) -> Result<Option<PendingLogin>, RepositoryError> {
        let Some(row) = login_states::Entity::find_by_id(state).one(&self.db).await.map_err(err)? else {
            return Ok(None);
        };
        // Only the caller whose delete removed the row may use it: a racing second caller sees 0.
        let deleted = login_states::Entity::delete_by_id(state).exec(&self.db).await.map_err(err)?;
        if deleted.rows_affected != 1 {
            return Ok(None);
        }
        Ok(Some(PendingLogin {
            state: row.state,
            nonce: row.nonce,
            pkce_verifier: row.pkce_verifier,
            return_to: row.return_to,
            created_at: row.created_at,
        }))
    }
}
