//! The code documentation, read from `docs/` at compile time: every table whose first column
//! is `code` gives one row per code (docs/error-codes.md's meaning and fix, docs/check-bd.md's
//! rules, docs/verify.md's checks), error-codes.md's range headings (`## AS03xx — merge ...`)
//! name each code's family, and its `## Explanations` section holds the long form of a code
//! (`### AS0318`: why, and examples). Parsing is line-based markdown, enough for these files.

/// The documents, as (path in the repository, text).
pub const DOCS: &[(&str, &str)] = &[
    ("docs/error-codes.md", include_str!("../../../docs/error-codes.md")),
    ("docs/check-bd.md", include_str!("../../../docs/check-bd.md")),
    ("docs/verify.md", include_str!("../../../docs/verify.md")),
];

/// The section of docs/error-codes.md that holds the long forms.
pub const EXPLANATIONS: &str = "Explanations";

/// One table row about a code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    pub doc: &'static str,
    /// The heading the table sits under.
    pub section: String,
    /// (column header, cell), the `code` column left out.
    pub cells: Vec<(String, String)>,
}

/// Everything documented about one code.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Documented {
    pub code: String,
    /// The family title of its range (`merge and the passes (crate `air-merge`)`).
    pub family: Option<String>,
    pub rows: Vec<Row>,
    /// The body of `### CODE` under `## Explanations`.
    pub long: Option<String>,
}

/// Whether `text` is a code: `AS` and four digits.
pub fn is_code(text: &str) -> bool {
    text.len() == 6 && text.starts_with("AS") && text[2..].bytes().all(|b| b.is_ascii_digit())
}

/// The cells of a table line (`| a | b \| c |` → `a`, `b | c`).
fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|');
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    let mut out = vec![String::new()];
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        let c = match c {
            '\\' if chars.peek() == Some(&'|') => chars.next().unwrap_or('|'),
            '|' => {
                out.push(String::new());
                continue;
            }
            c => c,
        };
        if let Some(cell) = out.last_mut() {
            cell.push(c);
        }
    }
    out.into_iter().map(|cell| cell.trim().to_string()).collect()
}

fn is_separator(line: &str) -> bool {
    let t = line.trim();
    t.starts_with('|') && t.contains("---") && t.chars().all(|c| matches!(c, '|' | '-' | ':' | ' '))
}

/// A heading's level and text.
fn heading(line: &str) -> Option<(usize, &str)> {
    let level = line.bytes().take_while(|&b| b == b'#').count();
    (level > 0 && line[level..].starts_with(' ')).then(|| (level, line[level..].trim()))
}

/// The code-table rows of one document.
pub fn rows(doc: &'static str, text: &str) -> Vec<(String, Row)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut section = String::new();
    let mut in_fence = false;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
        }
        if let Some((_, title)) = heading(line).filter(|_| !in_fence) {
            section = title.to_string();
        }
        let header = cells(line);
        if in_fence || !line.trim_start().starts_with('|') || header.first().map(String::as_str) != Some("code") {
            i += 1;
            continue;
        }
        if !lines.get(i + 1).is_some_and(|l| is_separator(l)) {
            i += 1;
            continue;
        }
        i += 2;
        while let Some(row) = lines.get(i).filter(|l| l.trim_start().starts_with('|')) {
            let values = cells(row);
            if let Some(code) = values.first().filter(|c| is_code(c)) {
                let pairs = header.iter().skip(1).cloned().zip(values.iter().skip(1).cloned()).collect();
                out.push((code.clone(), Row { doc, section: section.clone(), cells: pairs }));
            }
            i += 1;
        }
    }
    out
}

/// A range of codes with its title, from a heading of docs/error-codes.md.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Family {
    /// The range as written (`AS03xx`, `AS085x`, `AS0700–AS0729`).
    pub range: String,
    /// The first and last code number of the range.
    pub first: u32,
    pub last: u32,
    pub title: String,
}

impl Family {
    pub fn holds(&self, code: &str) -> bool {
        code_number(code).is_some_and(|n| (self.first..=self.last).contains(&n))
    }
}

/// The number of a code (`AS0318` → 318).
fn code_number(code: &str) -> Option<u32> {
    is_code(code).then(|| code[2..].parse().ok()).flatten()
}

/// One end of a range heading: `AS0700` (itself), `AS03xx` (0300–0399) or `AS085x` (0850–0859).
fn range_ends(text: &str) -> Option<(u32, u32)> {
    let wild = text.bytes().rev().take_while(|&b| b == b'x').count();
    let digits = format!("{}{}", &text[..text.len() - wild], "0".repeat(wild));
    let first = code_number(&digits)?;
    Some((first, first + 10u32.pow(wild as u32) - 1))
}

