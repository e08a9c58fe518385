//! Per-slice work spread over the cores: contiguous runs of about equal weight, one scoped
//! thread each, results joined in slice order (so they never depend on the thread count).

/// `f` on every item, on at most `threads` workers; the results in item order. `weight` says
/// how much work an item is (its text length), so that the runs take about equally long.
pub(crate) fn map_balanced_mut<T: Send, R: Send>(
    items: &mut [T],
    threads: usize,
    weight: impl Fn(&T) -> u64,
    f: impl Fn(&mut T) -> R + Sync,
) -> Vec<R> {
    let lengths = run_lengths(&items.iter().map(&weight).collect::<Vec<u64>>(), threads);
    if lengths.len() <= 1 {
        return items.iter_mut().map(f).collect();
    }
    let mut runs: Vec<&mut [T]> = Vec::with_capacity(lengths.len());
    let mut rest = items;
    for len in lengths {
        let (run, tail) = rest.split_at_mut(len);
        runs.push(run);
        rest = tail;
    }
    let f = &f;
    std::thread::scope(|scope| {
        let workers: Vec<_> =
            runs.into_iter().map(|run| scope.spawn(move || run.iter_mut().map(f).collect::<Vec<R>>())).collect();
        // A worker that panicked is a bug: re-raise it, as a single thread would.
        workers.into_iter().flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    })
}

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
            let mut items: Vec<u64> = weights.to_vec();
            let out = map_balanced_mut(
                &mut items,
                threads,
                |w| *w,
                |w| {
                    *w += 100;
                    *w * 2
                },
            );
            assert_eq!(out, weights.iter().map(|w| (w + 100) * 2).collect::<Vec<_>>());
            assert_eq!(items, weights.iter().map(|w| w + 100).collect::<Vec<_>>());
        }
        assert!(run_lengths(&[], 2).is_empty());
    }
}
