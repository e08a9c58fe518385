//! Builds a [`Program`] from a parsed chunk in one walk over the ops, then resolves which
//! buffer every memref value stands for.

use super::*;
use crate::eval::Evaluator;
use crate::view_chain::{self, Hop, Stop};
use air_syntax::views::{
    first_line_range, head_range, name_range, op_of_result, significant_direct_tokens, trailing_type_text,
};
use air_syntax::views::{
    parse_int_literal, parse_memref_type, region_ops, ChannelDecl, ChannelIo, DmaMemcpy, DmaOperand, FuncOp, Hierarchy,
    HierarchyKind, IndexEntry, Op,
};
use air_syntax::{air_attrs, air_ops};
use air_syntax::{DefKind, Parse, SyntaxKind::*, SyntaxNode};
use rustc_hash::FxHashMap;

mod uses;

/// Ops nested deeper than this are not analysed (the parser allows 192 levels).
const MAX_WALK_DEPTH: u32 = 160;

struct Builder<'e, 'p> {
    eval: &'e Evaluator<'p>,
    parse: &'p Parse,
    prog: Program,
    /// `memref.alloc` op node → buffer.
    allocs: FxHashMap<u32, BufferId>,
    /// Loops enclosing the current op, inside the current launch (or function).
    loop_stack: Vec<LoopId>,
    /// Per endpoint, the memref operand to resolve after the walk.
    memref_uses: Vec<Option<NodeId>>,
    root_cache: FxHashMap<(u32, u32), Root>,
    /// The `func.func` being walked.
    func: Option<NodeId>,
}

/// Extracts the program of one parsed chunk.
pub fn build(eval: &Evaluator<'_>) -> Program {
    let parse = eval.parse();
    let mut builder = Builder {
        eval,
        parse,
        prog: Program::default(),
        allocs: FxHashMap::default(),
        loop_stack: Vec::new(),
        memref_uses: Vec::new(),
        root_cache: FxHashMap::default(),
        func: None,
    };
    let root = parse.tree.root();
    let top: Vec<Op<'_>> = root.children_of(OPERATION).map(Op).collect();
    builder.walk(&top, Enclosing::default(), 0);
    builder.resolve_roots();
    for (id, endpoint) in builder.prog.endpoints.iter().enumerate() {
        if let Some(chan) = &endpoint.chan {
            builder.prog.by_channel.entry(chan.clone()).or_default().push(id);
        }
    }
    builder.prog
}

impl<'e, 'p> Builder<'e, 'p> {
    fn value(&self, entry: IndexEntry<'p>) -> Value {
        match entry {
            IndexEntry::Const(value) => Value::constant(value),
            IndexEntry::Value(node) => self.eval.eval_use(node),
        }
    }

