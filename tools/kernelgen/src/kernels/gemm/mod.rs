//! GEMM `C[M x N] = A[M x K] . B[K x N]` in bf16 with an f32 accumulator, calling the
//! `mm<suffix>.o` externs: the options, their validation, the buffer types, and the parts both
//! printed forms share.
//!
//! The op structure mirrors the "drain" external-call GEMM of mlir-air
//! (`programming_examples/matrix_multiplication/bf16_in_bf16_out/run.py::build_module(...,
//! emit_external_call=True, sym_suffix, link_with_name)`): `air.launch` over [M/(tile_m*herd_m),
//! N/(tile_n*herd_n)] -> `air.segment @matmul_seg` -> three `air.herd @herd_0` [herd_m, herd_n]
//! (zero the accumulator; multiply inside the K loop; convert to bf16 and drain), all with
//! `link_with = "mm<suffix>.o"`. The L1/L2 buffer shapes and access patterns are the builder's.
//!
//! Three methods (`--method`), as upstream's `gemm_builder.py` names them:
//! - `drain` (default): the single launch above, bf16 out (`external_bf16_out`).
//! - `f32`: the same launch with an f32 C (`np_dtype_out = f32`): the drain herd moves the
//!   accumulator to L2 as it is, with no cast and no extern.
//! - `fused-cast` (`cast.rs`): the `f32` launch into an f32 C scratch, then a cast launch to the
//!   bf16 output: `@gemm_cast_bf16(A, B, C_f32_scratch, D_bf16)`, upstream's
//!   `build_module_gemm_cast` (which its registry picks at tile_m 64, `mm_m64.o`).
//!
//! Two forms (`--form`):
//! - `dma` (default, `dma.rs`): what the builder emits, `air.dma_memcpy_nd` everywhere. The
//!   AIR compiler accepts it at every fixture shape.
//! - `channels` (`channels.rs`): every transfer as an `air.channel.put`/`get` pair, in the form
//!   `air-dma-to-channel` lowers to (issue 3). The compiler rejects it when the C readback needs
//!   more than four BD dimensions (the 2048 x 2048 x 2048 fixture shape): a test case of a
//!   compiler rejection.

mod cast;
mod channels;
mod dma;

use crate::ir::{Builder, Value};
use crate::ops::{self, Ix, Level};
use crate::types::{self, L1, L2};
use crate::{copy_suffix, ensure, ensure_divides, ensure_positive, GenError, Kernel};

/// The AIE2P mmul shape (m, k, n) the `mm.o` kernel is built for.
const MMUL: [u64; 3] = [8, 8, 8];

/// How the GEMM moves its data.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GemmForm {
    /// `air.dma_memcpy_nd` everywhere, as the upstream builder emits it.
    #[default]
    Dma,
    /// Every transfer as a channel put/get pair (the form `air-dma-to-channel` lowers to).
    Channels,
}

/// How the GEMM produces its bf16 result (upstream's `gemm_method_spec`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GemmMethod {
    /// One launch; the drain herd casts the f32 accumulator to bf16 (`f32_to_bf16_mn`).
    #[default]
    Drain,
    /// One launch with an f32 C: the accumulator drained as it is.
    F32,
    /// The f32 launch into a C scratch argument, then a cast launch to the bf16 output.
    FusedCast,
}

