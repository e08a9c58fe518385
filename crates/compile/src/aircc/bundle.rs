//! A cache entry as one object, for a shared (remote) tier: a tar of `manifest.json`, its
//! signature `manifest.hmac` when the producer had a team key, and the artifacts, compressed
//! with zstd. One object is put and got whole, so a store that makes an object visible only
//! when its upload completes never shows half an entry; unpacking checks what it reads before
//! anything is served: only the expected members, no more bytes than the manifest records,
//! each artifact's size and sha256 (as a local entry is checked, [`Manifest::check`]).
//!
//! Packing is deterministic (fixed member order, mode and time), so one compile packs to the
//! same bytes on every machine.

use super::manifest::{entry_file, Manifest, MANIFEST_FILE};
use super::options::OutputFormat;
use super::EntryProblem;
use std::io::Read;

/// The member holding the manifest's signature.
pub const SIGNATURE_FILE: &str = "manifest.hmac";
/// A manifest larger than this is not one (the artifacts are separate members).
const MANIFEST_MAX: u64 = 1 << 20;
/// zstd's level: fast, and xclbins shrink well at it.
const LEVEL: i32 = 3;

/// The reader's judgement of an entry's manifest (its bytes) and signature.
pub type Judge<'a> = dyn FnMut(&[u8], Option<&str>) -> Result<(), EntryProblem> + 'a;

/// An entry read from a bundle, checked: the manifest as it was signed, its signature, and each
/// artifact's (suffix, bytes).
#[derive(Clone, Debug)]
pub struct Unpacked {
    pub manifest: Manifest,
    /// The manifest's exact bytes (what the signature covers).
    pub manifest_bytes: Vec<u8>,
    pub signature: Option<String>,
    pub files: Vec<(String, Vec<u8>)>,
}

/// Packs an entry: `manifest_bytes` (the manifest's JSON, [`Manifest::to_json`]), its
/// signature, and the artifacts in the manifest's order.
pub fn pack(
    manifest_bytes: &[u8],
    signature: Option<&str>,
    artifacts: &[(String, Vec<u8>)],
) -> std::io::Result<Vec<u8>> {
    let mut tar = tar::Builder::new(Vec::new());
    let mut add = |name: &str, bytes: &[u8]| -> std::io::Result<()> {
        let mut header = tar::Header::new_ustar();
        header.set_size(bytes.len() as u64);
        header.set_mode(0o644);
        header.set_mtime(0);
        header.set_uid(0);
        header.set_gid(0);
        header.set_entry_type(tar::EntryType::Regular);
        tar.append_data(&mut header, name, bytes)
    };
    add(MANIFEST_FILE, manifest_bytes)?;
    if let Some(signature) = signature {
        add(SIGNATURE_FILE, format!("{signature}\n").as_bytes())?;
    }
    for (suffix, bytes) in artifacts {
        add(&entry_file(suffix), bytes)?;
    }
    let tarred = tar.into_inner()?;
    zstd::stream::encode_all(tarred.as_slice(), LEVEL)
}

