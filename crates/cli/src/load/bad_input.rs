//! A side input that does not read (the cache's config file, a group directory's listing), as
//! an error a command returns and `main` reports like any other diagnostic: the file's text is
//! registered, the place is file:line:col, and the run ends with exit status 2.

use air_diagnostics::{Diagnostic, SourceMap, TextRange};

/// An input that does not read, with where and why.
#[derive(Debug)]
pub struct BadInput {
    pub code: &'static str,
    /// The file as diagnostics name it, and its text.
    pub name: String,
    pub text: String,
    /// Bytes of `text` the problem is at.
    pub at: TextRange,
    pub message: String,
    pub help: String,
}

impl BadInput {
    /// At a byte range (a TOML error's span), or the file's start.
    pub fn at_span(code: &'static str, name: String, text: String, span: Option<std::ops::Range<usize>>) -> BadInput {
        let at = span.map_or(TextRange::empty(0), |s| TextRange::new(s.start as u32, s.end as u32));
        BadInput { code, name, text, at, message: String::new(), help: String::new() }
    }

    /// At a 1-based line and column (a JSON error's place).
    pub fn at_line(code: &'static str, name: String, text: String, line: usize, column: usize) -> BadInput {
        let index = air_diagnostics::LineIndex::new(&text);
        let offset = index.offset_of(line as u32, column.max(1) as u32).unwrap_or(text.len() as u32);
        BadInput { code, name, text, at: TextRange::empty(offset), message: String::new(), help: String::new() }
    }

    pub fn saying(mut self, message: impl Into<String>, help: impl Into<String>) -> BadInput {
        self.message = message.into();
        self.help = help.into();
        self
    }

    /// The diagnostic, with the file registered in `sources`.
    pub fn diagnostic(&self, sources: &mut SourceMap) -> Diagnostic {
        let file = sources.add(self.name.clone(), self.text.clone());
        Diagnostic::error(self.code, self.message.clone()).with_primary(file, self.at, "").with_help(self.help.clone())
    }
}

impl std::fmt::Display for BadInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.name, self.message)
    }
}

impl std::error::Error for BadInput {}
