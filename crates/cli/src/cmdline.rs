//! The command line as a source file (`<command line>`), so that a diagnostic about an argument
//! (`--prefix`, `--bind`) points at what the user typed, the way a plan's diagnostics point
//! into the plan.

use air_diagnostics::{Diagnostic, FileId, SourceMap, TextRange};

/// The arguments of this run, joined as a shell would show them, and where each one sits.
#[derive(Clone, Debug)]
pub struct CommandLine {
    text: String,
    /// Each argument after the program name, with the range of its text (quotes excluded).
    args: Vec<(String, TextRange)>,
}

/// The name a registered command line shows in `--> <command line>:1:col`.
pub const NAME: &str = "<command line>";

impl CommandLine {
    /// This process's arguments (the program is shown as `air-stitch`, whatever its path).
    pub fn capture() -> CommandLine {
        CommandLine::from_args(std::env::args_os().skip(1).map(|a| a.to_string_lossy().into_owned()))
    }

    pub fn from_args(args: impl IntoIterator<Item = String>) -> CommandLine {
        let mut text = "air-stitch".to_string();
        let mut ranges = Vec::new();
        for arg in args {
            text.push(' ');
            let plain = !arg.is_empty() && arg.chars().all(|c| c.is_ascii_alphanumeric() || "-_=.,/:@%+".contains(c));
            let quoted = !plain;
            if quoted {
                text.push('\'');
            }
            let start = text.len() as u32;
            text.push_str(&arg);
            let range = TextRange::new(start, text.len() as u32);
            if quoted {
                text.push('\'');
            }
            ranges.push((arg, range));
        }
        text.push('\n');
        CommandLine { text, args: ranges }
    }

    /// Adds the command line to `sources`.
    pub fn register(&self, sources: &mut SourceMap) -> FileId {
        sources.add(NAME.to_string(), self.text.clone())
    }

    /// The ranges of every argument, by its text, in order: the `nth` range of an input file
    /// without a scan of the line per file (a merge of hundreds of files).
    pub fn positional_ranges(&self) -> std::collections::HashMap<&str, Vec<TextRange>> {
        let mut ranges: std::collections::HashMap<&str, Vec<TextRange>> = std::collections::HashMap::new();
        for (arg, range) in &self.args {
            ranges.entry(arg.as_str()).or_default().push(*range);
        }
        ranges
    }

    /// Whether argument `idx` names an output (`-o FILE`, `--out N=FILE`), not an input.
    fn names_an_output(&self, idx: usize) -> bool {
        const OUTPUTS: [&str; 3] = ["-o", "--out", "--output"];
        let arg = self.args[idx].0.as_str();
        let after_flag = idx > 0 && OUTPUTS.contains(&self.args[idx - 1].0.as_str());
        after_flag || OUTPUTS.iter().any(|flag| arg.strip_prefix(flag).is_some_and(|rest| rest.starts_with('=')))
    }

    /// The range of `value` in its `nth` (from 0) occurrence as the value of `flag`, written
    /// `--flag value` or `--flag=value`.
    pub fn value_range(&self, flag: &str, value: &str, nth: usize) -> Option<TextRange> {
        let joined = format!("{flag}={value}");
        let mut found = self.args.iter().enumerate().filter_map(|(idx, (arg, range))| {
            if *arg == joined {
                let start = range.start + flag.len() as u32 + 1;
                return Some(TextRange::new(start, range.end));
            }
            let after_flag = idx > 0 && self.args[idx - 1].0 == flag;
            (after_flag && arg == value).then_some(*range)
        });
        found.nth(nth)
    }
}

/// Reports an input that cannot be read as AS0002 on standard error, at the argument that names
/// it: the argument itself, or the part after `=` of one like `--arg 0=FILE` or `--plan=FILE`.
pub fn report_unreadable(unread: &crate::common::CannotRead, color: crate::common::ColorArg) {
    let line = CommandLine::capture();
    let mut sources = SourceMap::new();
    let file = line.register(&mut sources);
    let diagnostic = unreadable(&line, file, unread);
    let options = crate::common::GlobalOpts { color, max_errors: 0 }.render_options();
    eprintln!("{}", air_diagnostics::render(&diagnostic, &sources, options));
}

