//! The text of the compile time findings.

use super::Finding;
use crate::facts::compile_time::CompileTimeFact;
use air_diagnostics::FileId;

pub(super) fn render(fact: &CompileTimeFact, file: FileId) -> Finding {
    let _ = file;
    match *fact {}
}
