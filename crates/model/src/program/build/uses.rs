//! Who uses each buffer: the endpoints that move its data and every other op that names it
//! (calls, compute ops, views), with what the ping-pong label pass asks of each use: where it
//! is, what it does to the buffer, and whether it names the buffer itself or a view of it
//! (mlir-air `AIRDependencyScheduleOpt.cpp`, `isUnsafeToDuplicate`).

use super::*;

/// Ops whose memory effect on the memref they name is a write without a read (the label
/// pass's "definite write"; `linalg.fill` does not read its output).
const WRITE_OPS: &[&str] =
    &["linalg.fill", "memref.store", "affine.store", "vector.transfer_write", "vector.store", "affine.vector_store"];

/// `affine.*` ops that touch memory (the others only compute indices).
const AFFINE_MEMORY_OPS: &[&str] = &["affine.load", "affine.store", "affine.vector_load", "affine.vector_store"];

impl Builder<'_, '_> {
    /// The hierarchy op whose `args(...)` defines the value used at `use_node`, and the use of
    /// the outer operand it stands for.
    fn hierarchy_arg(&self, use_node: NodeId) -> Option<(NodeId, NodeId)> {
        let def = self.parse.scopes.def_of_use(use_node)?;
        if def.kind != DefKind::RegionArg {
            return None;
        }
        let assign = self.parse.tree.node(def.node).parent().filter(|p| p.kind() == ASSIGN)?;
        let clause = assign.parent().and_then(|l| l.parent()).filter(|c| c.kind() == ARGS_CLAUSE)?;
        let op = clause.parent()?;
        Some((op.id(), assign.child(VALUE_USE)?.id()))
    }

    /// The buffer a memref use names itself, followed through `air.execute` results and
    /// hierarchy `args` only: `None` for a view of a buffer (or anything else).
    fn direct_buffer(&self, use_node: NodeId) -> Option<BufferId> {
        let tree = &self.parse.tree;
        let mut current = tree.node(use_node);
        for _ in 0..64 {
            let def = self.parse.scopes.def_of_use(current.id())?;
            let def_node = tree.node(def.node);
            match def.kind {
                DefKind::Result => {
                    let op = op_of_result(def_node)?;
                    match op.name() {
                        "memref.alloc" | "memref.alloca" => return self.allocs.get(&op.node().id().0).copied(),
                        air_ops::EXECUTE => {
                            let index = crate::eval::result_index(def_node, current) as usize;
                            let terminator =
                                op.body_ops().into_iter().rev().find(|o| o.name() == air_ops::EXECUTE_TERMINATOR)?;
                            current = terminator.node().children_of(VALUE_USE).nth(index.checked_sub(1)?)?;
                        }
                        _ => return None,
                    }
                }
                DefKind::RegionArg => current = tree.node(self.hierarchy_arg(current.id())?.1),
                DefKind::BlockArg => return None,
            }
        }
        None
    }

    /// A `memref.collapse_shape`, `expand_shape` or `transpose` outside any `air.launch` on the
    /// way from a host transfer's operand to the function argument: airrt-to-npu copies such a
    /// view into the runtime sequence, where mlir-aie's BD lowering cannot trace it
    /// (`traceSubviewToBlockArgument` follows subview, view, cast and reinterpret_cast only).
    fn host_view(&self, use_node: NodeId) -> Option<(String, TextRange)> {
        let tree = &self.parse.tree;
        let mut current = tree.node(use_node);
        for _ in 0..64 {
            let def = self.parse.scopes.def_of_use(current.id())?;
            match def.kind {
                DefKind::Result => {
                    let op = op_of_result(tree.node(def.node))?;
                    match op.name() {
                        "memref.collapse_shape" | "memref.expand_shape" | "memref.transpose" => {
                            let in_launch = op
                                .node()
                                .ancestors()
                                .skip(1)
                                .any(|a| Hierarchy::cast(Op(a)).is_some_and(|h| h.kind == HierarchyKind::Launch));
                            if !in_launch {
                                return Some((op.name().to_string(), first_line_range(op)));
                            }
                        }
                        "memref.subview" | "memref.cast" | "memref.reinterpret_cast" | "memref.view" => {}
                        _ => return None,
                    }
                    current = op.node().children_of(VALUE_USE).next()?;
                }
                DefKind::RegionArg => current = tree.node(self.hierarchy_arg(current.id())?.1),
                DefKind::BlockArg => return None,
            }
        }
        None
    }

