//! Syntax a pass inserts, made by parsing (rust-analyzer's `ast::make`): the pass writes the
//! MLIR it means as a small template, air-syntax parses it, and the overlay splices the
//! template's tokens. What a pass inserts is then syntax the parser accepted, not text glued
//! next to the file's tokens. Placeholders in the template stand for the overlay's values and
//! symbols, so later passes rename them like any other (prefix-ssa prefixes a wrapper's
//! arguments).
//!
//! The single tokens passes rename (a prefixed symbol or string, an extern's new name) are made
//! here too, from the token they replace, so each rule about how a token is spelled is written
//! once.

use crate::codes;
use crate::rewrite::{SymbolKey, ValueKey};
use air_diagnostics::Diagnostic;
use air_syntax::{SyntaxKind, SyntaxToken, SyntaxTree, TokenId};
use std::sync::Arc;

/// What a placeholder of a template stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hole {
    Value(ValueKey),
    Symbol(SymbolKey),
}

/// A parsed template. In its text, `%N` stands for the value `values[N]` and `@sN` for the
/// symbol `symbols[N]`; a line comment `// NAME` marks a point where the template is cut in two
/// to go around tokens of the file (a wrapper's opening and closing around the ops it wraps).
#[derive(Debug)]
pub struct Template {
    tree: SyntaxTree,
    /// The placeholder tokens, in token order.
    holes: Vec<(TokenId, Hole)>,
}

/// Tokens `[start, end)` of a template: one piece of a fragment.
#[derive(Clone, Debug)]
pub struct TemplatePart {
    template: Arc<Template>,
    start: TokenId,
    end: TokenId,
}

/// A template that does not parse, or names a value or symbol it was not given: a bug in the
/// pass that wrote it, reported instead of inserting broken syntax.
fn template_error(text: &str, problem: &str) -> Diagnostic {
    Diagnostic::error(codes::INTERNAL_CHECK, format!("internal error: a syntax template {problem}"))
        .with_note(format!("the template: {text}"))
        .with_note("this is a bug in air-stitch; please report it with the inputs")
}

impl Template {
    /// Parses `text` and binds its placeholders.
    pub fn parse(text: &str, values: &[ValueKey], symbols: &[SymbolKey]) -> Result<Arc<Template>, Diagnostic> {
        // Structure only: the placeholders are values defined outside the template.
        let parse = air_syntax::parse_syntax_only(text);
        if let Some(error) = parse.errors.first() {
            return Err(template_error(text, &format!("does not parse: {}", error.message)));
        }
        let mut holes = Vec::new();
        for token in parse.tree.tokens() {
            let hole = match token.kind() {
                SyntaxKind::PERCENT_ID => {
                    token.text()[1..].parse::<usize>().ok().and_then(|idx| values.get(idx)).map(|key| Hole::Value(*key))
                }
                SyntaxKind::AT_ID => token
                    .text()
                    .strip_prefix("@s")
                    .and_then(|idx| idx.parse::<usize>().ok())
                    .and_then(|idx| symbols.get(idx))
                    .map(|key| Hole::Symbol(*key)),
                _ => continue,
            };
            match hole {
                Some(hole) => holes.push((token.id(), hole)),
                None => {
                    return Err(template_error(text, &format!("names `{}`, which stands for nothing", token.text())))
                }
            }
        }
        Ok(Arc::new(Template { tree: parse.tree, holes }))
    }

    /// The tokens before and after the comment `// {marker}`, which is dropped.
    pub fn split_at(self: &Arc<Template>, marker: &str) -> Result<(TemplatePart, TemplatePart), Diagnostic> {
        let comment = self
            .tree
            .tokens()
            .find(|t| t.kind() == SyntaxKind::COMMENT && t.text().strip_prefix("//").map(str::trim) == Some(marker))
            .ok_or_else(|| template_error(self.tree.text(), &format!("has no `// {marker}` line")))?;
        let end = TokenId(self.tree.token_count() as u32);
        let before = TemplatePart { template: self.clone(), start: TokenId(0), end: comment.id() };
        let after = TemplatePart { template: self.clone(), start: TokenId(comment.id().0 + 1), end };
        Ok((before, after))
    }
}

impl TemplatePart {
    /// Prints the part: tokens as parsed, placeholders through `hole`.
    pub(crate) fn print(&self, out: &mut String, hole: &mut dyn FnMut(Hole, &mut String)) {
        let Template { tree, holes } = self.template.as_ref();
        for idx in self.start.0..self.end.0 {
            match holes.binary_search_by_key(&idx, |(token, _)| token.0) {
                Ok(at) => hole(holes[at].1, out),
                Err(_) => out.push_str(tree.token(TokenId(idx)).text()),
            }
        }
    }
}

