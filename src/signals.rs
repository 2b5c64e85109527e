//! Signals, for the full-screen front end on a local terminal and for plain mode (Unix only;
//! elsewhere there is nothing to watch and the functions do nothing).
//!
//! - SIGTERM, SIGHUP (the terminal closed), SIGQUIT and SIGINT (sent by `kill`; in raw mode
//!   the Ctrl-C key is a key, not a signal, but in plain mode's cooked terminal it is one):
//!   the published autosaves are written — beside the game's save if that file changed, in
//!   the temporary folder if the saves folder cannot be written — the terminal is restored
//!   (the arcade's) and the process exits with 128 + the signal, saying where each game went.
//! - SIGTSTP (`kill -TSTP`; the Ctrl-Z key arrives as a key in raw mode and asks the same) and
//!   SIGCONT: the event loop is told and woken (crossterm turns a SIGWINCH into a resize
//!   event), and suspends or redraws itself — see [`JobControl`] and [`stop_self`].

use crate::save::journal::AutosaveSlot;

/// What the event loop must do for a job-control signal (the local terminal's SIGTSTP and
/// SIGCONT, watched here).
#[cfg(feature = "tui")]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobSignal {
    /// Restore the terminal and stop (SIGTSTP from outside).
    Stop,
    /// The process was continued after a stop it did not ask for (SIGSTOP, then SIGCONT):
    /// enter the terminal's modes again and redraw everything.
    Continued,
}

/// Watches SIGTSTP and SIGCONT for the event loop.
#[cfg(feature = "tui")]
#[derive(Debug, Default)]
pub struct JobControl {
    #[cfg(unix)]
    flags: std::sync::Arc<[std::sync::atomic::AtomicBool; 2]>,
}

#[cfg(feature = "tui")]
impl JobControl {
    /// Starts watching. SIGTSTP no longer stops the process at once: the event loop does it
    /// after restoring the terminal.
    ///
    /// # Errors
    /// The signal handlers could not be installed.
    pub fn watch() -> std::io::Result<Self> {
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGCONT, SIGTSTP, SIGWINCH};
            use std::sync::atomic::Ordering;
            let watch = Self::default();
            let flags = std::sync::Arc::clone(&watch.flags);
            let mut signals = signal_hook::iterator::Signals::new([SIGTSTP, SIGCONT])?;
            std::thread::spawn(move || {
                for signal in signals.forever() {
                    let index = usize::from(signal == SIGCONT);
                    flags[index].store(true, Ordering::SeqCst);
                    // Wakes the event loop, which may be blocked on input.
                    let _ = signal_hook::low_level::raise(SIGWINCH);
                }
            });
            Ok(watch)
        }
        #[cfg(not(unix))]
        Ok(Self::default())
    }

    /// The job-control signal that arrived since the last call, if any (a stop first).
    pub fn take(&self) -> Option<JobSignal> {
        #[cfg(unix)]
        {
            use std::sync::atomic::Ordering;
            let stop = self.flags[0].swap(false, Ordering::SeqCst);
            let continued = self.flags[1].swap(false, Ordering::SeqCst);
            if stop {
                return Some(JobSignal::Stop);
            }
            if continued {
                return Some(JobSignal::Continued);
            }
        }
        None
    }

    /// Forgets a SIGCONT that arrived: the one ending the loop's own stop.
    pub fn forget_continue(&self) {
        #[cfg(unix)]
        self.flags[1].store(false, std::sync::atomic::Ordering::SeqCst);
    }
}

/// Stops the process as SIGTSTP's default action would, and returns once it is continued
/// (`fg`). The caller restores the terminal first and enters it again afterwards.
///
/// # Errors
/// The signal could not be raised.
#[cfg(feature = "tui")]
pub fn stop_self() -> std::io::Result<()> {
    #[cfg(unix)]
    signal_hook::low_level::raise(signal_hook::consts::SIGSTOP)?;
    Ok(())
}

/// On SIGTERM, SIGHUP, SIGQUIT or SIGINT: writes the published autosaves, restores the
/// terminal, says where each game went, and exits with 128 + the signal number. Runs on its
/// own thread so the event loop (or plain mode's game) can keep blocking on input.
///
/// # Errors
/// The signal handlers could not be installed.
pub fn watch_termination(
    slot: std::sync::Arc<std::sync::Mutex<Vec<crate::save::format::SaveFile>>>,
    data_dir: std::path::PathBuf,
) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGQUIT, SIGTERM};
        let mut signals = signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGQUIT, SIGINT])?;
        std::thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                // Held until the exit: the game's thread neither changes the games nor writes
                // one of them itself meanwhile (plain mode's end of input, see
                // `journal::with_autosave`).
                let Some(held) = hold(&slot) else {
                    #[cfg(feature = "tui")]
                    crate::tui::restore();
                    crate::core::clean_write::report(&format!(
                        "parlor: stopped by signal {signal} while the unfinished game was being autosaved; it may not have been written"
                    ));
                    std::process::exit(128 + signal);
                };
                let saves = held.clone();
                log::warn!(
                    "signal {signal}: autosaving {} game(s), then exiting",
                    saves.len()
                );
                let outcomes: Vec<_> = saves
                    .iter()
                    .map(|save| crate::save::store::rescue(&data_dir, save))
                    .collect();
                #[cfg(feature = "tui")]
                crate::tui::restore();
                // The terminal may be gone (SIGHUP): a failed write must not stop the exit.
                for outcome in outcomes {
                    crate::core::clean_write::report(&format!(
                        "parlor: stopped by signal {signal}; {}",
                        outcome.sentence()
                    ));
                }
                log::logger().flush();
                std::process::exit(128 + signal);
            }
        });
    }
    #[cfg(not(unix))]
    let _ = (slot, data_dir);
    Ok(())
}

/// The slot, held, once the game's thread lets go of it: it holds it only to publish a game or
/// to write its own autosave, so a thread stuck in that write (a file system that stopped
/// answering) must not keep the signal from ending the process: `None` after a while.
#[cfg(unix)]
fn hold(
    slot: &AutosaveSlot,
) -> Option<std::sync::MutexGuard<'_, Vec<crate::save::format::SaveFile>>> {
    let patience = std::time::Duration::from_secs(15);
    let start = std::time::Instant::now();
    loop {
        match slot.try_lock() {
            Ok(held) => return Some(held),
            Err(std::sync::TryLockError::Poisoned(held)) => return Some(held.into_inner()),
            Err(std::sync::TryLockError::WouldBlock) if start.elapsed() < patience => {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
            Err(std::sync::TryLockError::WouldBlock) => return None,
        }
    }
}
