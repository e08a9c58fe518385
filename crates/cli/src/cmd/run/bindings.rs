//! `run`'s `--arg N=FILE` and `--out N=FILE[:SHAPE:DTYPE]`: parsing them, reading the input
//! arrays, and checking that they bind every data argument of the kernel exactly once with a
//! known size. No device is needed for any of it.

use air_arrays::{codes, formats, Array, Dtype};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// `--arg N=FILE`: an input array for data argument N.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgSpec {
    pub index: usize,
    /// As typed: `in.npy`, `inputs.npz:arg0`, `w.bin`.
    pub file: String,
}

/// `--out N=FILE[:SHAPE:DTYPE]`: where data argument N is written after the runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutSpec {
    pub index: usize,
    pub file: PathBuf,
    pub layout: Option<(Vec<usize>, Dtype)>,
}

fn index_and_rest(text: &str) -> Result<(usize, &str), String> {
    let (index, rest) = text.split_once('=').ok_or_else(|| format!("`{text}` is not N=FILE"))?;
    let index = index.trim().parse::<usize>().map_err(|_| format!("`{index}` in `{text}` is not an argument index"))?;
    if rest.is_empty() {
        return Err(format!("`{text}` names no file"));
    }
    Ok((index, rest))
}

pub fn parse_arg(text: &str) -> Result<ArgSpec, String> {
    let (index, file) = index_and_rest(text)?;
    Ok(ArgSpec { index, file: file.to_string() })
}

/// `14=out.npy` or `14=out.npy:2048x2048:bf16` (the last two `:` fields, when they read as a
/// shape and a dtype).
pub fn parse_out(text: &str) -> Result<OutSpec, String> {
    let (index, rest) = index_and_rest(text)?;
    let mut fields = rest.rsplitn(3, ':');
    let (dtype, shape, file) = (fields.next(), fields.next(), fields.next());
    if let (Some(dtype), Some(shape), Some(file)) = (dtype, shape, file) {
        if let Some(shape) = formats::parse_shape(shape) {
            let dtype = Dtype::from_name(dtype).ok_or_else(|| {
                let names: Vec<&str> = Dtype::all().iter().map(|d| d.name()).collect();
                format!("unknown dtype `{dtype}` in `{text}` (one of {})", names.join(", "))
            })?;
            return Ok(OutSpec { index, file: PathBuf::from(file), layout: Some((shape, dtype)) });
        }
    }
    Ok(OutSpec { index, file: PathBuf::from(rest), layout: None })
}

/// An input array as read: its bytes and what they hold.
#[derive(Clone, Debug)]
pub struct Input {
    pub file: String,
    pub shape: Vec<usize>,
    pub dtype: Dtype,
    pub data: Vec<u8>,
}

/// Reads `file`'s array: a `.npy`, an `.npz` member (`FILE.npz:NAME`), or raw bytes (`u8`).
/// 2-byte `|V2` data (ml_dtypes' bf16 without its tag) is read as bf16. `read` reads a file.
pub fn load_input(
    file: &str,
    read: &mut dyn FnMut(&str) -> anyhow::Result<Vec<u8>>,
) -> anyhow::Result<Result<Input, (&'static str, String)>> {
    let (path, member) = match file.rfind(".npz:") {
        Some(at) => (&file[..at + 4], Some(&file[at + 5..])),
        None => (file, None),
    };
    let bytes = read(path)?;
    let npy = match member {
        Some(name) => match formats::npz_member(&bytes, name) {
            Ok(npy) => npy.into_owned(),
            Err(e) => return Ok(Err((e.code, format!("{file}: {}", e.message)))),
        },
        None if path.ends_with(".npy") || bytes.starts_with(b"\x93NUMPY") => bytes,
        None => {
            let len = bytes.len();
            return Ok(Ok(Input { file: file.to_string(), shape: vec![len], dtype: Dtype::U8, data: bytes }));
        }
    };
    let array = match formats::parse_npy(&npy, false) {
        Err(e) if e.code == codes::UNSUPPORTED_DTYPE => formats::parse_npy(&npy, true),
        other => other,
    };
    Ok(match array {
        Ok(array) => to_input(file, array),
        Err(e) => Err((e.code, format!("{file}: {}", e.message))),
    })
}

fn to_input(file: &str, array: Array<'_>) -> Result<Input, (&'static str, String)> {
    if array.order == formats::ByteOrder::Big && array.dtype.size() > 1 {
        return Err((
            air_device::codes::BAD_BINDING,
            format!(
                "{file}: a big-endian array; the NPU reads little-endian (save it with .astype('<{}'))",
                array.dtype
            ),
        ));
    }
    Ok(Input { file: file.to_string(), shape: array.shape.clone(), dtype: array.dtype, data: array.data.into_owned() })
}

/// One data argument of the kernel, as bound.
#[derive(Clone, Debug)]
pub struct Slot {
    pub index: usize,
    pub input: Option<Input>,
    pub output: Option<PathBuf>,
    pub shape: Vec<usize>,
    pub dtype: Dtype,
}

impl Slot {
    pub fn bytes(&self) -> usize {
        self.shape.iter().product::<usize>() * self.dtype.size()
    }

    pub fn role(&self) -> &'static str {
        match (self.input.is_some(), self.output.is_some()) {
            (true, true) => "inout",
            (true, false) => "in",
            _ => "out",
        }
    }
}

