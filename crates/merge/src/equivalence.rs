//! The equivalence check run on every merge: each slice's ops in the merged module are, token
//! for token, the ops of its source, up to renaming and the declared wiring.
//!
//! For every slice, the ops of its kernel body are compared with the ops assembly placed for
//! it in the merged function (looking through the launch/segment a wrapper added). Both sides are normalised token by token:
//! - SSA names: a kernel argument becomes `ARG<i>` (on the merged side: the combined argument or
//!   prelude alias, mapped back through the plan to the slice arguments wired to it, and through
//!   the wrapper's `args(...)`); every other merged name must be the source name with the slice
//!   prefix (`%q_0` ⇔ `%0`). Names are compared as text: MLIR forbids redefining a visible name,
//!   so equal spellings in corresponding positions are the same value;
//! - symbols, aliases and `sym_name` strings lose the prefix; renamed externs, their objects and
//!   shared aliases map back to the source spellings;
//! - trivia is ignored (ops are re-indented).
//!
//! A mismatch is an internal error: the stitch changed something it was not asked to change.

use crate::codes;
use crate::passes::externs::ExternState;
use crate::passes::remap_args::Target;
use crate::passes::SliceState;
use crate::plan::tile_sizes_attr;
use crate::slice::KernelFunc;
use air_diagnostics::{Diagnostic, LineIndex};
use air_syntax::air_attrs;
use air_syntax::air_attrs::SHIM_DMA_TILE_SIZES as TILE_SIZES_ATTR;
use air_syntax::air_ops;
use air_syntax::views::value_types::{is_l3_alloc, is_l3_dealloc};
use air_syntax::views::{symbol_name, unquote_string, Hierarchy, Op};
use air_syntax::{Parse, SyntaxKind, TokenId};
use rustc_hash::FxHashMap;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

/// The message of an output that does not parse.
pub const PARSE_CHECK_MESSAGE: &str =
    "internal error: the merged module does not parse cleanly (this is a bug in air-stitch; please report it with the inputs)";

/// What the check needs to know about one slice.
pub struct SliceFacts<'a> {
    pub prefix: &'a str,
    pub parse: &'a Parse,
    pub kernel: &'a KernelFunc<'a>,
    /// Slice argument index → where it was wired.
    pub targets: &'a BTreeMap<usize, Target>,
    /// Where the slice's body ops are in the merged text.
    pub body: (u32, u32),
    /// Names (after prefixing, without `@`) of the segments a wrapper added.
    pub wrapper_segments: BTreeSet<String>,
    /// Alias final name → source name (both with sigil).
    pub aliases: BTreeMap<String, String>,
    /// Prefixed symbol → source symbol (without `@`), as prefix-symbols renamed them.
    pub symbols: BTreeMap<String, String>,
    /// Renamed extern symbol → source symbol (without `@`).
    pub extern_symbols: BTreeMap<String, String>,
    /// Renamed object → source object.
    pub objects: BTreeMap<String, String>,
    /// The plan's `shim_dma_tile_sizes` for the slice: every launch of the merged slice must
    /// carry it (an expected difference); without it the launches keep their own.
    pub tile_sizes: Option<Vec<i64>>,
}

impl<'a> SliceFacts<'a> {
    /// What the check needs from a slice whose passes ran, and where assembly put its body.
    pub fn of(state: &'a SliceState<'_>, body: (u32, u32), externs: &ExternState) -> SliceFacts<'a> {
        let slice = state.slice;
        let prefix = state.plan.prefix.as_str();
        let renames = externs.renames.iter().filter(|r| r.slice == prefix);
        SliceFacts {
            prefix,
            parse: &slice.parse,
            kernel: &state.kernel,
            targets: &state.targets,
            body,
            wrapper_segments: state.rewrite.synthetic_symbol_names().iter().cloned().collect(),
            symbols: state.found.symbols.iter().map(|(old, new)| (new.clone(), old.clone())).collect(),
            aliases: state
                .found
                .aliases
                .iter()
                .filter_map(|a| Some((a.name.clone(), slice.parse.tree.node(a.node).first_token()?.text().to_string())))
                .collect(),
            extern_symbols: renames.clone().map(|r| (r.new_symbol.clone(), r.symbol.clone())).collect(),
            objects: renames.filter_map(|r| Some((r.new_object.clone()?, r.object.clone()?))).collect(),
            tile_sizes: state.plan.shim_dma_tile_sizes.clone(),
        }
    }
}

