//! What a cache entry records, and its check. An entry is a directory holding the artifacts
//! of one successful compile and `manifest.json`: the key, what it covers, and the size and
//! sha256 of every artifact. An entry is served only when every artifact is there with its
//! recorded size and sha256; anything else (a truncated copy, a flipped byte, a missing file,
//! an unreadable manifest) is a problem, and the CLI evicts the entry and compiles again.

use super::key::{sha256_hex, KeyComponent};
use super::options::OutputFormat;
use serde::{Deserialize, Serialize};

pub const MANIFEST_SCHEMA: &str = "air-stitch/cache-entry/1";
/// The manifest's file name in an entry.
pub const MANIFEST_FILE: &str = "manifest.json";

/// One artifact of an entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Artifact {
    /// The file in the entry (`artifact.xclbin`); it is copied out as `NAME` + `suffix`.
    pub file: String,
    /// `.xclbin`, `.insts.bin`, `.elf`.
    pub suffix: String,
    pub size: u64,
    pub sha256: String,
}

/// The manifest of one entry.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    pub schema: String,
    pub key: String,
    pub artifacts: Vec<Artifact>,
    pub components: Vec<KeyComponent>,
    /// The input the entry was compiled from, for `cache list` (not part of the key).
    pub source: String,
    /// Seconds since the Unix epoch.
    pub created_unix: u64,
    /// How long aircc ran, in milliseconds.
    pub compile_ms: u64,
}

/// Why an entry cannot be served.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryProblem {
    BadManifest(String),
    /// A bundle (a remote entry) that is not a whole zstd'd tar of the expected members.
    BadBundle(String),
    /// An entry its reader refused before reading its artifacts (its signature).
    Refused(String),
    WrongKey {
        recorded: String,
    },
    Missing {
        file: String,
    },
    Size {
        file: String,
        recorded: u64,
        found: u64,
    },
    Hash {
        file: String,
    },
}

impl std::fmt::Display for EntryProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EntryProblem::BadManifest(why) => write!(f, "its manifest cannot be read ({why})"),
            EntryProblem::BadBundle(why) => write!(f, "it is not a whole entry ({why})"),
            EntryProblem::Refused(why) => write!(f, "it was refused ({why})"),
            EntryProblem::WrongKey { recorded } => write!(f, "its manifest records another key ({recorded})"),
            EntryProblem::Missing { file } => write!(f, "{file} is missing"),
            EntryProblem::Size { file, recorded, found } => {
                write!(f, "{file} has {found} bytes, the manifest records {recorded} (truncated or overwritten)")
            }
            EntryProblem::Hash { file } => write!(f, "{file} does not match the sha256 its manifest records"),
        }
    }
}

/// The file an artifact with `suffix` has in an entry.
pub fn entry_file(suffix: &str) -> String {
    format!("artifact{suffix}")
}

/// Every artifact suffix an entry may hold.
pub const SUFFIXES: [&str; 3] = [".xclbin", ".insts.bin", ".elf"];

/// The suffixes of the artifacts of `format`.
pub fn suffixes(format: OutputFormat) -> &'static [&'static str] {
    match format {
        OutputFormat::Xclbin => &[".xclbin", ".insts.bin"],
        OutputFormat::Elf => &[".elf"],
    }
}

impl Artifact {
    /// The record of an artifact with `suffix` whose bytes are `bytes`.
    pub fn of(suffix: &str, bytes: &[u8]) -> Artifact {
        Artifact {
            file: entry_file(suffix),
            suffix: suffix.to_string(),
            size: bytes.len() as u64,
            sha256: sha256_hex(bytes),
        }
    }

    /// Whether `bytes` are this artifact: the size first (cheap, catches truncation), then the
    /// sha256.
    pub fn check(&self, bytes: Option<&[u8]>) -> Result<(), EntryProblem> {
        let Some(bytes) = bytes else { return Err(EntryProblem::Missing { file: self.file.clone() }) };
        if bytes.len() as u64 != self.size {
            return Err(EntryProblem::Size { file: self.file.clone(), recorded: self.size, found: bytes.len() as u64 });
        }
        if sha256_hex(bytes) != self.sha256 {
            return Err(EntryProblem::Hash { file: self.file.clone() });
        }
        Ok(())
    }
}

