//! prefix-symbols: prefix symbol definitions and references (channels, segments, herds,
//! launches, non-extern functions, globals) and every attribute/type alias of a slice, keeping
//! externs (`func.func private` declarations) unchanged so they link.
//!
//! Symbols are compared as whole tokens (`@matmul` never touches `@matmul_bf16`), quoted
//! symbols keep their quotes, `attributes {sym_name = "x"}` of the AIR hierarchy is renamed
//! with the `@x` spelling, and every alias kind is handled (`#map`, `#set`, `#map_identity`,
//! `#loop_annotation`, `!type` aliases, `#loc` aliases). An alias whose (renamed) definition is
//! identical to one an earlier slice already defines is shared: its references take the earlier
//! name and its definition is not emitted again.

use crate::passes::{Changed, Pass, PassResult, SliceCx};
use crate::rewrite::make;
use crate::rewrite::Rewrite;
use air_syntax::air_attrs;
use air_syntax::views::text::collapse_whitespace;
use air_syntax::views::{all_ops, module_ops, symbol_name, FuncOp, Hierarchy};
use air_syntax::{NodeId, Parse, SyntaxKind, SyntaxNode, SyntaxToken, TokenId};
use std::collections::{BTreeMap, BTreeSet};

/// MLIR attribute and type aliases (`#map = ...`, `!t = ...`; not the plan's prelude aliases)
/// already defined by earlier slices: (sigil + canonical body) → final name.
pub type AttrAliasTable = BTreeMap<String, String>;

#[derive(Clone, Debug)]
pub struct PrefixSymbols {
    pub prefix: String,
}

/// What happened to one alias definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttrAliasOutcome {
    /// The `ALIAS_DEF` node.
    pub node: NodeId,
    /// Final name with its sigil (`#q_map`).
    pub name: String,
    /// Identical to an earlier slice's alias: not emitted again.
    pub shared: bool,
}

/// Private function declarations: the externs, by name.
pub fn extern_names(parse: &Parse) -> BTreeSet<String> {
    module_ops(parse.tree.root())
        .into_iter()
        .filter_map(FuncOp::cast)
        .filter(|f| f.is_declaration() && f.is_private())
        .map(|f| f.name())
        .collect()
}

/// An `@sym` token that is the second part of a nested reference (`@mod::@fn`).
fn is_nested_reference(token: SyntaxToken<'_>) -> bool {
    let Some(colon) = token.prev_significant() else { return false };
    colon.kind() == SyntaxKind::COLON && colon.prev_significant().is_some_and(|c| c.kind() == SyntaxKind::COLON)
}

impl Pass for PrefixSymbols {
    const NAME: &'static str = "prefix-symbols";

    fn run(&self, cx: &mut SliceCx<'_>, mut rewrite: Rewrite) -> PassResult {
        let edits = rewrite.edits();
        let parse = &cx.slice.parse;
        cx.found.symbols = self.rename_symbols(parse, &mut rewrite);
        cx.found.aliases = self.rename_aliases(parse, &mut rewrite, &mut cx.shared.aliases);
        let changed = Changed::since(edits, &rewrite);
        Ok((rewrite, changed))
    }
}

/// The symbols a slice defines (module level but externs, and the AIR hierarchy's labels), and
/// the `sym_name = "..."` strings of its hierarchy ops.
fn defined_symbols(parse: &Parse) -> (BTreeSet<String>, Vec<SyntaxToken<'_>>) {
    let root = parse.tree.root();
    let externs = extern_names(parse);
    let mut defined: BTreeSet<String> = BTreeSet::new();
    for op in module_ops(root) {
        if let Some(sym) = op.symbol() {
            let name = symbol_name(sym.text());
            if !externs.contains(&name) {
                defined.insert(name);
            }
        }
    }
    let mut hierarchy_strings = Vec::new();
    for op in all_ops(root) {
        if let Some(h) = Hierarchy::cast(op) {
            if let Some(sym) = h.sym_token() {
                defined.insert(symbol_name(sym.text()));
            }
            if let Some(value) = h.attributes().and_then(|a| a.get(air_attrs::SYM_NAME)) {
                if let Some(token) = value.first_token().filter(|t| t.kind() == SyntaxKind::STRING) {
                    hierarchy_strings.push(token);
                }
            }
        }
    }
    (defined, hierarchy_strings)
}

