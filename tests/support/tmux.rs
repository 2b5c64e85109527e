//! A person at a real terminal: a program run in a detached tmux session, driven with key
//! presses, typed text, SGR (1006) mouse sequences and resizes, and read back as screen text.
//!
//! Each [`Terminal`] has its own tmux server, whose socket is in a temporary folder (`-S`), so
//! tests running at once never share a session and dropping the terminal ends everything it
//! started and leaves no socket behind. Nothing here sleeps a fixed time to let the program
//! catch up: the tests wait for what the screen shows, with generous limits (the CI machine is
//! a loaded 2-core box); a limit only stops a program that never gets there.

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// How long a wait lasts by default before the test fails with the screen it saw.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// Whether tmux can run here; says why not (the caller then skips instead of failing).
pub fn available(test: &str) -> bool {
    let tmux = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !tmux {
        eprintln!("SKIPPED {test}: tmux is not installed (.ci/run installs it)");
    }
    tmux
}

/// A mouse button, as SGR mouse reporting numbers it.
#[derive(Clone, Copy, Debug)]
pub enum Button {
    /// The left button.
    Left,
    /// The middle button.
    Middle,
    /// The right button.
    Right,
}

/// The terminal modes the program has left on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Modes {
    /// The alternate screen is in use.
    pub alternate: bool,
    /// Some mouse reporting is on.
    pub mouse: bool,
    /// The cursor is visible.
    pub cursor: bool,
}

/// One program in its own tmux server and session.
pub struct Terminal {
    /// The server's socket, inside `_socket_dir`.
    socket: String,
    session: String,
    /// Removed (with the socket) when the terminal is dropped.
    _socket_dir: tempfile::TempDir,
}

impl Terminal {
    /// Starts `program` with `args` in a fresh `cols`×`rows` terminal. The pane stays after the
    /// program ends, so its last screen and the terminal modes it left can still be read.
    pub fn start(name: &str, (cols, rows): (u16, u16), program: &str, args: &[&str]) -> Self {
        let socket_dir = tempfile::tempdir().expect("a folder for the tmux socket");
        let terminal = Self {
            socket: socket_dir
                .path()
                .join("tmux")
                .to_string_lossy()
                .into_owned(),
            session: name.to_string(),
            _socket_dir: socket_dir,
        };
        let (cols, rows) = (cols.to_string(), rows.to_string());
        // `remain-on-exit` must be on before the program can end: the server starts, takes the
        // option and creates the session in one tmux command line.
        let mut all = vec![
            "start-server",
            ";",
            "set-option",
            "-g",
            "remain-on-exit",
            "on",
            ";",
        ];
        all.extend([
            "new-session",
            "-d",
            "-s",
            name,
            "-x",
            &cols,
            "-y",
            &rows,
            program,
        ]);
        all.extend_from_slice(args);
        terminal.run(&all);
        terminal
    }

    /// Starts Parlor with `args`, its data in `data_dir`, in a `size` terminal.
    pub fn parlor(name: &str, size: (u16, u16), data_dir: &Path, args: &[&str]) -> Self {
        let data = format!("PARLOR_DATA_DIR={}", data_dir.display());
        let mut all = vec![
            data.as_str(),
            "TERM=xterm-256color",
            env!("CARGO_BIN_EXE_parlor"),
        ];
        all.extend_from_slice(args);
        Self::start(name, size, "env", &all)
    }

    /// Runs a shell script (bash) in the terminal: for tests that need to see the exit code or
    /// the shell after the program.
    pub fn script(name: &str, size: (u16, u16), script: &str) -> Self {
        Self::start(name, size, "bash", &["-c", script])
    }

    fn tmux(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .args(["-S", &self.socket, "-f", "/dev/null"])
            .args(args)
            .output()
            .expect("tmux runs")
    }

