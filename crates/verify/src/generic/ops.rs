//! The generic form of each AIR op, derived from AIR's ODS (`AIR.td`) and its hand-written
//! parsers (`AIRDialect.cpp`) at the corpus commit; `docs/verify.md` has the table with line
//! references. Each builder reads the op's custom syntax and returns its operands (in ODS
//! order, with types), inherent attributes (properties), region plan, discardable attributes
//! and result types; `emit` turns that into text.

use crate::dialect::Converted;
use air_diagnostics::TextRange;
use air_syntax::air_attrs;
use air_syntax::air_ops::AirOp;
use air_syntax::views::quote_string;
use air_syntax::views::text::{compact_cow, compact_elements_cow, is_keyword, op_elements, split_commas};
use air_syntax::views::value_types::{type_of_use, TOKEN_TYPE, UNIVERSE_TYPE};
use air_syntax::views::{symbol_name, AttrDict, ChannelIo, DmaMemcpy, DmaOperand, Execute, Hierarchy, IndexEntry, Op};
use air_syntax::{Element, Parse, SyntaxKind, SyntaxNode};
use std::borrow::Cow;
use std::fmt::Write;

/// `ShapedType::kDynamic`: a dynamic slot in a `static_*` list.
pub(super) const DYNAMIC: i64 = i64::MIN;

/// One operand with its type.
#[derive(Clone, Debug)]
pub(crate) struct Operand<'a> {
    pub use_node: SyntaxNode<'a>,
    pub ty: Cow<'a, str>,
    /// Where the type is written, when it is.
    pub ty_range: Option<TextRange>,
}

/// One entry-block argument of a region.
#[derive(Clone, Debug)]
pub(crate) struct BlockArg<'a> {
    /// The `%name` definition (`ARG_DEF`).
    pub def: SyntaxNode<'a>,
    pub ty: Cow<'a, str>,
}

/// The single region of a hierarchy op or `air.execute`.
#[derive(Clone, Debug)]
pub(crate) struct RegionPlan<'a> {
    pub args: Vec<BlockArg<'a>>,
    /// The written region; `None` for a named op written without a body.
    pub body: Option<SyntaxNode<'a>>,
    pub terminator: Converted,
}

/// `key = value` (or a unit `key`) and the text it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entry<'a> {
    /// The key, for ordering properties as MLIR prints a dictionary.
    pub key: Cow<'a, str>,
    pub text: Cow<'a, str>,
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
    pub op: Converted,
    pub operands: Vec<Operand<'a>>,
    /// Inherent attributes, printed as `<{...}>` in key order (as MLIR prints a dictionary;
    /// see [`GenericOp::sorted_props`]).
    pub props: Vec<Entry<'a>>,
    pub region: Option<RegionPlan<'a>>,
    /// Discardable attributes in written order, printed as `{...}`.
    pub attrs: Vec<Entry<'a>>,
    pub result_types: Vec<Cow<'a, str>>,
    pub missing_types: Vec<MissingType>,
}

