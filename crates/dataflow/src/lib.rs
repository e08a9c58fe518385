//! The dataflow of a fused AIR module: for its kernel function, what each launch reads and
//! writes of every argument (and through which prelude view), which part, the roles that
//! follow for mlir-air's `KernelCache.load_and_run` (`intermediate_indices`,
//! `static_input_indices`, `output_indices`), the hazards between launches, and the
//! launch/buffer graph (docs/roles.md).
//!
//! ```
//! use air_dataflow::{analyze, Options};
//! let text = "func.func @f(%a: memref<64xbf16>, %b: memref<64xbf16>) {\n  \
//!     air.launch () in () args(%x=%a, %y=%b) : memref<64xbf16>, memref<64xbf16> {\n    \
//!     air.channel.put @c[] (%x[] [] []) : (memref<64xbf16>)\n    \
//!     air.channel.get @d[] (%y[] [] []) : (memref<64xbf16>)\n  }\n  return\n}\n";
//! let parse = air_syntax::parse(text);
//! let flow = analyze(&parse, air_diagnostics::FileId(0), &Options::default()).unwrap();
//! assert_eq!(flow.static_candidates(), vec![0]);
//! // Nothing declares %a constant across calls: it is read-only, not a static input.
//! assert_eq!(flow.static_input_indices(), Vec::<usize>::new());
//! assert!(!flow.load_and_run_ready());
//! assert_eq!(flow.output_candidates(), vec![1]);
//! assert_eq!(flow.intermediate_indices(), vec![1]);
//! ```
//!
//! Library only: takes a parsed module (from a file or from memory), returns data and
//! diagnostics; the CLI renders them. Launches are numbered from 1 in document order, as
//! check-bd numbers them.

mod arg_offsets;
pub mod codes;
pub mod graph;
mod hazards;
pub mod intervals;
mod notes;
pub mod part;
pub mod replay;
mod roles;
pub mod segments;

pub use air_syntax::buffer::BufferKind;
pub use part::{Coverage, Footprint};
pub use roles::{ArgLayer, Roles};

use air_diagnostics::{Diagnostic, FileId, TextRange};
use air_model::eval::{Evaluator, VarId};
use air_model::pattern::endpoint_pattern;
use air_model::program::{self, Endpoint, EndpointKind, Program, Root};
use air_syntax::buffer::ArgComment;
use air_syntax::slice_origin::{self, SliceOrigin};
use air_syntax::views::text::collapse_whitespace;
use air_syntax::views::{all_ops, parse_memref_type, ChannelIo, DmaMemcpy, FuncOp, Op};
use air_syntax::{NodeId, Parse, SyntaxNode};
use part::VarRange;
use std::collections::BTreeMap;

/// What the caller knows beyond the module.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The function to analyse; default: the first function with an `air.launch`.
    pub func: Option<String>,
    /// A name per argument index (`wo`, `attn_out`, ...), shown with `%argN`; an argument
    /// without one takes the name in its signature comment ([`comment_name`]), if any.
    pub names: Vec<Option<String>>,
    /// Argument indices the caller reads back (a plan's or the user's outputs).
    pub outputs: Vec<usize>,
    /// A declared kind per argument index (a plan's or a layer's `kind = "weight"`); an
    /// argument without one takes the kind in its signature comment, if any.
    pub kinds: Vec<Option<BufferKind>>,
    /// Which slice each part of a merged module came from (`Merged::slices`); `None` for a
    /// module read from a file, whose `// slice` comments are read instead.
    pub slices: Option<Vec<SliceOrigin>>,
}

/// Whether a launch reads or writes an argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mode {
    Read,
    Write,
}

/// One L3-side transfer of an argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access {
    /// Index into [`Dataflow::launches`].
    pub launch: usize,
    pub mode: Mode,
    /// The elements it touches.
    pub part: Footprint,
    /// The prelude value it goes through (`%arg6_row0`), if any.
    pub via: Option<String>,
    /// The transfer's first line.
    pub range: TextRange,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LaunchInfo {
    /// From 1, in document order.
    pub number: usize,
    /// The launch's symbol (`air.launch @name`), if it has one.
    pub name: Option<String>,
    /// The merged slice it comes from (its prefix) and the slice's kernel function (`@name`):
    /// from merge's origins ([`Options::slices`]), or for a module read from a file the
    /// `// slice` comment merge writes before the slice's part of the body.
    pub slice: Option<(String, String)>,
    pub range: TextRange,
}

