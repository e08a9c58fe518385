//! Running the MLIR half of the compiler on a module (`check-bd --lower`, `compile
//! --lower-only`): aircc with the module's options in a private directory, an `aiecc` shim first
//! on its PATH that asks the real aiecc for the NPU instruction stream instead of an xclbin or
//! ELF (`air_compile::lower`), then what the run left read into a `Lowering`, and the compiler's
//! errors placed on the module's launches.

use crate::compile::run::{self, Ended};
use crate::process::{is_executable, on_path_of};
use air_compile::aircc::CompileOptions;
use air_compile::lower::{self, enclosing_symbols, Exit, LowerPaths, Lowering, Symbol, SymbolKind};
use air_compile::triage::Finding;
use air_diagnostics::{Diagnostic, FileId, TextRange};
use air_syntax::air_ops;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The drivers of one lowering.
#[derive(Clone, Debug)]
pub struct LowerTools {
    pub aircc: PathBuf,
    pub aiecc: PathBuf,
    /// What named them (`--lower=DIR`, `$AIRCC`, `PATH`).
    pub from: String,
}

/// How to get the drivers, for the message when they are missing.
pub const HOW_TO_GET: &str = concat!(
    "aircc and aiecc come with mlir-air; its Linux guide (mlir-air/docs/buildingRyzenLin.md) installs them with `",
    "pip install 'mlir_air[aie]' -f https://github.com/Xilinx/mlir-air/releases/expanded_assets/latest-air-wheels ",
    "-f https://github.com/Xilinx/mlir-aie/releases/expanded_assets/latest-wheels-4 ",
    "-f https://github.com/Xilinx/llvm-aie/releases/expanded_assets/nightly",
    "` and put the bin/ of both mlir_air (aircc) and mlir_aie (aiecc) on PATH; or give one directory holding both ",
    "with --lower=DIR or $AIR_LOWERING_KIT (a built compiler kit's bin/ works too)"
);

