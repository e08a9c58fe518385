//! A runtime hazard upstream measured in its Qwen2.5 prefills: a Down GEMM whose reduction K (the
//! FFN width) is not a multiple of 512 returns all-NaN when it is not the first launch of its ELF
//! (mlir-air `programming_examples/llms/qwen25_0_5b/qwen25_0_5b_prefill.py` "Builder 3": K = 4864,
//! "Down as launch 0 → correct; Down as launch >=1 after ANY prior GEMM → all NaN";
//! `qwen25_1_5b_prefill.py` K = 8960 and `qwen25_3b_prefill.py` K = 11008, "NON-512-aligned"; the
//! remedy in all three: keep it launch 0 of its own ELF). The compiler accepts the module: only
//! the launch order shows it.
//!
//! The rule keeps to the evidence: every measured failure has K >= 4864, while upstream runs
//! smaller unaligned reductions past launch 0 correctly (Qwen2.5-0.5B's K and V GEMMs, K = 896,
//! after its Q GEMM in one ELF; its Gate and Up, K = 896, after its O GEMM). So it flags a K that
//! is not a multiple of 512 and at least 4096; below that nothing upstream reports.
//!
//! A launch is a GEMM here when its host transfers read an A of M x K and a B of K x N (or N x
//! K) and write a C of M x N, from three different buffers.

use super::Cx;
use crate::facts::structure::StructureFact;
use air_diagnostics::TextRange;
use air_model::program::{EndpointKind, Root};
use std::collections::BTreeMap;

/// The alignment upstream names for a reduction that is safe past launch 0.
pub(crate) const K_ALIGNMENT: i64 = 512;
/// The smallest reduction the rule flags: upstream's measured failures start at 4864, and it runs
/// unaligned K = 896 GEMMs past launch 0 correctly.
pub(crate) const K_AT_LEAST: i64 = 4096;

/// One 2-D host transfer of a launch: its buffer, shape, direction and operand.
struct Side {
    root: air_syntax::NodeId,
    rows: i64,
    cols: i64,
    reads: bool,
    at: TextRange,
}

pub(crate) fn check(cx: &mut Cx<'_>) {
    let prog = cx.prog;
    // Launches in order, per function: each function is its own ELF's sequence.
    let mut by_func: BTreeMap<Option<air_syntax::NodeId>, Vec<usize>> = BTreeMap::new();
    for (id, launch) in prog.launch_ids() {
        by_func.entry(launch.func).or_default().push(id.index());
    }
    let mut sides: BTreeMap<usize, Vec<Side>> = BTreeMap::new();
    for endpoint in &prog.endpoints {
        let (Some(launch), Root::L3(def), Some(ty)) = (endpoint.within.launch, &endpoint.root, &endpoint.ty) else {
            continue;
        };
        let dims: Vec<i64> = ty.shape.iter().map(|d| d.unwrap_or(-1)).filter(|&d| d != 1).collect();
        let [rows, cols] = dims[..] else { continue };
        if rows <= 0 || cols <= 0 {
            continue;
        }
        let reads = matches!(endpoint.kind, EndpointKind::Put | EndpointKind::DmaSrc);
        sides.entry(launch.index()).or_default().push(Side {
            root: *def,
            rows,
            cols,
            reads,
            at: endpoint.operand_range,
        });
    }
    for launches in by_func.values() {
        for (position, &launch) in launches.iter().enumerate().skip(1) {
            let Some((k, at)) = sides.get(&launch).and_then(|s| gemm_k(s)) else { continue };
            if k % K_ALIGNMENT == 0 || k < K_AT_LEAST {
                continue;
            }
            let earlier_gemm = launches[..position].iter().any(|l| sides.get(l).and_then(|s| gemm_k(s)).is_some());
            cx.report(StructureFact::UnalignedGemmNotFirst {
                at,
                k,
                launch: position + 1,
                after_gemm: earlier_gemm,
                launch_at: prog.launches[launch].range,
            });
        }
    }
}

/// The reduction length of a launch that is a GEMM, and its A operand.
fn gemm_k(sides: &[Side]) -> Option<(i64, TextRange)> {
    for a in sides.iter().filter(|s| s.reads) {
        let (m, k) = (a.rows, a.cols);
        for b in sides.iter().filter(|s| s.reads && s.root != a.root) {
            let n = if b.rows == k {
                b.cols
            } else if b.cols == k {
                b.rows
            } else {
                continue;
            };
            let written =
                sides.iter().any(|c| !c.reads && c.root != a.root && c.root != b.root && c.rows == m && c.cols == n);
            if written {
                return Some((k, a.at));
            }
        }
    }
    None
}
