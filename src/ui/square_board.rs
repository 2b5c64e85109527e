//! The labelled square board every grid game draws: a frame of cells with row labels on the
//! left, column labels underneath and a few lines of the game's own above and below, laid out
//! in the largest size tier the area allows. One function ([`BoardGeometry::fit`]) decides every
//! rectangle, and both drawing and mouse hit-testing read it, so a click always lands on the
//! square that is drawn there, whatever the tier.
//!
//! The tiers, largest first:
//! - **large**: taller and wider cells (up to 13×6) with inner frame lines, pieces drawn as
//!   blocks of their glyph (or, on a board painted in its colours, as round discs), so a big
//!   terminal shows a big board;
//! - **framed**: three-column cells with frame lines between all cells (the classic look);
//! - **ruled**: frame lines between columns only (one row per board row);
//! - **compact**: no inner lines at all, just the outer frame.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::style::Style;

use super::grid::{CellShape, Grid};
use super::theme::Theme;
use crate::core::text::width;

/// What a board needs around its cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardSpec {
    /// Number of columns.
    pub cols: u16,
    /// Number of rows.
    pub rows: u16,
    /// Width of the row labels left of the frame (0: no row labels). A space separates them
    /// from the frame.
    pub row_labels: u16,
    /// Whether a row of column labels goes under the frame.
    pub col_labels: bool,
    /// Lines of the game's own above the frame (disc counts, a drop indicator).
    pub above: u16,
    /// Lines of the game's own below the column labels (notes).
    pub below: u16,
}

/// The size tier a board is drawn in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tier {
    /// No inner frame lines.
    Compact,
    /// Frame lines between columns only.
    Ruled,
    /// Frame lines between all cells, three-column cells.
    Framed,
    /// Frame lines between all cells, cells larger than three columns.
    Large,
}

/// The cell shapes tried, largest first, with the tier each belongs to.
const SHAPES: [(Tier, CellShape); 9] = [
    (Tier::Large, shape(13, 6, 1, 1)),
    (Tier::Large, shape(11, 5, 1, 1)),
    (Tier::Large, shape(9, 4, 1, 1)),
    (Tier::Large, shape(7, 3, 1, 1)),
    (Tier::Large, shape(5, 2, 1, 1)),
    (Tier::Framed, shape(3, 1, 1, 1)),
    (Tier::Ruled, shape(3, 1, 1, 0)),
    (Tier::Compact, shape(3, 1, 0, 0)),
    (Tier::Compact, shape(2, 1, 0, 0)),
];

const fn shape(width: u16, height: u16, gap_x: u16, gap_y: u16) -> CellShape {
    CellShape {
        width,
        height,
        gap_x,
        gap_y,
    }
}

/// Where each part of a board is in a given area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardGeometry {
    /// The cells; grid row 0 is the top row on screen.
    pub grid: Grid,
    /// The tier chosen.
    pub tier: Tier,
    /// The whole board: lines above, labels, frame, lines below.
    pub outer: Rect,
    spec: BoardSpec,
}

impl BoardSpec {
    /// A board of `cols`×`rows` squares with row labels `row_labels` wide (0: none), column
    /// labels or not, and `above`/`below` lines of the game's own: one line per game's view.
    #[must_use]
    pub const fn new(
        (cols, rows): (u16, u16),
        row_labels: u16,
        col_labels: bool,
        (above, below): (u16, u16),
    ) -> Self {
        Self {
            cols,
            rows,
            row_labels,
            col_labels,
            above,
            below,
        }
    }

    /// The outer size of the board in one cell shape.
    #[must_use]
    pub fn size_in(&self, shape: CellShape) -> (u16, u16) {
        let (w, h) = Grid::size_of(self.cols, self.rows, shape);
        let labels = if self.row_labels > 0 {
            self.row_labels + 1
        } else {
            0
        };
        (
            w + 2 + labels,
            h + 2 + u16::from(self.col_labels) + self.above + self.below,
        )
    }

    /// The smallest area the board can be drawn in (its smallest tier).
    #[must_use]
    pub fn min_size(&self) -> (u16, u16) {
        self.size_in(SHAPES[SHAPES.len() - 1].1)
    }

    /// The size of the classic framed tier: the screen prefers a layout where this fits.
    #[must_use]
    pub fn framed_size(&self) -> (u16, u16) {
        self.size_in(shape(3, 1, 1, 1))
    }
}

