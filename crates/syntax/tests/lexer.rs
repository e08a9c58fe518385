//! The lexical pitfalls of MLIR text (docs/syntax.md#lexical-rules), each checked for token
//! kinds, spans and error codes; and the hand-written lexer checked token-for-token against
//! the pest grammar on those cases, on every corpus file, and on arbitrary strings.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use air_syntax::{lex, lex_with_pest, split_input_file, SyntaxKind, SPLIT_MARKER};
use proptest::prelude::*;

/// Every token (trivia included) as `KIND start..end "text"`.
fn lexed(text: &str) -> Vec<String> {
    let (tokens, _) = lex(text);
    (0..tokens.len())
        .map(|idx| {
            let range = tokens.range(idx);
            format!(
                "{:?} {}..{} {:?}",
                tokens.kinds[idx],
                range.start,
                range.end,
                &text[range.start as usize..range.end as usize]
            )
        })
        .collect()
}

/// Every lexer error as `CODE start..end`.
fn lex_errors(text: &str) -> Vec<String> {
    let (_, errors) = lex(text);
    codes_and_ranges(&errors)
}

fn codes_and_ranges(errors: &[air_diagnostics::Diagnostic]) -> Vec<String> {
    let mut out: Vec<String> = errors
        .iter()
        .map(|d| {
            let range = d.primary.as_ref().map(|l| l.range).unwrap_or_default();
            format!("{} {}..{}", d.code, range.start, range.end)
        })
        .collect();
    out.sort();
    out
}

/// The hand lexer and the pest grammar give the same tokens and the same error codes/ranges.
fn assert_lexers_agree(text: &str) {
    let (hand, hand_errors) = lex(text);
    let (pest, pest_errors) = lex_with_pest(text);
    assert_eq!(hand, pest, "token streams differ on {text:?}");
    assert_eq!(codes_and_ranges(&hand_errors), codes_and_ranges(&pest_errors), "errors differ on {text:?}");
}

/// Checks the hand lexer's tokens and errors, that the pest grammar agrees, and that the
/// tokens cover the text exactly.
fn check(text: &str, tokens: &[&str], errors: &[&str]) {
    assert_eq!(lexed(text), tokens, "tokens of {text:?}");
    assert_eq!(lex_errors(text), errors, "errors of {text:?}");
    assert_lexers_agree(text);
}

