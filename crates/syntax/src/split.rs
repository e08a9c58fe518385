//! `--split-input-file`: MLIR cuts a buffer on every occurrence of the literal `// -----`
//! (llvm-project `mlir/lib/Support/ToolUtilities.cpp`), not only on a line of its own. Each
//! chunk is an independent parse unit; the markers belong to no chunk, so joining the chunks
//! with the marker gives the file back.

/// The split marker.
pub const SPLIT_MARKER: &str = "// -----";

/// One chunk of a split file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chunk<'a> {
    /// Byte offset of the chunk in the whole file.
    pub offset: u32,
    pub text: &'a str,
}

/// Splits `text` on [`SPLIT_MARKER`]; a text without markers is one chunk.
pub fn split_input_file(text: &str) -> Vec<Chunk<'_>> {
    let mut chunks = Vec::new();
    let mut offset = 0usize;
    for piece in text.split(SPLIT_MARKER) {
        chunks.push(Chunk { offset: offset as u32, text: piece });
        offset += piece.len() + SPLIT_MARKER.len();
    }
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_rejoin_to_the_file() {
        let text = "a\n// -----\nb // -----c\n";
        let chunks = split_input_file(text);
        assert_eq!(chunks.len(), 3);
        let joined: Vec<&str> = chunks.iter().map(|c| c.text).collect();
        assert_eq!(joined.join(SPLIT_MARKER), text);
        assert_eq!(&text[chunks[2].offset as usize..], chunks[2].text);
    }
}
