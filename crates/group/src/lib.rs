//! `air-stitch group`: a layer of kernels in, merge groups out (docs/group.md). Consecutive
//! non-external kernels are grown greedily into one group while the candidate merges cleanly,
//! stays within `max_launches` and the group's ABI, and passes check-bd without errors at the
//! layer's backend flags; a group is cut before the kernel that would break it, and says why.
//!
//! Pure: the caller parses each kernel file once and hands the parses in; every candidate is
//! planned as text (the named-buffer plan the group's `.toml` file will hold), read back with
//! [`air_merge::plan::parse_plan`] and merged in memory, so the written plan reproduces the
//! written module exactly.

pub mod calls;
pub mod judge;
pub mod layer;
mod plan_text;
pub mod sequence;

use air_diagnostics::{Diagnostic, FileId, Severity, TextRange};
use air_merge::codes;
use air_merge::merge::{finish, stitch_with_memo, MergeMemo, Merged};
use air_merge::plan::{located, parse_plan};
use air_merge::slice::{find_kernel, ParsedSlice};
use air_syntax::views::{all_ops, types_equal};
use judge::{Decision, Judge, Verdict};
use layer::{Binding, Layer};
use std::cell::Cell;
use std::ops::Range;

pub use layer::parse_layer;
pub use plan_text::{plan_text, Spread};

/// One kernel of the layer as the caller read it: its parse (none for an external kernel
/// without a file), named by its path as the group plans will write it (relative to the output
/// directory).
#[derive(Debug)]
pub struct KernelInput {
    pub slice: Option<ParsedSlice>,
}

/// Why a group stops before a kernel.
#[derive(Clone, Debug)]
pub struct Cut {
    pub code: &'static str,
    pub message: String,
    /// Index of the kernel that would have broken the group.
    pub kernel: usize,
}

/// A merged candidate that passed.
#[derive(Debug)]
pub struct Candidate {
    pub plan: String,
    pub merged: Merged,
    /// check-bd's findings on the merged module (labels in `FileId(0)`, offsets into its text).
    pub check: Vec<Diagnostic>,
    /// The group's buffer name per combined argument.
    pub names: Vec<Option<String>>,
    /// How the group is compiled: the layer's backend with its kernels' additions (the plan's
    /// `[backend]`).
    pub backend: air_merge::plan::backend::Backend,
    /// The options one of its kernels sets that its others are built with too.
    pub spreads: Vec<Spread>,
    /// check-bd's errors on a candidate the compiler accepts (`group --lower`): kept, and
    /// reported as check-bd's disagreement with the compiler.
    pub overruled: Vec<Diagnostic>,
    /// Whether the compiler has lowered it (`group --lower`).
    pub compiler_accepted: bool,
}

/// One XRT call of the layer.
#[derive(Debug)]
pub struct Group {
    /// Kernel indices, in order.
    pub kernels: Range<usize>,
    pub external: bool,
    /// None for an external kernel, and for a kernel that does not even merge alone.
    pub candidate: Option<Candidate>,
    /// The plan text of a kernel that does not merge alone.
    pub failed_plan: Option<String>,
    /// The cut before the next kernel, if a check (not an external kernel or the layer's end)
    /// ended the group.
    pub cut: Option<Cut>,
    /// The group's kernel fails even alone: its findings (at least one error).
    pub errors: Vec<Diagnostic>,
}

/// The layer's grouping.
#[derive(Debug)]
pub struct Grouping {
    pub groups: Vec<Group>,
}

impl Grouping {
    /// Whether some kernel failed even alone.
    pub fn has_errors(&self) -> bool {
        self.groups.iter().any(|g| !g.errors.is_empty())
    }
}

