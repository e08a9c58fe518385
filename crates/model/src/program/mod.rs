//! The analysed program: what a module asks of the hardware, extracted from the syntax tree
//! once, so that each check reads plain data.
//!
//! Launches, segments and herds with their (evaluated) sizes; loops with trip counts; L1/L2
//! buffers with their byte sizes; and every data movement as *endpoints*. An `air.dma_memcpy_nd`
//! has two endpoints (source and destination), an `air.channel.put`/`get` has one. Each endpoint
//! knows its memory level (L3 = shim DMA, L2 = memtile DMA, L1 = core DMA), its access pattern
//! as written, the buffer it resolves to, and the loops around it up to its launch.

mod build;

pub use build::build;

use crate::eval::{Value, VarId};
use air_diagnostics::TextRange;
use air_syntax::views::MemRefType;
use air_syntax::NodeId;
use std::collections::BTreeMap;

/// A launch of the program: its index in [`Program::launches`] (also its analysis unit's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LaunchId(pub usize);

impl LaunchId {
    pub fn index(self) -> usize {
        self.0
    }
}

pub type SegmentId = usize;
pub type HerdId = usize;
pub type LoopId = usize;
pub type BufferId = usize;
pub type EndpointId = usize;

/// The hierarchy ops an op sits within.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Enclosing {
    pub launch: Option<LaunchId>,
    pub segment: Option<SegmentId>,
    pub herd: Option<HerdId>,
}

/// One dimension of an iteration space (`air.launch (%x) in (%sx=%c4)`).
#[derive(Clone, Debug)]
pub struct IterDim {
    pub var: VarId,
    pub size: Value,
}

#[derive(Clone, Debug)]
pub struct Launch {
    pub node: NodeId,
    /// The enclosing `func.func` (launches of one function run one after another).
    pub func: Option<NodeId>,
    pub name: Option<String>,
    /// The launch's first line, for labels.
    pub range: TextRange,
    pub dims: Vec<IterDim>,
    pub segments: Vec<SegmentId>,
    /// Herds directly in the launch (no segment in between).
    pub herds: Vec<HerdId>,
    /// `air.shim_dma_tile_sizes` (per-launch runtime loop tiling), when written as AIR reads
    /// it (`array<i64: ...>`, a `DenseI64ArrayAttr`); any other form is in `tile_sizes_attr`.
    pub shim_dma_tile_sizes: Option<Vec<i64>>,
    /// The attribute as written, with its range, for validation (check-bd's AS0434).
    pub tile_sizes_attr: Option<TileSizesAttr>,
}

/// A launch's `air.shim_dma_tile_sizes` entry as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileSizesAttr {
    /// The attribute's value.
    pub range: TextRange,
    pub value: TileSizesValue,
}

/// The value of `air.shim_dma_tile_sizes`: AIR reads it with
/// `getAttrOfType<DenseI64ArrayAttr>`, so only `array<i64: ...>` counts; anything else (an
/// `ArrayAttr` such as `[2, 2]`, `array<i32: ...>`) reads as no attribute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TileSizesValue {
    Dense(Vec<i64>),
    /// Another form, as written (single-spaced).
    Other(String),
}

#[derive(Clone, Debug)]
pub struct Segment {
    pub node: NodeId,
    pub name: Option<String>,
    /// The `@name` token (or the first line when unnamed).
    pub name_range: TextRange,
    pub range: TextRange,
    pub launch: Option<LaunchId>,
    pub herds: Vec<HerdId>,
    /// `unroll (%i) in (%si=...)` dimensions.
    pub unroll: Vec<IterDim>,
    /// `x_size` / `y_size` attributes (columns, rows), when written: the area air-place-herds
    /// places the segment's herds in (else the whole array).
    pub size: Option<(i64, i64)>,
}

#[derive(Clone, Debug)]
pub struct Herd {
    pub node: NodeId,
    pub name: Option<String>,
    pub range: TextRange,
    pub within: Enclosing,
    /// Sizes (x = columns, y = rows); a 1-D herd has y = 1.
    pub sizes: Vec<IterDim>,
    /// `x_loc` / `y_loc` attributes (placement pins), when written.
    pub x_loc: Option<i64>,
    pub y_loc: Option<i64>,
    /// L1 buffers passed in through `args(...)` from outside the herd.
    pub l1_operands: Vec<BufferId>,
    /// Scalar (integer, index, float) `args` the body uses: each takes 4 bytes of the
    /// per-core runtime-parameter buffer air-to-aie adds (`__air_herd_rtp`).
    pub runtime_params: u32,
}