/// Tiled bf16 GEMM with `mm<suffix>.o` externs (3 arguments: A, B, C; 4 with fused-cast: A, B,
/// the f32 C scratch, the bf16 output).
#[derive(clap::Args, Clone, Debug)]
pub struct Gemm {
    /// Rows of A and C.
    #[arg(long, default_value_t = 2048)]
    pub m: u64,
    /// Columns of A, rows of B.
    #[arg(long, default_value_t = 2048)]
    pub k: u64,
    /// Columns of B and C.
    #[arg(long, default_value_t = 2048)]
    pub n: u64,
    /// Rows of C per core.
    #[arg(long, default_value_t = 32)]
    pub tile_m: u64,
    /// K extent staged in L2 per step of the segment's K loop.
    #[arg(long, default_value_t = 256)]
    pub tile_k_l2: u64,
    /// K extent moved to L1 per extern call.
    #[arg(long, default_value_t = 32)]
    pub tile_k_l1: u64,
    /// Columns of C per core.
    #[arg(long, default_value_t = 128)]
    pub tile_n: u64,
    /// Herd rows (x).
    #[arg(long, default_value_t = 8)]
    pub herd_m: u64,
    /// Herd columns (y).
    #[arg(long, default_value_t = 4)]
    pub herd_n: u64,
    /// Suffix of the extern symbols and of the object: `@zero_f32_mn<suffix>` in `mm<suffix>.o`.
    #[arg(long, default_value = "_m32", allow_hyphen_values = true)]
    pub suffix: String,
    /// Launches in the kernel, each with its own segment name (and channel names with
    /// `--form channels`).
    #[arg(long, default_value_t = 1)]
    pub launches: usize,
    /// How data moves: `dma` (upstream's builder) or `channels` (rejected by the compiler at
    /// the large fixture shapes).
    #[arg(long, value_enum, default_value_t = GemmForm::Dma)]
    pub form: GemmForm,
    /// How C becomes bf16: `drain` (in the GEMM's last herd), `f32` (it does not), or
    /// `fused-cast` (an f32 scratch, then a cast launch).
    #[arg(long, value_enum, default_value_t = GemmMethod::Drain)]
    pub method: GemmMethod,
    /// With `--method fused-cast`: elements per DMA of the cast launch.
    #[arg(long, default_value_t = 2048)]
    pub cast_tile_n: u64,
}

/// Everything the launch body needs, computed and validated once.
struct Shapes {
    m: u64,
    k: u64,
    n: u64,
    tm: u64,
    tk2: u64,
    tk1: u64,
    tn: u64,
    hm: u64,
    hn: u64,
    l3_a: String,
    l3_b: String,
    l3_c: String,
    l2_a: String,
    l2_b: String,
    l2_c: String,
    l1_a: String,
    l1_b: String,
    l1_acc: String,
    l1_acc_core: String,
    l1_drain: String,
    /// C is f32: the drain herd moves the accumulator as it is (`f32`, `fused-cast`).
    out_f32: bool,
    zero_fn: String,
    matmul_fn: String,
    cast_fn: String,
    object: String,
}

impl Kernel for Gemm {
    fn build(&self) -> Result<String, GenError> {
        let s = self.shapes()?;
        let mut b = Builder::new();
        if self.form == GemmForm::Channels {
            for copy in 0..self.launches {
                channels::declare_channels(&mut b, &s, &copy_suffix(copy));
            }
        }
        let core = s.l1_acc_core.as_str();
        ops::extern_decl(&mut b, &s.zero_fn, &[core], &s.object);
        ops::extern_decl(&mut b, &s.matmul_fn, &[&s.l1_a, &s.l1_b, core], &s.object);
        if !s.out_f32 {
            ops::extern_decl(&mut b, &s.cast_fn, &[core, &s.l1_drain], &s.object);
        }
        let gemm_types = [s.l3_a.clone(), s.l3_b.clone(), s.l3_c.clone()];
        let cast =
            (self.method == GemmMethod::FusedCast).then_some(cast::Cast { m: s.m, n: s.n, tile_n: self.cast_tile_n });
        let (name, arg_types) = match cast {
            Some(_) => ("gemm_cast_bf16", [&gemm_types[..], &[types::memref(&[s.m, s.n], "bf16")]].concat()),
            None => ("matmul_bf16", gemm_types.to_vec()),
        };
        ops::func(&mut b, name, &arg_types, |b, args| {
            for copy in 0..self.launches {
                let suffix = copy_suffix(copy);
                match self.form {
                    GemmForm::Dma => dma::launch(b, &s, &args[..3], &gemm_types, &suffix),
                    GemmForm::Channels => channels::launch(b, &s, &args[..3], &gemm_types, &suffix),
                }
                if let Some(cast) = &cast {
                    cast.launch(b, [args[2], args[3]], &format!("cast_seg{suffix}"));
                }
            }
        });
        Ok(b.finish())
    }
}

