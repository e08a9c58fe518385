//! Which L1/L2 buffers the ping-pong transform doubles, as aircc decides it.
//!
//! aircc runs `air-fuse-alloc-dealloc`, then `air-label-scf-for-to-ping-pong` and
//! `air-ping-pong-transform` (Xilinx/mlir-air `mlir/lib/Transform/AIRDependencyScheduleOpt.cpp`;
//! aircc `tools/aircc/aircc.cpp`, `buildOptimizationPipeline`). This module replays them:
//!
//! 1. Sinking (`AIRFuseAllocDeallocToAIRHierarchy`, `AIRFuseAllocDeallocToLoopLike`): a buffer
//!    used by one herd (or segment) only moves into it, then into the innermost `scf.for` or
//!    `scf.parallel` holding every use. Loops of one iteration do not count: canonicalize has
//!    removed them by then.
//! 2. Labelling (`LabelScfForLoopForPingPongPattern::isPingPongCandidate`): an `scf.for` is a
//!    candidate when buffers sit directly in it, none in an omitted memory space, no loop in it
//!    carries `air.disable_ping_pong`, it and every `scf.for` in it are safe to duplicate
//!    (`isUnsafeToDuplicate`: each buffer's first access is a definite write — a channel get or
//!    a write-only op, never a call or a view —, and no herd memref argument is used by an op
//!    without memory effects), and each buffer receives at most one get per iteration (several
//!    only in exclusive `affine.if` branches, none in a nested loop). Only the deepest candidate
//!    of a nest is labelled.
//! 3. The transform doubles the buffers directly in a labelled loop; every other buffer stays
//!    single.
//!
//! Herd-buffer cross-core dependences (`herdBufferHasCrossCoreDependence`, which keeps a shared
//! L1 operand out of the herd) are not modelled: such a buffer is treated as sunk.

use crate::CheckOptions;
use air_model::program::{BufferId, Enclosing, EndpointKind, Level, LoopId, LoopKind, Program, Root, UseKind};

/// The decision for every buffer.
#[derive(Clone, Debug, Default)]
pub(crate) struct PingPong {
    /// `Some(loop)` when the buffer is doubled, with the loop that ping-pongs it.
    pub doubled_by: Vec<Option<LoopId>>,
    /// The herd a buffer allocated outside any herd sinks into (its only user).
    pub sunk_into: Vec<Option<usize>>,
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

    pub fn sunk_into_herd(&self, buffer: BufferId) -> Option<usize> {
        self.sunk_into.get(buffer).copied().flatten()
    }
}

/// One direct access to a buffer, in the terms the label pass reads.
struct Access {
    pos: u32,
    within: Enclosing,
    loops: Vec<LoopId>,
    /// A channel get (or DMA destination) into the buffer itself, or a write-only op.
    write: bool,
}

/// The direct accesses of a buffer (views of it count as accesses; uses through a view do not).
fn accesses(prog: &Program, buffer: BufferId) -> Vec<Access> {
    let b = &prog.buffers[buffer];
    let mut out: Vec<Access> = Vec::new();
    for &e in &b.endpoints {
        let endpoint = &prog.endpoints[e];
        if endpoint.direct {
            out.push(Access {
                pos: endpoint.op_range.start,
                within: endpoint.within,
                loops: endpoint.loops.clone(),
                write: matches!(endpoint.kind, EndpointKind::Get | EndpointKind::DmaDst),
            });
        }
    }
    for u in b.other_uses.iter().filter(|u| u.direct) {
        out.push(Access { pos: u.pos, within: u.within, loops: u.loops.clone(), write: u.kind == UseKind::Write });
    }
    out.sort_by_key(|a| a.pos);
    out
}

/// The hierarchy scope a buffer ends up in after sinking: the herd (or segment) holding every
/// access, when the buffer is allocated outside it.
fn home(buffer_within: Enclosing, accesses: &[Access]) -> Enclosing {
    let Some(first) = accesses.first() else { return buffer_within };
    if buffer_within.herd.is_none()
        && first.within.herd.is_some()
        && accesses.iter().all(|a| a.within.herd == first.within.herd)
    {
        return first.within;
    }
    if buffer_within.segment.is_none()
        && first.within.segment.is_some()
        && accesses.iter().all(|a| a.within.segment == first.within.segment)
    {
        return Enclosing { herd: None, ..first.within };
    }
    buffer_within
}

