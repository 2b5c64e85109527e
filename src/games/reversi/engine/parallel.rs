//! Young brothers wait: the exact solver's parallel search. At an endgame node with enough
//! empties ([`Tuning::split_from`]) the first move (the best ordered, which most often settles
//! the node or sets its window) is searched alone; its younger brothers are then handed out one
//! at a time to this thread and an idle one, both searching with the window the node has
//! reached so far. A brother that refutes the node raises the node's stop flag, and the other
//! thread drops what it was searching under it.
//!
//! The threads share the transposition table (lockless, `table.rs`), so what one proves the
//! other reads. They are started once per solve ([`Searcher::solve`] runs inside
//! [`Searcher::with_helpers`]) and wait on a board for shared nodes ("jobs"): starting a thread
//! per shared node cost about a tenth of the solve's time in system calls (docs/BENCHMARKS.md).
//! A helper thread the system refuses to start is done without: the solve then runs on fewer.
//! A thread that has handed out its node's last brother and waits for the others to finish
//! helps meanwhile with any node shared below its own, so a core idles only when nothing below
//! is worth sharing.
//!
//! [`Tuning::split_from`]: super::search::Tuning::split_from

// `p` and `o` (player, opponent) with `f` (flips) are the field's usual names.
#![allow(clippy::many_single_char_names)]

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;

use super::board::Square;
use super::move_list::MoveList;
use super::search::{INFINITY, Searcher};
use super::workers::{Best, CloseOnDrop, Job, LeaveOnDrop, Workers};

impl<'a> Searcher<'a> {
    /// Runs `solve` on this thread with the helper threads of [`Searcher::with_threads`]
    /// waiting for shared nodes, and counts their nodes in when it returns.
    pub(super) fn with_helpers<T>(&mut self, solve: impl FnOnce(&mut Self) -> T) -> T {
        let Some(workers) = self.workers.clone().filter(|w| w.threads > 1) else {
            return solve(self);
        };
        workers.board().closed = false;
        let helpers: Vec<Searcher<'a>> = (1..workers.threads).map(|_| self.helper()).collect();
        let (answer, nodes) = thread::scope(|scope| {
            // A thread the system will not start (a process limit) is left out.
            let handles: Vec<_> = helpers
                .into_iter()
                .filter_map(|mut helper| {
                    let workers = &*workers;
                    thread::Builder::new()
                        .name("reversi-solver".into())
                        .spawn_scoped(scope, move || {
                            helper.serve(workers);
                            helper.nodes
                        })
                        .ok()
                })
                .collect();
            let close = CloseOnDrop(&workers);
            let answer = solve(self);
            drop(close);
            let nodes: u64 = handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .sum();
            (answer, nodes)
        });
        self.nodes += nodes;
        answer
    }

    /// A helper's life: wait for a job, work on it, until the board closes.
    fn serve(&mut self, workers: &Workers) {
        loop {
            let mut board = workers.board();
            workers.waiting.fetch_add(1, Ordering::Relaxed);
            let job = loop {
                if board.closed {
                    workers.waiting.fetch_sub(1, Ordering::Relaxed);
                    return;
                }
                if let Some(job) = workers.take(&mut board, |_| true) {
                    break job;
                }
                board = workers.wait(board);
            };
            workers.waiting.fetch_sub(1, Ordering::Relaxed);
            drop(board);
            self.help(workers, &job);
        }
    }

    /// Works on another thread's job under its stop flags.
    fn help(&mut self, workers: &Workers, job: &Job) {
        let _leave = LeaveOnDrop(workers, job);
        let (stops, pass) = (
            std::mem::replace(&mut self.stops, job.stops.clone()),
            self.pass,
        );
        self.pass = job.pass;
        self.aborted = false;
        self.work(job);
        self.stops = stops;
        self.pass = pass;
        self.aborted = self.must_stop();
    }

    /// Whether this endgame node may share its moves with another thread.
    #[inline]
    pub(super) fn may_split(&self, empties: u32, moves: usize) -> bool {
        moves >= 3
            && empties >= self.tuning.split_from
            && self
                .workers
                .as_ref()
                .is_some_and(|w| w.waiting.load(Ordering::Relaxed) > 0)
    }

    /// The principal-variation loop of the endgame node (`p`, `o`) with `empties` empties
    /// over `list` within the window (`alpha`, `beta`), its younger moves shared with a
    /// waiting thread. `wide_first`: the first move is searched alone with the full window
    /// (else one was already searched). Returns the best score and move, or `None` when the
    /// search was stopped.
    pub(super) fn split_children(
        &mut self,
        (p, o): (u64, u64),
        list: &MoveList,
        (mut alpha, beta): (i32, i32),
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
        let stop = Arc::new(AtomicBool::new(false));
        let mut stops = self.stops.clone();
        stops.push(Arc::clone(&stop));
        let job = Arc::new(Job {
            p,
            o,
            empties,
            beta,
            list: list.clone(),
            pass: self.pass,
            next: AtomicUsize::new(start),
            best: Mutex::new(best),
            stop,
            stops,
            helpers: AtomicUsize::new(0),
        });
        match self.workers.clone() {
            Some(workers) if workers.post(&job) => self.share(&job, &workers),
            _ => self.work(&job),
        }
        if self.aborted {
            return None;
        }
        let best = *job.best();
        Some((best.score, best.square))
    }

