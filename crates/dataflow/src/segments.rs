//! A buffer's elements as runs of equal values: `[0, len)` cut into disjoint half-open runs, each
//! with one value. The replay keeps one per buffer (which version each element holds), so its
//! cost follows the runs a layer's transfers make, not the buffer's size.

use crate::intervals::IntervalSet;
use std::collections::BTreeMap;

/// `[0, len)` in runs, each with a value; every element is in exactly one run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segments<V> {
    len: i64,
    /// start → (end, value), disjoint and covering `[0, len)`.
    runs: BTreeMap<i64, (i64, V)>,
}

impl<V: Clone + PartialEq> Segments<V> {
    /// `len` elements (at least one), all `value`.
    pub fn new(len: i64, value: V) -> Segments<V> {
        let len = len.max(1);
        Segments { len, runs: BTreeMap::from([(0, (len, value))]) }
    }

    /// Its elements (at least one: a buffer is never empty).
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> i64 {
        self.len
    }

    /// Makes a run start at `at` (when inside), splitting the run that holds it.
    fn split(&mut self, at: i64) {
        if at <= 0 || at >= self.len {
            return;
        }
        let Some((&start, (end, value))) = self.runs.range(..=at).next_back() else { return };
        if start == at {
            return;
        }
        let (end, value) = (*end, value.clone());
        self.runs.insert(start, (at, value.clone()));
        self.runs.insert(at, (end, value));
    }

    /// Gives `[start, end)` (clipped to the buffer) the value.
    pub fn paint(&mut self, start: i64, end: i64, value: &V) {
        let (start, end) = (start.max(0), end.min(self.len));
        if start >= end {
            return;
        }
        self.split(start);
        self.split(end);
        let inside: Vec<i64> = self.runs.range(start..end).map(|(&s, _)| s).collect();
        for s in inside {
            self.runs.remove(&s);
        }
        // Joined with equal neighbours, so repeated writes of one version stay one run.
        let mut from = start;
        let mut to = end;
        if let Some((&s, (_, v))) = self.runs.range(..start).next_back() {
            if v == value {
                from = s;
                self.runs.remove(&s);
            }
        }
        if let Some((&s, (e, v))) = self.runs.range(end..).next() {
            if s == end && v == value {
                to = *e;
                self.runs.remove(&s);
            }
        }
        self.runs.insert(from, (to, value.clone()));
    }

    /// Gives every element of `set` the value.
    pub fn paint_set(&mut self, set: &IntervalSet, value: &V) {
        for &(start, end) in set.runs() {
            self.paint(start, end, value);
        }
    }

    /// Copies `other`'s values over `[start, end)`.
    pub fn copy_range(&mut self, other: &Segments<V>, start: i64, end: i64) {
        let runs: Vec<(i64, i64, V)> = other.runs_in(start, end).map(|(s, e, v)| (s, e, v.clone())).collect();
        for (s, e, v) in runs {
            self.paint(s, e, &v);
        }
    }

    /// The runs over `[start, end)`, clipped to it, in order.
    pub fn runs_in(&self, start: i64, end: i64) -> impl Iterator<Item = (i64, i64, &V)> + '_ {
        let (start, end) = (start.max(0), end.min(self.len));
        let first = self.runs.range(..=start).next_back().map_or(start, |(&s, _)| s);
        self.runs
            .range(first..end.max(first))
            .filter(move |(_, (e, _))| *e > start && start < end)
            .map(move |(&s, (e, v))| (s.max(start), (*e).min(end), v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(s: &Segments<u8>) -> Vec<(i64, i64, u8)> {
        s.runs_in(0, s.len()).map(|(a, b, v)| (a, b, *v)).collect()
    }

    #[test]
    fn paint_splits_and_joins_runs() {
        let mut s = Segments::new(10, 0u8);
        s.paint(2, 5, &1);
        assert_eq!(all(&s), [(0, 2, 0), (2, 5, 1), (5, 10, 0)]);
        s.paint(5, 7, &1);
        assert_eq!(all(&s), [(0, 2, 0), (2, 7, 1), (7, 10, 0)]);
        s.paint(0, 10, &3);
        assert_eq!(all(&s), [(0, 10, 3)]);
        // Clipped to the buffer; an empty range changes nothing.
        s.paint(-4, 1, &4);
        s.paint(9, 40, &5);
        s.paint(6, 6, &6);
        assert_eq!(all(&s), [(0, 1, 4), (1, 9, 3), (9, 10, 5)]);
        let mid: Vec<_> = s.runs_in(0, 2).map(|(a, b, v)| (a, b, *v)).collect();
        assert_eq!(mid, [(0, 1, 4), (1, 2, 3)]);
    }

    #[test]
    fn copy_takes_the_other_buffers_values_in_a_range() {
        let mut a = Segments::new(8, 0u8);
        let mut b = Segments::new(8, 9u8);
        b.paint(0, 4, &7);
        a.copy_range(&b, 2, 6);
        assert_eq!(all(&a), [(0, 2, 0), (2, 4, 7), (4, 6, 9), (6, 8, 0)]);
        a.paint_set(&IntervalSet::from_runs(vec![(0, 1), (7, 8)]), &1);
        assert_eq!(all(&a), [(0, 1, 1), (1, 2, 0), (2, 4, 7), (4, 6, 9), (6, 7, 0), (7, 8, 1)]);
    }
}
