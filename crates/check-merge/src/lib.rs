//! `check-merge`: the merge recipe's steps 5–6 as one orchestration over a [`Backend`]. Each
//! slice's own kernel runs as a separate call in plan order on buffers bound through the
//! plan's wiring (prelude aliases as views); then the merged kernel once on fresh buffers with
//! the same inputs; every output candidate is compared merged vs unmerged with the chosen gate,
//! and on a failure the first slice whose written arguments diverge is named; the merged
//! kernel runs a second time on reused buffers (the stale-BO symptom); and both sides are timed.
//!
//! The phases: [`prepare`] (plan, slices, merged module → [`Layout`]: no device, located
//! errors), [`bind_inputs`] (the `.npz` members → [`Inputs`]: no device, located errors) and
//! [`run`] (the device work, through the backend). No I/O here: the CLI reads the files and
//! opens the device.

pub mod alias_views;
pub mod codes;
mod input_arrays;
mod layout;
mod report;

pub use input_arrays::{bf16_bits, bind_inputs, generate_inputs, Generated, Inputs};
pub use layout::{element_dtype, prepare, Binding, Buffer, Layout, SliceLayout};
pub use report::{ArgCheck, CheckMergeReport, Divergence, StaleCheck, Timings};

use air_arrays::compare::{self, Options};
use air_arrays::formats::{Array, ByteOrder};
use air_device::backend::{time_runs, Artifact, Backend, BufferId, KernelId, RunError};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// The compiled kernels: the merged module's and one per slice, in plan order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Artifacts {
    pub merged: Artifact,
    pub slices: Vec<Artifact>,
}

/// How to run and judge.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RunOptions {
    /// The gate and its tolerances.
    pub compare: Options,
    /// Timed runs of each kernel (0: no timing).
    pub iterations: usize,
    /// Untimed runs before them.
    pub warmup: usize,
}

/// The bytes of each argument after a run, by argument.
type Contents = BTreeMap<usize, Vec<u8>>;

/// Runs the check. `Err`: the device failed (the report says nothing then).
pub fn run(
    layout: &Layout,
    inputs: &Inputs,
    artifacts: &Artifacts,
    backend: &mut dyn Backend,
    options: &RunOptions,
) -> Result<CheckMergeReport, RunError> {
    if artifacts.slices.len() != layout.slices.len() {
        return Err(RunError::new(
            crate::codes::UNBINDABLE_ARG,
            format!("{} slice kernels for {} slices", artifacts.slices.len(), layout.slices.len()),
        ));
    }
    let slice_kernels: Vec<KernelId> = artifacts.slices.iter().map(|a| backend.load(a)).collect::<Result<_, _>>()?;
    let merged_kernel = backend.load(&artifacts.merged)?;
    let written = layout.written();
    // The unmerged baseline: each slice's kernel on its bound buffers, in plan order.
    let unmerged = unmerged_buffers(layout, &slice_kernels, backend)?;
    write_inputs(backend, &unmerged.whole, inputs, |_| true)?;
    for (kernel, args) in slice_kernels.iter().zip(&unmerged.slice_args) {
        backend.run(*kernel, args)?;
    }
    let baseline = read_all(backend, layout, &unmerged.whole, &written)?;
    // The merged kernel once, on fresh buffers with the same inputs.
    let merged_buffers: BTreeMap<usize, BufferId> = layout
        .buffers
        .iter()
        .map(|b| backend.alloc(merged_kernel, b.index, b.bytes).map(|id| (b.index, id)))
        .collect::<Result<_, _>>()?;
    let merged_args: Vec<BufferId> = merged_buffers.values().copied().collect();
    write_inputs(backend, &merged_buffers, inputs, |_| true)?;
    backend.run(merged_kernel, &merged_args)?;
    let first = read_all(backend, layout, &merged_buffers, &written)?;
    // Again on the same buffers: only the inputs that are not static are rewritten.
    let statics: Vec<usize> = layout.buffers.iter().filter(|b| b.roles.static_candidate).map(|b| b.index).collect();
    write_inputs(backend, &merged_buffers, inputs, |arg| !statics.contains(&arg))?;
    backend.run(merged_kernel, &merged_args)?;
    let outputs = if layout.outputs().is_empty() { written.clone() } else { layout.outputs() };
    let second = read_all(backend, layout, &merged_buffers, &outputs)?;
    let checks: Vec<ArgCheck> = written
        .iter()
        .map(|&arg| check_arg(layout, arg, &first, &baseline, &options.compare))
        .collect::<Result<_, _>>()?;
    let timings = if options.iterations == 0 {
        None
    } else {
        let mut slices = Vec::new();
        for ((kernel, args), slice) in slice_kernels.iter().zip(&unmerged.slice_args).zip(&layout.slices) {
            slices.push((slice.prefix.clone(), time_runs(backend, *kernel, args, options.warmup, options.iterations)?));
        }
        let merged = time_runs(backend, merged_kernel, &merged_args, options.warmup, options.iterations)?;
        Some(Timings { slices, merged })
    };
    let stale = outputs.iter().map(|&arg| stale_check(layout, arg, &first, &second)).collect::<Result<_, _>>()?;
    Ok(CheckMergeReport {
        name: layout.name.clone(),
        gate: options.compare.gate,
        rtol: options.compare.rtol,
        atol: options.compare.atol,
        cosine_min: options.compare.cosine_min,
        outputs: checks.iter().filter(|c| layout.outputs().contains(&c.arg)).cloned().collect(),
        divergence: divergence(layout, &checks),
        written: checks,
        stale,
        timings,
    })
}

