//! The hand-off to the AIR compiler, as data: `aircc` models aircc's command line and the
//! content key of the artifacts it makes (every input to an artifact is part of its key);
//! `triage` turns a compiler log into the known multi-launch blockers with their remedies.
//! Like every library crate it does no I/O: the CLI runs aircc, keeps the cache and reads logs.

pub mod aircc;
pub mod lower;
pub mod triage;
