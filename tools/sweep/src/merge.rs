//! Kernels merged in memory, as `air-stitch merge a.mlir b.mlir ...` merges them without a plan:
//! a zero-config plan (every slice's arguments its own, each slice prefixed by its file stem,
//! numbered when repeated), then air-merge's merge, which proves the output equivalent.

use air_diagnostics::FileId;
use air_merge::merge::merge;
use air_merge::plan::zero_config::zero_config_plan;
use air_merge::slice::ParsedSlice;

/// The merged module of `inputs` (file name, text), in order; or the merge's first error.
pub fn merge_texts(name: &str, inputs: &[(String, String)]) -> Result<String, String> {
    let slices = || -> Vec<ParsedSlice> {
        inputs
            .iter()
            .enumerate()
            .map(|(idx, (file, text))| ParsedSlice::new(FileId(idx as u32), file.clone(), text))
            .collect()
    };
    let first = |errors: Vec<air_diagnostics::Diagnostic>| {
        errors.first().map_or_else(|| "the merge failed".to_string(), |e| format!("{}: {}", e.code, e.message))
    };
    let plan = zero_config_plan(name, &slices(), &[], &Default::default()).map_err(first)?;
    let merged = merge(&plan, slices()).map_err(first)?;
    Ok(merged.text().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use air_kernelgen::kernels::gemv::Gemv;
    use air_kernelgen::Kernel;

    #[test]
    fn two_gemvs_merge_into_two_launches_with_prefixed_segments() {
        let gemv = Gemv { m: 512, k: 2048, tile_m: 8, m_input: 4, herd_m: 8, link_with: "mv.o".into(), launches: 1 };
        let text = gemv.build().unwrap();
        let inputs = vec![("gemv.mlir".to_string(), text.clone()), ("gemv.mlir".to_string(), text)];
        let merged = merge_texts("fused", &inputs).unwrap();
        assert_eq!(merged.matches("air.launch").count(), 2);
        assert!(merged.contains("@gemv_matvec_bf16_0") && merged.contains("@gemv_2_matvec_bf16_0"), "{merged}");
    }
}
