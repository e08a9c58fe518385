//! The text of the fields findings.

use super::Finding;
use crate::facts::fields::FieldFact;
use air_diagnostics::FileId;

pub(super) fn render(fact: &FieldFact, file: FileId) -> Finding {
    let _ = file;
    match *fact {}
}
