//! The edit overlay passes produce: a declarative description of how to print a parsed file
//! differently, applied once at the end, so no pass re-parses text.
//!
//! - SSA names are keyed by *definition*: every use prints its definition's current name
//!   (resolved through the syntax crate's scopes). Renaming a value is one map entry, and a
//!   later pass can rename it again (prefix, then remap to a combined argument).
//! - Other tokens (symbols, alias names, strings, whitespace) can be overridden one by one.
//! - Structural edits insert fragments before/after tokens and delete token ranges. A
//!   fragment is made of pieces: tokens of parsed templates (whose placeholders are values and
//!   symbols, original or synthetic, so later passes rename them too), copies of original token
//!   ranges, and the whitespace between them. No piece is free text: what a pass inserts was
//!   parsed first (`make.rs`).
//!
//! Invariant: printing with an empty overlay reproduces the input byte for byte.

pub mod make;

use air_syntax::{Parse, SyntaxNode, SyntaxTree, TokenId};
use make::{Hole, TemplatePart};
use rustc_hash::FxHashMap;
use std::collections::BTreeMap;

/// Identifies an SSA value: an original definition token, or one a pass introduced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ValueKey {
    /// The `PERCENT_ID` token of a definition in the parsed file.
    Def(TokenId),
    /// A value introduced by a pass (e.g. a wrapper's block argument).
    Synthetic(u32),
}

/// Identifies a symbol a pass introduced (e.g. a wrapper segment's name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SymbolKey(pub u32);

/// One piece of inserted text.
#[derive(Clone, Debug)]
pub enum Piece {
    /// Syntax a pass made: tokens of a parsed template ([`crate::rewrite::make`]), its placeholders
    /// printing the current names of values and symbols.
    Template(TemplatePart),
    /// The original tokens `[start, end)`, printed with every override applied.
    Original(TokenId, TokenId),
    /// Whitespace between the other pieces (line breaks and indentation; never syntax).
    Whitespace(String),
}

/// Inserted text.
#[derive(Clone, Debug, Default)]
pub struct Fragment(Vec<Piece>);

impl Fragment {
    pub fn new() -> Fragment {
        Fragment(Vec::new())
    }

    /// Tokens of a parsed template.
    pub fn template(mut self, part: TemplatePart) -> Fragment {
        self.0.push(Piece::Template(part));
        self
    }

    /// A copy of the original tokens `[start, end)` (a moved op), overrides applied.
    pub fn original(mut self, start: TokenId, end: TokenId) -> Fragment {
        self.0.push(Piece::Original(start, end));
        self
    }

    /// A line break and the next line's indentation.
    pub fn line_break(mut self, indent: &str) -> Fragment {
        self.0.push(Piece::Whitespace(format!("\n{indent}")));
        self
    }
}

/// The tokens a node covers, `[start, end)`.
pub fn token_span(node: SyntaxNode<'_>) -> (TokenId, TokenId) {
    let (start, end) = node.token_range();
    (TokenId(start), TokenId(end))
}

/// The overlay. Passes take one and return an updated one; they change it only through the
/// methods below, each of which says what the printed file will show.
#[derive(Clone, Debug, Default)]
pub struct Rewrite {
    /// Current name (without `%`) of values renamed one by one.
    value_names: FxHashMap<ValueKey, String>,
    /// A prefix for every value not in `value_names` (`q` prints `%0` as `%q_0`): prefix-ssa
    /// renames every value, so it sets this rule instead of storing a name per value.
    value_prefix: Option<String>,
    /// Original names of synthetic values.
    synthetic_values: Vec<String>,
    /// Names (without `@`) of synthetic symbols.
    synthetic_symbols: Vec<String>,
    /// A use token that must print another value (e.g. a moved op now using a wrapper arg).
    use_overrides: FxHashMap<TokenId, ValueKey>,
    /// Replacement text of single tokens (symbols, aliases, strings, whitespace).
    token_text: FxHashMap<TokenId, String>,
    /// Fragments inserted before / after a token, in insertion order.
    before: BTreeMap<TokenId, Vec<Fragment>>,
    after: BTreeMap<TokenId, Vec<Fragment>>,
    /// Deleted token ranges `[start, end)`.
    deleted: Vec<(TokenId, TokenId)>,
    /// How many edits the overlay has had: a pass compares it before and after to report
    /// whether it changed anything.
    edits: u64,
}