impl<'a> GenericOp<'a> {
    pub(super) fn new(op: Converted) -> GenericOp<'a> {
        GenericOp {
            op,
            operands: Vec::new(),
            props: Vec::new(),
            region: None,
            attrs: Vec::new(),
            result_types: Vec::new(),
            missing_types: Vec::new(),
        }
    }

    pub(super) fn operand(&mut self, use_node: SyntaxNode<'a>, ty: &'static str) {
        self.operands.push(Operand { use_node, ty: Cow::Borrowed(ty), ty_range: None });
    }

    /// An operand typed by a written `TYPE` node, else by its definition.
    pub(super) fn typed_operand(
        &mut self,
        parse: &'a Parse,
        use_node: SyntaxNode<'a>,
        ty: Option<SyntaxNode<'a>>,
    ) -> Cow<'a, str> {
        let (text, range) = match ty {
            Some(node) => (compact_cow(node), Some(node.text_range())),
            None => match type_of_use(parse, use_node) {
                Some(found) => (Cow::Owned(found.text), None),
                None => {
                    self.missing_types
                        .push(MissingType { use_range: use_node.text_range(), name: use_node.text().to_string() });
                    (Cow::Borrowed("none"), None)
                }
            },
        };
        self.operands.push(Operand { use_node, ty: text.clone(), ty_range: range });
        text
    }

    /// A property made here: `key = value`.
    pub(super) fn prop(&mut self, key: &'static str, value: &str, range: TextRange) {
        let mut text = String::with_capacity(key.len() + 3 + value.len());
        text.push_str(key);
        text.push_str(" = ");
        text.push_str(value);
        self.set_prop(Entry { key: Cow::Borrowed(key), text: Cow::Owned(text), range });
    }

    pub(super) fn set_prop(&mut self, entry: Entry<'a>) {
        match self.props.iter_mut().find(|p| p.key == entry.key) {
            Some(existing) => *existing = entry,
            None => self.props.push(entry),
        }
    }

    /// Properties in key order.
    pub(crate) fn sorted_props(&self) -> Vec<&Entry<'a>> {
        let mut props: Vec<&Entry<'a>> = self.props.iter().collect();
        props.sort_by(|a, b| a.key.cmp(&b.key));
        props
    }

    /// Sorts a dictionary's entries into properties (`inherent` keys) and attributes.
    pub(super) fn split_dict(&mut self, dict: Option<AttrDict<'a>>, inherent: &[&str], skip: &[&str]) {
        let Some(dict) = dict else { return };
        for entry in dict.0.children_of(SyntaxKind::ATTR_ENTRY) {
            let Some(first) = entry.first_token() else { continue };
            let key: Cow<'a, str> = if first.kind() == SyntaxKind::STRING {
                Cow::Owned(air_syntax::views::unquote_string(first.text()))
            } else {
                Cow::Borrowed(first.text())
            };
            if skip.contains(&key.as_ref()) {
                continue;
            }
            let item = Entry { key, text: compact_cow(entry), range: entry.text_range() };
            if inherent.contains(&item.key.as_ref()) {
                self.set_prop(item);
            } else {
                self.attrs.push(item);
            }
        }
    }

    pub(super) fn segments(&mut self, sizes: &[usize], range: TextRange) {
        let mut value = String::from("array<i32: ");
        for (idx, size) in sizes.iter().enumerate() {
            if idx > 0 {
                value.push_str(", ");
            }
            let _ = write!(value, "{size}");
        }
        value.push('>');
        self.prop(air_attrs::OPERAND_SEGMENT_SIZES, &value, range);
    }

    /// Adds one offsets/sizes/strides list: its `%values` as operands, and returns the
    /// `static_*` array with `kDynamic` in their slots, plus the number of operands.
    pub(super) fn index_list(&mut self, entries: &[IndexEntry<'a>]) -> (String, usize) {
        if entries.is_empty() {
            return ("array<i64>".to_string(), 0);
        }
        let mut text = String::from("array<i64: ");
        let mut dynamic = 0;
        for (idx, entry) in entries.iter().enumerate() {
            if idx > 0 {
                text.push_str(", ");
            }
            match entry {
                IndexEntry::Const(value) => {
                    let _ = write!(text, "{value}");
                }
                IndexEntry::Value(node) => {
                    let _ = write!(text, "{DYNAMIC}");
                    self.operand(*node, "index");
                    dynamic += 1;
                }
            }
        }
        text.push('>');
        (text, dynamic)
    }

    pub(super) fn async_result(&mut self, is_async: bool) {
        if is_async {
            self.result_types.push(Cow::Borrowed(TOKEN_TYPE));
        }
    }
}

