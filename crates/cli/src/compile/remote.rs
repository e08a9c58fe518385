//! The shared tier of the compile cache: one object per entry (`air_compile::aircc::bundle`) in
//! an object store named by a URL (`s3://`, `gs://`, `az://`, `http(s)://` WebDAV, `file://`),
//! through the `object_store` crate. Credentials come from each cloud's usual environment
//! (`AWS_*`, `GOOGLE_*`, `AZURE_*`, read by each store's `from_env`) and never appear in what
//! air-stitch prints or records.
//!
//! Layout under the URL's path: `v1/entries/KEY.tar.zst`, and `v1/uploads/` for uploads not yet
//! made visible. An entry appears whole or not at all: a conditional put of the final object
//! where the store has one (S3, GCS, Azure, a local directory; two machines writing one key:
//! the first wins, the second finds it there), else (WebDAV) an upload under `uploads/` and a
//! server-side COPY that refuses to overwrite, then the upload is deleted.

use object_store::path::Path as StorePath;
use object_store::{ClientOptions, ObjectStore, ObjectStoreExt, ObjectStoreScheme, PutMode, PutOptions, PutPayload};
use std::sync::Arc;
use std::time::Duration;

/// Entries and uploads live under this version of the layout.
const LAYOUT: &str = "v1";
/// What `v1/entries/LAYOUT` says to someone browsing the store.
const LAYOUT_TEXT: &[u8] = b"air-stitch compile cache, layout v1: entries/KEY.tar.zst (docs/compile.md)\n";

/// A remote tier, opened.
pub struct Remote {
    store: Arc<dyn ObjectStore>,
    root: StorePath,
    /// The URL without credentials or query, for messages and `compile.json`.
    pub shown: String,
    runtime: tokio::runtime::Runtime,
}

/// What a put did.
#[derive(Debug, PartialEq, Eq)]
pub enum Put {
    Stored,
    /// Another machine's entry of the key was there first: it stays.
    AlreadyThere,
}

/// One remote entry, as `cache list` shows it.
pub struct RemoteEntry {
    pub key: String,
    pub bytes: u64,
    pub age_secs: u64,
}

/// The URL without user, password or query (which may hold a token).
pub fn shown_url(url: &url::Url) -> String {
    let mut shown = url.clone();
    let _ = shown.set_username("");
    let _ = shown.set_password(None);
    shown.set_query(None);
    shown.set_fragment(None);
    shown.to_string()
}

/// Retries of a failed request: a few, quickly. A compile waits on them, and a store that is
/// down should cost seconds before the compile goes on locally, not object_store's minutes.
fn retry() -> object_store::RetryConfig {
    object_store::RetryConfig {
        backoff: object_store::BackoffConfig {
            init_backoff: Duration::from_millis(100),
            max_backoff: Duration::from_secs(1),
            base: 2.0,
        },
        max_retries: 2,
        retry_timeout: Duration::from_secs(10),
    }
}

/// The store `url` names, built with its cloud's environment (`from_env`: `AWS_*`,
/// `GOOGLE_*`, `AZURE_*`), and the path of the cache under it.
fn store(url: &url::Url) -> object_store::Result<(Arc<dyn ObjectStore>, StorePath)> {
    let (scheme, root) = ObjectStoreScheme::parse(url)?;
    let client = ClientOptions::new()
        .with_allow_http(url.scheme() == "http")
        .with_connect_timeout(Duration::from_secs(5))
        .with_timeout(Duration::from_secs(120));
    let store: Arc<dyn ObjectStore> = match scheme {
        ObjectStoreScheme::Local => Arc::new(object_store::local::LocalFileSystem::new()),
        ObjectStoreScheme::AmazonS3 => Arc::new(
            object_store::aws::AmazonS3Builder::from_env()
                .with_url(url.as_str())
                .with_retry(retry())
                .with_client_options(client)
                .build()?,
        ),
        ObjectStoreScheme::GoogleCloudStorage => Arc::new(
            object_store::gcp::GoogleCloudStorageBuilder::from_env()
                .with_url(url.as_str())
                .with_retry(retry())
                .with_client_options(client)
                .build()?,
        ),
        ObjectStoreScheme::MicrosoftAzure => Arc::new(
            object_store::azure::MicrosoftAzureBuilder::from_env()
                .with_url(url.as_str())
                .with_retry(retry())
                .with_client_options(client)
                .build()?,
        ),
        ObjectStoreScheme::Http => Arc::new(
            object_store::http::HttpBuilder::new()
                .with_url(&url[..url::Position::BeforePath])
                .with_retry(retry())
                .with_client_options(client)
                .build()?,
        ),
        _ => return Err(object_store::Error::NotSupported { source: format!("the scheme of {url}").into() }),
    };
    Ok((store, root))
}

