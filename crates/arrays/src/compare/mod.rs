//! The comparison of an output with its reference, as mlir-air defines it:
//!
//! - element-wise: `|out − ref| ≤ atol + rtol·|ref|` for every element (numpy's `isclose`, as
//!   XRTRunner `_check_outputs` applies it; bf16 upcast to f64), the mismatch count and %, and
//!   the first 20 mismatches with their index;
//! - `mean_rel_L1 = mean|out − ref| / (mean|ref| + 1e-30)` (XRTRunner `_print_precision`);
//! - `max_abs = max|out − ref|`, `max_rel = max(|out − ref| / max(|ref|, 1e-6))`
//!   (`llms/verify/comparators.py` `error_metrics`);
//! - cosine over the flattened arrays, and per row (axis 0) with `per_row`, 0 where a norm is 0
//!   (`comparators.py` `per_position_cosine`), accumulated in f64.
//!
//! Every value is decoded to f64 first. The sums and maxima run over the elements where both
//! sides are finite; NaN and infinities are counted on each side (numpy's metrics would be NaN
//! or inf). Any NaN fails the comparison whatever the gate.

mod kernel;
mod tolerances;

pub use kernel::{close, CHUNK, FIRST, REL_FLOOR};
pub use tolerances::{tolerances, Tolerances, DEFAULT_ATOL, DEFAULT_RTOL, TOLERANCES};

use crate::codes;
use crate::formats::{shape_text, Array, Dtype, FormatError};
use kernel::Partial;

/// Which checks decide the verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gate {
    /// The registry's gate: every element within tolerance.
    Elementwise,
    /// The merge recipe's gate: cosine ≥ the minimum.
    Cosine,
    Both,
}

impl Gate {
    pub fn name(self) -> &'static str {
        match self {
            Gate::Elementwise => "elementwise",
            Gate::Cosine => "cosine",
            Gate::Both => "both",
        }
    }

    pub fn elementwise(self) -> bool {
        self != Gate::Cosine
    }

    pub fn cosine(self) -> bool {
        self != Gate::Elementwise
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    pub rtol: f64,
    pub atol: f64,
    pub gate: Gate,
    /// The cosine gate's minimum (the merge recipe's 0.99).
    pub cosine_min: f64,
    /// Also the cosine of each row (axis 0); the cosine gate then takes the lowest.
    pub per_row: bool,
    /// Worker threads for large arrays (the result does not depend on it).
    pub threads: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            rtol: DEFAULT_RTOL,
            atol: DEFAULT_ATOL,
            gate: Gate::Both,
            cosine_min: 0.99,
            per_row: false,
            threads: 1,
        }
    }
}

/// One mismatched element.
#[derive(Clone, Debug, PartialEq)]
pub struct Mismatch {
    pub index: Vec<usize>,
    pub out: f64,
    pub reference: f64,
}

/// The per-row cosines' summary (comparators.py `aggregate`: min, p5, median, mean).
#[derive(Clone, Debug, PartialEq)]
pub struct PerRow {
    pub rows: usize,
    pub min: f64,
    /// The first row with the lowest cosine.
    pub min_row: usize,
    pub p5: f64,
    pub median: f64,
    pub mean: f64,
}

/// Everything compare reports. The f64 metrics are `None` for arrays without a finite pair.
#[derive(Clone, Debug, PartialEq)]
pub struct Metrics {
    pub shape: Vec<usize>,
    pub elements: usize,
    pub cosine: Option<f64>,
    pub max_abs: Option<f64>,
    pub max_rel: Option<f64>,
    pub mean_rel_l1: Option<f64>,
    pub rtol: f64,
    pub atol: f64,
    pub mismatches: u64,
    pub mismatch_pct: f64,
    pub nan: u64,
    pub inf: u64,
    pub ref_nan: u64,
    pub ref_inf: u64,
    pub first_mismatches: Vec<Mismatch>,
    pub per_row: Option<PerRow>,
    /// Both sides are all zeros (over their finite pairs): the cosine is 0 by definition, and
    /// the cosine gate passes (the arrays are equal).
    pub both_zero: bool,
    /// One side holds 2-byte integers, the other floats: likely bf16 stored as integers.
    pub maybe_bf16: Option<MaybeBf16>,
    pub gate: Gate,
    pub cosine_min: f64,
}

