//! Module-level structure of a multi-launch module: segment symbols used twice, channel symbols
//! shared between launches, buffer objects over 4 GiB, generic-form ops.

use super::Cx;
use crate::facts::structure::StructureFact;
use air_model::program::{EndpointKind, LaunchId, Level, Root};
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
            Some(&first) => cx.report(StructureFact::SharedSegment {
                name: name.clone(),
                second: segment.name_range,
                first: prog.segments[first].name_range,
            }),
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
        cx.report(StructureFact::SharedChannel {
            name: chan.to_string(),
            later: later.operand_range,
            earlier: earlier.operand_range,
            declared: prog.channels.get(chan).map(|decl| decl.range),
        });
    }
    // air-to-std names each herd's runtime load after its symbol.
    for herd in prog.herds.iter().filter(|h| h.name.is_none()) {
        cx.report(StructureFact::UnnamedHerd { at: herd.range });
    }
    // air-dma-to-channel converts the DMAs inside a herd or segment; one outside both that
    // touches L1 or L2 stays, and is illegal after it.
    for ep in prog.endpoints.iter().filter(|ep| ep.kind == EndpointKind::DmaSrc) {
        let Some(peer) = ep.peer.map(|p| &prog.endpoints[p]) else { continue };
        if ep.within.herd.is_some() || ep.within.segment.is_some() {
            continue;
        }
        let local = match (ep.level, peer.level) {
            (Level::L1, _) | (_, Level::L1) => "L1",
            (Level::L2, _) | (_, Level::L2) => "L2",
            _ => continue,
        };
        cx.report(StructureFact::DmaOutsideHierarchy { at: ep.line_range, local });
    }
    // air-to-aie puts each L1 or L2 buffer a transfer touches on its tile as the aie.buffer of a
    // memref.alloc; a function argument typed in that memory has none.
    let local_args: BTreeMap<_, _> = prog.local_args.iter().copied().collect();
    for ep in &prog.endpoints {
        let local = match ep.level {
            Level::L1 => "L1",
            Level::L2 => "L2",
            _ => continue,
        };
        let Root::L3(node) = ep.root else { continue };
        if let Some(&arg) = local_args.get(&node) {
            cx.report(StructureFact::LocalBufferArgument { at: ep.operand_range, arg, local });
        }
    }
    if let Some(at) = prog.async_form {
        cx.report(StructureFact::AsyncForm { at });
    }
    for &at in &prog.generic_hierarchy {
        cx.report(StructureFact::GenericForm { at });
    }
    for (_, range, ty) in &prog.l3_args {
        let Some(bytes) = ty.size_bytes() else { continue };
        if bytes as u64 > cx.dev.bo_span_bytes {
            cx.report(StructureFact::BoSpan { at: *range, bytes });
        }
    }
}
