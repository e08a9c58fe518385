//! The generic form of each AIR op, derived from AIR's ODS (`AIR.td`) and its hand-written
//! parsers (`AIRDialect.cpp`) at the corpus commit; `docs/verify.md` has the table with line
//! references. Each builder reads the op's custom syntax and returns its operands (in ODS
//! order, with types), inherent attributes (properties), region plan, discardable attributes
//! and result types; `emit` turns that into text.

use crate::dialect::AirOp;
use crate::text::{compact, compact_elements, is_keyword, op_elements, quote_string, split_commas};
use crate::value_types::{type_of_use, TOKEN_TYPE, UNIVERSE_TYPE};
use air_diagnostics::TextRange;
use air_syntax::views::{symbol_name, AttrDict, ChannelIo, DmaMemcpy, DmaOperand, Execute, Hierarchy, IndexEntry, Op};
use air_syntax::{Element, Parse, SyntaxKind, SyntaxNode};
use std::collections::BTreeMap;

/// `ShapedType::kDynamic`: a dynamic slot in a `static_*` list.
const DYNAMIC: i64 = i64::MIN;

/// One operand with its type.
#[derive(Clone, Debug)]
pub(crate) struct Operand<'a> {
    pub use_node: SyntaxNode<'a>,
    pub ty: String,
    /// Where the type is written, when it is.
    pub ty_range: Option<TextRange>,
}

/// One entry-block argument of a region.
#[derive(Clone, Debug)]
pub(crate) struct BlockArg<'a> {
    /// The `%name` definition (`ARG_DEF`).
    pub def: SyntaxNode<'a>,
    pub ty: String,
}

/// The single region of a hierarchy op or `air.execute`.
#[derive(Clone, Debug)]
pub(crate) struct RegionPlan<'a> {
    pub args: Vec<BlockArg<'a>>,
    /// The written region; `None` for a named op written without a body.
    pub body: Option<SyntaxNode<'a>>,
    pub terminator: AirOp,
}

/// `key = value` (or a unit `key`) and the text it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    pub text: String,
    pub range: TextRange,
}

/// An operand whose type could not be determined.
#[derive(Clone, Debug)]
pub(crate) struct MissingType {
    pub use_range: TextRange,
    pub name: String,
}

/// Everything the generic form of one op needs.
#[derive(Clone, Debug)]
pub(crate) struct GenericOp<'a> {
    pub air: AirOp,
    pub operands: Vec<Operand<'a>>,
    /// Inherent attributes, printed as `<{...}>` in key order (as MLIR prints a dictionary).
    pub props: BTreeMap<String, Entry>,
    pub region: Option<RegionPlan<'a>>,
    /// Discardable attributes in written order, printed as `{...}`.
    pub attrs: Vec<Entry>,
    pub result_types: Vec<String>,
    pub missing_types: Vec<MissingType>,
}

