//! Running one pass on its own (`air-stitch pass NAME ... FILE`): the pass's result printed as a
//! whole file, so each step of the merge pipeline can be inspected and tested by itself.

use crate::codes;
use crate::passes::externs::summary_line;
use crate::passes::{run_alone, AnyPass};
use crate::rewrite::Printer;
use crate::slice::{find_kernel, ParsedSlice};
use air_diagnostics::Diagnostic;

pub use crate::passes::PASS_NAMES;

/// A pass with its options, and the kernel function it works on when the file has several
/// public functions (`--func`).
#[derive(Clone, Debug)]
pub struct PassSpec {
    pub pass: AnyPass,
    pub func: Option<String>,
}

/// What a standalone pass produced: the file's new text and a summary line.
#[derive(Clone, Debug)]
pub struct PassOutput {
    pub text: String,
    pub summary: Option<String>,
}

impl PassSpec {
    pub fn run(&self, slice: &ParsedSlice) -> Result<PassOutput, Vec<Diagnostic>> {
        let (parse, file, file_name) = (&slice.parse, slice.file, slice.name.as_str());
        if parse.has_errors() {
            let mut errors: Vec<Diagnostic> = parse.all_errors().into_iter().map(|e| e.in_file(file)).collect();
            errors.push(Diagnostic::error(
                codes::SLICE_HAS_ERRORS,
                format!("{file_name} must parse without errors before a pass can run on it"),
            ));
            return Err(errors);
        }
        let kernel = match self.pass.needs_kernel() {
            true => Some(find_kernel(parse, file, file_name, self.func.as_deref()).map_err(|e| vec![e])?),
            false => None,
        };
        // In a merge the plan checks catch these; alone, the command line is the plan.
        if let (AnyPass::RemapArgs(remap), Some(kernel)) = (&self.pass, &kernel) {
            if let Some(idx) = remap.mapping.keys().find(|idx| **idx >= kernel.args.len()) {
                return Err(vec![Diagnostic::error(
                    codes::INDEX_OUT_OF_RANGE,
                    format!("`@{}` has no argument {idx} (it takes {})", kernel.func.name(), kernel.args.len()),
                )]);
            }
        }
        let alone = run_alone(&self.pass, slice, kernel.as_ref())?;
        let summary = matches!(self.pass, AnyPass::Externs(_)).then(|| summary_line(&alone.shared.externs));
        Ok(PassOutput { text: Printer::new(parse, &alone.rewrite).print(), summary })
    }
}
