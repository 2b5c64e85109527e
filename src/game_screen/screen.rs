//! [`GameScreen`]: one game in progress, whatever the game — its state and how events are
//! dispatched. What it does with them is split by concern: [`super::flow`] (moves, undo, the
//! leave and save flow, the end of a game), [`super::work`] (the computer, hints and solutions
//! off the event-loop thread), [`super::side`] (the side panel), [`super::check`] (invariants).

use std::collections::VecDeque;
use std::time::Instant;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::game_ui::{BoardReply, BoardView, GameUi, ParamsOf, RulesOf};
use super::layout::{BoardSizes, GameLayout, Panel};
use super::motion::{Motion, MotionFrame};
use super::pending::{Analysis, Move, Pending, Work};
use crate::core::{Game, History, Players, Rules};
use crate::save::catalog::SaveSummary;
use crate::save::format::{SaveError, SaveFile, state_from_table};
use crate::save::game::SavedGame;
use crate::screen::{Ctx, Reply, Screen, Transition};
use crate::ui::input::{Action, Event, MouseKind};

/// A game in progress: rules history, players, the board's UI state, and what is going on
/// around it (a computer thinking, a hint shown, a dialog open).
pub struct GameScreen<U: GameUi> {
    pub(super) history: History<RulesOf<U>>,
    pub(super) players: Players,
    pub(super) params: ParamsOf<U>,
    pub(super) board: U,
    pub(super) save_id: String,
    /// Moves changed since the last save (or since the start).
    pub(super) dirty: bool,
    pub(super) pending: Option<Pending>,
    pub(super) work: Option<Work<U>>,
    pub(super) hint: Option<Move<U>>,
    pub(super) message: Option<String>,
    pub(super) solution: VecDeque<Move<U>>,
    pub(super) next_step: Option<Instant>,
    pub(super) spinner: usize,
    /// How many rows the history panel is scrolled back from the latest move (the wheel over
    /// the side panel, Page Up/Down); a new position brings it back to the latest.
    pub(super) history_back: usize,
    /// Incremented on every move so each computer move gets its own seed.
    pub(super) seed: u64,
    /// Whether the game-over dialog was already shown for the current position.
    pub(super) announced: bool,
    /// The first move index the solver played (Solve): a win through it is not the player's
    /// own, so puzzles do not record it as a best result.
    pub(super) solver_from: Option<usize>,
    /// Whether the current finished position was already recorded (a save of a finished
    /// game, or a finish already counted; undo clears it).
    pub(super) recorded: bool,
    /// Whether this game was already counted in the records (a finish after an undo only
    /// improves a puzzle's best result).
    pub(super) counted: bool,
    /// When the game started, for a puzzle's time; `None` for a game reopened from a save.
    pub(super) opened: Option<std::time::SystemTime>,
    /// `[ui] speed` when the game opened: the pace of solution playback and the computer's
    /// pause.
    pub(super) speed: crate::config::Speed,
    /// The name the player gave this game on the load screen, kept by later saves; `None`:
    /// the players' names (or the puzzle's setup) as usual.
    pub(super) title: Option<String>,
    /// The analysis strip, while shown (the analysis key toggles it).
    pub(super) analysis: Option<Analysis<U>>,
    /// The last move's motion, while it plays (a key or a click ends it at once).
    pub(super) motion: Option<Motion>,
    /// Where the computer's searches, hints, solutions and the analysis run: the pool every
    /// app of the process shares.
    pub(super) pool: crate::work_pool::WorkPool,
    /// The app's clock at the event being handled: what deadlines are set from.
    pub(super) now: Instant,
}

impl<U: GameUi> GameScreen<U> {
    /// A new game.
    ///
    /// # Errors
    /// [`StartError`](crate::core::StartError) when the parameters are not playable.
    pub fn new(
        params: ParamsOf<U>,
        players: Players,
        ctx: &Ctx,
    ) -> Result<Self, crate::core::StartError> {
        let start = U::Game::start(&params)?;
        Ok(Self::from_parts(
            History::new(start),
            players,
            params,
            crate::save::store::new_id(U::Game::ID),
            ctx,
        ))
    }

    /// A game that starts from `state` instead of the game's start: for tests of positions
    /// no game reaches in a few scripted moves (a Checkers ending). Test builds only.
    #[cfg(feature = "testing")]
    pub fn from_state(state: RulesOf<U>, params: ParamsOf<U>, players: Players, ctx: &Ctx) -> Self {
        Self::from_parts(
            History::new(state),
            players,
            params,
            crate::save::store::new_id(U::Game::ID),
            ctx,
        )
    }

