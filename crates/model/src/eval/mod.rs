//! Constant (and linear) evaluation of index values over the syntax tree.
//!
//! A value use is followed to its definition through the SSA scopes: `arith.constant`, the
//! integer `arith` ops, `affine.apply` / `affine.min` / `affine.max` on inline maps or `#map`
//! aliases, `air.execute` results (through `air.execute_terminator`), and the `args(%in=%out)`
//! and size lists of `air.launch` / `air.segment` / `air.herd`. Loop induction variables and
//! hierarchy ids become variables of a [`Lin`], so an offset like `%iv * 64 + %tx` keeps its
//! shape. Anything else (function arguments, loop-carried values, non-linear arithmetic) is
//! [`Value::Unknown`] with the reason, never a guess.

pub mod affine;
pub mod lin;

use affine::{eval_expr, parse_affine_map, AffineMap};
use air_diagnostics::TextRange;
use air_syntax::air_ops;
use air_syntax::views::{op_of_result, significant_direct_tokens};
use air_syntax::views::{parse_int_literal, Op};
use air_syntax::{DefKind, NodeId, Parse, SyntaxKind::*, SyntaxNode};
pub use lin::{Lin, VarId};
use rustc_hash::FxHashMap;
use std::cell::RefCell;

/// Why a value is not known at compile time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unknown {
    /// What the value is (`function argument %arg0`, `result of scf.for`).
    pub what: String,
    /// Where the unknown value is defined (or used, when it has no definition).
    pub range: TextRange,
}

/// An index value: linear in loop/hierarchy variables, or unknown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Lin(Lin),
    Unknown(Unknown),
}

impl Value {
    pub fn as_const(&self) -> Option<i64> {
        match self {
            Value::Lin(lin) => lin.as_const(),
            Value::Unknown(_) => None,
        }
    }

    pub fn as_lin(&self) -> Option<&Lin> {
        match self {
            Value::Lin(lin) => Some(lin),
            Value::Unknown(_) => None,
        }
    }

    pub fn constant(value: i64) -> Value {
        Value::Lin(Lin::constant(value))
    }

    fn unknown(what: impl Into<String>, range: TextRange) -> Value {
        Value::Unknown(Unknown { what: what.into(), range })
    }
}

/// Deepest chain of definitions followed before giving up (keeps the stack bounded).
const MAX_DEPTH: u32 = 200;

/// Evaluates value uses of one parsed chunk, with a cache per definition.
pub struct Evaluator<'p> {
    parse: &'p Parse,
    maps: FxHashMap<String, Option<AffineMap>>,
    cache: RefCell<FxHashMap<(u32, u32), Value>>,
}

impl<'p> Evaluator<'p> {
    pub fn new(parse: &'p Parse) -> Evaluator<'p> {
        let mut maps = FxHashMap::default();
        for alias in parse.tree.root().children_of(ALIAS_DEF) {
            let Some(name) = alias.token_of(HASH_ID) else { continue };
            let map = alias.child(ATTRIBUTE).and_then(|attr| parse_affine_map(attr.text()));
            maps.insert(name.text().to_string(), map);
        }
        Evaluator { parse, maps, cache: RefCell::new(FxHashMap::default()) }
    }

    pub fn parse(&self) -> &'p Parse {
        self.parse
    }

    /// The value of a `VALUE_USE` node.
    pub fn eval_use(&self, use_node: SyntaxNode<'p>) -> Value {
        self.eval_use_depth(use_node, 0)
    }

    /// A `#map` alias, parsed.
    pub fn alias_map(&self, name: &str) -> Option<&AffineMap> {
        self.maps.get(name).and_then(|m| m.as_ref())
    }

    fn eval_use_depth(&self, use_node: SyntaxNode<'p>, depth: u32) -> Value {
        let scopes = &self.parse.scopes;
        let Some(def) = scopes.def_of_use(use_node.id()) else {
            return Value::unknown(format!("`{}` is not defined", use_node.text().trim()), use_node.text_range());
        };
        let def_node = self.parse.tree.node(def.node);
        let result_index = match def.kind {
            DefKind::Result => result_index(def_node, use_node),
            _ => 0,
        };
        let key = (def.node.0, result_index);
        if let Some(value) = self.cache.borrow().get(&key) {
            return value.clone();
        }
        if depth > MAX_DEPTH {
            return Value::unknown("a definition chain too deep to follow", def_node.text_range());
        }
        let value = match def.kind {
            DefKind::Result => self.eval_result(def_node, result_index, depth),
            DefKind::RegionArg => self.eval_region_arg(def_node, depth),
            DefKind::BlockArg => {
                Value::unknown(format!("block argument `{}`", def_node.text().trim()), def_node.text_range())
            }
        };
        self.cache.borrow_mut().insert(key, value.clone());
        value
    }

