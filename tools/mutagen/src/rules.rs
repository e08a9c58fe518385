//! The rule catalog: every rule of AIR's verifier, custom parsers and ODS constraints that
//! mutagen breaks, and the benign edits, each with a stable id, the upstream source it
//! comes from (paths under mlir-air at the corpus commit: `AIRDialect.cpp` is
//! `mlir/lib/Dialect/AIR/IR/AIRDialect.cpp`, `AIR.td` is `mlir/include/air/Dialect/AIR/AIR.td`)
//! and its site generator. docs/mutagen.md lists the same table.

use crate::sites::{benign, channel, generic, generic_ops, hierarchy, memory, parser, transfer, Cx, Site};

/// What AIR's verifier is expected to say about a mutant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// Breaks one rule: AIR must reject it.
    Invalid,
    /// AIR must accept it.
    Benign,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Invalid => "invalid",
            Kind::Benign => "benign",
        }
    }
}

/// One rule (or benign edit) and where its sites are.
#[derive(Clone, Copy)]
pub struct Rule {
    /// Stable id, kebab-case.
    pub id: &'static str,
    pub kind: Kind,
    /// Upstream source: file:line(s) and what is there.
    pub source: &'static str,
    /// The edit, in a few words.
    pub edit: &'static str,
    /// For an invalid rule, what AIR's first error about the mutant contains (how the
    /// differential test knows the intended rule is the one that fired); empty for benign.
    pub air_says: &'static str,
    /// AIR reports it while parsing (not in a verifier): such sites are tried outside
    /// hierarchy bodies first (see [`Site::in_hierarchy`]).
    pub parse_error: bool,
    pub sites: fn(&Cx<'_>) -> Vec<Site>,
}

impl Rule {
    /// The rule's row in docs/mutagen.md's table.
    pub fn doc_row(&self) -> String {
        let kind = match (self.kind, self.parse_error) {
            (Kind::Invalid, true) => "invalid (parse)",
            (Kind::Invalid, false) => "invalid",
            (Kind::Benign, _) => "benign",
        };
        let cell = |text: &str| text.replace('|', "\\|");
        let says = if self.air_says.is_empty() { "(accepts)".to_string() } else { format!("`{}`", self.air_says) };
        format!("| `{}` | {kind} | {} | {} | {} |", self.id, cell(self.source), cell(self.edit), cell(&says))
    }
}

impl std::fmt::Debug for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Rule({})", self.id)
    }
}

/// How a rule's mutants are judged: `Parse` and `Verify` are invalid (rejected by AIR's
/// parser or by a verifier), `Accept` benign.
#[derive(Clone, Copy)]
enum Stage {
    Parse,
    Verify,
    Accept,
}

use Stage::{Accept, Parse, Verify};

