//! The concrete syntax tree: an arena of nodes over a token stream that owns its text.
//!
//! Invariant: every byte of the text is in exactly one token, and every token is in the root
//! node's range, so printing the tokens in order gives the text back. Nodes are stored in
//! pre-order: a node's descendants are exactly the ids `id + 1 ..= subtree_end`. The tree has no
//! pointers and no recursion in `Drop`, so arbitrarily deep input cannot overflow the stack when
//! the tree is dropped.

use crate::kind::SyntaxKind;
use crate::lexer::Tokens;
use air_diagnostics::TextRange;
use std::fmt;

pub(crate) const NONE: u32 = u32::MAX;

/// Index of a node in its tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(pub u32);

/// Index of a token in its tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TokenId(pub u32);

#[derive(Clone, Debug)]
pub(crate) struct NodeData {
    pub kind: SyntaxKind,
    pub parent: u32,
    /// First token (inclusive) and end token (exclusive) covered by the node.
    pub first_token: u32,
    pub end_token: u32,
    /// Largest node id in this node's subtree.
    pub subtree_end: u32,
}

/// A parsed text: tokens, nodes, and the text itself.
#[derive(Clone)]
pub struct SyntaxTree {
    /// Shared so a caller can keep the same text (e.g. for diagnostics) without a copy.
    pub(crate) text: std::sync::Arc<String>,
    pub(crate) tokens: Tokens,
    pub(crate) nodes: Vec<NodeData>,
}

impl fmt::Debug for SyntaxTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SyntaxTree({} tokens, {} nodes)", self.tokens.len(), self.nodes.len())
    }
}

impl SyntaxTree {
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The parsed text, giving up the tree (no copy unless the text is shared elsewhere).
    pub fn into_text(self) -> String {
        std::sync::Arc::try_unwrap(self.text).unwrap_or_else(|shared| shared.as_ref().clone())
    }

    /// The parsed text, shared.
    pub fn shared_text(&self) -> std::sync::Arc<String> {
        self.text.clone()
    }

    pub fn root(&self) -> SyntaxNode<'_> {
        SyntaxNode { tree: self, id: 0 }
    }

    pub fn node(&self, id: NodeId) -> SyntaxNode<'_> {
        SyntaxNode { tree: self, id: id.0 }
    }

    pub fn token(&self, id: TokenId) -> SyntaxToken<'_> {
        SyntaxToken { tree: self, idx: id.0 }
    }

    pub fn token_count(&self) -> usize {
        self.tokens.len()
    }

    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// All tokens in order.
    pub fn tokens(&self) -> impl Iterator<Item = SyntaxToken<'_>> + '_ {
        (0..self.tokens.len() as u32).map(move |idx| SyntaxToken { tree: self, idx })
    }

    /// All nodes in pre-order (document order).
    pub fn nodes(&self) -> impl Iterator<Item = SyntaxNode<'_>> + '_ {
        (0..self.nodes.len() as u32).map(move |id| SyntaxNode { tree: self, id })
    }

    /// Prints the tree by concatenating its tokens: always equal to the parsed text.
    pub fn print(&self) -> String {
        let starts = &self.tokens.starts;
        // When the token starts rise from 0 to the end of the text on character boundaries, the
        // tokens tile the text and their concatenation is the text itself: one copy instead of
        // one per token (the same result, about 4× faster). Anything else (a lexer bug) takes the
        // token-by-token path, so a broken tiling still shows up as a failed round trip.
        let tiles = starts.first() == Some(&0)
            && starts.last() == Some(&(self.text.len() as u32))
            && starts.windows(2).all(|pair| pair[0] <= pair[1])
            && starts.iter().all(|&start| self.text.is_char_boundary(start as usize));
        if tiles {
            return self.text.as_ref().clone();
        }
        let mut out = String::with_capacity(self.text.len());
        for bounds in starts.windows(2) {
            out.push_str(self.text.get(bounds[0] as usize..bounds[1] as usize).unwrap_or(""));
        }
        out
    }

    /// Debug dump of the tree for tests and debugging: one line per node (`KIND@start..end`)
    /// and per significant token (`KIND@start..end "text"`), interleaved in document order and
    /// indented by depth. Trivia (whitespace, comments) is left out. Iterative, so any depth
    /// is fine.
    pub fn debug_dump(&self) -> String {
        use std::fmt::Write as _;
        let mut out = String::new();
        // Open nodes, innermost last.
        let mut open: Vec<u32> = Vec::new();
        let mut next_node = 0u32;
        let node_count = self.nodes.len() as u32;
        let token_count = self.tokens.len() as u32;
        let mut token = 0u32;
        loop {
            // Close the nodes that end here and have no children left to print.
            while let Some(&top) = open.last() {
                let data = &self.nodes[top as usize];
                if data.end_token <= token && next_node > data.subtree_end {
                    open.pop();
                } else {
                    break;
                }
            }
            let parent_ok = |id: u32| {
                let parent = self.nodes[id as usize].parent;
                match open.last() {
                    Some(&top) => parent == top,
                    None => parent == NONE,
                }
            };
            if next_node < node_count && self.nodes[next_node as usize].first_token <= token && parent_ok(next_node) {
                let node = SyntaxNode { tree: self, id: next_node };
                let range = node.text_range();
                let indent = "  ".repeat(open.len());
                let _ = writeln!(out, "{indent}{:?}@{}..{}", node.kind(), range.start, range.end);
                open.push(next_node);
                next_node += 1;
                continue;
            }
            if token >= token_count {
                break;
            }
            let tok = SyntaxToken { tree: self, idx: token };
            if !tok.kind().is_trivia() {
                let range = tok.text_range();
                let indent = "  ".repeat(open.len());
                let _ = writeln!(out, "{indent}{:?}@{}..{} {:?}", tok.kind(), range.start, range.end, tok.text());
            }
            token += 1;
        }
        out
    }
}

