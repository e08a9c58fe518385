//! Module-level structure of a multi-launch module: bare herds, segment and channel symbols
//! shared between launches, the launch count, buffer objects over 4 GiB, generic-form ops.

use super::{Cx, Finding};
use crate::program::LaunchId;
use crate::rules;
use crate::util::fmt_bytes;
use std::collections::BTreeMap;

/// Launches from which compile time is documented to blow up (model doc §5 F30).
const MANY_LAUNCHES: usize = 9;

pub(crate) fn check(cx: &mut Cx<'_>) {
    let prog = cx.prog;
    let launches = prog.launches.len();
    if launches > 0 {
        for bare in &prog.bare {
            let what = match &bare.name {
                Some(name) => format!("`{} @{name}`", bare.what),
                None => format!("this `{}`", bare.what),
            };
            cx.emit(
                Finding::error(
                    &rules::BARE_HERD,
                    format!("{what} is not inside an `air.launch`, and the module has {launches} launch(es): the compiler drops it silently"),
                )
                .at(cx.file, bare.range, "outside any air.launch")
                .note("its `airrt.herd_load` is never emitted and its outputs stay zero (model doc §4.2; SKILL debug-multi-launch-merge H4)")
                .help("wrap it in `air.launch` + `air.segment` (air-stitch merge wraps bare herds of its inputs)"),
            );
        }
    }
    // Segment symbols: one aie.device each.
    let mut segment_names: BTreeMap<String, (LaunchId, usize)> = BTreeMap::new();
    for (id, segment) in prog.segments.iter().enumerate() {
        let (Some(name), Some(launch)) = (&segment.name, segment.launch) else { continue };
        match segment_names.get(name) {
            Some(&(first_launch, first)) if first_launch != launch => {
                cx.emit(
                    Finding::error(&rules::SHARED_SEGMENT, format!("segment `@{name}` is used by two launches"))
                        .at(cx.file, segment.name_range, "second launch's segment")
                        .also(cx.file, prog.segments[first].name_range, "first used here")
                        .note("each launch must get its own aie.device, named after its segment")
                        .help("give every launch's segment a unique symbol (air-stitch merge prefixes them per slice)"),
                );
            }
            Some(_) => {}
            None => {
                segment_names.insert(name.clone(), (launch, id));
            }
        }
    }
    // Channel symbols: a channel cannot carry data between launches.
    let mut channel_launch: BTreeMap<&str, (LaunchId, usize)> = BTreeMap::new();
    let mut reported: Vec<&str> = Vec::new();
    for (id, endpoint) in prog.endpoints.iter().enumerate() {
        let (Some(chan), Some(launch)) = (&endpoint.chan, endpoint.within.launch) else { continue };
        match channel_launch.get(chan.as_str()) {
            Some(&(first_launch, first)) if first_launch != launch && !reported.contains(&chan.as_str()) => {
                reported.push(chan);
                let mut f =
                    Finding::error(&rules::SHARED_CHANNEL, format!("channel `@{chan}` is used by two launches"))
                        .at(cx.file, endpoint.operand_range, "used in a later launch")
                        .also(cx.file, prog.endpoints[first].operand_range, "and in an earlier one");
                if let Some(decl) = prog.channels.get(chan) {
                    f = f.also(cx.file, decl.range, "declared here");
                }
                cx.emit(
                    f.note("launches run one after another on separately configured devices, so channel routes collide and no data crosses")
                        .help("rename the channel in one of the launches (air-stitch merge prefixes channels per slice); pass data between launches through L3 buffers"),
                );
            }
            Some(_) => {}
            None => {
                channel_launch.insert(chan, (launch, id));
            }
        }
    }
    let mut per_func: BTreeMap<Option<air_syntax::NodeId>, Vec<usize>> = BTreeMap::new();
    for (id, launch) in prog.launches.iter().enumerate() {
        per_func.entry(launch.func).or_default().push(id);
    }
    for ids in per_func.values().filter(|ids| ids.len() >= MANY_LAUNCHES) {
        let count = ids.len();
        let ninth = &prog.launches[ids[MANY_LAUNCHES - 1]];
        cx.emit(
            Finding::warning(&rules::COMPILE_TIME, format!("this function has {count} launches; merged modules of 9 or more take minutes to hours to compile"))
                .at(cx.file, ninth.range, "9th launch")
                .note("air-opt-shim-dma-bds is super-linear in the launch count (model doc §5 F30)")
                .help("split the module into groups of at most 8 launches (e.g. the 6-launch and 8-launch groups of the llama recipe)"),
        );
    }
    for range in &prog.generic_hierarchy {
        cx.emit(
            Finding::warning(&rules::GENERIC_FORM, "a hierarchy op in generic form is not analysed")
                .at(cx.file, *range, "generic form")
                .help("print the module in AIR's custom form (air-opt without --mlir-print-op-generic) to check it"),
        );
    }
    for (_, range, ty) in &prog.l3_args {
        let Some(bytes) = ty.size_bytes() else { continue };
        if bytes as u64 > cx.dev.bo_span_bytes {
            cx.emit(
                Finding::error(
                    &rules::BO_SPAN,
                    format!("this L3 buffer is {}, one buffer object spans at most 4 GiB", fmt_bytes(bytes)),
                )
                .at(cx.file, *range, "more than 4 GiB")
                .note("shim BD offsets are uint32: offsets past 4 GiB wrap silently (model doc §5 F28)")
                .need(fmt_bytes(bytes), "4294967296 B (4 GiB)")
                .help("split the tensor over several buffer objects (function arguments)"),
            );
        }
    }
}
