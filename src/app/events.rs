//! Where input comes from: the terminal, or a script in tests.

use std::time::Duration;

use ratatui::crossterm::event::{self, Event};

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

    /// Turns the terminal's mouse reporting on or off (the Settings screen's mouse switch takes
    /// effect at once). A script has no terminal: nothing to do.
    ///
    /// # Errors
    /// Terminal write errors.
    fn set_mouse_capture(&mut self, _on: bool) -> std::io::Result<()> {
        Ok(())
    }
}

/// The real terminal, through crossterm.
pub struct TerminalEvents;

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

    fn set_mouse_capture(&mut self, on: bool) -> std::io::Result<()> {
        use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
        if on {
            ratatui::crossterm::execute!(std::io::stdout(), EnableMouseCapture)
        } else {
            ratatui::crossterm::execute!(std::io::stdout(), DisableMouseCapture)
        }
    }
}
