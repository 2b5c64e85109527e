//! [`GameScreen`]: one game in progress, whatever the game — its state and how events are
//! dispatched. What it does with them is split by concern, one `impl` per file:
//! [`super::moves`] (playing, undo, redo, restart), [`super::ending`] (the result and what a
//! finished game offers), [`super::leaving`] (leaving, and the answers to what it asked),
//! [`super::keys`] (the keys every game shares and their hints), [`super::saving`] (saves),
//! [`super::life`] (the game's phase: unsaved moves, a finish to record), [`super::work`] (the
//! computer, hints and solutions off the event-loop thread), [`super::analysis_strip`],
//! [`super::review`], [`super::export`], [`super::side`] (the side panel), [`super::check`]
//! (invariants).

use std::collections::VecDeque;
use std::time::Instant;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Paragraph;

use super::game_ui::{BoardReply, BoardView, GameUi, ParamsOf, RulesOf};
use super::layout::{BoardSizes, GameLayout, Panel};
use super::life::Life;
use super::motion::{Motion, MotionFrame};
use super::pace::Pace;
use super::pending::{Analysis, Move, Pending, Work};
use super::save_slot::SaveSlot;
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
    /// The file this game is saved in, as it read or last wrote it, and its title.
    pub(super) slot: SaveSlot,
    /// Where the game stands: unsaved moves, a finish to record (see [`Life`]).
    pub(super) life: Life,
    pub(super) pending: Option<Pending>,
    pub(super) work: Option<Work<U>>,
    pub(super) hint: Option<Move<U>>,
    pub(super) message: Option<String>,
    pub(super) solution: VecDeque<Move<U>>,
    /// When background work is next polled or a solution's next move played, the spinner,
    /// the next computer move's seed.
    pub(super) pace: Pace,
    /// How many rows the history panel is scrolled back from the latest move (the wheel over
    /// the side panel, Page Up/Down); a new position brings it back to the latest.
    pub(super) history_back: usize,
    /// The first move index the solver played (Solve): a win through it is not the player's
    /// own, so puzzles do not record it as a best result.
    pub(super) solver_from: Option<usize>,
    /// When the game started, for a puzzle's time; `None` for a game reopened from a save.
    opened: Option<std::time::SystemTime>,
    /// `[ui] speed` when the game opened: the pace of solution playback and the computer's
    /// pause.
    pub(super) speed: crate::config::Speed,
    /// The analysis strip, while shown (the analysis key toggles it).
    pub(super) analysis: Option<Analysis<U>>,
    /// The last move's motion, while it plays (a key or a click ends it at once).
    pub(super) motion: Option<Motion>,
    /// Where the computer's searches, hints, solutions and the analysis run: the pool every
    /// app of the process shares.
    pub(super) pool: crate::work_pool::WorkPool,
    /// The app's clock at the event being handled: what deadlines are set from.
    pub(super) now: Instant,
    /// Review mode, while the screen is a replay viewer (`game_screen::review`).
    pub(super) review: Option<super::review_state::Review>,
    /// The table this game is played at, with another terminal (`game_screen::table_seat`);
    /// `None`: a game of this terminal alone.
    pub(super) table: Option<super::seat_at_table::TableSeat>,
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
            slot: SaveSlot::new(save_id),
            life: Life::opened(finished),
            pending: None,
            work: None,
            hint: None,
            message: None,
            solution: VecDeque::new(),
            pace: Pace::default(),
            history_back: 0,
            solver_from: None,
            opened: Some(ctx.now),
            speed: ctx.config.speed,
            analysis: None,
            motion: None,
            pool: ctx.pool.clone(),
            now: ctx.instant,
            review: None,
            table: None,
        }
    }

    /// A new game that goes on from `history` (its moves undoable): play on from a position
    /// shown in review.
    #[must_use]
    pub fn continuing(
        history: History<RulesOf<U>>,
        players: Players,
        params: ParamsOf<U>,
        ctx: &Ctx,
    ) -> Self {
        Self::from_parts(
            history,
            players,
            params,
            crate::save::store::new_id(U::Game::ID),
            ctx,
        )
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
            slot: SaveSlot::of_file(file, &usual),
            opened: None,
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
            // The title the player gave it is the list's line already: the players here.
            players: self.usual_subtitle(),
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
        let usual = self.usual_subtitle();
        // A save renamed on the load screen shows its title, as the list did.
        match self.slot.title() {
            Some(title) => format!("{title} · {usual}"),
            None => usual,
        }
    }

    /// A puzzle's parameters or a two-player game's players, whatever the save is called.
    fn usual_subtitle(&self) -> String {
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
        // Nothing is played in review, by anyone.
        if self.review.is_some() {
            return None;
        }
        let state = self.history.current();
        if state.outcome().is_some() {
            return None;
        }
        if U::Game::answers(state) {
            // A position puzzle's defence: its solver plays as the computer would.
            return Some(crate::core::TOP_LEVEL);
        }
        state
            .to_move()
            .and_then(|seat| self.players.computer_level(seat))
    }

    /// What the board draws: the current position, or a picture of the last move in motion.
    /// While the other player at a table is to move (or this terminal watches), the board is
    /// drawn as for a computer's turn: no cursor, no drop marker in this player's colour.
    pub(super) fn view(&self, area: Rect) -> BoardView<'_, U::Game> {
        let mut view = board_view::<U>(
            &self.history,
            self.hint.as_ref(),
            &self.params,
            self.computer_to_move().is_some() || self.other_seat_to_move(),
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
        // Only while the strip is open; it lies over rows the board leaves free, so opening
        // it (`a`) never moves or shrinks the board.
        let rows = if self.analysis.is_some() {
            super::layout::STRIP_ROWS
        } else {
            0
        };
        // The board never moves for the status: two rows are kept for it where the board can
        // spare them; else a long sentence takes only a row the board leaves empty.
        let status_rows = if crate::core::text::width(&self.status().0) > usize::from(area.width) {
            2
        } else {
            1
        };
        GameLayout::with_analysis(area, self.board_sizes(), rows, status_rows, |board| {
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
        if self.review.is_none()
            && let Some(first) = self
                .life
                .take_finish(state.outcome() == Some(crate::core::Outcome::Lost))
        {
            let seconds = self
                .opened
                .and_then(|start| ctx.now.duration_since(start).ok())
                .map(|elapsed| elapsed.as_secs());
            let finish = match self.table {
                // At a table: counted from this player's seat against a person online; a
                // watcher's arcade counts nothing.
                Some(table) => table.seat.zip(state.outcome()).map(|(seat, outcome)| {
                    crate::save::records::Finish {
                        counts: first,
                        ..crate::save::records::Finish::online(U::Game::ID, seat, outcome)
                    }
                }),
                None => crate::save::records::Finish::of::<U::Game>(
                    &self.params,
                    &self.players,
                    state,
                    self.history.applied(),
                    self.assisted(),
                    seconds,
                    first,
                ),
            };
            ctx.effects
                .extend(finish.map(crate::screen::Effect::RecordGame));
        }
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
        if self.review.is_some() {
            return self.handle_review(event, ctx);
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
            BoardReply::Play(mv) if !computer => match self.table_refusal(ctx) {
                Some(refusal) => {
                    self.message = Some(refusal);
                    Transition::Stay
                }
                None if self.at_a_table() => self.play_at_table(&mv, ctx),
                None => self.play(&mv),
            },
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
                None => self.handle_letter(event.text(), ctx),
            },
        }
    }

    /// The status line's text, and whether it is a message to notice (drawn highlighted):
    /// what the computer is doing, a message, the review position, or whose turn it is.
    fn status(&self) -> (String, bool) {
        if let Some(thinking) = self.thinking_text() {
            (thinking, true)
        } else if let Some(message) = &self.message {
            (format!(" {message}"), true)
        } else if self.review.is_some() {
            (format!(" {}", self.review_status()), false)
        } else if let Some(prompt) = self.board.prompt(self.history.current()) {
            (format!(" {} · {prompt}", self.turn_text()), false)
        } else {
            (format!(" {}", self.turn_text()), false)
        }
    }

    fn render_status(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = &ctx.theme;
        let (status, notice) = self.status();
        let style = if notice { theme.selected } else { theme.text };
        // A sentence wider than the terminal wraps at a space onto the second row the
        // layout gave it (a path in it gives up its folders first, never its file's name:
        // "Saved to …/saves/x.toml"); only past that does it end in an ellipsis.
        let width = usize::from(area.width);
        let room = usize::from(area.height.max(1));
        // A row broken at a " · " between two facts neither ends nor starts with the dot:
        // the break separates them ("… best f5 (+4) ?" then "Ann (x) to move").
        let mut rows: Vec<String> =
            crate::core::text::wrap_with_paths(status.trim_start(), width.saturating_sub(1), room)
                .into_iter()
                .map(|row| {
                    let row = row.strip_suffix(" ·").unwrap_or(&row);
                    row.strip_prefix("· ").unwrap_or(row).to_string()
                })
                .collect();
        if rows.len() > room {
            let rest = rows[room - 1..].join(" ");
            rows.truncate(room - 1);
            rows.push(crate::core::text::truncate(&rest, width.saturating_sub(1)));
        }
        let lines: Vec<Line> = rows
            .into_iter()
            .map(|row| Line::styled(format!(" {row}"), style))
            .collect();
        // A one-row sentence in two reserved rows sits on the lower, over the footer.
        let shown = u16::try_from(lines.len())
            .unwrap_or(u16::MAX)
            .min(area.height);
        let area = Rect {
            y: area.bottom() - shown,
            height: shown,
            ..area
        };
        frame.render_widget(Paragraph::new(lines), area);
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
        let header = super::header::header_line(
            U::Game::TITLE,
            &self.subtitle(),
            U::Game::puzzle_id(&self.params).map(|id| id.to_string()),
            layout.header.width,
            theme,
        );
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
        let hints = if self.review.is_some() {
            self.review_hints(ctx)
        } else {
            self.all_hints(ctx)
        };
        Some((self.layout(area).footer, hints))
    }

    fn deadline(&self) -> Option<Instant> {
        [
            self.work_deadline(self.board.deadline()),
            self.analysis_deadline(),
            self.motion.as_ref().map(Motion::deadline),
            self.review_deadline(),
        ]
        .into_iter()
        .flatten()
        .min()
    }

    fn sync(&mut self, ctx: &Ctx) {
        self.catch_up_with_table(ctx);
    }

    fn table_code(&self) -> Option<crate::table::TableCode> {
        self.table.map(|table| table.code)
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
        self.review_tick(now);
        let transition = self.advance_work(now);
        self.after(transition, ctx)
    }

    fn resume(&mut self, reply: Option<Reply>, ctx: &mut Ctx) -> Transition {
        self.now = ctx.instant;
        let transition = self.answer(reply, ctx);
        self.after(transition, ctx)
    }

    fn autosave(&self, ctx: &Ctx) -> Option<SaveFile> {
        // A watcher's game is not theirs to keep: the players' folders have it.
        let watching = self.table.is_some_and(|table| table.seat.is_none());
        (self.has_unsaved_moves() && !watching)
            .then(|| self.snapshot(ctx).ok())
            .flatten()
    }

    fn interrupt(&mut self, ctx: &mut Ctx) -> Transition {
        self.end_review_in_play();
        self.ask_leave(true, ctx)
    }

    fn guards_quit(&self) -> bool {
        self.has_unsaved_moves()
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

/// Opens a save as a replay from its first move (`game::review`): the registry's
/// `open_review` for every game.
///
/// # Errors
/// [`SaveError`] for anything wrong in the file.
pub fn open_review<U: GameUi>(file: &SaveFile, ctx: &Ctx) -> Result<Box<dyn Screen>, SaveError> {
    Ok(Box::new(GameScreen::<U>::from_save(file, ctx)?.reviewing()))
}
