//! Slide's part of the game screen: a cursor, a selected piece with its landings previewed,
//! moves by arrow key or by clicking a square in line, a short trail after each slide, and
//! hint/solve from the optimal solver.

use std::time::Duration;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::game::{Params, SlideGame};
use super::notation::SlideSquares;
use super::rules::{Board, Cell, Dir, Move, SIZE, Square};
use super::view::{self, Marks};
use crate::core::{Coordinates, Rules};
use crate::game_screen::{BoardReply, Frames, GameUi, ViewOf};
use crate::screen::{Ctx, KeyHint};
use crate::ui::board_colors::BoardPaints;
use crate::ui::input::{Action, Event, MouseKind};
use crate::ui::theme::Theme;

/// How long the trail of a slide stays on screen at the normal `[ui] speed` (the game screen's
/// motion clock keeps it: one picture, the trail, then the board without it).
pub const ANIMATION: Duration = Duration::from_millis(300);

/// The board's UI state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlideUi {
    cursor: Square,
    selected: Option<Square>,
    /// `[ui] coordinates`: how the status line, refusals and history name squares.
    names: Coordinates,
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

    fn try_move(&self, board: &Board, from: Square, dir: Dir) -> BoardReply<Move> {
        let mv = Move { from, dir };
        let name = |square| self.names.name::<SlideSquares>(square);
        match board.landing_named(&mv, &name) {
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
    const PAINTS: Option<&'static BoardPaints> = Some(&view::PAINTS);

    fn new_ui(state: &Board, _params: &Params, ctx: &Ctx) -> Self {
        let cursor = state.squares_of(Cell::O).first().copied().unwrap_or((0, 0));
        Self {
            cursor,
            selected: None,
            names: ctx.config.coordinates,
        }
    }

    fn board_size(&self, _state: &Board, _params: &Params) -> (u16, u16) {
        view::board_size()
    }

    fn board_extent(&self, _state: &Board, _params: &Params, area: Rect) -> (u16, u16) {
        view::extent(area)
    }

    fn render_board(&self, view: &ViewOf<'_, Self>, buf: &mut Buffer, theme: &Theme) {
        let trail = view
            .motion
            .as_ref()
            .map_or_else(Vec::new, |frame| view::path(frame.before, frame.mv));
        let marks = Marks {
            // No cursor on a finished level, nor in a preview (drawn as if nobody's turn).
            cursor: (view.state.outcome().is_none() && !view.computer_to_move)
                .then_some(self.cursor),
            selected: self.selected,
            hint: view.hint.copied(),
            trail,
            names: self.names,
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
                Some((from, dir)) => self.try_move(board, from, dir),
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
                self.try_move(board, from, dir)
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
                self.names.name::<SlideSquares>(square)
            ),
            None => "Select an O or X piece (Enter or click)".to_string(),
        })
    }

    fn move_label(&self, before: &Board, mv: &Move) -> String {
        super::notation::format_named(before, mv, self.names)
    }

    fn motion(&self, _before: &Board, _mv: &Move) -> Frames {
        // One picture: the slide's trail, for the motion's time, then the board without it.
        Frames::within_budget(1, ANIMATION)
    }
}
