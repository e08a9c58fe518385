//! The zero-config plan of `air-stitch merge a.mlir b.mlir -o out.mlir [--bind b.0=a.2]`:
//! prefixes from file stems (a repeated stem numbered: `dg`, `dg_2`) unless `--prefix` chooses
//! one, every slice argument its own combined argument in order, and `--bind` making one slice
//! argument reuse another slice's combined argument (how an output feeds the next kernel).
//! Later combined arguments are numbered without a gap.

use crate::codes;
use crate::plan::naming::prefix_from_stem;
use crate::plan::{located, CombinedArg, Loc, MergePlan, SlicePlan};
use crate::slice::{find_kernel, KernelFunc, ParsedSlice};
use air_diagnostics::Diagnostic;
use air_syntax::views::types_equal;
use std::collections::{BTreeMap, BTreeSet};

/// `--bind b.0=a.2`: slice `b`'s argument 0 uses the combined argument of slice `a`'s argument 2.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bind {
    pub slice: String,
    pub arg: usize,
    pub target_slice: String,
    pub target_arg: usize,
    /// Where it is written (on the command line), for its diagnostics.
    pub loc: Loc,
}

/// Prefixes chosen with `--prefix`: slice index → (prefix, where it is written).
pub type ChosenPrefixes = BTreeMap<usize, (String, Loc)>;

impl std::str::FromStr for Bind {
    type Err = String;

    fn from_str(text: &str) -> Result<Bind, String> {
        let usage = || format!("`{text}` is not a binding; write SLICE.ARG=SLICE.ARG, e.g. `b.0=a.2`");
        let (left, right) = text.split_once('=').ok_or_else(usage)?;
        let side = |part: &str| -> Result<(String, usize), String> {
            let (slice, arg) = part.trim().rsplit_once('.').ok_or_else(usage)?;
            let arg = arg.parse::<usize>().map_err(|_| usage())?;
            Ok((slice.to_string(), arg))
        };
        let (slice, arg) = side(left)?;
        let (target_slice, target_arg) = side(right)?;
        Ok(Bind { slice, arg, target_slice, target_arg, loc: None })
    }
}

/// `--tile-sizes q=2,2`: the `shim_dma_tile_sizes` of the slice with prefix `q`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TileSizesArg {
    pub prefix: String,
    pub sizes: Vec<i64>,
    /// Where it is written (on the command line), for its diagnostics.
    pub loc: Loc,
}

impl std::str::FromStr for TileSizesArg {
    type Err = String;

    fn from_str(text: &str) -> Result<TileSizesArg, String> {
        let usage =
            || format!("`{text}` is not PREFIX=N[,N...]; write e.g. `q=2,2` (or `q=0` to leave a slice untiled)");
        let (prefix, list) = text.split_once('=').ok_or_else(usage)?;
        let sizes: Result<Vec<i64>, _> =
            list.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::parse::<i64>).collect();
        let sizes = sizes.map_err(|_| usage())?;
        if prefix.trim().is_empty() {
            return Err(usage());
        }
        Ok(TileSizesArg { prefix: prefix.trim().to_string(), sizes, loc: None })
    }
}

