//! `air-stitch compile`: lint, stage the `link_with` objects, run aircc in a private directory
//! with a timeout, and keep the artifacts in a content-keyed cache (docs/compile.md).

use crate::codes;
use crate::common::{self, Outcome};
use crate::compile::cache::{Cache, Lookup};
use crate::compile::run::{self, Ended};
use crate::compile::settings::CacheSettings;
use crate::compile::shared::Shared;
use crate::compile::staging::{self, Staged};
use crate::compile::stats;
use crate::compile::tools::{self, Aircc};
use crate::lints::Levels;
use crate::load;
use crate::outputs::RunFiles;
use crate::report::Report;
use air_compile::aircc::{
    format_duration, is_plain_file_name, link_with_objects, Artifact, CacheKey, CompileOptions, KeyInputs, Manifest,
    Outputs, MANIFEST_SCHEMA,
};
use air_compile::triage::TriageModule;
use air_diagnostics::{Diagnostic, FileId, LineIndex, SourceMap};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

mod args;
mod batch;
mod lower_only;
mod outcome;
mod tiers;

pub use args::Opts;
use outcome::{Finished, Record};

/// The schema of `NAME.compile.json` and of the JSON report.
pub const SCHEMA: &str = "air-stitch/compile/1";

/// The triage of a failed compile's log (`air-stitch triage`'s document): each failure
/// classified, located in the module aircc compiled (`input_name`, as the log names it) and
/// paired with check-bd's finding of its class under the compile's own device and flags.
fn triage_failure(log: &str, module: &str, input_name: &str, options: &CompileOptions) -> Value {
    let parse = air_syntax::parse(module);
    let target = TriageModule::new(input_name, module, &parse, FileId(0)).with_check_options(options.check_options());
    air_compile::triage::triage(log, Some(&target)).to_json()
}

