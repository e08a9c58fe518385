//! The shared tier in `compile`: after a local miss, the shared store's entry (served and
//! copied into the local tier when it checks out); after a fresh compile, its entry published.
//! Whatever the shared store does, the compile goes on: its problems are warnings.

use super::outcome::{Finished, Record};
use super::Opts;
use crate::compile::cache::Cache;
use crate::compile::remote::Put;
use crate::compile::settings::CacheSettings;
use crate::compile::shared::{Fetched, Shared};
use crate::compile::stats;
use crate::report::Report;
use air_compile::aircc::{CacheKey, CompileOptions, Manifest};
use air_diagnostics::SourceMap;

/// What a fetch from the shared tier leaves to do.
pub(super) enum Fetch {
    Served(Finished),
    /// Compile here; `replace`: the shared entry was damaged and a fresh one replaces it.
    Compile {
        replace: bool,
    },
}

impl Opts {
    /// The shared tier of `settings`, opened; a store that cannot be opened is a warning.
    pub(super) fn shared(&self, settings: &CacheSettings, report: &mut Report, record: &mut Record) -> Option<Shared> {
        match Shared::open(settings) {
            Ok(shared) => shared,
            Err(warning) => {
                report.add(&[warning], &SourceMap::new());
                if let Some(url) = &settings.url {
                    record.remote(&crate::compile::remote::shown(url), "unusable");
                }
                None
            }
        }
    }

    /// The key's entry in the shared tier: served (and kept in the local tier) when it checks
    /// out and its signature verifies.
    pub(super) fn fetch(
        &self,
        shared: &Shared,
        cache: Option<&Cache>,
        key: &CacheKey,
        options: &CompileOptions,
        report: &mut Report,
        record: &mut Record,
    ) -> anyhow::Result<Fetch> {
        let count = |change: &dyn Fn(&mut stats::Stats)| count(cache, change);
        // A batch's first pass (`--if-cached`) counts hits only: the rest are counted when the
        // module compiles.
        let count_miss = |change: &dyn Fn(&mut stats::Stats)| {
            if !self.if_cached {
                count(change);
            }
        };
        match shared.fetch(&key.hex, options.output_format) {
            Fetched::Hit(unpacked, size) => {
                if let Some(cache) = cache {
                    // A copy that cannot be kept only costs the next run a download.
                    let _ = cache.store(&unpacked.manifest, &unpacked.files);
                }
                let artifacts = self.write_artifacts(&unpacked.files)?;
                record.set("cache_status", "remote-hit");
                record.remote(&shared.remote.shown, "hit");
                record.artifacts(artifacts);
                record.set("compiled_in_ms", unpacked.manifest.compile_ms);
                count(&|s| {
                    s.remote_hits += 1;
                    s.bytes_from_remote += size;
                });
                Ok(Fetch::Served(Finished::RemoteHit))
            }
            Fetched::Miss => {
                record.remote(&shared.remote.shown, "miss");
                count_miss(&|s| s.remote_misses += 1);
                Ok(Fetch::Compile { replace: false })
            }
            Fetched::Damaged(warning) => {
                report.add(&[warning], &SourceMap::new());
                record.remote(&shared.remote.shown, "damaged");
                count_miss(&|s| s.remote_refused += 1);
                Ok(Fetch::Compile { replace: true })
            }
            Fetched::Untrusted { warning, replace } => {
                report.add(&[warning], &SourceMap::new());
                record.remote(&shared.remote.shown, "untrusted");
                count_miss(&|s| s.remote_refused += 1);
                Ok(Fetch::Compile { replace })
            }
            Fetched::Unreachable(warning) => {
                report.add(&[warning], &SourceMap::new());
                record.remote(&shared.remote.shown, "unreachable");
                count_miss(&|s| s.remote_errors += 1);
                Ok(Fetch::Compile { replace: false })
            }
        }
    }

    /// Publishes a fresh compile's entry to the shared tier (not when read-only).
    pub(super) fn publish(
        &self,
        shared: &Shared,
        cache: Option<&Cache>,
        manifest: &Manifest,
        files: &[(String, Vec<u8>)],
        replace: bool,
        record: &mut Record,
    ) -> Vec<air_diagnostics::Diagnostic> {
        let count = |change: &dyn Fn(&mut stats::Stats)| count(cache, change);
        match shared.publish(manifest, files, replace) {
            Ok(None) => {
                record.remote(&shared.remote.shown, "read-only");
                Vec::new()
            }
            Ok(Some((put, size))) => {
                let status = match put {
                    Put::Stored => "stored",
                    Put::AlreadyThere => "already-there",
                };
                record.remote(&shared.remote.shown, status);
                if put == Put::Stored {
                    count(&|s| {
                        s.remote_stored += 1;
                        s.bytes_to_remote += size;
                    });
                }
                Vec::new()
            }
            Err(warning) => {
                record.remote(&shared.remote.shown, "unreachable");
                count(&|s| s.remote_errors += 1);
                vec![warning]
            }
        }
    }
}

/// Adds to the local tier's counters (there are none without a local tier).
fn count(cache: Option<&Cache>, change: &dyn Fn(&mut stats::Stats)) {
    if let Some(cache) = cache {
        stats::add(&cache.dir, change);
    }
}
