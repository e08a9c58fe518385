//! mutagen: writes mutants of the upstream AIR corpus in `--split-input-file` batches.
//!
//! Exit status: 0 on success, 2 for bad arguments, an unreadable corpus, an AIR verifier that
//! cannot be run, or a failed write.

use air_mutagen::cli::{batch_name, index_tsv, rules_tsv, Cli};
use air_mutagen::corpus::{parse_manifest, unlisted_entry, SourceFile};
use air_mutagen::{batch, generate, unregistered_op, Chunk, Options};
use anyhow::{bail, Context};
use clap::Parser;
use std::collections::BTreeSet;
use std::io::Write;
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

fn main() -> ExitCode {
    match run(&Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: &Cli) -> anyhow::Result<()> {
    let started = Instant::now();
    let files = read_corpus(&cli.corpus)?;
    let valid: Vec<SourceFile> = files.into_iter().filter(SourceFile::is_valid).collect();
    let rejected = match &cli.air_opt {
        Some(air_opt) => rejected_by_air(air_opt, &valid)?,
        None => BTreeSet::new(),
    };
    let eligible = |chunk: &Chunk<'_>| {
        if cli.air_opt.is_some() {
            !rejected.contains(&chunk.name())
        } else {
            unregistered_op(chunk.text).is_none()
        }
    };
    let options = Options { cap: cli.cap, rules: cli.rules.clone() };
    for id in &options.rules {
        if air_mutagen::rules::rule(id).is_none() {
            bail!("unknown rule `{id}` (docs/mutagen.md lists the rules)");
        }
    }
    let generation = generate(&valid, eligible, &options);
    std::fs::create_dir_all(&cli.output).with_context(|| format!("creating {}", cli.output.display()))?;
    let size = cli.batch_size.max(1);
    let mut written = BTreeSet::new();
    for (n, mutants) in generation.mutants.chunks(size).enumerate() {
        let items = mutants.iter().map(|m| (m.id.clone(), m.header(), m.text.as_str()));
        let name = batch_name(n);
        air_testkit::files::write_atomically(&cli.output.join(&name), &batch::build(items).text)?;
        written.insert(name);
    }
    air_testkit::files::remove_stale(
        &cli.output,
        |name| name.starts_with("batch-") && name.ends_with(".mlir"),
        &written,
    )?;
    air_testkit::files::write_atomically(&cli.output.join("index.tsv"), &index_tsv(&generation.mutants, size))?;
    air_testkit::files::write_atomically(&cli.output.join("rules.tsv"), &rules_tsv(&generation))?;
    let invalid = generation.mutants.iter().filter(|m| m.kind() == air_mutagen::Kind::Invalid).count();
    let rules: BTreeSet<&str> = generation.mutants.iter().map(|m| m.rule.id).collect();
    eprintln!(
        "{} mutants ({invalid} invalid, {} benign) of {} rules from {} chunks, in {} batches under {} ({} ms)",
        generation.mutants.len(),
        generation.mutants.len() - invalid,
        rules.len(),
        generation.chunks,
        written.len(),
        cli.output.display(),
        started.elapsed().as_millis()
    );
    Ok(())
}

/// Every `.mlir` file under `dir` with its manifest flags, sorted by relative path.
fn read_corpus(dir: &Path) -> anyhow::Result<Vec<SourceFile>> {
    let manifest_path = dir.join("MANIFEST.tsv");
    let manifest = match std::fs::read_to_string(&manifest_path) {
        Ok(text) => parse_manifest(&text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Default::default(),
        Err(e) => return Err(e).with_context(|| format!("reading {}", manifest_path.display())),
    };
    let mut paths = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(current) = stack.pop() {
        let entries = std::fs::read_dir(&current).with_context(|| format!("reading {}", current.display()))?;
        for entry in entries {
            let path = entry.with_context(|| format!("reading {}", current.display()))?.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "mlir") {
                paths.push(path);
            }
        }
    }
    let mut files = Vec::new();
    for path in paths {
        let relpath = path.strip_prefix(dir).unwrap_or(&path).to_string_lossy().replace('\\', "/");
        let bytes = std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
        let text = String::from_utf8(bytes).with_context(|| format!("{} is not UTF-8", path.display()))?;
        let entry = manifest.get(&relpath).cloned().unwrap_or_else(|| unlisted_entry(&text));
        files.push(SourceFile { relpath, text, split: entry.split, expect_invalid: entry.expect_invalid });
    }
    if files.is_empty() {
        bail!("no .mlir files under {}", dir.display());
    }
    files.sort_by(|a, b| a.relpath.cmp(&b.relpath));
    Ok(files)
}

/// The chunks (`relpath#index`) AIR's verifier rejects, judged in batches of 100. A batch
/// that crashes air-opt, or whose errors name no line of it, is judged again chunk by chunk;
/// a chunk that crashes air-opt alone counts as rejected (it is not mutated), with a warning.
fn rejected_by_air(air_opt: &Path, files: &[SourceFile]) -> anyhow::Result<BTreeSet<String>> {
    let chunks: Vec<Chunk<'_>> = files.iter().flat_map(SourceFile::chunks).collect();
    let mut rejected = BTreeSet::new();
    for group in chunks.chunks(100) {
        let built = batch::build(group.iter().map(|c| (c.name(), format!("// chunk: {}", c.name()), c.text)));
        let judged = air_opt_stderr(air_opt, &built.text)?
            .map(|stderr| batch::attribute(&built, &stderr))
            .filter(|attribution| attribution.unattributed.is_empty());
        match judged {
            Some(attribution) => {
                for (entry, error) in built.entries.iter().zip(&attribution.first_errors) {
                    if error.is_some() {
                        rejected.insert(entry.key.clone());
                    }
                }
            }
            None => {
                for chunk in group {
                    let alone = batch::build([(chunk.name(), format!("// chunk: {}", chunk.name()), chunk.text)]);
                    match air_opt_stderr(air_opt, &alone.text)? {
                        Some(stderr) => {
                            let attribution = batch::attribute(&alone, &stderr);
                            if attribution.first_errors[0].is_some() || !attribution.unattributed.is_empty() {
                                rejected.insert(chunk.name());
                            }
                        }
                        None => {
                            eprintln!("warning: {} crashes on {}: not mutated", air_opt.display(), chunk.name());
                            rejected.insert(chunk.name());
                        }
                    }
                }
            }
        }
    }
    Ok(rejected)
}

/// Runs `air-opt --split-input-file -o /dev/null -` on `text`: its stderr, or `None` when it
/// crashed (exit status 124 or above, or a signal: no verdict).
fn air_opt_stderr(air_opt: &Path, text: &str) -> anyhow::Result<Option<String>> {
    let mut child = Command::new(air_opt)
        .args(["--split-input-file", "-o", "/dev/null", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("running {}", air_opt.display()))?;
    let mut stdin = child.stdin.take().context("no stdin pipe")?;
    let input = text.to_string();
    // Written from another thread: a child that prints much before reading all its input
    // cannot block on a full pipe.
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().with_context(|| format!("running {}", air_opt.display()))?;
    // A child that stops reading early closes the pipe; its exit status says why.
    let _ = writer.join();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    Ok(match output.status.code() {
        Some(code) if code < 124 => Some(stderr),
        _ => None,
    })
}
