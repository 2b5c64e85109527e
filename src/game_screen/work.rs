//! The game screen's background work: the computer's move, a hint, a puzzle's solution —
//! computed off the event-loop thread, polled on ticks, and dropped on any change.

use std::time::{Duration, Instant};

use super::game_ui::GameUi;
use super::pending::Work;
use super::screen::GameScreen;
use crate::core::strength::Strength;
use crate::core::{EngineAsk, Game, HintAnswer, LEVEL_NAMES, Rules, TOP_LEVEL};
use crate::screen::Transition;
use crate::work_pool::Poll;

/// How often a running background task is polled (and the thinking spinner turns).
const POLL_EVERY: Duration = Duration::from_millis(60);
/// Pause between the moves of a solution being played (at the normal `[ui] speed`).
const SOLVE_STEP: Duration = Duration::from_millis(350);
/// Pause before a computer move is shown, so a person sees the position it answers (at the
/// normal `[ui] speed`).
const COMPUTER_PAUSE: Duration = Duration::from_millis(250);

impl<U: GameUi> GameScreen<U> {
    pub(super) fn start_hint(&mut self) {
        if self.history.current().outcome().is_some() {
            self.message = Some("The game is over.".into());
            return;
        }
        if self.computer_to_move().is_some() {
            self.message = Some("Hints are for a person's turn.".into());
            return;
        }
        if let Some((mv, value)) = self.analysed_best() {
            // The strip already knows every move's value: its best is the hint, at once.
            let label = self.board.move_label(self.history.current(), &mv);
            self.message = Some(format!("Best by the analysis: {label} ({value})."));
            self.hint = Some(mv);
            return;
        }
        let state = self.history.current().clone();
        let params = self.params.clone();
        if U::Game::HAS_ENGINE && !U::Game::is_puzzle() {
            let seed = self.pace.seed();
            self.work = Some(Work::Hint(self.pool.task(move |cancel| {
                let ask = EngineAsk {
                    level: Strength::Master,
                    seed,
                    cancel,
                };
                U::Game::engine_move(&state, &params, ask).map(|mv| HintAnswer {
                    mv: Some(mv),
                    message: format!("Suggested move: {} (marked).", HintAnswer::<()>::MOVE),
                })
            })));
        } else {
            self.work = Some(Work::Hint(
                self.pool
                    .task(move |cancel| U::Game::hint(&state, &params, cancel)),
            ));
        }
        self.message = Some("Thinking about a hint…".into());
        self.pace.wake_at(self.now + POLL_EVERY);
    }

    pub(super) fn start_solve(&mut self) {
        if self.history.current().outcome().is_some() {
            self.message = Some("The game is over.".into());
            return;
        }
        let state = self.history.current().clone();
        let params = self.params.clone();
        self.work = Some(Work::Solve(
            self.pool
                .task(move |cancel| U::Game::solve(&state, &params, cancel)),
        ));
        self.message = Some("Solving…".into());
        self.pace.wake_at(self.now + POLL_EVERY);
    }

    /// Starts the computer's search when it is its turn and nothing else is going on.
    pub(super) fn maybe_start_computer(&mut self) {
        if self.work.is_some() || self.pending.is_some() || !self.solution.is_empty() {
            return;
        }
        if let Some(level) = self.computer_to_move() {
            let state = self.history.current().clone();
            let params = self.params.clone();
            let seed = self.pace.seed() ^ 0x9e37_79b9_7f4a_7c15;
            self.work = Some(Work::Computer(
                self.pool.task(move |cancel| {
                    let level = Strength::from_number(level)?;
                    U::Game::engine_move(
                        &state,
                        &params,
                        EngineAsk {
                            level,
                            seed,
                            cancel,
                        },
                    )
                }),
                self.now + self.speed.scale(COMPUTER_PAUSE),
            ));
            self.pace.wake_at(self.now + POLL_EVERY);
        }
    }

