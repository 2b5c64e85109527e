//! Connect Four's part of the game screen: a drop cursor over the columns.

use std::time::Duration;

use ratatui::buffer::Buffer;

use super::game::{ConnectFourGame, Params};
use super::rules::{Board, COLS, ROWS};
use super::view::{self, Marks};
use crate::core::Rules;
use crate::game_screen::{BoardReply, Frames, GameUi, ViewOf};
use crate::screen::{Ctx, KeyHint};
use crate::ui::board_colors::BoardPaints;
use crate::ui::input::{Action, Event, MouseKind};
use crate::ui::square_board::BoardSpec;
use crate::ui::theme::Theme;

/// How long the falling token stays on each row (at the normal speed).
const FALL_STEP: Duration = Duration::from_millis(50);

/// The board's UI state: the drop cursor and the hovered column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConnectFourUi {
    cursor: u8,
    hover: Option<u8>,
}

impl GameUi for ConnectFourUi {
    type Game = ConnectFourGame;

    fn new_ui(_state: &Board, _params: &Params, _ctx: &Ctx) -> Self {
        Self {
            cursor: 3,
            hover: None,
        }
    }

    fn board_spec(&self, _state: &Board, _params: &Params) -> Option<BoardSpec> {
        Some(view::SPEC)
    }

    fn render_board(&self, view: &ViewOf<'_, Self>, buf: &mut Buffer, theme: &Theme) {
        if let Some(motion) = &view.motion {
            // The drop in motion: the position before it, the token a row lower each picture.
            let column = usize::from(*motion.mv);
            let marks = Marks {
                cursor: self.cursor,
                hover: None,
                last: None,
                hint: None,
                active: false,
                falling: Some((column, ROWS - 1 - motion.index, motion.before.side())),
            };
            view::render(motion.before, &marks, view.area, buf, theme);
            return;
        }
        let marks = Marks {
            cursor: self.cursor,
            hover: self.hover,
            last: view.last.map(|(_, column)| *column),
            hint: view.hint.copied(),
            active: !view.computer_to_move,
            falling: None,
        };
        view::render(view.state, &marks, view.area, buf, theme);
    }

    /// The token falls from the top row to the one above where it lands, a row a picture.
    fn motion(&self, before: &Board, column: &u8) -> Frames {
        let landing = before.height(usize::from(*column));
        Frames::within_budget(ROWS.saturating_sub(landing + 1), FALL_STEP)
    }

    fn handle_board(&mut self, event: &Event, view: &ViewOf<'_, Self>) -> BoardReply<u8> {
        if let Some(mouse) = event.mouse() {
            let column =
                view::geometry(view.area).and_then(|geo| view::column_at(&geo, mouse.position()));
            return match (mouse.kind, column) {
                (MouseKind::Click, Some(column)) => {
                    self.cursor = column;
                    self.drop(view.state, column)
                }
                (MouseKind::Hover, column) => {
                    self.hover = column;
                    BoardReply::Handled
                }
                _ => BoardReply::Ignored,
            };
        }
        if let Some(digit) = event.text().and_then(|c| c.to_digit(10))
            && (1..=COLS as u32).contains(&digit)
        {
            self.cursor = digit as u8 - 1;
            return self.drop(view.state, self.cursor);
        }
        match event.action() {
            Some(Action::Left) => {
                self.cursor = self.cursor.saturating_sub(1);
                BoardReply::Handled
            }
            Some(Action::Right) => {
                self.cursor = (self.cursor + 1).min(COLS as u8 - 1);
                BoardReply::Handled
            }
            Some(Action::Home) => {
                self.cursor = 0;
                BoardReply::Handled
            }
            Some(Action::End) => {
                self.cursor = COLS as u8 - 1;
                BoardReply::Handled
            }
            Some(Action::Confirm | Action::Down) => self.drop(view.state, self.cursor),
            _ => BoardReply::Ignored,
        }
    }

    fn reset(&mut self, _state: &Board) {}

    const PAINTS: Option<&'static BoardPaints> = Some(&view::PAINTS);

    fn key_hints(&self, _state: &Board, ctx: &Ctx) -> Vec<KeyHint> {
        let keys = &ctx.config.keymap;
        vec![
            KeyHint::new(keys.key_names(&[Action::Left, Action::Right]), "column"),
            KeyHint::new(
                format!(
                    "{}/{}",
                    keys.key_name(Action::Confirm),
                    keys.key_name(Action::Down)
                ),
                "drop",
            )
            .sends(Action::Confirm),
        ]
    }
}

impl ConnectFourUi {
    fn drop(&self, board: &Board, column: u8) -> BoardReply<u8> {
        if board.outcome().is_some() {
            BoardReply::GameOver
        } else if board.legal_moves().contains(&column) {
            BoardReply::Play(column)
        } else {
            BoardReply::Message(format!("Column {} is full.", column + 1))
        }
    }
}

impl crate::games::screen_entry::ScreenRegistration for super::ConnectFour {
    type Ui = ConnectFourUi;
}

/// Connect Four's puzzles are drawn on its own board.
impl crate::games::position::PuzzleBoard for super::puzzle::Puzzles {
    type Ui = ConnectFourUi;
}
