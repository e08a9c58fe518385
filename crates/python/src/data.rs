//! check-bd, verify, roles and compare from Python: texts and arrays in, the CLI's JSON
//! documents out (rendered by `air-report`, so a dict equals `--format json`'s document for
//! the same input and name).

use crate::failure;
use air_arrays::compare::{Gate, Options};
use air_arrays::formats::ByteOrder;
use air_arrays::{Array, Dtype};
use air_checkbd::{CheckOptions, DeviceKind, OmitPingPong};
use air_diagnostics::{LineIndex, SourceMap};
use numpy::PyReadonlyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde_json::json;
use std::borrow::Cow;

/// check-bd on one module text named `name`: the `air-stitch/check-bd/1` document as JSON.
#[pyfunction]
pub fn check_bd(
    py: Python<'_>,
    text: String,
    name: String,
    device: String,
    omit_ping_pong: String,
    tiling_sizes: Vec<i64>,
    stack_size: u64,
) -> PyResult<String> {
    let device = [DeviceKind::Npu2, DeviceKind::Npu1, DeviceKind::Npu2_4col]
        .into_iter()
        .find(|d| d.name() == device)
        .ok_or_else(|| PyValueError::new_err(format!("unknown device `{device}`: npu2, npu1 or npu2_4col")))?;
    let omit_pingpong = [OmitPingPong::None, OmitPingPong::L1, OmitPingPong::L2, OmitPingPong::All]
        .into_iter()
        .find(|o| o.as_str() == omit_ping_pong)
        .ok_or_else(|| PyValueError::new_err(format!("unknown ping-pong level `{omit_ping_pong}`: L1, L2 or all")))?;
    let options = CheckOptions { device, omit_pingpong, runtime_loop_tiling_sizes: tiling_sizes, stack_size };
    Ok(py.detach(move || air_report::check_bd::document(&name, &text, &options).to_string()))
}

/// AIR's verifier rules on one module text: the diagnostics' objects as JSON.
#[pyfunction]
pub fn verify(py: Python<'_>, text: String, name: String) -> String {
    py.detach(move || {
        let mut sources = SourceMap::new();
        let file = sources.add(name.clone(), text.clone());
        let parse = air_syntax::parse(&text);
        let lines = LineIndex::new(&text);
        let input = air_verify::Input { name: &name, file, text: &text, lines: &lines, offset: 0, parse: &parse };
        let findings = air_verify::verify_chunk(&input);
        let objects: Vec<_> = findings.iter().map(|d| air_diagnostics::to_json_value(d, &sources)).collect();
        json!(objects).to_string()
    })
}

/// The roles of one module text: the `air-stitch/roles/2` document, or the failure, as JSON.
#[pyfunction]
pub fn roles(py: Python<'_>, text: String, name: String, outputs: Vec<usize>, func: Option<String>) -> String {
    py.detach(move || {
        let mut sources = SourceMap::new();
        let file = sources.add(name.clone(), text.clone());
        let parse = air_syntax::parse(&text);
        let options = air_dataflow::Options { func, outputs: outputs.clone(), ..Default::default() };
        match air_dataflow::analyze(&parse, file, &options) {
            Ok(flow) => match outputs.iter().find(|&&o| o >= flow.args.len()) {
                Some(bad) => json!({"ok": false, "usage": format!(
                    "outputs: {bad} is not an argument of @{} ({} arguments)", flow.func, flow.args.len()
                )}),
                None => json!({"ok": true, "document": air_report::roles::document(&flow, &sources, &name)}),
            },
            Err(errors) => failure(&errors, &sources),
        }
        .to_string()
    })
}

/// One side of a comparison: the bytes of a C-contiguous array (a `uint8` view of it, no
/// copy), its element type's name, its shape and whether its bytes are little-endian.
type Side<'py> = (PyReadonlyArray1<'py, u8>, String, Vec<usize>, bool);

fn array<'a>(bytes: &'a [u8], dtype: &str, shape: Vec<usize>, little: bool) -> PyResult<Array<'a>> {
    let dtype = Dtype::from_name(dtype).ok_or_else(|| PyValueError::new_err(format!("unsupported dtype `{dtype}`")))?;
    let order = if little { ByteOrder::Little } else { ByteOrder::Big };
    Ok(Array { dtype, order, shape, data: Cow::Borrowed(bytes) })
}

/// compare on two arrays: the `air-stitch/compare/1` document, or the failure, as JSON.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn compare(
    out: Side<'_>,
    reference: Side<'_>,
    rtol: f64,
    atol: f64,
    gate: String,
    cosine_min: f64,
    per_row: bool,
    names: String,
) -> PyResult<String> {
    let gate = match gate.as_str() {
        "elementwise" => Gate::Elementwise,
        "cosine" => Gate::Cosine,
        "both" => Gate::Both,
        other => return Err(PyValueError::new_err(format!("unknown gate `{other}`: elementwise, cosine or both"))),
    };
    let out_bytes = out.0.as_slice().map_err(|e| PyValueError::new_err(e.to_string()))?;
    let ref_bytes = reference.0.as_slice().map_err(|e| PyValueError::new_err(e.to_string()))?;
    let o = array(out_bytes, &out.1, out.2, out.3)?;
    let r = array(ref_bytes, &reference.1, reference.2, reference.3)?;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(8);
    let options = Options { rtol, atol, gate, cosine_min, per_row, threads };
    // The arrays borrow numpy's memory: the GIL stays held so nobody frees it meanwhile.
    Ok(match air_arrays::compare::compare(&o, &r, &options) {
        Ok(metrics) => json!({"ok": true, "document": air_report::compare::document(&names, &metrics)}),
        Err(err) => {
            let diagnostic = air_diagnostics::Diagnostic::error(err.code, err.message).with_help(err.help);
            failure(&[diagnostic], &SourceMap::new())
        }
    }
    .to_string())
}

/// compare's default tolerances and the kernel registry's, as JSON:
/// `{"rtol": R, "atol": A, "tolerances": {"rmsnorm": [R, A], ...}}`.
#[pyfunction]
pub fn compare_defaults() -> String {
    let named: serde_json::Map<String, serde_json::Value> =
        air_arrays::TOLERANCES.iter().map(|t| (t.name.to_string(), json!([t.rtol, t.atol]))).collect();
    json!({"rtol": air_arrays::compare::DEFAULT_RTOL, "atol": air_arrays::compare::DEFAULT_ATOL, "tolerances": named})
        .to_string()
}