impl Opts {
    pub fn run(&self) -> anyhow::Result<Outcome> {
        if self.is_batch() {
            return batch::run(self);
        }
        let started = Instant::now();
        let plan_backend = match self.plan_backend()? {
            Ok(backend) => backend,
            Err((errors, sources)) => {
                let mut report = Report::of_its_own(SCHEMA, "compile", self.format.format, &self.global);
                report.add(&errors, &sources);
                report.finish("compile: the plan cannot be used; nothing compiled")?;
                return Ok(Outcome::Problems);
            }
        };
        let options = self.compile_options(&plan_backend)?;
        options.validate().map_err(anyhow::Error::msg)?;
        self.run_files(&options).check()?;
        let timeout = self.timeout()?;
        let mut sources = SourceMap::new();
        let load::Registered { file, raw, decoded } = load::registered(self.file(), &mut sources)?;
        let input_name =
            self.file().file_name().map_or_else(|| "input.mlir".to_string(), |n| n.to_string_lossy().into_owned());
        let name = self.name();
        std::fs::create_dir_all(&self.output)
            .map_err(|err| anyhow::anyhow!("cannot create the output directory {}: {err}", self.output.display()))?;
        let mut report = Report::of_its_own(SCHEMA, "compile", self.format.format, &self.global);
        let mut record = Record::new(self.file(), &name, &self.output, &options);
        if let Err(diagnostic) = decoded {
            return finish_problem(
                report,
                &[diagnostic],
                &sources,
                record,
                Outcome::Problems,
                "the input is not UTF-8",
            );
        }
        let text = sources.text(file).to_string();
        if self.lower_only {
            return self.lower_only(
                &raw.bytes,
                &text,
                file,
                &input_name,
                &options,
                timeout,
                report,
                &sources,
                record,
                started,
            );
        }
        let staged = match self.locate_objects(&text, file, &sources) {
            Ok(objects) => objects,
            Err((diagnostics, outcome)) => {
                return finish_problem(
                    report,
                    &diagnostics,
                    &sources,
                    record,
                    outcome,
                    "a link_with object cannot be staged",
                )
            }
        };
        let settings = self.settings()?;
        let cache = self.cache(&settings);
        let memo = cache.as_ref().map(Cache::tools_dir);
        // With a toolchain id the key needs no tool: a machine without aircc (one that only
        // runs kernels) can still be served, and needs aircc only to compile.
        let found = match &settings.toolchain_id {
            Some(_) => None,
            None => Some(tools::find_aircc(self.aircc.as_deref())),
        };
        let toolchain = match &found {
            Some(Ok(aircc)) => tools::toolchain(&aircc.path, &options, memo.as_deref()),
            Some(Err(_)) | None => Vec::new(),
        };
        if let Some(Err(why)) = &found {
            let diagnostic = Diagnostic::error(codes::AIRCC_NOT_FOUND, why.clone()).with_help(tools::HOW_TO_GET_AIRCC);
            return finish_problem(report, &[diagnostic], &sources, record, Outcome::Failed, "aircc is missing");
        }
        let objects: Vec<(&str, &[u8])> = staged.iter().map(|(n, _, b)| (n.as_str(), b.as_slice())).collect();
        let inputs = KeyInputs {
            module: &raw.bytes,
            input_name: &input_name,
            options: &options,
            objects: &objects,
            tools: &toolchain,
            toolchain_id: settings.toolchain_id.as_deref(),
        };
        let key = CacheKey::compute(&inputs);
        record.key(&key, started.elapsed());
        if let Some(cache) = &cache {
            record.cache_dir(&cache.dir);
            // A batch's first pass counts hits only: its misses are counted when they compile.
            if let Some(done) = self.serve(cache, &key, &options, &mut report, &mut record, !self.if_cached)? {
                return done.finish(report, record, started);
            }
        }
        let shared = self.shared(&settings, &mut report, &mut record);
        let mut replace_remote = false;
        if let Some(shared) = &shared {
            match self.fetch(shared, cache.as_ref(), &key, &options, &mut report, &mut record)? {
                tiers::Fetch::Served(done) => return done.finish(report, record, started),
                tiers::Fetch::Compile { replace } => replace_remote = replace,
            }
        }
        if self.if_cached {
            return Finished::NotCached.finish(report, record, started);
        }
        let aircc = match found {
            Some(Ok(aircc)) => aircc,
            _ => match tools::find_aircc(self.aircc.as_deref()) {
                Ok(aircc) => aircc,
                Err(why) => {
                    let diagnostic = Diagnostic::error(codes::AIRCC_NOT_FOUND, why).with_help(tools::HOW_TO_GET_AIRCC);
                    return finish_problem(
                        report,
                        &[diagnostic],
                        &sources,
                        record,
                        Outcome::Failed,
                        "aircc is missing",
                    );
                }
            },
        };
        if !self.no_lint {
            let lint_started = Instant::now();
            let found = self.lint(&text, file, &raw.name, &options)?;
            record.timing("lint_ms", lint_started.elapsed());
            let errors = found.iter().filter(|d| d.is_error()).count();
            report.add(&found, &sources);
            if errors > 0 {
                let stop = Diagnostic::error(
                    codes::STOPPED_BY_LINT,
                    format!(
                        "compile stopped: the lint found {} in {}",
                        crate::report::count(errors, "error"),
                        raw.name
                    ),
                )
                .with_help("fix them (air-stitch explain CODE says how), or compile anyway with --no-lint");
                return finish_problem(report, &[stop], &sources, record, Outcome::Problems, "stopped by lint errors");
            }
        }
        // Two compiles of one key: the second waits here, then finds the first one's entry.
        let _lock = match &cache {
            Some(cache) => {
                let lock = cache
                    .lock(&key.hex)
                    .map_err(|err| anyhow::anyhow!("cannot lock the cache entry in {}: {err}", cache.dir.display()))?;
                // The second look (another compile of the key may have finished) is not a lookup
                // of its own for the counters.
                if let Some(done) = self.serve(cache, &key, &options, &mut report, &mut record, false)? {
                    return done.finish(report, record, started);
                }
                Some(lock)
            }
            None => None,
        };
        let context = Compile {
            aircc: &aircc,
            options: &options,
            key: &key,
            input_name: &input_name,
            module: &raw.bytes,
            staged: &staged,
            timeout,
            shared: shared.as_ref(),
            replace_remote,
        };
        let done = self.compile(&context, cache.as_ref(), &text, &mut record)?;
        done.finish(report, record, started)
    }

