//! [`UserRepository`] over sea-orm.

use async_trait::async_trait;
use chrono::Utc;
use ht_identity::{ExternalIdentity, RepositoryError, User, UserRepository};
use ht_kernel::UserId;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, DatabaseConnection, EntityTrait, QueryFilter, TransactionTrait, prelude::*,
};

use crate::entities::{user_identities, users};
use crate::store_err;

/// Users and their linked identities in SQL.
#[derive(Clone)]
pub struct SqlUserRepository {
    db: DatabaseConnection,
}

impl SqlUserRepository {
    /// A repository on this pool.
    pub fn new(db: DatabaseConnection) -> Self {
        Self { db }
    }
}

fn to_domain(m: users::Model) -> Result<User, RepositoryError> {
    Ok(User {
        id: UserId::parse(&m.id).map_err(|e| RepositoryError(format!("corrupt user id: {e}")))?,
        email: m.email,
        first_name: m.first_name,
        profile_image_url: m.profile_image_url,
        is_pro: m.is_pro,
        uploads_used: u32::try_from(m.uploads_used).unwrap_or(0),
    })
}

fn err(e: DbErr) -> RepositoryError {
    RepositoryError(store_err(e))
}

#[async_trait]
impl UserRepository for SqlUserRepository {
    async fn find_by_identity(&self, issuer: &str, subject: &str) -> Result<Option<User>, RepositoryError> {
        let Some(link) = user_identities::Entity::find_by_id((issuer.to_string(), subject.to_string()))
            .one(&self.db)
            .await
            .map_err(err)?
        else {
            return Ok(None);
        };
        users::Entity::find_by_id(link.user_id).one(&self.db).await.map_err(err)?.map(to_domain).transpose()
    }

    async fn find_by_email(&self, email: &str) -> Result<Option<User>, RepositoryError> {
        users::Entity::find()
            .filter(users::Column::Email.eq(email))
            .one(&self.db)
            .await
            .map_err(err)?
            .map(to_domain)
            .transpose()
    }

    async fn find_by_id(&self, id: &UserId) -> Result<Option<User>, RepositoryError> {
        users::Entity::find_by_id(id.as_str()).one(&self.db).await.map_err(err)?.map(to_domain).transpose()
    }

    async fn create_with_identity(&self, identity: &ExternalIdentity) -> Result<User, RepositoryError> {
        let now = Utc::now();
        let id = UserId::random();
        let txn = self.db.begin().await.map_err(err)?;
        let user = users::ActiveModel {
            id: Set(id.to_string()),
            email: Set(identity.email.as_str().to_string()),
            first_name: Set(identity.first_name.as_ref().map(|n| n.as_str().to_string())),
            profile_image_url: Set(identity.picture.clone()),
            is_pro: Set(false),
            uploads_used: Set(0),
            region: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
        }
        .insert(&txn)
        .await
        .map_err(err)?;
        user_identities::ActiveModel {
            issuer: Set(identity.issuer.clone()),
            subject: Set(identity.subject.clone()),
            user_id: Set(id.to_string()),
            created_at: Set(now),
        }
        .insert(&txn)
        .await
        .map_err(err)?;
        txn.commit().await.map_err(err)?;
        to_domain(user)
    }

    async fn link_identity(&self, user: &UserId, identity: &ExternalIdentity) -> Result<(), RepositoryError> {
        user_identities::ActiveModel {
            issuer: Set(identity.issuer.clone()),
            subject: Set(identity.subject.clone()),
            user_id: Set(user.to_string()),
            created_at: Set(Utc::now()),
        }
        .insert(&self.db)
        .await
        .map_err(err)?;
        Ok(())
    }

    async fn update_profile(&self, user: &UserId, identity: &ExternalIdentity) -> Result<User, RepositoryError> {
        let mut active: users::ActiveModel = users::Entity::find_by_id(user.as_str())
            .one(&self.db)
            .await
            .map_err(err)?
            .ok_or_else(|| RepositoryError("user vanished during sign-in".into()))?
            .into();
        active.email = Set(identity.email.as_str().to_string());
        if let Some(name) = &identity.first_name {
            active.first_name = Set(Some(name.as_str().to_string()));
        }
        if let Some(picture) = &identity.picture {
            active.profile_image_url = Set(Some(picture.clone()));
        }
        active.updated_at = Set(Utc::now());
        to_domain(active.update(&self.db).await.map_err(err)?)
    }
}
