//! The game screen's flow: moves, undo, redo and restart, the end of a game, and leaving with
//! or without a save — everything that changes what is played or whether the screen stays.

use super::game_ui::{GameUi, ParamsOf};
use super::motion::{Frames, Motion};
use super::pending::{Move, Pending};
use super::screen::GameScreen;
use crate::core::{Ending, Game, Outcome, Rules, Seat};
use crate::modal::dialog::Dialog;
use crate::modal::help::HelpOverlay;
use crate::modal::prompt::Prompt;
use crate::save::format::SaveFile;
use crate::screen::{Answer, Ctx, Effect, KeyHint, Reply, Transition};
use crate::ui::input::Action;

/// History rows Page Up/Down scroll.
const HISTORY_PAGE: usize = 10;

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
            Some((seat, player)) => match U::Game::seat_label(seat) {
                "" => format!("{} to move", player.name),
                label => format!("{} ({label}) to move", player.name),
            },
            None => U::Game::turn_text(state, self.history.applied()).unwrap_or_default(),
        }
    }

    /// The game as a save file.
    pub(super) fn snapshot(&self, ctx: &Ctx) -> Result<SaveFile, crate::save::format::EncodeError> {
        crate::save::game::save_file::<U::Game>(
            &self.history,
            &self.players,
            &self.params,
            self.solver_from,
            ctx.now,
            &self.save_id,
        )
        .map(|mut file| {
            if let Some(title) = &self.title {
                file.title.clone_from(title);
            }
            file
        })
    }

    /// Whether leaving would lose something: moves made and the game not over.
    pub(super) fn in_progress(&self) -> bool {
        self.history.current().outcome().is_none() && !self.history.is_empty()
    }

    /// Anything that changes the position: forget hints and background work, reset the board.
    fn after_change(&mut self) {
        self.history_back = 0;
        self.hint = None;
        self.work = None;
        self.dirty = true;
        self.board.reset(self.history.current());
        self.motion = None;
        self.announced = self.history.current().outcome().is_some() && self.announced;
        self.restart_analysis();
    }

    /// A person with no choice (Reversi's pass) does not have to press a key for it: the
    /// move is played at once, right after the move that caused it (never after an undo, so
    /// undoing past it stays possible), and the status line says what happened.
    fn play_forced_move(&mut self) {
        let state = self.history.current();
        let Some(seat) = state.to_move() else { return };
        if self.players.computer_level(seat).is_some() || state.outcome().is_some() {
            return;
        }
        let Some(forced) = U::Game::forced_move(state) else {
            return;
        };
        let name = self
            .players
            .at(seat)
            .map_or_else(String::new, |p| p.name.clone());
        let who = match U::Game::seat_label(seat) {
            "" => name,
            label => format!("{name} ({label})"),
        };
        if self.history.play(&forced).is_ok() {
            self.after_change();
            self.message = Some(format!("{who} has no move and passes."));
        }
    }

    /// Plays a move (the person's, the computer's or the solver's), then checks for the end.
    pub(super) fn play(&mut self, mv: &Move<U>) -> Transition {
        if self
            .solver_from
            .is_some_and(|first| self.history.applied() <= first)
        {
            // A move of its own where the solver's first one was: the line is the player's.
            self.solver_from = None;
        }
        match self.history.play(mv) {
            Ok(()) => {
                self.seed = self.seed.wrapping_add(1);
                self.message = None;
                self.announced = false;
                // Asked before the board resets: it may know the move was already shown
                // (a preview the player confirmed).
                let ply = self.history.applied() - 1;
                let frames = self
                    .history
                    .last_move()
                    .map_or(Frames::NONE, |(before, mv)| self.board.motion(before, mv));
                self.after_change();
                self.play_forced_move();
                self.motion = Motion::new(ply, frames, self.speed, self.now);
                self.check_game_over()
            }
            Err(err) => {
                self.message = Some(err.to_string());
                Transition::Stay
            }
        }
    }

    fn check_game_over(&mut self) -> Transition {
        let state = self.history.current();
        match state.outcome() {
            Some(_) if !self.announced => {
                self.announced = true;
                self.solution.clear();
                // No dialog over the board: the result stands in the status line and the
                // panel, with its keys in the footer, and the final position stays in view.
                self.message = None;
                Transition::Stay
            }
            _ => Transition::Stay,
        }
    }

    /// What a move on a finished game gets: how to go on, in the keys actually bound.
    pub(super) fn game_over_reminder(&self, ctx: &Ctx) -> String {
        let keys = &ctx.config.keymap;
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

    /// Whether the game has ended (a result is on screen).
    pub(super) fn is_over(&self) -> bool {
        self.history.current().outcome().is_some()
    }

    /// What a finished game offers, most important first: a new game (a puzzle's next level
    /// when it was solved), a rematch with sides swapped, the menu.
    pub(super) fn game_over_hints(&self, ctx: &Ctx) -> Vec<KeyHint> {
        let keys = &ctx.config.keymap;
        let solved = self.history.current().outcome() == Some(Outcome::Solved);
        let new = if solved && U::Game::next_puzzle(&self.params).is_some() {
            "next level"
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
        hints.push(KeyHint::essential(keys.key_name(Action::Quit), "menu").sends(Action::Quit));
        hints
    }

    /// A new game after this one: the next level of a solved puzzle, else the same game again.
    fn new_game_after(&mut self, ctx: &mut Ctx) -> Transition {
        let solved = self.history.current().outcome() == Some(Outcome::Solved);
        match U::Game::next_puzzle(&self.params) {
            Some(next) if solved => self.replace_with(next, ctx),
            _ => self.replace_with(self.params.clone(), ctx),
        }
    }

    /// The same game again with the players' seats swapped.
    fn rematch(&mut self, ctx: &mut Ctx) -> Transition {
        let mut players = self.players.clone();
        players.0.reverse();
        match Self::new(self.params.clone(), players, ctx) {
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

    fn undo(&mut self) {
        self.solution.clear();
        // Against the computer, undo goes back to the person's previous turn. When there is
        // none (the computer opened and the person has not moved yet), nothing changes: going
        // back to the start would only let the computer open again, differently, and lose the
        // redo list.
        let demo = self.players.0.iter().all(|p| p.computer.is_some());
        let mut undone = 0;
        while self.history.undo() {
            undone += 1;
            if demo || self.computer_to_move().is_none() {
                break;
            }
        }
        if undone == 0 || (!demo && self.computer_to_move().is_some()) {
            for _ in 0..undone {
                self.history.redo();
            }
            self.message = Some("Nothing to undo".into());
            return;
        }
        self.message = Some("Move undone".into());
        self.after_change();
    }

    fn redo(&mut self) {
        self.solution.clear();
        if self.history.redo() {
            while self.computer_to_move().is_some()
                && self.history.can_redo()
                && !self.players.0.iter().all(|p| p.computer.is_some())
            {
                self.history.redo();
            }
            // Redoing into a finished game says how it ended (the dialog came the first time).
            let state = self.history.current();
            self.message = Some(match state.outcome() {
                Some(outcome) => self.outcome_sentence(outcome),
                None => "Move redone".into(),
            });
            self.after_change();
        } else {
            self.message = Some("Nothing to redo".into());
        }
    }

    /// Back to the puzzle's start by undoing every move, so redo takes the restart back.
    fn restart(&mut self, ctx: &Ctx) {
        self.solution.clear();
        if !self.history.can_undo() {
            self.message = Some("Already at the start".into());
            return;
        }
        while self.history.undo() {}
        self.message = Some(format!(
            "Restarted (redo, {}, takes it back)",
            ctx.config.keymap.key_name(Action::Redo)
        ));
        self.after_change();
    }

    pub(super) fn leave(&mut self, quit_program: bool, ctx: &mut Ctx) -> Transition {
        ctx.ending = Some(self.ending());
        if quit_program {
            Transition::Quit
        } else {
            Transition::Pop(None)
        }
    }

    fn ending(&self) -> Ending {
        self.history
            .current()
            .outcome()
            .map_or(Ending::Quit, Ending::Finished)
    }

    pub(super) fn ask_leave(&mut self, quit_program: bool, ctx: &mut Ctx) -> Transition {
        if self.dirty && self.in_progress() {
            self.pending = Some(Pending::Leave { quit_program });
            Transition::Push(Box::new(
                Dialog::new(
                    // Ctrl-C closes Parlor, not just the game: the title says which.
                    if quit_program {
                        "Quit Parlor"
                    } else {
                        "Leave the game"
                    },
                    &[if quit_program {
                        "Save this game before quitting? (Ctrl-C again quits and autosaves it.)"
                    } else {
                        "Save before leaving?"
                    }],
                    &[
                        ("Save", Answer::Save),
                        ("Don't save", Answer::DontSave),
                        ("Cancel", Answer::Cancel),
                    ],
                )
                .with_cancel(Answer::Cancel),
            ))
        } else {
            self.leave(quit_program, ctx)
        }
    }

    fn request_save(&mut self, leave: Option<bool>, ctx: &mut Ctx) {
        match self.snapshot(ctx) {
            Ok(file) => {
                self.pending = Some(Pending::Saving { leave });
                ctx.effect(Effect::Save(file));
            }
            Err(err) => self.message = Some(format!("Cannot save: {err}")),
        }
    }

    /// A key the board did not take: the keys every game shares.
    pub(super) fn handle_game_key(&mut self, action: Action, ctx: &mut Ctx) -> Transition {
        match action {
            Action::PageUp | Action::PageDown => match self.layout(ctx.area).side() {
                Some(side) => self.scroll_history(action, HISTORY_PAGE, side, &ctx.theme),
                // The panel is folded: the history opens over the board instead.
                None => return Transition::Push(Box::new(self.history_overlay(ctx))),
            },
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
                    .with_keys(&self.all_hints(ctx)),
                ));
            }
            Action::Quit | Action::Back => return self.ask_leave(false, ctx),
            _ => {}
        }
        Transition::Stay
    }

    /// The keys every game has, in the keys actually bound.
    fn common_hints(&self, ctx: &Ctx) -> Vec<KeyHint> {
        let keys = &ctx.config.keymap;
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
        // first and the board's are left out, so a narrow footer keeps them.
        let mut hints = if self.is_over() {
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

    /// A new game with the same players and parameters (or `params`), replacing this one.
    fn replace_with(&mut self, params: ParamsOf<U>, ctx: &mut Ctx) -> Transition {
        match Self::new(params, self.players.clone(), ctx) {
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

    /// What a dialog, prompt or effect this screen asked for answered.
    pub(super) fn answer(&mut self, reply: Option<Reply>, ctx: &mut Ctx) -> Transition {
        let pending = self.pending.take();
        match (pending, reply) {
            (Some(Pending::Leave { quit_program }), Some(Reply::Choice(Answer::Save))) => {
                self.request_save(Some(quit_program), ctx);
                Transition::Stay
            }
            (Some(Pending::Leave { quit_program }), Some(Reply::Choice(Answer::DontSave))) => {
                self.leave(quit_program, ctx)
            }
            (Some(Pending::Saving { leave }), Some(Reply::Saved(path))) => {
                self.dirty = false;
                self.message = Some(format!("Saved to {}", path.display()));
                match leave {
                    Some(quit_program) => self.leave(quit_program, ctx),
                    None => Transition::Stay,
                }
            }
            (Some(Pending::Saving { leave }), Some(Reply::Failed(err))) => {
                // The game stays open; the save can go to another file right away.
                self.message = Some(format!(
                    "Not saved: {err} (the game is still open; try again)"
                ));
                self.pending = Some(Pending::SaveElsewhere { leave });
                let suggestion = std::env::current_dir()
                    .unwrap_or_default()
                    .join(format!("{}.toml", self.save_id));
                Transition::Push(Box::new(
                    Prompt::new("Not saved: save to another file?", "File:")
                        .with_value(&suggestion.display().to_string()),
                ))
            }
            (Some(Pending::SaveElsewhere { leave }), Some(Reply::Text(path))) => {
                match self.snapshot(ctx) {
                    Ok(save) => {
                        self.pending = Some(Pending::Saving { leave });
                        ctx.effect(Effect::SaveAs {
                            save,
                            path: std::path::PathBuf::from(path),
                        });
                    }
                    Err(err) => self.message = Some(format!("Cannot save: {err}")),
                }
                Transition::Stay
            }
            (Some(Pending::Saving { leave }), _) => {
                self.pending = Some(Pending::Saving { leave });
                Transition::Stay
            }
            _ => Transition::Stay,
        }
    }
}

/// The seat of a player index (0 the first).
pub(super) fn seat_of(index: usize) -> Seat {
    if index == 0 {
        Seat::First
    } else {
        Seat::Second
    }
}