impl Rewrite {
    pub fn new() -> Rewrite {
        Rewrite::default()
    }

    /// Introduces a value with a name (without `%`).
    pub fn new_value(&mut self, name: impl Into<String>) -> ValueKey {
        self.edits += 1;
        let key = ValueKey::Synthetic(self.synthetic_values.len() as u32);
        self.synthetic_values.push(name.into());
        key
    }

    /// Introduces a symbol with a name (without `@`).
    pub fn new_symbol(&mut self, name: impl Into<String>) -> SymbolKey {
        self.edits += 1;
        let key = SymbolKey(self.synthetic_symbols.len() as u32);
        self.synthetic_symbols.push(name.into());
        key
    }

    /// The current name (without `%`) of a value.
    pub fn value_name(&self, tree: &SyntaxTree, key: ValueKey) -> String {
        let mut out = String::new();
        self.push_value_name(tree, key, &mut out);
        out
    }

    /// Appends the current name (without `%`) of a value.
    pub fn push_value_name(&self, tree: &SyntaxTree, key: ValueKey, out: &mut String) {
        if let Some(name) = self.value_names.get(&key) {
            out.push_str(name);
            return;
        }
        if let Some(prefix) = &self.value_prefix {
            out.push_str(prefix);
            out.push('_');
        }
        match key {
            ValueKey::Def(token) => out.push_str(tree.token(token).text().trim_start_matches('%')),
            ValueKey::Synthetic(idx) => {
                out.push_str(self.synthetic_values.get(idx as usize).map(String::as_str).unwrap_or(""))
            }
        }
    }

    /// Renames a value at its definition (`name` without `%`): every use follows.
    pub fn rename_def(&mut self, key: ValueKey, name: impl Into<String>) {
        self.edits += 1;
        self.value_names.insert(key, name.into());
    }

    /// Puts `prefix_` in front of the current name of every value, renamed or not (and of
    /// values introduced later). Values renamed one by one get it now; all others through one
    /// rule, instead of a string per value.
    pub fn prefix_values(&mut self, prefix: &str) {
        self.edits += 1;
        for name in self.value_names.values_mut() {
            *name = format!("{prefix}_{name}");
        }
        self.value_prefix = Some(match self.value_prefix.take() {
            Some(inner) => format!("{prefix}_{inner}"),
            None => prefix.to_string(),
        });
    }

    /// Makes the use at `use_token` print `value` instead of the value it resolves to (a moved
    /// op now using a wrapper's argument).
    pub fn redirect_use(&mut self, use_token: TokenId, value: ValueKey) {
        self.edits += 1;
        self.use_overrides.insert(use_token, value);
    }

    /// Prints `text` in place of one token (a renamed symbol, alias or string, re-indented
    /// whitespace). A later override of the same token wins.
    pub fn override_token(&mut self, token: TokenId, text: impl Into<String>) {
        self.edits += 1;
        self.token_text.insert(token, text.into());
    }

    /// The text an earlier [`Rewrite::override_token`] gave `token`, if any.
    pub fn token_override(&self, token: TokenId) -> Option<&str> {
        self.token_text.get(&token).map(String::as_str)
    }

    /// Inserts `fragment` before `token` (after the fragments inserted there before).
    pub fn insert_before(&mut self, token: TokenId, fragment: Fragment) {
        self.edits += 1;
        self.before.entry(token).or_default().push(fragment);
    }

    /// Inserts `fragment` after `token` (after the fragments inserted there before).
    pub fn insert_after(&mut self, token: TokenId, fragment: Fragment) {
        self.edits += 1;
        self.after.entry(token).or_default().push(fragment);
    }

