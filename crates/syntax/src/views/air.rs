//! Views of the AIR ops: the hierarchy (launch, segment, herd, rank), channel declarations,
//! channel put/get, `air.dma_memcpy_nd`, `air.wait_all` and `air.execute`.

use super::attr::{attr_int_array, attr_string, parse_int_literal, AttrDict};
use super::func::symbol_name;
use super::Op;
use crate::air_attrs;
use crate::air_ops::{self, HierarchyKind};
use crate::kind::SyntaxKind::*;
use crate::tree::{SyntaxNode, SyntaxToken};

/// `air.launch` / `air.segment` / `air.herd` / `air.rank` in custom form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hierarchy<'a> {
    pub op: Op<'a>,
    pub kind: HierarchyKind,
}

/// One `%s=%value` of the sizes list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SizeArg<'a> {
    /// The block argument (`ARG_DEF`).
    pub inner: SyntaxNode<'a>,
    /// The operand (`VALUE_USE`).
    pub outer: Option<SyntaxNode<'a>>,
}

/// One `%inner=%outer` of `args(...)`, with its type from the `: T, ...` list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KernelArg<'a> {
    pub assign: SyntaxNode<'a>,
    pub inner: SyntaxNode<'a>,
    pub outer: Option<SyntaxNode<'a>>,
    pub ty: Option<SyntaxNode<'a>>,
}

impl<'a> Hierarchy<'a> {
    pub fn cast(op: Op<'a>) -> Option<Hierarchy<'a>> {
        let kind = HierarchyKind::from_name(op.name())?;
        (!op.is_generic()).then_some(Hierarchy { op, kind })
    }

    pub fn node(&self) -> SyntaxNode<'a> {
        self.op.node()
    }

    /// The `@name` token, when written before `async`.
    pub fn sym_token(&self) -> Option<SyntaxToken<'a>> {
        self.op.symbol()
    }

    /// The symbol name: `@name`, or `attributes {sym_name = "name"}`.
    pub fn sym_name(&self) -> Option<String> {
        if let Some(token) = self.sym_token() {
            return Some(symbol_name(token.text()));
        }
        self.attributes().and_then(|a| a.get(air_attrs::SYM_NAME)).and_then(attr_string)
    }

    pub fn async_deps(&self) -> Option<SyntaxNode<'a>> {
        self.node().child(ASYNC_DEPS)
    }

    /// Returns an async token (`async` written).
    pub fn is_async(&self) -> bool {
        self.async_deps().is_some_and(|d| d.token_of(BARE_ID).is_some_and(|t| t.text() == "async"))
    }

    /// Dependency tokens (`VALUE_USE` nodes).
    pub fn deps(&self) -> Vec<SyntaxNode<'a>> {
        self.async_deps()
            .and_then(|d| d.child(DEP_LIST))
            .map(|l| l.children_of(VALUE_USE).collect())
            .unwrap_or_default()
    }

    /// `(%x, %y)`: the id block arguments (`ARG_DEF` nodes).
    pub fn ids(&self) -> Vec<SyntaxNode<'a>> {
        self.node().child(ID_LIST).map(|l| l.children_of(ARG_DEF).collect()).unwrap_or_default()
    }

    /// `(%sx=%c1, ...)`
    pub fn sizes(&self) -> Vec<SizeArg<'a>> {
        self.node()
            .child(SIZE_LIST)
            .map(|l| {
                l.children_of(ASSIGN)
                    .filter_map(|a| Some(SizeArg { inner: a.child(ARG_DEF)?, outer: a.child(VALUE_USE) }))
                    .collect()
            })
            .unwrap_or_default()
    }

    pub fn args_clause(&self) -> Option<SyntaxNode<'a>> {
        self.node().child(ARGS_CLAUSE)
    }

    /// The `: T, ...` list of the args clause.
    pub fn arg_types(&self) -> Vec<SyntaxNode<'a>> {
        self.args_clause().and_then(|c| c.child(TYPE_LIST)).map(|l| l.children_of(TYPE).collect()).unwrap_or_default()
    }

    /// `args(%inner=%outer, ...)` paired with their types by position.
    pub fn kernel_args(&self) -> Vec<KernelArg<'a>> {
        let types = self.arg_types();
        let Some(list) = self.args_clause().and_then(|c| c.child(ASSIGN_LIST)) else {
            return Vec::new();
        };
        list.children_of(ASSIGN)
            .enumerate()
            .filter_map(|(idx, assign)| {
                Some(KernelArg {
                    assign,
                    inner: assign.child(ARG_DEF)?,
                    outer: assign.child(VALUE_USE),
                    ty: types.get(idx).copied(),
                })
            })
            .collect()
    }

    pub fn attributes(&self) -> Option<AttrDict<'a>> {
        self.node().child(ATTRIBUTES_CLAUSE).and_then(|c| c.child(ATTR_DICT)).map(AttrDict)
    }

    /// `link_with = "x.o"` (herds).
    pub fn link_with(&self) -> Option<String> {
        self.link_with_value().and_then(attr_string)
    }

    /// The value node of `link_with` (a herd's object), for a range or an edit.
    pub fn link_with_value(&self) -> Option<SyntaxNode<'a>> {
        self.attributes().and_then(|a| a.get(air_attrs::LINK_WITH))
    }

    pub fn body(&self) -> Option<SyntaxNode<'a>> {
        self.op.first_region()
    }

    /// Hierarchy ops directly nested in this one's body (looking through loops and other
    /// non-hierarchy ops).
    pub fn children(&self) -> Vec<Hierarchy<'a>> {
        let Some(body) = self.body() else {
            return Vec::new();
        };
        nested_hierarchy(body)
    }
}

