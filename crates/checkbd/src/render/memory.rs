//! The text of the memory findings.

use super::Finding;
use crate::facts::memory::MemoryFact;
use air_diagnostics::FileId;

pub(super) fn render(fact: &MemoryFact, file: FileId) -> Finding {
    let _ = file;
    match *fact {}
}
