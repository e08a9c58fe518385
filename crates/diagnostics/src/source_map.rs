//! The files diagnostics refer to: name, text and line index.

use crate::{FileId, LineIndex};
use std::sync::Arc;

/// One registered file.
#[derive(Clone, Debug)]
pub struct SourceMapFile {
    pub name: String,
    /// Shared with whoever parsed it, so registering a file costs no copy.
    pub text: Arc<String>,
    pub line_index: LineIndex,
}

/// All files of one run, indexed by [`FileId`].
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceMapFile>,
}

impl SourceMap {
    pub fn new() -> SourceMap {
        SourceMap::default()
    }

    /// Registers a file and returns its id. The text is what labels' byte ranges index into.
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<String>) -> FileId {
        self.add_shared(name, Arc::new(text.into()))
    }

    /// Registers a file whose text is shared (no copy).
    pub fn add_shared(&mut self, name: impl Into<String>, text: Arc<String>) -> FileId {
        let line_index = LineIndex::new(&text);
        self.files.push(SourceMapFile { name: name.into(), text, line_index });
        FileId(self.files.len() as u32 - 1)
    }

    pub fn get(&self, file: FileId) -> Option<&SourceMapFile> {
        self.files.get(file.0 as usize)
    }

    pub fn name(&self, file: FileId) -> &str {
        self.get(file).map(|f| f.name.as_str()).unwrap_or("<unknown>")
    }

    pub fn text(&self, file: FileId) -> &str {
        self.get(file).map(|f| f.text.as_str()).unwrap_or("")
    }
}
