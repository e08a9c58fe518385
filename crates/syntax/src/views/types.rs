//! Reading types: memref shapes, element types and memory spaces, and MLIR type equality.
//!
//! Type equality follows MLIR's uniquing: `memref<4xbf16, 1>` and `memref<4xbf16, 1 : i64>`
//! are the same type (an integer memory space defaults to i64), `memref<4xbf16, 1 : i32>` is a
//! different one. Whitespace never matters.

use super::text::{collapse_whitespace, split_top_level};

/// A parsed `memref<...>` type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemRefType {
    /// Dimensions; `None` for `?`.
    pub shape: Vec<Option<i64>>,
    /// Element type text (`bf16`, `i32`, `vector<4xf32>`).
    pub element: String,
    /// The layout (`strided<[?, 1], offset: ?>`, `affine_map<...>`, `#map`), when given.
    pub layout: Option<Layout>,
    /// Integer memory space (L3 = 0, L2 = 1, L1 = 2); 0 when absent.
    pub memory_space: i64,
    /// The memory space attribute as written (`1 : i32`), for exact comparisons.
    pub memory_space_text: Option<String>,
    /// Unranked `memref<*xT>`.
    pub unranked: bool,
}

/// A memref layout: its text as written (whitespace collapsed) and, for a
/// `strided<[s, ...], offset: o>` layout, its strides read once here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub text: String,
    pub strided: Option<Strided>,
}

/// The strides and offset of a `strided<...>` layout; `None` entries for `?`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Strided {
    pub strides: Vec<Option<i64>>,
    /// `None` for `offset: ?`; 0 when no offset is written.
    pub offset: Option<i64>,
}

impl Layout {
    fn parse(text: String) -> Layout {
        let strided = parse_strided(&text);
        Layout { text, strided }
    }
}

/// `strided<[64, 1]>`, `strided<[?, 1], offset: ?>`; `None` for any other layout.
fn parse_strided(text: &str) -> Option<Strided> {
    let body = text.strip_prefix("strided<")?.strip_suffix('>')?.trim();
    let (list, rest) = body.strip_prefix('[')?.split_once(']')?;
    let entry = |e: &str| -> Option<Option<i64>> {
        match e.trim() {
            "?" => Some(None),
            e => e.parse::<i64>().ok().map(Some),
        }
    };
    let strides = list.split(',').filter(|e| !e.trim().is_empty()).map(entry).collect::<Option<Vec<Option<i64>>>>()?;
    let offset = match rest.trim() {
        "" => Some(0),
        rest => entry(rest.strip_prefix(',')?.trim().strip_prefix("offset:")?)?,
    };
    Some(Strided { strides, offset })
}

/// Row-major strides of a static shape, in elements (saturating: sizes come from the input).
pub fn row_major_strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![1i64; shape.len()];
    for idx in (0..shape.len().saturating_sub(1)).rev() {
        strides[idx] = strides[idx + 1].saturating_mul(shape[idx + 1]);
    }
    strides
}

impl MemRefType {
    /// The strides of a static memref, in elements: those of its `strided<[...]>` layout (every
    /// one static, one per dimension), or row-major without a layout. `None` for a dynamic
    /// shape, a dynamic stride, or another layout.
    pub fn strides(&self) -> Option<Vec<i64>> {
        let shape: Vec<i64> = self.static_shape()?;
        match &self.layout {
            None => Some(row_major_strides(&shape)),
            Some(layout) => {
                let strides: Vec<i64> = layout.strided.as_ref()?.strides.iter().copied().collect::<Option<_>>()?;
                (strides.len() == shape.len()).then_some(strides)
            }
        }
    }

    /// The shape when every dimension is static (and the memref is ranked).
    pub fn static_shape(&self) -> Option<Vec<i64>> {
        if self.unranked {
            return None;
        }
        self.shape.iter().copied().collect()
    }

    /// Number of elements, when every dimension is static.
    pub fn num_elements(&self) -> Option<i64> {
        if self.unranked {
            return None;
        }
        self.shape.iter().try_fold(1i64, |acc, dim| dim.and_then(|d| acc.checked_mul(d)))
    }

    /// Bits per element for scalar element types (`bf16` → 16, `i8` → 8, `index` → 64).
    pub fn element_bits(&self) -> Option<u32> {
        element_bits(&self.element)
    }

    /// Size in bytes, when static.
    pub fn size_bytes(&self) -> Option<i64> {
        let bits = i64::from(self.element_bits()?);
        self.num_elements()?.checked_mul(bits).map(|b| (b + 7) / 8)
    }
}

/// Bit width of a scalar type name.
pub fn element_bits(element: &str) -> Option<u32> {
    match element {
        "bf16" | "f16" => Some(16),
        "f32" | "tf32" => Some(32),
        "f64" => Some(64),
        "f8E4M3FN" | "f8E5M2" | "f8E4M3" | "f8E4M3FNUZ" | "f8E5M2FNUZ" | "f8E4M3B11FNUZ" => Some(8),
        "index" => Some(64),
        _ => {
            let digits = element
                .strip_prefix("si")
                .or_else(|| element.strip_prefix("ui"))
                .or_else(|| element.strip_prefix('i'))?;
            digits.parse::<u32>().ok()
        }
    }
}