/// The range headings of error-codes.md (`## AS03xx — merge ...`, `## AS0700–AS0729 — triage
/// ...`), in the order of the document.
pub fn families(text: &str) -> Vec<Family> {
    text.lines()
        .filter_map(heading)
        .filter(|(level, _)| *level == 2)
        .filter_map(|(_, title)| {
            let (range, rest) = title.split_once(' ')?;
            let (first, last) = match range.split_once('–') {
                Some((from, to)) => (range_ends(from)?.0, range_ends(to)?.1),
                None => range_ends(range)?,
            };
            let title = rest.trim_start_matches(['—', '-', ' ']).to_string();
            Some(Family { range: range.to_string(), first, last, title })
        })
        .collect()
}

/// The ranges of docs/error-codes.md, as compiled in.
pub fn code_ranges() -> Vec<Family> {
    DOCS.iter().filter(|(doc, _)| *doc == "docs/error-codes.md").flat_map(|(_, text)| families(text)).collect()
}

/// The `### CODE` entries of the `## Explanations` section: (code, body).
pub fn long_forms(text: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut inside = false;
    let mut current = false;
    let mut in_fence = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
        }
        match heading(line).filter(|_| !in_fence) {
            Some((level, title)) if level <= 2 => {
                inside = level == 2 && title == EXPLANATIONS;
                current = false;
            }
            Some((3, title)) if inside => {
                current = is_code(title);
                if current {
                    out.push((title.to_string(), String::new()));
                }
            }
            _ => {
                if let Some((_, body)) = out.last_mut().filter(|_| current) {
                    body.push_str(line);
                    body.push('\n');
                }
            }
        }
    }
    out.into_iter().map(|(code, body)| (code, body.trim().to_string())).collect()
}

/// A piece of a long form: prose, a plain code block, or an example that the command line in
/// its fence reports (or, `fixed`, no longer reports).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Block {
    Prose(String),
    Code(String),
    Example(Example),
}

/// ```` ```mlir verify [FLAGS] ````, ```` ```text merge [FLAGS] ```` (files after `//--- NAME`
/// lines), ```` ```mlir fixed verify ````: what `air-stitch SUBCOMMAND FLAGS FILES` says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    pub fixed: bool,
    pub subcommand: String,
    pub flags: Vec<String>,
    /// (file name, text); one unnamed block is `example.mlir`.
    pub files: Vec<(String, String)>,
}

/// The subcommands an example may run.
const EXAMPLE_COMMANDS: &[&str] = &[
    "parse",
    "print",
    "verify",
    "check-bd",
    "merge",
    "pass",
    "roles",
    "graph",
    "group",
    "triage",
    "compile",
    "compare",
    "run",
    "check-merge",
    "inputs",
];

impl Example {
    /// The command line, as a user would type it in the directory of the files.
    pub fn command(&self) -> Vec<String> {
        let mut args = vec![self.subcommand.clone()];
        args.extend(self.flags.iter().cloned());
        let names = self.files.iter().map(|(name, _)| name.clone());
        if self.subcommand == "group" {
            if let Some((layer, _)) = self.files.iter().find(|(name, _)| name.ends_with(".toml")) {
                args.extend([layer.clone(), "-o".to_string(), "groups".to_string()]);
            }
            return args;
        }
        if matches!(self.subcommand.as_str(), "check-merge" | "inputs") {
            // The plan names the slices; the other files (the flags name them) sit beside it.
            if let Some((plan, _)) = self.files.iter().find(|(name, _)| name.ends_with(".toml")) {
                args.extend(["--plan".to_string(), plan.clone()]);
            }
            return args;
        }
        if self.subcommand == "merge" {
            match self.files.iter().find(|(name, _)| name.ends_with(".toml")) {
                Some((plan, _)) => args.extend(["--plan".to_string(), plan.clone()]),
                None => args.extend(names),
            }
            args.extend(["-o".to_string(), "merged.mlir".to_string()]);
        } else if self.subcommand == "run" {
            // Every file is named by a flag (`--xclbin k.xclbin`, `--arg 0=in.bin`).
        } else if self.subcommand == "triage" {
            // The log is the input; a module is named by its flag (`--module fused.mlir`).
            args.extend(names.filter(|name| name.ends_with(".log")));
        } else {
            args.extend(names);
        }
        args
    }
}

/// Splits `//--- NAME` sections (LLVM's split-file convention).
fn split_files(body: &str) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = Vec::new();
    for line in body.lines() {
        match line.strip_prefix("//--- ") {
            Some(name) => files.push((name.trim().to_string(), String::new())),
            None => {
                if files.is_empty() {
                    files.push(("example.mlir".to_string(), String::new()));
                }
                if let Some((_, text)) = files.last_mut() {
                    text.push_str(line);
                    text.push('\n');
                }
            }
        }
    }
    files
}

