//! The text of the placement findings.

use super::Finding;
use crate::facts::placement::PlacementFact;
use crate::rules;
use air_diagnostics::FileId;

fn herd_label(herd: &Option<String>) -> String {
    match herd {
        Some(name) => format!("herd `@{name}`"),
        None => "this herd".to_string(),
    }
}

pub(super) fn render(fact: &PlacementFact, file: FileId) -> Finding {
    match fact {
        PlacementFact::SizeNotConstant { herd, at, why } => Finding::info(
            &rules::NOT_CONSTANT,
            format!("the size of {} is not a compile-time constant", herd_label(herd)),
        )
        .at(file, *at, format!("size depends on {why}"))
        .help("placement, L1 and channel checks of this herd assume nothing about its size"),
        PlacementFact::TooLarge { herd, at, x, y, cols, rows, device } => Finding::error(
            &rules::HERD_FITS_ARRAY,
            format!("{} is {x}×{y} (columns × rows) but {device} has {cols}×{rows} core tiles", herd_label(herd)),
        )
        .at(file, *at, format!("{x}×{y} herd"))
        .need(format!("{x} columns × {y} rows"), format!("{cols} columns × {rows} rows"))
        .help(if y > rows {
            format!("use at most {rows} rows (herd y); spread the work over more columns or iterations instead (e.g. fewer cascade stages)")
        } else {
            format!("use at most {cols} columns (herd x = {cols} on {device}), or target a larger device")
        }),
        PlacementFact::Overlap { at, in_segment, herds, area, cols, rows, declared } => {
            let what = if *in_segment { "segment" } else { "launch" };
            let (on, help) = if *declared {
                (
                    format!("in the {cols}×{rows} the segment declares (x_size × y_size)"),
                    "declare a segment area that holds the herds (x_size, y_size; or none: the whole array), or shrink the herds",
                )
            } else {
                (
                    format!("on {cols}×{rows}"),
                    "shrink the herds, give herds that run one after another the same symbol (they then share tiles), or split the kernels into separate launches",
                )
            };
            let message = match herds.len() {
                1 => format!("the herd of this {what} needs {area} core tiles and cannot be placed {on}"),
                n => format!("the {n} herds of this {what} need {area} core tiles together and cannot be placed {on}"),
            };
            let mut f = Finding::error(&rules::HERDS_FIT_SEGMENT, message)
            .at(file, *at, format!("{what} with {} herd{}", herds.len(), if herds.len() == 1 { "" } else { "s" }));
            for &(x, y, range) in herds {
                f = f.also(file, range, format!("{x}×{y} = {} tiles", x * y));
            }
            f.need(format!("{area} tiles in non-overlapping rectangles"), format!("{} tiles ({cols} columns × {rows} rows)", cols * rows))
                .help(help)
        }
        PlacementFact::Utilisation { unit, at, total, available, target, row_parallel } => {
            let kind = if *row_parallel {
                "row-parallel herds (one row)"
            } else {
                "herds of more than one row (the whole array)"
            };
            Finding::info(
                &rules::UTILISATION,
                format!("{unit}: {total} of {available} compute tiles in use, under the target of {target} for {kind}"),
            )
            .at(file, *at, format!("{total}/{available} tiles"))
            .note("targets: all 32 tiles for compute-bound GEMM and attention herds, 8 (one row) for row-parallel kernels such as RMSNorm, RoPE and element-wise ops; a launch whose herds are all one row high is read as row-parallel")
        }
        PlacementFact::PinConflict { herd, at, sibling, pins } => {
            let why = match pins {
                None => "one carries x_loc/y_loc, another does not".to_string(),
                Some(((x, y), (sx, sy))) => format!("x_loc/y_loc ({x}, {y}) vs ({sx}, {sy})"),
            };
            Finding::error(
                &rules::HERD_SHAPE_CONFLICT,
                format!("{} disagrees with a sibling herd of the same symbol: {why}", herd_label(herd)),
            )
            .at(file, *at, "this herd's placement pin")
            .also(file, *sibling, "sibling herd")
            .note("air-place-herds places herds sharing a symbol as one physical herd and reads one pin off all of them (AIRHerdPlacementPass.cpp getHerdPin)")
            .help("give every herd of the symbol the same x_loc/y_loc, or none; or rename one of them")
        }
    }
}
