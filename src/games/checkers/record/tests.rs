//! Checkers' PDN: real files of other programs, the numbering against Parlor's board, round
//! trips over random games, errors with their places.

use proptest::prelude::*;

use super::super::game::{CheckersGame, Params};
use super::super::rules::{Checkers, Move, Square};
use super::{FORMATS, fen};
use crate::core::record::format::{GameRecord, Listed, RecordFormat, RecordHead, RecordInfo};
use crate::core::{Game, Outcome, Rules, Seat};

fn pdn() -> &'static RecordFormat<Params, Move> {
    &FORMATS[0]
}

fn read(text: &[u8]) -> Vec<Listed<Params, Move>> {
    assert!((pdn().sniff)(text), "PDN claims the file");
    (pdn().read)(text).expect("the file reads")
}

/// Replays a record and returns the final position.
fn replayed(record: &GameRecord<Params, Move>) -> Checkers {
    let mut state = CheckersGame::start(&record.params).expect("starts");
    for mv in &record.moves {
        state.play(mv).expect("replays");
    }
    state
}

#[test]
fn square_numbers_land_where_black_starts_at_the_top() {
    let games = read(b"[Event \"x\"]\n1. 11-15 23-19 2. 8-11 22-17 *\n");
    let game = games[0].as_ref().expect("reads");
    // 11 is 5,5 (third square of Black's third row), 15 is 4,4.
    assert_eq!(
        game.moves[0].path,
        vec![Square::new(5, 5), Square::new(4, 4)]
    );
    // 23 is 4,2 and 19 is 5,3: White moves up.
    assert_eq!(
        game.moves[1].path,
        vec![Square::new(4, 2), Square::new(5, 3)]
    );
    assert_eq!(game.params, Params::default());
}

#[test]
fn the_open_checkers_archive_excerpt_replays() {
    let games = read(include_bytes!(
        "../../../../tests/data/checkers/pdn-standard-OCA_2.0.pdn"
    ));
    assert_eq!(games.len(), 43);
    for (i, game) in games.iter().enumerate() {
        let game = game
            .as_ref()
            .unwrap_or_else(|e| panic!("game {}: {}", i + 1, e.error));
        assert!(game.moves.len() > 10, "game {}", i + 1);
        replayed(game);
    }
    let first = games[0].as_ref().expect("reads");
    assert_eq!(first.head.names, vec!["Moorhead, W.", "Wyllie, J."]);
    assert_eq!(first.head.info.result.as_deref(), Some("0-1"));
    // "22. 18x27 26x17x10x1": White's triple jump ends the game on square 1, crowned.
    let last = first.moves.last().expect("moves");
    assert_eq!(last.path.len(), 4);
}

#[test]
fn games_of_raven_checkers_replay() {
    let games = read(include_bytes!(
        "../../../../tests/data/checkers/raven-german_open_2004.pdn"
    ));
    let game = games[0].as_ref().expect("reads");
    assert_eq!(game.head.names, vec!["Morgan, John", "Pawlek, Dennis"]);
    assert_eq!(game.moves.len(), 44);
    let games = read(include_bytes!(
        "../../../../tests/data/checkers/raven-tinsley-excerpt.pdn"
    ));
    assert_eq!(games.len(), 12);
    for (i, game) in games.iter().enumerate() {
        let game = game
            .as_ref()
            .unwrap_or_else(|e| panic!("game {}: {}", i + 1, e.error));
        replayed(game);
    }
}

#[test]
fn fen_problems_set_up_their_positions() {
    let games = read(include_bytes!(
        "../../../../tests/data/checkers/pdn-standard-lpc.pdn"
    ));
    assert_eq!(games.len(), 100);
    // Four problems write a king on its crowning row without its K (problem 36: `B32`);
    // they read as kings.
    for game in &games {
        let game = game.as_ref().expect("every problem reads");
        assert!(game.params.start.is_some());
        assert!(game.moves.is_empty());
    }
    // `[FEN "W:W29,13,11:B22,4,2."]`: White to move, its men on 29 (0,0), 13 and 11.
    let first = CheckersGame::start(&games[0].as_ref().expect("reads").params).expect("starts");
    assert_eq!(first.side_to_move(), Seat::Second);
    assert_eq!(first.board().count(Seat::Second), 3);
    assert!(
        first
            .piece_at(Square::new(0, 0))
            .is_some_and(|p| p.side == Seat::Second)
    );
    let crowned = CheckersGame::start(&games[35].as_ref().expect("reads").params).expect("starts");
    let on_32 = crowned
        .piece_at(fen::numbered(32).expect("square"))
        .expect("a piece");
    assert!(on_32.side == Seat::First && on_32.king);
}

