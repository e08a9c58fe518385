//! `to_generic`: whole-output snapshots of the generic form of every file under
//! `testdata/verify/generic/` and of a few representative corpus files, `mlir-opt-22`
//! accepting the complete ones, byte-identical output for files without AIR ops, and the
//! offset map pointing generated text back at the original.
// Tests may unwrap and panic: a failure is the report.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use air_syntax::SPLIT_MARKER;
use air_verify::{to_generic, GenericOptions};

/// The generic form of a whole file (chunks joined by the marker) and its diagnostics.
fn generic_of(name: &str, text: &str, split: bool, options: GenericOptions) -> (String, String, bool) {
    let parsed = common::Parsed::new(name, text.to_string(), split);
    let mut printed = Vec::new();
    let mut diagnostics = Vec::new();
    for input in parsed.inputs() {
        let generic = to_generic(&input, options);
        printed.push(generic.text);
        diagnostics.extend(generic.diagnostics);
    }
    let complete = !diagnostics.iter().any(|d| d.is_error());
    (printed.join(SPLIT_MARKER), common::render_all(name, text, &diagnostics), complete)
}

fn snapshot(name: &str, description: &str, printed: &str, rendered: &str) {
    let body =
        if rendered.is_empty() { printed.to_string() } else { format!("{printed}\n==== diagnostics ====\n{rendered}") };
    insta::with_settings!({
        snapshot_path => "../../../snapshots/verify",
        prepend_module_to_snapshot => false,
        description => description.to_string(),
    }, {
        insta::assert_snapshot!(name.to_string(), body);
    });
}

#[test]
fn testdata_files_print_in_generic_form_that_mlir_opt_accepts() {
    let mlir_opt = air_testkit::mlir_opt();
    for path in common::testdata("generic") {
        let name = common::display_name(&path);
        let text = std::fs::read_to_string(&path).unwrap();
        let split = text.contains(SPLIT_MARKER);
        let (printed, rendered, complete) = generic_of(&name, &text, split, GenericOptions::default());
        snapshot(&format!("generic__{}", common::stem(&path)), &format!("print --generic {name}"), &printed, &rendered);
        if let (Some(mlir_opt), true) = (&mlir_opt, complete) {
            if let Err(stderr) = air_testkit::run_mlir_opt(mlir_opt, printed.as_bytes(), split) {
                panic!("mlir-opt-22 rejects the generic form of {name}:\n{stderr}\n{printed}");
            }
        }
    }
}

/// Representative upstream files: hierarchy and channels, DMA with padding, rank/universe/
/// translate, air.custom, and region-less named launches.
const CORPUS_SAMPLES: &[&str] = &[
    "mlir/test/Conversion/AIRToAIE/packet_single_producer_one_flow.mlir",
    "mlir/test/Transform/AIRDmaToChannel/dma_to_channel_with_padding.mlir",
    "mlir/test/Dialect/AIR/air_rank.mlir",
    "mlir/test/Dialect/AIR/air_custom.mlir",
    "mlir/test/Dialect/AIR/air_launch.mlir",
];

#[test]
fn representative_corpus_files_print_in_generic_form() {
    let Some(dir) = air_testkit::corpus_dir() else { return };
    let files = air_testkit::corpus_files(&dir);
    let mlir_opt = air_testkit::mlir_opt();
    for relpath in CORPUS_SAMPLES {
        let file =
            files.iter().find(|f| f.relpath == *relpath).unwrap_or_else(|| panic!("{relpath} not in the corpus"));
        let text = std::fs::read_to_string(&file.path).unwrap();
        let (printed, rendered, complete) = generic_of(relpath, &text, file.split, GenericOptions::default());
        assert!(complete, "{relpath}: {rendered}");
        let stem = relpath.rsplit('/').next().unwrap().trim_end_matches(".mlir");
        snapshot(&format!("generic_corpus__{stem}"), &format!("print --generic {relpath}"), &printed, &rendered);
        if let Some(mlir_opt) = &mlir_opt {
            if let Err(stderr) = air_testkit::run_mlir_opt(mlir_opt, printed.as_bytes(), file.split) {
                panic!("mlir-opt-22 rejects the generic form of {relpath}:\n{stderr}");
            }
        }
    }
}

