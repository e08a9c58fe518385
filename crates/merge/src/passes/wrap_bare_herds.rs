//! wrap-bare-herds: put bare `air.herd` ops (a kernel body with herds but no `air.launch`) into
//! `air.launch () in ()` + `air.segment @<func>_seg`, threading the values the herds use from
//! outside through both ops' `args(...)`.
//!
//! Without the wrapper the compiler lowers a bare herd to `airrt.herd_load`, which the NPU
//! runtime-sequence pass silently drops when other segment-based launches exist in the same
//! function (upstream `stitching.py`, `_wrap_ir_in_launch`). Unlike the regex version this
//! reads the signature and body from the tree (any argument names, multi-line signatures,
//! `return`/`func.return` written any way), threads only the values actually used, keeps L3
//! allocations before the launch and their deallocations after it, plain or in `air.execute`
//! (a segment may only allocate L2/L1), re-indents the moved ops, and is a no-op when nothing
//! is bare. In async IR the launch waits on the outside tokens the moved ops waited on (a fresh
//! `air.wait_all async` stands for each inside), and becomes `async` when something after it
//! waits on a token from inside: its token then stands for those. `wrap_analysis.rs` decides
//! all that; this file writes it. Names it adds are fresh in the file and are prefixed by later
//! passes like any other.

use crate::passes::wrap_analysis::{plan_run, RunPlan};
use crate::passes::{Changed, Pass, PassResult, SliceCx};
use crate::rewrite::make::{Template, TemplatePart};
use crate::rewrite::{token_span, Fragment, Rewrite, SymbolKey, ValueKey};
use air_diagnostics::Diagnostic;
use air_syntax::air_ops;
use air_syntax::views::text::indentation;
use air_syntax::views::value_types::{printed_def_type, TOKEN_TYPE};
use air_syntax::views::{symbol_name, Hierarchy, HierarchyKind, Op};
use air_syntax::{Parse, SyntaxKind, TokenId};
use rustc_hash::{FxHashMap, FxHashSet};
use std::borrow::Cow;

#[derive(Clone, Debug, Default)]
pub struct WrapBareHerds {
    /// Name of the new segment (default `<kernel name>_seg`).
    pub segment_name: Option<String>,
    /// A plan's `shim_dma_tile_sizes`: every `air.launch` of the slice, the ones this pass
    /// creates included, gets `air.shim_dma_tile_sizes = array<i64: ...>` (a launch that carries
    /// another value is an error, AS0342).
    pub tile_sizes: Option<Vec<i64>>,
    /// Where the plan writes it.
    pub tile_sizes_loc: crate::plan::Loc,
}

/// Whether `op` is, or contains, an `air.launch`.
fn has_launch(op: Op<'_>) -> bool {
    op.name() == air_ops::LAUNCH || op.node().descendants().filter_map(Op::cast).any(|o| o.name() == air_ops::LAUNCH)
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
                .any(|a| matches!(a.name(), air_ops::LAUNCH | air_ops::SEGMENT))
    })
}

impl Pass for WrapBareHerds {
    const NAME: &'static str = "wrap-bare-herds";
    const NEEDS_KERNEL: bool = true;

    fn run(&self, cx: &mut SliceCx<'_>, mut rewrite: Rewrite) -> PassResult {
        let (parse, file, kernel) = (&cx.slice.parse, cx.slice.file, cx.kernel(Self::NAME)?);
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
        let edits_before = rewrite.edits();
        if let Some(sizes) = &self.tile_sizes {
            crate::tile_sizes::set_on_launches(cx.slice, kernel, sizes, self.tile_sizes_loc, &mut rewrite)?;
        }
        if runs.is_empty() {
            let changed = Changed::since(edits_before, &rewrite);
            return Ok((rewrite, changed));
        }

        let mut fresh = Fresh::new(parse, &rewrite);
        let mut errors = Vec::new();
        let base_segment = self.segment_name.clone().unwrap_or_else(|| format!("{}_seg", kernel.func.name()));
        // Tokens of earlier runs' moved ops that their launch's token stands for outside.
        let mut stands_for: FxHashMap<TokenId, ValueKey> = FxHashMap::default();
        for run in &runs {
            match plan_run(parse, file, kernel, run) {
                Ok(plan) => {
                    let wrapper = Wrapper { base_segment: &base_segment, tile_sizes: self.tile_sizes.as_deref() };
                    if let Err(e) = wrap_run(parse, &plan, &wrapper, &mut fresh, &mut stands_for, &mut rewrite) {
                        errors.push(e);
                    }
                }
                Err(mut e) => errors.append(&mut e),
            }
        }
        if errors.is_empty() {
            Ok((rewrite, Changed::Yes))
        } else {
            Err(errors)
        }
    }
}

