//! The `.npy` format (numpy's `numpy/lib/format.py`): the magic `\x93NUMPY`, a version
//! (1.0: a 2-byte header length; 2.0 and 3.0: 4 bytes; 3.0's header is UTF-8), and a Python
//! dict literal `{'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }`.

use super::{data_size, Array, Dtype, FormatError};
use crate::codes;
use std::borrow::Cow;

const MAGIC: &[u8] = b"\x93NUMPY";

/// The array a `.npy` file's bytes hold. `bf16`: read 2-byte data (`<u2`, `<i2`, `|V2`) as bf16.
pub fn parse_npy(bytes: &[u8], bf16: bool) -> Result<Array<'_>, FormatError> {
    if !bytes.starts_with(MAGIC) {
        return Err(FormatError::bad_header("not a .npy file: it does not start with numpy's magic `\\x93NUMPY`"));
    }
    let (major, minor) = match bytes.get(6..8) {
        Some(v) => (v[0], v[1]),
        None => return Err(FormatError::bad_header("the .npy header ends before its version")),
    };
    let (len_size, utf8) = match major {
        1 => (2, false),
        2 => (4, false),
        3 => (4, true),
        _ => {
            return Err(FormatError::bad_header(format!(
                ".npy format version {major}.{minor} is not one compare reads (1.0, 2.0, 3.0)"
            )))
        }
    };
    let Some(len_bytes) = bytes.get(8..8 + len_size) else {
        return Err(FormatError::bad_header("the .npy header ends before its length"));
    };
    let header_len = len_bytes.iter().rev().fold(0usize, |acc, &b| (acc << 8) | usize::from(b));
    let start = 8 + len_size;
    let Some(header) = bytes.get(start..start.saturating_add(header_len)) else {
        return Err(FormatError::bad_header(format!(
            "the .npy header says it is {header_len} bytes long, the file ends after {}",
            bytes.len().saturating_sub(start)
        )));
    };
    let text: String = if utf8 {
        String::from_utf8(header.to_vec()).map_err(|_| FormatError::bad_header("the .npy 3.0 header is not UTF-8"))?
    } else {
        header.iter().map(|&b| char::from(b)).collect()
    };
    let fields = Header::parse(&text)?;
    let (dtype, order) = Dtype::from_descr(&fields.descr, bf16).ok_or_else(|| unsupported(&fields.descr, bf16))?;
    if fields.fortran_order && fields.shape.iter().filter(|&&d| d > 1).count() > 1 {
        return Err(FormatError::new(
            codes::NPY_FORTRAN_ORDER,
            format!("the array is in Fortran (column-major) order (shape {})", super::shape_text(&fields.shape)),
            "compare reads C-order arrays: save np.ascontiguousarray(a) instead",
        ));
    }
    let data = &bytes[start + header_len..];
    let needed = data_size(&fields.shape, dtype.size());
    if (data.len() as u128) < needed {
        return Err(FormatError::truncated("the .npy file", needed, data.len()));
    }
    // Safe: `needed` fits in `data.len()`, a usize.
    let data = &data[..needed as usize];
    Ok(Array { dtype, order, shape: fields.shape, data: Cow::Borrowed(data) })
}

fn unsupported(descr: &str, bf16: bool) -> FormatError {
    let help = if descr.ends_with("V2") && !bf16 {
        "a 2-byte void is how bf16 is saved without its tag: add --dtype bf16".to_string()
    } else {
        "compare reads bool, i8..i64, u8..u64, f16, f32, f64, and 2-byte data as bf16 (--dtype bf16)".to_string()
    };
    FormatError::new(codes::UNSUPPORTED_DTYPE, format!("the .npy dtype `{descr}` is not one compare reads"), help)
}

/// The three keys of a `.npy` header.
struct Header {
    descr: String,
    fortran_order: bool,
    shape: Vec<usize>,
}

impl Header {
    fn parse(text: &str) -> Result<Header, FormatError> {
        let mut p = Literal { s: text.trim_end_matches(['\n', ' ', '\0']).as_bytes(), at: 0 };
        let bad = |what: &str| FormatError::bad_header(format!("the .npy header `{}` {what}", text.trim_end()));
        let (mut descr, mut fortran, mut shape) = (None, None, None);
        p.expect(b'{').ok_or_else(|| bad("is not a dict"))?;
        loop {
            p.space();
            if p.eat(b'}') {
                break;
            }
            let key = p.string().ok_or_else(|| bad("has a key that is not a string"))?;
            p.space();
            p.expect(b':').ok_or_else(|| bad("lacks a `:`"))?;
            p.space();
            match key.as_str() {
                "descr" => descr = Some(p.string().ok_or_else(|| bad("has a descr that is not a plain dtype string"))?),
                "fortran_order" => {
                    fortran = Some(p.boolean().ok_or_else(|| bad("has a fortran_order that is not True or False"))?)
                }
                "shape" => shape = Some(p.tuple().ok_or_else(|| bad("has a shape that is not a tuple of integers"))?),
                _ => return Err(bad(&format!("has an unknown key `{key}`"))),
            }
            p.space();
            if !p.eat(b',') {
                p.space();
                p.expect(b'}').ok_or_else(|| bad("is not a dict"))?;
                break;
            }
        }
        match (descr, fortran, shape) {
            (Some(descr), Some(fortran_order), Some(shape)) => Ok(Header { descr, fortran_order, shape }),
            _ => Err(bad("lacks one of descr, fortran_order, shape")),
        }
    }
}

