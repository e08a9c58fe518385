//! The differential test of check-bd against the real compiler (issue 21): every point of the
//! sweep (`tools/sweep`, docs/sweep.md), every check-bd fixture with its `// check-bd:` flags,
//! every kernel of `testdata/kernels/` with its backends, every reference merge, and every kernel
//! and group of the model sweep (tools/models, docs/models.md) is lowered by
//! the compiler kit (`air_testkit::lowering`, verdicts cached) and checked by
//! `air-stitch check-bd --format json` with the same options. They must agree:
//!
//! - a rejection is predicted by a check-bd error among the rules of its triage class
//!   (`air_compile::triage::Class::check_bd_rules`);
//! - an accepted module has no check-bd error and no warning, except the rules of
//!   [`RUNTIME_HAZARDS`] (hazards the compiler cannot see);
//! - a lowering that does not finish within its limit is foreseen by a check-bd finding of the
//!   compile-timeout class (AS0440, a split that never ends; AS0431, a compile time that
//!   explodes).
//!
//! Timeouts and crashes are recorded, never verdicts. The disagreements check-bd has today are
//! listed, each with a reason, in `testdata/sweep/known-disagreements.toml`: the test fails on
//! any other, and on a listed one that no longer occurs, so the list only shrinks. The confusion
//! matrix, the counts and the lowering times are printed (`cargo test --test differential --
//! --nocapture`). Skipped without a kit, except under `CI=true`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod harness;
mod lowering_cases;

use air_compile::triage::Class;
use air_testkit::lowering::{self, Case, Judged};
use air_testkit::{repo_root, ScratchDir};
use lowering_cases::{bin, fixture_cases, kernel_cases, model_sweep_cases, reference_merge_cases};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::Mutex;
use std::time::Instant;

/// Rules whose findings on a module the compiler accepts are not disagreements: runtime hazards
/// the compiler does not check.
const RUNTIME_HAZARDS: &[(&str, &str)] = &[
    (
        "AS0429",
        "buffer-object-span: an L3 buffer of 4 GiB or more compiles, but XRT cannot allocate it as one \
         buffer object (model doc F28): the failure comes at run time",
    ),
    (
        "AS0442",
        "gemm-k-unaligned-not-first: upstream's Qwen2.5 prefills measured all-NaN from a Down GEMM \
         (K not a multiple of 512, at least 4096) that is not launch 0 of its ELF; the compiler accepts it",
    ),
];

/// check-bd's note for a module already in air-dependency's asynchronous form, which aircc's
/// pipeline does not take (it runs air-dependency itself).
const NOT_AN_INPUT: &str = "AS0443";

/// The checked-in list of tolerated disagreements.
const KNOWN: &str = "testdata/sweep/known-disagreements.toml";

/// What check-bd said about one case.
#[derive(Debug, Default)]
struct Checked {
    /// Error codes, sorted, with the first message of each.
    errors: BTreeMap<String, String>,
    warnings: BTreeMap<String, String>,
    /// Note codes (AS0443: an input the full pipeline is not for).
    notes: BTreeSet<String>,
}

impl Checked {
    fn codes(map: &BTreeMap<String, String>, allowed: &BTreeSet<&str>) -> Vec<String> {
        map.keys().filter(|c| !allowed.contains(c.as_str())).cloned().collect()
    }
}

/// Runs `f` over `items` on as many threads as the machine has cores, keeping the order.
fn parallel_map<T: Sync, R: Send>(items: &[T], f: impl Fn(usize, &T) -> R + Sync) -> Vec<R> {
    let jobs = std::thread::available_parallelism().map_or(2, |n| n.get()).min(items.len().max(1));
    let next = Mutex::new(0usize);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..jobs {
            scope.spawn(|| loop {
                let index = {
                    let mut next = next.lock().unwrap();
                    *next += 1;
                    *next - 1
                };
                let Some(item) = items.get(index) else { break };
                let result = f(index, item);
                results.lock().unwrap()[index] = Some(result);
            });
        }
    });
    results.into_inner().unwrap().into_iter().map(Option::unwrap).collect()
}