impl PrefixSymbols {
    /// Prefixes the symbols the slice defines, wherever they are referenced, and the symbols
    /// earlier passes added; returns old name → new name.
    fn rename_symbols(&self, parse: &Parse, rewrite: &mut Rewrite) -> BTreeMap<String, String> {
        let (defined, hierarchy_strings) = defined_symbols(parse);
        let mut symbols = BTreeMap::new();
        for name in &defined {
            symbols.insert(name.clone(), format!("{}_{name}", self.prefix));
        }
        for token in parse.tree.tokens().filter(|t| t.kind() == SyntaxKind::AT_ID) {
            if defined.contains(&symbol_name(token.text())) && !is_nested_reference(token) {
                rewrite.override_token(token.id(), make::prefixed_symbol(token, &self.prefix));
            }
        }
        for token in hierarchy_strings {
            let inner = air_syntax::views::unquote_string(token.text());
            rewrite.override_token(token.id(), make::prefixed_string(token, &self.prefix));
            symbols.insert(inner.clone(), format!("{}_{inner}", self.prefix));
        }
        let synthetic: Vec<_> = rewrite.synthetic_symbols().map(|(key, name)| (key, name.to_string())).collect();
        for (key, name) in synthetic {
            rewrite.rename_symbol(key, format!("{}_{name}", self.prefix));
            symbols.insert(name.clone(), format!("{}_{name}", self.prefix));
        }
        symbols
    }

    /// Prefixes every alias definition and reference, then shares the definitions identical to
    /// one in `known` (an earlier slice's): their references take the earlier name.
    fn rename_aliases(
        &self,
        parse: &Parse,
        rewrite: &mut Rewrite,
        known: &mut AttrAliasTable,
    ) -> Vec<AttrAliasOutcome> {
        let alias_defs: Vec<_> = parse.tree.root().children_of(SyntaxKind::ALIAS_DEF).collect();
        let mut alias_names: BTreeMap<String, String> = BTreeMap::new();
        for def in &alias_defs {
            if let Some(token) = def.first_token() {
                let text = token.text();
                let (sigil, name) = text.split_at(1);
                alias_names.insert(text.to_string(), format!("{sigil}{}_{name}", self.prefix));
            }
        }
        // References: `#name` and `!name` tokens, but not the `#1` of a result `%x#1`.
        let alias_refs: Vec<(TokenId, String)> = parse
            .tree
            .tokens()
            .filter(|t| matches!(t.kind(), SyntaxKind::HASH_ID | SyntaxKind::BANG_ID))
            .filter(|t| {
                !t.prev_significant().is_some_and(|p| p.kind() == SyntaxKind::PERCENT_ID && p.id().0 + 1 == t.id().0)
            })
            .filter_map(|t| alias_names.get(t.text()).map(|_| (t.id(), t.text().to_string())))
            .collect();
        let set_alias = |rewrite: &mut Rewrite, old: &str, new: &str| {
            for (token, text) in &alias_refs {
                if text == old {
                    rewrite.override_token(*token, new.to_string());
                }
            }
        };
        for (old, new) in &alias_names {
            set_alias(rewrite, old, new);
        }
        // Shared in definition order: a definition may refer to earlier aliases, whose final
        // names are settled by then. Only with earlier slices' definitions: two identical ones
        // of this slice stay two, as the source has them (the equivalence check maps each
        // merged name back to one source name).
        let mut aliases = Vec::new();
        let mut defined_here = Vec::new();
        for def in &alias_defs {
            let Some(token) = def.first_token() else { continue };
            let old = token.text().to_string();
            let Some(body) = def.children().last() else { continue };
            let key = format!("{}{}", &old[..1], alias_body(body, rewrite));
            let prefixed = alias_names.get(&old).cloned().unwrap_or_else(|| old.clone());
            match known.get(&key) {
                Some(existing) => {
                    set_alias(rewrite, &old, existing);
                    aliases.push(AttrAliasOutcome { node: def.id(), name: existing.clone(), shared: true });
                }
                None => {
                    defined_here.push((key, prefixed.clone()));
                    aliases.push(AttrAliasOutcome { node: def.id(), name: prefixed, shared: false });
                }
            }
        }
        for (key, name) in defined_here {
            known.entry(key).or_insert(name);
        }
        aliases
    }
}

