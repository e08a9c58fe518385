//! What the CLI's integration tests share: running the binary (`air_stitch(ARGS)`, with the
//! working directory, environment and standard input each test chooses) and whole outputs
//! compared with their snapshots under `snapshots/FOLDER/NAME.snap` (insta; `INSTA_UPDATE=always`
//! blesses), one setting for all.
#![allow(dead_code, clippy::expect_used)]

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_air-stitch");

/// `air-stitch ARGS`, to be run with [`Cli::output`]. Nothing is set that the test does not
/// set: the working directory is the test's own (the crate's directory under `cargo test`)
/// unless [`Cli::in_dir`] or [`Cli::in_repo`] chooses one, the environment is inherited but
/// for [`Cli::env`] and [`Cli::env_remove`], and standard input is empty unless [`Cli::stdin`]
/// gives it.
pub fn air_stitch<I, S>(args: I) -> Cli
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let mut command = Command::new(BIN);
    command.args(args);
    Cli { command, stdin: None }
}

/// One run of the binary being put together; see [`air_stitch`].
pub struct Cli {
    command: Command,
    stdin: Option<Vec<u8>>,
}

impl Cli {
    /// Appends one argument.
    pub fn arg(mut self, arg: impl AsRef<OsStr>) -> Cli {
        self.command.arg(arg);
        self
    }

    /// Appends arguments.
    pub fn args<I, S>(mut self, args: I) -> Cli
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        self.command.args(args);
        self
    }

    /// Appends `--color never` (after the arguments given so far).
    pub fn color_never(self) -> Cli {
        self.args(["--color", "never"])
    }

    /// Runs in `dir`.
    pub fn in_dir(mut self, dir: impl AsRef<Path>) -> Cli {
        self.command.current_dir(dir);
        self
    }

    /// Runs in the repository root (so paths in messages are repository-relative).
    pub fn in_repo(self) -> Cli {
        self.in_dir(air_testkit::repo_root())
    }

    /// Sets an environment variable.
    pub fn env(mut self, key: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> Cli {
        self.command.env(key, value);
        self
    }

    /// Removes an environment variable.
    pub fn env_remove(mut self, key: impl AsRef<OsStr>) -> Cli {
        self.command.env_remove(key);
        self
    }

    /// Gives these bytes on standard input.
    pub fn stdin(mut self, bytes: &[u8]) -> Cli {
        self.stdin = Some(bytes.to_vec());
        self
    }

    /// Runs to the end; the exit status and both outputs.
    /// The environment of a compile in `dir` (a [`compile_scratch`]): the fake aircc counting its
    /// runs in `dir/count`, the cache, config and temporary files in `dir`, and nothing of the
    /// machine running the tests (no shared cache, team key, config, air-opt or peano).
    pub fn compile_env(self, dir: &Path) -> Cli {
        self.in_dir(dir)
            .env("AIRCC", dir.join("aircc"))
            .env("XDG_CACHE_HOME", dir.join("xdg"))
            .env("XDG_CONFIG_HOME", dir.join("config"))
            .env("TMPDIR", dir.join("tmp"))
            .env("FAKE_AIRCC_COUNT", dir.join("count"))
            .env_remove("AIR_STITCH_CACHE_URL")
            .env_remove("AIR_STITCH_CACHE_KEY")
            .env_remove("AIR_STITCH_CACHE_READ_ONLY")
            .env_remove("AIR_STITCH_TOOLCHAIN_ID")
            .env_remove("AIR_STITCH_CONFIG")
            .env_remove("AIR_OPT")
            .env_remove("PEANO_INSTALL_DIR")
            .env_remove("FAKE_AIRCC_MODE")
    }

    pub fn output(mut self) -> Output {
        match self.stdin {
            Some(bytes) => air_testkit::run_with_stdin(&mut self.command, &bytes),
            None => self.command.output().expect("the air-stitch binary runs"),
        }
    }

    /// The command as built, for a test that drives the process itself (spawns it, kills it,
    /// closes its pipes); standard input given with [`Cli::stdin`] is not part of it.
    pub fn into_command(self) -> Command {
        assert!(self.stdin.is_none(), "into_command drops the standard input given with stdin()");
        self.command
    }
}

/// The files `DIR/*.EXT` (DIR relative to the repository), sorted, each with its file name: the
/// snapshot suffix `insta::glob!` gave the outputs of each, which a test running on every file
/// of a folder keeps (`Snapshot::suffix`).
pub fn files(dir: &str, extension: &str) -> Vec<(PathBuf, String)> {
    let files = air_testkit::sorted_files(&air_testkit::repo_root().join(dir), extension);
    assert!(!files.is_empty(), "no {dir}/*.{extension}");
    files
        .into_iter()
        .map(|path| {
            let name = path.file_name().expect("a file").to_string_lossy().into_owned();
            (path, name)
        })
        .collect()
}

