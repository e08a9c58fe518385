//! The equivalence check run on every merge: each slice's ops in the merged module are, token
//! for token, the ops of its source, up to renaming and the declared wiring.
//!
//! For every slice, the ops of its kernel body are compared with the ops assembly placed for
//! it in the merged function (looking through the launch/segment a wrapper added). Both sides are normalised token by token:
//! - SSA names: a value defined outside the compared op that is a kernel argument becomes
//!   `ARG<i>` (on the merged side: the combined argument or prelude alias, mapped back through the
//!   plan to the slice arguments wired to it, and through the wrapper's `args(...)`); every other
//!   merged name must be the source name with the slice prefix (`%q_0` ⇔ `%0`);
//! - symbols, aliases and `sym_name` strings lose the prefix; renamed externs, their objects and
//!   shared aliases map back to the source spellings;
//! - trivia is ignored (ops are re-indented).
//!
//! A mismatch is an internal error: the stitch changed something it was not asked to change.

use crate::codes;
use crate::remap_args::Target;
use crate::slice::Kernel;
use crate::value_types::{is_l3_alloc, is_l3_dealloc};
use air_diagnostics::{Diagnostic, LineIndex};
use air_syntax::views::{symbol_name, Hierarchy, Op};
use air_syntax::{DefKind, Parse, SyntaxKind, SyntaxNode, SyntaxToken};
use std::collections::{BTreeMap, BTreeSet};

/// What the check needs to know about one slice.
pub struct SliceFacts<'a> {
    pub prefix: &'a str,
    pub parse: &'a Parse,
    pub kernel: &'a Kernel<'a>,
    /// Slice argument index → where it was wired.
    pub targets: &'a BTreeMap<usize, Target>,
    /// Where the slice's body ops are in the merged text.
    pub body: (u32, u32),
    /// Names (after prefixing, without `@`) of the segments a wrapper added.
    pub wrapper_segments: BTreeSet<String>,
    /// Alias final name → source name (both with sigil).
    pub aliases: BTreeMap<String, String>,
    /// Prefixed symbol → source symbol (without `@`), as prefix-symbols renamed them.
    pub symbols: BTreeMap<String, String>,
    /// Renamed extern symbol → source symbol (without `@`).
    pub extern_symbols: BTreeMap<String, String>,
    /// Renamed object → source object.
    pub objects: BTreeMap<String, String>,
}

/// One normalised token.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Norm {
    Text(String),
    /// A kernel argument by index; the merged side may stand for several (one buffer wired to
    /// two arguments).
    Args(BTreeSet<usize>),
}

fn matches(source: &Norm, merged: &Norm) -> bool {
    match (source, merged) {
        (Norm::Text(a), Norm::Text(b)) => a == b,
        (Norm::Args(a), Norm::Args(b)) => a.iter().any(|i| b.contains(i)),
        _ => false,
    }
}

/// The definition a `PERCENT_ID` token stands for: (def token id, def kind, def node).
fn def_of_token<'a>(parse: &'a Parse, token: SyntaxToken<'a>) -> Option<(u32, DefKind, SyntaxNode<'a>)> {
    // A definition token itself?
    if let Ok(idx) = parse.scopes.defs.binary_search_by_key(&token.id(), |d| d.token) {
        let def = &parse.scopes.defs[idx];
        return Some((def.token.0, def.kind, parse.tree.node(def.node)));
    }
    None
}

struct Side<'a> {
    parse: &'a Parse,
    /// Use token → def token.
    use_def: BTreeMap<u32, u32>,
}

impl<'a> Side<'a> {
    fn new(parse: &'a Parse) -> Side<'a> {
        let mut use_def = BTreeMap::new();
        for (use_node, def) in &parse.scopes.uses {
            let (Some(def), Some(token)) = (def, parse.tree.node(*use_node).first_token()) else { continue };
            use_def.insert(token.id().0, parse.scopes.defs[*def as usize].token.0);
        }
        Side { parse, use_def }
    }

    /// The definition token of a `PERCENT_ID` (itself when it is a definition).
    fn def_token(&self, token: SyntaxToken<'a>) -> Option<SyntaxToken<'a>> {
        if def_of_token(self.parse, token).is_some() {
            return Some(token);
        }
        self.use_def.get(&token.id().0).map(|d| self.parse.tree.token(air_syntax::TokenId(*d)))
    }
}

/// The merged function's ops whose text starts inside `range`.
fn merged_ops_in<'a>(merged: &'a Parse, func_name: &str, range: (u32, u32)) -> Vec<Op<'a>> {
    let func = air_syntax::views::module_ops(merged.tree.root())
        .into_iter()
        .filter_map(air_syntax::views::FuncOp::cast)
        .find(|f| f.name() == func_name);
    func.map(|f| f.op().body_ops())
        .unwrap_or_default()
        .into_iter()
        .filter(|op| {
            let start = op.node().text_range().start;
            range.0 <= start && start < range.1
        })
        .collect()
}

