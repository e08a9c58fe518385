//! Attribute dictionaries and the literal forms the tools read out of them.

use crate::kind::SyntaxKind::*;
use crate::tree::SyntaxNode;

/// `{key = value, ...}`
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttrDict<'a>(pub SyntaxNode<'a>);

impl<'a> AttrDict<'a> {
    /// Entries as (key without quotes, value node if not a unit attribute, entry node).
    pub fn entries(&self) -> Vec<(String, Option<SyntaxNode<'a>>, SyntaxNode<'a>)> {
        self.0
            .children_of(ATTR_ENTRY)
            .filter_map(|entry| {
                let key = entry.first_token()?;
                let key = if key.kind() == STRING { unquote_string(key.text()) } else { key.text().to_string() };
                Some((key, entry.child(ATTRIBUTE), entry))
            })
            .collect()
    }

    pub fn get(&self, key: &str) -> Option<SyntaxNode<'a>> {
        self.entries().into_iter().find(|(k, _, _)| k == key).and_then(|(_, value, _)| value)
    }

    pub fn contains(&self, key: &str) -> bool {
        self.entries().iter().any(|(k, _, _)| k == key)
    }

    pub fn entry(&self, key: &str) -> Option<SyntaxNode<'a>> {
        self.entries().into_iter().find(|(k, _, _)| k == key).map(|(_, _, entry)| entry)
    }
}

/// Escapes `text` as an MLIR string literal (with its quotes); [`unquote_string`] reads it back.
pub fn quote_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for byte in text.bytes() {
        match byte {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            0x20..=0x7e => out.push(byte as char),
            _ => out.push_str(&format!("\\{byte:02X}")),
        }
    }
    out.push('"');
    out
}

/// Decodes an MLIR string literal (with its quotes): `\"`, `\\`, `\n`, `\t`, `\XX`.
pub fn unquote_string(literal: &str) -> String {
    let inner = literal.strip_prefix('"').unwrap_or(literal);
    let inner = inner.strip_suffix('"').unwrap_or(inner);
    let bytes = inner.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(bytes.len());
    let mut idx = 0;
    while idx < bytes.len() {
        if bytes[idx] == b'\\' && idx + 1 < bytes.len() {
            match bytes[idx + 1] {
                b'n' => out.push(b'\n'),
                b't' => out.push(b'\t'),
                b'"' => out.push(b'"'),
                b'\\' => out.push(b'\\'),
                _ => {
                    let hex = inner.get(idx + 1..idx + 3).and_then(|h| u8::from_str_radix(h, 16).ok());
                    if let Some(byte) = hex {
                        out.push(byte);
                        idx += 3;
                        continue;
                    }
                    out.push(b'\\');
                    idx += 1;
                    continue;
                }
            }
            idx += 2;
        } else {
            out.push(bytes[idx]);
            idx += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Parses an integer literal as MLIR writes it: decimal or `0x` hex, optionally negative.
pub fn parse_int_literal(text: &str) -> Option<i64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest.trim_start()),
        None => (false, text),
    };
    // i128, so that `-9223372036854775808` (i64::MIN, MLIR's `ShapedType::kDynamic` in every
    // generic-form `static_*` array) is read: its magnitude alone does not fit an i64.
    let value: i128 = if let Some(hex) = digits.strip_prefix("0x") {
        i128::from(i64::from_str_radix(hex, 16).ok().or_else(|| u64::from_str_radix(hex, 16).ok().map(|v| v as i64))?)
    } else {
        digits.parse::<i128>().ok()?
    };
    i64::try_from(if negative { -value } else { value }).ok()
}

impl<'a> AttrDict<'a> {
    /// `key = 3 : i32` → 3.
    pub fn int(&self, key: &str) -> Option<i64> {
        self.get(key).and_then(attr_int)
    }

    /// `key = "text"` → text.
    pub fn string(&self, key: &str) -> Option<String> {
        self.get(key).and_then(attr_string)
    }
}

