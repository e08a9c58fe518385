//! Raw `.bin` data: little-endian elements of a dtype the caller names, in C order of the
//! shape it gives (`2048x2048`), as upstream writes instruction streams and bf16 buffers.

use super::{data_size, Array, ByteOrder, Dtype, FormatError};
use crate::codes;
use std::borrow::Cow;

/// `2048x2048` (also `2048,2048`; `x` may be `X` or `×`) as dimensions.
pub fn parse_shape(text: &str) -> Option<Vec<usize>> {
    let dims: Option<Vec<usize>> = text.split(['x', 'X', '×', ',']).map(|d| d.trim().parse::<usize>().ok()).collect();
    dims.filter(|d| !d.is_empty())
}

/// The array of raw bytes with `dtype` and `shape` (no shape: one dimension, as many elements
/// as the bytes hold).
pub fn parse_raw<'a>(bytes: &'a [u8], dtype: Dtype, shape: Option<&[usize]>) -> Result<Array<'a>, FormatError> {
    let size = dtype.size();
    let shape = match shape {
        Some(shape) => shape.to_vec(),
        None if bytes.len().is_multiple_of(size) => vec![bytes.len() / size],
        None => {
            return Err(FormatError::new(
                codes::RAW_LAYOUT,
                format!(
                    "the raw file holds {} bytes, not a whole number of {dtype} elements ({size} bytes each)",
                    bytes.len()
                ),
                "give the right --dtype, and --shape",
            ))
        }
    };
    let needed = data_size(&shape, size);
    if (bytes.len() as u128) < needed {
        return Err(FormatError::truncated("the raw file", needed, bytes.len()));
    }
    if bytes.len() as u128 > needed {
        return Err(FormatError::new(
            codes::RAW_LAYOUT,
            format!(
                "the raw file holds {} bytes, more than {} {dtype} elements of shape {} ({needed} bytes)",
                bytes.len(),
                shape.iter().product::<usize>(),
                super::shape_text(&shape)
            ),
            "give the --shape and --dtype the file was written with",
        ));
    }
    Ok(Array { dtype, order: ByteOrder::Little, shape, data: Cow::Borrowed(bytes) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_and_sizes() {
        assert_eq!(parse_shape("2048x2048"), Some(vec![2048, 2048]));
        assert_eq!(parse_shape("4"), Some(vec![4]));
        assert_eq!(parse_shape("2x"), None);
        assert_eq!(parse_raw(&[0; 8], Dtype::Bf16, Some(&[2, 2])).unwrap().len(), 4);
        assert_eq!(parse_raw(&[0; 8], Dtype::Bf16, None).unwrap().shape, vec![4]);
        assert_eq!(parse_raw(&[0; 6], Dtype::Bf16, Some(&[2, 2])).unwrap_err().code, codes::TRUNCATED);
        assert_eq!(parse_raw(&[0; 10], Dtype::Bf16, Some(&[2, 2])).unwrap_err().code, codes::RAW_LAYOUT);
        assert_eq!(parse_raw(&[0; 7], Dtype::F32, None).unwrap_err().code, codes::RAW_LAYOUT);
    }
}
