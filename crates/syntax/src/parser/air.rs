//! Grammars of the AIR ops (Xilinx/mlir-air `AIRDialect.cpp` parsers and `AIR.td` assembly
//! formats at the corpus commit): the hierarchy ops launch/segment/herd/rank, `air.execute`,
//! channel put/get, `air.dma_memcpy_nd` and `air.wait_all`.

use super::ops::BodyOpts;
use super::Parser;
use crate::air_ops;
use crate::codes;
use crate::kind::SyntaxKind::*;

fn header_grammar(name: &str) -> &'static str {
    match name {
        air_ops::HERD => "`air.herd [@name] [async] [[%deps]] tile (%x, %y) in (%sx=%v, %sy=%w) [args(%inner=%outer, ...) : types] [attributes {...}] {...}`",
        air_ops::SEGMENT => "`air.segment [@name] [async] [[%deps]] [unroll (%i) in (%si=%v)] [args(%inner=%outer, ...) : types] [attributes {...}] {...}`",
        air_ops::RANK => "`air.rank [@name] [async] [[%deps]] [universe(%u)] (%r) in (%sr=%v) [args(%inner=%outer, ...) : types] [attributes {...}] {...}`",
        _ => "`air.launch [@name] [async] [[%deps]] (%x, %y) in (%sx=%v, %sy=%w) [args(%inner=%outer, ...) : types] [attributes {...}] {...}`",
    }
}