impl Remote {
    /// Opens the store `url` names; `Err` says why it cannot be used.
    pub fn open(url: &str) -> Result<Remote, String> {
        let parsed = url::Url::parse(url).map_err(|e| format!("{url:?} is not a URL ({e})"))?;
        let shown = shown_url(&parsed);
        let (store, root) = store(&parsed).map_err(|e| format!("{shown} cannot be opened: {}", one_line(&e)))?;
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| format!("cannot start the I/O runtime: {e}"))?;
        Ok(Remote { store, root, shown, runtime })
    }

    fn entry(&self, key: &str) -> StorePath {
        self.root.clone().join(LAYOUT).join("entries").join(format!("{key}.tar.zst"))
    }

    /// The entry of `key`, if the store has one.
    pub fn get(&self, key: &str) -> Result<Option<Vec<u8>>, String> {
        let path = self.entry(key);
        self.runtime.block_on(async {
            match self.store.get(&path).await {
                Ok(found) => found.bytes().await.map(|b| Some(b.to_vec())).map_err(|e| one_line(&e)),
                Err(object_store::Error::NotFound { .. }) => Ok(None),
                Err(e) => Err(one_line(&e)),
            }
        })
    }

    /// Stores `bundle` as the entry of `key`. `replace` overwrites an entry that is there (one
    /// found damaged or forged); otherwise an existing entry wins.
    pub fn put(&self, key: &str, bundle: Vec<u8>, replace: bool) -> Result<Put, String> {
        let path = self.entry(key);
        self.runtime.block_on(async {
            let mode = if replace { PutMode::Overwrite } else { PutMode::Create };
            let payload = PutPayload::from(bundle.clone());
            match self.store.put_opts(&path, payload, PutOptions { mode, ..Default::default() }).await {
                Ok(_) => Ok(Put::Stored),
                Err(object_store::Error::AlreadyExists { .. }) => Ok(Put::AlreadyThere),
                Err(object_store::Error::NotImplemented { .. }) => self.put_by_copy(&path, key, bundle, replace).await,
                Err(e) => Err(one_line(&e)),
            }
        })
    }

    /// A store without conditional puts (WebDAV): upload beside, then a COPY that does not
    /// overwrite (or does, for `replace`), then remove the upload.
    async fn put_by_copy(&self, path: &StorePath, key: &str, bundle: Vec<u8>, replace: bool) -> Result<Put, String> {
        let unique = format!("{key}.{}.{}", std::process::id(), nanos());
        let upload = self.root.clone().join(LAYOUT).join("uploads").join(unique);
        // A COPY into a collection that does not exist fails (nginx answers 500, not 409): a
        // PUT makes the collection, as servers with `create_full_put_path` do for a PUT.
        let marker = self.root.clone().join(LAYOUT).join("entries").join("LAYOUT");
        self.store.put(&marker, PutPayload::from_static(LAYOUT_TEXT)).await.map_err(|e| one_line(&e))?;
        self.store.put(&upload, PutPayload::from(bundle)).await.map_err(|e| one_line(&e))?;
        let copied = if replace {
            self.store.copy(&upload, path).await
        } else {
            self.store.copy_if_not_exists(&upload, path).await
        };
        let _ = self.store.delete(&upload).await;
        match copied {
            Ok(()) => Ok(Put::Stored),
            Err(object_store::Error::AlreadyExists { .. }) => Ok(Put::AlreadyThere),
            Err(e) => Err(one_line(&e)),
        }
    }

    /// Removes the entry of `key` (absent is fine).
    pub fn delete(&self, key: &str) -> Result<(), String> {
        let path = self.entry(key);
        self.runtime.block_on(async {
            match self.store.delete(&path).await {
                Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
                Err(e) => Err(one_line(&e)),
            }
        })
    }

    /// Every entry, sorted by key.
    pub fn list(&self) -> Result<Vec<RemoteEntry>, String> {
        let prefix = self.root.clone().join(LAYOUT).join("entries");
        let now = chrono_now();
        let mut entries: Vec<RemoteEntry> = self.runtime.block_on(async {
            // One level (PROPFIND `Depth: 1`; nginx refuses `infinity`): entries are flat.
            let metas: Vec<object_store::ObjectMeta> = match self.store.list_with_delimiter(Some(&prefix)).await {
                Ok(listed) => listed.objects,
                // No entry was ever stored.
                Err(object_store::Error::NotFound { .. }) => Vec::new(),
                Err(e) => return Err(one_line(&e)),
            };
            Ok::<_, String>(
                metas
                    .into_iter()
                    .filter_map(|meta| {
                        let name = meta.location.filename()?.strip_suffix(".tar.zst")?.to_string();
                        let modified = meta.last_modified.timestamp().max(0) as u64;
                        Some(RemoteEntry { key: name, bytes: meta.size, age_secs: now.saturating_sub(modified) })
                    })
                    .collect(),
            )
        })?;
        entries.sort_by(|a, b| a.key.cmp(&b.key));
        Ok(entries)
    }
}

