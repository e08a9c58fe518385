//! What every subcommand shares: reading inputs (files or `-`), rendering diagnostics with the
//! right colour choice, writing outputs atomically, and writing standard output so that a
//! reader that goes away (`| head`) ends the run quietly.

use air_diagnostics::{ColorChoice, Diagnostic, FileId, LineIndex, RenderOptions, SourceMap};
use anyhow::Context;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

/// What a subcommand found: exit status 0 or 1; usage and I/O errors are `Err` (status 2,
/// printed by `main`), or `Failed` when the command has already reported them itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Success,
    Problems,
    /// Exit status 2, with the error already reported (as a diagnostic and a closing line).
    Failed,
}

impl Outcome {
    pub fn from_problems(has_problems: bool) -> Outcome {
        if has_problems {
            Outcome::Problems
        } else {
            Outcome::Success
        }
    }
}

/// `--color auto|always|never`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorArg {
    #[default]
    Auto,
    Always,
    Never,
}

/// The default of `--max-errors`.
pub const DEFAULT_MAX_ERRORS: usize = 50;

/// Flags every subcommand accepts.
#[derive(clap::Args, Debug, Clone)]
pub struct GlobalOpts {
    /// When to colour diagnostics.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto, global = true)]
    pub color: ColorArg,
    /// Print at most N errors per file (and N warnings, N notes); the closing line counts the
    /// rest, `--format json` keeps all. 0 prints every one. Repeated diagnostics are printed
    /// once, with where else they were found.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_ERRORS, global = true)]
    pub max_errors: usize,
}

impl GlobalOpts {
    pub fn render_options(&self) -> RenderOptions {
        let choice = match self.color {
            ColorArg::Auto => ColorChoice::Auto,
            ColorArg::Always => ColorChoice::Always,
            ColorArg::Never => ColorChoice::Never,
        };
        let color = match choice {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
        };
        RenderOptions { color }
    }
}

/// `--format text|json`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    #[default]
    Text,
    Json,
}

/// `--format`, the same on every subcommand that reports (docs/diagnostics-json.md).
#[derive(clap::Args, Debug, Clone)]
pub struct FormatOpts {
    /// Report format: diagnostics and a closing line as text on standard error, or one JSON
    /// document on standard output (docs/diagnostics-json.md).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

impl FormatOpts {
    /// With `--format json` the report owns standard output: what the command writes must go to
    /// a file (`option` is the option that names it: `-o`, `--externs-report`).
    pub fn check_stdout_free(&self, output: Option<&Path>, option: &str) -> anyhow::Result<()> {
        let to_stdout = output.is_none_or(|path| path.as_os_str() == "-");
        if self.format == Format::Json && to_stdout {
            anyhow::bail!(
                "--format json writes its report to standard output: give the output of {option} a file ({option} FILE)"
            );
        }
        Ok(())
    }
}

/// An input file's raw bytes and display name.
pub struct RawInput {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// Reads `path`, or standard input for `-`; the error ([`CannotRead`]) names the input as the
/// user gave it.
pub fn read_input(path: &Path) -> anyhow::Result<RawInput> {
    read_bytes(path).map_err(|err| anyhow::Error::new(CannotRead { path: path.to_path_buf(), err }))
}

/// An input that cannot be read. `main` reports it as AS0002, located at the argument that
/// names the file, as `merge` and `group` report theirs.
#[derive(Debug)]
pub struct CannotRead {
    pub path: PathBuf,
    pub err: std::io::Error,
}

impl std::fmt::Display for CannotRead {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot read {}: {}", shown(&self.path), self.err)
    }
}

impl std::error::Error for CannotRead {}

/// Like [`read_input`], with the I/O error itself (for a command that reports it as a
/// diagnostic).
pub fn read_bytes(path: &Path) -> std::io::Result<RawInput> {
    if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes)?;
        return Ok(RawInput { name: "<stdin>".to_string(), bytes });
    }
    let bytes = std::fs::read(path)?;
    Ok(RawInput { name: path.display().to_string(), bytes })
}

/// An input's name in messages: the path as given, `standard input` for `-`.
pub fn shown(path: &Path) -> String {
    if path.as_os_str() == "-" {
        "standard input".to_string()
    } else {
        path.display().to_string()
    }
}

/// Registers a raw input in `sources`. Non-UTF-8 input gets a diagnostic at the first bad
/// byte; its text is then the valid prefix, so the diagnostic can still show a position.
pub fn register(sources: &mut SourceMap, raw: &RawInput) -> (FileId, Result<(), Diagnostic>) {
    match std::str::from_utf8(&raw.bytes) {
        Ok(text) => (sources.add(raw.name.clone(), text), Ok(())),
        Err(err) => {
            let valid = &raw.bytes[..err.valid_up_to()];
            let text = String::from_utf8_lossy(valid).into_owned();
            let file = sources.add(raw.name.clone(), text);
            let diagnostic = air_syntax::decode_utf8(&raw.bytes, file).err();
            (file, diagnostic.map_or(Ok(()), Err))
        }
    }
}