impl Herd {
    /// Constant (x, y); `None` when a size is not constant.
    pub fn shape(&self) -> Option<(i64, i64)> {
        let x = self.sizes.first().map(|d| d.size.as_const())?;
        let y = match self.sizes.get(1) {
            Some(d) => d.size.as_const(),
            None => Some(1),
        };
        Some((x?, y?))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopKind {
    For,
    Parallel,
    AffineFor,
}

#[derive(Clone, Debug)]
pub struct Loop {
    pub node: NodeId,
    pub kind: LoopKind,
    pub iv: VarId,
    pub lower: Value,
    pub step: Value,
    /// Iterations, when the bounds are constant (or differ by a constant).
    pub trip: Option<i64>,
    /// Why the trip count is unknown.
    pub trip_unknown: Option<String>,
    pub range: TextRange,
    pub within: Enclosing,
    /// `air.disable_ping_pong` on the loop.
    pub disable_ping_pong: bool,
    /// Enclosing loops, outermost first.
    pub parents: Vec<LoopId>,
}

/// Memory level of a memref (the AIR MemorySpace enum: L3 = 0, L2 = 1, L1 = 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    L3,
    L2,
    L1,
    Other,
}

impl Level {
    pub fn of_space(space: i64) -> Level {
        match space {
            0 => Level::L3,
            1 => Level::L2,
            2 => Level::L1,
            _ => Level::Other,
        }
    }
}

/// An L1 or L2 `memref.alloc`.
#[derive(Clone, Debug)]
pub struct Buffer {
    pub node: NodeId,
    /// The alloc's result name (`%alloc_0`).
    pub name: String,
    pub range: TextRange,
    pub level: Level,
    pub ty: Option<MemRefType>,
    pub bytes: Option<i64>,
    pub within: Enclosing,
    /// Loops around the alloc inside its hierarchy op, outermost first.
    pub loops: Vec<LoopId>,
    pub no_split: bool,
    pub memtile_col: Option<i64>,
    /// Endpoints that move data in or out of this buffer.
    pub endpoints: Vec<EndpointId>,
    /// Other uses (calls, compute ops), in document order.
    pub other_uses: Vec<Use>,
}

/// A use of a buffer that is not a data movement (a call, a compute op, a view).
#[derive(Clone, Debug)]
pub struct Use {
    pub op: NodeId,
    /// Loops around the use, outermost first.
    pub loops: Vec<LoopId>,
    /// Where the op's name starts: document order, as the ping-pong pass walks the body.
    pub pos: u32,
    pub within: Enclosing,
    pub kind: UseKind,
    /// The operand is the buffer itself (reached through `air.execute` results and hierarchy
    /// `args` only), not a view of it.
    pub direct: bool,
}

/// What a use does to the buffer, as far as `air-label-scf-for-to-ping-pong` asks
/// (`isUnsafeToDuplicate`: is the first access a definite write?).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UseKind {
    /// `memref.subview`, `collapse_shape`, ... : a pure op, no write.
    View,
    /// An op whose memory effects are a write without a read (`linalg.fill`, `memref.store`).
    Write,
    /// `func.call`: opaque, it may read.
    Call,
    /// Any other op (reads, or effects not modelled).
    Other,
}

/// A memref argument of a herd (its `args` entry) used directly by an op without memory
/// effects (a call, a channel or DMA op): such a use makes every enclosing loop unsafe to
/// ping-pong (mlir-air `isUnsafeToDuplicate`).
#[derive(Clone, Debug)]
pub struct HerdArgUse {
    pub herd: HerdId,
    /// What the argument stands for outside the herd.
    pub root: Root,
    /// Loops around the op, outermost first.
    pub loops: Vec<LoopId>,
}

