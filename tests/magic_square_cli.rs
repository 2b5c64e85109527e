//! `parlor magic-square …` as a process: the seed's sessions through stdin (plain mode is
//! automatic when stdin is not a terminal), exit codes, aliases and usage errors.

use crate::support;

const PROMPTS: [&str; 3] = [
    "enter the number you want to add: ",
    "enter the x coordinate you want to move to: ",
    "enter the y coordinate you want to move to: ",
];

/// Splits a seed transcript into what the player typed and what the program printed.
fn split_transcript(transcript: &str) -> (String, String) {
    let mut input = String::new();
    let mut output = String::new();
    for line in transcript.lines() {
        if let Some(prompt) = PROMPTS.iter().find(|p| line.starts_with(p.trim_end())) {
            input.push_str(line[prompt.trim_end().len()..].trim());
            input.push('\n');
            output.push_str(prompt);
        } else {
            output.push_str(line);
            output.push('\n');
        }
    }
    (input, output)
}

/// Runs the binary with `args` and `input` on stdin; returns the exit code and stdout/stderr.
fn run(args: &[&str], input: &str) -> (i32, String, String) {
    let (out, _dir) = support::cli::parlor(args, input);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn replay(args: &[&str], transcript: &str) -> i32 {
    let (input, expected) = split_transcript(transcript);
    let (code, stdout, stderr) = run(args, &input);
    assert_eq!(stdout, expected, "stderr: {stderr}");
    code
}

#[test]
fn the_seed_win_exits_0() {
    let win = include_str!("../src/games/magic_square/testdata/win.txt");
    assert_eq!(replay(&["MagicSquare"], win), 0);
}

#[test]
fn the_seed_loss_exits_3() {
    let loss = include_str!("../src/games/magic_square/testdata/loss.txt");
    assert_eq!(replay(&["magic-square"], loss), 3);
}

#[test]
fn the_seed_size_one_and_negative_games() {
    let one = include_str!("../src/games/magic_square/testdata/one.txt");
    assert_eq!(replay(&["MagicSquare", "1"], one), 0);
    let negative = include_str!("../src/games/magic_square/testdata/negative.txt");
    assert_eq!(replay(&["magic-square", "3", "-9"], negative), 0);
}

#[test]
fn quitting_exits_4() {
    let (code, stdout, _) = run(&["magic-square"], "2\n1\nquit\n");
    assert_eq!(code, 4);
    assert!(stdout.ends_with("user quit!\ntotal turns: 0\n"), "{stdout}");
}

#[test]
fn out_of_range_arguments_are_usage_errors() {
    for args in [
        &["magic-square", "10"][..],
        &["magic-square", "0"],
        &["magic-square", "3", "x"],
        &["magic-square", "1", "9223372036854775807"],
        &["magic-square", "3", "1", "4"],
    ] {
        let (code, _, stderr) = run(args, "");
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(
            stderr.contains("parlor magic-square 3 -9"),
            "{args:?}: {stderr}"
        );
    }
}
