//! Sets of element indices as sorted, disjoint, non-adjacent half-open intervals.

/// A set of element indices: sorted, disjoint and non-adjacent `[start, end)` intervals.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct IntervalSet {
    runs: Vec<(i64, i64)>,
}

impl IntervalSet {
    pub fn new() -> IntervalSet {
        IntervalSet::default()
    }

    /// `[start, end)`, empty when `end <= start`.
    pub fn range(start: i64, end: i64) -> IntervalSet {
        IntervalSet::from_runs(vec![(start, end)])
    }

    /// The set of any runs (in any order, overlapping or not).
    pub fn from_runs(mut runs: Vec<(i64, i64)>) -> IntervalSet {
        runs.retain(|&(s, e)| e > s);
        runs.sort_unstable();
        let mut out: Vec<(i64, i64)> = Vec::with_capacity(runs.len());
        for (s, e) in runs {
            match out.last_mut() {
                Some(last) if s <= last.1 => last.1 = last.1.max(e),
                _ => out.push((s, e)),
            }
        }
        IntervalSet { runs: out }
    }

    pub fn runs(&self) -> &[(i64, i64)] {
        &self.runs
    }

    pub fn is_empty(&self) -> bool {
        self.runs.is_empty()
    }

    /// How many indices the set holds (saturating).
    pub fn len(&self) -> i64 {
        self.runs.iter().fold(0i64, |acc, &(s, e)| acc.saturating_add(e - s))
    }

    pub fn union(&self, other: &IntervalSet) -> IntervalSet {
        if other.is_empty() {
            return self.clone();
        }
        if self.is_empty() {
            return other.clone();
        }
        let mut runs = self.runs.clone();
        runs.extend_from_slice(&other.runs);
        IntervalSet::from_runs(runs)
    }

    pub fn intersection(&self, other: &IntervalSet) -> IntervalSet {
        let (mut a, mut b) = (0, 0);
        let mut out = Vec::new();
        while a < self.runs.len() && b < other.runs.len() {
            let (s1, e1) = self.runs[a];
            let (s2, e2) = other.runs[b];
            let (s, e) = (s1.max(s2), e1.min(e2));
            if s < e {
                out.push((s, e));
            }
            if e1 < e2 {
                a += 1;
            } else {
                b += 1;
            }
        }
        IntervalSet { runs: out }
    }

    /// The indices of `self` not in `other`.
    pub fn difference(&self, other: &IntervalSet) -> IntervalSet {
        let mut out = Vec::new();
        let mut b = 0;
        for &(s, e) in &self.runs {
            let mut start = s;
            while b < other.runs.len() && other.runs[b].1 <= start {
                b += 1;
            }
            let mut k = b;
            while k < other.runs.len() && other.runs[k].0 < e {
                let (os, oe) = other.runs[k];
                if os > start {
                    out.push((start, os));
                }
                start = start.max(oe);
                if oe >= e {
                    break;
                }
                k += 1;
            }
            if start < e {
                out.push((start, e));
            }
        }
        IntervalSet { runs: out }
    }

    pub fn overlaps(&self, other: &IntervalSet) -> bool {
        !self.intersection(other).is_empty()
    }

    /// Whether every index of `other` is in `self`.
    pub fn covers(&self, other: &IntervalSet) -> bool {
        other.difference(self).is_empty()
    }

    /// The first index, when not empty.
    pub fn first(&self) -> Option<i64> {
        self.runs.first().map(|r| r.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_merge_and_subtract() {
        let a = IntervalSet::from_runs(vec![(10, 20), (0, 5), (5, 7), (18, 25)]);
        assert_eq!(a.runs(), &[(0, 7), (10, 25)]);
        assert_eq!(a.len(), 22);
        let b = IntervalSet::from_runs(vec![(3, 12), (20, 30)]);
        assert_eq!(a.intersection(&b).runs(), &[(3, 7), (10, 12), (20, 25)]);
        assert_eq!(a.difference(&b).runs(), &[(0, 3), (12, 20)]);
        assert_eq!(b.difference(&a).runs(), &[(7, 10), (25, 30)]);
        assert_eq!(a.union(&b).runs(), &[(0, 30)]);
        assert!(a.union(&b).covers(&a));
        assert!(!a.covers(&b));
        assert!(IntervalSet::range(0, 10).difference(&IntervalSet::range(0, 10)).is_empty());
        assert!(IntervalSet::range(5, 5).is_empty());
    }
}
