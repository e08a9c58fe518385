//! The layer's calls together: the roles of each group's arguments decided over the whole
//! layer (what an earlier call makes, what a later call or the layer's consumer reads), each
//! call's `load_and_run` sets from them, and the proof: the calls replayed in order through
//! `KernelCache.load_and_run`'s buffer protocol for two consecutive invocations
//! (`air_dataflow::replay`), every read checked against one memory running the same launches.

use crate::layer::Layer;
use crate::Grouping;
use air_dataflow::intervals::IntervalSet;
use air_dataflow::replay::{self, Body, LaunchIo, Sets, StaleRead};
use air_dataflow::segments::Segments;
use air_dataflow::{ArgLayer, Dataflow, Mode};
use air_diagnostics::FileId;
use air_syntax::buffer::BufferKind;
use air_syntax::views::parse_memref_type;

/// How many consecutive invocations the replay runs: the second is where a skipped write or a
/// missing readback shows.
pub const INVOCATIONS: usize = 2;

/// One call of the layer (one group).
#[derive(Debug)]
pub struct Call {
    /// The buffer of each argument (an index into [`LayerCalls::buffers`]), in argument order.
    pub args: Vec<usize>,
    /// A merged group's dataflow, its roles the layer's.
    pub flow: Option<Dataflow>,
    /// An external kernel (or a group with no module): what it reads and writes.
    pub external: Option<External>,
    /// A merged group's `load_and_run` sets.
    pub sets: Option<Sets>,
}

/// What an external call reads and writes, by argument position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct External {
    pub reads: Vec<usize>,
    pub writes: Vec<usize>,
    /// Whether the layer says what it writes (`writes = [...]`), rather than the rule: an
    /// argument no earlier call writes and a later call reads.
    pub declared: bool,
}

/// The layer's calls, their roles and the replay's verdict.
#[derive(Debug)]
pub struct LayerCalls {
    /// The layer's buffers, then one per group argument that names none.
    pub buffers: Vec<replay::Buffer>,
    pub calls: Vec<Call>,
    /// The buffers the layer's consumer reads after the last call.
    pub outputs: Vec<usize>,
    /// Whether the layer declares them (`[layer] outputs`), rather than: every buffer with
    /// elements written that nothing reads afterwards (not scratch).
    pub outputs_declared: bool,
    /// The reads that did not see their invocation's values: none when the snippets are right
    /// together.
    pub stale: Vec<StaleRead>,
}

/// Decides every call's roles over the layer and replays the calls. Each merged group's
/// dataflow is analysed here (its diagnostics point into `FileId(0)`, the module's text).
pub fn layer_calls(layer: &Layer, grouping: &Grouping) -> LayerCalls {
    let mut buffers: Vec<replay::Buffer> = layer
        .buffers
        .iter()
        .map(|b| replay::Buffer {
            name: b.name.clone(),
            elements: parse_memref_type(&b.ty).and_then(|t| t.num_elements()).unwrap_or(1).max(1),
            kind: b.kind,
        })
        .collect();
    let mut calls: Vec<Call> = Vec::new();
    for group in &grouping.groups {
        let merged = group.candidate.as_ref().filter(|_| !group.external);
        let flow = merged.and_then(|c| {
            let options = air_dataflow::Options {
                names: c.names.clone(),
                slices: Some(c.merged.slices.clone()),
                ..air_dataflow::Options::default()
            };
            air_dataflow::analyze(&c.merged.parse, FileId(0), &options).ok()
        });
        match (merged, flow) {
            (Some(candidate), Some(flow)) => {
                let args = candidate
                    .names
                    .iter()
                    .enumerate()
                    .map(|(i, name)| buffer_named(layer, &mut buffers, name.as_deref(), &flow, i))
                    .collect();
                calls.push(Call { args, flow: Some(flow), external: None, sets: None });
            }
            _ => {
                // An external kernel, or one that does not merge even alone: its layer arguments.
                let decl = &layer.kernels[group.kernels.start];
                let args = decl.args.iter().map(|(binding, _)| layer.buffer_of(*binding)).collect();
                calls.push(Call { args, flow: None, external: None, sets: None });
            }
        }
    }
    let touches = Touches::of(&calls, buffers.len());
    for (index, group) in grouping.groups.iter().enumerate() {
        if calls[index].flow.is_none() {
            let decl = &layer.kernels[group.kernels.start];
            calls[index].external = Some(external_io(&calls, &touches, index, decl.writes.as_deref()));
        }
    }
    let io: Vec<Body> = calls.iter().map(|c| body(c, &buffers)).collect();
    let (outputs, outputs_declared) = match &layer.outputs {
        Some(declared) => (declared.clone(), true),
        None => (unread_writes(&buffers, &calls, &io), false),
    };
    let context = cross_calls(&buffers, &calls, &io, &outputs);
    for (index, (call, ctx)) in calls.iter_mut().zip(context).enumerate() {
        let Some(flow) = &mut call.flow else { continue };
        flow.apply_layer(ctx, FileId(0));
        call.sets = Some(Sets {
            static_inputs: flow.static_input_indices().into_iter().collect(),
            intermediates: flow.intermediate_indices().into_iter().collect(),
            outputs: flow.outputs.iter().copied().collect(),
            bo_key: format!("{}_{}", layer.name, index + 1),
        });
    }
    let replayed: Vec<replay::Call> = calls
        .iter()
        .zip(io)
        .map(|(call, body)| {
            let body = match (body, &call.sets) {
                (Body::Kernel { launches, .. }, Some(sets)) => Body::Kernel { launches, sets: sets.clone() },
                (body, _) => body,
            };
            replay::Call { args: call.args.clone(), body }
        })
        .collect();
    let stale = replay::replay(&buffers, &replayed, &outputs, INVOCATIONS);
    LayerCalls { buffers, calls, outputs, outputs_declared, stale }
}

