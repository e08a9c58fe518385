//! What the passes before remap-args ([`LEADING`]) made of a merge's first slices, kept for the
//! next merge of the same slices and more. `group` grows a candidate one kernel at a time: for
//! the kernels already in it those passes see the same slice, the same plan entry and the same
//! state from the slices before, so they would compute the same overlay again. Only remap-args
//! (the wiring changes as buffers are added), assembly, the equivalence proof and the final
//! parse run for every candidate.
//!
//! A memo entry is used only when everything those passes read is equal: the very same parse
//! (by pointer, not by text), the plan entry's kernel function, prefix, extern overrides and tile
//! sizes, and every earlier slice taken from the memo too (so the [`Shared`] state before it is
//! the one recorded). The first slice that differs, and every one after it, runs the passes.

use crate::externs::ExternOverrides;
use crate::pipeline::{Findings, Shared, SliceState, LEADING};
use crate::rewrite::Rewrite;
use air_diagnostics::Diagnostic;
use std::sync::Arc;

/// The leading passes' results per slice position, from the last merge that used this memo.
#[derive(Debug, Default)]
pub struct PassMemo {
    entries: Vec<Entry>,
    hits: usize,
}

#[derive(Debug)]
struct Entry {
    key: Key,
    rewrite: Rewrite,
    found: Findings,
    /// The shared state after this slice's leading passes.
    shared: Shared,
}

/// What the leading passes read of a slice and its plan entry.
#[derive(Debug)]
struct Key {
    text: Arc<String>,
    func: Option<String>,
    prefix: String,
    externs: ExternOverrides,
    tile_sizes: Option<Vec<i64>>,
}

impl Key {
    fn of(state: &SliceState<'_>) -> Key {
        Key {
            text: state.slice.parse.tree.shared_text(),
            func: state.plan.func.clone(),
            prefix: state.plan.prefix.clone(),
            externs: state.plan.externs.clone(),
            tile_sizes: state.plan.shim_dma_tile_sizes.clone(),
        }
    }

    fn same(&self, other: &Key) -> bool {
        Arc::ptr_eq(&self.text, &other.text)
            && self.func == other.func
            && self.prefix == other.prefix
            && self.externs == other.externs
            && self.tile_sizes == other.tile_sizes
    }
}

impl PassMemo {
    pub fn new() -> PassMemo {
        PassMemo::default()
    }

    /// How many slices took their leading passes from the memo so far (for tests and figures).
    pub fn hits(&self) -> usize {
        self.hits
    }

    /// The leading passes on slice `idx` of a merge, every earlier slice having gone through
    /// here in order (`reusing`: all of them came from the memo). A hit restores the recorded
    /// overlay, findings and shared state; a miss runs the passes and records them in place of
    /// whatever the memo held from this position on.
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
                *shared = entry.shared.clone();
                self.hits += 1;
                return Ok(());
            }
        }
        *reusing = false;
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