/// Names not yet used in the file, for the values and symbols a wrapper adds. The file's own
/// names are borrowed from its text (copying each one cost more than the wrapping).
struct Fresh<'a> {
    names: FxHashSet<Cow<'a, str>>,
    symbols: FxHashSet<Cow<'a, str>>,
    next_arg: u32,
}

impl<'a> Fresh<'a> {
    fn new(parse: &'a Parse, rewrite: &Rewrite) -> Fresh<'a> {
        let tree = &parse.tree;
        let mut names: FxHashSet<Cow<'a, str>> = tree
            .tokens()
            .filter(|t| t.kind() == SyntaxKind::PERCENT_ID)
            .map(|t| Cow::Borrowed(&t.text()[1..]))
            .collect();
        names.extend(rewrite.synthetic_value_names().iter().cloned().map(Cow::Owned));
        let symbols = tree
            .tokens()
            .filter(|t| t.kind() == SyntaxKind::AT_ID)
            .map(|t| match t.text().strip_prefix('@').filter(|bare| !bare.starts_with('"')) {
                Some(bare) => Cow::Borrowed(bare),
                None => Cow::Owned(symbol_name(t.text())),
            })
            .collect();
        let next_arg = tree
            .tokens()
            .filter(|t| t.kind() == SyntaxKind::PERCENT_ID)
            .filter_map(|t| t.text().strip_prefix("%arg").and_then(|n| n.parse::<u32>().ok()))
            .max()
            .map(|n| n + 1)
            .unwrap_or(0);
        Fresh { names, symbols, next_arg }
    }

    /// The next free `argN`.
    fn arg(&mut self) -> String {
        loop {
            let name = format!("arg{}", self.next_arg);
            self.next_arg += 1;
            if self.names.insert(Cow::Owned(name.clone())) {
                return name;
            }
        }
    }

    /// `name`, or `name_1`, `name_2`, ...: the first not yet used (then marked used).
    fn name(&mut self, name: &str) -> String {
        first_free(name, &mut self.names)
    }

    fn symbol(&mut self, name: &str) -> String {
        first_free(name, &mut self.symbols)
    }
}

fn first_free(name: &str, used: &mut FxHashSet<Cow<'_, str>>) -> String {
    let mut candidate = name.to_string();
    let mut suffix = 1;
    while !used.insert(Cow::Owned(candidate.clone())) {
        candidate = format!("{name}_{suffix}");
        suffix += 1;
    }
    candidate
}

/// What every wrapper of a slice shares: its segment's base name, its launch's tile sizes.
struct Wrapper<'a> {
    base_segment: &'a str,
    tile_sizes: Option<&'a [i64]>,
}

/// The values a wrapper introduces for one run.
struct WrapperValues {
    launch_args: Vec<ValueKey>,
    segment_args: Vec<ValueKey>,
    /// The tokens that stand inside for the launch's dependencies.
    inner_deps: Vec<ValueKey>,
    /// The launch's token, when something after the launch waits on the ops inside it.
    launch_token: Option<ValueKey>,
}

