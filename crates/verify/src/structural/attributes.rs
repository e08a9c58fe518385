//! The ODS attribute constraints of the AIR ops (AIR.td `Arguments<(ins ...)>`): a
//! `sym_name` is a string, `link_with` a string, offsets/sizes/strides `array<i64: ...>`,
//! padding `array<i32: ...>`, ranks i64 integers, `chan_name` a flat symbol reference,
//! `symbol` a symbol reference. MLIR checks these before any op verifier runs ("attribute
//! 'x' failed to satisfy constraint"). The `air.channel` attributes are checked with the
//! declaration (`channel_decl`).

use super::channel_decl::attribute_kind;
use super::Cx;
use crate::attr_value::AttrValue;
use air_syntax::air_attrs;
use air_syntax::air_ops;

/// An ODS attribute constraint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// `StrAttr`, `SymbolNameAttr`.
    Str,
    /// `I64Attr`.
    I64,
    /// `DenseI32ArrayAttr`.
    DenseI32,
    /// `DenseI64ArrayAttr`.
    DenseI64,
    /// `FlatSymbolRefAttr`.
    FlatSymbol,
    /// `SymbolRefAttr`.
    Symbol,
}

impl Kind {
    fn accepts(self, value: &AttrValue) -> bool {
        match (self, value) {
            (Kind::Str, AttrValue::Str(_)) => true,
            (Kind::I64, value) => value.is_i64(),
            (Kind::DenseI32, AttrValue::DenseArray { ty, values }) => ty == "i32" && values.iter().all(Option::is_some),
            (Kind::DenseI64, AttrValue::DenseArray { ty, values }) => ty == "i64" && values.iter().all(Option::is_some),
            (Kind::FlatSymbol, AttrValue::SymbolRef { nested }) => !nested,
            (Kind::Symbol, AttrValue::SymbolRef { .. }) => true,
            _ => false,
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Kind::Str => "a string attribute",
            Kind::I64 => "a 64-bit integer attribute",
            Kind::DenseI32 => "an `array<i32: ...>` attribute",
            Kind::DenseI64 => "an `array<i64: ...>` attribute",
            Kind::FlatSymbol => "a flat symbol reference (`@name`)",
            Kind::Symbol => "a symbol reference (`@name`)",
        }
    }
}

/// Ops with a hand-written parser (AIRDialect.cpp) rather than a declarative format.
const CUSTOM_PARSED: &[&str] = &[air_ops::LAUNCH, air_ops::SEGMENT, air_ops::HERD, air_ops::RANK, air_ops::CUSTOM];

const STATIC_SRC: [&str; 3] = ["static_src_offsets", "static_src_sizes", "static_src_strides"];
const STATIC_DST: [&str; 3] = ["static_dst_offsets", "static_dst_sizes", "static_dst_strides"];

/// The constrained attributes of an AIR op.
fn constraints(op_name: &str) -> Vec<(&'static str, Kind)> {
    let padding = [("pad_before", Kind::DenseI32), ("pad_after", Kind::DenseI32)];
    let statics = |keys: [&'static str; 3]| keys.map(|key| (key, Kind::DenseI64));
    match op_name {
        air_ops::LAUNCH | air_ops::SEGMENT | air_ops::RANK => vec![(air_attrs::SYM_NAME, Kind::Str)],
        air_ops::HERD => vec![(air_attrs::SYM_NAME, Kind::Str), (air_attrs::LINK_WITH, Kind::Str)],
        air_ops::CHANNEL_PUT => {
            [("chan_name", Kind::FlatSymbol)].into_iter().chain(statics(STATIC_SRC)).chain(padding).collect()
        }
        air_ops::CHANNEL_GET => {
            [("chan_name", Kind::FlatSymbol)].into_iter().chain(statics(STATIC_DST)).chain(padding).collect()
        }
        air_ops::DMA_MEMCPY_ND => statics(STATIC_DST)
            .into_iter()
            .chain(statics(STATIC_SRC))
            .chain(padding)
            .chain([("src_rank", Kind::I64), ("dst_rank", Kind::I64)])
            .collect(),
        air_ops::CUSTOM => vec![("symbol", Kind::Symbol)],
        air_ops::CHANNEL => vec![(air_attrs::SYM_NAME, Kind::Str)],
        _ => Vec::new(),
    }
}

pub(super) fn check(cx: &mut Cx<'_, '_>) {
    for &(op, name) in cx.ops {
        if !name.starts_with("air.") {
            continue;
        }
        let dicts = op.attr_dicts();
        if dicts.is_empty() {
            continue;
        }
        let constraints = constraints(name);
        // The first dictionary that has the key decides, as `Op::attr` reads it.
        let mut seen: Vec<&str> = Vec::new();
        for (key, value, entry) in dicts.iter().flat_map(|dict| dict.entries()) {
            let Some(&(key, kind)) = constraints.iter().find(|(k, _)| *k == key) else { continue };
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            let value = value.map(AttrValue::read).unwrap_or(AttrValue::Unit);
            if kind.accepts(&value) {
                continue;
            }
            let diagnostic = attribute_kind(cx, op, key, entry, &value, kind.describe());
            // The hand-written parsers of these ops store inherent attributes through
            // `setInherentAttr`, which drops a value of the wrong kind without a word: the op
            // is valid, just without the attribute.
            let dropped = !op.is_generic() && CUSTOM_PARSED.contains(&name);
            cx.diagnostics.push(if dropped {
                air_diagnostics::Diagnostic { severity: air_diagnostics::Severity::Warning, ..diagnostic }
                    .with_note(format!("AIR's parser drops it silently: the op has no `{key}`"))
            } else {
                diagnostic
            });
        }
    }
}
