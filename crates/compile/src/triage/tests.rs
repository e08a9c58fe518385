//! Unit tests of the patterns (one per message form, from the upstream texts), the log reader
//! (locations, wrappers, notes, details) and the module attachment; and a property test that
//! triage never panics on arbitrary text.

use super::*;
use proptest::prelude::*;

#[test]
fn every_pattern_compiles() {
    assert_eq!(patterns::PATTERNS.len(), patterns::table_len());
}

/// The one finding of `log`: its class and parameters.
fn one(log: &str) -> Finding {
    let report = triage(log, None);
    assert_eq!(report.findings.len(), 1, "{log}\n{:#?}", report.findings);
    report.findings.into_iter().next().unwrap()
}

fn param(finding: &Finding, key: &str) -> Value {
    finding.params.get(key).cloned().unwrap_or(Value::Null)
}

#[test]
fn each_message_form_is_its_class() {
    let cases: &[(&str, Class)] = &[
        ("error: 'aiex.dma_configure_task' op Allocator exhausted available buffer descriptor IDs.", Class::BdExhaustion),
        ("x.mlir:1:2: error: 'aiex.dma_configure_task' op Too many simultaneously active buffer descriptors on tile (0,0), which supports up to 16. Emit", Class::BdExhaustion),
        ("error: 'aiex.npu.push_queue' op Repeat count exceeds [0:255]", Class::RepeatCount),
        ("error: 'aiex.npu.push_queue' op BD ID exceeds the maximum ID.", Class::RepeatCount),
        ("error: 'aie.dma_bd' op Size 1 exceeds the [0:1023] range.", Class::DmaDims),
        ("error: 'aie.dma_bd' op Size 3 exceeds the [1:64] range.", Class::DmaDims),
        ("error: 'aie.dma_bd' op Stride 0 exceeds the [1:1048576] range.", Class::DmaDims),
        ("error: 'x.y' op Stride 1 is 3 elements * 2 bytes = 6 bytes, which is not divisible by 4. ", Class::DmaDims),
        ("error: 'x.y' op Offset must be 4-byte-aligned.", Class::DmaDims),
        ("error: 'x.y' op Transfer sizes must be multiples of 4 bytes. 3 elements at 2 bytes each equal 6 bytes, which is not divisible by 4. ", Class::DmaDims),
        ("error: 'aiex.npu.writebd' op D0 Size exceeds the [0:255] range", Class::DmaDims),
        ("<unknown>:0: error: Unable to find a legal routing", Class::Routing),
        ("error: No valid placement found.", Class::Placement),
        ("error: failed to place logical shim tiles", Class::Placement),
        ("error: tile requires 3 input/0 output DMA channels, but only 2 input/2 output available", Class::Placement),
        ("error: 'aie.tile' op number of input DMA channel exceeded!", Class::Placement),
        ("error: 'air.herd' op disagrees with sibling air.herd 'h': one carries x_loc/y_loc, another does not", Class::HerdShape),
        ("error: 'aie.tile' op allocated buffers exceeded available memory: Sequential", Class::Memory),
        ("error: 'aie.tile' op Failed to allocate buffer: \"b\" with size: 65536 bytes.", Class::Memory),
        ("error: stack_size = 1 is insufficient: this core needs 96 bytes; increase", Class::Stack),
        ("error: stack_size is absent, so this core uses the device default of 1024 bytes, but it needs 2048 bytes; set", Class::Stack),
        ("error: 'aie.lock' op not allocated a lock.", Class::Locks),
        ("error: failed to legalize operation 'airrt.dma_memcpy_nd' that was explicitly marked illegal", Class::BareHerd),
        ("error: airrt.herd_load not found", Class::BareHerd),
        ("air-stitch: aircc did not finish within 90s (--timeout); its process group was killed", Class::CompileTimeout),
        ("aircc: Unknown command line argument '--x'.  Try: 'aircc --help'", Class::UnsupportedOption),
        ("aircc: for the --device option: Cannot find option named 'npu3'!", Class::UnsupportedOption),
        ("Error: --output-format=elf is not supported for --device=npu1. Use --output-format=xclbin", Class::UnsupportedOption),
        ("Error: could not find aiecc in PATH", Class::ToolMissing),
        ("Error: could not find program: xchesscc_wrapper", Class::ToolMissing),
        ("air-stitch: aircc not found: no --aircc, $AIRCC or aircc on PATH", Class::ToolMissing),
        ("error: 'aie.dma_bd' op Cannot give more than 4 dimensions for step sizes and wraps on this tile (got 5 dimensions).", Class::DmaDims),
        ("error: 'aie.dma_bd' op Specified stride(s) and size(s) result in out of bounds access in buffer, for index 2048 in memref of length 1024.", Class::DmaDims),
        ("error: 'aie.dma_bd' op Packet ID field can only hold 5 bits.", Class::Routing),
        ("x.mlir:7:3: error: 'air.channel.put' op found channel op not in pairs", Class::InvalidIr),
        ("x.mlir:9:5: error: 'memref.load' op inside 'air.herd' accesses memref with memory_space L3; AIE core tiles can only access L1 or more local memory directly. Use air.dma_memcpy_nd to stage data first.", Class::InvalidIr),
        ("x.mlir:2:1: error: custom op 'test.foo' is unknown (tried 'func.test.foo' as well)", Class::InvalidIr),
        ("x.mlir:12:7: error: operand #0 does not dominate this use", Class::InvalidIr),
        ("x.mlir:7:3: error: 'affine.for' op unknown LoopLikeOpInterface op type. Currently supports scf.for and scf.parallel", Class::InvalidIr),
        ("x.mlir:5:3: error: error lowering air.herd: herd name is undefined.", Class::InvalidIr),
        ("x.mlir:9:9: error: 'memref.load' op using value defined outside the region", Class::InvalidIr),
        ("error: 'aiex.npu.write32' op Cannot translate write32 with non-constant address or value to a static TXN binary", Class::RuntimeOffsets),
        ("loc(\"-\":9:7): error: failed to legalize operation 'air.dma_memcpy_nd' that was explicitly marked illegal", Class::BareHerd),
        ("x.mlir:4:5: error: 'air.dma_memcpy_nd' op has unexpected memref memory space at internal-side", Class::BareHerd),
        ("x.mlir:5:3: error: Dialect `air' not found for custom op 'air.launch' ", Class::InvalidIr),
        ("x.mlir:3:4: error: something new", Class::Unknown),
    ];
    for (line, class) in cases {
        assert_eq!(one(line).class, *class, "{line}");
    }
}