impl<'a> GenericOp<'a> {
    fn new(air: AirOp) -> GenericOp<'a> {
        GenericOp {
            air,
            operands: Vec::new(),
            props: BTreeMap::new(),
            region: None,
            attrs: Vec::new(),
            result_types: Vec::new(),
            missing_types: Vec::new(),
        }
    }

    fn operand(&mut self, use_node: SyntaxNode<'a>, ty: &str) {
        self.operands.push(Operand { use_node, ty: ty.to_string(), ty_range: None });
    }

    /// An operand typed by a written `TYPE` node, else by its definition.
    fn typed_operand(&mut self, parse: &'a Parse, use_node: SyntaxNode<'a>, ty: Option<SyntaxNode<'a>>) -> String {
        let (text, range) = match ty {
            Some(node) => (compact(node), Some(node.text_range())),
            None => match type_of_use(parse, use_node) {
                Some(found) => (found.text, None),
                None => {
                    self.missing_types
                        .push(MissingType { use_range: use_node.text_range(), name: use_node.text().to_string() });
                    ("none".to_string(), None)
                }
            },
        };
        self.operands.push(Operand { use_node, ty: text.clone(), ty_range: range });
        text
    }

    fn prop(&mut self, key: &str, value: String, range: TextRange) {
        self.props.insert(key.to_string(), Entry { text: format!("{key} = {value}"), range });
    }

    /// Sorts a dictionary's entries into properties (`inherent` keys) and attributes.
    fn split_dict(&mut self, dict: Option<AttrDict<'a>>, inherent: &[&str], skip: &[&str]) {
        let Some(dict) = dict else { return };
        for (key, _value, entry) in dict.entries() {
            let item = Entry { text: compact(entry), range: entry.text_range() };
            if skip.contains(&key.as_str()) {
                continue;
            }
            if inherent.contains(&key.as_str()) {
                self.props.insert(key, item);
            } else {
                self.attrs.push(item);
            }
        }
    }

    fn segments(&mut self, sizes: &[usize], range: TextRange) {
        let list: Vec<String> = sizes.iter().map(|n| n.to_string()).collect();
        self.prop("operandSegmentSizes", format!("array<i32: {}>", list.join(", ")), range);
    }

    /// Adds one offsets/sizes/strides list: its `%values` as operands, and returns the
    /// `static_*` array with `kDynamic` in their slots, plus the number of operands.
    fn index_list(&mut self, entries: &[IndexEntry<'a>]) -> (String, usize) {
        let mut statics = Vec::with_capacity(entries.len());
        let mut dynamic = 0;
        for entry in entries {
            match entry {
                IndexEntry::Const(value) => statics.push(value.to_string()),
                IndexEntry::Value(node) => {
                    statics.push(DYNAMIC.to_string());
                    self.operand(*node, "index");
                    dynamic += 1;
                }
            }
        }
        let text =
            if statics.is_empty() { "array<i64>".to_string() } else { format!("array<i64: {}>", statics.join(", ")) };
        (text, dynamic)
    }

    fn async_result(&mut self, is_async: bool) {
        if is_async {
            self.result_types.push(TOKEN_TYPE.to_string());
        }
    }
}

/// Builds the generic form of `op` (an AIR op in custom form).
pub(crate) fn build<'a>(parse: &'a Parse, op: Op<'a>, air: AirOp) -> GenericOp<'a> {
    let mut generic = GenericOp::new(air);
    let anchor = op.name_node().map(|n| n.text_range()).unwrap_or_else(|| op.node().text_range());
    match air {
        AirOp::Launch | AirOp::Segment | AirOp::Herd | AirOp::Rank => hierarchy(parse, op, &mut generic, anchor),
        AirOp::LaunchTerminator | AirOp::SegmentTerminator | AirOp::HerdTerminator | AirOp::RankTerminator => {
            generic.split_dict(op.node().child(SyntaxKind::ATTR_DICT).map(AttrDict), &[], &[]);
        }
        AirOp::Channel => channel(op, &mut generic),
        AirOp::ChannelPut | AirOp::ChannelGet => channel_io(parse, op, &mut generic, anchor),
        AirOp::DmaMemcpyNd => dma(parse, op, &mut generic, anchor),
        AirOp::WaitAll => {
            for dep in deps(op) {
                generic.operand(dep, TOKEN_TYPE);
            }
            generic.split_dict(op.node().child(SyntaxKind::ATTR_DICT).map(AttrDict), &[], &[]);
            generic.async_result(is_async(op));
        }
        AirOp::Execute => execute(op, &mut generic),
        AirOp::ExecuteTerminator => execute_terminator(parse, op, &mut generic),
        AirOp::Custom => custom(parse, op, &mut generic, anchor),
        AirOp::Translate => translate(parse, op, &mut generic),
        AirOp::UniverseAlloc => {
            for element in op_elements(op) {
                if let Some(group) = element.as_node().filter(|n| n.kind() == SyntaxKind::GROUP) {
                    for value in group.children_of(SyntaxKind::VALUE_USE) {
                        generic.operand(value, "index");
                    }
                }
            }
            generic.split_dict(op.node().child(SyntaxKind::ATTR_DICT).map(AttrDict), &[], &[]);
            generic.result_types.push(UNIVERSE_TYPE.to_string());
        }
    }
    generic
}

