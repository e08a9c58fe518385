//! `func.return` against the enclosing function's declared results (count and types), the
//! check MLIR's `func.return` verifier makes; done here too so that builds without MLIR
//! catch it.

use super::hierarchy::plural;
use super::Cx;
use crate::codes;
use air_syntax::views::text::{after_last_colon, compact, compact_elements, split_commas};
use air_syntax::views::{region_ops, types_equal, FuncOp, Op};
use air_syntax::SyntaxKind;

pub(super) fn check(cx: &mut Cx<'_, '_>) {
    for &(op, name) in cx.ops {
        if name != "func.func" || op.is_generic() {
            continue;
        }
        let Some(func) = FuncOp::cast(op) else { continue };
        let Some(body) = func.body() else { continue };
        let results: Vec<String> = func.results().into_iter().map(compact).collect();
        for ret in region_ops(body) {
            if !ret.is_func_return() || ret.is_generic() {
                continue;
            }
            check_return(cx, func, &results, ret);
        }
    }
}

fn check_return(cx: &mut Cx<'_, '_>, func: FuncOp<'_>, results: &[String], ret: Op<'_>) {
    let values: Vec<_> = ret.node().children_of(SyntaxKind::VALUE_USE).collect();
    let returned: Vec<String> = after_last_colon(ret)
        .map(|types| split_commas(&types).into_iter().map(compact_elements).collect())
        .unwrap_or_default();
    let at = ret.name_node().map(|n| n.text_range()).unwrap_or_else(|| ret.node().text_range());
    let fn_at = func.name_token().map(|t| t.text_range()).unwrap_or_else(|| func.op().node().text_range());
    let fn_name = func.name();
    if values.len() != results.len() {
        let declared = if results.is_empty() {
            "no results".to_string()
        } else {
            format!("{} result{} `({})`", results.len(), plural(results.len()), results.join(", "))
        };
        let diagnostic = cx.error(
            codes::RETURN_MISMATCH,
            format!(
                "`{}` returns {} value{} but `@{fn_name}` declares {declared}",
                ret.name(),
                values.len(),
                plural(values.len())
            ),
            at,
            format!("{} value{} returned", values.len(), plural(values.len())),
        );
        let diagnostic = cx.secondary(diagnostic, fn_at, format!("`@{fn_name}` declared with {declared}"));
        let help = if results.is_empty() {
            "return nothing (`return`), or declare the results: `func.func @f(...) -> T`".to_string()
        } else {
            format!(
                "return {} value{} of type{} `{}`",
                results.len(),
                plural(results.len()),
                plural(results.len()),
                results.join(", ")
            )
        };
        cx.diagnostics.push(diagnostic.with_help(help));
        return;
    }
    for (idx, (declared, given)) in results.iter().zip(&returned).enumerate() {
        if types_equal(declared, given) {
            continue;
        }
        let diagnostic = cx.error(
            codes::RETURN_MISMATCH,
            format!("`{}` returns `{given}` as result {} but `@{fn_name}` declares `{declared}`", ret.name(), idx + 1),
            values.get(idx).map(|v| v.text_range()).unwrap_or(at),
            format!("`{given}`"),
        );
        let diagnostic = cx.secondary(diagnostic, fn_at, format!("declares `{declared}`"));
        cx.diagnostics.push(diagnostic.with_help("the returned types must equal the declared result types exactly"));
    }
}