impl Manifest {
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).unwrap_or_default();
        text.push('\n');
        text
    }

    /// Reads a manifest and checks that it is one of `key` with only plain artifact names.
    pub fn parse(text: &str, key: &str) -> Result<Manifest, EntryProblem> {
        let manifest: Manifest = serde_json::from_str(text).map_err(|e| EntryProblem::BadManifest(e.to_string()))?;
        if manifest.schema != MANIFEST_SCHEMA {
            return Err(EntryProblem::BadManifest(format!(
                "schema {:?}, expected {MANIFEST_SCHEMA:?}",
                manifest.schema
            )));
        }
        if manifest.key != key {
            return Err(EntryProblem::WrongKey { recorded: manifest.key });
        }
        if manifest.artifacts.is_empty() {
            return Err(EntryProblem::BadManifest("no artifacts".to_string()));
        }
        if let Some(bad) = manifest.artifacts.iter().find(|a| a.file != entry_file(&a.suffix)) {
            return Err(EntryProblem::BadManifest(format!("artifact file {:?}", bad.file)));
        }
        // Only the artifacts air-stitch writes: a suffix names an output file (NAME + suffix).
        if let Some(bad) = manifest.artifacts.iter().find(|a| !SUFFIXES.contains(&a.suffix.as_str())) {
            return Err(EntryProblem::BadManifest(format!("artifact suffix {:?}", bad.suffix)));
        }
        Ok(manifest)
    }

    /// Whether the entry may be served: every artifact of `format` is recorded, and `read`
    /// (the CLI reading the entry's file) gives each one's bytes as recorded.
    pub fn check<'b>(
        &self,
        format: OutputFormat,
        mut read: impl FnMut(&str) -> Option<&'b [u8]>,
    ) -> Result<(), EntryProblem> {
        for suffix in suffixes(format) {
            let artifact = self
                .artifacts
                .iter()
                .find(|a| a.suffix == *suffix)
                .ok_or_else(|| EntryProblem::Missing { file: entry_file(suffix) })?;
            artifact.check(read(&artifact.file))?;
        }
        // Exactly the artifacts of the format: nothing unchecked comes along.
        if let Some(extra) = self.artifacts.iter().find(|a| !suffixes(format).contains(&a.suffix.as_str())) {
            return Err(EntryProblem::BadManifest(format!("an artifact {:?} of another format", extra.suffix)));
        }
        Ok(())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn manifest() -> Manifest {
        Manifest {
            schema: MANIFEST_SCHEMA.into(),
            key: "k".into(),
            artifacts: vec![Artifact::of(".xclbin", b"XCLBIN"), Artifact::of(".insts.bin", b"INSTS")],
            components: vec![KeyComponent { name: "module".into(), value: "sha256:...".into() }],
            source: "fused.mlir".into(),
            created_unix: 1,
            compile_ms: 2,
        }
    }

    #[test]
    fn a_whole_entry_is_served_and_any_damage_is_named() {
        let m = Manifest::parse(&manifest().to_json(), "k").unwrap();
        let files = |xclbin: &'static [u8]| {
            move |file: &str| match file {
                "artifact.xclbin" => Some(xclbin),
                "artifact.insts.bin" => Some(&b"INSTS"[..]),
                _ => None,
            }
        };
        assert_eq!(m.check(OutputFormat::Xclbin, files(b"XCLBIN")), Ok(()));
        assert_eq!(
            m.check(OutputFormat::Xclbin, files(b"XCL")).unwrap_err().to_string(),
            "artifact.xclbin has 3 bytes, the manifest records 6 (truncated or overwritten)"
        );
        assert_eq!(
            m.check(OutputFormat::Xclbin, files(b"XCLBIM")).unwrap_err().to_string(),
            "artifact.xclbin does not match the sha256 its manifest records"
        );
        assert_eq!(m.check(OutputFormat::Xclbin, |_| None).unwrap_err().to_string(), "artifact.xclbin is missing");
        assert_eq!(m.check(OutputFormat::Elf, files(b"XCLBIN")).unwrap_err().to_string(), "artifact.elf is missing");
    }

    #[test]
    fn bad_manifests_are_refused() {
        assert!(matches!(Manifest::parse("{", "k"), Err(EntryProblem::BadManifest(_))));
        assert_eq!(
            Manifest::parse(&manifest().to_json(), "other"),
            Err(EntryProblem::WrongKey { recorded: "k".into() })
        );
        let mut escaping = manifest();
        escaping.artifacts[0].file = "../../etc/passwd".into();
        assert!(matches!(Manifest::parse(&escaping.to_json(), "k"), Err(EntryProblem::BadManifest(_))));
    }
}
