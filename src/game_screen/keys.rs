//! The keys every game shares (undo, redo, save, hint, analysis, help, leave, the finished
//! game's keys) and the footer's hints for them, in the keys actually bound.

use super::game_ui::GameUi;
use super::screen::GameScreen;
use crate::core::Game;
use crate::modal::help::HelpOverlay;
use crate::screen::{Ctx, KeyHint, Transition};
use crate::ui::input::Action;

/// History rows Page Up/Down scroll.
const HISTORY_PAGE: usize = 10;

impl<U: GameUi> GameScreen<U> {
    /// A key the board did not take: the keys every game shares.
    pub(super) fn handle_game_key(&mut self, action: Action, ctx: &mut Ctx) -> Transition {
        match action {
            Action::PageUp | Action::PageDown => match self.layout(ctx.area).side() {
                Some(side) => self.scroll_history(action, HISTORY_PAGE, side, &ctx.theme),
                // The panel is folded: the history opens over the board instead.
                None => return Transition::Push(Box::new(self.history_overlay(ctx))),
            },
            // A move the other player has seen stands, and the engine helps nobody at a
            // table: the game is the two players'.
            Action::Undo
            | Action::Redo
            | Action::Hint
            | Action::Analysis
            | Action::Solve
            | Action::Restart
            | Action::NewGame
                if self.at_a_table() =>
            {
                self.message = Some("At a table, moves stand: no undo, no hints.".into());
            }
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Save => self.request_save(None, ctx),
            Action::Hint => self.start_hint(),
            Action::Analysis => self.toggle_analysis(ctx),
            Action::NewGame if self.is_over() => return self.new_game_after(ctx),
            Action::Restart if self.is_over() && self.players.0.len() == 2 => {
                return self.rematch(ctx);
            }
            Action::Solve if U::Game::is_puzzle() => self.start_solve(),
            Action::Solve => {
                let keys = &ctx.config.keymap;
                self.message = Some(format!(
                    "{} solves puzzles; in a two-player game {} gives a hint.",
                    keys.key_name(Action::Solve),
                    keys.key_name(Action::Hint)
                ));
            }
            Action::Restart if U::Game::is_puzzle() => self.restart(ctx),
            Action::Help => {
                return Transition::Push(Box::new(
                    HelpOverlay::new(
                        format!("{} — help", U::Game::TITLE),
                        &ctx.config.keymap.expand(U::Game::HELP),
                    )
                    .with_keys(
                        &self
                            .all_hints(ctx)
                            .into_iter()
                            .chain([Self::export_hint(), Self::review_hint()])
                            .collect::<Vec<_>>(),
                    ),
                ));
            }
            Action::Quit | Action::Back => return self.ask_leave(false, ctx),
            _ => {}
        }
        Transition::Stay
    }

    /// A letter the board did not take and no action is bound to: export (`x`) and review
    /// (`v`), the screen's own letters.
    pub(super) fn handle_letter(&mut self, letter: Option<char>, ctx: &mut Ctx) -> Transition {
        match letter {
            Some(super::export::EXPORT_KEY) => self.export(ctx),
            Some(super::review::REVIEW_KEY) => self.enter_review(ctx),
            _ => {}
        }
        Transition::Stay
    }

    /// The keys every game has, in the keys actually bound.
    fn common_hints(&self, ctx: &Ctx) -> Vec<KeyHint> {
        let keys = &ctx.config.keymap;
        if self.at_a_table() {
            // At a table only help and leaving are the player's own (no undo, no engine,
            // no new game over the table's).
            return vec![
                KeyHint::essential(keys.key_name(Action::Help), "help").sends(Action::Help),
                KeyHint::essential(keys.key_name(Action::Quit), "leave").sends(Action::Quit),
            ];
        }
        if self.is_over() {
            let mut hints = self.game_over_hints(ctx);
            hints.push(KeyHint::new(keys.key_name(Action::Undo), "undo").sends(Action::Undo));
            hints.push(KeyHint::essential(keys.key_name(Action::Help), "help").sends(Action::Help));
            return hints;
        }
        let mut hints = vec![
            KeyHint::new(keys.key_name(Action::Undo), "undo").sends(Action::Undo),
            KeyHint::new(keys.key_name(Action::Redo), "redo").sends(Action::Redo),
        ];
        if U::Game::HAS_ENGINE || U::Game::is_puzzle() {
            hints.push(KeyHint::new(keys.key_name(Action::Hint), "hint").sends(Action::Hint));
        }
        if U::Game::is_puzzle() {
            hints.push(KeyHint::new(keys.key_name(Action::Solve), "solve").sends(Action::Solve));
            hints.push(
                KeyHint::new(keys.key_name(Action::Restart), "restart").sends(Action::Restart),
            );
        }
        hints.push(KeyHint::new(keys.key_name(Action::Save), "save").sends(Action::Save));
        // After save: on a narrow footer the analysis key goes first (help lists it).
        if U::Game::HAS_ANALYSIS {
            let what = if self.analysis_shown() {
                "hide values"
            } else {
                "values"
            };
            hints.push(KeyHint::new(keys.key_name(Action::Analysis), what).sends(Action::Analysis));
        }
        hints.push(KeyHint::essential(keys.key_name(Action::Help), "help").sends(Action::Help));
        hints.push(KeyHint::essential(keys.key_name(Action::Quit), "leave").sends(Action::Quit));
        hints
    }

    /// The game's own hints, then the common ones whose key the game's current step has not
    /// taken over (Pentago's `r` turns a quadrant while a rotation is chosen, so the footer
    /// must not also offer `r redo` then).
    pub(super) fn all_hints(&self, ctx: &Ctx) -> Vec<KeyHint> {
        // A finished game takes no more moves: its own keys (new game, rematch, menu) come
        // first and the board's are left out, so a narrow footer keeps them. At a table the
        // board's keys are left out too while this terminal may not move (the other player's
        // turn, or it watches): its board shows no cursor then.
        let mut hints = if self.is_over() || self.other_seat_to_move() {
            Vec::new()
        } else {
            self.board.key_hints(self.history.current(), ctx)
        };
        let taken: Vec<String> = hints
            .iter()
            .flat_map(|hint| hint.key.split_whitespace().map(str::to_string))
            .collect();
        hints.extend(
            self.common_hints(ctx)
                .into_iter()
                .filter(|hint| !taken.contains(&hint.key)),
        );
        hints
    }
}
