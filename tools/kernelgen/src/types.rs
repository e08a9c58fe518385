//! Type and literal spellings as MLIR prints them: memref types with `2 : i32` memory spaces and
//! strided layouts, and float constants (`2.048000e+03`) rounded to their element type.

use crate::GenError;

/// L2 (memtile) memory space, printed `1 : i32` like the upstream builders' `IntegerAttr(i32, 1)`.
pub const L2: u32 = 1;
/// L1 (core tile) memory space, printed `2 : i32`.
pub const L1: u32 = 2;

/// `memref<2048x2048xbf16>`: an L3 (external memory) buffer.
pub fn memref(shape: &[u64], elem: &str) -> String {
    format!("memref<{}>", shape_elem(shape, elem))
}

/// `memref<2048xbf16, 2 : i32>`.
pub fn memref_in(shape: &[u64], elem: &str, space: u32) -> String {
    format!("memref<{}, {space} : i32>", shape_elem(shape, elem))
}

/// `memref<1x1x16x4x8x8xf32, strided<[16384, 4096, 256, 64, 8, 1], offset: ?>, 2 : i32>`: the
/// type of a subview with static sizes; `offset` is `None` for a dynamic offset.
pub fn strided_in(shape: &[u64], elem: &str, strides: &[u64], offset: Option<u64>, space: u32) -> String {
    let strides: Vec<String> = strides.iter().map(u64::to_string).collect();
    let layout = match offset {
        Some(0) => format!("strided<[{}]>", strides.join(", ")),
        Some(offset) => format!("strided<[{}], offset: {offset}>", strides.join(", ")),
        None => format!("strided<[{}], offset: ?>", strides.join(", ")),
    };
    format!("memref<{}, {layout}, {space} : i32>", shape_elem(shape, elem))
}

/// Row-major strides of a shape.
pub fn row_major_strides(shape: &[u64]) -> Vec<u64> {
    let mut strides = vec![1; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        strides[i] = strides[i + 1] * shape[i + 1];
    }
    strides
}

fn shape_elem(shape: &[u64], elem: &str) -> String {
    let mut text = String::new();
    for dim in shape {
        text.push_str(&format!("{dim}x"));
    }
    text.push_str(elem);
    text
}

/// A float constant as MLIR prints it: the value rounded to `elem` (`bf16` or `f32`), in `%e`
/// notation with six digits when that reads back to the same value (MLIR's first choice).
pub fn float_literal(value: f64, elem: &str) -> Result<String, GenError> {
    let rounded = round_to(value, elem)?;
    let text = c_style_exponent(rounded);
    let parsed: f64 = text.parse().map_err(|_| GenError::new(format!("cannot print float constant {value}")))?;
    if round_to(parsed, elem)?.to_bits() != rounded.to_bits() {
        // MLIR would fall back to APFloat's shortest form here; no kernel needs such a constant.
        return Err(GenError::new(format!("float constant {value} does not print exactly as {elem}")));
    }
    Ok(text)
}

fn round_to(value: f64, elem: &str) -> Result<f64, GenError> {
    match elem {
        "f32" => Ok(f64::from(value as f32)),
        "bf16" => {
            // Round the f32 bit pattern to its top 16 bits, ties to even (finite values only).
            let bits = (value as f32).to_bits();
            let lsb = (bits >> 16) & 1;
            let rounded = bits.wrapping_add(0x7fff + lsb) & 0xffff_0000;
            Ok(f64::from(f32::from_bits(rounded)))
        }
        other => Err(GenError::new(format!("no float constants of type {other}"))),
    }
}

/// `2048.0` -> `2.048000e+03` (C's `%e`).
fn c_style_exponent(value: f64) -> String {
    let rust = format!("{value:.6e}");
    let (mantissa, exponent) = rust.split_once('e').unwrap_or((rust.as_str(), "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let sign = if exponent < 0 { '-' } else { '+' };
    format!("{mantissa}e{sign}{:02}", exponent.abs())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn floats_print_like_mlir_after_rounding_to_their_type() {
        assert_eq!(float_literal(0.0, "bf16").unwrap(), "0.000000e+00");
        assert_eq!(float_literal(2048.0, "bf16").unwrap(), "2.048000e+03");
        assert_eq!(float_literal(0.5, "f32").unwrap(), "5.000000e-01");
        // 1e-5 is not a bf16 value: it rounds to 1.3125 * 2^-17.
        assert_eq!(float_literal(1e-5, "bf16").unwrap(), "1.001358e-05");
        assert_eq!(float_literal(1e-5, "f32").unwrap(), "1.000000e-05");
    }

    #[test]
    fn memref_types_spell_layout_and_memory_space() {
        assert_eq!(memref(&[2048, 512], "bf16"), "memref<2048x512xbf16>");
        assert_eq!(memref_in(&[64], "bf16", L1), "memref<64xbf16, 2 : i32>");
        assert_eq!(strided_in(&[8], "bf16", &[1], Some(0), L1), "memref<8xbf16, strided<[1]>, 2 : i32>");
        assert_eq!(strided_in(&[16], "f32", &[1], None, L1), "memref<16xf32, strided<[1], offset: ?>, 2 : i32>");
        assert_eq!(row_major_strides(&[8, 4, 16]), vec![64, 16, 1]);
    }
}