/// `air-stitch check-bd --format json` on the case's module with its options.
fn check_bd(case: &Case, file: &Path) -> Checked {
    std::fs::write(file, &case.module).unwrap();
    let output = harness::air_stitch(["check-bd", "--format", "json", "--color", "never"])
        .args(&case.options)
        .arg(file)
        .output();
    let report: Value = serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!("{}: check-bd printed no JSON ({e}):\n{}", case.name, String::from_utf8_lossy(&output.stderr))
    });
    let mut checked = Checked::default();
    for diagnostic in report["diagnostics"].as_array().into_iter().flatten() {
        let code = diagnostic["code"].as_str().unwrap_or("").to_string();
        let message = diagnostic["message"].as_str().unwrap_or("").to_string();
        match diagnostic["severity"].as_str() {
            Some("error") => checked.errors.entry(code).or_insert(message),
            Some("warning") => checked.warnings.entry(code).or_insert(message),
            Some("note") => {
                checked.notes.insert(code);
                continue;
            }
            _ => continue,
        };
    }
    checked
}

/// The class whose rules name `code` first (in `Class::ALL`'s order), for the matrix's columns.
fn class_of_rule(code: &str) -> Option<Class> {
    Class::ALL.into_iter().find(|class| class.check_bd_rules().contains(&code))
}

/// How one case came out.
#[derive(Debug)]
struct Outcome {
    name: String,
    /// `accepted`, `rejected <class>`, or the non-verdict (`timed-out`, `crashed`, ...).
    row: String,
    /// The matrix column: a class check-bd's errors predict, `other error`, `warning only`,
    /// `clean`.
    column: String,
    /// Why this is a disagreement, when it is one.
    disagreement: Option<String>,
    /// Whether the compiler gave a verdict.
    verdict: bool,
    elapsed_ms: u64,
    /// The compiler's first message (empty when it accepts).
    message: String,
}

/// Compares one verdict with check-bd's findings.
fn compare(judged: &Judged, checked: &Checked) -> Outcome {
    let allowed: BTreeSet<&str> = RUNTIME_HAZARDS.iter().map(|(code, _)| *code).collect();
    let errors = Checked::codes(&checked.errors, &allowed);
    let warnings = Checked::codes(&checked.warnings, &allowed);
    let classes: Vec<Class> = lowering_cases::classes(judged);
    let predicted = classes.iter().find(|class| errors.iter().any(|e| class.check_bd_rules().contains(&e.as_str())));
    // check-bd's note that the module is not an input of the full pipeline: it does not judge it.
    let not_an_input = checked.notes.contains(NOT_AN_INPUT);
    let column = match (predicted, errors.first(), warnings.is_empty()) {
        (Some(class), _, _) => class.as_str().to_string(),
        (None, _, _) if not_an_input => format!("note {NOT_AN_INPUT}"),
        (None, Some(code), _) => class_of_rule(code).map_or("other error".to_string(), |c| c.as_str().to_string()),
        (None, None, false) => "warning only".to_string(),
        (None, None, true) => "clean".to_string(),
    };
    let (row, verdict, disagreement) = match judged.verdict.as_str() {
        "accepted" => {
            let found: Vec<String> = errors
                .iter()
                .map(|c| format!("error {c}: {}", checked.errors[c]))
                .chain(warnings.iter().map(|c| format!("warning {c}: {}", checked.warnings[c])))
                .collect();
            let why = (!found.is_empty()).then(|| {
                format!("the compiler accepts ({} words); check-bd: {}", judged.total_words(), found.join("; "))
            });
            ("accepted".to_string(), true, why)
        }
        "rejected" => {
            let class = classes.first().map_or("unknown", |c| c.as_str());
            let why = (predicted.is_none() && !not_an_input).then(|| {
                let said: Vec<String> = errors.iter().map(|c| format!("{c}: {}", checked.errors[c])).collect();
                let said = if said.is_empty() { "no error".to_string() } else { said.join("; ") };
                format!("the compiler rejects ({class}): {}; check-bd: {said}", lowering_cases::first_message(judged))
            });
            (format!("rejected {class}"), true, why)
        }
        "timed-out" => {
            let foreseen = Class::CompileTimeout.check_bd_rules();
            let said = checked.errors.keys().chain(checked.warnings.keys()).any(|c| foreseen.contains(&c.as_str()));
            let why = (!said).then(|| {
                format!(
                    "the compiler did not finish in {:.0}s; check-bd foresees no compile-time blow-up ({})",
                    judged.elapsed_ms() as f64 / 1e3,
                    foreseen.join(", ")
                )
            });
            ("timed-out".to_string(), false, why)
        }
        other => (other.to_string(), false, None),
    };
    let (name, message, elapsed_ms) = (judged.name.clone(), lowering_cases::first_message(judged), judged.elapsed_ms());
    Outcome { name, row, column, disagreement, verdict, elapsed_ms, message }
}