/// An alias definition's body as printed so far, whitespace collapsed: what makes two
/// definitions identical. Alias bodies hold no SSA values, so only token overrides apply.
fn alias_body(body: SyntaxNode<'_>, rewrite: &Rewrite) -> String {
    let mut out = String::new();
    for token in body.tokens() {
        match rewrite.token_override(token.id()) {
            Some(text) => out.push_str(text),
            None => out.push_str(token.text()),
        }
    }
    collapse_whitespace(&out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::run_alone;
    use crate::rewrite::Printer;
    use crate::slice::ParsedSlice;
    use air_diagnostics::FileId;

    fn run(text: &str) -> String {
        let slice = ParsedSlice::new(FileId(0), "t.mlir", text);
        let out = run_alone(&PrefixSymbols { prefix: "p".into() }.into(), &slice, None).unwrap();
        Printer::new(&slice.parse, &out.rewrite).print()
    }

    #[test]
    fn prefix_symbols_compares_whole_tokens_and_keeps_externs() {
        let text = "func.func private @matmul_bf16(memref<4xbf16>) attributes {link_with = \"mm.o\"}\nfunc.func @f(%a: memref<4xbf16>) {\n  air.herd @matmul tile (%x) in (%s=%c) args(%b=%a) : memref<4xbf16> {\n    func.call @matmul_bf16(%b) : (memref<4xbf16>) -> ()\n  }\n  return\n}\n";
        let out = run(text);
        assert!(out.contains("air.herd @p_matmul tile"), "{out}");
        assert!(out.contains("func.call @matmul_bf16("), "{out}");
        assert!(out.contains("func.func private @matmul_bf16("), "{out}");
        assert!(out.contains("func.func @p_f("), "{out}");
    }

    #[test]
    fn prefix_symbols_renames_every_alias_kind_and_sym_name_attributes() {
        let text = "#map_identity = affine_map<(d0) -> (d0)>\n#loop_unroll = #llvm.loop_unroll<disable = true>\n#loop_annotation = #llvm.loop_annotation<unroll = #loop_unroll>\nair.channel @c [1]\nfunc.func @f() {\n  air.herd tile (%x) in (%s=%c) attributes {sym_name = \"herd0\", map = #map_identity} {\n    air.channel.put @c[] (%b[] [] []) : (memref<4xi32>)\n  }\n  return\n}\n";
        let out = run(text);
        insta::assert_snapshot!(out, @r###"
        #p_map_identity = affine_map<(d0) -> (d0)>
        #p_loop_unroll = #llvm.loop_unroll<disable = true>
        #p_loop_annotation = #llvm.loop_annotation<unroll = #p_loop_unroll>
        air.channel @p_c [1]
        func.func @p_f() {
          air.herd tile (%x) in (%s=%c) attributes {sym_name = "p_herd0", map = #p_map_identity} {
            air.channel.put @p_c[] (%b[] [] []) : (memref<4xi32>)
          }
          return
        }
        "###);
    }

    #[test]
    fn identical_aliases_of_one_slice_stay_apart() {
        let text = "#map2 = affine_map<(d0) -> (d0)>\n#map = affine_map<(d0) -> (d0)>\nfunc.func @f() attributes {a = #map2, b = #map} {\n  return\n}\n";
        let out = run(text);
        insta::assert_snapshot!(out, @r###"
        #p_map2 = affine_map<(d0) -> (d0)>
        #p_map = affine_map<(d0) -> (d0)>
        func.func @p_f() attributes {a = #p_map2, b = #p_map} {
          return
        }
        "###);
    }
}
