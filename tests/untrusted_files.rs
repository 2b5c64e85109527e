//! Files from strangers: every loader gets valid files (`tests/data/untrusted/`, and each
//! registered game's `testdata/save.toml`) mutated at
//! random — bytes flipped, inserted, deleted, duplicated, lines swapped, the file cut short,
//! hostile tokens spliced in — and must either refuse them with one clear line or give a game
//! that is valid by its rules (`parlor::testing::untrusted::check`). Then absurd inputs: a
//! 10⁹-sided board, a 100 MB file, 100 000-deep TOML nesting, huge move lists.
//!
//! The same contract runs under `cargo fuzz` (see `fuzz/README.md`).

#![cfg(feature = "tui")]

use std::path::Path;

use parlor::games::open_file::OpenError;
use parlor::save::format::{MAX_SAVE_BYTES, SaveError};
use parlor::testing::Harness;
use parlor::testing::untrusted::{Loader, Verdict, check, check_message};
use proptest::prelude::*;

/// Every registered game's sample save (`src/games/<id>/testdata/save.toml`, or for a game of
/// a menu group, whose code is shared, `src/games/position/testdata/<id>.toml`): the registry,
/// not a list here, says which games there are.
fn game_ids() -> Vec<&'static str> {
    parlor::games::registry::GAMES
        .iter()
        .map(|g| g.id)
        .collect()
}

/// Text that means something to TOML, to a game's notation, or to a terminal.
const TOKENS: &[&str] = &[
    "\"",
    "'",
    "[",
    "]",
    "{",
    "}",
    "=",
    "\n",
    ",",
    ".",
    "#",
    "\"\"\"",
    "\\",
    "\\u0000",
    "\\u001b",
    "\x1b[2J",
    "\x1b]0;pwned\x07",
    "\u{9b}31m",
    "\u{202e}",
    "\0",
    "-1",
    "0",
    "-9223372036854775808",
    "9223372036854775807",
    "99999999999999999999",
    "1000000000",
    "1e309",
    "nan",
    "inf",
    "true",
    "[state]",
    "[state.params]",
    "[[state.players]]",
    "computer = 9",
    "applied = 4294967296",
    "size = 1000000000",
    "min = -9223372036854775808",
    "format = 2",
    "game = \"chess\"",
    "moves = []",
    "rows = []",
    "x",
    "o",
    "X",
    "O",
    "G",
    "w",
    "@",
    " to ",
];

#[derive(Debug, Clone)]
enum Op {
    Flip(usize, u8),
    Insert(usize, u8),
    Token(usize, usize),
    Delete(usize, usize),
    Truncate(usize),
    Duplicate(usize, usize, usize),
    SwapLines(usize, usize),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        (any::<usize>(), 1..=255u8).prop_map(|(at, bits)| Op::Flip(at, bits)),
        (any::<usize>(), any::<u8>()).prop_map(|(at, byte)| Op::Insert(at, byte)),
        (any::<usize>(), 0..TOKENS.len()).prop_map(|(at, t)| Op::Token(at, t)),
        (any::<usize>(), 1..40usize).prop_map(|(at, len)| Op::Delete(at, len)),
        any::<usize>().prop_map(Op::Truncate),
        (any::<usize>(), 1..200usize, any::<usize>())
            .prop_map(|(from, len, to)| Op::Duplicate(from, len, to)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Op::SwapLines(a, b)),
    ]
}

fn mutate(original: &[u8], ops: &[Op]) -> Vec<u8> {
    let mut bytes = original.to_vec();
    for op in ops {
        let at = |pos: usize, len: usize| if len == 0 { 0 } else { pos % (len + 1) };
        match *op {
            Op::Flip(pos, bits) => {
                if !bytes.is_empty() {
                    let i = pos % bytes.len();
                    bytes[i] ^= bits;
                }
            }
            Op::Insert(pos, byte) => {
                let i = at(pos, bytes.len());
                bytes.insert(i, byte);
            }
            Op::Token(pos, token) => {
                let i = at(pos, bytes.len());
                bytes.splice(i..i, TOKENS[token].bytes());
            }
            Op::Delete(pos, len) => {
                let i = at(pos, bytes.len());
                let end = (i + len).min(bytes.len());
                bytes.drain(i..end);
            }
            Op::Truncate(pos) => {
                let i = at(pos, bytes.len());
                bytes.truncate(i);
            }
            Op::Duplicate(from, len, to) => {
                let i = at(from, bytes.len());
                let end = (i + len).min(bytes.len());
                let piece = bytes[i..end].to_vec();
                let j = at(to, bytes.len());
                bytes.splice(j..j, piece);
            }
            Op::SwapLines(a, b) => {
                let text = String::from_utf8_lossy(&bytes).into_owned();
                let mut lines: Vec<&str> = text.split('\n').collect();
                let n = lines.len();
                lines.swap(a % n, b % n);
                bytes = lines.join("\n").into_bytes();
            }
        }
    }
    bytes
}

