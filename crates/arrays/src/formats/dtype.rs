//! Element types, their numpy descriptors and their decoding to f64.

use std::fmt;

/// The element types compare reads. `Bf16` is never a numpy descriptor: 2-byte data
/// (`<u2`, `<i2`, `|V2`) is read as bf16 when the caller asks, the way upstream stores it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dtype {
    Bool,
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
    F16,
    Bf16,
    F32,
    F64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ByteOrder {
    Little,
    Big,
}

pub const ALL: &[Dtype] = &[
    Dtype::Bool,
    Dtype::I8,
    Dtype::I16,
    Dtype::I32,
    Dtype::I64,
    Dtype::U8,
    Dtype::U16,
    Dtype::U32,
    Dtype::U64,
    Dtype::F16,
    Dtype::Bf16,
    Dtype::F32,
    Dtype::F64,
];

impl Dtype {
    /// Every dtype, in the order the help lists them.
    pub fn all() -> &'static [Dtype] {
        ALL
    }

    pub fn size(self) -> usize {
        match self {
            Dtype::Bool | Dtype::I8 | Dtype::U8 => 1,
            Dtype::I16 | Dtype::U16 | Dtype::F16 | Dtype::Bf16 => 2,
            Dtype::I32 | Dtype::U32 | Dtype::F32 => 4,
            Dtype::I64 | Dtype::U64 | Dtype::F64 => 8,
        }
    }

    /// The command line's name: `bf16`, `f32`, `i8`, `bool`, ...
    pub fn name(self) -> &'static str {
        match self {
            Dtype::Bool => "bool",
            Dtype::I8 => "i8",
            Dtype::I16 => "i16",
            Dtype::I32 => "i32",
            Dtype::I64 => "i64",
            Dtype::U8 => "u8",
            Dtype::U16 => "u16",
            Dtype::U32 => "u32",
            Dtype::U64 => "u64",
            Dtype::F16 => "f16",
            Dtype::Bf16 => "bf16",
            Dtype::F32 => "f32",
            Dtype::F64 => "f64",
        }
    }

    /// The dtype of a command-line name (also numpy's spellings `float32`, `int8`, `bfloat16`).
    pub fn from_name(name: &str) -> Option<Dtype> {
        let aliases = [
            ("float16", Dtype::F16),
            ("bfloat16", Dtype::Bf16),
            ("float32", Dtype::F32),
            ("float64", Dtype::F64),
            ("int8", Dtype::I8),
            ("int16", Dtype::I16),
            ("int32", Dtype::I32),
            ("int64", Dtype::I64),
            ("uint8", Dtype::U8),
            ("uint16", Dtype::U16),
            ("uint32", Dtype::U32),
            ("uint64", Dtype::U64),
        ];
        ALL.iter()
            .copied()
            .find(|d| d.name() == name)
            .or_else(|| aliases.iter().find(|(a, _)| *a == name).map(|(_, d)| *d))
    }

    /// The little-endian numpy descriptor this dtype is written with (bf16 as `<u2`, as
    /// upstream stores it); [`Dtype::from_descr`] reads it back (as bf16 when asked).
    pub fn descr(self) -> &'static str {
        match self {
            Dtype::Bool => "|b1",
            Dtype::I8 => "|i1",
            Dtype::U8 => "|u1",
            Dtype::I16 => "<i2",
            Dtype::U16 | Dtype::Bf16 => "<u2",
            Dtype::F16 => "<f2",
            Dtype::I32 => "<i4",
            Dtype::U32 => "<u4",
            Dtype::F32 => "<f4",
            Dtype::I64 => "<i8",
            Dtype::U64 => "<u8",
            Dtype::F64 => "<f8",
        }
    }

    /// A numpy descriptor's dtype and byte order (`<f4`, `>i8`, `|b1`, `|V2`). `|V2` (a
    /// 2-byte void, how ml_dtypes' bfloat16 is saved without its tag) is bf16 when `bf16`.
    pub fn from_descr(descr: &str, bf16: bool) -> Option<(Dtype, ByteOrder)> {
        let (order, code) = match descr.as_bytes().first()? {
            b'<' => (Some(ByteOrder::Little), &descr[1..]),
            b'>' => (Some(ByteOrder::Big), &descr[1..]),
            b'|' | b'=' => (None, &descr[1..]),
            _ => (None, descr),
        };
        let dtype = match code {
            "b1" => Dtype::Bool,
            "i1" => Dtype::I8,
            "u1" => Dtype::U8,
            "i2" | "u2" | "V2" if bf16 => Dtype::Bf16,
            "i2" => Dtype::I16,
            "u2" => Dtype::U16,
            "i4" => Dtype::I32,
            "u4" => Dtype::U32,
            "i8" => Dtype::I64,
            "u8" => Dtype::U64,
            "f2" => Dtype::F16,
            "f4" => Dtype::F32,
            "f8" => Dtype::F64,
            _ => return None,
        };
        // `|` (not applicable) and `=` (native) on a multi-byte type: numpy writes `<` on
        // every little-endian machine, so native is little here.
        Some((dtype, order.unwrap_or(ByteOrder::Little)))
    }

    pub fn is_float(self) -> bool {
        matches!(self, Dtype::F16 | Dtype::Bf16 | Dtype::F32 | Dtype::F64)
    }
}