impl Gemm {
    fn shapes(&self) -> Result<Shapes, GenError> {
        let Gemm { m, k, n, tile_m: tm, tile_k_l2: tk2, tile_k_l1: tk1, tile_n: tn, herd_m: hm, herd_n: hn, .. } =
            *self;
        let options = [
            ("--m", m),
            ("--k", k),
            ("--n", n),
            ("--tile-m", tm),
            ("--tile-k-l2", tk2),
            ("--tile-k-l1", tk1),
            ("--tile-n", tn),
            ("--herd-m", hm),
            ("--herd-n", hn),
        ];
        ensure_positive("gemm", &options)?;
        ensure(self.launches >= 1, || "gemm: --launches must be at least 1".to_string())?;
        ensure_divides("gemm", "--m", m, "--tile-m * --herd-m", tm * hm)?;
        ensure_divides("gemm", "--n", n, "--tile-n * --herd-n", tn * hn)?;
        ensure_divides("gemm", "--k", k, "--tile-k-l2", tk2)?;
        ensure_divides("gemm", "--tile-k-l2", tk2, "--tile-k-l1", tk1)?;
        for (name, value, unit) in [("--tile-m", tm, MMUL[0]), ("--tile-k-l1", tk1, MMUL[1]), ("--tile-n", tn, MMUL[2])]
        {
            ensure(value.is_multiple_of(unit), || {
                format!("gemm: {name} ({value}) must be a multiple of the mmul size {unit}")
            })?;
        }
        ensure(hm <= 8 && hn <= 4, || format!("gemm: herd {hm} x {hn} does not fit the NPU2 core array (8 x 4)"))?;
        let suffix = &self.suffix;
        ensure(suffix.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'), || {
            format!("gemm: --suffix ({suffix}) may hold only letters, digits and `_`")
        })?;
        ensure(self.method == GemmMethod::Drain || self.form == GemmForm::Dma, || {
            "gemm: --method f32 and fused-cast are built with --form dma only".to_string()
        })?;
        if self.method == GemmMethod::FusedCast {
            cast::Cast { m, n, tile_n: self.cast_tile_n }.check().map_err(GenError::new)?;
        }
        let out_f32 = self.method != GemmMethod::Drain;
        let c_elem = if out_f32 { "f32" } else { "bf16" };
        let [mm, mk, mn] = MMUL;
        let bf = "bf16";
        let acc_strides = [tm * tn * hn, tm * tn, tm * mn, mm * mn, mn, 1];
        Ok(Shapes {
            m,
            k,
            n,
            tm,
            tk2,
            tk1,
            tn,
            hm,
            hn,
            l3_a: types::memref(&[m, k], bf),
            l3_b: types::memref(&[k, n], bf),
            l3_c: types::memref(&[m, n], c_elem),
            l2_a: types::memref_in(&[hm, 1, tm, tk2], bf, L2),
            l2_b: types::memref_in(&[1, hn, tk2, tn], bf, L2),
            l2_c: types::memref_in(&[hm, hn, tm, tn], c_elem, L2),
            l1_a: types::memref_in(&[1, 1, tk1 / mk, tm / mm, mm, mk], bf, L1),
            l1_b: types::memref_in(&[1, 1, tn / mn, tk1 / mk, mk, mn], bf, L1),
            l1_acc: types::memref_in(&[hm, hn, tn / mn, tm / mm, mm, mn], "f32", L1),
            l1_acc_core: types::strided_in(&[1, 1, tn / mn, tm / mm, mm, mn], "f32", &acc_strides, None, L1),
            l1_drain: types::memref_in(&[1, 1, tn / mn, tm / mm, mm, mn], bf, L1),
            out_f32,
            zero_fn: format!("zero_f32_mn{suffix}"),
            matmul_fn: format!("op_has_no_registered_library_name{suffix}"),
            cast_fn: format!("f32_to_bf16_mn{suffix}"),
            object: format!("mm{suffix}.o"),
        })
    }
}

