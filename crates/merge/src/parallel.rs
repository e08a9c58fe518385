//! Per-slice work spread over the cores: contiguous runs of about equal weight, so that each
//! worker takes about as long (the equivalence proof's runs).

/// The lengths of at most `threads` contiguous runs of about equal total weight (they add up
/// to `weights.len()`).
pub(crate) fn run_lengths(weights: &[u64], threads: usize) -> Vec<usize> {
    let total: u64 = weights.iter().map(|w| w + 1).sum();
    let threads = threads.clamp(1, weights.len().max(1)) as u64;
    let mut lengths = Vec::new();
    let (mut start, mut acc) = (0, 0u64);
    for (idx, weight) in weights.iter().enumerate() {
        acc += weight + 1;
        if acc * threads >= total * (lengths.len() as u64 + 1) && lengths.len() + 1 < threads as usize {
            lengths.push(idx + 1 - start);
            start = idx + 1;
        }
    }
    if start < weights.len() {
        lengths.push(weights.len() - start);
    }
    lengths
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_cover_every_item_once_in_order_for_any_thread_count() {
        let weights = [5, 1, 1, 1, 9, 0, 3];
        for threads in 1..10 {
            let lengths = run_lengths(&weights, threads);
            assert_eq!(lengths.iter().sum::<usize>(), weights.len(), "{threads} threads");
            assert!(lengths.len() <= threads && lengths.iter().all(|&len| len > 0), "{lengths:?}");
        }
        // A run ends with the item that takes it to its share (here the 9, at 22 of 27).
        assert_eq!(run_lengths(&weights, 2), vec![5, 2]);
        assert!(run_lengths(&[], 2).is_empty());
    }
}
