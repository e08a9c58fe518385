//! The files of one run, and the rule every subcommand holds them to before any work: each
//! output is a file of its own, distinct from every other output and from every input. Paths
//! are compared canonicalised (a file that does not exist yet through its directory), so
//! `fused.mlir`, `./fused.mlir` and a symbolic link to it are one file; `-` is standard output
//! (two outputs there clash) or standard input (which no output can overwrite).

use crate::common;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Where a path leads, for comparing: a canonical path, or a standard stream.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    Stdin,
    Stdout,
    File(PathBuf),
}

/// A file of the run, with what it is: for an output the option that names it (`-o`, `--roles`,
/// `--out 2`), for an input a description (`an input file`, `the plan (--plan)`).
#[derive(Clone, Debug)]
struct Named {
    option: String,
    path: PathBuf,
    key: Key,
    /// How to choose another file, when it is not `give <option> another file`.
    remedy: Option<String>,
}

/// The inputs and outputs of one run; [`RunFiles::check`] holds them to the rule above.
#[derive(Clone, Debug, Default)]
pub struct RunFiles {
    inputs: Vec<Named>,
    outputs: Vec<Named>,
}

impl RunFiles {
    pub fn new() -> RunFiles {
        RunFiles::default()
    }

    /// A file the run reads (`-` is standard input), described as the error would name it
    /// (`an input file`, `the plan (--plan)`).
    pub fn input(&mut self, option: impl Into<String>, path: &Path) -> &mut RunFiles {
        let key = if path.as_os_str() == "-" { Key::Stdin } else { Key::File(common::canonical(path)) };
        self.inputs.push(Named { option: option.into(), path: path.to_path_buf(), key, remedy: None });
        self
    }

    /// The run's input files (`-` is standard input), each described as `an input file`.
    pub fn inputs(paths: &[PathBuf]) -> RunFiles {
        let mut files = RunFiles::new();
        paths.iter().for_each(|path| {
            files.input("an input file", path);
        });
        files
    }

    /// A file the run writes (`-` is standard output).
    pub fn output(&mut self, option: impl Into<String>, path: &Path) -> &mut RunFiles {
        let key = if path.as_os_str() == "-" { Key::Stdout } else { Key::File(common::canonical(path)) };
        self.outputs.push(Named { option: option.into(), path: path.to_path_buf(), key, remedy: None });
        self
    }

    /// A file the run writes that no one option names (`the artifact k.xclbin`, from `-o` and
    /// `--name`), with how to choose another (`choose another -o or --name`).
    pub fn derived_output(&mut self, what: impl Into<String>, path: &Path, remedy: &str) -> &mut RunFiles {
        self.output(what, path);
        if let Some(last) = self.outputs.last_mut() {
            last.remedy = Some(remedy.to_string());
        }
        self
    }

    /// A usage error (exit status 2, nothing written) when standard input is given twice (it
    /// can be read once), two outputs are one file, or an output is an input.
    pub fn check(&self) -> anyhow::Result<()> {
        let mut stdin = self.inputs.iter().filter(|input| input.key == Key::Stdin);
        if let (Some(first), Some(second)) = (stdin.next(), stdin.next()) {
            let which = if first.option == second.option {
                format!("as {} twice", first.option)
            } else {
                format!("as {} and as {}", first.option, second.option)
            };
            anyhow::bail!("standard input (-) is given {which}: it can be read once; give the second a file");
        }
        let mut taken: BTreeMap<&Key, &Named> = BTreeMap::new();
        for output in &self.outputs {
            if let Some(first) = taken.insert(&output.key, output) {
                return Err(clash(first, output));
            }
        }
        for input in &self.inputs {
            if let Some(output) = taken.get(&input.key) {
                let remedy = output.remedy.clone().unwrap_or_else(|| format!("give {} another file", output.option));
                anyhow::bail!(
                    "{} names {}, {}: refusing to overwrite it ({remedy})",
                    output.option,
                    common::shown(&output.path),
                    input.option,
                );
            }
        }
        Ok(())
    }
}

/// Two outputs that are one file (or both standard output).
fn clash(first: &Named, second: &Named) -> anyhow::Error {
    if first.key == Key::Stdout {
        return anyhow::anyhow!(
            "{} and {} both write to standard output: give one of them a file",
            first.option,
            second.option
        );
    }
    let same = if first.path == second.path {
        common::shown(&first.path)
    } else {
        format!("{} and {}", common::shown(&first.path), common::shown(&second.path))
    };
    anyhow::anyhow!(
        "{} and {} both name {same}: each output needs a file of its own (one would replace the other)",
        first.option,
        second.option
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(label: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("air-stitch-outputs-{label}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn two_outputs_naming_one_file_clash_even_before_it_exists() {
        let dir = scratch("clash");
        let mut files = RunFiles::new();
        files.output("-o", &dir.join("fused.mlir")).output("--roles", &dir.join(".").join("fused.mlir"));
        let err = files.check().unwrap_err().to_string();
        assert!(err.starts_with("-o and --roles both name"), "{err}");
        assert!(!dir.join("fused.mlir").exists());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_output_over_an_input_is_refused_and_standard_streams_are_told_apart() {
        let dir = scratch("input");
        let input = dir.join("a.mlir");
        std::fs::create_dir_all(dir.join("x")).unwrap();
        std::fs::write(&input, "").unwrap();
        let mut files = RunFiles::new();
        files.input("FILE", &input).output("--externs-report", &dir.join("x/../a.mlir"));
        assert!(files.check().is_err());
        let mut twice = RunFiles::new();
        twice.input("an input file", Path::new("-")).input("an input file", Path::new("-"));
        assert_eq!(
            twice.check().unwrap_err().to_string(),
            "standard input (-) is given as an input file twice: it can be read once; give the second a file"
        );
        let mut streams = RunFiles::new();
        streams.input("FILE", Path::new("-")).output("-o", Path::new("-"));
        assert!(streams.check().is_ok());
        streams.output("--roles", Path::new("-"));
        let err = streams.check().unwrap_err().to_string();
        assert_eq!(err, "-o and --roles both write to standard output: give one of them a file");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
