//! Background work (engine searches, hints, solutions, the analysis strip) on a bounded set of
//! worker threads shared by every arcade in the process: N arcades served at once still use
//! at most as many threads as the pool has workers, not one thread per search each.
//!
//! Work is handed in as a closure with a cancel flag and comes back through a [`Task`] (one
//! answer) or [`Updates`] (reports as it goes). Dropping the handle cancels the work: the flag
//! is raised for work already running (engines check it and return early), and work still
//! waiting in the queue is never started. The event loop only ever polls.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, TryRecvError, channel};
use std::sync::{Arc, Condvar, Mutex, PoisonError};

/// A piece of work waiting for a worker.
type Job = Box<dyn FnOnce() + Send + 'static>;

/// The queue and whether the pool is closed, behind one lock.
struct State {
    queue: VecDeque<Job>,
    /// Every handle to the pool is gone: workers finish the queue and end.
    closed: bool,
}

/// What the workers share with the handles.
struct Shared {
    state: Mutex<State>,
    ready: Condvar,
}

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // A job panics outside the lock, so a poisoned lock still holds a consistent queue.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Closes the pool when the last [`WorkPool`] handle is dropped.
struct Owner {
    shared: Arc<Shared>,
    workers: usize,
}

impl Drop for Owner {
    fn drop(&mut self) {
        self.shared.lock().closed = true;
        self.shared.ready.notify_all();
    }
}

/// A fixed number of worker threads and a queue of work, shared by cloning: every app of the
/// process holds a clone of the one pool its front end made.
#[derive(Clone)]
pub struct WorkPool(Arc<Owner>);

impl std::fmt::Debug for WorkPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WorkPool")
            .field("workers", &self.0.workers)
            .finish_non_exhaustive()
    }
}

impl WorkPool {
    /// A pool of `workers` threads (at least one), started now.
    #[must_use]
    pub fn new(workers: usize) -> Self {
        let workers = workers.max(1);
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                queue: VecDeque::new(),
                closed: false,
            }),
            ready: Condvar::new(),
        });
        for index in 0..workers {
            let shared = Arc::clone(&shared);
            let spawned = std::thread::Builder::new()
                .name(format!("parlor-work-{index}"))
                .spawn(move || work(&shared));
            if let Err(err) = spawned {
                // Fewer workers only make the queue longer; one is always tried.
                log::warn!("work pool: worker {index} not started: {err}");
            }
        }
        Self(Arc::new(Owner { shared, workers }))
    }

    /// A pool with one worker per processor core: what the local terminal uses.
    #[must_use]
    pub fn per_core() -> Self {
        Self::new(std::thread::available_parallelism().map_or(2, std::num::NonZero::get))
    }

    /// How many worker threads the pool has.
    #[must_use]
    pub fn workers(&self) -> usize {
        self.0.workers
    }

    fn submit(&self, job: Job) {
        self.0.shared.lock().queue.push_back(job);
        self.0.shared.ready.notify_one();
    }

    /// Runs `work` on a worker; `work` should check the flag it is given and return early
    /// once it is set. The answer comes back through the [`Task`].
    pub fn task<T: Send + 'static>(
        &self,
        work: impl FnOnce(&AtomicBool) -> T + Send + 'static,
    ) -> Task<T> {
        // For the debug log: which search, how long, and whether it was cancelled.
        static NEXT_ID: AtomicU64 = AtomicU64::new(1);
        let (sender, receiver) = channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        log::debug!("task {id} queued ({})", std::any::type_name::<T>());
        self.submit(Box::new(move || {
            if flag.load(Ordering::Relaxed) {
                log::debug!("task {id} dropped before it started");
                return;
            }
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
        }));
        Task { receiver, cancel }
    }

    /// Runs `work` on a worker; it sends each report through the function it is given and
    /// should return early once the flag is set. The reports come back through the
    /// [`Updates`].
    pub fn updates<T: Send + 'static>(
        &self,
        work: impl FnOnce(&AtomicBool, &mut dyn FnMut(T)) + Send + 'static,
    ) -> Updates<T> {
        let (sender, receiver) = channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        self.submit(Box::new(move || {
            if flag.load(Ordering::Relaxed) {
                return;
            }
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
        }));
        Updates { receiver, cancel }
    }
}

/// A worker: takes jobs until the pool is closed and its queue empty. A job that panics takes
/// only its own answer with it (its handle sees [`Poll::Lost`]); the worker goes on.
fn work(shared: &Shared) {
    loop {
        let job = {
            let mut state = shared.lock();
            loop {
                if let Some(job) = state.queue.pop_front() {
                    break job;
                }
                if state.closed {
                    return;
                }
                state = shared
                    .ready
                    .wait(state)
                    .unwrap_or_else(PoisonError::into_inner);
            }
        };
        if std::panic::catch_unwind(std::panic::AssertUnwindSafe(job)).is_err() {
            log::error!("background work panicked; its screen gets no answer");
        }
    }
}

