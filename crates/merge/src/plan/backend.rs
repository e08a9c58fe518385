//! The backend options a plan's or a layer's modules are compiled with: aircc's options under
//! aircc's spellings, as mlir-air's presets give them (`llms/shared/infra/backend_presets.py`,
//! turned into aircc's command line by `XRTBackend`). `compile --plan`, `check-bd --plan` and
//! the test suite's lowering all read them, so a module is linted and lowered as it is built.
//!
//! ```toml
//! [backend]
//! device = "npu2"                            # a plan's; a layer names it in [layer]
//! output_format = "elf"                      # xclbin (default) | elf
//! air_runtime_loop_tiling_sizes = [2, 2]     # runtime_loop_tiling_sizes
//! omit_ping_pong_transform = "all"           # omit_pingpong: "all" | "L1" | "L2" | "none"
//! omit_while_true_loop = false
//! omit_auto_broadcast = false
//! stack_size = 1024
//! ```

use crate::codes;
use crate::plan::{located, Loc};
use air_diagnostics::{Diagnostic, FileId, TextRange};
use air_model::{CheckOptions, DeviceKind, OmitPingPong};
use serde::Deserialize;
use std::fmt::Write as _;
use toml::Spanned;

/// The table as written.
#[derive(Deserialize, Default, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawBackend {
    #[serde(default)]
    device: Option<Spanned<String>>,
    #[serde(default)]
    output_format: Option<Spanned<String>>,
    #[serde(default)]
    air_runtime_loop_tiling_sizes: Option<Spanned<Vec<Spanned<i64>>>>,
    #[serde(default)]
    omit_ping_pong_transform: Option<Spanned<String>>,
    #[serde(default)]
    omit_while_true_loop: Option<bool>,
    #[serde(default)]
    omit_auto_broadcast: Option<bool>,
    #[serde(default)]
    stack_size: Option<Spanned<i64>>,
}

pub use air_model::OutputFormat;

/// The options as given: `None` leaves aircc's default (and lets a layer's kernel or a command
/// line flag decide).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Backend {
    pub device: Option<DeviceKind>,
    pub output_format: Option<OutputFormat>,
    pub runtime_loop_tiling_sizes: Option<Vec<i64>>,
    pub omit_ping_pong: Option<OmitPingPong>,
    pub omit_while_true_loop: Option<bool>,
    pub omit_auto_broadcast: Option<bool>,
    pub stack_size: Option<u64>,
    /// Where the table is written.
    pub loc: Loc,
}

/// An option two kernels of one group need differently.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    pub option: &'static str,
    pub first: String,
    pub second: String,
}

fn list(sizes: &[i64]) -> String {
    format!("[{}]", sizes.iter().map(i64::to_string).collect::<Vec<_>>().join(", "))
}

impl Backend {
    /// Whether nothing is set.
    pub fn is_empty(&self) -> bool {
        Backend { loc: None, ..self.clone() } == Backend::default()
    }

    /// check-bd's options for a module built this way (aircc's defaults where unset).
    pub fn check_options(&self) -> CheckOptions {
        let device = self.device.unwrap_or_default();
        CheckOptions {
            device,
            omit_pingpong: self.omit_ping_pong.unwrap_or_default(),
            runtime_loop_tiling_sizes: self.runtime_loop_tiling_sizes.clone().unwrap_or_default(),
            stack_size: self.stack_size.unwrap_or(device.model().default_stack_bytes),
        }
    }

    /// `over` on top of `self`: what a group of kernels is built with. `Err` names the first
    /// option both set to different values.
    pub fn combine(&self, over: &Backend) -> Result<Backend, Conflict> {
        fn pick<T: Clone + PartialEq>(
            option: &'static str,
            a: &Option<T>,
            b: &Option<T>,
            show: impl Fn(&T) -> String,
        ) -> Result<Option<T>, Conflict> {
            match (a, b) {
                (Some(x), Some(y)) if x != y => Err(Conflict { option, first: show(x), second: show(y) }),
                (Some(x), _) => Ok(Some(x.clone())),
                (None, y) => Ok(y.clone()),
            }
        }
        Ok(Backend {
            device: pick("device", &self.device, &over.device, |d| d.name().to_string())?,
            output_format: pick("output_format", &self.output_format, &over.output_format, |f| f.name().to_string())?,
            runtime_loop_tiling_sizes: pick(
                "air_runtime_loop_tiling_sizes",
                &self.runtime_loop_tiling_sizes,
                &over.runtime_loop_tiling_sizes,
                |s| list(s),
            )?,
            omit_ping_pong: pick("omit_ping_pong_transform", &self.omit_ping_pong, &over.omit_ping_pong, |o| {
                o.as_str().to_string()
            })?,
            omit_while_true_loop: pick(
                "omit_while_true_loop",
                &self.omit_while_true_loop,
                &over.omit_while_true_loop,
                bool::to_string,
            )?,
            omit_auto_broadcast: pick(
                "omit_auto_broadcast",
                &self.omit_auto_broadcast,
                &over.omit_auto_broadcast,
                bool::to_string,
            )?,
            stack_size: pick("stack_size", &self.stack_size, &over.stack_size, u64::to_string)?,
            loc: self.loc.or(over.loc),
        })
    }

