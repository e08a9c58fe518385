//! check-merge's orchestration on the reference plans of `testdata/plans`, through the
//! recording backend (a test double: no NPU exists here). Each kernel "runs" as a Rust function
//! that stands for its slice: every output it writes is its first input with the low bits mixed
//! from all its inputs, so a value depends on everything the slice reads. The merged kernel is
//! the slices' functions composed through the plan's wiring, written out here by hand (the
//! alias offsets too), not taken from the library. The transcript of every call is snapshotted
//! under `snapshots/check-merge/`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use air_arrays::compare::{Gate, Options};
use air_check_merge::{Artifacts, Binding, CheckMergeReport, Layout, RunOptions};
use air_device::recording::RecordingBackend;
use air_device::Artifact;
use air_diagnostics::FileId;
use air_merge::plan::{parse_plan, MergePlan};
use air_merge::slice::ParsedSlice;
use air_testkit::repo_root;
use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

struct Case {
    plan: MergePlan,
    layout: Layout,
    inputs: air_check_merge::Inputs,
}

fn case(name: &str) -> Case {
    let path = repo_root().join("testdata/plans").join(format!("{name}.toml"));
    let plan = parse_plan(&std::fs::read_to_string(&path).unwrap(), FileId(0)).unwrap();
    let slices: Vec<ParsedSlice> = plan
        .slices
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let text = std::fs::read_to_string(path.parent().unwrap().join(&s.file)).unwrap();
            ParsedSlice::new(FileId(i as u32 + 1), &s.file, &text)
        })
        .collect();
    let merged = air_merge::merge::finish(air_merge::merge::stitch(&plan, &slices).unwrap()).unwrap();
    let layout = air_check_merge::prepare(&plan, &slices, &merged, FileId(99)).unwrap();
    let members: Vec<(String, Vec<u8>)> =
        air_check_merge::generate_inputs(&layout, 7).into_iter().map(|g| (g.member, g.npy)).collect();
    let (inputs, warnings) = air_check_merge::bind_inputs(&layout, &members).unwrap();
    assert!(warnings.is_empty());
    Case { plan, layout, inputs }
}

fn artifact(name: &str) -> Artifact {
    Artifact::Xclbin { xclbin: name.as_bytes().to_vec(), insts: vec![0, 1, 2], kernel_name: "MLIR_AIE".to_string() }
}

/// What a slice's kernel does to its arguments (copies, in order): each output is its first
/// input, cycled, with the 3 low mantissa bits the XOR of every input's at that position.
fn slice_kernel(args: &mut [Vec<u8>], outputs: &[usize]) {
    let inputs: Vec<Vec<u16>> = (0..args.len())
        .filter(|i| !outputs.contains(i))
        .map(|i| args[i].chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect())
        .collect();
    for &o in outputs {
        let out = &mut args[o];
        for (j, chunk) in out.chunks_exact_mut(2).enumerate() {
            let base = inputs[0][j % inputs[0].len()];
            let low = inputs.iter().fold(0u16, |acc, input| acc ^ (input[j % input.len()] & 7));
            chunk.copy_from_slice(&((base & !7) | low).to_le_bytes());
        }
    }
}

/// The slice arguments each slice of a reference plan writes (the plans' comments).
fn outputs_of(plan: &str) -> Vec<Vec<usize>> {
    match plan {
        "o_gemv_ffn" => vec![vec![3], vec![2], vec![3]],
        "rms_gemms_rope" => vec![vec![2]; 6],
        "o_ffn" => vec![vec![2]; 8],
        other => panic!("no outputs for {other}"),
    }
}

/// The prelude aliases of the reference plans, as byte ranges of their argument.
fn alias_range(alias: &str) -> (usize, usize, usize) {
    match alias {
        // Row 0 of memref<2x2048xbf16>.
        "%arg6_row0" => (6, 0, 4096),
        other => panic!("unknown alias {other}"),
    }
}

/// How the merged kernel misbehaves, if at all, in slice `slice`'s part.
#[derive(Clone, Copy, PartialEq)]
enum Fault {
    None,
    /// Its outputs negated.
    Diverge(usize),
    /// Every 10th output element 5% larger.
    Perturb(usize),
    /// It reads its output buffer before writing it: from the second call, stale values leak in.
    Stale(usize),
}

