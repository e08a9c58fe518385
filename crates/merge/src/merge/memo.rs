//! What a merge computed for its first slices, kept for the next merge of the same slices and
//! more. `group` grows a candidate one kernel at a time, and for the kernels already in it two
//! results cannot change:
//!
//! - The passes before remap-args ([`LEADING`]) see the same slice, the same plan entry and the
//!   same state from the slices before, so they would compute the same overlay again. An entry
//!   is used only when everything those passes read is equal: the very same parse (by pointer,
//!   not by text), the plan entry's kernel function, prefix, extern overrides and tile sizes,
//!   and every earlier slice taken from the memo too (so the [`Shared`] state before it is the
//!   one recorded). The first slice that differs, and every one after it, runs the passes.
//! - The equivalence proof of a slice is a function of the slice's part of the output and what
//!   the merge did to it ([`SliceFacts`]). A proof that passed is kept with both, and a slice
//!   whose part is byte for byte the same, with equal facts, is not proved again. Any change to
//!   its part (a renamed argument, a corrupted byte) is proved afresh.
//!
//! remap-args (the wiring changes as buffers are added), assembly, the proof of every slice
//! whose part changed, and the final parse run for every candidate.

use crate::equivalence::{check_slice, SliceFacts};
use crate::passes::remap_args::Target;
use crate::passes::{Findings, Shared, SliceState, LEADING};
use crate::plan::ExternOverrides;
use crate::rewrite::Rewrite;
use air_diagnostics::Diagnostic;
use air_diagnostics::FileId;
use air_syntax::NodeId;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, OnceLock};

/// Per slice position, from the last merge that used this memo: the leading passes' results,
/// and the proof that passed.
#[derive(Debug, Default)]
pub struct MergeMemo {
    entries: Vec<Entry>,
    /// The entry whose shared state the merge in progress has to take up, once it needs it
    /// (copied once per merge, not once per slice: it grows with the slices).
    restore_from: Option<usize>,
    proofs: Vec<Option<Proven>>,
    hits: usize,
    proof_hits: usize,
}

#[derive(Debug)]
struct Entry {
    key: Key,
    rewrite: Rewrite,
    found: Findings,
    /// The shared state after this slice's leading passes.
    shared: Shared,
}

/// What the leading passes read of a slice and its plan entry (the file id and name go into
/// the shared extern state and the extern report).
#[derive(Debug)]
struct Key {
    text: Arc<String>,
    file: FileId,
    name: String,
    func: Option<String>,
    prefix: String,
    externs: ExternOverrides,
    tile_sizes: Option<Vec<i64>>,
}

impl Key {
    fn of(state: &SliceState<'_>) -> Key {
        Key {
            text: state.slice.parse.tree.shared_text(),
            file: state.slice.file,
            name: state.slice.name.clone(),
            func: state.plan.func.clone(),
            prefix: state.plan.prefix.clone(),
            externs: state.plan.externs.clone(),
            tile_sizes: state.plan.shim_dma_tile_sizes.clone(),
        }
    }

    fn same(&self, other: &Key) -> bool {
        Arc::ptr_eq(&self.text, &other.text)
            && (self.file, &self.name) == (other.file, &other.name)
            && self.func == other.func
            && self.prefix == other.prefix
            && self.externs == other.externs
            && self.tile_sizes == other.tile_sizes
    }
}

impl MergeMemo {
    pub fn new() -> MergeMemo {
        MergeMemo::default()
    }

    /// How many slices took their leading passes from the memo so far (for tests and figures).
    pub fn hits(&self) -> usize {
        self.hits
    }

    /// How many slices were not proved again, their proof being in the memo.
    pub fn proof_hits(&self) -> usize {
        self.proof_hits
    }

    /// Makes `shared` the state the last slice taken from the memo left.
    pub(crate) fn take_up_shared(&mut self, shared: &mut Shared) {
        if let Some(entry) = self.restore_from.take().and_then(|idx| self.entries.get(idx)) {
            *shared = entry.shared.clone();
        }
    }

