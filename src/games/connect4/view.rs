//! The Connect Four board on screen: geometry (shared by drawing and hit-testing) and drawing.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;

use super::rules::{Board, COLS, ROWS};
use crate::core::{Rules, Seat};
use crate::ui::grid::{CellShape, Grid};
use crate::ui::theme::Theme;

/// Cells three columns wide with a frame line between them.
pub const SHAPE: CellShape = CellShape {
    width: 3,
    height: 1,
    gap_x: 1,
    gap_y: 1,
};

/// Where everything of the board is: the drop indicator row above, the grid, the labels below.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry {
    /// The cells, row 0 at the top (= board row 5).
    pub grid: Grid,
    /// The row above the frame where the drop cursor is drawn.
    pub indicator_y: u16,
    /// The row below the frame with column numbers.
    pub labels_y: u16,
}

/// The board's outer size: grid, frame, indicator row and labels.
#[must_use]
pub fn board_size() -> (u16, u16) {
    let (w, h) = Grid::size_of(COLS as u16, ROWS as u16, SHAPE);
    (w + 2, h + 4)
}

/// Lays the board out in `area`, centred; `None` if it does not fit.
#[must_use]
pub fn geometry(area: Rect) -> Option<Geometry> {
    let (w, h) = board_size();
    if area.width < w || area.height < h {
        return None;
    }
    let inner = Rect::new(
        area.x + (area.width - w) / 2 + 1,
        area.y + (area.height - h) / 2 + 2,
        w - 2,
        h - 4,
    );
    let grid = Grid::centered(inner, COLS as u16, ROWS as u16, SHAPE)?;
    Some(Geometry {
        grid,
        indicator_y: grid.y - 2,
        labels_y: grid.area().bottom() + 1,
    })
}

impl Geometry {
    /// The column under a mouse position: any cell of the column, the frame between rows, the
    /// indicator above or the label below.
    #[must_use]
    pub fn column_at(&self, pos: Position) -> Option<u8> {
        let probe = Position {
            x: pos.x,
            y: self.grid.y,
        };
        let in_rows = pos.y >= self.indicator_y && pos.y <= self.labels_y;
        if !in_rows {
            return None;
        }
        self.grid.hit(probe).map(|(col, _)| col as u8)
    }

    /// The screen rectangle of the board cell at (column, row from the bottom).
    #[must_use]
    pub fn cell(&self, col: usize, row: usize) -> Rect {
        self.grid.cell(col as u16, (ROWS - 1 - row) as u16)
    }
}

/// What to draw besides the tokens.
pub struct Marks {
    /// The keyboard cursor's column.
    pub cursor: u8,
    /// The column under the mouse.
    pub hover: Option<u8>,
    /// The column of the last move.
    pub last: Option<u8>,
    /// A suggested column.
    pub hint: Option<u8>,
    /// Whether a person may drop now (the cursor is hidden while the computer moves).
    pub active: bool,
}

/// The glyph of a token: shape differs by seat, so colour is never the only cue.
#[must_use]
pub fn token_glyph(seat: Seat, theme: &Theme) -> &'static str {
    match seat {
        Seat::First => theme.glyph("●", "x"),
        Seat::Second => theme.glyph("○", "o"),
    }
}

fn seat_style(seat: Seat, theme: &Theme) -> Style {
    match seat {
        Seat::First => theme.first,
        Seat::Second => theme.second,
    }
}

/// Draws the board and its marks.
pub fn render(board: &Board, marks: &Marks, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let Some(geo) = geometry(area) else { return };
    geo.grid.draw_lattice(buf, theme.border, theme.ascii);
    let winning = board.winning_line();
    for col in 0..COLS {
        for row in 0..ROWS {
            let rect = geo.cell(col, row);
            let text = match board.at(col, row) {
                Some(seat) => {
                    let glyph = token_glyph(seat, theme);
                    let in_line = winning.is_some_and(|line| line.contains(&(col, row)));
                    let is_last = marks.last == Some(col as u8) && board.height(col) == row + 1;
                    let (open, close, style) = if in_line {
                        ("*", "*", seat_style(seat, theme).patch(theme.good))
                    } else if is_last {
                        ("[", "]", seat_style(seat, theme))
                    } else {
                        (" ", " ", seat_style(seat, theme))
                    };
                    buf.set_string(rect.x, rect.y, format!("{open}{glyph}{close}"), style);
                    continue;
                }
                None => {
                    let landing = board.height(col) == row;
                    if landing && marks.hint == Some(col as u8) {
                        ("<?>", theme.mark)
                    } else if landing
                        && marks.active
                        && board.outcome().is_none()
                        && marks.cursor == col as u8
                    {
                        (" · ", theme.dim)
                    } else {
                        ("   ", theme.text)
                    }
                }
            };
            buf.set_string(rect.x, rect.y, text.0, text.1);
        }
        let label_rect = geo.grid.cell(col as u16, 0);
        let label_style = if marks.hover == Some(col as u8) {
            theme.hover
        } else {
            theme.dim
        };
        buf.set_string(
            label_rect.x + 1,
            geo.labels_y,
            (col + 1).to_string(),
            label_style,
        );
        if marks.active && board.outcome().is_none() {
            let (arrow, style) = if marks.cursor == col as u8 {
                let seat = board.to_move().unwrap_or(Seat::First);
                (
                    format!("{}{}", theme.glyph("▼", "v"), token_glyph(seat, theme)),
                    theme.cursor,
                )
            } else if marks.hover == Some(col as u8) {
                (theme.glyph(" ▽ ", " v ").to_string(), theme.hover)
            } else {
                continue;
            };
            buf.set_string(label_rect.x, geo.indicator_y, arrow, style);
        }
    }
}
