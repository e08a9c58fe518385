//! A prelude alias as a view of its argument: the ops the merge recipe's preludes use
//! (`memref.subview` with constant offsets, sizes and strides, `memref.cast`,
//! `memref.reinterpret_cast`, `memref.collapse_shape` / `memref.expand_shape`), followed from
//! the alias back to the combined argument. A device buffer view (`sub_buffer`) is one byte
//! range, so the view must be contiguous.

use air_model::view_chain::{self, Hop, Stop};
use air_syntax::views::text::collapse_whitespace;
use air_syntax::views::{parse_memref_type, region_ops, FuncOp, Op};
use air_syntax::Parse;
use std::collections::BTreeMap;

/// A strided view, in elements of the argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub arg: usize,
    pub offset: i64,
    /// (size, stride) per dimension.
    pub dims: Vec<(i64, i64)>,
}

impl View {
    pub fn elements(&self) -> i64 {
        self.dims.iter().map(|d| d.0).product()
    }

    /// Whether the view is one run of consecutive elements (unit dimensions ignored).
    pub fn contiguous(&self) -> bool {
        if self.elements() == 0 {
            return true;
        }
        let mut expected = 1i64;
        for &(size, stride) in self.dims.iter().rev().filter(|d| d.0 != 1) {
            if stride != expected {
                return false;
            }
            expected = expected.saturating_mul(size);
        }
        true
    }
}

/// Why an alias is not a view that can be bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ViewError {
    /// Not a prelude value, or an op (or operand) the resolver does not read.
    NotAView { why: String, op: Option<String> },
    /// A view that is not one contiguous byte range.
    NotContiguous { view: View, op: String },
}

/// The view `name` (`%arg6_row0`) defines in the body of `func`, in elements of its argument:
/// air-model's walker from the alias down to the argument, then each view applied from the
/// argument up.
pub fn resolve(parse: &Parse, func: FuncOp<'_>, name: &str) -> Result<View, ViewError> {
    let args: BTreeMap<String, (usize, String)> = func
        .args()
        .iter()
        .enumerate()
        .filter_map(|(i, a)| Some((a.name?.text().to_string(), (i, collapse_whitespace(a.ty?.text())))))
        .collect();
    let not_a_view = |why: String, op: Option<String>| ViewError::NotAView { why, op };
    let not_in_prelude =
        |value: &str| not_a_view(format!("`{value}` is not defined by an op of the function body (the prelude)"), None);
    let base = |arg: &str| {
        let (index, ty) = args.get(arg)?;
        Some(
            base_view(*index, ty)
                .ok_or_else(|| not_a_view(format!("argument `{arg}` has type `{ty}`, not a static memref"), None)),
        )
    };
    if let Some(view) = base(name) {
        return view;
    }
    let func_node = Some(func.op().node().id());
    let in_prelude = |op: Op<'_>| op.parent_op().map(|p| p.node().id()) == func_node;
    let result = func
        .body()
        .map(region_ops)
        .unwrap_or_default()
        .into_iter()
        .find_map(|op| op.result_nodes().next().filter(|r| r.first_token().is_some_and(|t| t.text() == name)))
        .ok_or_else(|| not_in_prelude(name))?;
    let mut chain = Vec::new();
    let mut current = name.to_string();
    for hop in view_chain::walk_from_result(parse, result) {
        match hop {
            Hop::View { op, source, .. } if in_prelude(op) => {
                chain.push(op);
                current = source.text().trim().to_string();
            }
            Hop::FuncArg { key, .. } => {
                let arg = parse.tree.node(key.0).text().trim().to_string();
                let root = base(&arg).unwrap_or_else(|| Err(not_in_prelude(&arg)))?;
                return chain.iter().rev().try_fold(root, |view, op| apply(view, *op));
            }
            Hop::Result { op, .. } if in_prelude(op) => {
                let why = match op.operand_uses().is_empty() {
                    true => "an op without a source operand".to_string(),
                    false => format!("`{}` is not a view op check-merge reads", op.name()),
                };
                return Err(not_a_view(why, Some(text(op))));
            }
            Hop::Stop(Stop::TooLong) => break,
            _ => return Err(not_in_prelude(&current)),
        }
    }
    Err(not_a_view(Stop::TooLong.describe(), None))
}

