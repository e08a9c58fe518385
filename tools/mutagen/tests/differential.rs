//! The differential test of `air-stitch verify` (default build, no air-opt) against AIR's own
//! verifier: on every valid corpus chunk AIR accepts, on every mutant mutagen makes of them,
//! and on every corpus chunk AIR rejects through an AIR rule (upstream negative tests, stale
//! upstream tests), both judges give a verdict and the verdicts are compared chunk by chunk. The summary, the disagreements (by
//! rule, then each with both judges' first messages), what is out of scope and why, and any
//! generator bug are one snapshot (snapshots/mutagen/differential.snap).
//!
//! - A mutant whose intended verdict AIR does not give (an invalid one it accepts, a benign
//!   one it rejects) is a generator bug: listed, and the test fails.
//! - An air-opt exit status of 124 or above is a crash: reported, never a verdict.
//! - Where air-stitch is deliberately stricter than AIR ([`DELIBERATELY_STRICTER`]) an
//!   "AIR accepts, air-stitch rejects" result is listed apart and kept out of the count.
//! - Any disagreement fails the test ([`STRICT`]); `MUTAGEN_STRICT=0` turns it into a report.
// Tests may unwrap and panic: a failure is the report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod judge;

use air_mutagen::corpus::SourceFile;
use air_mutagen::{generate, Kind, Options, RULES};
use judge::{air_verdicts, short, stitch_verdict, Item, Stitch, Verdict};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::time::Instant;

/// air-stitch error codes for rules it enforces on purpose although AIR accepts the IR,
/// each with the reason (docs/verify.md and docs/mutagen.md say the same). The codes are
/// `air_verify::codes::STRICTER_THAN_AIR`, which `stricter_rules_are_the_verify_crates` holds.
pub const DELIBERATELY_STRICTER: &[(&str, &str)] = &[
    (
        air_verify::codes::EXECUTE_RESULTS_MISMATCH,
        "an air.execute_terminator that yields other values than the execute's results: the op's documented contract, which no AIR verifier checks and every lowering that inlines the body relies on",
    ),
    (
        air_verify::codes::UNDECLARED_CHANNEL,
        "a put/get of a channel no air.channel declares: AIR's lookup fails silently, but the lowering needs the declaration",
    ),
    (
        air_verify::codes::CHANNEL_INDEX_COUNT,
        "fewer bundle indices than the channel has dimensions: they name no single channel of the bundle; AIR never compares the count",
    ),
];

/// The port is complete: every disagreement fails the test (`MUTAGEN_STRICT=0` only reports).
const STRICT: bool = true;

fn strict() -> bool {
    match std::env::var("MUTAGEN_STRICT").as_deref() {
        Ok("0" | "false") => false,
        Ok("1" | "true") => true,
        _ => STRICT,
    }
}

#[test]
fn stricter_rules_are_the_verify_crates() {
    let mut ours: Vec<&str> = DELIBERATELY_STRICTER.iter().map(|(code, _)| *code).collect();
    let mut theirs = air_verify::codes::STRICTER_THAN_AIR.to_vec();
    ours.sort_unstable();
    theirs.sort_unstable();
    assert_eq!(ours, theirs);
}

/// One compared chunk: which set, its name, its rule (mutants), both verdicts.
struct Row {
    set: &'static str,
    key: String,
    rule: &'static str,
    air: Verdict,
    stitch: Stitch,
}

impl Row {
    fn new(set: &'static str, key: &str, rule: &'static str, air: &Verdict, text: &str) -> Row {
        let stricter: Vec<&str> = DELIBERATELY_STRICTER.iter().map(|(code, _)| *code).collect();
        Row { set, key: key.to_string(), rule, air: air.clone(), stitch: stitch_verdict(text, &stricter) }
    }

    fn crashed(&self) -> bool {
        matches!(self.air, Verdict::Crashed(_))
    }

    /// The verdicts are equal, the deliberately stricter rules left out of air-stitch's.
    fn agrees(&self) -> bool {
        !self.crashed() && matches!(self.air, Verdict::Rejected(_)) == self.stitch.rejects()
    }

