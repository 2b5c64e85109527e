//! Background work for a screen (engine moves, hints, solutions): a thread that answers through
//! a channel and can be cancelled at once. The event loop only ever polls it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};

/// A running computation whose result arrives later.
pub struct Task<T> {
    receiver: Receiver<T>,
    cancel: Arc<AtomicBool>,
}

/// What polling a task found.
pub enum Poll<T> {
    /// Still working.
    Pending,
    /// Finished with this result.
    Ready(T),
    /// The thread ended without a result (it panicked); treated as "no answer".
    Lost,
}

impl<T: Send + 'static> Task<T> {
    /// Starts `work` on its own thread; `work` should check the flag it is given and return
    /// early once it is set.
    pub fn spawn(work: impl FnOnce(&AtomicBool) -> T + Send + 'static) -> Self {
        // For the debug log: which search, how long, and whether it was cancelled.
        static NEXT_ID: AtomicU64 = AtomicU64::new(1);
        let (sender, receiver) = channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        log::debug!("task {id} started ({})", std::any::type_name::<T>());
        std::thread::spawn(move || {
            let started = std::time::Instant::now();
            // Debug builds only: `PARLOR_DEBUG_PANIC=task` makes every task fail, for the test
            // that checks a lost answer leaves the game and the terminal as they were.
            assert!(
                !(cfg!(debug_assertions)
                    && std::env::var_os("PARLOR_DEBUG_PANIC").is_some_and(|v| v == "task")),
                "PARLOR_DEBUG_PANIC=task: task {id} fails on purpose"
            );
            let result = work(&flag);
            let elapsed = started.elapsed();
            if flag.load(Ordering::Relaxed) {
                log::debug!("task {id} cancelled, stopped after {elapsed:.2?}");
            } else {
                log::debug!("task {id} finished in {elapsed:.2?}");
            }
            // The screen may be gone; then nobody wants the answer.
            let _ = sender.send(result);
        });
        Self { receiver, cancel }
    }

    /// Checks for the result without waiting.
    pub fn poll(&self) -> Poll<T> {
        match self.receiver.try_recv() {
            Ok(value) => Poll::Ready(value),
            Err(TryRecvError::Empty) => Poll::Pending,
            Err(TryRecvError::Disconnected) => Poll::Lost,
        }
    }
}

impl<T> Drop for Task<T> {
    /// A dropped task is cancelled: undo, leaving the game, or a new search stop the old one.
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// A running computation that reports as it goes (the analysis strip: a move solved, a deeper
/// search finished): the screen keeps the latest report, and the work is over when the thread
/// ends. Dropping it cancels the work, like [`Task`].
pub struct Updates<T> {
    receiver: Receiver<T>,
    cancel: Arc<AtomicBool>,
}

impl<T: Send + 'static> Updates<T> {
    /// Starts `work` on its own thread; it sends each report through the function it is
    /// given and should return early once the flag is set.
    pub fn spawn(work: impl FnOnce(&AtomicBool, &mut dyn FnMut(T)) + Send + 'static) -> Self {
        let (sender, receiver) = channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        std::thread::spawn(move || {
            let started = std::time::Instant::now();
            // The screen may be gone; then nobody wants the reports.
            work(&flag, &mut |report| {
                let _ = sender.send(report);
            });
            log::debug!(
                "updates ({}) ended after {:.2?}{}",
                std::any::type_name::<T>(),
                started.elapsed(),
                if flag.load(Ordering::Relaxed) {
                    ", cancelled"
                } else {
                    ""
                }
            );
        });
        Self { receiver, cancel }
    }

    /// The newest report since the last call (if any) and whether the work has ended (every
    /// report then received).
    pub fn drain(&self) -> (Option<T>, bool) {
        let mut latest = None;
        loop {
            match self.receiver.try_recv() {
                Ok(value) => latest = Some(value),
                Err(TryRecvError::Empty) => return (latest, false),
                Err(TryRecvError::Disconnected) => return (latest, true),
            }
        }
    }
}

impl<T> Drop for Updates<T> {
    /// A dropped computation is cancelled: a new position stops the old analysis.
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    #[test]
    fn results_arrive_and_dropping_cancels() {
        let task = Task::spawn(|_| 42);
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            match task.poll() {
                Poll::Ready(v) => {
                    assert_eq!(v, 42);
                    break;
                }
                Poll::Pending if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(1));
                }
                _ => panic!("the task never answered"),
            }
        }
        let seen = Arc::new(AtomicBool::new(false));
        let seen_in_thread = Arc::clone(&seen);
        let task = Task::spawn(move |cancel| {
            while !cancel.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(1));
            }
            seen_in_thread.store(true, Ordering::Relaxed);
        });
        drop(task);
        let deadline = Instant::now() + Duration::from_secs(10);
        while !seen.load(Ordering::Relaxed) {
            assert!(Instant::now() < deadline, "cancellation was not seen");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn updates_keep_the_latest_and_end() {
        let updates = Updates::spawn(|_, report| {
            for i in 1..=3 {
                report(i);
            }
        });
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut latest = None;
        loop {
            let (report, ended) = updates.drain();
            latest = report.or(latest);
            if ended {
                break;
            }
            assert!(Instant::now() < deadline, "the work never ended");
            std::thread::sleep(Duration::from_millis(1));
        }
        assert_eq!(latest, Some(3));
    }
}
