//! Pentago against the computer in a real terminal: the binary in tmux, driven with
//! `../shared/tools/tui` — place and turn with keys, watch the computer answer, ask for a hint,
//! undo back to the person's turn, leave. Skips (with a message) where tmux or the tool is
//! missing.

use std::path::{Path, PathBuf};
use std::process::Command;

/// `shared/tools/tui` beside the repository, or beside any folder above it (a worktree may
/// sit deeper than the main checkout).
fn tool() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.ancestors()
        .map(|a| a.join("shared/tools/tui"))
        .find(|p| p.exists())
        .unwrap_or_else(|| here.join("../shared/tools/tui"))
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

fn available() -> bool {
    let tmux = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !tmux {
        eprintln!("SKIPPED pentago tmux test: tmux is not installed (.ci/run installs it)");
        return false;
    }
    if !tool().exists() {
        eprintln!("SKIPPED pentago tmux test: {} is missing", tool().display());
        return false;
    }
    true
}

#[test]
fn a_game_against_the_computer_in_a_real_terminal() {
    if !available() {
        return;
    }
    let data = tempfile::tempdir().expect("tempdir");
    let data_dir = data.path().to_string_lossy().into_owned();
    let binary = env!("CARGO_BIN_EXE_parlor");
    let name = format!("parlor-pentago-{}", std::process::id());
    tui(&[
        "start",
        &name,
        "100x40",
        "env",
        &format!("PARLOR_DATA_DIR={data_dir}"),
        "TERM=xterm-256color",
        binary,
        "pentago",
        "--computer",
        "second",
        "--level",
        "2",
    ]);
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
