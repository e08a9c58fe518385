//! The type of an SSA value, read from its definition: a function argument's declared type, a
//! block argument's type, `index` for loop and hierarchy ids/sizes, the `args(...)` type list
//! of the AIR hierarchy, and for op results the types the op's custom syntax prints after its
//! last top-level `:` (or `->`, `to`, `into`). Returns `None` when the text does not say.

use air_syntax::views::{Execute, Op};
use air_syntax::{Def, DefKind, Element, Parse, SyntaxKind, SyntaxNode};

/// Splits a type list at top-level commas and strips one pair of enclosing parentheses.
fn split_types(text: &str) -> Vec<String> {
    let trimmed = text.trim();
    let inner = if trimmed.starts_with('(') && trimmed.ends_with(')') && matching_paren(trimmed) {
        &trimmed[1..trimmed.len() - 1]
    } else {
        trimmed
    };
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    let bytes = inner.as_bytes();
    for (idx, &byte) in bytes.iter().enumerate() {
        match byte {
            b'<' | b'(' | b'[' | b'{' => depth += 1,
            b'>' if idx > 0 && bytes[idx - 1] == b'-' => {}
            b'>' | b')' | b']' | b'}' => depth -= 1,
            b',' if depth == 0 => {
                parts.push(inner[start..idx].trim().to_string());
                start = idx + 1;
            }
            _ => {}
        }
    }
    let last = inner[start..].trim();
    if !last.is_empty() {
        parts.push(last.to_string());
    }
    parts
}

/// Whether the first `(` of `text` closes at its last character.
fn matching_paren(text: &str) -> bool {
    let mut depth = 0i32;
    for (idx, ch) in text.char_indices() {
        match ch {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return idx == text.len() - 1;
                }
            }
            _ => {}
        }
    }
    false
}

/// The result types an op's custom (or generic) syntax prints.
pub fn op_result_types(op: Op<'_>) -> Vec<String> {
    if let Some(exec) = Execute::cast(op) {
        let mut types = vec!["!air.async.token".to_string()];
        types.extend(exec.result_types().iter().map(|t| compact(t.text())));
        return types;
    }
    let elements: Vec<Element<'_>> = op
        .node()
        .elements()
        .filter(|e| {
            !matches!(
                e.kind(),
                SyntaxKind::REGION | SyntaxKind::ATTR_DICT | SyntaxKind::LOC | SyntaxKind::ATTRIBUTES_CLAUSE
            )
        })
        .collect();
    let async_token = elements.iter().any(|e| {
        e.kind() == SyntaxKind::ASYNC_DEPS
            && e.as_node().is_some_and(|n| n.token_of(SyntaxKind::BARE_ID).is_some_and(|t| t.text() == "async"))
    });
    if async_token {
        return vec!["!air.async.token".to_string()];
    }
    let colon = elements.iter().rposition(|e| e.kind() == SyntaxKind::COLON);
    let arrow = elements.iter().rposition(|e| e.kind() == SyntaxKind::ARROW);
    let from = match (colon, arrow) {
        (Some(c), Some(a)) if a > c => a + 1,
        (Some(c), _) => c + 1,
        (None, Some(a)) => a + 1,
        (None, None) => {
            // A type nested in a TYPE node (generic form): `: (T) -> R`.
            return Vec::new();
        }
    };
    let mut tail = &elements[from..];
    if let Some(last_kw) =
        tail.iter().rposition(|e| e.kind() == SyntaxKind::BARE_ID && matches!(e.text(), "to" | "into"))
    {
        tail = &tail[last_kw + 1..];
    }
    // A generic-form function type is one TYPE node: take what follows its `->`.
    if tail.len() == 1 && tail[0].kind() == SyntaxKind::TYPE {
        let text = tail[0].text();
        if let Some(pos) = text.rfind("->") {
            return split_types(&text[pos + 2..]);
        }
    }
    let (Some(first), Some(last)) = (tail.first(), tail.last()) else { return Vec::new() };
    let range = first.text_range().cover(last.text_range());
    let text = &op.node().tree().text()[range.start as usize..range.end as usize];
    split_types(text).into_iter().map(|t| compact(&t)).collect()
}

/// An L3 (memory space 0) `memref.alloc`/`alloca`: it must stay outside a segment.
pub fn is_l3_alloc(op: Op<'_>) -> bool {
    matches!(op.name(), "memref.alloc" | "memref.alloca")
        && op_result_types(op)
            .first()
            .and_then(|t| air_syntax::views::parse_memref_type(t))
            .is_some_and(|m| m.memory_space == 0 && m.memory_space_text.is_none())
}

