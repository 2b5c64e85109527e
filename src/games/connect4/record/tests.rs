//! Connect Four's formats: Pons's benchmark files, the seed's game file, round trips.

use proptest::prelude::*;

use super::super::game::{ConnectFourGame, Params};
use super::super::rules::Board;
use super::FORMATS;
use crate::core::record::format::{GameRecord, RecordFormat, RecordHead, RecordInfo};
use crate::core::{Game, Rules};

fn format(id: &str) -> &'static RecordFormat<Params, u8> {
    FORMATS
        .iter()
        .find(|f| f.id == id)
        .expect("a Connect Four format")
}

#[test]
fn pons_benchmark_files_read_as_a_thousand_games() {
    let bytes = include_bytes!("../../../../tests/data/reference/connect4/Test_L1_R1");
    assert!((format("pons").sniff)(bytes));
    assert!(!(format("seed").sniff)(bytes));
    let games = (format("pons").read)(bytes).expect("reads");
    assert_eq!(games.len(), 1000);
    let first = games[0].as_ref().expect("reads");
    // "32164625 11": columns are 1-based, the score after them is not a move.
    assert_eq!(first.moves, vec![2, 1, 0, 5, 3, 5, 1, 4]);
    assert!(games.iter().all(Result::is_ok));
}

#[test]
fn a_full_column_is_refused_where_it_is_written() {
    let games = (format("pons").read)(b"4444444\n").expect("reads");
    let err = games.into_iter().next().expect("one").expect_err("full");
    assert_eq!(
        err.error.to_string(),
        "line 1, column 7: move 7 (4): column 4 is full"
    );
}

#[test]
fn the_seed_game_file_reads_as_a_position() {
    let bytes = b"Batman\nBane\n2x1o2/7/7/7/7/7 x\n";
    assert!((format("seed").sniff)(bytes) && !(format("pons").sniff)(bytes));
    let game = (format("seed").read)(bytes)
        .expect("reads")
        .remove(0)
        .expect("a game");
    assert_eq!(game.head.names, vec!["Batman", "Bane"]);
    assert_eq!(game.params.start.as_deref(), Some("2x1o2/7/7/7/7/7 x"));
    let err = (format("seed").read)(b"a\nb\n9/7/7/7/7/7 x").expect_err("bad position");
    assert!(err.to_string().starts_with("line 3, column 1:"), "{err}");
}

fn random_game(choices: &[usize], start: &Board) -> Vec<u8> {
    let mut state = start.clone();
    let mut moves = Vec::new();
    for &choice in choices {
        let legal = state.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[choice % legal.len()];
        state.play(&mv).expect("legal");
        moves.push(mv);
    }
    moves
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn every_game_round_trips(
        opening in proptest::collection::vec(0usize..7, 0..10),
        choices in proptest::collection::vec(0usize..7, 0..42),
    ) {
        let mut start = Board::new();
        for mv in random_game(&opening, &Board::new()) {
            start.play(&mv).expect("legal");
        }
        let params = Params {
            start: (start != Board::new()).then(|| super::to_position_text(&start)),
        };
        let start = ConnectFourGame::start(&params).expect("starts");
        let moves = random_game(&choices, &start);
        let game = GameRecord {
            head: RecordHead { names: vec!["Ann".into(), "Bob".into()], info: RecordInfo::default() },
            params: params.clone(),
            moves: moves.clone(),
        };
        let parlor = crate::record::erased::parlor_format::<ConnectFourGame>();
        for format in [format("pons"), &parlor] {
            let Ok(text) = (format.write.expect("writable"))(&game) else {
                prop_assert!(format.id == "pons" && (params.start.is_some() || moves.is_empty()));
                continue;
            };
            prop_assert!((format.sniff)(text.as_bytes()));
            let back = (format.read)(text.as_bytes()).expect("reads").remove(0);
            let back = back.map_err(|e| e.error.to_string()).expect("the written game reads");
            prop_assert_eq!(&back.params, &params);
            prop_assert_eq!(&back.moves, &moves);
        }
        // The seed's file keeps the players and the position reached, not the moves.
        let text = (format("seed").write.expect("writable"))(&game).expect("writes");
        let back = (format("seed").read)(text.as_bytes()).expect("reads").remove(0).expect("a game");
        let mut end = start.clone();
        for mv in &moves {
            end.play(mv).expect("legal");
        }
        prop_assert_eq!(ConnectFourGame::start(&back.params).expect("starts"), end);
        prop_assert_eq!(&back.head.names, &game.head.names);
    }
}
