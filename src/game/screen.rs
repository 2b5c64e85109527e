//! [`GameScreen`]: one game in progress, whatever the game.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

use super::players::{LEVEL_NAMES, Players, TOP_LEVEL};
use super::saved::SavedGame;
use super::task::{Poll, Task};
use super::ui::{BoardReply, BoardView, GameUi, HintAnswer};
use crate::core::{Ending, History, Outcome, Rules, Seat};
use crate::save::catalog::SaveSummary;
use crate::save::format::{SaveError, SaveFile, state_from_table};
use crate::screen::{Ctx, Effect, KeyHint, Reply, Screen, Transition};
use crate::ui::dialog::Dialog;
use crate::ui::footer::Footer;
use crate::ui::help::HelpOverlay;
use crate::ui::input::{Action, Event, MouseKind};
use crate::ui::layout::render_too_small;
use crate::ui::prompt::Prompt;
use crate::ui::theme::Theme;

type Move<G> = <<G as GameUi>::Rules as Rules>::Move;

/// Width of the side panel (players, status, move history).
const SIDE_WIDTH: u16 = 28;
/// How often a running background task is polled (and the thinking spinner turns).
const POLL_EVERY: Duration = Duration::from_millis(60);
/// History rows one wheel notch scrolls.
const HISTORY_WHEEL: usize = 3;
/// History rows Page Up/Down scroll.
const HISTORY_PAGE: usize = 10;
/// Pause between the moves of a solution being played.
const SOLVE_STEP: Duration = Duration::from_millis(350);
/// Pause before a computer move is shown, so a person sees the position it answers.
const COMPUTER_PAUSE: Duration = Duration::from_millis(250);

/// What a dialog pushed by this screen is about, so its reply is understood.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pending {
    /// "Save before leaving?" — and then leave the program (Ctrl-C) or just the game.
    Leave { quit_program: bool },
    /// The game-over dialog.
    GameOver,
    /// Waiting for the app to write a save; then leave if `leave` says so.
    Saving { leave: Option<bool> },
    /// The save failed; the prompt asks for another file to write it to.
    SaveElsewhere { leave: Option<bool> },
}

/// What a background task is computing.
enum Work<G: GameUi> {
    Computer(Task<Option<Move<G>>>, Instant),
    /// The computer's answer, held until its pause is over.
    ComputerReady(Option<Move<G>>, Instant),
    Hint(Task<Option<HintAnswer<Move<G>>>>),
    Solve(Task<Option<Vec<Move<G>>>>),
}

/// The rectangles of a game screen, computed by one function for drawing and hit-testing.
struct GameLayout {
    header: Rect,
    board: Rect,
    side: Rect,
    status: Rect,
    footer: Rect,
}

/// A game in progress: rules history, players, the board's UI state, and what is going on
/// around it (a computer thinking, a hint shown, a dialog open).
pub struct GameScreen<G: GameUi> {
    history: History<G::Rules>,
    players: Players,
    params: G::Params,
    board: G,
    save_id: String,
    /// Moves changed since the last save (or since the start).
    dirty: bool,
    pending: Option<Pending>,
    work: Option<Work<G>>,
    hint: Option<Move<G>>,
    message: Option<String>,
    solution: VecDeque<Move<G>>,
    next_step: Option<Instant>,
    spinner: usize,
    /// How many rows the history panel is scrolled back from the latest move (the wheel over
    /// the side panel, Page Up/Down); a new position brings it back to the latest.
    history_back: usize,
    /// Incremented on every move so each computer move gets its own seed.
    seed: u64,
    /// Whether the game-over dialog was already shown for the current position.
    announced: bool,
    /// The first move index the solver played (Solve): a win through it is not the player's
    /// own, so puzzles do not record it as a best result.
    solver_from: Option<usize>,
}

impl<G: GameUi> GameScreen<G> {
    /// A new game.
    ///
    /// # Errors
    /// A sentence when the parameters are not playable.
    pub fn new(params: G::Params, players: Players, ctx: &Ctx) -> Result<Self, String> {
        let start = G::start(&params)?;
        Ok(Self::from_parts(
            History::new(start),
            players,
            params,
            crate::save::store::new_id(G::ID),
            ctx,
        ))
    }

