//! Typed views over the syntax tree: thin wrappers over nodes that answer structural questions
//! (an op's name, results, regions, attributes; a function's arguments; a herd's sizes and
//! `args` wiring). Missing pieces give `None` or empty lists, never a panic.

mod air;
mod attr;
pub mod calls;
mod consts;
mod func;
mod ranges;
pub mod text;
mod types;
pub mod value_types;

pub use crate::air_ops::HierarchyKind;
pub use air::nested_hierarchy;
pub use air::{
    ChannelDecl, ChannelIo, DmaMemcpy, DmaOperand, Execute, Hierarchy, IndexEntry, KernelArg, SizeArg, WaitAll,
};
pub use attr::{attr_int, attr_int_array, attr_string, dense_i64_array};
pub use attr::{parse_int_literal, quote_string, unquote_string, AttrDict};
pub use consts::constant_of_use;
pub use func::{symbol_name, FuncArg, FuncOp};
pub use ranges::{first_line_range, head_range, header_range, name_range};
pub use text::trailing_type_text;
pub use types::{
    canonical_type, element_bits, parse_memref_type, row_major_strides, types_equal, Layout, MemRefType, Strided,
};

use crate::kind::SyntaxKind::*;
use crate::tree::{SyntaxNode, SyntaxToken};

/// Op names written without a dialect prefix: builtin `module` and
/// `unrealized_conversion_cast`, and the `func` ops inside a `func.func` body.
pub const UNDOTTED_OPS: &[&str] = &["return", "call", "call_indirect", "module", "unrealized_conversion_cast"];

/// Any operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Op<'a>(pub SyntaxNode<'a>);

impl<'a> Op<'a> {
    pub fn cast(node: SyntaxNode<'a>) -> Option<Op<'a>> {
        (node.kind() == OPERATION).then_some(Op(node))
    }

    pub fn node(&self) -> SyntaxNode<'a> {
        self.0
    }

