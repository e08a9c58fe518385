//! The upstream MLIR-AIR corpus as a pinned input: the repository's manifest
//! (`testdata/corpus/mlir-air.tsv`: the mlir-air commit, then one row per file the tests use),
//! how each row is derived from the file's own lit `RUN:` lines, and where the files are found.
//!
//! Lookup order ([`locate`]): `$AIR_STITCH_CORPUS` (a folder holding the files at their
//! upstream paths), else `$MLIR_AIR_SRC` (an mlir-air checkout), else `shared/corpus/mlir-air`
//! beside the repository (`../shared`, or beside a folder above it), else, only when
//! `AIR_STITCH_FETCH=1`, `tools/fetch-corpus.sh` (a shallow sparse git checkout at the pinned
//! commit, for machines with network). Whatever is found must be the pinned files: every row's
//! git blob id is checked before a test reads one.

use std::fmt;
use std::path::{Path, PathBuf};

/// The manifest, relative to the repository root.
pub const MANIFEST_PATH: &str = "testdata/corpus/mlir-air.tsv";

/// The column header of the manifest's rows.
const HEADER: &str = "path\tbytes\tgit_blob\tsplit\texpect";

/// The manifest: which upstream commit, and which of its files with what expectation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Manifest {
    /// The upstream repository's address (`#repository` line).
    pub repository: String,
    /// The pinned commit, 40 hex digits (`#commit` line).
    pub commit: String,
    /// Sorted by path.
    pub entries: Vec<Entry>,
}

/// One upstream file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Relative to the mlir-air repository root, `/`-separated.
    pub path: String,
    pub bytes: u64,
    /// The git blob id of the file at the pinned commit (`git ls-tree` prints the same).
    pub git_blob: String,
    /// A `RUN:` line passes `--split-input-file`: upstream checks each `// -----` chunk alone.
    pub split: bool,
    /// Why the upstream test expects the file to fail, sorted; empty for a valid file.
    pub invalid: Vec<Reason>,
}

impl Entry {
    pub fn is_valid(&self) -> bool {
        self.invalid.is_empty()
    }

    /// The manifest's `expect` column: `valid`, or `invalid:` and the reasons.
    pub fn expect(&self) -> String {
        if self.invalid.is_empty() {
            return "valid".to_string();
        }
        let reasons: Vec<&str> = self.invalid.iter().map(|r| r.as_str()).collect();
        format!("invalid:{}", reasons.join(","))
    }
}

/// Why an upstream test expects its input to fail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Reason {
    /// A `RUN:` command starts with `not`: the tool must exit non-zero.
    Not,
    /// A `RUN:` line passes `--verify-diagnostics` and the file expects an error
    /// (`expected-error`); warnings and remarks alone leave the file valid.
    ExpectedError,
    /// An `XFAIL:` line: the test is expected to fail.
    Xfail,
    /// `@NAME@` placeholders: a template, not MLIR until a script substitutes them.
    Template,
}

impl Reason {
    const ALL: [Reason; 4] = [Reason::Not, Reason::ExpectedError, Reason::Xfail, Reason::Template];

    pub fn as_str(self) -> &'static str {
        match self {
            Reason::Not => "not",
            Reason::ExpectedError => "expected-error",
            Reason::Xfail => "xfail",
            Reason::Template => "template",
        }
    }

    fn parse(text: &str) -> Option<Reason> {
        Reason::ALL.into_iter().find(|r| r.as_str() == text)
    }
}

/// A malformed manifest line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ManifestError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for ManifestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{MANIFEST_PATH}:{}: {}", self.line, self.message)
    }
}

/// Reads the manifest text: `#repository` and `#commit` lines, the column header, one row per
/// file (tab-separated, sorted by path).
pub fn parse_manifest(text: &str) -> Result<Manifest, ManifestError> {
    let (mut repository, mut commit) = (None, None);
    let mut entries: Vec<Entry> = Vec::new();
    let mut header_seen = false;
    for (index, line) in text.lines().enumerate() {
        let err = |message: String| ManifestError { line: index + 1, message };
        let cols: Vec<&str> = line.split('\t').collect();
        match cols.as_slice() {
            ["#repository", value] => repository = Some(value.to_string()),
            ["#commit", value] if value.len() == 40 && value.bytes().all(|b| b.is_ascii_hexdigit()) => {
                commit = Some(value.to_string())
            }
            ["#commit", value] => return Err(err(format!("`{value}` is not a 40-digit commit id"))),
            _ if line == HEADER => header_seen = true,
            _ if !header_seen => return Err(err(format!("expected the header `{HEADER}` before the rows"))),
            [path, bytes, blob, split, expect] => {
                let bytes = bytes.parse().map_err(|_| err(format!("bytes `{bytes}` is not a number")))?;
                let split = match *split {
                    "yes" => true,
                    "no" => false,
                    other => return Err(err(format!("split is `yes` or `no`, not `{other}`"))),
                };
                let invalid = parse_expect(expect).ok_or_else(|| {
                    err(format!("expect is `valid` or `invalid:` with reasons from not, expected-error, xfail, template; not `{expect}`"))
                })?;
                if entries.last().is_some_and(|last| last.path.as_str() >= *path) {
                    return Err(err(format!("`{path}` is out of order or repeated (rows are sorted by path)")));
                }
                entries.push(Entry { path: path.to_string(), bytes, git_blob: blob.to_string(), split, invalid });
            }
            _ => return Err(err(format!("expected 5 tab-separated columns, found {}", cols.len()))),
        }
    }
    let missing = |what: &str| ManifestError { line: 1, message: format!("no `{what}` line") };
    Ok(Manifest {
        repository: repository.ok_or_else(|| missing("#repository"))?,
        commit: commit.ok_or_else(|| missing("#commit"))?,
        entries,
    })
}

