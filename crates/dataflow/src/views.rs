//! Following a transfer's memref back to the function argument it views, with the element
//! offset each view adds: `memref.subview` (its offsets times the source's strides),
//! `memref.cast` / `collapse_shape` / `expand_shape` (none), `memref.reinterpret_cast` (its
//! own offset, from the argument's start), `air.execute` results and the `args(...)` bindings
//! of launches, segments and herds.

use air_model::eval::{Evaluator, Value};
use air_syntax::air_ops;
use air_syntax::views::value_types::type_of_use;
use air_syntax::views::{parse_memref_type, FuncOp, MemRefType, Op};
use air_syntax::{DefKind, NodeId, SyntaxKind::*, SyntaxNode};

/// Where a memref value leads: the argument's `ARG_DEF` node, the element offset of the view
/// into it, and the prelude value (defined in the function body, outside any launch) it went
/// through, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    pub arg_def: NodeId,
    pub offset: Result<i64, String>,
    pub via: Option<String>,
}

/// Most definitions followed before giving up.
const MAX_CHAIN: usize = 64;

/// Follows `use_node` to a function argument; `Err` names what stopped it.
pub fn resolve(eval: &Evaluator<'_>, func: FuncOp<'_>, use_node: SyntaxNode<'_>) -> Result<Resolved, String> {
    let parse = eval.parse();
    let tree = &parse.tree;
    let mut current = tree.node(use_node.id());
    let mut offset: Result<i64, String> = Ok(0);
    let mut absolute = false;
    let mut via: Option<String> = None;
    for _ in 0..MAX_CHAIN {
        let def = parse.scopes.def_of_use(current.id()).ok_or("an undefined value")?;
        let def_node = tree.node(def.node);
        match def.kind {
            DefKind::Result => {
                let op =
                    def_node.parent().filter(|p| p.kind() == RESULT_LIST).and_then(|l| l.parent()).and_then(Op::cast);
                let op = op.ok_or("a result of an unknown op")?;
                if via.is_none() && op.parent_op().map(|p| p.node().id()) == Some(func.op().node().id()) {
                    via = Some(def_node.text().trim().to_string());
                }
                let name = op.name();
                let next = match name {
                    air_ops::EXECUTE => {
                        let index = air_model::eval::result_index(def_node, current) as usize;
                        let terminator =
                            op.body_ops().into_iter().rev().find(|o| o.name() == air_ops::EXECUTE_TERMINATOR);
                        terminator
                            .and_then(|t| t.node().children_of(VALUE_USE).nth(index.saturating_sub(1)))
                            .filter(|_| index >= 1)
                            .ok_or("an air.execute result")?
                    }
                    "memref.subview"
                    | "memref.cast"
                    | "memref.collapse_shape"
                    | "memref.expand_shape"
                    | "memref.reinterpret_cast" => {
                        let source = op.node().children_of(VALUE_USE).next().ok_or_else(|| format!("a `{name}`"))?;
                        if !absolute {
                            let delta = match name {
                                "memref.subview" => subview_offset(eval, op, source),
                                "memref.reinterpret_cast" => {
                                    absolute = true;
                                    reinterpret_offset(op)
                                }
                                _ => Ok(0),
                            };
                            offset = match (offset, delta) {
                                (Ok(a), Ok(b)) => {
                                    a.checked_add(b).ok_or_else(|| "an offset that overflows".to_string())
                                }
                                (Err(e), _) | (_, Err(e)) => Err(e),
                            };
                        }
                        source
                    }
                    other => return Err(format!("the result of `{other}`")),
                };
                current = next;
            }
            DefKind::RegionArg => {
                let parent = def_node.parent().ok_or("a region argument")?;
                match parent.kind() {
                    FUNC_ARG => {
                        let owner = parent.ancestors().find(|a| a.kind() == OPERATION);
                        if owner.map(|o| o.id()) != Some(func.op().node().id()) {
                            return Err("an argument of another function".to_string());
                        }
                        return Ok(Resolved { arg_def: def.node, offset, via });
                    }
                    ASSIGN => {
                        let in_args = parent.parent().and_then(|l| l.parent()).is_some_and(|c| c.kind() == ARGS_CLAUSE);
                        match (in_args, parent.child(VALUE_USE)) {
                            (true, Some(outer)) => current = outer,
                            _ => return Err("a loop-carried value".to_string()),
                        }
                    }
                    _ => return Err(format!("region argument `{}`", def_node.text().trim())),
                }
            }
            DefKind::BlockArg => return Err("a block argument".to_string()),
        }
    }
    Err("a chain of views too long to follow".to_string())
}