/// Name tables for one slice. Names can be compared as text because MLIR forbids redefining a
/// visible name: a use spelled like a kernel argument (or a combined argument, or a prelude
/// alias) is that value.
struct Names {
    /// Source kernel argument name (without `%`) → index.
    source_args: FxHashMap<String, usize>,
    /// Merged name (without `%`) of a combined argument or prelude alias → slice argument indices.
    merged_args: FxHashMap<String, BTreeSet<usize>>,
    /// A wrapper block argument, or a token a wrapper's segment starts with (merged name) →
    /// the value it forwards (the launch's dependency it stands for).
    forwards: FxHashMap<String, String>,
    /// The tokens of wrapper launches (merged names): each stands, after its launch, for any
    /// token defined inside it.
    launch_tokens: BTreeSet<String>,
    /// Values defined inside wrapper launches (merged names).
    wrapped_defs: BTreeSet<String>,
    /// Source `PERCENT_ID` tokens that are a definition or a resolved use. The others name no
    /// value (the ids of a region-less `air.launch @f (%t) in (%s = %c)`), so no pass renames
    /// them.
    bound: TokenSet,
}

/// A set of the slice's token ids, one bit per token (built for every slice: a hash set cost
/// more than the comparison it serves).
struct TokenSet(Vec<u64>);

impl TokenSet {
    fn with_tokens(count: usize) -> TokenSet {
        TokenSet(vec![0; count.div_ceil(64)])
    }

    fn insert(&mut self, id: u32) {
        if let Some(word) = self.0.get_mut(id as usize / 64) {
            *word |= 1 << (id % 64);
        }
    }

    fn contains(&self, id: u32) -> bool {
        self.0.get(id as usize / 64).is_some_and(|word| word & (1 << (id % 64)) != 0)
    }
}