    /// `--plan`'s `[backend]` (empty without --plan), or the plan's problems.
    fn plan_backend(&self) -> anyhow::Result<Result<air_merge::plan::backend::Backend, (Vec<Diagnostic>, SourceMap)>> {
        let Some(path) = &self.plan else { return Ok(Ok(Default::default())) };
        let mut sources = SourceMap::new();
        let load::Registered { file, decoded, .. } = load::registered(path, &mut sources)?;
        let parsed = decoded.map(|()| air_merge::plan::parse_plan(sources.text(file), file));
        Ok(match parsed {
            Ok(Ok(plan)) => Ok(plan.backend),
            Ok(Err(errors)) => Err((errors, sources)),
            Err(diagnostic) => Err((vec![diagnostic], sources)),
        })
    }

    /// `--lower-only`: lint, then the lowering instead of the compile.
    #[allow(clippy::too_many_arguments)]
    fn lower_only(
        &self,
        module: &[u8],
        text: &str,
        file: FileId,
        input_name: &str,
        options: &CompileOptions,
        timeout: Duration,
        mut report: Report,
        sources: &SourceMap,
        record: Record,
        started: Instant,
    ) -> anyhow::Result<Outcome> {
        let tools = tools::find_aircc(self.aircc.as_deref()).and_then(|a| lower_only::tools(&a.path, a.from));
        let tools = match tools {
            Ok(tools) => tools,
            Err(why) => {
                let diagnostic =
                    Diagnostic::error(codes::AIRCC_NOT_FOUND, why).with_help(crate::compile::lower::HOW_TO_GET);
                return finish_problem(
                    report,
                    &[diagnostic],
                    sources,
                    record,
                    Outcome::Failed,
                    "aircc or aiecc is missing",
                );
            }
        };
        if !self.no_lint {
            let found = self.lint(text, file, input_name, options)?;
            report.add(&found, sources);
        }
        let name = self.name();
        let request = lower_only::Request {
            tools: &tools,
            module,
            text,
            file,
            input_name,
            name: &name,
            options,
            timeout,
            keep: self.keep_tmpdir,
        };
        lower_only::run(&request, report, sources, record, started)
    }

    /// The files of the run: the module, the plan and the extern report it reads; the artifacts
    /// (none with --lower-only) and NAME.compile.json it writes into OUT_DIR.
    fn run_files(&self, options: &CompileOptions) -> RunFiles {
        const REMEDY: &str = "choose another -o or --name";
        let mut files = RunFiles::new();
        files.input("the module to compile", self.file());
        if let Some(plan) = &self.plan {
            files.input("the plan (--plan)", plan);
        }
        if let Some(report) = &self.externs_report {
            files.input("the extern report (--externs-report)", report);
        }
        let name = self.name();
        if !self.lower_only {
            for artifact in air_compile::aircc::options::artifact_names(options.output_format, &name) {
                files.derived_output(format!("the artifact {artifact}"), &self.output.join(&artifact), REMEDY);
            }
        }
        let json = format!("{name}.compile.json");
        files.derived_output(format!("the report {json}"), &self.output.join(&json), REMEDY);
        files
    }

    fn name(&self) -> String {
        self.name.clone().unwrap_or_else(|| {
            self.file().file_stem().map_or_else(|| "kernel".to_string(), |s| s.to_string_lossy().into_owned())
        })
    }

    /// The cache settings of this run (flags over environment over config file).
    fn settings(&self) -> anyhow::Result<CacheSettings> {
        if self.no_cache {
            return Ok(CacheSettings::default());
        }
        CacheSettings::resolve(&self.cache, self.toolchain_id.as_deref())
    }

    fn cache(&self, settings: &CacheSettings) -> Option<Cache> {
        settings.dir.clone().map(|dir| Cache { dir })
    }

    fn timeout(&self) -> anyhow::Result<Duration> {
        air_compile::aircc::parse_duration(&self.timeout).map_err(|why| anyhow::anyhow!("--timeout {why}"))
    }

