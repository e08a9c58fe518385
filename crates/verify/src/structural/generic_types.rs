//! Operand and result types of AIR ops written in MLIR's generic form. The custom parsers
//! give every operand the type its syntax implies and build the results themselves; in the
//! generic form the written function type `(T...) -> (R...)` is all there is, and MLIR's ODS
//! verifier (`verifyInvariants`, run before any op's `verify()`) checks it against AIR.td:
//!
//! - `Variadic<air_AsyncToken>:$async_dependencies` (AIR.td 43/149/239/361/468/595/765/961/1141):
//!   "operand #N must be variadic of async token type";
//! - `Variadic<Index>` sizes, indices, offsets/sizes/strides, `dest`; `air_Universe` (44);
//!   `AnyRankedOrUnrankedMemRef` buffers (470/474, 767, 963); `air.translate` (1201–1207);
//!   `air.universe.alloc` (22–24): "operand #N must be ...";
//! - `Optional<...>` segments (a rank's universe, a put's `dest`) hold 0 or 1 operands, a
//!   single buffer exactly 1: "operand group starting at #N requires 0 or 1 element";
//! - `Optional<air_AsyncToken>:$async_token` results (47/152/242/364/490/597/784/973, 1262):
//!   at most one, a token ("result group starting at #0 requires 0 or 1 element", "result #0
//!   must be async token type"); `air.execute` (1143–1146) a token, then any values ("expected
//!   1 or more results"); `air.universe.alloc` one `!air.universe`; `air.translate` one memref
//!   of its source's type (`AllTypesMatch`);
//! - ops without operands or results (`air.channel`, the terminators; `ZeroOperands`,
//!   `ZeroResults`): "requires zero operands" / "requires zero results".
//!
//! `air.execute_terminator`'s operands against the execute's results are *not* checked by AIR
//! (AS0507, stricter on purpose). A type this crate cannot read (an alias `!t`) is not judged.

use super::generic_form::segment_counts;
use super::Cx;
use crate::codes;
use air_diagnostics::TextRange;
use air_syntax::air_ops::AirOp;
use air_syntax::views::name_range;
use air_syntax::views::text::compact;
use air_syntax::views::value_types::{TOKEN_TYPE, UNIVERSE_TYPE};
use air_syntax::views::{parse_memref_type, types_equal, Op};
use air_syntax::{SyntaxKind, SyntaxNode};

/// An ODS type constraint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Want {
    Token,
    Index,
    Universe,
    /// `AnyRankedOrUnrankedMemRef`, `AnyMemRef`.
    MemRef,
    /// `MemRefRankOf<[Index], [1]>`.
    IndexMemRef1D,
    Any,
}

impl Want {
    /// Whether `ty` satisfies the constraint; `None` when `ty` is an alias this crate
    /// cannot resolve.
    fn accepts(self, ty: &str) -> Option<bool> {
        if ty.starts_with('!') && !ty.contains('.') {
            return None;
        }
        Some(match self {
            Want::Token => types_equal(ty, TOKEN_TYPE),
            Want::Index => ty == "index",
            Want::Universe => types_equal(ty, UNIVERSE_TYPE),
            Want::MemRef => ty.starts_with("memref<") || ty.starts_with("memref <"),
            Want::IndexMemRef1D => parse_memref_type(ty).is_some_and(|m| m.shape.len() == 1 && m.element == "index"),
            Want::Any => true,
        })
    }

    fn describe(self) -> &'static str {
        match self {
            Want::Token => "`!air.async.token`",
            Want::Index => "`index`",
            Want::Universe => "`!air.universe`",
            Want::MemRef => "a memref",
            Want::IndexMemRef1D => "a 1-D memref of `index`",
            Want::Any => "any type",
        }
    }
}

/// How many operands an ODS segment holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arity {
    Variadic,
    Optional,
    Single,
}

use Arity::{Optional, Single, Variadic};
use Want::{Index, MemRef, Token, Universe};