fn nanos() -> u128 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos())
}

fn chrono_now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// An error on one line, without the request's URL query (a signed URL's token).
fn one_line(err: &dyn std::fmt::Display) -> String {
    let text = err.to_string().replace('\n', " ");
    match text.find('?') {
        Some(at) => {
            let end = text[at..].find(char::is_whitespace).map_or(text.len(), |n| at + n);
            format!("{}{}", &text[..at], &text[end..])
        }
        None => text,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_url_is_shown_without_credentials_or_query() {
        let url = url::Url::parse("https://alice:s3cret@cache.example.com/air/?X-Amz-Signature=abc").unwrap();
        assert_eq!(shown_url(&url), "https://cache.example.com/air/");
        assert_eq!(one_line(&"GET https://h/x?sig=abc failed\nretry"), "GET https://h/x failed retry");
    }

    #[test]
    fn a_file_store_keeps_one_entry_per_key_and_the_first_wins() {
        let dir = std::env::temp_dir().join(format!("air-stitch-remote-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let remote = Remote::open(&format!("file://{}", dir.display())).unwrap();
        assert_eq!(remote.get("k").unwrap(), None);
        assert_eq!(remote.put("k", b"first".to_vec(), false).unwrap(), Put::Stored);
        assert_eq!(remote.put("k", b"second".to_vec(), false).unwrap(), Put::AlreadyThere);
        assert_eq!(remote.get("k").unwrap().as_deref(), Some(&b"first"[..]));
        assert_eq!(remote.put("k", b"fixed".to_vec(), true).unwrap(), Put::Stored);
        assert_eq!(remote.get("k").unwrap().as_deref(), Some(&b"fixed"[..]));
        let listed = remote.list().unwrap();
        assert_eq!((listed.len(), listed[0].key.as_str(), listed[0].bytes), (1, "k", 5));
        remote.delete("k").unwrap();
        assert_eq!(remote.get("k").unwrap(), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
