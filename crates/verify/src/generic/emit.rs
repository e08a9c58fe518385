//! Writing one converted op: `%r = "air.op"(operands) <{props}> (region) {attrs} : (types) ->
//! results loc(...)`, with its region's entry block arguments and the terminator the custom
//! syntax leaves implicit. Region contents go back through the walker, so nested AIR ops are
//! converted and everything else is copied.

use super::ops::{self, GenericOp, RegionPlan};
use super::Writer;
use crate::codes;
use crate::dialect::AirRtOp;
use air_diagnostics::{Diagnostic, TextRange};
use air_syntax::air_ops::AirOp;
use air_syntax::views::{region_ops, Op};

impl<'i, 'a> Writer<'i, 'a> {
    pub(super) fn convert(&mut self, op: Op<'a>, air: AirOp) {
        let generic = ops::build(self.input.parse, op, air);
        self.emit(op, &generic);
    }

    pub(super) fn convert_airrt(&mut self, op: Op<'a>, rt: AirRtOp) {
        let generic = super::airrt::build(self.input.parse, op, rt);
        self.emit(op, &generic);
    }

    fn emit(&mut self, op: Op<'a>, generic: &GenericOp<'a>) {
        let range = op.node().text_range();
        let anchor = op.name_node().map(|n| n.text_range()).unwrap_or(range);
        for missing in &generic.missing_types {
            self.diagnostics.push(
                Diagnostic::error(
                    codes::UNKNOWN_OPERAND_TYPE,
                    format!("cannot tell the type of operand `{}` of `{}`", missing.name, generic.op.name()),
                )
                .with_primary(self.input.file, missing.use_range.shift(self.input.offset), "type unknown")
                .with_help("state it in the op (e.g. the `args(...) : T, ...` list), or define the value with an op whose type is written"),
            );
        }
        // Results (`%0 = `) are kept as written.
        self.verbatim(TextRange::new(range.start, anchor.start));
        self.push_generated(generic.op.quoted_name(), anchor);
        self.push_generated("(", anchor);
        for (idx, operand) in generic.operands.iter().enumerate() {
            if idx > 0 {
                self.push_generated(", ", anchor);
            }
            // A value use is one token run (`%x`, `%x#1`): its text is already compact.
            self.push_generated(operand.use_node.text(), operand.use_node.text_range());
        }
        self.push_generated(")", anchor);
        if !generic.props.is_empty() {
            self.push_generated(" <{", anchor);
            for (idx, entry) in generic.sorted_props().into_iter().enumerate() {
                if idx > 0 {
                    self.push_generated(", ", anchor);
                }
                self.push_generated(&entry.text, entry.range);
            }
            self.push_generated("}>", anchor);
        }
        if let Some(plan) = &generic.region {
            self.push_generated(" (", anchor);
            self.region(op, plan, anchor);
            if self.options.symbol_lookup_through_air_ops {
                self.push_generated(", {}", anchor);
            }
            self.push_generated(")", anchor);
        }
        if !generic.attrs.is_empty() {
            self.push_generated(" {", anchor);
            for (idx, entry) in generic.attrs.iter().enumerate() {
                if idx > 0 {
                    self.push_generated(", ", anchor);
                }
                self.push_generated(&entry.text, entry.range);
            }
            self.push_generated("}", anchor);
        }
        self.push_generated(" : (", anchor);
        for (idx, operand) in generic.operands.iter().enumerate() {
            if idx > 0 {
                self.push_generated(", ", anchor);
            }
            let orig = operand.ty_range.unwrap_or_else(|| operand.use_node.text_range());
            self.push_generated(&operand.ty, orig);
        }
        self.push_generated(") -> ", anchor);
        match generic.result_types.as_slice() {
            [single] => self.push_generated(single, anchor),
            types => {
                self.push_generated("(", anchor);
                for (idx, ty) in types.iter().enumerate() {
                    if idx > 0 {
                        self.push_generated(", ", anchor);
                    }
                    self.push_generated(ty, anchor);
                }
                self.push_generated(")", anchor);
            }
        }
        self.push_generated(" ", anchor);
        self.push_loc(range.start, anchor);
    }

