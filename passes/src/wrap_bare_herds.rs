//! wrap-bare-herds: put bare `air.herd` ops (a kernel body with herds but no `air.launch`) into
//! `air.launch () in ()` + `air.segment @<func>_seg`, threading the values the herds use from
//! outside through both ops' `args(...)`.
//!
//! Without the wrapper the compiler lowers a bare herd to `airrt.herd_load`, which the NPU
//! runtime-sequence pass silently drops when other segment-based launches exist in the same
//! function (upstream `stitching.py`, `_wrap_ir_in_launch`). Unlike the regex version this
//! reads the signature and body from the tree (any argument names, multi-line signatures,
//! `return`/`func.return` written any way), threads only the values actually used, keeps L3
//! allocations and deallocations outside the segment (a segment may only allocate L2/L1),
//! re-indents the moved
//! ops, and is a no-op when nothing is bare. Names it adds are fresh in the file and are
//! prefixed by later passes like any other.

use crate::codes;
use crate::rewrite::{Fragment, Rewrite, ValueKey};
use crate::slice::Kernel;
use crate::value_types::{def_type, is_l3_alloc, is_l3_dealloc};
use air_diagnostics::{Diagnostic, FileId};
use air_syntax::views::{all_ops, symbol_name, Hierarchy, HierarchyKind, Op};
use air_syntax::{Parse, SyntaxKind, SyntaxNode, TokenId};
use rustc_hash::FxHashSet;
use std::collections::BTreeMap;

#[derive(Clone, Debug, Default)]
pub struct WrapBareHerds {
    /// Name of the new segment (default `<kernel name>_seg`).
    pub segment_name: Option<String>,
}

/// Whether `op` is, or contains, an `air.launch`.
fn has_launch(op: Op<'_>) -> bool {
    op.name() == "air.launch" || op.node().descendants().filter_map(Op::cast).any(|o| o.name() == "air.launch")
}

/// Whether `op` is, or contains, a herd with no launch or segment around it.
fn has_bare_herd(op: Op<'_>) -> bool {
    std::iter::once(op).chain(op.node().descendants().filter_map(Op::cast)).any(|o| {
        Hierarchy::cast(o).is_some_and(|h| h.kind == HierarchyKind::Herd)
            && !o
                .node()
                .ancestors()
                .skip(1)
                .filter_map(Op::cast)
                .any(|a| matches!(a.name(), "air.launch" | "air.segment"))
    })
}

/// The whitespace that indents the line `node` starts on.
fn indentation(node: SyntaxNode<'_>) -> String {
    let text = node.tree().text();
    let start = node.text_range().start as usize;
    let line_start = text[..start].rfind('\n').map(|p| p + 1).unwrap_or(0);
    text[line_start..start].chars().take_while(|c| *c == ' ' || *c == '\t').collect()
}

impl WrapBareHerds {
    pub const NAME: &'static str = "wrap-bare-herds";

