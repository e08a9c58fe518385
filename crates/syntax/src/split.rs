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

/// The file with only section `index` (0-based) left in place: every byte of the other
/// sections and of the markers is blanked (a space, newlines kept), so a parse of it has the
/// file's offsets, lines and columns, and diagnostics point into the file as it is. `None` when
/// there is no such section.
pub fn section_in_place(text: &str, index: usize) -> Option<String> {
    let chunks = split_input_file(text);
    let chunk = chunks.get(index)?;
    let start = chunk.offset as usize;
    let end = start + chunk.text.len();
    // Byte for byte: a blanked `é` is two spaces, so every later offset stays the file's.
    let blank = |part: &str| part.bytes().map(|b| if b == b'\n' { '\n' } else { ' ' }).collect::<String>();
    let mut out = String::with_capacity(text.len());
    out.push_str(&blank(&text[..start]));
    out.push_str(chunk.text);
    out.push_str(&blank(&text[end..]));
    Some(out)
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

    #[test]
    fn a_section_in_place_keeps_the_file_offsets() {
        let text = "é\n// -----\nbé\n// -----\nc\n";
        assert_eq!(section_in_place(text, 1).as_deref(), Some("  \n        \nbé\n        \n \n"));
        assert_eq!(section_in_place(text, 1).map(|s| s.len()), Some(text.len()));
        assert_eq!(section_in_place(text, 3), None);
    }
}