#[test]
fn parameters_are_pulled_out() {
    let f = one("x.mlir:5:7: error: 'aiex.dma_configure_task' op Allocator exhausted available buffer descriptor IDs for channel 1 on tile (2, 0). Live BD intervals exceed");
    assert_eq!((param(&f, "channel"), param(&f, "tile")), (json!(1), json!([2, 0])));
    assert_eq!(param(&f, "op"), json!("aiex.dma_configure_task"));
    let loc = f.location.unwrap();
    assert_eq!((loc.file.as_str(), loc.line, loc.column), ("x.mlir", 5, 7));
    let f = one("error: stack_size = 1024 is insufficient: this core needs 1408 bytes; increase");
    assert_eq!((param(&f, "stack_size_bytes"), param(&f, "needed_bytes")), (json!(1024), json!(1408)));
    let f = one("error: 'aie.tile' op allocated buffers exceeded available memory (70000>65536)\n");
    assert_eq!((param(&f, "needed_bytes"), param(&f, "available_bytes")), (json!(70000), json!(65536)));
    let f = one("error: 'aie.dma_bd' op Stride 2 exceeds the [1:131072] range.");
    assert_eq!(
        (param(&f, "kind"), param(&f, "dimension"), param(&f, "limit")),
        (json!("Stride"), json!(2), json!(131072))
    );
}

