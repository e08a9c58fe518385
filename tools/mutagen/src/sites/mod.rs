//! Finding the places in a chunk where a rule can be broken (or a benign edit made), and the
//! edits that do it. Each generator is a pure function of one parsed chunk.

pub mod benign;
pub mod channel;
pub mod generic;
pub mod generic_ops;
pub mod hierarchy;
pub mod memory;
pub mod parser;
pub mod transfer;

use crate::corpus::Chunk;
use crate::edit::{Edit, Edits};
use air_syntax::air_ops;
use air_syntax::views::{all_ops, AttrDict, ChannelDecl, ChannelIo, MemRefType, Op};
use air_syntax::{NodeId, Parse, SyntaxKind::*, SyntaxNode, SyntaxToken, SyntaxTree};
use std::collections::BTreeMap;

/// One place a rule can be broken: where (a byte offset in the chunk, reported as the
/// mutant's `at=`) and the edits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Site {
    pub at: u32,
    pub edits: Vec<Edit>,
    /// The site is inside the body of a launch, segment, herd or rank. AIR's parsers of
    /// those ops ignore a failed body parse (AIRDialect.cpp:811-820, 1232-1241, 1538-1547,
    /// 1947-1956: `parseOptionalRegion`'s failure is dropped) and build the op anyway, which
    /// can crash air-opt after a parse error inside the body; parse-error rules try these
    /// sites last.
    pub in_hierarchy: bool,
}

impl Site {
    /// A site at `node`'s start, when the edits do not overlap.
    pub fn at(node: SyntaxNode<'_>, edits: Edits<'_>) -> Option<Site> {
        let in_hierarchy = region_owners(node).any(|op| HIERARCHY_OPS.contains(&op.name()));
        Some(Site { at: node.text_range().start, edits: edits.finish()?, in_hierarchy })
    }

    /// A site at the start of `token`, which belongs to `node`.
    pub fn at_token(node: SyntaxNode<'_>, token: SyntaxToken<'_>, edits: Edits<'_>) -> Option<Site> {
        let mut site = Site::at(node, edits)?;
        site.at = token.text_range().start;
        Some(site)
    }
}

/// AIR ops whose custom parser reads `async [deps]` with `parseAsyncDependencies`
/// (AIRDialect.cpp:214) or the same `custom<AsyncDependencies>` directive.
pub const ASYNC_DEP_OPS: &[&str] = &[
    air_ops::LAUNCH,
    air_ops::SEGMENT,
    air_ops::HERD,
    air_ops::RANK,
    air_ops::CUSTOM,
    air_ops::WAIT_ALL,
    air_ops::DMA_MEMCPY_ND,
    air_ops::CHANNEL_PUT,
    air_ops::CHANNEL_GET,
];

/// Hierarchy ops: IsolatedFromAbove, one block, an implicit terminator.
pub const HIERARCHY_OPS: &[&str] = &[air_ops::LAUNCH, air_ops::SEGMENT, air_ops::HERD, air_ops::RANK];

/// Ops whose regions do not see values from outside (the hierarchy, functions, modules).
const ISOLATING_OPS: &[&str] = &[
    air_ops::LAUNCH,
    air_ops::SEGMENT,
    air_ops::HERD,
    air_ops::RANK,
    "func.func",
    "module",
    "builtin.module",
    "gpu.module",
    "gpu.func",
    "llvm.func",
];

/// A parsed chunk with the indices the generators share.
pub struct Cx<'a> {
    pub chunk: Chunk<'a>,
    pub parse: Parse,
    /// For each definition in `parse.scopes.defs`, the `VALUE_USE` nodes resolved to it.
    uses: Vec<Vec<NodeId>>,
}

impl<'a> Cx<'a> {
    /// `None` when air-syntax finds errors in the chunk: only clean chunks are mutated.
    pub fn new(chunk: Chunk<'a>) -> Option<Cx<'a>> {
        let parse = air_syntax::parse(chunk.text);
        if parse.has_errors() {
            return None;
        }
        let mut uses = vec![Vec::new(); parse.scopes.defs.len()];
        for (node, def) in parse.scopes.resolutions() {
            if let Some(def) = def {
                uses[def.index()].push(node);
            }
        }
        Some(Cx { chunk, parse, uses })
    }

    /// Which of `count` variants of an edit the `nth` site of this chunk makes: spread over
    /// the corpus by a fixed hash of the chunk's name, so that capped rules still show every
    /// variant.
    pub fn variant(&self, nth: usize, count: usize) -> usize {
        let seed = crate::fnv1a(&[self.chunk.relpath, "#", &self.chunk.index.to_string()]);
        (seed as usize).wrapping_add(nth) % count.max(1)
    }

    pub fn tree(&self) -> &SyntaxTree {
        &self.parse.tree
    }

    pub fn edits(&self) -> Edits<'_> {
        Edits::new(&self.parse.tree)
    }

