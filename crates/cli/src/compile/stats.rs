//! The cache's counters (`air-stitch cache stats`): hits and misses per tier and the bytes
//! moved, in `DIR/stats.json`, updated under `DIR/stats.lock` so that parallel compiles
//! (`compile --jobs`) add up. Counting is best effort: a counter that cannot be written never
//! fails a compile.

use serde::{Deserialize, Serialize};
use std::fs::File;
use std::path::Path;

pub const STATS_FILE: &str = "stats.json";

/// Every counter, since the local cache was created or `cache stats --reset`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    pub local_hits: u64,
    pub local_misses: u64,
    pub remote_hits: u64,
    pub remote_misses: u64,
    /// Remote entries not served: damaged, forged or unsigned.
    pub remote_refused: u64,
    /// Reads or writes of the shared store that failed.
    pub remote_errors: u64,
    /// Compiles that ran aircc to an artifact.
    pub compiles: u64,
    /// Entries published to the shared store, and bytes moved each way.
    pub remote_stored: u64,
    pub bytes_from_remote: u64,
    pub bytes_to_remote: u64,
}

/// Reads the counters (zero when there are none).
pub fn read(dir: &Path) -> Stats {
    std::fs::read_to_string(dir.join(STATS_FILE)).ok().and_then(|t| serde_json::from_str(&t).ok()).unwrap_or_default()
}

/// Adds to the counters under the lock.
pub fn add(dir: &Path, change: impl FnOnce(&mut Stats)) {
    let _ = (|| -> std::io::Result<()> {
        std::fs::create_dir_all(dir)?;
        let lock = File::options().create(true).truncate(false).write(true).open(dir.join("stats.lock"))?;
        lock.lock()?;
        let mut stats = read(dir);
        change(&mut stats);
        let text = serde_json::to_string_pretty(&stats).map_err(std::io::Error::other)? + "\n";
        let tmp = dir.join(format!(".{STATS_FILE}.{}.tmp", std::process::id()));
        std::fs::write(&tmp, text)?;
        std::fs::rename(&tmp, dir.join(STATS_FILE))
    })();
}

/// Resets the counters.
pub fn reset(dir: &Path) -> std::io::Result<()> {
    match std::fs::remove_file(dir.join(STATS_FILE)) {
        Err(err) if err.kind() != std::io::ErrorKind::NotFound => Err(err),
        _ => Ok(()),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn counters_add_up_across_writers() {
        let dir = std::env::temp_dir().join(format!("air-stitch-stats-{}", std::process::id()));
        let threads: Vec<_> = (0..4)
            .map(|_| {
                let dir = dir.clone();
                std::thread::spawn(move || {
                    for _ in 0..25 {
                        add(&dir, |s| s.local_hits += 1);
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        assert_eq!(read(&dir).local_hits, 100);
        reset(&dir).unwrap();
        assert_eq!(read(&dir), Stats::default());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