/// Like [`register`], but consumes the input and shares its text with the source map (for
/// commands that keep large parsed inputs alive, such as `merge`).
pub fn register_shared(sources: &mut SourceMap, raw: RawInput) -> (FileId, Result<std::sync::Arc<String>, Diagnostic>) {
    match String::from_utf8(raw.bytes) {
        Ok(text) => {
            let text = std::sync::Arc::new(text);
            (sources.add_shared(raw.name, text.clone()), Ok(text))
        }
        Err(err) => {
            let bytes = err.into_bytes();
            let raw = RawInput { name: raw.name, bytes };
            let (file, decoded) = register(sources, &raw);
            (
                file,
                Err(decoded
                    .err()
                    .unwrap_or_else(|| Diagnostic::error(air_syntax::codes::NOT_UTF8, "input is not valid UTF-8"))),
            )
        }
    }
}

/// Writes `contents` to `path` atomically: a temporary file in the same directory, then a
/// rename, so a failed run never leaves a half-written file. `-` writes to stdout. Refuses to
/// overwrite any of `inputs`. Errors name `path` as the user gave it, never the temporary file.
pub fn write_output(path: &Path, contents: &[u8], inputs: &[PathBuf]) -> anyhow::Result<()> {
    if path.as_os_str() == "-" {
        return write_stdout(contents);
    }
    check_output(path, inputs)?;
    let dir = output_dir(path);
    let file_name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "out".to_string());
    let tmp = dir.join(format!(".{file_name}.{}.tmp", std::process::id()));
    let cannot_write = |err: std::io::Error| anyhow::anyhow!("cannot write {}: {err}", path.display());
    let result = (|| -> anyhow::Result<()> {
        let mut file = std::fs::File::create(&tmp).map_err(cannot_write)?;
        file.write_all(contents).map_err(cannot_write)?;
        file.sync_all().map_err(cannot_write)?;
        std::fs::rename(&tmp, path).map_err(cannot_write)?;
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Whether `a` and `b` (neither `-`) are one file, by their canonical paths.
pub fn same_file(a: &Path, b: &Path) -> bool {
    canonical(a) == canonical(b)
}

/// `path` canonicalised: the file's own canonical path when it exists, else its directory's
/// with the file name joined, else (no such directory either) the absolute path as written.
pub fn canonical(path: &Path) -> PathBuf {
    if let Ok(found) = std::fs::canonicalize(path) {
        return found;
    }
    let parent = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    match (std::fs::canonicalize(parent), path.file_name()) {
        (Ok(dir), Some(name)) => dir.join(name),
        _ => std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf()),
    }
}

/// The directory an output file goes to.
fn output_dir(path: &Path) -> &Path {
    path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

/// Checks that `path` (`-` is standard output) can be an output: it is not one of `inputs`
/// (compared as [`crate::outputs`] compares, which checks every output of a run against every
/// other file of it before any work; this is the last guard, as a file is written), and its
/// directory exists.
pub fn check_output(path: &Path, inputs: &[PathBuf]) -> anyhow::Result<()> {
    if path.as_os_str() == "-" {
        return Ok(());
    }
    for input in inputs.iter().filter(|input| input.as_os_str() != "-") {
        if same_file(path, input) {
            anyhow::bail!("refusing to overwrite input file {} (choose another output file)", input.display());
        }
    }
    let dir = output_dir(path);
    if !dir.is_dir() {
        anyhow::bail!("cannot write {}: there is no directory {}", path.display(), dir.display());
    }
    if path.is_dir() {
        anyhow::bail!("cannot write {}: it is a directory", path.display());
    }
    Ok(())
}

/// Writes `bytes` to standard output. A reader that went away (`| head`) is a broken pipe:
/// `main` ends the run quietly with status 0 then (see [`is_broken_pipe`]), as ripgrep does.
pub fn write_stdout(bytes: &[u8]) -> anyhow::Result<()> {
    // Standard output may share the terminal with the status line.
    crate::progress::clear(&mut std::io::stderr().lock());
    let mut stdout = std::io::stdout().lock();
    stdout.write_all(bytes).context("writing standard output")?;
    stdout.flush().context("writing standard output")?;
    Ok(())
}

/// Whether `err` comes from writing to a closed pipe.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause.downcast_ref::<std::io::Error>().is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// One parsed chunk of an input: its tree and diagnostics mapped to the whole file.
pub struct ParsedChunk {
    pub offset: u32,
    pub parse: air_syntax::Parse,
}

impl ParsedChunk {
    /// Syntax errors, then scope errors (unresolved uses, redefinitions, result indices out of
    /// range), with labels in `file` and offsets into the whole file.
    pub fn errors(&self, file: FileId) -> Vec<Diagnostic> {
        air_report::check_bd::chunk_errors(&self.parse, file, self.offset)
    }

    /// This chunk of the file `name` (registered as `file`, whole text `text`) as an input of
    /// `air_verify`.
    pub fn input<'a>(
        &'a self,
        name: &'a str,
        file: FileId,
        text: &'a str,
        lines: &'a LineIndex,
    ) -> air_verify::Input<'a> {
        air_verify::Input { name, file, text, lines, offset: self.offset, parse: &self.parse }
    }
}

/// Parses `text`, split on `// -----` when asked.
pub fn parse_chunks(text: &str, split: bool) -> Vec<ParsedChunk> {
    if split {
        air_syntax::split_input_file(text)
            .into_iter()
            .map(|chunk| ParsedChunk { offset: chunk.offset, parse: air_syntax::parse(chunk.text) })
            .collect()
    } else {
        vec![ParsedChunk { offset: 0, parse: air_syntax::parse(text) }]
    }
}