/// A `memref.dealloc` of an L3 buffer: it must stay outside a segment too.
pub fn is_l3_dealloc(op: Op<'_>) -> bool {
    op.name() == "memref.dealloc"
        && op_result_types(op)
            .first()
            .and_then(|t| air_syntax::views::parse_memref_type(t))
            .is_some_and(|m| m.memory_space == 0 && m.memory_space_text.is_none())
}

/// Collapses whitespace runs.
pub fn compact(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The type of the value `def`, when the text says it.
pub fn def_type(parse: &Parse, def: &Def) -> Option<String> {
    let node = parse.tree.node(def.node);
    match def.kind {
        DefKind::BlockArg => node.child(SyntaxKind::TYPE).map(|t| compact(t.text())),
        DefKind::RegionArg => region_arg_type(node),
        DefKind::Result => {
            let result_list = node.parent()?;
            let op = Op::cast(result_list.parent()?)?;
            let index = result_list.children_of(SyntaxKind::RESULT).position(|r| r == node)?;
            // Result groups (`%r:2`) shift the positions of later results.
            let mut position = 0usize;
            for (idx, result) in result_list.children_of(SyntaxKind::RESULT).enumerate() {
                if idx == index {
                    break;
                }
                position += parse.scopes.def_at(result.id()).map(|d| d.count as usize).unwrap_or(1);
            }
            let types = op_result_types(op);
            if def.count > 1 {
                return None;
            }
            types.get(position).cloned()
        }
    }
}

fn region_arg_type(node: SyntaxNode<'_>) -> Option<String> {
    let parent = node.parent()?;
    match parent.kind() {
        SyntaxKind::FUNC_ARG => parent.child(SyntaxKind::TYPE).map(|t| compact(t.text())),
        SyntaxKind::ID_LIST | SyntaxKind::SIZE_LIST => Some("index".to_string()),
        SyntaxKind::ASSIGN => {
            let list = parent.parent()?;
            match list.kind() {
                SyntaxKind::SIZE_LIST => Some("index".to_string()),
                SyntaxKind::ASSIGN_LIST => {
                    let clause = list.parent()?;
                    if clause.kind() != SyntaxKind::ARGS_CLAUSE {
                        return None;
                    }
                    let position = list.children_of(SyntaxKind::ASSIGN).position(|a| a == parent)?;
                    let types = clause.child(SyntaxKind::TYPE_LIST)?;
                    types.children_of(SyntaxKind::TYPE).nth(position).map(|t| compact(t.text()))
                }
                _ => None,
            }
        }
        SyntaxKind::OPERATION => {
            // `scf.for %iv = ...` / `affine.for %i = ...`: induction variables are index.
            let op = Op::cast(parent)?;
            matches!(op.name(), "scf.for" | "affine.for").then(|| "index".to_string())
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn types_of(text: &str) -> Vec<Option<String>> {
        let parse = air_syntax::parse(text);
        parse.scopes.defs.iter().map(|d| def_type(&parse, d)).collect()
    }

    #[test]
    fn result_types_from_custom_syntax() {
        let text = "func.func @f(%a: memref<4x8xbf16>) {\n  %c = arith.constant 8 : index\n  %s = memref.subview %a[0, 0] [1, 8] [1, 1] : memref<4x8xbf16> to memref<8xbf16, strided<[1]>>\n  %t = air.wait_all async\n  %x = memref.alloc() : memref<64xbf16, 2 : i32>\n  return\n}\n";
        assert_eq!(
            types_of(text),
            vec![
                Some("memref<4x8xbf16>".to_string()),
                Some("index".to_string()),
                Some("memref<8xbf16, strided<[1]>>".to_string()),
                Some("!air.async.token".to_string()),
                Some("memref<64xbf16, 2 : i32>".to_string()),
            ]
        );
    }

    #[test]
    fn hierarchy_arguments_take_the_args_types() {
        let text = "func.func @f(%a: memref<4xbf16>) {\n  %c1 = arith.constant 1 : index\n  air.launch (%x) in (%sx=%c1) args(%b=%a) : memref<4xbf16> {\n  }\n  return\n}\n";
        let types = types_of(text);
        assert_eq!(types[2], Some("index".to_string()));
        assert_eq!(types[3], Some("index".to_string()));
        assert_eq!(types[4], Some("memref<4xbf16>".to_string()));
    }
}
