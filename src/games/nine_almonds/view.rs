//! The Nine Almonds board on screen: one geometry function shared by drawing and mouse
//! hit-testing, and the drawing itself.
//!
//! ```text
//! 4 │   │   │   │   │   │      axis labels as in the seed (x,y from the lower left),
//! 3 │   │ ● │ ● │ ● │   │      almonds ●, the selected or chaining almond [●],
//! 2 │ ○ │ ● │[●]│ ● │ ○ │      its landing squares ○, a hint <●> → <?>,
//! …                            the cursor as a highlighted cell.
//! X   0   1   2   3   4
//! ```

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::{Color, Style};

use super::rules::{Move, NineAlmonds, SIZE, Square};
use crate::ui::board_colors::BoardPaints;
use crate::ui::palette::Paint;
use crate::ui::square_board::{BoardGeometry, BoardSpec, CellText};
use crate::ui::theme::Theme;

// xterm-256 cube and grey-ramp colours, so the 256-colour palette shows exactly what
// truecolor does; the 16-colour stand-ins are chosen for xterm's default values.
/// Nine Almonds: brown almonds on a tan board.
pub const PAINTS: BoardPaints = BoardPaints {
    square: Paint::new(215, 175, 135, Color::Yellow),
    other: Paint::new(215, 175, 135, Color::Yellow),
    other_holds_pieces: false,
    pieces_are_text: false,
    frame: Paint::new(175, 135, 95, Color::Yellow),
    lines: Paint::new(135, 95, 0, Color::Black),
    first: Paint::new(95, 0, 0, Color::Black),
    second: Paint::new(95, 0, 0, Color::Black),
    third: Paint::new(95, 0, 0, Color::Black),
    hole: Paint::new(215, 175, 135, Color::Yellow),
    mark: Paint::new(0, 0, 135, Color::Blue),
    note: Paint::new(0, 0, 135, Color::Blue),
};

/// The board: 5×5 squares, `y` labels on the left, `x` labels (and the seed's `X`) below.
pub const SPEC: BoardSpec = BoardSpec::new((SIZE as u16, SIZE as u16), 1, true, (0, 0));

/// Where the board is (the shared labelled-board geometry).
pub type Geometry = BoardGeometry;

/// Lays the board out centred in `area` in the largest tier that fits; `None` if it does not
/// fit.
#[must_use]
pub fn geometry(area: Rect) -> Option<Geometry> {
    BoardGeometry::fit(SPEC, area)
}

/// The square under a terminal position (frame lines and labels hit nothing).
#[must_use]
pub fn square_at(geo: &Geometry, pos: Position) -> Option<Square> {
    let (x, y) = geo.square_at(pos)?;
    Square::new(x as u8, y as u8)
}

/// The screen rectangle of a square.
#[must_use]
pub fn cell(geo: &Geometry, square: Square) -> Rect {
    geo.cell(u16::from(square.x()), u16::from(square.y()))
}

/// What to draw besides the almonds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Marks {
    /// The keyboard cursor.
    pub cursor: Option<Square>,
    /// The square under the mouse.
    pub hover: Option<Square>,
    /// The almond that is selected or in the middle of a chain.
    pub active: Option<Square>,
    /// Where the active almond can land.
    pub landings: Vec<Square>,
    /// The solver's suggestion.
    pub hint: Option<Move>,
}

/// Draws the board and its marks in `area` (nothing if it does not fit; the game screen says
/// how big the terminal must be).
pub fn render(position: &NineAlmonds, marks: &Marks, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let Some(geo) = geometry(area) else { return };
    let paint = theme.board(&PAINTS);
    geo.draw_frame_in(
        buf,
        theme,
        paint.map_or(theme.border, |p| p.lattice()),
        |y| y.to_string(),
        |x| (x.to_string(), theme.dim),
    );
    buf.set_string(geo.outer.x, geo.labels_y(), "X", theme.dim);
    let almond = theme.glyph("●", "A");
    let landing = theme.glyph("○", "o");
    let (hint_from, hint_to) = match marks.hint {
        Some(Move::Jump { from, to }) => (Some(from), Some(to)),
        Some(Move::EndTurn) => (marks.active, None),
        None => (None, None),
    };
    for square in Square::all() {
        let (text, style): (CellText, Style) = if hint_from == Some(square) {
            (CellText::marked("<", almond, ">"), theme.mark)
        } else if hint_to == Some(square) {
            (CellText::HINT, theme.mark)
        } else if position.has_almond(square) {
            if marks.active == Some(square) {
                (CellText::marked("[", almond, "]"), theme.selected)
            } else {
                (CellText::piece(almond), theme.text)
            }
        } else if marks.landings.contains(&square) {
            (CellText::marker(landing), theme.mark)
        } else {
            (CellText::EMPTY, theme.text)
        };
        // On the tan board almonds keep their brown (brackets mark them); markers are dark.
        let style = paint.map_or(style, |p| {
            let almond = matches!(text, CellText::Piece { .. });
            p.on_square(style, if almond { p.first } else { p.mark })
        });
        let style = if marks.cursor == Some(square) {
            style.patch(theme.cursor)
        } else if marks.hover == Some(square) {
            style.patch(theme.hover)
        } else {
            style
        };
        geo.draw_cell(buf, cell(&geo, square), text, style);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hit_testing_finds_every_square_at_its_drawn_cell() {
        let (w, h) = SPEC.framed_size();
        let area = Rect::new(3, 2, w + 7, h + 4);
        let geo = geometry(area).expect("fits");
        for square in Square::all() {
            let rect = cell(&geo, square);
            for dx in 0..rect.width {
                let pos = Position::new(rect.x + dx, rect.y);
                assert_eq!(square_at(&geo, pos), Some(square));
            }
            // The frame line right of a cell belongs to no square.
            assert_eq!(
                square_at(&geo, Position::new(rect.x + rect.width, rect.y)),
                None
            );
        }
        // Labels are not squares.
        assert_eq!(
            square_at(&geo, Position::new(geo.outer.x, geo.grid.y)),
            None
        );
        let (w, h) = SPEC.min_size();
        assert_eq!(geometry(Rect::new(0, 0, w - 1, h)), None);
        assert_eq!(geometry(Rect::new(0, 0, w, h - 1)), None);
        assert!(geometry(Rect::new(0, 0, w, h)).is_some());
    }

    #[test]
    fn the_lower_left_square_is_drawn_above_the_zero_labels() {
        let (w, h) = SPEC.framed_size();
        let geo = geometry(Rect::new(0, 0, w, h)).expect("fits");
        let origin = cell(&geo, Square::new(0, 0).expect("on board"));
        assert_eq!(
            origin.y + 2,
            geo.labels_y(),
            "row 0 sits just above the frame and labels"
        );
        let top = cell(&geo, Square::new(0, 4).expect("on board"));
        assert_eq!(top.y, geo.grid.y);
    }
}