/// Whether a loop belongs to a scope (its body is that hierarchy op's, not a nested one's).
fn in_scope(prog: &Program, scope: Enclosing, lp: LoopId) -> bool {
    let within = prog.loops[lp].within;
    match scope.herd {
        Some(herd) => within.herd == Some(herd),
        None => within.herd.is_none() && within.segment == scope.segment && within.launch == scope.launch,
    }
}

fn common_prefix(lists: &[Vec<LoopId>]) -> Vec<LoopId> {
    let Some(first) = lists.first() else { return Vec::new() };
    let mut len = first.len();
    for list in &lists[1..] {
        len = len.min(list.len());
        if let Some(idx) = (0..len).find(|&idx| list[idx] != first[idx]) {
            len = idx;
        }
    }
    first[..len].to_vec()
}

/// Where a buffer sits after sinking, and whether its first access is a definite write.
struct Placed {
    /// The `scf.for` it sits directly in (`None`: not in one, so never doubled).
    for_loop: Option<LoopId>,
    scope: Enclosing,
    first_is_write: bool,
}

fn place(prog: &Program, buffer: BufferId) -> Placed {
    let b = &prog.buffers[buffer];
    let accesses = accesses(prog, buffer);
    let scope = home(b.within, &accesses);
    // An access from a deeper hierarchy op (through its `args`) is that op's use of the buffer.
    let mut lists: Vec<Vec<LoopId>> =
        accesses.iter().map(|a| a.loops.iter().copied().filter(|&l| in_scope(prog, scope, l)).collect()).collect();
    if lists.is_empty() {
        // Unused: it stays where it was allocated.
        lists.push(b.loops.clone());
    }
    let common = common_prefix(&lists);
    let innermost = common
        .iter()
        .rev()
        .copied()
        .find(|&l| prog.loops[l].kind != LoopKind::AffineFor && prog.loops[l].trip.is_none_or(|t| t > 1));
    let for_loop = innermost.filter(|&l| prog.loops[l].kind == LoopKind::For);
    let first_is_write = accesses.first().is_some_and(|a| {
        let same_scope = a.within.herd == scope.herd && a.within.segment == scope.segment;
        a.write && same_scope
    });
    Placed { for_loop, scope, first_is_write }
}

/// Per loop, the loops nested in it (at any depth, across hierarchy ops).
fn nested_loops(prog: &Program) -> Vec<Vec<LoopId>> {
    let mut nested: Vec<Vec<LoopId>> = vec![Vec::new(); prog.loops.len()];
    for (n, lp) in prog.loops.iter().enumerate() {
        for &p in &lp.parents {
            nested[p].push(n);
        }
    }
    nested
}

/// The label pass's decision for every buffer.
pub(crate) fn analyse(prog: &Program, opts: &CheckOptions) -> PingPong {
    let placed: Vec<Placed> = (0..prog.buffers.len()).map(|b| place(prog, b)).collect();
    let mut allocs: Vec<Vec<BufferId>> = vec![Vec::new(); prog.loops.len()];
    for (b, p) in placed.iter().enumerate() {
        if let Some(lp) = p.for_loop {
            allocs[lp].push(b);
        }
    }
    // `isUnsafeToDuplicate` of each loop on its own.
    let mut unsafe_own: Vec<bool> =
        (0..prog.loops.len()).map(|lp| allocs[lp].iter().any(|&b| !placed[b].first_is_write)).collect();
    for u in &prog.herd_arg_uses {
        // A buffer that sank into this herd is no longer its argument.
        let still_argument = match u.root {
            Root::Buffer(b) => placed[b].scope.herd != Some(u.herd),
            _ => true,
        };
        if still_argument {
            for &lp in &u.loops {
                unsafe_own[lp] = true;
            }
        }
    }
    let nested = nested_loops(prog);
    let candidate: Vec<bool> =
        (0..prog.loops.len()).map(|lp| is_candidate(prog, opts, lp, &allocs[lp], &unsafe_own, &nested[lp])).collect();
    let mut doubled_by: Vec<Option<LoopId>> = vec![None; prog.buffers.len()];
    for lp in (0..prog.loops.len()).filter(|&lp| candidate[lp]) {
        // Only the deepest candidate of a nest (the walk stops at hierarchy ops).
        let within = prog.loops[lp].within;
        if nested[lp].iter().any(|&n| prog.loops[n].within == within && candidate[n]) {
            continue;
        }
        for &b in &allocs[lp] {
            doubled_by[b] = Some(lp);
        }
    }
    let sunk_into = placed
        .iter()
        .enumerate()
        .map(|(b, p)| p.scope.herd.filter(|_| prog.buffers[b].within.herd.is_none()))
        .collect();
    PingPong { doubled_by, sunk_into }
}

