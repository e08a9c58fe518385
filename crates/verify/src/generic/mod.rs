//! AIR custom syntax → MLIR's generic form. Every `air.*` op becomes
//! `"air.op"(operands) <{properties}> ({^bb0(args): ... terminator}) {attributes} : (types) ->
//! results loc("FILE":LINE:COL)`; everything else is copied byte for byte (and searched for
//! nested AIR ops). One pass over the tree: each node is visited once, so the conversion is
//! linear in the input.

mod airrt;
mod emit;
mod offset_map;
mod ops;

pub use offset_map::OffsetMap;

use crate::codes;
use crate::dialect::{classify, OpClass};
use crate::Input;
use air_diagnostics::{Diagnostic, TextRange};
use air_syntax::views::Op;
use air_syntax::{SyntaxKind, SyntaxNode};
use std::collections::BTreeMap;

/// How to print.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GenericOptions {
    /// Wrap the chunk's ops in `module { ... }` unless it is exactly one `module` (attribute
    /// and type aliases are moved above it). MLIR's single-op parser needs this; `mlir-opt`
    /// wraps by itself.
    pub wrap_in_module: bool,
    /// Give every region-holding AIR op a second, empty region. MLIR treats an unregistered
    /// op with exactly one region as a possible symbol table, so a `func.call` inside an
    /// `air.herd` would not find a function of the module; with two regions the lookup goes
    /// on to the module. Only for MLIR verification: AIR's ops have one region.
    pub symbol_lookup_through_air_ops: bool,
    /// The reader has no `transform` dialect (`verify`'s in-process MLIR context): its custom
    /// syntax cannot be converted. `mlir-opt-22` and air-opt register it with its upstream
    /// extensions, so by default upstream transform ops are kept as written.
    pub transform_unknown: bool,
}

impl GenericOptions {
    /// The options MLIR verification through melior uses (`verify`).
    pub fn for_verification() -> GenericOptions {
        GenericOptions { wrap_in_module: true, symbol_lookup_through_air_ops: true, transform_unknown: true }
    }

    /// What `mlir-opt-22 --allow-unregistered-dialect` (MLIR without AIR) accepts:
    /// the verification form, for a reader that knows `transform` (`print --generic --for-mlir`).
    pub fn for_mlir_opt() -> GenericOptions {
        GenericOptions { transform_unknown: false, ..GenericOptions::for_verification() }
    }
}

/// The generic form of one chunk.
#[derive(Clone, Debug)]
pub struct Generic {
    pub text: String,
    /// Generated offsets → original offsets (whole-file offsets: the chunk offset is added).
    pub map: OffsetMap,
    /// Ops that could not be converted, operands without a known type.
    pub diagnostics: Vec<Diagnostic>,
}

impl Generic {
    /// No op was left unconverted: the text is complete generic-form MLIR.
    pub fn is_complete(&self) -> bool {
        !self.diagnostics.iter().any(|d| d.is_error())
    }
}

/// Prints one parsed chunk in generic form.
pub fn to_generic(input: &Input<'_>, options: GenericOptions) -> Generic {
    let tree = &input.parse.tree;
    let mut writer = Writer {
        input,
        chunk: tree.text(),
        out: String::with_capacity(tree.text().len() + tree.text().len() / 2),
        map: OffsetMap::default(),
        diagnostics: Vec::new(),
        unconvertible: BTreeMap::new(),
        skip_top_level: false,
        fresh: None,
        quoted_name: air_syntax::views::quote_string(input.name),
        options,
    };
    let root = tree.root();
    let wrap = options.wrap_in_module && !is_single_module(root);
    if wrap {
        for alias in root.children_of(SyntaxKind::ALIAS_DEF) {
            writer.verbatim(alias.text_range());
            writer.push_generated("\n", alias.text_range());
        }
        writer.push_generated("module {\n", TextRange::empty(0));
        writer.skip_top_level = true;
    }
    let end = tree.text().len() as u32;
    writer.walk(TextRange::new(0, end), root);
    if wrap {
        writer.push_generated("\n}\n", TextRange::empty(end));
        for meta in root.children_of(SyntaxKind::FILE_METADATA) {
            writer.verbatim(meta.text_range());
            writer.push_generated("\n", meta.text_range());
        }
    }
    writer.report_unconvertible();
    let Writer { out, map, diagnostics, .. } = writer;
    Generic { text: out, map: map.shifted(input.offset), diagnostics }
}