/// Gives the slices named by `--tile-sizes` their `shim_dma_tile_sizes`: each names a slice by
/// its prefix, at most once, with sizes AIR takes.
pub fn apply_tile_sizes(plan: &mut MergePlan, args: &[TileSizesArg]) -> Result<(), Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let prefixes: Vec<String> = plan.slices.iter().map(|s| s.prefix.clone()).collect();
    for arg in args {
        let written = format!(
            "--tile-sizes {}={}",
            arg.prefix,
            arg.sizes.iter().map(|s| s.to_string()).collect::<Vec<_>>().join(",")
        );
        let Some(slice) = plan.slices.iter_mut().find(|s| s.prefix == arg.prefix) else {
            errors.push(
                located(
                    codes::TILE_SIZES_UNKNOWN_SLICE,
                    &format!("{written}: no input has the prefix `{}`", arg.prefix),
                    arg.loc,
                )
                .with_help(format!("inputs are named by their prefixes: {}", prefixes.join(", "))),
            );
            continue;
        };
        if let Some(problem) = crate::plan::check_tile_sizes(&arg.sizes) {
            errors.push(
                located(codes::TILE_SIZES_INVALID, &format!("{written}: {problem}"), arg.loc)
                    .with_help(crate::plan::TILE_SIZES_HELP),
            );
            continue;
        }
        if slice.shim_dma_tile_sizes.is_some() {
            let mut error = located(
                codes::TILE_SIZES_UNKNOWN_SLICE,
                &format!("{written}: slice `{}` already has tile sizes from an earlier --tile-sizes", arg.prefix),
                arg.loc,
            );
            if let Some((file, range)) = slice.shim_dma_tile_sizes_loc {
                error = error.with_secondary(file, range, "the earlier one");
            }
            errors.push(error.with_help("give each slice one --tile-sizes"));
            continue;
        }
        slice.shim_dma_tile_sizes = Some(arg.sizes.clone());
        slice.shim_dma_tile_sizes_loc = arg.loc;
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// The prefix of an input path: its file stem.
pub fn stem_prefix(path: &str) -> String {
    let stem = std::path::Path::new(path).file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    prefix_from_stem(&stem)
}

/// The prefix of each input (`names` as given): the one `chosen` for it, else its stem's, with
/// a stem that is already taken (by an earlier input or a chosen prefix) numbered `_2`, `_3`,
/// ..., the first free one.
pub fn numbered_prefixes(names: &[&str], chosen: &ChosenPrefixes) -> Vec<String> {
    let mut taken: BTreeSet<String> = chosen.values().map(|(prefix, _)| prefix.clone()).collect();
    let mut prefixes: Vec<Option<String>> = vec![None; names.len()];
    // First every stem that is free keeps it, so a later `dg_2.mlir` keeps `dg_2`.
    for (idx, name) in names.iter().enumerate() {
        prefixes[idx] = match chosen.get(&idx) {
            Some((prefix, _)) => Some(prefix.clone()),
            None => Some(stem_prefix(name)).filter(|stem| taken.insert(stem.clone())),
        };
    }
    names
        .iter()
        .zip(prefixes)
        .map(|(name, prefix)| {
            prefix.unwrap_or_else(|| {
                let stem = stem_prefix(name);
                let numbered = (2..).map(|n| format!("{stem}_{n}")).find(|p| !taken.contains(p));
                let numbered = numbered.unwrap_or(stem);
                taken.insert(numbered.clone());
                numbered
            })
        })
        .collect()
}

/// Builds the plan for inputs merged without a plan file.
pub fn zero_config_plan(
    name: &str,
    slices: &[ParsedSlice],
    binds: &[Bind],
    chosen: &ChosenPrefixes,
) -> Result<MergePlan, Vec<Diagnostic>> {
    let names: Vec<&str> = slices.iter().map(|s| s.name.as_str()).collect();
    let prefixes = numbered_prefixes(&names, chosen);
    // The arguments come from the kernels, so every slice must have one.
    let mut errors = Vec::new();
    let mut kernels = Vec::new();
    for slice in slices {
        if slice.parse.has_errors() {
            errors.extend(slice.parse.all_errors().into_iter().map(|e| e.in_file(slice.file)));
            kernels.push(None);
            continue;
        }
        match find_kernel(&slice.parse, slice.file, &slice.name, None) {
            Ok(kernel) => kernels.push(Some(kernel)),
            Err(e) => {
                errors.push(e);
                kernels.push(None);
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let arg_counts: Vec<usize> = kernels.iter().map(|k| k.as_ref().map_or(0, |k| k.args.len())).collect();
    let bound = check_binds(binds, &prefixes, &arg_counts)?;
    check_bind_types(binds, &prefixes, slices, &kernels)?;
    let (args, mut index_of) = number_unbound(slices, &kernels, &bound);
    follow_binds(&bound, &prefixes, &mut index_of)?;
    let plans = slices
        .iter()
        .enumerate()
        .map(|(slice_idx, slice)| SlicePlan {
            file: slice.name.clone(),
            file_loc: None,
            prefix: prefixes[slice_idx].clone(),
            prefix_loc: chosen.get(&slice_idx).and_then(|(_, loc)| *loc),
            func: None,
            func_loc: None,
            args: (0..arg_counts[slice_idx])
                .filter_map(|a| index_of.get(&(slice_idx, a)).map(|c| (a, (*c, None))))
                .collect(),
            aliases: BTreeMap::new(),
            externs: Default::default(),
            shim_dma_tile_sizes: None,
            shim_dma_tile_sizes_loc: None,
            // A section (`FILE#N`) is picked by the caller, before the slice is parsed.
            section: None,
            section_loc: None,
            loc: None,
        })
        .collect();
    Ok(MergePlan {
        name: name.to_string(),
        name_loc: None,
        args,
        prelude: None,
        allow_unreferenced: BTreeMap::new(),
        slices: plans,
        lints: Vec::new(),
        backend: Default::default(),
    })
}

/// The unbound arguments numbered in order, each with its type and where that is written; and
/// `(slice, argument) → combined index` for them.
fn number_unbound(
    slices: &[ParsedSlice],
    kernels: &[Option<KernelFunc<'_>>],
    bound: &Bound,
) -> (Vec<CombinedArg>, BTreeMap<(usize, usize), usize>) {
    let mut args = Vec::new();
    let mut index_of: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    for (slice_idx, kernel) in kernels.iter().enumerate() {
        let Some(kernel) = kernel else { continue };
        for (arg_idx, arg) in kernel.args.iter().enumerate() {
            if bound.contains_key(&(slice_idx, arg_idx)) {
                continue;
            }
            index_of.insert((slice_idx, arg_idx), args.len());
            args.push(CombinedArg {
                ty: kernel.arg_type(arg_idx).unwrap_or_default(),
                loc: arg.ty.map(|t| (slices[slice_idx].file, t.text_range())),
                name: None,
                kind: None,
            });
        }
    }
    (args, index_of)
}

/// The binds as `(slice, argument) → (slice, argument)`, each naming slices and arguments
/// that exist, and each slice argument bound at most once.
type Bound = BTreeMap<(usize, usize), (usize, usize)>;

fn check_binds(binds: &[Bind], prefixes: &[String], arg_counts: &[usize]) -> Result<Bound, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let slice_index = |prefix: &str| prefixes.iter().position(|p| p == prefix);
    let mut bound: Bound = BTreeMap::new();
    for bind in binds {
        let written = format!("{}.{}={}.{}", bind.slice, bind.arg, bind.target_slice, bind.target_arg);
        let (Some(from), Some(to)) = (slice_index(&bind.slice), slice_index(&bind.target_slice)) else {
            let unknown = if slice_index(&bind.slice).is_none() { &bind.slice } else { &bind.target_slice };
            errors.push(
                located(
                    codes::BIND_INVALID,
                    &format!("--bind {written}: no input has the prefix `{unknown}`"),
                    bind.loc,
                )
                .with_help(format!("inputs are named by their prefixes: {}", prefixes.join(", "))),
            );
            continue;
        };
        for (idx, arg) in [(from, bind.arg), (to, bind.target_arg)] {
            if arg >= arg_counts[idx] {
                errors.push(located(
                    codes::BIND_INVALID,
                    &format!(
                        "--bind {written}: slice `{}` has no argument {arg} (it takes {})",
                        prefixes[idx], arg_counts[idx]
                    ),
                    bind.loc,
                ));
            }
        }
        if bound.insert((from, bind.arg), (to, bind.target_arg)).is_some() {
            errors.push(located(
                codes::BIND_INVALID,
                &format!("--bind {written}: slice `{}` argument {} is bound twice", bind.slice, bind.arg),
                bind.loc,
            ));
        }
    }
    if errors.is_empty() {
        Ok(bound)
    } else {
        Err(errors)
    }
}

/// A `--bind` makes two slice arguments one combined argument, so their types must be equal
/// (compared as MLIR compares them). Zero-config has no combined type of its own to fix: the
/// error is at the `--bind` argument, with both slices' declarations.
fn check_bind_types(
    binds: &[Bind],
    prefixes: &[String],
    slices: &[ParsedSlice],
    kernels: &[Option<KernelFunc<'_>>],
) -> Result<(), Vec<Diagnostic>> {
    let mut errors = Vec::new();
    let slice_index = |prefix: &str| prefixes.iter().position(|p| p == prefix);
    for bind in binds {
        // check_binds made sure both slices and arguments exist.
        let (Some(from), Some(to)) = (slice_index(&bind.slice), slice_index(&bind.target_slice)) else { continue };
        let (Some(Some(from_kernel)), Some(Some(to_kernel))) = (kernels.get(from), kernels.get(to)) else { continue };
        let (Some(from_ty), Some(to_ty)) = (from_kernel.arg_type(bind.arg), to_kernel.arg_type(bind.target_arg)) else {
            continue;
        };
        if types_equal(&from_ty, &to_ty) {
            continue;
        }
        let arg_name = |kernel: &KernelFunc<'_>, idx: usize| {
            kernel.args.get(idx).and_then(|a| a.name).map(|t| t.text().to_string()).unwrap_or_default()
        };
        let (from_name, to_name) = (arg_name(from_kernel, bind.arg), arg_name(to_kernel, bind.target_arg));
        let type_loc = |kernel: &KernelFunc<'_>, slice: usize, idx: usize| -> Loc {
            kernel.args.get(idx).and_then(|a| a.ty).map(|t| (slices[slice].file, t.text_range()))
        };
        let (from_loc, to_loc) = (type_loc(from_kernel, from, bind.arg), type_loc(to_kernel, to, bind.target_arg));
        let written = format!("{}.{}={}.{}", bind.slice, bind.arg, bind.target_slice, bind.target_arg);
        let message = format!(
            "--bind {written}: slice `{}` argument {} (`{from_name}`) is `{from_ty}` but slice `{}` argument {} (`{to_name}`) is `{to_ty}`",
            bind.slice, bind.arg, bind.target_slice, bind.target_arg
        );
        let mut error = Diagnostic::error(codes::TYPE_MISMATCH, message);
        let labels = [
            (bind.loc, "binds arguments of two types".to_string()),
            (from_loc, format!("`{from_name}` is `{from_ty}`")),
            (to_loc, format!("`{to_name}` is `{to_ty}`")),
        ];
        let mut primary_set = false;
        for (loc, label) in labels {
            let Some((file, range)) = loc else { continue };
            error = if primary_set {
                error.with_secondary(file, range, label)
            } else {
                error.with_primary(file, range, label)
            };
            primary_set = true;
        }
        errors.push(error.with_help(format!(
            "a --bind makes both arguments one buffer, so they need one type (compared as MLIR compares types): bind `{}.{}` to an argument of type `{from_ty}`, or drop this --bind; to pass a part or another shape of a buffer, merge with a plan whose prelude makes the view (`aliases`; `--emit-plan FILE` without this --bind writes a plan to start from, docs/merge.md)",
            bind.slice, bind.arg
        )));
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// Gives every bound argument the combined index of the unbound argument its chain of binds
/// ends at; a chain longer than there are binds is a cycle.
fn follow_binds(
    bound: &Bound,
    prefixes: &[String],
    index_of: &mut BTreeMap<(usize, usize), usize>,
) -> Result<(), Vec<Diagnostic>> {
    let mut errors = Vec::new();
    for &from in bound.keys() {
        let mut current = from;
        let mut steps = 0;
        while let Some(&next) = bound.get(&current) {
            current = next;
            steps += 1;
            if steps > bound.len() {
                errors.push(Diagnostic::error(
                    codes::BIND_INVALID,
                    format!("--bind: the bindings of slice `{}` argument {} form a cycle", prefixes[from.0], from.1),
                ));
                break;
            }
        }
        if let Some(&idx) = index_of.get(&current) {
            index_of.insert(from, idx);
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binds_parse_and_report_bad_syntax() {
        assert_eq!(
            "b.0=a.2".parse::<Bind>(),
            Ok(Bind { slice: "b".into(), arg: 0, target_slice: "a".into(), target_arg: 2, loc: None })
        );
        assert!("b0=a.2".parse::<Bind>().is_err());
    }

    #[test]
    fn repeated_stems_are_numbered_and_chosen_prefixes_win() {
        let none = ChosenPrefixes::new();
        assert_eq!(numbered_prefixes(&["dg.mlir", "dg.mlir"], &none), ["dg", "dg_2"]);
        assert_eq!(numbered_prefixes(&["a/dg.mlir", "dg.mlir", "dg_2.mlir"], &none), ["dg", "dg_3", "dg_2"]);
        // `a-b` and `a_b` give the same prefix: numbered too.
        assert_eq!(numbered_prefixes(&["a-b.mlir", "a_b.mlir"], &none), ["a_b", "a_b_2"]);
        let chosen: ChosenPrefixes = [(1, ("dg".to_string(), None))].into_iter().collect();
        assert_eq!(numbered_prefixes(&["dg.mlir", "x.mlir", "dg.mlir"], &chosen), ["dg_2", "dg", "dg_3"]);
    }
}
