//! Attribute values read precisely enough to check AIR's ODS attribute constraints
//! (`StrAttr`, `I64Attr`, `I64ArrayAttr`, `DenseI32ArrayAttr`, `FlatSymbolRefAttr`, ...): the
//! literal forms MLIR's attribute parser knows, and `Other` for everything else (dialect
//! attributes, `dense<...>`, maps, types), which no constraint here accepts as an integer,
//! string or array.

use air_syntax::views::{parse_int_literal, unquote_string};
use air_syntax::{SyntaxKind, SyntaxNode, SyntaxToken};

/// An attribute value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AttrValue {
    /// An integer attribute: its value (`None` when it does not fit an i64) and integer
    /// type (`i64` when none is written; `i1` for `true`/`false`).
    Int { value: Option<i64>, ty: String },
    /// A float literal.
    Float,
    /// A string (`"x"`, with or without a `: type`).
    Str(String),
    /// `[a, b, ...]`.
    Array(Vec<AttrValue>),
    /// `array<iN: a, b>` with its element type.
    DenseArray { ty: String, values: Vec<Option<i64>> },
    /// `@a` (`nested` for `@a::@b`).
    SymbolRef { nested: bool },
    /// `unit`, a key written without a value.
    Unit,
    /// Anything else.
    Other,
}

impl AttrValue {
    /// Reads an `ATTRIBUTE` node (the value of a dictionary entry).
    pub fn read(value: SyntaxNode<'_>) -> AttrValue {
        let tokens: Vec<SyntaxToken<'_>> = value.significant_tokens().collect();
        let mut reader = Reader { tokens: &tokens, at: 0 };
        let parsed = reader.value();
        if reader.at == tokens.len() {
            parsed
        } else {
            AttrValue::Other
        }
    }

    /// A short description for messages: "a string", "an integer of type i32", ...
    pub fn describe(&self) -> String {
        match self {
            AttrValue::Int { ty, .. } => format!("an integer of type {ty}"),
            AttrValue::Float => "a float".to_string(),
            AttrValue::Str(_) => "a string".to_string(),
            AttrValue::Array(_) => "an array".to_string(),
            AttrValue::DenseArray { ty, .. } => format!("a dense array of {ty}"),
            AttrValue::SymbolRef { .. } => "a symbol reference".to_string(),
            AttrValue::Unit => "a unit attribute".to_string(),
            AttrValue::Other => "another kind of attribute".to_string(),
        }
    }

    /// `I64Attr`: an integer attribute of type i64.
    pub fn is_i64(&self) -> bool {
        matches!(self, AttrValue::Int { ty, .. } if ty == "i64")
    }

    /// `I64ArrayAttr`: an array of i64 integer attributes.
    pub fn is_i64_array(&self) -> bool {
        matches!(self, AttrValue::Array(items) if items.iter().all(AttrValue::is_i64))
    }

    /// The integer value, for any integer attribute.
    pub fn int(&self) -> Option<i64> {
        match self {
            AttrValue::Int { value, .. } => *value,
            _ => None,
        }
    }
}

struct Reader<'t, 'a> {
    tokens: &'t [SyntaxToken<'a>],
    at: usize,
}

