//! Grammars of the upstream ops whose custom syntax binds region arguments: function-like ops,
//! `scf.for`/`affine.for`, `scf.parallel`/`affine.parallel`/`scf.forall` and `scf.while`.
//! (`gpu.launch` and `linalg.map`/`linalg.reduce` use options of the fallback reader.)

use super::items::BraceKind;
use super::ops::BodyOpts;
use super::Parser;
use crate::codes;
use crate::kind::SyntaxKind::*;

impl Parser<'_> {
    /// `func.func [visibility] @name(%a: T {attrs}, ...) [-> results] [attributes {...}] [{body}]`
    /// and the same shape for `gpu.func`, `llvm.func`, `transform.named_sequence`,
    /// `aie.runtime_sequence`, ...
    pub(super) fn func_like(&mut self) {
        loop {
            if self.at_op_boundary() {
                break;
            }
            match self.current() {
                AT_ID => self.bump(),
                BARE_ID if self.current_text() == "attributes" && self.nth(1) == L_BRACE => self.attributes_clause(),
                BARE_ID if matches!(self.current_text(), "workgroup" | "private") && self.nth(1) == L_PAREN => {
                    self.bump();
                    self.func_signature();
                }
                BARE_ID if self.current_text() == "loc" => break,
                // Visibility, linkage and other keywords (`private`, `internal`, `kernel`).
                BARE_ID => self.bump(),
                L_PAREN => self.func_signature(),
                ARROW => self.func_results(),
                L_BRACE => {
                    self.region();
                    break;
                }
                _ => break,
            }
        }
        self.custom_body(BodyOpts::default());
    }

    /// `(%a: T {attrs} loc(..), ...)` or `(T, T)`: the signature of a function-like op.
    pub(super) fn func_signature(&mut self) {
        self.start(FUNC_SIGNATURE);
        let open = self.current_range();
        self.bump(); // `(`
        loop {
            match self.current() {
                R_PAREN => {
                    self.bump();
                    break;
                }
                COMMA | ELLIPSIS => self.bump(),
                // A `{` that is not an argument's attribute dictionary is the body: the `)`
                // is missing.
                EOF | R_BRACE | L_BRACE => {
                    self.error_at(
                        open,
                        codes::UNCLOSED_DELIMITER,
                        "unclosed `(` of the signature",
                        "add the missing `)` after the last argument",
                    );
                    break;
                }
                kind => {
                    let before = self.pos;
                    self.start(FUNC_ARG);
                    if kind == PERCENT_ID {
                        self.bump_as(ARG_DEF);
                        if self.expect(COLON, "`:` and the argument's type") {
                            self.type_();
                        }
                    } else {
                        self.type_();
                    }
                    if self.at(L_BRACE) && self.brace_kind() == BraceKind::Dict {
                        self.attr_dict();
                    }
                    if self.at_keyword("loc") && self.nth(1) == L_PAREN {
                        self.loc();
                    }
                    self.finish();
                    if self.pos == before {
                        self.bump_as(ERROR);
                    }
                }
            }
        }
        self.finish();
    }

    /// `-> T` or `-> (T {attrs}, T)`
    fn func_results(&mut self) {
        self.start(FUNC_RESULTS);
        self.bump(); // `->`
        if self.at(L_PAREN) {
            self.bump();
            loop {
                match self.current() {
                    R_PAREN => {
                        self.bump();
                        break;
                    }
                    COMMA => self.bump(),
                    EOF | R_BRACE => {
                        self.expected("`)` closing the result types", "");
                        break;
                    }
                    _ => {
                        let before = self.pos;
                        self.type_();
                        if self.at(L_BRACE) {
                            self.attr_dict();
                        }
                        if self.pos == before {
                            self.bump_as(ERROR);
                        }
                    }
                }
            }
        } else {
            self.type_();
        }
        self.finish();
    }

    /// `scf.for [unsigned] %iv = ... iter_args(%a = %init) ...` and `affine.for %i = ...`.
    pub(super) fn for_like(&mut self) {
        self.eat_keyword("unsigned");
        if self.at(PERCENT_ID) && self.nth(1) == EQ {
            self.bump_as(ARG_DEF);
            self.bump();
        } else {
            self.expected("the induction variable `%iv = `", "");
        }
        self.custom_body(BodyOpts { assign_keywords: &["iter_args"], ..BodyOpts::default() });
    }

    /// `scf.parallel (%i, %j) = ...`, `affine.parallel (%i) = ...`, `scf.forall (%i) in ...`.
    pub(super) fn parallel_like(&mut self, forall: bool) {
        if self.at(L_PAREN) && matches!(self.nth(1), PERCENT_ID | R_PAREN) {
            self.id_list();
        } else {
            self.expected("the induction variables `(%i, ...)`", "");
        }
        let assign_keywords: &'static [&'static str] = if forall { &["shared_outs"] } else { &[] };
        self.custom_body(BodyOpts { assign_keywords, ..BodyOpts::default() });
    }

    /// `scf.while (%a = %init, ...) : (T) -> T { before } do { ^bb0(...): after }`
    pub(super) fn while_op(&mut self) {
        if self.at(L_PAREN) && self.nth(1) == PERCENT_ID {
            self.assign_list(ASSIGN_LIST);
        }
        self.custom_body(BodyOpts::default());
    }
}