/// Checks every slice; returns the mismatches as internal errors.
pub fn check_equivalence(merged: &Parse, func_name: &str, slices: &[SliceFacts<'_>]) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    let merged_side = Side::new(merged);
    let merged_text = merged.tree.text();
    let lines = LineIndex::new(merged_text);
    for facts in slices {
        let source_side = Side::new(facts.parse);
        // Merged ops, looking through wrapper launches.
        let mut merged_ops: Vec<Op<'_>> = Vec::new();
        for op in merged_ops_in(merged, func_name, facts.body) {
            match wrapper_segment(op, facts) {
                Some(segment) => merged_ops.extend(segment.body_ops().into_iter().filter(|o| !is_terminator(o))),
                None => merged_ops.push(op),
            }
        }
        // A wrapper moves L3 allocations before and deallocations after its launch: compare
        // those groups separately, each in order.
        let group = |op: &Op<'_>| usize::from(is_l3_alloc(*op)) + 2 * usize::from(is_l3_dealloc(*op));
        let pairs: Vec<(Vec<Op<'_>>, Vec<Op<'_>>)> = (0..3)
            .map(|g| {
                (
                    facts.kernel.ops.iter().copied().filter(|op| group(op) == g).collect(),
                    merged_ops.iter().copied().filter(|op| group(op) == g).collect(),
                )
            })
            .collect();
        for (source_ops, merged_ops) in pairs {
            if source_ops.len() != merged_ops.len() {
                errors.push(Diagnostic::error(
                    codes::INTERNAL_CHECK,
                    format!(
                        "internal error: slice `{}` has {} ops in its source but {} in the merged module",
                        facts.prefix,
                        source_ops.len(),
                        merged_ops.len()
                    ),
                ));
                continue;
            }
            for (source_op, merged_op) in source_ops.iter().zip(&merged_ops) {
                if let Some(problem) = compare_op(*source_op, *merged_op, facts, &source_side, &merged_side) {
                    let at = lines.line_col(merged_op.node().text_range().start, merged_text);
                    errors.push(
                        Diagnostic::error(
                            codes::INTERNAL_CHECK,
                            format!("internal error: the merged op at line {} differs from its source in slice `{}`: {problem}", at.line, facts.prefix),
                        )
                        .with_note("this is a bug in air-stitch; please report it with the inputs"),
                    );
                }
            }
        }
    }
    errors
}

fn is_terminator(op: &Op<'_>) -> bool {
    op.name().ends_with("_terminator")
}

/// The segment of a wrapper launch this slice's wrapper added, if `op` is one.
fn wrapper_segment<'a>(op: Op<'a>, facts: &SliceFacts<'_>) -> Option<Op<'a>> {
    let launch = Hierarchy::cast(op).filter(|h| h.op.name() == "air.launch")?;
    let body = launch.op.body_ops();
    let segment = body.iter().find(|o| o.name() == "air.segment")?;
    let name = Hierarchy::cast(*segment)?.sym_name()?;
    facts.wrapper_segments.contains(&name).then_some(*segment)
}

fn compare_op(
    source: Op<'_>,
    merged: Op<'_>,
    facts: &SliceFacts<'_>,
    source_side: &Side<'_>,
    merged_side: &Side<'_>,
) -> Option<String> {
    let source_tokens: Vec<SyntaxToken<'_>> = source.node().significant_tokens().collect();
    let merged_tokens: Vec<SyntaxToken<'_>> = merged.node().significant_tokens().collect();
    if source_tokens.len() != merged_tokens.len() {
        return Some(format!("{} tokens in the source, {} merged", source_tokens.len(), merged_tokens.len()));
    }
    for (s, m) in source_tokens.iter().zip(&merged_tokens) {
        let source_norm = normalize_source(*s, source_side, facts);
        let merged_norm = normalize_merged(*m, merged_side, facts);
        if !matches(&source_norm, &merged_norm) {
            return Some(format!("`{}` became `{}`", s.text(), m.text()));
        }
    }
    None
}

fn normalize_source(token: SyntaxToken<'_>, side: &Side<'_>, facts: &SliceFacts<'_>) -> Norm {
    if token.kind() == SyntaxKind::PERCENT_ID {
        if let Some(def) = side.def_token(token) {
            if let Some(idx) = facts.kernel.args.iter().position(|a| a.name.is_some_and(|n| n.id() == def.id())) {
                return Norm::Args(BTreeSet::from([idx]));
            }
        }
    }
    Norm::Text(token.text().to_string())
}

fn strip_prefix<'t>(text: &'t str, sigil: &str, prefix: &str) -> Option<String> {
    let rest = text.strip_prefix(sigil)?;
    if let Some(quoted) = rest.strip_prefix('"') {
        return quoted.strip_prefix(&format!("{prefix}_")).map(|r| format!("{sigil}\"{r}"));
    }
    rest.strip_prefix(&format!("{prefix}_")).map(|r| format!("{sigil}{r}"))
}

