//! The hand-written lexer: MLIR's lexical rules (llvm-project `mlir/lib/AsmParser/Lexer.cpp`),
//! as specified by the pest grammar in `mlir_tokens.pest`.
//!
//! Every input byte lands in exactly one token, so concatenating the tokens gives the input
//! back. Malformed input never stops the lexer: it yields a token (an `ERROR_TOKEN`, or a
//! `STRING` that runs to the end of the line) plus a diagnostic. The test suite checks this
//! lexer token-for-token against the pest grammar; this one exists because it is several
//! times faster (figures in `docs/performance.md`).

use crate::codes;
use crate::kind::SyntaxKind::{self, *};
use air_diagnostics::{Diagnostic, FileId, TextRange};

/// The token stream of one text, stored as two parallel arrays.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tokens {
    pub kinds: Vec<SyntaxKind>,
    /// Start offset of every token, plus a final entry equal to the text length.
    pub starts: Vec<u32>,
}

impl Tokens {
    pub fn len(&self) -> usize {
        self.kinds.len()
    }

    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    pub fn range(&self, idx: usize) -> TextRange {
        TextRange { start: self.starts[idx], end: self.starts[idx + 1] }
    }

    fn push(&mut self, kind: SyntaxKind, start: usize) {
        self.kinds.push(kind);
        self.starts.push(start as u32);
    }
}

/// Byte classes, one bit each, looked up in one table: the identifier loops are the lexer's
/// hottest, and a load beats a chain of range tests per byte.
const BARE_CONTINUE: u8 = 1;
const SUFFIX_CONTINUE: u8 = 2;
const SUFFIX_START: u8 = 4;
const SPACE: u8 = 8;

const CLASSES: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut byte = 0usize;
    while byte < 256 {
        let b = byte as u8;
        let alpha = b.is_ascii_alphabetic();
        let digit = b.is_ascii_digit();
        let mut class = 0;
        if alpha || digit || matches!(b, b'_' | b'$' | b'.') {
            class |= BARE_CONTINUE;
        }
        if alpha || digit || matches!(b, b'$' | b'.' | b'_' | b'-') {
            class |= SUFFIX_CONTINUE;
        }
        if alpha || matches!(b, b'$' | b'.' | b'_' | b'-') {
            class |= SUFFIX_START;
        }
        if matches!(b, b' ' | b'\t' | b'\n' | b'\r') {
            class |= SPACE;
        }
        table[byte] = class;
        byte += 1;
    }
    table
};

fn is_suffix_start(byte: u8) -> bool {
    CLASSES[byte as usize] & SUFFIX_START != 0
}

fn is_suffix_continue(byte: u8) -> bool {
    CLASSES[byte as usize] & SUFFIX_CONTINUE != 0
}

fn is_bare_continue(byte: u8) -> bool {
    CLASSES[byte as usize] & BARE_CONTINUE != 0
}

fn is_space(byte: u8) -> bool {
    CLASSES[byte as usize] & SPACE != 0
}

struct Lexer<'a> {
    bytes: &'a [u8],
    pos: usize,
    tokens: Tokens,
    errors: Vec<Diagnostic>,
}

/// Splits `text` into tokens. Never fails; problems come back as diagnostics (file id 0).
pub fn lex(text: &str) -> (Tokens, Vec<Diagnostic>) {
    let mut lexer = Lexer {
        bytes: text.as_bytes(),
        pos: 0,
        tokens: Tokens { kinds: Vec::with_capacity(text.len() / 3), starts: Vec::with_capacity(text.len() / 3 + 1) },
        errors: Vec::new(),
    };
    while lexer.pos < lexer.bytes.len() {
        lexer.next_token();
    }
    lexer.tokens.starts.push(text.len() as u32);
    (lexer.tokens, lexer.errors)
}

