//! Module-level structure of a multi-launch module: segment symbols used twice, channel symbols
//! shared between launches, buffer objects over 4 GiB, generic-form ops.

use super::{Cx, Finding};
use crate::program::LaunchId;
use crate::rules;
use crate::util::fmt_bytes;
use std::collections::BTreeMap;

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
