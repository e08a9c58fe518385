//! The replay of a layer's calls through mlir-air's `KernelCache.load_and_run` buffer protocol
//! (`programming_examples/llms/shared/infra/cache.py`), over consecutive invocations of the
//! layer, with every element of every buffer versioned.
//!
//! The protocol, as upstream implements it: each call has its own device buffers (one set per
//! `bo_key`, allocated on its first call). Before the kernel runs, the host's array of every
//! argument is copied into its device buffer, except, after the first call of that `bo_key`,
//! the `static_input_indices` and the `intermediate_indices`. The launches then run in order on
//! the device buffers. After them only the `output_indices` are copied back into the host's
//! arrays. An external call (attention, run by the user outside the layer's modules) reads the
//! host's arrays and its results land in them.
//!
//! Beside the protocol runs the reference: one memory, every launch and external call on it in
//! order, and the host's inputs written into it at the start of each invocation. A read is right
//! when it sees what the reference sees there, and that is a value of the current invocation (a
//! weight, this invocation's input, or a write of this invocation). Everything else is a stale
//! read: what the second call of a wrong snippet computes on.

use crate::intervals::IntervalSet;
use crate::segments::Segments;
use air_syntax::buffer::BufferKind;
use std::collections::{BTreeMap, BTreeSet};

/// One host buffer of the layer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Buffer {
    pub name: String,
    /// Its elements (1 when unknown: the buffer is then one element, read and written whole).
    pub elements: i64,
    pub kind: Option<BufferKind>,
}

/// The keyword arguments of one `load_and_run` (argument indices of the call).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sets {
    pub static_inputs: BTreeSet<usize>,
    pub intermediates: BTreeSet<usize>,
    pub outputs: BTreeSet<usize>,
    /// Calls with one `bo_key` share their device buffers.
    pub bo_key: String,
}

/// What one launch reads and writes, by argument index of its call (parts in elements of the
/// argument's buffer). Within a launch its reads come before its writes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LaunchIo {
    pub reads: Vec<(usize, IntervalSet)>,
    pub writes: Vec<(usize, IntervalSet)>,
}

/// How a call runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Body {
    /// A compiled module through `load_and_run`: its launches in order, and its sets.
    Kernel { launches: Vec<LaunchIo>, sets: Sets },
    /// A call outside the protocol: it reads these arguments' host arrays and its results are
    /// the host arrays of the written ones, whole.
    External { reads: Vec<usize>, writes: Vec<usize> },
}

/// One call of the layer: its buffer per argument index, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Call {
    pub args: Vec<usize>,
    pub body: Body,
}

/// What an element holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Version {
    /// Nothing has written it.
    Unset,
    /// A declared weight, the same on every invocation.
    Weight,
    /// The host's input of an invocation (from 1).
    Input { invocation: usize },
    /// Written by a launch (from 1; 0 for an external call) of a call (from 1) of an invocation.
    Written { invocation: usize, call: usize, launch: usize },
}

impl Version {
    /// Whether it is a value of invocation `t`.
    fn current(self, t: usize) -> bool {
        match self {
            Version::Unset => false,
            Version::Weight => true,
            Version::Input { invocation } | Version::Written { invocation, .. } => invocation == t,
        }
    }
}

/// Who read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Reader {
    /// Launch `launch` (from 1) of call `call` (from 1).
    Launch { call: usize, launch: usize },
    /// An external call.
    External { call: usize },
    /// The layer's consumer, reading the layer's outputs after its last call.
    Consumer,
}

/// A read that did not see the current invocation's value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StaleRead {
    /// From 1.
    pub invocation: usize,
    pub reader: Reader,
    pub buffer: usize,
    /// The argument of the reading call it went through (none for the consumer).
    pub arg: Option<usize>,
    /// The first run of elements read wrong.
    pub elements: (i64, i64),
    pub saw: Version,
    pub want: Version,
}

/// Replays `calls` over `buffers` for `invocations` consecutive invocations; `outputs` are the
/// buffers the layer's consumer reads after the last call. Returns every stale read, the first
/// per reader and buffer, in the order they happen.
pub fn replay(buffers: &[Buffer], calls: &[Call], outputs: &[usize], invocations: usize) -> Vec<StaleRead> {
    let mut run = Run::new(buffers, calls);
    for t in 1..=invocations {
        run.invocation(t, outputs);
    }
    run.stale
}