    /// Deletes the tokens `[start, end)` (what is inserted before or after them stays).
    pub fn delete(&mut self, start: TokenId, end: TokenId) {
        if start < end {
            self.edits += 1;
            self.deleted.push((start, end));
        }
    }

    /// How many edits the overlay has had (see [`crate::passes::Changed::since`]).
    pub fn edits(&self) -> u64 {
        self.edits
    }

    /// The original names (without `%`) of the values passes introduced.
    pub fn synthetic_value_names(&self) -> &[String] {
        &self.synthetic_values
    }

    /// The current names (without `@`) of the symbols passes introduced.
    pub fn synthetic_symbol_names(&self) -> &[String] {
        &self.synthetic_symbols
    }

    /// Renames a symbol a pass introduced (`name` without `@`).
    pub fn rename_symbol(&mut self, key: SymbolKey, name: impl Into<String>) {
        self.edits += 1;
        if let Some(slot) = self.synthetic_symbols.get_mut(key.0 as usize) {
            *slot = name.into();
        }
    }

    /// The symbols passes introduced, with their current names.
    pub fn synthetic_symbols(&self) -> impl Iterator<Item = (SymbolKey, &str)> + '_ {
        self.synthetic_symbols.iter().enumerate().map(|(idx, name)| (SymbolKey(idx as u32), name.as_str()))
    }
}

/// Per-token flags of the printer: which tokens need a look-up at all.
const HAS_TEXT: u8 = 1;
const HAS_BEFORE: u8 = 2;
const HAS_AFTER: u8 = 4;
const DELETED: u8 = 8;
const HAS_VALUE: u8 = 16;

/// Prints a parsed file (or a token range of it) through an overlay.
pub struct Printer<'a> {
    parse: &'a Parse,
    rewrite: &'a Rewrite,
    /// `(token, definition token)` for every `PERCENT_ID` that is a definition or a resolved
    /// use, sorted by token (definitions and uses both come in document order).
    value_of_token: Vec<(u32, u32)>,
    /// One byte of flags per token, so that untouched tokens cost no look-up.
    flags: Vec<u8>,
}