/// The aim and side of each sweep point, by case name.
type Aims = BTreeMap<String, (&'static str, &'static str)>;

/// Every case: the sweep's points, the fixtures, the kernels and the reference merges.
fn cases(scratch: &Path) -> (Vec<Case>, Aims) {
    let points = air_sweep::points().unwrap_or_else(|e| panic!("{e}"));
    let mut aims = Aims::new();
    let mut cases = Vec::new();
    for point in points {
        let name = format!("sweep/{}", point.name);
        aims.insert(name.clone(), (point.aim.as_str(), point.side.as_str()));
        cases.push(Case { name, module: point.module.into_bytes(), options: point.options, ..Case::default() });
    }
    cases.extend(fixture_cases(|_| true));
    cases.extend(kernel_cases());
    cases.extend(reference_merge_cases(scratch));
    cases.extend(model_sweep_cases(scratch));
    let names: BTreeSet<&str> = cases.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names.len(), cases.len(), "two cases have one name");
    (cases, aims)
}

/// The tolerated disagreements of one section of the list: case name → reason.
fn known(section: &str) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(repo_root().join(KNOWN)).unwrap();
    let table: toml::Table = text.parse().unwrap_or_else(|e| panic!("{KNOWN}: {e}"));
    let disagreements = table.get(section).and_then(|v| v.as_table()).cloned().unwrap_or_default();
    disagreements
        .into_iter()
        .map(|(name, reason)| {
            let reason = reason.as_str().unwrap_or_else(|| panic!("{KNOWN}: `{name}`: the reason is not a string"));
            (name, reason.to_string())
        })
        .collect()
}

#[test]
fn check_bd_agrees_with_the_compiler_on_the_sweep() {
    let Some(kit) = lowering::kit() else { return };
    let scratch = ScratchDir::new("differential");
    let (cases, aims) = cases(&scratch);
    let judged = differential(kit, &scratch, &cases, &aims, "disagreements", false);
    report::model_groups(&judged);
}

/// Upstream's own test inputs (issue 32): every single-module AIR file of the pinned corpus,
/// judged as the sweep is. A file already in air-dependency's asynchronous form is not an input
/// of the full pipeline; check-bd says so (note AS0443) instead of judging its resources.
#[test]
fn check_bd_agrees_with_the_compiler_on_the_corpus() {
    let Some(kit) = lowering::kit() else { return };
    let Some(dir) = air_testkit::corpus_dir() else { return };
    let scratch = ScratchDir::new("differential-corpus");
    let cases = lowering_cases::corpus_cases(&dir);
    assert!(cases.len() > 200, "only {} single-module AIR files in the corpus", cases.len());
    differential(kit, &scratch, &cases, &Aims::new(), "corpus", true);
}

