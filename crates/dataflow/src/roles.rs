//! The roles of an argument for mlir-air's `KernelCache.load_and_run`, from its accesses in
//! launch order. Within one launch, reads count as before its writes (the order inside a
//! launch is not modelled), so an in-place launch reads host bytes.

use crate::part::{Coverage, Footprint};
use crate::{ArgFlow, Mode};

/// What the other calls of a layer do with an argument (`group`, [`crate::Dataflow::apply_layer`]):
/// the calls are the layer's, numbered from 1 in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArgLayer {
    /// Earlier calls whose writes this call reads from the host's array: it must be written by
    /// the host on every call (neither static nor intermediate).
    pub from_calls: Vec<usize>,
    /// Later calls that read what this call writes: it must be read back.
    pub to_calls: Vec<usize>,
    /// The layer's consumer reads what this call writes last: it must be read back.
    pub layer_output: bool,
}

impl ArgLayer {
    /// Whether the call must read it back (`output_indices`).
    pub fn read_back(&self) -> bool {
        !self.to_calls.is_empty() || self.layer_output
    }

    /// Whether another call reads or writes it.
    pub fn crosses(&self) -> bool {
        !self.from_calls.is_empty() || self.read_back()
    }
}

/// What `load_and_run` may do with an argument (docs/roles.md#roles).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Roles {
    /// Its host contents never matter: no launch reads it, or every element any launch reads
    /// was written earlier by a launch.
    pub intermediate: bool,
    /// Host-provided elements are read and the device never overwrites them.
    pub static_candidate: bool,
    /// The device writes it and no later launch reads what was written.
    pub output_candidate: bool,
}

impl Roles {
    /// `["intermediate", "output_candidate"]`.
    pub fn names(&self) -> Vec<&'static str> {
        let mut out = Vec::new();
        if self.intermediate {
            out.push("intermediate");
        }
        if self.static_candidate {
            out.push("static_candidate");
        }
        if self.output_candidate {
            out.push("output_candidate");
        }
        out
    }
}

/// The elements a launch reads (`reads`) of `arg` that no earlier launch wrote: the host's.
pub fn host_read(arg: &ArgFlow, reads: &Footprint, written_before: &Footprint) -> Footprint {
    let whole = arg.elements.map(|n| crate::intervals::IntervalSet::range(0, n));
    let all_written = whole.as_ref().is_some_and(|w| written_before.known.covers(w));
    Footprint {
        known: reads.known.difference(&written_before.known),
        unknown: if all_written { None } else { reads.unknown.clone() },
    }
}

pub fn roles(arg: &ArgFlow) -> Roles {
    // A scalar (`index`, `i32`) is no buffer object: it has no role.
    if !arg.ty.starts_with("memref") {
        return Roles::default();
    }
    let mut written = Footprint::default();
    let mut host = Footprint::default();
    let mut read_after_write = false;
    for step in arg.timeline() {
        host.add(&host_read(arg, &step.reads, &written));
        if written.may_overlap(&step.reads) {
            read_after_write = true;
        }
        written.add(&step.writes);
    }
    let static_candidate = !host.is_empty()
        && written.unknown.is_none()
        && if host.unknown.is_some() { written.known.is_empty() } else { !written.known.overlaps(&host.known) };
    let mut roles = Roles {
        intermediate: host.is_empty(),
        static_candidate,
        output_candidate: !written.is_empty() && !read_after_write,
    };
    if let Some(layer) = &arg.layer {
        // Read back but only partly written: skipping the host's write would copy the device
        // buffer's stale rest over the host's array.
        if layer.read_back() && Coverage::of(&arg.footprint(Mode::Write), arg.elements) != Coverage::Whole {
            roles.intermediate = false;
        }
        // Another call makes what it reads: the host writes it on every call.
        if !layer.from_calls.is_empty() {
            roles.static_candidate = false;
        }
    }
    roles
}