/// Unpacks and checks the bundle of `key`: every artifact of `format` there, with the size and
/// sha256 its manifest records, and nothing else. Reads at most `max_bytes` of decompressed
/// data, and refuses a manifest that records more. `accept` judges the manifest's bytes and
/// signature (the team key) before any artifact is read.
pub fn unpack(
    bytes: &[u8],
    key: &str,
    format: OutputFormat,
    max_bytes: u64,
    accept: &mut Judge<'_>,
) -> Result<Unpacked, EntryProblem> {
    let bad = |why: String| EntryProblem::BadBundle(why);
    let decoder = zstd::stream::read::Decoder::new(bytes).map_err(|e| bad(format!("not zstd: {e}")))?;
    let mut archive = tar::Archive::new(decoder.take(max_bytes));
    let members = archive.entries().map_err(|e| bad(format!("not a tar: {e}")))?;
    let mut manifest: Option<(Manifest, Vec<u8>)> = None;
    let mut signature: Option<String> = None;
    let mut accepted = false;
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    for member in members {
        let mut member = member.map_err(|e| bad(format!("a damaged member: {e}")))?;
        let name = member.path().map_err(|e| bad(e.to_string()))?.to_string_lossy().into_owned();
        let size = member.header().size().map_err(|e| bad(e.to_string()))?;
        if member.header().entry_type() != tar::EntryType::Regular {
            return Err(bad(format!("{name} is not a plain file")));
        }
        // The member may not be larger than the manifest lets it be.
        let bound = match (&manifest, name.as_str()) {
            (None, MANIFEST_FILE) => MANIFEST_MAX,
            (None, _) => return Err(bad(format!("{name} comes before {MANIFEST_FILE}"))),
            (Some(_), SIGNATURE_FILE) if signature.is_none() && files.is_empty() => 130,
            (Some((m, _)), _) => match m.artifacts.iter().find(|a| a.file == name) {
                Some(a) if !files.iter().any(|(s, _)| s == &a.suffix) => a.size,
                Some(_) => return Err(bad(format!("{name} twice"))),
                None => return Err(bad(format!("an unexpected member {name}"))),
            },
        };
        if size > bound {
            return Err(EntryProblem::Size { file: name, recorded: bound, found: size });
        }
        if let (Some((_, manifest_bytes)), false, false) = (&manifest, accepted, name == SIGNATURE_FILE) {
            accept(manifest_bytes, signature.as_deref())?;
            accepted = true;
        }
        // The recorded size is the writer's word: grow as bytes arrive.
        let mut data = Vec::with_capacity(size.min(1 << 20) as usize);
        (&mut member).take(size).read_to_end(&mut data).map_err(|e| bad(format!("{name} cannot be read: {e}")))?;
        match (&manifest, name.as_str()) {
            (None, _) => {
                let text = std::str::from_utf8(&data).map_err(|_| bad(format!("{MANIFEST_FILE} is not UTF-8")))?;
                let parsed = Manifest::parse(text, key)?;
                let recorded = parsed.artifacts.iter().fold(MANIFEST_MAX, |sum, a| sum.saturating_add(a.size));
                if recorded > max_bytes {
                    return Err(bad(format!(
                        "its manifest records {recorded} bytes, more than the {max_bytes} allowed"
                    )));
                }
                manifest = Some((parsed, data));
            }
            (Some(_), SIGNATURE_FILE) => {
                signature = Some(String::from_utf8_lossy(&data).trim().to_string());
            }
            (Some((m, _)), _) => {
                let suffix = m.artifacts.iter().find(|a| a.file == name).map(|a| a.suffix.clone()).unwrap_or_default();
                files.push((suffix, data));
            }
        }
    }
    let Some((manifest, manifest_bytes)) = manifest else {
        return Err(EntryProblem::Missing { file: MANIFEST_FILE.to_string() });
    };
    if !accepted {
        accept(&manifest_bytes, signature.as_deref())?;
    }
    manifest.check(format, |file| files.iter().find(|(s, _)| entry_file(s) == file).map(|(_, b)| b.as_slice()))?;
    Ok(Unpacked { manifest, manifest_bytes, signature, files })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::aircc::manifest::{Artifact, MANIFEST_SCHEMA};

    fn any(_: &[u8], _: Option<&str>) -> Result<(), EntryProblem> {
        Ok(())
    }

    fn entry() -> (Vec<u8>, Vec<(String, Vec<u8>)>) {
        let files =
            vec![(".xclbin".to_string(), b"XCLBIN bytes".to_vec()), (".insts.bin".to_string(), b"INSTS".to_vec())];
        let manifest = Manifest {
            schema: MANIFEST_SCHEMA.into(),
            key: "k".into(),
            artifacts: files.iter().map(|(s, b)| Artifact::of(s, b)).collect(),
            components: Vec::new(),
            source: "fused.mlir".into(),
            created_unix: 1,
            compile_ms: 2,
        };
        (manifest.to_json().into_bytes(), files)
    }

    #[test]
    fn an_entry_round_trips_byte_for_byte_and_packs_alike_every_time() {
        let (manifest, files) = entry();
        let bundle = pack(&manifest, Some("ab12"), &files).unwrap();
        assert_eq!(bundle, pack(&manifest, Some("ab12"), &files).unwrap(), "deterministic");
        let unpacked = unpack(&bundle, "k", OutputFormat::Xclbin, 1 << 30, &mut any).unwrap();
        assert_eq!((unpacked.manifest_bytes, unpacked.signature.as_deref()), (manifest, Some("ab12")));
        assert_eq!(unpacked.files, files);
    }

    #[test]
    fn damage_is_refused_and_named() {
        let (manifest, files) = entry();
        let bundle = pack(&manifest, None, &files).unwrap();
        let refused = |bytes: &[u8]| unpack(bytes, "k", OutputFormat::Xclbin, 1 << 30, &mut any).unwrap_err();
        // Truncated: the compressed stream ends early.
        assert!(matches!(
            refused(&bundle[..bundle.len() / 2]),
            EntryProblem::BadBundle(_) | EntryProblem::Missing { .. }
        ));
        assert!(matches!(refused(b"not zstd at all"), EntryProblem::BadBundle(_)));
        // Another key's entry.
        assert!(matches!(
            unpack(&bundle, "other", OutputFormat::Xclbin, 1 << 30, &mut any).unwrap_err(),
            EntryProblem::WrongKey { .. }
        ));
        // An artifact whose bytes changed (same size), repacked around the same manifest.
        let mut changed = files.clone();
        changed[0].1[0] ^= 1;
        let forged = pack(&manifest, None, &changed).unwrap();
        assert!(matches!(refused(&forged), EntryProblem::Hash { .. }));
        // A longer artifact than recorded is refused before it is read.
        let mut longer = files.clone();
        longer[1].1.extend_from_slice(b"and more");
        assert!(matches!(refused(&pack(&manifest, None, &longer).unwrap()), EntryProblem::Size { .. }));
        // A missing artifact.
        assert!(matches!(refused(&pack(&manifest, None, &files[..1]).unwrap()), EntryProblem::Missing { .. }));
        // More decompressed bytes than allowed.
        assert!(unpack(&bundle, "k", OutputFormat::Xclbin, 600, &mut any).is_err());
    }

    #[test]
    fn unexpected_members_are_refused() {
        let (manifest, files) = entry();
        let mut extra = files.clone();
        extra.push((".sh".to_string(), b"#!/bin/sh\n".to_vec()));
        let bundle = pack(&manifest, None, &extra).unwrap();
        assert!(matches!(
            unpack(&bundle, "k", OutputFormat::Xclbin, 1 << 30, &mut any).unwrap_err(),
            EntryProblem::BadBundle(why) if why.contains("unexpected member artifact.sh")
        ));
    }

    #[test]
    fn the_reader_judges_the_signature_before_any_artifact_and_sizes_are_bounded() {
        let (manifest, files) = entry();
        let bundle = pack(&manifest, Some("ab12"), &files).unwrap();
        let mut seen = Vec::new();
        let mut refuse = |m: &[u8], s: Option<&str>| {
            seen.push((m.len(), s.map(str::to_string)));
            Err(EntryProblem::Refused("forged".into()))
        };
        let err = unpack(&bundle, "k", OutputFormat::Xclbin, 1 << 30, &mut refuse).unwrap_err();
        assert_eq!(err, EntryProblem::Refused("forged".into()));
        assert_eq!(seen, [(manifest.len(), Some("ab12".to_string()))], "asked once, with the signature");
        // A manifest that records more than allowed is refused before anything is read.
        let mut huge: Manifest = serde_json::from_slice(&manifest).unwrap();
        huge.artifacts[0].size = u64::MAX / 2;
        let bundle = pack(huge.to_json().as_bytes(), None, &files).unwrap();
        let err = unpack(&bundle, "k", OutputFormat::Xclbin, 1 << 30, &mut any).unwrap_err();
        assert!(matches!(err, EntryProblem::BadBundle(ref why) if why.contains("more than")), "{err:?}");
        // An artifact of another format is not served along.
        let mut extra: Manifest = serde_json::from_slice(&manifest).unwrap();
        extra.artifacts.push(Artifact::of(".elf", b"ELF"));
        let mut with_elf = files.clone();
        with_elf.push((".elf".to_string(), b"ELF".to_vec()));
        let bundle = pack(extra.to_json().as_bytes(), None, &with_elf).unwrap();
        assert!(matches!(
            unpack(&bundle, "k", OutputFormat::Xclbin, 1 << 30, &mut any).unwrap_err(),
            EntryProblem::BadManifest(_)
        ));
    }
}
