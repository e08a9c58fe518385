//! Reading one text input as every subcommand does: its bytes (a file, or `-` for standard
//! input), registered in the run's source map under the name diagnostics show, and decoded as
//! UTF-8. A file that cannot be read is an I/O error (exit status 2); bytes that are not UTF-8
//! are a located diagnostic the caller reports.

use crate::common::{self, RawInput};
use air_diagnostics::{Diagnostic, FileId, SourceMap};
use std::path::Path;

/// An input read and registered, whether or not it decoded.
pub struct Registered {
    /// Its id in the source map (its text, or the part before the first byte that is not UTF-8).
    pub file: FileId,
    /// What was read: the name diagnostics show and the bytes.
    pub raw: RawInput,
    /// `Err`: the located diagnostic of bytes that are not UTF-8.
    pub decoded: Result<(), Diagnostic>,
}

/// `path` read and registered in `sources`.
pub fn registered(path: &Path, sources: &mut SourceMap) -> anyhow::Result<Registered> {
    let raw = common::read_input(path)?;
    let (file, decoded) = common::register(sources, &raw);
    Ok(Registered { file, raw, decoded })
}

/// `path` read and registered: `Ok((file, name))` with its text in `sources`, or `Err` with the
/// diagnostic of bytes that are not UTF-8 (registered too, so that it points into them).
pub fn text(path: &Path, sources: &mut SourceMap) -> anyhow::Result<Result<(FileId, String), Diagnostic>> {
    let Registered { file, raw, decoded } = registered(path, sources)?;
    Ok(decoded.map(|()| (file, raw.name)))
}