/// Checks every kernel's arguments against the layer's buffers: the count, and each type as
/// MLIR compares types. Located at the layer's argument and at the kernel's declaration.
pub fn check_kernels(layer: &Layer, inputs: &[KernelInput]) -> Vec<Diagnostic> {
    let mut errors = Vec::new();
    for (decl, input) in layer.kernels.iter().zip(inputs) {
        let Some(slice) = &input.slice else { continue };
        let kernel = match find_kernel(&slice.parse, slice.file, &slice.name, decl.func.as_deref()) {
            Ok(kernel) => kernel,
            Err(diagnostic) => {
                errors.push(diagnostic);
                continue;
            }
        };
        if decl.external {
            continue;
        }
        if kernel.args.len() != decl.args.len() {
            let mut diagnostic = located(
                codes::KERNEL_ARITY,
                &format!(
                    "kernel `{}` lists {} but `@{}` takes {}",
                    decl.name,
                    plural(decl.args.len(), "argument"),
                    kernel.func.name(),
                    kernel.args.len()
                ),
                decl.args_loc,
            )
            .with_help("list the kernel function's arguments in order, each by buffer name");
            if let Some(sig) = kernel.func.signature() {
                diagnostic = diagnostic.with_secondary(slice.file, sig.text_range(), "the kernel's signature");
            }
            errors.push(diagnostic);
            continue;
        }
        for (idx, (binding, loc)) in decl.args.iter().enumerate() {
            let Some(ty) = kernel.arg_type(idx) else { continue };
            let want = layer.type_of(*binding);
            if types_equal(&ty, want) {
                continue;
            }
            let name = layer.name_of(*binding);
            let mut diagnostic = located(
                codes::KERNEL_TYPE_MISMATCH,
                &format!("type mismatch: `{name}` is `{want}` but kernel `{}` argument {idx} is `{ty}`", decl.name),
                *loc,
            )
            .with_help("size the buffer (or view) as the kernel's signature says, or bind another buffer");
            if let Some(t) = kernel.args[idx].ty {
                diagnostic = diagnostic.with_secondary(slice.file, t.text_range(), format!("declared `{ty}` here"));
            }
            let declared = match binding {
                Binding::Buffer(b) => layer.buffers[*b].loc,
                Binding::View(v) => layer.views[*v].loc,
            };
            if let Some((file, range)) = declared {
                diagnostic = diagnostic.with_secondary(file, range, format!("`{name}` is `{want}`"));
            }
            errors.push(diagnostic);
        }
    }
    errors
}

fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Groups the layer. `inputs` are in the layer's kernel order; `check_kernels` has passed.
pub fn plan_groups(layer: &Layer, inputs: &[KernelInput]) -> Grouping {
    plan_groups_reusing(layer, inputs, true, None).0
}

/// [`plan_groups`] with the compiler as the judge of every candidate check-bd is asked about
/// ([`judge`]): its verdict decides where check-bd and it disagree.
pub fn plan_groups_judged(layer: &Layer, inputs: &[KernelInput], judge: &mut dyn Judge) -> Grouping {
    plan_groups_reusing(layer, inputs, true, Some(judge)).0
}

/// What checks a candidate: check-bd (counted), and the compiler when there is a judge.
struct Checker<'a> {
    checks: usize,
    judge: Option<&'a mut dyn Judge>,
}

/// The work [`plan_groups`] did and saved: slices whose leading passes came from the memo,
/// slices not proved again, candidates merged, and check-bd runs.
#[derive(Debug, Default, PartialEq, Eq)]
struct Work {
    memo_hits: usize,
    proof_hits: usize,
    merges: usize,
    checks: usize,
}

