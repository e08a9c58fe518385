//! Running one pass on its own (`air-stitch pass NAME ... FILE`): the pass's result printed as a
//! whole file, so each step of the merge pipeline can be inspected and tested by itself.

use crate::codes;
use crate::externs::{summary_line, ExternOverrides, ExternState, Externs};
use crate::prefix_symbols::{AliasTable, PrefixSymbols};
use crate::remap_args::{RemapArgs, Target};
use crate::rewrite::{Printer, Rewrite};
use crate::slice::find_kernel;
use crate::{PrefixSsa, WrapBareHerds};
use air_diagnostics::{Diagnostic, FileId};
use air_syntax::Parse;
use std::collections::BTreeMap;

/// Names of the passes `air-stitch pass` runs.
pub const PASS_NAMES: &[&str] = &["wrap-bare-herds", "prefix-ssa", "prefix-symbols", "externs", "remap-args"];

/// A pass with its options.
#[derive(Clone, Debug)]
pub enum PassSpec {
    WrapBareHerds { func: Option<String>, segment_name: Option<String> },
    PrefixSsa { prefix: String },
    PrefixSymbols { prefix: String },
    Externs { prefix: String, overrides: ExternOverrides },
    RemapArgs { func: Option<String>, mapping: BTreeMap<usize, Target> },
}

/// What a standalone pass produced: the file's new text and a summary line.
#[derive(Clone, Debug)]
pub struct PassOutput {
    pub text: String,
    pub summary: Option<String>,
}

impl PassSpec {
    pub fn run(&self, parse: &Parse, file: FileId, file_name: &str) -> Result<PassOutput, Vec<Diagnostic>> {
        if parse.has_errors() {
            let mut errors: Vec<Diagnostic> = parse.all_errors().into_iter().map(|e| e.in_file(file)).collect();
            errors.push(Diagnostic::error(
                codes::SLICE_HAS_ERRORS,
                format!("{file_name} must parse without errors before a pass can run on it"),
            ));
            return Err(errors);
        }
        let mut summary = None;
        let rewrite = match self {
            PassSpec::WrapBareHerds { func, segment_name } => {
                let kernel = find_kernel(parse, file, file_name, func.as_deref()).map_err(|e| vec![e])?;
                WrapBareHerds { segment_name: segment_name.clone() }.run(parse, file, &kernel, Rewrite::new())?
            }
            PassSpec::PrefixSsa { prefix } => PrefixSsa { prefix: prefix.clone() }.run(parse, Rewrite::new()),
            PassSpec::PrefixSymbols { prefix } => {
                PrefixSymbols { prefix: prefix.clone() }.run(parse, Rewrite::new(), &mut AliasTable::new()).rewrite
            }
            PassSpec::Externs { prefix, overrides } => {
                let mut state = ExternState::default();
                let out = Externs { prefix: prefix.clone(), overrides: overrides.clone() }.run(
                    parse,
                    file,
                    file_name,
                    Rewrite::new(),
                    &mut state,
                )?;
                summary = Some(summary_line(&state));
                out.rewrite
            }
            PassSpec::RemapArgs { func, mapping } => {
                let kernel = find_kernel(parse, file, file_name, func.as_deref()).map_err(|e| vec![e])?;
                if let Some(idx) = mapping.keys().find(|idx| **idx >= kernel.args.len()) {
                    return Err(vec![Diagnostic::error(
                        codes::INDEX_OUT_OF_RANGE,
                        format!("`@{}` has no argument {idx} (it takes {})", kernel.func.name(), kernel.args.len()),
                    )]);
                }
                RemapArgs { mapping: mapping.clone() }.run(&kernel, Rewrite::new())
            }
        };
        Ok(PassOutput { text: Printer::new(parse, &rewrite).print(), summary })
    }
}