fn parse_expect(text: &str) -> Option<Vec<Reason>> {
    if text == "valid" {
        return Some(Vec::new());
    }
    let reasons: Option<Vec<Reason>> = text.strip_prefix("invalid:")?.split(',').map(Reason::parse).collect();
    reasons.filter(|r| !r.is_empty() && r.windows(2).all(|w| w[0] < w[1]))
}

/// The manifest as text, as [`parse_manifest`] reads it.
pub fn render_manifest(manifest: &Manifest) -> String {
    let mut out = format!("#repository\t{}\n#commit\t{}\n{HEADER}\n", manifest.repository, manifest.commit);
    for e in &manifest.entries {
        let split = if e.split { "yes" } else { "no" };
        out.push_str(&format!("{}\t{}\t{}\t{split}\t{}\n", e.path, e.bytes, e.git_blob, e.expect()));
    }
    out
}

/// The manifest row of one upstream file, from its text: the split flag and the reasons it is
/// invalid come from its lit lines (`RUN:`, `XFAIL:`) as upstream's test runs it.
pub fn derive_entry(path: &str, bytes: &[u8]) -> Entry {
    let text = String::from_utf8_lossy(bytes);
    let runs = run_lines(&text);
    let split = runs.iter().any(|run| has_flag(run, "split-input-file"));
    let mut invalid = Vec::new();
    if runs.iter().any(|run| commands(run).any(|words| words.first() == Some(&"not"))) {
        invalid.push(Reason::Not);
    }
    if runs.iter().any(|run| has_flag(run, "verify-diagnostics")) && text.contains("expected-error") {
        invalid.push(Reason::ExpectedError);
    }
    if text.lines().any(|line| lit_directive(line, "XFAIL:").is_some()) {
        invalid.push(Reason::Xfail);
    }
    if has_template_placeholder(&text) {
        invalid.push(Reason::Template);
    }
    Entry { path: path.to_string(), bytes: bytes.len() as u64, git_blob: git_blob_id(bytes), split, invalid }
}

/// The text after `// DIRECTIVE` on a comment line.
fn lit_directive<'a>(line: &'a str, directive: &str) -> Option<&'a str> {
    line.trim_start().strip_prefix("//")?.trim_start().strip_prefix(directive)
}

/// The file's `RUN:` commands, a line ending in `\` joined with the next `RUN:` line.
fn run_lines(text: &str) -> Vec<String> {
    let mut runs = Vec::new();
    let mut pending: Option<String> = None;
    for line in text.lines() {
        let Some(rest) = lit_directive(line, "RUN:") else { continue };
        let rest = rest.trim_end();
        let joined = match pending.take() {
            Some(mut before) => {
                before.push(' ');
                before.push_str(rest);
                before
            }
            None => rest.to_string(),
        };
        match joined.strip_suffix('\\') {
            Some(open) => pending = Some(open.to_string()),
            None => runs.push(joined),
        }
    }
    runs.extend(pending);
    runs
}

/// The words of each command of a `RUN:` line (split on `|`, `&&`, `||` and `;`).
fn commands(run: &str) -> impl Iterator<Item = Vec<&str>> {
    run.split(['|', '&', ';']).map(|command| command.split_whitespace().collect::<Vec<_>>())
}

/// Whether a `RUN:` line passes `-NAME` or `--NAME` (optionally `=value`).
fn has_flag(run: &str, name: &str) -> bool {
    run.split_whitespace().any(|word| {
        let Some(flag) = word.strip_prefix("--").or_else(|| word.strip_prefix('-')) else { return false };
        flag.strip_prefix(name).is_some_and(|rest| rest.is_empty() || rest.starts_with('='))
    })
}

/// `@NAME@` with NAME in capitals, digits and `_`: a substitution slot of a template.
fn has_template_placeholder(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.iter().enumerate().filter(|(_, b)| **b == b'@').any(|(at, _)| {
        let name: Vec<u8> = bytes[at + 1..]
            .iter()
            .copied()
            .take_while(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || *b == b'_')
            .collect();
        name.first().is_some_and(u8::is_ascii_uppercase) && bytes.get(at + 1 + name.len()) == Some(&b'@')
    })
}

