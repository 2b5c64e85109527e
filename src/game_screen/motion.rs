//! Motion: the few frames that show what a move did (a token falling, discs turning in order, a
//! jump stepping along its path, a quadrant turning), written once for every game.
//!
//! A board says how many pictures a move has ([`GameUi::motion`](super::GameUi::motion)) and
//! draws picture `k` when asked ([`MotionFrame`]); this module keeps the clock. The clock
//! starts at the first tick after the move, not when the move is played, so a test that
//! ticks with instants of its own sees the same frames on every run (a fake clock), and the
//! real event loop — which ticks at once when a deadline is due — loses nothing.

use std::time::{Duration, Instant};

use crate::config::Speed;
use crate::core::{Game, MoveOf};

/// How a move is animated: how many pictures before the final position, and how long each
/// stays at the normal `[ui] speed`. Kept short: the whole motion stays under half a second.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Frames {
    /// Pictures drawn before the final position (0: the move is shown at once).
    pub count: usize,
    /// How long each picture stays at the normal speed.
    pub each: Duration,
}

impl Frames {
    /// No motion: the move is shown at once (the default for every board).
    pub const NONE: Self = Self {
        count: 0,
        each: Duration::ZERO,
    };

    /// The longest a whole motion may take at the normal speed.
    pub const BUDGET: Duration = Duration::from_millis(480);

    /// `count` pictures of `each`, shortened so that together they stay within
    /// [`Frames::BUDGET`] (a long multiple jump steps faster).
    #[must_use]
    pub fn within_budget(count: usize, each: Duration) -> Self {
        let Ok(n) = u32::try_from(count.max(1)) else {
            return Self::NONE;
        };
        Self {
            count,
            each: each.min(Self::BUDGET / n),
        }
    }
}

/// The picture of a move in motion a board is asked to draw, instead of the final position.
pub struct MotionFrame<'a, G: Game> {
    /// The position the move was played in.
    pub before: &'a G::Rules,
    /// The move in motion.
    pub mv: &'a MoveOf<G>,
    /// Which picture, from 0 to `count` − 1.
    pub index: usize,
    /// How many pictures the board asked for ([`Frames::count`]).
    pub count: usize,
}

/// The clock of one move's motion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Motion {
    /// Which applied move is in motion (its index in the history).
    pub(super) ply: usize,
    frames: usize,
    each: Duration,
    /// When the move was played: the first picture is due at once.
    played: Instant,
    /// When the first picture was shown (the first tick); `None` until then.
    started: Option<Instant>,
    index: usize,
}

impl Motion {
    /// The motion of the move at `ply`, played at `played` by the screen's clock, or `None`
    /// when there is nothing to show: a board with no frames for it, or `[ui] speed = "off"`.
    pub(super) fn new(ply: usize, frames: Frames, speed: Speed, played: Instant) -> Option<Self> {
        let each = speed.scale(frames.each);
        (frames.count > 0 && !each.is_zero()).then_some(Self {
            ply,
            frames: frames.count,
            each,
            played,
            started: None,
            index: 0,
        })
    }

    /// The picture to draw now.
    pub(super) fn index(&self) -> usize {
        self.index
    }

    /// How many pictures there are.
    pub(super) fn count(&self) -> usize {
        self.frames
    }

    /// When the next picture is due: at once before the first tick (which starts the clock).
    pub(super) fn deadline(&self) -> Instant {
        match self.started {
            None => self.played,
            Some(start) => start + self.each * self.step(self.index + 1),
        }
    }

    /// Moves to the picture due at `now`; `false` once the last one has had its time (the
    /// final position is then drawn, and nothing is due any more).
    pub(super) fn advance(&mut self, now: Instant) -> bool {
        let Some(start) = self.started else {
            self.started = Some(now);
            return true;
        };
        let elapsed = now.saturating_duration_since(start);
        let due =
            usize::try_from(elapsed.as_nanos() / self.each.as_nanos().max(1)).unwrap_or(usize::MAX);
        self.index = self.index.max(due);
        self.index < self.frames
    }

    fn step(&self, n: usize) -> u32 {
        u32::try_from(n).unwrap_or(u32::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FRAMES: Frames = Frames {
        count: 3,
        each: Duration::from_millis(100),
    };

    #[test]
    fn the_clock_starts_at_the_first_tick_and_ends_after_the_last_picture() {
        let mut motion =
            Motion::new(4, FRAMES, Speed::Normal, Instant::now()).expect("three frames");
        assert_eq!(motion.index(), 0);
        let t0 = Instant::now() + Duration::from_secs(5);
        assert!(motion.advance(t0), "the first tick starts the clock");
        assert_eq!(motion.index(), 0);
        assert_eq!(motion.deadline(), t0 + Duration::from_millis(100));
        assert!(motion.advance(t0 + Duration::from_millis(99)));
        assert_eq!(motion.index(), 0);
        assert!(motion.advance(t0 + Duration::from_millis(100)));
        assert_eq!(motion.index(), 1);
        // A late tick skips the pictures it missed.
        assert!(motion.advance(t0 + Duration::from_millis(250)));
        assert_eq!(motion.index(), 2);
        assert!(!motion.advance(t0 + Duration::from_millis(300)), "over");
    }

    #[test]
    fn speed_scales_the_pictures_and_off_has_none() {
        let slow = Motion::new(0, FRAMES, Speed::Slow, Instant::now()).expect("frames");
        assert_eq!(slow.each, Duration::from_millis(200));
        assert_eq!(Motion::new(0, FRAMES, Speed::Off, Instant::now()), None);
        assert_eq!(
            Motion::new(0, Frames::NONE, Speed::Normal, Instant::now()),
            None
        );
    }

    #[test]
    fn a_long_motion_is_kept_within_the_budget() {
        let frames = Frames::within_budget(8, Duration::from_millis(130));
        assert!(frames.each * 8 <= Frames::BUDGET, "{frames:?}");
        let short = Frames::within_budget(2, Duration::from_millis(130));
        assert_eq!(short.each, Duration::from_millis(130));
    }
}
