//! aircc's command line and the content key of a compiled artifact, as data.
//!
//! - [`options`]: the compile options with aircc's own spellings, and the argv air-stitch runs
//!   (it sets `-o`, `-i`, `--tmpdir` and `--elf-name` itself);
//! - [`objects`]: the `link_with` objects a module names, read from its tokens;
//! - [`key`]: the sha256 key over every input to the artifact, each component named;
//! - [`manifest`]: what a cache entry records (the sha256 of each artifact) and its check;
//! - [`bundle`]: an entry as one object for a shared cache (a tar, zstd), unpacked only checked;
//! - [`sign`]: the team key's HMAC over an entry's manifest, and whether a consumer may serve it;
//! - [`stage`]: the stage of the compile a line of aircc's output shows, for the progress line.
//!
//! The CLI gathers the facts (bytes, file metadata, version outputs) and does all I/O.

pub mod bundle;
pub mod key;
pub mod manifest;
pub mod objects;
pub mod options;
pub mod sign;
pub mod stage;

pub use key::{sha256_hex, CacheKey, KeyComponent, KeyInputs, ToolIdentity};
pub use manifest::{Artifact, EntryProblem, Manifest, MANIFEST_FILE, MANIFEST_SCHEMA};
pub use objects::{is_plain_file_name, link_with_objects, link_with_objects_parsed, LinkedObject};
pub use options::{
    format_duration, parse_duration, CompileOptions, Device, OmitPingPong, OutputFormat, Outputs, PlacedIrVerifiers,
};
pub use stage::stage_of_line;
