//! The consent ledger (append-only), scheduled erasures and the audit trail (append-only).

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum ConsentEvents {
    Table,
    Id,
    UserId,
    Kind,
    Region,
    NoticeVersion,
    Purposes,
    DataCategories,
    Channel,
    UserAgent,
    At,
    EraseBy,
}

#[derive(DeriveIden)]
enum Erasures {
    Table,
    Id,
    UserId,
    DueAt,
    DoneAt,
}

#[derive(DeriveIden)]
enum AuditLog {
    Table,
    Id,
    UserId,
    At,
    Action,
    Outcome,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(ConsentEvents::Table)
                    .col(pk_auto(ConsentEvents::Id))
                    .col(string_len(ConsentEvents::UserId, 36))
                    .col(string_len(ConsentEvents::Kind, 16))
                    .col(string_len_null(ConsentEvents::Region, 8))
                    .col(string_len_null(ConsentEvents::NoticeVersion, 32))
                    .col(text_null(ConsentEvents::Purposes))
                    .col(text_null(ConsentEvents::DataCategories))
                    .col(string_len_null(ConsentEvents::Channel, 16))
                    .col(string_len_null(ConsentEvents::UserAgent, 255))
                    .col(timestamp_with_time_zone(ConsentEvents::At))
                    .col(timestamp_with_time_zone_null(ConsentEvents::EraseBy))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_consent_events_user")
                            .from(ConsentEvents::Table, ConsentEvents::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_consent_events_user")
                    .table(ConsentEvents::Table)
                    .col(ConsentEvents::UserId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Erasures::Table)
                    .col(pk_auto(Erasures::Id))
                    .col(string_len(Erasures::UserId, 36))
                    .col(timestamp_with_time_zone(Erasures::DueAt))
                    .col(timestamp_with_time_zone_null(Erasures::DoneAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_erasures_user")
                            .from(Erasures::Table, Erasures::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_erasures_due").table(Erasures::Table).col(Erasures::DueAt).to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(AuditLog::Table)
                    .col(pk_auto(AuditLog::Id))
                    .col(string_len(AuditLog::UserId, 36))
                    .col(timestamp_with_time_zone(AuditLog::At))
                    .col(string_len(AuditLog::Action, 32))
                    .col(string_len(AuditLog::Outcome, 16))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create().name("idx_audit_log_user").table(AuditLog::Table).col(AuditLog::UserId).to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(AuditLog::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(Erasures::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(ConsentEvents::Table).to_owned()).await
    }
}