fn is_single_module(root: SyntaxNode<'_>) -> bool {
    let mut ops = root.children_of(SyntaxKind::OPERATION).map(Op);
    match (ops.next(), ops.next()) {
        (Some(op), None) => matches!(op.name(), "module" | "builtin.module"),
        _ => false,
    }
}

/// The first op of each unconvertible kind in a chunk, and how many there are.
struct Unconvertible {
    range: TextRange,
    name: String,
    /// The dialect (or extension, `transform.air`) MLIR does not know.
    dialect: String,
    count: usize,
    unknown_air: bool,
}

pub(crate) struct Writer<'i, 'a> {
    input: &'i Input<'a>,
    chunk: &'a str,
    out: String,
    map: OffsetMap,
    diagnostics: Vec<Diagnostic>,
    /// Keyed by dialect (or by op name for unknown `air.*` ops).
    unconvertible: BTreeMap<String, Unconvertible>,
    /// Alias definitions and resources were hoisted out of the module wrapper.
    skip_top_level: bool,
    /// Prefix for block-argument names no value of the chunk uses, and the next number.
    fresh: Option<(String, usize)>,
    /// The file name as an MLIR string literal, for `loc(...)`.
    quoted_name: String,
    options: GenericOptions,
}

impl<'i, 'a> Writer<'i, 'a> {
    fn verbatim(&mut self, range: TextRange) {
        if range.is_empty() {
            return;
        }
        let start = self.out.len() as u32;
        self.out.push_str(&self.chunk[range.start as usize..range.end as usize]);
        self.map.push_verbatim(start, range);
    }

    fn push_generated(&mut self, text: &str, orig: TextRange) {
        let start = self.out.len() as u32;
        self.out.push_str(text);
        self.map.push_generated(start, text.len() as u32, orig);
    }

    /// Copies `span` (inside `scope`'s subtree), converting the AIR ops in it.
    fn walk(&mut self, span: TextRange, scope: SyntaxNode<'a>) {
        let tree = scope.tree();
        let mut cursor = span.start;
        let mut id = scope.id().0 + 1;
        let last = scope.subtree_end().0;
        while id <= last {
            let node = tree.node(air_syntax::NodeId(id));
            let range = node.text_range();
            if range.start >= span.end {
                break;
            }
            if range.end <= cursor {
                id += 1;
                continue;
            }
            let hoisted = self.skip_top_level
                && node.parent() == Some(tree.root())
                && matches!(node.kind(), SyntaxKind::ALIAS_DEF | SyntaxKind::FILE_METADATA);
            if hoisted {
                self.verbatim(TextRange::new(cursor, range.start));
                cursor = range.end;
                id = node.subtree_end().0 + 1;
                continue;
            }
            if node.kind() != SyntaxKind::OPERATION {
                id += 1;
                continue;
            }
            let op = Op(node);
            match classify(op) {
                OpClass::PassThrough | OpClass::Broken => {
                    id += 1;
                    continue;
                }
                OpClass::Air(air) => {
                    self.verbatim(TextRange::new(cursor, range.start));
                    self.convert(op, air);
                }
                OpClass::AirRt(rt) => {
                    self.verbatim(TextRange::new(cursor, range.start));
                    self.convert_airrt(op, rt);
                }
                OpClass::Unregistered("transform")
                    if !self.options.transform_unknown && crate::dialect::is_upstream_transform(op.name()) =>
                {
                    // Upstream transform ops stay in custom form: mlir-opt and air-opt read it.
                    id += 1;
                    continue;
                }
                OpClass::UnknownAir(name) => {
                    self.note_unconvertible(op, name.to_string(), name.to_string(), true);
                    self.verbatim(TextRange::new(cursor, range.end));
                }
                OpClass::Unregistered(dialect) => {
                    // With upstream transform ops kept, what is left is a downstream extension.
                    let dialect = match (dialect, self.options.transform_unknown) {
                        ("transform", false) => {
                            op.name().match_indices('.').nth(1).map_or(dialect, |(dot, _)| &op.name()[..dot])
                        }
                        _ => dialect,
                    };
                    self.note_unconvertible(op, dialect.to_string(), op.name().to_string(), false);
                    self.verbatim(TextRange::new(cursor, range.end));
                }
            }
            cursor = range.end;
            id = node.subtree_end().0 + 1;
        }
        self.verbatim(TextRange::new(cursor, span.end.max(cursor)));
    }

