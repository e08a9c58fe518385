//! The I/O of `air-stitch compile` and `air-stitch cache`: finding the toolchain, the cache on
//! disk, staging the inputs, and running aircc. The decisions (options, argv, key, manifest
//! check) are `air_compile::aircc`'s.

pub mod artifacts;
pub mod cache;
pub mod lower;
pub mod run;
pub mod staging;
pub mod tools;
