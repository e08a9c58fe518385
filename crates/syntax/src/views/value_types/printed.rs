//! The printed reading of value types (see the parent module): what an op's syntax prints for
//! its results, and the L3 allocations and deallocations found through it.

use super::TOKEN_TYPE;
use crate::air_ops;
use crate::views::text::{collapse_whitespace, split_top_level};
use crate::views::{parse_memref_type, Execute, Op};
use crate::{Def, DefKind, Element, Parse, SyntaxKind, SyntaxNode};

/// Splits a type list at top-level commas and strips one pair of enclosing parentheses; an
/// empty last part is dropped (`""` and `"()"` are no types).
fn split_type_list(text: &str) -> Vec<String> {
    let trimmed = text.trim();
    let inner = if trimmed.starts_with('(') && trimmed.ends_with(')') && matching_paren(trimmed) {
        &trimmed[1..trimmed.len() - 1]
    } else {
        trimmed
    };
    let mut parts = split_top_level(inner);
    if parts.last().is_some_and(|last| last.is_empty()) {
        parts.pop();
    }
    parts.into_iter().map(str::to_string).collect()
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
pub fn printed_result_types(op: Op<'_>) -> Vec<String> {
    if let Some(exec) = Execute::cast(op) {
        let mut types = vec![TOKEN_TYPE.to_string()];
        types.extend(exec.result_types().iter().map(|t| collapse_whitespace(t.text())));
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
        return vec![TOKEN_TYPE.to_string()];
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
            return split_type_list(&text[pos + 2..]);
        }
    }
    let (Some(first), Some(last)) = (tail.first(), tail.last()) else { return Vec::new() };
    let range = first.text_range().cover(last.text_range());
    let text = &op.node().tree().text()[range.start as usize..range.end as usize];
    split_type_list(text).into_iter().map(|t| collapse_whitespace(&t)).collect()
}

/// The type of the value `def`, when the text says it.
pub fn printed_def_type(parse: &Parse, def: &Def) -> Option<String> {
    let node = parse.tree.node(def.node);
    match def.kind {
        DefKind::BlockArg => node.child(SyntaxKind::TYPE).map(|t| collapse_whitespace(t.text())),
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
            let types = printed_result_types(op);
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
        SyntaxKind::FUNC_ARG => parent.child(SyntaxKind::TYPE).map(|t| collapse_whitespace(t.text())),
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
                    types.children_of(SyntaxKind::TYPE).nth(position).map(|t| collapse_whitespace(t.text()))
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

/// Whether a memref type lives in L3: memory space 0, written (`0 : i32`) or not. A dialect
/// memory-space attribute (`#air.symmetric_heap`) is not L3: AIR exempts it.
fn is_l3_memref(text: &str) -> bool {
    parse_memref_type(text).is_some_and(|m| {
        m.memory_space == 0
            && m.memory_space_text
                .as_deref()
                .is_none_or(|t| t.split(':').next().is_some_and(|h| h.trim().parse::<i64>().is_ok()))
    })
}

/// A plain L3 `memref.alloc`/`alloca`.
pub fn is_plain_l3_alloc(op: Op<'_>) -> bool {
    matches!(op.name(), "memref.alloc" | "memref.alloca")
        && printed_result_types(op).first().is_some_and(|t| is_l3_memref(t))
}

/// A plain `memref.dealloc` of an L3 buffer.
fn is_plain_l3_dealloc(op: Op<'_>) -> bool {
    op.name() == "memref.dealloc" && printed_result_types(op).first().is_some_and(|t| is_l3_memref(t))
}

/// The one op of an `air.execute` body besides its terminator.
fn execute_single_op(exec: Execute<'_>) -> Option<Op<'_>> {
    let ops: Vec<Op<'_>> = exec.0.body_ops().into_iter().filter(|o| o.name() != air_ops::EXECUTE_TERMINATOR).collect();
    match ops.as_slice() {
        [op] => Some(*op),
        _ => None,
    }
}

/// An L3 allocation, which must stay outside a segment (AIR allows only L2 and L1 there): a
/// plain L3 `memref.alloc`/`alloca`, or an `air.execute` that does nothing but that allocation
/// and yields the buffer (`%t, %r = air.execute -> (memref<..>) { %a = memref.alloc() ... }`).
pub fn is_l3_alloc(op: Op<'_>) -> bool {
    match Execute::cast(op) {
        Some(exec) => exec.result_types().len() == 1 && execute_single_op(exec).is_some_and(is_plain_l3_alloc),
        None => is_plain_l3_alloc(op),
    }
}

/// The deallocation of an L3 buffer, plain or as the only op of an `air.execute`: it stays
/// outside a segment too, after the launch.
pub fn is_l3_dealloc(op: Op<'_>) -> bool {
    match Execute::cast(op) {
        Some(exec) => exec.result_types().is_empty() && execute_single_op(exec).is_some_and(is_plain_l3_dealloc),
        None => is_plain_l3_dealloc(op),
    }
}
