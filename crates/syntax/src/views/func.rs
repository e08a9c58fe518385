//! `func.func` (and the other function-like ops): name, visibility, arguments, results,
//! attributes such as `link_with`, body.

use super::attr::{attr_string, AttrDict};
use super::Op;
use crate::air_attrs;
use crate::kind::SyntaxKind::*;
use crate::tree::{SyntaxNode, SyntaxToken};

/// A function-like op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FuncOp<'a>(pub Op<'a>);

/// One argument of a function signature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FuncArg<'a> {
    /// The `FUNC_ARG` node.
    pub node: SyntaxNode<'a>,
    /// `%arg0` (absent in declarations, which list types only).
    pub name: Option<SyntaxToken<'a>>,
    /// The `ARG_DEF` node, when named.
    pub def: Option<SyntaxNode<'a>>,
    pub ty: Option<SyntaxNode<'a>>,
    pub attrs: Option<AttrDict<'a>>,
}

impl<'a> FuncOp<'a> {
    pub fn cast(op: Op<'a>) -> Option<FuncOp<'a>> {
        matches!(op.name(), "func.func" | "gpu.func" | "llvm.func").then_some(FuncOp(op))
    }

    pub fn op(&self) -> Op<'a> {
        self.0
    }

    /// The `@name` token.
    pub fn name_token(&self) -> Option<SyntaxToken<'a>> {
        self.0.symbol()
    }

    /// The name without `@` (quotes removed for `@"x"`).
    pub fn name(&self) -> String {
        self.name_token().map(|t| symbol_name(t.text())).unwrap_or_default()
    }

    /// `private`, `public` or `nested` when written.
    pub fn visibility(&self) -> Option<&'a str> {
        let sym = self.name_token()?;
        self.0
            .node()
            .direct_tokens()
            .take_while(|t| t.id() < sym.id())
            .find(|t| t.kind() == BARE_ID && matches!(t.text(), "private" | "public" | "nested"))
            .map(|t| t.text())
    }

    pub fn is_private(&self) -> bool {
        self.visibility() == Some("private")
    }

    /// A declaration: no body.
    pub fn is_declaration(&self) -> bool {
        self.0.first_region().is_none()
    }

    pub fn signature(&self) -> Option<SyntaxNode<'a>> {
        self.0.node().child(FUNC_SIGNATURE)
    }

    pub fn args(&self) -> Vec<FuncArg<'a>> {
        let Some(signature) = self.signature() else {
            return Vec::new();
        };
        signature
            .children_of(FUNC_ARG)
            .map(|node| {
                let def = node.child(ARG_DEF);
                FuncArg {
                    node,
                    name: def.and_then(|d| d.first_token()),
                    def,
                    ty: node.child(TYPE),
                    attrs: node.child(ATTR_DICT).map(AttrDict),
                }
            })
            .collect()
    }

    /// Result types.
    pub fn results(&self) -> Vec<SyntaxNode<'a>> {
        self.0.node().child(FUNC_RESULTS).map(|r| r.children_of(TYPE).collect()).unwrap_or_default()
    }

    /// The `attributes {...}` dictionary.
    pub fn attributes(&self) -> Option<AttrDict<'a>> {
        self.0.node().child(ATTRIBUTES_CLAUSE).and_then(|c| c.child(ATTR_DICT)).map(AttrDict)
    }

    /// `link_with = "x.o"`.
    pub fn link_with(&self) -> Option<String> {
        self.link_with_value().and_then(attr_string)
    }

    /// The value node of `link_with` (an extern's object), for a range or an edit.
    pub fn link_with_value(&self) -> Option<SyntaxNode<'a>> {
        self.attributes().and_then(|a| a.get(air_attrs::LINK_WITH))
    }

    pub fn body(&self) -> Option<SyntaxNode<'a>> {
        self.0.first_region()
    }
}

/// `@name` → `name`, `@"a b"` → `a b`.
pub fn symbol_name(token_text: &str) -> String {
    let name = token_text.strip_prefix('@').unwrap_or(token_text);
    if name.starts_with('"') {
        super::attr::unquote_string(name)
    } else {
        name.to_string()
    }
}
