//! Lossless MLIR/AIR syntax: a tokenizer following MLIR's lexical rules, a concrete syntax
//! tree that keeps every byte, per-region SSA scopes, and typed views of the AIR ops.
//!
//! ```
//! let parse = air_syntax::parse("func.func @f(%a: index) {\n  return\n}\n");
//! assert!(parse.errors.is_empty());
//! assert_eq!(parse.tree.print(), "func.func @f(%a: index) {\n  return\n}\n");
//! ```

pub mod air_attrs;
pub mod air_ops;
pub mod buffer;
pub mod codes;
mod kind;
mod lexer;
mod parser;
mod pest_lexer;
pub mod scopes;
pub mod slice_origin;
mod split;
mod tree;
pub mod views;

pub use kind::SyntaxKind;
pub use lexer::{lex, Tokens};
pub use parser::MAX_DEPTH;
pub use pest_lexer::lex_with_pest;
pub use scopes::{Def, DefId, DefKind, Scopes};
pub use split::{section_in_place, split_input_file, Chunk, SPLIT_MARKER};
pub use tree::{Element, NodeId, SyntaxNode, SyntaxToken, SyntaxTree, TokenId};

use air_diagnostics::{Diagnostic, FileId, TextRange};

/// The result of parsing one text: always a tree, plus diagnostics.
#[derive(Clone, Debug)]
pub struct Parse {
    pub tree: SyntaxTree,
    /// Lexical and syntax errors, in source order (labels use `FileId(0)`, offsets into the
    /// parsed text).
    pub errors: Vec<Diagnostic>,
    /// Use/definition resolution, with its own errors (unresolved uses, redefinitions).
    pub scopes: Scopes,
}

impl Parse {
    /// Syntax and scope errors together, in source order.
    pub fn all_errors(&self) -> Vec<Diagnostic> {
        let mut all: Vec<Diagnostic> = self.errors.iter().chain(self.scopes.errors.iter()).cloned().collect();
        all.sort_by_key(start_of);
        all
    }

    pub fn has_errors(&self) -> bool {
        !self.errors.is_empty() || !self.scopes.errors.is_empty()
    }
}

/// Parses `text` (one chunk: split on `// -----` first if needed).
pub fn parse(text: &str) -> Parse {
    parse_owned(text.to_string())
}

/// Parses `text`, which the tree then owns (no copy; get it back with
/// [`SyntaxTree::into_text`]).
pub fn parse_owned(text: String) -> Parse {
    parse_shared(std::sync::Arc::new(text))
}

/// Parses `text` into a tree with its syntax errors, without resolving SSA names (`scopes` is
/// empty): for readers that only need the structure.
pub fn parse_syntax_only(text: &str) -> Parse {
    let (tree, errors) = parse_tree(std::sync::Arc::new(text.to_string()));
    Parse { tree, errors, scopes: Scopes::default() }
}

/// Parses a shared text: the tree keeps a reference instead of a copy (the CLI shares it with
/// the diagnostics' source map).
pub fn parse_shared(text: std::sync::Arc<String>) -> Parse {
    let (tree, errors) = parse_tree(text);
    let scopes = scopes::resolve(&tree);
    Parse { tree, errors, scopes }
}

/// Lexes and parses `text`: the tree, and the lexer's and parser's errors in source order.
fn parse_tree(text: std::sync::Arc<String>) -> (SyntaxTree, Vec<Diagnostic>) {
    let (tokens, mut errors) = lexer::lex(&text);
    let (nodes, parse_errors) = parser::parse_tokens(&text, &tokens);
    errors.extend(parse_errors);
    errors.sort_by_key(start_of);
    let errors = tidy_errors(&text, errors);
    (SyntaxTree { text, tokens, nodes }, errors)
}

fn start_of(diagnostic: &Diagnostic) -> u32 {
    diagnostic.primary.as_ref().map(|l| l.range.start).unwrap_or(0)
}

/// One diagnostic per problem, the cause before its consequences (`errors` sorted by start):
/// a run of adjacent unexpected characters (binary junk) becomes one diagnostic, and an
/// unclosed delimiter whose line goes on to an unterminated string is dropped, because that
/// string swallowed the closer and is reported itself.
fn tidy_errors(text: &str, errors: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let unterminated: Vec<u32> = errors.iter().filter(|d| d.code == codes::UNTERMINATED_STRING).map(start_of).collect();
    let mut out: Vec<Diagnostic> = Vec::with_capacity(errors.len());
    for diagnostic in errors {
        if diagnostic.code == codes::UNCLOSED_DELIMITER {
            let opener = start_of(&diagnostic);
            let string_later_on_line = unterminated.iter().any(|&string| {
                string > opener && text.get(opener as usize..string as usize).is_some_and(|gap| !gap.contains('\n'))
            });
            if string_later_on_line {
                continue;
            }
        }
        if diagnostic.code == codes::UNKNOWN_CHARACTER {
            if let Some(previous) = out.last_mut().filter(|p| p.code == codes::UNKNOWN_CHARACTER) {
                if let (Some(prev), Some(this)) = (previous.primary.as_mut(), diagnostic.primary.as_ref()) {
                    if prev.range.end == this.range.start {
                        prev.range.end = this.range.end;
                        let shown: String = text
                            .get(prev.range.start as usize..prev.range.end as usize)
                            .unwrap_or("")
                            .chars()
                            .take(16)
                            .flat_map(char::escape_debug)
                            .collect();
                        previous.message = format!("unexpected characters `{shown}`");
                        previous.help = Some(
                            "MLIR text allows these characters only inside strings and comments; is this a binary file?"
                                .to_string(),
                        );
                        continue;
                    }
                }
            }
        }
        out.push(diagnostic);
    }
    out
}

/// Checks that `bytes` are UTF-8; otherwise a diagnostic at the first invalid byte.
// The error is the diagnostic the CLI prints; it is built once per file, so its size is moot.
#[allow(clippy::result_large_err)]
pub fn decode_utf8(bytes: &[u8], file: FileId) -> Result<&str, Diagnostic> {
    std::str::from_utf8(bytes).map_err(|err| {
        let offset = err.valid_up_to() as u32;
        let width = err.error_len().unwrap_or(1) as u32;
        Diagnostic::error(codes::NOT_UTF8, format!("input is not valid UTF-8 (invalid byte at offset {offset})"))
            .with_primary(file, TextRange::new(offset, offset + width), "invalid UTF-8 here")
            .with_help("MLIR text must be UTF-8; check that this is the right file and not a binary")
    })
}
