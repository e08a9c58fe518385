//! The stage of a compile that a line of aircc's output shows, for the progress line on a
//! terminal. aircc prints little without `-v`; these are the lines it prints (air
//! `tools/aircc/aircc.cpp`): `compiling F for D` (-v), `Running pipeline: …` (-v),
//! `[PASS 012] name` (--debug-ir), `Using aiecc from: …` and `Running aiecc with options: …`
//! (-v), and aiecc's own lines once the backend runs.

/// A short name of the stage `line` starts, if it starts one.
pub fn stage_of_line(line: &str) -> Option<String> {
    let line = line.trim();
    if let Some(rest) = line.strip_prefix("[PASS ") {
        let (number, name) = rest.split_once(']')?;
        return Some(
            format!("pass {} {}", number.trim(), name.split_whitespace().next().unwrap_or("")).trim().to_string(),
        );
    }
    if line.starts_with("compiling ") {
        return Some("starting".to_string());
    }
    if line.starts_with("Running pipeline:") {
        return Some("AIR pass pipeline".to_string());
    }
    if line.starts_with("Using aiecc from") || line.starts_with("Running aiecc") {
        return Some("aiecc (AIE backend)".to_string());
    }
    if line.starts_with("Error") || line.contains("error:") {
        return Some("reporting an error".to_string());
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stages_of_aircc_lines() {
        assert_eq!(stage_of_line("[PASS 012] air-to-aie (1.2s)").as_deref(), Some("pass 012 air-to-aie"));
        assert_eq!(stage_of_line("compiling fused.mlir for npu2").as_deref(), Some("starting"));
        assert_eq!(stage_of_line("Running pipeline: builtin.module(...)").as_deref(), Some("AIR pass pipeline"));
        assert_eq!(
            stage_of_line("Running aiecc with options: aiecc --tmpdir=x").as_deref(),
            Some("aiecc (AIE backend)")
        );
        assert_eq!(stage_of_line("Error: pass pipeline failed: x").as_deref(), Some("reporting an error"));
        assert_eq!(stage_of_line("some other line"), None);
        assert_eq!(stage_of_line("[PASS"), None);
    }
}
