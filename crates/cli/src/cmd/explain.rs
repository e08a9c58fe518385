//! `air-stitch explain`: the documentation of a diagnostic code, as `rustc --explain` prints
//! it: what it means, why, how to fix it and an example, from the tables and the long forms of
//! docs/ (compiled in, `crate::code_docs`), and its lint name and default level when it is a
//! lint. `--lints` lists the lints.

use crate::code_docs::{self, Block, Documented, Example};
use crate::common::{GlobalOpts, Outcome};
use crate::lints;
use air_diagnostics::{Level, Lint};
use std::fmt::Write as _;
use std::io::Write as _;

/// Explain a diagnostic code: what it means, why, how to fix it, an example.
///
/// CODE is a code as printed in a diagnostic (`error[AS0318]`) or a lint name (`utilisation`).
/// The text comes from docs/error-codes.md and the tables it links to (docs/check-bd.md,
/// docs/verify.md), compiled into the binary. Exit status: 0, or 2 for a code that does not
/// exist.
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  air-stitch explain AS0318\n  air-stitch explain utilisation\n  air-stitch explain --lints\n  air-stitch explain --list"
)]
pub struct Opts {
    /// A diagnostic code (`AS0318`) or a lint name.
    #[arg(required_unless_present_any = ["lints", "list"], conflicts_with_all = ["lints", "list"])]
    code: Option<String>,
    /// List the lints: name, code and default level (what `-A/-W/-D` and `[lints]` accept).
    #[arg(long, conflicts_with = "list")]
    lints: bool,
    /// List every documented code with its family.
    #[arg(long)]
    list: bool,
    #[command(flatten)]
    global: GlobalOpts,
}

/// Text width of the printed explanation.
const WIDTH: usize = 100;

impl Opts {
    pub fn run(&self) -> anyhow::Result<Outcome> {
        if self.lints {
            return out(&lint_table());
        }
        if self.list {
            let mut list = String::new();
            for doc in code_docs::documented() {
                let _ = writeln!(list, "{}  {}", doc.code, doc.family.as_deref().map(plain).unwrap_or_default());
            }
            return out(&list);
        }
        let asked = self.code.clone().unwrap_or_default();
        let code = match lints::find(&asked) {
            Some(lint) if !code_docs::is_code(&asked) => lint.code.to_string(),
            _ => asked.to_ascii_uppercase(),
        };
        let documented = code_docs::documented();
        match documented.iter().find(|d| d.code == code) {
            Some(doc) => out(&render(doc)),
            None if code_docs::is_code(&code) => {
                anyhow::bail!(
                    "{code} is not an air-stitch diagnostic code: docs/error-codes.md lists them by range ({})",
                    ranges()
                )
            }
            None => {
                let hint = lints::suggest(&asked)
                    .map(|name| format!(" (did you mean the lint `{name}`?)"))
                    .unwrap_or_default();
                anyhow::bail!("`{asked}` is neither a diagnostic code (ASnnnn, e.g. AS0318) nor a lint name{hint}; `air-stitch explain --lints` lists the lints")
            }
        }
    }
}

/// Every range of docs/error-codes.md with its title (without the crate that holds it), in
/// code order: `AS00xx command line, AS01xx syntax, ...`.
fn ranges() -> String {
    let mut ranges = code_docs::code_ranges();
    ranges.sort_by_key(|family| (family.first, std::cmp::Reverse(family.last)));
    let named: Vec<String> = ranges
        .iter()
        .map(|family| {
            let title = family.title.split(" (").next().unwrap_or(&family.title);
            format!("{} {}", family.range, plain(title))
        })
        .collect();
    named.join("; ")
}

/// Writes to stdout; a closed stdout (`explain --list | head`) ends quietly.
fn out(text: &str) -> anyhow::Result<Outcome> {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
        Err(err) if err.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(anyhow::Error::new(err).context("writing standard output"))
        }
        _ => Ok(Outcome::Success),
    }
}

/// `--lints`: one line per lint.
fn lint_table() -> String {
    let all = lints::all();
    let width = all.iter().map(|l| l.name.len()).max().unwrap_or(4).max(4);
    let mut out = format!("{:<width$}  code    default\n", "lint");
    for lint in &all {
        let _ = writeln!(out, "{:<width$}  {}  {}", lint.name, lint.code, lint.default.as_str());
    }
    let _ = writeln!(
        out,
        "\n`-A/-W/-D LINT` (or `LINT = \"allow\"|\"warn\"|\"deny\"` in a plan's [lints]) sets a level; `warnings` names every warning."
    );
    out
}