impl<'a> Reader<'_, 'a> {
    fn peek(&self) -> Option<(SyntaxKind, &'a str)> {
        self.tokens.get(self.at).map(|t| (t.kind(), t.text()))
    }

    fn eat(&mut self, kind: SyntaxKind) -> bool {
        if self.peek().is_some_and(|(k, _)| k == kind) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    /// An optional `: type` suffix; the type's text when it is one bare word (`i32`).
    fn type_suffix(&mut self) -> Option<Option<String>> {
        if !self.eat(SyntaxKind::COLON) {
            return None;
        }
        let word = self.peek().filter(|(k, _)| *k == SyntaxKind::BARE_ID).map(|(_, t)| t.to_string());
        self.skip_type();
        Some(word)
    }

    /// Skips one type: a word with an optional balanced `<...>`.
    fn skip_type(&mut self) {
        if self.peek().is_some() {
            self.at += 1;
        }
        if self.peek().is_some_and(|(k, _)| k == SyntaxKind::L_ANGLE) {
            self.skip_balanced();
        }
    }

    fn skip_balanced(&mut self) {
        let mut depth = 0usize;
        while let Some((kind, _)) = self.peek() {
            self.at += 1;
            match kind {
                SyntaxKind::L_ANGLE | SyntaxKind::L_PAREN | SyntaxKind::L_BRACK | SyntaxKind::L_BRACE => depth += 1,
                SyntaxKind::R_ANGLE | SyntaxKind::R_PAREN | SyntaxKind::R_BRACK | SyntaxKind::R_BRACE => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return;
                    }
                }
                _ if depth == 0 => return,
                _ => {}
            }
        }
    }

    fn value(&mut self) -> AttrValue {
        let Some((kind, text)) = self.peek() else { return AttrValue::Other };
        match kind {
            SyntaxKind::INT | SyntaxKind::MINUS => self.number(),
            SyntaxKind::FLOAT => {
                self.at += 1;
                let _ = self.type_suffix();
                AttrValue::Float
            }
            SyntaxKind::STRING => {
                let string = unquote_string(text);
                self.at += 1;
                let _ = self.type_suffix();
                AttrValue::Str(string)
            }
            SyntaxKind::BARE_ID if text == "true" || text == "false" => {
                self.at += 1;
                AttrValue::Int { value: Some(i64::from(text == "true")), ty: "i1".to_string() }
            }
            SyntaxKind::BARE_ID if text == "unit" => {
                self.at += 1;
                AttrValue::Unit
            }
            SyntaxKind::BARE_ID if text == "array" => self.dense_array(),
            SyntaxKind::AT_ID => {
                self.at += 1;
                let mut nested = false;
                // `@a::@b`: the lexer gives `::` as two colons.
                while self.tokens.get(self.at).is_some_and(|t| t.kind() == SyntaxKind::COLON)
                    && self.tokens.get(self.at + 1).is_some_and(|t| t.kind() == SyntaxKind::COLON)
                    && self.tokens.get(self.at + 2).is_some_and(|t| t.kind() == SyntaxKind::AT_ID)
                {
                    self.at += 3;
                    nested = true;
                }
                AttrValue::SymbolRef { nested }
            }
            SyntaxKind::L_BRACK => self.array(),
            _ => {
                self.at = self.tokens.len();
                AttrValue::Other
            }
        }
    }

    fn number(&mut self) -> AttrValue {
        let negative = self.eat(SyntaxKind::MINUS);
        let Some((kind, text)) = self.peek() else { return AttrValue::Other };
        self.at += 1;
        if kind == SyntaxKind::FLOAT {
            let _ = self.type_suffix();
            return AttrValue::Float;
        }
        if kind != SyntaxKind::INT {
            return AttrValue::Other;
        }
        let value = signed_literal(text, negative);
        match self.type_suffix() {
            None => AttrValue::Int { value, ty: "i64".to_string() },
            Some(Some(ty)) if ty == "index" || is_integer_type(&ty) => AttrValue::Int { value, ty },
            // `1.0`-less floats such as `1 : f32` are float attributes.
            Some(Some(ty)) if ty.starts_with('f') || ty == "bf16" => AttrValue::Float,
            Some(_) => AttrValue::Other,
        }
    }

    fn array(&mut self) -> AttrValue {
        self.at += 1; // `[`
        let mut items = Vec::new();
        if self.eat(SyntaxKind::R_BRACK) {
            return AttrValue::Array(items);
        }
        loop {
            items.push(self.value());
            if self.eat(SyntaxKind::COMMA) {
                continue;
            }
            if self.eat(SyntaxKind::R_BRACK) {
                return AttrValue::Array(items);
            }
            self.at = self.tokens.len();
            return AttrValue::Other;
        }
    }

    /// `array<i32: 1, 2>` or `array<i32>`.
    fn dense_array(&mut self) -> AttrValue {
        self.at += 1;
        if !self.eat(SyntaxKind::L_ANGLE) {
            return AttrValue::Other;
        }
        let Some((SyntaxKind::BARE_ID, ty)) = self.peek() else { return AttrValue::Other };
        let ty = ty.to_string();
        self.at += 1;
        let mut values = Vec::new();
        if self.eat(SyntaxKind::COLON) {
            loop {
                let negative = self.eat(SyntaxKind::MINUS);
                match self.peek() {
                    Some((SyntaxKind::INT, text)) => {
                        values.push(signed_literal(text, negative));
                        self.at += 1;
                    }
                    Some((SyntaxKind::BARE_ID, "true" | "false")) | Some((SyntaxKind::FLOAT, _)) => {
                        values.push(None);
                        self.at += 1;
                    }
                    _ => return AttrValue::Other,
                }
                if !self.eat(SyntaxKind::COMMA) {
                    break;
                }
            }
        }
        if !self.eat(SyntaxKind::R_ANGLE) {
            return AttrValue::Other;
        }
        AttrValue::DenseArray { ty, values }
    }
}