/// Wraps one planned run: the new values and the uses they replace, the launch and segment
/// around the moved ops, the hoisted and sunk ops around those, and the re-indentation.
fn wrap_run(
    parse: &Parse,
    plan: &RunPlan<'_>,
    wrapper: &Wrapper<'_>,
    fresh: &mut Fresh<'_>,
    stands_for: &mut FxHashMap<TokenId, ValueKey>,
    rewrite: &mut Rewrite,
) -> Result<(), Diagnostic> {
    let tree = &parse.tree;
    let (Some(first), Some(last)) = (plan.moved.first(), plan.moved.last()) else { return Ok(()) };
    let values = WrapperValues {
        launch_args: plan.captured.iter().map(|_| rewrite.new_value(fresh.arg())).collect(),
        segment_args: plan.captured.iter().map(|_| rewrite.new_value(fresh.arg())).collect(),
        // Inside, a fresh token stands for each dependency: the launch waited on it.
        inner_deps: plan
            .deps
            .iter()
            .map(|dep| rewrite.new_value(fresh.name(&format!("in_{}", &tree.token(*dep).text()[1..]))))
            .collect(),
        launch_token: (!plan.launch_token_uses.is_empty()).then(|| rewrite.new_value(fresh.name("launch_token"))),
    };
    for (token, idx) in &plan.captured_uses {
        rewrite.redirect_use(*token, values.segment_args[*idx]);
    }
    for (token, idx) in &plan.dep_uses {
        rewrite.redirect_use(*token, values.inner_deps[*idx]);
    }
    if let Some(key) = values.launch_token {
        for token in &plan.launch_token_uses {
            rewrite.redirect_use(*token, key);
        }
        for def in moved_tokens(parse, &plan.moved) {
            stands_for.insert(def, key);
        }
    }
    let segment = rewrite.new_symbol(fresh.symbol(wrapper.base_segment));
    let indent = indentation(first.node());
    // The wrapper is parsed whole, then cut where the moved ops go.
    let (head, tail) = wrapper_template(plan, &values, segment, stands_for, &indent, wrapper.tile_sizes)?;

    let mut opening = Fragment::new();
    for op in &plan.hoisted {
        let (start, end) = token_span(op.node());
        opening = opening.original(start, end).line_break(&indent);
        rewrite.delete(start, end);
        // Drop the line break that followed the hoisted op.
        if (end.0 as usize) < tree.token_count() && tree.token(end).kind() == SyntaxKind::WHITESPACE {
            rewrite.delete(end, TokenId(end.0 + 1));
        }
    }
    let (first_token, _) = token_span(first.node());
    let (_, last_end) = token_span(last.node());
    rewrite.insert_before(first_token, opening.template(head));
    let mut closing = Fragment::new().template(tail);
    for op in &plan.sunk {
        let (start, end) = token_span(op.node());
        closing = closing.line_break(&indent).original(start, end);
        // Drop the line break before the sunk op along with it.
        let before = start.0.checked_sub(1).map(|idx| tree.token(TokenId(idx)));
        match before.filter(|t| t.kind() == SyntaxKind::WHITESPACE) {
            Some(ws) => rewrite.delete(ws.id(), end),
            None => rewrite.delete(start, end),
        }
    }
    rewrite.insert_after(TokenId(last_end.0 - 1), closing);
    // Re-indent everything between the first and the last moved op by two levels, but not the
    // hoisted and sunk ops among them: they keep their level outside.
    let stays: Vec<(TokenId, TokenId)> =
        plan.hoisted.iter().chain(&plan.sunk).map(|op| token_span(op.node())).collect();
    for token in (first_token.0..last_end.0).map(|idx| tree.token(TokenId(idx))) {
        let id = token.id();
        if stays.iter().any(|(start, end)| (*start..*end).contains(&id)) {
            continue;
        }
        if token.kind() == SyntaxKind::WHITESPACE && token.text().contains('\n') {
            let indented = indent_line_breaks(rewrite.token_override(id).unwrap_or(token.text()));
            rewrite.override_token(id, indented);
        }
    }
    Ok(())
}