/// The tokens of `text` from the first token `from` says to the first `until` says after it
/// (`until` included when `inclusive`).
fn part_of(
    text: &str,
    from: impl Fn(SyntaxToken<'_>) -> bool,
    until: impl Fn(SyntaxToken<'_>) -> bool,
    inclusive: bool,
) -> Result<TemplatePart, Diagnostic> {
    let template = Template::parse(text, &[], &[])?;
    let tokens: Vec<SyntaxToken<'_>> = template.tree.tokens().collect();
    let start = tokens.iter().position(|t| from(*t));
    let end = start.and_then(|s| tokens.iter().skip(s + 1).position(|t| until(*t)).map(|e| s + 1 + e));
    let (Some(start), Some(end)) = (start, end) else {
        return Err(template_error(text, "lacks the tokens to cut"));
    };
    let end = if inclusive { end + 1 } else { end };
    Ok(TemplatePart { template: template.clone(), start: TokenId(start as u32), end: TokenId(end as u32) })
}

/// `attributes {ENTRY} `: the clause for an `air.launch` without an attribute dictionary, to
/// go before its region.
pub fn attributes_clause(entry: &str) -> Result<TemplatePart, Diagnostic> {
    let text = format!("air.launch () in () attributes {{{entry}}} {{\n}}");
    let part = part_of(&text, |t| t.text() == "attributes", |t| t.kind() == SyntaxKind::R_BRACE, true)?;
    // With the space after the dictionary.
    Ok(TemplatePart { end: TokenId(part.end.0 + 1), ..part })
}

/// `, ENTRY` (or `ENTRY` for an empty dictionary): an entry to go before the closing `}` of an
/// op's attribute dictionary.
pub fn attribute_entry(entry: &str, first: bool) -> Result<TemplatePart, Diagnostic> {
    let text = format!("air.launch () in () attributes {{x, {entry}}} {{\n}}");
    let from = |t: SyntaxToken<'_>| {
        if first {
            t.text() == entry.split(' ').next().unwrap_or("")
        } else {
            t.kind() == SyntaxKind::COMMA
        }
    };
    part_of(&text, from, |t| t.kind() == SyntaxKind::R_BRACE, false)
}

/// `@name` → `@prefix_name`, `@"name"` → `@"prefix_name"`: a symbol token with a prefix, quotes
/// kept. A prefix is letters, digits and `_` (merge checks), so the result is one `AT_ID` of the
/// same form.
pub fn prefixed_symbol(token: SyntaxToken<'_>, prefix: &str) -> String {
    let text = token.text();
    let name = text.strip_prefix('@').unwrap_or(text);
    if let Some(quoted) = name.strip_prefix('"') {
        format!("@\"{prefix}_{quoted}")
    } else {
        format!("@{prefix}_{name}")
    }
}

/// `"name"` → `"prefix_name"`: a string token with a prefix after its opening quote, so the
/// rest, escapes and closing quote included, stays as written.
pub fn prefixed_string(token: SyntaxToken<'_>, prefix: &str) -> String {
    format!("\"{prefix}_{}", token.text().trim_start_matches('"'))
}

/// `@name`: a reference to a symbol by its new name (an extern's, which is a plain name).
pub fn symbol_ref(name: &str) -> String {
    format!("@{name}")
}

/// `"text"`: a string token for an object file name (paths need no escapes).
pub fn object_string(object: &str) -> String {
    format!("\"{object}\"")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_bind_their_placeholders_and_split_at_markers() {
        let values = [ValueKey::Synthetic(7), ValueKey::Synthetic(8)];
        let symbols = [SymbolKey(3)];
        let template = Template::parse("air.segment @s0 args(%0=%1) : i32 {\n  // body\n}", &values, &symbols).unwrap();
        let (before, after) = template.split_at("body").unwrap();
        let show = |part: &TemplatePart| {
            let mut out = String::new();
            part.print(&mut out, &mut |hole, out| out.push_str(&format!("<{hole:?}>")));
            out
        };
        assert_eq!(
            show(&before),
            "air.segment <Symbol(SymbolKey(3))> args(<Value(Synthetic(7))>=<Value(Synthetic(8))>) : i32 {\n  "
        );
        assert_eq!(show(&after), "\n}");
        assert!(template.split_at("elsewhere").unwrap_err().message.contains("has no `// elsewhere` line"));
    }

    #[test]
    fn templates_that_do_not_parse_or_name_unknown_values_are_internal_errors() {
        let error = Template::parse("air.segment @s0 {", &[], &[SymbolKey(0)]).unwrap_err();
        assert_eq!(error.code, codes::INTERNAL_CHECK);
        assert!(error.message.contains("does not parse"), "{}", error.message);
        let error = Template::parse("%0 = air.wait_all async", &[], &[]).unwrap_err();
        assert!(error.message.contains("`%0`, which stands for nothing"), "{}", error.message);
    }
}
