//! Review mode: the game screen as a replay viewer, for every game. A save or an imported
//! record opens in it (and `v` enters it from a game): the moves are stepped through by keys,
//! the footer's buttons, the wheel and a click on the history, or played back at the speed
//! setting; the analysis strip values the position shown, the status line sets the move
//! played against the best one ("?" when it lost value), and `o` plays on from here against
//! a person or the computer.
//!
//! Review moves along the game's own history (what undo and redo move), so everything the
//! screen draws follows it; nothing is played, recorded or searched by the computer while it
//! lasts, and leaving it puts the game back where it was.

use std::time::{Duration, Instant};

use super::game_ui::{GameUi, RulesOf};
use super::review_state::Review;
use super::screen::GameScreen;
use crate::core::{Game, History, MoveValue, Rules};
use crate::screen::{Ctx, KeyHint, Transition};
use crate::ui::input::{Action, Event, MouseKind};

/// The key that enters review from a game, typed as a letter.
pub(super) const REVIEW_KEY: char = 'v';
/// The key that plays on from the position shown.
const PLAY_ON_KEY: char = 'o';
/// The key that asks for a move number to go to.
const GO_TO_KEY: char = 'g';
/// Moves Page Up and Page Down step.
const PAGE: usize = 10;
/// Autoplay's pace between two moves at the normal speed.
const AUTOPLAY_STEP: Duration = Duration::from_secs(1);
/// The quickest autoplay (speed `off` still shows each move).
const AUTOPLAY_FLOOR: Duration = Duration::from_millis(120);

/// Whether a move that was played lost value against the best: a proven result worse than
/// the best one, or an estimate a whole unit (a disc, a man) below it.
#[must_use]
pub fn lost_value(played: MoveValue, best: MoveValue) -> bool {
    match (played, best) {
        (MoveValue::Estimate(p), MoveValue::Estimate(b)) => b - p >= 100,
        _ => played.better(best) == std::cmp::Ordering::Less,
    }
}

impl<U: GameUi> GameScreen<U> {
    /// This screen as a viewer of its game from the first move: what an imported record and
    /// a reviewed save open as.
    #[must_use]
    pub fn reviewing(mut self) -> Self {
        self.review = Some(Review {
            stood_at: self.history.applied(),
            viewer: true,
            next_step: None,
        });
        // Stepping through a game is not playing it: nothing is recorded (`jump_to` keeps the
        // game's life to viewing).
        self.jump_to(0);
        if U::Game::HAS_ANALYSIS {
            self.analysis = Some(super::pending::Analysis::idle());
            self.restart_analysis();
        }
        self
    }

    /// Whether the screen is reviewing.
    #[must_use]
    pub fn in_review(&self) -> bool {
        self.review.is_some()
    }

    /// `v` in a game: review it from where it stands.
    pub(super) fn enter_review(&mut self, ctx: &Ctx) {
        self.solution.clear();
        self.work = None;
        self.hint = None;
        self.review = Some(Review {
            stood_at: self.history.applied(),
            viewer: false,
            next_step: None,
        });
        if U::Game::HAS_ANALYSIS && self.analysis.is_none() {
            self.toggle_analysis(ctx);
        } else {
            self.restart_analysis();
        }
        // The status line says "Review · move N of M" from here on, the footer how to leave.
        self.message = None;
    }

    /// Ends review: back to where the game was, or out of a viewer.
    fn leave_review(&mut self) -> Transition {
        let Some(review) = self.review.take() else {
            return Transition::Stay;
        };
        if review.viewer {
            return Transition::Pop(None);
        }
        self.jump_to(review.stood_at);
        self.message = Some("Back to the game.".into());
        Transition::Stay
    }

