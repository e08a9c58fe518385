//! The shared tier in a compile: fetching a key's entry (unpacked, checked, its signature
//! verified against the team key) and publishing a fresh compile's. What to do with a refused
//! or unreachable entry is a located warning for the run; the compile goes on locally.

use super::remote::{Got, Put, Remote};
use super::settings::CacheSettings;
use crate::codes;
use air_compile::aircc::bundle::{self, Unpacked};
use air_compile::aircc::sign::{self, Trust};
use air_compile::aircc::{Manifest, OutputFormat};
use air_diagnostics::Diagnostic;

/// A decompressed entry larger than this is refused (an xclbin is a few MB).
const MAX_ENTRY_BYTES: u64 = 4 << 30;

/// The shared tier of one run.
pub struct Shared {
    pub remote: Remote,
    pub read_only: bool,
    team_key: Option<Vec<u8>>,
}

/// What a fetch found.
pub enum Fetched {
    /// A checked entry that may be served, and its size in the store.
    Hit(Box<Unpacked>, u64),
    Miss,
    /// A damaged entry, not served: a fresh compile replaces it.
    Damaged(Diagnostic),
    /// An entry the team key does not vouch for, not served. `replace`: it carries no
    /// signature, so a signed one replaces it; a forged one stays (a machine with a wrong key
    /// must not overwrite the team's entries).
    Untrusted {
        warning: Diagnostic,
        replace: bool,
    },
    /// The store could not be read.
    Unreachable(Diagnostic),
}

impl Shared {
    /// The shared tier of `settings`, if it names one; `Err` is the store that cannot be opened.
    pub fn open(settings: &CacheSettings) -> Result<Option<Shared>, Diagnostic> {
        let Some(url) = &settings.url else { return Ok(None) };
        let remote = Remote::open(url).map_err(|why| {
            Diagnostic::warning(codes::REMOTE_UNREACHABLE, format!("the shared cache cannot be used: {why}"))
                .with_help("check --cache-url / $AIR_STITCH_CACHE_URL and the store's credentials; compiles go on with the local cache")
        })?;
        Ok(Some(Shared { remote, read_only: settings.read_only, team_key: settings.team_key.clone() }))
    }

    /// The entry of `key`, fetched and checked: its signature judged before any artifact is read.
    pub fn fetch(&self, key: &str, format: OutputFormat) -> Fetched {
        let bytes = match self.remote.get(key, MAX_ENTRY_BYTES) {
            Ok(Got::Bytes(bytes)) => bytes,
            Ok(Got::Missing) => return Fetched::Miss,
            Ok(Got::TooLarge(size)) => {
                return self
                    .damaged(key, &format!("it is {size} bytes, more than the {MAX_ENTRY_BYTES} an entry may be"))
            }
            Err(why) => return Fetched::Unreachable(self.unreachable("read", &why)),
        };
        let size = bytes.len() as u64;
        let mut trust = Trust::NotChecked;
        let mut judge = |manifest: &[u8], signature: Option<&str>| {
            trust = sign::trust(manifest, signature, self.team_key.as_deref());
            match trust.may_serve() {
                true => Ok(()),
                false => Err(air_compile::aircc::EntryProblem::Refused("its signature".to_string())),
            }
        };
        match bundle::unpack(&bytes, key, format, MAX_ENTRY_BYTES, &mut judge) {
            Ok(unpacked) => Fetched::Hit(Box::new(unpacked), size),
            Err(air_compile::aircc::EntryProblem::Refused(_)) => self.untrusted(key, trust),
            Err(problem) => self.damaged(key, &problem.to_string()),
        }
    }

    fn damaged(&self, key: &str, why: &str) -> Fetched {
        Fetched::Damaged(
            Diagnostic::warning(
                codes::REMOTE_ENTRY_DAMAGED,
                format!("the shared cache's entry {} was not served: {why}", short(key)),
            )
            .with_note(format!("in {}", self.remote.shown))
            .with_note("aircc runs here; a fresh entry replaces it unless the cache is read-only"),
        )
    }

    fn untrusted(&self, key: &str, trust: Trust) -> Fetched {
        let (why, replace) = match trust {
            Trust::Unsigned => ("it carries no signature, and $AIR_STITCH_CACHE_KEY asks for one", true),
            _ => ("its signature does not verify with $AIR_STITCH_CACHE_KEY", false),
        };
        let then = match replace {
            true => "aircc runs here, and the signed entry replaces it unless the cache is read-only",
            false => "aircc runs here, and the entry stays: if the team key changed, every machine needs the new one; `air-stitch cache clean --remote` removes entries",
        };
        let warning = Diagnostic::warning(
            codes::REMOTE_ENTRY_UNTRUSTED,
            format!("the shared cache's entry {} was refused: {why}", short(key)),
        )
        .with_note(format!("in {}; anyone who can write the store could have put it there", self.remote.shown))
        .with_help(then);
        Fetched::Untrusted { warning, replace }
    }

    /// Publishes a fresh compile's entry (signed with the team key when there is one);
    /// `replace` overwrites a damaged one. `Ok(None)`: read-only, nothing written.
    pub fn publish(
        &self,
        manifest: &Manifest,
        files: &[(String, Vec<u8>)],
        replace: bool,
    ) -> Result<Option<(Put, u64)>, Diagnostic> {
        if self.read_only {
            return Ok(None);
        }
        let manifest_bytes = manifest.to_json().into_bytes();
        let signature = self.team_key.as_deref().map(|key| sign::sign(&manifest_bytes, key));
        let bundle = bundle::pack(&manifest_bytes, signature.as_deref(), files)
            .map_err(|err| self.unreachable("write", &format!("cannot pack the entry: {err}")))?;
        let size = bundle.len() as u64;
        let put = self.remote.put(&manifest.key, bundle, replace).map_err(|why| self.unreachable("write", &why))?;
        Ok(Some((put, size)))
    }

    fn unreachable(&self, what: &str, why: &str) -> Diagnostic {
        Diagnostic::warning(
            codes::REMOTE_UNREACHABLE,
            format!(
                "the shared cache {} cannot be {what}: {why}",
                self.remote.shown,
                what = match what {
                    "read" => "read",
                    _ => "written",
                }
            ),
        )
        .with_note("the compile goes on with the local cache")
    }
}

fn short(key: &str) -> &str {
    key.get(..16).unwrap_or(key)
}
