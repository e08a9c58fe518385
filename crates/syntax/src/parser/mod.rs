//! Recursive-descent parser from tokens to the concrete syntax tree.
//!
//! MLIR's custom op syntax is defined per op, so no parser can know all of it. This one knows
//! the generic form, the structure every op shares (results, name, regions, attribute
//! dictionaries, types, `loc`), an explicit grammar for the ops whose syntax binds region
//! arguments (func-like ops, scf/affine loops, gpu.launch, the AIR hierarchy) and for the AIR
//! data-movement ops, and otherwise reads an op's custom syntax as balanced token groups up to
//! the start of the next op. `PERCENT_ID`s outside known binders are always uses, so an unknown
//! op can never make an undefined value look defined.
//!
//! The parser never fails: unexpected text becomes `ERROR` nodes plus diagnostics. Nesting is
//! bounded by [`MAX_DEPTH`]; deeper input is skipped iteratively as one `ERROR` node.

mod air;
mod custom;
mod items;
mod ops;

use crate::codes;
use crate::kind::SyntaxKind::{self, *};
use crate::lexer::Tokens;
use crate::tree::Builder;
use air_diagnostics::{Diagnostic, FileId, TextRange};

/// How many nested regions, ops and bracket groups the recursive parser descends into.
pub const MAX_DEPTH: u32 = 128;

pub(crate) struct Parser<'t> {
    text: &'t str,
    tokens: &'t Tokens,
    /// Token indices of the significant (non-trivia) tokens, plus `tokens.len()` at the end.
    sig: Vec<u32>,
    /// `line_start[i]`: significant token `i` is the first on its line.
    line_start: Vec<bool>,
    pos: usize,
    /// Token index just after the last consumed significant token.
    last_end: u32,
    pub(crate) builder: Builder,
    pub(crate) errors: Vec<Diagnostic>,
    depth: u32,
    too_deep_reported: bool,
}