    fn run(&self, args: &[&str]) -> String {
        let out = self.tmux(args);
        assert!(
            out.status.success(),
            "tmux {args:?} failed: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Presses keys, one after another, by tmux's names: `Up`, `Enter`, `Escape`, `Tab`,
    /// `BSpace`, `C-c`, `q`…
    pub fn keys(&self, keys: &[&str]) {
        for key in keys {
            self.run(&["send-keys", "-t", &self.session, key]);
        }
    }

    /// Types `text` literally.
    pub fn type_text(&self, text: &str) {
        self.run(&["send-keys", "-t", &self.session, "-l", text]);
    }

    /// Sends `bytes` to the program as one paste from a tmux buffer (as a terminal pastes:
    /// all at once, however long).
    pub fn paste(&self, bytes: &[u8]) {
        let file = tempfile::NamedTempFile::new().expect("a temporary file");
        std::fs::write(file.path(), bytes).expect("the paste is written");
        let path = file.path().to_string_lossy().into_owned();
        self.run(&["load-buffer", "-b", "paste", &path]);
        self.run(&["paste-buffer", "-d", "-b", "paste", "-t", &self.session]);
    }

    /// Presses and releases `button` at a 0-based cell, as SGR mouse sequences.
    pub fn click_with(&self, column: u16, row: u16, button: Button) {
        let b = match button {
            Button::Left => 0,
            Button::Middle => 1,
            Button::Right => 2,
        };
        let (x, y) = (column + 1, row + 1);
        self.type_text(&format!("\x1b[<{b};{x};{y}M"));
        self.type_text(&format!("\x1b[<{b};{x};{y}m"));
    }

    /// A left click at a 0-based cell.
    pub fn click(&self, column: u16, row: u16) {
        self.click_with(column, row, Button::Left);
    }

    /// A left click on the first place `needle` is on the screen (its first character).
    pub fn click_text(&self, needle: &str) {
        let (x, y) = locate(&self.screen(), needle);
        self.click(x, y);
    }

    /// One wheel notch at a 0-based cell.
    pub fn scroll(&self, column: u16, row: u16, down: bool) {
        let b = if down { 65 } else { 64 };
        self.type_text(&format!("\x1b[<{b};{};{}M", column + 1, row + 1));
    }

    /// The visible screen as text, one line per row.
    pub fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", &self.session])
    }

    /// The visible screen with its colours and attributes as escape sequences
    /// (`capture-pane -e`): what a screen capture of the terminal holds.
    pub fn screen_with_escapes(&self) -> String {
        self.run(&["capture-pane", "-e", "-p", "-t", &self.session])
    }

    /// Waits until `done` holds for the screen and returns that screen; fails with the last
    /// screen after `limit`.
    pub fn wait_until(&self, what: &str, limit: Duration, done: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if done(&screen) {
                return screen;
            }
            assert!(
                start.elapsed() < limit,
                "the screen never showed {what} within {limit:?}; it shows:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits until the screen contains `needle` (within [`PATIENCE`]) and returns it.
    pub fn wait_for(&self, needle: &str) -> String {
        self.wait_until(&format!("{needle:?}"), PATIENCE, |s| s.contains(needle))
    }

    /// Waits until some line of the screen, trimmed, equals `line`.
    pub fn wait_for_line(&self, line: &str) -> String {
        self.wait_until(&format!("the line {line:?}"), PATIENCE, |s| {
            s.lines().any(|l| l.trim() == line)
        })
    }

    /// Resizes the terminal.
    pub fn resize(&self, cols: u16, rows: u16) {
        self.run(&[
            "resize-window",
            "-t",
            &self.session,
            "-x",
            &cols.to_string(),
            "-y",
            &rows.to_string(),
        ]);
    }

    /// Resizes the terminal to each size in turn, as fast as tmux can (a person dragging a
    /// window corner): many resizes per tmux command line.
    pub fn resize_burst(&self, sizes: &[(u16, u16)]) {
        for chunk in sizes.chunks(100) {
            let mut args: Vec<String> = Vec::new();
            for (cols, rows) in chunk {
                if !args.is_empty() {
                    args.push(";".into());
                }
                args.extend([
                    "resize-window".into(),
                    "-t".into(),
                    self.session.clone(),
                    "-x".into(),
                    cols.to_string(),
                    "-y".into(),
                    rows.to_string(),
                ]);
            }
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            self.run(&args);
        }
    }

    /// The terminal modes the program has left on.
    pub fn modes(&self) -> Modes {
        let text = self.run(&[
            "display-message",
            "-p",
            "-t",
            &self.session,
            "#{alternate_on} #{mouse_any_flag} #{cursor_flag}",
        ]);
        let flags: Vec<bool> = text.split_whitespace().map(|f| f == "1").collect();
        assert_eq!(flags.len(), 3, "tmux modes: {text:?}");
        Modes {
            alternate: flags[0],
            mouse: flags[1],
            cursor: flags[2],
        }
    }

    /// Waits until the terminal modes satisfy `done` (within [`PATIENCE`]) and returns them.
    pub fn wait_for_modes(&self, what: &str, done: impl Fn(Modes) -> bool) -> Modes {
        let start = Instant::now();
        loop {
            let modes = self.modes();
            if done(modes) {
                return modes;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "the terminal never got {what} within {PATIENCE:?}: {modes:?}; it shows:\n{}",
                self.screen()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The pid of the process the pane runs (`env` execs Parlor, so with [`Terminal::parlor`]
    /// this is Parlor itself; with [`Terminal::script`] it is the shell).
    pub fn pane_pid(&self) -> u32 {
        let text = self.run(&["display-message", "-p", "-t", &self.session, "#{pane_pid}"]);
        text.trim().parse().expect("a pane pid")
    }

    /// The pid of the pane process's only child (Parlor under the shell of
    /// [`Terminal::script`]), read from `/proc` (Linux; tmux runs only where that is so).
    pub fn child_pid(&self) -> u32 {
        let shell = self.pane_pid();
        let children = std::fs::read_to_string(format!("/proc/{shell}/task/{shell}/children"))
            .expect("the shell's children");
        children
            .split_whitespace()
            .next()
            .and_then(|pid| pid.parse().ok())
            .expect("the shell runs a program")
    }

    /// Ends the session and its server (the program gets SIGHUP as its terminal closes).
    pub fn stop(&self) {
        let _ = self.tmux(&["kill-server"]);
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The text of the one save in `data_dir`'s saves folder (`what` names the case on failure).
pub fn only_save(data_dir: &Path, what: &str) -> String {
    let saves: Vec<_> = std::fs::read_dir(data_dir.join("saves"))
        .map(|d| d.filter_map(Result::ok).collect())
        .unwrap_or_default();
    assert_eq!(saves.len(), 1, "{what}: one autosave");
    std::fs::read_to_string(saves[0].path()).expect("a readable save")
}

/// A shell running Parlor with `args` and its data in `data_dir`, then printing its exit code:
/// tmux's own record of a dead pane's status can lag behind the exit (tmux 3.3 sometimes reaps
/// the child only at its next event), so the tests read the shell's line instead.
pub fn parlor_in_shell(name: &str, data_dir: &Path, args: &str) -> Terminal {
    parlor_in_shell_at(name, (100, 30), data_dir, args)
}

/// [`parlor_in_shell`] in a terminal of `size`, which shows 24-bit colour (whatever the
/// machine's own environment says).
pub fn parlor_in_shell_at(name: &str, size: (u16, u16), data_dir: &Path, args: &str) -> Terminal {
    let binary = env!("CARGO_BIN_EXE_parlor");
    let script = format!(
        "PARLOR_DATA_DIR='{}' TERM=xterm-256color COLORTERM=truecolor NO_COLOR= '{binary}' {args}; echo EXIT=$?; sleep 600",
        data_dir.display()
    );
    Terminal::script(name, size, &script)
}

/// An interactive shell (bash, no startup files, prompt `$ `) with Parlor's data in
/// `data_dir`: for job control (Ctrl-Z, `fg`), which only an interactive shell has.
pub fn interactive_shell(name: &str, size: (u16, u16), data_dir: &Path) -> Terminal {
    let data = format!("PARLOR_DATA_DIR={}", data_dir.display());
    Terminal::start(
        name,
        size,
        "env",
        &[
            &data,
            "TERM=xterm-256color",
            "PS1=$ ",
            "bash",
            "--norc",
            "--noprofile",
            "-i",
        ],
    )
}

/// Where `needle` is on `screen`, as (column, row) in cells.
pub fn locate(screen: &str, needle: &str) -> (u16, u16) {
    for (row, line) in screen.lines().enumerate() {
        if let Some(byte) = line.find(needle) {
            let column = line[..byte].chars().count();
            return (
                u16::try_from(column).expect("a column"),
                u16::try_from(row).expect("a row"),
            );
        }
    }
    panic!("{needle:?} not on screen:\n{screen}");
}

/// Whether process `pid` has ended (gone, or a zombie not yet reaped).
pub fn has_ended(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).map_or(true, |stat| {
        stat.rsplit(')')
            .next()
            .is_some_and(|rest| rest.trim_start().starts_with('Z'))
    })
}

/// The CPU time process `pid` has used so far, in clock ticks (user + system, from
/// `/proc/PID/stat`), or `None` once it is gone.
pub fn cpu_ticks(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name (which may hold spaces) start at field 3 (state);
    // utime and stime are fields 14 and 15.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some(utime + stime)
}

/// Waits until process `pid` is idle: a window of `window` in which it used under a tenth of
/// that time on the CPU. Returns the ticks it used in the idle window. Fails if it never
/// settles within `limit` (a busy loop), or has ended.
///
/// A window, not one sample, because on a loaded machine the program may still be working
/// through queued input for a while; a process spinning forever never passes one.
pub fn wait_until_idle(pid: u32, window: Duration, limit: Duration) -> u64 {
    // Clock ticks per second: 100 on every Linux this runs on (USER_HZ).
    let ticks_per_second = 100.0;
    let allowed = (window.as_secs_f64() * ticks_per_second / 10.0).max(2.0);
    let start = Instant::now();
    let mut samples = Vec::new();
    loop {
        let before = cpu_ticks(pid).expect("the process runs");
        std::thread::sleep(window);
        let after = cpu_ticks(pid).expect("the process runs");
        let used = after - before;
        samples.push(used);
        #[allow(clippy::cast_precision_loss)]
        if (used as f64) < allowed {
            return used;
        }
        assert!(
            start.elapsed() < limit,
            "process {pid} never became idle within {limit:?}: CPU ticks per {window:?} window: {samples:?}"
        );
    }
}
