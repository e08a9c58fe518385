//! Passes over parsed AIR modules and the `merge` pipeline built from them.
//!
//! Each pass ([`pipeline::Pass`]) is a value holding its options, with one pure function from a
//! parsed slice and the edit overlay so far ([`rewrite::Rewrite`]) to a new overlay (or
//! diagnostics). Nothing is re-parsed between passes; what a pass inserts is parsed from a
//! template first ([`make`]); the overlay is printed once at the end, and `merge` parses only
//! its output, as an internal check, and hands that tree to its caller.

pub mod assemble;
pub mod backend;
pub mod codes;
pub mod equivalence;
pub mod externs;
pub mod make;
pub mod merge;
mod merge_checks;
pub mod named;
pub mod naming;
mod parallel;
pub mod pipeline;
pub mod plan;
pub mod plan_toml;
pub mod prefix_ssa;
pub mod prefix_symbols;
pub mod remap_args;
pub mod rewrite;
pub mod sections;
pub mod slice;
pub mod standalone;
pub mod synthetic;
pub mod tile_sizes;
mod wrap_analysis;
pub mod wrap_bare_herds;
pub mod zero_config;

pub use pipeline::{AnyPass, Changed, Pass, PassName, SliceCx, PIPELINE};
pub use prefix_ssa::PrefixSsa;
pub use prefix_symbols::{AliasTable, PrefixSymbols};
pub use remap_args::{RemapArgs, Target};
pub use rewrite::{Fragment, Piece, Printer, Rewrite, SymbolKey, ValueKey};
pub use wrap_bare_herds::WrapBareHerds;
