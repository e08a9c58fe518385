//! Facts of herds on the core array.

use air_diagnostics::TextRange;

/// What the placement checks found. `herd` is a herd's symbol (`None`: unnamed).
#[derive(Clone, Debug)]
pub(crate) enum PlacementFact {
    /// A herd's size is not a compile-time constant.
    SizeNotConstant { herd: Option<String>, at: TextRange, why: String },
    /// A herd of `x` columns × `y` rows is larger than the device's `cols` × `rows` core tiles.
    TooLarge { herd: Option<String>, at: TextRange, x: i64, y: i64, cols: i64, rows: i64, device: &'static str },
    /// The herds of one segment (or launch) cannot be placed without overlap.
    Overlap {
        at: TextRange,
        /// Whether `at` is a segment (else a launch).
        in_segment: bool,
        /// Each herd's columns, rows and range.
        herds: Vec<(i64, i64, TextRange)>,
        area: i64,
        cols: i64,
        rows: i64,
        /// The area is the segment's own `x_size` × `y_size`, not the whole array.
        declared: bool,
    },
    /// A launch uses fewer compute tiles than its target.
    Utilisation {
        unit: String,
        at: TextRange,
        total: i64,
        available: i64,
        target: i64,
        /// Whether every herd is one row high (the target is one row).
        row_parallel: bool,
    },
    /// Herds sharing a symbol carry different placement pins.
    PinConflict {
        herd: Option<String>,
        at: TextRange,
        sibling: TextRange,
        /// This herd's and the sibling's `(x_loc, y_loc)`; `None` when only one carries a pin.
        pins: Option<((i64, i64), (i64, i64))>,
    },
}