/// `--lower=DIR` (DIR or DIR/bin holding both), else `$AIR_LOWERING_KIT` (the same: a built
/// compiler kit's directory, as the README names it), else `$AIRCC` with aiecc beside it or on
/// PATH, else both on PATH.
pub fn find_tools(dir: Option<&Path>) -> Result<LowerTools, String> {
    let in_dir = |dir: &Path, named: String| {
        let dir = &super::tools::absolute(dir);
        for candidate in [dir.to_path_buf(), dir.join("bin")] {
            let (aircc, aiecc) = (candidate.join("aircc"), candidate.join("aiecc"));
            if is_executable(&aircc) && is_executable(&aiecc) {
                return Ok(LowerTools { aircc, aiecc, from: named });
            }
        }
        Err(format!("{named}: neither {} nor its bin/ holds both aircc and aiecc", dir.display()))
    };
    if let Some(dir) = dir {
        return in_dir(dir, format!("--lower={}", dir.display()));
    }
    if let Some(kit) = std::env::var_os("AIR_LOWERING_KIT").filter(|v| !v.is_empty()) {
        let kit = PathBuf::from(kit);
        return in_dir(&kit, format!("$AIR_LOWERING_KIT={}", kit.display()));
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    let on_path = |name: &str| on_path_of(name, &path);
    if let Some(aircc) = std::env::var_os("AIRCC").filter(|v| !v.is_empty()).map(PathBuf::from) {
        let aircc = if aircc.components().count() == 1 {
            on_path(&aircc.to_string_lossy())
        } else {
            Some(super::tools::absolute(&aircc))
        };
        let Some(aircc) = aircc.filter(|p| is_executable(p)) else {
            return Err("$AIRCC does not name a program".to_string());
        };
        let beside = aircc.parent().map(|d| d.join("aiecc")).filter(|p| is_executable(p));
        return match beside.or_else(|| on_path("aiecc")) {
            Some(aiecc) => Ok(LowerTools { aircc, aiecc, from: "$AIRCC".to_string() }),
            None => Err(format!("$AIRCC={}: no aiecc beside it or on PATH", aircc.display())),
        };
    }
    match (on_path("aircc"), on_path("aiecc")) {
        (Some(aircc), Some(aiecc)) => Ok(LowerTools { aircc, aiecc, from: "PATH".to_string() }),
        (None, _) => {
            Err("aircc was not found: no --lower=DIR, $AIRCC is not set, and there is no aircc on PATH".into())
        }
        (Some(_), None) => Err("aiecc was not found on PATH (aircc was)".to_string()),
    }
}

/// One run: its reading, and the texts of aircc's intermediate files (for locations).
pub struct Lowered {
    pub lowering: Lowering,
    pub log: String,
    /// (file name, text) of `placed.`, `aie.` and `npu.<input>` as far as aircc wrote them.
    pub intermediate: Vec<(String, String)>,
    /// The private directory, when kept (`keep`, or a crash).
    pub kept: Option<PathBuf>,
}

/// Lowers `module` (named `input_name`, as the compiler's locations will name it) with
/// `options`. `Err` is a failure to set the run up (a directory, the shim, starting aircc).
pub fn lower(
    tools: &LowerTools,
    module: &[u8],
    input_name: &str,
    options: &CompileOptions,
    timeout: Duration,
    keep: bool,
) -> std::io::Result<Lowered> {
    let dir = private_dir()?;
    let result = lower_in(&dir, tools, module, input_name, options, timeout);
    // Kept when asked, and after a crash (its files are the reproducer a report needs; the
    // diagnostic says where). A timeout, an interruption or a failed set-up leaves nothing.
    let keep_it = keep || result.as_ref().is_ok_and(|l| l.lowering.verdict == lower::Verdict::Crashed);
    match result {
        Ok(mut lowered) if keep_it => {
            lowered.kept = Some(dir);
            Ok(lowered)
        }
        result => {
            let _ = std::fs::remove_dir_all(&dir);
            result
        }
    }
}

fn lower_in(
    dir: &Path,
    tools: &LowerTools,
    module: &[u8],
    input_name: &str,
    options: &CompileOptions,
    timeout: Duration,
) -> std::io::Result<Lowered> {
    let (shim_dir, insts_dir) = (dir.join("shim"), dir.join("insts"));
    std::fs::create_dir_all(&shim_dir)?;
    std::fs::create_dir_all(&insts_dir)?;
    let input = dir.join(input_name);
    std::fs::write(&input, module)?;
    let argv_log = dir.join("aiecc.argv");
    let shim = shim_dir.join("aiecc");
    let script = lower::shim_script(
        &tools.aiecc.display().to_string(),
        &insts_dir.join("insts_{0}.bin").display().to_string(),
        &argv_log.display().to_string(),
    );
    std::fs::write(&shim, script)?;
    std::fs::set_permissions(&shim, std::fs::Permissions::from_mode(0o755))?;
    let tmpdir = dir.join("tmp");
    let paths = LowerPaths {
        input: input.display().to_string(),
        tmpdir: tmpdir.display().to_string(),
        insts: insts_dir.join("insts_{0}.bin").display().to_string(),
        elf: dir.join("unused.elf").display().to_string(),
    };
    let argv = lower::aircc_argv(options, &paths);
    let mut search = vec![shim_dir.clone()];
    search.extend(tools.aircc.parent().map(Path::to_path_buf));
    search.extend(std::env::var_os("PATH").map(|p| std::env::split_paths(&p).collect::<Vec<_>>()).unwrap_or_default());
    let log_path = dir.join("log.txt");
    let run = run::Run {
        program: &tools.aircc,
        args: &argv,
        cwd: dir,
        path_env: std::env::join_paths(search).unwrap_or_default(),
        log: &log_path,
        timeout,
    };
    let (ended, took) = run::run(&run)?;
    let exit = match ended {
        Ended::Exited(code) => Exit::Code(code),
        Ended::Signaled(signal) => Exit::Signal(signal),
        Ended::TimedOut => Exit::TimedOut,
        Ended::Interrupted => return Err(std::io::Error::new(std::io::ErrorKind::Interrupted, "interrupted")),
    };
    let log = std::fs::read_to_string(&log_path).unwrap_or_default();
    let mut intermediate = Vec::new();
    for stage in ["placed", "aie", "npu"] {
        let name = format!("{stage}.{input_name}");
        if let Ok(text) = std::fs::read_to_string(tmpdir.join(&name)) {
            intermediate.push((name, text));
        }
    }
    let mut insts: Vec<(String, Vec<u8>)> = std::fs::read_dir(&insts_dir)?
        .flatten()
        .filter_map(|e| Some((e.file_name().to_str()?.to_string(), std::fs::read(e.path()).ok()?)))
        .collect();
    insts.sort();
    let aiecc_argv =
        std::fs::read_to_string(&argv_log).map(|t| t.lines().map(str::to_string).collect()).unwrap_or_default();
    let npu = intermediate.iter().find(|(n, _)| n.starts_with("npu.")).map(|(_, t)| t.as_str());
    let elapsed_ms = u64::try_from(took.as_millis()).unwrap_or(u64::MAX);
    let lowering = Lowering::read(exit, &log, npu, &insts, argv, aiecc_argv, elapsed_ms);
    Ok(Lowered { lowering, log, intermediate, kept: None })
}

fn private_dir() -> std::io::Result<PathBuf> {
    let base = std::env::temp_dir();
    for attempt in 0..100u32 {
        let dir = base.join(format!("air-stitch-lower-{}-{attempt}", std::process::id()));
        match std::fs::create_dir(&dir) {
            Ok(()) => return Ok(dir),
            Err(err) if err.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(err) => return Err(err),
        }
    }
    Err(std::io::Error::other("cannot create a private directory for the lowering"))
}

/// The module's launch a symbol of the lowered IR came from: the `air.segment` or `air.herd` of
/// that name (a device's `_reset` copy is its segment's), as a range of `text`.
fn source_of(text: &str, symbols: &[Symbol]) -> Option<(TextRange, String)> {
    for symbol in symbols {
        let name = match symbol.kind {
            SymbolKind::Device => symbol.name.strip_suffix("_reset").unwrap_or(&symbol.name),
            SymbolKind::Segment | SymbolKind::Herd => &symbol.name,
            SymbolKind::Func | SymbolKind::Sequence => continue,
        };
        for op in [air_ops::SEGMENT, air_ops::HERD] {
            if let Some(range) = find_symbol_op(text, op, name) {
                return Some((range, format!("{op} @{name}")));
            }
        }
    }
    None
}

/// The range of `OP @NAME` in `text` (NAME followed by a character that ends a symbol).
fn find_symbol_op(text: &str, op: &str, name: &str) -> Option<TextRange> {
    let needle = format!("@{name}");
    let mut from = 0;
    while let Some(found) = text[from..].find(&needle) {
        let at = from + found;
        let end = at + needle.len();
        let ends = text[end..].chars().next().is_none_or(|c| !(c.is_alphanumeric() || "_$.-".contains(c)));
        let before = text[..at].trim_end();
        if ends && before.ends_with(op) {
            let start = before.len() - op.len();
            return Some(TextRange::new(u32::try_from(start).ok()?, u32::try_from(end).ok()?));
        }
        from = end;
    }
    None
}

/// Which intermediate file a location names: an explicit path by its file name, `-` (a module
/// aircc parsed from memory) by the stage that failed: the npu pipeline reads `aie.`, the
/// air-to-aie pipelines read `placed.`; the placement pipeline's module is not kept (`None`).
fn intermediate_of<'a>(lowered: &'a Lowered, file: &str) -> Option<&'a (String, String)> {
    let base = file.rsplit('/').next().unwrap_or(file);
    if base != "-" {
        return lowered.intermediate.iter().find(|(name, _)| name == base);
    }
    let stage = lowered.lowering.stage.as_deref().unwrap_or("");
    let prefix = if stage.contains("airrt-to-npu") {
        "aie."
    } else if stage.starts_with("placement") || stage.is_empty() {
        return None;
    } else {
        "placed."
    };
    lowered.intermediate.iter().find(|(name, _)| name.starts_with(prefix))
}

