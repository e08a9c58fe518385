//! The inputs of a check-merge run: `.npz` members bound to combined arguments (`arg<N>` or a
//! buffer name), checked against their arguments before any device work; and `inputs`' seeded
//! random arrays for every argument the device reads.

use super::layout::{Buffer, Layout};
use crate::codes;
use air_arrays::formats::{self, ByteOrder, Dtype};
use air_diagnostics::Diagnostic;
use air_merge::plan::located;
use std::collections::BTreeMap;

/// The host bytes of each argument that has an input (little-endian, C order).
pub type Inputs = BTreeMap<usize, Vec<u8>>;

/// The argument a member names: `arg<N>`, or a buffer name of the plan.
fn target(layout: &Layout, member: &str) -> Option<usize> {
    let member = member.strip_suffix(".npy").unwrap_or(member);
    if let Some(n) = member.strip_prefix("arg").and_then(|n| n.parse::<usize>().ok()) {
        return (n < layout.buffers.len()).then_some(n);
    }
    layout.buffers.iter().find(|b| b.name.as_deref() == Some(member)).map(|b| b.index)
}

/// Binds `members` (name, `.npy` bytes) to the layout's arguments. `Ok`: the inputs and the
/// warnings (members that name no argument); `Err`: those warnings, then every missing or
/// mismatched member, located at its argument in the plan.
pub fn bind_inputs(
    layout: &Layout,
    members: &[(String, Vec<u8>)],
) -> Result<(Inputs, Vec<Diagnostic>), Vec<Diagnostic>> {
    let mut inputs = Inputs::new();
    let mut warnings = Vec::new();
    let mut errors = Vec::new();
    let mut fed = std::collections::BTreeSet::new();
    for (name, npy) in members {
        let Some(arg) = target(layout, name) else {
            warnings.push(
                Diagnostic::warning(
                    codes::INPUT_UNKNOWN,
                    format!("inputs member `{name}` names no argument of @{}; it is ignored", layout.name),
                )
                .with_help(format!(
                    "members are `arg<N>` (0 to {}) or the plan's buffer names",
                    layout.buffers.len().saturating_sub(1)
                )),
            );
            continue;
        };
        let buffer = &layout.buffers[arg];
        fed.insert(arg);
        let mismatch = |why: String| {
            located(codes::INPUT_MISMATCH, &format!("inputs member `{name}` for {}: {why}", buffer.label()), buffer.loc)
                .with_help(format!(
                    "write it as {} elements of {} (`air-stitch inputs` writes such a file)",
                    buffer.shape.iter().product::<usize>(),
                    describe(buffer.dtype)
                ))
        };
        let array = match formats::parse_npy(npy, buffer.dtype == Dtype::Bf16) {
            Ok(array) => array,
            Err(err) => {
                errors.push(mismatch(err.message));
                continue;
            }
        };
        if array.dtype != buffer.dtype {
            errors
                .push(mismatch(format!("it holds {}, the argument `{}` is {}", array.dtype, buffer.ty, buffer.dtype)));
        } else if array.len() != buffer.shape.iter().product::<usize>() {
            errors.push(mismatch(format!(
                "it holds {} elements (shape {}), the argument `{}` has {}",
                array.len(),
                array.shape_text(),
                buffer.ty,
                buffer.shape.iter().product::<usize>()
            )));
        } else if array.order == ByteOrder::Big && buffer.dtype.size() > 1 {
            errors.push(mismatch("it is big-endian; the device takes little-endian data".to_string()));
        } else if inputs.insert(arg, array.data.into_owned()).is_some() {
            errors.push(mismatch("another member feeds the same argument".to_string()));
        }
    }
    for buffer in layout.buffers.iter().filter(|b| b.device_reads() && !fed.contains(&b.index)) {
        let named = buffer.name.as_ref().map_or(String::new(), |n| format!(" or `{n}`"));
        errors.push(
            located(
                codes::INPUT_MISSING,
                &format!("the inputs have no member `{}`{named}: the device reads {}", buffer.member(), buffer.label()),
                buffer.loc,
            )
            .with_help("add the member, or write every input with `air-stitch inputs --plan PLAN -o inputs.npz`"),
        );
    }
    if errors.is_empty() {
        Ok((inputs, warnings))
    } else {
        // The warnings too: an unknown member is often the missing one misspelt.
        warnings.append(&mut errors);
        Err(warnings)
    }
}

/// `bf16 (stored as 2-byte <u2)`, `f32`.
fn describe(dtype: Dtype) -> String {
    match dtype {
        Dtype::Bf16 => "bf16 (stored as <u2, as upstream does)".to_string(),
        other => other.name().to_string(),
    }
}

