//! The records of finished games: the file (round trip, a broken or newer file, the older
//! `stats.toml`), a game counted in the arcade and in plain mode, the Statistics screen from
//! the menu and `parlor stats`.

#![cfg(feature = "tui")]

use assert_cmd::Command;
use parlor::core::{Outcome, Player, Players, Seat};
use parlor::save::records::{Count, Finish, GameResult, Records, RecordsError, Table};
use parlor::save::stats::Stats;
use parlor::testing::Harness;

fn sample() -> Records {
    let mut records = Records::new();
    let people = Players::two(
        Player::person("Ann", "Player 1"),
        Player::person("Bob", "Player 2"),
    );
    let master = Players::two(Player::computer(4), Player::person("Ann", "Player 2"));
    records.record(&Finish::two_player(
        "connect4",
        &people,
        Outcome::Won(Seat::First),
    ));
    records.record(&Finish::two_player("reversi", &master, Outcome::Draw));
    records.record(&Finish {
        game: "slide".into(),
        table: Table::Puzzle {
            variant: "07".into(),
            par: Some(21),
        },
        result: GameResult::Solved,
        score: Some(23),
        seconds: Some(95),
        counts: Count::First,
    });
    records
}

#[test]
fn records_survive_a_round_trip_through_the_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let records = sample();
    records.store(dir.path()).expect("written");
    let text = std::fs::read_to_string(dir.path().join(Records::FILE)).expect("a file");
    assert!(text.starts_with("version = 1\n"), "{text}");
    assert_eq!(Records::read(dir.path()), Ok(records));
}

#[test]
fn no_file_is_no_records_but_the_old_best_results_are_kept() {
    let dir = tempfile::tempdir().expect("tempdir");
    assert_eq!(Records::read(dir.path()), Ok(Records::new()));
    let mut stats = Stats::default();
    stats.record("slide", "03", 17);
    stats.store(dir.path()).expect("stats written");
    let records = Records::read(dir.path()).expect("readable");
    let slide = records.game("slide").expect("taken over");
    assert_eq!(slide.puzzles["03"].fewest, Some(17));
    assert_eq!(
        slide.puzzles["03"].solved, 0,
        "only the best result was known"
    );
}

#[test]
fn a_broken_file_is_set_aside_never_overwritten() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join(Records::FILE);
    let garbage = "version = 1\n[games.connect4.opponents.people]\nplayed = \"many\"\n";
    std::fs::write(&path, garbage).expect("written");
    assert!(matches!(
        Records::read(dir.path()),
        Err(RecordsError::Malformed { .. })
    ));
    let now = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_700_000_000);
    let loaded = Records::load(dir.path(), now);
    assert!(loaded.writable);
    assert_eq!(loaded.records, Records::new());
    let notice = loaded.notice.expect("a notice");
    assert!(
        notice.contains("records.toml.broken-1700000000"),
        "{notice}"
    );
    let aside = dir.path().join("records.toml.broken-1700000000");
    assert_eq!(std::fs::read_to_string(&aside).expect("kept"), garbage);
    assert!(!path.exists(), "the broken file moved, not copied");
    // New records begin in a new file; the old one stays aside.
    sample().store(dir.path()).expect("written");
    assert_eq!(std::fs::read_to_string(&aside).expect("kept"), garbage);
}

#[test]
fn a_newer_format_is_refused_not_misread() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::write(dir.path().join(Records::FILE), "version = 2\n").expect("written");
    assert!(matches!(
        Records::read(dir.path()),
        Err(RecordsError::Newer { version: 2, .. })
    ));
    std::fs::write(dir.path().join(Records::FILE), "[games]\n").expect("written");
    assert!(Records::read(dir.path()).is_err(), "no version, no records");
}

fn parlor(data: &std::path::Path) -> Command {
    let mut cmd = Command::cargo_bin("parlor").expect("the binary");
    cmd.arg("--data-dir")
        .arg(data)
        .env("HOME", data)
        .env("XDG_CONFIG_HOME", data.join("config"))
        .env_remove("PARLOR_DATA_DIR");
    cmd
}

#[test]
fn a_plain_game_shows_in_parlor_stats() {
    let dir = tempfile::tempdir().expect("tempdir");
    parlor(dir.path())
        .args(["connect4", "Alice", "Bob", "--plain"])
        .write_stdin("1\n2\n1\n2\n1\n2\n1\n")
        .assert()
        .code(10);
    let output = parlor(dir.path()).arg("stats").assert().success();
    let text = String::from_utf8_lossy(&output.get_output().stdout).into_owned();
    let connect4 = text
        .split("\n\n")
        .find(|section| section.starts_with("Connect Four\n"))
        .expect("a Connect Four table");
    let row = |label: &str| {
        connect4
            .lines()
            .find(|line| line.trim_start().starts_with(label))
            .map(|line| line.split_whitespace().collect::<Vec<_>>())
            .expect("the row")
    };
    // Columns: People, Beginner, Casual, Strong, Master.
    assert_eq!(row("played"), ["played", "1", "0", "0", "0", "0"], "{text}");
    assert_eq!(row("won"), ["won", "1", "0", "0", "0", "0"], "{text}");
    assert_eq!(row("lost"), ["lost", "0", "0", "0", "0", "0"], "{text}");
    // A game left in the middle is not counted.
    parlor(dir.path())
        .args(["connect4", "Alice", "Bob", "--plain"])
        .write_stdin("1\nq\n")
        .assert()
        .code(4);
    let again = parlor(dir.path()).arg("stats").assert().success();
    assert_eq!(again.get_output().stdout, output.get_output().stdout);
}