impl Names {
    fn new(ops: &[Op<'_>], facts: &SliceFacts<'_>) -> Names {
        let source_args = facts
            .kernel
            .args
            .iter()
            .enumerate()
            .filter_map(|(idx, a)| Some((a.name?.text().trim_start_matches('%').to_string(), idx)))
            .collect();
        let mut merged_args: FxHashMap<String, BTreeSet<usize>> = FxHashMap::default();
        for (idx, target) in facts.targets {
            merged_args.entry(target.value_name()).or_default().insert(*idx);
        }
        let mut forwards = FxHashMap::default();
        let mut launch_tokens = BTreeSet::new();
        let mut wrapped_defs = BTreeSet::new();
        let bare = |text: &str| text.trim_start_matches('%').to_string();
        for op in ops {
            let Some(segment) = wrapper_segment(*op, facts) else { continue };
            for wrapper in [*op, segment] {
                for arg in Hierarchy::cast(wrapper).map(|h| h.kernel_args()).unwrap_or_default() {
                    if let Some(outer) = arg.outer.and_then(|o| o.first_token()) {
                        forwards.insert(bare(arg.inner.text()), bare(outer.text()));
                    }
                }
            }
            let deps = Hierarchy::cast(*op).map(|h| h.deps()).unwrap_or_default();
            for (dep, token) in deps.iter().zip(wrapper_tokens(*op, segment)) {
                forwards.insert(bare(token.text()), bare(dep.text()));
            }
            launch_tokens.extend(op.result_names().iter().map(|t| bare(t.text())));
            for node in op.node().descendants().filter(|n| matches!(n.kind(), SyntaxKind::RESULT)) {
                if let Some(token) = node.first_token() {
                    wrapped_defs.insert(bare(token.text()));
                }
            }
        }
        let scopes = &facts.parse.scopes;
        let tree = &facts.parse.tree;
        let mut bound = TokenSet::with_tokens(tree.token_count());
        for def in &scopes.defs {
            bound.insert(def.token.0);
        }
        for (node, _) in scopes.resolutions().filter(|(_, def)| def.is_some()) {
            bound.insert(tree.node(node).token_range().0);
        }
        Names { source_args, merged_args, forwards, launch_tokens, wrapped_defs, bound }
    }
}

/// The `air.wait_all async` ops a wrapper's segment starts with, one per dependency of its
/// launch: the tokens that stand inside for the dependencies (a launch body is
/// IsolatedFromAbove). Returns their result tokens.
fn wrapper_tokens<'a>(launch: Op<'a>, segment: Op<'a>) -> Vec<air_syntax::SyntaxToken<'a>> {
    let count = Hierarchy::cast(launch).map(|h| h.deps().len()).unwrap_or(0);
    segment
        .body_ops()
        .into_iter()
        .take(count)
        .filter(|op| op.name() == air_ops::WAIT_ALL)
        .filter_map(|op| op.result_names().first().copied())
        .collect()
}

/// Checks every slice against the part of the merged text assembly placed it in. Each part is
/// parsed on its own (its ops are complete; only values from outside it stay unresolved, which
/// this check does not need), so the whole output is never held as a tree next to the slices.
/// Slices are independent here: `threads` workers take contiguous runs of them, of about equal
/// size, and their findings are joined in slice order (the same output for any `threads`).
pub fn check_equivalence(merged_text: &str, slices: &[SliceFacts<'_>], threads: usize) -> Vec<Diagnostic> {
    // Line numbers are needed only for a mismatch: built on the first one.
    let lines = OnceLock::new();
    let check_run = |run: &[SliceFacts<'_>]| -> Vec<Diagnostic> {
        run.iter().flat_map(|facts| check_slice(merged_text, &lines, facts)).collect()
    };
    let runs = balanced_runs(slices, threads);
    if runs.len() <= 1 {
        return check_run(slices);
    }
    std::thread::scope(|scope| {
        let workers: Vec<_> = runs.iter().map(|run| scope.spawn(|| check_run(run))).collect();
        // A worker that panicked is a bug in this check: re-raise it, as a single thread would.
        workers.into_iter().flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    })
}

/// `slices` cut into at most `threads` contiguous runs of about equal merged text.
fn balanced_runs<'s, 'a>(slices: &'s [SliceFacts<'a>], threads: usize) -> Vec<&'s [SliceFacts<'a>]> {
    let weights: Vec<u64> = slices.iter().map(|f| u64::from(f.body.1.saturating_sub(f.body.0))).collect();
    let mut runs = Vec::new();
    let mut rest = slices;
    for len in crate::parallel::run_lengths(&weights, threads) {
        let (run, tail) = rest.split_at(len);
        runs.push(run);
        rest = tail;
    }
    runs
}

