//! The `link_with` objects a module names: on `func.func private` externs and on herds (aircc
//! links each into the cores that call it, so each must be staged beside the module).
//!
//! [`link_with_objects`] reads them from the module's tokens (crates/syntax's tokenizer): an
//! attribute entry `link_with = "x.o"`, in a custom-form attribute dictionary or a generic
//! form's properties alike, lexing only the lines that mention it. A cache hit must find them,
//! to hash their bytes, without a parse: a syntax-only parse of a 6 MB module takes about 70 ms,
//! lexing all of it about 50 ms, this about 8 ms (`benches/cache_key.rs`). [`link_with_objects_parsed`] reads them from the tree's views, and
//! the tests check that both agree.

use air_diagnostics::TextRange;
use air_syntax::air_attrs;
use air_syntax::views::{all_ops, attr_string, unquote_string, FuncOp, Hierarchy, HierarchyKind};
use air_syntax::{Parse, SyntaxKind};

/// One object, with the first place that names it (the `"x.o"` string).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkedObject {
    pub name: String,
    pub range: TextRange,
}

/// Every distinct object `text` names, in source order (first mention), from its tokens.
/// MLIR strings and comments end at the line's end, so lexing each line that mentions
/// `link_with` on its own gives the same tokens as lexing the whole text, and the search for
/// the word is a memchr-speed scan.
pub fn link_with_objects(text: &str) -> Vec<LinkedObject> {
    let mut objects: Vec<LinkedObject> = Vec::new();
    let mut from = 0;
    while let Some(found) = text.get(from..).and_then(|rest| rest.find(air_attrs::LINK_WITH)) {
        let at = from + found;
        let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
        for (name, range) in line_objects(&text[start..end]) {
            if !objects.iter().any(|o| o.name == name) {
                let range = TextRange::new(range.start + start as u32, range.end + start as u32);
                objects.push(LinkedObject { name, range });
            }
        }
        from = end.max(at + 1);
    }
    objects
}

/// `link_with = "x"` entries of one line: (name, range of the string in the line).
fn line_objects(line: &str) -> Vec<(String, TextRange)> {
    let (tokens, _) = air_syntax::lex(line);
    let significant: Vec<usize> = (0..tokens.len()).filter(|&i| !tokens.kinds[i].is_trivia()).collect();
    let mut out = Vec::new();
    for window in significant.windows(3) {
        let [key, eq, value] = [window[0], window[1], window[2]];
        let kinds = [tokens.kinds[key], tokens.kinds[eq], tokens.kinds[value]];
        if kinds != [SyntaxKind::BARE_ID, SyntaxKind::EQ, SyntaxKind::STRING] {
            continue;
        }
        let (key_range, range) = (tokens.range(key), tokens.range(value));
        if line.get(key_range.start as usize..key_range.end as usize) != Some(air_attrs::LINK_WITH) {
            continue;
        }
        if let Some(quoted) = line.get(range.start as usize..range.end as usize) {
            out.push((unquote_string(quoted), range));
        }
    }
    out
}

/// The same objects from the parsed tree (externs and herds): the reference the token scan is
/// tested against.
pub fn link_with_objects_parsed(parse: &Parse) -> Vec<LinkedObject> {
    let mut objects: Vec<LinkedObject> = Vec::new();
    for op in all_ops(parse.tree.root()) {
        let value = match (FuncOp::cast(op), Hierarchy::cast(op)) {
            (Some(func), _) => func.link_with_value(),
            (None, Some(herd)) if herd.kind == HierarchyKind::Herd => herd.link_with_value(),
            _ => None,
        };
        let Some(value) = value else { continue };
        let Some(name) = attr_string(value) else { continue };
        if !objects.iter().any(|o| o.name == name) {
            objects.push(LinkedObject { name, range: value.text_range() });
        }
    }
    objects
}

/// Whether an object name can be staged: a plain file name, not a path that would leave the
/// staging directory (`../x.o`, `/abs/x.o`) or be empty.
pub fn is_plain_file_name(name: &str) -> bool {
    !name.is_empty()
        && name != "."
        && name != ".."
        && !name.contains('/')
        && !name.contains('\\')
        && !name.contains('\0')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn objects_of_externs_and_herds_once_each_in_source_order() {
        let text = r#"module {
  func.func private @mv(memref<4xbf16, 2 : i32>) attributes {link_with = "mv.o", llvm.emit_c_interface}
  func.func private @fill(memref<4xbf16, 2 : i32>) attributes {link_with = "mv.o"}
  func.func private @none(memref<4xbf16, 2 : i32>)
  func.func @f(%a: memref<4xbf16>) {
    %c1 = arith.constant 1 : index
    air.herd @h tile (%x, %y) in (%sx=%c1, %sy=%c1) attributes {link_with = "dg_mv.o"} {
    }
    return
  }
}
"#;
        let objects = link_with_objects(text);
        let names: Vec<&str> = objects.iter().map(|o| o.name.as_str()).collect();
        assert_eq!(names, ["mv.o", "dg_mv.o"]);
        let start = objects[0].range.start as usize;
        assert_eq!(&text[start..start + 6], "\"mv.o\"");
        assert_eq!(objects, link_with_objects_parsed(&air_syntax::parse_syntax_only(text)));
        // Not in a comment or a string.
        assert!(link_with_objects("// link_with = \"x.o\"\n%s = \"link_with = \\\"y.o\\\"\"\n").is_empty());
    }

    #[test]
    fn tokens_and_tree_agree_on_the_project_kernels() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../testdata/kernels");
        let mut checked = 0;
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let Ok(text) = std::fs::read_to_string(entry.path()) else { continue };
            let parsed = link_with_objects_parsed(&air_syntax::parse_syntax_only(&text));
            assert_eq!(link_with_objects(&text), parsed, "{}", entry.path().display());
            checked += usize::from(!parsed.is_empty());
        }
        assert!(checked >= 10, "only {checked} kernels with objects");
    }

    #[test]
    fn plain_names_only() {
        assert!(is_plain_file_name("mm.o"));
        for bad in ["", "..", "../mm.o", "/tmp/mm.o", "a\\b.o"] {
            assert!(!is_plain_file_name(bad), "{bad}");
        }
    }
}