/// `async` was written (the op returns a token).
fn is_async(op: Op<'_>) -> bool {
    op.node()
        .child(SyntaxKind::ASYNC_DEPS)
        .is_some_and(|d| d.direct_tokens().any(|t| t.kind() == SyntaxKind::BARE_ID && t.text() == "async"))
}

/// The dependency tokens `[%a, %b]`.
fn deps(op: Op<'_>) -> Vec<SyntaxNode<'_>> {
    op.node()
        .child(SyntaxKind::ASYNC_DEPS)
        .and_then(|d| d.child(SyntaxKind::DEP_LIST))
        .map(|l| l.children_of(SyntaxKind::VALUE_USE).collect())
        .unwrap_or_default()
}

/// launch / segment / herd / rank: AIR.td LaunchOp, SegmentOp, HerdOp, RankOp; operands
/// `[deps, (universe), sizes, kernel operands]`, entry block `[ids, sizes, kernel args]`.
fn hierarchy<'a>(parse: &'a Parse, op: Op<'a>, generic: &mut GenericOp<'a>, anchor: TextRange) {
    let Some(hierarchy) = Hierarchy::cast(op) else { return };
    let dep_uses = hierarchy.deps();
    for dep in &dep_uses {
        generic.operand(*dep, TOKEN_TYPE);
    }
    let mut universe = 0;
    if generic.air == AirOp::Rank {
        let elements = op_elements(op);
        if let Some(idx) = elements.iter().position(|e| is_keyword(e, "universe")) {
            if let Some(value) =
                elements.get(idx + 1).and_then(|e| e.as_node()).and_then(|g| g.child(SyntaxKind::VALUE_USE))
            {
                generic.operand(value, UNIVERSE_TYPE);
                universe = 1;
            }
        }
    }
    let sizes = hierarchy.sizes();
    for size in &sizes {
        if let Some(outer) = size.outer {
            generic.operand(outer, "index");
        }
    }
    let mut args = Vec::new();
    for id in hierarchy.ids() {
        args.push(BlockArg { def: id, ty: "index".to_string() });
    }
    for size in &sizes {
        args.push(BlockArg { def: size.inner, ty: "index".to_string() });
    }
    let kernel = hierarchy.kernel_args();
    for arg in &kernel {
        let ty = match arg.outer {
            Some(outer) => generic.typed_operand(parse, outer, arg.ty),
            None => arg.ty.map(compact).unwrap_or_else(|| "none".to_string()),
        };
        args.push(BlockArg { def: arg.inner, ty });
    }
    let n_sizes = sizes.iter().filter(|s| s.outer.is_some()).count();
    let n_kernel = kernel.iter().filter(|k| k.outer.is_some()).count();
    if generic.air == AirOp::Rank {
        generic.segments(&[dep_uses.len(), universe, n_sizes, n_kernel], anchor);
    } else {
        generic.segments(&[dep_uses.len(), n_sizes, n_kernel], anchor);
    }
    if let Some(token) = hierarchy.sym_token() {
        generic.prop("sym_name", quote_string(&symbol_name(token.text())), token.text_range());
    }
    let inherent: &[&str] = if generic.air == AirOp::Herd { &["sym_name", "link_with"] } else { &["sym_name"] };
    // `@name` wins over a `sym_name` written in the dictionary (AIR's parser adds both).
    let skip: &[&str] =
        if hierarchy.sym_token().is_some() { &["sym_name", "operandSegmentSizes"] } else { &["operandSegmentSizes"] };
    generic.split_dict(hierarchy.attributes(), inherent, skip);
    generic.region = Some(RegionPlan {
        args,
        body: hierarchy.body(),
        terminator: generic.air.terminator().unwrap_or(AirOp::LaunchTerminator),
    });
    generic.async_result(hierarchy.is_async());
}