    /// The options set but the device, each with its value as a layer writes it
    /// (`("omit_ping_pong_transform", "\"all\"")`).
    pub fn options_set(&self) -> Vec<(&'static str, String)> {
        let quoted = |s: &str| format!("\"{s}\"");
        let mut out = Vec::new();
        if let Some(format) = self.output_format {
            out.push(("output_format", quoted(format.name())));
        }
        if let Some(sizes) = &self.runtime_loop_tiling_sizes {
            out.push(("air_runtime_loop_tiling_sizes", list(sizes)));
        }
        if let Some(omit) = self.omit_ping_pong {
            out.push(("omit_ping_pong_transform", quoted(omit.as_str())));
        }
        if let Some(value) = self.omit_while_true_loop {
            out.push(("omit_while_true_loop", value.to_string()));
        }
        if let Some(value) = self.omit_auto_broadcast {
            out.push(("omit_auto_broadcast", value.to_string()));
        }
        if let Some(bytes) = self.stack_size {
            out.push(("stack_size", bytes.to_string()));
        }
        out
    }

    /// The keyword arguments of mlir-air's `XRTBackend` (`python/air/backend/xrt.py`) that build
    /// a module this way, as Python literals, in its parameter order: `target_device`,
    /// `omit_while_true_loop`, `omit_pingpong` ("" for none), `runtime_loop_tiling_sizes`,
    /// `omit_auto_broadcast`, `output_format`, `stack_size`. Unset options are left out
    /// (XRTBackend's defaults are aircc's).
    pub fn xrt_backend_kwargs(&self) -> Vec<(&'static str, String)> {
        let py_bool = |b: bool| if b { "True" } else { "False" }.to_string();
        let mut out = Vec::new();
        if let Some(device) = self.device {
            out.push(("target_device", format!("\"{}\"", device.name())));
        }
        if let Some(value) = self.omit_while_true_loop {
            out.push(("omit_while_true_loop", py_bool(value)));
        }
        if let Some(omit) = self.omit_ping_pong {
            let value = if omit == OmitPingPong::None { "" } else { omit.as_str() };
            out.push(("omit_pingpong", format!("\"{value}\"")));
        }
        if let Some(sizes) = &self.runtime_loop_tiling_sizes {
            out.push(("runtime_loop_tiling_sizes", list(sizes)));
        }
        if let Some(value) = self.omit_auto_broadcast {
            out.push(("omit_auto_broadcast", py_bool(value)));
        }
        if let Some(format) = self.output_format {
            out.push(("output_format", format!("\"{}\"", format.name())));
        }
        if let Some(bytes) = self.stack_size {
            out.push(("stack_size", bytes.to_string()));
        }
        out
    }

    /// The options set, one `key = value` line each (the `[backend]` table's body).
    pub fn toml_lines(&self) -> String {
        let mut out = String::new();
        if let Some(device) = self.device {
            let _ = writeln!(out, "device = \"{}\"", device.name());
        }
        if let Some(format) = self.output_format {
            let _ = writeln!(out, "output_format = \"{}\"", format.name());
        }
        if let Some(sizes) = &self.runtime_loop_tiling_sizes {
            let _ = writeln!(out, "air_runtime_loop_tiling_sizes = {}", list(sizes));
        }
        if let Some(omit) = self.omit_ping_pong {
            let _ = writeln!(out, "omit_ping_pong_transform = \"{}\"", omit.as_str());
        }
        for (key, value) in
            [("omit_while_true_loop", self.omit_while_true_loop), ("omit_auto_broadcast", self.omit_auto_broadcast)]
        {
            if let Some(value) = value {
                let _ = writeln!(out, "{key} = {value}");
            }
        }
        if let Some(bytes) = self.stack_size {
            let _ = writeln!(out, "stack_size = {bytes}");
        }
        out
    }
}

