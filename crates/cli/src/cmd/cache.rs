//! `air-stitch cache list|path|clean|stats`: the compile cache's entries (local, or with
//! `--remote` the shared tier's), its directory, removing entries (all, those older than some
//! days, or the least recently used beyond a size budget), and its hit/miss counters.

use crate::common::{self, Format, GlobalOpts, Outcome};
use crate::compile::cache::{Cache, EntryInfo};
use crate::compile::remote::Remote;
use crate::compile::settings::{CacheArgs, CacheSettings};
use crate::compile::stats;
use crate::report::Report;
use serde_json::json;

/// Show or clean the cache of compiled artifacts (`air-stitch compile`), local or shared.
///
/// Exit status: 0 success, 2 usage or I/O errors.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  air-stitch cache path
  air-stitch cache list --cache-dir build/cache --format json
  air-stitch cache clean --older-than 30 --cache-dir build/cache
  air-stitch cache clean --max-size 20G
  air-stitch cache list --remote --cache-url \"file://$PWD/build/team-cache\"
  air-stitch cache stats")]
pub struct Opts {
    #[command(subcommand)]
    action: Action,
    #[command(flatten)]
    cache: CacheArgs,
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
    List {
        /// The shared tier's entries (--cache-url, $AIR_STITCH_CACHE_URL or the config file).
        #[arg(long)]
        remote: bool,
    },
    /// Print the cache directory.
    Path,
    /// Remove entries: all of them, those older than --older-than DAYS, or the least recently
    /// used beyond --max-size (local tier).
    Clean {
        #[arg(long, value_name = "DAYS")]
        older_than: Option<u64>,
        /// Keep the local tier within this size (bytes, or with K, M, G): the least recently
        /// used entries go first.
        #[arg(long, value_name = "SIZE", value_parser = parse_size, conflicts_with = "remote")]
        max_size: Option<u64>,
        /// Clean the shared tier instead of the local one.
        #[arg(long)]
        remote: bool,
    },
    /// Hits and misses per tier, compiles, and the bytes moved to and from the shared tier.
    Stats {
        /// Set every counter to zero.
        #[arg(long)]
        reset: bool,
    },
}

/// `20G`, `512M`, `100K` or bytes.
fn parse_size(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let (digits, unit) = match text.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((at, _)) => text.split_at(at),
        None => (text, ""),
    };
    let n: u64 = digits.parse().map_err(|_| format!("{text:?} is not a size (bytes, or a number with K, M or G)"))?;
    let scale: u64 = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 1,
        "K" | "KB" | "KIB" => 1 << 10,
        "M" | "MB" | "MIB" => 1 << 20,
        "G" | "GB" | "GIB" => 1 << 30,
        other => return Err(format!("unknown size unit {other:?} (use K, M or G)")),
    };
    n.checked_mul(scale).ok_or_else(|| format!("{text:?} is too large"))
}

