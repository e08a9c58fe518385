//! The input module of a failed compile: which slice of a merged module a line belongs to (the
//! `// slice PREFIX: NAME (@KERNEL)` comments `merge` writes, and the prefix it puts on every
//! SSA name and symbol), the op on a line, and check-bd's findings on it.

use air_checkbd::CheckOptions;
use air_diagnostics::{FileId, LineIndex, Severity};
use regex::Regex;
use serde::Serialize;
use std::sync::LazyLock;

/// The module aircc compiled, as triage needs it.
pub struct TriageModule<'a> {
    /// The module's name as the log names it (the path given to aircc); a location matches it
    /// when the two are equal or end in the same file name.
    pub name: &'a str,
    pub text: &'a str,
    pub parse: &'a air_syntax::Parse,
    pub file: FileId,
    /// The device and aircc options check-bd runs with (those of the compile).
    pub check: CheckOptions,
}

impl<'a> TriageModule<'a> {
    pub fn new(name: &'a str, text: &'a str, parse: &'a air_syntax::Parse, file: FileId) -> TriageModule<'a> {
        TriageModule { name, text, parse, file, check: CheckOptions::default() }
    }

    pub fn with_check_options(mut self, check: CheckOptions) -> TriageModule<'a> {
        self.check = check;
        self
    }

    /// Whether a location's file is this module.
    pub fn is_named_by(&self, file: &str) -> bool {
        let base = |path: &'a str| path.rsplit(['/', '\\']).next().unwrap_or(path);
        let file_base = file.rsplit(['/', '\\']).next().unwrap_or(file);
        file == self.name || (!file_base.is_empty() && file_base == base(self.name))
    }
}

/// The slice of a merged module a finding belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Slice {
    pub prefix: String,
    /// The slice's name in the plan (its file stem).
    pub name: String,
    /// The slice's kernel function, `@name`.
    pub kernel: String,
    /// The line of its `// slice` comment.
    pub line: u32,
    /// How it was found: `position` (the line is in the slice's part of the body) or `prefix`
    /// (a name on the line, or named by the message, carries the slice's prefix).
    pub by: &'static str,
}

/// The check-bd finding of the same class as a compiler failure.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckBdFinding {
    pub code: &'static str,
    pub rule: &'static str,
    pub severity: &'static str,
    pub message: String,
    pub line: u32,
    pub column: u32,
}

static OP_ON_LINE: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(r#"^\s*(?:%[\w$.#:-]+(?:\s*,\s*%[\w$.#:-]+)*\s*=\s*)?"?(?P<op>[A-Za-z_][\w$]*\.[\w.$]+)"#).ok()
});

/// What triage knows of the module, computed once.
pub struct ModuleFacts<'a> {
    pub module: &'a TriageModule<'a>,
    lines: LineIndex,
    slices: Vec<(Slice, u32)>,
    check_bd: Vec<(CheckBdFinding, Option<usize>)>,
}