/// The check of one slice's part.
pub(crate) fn check_slice(merged_text: &str, lines: &OnceLock<LineIndex>, facts: &SliceFacts<'_>) -> Vec<Diagnostic> {
    let lines = || lines.get_or_init(|| LineIndex::new(merged_text));
    let mut errors = Vec::new();
    let (start, end) = facts.body;
    let Some(part) = merged_text.get(start as usize..end as usize) else {
        errors.push(Diagnostic::error(
            codes::INTERNAL_CHECK,
            format!("internal error: slice `{}` is missing from the merged module", facts.prefix),
        ));
        return errors;
    };
    // Whether the attribute can be anywhere in the streams compared (one substring search each,
    // instead of a look at every token of every op).
    let maybe_tiled = part.contains(TILE_SIZES_ATTR) || facts.parse.tree.text().contains(TILE_SIZES_ATTR);
    if facts.wrapper_segments.is_empty() {
        // No wrapper: the part's significant tokens correspond one to one with those of the
        // kernel body, so a lexer pass is enough.
        if let Some(problem) = compare_unwrapped(part, start, merged_text, lines, facts, maybe_tiled) {
            errors.push(problem);
        }
        return errors;
    }
    // Only the structure is needed: names are compared as text (see above).
    let merged = air_syntax::parse_syntax_only(part);
    if !merged.errors.is_empty() {
        // Syntax errors (not the unresolved values a part may have): report as the parse
        // check would.
        let mut diagnostic = Diagnostic::error(codes::INTERNAL_CHECK, PARSE_CHECK_MESSAGE);
        for error in merged.errors.iter().take(5) {
            let at = lines().line_col(start + error.primary.as_ref().map(|l| l.range.start).unwrap_or(0), merged_text);
            diagnostic = diagnostic.with_note(format!("merged output {}:{}: {}", at.line, at.col, error.message));
        }
        errors.push(diagnostic);
        return errors;
    }
    let top_ops: Vec<Op<'_>> = merged.tree.root().children_of(SyntaxKind::OPERATION).map(Op).collect();
    for op in top_ops.iter().filter(|op| wrapper_segment(**op, facts).is_some()) {
        let written = op.attr(TILE_SIZES_ATTR).map(|v| without_spaces(v.text()));
        let expected = facts.tile_sizes.as_deref().map(|t| without_spaces(&tile_sizes_attr(t)));
        if written != expected {
            let at = lines().line_col(start + op.node().text_range().start, merged_text);
            let problem = format!(
                "the wrapper launch carries {TILE_SIZES_ATTR} = {}, the plan gives {}",
                written.as_deref().unwrap_or("nothing"),
                expected.as_deref().unwrap_or("nothing")
            );
            errors.push(differs(at.line, facts, &problem));
        }
    }
    let names = Names::new(&top_ops, facts);
    // Merged ops, looking through wrapper launches.
    let mut merged_ops: Vec<Op<'_>> = Vec::new();
    for op in top_ops {
        match wrapper_segment(op, facts) {
            Some(segment) => {
                let added = wrapper_tokens(op, segment).len();
                merged_ops.extend(
                    segment.body_ops().into_iter().skip(added).filter(|o| !air_ops::is_named_terminator(o.name())),
                )
            }
            None => merged_ops.push(op),
        }
    }
    // A wrapper moves L3 allocations (plain or in an `air.execute`) before and
    // deallocations after its launch: compare
    // those groups separately, each in order.
    let group = |op: &Op<'_>| usize::from(is_l3_alloc(*op)) + 2 * usize::from(is_l3_dealloc(*op));
    let pairs: Vec<(Vec<Op<'_>>, Vec<Op<'_>>)> = (0..3)
        .map(|g| {
            (
                facts.kernel.ops.iter().copied().filter(|op| group(op) == g).collect(),
                merged_ops.iter().copied().filter(|op| group(op) == g).collect(),
            )
        })
        .collect();
    for (source_ops, merged_ops) in pairs {
        if source_ops.len() != merged_ops.len() {
            errors.push(Diagnostic::error(
                codes::INTERNAL_CHECK,
                format!(
                    "internal error: slice `{}` has {} ops in its source but {} in the merged module",
                    facts.prefix,
                    source_ops.len(),
                    merged_ops.len()
                ),
            ));
            continue;
        }
        for (source_op, merged_op) in source_ops.iter().zip(&merged_ops) {
            if let Some(problem) = compare_op(*source_op, *merged_op, facts, &names, maybe_tiled) {
                let at = lines().line_col(start + merged_op.node().text_range().start, merged_text);
                errors.push(differs(at.line, facts, &problem));
            }
        }
    }
    errors
}

/// [`check_equivalence`] for a slice without a wrapper: token streams compared in lockstep.
fn compare_unwrapped<'l>(
    part: &str,
    start: u32,
    merged_text: &str,
    lines: impl Fn() -> &'l LineIndex,
    facts: &SliceFacts<'_>,
    maybe_tiled: bool,
) -> Option<Diagnostic> {
    let names = Names::new(&[], facts);
    let (tokens, lex_errors) = air_syntax::lex(part);
    if !lex_errors.is_empty() {
        return Some(Diagnostic::error(codes::INTERNAL_CHECK, PARSE_CHECK_MESSAGE));
    }
    let merged_stream = (0..tokens.len()).filter(|idx| !tokens.kinds[*idx].is_trivia()).map(|idx| {
        let range = tokens.range(idx);
        (tokens.kinds[idx], &part[range.start as usize..range.end as usize], true)
    });
    let tree = &facts.parse.tree;
    let (first, end) = match (facts.kernel.ops.first(), facts.kernel.ops.last()) {
        (Some(first), Some(last)) => (first.node().token_range().0, last.node().token_range().1),
        _ => (0, 0),
    };
    let source_stream = || {
        (first..end)
            .map(|idx| tree.token(TokenId(idx)))
            .filter(|t| !t.kind().is_trivia())
            .map(|t| (t.kind(), t.text(), is_bound(t, &names)))
    };
    let (problem, index) = match compare_raw(source_stream, || merged_stream.clone(), facts, &names, maybe_tiled) {
        Ok(found) => found?,
        Err(problem) => {
            let at = lines().line_col(start, merged_text);
            return Some(differs(at.line, facts, &problem));
        }
    };
    // Point at the merged token that differs.
    let offset = (0..tokens.len())
        .filter(|idx| !tokens.kinds[*idx].is_trivia())
        .nth(index)
        .map(|idx| tokens.range(idx).start)
        .unwrap_or(0);
    let at = lines().line_col(start + offset, merged_text);
    Some(differs(at.line, facts, &problem))
}

