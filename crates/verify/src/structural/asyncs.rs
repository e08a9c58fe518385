//! Async tokens: every dependency in `[...]` is an `!air.async.token`, and `async` goes with
//! a named result (AIR's `parseAsyncDependencies`: "needs to be named when marked 'async'").

use super::hierarchy::plural;
use super::Cx;
use crate::codes;
use crate::dialect::{classify, OpClass};
use air_syntax::air_ops::AirOp;
use air_syntax::views::value_types::TOKEN_TYPE;
use air_syntax::views::{types_equal, Execute, Op};
use air_syntax::{SyntaxKind, SyntaxNode};

pub(super) fn check(cx: &mut Cx<'_, '_>) {
    for &(op, name) in cx.ops {
        if !name.starts_with("air.") {
            continue;
        }
        let OpClass::Air(air) = classify(op) else { continue };
        for dep in dependencies(op, air) {
            dependency_is_token(cx, op, dep);
        }
        results(cx, op, air);
    }
}

/// The `[%a, %b]` dependency list of an async-capable AIR op.
fn dependencies(op: Op<'_>, air: AirOp) -> Vec<SyntaxNode<'_>> {
    if air == AirOp::Custom {
        // `air.custom` is read generically: its list is the first `[...]` group.
        return op
            .node()
            .children_of(SyntaxKind::GROUP)
            .find(|g| g.text().starts_with('['))
            .map(|g| g.children_of(SyntaxKind::VALUE_USE).collect())
            .unwrap_or_default();
    }
    op.node()
        .child(SyntaxKind::ASYNC_DEPS)
        .and_then(|d| d.child(SyntaxKind::DEP_LIST))
        .map(|l| l.children_of(SyntaxKind::VALUE_USE).collect())
        .unwrap_or_default()
}

fn dependency_is_token(cx: &mut Cx<'_, '_>, op: Op<'_>, dep: SyntaxNode<'_>) {
    let Some(actual) = cx.type_of(dep) else { return };
    if types_equal(&actual.text, TOKEN_TYPE) {
        return;
    }
    let diagnostic = cx.error(
        codes::DEPENDENCY_NOT_TOKEN,
        format!("dependency `{}` of `{}` is not an async token: it has type `{}`", dep.text(), op.name(), actual.text),
        dep.text_range(),
        format!("`{}`, expected `{TOKEN_TYPE}`", actual.text),
    );
    let diagnostic = cx.secondary(diagnostic, actual.def_range, format!("{} defined here", actual.origin));
    cx.diagnostics.push(
        diagnostic
            .with_help("list only tokens returned by `async` AIR ops (or carried through `iter_args`) in `[...]`"),
    );
}

fn is_async(op: Op<'_>, air: AirOp) -> bool {
    if air == AirOp::Custom {
        return op.node().direct_tokens().any(|t| t.kind() == SyntaxKind::BARE_ID && t.text() == "async");
    }
    op.node()
        .child(SyntaxKind::ASYNC_DEPS)
        .is_some_and(|d| d.direct_tokens().any(|t| t.kind() == SyntaxKind::BARE_ID && t.text() == "async"))
}

/// Values bound by the op's result list (`%a:2` counts 2).
fn bound_results(op: Op<'_>) -> usize {
    op.result_nodes()
        .map(|r| {
            r.significant_tokens()
                .skip_while(|t| t.kind() != SyntaxKind::COLON)
                .nth(1)
                .and_then(|t| t.text().parse::<usize>().ok())
                .unwrap_or(1)
        })
        .sum()
}

fn results(cx: &mut Cx<'_, '_>, op: Op<'_>, air: AirOp) {
    let name = op.name();
    let at = op.name_node().map(|n| n.text_range()).unwrap_or_else(|| op.node().text_range());
    let bound = bound_results(op);
    let results_at = op.node().child(SyntaxKind::RESULT_LIST).map(|r| r.text_range()).unwrap_or(at);
    match air {
        AirOp::Launch
        | AirOp::Segment
        | AirOp::Herd
        | AirOp::Rank
        | AirOp::DmaMemcpyNd
        | AirOp::ChannelPut
        | AirOp::ChannelGet
        | AirOp::WaitAll
        | AirOp::Custom => {
            let marked = is_async(op, air);
            let message = match (marked, bound) {
                (true, 0) => format!("`{name}` is marked `async` but its token is not named"),
                (false, n) if n > 0 => {
                    format!("`{name}` binds {n} result{} but is not `async`, so it has none", plural(n))
                }
                (true, n) if n > 1 => format!("`{name}` returns one async token but {n} results are bound"),
                _ => return,
            };
            let label = if bound == 0 { "`async` without a result" } else { "results bound here" };
            let primary = if bound == 0 { at } else { results_at };
            cx.diagnostics.push(cx.error(codes::ASYNC_RESULT_MISMATCH, message, primary, label).with_help(format!(
                "an async op returns exactly one `!air.async.token`: write `%t = {name} async ...`, or drop both `async` and the result"
            )));
        }
        AirOp::Execute => {
            let Some(execute) = Execute::cast(op) else { return };
            let expected = 1 + execute.result_types().len();
            if bound == 0 || bound == expected {
                return;
            }
            cx.diagnostics.push(
                cx.error(
                    codes::ASYNC_RESULT_MISMATCH,
                    format!("`air.execute` returns {expected} value{} (a token and its `-> (...)` types) but {bound} are bound", plural(expected)),
                    results_at,
                    format!("{bound} result{} bound here", plural(bound)),
                )
                .with_help("bind the token first, then one name per `-> (...)` type: `%t, %r = air.execute -> (T) { ... }`"),
            );
        }
        _ => {}
    }
}