/// Asserts `text` equals the snapshot `snapshots/{folder}/{name}.snap`.
pub fn snapshot(folder: &str, name: &str, text: &str) {
    Snapshot::new(folder, name).assert(text);
}

/// A snapshot `snapshots/FOLDER/NAME.snap`, or `NAME@SUFFIX.snap` with a suffix, and what its
/// header says; [`snapshot`] is the common case.
pub struct Snapshot<'a> {
    folder: &'a str,
    name: &'a str,
    suffix: Option<&'a str>,
    description: Option<&'a str>,
    input_file: Option<&'a Path>,
}

impl<'a> Snapshot<'a> {
    pub fn new(folder: &'a str, name: &'a str) -> Snapshot<'a> {
        Snapshot { folder, name, suffix: None, description: None, input_file: None }
    }

    /// Names the snapshot `NAME@SUFFIX` (one per build, or per input file as `insta::glob!`
    /// named them).
    pub fn suffix(self, suffix: &'a str) -> Snapshot<'a> {
        Snapshot { suffix: Some(suffix), ..self }
    }

    /// The header's `description`.
    pub fn description(self, description: &'a str) -> Snapshot<'a> {
        Snapshot { description: Some(description), ..self }
    }

    /// The header's `input_file`: the file the output is of.
    pub fn input_file(self, path: &'a Path) -> Snapshot<'a> {
        Snapshot { input_file: Some(path), ..self }
    }

    /// Asserts `text` equals the snapshot.
    pub fn assert(self, text: &str) {
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path(format!("../../../../snapshots/{}", self.folder));
        settings.set_prepend_module_to_snapshot(false);
        settings.set_omit_expression(true);
        if let Some(suffix) = self.suffix {
            settings.set_snapshot_suffix(suffix);
        }
        if let Some(description) = self.description {
            settings.set_description(description);
        }
        if let Some(path) = self.input_file {
            settings.set_input_file(path);
        }
        settings.bind(|| insta::assert_snapshot!(self.name.to_string(), text));
    }
}

/// A fresh directory for `compile` with `testdata/compile/fake-aircc` as `aircc` (a test double:
/// aircc cannot be installed here), its two placeholder objects under `objects/`, the module
/// `k.mlir` (testdata/kernels/silu_mul_8192.mlir) and an empty `tmp/`.
pub fn compile_scratch(dir: &Path) {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir.join("objects")).expect("a scratch directory");
    std::fs::create_dir_all(dir.join("tmp")).expect("a scratch directory");
    let root = air_testkit::repo_root();
    let fixtures = root.join("testdata/compile");
    std::fs::copy(fixtures.join("fake-aircc"), dir.join("aircc")).expect("the fake aircc");
    for object in ["silu_and_mul.o", "mm_m32.o"] {
        std::fs::copy(fixtures.join("objects").join(object), dir.join("objects").join(object)).expect("an object");
    }
    std::fs::copy(root.join("testdata/kernels/silu_mul_8192.mlir"), dir.join("k.mlir")).expect("the module");
}

/// The prefill layer's groups (`air-stitch group testdata/layers/llama32_1b_prefill.toml -o
/// DIR/groups`) and a placeholder for every object they link (`DIR/objects`), for batches of
/// `compile` with the fake aircc.
pub fn prefill_groups(dir: &Path) {
    let layer = air_testkit::repo_root().join("testdata/layers/llama32_1b_prefill.toml");
    let grouped = air_stitch(["group"]).arg(&layer).arg("-o").arg(dir.join("groups")).output();
    assert_eq!(grouped.status.code(), Some(0), "{}", String::from_utf8_lossy(&grouped.stderr));
    std::fs::create_dir_all(dir.join("objects")).expect("a scratch directory");
    for (path, _) in files(&dir.join("groups").display().to_string(), "mlir") {
        let text = std::fs::read_to_string(path).expect("a group's module");
        for object in text.split("link_with = \"").skip(1).filter_map(|rest| rest.split('"').next()) {
            std::fs::write(dir.join("objects").join(object), b"placeholder object\n").expect("an object");
        }
    }
}

/// A run's standard error as text.
pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A JSON file the binary wrote.
pub fn json_file(path: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).expect("a JSON file the binary wrote");
    serde_json::from_str(&text).expect("valid JSON")
}

/// How many times the fake aircc ran with `FAKE_AIRCC_COUNT=DIR/count`.
pub fn aircc_runs(dir: &Path) -> usize {
    std::fs::read_to_string(dir.join("count")).map_or(0, |t| t.lines().count())
}
