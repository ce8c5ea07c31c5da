//! What the upload lifecycle needs: the stored file and its digest on each report, the reading's
//! extra fields on each result, the advice derived from a report, and a durable job queue.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Reports {
    Table,
    Id,
    UserId,
    Sha256,
    StorageKey,
    ContentType,
    DietPreference,
    Cuisines,
}

#[derive(DeriveIden)]
enum LabResults {
    Table,
    Canonical,
    ReferenceText,
    Page,
    Position,
}

#[derive(DeriveIden)]
enum AuditLog {
    Table,
    Subject,
}

#[derive(DeriveIden)]
enum Recommendations {
    Table,
    Id,
    ReportId,
    Position,
    TestName,
    Kind,
    Title,
    Description,
    Duration,
    Icon,
    ProJourney,
}

#[derive(DeriveIden)]
enum Jobs {
    Table,
    Id,
    Kind,
    UserId,
    ReportId,
    Payload,
    Attempts,
    RunAfter,
    LockedUntil,
    LastError,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite alters one column per statement.
        for col in [
            string_len_null(Reports::Sha256, 64),
            string_len_null(Reports::StorageKey, 255),
            string_len_null(Reports::ContentType, 64),
            string_len_null(Reports::DietPreference, 16),
            string_len_null(Reports::Cuisines, 128),
        ] {
            manager.alter_table(Table::alter().table(Reports::Table).add_column(col).to_owned()).await?;
        }
        // One upload of the same bytes per user: the database decides, so two at once cannot both pass.
        manager
            .create_index(
                Index::create()
                    .name("idx_reports_user_sha256")
                    .table(Reports::Table)
                    .col(Reports::UserId)
                    .col(Reports::Sha256)
                    .unique()
                    .to_owned(),
            )
            .await?;
        for col in [
            string_len_null(LabResults::Canonical, 128),
            text_null(LabResults::ReferenceText),
            integer_null(LabResults::Page),
            integer(LabResults::Position).default(0).to_owned(),
        ] {
            manager.alter_table(Table::alter().table(LabResults::Table).add_column(col).to_owned()).await?;
        }
        manager
            .alter_table(
                Table::alter().table(AuditLog::Table).add_column(string_len_null(AuditLog::Subject, 64)).to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Recommendations::Table)
                    .col(string_len(Recommendations::Id, 36).primary_key())
                    .col(string_len(Recommendations::ReportId, 36))
                    .col(integer(Recommendations::Position))
                    .col(string_len(Recommendations::TestName, 255))
                    .col(string_len(Recommendations::Kind, 16))
                    .col(string_len(Recommendations::Title, 255))
                    .col(text(Recommendations::Description))
                    .col(string_len(Recommendations::Duration, 64))
                    .col(string_len(Recommendations::Icon, 32))
                    .col(text_null(Recommendations::ProJourney))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_recommendations_report")
                            .from(Recommendations::Table, Recommendations::ReportId)
                            .to(Reports::Table, Reports::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_recommendations_report")
                    .table(Recommendations::Table)
                    .col(Recommendations::ReportId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Jobs::Table)
                    .col(string_len(Jobs::Id, 36).primary_key())
                    .col(string_len(Jobs::Kind, 16))
                    .col(string_len(Jobs::UserId, 36))
                    .col(string_len_null(Jobs::ReportId, 36))
                    .col(text(Jobs::Payload))
                    .col(integer(Jobs::Attempts).default(0))
                    .col(timestamp_with_time_zone(Jobs::RunAfter))
                    .col(timestamp_with_time_zone_null(Jobs::LockedUntil))
                    .col(text_null(Jobs::LastError))
                    .col(timestamp_with_time_zone(Jobs::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_jobs_user")
                            .from(Jobs::Table, Jobs::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_jobs_report")
                            .from(Jobs::Table, Jobs::ReportId)
                            .to(Reports::Table, Reports::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(Index::create().name("idx_jobs_run_after").table(Jobs::Table).col(Jobs::RunAfter).to_owned())
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(Jobs::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(Recommendations::Table).to_owned()).await?;
        manager.alter_table(Table::alter().table(AuditLog::Table).drop_column(AuditLog::Subject).to_owned()).await?;
        manager.drop_index(Index::drop().name("idx_reports_user_sha256").table(Reports::Table).to_owned()).await?;
        for col in [LabResults::Canonical, LabResults::ReferenceText, LabResults::Page, LabResults::Position] {
            manager.alter_table(Table::alter().table(LabResults::Table).drop_column(col).to_owned()).await?;
        }
        for col in
            [Reports::Sha256, Reports::StorageKey, Reports::ContentType, Reports::DietPreference, Reports::Cuisines]
        {
            manager.alter_table(Table::alter().table(Reports::Table).drop_column(col).to_owned()).await?;
        }
        Ok(())
    }
}