/// A node of a tree (a cheap, copyable handle).
#[derive(Clone, Copy)]
pub struct SyntaxNode<'a> {
    tree: &'a SyntaxTree,
    id: u32,
}

impl PartialEq for SyntaxNode<'_> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.tree, other.tree) && self.id == other.id
    }
}
impl Eq for SyntaxNode<'_> {}

impl fmt::Debug for SyntaxNode<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let range = self.text_range();
        write!(f, "{:?}@{}..{}", self.kind(), range.start, range.end)
    }
}

impl<'a> SyntaxNode<'a> {
    fn data(&self) -> &'a NodeData {
        &self.tree.nodes[self.id as usize]
    }

    pub fn tree(&self) -> &'a SyntaxTree {
        self.tree
    }

    pub fn id(&self) -> NodeId {
        NodeId(self.id)
    }

    pub fn kind(&self) -> SyntaxKind {
        self.data().kind
    }

    pub fn parent(&self) -> Option<SyntaxNode<'a>> {
        let parent = self.data().parent;
        (parent != NONE).then_some(SyntaxNode { tree: self.tree, id: parent })
    }

    /// This node and its ancestors, innermost first.
    pub fn ancestors(&self) -> impl Iterator<Item = SyntaxNode<'a>> {
        std::iter::successors(Some(*self), |node| node.parent())
    }

    pub fn children(&self) -> impl Iterator<Item = SyntaxNode<'a>> {
        // Pre-order: the first child follows its parent, and each next sibling follows the
        // previous sibling's subtree, up to the end of the parent's subtree.
        let tree = self.tree;
        let end = self.data().subtree_end;
        let first = self.id + 1;
        std::iter::successors((first <= end).then_some(SyntaxNode { tree, id: first }), move |node| {
            let next = node.data().subtree_end + 1;
            (next <= end).then_some(SyntaxNode { tree, id: next })
        })
    }

    pub fn child(&self, kind: SyntaxKind) -> Option<SyntaxNode<'a>> {
        self.children().find(|child| child.kind() == kind)
    }

    pub fn children_of(&self, kind: SyntaxKind) -> impl Iterator<Item = SyntaxNode<'a>> {
        self.children().filter(move |child| child.kind() == kind)
    }

    /// All nodes below this one, in document order.
    pub fn descendants(&self) -> impl Iterator<Item = SyntaxNode<'a>> {
        let tree = self.tree;
        (self.id + 1..=self.data().subtree_end).map(move |id| SyntaxNode { tree, id })
    }

    /// Largest node id in this node's subtree (ids `self.id() ..= subtree_end` are its subtree).
    pub fn subtree_end(&self) -> NodeId {
        NodeId(self.data().subtree_end)
    }

    pub fn is_ancestor_of(&self, other: SyntaxNode<'_>) -> bool {
        self.id < other.id && other.id <= self.data().subtree_end
    }

    /// Token index range `[first, end)` covered by this node.
    pub fn token_range(&self) -> (u32, u32) {
        (self.data().first_token, self.data().end_token)
    }

    pub fn text_range(&self) -> TextRange {
        let data = self.data();
        let starts = &self.tree.tokens.starts;
        TextRange { start: starts[data.first_token as usize], end: starts[data.end_token as usize] }
    }

    pub fn text(&self) -> &'a str {
        let range = self.text_range();
        &self.tree.text[range.start as usize..range.end as usize]
    }

    /// Every token of the subtree, trivia included.
    pub fn tokens(&self) -> impl Iterator<Item = SyntaxToken<'a>> {
        let tree = self.tree;
        (self.data().first_token..self.data().end_token).map(move |idx| SyntaxToken { tree, idx })
    }

    /// Tokens of the subtree that are not trivia.
    pub fn significant_tokens(&self) -> impl Iterator<Item = SyntaxToken<'a>> {
        self.tokens().filter(|token| !token.kind().is_trivia())
    }

    /// Tokens that belong to this node directly (not to a child node), trivia included.
    pub fn direct_tokens(&self) -> impl Iterator<Item = SyntaxToken<'a>> {
        let tree = self.tree;
        let mut children = self.children().map(|c| c.token_range()).peekable();
        let (first, end) = self.token_range();
        let mut idx = first;
        std::iter::from_fn(move || loop {
            if idx >= end {
                return None;
            }
            if let Some(&(child_first, child_end)) = children.peek() {
                if idx >= child_first {
                    idx = idx.max(child_end);
                    children.next();
                    continue;
                }
            }
            let token = SyntaxToken { tree, idx };
            idx += 1;
            return Some(token);
        })
    }

    /// First direct, non-trivia token of `kind`.
    pub fn token_of(&self, kind: SyntaxKind) -> Option<SyntaxToken<'a>> {
        self.direct_tokens().find(|token| token.kind() == kind)
    }

    /// First non-trivia token of the subtree.
    pub fn first_token(&self) -> Option<SyntaxToken<'a>> {
        self.significant_tokens().next()
    }

    /// Direct children and direct tokens (without trivia), interleaved in document order.
    pub fn elements(&self) -> impl Iterator<Item = Element<'a>> {
        let tree = self.tree;
        let mut children = self.children().peekable();
        let (first, end) = self.token_range();
        let mut idx = first;
        std::iter::from_fn(move || loop {
            if idx >= end {
                return None;
            }
            if let Some(child) = children.peek().copied() {
                let (child_first, child_end) = child.token_range();
                if idx >= child_first {
                    idx = idx.max(child_end);
                    children.next();
                    return Some(Element::Node(child));
                }
            }
            let token = SyntaxToken { tree, idx };
            idx += 1;
            if !token.kind().is_trivia() {
                return Some(Element::Token(token));
            }
        })
    }
}

