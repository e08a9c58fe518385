//! The command line as a source file (`<command line>`), so that a diagnostic about an argument
//! (`--prefix`, `--bind`) points at what the user typed, the way a plan's diagnostics point
//! into the plan.

use air_diagnostics::{FileId, SourceMap, TextRange};

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
}
