//! `air-stitch pass NAME [--option value]... FILE`: run one pass of the merge pipeline alone.

use crate::common::{self, FormatOpts, GlobalOpts, Outcome};
use crate::load;
use crate::outputs::RunFiles;
use crate::report::Report;
use air_diagnostics::SourceMap;
use air_merge::passes::externs::Externs;
use air_merge::passes::remap_args::{RemapArgs, Target};
use air_merge::passes::standalone::PassSpec;
use air_merge::passes::{AnyPass, PassName, PASS_NAMES};
use air_merge::plan::ExternOverrides;
use air_merge::slice::ParsedSlice;
use air_merge::{PrefixSsa, PrefixSymbols, WrapBareHerds};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Run one pass of the merge pipeline on a file and print the result.
///
/// Options by pass: prefix-ssa, prefix-symbols and externs take --prefix; externs also
/// --rename, --object and --keep; wrap-bare-herds takes --func and --segment-name;
/// remap-args takes --func, --map and --alias.
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  air-stitch pass prefix-ssa --prefix q testdata/kernels/gemv_k2048.mlir
  air-stitch pass wrap-bare-herds testdata/kernels/rmsnorm_2048x2048.mlir -o wrapped.mlir
  air-stitch pass remap-args --map 0=4 --map 1=7 --alias 2=%row0 \\
      testdata/kernels/gemv_k2048.mlir
  air-stitch pass externs --prefix q testdata/kernels/gemv_k2048.mlir -o renamed.mlir --format json")]
pub struct Opts {
    /// The pass to run.
    #[arg(value_parser = clap::builder::PossibleValuesParser::new(PASS_NAMES))]
    pass: String,
    /// Input file (`-` for standard input).
    file: PathBuf,
    /// Output file (default: standard output).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Prefix for prefix-ssa, prefix-symbols and externs.
    #[arg(long)]
    prefix: Option<String>,
    /// The kernel function, when the file has several public functions.
    #[arg(long)]
    func: Option<String>,
    /// wrap-bare-herds: name of the new segment.
    #[arg(long)]
    segment_name: Option<String>,
    /// remap-args: slice argument I becomes combined argument `%argN`: `I=N`.
    #[arg(long = "map", value_name = "I=N")]
    maps: Vec<String>,
    /// remap-args: slice argument I becomes the value `%name`: `I=%name`.
    #[arg(long = "alias", value_name = "I=%NAME")]
    aliases: Vec<String>,
    /// externs: rename a symbol: `@old=@new`.
    #[arg(long = "rename", value_name = "@OLD=@NEW")]
    renames: Vec<String>,
    /// externs: rename an object: `old.o=new.o`.
    #[arg(long = "object", value_name = "OLD=NEW")]
    objects: Vec<String>,
    /// externs: a symbol that must not be renamed.
    #[arg(long = "keep", value_name = "@SYM")]
    keeps: Vec<String>,
    #[command(flatten)]
    format: FormatOpts,
    #[command(flatten)]
    global: GlobalOpts,
}

fn pairs(values: &[String], what: &str) -> anyhow::Result<Vec<(String, String)>> {
    values
        .iter()
        .map(|v| {
            v.split_once('=')
                .map(|(a, b)| (a.trim().to_string(), b.trim().to_string()))
                .ok_or_else(|| anyhow::anyhow!("`{v}`: {what} takes KEY=VALUE"))
        })
        .collect()
}