#[test]
fn locations_in_each_form() {
    let forms = [
        "loc(\"a.mlir\":3:4): error: Unable to find a legal routing",
        "error: \"a.mlir\":3:4: Unable to find a legal routing",
        "loc(callsite(\"a.mlir\":3:4 at \"b.mlir\":9:1)): error: Unable to find a legal routing",
        "[aiecc] a.mlir:3:4: error: Unable to find a legal routing",
    ];
    for form in forms {
        let loc = one(form).location.unwrap_or_else(|| panic!("{form}"));
        assert_eq!((loc.file.as_str(), loc.line, loc.column), ("a.mlir", 3, 4), "{form}");
    }
    assert!(one("<unknown>:0: error: Unable to find a legal routing").location.is_none());
}

#[test]
fn the_memory_map_note_and_the_lock_note_are_read() {
    let log = "t.mlir:9:13: error: 'aie.tile' op allocated buffers exceeded available memory\n\
               t.mlir:9:13: note: MemoryMap:\n\t(stack) \t: 0x0-0x3FF \t(1024 bytes)\n\tbig \t: 0x400-0x103FF \t(65536 bytes)\n";
    let f = one(log);
    assert_eq!(param(&f, "memory_map_bytes"), json!(0x10400));
    assert_eq!((param(&f, "largest_buffer"), param(&f, "largest_buffer_bytes")), (json!("big"), json!(65536)));
    assert_eq!(f.lines.len(), 4);
    let f = one("t.mlir:52:11: error: 'aie.lock' op not allocated a lock.\nt.mlir:7:16: note: because only 16 locks available in this tile.\n");
    assert_eq!(param(&f, "available_locks"), json!(16));
}

#[test]
fn unplaced_herds_are_details_of_the_placement_failure() {
    let log = "m.mlir:1:1: error: No valid placement found.\nm.mlir:12:5: error: 'air.herd' op \nUnplaced herd: a_h\n\n    air.herd @a_h\n    ^\nm.mlir:30:5: error: 'air.herd' op \nUnplaced herd: b_h\n";
    let f = one(log);
    assert_eq!(f.class, Class::Placement);
    assert_eq!(param(&f, "unplaced_herd"), json!(["a_h", "b_h"]));
    assert_eq!(f.location.map(|l| l.line), Some(12), "the first herd's location replaces the module's");
}

#[test]
fn wrappers_are_context_and_a_failure_with_only_wrappers_is_unknown() {
    let log = "a.mlir:1:1: error: Unable to find a legal routing\nError: pass pipeline failed: p\nError running command: aiecc\n";
    let f = one(log);
    assert_eq!(f.class, Class::Routing);
    assert_eq!(f.context.iter().map(|l| l.line).collect::<Vec<_>>(), [2, 3]);
    let f = one("compiling x\nError running command: aiecc\n");
    assert_eq!(f.class, Class::Unknown);
    assert!(triage("compiling x\nwarning: w\nall good\n", None).findings.is_empty());
}

#[test]
fn several_causes_are_all_reported_first_first_and_repeats_join() {
    let log = "a.mlir:2:1: error: 'aie.lock' op not allocated a lock.\na.mlir:5:1: error: stack_size = 1 is insufficient: this core needs 9 bytes\n\
               a.mlir:5:1: error: stack_size = 1 is insufficient: this core needs 9 bytes\nRuntimeError: stack_size = 1 is insufficient: this core needs 9 bytes\n";
    let report = triage(log, None);
    let classes: Vec<Class> = report.findings.iter().map(|f| f.class).collect();
    assert_eq!(classes, [Class::Locks, Class::Stack]);
    assert_eq!(report.findings[1].lines.len(), 3);
}

#[test]
fn the_markers_compile_writes_are_what_triage_reads() {
    let f = one(&timeout_marker("20m"));
    assert_eq!((f.class, param(&f, "timeout")), (Class::CompileTimeout, json!("20m")));
    assert!(timeout_marker("90s").starts_with(TIMEOUT_MARKER_PREFIX));
    let f = one(&tool_missing_marker("aircc", "not on PATH"));
    assert_eq!((f.class, param(&f, "tool")), (Class::ToolMissing, json!("aircc")));
}

