//! The text of the structure findings.

use super::Finding;
use crate::facts::structure::StructureFact;
use air_diagnostics::FileId;

pub(super) fn render(fact: &StructureFact, file: FileId) -> Finding {
    let _ = file;
    match *fact {}
}