/// The wrapper, parsed: `[%t = ]air.launch [async] [[deps]] () in () args(...) : T {`, then
/// `air.segment @s args(...) : T {`, the stand-in tokens each on its own line, the moved ops
/// (a `// body` line in the template, where it is cut in two) and the closing braces. Its
/// placeholders are the wrapper's values, the captured values and the segment's name.
fn wrapper_template(
    plan: &RunPlan<'_>,
    values: &WrapperValues,
    segment: SymbolKey,
    stands_for: &FxHashMap<TokenId, ValueKey>,
    indent: &str,
    tile_sizes: Option<&[i64]>,
) -> Result<(TemplatePart, TemplatePart), Diagnostic> {
    let mut holes: Vec<ValueKey> = Vec::new();
    let mut hole = |key: ValueKey| {
        holes.push(key);
        format!("%{}", holes.len() - 1)
    };
    let types = plan.captured.iter().map(|(_, ty)| ty.as_str()).collect::<Vec<_>>().join(", ");
    let captured: Vec<ValueKey> = plan.captured.iter().map(|(token, _)| ValueKey::Def(*token)).collect();
    let mut text = match values.launch_token {
        Some(key) => format!("{} = {} async ", hole(key), air_ops::LAUNCH),
        None => format!("{} ", air_ops::LAUNCH),
    };
    if !plan.deps.is_empty() {
        let outer: Vec<String> =
            plan.deps.iter().map(|dep| hole(stands_for.get(dep).copied().unwrap_or(ValueKey::Def(*dep)))).collect();
        text += &format!("[{}] ", outer.join(", "));
    }
    text += "() in () ";
    text += &args_clause(&mut hole, &values.launch_args, &captured, &types);
    if let Some(sizes) = tile_sizes {
        text += &format!("attributes {{{}}} ", crate::tile_sizes::entry(sizes));
    }
    text += &format!("{{\n{indent}  air.segment @s0 ");
    text += &args_clause(&mut hole, &values.segment_args, &values.launch_args, &types);
    text += &format!("{{\n{indent}    ");
    for key in &values.inner_deps {
        text += &format!("{} = air.wait_all async\n{indent}    ", hole(*key));
    }
    text += &format!("// body\n{indent}  }}\n{indent}}}");
    Template::parse(&text, &holes, &[segment])?.split_at("body")
}

/// The async tokens the moved ops define (at any depth: a use outside can only see the top
/// level ones, but it costs nothing to be complete).
fn moved_tokens(parse: &Parse, moved: &[Op<'_>]) -> Vec<TokenId> {
    let tree = &parse.tree;
    parse
        .scopes
        .defs
        .iter()
        .filter(|d| {
            d.kind == air_syntax::DefKind::Result && moved.iter().any(|op| op.node().is_ancestor_of(tree.node(d.node)))
        })
        .filter(|d| printed_def_type(parse, d).as_deref() == Some(TOKEN_TYPE))
        .map(|d| d.token)
        .collect()
}

/// `args(%a=%b, ...) : T, ... ` (or nothing when there are no values), with placeholders.
fn args_clause(
    hole: &mut dyn FnMut(ValueKey) -> String,
    inner: &[ValueKey],
    outer: &[ValueKey],
    types: &str,
) -> String {
    if inner.is_empty() {
        return String::new();
    }
    let pairs: Vec<String> = inner.iter().zip(outer).map(|(i, o)| format!("{}={}", hole(*i), hole(*o))).collect();
    format!("args({}) : {types} ", pairs.join(", "))
}

/// Adds four spaces after every line break, keeping blank lines free of trailing spaces.
fn indent_line_breaks(whitespace: &str) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::run_alone;
    use crate::rewrite::Printer;
    use crate::slice::{find_kernel, ParsedSlice};
    use air_diagnostics::FileId;

    fn wrap_reporting(text: &str) -> (String, Changed) {
        let slice = ParsedSlice::new(FileId(0), "t.mlir", text);
        assert!(!slice.parse.has_errors(), "{:?}", slice.parse.all_errors());
        let kernel = find_kernel(&slice.parse, FileId(0), "t.mlir", None).unwrap();
        let out = run_alone(&WrapBareHerds::default().into(), &slice, Some(&kernel)).unwrap();
        let text = Printer::new(&slice.parse, &out.rewrite).print();
        let reparsed = air_syntax::parse(&text);
        assert!(!reparsed.has_errors(), "{text}\n{:?}", reparsed.all_errors());
        (text, out.changed)
    }

    fn wrap(text: &str) -> String {
        let (text, changed) = wrap_reporting(text);
        assert_eq!(changed, Changed::Yes);
        text
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
        assert_eq!(wrap_reporting(text), (text.to_string(), Changed::No));
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
