//! The semantic model of an AIR module, the one layer every analysis asks what a module means:
//! its constants and affine expressions evaluated (`eval/`), its hierarchy, loops, buffers and
//! data movements resolved once into a [`program::Program`] (`program/`), access patterns as
//! AIR's DMA lowering canonicalises them (`pattern/`), the one walker of memref view chains
//! (`view_chain`), the devices it runs on and the compiler
//! options that change what it asks of them (`device`, `options`, AIR's limits in `limits`).
//!
//! check-bd, dataflow, merge, check-merge and the compiler-log triage read modules through
//! this crate; none of them depends on another to learn what an AIR module means.
//!
//! Library only: takes a parsed module, returns data.

pub mod arith;
pub mod device;
pub mod eval;
pub mod limits;
pub mod options;
pub mod pattern;
pub mod program;
pub mod view_chain;

pub use device::{DeviceKind, DeviceModel};
pub use options::{CheckOptions, OmitPingPong, OutputFormat};
