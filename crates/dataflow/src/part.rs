//! Which elements of an argument one transfer touches: its evaluated access pattern, walked
//! over the loops and hierarchy ids around it, shifted by the views it goes through.

use crate::intervals::IntervalSet;
#[cfg(test)]
use air_model::eval::Lin;
use air_model::eval::VarId;
use air_model::pattern::Pattern;
use std::collections::BTreeMap;

/// Most contiguous pieces one transfer may be enumerated into; past it the part is unknown
/// (kept bounded so that a transposed 2048×8192 read costs milliseconds, not seconds).
pub const MAX_PIECES: i64 = 1 << 20;

/// The values a loop induction variable or hierarchy id takes: `lower + k·step`, `k < count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VarRange {
    pub lower: i64,
    pub step: i64,
    pub count: i64,
}

/// What is known of the elements a set of transfers touches: the evaluated part, and whether
/// some of it could not be evaluated (with the first reason).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Footprint {
    pub known: IntervalSet,
    pub unknown: Option<String>,
}

impl Footprint {
    pub fn unknown(reason: impl Into<String>) -> Footprint {
        Footprint { known: IntervalSet::new(), unknown: Some(reason.into()) }
    }

    pub fn is_empty(&self) -> bool {
        self.known.is_empty() && self.unknown.is_none()
    }

    pub fn add(&mut self, other: &Footprint) {
        self.known = self.known.union(&other.known);
        if self.unknown.is_none() {
            self.unknown.clone_from(&other.unknown);
        }
    }

    /// Whether the two may share an element (an unknown part may share any).
    pub fn may_overlap(&self, other: &Footprint) -> bool {
        if self.is_empty() || other.is_empty() {
            return false;
        }
        self.unknown.is_some() || other.unknown.is_some() || self.known.overlaps(&other.known)
    }
}

/// How much of an argument a footprint covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Coverage {
    Whole,
    Part,
    Unknown,
    None,
}

impl Coverage {
    pub fn as_str(self) -> &'static str {
        match self {
            Coverage::Whole => "whole",
            Coverage::Part => "part",
            Coverage::Unknown => "unknown",
            Coverage::None => "none",
        }
    }

    /// The coverage of `footprint` over an argument of `elements` elements (`None`: dynamic).
    /// An unknown part never counts as whole: only the evaluated part can cover the argument.
    pub fn of(footprint: &Footprint, elements: Option<i64>) -> Coverage {
        let whole = elements.is_some_and(|n| footprint.known.covers(&IntervalSet::range(0, n)));
        if whole {
            Coverage::Whole
        } else if footprint.unknown.is_some() {
            Coverage::Unknown
        } else if footprint.known.is_empty() {
            Coverage::None
        } else {
            Coverage::Part
        }
    }
}

/// The elements a pattern touches, `delta` elements into its argument, over every value of the
/// variables its offset depends on; clipped to `[0, elements)` when the size is known.
pub fn enumerate(
    pattern: &Pattern,
    delta: i64,
    vars: &BTreeMap<VarId, VarRange>,
    elements: Option<i64>,
) -> Result<IntervalSet, String> {
    let overflow = || "an offset that overflows".to_string();
    let mut dims: Vec<(i64, i64)> = pattern.dims.iter().map(|d| (d.size, d.stride)).collect();
    let mut base = pattern.base.constant.checked_add(delta).ok_or_else(overflow)?;
    for &(var, coefficient) in &pattern.base.terms {
        let range = vars.get(&var).ok_or_else(|| "an offset over a value whose range is not constant".to_string())?;
        base = coefficient.checked_mul(range.lower).and_then(|t| base.checked_add(t)).ok_or_else(overflow)?;
        dims.push((range.count, coefficient.checked_mul(range.step).ok_or_else(overflow)?));
    }
    let pieces = pieces(base, dims)?;
    let set = IntervalSet::from_runs(pieces);
    Ok(match elements {
        Some(n) => set.intersection(&IntervalSet::range(0, n)),
        None => set,
    })
}

