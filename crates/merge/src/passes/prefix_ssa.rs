//! prefix-ssa: prefix every SSA value and block argument of a slice, `%0` → `%q_0`,
//! `%arg3` → `%q_arg3`.
//!
//! Renaming is keyed by definition, so every use follows its own definition whatever region
//! it is in, and `name -> prefix_name` is injective: `%arg1`/`%arg10` and `%n0`/`%0` stay
//! distinct. Only value names change: strings, comments, `loc(...)` and attribute contents are
//! never touched. Values introduced by earlier passes (a wrapper's arguments) are prefixed too.
//! Precondition: the file parsed without errors.

use crate::passes::{Changed, Pass, PassResult, SliceCx};
use crate::rewrite::Rewrite;

#[derive(Clone, Debug)]
pub struct PrefixSsa {
    pub prefix: String,
}

impl Pass for PrefixSsa {
    const NAME: &'static str = "prefix-ssa";

    fn run(&self, _cx: &mut SliceCx<'_>, mut rewrite: Rewrite) -> PassResult {
        let edits = rewrite.edits();
        // Values renamed one by one so far get the prefix now; all others through the rule
        // (one string instead of one per value).
        rewrite.prefix_values(&self.prefix);
        let changed = Changed::since(edits, &rewrite);
        Ok((rewrite, changed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::passes::run_alone;
    use crate::rewrite::Printer;
    use crate::slice::ParsedSlice;
    use air_diagnostics::FileId;

    fn run(text: &str) -> String {
        let slice = ParsedSlice::new(FileId(0), "t.mlir", text);
        let out = run_alone(&PrefixSsa { prefix: "q".into() }.into(), &slice, None).unwrap();
        Printer::new(&slice.parse, &out.rewrite).print()
    }

    #[test]
    fn prefix_ssa_keeps_arg1_and_arg10_apart() {
        let out = run("func.func @f(%arg1: i32, %arg10: i32) {\n  %0 = arith.addi %arg1, %arg10 : i32\n  %n0 = arith.addi %0, %arg1 : i32\n  return\n}\n");
        assert_eq!(out, "func.func @f(%q_arg1: i32, %q_arg10: i32) {\n  %q_0 = arith.addi %q_arg1, %q_arg10 : i32\n  %q_n0 = arith.addi %q_0, %q_arg1 : i32\n  return\n}\n");
    }

    #[test]
    fn prefix_ssa_leaves_strings_comments_and_attributes_alone() {
        let out = run("func.func @f() {\n  // %0 is \"%0\"\n  %0 = arith.constant {note = \"%0 @f\"} 1 : i32 loc(\"%0\":1:1)\n  %1:2 = foo.bar %0 : (i32) -> (i32, i32)\n  foo.use %1#1 : i32\n  return\n}\n");
        assert_eq!(out, "func.func @f() {\n  // %0 is \"%0\"\n  %q_0 = arith.constant {note = \"%0 @f\"} 1 : i32 loc(\"%0\":1:1)\n  %q_1:2 = foo.bar %q_0 : (i32) -> (i32, i32)\n  foo.use %q_1#1 : i32\n  return\n}\n");
    }
}
