//! The shared tier of the compile cache: one object per entry (`air_compile::aircc::bundle`) in
//! an object store named by a URL (`s3://`, `gs://`, `az://`, `http(s)://` WebDAV, `file://`),
//! through the `object_store` crate. Credentials come from each cloud's usual environment
//! (`AWS_*`, `GOOGLE_*`, `AZURE_*`, read by each store's `from_env`) and never appear in what
//! air-stitch prints or records.
//!
//! Layout under the URL's path: `v1/entries/KEY.tar.zst`. An entry appears whole or not at all:
//! a conditional put of the final object where the store has one (S3, GCS, Azure, a local
//! directory; two machines writing one key: the first wins, the second finds it there); on
//! WebDAV, which has none, a plain PUT of the final object after a HEAD found none, which a
//! server that writes a body aside and renames it into place when whole (nginx, Apache
//! mod_dav) makes visible at once. Two machines racing there both write whole entries of the
//! same key; the last stays.

use object_store::path::Path as StorePath;
use object_store::{
    ClientConfigKey, ClientOptions, ObjectStore, ObjectStoreExt, ObjectStoreScheme, PutMode, PutOptions, PutPayload,
};
use std::sync::Arc;
use std::time::Duration;

/// Entries and uploads live under this version of the layout.
const LAYOUT: &str = "v1";

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

/// What a get found.
#[derive(Debug, PartialEq, Eq)]
pub enum Got {
    Missing,
    Bytes(Vec<u8>),
    /// An object larger than a caller will read (its size).
    TooLarge(u64),
}

/// One remote entry, as `cache list` shows it.
pub struct RemoteEntry {
    pub key: String,
    pub bytes: u64,
    pub age_secs: u64,
}