fn range(span: std::ops::Range<usize>) -> TextRange {
    TextRange::new(span.start as u32, span.end as u32)
}

/// Resolves a `[backend]` table; problems go to `errors` with `code`. `device_allowed`: a
/// plan's table may name the device, a layer's names it in `[layer]`.
pub fn resolve(
    raw: Spanned<RawBackend>,
    file: FileId,
    code: &'static str,
    device_allowed: bool,
    errors: &mut Vec<Diagnostic>,
) -> Backend {
    let loc = |span: std::ops::Range<usize>| Some((file, range(span)));
    let table = loc(raw.span());
    let raw = raw.into_inner();
    let mut backend = Backend { loc: table, ..Backend::default() };
    if let Some(device) = raw.device {
        if !device_allowed {
            errors.push(
                located(code, "a layer's device is `device` in [layer], not a backend option", loc(device.span()))
                    .with_help("move it to the [layer] table"),
            );
        }
        backend.device = parse_device(device.get_ref());
        if backend.device.is_none() {
            errors.push(
                located(code, &format!("unknown device `{}`", device.get_ref()), loc(device.span()))
                    .with_help("the devices are \"npu2\" (the default; \"strix\" names it too), \"npu1\" (\"phoenix\") and \"npu2_4col\""),
            );
        }
    }
    if let Some(format) = raw.output_format {
        backend.output_format = match format.get_ref().as_str() {
            "xclbin" => Some(OutputFormat::Xclbin),
            "elf" => Some(OutputFormat::Elf),
            other => {
                errors.push(
                    located(code, &format!("unknown output format `{other}`"), loc(format.span()))
                        .with_help("the formats are \"xclbin\" (the default) and \"elf\""),
                );
                None
            }
        };
    }
    if let Some(sizes) = raw.air_runtime_loop_tiling_sizes {
        let at = loc(sizes.span());
        let values: Vec<i64> = sizes.into_inner().into_iter().map(Spanned::into_inner).collect();
        if let Some(why) = tiling_problem(&values) {
            errors.push(located(code, why, at));
        }
        backend.runtime_loop_tiling_sizes = Some(values);
    }
    if let Some(omit) = raw.omit_ping_pong_transform {
        backend.omit_ping_pong = match omit.get_ref().as_str() {
            "L1" => Some(OmitPingPong::L1),
            "L2" => Some(OmitPingPong::L2),
            "all" => Some(OmitPingPong::All),
            "none" | "" => Some(OmitPingPong::None),
            other => {
                errors.push(
                    located(code, &format!("unknown ping-pong level `{other}`"), loc(omit.span())).with_help(
                        "the levels are \"L1\", \"L2\", \"all\" and \"none\" (ping-pong on, aircc's default)",
                    ),
                );
                None
            }
        };
    }
    backend.omit_while_true_loop = raw.omit_while_true_loop;
    backend.omit_auto_broadcast = raw.omit_auto_broadcast;
    if let Some(stack) = raw.stack_size {
        match u64::try_from(*stack.get_ref()).ok().filter(|&n| n > 0) {
            Some(bytes) => backend.stack_size = Some(bytes),
            None => errors.push(located(code, "`stack_size` is a positive number of bytes", loc(stack.span()))),
        }
    }
    errors.extend(elf_on_npu1(&backend, code, table));
    backend
}

/// aircc's full ELF is npu2's: a backend asking it for npu1 is refused, once, at `at` (a plan's
/// `[backend]`, a layer's `backend`).
pub fn elf_on_npu1(backend: &Backend, code: &'static str, at: Loc) -> Option<Diagnostic> {
    (backend.output_format == Some(OutputFormat::Elf) && backend.device == Some(DeviceKind::Npu1)).then(|| {
        located(code, "output_format \"elf\" is not supported for device \"npu1\"", at)
            .with_help("aircc's full ELF targets npu2 (AIE2P); use \"xclbin\" for npu1")
    })
}

/// A device by its name, or by its product name (`strix` is npu2, `phoenix` npu1).
pub fn parse_device(name: &str) -> Option<DeviceKind> {
    match name {
        "npu2" | "strix" => Some(DeviceKind::Npu2),
        "npu1" | "phoenix" => Some(DeviceKind::Npu1),
        "npu2_4col" => Some(DeviceKind::Npu2_4col),
        _ => None,
    }
}