    /// Agreeing, with air-stitch rejecting through a deliberately stricter rule only where
    /// AIR accepts: listed apart.
    fn stricter(&self) -> bool {
        self.agrees() && self.air == Verdict::Accepted && self.stitch.stricter.is_some()
    }

    fn disagrees(&self) -> bool {
        !self.crashed() && !self.agrees()
    }
}

#[test]
fn verify_agrees_with_air_on_corpus_chunks_and_mutants() {
    if air_verify::MLIR_BUILT_IN {
        eprintln!("the differential test judges the default build (no MLIR); skipped with feature `mlir`");
        return;
    }
    let Some(dir) = air_testkit::corpus_dir() else { return };
    let Some(air_opt) = air_testkit::air_opt() else { return };
    let started = Instant::now();
    let files = read_corpus(&dir);
    let (valid, negative): (Vec<SourceFile>, Vec<SourceFile>) = files.into_iter().partition(SourceFile::is_valid);

    // AIR's verdict on every corpus chunk, valid and negative.
    let chunk_items = |files: &[SourceFile]| -> Vec<Item> {
        files
            .iter()
            .flat_map(SourceFile::chunks)
            .map(|c| Item { key: c.name(), header: format!("// chunk: {}", c.name()), text: c.text.to_string() })
            .collect()
    };
    let valid_items = chunk_items(&valid);
    let negative_items = chunk_items(&negative);
    let valid_air = air_verdicts(&air_opt, &valid_items);
    let negative_air = air_verdicts(&air_opt, &negative_items);
    let accepted: BTreeSet<String> = valid_items
        .iter()
        .zip(&valid_air)
        .filter(|(_, v)| **v == Verdict::Accepted)
        .map(|(item, _)| item.key.clone())
        .collect();

    let generation_started = Instant::now();
    let generation = generate(&valid, |chunk| accepted.contains(&chunk.name()), &Options::default());
    let generation_time = generation_started.elapsed();
    let mutant_items: Vec<Item> = generation
        .mutants
        .iter()
        .map(|m| Item { key: m.id.clone(), header: m.header(), text: m.text.clone() })
        .collect();
    let mutant_air = air_verdicts(&air_opt, &mutant_items);

    let mut scope = OutOfScope::default();
    let mut rows = corpus_rows("valid", &valid_items, &valid_air, &mut scope);
    let mut generator_bugs = Vec::new();
    for ((mutant, item), air) in generation.mutants.iter().zip(&mutant_items).zip(&mutant_air) {
        if !judge::as_intended(mutant.rule, air) {
            generator_bugs.push(format!("{} ({}): AIR says {}", mutant.id, mutant.kind().as_str(), air.describe()));
        }
        rows.push(Row::new("mutant", &item.key, mutant.rule.id, air, &item.text));
    }
    rows.extend(corpus_rows("negative", &negative_items, &negative_air, &mut scope));
    let elapsed = started.elapsed();
    eprintln!(
        "differential: {} valid chunks, {} mutants, {} negative chunks; generation {} ms, whole test {} ms",
        valid_items.len(),
        generation.mutants.len(),
        negative_items.len(),
        generation_time.as_millis(),
        elapsed.as_millis()
    );
    let mut report = render(&generation, &rows, &scope);
    let _ = writeln!(report, "\ngenerator bugs (mutants AIR does not judge as intended): {}", generator_bugs.len());
    for bug in &generator_bugs {
        let _ = writeln!(report, "  {bug}");
    }
    insta::with_settings!({
        snapshot_path => "../../../snapshots/mutagen",
        prepend_module_to_snapshot => false,
        description => "AIR's verifier vs air-stitch verify (default build) on valid corpus chunks, mutagen's mutants and the upstream negative tests",
    }, {
        insta::assert_snapshot!("differential", report);
    });
    assert!(generator_bugs.is_empty(), "generator bugs, to fix in tools/mutagen:\n{}", generator_bugs.join("\n"));
    let disagreements = rows.iter().filter(|r| r.disagrees()).count();
    assert!(!strict() || disagreements == 0, "{disagreements} disagreements between AIR and air-stitch (strict mode)");
}