    fn eval_region_arg(&self, arg: SyntaxNode<'p>, depth: u32) -> Value {
        let name = arg.text().trim().to_string();
        let Some(parent) = arg.parent() else {
            return Value::unknown(format!("`{name}`"), arg.text_range());
        };
        match parent.kind() {
            ASSIGN => {
                // `%inner = %outer` of a hierarchy op's sizes or `args(...)`: the same value.
                let list = parent.parent();
                let owner = list.and_then(|l| {
                    if l.kind() == ASSIGN_LIST {
                        l.parent().filter(|c| c.kind() == ARGS_CLAUSE).and_then(|c| c.parent())
                    } else if l.kind() == SIZE_LIST {
                        l.parent()
                    } else {
                        None
                    }
                });
                let is_hierarchy = owner.and_then(Op::cast).is_some_and(|op| {
                    matches!(op.name(), air_ops::LAUNCH | air_ops::SEGMENT | air_ops::HERD | air_ops::RANK)
                });
                match (is_hierarchy, parent.child(VALUE_USE)) {
                    (true, Some(outer)) => self.eval_use_depth(outer, depth + 1),
                    _ => Value::unknown(format!("loop-carried value `{name}`"), arg.text_range()),
                }
            }
            ID_LIST => Value::Lin(Lin::var(arg.id().0)),
            OPERATION => match Op(parent).name() {
                "scf.for" | "affine.for" => Value::Lin(Lin::var(arg.id().0)),
                other => Value::unknown(format!("region argument `{name}` of `{other}`"), arg.text_range()),
            },
            FUNC_ARG => Value::unknown(format!("function argument `{name}`"), arg.text_range()),
            _ => Value::unknown(format!("region argument `{name}`"), arg.text_range()),
        }
    }

    fn operands(&self, op: Op<'p>, depth: u32) -> Vec<Value> {
        op.node().children_of(VALUE_USE).map(|u| self.eval_use_depth(u, depth + 1)).collect()
    }

    fn eval_result(&self, result: SyntaxNode<'p>, index: u32, depth: u32) -> Value {
        let Some(op) = op_of_result(result) else {
            return Value::unknown("a result of an unknown op", result.text_range());
        };
        let name = op.name();
        let range = op.node().text_range();
        let not_linear = || Value::unknown(format!("a non-linear `{name}`"), range);
        match name {
            "arith.constant" => constant_literal(op)
                .map(Value::constant)
                .unwrap_or_else(|| Value::unknown("a non-integer `arith.constant`", range)),
            "arith.index_cast" | "arith.index_castui" | "arith.extsi" | "arith.extui" | "arith.trunci" => {
                self.operands(op, depth).into_iter().next().unwrap_or_else(not_linear)
            }
            "arith.addi" | "arith.subi" | "arith.muli" => {
                let values = self.operands(op, depth);
                let (Some(a), Some(b)) = (values.first(), values.get(1)) else { return not_linear() };
                let (a, b) = match (a, b) {
                    (Value::Lin(a), Value::Lin(b)) => (a, b),
                    (Value::Unknown(u), _) | (_, Value::Unknown(u)) => return Value::Unknown(u.clone()),
                };
                let out = match name {
                    "arith.addi" => a.checked_add(b),
                    "arith.subi" => a.checked_sub(b),
                    _ => a.checked_mul(b),
                };
                out.map(Value::Lin).unwrap_or_else(not_linear)
            }
            "arith.divsi" | "arith.divui" | "arith.floordivsi" | "arith.ceildivsi" | "arith.ceildivui"
            | "arith.remsi" | "arith.remui" | "arith.maxsi" | "arith.minsi" | "arith.maxui" | "arith.minui"
            | "arith.shli" | "arith.shrsi" | "arith.shrui" | "arith.andi" | "arith.ori" | "arith.xori" => {
                let values = self.operands(op, depth);
                let (Some(a), Some(b)) = (values.first(), values.get(1)) else { return not_linear() };
                if let Value::Unknown(u) = a {
                    return Value::Unknown(u.clone());
                }
                if let Value::Unknown(u) = b {
                    return Value::Unknown(u.clone());
                }
                match (a.as_const(), b.as_const()) {
                    (Some(x), Some(y)) => integer_binop(name, x, y).map(Value::constant).unwrap_or_else(not_linear),
                    _ => not_linear(),
                }
            }
            "affine.apply" | "affine.min" | "affine.max" => self.eval_affine(op, depth),
            air_ops::EXECUTE => {
                if index == 0 {
                    return Value::unknown("an async token", range);
                }
                let terminator = op.body_ops().into_iter().rev().find(|o| o.name() == air_ops::EXECUTE_TERMINATOR);
                match terminator.and_then(|t| t.node().children_of(VALUE_USE).nth(index as usize - 1)) {
                    Some(value) => self.eval_use_depth(value, depth + 1),
                    None => Value::unknown("an `air.execute` result without a terminator value", range),
                }
            }
            _ => Value::unknown(format!("the result of `{name}`"), range),
        }
    }

