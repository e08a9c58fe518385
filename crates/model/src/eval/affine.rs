//! `affine_map<(d0, d1)[s0] -> (expr, ...)>`: parsing and evaluation over linear values.
//!
//! Grammar (MLIR's affine expression syntax, `mlir/lib/AsmParser/AffineParser.cpp`):
//! `+`, `-`, `*`, `floordiv`, `ceildiv`, `mod`, parentheses, unary minus, integers, and the
//! dimension / symbol names declared in the map. `*` needs one constant side to stay linear;
//! `floordiv`, `ceildiv` and `mod` are evaluated only on constants.

use super::lin::{ceil_div, floor_div, floor_mod, Lin};

/// A parsed affine map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AffineMap {
    pub dims: Vec<String>,
    pub syms: Vec<String>,
    pub results: Vec<Expr>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    Int(i64),
    Dim(usize),
    Sym(usize),
    Neg(Box<Expr>),
    Bin(Box<Expr>, BinOp, Box<Expr>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    FloorDiv,
    CeilDiv,
    Mod,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Int(i64),
    Ident(String),
    Punct(char),
    Arrow,
}

fn tokenize(text: &str) -> Option<Vec<Tok>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut idx = 0;
    while idx < bytes.len() {
        let ch = bytes[idx];
        if ch.is_ascii_whitespace() {
            idx += 1;
        } else if ch.is_ascii_digit() {
            let start = idx;
            while idx < bytes.len() && bytes[idx].is_ascii_digit() {
                idx += 1;
            }
            out.push(Tok::Int(text[start..idx].parse().ok()?));
        } else if ch.is_ascii_alphabetic() || ch == b'_' {
            let start = idx;
            while idx < bytes.len() && (bytes[idx].is_ascii_alphanumeric() || bytes[idx] == b'_') {
                idx += 1;
            }
            out.push(Tok::Ident(text[start..idx].to_string()));
        } else if ch == b'-' && bytes.get(idx + 1) == Some(&b'>') {
            out.push(Tok::Arrow);
            idx += 2;
        } else {
            out.push(Tok::Punct(ch as char));
            idx += 1;
        }
    }
    Some(out)
}

struct Parser<'t> {
    toks: &'t [Tok],
    pos: usize,
    dims: Vec<String>,
    syms: Vec<String>,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos)
    }

    fn eat_punct(&mut self, ch: char) -> bool {
        if self.peek() == Some(&Tok::Punct(ch)) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn ident_list(&mut self, close: char) -> Option<Vec<String>> {
        let mut names = Vec::new();
        if self.eat_punct(close) {
            return Some(names);
        }
        loop {
            match self.toks.get(self.pos)? {
                Tok::Ident(name) => names.push(name.clone()),
                _ => return None,
            }
            self.pos += 1;
            if self.eat_punct(close) {
                return Some(names);
            }
            if !self.eat_punct(',') {
                return None;
            }
        }
    }

    fn expr(&mut self) -> Option<Expr> {
        let mut lhs = self.term()?;
        loop {
            let op = match self.peek() {
                Some(Tok::Punct('+')) => BinOp::Add,
                Some(Tok::Punct('-')) => BinOp::Sub,
                _ => return Some(lhs),
            };
            self.pos += 1;
            let rhs = self.term()?;
            lhs = Expr::Bin(Box::new(lhs), op, Box::new(rhs));
        }
    }

    fn term(&mut self) -> Option<Expr> {
        let mut lhs = self.factor()?;
        loop {
            let op = match self.peek() {
                Some(Tok::Punct('*')) => BinOp::Mul,
                Some(Tok::Ident(word)) if word == "floordiv" => BinOp::FloorDiv,
                Some(Tok::Ident(word)) if word == "ceildiv" => BinOp::CeilDiv,
                Some(Tok::Ident(word)) if word == "mod" => BinOp::Mod,
                _ => return Some(lhs),
            };
            self.pos += 1;
            let rhs = self.factor()?;
            lhs = Expr::Bin(Box::new(lhs), op, Box::new(rhs));
        }
    }

    fn factor(&mut self) -> Option<Expr> {
        match self.toks.get(self.pos)?.clone() {
            Tok::Punct('-') => {
                self.pos += 1;
                Some(Expr::Neg(Box::new(self.factor()?)))
            }
            Tok::Punct('(') => {
                self.pos += 1;
                let inner = self.expr()?;
                self.eat_punct(')').then_some(inner)
            }
            Tok::Int(value) => {
                self.pos += 1;
                Some(Expr::Int(value))
            }
            Tok::Ident(name) => {
                self.pos += 1;
                if let Some(idx) = self.dims.iter().position(|d| *d == name) {
                    Some(Expr::Dim(idx))
                } else {
                    self.syms.iter().position(|s| *s == name).map(Expr::Sym)
                }
            }
            _ => None,
        }
    }
}

