//! A person at a real terminal: the binary in tmux, driven by our own driver
//! (`tests/support/tmux.rs`) — start, click into Connect Four, play with keys and a click, save,
//! quit, start again, load the save from the load screen, see the board; signals, a panic, a
//! closed terminal, input storms. Skips (with a message) where tmux is missing.

#![cfg(feature = "tui")]

use crate::support;

use std::time::Duration;

use support::tmux::{
    Terminal, available, has_ended, locate, only_save, parlor_in_shell, parlor_in_shell_at,
    wait_until_idle,
};

/// The newcomer's path at the size most terminals open at, 80×24: the menu by mouse, the
/// new-game form, keys and clicks on the board (Connect Four is drawn in its large tier
/// there), save, leave, and the save loaded again.
#[test]
fn play_save_quit_and_load_in_a_real_terminal() {
    if !available("tmux smoke test") {
        return;
    }
    let data = tempfile::tempdir().expect("tempdir");

    let term = parlor_in_shell_at("smoke", (80, 24), data.path(), "");
    term.wait_for("Connect Four");
    term.click_text("Connect Four");
    term.wait_for("New game of Connect Four");
    term.keys(&["Tab"]);
    term.type_text("Alice");
    term.keys(&["Tab", "Tab"]);
    term.type_text("Bob");
    term.keys(&["Tab", "Enter"]);
    term.wait_for("Alice (x) to move");
    // Keys: the cursor starts over column 4; one step right and drop in column 5.
    term.keys(&["Right", "Enter"]);
    term.wait_for("1. x 5");
    // A click on column 1's label drops Bob's token there.
    term.click_text("1     2     3     4     5     6     7");
    term.wait_for("2. o 1");
    term.keys(&["s"]);
    term.wait_for("Saved to");
    term.keys(&["q"]);
    term.wait_for("Continue: Connect Four");
    term.keys(&["q"]);
    term.wait_for("EXIT=0");
    let modes = term.modes();
    assert!(
        !modes.alternate && !modes.mouse,
        "terminal restored: {modes:?}"
    );
    term.stop();

    let term = parlor_in_shell_at("smoke-again", (80, 24), data.path(), "");
    term.wait_for("Load game");
    term.click_text("Load game");
    term.wait_for("Alice vs Bob");
    term.keys(&["Enter"]);
    // The load screen's preview shows the same status and a board too, and a capture can
    // catch the game screen half drawn over it: wait until the load screen's footer is gone
    // and the game's own board row (Bob's last token, bracketed) is there.
    term.wait_for("Connect Four  Alice vs Bob");
    let screen = term.wait_until("the loaded game's board", support::tmux::PATIENCE, |s| {
        s.contains("Alice (x) to move") && s.contains("│[▟○▙]│") && !s.contains("Enter open")
    });
    // The board is painted: tokens are round discs in their colours (Connect Four's red
    // (255,0,0) and yellow (255,215,0)), Bob's hollow one bracketed as the last move.
    let colours = term.screen_with_escapes();
    assert!(
        screen.contains("│[▟○▙]│")
            && colours.contains("38;2;255;0;0")
            && colours.contains("38;2;255;215;0"),
        "the loaded board shows both tokens:\n{screen}"
    );
}