/// The compiler's errors as diagnostics on the module `text` (registered as `file`): each at the
/// launch (segment or herd) its location lies in, with the compiler's words, the stage, where
/// in aircc's files it was, and the remedy.
pub fn diagnostics(lowered: &Lowered, text: &str, file: FileId, input_name: &str) -> Vec<Diagnostic> {
    lowered.lowering.findings.iter().map(|finding| diagnostic(lowered, finding, text, file, input_name)).collect()
}

fn diagnostic(lowered: &Lowered, finding: &Finding, text: &str, file: FileId, input_name: &str) -> Diagnostic {
    let mut diagnostic =
        Diagnostic::error(finding.code, format!("the compiler rejects the module: {}", finding.message));
    if let Some(stage) = &lowered.lowering.stage {
        diagnostic = diagnostic.with_note(format!("refused by {stage}"));
    }
    let mut placed = false;
    if let Some(location) = &finding.location {
        let base = location.file.rsplit('/').next().unwrap_or(&location.file);
        match intermediate_of(lowered, &location.file) {
            Some((name, body)) => {
                let symbols = enclosing_symbols(body, location.line);
                diagnostic = diagnostic.with_note(format!(
                    "at {name}:{}:{} (aircc's intermediate file){}",
                    location.line,
                    location.column,
                    line_of(body, location.line).map(|l| format!(": `{}`", shorten(l.trim(), 160))).unwrap_or_default()
                ));
                if let Some((range, what)) = source_of(text, &symbols) {
                    diagnostic = diagnostic.with_primary(file, range, format!("in the launch of {what}"));
                    placed = true;
                }
            }
            // `-` is a module aircc printed and parsed again after passes of its own: its lines
            // are not the input's (a blank line added before the module moves none of them).
            None if base == "-" => {
                diagnostic = diagnostic.with_note(format!(
                    "at line {}:{} of a module aircc parsed from memory after its own passes (not the input's lines)",
                    location.line, location.column
                ))
            }
            None if base == input_name => {
                let offset = offset_of(text, location.line, location.column);
                if let Some(start) = offset {
                    let end = text[start..].find('\n').map_or(text.len(), |n| start + n);
                    if let (Ok(s), Ok(e)) = (u32::try_from(start), u32::try_from(end)) {
                        diagnostic = diagnostic.with_primary(file, TextRange::new(s, e), "here");
                        placed = true;
                    }
                }
            }
            None => {
                diagnostic = diagnostic.with_note(format!("at {}:{}:{}", location.file, location.line, location.column))
            }
        }
    }
    if !placed {
        diagnostic = diagnostic.with_note("the compiler's location names no launch of the module");
    }
    diagnostic.with_help(format!("{} ({})", finding.remedy, finding.remedy_source))
}

