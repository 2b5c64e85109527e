//! Slide in Parlor's notation (docs/NOTATION.md): the level as tags — `Level` (its name),
//! `Key` (where its best result is kept), `Par` when known, and `Board`, its ten rows of
//! `.OXG` from the top joined by `/` — and the moves as plain mode types them (`3,4 d`).

use super::params::Params;
use crate::core::record::error::{ErrorKind, Place, RecordError};
use crate::core::record::tags::{self, Tag};

/// The parameters' tags.
pub fn record_tags(params: &Params) -> Vec<(&'static str, String)> {
    let mut out = vec![("Level", params.name.clone()), ("Key", params.key.clone())];
    if let Some(par) = params.par {
        out.push(("Par", par.to_string()));
    }
    out.push(("Board", params.rows.join("/")));
    out
}

/// The parameters from their tags; the board is checked when the game starts from it.
///
/// # Errors
/// [`RecordError`] for a missing `Board` tag or a `Par` that is not a number.
pub fn params_from_tags(found: &[Tag]) -> Result<Params, RecordError> {
    let board = tags::find(found, "Board").ok_or_else(|| {
        RecordError::at(
            found.first().map_or(Place::File, |tag| tag.at),
            ErrorKind::Expected {
                expected: "a Board tag with the level's ten rows",
                found: "none".into(),
            },
        )
    })?;
    let name = tags::known(found, "Level")
        .unwrap_or("imported")
        .to_string();
    let key = tags::known(found, "Key").map_or_else(|| format!("file-{name}"), str::to_string);
    Ok(Params {
        key,
        name,
        rows: board
            .value
            .split('/')
            .map(|row| row.trim().to_string())
            .collect(),
        par: tags::number(found, "Par")?,
    })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::game::SlideGame;
    use super::super::levels;
    use crate::core::record::format::{GameRecord, RecordHead};
    use crate::core::{Game, Rules};

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        #[test]
        fn every_level_and_game_round_trips(level in 0usize..8, choices in proptest::collection::vec(0usize..100, 0..30)) {
            let levels = levels::shipped();
            let chosen = &levels[level % levels.len()];
            let params = super::super::params::Params::for_level(chosen, levels::level_key(level % levels.len() + 1));
            let mut state = SlideGame::start(&params).expect("starts");
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
            let game = GameRecord { head: RecordHead::default(), params: params.clone(), moves: moves.clone() };
            let format = crate::record::erased::parlor_format::<SlideGame>();
            let text = (format.write.expect("writable"))(&game).expect("writes");
            prop_assert!((format.sniff)(text.as_bytes()));
            let back = (format.read)(text.as_bytes()).expect("reads").remove(0);
            let back = back.map_err(|e| e.error.to_string()).expect("a game");
            prop_assert_eq!(back.params, params);
            prop_assert_eq!(back.moves, moves);
        }
    }

    #[test]
    fn a_level_without_its_board_is_refused() {
        let format = crate::record::erased::parlor_format::<SlideGame>();
        let err = (format.read)(b"[Game \"Slide\"]\n[Level \"x\"]\n")
            .expect("reads")
            .remove(0)
            .expect_err("no board");
        assert_eq!(
            err.error.to_string(),
            "line 1, column 1: expected a Board tag with the level's ten rows, found none"
        );
        let text = "[Game \"Slide\"]\n[Board \"..........\"]\n";
        let err = (format.read)(text.as_bytes())
            .expect("reads")
            .remove(0)
            .expect_err("one row");
        assert!(err.error.to_string().contains("row"), "{}", err.error);
    }
}