fn normalize_merged(token: SyntaxToken<'_>, side: &Side<'_>, facts: &SliceFacts<'_>) -> Norm {
    let text = token.text();
    match token.kind() {
        SyntaxKind::PERCENT_ID => {
            let mut current = side.def_token(token);
            // Follow the wrapper's args(...) out to the value it forwards.
            for _ in 0..8 {
                let Some(def) = current else { break };
                let Some((_, kind, node)) = def_of_token(side.parse, def) else { break };
                if kind != DefKind::RegionArg {
                    break;
                }
                let forwarded = node
                    .parent()
                    .filter(|p| p.kind() == SyntaxKind::ASSIGN)
                    .filter(|assign| {
                        let op = assign.ancestors().find(|a| a.kind() == SyntaxKind::OPERATION).map(Op);
                        op.is_some_and(|op| is_wrapper(op, facts))
                    })
                    .and_then(|assign| assign.child(SyntaxKind::VALUE_USE))
                    .and_then(|u| u.first_token());
                match forwarded {
                    Some(use_token) => current = side.def_token(use_token),
                    None => break,
                }
            }
            if let Some(def) = current {
                if let Some((_, DefKind::RegionArg, node)) = def_of_token(side.parse, def) {
                    if node.parent().is_some_and(|p| p.kind() == SyntaxKind::FUNC_ARG) {
                        // A combined argument: the slice arguments wired to it.
                        let name = def.text().trim_start_matches('%');
                        let wired: BTreeSet<usize> =
                            facts.targets.iter().filter(|(_, t)| t.value_name() == name).map(|(idx, _)| *idx).collect();
                        return Norm::Args(wired);
                    }
                }
                let def_name = def.text().trim_start_matches('%');
                let aliases: BTreeSet<usize> = facts
                    .targets
                    .iter()
                    .filter(|(_, t)| matches!(t, Target::Alias(_)) && t.value_name() == def_name)
                    .map(|(idx, _)| *idx)
                    .collect();
                if !aliases.is_empty() {
                    return Norm::Args(aliases);
                }
            }
            // Every other value must carry the slice prefix (compare the value the wrapper
            // forwarded, when it forwarded one).
            let name = current.map(|d| d.text()).unwrap_or(text);
            Norm::Text(strip_prefix(name, "%", facts.prefix).unwrap_or_else(|| format!("{name} (not prefixed)")))
        }
        SyntaxKind::AT_ID => {
            let name = symbol_name(text);
            match facts.extern_symbols.get(&name).or_else(|| facts.symbols.get(&name)) {
                Some(original) if text.starts_with("@\"") => Norm::Text(format!("@\"{original}\"")),
                Some(original) => Norm::Text(format!("@{original}")),
                None => Norm::Text(text.to_string()),
            }
        }
        SyntaxKind::HASH_ID | SyntaxKind::BANG_ID => {
            Norm::Text(facts.aliases.get(text).cloned().unwrap_or_else(|| text.to_string()))
        }
        SyntaxKind::STRING => {
            let inner = air_syntax::views::unquote_string(text);
            if let Some(original) = facts.objects.get(&inner) {
                return Norm::Text(format!("\"{original}\""));
            }
            // `sym_name = "q_herd0"` of the hierarchy.
            let is_sym_name = token
                .prev_significant()
                .and_then(|eq| eq.prev_significant())
                .is_some_and(|key| key.text() == "sym_name");
            if is_sym_name {
                if let Some(original) = facts.symbols.get(&inner) {
                    return Norm::Text(format!("\"{original}\""));
                }
            }
            Norm::Text(text.to_string())
        }
        _ => Norm::Text(text.to_string()),
    }
}

/// The wrapper's launch or segment.
fn is_wrapper(op: Op<'_>, facts: &SliceFacts<'_>) -> bool {
    if wrapper_segment(op, facts).is_some() {
        return true;
    }
    op.name() == "air.segment"
        && Hierarchy::cast(op).and_then(|h| h.sym_name()).is_some_and(|n| facts.wrapper_segments.contains(&n))
}
