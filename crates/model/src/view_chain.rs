//! Following a memref value back through the ops that view it to what it stands for: the one
//! walker of view chains. check-bd's buffers (`program/build.rs`), dataflow's argument offsets
//! and check-merge's prelude views all follow it, and read what they need off its hops.
//!
//! A hop is one definition on the way: a view op's result (`memref.subview`, casts, reshapes:
//! the chain goes on at its source operand), an `air.execute` result (at the value its
//! terminator yields), a hierarchy op's `args(...)` binding (at the outer value); and the end,
//! a function's argument, another op's result (an allocation, a call), or why it stopped.

use crate::eval::result_index;
use air_syntax::air_ops;
use air_syntax::views::{op_of_result, Op};
use air_syntax::{Def, DefKind, NodeId, Parse, SyntaxKind::*, SyntaxNode};

/// The ops whose result is a view of their first operand (pure: no memory effect on it).
pub const VIEW_OPS: &[&str] = &[
    "memref.subview",
    "memref.collapse_shape",
    "memref.expand_shape",
    "memref.cast",
    "memref.reinterpret_cast",
    "memref.view",
    "memref.transpose",
];

/// Most definitions followed before giving up.
pub const MAX_HOPS: usize = 64;

/// A definition on the way: its node and, for an op's result, which result of the op.
pub type DefKey = (NodeId, u32);

/// One step of a walk.
#[derive(Clone, Debug)]
pub enum Hop<'a> {
    /// A view op's result; the walk goes on at `source`, the use of its first operand.
    View { key: DefKey, op: Op<'a>, source: SyntaxNode<'a> },
    /// An `air.execute` result (index ≥ 1); the walk goes on at the value its terminator yields.
    Execute { key: DefKey, op: Op<'a> },
    /// A block argument bound by a hierarchy op's `args(...)`; the walk goes on outside.
    Args { key: DefKey },
    /// The end: a function's argument (`key.0` is its `ARG_DEF` node), with the function op.
    FuncArg { key: DefKey, func: Option<Op<'a>> },
    /// The end: a result of an op that is not a view (an allocation, a call, an
    /// `air.execute`'s token).
    Result { key: DefKey, op: Op<'a> },
    /// The end: why the walk cannot go on.
    Stop(Stop),
}

/// Why a walk stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// A use with no definition.
    Undefined,
    /// A result whose op cannot be read.
    UnknownOp,
    /// A view op without a source operand (`op` is its name).
    NoSource(String),
    /// An `air.execute` result its terminator does not yield.
    ExecuteResult,
    /// A region argument that is not bound by `args(...)` (a loop's iteration argument).
    LoopCarried,
    /// Another region argument, as written.
    RegionArg(String),
    /// A block argument.
    BlockArg,
    /// More than [`MAX_HOPS`] definitions.
    TooLong,
}

impl Stop {
    /// The words diagnostics use for what stopped the walk.
    pub fn describe(&self) -> String {
        match self {
            Stop::Undefined => "an undefined value".to_string(),
            Stop::UnknownOp => "a result of an unknown op".to_string(),
            Stop::NoSource(op) => format!("a `{op}`"),
            Stop::ExecuteResult => "an air.execute result".to_string(),
            Stop::LoopCarried => "a loop-carried value".to_string(),
            Stop::RegionArg(text) => format!("region argument `{text}`"),
            Stop::BlockArg => "a block argument".to_string(),
            Stop::TooLong => "a chain of views too long to follow".to_string(),
        }
    }
}

impl<'a> Hop<'a> {
    /// The definition the hop is at (none for a stop).
    pub fn key(&self) -> Option<DefKey> {
        match *self {
            Hop::View { key, .. }
            | Hop::Execute { key, .. }
            | Hop::Args { key }
            | Hop::FuncArg { key, .. }
            | Hop::Result { key, .. } => Some(key),
            Hop::Stop(_) => None,
        }
    }
}

/// The hops from the memref value used at `use_node` to what it stands for; the last one is an
/// end (`FuncArg`, `Result` or `Stop`).
pub fn walk<'a>(parse: &'a Parse, use_node: SyntaxNode<'a>) -> Walk<'a> {
    Walk { parse, next: Next::Use(use_node), hops: 0 }
}

/// The hops from the value a `RESULT` node defines (its first result), as [`walk`].
pub fn walk_from_result<'a>(parse: &'a Parse, result: SyntaxNode<'a>) -> Walk<'a> {
    let next = match parse.scopes.def_at(result.id()) {
        Some(def) => Next::Def(def, 0),
        None => Next::Stopped(Stop::Undefined),
    };
    Walk { parse, next, hops: 0 }
}

/// An iterator over the hops of one walk.
pub struct Walk<'a> {
    parse: &'a Parse,
    next: Next<'a>,
    hops: usize,
}

enum Next<'a> {
    Use(SyntaxNode<'a>),
    Def(&'a Def, u32),
    Stopped(Stop),
    Done,
}

impl<'a> Iterator for Walk<'a> {
    type Item = Hop<'a>;

    fn next(&mut self) -> Option<Hop<'a>> {
        let (def, index) = match std::mem::replace(&mut self.next, Next::Done) {
            Next::Done => return None,
            Next::Stopped(stop) => return Some(Hop::Stop(stop)),
            Next::Def(def, index) => (def, index),
            Next::Use(use_node) => {
                let Some(def) = self.parse.scopes.def_of_use(use_node.id()) else {
                    return Some(Hop::Stop(Stop::Undefined));
                };
                let index = match def.kind {
                    DefKind::Result => result_index(self.parse.tree.node(def.node), use_node),
                    _ => 0,
                };
                (def, index)
            }
        };
        if self.hops == MAX_HOPS {
            return Some(Hop::Stop(Stop::TooLong));
        }
        self.hops += 1;
        // `hop` sets where an execute or args hop goes on; a view goes on at its source.
        let hop = self.hop(def, index);
        if let Hop::View { source, .. } = hop {
            self.next = Next::Use(source);
        }
        Some(hop)
    }
}

