//! Simple constant lookup for readers of the tree: the integer an `arith.constant` defines,
//! followed through the `args(%inner=%outer)` and size lists of the AIR hierarchy. (The
//! resource analysis has a fuller evaluator; this one serves summaries.)

use super::Op;
use crate::kind::SyntaxKind::*;
use crate::scopes::{DefKind, Scopes};
use crate::tree::{SyntaxNode, SyntaxTree};

/// The integer value of `%c = arith.constant N : T`, given the `RESULT` node.
fn constant_result(result: SyntaxNode<'_>) -> Option<i64> {
    let op = result.ancestors().find(|a| a.kind() == OPERATION).map(Op)?;
    if op.name() != "arith.constant" {
        return None;
    }
    let mut tokens = op.node().direct_tokens().filter(|t| !t.kind().is_trivia());
    let first = tokens.next()?;
    match first.kind() {
        INT => super::parse_int_literal(first.text()),
        MINUS => tokens.next().and_then(|t| super::parse_int_literal(t.text())).and_then(i64::checked_neg),
        BARE_ID if first.text() == "true" => Some(1),
        BARE_ID if first.text() == "false" => Some(0),
        _ => None,
    }
}

/// The constant a `VALUE_USE` node stands for, if it is one.
pub fn constant_of_use(tree: &SyntaxTree, scopes: &Scopes, use_node: SyntaxNode<'_>) -> Option<i64> {
    let mut current = use_node;
    for _ in 0..64 {
        let def = scopes.def_of_use(current.id())?;
        let def_node = tree.node(def.node);
        match def.kind {
            DefKind::Result => return constant_result(def_node),
            DefKind::RegionArg => {
                // `%inner = %outer` in args/sizes: follow the outer value.
                let assign = def_node.parent().filter(|p| p.kind() == ASSIGN)?;
                current = assign.child(VALUE_USE)?;
            }
            DefKind::BlockArg => return None,
        }
    }
    None
}