impl BoardGeometry {
    /// Lays `spec` out centred in `area` in the largest tier that fits; `None` when even the
    /// compact tier does not.
    #[must_use]
    pub fn fit(spec: BoardSpec, area: Rect) -> Option<Self> {
        SHAPES
            .iter()
            .find_map(|&(tier, shape)| Self::with_shape(spec, area, tier, shape))
    }

    fn with_shape(spec: BoardSpec, area: Rect, tier: Tier, shape: CellShape) -> Option<Self> {
        let (w, h) = spec.size_in(shape);
        if w > area.width || h > area.height || spec.cols == 0 || spec.rows == 0 {
            return None;
        }
        let outer = Rect::new(
            area.x + (area.width - w) / 2,
            area.y + (area.height - h) / 2,
            w,
            h,
        );
        let labels = if spec.row_labels > 0 {
            spec.row_labels + 1
        } else {
            0
        };
        let grid = Grid {
            x: outer.x + labels + 1,
            y: outer.y + spec.above + 1,
            cols: spec.cols,
            rows: spec.rows,
            cell_width: shape.width,
            cell_height: shape.height,
            gap_x: shape.gap_x,
            gap_y: shape.gap_y,
        };
        Some(Self {
            grid,
            tier,
            outer,
            spec,
        })
    }

    /// The screen row of the game's own line `i` above the frame.
    #[must_use]
    pub fn above_y(&self, i: u16) -> u16 {
        self.outer.y + i
    }

    /// The screen row of the game's own line `i` below the column labels.
    #[must_use]
    pub fn below_y(&self, i: u16) -> u16 {
        self.frame().bottom() + u16::from(self.spec.col_labels) + i
    }

    /// The screen row of the column labels.
    #[must_use]
    pub fn labels_y(&self) -> u16 {
        self.frame().bottom()
    }

    /// The frame around the cells.
    #[must_use]
    pub fn frame(&self) -> Rect {
        let cells = self.grid.area();
        Rect::new(cells.x - 1, cells.y - 1, cells.width + 2, cells.height + 2)
    }

    /// The rectangle of the cell at board column `x`, row `y` counted from the bottom (as the
    /// games number their squares).
    #[must_use]
    pub fn cell(&self, x: u16, y: u16) -> Rect {
        self.grid.cell(x, self.spec.rows - 1 - y)
    }

    /// The board square `(x, y)`, `y` from the bottom, under a terminal position; frame lines
    /// and labels hit nothing.
    #[must_use]
    pub fn square_at(&self, pos: Position) -> Option<(u16, u16)> {
        let (col, row) = self.grid.hit(pos)?;
        Some((col, self.spec.rows - 1 - row))
    }

    /// The column under a terminal position anywhere from the first line above the frame to
    /// the column labels; a click on the frame line right of a column counts for that column,
    /// so no click between two columns is lost.
    #[must_use]
    pub fn column_at(&self, pos: Position) -> Option<u16> {
        if pos.y < self.outer.y || pos.y > self.labels_y() || pos.x < self.grid.x {
            return None;
        }
        let step = self.grid.cell_width + self.grid.gap_x;
        let col = (pos.x - self.grid.x) / step;
        (col < self.spec.cols).then_some(col)
    }

    /// Draws the frame (with inner lines as the tier has them) and the labels: `row_label(y)`
    /// for board row `y` (from the bottom), `col_label(x)` for column `x`, in `label_style(x)`.
    pub fn draw_frame(
        &self,
        buf: &mut Buffer,
        theme: &Theme,
        row_label: impl Fn(u16) -> String,
        col_label: impl Fn(u16) -> (String, Style),
    ) {
        self.draw_frame_in(buf, theme, theme.border, row_label, col_label);
    }

    /// [`BoardGeometry::draw_frame`] with the frame and its lines in `lattice` (a board's own
    /// colours: Reversi's felt, Connect Four's blue frame).
    pub fn draw_frame_in(
        &self,
        buf: &mut Buffer,
        theme: &Theme,
        lattice: Style,
        row_label: impl Fn(u16) -> String,
        col_label: impl Fn(u16) -> (String, Style),
    ) {
        self.grid.draw_lattice(buf, lattice, theme.ascii);
        if self.spec.row_labels > 0 {
            for y in 0..self.spec.rows {
                let rect = self.cell(0, y);
                let label = row_label(y);
                let x = self.outer.x + self.spec.row_labels.saturating_sub(width(&label) as u16);
                buf.set_string(x, rect.y + (rect.height - 1) / 2, label, theme.dim);
            }
        }
        if self.spec.col_labels {
            for x in 0..self.spec.cols {
                let (label, style) = col_label(x);
                self.put_centred(buf, self.cell(x, 0), self.labels_y(), &label, style);
            }
        }
    }

