//! The edit overlay passes produce: a declarative description of how to print a parsed file
//! differently, applied once at the end, so no pass re-parses text.
//!
//! - SSA names are keyed by *definition*: every use prints its definition's current name
//!   (resolved through the syntax crate's scopes). Renaming a value is one map entry, and a
//!   later pass can rename it again (prefix, then remap to a combined argument).
//! - Other tokens (symbols, alias names, strings, whitespace) can be overridden one by one.
//! - Structural edits insert fragments before/after tokens and delete token ranges. A
//!   fragment is made of pieces: literal text, SSA definitions and uses (original or
//!   synthetic, so later passes rename them too), symbols, and copies of original token ranges.
//!
//! Invariant: printing with an empty overlay reproduces the input byte for byte.

use air_syntax::{Parse, SyntaxKind, SyntaxTree, TokenId};
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Piece {
    Text(String),
    /// `%name` of a value (at its definition or a use: both print the current name).
    Value(ValueKey),
    /// `@name` of a synthetic symbol.
    Symbol(SymbolKey),
    /// The original tokens `[start, end)`, printed with every override applied.
    Original(u32, u32),
}

/// Inserted text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fragment(pub Vec<Piece>);

impl Fragment {
    pub fn new() -> Fragment {
        Fragment(Vec::new())
    }

    pub fn text(mut self, text: impl Into<String>) -> Fragment {
        self.0.push(Piece::Text(text.into()));
        self
    }

    pub fn value(mut self, key: ValueKey) -> Fragment {
        self.0.push(Piece::Value(key));
        self
    }

    pub fn symbol(mut self, key: SymbolKey) -> Fragment {
        self.0.push(Piece::Symbol(key));
        self
    }

    pub fn original(mut self, start: u32, end: u32) -> Fragment {
        self.0.push(Piece::Original(start, end));
        self
    }
}

/// The overlay. Passes take one and return an updated one.
#[derive(Clone, Debug, Default)]
pub struct Rewrite {
    /// Current name (without `%`) of renamed values.
    pub value_names: FxHashMap<ValueKey, String>,
    /// Original names of synthetic values.
    pub synthetic_values: Vec<String>,
    /// Names (without `@`) of synthetic symbols.
    pub synthetic_symbols: Vec<String>,
    /// A use token that must print another value (e.g. a moved op now using a wrapper arg).
    pub use_overrides: FxHashMap<u32, ValueKey>,
    /// Replacement text of single tokens (symbols, aliases, strings, whitespace).
    pub token_text: FxHashMap<u32, String>,
    /// Fragments inserted before / after a token, in insertion order.
    pub before: BTreeMap<u32, Vec<Fragment>>,
    pub after: BTreeMap<u32, Vec<Fragment>>,
    /// Deleted token ranges `[start, end)`.
    pub deleted: Vec<(u32, u32)>,
}

impl Rewrite {
    pub fn new() -> Rewrite {
        Rewrite::default()
    }

    /// Introduces a value with a name (without `%`).
    pub fn new_value(&mut self, name: impl Into<String>) -> ValueKey {
        let key = ValueKey::Synthetic(self.synthetic_values.len() as u32);
        self.synthetic_values.push(name.into());
        key
    }

    /// Introduces a symbol with a name (without `@`).
    pub fn new_symbol(&mut self, name: impl Into<String>) -> SymbolKey {
        let key = SymbolKey(self.synthetic_symbols.len() as u32);
        self.synthetic_symbols.push(name.into());
        key
    }

    /// The current name (without `%`) of a value.
    pub fn value_name(&self, tree: &SyntaxTree, key: ValueKey) -> String {
        if let Some(name) = self.value_names.get(&key) {
            return name.clone();
        }
        match key {
            ValueKey::Def(token) => tree.token(token).text().trim_start_matches('%').to_string(),
            ValueKey::Synthetic(idx) => self.synthetic_values.get(idx as usize).cloned().unwrap_or_default(),
        }
    }

    pub fn rename_value(&mut self, key: ValueKey, name: impl Into<String>) {
        self.value_names.insert(key, name.into());
    }

    pub fn insert_before(&mut self, token: u32, fragment: Fragment) {
        self.before.entry(token).or_default().push(fragment);
    }

    pub fn insert_after(&mut self, token: u32, fragment: Fragment) {
        self.after.entry(token).or_default().push(fragment);
    }

    pub fn delete(&mut self, start: u32, end: u32) {
        if start < end {
            self.deleted.push((start, end));
        }
    }