impl LaunchInfo {
    /// `launch 2 (q: @matmul_bf16)`, `launch 2 (@s2_launch)` or `launch 2`.
    pub fn label(&self) -> String {
        match (&self.slice, &self.name) {
            (Some((prefix, kernel)), _) => format!("launch {} ({prefix}: {kernel})", self.number),
            (None, Some(name)) => format!("launch {} (@{name})", self.number),
            (None, None) => format!("launch {}", self.number),
        }
    }
}

/// One argument of the kernel function and what the launches do with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgFlow {
    pub index: usize,
    /// `%arg0`.
    pub ssa: String,
    /// The caller's name for it ([`Options::names`]).
    pub name: Option<String>,
    pub ty: String,
    pub elements: Option<i64>,
    /// The argument in the signature.
    pub range: TextRange,
    pub accesses: Vec<Access>,
    pub roles: Roles,
    /// What the caller declares its host contents to be ([`Options::kinds`]): only a
    /// declared weight is written once by `load_and_run`.
    pub kind: Option<BufferKind>,
    /// What the layer's other calls do with it, when the module is one call of a layer.
    pub layer: Option<ArgLayer>,
}

impl ArgFlow {
    /// The caller's name, else `%argN`.
    pub fn label(&self) -> String {
        match &self.name {
            Some(name) => format!("{name} ({})", self.ssa),
            None => self.ssa.clone(),
        }
    }

    /// Launch numbers (from 1) that `mode` the argument, sorted, once each.
    pub fn launches(&self, mode: Mode) -> Vec<usize> {
        let mut out: Vec<usize> = self.accesses.iter().filter(|a| a.mode == mode).map(|a| a.launch + 1).collect();
        out.dedup();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Everything the launches `mode` of it, together.
    pub fn footprint(&self, mode: Mode) -> Footprint {
        let mut all = Footprint::default();
        self.accesses.iter().filter(|a| a.mode == mode).for_each(|a| all.add(&a.part));
        all
    }

    /// The launches that touch it, in launch order, each once with what it reads and writes:
    /// the analyses walk these, so their cost follows the argument's accesses, not the
    /// function's launches.
    pub(crate) fn timeline(&self) -> Vec<Step> {
        let mut steps: Vec<Step> = Vec::new();
        let mut accesses: Vec<&Access> = self.accesses.iter().collect();
        accesses.sort_by_key(|a| a.launch);
        for access in accesses {
            if steps.last().is_none_or(|s| s.launch != access.launch) {
                steps.push(Step { launch: access.launch, reads: Footprint::default(), writes: Footprint::default() });
            }
            if let Some(step) = steps.last_mut() {
                match access.mode {
                    Mode::Read => step.reads.add(&access.part),
                    Mode::Write => step.writes.add(&access.part),
                }
            }
        }
        steps
    }

    /// What launch `launch` (an index) does of it in `mode`.
    pub fn footprint_in(&self, launch: usize, mode: Mode) -> Footprint {
        let mut all = Footprint::default();
        self.accesses.iter().filter(|a| a.mode == mode && a.launch == launch).for_each(|a| all.add(&a.part));
        all
    }

    pub fn coverage(&self, mode: Mode) -> Coverage {
        Coverage::of(&self.footprint(mode), self.elements)
    }
}

/// What one launch does of an argument ([`ArgFlow::timeline`]).
pub(crate) struct Step {
    pub(crate) launch: usize,
    pub(crate) reads: Footprint,
    pub(crate) writes: Footprint,
}

/// A value of the function body outside any launch that views an argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PreludeValue {
    pub name: String,
    pub arg: usize,
    pub range: TextRange,
}