impl<'a> ModuleFacts<'a> {
    pub fn new(module: &'a TriageModule<'a>, run_check_bd: bool) -> ModuleFacts<'a> {
        let lines = LineIndex::new(module.text);
        let mut slices = Vec::new();
        for (at, comment) in air_syntax::slice_origin::all(module.text) {
            let line = lines.line_col(at, module.text).line;
            let slice = Slice {
                prefix: comment.prefix.to_string(),
                name: comment.name.to_string(),
                kernel: comment.kernel.to_string(),
                line,
                by: "position",
            };
            slices.push((slice, line));
        }
        let mut view = ModuleFacts { module, lines, slices, check_bd: Vec::new() };
        if run_check_bd {
            view.check_bd = view.run_check_bd();
        }
        view
    }

    fn run_check_bd(&self) -> Vec<(CheckBdFinding, Option<usize>)> {
        let report = air_checkbd::check(self.module.parse, self.module.file, &self.module.check);
        report
            .diagnostics
            .iter()
            .filter(|d| d.severity != Severity::Note)
            .filter_map(|d| {
                let rule = air_checkbd::rules::by_code(d.code)?;
                let at = d.primary.as_ref().map_or(0, |l| l.range.start);
                let pos = self.lines.line_col(at, self.module.text);
                let finding = CheckBdFinding {
                    code: rule.code,
                    rule: rule.name,
                    severity: d.severity.as_str(),
                    message: d.message.clone(),
                    line: pos.line,
                    column: pos.col,
                };
                let slice = self.slice_index_at(pos.line);
                Some((finding, slice))
            })
            .collect()
    }

    /// The text of 1-based `line`.
    pub fn line_text(&self, line: u32) -> Option<&'a str> {
        let index = (line as usize).checked_sub(1)?;
        if index >= self.lines.line_count() {
            return None;
        }
        let (start, end) = self.lines.line_range(index, self.module.text);
        self.module.text.get(start as usize..end as usize)
    }

    /// The op written on 1-based `line` (`air.channel.put`), if the line starts one.
    pub fn op_at(&self, line: u32) -> Option<String> {
        let text = self.line_text(line)?;
        let caps = OP_ON_LINE.as_ref()?.captures(text)?;
        Some(caps["op"].to_string())
    }

    /// The slice whose prefix a name in `text` carries (`%q_0`, `@q_seg`), longest prefix first.
    fn slice_index_by_prefix(&self, text: &str) -> Option<usize> {
        let mut best: Option<(usize, usize)> = None;
        for (index, (slice, _)) in self.slices.iter().enumerate() {
            let prefix = format!("{}_", slice.prefix);
            let named = text.match_indices(&prefix).any(|(at, _)| {
                let before = text[..at].chars().next_back();
                // At the start of a name: after a sigil, a quote, or a non-identifier character.
                !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
            });
            if named && best.is_none_or(|(_, len)| slice.prefix.len() > len) {
                best = Some((index, slice.prefix.len()));
            }
        }
        best.map(|(index, _)| index)
    }

    /// The slice whose part of the body holds 1-based `line`.
    fn slice_index_at(&self, line: u32) -> Option<usize> {
        if let Some(index) = self.line_text(line).and_then(|text| self.slice_index_by_prefix(text)) {
            return Some(index);
        }
        self.slices.iter().rposition(|(_, start)| *start < line)
    }

    /// The slice of 1-based `line`, and how it was found.
    pub fn slice_at(&self, line: u32) -> Option<Slice> {
        if let Some(index) = self.line_text(line).and_then(|text| self.slice_index_by_prefix(text)) {
            let mut slice = self.slices[index].0.clone();
            slice.by = "prefix";
            return Some(slice);
        }
        let index = self.slices.iter().rposition(|(_, start)| *start < line)?;
        Some(self.slices[index].0.clone())
    }

    /// The slice a name (a herd, a buffer) belongs to by its prefix.
    pub fn slice_of_name(&self, name: &str) -> Option<Slice> {
        let index = self.slice_index_by_prefix(name)?;
        let mut slice = self.slices[index].0.clone();
        slice.by = "prefix";
        Some(slice)
    }

    /// check-bd's finding among `rules`: the one on `line`, else one in `slice`, else the first
    /// (errors before warnings).
    pub fn check_bd_for(&self, rules: &[&str], line: Option<u32>, slice: Option<&Slice>) -> Option<CheckBdFinding> {
        let mut candidates: Vec<&(CheckBdFinding, Option<usize>)> =
            self.check_bd.iter().filter(|(f, _)| rules.contains(&f.code)).collect();
        candidates.sort_by_key(|(f, _)| f.severity != "error");
        let slice_index = slice.and_then(|s| self.slices.iter().position(|(x, _)| x.prefix == s.prefix));
        let on_line = line.and_then(|l| candidates.iter().find(|(f, _)| f.line == l));
        let in_slice = || slice_index.and_then(|i| candidates.iter().find(|(_, s)| *s == Some(i)));
        on_line.or_else(in_slice).or_else(|| candidates.first()).map(|(f, _)| f.clone())
    }
}
