//! Arrays from bytes: `.npy` (v1–v3 headers), `.npz` members (stored or deflated) and raw
//! `.bin` data with a dtype and a shape given by the caller.

mod dtype;
mod npy;
mod npz;
mod raw;

pub use dtype::{ByteOrder, Dtype};
pub use npy::{parse_npy, write_npy};
pub use npz::{crc32, npz_member, npz_members, write_npz};
pub use raw::{parse_raw, parse_shape};

use crate::codes;
use std::borrow::Cow;
use std::fmt;

/// An array: its element type, byte order, shape (C order) and its data bytes, borrowed from
/// the file's bytes when they can be (a `.npy`, a raw file, a stored `.npz` member).
#[derive(Clone, Debug, PartialEq)]
pub struct Array<'a> {
    pub dtype: Dtype,
    pub order: ByteOrder,
    pub shape: Vec<usize>,
    pub data: Cow<'a, [u8]>,
}

impl Array<'_> {
    /// The number of elements (the product of the shape; 1 for a 0-d array).
    pub fn len(&self) -> usize {
        self.shape.iter().product()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Decodes elements `start..start + out.len()` as f64 into `out`: bf16 and f16 exactly,
    /// integers above 2^53 rounded. The caller keeps the range within [`Array::len`].
    pub fn decode(&self, start: usize, out: &mut [f64]) {
        let size = self.dtype.size();
        let from = start * size;
        let bytes = self.data.get(from..from + out.len() * size).unwrap_or(&[]);
        dtype::decode(self.dtype, self.order, bytes, out);
    }

    /// `2048x2048`, or `scalar` for a 0-d array.
    pub fn shape_text(&self) -> String {
        shape_text(&self.shape)
    }
}

/// `2048x2048`; `scalar` for no dimensions.
pub fn shape_text(shape: &[usize]) -> String {
    if shape.is_empty() {
        return "scalar".to_string();
    }
    shape.iter().map(usize::to_string).collect::<Vec<_>>().join("x")
}

/// Why bytes are not an array, with the code the CLI reports it under.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormatError {
    pub code: &'static str,
    pub message: String,
    pub help: String,
}

impl FormatError {
    fn new(code: &'static str, message: impl Into<String>, help: impl Into<String>) -> FormatError {
        FormatError { code, message: message.into(), help: help.into() }
    }

    fn bad_header(message: impl Into<String>) -> FormatError {
        FormatError::new(
            codes::NPY_BAD_HEADER,
            message,
            "write the file with numpy's np.save (format versions 1.0, 2.0 and 3.0 are read)",
        )
    }

    fn truncated(what: &str, expected: u128, found: usize) -> FormatError {
        let missing = expected.saturating_sub(found as u128);
        FormatError::new(
            codes::TRUNCATED,
            format!(
                "{what} is truncated: its data needs {expected} bytes, the file holds {found} ({missing} bytes missing)"
            ),
            "the file was cut short (a copy or a run that did not finish): write it again",
        )
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for FormatError {}

/// The data size of `shape` elements of `size` bytes, without overflow.
fn data_size(shape: &[usize], size: usize) -> u128 {
    shape.iter().fold(size as u128, |acc, &d| acc.saturating_mul(d as u128))
}