    fn from_parts(
        history: History<RulesOf<U>>,
        players: Players,
        params: ParamsOf<U>,
        save_id: String,
        ctx: &Ctx,
    ) -> Self {
        let board = U::new_ui(history.current(), &params, ctx);
        let finished = history.current().outcome().is_some();
        Self {
            history,
            players,
            params,
            board,
            save_id,
            dirty: false,
            pending: None,
            work: None,
            hint: None,
            message: None,
            solution: VecDeque::new(),
            next_step: None,
            spinner: 0,
            history_back: 0,
            seed: 0,
            announced: finished,
            solver_from: None,
            recorded: finished,
            counted: finished,
            opened: Some(ctx.now),
            speed: ctx.config.speed,
            title: None,
            analysis: None,
            motion: None,
            pool: ctx.pool.clone(),
            now: ctx.instant,
        }
    }

    /// Opens a save: the game's state validated and replayed.
    ///
    /// # Errors
    /// [`SaveError`] for anything wrong in the file.
    pub fn from_save(file: &SaveFile, ctx: &Ctx) -> Result<Self, SaveError> {
        if file.game != U::Game::ID {
            return Err(SaveError::UnknownGame(file.game.clone()));
        }
        let saved: SavedGame<ParamsOf<U>> = state_from_table(&file.state)?;
        let solver_from = saved.solver_from;
        let (history, players, params) = saved.restore::<U::Game>()?;
        let usual = crate::save::game::title_of::<U::Game>(&players, &params);
        Ok(Self {
            solver_from,
            opened: None,
            title: (file.title != usual).then(|| file.title.clone()),
            ..Self::from_parts(history, players, params, file.id.clone(), ctx)
        })
    }

    /// The game's parameters.
    #[must_use]
    pub fn params(&self) -> &ParamsOf<U> {
        &self.params
    }

    /// What the load screen shows for this game.
    #[must_use]
    pub fn summary(&self) -> SaveSummary {
        let state = self.history.current();
        SaveSummary {
            game_title: U::Game::TITLE.to_string(),
            players: self.subtitle(),
            puzzle: self.players.0.is_empty(),
            moves: self.history.applied(),
            status: self.turn_text(),
            unfinished: state.outcome().is_none(),
            preview: U::Game::rows(state),
        }
    }

    /// Whether the solver played any of the moves that led here (Solve): puzzles keep best
    /// results only for the player's own solutions.
    #[must_use]
    pub fn assisted(&self) -> bool {
        self.solver_from
            .is_some_and(|first| self.history.applied() > first)
    }

    /// The rules history (tests and the monkey test check it against the rules).
    #[must_use]
    pub fn history(&self) -> &History<RulesOf<U>> {
        &self.history
    }

    /// A puzzle's parameters or a two-player game's players, after the title.
    fn subtitle(&self) -> String {
        if self.players.0.is_empty() {
            U::Game::describe(&self.params)
        } else {
            self.players.title()
        }
    }

    pub(super) fn names(&self) -> Vec<String> {
        self.players.0.iter().map(|p| p.name.clone()).collect()
    }

    pub(super) fn computer_to_move(&self) -> Option<u8> {
        let state = self.history.current();
        if state.outcome().is_some() {
            return None;
        }
        state
            .to_move()
            .and_then(|seat| self.players.computer_level(seat))
    }

