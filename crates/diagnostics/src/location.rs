//! Where an input's diagnostics point when the place may be unknown: a range in a registered
//! file, or none (a plan built from the command line, a layer made in memory).

use crate::{Diagnostic, FileId, TextRange};

/// A position in an input file, or none.
pub type Loc = Option<(FileId, TextRange)>;

/// An error at a location (or without one).
pub fn located(code: &'static str, message: &str, loc: Loc) -> Diagnostic {
    let diagnostic = Diagnostic::error(code, message.to_string());
    match loc {
        Some((file, range)) => diagnostic.with_primary(file, range, ""),
        None => diagnostic,
    }
}
