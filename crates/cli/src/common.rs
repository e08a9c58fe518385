//! What every subcommand shares: reading inputs (files or `-`), rendering diagnostics with the
//! right colour choice, and writing outputs atomically.

use air_diagnostics::{render, ColorChoice, Diagnostic, FileId, LineIndex, RenderOptions, SourceMap};
use anyhow::Context;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

/// What a subcommand found: exit status 0 or 1 (I/O and usage errors are `Err`, status 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Success,
    Problems,
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

/// Flags every subcommand accepts.
#[derive(clap::Args, Debug, Clone)]
pub struct GlobalOpts {
    /// When to colour diagnostics.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto, global = true)]
    pub color: ColorArg,
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

/// An input file's raw bytes and display name.
pub struct RawInput {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// Reads `path`, or standard input for `-`.
pub fn read_input(path: &Path) -> anyhow::Result<RawInput> {
    if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        std::io::stdin().read_to_end(&mut bytes).context("reading standard input")?;
        return Ok(RawInput { name: "<stdin>".to_string(), bytes });
    }
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    Ok(RawInput { name: path.display().to_string(), bytes })
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

/// Reads one input (`-` for stdin) and registers it in `sources`. `None` when it is not UTF-8:
/// the diagnostic is then already emitted and the command ends with [`Outcome::Problems`].
pub fn read_registered(
    path: &Path,
    sources: &mut SourceMap,
    global: &GlobalOpts,
) -> anyhow::Result<Option<(RawInput, FileId)>> {
    let raw = read_input(path)?;
    let (file, decoded) = register(sources, &raw);
    if let Err(diagnostic) = decoded {
        emit(&[diagnostic], sources, global);
        return Ok(None);
    }
    Ok(Some((raw, file)))
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

/// Prints diagnostics to stderr (text) — the default for every subcommand.
pub fn emit(diagnostics: &[Diagnostic], sources: &SourceMap, global: &GlobalOpts) {
    let options = global.render_options();
    let mut stderr = std::io::stderr().lock();
    for diagnostic in diagnostics {
        let _ = write!(stderr, "{}", render(diagnostic, sources, options));
        let _ = writeln!(stderr);
    }
}

/// Prints diagnostics in the chosen format: text on stderr, or one JSON document on stdout.
pub fn emit_as(format: Format, diagnostics: &[Diagnostic], sources: &SourceMap, global: &GlobalOpts) {
    match format {
        Format::Text => emit(diagnostics, sources, global),
        Format::Json => println!("{}", air_diagnostics::to_json(diagnostics, sources)),
    }
}

/// Writes `contents` to `path` atomically: a temporary file in the same directory, then a
/// rename, so a failed run never leaves a half-written file. `-` writes to stdout. Refuses to
/// overwrite any of `inputs`.
pub fn write_output(path: &Path, contents: &[u8], inputs: &[PathBuf]) -> anyhow::Result<()> {
    if path.as_os_str() == "-" {
        let mut stdout = std::io::stdout().lock();
        stdout.write_all(contents).context("writing standard output")?;
        stdout.flush().context("writing standard output")?;
        return Ok(());
    }
    let target = std::fs::canonicalize(path).ok();
    for input in inputs {
        let same = match (&target, std::fs::canonicalize(input).ok()) {
            (Some(a), Some(b)) => *a == b,
            _ => false,
        };
        if same {
            anyhow::bail!("refusing to overwrite input file {} (choose another -o)", input.display());
        }
    }
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let file_name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "out".to_string());
    let tmp = dir.join(format!(".{file_name}.{}.tmp", std::process::id()));
    let result = (|| -> anyhow::Result<()> {
        let mut file = std::fs::File::create(&tmp).with_context(|| format!("creating {}", tmp.display()))?;
        file.write_all(contents).with_context(|| format!("writing {}", tmp.display()))?;
        file.sync_all().with_context(|| format!("writing {}", tmp.display()))?;
        std::fs::rename(&tmp, path).with_context(|| format!("renaming {} to {}", tmp.display(), path.display()))?;
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
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
        let all = self.parse.errors.iter().chain(&self.parse.scopes.errors);
        all.map(|d| d.clone().in_file(file).shifted(self.offset)).collect()
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
