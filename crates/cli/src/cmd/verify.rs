//! `air-stitch verify`: AIR's structural checks, AIR's own verifier (air-opt) when there is one,
//! and, when built with feature `mlir`, MLIR's own parser and verifier on the generic form, with
//! every finding at the original text.

use crate::air_opt::{AirOptArgs, Judged};
use crate::common::{self, FormatOpts, GlobalOpts, Outcome};
use crate::lints::{Levels, LintArgs};
use crate::load;
use crate::report::{count, Report};
use air_diagnostics::{Diagnostic, LineIndex, SourceMap};
use air_verify::air_opt::{self, AirOptRun};
use std::path::PathBuf;

/// Verify MLIR/AIR files with AIR's rules, AIR's own verifier and MLIR.
///
/// Checks syntax, AIR's structural rules (isolated hierarchy bodies, `args` arity and types,
/// ids/sizes, async tokens, terminators, channels, `func.return`), runs AIR's own parser and
/// verifier (air-opt: --air-opt, $AIR_OPT or air-opt on PATH) on the file as written, and with
/// the `mlir` feature MLIR 22 itself (SSA values, types, upstream ops) on the generic form. The
/// closing line names the judges that ran.
///
/// Exit status: 0 when no file has errors, 1 when any has (a crash of air-opt is an error of
/// its own, AS0553), 2 for usage or I/O errors (also: --air-opt=PATH that does not run).
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  air-stitch verify testdata/kernels/gemv_k2048.mlir
  air-stitch verify --no-air-opt testdata/kernels/rmsnorm_2048x2048.mlir
  air-stitch verify --air-opt testdata/kernels/rope_2048x512.mlir
  air-stitch verify --split-input-file --format json testdata/verify/generic/split_chunks.mlir")]
pub struct Opts {
    /// Input files (`-` for standard input).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Split each file on `// -----` and verify the sections independently.
    #[arg(long)]
    split_input_file: bool,
    #[command(flatten)]
    format: FormatOpts,
    #[command(flatten)]
    air_opt: AirOptArgs,
    #[command(flatten)]
    lints: LintArgs,
    #[command(flatten)]
    global: GlobalOpts,
}

impl Opts {
    pub fn run(&self) -> anyhow::Result<Outcome> {
        crate::outputs::RunFiles::inputs(&self.files).check()?;
        let mut levels = Levels::from_args(&self.lints)?;
        let air_opt = self.air_opt.resolve()?;
        let mut sources = SourceMap::new();
        let mut diagnostics: Vec<Diagnostic> = Vec::new();
        let mut chunk_count = 0usize;
        let mut bad_files = 0usize;
        let mut judged = Judged::new(air_opt.is_some());
        for path in &self.files {
            let (file, name) = match load::text(path, &mut sources)? {
                Ok(read) => read,
                Err(diagnostic) => {
                    diagnostics.push(diagnostic);
                    bad_files += 1;
                    continue;
                }
            };
            let text = sources.text(file).to_string();
            let lines = LineIndex::new(&text);
            let chunks = common::parse_chunks(&text, self.split_input_file);
            chunk_count += chunks.len();
            let inputs: Vec<air_verify::Input<'_>> =
                chunks.iter().map(|chunk| chunk.input(&name, file, &text, &lines)).collect();
            let mut found: Vec<Diagnostic> = inputs.iter().flat_map(air_verify::verify_chunk).collect();
            if let Some(air_opt) = &air_opt {
                let output = air_opt.run(&text, self.split_input_file)?;
                let run = AirOptRun { exit: output.exit, stderr: &output.stderr };
                let air = air_opt::findings(&inputs, &run);
                judged.record(air.verdict);
                air_opt::merge_findings(&lines, &mut found, air.diagnostics);
            }
            let found = levels.apply(found);
            if found.iter().any(|d| d.is_error()) {
                bad_files += 1;
            }
            diagnostics.extend(found);
        }
        if !air_verify::MLIR_BUILT_IN {
            diagnostics.extend(levels.apply(vec![judged.mlir_not_built_note()]));
        }
        let mut report = Report::new("verify", self.format.format, &self.global);
        report.add_findings(diagnostics, &levels, &sources);
        let files = self.files.len();
        let how = judged.judges();
        report.field("judges", how.clone());
        report.count("files", files);
        report.count("chunks", chunk_count);
        report.count("files_with_errors", bad_files);
        let inputs = format!("{}, {}", count(files, "file"), count(chunk_count, "section"));
        let line = if bad_files == 0 {
            format!("verify: {inputs}: verified ({how})")
        } else {
            let problems = report.tally().errors_and_warnings();
            format!("verify: {inputs}: {} with errors ({problems}; {how})", count(bad_files, "file"))
        };
        report.finish(&line)?;
        Ok(Outcome::from_problems(bad_files > 0))
    }
}
