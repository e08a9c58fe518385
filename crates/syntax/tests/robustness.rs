//! Robustness: parsing never panics and never loses a byte, whatever the input — arbitrary
//! bytes, arbitrary text, random mutations of corpus snippets, 100,000 levels of nesting on a
//! small stack — and a valid 50 MB file parses without errors. The typed views are run over
//! every mutated tree too: they must return `None` for missing pieces, never panic.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use air_diagnostics::FileId;
use air_syntax::views::{
    all_ops, attr_int, attr_int_array, attr_string, constant_of_use, module_ops, nested_hierarchy, parse_memref_type,
    types_equal, ChannelDecl, ChannelIo, DmaMemcpy, Execute, FuncOp, Hierarchy, Op, WaitAll,
};
use air_syntax::{codes, decode_utf8, parse, split_input_file, Parse, SyntaxKind};
use proptest::prelude::*;
use std::sync::OnceLock;

/// Parses `text`, checks the round trip, and walks the result with every view.
fn parse_and_exercise(text: &str) -> Parse {
    let parsed = parse(text);
    assert_eq!(parsed.tree.print(), text, "round trip");
    exercise_views(&parsed);
    parsed
}

/// Calls every view accessor on every op, so a panic anywhere in them is found.
fn exercise_views(parsed: &Parse) {
    let tree = &parsed.tree;
    let root = tree.root();
    let _ = tree.debug_dump();
    let _ = parsed.scopes.debug_dump(tree);
    let _ = module_ops(root);
    let _ = nested_hierarchy(root);
    for op in all_ops(root) {
        let _ = (op.name(), op.is_generic(), op.result_names(), op.regions(), op.body_ops());
        let _ = (op.symbol(), op.operand_uses(), op.trailing_types(), op.parent_op());
        for dict in op.attr_dicts() {
            for (_, value, _) in dict.entries() {
                if let Some(value) = value {
                    let _ = (attr_int(value), attr_string(value), attr_int_array(value));
                }
            }
        }
        if let Some(func) = FuncOp::cast(op) {
            let _ = (func.name(), func.visibility(), func.is_declaration(), func.args());
            let _ = (func.results(), func.link_with(), func.body());
        }
        if let Some(h) = Hierarchy::cast(op) {
            let _ = (h.sym_name(), h.is_async(), h.deps(), h.ids(), h.sizes(), h.arg_types());
            let _ = (h.kernel_args(), h.link_with(), h.body(), h.children());
            for size in h.sizes() {
                if let Some(outer) = size.outer {
                    let _ = constant_of_use(tree, &parsed.scopes, outer);
                }
            }
        }
        if let Some(channel) = ChannelDecl::cast(op) {
            let _ = (channel.name(), channel.sizes(), channel.broadcast_shape(), channel.channel_type());
        }
        if let Some(io) = ChannelIo::cast(op) {
            let _ = (io.chan_name(), io.indices(), io.deps(), io.memref_type());
            if let Some(operand) = io.operand() {
                let _ = (operand.memref(), operand.offsets(), operand.sizes(), operand.strides());
            }
        }
        if let Some(dma) = DmaMemcpy::cast(op) {
            for operand in [dma.dst(), dma.src()].into_iter().flatten() {
                let _ = (operand.offsets(), operand.sizes(), operand.strides(), operand.is_whole_buffer());
            }
            let _ = (dma.dst_type(), dma.src_type());
        }
        if let Some(wait) = WaitAll::cast(op) {
            let _ = (wait.deps(), wait.is_async());
        }
        if let Some(exec) = Execute::cast(op) {
            let _ = (exec.deps(), exec.result_types(), exec.body());
        }
        let _ = Op::cast(op.node());
    }
    for node in root.descendants() {
        match node.kind() {
            SyntaxKind::TYPE => {
                if let Some(memref) = parse_memref_type(node.text()) {
                    let _ = (memref.num_elements(), memref.size_bytes());
                }
                let _ = types_equal(node.text(), node.text());
            }
            SyntaxKind::VALUE_USE => {
                let _ = constant_of_use(tree, &parsed.scopes, node);
            }
            _ => {}
        }
    }
}

// ---- arbitrary input ----

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        match decode_utf8(&bytes, FileId(0)) {
            Ok(text) => {
                parse_and_exercise(text);
            }
            Err(diagnostic) => {
                let valid = std::str::from_utf8(&bytes).unwrap_err().valid_up_to() as u32;
                prop_assert_eq!(diagnostic.code, codes::NOT_UTF8);
                prop_assert_eq!(diagnostic.primary.map(|l| l.range.start), Some(valid));
                // What the CLI does next: parse the valid prefix for positions.
                parse_and_exercise(std::str::from_utf8(&bytes[..valid as usize]).unwrap());
            }
        }
    }

    #[test]
    fn arbitrary_text_prints_back_unchanged(text in any::<String>()) {
        parse_and_exercise(&text);
        for chunk in split_input_file(&text) {
            parse_and_exercise(chunk.text);
        }
    }

    #[test]
    fn text_made_of_mlir_pieces_prints_back_unchanged(
        pieces in prop::collection::vec(prop::sample::select(MLIR_PIECES), 0..80)
    ) {
        parse_and_exercise(&pieces.concat());
    }
}

