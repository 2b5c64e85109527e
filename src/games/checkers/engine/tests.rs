//! The engine against the rules module: same moves on random positions, both capture rules.

use proptest::prelude::*;

use super::*;
use crate::core::History;

/// A game of up to `choices.len()` moves from the start, each number picking a rules move.
fn played(choices: &[usize], forced: bool) -> Checkers {
    let mut history = History::new(Checkers::new(forced));
    for &c in choices {
        let moves = history.current().legal_moves();
        if moves.is_empty() {
            break;
        }
        history
            .play(&moves[c % moves.len()])
            .expect("generated moves are legal");
    }
    history.current().clone()
}

fn sorted(mut moves: Vec<Move>) -> Vec<Move> {
    moves.sort_by_key(|m| m.path.clone());
    moves
}

#[test]
fn squares_convert_both_ways() {
    for i in 0..32 {
        assert_eq!(index(square(i)), i);
        assert!(square(i).is_dark());
    }
    assert_eq!(position_of(&Checkers::default()), Position::start());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_engine_moves_are_the_rules_moves(
        choices in proptest::collection::vec(0usize..64, 0..120),
        forced: bool,
    ) {
        let game = played(&choices, forced);
        let pos = position_of(&game);
        let mut moves = Vec::new();
        pos.generate(forced, &mut moves);
        let engine: Vec<Move> = moves.iter().map(rules_move).collect();
        // The rules list nothing once the draw rule ends the game; the generator ignores it.
        if game.quiet_plies() < crate::games::checkers::rules::DRAW_PLIES {
            prop_assert_eq!(sorted(engine.clone()), sorted(game.legal_moves()));
        }
        prop_assert_eq!(pos.has_capture(), moves.iter().any(EngineMove::is_capture));
        prop_assert_eq!(pos.count_moves(forced, &mut Vec::new()), moves.len() as u64);
        for (m, rm) in moves.iter().zip(&engine) {
            let mut after = game.clone();
            if after.play(rm).is_ok() {
                prop_assert_eq!(position_of(&after), pos.play(m));
            }
        }
    }
}