impl Shapes {
    /// The launch grid, `[M/(tile_m*herd_m), N/(tile_n*herd_n)]`.
    fn grid(&self) -> [u64; 2] {
        [self.m / (self.tm * self.hm), self.n / (self.tn * self.hn)]
    }

    /// `link_with = "mm<suffix>.o"`, the herds' attribute.
    fn herd_attrs(&self) -> String {
        format!("link_with = \"{}\"", self.object)
    }

    /// A's L3 -> L2 source: the launch's rows of A, one `tile_k_l2` column block.
    fn a_l3_block(&self, a: Value, row_offset: Value, k_offset: Value) -> ops::Access {
        let (hm, tm, tk2, k) = (self.hm, self.tm, self.tk2, self.k);
        let offsets = [Ix::Const(0), Ix::Const(0), row_offset.into(), k_offset.into()];
        ops::pattern(a, &offsets, &[hm, 1, tm, tk2], &[k * tm, tk2, k, 1])
    }

    /// B's L3 -> L2 source: one `tile_k_l2` row block, the launch's columns of B.
    fn b_l3_block(&self, b: Value, k_offset: Value, col_offset: Value) -> ops::Access {
        let (hn, tn, tk2, n) = (self.hn, self.tn, self.tk2, self.n);
        let offsets = [Ix::Const(0), Ix::Const(0), k_offset.into(), col_offset.into()];
        ops::pattern(b, &offsets, &[1, hn, tk2, tn], &[n * tk2, tn, n, 1])
    }

    /// A's L2 -> L1 source for herd row `row`: `tile_k_l1` columns in 8 x 8 mmul blocks.
    fn a_l2_tile(&self, a_l2: Value, row: Value, k_offset: Value) -> ops::Access {
        let [mm, mk, _] = MMUL;
        let (tm, tk1, tk2) = (self.tm, self.tk1, self.tk2);
        let offsets = [row.into(), Ix::Const(0), Ix::Const(0), Ix::Const(0), Ix::Const(0), k_offset.into()];
        ops::pattern(a_l2, &offsets, &[1, 1, tk1 / mk, tm / mm, mm, mk], &[tm * tk2, tm * tk2, mk, tk2 * mm, tk2, 1])
    }

    /// B's L2 -> L1 source for herd column `col`: `tile_k_l1` rows in 8 x 8 mmul blocks.
    fn b_l2_tile(&self, b_l2: Value, col: Value, k_offset: Value) -> ops::Access {
        let [_, mk, mn] = MMUL;
        let (tn, tk1, tk2, hn) = (self.tn, self.tk1, self.tk2, self.hn);
        let offsets = [Ix::Const(0), col.into(), Ix::Const(0), Ix::Const(0), k_offset.into(), Ix::Const(0)];
        let strides = [hn * tn * tk2, tn * tk2, mn, tn * mk, tn, 1];
        ops::pattern(b_l2, &offsets, &[1, 1, tn / mn, tk1 / mk, mk, mn], &strides)
    }

    /// The drain buffer read row-major out of its mmul blocks (the L1 side of C's L1 -> L2).
    fn drain_rows(&self, drain: Value) -> ops::Access {
        let [mm, _, mn] = MMUL;
        let (tm, tn) = (self.tm, self.tn);
        ops::pattern(
            drain,
            &[Ix::Const(0); 6],
            &[1, 1, tm / mm, mm, tn / mn, mn],
            &[tm * tn, tm * tn, mm * mn, mn, tm * mn, 1],
        )
    }

