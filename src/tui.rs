//! The terminal's modes: entered in one place and undone in one place — on a normal exit, on
//! an early error (the guard's `Drop`), and on a panic (a hook that runs before the message is
//! printed, so the message lands on the normal screen).
//!
//! Only a panic on the thread that entered the terminal ends the program. Panics unwind (the
//! release profile says why): a panic on a background thread (a search, a hint) loses that
//! answer and the game goes on, so the hook leaves the terminal as it is, and the message,
//! which would scribble over the screen now, is printed once the terminal is restored.

use std::io::{Stdout, Write, stdout};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, Once, OnceLock, PoisonError};
use std::thread::ThreadId;

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
    let _ = OWNER.set(std::thread::current().id());
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

/// The thread that entered the terminal: the event loop's, whose panic ends the program.
static OWNER: OnceLock<ThreadId> = OnceLock::new();

/// Messages of background threads' panics while the terminal was Parlor's, printed by
/// [`restore`] on the normal screen.
static DEFERRED: Mutex<Vec<String>> = Mutex::new(Vec::new());

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
    print_deferred();
}

/// Prints the background panics kept while the terminal was Parlor's.
fn print_deferred() {
    let deferred = std::mem::take(&mut *DEFERRED.lock().unwrap_or_else(PoisonError::into_inner));
    let mut err = std::io::stderr().lock();
    for message in deferred {
        // The terminal may be gone (SIGHUP): a failed write must not stop the exit.
        // Cleaned like every message Parlor prints (a panic's text may quote data).
        let line = format!("parlor: a background computation failed: {message}");
        let _ = writeln!(err, "{}", crate::core::text::sanitize_message(&line));
    }
}

fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            // Into the debug log first, whatever restoring the terminal then does.
            crate::logging::record_panic(info);
            let background = OWNER.get() != Some(&std::thread::current().id());
            if background && ENTERED.load(Ordering::SeqCst) {
                DEFERRED
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push(info.to_string().replace('\n', " "));
                // Restored meanwhile: nobody else will print it.
                if !ENTERED.load(Ordering::SeqCst) {
                    print_deferred();
                }
                return;
            }
            restore();
            previous(info);
        }));
    });
}
