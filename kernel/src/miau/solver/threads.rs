//! Work on several threads at once. With four threads and more a search
//! keeps one pool of threads for its whole length (rayon's, started once
//! and joined when the search returns): each batch is three rounds of work
//! on every thread (expand, check, take), and starting threads afresh for
//! each round cost more than a round's work at 16 threads (on this
//! project's 2-core VM, starting and joining 15 threads took 543 µs a
//! round; handing 15 jobs to a pool's threads, 23 µs: criterion's
//! `miau/thread-rounds`). With two or three
//! threads a batch is one round, and each round starts its threads: a
//! pool's idle threads spin a while before they sleep, and on two cores
//! that spinning took time from the working threads (tried before: two
//! threads took 1.79-1.81 s where they had taken 1.57-1.68 s).

use std::sync::Mutex;

/// The pool of a search with four threads or more.
pub(super) type Pool = rayon_core::ThreadPool;

/// Jobs for other threads, each run once.
pub(super) type Jobs<'a> = Vec<Box<dyn FnOnce() + Send + 'a>>;

/// Runs `jobs` on other threads (the pool's, or threads started for them)
/// while `main` runs on this one, and returns when all are done.
pub(super) fn fork(pool: Option<&Pool>, jobs: Jobs<'_>, main: impl FnOnce()) {
    match pool {
        Some(pool) => pool.in_place_scope(|sc| {
            for job in jobs {
                sc.spawn(move |_| job());
            }
            main();
        }),
        None => crate::threads::fork(jobs, main),
    }
}

/// `work(w)` for every `w` in `0..n` at once (`w` = 0 on this thread),
/// the answers in order of `w`.
pub(super) fn each<R: Send>(pool: Option<&Pool>, n: usize, work: impl Fn(usize) -> R + Sync) -> Vec<R> {
    let slots: Vec<Mutex<Option<R>>> = (0..n).map(|_| Mutex::new(None)).collect();
    let put = |w: usize| {
        let answer = work(w);
        *slots[w].lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(answer);
    };
    let put = &put;
    let jobs: Jobs<'_> = (1..n).map(|w| Box::new(move || put(w)) as Box<dyn FnOnce() + Send + '_>).collect();
    fork(pool, jobs, || put(0));
    slots
        .into_iter()
        .map(|s| s.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner).expect("every job ran"))
        .collect()
}

/// Drops `alone` on this thread while the other `n - 1` threads drop
/// `items`, each a share (all of them here when `n` is 1): the end of a
/// large search frees many blocks, which is work of its own. Large
/// mappings go in `alone`: the kernel unmaps one at a time, so threads
/// unmapping at once only wait on each other.
pub(super) fn drop_apart<A: Send, T: Send>(pool: Option<&Pool>, n: usize, alone: A, items: Vec<T>) {
    let others = n.saturating_sub(1).clamp(1, items.len().max(1));
    let mut shares: Vec<Mutex<Vec<T>>> = (0..others).map(|_| Mutex::new(Vec::new())).collect();
    for (i, item) in items.into_iter().enumerate() {
        shares[i % others].get_mut().unwrap_or_else(std::sync::PoisonError::into_inner).push(item);
    }
    if n <= 1 {
        drop(alone);
        drop(shares);
        return;
    }
    let alone = Mutex::new(Some(alone));
    each(pool, others + 1, |w| match w {
        0 => drop(alone.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take()),
        w => drop(std::mem::take(&mut *shares[w - 1].lock().unwrap_or_else(std::sync::PoisonError::into_inner))),
    });
}

// Threaded tests: not compiled on wasm, which has no threads (the
// crosscheck's wasm run names them: crosscheck/ci.sh).
#[cfg(not(target_family = "wasm"))]
#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Every job runs once, on a pool (more jobs than its threads queue up)
    /// and on started threads alike, and the answers come back in order.
    #[test]
    fn every_job_runs_once_and_answers_in_order() {
        let pool = rayon_core::ThreadPoolBuilder::new().num_threads(3).build().expect("a pool starts");
        for pool in [None, Some(&pool)] {
            for n in [1, 4, 9] {
                let ran = AtomicUsize::new(0);
                let answers = each(pool, n, |w| {
                    ran.fetch_add(1, Ordering::Relaxed);
                    w * 10
                });
                assert_eq!(answers, (0..n).map(|w| w * 10).collect::<Vec<_>>(), "{n} jobs");
                assert_eq!(ran.load(Ordering::Relaxed), n, "{n} jobs ran once each");
            }
            let (ran, main) = (AtomicUsize::new(0), AtomicUsize::new(0));
            let jobs: Jobs<'_> = (0..5)
                .map(|_| {
                    Box::new(|| {
                        ran.fetch_add(1, Ordering::Relaxed);
                    }) as Box<dyn FnOnce() + Send + '_>
                })
                .collect();
            fork(pool, jobs, || {
                main.fetch_add(1, Ordering::Relaxed);
            });
            assert_eq!((ran.load(Ordering::Relaxed), main.load(Ordering::Relaxed)), (5, 1));
        }
    }

    /// Every item is dropped once, and the one dropped alone too, however
    /// many threads share them out (more threads than items, one thread,
    /// and no items at all included).
    #[test]
    fn every_item_is_dropped_once() {
        struct Counted<'a>(&'a AtomicUsize);
        impl Drop for Counted<'_> {
            fn drop(&mut self) {
                self.0.fetch_add(1, Ordering::Relaxed);
            }
        }
        let pool = rayon_core::ThreadPoolBuilder::new().num_threads(3).build().expect("a pool starts");
        for pool in [None, Some(&pool)] {
            for (items, threads) in [(0, 4), (3, 4), (10, 4), (10, 1), (10, 2)] {
                let dropped = AtomicUsize::new(0);
                let alone = Counted(&dropped);
                drop_apart(pool, threads, alone, (0..items).map(|_| Counted(&dropped)).collect());
                assert_eq!(dropped.load(Ordering::Relaxed), items + 1, "{items} items on {threads} threads");
            }
        }
    }
}