/// Builds the generic form of `op` (an AIR op in custom form).
pub(crate) fn build<'a>(parse: &'a Parse, op: Op<'a>, air: AirOp) -> GenericOp<'a> {
    let mut generic = GenericOp::new(Converted::Air(air));
    let anchor = op.name_node().map(|n| n.text_range()).unwrap_or_else(|| op.node().text_range());
    match air {
        AirOp::Launch | AirOp::Segment | AirOp::Herd | AirOp::Rank => hierarchy(parse, op, air, &mut generic, anchor),
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
            generic.result_types.push(Cow::Borrowed(UNIVERSE_TYPE));
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
fn hierarchy<'a>(parse: &'a Parse, op: Op<'a>, air: AirOp, generic: &mut GenericOp<'a>, anchor: TextRange) {
    let Some(hierarchy) = Hierarchy::cast(op) else { return };
    let dep_uses = hierarchy.deps();
    for dep in &dep_uses {
        generic.operand(*dep, TOKEN_TYPE);
    }
    let mut universe = 0;
    if air == AirOp::Rank {
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
        args.push(BlockArg { def: id, ty: Cow::Borrowed("index") });
    }
    for size in &sizes {
        args.push(BlockArg { def: size.inner, ty: Cow::Borrowed("index") });
    }
    let kernel = hierarchy.kernel_args();
    for arg in &kernel {
        let ty = match arg.outer {
            Some(outer) => generic.typed_operand(parse, outer, arg.ty),
            None => arg.ty.map(compact_cow).unwrap_or(Cow::Borrowed("none")),
        };
        args.push(BlockArg { def: arg.inner, ty });
    }
    let n_sizes = sizes.iter().filter(|s| s.outer.is_some()).count();
    let n_kernel = kernel.iter().filter(|k| k.outer.is_some()).count();
    if air == AirOp::Rank {
        generic.segments(&[dep_uses.len(), universe, n_sizes, n_kernel], anchor);
    } else {
        generic.segments(&[dep_uses.len(), n_sizes, n_kernel], anchor);
    }
    if let Some(token) = hierarchy.sym_token() {
        generic.prop(air_attrs::SYM_NAME, &quote_string(&symbol_name(token.text())), token.text_range());
    }
    let inherent: &[&str] =
        if air == AirOp::Herd { &[air_attrs::SYM_NAME, air_attrs::LINK_WITH] } else { &[air_attrs::SYM_NAME] };
    // `@name` wins over a `sym_name` written in the dictionary (AIR's parser adds both).
    let skip: &[&str] = if hierarchy.sym_token().is_some() {
        &[air_attrs::SYM_NAME, air_attrs::OPERAND_SEGMENT_SIZES]
    } else {
        &[air_attrs::OPERAND_SEGMENT_SIZES]
    };
    generic.split_dict(hierarchy.attributes(), inherent, skip);
    generic.region = Some(RegionPlan {
        args,
        body: hierarchy.body(),
        terminator: Converted::Air(air.terminator().unwrap_or(AirOp::LaunchTerminator)),
    });
    generic.async_result(hierarchy.is_async());
}

/// `air.channel @name [sizes] {attrs}`: AIR.td ChannelOp (`sym_name`, `size`, `channel_type`).
fn channel<'a>(op: Op<'a>, generic: &mut GenericOp<'a>) {
    if let Some(token) = op.symbol() {
        generic.prop(air_attrs::SYM_NAME, &quote_string(&symbol_name(token.text())), token.text_range());
    }
    if let Some(group) = op.node().child(SyntaxKind::GROUP) {
        generic.prop("size", &compact_cow(group), group.text_range());
    }
    generic.split_dict(
        op.node().child(SyntaxKind::ATTR_DICT).map(AttrDict),
        &["channel_type"],
        &[air_attrs::SYM_NAME, "size"],
    );
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
        let empty = || "array<i64>".to_string();
        return ([0; 4], [empty(), empty(), empty()]);
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

/// The `static_*` property names of one side of a transfer.
fn static_keys(prefix: &str) -> [&'static str; 3] {
    if prefix == "src" {
        ["static_src_offsets", "static_src_sizes", "static_src_strides"]
    } else {
        ["static_dst_offsets", "static_dst_sizes", "static_dst_strides"]
    }
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
        generic.prop("chan_name", token.text(), token.text_range());
    }
    for (key, value) in static_keys(prefix).into_iter().zip(statics) {
        generic.prop(key, &value, anchor);
    }
    generic.split_dict(
        op.node().child(SyntaxKind::ATTR_DICT).map(AttrDict),
        &["pad_before", "pad_after"],
        &[air_attrs::OPERAND_SEGMENT_SIZES],
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
        for (key, value) in static_keys(prefix).into_iter().zip(statics) {
            generic.prop(key, &value, anchor);
        }
    }
    generic.split_dict(
        op.node().child(SyntaxKind::ATTR_DICT).map(AttrDict),
        &["pad_before", "pad_after", "src_rank", "dst_rank"],
        &[air_attrs::OPERAND_SEGMENT_SIZES],
    );
    generic.async_result(is_async(op));
}

