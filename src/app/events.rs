//! Where input comes from: the terminal, or a script in tests.

use std::time::Duration;

use ratatui::crossterm::event::{self, Event};

pub use crate::signals::JobSignal;

/// A source of terminal events.
pub trait EventSource {
    /// The next event; `None` when `timeout` passed first (or, for a finished script, at once).
    /// `timeout: None` waits as long as it takes.
    ///
    /// # Errors
    /// Terminal read errors.
    fn next(&mut self, timeout: Option<Duration>) -> std::io::Result<Option<Event>>;

    /// Whether no event will ever come again (a finished script).
    fn closed(&self) -> bool {
        false
    }

    /// Whether another event is already waiting, so the frame for this one can be skipped: a
    /// paste of thousands of keys, or a burst of resizes, is then worked through at the speed
    /// of the rules rather than of drawing (the loop still draws a few times a second, and
    /// always once the input stops). A script says no: every event of a test gets its frame.
    ///
    /// # Errors
    /// Terminal read errors.
    fn pending(&mut self) -> std::io::Result<bool> {
        Ok(false)
    }

    /// Turns the terminal's mouse reporting on or off (the Settings screen's mouse switch takes
    /// effect at once). A script has no terminal: nothing to do.
    ///
    /// # Errors
    /// Terminal write errors.
    fn set_mouse_capture(&mut self, _on: bool) -> std::io::Result<()> {
        Ok(())
    }

    /// A stop or continue signal that arrived since the last call (a script has none).
    fn job_signal(&mut self) -> Option<JobSignal> {
        None
    }

    /// Suspends the program as every full-screen program does on Ctrl-Z: restores the
    /// terminal, stops until the shell's `fg`, then enters raw mode, the alternate screen and
    /// mouse capture (if `mouse`) again. The caller redraws everything. A script has no
    /// terminal to leave: nothing to do.
    ///
    /// # Errors
    /// Terminal write errors on the way back.
    fn suspend(&mut self, _mouse: bool) -> std::io::Result<()> {
        Ok(())
    }

    /// Enters the terminal's modes again after a stop the program did not ask for.
    ///
    /// # Errors
    /// Terminal write errors.
    fn reenter(&mut self, _mouse: bool) -> std::io::Result<()> {
        Ok(())
    }

    /// Asks the terminal to put `text` on the clipboard (OSC 52). Terminals that do not allow
    /// it ignore the request; a script has no clipboard.
    ///
    /// # Errors
    /// Terminal write errors.
    fn copy_to_clipboard(&mut self, _text: &str) -> std::io::Result<()> {
        Ok(())
    }
}

/// The real terminal, through crossterm, with the job-control signals of the local terminal.
#[derive(Default)]
pub struct TerminalEvents {
    job: crate::signals::JobControl,
}

impl TerminalEvents {
    /// The terminal's events, watching SIGTSTP and SIGCONT (a failure to watch them is
    /// logged: the program then stops as any program does, only without restoring first).
    #[must_use]
    pub fn new() -> Self {
        let job = crate::signals::JobControl::watch().unwrap_or_else(|err| {
            log::warn!("job-control signals not watched: {err}");
            crate::signals::JobControl::default()
        });
        Self { job }
    }
}

impl EventSource for TerminalEvents {
    fn next(&mut self, timeout: Option<Duration>) -> std::io::Result<Option<Event>> {
        match timeout {
            None => event::read().map(Some),
            Some(timeout) => {
                if event::poll(timeout)? {
                    event::read().map(Some)
                } else {
                    Ok(None)
                }
            }
        }
    }

    fn pending(&mut self) -> std::io::Result<bool> {
        // Not `Duration::ZERO`: crossterm's /dev/tty source (`use-dev-tty`) loops "while time
        // is left" and so never even looks at the events it has already read for a zero
        // timeout. With a millisecond it answers at once from those, and waits at most that
        // long when nothing is there (only asked while frames are coming fast).
        event::poll(Duration::from_millis(1))
    }

    fn copy_to_clipboard(&mut self, text: &str) -> std::io::Result<()> {
        ratatui::crossterm::execute!(
            std::io::stdout(),
            crossterm::clipboard::CopyToClipboard::to_clipboard_from(text)
        )
    }

    fn set_mouse_capture(&mut self, on: bool) -> std::io::Result<()> {
        use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
        if on {
            ratatui::crossterm::execute!(std::io::stdout(), EnableMouseCapture)
        } else {
            ratatui::crossterm::execute!(std::io::stdout(), DisableMouseCapture)
        }
    }

    fn job_signal(&mut self) -> Option<JobSignal> {
        self.job.take()
    }

    fn suspend(&mut self, mouse: bool) -> std::io::Result<()> {
        crate::tui::restore();
        crate::signals::stop_self()?;
        // The SIGCONT that woke us is this stop's end, not a stop of someone else's.
        self.job.forget_continue();
        crate::tui::reenter(mouse)
    }

    fn reenter(&mut self, mouse: bool) -> std::io::Result<()> {
        crate::tui::reenter(mouse)
    }
}