const fn make(
    id: &'static str,
    stage: Stage,
    source: &'static str,
    edit: &'static str,
    air_says: &'static str,
    sites: fn(&Cx<'_>) -> Vec<Site>,
) -> Rule {
    let (kind, parse_error) = match stage {
        Parse => (Kind::Invalid, true),
        Verify => (Kind::Invalid, false),
        Accept => (Kind::Benign, false),
    };
    Rule { id, kind, source, edit, air_says, parse_error, sites }
}

/// One catalog line per rule (a call of [`make`] that rustfmt leaves on one line).
macro_rules! rule {
    ($id:literal, $stage:expr, $source:literal, $edit:literal, $says:literal, $sites:path) => {
        make($id, $stage, $source, $edit, $says, $sites)
    };
}

/// Every rule, in the order of the docs.
pub const RULES: &[Rule] = &[
    // Custom parsers and the operand types they resolve.
    rule!("async-needs-name", Parse, "AIRDialect.cpp:221 parseAsyncDependencies: \"needs to be named when marked 'async'\"", "drop the result name of an async op whose token is unused", "needs to be named when marked 'async'", parser::async_unnamed),
    rule!("async-result-needs-async", Parse, "AIRDialect.cpp:219; AIR.td:47/152/242/364/490/597/784/973 Optional<air_AsyncToken> result", "drop `async` from a named op", "cannot name an operation with no results", parser::async_result_without_async),
    rule!("air-type-unknown", Parse, "AIRDialect.cpp:70 airDialect::parseType: \"unknown air type\"", "`!air.async.token` spelled `!air.async_token`", "unknown air type", parser::unknown_air_type),
    rule!("air-op-unknown", Parse, "AIRDialect.cpp:49-52 airDialect::initialize registers the ops of AIR.td only", "air.wait_all spelled air.wait_any", "custom op 'air.wait_any' is unknown", parser::unknown_air_op),
    rule!("herd-tile-keyword", Parse, "AIRDialect.cpp:1884 HerdOp::parse: parseKeyword(\"tile\")", "drop `tile` from an air.herd", "expected 'tile'", parser::herd_tile_keyword),
    rule!("hierarchy-sizes-match-ids", Parse, "AIRDialect.cpp:756-760, 1169-1175, 1487-1493, 1892-1898: one `%size=%value` per id", "drop the last size of a launch/segment/herd/rank", "expected SSA operand", parser::sizes_match_ids),
    rule!("hierarchy-size-index", Parse, "AIR.td:45/150/240/362 Variadic<Index>:$sizes; AIRDialect.cpp:776, 1197, 1502, 1912 resolveOperands(tileSize, indexType)", "an i32 constant as a hierarchy size", "expects different type than prior uses: 'index' vs 'i32'", parser::size_operand_index),
    rule!("async-dep-token", Parse, "AIR.td:43/149/239/361/468/595/765/961/1141 Variadic<air_AsyncToken>:$async_dependencies", "an index constant in a dependency list", "expects different type than prior uses: '!air.async.token' vs 'index'", parser::dep_token_type),
    rule!("hierarchy-args-type", Parse, "AIRDialect.cpp:805, 1226, 1532, 1941 resolveOperand(kernelOperands[i], types[i])", "an `args` type that is not the operand's type", "expects different type than prior uses", parser::kernel_operand_type),
    rule!("execute-result-count", Parse, "AIR.td:1143-1146 results (air_AsyncToken:$async_token, Variadic<AnyType>:$results) and `-> (types)`", "one result name more than the execute defines", "results but was provided", parser::execute_result_count),
    // Hierarchy bodies.
    rule!("hierarchy-isolated-from-above", Verify, "AIR.td:38/144/234/355 IsolatedFromAbove", "use the outer operand of an `args` binding inside the body", "using value defined outside the region", hierarchy::isolated_from_above),
    rule!("terminator-parent", Verify, "AIR.td:128/218/340/450/1184 HasParent<...> of rank/launch/segment/herd/execute_terminator", "end a body with another op's terminator", "op expects parent op", hierarchy::terminator_parent),
    rule!("terminator-last", Verify, "AIR.td:130/220/341/451 Terminator", "the body's terminator written before its first op", "must be the last operation in the parent block", hierarchy::terminator_last),
    rule!("hierarchy-single-block", Verify, "AIR.td:41/147/237/358 SingleBlockImplicitTerminator", "a second block in a hierarchy body", "to have 0 or 1 blocks", hierarchy::single_block),
    rule!("rank-nesting", Verify, "AIRDialect.cpp:1334-1341 RankOp::verify: \"cannot be nested inside air.segment, air.herd, or another air.rank\"", "an air.rank at the start of a segment/herd/rank body", "cannot be nested inside air.segment, air.herd, or another air.rank", hierarchy::rank_nesting),
    rule!("segment-alloc-memory-space", Verify, "AIRDialect.cpp:1660 verifyAllocMemorySpace via SegmentOp::verify (1753): L2 or L1 only", "an L3 copy of a segment's L2 buffer allocated in the segment (every second one inside an air.execute)", "memref.alloc inside air.segment must have memory space >= L2", memory::segment_alloc_space),
    rule!("herd-alloc-memory-space", Verify, "AIRDialect.cpp:1660 verifyAllocMemorySpace via HerdOp::verify (2056): L1 only", "an L2 copy of a herd's L1 buffer allocated in the herd (every second one inside an air.execute)", "memref.alloc inside air.herd must have memory space >= L1", memory::herd_alloc_space),
    rule!("herd-direct-access-l1", Verify, "AIRDialect.cpp:1738 verifyComputeMemoryAccess via HerdOp::verify (2058); ops listed at 1688-1705", "a memref/affine load or store, vector.load or vector.transfer_read in a herd on an L2/L3 kernel argument", "inside 'air.herd' accesses memref with memory_space", memory::herd_direct_access),
    rule!("operand-segment-sizes", Verify, "AIR.td:1241 AttrSizedOperandSegments (also 37/143/233/354/465/758/954)", "a generic air.custom whose operandSegmentSizes count an operand it lacks", "specified in attribute 'operandSegmentSizes'", generic::operand_segments),
    rule!("execute-one-block", Verify, "AIR.td:1150 SizedRegion<1> (ExecuteOp::verify, 2065-2072, is unreachable behind it)", "a generic air.execute with an empty region", "failed to verify constraint: region with 1 blocks", generic::execute_one_block),
    rule!("rank-universe-type", Parse, "AIR.td:44 Optional<air_Universe>:$universe; AIRDialect.cpp:1193 resolveOperand(universeOperand, univType)", "an index value as a rank's universe", "'!air.universe' vs 'index'", generic::rank_universe_type),
    // Every op in generic form: ODS type constraints, segments and attribute kinds.
    rule!("generic-result-token", Verify, "AIR.td:47/152/242/364/490/597/784/973/1262 Optional<air_AsyncToken>:$async_token; 1143 air_AsyncToken:$async_token of air.execute", "an index result where a generic wait_all/custom/execute/dma/put/launch/segment/herd returns its token", "result #0 must be async token type, but got 'index'", generic_ops::result_token),
    rule!("generic-result-count", Verify, "AIR.td:597/1262/973 Optional<air_AsyncToken>: 0 or 1 result", "two token results on a generic wait_all/custom/get", "result group starting at #0 requires 0 or 1 element", generic_ops::result_count),
    rule!("generic-execute-results", Verify, "AIR.td:1143-1146 results (air_AsyncToken:$async_token, Variadic<AnyType>:$results)", "a generic air.execute with no results", "expected 1 or more results", generic_ops::execute_results),
    rule!("generic-dep-token", Verify, "AIR.td:43/149/239/361/468/595/765/961/1141 Variadic<air_AsyncToken>:$async_dependencies", "an index value among the dependencies of a generic wait_all/execute/custom/dma/herd/rank", "must be variadic of async token type, but got 'index'", generic_ops::dep_token),
    rule!("generic-operand-index", Verify, "AIR.td:23 Index:$capacity; 471-473, 768-770 Variadic<Index> offsets", "an i32 capacity, put offset or DMA offset in generic form", "index, but got 'i32'", generic_ops::operand_index),
    rule!("generic-operand-memref", Verify, "AIR.td:470/474, 963 AnyRankedOrUnrankedMemRef:$dst/$src", "an index value as a generic get's or DMA's buffer", "must be ranked or unranked memref of any type values, but got 'index'", generic_ops::operand_memref),
    rule!("generic-attr-kind", Verify, "AIR.td:479-484, 779-781 DenseI64ArrayAttr static_*; 622 I64ArrayAttr:$size", "a generic channel's size as array<i64>, a static_* as array<i32> or [0]", "in property conversion", generic_ops::attr_kind),
    rule!("generic-zero-results", Verify, "AIR.td:218/450/1184 the terminators have no results (ZeroResults)", "a result on a generic execute/herd/launch terminator", "requires zero results", generic_ops::zero_results),
    // Channel declarations.
    rule!("channel-type-supported", Verify, "AIRDialect.cpp:3775 ChannelOp::verify: \"unsupported channel_type\"", "channel_type = \"dma_stream\" (the pre-npu_ name)", "unsupported channel_type", channel::type_supported),
    rule!("channel-type-kind", Parse, "AIR.td:623 DefaultValuedAttr<StrAttr>:$channel_type", "an integer channel_type", "attribute 'channel_type' failed to satisfy constraint", channel::type_kind),
    rule!("channel-size-kind", Parse, "AIR.td:622 DefaultValuedAttr<I64ArrayAttr>:$size", "an i32 bundle size", "attribute 'size' failed to satisfy constraint", channel::size_kind),
    rule!("channel-symbol-unique", Verify, "AIR.td:620 Symbol, in the module's SymbolTable", "the declaration written twice", "redefinition of symbol named", channel::symbol_unique),
    rule!("broadcast-shape-rank", Verify, "AIRDialect.cpp:3784: \"bundle rank should match broadcast_shape rank\"", "one more broadcast_shape entry", "bundle rank should match broadcast_shape rank", channel::broadcast_rank),
    rule!("broadcast-shape-int", Verify, "AIRDialect.cpp:3794: \"expected integer attribute for broadcast_shape[i]\"", "a float broadcast_shape entry", "expected integer attribute for broadcast_shape", channel::broadcast_int),
    rule!("broadcast-shape-shrink", Verify, "AIRDialect.cpp:3800: \"broadcasting cannot shrink a dimension\"", "a broadcast_shape entry below the size", "broadcasting cannot shrink a dimension", channel::broadcast_shrink),
    rule!("broadcast-shape-compatible", Verify, "AIRDialect.cpp:3804: \"size must be 1 or equal to broadcast_shape\"", "a size neither 1 nor the broadcast size", "size must be 1 or equal to broadcast_shape", channel::broadcast_compatible),
    rule!("refeed-count-kind", Verify, "AIRDialect.cpp:3573 verifyRefeedCountAttr (channel 3816, put 3587, get 3698)", "a string air.refeed_count", "\"air.refeed_count\" must be an integer attribute", channel::refeed_kind),
    rule!("refeed-count-range", Verify, "AIRDialect.cpp:3578 verifyRefeedCountAttr: [1, INT32_MAX]", "air.refeed_count = 0", "must be in [1, INT32_MAX]", channel::refeed_range),
    rule!("packet-ids-array", Verify, "AIRDialect.cpp:3824: \"packet_ids\" must be an array attribute", "packet_ids = 3 on a packet channel", "\"packet_ids\" must be an array attribute", channel::packet_ids_array),
    rule!("packet-ids-channel-type", Verify, "AIRDialect.cpp:3827: \"packet_ids\" only on a \"npu_dma_packet\" channel", "packet_ids on a stream channel", "is only valid on a \"npu_dma_packet\" channel", channel::packet_ids_type),
    rule!("packet-ids-int", Verify, "AIRDialect.cpp:3834: \"packet_ids\" elements must be integer attributes", "a string packet id", "\"packet_ids\" elements must be integer attributes", channel::packet_ids_int),
    rule!("packet-ids-range", Verify, "AIRDialect.cpp:3838: packet id in [0, 31]", "packet id 32", "must be in [0, 31]", channel::packet_ids_range),
    rule!("packet-ids-unique", Verify, "AIRDialect.cpp:3841: packet id duplicated", "packet ids [2, 2]", "is duplicated", channel::packet_ids_unique),
    rule!("channel-mmio-put-l3", Verify, "AIRDialect.cpp:3607 ChannelPutOp::verify: npu_mmio put source in L3", "a channel made npu_mmio whose put reads L1/L2", "put source must be in L3", channel::mmio_put_source),
    rule!("channel-mmio-get-l1", Verify, "AIRDialect.cpp:3718 ChannelGetOp::verify: npu_mmio get destination in L1", "a channel made npu_mmio whose get writes L2/L3", "get destination must be in L1", channel::mmio_get_destination),
    rule!("channel-gpu-heap-needs-rank", Verify, "AIRDialect.cpp:3618 (put), 3730 (get): gpu_symmetric_heap needs an enclosing air.rank", "a channel made gpu_symmetric_heap used outside air.rank", "requires an enclosing air.rank scope", channel::gpu_heap_rank),
    // Puts, gets and DMAs.
    rule!("channel-index-temporal-iv", Verify, "AIRDialect.cpp:3593 (put), 3704 (get): \"channel bundle indices must not be temporal scf.for induction variables\"", "a channel index replaced by the enclosing scf.for iv", "is an scf.for induction variable", transfer::index_temporal_iv),
    rule!("channel-index-type", Parse, "AIR.td:767/963 Variadic<Index>:$indices", "an i32 channel index", "expects different type than prior uses: 'index' vs 'i32'", transfer::index_operand_type),
    rule!("access-pattern-index-type", Parse, "AIR.td:471-478, 769-771, 965-967 Variadic<Index> offsets/sizes/strides", "an i32 offset, size or stride", "expects different type than prior uses: 'index' vs 'i32'", transfer::access_operand_type),
    rule!("channel-sizes-strides-rank", Verify, "AIRDialect.cpp:3083 verifySizesStridesRank via put (3584), get (3695)", "one stride fewer than sizes", "sizes and strides must have the same number of dimensions", transfer::channel_sizes_strides),
    rule!("dma-sizes-strides-rank", Verify, "AIRDialect.cpp:3083 verifySizesStridesRank via DmaMemcpyNdOp::verify (3092, 3095)", "one stride fewer than sizes", "sizes and strides must have the same number of dimensions", transfer::dma_sizes_strides),
    rule!("pad-both-or-neither", Verify, "AIRDialect.cpp:3102 (dma), 3627 (put), 3739 (get)", "pad_before without pad_after", "pad_before and pad_after must both be present or both absent", transfer::pad_both),
    rule!("pad-same-rank", Verify, "AIRDialect.cpp:3106 (dma), 3631 (put), 3743 (get)", "pad_after one dimension longer", "pad_before and pad_after must have the same number of dimensions", transfer::pad_same_rank),
    rule!("pad-non-negative", Verify, "AIRDialect.cpp:3110 (dma), 3635 (put), 3747 (get)", "pad_before = -1", "padding values must be non-negative", transfer::pad_non_negative),
    rule!("pad-max", Verify, "AIRDialect.cpp:3112 (dma), 3637 (put), 3749 (get): <= 65535", "pad_after = 65536", "padding values must be <= 65535", transfer::pad_max),
    rule!("pad-kind", Parse, "AIR.td:485-486/782-783/971-972 OptionalAttr<DenseI32ArrayAttr>", "padding as an array attribute", "failed to satisfy constraint: i32 dense array attribute", transfer::pad_kind),
    rule!("dma-cross-rank-scope", Verify, "AIRDialect.cpp:3124: src_rank/dst_rank require an enclosing air.rank", "src_rank = 0 on a DMA outside air.rank", "src_rank/dst_rank attributes require an enclosing air.rank scope", transfer::cross_rank_scope),
    rule!("dma-rank-non-negative", Verify, "AIRDialect.cpp:3134 (src), 3139 (dst): rank >= 0", "dst_rank = -1 inside air.rank", "dst_rank must be >= 0", transfer::rank_non_negative),
    rule!("dma-cross-rank-symmetric", Verify, "AIRDialect.cpp:3147: the alloc of a cross-rank memref needs \"air.symmetric\"", "src_rank on a DMA from a plain memref.alloc", "lacks the \"air.symmetric\" attribute", transfer::cross_rank_symmetric),
    rule!("dma-rank-kind", Parse, "AIR.td:487-488 OptionalAttr<I64Attr>:$src_rank/$dst_rank", "src_rank = 0 : i32", "attribute 'src_rank' failed to satisfy constraint", transfer::rank_attr_kind),
    // Benign: AIR accepts these.
    rule!("benign-rename-ssa", Accept, "MLIR: SSA names are not semantic", "rename a value of an AIR op at its definition and every use", "", benign::rename_ssa),
    rule!("benign-discardable-attr", Accept, "MLIR: dialect-prefixed attributes are discardable", "mutagen.tag = 1 : i64 on an AIR op", "", benign::discardable_attr),
    rule!("benign-reorder-ops", Accept, "MLIR: only dominance orders ops", "swap two adjacent independent ops, one of them an AIR op", "", benign::reorder_ops),
    rule!("benign-constant-change", Accept, "AIR verifies no constant value it uses", "an index constant used by an AIR op made one larger", "", benign::constant_change),
    rule!("benign-add-async", Accept, "AIRDialect.cpp:214-225: `async` with a name is always allowed", "make a synchronous AIR op async with an unused token", "", benign::add_async),
    rule!("benign-duplicate-dep", Accept, "AIR.td Variadic<air_AsyncToken>: repeats allowed", "list the first dependency again", "", benign::duplicate_dep),
    rule!("benign-comment-whitespace", Accept, "MLIR: comments and whitespace are trivia", "a comment line before an AIR op, or a line break after a comma in it", "", benign::comment_whitespace),
    rule!("benign-pad-zero", Accept, "AIRDialect.cpp:3099-3114, 3624-3639, 3736-3751", "zero padding of matching ranks", "", transfer::pad_zero),
    rule!("benign-refeed-count", Accept, "AIRDialect.cpp:3567-3581", "air.refeed_count = 2 on a declaration", "", channel::refeed_valid),
    rule!("benign-packet-ids", Accept, "AIRDialect.cpp:3818-3843", "a default channel made npu_dma_packet with packet_ids = [3]", "", channel::packet_ids_valid),
    rule!("benign-broadcast-shape", Accept, "AIRDialect.cpp:3781-3809", "broadcast a size-1 dimension to 4", "", channel::broadcast_valid),
    rule!("benign-rank-in-launch", Accept, "AIRDialect.cpp:1335: air.rank may nest in air.launch", "an air.rank at the start of a launch body", "", hierarchy::rank_in_launch),
    rule!("benign-channel-index-parallel-iv", Accept, "AIRDialect.cpp:3590-3596: spatial scf.parallel ivs are allowed", "a channel index replaced by the enclosing scf.parallel iv", "", transfer::index_parallel_iv),
    rule!("benign-generic-form", Accept, "MLIR: the generic form of any op", "a generic-form air.wait_all at the start of a body", "", generic::generic_form),
    rule!("benign-generic-ops", Accept, "AIR.td: every op's Arguments/Results in generic form; static_* hold kDynamic (-9223372036854775808)", "a valid generic-form execute/custom/dma/put+get/launch+segment/universe+rank/herd with every inherent attribute", "", generic_ops::valid_generic_ops),
    rule!("benign-symmetric-heap-alloc", Accept, "AIRDialect.cpp:1652-1655: #air.symmetric_heap is exempt", "a #air.symmetric_heap alloc in a herd or segment", "", memory::symmetric_heap_alloc),
    // Lax: AIR does not check these, so it accepts them.
    rule!("lax-args-extra-type", Accept, "AIRDialect.cpp:801-808, 1222-1229, 1528-1535, 1937-1944: extra `args` types are read and ignored", "one more type after `args(...) :`", "", benign::lax_args_extra_type),
    rule!("lax-execute-yield", Accept, "AIR.td:1184-1198: execute_terminator operands are not checked against the results", "an execute_terminator that yields nothing", "", benign::lax_execute_yield),
    rule!("lax-channel-index-derived-iv", Accept, "AIRDialect.cpp:3592, 3703 scf::getForInductionVarOwner: only the iv itself is refused", "a channel index computed from the enclosing scf.for iv (arith.addi)", "", transfer::index_derived_iv),
    rule!("lax-channel-index-count", Accept, "AIR.td:767/963: the number of indices is not checked against the bundle rank", "one channel index fewer", "", benign::lax_index_count),
    rule!("lax-herd-link-with-kind", Accept, "AIR.td:360 OptionalAttr<StrAttr>:$link_with; HerdOp::parse (1946) reads it into the attribute dictionary, where a non-string value is dropped", "an integer link_with", "", hierarchy::link_with_kind),
    rule!("lax-alloca-memory-space", Accept, "AIRDialect.cpp:1646: verifyAllocMemorySpace walks memref::AllocOp only", "an L3 memref.alloca in a herd", "", memory::alloca_space),
    rule!("lax-undeclared-channel", Accept, "AIRDialect.cpp:3600-3603: a channel that does not resolve passes silently", "a put/get of an undeclared channel", "", benign::lax_undeclared_channel),
];

/// The rule with id `id`.
pub fn rule(id: &str) -> Option<&'static Rule> {
    RULES.iter().find(|rule| rule.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_ids_are_unique_kebab_case() {
        let mut ids: Vec<&str> = RULES.iter().map(|r| r.id).collect();
        assert!(ids.iter().all(|id| id.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')));
        ids.sort_unstable();
        let before = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), before);
        let unsaid: Vec<&str> =
            RULES.iter().filter(|r| (r.kind == Kind::Invalid) == r.air_says.is_empty()).map(|r| r.id).collect();
        assert!(
            unsaid.is_empty(),
            "invalid rules need, benign rules must not have, an expected AIR message: {unsaid:?}"
        );
    }

    #[test]
    fn docs_list_every_rule_as_the_catalog_says() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/mutagen.md");
        let docs = std::fs::read_to_string(path).unwrap();
        let missing: Vec<String> = RULES.iter().map(Rule::doc_row).filter(|row| !docs.contains(row.as_str())).collect();
        assert!(missing.is_empty(), "docs/mutagen.md lacks these rows of the rule table:\n{}", missing.join("\n"));
    }
}