    /// A line break, then `indent` and `then` (generated text, mapped to `anchor`).
    fn push_newline(&mut self, indent: &str, then: &str, anchor: TextRange) {
        self.push_generated("\n", anchor);
        self.push_generated(indent, anchor);
        self.push_generated(then, anchor);
    }

    /// `"air.x_terminator"() : () -> () loc(...)`, the terminator the custom syntax implies.
    fn push_terminator(&mut self, plan: &RegionPlan<'a>, op_start: u32, anchor: TextRange) {
        self.push_generated(plan.terminator.quoted_name(), anchor);
        self.push_generated("() : () -> () ", anchor);
        self.push_loc(op_start, anchor);
    }

    /// `{ ^bb0(args): body terminator }` (the caller writes the surrounding parentheses).
    fn region(&mut self, op: Op<'a>, plan: &RegionPlan<'a>, anchor: TextRange) {
        let op_start = op.node().text_range().start;
        let op_indent = self.indent_at(op_start);
        let open = plan.body.and_then(|r| r.first_token()).map(|t| t.text_range()).unwrap_or(anchor);
        self.push_generated("{", open);
        if !plan.args.is_empty() {
            self.push_newline(op_indent, "^bb0(", anchor);
            for (idx, arg) in plan.args.iter().enumerate() {
                if idx > 0 {
                    self.push_generated(", ", anchor);
                }
                // Without a body the header's names bind nothing (AIR's parser adds unnamed
                // block arguments), and reusing them could clash with values visible here.
                if plan.body.is_some() {
                    self.push_generated(arg.def.text(), arg.def.text_range());
                } else {
                    let name = self.fresh_name();
                    self.push_generated(&name, arg.def.text_range());
                }
                self.push_generated(": ", arg.def.text_range());
                self.push_generated(&arg.ty, arg.def.text_range());
            }
            self.push_generated("):", anchor);
        }
        let Some(region) = plan.body else {
            self.push_newline(op_indent, "  ", anchor);
            self.push_terminator(plan, op_start, anchor);
            self.push_newline(op_indent, "}", anchor);
            return;
        };
        let close = region.significant_tokens().last().map(|t| t.text_range()).unwrap_or(anchor);
        let inner = TextRange::new(open.end, close.start.max(open.end));
        let body = region_ops(region);
        let has_terminator = body.last().is_some_and(|last| last.name() == plan.terminator.name());
        if has_terminator {
            self.walk(inner, region);
        } else if let (Some(first), Some(last), false) = (body.first(), body.last(), self.spans_lines(inner)) {
            // A one-line body (`{ memref.dealloc %m : T }`): one op per line, as MLIR prints.
            let first_start = first.node().text_range().start;
            let last_end = last.node().text_range().end;
            self.push_newline(op_indent, "  ", anchor);
            self.walk(TextRange::new(first_start, last_end), region);
            self.push_newline(op_indent, "  ", anchor);
            self.push_terminator(plan, op_start, anchor);
            self.push_newline(op_indent, "", anchor);
        } else {
            let last_end = body.last().map(|o| o.node().text_range().end).unwrap_or(inner.start);
            let body_indent = match body.first() {
                Some(first) => self.indent_at(first.node().text_range().start),
                None => "",
            };
            self.walk(TextRange::new(inner.start, last_end), region);
            if body.is_empty() {
                self.push_newline(op_indent, "  ", anchor);
            } else {
                self.push_newline(body_indent, "", anchor);
            }
            self.push_terminator(plan, op_start, anchor);
            self.verbatim(TextRange::new(last_end, inner.end));
        }
        self.push_generated("}", close);
    }
}