impl Opts {
    pub fn run(&self) -> anyhow::Result<Outcome> {
        let settings = CacheSettings::resolve(&self.cache, None)?;
        let dir = settings.dir.clone().ok_or_else(|| {
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
            Action::List { remote: false } => list_local(&cache, report)?,
            Action::List { remote: true } => list_remote(&remote(&settings)?, report)?,
            Action::Clean { older_than, max_size, remote: false } => {
                clean_local(&cache, *older_than, *max_size, report)?
            }
            Action::Clean { older_than, remote: true, .. } => clean_remote(&remote(&settings)?, *older_than, report)?,
            Action::Stats { reset } => {
                if *reset {
                    stats::reset(&cache.dir).map_err(|err| {
                        anyhow::anyhow!("cannot reset the counters in {}: {err}", cache.dir.display())
                    })?;
                }
                let counters = stats::read(&cache.dir);
                let value = serde_json::to_value(&counters)?;
                if !report.is_json() {
                    let mut text = String::new();
                    for (name, count) in value.as_object().into_iter().flatten() {
                        text.push_str(&format!("{name:<18} {count}\n"));
                    }
                    common::write_stdout(text.as_bytes())?;
                }
                report.field("stats", value);
                let lookups = counters.local_hits + counters.local_misses;
                report.finish(&format!(
                    "cache: {} of {lookups} lookups served locally, {} from the shared tier; {} compiled",
                    counters.local_hits, counters.remote_hits, counters.compiles
                ))?;
            }
        }
        Ok(Outcome::Success)
    }
}

/// The shared tier the settings name, opened.
fn remote(settings: &CacheSettings) -> anyhow::Result<Remote> {
    let url = settings.url.as_deref().ok_or_else(|| {
        anyhow::anyhow!("--remote: no shared cache is named (give --cache-url URL, or set $AIR_STITCH_CACHE_URL)")
    })?;
    Remote::open(url).map_err(anyhow::Error::msg)
}

fn list_local(cache: &Cache, mut report: Report) -> anyhow::Result<()> {
    let entries = cache.entries().map_err(|err| anyhow::anyhow!("cannot read {}: {err}", cache.dir.display()))?;
    let mut text = String::new();
    let mut listed = Vec::new();
    for entry in &entries {
        let source = entry.manifest.as_ref().map_or("(unreadable manifest)".to_string(), |m| m.source.clone());
        text.push_str(&format!("{}  {:>10} B  {:>5} d  {source}\n", entry.key, entry.bytes, entry.age_secs / 86_400));
        listed.push(json!({"key": entry.key, "bytes": entry.bytes, "age_secs": entry.age_secs, "source": source, "path": entry.path.display().to_string()}));
    }
    if !report.is_json() {
        common::write_stdout(text.as_bytes())?;
    }
    let total: u64 = entries.iter().map(|e| e.bytes).sum();
    report.field("entries", listed);
    report.count("entries", entries.len());
    report.finish(&format!("cache: {}, {total} bytes in {}", entries_text(entries.len()), cache.dir.display()))
}

fn list_remote(remote: &Remote, mut report: Report) -> anyhow::Result<()> {
    let entries = remote.list().map_err(|why| anyhow::anyhow!("cannot list {}: {why}", remote.shown))?;
    let mut text = String::new();
    let mut listed = Vec::new();
    for entry in &entries {
        text.push_str(&format!("{}  {:>10} B  {:>5} d\n", entry.key, entry.bytes, entry.age_secs / 86_400));
        listed.push(json!({"key": entry.key, "bytes": entry.bytes, "age_secs": entry.age_secs}));
    }
    if !report.is_json() {
        common::write_stdout(text.as_bytes())?;
    }
    let total: u64 = entries.iter().map(|e| e.bytes).sum();
    report.field("remote", remote.shown.clone());
    report.field("entries", listed);
    report.count("entries", entries.len());
    report.finish(&format!("cache: {}, {total} bytes in {}", entries_text(entries.len()), remote.shown))
}

/// The local entries to remove: those older than `older_than` days, then the least recently
/// used until the rest fit `max_size`; with neither, all.
fn doomed(entries: &[EntryInfo], older_than: Option<u64>, max_size: Option<u64>) -> Vec<usize> {
    if older_than.is_none() && max_size.is_none() {
        return (0..entries.len()).collect();
    }
    let limit = older_than.map(|days| days.saturating_mul(86_400));
    let mut out: Vec<usize> = (0..entries.len()).filter(|&i| limit.is_some_and(|l| entries[i].age_secs > l)).collect();
    if let Some(budget) = max_size {
        let mut kept: Vec<usize> = (0..entries.len()).filter(|i| !out.contains(i)).collect();
        // Oldest use first (a hit refreshes an entry's time), then by key for a stable order.
        kept.sort_by(|&a, &b| entries[b].age_secs.cmp(&entries[a].age_secs).then(entries[a].key.cmp(&entries[b].key)));
        let mut total: u64 = kept.iter().map(|&i| entries[i].bytes).sum();
        for i in kept {
            if total <= budget {
                break;
            }
            total -= entries[i].bytes;
            out.push(i);
        }
    }
    out.sort_unstable();
    out
}

fn clean_local(
    cache: &Cache,
    older_than: Option<u64>,
    max_size: Option<u64>,
    mut report: Report,
) -> anyhow::Result<()> {
    let entries = cache.entries().map_err(|err| anyhow::anyhow!("cannot read {}: {err}", cache.dir.display()))?;
    let mut removed = 0usize;
    let mut freed = 0u64;
    for i in doomed(&entries, older_than, max_size) {
        let entry = &entries[i];
        std::fs::remove_dir_all(&entry.path)
            .map_err(|err| anyhow::anyhow!("cannot remove {}: {err}", entry.path.display()))?;
        removed += 1;
        freed += entry.bytes;
    }
    report.count("removed", removed);
    report.field("freed_bytes", freed);
    let kept = entries.len() - removed;
    report.finish(&format!("cache: removed {}, {freed} bytes; {} kept", entries_text(removed), entries_text(kept)))
}

fn clean_remote(remote: &Remote, older_than: Option<u64>, mut report: Report) -> anyhow::Result<()> {
    let entries = remote.list().map_err(|why| anyhow::anyhow!("cannot list {}: {why}", remote.shown))?;
    let limit = older_than.map(|days| days.saturating_mul(86_400));
    let mut removed = 0usize;
    let mut freed = 0u64;
    for entry in entries.iter().filter(|e| limit.is_none_or(|l| e.age_secs > l)) {
        remote
            .delete(&entry.key)
            .map_err(|why| anyhow::anyhow!("cannot remove {} from {}: {why}", entry.key, remote.shown))?;
        removed += 1;
        freed += entry.bytes;
    }
    report.field("remote", remote.shown.clone());
    report.count("removed", removed);
    report.field("freed_bytes", freed);
    let kept = entries.len() - removed;
    report.finish(&format!(
        "cache: removed {} from {}, {freed} bytes; {} kept",
        entries_text(removed),
        remote.shown,
        entries_text(kept)
    ))
}

/// `1 entry`, `2 entries` (`report::count` adds `s`).
fn entries_text(n: usize) -> String {
    if n == 1 {
        "1 entry".to_string()
    } else {
        format!("{n} entries")
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn entry(key: &str, bytes: u64, age_secs: u64) -> EntryInfo {
        EntryInfo { key: key.into(), path: key.into(), manifest: None, bytes, age_secs }
    }

    #[test]
    fn sizes_read_with_units() {
        assert_eq!(parse_size("20G"), Ok(20 << 30));
        assert_eq!(parse_size("512M"), Ok(512 << 20));
        assert_eq!(parse_size("100"), Ok(100));
        assert!(parse_size("3T").is_err() && parse_size("G").is_err());
    }

    #[test]
    fn a_size_budget_removes_the_least_recently_used_first() {
        let entries = [entry("a", 100, 50), entry("b", 100, 500), entry("c", 100, 5)];
        assert_eq!(doomed(&entries, None, Some(250)), [1]);
        assert_eq!(doomed(&entries, None, Some(100)), [0, 1]);
        assert_eq!(doomed(&entries, Some(0), None), [0, 1, 2]);
        assert_eq!(doomed(&entries, None, None), [0, 1, 2]);
        assert!(doomed(&entries, None, Some(1000)).is_empty());
    }
}