/// `air.channel @name [sizes] {attrs}`: AIR.td ChannelOp (`sym_name`, `size`, `channel_type`).
fn channel<'a>(op: Op<'a>, generic: &mut GenericOp<'a>) {
    if let Some(token) = op.symbol() {
        generic.prop("sym_name", quote_string(&symbol_name(token.text())), token.text_range());
    }
    if let Some(group) = op.node().child(SyntaxKind::GROUP) {
        generic.prop("size", compact(group), group.text_range());
    }
    generic.split_dict(op.node().child(SyntaxKind::ATTR_DICT).map(AttrDict), &["channel_type"], &["sym_name", "size"]);
}

/// The `%values` among channel bundle indices.
fn index_values<'a>(entries: &[IndexEntry<'a>]) -> Vec<SyntaxNode<'a>> {
    entries
        .iter()
        .filter_map(|e| match e {
            IndexEntry::Value(node) => Some(*node),
            IndexEntry::Const(_) => None,
        })
        .collect()
}

/// Adds the memref and its three lists of a DMA operand; returns the segment sizes
/// `[1, offsets, sizes, strides]` and the three static arrays.
fn dma_operand<'a>(
    parse: &'a Parse,
    generic: &mut GenericOp<'a>,
    operand: Option<DmaOperand<'a>>,
    ty: Option<SyntaxNode<'a>>,
) -> ([usize; 4], [String; 3]) {
    let Some(operand) = operand else {
        return ([0; 4], ["array<i64>".to_string(), "array<i64>".to_string(), "array<i64>".to_string()]);
    };
    let mut memref = 0;
    if let Some(value) = operand.memref() {
        generic.typed_operand(parse, value, ty);
        memref = 1;
    }
    let (offsets, n_offsets) = generic.index_list(&operand.offsets());
    let (sizes, n_sizes) = generic.index_list(&operand.sizes());
    let (strides, n_strides) = generic.index_list(&operand.strides());
    ([memref, n_offsets, n_sizes, n_strides], [offsets, sizes, strides])
}

/// put: AIR.td ChannelPutOp, operands `[deps, indices, src, offsets, sizes, strides, dest?]`;
/// get: ChannelGetOp, the same without `dest`.
fn channel_io<'a>(parse: &'a Parse, op: Op<'a>, generic: &mut GenericOp<'a>, anchor: TextRange) {
    let Some(io) = ChannelIo::cast(op) else { return };
    let dep_uses = io.deps();
    for dep in &dep_uses {
        generic.operand(*dep, TOKEN_TYPE);
    }
    let indices = index_values(&io.indices());
    for index in &indices {
        generic.operand(*index, "index");
    }
    let (counts, statics) = dma_operand(parse, generic, io.operand(), io.memref_type());
    let prefix = if io.is_put { "src" } else { "dst" };
    let mut segments = vec![dep_uses.len(), indices.len(), counts[0], counts[1], counts[2], counts[3]];
    if io.is_put {
        let elements = op_elements(op);
        let dest = elements
            .iter()
            .position(|e| is_keyword(e, "dest"))
            .and_then(|idx| elements.get(idx + 1))
            .and_then(|e| e.as_node())
            .and_then(|g| g.child(SyntaxKind::VALUE_USE));
        if let Some(dest) = dest {
            generic.operand(dest, "index");
        }
        segments.push(usize::from(dest.is_some()));
    }
    generic.segments(&segments, anchor);
    if let Some(token) = io.chan_token() {
        generic.prop("chan_name", token.text().to_string(), token.text_range());
    }
    for (list, value) in ["offsets", "sizes", "strides"].iter().zip(statics) {
        generic.prop(&format!("static_{prefix}_{list}"), value, anchor);
    }
    generic.split_dict(
        op.node().child(SyntaxKind::ATTR_DICT).map(AttrDict),
        &["pad_before", "pad_after"],
        &["operandSegmentSizes"],
    );
    generic.async_result(is_async(op));
}

