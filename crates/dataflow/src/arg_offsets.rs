//! Following a transfer's memref back to the function argument it views, with the element
//! offset each view adds: `memref.subview` (its offsets times the source's strides),
//! `memref.cast` / `collapse_shape` / `expand_shape` (none), `memref.reinterpret_cast` (its
//! own offset, from the argument's start), `air.execute` results and the `args(...)` bindings
//! of launches, segments and herds.

use air_model::eval::{Evaluator, Value};
use air_model::view_chain::{self, Hop, Stop};
use air_syntax::air_ops;
use air_syntax::views::value_types::type_of_use;
use air_syntax::views::{parse_memref_type, FuncOp, Op};
use air_syntax::{NodeId, SyntaxNode};

/// Where a memref value leads: the argument's `ARG_DEF` node, the element offset of the view
/// into it, and the prelude value (defined in the function body, outside any launch) it went
/// through, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    pub arg_def: NodeId,
    pub offset: Result<i64, String>,
    pub via: Option<String>,
}

/// Follows `use_node` to a function argument through air-model's walker; `Err` names what
/// stopped it.
pub fn resolve(eval: &Evaluator<'_>, func: FuncOp<'_>, use_node: SyntaxNode<'_>) -> Result<Resolved, String> {
    let parse = eval.parse();
    let func_node = func.op().node().id();
    let mut offset: Result<i64, String> = Ok(0);
    let mut absolute = false;
    let mut via: Option<String> = None;
    for hop in view_chain::walk(parse, parse.tree.node(use_node.id())) {
        // The first value defined in the function body itself: the prelude value it went through.
        if let Hop::View { key, op, .. } | Hop::Execute { key, op } | Hop::Result { key, op } = &hop {
            if via.is_none() && op.parent_op().map(|p| p.node().id()) == Some(func_node) {
                via = Some(parse.tree.node(key.0).text().trim().to_string());
            }
        }
        match hop {
            Hop::View { op, source, .. } => {
                let name = op.name();
                let delta = match name {
                    // A view whose offset into its source is not read here.
                    "memref.view" | "memref.transpose" => return Err(format!("the result of `{name}`")),
                    _ if absolute => Ok(0),
                    "memref.subview" => subview_offset(eval, op, source),
                    "memref.reinterpret_cast" => {
                        absolute = true;
                        reinterpret_offset(op)
                    }
                    _ => Ok(0),
                };
                offset = match (offset, delta) {
                    (Ok(a), Ok(b)) => a.checked_add(b).ok_or_else(|| "an offset that overflows".to_string()),
                    (Err(e), _) | (_, Err(e)) => Err(e),
                };
            }
            Hop::Execute { .. } | Hop::Args { .. } => {}
            Hop::FuncArg { key, func: owner } => {
                if owner.map(|o| o.node().id()) != Some(func_node) {
                    return Err("an argument of another function".to_string());
                }
                return Ok(Resolved { arg_def: key.0, offset, via });
            }
            Hop::Result { op, .. } if op.name() == air_ops::EXECUTE => return Err(Stop::ExecuteResult.describe()),
            Hop::Result { op, .. } => return Err(format!("the result of `{}`", op.name())),
            Hop::Stop(stop) => return Err(stop.describe()),
        }
    }
    Err(Stop::TooLong.describe())
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
    let strides = source_type.strides().filter(|s| s.len() == offsets.len()).ok_or_else(cannot)?;
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