/// [`plan_groups`], reusing work between candidates or (`reuse` false) merging each from
/// scratch and checking each as it grows; the tests compare both ways.
fn plan_groups_reusing(
    layer: &Layer,
    inputs: &[KernelInput],
    reuse: bool,
    judge: Option<&mut dyn Judge>,
) -> (Grouping, Work) {
    let merges = Cell::new(0);
    let mut checker = Checker { checks: 0, judge };
    let (slices, at) = contiguous(inputs);
    let mergeable = |k: usize| !layer.kernels[k].external && inputs.get(k).is_some_and(|i| i.slice.is_some());
    let merge_range = |range: Range<usize>, number: usize, memo: &mut MergeMemo| {
        if !reuse {
            *memo = MergeMemo::new();
        }
        merges.set(merges.get() + 1);
        let func = format!("{}_{number}", layer.name);
        merge_candidate(layer, &slices[at[range.start]..at[range.start] + range.len()], range, &func, memo)
    };
    let n = layer.kernels.len().min(inputs.len());
    let mut groups = Vec::new();
    let mut start = 0;
    let (mut hits, mut proof_hits) = (0, 0);
    while start < n {
        if !mergeable(start) {
            groups.push(Group {
                kernels: start..start + 1,
                external: true,
                candidate: None,
                failed_plan: None,
                cut: None,
                errors: Vec::new(),
            });
            start += 1;
            continue;
        }
        let number = groups.len() + 1;
        // One memo per group: each candidate is the last one plus a kernel, so the passes
        // before remap-args of the kernels already in it carry over.
        let mut memo = MergeMemo::new();
        let mut best =
            match merge_range(start..start + 1, number, &mut memo).and_then(|m| check_candidate(m, &mut checker)) {
                Ok(candidate) => candidate,
                Err(failure) => {
                    groups.push(failure.alone(start));
                    start += 1;
                    continue;
                }
            };
        let mut end = start + 1;
        let mut cut = None;
        // Candidates merged but not yet checked, each with its last kernel. With reuse they are
        // checked at doubling sizes (2, 4, 8, ... kernels) and at the end of the growth, so a
        // cut by check-bd costs at most about twice the merges of checking each one.
        let mut unchecked: Vec<(usize, Merging)> = Vec::new();
        let mut next_check = 2;
        while end < n && mergeable(end) {
            let merging = match merge_range(start..end + 1, number, &mut memo) {
                Ok(merging) => merging,
                Err(failure) => {
                    cut = Some(failure.cut(end));
                    break;
                }
            };
            unchecked.push((end, merging));
            end += 1;
            if reuse && end - start < next_check {
                continue;
            }
            next_check *= 2;
            let settled = settle(std::mem::take(&mut unchecked), &mut checker);
            if let Some(candidate) = settled.best {
                best = candidate;
            }
            if let Some(failed) = settled.cut {
                end = failed.kernel;
                cut = Some(failed);
                break;
            }
        }
        // What the growth left unchecked (after a merge cut, or at the end of the run).
        let settled = settle(unchecked, &mut checker);
        if let Some(candidate) = settled.best {
            best = candidate;
        }
        if let Some(failed) = settled.cut {
            end = failed.kernel;
            cut = Some(failed);
        }
        hits += memo.hits();
        proof_hits += memo.proof_hits();
        // With the compiler as judge: the group check-bd settled on must lower, else its largest
        // prefix that does (the compiler's verdict need not shrink with the group: it is asked
        // about the largest first).
        if checker.judge.is_some() && !best.compiler_accepted {
            match confirm(layer, best, start..end, number, &merge_range, &mut checker) {
                Confirmed::Group { candidate, end: confirmed, cut: compiler_cut } => {
                    best = candidate;
                    if let Some(compiler_cut) = compiler_cut {
                        end = confirmed;
                        cut = Some(compiler_cut);
                    }
                }
                Confirmed::Alone(failure) => {
                    groups.push(failure.alone(start));
                    start += 1;
                    continue;
                }
            }
        }
        groups.push(Group {
            kernels: start..end,
            external: false,
            candidate: Some(best),
            failed_plan: None,
            cut,
            errors: Vec::new(),
        });
        start = end;
    }
    (Grouping { groups }, Work { memo_hits: hits, proof_hits, merges: merges.get(), checks: checker.checks })
}

/// The parses of the kernels that have one, contiguous, so that a group is a sub-slice, and
/// each kernel's index among them. Each is copied once here (a kernel file used twice has one
/// parse in `inputs`), not once per candidate that contains it.
fn contiguous(inputs: &[KernelInput]) -> (Vec<ParsedSlice>, Vec<usize>) {
    let mut slices: Vec<ParsedSlice> = Vec::new();
    let mut at: Vec<usize> = Vec::new();
    for input in inputs {
        at.push(slices.len());
        if let Some(slice) = &input.slice {
            slices.push(ParsedSlice { file: slice.file, name: slice.name.clone(), parse: slice.parse.clone() });
        }
    }
    (slices, at)
}

/// What check-bd made of a group's candidates.
struct Grown {
    /// The largest candidate that passes, if any.
    best: Option<Candidate>,
    /// The first candidate that fails, as the cut before its last kernel.
    cut: Option<Cut>,
}