    /// The equivalence proof of every slice of a merge (one thread), in slice order, except the
    /// slices whose proof passed in the last merge with the same part and facts.
    pub(crate) fn prove(&mut self, merged_text: &str, slices: &[SliceFacts<'_>]) -> Vec<Diagnostic> {
        let lines = OnceLock::new();
        let mut errors = Vec::new();
        self.proofs.resize_with(slices.len(), || None);
        for (facts, proven) in slices.iter().zip(self.proofs.iter_mut()) {
            let part = merged_text.get(facts.body.0 as usize..facts.body.1 as usize);
            if let (Some(part), Some(earlier)) = (part, proven.as_ref()) {
                if earlier.part == part && earlier.facts.same(&Facts::of(facts)) {
                    self.proof_hits += 1;
                    continue;
                }
            }
            let found = check_slice(merged_text, &lines, facts);
            *proven = match part {
                Some(part) if found.is_empty() => Some(Proven { part: part.to_string(), facts: Facts::of(facts) }),
                _ => None,
            };
            errors.extend(found);
        }
        errors
    }

    /// The leading passes on slice `idx` of a merge, every earlier slice having gone through
    /// here in order (`reusing`: all of them came from the memo). A hit restores the recorded
    /// overlay and findings, and marks the shared state after it as the one to take up (by the
    /// next miss, or [`MergeMemo::take_up_shared`] after the last slice; until then `shared` is
    /// stale, which only remap-args sees, and it reads no shared state). A miss runs the passes
    /// and records them in place of whatever the memo held from this position on.
    pub(crate) fn leading(
        &mut self,
        idx: usize,
        reusing: &mut bool,
        state: &mut SliceState<'_>,
        shared: &mut Shared,
    ) -> Result<(), Vec<Diagnostic>> {
        let key = Key::of(state);
        if *reusing {
            if let Some(entry) = self.entries.get(idx).filter(|entry| entry.key.same(&key)) {
                state.rewrite = entry.rewrite.clone();
                state.found = entry.found.clone();
                self.restore_from = Some(idx);
                self.hits += 1;
                return Ok(());
            }
        }
        *reusing = false;
        self.take_up_shared(shared);
        self.entries.truncate(idx);
        state.run_some(&LEADING, shared)?;
        // After a slice whose passes failed, positions no longer line up: record nothing more.
        if self.entries.len() == idx {
            let (rewrite, found) = (state.rewrite.clone(), state.found.clone());
            self.entries.push(Entry { key, rewrite, found, shared: shared.clone() });
        }
        Ok(())
    }
}

/// A slice's part of the output whose proof passed, and what it was proved against.
#[derive(Debug)]
struct Proven {
    part: String,
    facts: Facts,
}

/// [`SliceFacts`] without the positions (which only locate findings), owned.
#[derive(Debug)]
struct Facts {
    source: Arc<String>,
    kernel: NodeId,
    prefix: String,
    targets: BTreeMap<usize, Target>,
    wrapper_segments: BTreeSet<String>,
    aliases: BTreeMap<String, String>,
    symbols: BTreeMap<String, String>,
    extern_symbols: BTreeMap<String, String>,
    objects: BTreeMap<String, String>,
    tile_sizes: Option<Vec<i64>>,
}

impl Facts {
    fn of(facts: &SliceFacts<'_>) -> Facts {
        Facts {
            source: facts.parse.tree.shared_text(),
            kernel: facts.kernel.body.id(),
            prefix: facts.prefix.to_string(),
            targets: facts.targets.clone(),
            wrapper_segments: facts.wrapper_segments.clone(),
            aliases: facts.aliases.clone(),
            symbols: facts.symbols.clone(),
            extern_symbols: facts.extern_symbols.clone(),
            objects: facts.objects.clone(),
            tile_sizes: facts.tile_sizes.clone(),
        }
    }

    fn same(&self, other: &Facts) -> bool {
        Arc::ptr_eq(&self.source, &other.source)
            && (self.kernel, &self.prefix, &self.targets, &self.wrapper_segments)
                == (other.kernel, &other.prefix, &other.targets, &other.wrapper_segments)
            && (&self.aliases, &self.symbols, &self.extern_symbols, &self.objects, &self.tile_sizes)
                == (&other.aliases, &other.symbols, &other.extern_symbols, &other.objects, &other.tile_sizes)
    }
}