/// Fragments of MLIR syntax whose random concatenations reach deep into the grammar.
const MLIR_PIECES: &[&str] = &[
    "%0",
    "%a",
    " = ",
    "%r:2",
    "%r#1",
    "@f",
    "@\"q\"",
    "#map",
    "!air.async.token",
    "^bb0",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "<",
    ">",
    "<{",
    "}>",
    ",",
    ":",
    "->",
    "\n",
    " ",
    "\"s\"",
    "1",
    "-1",
    "0x10",
    "1.5",
    "index",
    "memref<4xbf16, 2 : i32>",
    "func.func",
    "scf.for",
    "air.launch",
    "air.segment",
    "air.herd",
    "air.rank",
    "air.execute",
    "air.channel",
    "air.channel.put",
    "air.channel.get",
    "air.dma_memcpy_nd",
    "air.wait_all",
    "scf.parallel",
    "scf.forall",
    "scf.while",
    "affine.for",
    "gpu.launch",
    "linalg.map",
    "\"test.op\"",
    "async",
    "tile",
    "in",
    "args",
    "unroll",
    "universe",
    "attributes",
    "iter_args",
    "shared_outs",
    "blocks",
    "threads",
    "do",
    "dest",
    "loc",
    "to",
    "step",
    "private",
    "return",
    "// c\n",
    "{-#",
    "#-}",
    "...",
    "?",
    "*",
    "x4xf32",
    "=",
];

// ---- mutations of corpus snippets ----

/// Corpus files (or synthetic kernels without a corpus), loaded once.
fn snippet_sources() -> &'static Vec<String> {
    static SOURCES: OnceLock<Vec<String>> = OnceLock::new();
    SOURCES.get_or_init(|| {
        let mut sources = Vec::new();
        if let Some(dir) = air_testkit::corpus_dir() {
            for file in air_testkit::corpus_files(&dir) {
                if let Ok(text) = std::fs::read_to_string(&file.path) {
                    sources.push(text);
                }
            }
        }
        if sources.is_empty() {
            sources.extend((0..4).map(air_testkit::synthetic::synthetic_kernel));
        }
        sources
    })
}

#[derive(Clone, Debug)]
enum Mutation {
    Delete { at: usize, len: usize },
    Insert { at: usize, piece: &'static str },
    Duplicate { at: usize, len: usize },
    Truncate { at: usize },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 1..40usize).prop_map(|(at, len)| Mutation::Delete { at, len }),
        (any::<usize>(), prop::sample::select(MLIR_PIECES)).prop_map(|(at, piece)| Mutation::Insert { at, piece }),
        (any::<usize>(), 1..200usize).prop_map(|(at, len)| Mutation::Duplicate { at, len }),
        any::<usize>().prop_map(|at| Mutation::Truncate { at }),
    ]
}

/// The char boundary at or before `at % (len + 1)`.
fn boundary(text: &str, at: usize) -> usize {
    let mut idx = at % (text.len() + 1);
    while !text.is_char_boundary(idx) {
        idx -= 1;
    }
    idx
}

fn apply(text: &mut String, mutation: &Mutation) {
    match *mutation {
        Mutation::Delete { at, len } => {
            let start = boundary(text, at);
            let end = boundary(text, (start + len).min(text.len()));
            text.replace_range(start..end.max(start), "");
        }
        Mutation::Insert { at, piece } => {
            let at = boundary(text, at);
            text.insert_str(at, piece);
        }
        Mutation::Duplicate { at, len } => {
            let start = boundary(text, at);
            let end = boundary(text, (start + len).min(text.len())).max(start);
            let copy = text[start..end].to_string();
            text.insert_str(end, &copy);
        }
        Mutation::Truncate { at } => {
            let at = boundary(text, at);
            text.truncate(at);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn mutated_corpus_snippets_never_panic_and_print_back(
        source in any::<usize>(),
        start in any::<usize>(),
        len in 1..4000usize,
        mutations in prop::collection::vec(mutation(), 1..8),
    ) {
        let sources = snippet_sources();
        let text = &sources[source % sources.len()];
        let from = boundary(text, start);
        let to = boundary(text, (from + len).min(text.len())).max(from);
        let mut snippet = text[from..to].to_string();
        for mutation in &mutations {
            apply(&mut snippet, mutation);
        }
        parse_and_exercise(&snippet);
    }
}

// ---- deep nesting, on a small stack ----

/// Runs `f` on a thread with a 256 KiB stack: if recursion were unbounded in the input's
/// depth, 100,000 levels would overflow it (and abort the test binary).
fn on_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new().stack_size(256 * 1024).spawn(f).unwrap().join().unwrap()
}

/// Parses `text` on a small stack, drops the tree there too, and returns the error codes.
fn deep_parse_codes(text: String) -> Vec<&'static str> {
    on_small_stack(move || {
        let parsed = parse(&text);
        assert_eq!(parsed.tree.print(), text);
        let _ = parsed.scopes.debug_dump(&parsed.tree);
        let codes: Vec<&'static str> = parsed.all_errors().iter().map(|d| d.code).collect();
        drop(parsed);
        codes
    })
}

