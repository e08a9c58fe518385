//! `SyntaxKind`: one enum naming every token and node of the concrete syntax tree.

/// Kinds of tokens (leaves, each covering a byte range of the input) and of nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(non_camel_case_types)]
pub enum SyntaxKind {
    // ---- trivia ----
    WHITESPACE,
    /// `// ...` up to (not including) the end of the line.
    COMMENT,

    // ---- identifiers and literals ----
    /// `%x`, `%0`, `%arg10`, `%a-b`.
    PERCENT_ID,
    /// `@f`, `@"quoted name"`.
    AT_ID,
    /// `^bb0`.
    CARET_ID,
    /// `#map`, `#air.symmetric_heap`, and the `#1` of `%0#1`.
    HASH_ID,
    /// `!air.async.token`, `!alias`.
    BANG_ID,
    /// `func.func`, `memref`, `x8xbf16`, `i32`, `to`.
    BARE_ID,
    INT,
    FLOAT,
    STRING,

    // ---- punctuation ----
    L_PAREN,
    R_PAREN,
    L_BRACK,
    R_BRACK,
    L_BRACE,
    R_BRACE,
    L_ANGLE,
    R_ANGLE,
    COMMA,
    EQ,
    COLON,
    STAR,
    PLUS,
    MINUS,
    QUESTION,
    PIPE,
    /// `->`
    ARROW,
    /// `...`
    ELLIPSIS,
    /// `{-#`
    FILE_META_BEGIN,
    /// `#-}`
    FILE_META_END,
    /// A character that starts no token (kept so printing stays lossless).
    ERROR_TOKEN,
    /// End of input: returned by the parser's look-ahead, never stored in a tree.
    EOF,

    // ---- nodes ----
    /// The whole file, or one chunk of a split file: the implicit top-level module.
    SOURCE_FILE,
    /// `#name = attr` or `!name = type` at top level.
    ALIAS_DEF,
    /// `{-# ... #-}` resource section.
    FILE_METADATA,
    OPERATION,
    /// `%a, %b:2 =` before an op name.
    RESULT_LIST,
    /// One result definition: `%a` or `%b:2`.
    RESULT,
    /// The op name: a `BARE_ID` (custom form) or a `STRING` (generic form).
    OP_NAME,
    /// A use of an SSA value: `%x` or `%x#1`.
    VALUE_USE,
    /// A value defined by an op's custom syntax for its region: `scf.for %iv = ...`,
    /// `air.herd tile (%x, %y) in (%sx=...)`, `func.func @f(%arg0: T)`.
    ARG_DEF,
    /// `{ block* }`
    REGION,
    BLOCK,
    /// `^bb0(%a: T, ...):`
    BLOCK_LABEL,
    /// `%a: T` inside a block label.
    BLOCK_ARG,
    /// `{key = value, ...}`
    ATTR_DICT,
    /// `key = value` or a unit `key` inside an `ATTR_DICT`.
    ATTR_ENTRY,
    /// An attribute value (kept as a balanced token run).
    ATTRIBUTE,
    /// `<{...}>` properties in generic form.
    PROPERTIES,
    /// `attributes {...}` in custom form.
    ATTRIBUTES_CLAUSE,
    /// A type (kept as a balanced token run).
    TYPE,
    /// A comma-separated list of types (`args(...) : T1, T2`, `: (T) -> T`).
    TYPE_LIST,
    /// `loc(...)`
    LOC,
    /// A balanced `(...)`, `[...]` or `<...>` run the parser has no finer grammar for.
    GROUP,
    /// `(%a, %b)` operands of a generic-form op.
    OPERAND_LIST,
    /// `({...}, {...})` regions of a generic-form op.
    REGION_LIST,
    /// `[^bb1, ^bb2]` successors of a generic-form op.
    SUCCESSOR_LIST,

    // ---- function-like ops ----
    /// `(%arg0: T {attrs}, ...)` or `(T, T)` of a function-like op.
    FUNC_SIGNATURE,
    /// One entry of a `FUNC_SIGNATURE`.
    FUNC_ARG,
    /// `-> T` or `-> (T, T)` of a function-like op.
    FUNC_RESULTS,

    // ---- AIR ----
    /// `async [%t0, %t1]`: the optional `async` keyword and dependency list.
    ASYNC_DEPS,
    /// `[%t0, %t1]`
    DEP_LIST,
    /// `(%x, %y)` of launch/segment/herd/rank: block-argument definitions.
    ID_LIST,
    /// `(%sx=%c1, %sy=%c2)`: sizes, each an `ASSIGN`.
    SIZE_LIST,
    /// `args(%a=%b, ...) : T, ...`
    ARGS_CLAUSE,
    /// `%inner = %outer` (also `iter_args`, `shared_outs`, `scf.while`, `gpu.launch` sizes).
    ASSIGN,
    /// `iter_args(...)` / `shared_outs(...)` / `init(...)` lists of `ASSIGN`.
    ASSIGN_LIST,
    /// `@chan[%i, %j]` bundle indices of a channel put/get.
    CHANNEL_INDICES,
    /// `%buf[offsets] [sizes] [strides]` in a channel put/get or a DMA.
    DMA_OPERAND,
    /// One `[...]` list of a `DMA_OPERAND` (offsets, sizes or strides).
    INDEX_LIST,
    /// `air.execute`'s `-> (T, ...)` result types.
    EXEC_RESULTS,

    /// Text the parser could not make sense of; keeps its bytes.
    ERROR,
}

use SyntaxKind::*;

impl SyntaxKind {
    pub fn is_trivia(self) -> bool {
        matches!(self, WHITESPACE | COMMENT)
    }

    pub fn is_token(self) -> bool {
        (self as u8) <= (ERROR_TOKEN as u8)
    }

    pub fn is_node(self) -> bool {
        (self as u8) > (EOF as u8)
    }

    /// Opening delimiter and its closer, for balanced runs.
    pub fn closer(self) -> Option<SyntaxKind> {
        match self {
            L_PAREN => Some(R_PAREN),
            L_BRACK => Some(R_BRACK),
            L_BRACE => Some(R_BRACE),
            L_ANGLE => Some(R_ANGLE),
            _ => None,
        }
    }

    /// Every token kind, in declaration order (used by tests and the pest lexer).
    pub const TOKENS: &'static [SyntaxKind] = &[
        WHITESPACE,
        COMMENT,
        PERCENT_ID,
        AT_ID,
        CARET_ID,
        HASH_ID,
        BANG_ID,
        BARE_ID,
        INT,
        FLOAT,
        STRING,
        L_PAREN,
        R_PAREN,
        L_BRACK,
        R_BRACK,
        L_BRACE,
        R_BRACE,
        L_ANGLE,
        R_ANGLE,
        COMMA,
        EQ,
        COLON,
        STAR,
        PLUS,
        MINUS,
        QUESTION,
        PIPE,
        ARROW,
        ELLIPSIS,
        FILE_META_BEGIN,
        FILE_META_END,
        ERROR_TOKEN,
    ];
}