    /// Every `link_with` object with where it was found and its bytes; or the located errors
    /// (a missing object is exit status 2, a name that is not a plain file name 1).
    #[allow(clippy::type_complexity)]
    fn locate_objects(
        &self,
        text: &str,
        file: FileId,
        sources: &SourceMap,
    ) -> Result<Vec<(String, PathBuf, Vec<u8>)>, (Vec<Diagnostic>, Outcome)> {
        let dirs = if self.objects.is_empty() { vec![staging::input_dir(self.file())] } else { self.objects.clone() };
        let recipes = self.recipes();
        let mut found = Vec::new();
        let mut problems = Vec::new();
        let mut outcome = Outcome::Problems;
        for object in link_with_objects(text) {
            if !is_plain_file_name(&object.name) {
                problems.push(
                    Diagnostic::error(
                        codes::OBJECT_NAME_NOT_PLAIN,
                        format!(
                            "link_with {:?} is not a plain file name: it cannot be staged beside the module",
                            object.name
                        ),
                    )
                    .with_primary(file, object.range, "a path, not an object's file name")
                    .with_help("name the object by its file name (`mm.o`) and give its directory with --objects DIR"),
                );
                continue;
            }
            let bytes = staging::find_object(&object.name, &dirs).map(|path| (std::fs::read(&path), path));
            match bytes {
                Some((Ok(bytes), path)) => found.push((object.name, path, bytes)),
                Some((Err(_), _)) | None => {
                    outcome = Outcome::Failed;
                    let looked: Vec<String> = dirs.iter().map(|d| d.display().to_string()).collect();
                    let mut diagnostic = Diagnostic::error(
                        codes::OBJECT_MISSING,
                        format!(
                            "the object {} that the module links with is not in {}",
                            object.name,
                            looked.join(", ")
                        ),
                    )
                    .with_primary(file, object.range, "named here");
                    diagnostic = match recipes.iter().find(|(new, _, _)| *new == object.name) {
                        Some((_, recipe, report)) => diagnostic
                            .with_note(format!("{} is a renamed object (the extern report {report}): {recipe}", object.name))
                            .with_help(
                                "build it so, adding the -D defines the original object is built with for this slice's shapes (tile sizes such as -DDIM_M_OUTPUT), then put it beside the module or give its directory with --objects DIR",
                            ),
                        None => {
                            diagnostic.with_help("build it, or give the directory that holds it with --objects DIR")
                        }
                    };
                    problems.push(diagnostic);
                }
            }
        }
        let _ = sources;
        if problems.is_empty() {
            Ok(found)
        } else {
            Err((problems, outcome))
        }
    }

    /// The extern report: `--externs-report`, else `NAME.externs.json` beside the module (what
    /// `group` writes beside a group that renames an extern).
    fn externs_report(&self) -> Option<PathBuf> {
        self.externs_report.clone().or_else(|| {
            let beside = self.file().with_extension("externs.json");
            beside.is_file().then_some(beside)
        })
    }

    /// Each renamed object's recipe by its new name, with the report it is from.
    fn recipes(&self) -> Vec<(String, String, String)> {
        let Some(path) = self.externs_report() else { return Vec::new() };
        let Ok(text) = std::fs::read_to_string(&path) else { return Vec::new() };
        let Ok(report) = serde_json::from_str::<Value>(&text) else { return Vec::new() };
        let builds = report["builds"].as_array().cloned().unwrap_or_default();
        let shown = common::shown(&path);
        builds
            .iter()
            .filter_map(|b| {
                Some((b["new_object"].as_str()?.to_string(), b["recipe"].as_str()?.to_string(), shown.clone()))
            })
            .collect()
    }

    /// check-bd with the compile's device and flags, and AIR's verifier when there is one.
    fn lint(&self, text: &str, file: FileId, name: &str, options: &CompileOptions) -> anyhow::Result<Vec<Diagnostic>> {
        let chunk = common::parse_chunks(text, false).into_iter().next();
        let Some(chunk) = chunk else { return Ok(Vec::new()) };
        let mut found = chunk.errors(file);
        if found.is_empty() {
            found.extend(air_checkbd::check(&chunk.parse, file, &options.check_options()).diagnostics);
            if let Some(air_opt) = self.air_opt.resolve()? {
                let lines = LineIndex::new(text);
                let output = air_opt.run(text, false)?;
                let inputs = [chunk.input(name, file, text, &lines)];
                let run = air_verify::air_opt::AirOptRun { exit: output.exit, stderr: &output.stderr };
                let air = air_verify::air_opt::findings(&inputs, &run);
                air_verify::air_opt::merge_findings(&lines, &mut found, air.diagnostics);
            }
        }
        // Notes (budget details) are for check-bd itself; the compile shows errors and warnings.
        let mut levels = Levels::default();
        Ok(levels.apply(found).into_iter().filter(|d| d.severity != air_diagnostics::Severity::Note).collect())
    }

