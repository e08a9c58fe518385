//! The text of the placement findings.

use super::Finding;
use crate::facts::placement::PlacementFact;
use air_diagnostics::FileId;

pub(super) fn render(fact: &PlacementFact, file: FileId) -> Finding {
    let _ = file;
    match *fact {}
}
