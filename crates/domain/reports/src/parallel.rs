//! Pages worked on side by side: the pages of a report are independent until their rows are
//! put together, so each core takes the next page not yet taken.

use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Most threads one call uses, the calling thread included. Reading a report is one request
/// among others on a server; two already halve a long report's time on our two cores.
const MAX_THREADS: usize = 2;

/// `work` on each of `items`, the answers (which may borrow from the items) in the items' order. The calling thread works too;
/// others are started only where there is more than one item and more than one core. A panic
/// in any `work` is raised again here once every thread has stopped.
pub fn map_in_parallel<'a, T: Sync, R: Send>(items: &'a [T], work: impl Fn(&'a T) -> R + Sync) -> Vec<R> {
    map_in_parallel_with(items, || (), |(), item| work(item))
}

/// [`map_in_parallel`], where each thread keeps a `state` of its own that its items' `work`
/// may add to: what one page found out (a font read) serves the next pages the same thread
/// takes. The state stays on its thread, so it need not be shareable.
pub fn map_in_parallel_with<'a, T: Sync, S, R: Send>(
    items: &'a [T],
    state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, &'a T) -> R + Sync,
) -> Vec<R> {
    let cores = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
    let threads = cores.min(MAX_THREADS).min(items.len());
    if threads <= 1 {
        let mut state = state();
        return items.iter().map(|item| work(&mut state, item)).collect();
    }
    let next = AtomicUsize::new(0);
    let take = || {
        let mut state = state();
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = items.get(i) else { break done };
            done.push((i, work(&mut state, item)));
        }
    };
    let mut answers: Vec<(usize, R)> = std::thread::scope(|scope| {
        let others: Vec<_> = (1..threads).map(|_| scope.spawn(take)).collect();
        let mut answers = take();
        for other in others {
            match other.join() {
                Ok(theirs) => answers.extend(theirs),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        answers
    });
    answers.sort_unstable_by_key(|(i, _)| *i);
    answers.into_iter().map(|(_, r)| r).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;
    use std::thread::ThreadId;

    #[test]
    fn answers_come_back_in_the_items_order() {
        let items: Vec<u64> = (0..200).collect();
        // Uneven work, so that the threads finish items out of order.
        let answers = map_in_parallel(&items, |&n| {
            if n % 7 == 0 {
                std::thread::sleep(std::time::Duration::from_micros(200));
            }
            n * n
        });
        assert_eq!(answers, items.iter().map(|n| n * n).collect::<Vec<_>>());
    }

    #[test]
    fn more_than_one_item_is_worked_on_by_more_than_one_thread_where_there_are_cores() {
        if std::thread::available_parallelism().map_or(1, NonZeroUsize::get) < 2 {
            return;
        }
        let seen: Mutex<Vec<ThreadId>> = Mutex::new(Vec::new());
        let items = [0u8; 8];
        map_in_parallel(&items, |_| {
            seen.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(std::thread::current().id());
            std::thread::sleep(std::time::Duration::from_millis(5));
        });
        let mut seen = seen.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
        seen.sort_unstable_by_key(|id| format!("{id:?}"));
        seen.dedup();
        assert_eq!(seen.len(), 2);
    }

    #[test]
    fn each_thread_keeps_its_own_state_across_the_items_it_takes() {
        let items: Vec<u32> = (0..50).collect();
        // Each thread counts the items it has taken; the counts each thread sees rise by one.
        let seen = map_in_parallel_with(
            &items,
            || 0u32,
            |taken, _| {
                *taken += 1;
                (std::thread::current().id(), *taken)
            },
        );
        let mut by_thread: std::collections::HashMap<ThreadId, Vec<u32>> = std::collections::HashMap::new();
        for (thread, count) in seen {
            by_thread.entry(thread).or_default().push(count);
        }
        let total: usize = by_thread.values().map(Vec::len).sum();
        assert_eq!(total, 50);
        for counts in by_thread.values() {
            assert_eq!(*counts, (1..=counts.len() as u32).collect::<Vec<_>>());
        }
    }

    #[test]
    fn a_panic_in_the_work_is_raised_to_the_caller() {
        let items = [1, 2, 3, 4];
        let caught = std::panic::catch_unwind(|| map_in_parallel(&items, |&n| assert!(n != 3, "three")));
        assert!(caught.is_err());
    }
}
