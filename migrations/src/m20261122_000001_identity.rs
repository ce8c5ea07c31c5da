//! Users, the external identities that sign them in, server-side sessions and pending sign-ins.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
    Email,
    FirstName,
    ProfileImageUrl,
    IsPro,
    UploadsUsed,
    Region,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum UserIdentities {
    Table,
    Issuer,
    Subject,
    UserId,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Sessions {
    Table,
    KeyDigest,
    UserId,
    State,
    ExpiresAt,
}

#[derive(DeriveIden)]
enum LoginStates {
    Table,
    State,
    Nonce,
    PkceVerifier,
    ReturnTo,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Users::Table)
                    .col(string_len(Users::Id, 36).primary_key())
                    .col(string_len(Users::Email, 254))
                    .col(string_len_null(Users::FirstName, 80))
                    .col(text_null(Users::ProfileImageUrl))
                    .col(boolean(Users::IsPro).default(false))
                    .col(integer(Users::UploadsUsed).default(0))
                    .col(string_len_null(Users::Region, 8))
                    .col(timestamp_with_time_zone(Users::CreatedAt))
                    .col(timestamp_with_time_zone(Users::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("idx_users_email").table(Users::Table).col(Users::Email).to_owned())
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(UserIdentities::Table)
                    .col(string_len(UserIdentities::Issuer, 255))
                    .col(string_len(UserIdentities::Subject, 255))
                    .col(string_len(UserIdentities::UserId, 36))
                    .col(timestamp_with_time_zone(UserIdentities::CreatedAt))
                    .primary_key(Index::create().col(UserIdentities::Issuer).col(UserIdentities::Subject))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_user_identities_user")
                            .from(UserIdentities::Table, UserIdentities::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Sessions::Table)
                    .col(string_len(Sessions::KeyDigest, 64).primary_key())
                    .col(string_len_null(Sessions::UserId, 36))
                    .col(text(Sessions::State))
                    .col(timestamp_with_time_zone(Sessions::ExpiresAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_sessions_user")
                            .from(Sessions::Table, Sessions::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_sessions_user").table(Sessions::Table).col(Sessions::UserId).to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(LoginStates::Table)
                    .col(string_len(LoginStates::State, 128).primary_key())
                    .col(string_len(LoginStates::Nonce, 128))
                    .col(string_len(LoginStates::PkceVerifier, 128))
                    .col(text(LoginStates::ReturnTo))
                    .col(timestamp_with_time_zone(LoginStates::CreatedAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(LoginStates::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(Sessions::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(UserIdentities::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(Users::Table).to_owned()).await
    }
}