/// check-bd on merged candidates of one group, each with its last kernel, smallest first (each
/// the one before plus a kernel), the largest first. Each launch is configured on its own
/// device, so a candidate's errors (per launch, and between launches: a segment or channel two
/// share) are still there when kernels are added after it: when the largest passes, every
/// smaller one does, and only the largest needs the check. When it fails, the others are
/// checked in order to find the first that fails, as growing one kernel at a time would. The
/// chosen candidate's report is always check-bd's own on it.
fn settle(mut unchecked: Vec<(usize, Merging)>, checker: &mut Checker<'_>) -> Grown {
    let Some((largest_last, largest)) = unchecked.pop() else { return Grown { best: None, cut: None } };
    let failure = match check_candidate(largest, checker) {
        Ok(candidate) => return Grown { best: Some(candidate), cut: None },
        Err(failure) => failure,
    };
    let mut best = None;
    for (last, merging) in unchecked {
        match check_candidate(merging, checker) {
            Ok(candidate) => best = Some(candidate),
            Err(earlier) => return Grown { best, cut: Some(earlier.cut(last)) },
        }
    }
    Grown { best, cut: Some(failure.cut(largest_last)) }
}

/// A candidate that does not pass: the check that stops it, and its findings.
struct Failure {
    code: &'static str,
    message: String,
    plan: String,
    merged: Option<Merged>,
    names: Vec<Option<String>>,
    diagnostics: Vec<Diagnostic>,
    backend: air_merge::plan::backend::Backend,
    spreads: Vec<Spread>,
}

impl Failure {
    /// A merged candidate that a check stops, with check-bd's findings on it.
    fn checked(code: &'static str, message: String, merging: Merging, diagnostics: Vec<Diagnostic>) -> Failure {
        let Merging { plan, merged, names, backend, spreads, .. } = merging;
        Failure { code, message, plan, merged: Some(merged), names, diagnostics, backend, spreads }
    }

    /// The cut before `kernel`, the last kernel of the candidate that failed.
    fn cut(self, kernel: usize) -> Cut {
        Cut { code: self.code, message: self.message, kernel }
    }

    /// A kernel that fails alone is its own group, its findings errors.
    fn alone(self, kernel: usize) -> Group {
        // check-bd's errors and warnings (its notes are `check-bd`'s to show).
        let mut errors: Vec<Diagnostic> =
            self.diagnostics.into_iter().filter(|d| d.severity != Severity::Note).collect();
        // Unless check-bd's own errors say why, the cut's reason is the error (the compiler's
        // rejection, a merge that fails).
        if !errors.iter().any(Diagnostic::is_error) {
            errors.insert(0, Diagnostic::error(self.code, self.message));
        }
        let failed_plan = self.merged.is_none().then(|| self.plan.clone());
        let candidate = self.merged.map(|merged| Candidate {
            plan: self.plan,
            merged,
            check: Vec::new(),
            names: self.names,
            backend: self.backend,
            spreads: self.spreads,
            overruled: Vec::new(),
            compiler_accepted: false,
        });
        Group { kernels: kernel..kernel + 1, external: false, candidate, failed_plan, cut: None, errors }
    }
}

/// A candidate that merged within `max_launches`, before check-bd.
struct Merging {
    plan: String,
    merged: Merged,
    names: Vec<Option<String>>,
    /// The name of its last kernel, for messages.
    last: String,
    /// The group's backend (the layer's, with its kernels' additions).
    backend: air_merge::plan::backend::Backend,
    spreads: Vec<Spread>,
}

/// Plans and merges one candidate group, and holds it to `max_launches`.
fn merge_candidate(
    layer: &Layer,
    slices: &[ParsedSlice],
    range: Range<usize>,
    func: &str,
    memo: &mut MergeMemo,
) -> Result<Merging, Failure> {
    let last = &layer.kernels[range.end - 1].name;
    let planned = plan_text(layer, range.clone(), slices, func);
    let fail = |code, message: String, diagnostics| Failure {
        code,
        message,
        plan: planned.text.clone(),
        merged: None,
        names: planned.names.clone(),
        diagnostics,
        backend: layer.backend.clone(),
        spreads: planned.spreads.clone(),
    };
    if let Some(abi) = &planned.abi_problem {
        return Err(fail(codes::CUT_ABI, abi.clone(), Vec::new()));
    }
    if let Some(backend) = &planned.backend_problem {
        return Err(fail(codes::CUT_BACKEND, backend.clone(), Vec::new()));
    }
    if let Some(regression) = &planned.regression {
        return Err(fail(codes::CUT_OPTION_REGRESSION, regression.clone(), Vec::new()));
    }
    let plan = match parse_plan(&planned.text, PLAN_FILE) {
        Ok(plan) => plan,
        Err(errors) => return Err(fail(codes::CUT_MERGE, first_message("the group's plan", &errors), errors)),
    };
    let merged = match stitch_with_memo(&plan, slices, memo).and_then(finish) {
        Ok(merged) => merged,
        Err(errors) => {
            let message = first_message(&format!("with `{last}` the group does not merge"), &errors);
            return Err(fail(codes::CUT_MERGE, message, errors));
        }
    };
    if let Some(max) = layer.max_launches {
        if merged.launches > max {
            let message =
                format!("with `{last}` the group has {} launches, over max_launches = {max}", merged.launches);
            return Err(fail(codes::CUT_MAX_LAUNCHES, message, Vec::new()));
        }
    }
    Ok(Merging {
        plan: planned.text,
        merged,
        names: planned.names,
        last: last.clone(),
        backend: plan.backend,
        spreads: planned.spreads,
    })
}

