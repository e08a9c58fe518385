//! Turning a position another tool reported (MLIR through melior, AIR's `air-opt`) into a
//! range worth underlining in the user's text: an op's first byte becomes its name, any other
//! position the token there. Both tools locate an op at its first byte (its results).

use crate::Input;
use air_diagnostics::TextRange;
use air_syntax::views::Op;
use air_syntax::{SyntaxKind, TokenId};
use std::collections::BTreeMap;

/// Widens positions of one chunk (whole-file offsets in, whole-file ranges out).
pub(crate) struct Locator<'i, 'a> {
    input: &'i Input<'a>,
    /// Op start (chunk offset) → the op name's range (chunk offsets).
    op_names: BTreeMap<u32, TextRange>,
}

impl<'i, 'a> Locator<'i, 'a> {
    pub(crate) fn new(input: &'i Input<'a>) -> Locator<'i, 'a> {
        let op_names = input
            .parse
            .tree
            .nodes()
            .filter(|n| n.kind() == SyntaxKind::OPERATION)
            .filter_map(|n| Some((n.text_range().start, Op(n).name_node()?.text_range())))
            .collect();
        Locator { input, op_names }
    }

    /// Does this chunk hold the whole-file offset? (The last chunk also holds the end.)
    pub(crate) fn holds(&self, offset: u32) -> bool {
        let start = self.input.offset;
        let end = start + self.input.parse.tree.text().len() as u32;
        start <= offset && offset <= end
    }

    /// An empty range becomes the token there; an op's start becomes its name.
    pub(crate) fn widen(&self, range: TextRange) -> TextRange {
        if !range.is_empty() {
            return range;
        }
        let tree = &self.input.parse.tree;
        let Some(local) = range.start.checked_sub(self.input.offset) else { return range };
        if let Some(name) = self.op_names.get(&local) {
            return name.shift(self.input.offset);
        }
        let count = tree.token_count() as u32;
        let (mut low, mut high) = (0u32, count);
        while low < high {
            let mid = (low + high) / 2;
            if tree.token(TokenId(mid)).text_range().end <= local {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        if low < count {
            let token = tree.token(TokenId(low));
            if !token.kind().is_trivia() && token.text_range().contains(local) {
                return token.text_range().shift(self.input.offset);
            }
        }
        range
    }
}

/// A tool's message on one line, without control characters (a tool's output must not drive
/// the terminal; LLVM's stack dump ends entries with NUL); ` ...` marks dropped lines.
pub(crate) fn one_line(text: &str) -> String {
    let first = text.lines().next().unwrap_or("").trim_end();
    let mut out: String =
        first.chars().filter(|c| *c != '\0').map(|c| if c.is_control() { '\u{FFFD}' } else { c }).collect();
    if text.lines().nth(1).is_some() {
        out.push_str(" ...");
    }
    out
}

/// [`one_line`] of at most 160 characters, for notes (MLIR's "see current operation: ..."
/// prints a whole op, with its regions).
pub(crate) fn short(text: &str) -> String {
    let line = one_line(text);
    if line.chars().count() > 160 {
        let cut: String = line.chars().take(160).collect();
        format!("{} ...", cut.trim_end())
    } else {
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use air_diagnostics::{FileId, LineIndex};

    #[test]
    fn an_op_start_widens_to_its_name_and_a_use_to_its_token() {
        let text = "func.func @f(%a: index) {\n  %0 = arith.addi %a, %a : index\n  return\n}\n";
        let parse = air_syntax::parse(text);
        let lines = LineIndex::new(text);
        let input = Input { name: "k.mlir", file: FileId(0), text, lines: &lines, offset: 0, parse: &parse };
        let locator = Locator::new(&input);
        let op = text.find("%0").unwrap() as u32;
        let name = locator.widen(TextRange::empty(op));
        assert_eq!(&text[name.start as usize..name.end as usize], "arith.addi");
        let operand = text.find("%a,").unwrap() as u32 + 1;
        let token = locator.widen(TextRange::empty(operand));
        assert_eq!(&text[token.start as usize..token.end as usize], "%a");
        assert!(locator.holds(text.len() as u32));
    }

    #[test]
    fn short_keeps_one_line() {
        assert_eq!(short("see current operation: %0 = x\n  more"), "see current operation: %0 = x ...");
        assert_eq!(short("plain"), "plain");
        assert_eq!(one_line(&"x".repeat(200)).len(), 200);
        assert_eq!(short("nul\0 and \x1b[31m"), "nul and \u{FFFD}[31m");
    }
}
