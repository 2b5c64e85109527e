//! Young brothers wait: the exact solver's parallel search. At an endgame node with enough
//! empties the first move (the best ordered, which most often settles the node or sets its
//! window) is searched alone; its younger brothers are then handed out one at a time to this
//! thread and, when a core is idle, a helper thread, both with the window the node has reached
//! so far. A brother that refutes the node raises the node's stop flag, and the other thread
//! drops what it was searching under it.
//!
//! The threads share the transposition table (lockless, `table.rs`), so what one proves the
//! other reads. A thread that has handed out its last brother and waits for the helper counts
//! as idle meanwhile: the helper may split a node of its own with that core. Helpers are
//! scoped threads, one per split: a split is only worth it where a subtree costs far more than
//! starting a thread (tens of microseconds), which [`Tuning::split_from`] sees to.
//!
//! [`Tuning::split_from`]: super::search::Tuning::split_from

// `p` and `o` (player, opponent) with `f` (flips) are the field's usual names.
#![allow(clippy::many_single_char_names)]

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread;

use super::board::Square;
use super::search::{INFINITY, MoveList, Searcher};

/// How many more threads a parallel solve may start now: one per idle core.
pub(super) struct Workers {
    idle: AtomicI32,
}

impl Workers {
    /// Room for `threads` searching at once, the caller's being one of them.
    pub(super) fn new(threads: usize) -> Self {
        let extra = i32::try_from(threads.saturating_sub(1)).unwrap_or(i32::MAX);
        Self {
            idle: AtomicI32::new(extra),
        }
    }

    /// Takes an idle core, if there is one.
    fn claim(&self) -> bool {
        self.idle
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| (n > 0).then(|| n - 1))
            .is_ok()
    }

    /// Gives a core back.
    fn release(&self) {
        self.idle.fetch_add(1, Ordering::AcqRel);
    }

    /// Takes the caller's core back after waiting; for a moment this may count one thread
    /// more than there are cores, never fewer.
    fn resume(&self) {
        self.idle.fetch_sub(1, Ordering::AcqRel);
    }

    fn has_idle(&self) -> bool {
        self.idle.load(Ordering::Relaxed) > 0
    }
}

/// What the threads working on one node share.
struct Split<'l> {
    p: u64,
    o: u64,
    empties: u32,
    beta: i32,
    list: &'l MoveList,
    /// The next brother to hand out.
    next: AtomicUsize,
    best: Mutex<Best>,
    /// Raised when a brother refutes the node.
    stop: Arc<AtomicBool>,
}

/// The node's window and best move so far.
#[derive(Clone, Copy)]
struct Best {
    alpha: i32,
    score: i32,
    square: Option<Square>,
}

