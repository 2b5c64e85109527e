//! Tic-tac-toe's part of the game screen: a square cursor (arrows, Enter, clicks).

use ratatui::buffer::Buffer;

use super::game::{Params, TicTacToeGame};
use super::rules::{Board, Square};
use super::view::{self, Marks};
use parlor::core::Rules;
use parlor::game_screen::{BoardReply, GameUi, ViewOf};
use parlor::games::screen_entry::ScreenRegistration;
use parlor::screen::{Ctx, KeyHint};
use parlor::ui::board_colors::BoardPaints;
use parlor::ui::cursor::{CursorInput, SquareCursor};
use parlor::ui::input::{Action, Event};
use parlor::ui::square_board::BoardSpec;
use parlor::ui::theme::Theme;

/// The board's UI state: the cursor (and the square under the mouse).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TicTacToeUi {
    cursor: SquareCursor,
}

impl TicTacToeUi {
    fn mark(board: &Board, square: Square) -> BoardReply<Square> {
        if board.outcome().is_some() {
            BoardReply::GameOver
        } else if board.legal_moves().contains(&square) {
            BoardReply::Play(square)
        } else {
            BoardReply::Message("That square is taken.".into())
        }
    }
}

impl GameUi for TicTacToeUi {
    type Game = TicTacToeGame;
    const PAINTS: Option<&'static BoardPaints> = Some(&view::PAINTS);

    fn new_ui(_state: &Board, _params: &Params, _ctx: &Ctx) -> Self {
        Self {
            cursor: SquareCursor::new((1, 1), (3, 3)),
        }
    }

    fn board_spec(&self, _state: &Board, _params: &Params) -> Option<BoardSpec> {
        Some(view::SPEC)
    }

    fn render_board(&self, view: &ViewOf<'_, Self>, buf: &mut Buffer, theme: &Theme) {
        let marks = Marks {
            cursor: (!view.computer_to_move).then_some(self.cursor.at),
            hover: self.cursor.hover,
            last: view.last.map(|(_, mv)| *mv),
            hint: view.hint.copied(),
        };
        view::render(view.state, marks, view.area, buf, theme);
    }

    fn handle_board(&mut self, event: &Event, view: &ViewOf<'_, Self>) -> BoardReply<Square> {
        let geo = view::geometry(view.area);
        let square_at = |pos| geo.as_ref().and_then(|geo| view::square_at(geo, pos));
        match self.cursor.handle(event, square_at) {
            CursorInput::Moved => BoardReply::Handled,
            CursorInput::Chosen(square) => Self::mark(view.state, square),
            CursorInput::ClickedOff | CursorInput::Other => BoardReply::Ignored,
        }
    }

    fn reset(&mut self, _state: &Board) {}

    fn key_hints(&self, _state: &Board, ctx: &Ctx) -> Vec<KeyHint> {
        let keys = &ctx.config.keymap;
        vec![
            KeyHint::new(
                keys.key_names(&[Action::Left, Action::Right, Action::Up, Action::Down]),
                "move",
            ),
            KeyHint::new(keys.key_name(Action::Confirm), "mark").sends(Action::Confirm),
        ]
    }
}

impl ScreenRegistration for super::TicTacToe {
    type Ui = TicTacToeUi;
}
