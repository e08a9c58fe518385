//! The file formats on the committed fixtures of `testdata/compare/` (written by
//! `tools/compare-fixtures.py --testdata` with numpy): every dtype in both byte orders, format
//! versions 1.0–3.0, `.npz` deflated, Fortran order refused, truncated files.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use air_arrays::codes;
use air_arrays::formats::{npz_member, npz_members, parse_npy, ByteOrder, Dtype};
use std::path::PathBuf;

fn read(name: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../testdata/compare").join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn values(bytes: &[u8], bf16: bool) -> (Dtype, ByteOrder, Vec<usize>, Vec<f64>) {
    let array = parse_npy(bytes, bf16).unwrap();
    let mut out = vec![0.0; array.len()];
    array.decode(0, &mut out);
    (array.dtype, array.order, array.shape.clone(), out)
}

#[test]
fn every_dtype_in_both_byte_orders() {
    let expected = [0.0, 1.0, 2.0, 3.0, 5.0, 7.0, 100.0, 127.0];
    let cases = [
        ("i8", Dtype::I8, ByteOrder::Little),
        ("i16", Dtype::I16, ByteOrder::Little),
        ("i32", Dtype::I32, ByteOrder::Little),
        ("i64", Dtype::I64, ByteOrder::Little),
        ("u8", Dtype::U8, ByteOrder::Little),
        ("u16", Dtype::U16, ByteOrder::Little),
        ("u32", Dtype::U32, ByteOrder::Little),
        ("u64", Dtype::U64, ByteOrder::Little),
        ("f16", Dtype::F16, ByteOrder::Little),
        ("f32", Dtype::F32, ByteOrder::Little),
        ("f64", Dtype::F64, ByteOrder::Little),
        ("i32be", Dtype::I32, ByteOrder::Big),
        ("f32be", Dtype::F32, ByteOrder::Big),
        ("f64be", Dtype::F64, ByteOrder::Big),
        ("u16be", Dtype::U16, ByteOrder::Big),
    ];
    for (name, dtype, order) in cases {
        let got = values(&read(&format!("dtype_{name}.npy")), false);
        assert_eq!(got, (dtype, order, vec![2, 4], expected.to_vec()), "{name}");
    }
    let bools = values(&read("dtype_bool.npy"), false);
    assert_eq!(bools, (Dtype::Bool, ByteOrder::Little, vec![2, 4], vec![0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]));
}

#[test]
fn bf16_is_two_byte_data_read_as_bf16_with_round_to_nearest_even() {
    let (dtype, _, _, rounded) = values(&read("round_bf16.npy"), true);
    assert_eq!(dtype, Dtype::Bf16);
    // 1+2^-8 is halfway: even is 1; 1+3·2^-8 rounds up to 1+2^-6; 256.5 to 256; -1-2^-9 to -1.
    assert_eq!(rounded, vec![1.0, 1.015625, 256.0, -1.0]);
    assert_eq!(values(&read("round_bf16.npy"), false).0, Dtype::U16);
}

#[test]
fn format_versions_one_to_three_hold_the_same_array() {
    let v1 = values(&read("ref_f32.npy"), false);
    assert_eq!(values(&read("v2.npy"), false), v1);
    assert_eq!(values(&read("v3.npy"), false), v1);
    assert_eq!(read("v2.npy")[6..8], [2, 0]);
    assert_eq!(read("v3.npy")[6..8], [3, 0]);
}

#[test]
fn npz_members_deflated_and_addressed_by_name() {
    let zip = read("pair.npz");
    assert_eq!(npz_members(&zip).unwrap(), vec!["out", "ref"]);
    let member = npz_member(&zip, "ref").unwrap();
    let (dtype, _, shape, reference) = values(&member, true);
    assert_eq!((dtype, shape), (Dtype::Bf16, vec![4, 8]));
    assert_eq!(reference[0], -3.875);
}

#[test]
fn fortran_order_and_truncation_are_refused_clearly() {
    let err = parse_npy(&read("fortran.npy"), false).unwrap_err();
    assert_eq!(err.code, codes::NPY_FORTRAN_ORDER);
    assert_eq!(err.message, "the array is in Fortran (column-major) order (shape 4x8)");
    let err = parse_npy(&read("truncated.npy"), false).unwrap_err();
    assert_eq!(err.code, codes::TRUNCATED);
    assert_eq!(
        err.message,
        "the .npy file is truncated: its data needs 128 bytes, the file holds 118 (10 bytes missing)"
    );
    let zip = read("pair.npz");
    let err = npz_member(&zip[..zip.len() / 2], "ref").unwrap_err();
    assert_eq!(err.code, codes::NPZ_MEMBER);
}

#[test]
fn no_input_prefix_panics() {
    // Every prefix of every fixture is an error or an array, never a panic.
    for name in ["ref_f32.npy", "v3.npy", "pair.npz", "dtype_u16be.npy"] {
        let bytes = read(name);
        for end in 0..bytes.len() {
            let _ = parse_npy(&bytes[..end], true);
            let _ = npz_members(&bytes[..end]);
            let _ = npz_member(&bytes[..end], "out");
        }
    }
}