impl Parser<'_> {
    fn malformed(&mut self, name: &str, what: &str) {
        let range = self.current_range();
        let found = super::describe(self.current(), self.current_text());
        self.error_at(
            range,
            codes::MALFORMED_AIR_HEADER,
            format!("malformed `{name}` header: expected {what}, found {found}"),
            &format!("the header is {}", header_grammar(name)),
        );
    }

    /// `[async] [[%t, ...]]`
    fn async_deps(&mut self) {
        if self.at_keyword("async") || self.at(L_BRACK) {
            self.start(ASYNC_DEPS);
            self.eat_keyword("async");
            if self.at(L_BRACK) {
                self.dep_list();
            }
            self.finish();
        }
    }

    fn dep_list(&mut self) {
        self.start(DEP_LIST);
        let open = self.current_range();
        self.bump();
        loop {
            match self.current() {
                R_BRACK => {
                    self.bump();
                    break;
                }
                PERCENT_ID => self.value_use(),
                COMMA => self.bump(),
                EOF | R_BRACE | L_BRACE => {
                    self.error_at(
                        open,
                        codes::UNCLOSED_DELIMITER,
                        "unclosed `[` of the dependency list",
                        "add the missing `]`",
                    );
                    break;
                }
                _ => {
                    self.expected("an async token `%t` or `]`", "");
                    self.bump_as(ERROR);
                }
            }
        }
        self.finish();
    }

    /// `air.launch`, `air.segment`, `air.herd`, `air.rank`.
    pub(super) fn air_hierarchy(&mut self, name: &str) {
        self.eat(AT_ID);
        self.async_deps();
        let header_ok = match name {
            air_ops::HERD => {
                if !self.eat_keyword("tile") {
                    self.malformed(name, "`tile` before the tile ids");
                }
                // Read on as if `tile` were there, so that the ids still bind in the body.
                self.at(L_PAREN) && self.ids_and_sizes(name)
            }
            air_ops::SEGMENT => !self.eat_keyword("unroll") || self.ids_and_sizes(name),
            air_ops::RANK => {
                if self.eat_keyword("universe") {
                    self.start(GROUP);
                    if self.expect(L_PAREN, "`(` after `universe`") {
                        if self.at(PERCENT_ID) {
                            self.value_use();
                        }
                        self.expect(R_PAREN, "`)` after the universe");
                    }
                    self.finish();
                }
                self.ids_and_sizes(name)
            }
            _ => self.ids_and_sizes(name),
        };
        if !header_ok {
            // Keep the rest of the header as one ERROR node whose `%names` are neither
            // definitions nor uses (no cascade of "undefined value" errors), then read the
            // body as usual.
            self.start(ERROR);
            while !self.at(L_BRACE) && !self.at_op_boundary() {
                match self.current() {
                    L_PAREN | L_BRACK => self.skip_balanced_flat(),
                    _ => self.bump(),
                }
            }
            self.finish();
        }
        if self.at_keyword("args") {
            self.args_clause(name);
        }
        if self.at_keyword("attributes") {
            self.attributes_clause();
        }
        if self.at(L_BRACE) {
            self.region();
        }
        self.trailing_loc();
        if !self.at_op_boundary() {
            self.malformed(name, "the body `{`, or the end of the op");
        }
        self.custom_body(BodyOpts::default());
    }

    /// `(%x, %y) in (%sx=%v, %sy=%w)`; false when the header is too malformed to read on.
    /// A missing `in`, or missing ids before `in (...)`, is reported and read past.
    fn ids_and_sizes(&mut self, name: &str) -> bool {
        let ids = if self.at(L_PAREN) {
            Some(self.id_list())
        } else {
            self.malformed(name, "`(` and the ids");
            if !self.at_keyword("in") {
                return false;
            }
            None
        };
        if !self.eat_keyword("in") {
            self.malformed(name, "`in` after the ids");
            if !self.at(L_PAREN) {
                return false;
            }
        }
        if !self.at(L_PAREN) {
            self.malformed(name, "`(` and the sizes `%s=%value` after `in`");
            return false;
        }
        let open = self.current_range();
        let sizes = self.assign_list(SIZE_LIST);
        if let Some(ids) = ids {
            let (n_ids, n_sizes) = (self.child_count(ids, ARG_DEF), self.child_count(sizes, ASSIGN));
            if n_ids != n_sizes {
                let end = self.builder.nodes[sizes as usize].end_token;
                let range = air_diagnostics::TextRange::new(open.start, self.tokens.starts[end as usize]);
                self.error_at(
                    range,
                    codes::MALFORMED_AIR_HEADER,
                    format!("malformed `{name}` header: {n_ids} id(s) but {n_sizes} size(s)"),
                    "give one `%size=%value` per id: `(%x, %y) in (%sx=%c4, %sy=%c4)`",
                );
            }
        }
        true
    }

    /// `args(%a=%b, ...) [: T, ...]`: the types are required when there is at least one
    /// pair, and there must be at least one per pair.
    fn args_clause(&mut self, name: &str) {
        self.start(ARGS_CLAUSE);
        self.bump(); // `args`
        if self.at(L_PAREN) {
            let list = self.assign_list(ASSIGN_LIST);
            let n_args = self.child_count(list, ASSIGN);
            if self.eat(COLON) {
                let first = self.current_range();
                let types = self.type_list();
                let n_types = self.child_count(types, TYPE);
                // Upstream's parsers (`LaunchOp::parse` and siblings in AIRDialect.cpp) read
                // `types[i]` for each pair and ignore extra types, so only too few is wrong
                // (two corpus files list one type more than they have pairs).
                if n_types < n_args {
                    let end = self.builder.nodes[types as usize].end_token;
                    let range = air_diagnostics::TextRange::new(first.start, self.tokens.starts[end as usize]);
                    self.error_at(
                        range,
                        codes::MALFORMED_AIR_HEADER,
                        format!("malformed `{name}` header: {n_args} argument(s) in `args(...)` but {n_types} type(s)"),
                        "list one type per `%inner=%outer` pair, in the same order: `args(%a=%x, %b=%y) : T1, T2`",
                    );
                }
            } else if n_args > 0 {
                self.malformed(name, "`:` and the types of the `args(...)` operands");
                if let Some(last) = self.errors.last_mut() {
                    last.help = Some(format!(
                        "add one type per pair after the list: `args(...) : T1, T2`; `{name}` needs the exact type of every outer operand"
                    ));
                }
            }
        } else {
            self.malformed(name, "`(` after `args`");
        }
        self.finish();
    }

    /// `%tok [, %r...] = air.execute [[%deps]] [-> (T, ...)] { ... } [{attrs}]`
    pub(super) fn air_execute(&mut self) {
        if self.at(L_BRACK) {
            self.start(ASYNC_DEPS);
            self.dep_list();
            self.finish();
        }
        if self.at(ARROW) {
            self.start(EXEC_RESULTS);
            self.bump();
            if self.eat(L_PAREN) {
                if !self.at(R_PAREN) {
                    self.type_list();
                }
                self.expect(R_PAREN, "`)` closing the result types");
            } else {
                self.type_();
            }
            self.finish();
        }
        if self.at(L_BRACE) {
            self.region();
        } else {
            self.expected("the `air.execute` body `{`", "");
        }
        if self.at(L_BRACE) {
            self.attr_dict();
        }
        self.air_trailing(air_ops::EXECUTE);
    }

    /// `air.channel.put|get [async] [[deps]] @chan[%i, ...] (%buf[..] [..] [..]) [dest(%d)] [{..}] : (T)`
    pub(super) fn air_channel_io(&mut self, name: &str) {
        self.async_deps();
        if !self.eat(AT_ID) {
            self.expected("the channel symbol `@name`", "");
        }
        if self.at(L_BRACK) {
            self.start(CHANNEL_INDICES);
            self.index_items();
            self.finish();
        } else {
            self.expected("the channel indices `[...]` (write `[]` for none)", "");
        }
        if self.eat(L_PAREN) {
            self.dma_operand();
            self.expect(R_PAREN, "`)` after the memref and its offsets, sizes and strides");
        } else {
            self.expected("`(` and the memref operand", "");
        }
        if self.eat_keyword("dest") {
            self.start(GROUP);
            if self.expect(L_PAREN, "`(` after `dest`") {
                if self.at(PERCENT_ID) {
                    self.value_use();
                }
                self.expect(R_PAREN, "`)`");
            }
            self.finish();
        }
        if self.at(L_BRACE) {
            self.attr_dict();
        }
        self.memref_types();
        self.air_trailing(name);
    }

    /// `air.dma_memcpy_nd [async] [[deps]] (%dst[..] [..] [..], %src[..] [..] [..]) [{..}] : (T, T)`
    pub(super) fn air_dma(&mut self) {
        self.async_deps();
        if self.eat(L_PAREN) {
            self.dma_operand();
            if self.expect(COMMA, "`,` between the destination and the source") {
                self.dma_operand();
            }
            self.expect(R_PAREN, "`)` after the source");
        } else {
            self.expected("`(` and the destination memref", "");
        }
        if self.at(L_BRACE) {
            self.attr_dict();
        }
        self.memref_types();
        self.air_trailing(air_ops::DMA_MEMCPY_ND);
    }

    /// `air.wait_all [async] [[deps]] [{..}]`
    pub(super) fn air_wait_all(&mut self) {
        self.async_deps();
        if self.at(L_BRACE) {
            self.attr_dict();
        }
        self.air_trailing(air_ops::WAIT_ALL);
    }

    /// `: (T, ...)`
    fn memref_types(&mut self) {
        if self.eat(COLON) {
            if self.eat(L_PAREN) {
                self.type_list();
                self.expect(R_PAREN, "`)` closing the types");
            } else {
                self.type_list();
            }
        } else {
            self.expected("`:` and the memref types", "");
        }
    }

    /// Any op may end with a location, `loc(...)`.
    fn trailing_loc(&mut self) {
        if self.at_keyword("loc") && self.nth(1) == L_PAREN {
            self.loc();
        }
    }

    /// Anything left before the next op is an error; it is kept and read generically.
    fn air_trailing(&mut self, name: &str) {
        self.trailing_loc();
        if !self.at_op_boundary() {
            let range = self.current_range();
            let found = super::describe(self.current(), self.current_text());
            self.error_at(range, codes::EXPECTED, format!("unexpected {found} in `{name}`"), "");
            self.custom_body(BodyOpts::default());
        }
    }

    /// `%buf [offsets] [sizes] [strides]`
    fn dma_operand(&mut self) {
        self.start(DMA_OPERAND);
        if self.at(PERCENT_ID) {
            self.value_use();
        } else {
            self.expected("a memref value `%name`", "");
        }
        for _ in 0..3 {
            if self.at(L_BRACK) {
                self.start(INDEX_LIST);
                self.index_items();
                self.finish();
            }
        }
        self.finish();
    }

    /// `[%a, 4, -1, ...]` (the `[` is current).
    fn index_items(&mut self) {
        let open = self.current_range();
        self.bump();
        loop {
            match self.current() {
                R_BRACK => {
                    self.bump();
                    break;
                }
                PERCENT_ID => self.value_use(),
                INT | MINUS | COMMA => self.bump(),
                EOF | R_BRACE | R_PAREN | L_BRACE => {
                    self.error_at(open, codes::UNCLOSED_DELIMITER, "unclosed `[`", "add the missing `]`");
                    break;
                }
                _ => {
                    self.expected("an index `%value` or an integer", "");
                    self.bump_as(ERROR);
                }
            }
        }
    }
}