fn bf16_scale(bits: u16, by: f32) -> u16 {
    let x = f32::from_bits(u32::from(bits) << 16) * by;
    air_check_merge::bf16_bits(x)
}

/// The merged kernel: the slices' functions in plan order on the merged arguments, wired as the
/// plan says.
fn merged_kernel(
    plan: &MergePlan,
    outputs: Vec<Vec<usize>>,
    fault: Fault,
) -> impl FnMut(&mut [Vec<u8>]) -> Result<(), String> {
    let wiring: Vec<Vec<(usize, usize, usize)>> = plan
        .slices
        .iter()
        .map(|s| {
            let n = s.args.keys().chain(s.aliases.keys()).max().map_or(0, |m| m + 1);
            (0..n)
                .map(|i| match (s.args.get(&i), s.aliases.get(&i)) {
                    (Some((combined, _)), _) => (*combined, 0, usize::MAX),
                    (None, Some((alias, _))) => alias_range(alias),
                    _ => panic!("unwired"),
                })
                .collect()
        })
        .collect();
    let calls = Rc::new(Cell::new(0usize));
    move |args: &mut [Vec<u8>]| {
        calls.set(calls.get() + 1);
        for (s, wires) in wiring.iter().enumerate() {
            let mut local: Vec<Vec<u8>> = wires
                .iter()
                .map(|&(arg, offset, len)| {
                    let end = if len == usize::MAX { args[arg].len() } else { offset + len };
                    args[arg][offset..end].to_vec()
                })
                .collect();
            let stale: Vec<Vec<u8>> = outputs[s].iter().map(|&o| local[o].clone()).collect();
            slice_kernel(&mut local, &outputs[s]);
            for (k, &o) in outputs[s].iter().enumerate() {
                for (j, chunk) in local[o].chunks_exact_mut(2).enumerate() {
                    let bits = u16::from_le_bytes([chunk[0], chunk[1]]);
                    let old = u16::from_le_bytes([stale[k][2 * j], stale[k][2 * j + 1]]);
                    let new = match fault {
                        Fault::Diverge(f) if f == s => bits ^ 0x8000,
                        Fault::Perturb(f) if f == s && j % 10 == 0 => bf16_scale(bits, 1.05),
                        Fault::Stale(f) if f == s && old != 0 => bf16_scale(bits, 2.0),
                        _ => bits,
                    };
                    chunk.copy_from_slice(&new.to_le_bytes());
                }
            }
            for (&(arg, offset, _), data) in wires.iter().zip(&local) {
                args[arg][offset..offset + data.len()].copy_from_slice(data);
            }
        }
        Ok(())
    }
}

fn backend(case: &Case, name: &str, fault: Fault) -> (RecordingBackend, Artifacts) {
    let mut backend = RecordingBackend::new();
    let outputs = outputs_of(name);
    let mut slices = Vec::new();
    for (s, slice) in case.plan.slices.iter().enumerate() {
        let out = outputs[s].clone();
        backend.kernel(artifact(&slice.prefix), &slice.prefix, Duration::from_micros(400), move |args| {
            slice_kernel(args, &out);
            Ok(())
        });
        slices.push(artifact(&slice.prefix));
    }
    backend.kernel(
        artifact("merged"),
        "merged",
        Duration::from_micros(1000),
        merged_kernel(&case.plan, outputs, fault),
    );
    (backend, Artifacts { merged: artifact("merged"), slices })
}

fn options(gate: Gate) -> RunOptions {
    RunOptions { compare: Options { gate, ..Options::default() }, iterations: 2, warmup: 1 }
}

fn run(name: &str, fault: Fault, gate: Gate) -> (CheckMergeReport, RecordingBackend, Case) {
    let case = case(name);
    let (mut backend, artifacts) = backend(&case, name, fault);
    let report = air_check_merge::run(&case.layout, &case.inputs, &artifacts, &mut backend, &options(gate)).unwrap();
    (report, backend, case)
}

fn snapshot(name: &str, text: String) {
    insta::with_settings!({snapshot_path => "../../../snapshots/check-merge", prepend_module_to_snapshot => false, omit_expression => true}, {
        insta::assert_snapshot!(name, text);
    });
}

