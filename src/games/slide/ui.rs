//! Slide's part of the game screen: a cursor, a selected piece with its landings previewed,
//! moves by arrow key or by clicking a square in line, a short trail after each slide, and
//! hint/solve from the optimal solver.

use std::time::{Duration, Instant};

use ratatui::buffer::Buffer;

use super::game::{Params, SlideGame};
use super::rules::{Board, Cell, Dir, Move, SIZE, Square};
use super::view::{self, Marks};
use crate::core::Rules;
use crate::game_screen::{BoardReply, GameUi, ViewOf};
use crate::screen::{Ctx, KeyHint};
use crate::ui::input::{Action, Event, MouseKind};
use crate::ui::theme::Theme;

/// How long the trail of a slide stays on screen.
pub const ANIMATION: Duration = Duration::from_millis(300);

/// The board's UI state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlideUi {
    cursor: Square,
    selected: Option<Square>,
    /// Until when the last slide's trail is shown.
    animate_until: Option<Instant>,
    /// How long a slide's trail stays (`[ui] speed`; zero: no animation).
    animation: Duration,
}

impl SlideUi {
    fn select(&mut self, board: &Board, square: Square) -> BoardReply<Move> {
        self.cursor = square;
        match board.cell(square) {
            Cell::O | Cell::X if board.can_move(square) => {
                self.selected = Some(square);
                BoardReply::Handled
            }
            Cell::O | Cell::X => {
                BoardReply::Message("That piece cannot move in any direction.".into())
            }
            Cell::Empty | Cell::Goal => {
                BoardReply::Message("Select an O or an X piece first.".into())
            }
        }
    }

    fn try_move(board: &Board, from: Square, dir: Dir) -> BoardReply<Move> {
        let mv = Move { from, dir };
        match board.landing(&mv) {
            Ok(_) => BoardReply::Play(mv),
            Err(err) => BoardReply::Message(capitalize(&err.to_string())),
        }
    }
}

fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect::<String>() + "."
    })
}

/// The direction from `from` to `to` when they share a row or a column.
fn direction_to(from: Square, to: Square) -> Option<Dir> {
    match (from, to) {
        _ if from == to => None,
        ((fr, fc), (tr, tc)) if fr == tr => Some(if tc > fc { Dir::Right } else { Dir::Left }),
        ((fr, fc), (tr, tc)) if fc == tc => Some(if tr > fr { Dir::Down } else { Dir::Up }),
        _ => None,
    }
}

fn dir_of(action: Action) -> Option<Dir> {
    match action {
        Action::Up => Some(Dir::Up),
        Action::Down => Some(Dir::Down),
        Action::Left => Some(Dir::Left),
        Action::Right => Some(Dir::Right),
        _ => None,
    }
}

impl GameUi for SlideUi {
    type Game = SlideGame;

    fn new_ui(state: &Board, _params: &Params, ctx: &Ctx) -> Self {
        let cursor = state.squares_of(Cell::O).first().copied().unwrap_or((0, 0));
        Self {
            cursor,
            selected: None,
            animate_until: None,
            animation: ctx.config.speed.scale(ANIMATION),
        }
    }

    fn board_size(&self, _state: &Board, _params: &Params) -> (u16, u16) {
        view::board_size()
    }

    fn render_board(&self, view: &ViewOf<'_, Self>, buf: &mut Buffer, theme: &Theme) {
        let trail = match (self.animate_until, view.last) {
            (Some(_), Some((before, mv))) => view::path(before, mv),
            _ => Vec::new(),
        };
        let marks = Marks {
            // No cursor on a finished level, nor in a preview (drawn as if nobody's turn).
            cursor: (view.state.outcome().is_none() && !view.computer_to_move)
                .then_some(self.cursor),
            selected: self.selected,
            hint: view.hint.copied(),
            trail,
        };
        view::render(view.state, &marks, view.area, buf, theme);
    }

    fn handle_board(&mut self, event: &Event, view: &ViewOf<'_, Self>) -> BoardReply<Move> {
        let board = view.state;
        if let Some(mouse) = event.mouse() {
            if mouse.kind != MouseKind::Click {
                return BoardReply::Ignored;
            }
            let Some(square) = view::square_at(view.area, mouse.position()) else {
                return BoardReply::Ignored;
            };
            if board.outcome().is_some() {
                return BoardReply::Message("Solved! Undo, or leave with q.".into());
            }
            if matches!(board.cell(square), Cell::O | Cell::X) {
                return self.select(board, square);
            }
            return match self
                .selected
                .and_then(|from| direction_to(from, square).map(|d| (from, d)))
            {
                Some((from, dir)) => Self::try_move(board, from, dir),
                None if self.selected.is_some() => BoardReply::Message(
                    "Click a square in the same row or column as the selected piece.".into(),
                ),
                None => BoardReply::Message("Click an O or an X piece first.".into()),
            };
        }
        let Some(action) = event.action() else {
            return BoardReply::Ignored;
        };
        if board.outcome().is_some() {
            return BoardReply::Ignored;
        }
        match (self.selected, action) {
            (Some(from), action) if dir_of(action).is_some() => {
                let dir = dir_of(action).expect("checked just above");
                Self::try_move(board, from, dir)
            }
            (Some(_), Action::Back) => {
                self.selected = None;
                BoardReply::Handled
            }
            (Some(from), Action::Confirm) if from == self.cursor => {
                self.selected = None;
                BoardReply::Handled
            }
            (_, Action::Confirm) => self.select(board, self.cursor),
            (None, action) => {
                match dir_of(action).and_then(|dir| super::rules::step(self.cursor, dir)) {
                    Some(next) => {
                        self.cursor = next;
                        BoardReply::Handled
                    }
                    None if dir_of(action).is_some() => BoardReply::Handled,
                    None => BoardReply::Ignored,
                }
            }
            _ => BoardReply::Ignored,
        }
    }

    fn reset(&mut self, state: &Board) {
        if let Some(selected) = self.selected {
            self.cursor = selected;
        }
        self.selected = None;
        self.animate_until = (!self.animation.is_zero()).then(|| Instant::now() + self.animation);
        let (row, col) = self.cursor;
        if usize::from(row) >= SIZE || usize::from(col) >= SIZE {
            self.cursor = (0, 0);
        }
        let _ = state;
    }

    fn key_hints(&self, _state: &Board, ctx: &Ctx) -> Vec<KeyHint> {
        let keys = &ctx.config.keymap;
        if self.selected.is_some() {
            vec![
                KeyHint::new("←↑↓→", "move piece"),
                KeyHint::new(keys.key_name(Action::Back), "unselect").sends(Action::Back),
            ]
        } else {
            vec![
                KeyHint::new("←↑↓→", "cursor"),
                KeyHint::new(keys.key_name(Action::Confirm), "select").sends(Action::Confirm),
            ]
        }
    }

    fn prompt(&self, state: &Board) -> Option<String> {
        if state.outcome().is_some() {
            return None;
        }
        Some(match self.selected {
            Some(square) => format!(
                "{} at {}: an arrow key or a click in line moves it",
                state.cell(square).symbol(),
                super::notation::arcade_square(square)
            ),
            None => "Select an O or X piece (Enter or click)".to_string(),
        })
    }

    fn move_label(&self, before: &Board, mv: &Move) -> String {
        super::notation::format_arcade(before, mv)
    }

    fn deadline(&self) -> Option<Instant> {
        self.animate_until
    }

    fn tick(&mut self, now: Instant) {
        if self.animate_until.is_some_and(|until| now >= until) {
            self.animate_until = None;
        }
    }
}
