//! Calls and the functions they name: a `func.call` whose callee no function of the file
//! defines or declares (MLIR's `CallOp::verifySymbolUses`: "'x' does not reference a valid
//! function"), and the declaration it needs. Functions of any nested module count: a call into
//! another module is MLIR's to refuse, not guessed here. Generic-form calls are not read.

use super::func::{symbol_name, FuncOp};
use super::text::collapse_whitespace;
use super::{all_ops, Op};
use crate::tree::SyntaxNode;
use air_diagnostics::TextRange;
use std::collections::BTreeSet;

/// A call to a function the file neither defines nor declares.
pub struct UndefinedCall<'a> {
    /// The callee, without `@`.
    pub callee: String,
    /// The `@callee` token.
    pub at: TextRange,
    pub call: Op<'a>,
}

/// Every call under `root` to a function no `func.func`/`llvm.func`/`gpu.func` under it names.
pub fn undefined_calls(root: SyntaxNode<'_>) -> Vec<UndefinedCall<'_>> {
    let defined: BTreeSet<String> = all_ops(root).filter_map(FuncOp::cast).map(|f| f.name()).collect();
    all_ops(root)
        .filter(|op| matches!(op.name(), "func.call" | "call") && !op.is_generic())
        .filter_map(|call| {
            let token = call.symbol()?;
            let callee = symbol_name(token.text());
            (!defined.contains(&callee)).then(|| UndefinedCall { callee, at: token.text_range(), call })
        })
        .collect()
}

/// The declaration a call needs, its types the call's own: `func.func private @f(bf16,
/// memref<..>) attributes {link_with = "OBJECT.o", llvm.emit_c_interface}` (results after `->`
/// unless none).
pub fn extern_declaration(undefined: &UndefinedCall<'_>) -> String {
    let name = &undefined.callee;
    // `func.call @f(%a, %b) : (T, U) -> R`: operands hold no `)` or `:`, so the function type is
    // what follows the first `:` after the operand list.
    let text = collapse_whitespace(undefined.call.node().text());
    let signature = text
        .split_once(&format!("@{name}("))
        .and_then(|(_, rest)| rest.split_once(')'))
        .and_then(|(_, rest)| rest.trim_start().strip_prefix(':'))
        .map(|ty| ty.split(" loc(").next().unwrap_or(ty).trim())
        .filter(|ty| ty.starts_with('('));
    let signature = match signature {
        Some(ty) => ty.strip_suffix(" -> ()").unwrap_or(ty).to_string(),
        None => "(...)".to_string(),
    };
    format!("func.func private @{name}{signature} attributes {{link_with = \"OBJECT.o\", llvm.emit_c_interface}}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_undeclared_callee_gets_a_declaration_with_the_calls_types() {
        let text = "func.func private @known(bf16)\nfunc.func @k(%b: memref<8xbf16, 2 : i32>) {\n  func.call @fill(%b) : (memref<8xbf16, 2 : i32>) -> ()\n  func.call @known(%x) : (bf16) -> ()\n  return\n}\n";
        let parse = crate::parse(text);
        let calls = undefined_calls(parse.tree.root());
        assert_eq!(calls.iter().map(|c| c.callee.as_str()).collect::<Vec<_>>(), ["fill"]);
        assert_eq!(
            extern_declaration(&calls[0]),
            "func.func private @fill(memref<8xbf16, 2 : i32>) attributes {link_with = \"OBJECT.o\", llvm.emit_c_interface}"
        );
    }
}
