//! The same modules on each device and output format: npu2 (8 columns), npu1 (4 columns, its
//! own shim counts), npu2's 4-column partition, and the ELF form (a `main` sequence
//! configuring one device per launch). Herds are 4 wide so that every device places them.

use crate::list::{about, Points};
use crate::options::defaults;
use crate::{Aim, Side, SweepError};
use air_kernelgen::kernels::add::Add;
use air_kernelgen::kernels::gemm::{Gemm, GemmForm, GemmMethod};
use air_kernelgen::kernels::matvec_2tile_add::Matvec2TileAdd;
use air_kernelgen::kernels::silu_mul::SiluMul;
use air_kernelgen::Kernel;

/// Each kernel on npu2, npu1, npu2_4col and npu2 as an ELF.
pub fn devices(points: &mut Points) -> Result<(), SweepError> {
    let gemm = Gemm {
        m: 512,
        k: 2048,
        n: 1024,
        tile_m: 32,
        tile_k_l2: 256,
        tile_k_l1: 32,
        tile_n: 128,
        herd_m: 4,
        herd_n: 4,
        suffix: "_m32".to_string(),
        launches: 1,
        form: GemmForm::Dma,
        method: GemmMethod::Drain,
        cast_tile_n: 2048,
    };
    let kernels: [(&str, &str, Box<dyn Kernel>); 4] = [
        (
            "silu-dev-2d-h4",
            "silu-mul --2d 2048 2048x8192 tile_n 512, herd 4x1",
            Box::new(SiluMul { n: 2048 * 8192, tile_n: 512, herd_x: 4, rows: Some(2048), launches: 1, chunks: 1 }),
        ),
        (
            "add-dev-2d-h4",
            "add --2d 2048 2048x2048, herd 4x1",
            Box::new(Add {
                n: 2048 * 2048,
                tile_n: None,
                herd_x: 4,
                vector_size: 16,
                rows: Some(2048),
                out_1d: false,
                bare: false,
                launches: 1,
            }),
        ),
        (
            "m2ta-dev-c4",
            "matvec-2tile-add 2048x8192 on 4 cores",
            Box::new(Matvec2TileAdd { m: 2048, k: 8192, tile_m: 8, k_chunk: 512, cores: 4, launches: 1 }),
        ),
        ("gemm-dev-4x4", "gemm 512x2048x1024, herd 4x4, grid 4x2", Box::new(gemm)),
    ];
    let each = [defaults(), defaults().npu1(), defaults().npu2_4col(), defaults().elf()];
    for (base, note, kernel) in &kernels {
        points.kernel_each(about(*base, Aim::Device, Side::Inside, *note), kernel.as_ref(), &each)?;
    }
    Ok(())
}
