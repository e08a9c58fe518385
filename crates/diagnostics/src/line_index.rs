//! Byte offset to line/column conversion, built once per file.

/// A 1-based line and column. Columns count Unicode scalar values, as rustc does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct LineCol {
    pub line: u32,
    pub col: u32,
}

/// Start offsets of every line of a text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineIndex {
    line_starts: Vec<u32>,
    len: u32,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let mut line_starts = vec![0u32];
        for (idx, byte) in text.bytes().enumerate() {
            if byte == b'\n' {
                line_starts.push(idx as u32 + 1);
            }
        }
        LineIndex { line_starts, len: text.len() as u32 }
    }

    /// 0-based line number containing `offset` (offsets past the end clamp to the last line).
    pub fn line_of(&self, offset: u32) -> usize {
        let offset = offset.min(self.len);
        match self.line_starts.binary_search(&offset) {
            Ok(line) => line,
            Err(next) => next - 1,
        }
    }

    /// The byte range of 0-based `line`, without its line terminator.
    pub fn line_range(&self, line: usize, text: &str) -> (u32, u32) {
        let start = self.line_starts.get(line).copied().unwrap_or(self.len);
        let mut end = self.line_starts.get(line + 1).map(|next| next - 1).unwrap_or(self.len);
        if end > start && text.as_bytes().get(end as usize - 1) == Some(&b'\r') {
            end -= 1;
        }
        (start, end)
    }

    /// 1-based line and column of `offset` in `text`.
    pub fn line_col(&self, offset: u32, text: &str) -> LineCol {
        let offset = offset.min(self.len);
        let line = self.line_of(offset);
        let start = self.line_starts[line];
        let col = text
            .get(start as usize..offset as usize)
            .map(|prefix| prefix.chars().count())
            .unwrap_or((offset - start) as usize);
        LineCol { line: line as u32 + 1, col: col as u32 + 1 }
    }

    /// Byte offset of a 1-based line and byte column (as MLIR prints them), if in range.
    pub fn offset_of(&self, line: u32, byte_col: u32) -> Option<u32> {
        let start = *self.line_starts.get(line.checked_sub(1)? as usize)?;
        let offset = start.checked_add(byte_col.checked_sub(1)?)?;
        (offset <= self.len).then_some(offset)
    }

    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_col_counts_from_one_and_handles_end_of_text() {
        let text = "ab\ncd\n";
        let index = LineIndex::new(text);
        assert_eq!(index.line_col(0, text), LineCol { line: 1, col: 1 });
        assert_eq!(index.line_col(4, text), LineCol { line: 2, col: 2 });
        assert_eq!(index.line_col(6, text), LineCol { line: 3, col: 1 });
        assert_eq!(index.line_col(99, text), LineCol { line: 3, col: 1 });
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let text = "é x";
        let index = LineIndex::new(text);
        assert_eq!(index.line_col(3, text), LineCol { line: 1, col: 3 });
    }

    #[test]
    fn offset_of_inverts_byte_columns() {
        let text = "ab\ncd\n";
        let index = LineIndex::new(text);
        assert_eq!(index.offset_of(2, 2), Some(4));
        assert_eq!(index.offset_of(9, 1), None);
    }
}
