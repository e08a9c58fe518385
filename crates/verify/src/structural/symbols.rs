//! Symbol tables: the ops directly in a module (or the implicit top-level module) define
//! distinct symbol names, as MLIR's SymbolTable verifier requires ("redefinition of symbol
//! named 'x'"). `air.channel` is a Symbol (AIR.td 620), so two channels of one name, or a
//! channel named like a function, are an error before any AIR lowering sees them.

use super::Cx;
use crate::codes;
use air_diagnostics::TextRange;
use air_syntax::air_attrs;
use air_syntax::air_ops;
use air_syntax::views::name_range;
use air_syntax::views::{attr_string, symbol_name, Op};
use air_syntax::{SyntaxKind, SyntaxNode};
use std::collections::BTreeMap;

/// Custom-form ops whose first `@name` is their symbol name.
const SYMBOL_OPS: &[&str] = &[
    "func.func",
    air_ops::CHANNEL,
    "memref.global",
    "llvm.func",
    "llvm.mlir.global",
    "module",
    "builtin.module",
    "gpu.module",
    "gpu.func",
    "ml_program.global",
    air_ops::LAUNCH,
    air_ops::SEGMENT,
    air_ops::HERD,
    air_ops::RANK,
];

/// The symbol an op defines and where its name is written.
fn symbol_of(op: Op<'_>) -> Option<(String, TextRange)> {
    if let Some(value) = op.attr(air_attrs::SYM_NAME) {
        return attr_string(value).map(|name| (name, value.text_range()));
    }
    if op.is_generic() || !SYMBOL_OPS.contains(&op.name()) {
        return None;
    }
    let token = op.symbol()?;
    Some((symbol_name(token.text()), token.text_range()))
}

pub(super) fn check(cx: &mut Cx<'_, '_>) {
    let tree = &cx.input.parse.tree;
    table(cx, tree.root());
    for &(op, name) in cx.ops {
        if matches!(name, "module" | "builtin.module" | "gpu.module") {
            if let Some(region) = op.first_region() {
                table(cx, region);
            }
        }
    }
    callees(cx);
}

/// Every `func.call` names a function of the file (MLIR's `CallOp::verifySymbolUses`).
fn callees(cx: &mut Cx<'_, '_>) {
    use air_syntax::views::calls::{extern_declaration, undefined_calls};
    for call in undefined_calls(cx.input.parse.tree.root()) {
        let diagnostic = cx.error(
            codes::UNDEFINED_CALLEE,
            format!("`@{}` does not reference a valid function", call.callee),
            call.at,
            "called here",
        );
        cx.diagnostics.push(diagnostic.with_help(format!(
            "declare it as the kernel's builder does, with the object that defines it (`{}`), or fix the name",
            extern_declaration(&call)
        )));
    }
}

/// One symbol table: the ops directly in `scope` (a region's blocks, or the file).
fn table(cx: &mut Cx<'_, '_>, scope: SyntaxNode<'_>) {
    let ops: Vec<Op<'_>> = if scope.kind() == SyntaxKind::REGION {
        scope.children_of(SyntaxKind::BLOCK).flat_map(|b| b.children_of(SyntaxKind::OPERATION)).map(Op).collect()
    } else {
        scope.children_of(SyntaxKind::OPERATION).map(Op).collect()
    };
    let mut seen: BTreeMap<String, (TextRange, &str)> = BTreeMap::new();
    for op in ops {
        let Some((name, at)) = symbol_of(op) else { continue };
        if let Some((first, first_op)) = seen.get(&name) {
            let diagnostic = cx.error(
                codes::SYMBOL_REDEFINITION,
                format!("redefinition of symbol `@{name}` (`{}`)", op.name()),
                at,
                "defined again here",
            );
            let diagnostic = cx.secondary(diagnostic, *first, format!("first defined here by `{first_op}`"));
            let diagnostic = cx.secondary(diagnostic, name_range(op), "this op");
            cx.diagnostics.push(diagnostic.with_help("symbols in one module must be unique: rename one of them"));
            continue;
        }
        seen.insert(name, (at, op.name()));
    }
}