    fn eval_affine(&self, op: Op<'p>, depth: u32) -> Value {
        let name = op.name();
        let range = op.node().text_range();
        let map = if let Some(alias) = op.node().token_of(HASH_ID) {
            self.alias_map(alias.text()).cloned()
        } else {
            op.node()
                .children_of(GROUP)
                .find(|g| g.first_token().is_some_and(|t| t.kind() == L_ANGLE))
                .and_then(|g| parse_affine_map(g.text()))
        };
        let Some(map) = map else {
            return Value::unknown(format!("`{name}` with a map that could not be read"), range);
        };
        let mut dims = Vec::new();
        let mut syms = Vec::new();
        let mut first_unknown = None;
        for group in op.node().children_of(GROUP) {
            let open = group.first_token().map(|t| t.kind());
            let target = match open {
                Some(L_PAREN) => &mut dims,
                Some(L_BRACK) => &mut syms,
                _ => continue,
            };
            for value_use in group.children_of(VALUE_USE) {
                match self.eval_use_depth(value_use, depth + 1) {
                    Value::Lin(lin) => target.push(Some(lin)),
                    Value::Unknown(u) => {
                        first_unknown.get_or_insert(u);
                        target.push(None);
                    }
                }
            }
        }
        let results: Vec<Option<Lin>> = map.results.iter().map(|e| eval_expr(e, &dims, &syms)).collect();
        let unknown = |first_unknown: Option<Unknown>| match first_unknown {
            Some(u) => Value::Unknown(u),
            None => Value::unknown(format!("a non-linear `{name}`"), range),
        };
        if name == "affine.apply" {
            return match results.into_iter().next().flatten() {
                Some(lin) => Value::Lin(lin),
                None => unknown(first_unknown),
            };
        }
        let consts: Option<Vec<i64>> = results.iter().map(|r| r.as_ref().and_then(Lin::as_const)).collect();
        let picked = consts.and_then(|c| if name == "affine.min" { c.into_iter().min() } else { c.into_iter().max() });
        match picked {
            Some(value) => Value::constant(value),
            None => unknown(first_unknown),
        }
    }
}

/// Which result of a multi-result op a use refers to: earlier results' counts plus `#k`.
pub fn result_index(result: SyntaxNode<'_>, use_node: SyntaxNode<'_>) -> u32 {
    let mut index = 0u32;
    if let Some(list) = result.parent() {
        for sibling in list.children_of(RESULT) {
            if sibling == result {
                break;
            }
            let count = sibling
                .significant_tokens()
                .filter(|t| t.kind() == INT)
                .last()
                .and_then(|t| parse_int_literal(t.text()))
                .unwrap_or(1);
            index += count.max(1) as u32;
        }
    }
    let hash = use_node
        .significant_tokens()
        .find(|t| t.kind() == HASH_ID)
        .and_then(|t| t.text().strip_prefix('#').and_then(|n| n.parse::<u32>().ok()))
        .unwrap_or(0);
    index + hash
}