/// `isPingPongCandidate` for one `scf.for`.
fn is_candidate(
    prog: &Program,
    opts: &CheckOptions,
    lp: LoopId,
    allocs: &[BufferId],
    unsafe_own: &[bool],
    nested: &[LoopId],
) -> bool {
    if prog.loops[lp].kind != LoopKind::For || allocs.is_empty() {
        return false;
    }
    let omitted = allocs.iter().any(|&b| match prog.buffers[b].level {
        Level::L1 => opts.omit_pingpong.skips_l1(),
        Level::L2 => opts.omit_pingpong.skips_l2(),
        _ => false,
    });
    if omitted || prog.loops[lp].disable_ping_pong || unsafe_own[lp] {
        return false;
    }
    let mut for_loops_inside = nested.iter().filter(|&&n| prog.loops[n].kind == LoopKind::For);
    if for_loops_inside.any(|&n| prog.loops[n].disable_ping_pong || unsafe_own[n]) {
        return false;
    }
    allocs.iter().all(|&b| gets_once_per_iteration(prog, lp, b))
}

/// Each buffer receives at most one get per iteration of `lp`: none inside a nested loop, and
/// several only in different branches of one `if`.
fn gets_once_per_iteration(prog: &Program, lp: LoopId, buffer: BufferId) -> bool {
    let within = prog.loops[lp].within;
    let gets: Vec<_> = prog.buffers[buffer]
        .endpoints
        .iter()
        .map(|&e| &prog.endpoints[e])
        .filter(|e| e.direct && matches!(e.kind, EndpointKind::Get | EndpointKind::DmaDst))
        .filter(|e| e.within.herd == within.herd && e.within.segment == within.segment)
        .collect();
    let in_nested_loop = gets.iter().any(|e| {
        let inner = e.loops.iter().skip_while(|&&l| l != lp).skip(1);
        inner.clone().any(|&l| prog.loops[l].trip != Some(1))
    });
    if in_nested_loop {
        return false;
    }
    gets.iter().enumerate().all(|(i, a)| {
        gets[i + 1..].iter().all(|b| a.branches.iter().any(|(op, r)| b.branches.iter().any(|(o, s)| o == op && s != r)))
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::OmitPingPong;

    /// The doubled buffers of a module, by name.
    fn doubled(text: &str, omit: OmitPingPong) -> Vec<String> {
        let parse = air_syntax::parse(text);
        let evaluator = air_model::eval::Evaluator::new(&parse);
        let prog = air_model::program::build(&evaluator);
        let opts = CheckOptions { omit_pingpong: omit, ..CheckOptions::default() };
        let pp = analyse(&prog, &opts);
        (0..prog.buffers.len()).filter(|&b| pp.factor(b) == 2).map(|b| prog.buffers[b].name.clone()).collect()
    }

    /// A herd whose loop gets two inputs, calls a kernel and puts `%out`; `OUT` is where `%out`
    /// is allocated, `FIRST` what touches it first in the loop.
    const HERD: &str = "func.func private @k(memref<64xbf16, 2>, memref<64xbf16, 2>, memref<64xbf16, 2>)
func.func @f(%a: memref<4096xbf16>, %b: memref<4096xbf16>, %c: memref<4096xbf16>) {
  air.launch () in () args(%la=%a, %lb=%b, %lc=%c) : memref<4096xbf16>, memref<4096xbf16>, memref<4096xbf16> {
    air.segment @s args(%sa=%la, %sb=%lb, %sc=%lc) : memref<4096xbf16>, memref<4096xbf16>, memref<4096xbf16> {
      %c8 = arith.constant 8 : index
      %c1 = arith.constant 1 : index
      OUT_SEGMENT
      air.herd @h tile (%tx, %ty) in (%sx=%c8, %sy=%c1) args(%ha=%sa, %hb=%sb, %hc=%sc HERD_ARG) : memref<4096xbf16>, memref<4096xbf16>, memref<4096xbf16> HERD_TYPE {
        %in0 = memref.alloc() : memref<64xbf16, 2>
        %in1 = memref.alloc() : memref<64xbf16, 2>
        OUT_HERD
        %c0 = arith.constant 0 : index
        %c512 = arith.constant 512 : index
        %c64 = arith.constant 64 : index
        scf.for %i = %c0 to %c512 step %c64 {
          air.dma_memcpy_nd (%in0[] [] [], %ha[%i] [64] [1]) : (memref<64xbf16, 2>, memref<4096xbf16>)
          air.dma_memcpy_nd (%in1[] [] [], %hb[%i] [64] [1]) : (memref<64xbf16, 2>, memref<4096xbf16>)
          FIRST
          air.dma_memcpy_nd (%hc[%i] [64] [1], %outh[] [] []) : (memref<4096xbf16>, memref<64xbf16, 2>)
        }
      }
    }
  }
  return
}
";

    fn herd(out_in_segment: bool, first: &str) -> String {
        let (seg, arg, ty, inner) = if out_in_segment {
            ("%out = memref.alloc() : memref<64xbf16, 2>", ", %outh=%out", ", memref<64xbf16, 2>", "")
        } else {
            ("", "", "", "%outh = memref.alloc() : memref<64xbf16, 2>")
        };
        HERD.replace("OUT_SEGMENT", seg)
            .replace("HERD_ARG", arg)
            .replace("HERD_TYPE", ty)
            .replace("OUT_HERD", inner)
            .replace("FIRST", first)
    }

    #[test]
    fn a_loop_whose_output_is_first_written_by_a_call_is_not_ping_ponged() {
        // The call may read `%outh` first: isUnsafeToDuplicate rejects the whole loop.
        let text = herd(
            false,
            "func.call @k(%in0, %in1, %outh) : (memref<64xbf16, 2>, memref<64xbf16, 2>, memref<64xbf16, 2>) -> ()",
        );
        assert!(doubled(&text, OmitPingPong::None).is_empty());
    }

    #[test]
    fn buffers_first_written_by_gets_or_fills_are_ping_ponged() {
        let fill =
            "%z = arith.constant 0.0 : bf16\n          linalg.fill ins(%z : bf16) outs(%outh : memref<64xbf16, 2>)";
        let text = herd(false, fill);
        assert_eq!(doubled(&text, OmitPingPong::None), ["%in0", "%in1", "%outh"]);
        assert!(doubled(&text, OmitPingPong::L1).is_empty());
    }

    #[test]
    fn a_buffer_passed_to_one_herd_sinks_into_it_and_its_loop() {
        // `%out` is allocated in the segment and used by the herd only (the GEMV builders'
        // form): air-fuse-alloc-dealloc moves it into the herd, then into the loop.
        let fill =
            "%z = arith.constant 0.0 : bf16\n          linalg.fill ins(%z : bf16) outs(%outh : memref<64xbf16, 2>)";
        assert_eq!(doubled(&herd(true, fill), OmitPingPong::None), ["%out", "%in0", "%in1"]);
    }

    #[test]
    fn a_call_on_a_herd_argument_makes_the_loop_unsafe() {
        // `%outh` stays a herd argument (also used outside the herd): a call on it is an op
        // without memory effects on a block argument.
        let call =
            "func.call @k(%in0, %in1, %outh) : (memref<64xbf16, 2>, memref<64xbf16, 2>, memref<64xbf16, 2>) -> ()";
        let view = "%out = memref.alloc() : memref<64xbf16, 2>\n      %v = memref.subview %out[0] [64] [1] : memref<64xbf16, 2> to memref<64xbf16, 2>";
        let text = herd(true, call).replace("%out = memref.alloc() : memref<64xbf16, 2>", view);
        assert!(doubled(&text, OmitPingPong::None).is_empty());
    }
}