impl Lexer<'_> {
    /// Advances past the longest run of bytes satisfying `accept` (a slice scan: the hot
    /// loops of the lexer, without a bounds check per byte).
    fn skip_while(&mut self, accept: impl Fn(u8) -> bool) {
        let rest = &self.bytes[self.pos..];
        self.pos += rest.iter().position(|&b| !accept(b)).unwrap_or(rest.len());
    }

    fn peek(&self, ahead: usize) -> u8 {
        self.bytes.get(self.pos + ahead).copied().unwrap_or(0)
    }

    fn error(&mut self, start: usize, end: usize, code: &'static str, message: String, help: &str) {
        let mut diagnostic =
            Diagnostic::error(code, message).with_primary(FileId(0), TextRange::new(start as u32, end as u32), "");
        if !help.is_empty() {
            diagnostic = diagnostic.with_help(help);
        }
        self.errors.push(diagnostic);
    }

    /// Consumes one UTF-8 character as an error token.
    fn error_char(&mut self, start: usize) {
        let width = utf8_width(self.bytes[start]);
        let end = (start + width).min(self.bytes.len());
        self.pos = end;
        self.tokens.push(ERROR_TOKEN, start);
        let shown = std::str::from_utf8(&self.bytes[start..end]).unwrap_or("?").escape_debug().to_string();
        self.error(
            start,
            end,
            codes::UNKNOWN_CHARACTER,
            format!("unexpected character `{shown}`"),
            "MLIR text allows this character only inside strings and comments",
        );
    }

    fn next_token(&mut self) {
        let start = self.pos;
        let byte = self.bytes[start];
        match byte {
            b' ' | b'\t' | b'\n' | b'\r' => {
                self.skip_while(is_space);
                self.tokens.push(WHITESPACE, start);
            }
            b'/' if self.peek(1) == b'/' => {
                // MLIR's `skipComment` ends a comment at a line feed or a carriage return.
                self.skip_while(|b| !matches!(b, b'\n' | b'\r'));
                self.tokens.push(COMMENT, start);
            }
            b'%' | b'#' | b'!' | b'^' => {
                if byte == b'#' && self.peek(1) == b'-' && self.peek(2) == b'}' {
                    self.pos += 3;
                    self.tokens.push(FILE_META_END, start);
                    return;
                }
                self.pos += 1;
                if !self.suffix_id() {
                    self.pos = start;
                    self.error_char(start);
                    let sigil = byte as char;
                    if let Some(last) = self.errors.last_mut() {
                        last.message = format!("`{sigil}` must be followed by an identifier or a number");
                        last.help =
                            Some(format!("write e.g. `{sigil}name` or `{sigil}0` with no space after `{sigil}`"));
                    }
                    return;
                }
                let kind = match byte {
                    b'%' => PERCENT_ID,
                    b'#' => HASH_ID,
                    b'!' => BANG_ID,
                    _ => CARET_ID,
                };
                self.tokens.push(kind, start);
            }
            b'@' => {
                self.pos += 1;
                if self.peek(0) == b'"' {
                    self.string_body();
                    self.tokens.push(AT_ID, start);
                } else if self.peek(0).is_ascii_alphabetic() || self.peek(0) == b'_' {
                    self.skip_while(is_bare_continue);
                    self.tokens.push(AT_ID, start);
                } else {
                    self.pos = start;
                    self.error_char(start);
                    if let Some(last) = self.errors.last_mut() {
                        last.message = "`@` must be followed by a symbol name".to_string();
                        last.help = Some("symbol names start with a letter or `_`, or are quoted: `@\"name\"`".into());
                    }
                }
            }
            b'"' => {
                self.string_body();
                self.tokens.push(STRING, start);
            }
            b'0'..=b'9' => self.number(start),
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                self.pos += 1;
                self.skip_while(is_bare_continue);
                self.tokens.push(BARE_ID, start);
            }
            b'{' if self.peek(1) == b'-' && self.peek(2) == b'#' => {
                self.pos += 3;
                self.tokens.push(FILE_META_BEGIN, start);
            }
            b'-' if self.peek(1) == b'>' => {
                self.pos += 2;
                self.tokens.push(ARROW, start);
            }
            b'.' if self.peek(1) == b'.' && self.peek(2) == b'.' => {
                self.pos += 3;
                self.tokens.push(ELLIPSIS, start);
            }
            _ => {
                let kind = match byte {
                    b'(' => L_PAREN,
                    b')' => R_PAREN,
                    b'[' => L_BRACK,
                    b']' => R_BRACK,
                    b'{' => L_BRACE,
                    b'}' => R_BRACE,
                    b'<' => L_ANGLE,
                    b'>' => R_ANGLE,
                    b',' => COMMA,
                    b'=' => EQ,
                    b':' => COLON,
                    b'*' => STAR,
                    b'+' => PLUS,
                    b'-' => MINUS,
                    b'?' => QUESTION,
                    b'|' => PIPE,
                    _ => {
                        self.error_char(start);
                        return;
                    }
                };
                self.pos += 1;
                self.tokens.push(kind, start);
            }
        }
    }

    /// `[0-9]+ | [A-Za-z$._-][A-Za-z0-9$._-]*` after a sigil. Returns false if none follows.
    fn suffix_id(&mut self) -> bool {
        let first = self.peek(0);
        if first.is_ascii_digit() {
            self.skip_while(|b| b.is_ascii_digit());
            true
        } else if is_suffix_start(first) {
            self.skip_while(is_suffix_continue);
            true
        } else {
            false
        }
    }

    /// A string starting at the `"` at `self.pos`. Stops before a raw newline or at the end
    /// of input when unterminated, reporting it.
    fn string_body(&mut self) {
        let quote = self.pos;
        self.pos += 1;
        loop {
            match self.peek(0) {
                b'"' => {
                    self.pos += 1;
                    return;
                }
                // MLIR ends a string with an error at a line feed, vertical tab or form feed.
                b'\n' | 0x0B | 0x0C => break,
                0 if self.pos >= self.bytes.len() => break,
                b'\\' => {
                    let escape_start = self.pos;
                    let next = self.peek(1);
                    if matches!(next, b'"' | b'\\' | b'n' | b't') {
                        self.pos += 2;
                    } else if next.is_ascii_hexdigit() && self.peek(2).is_ascii_hexdigit() {
                        self.pos += 3;
                    } else {
                        // Only the backslash is in error; what follows lexes as string text.
                        self.pos += 1;
                        self.error(
                            escape_start,
                            self.pos,
                            codes::INVALID_ESCAPE,
                            "invalid escape sequence in string".to_string(),
                            "valid escapes are `\\\"`, `\\\\`, `\\n`, `\\t` and `\\XX` with two hex digits",
                        );
                    }
                }
                _ => self.pos += 1,
            }
        }
        self.error(
            quote,
            self.pos,
            codes::UNTERMINATED_STRING,
            "unterminated string literal".to_string(),
            "close the string with `\"` on the same line; write a newline inside a string as `\\n`",
        );
    }

    fn number(&mut self, start: usize) {
        if self.peek(0) == b'0' && self.peek(1) == b'x' && self.peek(2).is_ascii_hexdigit() {
            self.pos += 2;
            while self.peek(0).is_ascii_hexdigit() {
                self.pos += 1;
            }
            self.tokens.push(INT, start);
            return;
        }
        self.skip_while(|b| b.is_ascii_digit());
        if self.peek(0) != b'.' {
            self.tokens.push(INT, start);
            return;
        }
        self.pos += 1;
        self.skip_while(|b| b.is_ascii_digit());
        if matches!(self.peek(0), b'e' | b'E') {
            let sign = usize::from(matches!(self.peek(1), b'+' | b'-'));
            if self.peek(1 + sign).is_ascii_digit() {
                self.pos += 1 + sign;
                self.skip_while(|b| b.is_ascii_digit());
            }
        }
        self.tokens.push(FLOAT, start);
    }
}

/// Width of the UTF-8 sequence starting with `first` (1 for stray continuation bytes).
fn utf8_width(first: u8) -> usize {
    match first {
        0xF0..=0xF7 => 4,
        0xE0..=0xEF => 3,
        0xC0..=0xDF => 2,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_class_table_says_what_mlirs_character_classes_say() {
        for b in 0..=255u8 {
            let (alpha, digit) = (b.is_ascii_alphabetic(), b.is_ascii_digit());
            assert_eq!(is_bare_continue(b), alpha || digit || matches!(b, b'_' | b'$' | b'.'), "{b}");
            assert_eq!(is_suffix_continue(b), alpha || digit || matches!(b, b'$' | b'.' | b'_' | b'-'), "{b}");
            assert_eq!(is_suffix_start(b), alpha || matches!(b, b'$' | b'.' | b'_' | b'-'), "{b}");
            assert_eq!(is_space(b), matches!(b, b' ' | b'\t' | b'\n' | b'\r'), "{b}");
        }
    }
}
