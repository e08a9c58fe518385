//! The names of AIR's ops, defined once: a constant per name (usable in `match` patterns, so a
//! mixed match over AIR and other dialects' names keeps one arm per op), the [`AirOp`] enum
//! over AIR's ODS (`mlir/include/air/Dialect/AIR/AIR.td` at the corpus commit), and the
//! hierarchy ops as [`HierarchyKind`], a subset of it.
//!
//! Every crate compares op names through these; a tidy test (`crates/cli/tests/tidy.rs`) holds
//! the `"air.*"` op-name literals to this file.

pub const LAUNCH: &str = "air.launch";
pub const SEGMENT: &str = "air.segment";
pub const HERD: &str = "air.herd";
pub const RANK: &str = "air.rank";
pub const LAUNCH_TERMINATOR: &str = "air.launch_terminator";
pub const SEGMENT_TERMINATOR: &str = "air.segment_terminator";
pub const HERD_TERMINATOR: &str = "air.herd_terminator";
pub const RANK_TERMINATOR: &str = "air.rank_terminator";
pub const CHANNEL: &str = "air.channel";
pub const CHANNEL_PUT: &str = "air.channel.put";
pub const CHANNEL_GET: &str = "air.channel.get";
pub const DMA_MEMCPY_ND: &str = "air.dma_memcpy_nd";
pub const WAIT_ALL: &str = "air.wait_all";
pub const EXECUTE: &str = "air.execute";
pub const EXECUTE_TERMINATOR: &str = "air.execute_terminator";
pub const CUSTOM: &str = "air.custom";
pub const TRANSLATE: &str = "air.translate";
pub const UNIVERSE_ALLOC: &str = "air.universe.alloc";

/// The old `air.pipeline.*` ops, gone from AIR's ODS; the parser still reads the stage's
/// `args(...)` so that its body's names resolve, and the verifier names them in its hint.
pub const PIPELINE_PREFIX: &str = "air.pipeline";
pub const PIPELINE_STAGE: &str = "air.pipeline.stage";

/// The ops of AIR's ODS.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AirOp {
    Launch,
    Segment,
    Herd,
    Rank,
    LaunchTerminator,
    SegmentTerminator,
    HerdTerminator,
    RankTerminator,
    Channel,
    ChannelPut,
    ChannelGet,
    DmaMemcpyNd,
    WaitAll,
    Execute,
    ExecuteTerminator,
    Custom,
    Translate,
    UniverseAlloc,
}

impl AirOp {
    pub const ALL: &'static [AirOp] = &[
        AirOp::Launch,
        AirOp::Segment,
        AirOp::Herd,
        AirOp::Rank,
        AirOp::LaunchTerminator,
        AirOp::SegmentTerminator,
        AirOp::HerdTerminator,
        AirOp::RankTerminator,
        AirOp::Channel,
        AirOp::ChannelPut,
        AirOp::ChannelGet,
        AirOp::DmaMemcpyNd,
        AirOp::WaitAll,
        AirOp::Execute,
        AirOp::ExecuteTerminator,
        AirOp::Custom,
        AirOp::Translate,
        AirOp::UniverseAlloc,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            AirOp::Launch => LAUNCH,
            AirOp::Segment => SEGMENT,
            AirOp::Herd => HERD,
            AirOp::Rank => RANK,
            AirOp::LaunchTerminator => LAUNCH_TERMINATOR,
            AirOp::SegmentTerminator => SEGMENT_TERMINATOR,
            AirOp::HerdTerminator => HERD_TERMINATOR,
            AirOp::RankTerminator => RANK_TERMINATOR,
            AirOp::Channel => CHANNEL,
            AirOp::ChannelPut => CHANNEL_PUT,
            AirOp::ChannelGet => CHANNEL_GET,
            AirOp::DmaMemcpyNd => DMA_MEMCPY_ND,
            AirOp::WaitAll => WAIT_ALL,
            AirOp::Execute => EXECUTE,
            AirOp::ExecuteTerminator => EXECUTE_TERMINATOR,
            AirOp::Custom => CUSTOM,
            AirOp::Translate => TRANSLATE,
            AirOp::UniverseAlloc => UNIVERSE_ALLOC,
        }
    }

    /// The name as an MLIR string literal (the generic form's op name).
    pub const fn quoted_name(self) -> &'static str {
        match self {
            AirOp::Launch => "\"air.launch\"",
            AirOp::Segment => "\"air.segment\"",
            AirOp::Herd => "\"air.herd\"",
            AirOp::Rank => "\"air.rank\"",
            AirOp::LaunchTerminator => "\"air.launch_terminator\"",
            AirOp::SegmentTerminator => "\"air.segment_terminator\"",
            AirOp::HerdTerminator => "\"air.herd_terminator\"",
            AirOp::RankTerminator => "\"air.rank_terminator\"",
            AirOp::Channel => "\"air.channel\"",
            AirOp::ChannelPut => "\"air.channel.put\"",
            AirOp::ChannelGet => "\"air.channel.get\"",
            AirOp::DmaMemcpyNd => "\"air.dma_memcpy_nd\"",
            AirOp::WaitAll => "\"air.wait_all\"",
            AirOp::Execute => "\"air.execute\"",
            AirOp::ExecuteTerminator => "\"air.execute_terminator\"",
            AirOp::Custom => "\"air.custom\"",
            AirOp::Translate => "\"air.translate\"",
            AirOp::UniverseAlloc => "\"air.universe.alloc\"",
        }
    }

    /// The op named `name` (unquoted), if AIR's ODS defines it.
    pub fn from_name(name: &str) -> Option<AirOp> {
        // A match rather than a search of `ALL`: the verifier asks this of every op.
        Some(match name {
            LAUNCH => AirOp::Launch,
            SEGMENT => AirOp::Segment,
            HERD => AirOp::Herd,
            RANK => AirOp::Rank,
            LAUNCH_TERMINATOR => AirOp::LaunchTerminator,
            SEGMENT_TERMINATOR => AirOp::SegmentTerminator,
            HERD_TERMINATOR => AirOp::HerdTerminator,
            RANK_TERMINATOR => AirOp::RankTerminator,
            CHANNEL => AirOp::Channel,
            CHANNEL_PUT => AirOp::ChannelPut,
            CHANNEL_GET => AirOp::ChannelGet,
            DMA_MEMCPY_ND => AirOp::DmaMemcpyNd,
            WAIT_ALL => AirOp::WaitAll,
            EXECUTE => AirOp::Execute,
            EXECUTE_TERMINATOR => AirOp::ExecuteTerminator,
            CUSTOM => AirOp::Custom,
            TRANSLATE => AirOp::Translate,
            UNIVERSE_ALLOC => AirOp::UniverseAlloc,
            _ => return None,
        })
    }

    /// The terminator a region-holding op's body ends with.
    pub const fn terminator(self) -> Option<AirOp> {
        match self {
            AirOp::Launch => Some(AirOp::LaunchTerminator),
            AirOp::Segment => Some(AirOp::SegmentTerminator),
            AirOp::Herd => Some(AirOp::HerdTerminator),
            AirOp::Rank => Some(AirOp::RankTerminator),
            AirOp::Execute => Some(AirOp::ExecuteTerminator),
            _ => None,
        }
    }

    /// The op a terminator belongs to.
    pub fn terminated_op(self) -> Option<AirOp> {
        AirOp::ALL.iter().copied().find(|op| op.terminator() == Some(self))
    }

    /// The hierarchy op this is, if it is one.
    pub const fn hierarchy(self) -> Option<HierarchyKind> {
        match self {
            AirOp::Launch => Some(HierarchyKind::Launch),
            AirOp::Segment => Some(HierarchyKind::Segment),
            AirOp::Herd => Some(HierarchyKind::Herd),
            AirOp::Rank => Some(HierarchyKind::Rank),
            _ => None,
        }
    }
}