    fn from_parts(
        history: History<G::Rules>,
        players: Players,
        params: G::Params,
        save_id: String,
        ctx: &Ctx,
    ) -> Self {
        let board = G::new_ui(history.current(), &params, ctx);
        let announced = history.current().outcome().is_some();
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
            announced,
            solver_from: None,
        }
    }

    /// Opens a save: the game's state validated and replayed.
    ///
    /// # Errors
    /// [`SaveError`] for anything wrong in the file.
    pub fn from_save(file: &SaveFile, ctx: &Ctx) -> Result<Self, SaveError> {
        if file.game != G::ID {
            return Err(SaveError::UnknownGame(file.game.clone()));
        }
        let saved: SavedGame<G::Params> = state_from_table(&file.state)?;
        let solver_from = saved.solver_from;
        let (history, players, params) = saved.restore::<G>()?;
        Ok(Self {
            solver_from,
            ..Self::from_parts(history, players, params, file.id.clone(), ctx)
        })
    }

    /// The game's parameters (a wrapper screen reads what it needs from a loaded game).
    #[must_use]
    pub fn params(&self) -> &G::Params {
        &self.params
    }

    /// What the load screen shows for this game.
    #[must_use]
    pub fn summary(&self) -> SaveSummary {
        let state = self.history.current();
        SaveSummary {
            game_title: G::TITLE.to_string(),
            players: if self.players.0.is_empty() {
                G::describe(&self.params)
            } else {
                self.players.title()
            },
            puzzle: self.players.0.is_empty(),
            moves: self.history.applied(),
            status: self.turn_text(),
            unfinished: state.outcome().is_none(),
            preview: G::rows(state),
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
    pub fn history(&self) -> &History<G::Rules> {
        &self.history
    }

    fn names(&self) -> Vec<String> {
        self.players.0.iter().map(|p| p.name.clone()).collect()
    }

    /// How the game ended, with the game's result line when it has one.
    fn outcome_sentence(&self, outcome: Outcome) -> String {
        let text = G::outcome_text(outcome, &self.names(), self.history.current());
        match G::result_text(&self.params, self.history.applied()) {
            Some(result) => format!("{text} {result}"),
            None => text,
        }
    }

    fn turn_text(&self) -> String {
        let state = self.history.current();
        if let Some(outcome) = state.outcome() {
            return self.outcome_sentence(outcome);
        }
        match state
            .to_move()
            .and_then(|seat| self.players.at(seat).map(|p| (seat, p)))
        {
            Some((seat, player)) => {
                let label = G::seat_label(seat);
                if label.is_empty() {
                    format!("{} to move", player.name)
                } else {
                    format!("{} ({label}) to move", player.name)
                }
            }
            None => G::turn_text(state, self.history.applied()).unwrap_or_default(),
        }
    }

    fn snapshot(&self, ctx: &Ctx) -> Result<SaveFile, String> {
        super::saved::save_file::<G>(
            &self.history,
            &self.players,
            &self.params,
            self.solver_from,
            ctx.now,
            &self.save_id,
        )
    }

    fn in_progress(&self) -> bool {
        self.history.current().outcome().is_none() && !self.history.is_empty()
    }

    fn computer_to_move(&self) -> Option<u8> {
        let state = self.history.current();
        if state.outcome().is_some() {
            return None;
        }
        state
            .to_move()
            .and_then(|seat| self.players.computer_level(seat))
    }

    fn view(&self) -> BoardView<'_, G> {
        board_view(
            &self.history,
            self.hint.as_ref(),
            &self.params,
            self.computer_to_move().is_some(),
        )
    }

    fn layout(&self, area: Rect) -> GameLayout {
        let [header, body, status, footer] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(1),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let [board, side] =
            Layout::horizontal([Constraint::Min(1), Constraint::Length(SIDE_WIDTH)]).areas(body);
        GameLayout {
            header,
            board,
            side,
            status,
            footer,
        }
    }

    /// Anything that changes the position: forget hints and background work, reset the board.
    fn after_change(&mut self) {
        self.history_back = 0;
        self.hint = None;
        self.work = None;
        self.dirty = true;
        self.board.reset(self.history.current());
        self.announced = self.history.current().outcome().is_some() && self.announced;
    }

    fn play(&mut self, mv: &Move<G>) -> Transition {
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
                self.after_change();
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
            Some(outcome) if !self.announced => {
                self.announced = true;
                self.solution.clear();
                let text = self.outcome_sentence(outcome);
                self.pending = Some(Pending::GameOver);
                Transition::Push(Box::new(
                    Dialog::new(
                        "Game over",
                        &[&text],
                        &["New game", "Look at the board", "Menu", "Exit Parlor"],
                    )
                    .with_cancel(1)
                    .with_leave(2),
                ))
            }
            _ => Transition::Stay,
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

    fn leave(&mut self, quit_program: bool, ctx: &mut Ctx) -> Transition {
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

    fn ask_leave(&mut self, quit_program: bool, ctx: &mut Ctx) -> Transition {
        if self.dirty && self.in_progress() {
            self.pending = Some(Pending::Leave { quit_program });
            Transition::Push(Box::new(
                Dialog::new(
                    "Leave the game",
                    &["Save before leaving?"],
                    &["Save", "Don't save", "Cancel"],
                )
                .with_cancel(2),
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

    fn start_hint(&mut self) {
        if self.history.current().outcome().is_some() {
            self.message = Some("The game is over.".into());
            return;
        }
        if self.computer_to_move().is_some() {
            self.message = Some("Hints are for a person's turn.".into());
            return;
        }
        let state = self.history.current().clone();
        let params = self.params.clone();
        if G::HAS_ENGINE {
            let seed = self.seed;
            self.work = Some(Work::Hint(Task::spawn(move |cancel| {
                G::engine_move(&state, &params, TOP_LEVEL, seed, cancel).map(|mv| HintAnswer {
                    mv: Some(mv),
                    message: "Suggested move marked.".into(),
                })
            })));
        } else {
            self.work = Some(Work::Hint(Task::spawn(move |cancel| {
                G::hint(&state, &params, cancel)
            })));
        }
        self.message = Some("Thinking about a hint…".into());
        self.next_step = Some(Instant::now() + POLL_EVERY);
    }

    fn start_solve(&mut self) {
        if self.history.current().outcome().is_some() {
            self.message = Some("The game is over.".into());
            return;
        }
        let state = self.history.current().clone();
        let params = self.params.clone();
        self.work = Some(Work::Solve(Task::spawn(move |cancel| {
            G::solve(&state, &params, cancel)
        })));
        self.message = Some("Solving…".into());
        self.next_step = Some(Instant::now() + POLL_EVERY);
    }

    /// Starts the computer's search when it is its turn and nothing else is going on.
    fn maybe_start_computer(&mut self) {
        if self.work.is_some() || self.pending.is_some() {
            return;
        }
        if let Some(level) = self.computer_to_move() {
            let state = self.history.current().clone();
            let params = self.params.clone();
            let seed = self.seed ^ 0x9e37_79b9_7f4a_7c15;
            self.work = Some(Work::Computer(
                Task::spawn(move |cancel| G::engine_move(&state, &params, level, seed, cancel)),
                Instant::now() + COMPUTER_PAUSE,
            ));
            self.next_step = Some(Instant::now() + POLL_EVERY);
        }
    }

    fn poll_work(&mut self) -> Transition {
        let Some(work) = self.work.take() else {
            return Transition::Stay;
        };
        match work {
            Work::Computer(task, not_before) => match task.poll() {
                Poll::Pending => self.work = Some(Work::Computer(task, not_before)),
                Poll::Ready(answer) => self.work = Some(Work::ComputerReady(answer, not_before)),
                Poll::Lost => self.message = Some("The computer found no move.".into()),
            },
            Work::ComputerReady(answer, not_before) => match answer {
                _ if Instant::now() < not_before => {
                    self.work = Some(Work::ComputerReady(answer, not_before));
                }
                Some(mv) => return self.play(&mv),
                None => self.message = Some("The computer found no move.".into()),
            },
            Work::Hint(task) => match task.poll() {
                Poll::Pending => self.work = Some(Work::Hint(task)),
                Poll::Ready(Some(answer)) => {
                    self.hint = answer.mv;
                    self.message = Some(answer.message);
                }
                Poll::Ready(None) | Poll::Lost => {
                    self.message = Some("No hint is available here.".into());
                }
            },
            Work::Solve(task) => match task.poll() {
                Poll::Pending => self.work = Some(Work::Solve(task)),
                Poll::Ready(Some(moves)) if !moves.is_empty() => {
                    self.message = Some(solution_message(moves.len()));
                    self.solution = moves.into();
                    self.next_step = Some(Instant::now() + SOLVE_STEP);
                }
                Poll::Ready(_) | Poll::Lost => {
                    self.message = Some("The solver found no solution from here.".into());
                }
            },
        }
        Transition::Stay
    }

    fn common_hints(&self, ctx: &Ctx) -> Vec<KeyHint> {
        let keys = &ctx.config.keymap;
        let mut hints = vec![
            KeyHint::new(keys.key_name(Action::Undo), "undo"),
            KeyHint::new(keys.key_name(Action::Redo), "redo"),
        ];
        if G::HAS_ENGINE || self.has_solver() {
            hints.push(KeyHint::new(keys.key_name(Action::Hint), "hint"));
        }
        if self.has_solver() {
            hints.push(KeyHint::new(keys.key_name(Action::Solve), "solve"));
        }
        hints.push(KeyHint::new(keys.key_name(Action::Save), "save"));
        hints.push(KeyHint::new(keys.key_name(Action::Help), "help"));
        hints.push(KeyHint::new(keys.key_name(Action::Quit), "leave"));
        hints
    }

    fn has_solver(&self) -> bool {
        G::SEAT_NAMES[0].is_empty()
    }

    /// The game's own hints, then the common ones whose key the game's current step has not
    /// taken over (Pentago's `r` turns a quadrant while a rotation is chosen, so the footer
    /// must not also offer `r redo` then).
    fn all_hints(&self, ctx: &Ctx) -> Vec<KeyHint> {
        let mut hints = self.board.key_hints(self.history.current(), ctx);
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

    /// Scrolls the history panel back (`PageUp`) or forward by `rows`, never before the first
    /// move nor past the latest.
    fn scroll_history(&mut self, action: Action, rows: usize, side: Rect, theme: &Theme) {
        let [_, moves_area] = self.side_split(side, theme);
        let latest = self.history_latest(moves_area);
        self.history_back = match action {
            Action::PageUp => (self.history_back + rows).min(latest),
            _ => self.history_back.saturating_sub(rows),
        };
    }

    fn handle_game_key(&mut self, action: Action, ctx: &mut Ctx) -> Transition {
        match action {
            Action::PageUp | Action::PageDown => {
                let side = self.layout(ctx.area).side;
                self.scroll_history(action, HISTORY_PAGE, side, &ctx.theme);
            }
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Save => self.request_save(None, ctx),
            Action::Hint => self.start_hint(),
            Action::Solve if self.has_solver() => self.start_solve(),
            Action::Help => {
                return Transition::Push(Box::new(
                    HelpOverlay::new(format!("{} — help", G::TITLE), G::HELP)
                        .with_keys(&self.all_hints(ctx)),
                ));
            }
            Action::Quit | Action::Back => return self.ask_leave(false, ctx),
            _ => {}
        }
        Transition::Stay
    }

    /// The side panel's two boxes: the game box (as tall as its lines) and the history below.
    /// Drawing and the history's scrolling both use it.
    fn side_split(&self, area: Rect, theme: &Theme) -> [Rect; 2] {
        let top_height = self.game_box_lines(area, theme).len() as u16 + 2;
        Layout::vertical([Constraint::Length(top_height), Constraint::Min(0)]).areas(area)
    }

    /// The first history row shown when not scrolled back: the window then ends at the
    /// current move.
    fn history_latest(&self, moves_area: Rect) -> usize {
        let visible = usize::from(moves_area.height.saturating_sub(2));
        self.history
            .applied()
            .max(visible)
            .saturating_sub(visible)
            .min(self.history.len().saturating_sub(visible))
    }

    /// The lines of the side panel's game box: players, the game's status lines, moves.
    fn game_box_lines(&self, area: Rect, theme: &Theme) -> Vec<Line<'static>> {
        let state = self.history.current();
        let mut lines: Vec<Line> = Vec::new();
        let to_move = state.to_move();
        for (i, player) in self.players.0.iter().enumerate() {
            let seat = if i == 0 { Seat::First } else { Seat::Second };
            let arrow = if to_move == Some(seat) {
                theme.glyph("▶ ", "> ")
            } else {
                "  "
            };
            let style = if seat == Seat::First {
                theme.first
            } else {
                theme.second
            };
            let label = G::seat_label(seat);
            let mut spans = vec![Span::styled(arrow, theme.selected)];
            if !label.is_empty() {
                spans.push(Span::styled(format!("{label} "), style));
            }
            // The name gets what the panel's border, the arrow and the label leave, and an
            // ellipsis when cut ("Computer (Beginner)" must not lose its bracket unseen).
            let used: usize = spans.iter().map(|span| span.content.chars().count()).sum();
            let room = usize::from(area.width.saturating_sub(2)).saturating_sub(used);
            spans.push(Span::styled(
                crate::ui::text::truncate(&player.name, room.min(20)),
                if to_move == Some(seat) {
                    theme.selected
                } else {
                    theme.text
                },
            ));
            lines.push(Line::from(spans));
        }
        if self.players.0.is_empty() {
            lines.push(Line::styled(G::describe(&self.params), theme.text));
        }
        for extra in G::status_lines(state, &self.params) {
            lines.push(Line::styled(extra, theme.text));
        }
        lines.push(Line::styled(
            format!("Moves played: {}", self.history.applied()),
            theme.dim,
        ));
        lines
    }

    fn render_side(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = &ctx.theme;
        let lines = self.game_box_lines(area, theme);
        let [top, moves_area] = self.side_split(area, theme);
        frame.render_widget(
            Paragraph::new(lines).block(
                Block::new()
                    .borders(Borders::ALL)
                    .border_set(theme.border_set())
                    .border_style(theme.border)
                    .title(Line::styled(" Game ", theme.title)),
            ),
            top,
        );
        let applied = self.history.applied();
        let entries: Vec<Line> = self
            .history
            .all_moves()
            .enumerate()
            .map(|(i, (before, mv))| {
                let seat = before
                    .to_move()
                    .map(G::seat_label)
                    .filter(|l| !l.is_empty())
                    .map(|l| format!("{l} "))
                    .unwrap_or_default();
                let text = format!("{:>3}. {seat}{}", i + 1, G::format_move(before, mv));
                let style = if i + 1 == applied {
                    theme.selected
                } else if i < applied {
                    theme.text
                } else {
                    theme.dim
                };
                let marker = if i + 1 == applied {
                    theme.glyph("◀", "<")
                } else {
                    ""
                };
                Line::from(vec![
                    Span::styled(text, style),
                    Span::styled(format!(" {marker}"), theme.selected),
                ])
            })
            .collect();
        // Normally the window ends at the current move; scrolled back, it starts earlier.
        let latest = self.history_latest(moves_area);
        let skip = latest.saturating_sub(self.history_back);
        let title = if skip < latest {
            format!(" History {} ", theme.glyph("↓", "v"))
        } else {
            " History ".to_string()
        };
        frame.render_widget(
            Paragraph::new(entries.into_iter().skip(skip).collect::<Vec<_>>()).block(
                Block::new()
                    .borders(Borders::ALL)
                    .border_set(theme.border_set())
                    .border_style(theme.border)
                    .title(Line::styled(title, theme.title)),
            ),
            moves_area,
        );
    }
}

impl<G: GameUi> Screen for GameScreen<G> {
    fn handle_event(&mut self, event: &Event, ctx: &mut Ctx) -> Transition {
        if !self.solution.is_empty() {
            self.solution.clear();
            self.message = Some("Solution stopped.".into());
            return Transition::Stay;
        }
        let layout = self.layout(ctx.area);
        if let Some(mouse) = event.mouse()
            && layout.side.contains(mouse.position())
        {
            let step = match mouse.kind {
                MouseKind::ScrollUp => Some(Action::PageUp),
                MouseKind::ScrollDown => Some(Action::PageDown),
                _ => None,
            };
            if let Some(action) = step {
                self.scroll_history(action, HISTORY_WHEEL, layout.side, &ctx.theme);
            }
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
            let view = board_view(&self.history, self.hint.as_ref(), &self.params, computer);
            self.board.handle_board(event, &view, layout.board)
        };
        let transition = match reply {
            BoardReply::Play(mv) if !computer => self.play(&mv),
            BoardReply::Play(_) => {
                self.message = None;
                Transition::Stay
            }
            BoardReply::Handled => {
                // The board moved on (cursor, selection): an old message would now mislead.
                self.message = None;
                Transition::Stay
            }
            BoardReply::Message(text) => {
                self.message = Some(text);
                Transition::Stay
            }
            BoardReply::Ignored => match event.action() {
                Some(action) => self.handle_game_key(action, ctx),
                None => Transition::Stay,
            },
        };
        if matches!(transition, Transition::Stay) {
            self.maybe_start_computer();
        }
        transition
    }

    fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = &ctx.theme;
        let need = self.min_size(ctx);
        if area.width < need.0 || area.height < need.1 {
            render_too_small(frame, area, need, theme);
            return;
        }
        let layout = self.layout(area);
        let header = Line::from(vec![
            Span::styled(format!(" {} ", G::TITLE), theme.title),
            // The game's name is already in the first span: a puzzle adds its parameters
            // ("Fortress", "3×3 from 1"), a two-player game its players.
            Span::styled(
                format!(
                    " {}",
                    if self.players.0.is_empty() {
                        G::describe(&self.params)
                    } else {
                        self.players.title()
                    }
                ),
                theme.dim,
            ),
        ]);
        frame.render_widget(Paragraph::new(header), layout.header);
        self.board
            .render_board(&self.view(), layout.board, frame.buffer_mut(), theme);
        self.render_side(frame, layout.side, ctx);
        let thinking = matches!(
            self.work,
            Some(Work::Computer(..) | Work::ComputerReady(..))
        );
        let (status, style) = if thinking {
            let spin = ["|", "/", "-", "\\"][self.spinner % 4];
            let level = self
                .computer_to_move()
                .map_or("", |l| LEVEL_NAMES[usize::from(l.clamp(1, TOP_LEVEL) - 1)]);
            // A message of the person's own action (a save) still shows beside the spinner.
            let message = self
                .message
                .as_ref()
                .map(|m| format!(" · {m}"))
                .unwrap_or_default();
            (
                format!(" {spin} Computer ({level}) is thinking…{message}"),
                theme.selected,
            )
        } else if let Some(message) = &self.message {
            (format!(" {message}"), theme.selected)
        } else if let Some(prompt) = self.board.prompt(self.history.current()) {
            (format!(" {} · {prompt}", self.turn_text()), theme.text)
        } else {
            (format!(" {}", self.turn_text()), theme.text)
        };
        // One row: a message longer than the terminal ends in an ellipsis, not mid-word.
        let status = Line::styled(
            crate::ui::text::truncate(&status, usize::from(layout.status.width)),
            style,
        );
        frame.render_widget(Paragraph::new(status), layout.status);
        frame.render_widget(
            Footer {
                hints: &self.all_hints(ctx),
                theme,
            },
            layout.footer,
        );
    }

    fn deadline(&self) -> Option<Instant> {
        let mut deadline = self.board.deadline();
        if self.work.is_some() || !self.solution.is_empty() {
            deadline = match (deadline, self.next_step) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
        if self.work.is_none()
            && self.pending.is_none()
            && self.solution.is_empty()
            && self.computer_to_move().is_some()
        {
            // The computer is on the move with nothing started yet (a game that opens on its
            // turn, before any input): wake at once so that `tick` starts it.
            let now = Instant::now();
            deadline = Some(deadline.map_or(now, |d| d.min(now)));
        }
        deadline
    }

    fn tick(&mut self, now: Instant, _ctx: &mut Ctx) -> Transition {
        self.board.tick(now);
        if self.work.is_none() && self.solution.is_empty() {
            self.maybe_start_computer();
        }
        if self.next_step.is_some_and(|t| t <= now) {
            self.spinner = self.spinner.wrapping_add(1);
            if let Some(mv) = self.solution.pop_front() {
                self.next_step = Some(now + SOLVE_STEP);
                let rest = std::mem::take(&mut self.solution);
                let index = self.history.applied();
                let transition = self.play(&mv);
                self.solver_from = Some(self.solver_from.map_or(index, |first| first.min(index)));
                if !matches!(transition, Transition::Stay) {
                    return transition;
                }
                self.solution = rest;
                // Playing a move clears the message; say again what is going on.
                self.message = Some(if self.solution.is_empty() {
                    "Solution played.".into()
                } else {
                    solution_message(self.solution.len())
                });
                return Transition::Stay;
            }
            self.next_step = Some(now + POLL_EVERY);
            let transition = self.poll_work();
            if !matches!(transition, Transition::Stay) {
                return transition;
            }
            self.maybe_start_computer();
        }
        Transition::Stay
    }

    fn resume(&mut self, reply: Option<Reply>, ctx: &mut Ctx) -> Transition {
        let pending = self.pending.take();
        let transition = match (pending, reply) {
            (Some(Pending::Leave { quit_program }), Some(Reply::Choice(0))) => {
                self.request_save(Some(quit_program), ctx);
                Transition::Stay
            }
            (Some(Pending::Leave { quit_program }), Some(Reply::Choice(1))) => {
                self.leave(quit_program, ctx)
            }
            (Some(Pending::GameOver), Some(Reply::Choice(0))) => {
                match Self::new(self.params.clone(), self.players.clone(), ctx) {
                    Ok(screen) => {
                        ctx.ending = Some(self.ending());
                        Transition::Replace(Box::new(screen))
                    }
                    Err(err) => {
                        self.message = Some(err);
                        Transition::Stay
                    }
                }
            }
            (Some(Pending::GameOver), Some(Reply::Choice(2))) => {
                ctx.ending = Some(self.ending());
                Transition::ToMenu
            }
            (Some(Pending::GameOver), Some(Reply::Choice(3))) => self.leave(true, ctx),
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
        };
        if matches!(transition, Transition::Stay) {
            self.maybe_start_computer();
        }
        transition
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

    fn check_invariants(&self) -> Result<Option<&'static str>, String> {
        let moves: Vec<Move<G>> = self.history.all_moves().map(|(_, mv)| mv.clone()).collect();
        let replayed =
            History::replay(self.history.start().clone(), &moves, self.history.applied())
                .map_err(|(index, err)| format!("move {} no longer replays: {err}", index + 1))?;
        if replayed.current() != self.history.current() {
            return Err("the current position differs from the replayed moves".into());
        }
        let state = self.history.current();
        for mv in state.legal_moves() {
            let mut next = state.clone();
            next.play(&mv)
                .map_err(|err| format!("a generated move {mv:?} is refused: {err}"))?;
        }
        if state.outcome().is_some() && !state.legal_moves().is_empty() {
            return Err("a finished game still offers moves".into());
        }
        // Saving and loading gives the same game.
        let saved = SavedGame::capture::<G>(&self.history, &self.players, &self.params);
        let (restored, _, _) = saved
            .restore::<G>()
            .map_err(|err| format!("the save does not load: {err}"))?;
        if restored.current() != self.history.current()
            || restored.applied() != self.history.applied()
        {
            return Err("the save loads into a different position".into());
        }
        Ok(Some(G::ID))
    }

    fn min_size(&self, _ctx: &Ctx) -> (u16, u16) {
        let (w, h) = self.board.board_size(self.history.current(), &self.params);
        (
            w.saturating_add(SIDE_WIDTH).max(60),
            h.saturating_add(3).max(16),
        )
    }
}

/// The read-only context a board sees, built from the screen's fields so the board itself can
/// be borrowed mutably at the same time.
/// The status while a solution plays: how many moves are left, and how to stop it.
fn solution_message(left: usize) -> String {
    let plural = if left == 1 { "move" } else { "moves" };
    format!("Playing a solution: {left} {plural} to go (any key stops)")
}

fn board_view<'a, G: GameUi>(
    history: &'a History<G::Rules>,
    hint: Option<&'a Move<G>>,
    params: &'a G::Params,
    computer_to_move: bool,
) -> BoardView<'a, G> {
    BoardView {
        state: history.current(),
        last: history.last_move(),
        hint,
        computer_to_move,
        params,
    }
}

/// Builds the game screen for a save and its summary: the registry's `open_save` for games
/// built on [`GameScreen`].
///
/// # Errors
/// [`SaveError`] for anything wrong in the file.
pub fn open_save<G: GameUi>(
    file: &SaveFile,
    ctx: &Ctx,
) -> Result<(SaveSummary, Box<dyn Screen>), SaveError> {
    let screen = GameScreen::<G>::from_save(file, ctx)?;
    Ok((screen.summary(), Box::new(screen)))
}

/// Whether the computer plays the seat to move (for tests that wait for its move).
#[must_use]
pub fn waiting_for_computer<G: GameUi>(screen: &GameScreen<G>) -> bool {
    screen.computer_to_move().is_some()
}

/// Converts an engine-less game's computer seats into people (a save naming the computer for
/// a game without an engine still loads).
#[must_use]
pub fn ensure_people(players: Players, fallbacks: [&str; 2]) -> Players {
    Players(
        players
            .0
            .into_iter()
            .enumerate()
            .map(|(i, p)| {
                if p.computer.is_some() {
                    super::players::Player::person("", fallbacks[i.min(1)])
                } else {
                    p
                }
            })
            .collect(),
    )
}