    /// Writes `text` centred under (or over) a cell's columns on screen row `y`.
    pub fn put_centred(&self, buf: &mut Buffer, cell: Rect, y: u16, text: &str, style: Style) {
        let w = width(text) as u16;
        let x = cell.x + cell.width.saturating_sub(w) / 2;
        buf.set_string(x, y, text, style);
    }

    /// Fills a cell with `style` (so a cursor or a highlight covers all of it) and draws its
    /// content: a piece `glyph` between two mark characters (`[●]`, `(○)`, ` ● `). In the large
    /// tier the glyph grows into a block that keeps its shape, so sides stay apart without
    /// colour; when the style has both colours (a painted board), the piece is drawn as a real
    /// disc in its colour on the square's instead ([`BoardGeometry::draw_disc`]).
    pub fn draw_cell(&self, buf: &mut Buffer, cell: Rect, content: CellText<'_>, style: Style) {
        draw_cell(buf, cell, content, style, self.tier == Tier::Large);
    }
}

/// Fills `cell` with `style` and draws `content` in it, as [`BoardGeometry::draw_cell`] does:
/// with `large`, a piece grows into a block (or a disc, on a painted board) when the cell is at
/// least five columns wide. Boards with a geometry of their own (Pentago's quadrants) draw
/// their cells with it, so every board's big pieces look alike.
pub fn draw_cell(buf: &mut Buffer, cell: Rect, content: CellText<'_>, style: Style, large: bool) {
    buf.set_style(cell, style);
    for y in cell.y..cell.bottom() {
        for x in cell.x..cell.right() {
            if let Some(c) = buf.cell_mut((x, y)) {
                c.set_symbol(" ");
            }
        }
    }
    let (left, glyph, right, piece) = match content {
        CellText::Piece { left, glyph, right } => (left, glyph, right, true),
        CellText::Mark { left, glyph, right } => (left, glyph, right, false),
        CellText::Fill(glyph) => {
            for y in cell.y..cell.bottom() {
                buf.set_string(cell.x, y, glyph.repeat(usize::from(cell.width)), style);
            }
            return;
        }
    };
    if cell.width < 3 {
        // Two-column cells: the glyph and its mark on the right ("●]"), or the left mark
        // when there is no right one.
        let mark = if right == " " { left } else { right };
        buf.set_string(cell.x, cell.y, format!("{glyph}{mark}"), style);
        return;
    }
    let grow = piece && large && cell.width >= 5;
    if grow && style.fg.is_some() && style.bg.is_some() {
        BoardGeometry::draw_disc(buf, cell, (left, glyph, right), style);
        return;
    }
    let block_w = if grow {
        // An odd width two columns narrower than the cell, at most 5.
        ((cell.width - 2) | 1).min(5).min(cell.width - 2)
    } else {
        1
    };
    let block_h = if grow {
        cell.height.saturating_sub(2).max(1)
    } else {
        1
    };
    let top = cell.y + (cell.height - block_h) / 2;
    let x = cell.x + (cell.width - block_w) / 2;
    for row in 0..block_h {
        buf.set_string(x, top + row, glyph.repeat(usize::from(block_w)), style);
        if x > cell.x {
            buf.set_string(x - 1, top + row, left, style);
        }
        if x + block_w < cell.right() {
            buf.set_string(x + block_w, top + row, right, style);
        }
    }
}