/// Parses `affine_map<...>` text (or just the `(...)[...] -> (...)` body).
pub fn parse_affine_map(text: &str) -> Option<AffineMap> {
    let body = text.trim();
    let body = body.strip_prefix("affine_map").map(str::trim_start).unwrap_or(body);
    let body = match body.strip_prefix('<') {
        Some(rest) => rest.trim_end().strip_suffix('>')?,
        None => body,
    };
    let toks = tokenize(body)?;
    let mut parser = Parser { toks: &toks, pos: 0, dims: Vec::new(), syms: Vec::new() };
    if !parser.eat_punct('(') {
        return None;
    }
    parser.dims = parser.ident_list(')')?;
    if parser.eat_punct('[') {
        parser.syms = parser.ident_list(']')?;
    }
    if parser.peek() != Some(&Tok::Arrow) {
        return None;
    }
    parser.pos += 1;
    if !parser.eat_punct('(') {
        return None;
    }
    let mut results = Vec::new();
    if !parser.eat_punct(')') {
        loop {
            results.push(parser.expr()?);
            if parser.eat_punct(')') {
                break;
            }
            if !parser.eat_punct(',') {
                return None;
            }
        }
    }
    (parser.pos == toks.len()).then_some(AffineMap { dims: parser.dims, syms: parser.syms, results })
}

/// Evaluates one expression; `None` when an operand is unknown or the result is not linear.
pub fn eval_expr(expr: &Expr, dims: &[Option<Lin>], syms: &[Option<Lin>]) -> Option<Lin> {
    match expr {
        Expr::Int(value) => Some(Lin::constant(*value)),
        Expr::Dim(idx) => dims.get(*idx)?.clone(),
        Expr::Sym(idx) => syms.get(*idx)?.clone(),
        Expr::Neg(inner) => eval_expr(inner, dims, syms)?.checked_scale(-1),
        Expr::Bin(lhs, op, rhs) => {
            let a = eval_expr(lhs, dims, syms)?;
            let b = eval_expr(rhs, dims, syms)?;
            match op {
                BinOp::Add => a.checked_add(&b),
                BinOp::Sub => a.checked_sub(&b),
                BinOp::Mul => a.checked_mul(&b),
                BinOp::FloorDiv => Some(Lin::constant(floor_div(a.as_const()?, b.as_const()?)?)),
                BinOp::CeilDiv => Some(Lin::constant(ceil_div(a.as_const()?, b.as_const()?)?)),
                BinOp::Mod => Some(Lin::constant(floor_mod(a.as_const()?, b.as_const()?)?)),
            }
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_evaluates_maps_with_dims_and_symbols() {
        let map = parse_affine_map("affine_map<(d0)[s0, s1] -> (d0 * 64 + s0 - (s1 floordiv 2), 3)>").unwrap();
        assert_eq!(map.dims, vec!["d0"]);
        assert_eq!(map.syms, vec!["s0", "s1"]);
        let out = eval_expr(&map.results[0], &[Some(Lin::var(7))], &[Some(Lin::constant(5)), Some(Lin::constant(9))])
            .unwrap();
        assert_eq!(out, Lin { constant: 1, terms: vec![(7, 64)] });
        assert_eq!(eval_expr(&map.results[1], &[None], &[None, None]), Some(Lin::constant(3)));
    }

    #[test]
    fn non_linear_and_malformed_maps_are_rejected() {
        let map = parse_affine_map("affine_map<(d0, d1) -> (d0 * d1, d0 mod 4)>").unwrap();
        assert_eq!(eval_expr(&map.results[0], &[Some(Lin::var(1)), Some(Lin::var(2))], &[]), None);
        assert_eq!(eval_expr(&map.results[1], &[Some(Lin::constant(10)), None], &[]), Some(Lin::constant(2)));
        assert!(parse_affine_map("affine_map<(d0) -> (d9)>").is_none());
        assert!(parse_affine_map("affine_map<(d0) (d0)>").is_none());
    }
}
