//! What `merge` reads: a plan and the slice files it names, or the inputs of a zero-config merge
//! with their `--prefix` and `--bind` (located on the command line, so their diagnostics point
//! at what the user typed); then every slice parsed, spread over the cores.

use crate::cmdline::CommandLine;
use crate::common;
use air_diagnostics::{Diagnostic, FileId, SourceMap};
use air_merge::plan::naming::prefix_from_stem;
use air_merge::plan::zero_config::{
    apply_tile_sizes, numbered_prefixes, zero_config_plan, Bind, ChosenPrefixes, TileSizesArg,
};
use air_merge::plan::{parse_plan, Loc, MergePlan};
use air_merge::slice::ParsedSlice;
use std::path::{Path, PathBuf};

/// The plan and its parsed slices, and every file read (none may be overwritten).
pub struct Inputs {
    pub plan: MergePlan,
    pub slices: Vec<ParsedSlice>,
    pub paths: Vec<PathBuf>,
}

/// Why reading stopped before any merge: the diagnostics, and whether a file could not be read
/// (exit status 2) rather than had problems (1).
pub struct Stop {
    pub diagnostics: Vec<Diagnostic>,
    pub unreadable: bool,
}

impl Stop {
    fn problems(diagnostics: Vec<Diagnostic>) -> Stop {
        Stop { diagnostics, unreadable: false }
    }
}

/// The zero-config inputs as given on the command line.
pub struct ZeroConfig<'a> {
    pub files: &'a [PathBuf],
    /// `--name` as typed, if given.
    pub name: Option<&'a str>,
    /// `-o`, whose stem names the function without `--name`.
    pub output: &'a Path,
    /// `--bind` values as typed (each already checked to parse).
    pub binds: &'a [String],
    /// `--prefix FILE=NAME` values as typed.
    pub prefixes: &'a [String],
    /// `--tile-sizes PREFIX=N[,N...]`, as typed.
    pub tile_sizes: &'a [String],
}

/// A slice read but not parsed yet: its file id, name and text.
type Pending = (FileId, String, std::sync::Arc<String>);

/// `AS0002` for `path`, pointing at `loc` (where the plan or the command line names it).
fn cannot_read(path: &Path, err: &std::io::Error, loc: Loc, help: &str) -> Diagnostic {
    let diagnostic =
        Diagnostic::error(crate::codes::CANNOT_READ, format!("cannot read {}: {err}", common::shown(path)))
            .with_help(help);
    match loc {
        Some((file, range)) => diagnostic.with_primary(file, range, "named here"),
        None => diagnostic,
    }
}

/// Reads `path` into `sources`: the pending slice, or why not (a read error is `AS0002` at
/// `loc`; text that is not UTF-8 gets its diagnostic in `diagnostics`).
fn read_slice(
    path: &Path,
    loc: Loc,
    help: &str,
    sources: &mut SourceMap,
    diagnostics: &mut Vec<Diagnostic>,
) -> Result<Option<Pending>, Diagnostic> {
    let raw = common::read_bytes(path).map_err(|err| cannot_read(path, &err, loc, help))?;
    let name = raw.name.clone();
    match common::register_shared(sources, raw) {
        (file, Ok(text)) => Ok(Some((file, name, text))),
        (_, Err(diagnostic)) => {
            diagnostics.push(diagnostic);
            Ok(None)
        }
    }
}

/// `merge --plan FILE`: the plan, then its slice files (relative to the plan).
pub fn from_plan(plan_path: &Path, sources: &mut SourceMap, line: &CommandLine) -> Result<Inputs, Stop> {
    let line_file = line.register(sources);
    let plan_loc = line.value_range("--plan", &plan_path.to_string_lossy(), 0).map(|range| (line_file, range));
    let text = match std::fs::read(plan_path) {
        Ok(bytes) => bytes,
        Err(err) => {
            let help = "the plan is a TOML file: see docs/merge.md";
            return Err(Stop { diagnostics: vec![cannot_read(plan_path, &err, plan_loc, help)], unreadable: true });
        }
    };
    let raw = common::RawInput { name: plan_path.display().to_string(), bytes: text };
    let (plan_file, decoded) = common::register(sources, &raw);
    decoded.map_err(|diagnostic| Stop::problems(vec![diagnostic]))?;
    let plan = parse_plan(sources.text(plan_file), plan_file).map_err(Stop::problems)?;
    let base = plan_path.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut paths = vec![plan_path.to_path_buf()];
    let mut pending = Vec::new();
    let mut diagnostics = Vec::new();
    let mut unreadable = false;
    for slice in &plan.slices {
        let path = base.join(&slice.file);
        let help = "slice files are relative to the plan file";
        match read_slice(&path, slice.file_loc, help, sources, &mut diagnostics) {
            Ok(read) => match read.map(|read| in_section(read, slice.section, slice.section_loc)).transpose() {
                Ok(read) => pending.extend(read),
                Err(diagnostic) => diagnostics.push(diagnostic),
            },
            Err(diagnostic) => {
                diagnostics.push(diagnostic);
                unreadable = true;
            }
        }
        paths.push(path);
    }
    if !diagnostics.is_empty() {
        return Err(Stop { diagnostics, unreadable });
    }
    Ok(Inputs { plan, slices: parse_all(pending), paths })
}