/// The blocks of a long form.
pub fn blocks(body: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut prose = String::new();
    let mut fence: Option<(String, String)> = None;
    for line in body.lines() {
        match (&mut fence, line.trim_start().strip_prefix("```")) {
            (None, Some(info)) => {
                if !prose.trim().is_empty() {
                    out.push(Block::Prose(prose.trim().to_string()));
                }
                prose.clear();
                fence = Some((info.trim().to_string(), String::new()));
            }
            (Some(_), Some(_)) => {
                if let Some((info, text)) = fence.take() {
                    out.push(fenced(&info, text));
                }
            }
            (Some((_, text)), None) => {
                text.push_str(line);
                text.push('\n');
            }
            (None, None) => {
                prose.push_str(line);
                prose.push('\n');
            }
        }
    }
    if !prose.trim().is_empty() {
        out.push(Block::Prose(prose.trim().to_string()));
    }
    out
}

fn fenced(info: &str, text: String) -> Block {
    let mut words = info.split_whitespace().skip(1).map(str::to_string).peekable();
    let fixed = words.next_if(|w| w == "fixed").is_some();
    match words.next().filter(|w| EXAMPLE_COMMANDS.contains(&w.as_str())) {
        Some(subcommand) => {
            Block::Example(Example { fixed, subcommand, flags: words.collect(), files: split_files(&text) })
        }
        None => Block::Code(text),
    }
}

/// Everything the documents say, per code, in code order.
pub fn documented() -> Vec<Documented> {
    let mut by_code: std::collections::BTreeMap<String, Documented> = std::collections::BTreeMap::new();
    let mut families_found: Vec<Family> = Vec::new();
    for (doc, text) in DOCS {
        for (code, row) in rows(doc, text) {
            let entry = by_code.entry(code.clone()).or_default();
            entry.code = code;
            entry.rows.push(row);
        }
        if *doc == "docs/error-codes.md" {
            families_found = families(text);
            for (code, body) in long_forms(text) {
                let entry = by_code.entry(code.clone()).or_default();
                entry.code = code;
                entry.long = Some(body);
            }
        }
    }
    for entry in by_code.values_mut() {
        // The narrowest range that holds the code: AS085x inside AS08xx.
        entry.family = families_found
            .iter()
            .filter(|family| family.holds(&entry.code))
            .min_by_key(|family| family.last - family.first)
            .map(|family| family.title.clone());
    }
    by_code.into_values().collect()
}

#[cfg(test)]
#[allow(clippy::panic)]
mod tests {
    use super::*;

    const SAMPLE: &str = "# T\n\n## AS03xx — merge (crate `p`)\n\n| code | meaning | fix |\n|---|---|---|\n\
        | AS0301 | a `x \\| y` | do z |\n| AS0302 | b | c |\n\n```\n| code | no |\n|---|---|\n| AS0999 | fenced |\n```\n\n\
        ## Explanations\n\n### AS0301\n\nWhy.\n\n```mlir\n### not a heading\n```\n\n### AS0302\n\nMore.\n\n## After\n\ntext\n";

    #[test]
    fn tables_headings_and_long_forms_are_read() {
        let rows = rows("error-codes.md", SAMPLE);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].0, "AS0301");
        assert_eq!(rows[0].1.section, "AS03xx — merge (crate `p`)");
        assert_eq!(rows[0].1.cells, [("meaning".to_string(), "a `x | y`".to_string()), ("fix".into(), "do z".into())]);
        let family = Family { range: "AS03xx".into(), first: 300, last: 399, title: "merge (crate `p`)".into() };
        assert_eq!(families(SAMPLE), [family]);
        let long = long_forms(SAMPLE);
        assert_eq!(long.len(), 2);
        assert_eq!(long[0], ("AS0301".to_string(), "Why.\n\n```mlir\n### not a heading\n```".to_string()));
        assert_eq!(long[1], ("AS0302".to_string(), "More.".to_string()));
    }

    #[test]
    fn ranges_are_read_in_every_spelling() {
        let text = "## AS085x — names\n\n## AS0700–AS0729 — triage (crate `d`)\n\n## Explanations\n";
        let found: Vec<(u32, u32)> = families(text).iter().map(|f| (f.first, f.last)).collect();
        assert_eq!(found, [(850, 859), (700, 729)]);
    }

    #[test]
    fn examples_carry_their_command_and_files() {
        let body = "Why.\n\n```mlir verify --no-air-opt\n%0 = x\n```\n\n```text fixed merge\n//--- plan.toml\n[func]\n//--- a.mlir\nf\n```\n\n```text\nplain\n```\n";
        let blocks = blocks(body);
        assert_eq!(blocks.len(), 4);
        assert_eq!(blocks[0], Block::Prose("Why.".to_string()));
        let Block::Example(example) = &blocks[1] else { panic!("{:?}", blocks[1]) };
        assert_eq!(example.command(), ["verify", "--no-air-opt", "example.mlir"]);
        assert_eq!(example.files, [("example.mlir".to_string(), "%0 = x\n".to_string())]);
        let Block::Example(fixed) = &blocks[2] else { panic!("{:?}", blocks[2]) };
        assert!(fixed.fixed);
        assert_eq!(fixed.command(), ["merge", "--plan", "plan.toml", "-o", "merged.mlir"]);
        assert_eq!(fixed.files.len(), 2);
        assert_eq!(blocks[3], Block::Code("plain\n".to_string()));
    }
}