/// The elements of each buffer the host provides: read by a call before any earlier launch or
/// call of the layer writes them. Everything else the layer makes itself.
pub fn host_inputs(buffers: &[Buffer], calls: &[Call]) -> Vec<IntervalSet> {
    let mut written: Vec<IntervalSet> = vec![IntervalSet::new(); buffers.len()];
    let mut inputs: Vec<IntervalSet> = vec![IntervalSet::new(); buffers.len()];
    let whole = |b: usize| IntervalSet::range(0, buffers[b].elements);
    for call in calls {
        match &call.body {
            Body::Kernel { launches, .. } => {
                for launch in launches {
                    for (arg, part) in &launch.reads {
                        let Some(&b) = call.args.get(*arg) else { continue };
                        inputs[b] = inputs[b].union(&part.difference(&written[b]));
                    }
                    for (arg, part) in &launch.writes {
                        let Some(&b) = call.args.get(*arg) else { continue };
                        written[b] = written[b].union(part);
                    }
                }
            }
            Body::External { reads, writes } => {
                for &b in reads.iter().filter_map(|a| call.args.get(*a)) {
                    inputs[b] = inputs[b].union(&whole(b).difference(&written[b]));
                }
                for &b in writes.iter().filter_map(|a| call.args.get(*a)) {
                    written[b] = whole(b);
                }
            }
        }
    }
    inputs
}

/// The state of a replay: the host's arrays, each `bo_key`'s device buffers, the reference.
struct Run<'a> {
    buffers: &'a [Buffer],
    calls: &'a [Call],
    inputs: Vec<IntervalSet>,
    /// Per call, for an external one, what the inputs and every earlier launch or call define of
    /// each of its buffers: it reads only these (the rest is no value of the layer's).
    defined_before: Vec<Vec<(usize, IntervalSet)>>,
    /// Everything the layer writes, per buffer: what the consumer reads of an output.
    written: Vec<IntervalSet>,
    host: Vec<Segments<Version>>,
    reference: Vec<Segments<Version>>,
    device: BTreeMap<String, Vec<Segments<Version>>>,
    stale: Vec<StaleRead>,
    reported: BTreeSet<(usize, Reader, usize)>,
}