/// The id git gives a file's content: SHA-1 of `blob <length>\0` and the bytes.
pub fn git_blob_id(bytes: &[u8]) -> String {
    let mut hasher = sha1_smol::Sha1::new();
    hasher.update(format!("blob {}\0", bytes.len()).as_bytes());
    hasher.update(bytes);
    hasher.digest().to_string()
}

/// Where a corpus folder came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// `$AIR_STITCH_CORPUS`.
    CorpusVar,
    /// `$MLIR_AIR_SRC`.
    SourceVar,
    /// `shared/corpus/mlir-air` beside the repository.
    Shared,
    /// `tools/fetch-corpus.sh` (`AIR_STITCH_FETCH=1`).
    Fetched,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Origin::CorpusVar => "$AIR_STITCH_CORPUS",
            Origin::SourceVar => "$MLIR_AIR_SRC",
            Origin::Shared => "the shared folder beside the repository",
            Origin::Fetched => "tools/fetch-corpus.sh",
        })
    }
}

/// What the lookup found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lookup {
    Found(PathBuf, Origin),
    /// Nothing found, and `AIR_STITCH_FETCH=1` asks to fetch it.
    Fetch,
    Missing,
}

/// The lookup, given the environment (`var`) and the repository root. A variable that is set
/// but names no folder is an error, not a fall-through: the user asked for that folder.
pub fn locate(var: impl Fn(&str) -> Option<String>, root: &Path) -> Result<Lookup, String> {
    for (name, origin) in [("AIR_STITCH_CORPUS", Origin::CorpusVar), ("MLIR_AIR_SRC", Origin::SourceVar)] {
        if let Some(value) = var(name).filter(|v| !v.is_empty()) {
            let dir = PathBuf::from(&value);
            if !dir.is_dir() {
                return Err(format!("{name}={value} is not a folder"));
            }
            return Ok(Lookup::Found(dir, origin));
        }
    }
    if let Some(dir) = root.ancestors().skip(1).map(|a| a.join("shared/corpus/mlir-air")).find(|d| d.is_dir()) {
        return Ok(Lookup::Found(dir, Origin::Shared));
    }
    Ok(if var("AIR_STITCH_FETCH").as_deref() == Some("1") { Lookup::Fetch } else { Lookup::Missing })
}

/// The message for a corpus that was not found, naming every way to give it.
pub fn missing_message(manifest: &Manifest) -> String {
    format!(
        "the mlir-air corpus was not found. The tests read {} files of {} at commit {} (listed in {MANIFEST_PATH}); give them one way:\n  \
         AIR_STITCH_CORPUS=DIR      a folder holding those files at their upstream paths\n  \
         MLIR_AIR_SRC=DIR           an mlir-air checkout at that commit\n  \
         ../shared/corpus/mlir-air  the corpus folder beside the repository\n  \
         AIR_STITCH_FETCH=1         fetch them with git into a cache folder (needs network; tools/fetch-corpus.sh)\n\
         See testdata/corpus/README.md.",
        manifest.entries.len(),
        manifest.repository,
        manifest.commit
    )
}

/// Checks that `dir` holds the manifest's files as pinned: `read` gives a file's bytes (or
/// `None` when it is missing). The error lists the first differences.
pub fn check_files(
    manifest: &Manifest,
    dir: &Path,
    origin: Origin,
    read: impl Fn(&Path) -> Option<Vec<u8>>,
) -> Result<(), String> {
    let mut problems = Vec::new();
    for entry in &manifest.entries {
        match read(&dir.join(&entry.path)) {
            None => problems.push(format!("{}: missing", entry.path)),
            Some(bytes) => {
                let blob = git_blob_id(&bytes);
                if blob != entry.git_blob {
                    problems.push(format!("{}: git blob {blob}, pinned {}", entry.path, entry.git_blob));
                }
            }
        }
    }
    if problems.is_empty() {
        return Ok(());
    }
    let shown = 10;
    let more = problems.len().saturating_sub(shown);
    problems.truncate(shown);
    let tail = if more > 0 { format!("\n  ... and {more} more") } else { String::new() };
    Err(format!(
        "the mlir-air corpus at {} (from {origin}) is not the pinned one ({} at {}, {MANIFEST_PATH}): {} of {} files are missing or differ:\n  {}{tail}\n\
         Check out the pinned commit there, or point AIR_STITCH_CORPUS or MLIR_AIR_SRC at a copy of it (testdata/corpus/README.md).",
        dir.display(),
        manifest.repository,
        manifest.commit,
        problems.len() + more,
        manifest.entries.len(),
        problems.join("\n  ")
    ))
}

#[cfg(test)]
mod tests;