/// A reader of the Python literals a header holds.
struct Literal<'s> {
    s: &'s [u8],
    at: usize,
}

impl Literal<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.at).copied()
    }

    fn eat(&mut self, c: u8) -> bool {
        let hit = self.peek() == Some(c);
        self.at += usize::from(hit);
        hit
    }

    fn expect(&mut self, c: u8) -> Option<()> {
        self.eat(c).then_some(())
    }

    fn space(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
            self.at += 1;
        }
    }

    fn string(&mut self) -> Option<String> {
        let quote = self.peek().filter(|&q| q == b'\'' || q == b'"')?;
        self.at += 1;
        let from = self.at;
        while self.peek()? != quote {
            self.at += 1;
        }
        let text = std::str::from_utf8(&self.s[from..self.at]).ok()?.to_string();
        self.at += 1;
        Some(text)
    }

    fn boolean(&mut self) -> Option<bool> {
        for (word, value) in [(&b"True"[..], true), (&b"False"[..], false)] {
            if self.s[self.at..].starts_with(word) {
                self.at += word.len();
                return Some(value);
            }
        }
        None
    }

    fn tuple(&mut self) -> Option<Vec<usize>> {
        self.expect(b'(')?;
        let mut dims = Vec::new();
        loop {
            self.space();
            if self.eat(b')') {
                return Some(dims);
            }
            let from = self.at;
            while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.at += 1;
            }
            // `3L`: Python 2's long literals, still found in old files.
            let digits = std::str::from_utf8(&self.s[from..self.at]).ok()?;
            dims.push(digits.parse().ok()?);
            self.eat(b'L');
            self.space();
            if !self.eat(b',') {
                self.space();
                self.expect(b')')?;
                return Some(dims);
            }
        }
    }
}

/// The bytes of a `.npy` file (version 1.0 unless the header needs more) holding `data`:
/// for tests and fixtures.
pub fn write_npy(descr: &str, shape: &[usize], fortran: bool, data: &[u8]) -> Vec<u8> {
    let dims: Vec<String> = shape.iter().map(usize::to_string).collect();
    let tuple = if dims.len() == 1 { format!("({},)", dims[0]) } else { format!("({})", dims.join(", ")) };
    let order = if fortran { "True" } else { "False" };
    let mut header = format!("{{'descr': '{descr}', 'fortran_order': {order}, 'shape': {tuple}, }}");
    while (10 + header.len() + 1) % 64 != 0 {
        header.push(' ');
    }
    header.push('\n');
    let mut out = MAGIC.to_vec();
    out.extend([1, 0]);
    out.extend((header.len() as u16).to_le_bytes());
    out.extend(header.as_bytes());
    out.extend(data);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::ByteOrder;

    #[test]
    fn reads_a_v1_header_and_its_data() {
        let bytes = write_npy("<f4", &[2, 3], false, &[0u8; 24]);
        let array = parse_npy(&bytes, false).unwrap();
        assert_eq!(
            (array.dtype, array.order, array.shape.clone(), array.data.len()),
            (Dtype::F32, ByteOrder::Little, vec![2, 3], 24)
        );
    }

    #[test]
    fn scalar_and_one_dimensional_shapes() {
        assert_eq!(parse_npy(&write_npy("<f8", &[], false, &[0; 8]), false).unwrap().len(), 1);
        assert_eq!(parse_npy(&write_npy("|u1", &[5], false, &[0; 5]), false).unwrap().shape, vec![5]);
    }

    #[test]
    fn refuses_what_it_cannot_read() {
        let code = |bytes: &[u8]| parse_npy(bytes, false).map(|_| ()).unwrap_err().code;
        assert_eq!(code(b"hello"), codes::NPY_BAD_HEADER);
        assert_eq!(code(&write_npy("<f4", &[2, 3], true, &[0; 24])), codes::NPY_FORTRAN_ORDER);
        // A Fortran-order vector is a C-order vector.
        assert!(parse_npy(&write_npy("<f4", &[3], true, &[0; 12]), false).is_ok());
        assert_eq!(code(&write_npy("<c8", &[1], false, &[0; 8])), codes::UNSUPPORTED_DTYPE);
        let err = parse_npy(&write_npy("<f4", &[2, 3], false, &[0; 20]), false).unwrap_err();
        assert_eq!(err.code, codes::TRUNCATED);
        assert!(err.message.contains("(4 bytes missing)"), "{}", err.message);
    }
}
