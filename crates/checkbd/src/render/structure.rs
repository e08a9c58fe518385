//! The text of the module-level findings.

use super::fmt::fmt_bytes;
use super::Finding;
use crate::facts::structure::StructureFact;
use crate::rules;
use air_diagnostics::{FileId, TextRange};

pub(super) fn render(fact: &StructureFact, file: FileId) -> Finding {
    match fact {
        StructureFact::SharedSegment { name, second, first } => {
            Finding::error(&rules::SHARED_SEGMENT, format!("segment symbol `@{name}` is used twice in this module"))
                .at(file, *second, "second segment")
                .also(file, *first, "first used here")
                .note("aircc's air-insert-launch-around-herd fails with `'air.segment' op unexpected duplicate symbol.` (mlir-air ConvertToAIRPass.cpp getSegmentNames); each segment becomes an aie.device of its name")
                .help("give every segment a unique symbol (air-stitch merge prefixes them per slice)")
        }
        StructureFact::SharedChannel { name, later, earlier, declared } => {
            let mut f = Finding::error(
                &rules::SHARED_CHANNEL,
                format!("channel `@{name}` carries data from one launch to another"),
            )
            .at(file, *later, "this side is in a later launch")
            .also(file, *earlier, "its other side is in an earlier one");
            if let Some(decl) = declared {
                f = f.also(file, *decl, "declared here");
            }
            f.note("each launch's segments become their own aie.device; air-to-aie finds no tile for the half without its counterpart: `failed to get S2MM tile for L3 allocation` (mlir-air AIRToAIEPass.cpp)")
                .help("pass data between launches through L3 buffers; rename the channel in one of the launches if they only share a name (air-stitch merge prefixes channels per slice)")
        }
        StructureFact::AsyncForm { at } => Finding::info(
            &rules::ASYNC_INPUT,
            "this module is already in the asynchronous form air-dependency writes (`async`, tokens): the full pipeline is not meant for it",
        )
        .at(file, *at, "air-dependency's form")
        .note("aircc runs air-dependency itself on the synchronous kernel; given this form, the compiler kit lowers 3 of upstream's 149 single-module test files in it (106 rejected, 33 crashes)")
        .help("give aircc the synchronous kernel as the builders emit it (no `async`, no tokens, no air.execute/air.wait_all); this form is for the passes after air-dependency (air-opt)"),
        StructureFact::UnnamedHerd { at } => Finding::error(&rules::HERD_NAME, "this air.herd has no symbol name")
            .at(file, *at, "no `@name`")
            .note("the runtime lowering names each herd's load after its symbol and stops without one: `error lowering air.herd: herd name is undefined.` (mlir-air AIRLoweringPass.cpp)")
            .help("name the herd: `air.herd @name tile (...)`"),
        StructureFact::DmaOutsideHierarchy { at, local } => Finding::error(
            &rules::DMA_OUTSIDE_HIERARCHY,
            format!("this DMA moves data to or from an {local} buffer outside every air.segment and air.herd"),
        )
        .at(file, *at, "outside the hierarchy")
        .note("air-dma-to-channel turns only the DMAs inside a herd or segment into channels; this one stays, and the compiler stops: `failed to legalize operation 'air.dma_memcpy_nd' that was explicitly marked illegal` (mlir-air AIRDmaToChannel.cpp)")
        .help("move an L1 buffer and its DMAs into the herd that uses it, an L2 buffer and its DMAs into an air.segment"),
        StructureFact::LocalBufferArgument { at, arg, local } => Finding::error(
            &rules::LOCAL_BUFFER_ARGUMENT,
            format!("this transfer's {local} buffer is a function argument, not a buffer allocated on a tile"),
        )
        .at(file, *at, format!("{local} side"))
        .also(file, *arg, format!("typed in {local} memory here"))
        .note("air-to-aie puts each L1 or L2 buffer a transfer touches on its tile as the aie.buffer of a memref.alloc; behind an argument there is none, and the compiler stops: `failed to get buffer.` (mlir-air AIRToAIESchedulingUtils.cpp getBuffer)")
        .help("allocate the buffer where it lives (memref.alloc in the herd or segment that uses it) and pass only L3 memrefs as function arguments"),
        StructureFact::GenericForm { at } => {
            Finding::warning(&rules::GENERIC_FORM, "a hierarchy op in generic form is not analysed")
                .at(file, *at, "generic form")
                .help("print the module in AIR's custom form (air-opt without --mlir-print-op-generic) to check it")
        }
        StructureFact::BoSpan { at, bytes } => Finding::warning(
            &rules::BO_SPAN,
            format!("this L3 buffer is {}, one buffer object spans at most 4 GiB", fmt_bytes(*bytes)),
        )
        .at(file, *at, "more than 4 GiB")
        .note("a runtime hazard the compiler cannot see: a shim BD's byte offset is a uint32 (mlir-aie AIETargetNPU.cpp), so offsets past 4 GiB wrap silently; it compiles, and every logit came back NaN (mlir-air #1836, model doc §5 F28)")
        .need(fmt_bytes(*bytes), "4294967296 B (4 GiB)")
        .help("split the tensor over several buffer objects (function arguments)"),
        StructureFact::UnalignedGemmNotFirst { at, k, launch, after_gemm, launch_at } => {
            let after = if *after_gemm { "after another GEMM" } else { "after another launch" };
            Finding::warning(
                &rules::GEMM_NOT_FIRST,
                format!("this GEMM reduces over K = {k}, not a multiple of 512, and is launch {launch} of its ELF ({after})"),
            )
            .at(file, *at, format!("A: K = {k}"))
            .also(file, *launch_at, format!("launch {launch}"))
            .note("a runtime hazard the compiler cannot see: upstream's Qwen2.5 prefills measured all-NaN output for their Down GEMM (K = 4864, 8960, 11008: not multiples of 512) unless it is launch 0 of its ELF (\"Down as launch 0 → correct; Down as launch >=1 after ANY prior GEMM → all NaN\", qwen25_0_5b_prefill.py Builder 3; qwen25_1_5b_prefill.py, qwen25_3b_prefill.py); smaller unaligned reductions (K = 896) run correctly past launch 0")
            .help("make it the first launch of its module (its own group: `air-stitch group` cuts before it), as upstream's down_add ELF does")
        }
        StructureFact::NothingToCheck => Finding::warning(
            &rules::NOTHING_TO_CHECK,
            "nothing to check: the module has no `air.launch`, `air.segment` or `air.herd`",
        )
        .at(file, TextRange::empty(0), "no AIR hierarchy in this module")
        .help("check-bd checks AIR modules: is this the right file? (a file of `// -----` sections needs `--split-input-file`)"),
    }
}
