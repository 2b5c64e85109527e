//! A person at a real terminal: the binary in tmux, driven with `../shared/tools/tui` — start,
//! click into Connect Four, play with keys and a click, save, quit, start again, load the save
//! from the load screen, see the board. Skips (with a message) where tmux or the tool is missing.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The tool next to the repository (`../shared`), or next to the folder of work trees
/// (`../../shared`) when the tests run in a git worktree.
fn tool() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let beside = root.join("../shared/tools/tui");
    if beside.exists() {
        return beside;
    }
    let above = root.join("../../shared/tools/tui");
    if above.exists() { above } else { beside }
}

fn tui(args: &[&str]) -> String {
    let out = Command::new(tool())
        .args(args)
        .output()
        .expect("the tui tool runs");
    assert!(
        out.status.success(),
        "tui {args:?} failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Starts `parlor ARGS` in a tui session of `size`, with its own data directory.
fn start_parlor(name: &str, size: &str, data_dir: &str, args: &[&str]) {
    let data = format!("PARLOR_DATA_DIR={data_dir}");
    let mut all = vec![
        "start",
        name,
        size,
        "env",
        &data,
        "TERM=xterm-256color",
        env!("CARGO_BIN_EXE_parlor"),
    ];
    all.extend_from_slice(args);
    tui(&all);
}

/// The text of the one save in `data_dir`'s saves folder (`what` names the case on failure).
fn only_save(data_dir: &Path, what: &str) -> String {
    let saves: Vec<_> = std::fs::read_dir(data_dir.join("saves"))
        .map(|d| d.filter_map(Result::ok).collect())
        .unwrap_or_default();
    assert_eq!(saves.len(), 1, "{what}: one autosave");
    std::fs::read_to_string(saves[0].path()).expect("a readable save")
}

/// Where `needle` is on the screen, as (column, row).
fn locate(screen: &str, needle: &str) -> (u16, u16) {
    for (row, line) in screen.lines().enumerate() {
        if let Some(byte) = line.find(needle) {
            return (line[..byte].chars().count() as u16, row as u16);
        }
    }
    panic!("{needle:?} not on screen:\n{screen}");
}

fn available() -> bool {
    let tmux = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !tmux {
        eprintln!("SKIPPED tmux smoke test: tmux is not installed (.ci/run installs it)");
        return false;
    }
    if !tool().exists() {
        eprintln!("SKIPPED tmux smoke test: {} is missing", tool().display());
        return false;
    }
    true
}

#[test]
fn play_save_quit_and_load_in_a_real_terminal() {
    if !available() {
        return;
    }
    let data = tempfile::tempdir().expect("tempdir");
    let data_dir = data.path().to_string_lossy().into_owned();
    let binary = env!("CARGO_BIN_EXE_parlor");
    let name = format!("parlor-smoke-{}", std::process::id());
    // A shell around parlor prints its exit code: tmux's own record of a dead pane's status
    // can lag behind the exit.
    let script = format!(
        "PARLOR_DATA_DIR='{data_dir}' TERM=xterm-256color '{binary}'; echo EXIT=$?; sleep 30"
    );
    let start = |name: &str| tui(&["start", name, "100x30", "bash", "-c", &script]);

    start(&name);
    tui(&["wait", &name, "Connect Four", "10"]);
    let (x, y) = locate(&tui(&["screen", &name]), "Connect Four");
    tui(&["click", &name, &x.to_string(), &y.to_string()]);
    tui(&["wait", &name, "New game of Connect Four", "5"]);
    tui(&["keys", &name, "Tab"]);
    tui(&["type", &name, "Alice"]);
    tui(&["keys", &name, "Tab", "Tab"]);
    tui(&["type", &name, "Bob"]);
    tui(&["keys", &name, "Tab", "Enter"]);
    tui(&["wait", &name, "Alice \\(x\\) to move", "5"]);
    // Keys: the cursor starts over column 4; one step right and drop in column 5.
    tui(&["keys", &name, "Right", "Enter"]);
    tui(&["wait", &name, "1\\. x 5", "5"]);
    // A click on column 1's label drops Bob's token there.
    let (x, y) = locate(&tui(&["screen", &name]), "1   2   3   4   5   6   7");
    tui(&["click", &name, &x.to_string(), &y.to_string()]);
    tui(&["wait", &name, "2\\. o 1", "5"]);
    tui(&["keys", &name, "s"]);
    tui(&["wait", &name, "Saved to", "5"]);
    tui(&["keys", &name, "q"]);
    tui(&["wait", &name, "Continue: Connect Four", "5"]);
    tui(&["keys", &name, "q"]);
    tui(&["wait", &name, "EXIT=0", "10"]);
    let modes = tui(&["modes", &name]);
    assert!(
        modes.contains("alternate=0") && modes.contains("mouse=0"),
        "terminal restored: {modes}"
    );
    tui(&["stop", &name]);

    start(&name);
    tui(&["wait", &name, "Load game", "10"]);
    let (x, y) = locate(&tui(&["screen", &name]), "Load game");
    tui(&["click", &name, &x.to_string(), &y.to_string()]);
    tui(&["wait", &name, "Alice vs Bob", "5"]);
    tui(&["keys", &name, "Enter"]);
    let screen = tui(&["wait", &name, "Alice \\(x\\) to move", "5"]);
    let _ = screen;
    let screen = tui(&["screen", &name]);
    assert!(
        screen.contains("│[○]│") && screen.contains(" ● "),
        "the loaded board shows both tokens:\n{screen}"
    );
    tui(&["stop", &name]);
}

/// The pid of parlor in a tui session whose pane runs a shell that runs parlor: the pane
/// process's only child, read from `/proc` (Linux; the tmux tests run only where tmux does).
fn child_pid_of(session: &str) -> Option<String> {
    let shell = pane_pid(session)?;
    let children = std::fs::read_to_string(format!("/proc/{shell}/task/{shell}/children")).ok()?;
    children.split_whitespace().next().map(str::to_string)
}

/// The pid of the process a tui session's pane runs.
fn pane_pid(session: &str) -> Option<String> {
    let out = Command::new("tmux")
        .args(["-L", "tui-driver", "display-message", "-p", "-t", session])
        .arg("#{pane_pid}")
        .output()
        .ok()?;
    let pid = String::from_utf8_lossy(&out.stdout).trim().to_string();
    (!pid.is_empty()).then_some(pid)
}

/// SIGTERM and SIGHUP each leave an autosave, the terminal restored and the exit code
/// 128 + signal. The shell around parlor prints that code: tmux's own record of a dead pane's
/// status can lag (tmux 3.3 sometimes reaps the child only at its next event), which made a
/// version of this test that read `pane_dead_status` flaky.
#[test]
fn sigterm_and_sighup_autosave_the_game_and_restore_the_terminal() {
    if !available() {
        return;
    }
    let binary = env!("CARGO_BIN_EXE_parlor");
    for (signal, code) in [("TERM", "143"), ("HUP", "129")] {
        let data = tempfile::tempdir().expect("tempdir");
        let data_dir = data.path().to_string_lossy().into_owned();
        let name = format!("parlor-signal-{signal}-{}", std::process::id());
        let script = format!(
            "PARLOR_DATA_DIR='{data_dir}' '{binary}' connect4 Ann Ben; echo EXIT=$?; sleep 30"
        );
        tui(&["start", &name, "100x30", "bash", "-c", &script]);
        tui(&["wait", &name, "Ann \\(x\\) to move", "10"]);
        tui(&["keys", &name, "4"]);
        tui(&["wait", &name, "Ben \\(o\\) to move", "5"]);
        let pid = child_pid_of(&name).expect("the parlor process");
        let status = Command::new("kill")
            .args([&format!("-{signal}"), &pid])
            .status()
            .expect("kill runs");
        assert!(status.success());
        tui(&["wait", &name, &format!("EXIT={code}"), "10"]);
        let modes = tui(&["modes", &name]);
        assert!(
            modes.contains("alternate=0") && modes.contains("mouse=0"),
            "SIG{signal}: terminal restored: {modes}"
        );
        let text = only_save(data.path(), &format!("SIG{signal}"));
        assert!(text.contains("moves = [\"4\"]"), "{text}");
        tui(&["stop", &name]);
    }
}

#[test]
fn after_a_panic_the_shell_behaves_normally() {
    if !available() {
        return;
    }
    let binary = env!("CARGO_BIN_EXE_parlor");
    let name = format!("parlor-panic-{}", std::process::id());
    // A shell runs parlor (which fails on purpose after its first frame), then shows the
    // terminal settings and echoes what is typed: raw mode would hide both.
    let script = format!(
        "PARLOR_DEBUG_PANIC=1 {binary} connect4 A B; echo EXIT=$?; stty -a | tr ' ' '\\n' | grep -x -- '-\\?icanon'; read -r line; echo GOT=$line; sleep 30"
    );
    tui(&["start", &name, "100x30", "bash", "-c", &script]);
    tui(&["wait", &name, "EXIT=101", "10"]);
    let screen = tui(&["wait", &name, "^icanon$", "5"]);
    let _ = screen;
    let modes = tui(&["modes", &name]);
    assert!(
        modes.contains("alternate=0") && modes.contains("mouse=0") && modes.contains("cursor=1"),
        "{modes}"
    );
    tui(&["type", &name, "hello"]);
    tui(&["keys", &name, "Enter"]);
    tui(&["wait", &name, "GOT=hello", "5"]);
    let screen = tui(&["screen", &name]);
    assert!(
        screen.contains("hello\n") || screen.lines().any(|l| l.trim() == "hello"),
        "typed text is echoed (cooked mode):\n{screen}"
    );
    assert!(
        screen.contains("PARLOR_DEBUG_PANIC is set"),
        "the panic message reaches the normal screen:\n{screen}"
    );
    tui(&["stop", &name]);
}

#[test]
fn against_the_computer_in_a_real_terminal() {
    if !available() {
        return;
    }
    let data = tempfile::tempdir().expect("tempdir");
    let data_dir = data.path().to_string_lossy().into_owned();
    let name = format!("parlor-computer-{}", std::process::id());
    start_parlor(
        &name,
        "100x30",
        &data_dir,
        &["connect4", "Alice", "--computer", "second", "--level", "2"],
    );
    tui(&["wait", &name, "Alice \\(x\\) to move", "10"]);
    tui(&["keys", &name, "Enter"]);
    // The computer's answer appears in the move list and it is Alice's turn again.
    tui(&["wait", &name, "2\\. o [1-7]", "30"]);
    tui(&["wait", &name, "Alice \\(x\\) to move", "5"]);
    // Undo takes back both moves.
    tui(&["keys", &name, "u"]);
    tui(&["wait", &name, "Moves played: 0", "5"]);
    // The hint marks a move for Alice.
    tui(&["keys", &name, "h"]);
    tui(&["wait", &name, "Suggested move marked", "30"]);
    tui(&["stop", &name]);
}

/// Checkers against the computer in a real terminal: `--computer first` opens with the
/// computer's move before any input, a hint marks a move, clicking it plays it, the computer
/// answers, and undo goes back to the person's turn.
#[test]
fn checkers_against_the_computer_in_a_real_terminal() {
    if !available() {
        return;
    }
    let data = tempfile::tempdir().expect("tempdir");
    let data_dir = data.path().to_string_lossy().into_owned();
    let name = format!("parlor-checkers-{}", std::process::id());
    start_parlor(
        &name,
        "100x34",
        &data_dir,
        &["checkers", "--computer", "first", "--level", "1"],
    );
    tui(&["wait", &name, "1\\. black", "30"]);
    tui(&["wait", &name, "Player 2 \\(white\\) to move", "5"]);
    tui(&["keys", &name, "h"]);
    let screen = tui(&["wait", &name, "Suggested move marked", "60"]);
    let _ = screen;
    let screen = tui(&["screen", &name]);
    let (px, py) = locate(&screen, "<○>");
    let (tx, ty) = locate(&screen, "<?>");
    tui(&["click", &name, &(px + 1).to_string(), &py.to_string()]);
    tui(&["click", &name, &(tx + 1).to_string(), &ty.to_string()]);
    tui(&["wait", &name, "2\\. white", "5"]);
    tui(&["wait", &name, "3\\. black", "30"]);
    tui(&["keys", &name, "u"]);
    let screen = tui(&["wait", &name, "Moves played: 1", "5"]);
    let _ = screen;
    let screen = tui(&["screen", &name]);
    assert!(screen.contains("▶ white Player 2"), "{screen}");
    assert!(!screen.contains("<?>"), "{screen}");
    tui(&["stop", &name]);
}

/// Pentago against the computer: place and turn with keys, watch the computer answer, ask
/// for a hint, undo back to the person's turn, leave.
#[test]
fn pentago_against_the_computer_in_a_real_terminal() {
    if !available() {
        return;
    }
    let data = tempfile::tempdir().expect("tempdir");
    let data_dir = data.path().to_string_lossy().into_owned();
    let name = format!("parlor-pentago-{}", std::process::id());
    start_parlor(
        &name,
        "100x40",
        &data_dir,
        &["pentago", "--computer", "second", "--level", "2"],
    );
    tui(&["wait", &name, "Player 1 \\(X\\) to move", "10"]);
    // The cursor starts on C3: place there, turn quadrant 1 right, confirm.
    tui(&["keys", &name, "Enter", "r", "Enter"]);
    tui(&["wait", &name, "1\\. X c31r", "5"]);
    tui(&["wait", &name, "2\\. O [a-f][1-6][1-4][lr]", "30"]);
    let screen = tui(&["screen", &name]);
    assert!(screen.contains("Computer (Casual)"), "{screen}");
    assert!(screen.contains("Pieces: X 1, O 1"), "{screen}");
    tui(&["keys", &name, "h"]);
    tui(&["wait", &name, "Suggested move marked", "60"]);
    let screen = tui(&["screen", &name]);
    assert!(
        screen.contains("<?>"),
        "the hint's square is marked:\n{screen}"
    );
    tui(&["keys", &name, "u"]);
    tui(&["wait", &name, "Pieces: X 0, O 0", "5"]);
    let screen = tui(&["screen", &name]);
    assert!(screen.contains("▶ X Player 1"), "{screen}");
    tui(&["keys", &name, "q"]);
    tui(&["stop", &name]);
}

/// A data directory where saves cannot go (its `saves` is a file): `s` says why, offers
/// another file, and the game stays open; the save then lands where the person typed.
#[test]
fn a_failed_save_offers_another_file_in_a_real_terminal() {
    if !available() {
        return;
    }
    let data = tempfile::tempdir().expect("tempdir");
    std::fs::write(data.path().join("saves"), "not a folder").expect("blocker file");
    let elsewhere = data.path().join("elsewhere.toml");
    let data_dir = data.path().to_string_lossy().into_owned();
    let name = format!("parlor-save-as-{}", std::process::id());
    start_parlor(&name, "100x30", &data_dir, &["connect4", "Ann", "Ben"]);
    tui(&["wait", &name, "Ann \\(x\\) to move", "10"]);
    tui(&["keys", &name, "4"]);
    tui(&["wait", &name, "Ben \\(o\\) to move", "5"]);
    tui(&["keys", &name, "s"]);
    tui(&["wait", &name, "save to another file\\?", "5"]);
    tui(&["wait", &name, "Not saved: cannot create", "5"]);
    for _ in 0..80 {
        tui(&["keys", &name, "BSpace"]);
    }
    tui(&["type", &name, &elsewhere.to_string_lossy()]);
    tui(&["keys", &name, "Enter"]);
    tui(&["wait", &name, "Saved to .*elsewhere\\.toml", "5"]);
    let text = std::fs::read_to_string(&elsewhere).expect("the save landed where typed");
    assert!(text.contains("moves = [\"4\"]"), "{text}");
    let screen = tui(&["screen", &name]);
    assert!(
        screen.contains("▶ o Ben") && screen.contains("1. x 4"),
        "still in the game:\n{screen}"
    );
    tui(&["stop", &name]);
}

/// Whether the process has ended (gone, or a zombie not yet reaped).
fn has_ended(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat")).map_or(true, |stat| {
        stat.rsplit(')')
            .next()
            .is_some_and(|rest| rest.trim_start().starts_with('Z'))
    })
}