    pub(super) fn resolve_roots(&mut self) {
        let herd_nodes: FxHashMap<u32, HerdId> =
            self.prog.herds.iter().enumerate().map(|(id, h)| (h.node.0, id)).collect();
        for idx in 0..self.prog.endpoints.len() {
            let use_node = self.memref_uses[idx];
            let root = match use_node {
                Some(use_node) => self.resolve_root(use_node),
                None => Root::Unknown("an endpoint without a memref operand".to_string()),
            };
            if let (Root::Buffer(buffer), Some(use_node)) = (&root, use_node) {
                let buffer = *buffer;
                self.prog.buffers[buffer].endpoints.push(idx);
                self.prog.endpoints[idx].direct = self.direct_buffer(use_node) == Some(buffer);
                // A DMA or channel op on a herd's memref argument has no memory effects. Only the
                // L1 side stays in the herd: air-dma-to-channel moves the L2/L3 side out of it.
                let l1 = self.prog.buffers[buffer].level == Level::L1;
                let herd_arg = if l1 { self.hierarchy_arg(use_node) } else { None };
                if let Some(herd) = herd_arg.and_then(|(op, _)| herd_nodes.get(&op.0).copied()) {
                    let loops = self.prog.endpoints[idx].loops.clone();
                    self.prog.herd_arg_uses.push(HerdArgUse { herd, root: Root::Buffer(buffer), loops });
                }
            }
            if let (Root::L3(_), Some(use_node)) = (&root, use_node) {
                self.prog.endpoints[idx].host_view = self.host_view(use_node);
            }
            self.prog.endpoints[idx].root = root;
        }
        self.collect_other_uses(&herd_nodes);
    }

    /// Every other use of a buffer (compute, calls, views, herd operands), for the ping-pong
    /// rule, the L2 split rule and the L1 operands of herds.
    fn collect_other_uses(&mut self, herd_nodes: &FxHashMap<u32, HerdId>) {
        let endpoint_ops: rustc_hash::FxHashSet<u32> = self.prog.endpoints.iter().map(|e| e.op.0).collect();
        let segment_nodes: FxHashMap<u32, SegmentId> =
            self.prog.segments.iter().enumerate().map(|(id, s)| (s.node.0, id)).collect();
        let launch_nodes: FxHashMap<u32, LaunchId> =
            self.prog.launches.iter().enumerate().map(|(id, l)| (l.node.0, LaunchId(id))).collect();
        let mut loop_nodes: FxHashMap<u32, Vec<LoopId>> = FxHashMap::default();
        for (id, lp) in self.prog.loops.iter().enumerate() {
            loop_nodes.entry(lp.node.0).or_default().push(id);
        }
        let uses: Vec<NodeId> = self.parse.scopes.resolutions().map(|(node, _)| node).collect();
        let mut runtime_params: rustc_hash::FxHashSet<(HerdId, u32)> = Default::default();
        for use_node in uses {
            let node = self.parse.tree.node(use_node);
            let Some(owner) = node.ancestors().skip(1).find(|a| a.kind() == OPERATION).map(Op) else { continue };
            if let Some((herd, arg)) = self.runtime_param(use_node, owner, herd_nodes) {
                runtime_params.insert((herd, arg));
            }
            if endpoint_ops.contains(&owner.node().id().0) {
                continue;
            }
            let in_args_clause =
                node.ancestors().take_while(|a| a.id() != owner.node().id()).any(|a| a.kind() == ARGS_CLAUSE);
            let owner_name = owner.name();
            if matches!(owner_name, "memref.dealloc" | air_ops::EXECUTE_TERMINATOR) {
                continue;
            }
            // Only memref-typed values can resolve to buffers; skip the common index ops fast.
            if owner_name.starts_with("arith.")
                || (owner_name.starts_with("affine.") && !AFFINE_MEMORY_OPS.contains(&owner_name))
            {
                continue;
            }
            let root = self.resolve_root(use_node);
            if owner_name == "func.call" {
                self.note_herd_arg_call(use_node, &root, owner, herd_nodes, &loop_nodes);
            }
            let Root::Buffer(buffer) = root else { continue };
            if in_args_clause {
                if let Some(herd) = Hierarchy::cast(owner).filter(|h| h.kind == HierarchyKind::Herd) {
                    if let Some(h) = herd_nodes.get(&herd.node().id().0).map(|&id| &mut self.prog.herds[id]) {
                        if self.prog.buffers[buffer].level == Level::L1 && !h.l1_operands.contains(&buffer) {
                            h.l1_operands.push(buffer);
                        }
                    }
                }
                continue;
            }
            let owner_id = owner.node().id();
            if self.prog.buffers[buffer].other_uses.last().is_some_and(|u| u.op == owner_id) {
                continue;
            }
            let kind = if crate::view_chain::VIEW_OPS.contains(&owner_name) {
                UseKind::View
            } else if WRITE_OPS.contains(&owner_name) {
                UseKind::Write
            } else if owner_name == "func.call" {
                UseKind::Call
            } else {
                UseKind::Other
            };
            let loops = loops_around(owner, &loop_nodes);
            let mut within = Enclosing::default();
            for ancestor in owner.node().ancestors() {
                let key = ancestor.id().0;
                if let Some(&h) = herd_nodes.get(&key) {
                    within.herd.get_or_insert(h);
                }
                if let Some(&s) = segment_nodes.get(&key) {
                    within.segment.get_or_insert(s);
                }
                if let Some(&l) = launch_nodes.get(&key) {
                    within.launch.get_or_insert(l);
                }
            }
            let direct = self.direct_buffer(use_node) == Some(buffer);
            let pos = name_range(owner).start;
            self.prog.buffers[buffer].other_uses.push(Use { op: owner_id, loops, pos, within, kind, direct });
        }
        for (herd, _) in runtime_params {
            self.prog.herds[herd].runtime_params += 1;
        }
    }