impl BoardGeometry {
    /// A piece drawn as a disc of its colour (`style`'s foreground) on the square's (its
    /// background), made of quarter blocks (two by two to a cell) filling an ellipse as wide as
    /// the cell less a column either side and as tall as the cell: a cell is about twice as
    /// tall as wide, so the disc looks round. The free columns take the marks (`[`, `]`) on the
    /// middle row. A glyph other than the filled disc `●` (a hollow `○`, a king's crown) is
    /// drawn in the disc's centre in the square's colour, so the pieces differ in shape too. Under reverse video (the cursor) the whole cell inverts,
    /// so the disc still shows.
    fn draw_disc(
        buf: &mut Buffer,
        cell: Rect,
        (left, glyph, right): (&str, &str, &str),
        style: Style,
    ) {
        /// Quarter blocks by the quarters filled: 1 upper left, 2 upper right, 4 lower left,
        /// 8 lower right.
        const QUARTERS: [&str; 16] = [
            " ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█",
        ];
        let (Some(piece), Some(square)) = (style.fg, style.bg) else {
            return;
        };
        // In column widths: a row is two units tall.
        let rx = (f32::from(cell.width) - 2.0) / 2.0;
        let ry = f32::from(cell.height);
        let (cx, cy) = (f32::from(cell.width) / 2.0, ry);
        for row in 0..cell.height {
            for col in 0..cell.width {
                let mut quarters = 0;
                for (bit, (qx, qy)) in [(0.25, 0.5), (0.75, 0.5), (0.25, 1.5), (0.75, 1.5)]
                    .into_iter()
                    .enumerate()
                {
                    let dx = (f32::from(col) + qx - cx) / rx;
                    let dy = (f32::from(row) * 2.0 + qy - cy) / ry;
                    if dx * dx + dy * dy <= 0.9 {
                        quarters |= 1 << bit;
                    }
                }
                if quarters == 0 {
                    continue;
                }
                if let Some(c) = buf.cell_mut((cell.x + col, cell.y + row)) {
                    c.set_symbol(QUARTERS[quarters]).set_style(style);
                }
            }
        }
        let middle = cell.y + (cell.height - 1) / 2;
        buf.set_string(cell.x, middle, left, style);
        buf.set_string(cell.right() - 1, middle, right, style);
        if glyph != "●" {
            let x = cell.x + cell.width / 2;
            buf.set_string(x, middle, glyph, style.fg(square).bg(piece));
        }
    }
}

/// What a cell shows: a piece (grown into a block in the large tier) or a marker (always one
/// glyph: a hint `<?>`, a legal-move dot), each between two mark characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellText<'a> {
    /// A piece on the square.
    Piece {
        /// The mark left of it (`[` for the last move, a space for none).
        left: &'a str,
        /// The piece's glyph.
        glyph: &'a str,
        /// The mark right of it.
        right: &'a str,
    },
    /// A marker on an empty square, or nothing (three spaces).
    Mark {
        /// The mark left of it.
        left: &'a str,
        /// The marker's glyph.
        glyph: &'a str,
        /// The mark right of it.
        right: &'a str,
    },
    /// A glyph repeated over the whole cell (shading of unplayable squares).
    Fill(&'a str),
}

impl<'a> CellText<'a> {
    /// An empty square.
    pub const EMPTY: Self = Self::Mark {
        left: " ",
        glyph: " ",
        right: " ",
    };

    /// A piece with no marks.
    #[must_use]
    pub fn piece(glyph: &'a str) -> Self {
        Self::Piece {
            left: " ",
            glyph,
            right: " ",
        }
    }

    /// A piece between two marks.
    #[must_use]
    pub fn marked(left: &'a str, glyph: &'a str, right: &'a str) -> Self {
        Self::Piece { left, glyph, right }
    }

    /// A marker glyph alone.
    #[must_use]
    pub fn marker(glyph: &'a str) -> Self {
        Self::Mark {
            left: " ",
            glyph,
            right: " ",
        }
    }

    /// The hint marker `<?>`.
    pub const HINT: Self = Self::Mark {
        left: "<",
        glyph: "?",
        right: ">",
    };
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    const SPEC: BoardSpec = BoardSpec {
        cols: 8,
        rows: 8,
        row_labels: 1,
        col_labels: true,
        above: 1,
        below: 1,
    };