#[test]
fn chunks_without_custom_form_air_ops_print_byte_for_byte() {
    let Some(dir) = air_testkit::corpus_dir() else { return };
    let mut checked = 0;
    for file in air_testkit::corpus_files(&dir) {
        let text = std::fs::read_to_string(&file.path).unwrap();
        let parsed = common::Parsed::new(&file.relpath, text, file.split);
        for input in parsed.inputs() {
            let has_air = air_syntax::views::all_ops(input.parse.tree.root())
                .any(|op| !op.is_generic() && (op.name().starts_with("air.") || op.name().starts_with("airrt.")));
            if has_air {
                continue;
            }
            checked += 1;
            let generic = to_generic(&input, GenericOptions::default());
            assert_eq!(generic.text, input.parse.tree.text(), "{}@{}", file.relpath, input.offset);
        }
    }
    assert!(checked > 100, "only {checked} chunks without AIR ops");
}

#[test]
fn module_wrapping_hoists_aliases_and_keeps_a_single_module_as_is() {
    let text = "#map = affine_map<(d0) -> (d0)>\nfunc.func @f() {\n  return\n}\n";
    let (wrapped, _, _) =
        generic_of("w.mlir", text, false, GenericOptions { wrap_in_module: true, ..GenericOptions::default() });
    assert_eq!(wrapped, "#map = affine_map<(d0) -> (d0)>\nmodule {\n\nfunc.func @f() {\n  return\n}\n\n}\n");
    let module = "module {\n  func.func @f() {\n    return\n  }\n}\n";
    let (kept, _, _) =
        generic_of("m.mlir", module, false, GenericOptions { wrap_in_module: true, ..GenericOptions::default() });
    assert_eq!(kept, module);
}

#[test]
fn offset_map_points_generated_text_back_at_the_original() {
    let path = air_testkit::repo_root().join("testdata/verify/generic/all_ops.mlir");
    let text = std::fs::read_to_string(&path).unwrap();
    let parsed = common::Parsed::new("all_ops.mlir", text.clone(), false);
    let input = parsed.inputs().remove(0);
    let generic = to_generic(&input, GenericOptions::default());
    // Copied text maps exactly: every `memref.alloc()` of the output is one of the input.
    let mut copies = 0;
    for (at, _) in generic.text.match_indices("memref.alloc()") {
        let original = generic.map.to_original(at as u32).expect("mapped");
        assert!(text[original.start as usize..].starts_with("memref.alloc()"), "alloc at {at} maps to {original:?}");
        copies += 1;
    }
    assert_eq!(copies, 2);
    // Generated operands map to their original use: `%arg0` of `"air.launch"(...)`.
    let launch = generic.text.find("\"air.launch\"(").unwrap();
    let arg0 = launch + generic.text[launch..].find("%arg0").unwrap();
    let original = generic.map.to_original(arg0 as u32).unwrap();
    assert_eq!(&text[original.start as usize..original.end as usize], "%arg0");
    let line = text[..original.start as usize].matches('\n').count() + 1;
    assert_eq!(line, 13, "the launch header line");
}

#[test]
fn verification_form_gives_air_ops_with_a_region_a_second_empty_one() {
    let text = "func.func @f() {\n  air.wait_all\n  %t = air.execute {\n    memref.dealloc %m : memref<4xi32>\n  }\n  return\n}\n";
    let (plain, _, _) = generic_of("v.mlir", text, false, GenericOptions::default());
    let (verification, _, _) = generic_of("v.mlir", text, false, GenericOptions::for_verification());
    assert_eq!(
        plain,
        "func.func @f() {\n  \"air.wait_all\"() : () -> () loc(\"v.mlir\":2:3)\n  %t = \"air.execute\"() ({\n    memref.dealloc %m : memref<4xi32>\n    \"air.execute_terminator\"() : () -> () loc(\"v.mlir\":3:3)\n  }) : () -> !air.async.token loc(\"v.mlir\":3:3)\n  return\n}\n"
    );
    assert_eq!(
        verification,
        "module {\nfunc.func @f() {\n  \"air.wait_all\"() : () -> () loc(\"v.mlir\":2:3)\n  %t = \"air.execute\"() ({\n    memref.dealloc %m : memref<4xi32>\n    \"air.execute_terminator\"() : () -> () loc(\"v.mlir\":3:3)\n  }, {}) : () -> !air.async.token loc(\"v.mlir\":3:3)\n  return\n}\n\n}\n"
    );
}