impl fmt::Display for Dtype {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// IEEE half to f64, exactly.
fn f16_to_f64(bits: u16) -> f64 {
    let sign = if bits & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = i32::from((bits >> 10) & 0x1f);
    let frac = f64::from(bits & 0x3ff);
    match exp {
        0 => sign * frac * (2.0f64).powi(-24),
        0x1f if frac == 0.0 => sign * f64::INFINITY,
        0x1f => f64::NAN,
        _ => sign * (1.0 + frac / 1024.0) * (2.0f64).powi(exp - 15),
    }
}

fn pairs<const N: usize>(bytes: &[u8]) -> impl Iterator<Item = [u8; N]> + '_ {
    bytes.chunks_exact(N).map(|c| {
        let mut a = [0u8; N];
        a.copy_from_slice(c);
        a
    })
}

/// Decodes `bytes` (whole elements of `dtype`) into `out`, one element per slot.
pub fn decode(dtype: Dtype, order: ByteOrder, bytes: &[u8], out: &mut [f64]) {
    let little = order == ByteOrder::Little;
    macro_rules! each {
        ($n:literal, $conv:expr) => {
            for (slot, b) in out.iter_mut().zip(pairs::<$n>(bytes)) {
                *slot = $conv(b);
            }
        };
    }
    match dtype {
        Dtype::Bool => each!(1, |b: [u8; 1]| f64::from(u8::from(b[0] != 0))),
        Dtype::I8 => each!(1, |b: [u8; 1]| f64::from(b[0] as i8)),
        Dtype::U8 => each!(1, |b: [u8; 1]| f64::from(b[0])),
        Dtype::I16 => each!(2, |b| f64::from(if little { i16::from_le_bytes(b) } else { i16::from_be_bytes(b) })),
        Dtype::U16 => each!(2, |b| f64::from(if little { u16::from_le_bytes(b) } else { u16::from_be_bytes(b) })),
        Dtype::F16 => each!(2, |b| f16_to_f64(if little { u16::from_le_bytes(b) } else { u16::from_be_bytes(b) })),
        Dtype::Bf16 => each!(2, |b| {
            let bits = if little { u16::from_le_bytes(b) } else { u16::from_be_bytes(b) };
            f64::from(f32::from_bits(u32::from(bits) << 16))
        }),
        Dtype::I32 => each!(4, |b| f64::from(if little { i32::from_le_bytes(b) } else { i32::from_be_bytes(b) })),
        Dtype::U32 => each!(4, |b| f64::from(if little { u32::from_le_bytes(b) } else { u32::from_be_bytes(b) })),
        Dtype::F32 => each!(4, |b| f64::from(if little { f32::from_le_bytes(b) } else { f32::from_be_bytes(b) })),
        Dtype::I64 => each!(8, |b| (if little { i64::from_le_bytes(b) } else { i64::from_be_bytes(b) }) as f64),
        Dtype::U64 => each!(8, |b| (if little { u64::from_le_bytes(b) } else { u64::from_be_bytes(b) }) as f64),
        Dtype::F64 => each!(8, |b| if little { f64::from_le_bytes(b) } else { f64::from_be_bytes(b) }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_and_bf16_decode_exactly() {
        assert_eq!(f16_to_f64(0x3c00), 1.0);
        assert_eq!(f16_to_f64(0xc000), -2.0);
        assert_eq!(f16_to_f64(0x0001), 2f64.powi(-24));
        assert_eq!(f16_to_f64(0x7c00), f64::INFINITY);
        assert!(f16_to_f64(0x7e00).is_nan());
        let mut out = [0.0; 2];
        decode(Dtype::Bf16, ByteOrder::Little, &[0x80, 0x3f, 0xc0, 0x7f], &mut out);
        assert_eq!(out[0], 1.0);
        assert!(out[1].is_nan());
        decode(Dtype::Bf16, ByteOrder::Big, &[0x3f, 0x80, 0xbf, 0xc0], &mut out);
        assert_eq!(out, [1.0, -1.5]);
    }

    #[test]
    fn descriptors_and_names() {
        assert_eq!(Dtype::from_descr("<u2", true), Some((Dtype::Bf16, ByteOrder::Little)));
        assert_eq!(Dtype::from_descr("<u2", false), Some((Dtype::U16, ByteOrder::Little)));
        assert_eq!(Dtype::from_descr("|V2", true), Some((Dtype::Bf16, ByteOrder::Little)));
        assert_eq!(Dtype::from_descr("|V2", false), None);
        assert_eq!(Dtype::from_descr(">f8", false), Some((Dtype::F64, ByteOrder::Big)));
        assert_eq!(Dtype::from_descr("<c8", false), None);
        for d in ALL {
            assert_eq!(Dtype::from_name(d.name()), Some(*d));
            let bf16 = *d == Dtype::Bf16;
            assert_eq!(Dtype::from_descr(d.descr(), bf16), Some((*d, ByteOrder::Little)), "{d:?}");
        }
        assert_eq!(Dtype::from_name("bfloat16"), Some(Dtype::Bf16));
    }
}