/// A computation whose result arrives later. Dropping it cancels the work: undo, leaving the
/// game, or a new search stop the old one.
pub struct Task<T> {
    receiver: Receiver<T>,
    cancel: Arc<AtomicBool>,
}

/// What polling a task found.
pub enum Poll<T> {
    /// Still working (or still waiting for a worker).
    Pending,
    /// Finished with this result.
    Ready(T),
    /// The work ended without a result (it panicked); treated as "no answer".
    Lost,
}

impl<T> Task<T> {
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
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// A computation that reports as it goes (the analysis strip: a move solved, a deeper search
/// finished): the screen keeps the latest report, and the work is over when the worker is done
/// with it. Dropping it cancels the work, like [`Task`].
pub struct Updates<T> {
    receiver: Receiver<T>,
    cancel: Arc<AtomicBool>,
}

impl<T> Updates<T> {
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
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// Polls `task` until it answers (a guard against a hang, not a measure of speed).
    fn wait<T>(task: &Task<T>) -> Option<T> {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            match task.poll() {
                Poll::Ready(v) => return Some(v),
                Poll::Lost => return None,
                Poll::Pending if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(1));
                }
                Poll::Pending => panic!("the task never answered"),
            }
        }
    }

    #[test]
    fn results_arrive_and_dropping_cancels() {
        let pool = WorkPool::new(2);
        assert_eq!(wait(&pool.task(|_| 42)), Some(42));
        let seen = Arc::new(AtomicBool::new(false));
        let seen_in_worker = Arc::clone(&seen);
        let task = pool.task(move |cancel| {
            while !cancel.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(1));
            }
            seen_in_worker.store(true, Ordering::Relaxed);
        });
        // Let it start, then drop it: the flag stops it.
        std::thread::sleep(Duration::from_millis(20));
        drop(task);
        let deadline = Instant::now() + Duration::from_secs(20);
        while !seen.load(Ordering::Relaxed) {
            assert!(Instant::now() < deadline, "cancellation was not seen");
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn updates_keep_the_latest_and_end() {
        let pool = WorkPool::new(1);
        let updates = pool.updates(|_, report| {
            for i in 1..=3 {
                report(i);
            }
        });
        let deadline = Instant::now() + Duration::from_secs(20);
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

    /// However many searches are asked for at once, no more run together than the pool has
    /// workers; the rest wait their turn, and a dropped one that has not started never runs.
    #[test]
    fn no_more_work_runs_at_once_than_there_are_workers() {
        let pool = WorkPool::new(2);
        let running = Arc::new(AtomicU64::new(0));
        let most = Arc::new(AtomicU64::new(0));
        let tasks: Vec<Task<()>> = (0..8)
            .map(|_| {
                let (running, most) = (Arc::clone(&running), Arc::clone(&most));
                pool.task(move |_| {
                    let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                    most.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(5));
                    running.fetch_sub(1, Ordering::SeqCst);
                })
            })
            .collect();
        for task in &tasks {
            assert!(wait(task).is_some());
        }
        assert_eq!(most.load(Ordering::SeqCst), 2);

        // Two workers kept busy until released, then a queued task dropped before its turn.
        let release = Arc::new(AtomicBool::new(false));
        let busy: Vec<Task<()>> = (0..2)
            .map(|_| {
                let release = Arc::clone(&release);
                pool.task(move |_| {
                    while !release.load(Ordering::SeqCst) {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                })
            })
            .collect();
        let started = Arc::new(AtomicBool::new(false));
        let started_in_worker = Arc::clone(&started);
        drop(pool.task(move |_| started_in_worker.store(true, Ordering::SeqCst)));
        release.store(true, Ordering::SeqCst);
        for task in &busy {
            assert!(wait(task).is_some());
        }
        // The queue is worked in order: once this later task has answered, the dropped one
        // had its turn and was skipped.
        assert_eq!(wait(&pool.task(|_| 1)), Some(1));
        assert!(!started.load(Ordering::SeqCst), "dropped work was started");
    }

    #[test]
    fn a_panicking_job_loses_its_answer_and_the_worker_goes_on() {
        let pool = WorkPool::new(1);
        let lost = pool.task(|_| -> u8 { panic!("on purpose") });
        assert_eq!(wait(&lost), None);
        assert_eq!(wait(&pool.task(|_| 7)), Some(7));
    }
}