/// AIR.td DmaMemcpyNdOp: operands `[deps, dst, dst lists, src, src lists]` (9 segments).
fn dma<'a>(parse: &'a Parse, op: Op<'a>, generic: &mut GenericOp<'a>, anchor: TextRange) {
    let Some(dma) = DmaMemcpy::cast(op) else { return };
    let dep_uses = deps(op);
    for dep in &dep_uses {
        generic.operand(*dep, TOKEN_TYPE);
    }
    let (dst_counts, dst_statics) = dma_operand(parse, generic, dma.dst(), dma.dst_type());
    let (src_counts, src_statics) = dma_operand(parse, generic, dma.src(), dma.src_type());
    let mut segments = vec![dep_uses.len()];
    segments.extend(dst_counts);
    segments.extend(src_counts);
    generic.segments(&segments, anchor);
    for (prefix, statics) in [("dst", dst_statics), ("src", src_statics)] {
        for (list, value) in ["offsets", "sizes", "strides"].iter().zip(statics) {
            generic.prop(&format!("static_{prefix}_{list}"), value, anchor);
        }
    }
    generic.split_dict(
        op.node().child(SyntaxKind::ATTR_DICT).map(AttrDict),
        &["pad_before", "pad_after", "src_rank", "dst_rank"],
        &["operandSegmentSizes"],
    );
    generic.async_result(is_async(op));
}

/// AIR.td ExecuteOp: operands are the deps; results a token and the `-> (...)` types.
fn execute<'a>(op: Op<'a>, generic: &mut GenericOp<'a>) {
    let Some(execute) = Execute::cast(op) else { return };
    for dep in execute.deps() {
        generic.operand(dep, TOKEN_TYPE);
    }
    generic.result_types.push(TOKEN_TYPE.to_string());
    generic.result_types.extend(execute.result_types().into_iter().map(compact));
    generic.split_dict(op.node().child(SyntaxKind::ATTR_DICT).map(AttrDict), &[], &[]);
    generic.region = Some(RegionPlan { args: Vec::new(), body: execute.body(), terminator: AirOp::ExecuteTerminator });
}

/// `air.execute_terminator [{attrs}] [%v, ... : T, ...]`: AIR.td ExecuteTerminatorOp.
fn execute_terminator<'a>(parse: &'a Parse, op: Op<'a>, generic: &mut GenericOp<'a>) {
    let elements = op_elements(op);
    let colon = elements.iter().position(|e| e.kind() == SyntaxKind::COLON).unwrap_or(elements.len());
    let values: Vec<SyntaxNode<'a>> =
        elements[..colon].iter().filter_map(|e| e.as_node()).filter(|n| n.kind() == SyntaxKind::VALUE_USE).collect();
    let types_part: Vec<Element<'a>> = elements.get(colon + 1..).unwrap_or(&[]).to_vec();
    let types = split_commas(&types_part);
    for (idx, value) in values.into_iter().enumerate() {
        match types.get(idx) {
            Some(ty) => {
                let start = ty.first().map(|e| e.text_range().start).unwrap_or(0);
                let end = ty.last().map(|e| e.text_range().end).unwrap_or(start);
                generic.operands.push(Operand {
                    use_node: value,
                    ty: compact_elements(ty),
                    ty_range: Some(TextRange::new(start, end)),
                });
            }
            None => {
                generic.typed_operand(parse, value, None);
            }
        }
    }
    generic.split_dict(op.node().child(SyntaxKind::ATTR_DICT).map(AttrDict), &[], &[]);
}