    proptest! {
        /// Drawing and hit-testing share one geometry in every tier: each square's whole cell
        /// hit-tests back to that square, and the frame beside it to nothing.
        #[test]
        fn every_cell_hit_tests_back_to_its_square_in_every_tier(
            w in 20u16..140, h in 10u16..70, x in 0u16..20, y in 0u16..20,
        ) {
            let Some(geo) = BoardGeometry::fit(SPEC, Rect::new(x, y, w, h)) else {
                let (mw, mh) = SPEC.min_size();
                prop_assert!(w < mw || h < mh);
                return Ok(());
            };
            prop_assert!(Rect::new(x, y, w, h).contains(Position::new(geo.outer.x, geo.outer.y)));
            prop_assert!(geo.outer.right() <= x + w && geo.outer.bottom() <= y + h);
            for sy in 0..8 {
                for sx in 0..8 {
                    let cell = geo.cell(sx, sy);
                    for px in cell.x..cell.right() {
                        for py in cell.y..cell.bottom() {
                            prop_assert_eq!(geo.square_at(Position::new(px, py)), Some((sx, sy)));
                            prop_assert_eq!(geo.column_at(Position::new(px, py)), Some(sx));
                        }
                    }
                }
            }
            let frame = geo.frame();
            prop_assert_eq!(geo.square_at(Position::new(frame.x, frame.y + 1)), None);
            prop_assert_eq!(geo.square_at(Position::new(frame.right() - 1, frame.y + 1)), None);
        }
    }

    #[test]
    fn the_tier_follows_the_space() {
        let fit = |w, h| BoardGeometry::fit(SPEC, Rect::new(0, 0, w, h)).map(|g| g.tier);
        assert_eq!(fit(200, 57), Some(Tier::Large));
        assert_eq!(fit(50, 21), Some(Tier::Framed));
        assert_eq!(fit(50, 13), Some(Tier::Ruled));
        assert_eq!(fit(29, 13), Some(Tier::Compact));
        assert_eq!(fit(20, 13), Some(Tier::Compact));
        assert_eq!(fit(19, 13), None);
        let small = BoardGeometry::fit(SPEC, Rect::new(0, 0, 100, 29)).map(|g| g.outer.width);
        let big = BoardGeometry::fit(SPEC, Rect::new(0, 0, 172, 57)).map(|g| g.outer.width);
        assert!(
            big.unwrap_or(0) * 2 >= small.unwrap_or(0) * 3,
            "{big:?} vs {small:?}"
        );
    }

    #[test]
    fn a_large_piece_is_a_block_of_its_glyph() {
        let mut buf = Buffer::empty(Rect::new(0, 0, 120, 60));
        let geo = BoardGeometry::fit(SPEC, buf.area).expect("fits");
        assert_eq!(geo.tier, Tier::Large);
        let cell = geo.cell(0, 0);
        geo.draw_cell(
            &mut buf,
            cell,
            CellText::marked("[", "●", "]"),
            Style::new(),
        );
        let middle = cell.y + cell.height / 2;
        let row: String = (cell.x..cell.right())
            .map(|x| buf[(x, middle)].symbol().to_string())
            .collect();
        assert!(row.contains("[●●●") && row.contains("●]"), "{row:?}");
    }

    #[test]
    fn a_painted_large_piece_is_a_round_disc_with_its_marks() {
        use ratatui::style::Color;
        let mut buf = Buffer::empty(Rect::new(0, 0, 120, 60));
        let geo = BoardGeometry::fit(SPEC, buf.area).expect("fits");
        let cell = geo.cell(0, 0);
        assert_eq!((cell.width, cell.height), (13, 6));
        let style = Style::new().fg(Color::Black).bg(Color::Green);
        geo.draw_cell(&mut buf, cell, CellText::marked("[", "●", "]"), style);
        let rows: Vec<String> = (cell.y..cell.bottom())
            .map(|y| {
                (cell.x..cell.right())
                    .map(|x| buf[(x, y)].symbol())
                    .collect()
            })
            .collect();
        // Round: narrower at the top and bottom than across the middle.
        let filled = |row: &str| row.chars().filter(|c| *c == '█').count();
        assert!(filled(&rows[0]) < filled(&rows[2]), "{rows:#?}");
        assert!(filled(&rows[5]) < filled(&rows[3]), "{rows:#?}");
        assert!(
            rows[2].starts_with('[') && rows[2].ends_with(']'),
            "{rows:#?}"
        );
        for y in cell.y..cell.bottom() {
            for x in cell.x..cell.right() {
                assert_eq!(
                    buf[(x, y)].bg,
                    Color::Green,
                    "the square's colour behind it all"
                );
            }
        }
        // A king keeps its crown, in the square's colour on the disc.
        geo.draw_cell(&mut buf, cell, CellText::piece("♚"), style);
        let centre = &buf[(cell.x + cell.width / 2, cell.y + 2)];
        assert_eq!(
            (centre.symbol(), centre.fg, centre.bg),
            ("♚", Color::Green, Color::Black)
        );
    }
}