/// AIR.td ExecuteOp: operands are the deps; results a token and the `-> (...)` types.
fn execute<'a>(op: Op<'a>, generic: &mut GenericOp<'a>) {
    let Some(execute) = Execute::cast(op) else { return };
    for dep in execute.deps() {
        generic.operand(dep, TOKEN_TYPE);
    }
    generic.result_types.push(Cow::Borrowed(TOKEN_TYPE));
    generic.result_types.extend(execute.result_types().into_iter().map(compact_cow));
    generic.split_dict(op.node().child(SyntaxKind::ATTR_DICT).map(AttrDict), &[], &[]);
    generic.region = Some(RegionPlan {
        args: Vec::new(),
        body: execute.body(),
        terminator: Converted::Air(AirOp::ExecuteTerminator),
    });
}

/// `air.execute_terminator [{attrs}] [%v, ... : T, ...]`: AIR.td ExecuteTerminatorOp.
fn execute_terminator<'a>(parse: &'a Parse, op: Op<'a>, generic: &mut GenericOp<'a>) {
    let source = op.node().tree().text();
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
                    ty: compact_elements_cow(source, ty),
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
    let source = op.node().tree().text();
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
            Some(ty) => generic.operands.push(Operand {
                use_node: *value,
                ty: compact_elements_cow(source, ty),
                ty_range: None,
            }),
            None => {
                generic.typed_operand(parse, *value, None);
            }
        }
    }
    generic.segments(&[dep_uses.len(), values.len()], anchor);
    if let Some(token) = sym {
        generic.attrs.push(Entry {
            key: Cow::Borrowed(air_attrs::SYM_NAME),
            text: Cow::Owned(format!("sym_name = {}", quote_string(&symbol_name(token.text())))),
            range: token.text_range(),
        });
    }
    let attributes =
        op.node().child(SyntaxKind::ATTRIBUTES_CLAUSE).and_then(|c| c.child(SyntaxKind::ATTR_DICT)).map(AttrDict);
    let skip: &[&str] = if sym.is_some() {
        &[air_attrs::SYM_NAME, air_attrs::OPERAND_SEGMENT_SIZES]
    } else {
        &[air_attrs::OPERAND_SEGMENT_SIZES]
    };
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
    let source = op.node().tree().text();
    let types: Vec<Cow<'a, str>> =
        split_commas(&types_part).into_iter().map(|t| compact_elements_cow(source, t)).collect();
    for (position, value) in values.into_iter().enumerate() {
        let ty = match position {
            0 => types.first().cloned(),
            1 | 2 => Some(Cow::Borrowed("index")),
            _ => types.get(1).cloned(),
        };
        match ty {
            Some(ty) => generic.operands.push(Operand { use_node: value, ty, ty_range: None }),
            None => {
                generic.typed_operand(parse, value, None);
            }
        }
    }
    generic.split_dict(op.node().child(SyntaxKind::ATTR_DICT).map(AttrDict), &[], &[]);
    generic.result_types.push(types.first().cloned().unwrap_or(Cow::Borrowed("none")));
}