/// The whole explanation of one code.
fn render(doc: &Documented) -> String {
    let mut out = String::new();
    let family = doc.family.as_deref().map(|f| format!(": {}", plain(f))).unwrap_or_default();
    let _ = writeln!(out, "{}{family}\n", doc.code);
    // A column said by an earlier document (error-codes.md's meaning) is not repeated.
    let mut said: Vec<&str> = Vec::new();
    for row in &doc.rows {
        let cells: Vec<&(String, String)> = row
            .cells
            .iter()
            .filter(|(column, cell)| !cell.is_empty() && cell != "—" && !said.contains(&column.as_str()))
            .collect();
        for (column, cell) in &cells {
            out.push_str(&wrap(&format!("{}: {}", label(column), plain(cell)), "    "));
            out.push('\n');
            said.push(column);
        }
        if !cells.is_empty() {
            out.push('\n');
        }
    }
    if let Some(lint) = lints::by_code(&doc.code) {
        out.push_str(&wrap(&lint_line(&lint), "    "));
        out.push_str("\n\n");
    }
    if let Some(long) = &doc.long {
        for block in code_docs::blocks(long) {
            match block {
                Block::Prose(text) => {
                    for paragraph in text.split("\n\n") {
                        out.push_str(&wrap(&plain(&paragraph.replace('\n', " ")), ""));
                        out.push_str("\n\n");
                    }
                }
                Block::Code(text) => {
                    out.push_str(&indented(&text));
                    out.push('\n');
                }
                Block::Example(example) => out.push_str(&example_text(&doc.code, &example)),
            }
        }
    }
    // Where it came from: each document once, with its sections.
    let mut sources: Vec<(&str, Vec<String>)> = Vec::new();
    let long = doc.long.as_ref().map(|_| ("docs/error-codes.md", code_docs::EXPLANATIONS.to_string()));
    for (path, section) in doc.rows.iter().map(|row| (row.doc, plain(&row.section))).chain(long) {
        match sources.iter_mut().find(|(p, _)| *p == path) {
            Some((_, sections)) => sections.push(section),
            None => sources.push((path, vec![section])),
        }
    }
    let sources: Vec<String> =
        sources.iter().map(|(path, sections)| format!("{path} ({})", sections.join("; "))).collect();
    out.push_str(&wrap(&format!("Documented in {}.", sources.join(", ")), ""));
    out.push('\n');
    out
}

/// An example with the command that reports it, files indented (several after `//--- NAME`).
fn example_text(code: &str, example: &Example) -> String {
    let command = format!("air-stitch {}", example.command().join(" "));
    let mut out = if example.fixed {
        format!("Fixed: `{command}` does not report {code} for\n\n")
    } else {
        format!("Example: `{command}` reports {code} for\n\n")
    };
    let several = example.files.len() > 1 || example.files.iter().any(|(name, _)| name != "example.mlir");
    for (name, text) in &example.files {
        if several {
            let _ = writeln!(out, "    //--- {name}");
        }
        out.push_str(&indented(text));
    }
    out.push('\n');
    out
}

fn lint_line(lint: &Lint) -> String {
    let default = match lint.default {
        Level::Allow => "off",
        Level::Note => "a note",
        Level::Warn => "a warning",
        Level::Deny => "an error",
    };
    let scope = if lint.hard_errors { " (its warnings and notes; its errors stay errors)" } else { "" };
    format!(
        "Lint: `{}`, {default} by default{scope}. `-A {0}` turns it off, `-W {0}` / `-D {0}` make it a warning / an error; in a plan: `[lints] {0} = \"allow\"`.",
        lint.name
    )
}

/// A column header as a label: `meaning` → `What it means`, `limit (npu2 / npu1)` → `Limit
/// (npu2 / npu1)`.
fn label(column: &str) -> String {
    match column {
        "meaning" => return "What it means".to_string(),
        "fix" => return "How to fix".to_string(),
        _ => {}
    }
    let mut chars = column.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Markdown links as text: `[merge.md](merge.md#the-plan-file)` → `merge.md (docs/merge.md#the-plan-file)`.
fn plain(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(open) = rest.find('[') {
        let Some(mid) = rest[open..].find("](").map(|m| open + m) else { break };
        let Some(close) = rest[mid..].find(')').map(|c| mid + c) else { break };
        let (label, target) = (&rest[open + 1..mid], &rest[mid + 2..close]);
        let target = if target.contains("://") || target.starts_with('#') {
            target.to_string()
        } else {
            format!("docs/{target}")
        };
        let _ = write!(out, "{}{label} ({target})", &rest[..open]);
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// Words filled to `WIDTH`, continuation lines indented by `hang`.
fn wrap(text: &str, hang: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > WIDTH {
            out.push_str(line.trim_end());
            out.push('\n');
            line = hang.to_string();
        } else if !line.is_empty() && line != hang {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(line.trim_end());
    out
}

fn indented(text: &str) -> String {
    text.lines().map(|line| if line.is_empty() { "\n".to_string() } else { format!("    {line}\n") }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_become_text_and_lines_wrap() {
        assert_eq!(
            plain("see [merge.md](merge.md#the-plan-file) or [x](https://e.org)"),
            "see merge.md (docs/merge.md#the-plan-file) or x (https://e.org)"
        );
        let wrapped = wrap(&"word ".repeat(30), "  ");
        assert!(wrapped.lines().all(|l| l.len() <= WIDTH), "{wrapped}");
        assert!(wrapped.lines().skip(1).all(|l| l.starts_with("  word")), "{wrapped}");
    }
}