/// A direct child of a node: another node or a token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Element<'a> {
    Node(SyntaxNode<'a>),
    Token(SyntaxToken<'a>),
}

impl<'a> Element<'a> {
    pub fn kind(&self) -> SyntaxKind {
        match self {
            Element::Node(node) => node.kind(),
            Element::Token(token) => token.kind(),
        }
    }

    pub fn text(&self) -> &'a str {
        match self {
            Element::Node(node) => node.text(),
            Element::Token(token) => token.text(),
        }
    }

    pub fn text_range(&self) -> TextRange {
        match self {
            Element::Node(node) => node.text_range(),
            Element::Token(token) => token.text_range(),
        }
    }

    pub fn as_node(&self) -> Option<SyntaxNode<'a>> {
        match self {
            Element::Node(node) => Some(*node),
            Element::Token(_) => None,
        }
    }

    pub fn as_token(&self) -> Option<SyntaxToken<'a>> {
        match self {
            Element::Token(token) => Some(*token),
            Element::Node(_) => None,
        }
    }
}

/// A token of a tree (a cheap, copyable handle).
#[derive(Clone, Copy)]
pub struct SyntaxToken<'a> {
    tree: &'a SyntaxTree,
    idx: u32,
}

impl PartialEq for SyntaxToken<'_> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.tree, other.tree) && self.idx == other.idx
    }
}
impl Eq for SyntaxToken<'_> {}

impl fmt::Debug for SyntaxToken<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}({:?})", self.kind(), self.text())
    }
}

impl<'a> SyntaxToken<'a> {
    pub fn id(&self) -> TokenId {
        TokenId(self.idx)
    }

    pub fn kind(&self) -> SyntaxKind {
        self.tree.tokens.kinds[self.idx as usize]
    }

    pub fn text_range(&self) -> TextRange {
        self.tree.tokens.range(self.idx as usize)
    }

    pub fn text(&self) -> &'a str {
        let range = self.text_range();
        &self.tree.text[range.start as usize..range.end as usize]
    }

    /// The next token that is not trivia.
    pub fn next_significant(&self) -> Option<SyntaxToken<'a>> {
        ((self.idx + 1)..self.tree.tokens.len() as u32)
            .map(|idx| SyntaxToken { tree: self.tree, idx })
            .find(|token| !token.kind().is_trivia())
    }

    /// The previous token that is not trivia.
    pub fn prev_significant(&self) -> Option<SyntaxToken<'a>> {
        (0..self.idx).rev().map(|idx| SyntaxToken { tree: self.tree, idx }).find(|token| !token.kind().is_trivia())
    }
}

/// Builds the arena in pre-order while the parser runs.
#[derive(Default)]
pub(crate) struct Builder {
    pub nodes: Vec<NodeData>,
    /// Open nodes, innermost last.
    stack: Vec<u32>,
}

impl Builder {
    pub fn with_capacity(nodes: usize) -> Builder {
        Builder { nodes: Vec::with_capacity(nodes), stack: Vec::new() }
    }

    pub fn start(&mut self, kind: SyntaxKind, first_token: u32) -> u32 {
        let id = self.nodes.len() as u32;
        let parent = self.stack.last().copied().unwrap_or(NONE);
        self.nodes.push(NodeData { kind, parent, first_token, end_token: first_token, subtree_end: id });
        self.stack.push(id);
        id
    }

    pub fn finish(&mut self, end_token: u32) {
        if let Some(id) = self.stack.pop() {
            let last = self.nodes.len() as u32 - 1;
            let node = &mut self.nodes[id as usize];
            node.end_token = end_token.max(node.first_token);
            node.subtree_end = last;
        }
    }

    pub fn open_count(&self) -> usize {
        self.stack.len()
    }
}