/// SplitMix64: a small, fast generator whose stream depends only on its seed.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [-1, 1), 24 bits.
    fn unit(&mut self) -> f32 {
        ((self.next() >> 40) as f32) / (1u64 << 23) as f32 - 1.0
    }
}

/// f32 to bf16 bits, rounding to nearest even (as ml_dtypes does); finite inputs only.
pub fn bf16_bits(x: f32) -> u16 {
    let bits = x.to_bits();
    let round = 0x7FFF + ((bits >> 16) & 1);
    (bits.wrapping_add(round) >> 16) as u16
}

/// f32 to f16 bits for |x| ≤ 1 (normal or subnormal), rounding to nearest.
fn f16_bits(x: f32) -> u16 {
    let sign = if x.is_sign_negative() { 0x8000u16 } else { 0 };
    let a = x.abs();
    if a < 6.103_515_6e-5 {
        // Subnormal: units of 2^-24.
        return sign | (a * 16_777_216.0).round() as u16;
    }
    let bits = a.to_bits();
    let exp = ((bits >> 23) as i32) - 127 + 15;
    let mant = bits & 0x7F_FFFF;
    let half = ((exp as u32) << 10) + (mant >> 13) + u32::from(mant & 0x1000 != 0);
    sign | half as u16
}

/// One buffer's random data, little-endian: floats uniform in [-1, 1), integers in [-8, 8)
/// (unsigned [0, 16)), booleans 0 or 1. The stream depends on the seed and the argument only.
fn random_data(buffer: &Buffer, seed: u64) -> Vec<u8> {
    let mut rng = SplitMix(seed ^ (buffer.index as u64).wrapping_mul(0xA24B_AED4_963E_E407));
    let n: usize = buffer.shape.iter().product();
    let mut out = Vec::with_capacity(buffer.bytes);
    for _ in 0..n {
        let small = (rng.next() >> 60) as i64 - 8;
        match buffer.dtype {
            Dtype::Bf16 => out.extend(bf16_bits(rng.unit()).to_le_bytes()),
            Dtype::F16 => out.extend(f16_bits(rng.unit()).to_le_bytes()),
            Dtype::F32 => out.extend(rng.unit().to_le_bytes()),
            Dtype::F64 => out.extend(f64::from(rng.unit()).to_le_bytes()),
            Dtype::Bool => out.push((small & 1) as u8),
            Dtype::I8 | Dtype::U8 => out.push((small + 8 * i64::from(buffer.dtype == Dtype::U8)) as u8),
            Dtype::I16 | Dtype::U16 => {
                out.extend(((small + 8 * i64::from(buffer.dtype == Dtype::U16)) as i16).to_le_bytes())
            }
            Dtype::I32 | Dtype::U32 => {
                out.extend(((small + 8 * i64::from(buffer.dtype == Dtype::U32)) as i32).to_le_bytes())
            }
            Dtype::I64 | Dtype::U64 => out.extend((small + 8 * i64::from(buffer.dtype == Dtype::U64)).to_le_bytes()),
        }
    }
    out
}

/// One generated member: its name, the argument, and its `.npy` bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    pub member: String,
    pub arg: usize,
    pub npy: Vec<u8>,
}

/// Seeded random inputs for every argument the device reads (the roles of the merged module:
/// inputs and static inputs), named `arg<N>` — the same seed gives the same bytes.
pub fn generate_inputs(layout: &Layout, seed: u64) -> Vec<Generated> {
    layout
        .buffers
        .iter()
        .filter(|b| b.device_reads())
        .map(|b| Generated {
            member: b.member(),
            arg: b.index,
            npy: formats::write_npy(b.dtype.descr(), &b.shape, false, &random_data(b, seed)),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bf16_and_f16_conversions_round_to_nearest() {
        assert_eq!(bf16_bits(1.0), 0x3F80);
        assert_eq!(bf16_bits(-0.5), 0xBF00);
        // 1 + 2^-8 is halfway between two bf16 values: to even.
        assert_eq!(bf16_bits(1.0 + 1.0 / 256.0), 0x3F80);
        assert_eq!(bf16_bits(1.0 + 3.0 / 256.0), 0x3F82);
        assert_eq!(f16_bits(1.0), 0x3C00);
        assert_eq!(f16_bits(-0.5), 0xB800);
        assert_eq!(f16_bits(0.0), 0);
        assert_eq!(f16_bits(5.960_464_5e-8), 1);
    }

    #[test]
    fn the_generator_is_uniform_in_its_range() {
        let mut rng = SplitMix(7);
        let values: Vec<f32> = (0..10_000).map(|_| rng.unit()).collect();
        assert!(values.iter().all(|v| (-1.0..1.0).contains(v)));
        let mean = values.iter().sum::<f32>() / values.len() as f32;
        assert!(mean.abs() < 0.05, "{mean}");
    }
}
