//! `merge`: slices of AIR stitched into one multi-launch module, as a plan says (`plan/`),
//! through token-level passes (`passes/`) over an edit overlay (`rewrite/`), assembled, and
//! proved equivalent to their sources (`equivalence`).
//!
//! Each pass ([`passes::Pass`]) is a value holding its options, with one pure function from a
//! parsed slice and the edit overlay so far ([`rewrite::Rewrite`]) to a new overlay (or
//! diagnostics). Nothing is re-parsed between passes; what a pass inserts is parsed from a
//! template first ([`rewrite::make`]); the overlay is printed once at the end, and `merge` parses only
//! its output, as an internal check, and hands that tree to its caller.

pub mod assemble;
mod checks;
pub mod codes;
pub mod equivalence;
pub mod merge;
mod parallel;
pub mod passes;
pub mod plan;
pub mod rewrite;
pub mod slice;
pub mod tile_sizes;

pub use passes::{AnyPass, Changed, Pass, PassName, SliceCx, PIPELINE};
pub use passes::{AttrAliasTable, PrefixSsa, PrefixSymbols, RemapArgs, Target, WrapBareHerds};
pub use rewrite::{Fragment, Piece, Printer, Rewrite, SymbolKey, ValueKey};
