//! What wrap-bare-herds makes of one run of body ops: which ops move into the new
//! `air.launch`/`air.segment`, which stay before the launch (L3 allocations, plain or in an
//! `air.execute`) and after it (their deallocations), which values the moved ops take from
//! outside (threaded through `args(...)`), which async tokens from outside they wait on (the
//! launch's dependencies: a launch body is IsolatedFromAbove, so it cannot name them), and which
//! uses after the launch of tokens from inside it must print the launch's own token instead.
//! Whatever the wrapper cannot express is a diagnostic, never invalid AIR.

use crate::codes;
use crate::slice::KernelFunc;
use air_diagnostics::{Diagnostic, FileId};
use air_syntax::views::value_types::{is_l3_alloc, is_l3_dealloc, is_plain_l3_alloc, printed_def_type, TOKEN_TYPE};
use air_syntax::views::Op;
use air_syntax::{Def, DefKind, Parse, SyntaxNode, TokenId};

/// How one run is wrapped.
#[derive(Debug)]
pub(crate) struct RunPlan<'a> {
    /// L3 allocations: they stay before the launch, in order.
    pub hoisted: Vec<Op<'a>>,
    /// L3 deallocations: they go after the launch, in order.
    pub sunk: Vec<Op<'a>>,
    /// Everything else: it moves into the segment.
    pub moved: Vec<Op<'a>>,
    /// Values (not tokens) from outside the moved ops, in threading order, with their types.
    pub captured: Vec<(TokenId, String)>,
    /// Each use of a captured value inside: `(use token, index into captured)`.
    pub captured_uses: Vec<(TokenId, usize)>,
    /// Tokens from outside the moved ops wait on (definition tokens, in definition order): the
    /// launch depends on them, and inside, a fresh token stands for each.
    pub deps: Vec<TokenId>,
    /// Each use of a dependency inside: `(use token, index into deps)`.
    pub dep_uses: Vec<(TokenId, usize)>,
    /// Uses outside the launch of tokens defined inside it: they print the launch's token.
    pub launch_token_uses: Vec<TokenId>,
}

/// Where a node is relative to the run.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Place {
    Outside,
    Hoisted,
    Moved,
    Sunk,
}

fn within(ops: &[Op<'_>], node: SyntaxNode<'_>) -> bool {
    ops.iter().any(|op| op.node() == node || op.node().is_ancestor_of(node))
}

fn is_token(parse: &Parse, def: &Def) -> bool {
    def.kind == DefKind::Result && printed_def_type(parse, def).as_deref() == Some(TOKEN_TYPE)
}

/// Splits `run` and works out everything its wrapper threads, or says why it cannot.
pub(crate) fn plan_run<'a>(
    parse: &'a Parse,
    file: FileId,
    kernel: &KernelFunc<'a>,
    run: &[Op<'a>],
) -> Result<RunPlan<'a>, Vec<Diagnostic>> {
    let mut plan = RunPlan {
        hoisted: run.iter().copied().filter(|op| is_l3_alloc(*op)).collect(),
        sunk: run.iter().copied().filter(|op| is_l3_dealloc(*op)).collect(),
        moved: run.iter().copied().filter(|op| !is_l3_alloc(*op) && !is_l3_dealloc(*op)).collect(),
        captured: Vec::new(),
        captured_uses: Vec::new(),
        deps: Vec::new(),
        dep_uses: Vec::new(),
        launch_token_uses: Vec::new(),
    };
    let mut errors = trapped_allocations(file, &plan.moved);
    let mut captured: Vec<TokenId> = Vec::new();
    classify_uses(parse, file, &mut plan, &mut captured, &mut errors);
    // Function arguments first, in signature order, then other values in definition order
    // (readable wrappers, whatever order the body uses them in); tokens in definition order.
    let rank = |token: TokenId| match kernel.args.iter().position(|a| a.name.is_some_and(|n| n.id() == token)) {
        Some(position) => (position, 0),
        None => (kernel.args.len(), token.0),
    };
    reorder(&mut captured, &mut plan.captured_uses, rank);
    reorder(&mut plan.deps, &mut plan.dep_uses, |token| token.0);
    let tree = &parse.tree;
    for token in captured {
        let def = parse.scopes.defs.iter().find(|d| d.token == token);
        match def.and_then(|d| printed_def_type(parse, d)) {
            Some(ty) => plan.captured.push((token, ty)),
            None => errors.push(
                Diagnostic::error(
                    codes::WRAP_UNSUPPORTED,
                    format!(
                        "cannot wrap the bare herd: the type of `{}` is not written at its definition",
                        tree.token(token).text()
                    ),
                )
                .with_primary(file, tree.token(token).text_range(), "defined here")
                .with_help("the wrapper must list the type of every value it passes in; pass this value in as a function argument"),
            ),
        }
    }
    if errors.is_empty() {
        Ok(plan)
    } else {
        Err(errors)
    }
}

/// Sorts `keys` by `rank` and renumbers the `(use, index)` pairs that point into it.
fn reorder<K: Ord>(keys: &mut Vec<TokenId>, uses: &mut [(TokenId, usize)], rank: impl Fn(TokenId) -> K) {
    let mut order: Vec<usize> = (0..keys.len()).collect();
    order.sort_by_key(|idx| rank(keys[*idx]));
    let mut position_of = vec![0usize; keys.len()];
    for (new, old) in order.iter().enumerate() {
        position_of[*old] = new;
    }
    *keys = order.iter().map(|idx| keys[*idx]).collect();
    for (_, idx) in uses.iter_mut() {
        *idx = position_of[*idx];
    }
}

