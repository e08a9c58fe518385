//! Stable diagnostic codes of the dataflow analysis (AS08xx), documented in
//! `docs/error-codes.md` and `docs/roles.md`, and the diagnostics that are not hazards.

use crate::{Access, ArgFlow, LaunchInfo};
use air_diagnostics::{Diagnostic, FileId, TextRange};
use air_resource::program::Endpoint;
use air_syntax::views::FuncOp;

/// A launch reads elements of an argument that no earlier launch wrote but a later one does.
pub const READ_BEFORE_WRITE: &str = "AS0800";
/// Two launches write the same elements with no read of them in between.
pub const WRITE_AFTER_WRITE: &str = "AS0801";
/// An argument called an output is written by no launch.
pub const OUTPUT_NEVER_WRITTEN: &str = "AS0802";
/// Elements a launch writes that no later launch reads, of an argument that is not an output.
pub const DEAD_WRITE: &str = "AS0803";
/// Elements of an output that no launch writes.
pub const OUTPUT_PARTLY_WRITTEN: &str = "AS0804";
/// A transfer whose part of its argument cannot be evaluated (counted as an unknown part).
pub const UNKNOWN_PART: &str = "AS0805";
/// An L3 transfer whose buffer does not lead to an argument of the function.
pub const UNRESOLVED_BUFFER: &str = "AS0806";
/// No function to analyse: none has an `air.launch`, or the one asked for does not exist.
pub const NO_FUNCTION: &str = "AS0807";

pub(crate) fn unknown_part(file: FileId, access: &Access, arg: &ArgFlow, launch: &LaunchInfo, reason: &str) -> Diagnostic {
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
        air_resource::program::Root::Unknown(what) => what.clone(),
        _ => "a buffer that is not an argument".to_string(),
    };
    Diagnostic::note(UNRESOLVED_BUFFER, format!("launch {launch} moves L3 data of a buffer that is not an argument of the function"))
        .with_primary(file, endpoint.line_range, format!("its memref is {why}"))
        .with_help("only transfers of function arguments (directly, through `args(...)` or through views) enter the roles")
}

pub(crate) fn no_function(file: FileId, asked: Option<&str>, funcs: &[FuncOp<'_>]) -> Diagnostic {
    let names: Vec<String> = funcs.iter().map(|f| format!("@{}", f.name())).collect();
    let known = if names.is_empty() { "the module defines no function".to_string() } else { format!("functions: {}", names.join(", ")) };
    let message = match asked {
        Some(name) => format!("no function @{name} to analyse"),
        None => "no function with an `air.launch` to analyse".to_string(),
    };
    Diagnostic::error(NO_FUNCTION, message)
        .with_primary(file, TextRange::empty(0), known)
        .with_help("the dataflow is between the launches of one function: run bare herds and segments through `air-stitch merge` first, which wraps them in launches")
}
