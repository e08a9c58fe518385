//! A slice: one parsed input module, and its kernel function (the single public `func.func`
//! with a body, or the one the plan names).

pub mod sections;

use crate::codes;
use air_diagnostics::{Diagnostic, FileId};
use air_syntax::views::text::collapse_whitespace;
use air_syntax::views::{module_ops, FuncArg, FuncOp, Op};
use air_syntax::{Parse, SyntaxNode};

/// One input, parsed.
#[derive(Debug)]
pub struct ParsedSlice {
    pub file: FileId,
    /// Display name (the path as given).
    pub name: String,
    pub parse: Parse,
}

impl ParsedSlice {
    pub fn new(file: FileId, name: impl Into<String>, text: &str) -> ParsedSlice {
        ParsedSlice { file, name: name.into(), parse: air_syntax::parse(text) }
    }

    /// Parses a text shared with the caller (no copy).
    pub fn from_shared(file: FileId, name: impl Into<String>, text: std::sync::Arc<String>) -> ParsedSlice {
        ParsedSlice { file, name: name.into(), parse: air_syntax::parse_shared(text) }
    }
}

/// The kernel function of a slice and its body.
#[derive(Clone, Debug)]
pub struct KernelFunc<'a> {
    pub func: FuncOp<'a>,
    pub body: SyntaxNode<'a>,
    /// Body ops without the terminator.
    pub ops: Vec<Op<'a>>,
    pub terminator: Option<Op<'a>>,
    pub args: Vec<FuncArg<'a>>,
}

impl<'a> KernelFunc<'a> {
    /// Argument `idx`'s declared type, whitespace collapsed.
    pub fn arg_type(&self, idx: usize) -> Option<String> {
        self.args.get(idx).and_then(|a| a.ty).map(|t| collapse_whitespace(t.text()))
    }
}

/// Public functions with a body at module level.
pub fn public_functions<'a>(parse: &'a Parse) -> Vec<FuncOp<'a>> {
    module_ops(parse.tree.root())
        .into_iter()
        .filter_map(FuncOp::cast)
        .filter(|f| f.op().name() == "func.func" && !f.is_private() && !f.is_declaration())
        .collect()
}

/// Finds the kernel function of a parsed slice. `wanted` is the plan's `func = "@name"`. When
/// the kernel is missing or ambiguous in a file of `// -----` sections, the error lists them.
pub fn find_kernel<'a>(
    parse: &'a Parse,
    file: FileId,
    file_name: &str,
    wanted: Option<&str>,
) -> Result<KernelFunc<'a>, Diagnostic> {
    find_in_module(parse, file, file_name, wanted).map_err(|diagnostic| {
        let unclear = [codes::NO_KERNEL, codes::AMBIGUOUS_KERNEL, codes::KERNEL_NOT_FOUND].contains(&diagnostic.code);
        if unclear {
            crate::slice::sections::explain_sections(diagnostic, parse.tree.text(), file_name, wanted)
        } else {
            diagnostic
        }
    })
}

fn find_in_module<'a>(
    parse: &'a Parse,
    file: FileId,
    file_name: &str,
    wanted: Option<&str>,
) -> Result<KernelFunc<'a>, Diagnostic> {
    let publics = public_functions(parse);
    let func = match wanted {
        Some(name) => {
            let name = name.trim_start_matches('@');
            let all: Vec<FuncOp<'a>> = module_ops(parse.tree.root()).into_iter().filter_map(FuncOp::cast).collect();
            match all.into_iter().find(|f| f.name() == name) {
                Some(func) if func.is_declaration() => {
                    let range = func.op().node().text_range();
                    return Err(Diagnostic::error(
                        codes::KERNEL_NOT_FOUND,
                        format!("`@{name}` in {file_name} is a declaration without a body"),
                    )
                    .with_primary(file, range, "declared here")
                    .with_help("the kernel must be a function with a body; name another function with `func`"));
                }
                Some(func) => func,
                None => {
                    let mut diagnostic =
                        Diagnostic::error(codes::KERNEL_NOT_FOUND, format!("{file_name} has no function `@{name}`"));
                    let names: Vec<String> = publics.iter().map(|f| format!("@{}", f.name())).collect();
                    diagnostic = diagnostic.with_help(if names.is_empty() {
                        "the file has no public function with a body".to_string()
                    } else {
                        format!("public functions in this file: {}", names.join(", "))
                    });
                    return Err(diagnostic);
                }
            }
        }
        None => match publics.len() {
            0 => {
                return Err(Diagnostic::error(
                    codes::NO_KERNEL,
                    format!("{file_name} has no public function with a body"),
                )
                .with_help("a slice needs one public `func.func @name(...) { ... }` holding its launches or herds"))
            }
            1 => publics[0],
            count => {
                let mut diagnostic = Diagnostic::error(
                    codes::AMBIGUOUS_KERNEL,
                    format!("{file_name} has {count} public functions; which one is the kernel?"),
                )
                .with_help(format!("name it in the plan's slice entry, e.g. `func = \"@{}\"`", publics[0].name()));
                for (idx, func) in publics.iter().enumerate() {
                    let range = func.name_token().map(|t| t.text_range()).unwrap_or(func.op().node().text_range());
                    if idx == 0 {
                        diagnostic = diagnostic.with_primary(file, range, "public function");
                    } else {
                        diagnostic = diagnostic.with_secondary(file, range, "public function");
                    }
                }
                return Err(diagnostic);
            }
        },
    };
    let body = func
        .body()
        .ok_or_else(|| Diagnostic::error(codes::NO_KERNEL, format!("the kernel of {file_name} has no body")))?;
    let blocks: Vec<SyntaxNode<'a>> = body.children_of(air_syntax::SyntaxKind::BLOCK).collect();
    if blocks.len() > 1 {
        return Err(Diagnostic::error(
            codes::KERNEL_UNSUPPORTED,
            format!("kernel `@{}` has {} blocks", func.name(), blocks.len()),
        )
        .with_primary(file, blocks[1].text_range(), "second block")
        .with_help("merge supports kernels whose body is a single block (launches, herds and their set-up ops)"));
    }
    let mut ops = func.op().body_ops();
    let terminator = match ops.last() {
        Some(last) if last.is_func_return() => ops.pop(),
        _ => None,
    };
    if let Some(term) = terminator {
        if !term.operand_uses().is_empty() {
            return Err(Diagnostic::error(
                codes::KERNEL_UNSUPPORTED,
                format!("kernel `@{}` returns values", func.name()),
            )
            .with_primary(file, term.node().text_range(), "returns values here")
            .with_help("a merged kernel returns nothing: results travel through memref arguments"));
        }
    }
    let args = func.args();
    Ok(KernelFunc { func, body, ops, terminator, args })
}