/// The index of `token` in `keys`, appending it when new.
fn index_of(keys: &mut Vec<TokenId>, token: TokenId) -> usize {
    match keys.iter().position(|k| *k == token) {
        Some(idx) => idx,
        None => {
            keys.push(token);
            keys.len() - 1
        }
    }
}

/// Goes through every use of a value and records, by where its definition and the use are,
/// what the wrapper must do with it.
fn classify_uses(
    parse: &Parse,
    file: FileId,
    plan: &mut RunPlan<'_>,
    captured: &mut Vec<TokenId>,
    errors: &mut Vec<Diagnostic>,
) {
    let tree = &parse.tree;
    let place = |node: SyntaxNode<'_>| {
        if within(&plan.moved, node) {
            Place::Moved
        } else if within(&plan.hoisted, node) {
            Place::Hoisted
        } else if within(&plan.sunk, node) {
            Place::Sunk
        } else {
            Place::Outside
        }
    };
    let mut dep_uses = Vec::new();
    let mut captured_uses = Vec::new();
    let mut launch_token_uses = Vec::new();
    let mut deps = Vec::new();
    for (use_node, def) in parse.scopes.resolutions() {
        let Some(def) = def.map(|id| parse.scopes.def(id)) else { continue };
        let use_node = tree.node(use_node);
        let Some(use_token) = use_node.first_token().map(|t| t.id()) else { continue };
        let problem = match (place(tree.node(def.node)), place(use_node)) {
            (Place::Moved, Place::Hoisted) => Some(Problem::AllocUsesInside),
            (Place::Moved, Place::Outside | Place::Sunk) if is_token(parse, def) => {
                launch_token_uses.push(use_token);
                None
            }
            (Place::Moved, Place::Outside | Place::Sunk) => Some(Problem::UsedAfter),
            (Place::Sunk, Place::Moved | Place::Hoisted) => Some(Problem::DeallocUsedBefore),
            (Place::Outside | Place::Hoisted, Place::Moved) => {
                if is_token(parse, def) {
                    dep_uses.push((use_token, index_of(&mut deps, def.token)));
                } else {
                    captured_uses.push((use_token, index_of(captured, def.token)));
                }
                None
            }
            _ => None,
        };
        if let Some(problem) = problem {
            let name = tree.token(def.token).text();
            errors.push(problem.diagnostic(file, name, use_node.text_range(), tree.token(def.token).text_range()));
        }
    }
    plan.deps = deps;
    plan.dep_uses = dep_uses;
    plan.captured_uses = captured_uses;
    plan.launch_token_uses = launch_token_uses;
}

/// A use the wrapper cannot keep valid.
#[derive(Clone, Copy)]
enum Problem {
    /// A value from inside the launch used after it (tokens are fine: the launch's stands in).
    UsedAfter,
    /// An L3 allocation, which stays before the launch, uses a value from inside it.
    AllocUsesInside,
    /// A value of an L3 deallocation, which goes after the launch, used before its end.
    DeallocUsedBefore,
}

impl Problem {
    fn diagnostic(
        self,
        file: FileId,
        name: &str,
        use_range: air_diagnostics::TextRange,
        def_range: air_diagnostics::TextRange,
    ) -> Diagnostic {
        let by_hand = "or wrap the kernel in `air.launch`/`air.segment` by hand";
        let (message, use_label, def_label, help) = match self {
            Problem::UsedAfter => (
                format!("cannot wrap the bare herd: `{name}` is defined inside the new launch but used after it"),
                "used here, outside the wrapped ops",
                "defined here, inside the wrapped ops",
                format!("define the value again after the herd, {by_hand}"),
            ),
            Problem::AllocUsesInside => (
                format!("cannot wrap the bare herd: an L3 allocation uses `{name}`, which is defined inside the new launch"),
                "used here, by an allocation that must stay before the launch (AIR allows no L3 allocation in a segment)",
                "defined here, inside the wrapped ops",
                format!("the wrapper moves every op but L3 allocations and deallocations into the launch; pass the value in as a function argument, {by_hand}"),
            ),
            Problem::DeallocUsedBefore => (
                format!("cannot wrap the bare herd: `{name}` comes from an L3 deallocation, which moves after the new launch, but is used before the launch ends"),
                "used here, inside or before the launch",
                "defined here, by the deallocation",
                format!("deallocate the buffer after the herd's last use of it, {by_hand}"),
            ),
        };
        Diagnostic::error(codes::WRAP_UNSUPPORTED, message)
            .with_primary(file, use_range, use_label)
            .with_secondary(file, def_range, def_label)
            .with_help(help)
    }
}

/// L3 allocations nested in the moved ops (in a loop, or in an `air.execute` that does more
/// than allocate): they cannot stay outside, and AIR refuses them inside a segment.
fn trapped_allocations(file: FileId, moved: &[Op<'_>]) -> Vec<Diagnostic> {
    moved
        .iter()
        .flat_map(|op| op.node().descendants().filter_map(Op::cast))
        .filter(|op| is_plain_l3_alloc(*op))
        .map(|op| {
            Diagnostic::error(
                codes::WRAP_UNSUPPORTED,
                "cannot wrap the bare herd: this L3 allocation would end up inside the new `air.segment`",
            )
            .with_primary(file, op.node().text_range(), "an L3 allocation nested in an op that moves into the segment")
            .with_help("AIR allows only L2 and L1 allocations in a segment; allocate the buffer at the top level of the function (plainly, or as the only op of an `air.execute`), or wrap the kernel in `air.launch`/`air.segment` by hand")
        })
        .collect()
}
