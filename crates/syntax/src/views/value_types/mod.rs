//! The type of an SSA value, read from the text at its definition, in two readings.
//!
//! **Stated** ([`type_of_use`], [`op_result_type`]; the verifier's): a function argument's
//! declared type, a block argument's type, the ids/sizes (`index`) and `args` types of the AIR
//! hierarchy, loop variables (`scf.for %iv ... : T` gives `T`, `iter_args` their loop's result
//! types), and the result types of the ops whose custom syntax this module knows (`%r#1` of a
//! `%r:2` included). `None` means "not known here"; checks built on this only report when a
//! type is known, so an op this module does not understand can never cause a false error.
//! Types are spelled by [`compact`] (comments dropped).
//!
//! **Printed** ([`printed_def_type`], [`printed_result_types`]; the merge passes'): for any op,
//! what its custom syntax prints after its last top-level `:` or `->` (after `to`/`into`),
//! `!air.async.token` for any op written `async`; `index` for every loop variable, nothing
//! for `iter_args` or a result group `%r:2`. Types are spelled by [`collapse_whitespace`]. The
//! passes need a type for every value a wrapper captures, whatever op made it, and compare
//! spellings across kernels. It is not the result's type for an op that prints its operands'
//! types (`memref.load`, `affine.load`, `arith.cmpi`, `arith.cmpf`, `air.custom`, an
//! `scf.for ... : T`), nor for one with a keyword between two regions (`scf.if ... else`,
//! `affine.if`, `scf.while ... do`: the text from its `->` to that keyword, first region
//! included); the stated reading knows those.
//!
//! The two readings are kept apart so that neither the checks nor the merges change; the
//! tests below show where they differ.
//!
//! [`collapse_whitespace`]: crate::views::text::collapse_whitespace

mod printed;

pub use printed::{is_l3_alloc, is_l3_dealloc, is_plain_l3_alloc, printed_def_type, printed_result_types};

use crate::air_ops;
use crate::views::text::{after_last_colon, compact, compact_elements, last_type_of, op_elements, split_commas};
use crate::views::{parse_memref_type, Execute, Hierarchy, Op};
use crate::{DefKind, Element, Parse, SyntaxKind, SyntaxNode};
use air_diagnostics::TextRange;

pub const TOKEN_TYPE: &str = "!air.async.token";
pub const UNIVERSE_TYPE: &str = "!air.universe";

/// A value's type and where it is stated or defined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValueType {
    /// The type, on one line (`memref<64xbf16, 2 : i32>`).
    pub text: String,
    /// Where the value is defined (its `%name` token), chunk-relative.
    pub def_range: TextRange,
    /// What defines it, for messages: "function argument", "result of `memref.alloc`", ...
    pub origin: String,
}

/// The type of the value a `VALUE_USE` node refers to.
pub fn type_of_use(parse: &Parse, use_node: SyntaxNode<'_>) -> Option<ValueType> {
    let def = parse.scopes.def_of_use(use_node.id())?;
    let tree = &parse.tree;
    let def_node = tree.node(def.node);
    let def_range = tree.token(def.token).text_range();
    let (text, origin) = match def.kind {
        DefKind::BlockArg => (compact(def_node.child(SyntaxKind::TYPE)?), "block argument".to_string()),
        DefKind::RegionArg => region_arg_type(def_node)?,
        DefKind::Result => {
            let result_list = def_node.parent()?;
            let op = Op::cast(result_list.parent()?)?;
            // The index of this name's first value among the op's results, plus `#k`.
            let mut index = 0usize;
            for result in op.result_nodes() {
                if result == def_node {
                    break;
                }
                index += result_count(result);
            }
            index += use_node
                .significant_tokens()
                .find(|t| t.kind() == SyntaxKind::HASH_ID)
                .and_then(|t| t.text()[1..].parse::<usize>().ok())
                .unwrap_or(0);
            (op_result_type(op, index)?, format!("result of `{}`", op.name()))
        }
    };
    Some(ValueType { text, def_range, origin })
}

fn result_count(result: SyntaxNode<'_>) -> usize {
    result
        .significant_tokens()
        .skip_while(|t| t.kind() != SyntaxKind::COLON)
        .nth(1)
        .and_then(|t| t.text().parse::<usize>().ok())
        .unwrap_or(1)
}