    /// A cache hit: the artifacts copied into OUT_DIR. A damaged entry is evicted (warned).
    fn serve(
        &self,
        cache: &Cache,
        key: &CacheKey,
        options: &CompileOptions,
        report: &mut Report,
        record: &mut Record,
        count_misses: bool,
    ) -> anyhow::Result<Option<Finished>> {
        match cache.lookup(&key.hex, options.output_format) {
            Lookup::Miss => {
                if count_misses {
                    stats::add(&cache.dir, |s| s.local_misses += 1);
                }
                Ok(None)
            }
            Lookup::Evicted(problem) => {
                let warning = Diagnostic::warning(
                    codes::CACHE_ENTRY_EVICTED,
                    format!("the cache entry {} was not served: {problem}", &key.hex[..16]),
                )
                .with_note("it has been removed; aircc runs again");
                report.add(&[warning], &SourceMap::new());
                record.set("cache_status", "evicted");
                if count_misses {
                    stats::add(&cache.dir, |s| s.local_misses += 1);
                }
                Ok(None)
            }
            Lookup::Hit(manifest, files) => {
                let artifacts = self.write_artifacts(&files)?;
                record.set("cache_status", "hit");
                record.artifacts(artifacts);
                stats::add(&cache.dir, |s| s.local_hits += 1);
                record.set("compiled_in_ms", manifest.compile_ms);
                Ok(Some(Finished::Hit))
            }
        }
    }

    /// Writes each (suffix, bytes) as OUT_DIR/NAME+suffix, atomically; returns their records.
    pub(super) fn write_artifacts(&self, files: &[(String, Vec<u8>)]) -> anyhow::Result<Vec<Value>> {
        let name = self.name();
        let mut out = Vec::new();
        for (suffix, bytes) in files {
            let path = self.output.join(format!("{name}{suffix}"));
            common::write_output(&path, bytes, std::slice::from_ref(self.file()))?;
            let artifact = Artifact::of(suffix, bytes);
            out.push(json!({"path": path.display().to_string(), "size": artifact.size, "sha256": artifact.sha256}));
        }
        Ok(out)
    }

    /// Runs aircc in a private directory; on success stores the entry and writes the artifacts.
    fn compile(
        &self,
        c: &Compile<'_>,
        cache: Option<&Cache>,
        text: &str,
        record: &mut Record,
    ) -> anyhow::Result<Finished> {
        let name = self.name();
        let staged = Staged::create(&c.key.hex)
            .map_err(|err| anyhow::anyhow!("cannot create aircc's private directory: {err}"))?;
        let result = self.compile_in(c, cache, text, record, &staged, &name);
        let keep = self.keep_tmpdir || !matches!(result, Ok(Finished::Compiled));
        if keep {
            record.set("tmpdir", staged.dir.display().to_string());
        } else {
            staged.remove();
        }
        result
    }