/// A diagnostic about a run without a verdict, with what its log says: where a crash happened
/// and its remedy, or the log's last lines.
pub fn with_log_of(mut diagnostic: Diagnostic, lowered: &Lowered) -> Diagnostic {
    let (notes, help) = lower::no_verdict_notes(&lowered.log);
    for note in notes {
        diagnostic = diagnostic.with_note(note);
    }
    match help {
        Some(help) => diagnostic.with_help(help),
        None => diagnostic,
    }
}

/// The runtime hazards the lowered module shows and the lowering itself cannot: a full ELF
/// whose dispatch does an odd number of `load_pdi` reconfigurations (mlir-aie #3622, mlir-air
/// #1946: aiecc's `--expand-load-pdis` alternates two empty PDIs by a module-wide index, and
/// the firmware skips a reload of the PDI it last loaded, so a sequence with an odd count ends on
/// the PDI the next dispatch starts with, whose reset is then swallowed).
pub fn hazards(lowered: &Lowered, name: &str) -> Vec<Diagnostic> {
    let lowering = &lowered.lowering;
    let elf = lowering.aircc_argv.iter().any(|a| a == "--output-format=elf");
    let dispatched = lowering.sequences.iter().find(|s| s.device == "main").or_else(|| lowering.sequences.first());
    let Some(sequence) = dispatched.filter(|_| elf) else { return Vec::new() };
    let resets = sequence.ops.get("load_pdi").copied().unwrap_or(0);
    if resets % 2 == 0 {
        return Vec::new();
    }
    vec![Diagnostic::warning(
        crate::codes::ODD_RESETS,
        format!(
            "{name}: each dispatch of its ELF does {resets} load_pdi reconfiguration{} (an odd number): with mlir-aie before af819a80 the next dispatch's first reset is swallowed and it runs on the previous dispatch's lock and DMA state",
            if resets == 1 { "" } else { "s" }
        ),
    )
    .with_note(format!(
        "counted in the instruction stream of `{}` (one per launch's device, and one per launch iteration of a device that needs a lock reset)",
        sequence.sequence
    ))
    .with_note("mlir-aie #3622 / mlir-air #1946 (2026-08-28): aie-expand-load-pdi alternates empty PDIs by a module-wide index; the firmware ignores a reload of the PDI it last loaded; the first dispatch is right, every later one silently wrong")
    .with_help("build with mlir-aie af819a80 or later (mlir-air after #1946), or make the count even (one more launch or device, e.g. split or add a trivial launch)")]
}

