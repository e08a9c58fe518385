//! What the checks found, as data: per rule, the numbers, the source ranges it points at and
//! the names it quotes. The checks (`check/`) only compute facts; `render/` alone turns them into
//! diagnostics, so every word check-bd prints has one home and a check reads as arithmetic.
//! One module per rule family, beside the check of the same name.

pub(crate) mod compile_time;
pub(crate) mod fields;
pub(crate) mod memory;
pub(crate) mod placement;
pub(crate) mod sequence;
pub(crate) mod shim;
pub(crate) mod structure;
pub(crate) mod tiles;
pub(crate) mod tiling;

/// One finding of one rule, before it has words.
#[derive(Clone, Debug)]
pub(crate) enum Fact {
    Structure(structure::StructureFact),
    Tiling(tiling::TilingFact),
    Sequence(sequence::SequenceFact),
    Placement(placement::PlacementFact),
    Memory(memory::MemoryFact),
    Tiles(tiles::TileFact),
    Shim(shim::ShimFact),
    CompileTime(compile_time::CompileTimeFact),
    Fields(fields::FieldFact),
}

impl From<structure::StructureFact> for Fact {
    fn from(fact: structure::StructureFact) -> Fact {
        Fact::Structure(fact)
    }
}

impl From<tiling::TilingFact> for Fact {
    fn from(fact: tiling::TilingFact) -> Fact {
        Fact::Tiling(fact)
    }
}

impl From<sequence::SequenceFact> for Fact {
    fn from(fact: sequence::SequenceFact) -> Fact {
        Fact::Sequence(fact)
    }
}

impl From<placement::PlacementFact> for Fact {
    fn from(fact: placement::PlacementFact) -> Fact {
        Fact::Placement(fact)
    }
}

impl From<memory::MemoryFact> for Fact {
    fn from(fact: memory::MemoryFact) -> Fact {
        Fact::Memory(fact)
    }
}

impl From<tiles::TileFact> for Fact {
    fn from(fact: tiles::TileFact) -> Fact {
        Fact::Tiles(fact)
    }
}

impl From<shim::ShimFact> for Fact {
    fn from(fact: shim::ShimFact) -> Fact {
        Fact::Shim(fact)
    }
}

impl From<compile_time::CompileTimeFact> for Fact {
    fn from(fact: compile_time::CompileTimeFact) -> Fact {
        Fact::CompileTime(fact)
    }
}

impl From<fields::FieldFact> for Fact {
    fn from(fact: fields::FieldFact) -> Fact {
        Fact::Fields(fact)
    }
}
