//! Per-region SSA scopes: resolves every value use to its definition.
//!
//! This follows MLIR's parser (llvm-project `mlir/lib/AsmParser/Parser.cpp`, the SSA name
//! scopes of `OperationParser`): names live in regions; a definition takes effect where the
//! parser records it (block arguments and the arguments an op binds for its region at the start
//! of that region, op results *after* the op and its regions) and stays visible in nested
//! regions until its own region closes; a definition that clashes with a visible one is a
//! redefinition; sibling regions reuse names freely. A use of a name not yet defined is a
//! forward reference, legal when a later definition in the same region or an enclosing one
//! resolves it (graph regions, successor blocks, a loop using a value defined after it).
//! Whether a launch/segment/herd body reaches outside itself is a verifier question
//! (IsolatedFromAbove), not a parse error, so it is not checked here.

use crate::codes;
use crate::kind::SyntaxKind::{self, *};
use crate::tree::{NodeId, SyntaxNode, SyntaxTree, TokenId};
use air_diagnostics::{Diagnostic, FileId, LineIndex};
use rustc_hash::FxHashMap;

/// How a value is defined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DefKind {
    /// An op result (`%r`, `%r:2`).
    Result,
    /// A block-label argument (`^bb0(%a: T)`).
    BlockArg,
    /// A region argument bound by the op's custom syntax (`scf.for %iv`, herd ids, `args`).
    RegionArg,
}

/// One value definition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Def {
    pub kind: DefKind,
    /// The `RESULT`, `BLOCK_ARG` or `ARG_DEF` node.
    pub node: NodeId,
    /// Its `PERCENT_ID` token.
    pub token: TokenId,
    /// The `REGION` (or `SOURCE_FILE`) the name is visible in.
    pub scope: NodeId,
    /// Number of values the name stands for (`%r:2` -> 2).
    pub count: u32,
}

/// A definition of one [`Scopes`]: its index in [`Scopes::defs`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DefId(pub u32);

impl DefId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The resolution of one file's uses.
#[derive(Clone, Debug, Default)]
pub struct Scopes {
    /// Every definition, in document order (so sorted by node); [`DefId`] indexes it.
    pub defs: Vec<Def>,
    /// Every `VALUE_USE` node in document order with the raw index of its def in `defs`.
    /// Read through [`Scopes::resolutions`], [`Scopes::def_id_of_use`] and
    /// [`Scopes::def_of_use`], which give [`DefId`]s.
    uses: Vec<(NodeId, Option<u32>)>,
    /// Unresolved uses, redefinitions, result indices out of range.
    pub errors: Vec<Diagnostic>,
}

impl Scopes {
    /// The definition `id` (an id from this resolution).
    pub fn def(&self, id: DefId) -> &Def {
        &self.defs[id.index()]
    }

    /// Every definition with its id, in document order.
    pub fn def_ids(&self) -> impl ExactSizeIterator<Item = (DefId, &Def)> + '_ {
        self.defs.iter().enumerate().map(|(idx, def)| (DefId(idx as u32), def))
    }

    /// Every `VALUE_USE` node in document order, with the definition it resolves to.
    pub fn resolutions(&self) -> impl ExactSizeIterator<Item = (NodeId, Option<DefId>)> + '_ {
        self.uses.iter().map(|&(node, def)| (node, def.map(DefId)))
    }

    /// The definition a `VALUE_USE` node resolves to.
    pub fn def_id_of_use(&self, use_node: NodeId) -> Option<DefId> {
        let idx = self.uses.binary_search_by_key(&use_node, |(node, _)| *node).ok()?;
        self.uses[idx].1.map(DefId)
    }

    /// The definition a `VALUE_USE` node resolves to.
    pub fn def_of_use(&self, use_node: NodeId) -> Option<&Def> {
        self.def_id_of_use(use_node).map(|id| self.def(id))
    }

    pub fn unresolved_count(&self) -> usize {
        self.uses.iter().filter(|(_, def)| def.is_none()).count()
    }

    /// The id of the definition made by a `RESULT`, `BLOCK_ARG` or `ARG_DEF` node.
    pub fn def_id_at(&self, node: NodeId) -> Option<DefId> {
        self.defs.binary_search_by_key(&node, |def| def.node).ok().map(|idx| DefId(idx as u32))
    }

    /// The definition made by a `RESULT`, `BLOCK_ARG` or `ARG_DEF` node.
    pub fn def_at(&self, node: NodeId) -> Option<&Def> {
        self.def_id_at(node).map(|id| self.def(id))
    }

    /// A readable listing of the resolution, for tests and debugging: every definition with
    /// its kind and scope, every use with the definition it resolves to (`line:col` of its
    /// name), and the errors.
    pub fn debug_dump(&self, tree: &SyntaxTree) -> String {
        use std::fmt::Write as _;
        let text = tree.text();
        let lines = LineIndex::new(text);
        let at = |offset: u32| {
            let lc = lines.line_col(offset, text);
            format!("{}:{}", lc.line, lc.col)
        };
        let mut out = String::from("defs:\n");
        for def in &self.defs {
            let token = tree.token(def.token);
            let kind = match def.kind {
                DefKind::Result => "result",
                DefKind::BlockArg => "block-arg",
                DefKind::RegionArg => "region-arg",
            };
            let count = if def.count == 1 { String::new() } else { format!(":{}", def.count) };
            let _ = writeln!(
                out,
                "  {} {}{count} {kind} in {:?}",
                at(token.text_range().start),
                token.text(),
                tree.node(def.scope)
            );
        }
        out.push_str("uses:\n");
        for (use_node, def) in self.resolutions() {
            let node = tree.node(use_node);
            let target = match def {
                Some(def) => {
                    let token = tree.token(self.def(def).token);
                    format!("{} {}", at(token.text_range().start), token.text())
                }
                None => "unresolved".to_string(),
            };
            let _ = writeln!(out, "  {} {} -> {target}", at(node.text_range().start), node.text());
        }
        if !self.errors.is_empty() {
            out.push_str("errors:\n");
            for error in &self.errors {
                let start = error.primary.as_ref().map(|l| l.range.start).unwrap_or(0);
                let _ = writeln!(out, "  {} {} {}", error.code, at(start), error.message);
            }
        }
        out
    }
}