    /// What the board draws: the current position, or a picture of the last move in motion.
    pub(super) fn view(&self, area: Rect) -> BoardView<'_, U::Game> {
        let mut view = board_view::<U>(
            &self.history,
            self.hint.as_ref(),
            &self.params,
            self.computer_to_move().is_some(),
            area,
        );
        view.motion = self.motion.as_ref().and_then(|motion| {
            let (before, mv) = self.history.applied_moves().nth(motion.ply)?;
            Some(MotionFrame {
                before,
                mv,
                index: motion.index(),
                count: motion.count(),
            })
        });
        view
    }

    /// Where everything of the screen is, for drawing and hit-testing alike.
    pub(super) fn layout(&self, area: Rect) -> GameLayout {
        let state = self.history.current();
        let rows = if self.analysis.is_some() {
            super::layout::STRIP_ROWS
        } else {
            0
        };
        GameLayout::with_analysis(area, self.board_sizes(), rows, |board| {
            self.board.board_extent(state, &self.params, board)
        })
    }

    /// The board's smallest and preferred sizes, for the layout.
    fn board_sizes(&self) -> BoardSizes {
        let state = self.history.current();
        BoardSizes {
            min: self.board.board_size(state, &self.params),
            preferred: self.board.preferred_board_size(state, &self.params),
        }
    }

    /// What follows any event: a game that has just finished is counted in the records
    /// (once per finished position; a puzzle solved by the player alone also keeps its best).
    fn after(&mut self, transition: Transition, ctx: &mut Ctx) -> Transition {
        let state = self.history.current();
        let finished = state.outcome().is_some();
        if finished && !self.recorded {
            let seconds = self
                .opened
                .and_then(|start| ctx.now.duration_since(start).ok())
                .map(|elapsed| elapsed.as_secs());
            let finish = crate::save::records::Finish::of::<U::Game>(
                &self.params,
                &self.players,
                state,
                self.history.applied(),
                self.assisted(),
                seconds,
                !self.counted,
            );
            ctx.effects
                .extend(finish.map(crate::screen::Effect::RecordGame));
            self.counted = true;
        }
        self.recorded = finished;
        if matches!(transition, Transition::Stay) {
            self.maybe_start_computer();
        }
        transition
    }

    fn dispatch(&mut self, event: &Event, ctx: &mut Ctx) -> Transition {
        if event
            .mouse()
            .is_none_or(|mouse| mouse.kind == MouseKind::Click)
        {
            // A key or a click finishes a move's motion at once, then does what it does.
            self.motion = None;
        }
        if !self.solution.is_empty() {
            self.solution.clear();
            self.message = Some("Solution stopped.".into());
            return Transition::Stay;
        }
        let layout = self.layout(ctx.area);
        if let Some(mouse) = event.mouse()
            && let Some(side) = layout.side()
            && side.contains(mouse.position())
        {
            self.scroll_side(mouse.kind, side, ctx);
            return Transition::Stay;
        }
        if let Some(mouse) = event.mouse()
            && mouse.kind == MouseKind::Click
            && !layout.board.contains(mouse.position())
        {
            return Transition::Stay;
        }
        let computer = self.computer_to_move().is_some();
        // While the computer is to move, the status line already says it is thinking: a
        // move the person tries is dropped without a second message.
        let reply = if computer && event.action() == Some(Action::Confirm) {
            BoardReply::Handled
        } else {
            // The board hit-tests against the same area it is drawn in.
            let hint = self.hint.as_ref();
            let view = board_view::<U>(&self.history, hint, &self.params, computer, layout.board);
            self.board.handle_board(event, &view)
        };
        match reply {
            BoardReply::Play(mv) if !computer => self.play(&mv),
            BoardReply::Play(_) | BoardReply::Handled => {
                // The board moved on (cursor, selection): an old message would now mislead.
                self.message = None;
                Transition::Stay
            }
            BoardReply::Message(text) => {
                self.message = Some(text);
                Transition::Stay
            }
            BoardReply::GameOver => {
                self.message = Some(self.game_over_reminder(ctx));
                Transition::Stay
            }
            BoardReply::Ignored => match event.action() {
                Some(action) => self.handle_game_key(action, ctx),
                None => Transition::Stay,
            },
        }
    }

    fn render_status(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = &ctx.theme;
        let (status, style) = if let Some(thinking) = self.thinking_text() {
            (thinking, theme.selected)
        } else if let Some(message) = &self.message {
            (format!(" {message}"), theme.selected)
        } else if let Some(prompt) = self.board.prompt(self.history.current()) {
            (format!(" {} · {prompt}", self.turn_text()), theme.text)
        } else {
            (format!(" {}", self.turn_text()), theme.text)
        };
        // One row: a message longer than the terminal ends in an ellipsis, not mid-word.
        let status = Line::styled(
            crate::core::text::truncate(&status, usize::from(area.width)),
            style,
        );
        frame.render_widget(Paragraph::new(status), area);
    }
}

impl<U: GameUi> Screen for GameScreen<U> {
    fn handle_event(&mut self, event: &Event, ctx: &mut Ctx) -> Transition {
        self.now = ctx.instant;
        let transition = self.dispatch(event, ctx);
        self.after(transition, ctx)
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = &ctx.theme;
        let layout = self.layout(area);
        let header = Line::from(vec![
            Span::styled(format!(" {} ", U::Game::TITLE), theme.title),
            // The game's name is already in the first span: a puzzle adds its parameters
            // ("Fortress", "3×3 from 1"), a two-player game its players.
            Span::styled(format!(" {}", self.subtitle()), theme.dim),
        ]);
        frame.render_widget(Paragraph::new(header), layout.header);
        self.board
            .render_board(&self.view(layout.board), frame.buffer_mut(), theme);
        match layout.panel {
            Panel::Side(side) => self.render_side(frame, side, ctx),
            Panel::Strip(strip) => self.render_strip(frame, strip, ctx),
        }
        if let Some(strip) = layout.analysis {
            self.render_analysis(frame, strip, ctx);
        }
        self.render_status(frame, layout.status, ctx);
        crate::screen::draw_footer(self, frame, area, ctx);
    }