/// `merge A.mlir B.mlir ...`: the inputs in order, then the plan built from them.
pub fn zero_config(
    args: &ZeroConfig<'_>,
    sources: &mut SourceMap,
    line: &CommandLine,
) -> anyhow::Result<Result<Inputs, Stop>> {
    let line_file = line.register(sources);
    let name = match function_name(args, line, line_file) {
        Ok(name) => name,
        Err(diagnostic) => return Ok(Err(Stop::problems(vec![diagnostic]))),
    };
    let chosen = chosen_prefixes(args, line, line_file)?;
    let mut pending = Vec::new();
    let mut diagnostics = Vec::new();
    let mut unreadable = false;
    let ranges = line.positional_ranges();
    // How often each file was typed so far: its nth occurrence on the command line.
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for typed_path in args.files {
        let typed = typed_path.to_string_lossy();
        let nth = seen.entry(typed.to_string()).or_insert(0);
        let loc = ranges.get(typed.as_ref()).and_then(|r| r.get(*nth)).map(|range| (line_file, *range));
        *nth += 1;
        let (path, section) = split_section(typed_path);
        match read_slice(
            &path,
            loc,
            "inputs are read as given (relative to the current directory)",
            sources,
            &mut diagnostics,
        ) {
            Ok(read) => match read.map(|read| in_section(read, section, loc)).transpose() {
                Ok(read) => pending.extend(read),
                Err(diagnostic) => diagnostics.push(diagnostic),
            },
            Err(diagnostic) => {
                diagnostics.push(diagnostic);
                unreadable = true;
            }
        }
    }
    if !diagnostics.is_empty() {
        return Ok(Err(Stop { diagnostics, unreadable }));
    }
    let slices = parse_all(pending);
    let mut binds = Vec::new();
    for (idx, typed) in args.binds.iter().enumerate() {
        let mut bind: Bind = typed.parse().map_err(|err: String| anyhow::anyhow!("--bind {typed}: {err}"))?;
        let nth = args.binds[..idx].iter().filter(|b| *b == typed).count();
        bind.loc = line.value_range("--bind", typed, nth).map(|range| (line_file, range));
        binds.push(bind);
    }
    let mut tile_sizes = Vec::new();
    for (idx, typed) in args.tile_sizes.iter().enumerate() {
        let mut arg: TileSizesArg =
            typed.parse().map_err(|err: String| anyhow::anyhow!("--tile-sizes {typed}: {err}"))?;
        let nth = args.tile_sizes[..idx].iter().filter(|t| *t == typed).count();
        arg.loc = line.value_range("--tile-sizes", typed, nth).map(|range| (line_file, range));
        tile_sizes.push(arg);
    }
    let planned = zero_config_plan(&name, &slices, &binds, &chosen)
        .and_then(|mut plan| apply_tile_sizes(&mut plan, &tile_sizes).map(|()| plan));
    let paths = args.files.iter().map(|typed| split_section(typed).0).collect();
    Ok(match planned {
        Ok(plan) => Ok(Inputs { plan, slices, paths }),
        Err(errors) => Err(Stop::problems(errors)),
    })
}

