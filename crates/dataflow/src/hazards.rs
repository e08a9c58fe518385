//! Hazards between the launches of one function, each a diagnostic that points at both
//! transfers (docs/roles.md#hazards). Only evaluated parts are compared: an unknown part
//! proves nothing either way.

use crate::codes;
use crate::intervals::IntervalSet;
use crate::part::Footprint;
use crate::{Access, ArgFlow, Dataflow, Mode, Step};
use air_diagnostics::{Diagnostic, FileId};

/// The codes [`hazards`] reports (the rest of a flow's diagnostics are notes on its transfers).
pub const CODES: &[&str] = &[
    codes::READ_BEFORE_WRITE,
    codes::WRITE_AFTER_WRITE,
    codes::OUTPUT_NEVER_WRITTEN,
    codes::DEAD_WRITE,
    codes::OUTPUT_PARTLY_WRITTEN,
];

pub fn hazards(flow: &Dataflow, file: FileId) -> Vec<Diagnostic> {
    let outputs = flow.outputs_or_candidates();
    let mut out = Vec::new();
    for arg in &flow.args {
        let steps = arg.timeline();
        read_before_write(flow, arg, &steps, file, &mut out);
        write_after_write(flow, arg, &steps, file, &mut out);
        let is_output = outputs.contains(&arg.index);
        if flow.outputs.contains(&arg.index) {
            output_writes(flow, arg, file, &mut out);
        } else if is_output {
            partly_written(flow, arg, file, &mut out);
        } else {
            dead_writes(flow, arg, &steps, file, &mut out);
        }
    }
    out
}

/// `elements [512, 1024) (512 of 1024)`, or `512 of its 1024 elements (3 runs from element 0)`.
fn elements(set: &IntervalSet, arg: &ArgFlow) -> String {
    let n = set.len();
    let total = arg.elements.map(|t| format!(" of {t}")).unwrap_or_default();
    match set.runs() {
        [(start, end)] => format!("elements [{start}, {end}) ({n}{total})"),
        runs => format!("{n}{total} elements ({} runs from element {})", runs.len(), set.first().unwrap_or(0)),
    }
}

fn first_access<'a>(arg: &'a ArgFlow, launch: usize, mode: Mode, overlapping: &IntervalSet) -> Option<&'a Access> {
    let all: Vec<&Access> = arg.accesses.iter().filter(|a| a.launch == launch && a.mode == mode).collect();
    all.iter().find(|a| a.part.known.overlaps(overlapping)).or(all.first()).copied()
}

/// A launch reads elements no earlier launch wrote, and a later launch writes them.
fn read_before_write(flow: &Dataflow, arg: &ArgFlow, steps: &[Step], file: FileId, out: &mut Vec<Diagnostic>) {
    let mut written = IntervalSet::new();
    for (at, step) in steps.iter().enumerate() {
        let host = step.reads.known.difference(&written);
        written = written.union(&step.writes.known);
        if host.is_empty() {
            continue;
        }
        let later = steps[at + 1..]
            .iter()
            .find_map(|w| Some((w.launch, w.writes.known.intersection(&host))).filter(|(_, s)| !s.is_empty()));
        let Some((writer, clash)) = later else { continue };
        let reader = step.launch;
        let (Some(read), Some(write)) =
            (first_access(arg, reader, Mode::Read, &clash), first_access(arg, writer, Mode::Write, &clash))
        else {
            continue;
        };
        let (r, w) = (flow.launches[reader].label(), flow.launches[writer].label());
        out.push(
            Diagnostic::warning(
                codes::READ_BEFORE_WRITE,
                format!("{r} reads {} before {w} writes it", arg.label()),
            )
            .with_primary(file, read.range, format!("{r} reads {} that no earlier launch writes", elements(&clash, arg)))
            .with_secondary(file, write.range, format!("{w} writes them only afterwards"))
            .with_help(format!(
                "if {r} should see what {w} produces, move its slice after {w}'s; if the host's contents are meant, the device overwrites them on every call, so the host must write {} before each call",
                arg.label()
            )),
        );
    }
}

