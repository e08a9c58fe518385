//! `air-stitch cache list|path|clean`: the compile cache's entries, its directory, and removing
//! entries (all, or those older than some days).

use crate::common::{self, Format, GlobalOpts, Outcome};
use crate::compile::cache::{self, Cache};
use crate::report::Report;
use serde_json::json;
use std::path::PathBuf;

/// Show or clean the cache of compiled artifacts (`air-stitch compile`).
///
/// Exit status: 0 success, 2 usage or I/O errors.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  air-stitch cache path
  air-stitch cache list --cache-dir build/cache --format json
  air-stitch cache clean --older-than 30 --cache-dir build/cache")]
pub struct Opts {
    #[command(subcommand)]
    action: Action,
    /// The cache directory (default: $XDG_CACHE_HOME/air-stitch, else ~/.cache/air-stitch).
    #[arg(long, value_name = "DIR", global = true)]
    cache_dir: Option<PathBuf>,
    /// Report format: a closing line as text on standard error, or one JSON document on
    /// standard output (docs/diagnostics-json.md).
    #[arg(long, value_enum, default_value_t = Format::Text, global = true)]
    format: Format,
    #[command(flatten)]
    global: GlobalOpts,
}

#[derive(clap::Subcommand, Debug)]
enum Action {
    /// List the entries: key, size, age, and the input each was compiled from.
    List,
    /// Print the cache directory.
    Path,
    /// Remove entries: all of them, or those older than --older-than DAYS.
    Clean {
        #[arg(long, value_name = "DAYS")]
        older_than: Option<u64>,
    },
}

impl Opts {
    pub fn run(&self) -> anyhow::Result<Outcome> {
        let dir = self.cache_dir.clone().or_else(cache::default_dir).ok_or_else(|| {
            anyhow::anyhow!("no cache directory: neither $XDG_CACHE_HOME nor $HOME is set (give --cache-dir DIR)")
        })?;
        let cache = Cache { dir };
        let mut report = Report::of_its_own("air-stitch/cache/1", "cache", self.format, &self.global);
        report.field("cache_dir", cache.dir.display().to_string());
        match &self.action {
            Action::Path => {
                if !report.is_json() {
                    common::write_stdout(format!("{}\n", cache.dir.display()).as_bytes())?;
                }
                report.finish(&format!("cache: {}", cache.dir.display()))?;
            }
            Action::List => {
                let entries =
                    cache.entries().map_err(|err| anyhow::anyhow!("cannot read {}: {err}", cache.dir.display()))?;
                let mut text = String::new();
                let mut listed = Vec::new();
                for entry in &entries {
                    let source =
                        entry.manifest.as_ref().map_or("(unreadable manifest)".to_string(), |m| m.source.clone());
                    text.push_str(&format!(
                        "{}  {:>10} B  {:>5} d  {source}\n",
                        entry.key,
                        entry.bytes,
                        entry.age_secs / 86_400
                    ));
                    listed.push(json!({"key": entry.key, "bytes": entry.bytes, "age_secs": entry.age_secs, "source": source, "path": entry.path.display().to_string()}));
                }
                if !report.is_json() {
                    common::write_stdout(text.as_bytes())?;
                }
                let total: u64 = entries.iter().map(|e| e.bytes).sum();
                report.field("entries", listed);
                report.count("entries", entries.len());
                report.finish(&format!(
                    "cache: {}, {total} bytes in {}",
                    entries_text(entries.len()),
                    cache.dir.display()
                ))?;
            }
            Action::Clean { older_than } => {
                let entries =
                    cache.entries().map_err(|err| anyhow::anyhow!("cannot read {}: {err}", cache.dir.display()))?;
                let limit = older_than.map(|days| days.saturating_mul(86_400));
                let mut removed = 0usize;
                let mut freed = 0u64;
                for entry in entries.iter().filter(|e| limit.is_none_or(|l| e.age_secs > l)) {
                    std::fs::remove_dir_all(&entry.path)
                        .map_err(|err| anyhow::anyhow!("cannot remove {}: {err}", entry.path.display()))?;
                    removed += 1;
                    freed += entry.bytes;
                }
                report.count("removed", removed);
                report.field("freed_bytes", freed);
                let kept = entries.len() - removed;
                report.finish(&format!(
                    "cache: removed {}, {freed} bytes; {} kept",
                    entries_text(removed),
                    entries_text(kept)
                ))?;
            }
        }
        Ok(Outcome::Success)
    }
}

/// `1 entry`, `2 entries` (`report::count` adds `s`).
fn entries_text(n: usize) -> String {
    if n == 1 {
        "1 entry".to_string()
    } else {
        format!("{n} entries")
    }
}