/// Lowers and checks `cases`, prints the report, and fails on a disagreement the `section` of
/// the known list does not name (or a listed one that is gone) and on an unclassified rejection
/// (one drawn by two files or more, when `one_off_allowed`).
fn differential(
    kit: &lowering::Kit,
    scratch: &Path,
    cases: &[Case],
    aims: &Aims,
    section: &str,
    one_off_allowed: bool,
) -> Vec<Judged> {
    let started = Instant::now();
    let judged = kit.judge(bin(), cases);
    let judging = started.elapsed();
    let started = Instant::now();
    let checked = parallel_map(cases, |index, case| check_bd(case, &scratch.join(format!("{index}.mlir"))));
    let checking = started.elapsed();
    let outcomes: Vec<Outcome> = judged.iter().zip(&checked).map(|(j, c)| compare(j, c)).collect();
    let cached = judged.iter().filter(|j| j.cached).count();
    eprintln!(
        "differential ({section}): {} cases ({} sweep points); lowered {} ({cached} from the cache) in {:.1}s, checked in {:.1}s",
        cases.len(),
        cases.iter().filter(|c| c.name.starts_with("sweep/")).count(),
        judged.len(),
        judging.as_secs_f64(),
        checking.as_secs_f64()
    );
    report::print(&outcomes, &checked, aims);
    // Triage knows every way the compiler refused a case: none is `unknown`. Upstream's own test
    // inputs also hold one-off failures of the compiler's invariants: there, a form of message
    // (digits aside) that only one file draws may stay unknown, and is printed.
    let known = known(section);
    let unknown: Vec<&Outcome> = outcomes.iter().filter(|o| o.row == "rejected unknown").collect();
    // A form: the message without its digits and without the op it names (`'air.channel.get' op
    // failed to get buffer.` and the put's are one form).
    let form = |o: &Outcome| {
        let message = o.message.split_once("' op ").map_or(o.message.as_str(), |(_, rest)| rest);
        message.chars().filter(|c| !c.is_ascii_digit()).collect::<String>()
    };
    let unclassified: Vec<String> = unknown
        .iter()
        .filter(|o| !one_off_allowed || unknown.iter().filter(|other| form(other) == form(o)).count() > 1)
        .map(|o| format!("{}: {}", o.name, o.message))
        .collect();
    assert!(unclassified.is_empty(), "rejections triage does not classify:\n{}", unclassified.join("\n"));
    eprintln!("one-off rejections triage leaves unknown: {}", unknown.len());
    for outcome in &unknown {
        eprintln!("  {}: {}", outcome.name, outcome.message);
    }
    match verdicts_against_known(&outcomes, &known) {
        Ok(undetermined) if !undetermined.is_empty() => {
            eprintln!("listed, without a verdict this run:\n  {}", undetermined.join("\n  "))
        }
        Ok(_) => {}
        Err(error) => panic!("{error}"),
    }
    judged
}

/// Checks the disagreements against the list: an error names every disagreement the list does
/// not have and every listed one that no longer occurs (or is not a case any more); a listed
/// case without a verdict this run (a timeout) is neither, and is returned.
fn verdicts_against_known(outcomes: &[Outcome], known: &BTreeMap<String, String>) -> Result<Vec<String>, String> {
    let by_name: BTreeMap<&str, &Outcome> = outcomes.iter().map(|o| (o.name.as_str(), o)).collect();
    let mut unexpected = Vec::new();
    for outcome in outcomes {
        if let (Some(why), false) = (&outcome.disagreement, known.contains_key(&outcome.name)) {
            unexpected.push(format!("{:?} = {:?}", outcome.name, why));
        }
    }
    let mut stale = Vec::new();
    let mut undetermined = Vec::new();
    for name in known.keys() {
        match by_name.get(name.as_str()) {
            None => stale.push(format!("{name}: no such case")),
            Some(outcome) if !outcome.verdict => undetermined.push(format!("{name}: {}", outcome.row)),
            Some(outcome) if outcome.disagreement.is_none() => {
                stale.push(format!("{name}: agrees now ({} / {})", outcome.row, outcome.column))
            }
            Some(_) => {}
        }
    }
    if unexpected.is_empty() && stale.is_empty() {
        return Ok(undetermined);
    }
    Err(format!(
        "{} disagreement(s) not in {KNOWN} (fix check-bd, or add them with a reason):\n{}\n\
         {} listed disagreement(s) that no longer occur (remove them from {KNOWN}):\n{}",
        unexpected.len(),
        unexpected.join("\n"),
        stale.len(),
        stale.join("\n")
    ))
}

