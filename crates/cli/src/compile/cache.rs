//! The artifact cache on disk: `DIR/entries/KEY/` holds one successful compile (the artifacts
//! and `manifest.json`), written as a temporary directory and renamed into place, so an entry
//! is whole or absent; `DIR/locks/KEY.lock` makes two compiles of one key run aircc once;
//! `DIR/tools/` memoizes tools' `--version` output.

use air_compile::aircc::manifest::{self, MANIFEST_FILE};
use air_compile::aircc::{EntryProblem, Manifest, OutputFormat};
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

pub struct Cache {
    pub dir: PathBuf,
}

/// What a lookup found.
pub enum Lookup {
    Miss,
    /// The manifest and each artifact's (suffix, bytes), checked.
    Hit(Manifest, Vec<(String, Vec<u8>)>),
    /// An entry that may not be served; it has been removed.
    Evicted(EntryProblem),
}

/// The default cache directory: `$XDG_CACHE_HOME/air-stitch`, else `~/.cache/air-stitch`.
pub fn default_dir() -> Option<PathBuf> {
    if let Some(xdg) = std::env::var_os("XDG_CACHE_HOME").filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(xdg).join("air-stitch"));
    }
    std::env::var_os("HOME").filter(|v| !v.is_empty()).map(|home| PathBuf::from(home).join(".cache").join("air-stitch"))
}

impl Cache {
    pub fn entries_dir(&self) -> PathBuf {
        self.dir.join("entries")
    }

    pub fn entry_dir(&self, key: &str) -> PathBuf {
        self.entries_dir().join(key)
    }

    pub fn tools_dir(&self) -> PathBuf {
        self.dir.join("tools")
    }

    /// The entry of `key`, served only when its manifest and every artifact check out; a
    /// damaged entry is removed (the caller compiles again).
    pub fn lookup(&self, key: &str, format: OutputFormat) -> Lookup {
        let dir = self.entry_dir(key);
        let Ok(text) = std::fs::read_to_string(dir.join(MANIFEST_FILE)) else {
            if dir.exists() {
                let problem = EntryProblem::Missing { file: MANIFEST_FILE.to_string() };
                let _ = std::fs::remove_dir_all(&dir);
                return Lookup::Evicted(problem);
            }
            return Lookup::Miss;
        };
        let checked = Manifest::parse(&text, key).and_then(|manifest| {
            let mut files: Vec<(String, Vec<u8>)> = Vec::new();
            for suffix in manifest::suffixes(format) {
                if let Ok(bytes) = std::fs::read(dir.join(manifest::entry_file(suffix))) {
                    files.push((suffix.to_string(), bytes));
                }
            }
            let by_file =
                |file: &str| files.iter().find(|(s, _)| manifest::entry_file(s) == file).map(|(_, b)| b.as_slice());
            manifest.check(format, by_file)?;
            Ok((manifest, files))
        });
        match checked {
            Ok((manifest, files)) => {
                // The entry's time is its last use: `cache clean --max-size` drops the least
                // recently used first.
                let _ = File::open(&dir).and_then(|d| d.set_modified(std::time::SystemTime::now()));
                Lookup::Hit(manifest, files)
            }
            Err(problem) => {
                let _ = std::fs::remove_dir_all(&dir);
                Lookup::Evicted(problem)
            }
        }
    }

    /// Takes the lock of `key`, waiting for another compile of it to finish. The lock is
    /// released when the file is dropped (also when the process dies).
    pub fn lock(&self, key: &str) -> io::Result<File> {
        let dir = self.dir.join("locks");
        std::fs::create_dir_all(&dir)?;
        let file = File::options().create(true).truncate(false).write(true).open(dir.join(format!("{key}.lock")))?;
        file.lock()?;
        Ok(file)
    }

    /// Stores a successful compile: a temporary directory beside the entries, renamed into
    /// place once every file is written and synced.
    pub fn store(&self, manifest: &Manifest, artifacts: &[(String, Vec<u8>)]) -> io::Result<()> {
        let entries = self.entries_dir();
        std::fs::create_dir_all(&entries)?;
        let tmp = entries.join(format!(".{}.{}.tmp", manifest.key, std::process::id()));
        let result = (|| -> io::Result<()> {
            let _ = std::fs::remove_dir_all(&tmp);
            std::fs::create_dir(&tmp)?;
            for (suffix, bytes) in artifacts {
                write_synced(&tmp.join(manifest::entry_file(suffix)), bytes)?;
            }
            write_synced(&tmp.join(MANIFEST_FILE), manifest.to_json().as_bytes())?;
            let dir = self.entry_dir(&manifest.key);
            // Under the key's lock no compile writes this entry, but a fill from the shared tier
            // (which takes no lock) may have: a whole entry of the key is as good as this one.
            let _ = std::fs::remove_dir_all(&dir);
            match std::fs::rename(&tmp, &dir) {
                Err(_) if dir.join(MANIFEST_FILE).is_file() => {
                    let _ = std::fs::remove_dir_all(&tmp);
                    Ok(())
                }
                other => other,
            }
        })();
        if result.is_err() {
            let _ = std::fs::remove_dir_all(&tmp);
        }
        result
    }

    /// Every entry: (key, its manifest if readable, bytes on disk, age in seconds).
    pub fn entries(&self) -> io::Result<Vec<EntryInfo>> {
        let mut out = Vec::new();
        let dir = self.entries_dir();
        let read = match std::fs::read_dir(&dir) {
            Ok(read) => read,
            Err(err) if err.kind() == io::ErrorKind::NotFound => return Ok(out),
            Err(err) => return Err(err),
        };
        for entry in read.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = entry.path();
            // `.KEY.PID.tmp`: an entry being written (or left by a killed compile).
            if !path.is_dir() || name.starts_with('.') {
                continue;
            }
            let manifest =
                std::fs::read_to_string(path.join(MANIFEST_FILE)).ok().and_then(|t| Manifest::parse(&t, &name).ok());
            let bytes = dir_size(&path);
            let modified = entry.metadata().and_then(|m| m.modified()).ok();
            let age_secs = modified.and_then(|m| m.elapsed().ok()).map_or(0, |d| d.as_secs());
            out.push(EntryInfo { key: name, path, manifest, bytes, age_secs });
        }
        out.sort_by(|a, b| a.key.cmp(&b.key));
        Ok(out)
    }
}

pub struct EntryInfo {
    pub key: String,
    pub path: PathBuf,
    pub manifest: Option<Manifest>,
    pub bytes: u64,
    pub age_secs: u64,
}

fn dir_size(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .map(|read| read.flatten().filter_map(|e| e.metadata().ok()).filter(|m| m.is_file()).map(|m| m.len()).sum())
        .unwrap_or(0)
}

fn write_synced(path: &Path, bytes: &[u8]) -> io::Result<()> {
    use std::io::Write;
    let mut file = File::create(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}