fn unreadable(line: &CommandLine, file: FileId, unread: &crate::common::CannotRead) -> Diagnostic {
    let path = unread.path.to_string_lossy();
    let at =
        line.args.iter().enumerate().filter(|&(idx, _)| !line.names_an_output(idx)).find_map(|(_, (arg, range))| {
            if *arg == path {
                return Some(*range);
            }
            // `--plan=FILE`, `--arg 0=FILE`, `--arg 0=FILE:SHAPE:DTYPE`: a value after an `=`.
            arg.match_indices('=').find_map(|(eq, _)| {
                let rest = arg[eq + 1..].strip_prefix(path.as_ref())?;
                let start = range.start + eq as u32 + 1;
                (rest.is_empty() || rest.starts_with(':')).then(|| TextRange::new(start, start + path.len() as u32))
            })
        });
    let help = if path == "-" {
        "standard input could not be read"
    } else {
        "inputs are read as given (relative to the current directory)"
    };
    let diagnostic = Diagnostic::error(crate::codes::CANNOT_READ, unread.to_string()).with_help(help);
    match at {
        Some(range) => diagnostic.with_primary(file, range, "named here"),
        None => diagnostic,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_found_in_either_spelling() {
        let line = CommandLine::from_args(
            ["merge", "a.mlir", "--prefix", "a.mlir=x", "--prefix=b.mlir=x", "c d.mlir"].map(String::from),
        );
        assert_eq!(line.text, "air-stitch merge a.mlir --prefix a.mlir=x --prefix=b.mlir=x 'c d.mlir'\n");
        let at = |range: Option<TextRange>| range.map(|r| &line.text[r.start as usize..r.end as usize]);
        assert_eq!(at(line.value_range("--prefix", "a.mlir=x", 0)), Some("a.mlir=x"));
        assert_eq!(at(line.value_range("--prefix", "b.mlir=x", 0)), Some("b.mlir=x"));
        assert_eq!(line.value_range("--prefix", "b.mlir=x", 1), None);
        assert_eq!(line.value_range("--bind", "a.mlir=x", 0), None);
        // A quoted argument's range is its text, without the quotes.
        let ranges = line.positional_ranges();
        assert_eq!(at(ranges["c d.mlir"].first().copied()), Some("c d.mlir"));
        assert_eq!(at(ranges["a.mlir"].first().copied()), Some("a.mlir"));
    }

    #[test]
    fn an_unreadable_input_is_located_where_it_is_named() {
        let line = CommandLine::from_args(
            ["run", "--out", "0=out.bin", "--arg", "0=in.bin", "--arg=1=out.bin:2x2:f32", "--plan=p.toml", "x.mlir"]
                .map(String::from),
        );
        let located = |path: &str| {
            let err = std::io::Error::from(std::io::ErrorKind::NotFound);
            let unread = crate::common::CannotRead { path: path.into(), err };
            let diagnostic = unreadable(&line, FileId(0), &unread);
            assert_eq!(diagnostic.code, crate::codes::CANNOT_READ);
            diagnostic.primary.map(|label| line.text[label.range.start as usize..label.range.end as usize].to_string())
        };
        assert_eq!(located("in.bin").as_deref(), Some("in.bin"));
        // Not the `--out` that names the same file; a shape and dtype after the path.
        let unread = crate::common::CannotRead { path: "out.bin".into(), err: std::io::ErrorKind::NotFound.into() };
        let label = unreadable(&line, FileId(0), &unread).primary.unwrap();
        assert_eq!(&line.text[label.range.start as usize..label.range.end as usize], "out.bin");
        assert!(line.text[..label.range.start as usize].ends_with("--arg=1="), "{}", line.text);
        assert_eq!(located("p.toml").as_deref(), Some("p.toml"));
        assert_eq!(located("x.mlir").as_deref(), Some("x.mlir"));
        // A path the line does not spell (built from another argument): no location.
        assert_eq!(located("elsewhere/x.mlir"), None);
    }
}
