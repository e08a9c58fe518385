//! Which ops the generic printer converts (the `air.*` ops of AIR's ODS and the `airrt.*` ops
//! of AIR's runtime dialect), which it passes through unchanged (ops of the upstream dialects
//! MLIR knows here, and any op already in generic form), and which it cannot convert (custom
//! syntax of any other dialect).

use air_syntax::air_ops::AirOp;
use air_syntax::views::{Op, UNDOTTED_OPS};

/// Dialects whose custom syntax MLIR parses in our context: the set inserted into the
/// melior context (feature `mlir`) and what `mlir-opt-22` always knows. The core `transform`
/// dialect is not in it: the melior context does not register it; `mlir-opt-22` and air-opt
/// do, with its upstream extensions, so `print --generic` keeps its ops
/// ([`is_upstream_transform`]) and only `verify`'s in-process MLIR cannot read them.
pub const REGISTERED_DIALECTS: &[&str] = &[
    "builtin",
    "func",
    "arith",
    "memref",
    "scf",
    "affine",
    "vector",
    "linalg",
    "math",
    "tensor",
    "gpu",
    "bufferization",
    "cf",
    "llvm",
    "ub",
    "index",
    "complex",
    "ml_program",
    "rocdl",
];

/// The ops of AIR's runtime dialect (`mlir/include/air/Dialect/AIRRt/AIRRtOps.td` at the
/// corpus commit), which air-opt registers and upstream MLIR does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AirRtOp {
    ModuleMetadata,
    ModuleMetadataTerminator,
    SegmentMetadata,
    SegmentMetadataTerminator,
    HerdMetadata,
    HerdMetadataTerminator,
    HerdLoad,
    SegmentLoad,
    DmaMemcpyNd,
    MemcpyNd,
    Alloc,
    Dealloc,
    WaitAll,
}

impl AirRtOp {
    pub const ALL: &'static [AirRtOp] = &[
        AirRtOp::ModuleMetadata,
        AirRtOp::ModuleMetadataTerminator,
        AirRtOp::SegmentMetadata,
        AirRtOp::SegmentMetadataTerminator,
        AirRtOp::HerdMetadata,
        AirRtOp::HerdMetadataTerminator,
        AirRtOp::HerdLoad,
        AirRtOp::SegmentLoad,
        AirRtOp::DmaMemcpyNd,
        AirRtOp::MemcpyNd,
        AirRtOp::Alloc,
        AirRtOp::Dealloc,
        AirRtOp::WaitAll,
    ];

    /// The name and its MLIR string literal.
    fn names(self) -> (&'static str, &'static str) {
        match self {
            AirRtOp::ModuleMetadata => ("airrt.module_metadata", "\"airrt.module_metadata\""),
            AirRtOp::ModuleMetadataTerminator => {
                ("airrt.module_metadata_terminator", "\"airrt.module_metadata_terminator\"")
            }
            AirRtOp::SegmentMetadata => ("airrt.segment_metadata", "\"airrt.segment_metadata\""),
            AirRtOp::SegmentMetadataTerminator => {
                ("airrt.segment_metadata_terminator", "\"airrt.segment_metadata_terminator\"")
            }
            AirRtOp::HerdMetadata => ("airrt.herd_metadata", "\"airrt.herd_metadata\""),
            AirRtOp::HerdMetadataTerminator => ("airrt.herd_metadata_terminator", "\"airrt.herd_metadata_terminator\""),
            AirRtOp::HerdLoad => ("airrt.herd_load", "\"airrt.herd_load\""),
            AirRtOp::SegmentLoad => ("airrt.segment_load", "\"airrt.segment_load\""),
            AirRtOp::DmaMemcpyNd => ("airrt.dma_memcpy_nd", "\"airrt.dma_memcpy_nd\""),
            AirRtOp::MemcpyNd => ("airrt.memcpy_nd", "\"airrt.memcpy_nd\""),
            AirRtOp::Alloc => ("airrt.alloc", "\"airrt.alloc\""),
            AirRtOp::Dealloc => ("airrt.dealloc", "\"airrt.dealloc\""),
            AirRtOp::WaitAll => ("airrt.wait_all", "\"airrt.wait_all\""),
        }
    }

    pub fn name(self) -> &'static str {
        self.names().0
    }

    pub fn quoted_name(self) -> &'static str {
        self.names().1
    }

    pub fn from_name(name: &str) -> Option<AirRtOp> {
        AirRtOp::ALL.iter().copied().find(|op| op.name() == name)
    }
}

/// An op the generic printer rewrites: AIR's or AIR's runtime dialect's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Converted {
    Air(AirOp),
    AirRt(AirRtOp),
}

impl Converted {
    pub fn name(self) -> &'static str {
        match self {
            Converted::Air(op) => op.name(),
            Converted::AirRt(op) => op.name(),
        }
    }

    pub fn quoted_name(self) -> &'static str {
        match self {
            Converted::Air(op) => op.quoted_name(),
            Converted::AirRt(op) => op.quoted_name(),
        }
    }
}

/// Extensions of the `transform` dialect that are not upstream MLIR's: AIR's own
/// (`transform.air.*`, registered only by mlir-air's full air-opt) and other projects'.
const DOWNSTREAM_TRANSFORM: &[&str] = &["air", "aie", "aievec", "iree"];

/// An op of the upstream `transform` dialect or one of its upstream extensions
/// (`transform.structured.*`, `transform.apply_patterns.*`, ...), which `mlir-opt-22` and
/// air-opt register.
pub fn is_upstream_transform(name: &str) -> bool {
    let mut parts = name.split('.');
    parts.next() == Some("transform") && parts.next().is_some_and(|second| !DOWNSTREAM_TRANSFORM.contains(&second))
}

/// What the generic printer does with an op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpClass<'a> {
    /// An AIR op in custom form: rewritten into generic form.
    Air(AirOp),
    /// An op of AIR's runtime dialect in custom form: rewritten into generic form.
    AirRt(AirRtOp),
    /// Generic form, or an upstream dialect MLIR parses: kept byte for byte (its regions are
    /// still searched for AIR ops).
    PassThrough,
    /// An `air.*` name that AIR's ODS does not define (e.g. the old `air.pipeline` ops).
    UnknownAir(&'a str),
    /// Custom syntax of a dialect MLIR does not know here; the dialect name.
    Unregistered(&'a str),
    /// No op name (a syntax error the parser already reported): kept as is.
    Broken,
}

/// The dialect of an op name: the text before the first `.`.
pub fn dialect_of(name: &str) -> &str {
    if UNDOTTED_OPS.contains(&name) {
        return "builtin";
    }
    name.split('.').next().unwrap_or(name)
}

pub fn classify(op: Op<'_>) -> OpClass<'_> {
    let name = op.name();
    if name.is_empty() || op.name_node().is_none() {
        return OpClass::Broken;
    }
    if op.is_generic() {
        return OpClass::PassThrough;
    }
    let dialect = dialect_of(name);
    if dialect == "air" {
        return match AirOp::from_name(name) {
            Some(air) => OpClass::Air(air),
            None => OpClass::UnknownAir(name),
        };
    }
    if dialect == "airrt" {
        if let Some(rt) = AirRtOp::from_name(name) {
            return OpClass::AirRt(rt);
        }
    }
    if REGISTERED_DIALECTS.contains(&dialect) {
        OpClass::PassThrough
    } else {
        OpClass::Unregistered(dialect)
    }
}
