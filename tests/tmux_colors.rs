//! The painted boards in a real terminal: Parlor in tmux at 100×32 with `COLORTERM=truecolor`
//! draws the squares of Reversi, Checkers, Connect Four and Pentago with 24-bit background
//! colours (`48;2;r;g;b` in a capture with escape sequences), on the board's rows and not only
//! elsewhere; with `NO_COLOR` there are none. Skips (with a message) where tmux is missing.

#![cfg(feature = "tui")]

use crate::support;

use support::tmux::{Terminal, available};

/// Parlor started as `parlor GAME` with `env` settings before it, its data and config in
/// `dir` (an empty config file: the shipped defaults, dark theme, whatever the machine's
/// user has set).
fn parlor(name: &str, dir: &std::path::Path, env: &[&str], game: &str) -> Terminal {
    let data = format!("PARLOR_DATA_DIR={}", dir.display());
    let config = dir.join("config.toml");
    std::fs::write(&config, "").expect("an empty config file");
    let config = config.display().to_string();
    let mut args = vec![
        "-u",
        "NO_COLOR",
        "-u",
        "COLORTERM",
        data.as_str(),
        "TERM=xterm-256color",
    ];
    args.extend_from_slice(env);
    args.extend([env!("CARGO_BIN_EXE_parlor"), "--config", &config, game]);
    Terminal::start(name, (100, 32), "env", &args)
}

/// The rows of a capture that show `needle` in their text, with their escape sequences.
fn rows_with<'a>(capture: &'a str, needle: &str) -> Vec<&'a str> {
    capture
        .lines()
        .filter(|line| strip(line).contains(needle))
        .collect()
}

/// A captured row without its escape sequences.
fn strip(line: &str) -> String {
    let mut out = String::new();
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[test]
fn boards_have_24_bit_square_colours_under_truecolor() {
    if !available("tmux colour test") {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    // Each game with a text that shows its board is up and a text on one of its board rows.
    for (game, ready, board_row) in [
        ("reversi", "to move", "4 "),
        ("checkers", "to move", "13 "),
        ("connect4", "to move", ""),
        ("pentago", "to move", "A "),
    ] {
        let term = parlor(game, dir.path(), &["COLORTERM=truecolor"], game);
        term.wait_for(ready);
        let capture = term.screen_with_escapes();
        let painted = capture.matches("48;2;").count();
        assert!(
            painted >= 8,
            "{game}: {painted} 24-bit backgrounds in\n{capture}"
        );
        if !board_row.is_empty() {
            let rows = rows_with(&capture, board_row);
            assert!(
                rows.iter().any(|row| row.contains("48;2;")),
                "{game}: no 24-bit background on the board row {board_row:?}:\n{capture}"
            );
        }
        term.stop();

        let plain = parlor(
            game,
            dir.path(),
            &["NO_COLOR=1", "COLORTERM=truecolor"],
            game,
        );
        plain.wait_for(ready);
        let capture = plain.screen_with_escapes();
        assert!(
            !capture.contains("48;"),
            "{game}: NO_COLOR paints nothing:\n{capture}"
        );
        plain.stop();
    }
}

#[test]
fn without_truecolor_the_256_colour_palette_is_used() {
    if !available("tmux colour test") {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let term = parlor("reversi-256", dir.path(), &[], "reversi");
    term.wait_for("to move");
    let capture = term.screen_with_escapes();
    assert!(!capture.contains("48;2;"), "no 24-bit colour:\n{capture}");
    assert!(
        capture.contains("48;5;"),
        "256-colour backgrounds:\n{capture}"
    );
    term.stop();
}
