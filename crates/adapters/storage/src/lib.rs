//! [`FileStore`] over the `object_store` crate. The embedded default is a folder under the data
//! directory (`LocalFileSystem`, which writes to a temporary file and renames it into place, so a
//! reader never sees half a file); S3 or GCS can replace it without changing the domain.

use std::path::Path;
use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use futures_util::TryStreamExt;
use ht_reports::{FileStore, FileStoreError};
use object_store::local::LocalFileSystem;
use object_store::path::Path as ObjectPath;
use object_store::{ObjectStore, PutPayload};

/// Uploaded files in an object store.
#[derive(Clone)]
pub struct ObjectFileStore {
    store: Arc<dyn ObjectStore>,
}

impl ObjectFileStore {
    /// Files under `root` (created if missing).
    ///
    /// # Errors
    /// When the folder cannot be created.
    pub fn local(root: &Path) -> Result<Self, FileStoreError> {
        std::fs::create_dir_all(root).map_err(|e| FileStoreError(format!("{}: {e}", root.display())))?;
        let fs = LocalFileSystem::new_with_prefix(root).map_err(err)?;
        Ok(Self { store: Arc::new(fs) })
    }

    /// Any object store (S3, GCS, memory).
    pub fn new(store: Arc<dyn ObjectStore>) -> Self {
        Self { store }
    }
}

fn err(e: object_store::Error) -> FileStoreError {
    FileStoreError(e.to_string())
}

fn path(key: &str) -> Result<ObjectPath, FileStoreError> {
    // Keys are server-generated; refusing anything with `..` or empty parts keeps a bug from
    // ever reaching outside the store.
    ObjectPath::parse(key).map_err(|e| FileStoreError(format!("invalid key {key:?}: {e}")))
}

#[async_trait]
impl FileStore for ObjectFileStore {
    async fn put(&self, key: &str, bytes: Vec<u8>) -> Result<(), FileStoreError> {
        self.store.put(&path(key)?, PutPayload::from(bytes)).await.map_err(err)?;
        Ok(())
    }

    async fn get(&self, key: &str) -> Result<Vec<u8>, FileStoreError> {
        let got = self.store.get(&path(key)?).await.map_err(err)?;
        Ok(got.bytes().await.map_err(err)?.to_vec())
    }

    async fn delete(&self, key: &str) -> Result<(), FileStoreError> {
        match self.store.delete(&path(key)?).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(err(e)),
        }
    }

    async fn list(&self) -> Result<Vec<(String, DateTime<Utc>)>, FileStoreError> {
        self.store.list(None).map_ok(|m| (m.location.to_string(), m.last_modified)).try_collect().await.map_err(err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn files_round_trip_and_deleting_twice_is_fine() {
        let dir = tempfile::tempdir().unwrap();
        let store = ObjectFileStore::local(&dir.path().join("uploads")).unwrap();
        store.put("reports/a.pdf", b"%PDF-1.4".to_vec()).await.unwrap();
        assert_eq!(store.get("reports/a.pdf").await.unwrap(), b"%PDF-1.4");
        assert!(dir.path().join("uploads/reports/a.pdf").is_file(), "stored under the folder");
        let listed = store.list().await.unwrap();
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].0, "reports/a.pdf");
        store.delete("reports/a.pdf").await.unwrap();
        store.delete("reports/a.pdf").await.unwrap();
        assert!(store.get("reports/a.pdf").await.is_err());
        assert!(store.list().await.unwrap().is_empty());
    }

    #[tokio::test]
    async fn keys_cannot_escape_the_folder() {
        let dir = tempfile::tempdir().unwrap();
        let store = ObjectFileStore::local(&dir.path().join("uploads")).unwrap();
        assert!(store.put("../escape.pdf", b"x".to_vec()).await.is_err());
        assert!(store.put("reports//x.pdf", b"x".to_vec()).await.is_err());
        assert!(!dir.path().join("escape.pdf").exists());
    }
}
