//! NPU resource models (npu1, npu2) and the `check-bd` analysis: predicts, from AIR text and
//! in milliseconds, the resource failures aircc/aiecc would report after minutes (out of shim
//! channels, BD exhaustion, repeat count over 255, L1/L2 overflow, placement) and the silent
//! ones (a bf16 DMA with inner stride ≠ 1, a herd dropped from a multi-launch module).
//!
//! ```
//! use air_checkbd::{check, CheckOptions};
//! let text = "func.func @f(%a: memref<1024xbf16>) {\n  %c8 = arith.constant 8 : index\n  \
//!     air.herd @h tile (%x, %y) in (%sx=%c8, %sy=%c8) args(%b=%a) : memref<1024xbf16> {\n  }\n  return\n}\n";
//! let parse = air_syntax::parse(text);
//! let report = check(&parse, air_diagnostics::FileId(0), &CheckOptions::default());
//! assert_eq!(report.diagnostics[0].code, "AS0401"); // an 8×8 herd does not fit 8×4 cores
//! ```
//!
//! Library only: takes a parsed chunk, returns data ([`CheckBdReport`]); the CLI renders it.
//! Inside, the checks (`check/`) compute facts (`facts/`: numbers, ranges, names per rule) and
//! `render/` alone gives them words.

mod check;
mod facts;
mod render;
pub mod report;
pub mod rules;

pub use air_model::device::{DeviceKind, DeviceModel, TileModel, NPU1, NPU2, NPU2_4COL};
pub use air_model::options::{CheckOptions, OmitPingPong, OutputFormat};
pub use report::{Amount, BudgetRow, CheckBdReport, Status, UnitReport};
pub use rules::{Certainty, Rule};

use air_diagnostics::FileId;
use air_syntax::Parse;

/// Checks one parsed chunk (one module). Labels use `file` and offsets into the parsed text;
/// shift them with [`CheckBdReport::shifted`] for a chunk of a larger file.
pub fn check(parse: &Parse, file: FileId, opts: &CheckOptions) -> CheckBdReport {
    let evaluator = air_model::eval::Evaluator::new(parse);
    let program = air_model::program::build(&evaluator);
    let (facts, units) = check::run(&program, parse.tree.text(), opts);
    CheckBdReport { diagnostics: render::diagnostics(&facts, file), units }
}
