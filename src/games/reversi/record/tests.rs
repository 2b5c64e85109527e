//! Reversi's formats: real files of other programs, round trips over random games, errors
//! with their places.

use proptest::prelude::*;

use super::super::game::{Params, ReversiGame};
use super::super::rules::{Board, Move};
use super::FORMATS;
use crate::core::record::format::{GameRecord, RecordFormat, RecordHead};
use crate::core::{Game, Rules};

fn format(id: &str) -> &'static RecordFormat<Params, Move> {
    FORMATS
        .iter()
        .find(|f| f.id == id)
        .expect("a Reversi format")
}

/// A game played the way the game screen plays: `choices` pick among the legal moves, and a
/// forced pass is played at once.
fn played(choices: &[usize], start: &Board) -> Vec<Move> {
    let mut state = *start;
    let mut moves = Vec::new();
    for &choice in choices {
        let legal = state.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[choice % legal.len()];
        state.play(&mv).expect("legal");
        moves.push(mv);
        if state.must_pass() {
            state.play(&Move::Pass).expect("forced");
            moves.push(Move::Pass);
        }
    }
    moves
}

fn record(params: Params, moves: Vec<Move>, names: [&str; 2]) -> GameRecord<Params, Move> {
    GameRecord {
        head: RecordHead {
            names: names.iter().map(|n| (*n).to_string()).collect(),
            info: crate::core::record::format::RecordInfo::default(),
        },
        params,
        moves,
    }
}

fn read_one(id: &str, text: &[u8]) -> GameRecord<Params, Move> {
    read_with(format(id), text)
}

fn read_with(format: &RecordFormat<Params, Move>, text: &[u8]) -> GameRecord<Params, Move> {
    let mut games = (format.read)(text).expect("the file reads");
    assert_eq!(games.len(), 1);
    games.remove(0).expect("the game reads")
}

#[test]
fn a_transcript_reads_in_standard_squares_with_passes_implied() {
    assert!((format("transcript").sniff)(b"f5d6c3d3c4\n"));
    assert!(!(format("transcript").sniff)(b"f5d6c3d3c9"));
    let game = read_one("transcript", b"F5 D6 C3\n");
    // f5 is file f (x = 5), rank 5 from the top (y = 3).
    assert_eq!(
        game.moves,
        vec![Move::Place(5, 3), Move::Place(3, 2), Move::Place(2, 5)]
    );
    let err = (format("transcript").read)(b"f5d6\nf5f5\n").expect("lines read");
    let failed = err
        .into_iter()
        .nth(1)
        .expect("two games")
        .expect_err("f5 twice");
    assert!(
        failed
            .error
            .to_string()
            .starts_with("line 2, column 3: move 2 (f5):"),
        "{}",
        failed.error
    );
}

#[test]
fn a_transcript_cannot_hold_a_set_up_position() {
    let start = Board::try_from(crate::games::reversi::rules::Setup {
        to_move: crate::games::reversi::rules::Disc::White,
        ..Board::new().into()
    })
    .expect("white to move is a position");
    let params = super::start_params(&start);
    assert!(params.start.is_some());
    let write = format("transcript").write.expect("writable");
    assert!(write(&record(params, Vec::new(), ["", ""])).is_err());
}

#[test]
fn ggf_files_of_other_programs_read() {
    let text = include_bytes!("../../../../tests/data/reversi/ntest-TestGames.ggf");
    assert!((format("ggf").sniff)(text));
    let games = (format("ggf").read)(text).expect("NTest's test games read");
    assert_eq!(games.len(), 12);
    for game in &games {
        let game = game.as_ref().expect("every game reads");
        assert_eq!(game.params, Params::default());
        let mut state = Board::new();
        for mv in &game.moves {
            state.play(mv).expect("replays");
        }
        assert!(state.outcome().is_some(), "GGS games are played to the end");
    }
    let first = games[0].as_ref().expect("reads");
    assert_eq!(first.head.names, vec!["Saio1200", "Saio3000"]);
    assert_eq!(first.moves[0], Move::Place(3, 5), "d3");
    // The third game has an explicit pass (B[pass]) and so does the tenth (B[PA//0.38]).
    assert!(
        games[2]
            .as_ref()
            .expect("reads")
            .moves
            .contains(&Move::Pass)
    );
    assert!(
        games[9]
            .as_ref()
            .expect("reads")
            .moves
            .contains(&Move::Pass)
    );
}

