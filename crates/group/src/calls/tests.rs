//! The layer's roles against the replay: every shipped layer and every generated one passes it
//! with the roles `group` decides; the roles each group had alone (before the layer decided
//! them) fail it where buffers cross calls.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use super::*;
use crate::layer::parse_layer;
use crate::{check_kernels, plan_groups, KernelInput};
use air_merge::slice::ParsedSlice;
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A layer's text grouped, its kernel files read relative to `base`.
fn group_text(text: &str, base: &Path) -> Option<(Layer, Grouping)> {
    let layer = parse_layer(text, FileId(0)).ok()?;
    let inputs: Vec<KernelInput> = layer
        .kernels
        .iter()
        .enumerate()
        .map(|(idx, k)| KernelInput {
            slice: k.file.as_deref().map(|f| {
                let text = std::fs::read_to_string(base.join(f)).unwrap();
                ParsedSlice::new(FileId(idx as u32 + 1), f, &text)
            }),
        })
        .collect();
    if !check_kernels(&layer, &inputs).is_empty() {
        return None;
    }
    let grouping = plan_groups(&layer, &inputs);
    Some((layer, grouping))
}

/// Every layer the repository ships: `testdata/layers/` and the fixtures of `testdata/group/`.
fn shipped_layers() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(repo().join("testdata/layers"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    for entry in std::fs::read_dir(repo().join("testdata/group")).unwrap() {
        let layer = entry.unwrap().path().join("layer.toml");
        if layer.is_file() {
            out.push(layer);
        }
    }
    out.sort();
    out
}

/// What `group` wrote before the layer decided the roles: each group's own, as `roles` gives
/// them for its module alone (outputs: its output candidates).
fn sets_alone(layer: &Layer, grouping: &Grouping, calls: &LayerCalls) -> Vec<replay::Call> {
    calls
        .calls
        .iter()
        .zip(&grouping.groups)
        .enumerate()
        .map(|(index, (call, group))| {
            let body = match group.candidate.as_ref().filter(|_| call.flow.is_some()) {
                Some(candidate) => {
                    let options = air_dataflow::Options {
                        names: candidate.names.clone(),
                        slices: Some(candidate.merged.slices.clone()),
                        ..air_dataflow::Options::default()
                    };
                    let alone = air_dataflow::analyze(&candidate.merged.parse, FileId(0), &options).unwrap();
                    let sets = Sets {
                        static_inputs: alone.static_input_indices().into_iter().collect(),
                        intermediates: alone.intermediate_indices().into_iter().collect(),
                        outputs: alone.outputs_or_candidates().into_iter().collect(),
                        bo_key: format!("{}_{}", layer.name, index + 1),
                    };
                    match body(call, &calls.buffers) {
                        Body::Kernel { launches, .. } => Body::Kernel { launches, sets },
                        other => other,
                    }
                }
                None => body(call, &calls.buffers),
            };
            replay::Call { args: call.args.clone(), body }
        })
        .collect()
}

/// `call 5 launch 1 reads normed2` for each stale read.
fn described(calls: &LayerCalls, stale: &[StaleRead]) -> Vec<String> {
    stale
        .iter()
        .map(|s| format!("invocation {}: {:?} reads {}", s.invocation, s.reader, calls.buffers[s.buffer].name))
        .collect()
}

#[test]
fn every_shipped_layer_passes_the_replay_with_the_layers_roles() {
    let mut seen = 0;
    for path in shipped_layers() {
        let text = std::fs::read_to_string(&path).unwrap();
        let Some((layer, grouping)) = group_text(&text, path.parent().unwrap()) else { continue };
        let calls = layer_calls(&layer, &grouping);
        assert_eq!(described(&calls, &calls.stale), Vec::<String>::new(), "{}", path.display());
        seen += 1;
    }
    assert!(seen >= 8, "{seen} layers");
}

#[test]
fn each_groups_roles_alone_fail_where_buffers_cross_calls() {
    // The case: Qwen2.5-1.5B decode at max_launches = 4. Alone, the group of `o, ra, rm,
    // gg` keeps `res1` and `normed2` to itself (read by its own later launches, so no output
    // candidates): the calls after it read the host's arrays, which nothing wrote.
    let path = repo().join("testdata/group/cross-call/layer.toml");
    let (layer, grouping) = group_text(&std::fs::read_to_string(&path).unwrap(), path.parent().unwrap()).unwrap();
    let calls = layer_calls(&layer, &grouping);
    assert!(calls.stale.is_empty());
    let alone = sets_alone(&layer, &grouping, &calls);
    let stale = replay::replay(&calls.buffers, &alone, &calls.outputs, INVOCATIONS);
    let found = described(&calls, &stale);
    for want in [
        "invocation 1: Launch { call: 6, launch: 1 } reads normed2",
        "invocation 1: Launch { call: 6, launch: 4 } reads res1",
    ] {
        assert!(found.iter().any(|f| f == want), "{found:#?}");
    }
    // The layer's roles read both back from call 5 and write them on every call of call 6.
    let sets = calls.calls[4].sets.as_ref().unwrap();
    let res1 = calls.calls[4].args.iter().position(|&b| calls.buffers[b].name == "res1").unwrap();
    assert!(sets.outputs.contains(&res1));
    let normed2 = calls.calls[5].args.iter().position(|&b| calls.buffers[b].name == "normed2").unwrap();
    let reader = calls.calls[5].sets.as_ref().unwrap();
    assert!(!reader.intermediates.contains(&normed2) && !reader.static_inputs.contains(&normed2));
}

#[test]
fn a_declared_output_is_read_back_from_its_last_writer() {
    let path = repo().join("testdata/layers/llama32_1b_decode.toml");
    let text =
        std::fs::read_to_string(&path).unwrap().replace("max_launches = 16", "max_launches = 16\noutputs = [\"v\"]");
    let (layer, grouping) = group_text(&text, path.parent().unwrap()).unwrap();
    let calls = layer_calls(&layer, &grouping);
    assert!(calls.outputs_declared);
    assert_eq!(calls.outputs.iter().map(|&b| calls.buffers[b].name.as_str()).collect::<Vec<_>>(), ["v"]);
    // `output` is no longer read back; `v` still is (attention reads it, and so does the consumer).
    let last = calls.calls[2].sets.as_ref().unwrap();
    assert!(last.outputs.is_empty(), "{last:?}");
    assert!(calls.stale.is_empty());
    // The replay checks what the consumer reads: with `output` declared, the consumer needs it.
    assert!(!described(&calls, &calls.stale).iter().any(|s| s.contains("Consumer")));
}

/// Kernels of the generated layers: (file, argument types, written argument).
const TEMPLATES: &[(&str, &[&str], usize)] = &[
    ("rmsnorm_1d_2048.mlir", &["memref<2048xbf16>", "memref<2048xbf16>", "memref<2048xbf16>"], 2),
    ("gemv_2048x2048.mlir", &["memref<2048x2048xbf16>", "memref<2048xbf16>", "memref<2048xbf16>"], 2),
    ("gemv_512x2048.mlir", &["memref<512x2048xbf16>", "memref<2048xbf16>", "memref<512xbf16>"], 2),
    ("rope_1d_2048.mlir", &["memref<2048xbf16>", "memref<2048xbf16>", "memref<2048xbf16>"], 2),
    ("rope_1d_512.mlir", &["memref<512xbf16>", "memref<512xbf16>", "memref<512xbf16>"], 2),
    ("add_2048.mlir", &["memref<2048xbf16>", "memref<2048xbf16>", "memref<2048xbf16>"], 2),
    // o_gemv_ffn's stages: the first and last write row 0 of a packed 2 x 2048 buffer (a view),
    // the middle one reads both rows.
    (
        "matvec_2tile_add_2048x2048.mlir",
        &["memref<2048x2048xbf16>", "memref<2048xbf16>", "memref<2048xbf16>", "row0"],
        3,
    ),
    ("matvec_swiglu_rms_16384x2048.mlir", &["memref<16384x2048xbf16>", "memref<2x2048xbf16>", "memref<8192xbf16>"], 2),
];

/// One generated layer's choices, drawn by proptest.
#[derive(Clone, Debug)]
struct Draw {
    kernels: Vec<(usize, Vec<u8>, bool, bool)>,
    max_launches: usize,
}

fn draw() -> impl Strategy<Value = Draw> {
    let kernel =
        (0..TEMPLATES.len(), proptest::collection::vec(any::<u8>(), 4), any::<bool>(), prop::bool::weighted(0.15));
    (proptest::collection::vec(kernel, 2..10), 1usize..6)
        .prop_map(|(kernels, max_launches)| Draw { kernels, max_launches })
}

/// The layer text of a draw: each kernel reads buffers of its types that exist (or new ones,
/// activations, weights or undeclared), and writes a new buffer or overwrites one; now and then
/// an external kernel reads two buffers and writes a new one.
fn layer_of(draw: &Draw) -> String {
    let mut buffers: Vec<(String, String, Option<&str>)> = Vec::new();
    let mut kernels = String::new();
    let fresh = |buffers: &mut Vec<(String, String, Option<&str>)>, ty: &str, kind: Option<&'static str>| {
        let name = format!("b{}", buffers.len());
        buffers.push((name.clone(), ty.to_string(), kind));
        name
    };
    for (n, (template, picks, overwrite, external)) in draw.kernels.iter().enumerate() {
        if *external {
            let readable: Vec<&(String, String, Option<&str>)> =
                buffers.iter().filter(|b| b.1 == "memref<2048xbf16>").collect();
            let mut args: Vec<String> = readable.iter().rev().take(2).map(|b| b.0.clone()).collect();
            let out = fresh(&mut buffers, "memref<2048xbf16>", None);
            args.push(out.clone());
            let list = args.iter().map(|a| format!("\"{a}\"")).collect::<Vec<_>>().join(", ");
            kernels.push_str(&format!(
                "[[kernel]]\nname = \"e{n}\"\nexternal = true\nargs = [{list}]\nwrites = [\"{out}\"]\n\n"
            ));
        }
        let (file, types, written) = TEMPLATES[*template];
        let mut args = Vec::new();
        for (position, ty) in types.iter().enumerate() {
            let pick = picks[position % picks.len()];
            let (ty, view) = if *ty == "row0" { ("memref<2x2048xbf16>", true) } else { (*ty, false) };
            let existing: Vec<String> = buffers
                .iter()
                .filter(|b| b.1 == ty && (position != written || b.2 != Some("weight")))
                .map(|b| b.0.clone())
                .collect();
            let name = if position == written && (!*overwrite || existing.is_empty()) {
                fresh(&mut buffers, ty, None)
            } else if !existing.is_empty() && pick % 4 != 0 {
                existing[pick as usize % existing.len()].clone()
            } else {
                let kind = [Some("activation"), Some("weight"), None][pick as usize % 3];
                fresh(&mut buffers, ty, kind)
            };
            args.push(if view { format!("{name}_row0") } else { name });
        }
        let list = args.iter().map(|a| format!("\"{a}\"")).collect::<Vec<_>>().join(", ");
        kernels.push_str(&format!("[[kernel]]\nname = \"k{n}\"\nfile = \"../kernels/{file}\"\nargs = [{list}]\n\n"));
    }
    let mut text = format!(
        "[layer]\nname = \"generated\"\nbackend = {{ output_format = \"elf\", air_runtime_loop_tiling_sizes = [16, 16] }}\nmax_launches = {}\n\n",
        draw.max_launches
    );
    for (name, ty, kind) in &buffers {
        text.push_str(&format!("[[buffer]]\nname = \"{name}\"\ntype = \"{ty}\"\n"));
        if let Some(kind) = kind {
            text.push_str(&format!("kind = \"{kind}\"\n"));
        }
        if ty == "memref<2x2048xbf16>" {
            text.push_str(&format!(
                "[[view]]\nname = \"{name}_row0\"\nof = \"{name}\"\ntype = \"memref<2048xbf16>\"\nops = \"\"\"\n%{name}_row0_s = memref.subview %{name}[0, 0] [1, 2048] [1, 1] : memref<2x2048xbf16> to memref<2048xbf16, strided<[1]>>\n%{name}_row0 = memref.cast %{name}_row0_s : memref<2048xbf16, strided<[1]>> to memref<2048xbf16>\n\"\"\"\n"
            ));
        }
    }
    text.push('\n');
    text + &kernels
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    /// Any layer: whatever crosses its calls, forwards or skipping calls, overwritten or partly
    /// written, the layer's roles pass the two-invocation replay.
    #[test]
    fn generated_layers_pass_the_replay(draw in draw()) {
        let text = layer_of(&draw);
        let base = repo().join("testdata/layers");
        let Some((layer, grouping)) = group_text(&text, &base) else { return Ok(()) };
        let calls = layer_calls(&layer, &grouping);
        prop_assert!(calls.stale.is_empty(), "{}\n{:#?}", text, described(&calls, &calls.stale));
    }
}

#[test]
fn generated_layers_catch_the_roles_of_groups_alone() {
    // The replay has teeth on generated layers too: the roles each group had alone fail it on
    // some of them (a buffer read by a later call, not read back).
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut failing = 0;
    for _ in 0..24 {
        let draw = draw().new_tree(&mut runner).unwrap().current();
        let Some((layer, grouping)) = group_text(&layer_of(&draw), &repo().join("testdata/layers")) else { continue };
        let calls = layer_calls(&layer, &grouping);
        let alone = sets_alone(&layer, &grouping, &calls);
        if !replay::replay(&calls.buffers, &alone, &calls.outputs, INVOCATIONS).is_empty() {
            failing += 1;
        }
    }
    assert!(failing > 0);
}
