//! A plan's `shim_dma_tile_sizes` on a slice's launches: AIR's per-launch runtime loop tiling
//! (`air.shim_dma_tile_sizes = array<i64: ...>` on `air.launch`, read by `air-opt-shim-dma-bds`,
//! Xilinx/mlir-air `AIRDependencyScheduleOpt.cpp`). A merged module is compiled with one aircc
//! command line, but its slices need different tilings; the attribute carries each slice's.
//! wrap-bare-herds writes it on the launches it creates and calls [`set_on_launches`] for the
//! slice's own.

use crate::codes;
use crate::plan::{tile_sizes_attr, Loc};
use crate::rewrite::make::{attribute_entry, attributes_clause};
use crate::rewrite::{Fragment, Rewrite};
use crate::slice::{KernelFunc, ParsedSlice};
use air_diagnostics::Diagnostic;
use air_syntax::air_attrs::SHIM_DMA_TILE_SIZES as TILE_SIZES_ATTR;
use air_syntax::air_ops;
use air_syntax::views::dense_i64_array;
use air_syntax::views::text::collapse_whitespace;
use air_syntax::views::Op;
use air_syntax::SyntaxKind;

/// `air.shim_dma_tile_sizes = array<i64: 2, 2>`.
pub fn entry(sizes: &[i64]) -> String {
    format!("{TILE_SIZES_ATTR} = {}", tile_sizes_attr(sizes))
}

/// The kernel's launches, in document order.
pub fn launches<'a>(kernel: &KernelFunc<'a>) -> Vec<Op<'a>> {
    kernel
        .ops
        .iter()
        .flat_map(|op| std::iter::once(op.node()).chain(op.node().descendants()))
        .filter_map(Op::cast)
        .filter(|op| op.name() == air_ops::LAUNCH)
        .collect()
}

/// Gives every launch of the kernel the attribute. A launch that already carries the same
/// value is left alone; one with another value (or a form other than `array<i64: ...>`) is an
/// error at the attribute.
pub fn set_on_launches(
    slice: &ParsedSlice,
    kernel: &KernelFunc<'_>,
    sizes: &[i64],
    loc: Loc,
    rewrite: &mut Rewrite,
) -> Result<(), Vec<Diagnostic>> {
    let mut errors = Vec::new();
    for launch in launches(kernel) {
        if let Some(value) = launch.attr(TILE_SIZES_ATTR) {
            if dense_i64_array(value).as_deref() != Some(sizes) {
                errors.push(conflict(slice, value, sizes, loc));
            }
            continue;
        }
        let inserted =
            match launch.node().child(SyntaxKind::ATTRIBUTES_CLAUSE).and_then(|c| c.child(SyntaxKind::ATTR_DICT)) {
                Some(dict) => {
                    let empty = dict.child(SyntaxKind::ATTR_ENTRY).is_none();
                    let close = dict.significant_tokens().last().filter(|t| t.kind() == SyntaxKind::R_BRACE);
                    match close {
                        Some(close) => attribute_entry(&entry(sizes), empty).map(|part| (close.id(), part)),
                        None => continue,
                    }
                }
                None => {
                    let Some(body) = launch.first_region().and_then(|r| r.first_token()) else { continue };
                    attributes_clause(&entry(sizes)).map(|part| (body.id(), part))
                }
            };
        match inserted {
            Ok((before, part)) => rewrite.insert_before(before, Fragment::new().template(part)),
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

fn conflict(slice: &ParsedSlice, value: air_syntax::SyntaxNode<'_>, sizes: &[i64], loc: Loc) -> Diagnostic {
    let written = collapse_whitespace(value.text());
    let mut diagnostic = Diagnostic::error(
        codes::TILE_SIZES_CONFLICT,
        format!(
            "this launch of `{}` carries {TILE_SIZES_ATTR} = {written}, the plan gives its slice {}",
            slice.name,
            tile_sizes_attr(sizes)
        ),
    )
    .with_primary(slice.file, value.text_range(), "the launch's own value");
    if let Some((file, range)) = loc {
        diagnostic = diagnostic.with_secondary(file, range, "the plan's `shim_dma_tile_sizes`");
    }
    diagnostic.with_help(format!(
        "give the slice the launch's value (`shim_dma_tile_sizes = [{}]`), drop `shim_dma_tile_sizes` from the plan, or drop the attribute from the kernel",
        dense_i64_array(value).map(|v| v.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(", ")).unwrap_or_default()
    ))
}