fn fixture(name: &str) -> Vec<u8> {
    read(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data/untrusted")
            .join(name),
    )
}

/// Game records of other programs and of Parlor's notation, in every format a game reads
/// (`tests/data/<game>/`): the mutation test feeds them to the importer.
const RECORDS: [&str; 5] = [
    "checkers/raven-german_open_2004.pdn",
    "reversi/WTH_1977.wtb",
    "reversi/game.ggf",
    "reversi/transcript.txt",
    "pentago/game.pgr",
];

fn record_file(name: &str) -> Vec<u8> {
    read(
        &Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(name),
    )
}

/// A registered game's sample save, kept in its own folder.
fn game_save(id: &str) -> Vec<u8> {
    let games = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/games");
    let grouped = parlor::games::registry::Registry::STANDARD
        .find(id)
        .is_some_and(|g| g.group.is_some());
    read(&if grouped {
        games
            .join("position/testdata")
            .join(id)
            .with_extension("toml")
    } else {
        games.join(id).join("testdata/save.toml")
    })
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// The contract, or a test failure naming the broken promise and the bytes.
fn holds(loader: Loader, bytes: &[u8], harness: &Harness) -> Verdict {
    match check(loader, bytes, harness.app().ctx()) {
        Ok(verdict) => verdict,
        Err(problem) => panic!(
            "{loader:?}: {problem}\ninput: {:?}",
            String::from_utf8_lossy(&bytes[..bytes.len().min(300)])
        ),
    }
}

#[test]
fn the_unmutated_fixtures_load() {
    let harness = Harness::menu(80, 24);
    for game in game_ids() {
        let bytes = game_save(game);
        assert_eq!(
            holds(Loader::Save, &bytes, &harness),
            Verdict::Loaded,
            "{game}"
        );
        assert_eq!(
            holds(Loader::AnyGameFile, &bytes, &harness),
            Verdict::Loaded,
            "{game}"
        );
    }
    for name in RECORDS {
        assert_eq!(
            holds(Loader::AnyGameFile, &record_file(name), &harness),
            Verdict::Loaded,
            "{name}"
        );
    }
    let game_file = fixture("connect4.txt");
    assert_eq!(
        holds(Loader::Connect4GameFile, &game_file, &harness),
        Verdict::Loaded
    );
    assert_eq!(
        holds(Loader::AnyGameFile, &game_file, &harness),
        Verdict::Loaded
    );
    assert_eq!(
        holds(Loader::SlideLevel, &fixture("level.toml"), &harness),
        Verdict::Loaded
    );
    assert_eq!(
        holds(Loader::Config, &fixture("config.toml"), &harness),
        Verdict::Loaded
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 384, ..ProptestConfig::default() })]

    #[test]
    fn mutated_saves_load_valid_or_are_refused(
        game in 0..game_ids().len(),
        ops in prop::collection::vec(op(), 1..8),
    ) {
        let harness = Harness::menu(80, 24);
        let bytes = mutate(&game_save(game_ids()[game]), &ops);
        holds(Loader::Save, &bytes, &harness);
        holds(Loader::AnyGameFile, &bytes, &harness);
    }

    #[test]
    fn mutated_game_files_load_valid_or_are_refused(
        ops in prop::collection::vec(op(), 1..6),
    ) {
        let harness = Harness::menu(80, 24);
        let bytes = mutate(&fixture("connect4.txt"), &ops);
        holds(Loader::Connect4GameFile, &bytes, &harness);
        holds(Loader::AnyGameFile, &bytes, &harness);
    }

    #[test]
    fn mutated_game_records_load_valid_or_are_refused(
        file in 0..RECORDS.len(),
        ops in prop::collection::vec(op(), 1..6),
    ) {
        let harness = Harness::menu(80, 24);
        let bytes = mutate(&record_file(RECORDS[file]), &ops);
        holds(Loader::AnyGameFile, &bytes, &harness);
    }

    #[test]
    fn mutated_levels_load_valid_or_are_refused(
        ops in prop::collection::vec(op(), 1..6),
    ) {
        let harness = Harness::menu(80, 24);
        holds(Loader::SlideLevel, &mutate(&fixture("level.toml"), &ops), &harness);
    }

    #[test]
    fn mutated_configs_load_or_are_refused(
        ops in prop::collection::vec(op(), 1..6),
    ) {
        let harness = Harness::menu(80, 24);
        holds(Loader::Config, &mutate(&fixture("config.toml"), &ops), &harness);
    }

    #[test]
    fn arbitrary_bytes_are_refused_cleanly(bytes in prop::collection::vec(any::<u8>(), 0..600)) {
        let harness = Harness::menu(80, 24);
        for loader in [Loader::Save, Loader::AnyGameFile, Loader::Connect4GameFile, Loader::SlideLevel, Loader::Config] {
            holds(loader, &bytes, &harness);
        }
    }
}