    fn note_unconvertible(&mut self, op: Op<'a>, key: String, name: String, unknown_air: bool) {
        let range = op.name_node().map(|n| n.text_range()).unwrap_or_else(|| op.node().text_range());
        self.unconvertible.entry(key.clone()).and_modify(|u| u.count += 1).or_insert(Unconvertible {
            range,
            name,
            dialect: key,
            count: 1,
            unknown_air,
        });
    }

    fn report_unconvertible(&mut self) {
        let file = self.input.file;
        let offset = self.input.offset;
        let mut found: Vec<&Unconvertible> = self.unconvertible.values().collect();
        found.sort_by_key(|u| u.range.start);
        for u in found {
            let mut diagnostic = if u.unknown_air {
                Diagnostic::error(
                    codes::UNKNOWN_AIR_OP,
                    format!("`{}` is not an op of AIR's ODS, so it has no generic form to convert to", u.name),
                )
                .with_primary(file, u.range.shift(offset), "unknown AIR op")
                .with_help(
                    "AIR.td at mlir-air e972f29 defines launch, segment, herd, rank, channel, channel.put/get, \
                     dma_memcpy_nd, wait_all, execute, custom, translate, universe.alloc and the terminators",
                )
            } else {
                let dialect = &u.dialect;
                Diagnostic::error(
                    codes::CANNOT_CONVERT,
                    format!("cannot convert `{}` to generic form: dialect `{dialect}` is not registered in MLIR here", u.name),
                )
                .with_primary(file, u.range.shift(offset), "custom syntax of an unregistered dialect")
                .with_help(format!(
                    "write `{dialect}` ops in generic form (`\"{}\"(...) : (...) -> (...)`), or check this file with the tool that registers `{dialect}`",
                    u.name
                ))
            };
            if u.count > 1 {
                let more = u.count - 1;
                diagnostic = diagnostic
                    .with_note(format!("{more} more such op{} in this chunk", if more == 1 { "" } else { "s" }));
            }
            self.diagnostics.push(diagnostic);
        }
    }

    /// A value name that appears nowhere in the chunk.
    fn fresh_name(&mut self) -> String {
        let chunk = self.chunk;
        let (prefix, next) = self.fresh.get_or_insert_with(|| {
            let mut prefix = "%unused".to_string();
            while chunk.contains(prefix.as_str()) {
                prefix.push('_');
            }
            (prefix, 0)
        });
        let name = format!("{prefix}{next}");
        *next += 1;
        name
    }

    /// Whether a chunk range contains a line break.
    fn spans_lines(&self, range: TextRange) -> bool {
        self.chunk[range.start as usize..range.end as usize].contains('\n')
    }

    /// Indentation of the line `offset` is on.
    fn indent_at(&self, offset: u32) -> &'a str {
        let whole = offset + self.input.offset;
        let (line_start, _) = self.input.lines.line_range(self.input.lines.line_of(whole), self.input.text);
        // The line may start before this chunk (a `// -----` marker on the same line).
        let line_start = line_start.max(self.input.offset) - self.input.offset;
        let rest = &self.chunk[line_start as usize..offset as usize];
        let width = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        &rest[..width]
    }

    /// Appends `loc("FILE":LINE:COL)` of a chunk offset (line and byte column in the whole
    /// file), mapped to `orig`.
    fn push_loc(&mut self, offset: u32, orig: TextRange) {
        use std::fmt::Write;
        let whole = offset + self.input.offset;
        let line = self.input.lines.line_of(whole);
        let (line_start, _) = self.input.lines.line_range(line, self.input.text);
        let start = self.out.len() as u32;
        let _ = write!(self.out, "loc({}:{}:{})", self.quoted_name, line + 1, whole - line_start + 1);
        self.map.push_generated(start, self.out.len() as u32 - start, orig);
    }
}