#[test]
fn the_list_of_known_disagreements_only_shrinks() {
    let outcome = |name: &str, disagreement: Option<&str>, verdict: bool| Outcome {
        name: name.to_string(),
        row: if verdict { "accepted" } else { "timed-out" }.to_string(),
        column: "clean".to_string(),
        disagreement: disagreement.map(str::to_string),
        verdict,
        elapsed_ms: 0,
        message: String::new(),
    };
    let known: BTreeMap<String, String> =
        [("a", "listed"), ("slow", "listed")].into_iter().map(|(n, r)| (n.to_string(), r.to_string())).collect();
    let listed = [outcome("a", Some("AS0404"), true), outcome("slow", None, false), outcome("b", None, true)];
    assert_eq!(verdicts_against_known(&listed, &known), Ok(vec!["slow: timed-out".to_string()]));
    let new = [outcome("a", Some("AS0404"), true), outcome("slow", None, false), outcome("b", Some("AS0410"), true)];
    let error = verdicts_against_known(&new, &known).unwrap_err();
    assert!(error.starts_with("1 disagreement(s) not in") && error.contains("\"b\" = \"AS0410\""), "{error}");
    let fixed = [outcome("a", None, true), outcome("slow", None, false), outcome("b", None, true)];
    let error = verdicts_against_known(&fixed, &known).unwrap_err();
    assert!(
        error.contains("1 listed disagreement(s) that no longer occur") && error.contains("a: agrees now"),
        "{error}"
    );
    let gone = [outcome("a", Some("AS0404"), true)];
    let error = verdicts_against_known(&gone, &known).unwrap_err();
    assert!(error.contains("slow: no such case"), "{error}");
}

/// The printed summary: the confusion matrix, the counts, the lowering times, the disagreements.
mod report {
    use super::{Aims, Checked, Outcome};
    use std::collections::{BTreeMap, BTreeSet};

    pub fn print(outcomes: &[Outcome], checked: &[Checked], aims: &Aims) {
        matrix(outcomes);
        counts(outcomes, checked);
        sides(outcomes, aims);
        times(outcomes);
        let listed: Vec<&Outcome> = outcomes.iter().filter(|o| o.disagreement.is_some()).collect();
        eprintln!("\ndisagreements: {}", listed.len());
        for outcome in listed {
            eprintln!("  {}: {}", outcome.name, outcome.disagreement.as_deref().unwrap_or(""));
        }
    }

    /// The model sweep's groups (docs/models.md): each call's verdict, instruction words per
    /// dispatch and lowering time.
    pub fn model_groups(judged: &[air_testkit::lowering::Judged]) {
        eprintln!("\nmodel sweep groups: layer, group: verdict, words per dispatch, lowering time");
        for j in judged.iter().filter(|j| j.name.starts_with("models/") && j.name.contains(" group ")) {
            let words = if j.accepted() { j.total_words().to_string() } else { "-".to_string() };
            eprintln!(
                "  {}: {}, {words} words, {:.1} s",
                &j.name["models/".len()..],
                j.verdict,
                j.elapsed_ms() as f64 / 1e3
            );
        }
    }