/// The dataflow of one function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dataflow {
    pub func: String,
    pub func_range: TextRange,
    pub launches: Vec<LaunchInfo>,
    pub args: Vec<ArgFlow>,
    pub prelude: Vec<PreludeValue>,
    /// The caller's outputs ([`Options::outputs`]), in range.
    pub outputs: Vec<usize>,
    /// The hazards and the transfers that could not be read, as diagnostics.
    pub diagnostics: Vec<Diagnostic>,
    /// Whether the module is one call of a layer ([`Dataflow::apply_layer`]): its outputs are
    /// then the layer's decision, even when there are none.
    pub in_layer: bool,
}

impl Dataflow {
    fn indices(&self, pick: impl Fn(&Roles) -> bool) -> Vec<usize> {
        self.args.iter().filter(|a| pick(&a.roles)).map(|a| a.index).collect()
    }

    pub fn intermediate_indices(&self) -> Vec<usize> {
        self.indices(|r| r.intermediate)
    }

    /// Read-only buffers: host bytes read, never overwritten by the device. Whether their
    /// contents are the same on every call is not known from the module.
    pub fn static_candidates(&self) -> Vec<usize> {
        self.indices(|r| r.static_candidate)
    }

    /// `static_input_indices`: the static candidates declared weights.
    pub fn static_input_indices(&self) -> Vec<usize> {
        let weight = |a: &&ArgFlow| a.kind == Some(BufferKind::Weight);
        self.args.iter().filter(weight).filter(|a| a.roles.static_candidate).map(|a| a.index).collect()
    }

    /// The static candidates with no declared kind: read-only, not declared constant.
    pub fn undeclared_read_only(&self) -> Vec<usize> {
        self.args.iter().filter(|a| a.roles.static_candidate && a.kind.is_none()).map(|a| a.index).collect()
    }

    /// Whether the snippet is ready to paste: every read-only buffer's kind is declared, so
    /// none that changes between calls can be missing from `static_input_indices` by accident.
    pub fn load_and_run_ready(&self) -> bool {
        self.undeclared_read_only().is_empty()
    }

    pub fn output_candidates(&self) -> Vec<usize> {
        self.indices(|r| r.output_candidate)
    }

    /// The outputs read back: the caller's (or the layer's) when given, else the candidates.
    pub fn outputs_or_candidates(&self) -> Vec<usize> {
        if self.outputs.is_empty() && !self.in_layer {
            self.output_candidates()
        } else {
            self.outputs.clone()
        }
    }

    /// The keyword arguments of `KernelCache.load_and_run`: the declared weights static. Ready
    /// to paste when [`Dataflow::load_and_run_ready`].
    pub fn load_and_run(&self) -> String {
        let set = |v: Vec<usize>| {
            if v.is_empty() {
                "set()".to_string()
            } else {
                format!("{{{}}}", v.iter().map(usize::to_string).collect::<Vec<_>>().join(", "))
            }
        };
        let outputs = self.outputs_or_candidates().iter().map(usize::to_string).collect::<Vec<_>>().join(", ");
        format!(
            "static_input_indices={}, intermediate_indices={}, output_indices=[{outputs}]",
            set(self.static_input_indices()),
            set(self.intermediate_indices())
        )
    }
}

impl Dataflow {
    /// Makes the module one call of a layer: `layer` says, per argument, what the layer's other
    /// calls do with it. The roles, the outputs (the arguments read back) and the hazards
    /// follow.
    pub fn apply_layer(&mut self, layer: Vec<ArgLayer>, file: FileId) {
        for (arg, context) in self.args.iter_mut().zip(layer) {
            arg.layer = Some(context);
            arg.roles = roles::roles(arg);
        }
        self.in_layer = true;
        self.outputs =
            self.args.iter().filter(|a| a.layer.as_ref().is_some_and(ArgLayer::read_back)).map(|a| a.index).collect();
        let mut diagnostics = hazards::hazards(self, file);
        diagnostics.extend(self.diagnostics.drain(..).filter(|d| !hazards::CODES.contains(&d.code)));
        self.diagnostics = diagnostics;
    }
}