/// `arith.constant 42 : index` → 42; `-3`, `true`/`false` as well.
fn constant_literal(op: Op<'_>) -> Option<i64> {
    let mut tokens = significant_direct_tokens(op.node());
    let first = tokens.next()?;
    match first.kind() {
        INT => parse_int_literal(first.text()),
        MINUS => tokens.next().filter(|t| t.kind() == INT).and_then(|t| parse_int_literal(t.text())).map(|v| -v),
        BARE_ID if first.text() == "true" => Some(1),
        BARE_ID if first.text() == "false" => Some(0),
        _ => None,
    }
}

fn integer_binop(name: &str, a: i64, b: i64) -> Option<i64> {
    match name {
        "arith.divsi" | "arith.divui" => a.checked_div(b),
        "arith.floordivsi" => lin::floor_div(a, b),
        "arith.ceildivsi" | "arith.ceildivui" => lin::ceil_div(a, b),
        "arith.remsi" | "arith.remui" => a.checked_rem(b),
        "arith.maxsi" | "arith.maxui" => Some(a.max(b)),
        "arith.minsi" | "arith.minui" => Some(a.min(b)),
        "arith.shli" => u32::try_from(b).ok().and_then(|s| a.checked_shl(s)),
        "arith.shrsi" | "arith.shrui" => u32::try_from(b).ok().and_then(|s| a.checked_shr(s)),
        "arith.andi" => Some(a & b),
        "arith.ori" => Some(a | b),
        "arith.xori" => Some(a ^ b),
        _ => None,
    }
}

/// The node id of a value's definition, for identity comparisons.
pub fn def_node_of_use(parse: &Parse, use_node: SyntaxNode<'_>) -> Option<NodeId> {
    parse.scopes.def_of_use(use_node.id()).map(|d| d.node)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use air_syntax::views::all_ops;

    fn values_of_returns(text: &str) -> Vec<Value> {
        let parse = air_syntax::parse(text);
        assert!(!parse.has_errors(), "{:?}", parse.all_errors());
        let eval = Evaluator::new(&parse);
        let out: Vec<Value> = all_ops(parse.tree.root())
            .filter(|op| op.name() == "test.use")
            .flat_map(|op| op.operand_uses())
            .map(|u| eval.eval_use(u))
            .collect();
        out
    }

    #[test]
    fn constants_follow_arith_affine_execute_and_hierarchy_args() {
        let text = r#"#map = affine_map<()[s0] -> (s0 * 4 + 1)>
func.func @f(%arg0: index) {
  %c8 = arith.constant 8 : index
  %c3 = arith.constant 3 : index
  %m = arith.muli %c8, %c3 : index
  %a = affine.apply #map()[%m]
  %t, %v = air.execute -> (index) {
    %q = arith.constant 5 : index
    air.execute_terminator %q : index
  }
  %h = air.herd tile (%x, %y) in (%sx=%c8, %sy=%c3) args(%k=%a) : index {
    "test.use"(%sx, %k, %x) : (index, index, index) -> ()
  }
  "test.use"(%m, %a, %v, %arg0) : (index, index, index, index) -> ()
  return
}
"#;
        let values = values_of_returns(text);
        let consts: Vec<Option<i64>> = values.iter().map(Value::as_const).collect();
        assert_eq!(consts, vec![Some(8), Some(97), None, Some(24), Some(97), Some(5), None]);
        assert!(matches!(&values[2], Value::Lin(l) if l.terms.len() == 1));
        assert!(matches!(&values[6], Value::Unknown(u) if u.what == "function argument `%arg0`"));
    }

    #[test]
    fn loop_variables_stay_symbolic_and_min_folds_constants() {
        let text = r#"func.func @f() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c2 {
    %o = affine.apply affine_map<(d0) -> (d0 * 128 + 7)>(%i)
    %n = affine.min affine_map<(d0) -> (d0, 16)>(%c64)
    %p = arith.muli %i, %i : index
    "test.use"(%o, %n, %p) : (index, index, index) -> ()
  }
  return
}
"#;
        let values = values_of_returns(text);
        let lin = values[0].as_lin().unwrap();
        assert_eq!(lin.constant, 7);
        assert_eq!(lin.terms.len(), 1);
        assert_eq!(lin.terms[0].1, 128);
        assert_eq!(values[1].as_const(), Some(16));
        assert!(matches!(&values[2], Value::Unknown(u) if u.what == "a non-linear `arith.muli`"));
    }
}