/// What a memref value resolves to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Root {
    Buffer(BufferId),
    /// An L3 buffer object: a function argument (its `ARG_DEF` node) or an L3 alloc (its op).
    L3(NodeId),
    Unknown(String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndpointKind {
    Put,
    Get,
    DmaSrc,
    DmaDst,
}

impl EndpointKind {
    /// Data leaves the endpoint's memory (memory-to-stream, MM2S).
    pub fn reads_memory(self) -> bool {
        matches!(self, EndpointKind::Put | EndpointKind::DmaSrc)
    }
}

/// One side of a data movement.
#[derive(Clone, Debug)]
pub struct Endpoint {
    pub op: NodeId,
    /// The op's name, for labels.
    pub op_range: TextRange,
    /// The op's first line.
    pub line_range: TextRange,
    /// The memref operand (`%buf[...] [...] [...]`).
    pub operand_range: TextRange,
    pub kind: EndpointKind,
    pub chan: Option<String>,
    pub chan_indices: Vec<Value>,
    pub level: Level,
    pub ty: Option<MemRefType>,
    pub root: Root,
    /// Offsets, sizes, strides as written (empty lists: the whole buffer).
    pub offsets: Vec<Value>,
    pub sizes: Vec<Value>,
    pub strides: Vec<Value>,
    pub within: Enclosing,
    /// Enclosing loops up to the launch, outermost first.
    pub loops: Vec<LoopId>,
    /// The other endpoint of an `air.dma_memcpy_nd`.
    pub peer: Option<EndpointId>,
    /// The memref operand is the buffer itself (through `air.execute` results and hierarchy
    /// `args` only), not a view of it.
    pub direct: bool,
    /// For a host (L3) transfer: a reshape of the host argument written outside any
    /// `air.launch` that its operand goes through (the op's name and range).
    pub host_view: Option<(String, TextRange)>,
    /// Enclosing `affine.if` / `scf.if` branches inside the endpoint's hierarchy op, outermost
    /// first, as (if op, region index): transfers in different regions of one `if` are
    /// mutually exclusive.
    pub branches: Vec<(NodeId, u32)>,
}

impl Endpoint {
    /// The stream's identity: the channel symbol with its constant indices (`*` for an index
    /// that varies), or the DMA op.
    pub fn stream_key(&self) -> String {
        match &self.chan {
            Some(chan) => {
                let indices: Vec<String> = self
                    .chan_indices
                    .iter()
                    .map(|v| v.as_const().map_or_else(|| "*".to_string(), |c| c.to_string()))
                    .collect();
                format!("chan:{chan}[{}]", indices.join(","))
            }
            None => format!("op:{}", self.op.0),
        }
    }

    pub fn is_whole_buffer(&self) -> bool {
        self.offsets.is_empty() && self.sizes.is_empty() && self.strides.is_empty()
    }

    pub fn element_bits(&self) -> Option<u32> {
        self.ty.as_ref().and_then(MemRefType::element_bits)
    }
}

/// `air.channel @name [sizes] {broadcast_shape, channel_type}`.
#[derive(Clone, Debug)]
pub struct ChannelInfo {
    pub range: TextRange,
    pub sizes: Vec<i64>,
    pub broadcast: bool,
    /// The columns a broadcast channel spreads over (`broadcast_shape[0]`, at least 1), as
    /// air-dma-to-channel's shim pressure estimate reads it.
    pub broadcast_span: i64,
    pub packet: bool,
    /// `npu_cascade` / `npu_mmio`: no DMA channel and no BD (model doc §4.5).
    pub no_dma: bool,
}

/// A hierarchy op found outside any launch (bare herd or segment).
#[derive(Clone, Debug)]
pub struct Bare {
    pub node: NodeId,
    pub range: TextRange,
    pub what: &'static str,
    pub name: Option<String>,
}

impl Program {
    pub fn launch(&self, id: LaunchId) -> &Launch {
        &self.launches[id.index()]
    }

    /// Every launch with its id, in document order.
    pub fn launch_ids(&self) -> impl ExactSizeIterator<Item = (LaunchId, &Launch)> + '_ {
        self.launches.iter().enumerate().map(|(idx, launch)| (LaunchId(idx), launch))
    }

    /// Whether a transfer moves data with a DMA channel (not a cascade or MMIO channel).
    pub fn uses_dma(&self, endpoint: &Endpoint) -> bool {
        !endpoint.chan.as_ref().and_then(|c| self.channels.get(c)).is_some_and(|c| c.no_dma)
    }

    /// Variables a transfer's channel indices depend on (each value is another channel instance).
    pub fn index_vars(endpoint: &Endpoint) -> Vec<crate::eval::VarId> {
        endpoint.chan_indices.iter().filter_map(|v| v.as_lin()).flat_map(|l| l.terms.iter().map(|(v, _)| *v)).collect()
    }
}

/// Everything the checks read.
#[derive(Clone, Debug, Default)]
pub struct Program {
    pub launches: Vec<Launch>,
    pub segments: Vec<Segment>,
    pub herds: Vec<Herd>,
    pub loops: Vec<Loop>,
    pub buffers: Vec<Buffer>,
    pub endpoints: Vec<Endpoint>,
    pub channels: BTreeMap<String, ChannelInfo>,
    /// The endpoints of each channel symbol, in document order.
    pub by_channel: BTreeMap<String, Vec<EndpointId>>,
    /// Herds and segments outside any launch.
    pub bare: Vec<Bare>,
    /// L3 memrefs (function arguments and L3 allocs) with their types, by definition node.
    pub l3_args: Vec<(NodeId, TextRange, MemRefType)>,
    /// Function arguments typed in L1 or L2 memory, by definition node: no tile buffer
    /// stands behind them.
    pub local_args: Vec<(NodeId, TextRange)>,
    /// Generic-form AIR hierarchy ops, which are not analysed.
    pub generic_hierarchy: Vec<TextRange>,
    /// The first hierarchy op written `async`: the module is already in the asynchronous form
    /// air-dependency writes.
    pub async_form: Option<TextRange>,
    /// Herd memref arguments used directly by calls, channel and DMA ops.
    pub herd_arg_uses: Vec<HerdArgUse>,
}