    /// "Computer (Strong) is thinking…" with a turning spinner, while it is.
    pub(super) fn thinking_text(&self) -> Option<String> {
        if !matches!(
            self.work,
            Some(Work::Computer(..) | Work::ComputerReady(..))
        ) {
            return None;
        }
        let spin = self.pace.spinner();
        if U::Game::is_puzzle() {
            return Some(format!(" {spin} The puzzle answers…"));
        }
        let level = self
            .computer_to_move()
            .map_or("", |l| LEVEL_NAMES[usize::from(l.clamp(1, TOP_LEVEL) - 1)]);
        // A message of the person's own action (a save) still shows beside the spinner.
        let message = self
            .message
            .as_ref()
            .map(|m| format!(" · {m}"))
            .unwrap_or_default();
        Some(format!(" {spin} Computer ({level}) is thinking…{message}"))
    }

    /// When the screen next needs a tick, given the board's own wish (an animation frame).
    pub(super) fn work_deadline(&self, board: Option<Instant>) -> Option<Instant> {
        let mut deadline = board;
        if self.work.is_some() || !self.solution.is_empty() {
            deadline = match (deadline, self.pace.next_step()) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
        if self.work.is_none()
            && self.pending.is_none()
            && self.solution.is_empty()
            && self.computer_to_move().is_some()
        {
            // The computer is on the move with nothing started yet (a game that opens on its
            // turn, before any input): wake at once so that `tick` starts it.
            let now = self.now;
            deadline = Some(deadline.map_or(now, |d| d.min(now)));
        }
        deadline
    }

    /// A tick: the next move of a solution being played, or a poll of the running task.
    pub(super) fn advance_work(&mut self, now: Instant) -> Transition {
        if !self.pace.step_due(now) {
            return Transition::Stay;
        }
        if let Some(mv) = self.solution.pop_front() {
            self.pace.wake_at(now + self.speed.scale(SOLVE_STEP));
            let rest = std::mem::take(&mut self.solution);
            let index = self.history.applied();
            let transition = self.play(&mv);
            self.solver_from = Some(self.solver_from.map_or(index, |first| first.min(index)));
            if !matches!(transition, Transition::Stay) {
                return transition;
            }
            self.solution = rest;
            // Playing a move clears the message; say again what is going on.
            self.message = Some(if self.solution.is_empty() {
                "Solution played.".into()
            } else {
                solution_message(self.solution.len())
            });
            return Transition::Stay;
        }
        self.pace.wake_at(now + POLL_EVERY);
        self.poll_work()
    }

    fn poll_work(&mut self) -> Transition {
        let Some(work) = self.work.take() else {
            return Transition::Stay;
        };
        match work {
            Work::Computer(task, not_before) => match task.poll() {
                Poll::Pending => self.work = Some(Work::Computer(task, not_before)),
                Poll::Ready(answer) => self.work = Some(Work::ComputerReady(answer, not_before)),
                Poll::Lost => self.message = Some("The computer found no move.".into()),
            },
            Work::ComputerReady(answer, not_before) => match answer {
                _ if self.now < not_before => {
                    self.work = Some(Work::ComputerReady(answer, not_before));
                }
                Some(mv) => return self.play(&mv),
                None => self.message = Some("The computer found no move.".into()),
            },
            Work::Hint(task) => match task.poll() {
                Poll::Pending => self.work = Some(Work::Hint(task)),
                Poll::Ready(Some(answer)) => {
                    let label = answer.mv.as_ref().map_or_else(String::new, |mv| {
                        self.board.move_label(self.history.current(), mv)
                    });
                    self.message = Some(answer.message.replace(HintAnswer::<()>::MOVE, &label));
                    self.hint = answer.mv;
                }
                Poll::Ready(None) | Poll::Lost => {
                    self.message = Some("No hint is available here.".into());
                }
            },
            Work::Solve(task) => match task.poll() {
                Poll::Pending => self.work = Some(Work::Solve(task)),
                Poll::Ready(Some(moves)) if !moves.is_empty() => {
                    self.message = Some(solution_message(moves.len()));
                    self.solution = moves.into();
                    self.pace.wake_at(self.now + self.speed.scale(SOLVE_STEP));
                }
                Poll::Ready(_) | Poll::Lost => {
                    self.message = Some("The solver found no solution from here.".into());
                }
            },
        }
        Transition::Stay
    }
}

/// The status while a solution plays: how many moves are left, and how to stop it.
fn solution_message(left: usize) -> String {
    let plural = if left == 1 { "move" } else { "moves" };
    format!("Playing a solution: {left} {plural} to go (any key stops)")
}
