use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "consent_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub user_id: String,
    pub kind: String,
    pub region: Option<String>,
    pub notice_version: Option<String>,
    pub purposes: Option<String>,
    pub data_categories: Option<String>,
    pub channel: Option<String>,
    pub user_agent: Option<String>,
    pub at: DateTimeUtc,
    pub erase_by: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