/// What a key of upstream's backend presets (mlir-air `llms/shared/infra/backend_presets.py`, the
/// `XRTBackend` keyword arguments) is here, for the help of an unknown key.
pub fn upstream_key(key: &str) -> Option<&'static str> {
    Some(match key {
        "omit_pingpong" => "`omit_pingpong` is XRTBackend's name: here it is `omit_ping_pong_transform` (\"all\", \"L1\", \"L2\" or \"none\" for \"\")",
        "runtime_loop_tiling_sizes" => "`runtime_loop_tiling_sizes` is XRTBackend's name: here it is `air_runtime_loop_tiling_sizes` (aircc's spelling)",
        "target_device" => "`target_device` is XRTBackend's name: here the device is `device` (\"npu2\", \"npu1\", \"npu2_4col\")",
        "instance_name" => "`instance_name` is not a build option: `group` names each module (its BACKENDS entry's instance_name) itself, and a plan's module is named by [func] name",
        "kernel_name" => "`kernel_name` is not a build option: the module's function is its kernel ([func] name)",
        "use_lock_race_condition_fix" => "`use_lock_race_condition_fix` has no backend key here: pass aircc's own flag after `--` to `air-stitch compile`",
        _ => return None,
    })
}

/// What aircc (air-opt-shim-dma-bds) refuses in a tile-size list.
fn tiling_problem(sizes: &[i64]) -> Option<&'static str> {
    if sizes.iter().any(|&s| s < 0) {
        return Some("`air_runtime_loop_tiling_sizes` are positive integers");
    }
    if sizes.len() > 1 && sizes.contains(&0) {
        return Some("`air_runtime_loop_tiling_sizes`: 0 turns tiling off only alone (`[0]`), as for aircc");
    }
    if sizes.is_empty() {
        return Some("`air_runtime_loop_tiling_sizes` is empty: leave it out for no tiling");
    }
    None
}

/// The code plans report backend problems with.
pub(crate) const PLAN_CODE: &str = codes::PLAN_INVALID;

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn parse(text: &str) -> (Backend, Vec<Diagnostic>) {
        #[derive(Deserialize)]
        struct Doc {
            backend: Spanned<RawBackend>,
        }
        let doc: Doc = toml::from_str(text).unwrap();
        let mut errors = Vec::new();
        let backend = resolve(doc.backend, FileId(0), PLAN_CODE, true, &mut errors);
        (backend, errors)
    }

    #[test]
    fn a_table_reads_every_option_and_writes_it_back() {
        let text = "[backend]\ndevice = \"npu2\"\noutput_format = \"elf\"\nair_runtime_loop_tiling_sizes = [16, 16]\nomit_ping_pong_transform = \"all\"\nomit_while_true_loop = false\nstack_size = 2048\n";
        let (backend, errors) = parse(text);
        assert!(errors.is_empty());
        assert_eq!(format!("[backend]\n{}", backend.toml_lines()), text);
        let check = backend.check_options();
        assert_eq!((check.omit_pingpong, check.stack_size), (OmitPingPong::All, 2048));
        assert_eq!(check.runtime_loop_tiling_sizes, [16, 16]);
    }

    #[test]
    fn bad_values_are_located() {
        let (_, errors) = parse("[backend]\ndevice = \"npu3\"\nair_runtime_loop_tiling_sizes = [2, 0]\n");
        assert_eq!(errors.len(), 2);
        assert!(errors[0].message.contains("unknown device `npu3`"));
        let (_, errors) = parse("[backend]\ndevice = \"npu1\"\noutput_format = \"elf\"\n");
        assert!(errors[0].message.contains("not supported for device \"npu1\""));
    }

    #[test]
    fn kernels_combine_or_conflict() {
        let layer = Backend { runtime_loop_tiling_sizes: Some(vec![16, 16]), ..Backend::default() };
        let omit = Backend { omit_ping_pong: Some(OmitPingPong::All), ..Backend::default() };
        let both = layer.combine(&omit).unwrap();
        assert_eq!(both.omit_ping_pong, Some(OmitPingPong::All));
        assert_eq!(both.runtime_loop_tiling_sizes, Some(vec![16, 16]));
        let l1 = Backend { omit_ping_pong: Some(OmitPingPong::L1), ..Backend::default() };
        let conflict = both.combine(&l1).unwrap_err();
        assert_eq!(
            (conflict.option, conflict.first.as_str(), conflict.second.as_str()),
            ("omit_ping_pong_transform", "all", "L1")
        );
    }
}
