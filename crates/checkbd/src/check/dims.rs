//! Field checks of one buffer descriptor (model doc §3: `verifyStridesWraps`,
//! `DMABDOp::verify`): wraps, steps, iteration, repeat, length, 4-byte granularity, and the
//! inner stride of sub-32-bit types.

use air_model::pattern::lower::ShimTask;
use air_model::pattern::{Dim, Pattern};

/// One field out of range.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Issue {
    /// `dim` counts from the innermost (0 = d0); `value` in granules for d0 at the shim.
    Wrap {
        dim: usize,
        value: i64,
        limit: i64,
    },
    Stride {
        dim: usize,
        granules: i64,
        limit: i64,
    },
    /// A core or memtile BD dimension of more than 512 elements (`DMABDOp::verify`).
    StaticSize {
        dim: usize,
        size: i64,
    },
    /// A core or memtile BD step of 2^19 elements or more (`DMABDOp::verify`).
    StaticStride {
        dim: usize,
        elements: i64,
    },
    Repeat {
        value: i64,
        limit: i64,
    },
    Length {
        words: i64,
        limit: i64,
    },
    Dims {
        value: usize,
        limit: usize,
    },
    D0Bytes {
        bytes: f64,
    },
    StrideBytes {
        dim: usize,
        bytes: f64,
    },
    LengthBytes {
        bytes: f64,
    },
    OffsetBytes {
        bytes: f64,
    },
    InnerStride {
        stride: i64,
        elem_bits: u32,
    },
    /// A shim BD data dimension (d0-d2) of more than one element that steps 0
    /// (`verifyStridesWraps`: "Stride N must be a positive integer.").
    ZeroStride {
        dim: usize,
        size: i64,
    },
}

fn bytes(elements: i64, elem_bits: u32) -> f64 {
    elements as f64 * f64::from(elem_bits) / 8.0
}

fn aligned(elements: i64, elem_bits: u32) -> bool {
    (elements.unsigned_abs() as u128 * u128::from(elem_bits)).is_multiple_of(32)
}

fn granules(elements: i64, elem_bits: u32) -> i64 {
    ((elements.unsigned_abs() as u128 * u128::from(elem_bits)) / 32).min(i64::MAX as u128) as i64
}

/// The written pattern's innermost stride for sub-32-bit types (model doc §3.4: checked by
/// the lint itself because the shim path does not).
pub(crate) fn inner_stride(pattern: &Pattern) -> Option<Issue> {
    if pattern.elem_bits >= 32 {
        return None;
    }
    let inner = pattern.dims.iter().rev().find(|d| d.size > 1)?;
    (inner.stride != 1 && pattern.dims.last().is_some_and(|d| d.size > 1 || d.stride != 1))
        .then_some(Issue::InnerStride { stride: inner.stride, elem_bits: pattern.elem_bits })
}

/// Offset granularity: the base offset and every per-iteration offset step.
pub(crate) fn offsets(pattern: &Pattern, steps: &[i64]) -> Option<Issue> {
    let bits = pattern.elem_bits;
    if !aligned(pattern.base.constant, bits) {
        return Some(Issue::OffsetBytes { bytes: bytes(pattern.base.constant, bits) });
    }
    steps.iter().find(|&&s| !aligned(s, bits)).map(|&s| Issue::OffsetBytes { bytes: bytes(s, bits) })
}

/// Shim task fields (`verifyStridesWraps` at the shim, `NpuPushQueueOp::verify`).
pub(crate) fn shim_task(task: &ShimTask, elem_bits: u32, tile: &air_model::device::TileModel) -> Vec<Issue> {
    let mut issues = Vec::new();
    let data = &task.data;
    let n = data.len();
    if let Some(d0) = data.last() {
        if !aligned(d0.size, elem_bits) {
            issues.push(Issue::D0Bytes { bytes: bytes(d0.size, elem_bits) });
        }
        if !task.linear {
            let d0_hw = granules(d0.size, elem_bits);
            if d0_hw > tile.wrap_max {
                issues.push(Issue::Wrap { dim: 0, value: d0_hw, limit: tile.wrap_max });
            }
            if n >= 2 && data[n - 2].size > tile.wrap_max {
                issues.push(Issue::Wrap { dim: 1, value: data[n - 2].size, limit: tile.wrap_max });
            }
        }
    }
    for (idx, d) in data.iter().enumerate() {
        let dim = n - 1 - idx;
        if d.size <= 1 || (dim == 0 && d.stride == 1) {
            continue;
        }
        if d.stride == 0 {
            // verifyStridesWraps: `inputSizes[i] > 1 && inputStrides[i] < 1` for d0-d2 (the
            // iteration dimension may step 0: a repeat).
            issues.push(Issue::ZeroStride { dim, size: d.size });
        } else if !aligned(d.stride, elem_bits) {
            issues.push(Issue::StrideBytes { dim, bytes: bytes(d.stride, elem_bits) });
        } else if granules(d.stride, elem_bits) > tile.step_max_granules {
            issues.push(Issue::Stride { dim, granules: granules(d.stride, elem_bits), limit: tile.step_max_granules });
        }
    }
    if let Some(iteration) = task.iteration {
        if !aligned(iteration.stride, elem_bits) {
            issues.push(Issue::StrideBytes { dim: 3, bytes: bytes(iteration.stride, elem_bits) });
        } else if granules(iteration.stride, elem_bits) > tile.step_max_granules {
            issues.push(Issue::Stride {
                dim: 3,
                granules: granules(iteration.stride, elem_bits),
                limit: tile.step_max_granules,
            });
        }
    }
    if task.repeat > tile.repeat_max {
        issues.push(Issue::Repeat { value: task.repeat, limit: tile.repeat_max });
    }
    let length: i64 = air_model::arith::sat_product(data.iter().map(|d| d.size));
    if !aligned(length, elem_bits) {
        issues.push(Issue::LengthBytes { bytes: bytes(length, elem_bits) });
    }
    issues
}

