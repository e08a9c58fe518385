//! The analysis: resolves the program once, then runs each budget check per launch.
//!
//! A *unit* is one launch (the compiler gives each of its segments an `aie.device`, and
//! launches run one after another on separately configured devices), or the herds and segments
//! written without any launch (analysed together, as aircc would wrap them).
//!
//! Errors only accumulate as launches are added to a module: a unit's findings depend on its
//! own launch, and the module-level errors (a segment symbol used twice, a channel whose put and
//! get sit in different launches) cannot disappear when another launch comes in; nothing is
//! summed across launches (each frees its shim BDs at its end). `group` relies on this to run
//! check-bd on a few of a growing group's candidates instead of each (crates/group): a new
//! error rule must keep it, or `group`'s tests that compare both ways will show the difference.

mod allocation;
mod compile_time;
pub(crate) mod dims;
mod gemm_order;
mod issues;
mod memory;
mod memtiles;
mod packet_flows;
mod pingpong;
mod placement;
mod sequence;
mod shim;
mod split;
mod structure;
mod tiles;
mod tiling;

use crate::facts::memory::Part;
use crate::facts::structure::StructureFact;
use crate::facts::Fact;
use crate::report::{BudgetRow, UnitReport};
use crate::CheckOptions;
use air_diagnostics::TextRange;
use air_model::device::DeviceModel;
use air_model::program::{BufferId, EndpointId, HerdId, IterDim, LaunchId, Program, SegmentId};
use std::collections::BTreeMap;

/// One analysed launch (or the launch-less herds).
pub(crate) struct Unit {
    pub label: String,
    pub range: TextRange,
    pub launch: Option<LaunchId>,
    pub segments: Vec<SegmentId>,
    pub herds: Vec<HerdId>,
    pub endpoints: Vec<EndpointId>,
    /// L1 and L2 buffers allocated inside the unit.
    pub buffers: Vec<air_model::program::BufferId>,
    pub dims: Vec<IterDim>,
    pub tile_sizes: Option<Vec<i64>>,
}

impl Unit {
    /// The unit's host-side (L3) transfers that a DMA carries: what reaches the shim tiles.
    pub(crate) fn l3_dma_endpoints(&self, prog: &Program) -> Vec<EndpointId> {
        self.endpoints
            .iter()
            .copied()
            .filter(|&e| prog.endpoints[e].level == air_model::program::Level::L3 && prog.uses_dma(&prog.endpoints[e]))
            .collect()
    }
}

/// Shared state of one check run.
pub(crate) struct Cx<'a> {
    pub prog: &'a Program,
    pub opts: &'a CheckOptions,
    pub dev: &'static DeviceModel,
    /// The chunk's text (for quoting operands in notes).
    pub text: &'a str,
    /// What the checks found, in the order they found it.
    pub facts: Vec<Fact>,
    pub pingpong: pingpong::PingPong,
    /// The host transfers the compiler turns into packet flows, per segment.
    pub promoted: packet_flows::Promoted,
}

impl Cx<'_> {
    /// Records what a check found; `render` gives it words.
    pub fn report(&mut self, fact: impl Into<Fact>) {
        self.facts.push(fact.into());
    }
}

/// The physical herds among `herds`, in a stable order: herds with the same symbol in one
/// segment are one physical herd (the GEMM builders reuse `@herd_0` for the zero, compute and
/// drain herds) and share tiles; unnamed herds are each their own. Groups keep `herds`' order.
pub(crate) fn physical_herds(prog: &Program, herds: &[HerdId]) -> Vec<Vec<HerdId>> {
    let mut groups: BTreeMap<(Option<SegmentId>, String), Vec<HerdId>> = BTreeMap::new();
    for &h in herds {
        let herd = &prog.herds[h];
        groups.entry((herd.within.segment, herd.name.clone().unwrap_or_else(|| format!("#{h}")))).or_default().push(h);
    }
    groups.into_values().collect()
}

/// A buffer as a breakdown names it.
pub(crate) fn part(cx: &Cx<'_>, buffer: BufferId, bytes: i64, copies: i64) -> Part {
    let b = &cx.prog.buffers[buffer];
    Part { buffer, name: b.name.clone(), at: b.range, bytes, copies }
}

/// The budget-row scope of a herd's per-core resources.
pub(crate) fn per_core_scope(prog: &Program, herd: HerdId) -> String {
    match &prog.herds[herd].name {
        Some(name) => format!("herd @{name}, per core"),
        None => "herd, per core".to_string(),
    }
}