/// The ODS operand segments of an op with `AttrSizedOperandSegments`, in order.
fn segment_wants(air: AirOp) -> &'static [(Want, Arity)] {
    const HIERARCHY: &[(Want, Arity)] = &[(Token, Variadic), (Index, Variadic), (Want::Any, Variadic)];
    match air {
        AirOp::Launch | AirOp::Segment | AirOp::Herd => HIERARCHY,
        AirOp::Rank => &[(Token, Variadic), (Universe, Optional), (Index, Variadic), (Want::Any, Variadic)],
        AirOp::ChannelPut => &[
            (Token, Variadic),
            (Index, Variadic),
            (MemRef, Single),
            (Index, Variadic),
            (Index, Variadic),
            (Index, Variadic),
            (Index, Optional),
        ],
        AirOp::ChannelGet => &[
            (Token, Variadic),
            (Index, Variadic),
            (MemRef, Single),
            (Index, Variadic),
            (Index, Variadic),
            (Index, Variadic),
        ],
        AirOp::DmaMemcpyNd => &[
            (Token, Variadic),
            (MemRef, Single),
            (Index, Variadic),
            (Index, Variadic),
            (Index, Variadic),
            (MemRef, Single),
            (Index, Variadic),
            (Index, Variadic),
            (Index, Variadic),
        ],
        AirOp::Custom => &[(Token, Variadic), (Want::Any, Variadic)],
        _ => &[],
    }
}

/// The written function type of a generic op: input and result `TYPE` nodes.
struct Signature<'a> {
    inputs: Vec<SyntaxNode<'a>>,
    results: Vec<SyntaxNode<'a>>,
}

