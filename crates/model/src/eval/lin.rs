//! Linear (affine) integer expressions over index variables: `c + Σ kᵢ·vᵢ`.
//!
//! The analysis needs more than constants: a DMA offset such as `%iv * 4096 + %tx * 512` tells
//! which loops and which herd dimensions a transfer walks, and with what stride. Values are kept
//! in this form; anything that is not linear (a product of two variables, a division of a
//! variable) is not representable and the evaluator reports it as not constant instead.
//! All arithmetic is checked: an overflow makes the result unrepresentable, never wrong.

/// A variable: the `ARG_DEF` node id of a loop induction variable or hierarchy id.
pub type VarId = u32;

/// `constant + Σ coefficient · variable`, terms sorted by variable, no zero coefficients.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Lin {
    pub constant: i64,
    pub terms: Vec<(VarId, i64)>,
}

impl Lin {
    pub fn constant(value: i64) -> Lin {
        Lin { constant: value, terms: Vec::new() }
    }

    pub fn var(var: VarId) -> Lin {
        Lin { constant: 0, terms: vec![(var, 1)] }
    }

    /// The value, when no variable is involved.
    pub fn as_const(&self) -> Option<i64> {
        self.terms.is_empty().then_some(self.constant)
    }

    pub fn coefficient(&self, var: VarId) -> i64 {
        self.terms.iter().find(|(v, _)| *v == var).map(|(_, k)| *k).unwrap_or(0)
    }

    pub fn depends_on(&self, var: VarId) -> bool {
        self.terms.iter().any(|(v, _)| *v == var)
    }

    pub fn checked_add(&self, other: &Lin) -> Option<Lin> {
        let mut terms: Vec<(VarId, i64)> = Vec::with_capacity(self.terms.len() + other.terms.len());
        let (mut a, mut b) = (0, 0);
        while a < self.terms.len() || b < other.terms.len() {
            match (self.terms.get(a), other.terms.get(b)) {
                (Some(&(va, ka)), Some(&(vb, kb))) if va == vb => {
                    let k = ka.checked_add(kb)?;
                    if k != 0 {
                        terms.push((va, k));
                    }
                    a += 1;
                    b += 1;
                }
                (Some(&(va, ka)), Some(&(vb, _))) if va < vb => {
                    terms.push((va, ka));
                    a += 1;
                }
                (Some(_), Some(&(vb, kb))) => {
                    terms.push((vb, kb));
                    b += 1;
                }
                (Some(&(va, ka)), None) => {
                    terms.push((va, ka));
                    a += 1;
                }
                (None, Some(&(vb, kb))) => {
                    terms.push((vb, kb));
                    b += 1;
                }
                (None, None) => break,
            }
        }
        Some(Lin { constant: self.constant.checked_add(other.constant)?, terms })
    }

    pub fn checked_scale(&self, factor: i64) -> Option<Lin> {
        if factor == 0 {
            return Some(Lin::constant(0));
        }
        let mut terms = Vec::with_capacity(self.terms.len());
        for &(var, k) in &self.terms {
            terms.push((var, k.checked_mul(factor)?));
        }
        Some(Lin { constant: self.constant.checked_mul(factor)?, terms })
    }

    pub fn checked_sub(&self, other: &Lin) -> Option<Lin> {
        self.checked_add(&other.checked_scale(-1)?)
    }

    /// Product, when at least one side is a constant.
    pub fn checked_mul(&self, other: &Lin) -> Option<Lin> {
        match (self.as_const(), other.as_const()) {
            (Some(a), _) => other.checked_scale(a),
            (_, Some(b)) => self.checked_scale(b),
            _ => None,
        }
    }
}

/// MLIR's `floordiv` (rounds toward negative infinity).
pub fn floor_div(a: i64, b: i64) -> Option<i64> {
    if b == 0 {
        return None;
    }
    let q = a.checked_div(b)?;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q.checked_sub(1)
    } else {
        Some(q)
    }
}

/// MLIR's `ceildiv`.
pub fn ceil_div(a: i64, b: i64) -> Option<i64> {
    if b == 0 {
        return None;
    }
    let q = a.checked_div(b)?;
    if (a % b != 0) && ((a < 0) == (b < 0)) {
        q.checked_add(1)
    } else {
        Some(q)
    }
}

/// MLIR's `mod` (result has the sign of the divisor, i.e. non-negative for positive divisors).
pub fn floor_mod(a: i64, b: i64) -> Option<i64> {
    let q = floor_div(a, b)?;
    a.checked_sub(q.checked_mul(b)?)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn linear_arithmetic_merges_terms_and_drops_zeros() {
        let a = Lin::var(3).checked_scale(4).unwrap().checked_add(&Lin::constant(7)).unwrap();
        let b = Lin::var(1).checked_add(&Lin::var(3).checked_scale(-4).unwrap()).unwrap();
        let sum = a.checked_add(&b).unwrap();
        assert_eq!(sum, Lin { constant: 7, terms: vec![(1, 1)] });
        assert_eq!(a.checked_mul(&Lin::constant(2)).unwrap().coefficient(3), 8);
        assert!(Lin::var(1).checked_mul(&Lin::var(2)).is_none());
        assert!(Lin::constant(i64::MAX).checked_add(&Lin::constant(1)).is_none());
    }

    #[test]
    fn division_rounds_like_mlir() {
        assert_eq!(floor_div(-7, 2), Some(-4));
        assert_eq!(ceil_div(7, 2), Some(4));
        assert_eq!(ceil_div(-7, 2), Some(-3));
        assert_eq!(floor_mod(-7, 4), Some(1));
        assert_eq!(floor_div(1, 0), None);
    }
}