const MERGED: &str = "module {\n  air.channel @b_chan [1]\n  func.func @fused(%arg0: memref<64xbf16>) {\n    // slice a: k1.mlir (@k)\n    air.launch () in () {\n    }\n    // slice b: k2.mlir (@k)\n    air.launch () in () {\n    }\n    return\n  }\n}\n";

#[test]
fn the_module_gives_the_op_and_the_slice_by_position_and_by_prefix() {
    let parse = air_syntax::parse(MERGED);
    let module = TriageModule::new("build/fused.mlir", MERGED, &parse, air_diagnostics::FileId(0));
    let log = "/tmp/x/fused.mlir:8:5: error: something new\nother.mlir:2:3: error: something else\nfused.mlir:2:3: error: Unable to find a legal routing\n";
    let report = triage(log, Some(&module));
    assert_eq!(report.module_named, Some(true));
    let [first, second, third] = &report.findings[..] else { panic!("{:#?}", report.findings) };
    let loc = first.location.as_ref().unwrap();
    assert_eq!((loc.in_module, loc.op.as_deref()), (true, Some(air_syntax::air_ops::AirOp::Launch.name())));
    assert_eq!(first.slice.as_ref().map(|s| (s.prefix.as_str(), s.by)), Some(("b", "position")));
    assert!(!second.location.as_ref().unwrap().in_module && second.slice.is_none());
    assert_eq!(third.slice.as_ref().map(|s| (s.prefix.as_str(), s.by)), Some(("b", "prefix")));
    assert_eq!(third.location.as_ref().unwrap().op.as_deref(), Some(air_syntax::air_ops::AirOp::Channel.name()));
}

#[test]
fn json_has_the_issue_schema() {
    let document = triage("error: Unable to find a legal routing", None).to_json();
    assert_eq!(document["schema"], SCHEMA);
    let finding = &document["findings"][0];
    for key in ["class", "code", "message", "remedy", "lines", "params", "location", "slice", "check_bd"] {
        assert!(finding.get(key).is_some(), "{key}");
    }
    assert_eq!(finding["class"], "routing");
    assert_eq!(finding["code"], codes::ROUTING);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]
    #[test]
    fn triage_never_panics_on_arbitrary_text(text in "(?s).{0,400}") {
        let _ = triage(&text, None);
    }

    #[test]
    fn triage_never_panics_on_log_like_text(
        lines in proptest::collection::vec(
            prop_oneof![
                Just("error: ".to_string()),
                Just("x.mlir:1:2: error: 'air.herd' op ".to_string()),
                Just("Unplaced herd: ".to_string()),
                Just("note: MemoryMap:".to_string()),
                Just("\tb : 0x0-0xFFFFFFFFFFFFFFFFFFFF (99999999999999999999 bytes)".to_string()),
                Just("Error: pass pipeline failed: x".to_string()),
                Just("loc(\"".to_string()),
                "[ -~\\t]{0,40}",
            ],
            0..30,
        )
    ) {
        let log = lines.join("\n");
        let parse = air_syntax::parse(MERGED);
        let module = TriageModule::new("x.mlir", MERGED, &parse, air_diagnostics::FileId(0));
        let _ = triage(&log, Some(&module));
    }
}

#[test]
fn a_pass_s_bare_error_after_its_conversion_is_not_a_finding_of_its_own() {
    // The kit's log of upstream's air_launch_dma_memcpy_nd.mlir: air-dma-to-channel's failed
    // conversion, then its `emitError(UnknownLoc, "error")`.
    let log = "loc(\"-\":9:7): error: failed to legalize operation 'air.dma_memcpy_nd' that was explicitly marked illegal\nerror: error\n";
    let findings = triage(log, None).findings;
    let classes: Vec<Class> = findings.iter().map(|f| f.class).collect();
    assert_eq!(classes, [Class::BareHerd], "{findings:#?}");
}