fn signature(op: Op<'_>) -> Option<Signature<'_>> {
    let function = op.node().children_of(SyntaxKind::TYPE).last()?;
    let arrow = function.token_of(SyntaxKind::ARROW)?.text_range().end;
    let (inputs, after): (Vec<_>, Vec<_>) =
        function.children_of(SyntaxKind::TYPE).partition(|t| t.text_range().start < arrow);
    let result = after.first().copied()?;
    let is_list = result.first_token().is_some_and(|t| t.kind() == SyntaxKind::L_PAREN)
        && result.token_of(SyntaxKind::ARROW).is_none();
    let results = if is_list { result.children_of(SyntaxKind::TYPE).collect() } else { vec![result] };
    Some(Signature { inputs, results })
}

pub(super) fn check(cx: &mut Cx<'_, '_>) {
    for &(op, name) in cx.ops {
        if !name.starts_with("air.") || !op.is_generic() {
            continue;
        }
        let Some(air) = AirOp::from_name(name) else { continue };
        let Some(sig) = signature(op) else { continue };
        operands(cx, op, air, &sig);
        results(cx, op, air, &sig);
    }
}

/// The constraint of each operand, or a finding about the operand count.
fn operand_wants(cx: &mut Cx<'_, '_>, op: Op<'_>, air: AirOp, count: usize) -> Option<Vec<Want>> {
    let fixed: &[Want] = match air {
        AirOp::WaitAll | AirOp::Execute => return Some(vec![Token; count]),
        AirOp::ExecuteTerminator => return Some(vec![Want::Any; count]),
        AirOp::UniverseAlloc => &[Index],
        AirOp::Translate => &[MemRef, Index, Index, Want::IndexMemRef1D],
        AirOp::Channel
        | AirOp::LaunchTerminator
        | AirOp::SegmentTerminator
        | AirOp::HerdTerminator
        | AirOp::RankTerminator => &[],
        _ => return segmented_wants(cx, op, air, count),
    };
    if fixed.len() != count {
        let message = match fixed.len() {
            0 => format!("`{}` requires zero operands, but has {count}", op.name()),
            n => format!("`{}` takes {n} operand{}, but has {count}", op.name(), if n == 1 { "" } else { "s" }),
        };
        cx.diagnostics.push(cx.error(codes::GENERIC_FORM, message, name_range(op), "operand count"));
        return None;
    }
    Some(fixed.to_vec())
}

/// Per-operand constraints from `operandSegmentSizes`, checking each segment's arity. An
/// attribute that does not fit the op is `generic_form`'s finding: nothing is judged here.
fn segmented_wants(cx: &mut Cx<'_, '_>, op: Op<'_>, air: AirOp, count: usize) -> Option<Vec<Want>> {
    let segments = segment_wants(air);
    let sizes = segment_counts(op, segments.len(), count)?;
    let mut wants = Vec::with_capacity(count);
    for (&(want, arity), &size) in segments.iter().zip(&sizes) {
        let allowed = match arity {
            Variadic => true,
            Optional => size <= 1,
            Single => size == 1,
        };
        if !allowed {
            let expected = if arity == Optional { "0 or 1" } else { "exactly 1" };
            let message = format!(
                "operand group #{} of `{}` ({}) holds {expected} operand{}, but `operandSegmentSizes` gives it {size}",
                wants.len(),
                op.name(),
                want.describe(),
                if arity == Optional { "s" } else { "" },
            );
            cx.diagnostics.push(cx.error(codes::GENERIC_FORM, message, name_range(op), "operand segments"));
            return None;
        }
        wants.extend(std::iter::repeat_n(want, size));
    }
    Some(wants)
}

fn operands(cx: &mut Cx<'_, '_>, op: Op<'_>, air: AirOp, sig: &Signature<'_>) {
    let Some(wants) = operand_wants(cx, op, air, sig.inputs.len()) else { return };
    for (idx, (want, ty)) in wants.iter().zip(&sig.inputs).enumerate() {
        let text = compact(*ty);
        if want.accepts(&text) != Some(false) {
            continue;
        }
        let code = if *want == Token { codes::DEPENDENCY_NOT_TOKEN } else { codes::OPERAND_TYPE };
        let message =
            format!("operand #{idx} of `{}` must be {}, but its written type is `{text}`", op.name(), want.describe());
        cx.diagnostics.push(type_error(cx, code, message, op, ty.text_range()));
    }
}

fn results(cx: &mut Cx<'_, '_>, op: Op<'_>, air: AirOp, sig: &Signature<'_>) {
    let count = sig.results.len();
    let name = op.name();
    let (wants, problem): (Vec<Want>, Option<String>) = match air {
        AirOp::Execute if count == 0 => {
            (vec![], Some(format!("`{name}` returns an async token first: expected 1 or more results, but has none")))
        }
        AirOp::Execute => (std::iter::once(Token).chain(std::iter::repeat_n(Want::Any, count - 1)).collect(), None),
        AirOp::UniverseAlloc | AirOp::Translate if count != 1 => {
            (vec![], Some(format!("`{name}` requires one result, but has {count}")))
        }
        AirOp::UniverseAlloc => (vec![Universe], None),
        AirOp::Translate => (vec![MemRef], None),
        AirOp::Channel
        | AirOp::LaunchTerminator
        | AirOp::SegmentTerminator
        | AirOp::HerdTerminator
        | AirOp::RankTerminator
        | AirOp::ExecuteTerminator
            if count != 0 =>
        {
            (vec![], Some(format!("`{name}` requires zero results, but has {count}")))
        }
        _ if count > 1 => (vec![], Some(format!("`{name}` returns at most one async token, but has {count} results"))),
        _ => (vec![Token; count], None),
    };
    if let Some(message) = problem {
        let at = sig.results.first().map(|t| t.text_range()).unwrap_or_else(|| name_range(op));
        cx.diagnostics.push(cx.error(codes::GENERIC_FORM, message, at, "result types").with_help(
            "an async AIR op returns one `!air.async.token`; `air.execute` a token, then the values its terminator yields",
        ));
        return;
    }
    for (idx, (want, ty)) in wants.iter().zip(&sig.results).enumerate() {
        let text = compact(*ty);
        if want.accepts(&text) == Some(false) {
            let message =
                format!("result #{idx} of `{name}` must be {}, but its written type is `{text}`", want.describe());
            cx.diagnostics.push(type_error(cx, codes::GENERIC_FORM, message, op, ty.text_range()));
        }
    }
    if air == AirOp::Translate {
        translate_types_match(cx, op, sig);
    }
}

/// `AllTypesMatch<["source", "result"]>` of `air.translate` (AIR.td 1202).
fn translate_types_match(cx: &mut Cx<'_, '_>, op: Op<'_>, sig: &Signature<'_>) {
    let (Some(source), Some(result)) = (sig.inputs.first(), sig.results.first()) else { return };
    let (source_text, result_text) = (compact(*source), compact(*result));
    let unknown = |t: &str| t.starts_with('!') && !t.contains('.');
    if unknown(&source_text) || unknown(&result_text) || types_equal(&source_text, &result_text) {
        return;
    }
    let message =
        format!("`air.translate` returns its source's type `{source_text}`, but its result is written `{result_text}`");
    cx.diagnostics.push(type_error(cx, codes::GENERIC_FORM, message, op, result.text_range()));
}

fn type_error(
    cx: &Cx<'_, '_>,
    code: &'static str,
    message: String,
    op: Op<'_>,
    at: TextRange,
) -> air_diagnostics::Diagnostic {
    let diagnostic = cx.error(code, message, at, "written here");
    cx.secondary(diagnostic, name_range(op), "in this generic-form op")
}
