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

/// `Fact`, one variant per family, and `From` each family's facts (what `Cx::report` takes).
macro_rules! families {
    ($($variant:ident($family:ident::$fact:ident),)*) => {
        /// One finding of one rule, before it has words.
        #[derive(Clone, Debug)]
        pub(crate) enum Fact {
            $($variant($family::$fact),)*
        }

        $(impl From<$family::$fact> for Fact {
            fn from(fact: $family::$fact) -> Fact {
                Fact::$variant(fact)
            }
        })*
    };
}

families! {
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