    /// Core (row, col)'s share of the segment-level accumulator read row-major out of its mmul
    /// blocks (the L1 side of an f32 C's L1 -> L2).
    fn acc_rows(&self, acc: Value, row: Value, col: Value) -> ops::Access {
        let [mm, _, mn] = MMUL;
        let (hn, tm, tn) = (self.hn, self.tm, self.tn);
        let offsets = [row.into(), col.into(), Ix::Const(0), Ix::Const(0), Ix::Const(0), Ix::Const(0)];
        ops::pattern(
            acc,
            &offsets,
            &[1, 1, tm / mm, mm, tn / mn, mn],
            &[hn * tm * tn, tm * tn, mm * mn, mn, tm * mn, 1],
        )
    }

    /// Core (row, col)'s tile of the L2 C buffer (the L2 side of C's L1 -> L2).
    fn c_l2_tile(&self, c_l2: Value, row: Value, col: Value) -> ops::Access {
        let (hn, tm, tn) = (self.hn, self.tm, self.tn);
        let offsets = [row.into(), col.into(), Ix::Const(0), Ix::Const(0)];
        ops::pattern(c_l2, &offsets, &[1, 1, tm, tn], &[hn * tm * tn, tm * tn, tn, 1])
    }

    /// The whole L2 C buffer read in C's row-major order (the L2 side of C's L2 -> L3).
    fn c_l2_rows(&self, c_l2: Value) -> ops::Access {
        let (hm, hn, tm, tn) = (self.hm, self.hn, self.tm, self.tn);
        ops::pattern(c_l2, &[Ix::Const(0); 4], &[hm, tm, hn, tn], &[tm * hn * tn, tn, tm * tn, 1])
    }

    /// The launch's block of C in L3, 2-D (the L3 side of C's L2 -> L3).
    fn c_l3_block(&self, c: Value, row_offset: Value, col_offset: Value) -> ops::Access {
        ops::pattern(c, &[row_offset.into(), col_offset.into()], &[self.hm * self.tm, self.hn * self.tn], &[self.n, 1])
    }

    /// Core (tx, ty)'s share of the segment-level accumulator: `memref.subview`.
    fn core_view(&self, b: &mut Builder, acc: Value, tx: Value, ty: Value) -> Value {
        let [mm, _, mn] = MMUL;
        let offsets = [tx.into(), ty.into(), Ix::Const(0), Ix::Const(0), Ix::Const(0), Ix::Const(0)];
        let sizes = [1, 1, self.tn / mn, self.tm / mm, mm, mn];
        ops::subview(b, acc, &offsets, &sizes, &[1; 6], &self.l1_acc, &self.l1_acc_core)
    }
}

/// The first herd of both forms: each core zeroes its share of the accumulator.
fn zero_herd(b: &mut Builder, s: &Shapes, acc: Value) {
    let operands = [(acc, s.l1_acc.clone())];
    let attrs = s.herd_attrs();
    ops::hierarchy(b, Level::Herd, Some("herd_0"), &[s.hm, s.hn], &operands, Some(&attrs), |b, herd| {
        let view = s.core_view(b, herd.args[0], herd.ids[0], herd.ids[1]);
        ops::call(b, &s.zero_fn, &[view], &[&s.l1_acc_core]);
    });
}

/// The multiply of one `tile_k_l1` step: `@op_has_no_registered_library_name<suffix>(A, B, acc)`.
fn multiply(b: &mut Builder, s: &Shapes, a_l1: Value, b_l1: Value, acc: Value, tx: Value, ty: Value) {
    let view = s.core_view(b, acc, tx, ty);
    ops::call(b, &s.matmul_fn, &[a_l1, b_l1, view], &[&s.l1_a, &s.l1_b, &s.l1_acc_core]);
}

/// Allocates the bf16 drain buffer and converts the core's accumulator share into it.
fn convert(b: &mut Builder, s: &Shapes, acc: Value, tx: Value, ty: Value) -> Value {
    let view = s.core_view(b, acc, tx, ty);
    let drain = ops::alloc(b, &s.l1_drain);
    ops::call(b, &s.cast_fn, &[view, drain], &[&s.l1_acc_core, &s.l1_drain]);
    drain
}
