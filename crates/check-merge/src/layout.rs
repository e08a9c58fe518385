//! The buffers of a check-merge run, decided before any device work: one buffer per combined
//! argument, each slice argument bound to a whole buffer (`args`) or to a view of one
//! (`aliases`, resolved through the merged module's prelude), and the roles of the merged
//! module (which arguments the device reads, which it writes and which launches — so which
//! slices — write them).

use super::alias_views::{self, ViewError};
use crate::codes;
use air_arrays::formats::Dtype;
use air_dataflow::Mode;
use air_diagnostics::{Diagnostic, FileId};
use air_merge::merge::Merged;
use air_merge::plan::{located, Loc, MergePlan};
use air_merge::slice::{find_kernel, ParsedSlice};
use air_syntax::slice_origin::SliceOrigin;
use air_syntax::views::{all_ops, parse_memref_type, FuncOp};
use air_syntax::Parse;

/// One combined argument, as a device buffer.
#[derive(Clone, Debug, PartialEq)]
pub struct Buffer {
    pub index: usize,
    /// The plan's buffer name, if any.
    pub name: Option<String>,
    pub ty: String,
    pub dtype: Dtype,
    pub shape: Vec<usize>,
    pub bytes: usize,
    pub roles: air_dataflow::Roles,
    /// Where the plan declares it.
    pub loc: Loc,
}

impl Buffer {
    /// `%arg3` or `%arg3 (x_residual)`.
    pub fn label(&self) -> String {
        match &self.name {
            Some(name) => format!("%arg{} ({name})", self.index),
            None => format!("%arg{}", self.index),
        }
    }

    /// The inputs member that feeds it: `arg3`.
    pub fn member(&self) -> String {
        format!("arg{}", self.index)
    }

    /// Whether the device reads what the host put in it (an input or a static input).
    pub fn device_reads(&self) -> bool {
        !self.roles.intermediate
    }
}

/// How one slice argument is bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Binding {
    /// The whole buffer of a combined argument.
    Whole(usize),
    /// `len` bytes at byte `offset` of a combined argument's buffer, through a prelude value.
    View { arg: usize, alias: String, offset: usize, len: usize },
}

impl Binding {
    pub fn arg(&self) -> usize {
        match self {
            Binding::Whole(arg) | Binding::View { arg, .. } => *arg,
        }
    }
}

/// One slice: its kernel function, its arguments' bindings in order, and the combined
/// arguments its launches write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SliceLayout {
    pub prefix: String,
    pub func: String,
    pub bindings: Vec<Binding>,
    pub writes: Vec<usize>,
}

/// Everything check-merge decides before it touches a device.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub name: String,
    pub buffers: Vec<Buffer>,
    pub slices: Vec<SliceLayout>,
}

impl Layout {
    /// The arguments the device reads, in order.
    pub fn device_reads(&self) -> Vec<usize> {
        self.buffers.iter().filter(|b| b.device_reads()).map(|b| b.index).collect()
    }

    /// The output candidates (roles), in order.
    pub fn outputs(&self) -> Vec<usize> {
        self.buffers.iter().filter(|b| b.roles.output_candidate).map(|b| b.index).collect()
    }