/// The layer buffer a group argument names; one of its own for an argument that names none.
fn buffer_named(
    layer: &Layer,
    buffers: &mut Vec<replay::Buffer>,
    name: Option<&str>,
    flow: &Dataflow,
    arg: usize,
) -> usize {
    if let Some(b) = name.and_then(|n| layer.buffers.iter().position(|b| b.name == n)) {
        return b;
    }
    let info = flow.args.get(arg);
    buffers.push(replay::Buffer {
        name: info.map_or_else(|| format!("#{arg}"), |a| a.label()),
        elements: info.and_then(|a| a.elements).unwrap_or(1).max(1),
        kind: info.and_then(|a| a.kind),
    });
    buffers.len() - 1
}

/// Per buffer, the first call that writes it and the last that reads it (an external call counts
/// as reading its arguments): one pass over the calls.
struct Touches {
    first_write: Vec<usize>,
    last_read: Vec<Option<usize>>,
}

impl Touches {
    fn of(calls: &[Call], buffers: usize) -> Touches {
        let mut touches = Touches { first_write: vec![usize::MAX; buffers], last_read: vec![None; buffers] };
        for (index, call) in calls.iter().enumerate() {
            for (position, &b) in call.args.iter().enumerate() {
                let arg = call.flow.as_ref().and_then(|f| f.args.get(position));
                let (reads, writes) = match arg {
                    Some(arg) => (!arg.footprint(Mode::Read).is_empty(), !arg.footprint(Mode::Write).is_empty()),
                    None => (true, false),
                };
                if writes {
                    touches.first_write[b] = touches.first_write[b].min(index);
                }
                if reads {
                    touches.last_read[b] = Some(index);
                }
            }
        }
        touches
    }
}

/// What an external call reads and writes: as declared, else it writes each argument that no
/// earlier call writes and a later call reads, and reads the others.
fn external_io(calls: &[Call], touches: &Touches, index: usize, declared: Option<&[usize]>) -> External {
    let args = &calls[index].args;
    let writes: Vec<usize> = match declared {
        Some(writes) => writes.to_vec(),
        None => (0..args.len())
            .filter(|&a| {
                let b = args[a];
                let written_before = touches.first_write[b] < index;
                let read_after = touches.last_read[b].is_some_and(|last| last > index);
                !written_before && read_after
            })
            .collect(),
    };
    let reads = (0..args.len()).filter(|a| !writes.contains(a)).collect();
    External { reads, writes, declared: declared.is_some() }
}

/// A call's launches as the replay runs them: per launch what it reads and writes of each
/// argument (an unknown part counts as the whole buffer).
fn body(call: &Call, buffers: &[replay::Buffer]) -> Body {
    let Some(flow) = &call.flow else {
        let io = call.external.clone().unwrap_or(External { reads: Vec::new(), writes: Vec::new(), declared: false });
        return Body::External { reads: io.reads, writes: io.writes };
    };
    let launches = (0..flow.launches.len())
        .map(|launch| {
            let mut io = LaunchIo::default();
            for (arg, &b) in flow.args.iter().zip(&call.args) {
                let elements = buffers[b].elements;
                let part = |mode| {
                    let footprint = arg.footprint_in(launch, mode);
                    if footprint.unknown.is_some() {
                        IntervalSet::range(0, elements)
                    } else {
                        footprint.known.intersection(&IntervalSet::range(0, elements))
                    }
                };
                let (read, written) = (part(Mode::Read), part(Mode::Write));
                if !read.is_empty() {
                    io.reads.push((arg.index, read));
                }
                if !written.is_empty() {
                    io.writes.push((arg.index, written));
                }
            }
            io
        })
        .collect();
    Body::Kernel { launches, sets: Sets::default() }
}