fn line_of(text: &str, line: u32) -> Option<&str> {
    text.lines().nth(usize::try_from(line).ok()?.checked_sub(1)?)
}

fn offset_of(text: &str, line: u32, column: u32) -> Option<usize> {
    let index = usize::try_from(line).ok()?.checked_sub(1)?;
    let start: usize = text.split_inclusive('\n').take(index).map(str::len).sum();
    let row = line_of(text, line)?;
    let col = usize::try_from(column).ok()?.saturating_sub(1).min(row.len());
    Some(start + col)
}

fn shorten(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn symbols_map_to_their_segment() {
        let text = "func.func @f() {\n  air.launch () in () {\n    %1 = air.segment @q_seg async {\n    air.segment @q_seg_2 {\n";
        let symbols = [Symbol { kind: SymbolKind::Device, name: "q_seg_reset".into() }];
        let (range, what) = source_of(text, &symbols).unwrap();
        assert_eq!(&text[range.start as usize..range.end as usize], "air.segment @q_seg");
        assert_eq!(what, "air.segment @q_seg");
        assert!(find_symbol_op(text, air_ops::HERD, "q_seg").is_none());
        assert_eq!(offset_of("ab\ncd\n", 2, 2), Some(4));
    }

    #[test]
    fn a_line_of_a_module_aircc_parsed_from_memory_is_not_put_on_the_input() {
        // The kit's log of docs/error-codes.md's AS0444 example: `-` is a module aircc printed
        // after passes of its own (five blank lines before the input leave it at 9:7).
        let log = "loc(\"-\":9:7): error: failed to legalize operation 'air.dma_memcpy_nd' that was explicitly marked illegal\nerror: error\n";
        let findings = air_compile::triage::triage(log, None).findings;
        let lowering = Lowering {
            schema: "",
            verdict: lower::Verdict::Rejected,
            stage: Some("placement (air-dma-to-channel … air-place-herds)".to_string()),
            findings,
            sequences: Vec::new(),
            total_words: 0,
            dispatched: None,
            dispatched_words: 0,
            elapsed_ms: 0,
            aircc_argv: Vec::new(),
            aiecc_argv: Vec::new(),
        };
        let lowered = Lowered { lowering, log: log.to_string(), intermediate: Vec::new(), kept: None };
        let text: String = (1..=12).map(|i| format!("// line {i}\n")).collect();
        let found = diagnostics(&lowered, &text, FileId(0), "m.mlir");
        assert_eq!(found.len(), 1, "{found:#?}");
        assert!(found[0].primary.is_none(), "{:#?}", found[0]);
        assert!(found[0].notes.iter().any(|n| n.contains("at line 9:7 of a module aircc parsed from memory")));
    }
}