/// A value bound by an op's custom syntax for its region (`ARG_DEF`).
fn region_arg_type(arg: SyntaxNode<'_>) -> Option<(String, String)> {
    let parent = arg.parent()?;
    let op_node = arg.ancestors().find(|a| a.kind() == SyntaxKind::OPERATION)?;
    let op = Op(op_node);
    let index = || ("index".to_string(), format!("index variable of `{}`", op.name()));
    match parent.kind() {
        SyntaxKind::FUNC_ARG => Some((compact(parent.child(SyntaxKind::TYPE)?), "function argument".to_string())),
        SyntaxKind::ID_LIST => Some(index()),
        SyntaxKind::ASSIGN => {
            let list = parent.parent()?;
            match list.kind() {
                SyntaxKind::SIZE_LIST => Some(index()),
                SyntaxKind::ASSIGN_LIST => {
                    let position = list.children_of(SyntaxKind::ASSIGN).position(|a| a == parent)?;
                    if list.parent().is_some_and(|c| c.kind() == SyntaxKind::ARGS_CLAUSE) {
                        // `args(%inner=%outer) : T`: the type stated for that position.
                        let hierarchy = Hierarchy::cast(op)?;
                        let ty = hierarchy.arg_types().get(position).copied()?;
                        return Some((compact(ty), format!("`args` of `{}`", op.name())));
                    }
                    // `iter_args(%a = %init) -> (T, ...)`: the loop's result types.
                    let types = arrow_types(op)?;
                    Some((types.get(position)?.clone(), format!("`iter_args` of `{}`", op.name())))
                }
                _ => None,
            }
        }
        SyntaxKind::OPERATION => {
            // `scf.for %iv = ... [: T]`, `affine.for %i = ...`.
            match op.name() {
                "scf.for" => {
                    // `scf.for %iv = %lb to %ub step %s [iter_args(...) -> (...)] [: T] {`
                    let elements = op_elements(op);
                    let colon = elements.iter().position(|e| e.kind() == SyntaxKind::COLON);
                    match colon {
                        Some(colon) => {
                            let ty: Vec<Element<'_>> = elements[colon + 1..]
                                .iter()
                                .copied()
                                .take_while(|e| e.kind() != SyntaxKind::REGION)
                                .collect();
                            Some((compact_elements(&ty), "induction variable of `scf.for`".to_string()))
                        }
                        None => Some(index()),
                    }
                }
                "affine.for" => Some(index()),
                _ => None,
            }
        }
        _ => None,
    }
}

/// `-> T` or `-> (T1, T2)` written directly in the op (before its regions).
fn arrow_types(op: Op<'_>) -> Option<Vec<String>> {
    let elements = op_elements(op);
    let arrow = elements.iter().position(|e| e.kind() == SyntaxKind::ARROW)?;
    let after: Vec<Element<'_>> = elements[arrow + 1..]
        .iter()
        .copied()
        .take_while(|e| {
            !matches!(
                e.kind(),
                SyntaxKind::REGION | SyntaxKind::ATTR_DICT | SyntaxKind::ATTRIBUTES_CLAUSE | SyntaxKind::COLON
            )
        })
        .collect();
    match after.as_slice() {
        [Element::Node(group)] if group.kind() == SyntaxKind::GROUP && group.text().starts_with('(') => {
            let inner: Vec<Element<'_>> =
                group.elements().filter(|e| !matches!(e.kind(), SyntaxKind::L_PAREN | SyntaxKind::R_PAREN)).collect();
            Some(split_commas(&inner).into_iter().map(compact_elements).collect())
        }
        [] => None,
        _ => Some(vec![compact_elements(&after)]),
    }
}

/// The types of a generic-form op's results (`: (A, B) -> (C, D)`).
fn generic_result_types(op: Op<'_>) -> Option<Vec<String>> {
    let function = op.node().children_of(SyntaxKind::TYPE).last()?;
    let arrow = function.token_of(SyntaxKind::ARROW)?;
    let result = function.children_of(SyntaxKind::TYPE).find(|t| t.text_range().start >= arrow.text_range().end)?;
    let is_list = result.first_token().is_some_and(|t| t.kind() == SyntaxKind::L_PAREN)
        && result.token_of(SyntaxKind::ARROW).is_none();
    if is_list {
        Some(result.children_of(SyntaxKind::TYPE).map(compact).collect())
    } else {
        Some(vec![compact(result)])
    }
}

fn element_type_of(memref: &str) -> Option<String> {
    parse_memref_type(memref).map(|m| m.element)
}