impl<'a> Printer<'a> {
    pub fn new(parse: &'a Parse, rewrite: &'a Rewrite) -> Printer<'a> {
        let tree = &parse.tree;
        let mut flags = vec![0u8; tree.token_count()];
        // Definitions (sorted by token) and uses (in document order, so sorted too), merged.
        let defs = parse.scopes.defs.iter().map(|def| (def.token.0, def.token.0));
        let uses = parse.scopes.resolutions().filter_map(|(use_node, def)| {
            let def = def?;
            // A VALUE_USE node starts with its PERCENT_ID token.
            let (token, _) = tree.node(use_node).token_range();
            Some((token, parse.scopes.def(def).token.0))
        });
        let mut value_of_token: Vec<(u32, u32)> =
            Vec::with_capacity(parse.scopes.defs.len() + parse.scopes.resolutions().len());
        value_of_token.extend(defs);
        value_of_token.extend(uses);
        value_of_token.sort_unstable();
        for &(token, _) in &value_of_token {
            if let Some(flag) = flags.get_mut(token as usize) {
                *flag |= HAS_VALUE;
            }
        }
        for &token in rewrite.use_overrides.keys() {
            if let Some(flag) = flags.get_mut(token.0 as usize) {
                *flag |= HAS_VALUE;
            }
        }
        let mut mark = |tokens: &mut dyn Iterator<Item = u32>, bit: u8| {
            for token in tokens {
                if let Some(flag) = flags.get_mut(token as usize) {
                    *flag |= bit;
                }
            }
        };
        mark(&mut rewrite.token_text.keys().map(|t| t.0), HAS_TEXT);
        mark(&mut rewrite.before.keys().map(|t| t.0), HAS_BEFORE);
        mark(&mut rewrite.after.keys().map(|t| t.0), HAS_AFTER);
        for &(start, end) in &rewrite.deleted {
            mark(&mut (start.0..end.0), DELETED);
        }
        Printer { parse, rewrite, value_of_token, flags }
    }

    /// The whole file.
    pub fn print(&self) -> String {
        let mut out = String::with_capacity(self.parse.tree.text().len() + self.parse.tree.text().len() / 8);
        self.print_range(TokenId(0), TokenId(self.parse.tree.token_count() as u32), &mut out);
        out
    }

    /// Tokens `[start, end)`, with insertions attached to them.
    pub fn print_range(&self, start: TokenId, end: TokenId, out: &mut String) {
        let text = self.parse.tree.text();
        let (mut idx, end) = (start.0, end.0.min(self.flags.len() as u32));
        while idx < end {
            let rest = self.flags.get(idx as usize..end as usize).unwrap_or_default();
            // A run of untouched tokens is copied as one slice: finding where it ends is the
            // only work per untouched token.
            let plain = rest.iter().position(|&flags| flags != 0).unwrap_or(rest.len()) as u32;
            if plain > 0 {
                self.push_plain(idx, idx + plain, text, out);
                idx += plain;
                continue;
            }
            let Some(&flags) = rest.first() else { break };
            self.print_token(idx, flags, out);
            idx += 1;
        }
    }

    fn push_plain(&self, from: u32, to: u32, text: &str, out: &mut String) {
        let start = self.parse.tree.token(TokenId(from)).text_range().start;
        let end = if (to as usize) < self.parse.tree.token_count() {
            self.parse.tree.token(TokenId(to)).text_range().start
        } else {
            text.len() as u32
        };
        out.push_str(&text[start as usize..end as usize]);
    }

    fn print_token(&self, idx: u32, flags: u8, out: &mut String) {
        if flags & HAS_BEFORE != 0 {
            for fragment in self.rewrite.before.get(&TokenId(idx)).into_iter().flatten() {
                self.print_fragment(fragment, out);
            }
        }
        if flags & DELETED == 0 {
            self.token_body(idx, out);
        }
        if flags & HAS_AFTER != 0 {
            for fragment in self.rewrite.after.get(&TokenId(idx)).into_iter().flatten() {
                self.print_fragment(fragment, out);
            }
        }
    }

    fn push_value(&self, key: ValueKey, out: &mut String) {
        out.push('%');
        self.rewrite.push_value_name(&self.parse.tree, key, out);
    }

    fn token_body(&self, idx: u32, out: &mut String) {
        let flags = self.flags.get(idx as usize).copied().unwrap_or(0);
        let token = self.parse.tree.token(TokenId(idx));
        if flags & HAS_TEXT != 0 {
            if let Some(text) = self.rewrite.token_text.get(&TokenId(idx)) {
                out.push_str(text);
                return;
            }
        }
        if flags & HAS_VALUE != 0 {
            let key = self.rewrite.use_overrides.get(&TokenId(idx)).copied().or_else(|| self.value_of_token(idx));
            if let Some(key) = key {
                self.push_value(key, out);
                return;
            }
        }
        out.push_str(token.text());
    }

    fn print_fragment(&self, fragment: &Fragment, out: &mut String) {
        for piece in &fragment.0 {
            match piece {
                Piece::Whitespace(text) => out.push_str(text),
                Piece::Template(part) => part.print(out, &mut |hole, out| match hole {
                    Hole::Value(key) => self.push_value(key, out),
                    Hole::Symbol(key) => {
                        out.push('@');
                        out.push_str(
                            self.rewrite.synthetic_symbols.get(key.0 as usize).map(String::as_str).unwrap_or(""),
                        );
                    }
                }),
                Piece::Original(start, end) => {
                    for idx in start.0..end.0 {
                        self.token_body(idx, out);
                    }
                }
            }
        }
    }

    /// The value an original `PERCENT_ID` token stands for (definition or resolved use).
    fn value_of_token(&self, idx: u32) -> Option<ValueKey> {
        let at = self.value_of_token.binary_search_by_key(&idx, |(token, _)| *token).ok()?;
        Some(ValueKey::Def(TokenId(self.value_of_token[at].1)))
    }
}
