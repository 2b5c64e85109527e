//! Game records through the real paths: `parlor export` and `parlor import` on the binary,
//! the load screen's `i` and `x`, and the list of a file's games, with files written by other
//! programs (`tests/data/<game>/`).

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::support;
use parlor::testing::Harness;
use support::cli::parlor_in;

fn data(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(path)
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The saves written in `dir`'s saves folder.
fn saves(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir.join("saves"))
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default()
}

#[test]
fn a_pdn_game_imports_as_a_save_and_exports_back_the_same_moves() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = data("checkers/raven-german_open_2004.pdn");
    let out = parlor_in(dir.path(), &["import", file.to_str().expect("utf-8")], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("Imported Morgan, John vs Pawlek, Dennis (Checkers, 44 moves)"),
        "{}",
        stdout(&out)
    );
    let [save] = saves(dir.path()).try_into().expect("one save");
    let out = parlor_in(dir.path(), &["export", save.to_str().expect("utf-8")], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let pdn = stdout(&out);
    assert!(pdn.contains("[Black \"Morgan, John\"]"), "{pdn}");
    assert!(pdn.contains("[GameType \"21\"]"), "{pdn}");
    // The moves as the original writes them, up to its last: 22. 10x19x26 17x10x1.
    assert!(pdn.contains("1. 11-15 22-17 2. 15-19 24x15"), "{pdn}");
    assert!(pdn.contains("22. 10x19x26 17x10x1"), "{pdn}");
    // By the save's name too, in another format.
    let name = save.file_stem().and_then(|s| s.to_str()).expect("a name");
    let out = parlor_in(dir.path(), &["export", name, "--format", "parlor"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("[Game \"Checkers\"]"),
        "{}",
        stdout(&out)
    );
    assert!(stdout(&out).contains("\n1. 5,5-4,4\n"), "{}", stdout(&out));
}

#[test]
fn a_file_of_many_games_is_listed_and_one_is_chosen() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = data("reversi/WTH_1977.wtb");
    let path = file.to_str().expect("utf-8");
    let out = parlor_in(dir.path(), &["import", path], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let list = stdout(&out);
    assert!(
        list.contains("holds 12 games; import one with --game N"),
        "{list}"
    );
    assert!(
        list.contains("    1  Reversi · player 346 – player 843 · tournament 1 · 1977 · 34-30"),
        "{list}"
    );
    assert!(
        saves(dir.path()).is_empty(),
        "nothing imported without --game"
    );
    let out = parlor_in(dir.path(), &["import", path, "--game", "13"], b"");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let out = parlor_in(dir.path(), &["import", path, "--game", "2"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(saves(dir.path()).len(), 1);
    // A Reversi save exports as GGF by default.
    let save = &saves(dir.path())[0];
    let out = parlor_in(dir.path(), &["export", save.to_str().expect("utf-8")], b"");
    assert!(
        stdout(&out).starts_with("(;GM[Othello]"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn bad_files_and_formats_say_what_and_where() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(
        dir.path().join("bad.pdn"),
        "[Event \"x\"]\n1. 11-15 23-19\n2. 11-16 *\n",
    )
    .expect("write");
    let out = parlor_in(dir.path(), &["import", "bad.pdn"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "parlor: bad.pdn: line 3, column 4: move 3 (11-16): not a legal move here\n"
    );
    std::fs::write(dir.path().join("junk.txt"), "hello\n").expect("write");
    let out = parlor_in(dir.path(), &["import", "junk.txt"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains(
            "not a game record Parlor reads (it reads GGF, Othello transcript, WTHOR database, PDN, \
             Connect Four column string, Connect Four game file, Parlor notation)"
        ),
        "{}",
        stderr(&out)
    );
    // A Pentago game has no PDN.
    std::fs::write(dir.path().join("p.pgr"), "[Game \"Pentago\"]\n1. a11r\n").expect("write");
    let out = parlor_in(dir.path(), &["import", "p.pgr"], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let save = &saves(dir.path())[0];
    let out = parlor_in(
        dir.path(),
        &["export", save.to_str().expect("utf-8"), "--format", "pdn"],
        b"",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("Pentago is not written as \"pdn\"; it is written as parlor"),
        "{}",
        stderr(&out)
    );
    let out = parlor_in(dir.path(), &["export", "no-such-save"], b"");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn the_load_screen_imports_a_collection_and_opens_a_game_of_it() {
    let mut h = Harness::menu(80, 24);
    h.click_text("Load game");
    h.type_text("i");
    h.assert_shows("Import a game record");
    let file = data("checkers/raven-tinsley-excerpt.pdn");
    h.type_text(file.to_str().expect("utf-8"));
    h.press("enter");
    h.assert_shows("raven-tinsley-excerpt.pdn · 12 games");
    h.assert_shows("1. MF Tinsley – M Rex · Ohio State Ty 1946 · 1/2-1/2 · 56 moves");
    h.type_text("/");
    h.type_text("Fuller");
    h.press("enter");
    h.assert_shows("3 of 12 games with \"Fuller\"");
    h.press("down");
    h.press("enter");
    h.assert_shows("E Fuller vs MF Tinsley");
}

#[test]
fn the_load_screen_exports_a_save_as_a_record() {
    let mut h = Harness::menu(80, 24);
    h.start_two_player("Connect Four", "Ann", "Bob");
    h.press_all(&["enter", "enter"]);
    h.press("s");
    h.press("q");
    h.click_text("Load game");
    h.type_text("x");
    h.assert_shows("Exported to");
    let exports = h.data_dir().join("exports");
    let [file] = std::fs::read_dir(&exports)
        .expect("exports folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect::<Vec<_>>()
        .try_into()
        .expect("one export");
    assert_eq!(std::fs::read_to_string(file).expect("text"), "44\n");
}