    /// Works on the posted `job` beside the threads that take it, then, until they are done,
    /// helps with the jobs shared below it.
    fn share(&mut self, job: &Arc<Job>, workers: &Workers) {
        self.stops.push(Arc::clone(&job.stop));
        self.work(job);
        if self.aborted {
            // Stopped from above: the helpers need not finish.
            job.stop.store(true, Ordering::Relaxed);
        }
        let mut board = workers.board();
        // Not taken yet: nobody else will take it now.
        board.job.take_if(|posted| Arc::ptr_eq(posted, job));
        while job.helpers.load(Ordering::Acquire) > 0 {
            workers.waiting.fetch_add(1, Ordering::Relaxed);
            let below = workers.take(&mut board, |posted| posted.is_below(&job.stop));
            workers.waiting.fetch_sub(1, Ordering::Relaxed);
            if let Some(below) = below {
                drop(board);
                let aborted = self.aborted;
                self.help(workers, &below);
                self.aborted |= aborted;
                board = workers.board();
            } else {
                workers.waiting.fetch_add(1, Ordering::Relaxed);
                board = workers.wait(board);
                workers.waiting.fetch_sub(1, Ordering::Relaxed);
            }
        }
        drop(board);
        self.stops.pop();
        // A stop raised for this node alone (a brother refuted it) ends here; one from further
        // up, the cancel flag or the budget still stops the search.
        self.aborted = self.must_stop();
    }

    /// Searches brothers of `job` until none is left or the node is refuted.
    fn work(&mut self, job: &Job) {
        while !job.stop.load(Ordering::Relaxed) {
            let i = job.next.fetch_add(1, Ordering::Relaxed);
            if i >= job.list.len {
                return;
            }
            let (sq, f, _) = job.list.moves[i];
            let (np, no) = (job.o & !f, job.p | f | (1 << sq));
            let (alpha, beta, below) = (job.best().alpha, job.beta, job.empties - 1);
            let mut score = -self.endgame(np, no, -alpha - 1, -alpha, below);
            if score > alpha && score < beta && !self.aborted {
                // Another thread may have raised the window meanwhile.
                let low = score.max(job.best().alpha);
                if low < beta {
                    score = -self.endgame(np, no, -beta, -low, below);
                }
            }
            if self.aborted {
                return;
            }
            let mut best = job.best();
            if score > best.score {
                best.score = score;
                best.square = Some(sq);
                if score > best.alpha {
                    best.alpha = score;
                    if score >= beta {
                        job.stop.store(true, Ordering::Relaxed);
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

    /// A searcher on two threads that splits at every endgame node it can (from 9 empties:
    /// below that the table-free search takes over).
    fn parallel(never: &AtomicBool) -> Searcher<'_> {
        on_threads(never, 2)
    }

    /// The same on `threads` threads (more than the machine's cores is allowed).
    fn on_threads(never: &AtomicBool, threads: usize) -> Searcher<'_> {
        let mut searcher = Searcher::new(16, u64::MAX, never).with_threads(threads);
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
        fn two_to_four_threads_find_the_value_one_finds(seed in any::<u64>(), empties in 10u32..=15, scatter in any::<bool>(), threads in 2usize..=4) {
            let pos = random_position(seed, empties, scatter);
            let never = AtomicBool::new(false);
            let mut searcher = on_threads(&never, threads);
            let found = searcher.solve(pos.player, pos.opponent).expect("finishes");
            check(&pos, found)?;
            prop_assert!(settled(&searcher));
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

    /// After a solve: the helpers left and no shared node is left on the board.
    fn settled(searcher: &Searcher<'_>) -> bool {
        searcher
            .workers
            .as_ref()
            .is_some_and(|w| w.waiting.load(Ordering::Relaxed) == 0 && w.board().job.is_none())
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
        assert!(settled(&searcher));
        // The nodes were shared: the other thread took some of them. On a loaded machine a
        // helper may start too late for a whole solve, so the hardest line is solved again
        // until one did (never more than a few times).
        let taken = |s: &Searcher<'_>| {
            s.workers
                .as_ref()
                .map_or(0, |w| w.taken.load(Ordering::Relaxed))
        };
        let hardest = Position::parse(FFO_1_19[17].0).expect("valid FFO line");
        for _ in 0..50 {
            if taken(&searcher) > 0 {
                break;
            }
            searcher
                .solve(hardest.player, hardest.opponent)
                .expect("finishes");
        }
        assert!(taken(&searcher) > 0, "no node was shared");
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
        assert!(settled(&budgeted));
    }

    #[test]
    fn a_raised_cancel_flag_stops_a_parallel_solve() {
        let cancel = AtomicBool::new(true);
        let hard = random_position(7, 24, false);
        assert_eq!(parallel(&cancel).solve(hard.player, hard.opponent), None);
    }
}