/// The whole argument: offset 0, row-major (or its `strided<...>` layout).
fn base_view(arg: usize, ty: &str) -> Option<View> {
    let memref = parse_memref_type(ty)?;
    let shape = memref.static_shape()?;
    let strides = memref.strides()?;
    Some(View { arg, offset: 0, dims: shape.into_iter().zip(strides).collect() })
}

/// The op's text (whitespace collapsed), for messages.
pub fn text(op: Op<'_>) -> String {
    collapse_whitespace(op.node().text())
}

/// The op's text after its name and source operand: `[0, 0] [1, 2048] [1, 1] : ...`.
fn operands_text(op: Op<'_>) -> String {
    let all = text(op);
    let after_name = all.split_once(op.name()).map_or("", |(_, rest)| rest).trim_start();
    // The source operand (`%arg6`), then what follows it.
    let end = after_name
        .find(|c: char| !(c == '%' || c == '_' || c == '#' || c.is_ascii_alphanumeric()))
        .unwrap_or(after_name.len());
    after_name[end..].trim_start().to_string()
}

/// `1, 2048` → [1, 2048]; `None` for a dynamic or unreadable entry.
fn int_list(text: &str) -> Option<Vec<i64>> {
    text.split(',').map(str::trim).filter(|e| !e.is_empty()).map(|e| e.parse::<i64>().ok()).collect()
}

/// The first `n` bracketed lists of `text` (`[0, 0] [1, 2048] [1, 1]`), as written.
fn bracket_lists(text: &str, n: usize) -> Option<Vec<&str>> {
    let mut rest = text;
    let mut out = Vec::new();
    for _ in 0..n {
        let start = rest.trim_start().strip_prefix('[')?;
        let (inner, after) = start.split_once(']')?;
        out.push(inner);
        rest = after;
    }
    Some(out)
}

fn apply(view: View, op: Op<'_>) -> Result<View, ViewError> {
    let shown = text(op);
    let fail = |why: &str| ViewError::NotAView { why: why.to_string(), op: Some(shown.clone()) };
    let next = match op.name() {
        "memref.cast" => view,
        "memref.subview" => {
            let operands = operands_text(op);
            let lists =
                bracket_lists(&operands, 3).ok_or_else(|| fail("its offsets, sizes and strides cannot be read"))?;
            let [offsets, sizes, strides] = [lists[0], lists[1], lists[2]].map(int_list);
            let (Some(offsets), Some(sizes), Some(strides)) = (offsets, sizes, strides) else {
                return Err(fail("its offsets, sizes and strides must be constants"));
            };
            subview(view, &offsets, &sizes, &strides).ok_or_else(|| fail("its rank differs from its source's"))?
        }
        "memref.reinterpret_cast" => {
            let operands = operands_text(op);
            let field = |label: &str| {
                let rest = operands.split_once(label)?.1.trim_start().strip_prefix('[')?;
                int_list(rest.split(']').next()?)
            };
            let (Some(offset), Some(sizes), Some(strides)) = (field("offset:"), field("sizes:"), field("strides:"))
            else {
                return Err(fail("its offset, sizes and strides must be constants"));
            };
            if offset.len() != 1 || sizes.len() != strides.len() {
                return Err(fail("its offset, sizes and strides cannot be read"));
            }
            // The offset counts from the argument's first element, whatever the source view.
            View { arg: view.arg, offset: offset[0], dims: sizes.into_iter().zip(strides).collect() }
        }
        "memref.collapse_shape" | "memref.expand_shape" => {
            if !view.contiguous() {
                return Err(ViewError::NotContiguous { view, op: shown });
            }
            View { arg: view.arg, offset: view.offset, dims: vec![(view.elements(), 1)] }
        }
        other => return Err(fail(&format!("`{other}` is not a view op check-merge reads"))),
    };
    if !next.contiguous() {
        return Err(ViewError::NotContiguous { view: next, op: shown });
    }
    Ok(next)
}