/// A side whose 2-byte integers face floats on the other side: numpy has no bf16, so upstream
/// stores bf16 outputs as `uint16`, and read as integers they compare as nonsense.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MaybeBf16 {
    /// `true`: OUT holds the integers; `false`: REF.
    pub out: bool,
    /// The integer side's dtype (`u16` or `i16`).
    pub dtype: Dtype,
    /// The float side's dtype.
    pub other: Dtype,
}

impl MaybeBf16 {
    pub fn of(out: Dtype, reference: Dtype) -> Option<MaybeBf16> {
        let two_byte_int = |d: Dtype| matches!(d, Dtype::U16 | Dtype::I16);
        let float = |d: Dtype| matches!(d, Dtype::F16 | Dtype::Bf16 | Dtype::F32 | Dtype::F64);
        if two_byte_int(out) && float(reference) {
            Some(MaybeBf16 { out: true, dtype: out, other: reference })
        } else if two_byte_int(reference) && float(out) {
            Some(MaybeBf16 { out: false, dtype: reference, other: out })
        } else {
            None
        }
    }

    /// `OUT` or `REF`.
    pub fn side(&self) -> &'static str {
        if self.out {
            "OUT"
        } else {
            "REF"
        }
    }
}

impl Metrics {
    pub fn elementwise_pass(&self) -> bool {
        self.mismatches == 0
    }

    /// The cosine the gate judges: the lowest row's with per-row, else the whole array's. An
    /// empty array has none and passes (there is nothing to disagree).
    pub fn gated_cosine(&self) -> Option<f64> {
        self.per_row.as_ref().map(|p| p.min).or(self.cosine)
    }

    pub fn cosine_pass(&self) -> bool {
        let whole = self.both_zero && self.per_row.is_none();
        whole
            || self.gated_cosine().is_none_or(|c| c >= self.cosine_min) && (self.elements == 0 || self.cosine.is_some())
    }

    pub fn has_nan(&self) -> bool {
        self.nan + self.ref_nan > 0
    }

    /// The verdict: the gated checks pass and neither side holds a NaN.
    pub fn pass(&self) -> bool {
        !self.has_nan()
            && (!self.gate.elementwise() || self.elementwise_pass())
            && (!self.gate.cosine() || self.cosine_pass())
    }
}

/// The index of flat position `flat` in C order of `shape`.
pub fn unravel(mut flat: usize, shape: &[usize]) -> Vec<usize> {
    let mut index = vec![0; shape.len()];
    for (slot, &dim) in index.iter_mut().zip(shape).rev() {
        if dim > 0 {
            *slot = flat % dim;
            flat /= dim;
        }
    }
    index
}

