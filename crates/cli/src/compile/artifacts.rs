//! Finding what `air-stitch compile` wrote for a kernel in an output directory:
//! `NAME.xclbin` + `NAME.insts.bin`, or `NAME.elf` (the suffixes of the compile cache's
//! manifest), and the kernel names its `NAME.compile.json` records.

use air_compile::aircc::manifest::suffixes;
use air_compile::aircc::OutputFormat;
use air_device::Artifact;
use std::path::{Path, PathBuf};

/// A compiled kernel's files.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    Xclbin { xclbin: PathBuf, insts: PathBuf },
    Elf(PathBuf),
}

fn all_exist(dir: &Path, name: &str, format: OutputFormat) -> Option<Vec<PathBuf>> {
    let paths: Vec<PathBuf> = suffixes(format).iter().map(|s| dir.join(format!("{name}{s}"))).collect();
    paths.iter().all(|p| p.is_file()).then_some(paths)
}

/// `DIR/NAME.xclbin` + `DIR/NAME.insts.bin`, else `DIR/NAME.elf`; `Err` says what is missing.
pub fn find(dir: &Path, name: &str) -> Result<Found, String> {
    if let Some(paths) = all_exist(dir, name, OutputFormat::Xclbin) {
        return Ok(Found::Xclbin { xclbin: paths[0].clone(), insts: paths[1].clone() });
    }
    if let Some(paths) = all_exist(dir, name, OutputFormat::Elf) {
        return Ok(Found::Elf(paths[0].clone()));
    }
    Err(format!("{} has neither {name}.xclbin with {name}.insts.bin nor {name}.elf", crate::common::shown(dir)))
}

/// The names in `dir` that have a whole set of artifacts, sorted.
pub fn names_in(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut names: Vec<String> = entries
        .flatten()
        .filter_map(|e| {
            let file = e.file_name().to_string_lossy().into_owned();
            let stem = file.strip_suffix(".xclbin").or_else(|| file.strip_suffix(".elf"))?.to_string();
            find(dir, &stem).is_ok().then_some(stem)
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

/// The value of `--OPTION=VALUE` in the aircc command line `NAME.compile.json` records.
fn recorded_option(dir: &Path, name: &str, option: &str) -> Option<String> {
    let text = std::fs::read_to_string(dir.join(format!("{name}.compile.json"))).ok()?;
    let record: serde_json::Value = serde_json::from_str(&text).ok()?;
    let prefix = format!("{option}=");
    record["aircc"]["argv"].as_array()?.iter().find_map(|a| a.as_str()?.strip_prefix(&prefix).map(str::to_string))
}

/// Reads a found kernel as an [`Artifact`]: the xclbin's kernel is aircc's `MLIR_AIE` unless
/// its compile recorded `--xclbin-kernel-name`; an ELF's is `main:<instance>`, the instance
/// being `--xclbin-instance-name` or else `func` (the function the ELF was built from).
pub fn load(found: &Found, dir: &Path, name: &str, func: &str) -> anyhow::Result<Artifact> {
    let read = |p: &Path| std::fs::read(p).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", crate::common::shown(p)));
    Ok(match found {
        Found::Xclbin { xclbin, insts } => {
            let words = read(insts)?;
            if words.len() % 4 != 0 {
                anyhow::bail!(
                    "{} holds {} bytes: an instruction stream is little-endian 32-bit words",
                    crate::common::shown(insts),
                    words.len()
                );
            }
            Artifact::Xclbin {
                xclbin: read(xclbin)?,
                insts: words.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect(),
                kernel_name: recorded_option(dir, name, "--xclbin-kernel-name")
                    .unwrap_or_else(|| "MLIR_AIE".to_string()),
            }
        }
        Found::Elf(elf) => Artifact::Elf {
            elf: read(elf)?,
            kernel_name: format!(
                "main:{}",
                recorded_option(dir, name, "--xclbin-instance-name").unwrap_or_else(|| func.to_string())
            ),
        },
    })
}