    /// The op name without quotes: `air.herd` for both `air.herd` and `"air.herd"(...)`.
    pub fn name(&self) -> &'a str {
        match self.0.child(OP_NAME).and_then(|n| n.first_token()) {
            Some(token) if token.kind() == STRING => {
                let text = token.text();
                text.get(1..text.len().saturating_sub(1)).unwrap_or("")
            }
            Some(token) => token.text(),
            None => "",
        }
    }

    pub fn name_node(&self) -> Option<SyntaxNode<'a>> {
        self.0.child(OP_NAME)
    }

    /// Written in generic form (`"dialect.op"(...)`).
    pub fn is_generic(&self) -> bool {
        self.0.child(OP_NAME).and_then(|n| n.first_token()).is_some_and(|t| t.kind() == STRING)
    }

    /// A function's return, `return` or `func.return` (by name: custom or generic form).
    pub fn is_func_return(&self) -> bool {
        matches!(self.name(), "return" | "func.return")
    }

    /// The `RESULT` nodes (`%a`, `%b:2`).
    pub fn result_nodes(&self) -> impl Iterator<Item = SyntaxNode<'a>> {
        self.0.child(RESULT_LIST).into_iter().flat_map(|list| list.children_of(RESULT))
    }

    /// The names of the results (`%a`), one per `RESULT` node.
    pub fn result_names(&self) -> Vec<SyntaxToken<'a>> {
        self.result_nodes().filter_map(|r| r.first_token()).collect()
    }

    /// Regions in order: direct `REGION` children and those of a generic `REGION_LIST`.
    pub fn regions(&self) -> Vec<SyntaxNode<'a>> {
        let mut regions = Vec::new();
        for child in self.0.children() {
            match child.kind() {
                REGION => regions.push(child),
                REGION_LIST => regions.extend(child.children_of(REGION)),
                _ => {}
            }
        }
        regions
    }

    pub fn first_region(&self) -> Option<SyntaxNode<'a>> {
        self.regions().into_iter().next()
    }

    /// Ops directly inside the op's first region (all blocks).
    pub fn body_ops(&self) -> Vec<Op<'a>> {
        self.first_region().map(region_ops).unwrap_or_default()
    }

    /// The op's attribute dictionary: `attributes {...}`, a trailing `{...}`, or `<{...}>`.
    /// When both properties and a dictionary exist, the dictionary wins; see [`Op::attr`].
    pub fn attr_dicts(&self) -> Vec<AttrDict<'a>> {
        let mut dicts = Vec::new();
        for child in self.0.children() {
            match child.kind() {
                ATTR_DICT => dicts.push(AttrDict(child)),
                ATTRIBUTES_CLAUSE | PROPERTIES => dicts.extend(child.children_of(ATTR_DICT).map(AttrDict)),
                _ => {}
            }
        }
        dicts
    }

    /// The value of attribute `key` in any of the op's dictionaries.
    pub fn attr(&self, key: &str) -> Option<SyntaxNode<'a>> {
        self.attr_dicts().into_iter().find_map(|dict| dict.get(key))
    }

    pub fn has_attr(&self, key: &str) -> bool {
        self.attr_dicts().into_iter().any(|dict| dict.contains(key))
    }

    /// The first `@symbol` written directly in the op (not inside an attribute).
    pub fn symbol(&self) -> Option<SyntaxToken<'a>> {
        self.0.token_of(AT_ID)
    }

    /// Every value the op uses outside its regions (`VALUE_USE` nodes in document order).
    pub fn operand_uses(&self) -> Vec<SyntaxNode<'a>> {
        let regions = self.regions();
        self.0
            .descendants()
            .filter(|n| n.kind() == VALUE_USE && !regions.iter().any(|r| r.is_ancestor_of(*n)))
            .collect()
    }

    /// The op's types after the last top-level `:` (custom form), as `TYPE` nodes.
    pub fn trailing_types(&self) -> Vec<SyntaxNode<'a>> {
        let mut types: Vec<SyntaxNode<'a>> = Vec::new();
        for child in self.0.children() {
            match child.kind() {
                TYPE => types.push(child),
                TYPE_LIST => types.extend(child.children_of(TYPE)),
                _ => {}
            }
        }
        types
    }

    /// The enclosing op, if any.
    pub fn parent_op(&self) -> Option<Op<'a>> {
        self.0.ancestors().skip(1).find(|n| n.kind() == OPERATION).map(Op)
    }
}

/// Ops directly inside a region (all blocks), in order.
pub fn region_ops(region: SyntaxNode<'_>) -> Vec<Op<'_>> {
    region.children_of(BLOCK).flat_map(|block| block.children_of(OPERATION).map(Op)).collect()
}

/// Top-level ops of a file: the body of its single explicit `module` op if there is exactly one
/// top-level op and it is a module, else the top-level ops themselves (the implicit module).
pub fn module_ops(root: SyntaxNode<'_>) -> Vec<Op<'_>> {
    let top: Vec<Op<'_>> = root.children_of(OPERATION).map(Op).collect();
    if top.len() == 1 && matches!(top[0].name(), "module" | "builtin.module") {
        return top[0].body_ops();
    }
    top
}

/// Every op in a subtree, in document order.
pub fn all_ops(root: SyntaxNode<'_>) -> impl Iterator<Item = Op<'_>> {
    root.descendants().filter(|n| n.kind() == OPERATION).map(Op)
}

/// The op a `RESULT` node belongs to.
pub fn op_of_result(result: SyntaxNode<'_>) -> Option<Op<'_>> {
    let list = result.parent().filter(|p| p.kind() == RESULT_LIST)?;
    list.parent().and_then(Op::cast)
}

/// Direct tokens of a node that are not trivia.
pub fn significant_direct_tokens<'a>(node: SyntaxNode<'a>) -> impl Iterator<Item = SyntaxToken<'a>> {
    node.direct_tokens().filter(|t| !t.kind().is_trivia())
}