    /// The game as it stood when review began, whatever position is shown: what a save or
    /// an export holds.
    pub(super) fn game_history(&self) -> std::borrow::Cow<'_, History<RulesOf<U>>> {
        let Some(review) = &self.review else {
            return std::borrow::Cow::Borrowed(&self.history);
        };
        let mut history = self.history.clone();
        while history.applied() > review.stood_at && history.undo() {}
        while history.applied() < review.stood_at && history.redo() {}
        std::borrow::Cow::Owned(history)
    }

    /// Leaves review of a game in play before the game is left another way (the program
    /// interrupted): the game is asked about where it stood, not where review was.
    pub(super) fn end_review_in_play(&mut self) {
        if self.review.as_ref().is_some_and(|review| !review.viewer) {
            let _ = self.leave_review();
        }
    }

    /// Shows the position after `applied` moves (clamped to the game).
    pub(super) fn jump_to(&mut self, applied: usize) {
        let target = applied.min(self.history.len());
        while self.history.applied() > target && self.history.undo() {}
        while self.history.applied() < target && self.history.redo() {}
        self.history_back = 0;
        self.hint = None;
        self.work = None;
        self.motion = None;
        self.board.reset(self.history.current());
        // A viewer follows the position shown; a game in play under review keeps its life
        // (unsaved moves, whether its finish is counted) for when review ends.
        if self.review.as_ref().is_some_and(|review| review.viewer) {
            self.life
                .viewing(self.history.current().outcome().is_some());
        }
        self.restart_analysis();
    }

    /// One move on (`forward`) or back; says so at either end.
    fn step(&mut self, forward: bool) {
        let applied = self.history.applied();
        let target = if forward {
            applied + 1
        } else {
            applied.saturating_sub(1)
        };
        if target == applied || target > self.history.len() {
            self.stop_autoplay();
            self.message = Some(
                if forward {
                    "The last move."
                } else {
                    "The start."
                }
                .into(),
            );
            return;
        }
        self.message = None;
        self.jump_to(target);
    }

    fn stop_autoplay(&mut self) {
        if let Some(review) = self.review.as_mut() {
            review.next_step = None;
        }
    }

    fn toggle_autoplay(&mut self) {
        let at_end = self.history.applied() == self.history.len();
        let pace = self.autoplay_pace();
        let Some(review) = self.review.as_mut() else {
            return;
        };
        if review.next_step.take().is_some() {
            self.message = Some("Autoplay stopped.".into());
            return;
        }
        if at_end {
            self.jump_to(0);
        }
        if let Some(review) = self.review.as_mut() {
            review.next_step = Some(self.now + pace);
        }
        self.message = Some("Autoplay: any key stops it.".into());
    }

    fn autoplay_pace(&self) -> Duration {
        self.speed.scale(AUTOPLAY_STEP).max(AUTOPLAY_FLOOR)
    }

    /// When autoplay next needs a tick.
    pub(super) fn review_deadline(&self) -> Option<Instant> {
        self.review.as_ref().and_then(|review| review.next_step)
    }

    /// Autoplay's step, once due.
    pub(super) fn review_tick(&mut self, now: Instant) {
        let pace = self.autoplay_pace();
        let due = self
            .review
            .as_ref()
            .and_then(|review| review.next_step)
            .is_some_and(|at| now >= at);
        if !due {
            return;
        }
        self.step(true);
        if let Some(review) = self.review.as_mut()
            && review.next_step.is_some()
        {
            review.next_step = Some(now + pace);
        }
        if self.history.applied() == self.history.len() {
            self.stop_autoplay();
        }
    }

    /// Every event while reviewing: nothing reaches the board, so no move is played.
    pub(super) fn handle_review(&mut self, event: &Event, ctx: &mut Ctx) -> Transition {
        let autoplaying = self.review_deadline().is_some();
        if let Some(mouse) = event.mouse() {
            match mouse.kind {
                MouseKind::ScrollUp => self.step(false),
                MouseKind::ScrollDown => self.step(true),
                MouseKind::Click => {
                    if let Some(index) = self.history_row_at(mouse.position(), ctx) {
                        self.stop_autoplay();
                        self.message = None;
                        self.jump_to(index + 1);
                    }
                }
                MouseKind::Hover | MouseKind::RightClick => {}
            }
            return Transition::Stay;
        }
        // A key stops autoplay, then does what it does (except the key that started it).
        self.stop_autoplay();
        self.message = None;
        match event.text() {
            Some(PLAY_ON_KEY) => return self.play_on(ctx),
            Some(GO_TO_KEY) => return self.ask_move_number(),
            Some(super::export::EXPORT_KEY) => {
                self.export(ctx);
                return Transition::Stay;
            }
            _ => {}
        }
        let applied = self.history.applied();
        match event.action() {
            Some(Action::Left | Action::Up | Action::Undo | Action::PrevItem) => self.step(false),
            Some(Action::Right | Action::Down | Action::Redo | Action::NextItem) => {
                self.step(true);
            }
            Some(Action::Home) => self.jump_to(0),
            Some(Action::End) => self.jump_to(self.history.len()),
            Some(Action::PageUp) => self.jump_to(applied.saturating_sub(PAGE)),
            Some(Action::PageDown) => self.jump_to(applied + PAGE),
            Some(Action::Confirm) if !autoplaying => self.toggle_autoplay(),
            Some(Action::Confirm) => self.message = Some("Autoplay stopped.".into()),
            Some(Action::Analysis) => self.toggle_analysis(ctx),
            Some(Action::Help) => return self.help(ctx),
            Some(Action::Back | Action::Quit) => return self.leave_review(),
            _ => {}
        }
        Transition::Stay
    }

    /// `g`: a prompt for the move to show, for every layout (a narrow screen has no history
    /// to click).
    fn ask_move_number(&mut self) -> Transition {
        self.pending = Some(super::pending::Pending::GoToMove);
        Transition::Push(Box::new(crate::modal::prompt::Prompt::new(
            "Go to move",
            format!("Move (0 to {}):", self.history.len()),
        )))
    }

    /// The prompt's answer: the position after that many moves, or why not.
    pub(super) fn go_to_typed_move(&mut self, text: &str) {
        match text.trim().parse::<usize>() {
            Ok(number) if number <= self.history.len() => {
                self.message = None;
                self.jump_to(number);
            }
            _ => {
                self.message = Some(format!(
                    "No move {:?}: the moves go from 0 to {}.",
                    crate::core::text::clip(&crate::core::text::sanitize(text), 12),
                    self.history.len()
                ));
            }
        }
    }

    /// `o`: a new game from the position shown, with its moves so far (undoable), after the
    /// new-game form of a two-player game (a person or the computer for each seat).
    fn play_on(&mut self, ctx: &Ctx) -> Transition {
        let moves: Vec<_> = self
            .history
            .applied_moves()
            .map(|(_, mv)| mv.clone())
            .collect();
        let start: RulesOf<U> = self.history.start().clone();
        let Ok(history) = History::replay(start, &moves, moves.len()) else {
            return Transition::Stay;
        };
        if self.history.current().outcome().is_some() {
            self.message = Some("The game is over here: step back to play on.".into());
            return Transition::Stay;
        }
        if U::Game::is_puzzle() {
            return Transition::Push(Box::new(Self::continuing(
                history,
                crate::core::Players::none(),
                self.params.clone(),
                ctx,
            )));
        }
        Transition::Push(super::setup::play_on_form::<U>(
            self.params.clone(),
            history,
        ))
    }

    /// The status line while reviewing: where in the game, whose turn, and the move played
    /// next against the best one when the analysis knows them.
    pub(super) fn review_status(&self) -> String {
        let applied = self.history.applied();
        let mut parts = vec![format!("Review · move {applied} of {}", self.history.len())];
        if self.review_deadline().is_some() {
            parts.push("autoplay".into());
        }
        // The judgement before whose turn: on a narrow screen the line is cut at the end.
        if let Some(judged) = self.played_against_best() {
            parts.push(judged);
        }
        parts.push(self.turn_text());
        parts.join(" · ")
    }

    /// "played d3 (+2), best f5 (+4) ?": the next move of the game against the analysis's
    /// best, once both values are known.
    fn played_against_best(&self) -> Option<String> {
        let (before, played) = self.history.all_moves().nth(self.history.applied())?;
        let values = self.analysis.as_ref()?.values.as_ref()?;
        let (best_move, best) = values.best()?;
        let after = |mv: &super::pending::Move<U>| {
            let mut state = before.clone();
            state.play(mv).ok().map(|()| state)
        };
        let played_after = after(played);
        // Pentago values one move per distinct result: find the played one by its result.
        let value = values
            .moves
            .iter()
            .find(|(mv, _)| mv == played || (played_after.is_some() && after(mv) == played_after))
            .and_then(|(_, value)| *value)?;
        let name = |mv| self.board.move_label(before, mv);
        let mark = if lost_value(value, best) { " ?" } else { "" };
        Some(if best.better(value) == std::cmp::Ordering::Greater {
            format!(
                "played {} ({}), best {} ({}){mark}",
                name(played),
                value.short(),
                name(&best_move),
                best.short()
            )
        } else {
            format!("played {} ({}), the best", name(played), value.short())
        })
    }

    /// The review key's line on a game's help page.
    pub(super) fn review_hint() -> KeyHint {
        KeyHint::new(REVIEW_KEY.to_string(), "review the moves played").types(REVIEW_KEY)
    }

    /// Review's keys for the footer (each a button) and the help page.
    pub(super) fn review_hints(&self, ctx: &Ctx) -> Vec<KeyHint> {
        let keys = &ctx.config.keymap;
        let autoplay = if self.review_deadline().is_some() {
            "stop"
        } else {
            "play"
        };
        let mut hints = vec![
            KeyHint::new(keys.key_name(Action::Home), "start").sends(Action::Home),
            KeyHint::new(keys.key_name(Action::Left), "back").sends(Action::Left),
            KeyHint::new(keys.key_name(Action::Right), "forward").sends(Action::Right),
            KeyHint::new(keys.key_name(Action::End), "end").sends(Action::End),
            KeyHint::new(GO_TO_KEY.to_string(), "go to").types(GO_TO_KEY),
            KeyHint::new(keys.key_name(Action::Confirm), autoplay).sends(Action::Confirm),
            KeyHint::new(PLAY_ON_KEY.to_string(), "play on").types(PLAY_ON_KEY),
        ];
        if U::Game::HAS_ANALYSIS {
            hints.push(
                KeyHint::new(keys.key_name(Action::Analysis), "values").sends(Action::Analysis),
            );
        }
        hints.push(KeyHint::essential(keys.key_name(Action::Help), "help").sends(Action::Help));
        let leave = if self.review.as_ref().is_some_and(|r| !r.viewer) {
            "to the game"
        } else {
            "leave"
        };
        hints.push(KeyHint::essential(keys.key_name(Action::Back), leave).sends(Action::Back));
        hints
    }

    fn help(&self, ctx: &Ctx) -> Transition {
        let mut hints = self.review_hints(ctx);
        hints.push(Self::export_hint());
        Transition::Push(Box::new(
            crate::modal::help::HelpOverlay::new(
                format!("{} — review", U::Game::TITLE),
                &ctx.config.keymap.expand(REVIEW_HELP),
            )
            .with_keys(&hints),
        ))
    }
}

/// Review's help page.
const REVIEW_HELP: &str = include_str!("../../assets/help/review.md");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_loses_value_when_it_is_worse_than_the_best() {
        assert!(lost_value(MoveValue::Draw, MoveValue::Win(Some(3))));
        assert!(lost_value(MoveValue::Margin(-2), MoveValue::Margin(4)));
        assert!(!lost_value(MoveValue::Margin(4), MoveValue::Margin(4)));
        assert!(!lost_value(
            MoveValue::Win(Some(5)),
            MoveValue::Win(Some(5))
        ));
        // Estimates move by small amounts from search noise: a whole unit is needed.
        assert!(!lost_value(
            MoveValue::Estimate(20),
            MoveValue::Estimate(90)
        ));
        assert!(lost_value(
            MoveValue::Estimate(-20),
            MoveValue::Estimate(90)
        ));
    }
}
