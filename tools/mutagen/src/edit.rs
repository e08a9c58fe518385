//! Token edits on air-syntax's lossless tree: a mutation replaces a run of tokens, or inserts
//! text between two tokens, and the mutant is the tree printed with its edits. No edit looks
//! at raw text: every position is a token boundary the parser produced, so an edit can never
//! cut a token, a string or a comment in half.

use air_syntax::views::text::line_prefix;
use air_syntax::{SyntaxKind, SyntaxNode, SyntaxToken, SyntaxTree};

/// Replace tokens `start..end` (token indices, `end` exclusive) by `text`; `start == end`
/// inserts `text` before token `start`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    pub start: u32,
    pub end: u32,
    pub text: String,
}

/// Collects the edits of one mutation on one tree.
#[derive(Debug)]
pub struct Edits<'t> {
    tree: &'t SyntaxTree,
    list: Vec<Edit>,
}

impl<'t> Edits<'t> {
    pub fn new(tree: &'t SyntaxTree) -> Self {
        Edits { tree, list: Vec::new() }
    }

    pub fn replace_token(mut self, token: SyntaxToken<'_>, text: impl Into<String>) -> Self {
        let idx = token.id().0;
        self.list.push(Edit { start: idx, end: idx + 1, text: text.into() });
        self
    }

    /// Replaces every token of `node` (its trivia inside included).
    pub fn replace_node(mut self, node: SyntaxNode<'_>, text: impl Into<String>) -> Self {
        let (start, end) = node.token_range();
        self.list.push(Edit { start, end, text: text.into() });
        self
    }

    /// Deletes `node` with one run of spaces next to it (so `async ` goes as a whole); a
    /// line break is never deleted.
    pub fn delete_node(self, node: SyntaxNode<'_>) -> Self {
        let (start, end) = node.token_range();
        self.delete_spaced(start, end)
    }

    /// Deletes `token` with one run of spaces next to it.
    pub fn delete_word(self, token: SyntaxToken<'_>) -> Self {
        let start = token.id().0;
        self.delete_spaced(start, start + 1)
    }

    /// Deletes tokens `start..end` and the spaces after them, or else the spaces before.
    fn delete_spaced(self, start: u32, end: u32) -> Self {
        let spaces = |idx: u32| {
            (idx as usize) < self.tree.token_count() && {
                let token = self.tree.token(air_syntax::TokenId(idx));
                token.kind() == SyntaxKind::WHITESPACE && !token.text().contains('\n')
            }
        };
        if spaces(end) {
            self.delete_tokens(start, end + 1)
        } else if start > 0 && spaces(start - 1) {
            self.delete_tokens(start - 1, end)
        } else {
            self.delete_tokens(start, end)
        }
    }

    /// Deletes the tokens `start..end`.
    pub fn delete_tokens(mut self, start: u32, end: u32) -> Self {
        self.list.push(Edit { start, end, text: String::new() });
        self
    }

    /// Inserts `text` right before `token`.
    pub fn insert_before(mut self, token: SyntaxToken<'_>, text: impl Into<String>) -> Self {
        let idx = token.id().0;
        self.list.push(Edit { start: idx, end: idx, text: text.into() });
        self
    }

    /// Inserts `text` right after `token`.
    pub fn insert_after(mut self, token: SyntaxToken<'_>, text: impl Into<String>) -> Self {
        let idx = token.id().0 + 1;
        self.list.push(Edit { start: idx, end: idx, text: text.into() });
        self
    }

    /// Inserts `line` on a line of its own before `op`, at `op`'s indentation (each line of
    /// a multi-line `line` indented alike).
    pub fn line_before(mut self, op: SyntaxNode<'_>, line: &str) -> Self {
        let indent = column_indentation(op);
        let (start, _) = op.token_range();
        let line = line.replace('\n', &format!("\n{indent}"));
        self.list.push(Edit { start, end: start, text: format!("{line}\n{indent}") });
        self
    }

    /// Inserts `line` on a line of its own after `op`, at `op`'s indentation.
    pub fn line_after(mut self, op: SyntaxNode<'_>, line: &str) -> Self {
        let indent = column_indentation(op);
        let (_, end) = op.token_range();
        let line = line.replace('\n', &format!("\n{indent}"));
        self.list.push(Edit { start: end, end, text: format!("\n{indent}{line}") });
        self
    }

    /// The edits, sorted; `None` when two of them overlap (a generator bug: the site is
    /// dropped rather than producing a text nobody intended).
    pub fn finish(self) -> Option<Vec<Edit>> {
        let mut list = self.list;
        // Stable: insertions at one position keep the order they were made in.
        list.sort_by_key(|edit| (edit.start, edit.end));
        let overlapping = list.windows(2).any(|pair| pair[0].end > pair[1].start);
        (!overlapping).then_some(list)
    }
}

/// Prints `tree` with `edits` (sorted, non-overlapping, as [`Edits::finish`] returns them).
pub fn apply(tree: &SyntaxTree, edits: &[Edit]) -> String {
    let mut out = String::with_capacity(tree.text().len() + 256);
    let mut next = edits.iter().peekable();
    let count = tree.token_count() as u32;
    let mut idx = 0u32;
    while idx <= count {
        let mut skip_to = None;
        while let Some(edit) = next.peek().filter(|edit| edit.start == idx) {
            out.push_str(&edit.text);
            if edit.end > idx {
                skip_to = Some(edit.end);
            }
            next.next();
        }
        if let Some(end) = skip_to {
            idx = end;
            continue;
        }
        if idx < count {
            out.push_str(tree.token(air_syntax::TokenId(idx)).text());
        }
        idx += 1;
    }
    out
}

/// The whitespace before `node` on its line (`"    "`), or as many spaces as its column when
/// something else precedes it on the line.
pub fn column_indentation(node: SyntaxNode<'_>) -> String {
    let prefix = line_prefix(node);
    if prefix.chars().all(|c| c == ' ' || c == '\t') {
        prefix.to_string()
    } else {
        " ".repeat(prefix.chars().count())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use air_syntax::{parse, SyntaxKind::*};

    #[test]
    fn edits_replace_insert_and_delete_tokens() {
        let parse = parse("func.func @f() {\n  %t = air.wait_all async\n  return\n}\n");
        let tree = &parse.tree;
        let op = tree.nodes().find(|n| n.kind() == OPERATION && n.text().starts_with("%t")).unwrap();
        let async_deps = op.child(ASYNC_DEPS).unwrap();
        let name = op.child(RESULT_LIST).unwrap().first_token().unwrap();
        let edits = Edits::new(tree)
            .replace_token(name, "%u")
            .delete_node(async_deps)
            .line_before(op, "// before")
            .line_after(op, "// after")
            .finish()
            .unwrap();
        assert_eq!(
            apply(tree, &edits),
            "func.func @f() {\n  // before\n  %u = air.wait_all\n  // after\n  return\n}\n"
        );
    }

    #[test]
    fn overlapping_edits_are_refused() {
        let parse = parse("%c = arith.constant 1 : index\n");
        let tree = &parse.tree;
        let op = tree.nodes().find(|n| n.kind() == OPERATION).unwrap();
        let first = op.first_token().unwrap();
        assert!(Edits::new(tree).replace_node(op, "x").replace_token(first, "y").finish().is_none());
    }
}
