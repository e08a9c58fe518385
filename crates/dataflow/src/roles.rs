//! The roles of an argument for mlir-air's `KernelCache.load_and_run`, from its accesses in
//! launch order. Within one launch, reads count as before its writes (the order inside a
//! launch is not modelled), so an in-place launch reads host bytes.

use crate::part::Footprint;
use crate::ArgFlow;

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
    Roles {
        intermediate: host.is_empty(),
        static_candidate,
        output_candidate: !written.is_empty() && !read_after_write,
    }
}