/// Binds the inputs and outputs to the arguments 0..N, or says why they do not.
pub fn bind(inputs: Vec<(usize, Input)>, outs: &[OutSpec]) -> Result<Vec<Slot>, String> {
    let mut by_index: BTreeMap<usize, (Option<Input>, Option<&OutSpec>)> = BTreeMap::new();
    for (index, input) in inputs {
        let entry = by_index.entry(index).or_default();
        if entry.0.is_some() {
            return Err(format!("argument {index} is given twice with --arg"));
        }
        entry.0 = Some(input);
    }
    for out in outs {
        let entry = by_index.entry(out.index).or_default();
        if entry.1.is_some() {
            return Err(format!("argument {} is given twice with --out", out.index));
        }
        entry.1 = Some(out);
    }
    let count = by_index.keys().next_back().map_or(0, |last| last + 1);
    let missing: Vec<String> = (0..count).filter(|i| !by_index.contains_key(i)).map(|i| i.to_string()).collect();
    if !missing.is_empty() {
        return Err(format!(
            "the kernel's data arguments are 0..{}, but {} {} bound: give each with --arg or --out",
            count - 1,
            if missing.len() == 1 { "argument" } else { "arguments" },
            format_args!("{} {}", missing.join(", "), if missing.len() == 1 { "is not" } else { "are not" })
        ));
    }
    by_index.into_iter().map(|(index, (input, out))| slot(index, input, out)).collect()
}

fn slot(index: usize, input: Option<Input>, out: Option<&OutSpec>) -> Result<Slot, String> {
    let layout = out.and_then(|o| o.layout.clone());
    let output = out.map(|o| o.file.clone());
    match (input, layout) {
        (Some(input), Some((shape, dtype))) => {
            let same_size = shape.iter().product::<usize>() * dtype.size() == input.data.len();
            if !same_size {
                return Err(format!(
                    "--out {index} says {} {dtype} ({} bytes) but --arg {index} ({}) holds {} bytes",
                    formats::shape_text(&shape),
                    shape.iter().product::<usize>() * dtype.size(),
                    input.file,
                    input.data.len()
                ));
            }
            Ok(Slot { index, input: Some(input), output, shape, dtype })
        }
        (Some(input), None) => {
            Ok(Slot { index, shape: input.shape.clone(), dtype: input.dtype, input: Some(input), output })
        }
        (None, Some((shape, dtype))) => Ok(Slot { index, input: None, output, shape, dtype }),
        (None, None) => Err(format!(
            "the size of output {index} is unknown: give its shape and dtype (--out {index}=FILE:2048x2048:bf16) \
             or its initial contents (--arg {index}=FILE)"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(shape: &[usize], dtype: Dtype) -> Input {
        let bytes = shape.iter().product::<usize>() * dtype.size();
        Input { file: "in.npy".to_string(), shape: shape.to_vec(), dtype, data: vec![0; bytes] }
    }

    #[test]
    fn out_specs_with_and_without_a_layout() {
        assert_eq!(
            parse_out("14=out.npy:2048x2048:bf16").unwrap(),
            OutSpec { index: 14, file: PathBuf::from("out.npy"), layout: Some((vec![2048, 2048], Dtype::Bf16)) }
        );
        assert_eq!(parse_out("2=dir:x/out.npy").unwrap().file, PathBuf::from("dir:x/out.npy"));
        assert_eq!(parse_out("2=o.npy").unwrap().layout, None);
        assert_eq!(parse_out("2=o.npy:4x4:f7").unwrap_err(), "unknown dtype `f7` in `2=o.npy:4x4:f7` (one of bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64)");
        assert_eq!(parse_arg("x=in.npy").unwrap_err(), "`x` in `x=in.npy` is not an argument index");
        assert_eq!(parse_arg("in.npy").unwrap_err(), "`in.npy` is not N=FILE");
        assert_eq!(parse_arg("3=").unwrap_err(), "`3=` names no file");
    }

    #[test]
    fn bindings_cover_every_index_once_with_a_size() {
        let out = |index, layout| OutSpec { index, file: PathBuf::from("o.npy"), layout };
        let slots = bind(
            vec![(0, input(&[4], Dtype::F32)), (1, input(&[2, 2], Dtype::Bf16))],
            &[out(2, Some((vec![8], Dtype::I32))), out(1, None)],
        )
        .unwrap();
        let summary: Vec<(usize, &str, usize)> = slots.iter().map(|s| (s.index, s.role(), s.bytes())).collect();
        assert_eq!(summary, [(0, "in", 16), (1, "inout", 8), (2, "out", 32)]);
        assert_eq!(
            bind(vec![(0, input(&[4], Dtype::F32))], &[out(3, Some((vec![1], Dtype::U8)))]).unwrap_err(),
            "the kernel's data arguments are 0..3, but arguments 1, 2 are not bound: give each with --arg or --out"
        );
        assert_eq!(
            bind(vec![], &[out(0, None)]).unwrap_err(),
            "the size of output 0 is unknown: give its shape and dtype (--out 0=FILE:2048x2048:bf16) or its initial contents (--arg 0=FILE)"
        );
        assert_eq!(
            bind(vec![(0, input(&[4], Dtype::F32))], &[out(0, Some((vec![4], Dtype::Bf16)))]).unwrap_err(),
            "--out 0 says 4 bf16 (8 bytes) but --arg 0 (in.npy) holds 16 bytes"
        );
        assert_eq!(
            bind(vec![(0, input(&[1], Dtype::U8)), (0, input(&[1], Dtype::U8))], &[]).unwrap_err(),
            "argument 0 is given twice with --arg"
        );
    }
}
