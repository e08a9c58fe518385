//! Where in the module a compiler error is, when the compiler names a line of one of aircc's
//! intermediate files (`placed.`, `aie.`, `npu.<input>`, or `loc("-":L:C)` for the module a
//! pipeline parsed from memory): the symbols of the regions around that line (the `aie.device`
//! or `air.segment` a launch became, its herd, the function), which name the launch and, in a
//! merge, the slice (every symbol carries the slice's prefix).

use air_syntax::air_ops;
use regex::Regex;
use serde::Serialize;
use std::sync::LazyLock;

/// What kind of region a symbol names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SymbolKind {
    /// `aie.device(...) @name`: one per segment of a launch (its `_reset` copy included).
    Device,
    Segment,
    Herd,
    Func,
    /// `aie.runtime_sequence @name`.
    Sequence,
}

/// One named region around the line, innermost first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Symbol {
    pub kind: SymbolKind,
    pub name: String,
}

static HEADER: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(
        r"(?P<kind>aie\.device\(\w+\)|air\.segment|air\.herd|func\.func(?: private)?|aie\.runtime_sequence)\s*@(?P<name>[\w$.-]+)",
    )
    .ok()
});

/// The named regions enclosing 1-based `line` of `text`, innermost first (the line's own op
/// when it opens one). Braces are counted per line, which fits MLIR's printed form: a region
/// opens at the end of its op's line, attribute dictionaries close on the line they open. When
/// no segment, herd or device encloses the line (a launch's host transfer after its segment),
/// the last `air.segment` before it in its innermost region follows, as the launch's.
pub fn enclosing_symbols(text: &str, line: u32) -> Vec<Symbol> {
    let Some(header) = HEADER.as_ref() else { return Vec::new() };
    // (depth inside the region, its opening line, its symbol)
    let mut open: Vec<(i64, usize, Option<Symbol>)> = Vec::new();
    let mut depth: i64 = 0;
    let rows: Vec<&str> = text.lines().collect();
    let last = usize::try_from(line).unwrap_or(usize::MAX).min(rows.len());
    // The depth each line starts at: a sibling segment starts where the line does.
    let mut depths: Vec<i64> = Vec::with_capacity(last);
    for (index, row) in rows.iter().enumerate().take(last) {
        let number = index + 1;
        depths.push(depth);
        let (opens, closes) = braces(row);
        let net = opens - closes;
        if net < 0 {
            depth += net;
            open.retain(|(at, _, _)| *at <= depth);
        }
        if net > 0 || number == last {
            let symbol = header
                .captures(row)
                .map(|caps| Symbol { kind: kind_of(&caps["kind"]), name: caps["name"].to_string() });
            if net > 0 {
                open.push((depth + 1, number, symbol));
                depth += net;
            } else if let Some(symbol) = symbol {
                open.push((depth, number, Some(symbol)));
            }
        }
    }
    let region_start = open.last().map_or(0, |(_, start, _)| *start);
    let mut symbols: Vec<Symbol> = open.into_iter().rev().filter_map(|(_, _, s)| s).collect();
    let placed = symbols.iter().any(|s| matches!(s.kind, SymbolKind::Segment | SymbolKind::Herd | SymbolKind::Device));
    if !placed {
        let at = depths.last().copied().unwrap_or(0);
        let sibling = (region_start..last.saturating_sub(1)).rev().find_map(|i| {
            let caps = header.captures(rows[i]).filter(|caps| &caps["kind"] == air_ops::SEGMENT)?;
            (depths[i] == at).then(|| caps["name"].to_string())
        });
        symbols.extend(sibling.map(|name| Symbol { kind: SymbolKind::Segment, name }));
    }
    symbols
}

fn kind_of(text: &str) -> SymbolKind {
    match text {
        air_ops::SEGMENT => SymbolKind::Segment,
        air_ops::HERD => SymbolKind::Herd,
        "aie.runtime_sequence" => SymbolKind::Sequence,
        t if t.starts_with("aie.device") => SymbolKind::Device,
        _ => SymbolKind::Func,
    }
}

/// `{` and `}` on a line outside string literals.
fn braces(row: &str) -> (i64, i64) {
    let (mut opens, mut closes, mut in_string, mut escaped) = (0, 0, false, false);
    for c in row.chars() {
        match (in_string, c) {
            (true, '\\') if !escaped => {
                escaped = true;
                continue;
            }
            (true, '"') if !escaped => in_string = false,
            (false, '"') => in_string = true,
            (false, '{') => opens += 1,
            (false, '}') => closes += 1,
            _ => {}
        }
        escaped = false;
    }
    (opens, closes)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    const AIE: &str = "module {\n  aie.device(npu2) @q_seg {\n    %t = aie.tile(0, 2)\n    aie.runtime_sequence @q_seg_sequence(%a: memref<8xbf16>) {\n      aiex.npu.dma_wait {symbol = \"x}\"}\n    }\n  }\n  func.func @f(%arg0: memref<8xbf16>) {\n    air.launch () in () {\n      %1 = air.segment @k_seg async  attributes {id = 2 : i32} {\n        air.herd @k_herd  tile (%x, %y) in (%sx=%c1, %sy=%c1) {\n          air.herd_terminator\n        }\n      }\n    }\n    return\n  }\n}\n";

    fn names(line: u32) -> Vec<String> {
        enclosing_symbols(AIE, line).into_iter().map(|s| s.name).collect()
    }

    #[test]
    fn the_regions_around_a_line_innermost_first() {
        assert_eq!(names(3), ["q_seg"]);
        assert_eq!(names(5), ["q_seg_sequence", "q_seg"]);
        assert_eq!(names(8), ["f"]);
        assert_eq!(names(12), ["k_herd", "k_seg", "f"]);
        assert_eq!(names(10), ["k_seg", "f"]);
        assert_eq!(enclosing_symbols(AIE, 11)[0].kind, SymbolKind::Herd);
        assert_eq!(names(16), ["f"]);
        // After the segment, in its launch: the launch's segment.
        let host = "func.func @f() {\n  air.launch () in () {\n    %1 = air.segment @q_seg async {\n    }\n    %2 = air.channel.get async [%1] @c[] (%a[] [] []) : (memref<8xbf16>)\n  }\n}\n";
        let found: Vec<String> = enclosing_symbols(host, 5).into_iter().map(|s| s.name).collect();
        assert_eq!(found, ["f", "q_seg"]);
        assert!(names(1).is_empty());
    }
}
