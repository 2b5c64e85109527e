//! A game screen's state in a save: parameters, players, the whole move list in notation and
//! how much of it is applied (so undo/redo survive a reload), and the board as readable rows.

use serde::{Deserialize, Serialize};

use crate::core::{Game, Player, Players};
use crate::core::{History, Rules};
use crate::save::format::{EncodeError, FORMAT, SaveError, SaveFile, state_to_table};

/// The `[state]` table of every game's save, as plain data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SavedGame<P> {
    /// Every recorded move, undone ones included, in the game's notation.
    pub moves: Vec<String>,
    /// How many of `moves` are applied.
    pub applied: usize,
    /// The board after the applied moves, top row first (checked against the moves on load).
    pub rows: Vec<String>,
    /// The seats (none for puzzles).
    #[serde(default)]
    pub players: Vec<Player>,
    /// The game's parameters.
    pub params: P,
    /// The first move the solver played (Solve), if any of the listed moves are its own: a
    /// puzzle won through them is not recorded as the player's best, reload or not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solver_from: Option<usize>,
}

/// What the load screen calls a game: "Alice vs Bob", or the puzzle and its parameters.
pub fn title_of<G: Game>(players: &Players, params: &G::Params) -> String {
    if players.0.is_empty() {
        format!("{} {}", G::TITLE, G::describe(params))
    } else {
        players.title()
    }
}

/// A game as a save file, written once for the game screen and plain mode's autosave.
///
/// # Errors
/// [`EncodeError`], only if a game's state cannot be put into TOML (a bug in the game's state
/// type).
pub fn save_file<G: Game>(
    history: &History<G::Rules>,
    players: &Players,
    params: &G::Params,
    solver_from: Option<usize>,
    saved_at: std::time::SystemTime,
    id: &str,
) -> Result<SaveFile, EncodeError> {
    let saved = SavedGame {
        solver_from,
        ..SavedGame::capture::<G>(history, players, params)
    };
    Ok(SaveFile {
        format: FORMAT,
        written_by: Some(crate::save::format::WRITTEN_BY.into()),
        game: G::ID.to_string(),
        saved_at: crate::save::time::rfc3339(saved_at),
        title: title_of::<G>(players, params),
        autosave: false,
        id: id.to_string(),
        base: None,
        state: state_to_table(&saved)?,
    })
}

/// The most moves a save may list: longer than any real game, short enough to replay at once.
pub const MAX_MOVES: usize = 10_000;

impl<P: Clone> SavedGame<P> {
    /// Captures a game.
    pub fn capture<G: Game<Params = P>>(
        history: &History<G::Rules>,
        players: &Players,
        params: &P,
    ) -> Self {
        Self {
            moves: history
                .all_moves()
                .map(|(before, mv)| G::format_move(before, mv))
                .collect(),
            applied: history.applied(),
            rows: G::rows(history.current()),
            players: players.0.clone(),
            params: params.clone(),
            solver_from: None,
        }
    }

    /// Turns the plain data into a valid game: parameters into a start position, every move
    /// replayed by the rules, the rows compared with the result.
    ///
    /// # Errors
    /// The first problem found, as a [`SaveError`].
    pub fn restore<G: Game<Params = P>>(
        self,
    ) -> Result<(History<G::Rules>, Players, P), SaveError> {
        if self.moves.len() > MAX_MOVES {
            return Err(SaveError::BadState(format!("more than {MAX_MOVES} moves")));
        }
        if let Some(first) = self.solver_from
            && first >= self.moves.len()
        {
            return Err(SaveError::BadState(format!(
                "the solver's first move is number {} but only {} are listed",
                first + 1,
                self.moves.len()
            )));
        }
        if self.applied > self.moves.len() {
            return Err(SaveError::BadState(format!(
                "{} moves applied but only {} listed",
                self.applied,
                self.moves.len()
            )));
        }
        let expected_seats = if G::SEAT_NAMES[0].is_empty() { 0 } else { 2 };
        if self.players.len() != expected_seats {
            return Err(SaveError::BadState(format!(
                "{} players listed, this game has {expected_seats}",
                self.players.len()
            )));
        }
        let players = Players(
            self.players
                .into_iter()
                .enumerate()
                .map(|(i, p)| match p.computer {
                    // The computer keeps the name it was given in the new-game form ("CPU");
                    // an empty name falls back to "Computer (level)".
                    Some(level) if G::HAS_ENGINE => {
                        let computer = Player::computer(level);
                        Player {
                            name: crate::core::text::player_name(&p.name, &computer.name),
                            ..computer
                        }
                    }
                    _ => Player::person(&p.name, G::SEAT_NAMES[i.min(1)]),
                })
                .collect(),
        );
        let start = G::start(&self.params)
            .map_err(|e| SaveError::BadState(crate::core::text::sanitize(&e.to_string())))?;
        let mut history = History::new(start);
        for (index, text) in self.moves.iter().enumerate() {
            let bad = |reason: String| SaveError::BadMove {
                number: index + 1,
                text: crate::core::text::clip(&crate::core::text::sanitize(text), 20),
                // The rules' reason may quote the move as written: clean it like the move.
                reason: crate::core::text::clip(&crate::core::text::sanitize(&reason), 200),
            };
            let mv = G::parse_move(history.current(), text).map_err(|e| bad(e.to_string()))?;
            history.play(&mv).map_err(|e| bad(e.to_string()))?;
        }
        while history.applied() > self.applied {
            history.undo();
        }
        if G::rows(history.current()) != self.rows {
            return Err(SaveError::RowsMismatch);
        }
        debug_assert!(history.current().legal_moves().len() < usize::MAX);
        Ok((history, players, self.params))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::connect4::game::{ConnectFourGame, Params};

    fn reloaded(players: &Players) -> Players {
        let params = Params::default();
        let history = History::new(ConnectFourGame::start(&params).expect("the empty board"));
        SavedGame::capture::<ConnectFourGame>(&history, players, &params)
            .restore::<ConnectFourGame>()
            .expect("a game just saved loads")
            .1
    }

    #[test]
    fn a_computer_keeps_the_name_it_was_given_across_a_reload() {
        let cpu = Player {
            name: "CPU".into(),
            ..Player::computer(2)
        };
        let players = Players::two(Player::person("Ann", "Player 1"), cpu.clone());
        assert_eq!(reloaded(&players).0[1], cpu);
        // The usual name stays the usual name; a blank one becomes it.
        let usual = Players::two(Player::computer(3), Player::person("Ann", "Player 2"));
        assert_eq!(reloaded(&usual), usual);
        let blank = Players::two(
            Player {
                name: String::new(),
                ..Player::computer(3)
            },
            Player::person("Ann", "Player 2"),
        );
        assert_eq!(reloaded(&blank), usual);
    }
}