impl Opts {
    fn spec(&self) -> anyhow::Result<PassSpec> {
        let needs = |allowed: &[&str]| -> anyhow::Result<()> {
            let given = [
                ("--prefix", self.prefix.is_some()),
                ("--func", self.func.is_some()),
                ("--segment-name", self.segment_name.is_some()),
                ("--map", !self.maps.is_empty()),
                ("--alias", !self.aliases.is_empty()),
                ("--rename", !self.renames.is_empty()),
                ("--object", !self.objects.is_empty()),
                ("--keep", !self.keeps.is_empty()),
            ];
            for (flag, present) in given {
                if present && !allowed.contains(&flag) {
                    anyhow::bail!("{flag} does not apply to this pass (it takes {})", allowed.join(", "));
                }
            }
            Ok(())
        };
        let prefix = || self.prefix.clone().ok_or_else(|| anyhow::anyhow!("this pass needs --prefix"));
        let name = PassName::from_name(&self.pass).ok_or_else(|| anyhow::anyhow!("no pass `{}`", self.pass))?;
        let pass: AnyPass = match name {
            PassName::WrapBareHerds => {
                needs(&["--func", "--segment-name"])?;
                WrapBareHerds { segment_name: self.segment_name.clone(), ..Default::default() }.into()
            }
            PassName::PrefixSsa => {
                needs(&["--prefix"])?;
                PrefixSsa { prefix: prefix()? }.into()
            }
            PassName::PrefixSymbols => {
                needs(&["--prefix"])?;
                PrefixSymbols { prefix: prefix()? }.into()
            }
            PassName::Externs => {
                needs(&["--prefix", "--rename", "--object", "--keep"])?;
                let overrides = ExternOverrides {
                    keep: self.keeps.iter().map(|k| k.trim_start_matches('@').to_string()).collect(),
                    rename: pairs(&self.renames, "--rename")?
                        .into_iter()
                        .map(|(a, b)| (a.trim_start_matches('@').to_string(), b.trim_start_matches('@').to_string()))
                        .collect(),
                    objects: pairs(&self.objects, "--object")?.into_iter().collect(),
                };
                Externs { prefix: prefix()?, overrides }.into()
            }
            PassName::RemapArgs => {
                needs(&["--func", "--map", "--alias"])?;
                let mut mapping = BTreeMap::new();
                for (idx, target) in pairs(&self.maps, "--map")? {
                    let idx: usize = idx
                        .parse()
                        .map_err(|_| anyhow::anyhow!("--map {idx}={target}: `{idx}` is not an argument index"))?;
                    let target: usize = target.trim_start_matches("%arg").parse().map_err(|_| {
                        anyhow::anyhow!("--map {idx}={target}: `{target}` is not a combined argument index")
                    })?;
                    mapping.insert(idx, Target::Combined(target));
                }
                for (idx, name) in pairs(&self.aliases, "--alias")? {
                    let idx: usize = idx
                        .parse()
                        .map_err(|_| anyhow::anyhow!("--alias {idx}={name}: `{idx}` is not an argument index"))?;
                    mapping.insert(idx, Target::Alias(name));
                }
                RemapArgs { mapping }.into()
            }
        };
        Ok(PassSpec { pass, func: self.func.clone() })
    }

    pub fn run(&self) -> anyhow::Result<Outcome> {
        let spec = self.spec()?;
        let target = self.output.clone().unwrap_or_else(|| PathBuf::from("-"));
        self.format.check_stdout_free(Some(&target), "-o")?;
        RunFiles::new().input("the input file", &self.file).output("-o", &target).check()?;
        common::check_output(&target, std::slice::from_ref(&self.file))?;
        let mut report = Report::new("pass", self.format.format, &self.global);
        report.field("pass", self.pass.clone());
        report.field("output", common::shown(&target));
        let mut sources = SourceMap::new();
        let result = match load::text(&self.file, &mut sources)? {
            Ok((file, name)) => spec.run(&ParsedSlice::new(file, name, sources.text(file))),
            Err(diagnostic) => Err(vec![diagnostic]),
        };
        match result {
            Ok(output) => {
                common::write_output(&target, output.text.as_bytes(), std::slice::from_ref(&self.file))?;
                report.field("written", true);
                if let Some(summary) = &output.summary {
                    report.info(summary);
                    report.field("externs", summary.clone());
                }
                let shown =
                    if target.as_os_str() == "-" { "standard output".to_string() } else { common::shown(&target) };
                report.finish(&format!(
                    "pass {}: ran on {}; written to {shown}",
                    self.pass,
                    common::shown(&self.file)
                ))?;
                Ok(Outcome::Success)
            }
            Err(errors) => {
                report.field("written", false);
                report.stop(&errors, &sources, |p| format!("pass {} failed: {p}; nothing written", self.pass))
            }
        }
    }
}
