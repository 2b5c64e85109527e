//! What the threads of a parallel solve share (`parallel.rs` searches with it): the board
//! where shared nodes wait for a thread, and each shared node's moves, window and stop flag.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

use super::board::Square;
use super::move_list::MoveList;
use super::pass::Pass;

/// The threads of a parallel solve and the board where shared nodes wait for them.
pub(super) struct Workers {
    /// How many threads a solve runs on, the caller's included.
    pub(super) threads: usize,
    /// The shared node waiting for a thread, if any, and whether the solve is over.
    pub(super) board: Mutex<Board>,
    /// Signalled when a job is posted, a job's last helper leaves, or the solve ends.
    pub(super) changed: Condvar,
    /// How many threads wait for work: a hint read without the lock.
    pub(super) waiting: AtomicUsize,
    /// How many times a thread took a shared node: the tests' proof that sharing happens.
    pub(super) taken: AtomicUsize,
}

/// Where a shared node waits for a thread: one at a time (with two threads there is never
/// more than one thread to take it).
#[derive(Default)]
pub(super) struct Board {
    /// The shared node no thread has taken yet.
    pub(super) job: Option<Arc<Job>>,
    /// Whether the solve is over: the helpers leave.
    pub(super) closed: bool,
}

impl Workers {
    /// Room for `threads` searching at once, the caller's being one of them.
    pub(super) fn new(threads: usize) -> Self {
        Self {
            threads,
            board: Mutex::new(Board::default()),
            changed: Condvar::new(),
            waiting: AtomicUsize::new(0),
            taken: AtomicUsize::new(0),
        }
    }

    /// The board, locked.
    pub(super) fn board(&self) -> MutexGuard<'_, Board> {
        // Every update of the board is a single assignment: a panic cannot leave it half done.
        self.board.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Waits, the board unlocked meanwhile, until the board changes.
    pub(super) fn wait<'g>(&self, guard: MutexGuard<'g, Board>) -> MutexGuard<'g, Board> {
        self.changed
            .wait(guard)
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Posts `job` if a thread waits for work and no other job is on the board.
    pub(super) fn post(&self, job: &Arc<Job>) -> bool {
        if self.waiting.load(Ordering::Relaxed) == 0 {
            return false;
        }
        let mut board = self.board();
        if board.job.is_some() || board.closed {
            return false;
        }
        board.job = Some(Arc::clone(job));
        drop(board);
        self.changed.notify_all();
        true
    }

    /// Takes the job on the board for a thread that will work on it, if `fits` it.
    pub(super) fn take(&self, board: &mut Board, fits: impl Fn(&Job) -> bool) -> Option<Arc<Job>> {
        let job = board.job.take_if(|job| fits(job))?;
        self.taken.fetch_add(1, Ordering::Relaxed);
        job.helpers.fetch_add(1, Ordering::AcqRel);
        Some(job)
    }
}

/// One shared node: what the threads working on it share.
pub(super) struct Job {
    /// The node: the side to move's discs.
    pub(super) p: u64,
    /// The node: the other side's discs.
    pub(super) o: u64,
    /// The node's empty squares.
    pub(super) empties: u32,
    /// The top of the node's window (its bottom is in [`Best::alpha`], which rises).
    pub(super) beta: i32,
    /// The node's moves, best ordered first.
    pub(super) list: MoveList,
    /// The solver's pass the node belongs to (its table entries are kept apart).
    pub(super) pass: Pass,
    /// The next brother to hand out.
    pub(super) next: AtomicUsize,
    /// The window and best move found so far, by any thread.
    pub(super) best: Mutex<Best>,
    /// Raised when a brother refutes the node (or its owner stops).
    pub(super) stop: Arc<AtomicBool>,
    /// The stop flags a thread working on it must heed: the owner's and this job's own.
    pub(super) stops: Vec<Arc<AtomicBool>>,
    /// Threads other than the owner working on it now.
    pub(super) helpers: AtomicUsize,
}

/// The node's window and best move so far.
#[derive(Clone, Copy)]
pub(super) struct Best {
    /// The bottom of the window: brothers are searched from it.
    pub(super) alpha: i32,
    /// The best score found (fail-soft: a bound when at most the first alpha).
    pub(super) score: i32,
    /// The move that scored it.
    pub(super) square: Option<Square>,
}

impl Job {
    /// The window and best move so far, locked.
    pub(super) fn best(&self) -> MutexGuard<'_, Best> {
        // A thread that panicked under the lock left a consistent `Best` (plain stores).
        self.best.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Whether the job is shared below the node whose stop flag is `stop`.
    pub(super) fn is_below(&self, stop: &Arc<AtomicBool>) -> bool {
        self.stops.iter().any(|s| Arc::ptr_eq(s, stop))
    }
}

/// Closes the board when the solve ends, also by a panic, so the helpers leave and the
/// scope's join returns.
pub(super) struct CloseOnDrop<'w>(pub(super) &'w Workers);

impl Drop for CloseOnDrop<'_> {
    fn drop(&mut self) {
        self.0.board().closed = true;
        self.0.changed.notify_all();
    }
}

/// Tells a job's owner its helper left, also by a panic, so the owner does not wait forever.
pub(super) struct LeaveOnDrop<'w>(pub(super) &'w Workers, pub(super) &'w Job);

impl Drop for LeaveOnDrop<'_> {
    fn drop(&mut self) {
        let board = self.0.board();
        self.1.helpers.fetch_sub(1, Ordering::AcqRel);
        drop(board);
        self.0.changed.notify_all();
    }
}