    /// Every op, in document order.
    pub fn ops(&self) -> impl Iterator<Item = Op<'_>> {
        all_ops(self.parse.tree.root())
    }

    /// Every custom-form op named one of `names`.
    pub fn ops_named<'s>(&'s self, names: &'s [&str]) -> impl Iterator<Item = Op<'s>> + 's {
        self.ops().filter(move |op| !op.is_generic() && names.contains(&op.name()))
    }

    /// The uses of the value a `RESULT`, `ARG_DEF` or `BLOCK_ARG` node defines.
    pub fn uses_of(&self, def_node: SyntaxNode<'_>) -> Vec<SyntaxNode<'_>> {
        let def = self.parse.scopes.def_id_at(def_node.id());
        def.map(|def| self.uses[def.index()].iter().map(|id| self.tree().node(*id)).collect()).unwrap_or_default()
    }

    /// The definition node (`RESULT`, `ARG_DEF`, `BLOCK_ARG`) a use resolves to.
    pub fn def_of(&self, use_node: SyntaxNode<'_>) -> Option<SyntaxNode<'_>> {
        self.parse.scopes.def_of_use(use_node.id()).map(|def| self.tree().node(def.node))
    }

    /// No result of `op` is used.
    pub fn results_unused(&self, op: Op<'_>) -> bool {
        op.result_nodes().all(|result| self.uses_of(result).is_empty())
    }

    /// The innermost op whose region holds `node` (an op's own operands and attributes are
    /// not in its region) among those named one of `names`.
    pub fn enclosing<'s>(&'s self, node: SyntaxNode<'s>, names: &[&str]) -> Option<Op<'s>> {
        region_owners(node).find(|op| names.contains(&op.name()))
    }

    /// The innermost op around `node` whose regions are isolated from above.
    pub fn isolating<'s>(&'s self, node: SyntaxNode<'s>) -> Option<Op<'s>> {
        self.enclosing(node, ISOLATING_OPS)
    }

    /// `node` is inside an op named one of `names`.
    pub fn inside(&self, node: SyntaxNode<'_>, names: &[&str]) -> bool {
        self.enclosing(node, names).is_some()
    }

    /// The channel declarations of the chunk by name (the first one of a name).
    pub fn channel_decls(&self) -> BTreeMap<String, ChannelDecl<'_>> {
        let mut decls = BTreeMap::new();
        for decl in self.ops().filter_map(ChannelDecl::cast) {
            decls.entry(decl.name()).or_insert(decl);
        }
        decls
    }

    /// The puts and gets of channel `name`.
    pub fn channel_ios(&self, name: &str) -> Vec<ChannelIo<'_>> {
        self.ops().filter_map(ChannelIo::cast).filter(|io| io.chan_name() == name).collect()
    }
}