#[test]
fn percent_ids_may_contain_dashes() {
    check("%a-b", &[r#"PERCENT_ID 0..4 "%a-b""#], &[]);
}

#[test]
fn a_numeric_percent_id_stops_at_the_first_non_digit() {
    check("%12x", &[r#"PERCENT_ID 0..3 "%12""#, r#"BARE_ID 3..4 "x""#], &[]);
}

#[test]
fn a_result_number_is_a_separate_hash_token() {
    check("%0#1", &[r#"PERCENT_ID 0..2 "%0""#, r##"HASH_ID 2..4 "#1""##], &[]);
}

#[test]
fn percent_ids_take_every_suffix_punctuation() {
    check("%$._-x9", &[r#"PERCENT_ID 0..7 "%$._-x9""#], &[]);
}

#[test]
fn symbols_stop_at_a_dash() {
    check("@a-b", &[r#"AT_ID 0..2 "@a""#, r#"MINUS 2..3 "-""#, r#"BARE_ID 3..4 "b""#], &[]);
}

#[test]
fn quoted_symbols_are_one_token_with_escapes() {
    check(
        r#"@"quoted name \"x\"" @b"#,
        &[r#"AT_ID 0..20 "@\"quoted name \\\"x\\\"\"""#, r#"WHITESPACE 20..21 " ""#, r#"AT_ID 21..23 "@b""#],
        &[],
    );
}

#[test]
fn nested_symbol_refs_are_two_symbols_and_two_colons() {
    check("@mod::@fn", &[r#"AT_ID 0..4 "@mod""#, r#"COLON 4..5 ":""#, r#"COLON 5..6 ":""#, r#"AT_ID 6..9 "@fn""#], &[]);
}

#[test]
fn a_symbol_needs_a_letter_underscore_or_quote() {
    check("@1", &[r#"ERROR_TOKEN 0..1 "@""#, r#"INT 1..2 "1""#], &["AS0101 0..1"]);
}

#[test]
fn alias_and_dialect_attributes_are_both_single_hash_tokens() {
    check(
        "#map3 #air.symmetric_heap #llvm.loop_unroll<disable = true>",
        &[
            r##"HASH_ID 0..5 "#map3""##,
            r#"WHITESPACE 5..6 " ""#,
            r##"HASH_ID 6..25 "#air.symmetric_heap""##,
            r#"WHITESPACE 25..26 " ""#,
            r##"HASH_ID 26..43 "#llvm.loop_unroll""##,
            r#"L_ANGLE 43..44 "<""#,
            r#"BARE_ID 44..51 "disable""#,
            r#"WHITESPACE 51..52 " ""#,
            r#"EQ 52..53 "=""#,
            r#"WHITESPACE 53..54 " ""#,
            r#"BARE_ID 54..58 "true""#,
            r#"R_ANGLE 58..59 ">""#,
        ],
        &[],
    );
}

#[test]
fn a_dialect_type_with_dots_is_one_token() {
    check("!air.async.token", &[r#"BANG_ID 0..16 "!air.async.token""#], &[]);
}

#[test]
fn block_ids_take_a_suffix_id() {
    check("^bb12:", &[r#"CARET_ID 0..5 "^bb12""#, r#"COLON 5..6 ":""#], &[]);
}

#[test]
fn a_sigil_without_a_name_is_an_error_on_the_sigil_only() {
    check("% x", &[r#"ERROR_TOKEN 0..1 "%""#, r#"WHITESPACE 1..2 " ""#, r#"BARE_ID 2..3 "x""#], &["AS0101 0..1"]);
    for sigil in ["#", "!", "^"] {
        let text = format!("{sigil} ");
        assert_eq!(lex_errors(&text), ["AS0101 0..1"], "{text:?}");
        assert_lexers_agree(&text);
    }
}

#[test]
fn strings_accept_every_valid_escape() {
    let text = r#""q\" b\\ n\n t\t hex\41\fF""#;
    check(text, &[&format!("STRING 0..{} {text:?}", text.len())], &[]);
}

#[test]
fn an_invalid_escape_is_an_error_at_the_backslash_and_the_string_goes_on() {
    // `\q`, `\4"` (one hex digit) and `\x` are all invalid.
    let text = r#""a\qb\4" "\x""#;
    check(
        text,
        &[r#"STRING 0..8 "\"a\\qb\\4\"""#, r#"WHITESPACE 8..9 " ""#, r#"STRING 9..13 "\"\\x\"""#],
        &["AS0103 10..11", "AS0103 2..3", "AS0103 5..6"],
    );
}

#[test]
fn a_raw_newline_ends_an_unterminated_string() {
    check(
        "\"abc\ndef\"",
        &[r#"STRING 0..4 "\"abc""#, r#"WHITESPACE 4..5 "\n""#, r#"BARE_ID 5..8 "def""#, r#"STRING 8..9 "\"""#],
        &["AS0102 0..4", "AS0102 8..9"],
    );
}

#[test]
fn vertical_tab_and_form_feed_end_a_string_too() {
    for (sep, name) in [('\u{0B}', "vertical tab"), ('\u{0C}', "form feed")] {
        let text = format!("\"a{sep}b\"");
        let errors = lex_errors(&text);
        assert!(errors.contains(&"AS0102 0..2".to_string()), "{name}: {errors:?}");
        assert_lexers_agree(&text);
    }
}

#[test]
fn a_string_may_contain_comment_and_sigil_characters() {
    check(r#""// %0 @f #map""#, &[r#"STRING 0..15 "\"// %0 @f #map\"""#], &[]);
}

#[test]
fn zero_x_without_hex_digits_is_zero_then_an_identifier() {
    check("0xi32", &[r#"INT 0..1 "0""#, r#"BARE_ID 1..5 "xi32""#], &[]);
}

#[test]
fn hex_integers_are_one_token() {
    check("0xFF800000", &[r#"INT 0..10 "0xFF800000""#], &[]);
}

#[test]
fn a_digit_then_dot_is_a_float() {
    check("1.", &[r#"FLOAT 0..2 "1.""#], &[]);
    check("1.5e-3", &[r#"FLOAT 0..6 "1.5e-3""#], &[]);
    check("2.0E+10", &[r#"FLOAT 0..7 "2.0E+10""#], &[]);
}

#[test]
fn an_exponent_without_digits_is_not_part_of_the_float() {
    check("1.e+", &[r#"FLOAT 0..2 "1.""#, r#"BARE_ID 2..3 "e""#, r#"PLUS 3..4 "+""#], &[]);
}

#[test]
fn a_leading_dot_is_not_a_number() {
    check(".5", &[r#"ERROR_TOKEN 0..1 ".""#, r#"INT 1..2 "5""#], &["AS0101 0..1"]);
}

#[test]
fn an_exponent_needs_a_dot_first() {
    check("1e5", &[r#"INT 0..1 "1""#, r#"BARE_ID 1..3 "e5""#], &[]);
}

#[test]
fn closing_angles_and_comparisons_are_single_character_tokens() {
    check(">>=", &[r#"R_ANGLE 0..1 ">""#, r#"R_ANGLE 1..2 ">""#, r#"EQ 2..3 "=""#], &[]);
    check("==", &[r#"EQ 0..1 "=""#, r#"EQ 1..2 "=""#], &[]);
}

#[test]
fn arrow_and_ellipsis_are_one_token_each() {
    check("->...-", &[r#"ARROW 0..2 "->""#, r#"ELLIPSIS 2..5 "...""#, r#"MINUS 5..6 "-""#], &[]);
}

#[test]
fn two_dots_are_errors() {
    check("..", &[r#"ERROR_TOKEN 0..1 ".""#, r#"ERROR_TOKEN 1..2 ".""#], &["AS0101 0..1", "AS0101 1..2"]);
}

#[test]
fn file_metadata_delimiters_are_tokens() {
    check(
        "{-# x #-}",
        &[
            r#"FILE_META_BEGIN 0..3 "{-#""#,
            r#"WHITESPACE 3..4 " ""#,
            r#"BARE_ID 4..5 "x""#,
            r#"WHITESPACE 5..6 " ""#,
            r##"FILE_META_END 6..9 "#-}""##,
        ],
        &[],
    );
    check("{-", &[r#"L_BRACE 0..1 "{""#, r#"MINUS 1..2 "-""#], &[]);
}

#[test]
fn shaped_type_dimensions_lex_as_int_then_identifier() {
    check(
        "memref<4x8xbf16>",
        &[
            r#"BARE_ID 0..6 "memref""#,
            r#"L_ANGLE 6..7 "<""#,
            r#"INT 7..8 "4""#,
            r#"BARE_ID 8..15 "x8xbf16""#,
            r#"R_ANGLE 15..16 ">""#,
        ],
        &[],
    );
    check("?x4", &[r#"QUESTION 0..1 "?""#, r#"BARE_ID 1..3 "x4""#], &[]);
}

#[test]
fn bare_ids_keep_dots_and_dollars() {
    check(
        "air.channel.put a$b",
        &[r#"BARE_ID 0..15 "air.channel.put""#, r#"WHITESPACE 15..16 " ""#, r#"BARE_ID 16..19 "a$b""#],
        &[],
    );
}

#[test]
fn comments_swallow_quotes_and_sigils_up_to_the_line_end() {
    check(
        "// \"not a string %0 @f\nx",
        &[r#"COMMENT 0..22 "// \"not a string %0 @f""#, r#"WHITESPACE 22..23 "\n""#, r#"BARE_ID 23..24 "x""#],
        &[],
    );
}

#[test]
fn a_carriage_return_ends_a_comment_as_in_mlir() {
    check(
        "// a\rb\r\n",
        &[r#"COMMENT 0..4 "// a""#, r#"WHITESPACE 4..5 "\r""#, r#"BARE_ID 5..6 "b""#, r#"WHITESPACE 6..8 "\r\n""#],
        &[],
    );
}

#[test]
fn a_single_slash_is_an_error() {
    check("/", &[r#"ERROR_TOKEN 0..1 "/""#], &["AS0101 0..1"]);
}

#[test]
fn a_split_marker_is_a_comment_to_the_lexer() {
    check("// -----\n", &[r#"COMMENT 0..8 "// -----""#, r#"WHITESPACE 8..9 "\n""#], &[]);
}

#[test]
fn non_ascii_outside_strings_is_one_error_per_character() {
    check("é€", &[r#"ERROR_TOKEN 0..2 "é""#, r#"ERROR_TOKEN 2..5 "€""#], &["AS0101 0..2", "AS0101 2..5"]);
}

#[test]
fn a_nul_character_outside_strings_is_an_error() {
    // MLIR skips NUL like whitespace; we report it, because NULs in MLIR text almost always
    // mean a binary file was given by mistake (a documented deviation, docs/syntax.md).
    check("a\0b", &[r#"BARE_ID 0..1 "a""#, r#"ERROR_TOKEN 1..2 "\0""#, r#"BARE_ID 2..3 "b""#], &["AS0101 1..2"]);
}

#[test]
fn the_split_marker_splits_anywhere_not_only_on_its_own_line() {
    let text = "a\n// -----\nb // -----c\n// ----\n//-----\nd";
    let chunks = split_input_file(text);
    let texts: Vec<&str> = chunks.iter().map(|c| c.text).collect();
    assert_eq!(texts, ["a\n", "\nb ", "c\n// ----\n//-----\nd"]);
    let offsets: Vec<u32> = chunks.iter().map(|c| c.offset).collect();
    assert_eq!(offsets, [0, 10, 21]);
    assert_eq!(texts.join(SPLIT_MARKER), text);
}

#[test]
fn a_file_without_markers_is_one_chunk() {
    let chunks = split_input_file("x // ---- y");
    assert_eq!(chunks.len(), 1);
    assert_eq!(chunks[0].text, "x // ---- y");
}

#[test]
fn every_token_kind_appears_in_the_token_list() {
    let (tokens, _) = lex("% @ { } ( ) [ ] < > , = : * + - ? | -> ... {-# #-} %a @b ^c #d !e f 1 1. \"s\" // c\n");
    for kind in tokens.kinds {
        assert!(SyntaxKind::TOKENS.contains(&kind), "{kind:?}");
        assert!(kind.is_token());
    }
}

#[test]
fn hand_lexer_matches_pest_on_every_corpus_file() {
    let Some(dir) = air_testkit::corpus_dir() else { return };
    let files = air_testkit::corpus_files(&dir);
    assert!(!files.is_empty());
    for file in &files {
        let text = std::fs::read_to_string(&file.path).unwrap();
        assert_lexers_agree(&text);
    }
}

/// Characters that matter to the lexer, plus a few that start no token.
const INTERESTING: &[&str] = &[
    "%", "@", "#", "!", "^", "\"", "\\", "/", "//", "-", ">", "<", "{", "}", "(", ")", "[", "]", ".", "..", "...", "0",
    "1", "9", "0x", "x", "e", "E", "+", "a", "_", "$", ":", "=", ",", "?", "|", "*", " ", "\n", "\r", "\t", "\u{0B}",
    "\u{0C}", "\0", "é", "€", "🦀", "n", "t", "f", "F", "{-#", "#-}", "// -----",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn lexers_agree_on_strings_of_interesting_pieces(
        pieces in prop::collection::vec(prop::sample::select(INTERESTING), 0..40)
    ) {
        let text = pieces.concat();
        assert_lexers_agree(&text);
    }

    #[test]
    fn lexers_agree_on_arbitrary_strings(text in any::<String>()) {
        assert_lexers_agree(&text);
    }

    #[test]
    fn tokens_cover_the_text_without_gaps(text in any::<String>()) {
        let (tokens, _) = lex(&text);
        prop_assert_eq!(tokens.starts.len(), tokens.kinds.len() + 1);
        prop_assert_eq!(tokens.starts.first().copied(), Some(0));
        prop_assert_eq!(tokens.starts.last().copied(), Some(text.len() as u32));
        for idx in 0..tokens.len() {
            let range = tokens.range(idx);
            prop_assert!(range.start < range.end, "empty token at {}", idx);
            prop_assert!(text.is_char_boundary(range.start as usize));
        }
    }
}