    pub fn run(
        &self,
        parse: &Parse,
        file: FileId,
        kernel: &Kernel<'_>,
        mut rewrite: Rewrite,
    ) -> Result<Rewrite, Vec<Diagnostic>> {
        // Runs of consecutive body ops without launches; wrap those holding a bare herd.
        let mut runs: Vec<Vec<Op<'_>>> = Vec::new();
        let mut current: Vec<Op<'_>> = Vec::new();
        for op in &kernel.ops {
            if has_launch(*op) {
                if !current.is_empty() {
                    runs.push(std::mem::take(&mut current));
                }
            } else {
                current.push(*op);
            }
        }
        if !current.is_empty() {
            runs.push(current);
        }
        runs.retain(|run| run.iter().any(|op| has_bare_herd(*op)));
        if runs.is_empty() {
            return Ok(rewrite);
        }

        let tree = &parse.tree;
        let mut used_names: FxHashSet<String> =
            tree.tokens().filter(|t| t.kind() == SyntaxKind::PERCENT_ID).map(|t| t.text()[1..].to_string()).collect();
        used_names.extend(rewrite.synthetic_values.iter().cloned());
        let mut used_symbols: FxHashSet<String> =
            tree.tokens().filter(|t| t.kind() == SyntaxKind::AT_ID).map(|t| symbol_name(t.text())).collect();
        let mut next_arg = tree
            .tokens()
            .filter(|t| t.kind() == SyntaxKind::PERCENT_ID)
            .filter_map(|t| t.text().strip_prefix("%arg").and_then(|n| n.parse::<u32>().ok()))
            .max()
            .map(|n| n + 1)
            .unwrap_or(0);
        let mut fresh_arg = |used: &mut FxHashSet<String>| loop {
            let name = format!("arg{next_arg}");
            next_arg += 1;
            if used.insert(name.clone()) {
                return name;
            }
        };
        let mut errors = Vec::new();
        let base_segment = self.segment_name.clone().unwrap_or_else(|| format!("{}_seg", kernel.func.name()));

        for run in &runs {
            // L3 allocations go before the launch and their deallocations after it.
            let hoisted: Vec<Op<'_>> = run.iter().copied().filter(|op| is_l3_alloc(*op)).collect();
            let sunk: Vec<Op<'_>> = run.iter().copied().filter(|op| is_l3_dealloc(*op)).collect();
            let moved: Vec<Op<'_>> =
                run.iter().copied().filter(|op| !is_l3_alloc(*op) && !is_l3_dealloc(*op)).collect();
            let (Some(first), Some(last)) = (moved.first(), moved.last()) else { continue };
            let inside =
                |node: SyntaxNode<'_>| moved.iter().any(|op| op.node() == node || op.node().is_ancestor_of(node));

            // Values used inside and defined outside, in order of first use.
            let mut captured: Vec<ValueKey> = Vec::new();
            let mut captured_uses: Vec<(u32, usize)> = Vec::new();
            for op in &moved {
                for use_node in op.node().descendants().filter(|n| n.kind() == SyntaxKind::VALUE_USE) {
                    let Some(def) = parse.scopes.def_of_use(use_node.id()) else { continue };
                    if inside(tree.node(def.node)) {
                        continue;
                    }
                    let key = ValueKey::Def(def.token);
                    let idx = match captured.iter().position(|k| *k == key) {
                        Some(idx) => idx,
                        None => {
                            captured.push(key);
                            captured.len() - 1
                        }
                    };
                    if let Some(token) = use_node.first_token() {
                        captured_uses.push((token.id().0, idx));
                    }
                }
            }
            // Values defined by moved ops must not be used after the run.
            let moved_defs: FxHashSet<TokenId> = parse
                .scopes
                .defs
                .iter()
                .filter(|d| {
                    d.kind == air_syntax::DefKind::Result
                        && moved.iter().any(|op| op.node().is_ancestor_of(tree.node(d.node)))
                })
                .map(|d| d.token)
                .collect();
            for (use_node, def) in &parse.scopes.uses {
                let Some(def) = def else { continue };
                let def = &parse.scopes.defs[*def as usize];
                let use_node = tree.node(*use_node);
                if moved_defs.contains(&def.token) && !inside(use_node) {
                    errors.push(
                        Diagnostic::error(codes::WRAP_UNSUPPORTED, format!("cannot wrap the bare herd: `{}` is defined inside the new launch but used after it", tree.token(def.token).text()))
                            .with_primary(file, use_node.text_range(), "used here, outside the wrapped ops")
                            .with_secondary(file, tree.token(def.token).text_range(), "defined here, inside the wrapped ops")
                            .with_help("define the value again after the herd, or wrap the kernel in `air.launch`/`air.segment` by hand"),
                    );
                }
            }
            // Thread function arguments first, in signature order, then other values in
            // definition order (readable wrappers, whatever order the body uses them in).
            let rank = |key: &ValueKey| -> (usize, u32) {
                let ValueKey::Def(token) = key else { return (usize::MAX, 0) };
                match kernel.args.iter().position(|a| a.name.is_some_and(|n| n.id() == *token)) {
                    Some(position) => (position, 0),
                    None => (kernel.args.len(), token.0),
                }
            };
            let mut order: Vec<usize> = (0..captured.len()).collect();
            order.sort_by_key(|idx| rank(&captured[*idx]));
            let mut position_of = vec![0usize; captured.len()];
            for (new, old) in order.iter().enumerate() {
                position_of[*old] = new;
            }
            captured = order.iter().map(|idx| captured[*idx]).collect();
            for (_, idx) in captured_uses.iter_mut() {
                *idx = position_of[*idx];
            }
            let mut types = Vec::new();
            for key in &captured {
                let ValueKey::Def(token) = key else { continue };
                let def = parse.scopes.defs.iter().find(|d| d.token == *token);
                match def.and_then(|d| def_type(parse, d)) {
                    Some(ty) => types.push(ty),
                    None => {
                        errors.push(
                            Diagnostic::error(codes::WRAP_UNSUPPORTED, format!("cannot wrap the bare herd: the type of `{}` is not written at its definition", tree.token(*token).text()))
                                .with_primary(file, tree.token(*token).text_range(), "defined here")
                                .with_help("the wrapper must list the type of every value it passes in; pass this value in as a function argument"),
                        );
                        types.push(String::new());
                    }
                }
            }
            if !errors.is_empty() {
                continue;
            }

            let launch_args: Vec<ValueKey> =
                captured.iter().map(|_| rewrite.new_value(fresh_arg(&mut used_names))).collect();
            let segment_args: Vec<ValueKey> =
                captured.iter().map(|_| rewrite.new_value(fresh_arg(&mut used_names))).collect();
            for (token, idx) in &captured_uses {
                rewrite.use_overrides.insert(*token, segment_args[*idx]);
            }
            let mut segment_name = base_segment.clone();
            let mut suffix = 1;
            while !used_symbols.insert(segment_name.clone()) {
                segment_name = format!("{base_segment}_{suffix}");
                suffix += 1;
            }
            let segment = rewrite.new_symbol(segment_name);

            let indent = indentation(first.node());
            let type_list = types.join(", ");
            let mut opening = Fragment::new();
            for op in &hoisted {
                let (start, end) = op.node().token_range();
                opening = opening.original(start, end).text(format!("\n{indent}"));
                rewrite.delete(start, end);
                // Drop the line break that followed the hoisted op.
                if (end as usize) < tree.token_count() && tree.token(TokenId(end)).kind() == SyntaxKind::WHITESPACE {
                    rewrite.delete(end, end + 1);
                }
            }
            opening = opening.text("air.launch () in () ");
            opening = args_clause(opening, &launch_args, &captured, &type_list);
            opening = opening.text(format!("{{\n{indent}  air.segment ")).symbol(segment).text(" ");
            opening = args_clause(opening, &segment_args, &launch_args, &type_list);
            opening = opening.text(format!("{{\n{indent}    "));
            let (first_token, _) = first.node().token_range();
            let (_, last_end) = last.node().token_range();
            rewrite.insert_before(first_token, opening);
            let mut closing = Fragment::new().text(format!("\n{indent}  }}\n{indent}}}"));
            for op in &sunk {
                let (start, end) = op.node().token_range();
                closing = closing.text(format!("\n{indent}")).original(start, end);
                // Drop the line break before the sunk op along with it.
                let before = start.checked_sub(1).map(|idx| tree.token(TokenId(idx)));
                match before.filter(|t| t.kind() == SyntaxKind::WHITESPACE) {
                    Some(ws) => rewrite.delete(ws.id().0, end),
                    None => rewrite.delete(start, end),
                }
            }
            rewrite.insert_after(last_end - 1, closing);
            // Re-indent everything between the first and the last moved op by two levels.
            for token in (first_token..last_end).map(|idx| tree.token(TokenId(idx))) {
                if token.kind() == SyntaxKind::WHITESPACE && token.text().contains('\n') {
                    let current =
                        rewrite.token_text.get(&token.id().0).cloned().unwrap_or_else(|| token.text().to_string());
                    rewrite.token_text.insert(token.id().0, reindent(&current));
                }
            }
        }
        if errors.is_empty() {
            Ok(rewrite)
        } else {
            Err(errors)
        }
    }
}

