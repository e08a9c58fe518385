//! Arithmetic on sizes read from the input: it saturates instead of overflowing.

/// Sum that saturates instead of overflowing (sizes come from the input).
pub fn sat_sum(values: impl IntoIterator<Item = i64>) -> i64 {
    values.into_iter().fold(0i64, i64::saturating_add)
}

/// Product that saturates instead of overflowing.
pub fn sat_product(values: impl IntoIterator<Item = i64>) -> i64 {
    values.into_iter().fold(1i64, i64::saturating_mul)
}

/// `ceil(a / b)` for positive `b`, without overflow.
pub fn ceil_div(a: i64, b: i64) -> i64 {
    if b <= 0 {
        return a;
    }
    a / b + i64::from(a % b != 0)
}