/// Analyses the kernel function of a parsed module. `Err`: there is no function to analyse
/// (or the module does not parse), as located diagnostics.
pub fn analyze(parse: &Parse, file: FileId, opts: &Options) -> Result<Dataflow, Vec<Diagnostic>> {
    if parse.has_errors() {
        return Err(parse.all_errors().into_iter().map(|d| d.in_file(file)).collect());
    }
    let eval = Evaluator::new(parse);
    let program = program::build(&eval);
    let func = pick_function(parse, &program, opts, file)?;
    let func_node = func.op().node().id();
    let launches: Vec<(usize, LaunchInfo)> = program
        .launch_ids()
        .filter(|(_, l)| l.func == Some(func_node))
        .enumerate()
        .map(|(pos, (id, l))| {
            let info = LaunchInfo { number: pos + 1, name: l.name.clone(), slice: None, range: l.range };
            (id.index(), info)
        })
        .collect();
    let launches = match &opts.slices {
        Some(origins) => name_by_slice(origins, launches),
        None => name_by_slice(&slice_origin::from_comments(parse.tree.text()), launches),
    };
    let launch_pos: BTreeMap<usize, usize> = launches.iter().map(|(id, info)| (*id, info.number - 1)).collect();
    let mut args = signature(func, parse.tree.text(), opts);
    let arg_of_def: BTreeMap<NodeId, usize> =
        func.args().iter().enumerate().filter_map(|(i, a)| a.def.map(|d| (d.id(), i))).collect();
    let vars = var_ranges(&program);
    let mut diagnostics = Vec::new();
    let mut prelude: BTreeMap<String, PreludeValue> = BTreeMap::new();
    let prelude_defs = prelude_ranges(parse, func);
    for endpoint in &program.endpoints {
        let Some(&launch) = endpoint.within.launch.and_then(|l| launch_pos.get(&l.index())) else { continue };
        let arg = match &endpoint.root {
            Root::L3(def) => arg_of_def.get(def).copied(),
            _ => None,
        };
        let Some(arg) = arg else {
            if endpoint.level == program::Level::L3 {
                diagnostics.push(notes::unresolved(file, endpoint, launches[launch].1.number));
            }
            continue;
        };
        let access = access_of(&eval, func, endpoint, launch, &vars, args[arg].elements);
        if let Some(name) = &access.via {
            if let Some(&range) = prelude_defs.get(name.as_str()) {
                prelude.entry(name.clone()).or_insert(PreludeValue { name: name.clone(), arg, range });
            }
        }
        if let Some(reason) = &access.part.unknown {
            diagnostics.push(notes::unknown_part(file, &access, &args[arg], &launches[launch].1, reason));
        }
        args[arg].accesses.push(access);
    }
    let launches: Vec<LaunchInfo> = launches.into_iter().map(|(_, info)| info).collect();
    for arg in &mut args {
        arg.accesses.sort_by_key(|a| (a.launch, a.range.start));
        arg.roles = roles::roles(arg);
    }
    let outputs: Vec<usize> = opts.outputs.iter().copied().filter(|&o| o < args.len()).collect();
    let mut flow = Dataflow {
        func: func.name(),
        func_range: func.name_token().map(|t| t.text_range()).unwrap_or_else(|| func.op().node().text_range()),
        launches,
        args,
        prelude: prelude.into_values().collect(),
        outputs,
        diagnostics: Vec::new(),
        in_layer: false,
    };
    let mut found = hazards::hazards(&flow, file);
    found.append(&mut diagnostics);
    flow.diagnostics = found;
    Ok(flow)
}

/// The function named in `opts`, or the first one with a launch.
fn pick_function<'p>(
    parse: &'p Parse,
    program: &Program,
    opts: &Options,
    file: FileId,
) -> Result<FuncOp<'p>, Vec<Diagnostic>> {
    let funcs: Vec<FuncOp<'p>> =
        all_ops(parse.tree.root()).filter_map(FuncOp::cast).filter(|f| !f.is_declaration()).collect();
    let with_launch = |f: &FuncOp<'_>| program.launches.iter().any(|l| l.func == Some(f.op().node().id()));
    let found = match &opts.func {
        Some(name) => funcs.iter().find(|f| &f.name() == name).copied(),
        None => funcs.iter().find(|f| with_launch(f)).copied(),
    };
    found.ok_or_else(|| vec![notes::no_function(file, opts.func.as_deref(), &funcs)])
}