#[test]
fn ggf_refuses_other_games_and_says_where() {
    let text = b"(;GM[Othello]TY[10]BO[8 ---------------------------O*------*O--------------------------- *]B[f5];)";
    let games = (format("ggf").read)(text).expect("the file reads");
    let err = games.into_iter().next().expect("one").expect_err("10x10");
    assert!(
        err.error.to_string().contains("the board size"),
        "{}",
        err.error
    );
    let text = b"(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[f5]B[d6];)";
    let err = (format("ggf").read)(text)
        .expect("reads")
        .remove(0)
        .expect_err("two black moves");
    assert!(
        err.error
            .to_string()
            .contains("move 2 (d6): it is white's turn"),
        "{}",
        err.error
    );
    assert!((format("ggf").read)(b"(;GM[Othello]PB[never closed").is_err());
}

/// Found by the mutation test of untrusted files: a board after the moves reset the position
/// the rest were checked from, so a game read that did not open.
#[test]
fn ggf_refuses_a_board_after_the_moves_or_a_second_board() {
    const START: &str = "BO[8 ---------------------------O*------*O--------------------------- *]";
    for (text, what) in [
        (
            format!("(;GM[Othello]B[d3]W[c5]{START}B[d3];)"),
            "a board after a move",
        ),
        (
            format!("(;GM[Othello]{START}{START}B[d3];)"),
            "a second board",
        ),
    ] {
        let err = (format("ggf").read)(text.as_bytes())
            .expect("the file reads")
            .remove(0)
            .expect_err(what);
        assert!(
            err.error
                .to_string()
                .contains("one board (BO), before the moves"),
            "{what}: {}",
            err.error
        );
    }
    let one = format!("(;GM[Othello]{START}B[d3];)");
    assert_eq!(read_one("ggf", one.as_bytes()).moves.len(), 1);
}

#[test]
fn wthor_databases_read_game_by_game() {
    let bytes = include_bytes!("../../../../tests/data/reversi/WTH_1977.wtb");
    assert!((format("wthor").sniff)(bytes));
    assert!(!(format("ggf").sniff)(bytes) && !(format("transcript").sniff)(bytes));
    let games = (format("wthor").read)(bytes).expect("the year reads");
    assert_eq!(games.len(), 12);
    let first = games[0].as_ref().expect("reads");
    assert_eq!(
        first.moves[0],
        Move::Place(5, 3),
        "the first move is f5 (byte 56)"
    );
    assert_eq!(first.head.info.date.as_deref(), Some("1977"));
    assert_eq!(first.head.names, vec!["player 346", "player 843"]);
    let mut state = Board::new();
    for mv in &first.moves {
        state.play(mv).expect("replays");
    }
    // Black's discs at the end, as the record states them (34).
    assert_eq!(state.count(crate::games::reversi::rules::Disc::Black), 34);
    // A damaged move byte spoils only its own game.
    let mut broken = bytes.to_vec();
    broken[16 + 68 + 8] = 99;
    let games = (format("wthor").read)(&broken).expect("the year still reads");
    assert!(games[0].is_ok() && games[2].is_ok());
    let err = games[1].as_ref().expect_err("game 2 is broken");
    assert_eq!(
        err.error.to_string(),
        "game 2 (byte 92): move 1 (99): not a square (11 to 88)"
    );
    // A file cut short says so instead of reading past its end.
    assert!(!(format("wthor").sniff)(&bytes[..100]));
    assert!((format("wthor").read)(&bytes[..100]).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_game_round_trips_through_every_writable_format(
        choices in proptest::collection::vec(0usize..64, 0..70),
        opening in proptest::collection::vec(0usize..64, 0..12),
        set_up: bool,
    ) {
        let start = if set_up {
            let mut board = Board::new();
            for mv in played(&opening, &Board::new()) {
                board.play(&mv).expect("legal");
            }
            board
        } else {
            Board::new()
        };
        let params = super::start_params(&start);
        let moves = played(&choices, &start);
        let game = record(params.clone(), moves.clone(), ["Ann", "Bob Smith"]);
        for format in FORMATS.iter().chain(std::iter::once(&crate::record::erased::parlor_format::<ReversiGame>())) {
            let Some(write) = format.write else { continue };
            let Ok(text) = write(&game) else {
                prop_assert!(format.id == "transcript" && (params.start.is_some() || moves.is_empty()), "{} refused", format.id);
                continue;
            };
            prop_assert!((format.sniff)(text.as_bytes()), "{} does not claim its own file", format.id);
            let back = read_with(format, text.as_bytes());
            prop_assert_eq!(&back.params, &params, "{}", format.id);
            prop_assert_eq!(&back.moves, &moves, "{}", format.id);
            if format.id != "transcript" {
                prop_assert_eq!(&back.head.names, &game.head.names, "{}", format.id);
            }
        }
        let _ = ReversiGame::ID;
    }
}