    fn walk(&mut self, ops: &[Op<'p>], within: Enclosing, depth: u32) {
        if depth > MAX_WALK_DEPTH {
            return;
        }
        for &op in ops {
            self.visit(op, within, depth);
        }
    }

    fn walk_regions(&mut self, op: Op<'p>, within: Enclosing, depth: u32) {
        for region in op.regions() {
            let ops = region_ops(region);
            self.walk(&ops, within, depth + 1);
        }
    }

    fn visit(&mut self, op: Op<'p>, within: Enclosing, depth: u32) {
        let name = op.name();
        // air-dependency's own ops: the module is past it, whether or not a hierarchy is async.
        if matches!(name, air_ops::EXECUTE | air_ops::WAIT_ALL) && self.prog.async_form.is_none() {
            self.prog.async_form = Some(first_line_range(op));
        }
        if let Some(hierarchy) = Hierarchy::cast(op) {
            if hierarchy.is_async() && self.prog.async_form.is_none() {
                self.prog.async_form = Some(first_line_range(op));
            }
            match hierarchy.kind {
                HierarchyKind::Launch => self.visit_launch(hierarchy, within, depth),
                HierarchyKind::Segment => self.visit_segment(hierarchy, within, depth),
                HierarchyKind::Herd => self.visit_herd(hierarchy, within, depth),
                HierarchyKind::Rank => self.walk_regions(op, within, depth),
            }
            return;
        }
        match name {
            air_ops::LAUNCH | air_ops::SEGMENT | air_ops::HERD => {
                // Generic form: the views do not read it; say so rather than guess.
                self.prog.generic_hierarchy.push(first_line_range(op));
                self.walk_regions(op, within, depth);
            }
            "scf.for" | "scf.parallel" | "affine.for" => self.visit_loop(op, within, depth),
            "memref.alloc" | "memref.alloca" => self.visit_alloc(op, within),
            air_ops::DMA_MEMCPY_ND => self.visit_dma(op, within),
            air_ops::CHANNEL_PUT | air_ops::CHANNEL_GET => self.visit_channel_io(op, within),
            air_ops::CHANNEL => self.visit_channel_decl(op),
            _ => {
                let saved_func = self.func;
                if let Some(func) = FuncOp::cast(op) {
                    self.func = Some(op.node().id());
                    for arg in func.args() {
                        if let (Some(def), Some(ty)) = (arg.def, arg.ty) {
                            match parse_memref_type(ty.text()) {
                                Some(memref) if memref.memory_space == 0 => {
                                    self.prog.l3_args.push((def.id(), def.text_range(), memref))
                                }
                                Some(memref)
                                    if matches!(Level::of_space(memref.memory_space), Level::L1 | Level::L2) =>
                                {
                                    self.prog.local_args.push((def.id(), def.text_range()))
                                }
                                _ => {}
                            }
                        }
                    }
                }
                self.walk_regions(op, within, depth);
                self.func = saved_func;
            }
        }
    }

    fn iter_dims(&self, hierarchy: Hierarchy<'p>) -> Vec<IterDim> {
        let ids = hierarchy.ids();
        hierarchy
            .sizes()
            .into_iter()
            .zip(ids)
            .map(|(size, id)| IterDim {
                var: id.id().0,
                size: match size.outer {
                    Some(outer) => self.eval.eval_use(outer),
                    None => Value::Unknown(crate::eval::Unknown {
                        what: "a size without an operand".to_string(),
                        range: size.inner.text_range(),
                    }),
                },
            })
            .collect()
    }

    fn visit_launch(&mut self, launch: Hierarchy<'p>, within: Enclosing, depth: u32) {
        let id = LaunchId(self.prog.launches.len());
        let tile_sizes_attr = launch.op.attr(air_attrs::SHIM_DMA_TILE_SIZES).map(|value| TileSizesAttr {
            range: value.text_range(),
            value: match air_syntax::views::dense_i64_array(value) {
                Some(sizes) => TileSizesValue::Dense(sizes),
                None => TileSizesValue::Other(air_syntax::views::text::collapse_whitespace(value.text())),
            },
        });
        let tile_sizes = match &tile_sizes_attr {
            Some(TileSizesAttr { value: TileSizesValue::Dense(sizes), .. }) => Some(sizes.clone()),
            _ => None,
        };
        self.prog.launches.push(Launch {
            node: launch.node().id(),
            func: self.func,
            name: launch.sym_name(),
            range: head_range(launch.op),
            dims: self.iter_dims(launch),
            segments: Vec::new(),
            herds: Vec::new(),
            shim_dma_tile_sizes: tile_sizes,
            tile_sizes_attr,
        });
        // Loops around a launch are outside its device program: endpoints count loops from here.
        let saved = std::mem::take(&mut self.loop_stack);
        let inner = Enclosing { launch: Some(id), segment: None, herd: None };
        let _ = within;
        self.walk_regions(launch.op, inner, depth);
        self.loop_stack = saved;
    }

    fn visit_segment(&mut self, segment: Hierarchy<'p>, within: Enclosing, depth: u32) {
        let id = self.prog.segments.len();
        let name_range = head_range(segment.op);
        let attrs = segment.attributes();
        let attr = |key: &str| {
            attrs.and_then(|a| a.int(key)).or_else(|| segment.op.attr(key).and_then(air_syntax::views::attr_int))
        };
        let size = attr(air_attrs::X_SIZE).zip(attr(air_attrs::Y_SIZE));
        self.prog.segments.push(Segment {
            node: segment.node().id(),
            name: segment.sym_name(),
            name_range,
            range: head_range(segment.op),
            launch: within.launch,
            herds: Vec::new(),
            unroll: self.iter_dims(segment),
            size,
        });
        match within.launch {
            Some(launch) => self.prog.launches[launch.index()].segments.push(id),
            None => self.prog.bare.push(Bare {
                node: segment.node().id(),
                range: head_range(segment.op),
                what: air_ops::SEGMENT,
                name: segment.sym_name(),
            }),
        }
        let inner = Enclosing { launch: within.launch, segment: Some(id), herd: None };
        self.walk_regions(segment.op, inner, depth);
    }

    fn visit_herd(&mut self, herd: Hierarchy<'p>, within: Enclosing, depth: u32) {
        let id = self.prog.herds.len();
        let attrs = herd.attributes();
        let attr = |key: &str| {
            attrs.and_then(|a| a.int(key)).or_else(|| herd.op.attr(key).and_then(air_syntax::views::attr_int))
        };
        self.prog.herds.push(Herd {
            node: herd.node().id(),
            name: herd.sym_name(),
            range: head_range(herd.op),
            within: Enclosing { launch: within.launch, segment: within.segment, herd: Some(id) },
            sizes: self.iter_dims(herd),
            x_loc: attr(air_attrs::X_LOC),
            y_loc: attr(air_attrs::Y_LOC),
            l1_operands: Vec::new(),
            runtime_params: 0,
        });
        match (within.segment, within.launch) {
            (Some(segment), _) => self.prog.segments[segment].herds.push(id),
            (None, Some(launch)) => self.prog.launches[launch.index()].herds.push(id),
            (None, None) => {}
        }
        if within.launch.is_none() {
            self.prog.bare.push(Bare {
                node: herd.node().id(),
                range: head_range(herd.op),
                what: air_ops::HERD,
                name: herd.sym_name(),
            });
        }
        let inner = Enclosing { launch: within.launch, segment: within.segment, herd: Some(id) };
        self.walk_regions(herd.op, inner, depth);
    }

    fn visit_loop(&mut self, op: Op<'p>, within: Enclosing, depth: u32) {
        let disable_ping_pong = op.has_attr(air_attrs::DISABLE_PING_PONG);
        let range = name_range(op);
        let bounds = loop_bounds(self.eval, op);
        let pushed = bounds.len();
        for (iv, lower, upper, step) in bounds {
            let (trip, trip_unknown) = trip_count(&lower, &upper, &step);
            let id = self.prog.loops.len();
            self.prog.loops.push(Loop {
                node: op.node().id(),
                kind: match op.name() {
                    "scf.parallel" => LoopKind::Parallel,
                    "affine.for" => LoopKind::AffineFor,
                    _ => LoopKind::For,
                },
                iv,
                lower,
                step,
                trip,
                trip_unknown,
                range,
                within,
                disable_ping_pong,
                parents: self.loop_stack.clone(),
            });
            self.loop_stack.push(id);
        }
        self.walk_regions(op, within, depth);
        for _ in 0..pushed {
            self.loop_stack.pop();
        }
    }

    fn visit_alloc(&mut self, op: Op<'p>, within: Enclosing) {
        let Some(ty) = parse_memref_type(trailing_type_text(op)) else { return };
        let level = Level::of_space(ty.memory_space);
        if !matches!(level, Level::L1 | Level::L2) {
            if level == Level::L3 {
                self.prog.l3_args.push((op.node().id(), first_line_range(op), ty));
            }
            return;
        }
        // An alloc wrapped in `air.execute` carries its attributes on either op.
        let wrapper = op.parent_op().filter(|p| p.name() == air_ops::EXECUTE);
        let has = |key: &str| op.has_attr(key) || wrapper.is_some_and(|w| w.has_attr(key));
        let memtile_col = op.attr(air_attrs::MEMTILE_COL).and_then(air_syntax::views::attr_int);
        let id = self.prog.buffers.len();
        self.allocs.insert(op.node().id().0, id);
        let bytes = ty.size_bytes();
        let loops = self.loop_stack.iter().copied().filter(|&l| self.prog.loops[l].within == within).collect();
        // Inside `air.execute`, the buffer is known by the execute's value result.
        let name = wrapper
            .and_then(|w| w.result_names().get(1).map(|t| t.text().to_string()))
            .or_else(|| op.result_names().first().map(|t| t.text().to_string()))
            .unwrap_or_else(|| "buffer".to_string());
        self.prog.buffers.push(Buffer {
            node: op.node().id(),
            name,
            range: first_line_range(op),
            level,
            ty: Some(ty),
            bytes,
            within,
            loops,
            no_split: has(air_attrs::NO_SPLIT),
            memtile_col,
            endpoints: Vec::new(),
            other_uses: Vec::new(),
        });
    }

    fn operand_values(&self, operand: DmaOperand<'p>) -> (Vec<Value>, Vec<Value>, Vec<Value>) {
        let conv = |entries: Vec<IndexEntry<'p>>| entries.into_iter().map(|e| self.value(e)).collect();
        (conv(operand.offsets()), conv(operand.sizes()), conv(operand.strides()))
    }

    #[allow(clippy::too_many_arguments)]
    fn push_endpoint(
        &mut self,
        op: Op<'p>,
        kind: EndpointKind,
        chan: Option<(String, Vec<Value>)>,
        operand: Option<DmaOperand<'p>>,
        ty: Option<SyntaxNode<'p>>,
        within: Enclosing,
    ) -> EndpointId {
        let (offsets, sizes, strides) = operand.map(|o| self.operand_values(o)).unwrap_or_default();
        let ty = ty.and_then(|t| parse_memref_type(t.text()));
        let level = ty.as_ref().map(|t| Level::of_space(t.memory_space)).unwrap_or(Level::Other);
        let (chan, chan_indices) = match chan {
            Some((name, indices)) => (Some(name), indices),
            None => (None, Vec::new()),
        };
        let id = self.prog.endpoints.len();
        self.prog.endpoints.push(Endpoint {
            op: op.node().id(),
            op_range: name_range(op),
            line_range: first_line_range(op),
            operand_range: operand.map(|o| o.0.text_range()).unwrap_or_else(|| name_range(op)),
            kind,
            chan,
            chan_indices,
            level,
            ty,
            root: Root::Unknown("not resolved".to_string()),
            offsets,
            sizes,
            strides,
            within,
            loops: self.loop_stack.clone(),
            peer: None,
            branches: branches_of(op),
            direct: false,
            host_view: None,
        });
        self.memref_uses.push(operand.and_then(|o| o.memref()).map(|m| m.id()));
        id
    }

    fn visit_dma(&mut self, op: Op<'p>, within: Enclosing) {
        let Some(dma) = DmaMemcpy::cast(op) else { return };
        let src = self.push_endpoint(op, EndpointKind::DmaSrc, None, dma.src(), dma.src_type(), within);
        let dst = self.push_endpoint(op, EndpointKind::DmaDst, None, dma.dst(), dma.dst_type(), within);
        self.prog.endpoints[src].peer = Some(dst);
        self.prog.endpoints[dst].peer = Some(src);
    }

    fn visit_channel_io(&mut self, op: Op<'p>, within: Enclosing) {
        let Some(io) = ChannelIo::cast(op) else { return };
        let indices: Vec<Value> = io.indices().into_iter().map(|e| self.value(e)).collect();
        let kind = if io.is_put { EndpointKind::Put } else { EndpointKind::Get };
        self.push_endpoint(op, kind, Some((io.chan_name(), indices)), io.operand(), io.memref_type(), within);
    }

    fn visit_channel_decl(&mut self, op: Op<'p>) {
        let Some(decl) = ChannelDecl::cast(op) else { return };
        let name = decl.name();
        if name.is_empty() {
            return;
        }
        self.prog.channels.insert(
            name,
            ChannelInfo {
                range: first_line_range(op),
                sizes: decl.sizes(),
                broadcast: decl.broadcast_shape().is_some(),
                broadcast_span: decl.broadcast_shape().and_then(|s| s.first().copied()).unwrap_or(1).max(1),
                packet: decl.channel_type() == "npu_dma_packet",
                no_dma: matches!(decl.channel_type().as_str(), "npu_cascade" | "npu_mmio"),
            },
        );
    }

    /// What the memref value used at `use_node` stands for.
    fn resolve_root(&mut self, use_node: NodeId) -> Root {
        let mut visited: Vec<(u32, u32)> = Vec::new();
        let mut result = Root::Unknown(Stop::TooLong.describe());
        for hop in view_chain::walk(self.parse, self.parse.tree.node(use_node)) {
            if let Some((node, index)) = hop.key() {
                let key = (node.0, index);
                if let Some(root) = self.root_cache.get(&key) {
                    result = root.clone();
                    break;
                }
                visited.push(key);
            }
            result = match hop {
                Hop::View { .. } | Hop::Execute { .. } | Hop::Args { .. } => continue,
                Hop::Result { op, .. } if matches!(op.name(), "memref.alloc" | "memref.alloca") => {
                    match self.allocs.get(&op.node().id().0) {
                        Some(&buffer) => Root::Buffer(buffer),
                        None => Root::L3(op.node().id()),
                    }
                }
                Hop::Result { op, .. } => Root::Unknown(format!("the result of `{}`", op.name())),
                Hop::FuncArg { key, .. } => Root::L3(key.0),
                Hop::Stop(stop) => Root::Unknown(stop.describe()),
            };
            break;
        }
        for key in visited {
            self.root_cache.insert(key, result.clone());
        }
        result
    }
}

/// The `if` branches around an op, up to its hierarchy op.
fn branches_of(op: Op<'_>) -> Vec<(NodeId, u32)> {
    let mut out = Vec::new();
    let mut child = op.node();
    for ancestor in op.node().ancestors().skip(1) {
        if ancestor.kind() == OPERATION {
            let name = Op(ancestor).name();
            if HierarchyKind::from_name(name).is_some() {
                break;
            }
            if matches!(name, "affine.if" | "scf.if" | "scf.index_switch") {
                let regions = Op(ancestor).regions();
                if let Some(idx) = regions.iter().position(|r| r.is_ancestor_of(child) || *r == child) {
                    out.push((ancestor.id(), idx as u32));
                }
            }
        }
        child = ancestor;
    }
    out.reverse();
    out
}

/// (induction variable, lower, upper, step) per dimension of a loop op.
fn loop_bounds<'p>(eval: &Evaluator<'p>, op: Op<'p>) -> Vec<(u32, Value, Value, Value)> {
    let node = op.node();
    match op.name() {
        "scf.for" => {
            let Some(iv) = node.child(ARG_DEF) else { return Vec::new() };
            let bounds: Vec<Value> = node.children_of(VALUE_USE).take(3).map(|u| eval.eval_use(u)).collect();
            match bounds.as_slice() {
                [lower, upper, step] => vec![(iv.id().0, lower.clone(), upper.clone(), step.clone())],
                _ => Vec::new(),
            }
        }
        "scf.parallel" => {
            let Some(ids) = node.child(ID_LIST) else { return Vec::new() };
            let groups: Vec<Vec<Value>> = node
                .children_of(GROUP)
                .filter(|g| g.first_token().is_some_and(|t| t.kind() == L_PAREN))
                .take(3)
                .map(|g| g.children_of(VALUE_USE).map(|u| eval.eval_use(u)).collect())
                .collect();
            let Some([lowers, uppers, steps]) = groups.get(0..3) else { return Vec::new() };
            ids.children_of(ARG_DEF)
                .enumerate()
                .filter_map(|(i, iv)| {
                    Some((iv.id().0, lowers.get(i)?.clone(), uppers.get(i)?.clone(), steps.get(i)?.clone()))
                })
                .collect()
        }
        "affine.for" => {
            // `affine.for %i = 0 to 8 step 2`: constant bounds only; maps are not read.
            let Some(iv) = node.child(ARG_DEF) else { return Vec::new() };
            let tokens: Vec<_> = significant_direct_tokens(node).collect();
            let int_after = |word: Option<&str>| -> Option<i64> {
                let pos = match word {
                    Some(w) => tokens.iter().position(|t| t.kind() == BARE_ID && t.text() == w)? + 1,
                    None => tokens.iter().position(|t| t.kind() == EQ)? + 1,
                };
                let tok = tokens.get(pos)?;
                (tok.kind() == INT).then(|| parse_int_literal(tok.text())).flatten()
            };
            let range = node.text_range();
            let unknown = || {
                Value::Unknown(crate::eval::Unknown {
                    what: "an affine.for bound that is not a literal".to_string(),
                    range,
                })
            };
            let lower = int_after(None).map(Value::constant).unwrap_or_else(unknown);
            let upper = int_after(Some("to")).map(Value::constant).unwrap_or_else(unknown);
            let step = if tokens.iter().any(|t| t.text() == "step") {
                int_after(Some("step")).map(Value::constant).unwrap_or_else(unknown)
            } else {
                Value::constant(1)
            };
            vec![(iv.id().0, lower, upper, step)]
        }
        _ => Vec::new(),
    }
}

/// Iterations of `for iv = lower to upper step step`.
fn trip_count(lower: &Value, upper: &Value, step: &Value) -> (Option<i64>, Option<String>) {
    let describe = |v: &Value| match v {
        Value::Unknown(u) => Some(u.what.clone()),
        Value::Lin(_) => None,
    };
    let span = match (upper.as_lin(), lower.as_lin()) {
        (Some(u), Some(l)) => u.checked_sub(l).and_then(|d| d.as_const()),
        _ => None,
    };
    let step = step.as_const();
    match (span, step) {
        (Some(span), Some(step)) if step > 0 => {
            (Some(if span <= 0 { 0 } else { crate::arith::ceil_div(span, step) }), None)
        }
        _ => {
            let why = describe(upper)
                .or_else(|| describe(lower))
                .unwrap_or_else(|| "bounds that are not constant".to_string());
            (None, Some(why))
        }
    }
}
