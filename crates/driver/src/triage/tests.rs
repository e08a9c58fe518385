//! Unit tests of the patterns, the log reader and the module attachment.

use super::*;

#[test]
fn every_pattern_compiles() {
    assert_eq!(patterns::PATTERNS.len(), patterns::table_len());
}
