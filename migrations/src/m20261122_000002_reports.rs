//! Uploaded reports, the results read from them and the follow-up tests they call for.

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
    FileName,
    UploadedAt,
    Status,
    ExtractedText,
}

#[derive(DeriveIden)]
enum LabResults {
    Table,
    Id,
    ReportId,
    TestName,
    ValueText,
    Value,
    Unit,
    ReferenceLow,
    ReferenceHigh,
    Flag,
    Severity,
}

#[derive(DeriveIden)]
enum FollowUps {
    Table,
    Id,
    ReportId,
    TestName,
    DueDate,
    Status,
}

fn belongs_to_report(name: &str, table: impl IntoIden, col: impl IntoIden) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .name(name)
        .from(table, col)
        .to(Reports::Table, Reports::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Reports::Table)
                    .col(string_len(Reports::Id, 36).primary_key())
                    .col(string_len(Reports::UserId, 36))
                    .col(string_len(Reports::FileName, 255))
                    .col(timestamp_with_time_zone(Reports::UploadedAt))
                    .col(string_len(Reports::Status, 16))
                    .col(text_null(Reports::ExtractedText))
                    .foreign_key(
                        ForeignKey::create()
                            .name("fk_reports_user")
                            .from(Reports::Table, Reports::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_reports_user_uploaded")
                    .table(Reports::Table)
                    .col(Reports::UserId)
                    .col(Reports::UploadedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(LabResults::Table)
                    .col(string_len(LabResults::Id, 36).primary_key())
                    .col(string_len(LabResults::ReportId, 36))
                    .col(string_len(LabResults::TestName, 255))
                    .col(string_len(LabResults::ValueText, 255))
                    .col(double_null(LabResults::Value))
                    .col(string_len_null(LabResults::Unit, 64))
                    .col(double_null(LabResults::ReferenceLow))
                    .col(double_null(LabResults::ReferenceHigh))
                    .col(string_len_null(LabResults::Flag, 16))
                    .col(string_len_null(LabResults::Severity, 16))
                    .foreign_key(&mut belongs_to_report(
                        "fk_lab_results_report",
                        LabResults::Table,
                        LabResults::ReportId,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_lab_results_report")
                    .table(LabResults::Table)
                    .col(LabResults::ReportId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(FollowUps::Table)
                    .col(string_len(FollowUps::Id, 36).primary_key())
                    .col(string_len(FollowUps::ReportId, 36))
                    .col(string_len(FollowUps::TestName, 255))
                    .col(date(FollowUps::DueDate))
                    .col(string_len(FollowUps::Status, 16))
                    .foreign_key(&mut belongs_to_report("fk_follow_ups_report", FollowUps::Table, FollowUps::ReportId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_follow_ups_report")
                    .table(FollowUps::Table)
                    .col(FollowUps::ReportId)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager.drop_table(Table::drop().table(FollowUps::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(LabResults::Table).to_owned()).await?;
        manager.drop_table(Table::drop().table(Reports::Table).to_owned()).await
    }
}
