//! `verify`: the parse's own errors, AIR's structural checks, and (feature `mlir`) the chunk
//! converted to generic form and parsed and verified by MLIR, whose findings are mapped back
//! to the original text. An MLIR finding on a line that already has an error of ours is added
//! to that error as a note instead of being reported twice.

use crate::codes;
use crate::structural::check_structure;
use crate::Input;
use air_diagnostics::{Diagnostic, FileId, LineIndex, TextRange};
use air_syntax::Parse;

/// Whether this build verifies with MLIR (feature `mlir`).
pub const MLIR_BUILT_IN: bool = cfg!(feature = "mlir");

/// How to add MLIR's verifier to a build.
const REBUILD_WITH_MLIR: &str = "rebuild with `--features mlir` (needs Debian's libmlir-22-dev; see docs/verify.md)";

/// The note a build without MLIR adds once per verified file. Without air-opt too, its help
/// names AIR's own verifier first: it is the more useful judge (it knows AIR's ops, which MLIR
/// alone sees as unknown).
pub fn mlir_not_built_note() -> Diagnostic {
    Diagnostic::note(codes::MLIR_NOT_BUILT, "MLIR verification is not built in: only AIR's structural checks ran")
        .with_help(format!(
            "AIR's own verifier is the more useful judge: set `AIR_OPT` to an air-opt (or air-mini-opt), put `air-opt` on PATH, or pass `--air-opt=PATH`; for MLIR's, {REBUILD_WITH_MLIR}"
        ))
}

/// [`mlir_not_built_note`] for a run where AIR's own verifier (air-opt) was a judge too.
pub fn mlir_not_built_note_with_air_opt() -> Diagnostic {
    Diagnostic::note(
        codes::MLIR_NOT_BUILT,
        "MLIR verification is not built in: AIR's structural checks and AIR's verifier (air-opt) ran",
    )
    .with_help(REBUILD_WITH_MLIR)
}

/// Verifies one whole file (one chunk); adds [`mlir_not_built_note`] without MLIR.
pub fn verify_module(name: &str, text: &str, parse: &Parse, file: FileId) -> Vec<Diagnostic> {
    let lines = LineIndex::new(text);
    let input = Input { name, file, text, lines: &lines, offset: 0, parse };
    let mut diagnostics = verify_chunk(&input);
    if !MLIR_BUILT_IN {
        diagnostics.push(mlir_not_built_note());
    }
    diagnostics
}

/// Verifies one chunk: syntax and scope errors, structural checks, and MLIR when built in.
/// Diagnostics are in the order of their positions.
pub fn verify_chunk(input: &Input<'_>) -> Vec<Diagnostic> {
    let mut diagnostics = verify_chunk_structural(input);
    if MLIR_BUILT_IN {
        with_mlir(input, &mut diagnostics);
        sort(&mut diagnostics);
    }
    diagnostics
}

/// [`verify_chunk`] without MLIR's verifier, in any build: the syntax and scope errors and AIR's
/// structural rules (milliseconds; what `merge` checks by default).
pub fn verify_chunk_structural(input: &Input<'_>) -> Vec<Diagnostic> {
    let parse = input.parse;
    let mut diagnostics: Vec<Diagnostic> = parse
        .errors
        .iter()
        .chain(parse.scopes.errors.iter())
        .map(|d| d.clone().in_file(input.file).shifted(input.offset))
        .collect();
    // The parser already rejects some header problems AIR's parser rejects (ids vs sizes,
    // missing `args` types): a structural finding at the same place as a syntax error is the
    // same problem, reported once.
    let syntax: Vec<TextRange> = diagnostics.iter().filter_map(|d| d.primary.as_ref().map(|l| l.range)).collect();
    diagnostics.extend(
        check_structure(input)
            .into_iter()
            .filter(|d| !(d.is_error() && d.primary.as_ref().is_some_and(|l| syntax.contains(&l.range)))),
    );
    sort(&mut diagnostics);
    diagnostics
}

fn sort(diagnostics: &mut [Diagnostic]) {
    diagnostics.sort_by_key(|d| d.primary.as_ref().map(|l| l.range.start).unwrap_or(u32::MAX));
}

#[cfg_attr(not(feature = "mlir"), allow(dead_code))]
fn skipped(input: &Input<'_>, why: &str) -> Diagnostic {
    Diagnostic::note(codes::MLIR_SKIPPED, format!("MLIR verification skipped for this chunk: {why}")).with_primary(
        input.file,
        TextRange::empty(input.offset),
        "chunk starts here",
    )
}

#[cfg(not(feature = "mlir"))]
fn with_mlir(_input: &Input<'_>, _diagnostics: &mut Vec<Diagnostic>) {}

#[cfg(feature = "mlir")]
fn with_mlir(input: &Input<'_>, diagnostics: &mut Vec<Diagnostic>) {
    use crate::generic::{to_generic, GenericOptions};
    if !input.parse.errors.is_empty() {
        diagnostics.push(skipped(input, "it has syntax errors"));
        return;
    }
    let generic = to_generic(input, GenericOptions::for_verification());
    let complete = generic.is_complete();
    // The structural checks already report unknown `air.*` ops at the same place.
    let known: Vec<(&str, TextRange)> =
        diagnostics.iter().filter_map(|d| Some((d.code, d.primary.as_ref()?.range))).collect();
    let fresh: Vec<Diagnostic> = generic
        .diagnostics
        .iter()
        .filter(|d| !d.primary.as_ref().is_some_and(|l| known.contains(&(d.code, l.range))))
        .cloned()
        .collect();
    diagnostics.extend(fresh);
    if !complete {
        diagnostics.push(skipped(input, "it has ops that cannot be converted to generic form"));
        return;
    }
    for found in crate::mlir::check(input, &generic) {
        merge(input, diagnostics, found);
    }
}

/// Adds an MLIR finding, or folds it into an error of ours on the same line.
#[cfg(feature = "mlir")]
fn merge(input: &Input<'_>, diagnostics: &mut Vec<Diagnostic>, found: Diagnostic) {
    fold_or_push(input.lines, diagnostics, found, "MLIR");
}

/// Adds another judge's finding to `diagnostics`, or, for an error on the line of an error
/// already there, adds it to that one as the note `{judge} agrees: ...` (one problem, reported
/// once). `lines` is the whole file's line index.
pub(crate) fn fold_or_push(lines: &LineIndex, diagnostics: &mut Vec<Diagnostic>, found: Diagnostic, judge: &str) {
    let line_of = |d: &Diagnostic| d.primary.as_ref().map(|l| (l.file, lines.line_of(l.range.start)));
    let line = line_of(&found);
    if found.is_error() && line.is_some() {
        if let Some(ours) = diagnostics.iter_mut().find(|d| d.is_error() && line_of(d) == line) {
            ours.notes.push(format!("{judge} agrees: {}", found.message));
            return;
        }
    }
    diagnostics.push(found);
}
