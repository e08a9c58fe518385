//! `air_stitch._native`: the Rust half of the Python package `air_stitch` (docs/python.md).
//! Data in, data out: module texts and numpy arrays come in, merged text and JSON documents
//! (the CLI's schemas, rendered by `air-report`) go out; the Python half (`python/air_stitch`)
//! reads files, raises the exceptions and issues the warnings. Nothing here touches a file.

mod data;
mod stitch;

use pyo3::prelude::*;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(stitch::stitch, m)?)?;
    m.add_function(wrap_pyfunction!(stitch::plan_files, m)?)?;
    m.add_function(wrap_pyfunction!(stitch::merge_plan, m)?)?;
    m.add_function(wrap_pyfunction!(data::check_bd, m)?)?;
    m.add_function(wrap_pyfunction!(data::verify, m)?)?;
    m.add_function(wrap_pyfunction!(data::roles, m)?)?;
    m.add_function(wrap_pyfunction!(data::compare, m)?)?;
    m.add_function(wrap_pyfunction!(data::compare_defaults, m)?)?;
    Ok(())
}

/// The JSON of a failure: its diagnostics' objects and their rendering (the exception's message).
fn failure(diagnostics: &[air_diagnostics::Diagnostic], sources: &air_diagnostics::SourceMap) -> serde_json::Value {
    let objects: Vec<serde_json::Value> =
        diagnostics.iter().map(|d| air_diagnostics::to_json_value(d, sources)).collect();
    serde_json::json!({"ok": false, "diagnostics": objects, "message": rendered(diagnostics, sources)})
}

/// Diagnostics rendered as the CLI prints them (without colour), one after another.
fn rendered(diagnostics: &[air_diagnostics::Diagnostic], sources: &air_diagnostics::SourceMap) -> String {
    let options = air_diagnostics::RenderOptions::default();
    diagnostics.iter().map(|d| air_diagnostics::render(d, sources, options)).collect::<Vec<_>>().join("\n")
}