impl<'a> Walk<'a> {
    fn hop(&mut self, def: &'a Def, index: u32) -> Hop<'a> {
        let tree = &self.parse.tree;
        let def_node = tree.node(def.node);
        let key = (def.node, index);
        match def.kind {
            DefKind::Result => {
                let Some(op) = op_of_result(def_node) else { return Hop::Stop(Stop::UnknownOp) };
                let name = op.name();
                if name == air_ops::EXECUTE && index >= 1 {
                    let terminator = op.body_ops().into_iter().rev().find(|o| o.name() == air_ops::EXECUTE_TERMINATOR);
                    return match terminator.and_then(|t| t.node().children_of(VALUE_USE).nth(index as usize - 1)) {
                        Some(yielded) => {
                            self.next = Next::Use(yielded);
                            Hop::Execute { key, op }
                        }
                        None => Hop::Stop(Stop::ExecuteResult),
                    };
                }
                if VIEW_OPS.contains(&name) {
                    return match op.node().children_of(VALUE_USE).next() {
                        Some(source) => Hop::View { key, op, source },
                        None => Hop::Stop(Stop::NoSource(name.to_string())),
                    };
                }
                Hop::Result { key, op }
            }
            DefKind::RegionArg => {
                let Some(parent) = def_node.parent() else {
                    return Hop::Stop(Stop::RegionArg(def_node.text().trim().to_string()));
                };
                match parent.kind() {
                    FUNC_ARG => {
                        let func = parent.ancestors().find(|a| a.kind() == OPERATION).and_then(Op::cast);
                        Hop::FuncArg { key, func }
                    }
                    ASSIGN => {
                        let in_args = parent.parent().and_then(|l| l.parent()).is_some_and(|c| c.kind() == ARGS_CLAUSE);
                        match (in_args, parent.child(VALUE_USE)) {
                            (true, Some(outer)) => {
                                self.next = Next::Use(outer);
                                Hop::Args { key }
                            }
                            _ => Hop::Stop(Stop::LoopCarried),
                        }
                    }
                    _ => Hop::Stop(Stop::RegionArg(def_node.text().trim().to_string())),
                }
            }
            DefKind::BlockArg => Hop::Stop(Stop::BlockArg),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn hops(text: &str, value: &str) -> Vec<String> {
        let parse = air_syntax::parse(text);
        let use_node = parse.tree.nodes().filter(|n| n.kind() == VALUE_USE && n.text().trim() == value).last().unwrap();
        walk(&parse, use_node)
            .map(|hop| match hop {
                Hop::View { op, .. } => op.name().to_string(),
                Hop::Execute { .. } => "execute".to_string(),
                Hop::Args { .. } => "args".to_string(),
                Hop::FuncArg { key, .. } => format!("arg {}", parse.tree.node(key.0).text().trim()),
                Hop::Result { op, .. } => format!("result of {}", op.name()),
                Hop::Stop(stop) => format!("stop: {}", stop.describe()),
            })
            .collect()
    }

    #[test]
    fn a_walk_goes_through_views_execute_and_args_to_the_argument() {
        let text = "func.func @f(%a: memref<64xbf16>) {\n  %v = memref.subview %a[0] [32] [1] : memref<64xbf16> to memref<32xbf16>\n  %t, %e = air.execute -> (memref<32xbf16>) {\n    air.execute_terminator %v : memref<32xbf16>\n  }\n  air.launch () in () args(%x=%e) : memref<32xbf16> {\n    %c = memref.cast %x : memref<32xbf16> to memref<?xbf16>\n    func.call @k(%c) : (memref<?xbf16>) -> ()\n  }\n  return\n}\n";
        assert_eq!(hops(text, "%c"), ["memref.cast", "args", "execute", "memref.subview", "arg %a"]);
    }

    #[test]
    fn a_walk_ends_at_an_allocation_or_says_why_it_stopped() {
        let alloc = "func.func @f() {\n  %a = memref.alloc() : memref<4xbf16>\n  %c = memref.cast %a : memref<4xbf16> to memref<?xbf16>\n  func.call @k(%c) : (memref<?xbf16>) -> ()\n  return\n}\n";
        assert_eq!(hops(alloc, "%c"), ["memref.cast", "result of memref.alloc"]);
        let undefined = "func.func @f() {\n  func.call @k(%nowhere) : (memref<4xbf16>) -> ()\n  return\n}\n";
        assert_eq!(hops(undefined, "%nowhere"), ["stop: an undefined value"]);
        let looped = "func.func @f(%a: memref<4xbf16>) {\n  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%b = %a) -> (memref<4xbf16>) {\n    func.call @k(%b) : (memref<4xbf16>) -> ()\n    scf.yield %b : memref<4xbf16>\n  }\n  return\n}\n";
        assert_eq!(hops(looped, "%b").last().unwrap(), "stop: a loop-carried value");
    }
}