impl<'t> Parser<'t> {
    pub(crate) fn new(text: &'t str, tokens: &'t Tokens) -> Parser<'t> {
        // Sized exactly: growing these would briefly hold two copies (peak memory).
        let significant = tokens.kinds.iter().filter(|kind| !kind.is_trivia()).count() + 1;
        let mut sig = Vec::with_capacity(significant);
        let mut line_start = Vec::with_capacity(significant);
        let mut newline = true;
        let bytes = text.as_bytes();
        for (idx, kind) in tokens.kinds.iter().enumerate() {
            if kind.is_trivia() {
                if *kind == WHITESPACE {
                    let range = tokens.range(idx);
                    // A carriage return ends a line too (comments end there, as in MLIR).
                    if bytes[range.start as usize..range.end as usize].iter().any(|b| matches!(b, b'\n' | b'\r')) {
                        newline = true;
                    }
                }
            } else {
                sig.push(idx as u32);
                line_start.push(newline);
                newline = false;
            }
        }
        sig.push(tokens.len() as u32);
        line_start.push(true);
        Parser {
            text,
            tokens,
            sig,
            line_start,
            pos: 0,
            last_end: 0,
            // About one node per three tokens in real IR: pre-size so the arena never moves.
            builder: Builder::with_capacity(tokens.len() / 3 + 16),
            errors: Vec::new(),
            depth: 0,
            too_deep_reported: false,
        }
    }

    // ---- look-ahead ----

    fn nth(&self, n: usize) -> SyntaxKind {
        match self.sig.get(self.pos + n) {
            Some(&idx) if (idx as usize) < self.tokens.len() => self.tokens.kinds[idx as usize],
            _ => EOF,
        }
    }

    fn current(&self) -> SyntaxKind {
        self.nth(0)
    }

    fn at(&self, kind: SyntaxKind) -> bool {
        self.current() == kind
    }

    fn nth_text(&self, n: usize) -> &'t str {
        match self.sig.get(self.pos + n) {
            Some(&idx) if (idx as usize) < self.tokens.len() => {
                let range = self.tokens.range(idx as usize);
                &self.text[range.start as usize..range.end as usize]
            }
            _ => "",
        }
    }

    fn current_text(&self) -> &'t str {
        self.nth_text(0)
    }

    fn at_keyword(&self, keyword: &str) -> bool {
        self.at(BARE_ID) && self.current_text() == keyword
    }

    fn nth_range(&self, n: usize) -> TextRange {
        match self.sig.get(self.pos + n) {
            Some(&idx) if (idx as usize) < self.tokens.len() => self.tokens.range(idx as usize),
            _ => TextRange::empty(self.text.len() as u32),
        }
    }

    fn current_range(&self) -> TextRange {
        self.nth_range(0)
    }

    /// The current token is the first on its line.
    fn at_line_start(&self) -> bool {
        self.line_start.get(self.pos).copied().unwrap_or(true)
    }

    /// No trivia between significant tokens `n` and `n + 1` from here.
    fn adjacent(&self, n: usize) -> bool {
        match (self.sig.get(self.pos + n), self.sig.get(self.pos + n + 1)) {
            (Some(&a), Some(&b)) => a + 1 == b,
            _ => false,
        }
    }

    /// No trivia between the previous significant token and the current one.
    fn glued_to_prev(&self) -> bool {
        self.pos > 0 && self.sig[self.pos - 1] + 1 == self.sig[self.pos]
    }

    fn prev_kind(&self) -> SyntaxKind {
        if self.pos == 0 {
            return EOF;
        }
        self.tokens.kinds[self.sig[self.pos - 1] as usize]
    }

    // ---- consuming and building ----

    fn bump(&mut self) {
        if self.pos + 1 < self.sig.len() {
            self.last_end = self.sig[self.pos] + 1;
            self.pos += 1;
        }
    }

    fn eat(&mut self, kind: SyntaxKind) -> bool {
        if self.at(kind) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn eat_keyword(&mut self, keyword: &str) -> bool {
        if self.at_keyword(keyword) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn start(&mut self, kind: SyntaxKind) -> u32 {
        let first = self.sig[self.pos];
        self.builder.start(kind, first)
    }

    fn finish(&mut self) {
        let end = self.last_end;
        self.builder.finish(end);
    }

    /// Wraps the current token in a node of `kind`.
    fn bump_as(&mut self, kind: SyntaxKind) {
        self.start(kind);
        self.bump();
        self.finish();
    }

    // ---- diagnostics ----

    fn error_at(&mut self, range: TextRange, code: &'static str, message: impl Into<String>, help: &str) {
        let mut diagnostic = Diagnostic::error(code, message).with_primary(FileId(0), range, "");
        if !help.is_empty() {
            diagnostic = diagnostic.with_help(help);
        }
        self.errors.push(diagnostic);
    }

    /// "expected X, found Y" at the current token. Silent at a character the lexer already
    /// reported (one diagnostic per problem). Without a specific help, the help says to write
    /// the expected thing there.
    fn expected(&mut self, what: &str, help: &str) {
        if self.at(ERROR_TOKEN) {
            return;
        }
        let found = describe(self.current(), self.current_text());
        let range = self.current_range();
        let help = if help.is_empty() { format!("write {what} here") } else { help.to_string() };
        self.error_at(range, codes::EXPECTED, format!("expected {what}, found {found}"), &help);
    }

    fn expect(&mut self, kind: SyntaxKind, what: &str) -> bool {
        if self.eat(kind) {
            true
        } else {
            self.expected(what, "");
            false
        }
    }

    // ---- depth control ----

    /// Enters one nesting level; returns false (after reporting once) when too deep.
    fn enter(&mut self) -> bool {
        if self.depth >= MAX_DEPTH {
            if !self.too_deep_reported {
                self.too_deep_reported = true;
                let range = self.current_range();
                self.error_at(
                    range,
                    codes::TOO_DEEP,
                    format!("nesting deeper than {MAX_DEPTH} levels"),
                    "the text below this point is kept but not parsed; real MLIR nests far less deeply",
                );
            }
            return false;
        }
        self.depth += 1;
        true
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Skips one balanced construct (or one token) iteratively into an `ERROR` node.
    fn skip_balanced_as_error(&mut self) {
        self.start(ERROR);
        let mut open: Vec<SyntaxKind> = Vec::new();
        loop {
            let kind = self.current();
            if kind == EOF {
                break;
            }
            if let Some(closer) = kind.closer().filter(|_| kind != L_ANGLE) {
                open.push(closer);
            } else if matches!(kind, R_PAREN | R_BRACK | R_BRACE) {
                if open.last() == Some(&kind) {
                    open.pop();
                } else if open.is_empty() {
                    break;
                }
            }
            self.bump();
            if open.is_empty() {
                break;
            }
        }
        self.finish();
    }
}

/// A short description of a token for "found ..." messages; control characters are escaped
/// so that they cannot garble a terminal.
fn describe(kind: SyntaxKind, text: &str) -> String {
    match kind {
        EOF => "end of input".to_string(),
        _ => {
            let shown: String = text
                .chars()
                .take(40)
                .map(|c| if c.is_control() { c.escape_default().to_string() } else { c.to_string() })
                .collect();
            format!("`{shown}`")
        }
    }
}

/// Parses a whole text (one chunk) into a tree; returns the builder's nodes and the errors.
pub(crate) fn parse_tokens(text: &str, tokens: &Tokens) -> (Vec<crate::tree::NodeData>, Vec<Diagnostic>) {
    let mut parser = Parser::new(text, tokens);
    parser.builder.start(SOURCE_FILE, 0);
    parser.source_file_items();
    // Close anything left open (the parser closes every node it opens; this is a safety net
    // that keeps the tree well formed even if a grammar function forgets one).
    while parser.builder.open_count() > 1 {
        let end = parser.last_end;
        parser.builder.finish(end);
    }
    parser.builder.finish(tokens.len() as u32);
    (parser.builder.nodes, parser.errors)
}
