//! `parlor --plain nine-almonds` (and the seed's name `NineAlmonds`) as a process: the seed's
//! sessions typed on stdin end with the seed's last lines and GAMES.md's exit codes.

use crate::support;

/// Runs the real binary in plain mode with `typed` on stdin; returns stdout and the exit code.
fn run(game: &str, typed: &str) -> (String, Option<i32>) {
    let (output, _dir) = support::cli::parlor(&["--plain", game], typed);
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        output.status.code(),
    )
}

#[test]
fn the_seeds_winning_session_exits_with_0() {
    let typed = "2,2\n2,4\ny\n4,2\ny\n2,0\ny\n0,2\nn\n1,3\n1,1\nn\n3,2\n1,0\ny\n1,2\n0,2\n2,2\n";
    let (out, code) = run("NineAlmonds", typed);
    assert!(out.ends_with("success!\ntotal turns: 4\n"), "{out}");
    assert!(out.contains("\n2,2 to 2,4 to 4,2 to 2,0 to 0,2\n"), "{out}");
    assert_eq!(code, Some(0));
}

#[test]
fn the_seeds_losing_session_exits_with_3() {
    let typed = "1,2\n1,4\n2,2\n2,4\nn\n3,2\n3,4\n2,4\n0,4\n2,1\n0,1\n";
    let (out, code) = run("nine-almonds", typed);
    assert!(
        out.ends_with("no valid move! game over.\ntotal turns: 5\n"),
        "{out}"
    );
    assert_eq!(code, Some(3));
}

#[test]
fn quitting_exits_with_4() {
    let (out, code) = run("nine-almonds", "quit\n");
    assert!(out.ends_with("user quit!\ntotal turns: 0\n"), "{out}");
    assert_eq!(code, Some(4));
}