/// `args(%a=%b, ...) : T, ... ` (or nothing when there are no values).
fn args_clause(mut fragment: Fragment, inner: &[ValueKey], outer: &[ValueKey], types: &str) -> Fragment {
    if inner.is_empty() {
        return fragment;
    }
    fragment = fragment.text("args(");
    for (idx, (i, o)) in inner.iter().zip(outer).enumerate() {
        if idx > 0 {
            fragment = fragment.text(", ");
        }
        fragment = fragment.value(*i).text("=").value(*o);
    }
    fragment.text(format!(") : {types} "))
}

/// Adds four spaces after every line break, keeping blank lines free of trailing spaces.
fn reindent(whitespace: &str) -> String {
    let mut out = String::with_capacity(whitespace.len() + 8);
    let pieces: Vec<&str> = whitespace.split('\n').collect();
    for (idx, piece) in pieces.iter().enumerate() {
        if idx > 0 {
            out.push('\n');
            let last = idx == pieces.len() - 1;
            if last || !piece.is_empty() {
                out.push_str("    ");
            }
        }
        out.push_str(piece);
    }
    out
}

/// Hierarchy ops whose names a herd could clash with after wrapping (for tests and reports).
pub fn herd_names(parse: &Parse) -> BTreeMap<String, usize> {
    let mut names = BTreeMap::new();
    for op in all_ops(parse.tree.root()) {
        if let Some(name) = Hierarchy::cast(op).and_then(|h| h.sym_name()) {
            *names.entry(name).or_insert(0) += 1;
        }
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rewrite::Printer;
    use crate::slice::find_kernel;

    fn wrap(text: &str) -> String {
        let parse = air_syntax::parse(text);
        assert!(!parse.has_errors(), "{:?}", parse.all_errors());
        let kernel = find_kernel(&parse, FileId(0), "t.mlir", None).unwrap();
        let rewrite = WrapBareHerds::default().run(&parse, FileId(0), &kernel, Rewrite::new()).unwrap();
        let out = Printer::new(&parse, &rewrite).print();
        let reparsed = air_syntax::parse(&out);
        assert!(!reparsed.has_errors(), "{out}\n{:?}", reparsed.all_errors());
        out
    }

    #[test]
    fn wrap_bare_herds_threads_used_arguments_through_launch_and_segment() {
        let out = wrap("func.func @rms(%x: memref<64x64xbf16>,\n    %y: memref<64x64xbf16>) {\n  %c8 = arith.constant 8 : index\n  air.herd @h tile (%tx, %ty) in (%sx=%c8, %sy=%c8) args(%a=%x, %b=%y) : memref<64x64xbf16>, memref<64x64xbf16> {\n  }\n  func.return\n}\n");
        insta::assert_snapshot!(out, @r###"
        func.func @rms(%x: memref<64x64xbf16>,
            %y: memref<64x64xbf16>) {
          air.launch () in () args(%arg0=%x, %arg1=%y) : memref<64x64xbf16>, memref<64x64xbf16> {
            air.segment @rms_seg args(%arg2=%arg0, %arg3=%arg1) : memref<64x64xbf16>, memref<64x64xbf16> {
              %c8 = arith.constant 8 : index
              air.herd @h tile (%tx, %ty) in (%sx=%c8, %sy=%c8) args(%a=%arg2, %b=%arg3) : memref<64x64xbf16>, memref<64x64xbf16> {
              }
            }
          }
          func.return
        }
        "###);
    }

    #[test]
    fn wrap_bare_herds_is_a_no_op_on_wrapped_kernels() {
        let text = "func.func @k(%x: memref<4xi32>) {\n  air.launch () in () args(%a=%x) : memref<4xi32> {\n    air.segment @s args(%b=%a) : memref<4xi32> {\n      %c1 = arith.constant 1 : index\n      air.herd tile (%tx) in (%sx=%c1) args(%c=%b) : memref<4xi32> {\n      }\n    }\n  }\n  return\n}\n";
        assert_eq!(wrap(text), text);
    }

    #[test]
    fn wrap_bare_herds_keeps_l3_allocations_outside_the_segment() {
        let out = wrap("func.func @k(%arg3: memref<4xi32>) {\n  %c1 = arith.constant 1 : index\n  %tmp = memref.alloc() : memref<4xi32>\n  air.herd tile (%tx) in (%sx=%c1) args(%a=%arg3, %b=%tmp) : memref<4xi32>, memref<4xi32> {\n  }\n  return\n}\n");
        insta::assert_snapshot!(out, @r###"
        func.func @k(%arg3: memref<4xi32>) {
          %tmp = memref.alloc() : memref<4xi32>
          air.launch () in () args(%arg4=%arg3, %arg5=%tmp) : memref<4xi32>, memref<4xi32> {
            air.segment @k_seg args(%arg6=%arg4, %arg7=%arg5) : memref<4xi32>, memref<4xi32> {
              %c1 = arith.constant 1 : index
              air.herd tile (%tx) in (%sx=%c1) args(%a=%arg6, %b=%arg7) : memref<4xi32>, memref<4xi32> {
              }
            }
          }
          return
        }
        "###);
    }
}
