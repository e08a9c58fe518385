//! Which L1/L2 buffers the ping-pong transform doubles.
//!
//! aircc runs `air-fuse-alloc-dealloc` (an alloc used only inside a loop moves into it), then
//! `air-label-scf-for-to-ping-pong` (a loop whose body allocates buffers is labelled, but only
//! the deepest such loop of a nest) and `air-ping-pong-transform` (the labelled loop is
//! unrolled by 2 and its allocs duplicated): Xilinx/mlir-air
//! `mlir/lib/Transform/AIRDependencyScheduleOpt.cpp` (`LabelScfForLoopForPingPongPattern`).
//! Model doc §4.5: "L1 budget per core … holding every herd buffer, doubled by ping-pong"; the
//! GEMM data of model doc §5 F11 (accumulator counted once, A/B twice) fixes which buffers.
//!
//! Rule used here: a buffer is doubled when every use of it sits inside one loop of its own
//! hierarchy level (herd body, or segment body for segment-level buffers) that runs more than
//! once, that loop is the deepest such loop of its nest, and neither it nor a loop inside it
//! carries `air.disable_ping_pong`. A loop with an unknown trip count is assumed to run more
//! than once (the larger, safer figure).

use crate::program::{BufferId, Enclosing, Level, LoopId, Program};
use crate::CheckOptions;

/// The decision for every buffer.
#[derive(Clone, Debug, Default)]
pub(crate) struct PingPong {
    /// `Some(loop)` when the buffer is doubled, with the loop that ping-pongs it.
    pub doubled_by: Vec<Option<LoopId>>,
}

impl PingPong {
    pub fn factor(&self, buffer: BufferId) -> i64 {
        if self.doubled_by.get(buffer).copied().flatten().is_some() {
            2
        } else {
            1
        }
    }

    pub fn loop_of(&self, buffer: BufferId) -> Option<LoopId> {
        self.doubled_by.get(buffer).copied().flatten()
    }
}

/// Loops at the same hierarchy level as a buffer.
fn same_level(prog: &Program, buffer_within: Enclosing, lp: LoopId) -> bool {
    let within = prog.loops[lp].within;
    match buffer_within.herd {
        Some(herd) => within.herd == Some(herd),
        None => {
            within.herd.is_none() && within.segment == buffer_within.segment && within.launch == buffer_within.launch
        }
    }
}

fn common_prefix(lists: &[Vec<LoopId>]) -> Vec<LoopId> {
    let Some(first) = lists.first() else { return Vec::new() };
    let mut len = first.len();
    for list in &lists[1..] {
        len = len.min(list.len());
        for idx in 0..len {
            if list[idx] != first[idx] {
                len = idx;
                break;
            }
        }
    }
    first[..len].to_vec()
}

pub(crate) fn analyse(prog: &Program, opts: &CheckOptions) -> PingPong {
    let mut deepest: Vec<Option<LoopId>> = vec![None; prog.buffers.len()];
    for (id, buffer) in prog.buffers.iter().enumerate() {
        let skipped = match buffer.level {
            Level::L1 => opts.omit_pingpong.skips_l1(),
            Level::L2 => opts.omit_pingpong.skips_l2(),
            _ => true,
        };
        if skipped {
            continue;
        }
        let mut lists: Vec<Vec<LoopId>> = Vec::new();
        for &e in &buffer.endpoints {
            lists.push(
                prog.endpoints[e].loops.iter().copied().filter(|&l| same_level(prog, buffer.within, l)).collect(),
            );
        }
        for u in &buffer.other_uses {
            lists.push(u.loops.iter().copied().filter(|&l| same_level(prog, buffer.within, l)).collect());
        }
        if lists.is_empty() {
            continue;
        }
        let common = common_prefix(&lists);
        // The deepest common loop that runs more than once.
        deepest[id] = common.iter().rev().copied().find(|&l| prog.loops[l].trip.is_none_or(|t| t > 1));
    }
    let candidates: Vec<LoopId> = {
        let mut c: Vec<LoopId> = deepest.iter().flatten().copied().collect();
        c.sort_unstable();
        c.dedup();
        c
    };
    // A loop is labelled only when no candidate of its own scope is nested in it (loops inside a
    // nested herd are another scope: they neither block nor opt out an outer loop); a loop is
    // opted out when it or a loop of its scope inside it carries `air.disable_ping_pong`.
    let mut blocked = vec![false; prog.loops.len()];
    let mut opted = vec![false; prog.loops.len()];
    for &c in &candidates {
        for &p in &prog.loops[c].parents {
            if prog.loops[p].within == prog.loops[c].within {
                blocked[p] = true;
            }
        }
    }
    for (id, lp) in prog.loops.iter().enumerate() {
        if lp.disable_ping_pong {
            opted[id] = true;
            for &p in &lp.parents {
                if prog.loops[p].within == lp.within {
                    opted[p] = true;
                }
            }
        }
    }
    let labelled = |lp: LoopId| !blocked[lp];
    let opted_out = |lp: LoopId| opted[lp];
    let doubled_by = deepest.iter().map(|d| d.filter(|&lp| labelled(lp) && !opted_out(lp))).collect();
    PingPong { doubled_by }
}