const DEPTH: usize = 100_000;

#[test]
fn hundred_thousand_open_braces_are_refused_as_unclosed_without_overflow() {
    // A `{` cannot start an op, and these are never closed: both are reported, once.
    let codes = deep_parse_codes("{".repeat(DEPTH));
    assert_eq!(codes, [codes::EXPECTED, codes::UNCLOSED_DELIMITER]);
    let codes = deep_parse_codes(format!("test.op {}", "{".repeat(DEPTH)));
    assert_eq!(codes, [codes::UNCLOSED_DELIMITER]);
}

#[test]
fn hundred_thousand_nested_regions_are_refused_with_the_depth_limit_without_overflow() {
    let text = format!("{}{}", "test.op {\n".repeat(DEPTH), "}\n".repeat(DEPTH));
    let codes = deep_parse_codes(text);
    assert_eq!(codes, [codes::TOO_DEEP]);
}

#[test]
fn hundred_thousand_nested_scf_for_loops_are_refused_with_the_depth_limit_without_overflow() {
    let mut text = String::from("func.func @deep(%n: index) {\n  %c0 = arith.constant 0 : index\n");
    for depth in 0..DEPTH {
        text.push_str(&format!("scf.for %i{depth} = %c0 to %n step %n {{\n"));
    }
    text.push_str(&"}\n".repeat(DEPTH));
    text.push_str("return\n}\n");
    let codes = deep_parse_codes(text);
    assert_eq!(codes, [codes::TOO_DEEP]);
}

#[test]
fn hundred_thousand_nested_generic_regions_are_refused_with_the_depth_limit_without_overflow() {
    let text = format!("{}{}", "\"test.op\"() ({\n".repeat(DEPTH), "}) : () -> ()\n".repeat(DEPTH));
    let codes = deep_parse_codes(text);
    assert!(codes.contains(&codes::TOO_DEEP), "{codes:?}");
}

#[test]
fn hundred_thousand_nested_parens_brackets_and_angles_never_overflow() {
    for (open, close) in [("(", ")"), ("[", "]"), ("<", ">")] {
        let text = format!(
            "%0 = test.op {}{} : memref<{}{}>\n",
            open.repeat(DEPTH),
            close.repeat(DEPTH),
            open.repeat(DEPTH),
            close.repeat(DEPTH)
        );
        deep_parse_codes(text);
        let text = format!("test.op {{a = {}{}}}\n", open.repeat(DEPTH), close.repeat(DEPTH));
        deep_parse_codes(text);
        let text =
            format!("func.func @f(%a: {}i32{}) -> ({}", "(".repeat(DEPTH), ")".repeat(DEPTH), open.repeat(DEPTH));
        deep_parse_codes(text);
    }
    // Braces inside an unknown op's parentheses are groups: they recurse like the others.
    let text = format!("test.op ({}{})\n", "{%a, ".repeat(DEPTH), "}".repeat(DEPTH));
    let codes = deep_parse_codes(text);
    assert!(codes.contains(&codes::TOO_DEEP), "{codes:?}");
}

#[test]
fn nesting_just_below_the_limit_parses_without_errors() {
    // Each scf.for takes a region and a block: stay well inside MAX_DEPTH.
    let depth = (air_syntax::MAX_DEPTH as usize) / 2 - 2;
    let mut text = String::from("func.func @deep(%n: index) {\n");
    for level in 0..depth {
        text.push_str(&format!("scf.for %i{level} = %n to %n step %n {{\n"));
    }
    text.push_str(&"}\n".repeat(depth));
    text.push_str("return\n}\n");
    let codes = deep_parse_codes(text);
    assert!(codes.is_empty(), "{codes:?}");
}

// ---- a large valid file ----

#[test]
fn a_valid_fifty_megabyte_file_parses_without_errors() {
    let text = common::big_valid_text(50 << 20);
    assert!(text.len() >= 50 << 20);
    let parsed = parse(&text);
    let errors: Vec<String> = parsed.all_errors().iter().take(5).map(|d| format!("{} {}", d.code, d.message)).collect();
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(parsed.scopes.unresolved_count(), 0);
    assert!(parsed.tree.print() == text, "round trip");
}