/// Each step of the layer in order: (call, launch-or-external) reads and writes by buffer.
fn steps<'a>(calls: &'a [Call], io: &'a [Body], buffers: &'a [replay::Buffer]) -> Vec<Step> {
    let mut out = Vec::new();
    for (index, (call, body)) in calls.iter().zip(io).enumerate() {
        match body {
            Body::Kernel { launches, .. } => {
                for launch in launches {
                    let by_buffer = |list: &[(usize, IntervalSet)]| {
                        list.iter().map(|(a, part)| (call.args[*a], *a, part.clone())).collect::<Vec<_>>()
                    };
                    out.push(Step { call: index, reads: by_buffer(&launch.reads), writes: by_buffer(&launch.writes) });
                }
            }
            Body::External { reads, writes } => {
                let whole = |a: &usize| (call.args[*a], *a, IntervalSet::range(0, buffers[call.args[*a]].elements));
                out.push(Step {
                    call: index,
                    reads: reads.iter().map(whole).collect(),
                    writes: writes.iter().map(whole).collect(),
                });
            }
        }
    }
    out
}

/// One launch (or external call): (buffer, argument, part) read and written.
struct Step {
    call: usize,
    reads: Vec<(usize, usize, IntervalSet)>,
    writes: Vec<(usize, usize, IntervalSet)>,
}

/// The layer's outputs when it declares none: every buffer (not scratch) with elements written
/// that nothing reads afterwards.
fn unread_writes(buffers: &[replay::Buffer], calls: &[Call], io: &[Body]) -> Vec<usize> {
    let mut live: Vec<IntervalSet> = vec![IntervalSet::new(); buffers.len()];
    for step in steps(calls, io, buffers) {
        for (b, _, part) in &step.reads {
            live[*b] = live[*b].difference(part);
        }
        for (b, _, part) in &step.writes {
            live[*b] = live[*b].union(part);
        }
    }
    (0..buffers.len()).filter(|&b| !live[b].is_empty() && buffers[b].kind != Some(BufferKind::Scratch)).collect()
}

/// Per call and argument, what the other calls do with it: which earlier calls' writes it
/// reads from the host's array, which later calls read its writes, whether the consumer does.
fn cross_calls(buffers: &[replay::Buffer], calls: &[Call], io: &[Body], outputs: &[usize]) -> Vec<Vec<ArgLayer>> {
    let mut context: Vec<Vec<ArgLayer>> = calls.iter().map(|c| vec![ArgLayer::default(); c.args.len()]).collect();
    let mut last: Vec<Segments<Option<(usize, usize)>>> =
        buffers.iter().map(|b| Segments::new(b.elements, None)).collect();
    let mut call_at = usize::MAX;
    // What the current call wrote so far, by buffer (cleared per call: its cost follows the
    // call's arguments, not the layer's buffers).
    let mut written_in_call: std::collections::BTreeMap<usize, IntervalSet> = std::collections::BTreeMap::new();
    for step in steps(calls, io, buffers) {
        if step.call != call_at {
            call_at = step.call;
            written_in_call.clear();
        }
        for (b, arg, part) in &step.reads {
            // What this call reads from the host's array: not written earlier in the call.
            let host = written_in_call.get(b).map_or_else(|| part.clone(), |written| part.difference(written));
            let writers: Vec<(usize, usize)> = host
                .runs()
                .iter()
                .flat_map(|&(s, e)| last[*b].runs_in(s, e).filter_map(|(_, _, w)| *w).collect::<Vec<_>>())
                .collect();
            for (writer, writer_arg) in writers.into_iter().filter(|w| w.0 != step.call) {
                push_once(&mut context[step.call][*arg].from_calls, writer + 1);
                push_once(&mut context[writer][writer_arg].to_calls, step.call + 1);
            }
        }
        for (b, arg, part) in &step.writes {
            let written = written_in_call.entry(*b).or_default();
            *written = written.union(part);
            last[*b].paint_set(part, &Some((step.call, *arg)));
        }
    }
    for &b in outputs {
        let writers: Vec<(usize, usize)> = last[b].runs_in(0, buffers[b].elements).filter_map(|(_, _, w)| *w).collect();
        for (call, arg) in writers {
            context[call][arg].layer_output = true;
        }
    }
    context
}

fn push_once(list: &mut Vec<usize>, value: usize) {
    if !list.contains(&value) {
        list.push(value);
        list.sort_unstable();
    }
}

#[cfg(test)]
mod tests;
