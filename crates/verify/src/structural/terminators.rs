//! Terminators: `air.{launch,segment,herd,rank,execute}_terminator` only as the last op of
//! the body they terminate (`HasParent` + `Terminator` in AIR.td), and the values an
//! `air.execute_terminator` yields matching the `air.execute` result types.

use super::hierarchy::plural;
use super::Cx;
use crate::codes;
use crate::dialect::dialect_of;
use air_syntax::air_ops::AirOp;
use air_syntax::views::text::{compact_elements, op_elements, split_commas};
use air_syntax::views::{region_ops, types_equal, Execute, Op};
use air_syntax::SyntaxKind;

pub(super) fn check(cx: &mut Cx<'_, '_>) {
    let _parse = cx.input.parse;
    for &(op, name) in cx.ops {
        if dialect_of(name) != "air" {
            continue;
        }
        let Some(air) = AirOp::from_name(name) else { continue };
        if let Some(owner) = air.terminated_op() {
            placement(cx, op, air, owner);
        }
        if air == AirOp::Execute && !op.is_generic() {
            execute_results(cx, op);
        }
    }
}

fn placement(cx: &mut Cx<'_, '_>, op: Op<'_>, air: AirOp, owner: AirOp) {
    let at = op.name_node().map(|n| n.text_range()).unwrap_or_else(|| op.node().text_range());
    let parent = op.parent_op();
    let parent_name = parent.map(|p| p.name()).unwrap_or("");
    if parent_name != owner.name() {
        let where_ =
            if parent_name.is_empty() { "at the top level".to_string() } else { format!("inside `{parent_name}`") };
        let mut diagnostic = cx.error(
            codes::MISPLACED_TERMINATOR,
            format!("`{}` can only end an `{}` body, but it is {where_}", air.name(), owner.name()),
            at,
            "misplaced terminator",
        );
        if let Some(parent) = parent {
            let parent_at = parent.name_node().map(|n| n.text_range()).unwrap_or_else(|| parent.node().text_range());
            diagnostic = cx.secondary(diagnostic, parent_at, "enclosing op");
        }
        cx.diagnostics.push(diagnostic.with_help(format!("remove it, or use the terminator of `{parent_name}`")));
        return;
    }
    let Some(block) = op.node().parent() else { return };
    let next = block.children_of(SyntaxKind::OPERATION).skip_while(|n| *n != op.node()).nth(1);
    if let Some(next) = next.map(Op) {
        let next_at = next.name_node().map(|n| n.text_range()).unwrap_or_else(|| next.node().text_range());
        let diagnostic = cx.error(
            codes::MISPLACED_TERMINATOR,
            format!("`{}` must be the last op of the `{}` body", air.name(), owner.name()),
            at,
            "terminator here",
        );
        let diagnostic = cx.secondary(diagnostic, next_at, "but this op follows it");
        cx.diagnostics.push(
            diagnostic.with_help("move the terminator to the end of the body (or drop it: the custom syntax adds it)"),
        );
    }
}

/// The body's `air.execute_terminator` yields one value per `-> (...)` type, of that type.
fn execute_results(cx: &mut Cx<'_, '_>, op: Op<'_>) {
    let Some(execute) = Execute::cast(op) else { return };
    let Some(body) = execute.body() else { return };
    let declared: Vec<String> = execute.result_types().into_iter().map(air_syntax::views::text::compact).collect();
    let at = op.name_node().map(|n| n.text_range()).unwrap_or_else(|| op.node().text_range());
    let last = region_ops(body).into_iter().last().filter(|l| l.name() == AirOp::ExecuteTerminator.name());
    let Some(terminator) = last else {
        if !declared.is_empty() {
            cx.diagnostics.push(
                cx.error(
                    codes::EXECUTE_RESULTS_MISMATCH,
                    format!(
                        "`air.execute` returns {} value{} but its body has no `air.execute_terminator`",
                        declared.len(),
                        plural(declared.len())
                    ),
                    at,
                    "results declared here",
                )
                .with_help("end the body with `air.execute_terminator %v : T`, one value per `-> (...)` type"),
            );
        }
        return;
    };
    if terminator.is_generic() {
        return;
    }
    let elements = op_elements(terminator);
    let colon = elements.iter().position(|e| e.kind() == SyntaxKind::COLON).unwrap_or(elements.len());
    let values: Vec<_> =
        elements[..colon].iter().filter_map(|e| e.as_node()).filter(|n| n.kind() == SyntaxKind::VALUE_USE).collect();
    let type_elements = elements.get(colon + 1..).unwrap_or(&[]).to_vec();
    let yielded: Vec<String> = split_commas(&type_elements).into_iter().map(compact_elements).collect();
    let term_at = terminator.name_node().map(|n| n.text_range()).unwrap_or_else(|| terminator.node().text_range());
    if values.len() != declared.len() {
        let diagnostic = cx.error(
            codes::EXECUTE_RESULTS_MISMATCH,
            format!(
                "`air.execute_terminator` yields {} value{} but `air.execute` declares {}",
                values.len(),
                plural(values.len()),
                declared.len()
            ),
            term_at,
            format!("{} value{} yielded", values.len(), plural(values.len())),
        );
        let diagnostic =
            cx.secondary(diagnostic, at, format!("{} result type{} declared", declared.len(), plural(declared.len())));
        cx.diagnostics.push(diagnostic.with_help("yield one value per `-> (...)` type, in order"));
        return;
    }
    for (idx, (declared_ty, yielded_ty)) in declared.iter().zip(&yielded).enumerate() {
        if types_equal(declared_ty, yielded_ty) {
            continue;
        }
        let diagnostic = cx.error(
            codes::EXECUTE_RESULTS_MISMATCH,
            format!("`air.execute_terminator` yields `{yielded_ty}` as result {} but `air.execute` declares `{declared_ty}`", idx + 1),
            values.get(idx).map(|v| v.text_range()).unwrap_or(term_at),
            format!("`{yielded_ty}`"),
        );
        let diagnostic = cx.secondary(diagnostic, at, format!("declares `{declared_ty}`"));
        cx.diagnostics.push(diagnostic.with_help("the yielded types must equal the `-> (...)` types exactly"));
    }
}
