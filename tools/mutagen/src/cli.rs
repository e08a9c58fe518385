//! Command line of `mutagen`, and the pure parts of what it writes (the index and rule
//! tables), so tests can check them without running the binary.

use crate::generate::{Generation, Mutant};
use crate::rules::RULES;
use clap::Parser;
use std::fmt::Write as _;
use std::path::PathBuf;

/// Writes mutants of the upstream AIR corpus, one AIR verifier rule per invalid mutant plus
/// benign edits AIR accepts, in `--split-input-file` batches (see docs/mutagen.md).
///
/// Exit status: 0 on success, 2 for bad arguments, an unreadable corpus or a failed write.
#[derive(Debug, Parser)]
#[command(name = "mutagen", version)]
pub struct Cli {
    /// The corpus directory (with its MANIFEST.tsv), e.g. ../shared/corpus/mlir-air.
    pub corpus: PathBuf,
    /// Output directory: batch-NNN.mlir, index.tsv, rules.tsv (created if missing; earlier
    /// batch-*.mlir files there are replaced).
    #[arg(short, long)]
    pub output: PathBuf,
    /// At most this many mutants per rule.
    #[arg(long, default_value_t = 20)]
    pub cap: usize,
    /// Mutants per batch file.
    #[arg(long, default_value_t = 100)]
    pub batch_size: usize,
    /// Only this rule (repeatable); all rules by default.
    #[arg(long = "rule", value_name = "ID")]
    pub rules: Vec<String>,
    /// Mutate only the chunks this AIR verifier (air-opt or air-mini-opt) accepts. Without
    /// it, chunks with ops of dialects AIR does not register (aie.*, transform.air.*) are
    /// skipped, and the rest are assumed valid.
    #[arg(long, value_name = "PATH")]
    pub air_opt: Option<PathBuf>,
}

/// Batch file name of batch `n` (0-based).
pub fn batch_name(n: usize) -> String {
    format!("batch-{n:03}.mlir")
}

/// `index.tsv`: one row per mutant (id, rule, kind, from, at, batch, line of its header).
pub fn index_tsv(mutants: &[Mutant], batch_size: usize) -> String {
    let mut out = String::from("id\trule\tkind\tfrom\tat\tbatch\n");
    for (n, mutant) in mutants.iter().enumerate() {
        let _ = writeln!(
            out,
            "{}\t{}\t{}\t{}#{}\t{}:{}\t{}",
            mutant.id,
            mutant.rule.id,
            mutant.kind().as_str(),
            mutant.relpath,
            mutant.chunk,
            mutant.at.0,
            mutant.at.1,
            batch_name(n / batch_size.max(1))
        );
    }
    out
}

/// `rules.tsv`: every rule with its kind, candidate sites, mutants written and source.
pub fn rules_tsv(generation: &Generation) -> String {
    let mut out = String::from("rule\tkind\tsites\tmutants\tsource\n");
    for rule in RULES {
        let Some(sites) = generation.sites.get(rule.id) else { continue };
        let mutants = generation.mutants.iter().filter(|m| m.rule.id == rule.id).count();
        let _ = writeln!(out, "{}\t{}\t{sites}\t{mutants}\t{}", rule.id, rule.kind.as_str(), rule.source);
    }
    out
}
