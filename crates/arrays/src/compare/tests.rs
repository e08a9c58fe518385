//! The numerics on small arrays whose metrics are worked out by hand, and their invariants
//! (thread count, empty arrays, zero norms, NaN and infinities).

use super::*;
use crate::formats::{ByteOrder, Dtype};
use std::borrow::Cow;

fn f64s(shape: &[usize], values: &[f64]) -> Array<'static> {
    let data: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    Array { dtype: Dtype::F64, order: ByteOrder::Little, shape: shape.to_vec(), data: Cow::Owned(data) }
}

#[test]
fn identical_arrays_pass_every_gate() {
    let a = f64s(&[2, 2], &[1.0, -2.0, 3.0, 4.0]);
    let m = compare(&a, &a, &Options::default()).unwrap();
    assert_eq!((m.cosine, m.max_abs, m.max_rel, m.mean_rel_l1), (Some(1.0), Some(0.0), Some(0.0), Some(0.0)));
    assert!(m.pass());
}

#[test]
fn the_definitions_on_a_small_case() {
    let out = f64s(&[4], &[1.0, 2.0, 0.0, 5.0]);
    let reference = f64s(&[4], &[1.0, 2.5, 0.0, 4.0]);
    let m = compare(&out, &reference, &Options::default()).unwrap();
    assert_eq!(m.max_abs, Some(1.0));
    assert_eq!(m.max_rel, Some(0.25));
    assert_eq!(m.mean_rel_l1, Some((1.5 / 4.0) / (7.5 / 4.0 + 1e-30)));
    let cos = 26.0 / (30.0f64.sqrt() * 23.25f64.sqrt());
    assert!((m.cosine.unwrap() - cos).abs() < 1e-15);
    assert_eq!(m.mismatches, 2);
    assert_eq!(m.mismatch_pct, 50.0);
    assert_eq!(m.first_mismatches.iter().map(|x| x.index.clone()).collect::<Vec<_>>(), vec![vec![1], vec![3]]);
    assert!(!m.pass());
    assert!(compare(&out, &reference, &Options { gate: Gate::Cosine, cosine_min: 0.9, ..Options::default() })
        .unwrap()
        .pass());
}

#[test]
fn zero_norms_give_cosine_zero_and_nan_always_fails() {
    let zeros = f64s(&[3], &[0.0; 3]);
    let m = compare(&zeros, &zeros, &Options::default()).unwrap();
    assert_eq!(m.cosine, Some(0.0));
    assert!(m.both_zero && m.elementwise_pass() && m.cosine_pass());
    let m = compare(&zeros, &f64s(&[3], &[1.0; 3]), &Options::default()).unwrap();
    assert!(!m.both_zero && !m.cosine_pass());
    let nan = f64s(&[3], &[f64::NAN, 1.0, 1.0]);
    let ones = f64s(&[3], &[1.0; 3]);
    let m = compare(&nan, &ones, &Options { gate: Gate::Cosine, ..Options::default() }).unwrap();
    assert_eq!((m.nan, m.mismatches), (1, 1));
    assert!((m.cosine.unwrap() - 1.0).abs() < 1e-15 && m.cosine_pass());
    assert!(!m.pass());
}

#[test]
fn infinities_match_only_themselves() {
    assert!(close(f64::INFINITY, f64::INFINITY, 0.0, 0.0));
    assert!(!close(f64::INFINITY, f64::NEG_INFINITY, 1.0, 1.0));
    assert!(!close(1e300, f64::INFINITY, 1.0, 1.0));
    assert!(!close(f64::NAN, f64::NAN, 1.0, 1.0));
}

#[test]
fn multi_dimensional_indices_and_the_first_twenty() {
    assert_eq!(unravel(7, &[2, 3, 4]), vec![0, 1, 3]);
    assert_eq!(unravel(23, &[2, 3, 4]), vec![1, 2, 3]);
    let out = f64s(&[5, 10], &[1.0; 50]);
    let reference = f64s(&[5, 10], &[2.0; 50]);
    let m = compare(&out, &reference, &Options::default()).unwrap();
    assert_eq!(m.first_mismatches.len(), 20);
    assert_eq!(m.first_mismatches[19].index, vec![1, 9]);
}

#[test]
fn sums_do_not_depend_on_the_thread_count() {
    let n = (1 << 20) + 12345;
    let a: Vec<f64> = (0..n).map(|i| ((i * 7919) % 1000) as f64 / 37.0 - 13.0).collect();
    let b: Vec<f64> = a.iter().enumerate().map(|(i, v)| v + ((i % 13) as f64 - 6.0) * 1e-3).collect();
    let (a, b) = (f64s(&[n], &a), f64s(&[n], &b));
    let one = compare(&a, &b, &Options::default()).unwrap();
    for threads in [2, 3, 7] {
        assert_eq!(compare(&a, &b, &Options { threads, ..Options::default() }).unwrap(), one);
    }
}

#[test]
fn per_row_cosines_and_shape_mismatch() {
    let out = f64s(&[2, 2], &[1.0, 0.0, 1.0, 1.0]);
    let reference = f64s(&[2, 2], &[1.0, 0.0, 1.0, -1.0]);
    let m = compare(&out, &reference, &Options { per_row: true, ..Options::default() }).unwrap();
    let rows = m.per_row.clone().unwrap();
    assert_eq!((rows.rows, rows.min, rows.min_row, rows.mean), (2, 0.0, 1, 0.5));
    assert_eq!(m.gated_cosine(), Some(0.0));
    let err = compare(&out, &f64s(&[4], &[0.0; 4]), &Options::default()).unwrap_err();
    assert_eq!(err.code, codes::SHAPE_MISMATCH);
    assert_eq!(percentile(&[0.0, 1.0, 2.0, 3.0], 5.0), 0.15000000000000002);
}

#[test]
fn empty_arrays_have_no_metrics_and_pass() {
    let empty = f64s(&[0, 3], &[]);
    let m = compare(&empty, &empty, &Options { per_row: true, ..Options::default() }).unwrap();
    assert_eq!((m.elements, m.cosine, m.mismatch_pct, m.per_row.clone()), (0, None, 0.0, None));
    assert!(m.pass());
}