/// The contiguous runs of `base + Σ kᵢ·strideᵢ`: dimensions are sorted by stride and folded
/// into one run while each next stride stays within it; the rest are walked.
fn pieces(mut base: i64, dims: Vec<(i64, i64)>) -> Result<Vec<(i64, i64)>, String> {
    let overflow = || "an offset that overflows".to_string();
    let mut walked: Vec<(i64, i64)> = Vec::new();
    for (size, stride) in dims {
        if size <= 0 {
            return Ok(Vec::new());
        }
        if size == 1 || stride == 0 {
            continue;
        }
        let stride = if stride < 0 {
            base = (size - 1).checked_mul(stride).and_then(|t| base.checked_add(t)).ok_or_else(overflow)?;
            stride.checked_neg().ok_or_else(overflow)?
        } else {
            stride
        };
        walked.push((size, stride));
    }
    walked.sort_by_key(|&(size, stride)| (stride, size));
    let mut run: i64 = 1;
    let mut rest = walked.as_slice();
    while let Some((&(size, stride), tail)) = rest.split_first() {
        if stride > run {
            break;
        }
        run = (size - 1).checked_mul(stride).and_then(|t| run.checked_add(t)).ok_or_else(overflow)?;
        rest = tail;
    }
    let count = rest.iter().try_fold(1i64, |acc, &(size, _)| acc.checked_mul(size)).unwrap_or(i64::MAX);
    if count > MAX_PIECES {
        return Err(format!("a pattern of more than {MAX_PIECES} separate pieces"));
    }
    let mut out = Vec::with_capacity(count as usize);
    let mut index = vec![0i64; rest.len()];
    loop {
        let mut start = base;
        for (k, &(_, stride)) in index.iter().zip(rest) {
            start = k.checked_mul(stride).and_then(|t| start.checked_add(t)).ok_or_else(overflow)?;
        }
        out.push((start, start.checked_add(run).ok_or_else(overflow)?));
        let mut dim = 0;
        loop {
            let Some(slot) = index.get_mut(dim) else { return Ok(out) };
            *slot += 1;
            if *slot < rest[dim].0 {
                break;
            }
            *slot = 0;
            dim += 1;
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use air_model::pattern::Dim;

    fn constant(value: i64) -> Lin {
        Lin::constant(value)
    }

    fn pattern(dims: &[(i64, i64)], base: Lin) -> Pattern {
        Pattern {
            dims: dims.iter().map(|&(s, t)| Dim::new(s, t)).collect(),
            base,
            volume: None,
            elem_bits: 16,
            whole: false,
        }
    }

    #[test]
    fn contiguous_rows_fold_into_one_run() {
        let p = pattern(&[(4, 8), (8, 1)], constant(16));
        let set = enumerate(&p, 0, &BTreeMap::new(), Some(64)).unwrap();
        assert_eq!(set.runs(), &[(16, 48)]);
    }

    #[test]
    fn a_loop_variable_walks_the_tiles() {
        // %iv in 0..4 step 1, offset %iv * 16: four tiles of 8 elements, 8 apart.
        let p = pattern(&[(8, 1)], Lin::var(7).checked_scale(16).unwrap());
        let vars = BTreeMap::from([(7, VarRange { lower: 0, step: 1, count: 4 })]);
        let set = enumerate(&p, 0, &vars, Some(64)).unwrap();
        assert_eq!(set.runs(), &[(0, 8), (16, 24), (32, 40), (48, 56)]);
        assert_eq!(Coverage::of(&Footprint { known: set, unknown: None }, Some(64)), Coverage::Part);
    }

    #[test]
    fn an_unknown_range_is_an_error_and_never_whole() {
        let p = pattern(&[(64, 1)], Lin::var(3));
        assert!(enumerate(&p, 0, &BTreeMap::new(), Some(64)).is_err());
        let mut footprint = Footprint::unknown("a loop-carried value");
        assert_eq!(Coverage::of(&footprint, Some(64)), Coverage::Unknown);
        footprint.known = IntervalSet::range(0, 64);
        assert_eq!(Coverage::of(&footprint, Some(64)), Coverage::Whole);
        assert_eq!(Coverage::of(&Footprint::default(), Some(64)), Coverage::None);
    }

    #[test]
    fn negative_strides_and_repeats_touch_the_same_elements() {
        let p = pattern(&[(3, 0), (4, -1)], constant(10));
        let set = enumerate(&p, 2, &BTreeMap::new(), None).unwrap();
        assert_eq!(set.runs(), &[(9, 13)]);
    }

    #[test]
    fn too_many_pieces_is_an_error() {
        let p = pattern(&[(2048, 1), (2048, 2048 * 2)], constant(0));
        assert!(enumerate(&p, 0, &BTreeMap::new(), None).is_ok());
        let p = pattern(&[(4096, 2), (4096, 8192)], constant(0));
        assert!(enumerate(&p, 0, &BTreeMap::new(), None).unwrap_err().contains("pieces"));
    }
}
