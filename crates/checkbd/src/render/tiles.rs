//! The text of the tiles findings.

use super::Finding;
use crate::facts::tiles::TileFact;
use air_diagnostics::FileId;

pub(super) fn render(fact: &TileFact, file: FileId) -> Finding {
    let _ = file;
    match *fact {}
}
