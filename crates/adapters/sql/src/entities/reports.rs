use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "reports")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub user_id: String,
    pub file_name: String,
    pub uploaded_at: DateTimeUtc,
    pub status: String,
    pub extracted_text: Option<String>,
    pub sha256: Option<String>,
    pub storage_key: Option<String>,
    pub content_type: Option<String>,
    pub diet_preference: Option<String>,
    pub cuisines: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