/// The merged module differs from slice `facts` at merged line `line`: an internal error.
fn differs(line: u32, facts: &SliceFacts<'_>, problem: &str) -> Diagnostic {
    Diagnostic::error(
        codes::INTERNAL_CHECK,
        format!(
            "internal error: the merged module differs from its source at line {line} in slice `{}`: {problem}",
            facts.prefix
        ),
    )
    .with_note("this is a bug in air-stitch; please report it with the inputs")
}

/// The segment of a wrapper launch this slice's wrapper added, if `op` is one.
fn wrapper_segment<'a>(op: Op<'a>, facts: &SliceFacts<'_>) -> Option<Op<'a>> {
    let launch = Hierarchy::cast(op).filter(|h| h.op.name() == air_ops::LAUNCH)?;
    let body = launch.op.body_ops();
    let segment = body.iter().find(|o| o.name() == air_ops::SEGMENT)?;
    let name = Hierarchy::cast(*segment)?.sym_name()?;
    facts.wrapper_segments.contains(&name).then_some(*segment)
}

/// A significant token reduced to what the comparison needs.
#[derive(Clone, Copy)]
struct Tok<'t> {
    kind: SyntaxKind,
    text: &'t str,
    /// The value of a `sym_name = "..."` entry (two tokens after the key).
    is_sym_name: bool,
    /// A `PERCENT_ID` that names a value (see [`Names::bound`]); always true on the merged side.
    bound: bool,
}

/// Turns a stream of significant (kind, text) pairs into [`Tok`]s.
struct Toks<'t, I: Iterator<Item = (SyntaxKind, &'t str, bool)>> {
    inner: I,
    previous: [&'t str; 2],
}

impl<'t, I: Iterator<Item = (SyntaxKind, &'t str, bool)>> Iterator for Toks<'t, I> {
    type Item = Tok<'t>;

    fn next(&mut self) -> Option<Tok<'t>> {
        let (kind, text, bound) = self.inner.next()?;
        let is_sym_name = self.previous[0] == air_attrs::SYM_NAME && self.previous[1] == "=";
        self.previous = [self.previous[1], text];
        Some(Tok { kind, text, is_sym_name, bound })
    }
}

fn toks<'t, I: Iterator<Item = (SyntaxKind, &'t str, bool)>>(inner: I) -> Toks<'t, I> {
    Toks { inner, previous: ["", ""] }
}

/// Whether a source token is a `PERCENT_ID` naming a value (only those are looked up).
fn is_bound(token: air_syntax::SyntaxToken<'_>, names: &Names) -> bool {
    token.kind() == SyntaxKind::PERCENT_ID && names.bound.contains(token.id().0)
}

fn compare_op(
    source: Op<'_>,
    merged: Op<'_>,
    facts: &SliceFacts<'_>,
    names: &Names,
    maybe_tiled: bool,
) -> Option<String> {
    let source_tokens = || source.node().significant_tokens().map(|t| (t.kind(), t.text(), is_bound(t, names)));
    let merged_tokens = || merged.node().significant_tokens().map(|t| (t.kind(), t.text(), true));
    match compare_raw(source_tokens, merged_tokens, facts, names, maybe_tiled) {
        Ok(found) => found.map(|(problem, _)| problem),
        Err(problem) => Some(problem),
    }
}