/// check-bd on a merged candidate, with the group's backend: the candidate, or the cut. With a
/// judge, a candidate check-bd rejects is put to the compiler, and kept when it lowers (check-bd's
/// errors become its `overruled`).
fn check_candidate(merging: Merging, checker: &mut Checker<'_>) -> Result<Candidate, Failure> {
    let Merging { plan, merged, names, last, backend, spreads } = merging;
    checker.checks += 1;
    let report = air_checkbd::check(&merged.parse, FileId(0), &backend.check_options());
    let error = report.diagnostics.iter().find(|d| d.is_error()).cloned();
    // A runtime hazard of the launch order (a GEMM upstream measured as all-NaN past launch 0):
    // the compiler accepts it, so only a cut avoids it; the kernel then starts its own group.
    if error.is_none() {
        if let Some(hazard) = order_hazard(&merged, &report.diagnostics) {
            let message = format!("with `{last}` a launch-order hazard: {}: {}", hazard.code, hazard.message);
            return Err(Failure::checked(
                codes::CUT_LAUNCH_ORDER,
                message,
                Merging { plan, merged, names, last, backend, spreads },
                report.diagnostics,
            ));
        }
    }
    let verdict = match (&error, checker.judge.as_deref_mut()) {
        (Some(_), Some(judge)) => Some(judge.judge(&func_name(&merged), &merged, &backend)),
        _ => None,
    };
    let candidate = |check, overruled, compiler_accepted, merged| Candidate {
        plan: plan.clone(),
        merged,
        check,
        names: names.clone(),
        backend: backend.clone(),
        spreads: spreads.clone(),
        overruled,
        compiler_accepted,
    };
    match judge::decide(error.is_some(), verdict.as_ref()) {
        Decision::Overrule => {
            let (overruled, check) = report.diagnostics.into_iter().partition(|d| d.is_error());
            Ok(candidate(check, overruled, true, merged))
        }
        Decision::CheckBd { compiler_agrees } => {
            let error = error.unwrap_or_else(|| Diagnostic::error(codes::CUT_CHECK_BD, "check-bd fails"));
            let launch = launch_of(&merged, &error).map(|n| format!(" in launch {n}")).unwrap_or_default();
            let agrees = if compiler_agrees { " (the compiler agrees)" } else { "" };
            let message = format!("with `{last}` check-bd fails{launch}: {}: {}{agrees}", error.code, error.message);
            Err(Failure::checked(
                codes::CUT_CHECK_BD,
                message,
                Merging { plan, merged, names, last, backend, spreads },
                report.diagnostics,
            ))
        }
        // The compiler is asked only about what check-bd rejects: a clean candidate is kept here.
        Decision::Keep | Decision::Compiler(_) => Ok(candidate(report.diagnostics, Vec::new(), false, merged)),
    }
}

/// What the compiler made of the group check-bd settled on.
enum Confirmed {
    /// The group, or its largest prefix that lowers (ending at `end`, cut by the compiler).
    Group { candidate: Candidate, end: usize, cut: Option<Cut> },
    /// Not even its first kernel lowers.
    Alone(Failure),
}

type MergeRange<'a> = dyn Fn(Range<usize>, usize, &mut MergeMemo) -> Result<Merging, Failure> + 'a;