/// What a message may show of a URL as given: the URL without credentials, or a placeholder
/// for text that is not a URL (it may still hold a password).
pub fn shown(url: &str) -> String {
    url::Url::parse(url).map_or_else(|_| "<the cache URL, which is not a URL>".to_string(), |u| shown_url(&u))
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

/// A request's timeouts: a store that refuses connections costs seconds (the retries); one
/// that accepts and hangs, the request timeout.
const CONNECT_TIMEOUT: &str = "5s";
const REQUEST_TIMEOUT: &str = "60s";

/// The store `url` names, built with its cloud's environment (`from_env`: `AWS_*`,
/// `GOOGLE_*`, `AZURE_*`, client settings such as `AWS_ALLOW_HTTP` included), and the path of
/// the cache under it.
fn store(url: &url::Url) -> object_store::Result<(Arc<dyn ObjectStore>, StorePath)> {
    let (scheme, root) = ObjectStoreScheme::parse(url)?;
    // A cloud's builder: its environment, the URL, and only our retries and timeouts on top.
    macro_rules! cloud {
        ($builder:ident::$ty:ident, $keys:ident::$key:ident) => {
            Arc::new(
                object_store::$builder::$ty::from_env()
                    .with_url(url.as_str())
                    .with_retry(retry())
                    .with_config(object_store::$keys::$key::Client(ClientConfigKey::ConnectTimeout), CONNECT_TIMEOUT)
                    .with_config(object_store::$keys::$key::Client(ClientConfigKey::Timeout), REQUEST_TIMEOUT)
                    .build()?,
            )
        };
    }
    let store: Arc<dyn ObjectStore> = match scheme {
        ObjectStoreScheme::Local => Arc::new(object_store::local::LocalFileSystem::new()),
        ObjectStoreScheme::AmazonS3 => cloud!(aws::AmazonS3Builder, aws::AmazonS3ConfigKey),
        ObjectStoreScheme::GoogleCloudStorage => cloud!(gcp::GoogleCloudStorageBuilder, gcp::GoogleConfigKey),
        ObjectStoreScheme::MicrosoftAzure => cloud!(azure::MicrosoftAzureBuilder, azure::AzureConfigKey),
        ObjectStoreScheme::Http => Arc::new(http_store(url)?),
        _ => return Err(object_store::Error::NotSupported { source: format!("the scheme {}", url.scheme()).into() }),
    };
    Ok((store, root))
}

/// A WebDAV store. A user and password in the URL become an `Authorization: Basic` header and
/// leave the URL (the store would send them along in a COPY's `Destination`).
fn http_store(url: &url::Url) -> object_store::Result<object_store::http::HttpStore> {
    let mut base = url.clone();
    base.set_path("");
    base.set_query(None);
    base.set_fragment(None);
    let mut client = ClientOptions::new()
        .with_allow_http(url.scheme() == "http")
        .with_config(ClientConfigKey::ConnectTimeout, CONNECT_TIMEOUT)
        .with_config(ClientConfigKey::Timeout, REQUEST_TIMEOUT);
    if !url.username().is_empty() || url.password().is_some() {
        use base64::Engine;
        let user = percent_decoded(url.username());
        let password = percent_decoded(url.password().unwrap_or(""));
        let token = base64::engine::general_purpose::STANDARD.encode(format!("{user}:{password}"));
        let mut value =
            http::HeaderValue::from_str(&format!("Basic {token}")).map_err(|e| object_store::Error::Generic {
                store: "HTTP",
                source: format!("the URL's credentials cannot be sent: {e}").into(),
            })?;
        value.set_sensitive(true);
        let mut headers = http::HeaderMap::new();
        headers.insert(http::header::AUTHORIZATION, value);
        client = client.with_default_headers(headers);
        let _ = base.set_username("");
        let _ = base.set_password(None);
    }
    let base = base.as_str().trim_end_matches('/').to_string();
    object_store::http::HttpBuilder::new().with_url(base).with_retry(retry()).with_client_options(client).build()
}

fn percent_decoded(text: &str) -> String {
    url::form_urlencoded::parse(format!("x={text}").as_bytes())
        .next()
        .map_or_else(|| text.to_string(), |(_, v)| v.into_owned())
}

impl Remote {
    /// Opens the store `url` names; `Err` says why it cannot be used.
    pub fn open(url: &str) -> Result<Remote, String> {
        let parsed = url::Url::parse(url).map_err(|e| format!("the cache URL is not a URL ({e})"))?;
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

    /// The entry of `key`: its bytes, absent, or larger than `max` (not downloaded).
    pub fn get(&self, key: &str, max: u64) -> Result<Got, String> {
        let path = self.entry(key);
        self.runtime.block_on(async {
            match self.store.get(&path).await {
                Ok(found) if found.meta.size > max => Ok(Got::TooLarge(found.meta.size)),
                Ok(found) => found.bytes().await.map(|b| Got::Bytes(b.to_vec())).map_err(|e| one_line(&e)),
                Err(object_store::Error::NotFound { .. }) => Ok(Got::Missing),
                Err(e) => Err(one_line(&e)),
            }
        })
    }

    /// Stores `bundle` as the entry of `key`. `replace` overwrites an entry that is there (one
    /// found damaged, or unsigned where a key is asked for); otherwise an existing entry wins.
    pub fn put(&self, key: &str, bundle: Vec<u8>, replace: bool) -> Result<Put, String> {
        let path = self.entry(key);
        self.runtime.block_on(async {
            let mode = if replace { PutMode::Overwrite } else { PutMode::Create };
            let payload = PutPayload::from(bundle.clone());
            match self.store.put_opts(&path, payload, PutOptions { mode, ..Default::default() }).await {
                Ok(_) => Ok(Put::Stored),
                Err(object_store::Error::AlreadyExists { .. }) => Ok(Put::AlreadyThere),
                // WebDAV: no conditional put. A HEAD, then a plain PUT of the final object.
                Err(object_store::Error::NotImplemented { .. }) => {
                    if !replace && self.store.head(&path).await.is_ok() {
                        return Ok(Put::AlreadyThere);
                    }
                    self.store.put(&path, PutPayload::from(bundle)).await.map(|_| Put::Stored).map_err(|e| one_line(&e))
                }
                Err(e) => Err(one_line(&e)),
            }
        })
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

fn chrono_now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// An error on one line, without what a URL in it may carry: a query (a signed URL's token)
/// or a user and password.
fn one_line(err: &dyn std::fmt::Display) -> String {
    let text = err.to_string().replace('\n', " ");
    text.split(' ').map(without_secrets).collect::<Vec<_>>().join(" ")
}

/// A word of a message with the query and the userinfo of a URL in it removed.
fn without_secrets(word: &str) -> String {
    let mut word = word.to_string();
    if let Some(at) = word.find('?') {
        word.truncate(at);
    }
    if let Some(scheme_end) = word.find("://") {
        let rest = &word[scheme_end + 3..];
        let host_end = rest.find('/').unwrap_or(rest.len());
        if let Some(user_end) = rest[..host_end].rfind('@') {
            word = format!("{}{}", &word[..scheme_end + 3], &rest[user_end + 1..]);
        }
    }
    word
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
        assert_eq!(
            one_line(&"Unable to recognise URL \"https://ci:TOKEN@dav:44x3/c\""),
            "Unable to recognise URL \"https://dav:44x3/c\""
        );
        assert_eq!(shown("https://ci:TOKEN@dav:44x3/"), "<the cache URL, which is not a URL>");
    }

    #[test]
    fn a_file_store_keeps_one_entry_per_key_and_the_first_wins() {
        let dir = std::env::temp_dir().join(format!("air-stitch-remote-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let remote = Remote::open(&format!("file://{}", dir.display())).unwrap();
        assert_eq!(remote.get("k", 100).unwrap(), Got::Missing);
        assert_eq!(remote.put("k", b"first".to_vec(), false).unwrap(), Put::Stored);
        assert_eq!(remote.put("k", b"second".to_vec(), false).unwrap(), Put::AlreadyThere);
        assert_eq!(remote.get("k", 100).unwrap(), Got::Bytes(b"first".to_vec()));
        assert_eq!(remote.get("k", 3).unwrap(), Got::TooLarge(5));
        assert_eq!(remote.put("k", b"fixed".to_vec(), true).unwrap(), Put::Stored);
        assert_eq!(remote.get("k", 100).unwrap(), Got::Bytes(b"fixed".to_vec()));
        let listed = remote.list().unwrap();
        assert_eq!((listed.len(), listed[0].key.as_str(), listed[0].bytes), (1, "k", 5));
        remote.delete("k").unwrap();
        assert_eq!(remote.get("k", 100).unwrap(), Got::Missing);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