fn units(prog: &Program) -> Vec<Unit> {
    // One pass over herds, endpoints and buffers: unit index = launch id, or the extra unit of
    // launch-less herds after them.
    let bare_unit = prog.launches.len();
    let unit_of = |launch: Option<LaunchId>| launch.map_or(bare_unit, LaunchId::index);
    let mut herds: Vec<Vec<HerdId>> = vec![Vec::new(); bare_unit + 1];
    let mut endpoints: Vec<Vec<EndpointId>> = vec![Vec::new(); bare_unit + 1];
    let mut buffers: Vec<Vec<air_model::program::BufferId>> = vec![Vec::new(); bare_unit + 1];
    for (h, herd) in prog.herds.iter().enumerate() {
        herds[unit_of(herd.within.launch)].push(h);
    }
    for (e, endpoint) in prog.endpoints.iter().enumerate() {
        if endpoint.within.launch.is_some() || endpoint.within.herd.is_some() {
            endpoints[unit_of(endpoint.within.launch)].push(e);
        }
    }
    for (b, buffer) in prog.buffers.iter().enumerate() {
        if buffer.within.launch.is_some() || buffer.within.segment.is_some() || buffer.within.herd.is_some() {
            buffers[unit_of(buffer.within.launch)].push(b);
        }
    }
    let mut units: Vec<Unit> = prog
        .launch_ids()
        .map(|(id, launch)| Unit {
            label: match &launch.name {
                Some(name) => format!("launch @{name}"),
                None => format!("launch #{}", id.index() + 1),
            },
            range: launch.range,
            launch: Some(id),
            segments: launch.segments.clone(),
            herds: std::mem::take(&mut herds[id.index()]),
            endpoints: std::mem::take(&mut endpoints[id.index()]),
            buffers: std::mem::take(&mut buffers[id.index()]),
            dims: launch.dims.clone(),
            tile_sizes: launch.shim_dma_tile_sizes.clone(),
        })
        .collect();
    let bare_herds = std::mem::take(&mut herds[bare_unit]);
    if let Some(&first) = bare_herds.first() {
        units.push(Unit {
            label: "herds outside any air.launch".to_string(),
            range: prog.herds[first].range,
            launch: None,
            segments: (0..prog.segments.len()).filter(|&s| prog.segments[s].launch.is_none()).collect(),
            herds: bare_herds,
            endpoints: std::mem::take(&mut endpoints[bare_unit]),
            buffers: std::mem::take(&mut buffers[bare_unit]),
            dims: Vec::new(),
            tile_sizes: None,
        });
    }
    units
}

/// Runs every check on `prog`: what they found, in the order they found it, and each unit's
/// budget.
pub(crate) fn run(prog: &Program, text: &str, opts: &CheckOptions) -> (Vec<Fact>, Vec<UnitReport>) {
    let dev = opts.device.model();
    let pingpong = pingpong::analyse(prog, opts);
    let promoted = packet_flows::promoted(prog, dev);
    let mut cx = Cx { prog, opts, dev, text, facts: Vec::new(), pingpong, promoted };
    structure::check(&mut cx);
    gemm_order::check(&mut cx);
    let mut reports = Vec::new();
    for unit in units(prog) {
        let mut rows: Vec<BudgetRow> = Vec::new();
        tiling::check(&mut cx, &unit);
        let herds_fit = placement::check(&mut cx, &unit, &mut rows);
        memory::check_l1(&mut cx, &unit, &mut rows);
        memory::check_l2(&mut cx, &unit, &mut rows);
        tiles::check_core(&mut cx, &unit, &mut rows);
        tiles::check_memtile(&mut cx, &unit, herds_fit, &mut rows);
        shim::check(&mut cx, &unit, herds_fit, &mut rows);
        sequence::check(&mut cx, &unit);
        let segments = unit
            .segments
            .iter()
            .map(|&s| prog.segments[s].name.clone().map(|n| format!("@{n}")).unwrap_or_else(|| "(unnamed)".to_string()))
            .collect();
        reports.push(UnitReport { label: unit.label, range: unit.range, segments, rows });
    }
    // A module without a launch or herd passes every check: say that nothing was checked
    // rather than let "0 errors" read as a clean bill (unless generic-form hierarchy ops,
    // AS0432, already say why).
    let generic = cx.facts.iter().any(|f| matches!(f, Fact::Structure(StructureFact::GenericForm { .. })));
    if reports.is_empty() && !generic {
        cx.report(StructureFact::NothingToCheck);
    }
    (cx.facts, reports)
}
