//! The per-chunk work: both sides decoded to f64 a chunk at a time, every sum kept in fixed
//! lanes (so the loop vectorises without reassociating, and the result does not depend on how
//! chunks are split among threads: each chunk's partial is computed alone, then partials are
//! added in chunk order).

use crate::formats::Array;

/// Elements per chunk: the unit of determinism (partials are per chunk) and of decoding.
pub const CHUNK: usize = 8192;
const LANES: usize = 8;
/// Mismatches kept per chunk (the first 20 overall come from the first chunks' lists).
pub const FIRST: usize = 20;
/// max_rel's denominator floor (llms/verify/comparators.py `error_metrics`).
pub const REL_FLOOR: f64 = 1e-6;

/// What one chunk contributes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Partial {
    pub dot: f64,
    pub out_sq: f64,
    pub ref_sq: f64,
    pub abs_diff: f64,
    pub abs_ref: f64,
    /// Elements where both sides are finite (the metrics' domain).
    pub finite: u64,
    pub max_abs: f64,
    pub max_rel: f64,
    pub mismatches: u64,
    pub nan: u64,
    pub inf: u64,
    pub ref_nan: u64,
    pub ref_inf: u64,
    /// Flat indices of this chunk's first mismatches.
    pub first: Vec<usize>,
}

impl Partial {
    /// `self` followed by `next` (sums added in this order).
    pub fn then(&mut self, next: &Partial) {
        self.dot += next.dot;
        self.out_sq += next.out_sq;
        self.ref_sq += next.ref_sq;
        self.abs_diff += next.abs_diff;
        self.abs_ref += next.abs_ref;
        self.finite += next.finite;
        self.max_abs = self.max_abs.max(next.max_abs);
        self.max_rel = self.max_rel.max(next.max_rel);
        self.mismatches += next.mismatches;
        self.nan += next.nan;
        self.inf += next.inf;
        self.ref_nan += next.ref_nan;
        self.ref_inf += next.ref_inf;
        let room = FIRST.saturating_sub(self.first.len());
        self.first.extend(next.first.iter().take(room));
    }
}

/// Whether `o` is within tolerance of `r`, as numpy's `isclose` (equal_nan=False): NaN is
/// never close, infinities only to the same infinity, else `|o − r| ≤ atol + rtol·|r|`.
#[inline]
pub fn close(o: f64, r: f64, rtol: f64, atol: f64) -> bool {
    if o.is_finite() && r.is_finite() {
        (o - r).abs() <= atol + rtol * r.abs()
    } else {
        o == r
    }
}

/// Scratch buffers of one worker.
pub struct Scratch {
    out: Vec<f64>,
    reference: Vec<f64>,
}

impl Scratch {
    pub fn new() -> Scratch {
        Scratch { out: vec![0.0; CHUNK], reference: vec![0.0; CHUNK] }
    }
}

