//! The I/O of `air-stitch compile` and `air-stitch cache`: finding the toolchain, the cache on
//! disk (`cache`), its shared tier (`remote`, `shared`), where both are configured
//! (`settings`) and their counters (`stats`), staging the inputs, and running aircc. The
//! decisions (options, argv, key, manifest check, bundles, signatures) are `air_compile::aircc`'s.

pub mod artifacts;
pub mod cache;
pub mod lower;
pub mod remote;
pub mod run;
pub mod settings;
pub mod shared;
pub mod staging;
pub mod stats;
pub mod tools;