/// Result `index` of `op`, for the ops whose syntax states it.
pub fn op_result_type(op: Op<'_>, index: usize) -> Option<String> {
    if op.is_generic() {
        return generic_result_types(op)?.get(index).cloned();
    }
    let name = op.name();
    let last_type = || after_last_colon(op).and_then(|t| last_type_of(&t));
    let single = |ty: Option<String>| if index == 0 { ty } else { None };
    match name {
        air_ops::EXECUTE => {
            if index == 0 {
                Some(TOKEN_TYPE.to_string())
            } else {
                Execute::cast(op)?.result_types().get(index - 1).map(|t| compact(*t))
            }
        }
        air_ops::LAUNCH
        | air_ops::SEGMENT
        | air_ops::HERD
        | air_ops::RANK
        | air_ops::DMA_MEMCPY_ND
        | air_ops::CHANNEL_PUT
        | air_ops::CHANNEL_GET
        | air_ops::WAIT_ALL
        | air_ops::CUSTOM => single(Some(TOKEN_TYPE.to_string())),
        air_ops::UNIVERSE_ALLOC => single(Some(UNIVERSE_TYPE.to_string())),
        air_ops::TRANSLATE => {
            let types = after_last_colon(op)?;
            single(split_commas(&types).first().map(|t| compact_elements(t)))
        }
        "arith.constant" => {
            let literal = op_elements(op).into_iter().next()?;
            match after_last_colon(op) {
                Some(types) => single(Some(compact_elements(&types))),
                None if matches!(literal.text(), "true" | "false") => single(Some("i1".to_string())),
                None => None,
            }
        }
        "arith.cmpi" | "arith.cmpf" => {
            let operand_type = last_type()?;
            let scalar = !operand_type.contains('<');
            single(scalar.then(|| "i1".to_string()))
        }
        "memref.load" | "affine.load" => single(element_type_of(&after_last_colon(op).map(|t| compact_elements(&t))?)),
        "memref.dim" | "affine.apply" | "affine.min" | "affine.max" => single(Some("index".to_string())),
        "func.call" | "call" | "scf.for" | "scf.if" | "scf.while" | "scf.execute_region" | "scf.parallel"
        | "scf.forall" | "affine.for" | "affine.if" | "affine.parallel" => arrow_types(op)?.get(index).cloned(),
        _ if is_stated_result_op(name) => single(last_type()),
        _ => None,
    }
}

