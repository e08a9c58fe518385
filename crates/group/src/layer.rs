//! The layer file of `air-stitch group` (docs/group.md#the-layer-file), read with byte spans so
//! every problem points at its line.

use air_checkbd::CheckOptions;
use air_diagnostics::{Diagnostic, FileId, TextRange};
use air_merge::codes;
use air_merge::plan::backend::{self, Backend, RawBackend};
use air_merge::plan::named::{buffer_kind, did_you_mean};
use air_merge::plan::naming::is_identifier;
use air_merge::plan::{located, plan_lints, Loc, PlanLint};
use air_syntax::buffer::BufferKind;
use serde::Deserialize;
use std::collections::BTreeMap;
use toml::Spanned;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLayerFile {
    layer: Spanned<RawLayer>,
    #[serde(default)]
    buffer: Vec<Spanned<RawBuffer>>,
    #[serde(default)]
    view: Vec<Spanned<RawView>>,
    #[serde(default)]
    kernel: Vec<Spanned<RawKernel>>,
    #[serde(default)]
    group_abi: Vec<Spanned<RawGroupAbi>>,
    /// Lint name (or code, or `warnings`) → "allow" | "warn" | "deny", as a plan's `[lints]`.
    #[serde(default)]
    lints: BTreeMap<Spanned<String>, Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLayer {
    name: Spanned<String>,
    #[serde(default)]
    device: Option<Spanned<String>>,
    #[serde(default)]
    backend: Option<Spanned<RawBackend>>,
    #[serde(default)]
    max_launches: Option<Spanned<i64>>,
    #[serde(default)]
    abi: Option<Spanned<String>>,
    /// The buffers the layer's consumer reads after its last call.
    #[serde(default)]
    outputs: Option<Spanned<Vec<Spanned<String>>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBuffer {
    name: Spanned<String>,
    #[serde(rename = "type")]
    ty: Spanned<String>,
    #[serde(default)]
    kind: Option<Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawView {
    name: Spanned<String>,
    of: Spanned<String>,
    #[serde(rename = "type")]
    ty: Spanned<String>,
    ops: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawKernel {
    name: Spanned<String>,
    #[serde(default)]
    file: Option<Spanned<String>>,
    #[serde(default)]
    func: Option<Spanned<String>>,
    args: Spanned<Vec<Spanned<String>>>,
    #[serde(default)]
    external: bool,
    #[serde(default)]
    shim_dma_tile_sizes: Option<Spanned<Vec<i64>>>,
    /// Backend options this kernel needs (a group holding it is built with them).
    #[serde(default)]
    backend: Option<Spanned<RawBackend>>,
    /// An external kernel's arguments it writes (the others it reads).
    #[serde(default)]
    writes: Option<Spanned<Vec<Spanned<String>>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGroupAbi {
    start: Spanned<String>,
    abi: Spanned<Vec<Spanned<String>>>,
}

/// A named buffer of the layer: one host buffer, an argument of every group that uses it.
#[derive(Clone, Debug)]
pub struct Buffer {
    pub name: String,
    pub ty: String,
    pub loc: Loc,
    /// `kind = "weight"`: whether its host contents are the same on every call
    /// (docs/roles.md#declared-kinds); written into each group's plan.
    pub kind: Option<BufferKind>,
}

/// A prelude value over a buffer (a row of a packed argument): `ops` uses `%<of>` for the
/// buffer and defines `%<name>`.
#[derive(Clone, Debug)]
pub struct View {
    pub name: String,
    /// Index into [`Layer::buffers`].
    pub of: usize,
    pub ty: String,
    pub ops: String,
    pub loc: Loc,
}

/// What a kernel argument is bound to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Binding {
    Buffer(usize),
    View(usize),
}

#[derive(Clone, Debug)]
pub struct KernelDecl {
    pub name: String,
    pub name_loc: Loc,
    /// As written (relative to the layer file); optional for an external kernel.
    pub file: Option<String>,
    pub file_loc: Loc,
    pub func: Option<String>,
    pub args: Vec<(Binding, Loc)>,
    pub args_loc: Loc,
    pub external: bool,
    /// `shim_dma_tile_sizes = [2, 2]`: the runtime loop tiling of the kernel's launches,
    /// written into each group plan's slice (docs/merge.md).
    pub shim_dma_tile_sizes: Option<Vec<i64>>,
    /// `backend = { ... }`: options a group holding this kernel is built with (an option two
    /// kernels need differently cuts between them).
    pub backend: Backend,
    /// An external kernel's `writes`: the positions in `args` it writes (the others it reads);
    /// `None` when not given.
    pub writes: Option<Vec<usize>>,
    pub loc: Loc,
}

/// `[[group_abi]]`: the group that starts at kernel `start` has exactly these arguments, in
/// order (buffers it does not use become dead placeholders).
#[derive(Clone, Debug)]
pub struct GroupAbi {
    pub start: usize,
    pub buffers: Vec<usize>,
    pub loc: Loc,
}

/// A parsed, resolved layer.
#[derive(Clone, Debug)]
pub struct Layer {
    pub name: String,
    /// `[layer] device` and `backend`: how every group is built, unless a kernel adds to it.
    pub backend: Backend,
    /// check-bd's options for `backend`.
    pub check: CheckOptions,
    pub max_launches: Option<usize>,
    pub max_launches_loc: Loc,
    pub buffers: Vec<Buffer>,
    pub views: Vec<View>,
    pub kernels: Vec<KernelDecl>,
    pub abis: Vec<GroupAbi>,
    /// `[layer] outputs`: the buffers the layer's consumer reads after its last call; `None`
    /// when not given.
    pub outputs: Option<Vec<usize>>,
    /// `[lints]`, in the layer's order: the levels of what `group` reports (checked by the CLI,
    /// which knows every crate's lints; AS0853 for an unknown lint or level).
    pub lints: Vec<PlanLint>,
}

impl Layer {
    /// The buffer a binding is over.
    pub fn buffer_of(&self, binding: Binding) -> usize {
        match binding {
            Binding::Buffer(b) => b,
            Binding::View(v) => self.views[v].of,
        }
    }

    /// The type a binding has.
    pub fn type_of(&self, binding: Binding) -> &str {
        match binding {
            Binding::Buffer(b) => &self.buffers[b].ty,
            Binding::View(v) => &self.views[v].ty,
        }
    }

    /// The name a kernel argument is written with.
    pub fn name_of(&self, binding: Binding) -> &str {
        match binding {
            Binding::Buffer(b) => &self.buffers[b].name,
            Binding::View(v) => &self.views[v].name,
        }
    }
}

fn range(span: std::ops::Range<usize>) -> TextRange {
    TextRange::new(span.start as u32, span.end as u32)
}

/// Parses a layer file; every problem is reported at once.
pub fn parse_layer(text: &str, file: FileId) -> Result<Layer, Vec<Diagnostic>> {
    let raw: RawLayerFile = toml::from_str(text).map_err(|err| {
        let at = err.span().map(range).unwrap_or(TextRange::empty(0));
        let message = err.message().trim_end().replace('\n', "; ");
        let mut diagnostic =
            Diagnostic::error(codes::LAYER_INVALID, format!("invalid layer: {message}")).with_primary(file, at, "");
        let upstream = air_merge::plan::unknown_field(&message).and_then(|key| backend::upstream_key(&key));
        diagnostic = match (upstream, unknown_key(&message)) {
            (Some(mapping), _) => diagnostic.with_help(mapping),
            (None, Some(best)) => diagnostic.with_help(format!("did you mean `{best}`?")),
            (None, None) => diagnostic.with_help(
                "see docs/group.md for the layer format: [layer], [[buffer]], [[view]], [[kernel]], [[group_abi]], [lints]",
            ),
        };
        vec![diagnostic]
    })?;
    let loc = |span: std::ops::Range<usize>| Some((file, range(span)));
    let mut errors = Vec::new();
    let layer = raw.layer.into_inner();
    if !is_identifier(layer.name.get_ref()) {
        errors.push(
            located(codes::BAD_BUFFER_NAME, "the layer name is not an identifier", loc(layer.name.span()))
                .with_help("it names the output files: letters, digits and `_`, not starting with a digit"),
        );
    }
    let layer_backend = layer_backend(&layer, file, &mut errors);
    let check = layer_backend.check_options();
    let max_launches = layer.max_launches.as_ref().and_then(|m| match usize::try_from(*m.get_ref()) {
        Ok(n) if n > 0 => Some(n),
        _ => {
            errors.push(located(codes::LAYER_INVALID, "`max_launches` is a positive number", loc(m.span())));
            None
        }
    });
    if let Some(abi) = &layer.abi {
        if abi.get_ref() != "first-use" {
            errors.push(
                located(codes::LAYER_INVALID, &format!("unknown `abi` order `{}`", abi.get_ref()), loc(abi.span()))
                    .with_help("the layer-wide order is \"first-use\"; pin one group's order with [[group_abi]]"),
            );
        }
    }
    let mut names: BTreeMap<String, (Binding, Loc)> = BTreeMap::new();
    let mut buffers = Vec::new();
    for buffer in raw.buffer {
        let buffer = buffer.into_inner();
        let at = loc(buffer.name.span());
        if declare(&mut names, buffer.name.get_ref(), Binding::Buffer(buffers.len()), at, &mut errors) {
            let ty_loc = loc(buffer.ty.span());
            let kind = buffer.kind.and_then(|k| buffer_kind(&k, codes::LAYER_INVALID, loc(k.span()), &mut errors));
            buffers.push(Buffer { name: buffer.name.into_inner(), ty: buffer.ty.into_inner(), loc: ty_loc, kind });
        }
    }
    let mut views = Vec::new();
    for view in raw.view {
        let view = view.into_inner();
        let of = match names.get(view.of.get_ref()) {
            Some((Binding::Buffer(b), _)) => *b,
            _ => {
                errors.push(unknown_buffer(&names, view.of.get_ref(), loc(view.of.span()), "a view's `of`"));
                continue;
            }
        };
        let at = loc(view.name.span());
        if declare(&mut names, view.name.get_ref(), Binding::View(views.len()), at, &mut errors) {
            views.push(View {
                name: view.name.into_inner(),
                of,
                ty: view.ty.into_inner(),
                loc: loc(view.ops.span()),
                ops: view.ops.into_inner(),
            });
        }
    }
    let outputs = layer.outputs.as_ref().map(|list| {
        let mut out = Vec::new();
        for name in list.get_ref() {
            match names.get(name.get_ref()) {
                Some((Binding::Buffer(b), _)) => out.push(*b),
                _ => errors.push(unknown_buffer(&names, name.get_ref(), loc(name.span()), "`outputs`")),
            }
        }
        out
    });
    let kernels = kernels(raw.kernel, &names, file, &mut errors);
    let abis = group_abis(raw.group_abi, &names, &kernels, file, &mut errors);
    if kernels.is_empty() {
        errors.push(
            Diagnostic::error(codes::LAYER_INVALID, "the layer has no kernels")
                .with_primary(file, TextRange::empty(0), "")
                .with_help("add one [[kernel]] table per kernel, in launch order"),
        );
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(Layer {
        name: layer.name.into_inner(),
        backend: layer_backend,
        check,
        max_launches,
        max_launches_loc: layer.max_launches.map(|m| m.span()).and_then(loc),
        buffers,
        views,
        kernels,
        abis,
        outputs,
        lints: plan_lints(raw.lints, file),
    })
}

/// `unknown field `x`, expected one of ...`: the expected key `x` most likely misspells.
fn unknown_key(message: &str) -> Option<String> {
    let rest = message.strip_prefix("unknown field `")?;
    let (key, expected) = rest.split_once('`')?;
    did_you_mean(key, expected.split('`').skip(1).step_by(2)).map(str::to_string)
}

/// The layer's device and backend table.
fn layer_backend(layer: &RawLayer, file: FileId, errors: &mut Vec<Diagnostic>) -> Backend {
    let loc = |span: std::ops::Range<usize>| Some((file, range(span)));
    let mut resolved = match &layer.backend {
        Some(table) => backend::resolve(table.clone(), file, codes::LAYER_INVALID, false, errors),
        None => Backend::default(),
    };
    if let Some(device) = &layer.device {
        resolved.device = match backend::parse_device(device.get_ref()) {
            Some(kind) => Some(kind),
            None => {
                let other = device.get_ref();
                errors.push(
                    located(codes::LAYER_INVALID, &format!("unknown device `{other}`"), loc(device.span()))
                        .with_help("the devices are \"npu2\" (the default; \"strix\" names it too), \"npu1\" (\"phoenix\") and \"npu2_4col\""),
                );
                None
            }
        };
    }
    // Checked here, once, for the layer: the groups' plans would each say it, at no line.
    let at = resolved.loc.or_else(|| layer.device.as_ref().and_then(|d| loc(d.span())));
    errors.extend(backend::elf_on_npu1(&resolved, codes::LAYER_INVALID, at));
    resolved
}

/// Declares a buffer or view name; false (and an error) when it is bad or taken.
fn declare(
    names: &mut BTreeMap<String, (Binding, Loc)>,
    name: &str,
    binding: Binding,
    loc: Loc,
    errors: &mut Vec<Diagnostic>,
) -> bool {
    if !is_identifier(name) {
        errors.push(
            located(codes::BAD_BUFFER_NAME, &format!("buffer name `{name}` is not an identifier"), loc)
                .with_help("a buffer name is letters, digits and `_`, not starting with a digit"),
        );
        return false;
    }
    if let Some((_, first)) = names.get(name) {
        let mut diagnostic =
            located(codes::DUPLICATE_BUFFER_NAME, &format!("two buffers or views are named `{name}`"), loc)
                .with_help("give each buffer and view its own name");
        if let Some((file, range)) = first {
            diagnostic = diagnostic.with_secondary(*file, *range, "first named here");
        }
        errors.push(diagnostic);
        return false;
    }
    names.insert(name.to_string(), (binding, loc));
    true
}

fn unknown_buffer(names: &BTreeMap<String, (Binding, Loc)>, name: &str, loc: Loc, what: &str) -> Diagnostic {
    let diagnostic = located(codes::UNKNOWN_BUFFER_NAME, &format!("{what} names no buffer `{name}`"), loc);
    match did_you_mean(name, names.keys().map(String::as_str)) {
        Some(best) => diagnostic.with_help(format!("did you mean `{best}`?")),
        None => diagnostic.with_help("declare it in a [[buffer]] (or [[view]]) table"),
    }
}

fn kernels(
    raw: Vec<Spanned<RawKernel>>,
    names: &BTreeMap<String, (Binding, Loc)>,
    file: FileId,
    errors: &mut Vec<Diagnostic>,
) -> Vec<KernelDecl> {
    let loc = |span: std::ops::Range<usize>| Some((file, range(span)));
    let mut seen: BTreeMap<String, Loc> = BTreeMap::new();
    let mut out = Vec::new();
    for kernel in raw {
        let kernel_loc = loc(kernel.span());
        let kernel = kernel.into_inner();
        let name_loc = loc(kernel.name.span());
        let name = kernel.name.get_ref().clone();
        if !is_identifier(&name) {
            errors.push(
                located(codes::BAD_PREFIX, &format!("kernel name `{name}` is not usable as a prefix"), name_loc)
                    .with_help("a kernel's name prefixes its SSA names and symbols: letters, digits and `_`, not starting with a digit"),
            );
        }
        if let Some(first) = seen.get(&name) {
            let mut diagnostic = located(codes::DUPLICATE_PREFIX, &format!("two kernels are named `{name}`"), name_loc)
                .with_help("kernel names are slice prefixes: give each kernel its own");
            if let Some((f, r)) = first {
                diagnostic = diagnostic.with_secondary(*f, *r, "first named here");
            }
            errors.push(diagnostic);
        }
        seen.insert(name.clone(), name_loc);
        if kernel.file.is_none() && !kernel.external {
            errors
                .push(located(codes::LAYER_INVALID, &format!("kernel `{name}` has no `file`"), kernel_loc).with_help(
                "give the kernel's module as `file = \"...\"` (relative to the layer), or mark it `external = true`",
            ));
        }
        let mut args = Vec::new();
        for arg in kernel.args.get_ref() {
            let at = loc(arg.span());
            match names.get(arg.get_ref()) {
                Some((binding, _)) => args.push((*binding, at)),
                None => errors.push(unknown_buffer(names, arg.get_ref(), at, &format!("kernel `{name}`"))),
            }
        }
        let tile_sizes_loc = kernel.shim_dma_tile_sizes.as_ref().map(|t| t.span()).and_then(loc);
        let tile_sizes = kernel.shim_dma_tile_sizes.map(|t| t.into_inner());
        if let Some(problem) = tile_sizes.as_deref().and_then(air_merge::plan::check_tile_sizes) {
            errors.push(
                located(
                    codes::TILE_SIZES_INVALID,
                    &format!("kernel `{name}`: `shim_dma_tile_sizes`: {problem}"),
                    tile_sizes_loc,
                )
                .with_help(air_merge::plan::TILE_SIZES_HELP),
            );
        }
        let writes =
            kernel.writes.map(|list| external_writes(&name, kernel.external, &list, &args, names, file, errors));
        let kernel_backend = kernel
            .backend
            .map(|table| backend::resolve(table, file, codes::LAYER_INVALID, false, errors))
            .unwrap_or_default();
        out.push(KernelDecl {
            name,
            name_loc,
            file_loc: kernel.file.as_ref().map(|f| f.span()).and_then(loc),
            file: kernel.file.map(|f| f.into_inner()),
            func: kernel.func.map(|f| f.into_inner()),
            args_loc: loc(kernel.args.span()),
            args,
            external: kernel.external,
            shim_dma_tile_sizes: tile_sizes,
            backend: kernel_backend,
            writes,
            loc: kernel_loc,
        });
    }
    out
}

/// An external kernel's `writes`: each name one of its arguments, by position. Only an external
/// kernel takes it (a module's writes are read from the module).
fn external_writes(
    name: &str,
    external: bool,
    list: &Spanned<Vec<Spanned<String>>>,
    args: &[(Binding, Loc)],
    names: &BTreeMap<String, (Binding, Loc)>,
    file: FileId,
    errors: &mut Vec<Diagnostic>,
) -> Vec<usize> {
    let loc = |span: std::ops::Range<usize>| Some((file, range(span)));
    if !external {
        errors.push(
            located(
                codes::LAYER_INVALID,
                &format!("kernel `{name}` is not external: `writes` is read from its module"),
                loc(list.span()),
            )
            .with_help("remove `writes`; only an external kernel (`external = true`) says what it writes"),
        );
        return Vec::new();
    }
    let mut out = Vec::new();
    for written in list.get_ref() {
        let position =
            names.get(written.get_ref()).and_then(|(binding, _)| args.iter().position(|(arg, _)| arg == binding));
        match position {
            Some(p) => out.push(p),
            None => errors.push(
                located(
                    codes::UNKNOWN_BUFFER_NAME,
                    &format!("kernel `{name}` writes `{}`, which is none of its `args`", written.get_ref()),
                    loc(written.span()),
                )
                .with_help("list in `writes` the arguments the external kernel writes, by the names in its `args`"),
            ),
        }
    }
    out
}

fn group_abis(
    raw: Vec<Spanned<RawGroupAbi>>,
    names: &BTreeMap<String, (Binding, Loc)>,
    kernels: &[KernelDecl],
    file: FileId,
    errors: &mut Vec<Diagnostic>,
) -> Vec<GroupAbi> {
    let loc = |span: std::ops::Range<usize>| Some((file, range(span)));
    let mut out = Vec::new();
    for entry in raw {
        let entry_loc = loc(entry.span());
        let entry = entry.into_inner();
        let Some(start) = kernels.iter().position(|k| &k.name == entry.start.get_ref()) else {
            let diagnostic = located(
                codes::UNKNOWN_BUFFER_NAME,
                &format!("`start` names no kernel `{}`", entry.start.get_ref()),
                loc(entry.start.span()),
            );
            errors.push(match did_you_mean(entry.start.get_ref(), kernels.iter().map(|k| k.name.as_str())) {
                Some(best) => diagnostic.with_help(format!("did you mean `{best}`?")),
                None => diagnostic.with_help("`start` is the name of the group's first kernel"),
            });
            continue;
        };
        let mut buffers = Vec::new();
        for name in entry.abi.get_ref() {
            match names.get(name.get_ref()) {
                Some((Binding::Buffer(b), _)) => buffers.push(*b),
                _ => errors.push(unknown_buffer(names, name.get_ref(), loc(name.span()), "the ABI")),
            }
        }
        out.push(GroupAbi { start, buffers, loc: entry_loc });
    }
    out
}
