//! AIR's structural rules, checked on the syntax tree without LLVM: isolation of hierarchy
//! bodies, `args` arity and types, ids/sizes counts, async tokens, terminators, channel
//! declarations and indices, and `func.return` against the function's results. Each rule
//! lives in its own module; every finding is a diagnostic at the original text.

mod access;
mod asyncs;
mod attributes;
mod channel_decl;
mod channel_io;
mod channels;
mod custom_syntax;
mod generic_form;
mod generic_types;
mod hierarchy;
mod memory_space;
mod operand_types;
mod ops;
mod regions;
mod returns;
mod symbols;
mod terminators;

use crate::Input;
use air_diagnostics::{Diagnostic, TextRange};
use air_syntax::views::value_types::{type_of_use, ValueType};
use air_syntax::views::Op;
use air_syntax::SyntaxNode;

/// Runs every structural check on one chunk. Diagnostics are sorted by position.
pub fn check_structure(input: &Input<'_>) -> Vec<Diagnostic> {
    // Every op once, with its name: the checks below each go over this list.
    let ops: Vec<(Op<'_>, &str)> = input
        .parse
        .tree
        .nodes()
        .filter(|n| n.kind() == air_syntax::SyntaxKind::OPERATION)
        .map(|node| {
            let op = Op(node);
            (op, op.name())
        })
        .collect();
    let mut cx = Cx { input, ops: &ops, diagnostics: Vec::new() };
    hierarchy::check(&mut cx);
    asyncs::check(&mut cx);
    terminators::check(&mut cx);
    channels::check(&mut cx);
    returns::check(&mut cx);
    memory_space::check(&mut cx);
    channel_decl::check(&mut cx);
    channel_io::check(&mut cx);
    access::check(&mut cx);
    attributes::check(&mut cx);
    operand_types::check(&mut cx);
    regions::check(&mut cx);
    symbols::check(&mut cx);
    ops::check(&mut cx);
    custom_syntax::check(&mut cx);
    generic_form::check(&mut cx);
    generic_types::check(&mut cx);
    let mut diagnostics = cx.diagnostics;
    diagnostics.sort_by_key(|d| d.primary.as_ref().map(|l| l.range.start).unwrap_or(0));
    diagnostics
}

/// What the checks share: the input, and where findings go.
pub(crate) struct Cx<'i, 'a> {
    pub input: &'i Input<'a>,
    /// Every op of the chunk in document order, with its name.
    pub ops: &'i [(Op<'a>, &'a str)],
    pub diagnostics: Vec<Diagnostic>,
}

impl Cx<'_, '_> {
    /// The type of the value a use names (see [`type_of_use`]).
    pub fn type_of(&self, use_node: SyntaxNode<'_>) -> Option<ValueType> {
        type_of_use(self.input.parse, use_node)
    }

    /// An error with its primary label at a chunk-relative range.
    pub fn error(&self, code: &'static str, message: String, at: TextRange, label: impl Into<String>) -> Diagnostic {
        Diagnostic::error(code, message).with_primary(self.input.file, at.shift(self.input.offset), label)
    }

    /// A secondary label at a chunk-relative range.
    pub fn secondary(&self, diagnostic: Diagnostic, at: TextRange, label: impl Into<String>) -> Diagnostic {
        diagnostic.with_secondary(self.input.file, at.shift(self.input.offset), label)
    }
}
