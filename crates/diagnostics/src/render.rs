//! The rustc-style text rendering of diagnostics.
//!
//! ```text
//! error[AS0102]: unterminated string literal
//!  --> kernel.mlir:3:10
//!   |
//! 3 |   %0 = "foo
//!   |        ^^^^ string starts here
//!   |
//!   = help: close the string with `"` on the same line
//! ```

use crate::{Diagnostic, FileId, Label, Severity, SourceMap};
use std::fmt::Write;

/// When to colour output. The CLI resolves `Auto` against "is stderr a terminal".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ColorChoice {
    #[default]
    Auto,
    Always,
    Never,
}

#[derive(Clone, Copy, Debug, Default)]
pub struct RenderOptions {
    /// Emit ANSI colour escapes.
    pub color: bool,
}

struct Palette {
    color: bool,
}

impl Palette {
    fn paint(&self, code: &str, text: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    fn severity(&self, severity: Severity, text: &str) -> String {
        let code = match severity {
            Severity::Error => "1;31",
            Severity::Warning => "1;33",
            Severity::Note => "1;32",
        };
        self.paint(code, text)
    }

    fn frame(&self, text: &str) -> String {
        self.paint("1;34", text)
    }

    fn bold(&self, text: &str) -> String {
        self.paint("1", text)
    }
}

/// Renders several diagnostics, separated by blank lines.
pub fn render_all(diagnostics: &[Diagnostic], sources: &SourceMap, options: RenderOptions) -> String {
    let mut out = String::new();
    for diagnostic in diagnostics {
        out.push_str(&render(diagnostic, sources, options));
        out.push('\n');
    }
    out
}

/// Renders one diagnostic, ending with a newline.
pub fn render(diagnostic: &Diagnostic, sources: &SourceMap, options: RenderOptions) -> String {
    let palette = Palette { color: options.color };
    let mut out = String::new();
    let title = format!("{}[{}]", diagnostic.severity.as_str(), diagnostic.code);
    let _ = writeln!(
        out,
        "{}{}",
        palette.severity(diagnostic.severity, &title),
        palette.bold(&format!(": {}", diagnostic.message))
    );

    let labels: Vec<(&Label, bool)> = diagnostic
        .primary
        .iter()
        .map(|label| (label, true))
        .chain(diagnostic.secondary.iter().map(|label| (label, false)))
        .collect();
    let gutter = gutter_width(&labels, sources);
    let pad = " ".repeat(gutter);

    // Files in order of first mention, the primary label's file first.
    let mut files: Vec<FileId> = Vec::new();
    for (label, _) in &labels {
        if !files.contains(&label.file) {
            files.push(label.file);
        }
    }
    for (file_idx, file) in files.iter().enumerate() {
        let in_file: Vec<&(&Label, bool)> = labels.iter().filter(|(l, _)| l.file == *file).collect();
        let anchor = in_file.iter().find(|(_, primary)| *primary).unwrap_or(&in_file[0]).0;
        let source = sources.get(*file);
        let position = match source {
            Some(src) => {
                let lc = src.line_index.line_col(anchor.range.start, &src.text);
                format!("{}:{}:{}", src.name, lc.line, lc.col)
            }
            None => "<unknown>".to_string(),
        };
        let arrow = if file_idx == 0 { "-->" } else { ":::" };
        let _ = writeln!(out, "{pad}{} {position}", palette.frame(arrow));
        let Some(src) = source else { continue };
        let _ = writeln!(out, "{pad} {}", palette.frame("|"));

        // Group labels by the line they start on.
        let mut by_line: Vec<(usize, Vec<(&Label, bool)>)> = Vec::new();
        for (label, primary) in &in_file {
            let line = src.line_index.line_of(label.range.start);
            match by_line.iter_mut().find(|(l, _)| *l == line) {
                Some((_, group)) => group.push((label, *primary)),
                None => by_line.push((line, vec![(label, *primary)])),
            }
        }
        by_line.sort_by_key(|(line, _)| *line);
        let mut previous: Option<usize> = None;
        for (line, group) in &by_line {
            if let Some(prev) = previous {
                if *line > prev + 1 {
                    let _ = writeln!(out, "{}", palette.frame("..."));
                }
            }
            previous = Some(*line);
            let (start, end) = src.line_index.line_range(*line, &src.text);
            let line_text = src.text.get(start as usize..end as usize).unwrap_or("");
            // Tabs become spaces and other control characters U+FFFD, one character each so that
            // carets stay aligned and raw escapes in the input cannot drive the terminal.
            let shown: String = line_text
                .chars()
                .map(|c| match c {
                    '\t' => ' ',
                    c if c.is_control() => '\u{FFFD}',
                    c => c,
                })
                .collect();
            let number = format!("{:>gutter$}", line + 1);
            let _ = writeln!(out, "{} {}", palette.frame(&format!("{number} |")), shown.trim_end());
            for (label, primary) in group {
                let from = label.range.start.clamp(start, end);
                let to = label.range.end.clamp(from, end);
                let col = char_count(&src.text, start, from);
                let width = char_count(&src.text, from, to).max(1);
                let marker = if *primary { "^" } else { "-" }.repeat(width);
                let marker =
                    if *primary { palette.severity(diagnostic.severity, &marker) } else { palette.frame(&marker) };
                let message = if label.message.is_empty() {
                    String::new()
                } else if *primary {
                    format!(" {}", palette.severity(diagnostic.severity, &label.message))
                } else {
                    format!(" {}", palette.frame(&label.message))
                };
                let _ = writeln!(out, "{pad} {} {}{marker}{message}", palette.frame("|"), " ".repeat(col));
            }
        }
    }
    if !labels.is_empty() && (diagnostic.help.is_some() || !diagnostic.notes.is_empty()) {
        let _ = writeln!(out, "{pad} {}", palette.frame("|"));
    }
    for note in &diagnostic.notes {
        let _ = writeln!(out, "{pad} {} {}: {note}", palette.frame("="), palette.bold("note"));
    }
    if let Some(help) = &diagnostic.help {
        let _ = writeln!(out, "{pad} {} {}: {help}", palette.frame("="), palette.bold("help"));
    }
    out
}

fn char_count(text: &str, from: u32, to: u32) -> usize {
    text.get(from as usize..to as usize).map(|s| s.chars().count()).unwrap_or((to - from) as usize)
}

fn gutter_width(labels: &[(&Label, bool)], sources: &SourceMap) -> usize {
    let max_line = labels
        .iter()
        .filter_map(|(label, _)| {
            let src = sources.get(label.file)?;
            Some(src.line_index.line_of(label.range.start) + 1)
        })
        .max()
        .unwrap_or(1);
    max_line.to_string().len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Diagnostic, TextRange};