/// The buffer name and kind `merge` writes after an argument of the signature it emits
/// (`%arg0: memref<...>,  // wo (weight)`): a `//` comment that follows the argument (and its
/// comma) on its line, read as [`ArgComment::read`] reads it.
pub fn arg_comment(text: &str, arg: TextRange) -> ArgComment {
    let Some(rest) = text.get(arg.end as usize..) else { return ArgComment::default() };
    let line = rest.split('\n').next().unwrap_or("").trim_start();
    let line = line.strip_prefix(',').unwrap_or(line).trim_start();
    line.strip_prefix("//").map(ArgComment::read).unwrap_or_default()
}

/// The buffer name of [`arg_comment`].
pub fn comment_name(text: &str, arg: TextRange) -> Option<String> {
    arg_comment(text, arg).name
}

fn signature(func: FuncOp<'_>, text: &str, opts: &Options) -> Vec<ArgFlow> {
    func.args()
        .iter()
        .enumerate()
        .map(|(index, a)| {
            let ty = a.ty.map(|t| collapse_whitespace(t.text())).unwrap_or_default();
            let comment = arg_comment(text, a.node.text_range());
            ArgFlow {
                index,
                ssa: a.name.map(|t| t.text().to_string()).unwrap_or_else(|| format!("#{index}")),
                name: opts.names.get(index).cloned().flatten().or(comment.name),
                kind: opts.kinds.get(index).copied().flatten().or(comment.kind),
                elements: parse_memref_type(&ty).and_then(|t| t.num_elements()),
                ty,
                range: a.node.text_range(),
                accesses: Vec::new(),
                roles: Roles::default(),
                layer: None,
            }
        })
        .collect()
}

/// The values each loop induction variable and hierarchy id takes, when constant.
fn var_ranges(program: &Program) -> BTreeMap<VarId, VarRange> {
    let mut vars = BTreeMap::new();
    let dims = program
        .launches
        .iter()
        .flat_map(|l| &l.dims)
        .chain(program.segments.iter().flat_map(|s| &s.unroll))
        .chain(program.herds.iter().flat_map(|h| &h.sizes));
    for dim in dims {
        if let Some(count) = dim.size.as_const() {
            vars.insert(dim.var, VarRange { lower: 0, step: 1, count });
        }
    }
    for lp in &program.loops {
        if let (Some(lower), Some(step), Some(count)) = (lp.lower.as_const(), lp.step.as_const(), lp.trip) {
            vars.insert(lp.iv, VarRange { lower, step, count });
        }
    }
    vars
}

/// The memref operand of an endpoint.
fn memref_use<'p>(parse: &'p Parse, endpoint: &Endpoint) -> Option<SyntaxNode<'p>> {
    let op = Op(parse.tree.node(endpoint.op));
    let operand = match endpoint.kind {
        EndpointKind::Put | EndpointKind::Get => ChannelIo::cast(op)?.operand(),
        EndpointKind::DmaSrc => DmaMemcpy::cast(op)?.src(),
        EndpointKind::DmaDst => DmaMemcpy::cast(op)?.dst(),
    };
    operand?.memref()
}

fn access_of(
    eval: &Evaluator<'_>,
    func: FuncOp<'_>,
    endpoint: &Endpoint,
    launch: usize,
    vars: &BTreeMap<VarId, VarRange>,
    elements: Option<i64>,
) -> Access {
    let mode = if endpoint.kind.reads_memory() { Mode::Read } else { Mode::Write };
    let resolved = memref_use(eval.parse(), endpoint)
        .ok_or_else(|| "a transfer without a memref operand".to_string())
        .and_then(|u| arg_offsets::resolve(eval, func, u));
    let (offset, via) = match resolved {
        Ok(r) => (r.offset, r.via),
        Err(reason) => (Err(format!("its memref is {reason}")), None),
    };
    let part = offset
        .and_then(|delta| {
            let pattern = endpoint_pattern(endpoint).map_err(|e| e.describe())?;
            part::enumerate(&pattern, delta, vars, elements)
        })
        .map(|known| Footprint { known, unknown: None })
        .unwrap_or_else(Footprint::unknown);
    Access { launch, mode, part, via, range: endpoint.line_range }
}

