//! Board geometry: one pure function from an area to cell rectangles, used both to draw a
//! board and to hit-test mouse clicks, so the two can never disagree.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;

/// A rectangular board of equal cells laid out in an area, row 0 at the top.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Grid {
    /// The top-left corner of cell (0, 0).
    pub x: u16,
    /// The top-left corner of cell (0, 0).
    pub y: u16,
    /// Number of columns.
    pub cols: u16,
    /// Number of rows.
    pub rows: u16,
    /// Width of one cell in terminal columns (without the gap).
    pub cell_width: u16,
    /// Height of one cell in terminal rows (without the gap).
    pub cell_height: u16,
    /// Blank columns between neighbouring cells (a frame line in most boards).
    pub gap_x: u16,
    /// Blank rows between neighbouring cells.
    pub gap_y: u16,
}

/// The cell size and spacing a board asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellShape {
    /// Width of one cell.
    pub width: u16,
    /// Height of one cell.
    pub height: u16,
    /// Columns between cells.
    pub gap_x: u16,
    /// Rows between cells.
    pub gap_y: u16,
}

impl Grid {
    /// Centres a `cols`×`rows` board of `shape` cells in `area`, or `None` if it does not fit.
    #[must_use]
    pub fn centered(area: Rect, cols: u16, rows: u16, shape: CellShape) -> Option<Self> {
        let (width, height) = Self::size_of(cols, rows, shape);
        if width > area.width || height > area.height || cols == 0 || rows == 0 {
            return None;
        }
        Some(Self {
            x: area.x + (area.width - width) / 2,
            y: area.y + (area.height - height) / 2,
            cols,
            rows,
            cell_width: shape.width,
            cell_height: shape.height,
            gap_x: shape.gap_x,
            gap_y: shape.gap_y,
        })
    }

    /// The outer size of a board: cells plus the gaps between them.
    #[must_use]
    pub fn size_of(cols: u16, rows: u16, shape: CellShape) -> (u16, u16) {
        let width = cols
            .saturating_mul(shape.width)
            .saturating_add(cols.saturating_sub(1).saturating_mul(shape.gap_x));
        let height = rows
            .saturating_mul(shape.height)
            .saturating_add(rows.saturating_sub(1).saturating_mul(shape.gap_y));
        (width, height)
    }

    /// The rectangle of the cell at column `col`, row `row` (0 at the top).
    #[must_use]
    pub fn cell(&self, col: u16, row: u16) -> Rect {
        Rect {
            x: self.x + col * (self.cell_width + self.gap_x),
            y: self.y + row * (self.cell_height + self.gap_y),
            width: self.cell_width,
            height: self.cell_height,
        }
    }

    /// The whole board's rectangle.
    #[must_use]
    pub fn area(&self) -> Rect {
        let shape = CellShape {
            width: self.cell_width,
            height: self.cell_height,
            gap_x: self.gap_x,
            gap_y: self.gap_y,
        };
        let (width, height) = Self::size_of(self.cols, self.rows, shape);
        Rect {
            x: self.x,
            y: self.y,
            width,
            height,
        }
    }

    /// The cell under a terminal position, if any (gaps between cells hit nothing).
    #[must_use]
    pub fn hit(&self, pos: Position) -> Option<(u16, u16)> {
        if pos.x < self.x || pos.y < self.y {
            return None;
        }
        let (dx, dy) = (pos.x - self.x, pos.y - self.y);
        let (step_x, step_y) = (self.cell_width + self.gap_x, self.cell_height + self.gap_y);
        let (col, row) = (dx / step_x, dy / step_y);
        if col >= self.cols
            || row >= self.rows
            || dx % step_x >= self.cell_width
            || dy % step_y >= self.cell_height
        {
            return None;
        }
        Some((col, row))
    }

