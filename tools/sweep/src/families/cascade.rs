//! Points of the cascade kernels of o_gemv_ffn: matvec-2tile-add (channels only, a cascade
//! between two herds; its adder holds the whole R vector in L1) and matvec-swiglu-rms (a
//! 4-deep cascade whose 44.5 KiB per core overflow L1 with ping-pong, which is why upstream
//! compiles it with `omit_pingpong`).

use crate::list::{about, Points};
use crate::options::defaults;
use crate::{Aim, Side, SweepError};
use air_kernelgen::kernels::matvec_2tile_add::Matvec2TileAdd;
use air_kernelgen::kernels::matvec_swiglu_rms::MatvecSwigluRms;

/// matvec-2tile-add over M (the adder's L1 R buffer is M elements), K, tile_m and k_chunk.
pub fn matvec_2tile_add(points: &mut Points) -> Result<(), SweepError> {
    let base = Matvec2TileAdd { m: 2048, k: 2048, tile_m: 8, k_chunk: 512, cores: 8, launches: 1 };
    // The R vector in L1: M·2 B, plus D and the cascade scratch.
    for (m, side) in [(2048, Side::Inside), (16384, Side::Inside), (24576, Side::Grid), (32768, Side::Over)] {
        let note = format!("matvec-2tile-add M={m}: R of {} B in the adder's L1", m * 2);
        let kernel = Matvec2TileAdd { m, ..base.clone() };
        points.kernel_each(
            about(format!("m2ta-l1-m{m}"), Aim::L1, side, note),
            &kernel,
            &[defaults(), defaults().nopp()],
        )?;
    }
    let shapes = [(8192, 8, 512), (2048, 16, 512), (2048, 32, 512), (2048, 8, 1024), (8192, 8, 2048)];
    for (k, tile_m, k_chunk) in shapes {
        let note = format!(
            "matvec-2tile-add K={k} tile_m {tile_m} k_chunk {k_chunk}: A chunk {} B per core",
            tile_m * k_chunk * 2
        );
        let kernel = Matvec2TileAdd { k, tile_m, k_chunk, ..base.clone() };
        let base_name = format!("m2ta-k{k}-tm{tile_m}-kc{k_chunk}");
        points.kernel(about(base_name, Aim::L1, Side::Grid, note), &kernel, &defaults())?;
    }
    for (cores, side) in [(4, Side::Inside), (8, Side::Over)] {
        let note = format!("matvec-2tile-add on {cores} cores on npu1");
        let kernel = Matvec2TileAdd { cores, ..base.clone() };
        points.kernel(
            about(format!("m2ta-place-c{cores}"), Aim::Placement, side, note),
            &kernel,
            &defaults().npu1(),
        )?;
    }
    Ok(())
}

/// matvec-swiglu-rms: L1 with and without ping-pong over tile_m, m_input and the cascade depth.
pub fn matvec_swiglu_rms(points: &mut Points) -> Result<(), SweepError> {
    let base = MatvecSwigluRms { m: 16384, k: 2048, tile_m: 32, m_input: 4, herd_cols: 8, n_cascade: 4, launches: 1 };
    let shapes = [(2048, 32, 4, 4), (2048, 32, 2, 4), (2048, 32, 4, 2), (4096, 32, 4, 4), (2048, 64, 4, 4)];
    for (k, tile_m, m_input, n_cascade) in shapes {
        let chunk = tile_m * (k / n_cascade) * 2;
        let note = format!(
            "matvec-swiglu-rms K={k} tile_m {tile_m} m_input {m_input} cascade {n_cascade}: A chunk {chunk} B per core"
        );
        let kernel = MatvecSwigluRms { k, tile_m, m_input, n_cascade, ..base.clone() };
        let name = format!("mswr-k{k}-tm{tile_m}-mi{m_input}-c{n_cascade}");
        points.kernel(about(name.clone(), Aim::L1, Side::Grid, note.clone()), &kernel, &defaults())?;
        let side = if chunk + 12 * 1024 + 1024 <= 65536 { Side::Inside } else { Side::Over };
        points.kernel(about(name, Aim::L1, side, note), &kernel, &defaults().nopp())?;
    }
    for (herd_cols, side) in [(4, Side::Inside), (8, Side::Over)] {
        let note = format!("matvec-swiglu-rms herd {herd_cols}x4 on npu1, without ping-pong");
        let kernel = MatvecSwigluRms { herd_cols, ..base.clone() };
        let name = format!("mswr-place-c{herd_cols}");
        points.kernel(about(name, Aim::Placement, side, note), &kernel, &defaults().npu1().nopp())?;
    }
    Ok(())
}