/// The unmerged run's buffers: one per combined argument some slice binds (allocated in the
/// memory group of its first user), the views, and each slice's argument list.
struct Unmerged {
    whole: BTreeMap<usize, BufferId>,
    slice_args: Vec<Vec<BufferId>>,
}

fn unmerged_buffers(layout: &Layout, kernels: &[KernelId], backend: &mut dyn Backend) -> Result<Unmerged, RunError> {
    let mut whole = BTreeMap::new();
    for buffer in &layout.buffers {
        if let Some((slice, arg)) = layout.first_user(buffer.index) {
            whole.insert(buffer.index, backend.alloc(kernels[slice], arg, buffer.bytes)?);
        }
    }
    let mut views: BTreeMap<(usize, usize, usize), BufferId> = BTreeMap::new();
    let mut slice_args = Vec::new();
    for slice in &layout.slices {
        let mut args = Vec::new();
        for binding in &slice.bindings {
            let parent = *whole.get(&binding.arg()).ok_or_else(|| {
                RunError::new(crate::codes::UNBINDABLE_ARG, format!("no buffer for %arg{}", binding.arg()))
            })?;
            args.push(match binding {
                Binding::Whole(_) => parent,
                Binding::View { arg, offset, len, .. } => match views.get(&(*arg, *offset, *len)) {
                    Some(view) => *view,
                    None => {
                        let view = backend.sub_buffer(parent, *offset, *len)?;
                        views.insert((*arg, *offset, *len), view);
                        view
                    }
                },
            });
        }
        slice_args.push(args);
    }
    Ok(Unmerged { whole, slice_args })
}

fn write_inputs(
    backend: &mut dyn Backend,
    buffers: &BTreeMap<usize, BufferId>,
    inputs: &Inputs,
    wanted: impl Fn(usize) -> bool,
) -> Result<(), RunError> {
    for (arg, data) in inputs.iter().filter(|(arg, _)| wanted(**arg)) {
        if let Some(buffer) = buffers.get(arg) {
            backend.write(*buffer, 0, data)?;
        }
    }
    Ok(())
}

fn read_all(
    backend: &mut dyn Backend,
    layout: &Layout,
    buffers: &BTreeMap<usize, BufferId>,
    args: &[usize],
) -> Result<Contents, RunError> {
    let mut out = Contents::new();
    for arg in args {
        if let Some(buffer) = buffers.get(arg) {
            let bytes = backend.read(*buffer)?;
            let expected = layout.buffers[*arg].bytes;
            if bytes.len() != expected {
                return Err(RunError::new(
                    crate::codes::BINDING_SIZE,
                    format!("the device returned {} bytes for %arg{arg}, which holds {expected}", bytes.len()),
                ));
            }
            out.insert(*arg, bytes);
        }
    }
    Ok(out)
}

fn array<'a>(layout: &Layout, arg: usize, bytes: &'a [u8]) -> Array<'a> {
    let buffer = &layout.buffers[arg];
    Array { dtype: buffer.dtype, order: ByteOrder::Little, shape: buffer.shape.clone(), data: Cow::Borrowed(bytes) }
}

fn metrics(
    layout: &Layout,
    arg: usize,
    out: &[u8],
    reference: &[u8],
    options: &Options,
) -> Result<compare::Metrics, RunError> {
    let (o, r) = (array(layout, arg, out), array(layout, arg, reference));
    compare::compare(&o, &r, options).map_err(|e| RunError::new(e.code, format!("%arg{arg}: {}", e.message)))
}

fn check_arg(
    layout: &Layout,
    arg: usize,
    merged: &Contents,
    baseline: &Contents,
    options: &Options,
) -> Result<ArgCheck, RunError> {
    let empty = Vec::new();
    let (m, b) = (merged.get(&arg).unwrap_or(&empty), baseline.get(&arg).unwrap_or(&empty));
    let writers = layout.slices.iter().enumerate().filter(|(_, s)| s.writes.contains(&arg)).map(|(i, _)| i).collect();
    Ok(ArgCheck {
        arg,
        label: layout.buffers[arg].label(),
        writers,
        identical: m == b,
        metrics: metrics(layout, arg, m, b, options)?,
    })
}

/// The first slice in plan order that writes an argument that diverges.
fn divergence(layout: &Layout, checks: &[ArgCheck]) -> Option<Divergence> {
    let failing: Vec<usize> = checks.iter().filter(|c| !c.pass()).map(|c| c.arg).collect();
    layout.slices.iter().enumerate().find_map(|(i, slice)| {
        let args: Vec<usize> = slice.writes.iter().copied().filter(|a| failing.contains(a)).collect();
        (!args.is_empty()).then(|| Divergence { slice: i, prefix: slice.prefix.clone(), args })
    })
}

fn stale_check(layout: &Layout, arg: usize, first: &Contents, second: &Contents) -> Result<StaleCheck, RunError> {
    let empty = Vec::new();
    let (a, b) = (second.get(&arg).unwrap_or(&empty), first.get(&arg).unwrap_or(&empty));
    let exact = Options { rtol: 0.0, atol: 0.0, gate: compare::Gate::Elementwise, ..Options::default() };
    let m = metrics(layout, arg, a, b, &exact)?;
    Ok(StaleCheck {
        arg,
        label: layout.buffers[arg].label(),
        nan: m.nan,
        changed: if a == b { 0 } else { m.mismatches },
        elements: m.elements,
        first_changed: if a == b { None } else { m.first_mismatches.first().map(|x| x.index.clone()) },
    })
}