/// Row-major strides of a static memref type, or those of its `strided<[...]>` layout.
pub fn type_strides(ty: &MemRefType) -> Option<Vec<i64>> {
    let shape: Vec<i64> = ty.shape.iter().copied().collect::<Option<Vec<i64>>>()?;
    if let Some(layout) = ty.layout.as_deref() {
        let list = layout.strip_prefix("strided<[")?.split(']').next()?;
        let strides: Vec<i64> = list.split(',').map(|s| s.trim().parse::<i64>().ok()).collect::<Option<_>>()?;
        return (strides.len() == shape.len()).then_some(strides);
    }
    let mut strides = vec![1i64; shape.len()];
    for idx in (0..shape.len().saturating_sub(1)).rev() {
        strides[idx] = strides[idx + 1].checked_mul(shape[idx + 1])?;
    }
    Some(strides)
}

/// `memref.subview %src[o…] [s…] [t…] : SRC to DST`: `Σ oᵢ · strideᵢ(SRC)`.
fn subview_offset(eval: &Evaluator<'_>, op: Op<'_>, source: SyntaxNode<'_>) -> Result<i64, String> {
    let cannot = || "the offsets of a `memref.subview` cannot be read".to_string();
    let start = op.node().text_range().start;
    let after = source.text_range().end.checked_sub(start).ok_or_else(cannot)? as usize;
    let text = op.node().text().get(after..).ok_or_else(cannot)?;
    let list = text.trim_start().strip_prefix('[').and_then(|r| r.split(']').next()).ok_or_else(cannot)?;
    let mut dynamic = op.operand_uses().into_iter().skip(1);
    let mut offsets = Vec::new();
    for entry in list.split(',').map(str::trim).filter(|e| !e.is_empty()) {
        let value = if entry.starts_with('%') {
            match dynamic.next().map(|u| eval.eval_use(u)) {
                Some(Value::Lin(lin)) => lin.as_const().ok_or("a `memref.subview` offset varies")?,
                Some(Value::Unknown(u)) => return Err(format!("a `memref.subview` offset depends on {}", u.what)),
                None => return Err(cannot()),
            }
        } else {
            entry.parse::<i64>().map_err(|_| cannot())?
        };
        offsets.push(value);
    }
    let source_type = type_of_use(eval.parse(), source).and_then(|t| parse_memref_type(&t.text)).ok_or_else(cannot)?;
    let strides = type_strides(&source_type).filter(|s| s.len() == offsets.len()).ok_or_else(cannot)?;
    offsets
        .iter()
        .zip(&strides)
        .try_fold(0i64, |acc, (&o, &s)| o.checked_mul(s).and_then(|t| acc.checked_add(t)))
        .ok_or_else(|| "an offset that overflows".to_string())
}

/// `memref.reinterpret_cast %src to offset: [N], ...`: `N` (a dynamic offset is not read).
fn reinterpret_offset(op: Op<'_>) -> Result<i64, String> {
    let text = op.node().text();
    let cannot = || "the offset of a `memref.reinterpret_cast` is not a constant".to_string();
    let rest = text.split("offset:").nth(1).ok_or_else(cannot)?;
    let list = rest.trim_start().strip_prefix('[').and_then(|r| r.split(']').next()).ok_or_else(cannot)?;
    list.trim().parse::<i64>().map_err(|_| cannot())
}