fn is_scope(kind: SyntaxKind) -> bool {
    matches!(kind, REGION | SOURCE_FILE)
}

/// The scope a definition node binds its name in, if any.
fn scope_of_def(node: SyntaxNode<'_>) -> Option<SyntaxNode<'_>> {
    match node.kind() {
        RESULT | BLOCK_ARG => node.ancestors().skip(1).find(|a| is_scope(a.kind())),
        ARG_DEF => {
            let op = node.ancestors().find(|a| a.kind() == OPERATION)?;
            op.child(REGION)
        }
        _ => None,
    }
}

fn percent_token(node: SyntaxNode<'_>) -> Option<crate::tree::SyntaxToken<'_>> {
    node.significant_tokens().next().filter(|t| t.kind() == PERCENT_ID)
}

/// An open construct of the document-order walk.
enum Open {
    /// A region (or the file): `mark` is the length of the undo log on entry.
    Scope { id: u32, end: u32, mark: usize },
    /// An op whose results take effect when it ends.
    Op { end: u32, first_def: u32, def_count: u32 },
}

/// No definition (in the `visible` table).
const NO_DEF: u32 = u32::MAX;

/// Resolves every use in `tree`.
///
/// Names are interned to small integers once, so the walk works on plain vectors: `visible`
/// holds the innermost visible definition of each name, and an undo log restores the outer
/// one when a region closes (a scoped symbol table without a map per scope).
pub fn resolve(tree: &SyntaxTree) -> Scopes {
    // Sized exactly up front: growing by doubling would briefly hold two copies (peak memory).
    let (mut n_defs, mut n_uses) = (0usize, 0usize);
    for node in &tree.nodes {
        match node.kind {
            RESULT | BLOCK_ARG | ARG_DEF => n_defs += 1,
            VALUE_USE => n_uses += 1,
            _ => {}
        }
    }
    let mut scopes = Scopes { defs: Vec::with_capacity(n_defs), uses: Vec::with_capacity(n_uses), errors: Vec::new() };
    let mut name_ids: FxHashMap<&str, u32> = FxHashMap::default();
    name_ids.reserve(tree.token_count() / 16 + 16);
    // The interned name of each def.
    let mut def_names: Vec<u32> = Vec::with_capacity(n_defs);
    // `(region, def)` for the arguments an op binds for its region, and `(op, first def,
    // count)` for op results; both end up in increasing node order and are read by cursors.
    let mut region_args: Vec<(u32, u32)> = Vec::new();
    let mut op_results: Vec<(u32, u32, u32)> = Vec::new();
    // The first definition of each name in each scope, for forward references.
    let mut first_in_scope: FxHashMap<(u32, u32), u32> = FxHashMap::default();
    first_in_scope.reserve(n_defs);

    // Pass 1: every definition, with where it is visible, in document order (so the results
    // of one op are contiguous in `defs`).
    for node in tree.nodes() {
        let kind = match node.kind() {
            RESULT => DefKind::Result,
            BLOCK_ARG => DefKind::BlockArg,
            ARG_DEF => DefKind::RegionArg,
            _ => continue,
        };
        let (Some(scope), Some(token)) = (scope_of_def(node), percent_token(node)) else {
            continue;
        };
        let count = if kind == DefKind::Result {
            node.significant_tokens()
                .skip_while(|t| t.kind() != COLON)
                .nth(1)
                .and_then(|t| t.text().parse::<u32>().ok())
                .unwrap_or(1)
        } else {
            1
        };
        let idx = scopes.defs.len() as u32;
        scopes.defs.push(Def { kind, node: node.id(), token: token.id(), scope: scope.id(), count });
        let next_id = name_ids.len() as u32;
        let name = *name_ids.entry(token.text()).or_insert(next_id);
        def_names.push(name);
        first_in_scope.entry((scope.id().0, name)).or_insert(idx);
        match kind {
            DefKind::RegionArg => region_args.push((scope.id().0, idx)),
            DefKind::Result => {
                if let Some(op) = node.ancestors().find(|a| a.kind() == OPERATION) {
                    match op_results.last_mut() {
                        Some(last) if last.0 == op.id().0 => last.2 += 1,
                        _ => op_results.push((op.id().0, idx, 1)),
                    }
                }
            }
            DefKind::BlockArg => {}
        }
    }
    // Region arguments are written before their region, so this is (almost always) sorted
    // already; the stable sort keeps each region's arguments in order.
    region_args.sort_by_key(|&(region, _)| region);

    // Pass 2: walk in document order.
    let mut visible: Vec<u32> = vec![NO_DEF; name_ids.len()];
    let mut undo: Vec<(u32, u32)> = Vec::new();
    let mut open: Vec<Open> = Vec::new();
    let mut next_region_arg = 0usize;
    let mut next_op_results = 0usize;
    let defs = &scopes.defs;
    let errors = &mut scopes.errors;
    let mut define = |def: u32, visible: &mut Vec<u32>, undo: &mut Vec<(u32, u32)>| {
        let name = def_names[def as usize];
        let previous = visible[name as usize];
        if previous != NO_DEF {
            let token = tree.token(defs[def as usize].token);
            let previous_token = tree.token(defs[previous as usize].token);
            errors.push(
                Diagnostic::error(codes::REDEFINED_VALUE, format!("redefinition of SSA value `{}`", token.text()))
                    .with_primary(FileId(0), token.text_range(), "defined again here")
                    .with_secondary(FileId(0), previous_token.text_range(), "previously defined here")
                    .with_help(
                        "rename one of them; a nested region cannot reuse a name visible from an enclosing region",
                    ),
            );
        }
        undo.push((name, previous));
        visible[name as usize] = def;
    };
    let mut use_errors = Vec::new();
    let node_count = tree.node_count() as u32;
    for id in 0..=node_count {
        // Close everything that ended before this node (the sentinel id closes all).
        while let Some(top) = open.last() {
            let end = match top {
                Open::Scope { end, .. } | Open::Op { end, .. } => *end,
            };
            if id <= end && id < node_count {
                break;
            }
            match open.pop() {
                Some(Open::Scope { mark, .. }) => {
                    for (name, previous) in undo.drain(mark..).rev() {
                        visible[name as usize] = previous;
                    }
                }
                Some(Open::Op { first_def, def_count, .. }) => {
                    for def in first_def..first_def + def_count {
                        define(def, &mut visible, &mut undo);
                    }
                }
                None => {}
            }
        }
        if id == node_count {
            break;
        }
        let data = &tree.nodes[id as usize];
        match data.kind {
            REGION | SOURCE_FILE => {
                open.push(Open::Scope { id, end: data.subtree_end, mark: undo.len() });
                while next_region_arg < region_args.len() && region_args[next_region_arg].0 < id {
                    next_region_arg += 1;
                }
                while next_region_arg < region_args.len() && region_args[next_region_arg].0 == id {
                    define(region_args[next_region_arg].1, &mut visible, &mut undo);
                    next_region_arg += 1;
                }
            }
            OPERATION => {
                while next_op_results < op_results.len() && op_results[next_op_results].0 < id {
                    next_op_results += 1;
                }
                if let Some(&(op, first_def, def_count)) = op_results.get(next_op_results) {
                    if op == id {
                        open.push(Open::Op { end: data.subtree_end, first_def, def_count });
                        next_op_results += 1;
                    }
                }
            }
            BLOCK_ARG => {
                if let Ok(def) = defs.binary_search_by_key(&NodeId(id), |d| d.node) {
                    define(def as u32, &mut visible, &mut undo);
                }
            }
            VALUE_USE => {
                let node = tree.node(NodeId(id));
                let chain = open.iter().rev().filter_map(|o| match o {
                    Open::Scope { id, .. } => Some(*id),
                    Open::Op { .. } => None,
                });
                let lookup = Lookup { name_ids: &name_ids, visible: &visible, first_in_scope: &first_in_scope };
                let resolved = resolve_use(tree, node, &lookup, chain, defs, &mut use_errors);
                scopes.uses.push((node.id(), resolved));
            }
            _ => {}
        }
    }
    scopes.errors.extend(use_errors);
    scopes.errors.sort_by_key(|d| d.primary.as_ref().map(|l| l.range.start).unwrap_or(0));
    scopes
}

/// What a use is looked up in.
struct Lookup<'a, 't> {
    name_ids: &'a FxHashMap<&'t str, u32>,
    visible: &'a [u32],
    first_in_scope: &'a FxHashMap<(u32, u32), u32>,
}

fn resolve_use<'t>(
    tree: &'t SyntaxTree,
    node: SyntaxNode<'t>,
    lookup: &Lookup<'_, '_>,
    mut chain: impl Iterator<Item = u32>,
    defs: &[Def],
    errors: &mut Vec<Diagnostic>,
) -> Option<u32> {
    // A `VALUE_USE` starts at its `%name` token; a result number `#N` is glued to it.
    let (first, end) = node.token_range();
    let name_token = tree.token(TokenId(first));
    let name = name_token.text();
    // A name never defined anywhere has no id and cannot resolve.
    let found = lookup.name_ids.get(name).and_then(|&name_id| {
        let innermost = lookup.visible[name_id as usize];
        if innermost != NO_DEF {
            Some(innermost)
        } else {
            // A forward reference: a later definition in this region or an enclosing one.
            chain.find_map(|scope| lookup.first_in_scope.get(&(scope, name_id)).copied())
        }
    });
    let Some(def) = found else {
        errors.push(
            Diagnostic::error(codes::UNRESOLVED_VALUE, format!("use of undefined value `{name}`"))
                .with_primary(FileId(0), name_token.text_range(), "not defined in this region or an enclosing one")
                .with_help(
                    "define it before use, or for a launch/segment/herd body pass it in through `args(%inner=%outer)`",
                ),
        );
        return None;
    };
    let hash = (first + 1 < end).then(|| tree.token(TokenId(first + 1))).filter(|t| t.kind() == HASH_ID);
    if let Some(hash) = hash {
        let index: u32 = hash.text()[1..].parse().unwrap_or(u32::MAX);
        let def_data = defs[def as usize];
        if index >= def_data.count {
            let count = def_data.count;
            let defines = if count == 1 {
                format!("`{name}` defines 1 value (`{name}#0`)")
            } else {
                format!("`{name}` defines {count} values (`{name}#0` to `{name}#{}`)", count - 1)
            };
            errors.push(
                Diagnostic::error(
                    codes::RESULT_INDEX_OUT_OF_RANGE,
                    format!("result number out of range: `{name}{}` does not exist", hash.text()),
                )
                .with_primary(FileId(0), node.text_range(), "no such result")
                .with_secondary(FileId(0), tree.token(def_data.token).text_range(), "defined here")
                .with_note(defines)
                .with_help(format!("use a result number below {count}, or declare more results with `{name}:N = ...`")),
            );
        }
    }
    Some(def)
}

#[cfg(test)]
mod tests {
    #[test]
    fn typed_ids_agree_with_the_resolution() {
        let text = "func.func @f(%a: index) {\n  %r:2 = \"test.two\"(%a) : (index) -> (index, index)\n  \"test.use\"(%r#1, %later, %nowhere) : (index, index, index) -> ()\n  %later = arith.constant 1 : index\n  return\n}\n";
        let parse = crate::parse(text);
        let scopes = &parse.scopes;
        let names = |def: Option<super::DefId>| def.map(|d| parse.tree.token(scopes.def(d).token).text());
        let resolved: Vec<(&str, Option<&str>)> =
            scopes.resolutions().map(|(node, def)| (parse.tree.node(node).text(), names(def))).collect();
        assert_eq!(
            resolved,
            [("%a", Some("%a")), ("%r#1", Some("%r")), ("%later", Some("%later")), ("%nowhere", None)]
        );
        for (node, def) in scopes.resolutions() {
            assert_eq!(scopes.def_id_of_use(node), def);
            assert_eq!(scopes.def_of_use(node), def.map(|d| scopes.def(d)));
        }
        assert_eq!(scopes.def_ids().len(), 3);
        for (id, def) in scopes.def_ids() {
            assert_eq!(scopes.def_id_at(def.node), Some(id));
            assert_eq!(scopes.def_at(def.node), Some(def));
        }
    }
}
