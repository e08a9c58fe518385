//! `air-stitch inputs`: seeded random inputs for check-merge, one `.npz` member per argument
//! the device reads (docs/run.md).

use crate::common::{self, FormatOpts, GlobalOpts, Outcome};
use crate::load::merged as load;
use crate::outputs::RunFiles;
use crate::report::{count, Report};
use air_arrays::formats::{self, shape_text};
use air_diagnostics::SourceMap;
use serde_json::json;
use std::path::PathBuf;

/// Write seeded random inputs for check-merge: an .npz member per argument the device reads.
///
/// One member `arg<N>` per argument the merged kernel's device reads (the roles of the merged
/// module: inputs and static inputs), of its shape and element type (bf16 stored as 2-byte
/// `<u2`, as upstream does). Floats are uniform in [-1, 1), integers in [-8, 8). The same seed
/// gives the same bytes. Written atomically, never over the plan or a slice (docs/run.md).
#[derive(clap::Args, Debug)]
#[command(after_help = "Examples:
  air-stitch inputs --plan testdata/check-merge/silu_add.toml -o inputs.npz
  air-stitch inputs --plan testdata/plans/o_gemv_ffn.toml -o inputs.npz --seed 42 --format json")]
pub struct Opts {
    /// The merge plan (slice files are relative to it).
    #[arg(long, value_name = "PLAN.toml")]
    plan: PathBuf,
    /// The `.npz` to write.
    #[arg(short, long, value_name = "inputs.npz")]
    output: PathBuf,
    /// The random generator's seed.
    #[arg(long, value_name = "N", default_value_t = 0)]
    seed: u64,
    #[command(flatten)]
    format: FormatOpts,
    #[command(flatten)]
    global: GlobalOpts,
}

/// `36.0 KiB`, `104.0 MiB`.
fn size(bytes: usize) -> String {
    let kib = bytes as f64 / 1024.0;
    if kib < 1024.0 {
        format!("{kib:.1} KiB")
    } else {
        format!("{:.1} MiB", kib / 1024.0)
    }
}

impl Opts {
    pub fn run(&self) -> anyhow::Result<Outcome> {
        self.format.check_stdout_free(Some(&self.output), "-o")?;
        let mut files = RunFiles::new();
        files.input("the plan (--plan)", &self.plan).output("-o", &self.output);
        files.check()?;
        let mut report = Report::new("inputs", self.format.format, &self.global);
        let mut sources = SourceMap::new();
        let loaded = match load::load(&self.plan, &mut sources) {
            Ok(loaded) => loaded,
            Err((diagnostics, why)) => {
                report.add(&diagnostics, &sources);
                report.finish(&format!("inputs: {}: nothing written: {why}", common::shown(&self.plan)))?;
                return Ok(load::STOPPED);
            }
        };
        // The slice files are known now: -o may not be one of them either.
        for path in loaded.paths.iter().skip(1) {
            files.input("a slice file of the plan", path);
        }
        files.check()?;
        let layout = &loaded.layout;
        let generated = air_check_merge::generate_inputs(layout, self.seed);
        let members: Vec<(&str, &[u8])> = generated.iter().map(|g| (g.member.as_str(), g.npy.as_slice())).collect();
        let npz = formats::write_npz(&members);
        common::write_output(&self.output, &npz, &loaded.paths)?;
        let listed: Vec<serde_json::Value> = generated
            .iter()
            .map(|g| {
                let b = &layout.buffers[g.arg];
                json!({"member": g.member, "arg": g.arg, "name": b.name, "dtype": b.dtype.name(),
                       "descr": b.dtype.descr(), "shape": b.shape, "bytes": b.bytes})
            })
            .collect();
        for g in &generated {
            let b = &layout.buffers[g.arg];
            report.info(&format!("  {:<8} {} {} ({})", g.member, b.dtype.name(), shape_text(&b.shape), b.label()));
        }
        report.field("output", common::shown(&self.output));
        report.field("seed", self.seed);
        report.field("members", listed);
        report.count("members", generated.len());
        let bytes: usize = generated.iter().map(|g| layout.buffers[g.arg].bytes).sum();
        report.finish(&format!(
            "inputs: @{}: {} ({}) for the arguments the device reads, seed {}, written to {}",
            layout.name,
            count(generated.len(), "array"),
            size(bytes),
            self.seed,
            common::shown(&self.output)
        ))?;
        Ok(Outcome::Success)
    }
}