#[test]
fn parlor_stats_on_a_broken_file_says_so_and_fails() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join(Records::FILE);
    std::fs::write(&path, "not = [toml").expect("written");
    let output = parlor(dir.path()).arg("stats").assert().code(1);
    let stderr = String::from_utf8_lossy(&output.get_output().stderr).into_owned();
    assert!(stderr.contains("is not a records file"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(&path).expect("left alone"),
        "not = [toml"
    );
}

/// Plays a two-person Connect Four game won by the first player, through the menu and the
/// new-game form, and goes back to the menu.
fn win_a_connect_four_game(h: &mut Harness) {
    h.start_two_player("Connect Four", "Alice", "Bob");
    h.press_all(&["1", "2", "1", "2", "1", "2", "1"]);
    h.assert_shows("Alice wins with");
    h.press("q");
    h.assert_shows("Statistics");
}

#[test]
fn the_statistics_screen_counts_an_arcade_game() {
    let mut h = Harness::menu(80, 24);
    // Esc on the menu does not leave Parlor; only Quit does.
    h.press("esc");
    assert!(h.app().is_running());
    win_a_connect_four_game(&mut h);
    let records = Records::read(h.data_dir()).expect("written");
    let tally = records.game("connect4").expect("counted").opponents["people"];
    assert_eq!((tally.played, tally.won, tally.streak), (1, 1, 1));
    h.click_text("Statistics");
    h.assert_shows("Statistics: Nine Almonds (1/11)");
    insta::assert_snapshot!("records_nine_almonds_80x24", h.text());
    // Back a game with the mouse wraps to the last (the position puzzles after Slide), then
    // on to Connect Four: the arrow four times more, then once by key.
    let (x, y) = h.find("◀").expect("the arrow");
    h.click(x, y);
    h.assert_shows("Statistics: Pentago puzzles (11/11)");
    for _ in 0..4 {
        h.click(x, y);
    }
    h.assert_shows("Statistics: Slide (7/11)");
    h.press("left");
    h.assert_shows("Statistics: Connect Four (6/11)");
    insta::assert_snapshot!("records_connect4_80x24", h.text());
    // Keys: right goes on, Esc goes back to the menu.
    h.press("right");
    h.assert_shows("Statistics: Slide (7/11)");
    h.press("esc");
    h.assert_shows("Load game");
    assert!(h.app().is_running());
    h.press("q");
    assert!(!h.app().is_running());
}

#[test]
fn the_statistics_screen_fits_60_by_20_and_scrolls() {
    let mut h = Harness::menu(60, 20);
    win_a_connect_four_game(&mut h);
    // From Connect Four down past Slide, the position puzzles, the daily puzzle, Enter a
    // puzzle ID and Load game to Statistics.
    h.press_all(&["down", "down", "down", "down", "down", "down", "enter"]);
    h.assert_shows("Statistics: Nine Almonds");
    h.press_all(&["left"; 6]);
    h.assert_shows("Statistics: Connect Four (6/11)");
    h.assert_shows("best streak");
    insta::assert_snapshot!("records_connect4_60x20", h.text());
    // The table fits: scrolling does nothing.
    h.press("down");
    h.assert_shows("played");
    h.resize(60, 10);
    h.draw();
    h.assert_shows("rows 1-");
    h.scroll(10, 5, true);
    h.draw();
    h.assert_shows("rows 2-");
}

#[test]
fn a_plain_puzzle_solve_counts_in_its_variants_row() {
    let dir = tempfile::tempdir().expect("tempdir");
    // The seed's winning session: four turns.
    parlor(dir.path())
        .args(["nine-almonds", "--plain"])
        .write_stdin(
            "2,2\n2,4\ny\n4,2\ny\n2,0\ny\n0,2\nn\n1,3\n1,1\nn\n3,2\n1,0\ny\n1,2\n0,2\n2,2\n",
        )
        .assert()
        .code(0);
    let output = parlor(dir.path()).arg("stats").assert().success();
    let text = String::from_utf8_lossy(&output.get_output().stdout).into_owned();
    let section = text
        .split("\n\n")
        .find(|section| section.starts_with("Nine Almonds\n"))
        .expect("a Nine Almonds table");
    let line = section
        .lines()
        .find(|line| line.trim_start().starts_with("5×5"))
        .unwrap_or_else(|| panic!("the arcade's variant row:\n{text}"));
    let row: Vec<&str> = line.split_whitespace().collect();
    // Variant "5×5, nine almonds", solved 1, by the solver 0, lost 0, fewest unknown, par 4.
    assert_eq!(row[3..7], ["1", "0", "0", "-"], "{text}");
    assert_eq!(row[7], "4", "{text}");
    assert!(!section.contains("plain mode"), "{text}");
}

#[test]
fn a_big_terminal_shows_every_game_side_by_side() {
    let mut h = Harness::menu(200, 60);
    win_a_connect_four_game(&mut h);
    h.click_text("Statistics");
    h.assert_shows("Statistics: Nine Almonds to Pentago puzzles (11 of 11)");
    for game in [
        "Magic Square",
        "Reversi",
        "Checkers",
        "Pentago",
        "Connect Four",
    ] {
        h.assert_shows(game);
    }
    insta::assert_snapshot!("records_all_200x60", h.text());
    // Right starts the view one game later; nothing scrolls.
    h.press("right");
    h.assert_shows("Statistics: Magic Square to Nine Almonds (11 of 11)");
    h.press("down");
    h.assert_shows("Statistics: Magic Square to Nine Almonds (11 of 11)");
    // Narrower, one game at a time again.
    h.resize(80, 24);
    h.assert_shows("Statistics: Magic Square (2/11)");
}