    fn compile_in(
        &self,
        c: &Compile<'_>,
        cache: Option<&Cache>,
        text: &str,
        record: &mut Record,
        staged: &Staged,
        name: &str,
    ) -> anyhow::Result<Finished> {
        let cannot_stage =
            |err: std::io::Error| anyhow::anyhow!("cannot stage the inputs in {}: {err}", staged.dir.display());
        staged.write(c.input_name, c.module).map_err(cannot_stage)?;
        for (object, _, bytes) in c.staged {
            staged.write(object, bytes).map_err(cannot_stage)?;
        }
        let outputs = Outputs {
            input: c.input_name.to_string(),
            xclbin: staged.out(&format!("{name}.xclbin")).display().to_string(),
            insts: staged.out(&format!("{name}.insts.bin")).display().to_string(),
            elf: staged.out(&format!("{name}.elf")).display().to_string(),
            tmpdir: staged.tmpdir().display().to_string(),
        };
        let argv = c.options.argv(&outputs);
        record.aircc(c.aircc, &argv);
        let log = self.output.join(format!("{name}.compile.log"));
        record.set("log", log.display().to_string());
        let run = run::Run {
            program: &c.aircc.path,
            args: &argv,
            cwd: &staged.dir,
            path_env: tools::child_path(&c.aircc.path),
            log: &log,
            timeout: c.timeout,
        };
        let (ended, took) = match run::run(&run) {
            Ok(ran) => ran,
            Err(err) => return Ok(Finished::CannotRun(format!("{}: {err}", c.aircc.path.display()))),
        };
        record.timing("aircc_ms", took);
        let log_text = std::fs::read_to_string(&log).unwrap_or_default();
        match ended {
            Ended::Exited(0) => {}
            Ended::Interrupted => return Ok(Finished::Interrupted),
            Ended::TimedOut => {
                record.triage(triage_failure(&log_text, text, c.input_name, c.options));
                return Ok(Finished::TimedOut(format_duration(c.timeout)));
            }
            other => {
                record.triage(triage_failure(&log_text, text, c.input_name, c.options));
                return Ok(Finished::Failed(other));
            }
        }
        let mut files = Vec::new();
        for suffix in air_compile::aircc::manifest::suffixes(c.options.output_format) {
            match std::fs::read(staged.out(&format!("{name}{suffix}"))) {
                Ok(bytes) => files.push((suffix.to_string(), bytes)),
                Err(_) => return Ok(Finished::NoArtifact(format!("{name}{suffix}"))),
            }
        }
        let manifest = Manifest {
            schema: MANIFEST_SCHEMA.to_string(),
            key: c.key.hex.clone(),
            artifacts: files.iter().map(|(s, b)| Artifact::of(s, b)).collect(),
            components: c.key.components.clone(),
            source: self.file().display().to_string(),
            created_unix: SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs()),
            compile_ms: took.as_millis() as u64,
        };
        if let Some(cache) = cache {
            // The artifacts are made: a cache that cannot keep them is a warning, not a failure.
            match cache.store(&manifest, &files) {
                Ok(()) => record.set("cache_status", "stored"),
                Err(err) => record.warnings(vec![Diagnostic::warning(
                    codes::CACHE_NOT_STORED,
                    format!("the compile's entry was not kept in {}: {err}", cache.dir.display()),
                )
                .with_note("the artifacts are written; the next compile of the same inputs runs aircc again")]),
            }
            stats::add(&cache.dir, |s| s.compiles += 1);
        }
        if let Some(shared) = c.shared {
            let warnings = self.publish(shared, cache, &manifest, &files, c.replace_remote, record);
            record.warnings(warnings);
        }
        let artifacts = self.write_artifacts(&files)?;
        record.artifacts(artifacts);
        Ok(Finished::Compiled)
    }
}

/// What one compile needs once the key is known.
struct Compile<'a> {
    aircc: &'a Aircc,
    options: &'a CompileOptions,
    key: &'a CacheKey,
    input_name: &'a str,
    module: &'a [u8],
    staged: &'a [(String, PathBuf, Vec<u8>)],
    timeout: Duration,
    /// The shared tier, and whether its entry of the key was refused (a fresh one replaces it).
    shared: Option<&'a Shared>,
    replace_remote: bool,
}

/// Reports problems found before aircc ran, writes compile.json, and returns `outcome`.
fn finish_problem(
    mut report: Report,
    diagnostics: &[Diagnostic],
    sources: &SourceMap,
    mut record: Record,
    outcome: Outcome,
    why: &str,
) -> anyhow::Result<Outcome> {
    report.add(diagnostics, sources);
    record.set("status", if outcome == Outcome::Failed { "not-run" } else { "stopped" });
    let line = format!("compile: {}: not compiled: {why}", record.name());
    record.write(&mut report, &line)?;
    report.finish(&line)?;
    Ok(outcome)
}
