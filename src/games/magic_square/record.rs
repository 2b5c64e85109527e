//! Magic Square in Parlor's notation (docs/NOTATION.md): the board's side and its lowest
//! piece as `Size` and `Min` tags, the placements as the history writes them (`5@1,2`).

use super::rules::{DEFAULT_MIN, DEFAULT_SIZE, Params};
use crate::core::record::error::RecordError;
use crate::core::record::tags::{self, Tag};

/// The parameters' tags.
pub fn record_tags(params: &Params) -> Vec<(&'static str, String)> {
    vec![
        ("Size", params.size.to_string()),
        ("Min", params.min.to_string()),
    ]
}

/// The parameters from their tags (the defaults where a tag is missing); whether the rules
/// accept them is the game's start to say.
///
/// # Errors
/// [`RecordError`] naming a tag that is not a number.
pub fn params_from_tags(found: &[Tag]) -> Result<Params, RecordError> {
    Ok(Params {
        size: tags::number(found, "Size")?.unwrap_or(DEFAULT_SIZE),
        min: tags::number(found, "Min")?.unwrap_or(DEFAULT_MIN),
    })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::game::MagicSquareGame;
    use super::*;
    use crate::core::record::format::{GameRecord, RecordHead};
    use crate::core::{Game, Rules};

    #[test]
    fn a_written_record_reads_as_the_notation_shows() {
        let text = "[Game \"Magic Square\"]\n[Size \"3\"]\n[Min \"-4\"]\n\n1. 0@1,1\n2. -4@0,0\n";
        let format = crate::record::erased::parlor_format::<MagicSquareGame>();
        assert!((format.sniff)(text.as_bytes()));
        let game = (format.read)(text.as_bytes())
            .expect("reads")
            .remove(0)
            .expect("a game");
        assert_eq!(game.params, Params { size: 3, min: -4 });
        assert_eq!(game.moves.len(), 2);
        let err = (format.read)(b"[Game \"magic_square\"]\n[Size \"three\"]\n")
            .expect("reads")
            .remove(0)
            .expect_err("not a number");
        assert_eq!(
            err.error.to_string(),
            "line 2, column 1: the Size tag: \"three\" is not a whole number in range"
        );
        let err = (format.read)(b"[Game \"magic_square\"]\n[Size \"12\"]\n")
            .expect("reads")
            .remove(0)
            .expect_err("too large");
        assert!(err.error.to_string().contains("too large"), "{}", err.error);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn every_game_round_trips(size in 1u8..=5, min in -50i64..50, choices in proptest::collection::vec(0usize..400, 0..25)) {
            let params = Params { size, min };
            let mut state = MagicSquareGame::start(&params).expect("starts");
            let mut moves = Vec::new();
            for choice in choices {
                let legal = state.legal_moves();
                if legal.is_empty() {
                    break;
                }
                let mv = legal[choice % legal.len()];
                state.play(&mv).expect("legal");
                moves.push(mv);
            }
            let game = GameRecord { head: RecordHead::default(), params, moves: moves.clone() };
            let format = crate::record::erased::parlor_format::<MagicSquareGame>();
            let text = (format.write.expect("writable"))(&game).expect("writes");
            let back = (format.read)(text.as_bytes()).expect("reads").remove(0);
            let back = back.map_err(|e| e.error.to_string()).expect("a game");
            prop_assert_eq!(back.params, params);
            prop_assert_eq!(back.moves, moves);
        }
    }
}