/// `air.custom [@sym] [async] [[deps]] [operands (%v, ...) : T, ...] [attributes {...}]`:
/// AIR.td CustomOp; the leading `@sym` is stored as a discardable string `sym_name`
/// (CustomOp::parse), the inherent symbol is the separate `symbol` attribute.
fn custom<'a>(parse: &'a Parse, op: Op<'a>, generic: &mut GenericOp<'a>, anchor: TextRange) {
    let elements = op_elements(op);
    let mut dep_uses = Vec::new();
    let mut values = Vec::new();
    let mut types: Vec<Element<'a>> = Vec::new();
    let mut is_async_op = false;
    let mut sym = None;
    let mut idx = 0;
    while idx < elements.len() {
        let element = elements[idx];
        match element.kind() {
            SyntaxKind::AT_ID => sym = element.as_token(),
            SyntaxKind::BARE_ID if element.text() == "async" => is_async_op = true,
            SyntaxKind::GROUP if element.text().starts_with('[') && values.is_empty() => {
                dep_uses.extend(element.as_node().into_iter().flat_map(|g| g.children_of(SyntaxKind::VALUE_USE)));
            }
            SyntaxKind::BARE_ID if element.text() == "operands" => {
                if let Some(group) = elements.get(idx + 1).and_then(|e| e.as_node()) {
                    values.extend(group.children_of(SyntaxKind::VALUE_USE));
                    idx += 1;
                }
            }
            SyntaxKind::COLON => {
                types = elements[idx + 1..]
                    .iter()
                    .copied()
                    .take_while(|e| e.kind() != SyntaxKind::ATTRIBUTES_CLAUSE)
                    .collect();
            }
            _ => {}
        }
        idx += 1;
    }
    for dep in &dep_uses {
        generic.operand(*dep, TOKEN_TYPE);
    }
    let type_parts = split_commas(&types);
    for (position, value) in values.iter().enumerate() {
        match type_parts.get(position) {
            Some(ty) => generic.operands.push(Operand { use_node: *value, ty: compact_elements(ty), ty_range: None }),
            None => {
                generic.typed_operand(parse, *value, None);
            }
        }
    }
    generic.segments(&[dep_uses.len(), values.len()], anchor);
    if let Some(token) = sym {
        generic.attrs.push(Entry {
            text: format!("sym_name = {}", quote_string(&symbol_name(token.text()))),
            range: token.text_range(),
        });
    }
    let attributes =
        op.node().child(SyntaxKind::ATTRIBUTES_CLAUSE).and_then(|c| c.child(SyntaxKind::ATTR_DICT)).map(AttrDict);
    let skip: &[&str] = if sym.is_some() { &["sym_name", "operandSegmentSizes"] } else { &["operandSegmentSizes"] };
    generic.split_dict(attributes, &["symbol"], skip);
    generic.async_result(is_async_op);
}

/// `%r = air.translate %src, %from, %to, %bases [{attrs}] : T, Tb`: AIR.td TranslateOp.
fn translate<'a>(parse: &'a Parse, op: Op<'a>, generic: &mut GenericOp<'a>) {
    let elements = op_elements(op);
    let colon = elements.iter().position(|e| e.kind() == SyntaxKind::COLON).unwrap_or(elements.len());
    let values: Vec<SyntaxNode<'a>> =
        elements[..colon].iter().filter_map(|e| e.as_node()).filter(|n| n.kind() == SyntaxKind::VALUE_USE).collect();
    let types_part: Vec<Element<'a>> = elements.get(colon + 1..).unwrap_or(&[]).to_vec();
    let types: Vec<String> = split_commas(&types_part).into_iter().map(compact_elements).collect();
    for (position, value) in values.into_iter().enumerate() {
        let ty = match position {
            0 => types.first().cloned(),
            1 | 2 => Some("index".to_string()),
            _ => types.get(1).cloned(),
        };
        match ty {
            Some(ty) => generic.operand(value, &ty),
            None => {
                generic.typed_operand(parse, value, None);
            }
        }
    }
    generic.split_dict(op.node().child(SyntaxKind::ATTR_DICT).map(AttrDict), &[], &[]);
    generic.result_types.push(types.first().cloned().unwrap_or_else(|| "none".to_string()));
}