impl Split<'_> {
    fn best(&self) -> MutexGuard<'_, Best> {
        // A thread that panicked under the lock left a consistent `Best` (plain stores).
        self.best.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Searcher<'_> {
    /// Whether this endgame node may share its moves with another thread.
    #[inline]
    pub(super) fn may_split(&self, empties: u32, moves: usize) -> bool {
        moves >= 3
            && empties >= self.tuning.split_from
            && self.workers.as_ref().is_some_and(|w| w.has_idle())
    }

    /// The principal-variation loop of an endgame node with `empties` empties over `list`,
    /// its younger moves shared with a helper thread when a core is idle. `wide_first`: the
    /// first move is searched alone with the full window (else one was already searched).
    /// Returns the best score and move, or `None` when the search was stopped.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn split_children(
        &mut self,
        p: u64,
        o: u64,
        list: &MoveList,
        mut alpha: i32,
        beta: i32,
        empties: u32,
        wide_first: bool,
    ) -> Option<(i32, Option<Square>)> {
        let mut best = Best {
            alpha,
            score: -INFINITY,
            square: None,
        };
        let mut start = 0;
        if wide_first {
            let (sq, f, _) = list.moves[0];
            let score = -self.endgame(o & !f, p | f | (1 << sq), -beta, -alpha, empties - 1);
            if self.aborted {
                return None;
            }
            alpha = alpha.max(score);
            best = Best {
                alpha,
                score,
                square: Some(sq),
            };
            if alpha >= beta {
                return Some((score, Some(sq)));
            }
            start = 1;
        }
        let split = Split {
            p,
            o,
            empties,
            beta,
            list,
            next: AtomicUsize::new(start),
            best: Mutex::new(best),
            stop: Arc::new(AtomicBool::new(false)),
        };
        let workers = self.workers.clone();
        match workers {
            Some(workers) if workers.claim() => self.share(&split, &workers),
            _ => self.work(&split),
        }
        if self.aborted {
            return None;
        }
        let best = *split.best();
        Some((best.score, best.square))
    }

    /// Works on `split` beside a helper thread started for it, then waits for the helper.
    fn share(&mut self, split: &Split<'_>, workers: &Workers) {
        let mut helper = self.helper(&split.stop);
        self.stops.push(Arc::clone(&split.stop));
        let helper_nodes = thread::scope(|scope| {
            let handle = scope.spawn(|| {
                helper.work(split);
                workers.release();
                helper.nodes
            });
            self.work(split);
            workers.release();
            let nodes = handle.join();
            workers.resume();
            nodes.unwrap_or_else(|panic| std::panic::resume_unwind(panic))
        });
        self.stops.pop();
        self.nodes += helper_nodes;
        // A stop raised for this node alone (a brother refuted it) ends here; one from further
        // up, the cancel flag or the budget still stops the search.
        self.aborted = self.must_stop();
    }

    /// Searches brothers of `split` until none is left or the node is refuted.
    fn work(&mut self, split: &Split<'_>) {
        while !split.stop.load(Ordering::Relaxed) {
            let i = split.next.fetch_add(1, Ordering::Relaxed);
            if i >= split.list.len {
                return;
            }
            let (sq, f, _) = split.list.moves[i];
            let (np, no) = (split.o & !f, split.p | f | (1 << sq));
            let (alpha, beta, below) = (split.best().alpha, split.beta, split.empties - 1);
            let mut score = -self.endgame(np, no, -alpha - 1, -alpha, below);
            if score > alpha && score < beta && !self.aborted {
                // Another thread may have raised the window meanwhile.
                let low = score.max(split.best().alpha);
                if low < beta {
                    score = -self.endgame(np, no, -beta, -low, below);
                }
            }
            if self.aborted {
                return;
            }
            let mut best = split.best();
            if score > best.score {
                best.score = score;
                best.square = Some(sq);
                if score > best.alpha {
                    best.alpha = score;
                    if score >= beta {
                        split.stop.store(true, Ordering::Relaxed);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;

    use super::super::board::Position;
    use super::super::endgame::tests::{FFO_1_19, random_position};
    use super::super::search::Found;
    use super::*;
    use proptest::prelude::*;

    /// A searcher that splits at every endgame node it can (from 9 empties: below that the
    /// table-free search takes over).
    fn parallel(never: &AtomicBool) -> Searcher<'_> {
        let mut searcher = Searcher::new(16, u64::MAX, never).with_threads(2);
        searcher.tuning.split_from = 9;
        searcher
    }

    fn alone(pos: &Position) -> Found {
        let never = AtomicBool::new(false);
        Searcher::new(16, u64::MAX, &never)
            .solve(pos.player, pos.opponent)
            .expect("an unlimited solve finishes")
    }

    /// The parallel answer: the value of one thread alone, and a move that keeps it.
    fn check(pos: &Position, found: Found) -> Result<(), TestCaseError> {
        prop_assert_eq!(found.score, alone(pos).score, "{}", pos);
        match found.best {
            Some(sq) => {
                let child = pos.play(sq).expect("the solver's move is legal");
                prop_assert_eq!(-alone(&child).score, found.score, "{} then {}", pos, sq);
            }
            None => prop_assert_eq!(pos.moves(), 0),
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]
        #[test]
        fn two_threads_find_the_value_one_finds(seed in any::<u64>(), empties in 10u32..=15, scatter in any::<bool>()) {
            let pos = random_position(seed, empties, scatter);
            let never = AtomicBool::new(false);
            let mut searcher = parallel(&never);
            let found = searcher.solve(pos.player, pos.opponent).expect("finishes");
            check(&pos, found)?;
            // Every helper gave its core back.
            let idle = searcher.workers.as_ref().map(|w| w.idle.load(Ordering::Relaxed));
            prop_assert_eq!(idle, Some(1));
        }

        /// The selective pass at its harshest (one move a node) guesses wrong often; its
        /// bounds, found by two threads, must still never serve the exact pass.
        #[test]
        fn a_shared_selective_pass_leaves_the_value_exact(seed in any::<u64>(), empties in 12u32..=15) {
            let pos = random_position(seed, empties, false);
            let never = AtomicBool::new(false);
            let mut searcher = parallel(&never);
            searcher.tuning.beam_gate = 12;
            searcher.tuning.beam_from = 10;
            searcher.tuning.beam_width = 1;
            let found = searcher.solve(pos.player, pos.opponent).expect("finishes");
            check(&pos, found)?;
        }
    }

    #[test]
    fn two_threads_solve_ffo_1_to_19() {
        let never = AtomicBool::new(false);
        let mut searcher = parallel(&never);
        for (i, &(line, score, _)) in FFO_1_19.iter().enumerate() {
            let pos = Position::parse(line).expect("valid FFO line");
            let found = searcher.solve(pos.player, pos.opponent).expect("finishes");
            assert_eq!(found.score, score, "FFO #{}", i + 1);
        }
    }

    #[test]
    fn a_parallel_solve_stops_at_its_budget() {
        // 13 empties: no estimate first, the exact search splits from the root's children.
        let pos = random_position(11, 13, false);
        let never = AtomicBool::new(false);
        let mut whole = parallel(&never);
        whole.solve(pos.player, pos.opponent).expect("finishes");
        assert!(whole.nodes > 4_000, "{}", whole.nodes);
        let mut budgeted = Searcher::new(16, whole.nodes / 4, &never).with_threads(2);
        budgeted.tuning.split_from = 9;
        assert_eq!(budgeted.solve(pos.player, pos.opponent), None);
        assert!(budgeted.aborted());
        let idle = budgeted.workers.as_ref().map(|w| w.idle.load(Ordering::Relaxed));
        assert_eq!(idle, Some(1));
    }

    #[test]
    fn a_raised_cancel_flag_stops_a_parallel_solve() {
        let cancel = AtomicBool::new(true);
        let hard = random_position(7, 24, false);
        assert_eq!(parallel(&cancel).solve(hard.player, hard.opponent), None);
    }
}