/// The ops whose regions hold `node`, innermost first.
pub fn region_owners(node: SyntaxNode<'_>) -> impl Iterator<Item = Op<'_>> {
    node.ancestors()
        .filter(|n| n.kind() == REGION)
        .filter_map(|region| region.ancestors().skip(1).find(|n| n.kind() == OPERATION))
        .map(Op)
}

/// The `async` keyword of an op.
pub fn async_keyword(op: Op<'_>) -> Option<SyntaxToken<'_>> {
    op.node().child(ASYNC_DEPS)?.direct_tokens().find(|t| t.kind() == BARE_ID && t.text() == "async")
}

/// The `[%a, %b]` dependency list of an op, if written.
pub fn dep_list(op: Op<'_>) -> Option<SyntaxNode<'_>> {
    op.node().child(ASYNC_DEPS)?.child(DEP_LIST)
}

/// The dependencies of an op (`VALUE_USE` nodes).
pub fn deps(op: Op<'_>) -> Vec<SyntaxNode<'_>> {
    dep_list(op).map(|list| list.children_of(VALUE_USE).collect()).unwrap_or_default()
}

/// The memory space a memref type lives in, `None` for `#air.symmetric_heap` (exempt from
/// AIR's per-level rules) and other non-integer spaces.
pub fn integer_space(ty: &MemRefType) -> Option<i64> {
    match &ty.memory_space_text {
        Some(text) if text.starts_with('#') => None,
        _ => Some(ty.memory_space),
    }
}

/// Where an attribute entry goes on a custom-form AIR op, as the edit that adds `entry`:
/// into its dictionary when it has one, else a new dictionary where the op's assembly format
/// reads `attr-dict` (AIR.td).
pub fn add_attr<'t>(edits: Edits<'t>, op: Op<'_>, entry: &str) -> Option<Edits<'t>> {
    let node = op.node();
    let dict = match op.name() {
        air_ops::LAUNCH | air_ops::SEGMENT | air_ops::HERD | air_ops::RANK | air_ops::CUSTOM => {
            node.child(ATTRIBUTES_CLAUSE).and_then(|clause| clause.child(ATTR_DICT))
        }
        _ => node.child(ATTR_DICT),
    };
    if let Some(dict) = dict {
        return Some(add_to_dict(edits, AttrDict(dict), entry));
    }
    Some(match op.name() {
        air_ops::LAUNCH | air_ops::SEGMENT | air_ops::HERD | air_ops::RANK => match node.child(REGION) {
            Some(region) => edits.insert_before(region.first_token()?, format!("attributes {{{entry}}} ")),
            None => edits.insert_after(node.significant_tokens().last()?, format!(" attributes {{{entry}}}")),
        },
        // `... ) attr-dict : (types)`: the dictionary goes before the op's own `:`.
        air_ops::CHANNEL_PUT | air_ops::CHANNEL_GET | air_ops::DMA_MEMCPY_ND => {
            let colon = node.direct_tokens().filter(|t| t.kind() == COLON).last()?;
            edits.insert_before(colon, format!("{{{entry}}} "))
        }
        // `air.channel @name [sizes] attr-dict`, `air.wait_all ... attr-dict`, `air.execute
        // ... regions attr-dict`: the dictionary ends the op.
        air_ops::CHANNEL | air_ops::WAIT_ALL | air_ops::EXECUTE => {
            edits.insert_after(node.significant_tokens().last()?, format!(" {{{entry}}}"))
        }
        _ => return None,
    })
}

/// Adds `entry` first in `dict`.
pub fn add_to_dict<'t>(edits: Edits<'t>, dict: AttrDict<'_>, entry: &str) -> Edits<'t> {
    let Some(brace) = dict.0.first_token() else { return edits };
    let empty = dict.entries().is_empty();
    edits.insert_after(brace, if empty { entry.to_string() } else { format!("{entry}, ") })
}

/// Sets attribute `key` of `op` to `value`: replaces the value when the key is there, else
/// adds the entry.
pub fn set_attr<'t>(edits: Edits<'t>, op: Op<'_>, key: &str, value: &str) -> Option<Edits<'t>> {
    for dict in op.attr_dicts() {
        if let Some(existing) = dict.get(key) {
            return Some(edits.replace_node(existing, value));
        }
    }
    add_attr(edits, op, &format!("{key} = {value}"))
}

/// The attribute dictionary entry `key` of `op` (the whole `key = value` node).
pub fn attr_entry<'s>(op: Op<'s>, key: &str) -> Option<SyntaxNode<'s>> {
    op.attr_dicts().into_iter().find_map(|dict| dict.entry(key))
}

/// Removes the entry `key` of `op`'s dictionary together with one comma next to it.
pub fn remove_attr<'t>(edits: Edits<'t>, op: Op<'_>, key: &str) -> Option<Edits<'t>> {
    let entry = attr_entry(op, key)?;
    let (start, end) = entry.token_range();
    let tree = entry.tree();
    let next = entry.significant_tokens().last().and_then(|t| t.next_significant());
    if let Some(comma) = next.filter(|t| t.kind() == COMMA) {
        // `key = v, other`: drop through the comma and the space after it.
        let mut stop = comma.id().0 + 1;
        if (stop as usize) < tree.token_count() && tree.token(air_syntax::TokenId(stop)).kind() == WHITESPACE {
            stop += 1;
        }
        return Some(edits.delete_tokens(start, stop));
    }
    let prev = entry.first_token().and_then(|t| t.prev_significant());
    if let Some(comma) = prev.filter(|t| t.kind() == COMMA) {
        return Some(edits.delete_tokens(comma.id().0, end));
    }
    Some(edits.delete_tokens(start, end))
}

/// Values of a list node (`INDEX_LIST`, `CHANNEL_INDICES`, `DEP_LIST`): the entries'
/// token ranges, so an entry can be removed with its comma.
pub fn list_entries(list: SyntaxNode<'_>) -> Vec<(u32, u32)> {
    let mut entries = Vec::new();
    let mut current: Option<(u32, u32)> = None;
    for element in list.elements() {
        match element.kind() {
            L_BRACK | R_BRACK | L_PAREN | R_PAREN => {}
            COMMA => entries.extend(current.take()),
            _ => {
                let (start, end) = match element {
                    air_syntax::Element::Node(node) => node.token_range(),
                    air_syntax::Element::Token(token) => (token.id().0, token.id().0 + 1),
                };
                current = Some(match current {
                    Some((first, _)) => (first, end),
                    None => (start, end),
                });
            }
        }
    }
    entries.extend(current);
    entries
}

/// Deletes the last entry of a list node with the comma before it.
pub fn drop_last_entry<'t>(edits: Edits<'t>, list: SyntaxNode<'_>) -> Option<Edits<'t>> {
    let entries = list_entries(list);
    let &(start, end) = entries.last()?;
    let start = match entries.len() {
        1 => start,
        n => entries[n - 2].1,
    };
    Some(edits.delete_tokens(start, end))
}
