//! The terminal's modes: entered in one place and undone in one place — on a normal exit, on
//! an early error (the guard's `Drop`), and on a panic (a hook that runs before the message is
//! printed, so the message lands on the normal screen).

use std::io::{Stdout, Write, stdout};
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};

use ratatui::Terminal;
use ratatui::backend::CrosstermBackend;
use ratatui::crossterm::cursor::Show;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{
    EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};

/// The terminal type the binary draws on.
pub type Term = Terminal<CrosstermBackend<Stdout>>;

/// Restores the terminal when dropped.
pub struct TerminalGuard;

impl Drop for TerminalGuard {
    fn drop(&mut self) {
        restore();
    }
}

/// Puts the terminal into raw mode on the alternate screen, with mouse capture if asked.
///
/// # Errors
/// The terminal's I/O error; the terminal is restored before returning it.
pub fn enter(mouse: bool) -> std::io::Result<(Term, TerminalGuard)> {
    install_panic_hook();
    let guard = TerminalGuard;
    reenter(mouse)?;
    let terminal = Terminal::new(CrosstermBackend::new(stdout()))?;
    Ok((terminal, guard))
}

/// Enters Parlor's modes (again, after a suspension: Ctrl-Z, then `fg`): raw mode, the
/// alternate screen, mouse capture if asked. [`restore`] undoes them.
///
/// # Errors
/// The terminal's I/O error.
pub fn reenter(mouse: bool) -> std::io::Result<()> {
    ENTERED.store(true, Ordering::SeqCst);
    // After a stop Parlor could not catch (SIGSTOP) the shell has put the terminal back in
    // its own modes while crossterm still believes raw mode is on, and would do nothing:
    // leave raw mode first (nothing when it is off) so entering it really applies it.
    let _ = disable_raw_mode();
    enable_raw_mode()?;
    execute!(stdout(), EnterAlternateScreen)?;
    if mouse {
        execute!(stdout(), EnableMouseCapture)?;
    }
    Ok(())
}

/// Whether the terminal is in Parlor's modes now. Restoring happens once: leaving the
/// alternate screen a second time would move the cursor back to where it was on entering,
/// and whatever was printed since (a panic message) would be overwritten.
static ENTERED: AtomicBool = AtomicBool::new(false);

/// Undoes everything [`enter`] did; does nothing when nothing was entered or it already ran.
/// Mouse capture is turned off too, which `ratatui::restore` does not do.
pub fn restore() {
    if !ENTERED.swap(false, Ordering::SeqCst) {
        return;
    }
    let mut out = stdout();
    // Each step is attempted even if an earlier one fails: a half-restored terminal is worse.
    let _ = execute!(out, DisableMouseCapture);
    let _ = execute!(out, LeaveAlternateScreen);
    let _ = execute!(out, Show);
    let _ = disable_raw_mode();
    let _ = out.flush();
}

fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            // Into the debug log first, whatever restoring the terminal then does.
            crate::logging::record_panic(info);
            restore();
            previous(info);
        }));
    });
}
