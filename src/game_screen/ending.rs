//! The end of a game and what follows it: the result line, whose turn it is until then, what a
//! finished game offers (a new game, the next level, a rematch, the menu) and starting it.

use super::game_ui::{GameUi, ParamsOf};
use super::screen::GameScreen;
use crate::core::{Ending, Game, Outcome, Players, Rules};
use crate::screen::{Ctx, KeyHint, Transition};
use crate::ui::input::Action;

impl<U: GameUi> GameScreen<U> {
    /// How the game ended, with the game's result line when it has one.
    pub(super) fn outcome_sentence(&self, outcome: Outcome) -> String {
        let text = U::Game::outcome_text(outcome, &self.names(), self.history.current());
        match U::Game::result_text(&self.params, self.history.applied()) {
            Some(result) => format!("{text} {result}"),
            None => text,
        }
    }

    /// Whose turn it is, or how the game ended: the status line and the load screen.
    pub(super) fn turn_text(&self) -> String {
        let state = self.history.current();
        if let Some(outcome) = state.outcome() {
            return self.outcome_sentence(outcome);
        }
        match state
            .to_move()
            .and_then(|seat| self.players.at(seat).map(|p| (seat, p)))
        {
            Some((seat, player)) => format!(
                "{} to move{}",
                crate::core::text::name_with_label(&player.name, U::Game::seat_label(seat)),
                self.own_seat_text()
            ),
            None => U::Game::turn_text(state, self.history.applied()).unwrap_or_default(),
        }
    }

    /// At a table, which side is this terminal's (" · you play o"), or that it watches;
    /// empty elsewhere: both screens at a table show the same board, and this says whose
    /// seat each is.
    fn own_seat_text(&self) -> String {
        let Some(table) = self.table else {
            return String::new();
        };
        match table.seat {
            None => " · you watch".into(),
            Some(seat) => match U::Game::seat_label(seat) {
                "" => format!(
                    " · you are {}",
                    self.players.at(seat).map_or("", |p| p.name.as_str())
                ),
                label => format!(" · you play {label}"),
            },
        }
    }

    /// Whether the game has ended (a result is on screen).
    pub(super) fn is_over(&self) -> bool {
        self.history.current().outcome().is_some()
    }

    /// What a move on a finished game gets: how to go on, in the keys actually bound.
    pub(super) fn game_over_reminder(&self, ctx: &Ctx) -> String {
        let keys = &ctx.config.keymap;
        if self.at_a_table() {
            return format!(
                "The game is over: {} leaves the table.",
                keys.key_name(Action::Quit)
            );
        }
        let actions: Vec<String> = self
            .game_over_hints(ctx)
            .into_iter()
            .map(|hint| format!("{} {}", hint.key, hint.what))
            .collect();
        format!(
            "The game is over: {}, or undo ({}).",
            actions.join(", "),
            keys.key_name(Action::Undo)
        )
    }

    /// What a finished game offers, most important first: a new game (a puzzle's next level
    /// when it was solved), a rematch with sides swapped, the menu.
    pub(super) fn game_over_hints(&self, ctx: &Ctx) -> Vec<KeyHint> {
        let keys = &ctx.config.keymap;
        let solved = self.history.current().outcome() == Some(Outcome::Solved);
        let new = if solved && U::Game::next_puzzle(&self.params).is_some() {
            U::Game::NEXT_PUZZLE
        } else {
            "new game"
        };
        let mut hints =
            vec![KeyHint::new(keys.key_name(Action::NewGame), new).sends(Action::NewGame)];
        if self.players.0.len() == 2 {
            hints.push(
                KeyHint::new(keys.key_name(Action::Restart), "rematch").sends(Action::Restart),
            );
        } else if U::Game::is_puzzle() {
            hints.push(
                KeyHint::new(keys.key_name(Action::Restart), "restart").sends(Action::Restart),
            );
        }
        // Started from the command line, the game is all there is: q ends the program.
        let leave = if ctx.alone { "quit" } else { "menu" };
        hints.push(KeyHint::essential(keys.key_name(Action::Quit), leave).sends(Action::Quit));
        hints
    }

    /// A new game after this one: the next level of a solved puzzle, else the same game again.
    pub(super) fn new_game_after(&mut self, ctx: &mut Ctx) -> Transition {
        let solved = self.history.current().outcome() == Some(Outcome::Solved);
        match U::Game::next_puzzle(&self.params) {
            Some(next) if solved => self.replace_with(next, ctx),
            _ => self.replace_with(self.params.clone(), ctx),
        }
    }

    /// The same game again with the players' seats swapped.
    pub(super) fn rematch(&mut self, ctx: &mut Ctx) -> Transition {
        let mut players = self.players.clone();
        players.0.reverse();
        self.start_over(self.params.clone(), players, ctx)
    }

    /// A new game with the same players and parameters (or `params`), replacing this one.
    fn replace_with(&mut self, params: ParamsOf<U>, ctx: &mut Ctx) -> Transition {
        self.start_over(params, self.players.clone(), ctx)
    }

    /// A new game of `params` between `players`, replacing this one (the app is told how this
    /// one ended); when it cannot start, this game stays and says why. Rematch and the
    /// new-game choices both go through here.
    fn start_over(&mut self, params: ParamsOf<U>, players: Players, ctx: &mut Ctx) -> Transition {
        match Self::new(params, players, ctx) {
            Ok(screen) => {
                ctx.ending = Some(self.ending());
                Transition::Replace(Box::new(screen))
            }
            Err(err) => {
                self.message = Some(err.to_string());
                Transition::Stay
            }
        }
    }

    pub(super) fn ending(&self) -> Ending {
        self.history
            .current()
            .outcome()
            .map_or(Ending::Quit, Ending::Finished)
    }
}