    /// Every value key the overlay knows of besides the original definitions.
    pub fn synthetic_keys(&self) -> impl Iterator<Item = ValueKey> + '_ {
        (0..self.synthetic_values.len() as u32).map(ValueKey::Synthetic)
    }
}

/// Prints a parsed file (or a token range of it) through an overlay.
pub struct Printer<'a> {
    parse: &'a Parse,
    rewrite: &'a Rewrite,
    /// For each `PERCENT_ID` token that is a use or a definition: its value.
    value_of_token: FxHashMap<u32, ValueKey>,
    deleted: Vec<bool>,
}

impl<'a> Printer<'a> {
    pub fn new(parse: &'a Parse, rewrite: &'a Rewrite) -> Printer<'a> {
        let tree = &parse.tree;
        let mut value_of_token = FxHashMap::default();
        for def in &parse.scopes.defs {
            value_of_token.insert(def.token.0, ValueKey::Def(def.token));
        }
        for (use_node, def) in &parse.scopes.uses {
            let Some(def) = def else { continue };
            let Some(token) = tree.node(*use_node).first_token() else { continue };
            let def_token = parse.scopes.defs[*def as usize].token;
            value_of_token.insert(token.id().0, ValueKey::Def(def_token));
        }
        let mut deleted = Vec::new();
        if !rewrite.deleted.is_empty() {
            deleted = vec![false; tree.token_count()];
            for &(start, end) in &rewrite.deleted {
                for flag in deleted.iter_mut().take(end as usize).skip(start as usize) {
                    *flag = true;
                }
            }
        }
        Printer { parse, rewrite, value_of_token, deleted }
    }

    /// The whole file.
    pub fn print(&self) -> String {
        let mut out = String::with_capacity(self.parse.tree.text().len() + self.parse.tree.text().len() / 8);
        self.print_range(0, self.parse.tree.token_count() as u32, &mut out);
        out
    }

    /// Tokens `[start, end)`, with insertions attached to them.
    pub fn print_range(&self, start: u32, end: u32, out: &mut String) {
        for idx in start..end {
            self.print_token(idx, out);
        }
    }

    /// The text one token prints as (without insertions), honouring every override.
    pub fn token_text(&self, idx: u32) -> String {
        let mut out = String::new();
        self.token_body(idx, &mut out);
        out
    }

    fn print_token(&self, idx: u32, out: &mut String) {
        if let Some(fragments) = self.rewrite.before.get(&idx) {
            for fragment in fragments {
                self.print_fragment(fragment, out);
            }
        }
        if !self.deleted.get(idx as usize).copied().unwrap_or(false) {
            self.token_body(idx, out);
        }
        if let Some(fragments) = self.rewrite.after.get(&idx) {
            for fragment in fragments {
                self.print_fragment(fragment, out);
            }
        }
    }

    fn token_body(&self, idx: u32, out: &mut String) {
        let tree = &self.parse.tree;
        let token = tree.token(TokenId(idx));
        if let Some(text) = self.rewrite.token_text.get(&idx) {
            out.push_str(text);
            return;
        }
        if token.kind() == SyntaxKind::PERCENT_ID {
            let key = self.rewrite.use_overrides.get(&idx).copied().or_else(|| self.value_of_token.get(&idx).copied());
            if let Some(key) = key {
                if key != ValueKey::Def(token.id()) || self.rewrite.value_names.contains_key(&key) {
                    out.push('%');
                    out.push_str(&self.rewrite.value_name(tree, key));
                    return;
                }
            }
        }
        out.push_str(token.text());
    }

    pub fn print_fragment(&self, fragment: &Fragment, out: &mut String) {
        for piece in &fragment.0 {
            match piece {
                Piece::Text(text) => out.push_str(text),
                Piece::Value(key) => {
                    out.push('%');
                    out.push_str(&self.rewrite.value_name(&self.parse.tree, *key));
                }
                Piece::Symbol(key) => {
                    out.push('@');
                    out.push_str(self.rewrite.synthetic_symbols.get(key.0 as usize).map(String::as_str).unwrap_or(""));
                }
                Piece::Original(start, end) => {
                    for idx in *start..*end {
                        self.token_body(idx, out);
                    }
                }
            }
        }
    }

    /// The value an original `PERCENT_ID` token stands for (definition or resolved use).
    pub fn value_of_token(&self, idx: u32) -> Option<ValueKey> {
        self.value_of_token.get(&idx).copied()
    }
}
