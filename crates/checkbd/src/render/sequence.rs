//! The text of the sequence findings.

use super::Finding;
use crate::facts::sequence::SequenceFact;
use air_diagnostics::FileId;

pub(super) fn render(fact: &SequenceFact, file: FileId) -> Finding {
    let _ = file;
    match *fact {}
}