    fn footer(&self, area: Rect, ctx: &Ctx) -> Option<(Rect, Vec<crate::screen::KeyHint>)> {
        Some((self.layout(area).footer, self.all_hints(ctx)))
    }

    fn deadline(&self) -> Option<Instant> {
        [
            self.work_deadline(self.board.deadline()),
            self.analysis_deadline(),
            self.motion.as_ref().map(Motion::deadline),
        ]
        .into_iter()
        .flatten()
        .min()
    }

    fn tick(&mut self, now: Instant, ctx: &mut Ctx) -> Transition {
        self.now = now;
        self.board.tick(now);
        if let Some(motion) = &mut self.motion
            && !motion.advance(now)
        {
            self.motion = None;
        }
        self.poll_analysis(now);
        let transition = self.advance_work(now);
        self.after(transition, ctx)
    }

    fn resume(&mut self, reply: Option<Reply>, ctx: &mut Ctx) -> Transition {
        self.now = ctx.instant;
        let transition = self.answer(reply, ctx);
        self.after(transition, ctx)
    }

    fn autosave(&self, ctx: &Ctx) -> Option<SaveFile> {
        (self.dirty && self.in_progress())
            .then(|| self.snapshot(ctx).ok())
            .flatten()
    }

    fn interrupt(&mut self, ctx: &mut Ctx) -> Transition {
        self.ask_leave(true, ctx)
    }

    fn guards_quit(&self) -> bool {
        self.dirty && self.in_progress()
    }

    #[cfg(any(test, feature = "testing"))]
    fn finish_motion(&mut self) {
        self.motion = None;
    }

    #[cfg(any(test, feature = "testing"))]
    fn check_invariants(&self) -> Result<Option<&'static str>, crate::screen::InvariantError> {
        self.check()
            .map(|()| Some(U::Game::ID))
            .map_err(|broken| crate::screen::InvariantError(Box::new(broken)))
    }

    #[cfg(any(test, feature = "testing"))]
    fn corrupt_for_tests(&mut self) -> bool {
        // Play a move, then claim the game started from the position after it: replaying the
        // move from there is refused or gives another position.
        let Some(mv) = self.history.current().legal_moves().into_iter().next() else {
            return false;
        };
        if self.history.play(&mv).is_err() {
            return false;
        }
        let after = self.history.current().clone();
        self.history.replace_start_for_tests(after);
        true
    }

    fn render_board_preview(
        &self,
        area: Rect,
        buf: &mut ratatui::buffer::Buffer,
        ctx: &Ctx,
    ) -> bool {
        let (w, h) = self.board.board_size(self.history.current(), &self.params);
        if area.width < w || area.height < h {
            return false;
        }
        // As if the computer were to move: no cursor, no hover, nothing to press.
        let view = board_view::<U>(&self.history, None, &self.params, true, area);
        self.board.render_board(&view, buf, &ctx.theme);
        true
    }

    fn min_size(&self, _ctx: &Ctx) -> (u16, u16) {
        GameLayout::min_size(self.board_sizes())
    }
}

/// The read-only context a board sees, built from the screen's fields so the board itself can
/// be borrowed mutably at the same time.
pub(super) fn board_view<'a, U: GameUi>(
    history: &'a History<RulesOf<U>>,
    hint: Option<&'a Move<U>>,
    params: &'a ParamsOf<U>,
    computer_to_move: bool,
    area: Rect,
) -> BoardView<'a, U::Game> {
    BoardView {
        state: history.current(),
        last: history.last_move(),
        hint,
        computer_to_move,
        params,
        motion: None,
        area,
    }
}

/// Builds the game screen for a save and its summary: the registry's `open_save` for every
/// game.
///
/// # Errors
/// [`SaveError`] for anything wrong in the file.
pub fn open_save<U: GameUi>(
    file: &SaveFile,
    ctx: &Ctx,
) -> Result<(SaveSummary, Box<dyn Screen>), SaveError> {
    let screen = GameScreen::<U>::from_save(file, ctx)?;
    Ok((screen.summary(), Box::new(screen)))
}