impl<'a> Run<'a> {
    fn new(buffers: &'a [Buffer], calls: &'a [Call]) -> Run<'a> {
        let inputs = host_inputs(buffers, calls);
        let fresh = || buffers.iter().map(|b| Segments::new(b.elements, Version::Unset)).collect::<Vec<_>>();
        let mut defined: Vec<IntervalSet> = inputs.clone();
        let mut defined_before = Vec::with_capacity(calls.len());
        for call in calls {
            // Only an external call reads what is defined before it, and only of its arguments:
            // kept per argument, so the cost follows the calls' arguments, not calls x buffers.
            let before = match &call.body {
                Body::External { .. } => call.args.iter().map(|&b| (b, defined[b].clone())).collect(),
                Body::Kernel { .. } => Vec::new(),
            };
            defined_before.push(before);
            for (b, part) in writes_of(buffers, call) {
                defined[b] = defined[b].union(&part);
            }
        }
        let written = (0..buffers.len()).map(|b| defined[b].difference(&inputs[b])).collect();
        Run {
            buffers,
            calls,
            inputs,
            defined_before,
            written,
            host: fresh(),
            reference: fresh(),
            device: BTreeMap::new(),
            stale: Vec::new(),
            reported: BTreeSet::new(),
        }
    }

    fn invocation(&mut self, t: usize, outputs: &[usize]) {
        // The host writes this invocation's inputs (a weight is the same every time).
        for (b, buffer) in self.buffers.iter().enumerate() {
            let version = if buffer.kind == Some(BufferKind::Weight) {
                Version::Weight
            } else {
                Version::Input { invocation: t }
            };
            self.host[b].paint_set(&self.inputs[b], &version);
            self.reference[b].paint_set(&self.inputs[b], &version);
        }
        for (index, call) in self.calls.iter().enumerate() {
            match &call.body {
                Body::Kernel { launches, sets } => self.kernel_call(t, index + 1, call, launches, sets),
                Body::External { reads, writes } => self.external_call(t, index + 1, call, reads, writes),
            }
        }
        for &b in outputs {
            let part = self.written[b].clone();
            let host = self.host[b].clone();
            self.check(t, Reader::Consumer, b, None, &host, &part);
        }
    }

    fn kernel_call(&mut self, t: usize, number: usize, call: &Call, launches: &[LaunchIo], sets: &Sets) {
        let first = !self.device.contains_key(&sets.bo_key);
        let mut bos = self.device.remove(&sets.bo_key).unwrap_or_else(|| {
            call.args.iter().map(|&b| Segments::new(self.buffers[b].elements, Version::Unset)).collect()
        });
        for (arg, &b) in call.args.iter().enumerate() {
            let skipped = !first && (sets.static_inputs.contains(&arg) || sets.intermediates.contains(&arg));
            if !skipped {
                if let Some(bo) = bos.get_mut(arg) {
                    *bo = self.host[b].clone();
                }
            }
        }
        for (index, launch) in launches.iter().enumerate() {
            let reader = Reader::Launch { call: number, launch: index + 1 };
            for (arg, part) in &launch.reads {
                let (Some(&b), Some(bo)) = (call.args.get(*arg), bos.get(*arg)) else { continue };
                let bo = bo.clone();
                self.check(t, reader, b, Some(*arg), &bo, part);
            }
            let version = Version::Written { invocation: t, call: number, launch: index + 1 };
            for (arg, part) in &launch.writes {
                let (Some(&b), Some(bo)) = (call.args.get(*arg), bos.get_mut(*arg)) else { continue };
                bo.paint_set(part, &version);
                self.reference[b].paint_set(part, &version);
            }
        }
        for &arg in &sets.outputs {
            if let (Some(&b), Some(bo)) = (call.args.get(arg), bos.get(arg)) {
                self.host[b] = bo.clone();
            }
        }
        self.device.insert(sets.bo_key.clone(), bos);
    }

    fn external_call(&mut self, t: usize, number: usize, call: &Call, reads: &[usize], writes: &[usize]) {
        let reader = Reader::External { call: number };
        for &arg in reads {
            let Some(&b) = call.args.get(arg) else { continue };
            let part = self.defined_before[number - 1]
                .iter()
                .find(|(buffer, _)| *buffer == b)
                .map(|(_, part)| part.clone())
                .unwrap_or_default();
            let host = self.host[b].clone();
            self.check(t, reader, b, Some(arg), &host, &part);
        }
        let version = Version::Written { invocation: t, call: number, launch: 0 };
        for &b in writes.iter().filter_map(|a| call.args.get(*a)) {
            let len = self.buffers[b].elements;
            self.host[b].paint(0, len, &version);
            self.reference[b].paint(0, len, &version);
        }
    }

    /// Compares what `seen` holds over `part` of buffer `b` with the reference.
    fn check(
        &mut self,
        t: usize,
        reader: Reader,
        b: usize,
        arg: Option<usize>,
        seen: &Segments<Version>,
        part: &IntervalSet,
    ) {
        if self.buffers[b].kind == Some(BufferKind::Scratch) || self.reported.contains(&(t, reader, b)) {
            return;
        }
        for &(start, end) in part.runs() {
            for (s, e, want) in self.reference[b].runs_in(start, end) {
                for (s2, e2, saw) in seen.runs_in(s, e) {
                    if saw != want || !want.current(t) {
                        self.reported.insert((t, reader, b));
                        self.stale.push(StaleRead {
                            invocation: t,
                            reader,
                            buffer: b,
                            arg,
                            elements: (s2, e2),
                            saw: *saw,
                            want: *want,
                        });
                        return;
                    }
                }
            }
        }
    }
}

/// Everything a call may write, per buffer.
fn writes_of(buffers: &[Buffer], call: &Call) -> Vec<(usize, IntervalSet)> {
    let mut out = Vec::new();
    match &call.body {
        Body::Kernel { launches, .. } => {
            for launch in launches {
                for (arg, part) in &launch.writes {
                    if let Some(&b) = call.args.get(*arg) {
                        out.push((b, part.clone()));
                    }
                }
            }
        }
        Body::External { writes, .. } => {
            for &b in writes.iter().filter_map(|a| call.args.get(*a)) {
                out.push((b, IntervalSet::range(0, buffers[b].elements)));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