/// Ops with one result whose type is the last type of their custom syntax (`: T`,
/// `: A to B`, `: A into B`).
fn is_stated_result_op(name: &str) -> bool {
    const MEMREF: &[&str] = &[
        "memref.alloc",
        "memref.alloca",
        "memref.get_global",
        "memref.subview",
        "memref.collapse_shape",
        "memref.expand_shape",
        "memref.cast",
        "memref.reinterpret_cast",
        "memref.transpose",
        "memref.view",
        "memref.memory_space_cast",
        "tensor.empty",
        "bufferization.to_tensor",
        "bufferization.to_memref",
        "bufferization.to_buffer",
    ];
    const ARITH: &[&str] = &[
        "arith.addi",
        "arith.subi",
        "arith.muli",
        "arith.divsi",
        "arith.divui",
        "arith.remsi",
        "arith.remui",
        "arith.ceildivsi",
        "arith.ceildivui",
        "arith.floordivsi",
        "arith.andi",
        "arith.ori",
        "arith.xori",
        "arith.maxsi",
        "arith.maxui",
        "arith.minsi",
        "arith.minui",
        "arith.shli",
        "arith.shrsi",
        "arith.shrui",
        "arith.addf",
        "arith.subf",
        "arith.mulf",
        "arith.divf",
        "arith.maximumf",
        "arith.minimumf",
        "arith.maxnumf",
        "arith.minnumf",
        "arith.negf",
        "arith.select",
        "arith.index_cast",
        "arith.index_castui",
        "arith.extsi",
        "arith.extui",
        "arith.trunci",
        "arith.sitofp",
        "arith.uitofp",
        "arith.fptosi",
        "arith.fptoui",
        "arith.extf",
        "arith.truncf",
        "arith.bitcast",
    ];
    MEMREF.contains(&name) || ARITH.contains(&name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::views::{all_ops, module_ops};

    fn printed_types_of(text: &str) -> Vec<Option<String>> {
        let parse = crate::parse(text);
        parse.scopes.defs.iter().map(|d| printed_def_type(&parse, d)).collect()
    }

    /// The stated type of every use, in document order.
    fn stated_types_of_uses(text: &str) -> Vec<Option<String>> {
        let parse = crate::parse(text);
        parse.scopes.resolutions().map(|(node, _)| type_of_use(&parse, parse.tree.node(node)).map(|t| t.text)).collect()
    }

    #[test]
    fn printed_result_types_from_custom_syntax() {
        let text = "func.func @f(%a: memref<4x8xbf16>) {\n  %c = arith.constant 8 : index\n  %s = memref.subview %a[0, 0] [1, 8] [1, 1] : memref<4x8xbf16> to memref<8xbf16, strided<[1]>>\n  %t = air.wait_all async\n  %x = memref.alloc() : memref<64xbf16, 2 : i32>\n  return\n}\n";
        assert_eq!(
            printed_types_of(text),
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
    fn printed_hierarchy_arguments_take_the_args_types() {
        let text = "func.func @f(%a: memref<4xbf16>) {\n  %c1 = arith.constant 1 : index\n  air.launch (%x) in (%sx=%c1) args(%b=%a) : memref<4xbf16> {\n  }\n  return\n}\n";
        let types = printed_types_of(text);
        assert_eq!(types[2], Some("index".to_string()));
        assert_eq!(types[3], Some("index".to_string()));
        assert_eq!(types[4], Some("memref<4xbf16>".to_string()));
    }

    #[test]
    fn l3_allocations_and_deallocations_plain_or_in_an_execute() {
        let text = "func.func @f() {\n  %a = memref.alloc() : memref<4xi32>\n  %b = memref.alloc() : memref<4xi32, 0 : i32>\n  %c = memref.alloc() : memref<4xi32, 1 : i32>\n  %t, %d = air.execute -> (memref<4xi32>) {\n    %x = memref.alloc() : memref<4xi32>\n    air.execute_terminator %x : memref<4xi32>\n  }\n  %u, %e = air.execute -> (memref<4xi32>) {\n    %y = memref.alloc() : memref<4xi32>\n    linalg.fill ins(%i : i32) outs(%y : memref<4xi32>)\n    air.execute_terminator %y : memref<4xi32>\n  }\n  %v = air.execute [%t] {\n    memref.dealloc %d : memref<4xi32>\n  }\n  %w = air.execute [%t] {\n    memref.dealloc %c : memref<4xi32, 1 : i32>\n  }\n  memref.dealloc %a : memref<4xi32>\n  return\n}\n";
        let parse = crate::parse(text);
        let func = module_ops(parse.tree.root())[0];
        let kinds: Vec<(bool, bool)> =
            func.body_ops().iter().map(|op| (is_l3_alloc(*op), is_l3_dealloc(*op))).collect();
        assert_eq!(
            kinds,
            [
                (true, false),  // memory space 0 by default
                (true, false),  // ... or written
                (false, false), // L2
                (true, false),  // an execute that only allocates L3
                (false, false), // an execute that also fills the buffer
                (false, true),  // an execute that only deallocates L3
                (false, false), // an L2 deallocation
                (false, true),
                (false, false), // return
            ]
        );
    }

    /// The two readings on the values where they differ (see the module comment).
    #[test]
    fn stated_and_printed_readings_differ_where_documented() {
        let text = "func.func @f(%n: i32, %m: memref<4xf32>) {\n  %c0 = arith.constant 0 : i32\n  %r = scf.for %i = %c0 to %n step %n iter_args(%acc = %c0) -> (i32) : i32 {\n    \"test.use\"(%i, %acc) : (i32, i32) -> ()\n    scf.yield %acc : i32\n  }\n  %p:2 = \"test.two\"() : () -> (i32, f32)\n  %v = memref.load %m[%c0] : memref<4xf32>\n  \"test.use\"(%p#1, %v) : (f32, f32) -> ()\n  return\n}\n";
        // Defs: %n %m %c0 %r %i %acc %p %v.
        assert_eq!(
            printed_types_of(text),
            vec![
                Some("i32".to_string()),
                Some("memref<4xf32>".to_string()),
                Some("i32".to_string()),
                Some("i32".to_string()),
                Some("index".to_string()),         // the stated reading: `i32`, after the `:`
                None,                              // `iter_args`: the stated reading gives the loop's type
                None,                              // a result group
                Some("memref<4xf32>".to_string()), // the last type printed, not the element type
            ]
        );
        // Uses: %c0 %n %n %c0 (loop header), %i %acc, %acc (yield), %m %c0, %p#1 %v.
        assert_eq!(
            stated_types_of_uses(text),
            vec![
                Some("i32".to_string()),
                Some("i32".to_string()),
                Some("i32".to_string()),
                Some("i32".to_string()),
                Some("i32".to_string()),
                Some("i32".to_string()),
                Some("i32".to_string()),
                Some("memref<4xf32>".to_string()),
                Some("i32".to_string()),
                Some("f32".to_string()),
                Some("f32".to_string()),
            ]
        );
        let parse = crate::parse(text);
        let load = all_ops(parse.tree.root()).find(|op| op.name() == "memref.load");
        assert_eq!(load.map(printed_result_types), Some(vec!["memref<4xf32>".to_string()]));
        assert_eq!(load.and_then(|op| op_result_type(op, 0)).as_deref(), Some("f32"));
    }
}