/// The layout, the calls and the verdict, as one text.
fn transcript(case: &Case, report: &CheckMergeReport, backend: &RecordingBackend) -> String {
    let mut out = String::from("--- layout\n");
    for b in &case.layout.buffers {
        out.push_str(&format!("{} {} {} B roles {:?}\n", b.label(), b.ty, b.bytes, b.roles.names()));
    }
    for s in &case.layout.slices {
        let bindings: Vec<String> = s
            .bindings
            .iter()
            .map(|b| match b {
                Binding::Whole(arg) => format!("%arg{arg}"),
                Binding::View { arg, alias, offset, len } => format!("{alias}=%arg{arg}[{offset}, +{len})"),
            })
            .collect();
        out.push_str(&format!("slice {} @{} ({}) writes {:?}\n", s.prefix, s.func, bindings.join(", "), s.writes));
    }
    out.push_str("--- calls\n");
    out.push_str(&backend.transcript());
    out.push_str("--- verdict\n");
    for c in &report.written {
        out.push_str(&format!(
            "{} writers {:?} identical {} pass {} mismatches {} cosine {:?}\n",
            c.label,
            c.writers,
            c.identical,
            c.pass(),
            c.metrics.mismatches,
            c.metrics.cosine.map(|x| format!("{x:.6}"))
        ));
    }
    out.push_str(&format!("outputs {:?}\n", report.outputs.iter().map(|c| c.arg).collect::<Vec<_>>()));
    out.push_str(&format!("divergence {:?}\nstale {:?}\npass {}\n", report.divergence, report.stale, report.pass()));
    let t = report.timings.as_ref().unwrap();
    out.push_str(&format!("unmerged {:?} merged {:?} speed-up {:?}\n", t.unmerged(), t.merged.median(), t.speedup()));
    out
}

#[test]
fn o_gemv_ffn_binds_its_prelude_alias_as_a_view_and_passes() {
    let (report, backend, case) = run("o_gemv_ffn", Fault::None, Gate::Both);
    assert!(report.pass(), "{:?}", report.diagnostics());
    // s1's argument 3 and s3's argument 2 are the same view of %arg6's row 0.
    let s1 = &case.layout.slices[0].bindings[3];
    let s3 = &case.layout.slices[2].bindings[2];
    let row0 = Binding::View { arg: 6, alias: "%arg6_row0".to_string(), offset: 0, len: 4096 };
    assert_eq!((s1, s3), (&row0, &row0));
    assert_eq!(report.outputs.iter().map(|c| c.arg).collect::<Vec<_>>(), vec![14]);
    assert!((report.timings.as_ref().unwrap().speedup().unwrap() - 1.2).abs() < 1e-9);
    snapshot("o_gemv_ffn", transcript(&case, &report, &backend));
}

#[test]
fn rms_gemms_rope_and_o_ffn_pass_with_every_slice_on_its_own_buffers() {
    for name in ["rms_gemms_rope", "o_ffn"] {
        let (report, backend, case) = run(name, Fault::None, Gate::Both);
        assert!(report.pass(), "{name}: {:?}", report.diagnostics());
        assert!(report.diagnostics().is_empty(), "{name}");
        snapshot(name, transcript(&case, &report, &backend));
    }
}

#[test]
fn a_divergent_slice_is_named_as_the_first() {
    // o_ffn's fourth slice (gg, the gate GEMM) diverges; its readers (sw, dg, fa) follow it.
    let (report, _, _) = run("o_ffn", Fault::Diverge(3), Gate::Both);
    assert!(!report.pass());
    let d = report.divergence.clone().unwrap();
    assert_eq!((d.slice, d.prefix.as_str(), d.args.as_slice()), (3, "gg", &[8][..]));
    let codes: Vec<&str> = report.diagnostics().iter().map(|d| d.code).collect();
    assert_eq!(codes, ["AS0960", "AS0961"]);
    // In o_gemv_ffn the first slice writes the alias view: its argument (%arg6) diverges.
    let (report, _, _) = run("o_gemv_ffn", Fault::Diverge(0), Gate::Both);
    let d = report.divergence.unwrap();
    assert_eq!((d.prefix.as_str(), d.args.as_slice()), ("s1", &[6][..]));
}

#[test]
fn the_gate_decides_a_small_perturbation() {
    let verdict = |gate| {
        let (report, _, _) = run("o_gemv_ffn", Fault::Perturb(2), gate);
        let m = &report.outputs[0].metrics;
        (report.pass(), m.mismatches > 0, m.cosine.unwrap() > 0.999)
    };
    assert_eq!(verdict(Gate::Cosine), (true, true, true));
    assert_eq!(verdict(Gate::Elementwise), (false, true, true));
    assert_eq!(verdict(Gate::Both), (false, true, true));
}