/// A mutated save on disk goes through the real path: the load screen lists it (with its
/// reason if refused) and draws without a control character reaching the terminal.
#[test]
fn the_load_screen_lists_mutated_saves_safely() {
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig {
        cases: 24,
        ..ProptestConfig::default()
    });
    runner
        .run(
            &(
                0..game_ids().len(),
                prop::collection::vec(prop::collection::vec(op(), 1..6), 1..4),
            ),
            |(game, mutations)| {
                let mut harness = Harness::menu(100, 30);
                let saves = harness.data_dir().join("saves");
                std::fs::create_dir_all(&saves).expect("saves folder");
                let original = game_save(game_ids()[game]);
                for (i, ops) in mutations.iter().enumerate() {
                    std::fs::write(saves.join(format!("m{i}.toml")), mutate(&original, ops))
                        .expect("write");
                }
                harness.press("l");
                let screen = harness.draw();
                prop_assert!(
                    !screen.chars().any(|c| c.is_control() && c != '\n'),
                    "{screen}"
                );
                for entry in parlor::save::catalog::Catalog::scan(harness.data_dir(), &|file| {
                    parlor::games::registry::Registry::STANDARD.summarize(file, harness.app().ctx())
                })
                .entries()
                {
                    if let Err(err) = &entry.summary {
                        check_message(&err.to_string(), true).map_err(TestCaseError::fail)?;
                    }
                    check_message(&format!("{}.", entry.title), true)
                        .map_err(TestCaseError::fail)?;
                }
                Ok(())
            },
        )
        .expect("the load screen holds for mutated saves");
}

fn save_with_state(game: &str, state: &str) -> String {
    format!(
        "format = 1\ngame = \"{game}\"\nsaved_at = \"2026-11-22T10:04:00Z\"\ntitle = \"t\"\n[state]\n{state}"
    )
}

fn refused(loader: Loader, text: &str) -> String {
    let harness = Harness::menu(80, 24);
    match holds(loader, text.as_bytes(), &harness) {
        Verdict::Refused(message) => message,
        Verdict::Loaded => panic!("{loader:?} accepted {:?}", &text[..text.len().min(200)]),
    }
}

#[test]
fn a_billion_sided_board_is_refused() {
    let message = refused(
        Loader::Save,
        &save_with_state(
            "magic_square",
            "applied = 0\nmoves = []\nrows = []\nplayers = []\n[state.params]\nmin = 1\nsize = 1000000000\n",
        ),
    );
    assert!(message.contains("1000000000"), "{message}");
    // The largest size the type holds is refused by the game's own bounds, as is a start
    // number whose square would overflow.
    for params in ["min = 1\nsize = 255", "min = 9223372036854775807\nsize = 5"] {
        refused(
            Loader::Save,
            &save_with_state(
                "magic_square",
                &format!(
                    "applied = 0\nmoves = []\nrows = []\nplayers = []\n[state.params]\n{params}\n"
                ),
            ),
        );
    }
    let huge_rows = format!("rows = [\"{}\"]\n", ".".repeat(100_000));
    let message = refused(Loader::SlideLevel, &format!("name = \"big\"\n{huge_rows}"));
    assert!(message.contains("10 rows"), "{message}");
}

#[test]
fn deep_nesting_is_refused_without_overflowing_the_stack() {
    // The toml parser has its own recursion limit; this pins it for arrays, inline tables and
    // dotted keys, on a test thread's small stack.
    let depth = 100_000;
    let arrays = format!("a = {}1{}", "[".repeat(depth), "]".repeat(depth));
    let tables = format!("a = {}1{}", "{b=".repeat(depth), "}".repeat(depth));
    let dotted = format!("[{}]\n", vec!["a"; depth].join("."));
    for nested in [&arrays, &tables, &dotted] {
        refused(Loader::Save, &save_with_state("connect4", nested));
        refused(Loader::SlideLevel, nested);
        refused(Loader::Config, nested);
    }
}

#[test]
fn huge_move_lists_are_refused() {
    let many = vec!["\"4\""; 10_001].join(",");
    let message = refused(
        Loader::Save,
        &save_with_state(
            "connect4",
            &format!("applied = 0\nmoves = [{many}]\nrows = []\n[state.params]\n"),
        ),
    );
    assert!(message.contains("10000 moves"), "{message}");
    let long_move = "1".repeat(100_000);
    let message = refused(
        Loader::Save,
        &save_with_state(
            "connect4",
            &format!(
                "applied = 1\nmoves = [\"{long_move}\"]\nrows = []\n[state.params]\n[[state.players]]\nname = \"a\"\n[[state.players]]\nname = \"b\"\n"
            ),
        ),
    );
    assert!(message.starts_with("move 1 ("), "{message}");
}