/// SIGTERM and SIGHUP each leave an autosave (marked as one), the terminal restored, a line
/// saying where the game went, and the exit code 128 + signal, as the shell around Parlor
/// prints it.
#[test]
fn sigterm_and_sighup_autosave_the_game_and_restore_the_terminal() {
    if !available("tmux smoke test") {
        return;
    }
    for (signal, code) in [("TERM", "143"), ("HUP", "129")] {
        let data = tempfile::tempdir().expect("tempdir");
        let term = parlor_in_shell(&format!("signal-{signal}"), data.path(), "connect4 Ann Ben");
        term.wait_for("Ann (x) to move");
        term.keys(&["4"]);
        term.wait_for("Ben (o) to move");
        let pid = term.child_pid();
        let status = std::process::Command::new("kill")
            .args([format!("-{signal}"), pid.to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success());
        term.wait_for(&format!("EXIT={code}"));
        let modes = term.modes();
        assert!(
            !modes.alternate && !modes.mouse,
            "SIG{signal}: terminal restored: {modes:?}"
        );
        let text = only_save(data.path(), &format!("SIG{signal}"));
        assert!(text.contains("moves = [\"4\"]"), "{text}");
        // Marked as Parlor's own autosave, and the shell was told where it went.
        assert!(text.contains("autosave = true"), "SIG{signal}: {text}");
        term.wait_for("was autosaved to");
    }
}

#[test]
fn after_a_panic_the_shell_behaves_normally() {
    if !available("tmux smoke test") {
        return;
    }
    let binary = env!("CARGO_BIN_EXE_parlor");
    // A shell runs parlor (which fails on purpose after its first frame), then shows the
    // terminal settings and echoes what is typed: raw mode would hide both.
    let script = format!(
        "PARLOR_DEBUG_PANIC=1 {binary} connect4 A B; echo EXIT=$?; stty -a | tr ' ' '\\n' | grep -x -- '-\\?icanon'; read -r line; echo GOT=$line; sleep 600"
    );
    let term = Terminal::script("panic", (100, 30), &script);
    term.wait_for("EXIT=101");
    term.wait_for_line("icanon");
    let modes = term.modes();
    assert!(
        !modes.alternate && !modes.mouse && modes.cursor,
        "{modes:?}"
    );
    term.type_text("hello");
    term.keys(&["Enter"]);
    let screen = term.wait_for("GOT=hello");
    assert!(
        screen.lines().any(|l| l.trim() == "hello"),
        "typed text is echoed (cooked mode):\n{screen}"
    );
    assert!(
        screen.contains("PARLOR_DEBUG_PANIC is set"),
        "the panic message reaches the normal screen:\n{screen}"
    );
}

/// A panic on a background thread (here every search fails, with the debug-only
/// `PARLOR_DEBUG_PANIC=task`) costs only that answer: the game stays on its screen in
/// Parlor's terminal modes and answers keys, and the panic's message is printed once the
/// terminal is restored at exit (printed at once, it would have torn the game's screen).
#[test]
fn a_background_panic_leaves_the_game_and_the_terminal_alone() {
    if !available("tmux smoke test") {
        return;
    }
    let data = tempfile::tempdir().expect("tempdir");
    let binary = env!("CARGO_BIN_EXE_parlor");
    let script = format!(
        "PARLOR_DATA_DIR='{}' PARLOR_DEBUG_PANIC=task '{binary}' connect4 Ann --computer second; echo EXIT=$?; sleep 600",
        data.path().display()
    );
    let term = Terminal::script("task-panic", (100, 30), &script);
    term.wait_for("Ann (x) to move");
    term.keys(&["Enter"]);
    let screen = term.wait_for("The computer found no move.");
    assert!(
        !screen.contains("panicked"),
        "no message over the game:\n{screen}"
    );
    let modes = term.modes();
    assert!(modes.alternate && modes.mouse, "still Parlor's: {modes:?}");
    // The game still answers: undo takes Ann's move back.
    term.keys(&["u"]);
    term.wait_for("Moves played: 0");
    term.keys(&["q"]);
    term.wait_for("Save before leaving?");
    term.keys(&["d"]);
    // Started into a game that was left before its end: exit code 4.
    let screen = term.wait_for("EXIT=4");
    // The terminal wraps the long line (exactly at the 100th column here): read it joined.
    let joined = screen.replace('\n', "");
    assert!(
        joined.contains("parlor: a background computation failed:")
            && joined.contains("PARLOR_DEBUG_PANIC=task"),
        "the message, after the game:\n{screen}"
    );
    let modes = term.modes();
    assert!(!modes.alternate && !modes.mouse, "restored: {modes:?}");
}

#[test]
fn against_the_computer_in_a_real_terminal() {
    if !available("tmux smoke test") {
        return;
    }
    let data = tempfile::tempdir().expect("tempdir");
    let term = Terminal::parlor(
        "computer",
        (100, 30),
        data.path(),
        &["connect4", "Alice", "--computer", "second", "--level", "2"],
    );
    term.wait_for("Alice (x) to move");
    term.keys(&["Enter"]);
    // The computer's answer appears in the move list and it is Alice's turn again.
    term.wait_until("the computer's answer", Duration::from_secs(60), |s| {
        (1..=7).any(|c| s.contains(&format!("2. o {c}")))
    });
    term.wait_for("Alice (x) to move");
    // Undo takes back both moves.
    term.keys(&["u"]);
    term.wait_for("Moves played: 0");
    // The hint marks a move for Alice.
    term.keys(&["h"]);
    term.wait_until("the hint", Duration::from_secs(60), |s| {
        s.contains("Suggested move: ")
    });
}

/// Checkers against the computer in a real terminal: `--computer first` opens with the
/// computer's move before any input, a hint marks a move, clicking it plays it, the computer
/// answers, and undo goes back to the person's turn.
#[test]
fn checkers_against_the_computer_in_a_real_terminal() {
    if !available("tmux smoke test") {
        return;
    }
    let data = tempfile::tempdir().expect("tempdir");
    let term = Terminal::parlor(
        "checkers",
        // The framed tier (the large one starts at 30 rows): the hint reads `<○>`.
        (100, 28),
        data.path(),
        &["checkers", "--computer", "first", "--level", "1"],
    );
    let long = Duration::from_secs(60);
    term.wait_until("the computer's opening", long, |s| s.contains("1. black"));
    term.wait_for("Player 2 (white) to move");
    term.keys(&["h"]);
    let screen = term.wait_until("the hint", long, |s| s.contains("Suggested move: "));
    let (px, py) = locate(&screen, "<○>");
    let (tx, ty) = locate(&screen, "<?>");
    term.click(px + 1, py);
    term.click(tx + 1, ty);
    term.wait_for("2. white");
    term.wait_until("the computer's answer", long, |s| s.contains("3. black"));
    term.keys(&["u"]);
    let screen = term.wait_for("Moves played: 1");
    assert!(screen.contains("▶ ● white Player 2"), "{screen}");
    assert!(!screen.contains("<?>"), "{screen}");
}

/// Pentago against the computer: place and turn with keys, watch the computer answer, ask
/// for a hint, undo back to the person's turn, leave.
#[test]
fn pentago_against_the_computer_in_a_real_terminal() {
    if !available("tmux smoke test") {
        return;
    }
    let data = tempfile::tempdir().expect("tempdir");
    let term = Terminal::parlor(
        "pentago",
        (100, 40),
        data.path(),
        &["pentago", "--computer", "second", "--level", "2"],
    );
    let long = Duration::from_secs(60);
    term.wait_for("Player 1 (X) to move");
    // The cursor starts on C3: place there, turn quadrant 1 right, confirm.
    term.keys(&["Enter", "r", "Enter"]);
    term.wait_for("1. X c31r");
    let screen = term.wait_until("the computer's answer", long, |s| {
        s.lines().any(|line| pentago_answer(line).is_some())
    });
    assert!(screen.contains("Computer (Casual)"), "{screen}");
    assert!(screen.contains("Pieces: X 1, O 1"), "{screen}");
    term.keys(&["h"]);
    let screen = term.wait_until("the hint", long, |s| s.contains("Suggested move: "));
    assert!(
        screen.contains("<?>"),
        "the hint's square is marked:\n{screen}"
    );
    term.keys(&["u"]);
    let screen = term.wait_for("Pieces: X 0, O 0");
    assert!(screen.contains("▶ ● X Player 1"), "{screen}");
    term.keys(&["q"]);
}

/// The move after "2. O " on a move-list line, when it is a Pentago move: a square `a`–`f`
/// `1`–`6`, a quadrant `1`–`4` and a direction `l` or `r`.
fn pentago_answer(line: &str) -> Option<&str> {
    let at = line.find("2. O ")? + "2. O ".len();
    let mv = line.get(at..at + 4)?;
    let b = mv.as_bytes();
    let valid = (b'a'..=b'f').contains(&b[0])
        && (b'1'..=b'6').contains(&b[1])
        && (b'1'..=b'4').contains(&b[2])
        && (b[3] == b'l' || b[3] == b'r');
    valid.then_some(mv)
}

/// A data directory where saves cannot go (its `saves` is a file): `s` says why, offers
/// another file, and the game stays open; the save then lands where the person typed.
#[test]
fn a_failed_save_offers_another_file_in_a_real_terminal() {
    if !available("tmux smoke test") {
        return;
    }
    let data = tempfile::tempdir().expect("tempdir");
    std::fs::write(data.path().join("saves"), "not a folder").expect("blocker file");
    let elsewhere = data.path().join("elsewhere.toml");
    let term = Terminal::parlor(
        "save-as",
        (100, 30),
        data.path(),
        &["connect4", "Ann", "Ben"],
    );
    term.wait_for("Ann (x) to move");
    term.keys(&["4"]);
    term.wait_for("Ben (o) to move");
    term.keys(&["s"]);
    term.wait_for("save to another file?");
    term.wait_for("Not saved: cannot create");
    term.keys(&["BSpace"; 80]);
    term.type_text(&elsewhere.to_string_lossy());
    term.keys(&["Enter"]);
    let screen = term.wait_until("the save landing", Duration::from_secs(30), |s| {
        s.contains("Saved to") && s.contains("elsewhere.toml")
    });
    let text = std::fs::read_to_string(&elsewhere).expect("the save landed where typed");
    assert!(text.contains("moves = [\"4\"]"), "{text}");
    assert!(
        screen.contains("▶ ● o Ben") && screen.contains("1. x 4"),
        "still in the game:\n{screen}"
    );
}

/// The terminal really closing (the tmux server is killed, so the pty goes away and the
/// kernel sends SIGHUP): parlor autosaves and ends instead of running on without a terminal.
/// Before the fix its signal thread panicked writing to the closed stderr, so it never exited
/// and spun on the dead terminal.
#[test]
fn closing_the_terminal_autosaves_and_ends_the_process() {
    if !available("tmux smoke test") {
        return;
    }
    let data = tempfile::tempdir().expect("tempdir");
    let term = Terminal::parlor("close", (100, 30), data.path(), &["connect4", "Ann", "Ben"]);
    term.wait_for("Ann (x) to move");
    term.keys(&["4"]);
    term.wait_for("Ben (o) to move");
    let pid = term.pane_pid();
    term.stop();
    // A bound, not a timing claim: a process that never ends fails here.
    let start = std::time::Instant::now();
    while !has_ended(pid) && start.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(
        has_ended(pid),
        "parlor {pid} still runs with its terminal closed"
    );
    let text = only_save(data.path(), "closed terminal");
    assert!(text.contains("moves = [\"4\"]"), "{text}");
}

/// Input storms: a paste of 100,000 keys and a burst of 1,000 resizes reach the app without a
/// hang. Afterwards the screen is right (the paste's playable moves were played, the board is
/// drawn at the final size), the next key is answered, and the process goes back to idle.
#[test]
fn a_huge_paste_and_a_resize_storm_leave_the_app_responsive_and_idle() {
    if !available("tmux storm test") {
        return;
    }
    let data = tempfile::tempdir().expect("tempdir");
    let term = Terminal::parlor("storm", (100, 30), data.path(), &["connect4", "Ann", "Ben"]);
    term.wait_for("Ann (x) to move");
    let pid = term.pane_pid();
    // 100,000 presses of 4: column 4 takes six tokens, the rest are refused (a full column).
    term.paste(&vec![b'4'; 100_000]);
    let long = Duration::from_secs(300);
    term.wait_until("six moves in column 4", long, |s| s.contains("6. o 4"));
    // The paste is worked through when the next key's move shows; a seventh token in column 4
    // would have been a broken rule.
    term.keys(&["1"]);
    let screen = term.wait_until("the next key's move", long, |s| s.contains("7. x 1"));
    assert!(
        !screen.contains("7. x 4") && !screen.contains("8. o 4"),
        "{screen}"
    );
    wait_until_idle(pid, Duration::from_secs(2), long);

    // 1,000 resizes between sizes from too small to large, ending at 100×30.
    let sizes = [(20, 6), (140, 45), (1, 1), (61, 17), (200, 60), (100, 30)];
    let burst: Vec<(u16, u16)> = (0..1000).map(|i| sizes[i % sizes.len()]).collect();
    let burst = [&burst[..], &[(100, 30)]].concat();
    term.resize_burst(&burst);
    term.wait_until("the board at 100×30", long, |s| {
        s.contains("Ben (o) to move") && s.contains("7. x 1") && shows_column_labels(s)
    });
    term.keys(&["2"]);
    let screen = term.wait_until("the move after the storm", long, |s| s.contains("8. o 2"));
    assert!(shows_column_labels(&screen), "{screen}");
    wait_until_idle(pid, Duration::from_secs(2), long);
    assert!(!has_ended(pid), "parlor ended during the storm");
}

/// Whether Connect Four's column labels 1–7 are on screen, in whatever size tier the board is
/// drawn (their spacing grows with the cells).
fn shows_column_labels(screen: &str) -> bool {
    screen.lines().any(|line| {
        line.split_whitespace()
            .take_while(|token| token.chars().all(|c| c.is_ascii_digit()))
            .eq(["1", "2", "3", "4", "5", "6", "7"])
    })
}
