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
use ratatui::style::Style;

use super::rules::{Move, NineAlmonds, SIZE, Square};
use crate::ui::grid::{CellShape, Grid};
use crate::ui::theme::Theme;

/// Cells three columns wide, one row high, with frame lines between them.
pub const SHAPE: CellShape = CellShape {
    width: 3,
    height: 1,
    gap_x: 1,
    gap_y: 1,
};

/// Columns left of the frame: the row label and a space.
const LABEL_WIDTH: u16 = 2;

/// Where the board is: the cells, and where the axis labels go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Geometry {
    /// The cells, grid row 0 at the top (board row 4).
    pub grid: Grid,
    /// The column of the row labels (`4` … `0`, and the `X` of the axis row).
    pub labels_x: u16,
    /// The row of the column labels (`0` … `4`).
    pub labels_y: u16,
}

/// The board's outer size: the grid, its frame, the row labels left and the axis row below.
#[must_use]
pub fn board_size() -> (u16, u16) {
    let (w, h) = Grid::size_of(u16::from(SIZE), u16::from(SIZE), SHAPE);
    (w + 2 + LABEL_WIDTH, h + 2 + 1)
}

/// Lays the board out centred in `area`; `None` if it does not fit.
#[must_use]
pub fn geometry(area: Rect) -> Option<Geometry> {
    let (w, h) = board_size();
    if area.width < w || area.height < h {
        return None;
    }
    let left = area.x + (area.width - w) / 2;
    let top = area.y + (area.height - h) / 2;
    let inner = Rect::new(left + LABEL_WIDTH + 1, top + 1, w - LABEL_WIDTH - 2, h - 3);
    let grid = Grid::centered(inner, u16::from(SIZE), u16::from(SIZE), SHAPE)?;
    Some(Geometry {
        grid,
        labels_x: left,
        labels_y: grid.area().bottom() + 1,
    })
}

impl Geometry {
    /// The square under a terminal position (frame lines and labels hit nothing).
    #[must_use]
    pub fn square_at(&self, pos: Position) -> Option<Square> {
        let (col, row) = self.grid.hit(pos)?;
        Square::new(col as u8, SIZE - 1 - row as u8)
    }

    /// The screen rectangle of a square.
    #[must_use]
    pub fn cell(&self, square: Square) -> Rect {
        self.grid
            .cell(u16::from(square.x()), u16::from(SIZE - 1 - square.y()))
    }
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
    geo.grid.draw_lattice(buf, theme.border, theme.ascii);
    let almond = theme.glyph("●", "A");
    let landing = theme.glyph("○", "o");
    let (hint_from, hint_to) = match marks.hint {
        Some(Move::Jump { from, to }) => (Some(from), Some(to)),
        Some(Move::EndTurn) => (marks.active, None),
        None => (None, None),
    };
    for square in Square::all() {
        let rect = geo.cell(square);
        let (text, style): (String, Style) = if hint_from == Some(square) {
            (format!("<{almond}>"), theme.mark)
        } else if hint_to == Some(square) {
            ("<?>".into(), theme.mark)
        } else if position.has_almond(square) {
            if marks.active == Some(square) {
                (format!("[{almond}]"), theme.selected)
            } else {
                (format!(" {almond} "), theme.text)
            }
        } else if marks.landings.contains(&square) {
            (format!(" {landing} "), theme.mark)
        } else {
            ("   ".into(), theme.text)
        };
        let style = if marks.cursor == Some(square) {
            style.patch(theme.cursor)
        } else if marks.hover == Some(square) {
            style.patch(theme.hover)
        } else {
            style
        };
        buf.set_string(rect.x, rect.y, text, style);
        if square.x() == 0 {
            buf.set_string(geo.labels_x, rect.y, square.y().to_string(), theme.dim);
        }
        if square.y() == 0 {
            buf.set_string(rect.x + 1, geo.labels_y, square.x().to_string(), theme.dim);
        }
    }
    buf.set_string(geo.labels_x, geo.labels_y, "X", theme.dim);
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn every_drawn_cell_hit_tests_back_to_its_square(
            x in 0u16..50, y in 0u16..30, extra_w in 0u16..60, extra_h in 0u16..30
        ) {
            let (w, h) = board_size();
            let geo = geometry(Rect::new(x, y, w + extra_w, h + extra_h)).expect("fits");
            for square in Square::all() {
                let cell = geo.cell(square);
                for dx in 0..cell.width {
                    prop_assert_eq!(geo.square_at(Position::new(cell.x + dx, cell.y)), Some(square));
                }
                prop_assert_eq!(geo.square_at(Position::new(cell.x + cell.width, cell.y)), None);
                prop_assert_eq!(geo.square_at(Position::new(cell.x, cell.y + 1)), None);
            }
            prop_assert!(geo.labels_x >= x && geo.labels_y < y + h + extra_h);
        }
    }

    #[test]
    fn hit_testing_finds_every_square_at_its_drawn_cell() {
        let (w, h) = board_size();
        let area = Rect::new(3, 2, w + 7, h + 4);
        let geo = geometry(area).expect("fits");
        for square in Square::all() {
            let cell = geo.cell(square);
            for dx in 0..cell.width {
                let pos = Position::new(cell.x + dx, cell.y);
                assert_eq!(geo.square_at(pos), Some(square));
            }
            // The frame line right of a cell belongs to no square.
            assert_eq!(
                geo.square_at(Position::new(cell.x + cell.width, cell.y)),
                None
            );
        }
        // Labels are not squares.
        assert_eq!(geo.square_at(Position::new(geo.labels_x, geo.grid.y)), None);
        assert_eq!(geometry(Rect::new(0, 0, w - 1, h)), None);
        assert_eq!(geometry(Rect::new(0, 0, w, h - 1)), None);
        assert!(geometry(Rect::new(0, 0, w, h)).is_some());
    }

    #[test]
    fn the_lower_left_square_is_drawn_above_the_zero_labels() {
        let (w, h) = board_size();
        let area = Rect::new(0, 0, w, h);
        let geo = geometry(area).expect("fits");
        let origin = geo.cell(Square::new(0, 0).expect("on board"));
        assert_eq!(
            origin.y + 2,
            geo.labels_y,
            "row 0 sits just above the frame and labels"
        );
        let top = geo.cell(Square::new(0, 4).expect("on board"));
        assert_eq!(top.y, geo.grid.y);
    }
}
