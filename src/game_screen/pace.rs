//! The pace of the game screen's background work (work.rs): when it is next polled, the
//! thinking spinner, and the seed of the next computer move.

use std::time::Instant;

/// The pace of the background work: when the running work is next polled (or a solution's
/// next move played), how far the thinking spinner has turned, and the seed of the next
/// computer move. Only work.rs reads it; a move tells it through [`Pace::next_move`].
#[derive(Debug, Clone, Default)]
pub(super) struct Pace {
    next_step: Option<Instant>,
    spinner: usize,
    /// Incremented on every move so each computer move gets its own seed.
    seed: u64,
}

impl Pace {
    /// A move was played: the next computer move gets a seed of its own.
    pub(super) fn next_move(&mut self) {
        self.seed = self.seed.wrapping_add(1);
    }

    /// The seed of the next computer move.
    pub(super) fn seed(&self) -> u64 {
        self.seed
    }

    /// When the running work is next polled, or a solution's next move played.
    pub(super) fn next_step(&self) -> Option<Instant> {
        self.next_step
    }

    /// The work is next polled (or the next move of a solution played) at `at`.
    pub(super) fn wake_at(&mut self, at: Instant) {
        self.next_step = Some(at);
    }

    /// Whether the next step is due at `now`; when it is, the thinking spinner turns.
    pub(super) fn step_due(&mut self, now: Instant) -> bool {
        if self.next_step.is_none_or(|t| t > now) {
            return false;
        }
        self.spinner = self.spinner.wrapping_add(1);
        true
    }

    /// The thinking spinner as it stands.
    pub(super) fn spinner(&self) -> &'static str {
        ["|", "/", "-", "\\"][self.spinner % 4]
    }
}
