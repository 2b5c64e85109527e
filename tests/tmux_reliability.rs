//! The terminal always comes back, and nothing is lost without a word (issue #36, classes 1
//! and 3), with the real binary in a real terminal (tmux):
//!
//! - SIGINT sent by `kill` autosaves and restores the terminal, like SIGTERM;
//! - Ctrl-Z and SIGTSTP from outside suspend with the terminal restored; `fg` brings back raw
//!   mode, the alternate screen, mouse capture and the whole screen; a stop Parlor cannot
//!   catch (SIGSTOP) is redrawn on SIGCONT;
//! - the second Ctrl-C says where the autosave went;
//! - two processes on one save: the second to save is asked, nothing is overwritten;
//! - a full or read-only data directory (a small tmpfs, where the machine lets the test mount
//!   one; the test says SKIPPED otherwise): Ctrl-C twice asks for another place instead of
//!   quitting silently, a finished game says its result was not recorded, SIGTERM's autosave
//!   goes to the temporary folder and says so.

use crate::support;

use std::path::{Path, PathBuf};
use std::process::Command;

use support::tmux::{
    Terminal, available, interactive_shell, only_save, parlor_in_shell, parlor_in_shell_at,
};

fn kill(signal: &str, pid: u32) {
    let status = Command::new("kill")
        .args([format!("-{signal}"), pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success(), "kill -{signal} {pid}");
}

/// Waits for the game Ann against Ben to start and plays Ann's first move, in column 4.
fn one_move_in(term: &Terminal) {
    term.wait_for("Ann (x) to move");
    term.keys(&["4"]);
    term.wait_for("Ben (o) to move");
}

fn restored(term: &Terminal, what: &str) {
    let modes = term.wait_for_modes("the terminal restored", |m| !m.alternate && !m.mouse);
    assert!(modes.cursor, "{what}: the cursor is hidden: {modes:?}");
}

#[test]
fn sigint_from_kill_autosaves_and_restores_the_terminal() {
    if !available("tmux reliability test") {
        return;
    }
    let data = tempfile::tempdir().expect("tempdir");
    let term = parlor_in_shell("sigint", data.path(), "connect4 Ann Ben");
    one_move_in(&term);
    kill("INT", term.child_pid());
    term.wait_for("EXIT=130");
    restored(&term, "SIGINT");
    let text = only_save(data.path(), "SIGINT");
    assert!(text.contains("autosave = true"), "{text}");
    term.wait_for("was autosaved to");
}

#[test]
fn the_second_ctrl_c_says_where_the_autosave_went() {
    if !available("tmux reliability test") {
        return;
    }
    let data = tempfile::tempdir().expect("tempdir");
    // Wide enough that the line with the file's name is not broken by the terminal.
    let term = parlor_in_shell_at("ctrl-c", (300, 30), data.path(), "connect4 Ann Ben");
    one_move_in(&term);
    term.keys(&["C-c"]);
    term.wait_for("Quit Parlor");
    term.keys(&["C-c"]);
    term.wait_for("EXIT=");
    restored(&term, "Ctrl-C twice");
    let saves: Vec<_> = std::fs::read_dir(data.path().join("saves"))
        .expect("a saves folder")
        .filter_map(Result::ok)
        .collect();
    assert_eq!(saves.len(), 1);
    let name = saves[0].file_name().to_string_lossy().into_owned();
    let screen = term.wait_for("autosaved to");
    assert!(screen.contains(&name), "the line names the file:\n{screen}");
}

/// Suspends Parlor in an interactive shell (by `suspend`), checks the terminal came back to
/// the shell, then `fg` and checks Parlor's screen and modes came back and a key still plays.
fn suspend_and_resume(term: &Terminal, suspend: impl Fn(), move_key: &str, after: &str) {
    let before = stops(&term.screen());
    suspend();
    wait_for_stop(term, before);
    restored(term, "suspended");
    term.type_text("fg");
    term.keys(&["Enter"]);
    term.wait_for("Moves played: 1");
    term.wait_for_modes("Parlor's modes back", |m| m.alternate && m.mouse);
    term.keys(&[move_key]);
    term.wait_for(after);
}

/// How many times the shell said a job stopped, on the screen shown.
fn stops(screen: &str) -> usize {
    screen.matches("Stopped").count()
}

/// Waits until the shell says a job stopped once more than `before` times.
fn wait_for_stop(term: &Terminal, before: usize) {
    term.wait_until(
        "the shell saying the job stopped",
        support::tmux::PATIENCE,
        |s| stops(s) > before,
    );
}

#[test]
fn ctrl_z_and_sigtstp_suspend_and_fg_brings_everything_back() {
    if !available("tmux reliability test") {
        return;
    }
    let data = tempfile::tempdir().expect("tempdir");
    let term = interactive_shell("suspend", (100, 30), data.path());
    term.wait_for("$");
    term.type_text(&format!(
        "'{}' connect4 Ann Ben",
        env!("CARGO_BIN_EXE_parlor")
    ));
    term.keys(&["Enter"]);
    one_move_in(&term);
    let pid = term.child_pid();
    // Ctrl-Z, a key in raw mode.
    suspend_and_resume(&term, || term.keys(&["C-z"]), "3", "2. o 3");
    // SIGTSTP from outside: the same. (Back to Ben's turn first: undo keeps the test short.)
    term.keys(&["u"]);
    term.wait_for("Move undone");
    suspend_and_resume(&term, || kill("TSTP", pid), "5", "2. o 5");
    // SIGSTOP cannot be caught: the terminal stays as it was while stopped, and SIGCONT
    // (`fg`) brings Parlor's whole screen back, not just what changes next.
    term.keys(&["u"]);
    term.wait_for("Move undone");
    let before = stops(&term.screen());
    kill("STOP", pid);
    wait_for_stop(&term, before);
    term.type_text("clear; fg");
    term.keys(&["Enter"]);
    term.wait_for("Moves played: 1");
    term.wait_for("Connect Four  Ann vs Ben");
    term.keys(&["q"]);
    term.wait_for("Leave the game");
}

#[test]
fn two_processes_on_one_save_never_overwrite_each_other() {
    if !available("tmux reliability test") {
        return;
    }
    let data = tempfile::tempdir().expect("tempdir");
    // A save to start from: one move in.
    let first = parlor_in_shell("first-save", data.path(), "connect4 Ann Ben");
    one_move_in(&first);
    first.keys(&["s"]);
    first.wait_for("Saved to");
    first.keys(&["q"]);
    first.wait_for("EXIT=");
    first.stop();
    let saves: Vec<PathBuf> = std::fs::read_dir(data.path().join("saves"))
        .expect("saves")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    assert_eq!(saves.len(), 1);
    let save = saves[0].display().to_string();
    // Two Parlors open it; each plays on; the first saves, then the second.
    let one = parlor_in_shell("one", data.path(), &format!("--load '{save}'"));
    let two = parlor_in_shell("two", data.path(), &format!("--load '{save}'"));
    for (term, column) in [(&one, "1"), (&two, "7")] {
        term.wait_for("Ben (o) to move");
        term.keys(&[column]);
        term.wait_for("Ann (x) to move");
    }
    one.keys(&["s"]);
    one.wait_for("Saved to");
    two.keys(&["s"]);
    two.wait_for("The save changed");
    two.keys(&["Enter"]);
    two.wait_for("Saved to");
    // Both games are there: the first in the file, the second beside it.
    let text = std::fs::read_to_string(&saves[0]).expect("the first's save");
    assert!(text.contains("moves = [\"4\", \"1\"]"), "{text}");
    let mut all: Vec<String> = std::fs::read_dir(data.path().join("saves"))
        .expect("saves")
        .filter_map(Result::ok)
        .map(|e| std::fs::read_to_string(e.path()).expect("a save"))
        .collect();
    all.sort();
    assert_eq!(all.len(), 2);
    assert!(
        all.iter().any(|t| t.contains("moves = [\"4\", \"7\"]")),
        "{all:?}"
    );
}

/// A small tmpfs mounted for one test, unmounted when dropped; `None` (and a SKIPPED line)
/// where the machine does not let the test mount one (not root, no mount namespace rights).
struct Tmpfs {
    dir: tempfile::TempDir,
}

impl Tmpfs {
    fn mount(test: &str, options: &str) -> Option<Self> {
        let dir = tempfile::tempdir().expect("tempdir");
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", options, "tmpfs"])
            .arg(dir.path())
            .output()
            .is_ok_and(|out| out.status.success());
        if !mounted {
            eprintln!("SKIPPED {test}: cannot mount a tmpfs here (needs root)");
            return None;
        }
        Some(Self { dir })
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    fn read_only(&self) {
        let status = Command::new("mount")
            .args(["-o", "remount,ro"])
            .arg(self.path())
            .status()
            .expect("mount runs");
        assert!(status.success(), "remount read-only");
    }

    /// Fills the file system to the last byte.
    fn fill(&self) {
        use std::io::Write;
        let mut file = std::fs::File::create(self.path().join("filler")).expect("a filler");
        let block = vec![0u8; 4096];
        while file.write_all(&block).is_ok() {}
        let _ = file.write_all(&[0]);
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount")
            .arg("-l")
            .arg(self.dir.path())
            .status();
    }
}

#[test]
fn ctrl_c_twice_on_a_full_disk_asks_for_another_place() {
    if !available("tmux reliability test") {
        return;
    }
    let Some(disk) = Tmpfs::mount("full disk", "size=256k") else {
        return;
    };
    disk.fill();
    let elsewhere = tempfile::tempdir().expect("tempdir");
    let target = elsewhere.path().join("rescued.toml");
    let term = parlor_in_shell("full", disk.path(), "connect4 Ann Ben");
    one_move_in(&term);
    term.keys(&["C-c"]);
    term.wait_for("Quit Parlor");
    term.keys(&["C-c"]);
    term.wait_for("could not be autosaved");
    term.wait_for("No space left on device");
    term.keys(&["Enter"]);
    term.wait_for("Save the game to another file");
    term.keys(&["BSpace"; 200]);
    term.type_text(&target.display().to_string());
    term.keys(&["Enter"]);
    term.wait_for("EXIT=");
    restored(&term, "rescued");
    let text = std::fs::read_to_string(&target).expect("saved where typed");
    assert!(
        text.contains("moves = [\"4\"]") && text.contains("autosave = true"),
        "{text}"
    );
    term.wait_for("autosaved to");
}

#[test]
fn a_read_only_data_directory_is_said_in_the_arcade_and_on_sigterm() {
    if !available("tmux reliability test") {
        return;
    }
    let Some(disk) = Tmpfs::mount("read-only data directory", "size=1m") else {
        return;
    };
    disk.read_only();
    // A finished game whose result cannot be recorded says so.
    let term = parlor_in_shell("read-only", disk.path(), "connect4 Ann Ben");
    term.wait_for("Ann (x) to move");
    for column in ["1", "2", "1", "2", "1", "2", "1"] {
        term.keys(&[column]);
    }
    term.wait_for("Result not recorded");
    term.stop();
    // SIGTERM: the autosave cannot go to the saves folder, so it goes to the temporary
    // folder, and the line says both.
    let temp = tempfile::tempdir().expect("tempdir");
    let binary = env!("CARGO_BIN_EXE_parlor");
    let script = format!(
        "PARLOR_DATA_DIR='{}' TMPDIR='{}' TERM=xterm-256color '{binary}' connect4 Ann Ben; echo EXIT=$?; sleep 600",
        disk.path().display(),
        temp.path().display()
    );
    // Wide enough that the long line (two paths) is not broken by the terminal.
    let term = Terminal::script("read-only-term", (400, 30), &script);
    one_move_in(&term);
    kill("TERM", term.child_pid());
    term.wait_for("EXIT=143");
    restored(&term, "SIGTERM");
    let screen = term.wait_for("instead");
    assert!(
        screen.contains("could not be autosaved in the saves folder"),
        "{screen}"
    );
    assert!(
        !screen.contains("was autosaved to"),
        "announced as done:\n{screen}"
    );
    let text = only_save(
        &temp.path().join("parlor-autosaves"),
        "the rescued autosave",
    );
    assert!(text.contains("autosave = true"), "{text}");
}