    fn sample() -> (SourceMap, Diagnostic) {
        let mut sources = SourceMap::new();
        let file = sources.add("k.mlir", "func.func @f() {\n  %0 = \"abc\n}\n");
        let diagnostic = Diagnostic::error("AS0102", "unterminated string literal")
            .with_primary(file, TextRange::new(24, 28), "string starts here")
            .with_secondary(file, TextRange::new(15, 16), "inside this region")
            .with_help("close the string with `\"` on the same line");
        (sources, diagnostic)
    }

    #[test]
    fn renders_like_rustc_without_colour() {
        let (sources, diagnostic) = sample();
        insta::assert_snapshot!(render(&diagnostic, &sources, RenderOptions { color: false }), @r###"
        error[AS0102]: unterminated string literal
         --> k.mlir:2:8
          |
        1 | func.func @f() {
          |                - inside this region
        2 |   %0 = "abc
          |        ^^^^ string starts here
          |
          = help: close the string with `"` on the same line
        "###);
    }

    #[test]
    fn colour_is_only_emitted_when_asked() {
        let (sources, diagnostic) = sample();
        assert!(!render(&diagnostic, &sources, RenderOptions { color: false }).contains('\x1b'));
        assert!(render(&diagnostic, &sources, RenderOptions { color: true }).contains("\x1b[1;31m"));
    }

    #[test]
    fn control_characters_in_the_source_line_are_shown_as_replacement_characters() {
        let mut sources = SourceMap::new();
        let file = sources.add("bin.mlir", "\u{1}\u{1b}[0m x\ty");
        let diagnostic =
            Diagnostic::error("AS0101", "unexpected character").with_primary(file, TextRange::new(6, 7), "here");
        let rendered = render(&diagnostic, &sources, RenderOptions { color: false });
        assert_eq!(
            rendered,
            "error[AS0101]: unexpected character\n --> bin.mlir:1:7\n  |\n1 | \u{FFFD}\u{FFFD}[0m x y\n  |       ^ here\n"
        );
    }

    #[test]
    fn a_diagnostic_without_location_renders_message_and_help() {
        let sources = SourceMap::new();
        let diagnostic = Diagnostic::error("AS0001", "cannot read `x.mlir`").with_help("check the path");
        insta::assert_snapshot!(render(&diagnostic, &sources, RenderOptions::default()), @r###"
        error[AS0001]: cannot read `x.mlir`
          = help: check the path
        "###);
    }
}
