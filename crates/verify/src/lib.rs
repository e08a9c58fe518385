//! AIR structural checks and MLIR verification (in progress).