/// Two launches write the same elements and no launch in between (nor the second itself)
/// reads them.
fn write_after_write(flow: &Dataflow, arg: &ArgFlow, steps: &[Step], file: FileId, out: &mut Vec<Diagnostic>) {
    for (at, second) in steps.iter().enumerate().skip(1) {
        let writes = &second.writes.known;
        if writes.is_empty() {
            continue;
        }
        let mut read_since = IntervalSet::new();
        for before in (0..at).rev() {
            // The reads of every launch after `first` up to `second` (launches between that do
            // not touch the argument read nothing of it).
            let reads = &steps[before + 1].reads;
            read_since = read_since.union(&reads.known);
            if reads.unknown.is_some() || writes.difference(&read_since).is_empty() {
                break;
            }
            let first = &steps[before];
            let clash = first.writes.known.intersection(writes).difference(&read_since);
            if clash.is_empty() {
                continue;
            }
            let (Some(a), Some(b)) = (
                first_access(arg, first.launch, Mode::Write, &clash),
                first_access(arg, second.launch, Mode::Write, &clash),
            ) else {
                break;
            };
            let (l1, l2) = (flow.launches[first.launch].label(), flow.launches[second.launch].label());
            out.push(
                Diagnostic::warning(codes::WRITE_AFTER_WRITE, format!("{l1} and {l2} both write {} with no read in between", arg.label()))
                    .with_primary(file, b.range, format!("{l2} overwrites {}", elements(&clash, arg)))
                    .with_secondary(file, a.range, format!("{l1} wrote them first; nothing reads them before they are overwritten"))
                    .with_help("one of the two writes is lost: check the wiring of the slices (a wrong `args` index writes the wrong buffer)"),
            );
            break;
        }
    }
}

/// A caller's output: written at all, and wholly.
fn output_writes(flow: &Dataflow, arg: &ArgFlow, file: FileId, out: &mut Vec<Diagnostic>) {
    if arg.footprint(Mode::Write).is_empty() {
        let readers = arg.launches(Mode::Read);
        let mut d = Diagnostic::error(
            codes::OUTPUT_NEVER_WRITTEN,
            format!("output {} of @{} is written by no launch", arg.label(), flow.func),
        )
        .with_primary(file, arg.range, "called an output here, but no launch writes it");
        if let Some(access) = arg.accesses.first() {
            let launch = flow.launches[access.launch].label();
            d = d.with_secondary(file, access.range, format!("{launch} only reads it"));
        } else {
            d = d.with_secondary(file, flow.func_range, "no launch of this function touches it");
        }
        let help = if readers.is_empty() {
            "it is an unused ABI placeholder: read back the argument the last launch writes (see `output_candidates`)"
                .to_string()
        } else {
            "an output must be written by the device: check the plan's wiring of the slice that should produce it"
                .to_string()
        };
        out.push(d.with_help(help));
        return;
    }
    partly_written(flow, arg, file, out);
}

/// Elements of an output no launch writes.
fn partly_written(flow: &Dataflow, arg: &ArgFlow, file: FileId, out: &mut Vec<Diagnostic>) {
    let writes = arg.footprint(Mode::Write);
    let Some(total) = arg.elements else { return };
    if writes.unknown.is_some() {
        return;
    }
    let missing = IntervalSet::range(0, total).difference(&writes.known);
    if missing.is_empty() {
        return;
    }
    let Some(last) = arg.accesses.iter().rev().find(|a| a.mode == Mode::Write) else { return };
    let launch = flow.launches[last.launch].label();
    out.push(
        Diagnostic::warning(codes::OUTPUT_PARTLY_WRITTEN, format!("no launch writes part of output {}", arg.label()))
            .with_primary(file, arg.range, format!("{} are written by no launch", elements(&missing, arg)))
            .with_secondary(file, last.range, format!("{launch} writes the rest"))
            .with_help("the host reads back whatever those elements held before the call: write them, or read back only the written part"),
    );
}

/// Elements a launch writes of a non-output that no later launch reads.
fn dead_writes(flow: &Dataflow, arg: &ArgFlow, steps: &[Step], file: FileId, out: &mut Vec<Diagnostic>) {
    // What the launches after each step read, built from the last step back.
    let mut later_reads = vec![Footprint::default(); steps.len()];
    for at in (0..steps.len().saturating_sub(1)).rev() {
        let mut later = later_reads[at + 1].clone();
        later.add(&steps[at + 1].reads);
        later_reads[at] = later;
    }
    for (step, later) in steps.iter().zip(&later_reads) {
        let writer = step.launch;
        let writes = &step.writes.known;
        if writes.is_empty() || later.unknown.is_some() {
            continue;
        }
        let dead = writes.difference(&later.known);
        let Some(access) = first_access(arg, writer, Mode::Write, &dead).filter(|_| !dead.is_empty()) else { continue };
        let launch = flow.launches[writer].label();
        let mut d = Diagnostic::note(codes::DEAD_WRITE, format!("{launch} writes part of {} that nothing reads afterwards", arg.label()))
            .with_primary(file, access.range, format!("{} are never read by a later launch", elements(&dead, arg)))
            .with_help("the write is wasted unless the host reads it back: call the argument an output (`--output`), or drop the write");
        if let Some(read) = arg.accesses.iter().find(|a| a.mode == Mode::Read && a.launch > writer) {
            d = d.with_secondary(
                file,
                read.range,
                format!("{} reads only another part", flow.launches[read.launch].label()),
            );
        } else {
            d = d.with_secondary(file, arg.range, "not among the outputs");
        }
        out.push(d);
    }
}
