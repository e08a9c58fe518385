//! Module-level structure of a multi-launch module: segment symbols used twice, channel symbols
//! shared between launches, buffer objects over 4 GiB, generic-form ops.

use super::{Cx, Finding};
use crate::render::fmt::fmt_bytes;
use crate::rules;
use air_model::program::LaunchId;
use std::collections::BTreeMap;

/// A channel's first put and first get in one launch.
type Halves = (Option<usize>, Option<usize>);

pub(crate) fn check(cx: &mut Cx<'_>) {
    let prog = cx.prog;
    // Segment symbols: air-insert-launch-around-herd's getSegmentNames rejects any symbol two
    // segments of the module share, within one launch or not.
    let mut segment_names: BTreeMap<&str, usize> = BTreeMap::new();
    for (id, segment) in prog.segments.iter().enumerate() {
        let Some(name) = &segment.name else { continue };
        match segment_names.get(name.as_str()) {
            Some(&first) => {
                cx.emit(
                    Finding::error(&rules::SHARED_SEGMENT, format!("segment symbol `@{name}` is used twice in this module"))
                        .at(cx.file, segment.name_range, "second segment")
                        .also(cx.file, prog.segments[first].name_range, "first used here")
                        .note("aircc's air-insert-launch-around-herd fails with `'air.segment' op unexpected duplicate symbol.` (mlir-air ConvertToAIRPass.cpp getSegmentNames); each segment becomes an aie.device of its name")
                        .help("give every segment a unique symbol (air-stitch merge prefixes them per slice)"),
                );
            }
            None => {
                segment_names.insert(name, id);
            }
        }
    }
    // Channel symbols: a channel cannot carry data between launches. One symbol used in two
    // launches is fine when each launch holds both its puts and its gets (the compiler kit
    // accepts that); a put in one launch whose get is in another has no device to route
    // between: air-to-aie fails with `failed to get S2MM tile for L3 allocation`.
    let mut sides: BTreeMap<&str, BTreeMap<LaunchId, Halves>> = BTreeMap::new();
    for (id, endpoint) in prog.endpoints.iter().enumerate() {
        let (Some(chan), Some(launch)) = (&endpoint.chan, endpoint.within.launch) else { continue };
        let slot = sides.entry(chan.as_str()).or_default().entry(launch).or_default();
        match endpoint.kind {
            air_model::program::EndpointKind::Put => slot.0 = slot.0.or(Some(id)),
            _ => slot.1 = slot.1.or(Some(id)),
        }
    }
    for (chan, launches) in sides {
        let lone_put = launches.values().find_map(|&(put, get)| if get.is_none() { put } else { None });
        let lone_get = launches.values().find_map(|&(put, get)| if put.is_none() { get } else { None });
        let (Some(put), Some(get)) = (lone_put, lone_get) else { continue };
        let (put_ep, get_ep) = (&prog.endpoints[put], &prog.endpoints[get]);
        if put_ep.within.launch == get_ep.within.launch {
            continue;
        }
        let (later, earlier) =
            if put_ep.op_range.start > get_ep.op_range.start { (put_ep, get_ep) } else { (get_ep, put_ep) };
        let mut f = Finding::error(
            &rules::SHARED_CHANNEL,
            format!("channel `@{chan}` carries data from one launch to another"),
        )
        .at(cx.file, later.operand_range, "this side is in a later launch")
        .also(cx.file, earlier.operand_range, "its other side is in an earlier one");
        if let Some(decl) = prog.channels.get(chan) {
            f = f.also(cx.file, decl.range, "declared here");
        }
        cx.emit(
            f.note("each launch's segments become their own aie.device; air-to-aie finds no tile for the half without its counterpart: `failed to get S2MM tile for L3 allocation` (mlir-air AIRToAIEPass.cpp)")
                .help("pass data between launches through L3 buffers; rename the channel in one of the launches if they only share a name (air-stitch merge prefixes channels per slice)"),
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
                Finding::warning(
                    &rules::BO_SPAN,
                    format!("this L3 buffer is {}, one buffer object spans at most 4 GiB", fmt_bytes(bytes)),
                )
                .at(cx.file, *range, "more than 4 GiB")
                .note("a runtime hazard the compiler cannot see: a shim BD's byte offset is a uint32 (mlir-aie AIETargetNPU.cpp), so offsets past 4 GiB wrap silently; it compiles, and every logit came back NaN (mlir-air #1836, model doc §5 F28)")
                .need(fmt_bytes(bytes), "4294967296 B (4 GiB)")
                .help("split the tensor over several buffer objects (function arguments)"),
            );
        }
    }
}