    /// A use of a herd's scalar argument that keeps it a runtime parameter (air-to-aie gives
    /// each one 32 bits of `__air_herd_rtp`; an id of an enclosing hierarchy op is a constant
    /// instead). Uses only in index arithmetic and DMAs are not counted: air-dma-to-channel
    /// moves the host side of a DMA out of the herd, and the argument then goes unused.
    fn runtime_param(
        &self,
        use_node: NodeId,
        owner: Op<'_>,
        herd_nodes: &FxHashMap<u32, HerdId>,
    ) -> Option<(HerdId, u32)> {
        let name = owner.name();
        if name == air_ops::DMA_MEMCPY_ND || name.starts_with("affine.") || name.starts_with("arith.") {
            return None;
        }
        let def = self.parse.scopes.def_of_use(use_node)?;
        let (op, outer) = self.hierarchy_arg(use_node)?;
        let herd = *herd_nodes.get(&op.0)?;
        let hierarchy = Hierarchy::cast(Op(self.parse.tree.node(op)))?;
        let arg = hierarchy.kernel_args().into_iter().find(|a| a.inner.id() == def.node)?;
        let ty = arg.ty.map(|t| t.text().trim().to_string()).unwrap_or_default();
        let scalar = ty == "index"
            || ty == "bf16"
            || ty
                .strip_prefix('i')
                .or_else(|| ty.strip_prefix('f'))
                .is_some_and(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()));
        let outer_is_id = self
            .parse
            .scopes
            .def_of_use(outer)
            .is_some_and(|d| self.parse.tree.node(d.node).parent().is_some_and(|p| p.kind() == ID_LIST));
        (scalar && !outer_is_id).then_some((herd, def.node.0))
    }

    /// A call taking a herd's memref argument directly (an L1 buffer, or a host buffer).
    fn note_herd_arg_call(
        &mut self,
        use_node: NodeId,
        root: &Root,
        owner: Op<'_>,
        herd_nodes: &FxHashMap<u32, HerdId>,
        loop_nodes: &FxHashMap<u32, Vec<LoopId>>,
    ) {
        let memref = match root {
            Root::Buffer(_) => true,
            Root::L3(node) => self.prog.l3_args.iter().any(|(n, _, _)| n == node),
            Root::Unknown(_) => false,
        };
        let Some(herd) = self.hierarchy_arg(use_node).and_then(|(op, _)| herd_nodes.get(&op.0).copied()) else {
            return;
        };
        if !memref {
            return;
        }
        let loops = loops_around(owner, loop_nodes);
        self.prog.herd_arg_uses.push(HerdArgUse { herd, root: root.clone(), loops });
    }
}

/// The loops around an op, outermost first.
fn loops_around(op: Op<'_>, loop_nodes: &FxHashMap<u32, Vec<LoopId>>) -> Vec<LoopId> {
    let mut loops: Vec<LoopId> = Vec::new();
    for ancestor in op.node().ancestors() {
        if let Some(ids) = loop_nodes.get(&ancestor.id().0) {
            loops.extend(ids.iter().rev());
        }
    }
    loops.reverse();
    loops
}
