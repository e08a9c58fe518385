//! MLIR's parser and verifier through melior (LLVM 22): the generic-form text is parsed in a
//! context with the upstream dialects air-stitch passes through registered and unregistered
//! dialects allowed (so `air.*` ops are checked for SSA values, types and the upstream ops
//! around them). MLIR's diagnostics are collected by a handler (never printed) and mapped back
//! to the original file: through the offset map for positions in the generated text, directly
//! for the `loc("FILE":LINE:COL)` the printer put on each converted op.
//!
//! The raw calls melior does not wrap (parsing with a buffer name, the handles of dialects
//! melior has no constructor for) are the only `unsafe` code of the crate.
#![allow(unsafe_code)]

use crate::codes;
use crate::generic::Generic;
use crate::locate::{short, Locator};
use crate::Input;
use air_diagnostics::{Diagnostic, LineIndex, Severity, TextRange};
use air_syntax::air_ops;
use air_syntax::views::Op;
use air_syntax::SyntaxKind;
use melior::diagnostic::DiagnosticSeverity;
use melior::dialect::{DialectHandle, DialectRegistry};
use melior::ir::operation::Operation;
use melior::ir::Location;
use melior::{Context, StringRef};
use std::cell::RefCell;
use std::rc::Rc;

/// A location as MLIR reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct FileLoc {
    file: String,
    line: u32,
    column: u32,
}

/// One MLIR diagnostic, copied out of the handler.
#[derive(Clone, Debug)]
struct Raw {
    severity: DiagnosticSeverity,
    location: Option<FileLoc>,
    message: String,
    notes: Vec<(Option<FileLoc>, String)>,
}

/// The upstream dialects of `crate::dialect::REGISTERED_DIALECTS` (builtin is always there).
fn dialect_handles() -> Vec<DialectHandle> {
    // SAFETY: each `mlirGetDialectHandle__*__` returns a pointer to a static dialect
    // registration hook of the linked MLIR libraries; it takes no arguments and cannot fail.
    let raw = unsafe {
        [
            mlir_sys::mlirGetDialectHandle__vector__(),
            mlir_sys::mlirGetDialectHandle__math__(),
            mlir_sys::mlirGetDialectHandle__bufferization__(),
            mlir_sys::mlirGetDialectHandle__ub__(),
            mlir_sys::mlirGetDialectHandle__index__(),
            mlir_sys::mlirGetDialectHandle__complex__(),
            mlir_sys::mlirGetDialectHandle__ml_program__(),
            mlir_sys::mlirGetDialectHandle__rocdl__(),
        ]
    };
    let mut handles = vec![
        DialectHandle::func(),
        DialectHandle::arith(),
        DialectHandle::memref(),
        DialectHandle::scf(),
        DialectHandle::affine(),
        DialectHandle::linalg(),
        DialectHandle::tensor(),
        DialectHandle::gpu(),
        DialectHandle::cf(),
        DialectHandle::llvm(),
    ];
    // SAFETY: the raw handles above are valid dialect handles (see the SAFETY note above).
    handles.extend(raw.into_iter().map(|handle| unsafe { DialectHandle::from_raw(handle) }));
    handles
}

/// Parses (and so verifies) `source`, named `buffer_name`, and returns what MLIR reported.
fn parse_and_verify(buffer_name: &str, source: &str) -> Vec<Raw> {
    let registry = DialectRegistry::new();
    for handle in dialect_handles() {
        handle.insert_dialect(&registry);
    }
    let context = Context::new_with_registry(&registry, false);
    context.load_all_available_dialects();
    context.set_allow_unregistered_dialects(true);
    let collected: Rc<RefCell<Vec<Raw>>> = Rc::new(RefCell::new(Vec::new()));
    let sink = Rc::clone(&collected);
    let handler = context.attach_diagnostic_handler(move |diagnostic| {
        let notes = (0..diagnostic.note_count())
            .filter_map(|idx| diagnostic.note(idx).ok())
            .map(|note| (file_loc(note.location()), note.to_string()))
            .collect();
        sink.borrow_mut().push(Raw {
            severity: diagnostic.severity(),
            location: file_loc(diagnostic.location()),
            message: diagnostic.to_string(),
            notes,
        });
        // Handled: MLIR prints nothing itself.
        true
    });
    let source_ref = StringRef::new(source);
    let name_ref = StringRef::new(buffer_name);
    // SAFETY: the context is alive for the whole call, and both string refs borrow strings
    // that outlive it; MLIR copies the source into its own buffer while parsing.
    let raw = unsafe { mlir_sys::mlirOperationCreateParse(context.to_raw(), source_ref.to_raw(), name_ref.to_raw()) };
    if !raw.ptr.is_null() {
        // SAFETY: a non-null result is a freshly created top-level operation that nothing
        // else owns; wrapping it transfers ownership, and dropping it destroys it.
        drop(unsafe { Operation::from_raw(raw) });
    }
    context.detach_diagnostic_handler(handler);
    let found = collected.borrow().clone();
    found
}