/// Which hierarchy op: the [`AirOp`]s with an iteration space and an isolated body.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HierarchyKind {
    Launch,
    Segment,
    Herd,
    Rank,
}

impl HierarchyKind {
    pub fn from_name(name: &str) -> Option<HierarchyKind> {
        Some(match name {
            LAUNCH => HierarchyKind::Launch,
            SEGMENT => HierarchyKind::Segment,
            HERD => HierarchyKind::Herd,
            RANK => HierarchyKind::Rank,
            _ => return None,
        })
    }

    pub const fn op(self) -> AirOp {
        match self {
            HierarchyKind::Launch => AirOp::Launch,
            HierarchyKind::Segment => AirOp::Segment,
            HierarchyKind::Herd => AirOp::Herd,
            HierarchyKind::Rank => AirOp::Rank,
        }
    }

    pub const fn op_name(self) -> &'static str {
        self.op().name()
    }

    /// The name of the terminator the body ends with.
    pub const fn terminator(self) -> &'static str {
        match self {
            HierarchyKind::Launch => LAUNCH_TERMINATOR,
            HierarchyKind::Segment => SEGMENT_TERMINATOR,
            HierarchyKind::Herd => HERD_TERMINATOR,
            HierarchyKind::Rank => RANK_TERMINATOR,
        }
    }
}

/// Whether `name` is an op called `*_terminator`: the region terminators of AIR's ops (and of
/// AIR's runtime dialect's metadata ops), which their custom syntax may leave implicit.
pub fn is_named_terminator(name: &str) -> bool {
    name.ends_with("_terminator")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_quoted_names_and_lookups_agree() {
        for &op in AirOp::ALL {
            assert_eq!(AirOp::from_name(op.name()), Some(op));
            assert_eq!(op.quoted_name(), format!("\"{}\"", op.name()));
            assert_eq!(op.hierarchy().map(HierarchyKind::op), op.hierarchy().map(|_| op));
            if let Some(kind) = op.hierarchy() {
                assert_eq!(HierarchyKind::from_name(op.name()), Some(kind));
                assert_eq!(op.terminator().map(AirOp::name), Some(kind.terminator()));
            }
            if let Some(terminator) = op.terminator() {
                assert_eq!(terminator.terminated_op(), Some(op));
                assert!(is_named_terminator(terminator.name()));
            }
        }
        assert_eq!(AirOp::from_name("air.pipeline.stage"), None);
        assert_eq!(HierarchyKind::from_name("air.execute"), None);
    }
}