    /// Rows: the compiler's verdict (by class); columns: what check-bd's errors predict.
    fn matrix(outcomes: &[Outcome]) {
        let mut cells: BTreeMap<(&str, &str), usize> = BTreeMap::new();
        let mut rows: BTreeSet<&str> = BTreeSet::new();
        let mut columns: Vec<&str> = Vec::new();
        for outcome in outcomes {
            *cells.entry((outcome.row.as_str(), outcome.column.as_str())).or_default() += 1;
            rows.insert(&outcome.row);
            if !columns.contains(&outcome.column.as_str()) {
                columns.push(&outcome.column);
            }
        }
        let fixed = ["other error", "warning only", "clean"];
        columns.retain(|c| !fixed.contains(c));
        columns.sort();
        columns.extend(fixed);
        let width = rows.iter().map(|r| r.len()).max().unwrap_or(8).max(8);
        let mut header = format!("\nconfusion matrix (rows: compiler; columns: check-bd)\n{:width$}", "");
        for column in &columns {
            header.push_str(&format!(" | {column}"));
        }
        eprintln!("{header}");
        for row in rows {
            let mut line = format!("{row:width$}");
            for column in &columns {
                let count = cells.get(&(row, column)).copied().unwrap_or(0);
                line.push_str(&format!(" | {count:>w$}", w = column.len()));
            }
            eprintln!("{line}");
        }
    }

    /// Per aim and side, the compiler's verdicts on the sweep's points: whether the points
    /// straddle the limits they aim at.
    fn sides(outcomes: &[Outcome], aims: &Aims) {
        let mut tally: BTreeMap<(&str, &str), (usize, usize, usize)> = BTreeMap::new();
        for outcome in outcomes {
            let Some(&(aim, side)) = aims.get(&outcome.name) else { continue };
            let cell = tally.entry((aim, side)).or_default();
            match (outcome.verdict, outcome.row.as_str()) {
                (true, "accepted") => cell.0 += 1,
                (true, _) => cell.1 += 1,
                (false, _) => cell.2 += 1,
            }
        }
        eprintln!("\nsweep points by aim and side: accepted / rejected / no verdict");
        for ((aim, side), (accepted, rejected, none)) in tally {
            eprintln!("  {aim:16} {side:7} {accepted:3} / {rejected:3} / {none}");
        }
    }

    fn counts(outcomes: &[Outcome], checked: &[Checked]) {
        let mut rows: BTreeMap<&str, usize> = BTreeMap::new();
        for outcome in outcomes {
            *rows.entry(&outcome.row).or_default() += 1;
        }
        let lowered = outcomes.iter().filter(|o| o.verdict).count();
        eprintln!("\nlowerings with a verdict: {lowered} of {}", outcomes.len());
        for (row, count) in &rows {
            eprintln!("  {row}: {count}");
        }
        let mut rules: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
        for check in checked {
            for code in check.errors.keys() {
                rules.entry(code).or_default().0 += 1;
            }
            for code in check.warnings.keys() {
                rules.entry(code).or_default().1 += 1;
            }
        }
        eprintln!("check-bd findings by rule (cases with an error / with a warning):");
        for (code, (errors, warnings)) in rules {
            eprintln!("  {code}: {errors} / {warnings}");
        }
    }

    /// The lowering times of the cases with a verdict (as measured when each was lowered, cached
    /// or not), the slowest ones, and the cases without a verdict.
    fn times(outcomes: &[Outcome]) {
        let mut times: Vec<(u64, &str)> =
            outcomes.iter().filter(|o| o.verdict).map(|o| (o.elapsed_ms, o.name.as_str())).collect();
        times.sort();
        let Some(&(max, _)) = times.last() else { return };
        let median = times[times.len() / 2].0;
        let total: u64 = times.iter().map(|(ms, _)| ms).sum();
        eprintln!(
            "\nlowering time per case with a verdict: median {:.1}s, max {:.1}s, sum {:.0}s; the slowest:",
            median as f64 / 1e3,
            max as f64 / 1e3,
            total as f64 / 1e3
        );
        for (ms, name) in times.iter().rev().take(5) {
            eprintln!("  {:.1}s {name}", *ms as f64 / 1e3);
        }
        let without: Vec<&Outcome> = outcomes.iter().filter(|o| !o.verdict).collect();
        eprintln!("without a verdict (recorded, not compared): {}", without.len());
        for outcome in without {
            let seconds = outcome.elapsed_ms as f64 / 1e3;
            eprintln!("  {} ({}, {seconds:.0}s): {}", outcome.name, outcome.row, outcome.message);
        }
    }
}
