//! The text of the shim findings.

use super::Finding;
use crate::facts::shim::ShimFact;
use air_diagnostics::FileId;

pub(super) fn render(fact: &ShimFact, file: FileId) -> Finding {
    let _ = file;
    match *fact {}
}