    /// Every argument some slice writes, in order.
    pub fn written(&self) -> Vec<usize> {
        let mut out: Vec<usize> = self.slices.iter().flat_map(|s| s.writes.iter().copied()).collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The first slice (and its argument) bound to `arg`, directly or through a view: its
    /// memory group is where the unmerged run allocates the buffer.
    pub fn first_user(&self, arg: usize) -> Option<(usize, usize)> {
        self.slices
            .iter()
            .enumerate()
            .find_map(|(s, slice)| slice.bindings.iter().position(|b| b.arg() == arg).map(|a| (s, a)))
    }
}

/// The element type of a memref element as a dtype.
pub fn element_dtype(element: &str) -> Option<Dtype> {
    Some(match element {
        "bf16" => Dtype::Bf16,
        "f16" => Dtype::F16,
        "f32" => Dtype::F32,
        "f64" => Dtype::F64,
        "i1" => Dtype::Bool,
        "i8" => Dtype::I8,
        "i16" => Dtype::I16,
        "i32" => Dtype::I32,
        "i64" => Dtype::I64,
        "ui8" => Dtype::U8,
        "ui16" => Dtype::U16,
        "ui32" => Dtype::U32,
        "ui64" => Dtype::U64,
        _ => return None,
    })
}

/// A static memref type's dtype, shape and byte size.
fn buffer_of(ty: &str) -> Result<(Dtype, Vec<usize>, usize), String> {
    let memref = parse_memref_type(ty).ok_or_else(|| format!("`{ty}` is not a memref: no device buffer holds it"))?;
    let dtype = element_dtype(&memref.element)
        .ok_or_else(|| format!("the element type `{}` of `{ty}` has no byte size check-merge knows", memref.element))?;
    let shape: Vec<usize> = memref
        .shape
        .iter()
        .map(|d| d.and_then(|d| usize::try_from(d).ok()))
        .collect::<Option<_>>()
        .ok_or_else(|| format!("`{ty}` has a dynamic shape: its buffer size is unknown"))?;
    let bytes = shape.iter().try_fold(dtype.size(), |acc, &d| acc.checked_mul(d));
    Ok((dtype, shape, bytes.ok_or_else(|| format!("`{ty}` is too large"))?))
}

/// The layout of a plan, its slices (in plan order) and the merged module (`merge`'s output,
/// which says which part of it came from which slice). `Err`: every problem found, located in
/// the plan.
pub fn prepare(
    plan: &MergePlan,
    slices: &[ParsedSlice],
    merged_module: &Merged,
    merged_file: FileId,
) -> Result<Layout, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let merged = &merged_module.parse;
    let options = air_dataflow::Options {
        func: Some(plan.name.clone()),
        slices: Some(merged_module.slices.clone()),
        ..Default::default()
    };
    let flow = air_dataflow::analyze(merged, merged_file, &options)?;
    let mut buffers = Vec::new();
    for (index, arg) in plan.args.iter().enumerate() {
        match buffer_of(&arg.ty) {
            Ok((dtype, shape, bytes)) => buffers.push(Buffer {
                index,
                name: arg.name.clone(),
                ty: arg.ty.clone(),
                dtype,
                shape,
                bytes,
                roles: flow.args.get(index).map(|a| a.roles).unwrap_or_default(),
                loc: arg.loc,
            }),
            Err(why) => errors.push(
                located(codes::UNBINDABLE_ARG, &format!("{}: {why}", arg.describe(index)), arg.loc).with_help(
                    "check-merge allocates one device buffer per combined argument: give it a static memref type",
                ),
            ),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let func = all_ops(merged.tree.root()).filter_map(FuncOp::cast).find(|f| f.name() == plan.name);
    let owners = launch_owners(&merged_module.slices, &flow);
    let mut layouts = Vec::new();
    for (s, (slice_plan, slice)) in plan.slices.iter().zip(slices).enumerate() {
        let kernel = match find_kernel(&slice.parse, slice.file, &slice.name, slice_plan.func.as_deref()) {
            Ok(kernel) => kernel,
            Err(diagnostic) => {
                errors.push(diagnostic);
                continue;
            }
        };
        let mut bindings = Vec::new();
        for idx in 0..kernel.args.len() {
            let ty = kernel.arg_type(idx).unwrap_or_default();
            let what = format!("argument {idx} of slice `{}` (`{ty}`)", slice_plan.prefix);
            let bytes = match buffer_of(&ty) {
                Ok((_, _, bytes)) => bytes,
                Err(why) => {
                    errors.push(located(codes::UNBINDABLE_ARG, &format!("{what}: {why}"), slice_plan.loc));
                    continue;
                }
            };
            let binding = if let Some(&(combined, loc)) = slice_plan.args.get(&idx) {
                match buffers.get(combined) {
                    Some(buffer) if buffer.bytes == bytes => Binding::Whole(combined),
                    Some(buffer) => {
                        errors.push(size_mismatch(&what, bytes, &buffer.label(), buffer.bytes, loc));
                        continue;
                    }
                    None => {
                        errors.push(located(
                            codes::UNBINDABLE_ARG,
                            &format!(
                                "{what} is wired to combined argument {combined}, which the plan does not declare"
                            ),
                            loc,
                        ));
                        continue;
                    }
                }
            } else if let Some((alias, loc)) = slice_plan.aliases.get(&idx) {
                match alias_binding(merged, func, alias, &buffers, bytes, &what, *loc) {
                    Ok(binding) => binding,
                    Err(diagnostic) => {
                        errors.push(diagnostic);
                        continue;
                    }
                }
            } else {
                errors.push(
                    located(codes::UNBINDABLE_ARG, &format!("{what} is not wired"), slice_plan.loc)
                        .with_help("wire it with `args = { N = COMBINED }` or `aliases = { N = \"%value\" }`"),
                );
                continue;
            };
            bindings.push(binding);
        }
        let mut writes: Vec<usize> = flow
            .args
            .iter()
            .filter(|a| a.index < buffers.len())
            .filter(|a| a.accesses.iter().any(|x| x.mode == Mode::Write && owners.get(x.launch) == Some(&Some(s))))
            .map(|a| a.index)
            .collect();
        writes.dedup();
        layouts.push(SliceLayout { prefix: slice_plan.prefix.clone(), func: kernel.func.name(), bindings, writes });
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Layout { name: plan.name.clone(), buffers, slices: layouts })
}

fn size_mismatch(what: &str, bytes: usize, target: &str, target_bytes: usize, loc: Loc) -> Diagnostic {
    located(codes::BINDING_SIZE, &format!("{what} holds {bytes} bytes, but {target} holds {target_bytes}"), loc)
        .with_help("wire the slice argument to a buffer (or view) of its own size")
}

/// A slice argument bound through a prelude alias: the view, checked.
fn alias_binding(
    merged: &Parse,
    func: Option<FuncOp<'_>>,
    alias: &str,
    buffers: &[Buffer],
    bytes: usize,
    what: &str,
    loc: Loc,
) -> Result<Binding, Diagnostic> {
    let Some(func) = func else {
        return Err(located(
            codes::ALIAS_NOT_A_VIEW,
            &format!("{what}: the merged module has no kernel function"),
            loc,
        ));
    };
    let view = alias_views::resolve(merged, func, alias).map_err(|err| match err {
        ViewError::NotAView { why, op } => {
            let d = located(codes::ALIAS_NOT_A_VIEW, &format!("{what}: alias `{alias}` is not a view check-merge can bind: {why}"), loc)
                .with_help("a prelude alias must be memref.subview (constant offsets, sizes, strides), memref.cast, memref.reinterpret_cast, collapse_shape or expand_shape of a combined argument");
            match op {
                Some(op) => d.with_note(format!("the op: {op}")),
                None => d,
            }
        }
        ViewError::NotContiguous { view, op } => {
            let dims: Vec<String> = view.dims.iter().map(|(s, t)| format!("{s} (stride {t})")).collect();
            located(
                codes::VIEW_NOT_CONTIGUOUS,
                &format!(
                    "{what}: alias `{alias}` is not one contiguous range of %arg{}: offset {}, sizes {}",
                    view.arg,
                    view.offset,
                    dims.join(" x ")
                ),
                loc,
            )
            .with_note(format!("the op: {op}"))
            .with_help("a device buffer view is one byte range: view whole rows (the last dimensions whole), or give the slice its own buffer")
        }
    })?;
    let buffer = buffers.get(view.arg).ok_or_else(|| {
        located(
            codes::ALIAS_NOT_A_VIEW,
            &format!("{what}: alias `{alias}` views an argument the plan does not declare"),
            loc,
        )
    })?;
    let size = buffer.dtype.size() as i64;
    let (offset, len) = (view.offset.saturating_mul(size), view.elements().saturating_mul(size));
    if offset < 0 || len < 0 || offset.saturating_add(len) > buffer.bytes as i64 {
        return Err(located(
            codes::BINDING_SIZE,
            &format!(
                "{what}: alias `{alias}` covers bytes {offset}..{} of {}, which holds {}",
                offset.saturating_add(len),
                buffer.label(),
                buffer.bytes
            ),
            loc,
        )
        .with_help("a view must lie within its argument: check the subview's offsets and sizes"));
    }
    if len as usize != bytes {
        return Err(size_mismatch(what, bytes, &format!("alias `{alias}` of {}", buffer.label()), len as usize, loc));
    }
    Ok(Binding::View { arg: view.arg, alias: alias.to_string(), offset: offset as usize, len: len as usize })
}

/// The slice (index into the plan) each launch of the merged function came from: the last
/// slice part (merge's origins, in plan order) that starts before it.
fn launch_owners(origins: &[SliceOrigin], flow: &air_dataflow::Dataflow) -> Vec<Option<usize>> {
    flow.launches
        .iter()
        .map(|launch| origins.iter().rposition(|origin| origin.range.start <= launch.range.start))
        .collect()
}
