//! The `link_with` objects a module names: on `func.func private` externs and on herds (aircc
//! links each into the cores that call it, so each must be staged beside the module).

use air_diagnostics::TextRange;
use air_syntax::views::{all_ops, attr_string, FuncOp, Hierarchy, HierarchyKind};
use air_syntax::Parse;

/// One object, with the first place that names it (the `"x.o"` string).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkedObject {
    pub name: String,
    pub range: TextRange,
}

/// Every distinct object the module names, in source order (first mention).
pub fn link_with_objects(parse: &Parse) -> Vec<LinkedObject> {
    let mut objects: Vec<LinkedObject> = Vec::new();
    for op in all_ops(parse.tree.root()) {
        let attributes = match (FuncOp::cast(op), Hierarchy::cast(op)) {
            (Some(func), _) => func.attributes(),
            (None, Some(herd)) if herd.kind == HierarchyKind::Herd => herd.attributes(),
            _ => None,
        };
        let Some(value) = attributes.and_then(|a| a.get("link_with")) else { continue };
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
        let parse = air_syntax::parse_syntax_only(text);
        let objects = link_with_objects(&parse);
        let names: Vec<&str> = objects.iter().map(|o| o.name.as_str()).collect();
        assert_eq!(names, ["mv.o", "dg_mv.o"]);
        let start = objects[0].range.start as usize;
        assert_eq!(&text[start..start + 6], "\"mv.o\"");
    }

    #[test]
    fn plain_names_only() {
        assert!(is_plain_file_name("mm.o"));
        for bad in ["", "..", "../mm.o", "/tmp/mm.o", "a\\b.o"] {
            assert!(!is_plain_file_name(bad), "{bad}");
        }
    }
}