/// An integer literal after an optional `-` token, read as a whole: the magnitude of i64::MIN
/// (`-9223372036854775808`, `kDynamic` in generic-form `static_*` arrays) alone is no i64.
fn signed_literal(text: &str, negative: bool) -> Option<i64> {
    if negative {
        parse_int_literal(&format!("-{text}"))
    } else {
        parse_int_literal(text)
    }
}

/// `i32`, `si8`, `ui16`, ...
fn is_integer_type(ty: &str) -> bool {
    let digits = ty.strip_prefix("si").or_else(|| ty.strip_prefix("ui")).or_else(|| ty.strip_prefix('i'));
    digits.is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> AttrValue {
        let source = format!("\"x.y\"() {{k = {text}}} : () -> ()\n");
        let parse = air_syntax::parse(&source);
        let op = air_syntax::views::all_ops(parse.tree.root()).next();
        let value = op.and_then(|op| op.attr("k"));
        value.map(AttrValue::read).unwrap_or(AttrValue::Unit)
    }

    #[test]
    fn literal_forms() {
        assert_eq!(read("3"), AttrValue::Int { value: Some(3), ty: "i64".into() });
        assert_eq!(read("-3 : i32"), AttrValue::Int { value: Some(-3), ty: "i32".into() });
        assert_eq!(read("true"), AttrValue::Int { value: Some(1), ty: "i1".into() });
        assert_eq!(read("\"a\""), AttrValue::Str("a".into()));
        assert_eq!(read("1.5 : f32"), AttrValue::Float);
        assert!(read("[1, 2]").is_i64_array());
        assert!(!read("[1 : i32]").is_i64_array());
        assert_eq!(
            read("array<i32: 0, -1>"),
            AttrValue::DenseArray { ty: "i32".into(), values: vec![Some(0), Some(-1)] }
        );
        assert_eq!(read("array<i64>"), AttrValue::DenseArray { ty: "i64".into(), values: vec![] });
        assert_eq!(
            read("array<i64: -9223372036854775808, 4>"),
            AttrValue::DenseArray { ty: "i64".into(), values: vec![Some(i64::MIN), Some(4)] }
        );
        assert_eq!(read("-9223372036854775808"), AttrValue::Int { value: Some(i64::MIN), ty: "i64".into() });
        assert_eq!(read("9223372036854775808"), AttrValue::Int { value: None, ty: "i64".into() });
        assert_eq!(read("@a"), AttrValue::SymbolRef { nested: false });
        assert_eq!(read("@a::@b"), AttrValue::SymbolRef { nested: true });
        assert_eq!(read("dense<1> : tensor<2xi32>"), AttrValue::Other);
        assert_eq!(read("#air.thing"), AttrValue::Other);
    }
}