/// Compares a source and a merged token stream (each given as a way to walk it, since most are
/// walked once and never stored). Where either carries `air.shim_dma_tile_sizes`, the attribute is
/// checked against the plan and taken out of both first, which needs them collected; without it
/// (most slices), the streams are compared in lockstep. `Err`: the attribute's values are not
/// what the plan asks; `Ok(Some)`: the first difference and its index in the merged stream.
/// `maybe_tiled`: the attribute's name is somewhere in the texts the streams come from.
fn compare_raw<'a, 'b, S, M>(
    source: impl Fn() -> S,
    merged: impl Fn() -> M,
    facts: &SliceFacts<'_>,
    names: &Names,
    maybe_tiled: bool,
) -> Result<Option<(String, usize)>, String>
where
    S: Iterator<Item = Raw<'a>>,
    M: Iterator<Item = Raw<'b>>,
{
    let carries = |t: &Raw<'_>| t.1 == TILE_SIZES_ATTR;
    if !maybe_tiled || (!source().any(|t| carries(&t)) && !merged().any(|t| carries(&t))) {
        if facts.tile_sizes.is_some() {
            let launches = source().filter(is_launch).count();
            if launches > 0 {
                return Err(tile_sizes_differ(&[], &expected_tile_sizes(facts, launches, Vec::new())));
            }
        }
        return Ok(compare_streams(toks(source()), toks(merged()), facts, names));
    }
    let (source, merged, kept) = strip_tile_sizes(source().collect(), merged().collect(), facts)?;
    let found = compare_streams(toks(source.into_iter()), toks(merged.into_iter()), facts, names);
    Ok(found.map(|(problem, index)| (problem, kept.get(index).copied().unwrap_or(index))))
}

fn is_launch(token: &Raw<'_>) -> bool {
    token.0 == SyntaxKind::BARE_ID && token.1 == air_ops::LAUNCH
}

/// Compares two token streams; on a mismatch, the problem and the merged token's index.
fn compare_streams<'a, 'b>(
    mut source: impl Iterator<Item = Tok<'a>>,
    mut merged: impl Iterator<Item = Tok<'b>>,
    facts: &SliceFacts<'_>,
    names: &Names,
) -> Option<(String, usize)> {
    let mut index = 0;
    loop {
        match (source.next(), merged.next()) {
            (None, None) => return None,
            (Some(s), Some(m)) => {
                if !equivalent(&s, &m, facts, names) {
                    return Some((format!("`{}` became `{}`", s.text, m.text), index));
                }
            }
            (Some(s), None) => return Some((format!("`{}` and what follows are missing", s.text), index)),
            (None, Some(m)) => return Some((format!("`{}` and what follows were added", m.text), index)),
        }
        index += 1;
    }
}

/// Whether merged token `m` stands for source token `s`.
fn equivalent(s: &Tok<'_>, m: &Tok<'_>, facts: &SliceFacts<'_>, names: &Names) -> bool {
    if s.kind != m.kind {
        return false;
    }
    let (s_text, m_text) = (s.text, m.text);
    match s.kind {
        SyntaxKind::PERCENT_ID if !s.bound => s_text == m_text,
        SyntaxKind::PERCENT_ID => {
            let s_name = &s_text[1..];
            let mut m_name = &m_text[1..];
            // Follow the wrapper's args(...) out to the value it forwards.
            for _ in 0..8 {
                match names.forwards.get(m_name) {
                    Some(outer) => m_name = outer,
                    None => break,
                }
            }
            let wired = names.merged_args.get(m_name);
            if names.launch_tokens.contains(m_name) {
                // A wrapper launch's token stands for a token defined inside the launch.
                return names.wrapped_defs.contains(&format!("{}_{s_name}", facts.prefix));
            }
            match names.source_args.get(s_name) {
                // A kernel argument: the combined argument or prelude value wired to it.
                Some(idx) => wired.is_some_and(|set| set.contains(idx)),
                // Every other value carries the slice prefix.
                None => {
                    let prefix = facts.prefix;
                    wired.is_none()
                        && m_name.len() == prefix.len() + 1 + s_name.len()
                        && m_name.starts_with(prefix)
                        && m_name.as_bytes()[prefix.len()] == b'_'
                        && m_name.ends_with(s_name)
                }
            }
        }
        SyntaxKind::AT_ID => {
            let (s_name, m_name) = (symbol_name(s_text), symbol_name(m_text));
            match facts.extern_symbols.get(&m_name).or_else(|| facts.symbols.get(&m_name)) {
                Some(original) => s_name == *original && s_text.starts_with("@\"") == m_text.starts_with("@\""),
                None => s_text == m_text,
            }
        }
        SyntaxKind::HASH_ID | SyntaxKind::BANG_ID => match facts.aliases.get(m_text) {
            Some(original) => s_text == original,
            None => s_text == m_text,
        },
        SyntaxKind::STRING => {
            if s_text == m_text {
                return true;
            }
            let (s_inner, m_inner) = (unquote_string(s_text), unquote_string(m_text));
            // A renamed object (`link_with`), or a renamed `sym_name`.
            facts.objects.get(&m_inner).is_some_and(|original| *original == s_inner)
                || (m.is_sym_name && facts.symbols.get(&m_inner).is_some_and(|original| *original == s_inner))
        }
        _ => s_text == m_text,
    }
}