/// `--prefix FILE=NAME`, each FILE an input as typed or its default prefix (`dg_2` for the
/// second `dg.mlir`). A FILE that names no input, or several, is a usage error.
fn chosen_prefixes(args: &ZeroConfig<'_>, line: &CommandLine, line_file: FileId) -> anyhow::Result<ChosenPrefixes> {
    let typed: Vec<String> = args.files.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let names: Vec<&str> = typed.iter().map(String::as_str).collect();
    let defaults = numbered_prefixes(&names, &ChosenPrefixes::new());
    let mut chosen = ChosenPrefixes::new();
    for (idx, value) in args.prefixes.iter().enumerate() {
        let Some((file, prefix)) = value.rsplit_once('=') else {
            anyhow::bail!(
                "--prefix {value}: write FILE=NAME, e.g. `--prefix {}=first`",
                names.first().unwrap_or(&"a.mlir")
            );
        };
        let matches: Vec<usize> = (0..names.len()).filter(|&i| names[i] == file).collect();
        let slice = match matches.as_slice() {
            [one] => *one,
            [] => match defaults.iter().position(|d| d == file) {
                Some(i) => i,
                None => anyhow::bail!(
                    "--prefix {value}: no input `{file}` (the inputs: {}; or by their prefixes: {})",
                    names.join(", "),
                    defaults.join(", ")
                ),
            },
            many => anyhow::bail!(
                "--prefix {value}: `{file}` is given {} times: name one by its prefix ({})",
                many.len(),
                many.iter().map(|&i| defaults[i].as_str()).collect::<Vec<_>>().join(", ")
            ),
        };
        let nth = args.prefixes[..idx].iter().filter(|p| *p == value).count();
        let loc = line.value_range("--prefix", value, nth).map(|range| (line_file, range));
        if chosen.insert(slice, (prefix.to_string(), loc)).is_some() {
            anyhow::bail!("--prefix {value}: `{}` already has a prefix from an earlier --prefix", names[slice]);
        }
    }
    Ok(chosen)
}

/// The combined function's name without a plan: `--name` read as MLIR reads a symbol (an error
/// at the argument when it is not one), else the output's file stem.
fn function_name(args: &ZeroConfig<'_>, line: &CommandLine, line_file: FileId) -> Result<String, Diagnostic> {
    let Some(written) = args.name else {
        return Ok(default_name(args.output));
    };
    let loc = line.value_range("--name", written, 0).map(|range| (line_file, range));
    let spell = |name: &str| format!("--name {}", shell_word(name));
    air_merge::plan::naming::check_func_name(written, loc, spell)
}

/// `word` as a shell reads it back: as it is when it is plain, else in single quotes.
fn shell_word(word: &str) -> String {
    let plain = !word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric() || "-_=.,/:@%+".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// The combined function's name without a plan or `--name`: the output's file stem.
fn default_name(output: &Path) -> String {
    let stem = output.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    if output.as_os_str() == "-" || stem.is_empty() {
        "merged".to_string()
    } else {
        prefix_from_stem(&stem)
    }
}

/// `FILE#N` on the command line: section N of FILE (a file of `// -----` sections), unless a
/// file of that very name exists.
pub fn split_section(typed: &Path) -> (PathBuf, Option<usize>) {
    let text = typed.to_string_lossy();
    let parsed = text.rsplit_once('#').and_then(|(file, number)| {
        let digits = !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit());
        digits.then(|| number.parse::<usize>().ok().map(|n| (PathBuf::from(file), n))).flatten()
    });
    match parsed {
        Some((file, number)) if !typed.exists() => (file, Some(number)),
        _ => (typed.to_path_buf(), None),
    }
}

/// A slice read whole, or its section `section` in place (named `FILE#N`): AS0344 at `loc`
/// when the file has no such section.
fn in_section(read: Pending, section: Option<usize>, loc: Loc) -> Result<Pending, Diagnostic> {
    let Some(number) = section else { return Ok(read) };
    let (file, name, text) = read;
    let picked = air_merge::slice::sections::pick_section(&text, &name, number, loc)?;
    Ok((file, format!("{name}#{number}"), std::sync::Arc::new(picked)))
}

/// Parses the slices, spread over the available cores (results stay in input order).
fn parse_all(pending: Vec<Pending>) -> Vec<ParsedSlice> {
    let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1).min(pending.len().max(1));
    if threads <= 1 {
        return pending.into_iter().map(|(file, name, text)| ParsedSlice::from_shared(file, name, text)).collect();
    }
    // Deal the slices out round-robin so that equal-sized inputs balance.
    let mut groups: Vec<Vec<(usize, Pending)>> = (0..threads).map(|_| Vec::new()).collect();
    for (idx, item) in pending.into_iter().enumerate() {
        groups[idx % threads].push((idx, item));
    }
    let mut parsed: Vec<(usize, ParsedSlice)> = std::thread::scope(|scope| {
        let handles: Vec<_> = groups
            .into_iter()
            .map(|group| {
                scope.spawn(move || {
                    group
                        .into_iter()
                        .map(|(idx, (file, name, text))| (idx, ParsedSlice::from_shared(file, name, text)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_default()).collect()
    });
    parsed.sort_by_key(|(idx, _)| *idx);
    parsed.into_iter().map(|(_, slice)| slice).collect()
}
