//! Threads where the platform has them (issue 64): wasm (the web page,
//! wasi) has none, so there every threaded path runs on this one thread,
//! with the same answer: the Miau solver is identical at every thread count
//! and the Life solver's batches at any split. The one place that decides;
//! on wasm the thread-starting code is not even compiled (std's threads
//! there would need pthreads the platform lacks).

/// The threads a caller that asked for `asked` gets here: all of them (at
/// least one) where the platform has threads, one on wasm.
pub fn usable(asked: u32) -> u32 {
    if cfg!(target_family = "wasm") {
        1
    } else {
        asked.max(1)
    }
}

/// `work` on each of `parts` at once, a thread each beyond the first (which
/// runs on this thread), the answers in order; one after another here on
/// wasm.
pub fn each_part<T: Sync, R: Send>(parts: &[T], work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    #[cfg(not(target_family = "wasm"))]
    if parts.len() > 1 {
        let work = &work;
        return std::thread::scope(|sc| {
            let handles: Vec<_> = parts[1..].iter().map(|p| sc.spawn(move || work(p))).collect();
            let first = work(&parts[0]);
            std::iter::once(first)
                .chain(handles.into_iter().map(|h| h.join().expect("a worker thread does not panic")))
                .collect()
        });
    }
    parts.iter().map(work).collect()
}

/// Runs `jobs` on threads started for them while `main` runs on this one,
/// returning when all are done; on wasm, `main` then the jobs here.
pub fn fork<'a>(jobs: Vec<Box<dyn FnOnce() + Send + 'a>>, main: impl FnOnce()) {
    #[cfg(not(target_family = "wasm"))]
    std::thread::scope(|sc| {
        for job in jobs {
            sc.spawn(job);
        }
        main();
    });
    #[cfg(target_family = "wasm")]
    {
        main();
        for job in jobs {
            job();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{each_part, fork, usable};
    use std::sync::atomic::{AtomicU32, Ordering};

    #[test]
    fn every_part_and_job_runs_once_in_order() {
        assert_eq!(each_part(&[1, 2, 3, 4], |x| x * 10), vec![10, 20, 30, 40]);
        assert_eq!(each_part::<u32, u32>(&[], |x| *x), Vec::<u32>::new());
        let ran = AtomicU32::new(0);
        let jobs: Vec<Box<dyn FnOnce() + Send + '_>> = (0..3)
            .map(|_| {
                Box::new(|| {
                    ran.fetch_add(1, Ordering::Relaxed);
                }) as Box<dyn FnOnce() + Send + '_>
            })
            .collect();
        fork(jobs, || {
            ran.fetch_add(10, Ordering::Relaxed);
        });
        assert_eq!(ran.into_inner(), 13);
        assert_eq!(usable(0), 1);
        assert_eq!(usable(8), if cfg!(target_family = "wasm") { 1 } else { 8 });
    }
}