/// Compares `out` with `reference` (same shape).
pub fn compare(out: &Array, reference: &Array, options: &Options) -> Result<Metrics, FormatError> {
    if out.shape != reference.shape {
        return Err(FormatError {
            code: codes::SHAPE_MISMATCH,
            message: format!(
                "the shapes differ: OUT is {} ({} elements), REF is {} ({} elements)",
                shape_text(&out.shape),
                out.len(),
                shape_text(&reference.shape),
                reference.len()
            ),
            help: "compare an output with the reference of the same shape (for a raw .bin, --shape gives it)"
                .to_string(),
        });
    }
    let len = out.len();
    let total = partials(out, reference, options);
    let n = total.finite as f64;
    let defined = total.finite > 0;
    let per_row = options.per_row.then(|| per_row(out, reference)).flatten();
    let first_mismatches = total
        .first
        .iter()
        .map(|&i| {
            let (mut o, mut r) = ([0.0], [0.0]);
            out.decode(i, &mut o);
            reference.decode(i, &mut r);
            Mismatch { index: unravel(i, &out.shape), out: o[0], reference: r[0] }
        })
        .collect();
    Ok(Metrics {
        shape: out.shape.clone(),
        elements: len,
        cosine: defined.then(|| kernel::cosine(total.dot, total.out_sq, total.ref_sq)),
        max_abs: defined.then_some(total.max_abs),
        max_rel: defined.then_some(total.max_rel),
        mean_rel_l1: defined.then(|| (total.abs_diff / n) / (total.abs_ref / n + 1e-30)),
        rtol: options.rtol,
        atol: options.atol,
        mismatches: total.mismatches,
        mismatch_pct: if len == 0 { 0.0 } else { 100.0 * total.mismatches as f64 / len as f64 },
        nan: total.nan,
        inf: total.inf,
        ref_nan: total.ref_nan,
        ref_inf: total.ref_inf,
        first_mismatches,
        per_row,
        both_zero: defined && total.out_sq == 0.0 && total.ref_sq == 0.0,
        maybe_bf16: MaybeBf16::of(out.dtype, reference.dtype),
        gate: options.gate,
        cosine_min: options.cosine_min,
    })
}

/// Arrays below this many elements are compared on one thread.
const PARALLEL_FROM: usize = 1 << 20;

/// The whole array's sums: chunk partials (on up to `threads` threads, each a contiguous run
/// of chunks), added in chunk order.
fn partials(out: &Array, reference: &Array, options: &Options) -> Partial {
    let len = out.len();
    let count = len.div_ceil(CHUNK);
    let threads = if len < PARALLEL_FROM { 1 } else { options.threads.clamp(1, count.max(1)) };
    let (rtol, atol) = (options.rtol, options.atol);
    let lists: Vec<Vec<Partial>> = if threads == 1 {
        vec![kernel::chunks(out, reference, 0..count, rtol, atol)]
    } else {
        let per = count.div_ceil(threads);
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let range = (t * per).min(count)..((t + 1) * per).min(count);
                    scope.spawn(move || kernel::chunks(out, reference, range, rtol, atol))
                })
                .collect();
            // A worker that panicked (it cannot on valid arrays) is computed again here.
            handles
                .into_iter()
                .enumerate()
                .map(|(t, h)| {
                    h.join().unwrap_or_else(|_| {
                        kernel::chunks(out, reference, (t * per).min(count)..((t + 1) * per).min(count), rtol, atol)
                    })
                })
                .collect()
        })
    };
    let mut total = Partial::default();
    for partial in lists.iter().flatten() {
        total.then(partial);
    }
    total
}

fn per_row(out: &Array, reference: &Array) -> Option<PerRow> {
    let rows = *out.shape.first()?;
    if rows == 0 {
        return None;
    }
    let row_len = out.len() / rows;
    let cosines = kernel::row_cosines(out, reference, rows, row_len);
    let (min_row, min) =
        cosines
            .iter()
            .copied()
            .enumerate()
            .fold((0, f64::INFINITY), |(bi, bv), (i, v)| if v < bv { (i, v) } else { (bi, bv) });
    let mut sorted = cosines.clone();
    sorted.sort_by(f64::total_cmp);
    Some(PerRow {
        rows,
        min,
        min_row,
        p5: percentile(&sorted, 5.0),
        median: percentile(&sorted, 50.0),
        mean: cosines.iter().sum::<f64>() / rows as f64,
    })
}

/// numpy's default (`linear`) percentile of sorted values.
fn percentile(sorted: &[f64], q: f64) -> f64 {
    let Some(last) = sorted.len().checked_sub(1) else { return f64::NAN };
    let at = q / 100.0 * last as f64;
    let lo = at.floor() as usize;
    let hi = (lo + 1).min(last);
    let frac = at - lo as f64;
    sorted[lo] + (sorted[hi] - sorted[lo]) * frac
}

#[cfg(test)]
mod tests;