/// Puts the group `range` (its candidate `best`) to the compiler; when it does not lower, its
/// prefixes, largest first, until one does.
fn confirm(
    layer: &Layer,
    best: Candidate,
    range: Range<usize>,
    number: usize,
    merge_range: &MergeRange<'_>,
    checker: &mut Checker<'_>,
) -> Confirmed {
    let Some(judge) = checker.judge.as_deref_mut() else {
        return Confirmed::Group { candidate: best, end: range.end, cut: None };
    };
    let mut rejection =
        match judge::decide(false, Some(&judge.judge(&func_name(&best.merged), &best.merged, &best.backend))) {
            Decision::Compiler(why) => why,
            _ => return Confirmed::Group { candidate: best, end: range.end, cut: None },
        };
    let mut rejected = (best.plan, best.merged, best.names, best.backend, best.spreads);
    for end in (range.start + 1..range.end).rev() {
        let Ok(merging) = merge_range(range.start..end, number, &mut MergeMemo::new()) else { continue };
        let cut_message = rejection.clone();
        match check_candidate(merging, checker) {
            Ok(candidate) => {
                let verdict = match (candidate.compiler_accepted, checker.judge.as_deref_mut()) {
                    (true, _) | (false, None) => Verdict::Accepted,
                    (false, Some(judge)) => {
                        judge.judge(&func_name(&candidate.merged), &candidate.merged, &candidate.backend)
                    }
                };
                match judge::decide(false, Some(&verdict)) {
                    Decision::Compiler(why) => {
                        rejection = why;
                        rejected =
                            (candidate.plan, candidate.merged, candidate.names, candidate.backend, candidate.spreads);
                    }
                    _ => {
                        let cut = Cut {
                            code: codes::CUT_COMPILER,
                            message: format!("with `{}` {cut_message}", layer.kernels[end].name),
                            kernel: end,
                        };
                        return Confirmed::Group {
                            candidate: Candidate { compiler_accepted: true, ..candidate },
                            end,
                            cut: Some(cut),
                        };
                    }
                }
            }
            Err(failure) => rejection = failure.message,
        }
    }
    let (plan, merged, names, backend, spreads) = rejected;
    Confirmed::Alone(Failure {
        code: codes::CUT_COMPILER,
        message: rejection,
        plan,
        merged: Some(merged),
        names,
        diagnostics: Vec::new(),
        backend,
        spreads,
    })
}

/// A launch-order hazard check-bd found in a kernel after the group's first (one in the first
/// kernel's own launches is that kernel's, and no cut moves it).
fn order_hazard<'d>(merged: &Merged, findings: &'d [Diagnostic]) -> Option<&'d Diagnostic> {
    let first = merged.slices.first()?;
    let first_launches = all_ops(merged.parse.tree.root())
        .filter(|op| op.name() == air_syntax::air_ops::LAUNCH)
        .filter(|op| op.node().text_range().start < first.range.end)
        .count();
    findings
        .iter()
        .filter(|d| d.code == air_checkbd::rules::GEMM_NOT_FIRST.code)
        .find(|d| launch_of(merged, d).is_some_and(|n| n > first_launches))
}

/// The merged module's function (`@<layer>_<n>`), without its `@`.
fn func_name(merged: &Merged) -> String {
    all_ops(merged.parse.tree.root())
        .filter_map(air_syntax::views::FuncOp::cast)
        .find(|f| !f.is_declaration())
        .map(|f| f.name())
        .unwrap_or_default()
}

/// The file id of a group's plan text in cut messages (never rendered: cuts quote messages).
const PLAN_FILE: FileId = FileId(u32::MAX);

fn first_message(what: &str, errors: &[Diagnostic]) -> String {
    match errors.first() {
        Some(e) => format!("{what}: {}: {}", e.code, e.message),
        None => what.to_string(),
    }
}

/// The launch (from 1) of the merged module a finding points into.
fn launch_of(merged: &Merged, finding: &Diagnostic) -> Option<usize> {
    let at: TextRange = finding.primary.as_ref()?.range;
    all_ops(merged.parse.tree.root())
        .filter(|op| op.name() == air_syntax::air_ops::LAUNCH)
        .position(|op| op.node().text_range().contains(at.start))
        .map(|n| n + 1)
}

#[cfg(test)]
mod tests;