type Raw<'t> = (SyntaxKind, &'t str, bool);

/// A value's text without spaces: `array<i64:2,2>`.
fn without_spaces(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// A token stream with its `air.shim_dma_tile_sizes` entries taken out (with the `attributes
/// {}` they leave empty, or their comma): the attribute belongs to the plan. Returns the stream,
/// the values found (compacted) and the positions of the tokens kept.
fn take_tile_sizes(tokens: Vec<Raw<'_>>) -> (Vec<Raw<'_>>, Vec<String>, Vec<usize>) {
    let mut drop = vec![false; tokens.len()];
    let mut values = Vec::new();
    let text = |i: usize| tokens.get(i).map_or("", |t| t.1);
    let mut idx = 0;
    while idx < tokens.len() {
        if !(text(idx) == TILE_SIZES_ATTR && text(idx + 1) == "=") {
            idx += 1;
            continue;
        }
        // The value: up to the `,` or `}` at depth 0.
        let mut end = idx + 2;
        let mut depth = 0i32;
        while end < tokens.len() {
            match text(end) {
                "<" | "[" | "(" => depth += 1,
                ">" | "]" | ")" => depth -= 1,
                "," | "}" if depth <= 0 => break,
                _ => {}
            }
            end += 1;
        }
        values.push(without_spaces(&(idx + 2..end).map(text).collect::<String>()));
        let (mut from, mut to) = (idx, end);
        if idx >= 2 && text(idx - 1) == "{" && text(idx - 2) == "attributes" && text(end) == "}" {
            (from, to) = (idx - 2, end + 1);
        } else if idx >= 1 && text(idx - 1) == "," {
            from = idx - 1;
        } else if text(end) == "," {
            to = end + 1;
        }
        drop[from..to].iter_mut().for_each(|d| *d = true);
        idx = to;
    }
    let kept: Vec<usize> = (0..tokens.len()).filter(|&i| !drop[i]).collect();
    let stream = kept.iter().map(|&i| tokens[i]).collect();
    (stream, values, kept)
}

/// Streams compared without the attribute.
type Stripped<'a, 'b> = (Vec<Raw<'a>>, Vec<Raw<'b>>, Vec<usize>);

/// Both streams without the attribute, once the merged side carries what the plan asks: the
/// plan's value on every launch, or, without one, the source's own values.
fn strip_tile_sizes<'a, 'b>(
    source: Vec<Raw<'a>>,
    merged: Vec<Raw<'b>>,
    facts: &SliceFacts<'_>,
) -> Result<Stripped<'a, 'b>, String> {
    let launches = source.iter().filter(|t| is_launch(t)).count();
    let (source, source_values, _) = take_tile_sizes(source);
    let (merged, merged_values, kept) = take_tile_sizes(merged);
    let expected = expected_tile_sizes(facts, launches, source_values);
    if merged_values != expected {
        return Err(tile_sizes_differ(&merged_values, &expected));
    }
    Ok((source, merged, kept))
}

/// What the merged launches must carry: the plan's value on each, or else the source's values.
fn expected_tile_sizes(facts: &SliceFacts<'_>, launches: usize, source_values: Vec<String>) -> Vec<String> {
    match &facts.tile_sizes {
        Some(sizes) => vec![without_spaces(&tile_sizes_attr(sizes)); launches],
        None => source_values,
    }
}

fn tile_sizes_differ(merged: &[String], expected: &[String]) -> String {
    format!(
        "its launches carry {TILE_SIZES_ATTR} = [{}], the plan and the source give [{}]",
        merged.join("; "),
        expected.join("; ")
    )
}