/// Each launch's slice: the last slice part that starts before it (merge's origins, in text
/// order), found by a binary search per launch.
fn name_by_slice(origins: &[SliceOrigin], mut launches: Vec<(usize, LaunchInfo)>) -> Vec<(usize, LaunchInfo)> {
    if origins.is_empty() {
        return launches;
    }
    for (_, launch) in &mut launches {
        let before = origins.partition_point(|origin| origin.range.start < launch.range.start);
        if let Some(origin) = before.checked_sub(1).and_then(|i| origins.get(i)) {
            launch.slice = Some((origin.prefix.clone(), origin.kernel.clone()));
        }
    }
    launches
}

/// Where each value of the function body is defined (its `RESULT`), by name: read once, the
/// first definition of a name kept.
fn prelude_ranges(parse: &Parse, func: FuncOp<'_>) -> BTreeMap<String, TextRange> {
    let mut defs = BTreeMap::new();
    if parse.tree.text().is_empty() {
        return defs;
    }
    for op in func.op().body_ops() {
        for result in op.result_nodes() {
            defs.entry(result.text().trim().to_string()).or_insert(result.text_range());
        }
    }
    defs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn launches_take_their_slice_from_the_origins_the_merge_gives() {
        let launch = "  air.launch () in () args(%x=%arg0) : memref<4xbf16> {\n  }\n";
        let text = format!("func.func @f(%arg0: memref<4xbf16>) {{\n{launch}{launch}  return\n}}\n");
        let parse = air_syntax::parse(&text);
        let second = text.rfind("  air.launch").unwrap() as u32;
        let origin = |prefix: &str, start: u32, end: u32| SliceOrigin {
            prefix: prefix.to_string(),
            name: format!("{prefix}.mlir"),
            kernel: "@k".to_string(),
            range: TextRange::new(start, end),
        };
        let slices = vec![origin("q", 0, second), origin("k", second, text.len() as u32)];
        let flow = analyze(&parse, FileId(0), &Options { slices: Some(slices), ..Options::default() }).unwrap();
        let named: Vec<_> = flow.launches.iter().map(|l| l.slice.clone()).collect();
        assert_eq!(named, [Some(("q".to_string(), "@k".to_string())), Some(("k".to_string(), "@k".to_string()))]);
        // Without origins or comments, no launch has a slice.
        let flow = analyze(&parse, FileId(0), &Options::default()).unwrap();
        assert!(flow.launches.iter().all(|l| l.slice.is_none()));
    }

    #[test]
    fn names_come_back_from_signature_comments() {
        let text = "func.func @f(\n    %arg0: memref<4xbf16>,  // wo\n    %arg1: i32,\n    %arg2: i32  // out\n  ) {";
        let at = |a: &str| {
            let start = text.find(a).map_or(0, |s| s as u32);
            TextRange::new(start, start + a.len() as u32)
        };
        assert_eq!(comment_name(text, at("%arg0: memref<4xbf16>")).as_deref(), Some("wo"));
        assert_eq!(comment_name(text, at("%arg1: i32")), None);
        assert_eq!(comment_name(text, at("%arg2: i32")).as_deref(), Some("out"));
        // A comment that is not a name is not taken for one.
        assert_eq!(comment_name("%a: i32, // 0 wo static\n", TextRange::new(0, 7)), None);
        let kind = |t: &str| arg_comment(t, TextRange::new(0, 7)).kind;
        assert_eq!(kind("%a: i32, // wo (weight)\n"), Some(BufferKind::Weight));
        assert_eq!(kind("%a: i32  // (activation)\n"), Some(BufferKind::Activation));
        assert_eq!(kind("%a: i32, // wo (constant)\n"), None);
    }
}
