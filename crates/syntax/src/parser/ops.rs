//! Operations: results, name, the generic form, and the fallback reading of custom syntax.

use super::Parser;
use crate::air_ops;
use crate::codes;
use crate::kind::SyntaxKind::*;

/// Extra structure the fallback custom-body reader recognises for a known op.
#[derive(Clone, Copy, Default)]
pub(super) struct BodyOpts {
    /// Keywords followed by `(%a = %b, ...)` whose left-hand sides are region arguments
    /// (`iter_args`, `shared_outs`).
    pub assign_keywords: &'static [&'static str],
    /// Keywords followed by `(%a, %b)` that define region arguments (`blocks`, `threads`).
    pub id_keywords: &'static [&'static str],
    /// Keywords followed by `(%a : T, ...)` that define region arguments (gpu.launch's
    /// `workgroup` and `private` attributions).
    pub typed_keywords: &'static [&'static str],
    /// `in (%s = %v, ...)` defines the left-hand sides (gpu.launch).
    pub sizes_after_in: bool,
    /// `(%a: T, ...)` directly before a region defines that region's arguments (linalg.map).
    pub typed_args_before_region: bool,
}

impl Parser<'_> {
    pub(super) fn operation(&mut self) {
        self.start(OPERATION);
        if self.at(PERCENT_ID) {
            self.results();
        }
        match self.current() {
            STRING => {
                self.bump_as(OP_NAME);
                self.generic_tail();
            }
            BARE_ID => {
                let name = self.current_text();
                self.bump_as(OP_NAME);
                self.custom_tail(name);
            }
            // Already reported by the lexer.
            ERROR_TOKEN => self.recover_until_boundary(),
            _ => {
                let range = self.current_range();
                let found = super::describe(self.current(), self.current_text());
                self.error_at(
                    range,
                    codes::MISSING_OP_NAME,
                    format!("expected an operation name, found {found}"),
                    "an operation needs a name such as `arith.constant`, or `\"dialect.op\"` in generic form",
                );
                if !self.at_op_boundary() || self.at(PERCENT_ID) {
                    self.recover_until_boundary();
                }
            }
        }
        self.finish();
    }

    /// `%a, %b:2 =`
    fn results(&mut self) {
        self.start(RESULT_LIST);
        loop {
            self.start(RESULT);
            self.bump();
            if self.at(COLON) && self.nth(1) == INT {
                self.bump();
                self.bump();
            }
            self.finish();
            if self.at(COMMA) && self.nth(1) == PERCENT_ID {
                self.bump();
                continue;
            }
            break;
        }
        self.expect(EQ, "`=` after the op's results");
        self.finish();
    }

    /// `"name"(operands) [successors] <{props}> (regions) {attrs} : type [loc]`
    fn generic_tail(&mut self) {
        if self.at(L_PAREN) {
            self.start(OPERAND_LIST);
            let open = self.current_range();
            self.bump();
            loop {
                match self.current() {
                    R_PAREN => {
                        self.bump();
                        break;
                    }
                    PERCENT_ID => self.value_use(),
                    COMMA => self.bump(),
                    EOF | R_BRACE => {
                        self.error_at(
                            open,
                            codes::UNCLOSED_DELIMITER,
                            "unclosed `(` of the operand list",
                            "add the missing `)`",
                        );
                        break;
                    }
                    _ => {
                        self.expected("an operand `%value` or `)`", "");
                        self.bump_as(ERROR);
                    }
                }
            }
            self.finish();
        } else {
            self.expected("`(` and the operand list of a generic-form op", "write `\"dialect.op\"(%a, %b)`");
        }
        if self.at(L_BRACK) {
            self.start(SUCCESSOR_LIST);
            self.group();
            self.finish();
        }
        if self.at(L_ANGLE) && self.nth(1) == L_BRACE {
            self.start(PROPERTIES);
            self.bump();
            self.attr_dict();
            self.expect(R_ANGLE, "`>` closing the properties `<{...}>`");
            self.finish();
        }
        if self.at(L_PAREN) && self.nth(1) == L_BRACE {
            self.start(REGION_LIST);
            self.bump();
            loop {
                if self.at(L_BRACE) {
                    self.region();
                } else {
                    self.expected("a region `{...}`", "");
                    break;
                }
                if !self.eat(COMMA) {
                    break;
                }
            }
            self.expect(R_PAREN, "`)` closing the region list");
            self.finish();
        }
        if self.at(L_BRACE) {
            self.attr_dict();
        }
        if self.eat(COLON) {
            self.type_();
        } else {
            self.expected(
                "`:` and the op's function type",
                "generic-form ops end with `: (operand types) -> result types`",
            );
        }
        if self.at_keyword("loc") && self.nth(1) == L_PAREN {
            self.loc();
        }
        if !self.at_op_boundary() {
            self.expected("the end of the operation", "");
            self.recover_until_boundary();
        }
    }

    /// Dispatches to the grammar of a known custom-form op, then reads what is left.
    fn custom_tail(&mut self, name: &str) {
        match name {
            "func.func"
            | "gpu.func"
            | "llvm.func"
            | "transform.named_sequence"
            | "aie.runtime_sequence"
            | "aiex.runtime_sequence"
            | "spirv.func"
            | "async.func" => self.func_like(),
            "scf.for" | "affine.for" => self.for_like(),
            "scf.parallel" | "affine.parallel" => self.parallel_like(false),
            "scf.forall" => self.parallel_like(true),
            "scf.while" => self.while_op(),
            "gpu.launch" => self.custom_body(BodyOpts {
                id_keywords: &["blocks", "threads", "clusters"],
                typed_keywords: &["workgroup", "private"],
                sizes_after_in: true,
                ..BodyOpts::default()
            }),
            "linalg.map" | "linalg.reduce" => {
                self.custom_body(BodyOpts { typed_args_before_region: true, ..BodyOpts::default() })
            }
            air_ops::LAUNCH | air_ops::SEGMENT | air_ops::HERD | air_ops::RANK => self.air_hierarchy(name),
            air_ops::PIPELINE_STAGE => self.custom_body(BodyOpts { assign_keywords: &["args"], ..BodyOpts::default() }),
            air_ops::EXECUTE => self.air_execute(),
            air_ops::CHANNEL_PUT | air_ops::CHANNEL_GET => self.air_channel_io(name),
            air_ops::DMA_MEMCPY_ND => self.air_dma(),
            air_ops::WAIT_ALL => self.air_wait_all(),
            _ => self.custom_body(BodyOpts::default()),
        }
    }

    /// Reads custom syntax up to the next op boundary as balanced groups, regions,
    /// dictionaries, value uses and plain tokens.
    pub(super) fn custom_body(&mut self, opts: BodyOpts) {
        loop {
            if self.at_op_boundary() {
                break;
            }
            match self.current() {
                BARE_ID if self.nth(1) == L_PAREN && opts.assign_keywords.contains(&self.current_text()) => {
                    self.bump();
                    self.assign_list(ASSIGN_LIST);
                }
                BARE_ID if self.nth(1) == L_PAREN && opts.id_keywords.contains(&self.current_text()) => {
                    self.bump();
                    self.id_list();
                }
                BARE_ID if self.nth(1) == L_PAREN && opts.typed_keywords.contains(&self.current_text()) => {
                    self.bump();
                    self.func_signature();
                }
                BARE_ID if opts.sizes_after_in && self.current_text() == "in" && self.nth(1) == L_PAREN => {
                    self.bump();
                    self.assign_list(SIZE_LIST);
                }
                BARE_ID if self.current_text() == "attributes" && self.nth(1) == L_BRACE => self.attributes_clause(),
                L_PAREN if opts.typed_args_before_region && self.typed_args_then_region() => self.func_signature(),
                R_PAREN | R_BRACK => {
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
                _ => self.body_item(),
            }
        }
    }

    /// `(%a: T, ...)` followed by `{`?
    fn typed_args_then_region(&self) -> bool {
        if !(self.nth(1) == PERCENT_ID && self.nth(2) == COLON) {
            return false;
        }
        let mut depth = 0usize;
        let mut n = 0;
        while n < 4096 {
            match self.nth(n) {
                L_PAREN | L_BRACK | L_ANGLE => depth += 1,
                R_PAREN | R_BRACK | R_ANGLE => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return self.nth(n + 1) == L_BRACE;
                    }
                }
                EOF | L_BRACE | R_BRACE => return false,
                _ => {}
            }
            n += 1;
        }
        false
    }

    /// `(%a = %b, %c = %d)`: each an `ASSIGN` of an `ARG_DEF` and a `VALUE_USE`. The comma
    /// between pairs is optional and a trailing comma is accepted (AIR's size lists).
    pub(super) fn assign_list(&mut self, kind: crate::kind::SyntaxKind) -> u32 {
        let node = self.start(kind);
        let open = self.current_range();
        self.bump(); // `(`
        loop {
            match self.current() {
                R_PAREN => {
                    self.bump();
                    break;
                }
                COMMA => self.bump(),
                PERCENT_ID => {
                    self.start(ASSIGN);
                    self.bump_as(ARG_DEF);
                    if self.eat(EQ) {
                        if self.at(PERCENT_ID) {
                            self.value_use();
                        } else {
                            self.expected("a value `%name` after `=`", "write `%inner=%outer`");
                        }
                    } else {
                        self.expected("`=` between the argument and its value", "write `%inner=%outer`");
                        // `%a %b`: read `%b` as the value, not as the next definition.
                        if self.at(PERCENT_ID) {
                            self.value_use();
                        }
                    }
                    self.finish();
                }
                EOF | R_BRACE | L_BRACE => {
                    self.error_at(open, codes::UNCLOSED_DELIMITER, "unclosed `(`", "add the missing `)`");
                    break;
                }
                _ => {
                    self.expected("`%name = %value` or `)`", "");
                    self.bump_as(ERROR);
                }
            }
        }
        self.finish();
        node
    }

    /// `(%a, %b)`: each an `ARG_DEF`.
    pub(super) fn id_list(&mut self) -> u32 {
        let node = self.start(ID_LIST);
        let open = self.current_range();
        self.bump(); // `(`
        loop {
            match self.current() {
                R_PAREN => {
                    self.bump();
                    break;
                }
                COMMA => self.bump(),
                PERCENT_ID => self.bump_as(ARG_DEF),
                EOF | R_BRACE | L_BRACE => {
                    self.error_at(open, codes::UNCLOSED_DELIMITER, "unclosed `(`", "add the missing `)`");
                    break;
                }
                _ => {
                    self.expected("an identifier `%name` or `)`", "");
                    self.bump_as(ERROR);
                }
            }
        }
        self.finish();
        node
    }
}