/// Largest size of a static (core or memtile) BD dimension the pinned verifier accepts.
const STATIC_SIZE_MAX: i64 = 512;
/// Smallest static BD step the pinned verifier rejects, in elements.
const STATIC_STRIDE_BOUND: i64 = 1 << 19;

/// Core or memtile BD fields, on the folded pattern (`DMABDOp::verify`, in elements).
pub(crate) fn tile_bd(dims: &[Dim], elem_bits: u32, tile: &air_model::device::TileModel) -> Vec<Issue> {
    let mut issues = Vec::new();
    let linear = dims.len() <= 1 && dims.last().is_none_or(|d| d.stride == 1);
    let length: i64 = air_model::arith::sat_product(dims.iter().map(|d| d.size));
    if !aligned(length, elem_bits) {
        issues.push(Issue::LengthBytes { bytes: bytes(length, elem_bits) });
    }
    if let Some(limit) = tile.length_max_words {
        let words = granules(length, elem_bits);
        if words > limit {
            issues.push(Issue::Length { words, limit });
        }
    }
    if linear {
        return issues;
    }
    if dims.len() > tile.bd_dims as usize {
        issues.push(Issue::Dims { value: dims.len(), limit: tile.bd_dims as usize });
    }
    let n = dims.len();
    if let Some(d0) = dims.last() {
        if !aligned(d0.size, elem_bits) {
            issues.push(Issue::D0Bytes { bytes: bytes(d0.size, elem_bits) });
        }
    }
    // mlir-aie `DMABDOp::verify` (AIEDialect.cpp), the check the pinned lowering runs on static
    // BDs, in elements: `dim.getSize() >= (1UL << 9) + 1` fails with "Size may not exceed
    // 1023.", `dim.getStride() >= (1UL << 19)` with "Stride may not exceed 1048576".
    for (idx, d) in dims.iter().enumerate() {
        let dim = n - 1 - idx;
        if d.size > STATIC_SIZE_MAX {
            issues.push(Issue::StaticSize { dim, size: d.size });
        }
        if d.size <= 1 || (dim == 0 && d.stride == 1) {
            continue;
        }
        if !aligned(d.stride, elem_bits) {
            issues.push(Issue::StrideBytes { dim, bytes: bytes(d.stride, elem_bits) });
        } else if d.stride >= STATIC_STRIDE_BOUND {
            issues.push(Issue::StaticStride { dim, elements: d.stride });
        }
    }
    issues
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use air_model::eval::Lin;

    #[test]
    fn bf16_transposed_inner_stride_is_flagged() {
        let p = Pattern {
            dims: vec![Dim::new(64, 1), Dim::new(64, 64)],
            base: Lin::constant(0),
            volume: Some(4096),
            elem_bits: 16,
            whole: false,
        };
        assert_eq!(inner_stride(&p), Some(Issue::InnerStride { stride: 64, elem_bits: 16 }));
        let ok = Pattern { dims: vec![Dim::new(64, 64), Dim::new(64, 1)], ..p.clone() };
        assert_eq!(inner_stride(&ok), None);
        let f32 = Pattern { elem_bits: 32, ..p };
        assert_eq!(inner_stride(&f32), None);
    }

    #[test]
    fn one_bf16_element_is_not_a_whole_granule() {
        assert_eq!(
            tile_bd(&[Dim::new(1, 1)], 16, &air_model::device::NPU2.memtile),
            vec![Issue::LengthBytes { bytes: 2.0 }]
        );
    }
}
