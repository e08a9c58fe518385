//! What several subcommands read alike, in one place so that none of them imports another: a
//! text input (`text`: read, registered, decoded; `registered` where the caller keeps going
//! with bytes that are not UTF-8), `merge`'s inputs (a plan and the slices it
//! names, or a zero-config merge's files and flags: `merge_inputs`), and a plan merged in
//! memory with check-merge's layout (`merged`), which `check-merge` and `inputs` share; the layer
//! call a module `group` wrote is (`layer_call`), which `roles` and `graph` share; and a
//! side input that does not read (`BadInput`, which `main` reports located).

mod bad_input;
pub mod layer_call;
pub mod merge_inputs;
pub mod merged;
mod text;

pub use bad_input::BadInput;
pub use text::{registered, text, Registered};