#[test]
fn a_kernel_that_reads_a_stale_buffer_is_caught_on_the_second_run() {
    let (report, _, _) = run("o_gemv_ffn", Fault::Stale(2), Gate::Both);
    // The first merged run is right: the outputs agree.
    assert!(report.outputs_pass());
    assert!(!report.stale_clean());
    let stale = &report.stale[0];
    assert_eq!((stale.arg, stale.nan, stale.first_changed.is_some()), (14, 0, true));
    assert!(stale.changed > 0);
    assert_eq!(report.diagnostics().iter().map(|d| d.code).collect::<Vec<_>>(), ["AS0962"]);
}

#[test]
fn inputs_are_deterministic_round_trip_through_the_reader_and_cover_what_the_device_reads() {
    let case = case("o_gemv_ffn");
    let first = air_check_merge::generate_inputs(&case.layout, 7);
    assert_eq!(first, air_check_merge::generate_inputs(&case.layout, 7));
    assert_ne!(first, air_check_merge::generate_inputs(&case.layout, 8));
    assert_eq!(first.iter().map(|g| g.arg).collect::<Vec<_>>(), vec![0, 1, 3, 6, 7, 12]);
    let members: Vec<(&str, &[u8])> = first.iter().map(|g| (g.member.as_str(), g.npy.as_slice())).collect();
    let npz = air_arrays::formats::write_npz(&members);
    for g in &first {
        let member = air_arrays::formats::npz_member(&npz, &g.member).unwrap();
        let array = air_arrays::formats::parse_npy(&member, true).unwrap();
        assert_eq!(array.shape, case.layout.buffers[g.arg].shape);
        let metrics = air_arrays::compare::compare(&array, &array, &Options::default()).unwrap();
        assert!(metrics.pass() && metrics.nan == 0 && metrics.max_abs == Some(0.0));
        assert!(metrics.cosine.unwrap() > 0.999_999);
    }
}

#[test]
fn missing_and_mismatched_members_are_located_errors() {
    let case = case("o_gemv_ffn");
    let mut members: Vec<(String, Vec<u8>)> =
        air_check_merge::generate_inputs(&case.layout, 1).into_iter().map(|g| (g.member, g.npy)).collect();
    members.retain(|(m, _)| m != "arg3");
    members[0].1 = air_arrays::formats::write_npy("<f4", &[3], false, &[0; 12]);
    members.push(("nope".to_string(), members[1].1.clone()));
    let errors = air_check_merge::bind_inputs(&case.layout, &members).unwrap_err();
    let found: Vec<(&str, Option<u32>)> =
        errors.iter().map(|d| (d.code, d.primary.as_ref().map(|l| l.range.start))).collect();
    let loc = |i: usize| case.plan.args[i].loc.map(|(_, r)| r.start);
    assert_eq!(found, [("AS0956", None), ("AS0955", loc(0)), ("AS0954", loc(3))]);
    assert!(errors[1].message.contains("it holds f32"), "{}", errors[1].message);
}

#[test]
fn a_named_plans_members_may_be_its_buffer_names() {
    let case = case("o_gemv_ffn_named");
    let generated = air_check_merge::generate_inputs(&case.layout, 3);
    let by_name: Vec<(String, Vec<u8>)> =
        generated.iter().map(|g| (case.layout.buffers[g.arg].name.clone().unwrap(), g.npy.clone())).collect();
    let names: Vec<&str> = by_name.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["wo", "attn_out", "x_residual", "rms_in", "w_gate_up", "wdown"]);
    let by_index: Vec<(String, Vec<u8>)> = generated.into_iter().map(|g| (g.member, g.npy)).collect();
    assert_eq!(
        air_check_merge::bind_inputs(&case.layout, &by_name).unwrap(),
        air_check_merge::bind_inputs(&case.layout, &by_index).unwrap()
    );
    // A missing one is named both ways.
    let errors = air_check_merge::bind_inputs(&case.layout, &by_name[1..]).unwrap_err();
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].message, "the inputs have no member `arg0` or `wo`: the device reads %arg0 (wo)");
}
