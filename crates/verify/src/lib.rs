//! AIR structural checks, the AIR → MLIR generic-form printer, (feature `mlir`) MLIR's own
//! parser and verifier through melior, with MLIR's diagnostics put back on the user's text, and
//! the reading of AIR's own verifier's (air-opt's) output, which the CLI runs.
//!
//! Everything here is a pure function of (file name, text, parse) → text and diagnostics; the
//! CLI does the I/O.
//!
//! ```
//! let text = "func.func @f() {\n  air.wait_all\n  return\n}\n";
//! let parse = air_syntax::parse(text);
//! let diagnostics = air_verify::verify_module("k.mlir", text, &parse, air_diagnostics::FileId(0));
//! assert!(!diagnostics.iter().any(|d| d.is_error()));
//! ```

pub mod air_opt;
mod attr_value;
pub mod codes;
pub mod dialect;
pub mod generic;
mod locate;
#[cfg(feature = "mlir")]
mod mlir;
pub mod structural;
mod verify;

pub use generic::{to_generic, Generic, GenericOptions, OffsetMap};
pub use structural::check_structure;
pub use verify::{
    mlir_not_built_note, mlir_not_built_note_with_air_opt, verify_chunk, verify_chunk_structural, verify_module,
    MLIR_BUILT_IN,
};

use air_diagnostics::{FileId, LineIndex};
use air_syntax::Parse;

/// One parsed chunk of a file, with what is needed to point back at the whole file.
#[derive(Clone, Copy, Debug)]
pub struct Input<'a> {
    /// The file's display name, used in the `loc("NAME":LINE:COL)` of converted ops.
    pub name: &'a str,
    /// The file's id in the caller's source map (diagnostic labels use it).
    pub file: FileId,
    /// The whole file's text.
    pub text: &'a str,
    /// Line index of the whole file.
    pub lines: &'a LineIndex,
    /// Byte offset of this chunk in the whole file (0 unless split on `// -----`).
    pub offset: u32,
    /// The chunk's parse.
    pub parse: &'a Parse,
}