/// An integer attribute value: `3`, `-1 : i32`, `0x10 : i64`, `true`/`false` as 1/0.
pub fn attr_int(value: SyntaxNode<'_>) -> Option<i64> {
    let mut tokens = value.significant_tokens();
    let first = tokens.next()?;
    match first.kind() {
        MINUS => tokens.next().and_then(|t| parse_int_literal(t.text())).and_then(i64::checked_neg),
        INT => parse_int_literal(first.text()),
        BARE_ID if first.text() == "true" => Some(1),
        BARE_ID if first.text() == "false" => Some(0),
        _ => None,
    }
}

/// A string attribute value: `"text"` (with an optional `: type`).
pub fn attr_string(value: SyntaxNode<'_>) -> Option<String> {
    let first = value.significant_tokens().next()?;
    (first.kind() == STRING).then(|| unquote_string(first.text()))
}

/// An integer array value: `[1, 4]`, `[1 : i64, 2 : i64]`, `array<i64: 1, 4>`.
pub fn attr_int_array(value: SyntaxNode<'_>) -> Option<Vec<i64>> {
    let tokens: Vec<_> = value.significant_tokens().collect();
    let mut out = Vec::new();
    let mut idx = 0;
    // Skip `array<iN:` or `[`.
    while idx < tokens.len() && !matches!(tokens[idx].kind(), L_BRACK | COLON) {
        idx += 1;
    }
    idx += 1;
    let mut after_colon_type = false;
    while idx < tokens.len() {
        let token = tokens[idx];
        match token.kind() {
            INT if !after_colon_type => out.push(parse_int_literal(token.text())?),
            MINUS => {
                let next = tokens.get(idx + 1)?;
                out.push(-parse_int_literal(next.text())?);
                idx += 1;
            }
            COLON => after_colon_type = true,
            COMMA => after_colon_type = false,
            R_BRACK | R_ANGLE => break,
            _ => {}
        }
        idx += 1;
    }
    Some(out)
}

/// Reads an `array<i64: ...>` value (`array<i64>` is the empty array); `None` for any other
/// form.
pub fn dense_i64_array(value: SyntaxNode<'_>) -> Option<Vec<i64>> {
    let tokens: Vec<_> = value.significant_tokens().collect();
    let mut idx = 0;
    let mut next = || {
        let token = tokens.get(idx).copied();
        idx += 1;
        token
    };
    let (array, open, ty) = (next()?, next()?, next()?);
    if array.text() != "array" || open.kind() != L_ANGLE || ty.text() != "i64" {
        return None;
    }
    let mut out = Vec::new();
    match next()? {
        t if t.kind() == R_ANGLE => return next().is_none().then_some(out),
        t if t.kind() == COLON => {}
        _ => return None,
    }
    loop {
        let mut token = next()?;
        let negative = token.kind() == MINUS;
        if negative {
            token = next()?;
        }
        if token.kind() != INT {
            return None;
        }
        let magnitude = parse_int_literal(token.text())?;
        out.push(if negative { magnitude.checked_neg()? } else { magnitude });
        match next()? {
            t if t.kind() == COMMA => continue,
            t if t.kind() == R_ANGLE => return next().is_none().then_some(out),
            _ => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unquote_handles_all_escapes() {
        assert_eq!(unquote_string(r#""a\"b\\c\nd\te\41""#), "a\"b\\c\nd\teA");
    }

    #[test]
    fn quoted_strings_escape_specials_and_read_back() {
        assert_eq!(quote_string("a\"b\\c.mlir"), "\"a\\\"b\\\\c.mlir\"");
        assert_eq!(unquote_string(&quote_string("a\"b\\c\nd\te\u{1}")), "a\"b\\c\nd\te\u{1}");
    }

    #[test]
    fn int_literals_in_all_forms() {
        assert_eq!(parse_int_literal("42"), Some(42));
        assert_eq!(parse_int_literal("0x10"), Some(16));
        assert_eq!(parse_int_literal("-3"), Some(-3));
        assert_eq!(parse_int_literal("x"), None);
    }
}
