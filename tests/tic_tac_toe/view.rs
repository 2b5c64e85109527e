//! The board on screen: 3×3 squares with row numbers and column letters, drawn and hit-tested
//! through one geometry (the shared square board's).

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Color;

use super::rules::{Board, Square};
use parlor::core::Seat;
use parlor::ui::board_colors::BoardPaints;
use parlor::ui::palette::Paint;
use parlor::ui::square_board::{BoardGeometry, BoardSpec, CellText};
use parlor::ui::theme::Theme;

/// Paper: red x and blue o on cream squares with dark lines.
pub const PAINTS: BoardPaints = BoardPaints {
    square: Paint::new(255, 255, 215, Color::White),
    other: Paint::new(255, 255, 215, Color::White),
    other_holds_pieces: false,
    pieces_are_text: true,
    frame: Paint::new(255, 255, 215, Color::White),
    lines: Paint::new(95, 95, 95, Color::Black),
    first: Paint::new(175, 0, 0, Color::Red),
    second: Paint::new(0, 0, 175, Color::Blue),
    third: Paint::new(0, 0, 0, Color::Black),
    hole: Paint::new(255, 255, 215, Color::White),
    mark: Paint::new(0, 95, 0, Color::Black),
    note: Paint::new(95, 95, 95, Color::Black),
};

/// The board: 3×3 squares, row numbers on the left, column letters below.
pub const SPEC: BoardSpec = BoardSpec::new((3, 3), 1, true, (0, 0));

/// Where the board is in `area`, in the largest tier that fits.
#[must_use]
pub fn geometry(area: Rect) -> Option<BoardGeometry> {
    BoardGeometry::fit(SPEC, area)
}

/// The square under a terminal position.
#[must_use]
pub fn square_at(geo: &BoardGeometry, pos: Position) -> Option<Square> {
    geo.square_at(pos).map(|(x, y)| (x as u8, y as u8))
}

/// What to draw besides the marks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Marks {
    /// The keyboard cursor (none while the computer thinks).
    pub cursor: Option<Square>,
    /// The square under the mouse.
    pub hover: Option<Square>,
    /// The last move.
    pub last: Option<Square>,
    /// The suggested move.
    pub hint: Option<Square>,
}

/// Draws the board in `area` (nothing if it does not fit).
pub fn render(board: &Board, marks: Marks, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let Some(geo) = geometry(area) else { return };
    let paper = theme.board(&PAINTS);
    geo.draw_frame_in(
        buf,
        theme,
        paper.map_or(theme.border, |p| p.lattice()),
        |y| (y + 1).to_string(),
        |x| ((char::from(b'a' + x as u8)).to_string(), theme.dim),
    );
    for square in Board::squares() {
        let (text, style) = match board.at(square) {
            Some(seat) => {
                let glyph = if seat == Seat::First { "x" } else { "o" };
                let style = paper.map_or(
                    if seat == Seat::First {
                        theme.first
                    } else {
                        theme.second
                    },
                    |p| p.seat(seat),
                );
                if marks.last == Some(square) {
                    (CellText::marked("[", glyph, "]"), style)
                } else {
                    (CellText::piece(glyph), style)
                }
            }
            None if marks.hint == Some(square) => (
                CellText::HINT,
                paper.map_or(theme.mark, |p| p.on_square(theme.mark, p.mark)),
            ),
            None => (
                CellText::EMPTY,
                paper.map_or(theme.text, |p| p.on_square(theme.text, p.note)),
            ),
        };
        let style = if marks.cursor == Some(square) {
            style.patch(theme.cursor)
        } else if marks.hover == Some(square) {
            style.patch(theme.hover)
        } else {
            style
        };
        geo.draw_cell(
            buf,
            geo.cell(u16::from(square.0), u16::from(square.1)),
            text,
            style,
        );
    }
}
