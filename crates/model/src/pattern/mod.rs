//! Access patterns (sizes and strides per dimension, in elements) and what the compiler does
//! with them on the way to buffer descriptors.
//!
//! AIR rewrites a transfer's pattern before any hardware check sees it: it merges contiguous
//! dimensions, splits sizes above 1023, folds the loops around a transfer into extra dimensions
//! (or unrolls them when they do not fit), and at the shim factors wraps above its bounds and
//! unrolls what no longer fits in four dimensions. [`canon`] mirrors those rewrites
//! (`canonicalizeWrapAndStrideList`, `foldForLoopNestAsExtendedSizesAndStrides`,
//! `AIRSpecializeChannelWrapAndStrideInScfFor`, `tileIllegalWrapDim` in Xilinx/mlir-air), so
//! that the lint counts the BDs and checks the fields the compiler will produce, not the ones
//! written in the source.

pub mod canon;
pub mod lower;

use crate::eval::{Lin, Unknown, Value};
use crate::program::Endpoint;
use air_syntax::views::{row_major_strides, MemRefType};

/// One dimension: `size` elements, `stride` elements apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dim {
    pub size: i64,
    pub stride: i64,
}

impl Dim {
    pub fn new(size: i64, stride: i64) -> Dim {
        Dim { size, stride }
    }
}

/// An endpoint's own access pattern, as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pattern {
    /// Outermost first.
    pub dims: Vec<Dim>,
    /// The element offset of the first element, linear in loop and hierarchy variables.
    pub base: Lin,
    /// Elements of the memref (`None` when dynamic or unranked).
    pub volume: Option<i64>,
    pub elem_bits: u32,
    /// Written as `%buf[] [] []` (the whole buffer).
    pub whole: bool,
}

impl Pattern {
    pub fn elem_bytes(&self) -> f64 {
        f64::from(self.elem_bits) / 8.0
    }

    /// Elements moved by one run of the pattern.
    pub fn elements(&self) -> Option<i64> {
        self.dims.iter().try_fold(1i64, |acc, d| acc.checked_mul(d.size))
    }

    /// Elements per 4-byte granule alignment unit (`getDmaInnerElementAlignment`).
    pub fn inner_alignment(&self) -> i64 {
        if self.elem_bits == 0 || self.elem_bits >= 32 {
            1
        } else {
            i64::from(32 / self.elem_bits)
        }
    }
}

/// Why a pattern could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PatternError {
    /// A size, stride or offset is not constant (or not linear).
    NotConstant(Unknown),
    /// The memref type is missing, dynamic or has no known element width.
    Type(String),
    /// The lists have different lengths.
    Malformed(String),
}

impl PatternError {
    pub fn describe(&self) -> String {
        match self {
            PatternError::NotConstant(u) => format!("depends on {}", u.what),
            PatternError::Type(what) | PatternError::Malformed(what) => what.clone(),
        }
    }
}

fn constant(value: &Value) -> Result<i64, PatternError> {
    match value {
        Value::Lin(lin) => lin.as_const().ok_or_else(|| {
            PatternError::NotConstant(Unknown {
                what: "a loop or hierarchy variable".to_string(),
                range: Default::default(),
            })
        }),
        Value::Unknown(u) => Err(PatternError::NotConstant(u.clone())),
    }
}

/// The strides of a static memref: its strided layout's, else row-major (also for a layout
/// that is not `strided<[...]>`: the pattern then reads the memref as row-major).
fn type_strides(ty: &MemRefType, shape: &[i64]) -> Vec<i64> {
    ty.strides().filter(|s| s.len() == shape.len()).unwrap_or_else(|| row_major_strides(shape))
}

/// The pattern an endpoint moves.
pub fn endpoint_pattern(endpoint: &Endpoint) -> Result<Pattern, PatternError> {
    let ty = endpoint.ty.as_ref().ok_or_else(|| PatternError::Type("the memref type is not written".to_string()))?;
    let elem_bits = ty
        .element_bits()
        .ok_or_else(|| PatternError::Type(format!("element type `{}` has no known width", ty.element)))?;
    let static_shape: Option<Vec<i64>> = if ty.unranked { None } else { ty.shape.iter().copied().collect() };
    let volume = static_shape.as_ref().and_then(|s| s.iter().try_fold(1i64, |a, &d| a.checked_mul(d)));
    if endpoint.is_whole_buffer() {
        let shape = static_shape.ok_or_else(|| PatternError::Type("the memref shape is dynamic".to_string()))?;
        let strides = type_strides(ty, &shape);
        let dims = shape.iter().zip(strides).map(|(&size, stride)| Dim::new(size, stride)).collect();
        return Ok(Pattern { dims, base: Lin::constant(0), volume, elem_bits, whole: true });
    }
    if endpoint.sizes.len() != endpoint.strides.len() || endpoint.offsets.len() > endpoint.sizes.len() {
        return Err(PatternError::Malformed(format!(
            "{} offsets, {} sizes and {} strides",
            endpoint.offsets.len(),
            endpoint.sizes.len(),
            endpoint.strides.len()
        )));
    }
    let mut dims = Vec::with_capacity(endpoint.sizes.len());
    for (size, stride) in endpoint.sizes.iter().zip(&endpoint.strides) {
        dims.push(Dim::new(constant(size)?, constant(stride)?));
    }
    // Offsets may be shorter than sizes: they then apply to the innermost dimensions.
    let skip = endpoint.sizes.len() - endpoint.offsets.len();
    let mut base = Lin::constant(0);
    for (offset, dim) in endpoint.offsets.iter().zip(&dims[skip..]) {
        let lin = match offset {
            Value::Lin(lin) => lin,
            Value::Unknown(u) => return Err(PatternError::NotConstant(u.clone())),
        };
        let term =
            lin.checked_scale(dim.stride).ok_or_else(|| PatternError::Malformed("offset overflows".to_string()))?;
        base = base.checked_add(&term).ok_or_else(|| PatternError::Malformed("offset overflows".to_string()))?;
    }
    Ok(Pattern { dims, base, volume, elem_bits, whole: false })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn type_strides_follow_row_major_and_strided_layouts() {
        let t = air_syntax::views::parse_memref_type("memref<2x3x4xbf16>").unwrap();
        assert_eq!(type_strides(&t, &[2, 3, 4]), vec![12, 4, 1]);
        let s = air_syntax::views::parse_memref_type("memref<2x4xf32, strided<[64, 1], offset: ?>, 2>").unwrap();
        assert_eq!(type_strides(&s, &[2, 4]), vec![64, 1]);
    }
}
