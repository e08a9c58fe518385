//! Where the compile cache lives and how it may be used, from the command line, the
//! environment and a config file, in that order of precedence:
//!
//! | setting | flag | environment | config (`[cache]`) |
//! |---|---|---|---|
//! | local directory | `--cache-dir DIR` | — | `dir` |
//! | shared tier | `--cache-url URL` | `AIR_STITCH_CACHE_URL` | `url` |
//! | consume only | `--cache-read-only` | `AIR_STITCH_CACHE_READ_ONLY=1` | `read_only` |
//! | team key | — | `AIR_STITCH_CACHE_KEY` | — |
//! | toolchain id | `--toolchain-id ID` | `AIR_STITCH_TOOLCHAIN_ID` | `toolchain_id` |
//!
//! The config file is `$AIR_STITCH_CONFIG`, else `$XDG_CONFIG_HOME/air-stitch/config.toml`,
//! else `~/.config/air-stitch/config.toml`; a missing default file is no config. The team key
//! is read from the environment only: a flag would sit in shell histories and process lists.

use crate::codes;
use crate::load::BadInput;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The cache flags `compile` and `cache` share.
#[derive(clap::Args, Debug, Default, Clone)]
pub struct CacheArgs {
    /// The local cache directory (default: $XDG_CACHE_HOME/air-stitch, else ~/.cache/air-stitch).
    #[arg(long, value_name = "DIR", global = true)]
    pub cache_dir: Option<PathBuf>,
    /// The shared cache: s3://BUCKET/PREFIX, gs://..., az://..., http(s)://... (WebDAV) or
    /// file://DIR (also $AIR_STITCH_CACHE_URL, or `url` under [cache] in the config file).
    #[arg(long, value_name = "URL", global = true)]
    pub cache_url: Option<String>,
    /// Read the shared cache, never write it (also $AIR_STITCH_CACHE_READ_ONLY=1).
    #[arg(long, global = true)]
    pub cache_read_only: bool,
}

/// `[cache]` of the config file.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
struct ConfigCache {
    dir: Option<PathBuf>,
    url: Option<String>,
    read_only: Option<bool>,
    toolchain_id: Option<String>,
}

#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
struct Config {
    #[serde(default)]
    cache: ConfigCache,
}

/// The settings of one run, resolved.
#[derive(Debug, Default)]
pub struct CacheSettings {
    /// The local tier (`None`: no directory could be found).
    pub dir: Option<PathBuf>,
    pub url: Option<String>,
    pub read_only: bool,
    /// `AIR_STITCH_CACHE_KEY`'s bytes.
    pub team_key: Option<Vec<u8>>,
    pub toolchain_id: Option<String>,
}

/// The config file's path, and whether it was named explicitly (then it must exist).
fn config_path() -> Option<(PathBuf, bool)> {
    let env = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(path) = env("AIR_STITCH_CONFIG") {
        return Some((path, true));
    }
    let base = env("XDG_CONFIG_HOME").or_else(|| env("HOME").map(|home| home.join(".config")))?;
    Some((base.join("air-stitch").join("config.toml"), false))
}

fn read_config(path: &Path, required: bool) -> anyhow::Result<Option<Config>> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound && !required => return Ok(None),
        Err(err) => anyhow::bail!("cannot read the config file {}: {err}", path.display()),
    };
    match toml::from_str(&text) {
        Ok(config) => Ok(Some(config)),
        Err(err) => {
            let message = format!("the config file is not valid: {}", err.message().trim_end().replace('\n', "; "));
            // The file is quoted with its strings masked: a user may have put a secret in it (a
            // team key, a URL's password), and the message goes to logs.
            let bad = BadInput::at_span(codes::CONFIG_INVALID, path.display().to_string(), masked(&text), err.span())
                .saying(
                    message,
                    "[cache] takes dir, url, read_only and toolchain_id (docs/compile.md, \"A team's cache\")",
                );
            Err(bad.into())
        }
    }
}

/// `text` with the inside of every quoted string replaced by `*`, byte for byte (spans stay).
fn masked(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut quote: Option<char> = None;
    for c in text.chars() {
        match quote {
            Some(q) if c == q => {
                quote = None;
                out.push(c);
            }
            Some(_) => out.extend(std::iter::repeat_n('*', c.len_utf8())),
            None => {
                if c == '"' || c == '\'' {
                    quote = Some(c);
                }
                out.push(c);
            }
        }
    }
    out
}

fn env_text(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

/// Whether an environment variable says yes (`1`, `true`, `yes`).
fn env_flag(name: &str) -> Option<bool> {
    env_text(name).map(|v| matches!(v.trim().to_ascii_lowercase().as_str(), "1" | "true" | "yes"))
}

/// `AIR_STITCH_CACHE_KEY`'s bytes. Set but empty is an error, not "no key": a CI secret that
/// did not arrive must not turn verification off without a word.
fn team_key() -> anyhow::Result<Option<Vec<u8>>> {
    match std::env::var_os("AIR_STITCH_CACHE_KEY") {
        None => Ok(None),
        Some(value) if value.is_empty() => anyhow::bail!(
            "$AIR_STITCH_CACHE_KEY is set but empty: give the team key, or unset it to use the shared cache without one"
        ),
        Some(value) => Ok(Some(value.as_encoded_bytes().to_vec())),
    }
}

impl CacheSettings {
    /// Resolves `args` (and `toolchain_id`, compile's flag) over the environment and the config.
    pub fn resolve(args: &CacheArgs, toolchain_id: Option<&str>) -> anyhow::Result<CacheSettings> {
        let config = match config_path() {
            Some((path, required)) => read_config(&path, required)?.unwrap_or_default(),
            None => Config::default(),
        };
        let cache = config.cache;
        let url = args.cache_url.clone().or_else(|| env_text("AIR_STITCH_CACHE_URL")).or(cache.url);
        let read_only =
            args.cache_read_only || env_flag("AIR_STITCH_CACHE_READ_ONLY").or(cache.read_only).unwrap_or(false);
        let toolchain_id =
            toolchain_id.map(str::to_string).or_else(|| env_text("AIR_STITCH_TOOLCHAIN_ID")).or(cache.toolchain_id);
        Ok(CacheSettings {
            dir: args.cache_dir.clone().or(cache.dir).or_else(super::cache::default_dir),
            url,
            read_only,
            team_key: team_key()?,
            toolchain_id,
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_quoted_config_file_shows_no_string() {
        assert_eq!(masked("url = \"https://u:pw@h\"\nkey = 'é'\n"), "url = \"**************\"\nkey = '**'\n");
    }

    #[test]
    fn the_config_file_names_only_known_settings() {
        let config: Config = toml::from_str("[cache]\nurl = \"s3://b/p\"\nread_only = true\n").unwrap();
        assert_eq!(config.cache.url.as_deref(), Some("s3://b/p"));
        assert_eq!(config.cache.read_only, Some(true));
        let err = toml::from_str::<Config>("[cache]\nkey = \"secret\"\n").unwrap_err().to_string();
        assert!(err.contains("unknown field `key`"), "{err}");
    }
}