/// Every corpus file with its manifest flags (testkit finds the files), its expectation in
/// mutagen's spelling (`no`, or `yes:` and the reasons).
fn read_corpus(dir: &std::path::Path) -> Vec<SourceFile> {
    air_testkit::corpus_files(dir)
        .into_iter()
        .map(|file| {
            let text = std::fs::read_to_string(&file.path).unwrap();
            let expect_invalid = match file.expect.strip_prefix("invalid:") {
                Some(reasons) => format!("yes:{reasons}"),
                None => "no".to_string(),
            };
            SourceFile { relpath: file.relpath, text, split: file.split, expect_invalid }
        })
        .collect()
}

/// The chunks left out of the comparison, and why.
#[derive(Default)]
struct OutOfScope {
    /// Chunks AIR rejects that use a dialect it does not register: (set, chunk, op).
    unregistered: Vec<(&'static str, String, String)>,
    /// Chunks AIR rejects through a rule that is not AIR's (MLIR's own dialects), as its
    /// first error says: (set, chunk, message).
    not_air: Vec<(&'static str, String, String)>,
    /// Negative-test chunks AIR accepts (they fail in a pass, not in the verifier).
    negative_accepted: usize,
}

/// The rows of corpus chunks: the valid ones AIR accepts (set `valid`), and every chunk AIR
/// rejects through an AIR rule (its first error names an `air.` op or type): valid ones as
/// set `stale` (upstream files meant to be valid that AIR refuses), negative tests as
/// `negative`. The rest goes to `scope`. A crash is a row of its own set, reported.
fn corpus_rows(set: &'static str, items: &[Item], verdicts: &[Verdict], scope: &mut OutOfScope) -> Vec<Row> {
    let mut rows = Vec::new();
    for (item, verdict) in items.iter().zip(verdicts) {
        match verdict {
            Verdict::Accepted if set == "negative" => scope.negative_accepted += 1,
            Verdict::Rejected(message) => {
                if let Some(op) = air_mutagen::unregistered_op(&item.text) {
                    scope.unregistered.push((set, item.key.clone(), op));
                } else if !message.contains("air.") {
                    scope.not_air.push((set, item.key.clone(), message.clone()));
                } else {
                    let set = if set == "valid" { "stale" } else { set };
                    rows.push(Row::new(set, &item.key, "", verdict, &item.text));
                }
            }
            Verdict::Accepted | Verdict::Crashed(_) => rows.push(Row::new(set, &item.key, "", verdict, &item.text)),
        }
    }
    rows
}

/// The snapshot text.
fn render(generation: &air_mutagen::Generation, rows: &[Row], scope: &OutOfScope) -> String {
    let mut out = String::new();
    let count = |set: &str| rows.iter().filter(|r| r.set == set).count();
    let invalid = generation.mutants.iter().filter(|m| m.kind() == Kind::Invalid).count();
    let covered: BTreeSet<&str> = generation.mutants.iter().map(|m| m.rule.id).collect();
    let _ = writeln!(out, "valid corpus chunks AIR accepts: {} (mutated: {})", count("valid"), generation.chunks);
    let _ = writeln!(
        out,
        "mutants: {} ({invalid} invalid, {} benign) of {} rules ({} rules in the catalog)",
        generation.mutants.len(),
        generation.mutants.len() - invalid,
        covered.len(),
        RULES.len()
    );
    let _ =
        writeln!(out, "valid corpus chunks AIR rejects through an AIR rule (stale upstream tests): {}", count("stale"));
    let _ = writeln!(out, "negative-test chunks AIR rejects through an AIR rule: {}", count("negative"));
    let _ = writeln!(out, "\nset       chunks  agree  (of which stricter)  disagree  crashed");
    for set in ["valid", "stale", "mutant", "negative"] {
        let of: Vec<&Row> = rows.iter().filter(|r| r.set == set).collect();
        let crashed = of.iter().filter(|r| r.crashed()).count();
        let stricter = of.iter().filter(|r| r.stricter()).count();
        let agree = of.iter().filter(|r| r.agrees()).count();
        let disagree = of.iter().filter(|r| r.disagrees()).count();
        let _ = writeln!(out, "{set:<9} {:>6}  {agree:>5}  {stricter:>19}  {disagree:>8}  {crashed:>7}", of.len());
    }
    render_by_rule(&mut out, rows);
    render_rows(&mut out, rows, scope);
    out
}

/// Per rule: mutants, agreements, the two ways to disagree, and the air-stitch codes of
/// the rejections.
fn render_by_rule(out: &mut String, rows: &[Row]) {
    let _ = writeln!(
        out,
        "\nby rule (mutants; air-only: AIR rejects, air-stitch accepts; stitch-only: the reverse):\n\
         rule                             kind     mutants  agree  air-only  stitch-only  air-stitch codes"
    );
    for rule in RULES {
        let of: Vec<&Row> = rows.iter().filter(|r| r.set == "mutant" && r.rule == rule.id).collect();
        if of.is_empty() {
            let _ = writeln!(out, "{:<32} {:<8} {:>7}  (no site in the corpus)", rule.id, rule.kind.as_str(), 0);
            continue;
        }
        let agree = of.iter().filter(|r| r.agrees()).count();
        let air_only = of.iter().filter(|r| r.disagrees() && !r.stitch.rejects()).count();
        let stitch_only = of.iter().filter(|r| r.disagrees() && r.stitch.rejects()).count();
        let codes: BTreeSet<&str> =
            of.iter().flat_map(|r| r.stitch.first.iter()).map(|(code, _)| code.as_str()).collect();
        let codes: Vec<&str> = codes.into_iter().collect();
        let _ = writeln!(
            out,
            "{:<32} {:<8} {:>7}  {agree:>5}  {air_only:>8}  {stitch_only:>11}  {}",
            rule.id,
            rule.kind.as_str(),
            of.len(),
            codes.join(",")
        );
    }
}

/// The lists: disagreements, deliberately stricter results, out-of-scope chunks, crashes.
fn render_rows(out: &mut String, rows: &[Row], scope: &OutOfScope) {
    let stitch = |r: &Row| match &r.stitch.first {
        Some((code, message)) => format!("{code} {}", short(message)),
        None => "accepted".to_string(),
    };
    let _ = writeln!(out, "\ndisagreements (id [rule]: AIR | air-stitch):");
    for row in rows.iter().filter(|r| r.disagrees()) {
        let rule = if row.rule.is_empty() { row.set.to_string() } else { row.rule.to_string() };
        let _ = writeln!(out, "  {} [{rule}]: {} | {}", row.key, row.air.describe(), stitch(row));
    }
    let _ = writeln!(out, "\ndeliberately stricter in air-stitch (kept out of the count):");
    for (code, why) in DELIBERATELY_STRICTER {
        let _ = writeln!(out, "  {code}: {why}");
    }
    let by_set: BTreeMap<&str, usize> = rows.iter().filter(|r| r.stricter()).fold(BTreeMap::new(), |mut m, r| {
        *m.entry(r.set).or_default() += 1;
        m
    });
    for (set, n) in by_set {
        let _ = writeln!(out, "  {n} {set} chunk(s)");
    }
    let _ = writeln!(
        out,
        "\nout of scope: chunks AIR rejects, with an op of a dialect it does not register ({}):",
        scope.unregistered.len()
    );
    for (set, key, op) in &scope.unregistered {
        let _ = writeln!(out, "  {set} {key}: {op}");
    }
    let _ =
        writeln!(out, "\nout of scope: chunks AIR rejects through a rule that is not AIR's ({}):", scope.not_air.len());
    for (set, key, message) in &scope.not_air {
        let _ = writeln!(out, "  {set} {key}: {}", short(message));
    }
    let _ = writeln!(
        out,
        "\nout of scope: negative-test chunks AIR accepts (they fail in a pass): {}",
        scope.negative_accepted
    );
    let crashed: Vec<&Row> = rows.iter().filter(|r| r.crashed()).collect();
    let _ = writeln!(out, "\nAIR crashed (no verdict): {}", crashed.len());
    for row in crashed {
        let rule = if row.rule.is_empty() { row.set } else { row.rule };
        let _ = writeln!(out, "  {} [{rule}]", row.key);
    }
}