#[test]
fn other_games_and_bad_moves_are_refused_with_their_place() {
    let games = read(b"[GameType \"20\"]\n1. 32-28 *\n");
    let err = games.into_iter().next().expect("one").expect_err("10x10");
    assert!(
        err.error
            .to_string()
            .contains("the game type 20 is not one Parlor plays"),
        "{}",
        err.error
    );
    let games = read(b"[Event \"e\"]\n1. 11-15 23-19\n2. 11-16 *\n");
    let err = games
        .into_iter()
        .next()
        .expect("one")
        .expect_err("11 is empty");
    assert_eq!(
        err.error.to_string(),
        "line 3, column 4: move 3 (11-16): not a legal move here"
    );
    let err =
        (pdn().read)(b"[Event \"open\"]\n1. 11-15 {never closed\n").expect_err("open comment");
    assert_eq!(
        err.to_string(),
        "line 2, column 10: the file ends inside a comment"
    );
}

#[test]
fn split_and_shortened_jumps_are_found() {
    // Black 11-15, White 24-19, Black 15x24 (a single jump), White 28x19 back.
    let games = read(b"[Event \"e\"]\n1. 11-15 24-19 2. 15x24 28x19 *");
    assert_eq!(games[0].as_ref().expect("reads").moves.len(), 4);
    let written = "[FEN \"B:W18,26:B14\"]\n1. 14x30 *";
    let game = read(written.as_bytes())
        .remove(0)
        .expect("14x23x30 by its ends");
    assert_eq!(game.moves[0].path.len(), 3);
    let split = "[FEN \"B:W18,26:B14\"]\n1. 14x23 23x30 *";
    let game = read(split.as_bytes())
        .remove(0)
        .expect("a jump split over two moves");
    assert_eq!(game.moves.len(), 1);
    assert_eq!(replayed(&game).outcome(), Some(Outcome::Won(Seat::First)));
}

fn random_game(choices: &[usize], start: Checkers) -> Vec<Move> {
    let mut state = start;
    let mut moves = Vec::new();
    for &choice in choices {
        let legal = state.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[choice % legal.len()].clone();
        state.play(&mv).expect("legal");
        moves.push(mv);
    }
    moves
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_game_round_trips_through_pdn_and_parlor_notation(
        opening in proptest::collection::vec(0usize..64, 0..30),
        choices in proptest::collection::vec(0usize..64, 0..90),
        forced_capture: bool,
    ) {
        let mut start = Checkers::new(forced_capture);
        for mv in random_game(&opening, start.clone()) {
            start.play(&mv).expect("legal");
        }
        // The draw counter starts again at a set-up position, as a FEN has none.
        let params = Params {
            forced_capture,
            start: (start != Checkers::new(forced_capture)).then(|| fen::write(&start)),
        };
        let start = CheckersGame::start(&params).expect("a written FEN reads");
        let moves = random_game(&choices, start);
        let game = GameRecord {
            head: RecordHead {
                names: vec!["Ann".into(), "Bob Smith".into()],
                info: RecordInfo { date: Some("2026.11.27".into()), ..RecordInfo::default() },
            },
            params: params.clone(),
            moves: moves.clone(),
        };
        let parlor = crate::record::erased::parlor_format::<CheckersGame>();
        for format in [pdn(), &parlor] {
            let text = (format.write.expect("writable"))(&game).expect("writes");
            prop_assert!((format.sniff)(text.as_bytes()), "{} claims its file", format.id);
            let back = (format.read)(text.as_bytes()).expect("reads").remove(0);
            let back = back.map_err(|e| e.error.to_string());
            let back = back.expect("the written game reads");
            prop_assert_eq!(&back.params, &params);
            prop_assert_eq!(&back.moves, &moves);
            prop_assert_eq!(&back.head.names, &game.head.names);
            prop_assert_eq!(&back.head.info.date, &game.head.info.date);
        }
    }
}