    /// Draws frame lines in the one-cell gaps between cells and around the board (boards that
    /// look like a lattice: Connect Four, Reversi, Checkers…). The board's area must leave one
    /// cell free on every side.
    pub fn draw_lattice(&self, buf: &mut Buffer, style: Style, ascii: bool) {
        let grid = self;
        let area = grid.area();
        let (left, top) = (area.x - 1, area.y - 1);
        let (right, bottom) = (area.right(), area.bottom());
        let (h, v, cross) = if ascii {
            ("-", "|", "+")
        } else {
            ("─", "│", "┼")
        };
        for y in top..=bottom {
            for x in left..=right {
                let on_v = x == left
                    || x == right
                    || (x > left
                        && (x - area.x) % (grid.cell_width + grid.gap_x) == grid.cell_width);
                let on_h = y == top
                    || y == bottom
                    || (y > top
                        && (y - area.y) % (grid.cell_height + grid.gap_y) == grid.cell_height);
                let symbol = match (on_h, on_v) {
                    (true, true) => {
                        if ascii {
                            cross
                        } else {
                            corner([x == left, x == right, y == top, y == bottom])
                        }
                    }
                    (true, false) => h,
                    (false, true) => v,
                    (false, false) => continue,
                };
                if let Some(cell) = buf.cell_mut((x, y)) {
                    cell.set_symbol(symbol).set_style(style);
                }
            }
        }
    }

    #[cfg(test)]
    /// The column under a terminal position, anywhere from the top to the bottom of the board
    /// (Connect Four drops by column; a click in a gap row still names the column).
    #[must_use]
    pub fn hit_column(&self, pos: Position) -> Option<u16> {
        let area = self.area();
        if pos.y < area.y || pos.y >= area.bottom() {
            return None;
        }
        self.hit(Position {
            x: pos.x,
            y: self.y,
        })
        .map(|(col, _)| col)
    }
}

/// Fills `cell` with `style` and writes `text` centred in it on its middle row: a text cell
/// (a letter, a number between marks) that looks the same in a one-row cell and in the big
/// cells of a large board, with a cursor or a highlight covering the whole cell.
pub fn put_centred(buf: &mut Buffer, cell: Rect, text: &str, style: Style) {
    buf.set_style(cell, style);
    for y in cell.y..cell.bottom() {
        for x in cell.x..cell.right() {
            if let Some(c) = buf.cell_mut((x, y)) {
                c.set_symbol(" ");
            }
        }
    }
    let w = crate::core::text::width(text) as u16;
    let x = cell.x + cell.width.saturating_sub(w) / 2;
    buf.set_string(x, cell.y + cell.height.saturating_sub(1) / 2, text, style);
}

/// The box-drawing junction for a lattice crossing on the [left, right, top, bottom] edges.
fn corner(edges: [bool; 4]) -> &'static str {
    match edges {
        [true, _, true, _] => "┌",
        [_, true, true, _] => "┐",
        [true, _, _, true] => "└",
        [_, true, _, true] => "┘",
        [true, ..] => "├",
        [_, true, ..] => "┤",
        [_, _, true, _] => "┬",
        [_, _, _, true] => "┴",
        _ => "┼",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn every_drawn_cell_hit_tests_back_to_itself(
            cols in 1u16..12, rows in 1u16..12, width in 1u16..6, height in 1u16..4,
            gap_x in 0u16..3, gap_y in 0u16..2, ax in 0u16..30, ay in 0u16..30,
            extra_w in 0u16..40, extra_h in 0u16..20,
        ) {
            let shape = CellShape { width, height, gap_x, gap_y };
            let (w, h) = Grid::size_of(cols, rows, shape);
            let area = Rect::new(ax, ay, w + extra_w, h + extra_h);
            let grid = Grid::centered(area, cols, rows, shape).expect("fits by construction");
            prop_assert!(area.contains(Position::new(grid.area().x, grid.area().y)));
            for col in 0..cols {
                for row in 0..rows {
                    let cell = grid.cell(col, row);
                    for x in cell.x..cell.right() {
                        for y in cell.y..cell.bottom() {
                            prop_assert_eq!(grid.hit(Position::new(x, y)), Some((col, row)));
                            prop_assert_eq!(grid.hit_column(Position::new(x, y)), Some(col));
                        }
                    }
                }
            }
            // Positions outside the board hit nothing.
            let outer = grid.area();
            prop_assert_eq!(grid.hit(Position::new(outer.right(), outer.y)), None);
            prop_assert_eq!(grid.hit(Position::new(outer.x, outer.bottom())), None);
        }
    }

    #[test]
    fn too_small_areas_do_not_fit() {
        let shape = CellShape {
            width: 3,
            height: 1,
            gap_x: 1,
            gap_y: 1,
        };
        assert_eq!(Grid::centered(Rect::new(0, 0, 10, 10), 7, 6, shape), None);
        assert!(Grid::centered(Rect::new(0, 0, 27, 11), 7, 6, shape).is_some());
    }
}
