//! The corpus as mutagen sees it: files with their `MANIFEST.tsv` flags, cut into the chunks
//! `--split-input-file` would process. Reading the files is the caller's job (the CLI, or a
//! test); everything here works on texts.

use air_diagnostics::LineIndex;
use std::collections::BTreeMap;

/// One corpus file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceFile {
    /// Path relative to the corpus directory, `/`-separated.
    pub relpath: String,
    pub text: String,
    /// Cut on `// -----` (MANIFEST `split_markers = yes`).
    pub split: bool,
    /// MANIFEST `expect_invalid`: `no` for a file meant to be valid, else why it is not
    /// (`yes:verify-diagnostics`, `yes:run-not`, ...).
    pub expect_invalid: String,
}

impl SourceFile {
    pub fn is_valid(&self) -> bool {
        self.expect_invalid == "no"
    }

    /// The file's chunks, in order.
    pub fn chunks(&self) -> Vec<Chunk<'_>> {
        if !self.split {
            return vec![Chunk { relpath: &self.relpath, index: 0, offset: 0, text: &self.text }];
        }
        air_syntax::split_input_file(&self.text)
            .into_iter()
            .enumerate()
            .map(|(index, chunk)| Chunk { relpath: &self.relpath, index, offset: chunk.offset, text: chunk.text })
            .collect()
    }
}

/// One chunk of a corpus file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chunk<'a> {
    pub relpath: &'a str,
    /// 0-based position in the file.
    pub index: usize,
    /// Byte offset in the file.
    pub offset: u32,
    pub text: &'a str,
}

impl Chunk<'_> {
    /// `relpath#index`, as mutant headers name their origin.
    pub fn name(&self) -> String {
        format!("{}#{}", self.relpath, self.index)
    }
}

/// The flags of one `MANIFEST.tsv` row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ManifestEntry {
    pub split: bool,
    pub expect_invalid: String,
}

/// Parses `MANIFEST.tsv` (columns: relpath, bytes, has_air_ops, split_markers,
/// expect_invalid; a header line first). Rows with fewer columns are ignored.
pub fn parse_manifest(text: &str) -> BTreeMap<String, ManifestEntry> {
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let cols: Vec<&str> = line.split('\t').collect();
            (cols.len() >= 5).then(|| {
                (cols[0].to_string(), ManifestEntry { split: cols[3] == "yes", expect_invalid: cols[4].to_string() })
            })
        })
        .collect()
}

/// A file the manifest does not list: valid, split when it has a marker.
pub fn unlisted_entry(text: &str) -> ManifestEntry {
    ManifestEntry { split: text.contains(air_syntax::SPLIT_MARKER), expect_invalid: "no".to_string() }
}

/// 1-based `line:col` of byte `offset` of `text`.
pub fn line_col(lines: &LineIndex, text: &str, offset: u32) -> (u32, u32) {
    let lc = lines.line_col(offset, text);
    (lc.line, lc.col)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifest_rows_and_chunks() {
        let manifest = parse_manifest("relpath\tbytes\thas_air_ops\tsplit_markers\texpect_invalid\na.mlir\t10\tyes\tyes\tno\nb.mlir\t3\tno\tno\tyes:run-not\nshort\n");
        assert_eq!(manifest.len(), 2);
        assert_eq!(manifest["b.mlir"], ManifestEntry { split: false, expect_invalid: "yes:run-not".into() });
        let file = SourceFile {
            relpath: "a.mlir".into(),
            text: "x\n// -----\ny\n".into(),
            split: true,
            expect_invalid: "no".into(),
        };
        let chunks = file.chunks();
        assert_eq!(chunks.len(), 2);
        assert_eq!((chunks[1].index, chunks[1].offset, chunks[1].text), (1, 10, "\ny\n"));
        assert_eq!(chunks[1].name(), "a.mlir#1");
    }
}
