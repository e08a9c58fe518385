//! Reading one text input as every subcommand does: its bytes (a file, or `-` for standard
//! input), registered in the run's source map under the name diagnostics show, and decoded as
//! UTF-8. A file that cannot be read is an I/O error (exit status 2); bytes that are not UTF-8
//! are a located diagnostic the caller reports.

use crate::common;
use air_diagnostics::{Diagnostic, FileId, SourceMap};
use std::path::Path;

/// `path` read and registered: `Ok((file, name))` with its text in `sources`, or `Err` with the
/// diagnostic of bytes that are not UTF-8 (registered too, so that it points into them).
pub fn text(path: &Path, sources: &mut SourceMap) -> anyhow::Result<Result<(FileId, String), Diagnostic>> {
    let raw = common::read_input(path)?;
    let (file, decoded) = common::register(sources, &raw);
    Ok(decoded.map(|()| (file, raw.name)))
}