/// Hierarchy ops in `root`'s subtree that have no hierarchy op between them and `root`.
pub fn nested_hierarchy(root: SyntaxNode<'_>) -> Vec<Hierarchy<'_>> {
    let mut out = Vec::new();
    let mut skip_until = 0u32;
    for node in root.descendants() {
        if node.id().0 <= skip_until {
            continue;
        }
        if let Some(h) = Op::cast(node).and_then(Hierarchy::cast) {
            skip_until = node.subtree_end().0;
            out.push(h);
        }
    }
    out
}

/// `air.channel @name [sizes] {attrs}`
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChannelDecl<'a>(pub Op<'a>);

impl<'a> ChannelDecl<'a> {
    pub fn cast(op: Op<'a>) -> Option<ChannelDecl<'a>> {
        (op.name() == air_ops::CHANNEL && !op.is_generic()).then_some(ChannelDecl(op))
    }

    pub fn sym_token(&self) -> Option<SyntaxToken<'a>> {
        self.0.symbol()
    }

    pub fn name(&self) -> String {
        self.sym_token().map(|t| symbol_name(t.text())).unwrap_or_default()
    }

    /// `[1, 4]` → [1, 4]; `[]` → [] (one channel).
    pub fn sizes(&self) -> Vec<i64> {
        self.0
            .node()
            .child(GROUP)
            .map(|g| {
                g.significant_tokens().filter(|t| t.kind() == INT).filter_map(|t| parse_int_literal(t.text())).collect()
            })
            .unwrap_or_default()
    }

    pub fn attrs(&self) -> Option<AttrDict<'a>> {
        self.0.node().child(ATTR_DICT).map(AttrDict)
    }

    pub fn broadcast_shape(&self) -> Option<Vec<i64>> {
        self.attrs().and_then(|a| a.get("broadcast_shape")).and_then(attr_int_array)
    }

    /// `channel_type`, defaulting to `npu_dma_stream`.
    pub fn channel_type(&self) -> String {
        self.attrs().and_then(|a| a.string("channel_type")).unwrap_or_else(|| "npu_dma_stream".to_string())
    }
}

/// An entry of an offsets/sizes/strides list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IndexEntry<'a> {
    Const(i64),
    Value(SyntaxNode<'a>),
}

/// `%buf[offsets] [sizes] [strides]`
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DmaOperand<'a>(pub SyntaxNode<'a>);

impl<'a> DmaOperand<'a> {
    pub fn memref(&self) -> Option<SyntaxNode<'a>> {
        self.0.child(VALUE_USE)
    }

    fn list(&self, idx: usize) -> Vec<IndexEntry<'a>> {
        self.0.children_of(INDEX_LIST).nth(idx).map(index_entries).unwrap_or_default()
    }

    pub fn offsets(&self) -> Vec<IndexEntry<'a>> {
        self.list(0)
    }

    pub fn sizes(&self) -> Vec<IndexEntry<'a>> {
        self.list(1)
    }

    pub fn strides(&self) -> Vec<IndexEntry<'a>> {
        self.list(2)
    }

    /// All three lists are empty (`%buf[] [] []`): the whole buffer.
    pub fn is_whole_buffer(&self) -> bool {
        self.offsets().is_empty() && self.sizes().is_empty() && self.strides().is_empty()
    }
}

fn index_entries(list: SyntaxNode<'_>) -> Vec<IndexEntry<'_>> {
    let mut out = Vec::new();
    let mut negative = false;
    for element in list.elements() {
        match element.kind() {
            MINUS => negative = true,
            INT => {
                // `checked_neg`: `-0x8000000000000000` has no positive counterpart.
                let value = parse_int_literal(element.text()).and_then(|value| {
                    if negative {
                        value.checked_neg()
                    } else {
                        Some(value)
                    }
                });
                if let Some(value) = value {
                    out.push(IndexEntry::Const(value));
                }
                negative = false;
            }
            VALUE_USE => {
                if let Some(node) = element.as_node() {
                    out.push(IndexEntry::Value(node));
                }
            }
            _ => {}
        }
    }
    out
}

/// `air.channel.put` / `air.channel.get`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChannelIo<'a> {
    pub op: Op<'a>,
    pub is_put: bool,
}