/// The file, line and column of a location (the first one of a fused location, the callee
/// of a call site, the child of a name).
fn file_loc(location: Location<'_>) -> Option<FileLoc> {
    if location.is_file_line_col_range() {
        let file = location.file_line_col_range_filename();
        let file = file.as_string_ref().as_str().ok()?.to_string();
        return Some(FileLoc {
            file,
            line: location.file_line_col_range_start_line() as u32,
            column: location.file_line_col_range_start_column() as u32,
        });
    }
    if location.is_fused() && location.fused_num_locations() > 0 {
        return file_loc(location.fused_location(0));
    }
    if location.is_name() {
        return file_loc(location.name_child_location());
    }
    if location.is_call_site() {
        return file_loc(location.call_site_callee());
    }
    None
}

/// Verifies a chunk's generic form with MLIR; findings are labelled in the original file.
pub(crate) fn check(input: &Input<'_>, generic: &Generic) -> Vec<Diagnostic> {
    let buffer = format!("{} (generic form)", input.name);
    let raw = parse_and_verify(&buffer, &generic.text);
    if raw.is_empty() {
        return Vec::new();
    }
    // The bodies of AIR ops with regions: affine scopes in AIR, plain regions to MLIR here.
    let air_bodies: Vec<TextRange> = input
        .parse
        .tree
        .nodes()
        .filter(|n| n.kind() == SyntaxKind::REGION)
        .filter(|n| {
            n.parent().and_then(Op::cast).is_some_and(|op| {
                matches!(
                    op.name(),
                    air_ops::LAUNCH | air_ops::SEGMENT | air_ops::HERD | air_ops::RANK | air_ops::EXECUTE
                )
            })
        })
        .map(|n| n.text_range().shift(input.offset))
        .collect();
    let mapper =
        Mapper { input, generic, buffer, generic_lines: LineIndex::new(&generic.text), locator: Locator::new(input) };
    raw.into_iter().map(|r| needs_air(mapper.diagnostic(r), &air_bodies)).collect()
}

/// MLIR findings that are artifacts of checking AIR without AIR registered become notes
/// that say what MLIR could not check.
fn needs_air(diagnostic: Diagnostic, air_bodies: &[TextRange]) -> Diagnostic {
    let at = diagnostic.primary.as_ref().map(|l| l.range.start);
    let in_air_body = at.is_some_and(|at| air_bodies.iter().any(|body| body.contains(at)));
    let message = &diagnostic.message;
    let why = if in_air_body
        && (message.contains("cannot be used as a dimension id") || message.contains("cannot be used as a symbol"))
    {
        "AIR's launch/segment/herd/rank bodies are affine scopes (`AffineScope` in AIR.td), so their arguments are valid affine dims and symbols; without AIR registered MLIR does not know that"
    } else if message.contains("unsupported memory space") {
        "`#air.symmetric_heap` is an AIR attribute; without AIR registered MLIR cannot use it as a memref memory space"
    } else {
        return diagnostic;
    };
    let mut note = Diagnostic::note(codes::MLIR_NEEDS_AIR, format!("MLIR cannot check this without AIR: {message}"));
    note.primary = diagnostic.primary.map(|mut label| {
        label.message = "MLIR stopped here".to_string();
        label
    });
    note.notes = vec![
        why.to_string(),
        "MLIR did not verify the rest of the enclosing function (or, for a parse error, of this chunk)".to_string(),
    ];
    note
}

struct Mapper<'i, 'a> {
    input: &'i Input<'a>,
    generic: &'i Generic,
    buffer: String,
    generic_lines: LineIndex,
    locator: Locator<'i, 'a>,
}

impl Mapper<'_, '_> {
    /// A whole-file range for an MLIR location, if it points into this chunk.
    fn map(&self, loc: &FileLoc) -> Option<TextRange> {
        let range = if loc.file == self.buffer {
            let offset = self.generic_lines.offset_of(loc.line, loc.column)?;
            self.generic.map.to_original(offset)?
        } else if loc.file == self.input.name {
            TextRange::empty(self.input.lines.offset_of(loc.line, loc.column)?)
        } else {
            return None;
        };
        Some(self.locator.widen(range))
    }

    fn diagnostic(&self, raw: Raw) -> Diagnostic {
        let (severity, code) = match raw.severity {
            DiagnosticSeverity::Error => (Severity::Error, codes::MLIR_ERROR),
            DiagnosticSeverity::Warning => (Severity::Warning, codes::MLIR_WARNING),
            DiagnosticSeverity::Remark | DiagnosticSeverity::Note => (Severity::Note, codes::MLIR_REMARK),
        };
        let mut diagnostic = Diagnostic::new(severity, code, raw.message.clone());
        let primary = raw.location.as_ref().and_then(|loc| self.map(loc));
        match (&raw.location, primary) {
            (_, Some(range)) => diagnostic = diagnostic.with_primary(self.input.file, range, "reported by MLIR here"),
            (Some(loc), None) => {
                diagnostic = diagnostic.with_note(format!("MLIR location: {}:{}:{}", loc.file, loc.line, loc.column))
            }
            (None, None) => {}
        }
        for (loc, message) in raw.notes {
            match loc.as_ref().and_then(|l| self.map(l)) {
                // A note at the primary location ("see current operation") reads better as text.
                Some(range) if Some(range) != primary => {
                    diagnostic = diagnostic.with_secondary(self.input.file, range, short(&message))
                }
                _ => diagnostic = diagnostic.with_note(short(&message)),
            }
        }
        diagnostic.with_note("found by MLIR 22 in the generic form of this chunk (`air-stitch print --generic`)")
    }
}