/// The terminal really closing (the tmux session is killed, so the pty goes away and the
/// kernel sends SIGHUP): parlor autosaves and ends instead of running on without a terminal.
/// Before the fix its signal thread panicked writing to the closed stderr, so it never exited
/// and spun on the dead terminal.
#[test]
fn closing_the_terminal_autosaves_and_ends_the_process() {
    if !available() {
        return;
    }
    let data = tempfile::tempdir().expect("tempdir");
    let data_dir = data.path().to_string_lossy().into_owned();
    let name = format!("parlor-close-{}", std::process::id());
    start_parlor(&name, "100x30", &data_dir, &["connect4", "Ann", "Ben"]);
    tui(&["wait", &name, "Ann \\(x\\) to move", "10"]);
    tui(&["keys", &name, "4"]);
    tui(&["wait", &name, "Ben \\(o\\) to move", "5"]);
    let pid = pane_pid(&name).expect("the pane's process");
    tui(&["stop", &name]);
    // A bound, not a timing claim: a process that never ends fails here.
    for _ in 0..100 {
        if has_ended(&pid) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert!(
        has_ended(&pid),
        "parlor {pid} still runs with its terminal closed"
    );
    let text = only_save(data.path(), "closed terminal");
    assert!(text.contains("moves = [\"4\"]"), "{text}");
}
