//! Connect Four's part of the game screen: a drop cursor over the columns.

use std::sync::atomic::AtomicBool;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use serde::{Deserialize, Serialize};

use super::notation;
use super::rules::{Board, COLS};
use super::view::{self, Marks};
use crate::core::{NotationError, Rules, Seat};
use crate::game::{BoardReply, BoardView, GameUi};
use crate::screen::{Ctx, KeyHint};
use crate::ui::input::{Action, Event, MouseKind};
use crate::ui::theme::Theme;

/// A new game's parameters: where it starts (an imported position, or the empty board).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Params {
    /// The start position as a position text; absent for the empty board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
}

/// The board's UI state: the drop cursor and the hovered column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConnectFourUi {
    cursor: u8,
    hover: Option<u8>,
}

impl GameUi for ConnectFourUi {
    type Rules = Board;
    type Params = Params;

    const ID: &'static str = "connect4";
    const TITLE: &'static str = "Connect Four";
    const HELP: &'static str = include_str!("../../../assets/help/connect4.md");
    const SEAT_NAMES: [&'static str; 2] = ["Player 1", "Player 2"];

    fn start(params: &Params) -> Result<Board, String> {
        match &params.start {
            None => Ok(Board::new()),
            Some(text) => notation::parse_position(text).map_err(|e| e.to_string()),
        }
    }

    fn format_move(_before: &Board, column: &u8) -> String {
        notation::format_move(*column)
    }

    fn parse_move(_before: &Board, text: &str) -> Result<u8, NotationError> {
        notation::parse_move(text)
    }

    fn rows(state: &Board) -> Vec<String> {
        notation::rows(state)
    }

    fn seat_label(seat: Seat) -> &'static str {
        match seat {
            Seat::First => "x",
            Seat::Second => "o",
        }
    }

    fn new_ui(_state: &Board, _params: &Params, _ctx: &Ctx) -> Self {
        Self {
            cursor: 3,
            hover: None,
        }
    }

    fn board_size(&self, _state: &Board, _params: &Params) -> (u16, u16) {
        view::board_size()
    }

    fn render_board(
        &self,
        view: &BoardView<'_, Self>,
        area: Rect,
        buf: &mut Buffer,
        theme: &Theme,
    ) {
        let marks = Marks {
            cursor: self.cursor,
            hover: self.hover,
            last: view.last.map(|(_, column)| *column),
            hint: view.hint.copied(),
            active: !view.computer_to_move,
        };
        view::render(view.state, &marks, area, buf, theme);
    }

    fn handle_board(
        &mut self,
        event: &Event,
        view: &BoardView<'_, Self>,
        area: Rect,
    ) -> BoardReply<u8> {
        if let Some(mouse) = event.mouse() {
            let column = view::geometry(area).and_then(|geo| geo.column_at(mouse.position()));
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
            ),
        ]
    }

    const HAS_ENGINE: bool = true;

    fn engine_move(
        state: &Board,
        _params: &Params,
        level: u8,
        seed: u64,
        cancel: &AtomicBool,
    ) -> Option<u8> {
        use super::engine;
        let rows: Vec<Vec<Option<Seat>>> = (0..super::rules::ROWS)
            .map(|row| (0..COLS).map(|col| state.at(col, row)).collect())
            .collect();
        let position = engine::Position::from_grid(&rows, state.side()).ok()?;
        let level = engine::Level::try_from(level).ok()?;
        // The interactive budget keeps Master's early moves to seconds, not minutes.
        engine::choose_move(
            &position,
            level,
            seed,
            cancel,
            Some(engine::INTERACTIVE_BUDGET),
        )
        .map(|column| column as u8)
    }
}

impl ConnectFourUi {
    fn drop(&self, board: &Board, column: u8) -> BoardReply<u8> {
        if board.outcome().is_some() {
            BoardReply::Message("The game is over: undo, or leave with q.".into())
        } else if board.legal_moves().contains(&column) {
            BoardReply::Play(column)
        } else {
            BoardReply::Message(format!("Column {} is full.", column + 1))
        }
    }
}
