//! The text of the findings on host transfers the lowering cannot build.

use super::Finding;
use crate::facts::sequence::SequenceFact;
use crate::rules;
use air_diagnostics::FileId;

pub(super) fn render(fact: &SequenceFact, file: FileId) -> Finding {
    match fact {
        SequenceFact::FanIn { at, herd, writers } => Finding::error(
            &rules::L3_FAN_IN,
            format!("{writers} cores of this herd write the same host location: their flows fan in"),
        )
        .at(file, *at, "its offset does not depend on every herd id")
        .also(file, *herd, "the herd")
        .note("air-to-aie gives a flow to L3 one source: `found multiple inputs for an aie.flow. Fan-in for aie.flow isn't supported in current architecture.` (mlir-air AIRToAIESchedulingUtils.cpp)")
        .help("give each core its own slice of the host buffer (an offset in every herd id whose size is above 1), or gather in L2 and write once"),
        SequenceFact::RuntimeOffsets { at, segment, rolled } => {
            let trips: Vec<String> = rolled.iter().map(|t| t.map_or_else(|| "?".to_string(), |t| t.to_string())).collect();
            Finding::error(
                &rules::SHIM_RUNTIME_OFFSETS,
                format!("this host transfer keeps {} launch loops rolled around it ({} iterations per tile), so its shim DMA has {} runtime-valued offsets", rolled.len(), trips.join(" × "), rolled.len()),
            )
            .at(file, *at, "offsets from the launch ids")
            .also(file, *segment, "it waits for this segment, so air-opt-shim-dma-bds cannot isolate it")
            .note("airrt-to-npu lowers one runtime-valued offset per DMA: `'airrt.dma_memcpy_nd' op more than one runtime-valued DMA offset is not supported` (mlir-air AIRRtToNpuPass.cpp DmaToNpuPattern); runtime-sequence scf.for loops stay rolled since mlir-air #1816")
            .help("write the host side inside the segment as an air.dma_memcpy_nd (upstream's GEMM form: air-dma-to-channel then hoists it without the dependence and the launch loops fold), make the launch grid one-dimensional, or tile this launch's loops by 1 (its slice's shim_dma_tile_sizes = [1, 1] in the plan, i.e. air.shim_dma_tile_sizes on the launch)")
        }
        SequenceFact::HostView { at, op, transfers } => {
            let mut f = Finding::error(
                &rules::HOST_VIEW_IN_SEQUENCE,
                format!("this `{op}` of a host argument is outside any air.launch, and host transfers go through it"),
            )
            .at(file, *at, "reshape in the function body");
            for &transfer in transfers.iter().take(4) {
                f = f.also(file, transfer, "host transfer through it");
            }
            f.note("airrt-to-npu copies the function body into the runtime sequence; aiecc's aie-dma-tasks-to-npu then fails: `Buffer argument must be a constant aie.buffer, a runtime sequence input argument, or a supported chain of memref.subview, memref.view, memref.cast, or memref.reinterpret_cast operations` (mlir-aie AIEDMATasksToNPU.cpp)")
                .help("move the reshape into the air.launch body, as upstream's builders do, or pass the argument with the shape the kernel reads")
        }
    }
}
