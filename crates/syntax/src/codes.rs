//! Stable diagnostic codes of the syntax crate (listed with explanations in `docs/error-codes.md`).

pub const NOT_UTF8: &str = "AS0100";
pub const UNKNOWN_CHARACTER: &str = "AS0101";
pub const UNTERMINATED_STRING: &str = "AS0102";
pub const INVALID_ESCAPE: &str = "AS0103";
pub const EXPECTED: &str = "AS0110";
pub const UNCLOSED_DELIMITER: &str = "AS0111";
pub const UNBALANCED_CLOSER: &str = "AS0112";
pub const MISSING_OP_NAME: &str = "AS0113";
pub const MALFORMED_AIR_HEADER: &str = "AS0114";
pub const TOO_DEEP: &str = "AS0115";
pub const UNEXPECTED_TOP_LEVEL: &str = "AS0116";
pub const UNRESOLVED_VALUE: &str = "AS0201";
pub const REDEFINED_VALUE: &str = "AS0202";
pub const RESULT_INDEX_OUT_OF_RANGE: &str = "AS0203";
