//! Shared grammar pieces: top level, regions and blocks, attribute dictionaries and values,
//! types, `loc(...)`, value uses, balanced groups, and error recovery.

use super::Parser;
use crate::codes;
use crate::kind::SyntaxKind::{self, *};
use crate::views::UNDOTTED_OPS;
use air_diagnostics::TextRange;

/// Where a flat balanced run stops (at nesting depth 0).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Stop {
    /// At the start of the next op (or a `}` closing the region).
    Boundary,
    /// At `,` or `}`: the value of an attribute-dictionary entry.
    DictEntry,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum BraceKind {
    Region,
    Dict,
    Other,
}

pub(super) fn is_op_name(text: &str) -> bool {
    (text.contains('.') && !text.ends_with('.')) || UNDOTTED_OPS.contains(&text)
}

impl Parser<'_> {
    pub(super) fn source_file_items(&mut self) {
        loop {
            match self.current() {
                EOF => break,
                HASH_ID | BANG_ID if self.nth(1) == EQ => self.alias_def(),
                FILE_META_BEGIN => self.file_metadata(),
                R_BRACE | R_PAREN | R_BRACK => self.stray_closer(),
                _ => self.operation_or_recover(),
            }
        }
    }

    fn stray_closer(&mut self) {
        let range = self.current_range();
        let text = self.current_text().to_string();
        self.error_at(
            range,
            codes::UNBALANCED_CLOSER,
            format!("unmatched `{text}`"),
            "remove it, or add the opening delimiter it closes",
        );
        self.bump_as(ERROR);
    }

    /// `#name = attr` / `!name = type`.
    fn alias_def(&mut self) {
        self.start(ALIAS_DEF);
        let is_type = self.at(BANG_ID);
        self.bump();
        self.bump(); // `=`
        if is_type {
            self.type_();
        } else {
            self.start(ATTRIBUTE);
            self.balanced_run(Stop::Boundary);
            self.finish();
        }
        self.finish();
    }

    /// `{-# ... #-}`: kept as one flat node.
    fn file_metadata(&mut self) {
        self.start(FILE_METADATA);
        let open = self.current_range();
        self.bump();
        loop {
            match self.current() {
                FILE_META_END => {
                    self.bump();
                    break;
                }
                EOF => {
                    self.error_at(
                        open,
                        codes::UNCLOSED_DELIMITER,
                        "unclosed `{-#`",
                        "close the resource section with `#-}`",
                    );
                    break;
                }
                _ => self.bump(),
            }
        }
        self.finish();
    }

    /// At the start of the next op, at a block label, at `}` or at the end of input.
    pub(super) fn at_op_boundary(&self) -> bool {
        match self.current() {
            EOF | R_BRACE | FILE_META_BEGIN => return true,
            _ => {}
        }
        if !self.at_line_start() || matches!(self.prev_kind(), COMMA | EQ | COLON | ARROW) {
            return false;
        }
        match self.current() {
            CARET_ID => true,
            PERCENT_ID => self.looks_like_result_list(),
            BARE_ID | STRING => self.op_name_at(0),
            HASH_ID | BANG_ID => self.nth(1) == EQ,
            // `= dialect.op ...`: an op whose results are missing. It starts an op (and gets
            // its diagnostic there) wherever it stands, instead of continuing the op above.
            EQ => self.op_name_at(1),
            _ => false,
        }
    }

    /// Significant token `n` from here is an op name: `dialect.op` not followed by `=`, or
    /// `"dialect.op"(`.
    fn op_name_at(&self, n: usize) -> bool {
        match self.nth(n) {
            BARE_ID => is_op_name(self.nth_text(n)) && self.nth(n + 1) != EQ,
            STRING => self.nth(n + 1) == L_PAREN,
            _ => false,
        }
    }

    /// The current token starts an op in a way no attribute entry can: results `%r = ` or
    /// a dotted op name followed by something other than `=`, `,` or `}`.
    fn starts_an_op_plainly(&self) -> bool {
        match self.current() {
            PERCENT_ID => self.looks_like_result_list(),
            BARE_ID => is_op_name(self.current_text()) && !matches!(self.nth(1), EQ | COMMA | R_BRACE | COLON),
            _ => false,
        }
    }

    /// `%a [: N] (, %b [: N])* =` from here.
    pub(super) fn looks_like_result_list(&self) -> bool {
        let mut n = 0;
        while n < 256 {
            if self.nth(n) != PERCENT_ID {
                return false;
            }
            n += 1;
            if self.nth(n) == COLON && self.nth(n + 1) == INT {
                n += 2;
            }
            match self.nth(n) {
                EQ => return true,
                COMMA => n += 1,
                _ => return false,
            }
        }
        false
    }

    pub(super) fn operation_or_recover(&mut self) {
        match self.current() {
            PERCENT_ID | BARE_ID | STRING => self.operation(),
            EQ if self.op_name_at(1) => {
                let range = self.current_range();
                self.error_at(
                    range,
                    codes::EXPECTED,
                    "expected the op's results before `=`",
                    "name the results (`%r = dialect.op ...`), or remove the `=` if the op has none",
                );
                self.recover_until_boundary();
            }
            _ => {
                self.expected(
                    "an operation",
                    "an operation starts with its results (`%r = `) or its name (`dialect.op`)",
                );
                self.recover_until_boundary();
            }
        }
    }

    /// Consumes at least one token (whole balanced groups) up to the next op boundary.
    pub(super) fn recover_until_boundary(&mut self) {
        self.start(ERROR);
        let mut consumed = false;
        loop {
            if self.at(EOF) || (consumed && self.at_op_boundary()) || (self.at(R_BRACE) && consumed) {
                break;
            }
            if self.at(R_BRACE) {
                // A `}` here closes the enclosing region; the caller handles it.
                break;
            }
            match self.current() {
                L_PAREN | L_BRACK | L_BRACE => self.skip_balanced_flat(),
                _ => self.bump(),
            }
            consumed = true;
        }
        self.finish();
    }

    /// Consumes one balanced `(..)`/`[..]`/`{..}` group flat, without nodes. Already inside
    /// error recovery, so the only diagnostic is for an opener still unclosed at the end of
    /// the input (otherwise `{{{` would only say "expected an operation").
    pub(super) fn skip_balanced_flat(&mut self) {
        let mut open: Vec<(SyntaxKind, TextRange)> = Vec::new();
        loop {
            let kind = self.current();
            if kind == EOF {
                if let Some(&(closer, range)) = open.first() {
                    let opener = match closer {
                        R_PAREN => "(",
                        R_BRACK => "[",
                        _ => "{",
                    };
                    let closer_text = match closer {
                        R_PAREN => ")",
                        R_BRACK => "]",
                        _ => "}",
                    };
                    self.error_at(
                        range,
                        codes::UNCLOSED_DELIMITER,
                        format!("unclosed `{opener}`: the input ends before its `{closer_text}`"),
                        &format!("add the missing `{closer_text}`"),
                    );
                }
                break;
            }
            if matches!(kind, L_PAREN | L_BRACK | L_BRACE) {
                open.push((kind.closer().unwrap_or(R_PAREN), self.current_range()));
            } else if matches!(kind, R_PAREN | R_BRACK | R_BRACE) && open.last().map(|o| o.0) == Some(kind) {
                open.pop();
            }
            self.bump();
            if open.is_empty() {
                break;
            }
        }
    }

    // ---- regions and blocks ----

    pub(super) fn region(&mut self) {
        if !self.enter() {
            self.skip_balanced_as_error();
            return;
        }
        self.start(REGION);
        let open = self.current_range();
        self.bump(); // `{`
        loop {
            match self.current() {
                R_BRACE => {
                    self.bump();
                    break;
                }
                EOF => {
                    self.error_at(
                        open,
                        codes::UNCLOSED_DELIMITER,
                        "unclosed `{` of this region",
                        "add the missing `}`",
                    );
                    break;
                }
                _ => self.block(),
            }
        }
        self.finish();
        self.leave();
    }

    fn block(&mut self) {
        self.start(BLOCK);
        if self.at(CARET_ID) {
            self.block_label();
        }
        loop {
            match self.current() {
                R_BRACE | EOF | CARET_ID => break,
                R_PAREN | R_BRACK => self.stray_closer(),
                _ => self.operation_or_recover(),
            }
        }
        self.finish();
    }

    /// `^bb0(%a: T loc(..), ...):`
    fn block_label(&mut self) {
        self.start(BLOCK_LABEL);
        self.bump();
        if self.at(L_PAREN) {
            self.bump();
            loop {
                match self.current() {
                    R_PAREN => {
                        self.bump();
                        break;
                    }
                    PERCENT_ID => {
                        self.start(BLOCK_ARG);
                        self.bump();
                        if self.expect(COLON, "`:` and the argument's type") {
                            self.type_();
                        }
                        if self.at_keyword("loc") {
                            self.loc();
                        }
                        self.finish();
                    }
                    COMMA => self.bump(),
                    _ => {
                        self.expected("a block argument `%name: type` or `)`", "");
                        if matches!(self.current(), R_BRACE | EOF) {
                            break;
                        }
                        self.bump_as(ERROR);
                    }
                }
            }
        }
        self.expect(COLON, "`:` after the block label");
        self.finish();
    }

    // ---- groups in op bodies ----

    /// What the `{` at the current position opens: a region, an attribute dictionary, or
    /// (for custom syntax such as `ops{["scf.for"]}`) neither.
    pub(super) fn brace_kind(&self) -> BraceKind {
        if self.prev_kind() == BARE_ID && self.pos > 0 {
            let prev = self.sig[self.pos - 1] as usize;
            let range = self.tokens.range(prev);
            if &self.text[range.start as usize..range.end as usize] == "attributes" {
                return BraceKind::Dict;
            }
        }
        let newline_after = self.line_start.get(self.pos + 1).copied().unwrap_or(true);
        match self.nth(1) {
            CARET_ID | PERCENT_ID => BraceKind::Region,
            // No dictionary entry starts with `=`: a region whose first op lost its results.
            EQ => BraceKind::Region,
            R_BRACE if newline_after => BraceKind::Region,
            R_BRACE => BraceKind::Dict,
            STRING if self.nth(2) == L_PAREN => BraceKind::Region,
            STRING => BraceKind::Dict,
            BARE_ID => match self.nth(2) {
                EQ | COMMA => BraceKind::Dict,
                R_BRACE => {
                    let name = self.nth_text(1);
                    if newline_after
                        || name.ends_with("yield")
                        || name.ends_with("terminator")
                        || name.ends_with("return")
                    {
                        BraceKind::Region
                    } else {
                        BraceKind::Dict
                    }
                }
                _ => BraceKind::Region,
            },
            _ => BraceKind::Other,
        }
    }

    /// A balanced `(...)`, `[...]` or (inside one of those) `{...}` group of an op body:
    /// values inside are uses, and a brace inside is a dictionary or another group, never a
    /// region. Custom syntax puts regions after its operand lists, not inside them, and an op
    /// this parser does not know may use braces for anything there (`aie.objectfifo
    /// @f(%tile, {%consumer}, 1 : i32)`).
    pub(super) fn group(&mut self) {
        if !self.enter() {
            self.skip_balanced_as_error();
            return;
        }
        let closer = match self.current() {
            L_PAREN => R_PAREN,
            L_BRACE => R_BRACE,
            _ => R_BRACK,
        };
        self.start(GROUP);
        let open = self.current_range();
        let open_text = self.current_text().to_string();
        self.bump();
        loop {
            let kind = self.current();
            if kind == closer {
                self.bump();
                break;
            }
            match kind {
                EOF | R_BRACE | R_PAREN | R_BRACK => {
                    self.error_at(
                        open,
                        codes::UNCLOSED_DELIMITER,
                        format!("unclosed `{open_text}`"),
                        &format!("add the missing `{}`", closer_text(Some(closer))),
                    );
                    break;
                }
                BARE_ID if self.at_line_start() && is_op_name(self.current_text()) && self.nth(1) != EQ => {
                    // The next op starts: this group was never closed.
                    self.error_at(
                        open,
                        codes::UNCLOSED_DELIMITER,
                        format!("unclosed `{open_text}`"),
                        &format!("add the missing `{}`", closer_text(Some(closer))),
                    );
                    break;
                }
                L_BRACE if self.brace_kind() == BraceKind::Region => self.group(),
                _ => self.body_item(),
            }
        }
        self.finish();
        self.leave();
    }

    /// One item of an op body or a group: a group, region, dictionary, angle run, value use,
    /// `loc(...)`, or a plain token.
    pub(super) fn body_item(&mut self) {
        match self.current() {
            L_PAREN | L_BRACK => self.group(),
            L_BRACE => match self.brace_kind() {
                BraceKind::Region => self.region(),
                BraceKind::Dict => self.attr_dict(),
                BraceKind::Other => {
                    self.start(GROUP);
                    self.balanced_run_from_opener();
                    self.finish();
                }
            },
            L_ANGLE => {
                self.start(GROUP);
                self.balanced_run_from_opener();
                self.finish();
            }
            PERCENT_ID => self.value_use(),
            BARE_ID if self.current_text() == "loc" && self.nth(1) == L_PAREN => self.loc(),
            _ => self.bump(),
        }
    }

    /// `%x` or `%x#N`.
    pub(super) fn value_use(&mut self) {
        self.start(VALUE_USE);
        self.bump();
        if self.at(HASH_ID) && self.glued_to_prev() && self.current_text()[1..].bytes().all(|b| b.is_ascii_digit()) {
            self.bump();
        }
        self.finish();
    }

    // ---- attributes ----

    /// `{key = value, unit_key, "quoted" = value}`
    pub(super) fn attr_dict(&mut self) {
        self.start(ATTR_DICT);
        let open = self.current_range();
        self.bump();
        loop {
            // The end of input, or a new line that plainly starts an op: the `}` is missing
            // (typically a string left unterminated on the line above swallowed it).
            if self.at(EOF) || (self.at_line_start() && self.starts_an_op_plainly()) {
                self.error_at(
                    open,
                    codes::UNCLOSED_DELIMITER,
                    "unclosed `{` of this attribute dictionary",
                    "add the missing `}`",
                );
                break;
            }
            match self.current() {
                R_BRACE => {
                    self.bump();
                    break;
                }
                COMMA => self.bump(),
                BARE_ID | STRING => {
                    self.start(ATTR_ENTRY);
                    self.bump();
                    if self.eat(EQ) {
                        self.start(ATTRIBUTE);
                        self.balanced_run(Stop::DictEntry);
                        self.finish();
                    }
                    self.finish();
                    if !matches!(self.current(), COMMA | R_BRACE | EOF) {
                        self.expected("`,` or `}` in the attribute dictionary", "");
                        self.start(ERROR);
                        self.balanced_run(Stop::DictEntry);
                        self.finish();
                    }
                }
                _ => {
                    self.expected("an attribute name", "attribute names are identifiers or strings: `{name = value}`");
                    self.start(ERROR);
                    self.bump();
                    self.balanced_run(Stop::DictEntry);
                    self.finish();
                }
            }
        }
        self.finish();
    }

    /// `attributes {...}`
    pub(super) fn attributes_clause(&mut self) {
        self.start(ATTRIBUTES_CLAUSE);
        self.bump();
        if self.at(L_BRACE) {
            self.attr_dict();
        } else {
            self.expected("`{` after `attributes`", "");
        }
        self.finish();
    }

    /// `loc(...)`
    pub(super) fn loc(&mut self) {
        self.start(LOC);
        self.bump(); // `loc`
        self.balanced_run_from_opener();
        self.finish();
    }

    // ---- types ----

    /// One type: `index`, `memref<...>`, `!dialect.type<...>`, `(T, T) -> T`.
    pub(super) fn type_(&mut self) {
        self.start(TYPE);
        match self.current() {
            L_PAREN => {
                if !self.enter() {
                    self.skip_balanced_as_error();
                    self.finish();
                    return;
                }
                self.bump();
                while !matches!(self.current(), R_PAREN | EOF | R_BRACE) {
                    self.type_();
                    if !self.eat(COMMA) {
                        break;
                    }
                }
                self.expect(R_PAREN, "`)` closing the type list");
                if self.eat(ARROW) {
                    self.type_();
                }
                self.leave();
            }
            BANG_ID => {
                let adjacent = self.adjacent(0);
                self.bump();
                if self.at(L_ANGLE) && adjacent {
                    self.balanced_run_from_opener();
                }
            }
            BARE_ID => {
                self.bump();
                if self.at(L_ANGLE) {
                    self.balanced_run_from_opener();
                }
            }
            _ => self.expected("a type", ""),
        }
        self.finish();
    }

    /// `T (, T)*`; returns the `TYPE_LIST` node.
    pub(super) fn type_list(&mut self) -> u32 {
        let node = self.start(TYPE_LIST);
        loop {
            self.type_();
            if !self.eat(COMMA) {
                break;
            }
        }
        self.finish();
        node
    }

    /// Number of children of kind `kind` of the (finished) node `node`.
    pub(super) fn child_count(&self, node: u32, kind: SyntaxKind) -> usize {
        // Pre-order: children are the subtrees that follow `node` up to its subtree's end.
        let nodes = &self.builder.nodes;
        let end = nodes[node as usize].subtree_end;
        let mut count = 0;
        let mut child = node + 1;
        while child <= end {
            if nodes[child as usize].kind == kind {
                count += 1;
            }
            child = nodes[child as usize].subtree_end + 1;
        }
        count
    }

    // ---- flat balanced runs ----

    /// From an opening `(`, `[`, `{` or `<` through its matching closer, flat.
    pub(super) fn balanced_run_from_opener(&mut self) {
        let open = self.current_range();
        let open_kind = self.current();
        let open_text = self.current_text().to_string();
        let mut stack: Vec<SyntaxKind> = vec![open_kind.closer().unwrap_or(R_PAREN)];
        self.bump();
        self.balanced_body(&mut stack, None, open, &open_text);
    }

    /// A run of tokens up to `stop` at nesting depth 0, flat.
    pub(super) fn balanced_run(&mut self, stop: Stop) {
        let mut stack = Vec::new();
        let open = self.current_range();
        self.balanced_body(&mut stack, Some(stop), open, "");
    }

    fn balanced_body(
        &mut self,
        stack: &mut Vec<SyntaxKind>,
        stop: Option<Stop>,
        open: air_diagnostics::TextRange,
        open_text: &str,
    ) {
        loop {
            let kind = self.current();
            if stack.is_empty() {
                match stop {
                    None => return,
                    Some(Stop::DictEntry) if matches!(kind, COMMA | R_BRACE | R_PAREN | R_BRACK | R_ANGLE | EOF) => {
                        return
                    }
                    Some(Stop::Boundary) if self.at_op_boundary() || matches!(kind, R_PAREN | R_BRACK | R_ANGLE) => {
                        return
                    }
                    _ => {}
                }
            }
            let top = stack.last().copied();
            let in_parens = matches!(top, Some(R_PAREN) | Some(R_BRACK));
            match kind {
                EOF => {
                    if !open_text.is_empty() {
                        self.error_at(
                            open,
                            codes::UNCLOSED_DELIMITER,
                            format!("unclosed `{open_text}`"),
                            &format!("add the missing `{}`", closer_text(stack.first().copied())),
                        );
                    }
                    return;
                }
                // `<=` inside parentheses is a comparison (affine sets), not an opener.
                L_ANGLE if in_parens && self.nth(1) == EQ && self.adjacent(0) => self.bump(),
                L_PAREN | L_BRACK | L_BRACE | L_ANGLE => {
                    stack.push(kind.closer().unwrap_or(R_PAREN));
                    self.bump();
                }
                // `>` / `>=` inside parentheses is a comparison.
                R_ANGLE if in_parens => self.bump(),
                R_ANGLE | R_PAREN | R_BRACK | R_BRACE => {
                    if top == Some(kind) {
                        stack.pop();
                        self.bump();
                        if stack.is_empty() && stop.is_none() {
                            return;
                        }
                    } else if !open_text.is_empty() && stack.len() == 1 {
                        // The closer of an outer construct: our opener was never closed.
                        self.error_at(
                            open,
                            codes::UNCLOSED_DELIMITER,
                            format!("unclosed `{open_text}`"),
                            &format!("add the missing `{}`", closer_text(stack.first().copied())),
                        );
                        return;
                    } else {
                        let range = self.current_range();
                        let text = self.current_text().to_string();
                        self.error_at(
                            range,
                            codes::UNBALANCED_CLOSER,
                            format!("mismatched `{text}`: it does not close the innermost open bracket"),
                            &format!(
                                "the innermost open bracket needs `{}` first; remove this `{text}` or add the missing closer",
                                closer_text(top)
                            ),
                        );
                        self.bump();
                    }
                }
                _ => {
                    if !open_text.is_empty() && self.at_line_start() && self.at_op_boundary() && kind != R_BRACE {
                        self.error_at(
                            open,
                            codes::UNCLOSED_DELIMITER,
                            format!("unclosed `{open_text}`"),
                            &format!("add the missing `{}`", closer_text(stack.first().copied())),
                        );
                        return;
                    }
                    self.bump();
                }
            }
        }
    }
}

/// The text of a closing delimiter kind (for help messages).
fn closer_text(kind: Option<SyntaxKind>) -> &'static str {
    match kind {
        Some(R_PAREN) => ")",
        Some(R_BRACK) => "]",
        Some(R_BRACE) => "}",
        Some(R_ANGLE) => ">",
        _ => "closing delimiter",
    }
}