/// Parses `memref<...>` text (whitespace-insensitive). `None` for anything else.
pub fn parse_memref_type(text: &str) -> Option<MemRefType> {
    let text = text.trim();
    let body = text.strip_prefix("memref")?.trim_start().strip_prefix('<')?.strip_suffix('>')?;
    let parts = split_top_level(body);
    let shape_part = parts.first()?.replace(char::is_whitespace, "");
    let (unranked, dims, element) = if let Some(rest) = shape_part.strip_prefix("*x") {
        (true, Vec::new(), rest.to_string())
    } else {
        // Dimensions are `N` or `?` followed by `x`; the element type is what remains. Element
        // types may themselves contain `x` (`vector<4xf32>`), so only take leading dims.
        let mut dims = Vec::new();
        let mut rest: &str = &shape_part;
        loop {
            let end = rest.find('x');
            let Some(end) = end else { break };
            let dim = &rest[..end];
            if dim == "?" {
                dims.push(None);
            } else if !dim.is_empty() && dim.bytes().all(|b| b.is_ascii_digit()) {
                dims.push(Some(dim.parse::<i64>().ok()?));
            } else {
                break;
            }
            rest = &rest[end + 1..];
        }
        (false, dims, rest.to_string())
    };
    let mut layout = None;
    let mut memory_space = 0;
    let mut memory_space_text = None;
    for part in parts.iter().skip(1) {
        let compact = collapse_whitespace(part);
        let head = compact.split(':').next().unwrap_or("").trim();
        if let Ok(space) = head.parse::<i64>() {
            memory_space = space;
            memory_space_text = Some(compact);
        } else if compact.starts_with('#') && !compact.starts_with("#map") && compact.contains('.') {
            // A dialect memory-space attribute such as `#air.symmetric_heap`.
            memory_space_text = Some(compact);
        } else {
            layout = Some(Layout::parse(compact));
        }
    }
    Some(MemRefType { shape: dims, element, layout, memory_space, memory_space_text, unranked })
}

/// A canonical spelling of a type for equality: no whitespace, and integer memory spaces /
/// attributes with the default i64 type written without `: i64`.
pub fn canonical_type(text: &str) -> String {
    let compact: String = collapse_whitespace(text);
    // Remove spaces that MLIR's printer does not make significant.
    let mut out = String::with_capacity(compact.len());
    let chars: Vec<char> = compact.chars().collect();
    for (idx, &ch) in chars.iter().enumerate() {
        if ch == ' ' {
            let prev = idx.checked_sub(1).map(|i| chars[i]).unwrap_or(' ');
            let next = chars.get(idx + 1).copied().unwrap_or(' ');
            let word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '?' || c == '.';
            if !(word(prev) && word(next)) {
                continue;
            }
        }
        out.push(ch);
    }
    out.replace(":i64>", ">").replace(":i64,", ",")
}

/// MLIR type equality on type text.
pub fn types_equal(a: &str, b: &str) -> bool {
    // The common case, the same spelling, needs no canonical form.
    a == b || canonical_type(a) == canonical_type(b)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn memref_parts() {
        let t = parse_memref_type("memref<64x?xbf16, strided<[?, 1], offset: ?>, 2 : i32>").unwrap();
        assert_eq!(t.shape, vec![Some(64), None]);
        assert_eq!(t.element, "bf16");
        let layout = t.layout.as_ref().unwrap();
        assert_eq!(layout.text, "strided<[?, 1], offset: ?>");
        assert_eq!(layout.strided, Some(Strided { strides: vec![None, Some(1)], offset: None }));
        assert_eq!(t.memory_space, 2);
        let v = parse_memref_type("memref<4x8xvector<4xf32>>").unwrap();
        assert_eq!(v.shape, vec![Some(4), Some(8)]);
        assert_eq!(v.element, "vector<4xf32>");
        assert_eq!(parse_memref_type("memref<1024xbf16>").unwrap().size_bytes(), Some(2048));
    }

    #[test]
    fn strides_come_from_the_layout_or_the_shape() {
        let strides = |text: &str| parse_memref_type(text).unwrap().strides();
        assert_eq!(strides("memref<2x3x4xbf16>"), Some(vec![12, 4, 1]));
        assert_eq!(strides("memref<2x4xbf16, strided<[64, 1]>>"), Some(vec![64, 1]));
        assert_eq!(strides("memref<2x4xbf16, strided<[64, 1], offset: 8>, 1 : i32>"), Some(vec![64, 1]));
        assert_eq!(strides("memref<2x4xbf16, strided<[?, 1], offset: ?>>"), None);
        assert_eq!(strides("memref<2x4xbf16, strided<[1]>>"), None, "one stride per dimension");
        assert_eq!(strides("memref<2x4xbf16, affine_map<(d0, d1) -> (d1, d0)>>"), None);
        assert_eq!(strides("memref<?x4xbf16>"), None);
        let offset = |text: &str| parse_memref_type(text).unwrap().layout.unwrap().strided.unwrap().offset;
        assert_eq!(offset("memref<4xbf16, strided<[1], offset: 12>>"), Some(12));
        assert_eq!(offset("memref<4xbf16, strided<[1]>>"), Some(0));
        assert_eq!(row_major_strides(&[i64::MAX, 4, 4]), vec![16, 4, 1]);
    }

    #[test]
    fn type_equality_follows_mlir() {
        assert!(types_equal("memref<4xbf16, 1>", "memref<4xbf16, 1 : i64>"));
        assert!(!types_equal("memref<4xbf16, 1>", "memref<4xbf16, 1 : i32>"));
        assert!(types_equal("memref<4xbf16,1 : i32>", "memref<4xbf16, 1 : i32>"));
        assert!(!types_equal("memref<2048x2048xbf16>", "memref<4194304xbf16>"));
    }
}