/// A subview of `view`; a rank-reducing source (unit dimensions dropped) is matched too.
fn subview(view: View, offsets: &[i64], sizes: &[i64], strides: &[i64]) -> Option<View> {
    if offsets.len() != sizes.len() || sizes.len() != strides.len() {
        return None;
    }
    let dims: Vec<(i64, i64)> = if view.dims.len() == offsets.len() {
        view.dims.clone()
    } else {
        view.dims.iter().copied().filter(|d| d.0 != 1).collect()
    };
    if dims.len() != offsets.len() {
        return None;
    }
    let offset = dims.iter().zip(offsets).fold(view.offset, |acc, (d, o)| acc.saturating_add(o.saturating_mul(d.1)));
    let dims = dims.iter().zip(sizes.iter().zip(strides)).map(|(d, (s, t))| (*s, d.1.saturating_mul(*t))).collect();
    Some(View { arg: view.arg, offset, dims })
}

#[cfg(test)]
mod tests {
    use super::*;
    use air_syntax::views::{all_ops, FuncOp};

    fn resolve_in(prelude: &str, name: &str) -> Result<View, ViewError> {
        let text =
            format!("func.func @f(%arg0: memref<4x8xbf16>, %arg1: memref<64xf32>) {{\n{prelude}\n  return\n}}\n");
        let parse = air_syntax::parse(&text);
        assert!(!parse.has_errors(), "{:?}", parse.all_errors());
        let func = all_ops(parse.tree.root()).find_map(FuncOp::cast).unwrap();
        resolve(&parse, func, name)
    }

    #[test]
    fn a_row_subview_and_a_cast_are_a_contiguous_range() {
        let view = resolve_in(
            "  %r = memref.subview %arg0[2, 0] [1, 8] [1, 1] : memref<4x8xbf16> to memref<8xbf16, strided<[1], offset: 16>>\n  \
             %c = memref.cast %r : memref<8xbf16, strided<[1], offset: 16>> to memref<8xbf16>",
            "%c",
        )
        .unwrap();
        assert_eq!((view.arg, view.offset, view.elements(), view.contiguous()), (0, 16, 8, true));
    }

    #[test]
    fn a_column_is_not_contiguous() {
        let err = resolve_in(
            "  %col = memref.subview %arg0[0, 3] [4, 1] [1, 1] : memref<4x8xbf16> to memref<4xbf16, strided<[8], offset: 3>>",
            "%col",
        )
        .unwrap_err();
        assert!(
            matches!(err, ViewError::NotContiguous { ref view, .. } if view.offset == 3 && view.dims == [(4, 8), (1, 1)]),
            "{err:?}"
        );
    }

    #[test]
    fn reinterpret_cast_collapse_and_expand() {
        let view = resolve_in(
            "  %t = memref.reinterpret_cast %arg1 to offset: [32], sizes: [4, 8], strides: [8, 1] : memref<64xf32> to memref<4x8xf32, strided<[8, 1], offset: 32>>\n  \
             %f = memref.collapse_shape %t [[0, 1]] : memref<4x8xf32, strided<[8, 1], offset: 32>> into memref<32xf32, strided<[1], offset: 32>>\n  \
             %e = memref.expand_shape %f [[0, 1]] output_shape [2, 16] : memref<32xf32, strided<[1], offset: 32>> into memref<2x16xf32, strided<[16, 1], offset: 32>>",
            "%e",
        )
        .unwrap();
        assert_eq!((view.arg, view.offset, view.elements()), (1, 32, 32));
    }

    #[test]
    fn what_cannot_be_bound_says_why() {
        let dynamic = resolve_in(
            "  %c1 = arith.constant 1 : index\n  %r = memref.subview %arg0[%c1, 0] [1, 8] [1, 1] : memref<4x8xbf16> to memref<8xbf16, strided<[1], offset: ?>>",
            "%r",
        )
        .unwrap_err();
        assert!(matches!(dynamic, ViewError::NotAView { ref why, .. } if why.contains("constants")), "{dynamic:?}");
        let missing = resolve_in("", "%nope").unwrap_err();
        assert!(matches!(missing, ViewError::NotAView { ref why, .. } if why.contains("not defined")), "{missing:?}");
        let other = resolve_in("  %a = memref.alloc() : memref<8xbf16>", "%a").unwrap_err();
        assert!(matches!(other, ViewError::NotAView { .. }), "{other:?}");
    }
}
