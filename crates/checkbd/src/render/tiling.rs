//! The text of the tiling findings.

use super::Finding;
use crate::facts::tiling::TilingFact;
use air_diagnostics::FileId;

pub(super) fn render(fact: &TilingFact, file: FileId) -> Finding {
    let _ = file;
    match *fact {}
}