/// The partial of chunk `index` (elements `index*CHUNK..`, up to `len`).
pub fn chunk(
    out: &Array,
    reference: &Array,
    index: usize,
    len: usize,
    rtol: f64,
    atol: f64,
    s: &mut Scratch,
) -> Partial {
    let start = index * CHUNK;
    let n = CHUNK.min(len - start);
    let (o, r) = (&mut s.out[..n], &mut s.reference[..n]);
    out.decode(start, o);
    reference.decode(start, r);
    let mut p = Partial::default();
    let mut lanes = [[0.0f64; LANES]; 5];
    let mut maxes = [[0.0f64; LANES]; 2];
    let mut finite = [0u64; LANES];
    let mut bad = [0u64; LANES];
    for (oc, rc) in o.chunks(LANES).zip(r.chunks(LANES)) {
        for l in 0..oc.len() {
            let (x, y) = (oc[l], rc[l]);
            let both = x.is_finite() & y.is_finite();
            // Non-finite pairs count as zero in the sums (their counts are reported apart).
            let (x0, y0) = if both { (x, y) } else { (0.0, 0.0) };
            let d = (x0 - y0).abs();
            let a = y0.abs();
            lanes[0][l] += x0 * y0;
            lanes[1][l] += x0 * x0;
            lanes[2][l] += y0 * y0;
            lanes[3][l] += d;
            lanes[4][l] += a;
            maxes[0][l] = maxes[0][l].max(d);
            maxes[1][l] = maxes[1][l].max(d / a.max(REL_FLOOR));
            finite[l] += u64::from(both);
            bad[l] += u64::from(!close(x, y, rtol, atol));
        }
    }
    let sum = |lane: &[f64; LANES]| lane.iter().fold(0.0, |acc, v| acc + v);
    p.dot = sum(&lanes[0]);
    p.out_sq = sum(&lanes[1]);
    p.ref_sq = sum(&lanes[2]);
    p.abs_diff = sum(&lanes[3]);
    p.abs_ref = sum(&lanes[4]);
    p.max_abs = maxes[0].iter().fold(0.0, |m, v| m.max(*v));
    p.max_rel = maxes[1].iter().fold(0.0, |m, v| m.max(*v));
    p.finite = finite.iter().sum();
    p.mismatches = bad.iter().sum();
    if p.finite < n as u64 {
        p.nan = o.iter().filter(|v| v.is_nan()).count() as u64;
        p.inf = o.iter().filter(|v| v.is_infinite()).count() as u64;
        p.ref_nan = r.iter().filter(|v| v.is_nan()).count() as u64;
        p.ref_inf = r.iter().filter(|v| v.is_infinite()).count() as u64;
    }
    if p.mismatches > 0 {
        let mismatched = o.iter().zip(r.iter()).enumerate().filter(|(_, (x, y))| !close(**x, **y, rtol, atol));
        p.first = mismatched.take(FIRST).map(|(i, _)| start + i).collect();
    }
    p
}

/// The partials of chunks `range`, in order.
pub fn chunks(out: &Array, reference: &Array, range: std::ops::Range<usize>, rtol: f64, atol: f64) -> Vec<Partial> {
    let len = out.len();
    let mut scratch = Scratch::new();
    range.map(|i| chunk(out, reference, i, len, rtol, atol, &mut scratch)).collect()
}

/// The cosine of `dot` over the norms; 0 when either norm is 0 (comparators.py's
/// `per_position_cosine`: "positions where either side has zero norm return 0.0").
pub fn cosine(dot: f64, out_sq: f64, ref_sq: f64) -> f64 {
    let denom = out_sq.sqrt() * ref_sq.sqrt();
    if denom > 0.0 {
        dot / denom
    } else {
        0.0
    }
}

/// The cosine of each row (axis 0; every other axis flattened), over its finite pairs.
pub fn row_cosines(out: &Array, reference: &Array, rows: usize, row_len: usize) -> Vec<f64> {
    let mut o = vec![0.0; row_len.min(CHUNK)];
    let mut r = vec![0.0; row_len.min(CHUNK)];
    let mut cosines = Vec::with_capacity(rows);
    for row in 0..rows {
        let mut lanes = [[0.0f64; LANES]; 3];
        let mut at = 0;
        while at < row_len {
            let n = (row_len - at).min(CHUNK);
            out.decode(row * row_len + at, &mut o[..n]);
            reference.decode(row * row_len + at, &mut r[..n]);
            for (oc, rc) in o[..n].chunks(LANES).zip(r[..n].chunks(LANES)) {
                for l in 0..oc.len() {
                    let both = oc[l].is_finite() & rc[l].is_finite();
                    let (x, y) = if both { (oc[l], rc[l]) } else { (0.0, 0.0) };
                    lanes[0][l] += x * y;
                    lanes[1][l] += x * x;
                    lanes[2][l] += y * y;
                }
            }
            at += n;
        }
        let sum = |lane: &[f64; LANES]| lane.iter().fold(0.0, |acc, v| acc + v);
        cosines.push(cosine(sum(&lanes[0]), sum(&lanes[1]), sum(&lanes[2])));
    }
    cosines
}