impl<'a> ChannelIo<'a> {
    pub fn cast(op: Op<'a>) -> Option<ChannelIo<'a>> {
        if op.is_generic() {
            return None;
        }
        match op.name() {
            air_ops::CHANNEL_PUT => Some(ChannelIo { op, is_put: true }),
            air_ops::CHANNEL_GET => Some(ChannelIo { op, is_put: false }),
            _ => None,
        }
    }

    pub fn chan_token(&self) -> Option<SyntaxToken<'a>> {
        self.op.symbol()
    }

    pub fn chan_name(&self) -> String {
        self.chan_token().map(|t| symbol_name(t.text())).unwrap_or_default()
    }

    pub fn indices(&self) -> Vec<IndexEntry<'a>> {
        self.op.node().child(CHANNEL_INDICES).map(index_entries).unwrap_or_default()
    }

    pub fn operand(&self) -> Option<DmaOperand<'a>> {
        self.op.node().child(DMA_OPERAND).map(DmaOperand)
    }

    pub fn deps(&self) -> Vec<SyntaxNode<'a>> {
        self.op
            .node()
            .child(ASYNC_DEPS)
            .and_then(|d| d.child(DEP_LIST))
            .map(|l| l.children_of(VALUE_USE).collect())
            .unwrap_or_default()
    }

    pub fn memref_type(&self) -> Option<SyntaxNode<'a>> {
        self.op.trailing_types().into_iter().next()
    }
}

/// `air.dma_memcpy_nd`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DmaMemcpy<'a>(pub Op<'a>);

impl<'a> DmaMemcpy<'a> {
    pub fn cast(op: Op<'a>) -> Option<DmaMemcpy<'a>> {
        (op.name() == air_ops::DMA_MEMCPY_ND && !op.is_generic()).then_some(DmaMemcpy(op))
    }

    pub fn dst(&self) -> Option<DmaOperand<'a>> {
        self.0.node().children_of(DMA_OPERAND).next().map(DmaOperand)
    }

    pub fn src(&self) -> Option<DmaOperand<'a>> {
        self.0.node().children_of(DMA_OPERAND).nth(1).map(DmaOperand)
    }

    pub fn dst_type(&self) -> Option<SyntaxNode<'a>> {
        self.0.trailing_types().first().copied()
    }

    pub fn src_type(&self) -> Option<SyntaxNode<'a>> {
        self.0.trailing_types().get(1).copied()
    }
}

/// `air.wait_all`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WaitAll<'a>(pub Op<'a>);

impl<'a> WaitAll<'a> {
    pub fn cast(op: Op<'a>) -> Option<WaitAll<'a>> {
        (op.name() == air_ops::WAIT_ALL && !op.is_generic()).then_some(WaitAll(op))
    }

    pub fn deps(&self) -> Vec<SyntaxNode<'a>> {
        self.0
            .node()
            .child(ASYNC_DEPS)
            .and_then(|d| d.child(DEP_LIST))
            .map(|l| l.children_of(VALUE_USE).collect())
            .unwrap_or_default()
    }

    pub fn is_async(&self) -> bool {
        self.0.node().child(ASYNC_DEPS).is_some_and(|d| d.token_of(BARE_ID).is_some())
    }
}

/// `air.execute`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Execute<'a>(pub Op<'a>);

impl<'a> Execute<'a> {
    pub fn cast(op: Op<'a>) -> Option<Execute<'a>> {
        (op.name() == air_ops::EXECUTE && !op.is_generic()).then_some(Execute(op))
    }

    pub fn deps(&self) -> Vec<SyntaxNode<'a>> {
        self.0
            .node()
            .child(ASYNC_DEPS)
            .and_then(|d| d.child(DEP_LIST))
            .map(|l| l.children_of(VALUE_USE).collect())
            .unwrap_or_default()
    }

    /// Types of the results after the token.
    pub fn result_types(&self) -> Vec<SyntaxNode<'a>> {
        self.0
            .node()
            .child(EXEC_RESULTS)
            .map(|r| {
                let mut types: Vec<SyntaxNode<'a>> = r.children_of(TYPE).collect();
                if let Some(list) = r.child(TYPE_LIST) {
                    types.extend(list.children_of(TYPE));
                }
                types
            })
            .unwrap_or_default()
    }

    pub fn body(&self) -> Option<SyntaxNode<'a>> {
        self.0.first_region()
    }
}
