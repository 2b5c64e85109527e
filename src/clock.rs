//! The time an arcade sees, given to it rather than read from the system where it is needed:
//! each app has its own [`Clock`], so tests freeze the wall clock (snapshots that say "saved 5
//! minutes ago" never change) and an app serving a remote terminal could be given another.
//!
//! Two kinds of time: the wall clock (save times, a puzzle's time, "5 minutes ago") and the
//! monotonic clock that deadlines are measured in (a move's motion, the computer's pause,
//! polling background work).

use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// Where an app reads the time.
pub trait Clock: Send + Sync {
    /// The wall-clock time now.
    fn wall(&self) -> SystemTime;

    /// The monotonic time now, the time deadlines are measured in.
    fn instant(&self) -> Instant;
}

/// The system's clocks: what a real terminal's arcade uses.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn wall(&self) -> SystemTime {
        SystemTime::now()
    }

    fn instant(&self) -> Instant {
        Instant::now()
    }
}

/// A wall clock stopped at one moment, with the system's monotonic clock: background work and
/// animations still run in real time, but everything that shows a date or an age shows the
/// same one on every run (tests and their snapshots).
#[derive(Debug, Clone, Copy)]
pub struct FrozenWallClock(pub SystemTime);

impl FrozenWallClock {
    /// Stopped at this many seconds after the Unix epoch.
    #[must_use]
    pub fn at_seconds(seconds: u64) -> Self {
        Self(UNIX_EPOCH + Duration::from_secs(seconds))
    }
}

impl Clock for FrozenWallClock {
    fn wall(&self) -> SystemTime {
        self.0
    }

    fn instant(&self) -> Instant {
        Instant::now()
    }
}

/// A clock that moves only when the test moves it: both the wall clock and the instants stand
/// still until [`ManualClock::advance`]. Its instants start an hour ahead of the system's, so
/// a deadline set from the system's clock instead of the app's (a second clock) shows at once.
#[cfg(any(test, feature = "testing"))]
#[derive(Debug)]
pub struct ManualClock(std::sync::Mutex<(SystemTime, Instant)>);

#[cfg(any(test, feature = "testing"))]
impl ManualClock {
    /// Stopped at this many seconds after the Unix epoch, its instants an hour ahead.
    #[must_use]
    pub fn at_seconds(seconds: u64) -> Self {
        Self(std::sync::Mutex::new((
            UNIX_EPOCH + Duration::from_secs(seconds),
            Instant::now() + Duration::from_secs(3600),
        )))
    }

    /// Moves both clocks on by `by`.
    pub fn advance(&self, by: Duration) {
        let mut times = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        times.0 += by;
        times.1 += by;
    }

    fn times(&self) -> (SystemTime, Instant) {
        *self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(any(test, feature = "testing"))]
impl Clock for ManualClock {
    fn wall(&self) -> SystemTime {
        self.times().0
    }

    fn instant(&self) -> Instant {
        self.times().1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frozen_wall_clock_stays_put_while_instants_move_on() {
        let clock = FrozenWallClock::at_seconds(1_000);
        let first = clock.instant();
        assert_eq!(clock.wall(), UNIX_EPOCH + Duration::from_secs(1_000));
        std::thread::sleep(Duration::from_millis(2));
        assert_eq!(clock.wall(), UNIX_EPOCH + Duration::from_secs(1_000));
        assert!(clock.instant() > first);
    }

    #[test]
    fn a_manual_clock_moves_only_when_told() {
        let clock = ManualClock::at_seconds(1_000);
        let (wall, instant) = (clock.wall(), clock.instant());
        std::thread::sleep(Duration::from_millis(2));
        assert_eq!((clock.wall(), clock.instant()), (wall, instant));
        clock.advance(Duration::from_secs(2));
        assert_eq!(clock.wall(), wall + Duration::from_secs(2));
        assert_eq!(clock.instant(), instant + Duration::from_secs(2));
    }
}
