//! Sign-in rules: which account an external identity belongs to.

use std::sync::Arc;

use ht_kernel::UserId;

use crate::model::{ExternalIdentity, User};
use crate::ports::{RepositoryError, UserRepository};

/// Issuer of identities proved by the offline development sign-in form.
pub const DEV_ISSUER: &str = "urn:healthtracker:dev";

/// Why a sign-in could not be completed.
#[derive(Debug, thiserror::Error)]
pub enum SignInError {
    /// Storage failed.
    #[error(transparent)]
    Repository(#[from] RepositoryError),
}

/// Finds or creates the account for a verified identity.
#[derive(Clone)]
pub struct IdentityService {
    users: Arc<dyn UserRepository>,
}

impl IdentityService {
    /// A service over the given user store.
    pub fn new(users: Arc<dyn UserRepository>) -> Self {
        Self { users }
    }

    /// Signs in: accounts are keyed by `(issuer, subject)`; an unknown identity links to an
    /// existing account by email only when the provider verified that email; otherwise a new
    /// account is created. The profile is refreshed from the identity each time.
    ///
    /// # Errors
    /// [`SignInError::Repository`] when storage fails.
    pub async fn sign_in(&self, identity: &ExternalIdentity) -> Result<User, SignInError> {
        if let Some(user) = self.users.find_by_identity(&identity.issuer, &identity.subject).await? {
            return Ok(self.users.update_profile(&user.id, identity).await?);
        }
        if identity.email_verified
            && let Some(user) = self.users.find_by_email(identity.email.as_str()).await?
        {
            self.users.link_identity(&user.id, identity).await?;
            return Ok(self.users.update_profile(&user.id, identity).await?);
        }
        Ok(self.users.create_with_identity(identity).await?)
    }

    /// The user behind a session, if the account still exists.
    ///
    /// # Errors
    /// [`SignInError::Repository`] when storage fails.
    pub async fn current_user(&self, id: &UserId) -> Result<Option<User>, SignInError> {
        Ok(self.users.find_by_id(id).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::EmailAddress;
    use crate::ports::MockUserRepository;
    use mockall::predicate::eq;

    fn identity(verified: bool) -> ExternalIdentity {
        ExternalIdentity {
            issuer: "https://issuer.test".into(),
            subject: "sub-1".into(),
            email: EmailAddress::parse("asha@example.in").unwrap(),
            email_verified: verified,
            first_name: None,
            picture: None,
        }
    }

    fn user(id: &UserId) -> User {
        User {
            id: id.clone(),
            email: "asha@example.in".into(),
            first_name: None,
            profile_image_url: None,
            is_pro: false,
            uploads_used: 0,
        }
    }

    #[tokio::test]
    async fn known_identity_signs_in_to_its_own_account() {
        let id = UserId::random();
        let mut repo = MockUserRepository::new();
        let found = user(&id);
        repo.expect_find_by_identity().returning(move |_, _| Ok(Some(found.clone())));
        repo.expect_find_by_email().never();
        repo.expect_create_with_identity().never();
        let updated = user(&id);
        repo.expect_update_profile()
            .with(eq(id.clone()), mockall::predicate::always())
            .returning(move |_, _| Ok(updated.clone()));
        let got = IdentityService::new(Arc::new(repo)).sign_in(&identity(false)).await.unwrap();
        assert_eq!(got.id, id);
    }

    #[tokio::test]
    async fn unverified_email_never_links_to_an_existing_account() {
        let mut repo = MockUserRepository::new();
        repo.expect_find_by_identity().returning(|_, _| Ok(None));
        repo.expect_find_by_email().never();
        repo.expect_link_identity().never();
        let created = user(&UserId::random());
        let created_id = created.id.clone();
        repo.expect_create_with_identity().times(1).returning(move |_| Ok(created.clone()));
        let got = IdentityService::new(Arc::new(repo)).sign_in(&identity(false)).await.unwrap();
        assert_eq!(got.id, created_id);
    }

    #[tokio::test]
    async fn verified_email_links_a_new_identity_to_the_existing_account() {
        let id = UserId::random();
        let mut repo = MockUserRepository::new();
        repo.expect_find_by_identity().returning(|_, _| Ok(None));
        let existing = user(&id);
        repo.expect_find_by_email().with(eq("asha@example.in")).returning(move |_| Ok(Some(existing.clone())));
        repo.expect_link_identity()
            .with(eq(id.clone()), mockall::predicate::always())
            .times(1)
            .returning(|_, _| Ok(()));
        let updated = user(&id);
        repo.expect_update_profile().returning(move |_, _| Ok(updated.clone()));
        repo.expect_create_with_identity().never();
        let got = IdentityService::new(Arc::new(repo)).sign_in(&identity(true)).await.unwrap();
        assert_eq!(got.id, id);
    }

    #[tokio::test]
    async fn storage_failure_is_reported() {
        let mut repo = MockUserRepository::new();
        repo.expect_find_by_identity().returning(|_, _| Err(RepositoryError("down".into())));
        let err = IdentityService::new(Arc::new(repo)).sign_in(&identity(true)).await.unwrap_err();
        assert!(matches!(err, SignInError::Repository(_)));
    }
}