#[test]
fn a_hundred_megabyte_file_is_refused_before_reading() {
    let dir = tempfile::tempdir().expect("tempdir");
    let big = dir.path().join("big.toml");
    let file = std::fs::File::create(&big).expect("create");
    // Sparse: 100 MB on paper, nothing on disk.
    file.set_len(100 << 20).expect("set_len");
    assert!(matches!(
        parlor::save::store::read_save(&big),
        Err(SaveError::TooLarge(_))
    ));
    let harness = Harness::menu(80, 24);
    let Err(err) = parlor::games::open_file::open_file(
        &big,
        parlor::games::registry::Registry::STANDARD,
        harness.app().ctx(),
    ) else {
        panic!("a 100 MB file opened");
    };
    // Refused while reading, before either reader saw it.
    assert!(
        matches!(err, OpenError::Read(SaveError::TooLarge(_))),
        "{err:?}"
    );
    let message = err.to_string();
    check_message(&message, true).expect("one clear line");
    assert!(message.contains("too large"), "{message}");
    // A long string inside the size limit is refused by the game, not kept.
    let title = "t".repeat(usize::try_from(MAX_SAVE_BYTES).expect("fits") / 2);
    let text = save_with_state("nine_almonds", "moves = \"x\"\n")
        .replace("\"t\"", &format!("\"{title}\""));
    refused(Loader::Save, &text);
}

/// Found by the mutation property test: a NUL inside a recorded move came back raw in the
/// rules' reason ("\"17\0@1,0\" is not a placement"). Both loaders must refuse with a clean
/// line.
#[test]
fn a_control_character_inside_a_saved_move_never_reaches_the_message() {
    let harness = Harness::menu(80, 24);
    let text = "format = 1\ngame = \"magic_square\"\nsaved_at = \"2026-11-22T10:04:00Z\"\ntitle = \"Magic Square 3×3 from 17\"\n\n[state]\napplied = 7\nmoves = [\"22@2,0\", \"23@0,1\", \"24@2,2\", \"25@0,0\", \"17\\u0000@1,0\", \"21@0,2\", \"20@2,1\"]\nplayers = []\nrows = [\"21  . 24\", \"23  . 20\", \"25 17 22\"]\n\n[state.params]\nmin = 17\nsize = 3\n";
    for loader in [Loader::Save, Loader::AnyGameFile] {
        match holds(loader, text.as_bytes(), &harness) {
            Verdict::Refused(message) => {
                assert!(message.contains("is not a placement"), "{message}");
            }
            other @ Verdict::Loaded => panic!("{loader:?}: expected a refusal, got {other:?}"),
        }
    }
}

#[test]
fn a_solver_mark_past_the_move_list_is_refused() {
    let message = refused(
        Loader::Save,
        &save_with_state(
            "connect4",
            "applied = 0\nmoves = []\nrows = []\nsolver_from = 3\n[state.params]\n",
        ),
    );
    assert!(
        message.contains("solver's first move is number 4"),
        "{message}"
    );
}

#[test]
fn a_broken_file_is_explained_by_the_reader_its_extension_names_first() {
    // A typo in a game record is explained by the record's reader, with where it is; a broken
    // save that no record format claims leads with the save's reason.
    let dir = tempfile::tempdir().expect("tempdir");
    let harness = Harness::menu(80, 24);
    let game_file = dir.path().join("game.txt");
    std::fs::write(&game_file, "A\nB\n7/x6/7/7/7/7 o\n").expect("write");
    let Err(err) = parlor::games::open_file::open_file(
        &game_file,
        parlor::games::registry::Registry::STANDARD,
        harness.app().ctx(),
    ) else {
        panic!("a broken game file opened");
    };
    assert!(matches!(err, OpenError::Record(_)), "{err:?}");
    let message = err.to_string();
    assert!(
        message.starts_with("line 3, column 1: the position:"),
        "{message}"
    );
    let save = dir.path().join("save.toml");
    std::fs::write(&save, "format = 1\ngame = \"connect4\"\n").expect("write");
    let Err(err) = parlor::games::open_file::open_file(
        &save,
        parlor::games::registry::Registry::STANDARD,
        harness.app().ctx(),
    ) else {
        panic!("a broken save opened");
    };
    let message = err.to_string();
    assert!(message.starts_with("not a Parlor save"), "{message}");
}
