//! The diagnostics of the analysis that are not hazards (those are in `hazards.rs`).

use crate::codes::{NO_FUNCTION, UNKNOWN_PART, UNRESOLVED_BUFFER};
use crate::{Access, ArgFlow, LaunchInfo};
use air_diagnostics::{Diagnostic, FileId, TextRange};
use air_model::program::Endpoint;
use air_syntax::views::FuncOp;

pub(crate) fn unknown_part(
    file: FileId,
    access: &Access,
    arg: &ArgFlow,
    launch: &LaunchInfo,
    reason: &str,
) -> Diagnostic {
    let verb = match access.mode {
        crate::Mode::Read => "reads",
        crate::Mode::Write => "writes",
    };
    Diagnostic::note(UNKNOWN_PART, format!("{} {verb} an unknown part of {}", launch.label(), arg.label()))
        .with_primary(file, access.range, format!("the part cannot be evaluated: {reason}"))
        .with_help("the roles count this transfer as touching an unknown part, never the whole argument; write its offsets, sizes and strides as constants or over loops with constant bounds")
}

pub(crate) fn unresolved(file: FileId, endpoint: &Endpoint, launch: usize) -> Diagnostic {
    let why = match &endpoint.root {
        air_model::program::Root::Unknown(what) => what.clone(),
        _ => "a buffer that is not an argument".to_string(),
    };
    Diagnostic::note(
        UNRESOLVED_BUFFER,
        format!("launch {launch} moves L3 data of a buffer that is not an argument of the function"),
    )
    .with_primary(file, endpoint.line_range, format!("its memref is {why}"))
    .with_help("only transfers of function arguments (directly, through `args(...)` or through views) enter the roles")
}

pub(crate) fn no_function(file: FileId, asked: Option<&str>, funcs: &[FuncOp<'_>]) -> Diagnostic {
    let names: Vec<String> = funcs.iter().map(|f| format!("@{}", f.name())).collect();
    let known = if names.is_empty() {
        "the module defines no function".to_string()
    } else {
        format!("functions: {}", names.join(", "))
    };
    let message = match asked {
        Some(name) => format!("no function @{name} to analyse"),
        None => "no function with an `air.launch` to analyse".to_string(),
    };
    Diagnostic::error(NO_FUNCTION, message)
        .with_primary(file, TextRange::empty(0), known)
        .with_help("the dataflow is between the launches of one function: run bare herds and segments through `air-stitch merge` first, which wraps them in launches")
}
