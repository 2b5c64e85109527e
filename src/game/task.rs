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
}
