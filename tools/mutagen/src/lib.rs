//! mutagen: mutants of the upstream AIR corpus for the differential test of `air-stitch
//! verify` against AIR's own verifier.
//!
//! Each mutant is a copy of one corpus chunk with one targeted edit made on air-syntax's
//! lossless tree ([`edit`]): either it breaks exactly one rule of AIR's verifier, custom
//! parsers or ODS constraints ([`rules::RULES`], kind `invalid`), or it is an edit AIR
//! accepts (kind `benign`). Sites are chosen deterministically ([`generate`]); the mutants
//! are written in `--split-input-file` batches ([`batch`]), each chunk after a header
//! `// mutant: <id> rule=<rule-id> kind=<invalid|benign> from=<relpath>#<chunk> at=<line>:<col>`.
//! See docs/mutagen.md.
//!
//! The library is pure (texts in, texts out); the `mutagen` binary reads the corpus and
//! writes the batches.

pub mod batch;
pub mod cli;
pub mod corpus;
pub mod edit;
pub mod generate;
pub mod rules;
pub mod sites;

pub use corpus::{Chunk, SourceFile};
pub use generate::{generate, Generation, Mutant, Options};
pub use rules::{Kind, Rule, RULES};

/// Op-name prefixes of dialects AIR's verifier does not register (mlir-aie's, and the
/// transform ops that live in mlir-air's pass libraries): a chunk using one cannot be judged
/// by AIR, so it is never mutated without AIR's own verdict.
pub const UNREGISTERED_PREFIXES: &[&str] = &["aie.", "aiex.", "aievec.", "transform.air."];

/// The first op of `text` from a dialect AIR does not register, by name.
pub fn unregistered_op(text: &str) -> Option<String> {
    let parse = air_syntax::parse_syntax_only(text);
    let found = parse
        .tree
        .nodes()
        .filter_map(air_syntax::views::Op::cast)
        .map(|op| op.name())
        .find(|name| UNREGISTERED_PREFIXES.iter().any(|prefix| name.starts_with(prefix)))
        .map(str::to_string);
    found
}

/// FNV-1a, 64 bits, over the concatenated parts.
pub(crate) fn fnv1a(parts: &[&str]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in parts.iter().flat_map(|p| p.bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    hash
}
